"""English for what is wrong with a hand's setup: stakes, seats, cards, house rules, a late start.

The words name the scenario format's keys (``stakes.bring_in``, ```community:```) because the
learner who reads them wrote a scenario; the engine itself says only the message key, its
values, and where the fault lies (``TableError.where``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from tutor.engine.values import Street
from tutor.wording import Params, Template
from tutor.wording.en.common import joined, said


def _stakes_value(what: str) -> Callable[[Params], str]:
    def template(p: Params) -> str:
        return f"stakes.{p.raw('field')} must be {what}, not {p.raw('value')!r}."

    return template


def _folded_cards(p: Params) -> str:
    street = p.raw("street")
    return (
        f"{p['player']} folded before {street.value} street"
        + (" betting opened" if street is not Street.SHOWDOWN else "")
        + f", so holds at most {p['most']} cards (those dealt before the fold), "
        f"but lists {p['count']}: list only the cards {p['player']} was dealt (deal.order)."
    )


def _live_cards(p: Params) -> str:
    street = p.raw("street")
    where = (
        "at the showdown" if street is Street.SHOWDOWN else f"on {street.value} street"
    )
    shared = " besides the community card" if p.raw("hold") == 6 else ""
    hint = (
        " If seventh street is a shared card, give it in `community:` and list six cards "
        "per seat (river.community)."
        if p.raw("community_hint")
        else ""
    )
    return (
        f"{p['player']} is still in the hand {where}, so holds {p['hold']} cards{shared} "
        f"(write ?? for a card the learner does not see); the scenario lists {p['count']}.{hint}"
    )


CATALOGUE: Mapping[str, Template] = {
    # Amounts (tutor.engine.values.to_decimal) and stakes.
    "setup.amount.not-amount": _stakes_value("an amount"),
    "setup.amount.unreadable": _stakes_value("an amount such as 2 or 0.25"),
    "setup.amount.not-finite": _stakes_value("a finite amount"),
    "setup.stakes.small-bet-positive": "stakes.small_bet must be more than 0, not {amount}.",
    "setup.stakes.big-below-small": (
        "stakes.big_bet ({big}) must be at least the small bet ({small}): fixed limit uses "
        "the small bet on third and fourth street and the big bet after (limit.big)."
    ),
    "setup.stakes.ante-negative": "stakes.ante must be 0 or more, not {amount} (ante.post).",
    "setup.stakes.bring-in-range": (
        "stakes.bring_in must be more than 0 and at most the small bet ({small}), "
        "not {amount} (bring-in.amount)."
    ),
    "setup.stakes.chip-positive": "stakes.chip must be more than 0, not {amount}.",
    "setup.stakes.not-whole-chips": (
        "stakes.{field} ({amount}) is not a whole number of chips of {chip}: "
        "set stakes.chip to a unit that divides every amount."
    ),
    "setup.stakes.rake-incomplete": "stakes.rake needs both percent and cap (pot.rake).",
    "setup.stakes.rake-percent-range": "stakes.rake.percent must be 0 to 100, not {amount}.",
    "setup.stakes.rake-cap-negative": "stakes.rake.cap must be 0 or more, not {amount}.",
    # Seats and the button.
    "setup.seats.too-many": (
        "{count} seats: a stud table seats 2 to 8 players, because a 52-card deck cannot give "
        "9 or more players seven cards each (table.seats)."
    ),
    "setup.seats.too-few": "{count} seat(s): a stud hand needs 2 to 8 players (table.seats).",
    "setup.seats.too-many-cards": (
        "the seats list {count} cards in all, more than a 52-card deck holds."
    ),
    "setup.seat.number-range": lambda p: (
        f"seat number {p.raw('seat')!r} is not 1 to 10."
    ),
    "setup.seat.number-twice": "seat {seat} is given twice: each seat number once.",
    "setup.seat.no-name": "seat {seat} needs a name.",
    "setup.seat.name-twice": lambda p: (
        f"the name {p.raw('name')!r} is used twice: give each player a different name."
    ),
    "setup.seat.stack-negative": "{player}'s stack is {stack}: a stack is 0 or more.",
    "setup.seat.stack-empty": (
        "{player}'s stack is {stack}: a player dealt in needs chips for the ante; give a "
        "stack of more than 0 (ante.post)."
    ),
    "setup.seat.too-many-cards": "{player} has {count} cards: a stud hand has at most 7.",
    "setup.button.range": lambda p: (
        f"button {p.raw('button')!r} is not a seat number 1 to 10 (or null for a house dealer)."
    ),
    # A hand that starts on a later street.
    "setup.start.folded-cards": _folded_cards,
    "setup.start.live-cards": _live_cards,
    "setup.start.too-few-live": (
        "a hand that starts later needs at least two players still in (not folded)."
    ),
    "setup.start.unequal-committed": (
        "{player} and {other} are both still in with chips, yet have put in {committed} and "
        "{level}: when a street begins, every player still in with chips has put in the same "
        "amount, because the last round ended only when each had called (round.end). Make "
        "their committed chips equal, or give the short player a stack of 0 (all in)."
    ),
    "setup.start.all-in-over": (
        "{player} is all in for {committed}, more than the {level} put in by the players still "
        "in with chips: they would still owe a call, so the street cannot have begun "
        "(round.end). Lower the all-in player's committed chips or raise the others'."
    ),
    # The community card.
    "setup.community.never-needed": lambda p: (
        "`community:` gives a card, but this hand can never need one: "
        f"{said(p, 'why')} (river.community): remove `community:`."
    ),
    "setup.community.not-needed": lambda p: (
        "`community:` gives a card, but here seventh street is dealt to each player "
        f"({said(p, 'why')}) (river.community): give each player a seventh card and remove "
        "`community:`."
    ),
    "setup.community.needed": lambda p: (
        f"seventh street must be a community card here ({said(p, 'why')}) (river.community): "
        "give six cards per live seat and the shared card in `community:`."
    ),
    "setup.community.missing": (
        "seventh street is a community card here (river.community), but `community:` gives "
        "none: add the shared card."
    ),
    "setup.community.seventh-listed": lambda p: (
        "seventh street is a community card here (river.community), yet "
        f"{p['player']} lists a seventh card ({p['card'] or '??'}): list six cards per seat "
        "and put the shared card in `community:`."
    ),
    "setup.community.dealt-down": lambda p: (
        "`community:` gives a card, but seventh street is dealt to each player here "
        f"({said(p, 'why')}) (river.community): remove `community:`."
    ),
    # Cards.
    "card.no-such": lambda p: (
        f"no such card: rank {p.raw('rank')!r}, suit {p.raw('suit')!r}"
    ),
    "card.unreadable": lambda p: (
        f"{p.raw('text')!r} is not a card: write a rank 2-9, T, J, Q, K, A (or 10) and a "
        "suit c, d, h, s, as in 'Ah', 'td' or '10d'."
    ),
    "card.dealt-twice": (
        "{card} is dealt twice in this hand: a deck holds each card once, so give each card "
        "to one place only."
    ),
    # House rules.
    "setup.rules.unknown-preset": lambda p: (
        f"unknown rules preset {p.raw('preset')!r}: use one of {joined(p, 'presets')}."
    ),
    "setup.rules.unknown-game": lambda p: (
        f"unknown game {p.raw('game')!r}: use one of {joined(p, 'games')}."
    ),
    "setup.house.no-open-pair": lambda p: (
        f"house rule open_pair_option cannot be true in {p.raw('game').value}: a pair on "
        "fourth street never allows the big bet there (razz.limits)."
    ),
    "setup.house.unknown-field": lambda p: (
        f"unknown house rule {p.raw('name')!r}: the fields are {joined(p, 'fields')}."
    ),
    "setup.house.not-bool": lambda p: (
        f"house rule {p['name']} takes true or false, not {p.raw('value')!r}."
    ),
    "setup.house.not-count": lambda p: (
        f"house rule {p['name']} takes a whole number of 1 or more, not {p.raw('value')!r}."
    ),
    "setup.house.not-one-of": lambda p: (
        f"house rule {p['name']} takes one of {joined(p, 'allowed')}, not {p.raw('value')!r}."
    ),
}
