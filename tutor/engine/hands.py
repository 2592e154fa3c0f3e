"""Hand values: the best high hand and the best low from five to eight cards.

A low is ranked ace to five (:func:`best_low` with its qualifier, eight or better by default;
:func:`best_razz` with none) or deuce to seven (:func:`best_deuce_seven`); :func:`low_hand`
reads a game's low half (a ``tutor.engine.rules.Half``) and calls the one it names.

Two layers share one encoding. ``high_value`` and ``low_value`` are the fast paths: they take
card indices (``Card.index``, 0..51) or ``Card`` objects, count ranks and suits with integer
bit fields and table look-ups, and return one comparable integer. ``best_high`` and
``best_low`` check their input and wrap the same integer in a ``HighHand`` or ``LowHand`` that
also names the five cards used and says in words what the hand is (rules ``hand.high``,
``hand.low``).

The integer of a high hand is ``strength << 20`` plus the five deciding ranks as hexadecimal
digits, so ``hex(value)`` reads the hand: two pair, aces and kings with a nine is ``0x2eedd9``.
A straight's ace counts 1 when it plays low (the wheel is ``0x454321``). The integer of a low
is its five ranks, ace 1, highest first, as hexadecimal digits: 8-5-4-3-2 is ``0x85432``, and
there a smaller value is the better low.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Sequence
from dataclasses import FrozenInstanceError
from enum import StrEnum
from typing import TYPE_CHECKING, Any, NamedTuple, NoReturn

from tutor.engine.cards import (
    BITS_CARDS,
    BITS_SUITS,
    DECK,
    RANK_CHARS,
    Card,
)
from tutor.engine.errors import CardError, TableError
from tutor.engine.messages import Message, msg, render

if TYPE_CHECKING:
    from tutor.engine.rules import Half


class Category(StrEnum):
    """The nine kinds of high hand, weakest first; ``strength`` is 0 (high card) to 8."""

    HIGH_CARD = "high card"
    PAIR = "pair"
    TWO_PAIR = "two pair"
    THREE_OF_A_KIND = "three of a kind"
    STRAIGHT = "straight"
    FLUSH = "flush"
    FULL_HOUSE = "full house"
    FOUR_OF_A_KIND = "four of a kind"
    STRAIGHT_FLUSH = "straight flush"

    @property
    def strength(self) -> int:
        """0 for high card up to 8 for a straight flush.

        >>> Category.FLUSH.strength > Category.STRAIGHT.strength
        True
        """
        return CATEGORY_STRENGTH[self]


#: Category -> strength, 0 (high card) .. 8 (straight flush).
CATEGORY_STRENGTH: dict[Category, int] = {c: i for i, c in enumerate(Category)}
_CATEGORY_BY_STRENGTH: tuple[Category, ...] = tuple(Category)

# ---------------------------------------------------------------------------------------
# Tables, built once at import (a few milliseconds).
#
# Each card index i (rank-major: rank = (i >> 2) + 2, suit = i & 3) maps to one integer with
# a 4-bit counter per rank (bits 0..51, rank 2 lowest) and a 4-bit counter per suit (bits
# 52..67). Adding the integers of a hand counts its ranks and suits in one pass. A "spread"
# rank mask is a set of ranks written one bit per 4-bit field (bit 4 * (rank - 2)). A Card
# object carries the same integer, plus bit 68 + index, as ``Card.bits``; the card bits of a
# hand, shifted down, are a "card mask" whose bit i is card index i, so ``(mask >> suit) &
# _ONES`` is the spread mask of the ranks held in that suit.
# ---------------------------------------------------------------------------------------

_RANK_BITS = BITS_SUITS
_RANK_MASK = (1 << _RANK_BITS) - 1
_ONES = sum(1 << (4 * r) for r in range(13))  # bit 0 of every rank counter
_NOT_ONES = _RANK_MASK & ~_ONES  # any counter above 1
_FOURS = _ONES << 2  # bit 2 of every rank counter: a count of 4
_SUIT_OVER_FOUR = 0x3333  # added to the suit counters: a count of 5 or more sets bit 3
_SUIT_FIVE = 0x8888

(
    _HIGH_CARD,
    _PAIR,
    _TWO_PAIR,
    _TRIPS,
    _STRAIGHT,
    _FLUSH,
    _FULL,
    _QUADS,
    _STRAIGHT_FLUSH,
) = (s << 20 for s in range(9))

_HI: list[int] = [
    (1 << (4 * (i >> 2))) | (1 << (_RANK_BITS + 4 * (i & 3))) for i in range(52)
]


def _low_bits(qualifier: int) -> list[int]:
    """By card index: the card's bit in a mask of low ranks (bit 0 the ace, bit r - 1 rank
    r), or 0 for a rank above ``qualifier``."""
    return [
        1 << (r - 1) if r <= qualifier else 0
        for r in ((i >> 2) + 2 if i < 48 else 1 for i in range(52))
    ]


_LO = _low_bits(8)
assert all(c.bits == _HI[c.index] | (1 << (BITS_CARDS + c.index)) for c in DECK)


def _build_rank_tables() -> tuple[
    dict[int, int], dict[int, int], list[dict[int, int]], dict[int, int], list[int]
]:
    """Tables over every set of ranks, keyed by spread mask.

    Returns (straight value, no-pair value, top-k codes for k = 0..5, highest rank as a
    spread bit, and the spread mask of every compact 13-bit mask).
    """
    masks = range(1, 8192)
    high = [0] + [m.bit_length() - 1 for m in masks]  # bit of the highest rank
    rest = [0] + [m ^ (1 << high[m]) for m in masks]  # the other ranks
    spread = [0] * 8192
    for m in masks:  # increasing, so spread[rest[m]] is ready
        spread[m] = spread[rest[m]] | (1 << (4 * high[m]))
    codes = [[0] * 8192]  # codes[k][m]: the k highest ranks of m as hex digits
    for k in range(1, 6):
        below, shift = codes[k - 1], 4 * (k - 1)
        codes.append([0] + [((high[m] + 2) << shift) | below[rest[m]] for m in masks])
    wheel = 0b1000000001111  # A 5 4 3 2
    straights: dict[int, int] = {}
    no_pair: dict[int, int] = {}
    five = codes[5]
    for m in masks:
        if m.bit_count() < 5:
            continue
        run = m & (m >> 1) & (m >> 2) & (m >> 3) & (m >> 4)
        if run:
            top = run.bit_length() + 5  # rank of the straight's top card
            best = _STRAIGHT | (top * 0x11111 - 0x01234)
        elif m & wheel == wheel:
            best = _STRAIGHT | 0x54321
        else:
            no_pair[spread[m]] = _HIGH_CARD | five[m]
            continue
        straights[spread[m]] = no_pair[spread[m]] = best
    # Only the sizes of rank set each table is asked about (see _plain_value).
    size = [m.bit_count() for m in range(8192)]
    limit = {1: 13, 2: 5, 3: 6, 5: 13}
    tops = [
        {spread[m]: codes[k][m] for m in masks if size[m] <= limit[k]}
        if k in limit
        else {}
        for k in range(6)
    ]
    high_bit = {spread[m]: spread[1 << high[m]] for m in masks if size[m] <= 4}
    return straights, no_pair, tops, high_bit, spread


_STRAIGHTS, _NO_PAIR, _TOPS, _HIGH_BIT, _SPREAD = _build_rank_tables()
_TOP1, _TOP2, _TOP3, _TOP5 = _TOPS[1], _TOPS[2], _TOPS[3], _TOPS[5]
_PAIR_CODE = {1 << (4 * r): _PAIR | ((r + 2) * 0x11000) for r in range(13)}
_TRIPS_CODE = {1 << (4 * r): _TRIPS | ((r + 2) * 0x11100) for r in range(13)}
_FULL_CODE = {1 << (4 * r): _FULL | ((r + 2) * 0x11100) for r in range(13)}
_QUADS_CODE = {1 << (4 * r): _QUADS | ((r + 2) * 0x11110) for r in range(13)}


def _two_pair_table() -> dict[int, tuple[int, int]]:
    """Spread mask of the paired ranks -> (two-pair code of the top two, pairs left over)."""
    out = {}
    for m in range(1, 8192):
        if not 2 <= m.bit_count() <= 4:
            continue
        s = _SPREAD[m]
        first = _HIGH_BIT[s]
        second = _HIGH_BIT[s ^ first]
        r1, r2 = _TOP1[first], _TOP1[second]
        out[s] = (_TWO_PAIR | (r1 * 0x11000) | (r2 * 0x110), s ^ first ^ second)
    return out


_TWO_PAIR_CODE = _two_pair_table()


def _low_table(qualifier: int = 8) -> list[int | None]:
    """Mask of the low ranks up to ``qualifier`` (bit 0 = ace) -> low value, or None with
    fewer than five."""
    out: list[int | None] = []
    for m in range(1 << qualifier):
        ranks = [r + 1 for r in range(qualifier) if m >> r & 1][:5]
        if len(ranks) < 5:
            out.append(None)
            continue
        value = 0
        for r in reversed(ranks):
            value = (value << 4) | r
        out.append(value)
    return out


class _LowTables(NamedTuple):
    """An ace-to-five qualifier's tables: its low ranks as spread bits (``ones``), the low of
    each set of them (``by_spread``), each card index's bit (``bits``), the low of each mask."""

    ones: int
    by_spread: dict[int, int | None]
    bits: list[int]
    values: list[int | None]


