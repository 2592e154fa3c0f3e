"""Irregularities thrown at every moment of the irregularity bank: a clear refusal or a ruling.

Never an internal error, and a hand ruled on can always be played on with its legal actions.
"""

from __future__ import annotations

import random
from pathlib import Path

from tutor.engine import Card, Hand, Street, TutorError
from tutor.engine.irregularities import KINDS, Irregularity, rule
from tutor.scenarios import load_bank
from tutor.scenarios.replay import start_hand, walk

BANK = Path(__file__).resolve().parent.parent / "scenarios" / "irregularities"
VERBS = {
    "fold": "folds",
    "check": "checks",
    "call": "calls",
    "bring": "brings",
    "complete": "completes",
    "bet": "bets",
    "raise": "raises",
}


def moments() -> list[Hand]:
    """The hand at the start and after each step of every scenario in the bank."""
    out = []
    for scenario in load_bank([BANK]).scenarios:
        out.append(start_hand(scenario))
        out.extend(result.hand for result in walk(scenario) if result.kind != "ask")
    return out


def random_irregularity(
    rng: random.Random, kind: str, names: list[str]
) -> Irregularity:
    players = tuple(rng.sample(names, rng.choice([1, 1, 2])))
    actions = tuple(
        f"{rng.choice(names)} {rng.choice(list(VERBS.values()))}"
        for _ in range(rng.choice([1, 2]))
    )
    who = rng.choice(names)
    return Irregularity(
        kind=kind,
        players=players,
        positions=tuple(rng.choice([1, 2, 3, 5, 7]) for _ in players),
        actions=actions,
        then=actions[:1] if rng.random() < 0.3 else (),
        street=rng.choice(list(Street)),
        count=rng.choice([2, 4, 6, 8]),
        seen=rng.random() < 0.5,
        card=Card.parse("Kc") if rng.random() < 0.5 else None,
        text=rng.choice(
            [
                f"{who} puts in 20",
                f"{who} puts in 5, then 5 more",
                f"{who} puts in one 100 chip",
                f"{who} says raise",
                f"{who} says check",
                f"{who} taps the table",
            ]
        ),
    )


def test_every_irregularity_at_every_moment_is_ruled_or_refused() -> None:
    rng = random.Random(13)
    ruled = refused = 0
    for start in moments():
        names = [p.name for p in start.players]
        for kind in KINDS:
            hand = start.copy()
            try:
                ruling = rule(hand, random_irregularity(rng, kind, names))
            except TutorError:
                refused += 1
                continue
            ruled += 1
            assert hand.answer("ruling").answer == ruling.answer()
            for _ in range(40):  # play on with legal actions only
                if hand.is_over or hand.to_act is None:
                    break
                action = rng.choice(hand.legal_actions()).split()
                action[0] = VERBS[action[0]]
                hand.apply(f"{hand.to_act} {' '.join(action)}")
    assert ruled > 300 and refused > 300
