"""Shared helpers for the benchmarks: seeded deals, best-of-rounds timing, table printing."""

from __future__ import annotations

import gc
import random
import time
from collections.abc import Callable, Sequence
from typing import Any, TypeAlias

from tutor.engine import DECK, Card

#: What every benchmark module's ``run()`` returns: table rows (the first row is the header)
#: and the numbers for ``--json`` (speed ratios are "their time / our time"; a few
#: benchmarks add a list of strings, e.g. the soak's source lines that grew most).
BenchResult: TypeAlias = tuple[list[list[str]], dict[str, Any]]

SEED = 20261129


def seeded_hands(count: int, size: int = 7, seed: int = SEED) -> list[list[Card]]:
    """``count`` hands of ``size`` distinct cards from a seeded shuffle (the same every run).

    >>> [c.text for c in seeded_hands(1, 3, seed=1)[0]]
    ['4c', 'Jc', 'As']
    >>> seeded_hands(1, 53)
    Traceback (most recent call last):
    ...
    ValueError: a hand of 53 cards does not fit in a 52-card deck: ask for 1 to 52.
    """
    if not 1 <= size <= 52:
        raise ValueError(
            f"a hand of {size!r} cards does not fit in a 52-card deck: ask for 1 to 52."
        )
    rng = random.Random(seed)
    return [rng.sample(DECK, size) for _ in range(count)]


def time_per_item(work: Callable[[], object], items: int) -> float:
    """Seconds per item for one call of ``work`` (which handles ``items`` items), GC off."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        start = time.perf_counter()
        work()
        elapsed = time.perf_counter() - start
    finally:
        if enabled:
            gc.enable()
    return elapsed / items


def best_of(
    contenders: dict[str, Callable[[], object]], items: int, rounds: int
) -> dict[str, float]:
    """Best seconds per item for each contender, timed side by side, round after round.

    Each round runs every contender once, in turn, so a slow spell on the machine hits all
    of them; the best (smallest) round of each is kept.
    """
    best = {name: float("inf") for name in contenders}
    for _ in range(rounds):
        for name, work in contenders.items():
            best[name] = min(best[name], time_per_item(work, items))
    return best


def fmt_time(seconds: float) -> str:
    """A time per item in the unit that reads best.

    >>> fmt_time(0.00000093), fmt_time(0.00027), fmt_time(0.0123)
    ('0.93 µs', '270.0 µs', '12.30 ms')
    """
    if seconds < 1e-5:
        return f"{seconds * 1e6:.2f} µs"
    if seconds < 1e-3:
        return f"{seconds * 1e6:.1f} µs"
    return f"{seconds * 1e3:.2f} ms"


def fmt_ratio(ratio: float) -> str:
    """``'287x'`` for a speed ratio; ``'-'`` for the row of our own code.

    >>> fmt_ratio(287.4), fmt_ratio(5.25), fmt_ratio(0)
    ('287x', '5.2x', '-')
    """
    if ratio <= 0:
        return "-"
    return f"{ratio:.0f}x" if ratio >= 20 else f"{ratio:.1f}x"


def render(rows: Sequence[Sequence[str]]) -> str:
    """A plain-text table: the first row is the header, columns padded to fit.

    >>> print(render([["a", "bb"], ["ccc", "d"]]))
    a    bb
    ---  --
    ccc  d
    """
    widths = [max(len(str(row[i])) for row in rows) for i in range(len(rows[0]))]
    lines = [
        "  ".join(
            str(cell).ljust(w) for cell, w in zip(row, widths, strict=True)
        ).rstrip()
        for row in rows
    ]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)
