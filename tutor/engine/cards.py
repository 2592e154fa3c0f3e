"""Cards: parsing, printing and the orders used for single-card comparisons."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from tutor.engine.errors import CardError
from tutor.engine.messages import Message, msg

RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "cdhs"
#: Suit order low to high, for the bring-in and odd-chip tie-breaks (rule ``bring-in.who``).
SUIT_ORDER = {"c": 0, "d": 1, "h": 2, "s": 3}
SUIT_SYMBOLS = {"c": "\u2663", "d": "\u2666", "h": "\u2665", "s": "\u2660"}
UNKNOWN = "??"
#: Where the parts of ``Card.bits`` start (see there): 13 rank counters of 4 bits from bit 0
#: (rank 2 lowest), 4 suit counters of 4 bits from ``BITS_SUITS`` (c d h s), then one bit per
#: card index from ``BITS_CARDS``.
BITS_SUITS = 52
BITS_CARDS = 68
#: (rank, suit) -> the card's index, for every card.
_INDEX = {
    (r, s): (r - 2) * 4 + i for r in range(2, 15) for i, s in enumerate(SUIT_ORDER)
}


@dataclass(frozen=True, slots=True, order=False)
class Card:
    """One card. ``rank`` is 2..14 (ace 14), ``suit`` one of ``c d h s``.

    >>> Card.parse("10d"), Card.parse("as").text
    (Card('Td'), 'As')
    >>> Card.parse("1x")
    Traceback (most recent call last):
    ...
    tutor.engine.errors.CardError: '1x' is not a card: write a rank 2-9, T, J, Q, K, A (or 10)
    and a suit c, d, h, s, as in 'Ah', 'td' or '10d'.
    """

    rank: int
    suit: str
    #: 0..51, rank-major: 2c=0, 2d=1, ..., As=51 (worked out once, when the card is made).
    index: int = field(init=False, repr=False, compare=False)
    #: The card as bit fields for the hand evaluators: a 1 in its rank's 4-bit counter, a 1 in
    #: its suit's counter (from ``BITS_SUITS``) and bit ``BITS_CARDS + index``. Adding the
    #: ``bits`` of a hand counts its ranks and suits in one pass, and the card bits of the sum
    #: are one per card exactly when no card is repeated (a repeat carries into another bit).
    bits: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        index = _INDEX.get((self.rank, self.suit))
        if index is None:  # (rank, suit) is not a card of the deck
            raise CardError(msg("card.no-such", None, rank=self.rank, suit=self.suit))
        # Worked out once: the index and the evaluators' bit fields.
        object.__setattr__(self, "index", index)
        bits = (
            (1 << (4 * (index >> 2)))
            | (1 << (BITS_SUITS + 4 * (index & 3)))
            | (1 << (BITS_CARDS + index))
        )
        object.__setattr__(self, "bits", bits)

    def __hash__(self) -> int:
        """The index: equal cards have equal indices (and it is quicker than hashing fields)."""
        return self.index

    @property
    def text(self) -> str:
        """The card as written in scenarios: ``Ah``, ``Td``."""
        return RANK_CHARS[self.rank - 2] + self.suit

    @property
    def rank_char(self) -> str:
        return RANK_CHARS[self.rank - 2]

    @property
    def symbol(self) -> str:
        """Rank and suit symbol, for display: ``A♥``, ``10♦``."""
        r = "10" if self.rank == 10 else self.rank_char
        return r + SUIT_SYMBOLS[self.suit]

    @property
    def said(self) -> Message:
        """The card named in words, for a screen reader (English: ``ace of hearts``)."""
        return msg("card.spoken", None, card=self)

    @property
    def low_rank(self) -> int:
        """Rank for ace-to-five lows: the ace counts 1."""
        return 1 if self.rank == 14 else self.rank

    def bring_in_key(self) -> tuple[int, int]:
        """Order for the bring-in: rank (ace high), then suit c < d < h < s."""
        return (self.rank, SUIT_ORDER[self.suit])

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Card({self.text!r})"

    @staticmethod
    def parse(text: str) -> Card:
        """Read one card; raise :class:`CardError` naming the text if it is not one."""
        card = _BY_TEXT.get(text.strip().lower()) if isinstance(text, str) else None
        if card is None:
            raise CardError(msg("card.unreadable", None, text=text))
        return card


DECK: tuple[Card, ...] = tuple(Card(r, s) for r in range(2, 15) for s in SUIT_CHARS)
_BY_TEXT: dict[str, Card] = {}
for _c in DECK:
    _BY_TEXT[_c.text.lower()] = _c
    if _c.rank == 10:
        _BY_TEXT["10" + _c.suit] = _c


def parse_cards(text: str | Iterable[str]) -> list[Card | None]:
    """Read cards from ``"Ah Kd ??"`` or a list of strings; ``??`` (unknown) becomes ``None``.

    >>> parse_cards("Ah 10d ??")
    [Card('Ah'), Card('Td'), None]
    """
    words = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    out: list[Card | None] = []
    for word in words:
        word = str(word).strip()
        out.append(None if word == UNKNOWN else Card.parse(word))
    return out


def check_unique(cards: Iterable[Card | None]) -> None:
    """Raise :class:`CardError` if a card appears twice in a hand (a card may appear once)."""
    seen: set[Card] = set()
    for card in cards:
        if card is None:
            continue
        if card in seen:
            raise CardError(msg("card.dealt-twice", None, card=card))
        seen.add(card)
