"""English for what is wrong with a hand's setup: stakes, seats, cards, house rules, a late start.

The words name the scenario format's keys (``stakes.bring_in``, ```community:```) because the
learner who reads them wrote a scenario; the engine itself says only the message key, its
values, and where the fault lies (``TableError.where``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from tutor.engine import Street
from tutor.i18n import N_
from tutor.wording import Params, Template
from tutor.wording.en.common import joined, said


def _stakes_value(what: str) -> Callable[[Params], str]:
    """``stakes.<field> must be <what>, not <value>.``: ``what`` is an entry of the key."""

    def template(p: Params) -> str:
        return p.t(what, field=str(p.raw("field")), value=repr(p.raw("value")))

    return template


def _folded_cards(p: Params) -> str:
    if p.raw("street") is Street.SHOWDOWN:
        return p.t(
            "{player} folded before the showdown, so holds at most {most} cards (those "
            "dealt before the fold), but lists {count}: list only the cards {player} was "
            "dealt (deal.order)."
        )
    return p.t(
        "{player} folded before {street} street betting opened, so holds at most {most} "
        "cards (those dealt before the fold), but lists {count}: list only the cards "
        "{player} was dealt (deal.order)."
    )


def _live_cards(p: Params) -> str:
    if p.raw("street") is Street.SHOWDOWN:
        where = p.t("at the showdown")
    else:
        where = p.t("on {street} street")
    if p.raw("hold") == 6:
        text = p.t(
            "{player} is still in the hand {where}, so holds {hold} cards besides the "
            "community card (write ?? for a card the learner does not see); the scenario "
            "lists {count}.",
            where=where,
        )
    else:
        text = p.t(
            "{player} is still in the hand {where}, so holds {hold} cards (write ?? for a "
            "card the learner does not see); the scenario lists {count}.",
            where=where,
        )
    if p.raw("community_hint"):
        text += " " + p.t(
            "If seventh street is a shared card, give it in `community:` and list six "
            "cards per seat (river.community)."
        )
    return text


CATALOGUE: Mapping[str, Template] = {
    # Amounts (tutor.engine.values.to_decimal) and stakes.
    # {field} is a key of the scenario format (small_bet, ante...), kept as written;
    # {value} what the scenario gave.
    "setup.amount.not-amount": _stakes_value(
        N_("stakes.{field} must be an amount, not {value}.")
    ),
    "setup.amount.unreadable": _stakes_value(
        N_("stakes.{field} must be an amount such as 2 or 0.25, not {value}.")
    ),
    "setup.amount.not-finite": _stakes_value(
        N_("stakes.{field} must be a finite amount, not {value}.")
    ),
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
    "setup.seat.number-range": lambda p: p.t(
        "seat number {seat} is not 1 to 10.", seat=repr(p.raw("seat"))
    ),
    "setup.seat.number-twice": "seat {seat} is given twice: each seat number once.",
    "setup.seat.no-name": "seat {seat} needs a name.",
    "setup.seat.name-twice": lambda p: p.t(
        "the name {name} is used twice: give each player a different name.",
        name=repr(p.raw("name")),
    ),
    "setup.seat.stack-negative": "{player}'s stack is {stack}: a stack is 0 or more.",
    "setup.seat.stack-empty": (
        "{player}'s stack is {stack}: a player dealt in needs chips for the ante; give a "
        "stack of more than 0 (ante.post)."
    ),
    "setup.seat.too-many-cards": "{player} has {count} cards: a stud hand has at most 7.",
    "setup.button.range": lambda p: p.t(
        "button {button} is not a seat number 1 to 10 (or null for a house dealer).",
        button=repr(p.raw("button")),
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
    "setup.community.never-needed": lambda p: p.t(
        "`community:` gives a card, but this hand can never need one: {why} "
        "(river.community): remove `community:`.",
        why=said(p, "why"),
    ),
    "setup.community.not-needed": lambda p: p.t(
        "`community:` gives a card, but here seventh street is dealt to each player "
        "({why}) (river.community): give each player a seventh card and remove "
        "`community:`.",
        why=said(p, "why"),
    ),
    "setup.community.needed": lambda p: p.t(
        "seventh street must be a community card here ({why}) (river.community): give "
        "six cards per live seat and the shared card in `community:`.",
        why=said(p, "why"),
    ),
    "setup.community.missing": (
        "seventh street is a community card here (river.community), but `community:` gives "
        "none: add the shared card."
    ),
    "setup.community.seventh-listed": lambda p: p.t(
        "seventh street is a community card here (river.community), yet {player} lists "
        "a seventh card ({card}): list six cards per seat and put the shared card in "
        "`community:`.",
        card=p["card"] or "??",
    ),
    "setup.community.dealt-down": lambda p: p.t(
        "`community:` gives a card, but seventh street is dealt to each player here "
        "({why}) (river.community): remove `community:`.",
        why=said(p, "why"),
    ),
    # Cards.
    "card.no-such": lambda p: p.t(
        "no such card: rank {rank}, suit {suit}",
        rank=repr(p.raw("rank")),
        suit=repr(p.raw("suit")),
    ),
    # The card letters are the notation (T, J, Q, K, A; c, d, h, s): keep them.
    "card.unreadable": lambda p: p.t(
        "{text} is not a card: write a rank 2-9, T, J, Q, K, A (or 10) and a suit c, d, "
        "h, s, as in 'Ah', 'td' or '10d'.",
        text=repr(p.raw("text")),
    ),
    "card.dealt-twice": (
        "{card} is dealt twice in this hand: a deck holds each card once, so give each card "
        "to one place only."
    ),
    # House rules.
    # Preset, game and house-rule names and values are the format's: keep them as written.
    "setup.rules.unknown-preset": lambda p: p.t(
        "unknown rules preset {preset}: use one of {presets}.",
        preset=repr(p.raw("preset")),
        presets=joined(p, "presets"),
    ),
    "setup.rules.unknown-game": lambda p: p.t(
        "unknown game {game}: use one of {games}.",
        game=repr(p.raw("game")),
        games=joined(p, "games"),
    ),
    "setup.house.no-open-pair": lambda p: p.t(
        "house rule open_pair_option cannot be true in {game}: a pair on fourth street "
        "never allows the big bet there (razz.limits).",
        game=p.raw("game").value,
    ),
    "setup.house.unknown-field": lambda p: p.t(
        "unknown house rule {name}: the fields are {fields}.",
        name=repr(p.raw("name")),
        fields=joined(p, "fields"),
    ),
    "setup.house.not-bool": lambda p: p.t(
        "house rule {name} takes true or false, not {value}.",
        value=repr(p.raw("value")),
    ),
    "setup.house.not-count": lambda p: p.t(
        "house rule {name} takes a whole number of 1 or more, not {value}.",
        value=repr(p.raw("value")),
    ),
    "setup.house.not-one-of": lambda p: p.t(
        "house rule {name} takes one of {allowed}, not {value}.",
        allowed=joined(p, "allowed"),
        value=repr(p.raw("value")),
    ),
}
