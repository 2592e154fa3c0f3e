"""Razz's targets: the bring-in, who acts, the best low."""

from __future__ import annotations

from tutor.drills.generator import (
    Gen,
    Question,
    Table,
)
from tutor.drills.targets.acting import first_to_act
from tutor.drills.targets.base import Target, low_ranks
from tutor.drills.targets.bring_in import door_ranks, forced_doors
from tutor.drills.targets.showdown import to_showdown
from tutor.engine import Card, Ruling, games_where
from tutor.i18n import N_

#: The games played for low only.
RAZZ = games_where(lambda v: not v.has_high)


def _razz_bring_in(gen: Gen) -> tuple[Table, Question]:
    count = gen.n(2, 8)
    ranks = low_ranks(count, gen)
    table = gen.table(count, forced=forced_doors(gen, count, ranks))
    return table, Question("bring-in", lead=N_("The game is razz."))


def _razz_bring_in_hit(table: Table, ruling: Ruling) -> bool:
    card = Card.parse(ruling.answer["card"])
    return "razz.bring-in" in ruling.rules and door_ranks(table).count(card.rank) == 1


def _razz_first(gen: Gen) -> tuple[Table, Question] | None:
    made = first_to_act(gen)
    if made is None:
        return None
    table, _question = made
    return table, Question(
        "first-to-act",
        # {street}: the street's word ("fifth")
        N_("Razz: {street} street is dealt. Who acts first?"),
        params=(("street", table.hand.street),),
    )


def _razz_first_hit(table: Table, ruling: Ruling) -> bool:
    return "razz.act" in ruling.rules


def _razz_low(gen: Gen) -> tuple[Table, Question] | None:
    table = to_showdown(gen, gen.n(2, 4))
    if table is None:
        return None
    name = gen.rng.choice([s.name for s in table.live()])
    return table, Question("best-low", player=name, lead=N_("The game is razz."))


def _razz_low_hit(table: Table, ruling: Ruling) -> bool:
    return table.hand.is_over and "razz.low" in ruling.rules


#: This topic's targets, in course order.
ENTRIES: tuple[Target, ...] = (
    Target(
        "razz-bring-in",
        N_("Razz: the highest door card brings it in"),
        "bring-in",
        "bring-in",
        2,
        _razz_bring_in,
        _razz_bring_in_hit,
        games=RAZZ,
    ),
    Target(
        "razz-first-to-act",
        N_("Razz: the lowest board acts first"),
        "first-to-act",
        "first-to-act",
        2,
        _razz_first,
        _razz_first_hit,
        games=RAZZ,
    ),
    Target(
        "razz-best-low",
        N_("Razz: the best low of seven cards"),
        "showdown",
        "best-low",
        2,
        _razz_low,
        _razz_low_hit,
        games=RAZZ,
    ),
)
