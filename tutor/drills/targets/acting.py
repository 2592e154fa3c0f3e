"""Targets on who acts: first on a street (the best board, tied boards), next after folds."""

from __future__ import annotations

from tutor.drills.generator import (
    Gen,
    Question,
    Table,
)
from tutor.drills.targets.base import (
    CALLING,
    Target,
    cards_of_ranks,
    passive,
    round_open,
)
from tutor.engine import Card, Ruling, Street
from tutor.i18n import N_


def first_to_act(gen: Gen) -> tuple[Table, Question] | None:
    table = gen.table(gen.n(2, 8))
    street = gen.rng.choice((Street.FOURTH, Street.FIFTH, Street.SIXTH))
    if not gen.play(table, lambda t: t.hand.street is street, weights=CALLING):
        return None
    if not round_open(table):
        return None
    return table, Question(
        "first-to-act",
        # {street}: the street's word ("fifth"); the sentence starts with it
        N_("{street} street is dealt. Who acts first?"),
        params=(("street", street),),
    )


def _first_to_act_hit(table: Table, ruling: Ruling) -> bool:
    return table.hand.street in (Street.FOURTH, Street.FIFTH, Street.SIXTH) and (
        "act.later" in ruling.rules
    )


def _tie(gen: Gen) -> tuple[Table, Question] | None:
    count = gen.n(2, 6)
    high, kick = sorted(gen.rng.sample(range(8, 15), 2), reverse=True)
    tied = gen.rng.sample(range(count), 2)
    taken: set[Card] = set()
    forced: dict[int, dict[int, Card]] = {}
    suits = gen.rng.sample("cdhs", 2)
    suits2 = gen.rng.sample("cdhs", 2)
    for n, i in enumerate(tied):
        door, fourth = Card(high, suits[n]), Card(kick, suits2[n])
        if gen.rng.random() < 0.5:
            door, fourth = fourth, door
        forced[i] = {2: door, 3: fourth}
        taken.update((door, fourth))
    for i in range(count):
        if i in forced:
            continue
        ranks = gen.rng.sample(range(2, kick), 2)
        door, fourth = cards_of_ranks(gen, ranks, taken)
        forced[i] = {2: door, 3: fourth}
    table = gen.table(count, forced=forced)
    if not gen.play(table, lambda t: t.hand.street is Street.FOURTH, policy=passive):
        return None
    return table, Question(
        "first-to-act", lead=N_("Two boards tie for the best on fourth street.")
    )


def _board_key(cards: list[Card]) -> tuple[int, ...]:
    return tuple(sorted((c.rank for c in cards), reverse=True))


def _tie_hit(table: Table, ruling: Ruling) -> bool:
    boards = [_board_key(table.board(s.name)) for s in table.live()]
    best = max(boards)
    return table.hand.street is Street.FOURTH and boards.count(best) >= 2


def _next_to_act(gen: Gen) -> tuple[Table, Question] | None:
    count = gen.n(4, 8)
    table = gen.table(count)
    street = gen.rng.choice((Street.FOURTH, Street.FIFTH))
    weights = {"fold": 2.5, "raise": 0.3}
    if not gen.play(table, lambda t: t.hand.street is street, weights=weights):
        return None
    if not gen.play(
        table,
        lambda t: t.hand.street is not street or len(t.street_actions()) >= 1,
        weights=CALLING,
    ):
        return None
    if table.hand.street is not street or len(table.live()) < 3:
        return None
    return table, Question("next-to-act", lead=N_("Some players have folded."))


def _next_to_act_hit(table: Table, ruling: Ruling) -> bool:
    folded = [s for s in table.view.seats if s.folded]
    return bool(folded) and "round.end" in ruling.rules


#: This topic's targets, in course order.
ENTRIES: tuple[Target, ...] = (
    Target(
        "first-to-act-board",
        N_("The best board acts first"),
        "first-to-act",
        "first-to-act",
        2,
        first_to_act,
        _first_to_act_hit,
    ),
    Target(
        "first-to-act-tie",
        N_("Tied boards on fourth street"),
        "first-to-act",
        "first-to-act",
        3,
        _tie,
        _tie_hit,
    ),
    Target(
        "next-to-act",
        N_("Who acts next, folded players skipped"),
        "first-to-act",
        "next-to-act",
        1,
        _next_to_act,
        _next_to_act_hit,
    ),
)