def _low_tables(qualifier: int) -> _LowTables:
    """The tables of the ace-to-five low with ``qualifier`` (built on first use, then kept).

    :raises ValueError: for a qualifier that is not a rank from 6 to 13.
    """
    found = _LOW_TABLES.get(qualifier)
    if found is not None:
        return found
    if (
        isinstance(qualifier, bool)
        or not isinstance(qualifier, int)
        or not 6 <= qualifier <= 13
    ):
        raise ValueError(f"a low's qualifier is a rank, 6 to 13, not {qualifier!r}.")
    values = _low_table(qualifier)
    ranks = range(2, qualifier + 1)
    made = _LowTables(
        ones=(1 << 48) | sum(1 << (4 * (r - 2)) for r in ranks),
        by_spread={
            ((1 << 48) if m & 1 else 0)
            | sum(1 << (4 * (r - 2)) for r in ranks if m >> (r - 1) & 1): values[m]
            for m in range(1 << qualifier)
        },
        bits=_low_bits(qualifier),
        values=values,
    )
    _LOW_TABLES[qualifier] = made
    return made


_LOW_TABLES: dict[int, _LowTables] = {}
_LOW_VALUE = _low_tables(8).values
#: The low ranks (ace, 2 to 8) as spread bits, and the low value of each set of them.
_LOW_ONES = _LOW_TABLES[8].ones
_LOW_BY_SPREAD = _LOW_TABLES[8].by_spread


def _a5_tables() -> tuple[dict[int, int], list[int], list[int]]:
    """Ace-to-five tables over ranks with the ace low, as a 13-bit mask (bit r - 1 for r).

    Returns (spread mask -> ace-low mask, the ranks of each mask highest first as hex
    digits, and the razz value of the five lowest ranks of a mask, or -1 under five).
    """
    # m: ranks 2..14 as bits 0..12; ace-low, the ranks 2..13 move up a bit, the ace to bit 0
    to_low = {_SPREAD[m]: ((m & 0xFFF) << 1) | (m >> 12) for m in range(8192)}
    digits = [0] * 8192
    five = [-1] * 8192
    for m in range(1, 8192):  # increasing, so the tables of ``rest`` are ready
        top = m.bit_length()  # the highest rank of m (bit top - 1)
        rest = m ^ (1 << (top - 1))
        size = m.bit_count()
        digits[m] = (top << (4 * (size - 1))) | digits[rest]
        if size == 5:
            five[m] = digits[m]
        elif size > 5:  # the five lowest of m are the five lowest of the rest
            five[m] = five[rest]
    return to_low, digits, five


_A5_LOW_MASK, _A5_DIGITS, _RAZZ_FIVE = _a5_tables()

# ---------------------------------------------------------------------------------------
# Fast paths
# ---------------------------------------------------------------------------------------


def _indices(cards: Iterable[object]) -> list[int]:
    """Card indices for a hand given as ``Card`` objects (or indices); raise on anything else."""
    out = []
    for c in cards:
        if isinstance(c, Card):
            i = c.index
        elif isinstance(c, int) and not isinstance(c, bool) and 0 <= c < 52:
            i = c
        elif c is None:
            raise CardError(msg("hand.unknown-card"))
        else:
            raise CardError(msg("hand.not-a-card-or-index", None, what=repr(c)))
        out.append(i)
    return out


def _mask(indices: Iterable[int]) -> int:
    """The card mask of some card indices: bit i for index i."""
    mask = 0
    for i in indices:
        mask |= 1 << i
    return mask


def _count_error(n: int) -> TableError:
    """The error for a hand of ``n`` cards, outside 5 to 8."""
    return TableError(msg("hand.card-count", None, count=n))


