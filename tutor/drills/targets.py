"""The drill targets: one registry entry per ruling to drill (add a target = add one entry).

Each target has a ``build(gen)`` that sets up a table (forcing a few cards or stacks where
chance alone would rarely get there), plays it with :meth:`Gen.play` up to the moment its
situation arises, and returns the table and the :class:`Question` to ask there (or None to
deal again); and a ``hit(table, ruling)`` that checks the engine's ruling really is the
situation named. ``generate`` re-deals (same seeded source) until both agree.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from types import MappingProxyType

from tutor.drills.generator import (
    Gen,
    Question,
    Table,
    first,
    last,
)
from tutor.engine import PRESETS, Card, Ruling, Street
from tutor.engine.actions import read_action
from tutor.engine.hands import low_hand
from tutor.engine.irregularities import Irregularity
from tutor.engine.rules import GAMES, PRESET_VALUES, games_where
from tutor.engine.values import STREETS, ActionKind
from tutor.i18n import N_

Build = Callable[[Gen], "tuple[Table, Question] | None"]
Hit = Callable[[Table, Ruling], bool]

#: The games played for high (stud8 and stud): most targets ask about them.
BOTH = games_where(lambda v: v.has_high)
ALL_GAMES = GAMES
#: The presets under which the engine rules on irregularities (``online`` refuses them).
IRR_PRESETS = tuple(p for p, v in PRESET_VALUES.items() if v.rules_on_dealer_errors)
#: The games split between a high and a qualifying low (stud8).
HI_LO = games_where(lambda v: v.split and v.low_must_qualify)
#: An odd ante and even wagers (bring-in included): the odd-chip target's stakes.
ODD_CHIP_STAKES: tuple[tuple[str, str, str, str | None], ...] = (
    ("4", "8", "1", None),
    ("10", "20", "1", "4"),
    ("20", "40", "3", "10"),
    ("6", "12", "1", "2"),
)


@dataclass(frozen=True, slots=True)
class Target:
    """One drill target: what it drills, where it sits in the course, how it is made."""

    name: str
    title: str
    topic: str
    kind: str
    level: int
    build: Build
    hit: Hit
    games: Sequence[str] = BOTH
    description: str = ""
    #: The presets the target is drilled under (irregularities are refused under online).
    presets: Sequence[str] = PRESETS


# ---------------------------------------------------------------------------- helpers


def _passive(table: Table, name: str, legal: list[str]) -> str | None:
    """Check or call; bring in rather than complete; never fold, bet or raise."""
    for verb in ("check", "call", "bring"):
        if (a := first(legal, verb)) is not None:
            return a
    return None


NO_FOLD: Mapping[str, float] = MappingProxyType({"fold": 0.0})
CALLING: Mapping[str, float] = MappingProxyType(
    {"fold": 0.0, "raise": 0.3, "bet": 1.0, "complete": 1.0}
)
#: Quiet play to the showdown: mostly checks and calls, few actions per street.
QUIET: Mapping[str, float] = MappingProxyType(
    {"fold": 0.0, "check": 6.0, "call": 5.0, "bet": 0.6, "complete": 0.6, "raise": 0.15}
)
RAISING: Mapping[str, float] = MappingProxyType(
    {"fold": 0.0, "raise": 6.0, "bet": 6.0, "complete": 6.0, "call": 1.0, "check": 0.5}
)


def _round_open(table: Table) -> bool:
    """Nobody has acted yet on the current street (after third street)."""
    return table.hand.street is not Street.THIRD and not table.street_actions()


def _over(table: Table) -> bool:
    return table.hand.is_over


def _low_ranks(count: int, gen: Gen, low: int = 2, high: int = 14) -> list[int]:
    return gen.rng.sample(range(low, high + 1), count)


def _cards_of_ranks(gen: Gen, ranks: list[int], exclude: set[Card]) -> list[Card]:
    """One card of each rank, suits at random, none of ``exclude``."""
    out: list[Card] = []
    for rank in ranks:
        suits = [s for s in "cdhs" if Card(rank, s) not in exclude]
        card = Card(rank, gen.rng.choice(suits))
        exclude.add(card)
        out.append(card)
    return out


def _rank_value_low(rank: int) -> int:
    return 1 if rank == 14 else rank


def _seat_names(table: Table) -> list[str]:
    return [s.name for s in table.setup.seats]


# ---------------------------------------------------------------------------- ante, buy-in


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


# ---------------------------------------------------------------------------- bring-in


def _doors(gen: Gen, count: int, ranks: list[int]) -> dict[int, dict[int, Card]]:
    taken: set[Card] = set()
    cards = _cards_of_ranks(gen, ranks, taken)
    return {i: {2: cards[i]} for i in range(count)}


def _bring_in_lowest(gen: Gen) -> tuple[Table, Question]:
    count = gen.n(2, 8)
    ranks = _low_ranks(count, gen)
    table = gen.table(count, forced=_doors(gen, count, ranks))
    return table, Question("bring-in")


def _door_ranks(table: Table) -> list[int]:
    doors = [s.cards[2][0] for s in table.view.seats]
    return [c.rank for c in doors if c is not None]


def _bring_in_unique(table: Table, ruling: Ruling) -> bool:
    card = Card.parse(ruling.answer["card"])
    return _door_ranks(table).count(card.rank) == 1 and "bring-in.who" in ruling.rules


def _bring_in_suit(gen: Gen) -> tuple[Table, Question]:
    count = gen.n(3, 8)
    low = gen.rng.randint(2, 6)
    tied = gen.rng.randint(2, min(4, count))
    others = gen.rng.sample(range(low + 1, 14), count - tied)  # no aces: an ace is high
    suits = gen.rng.sample("cdhs", tied)
    taken: set[Card] = {Card(low, s) for s in suits}
    doors = [Card(low, s) for s in suits] + _cards_of_ranks(gen, others, taken)
    gen.rng.shuffle(doors)
    table = gen.table(count, forced={i: {2: doors[i]} for i in range(count)})
    return table, Question(
        "bring-in", lead=N_("Two or more door cards share the lowest rank.")
    )


def _bring_in_suit_hit(table: Table, ruling: Ruling) -> bool:
    card = Card.parse(ruling.answer["card"])
    return _door_ranks(table).count(card.rank) >= 2


def _bring_in_short(gen: Gen) -> tuple[Table, Question]:
    count = gen.n(2, 7)
    ranks = _low_ranks(count, gen)
    stakes = gen.stakes(
        (("10", "20", "1", None), ("4", "8", "0.5", None), ("20", "40", "2", None))
    )
    bring = stakes.bring_in or stakes.small_bet / 2
    lowest = min(range(count), key=lambda i: ranks[i])
    short = stakes.ante + Decimal(gen.rng.randint(1, int(bring) - 1))
    table = gen.table(
        count, forced=_doors(gen, count, ranks), stakes=stakes, stacks={lowest: short}
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


# ---------------------------------------------------------------------------- limits


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
    if table.seat(pair_name).folded or not _round_open(table):
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


# ---------------------------------------------------------------------------- who acts


def _first_to_act(gen: Gen) -> tuple[Table, Question] | None:
    table = gen.table(gen.n(2, 8))
    street = gen.rng.choice((Street.FOURTH, Street.FIFTH, Street.SIXTH))
    if not gen.play(table, lambda t: t.hand.street is street, weights=CALLING):
        return None
    if not _round_open(table):
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
        door, fourth = _cards_of_ranks(gen, ranks, taken)
        forced[i] = {2: door, 3: fourth}
    table = gen.table(count, forced=forced)
    if not gen.play(table, lambda t: t.hand.street is Street.FOURTH, policy=_passive):
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


# ---------------------------------------------------------------------------- raise cap


def _raises_left(gen: Gen) -> tuple[Table, Question] | None:
    count = gen.n(3, 7)
    table = gen.table(count)
    street = gen.rng.choice((Street.THIRD, Street.FOURTH, Street.FIFTH))
    if not gen.play(table, lambda t: t.hand.street is street, weights=CALLING):
        return None
    wanted = gen.rng.randint(1, 3)

    def at(t: Table) -> bool:
        raises = sum(
            read_action(a).kind is ActionKind.RAISE for a in t.street_actions()
        )
        return t.hand.street is not street or raises >= wanted

    if not gen.play(table, at, weights=RAISING) or table.hand.street is not street:
        return None
    if len(table.actors()) < 3 or table.hand.to_act is None:
        return None
    return table, Question("raises-left")


def _raises_left_hit(table: Table, ruling: Ruling) -> bool:
    left = ruling.answer["raises_left"]
    return left is not None and len(table.actors()) >= 3


def _heads_up(gen: Gen) -> tuple[Table, Question] | None:
    count = gen.n(2, 3)
    table = gen.table(count)
    street = gen.rng.choice((Street.FOURTH, Street.FIFTH, Street.SIXTH))
    weights = {"fold": 0.0, "raise": 0.2}
    if count == 3:
        # one player folds on third street: the later rounds are heads-up from the start

        def fold_one(t: Table, name: str, legal: list[str]) -> str | None:
            if "fold" in legal and len(t.live()) == 3:
                return "fold"
            return None

        if not gen.play(
            table, lambda t: t.hand.street is street, weights=weights, policy=fold_one
        ):
            return None
    elif not gen.play(table, lambda t: t.hand.street is street, weights=weights):
        return None
    wanted = gen.rng.randint(1, 4)

    def at(t: Table) -> bool:
        raises = sum(
            read_action(a).kind is ActionKind.RAISE for a in t.street_actions()
        )
        return t.hand.street is not street or raises >= wanted

    if not gen.play(table, at, weights=RAISING) or table.hand.street is not street:
        return None
    if len(table.actors()) != 2 or table.hand.to_act is None:
        return None
    return table, Question(
        "raises-left", lead=N_("The round is heads-up and the raising goes on.")
    )


def _heads_up_hit(table: Table, ruling: Ruling) -> bool:
    return len(table.actors()) == 2 and "cap.raises" in ruling.rules


def _capped(gen: Gen) -> tuple[Table, Question] | None:
    count = gen.n(3, 6)
    table = gen.table(count)
    street = gen.rng.choice((Street.THIRD, Street.FOURTH, Street.FIFTH, Street.SIXTH))
    if not gen.play(table, lambda t: t.hand.street is street, weights=CALLING):
        return None
    cap = table.setup.rules.max_raises

    def raise_up(t: Table, name: str, legal: list[str]) -> str | None:
        return (
            first(legal, "raise")
            or first(legal, "complete")
            or first(legal, "bet")
            or first(legal, "call")
        )

    def at(t: Table) -> bool:
        raises = sum(
            read_action(a).kind is ActionKind.RAISE for a in t.street_actions()
        )
        return t.hand.street is not street or raises >= cap

    if not gen.play(table, at, policy=raise_up) or table.hand.street is not street:
        return None
    if len(table.actors()) < 3 or table.hand.to_act is None:
        return None
    return table, Question(
        "legal-actions", lead=N_("The betting has been raised again and again.")
    )


def _capped_hit(table: Table, ruling: Ruling) -> bool:
    acts = ruling.answer["actions"]
    return "cap.raises" in ruling.rules and not any(a.startswith("raise") for a in acts)


# ---------------------------------------------------------------------------- the river


def _to_sixth(gen: Gen, count: int) -> tuple[Table, Question] | None:
    table = gen.table(count)
    if not gen.play(table, lambda t: t.hand.street is Street.SIXTH, policy=_passive):
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
    if not gen.play(table, lambda t: t.hand.street is Street.SEVENTH, policy=_passive):
        return None
    return table, Question(
        "first-to-act", lead=N_("Seventh street is a community card.")
    )


def _community_opener_hit(table: Table, ruling: Ruling) -> bool:
    return table.hand.street is Street.SEVENTH and table.view.community is not None


# ---------------------------------------------------------------------------- showdown


def _to_showdown(
    gen: Gen,
    count: int,
    forced: Mapping[int, Mapping[int, Card]] | None = None,
    stakes_options: tuple[tuple[str, str, str, str | None], ...] | None = None,
) -> Table | None:
    stakes = gen.stakes(stakes_options) if stakes_options else None
    table = gen.table(count, forced=forced, stakes=stakes)
    if not gen.play(table, _over, weights=QUIET):
        return None
    return table


def _seven(gen: Gen, ranks: list[int], taken: set[Card]) -> dict[int, Card]:
    cards = _cards_of_ranks(gen, ranks, taken)
    gen.rng.shuffle(cards)
    return dict(enumerate(cards))


def _best_high(gen: Gen) -> tuple[Table, Question] | None:
    count = gen.n(2, 4)
    table = _to_showdown(gen, count)
    if table is None:
        return None
    name = gen.rng.choice([s.name for s in table.live()])
    return table, Question("best-high", player=name)


def _best_high_hit(table: Table, ruling: Ruling) -> bool:
    return table.hand.is_over and len(ruling.answer["cards"]) == 5


def _showdown_order(gen: Gen) -> tuple[Table, Question] | None:
    table = _to_showdown(gen, gen.n(2, 4))
    if table is None:
        return None
    return table, Question("showdown-order", lead=N_("The last round is over."))


def _showdown_order_hit(table: Table, ruling: Ruling) -> bool:
    return table.hand.is_over and len(table.live()) >= 2


def _high_winner(gen: Gen) -> tuple[Table, Question] | None:
    table = _to_showdown(gen, gen.n(3, 5))
    if table is None:
        return None
    return table, Question("high-winner")


def _high_winner_hit(table: Table, ruling: Ruling) -> bool:
    return table.hand.is_over and len(table.live()) >= 3


def _low_hand(gen: Gen, *, counterfeit: bool) -> tuple[Table, Question] | None:
    count = gen.n(2, 4)
    who = gen.rng.randrange(count)
    taken: set[Card] = set()
    lows = gen.rng.sample((14, 2, 3, 4, 5, 6, 7, 8), 4)
    if counterfeit:
        ranks = [*lows, gen.rng.choice(lows), *gen.rng.sample(range(2, 15), 2)]
    else:
        ranks = [*lows, *gen.rng.sample(range(2, 15), 3)]
    ranks = _fit_ranks(ranks)
    forced = {who: _seven(gen, ranks, taken)}
    table = _to_showdown(gen, count, forced)
    if table is None:
        return None
    name = table.setup.seats[who].name
    if counterfeit:
        return table, Question(
            "best-low", player=name, lead=N_("{player} has a paired low card.")
        )
    return table, Question("low-qualifies", player=name)


def _fit_ranks(ranks: list[int]) -> list[int]:
    """Ranks with no rank more than four times (a deck has four of each)."""
    out: list[int] = []
    for r in ranks:
        while out.count(r) >= 4:
            r = 2 + (r - 1) % 13
        out.append(r)
    return out


def _counterfeit(gen: Gen) -> tuple[Table, Question] | None:
    return _low_hand(gen, counterfeit=True)


def _counterfeit_hit(table: Table, ruling: Ruling) -> bool:
    name = ruling.answer["player"]
    cards = [c for c, _up in table.seat(name).cards if c is not None]
    half = table.hand.variant.low_half
    top = half.qualifier if half is not None and half.qualifier else 8
    low = [_rank_value_low(c.rank) for c in cards if _rank_value_low(c.rank) <= top]
    return len(cards) == 7 and len(low) > len(set(low))


def _qualifies(gen: Gen) -> tuple[Table, Question] | None:
    return _low_hand(gen, counterfeit=False)


def _qualifies_hit(table: Table, ruling: Ruling) -> bool:
    name = ruling.answer["player"]
    return len([c for c, _up in table.seat(name).cards]) == 7


# ---------------------------------------------------------------------------- split pots


def _low_seven(gen: Gen, low: list[int], taken: set[Card]) -> dict[int, Card]:
    highs = gen.rng.sample(range(9, 14), 2)
    return _seven(gen, [*low, *highs], taken)


def _split(gen: Gen) -> tuple[Table, Question] | None:
    count = gen.n(2, 4)
    who = gen.rng.randrange(count)
    taken: set[Card] = set()
    low = gen.rng.sample((14, 2, 3, 4, 5, 6, 7, 8), 5)
    table = _to_showdown(gen, count, {who: _low_seven(gen, low, taken)})
    if table is None or len(table.live()) < 2:
        return None
    return table, Question(
        "award", N_("Showdown. How is the pot split between high and low?")
    )


def _split_hit(table: Table, ruling: Ruling) -> bool:
    """A split: the high and the low go to different players (a scoop is not one)."""
    return (
        "split.halves" in ruling.rules
        and len(table.live()) >= 2
        and len(takers(ruling)) >= 2
    )


def takers(ruling: Ruling) -> list[str]:
    """The players an award ruling pays something to."""
    payouts = ruling.answer.get("payouts") or {}
    return [str(name) for name, amount in payouts.items() if amount]


def _odd_chip(gen: Gen) -> tuple[Table, Question] | None:
    # Three players, an odd ante and even wagers: everyone stays in and puts in the same
    # odd amount, so the pot is odd; the two tied lows share the low half, and the third
    # holds only nines to kings (no low to beat theirs).
    count = 3
    pair = gen.rng.sample(range(count), 2)
    low = gen.rng.sample((14, 2, 3, 4, 5, 6, 7, 8), 5)
    taken: set[Card] = set()
    forced = {i: _low_seven(gen, low, taken) for i in pair}
    high = [c for c in _high_cards() if c not in taken]
    gen.rng.shuffle(high)
    for i in range(count):
        if i not in forced:
            forced[i] = {pos: high.pop() for pos in range(7)}
    table = _to_showdown(gen, count, forced, ODD_CHIP_STAKES)
    if table is None:
        return None
    return table, Question(
        "award", N_("Two players tie for low. How is the pot paid, odd chips included?")
    )


def _high_cards() -> list[Card]:
    return [Card(rank, suit) for rank in range(9, 14) for suit in "cdhs"]


def _odd_chip_hit(table: Table, ruling: Ruling) -> bool:
    if "split.odd-chip" not in ruling.rules:
        return False
    half = table.hand.variant.low_half
    assert half is not None
    lows = [
        low_hand(half, [c for c, _up in s.cards if c is not None]) for s in table.live()
    ]
    values = [lo.value for lo in lows if lo is not None]
    return bool(values) and values.count(min(values)) >= 2


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
    if not gen.play(table, _over, weights=RAISING):
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


# ---------------------------------------------------------------------------- razz

#: The games played for low only.
RAZZ = games_where(lambda v: not v.has_high)


def _razz_bring_in(gen: Gen) -> tuple[Table, Question]:
    count = gen.n(2, 8)
    ranks = _low_ranks(count, gen)
    table = gen.table(count, forced=_doors(gen, count, ranks))
    return table, Question("bring-in", lead=N_("The game is razz."))


def _razz_bring_in_hit(table: Table, ruling: Ruling) -> bool:
    card = Card.parse(ruling.answer["card"])
    return "razz.bring-in" in ruling.rules and _door_ranks(table).count(card.rank) == 1


def _razz_first(gen: Gen) -> tuple[Table, Question] | None:
    made = _first_to_act(gen)
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
    table = _to_showdown(gen, gen.n(2, 4))
    if table is None:
        return None
    name = gen.rng.choice([s.name for s in table.live()])
    return table, Question("best-low", player=name, lead=N_("The game is razz."))


def _razz_low_hit(table: Table, ruling: Ruling) -> bool:
    return table.hand.is_over and "razz.low" in ruling.rules


# ---------------------------------------------------------------------------- irregularities


def _ruling_is(rule_id: str) -> Hit:
    def hit(table: Table, ruling: Ruling) -> bool:
        return ruling.kind == "ruling" and ruling.answer["rule"] == rule_id

    return hit


def _exposed_hole(gen: Gen) -> tuple[Table, Question]:
    table = gen.table(gen.n(2, 8))
    name = gen.rng.choice(_seat_names(table))
    pos = gen.rng.choice((1, 2))
    card = table.seat(name).cards[pos - 1][0]
    table.event(
        Irregularity(kind="dealer-exposes", players=(name,), positions=(pos,)),
        f"{{dealer-exposes: {name}, card: {pos}}}",
    )
    return table, Question(
        "ruling",
        # {position}: 1 or 2, which of the two down cards; {card}: the card ("Kh")
        N_(
            "On the deal, the dealer turns {name}'s card {position}, {card}, face up. "
            "What is the ruling?"
        ),
        params=(("name", name), ("position", str(pos)), ("card", card)),
    )


def _betting_street(gen: Gen, acted: int) -> tuple[Table, Street] | None:
    """A hand played (nobody folds) to fourth, fifth or sixth street after ``acted`` actions
    there, with the round still open; None to deal again."""
    table = gen.table(gen.n(3, 7))
    street = gen.rng.choice((Street.FOURTH, Street.FIFTH, Street.SIXTH))

    def at(t: Table) -> bool:
        return t.hand.street is street and len(t.street_actions()) >= acted

    if not gen.play(table, at, weights=QUIET) or table.hand.street is not street:
        return None
    if table.hand.to_act is None or table.hand.is_over:
        return None
    return table, street


def _premature(gen: Gen) -> tuple[Table, Question] | None:
    made = _betting_street(gen, gen.n(1, 2))
    if made is None:
        return None
    table, street = made
    # the dealer runs ahead: the next street's first card goes to the first live player in
    # dealing order, and only to them
    hand = table.hand
    names = [hand.players[i].name for i in hand.order if not hand.players[i].folded][:1]
    table.event(
        Irregularity(kind="premature", players=tuple(names)),
        f"{{premature: [{', '.join(names)}]}}",
    )
    after = STREETS[STREETS.index(street) + 1]
    return table, Question(
        "ruling",
        # {street}, {next}: the streets' words ("fourth", "fifth")
        N_(
            "Before the betting on {street} street is over, the dealer deals a {next} "
            "street card to {name}. What is the ruling?"
        ),
        params=(("street", street), ("next", after), ("name", names[0])),
    )


def _out_of_turn(gen: Gen) -> tuple[Table, Question] | None:
    made = _betting_street(gen, 0)
    if made is None:
        return None
    table, street = made
    hand = table.hand
    skipped = hand.to_act
    others = [s.name for s in table.actors() if s.name != skipped]
    if not others or not _round_open(table):
        return None
    order = [s.name for s in table.actors()]
    start = order.index(skipped) if skipped in order else 0
    behind = [n for n in order[start + 1 :] + order[:start] if n != skipped]
    acting = behind[: gen.n(1, min(2, len(behind)))]
    texts = [f"{n} checks" for n in acting]
    table.event(
        Irregularity(kind="out-of-turn", actions=tuple(texts)),
        "{out-of-turn: [" + ", ".join(json.dumps(t) for t in texts) + "]}",
    )
    lead = (
        N_("{name} is first to act on {street} street, but {first} checks out of turn.")
        if len(acting) == 1
        else N_(
            "{name} is first to act on {street} street, but {first} checks, then "
            "{second} checks, out of turn."
        )
    )
    return table, Question(
        "ruling",
        lead=lead,
        params=(
            ("name", skipped),
            ("street", street),
            *zip(("first", "second"), acting, strict=False),
        ),
    )


def _string_raise(gen: Gen) -> tuple[Table, Question] | None:
    table = gen.table(gen.n(2, 7))
    street = gen.rng.choice((Street.FOURTH, Street.FIFTH, Street.SIXTH))

    def policy(t: Table, name: str, legal: list[str]) -> str | None:
        if t.hand.street is street and not t.street_actions():
            return first(legal, "bet")
        return None

    def at(t: Table) -> bool:
        return (
            t.hand.street is street
            and t.hand.to_act is not None
            and first(t.hand.legal_actions(), "call") is not None
        )

    if not gen.play(table, at, weights=QUIET, policy=policy):
        return None
    if table.hand.street is not street or table.hand.to_act is None:
        return None
    name = table.hand.to_act
    call = first(table.hand.legal_actions(), "call")
    assert call is not None
    owed = call.split()[1]
    text = f"{name} puts in {owed}, then {owed} more"
    table.event(Irregularity(kind="chips", text=text), f"{{chips: {json.dumps(text)}}}")
    return table, Question(
        "ruling",
        N_(
            "Facing a bet of {owed}, {name} silently puts in {owed}, goes back to the "
            "stack and adds {owed} more. What is the ruling?"
        ),
        params=(("owed", Decimal(owed)), ("name", name)),
    )


# ---------------------------------------------------------------------------- the registry

_ALL: tuple[Target, ...] = (
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
    Target(
        "first-to-act-board",
        N_("The best board acts first"),
        "first-to-act",
        "first-to-act",
        2,
        _first_to_act,
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
    Target(
        "raises-left",
        N_("Raises left in a multiway round"),
        "raise-cap",
        "raises-left",
        2,
        _raises_left,
        _raises_left_hit,
    ),
    Target(
        "heads-up-cap",
        N_("The heads-up cap, which differs between presets"),
        "raise-cap",
        "raises-left",
        4,
        _heads_up,
        _heads_up_hit,
    ),
    Target(
        "capped",
        N_("The raises are capped"),
        "raise-cap",
        "legal-actions",
        3,
        _capped,
        _capped_hit,
    ),
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
    Target(
        "counterfeit-low",
        N_("A counterfeited low"),
        "low-qualification",
        "best-low",
        3,
        _counterfeit,
        _counterfeit_hit,
        games=HI_LO,
    ),
    Target(
        "low-qualifies",
        N_("Does the low qualify?"),
        "low-qualification",
        "low-qualifies",
        2,
        _qualifies,
        _qualifies_hit,
        games=HI_LO,
    ),
    Target(
        "best-high",
        N_("The best five of seven cards"),
        "showdown",
        "best-high",
        2,
        _best_high,
        _best_high_hit,
    ),
    Target(
        "showdown-order",
        N_("Who shows first"),
        "showdown",
        "showdown-order",
        3,
        _showdown_order,
        _showdown_order_hit,
    ),
    Target(
        "high-winner",
        N_("Who wins the high"),
        "showdown",
        "high-winner",
        2,
        _high_winner,
        _high_winner_hit,
    ),
    Target(
        "split-hi-lo",
        N_("Splitting the pot high and low"),
        "split-pot",
        "award",
        3,
        _split,
        _split_hit,
        games=HI_LO,
    ),
    Target(
        "odd-chip-tied-lows",
        N_("The odd chip between tied lows"),
        "split-pot",
        "award",
        5,
        _odd_chip,
        _odd_chip_hit,
        games=HI_LO,
    ),
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
    Target(
        "irr-exposed-hole",
        N_("A hole card turned up on the deal"),
        "irregularities",
        "ruling",
        3,
        _exposed_hole,
        _ruling_is("irr.exposed-hole"),
        games=ALL_GAMES,
        presets=IRR_PRESETS,
    ),
    Target(
        "irr-premature",
        N_("A card dealt before the betting is over"),
        "irregularities",
        "ruling",
        4,
        _premature,
        _ruling_is("irr.premature"),
        games=ALL_GAMES,
        presets=IRR_PRESETS,
    ),
    Target(
        "irr-out-of-turn",
        N_("A check out of turn"),
        "irregularities",
        "ruling",
        4,
        _out_of_turn,
        _ruling_is("irr.out-of-turn"),
        games=ALL_GAMES,
        presets=IRR_PRESETS,
    ),
    Target(
        "irr-string-raise",
        N_("Chips in two motions: a string raise"),
        "irregularities",
        "ruling",
        3,
        _string_raise,
        _ruling_is("irr.string-raise"),
        games=ALL_GAMES,
        presets=IRR_PRESETS,
    ),
)

#: Target name -> Target, in course order.
TARGETS: Mapping[str, Target] = MappingProxyType({t.name: t for t in _ALL})


def target_names() -> tuple[str, ...]:
    return tuple(TARGETS)


def targets_for(game: str) -> tuple[Target, ...]:
    """The targets that apply to ``game``."""
    return tuple(t for t in TARGETS.values() if game in t.games)
