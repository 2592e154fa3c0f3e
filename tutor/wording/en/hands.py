"""English for hands and boards: what a high hand, a low and a board showing are called."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from tutor.wording import Params, Template
from tutor.wording.en.common import and_list

#: Rank (2..14, and 1 for an ace counted low) to its English name.
NAMES = {
    1: "ace",
    2: "two",
    3: "three",
    4: "four",
    5: "five",
    6: "six",
    7: "seven",
    8: "eight",
    9: "nine",
    10: "ten",
    11: "jack",
    12: "queen",
    13: "king",
    14: "ace",
}
#: Suit letter to its English name.
SUITS = {"c": "clubs", "d": "diamonds", "h": "hearts", "s": "spades"}
#: The rank characters as written in a low: ``A`` for the ace.
CHARS = {1: "A", 10: "T", 11: "J", 12: "Q", 13: "K", 14: "A"}


def name(rank: int) -> str:
    """``king``."""
    return NAMES[rank]


def plural(rank: int) -> str:
    """``kings``, ``sixes``."""
    word = NAMES[rank]
    return word + ("es" if word == "six" else "s")


def a(rank: int) -> str:
    """The rank with its article: ``an ace``, ``a nine``."""
    word = NAMES[rank]
    return ("an " if word[0] in "ae" else "a ") + word


def listing(ranks: Iterable[int]) -> str:
    """``a king, a nine and a four``."""
    return and_list([a(r) for r in ranks])


def char(rank: int) -> str:
    """``8``, ``T``, ``A``."""
    return CHARS.get(rank, str(rank))


def dashed(ranks: Iterable[int]) -> str:
    """A low as players write it: ``7-5-4-2-A``."""
    return "-".join(char(r) for r in ranks)


def _spoken(p: Params) -> str:
    card = p.raw("card")
    return f"{NAMES[card.rank]} of {SUITS[card.suit]}"


def _named_low(p: Params) -> str:
    r = p.raw("ranks")
    return f"{name(r[0])}-{name(r[1])} low ({dashed(r)})"


def _board_low(p: Params) -> str:
    return f"{dashed(p.raw('ranks'))} low"


CATALOGUE: Mapping[str, Template] = {
    # A card named for a screen reader (Card.said): ``ace of hearts``.
    "card.spoken": _spoken,
    # Cards that cannot be evaluated (hands.best_high / best_low / best_razz).
    "hand.unknown-card": (
        "an unknown card (None, written ??) cannot be evaluated: give every card of the hand."
    ),
    "hand.not-a-card-or-index": (
        "{what} is not a card: give Card objects (Card.parse('Ah')) or card indices 0..51."
    ),
    "hand.card-count": (
        "a hand is made from 5 to 8 cards (seven, plus a community card), not {count}: "
        "give every card the player holds."
    ),
    "hand.text-not-cards": "{what} is text, not cards: read it first with parse_cards({what}).",
    "hand.not-a-card": "{what} is not a card: give Card objects, e.g. Card.parse('Ah').",
    "hand.card-twice": "{card} is given twice: a deck holds each card once, so list it once.",
    "hand.unreadable": (
        "{what} cannot be read as cards: give Card objects, e.g. parse_cards('Ah Kd 7c 7d 2s')."
    ),
    # A high hand (hands.HighHand.said): the deciding ranks, 2..14.
    "hand.high.high-card": lambda p: (
        f"high card, {name(p.raw('high'))} with {listing(p.raw('kickers'))}"
    ),
    "hand.high.pair": lambda p: (
        f"pair, {plural(p.raw('pair'))} with {listing(p.raw('kickers'))}"
    ),
    "hand.high.two-pair": lambda p: (
        f"two pair, {plural(p.raw('top'))} and {plural(p.raw('bottom'))} "
        f"with {a(p.raw('kicker'))}"
    ),
    "hand.high.three-of-a-kind": lambda p: (
        f"three of a kind, {plural(p.raw('trips'))} with {listing(p.raw('kickers'))}"
    ),
    "hand.high.straight": lambda p: f"straight, {name(p.raw('high'))} high",
    "hand.high.flush": lambda p: (
        f"flush, {name(p.raw('high'))} high with {listing(p.raw('kickers'))}"
    ),
    "hand.high.full-house": lambda p: (
        f"full house, {plural(p.raw('trips'))} full of {plural(p.raw('pair'))}"
    ),
    "hand.high.four-of-a-kind": lambda p: (
        f"four of a kind, {plural(p.raw('quads'))} with {a(p.raw('kicker'))}"
    ),
    "hand.high.straight-flush": lambda p: f"straight flush, {name(p.raw('high'))} high",
    "hand.high.royal-flush": "straight flush, ace high (a royal flush)",
    # A low (hands.LowHand): ranks highest first, the ace 1.
    "hand.low.ranks": lambda p: dashed(p.raw("ranks")),
    "hand.low.named": _named_low,
    # What a board shows (boards.board_said): ranks 2..14.
    "board.nothing": "nothing",
    "board.four-of-a-kind": lambda p: f"four {plural(p.raw('rank'))}",
    "board.full-house": lambda p: (
        f"{plural(p.raw('trips'))} full of {plural(p.raw('pair'))}"
    ),
    "board.three-of-a-kind": lambda p: f"three {plural(p.raw('rank'))}",
    "board.two-pair": lambda p: (
        f"two pair, {plural(p.raw('top'))} and {plural(p.raw('bottom'))}"
    ),
    "board.pair": lambda p: f"a pair of {plural(p.raw('rank'))}",
    "board.high-card": lambda p: f"{name(p.raw('rank'))} high",
    "board.low": _board_low,
}