def high_value(cards: Sequence[int] | Sequence[Card]) -> int:
    """The value of the best five-card high hand: one integer, bigger is better.

    ``cards`` are 5 to 8 card indices (``Card.index``) or ``Card`` objects. This is the fast
    path: it does not look for duplicate cards (``best_high`` does). The value equals
    ``best_high(cards).value``.

    :param cards: 5 to 8 distinct cards.
    :return: ``strength << 20`` plus the five deciding ranks as hex digits.
    :raises TableError: If there are fewer than 5 or more than 8 cards.

    >>> from tutor.engine.cards import parse_cards
    >>> hex(high_value(parse_cards("As Ad Ks Kd 9c 4h 2c")))
    '0x2eedd9'
    >>> high_value([51, 47, 43, 39, 35, 0, 1]) == high_value(parse_cards("As Ks Qs Js Ts 2c 2d"))
    True
    >>> high_value([51, 47, 43, 39])
    Traceback (most recent call last):
    ...
    tutor.engine.errors.TableError: a hand is made from 5 to 8 cards (seven, plus a community
    card), not 4: give every card the player holds.
    """
    n = len(cards)
    if n != 7 and not 5 <= n <= 8:
        raise _count_error(n)
    hi = _HI
    if cards[0].__class__ is int:  # card indices
        try:
            if n == 7:
                a, b, c, d, e, f, g = cards
                s = hi[a] + hi[b] + hi[c] + hi[d] + hi[e] + hi[f] + hi[g]  # type: ignore[index]
            else:
                s = sum(map(hi.__getitem__, cards))  # type: ignore[arg-type]
        except (TypeError, IndexError):
            cards = _indices(cards)
            s = sum(map(hi.__getitem__, cards))
    else:  # Card objects: each carries its counters as ``bits``
        try:
            if n == 7:
                a, b, c, d, e, f, g = cards
                s = a.bits + b.bits + c.bits + d.bits + e.bits + f.bits + g.bits  # type: ignore[union-attr]
            else:
                s = sum([c.bits for c in cards])  # type: ignore[union-attr, misc]
        except AttributeError:  # not all Card objects: indices mixed in, or not cards
            cards = _indices(cards)
            s = sum(map(hi.__getitem__, cards))
        else:
            if ((s >> _RANK_BITS) + _SUIT_OVER_FOUR) & _SUIT_FIVE:
                return _flush_value(s >> BITS_CARDS, s, n)
            return _plain_value(s & _RANK_MASK)
    if ((s >> _RANK_BITS) + _SUIT_OVER_FOUR) & _SUIT_FIVE:
        return _flush_value(_mask(cards), s, n)  # type: ignore[arg-type]
    return _plain_value(s & _RANK_MASK)


def _plain_value(r: int) -> int:
    """Value of the best hand ignoring suits, from the rank counters ``r``."""
    if not r & _NOT_ONES:  # every rank once: high card or straight
        return _NO_PAIR[r]
    if r & _FOURS:
        quads = (r & _FOURS) >> 2
        top = _HIGH_BIT[quads]
        present = (r | (r >> 1) | (r >> 2)) & _ONES
        return _QUADS_CODE[top] + _TOP1[present ^ top]
    ones = r & _ONES
    twos = (r >> 1) & _ONES
    trips = ones & twos
    if trips:
        pairs = twos ^ trips
        if pairs or trips & (trips - 1):
            top = _HIGH_BIT[trips]
            return _FULL_CODE[top] + _TOP1[(trips ^ top) | pairs] * 0x11
        straight = _STRAIGHTS.get(ones | twos)
        if straight:
            return straight
        return _TRIPS_CODE[trips] + _TOP2[ones ^ trips]
    straight = _STRAIGHTS.get(ones | twos)
    if straight:
        return straight
    if twos & (twos - 1):
        code, left = _TWO_PAIR_CODE[twos]
        return code + _TOP1[left | ones]
    return _PAIR_CODE[twos] + _TOP3[ones]


def _flush_value(mask: int, s: int, n: int) -> int:
    """Value when five or more of the ``n`` cards share a suit (a flush or a straight flush,
    or better); ``mask`` is the card mask, ``s`` the sum of the counters."""
    over = ((s >> _RANK_BITS) + _SUIT_OVER_FOUR) & _SUIT_FIVE
    suit = (over.bit_length() - 4) >> 2
    ranks = (mask >> suit) & _ONES  # the ranks held in that suit, as a spread mask
    straight = _STRAIGHTS.get(ranks)
    value = (
        straight - _STRAIGHT + _STRAIGHT_FLUSH if straight else _FLUSH | _TOP5[ranks]
    )
    if n > 7:  # with eight cards a full house or four of a kind can also be there
        value = max(value, _plain_value(s & _RANK_MASK))
    return value


def low_value(cards: Sequence[int] | Sequence[Card], qualifier: int = 8) -> int | None:
    """The value of the best ace-to-five low of ``qualifier`` or better (eight by default),
    smaller is better; ``None`` if none qualifies.

    ``cards`` are 5 to 8 card indices or ``Card`` objects; duplicates are not looked for
    (``best_low`` does). The value equals ``best_low(cards, qualifier).value``.

    :param cards: 5 to 8 distinct cards.
    :param qualifier: the highest rank a qualifying low may hold (6 to 13).
    :return: the five low ranks (ace 1) as hex digits, highest first, or ``None``.
    :raises TableError: If there are fewer than 5 or more than 8 cards.

    >>> from tutor.engine.cards import parse_cards
    >>> hex(low_value(parse_cards("Ac 2d 2h 3s 4c 7d 7s")))
    '0x74321'
    >>> low_value(parse_cards("Ac Ad 2c 2d 3c 8h Kd")) is None
    True
    >>> low_value(parse_cards("Ac 2d"))
    Traceback (most recent call last):
    ...
    tutor.engine.errors.TableError: a hand is made from 5 to 8 cards (seven, plus a community
    card), not 2: give every card the player holds.
    """
    n = len(cards)
    if n != 7 and not 5 <= n <= 8:
        raise _count_error(n)
    ones, by_spread, lo, values = _LOW_TABLES.get(qualifier) or _low_tables(qualifier)
    m = 0
    if cards[0].__class__ is int:  # card indices
        try:
            if n == 7:
                a, b, c, d, e, f, g = cards
                m = lo[a] | lo[b] | lo[c] | lo[d] | lo[e] | lo[f] | lo[g]  # type: ignore[index]
            else:
                for c in cards:
                    m |= lo[c]  # type: ignore[index]
            return values[m]
        except (TypeError, IndexError):
            pass
    else:  # Card objects: each carries its rank counter as ``bits``
        try:
            if n == 7:
                a, b, c, d, e, f, g = cards
                s = a.bits + b.bits + c.bits + d.bits + e.bits + f.bits + g.bits  # type: ignore[union-attr]
            else:
                s = sum([c.bits for c in cards])  # type: ignore[union-attr, misc]
        except AttributeError:  # not all Card objects: indices mixed in, or not cards
            pass
        else:  # a rank is held if its counter is 1, 2, 3 or 4 (bit 0, 1 or 2 set)
            return by_spread[(s | s >> 1 | s >> 2) & ones]
    m = 0
    for i in _indices(cards):
        m |= lo[i]
    return values[m]


