"""Targets on the antes and the buy-in."""

from __future__ import annotations

from tutor.drills.generator import (
    Gen,
    Question,
    Table,
)
from tutor.drills.targets.base import Target
from tutor.engine import Ruling
from tutor.i18n import N_


def _ante(gen: Gen) -> tuple[Table, Question]:
    table = gen.table(gen.n(2, 8))
    return table, Question(
        "ante",
        lead=N_("{count} players are dealt in."),
        params=(("count", len(table.setup.seats)),),
    )


def _ante_hit(table: Table, ruling: Ruling) -> bool:
    each = ruling.answer["each"]
    return bool(each > 0 and ruling.answer["total"] == each * len(table.setup.seats))


def _buy_in(gen: Gen) -> tuple[Table, Question]:
    table = gen.table(gen.n(2, 8))
    s = table.setup.stakes
    return table, Question(
        "buy-in",
        # {small}/{big}: the table's small and big bet ("The game is 4/8 stud.")
        lead=N_("The game is {small}/{big} stud."),
        params=(("small", s.small_bet), ("big", s.big_bet)),
    )


def _buy_in_hit(table: Table, ruling: Ruling) -> bool:
    rules = table.setup.rules
    return bool(
        ruling.answer["minimum"] == table.setup.stakes.small_bet * rules.min_buy_in_bets
    )


#: This topic's targets, in course order.
ENTRIES: tuple[Target, ...] = (
    Target(
        "ante-total", N_("The antes in the pot"), "ante", "ante", 1, _ante, _ante_hit
    ),
    Target(
        "buy-in-minimum",
        N_("The minimum buy-in"),
        "buy-in",
        "buy-in",
        1,
        _buy_in,
        _buy_in_hit,
    ),
)
