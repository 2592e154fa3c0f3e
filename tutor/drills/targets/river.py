"""Targets on seventh street: a community card when the deck runs short, or dealt down."""

from __future__ import annotations

from tutor.drills.generator import (
    Gen,
    Question,
    Table,
)
from tutor.drills.targets.base import Target, passive
from tutor.engine import Ruling, Street
from tutor.i18n import N_


def _to_sixth(gen: Gen, count: int) -> tuple[Table, Question] | None:
    table = gen.table(count)
    if not gen.play(table, lambda t: t.hand.street is Street.SIXTH, policy=passive):
        return None
    return table, Question(
        "community-card",
        lead=N_("{count} players are still in on sixth street."),
        params=(("count", len(table.live())),),
    )


def _community(gen: Gen) -> tuple[Table, Question] | None:
    return _to_sixth(gen, gen.rng.choice((7, 8)))


def _community_hit(table: Table, ruling: Ruling) -> bool:
    """Too few cards for everyone: the river is one shared card (a "no" is seventh-down's)."""
    return (
        table.hand.street is Street.SIXTH
        and len(table.live()) >= 7
        and ruling.answer["community"] is True
    )


def _seventh_down(gen: Gen) -> tuple[Table, Question] | None:
    return _to_sixth(gen, gen.n(2, 6))


def _seventh_down_hit(table: Table, ruling: Ruling) -> bool:
    return table.hand.street is Street.SIXTH and ruling.answer["community"] is False


def _community_opener(gen: Gen) -> tuple[Table, Question] | None:
    table = gen.table(8)
    if not gen.play(table, lambda t: t.hand.street is Street.SEVENTH, policy=passive):
        return None
    return table, Question(
        "first-to-act", lead=N_("Seventh street is a community card.")
    )


def _community_opener_hit(table: Table, ruling: Ruling) -> bool:
    return table.hand.street is Street.SEVENTH and table.view.community is not None


#: This topic's targets, in course order.
ENTRIES: tuple[Target, ...] = (
    Target(
        "community-card",
        N_("A community card under this preset"),
        "community-river",
        "community-card",
        4,
        _community,
        _community_hit,
    ),
    Target(
        "community-opener",
        N_("Who opens on a community river"),
        "community-river",
        "first-to-act",
        5,
        _community_opener,
        _community_opener_hit,
    ),
    Target(
        "seventh-down",
        N_("Seventh street dealt down to each player"),
        "deal",
        "community-card",
        1,
        _seventh_down,
        _seventh_down_hit,
    ),
)