# ---------------------------------------------------------------------------------------
# Checked hands that say what they are
# ---------------------------------------------------------------------------------------


class _Hand:
    """What a high hand and a low share: an immutable value with slots, equal by ``value``.

    ``_pool`` is what the hand is made from (a card mask, or the razz cards in order) and
    ``_named`` the ranks and cards once worked out. ``best_high``, ``best_low`` and
    ``best_razz`` fill the slots directly (see ``_SET``); the subclasses order the hands.
    """

    __slots__ = ("value", "_pool", "_named")

    value: int
    _pool: int | tuple[Card, ...]
    _named: tuple[tuple[int, ...], tuple[Card, ...]] | None

    def __init__(self, value: int, pool: int | tuple[Card, ...]) -> None:
        """``value`` as ``high_value``, ``low_value`` (or ``best_razz``) gives it; ``pool`` the
        cards it is made from: for a high hand or an eight-or-better low a mask with bit
        ``Card.index`` of each card, for a razz hand the cards in the order given."""
        object.__setattr__(self, "value", value)
        object.__setattr__(self, "_pool", pool)
        object.__setattr__(self, "_named", None)

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> NoReturn:
        raise FrozenInstanceError(f"cannot delete field {name!r}")

    def __eq__(self, other: object) -> bool:
        """Equal hands: the same kind of hand and the same ``value``."""
        if other.__class__ is self.__class__:
            return bool(self.value == other.value)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.value)

    def __reduce__(self) -> tuple[Any, ...]:
        return (self.__class__, (self.value, self._pool))


class HighHand(_Hand):
    """The best five-card high hand from a player's cards (rule ``hand.high``).

    Hands compare by ``value`` alone: equal values are equal hands (a tie), and
    ``max(hands)`` is the best. ``best_high`` makes them: the value at once; the category,
    ranks and five cards are read off the value and the cards held when first asked for
    (a showdown compares every hand and names few), then kept. A hand is immutable.

    >>> from tutor.engine.cards import parse_cards
    >>> h = best_high(parse_cards("Kc Kd Qh Kh Qs 2c 7d"))
    >>> h.category, h.rank_chars, h.describe()
    (<Category.FULL_HOUSE: 'full house'>, ['K', 'K', 'K', 'Q', 'Q'], 'full house, kings full of queens')
    """

    __slots__ = ()

    #: One integer, bigger is better, equal for equal hands (see the module docstring).
    value: int
    #: Bit ``Card.index`` of each card the hand is made from.
    _pool: int

    @property
    def category(self) -> Category:
        """What kind of hand it is."""
        return _CATEGORY_BY_STRENGTH[self.value >> 20]

    @property
    def ranks(self) -> tuple[int, ...]:
        """The five ranks (2..14) in the order that decides the hand; a wheel is 5, 4, 3, 2, 14."""
        named = self._named
        if named is None:
            named = _name_high(self.value, self._pool)
            _SET[2](self, named)
        return named[0]

    @property
    def cards(self) -> tuple[Card, ...]:
        """The five cards used, in the same order as ``ranks``."""
        named = self._named
        if named is None:
            named = _name_high(self.value, self._pool)
            _SET[2](self, named)
        return named[1]

    def __repr__(self) -> str:
        return (
            f"HighHand(category={self.category!r}, ranks={self.ranks!r}, "
            f"cards={self.cards!r}, value={self.value!r})"
        )

    @property
    def rank_chars(self) -> list[str]:
        """The ranks as characters, e.g. ``['A', 'A', 'K', 'K', '9']``."""
        return [RANK_CHARS[r - 2] for r in self.ranks]

    def __lt__(self, other: HighHand) -> bool:
        """Weaker than ``other``."""
        return self.value < other.value

    def __le__(self, other: HighHand) -> bool:
        """Weaker than or tied with ``other``."""
        return self.value <= other.value

    def __gt__(self, other: HighHand) -> bool:
        """Stronger than ``other``."""
        return self.value > other.value

    def __ge__(self, other: HighHand) -> bool:
        """Stronger than or tied with ``other``."""
        return self.value >= other.value

    @property
    def said(self) -> Message:
        """The hand as a message: its category as the key, the deciding ranks (2..14) as values.

        >>> from tutor.engine.cards import parse_cards
        >>> best_high(parse_cards("As Ad Ks Kd 9c 4h 2c")).said
        Message(key='hand.high.two-pair', params={'top': 14, 'bottom': 13, 'kicker': 9}, rule=None)
        """
        return _high_said(self.category, self.ranks)

    def describe(self) -> str:
        """The hand in words (its ``said`` rendered in the installed language).

        >>> from tutor.engine.cards import parse_cards
        >>> best_high(parse_cards("As Ad Ks Kd 9c 4h 2c")).describe()
        'two pair, aces and kings with a nine'
        >>> best_high(parse_cards("5d 4c 3h 2s Ah Kd Kh")).describe()
        'straight, five high'
        """
        return render(self.said)

    def __str__(self) -> str:
        """The words of :meth:`describe`."""
        return self.describe()


def _high_said(cat: Category, r: tuple[int, ...]) -> Message:
    """A five-card hand of category ``cat`` and ranks ``r`` (in deciding order), as a message."""
    if cat is Category.HIGH_CARD:
        return msg("hand.high.high-card", None, high=r[0], kickers=r[1:])
    if cat is Category.PAIR:
        return msg("hand.high.pair", None, pair=r[0], kickers=r[2:])
    if cat is Category.TWO_PAIR:
        return msg("hand.high.two-pair", None, top=r[0], bottom=r[2], kicker=r[4])
    if cat is Category.THREE_OF_A_KIND:
        return msg("hand.high.three-of-a-kind", None, trips=r[0], kickers=r[3:])
    if cat is Category.STRAIGHT:
        return msg("hand.high.straight", None, high=r[0])
    if cat is Category.FLUSH:
        return msg("hand.high.flush", None, high=r[0], kickers=r[1:])
    if cat is Category.FULL_HOUSE:
        return msg("hand.high.full-house", None, trips=r[0], pair=r[3])
    if cat is Category.FOUR_OF_A_KIND:
        return msg("hand.high.four-of-a-kind", None, quads=r[0], kicker=r[4])
    if r[0] == 14:
        return msg("hand.high.royal-flush", None)
    return msg("hand.high.straight-flush", None, high=r[0])


