"""Targets on the bring-in: who brings it in (by rank, by suit, short of chips), and facing
it."""

from __future__ import annotations

from decimal import Decimal

from tutor.drills.generator import (
    Gen,
    Question,
    Table,
    first,
)
from tutor.drills.targets.base import Target, cards_of_ranks, low_ranks
from tutor.engine import Card, Ruling, Street
from tutor.i18n import N_


def forced_doors(gen: Gen, count: int, ranks: list[int]) -> dict[int, dict[int, Card]]:
    taken: set[Card] = set()
    cards = cards_of_ranks(gen, ranks, taken)
    return {i: {2: cards[i]} for i in range(count)}


def _bring_in_lowest(gen: Gen) -> tuple[Table, Question]:
    count = gen.n(2, 8)
    ranks = low_ranks(count, gen)
    table = gen.table(count, forced=forced_doors(gen, count, ranks))
    return table, Question("bring-in")


def door_ranks(table: Table) -> list[int]:
    doors = [s.cards[2][0] for s in table.view.seats]
    return [c.rank for c in doors if c is not None]


def _bring_in_unique(table: Table, ruling: Ruling) -> bool:
    card = Card.parse(ruling.answer["card"])
    return door_ranks(table).count(card.rank) == 1 and "bring-in.who" in ruling.rules


def _bring_in_suit(gen: Gen) -> tuple[Table, Question]:
    count = gen.n(3, 8)
    low = gen.rng.randint(2, 6)
    tied = gen.rng.randint(2, min(4, count))
    others = gen.rng.sample(range(low + 1, 14), count - tied)  # no aces: an ace is high
    suits = gen.rng.sample("cdhs", tied)
    taken: set[Card] = {Card(low, s) for s in suits}
    doors = [Card(low, s) for s in suits] + cards_of_ranks(gen, others, taken)
    gen.rng.shuffle(doors)
    table = gen.table(count, forced={i: {2: doors[i]} for i in range(count)})
    return table, Question(
        "bring-in", lead=N_("Two or more door cards share the lowest rank.")
    )


def _bring_in_suit_hit(table: Table, ruling: Ruling) -> bool:
    card = Card.parse(ruling.answer["card"])
    return door_ranks(table).count(card.rank) >= 2


def _bring_in_short(gen: Gen) -> tuple[Table, Question]:
    count = gen.n(2, 7)
    ranks = low_ranks(count, gen)
    stakes = gen.stakes(
        (("10", "20", "1", None), ("4", "8", "0.5", None), ("20", "40", "2", None))
    )
    bring = stakes.bring_in or stakes.small_bet / 2
    lowest = min(range(count), key=lambda i: ranks[i])
    short = stakes.ante + Decimal(gen.rng.randint(1, int(bring) - 1))
    table = gen.table(
        count,
        forced=forced_doors(gen, count, ranks),
        stakes=stakes,
        stacks={lowest: short},
    )
    return table, Question(
        "bring-in", lead=N_("The lowest door card belongs to a short stack.")
    )


def _bring_in_short_hit(table: Table, ruling: Ruling) -> bool:
    bring = table.setup.stakes.bring_in or table.setup.stakes.small_bet / 2
    return "bring-in.all-in" in ruling.rules and bool(ruling.answer["amount"] < bring)


def _facing_bring_in(gen: Gen) -> tuple[Table, Question] | None:
    count = gen.n(2, 8)
    table = gen.table(count)
    calls = gen.rng.randint(0, count - 2)

    def policy(t: Table, name: str, legal: list[str]) -> str | None:
        if (b := first(legal, "bring")) is not None:
            return b
        return first(legal, "call") if gen.rng.random() < 0.7 else "fold"

    def at(t: Table) -> bool:
        done = t.street_actions()
        return t.hand.street is Street.THIRD and len(done) == 1 + calls

    if not gen.play(table, at, policy=policy):
        return None
    return table, Question("legal-actions", lead=N_("Only the bring-in has been made."))


def _facing_bring_in_hit(table: Table, ruling: Ruling) -> bool:
    acts = ruling.answer["actions"]
    return (
        table.hand.street is Street.THIRD
        and any(a.startswith("complete") for a in acts)
        and "bring-in.complete" in ruling.rules
    )


#: This topic's targets, in course order.
ENTRIES: tuple[Target, ...] = (
    Target(
        "bring-in-lowest",
        N_("The lowest door card brings it in"),
        "bring-in",
        "bring-in",
        1,
        _bring_in_lowest,
        _bring_in_unique,
    ),
    Target(
        "bring-in-suit",
        N_("Bring-in decided by suit"),
        "bring-in",
        "bring-in",
        2,
        _bring_in_suit,
        _bring_in_suit_hit,
    ),
    Target(
        "bring-in-short",
        N_("A bring-in short of chips"),
        "bring-in",
        "bring-in",
        4,
        _bring_in_short,
        _bring_in_short_hit,
    ),
    Target(
        "facing-bring-in",
        N_("Facing only the bring-in: call or complete"),
        "bring-in",
        "legal-actions",
        2,
        _facing_bring_in,
        _facing_bring_in_hit,
    ),
)
