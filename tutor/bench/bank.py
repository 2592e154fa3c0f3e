"""Scenario bank speed: 1,000 generated scenario files validated and replayed, scenarios per second."""

from __future__ import annotations

import random
import tempfile
import time
from decimal import Decimal
from pathlib import Path
from typing import Any

from tutor.bench.common import best_of, fmt_time, render
from tutor.course import SPEC_TOPICS as TOPICS
from tutor.engine import (
    ASK_KINDS,
    DECK,
    NEEDS_PLAYER,
    PRESETS,
    VARIANTS,
    Card,
    Hand,
    HandSetup,
    SeatSetup,
    Stakes,
    Street,
    TableView,
    TutorError,
    house_rules,
    scenario_text,
)
from tutor.scenarios import load_bank

COUNT = 1000
ROUNDS = 3
SEED = 20261129
TARGET = 500.0
NAMES = ("Ana", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal")
#: (small bet, big bet, ante, bring-in or None for the default)
STAKES = (
    (Decimal(2), Decimal(4), Decimal("0.25"), None),
    (Decimal(1), Decimal(2), Decimal(0), None),
    (Decimal(5), Decimal(10), Decimal(1), Decimal(2)),
    (Decimal(15), Decimal(30), Decimal(2), Decimal(5)),
)


#: Ask kinds a generated hand may ask (a ruling needs an irregularity event first).
_ASKED = tuple(k for k in ASK_KINDS if k != "ruling")


def _amount(value: Decimal) -> str:
    text = format(value.normalize(), "f")
    return text


def _flow(value: Any) -> str:
    """A YAML flow value: names and words quoted, amounts as written by the engine."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, Decimal):
        return _amount(value)
    if isinstance(value, int):
        return str(value)
    if isinstance(value, Card):
        return f'"{value.text}"'
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(value, dict):
        return "{" + ", ".join(f'"{k}": {_flow(v)}' for k, v in value.items()) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_flow(v) for v in value) + "]"
    raise TypeError(f"cannot write {value!r} as YAML")  # pragma: no cover


def _action_text(name: str, legal: str) -> str:
    return scenario_text(name, legal)


def generate(index: int, seed: int = SEED) -> str:
    """One valid scenario (YAML text), varied by ``index``: seats, stakes, presets, actions, asks."""
    rng = random.Random(seed * 7919 + index)
    game = rng.choice([g for g in VARIANTS if VARIANTS[g].has_high])
    preset = rng.choice(PRESETS)
    house: dict[str, Any] = {}
    if rng.random() < 0.3:
        house["max_raises"] = rng.choice((2, 3, 4, 5))
    if rng.random() < 0.2:
        house["burn_cards"] = rng.random() < 0.5
    small, big, ante, bring = rng.choice(STAKES)
    players = rng.randint(2, 8)
    numbers = sorted(rng.sample(range(1, 11), players))
    deck = list(DECK)
    rng.shuffle(deck)
    per_seat = 7 if players <= 6 else 6
    seats: list[SeatSetup] = []
    for k, number in enumerate(numbers):
        cards: list[Card | None] = [deck.pop() for _ in range(per_seat)]
        if rng.random() < 0.15:
            cards[0] = cards[1] = None
        stack = None if rng.random() < 0.7 else small * rng.randint(3, 30)
        seats.append(
            SeatSetup(seat=number, name=NAMES[k], stack=stack, cards=tuple(cards))
        )
    button = rng.choice((None, *numbers))
    # Seven or eight may run out of cards: give the community card, dropped if not needed.
    community = deck.pop() if players >= 7 else None
    setup = HandSetup(
        game=game,
        rules=house_rules(preset, game, house or None),
        stakes=Stakes(small_bet=small, big_bet=big, ante=ante, bring_in=bring),
        seats=tuple(seats),
        button=button,
        community=community,
    )
    hand = Hand(setup)
    steps: list[str] = []
    pending: list[str] = []

    def flush() -> None:
        if len(pending) == 1:
            steps.append(f'  - act: "{pending[0]}"')
        elif pending:
            steps.append("  - act: [" + ", ".join(f'"{a}"' for a in pending) + "]")
        pending.clear()

    def maybe_ask() -> None:
        kind = rng.choice(_ASKED)
        if (
            kind == "bring-in" and start is not None
        ):  # no bring-in in a hand begun later
            return
        player = rng.choice(seats).name if kind in NEEDS_PLAYER else None
        try:
            ruling = hand.answer(kind, player=player)
        except TutorError:
            return
        flush()
        steps.append(f"  - ask: {kind}")
        if player is not None:
            steps.append(f'    player: "{player}"')
        if rng.random() < 0.8:
            steps.append(f"    expect: {_flow(ruling.answer)}")

    # A quarter begin later in the hand (``start:``), from a snapshot of the table then.
    start = (
        rng.choice((Street.FOURTH, Street.FIFTH, Street.SIXTH))
        if rng.random() < 0.25
        else None
    )
    snapshot: tuple[int, TableView] | None = None
    # Teaching scenarios mostly stop at the moment they ask about; a third play to the end.
    actions = rng.choice((3, 6, 10, 16, 200, 200)) + (12 if start else 0)
    for _ in range(actions):
        if start is not None and snapshot is None and hand.street is start:
            flush()
            snapshot = (len(steps), hand.view())
            if hand.uses_community is None and not hand.community_needed()[0]:
                community = None  # from here on the hand can never need one
        if rng.random() < 0.35:
            maybe_ask()
        if hand.is_over or hand.to_act is None:
            break
        try:
            legal = hand.legal_actions()
        except TutorError:
            break
        passive = [a for a in legal if a.split()[0] in ("check", "call", "bring")]
        choice = (
            rng.choice(passive)
            if passive and rng.random() < 0.75
            else rng.choice(legal)
        )
        text = _action_text(hand.to_act, choice)
        hand.apply(text)
        pending.append(text)
        if rng.random() < 0.4:
            flush()
    flush()
    if hand.is_over:
        maybe_ask()
    if hand.problems:  # "community: gives a card, but seventh street is dealt to each"
        community = None
    view = None
    if snapshot is not None:
        del steps[: snapshot[0]]
        view = snapshot[1]
    if not steps:
        steps.append("  - ask: ante")
    lines = [
        "# yaml-language-server: $schema=../schema.json",
        f"id: bench-{index:04d}",
        f'title: "Generated hand {index}"',
        f"topic: {TOPICS[index % len(TOPICS)]}",
        f"level: {1 + index % 5}",
        f"game: {game.value}",
        f"rules: {preset}",
    ]
    if house:
        lines.append("house: " + _flow(house).replace('"', ""))
    stakes = f"stakes: {{small_bet: {small}, big_bet: {big}, ante: {_amount(ante)}"
    lines.append(stakes + (f", bring_in: {bring}}}" if bring is not None else "}"))
    lines.append(f"button: {'null' if button is None else button}")
    if community is not None:
        lines.append(f"community: {community.text}")
    if view is not None:
        lines.append(f"start: {{street: {view.street.value}}}")
    lines.append("seats:")
    for k, seat in enumerate(seats):
        held, stack, extra = seat.cards, seat.stack, ""
        if view is not None:  # chips in and left, and a folded seat's cards so far
            shown = view.seats[k]
            stack = shown.stack
            extra = f", committed: {_amount(shown.committed)}"
            if shown.folded:
                held = tuple(c for c, _ in shown.cards)
                extra += ", folded: true"
        dealt = " ".join("??" if c is None else c.text for c in held)
        chips = "" if stack is None else f", stack: {_amount(stack)}"
        lines.append(
            f'  - {{seat: {seat.seat}, name: "{seat.name}"{chips}{extra}, '
            f'cards: "{dealt}"}}'
        )
    lines.append("steps:")
    lines.extend(steps)
    return "\n".join(lines) + "\n"


def run(
    count: int = COUNT, rounds: int = ROUNDS
) -> tuple[list[list[str]], dict[str, float]]:
    """Generate ``count`` scenarios, write them to a temporary folder, validate and replay all.

    Each timing is the best of ``rounds`` (garbage collection off, as in the other benchmarks).

    :return: table rows (header first) and ``{"bank_scenarios_per_s": ...}`` with the details.
    :raises AssertionError: if a generated scenario does not validate (a bug to fix first).
    """
    started = time.perf_counter()
    texts = [generate(i) for i in range(count)]
    generated = time.perf_counter() - started
    with tempfile.TemporaryDirectory(prefix="tutor-bank-") as folder:
        root = Path(folder)
        for i, text in enumerate(texts):
            sub = root / TOPICS[i % len(TOPICS)]
            sub.mkdir(exist_ok=True)
            (sub / f"bench-{i:04d}.yaml").write_text(text, encoding="utf-8")
        bank = load_bank([root])
        if bank.problems or len(bank.scenarios) != count:
            first = bank.problems[0] if bank.problems else "scenarios missing"
            raise AssertionError(f"a generated scenario failed validation: {first}")
        best = best_of(
            {
                "schema": lambda: load_bank([root], replay=False),
                "full": lambda: load_bank([root]),
            },
            count,
            rounds,
        )
    asks = sum(1 for s in bank.scenarios for step in s.steps if step.kind == "ask")
    steps = sum(len(s.steps) for s in bank.scenarios)
    per_s = 1 / best["full"]
    rows = [
        ["phase", "scenarios", "per scenario", "scenarios/s"],
        [
            "generate (engine plays each hand)",
            str(count),
            fmt_time(generated / count),
            f"{count / generated:,.0f}",
        ],
        [
            "read + schema checks",
            str(count),
            fmt_time(best["schema"]),
            f"{1 / best['schema']:,.0f}",
        ],
        [
            "read + schema + replay + expect",
            str(count),
            fmt_time(best["full"]),
            f"{per_s:,.0f} (target {TARGET:,.0f})",
        ],
    ]
    summary = {
        "bank_scenarios_per_s": round(per_s, 1),
        "bank_schema_only_per_s": round(1 / best["schema"], 1),
        "bank_scenarios": float(count),
        "bank_steps": float(steps),
        "bank_asks": float(asks),
    }
    return rows, summary


if __name__ == "__main__":  # pragma: no cover
    table, numbers = run()
    print(render(table))
    print(
        f"{numbers['bank_scenarios_per_s']:,.0f} scenarios per second "
        f"(target {TARGET:,.0f})"
    )