class LowHand(_Hand):
    """The best low of a player's cards: eight or better (rule ``hand.low``), or any other
    qualifier, or razz's lowest five cards (``razz.low``).

    ``value`` is smaller for a better low. Comparisons read "weaker than": ``a < b`` means
    ``a`` is the worse low, so ``max(lows)`` is the best, as for ``HighHand``; equal values
    are equal lows. ``best_low`` and ``best_razz`` make them; as with ``HighHand``, the ranks
    and cards are worked out when first asked for, and the hand is immutable.

    >>> from tutor.engine.cards import parse_cards
    >>> low = best_low(parse_cards("8c 7d 6h 5s 3c Kd Kh"))
    >>> low.text, low.better_than(best_low(parse_cards("8c 7d 6h 5s 4c Kd Kh")))
    ('8-7-6-5-3', True)
    """

    __slots__ = ()

    #: The ranks as hex digits highest first: smaller is better.
    value: int

    @property
    def ranks(self) -> tuple[int, ...]:
        """The five ranks, ace 1, highest first, e.g. (8, 5, 4, 3, 2)."""
        return self._name()[0]

    @property
    def cards(self) -> tuple[Card, ...]:
        """The five cards used, highest first."""
        return self._name()[1]

    def _name(self) -> tuple[tuple[int, ...], tuple[Card, ...]]:
        named = self._named
        if named is None:
            pool = self._pool
            named = (
                _name_low(self.value, pool)
                if isinstance(pool, int)
                else _name_razz(self.value, pool)
            )
            object.__setattr__(self, "_named", named)
        return named

    def __repr__(self) -> str:
        return (
            f"LowHand(ranks={self.ranks!r}, cards={self.cards!r}, value={self.value!r})"
        )

    @property
    def text(self) -> str:
        """The low as written by players, highest first: ``8-5-4-3-2``, ``7-5-4-2-A``."""
        return "-".join("A" if r == 1 else RANK_CHARS[r - 2] for r in self.ranks)

    def better_than(self, other: LowHand | None) -> bool:
        """True if this low beats ``other`` (any low beats no low)."""
        return other is None or self.value < other.value

    def __lt__(self, other: LowHand) -> bool:
        """A worse low than ``other`` (a higher value)."""
        return self.value > other.value

    def __le__(self, other: LowHand) -> bool:
        """A worse low than ``other``, or the same."""
        return self.value >= other.value

    def __gt__(self, other: LowHand) -> bool:
        """A better low than ``other`` (a lower value)."""
        return self.value < other.value

    def __ge__(self, other: LowHand) -> bool:
        """A better low than ``other``, or the same."""
        return self.value <= other.value

    @property
    def said(self) -> Message:
        """The low as players write it (``8-5-4-3-2``), as a message of its ranks (ace 1)."""
        return msg("hand.low.ranks", None, ranks=self.ranks)

    @property
    def named(self) -> Message:
        """The low named by its two highest cards, then written out (``eight-five low``)."""
        return msg("hand.low.named", None, ranks=self.ranks)

    def describe(self) -> str:
        """The low in words: ``'eight-five low (8-5-4-3-2)'``."""
        return render(self.named)

    def __str__(self) -> str:
        """The low as ``text``: ``8-5-4-3-2``."""
        return self.text


def _checked(cards: Sequence[Card]) -> list[int]:
    """The cards' indices, after the checks ``best_high`` and ``best_low`` promise.

    The checked functions call this only when their quick test (``_card_bits``) fails, so
    that the error says exactly what is wrong."""
    if isinstance(cards, (str, bytes)):
        raise CardError(msg("hand.text-not-cards", None, what=repr(cards)))
    n = len(cards)
    if not 5 <= n <= 8:
        raise _count_error(n)
    out: list[int] = []
    for c in cards:
        if not isinstance(c, Card):
            _indices([c])  # raises the message for None and for non-cards
            raise CardError(msg("hand.not-a-card", None, what=repr(c)))
        out.append(c.index)
    if len(set(out)) != n:
        seen: set[int] = set()
        for i in out:
            if i in seen:
                raise CardError(msg("hand.card-twice", None, card=DECK[i]))
            seen.add(i)
    return out


def _refuse(cards: Sequence[Card]) -> NoReturn:
    """Raise the error that says what is wrong with ``cards`` (see ``_checked``)."""
    _checked(cards)
    # Not reached for anything but a Card whose bits were tampered with.
    raise CardError(msg("hand.unreadable", None, what=repr(cards)))


def _card_bits(cards: Sequence[Card]) -> int:
    """The sum of the cards' ``Card.bits``, after the checks the checked functions promise:
    5 to 8 cards, each a ``Card``, none twice.

    One pass does it: an object that is not a card has no ``bits`` (None, text, an index),
    and a repeated card carries into another card bit, so the sum then holds fewer card
    bits than there are cards. Anything wrong goes to ``_checked`` for the exact error.
    """
    try:
        n = len(cards)
        if n == 7:
            a, b, c, d, e, f, g = cards
            s: int = a.bits + b.bits + c.bits + d.bits + e.bits + f.bits + g.bits
        else:
            if not 5 <= n <= 8 or isinstance(cards, (str, bytes)):
                _refuse(cards)
            s = sum([c.bits for c in cards])
    except (AttributeError, TypeError):
        _refuse(cards)
    if (s >> BITS_CARDS).bit_count() != n:
        _refuse(cards)
    return s


_DIGIT_SHIFTS = (16, 12, 8, 4, 0)
_new = object.__new__
#: Slot setters (value, pool, named): the checked functions fill a new hand's slots directly
#: (a hand refuses assignment), without the cost of a call to ``__init__``.
_SET: tuple[Any, Any, Any] = (
    _Hand.__dict__["value"].__set__,
    _Hand.__dict__["_pool"].__set__,
    _Hand.__dict__["_named"].__set__,
)


