"""Targets on the betting limits: small and big bets, the open pair on fourth street, a
short all-in."""

from __future__ import annotations

from decimal import Decimal

from tutor.drills.generator import (
    Gen,
    Question,
    Table,
    first,
    last,
)
from tutor.drills.targets.base import CALLING, Target, round_open
from tutor.engine import Card, Ruling, Street
from tutor.i18n import N_


def _no_open_pair(table: Table) -> bool:
    for s in table.live():
        board = table.board(s.name)
        if len(board) >= 2 and board[0].rank == board[1].rank:
            return False
    return True


def _limits_small(gen: Gen) -> tuple[Table, Question] | None:
    table = gen.table(gen.n(2, 8))

    def at(t: Table) -> bool:
        return t.hand.street is Street.FOURTH

    if not gen.play(table, at, weights=CALLING) or not _no_open_pair(table):
        return None
    extra = gen.rng.randint(0, 2)
    if not gen.play(
        table,
        lambda t: (
            len(t.street_actions()) >= extra or t.hand.street is not Street.FOURTH
        ),
        weights=CALLING,
    ):
        return None
    return table, Question("bet-sizes", lead=N_("No pair shows on fourth street."))


def _limits_small_hit(table: Table, ruling: Ruling) -> bool:
    s = table.setup.stakes
    return (
        table.hand.street is Street.FOURTH
        and ruling.answer["sizes"] == [s.small_bet]
        and "limit.small" in ruling.rules
    )


def _limits_big(gen: Gen) -> tuple[Table, Question] | None:
    table = gen.table(gen.n(2, 7))
    street = gen.rng.choice((Street.FIFTH, Street.SIXTH, Street.SEVENTH))
    extra = gen.rng.randint(0, 2)
    if not gen.play(table, lambda t: t.hand.street is street, weights=CALLING):
        return None
    if not gen.play(
        table,
        lambda t: len(t.street_actions()) >= extra or t.hand.street is not street,
        weights=CALLING,
    ):
        return None
    return table, Question(
        "bet-sizes",
        # {street}: the street's word ("fifth")
        N_("On {street} street, what may a bet or raise be now?"),
        params=(("street", street),),
    )


def _limits_big_hit(table: Table, ruling: Ruling) -> bool:
    s = table.setup.stakes
    return (
        table.hand.street in (Street.FIFTH, Street.SIXTH, Street.SEVENTH)
        and ruling.answer["sizes"] == [s.big_bet]
        and "limit.big" in ruling.rules
    )


def _open_pair(gen: Gen) -> tuple[Table, Question] | None:
    count = gen.n(2, 6)
    pair_at = gen.rng.randrange(count)
    rank = gen.rng.randint(2, 14)
    suits = gen.rng.sample("cdhs", 2)
    forced = {pair_at: {2: Card(rank, suits[0]), 3: Card(rank, suits[1])}}
    table = gen.table(count, forced=forced)
    pair_name = table.setup.seats[pair_at].name

    def keep_pair(t: Table, name: str, legal: list[str]) -> str | None:
        if name == pair_name and "fold" in legal:
            return first(legal, "call") or first(legal, "bring")
        return None

    if not gen.play(
        table,
        lambda t: t.hand.street is Street.FOURTH,
        weights=CALLING,
        policy=keep_pair,
    ):
        return None
    if table.seat(pair_name).folded or not round_open(table):
        return None
    return table, Question(
        "bet-sizes",
        N_("{name} shows an open pair on fourth street. What may the first bet be?"),
        params=(("name", pair_name),),
    )


def _open_pair_hit(table: Table, ruling: Ruling) -> bool:
    s = table.setup.stakes
    sizes = ruling.answer["sizes"]
    return (
        table.hand.street is Street.FOURTH
        and "limit.open-pair" in ruling.rules
        and sizes in ([s.small_bet], [s.small_bet, s.big_bet])
    )


def _short_all_in(gen: Gen) -> tuple[Table, Question] | None:
    count = gen.n(3, 5)
    stakes = gen.stakes(
        (("4", "8", "1", None), ("10", "20", "2", None), ("2", "4", "0.5", None))
    )
    big = stakes.big_bet
    short_at = gen.rng.randrange(count)
    # After third street (the completion) the short stack has between one and one and a
    # half big bets: on fifth street it can only raise all in for less than half a bet.
    left = big + Decimal(gen.rng.randint(1, int(big / 2) - 1))
    table = gen.table(
        count, stakes=stakes, stacks={short_at: stakes.ante + stakes.small_bet + left}
    )
    short = table.setup.seats[short_at].name
    state = {"bettor": ""}

    def policy(t: Table, name: str, legal: list[str]) -> str | None:
        street = t.hand.street
        if street is Street.THIRD:
            if (b := first(legal, "bring")) is not None:
                return b
            if (c := first(legal, "complete")) is not None:
                return c
            return first(legal, "call") or first(legal, "check")
        if street is Street.FOURTH:
            return first(legal, "check") or first(legal, "call")
        if name == short:
            return last(legal, "raise") or first(legal, "check") or first(legal, "call")
        if (b := first(legal, "bet")) is not None:
            state["bettor"] = name
            return b
        return first(legal, "call") or first(legal, "check")

    def at(t: Table) -> bool:
        hand = t.hand
        return (
            hand.street is Street.FIFTH
            and t.seat(short).all_in
            and hand.to_act == state["bettor"]
        )

    if not gen.play(table, at, policy=policy):
        return None
    return table, Question(
        "legal-actions",
        N_("{short} raised all in for less than half a bet. What may {name} do now?"),
        params=(("short", short), ("name", state["bettor"])),
    )


def _short_all_in_hit(table: Table, ruling: Ruling) -> bool:
    acts = ruling.answer["actions"]
    return (
        "limit.all-in" in ruling.rules
        and any(s.all_in for s in table.view.seats)
        and any(a.startswith("call") for a in acts)
        and not any(a.startswith("raise") for a in acts)
    )


#: This topic's targets, in course order.
ENTRIES: tuple[Target, ...] = (
    Target(
        "limits-fourth",
        N_("Small bets on fourth street"),
        "betting-limits",
        "bet-sizes",
        1,
        _limits_small,
        _limits_small_hit,
    ),
    Target(
        "limits-big-streets",
        N_("Big bets from fifth street on"),
        "betting-limits",
        "bet-sizes",
        1,
        _limits_big,
        _limits_big_hit,
    ),
    Target(
        "short-all-in",
        N_("A short all-in raise that does not reopen the betting"),
        "betting-limits",
        "legal-actions",
        5,
        _short_all_in,
        _short_all_in_hit,
    ),
    Target(
        "open-pair",
        N_("An open pair on fourth street"),
        "pair-on-fourth",
        "bet-sizes",
        3,
        _open_pair,
        _open_pair_hit,
    ),
)
