"""Targets on the showdown: best hands, the low's qualifier, who shows and wins, split pots
and odd chips."""

from __future__ import annotations

from collections.abc import Mapping

from tutor.drills.generator import (
    Gen,
    Question,
    Table,
)
from tutor.drills.targets.base import (
    HI_LO,
    ODD_CHIP_STAKES,
    QUIET,
    Target,
    _rank_value_low,
    cards_of_ranks,
    hand_over,
)
from tutor.engine import Card, Ruling, low_hand
from tutor.i18n import N_


def to_showdown(
    gen: Gen,
    count: int,
    forced: Mapping[int, Mapping[int, Card]] | None = None,
    stakes_options: tuple[tuple[str, str, str, str | None], ...] | None = None,
) -> Table | None:
    stakes = gen.stakes(stakes_options) if stakes_options else None
    table = gen.table(count, forced=forced, stakes=stakes)
    if not gen.play(table, hand_over, weights=QUIET):
        return None
    return table


def _seven(gen: Gen, ranks: list[int], taken: set[Card]) -> dict[int, Card]:
    cards = cards_of_ranks(gen, ranks, taken)
    gen.rng.shuffle(cards)
    return dict(enumerate(cards))


def _best_high(gen: Gen) -> tuple[Table, Question] | None:
    count = gen.n(2, 4)
    table = to_showdown(gen, count)
    if table is None:
        return None
    name = gen.rng.choice([s.name for s in table.live()])
    return table, Question("best-high", player=name)


def _best_high_hit(table: Table, ruling: Ruling) -> bool:
    return table.hand.is_over and len(ruling.answer["cards"]) == 5


def _showdown_order(gen: Gen) -> tuple[Table, Question] | None:
    table = to_showdown(gen, gen.n(2, 4))
    if table is None:
        return None
    return table, Question("showdown-order", lead=N_("The last round is over."))


def _showdown_order_hit(table: Table, ruling: Ruling) -> bool:
    return table.hand.is_over and len(table.live()) >= 2


def _high_winner(gen: Gen) -> tuple[Table, Question] | None:
    table = to_showdown(gen, gen.n(3, 5))
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
    table = to_showdown(gen, count, forced)
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


def _low_seven(gen: Gen, low: list[int], taken: set[Card]) -> dict[int, Card]:
    highs = gen.rng.sample(range(9, 14), 2)
    return _seven(gen, [*low, *highs], taken)


def _split(gen: Gen) -> tuple[Table, Question] | None:
    count = gen.n(2, 4)
    who = gen.rng.randrange(count)
    taken: set[Card] = set()
    low = gen.rng.sample((14, 2, 3, 4, 5, 6, 7, 8), 5)
    table = to_showdown(gen, count, {who: _low_seven(gen, low, taken)})
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
    table = to_showdown(gen, count, forced, ODD_CHIP_STAKES)
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


#: This topic's targets, in course order.
ENTRIES: tuple[Target, ...] = (
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
)