def best_high(cards: Sequence[Card]) -> HighHand:
    """The best five-card high hand from 5 to 8 cards (rule ``hand.high``).

    Where two cards of a rank could play, the higher suit is used (spades, hearts, diamonds,
    clubs).

    :param cards: 5 to 8 distinct ``Card`` objects (seven, plus a community card).
    :return: the ``HighHand``, whose ``value`` equals ``high_value(cards)``.
    :raises TableError: If there are fewer than 5 or more than 8 cards.
    :raises CardError: If a card is given twice or is not a card.

    >>> from tutor.engine.cards import parse_cards
    >>> h = best_high(parse_cards("5h 4h 3h 2h Ah 9c 9d"))
    >>> h.category, h.rank_chars, [c.text for c in h.cards]
    (<Category.STRAIGHT_FLUSH: 'straight flush'>, ['5', '4', '3', '2', 'A'], ['5h', '4h', '3h', '2h', 'Ah'])
    >>> best_high(parse_cards("Ah Ah 3h 2h 9c"))
    Traceback (most recent call last):
    ...
    tutor.engine.errors.CardError: Ah is given twice: a deck holds each card once, so list it once.
    """
    s = _card_bits(cards)
    mask = s >> BITS_CARDS
    if ((s >> _RANK_BITS) + _SUIT_OVER_FOUR) & _SUIT_FIVE:
        value = _flush_value(mask, s, len(cards))
    else:
        value = _plain_value(s & _RANK_MASK)
    hand: HighHand = _new(HighHand)
    set_value, set_mask, set_named = _SET
    set_value(hand, value)
    set_mask(hand, mask)
    set_named(hand, None)
    return hand


def _name_high(value: int, mask: int) -> tuple[tuple[int, ...], tuple[Card, ...]]:
    """The ranks and the five cards of the high hand ``value`` made from the card mask.

    The ranks are the value's digits (a 1 is the ace of a wheel); for each, the card of that
    rank in the highest suit not used yet (of the flush suit for a flush)."""
    d4 = value & 0xF
    r0, r1, r2, r3, r4 = ranks = (
        (value >> 16) & 0xF,
        (value >> 12) & 0xF,
        (value >> 8) & 0xF,
        (value >> 4) & 0xF,
        14 if d4 == 1 else d4,  # only a wheel's ace is written 1, and last
    )
    of = _CARDS_OF
    strength = value >> 20
    if strength == 1:  # pair: r0 r0 r2 r3 r4
        return ranks, (
            *of[r0][(mask >> (4 * r0 - 8)) & 0xF][:2],
            of[r2][(mask >> (4 * r2 - 8)) & 0xF][0],
            of[r3][(mask >> (4 * r3 - 8)) & 0xF][0],
            of[r4][(mask >> (4 * r4 - 8)) & 0xF][0],
        )
    if strength == 2:  # two pair: r0 r0 r2 r2 r4
        return ranks, (
            *of[r0][(mask >> (4 * r0 - 8)) & 0xF][:2],
            *of[r2][(mask >> (4 * r2 - 8)) & 0xF][:2],
            of[r4][(mask >> (4 * r4 - 8)) & 0xF][0],
        )
    if (
        strength == 3 or strength == 6
    ):  # trips (r0 x3 r3 r4) or a full house (r0 x3 r3 x2)
        return ranks, (
            *of[r0][(mask >> (4 * r0 - 8)) & 0xF][:3],
            *of[r3][(mask >> (4 * r3 - 8)) & 0xF][: 1 if strength == 3 else 2],
            *((of[r4][(mask >> (4 * r4 - 8)) & 0xF][0],) if strength == 3 else ()),
        )
    if strength == 7:  # four of a kind: r0 x4 r4
        return ranks, (
            *of[r0][(mask >> (4 * r0 - 8)) & 0xF],
            of[r4][(mask >> (4 * r4 - 8)) & 0xF][0],
        )
    suits = (
        0xF  # five single ranks; the suits a card may come from, as a rank field's bits
    )
    if strength == 5 or strength == 8:  # a flush: its suit only
        suit = 0
        while ((mask >> suit) & _ONES).bit_count() < 5:
            suit += 1
        suits = 1 << suit
    return ranks, (
        of[r0][(mask >> (4 * r0 - 8)) & suits][0],
        of[r1][(mask >> (4 * r1 - 8)) & suits][0],
        of[r2][(mask >> (4 * r2 - 8)) & suits][0],
        of[r3][(mask >> (4 * r3 - 8)) & suits][0],
        of[r4][(mask >> (4 * r4 - 8)) & suits][0],
    )


#: By rank, then by a rank's 4-bit field of a card mask: the cards there, highest suit first.
_CARDS_OF: list[list[tuple[Card, ...]]] = [[]] * 2 + [
    [
        tuple(DECK[4 * (r - 2) + s] for s in (3, 2, 1, 0) if n >> s & 1)
        for n in range(16)
    ]
    for r in range(2, 15)
]


def best_low(cards: Sequence[Card], qualifier: int = 8) -> LowHand | None:
    """The best ace-to-five low of ``qualifier`` or better from 5 to 8 cards, or ``None``
    (rule ``hand.low``; eight or better by default).

    Five different ranks, none above the qualifier; the ace counts 1; straights and flushes
    do not count against a low. Where two cards of a rank could play, the higher suit is used.

    :param cards: 5 to 8 distinct ``Card`` objects (seven, plus a community card).
    :param qualifier: the highest rank a qualifying low may hold (6 to 13): 9 is nine or better.
    :return: the ``LowHand`` (``value`` equals ``low_value(cards, qualifier)``), or ``None``.
    :raises TableError: If there are fewer than 5 or more than 8 cards.
    :raises CardError: If a card is given twice or is not a card.

    >>> from tutor.engine.cards import parse_cards
    >>> best_low(parse_cards("Ac 2d 2h 3s 4c 7d 7s")).text
    '7-4-3-2-A'
    >>> best_low(parse_cards("Ac Ad 2c 2d 3c 8h Kd")) is None
    True
    >>> best_low(parse_cards("9c 7d 4h 3s 2c Kd Kh")) is None, best_low(parse_cards("9c 7d 4h 3s 2c Kd Kh"), 9).text
    (True, '9-7-4-3-2')
    >>> best_low(parse_cards("Ac 2d 3h"))
    Traceback (most recent call last):
    ...
    tutor.engine.errors.TableError: a hand is made from 5 to 8 cards (seven, plus a community
    card), not 3: give every card the player holds.
    """
    s = _card_bits(cards)
    tables = _LOW_TABLES.get(qualifier) or _low_tables(qualifier)
    value = tables.by_spread[(s | s >> 1 | s >> 2) & tables.ones]
    if value is None:
        return None
    hand: LowHand = _new(LowHand)
    set_value, set_pool, set_named = _SET
    set_value(hand, value)
    set_pool(hand, s >> BITS_CARDS)
    set_named(hand, None)
    return hand


