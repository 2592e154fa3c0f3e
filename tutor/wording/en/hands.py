"""English for hands and boards: what a high hand, a low and a board showing are called.

The ranks' and suits' words are entries of their own (``word.rank.13`` is "king",
``word.ranks.13`` "kings", ``word.a-rank.13`` "a king"), so each language writes them
with its own plurals and articles.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from tutor import numbers
from tutor.wording import Params, Template

#: The rank characters as written in a low: ``A`` for the ace.
CHARS = {1: "A", 10: "T", 11: "J", 12: "Q", 13: "K", 14: "A"}


def _rank(rank: int) -> int:
    return 14 if rank == 1 else rank


def name(p: Params, rank: int) -> str:
    """``king``."""
    return p.word(f"word.rank.{_rank(rank)}")


def plural(p: Params, rank: int) -> str:
    """``kings``, ``sixes``."""
    return p.word(f"word.ranks.{_rank(rank)}")


def a(p: Params, rank: int) -> str:
    """The rank with its article: ``an ace``, ``a nine``."""
    return p.word(f"word.a-rank.{_rank(rank)}")


def listing(p: Params, ranks: Iterable[int]) -> str:
    """``a king, a nine and a four``."""
    return numbers.format_list([a(p, r) for r in ranks], p.lang)


def char(rank: int) -> str:
    """``8``, ``T``, ``A``."""
    return CHARS.get(rank, str(rank))


def dashed(ranks: Iterable[int]) -> str:
    """A low as players write it: ``7-5-4-2-A``."""
    return "-".join(char(r) for r in ranks)


def _spoken(p: Params) -> str:
    card = p.raw("card")
    return p.t(
        "{rank} of {suit}",
        rank=name(p, card.rank),
        suit=p.word(f"word.suit.{card.suit}"),
    )


def _named_low(p: Params) -> str:
    r = p.raw("ranks")
    return p.t(
        "{first}-{second} low ({dashed})",
        first=name(p, r[0]),
        second=name(p, r[1]),
        dashed=dashed(r),
    )


CATALOGUE: Mapping[str, Template] = {
    # A rank's name (2 to 14, the ace 14): "king" in "king high", "the king".
    "word.rank.2": "two",
    "word.rank.3": "three",
    "word.rank.4": "four",
    "word.rank.5": "five",
    "word.rank.6": "six",
    "word.rank.7": "seven",
    "word.rank.8": "eight",
    "word.rank.9": "nine",
    "word.rank.10": "ten",
    "word.rank.11": "jack",
    "word.rank.12": "queen",
    "word.rank.13": "king",
    "word.rank.14": "ace",
    # A rank's plural: "kings" in "pair, kings with..." and "three kings".
    "word.ranks.2": "twos",
    "word.ranks.3": "threes",
    "word.ranks.4": "fours",
    "word.ranks.5": "fives",
    "word.ranks.6": "sixes",
    "word.ranks.7": "sevens",
    "word.ranks.8": "eights",
    "word.ranks.9": "nines",
    "word.ranks.10": "tens",
    "word.ranks.11": "jacks",
    "word.ranks.12": "queens",
    "word.ranks.13": "kings",
    "word.ranks.14": "aces",
    # A rank with its article: "a king" in "with a king, a nine and a four".
    "word.a-rank.2": "a two",
    "word.a-rank.3": "a three",
    "word.a-rank.4": "a four",
    "word.a-rank.5": "a five",
    "word.a-rank.6": "a six",
    "word.a-rank.7": "a seven",
    "word.a-rank.8": "an eight",
    "word.a-rank.9": "a nine",
    "word.a-rank.10": "a ten",
    "word.a-rank.11": "a jack",
    "word.a-rank.12": "a queen",
    "word.a-rank.13": "a king",
    "word.a-rank.14": "an ace",
    # A suit's name: "clubs" in "king of clubs".
    "word.suit.c": "clubs",
    "word.suit.d": "diamonds",
    "word.suit.h": "hearts",
    "word.suit.s": "spades",
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
    # A high hand (hands.HighHand.said): the deciding ranks, 2..14. {high} is a rank's name
    # ("king"), {pair}, {trips}... its plural ("kings"), {kickers} ranks with their
    # articles ("a nine and a four").
    "hand.high.high-card": lambda p: p.t(
        "high card, {high} with {kickers}",
        high=name(p, p.raw("high")),
        kickers=listing(p, p.raw("kickers")),
    ),
    "hand.high.pair": lambda p: p.t(
        "pair, {pair} with {kickers}",
        pair=plural(p, p.raw("pair")),
        kickers=listing(p, p.raw("kickers")),
    ),
    "hand.high.two-pair": lambda p: p.t(
        "two pair, {top} and {bottom} with {kicker}",
        top=plural(p, p.raw("top")),
        bottom=plural(p, p.raw("bottom")),
        kicker=a(p, p.raw("kicker")),
    ),
    "hand.high.three-of-a-kind": lambda p: p.t(
        "three of a kind, {trips} with {kickers}",
        trips=plural(p, p.raw("trips")),
        kickers=listing(p, p.raw("kickers")),
    ),
    "hand.high.straight": lambda p: p.t(
        "straight, {high} high", high=name(p, p.raw("high"))
    ),
    "hand.high.flush": lambda p: p.t(
        "flush, {high} high with {kickers}",
        high=name(p, p.raw("high")),
        kickers=listing(p, p.raw("kickers")),
    ),
    "hand.high.full-house": lambda p: p.t(
        "full house, {trips} full of {pair}",
        trips=plural(p, p.raw("trips")),
        pair=plural(p, p.raw("pair")),
    ),
    "hand.high.four-of-a-kind": lambda p: p.t(
        "four of a kind, {quads} with {kicker}",
        quads=plural(p, p.raw("quads")),
        kicker=a(p, p.raw("kicker")),
    ),
    "hand.high.straight-flush": lambda p: p.t(
        "straight flush, {high} high", high=name(p, p.raw("high"))
    ),
    "hand.high.royal-flush": "straight flush, ace high (a royal flush)",
    # A low (hands.LowHand): ranks highest first, the ace 1; {dashed} is the low as players
    # write it (7-5-4-2-A), {first} and {second} its two highest ranks' names.
    "hand.low.ranks": lambda p: dashed(p.raw("ranks")),
    "hand.low.named": _named_low,
    # What a board shows (boards.board_said): ranks 2..14.
    "board.nothing": "nothing",
    "board.four-of-a-kind": lambda p: p.t("four {rank}", rank=plural(p, p.raw("rank"))),
    "board.full-house": lambda p: p.t(
        "{trips} full of {pair}",
        trips=plural(p, p.raw("trips")),
        pair=plural(p, p.raw("pair")),
    ),
    "board.three-of-a-kind": lambda p: p.t(
        "three {rank}", rank=plural(p, p.raw("rank"))
    ),
    "board.two-pair": lambda p: p.t(
        "two pair, {top} and {bottom}",
        top=plural(p, p.raw("top")),
        bottom=plural(p, p.raw("bottom")),
    ),
    "board.pair": lambda p: p.t("a pair of {rank}", rank=plural(p, p.raw("rank"))),
    "board.high-card": lambda p: p.t("{rank} high", rank=name(p, p.raw("rank"))),
    "board.low": lambda p: p.t("{dashed} low", dashed=dashed(p.raw("ranks"))),
}
