"""Targets on the pot and the side pots (who takes which, and the dealer's speed drill)."""

from __future__ import annotations

from tutor.drills.generator import (
    Gen,
    Question,
    Table,
)
from tutor.drills.targets.base import RAISING, Target, hand_over
from tutor.engine import Ruling
from tutor.i18n import N_


def _side_pots(gen: Gen) -> tuple[Table, Question] | None:
    count = gen.n(3, 4)
    stakes = gen.stakes(
        (("2", "4", "0.5", None), ("4", "8", "1", None), ("10", "20", "2", None))
    )
    a, b = gen.rng.sample(range(count), 2)
    small = stakes.small_bet
    stacks = {
        a: stakes.ante + small * gen.rng.randint(1, 3),
        b: stakes.ante + small * gen.rng.randint(4, 7) + small / 2,
    }
    table = gen.table(count, stakes=stakes, stacks=stacks)
    if not gen.play(table, hand_over, weights=RAISING):
        return None
    return table, Question(
        "award",
        N_("Two players are all in for different amounts. Who takes which pot?"),
    )


def _side_pots_hit(table: Table, ruling: Ruling) -> bool:
    all_in = [s for s in table.live() if s.all_in]
    return "pot.side" in ruling.rules and len(all_in) >= 2 and len(table.live()) >= 3


def _pot_speed(gen: Gen) -> tuple[Table, Question] | None:
    made = _side_pots(gen)
    if made is None:
        return None
    table, _question = made
    return table, Question("side-pots", lead=N_("All the chips are in."))


def _pot_speed_hit(table: Table, ruling: Ruling) -> bool:
    """At least one side pot: two players all in for different amounts."""
    return ruling.kind == "side-pots" and len(ruling.answer["pots"]) >= 2


#: This topic's targets, in course order.
ENTRIES: tuple[Target, ...] = (
    Target(
        "side-pots",
        N_("Three-way side pots"),
        "side-pots",
        "award",
        5,
        _side_pots,
        _side_pots_hit,
    ),
    Target(
        "side-pot-speed",
        "Calling the pot and its side pots",
        "side-pots",
        "side-pots",
        4,
        _pot_speed,
        _pot_speed_hit,
    ),
)