def _name_low(value: int, mask: int) -> tuple[tuple[int, ...], tuple[Card, ...]]:
    """The ranks and cards of the eight-or-better low ``value`` made from the card mask: of
    each rank, the card in the highest suit."""
    ranks = tuple((value >> k) & 0xF for k in _DIGIT_SHIFTS)
    used = []
    for r in ranks:
        shift = 4 * ((14 if r == 1 else r) - 2)
        used.append(DECK[shift + ((mask >> shift) & 0xF).bit_length() - 1])
    return ranks, tuple(used)


#: Ace-to-five low categories by the shape of the rank groups: no pair is best (razz.low).
_A5_SHAPES = {
    (1, 1, 1, 1, 1): 0,
    (2, 1, 1, 1): 1,
    (2, 2, 1): 2,
    (3, 1, 1): 3,
    (3, 2): 4,
    (4, 1): 5,
}


#: By card index: the rank with the ace low (1), and the card's place ace-low rank first, then
#: suit (the order razz hands are written in, highest first).
_A5_RANK: tuple[int, ...] = tuple(1 if c.rank == 14 else c.rank for c in DECK)
_A5_ORDER: tuple[int, ...] = tuple(_A5_RANK[i] * 4 + i % 4 for i in range(len(DECK)))


def a5_key(cards: Sequence[Card]) -> tuple[int, tuple[int, ...]]:
    """How low some cards are, ace to five (smaller is lower; razz.low and razz.act).

    Pairs count against, then ranks from the highest group down, ace 1; straights and flushes
    do not count. Works for any number of cards (a board of two to four up cards too).

    >>> from tutor.engine.cards import parse_cards
    >>> a5_key(parse_cards("7h 2c")) < a5_key(parse_cards("8d 3s"))
    True
    >>> a5_key(parse_cards("Kc Qd")) < a5_key(parse_cards("2c 2d"))
    True
    """
    s = 0
    for c in cards:
        s += c.bits
    counts = s & _RANK_MASK  # the key depends on how many cards of each rank, no more
    key = _A5_KEYS.get(counts)
    if key is None:
        key = _a5_key(cards)
        if len(cards) <= 5:  # boards: a few thousand rank counts at most
            _A5_KEYS[counts] = key
    return key


#: ``a5_key`` of the boards seen so far, by their rank counters (the part of the sum of the
#: cards' ``bits`` below ``BITS_SUITS``).
_A5_KEYS: dict[int, tuple[int, tuple[int, ...]]] = {}


