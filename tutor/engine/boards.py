"""Plain words for what the table shows: boards, antes, and explanations written when read."""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal

from tutor.engine.cards import RANK_NAMES, RANK_PLURALS, Card
from tutor.engine.hands import a5_key
from tutor.engine.values import ZERO, fmt


def board_key(cards: list[Card]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Rank the cards showing: quads > full house > trips > two pair > pair > high card.

    Straights and flushes count for nothing (act.later). Returns (group sizes, ranks)."""
    counts: dict[int, int] = {}
    for c in cards:
        counts[c.rank] = counts.get(c.rank, 0) + 1
    groups = sorted(counts.items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
    return tuple(n for _, n in groups), tuple(r for r, _ in groups)


def describe_board(cards: list[Card]) -> str:
    """Plain words for a board: ``a pair of sevens``, ``king high``."""
    if not cards:
        return "nothing"
    sizes, ranks = board_key(cards)
    if sizes[0] == 4:
        return f"four {RANK_PLURALS[ranks[0]]}"
    if sizes[0] == 3 and len(sizes) > 1 and sizes[1] == 2:
        return f"{RANK_PLURALS[ranks[0]]} full of {RANK_PLURALS[ranks[1]]}"
    if sizes[0] == 3:
        return f"three {RANK_PLURALS[ranks[0]]}"
    if sizes[0] == 2 and len(sizes) > 1 and sizes[1] == 2:
        return f"two pair, {RANK_PLURALS[ranks[0]]} and {RANK_PLURALS[ranks[1]]}"
    if sizes[0] == 2:
        return f"a pair of {RANK_PLURALS[ranks[0]]}"
    return f"{RANK_NAMES[ranks[0]]} high"


def ante_text(ante: Decimal, paid: list[tuple[str, Decimal]]) -> str:
    """Why the antes make the pot they do: every player posts the ante, or all they have (ante.post)."""
    n = len(paid)
    total = sum((a for _, a in paid), ZERO)
    short = [(name, a) for name, a in paid if a < ante]
    if not short:
        return (
            f"Each of the {n} players dealt in posts the {fmt(ante)} ante before the cards are "
            f"dealt: {n} x {fmt(ante)} = {fmt(total)}. The ante is dead money and counts toward no bet."
        )
    full = n - len(short)
    parts = ([f"{full} x {fmt(ante)}"] if full else []) + [fmt(a) for _, a in short]
    who = "; ".join(
        f"{name} has only {fmt(a)} and posts all of it, so is dealt in all in"
        for name, a in short
    )
    return (
        f"Every player dealt in posts the {fmt(ante)} ante before the deal, or all they have: {who}. "
        f"The antes really posted make {' + '.join(parts)} = {fmt(total)}. "
        "The ante is dead money and counts toward no bet."
    )


def describe_low_board(cards: list[Card]) -> str:
    """Plain words for a razz board: ``7-4 low``, ``a pair of sevens``."""
    if not cards:
        return "nothing"
    _, ranks = a5_key(cards)
    if len(ranks) < len(cards):  # a pair (or more) shows
        return describe_board(cards)
    chars = ["A" if r == 1 else Card(r, "c").rank_char for r in ranks]
    return f"{'-'.join(chars)} low"


class Why:
    """An explanation written only when read: strings and functions that return strings."""

    __slots__ = ("parts",)

    def __init__(self, *parts: str | Why | Callable[[], str]) -> None:
        self.parts = parts

    def __add__(self, other: str | Why) -> Why:
        return Why(self, other)

    def __str__(self) -> str:
        return "".join(
            p if isinstance(p, str) else str(p) if isinstance(p, Why) else p()
            for p in self.parts
        )

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


def suit_key(cards: list[Card]) -> list[tuple[int, int]]:
    """Cards by rank then suit, highest first (for "high card by suit")."""
    return sorted((c.bring_in_key() for c in cards), reverse=True)