def _a5_key(cards: Sequence[Card]) -> tuple[int, tuple[int, ...]]:
    """``a5_key`` worked out from the cards."""
    ranks = sorted([1 if c.rank == 14 else c.rank for c in cards], reverse=True)
    if ranks and len(set(ranks)) == len(ranks):  # no pair: the common case
        return 1, tuple(ranks)
    counts: dict[int, int] = {}
    for r in ranks:
        counts[r] = counts.get(r, 0) + 1
    groups = sorted(counts.items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
    sizes = tuple(n for _, n in groups)
    pairing = sum(n - 1 for n in sizes) * 10 + (max(sizes) if sizes else 0)
    return pairing, tuple(r for r, _ in groups)


def best_razz(cards: Sequence[Card]) -> LowHand:
    """The lowest five cards ace to five from 5 to 8 cards: a razz hand (rule ``razz.low``).

    There is no qualifier: every hand makes one. ``value`` is smaller for a better low, and the
    text is written highest card first (``8-6-4-2-A``, ``9-9-4-3-2``).

    >>> from tutor.engine.cards import parse_cards
    >>> best_razz(parse_cards("Ac 2d 3h 4s 5c Kd Kh")).text
    '5-4-3-2-A'
    >>> best_razz(parse_cards("Kc Kd Qh Qs Jc Jd 9h")).text
    'K-Q-J-J-9'
    >>> best_razz(parse_cards("9c 9d 4h 3s 2c Kd Kh")).text
    'K-9-4-3-2'
    """
    s = _card_bits(cards)
    # The ranks held, ace low: five or more give the five lowest; four give those and the
    # lowest rank held twice, as a pair (its value: shape 1, the pair, then the rest).
    held = _A5_LOW_MASK[(s | s >> 1 | s >> 2) & _ONES]
    value = _RAZZ_FIVE[held]
    if value < 0:
        if held.bit_count() != 4:  # three ranks or fewer: rare, so the long way
            value, ranks, used = _razz_by_combinations(cards)
            hand = LowHand(value, ())
            object.__setattr__(hand, "_named", (ranks, used))
            return hand
        paired = _A5_LOW_MASK[(s >> 1 | s >> 2) & _ONES]
        pair = paired & -paired  # the lowest rank held more than once
        value = (1 << 20) | (pair.bit_length() << 16) | (_A5_DIGITS[held ^ pair] << 4)
    hand = _new(LowHand)
    set_value, set_pool, set_named = _SET
    set_value(hand, value)
    set_pool(hand, tuple(cards))
    set_named(hand, None)
    return hand


def _name_razz(
    value: int, pool: tuple[Card, ...]
) -> tuple[tuple[int, ...], tuple[Card, ...]]:
    """The ranks and five cards of the razz hand ``value`` (five ranks, or a pair and three)
    from ``pool``: of each rank it uses, the first card given (the first two of the pair),
    written highest first (rank ace low, then suit)."""
    need = dict.fromkeys(
        (
            (value >> 16) & 0xF,
            (value >> 12) & 0xF,
            (value >> 8) & 0xF,
            (value >> 4) & 0xF,
        ),
        1,
    )
    if value >> 20:  # a pair: its rank is the first digit, and it takes two cards
        need[(value >> 16) & 0xF] = 2
    else:
        need[value & 0xF] = 1
    chosen = []
    for c in pool:
        i = c.index
        r = _A5_RANK[i]
        left = need.get(r)
        if left:
            chosen.append(i)
            need[r] = left - 1
    chosen.sort(key=_A5_ORDER.__getitem__, reverse=True)
    return tuple(_A5_RANK[i] for i in chosen), tuple(DECK[i] for i in chosen)


def _razz_by_combinations(
    pool: Sequence[Card],
) -> tuple[int, tuple[int, ...], tuple[Card, ...]]:
    """The value, ranks and cards of the best razz hand from three ranks or fewer: the first
    lowest five-card combination, in the order given."""
    best: tuple[tuple[int, tuple[int, ...]], tuple[Card, ...]] | None = None
    for five in itertools.combinations(pool, 5):
        key = a5_key(five)
        if best is None or key < best[0]:
            best = (key, tuple(five))
    assert best is not None
    return _razz_hand(best[1])


def _razz_hand(
    combo: tuple[Card, ...],
) -> tuple[int, tuple[int, ...], tuple[Card, ...]]:
    """The value, ranks and cards of five cards read ace to five (razz.low)."""
    _, groups = a5_key(combo)
    shape = _A5_SHAPES[
        tuple(
            sorted(
                (sum(1 for c in combo if c.low_rank == r) for r in groups), reverse=True
            )
        )
    ]
    value = shape << 20
    for k, r in enumerate(groups):
        value |= r << (4 * (4 - k))
    used = tuple(
        sorted(combo, key=lambda c: (c.low_rank, c.bring_in_key()[1]), reverse=True)
    )
    ranks = tuple(c.low_rank for c in used)
    return value, ranks, used


# ---------------------------------------------------------------------------------------
# Deuce to seven, and a game's low
# ---------------------------------------------------------------------------------------

#: The shape of the rank groups (largest first) -> the category's strength.
_SHAPE_STRENGTH = {
    (1, 1, 1, 1, 1): 0,
    (2, 1, 1, 1): 1,
    (2, 2, 1): 2,
    (3, 1, 1): 3,
    (3, 2): 6,
    (4, 1): 7,
}


class DeuceSevenLow(LowHand):
    """A deuce-to-seven low: five cards ranked as a high hand, the worst high the best low.

    The ace is always high (A-5-4-3-2 is ace high, not a straight); pairs, straights and
    flushes count against the hand. ``value`` is smaller for a better low, as for every
    ``LowHand``; ``category`` is what the five cards make as a high hand.

    >>> from tutor.engine.cards import parse_cards
    >>> low = best_deuce_seven(parse_cards("7c 5d 4h 3s 2c Kd Kh"))
    >>> low.text, low.category, low.describe()
    ('7-5-4-3-2', <Category.HIGH_CARD: 'high card'>, 'seven-five low (7-5-4-3-2)')
    >>> best_deuce_seven(parse_cards("8c 7c 6c 5c 4c Kd Kh")).describe()
    'king-seven low (K-7-6-5-4)'
    >>> best_deuce_seven(parse_cards("7h 7d 5c 4s 2h")).describe()
    'pair, sevens with a five, a four and a two'
    """

    __slots__ = ()

    @property
    def category(self) -> Category:
        return _CATEGORY_BY_STRENGTH[self.value >> 20]

    @property
    def said(self) -> Message:
        """A plain low as its ranks (``7-5-4-3-2``, the ace 14); a pair, straight or flush
        as that hand."""
        if self.value >> 20:
            return _high_said(self.category, self.ranks)
        return msg("hand.low.ranks", None, ranks=self.ranks)

    @property
    def named(self) -> Message:
        if self.value >> 20:
            return self.said
        return msg("hand.low.named", None, ranks=self.ranks)


def _deuce_seven(five: Sequence[Card]) -> tuple[int, tuple[int, ...], tuple[Card, ...]]:
    """The deuce-to-seven value of five cards (smaller is better), their ranks in deciding
    order (the ace 14) and the cards in that order."""
    counts: dict[int, int] = {}
    for c in five:
        counts[c.rank] = counts.get(c.rank, 0) + 1
    groups = sorted(counts.items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
    strength = _SHAPE_STRENGTH[tuple(n for _, n in groups)]
    if strength == 0:
        top, bottom = groups[0][0], groups[-1][0]
        straight = top - bottom == 4  # the ace is high only: A-5-4-3-2 is no straight
        flush = len({c.suit for c in five}) == 1
        strength = 8 if straight and flush else 5 if flush else 4 if straight else 0
    ranks = tuple(r for r, n in groups for _ in range(n))
    value = strength << 20
    for k, r in enumerate(ranks):
        value |= r << (4 * (4 - k))
    used = tuple(
        sorted(five, key=lambda c: (-counts[c.rank], -c.rank, -c.bring_in_key()[1]))
    )
    return value, ranks, used


def best_deuce_seven(
    cards: Sequence[Card], qualifier: int | None = None
) -> DeuceSevenLow | None:
    """The best deuce-to-seven low from 5 to 8 cards (see :class:`DeuceSevenLow`).

    With a ``qualifier``, only a hand with no pair, straight or flush whose highest card is
    at most that rank qualifies; ``None`` if no five cards do.

    >>> from tutor.engine.cards import parse_cards
    >>> best_deuce_seven(parse_cards("Ac 5d 4h 3s 2c Kd Qh")).text
    'Q-5-4-3-2'
    >>> best_deuce_seven(parse_cards("9c 8d 4h 3s 2c Kd Kh"), 8) is None
    True
    """
    _card_bits(cards)  # the checks: 5 to 8 cards, each a card, none twice
    best: tuple[int, tuple[int, ...], tuple[Card, ...]] | None = None
    for five in itertools.combinations(cards, 5):
        made = _deuce_seven(five)
        if qualifier is not None and (made[0] >> 20 or made[1][0] > qualifier):
            continue
        if best is None or made[0] < best[0]:
            best = made
    if best is None:
        return None
    hand = DeuceSevenLow(best[0], ())
    object.__setattr__(hand, "_named", (best[1], best[2]))
    return hand


def low_hand(half: Half, cards: Sequence[Card]) -> LowHand | None:
    """The best low of ``cards`` for a game's low ``half``: ranked as the half says, or
    ``None`` where it must qualify and does not.

    >>> from tutor.engine.cards import parse_cards
    >>> from tutor.engine.rules import LOW_EIGHT, RAZZ_LOW, Half, Ranking
    >>> cards = parse_cards("9c 7d 4h 3s 2c Kd Kh")
    >>> low_hand(LOW_EIGHT, cards), low_hand(Half(Ranking.ACE_TO_FIVE, 9), cards).text
    (None, '9-7-4-3-2')
    >>> low_hand(RAZZ_LOW, cards).text, low_hand(Half(Ranking.DEUCE_TO_SEVEN), cards).text
    ('9-7-4-3-2', '9-7-4-3-2')
    """
    ranking = half.ranking
    if ranking is None:
        raise ValueError("the high half has no low.")
    evaluate = _LOW_RANKINGS[ranking]
    return evaluate(cards, half.qualifier)


def _ace_to_five(cards: Sequence[Card], qualifier: int | None) -> LowHand | None:
    return best_razz(cards) if qualifier is None else best_low(cards, qualifier)


#: Each ranking's evaluator: (cards, qualifier) -> the best low, or None.
_LOW_RANKINGS: dict[str, Callable[[Sequence[Card], int | None], LowHand | None]] = {
    "ace-to-five": _ace_to_five,
    "deuce-to-seven": best_deuce_seven,
}
