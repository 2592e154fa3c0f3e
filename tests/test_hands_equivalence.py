"""The evaluator's quick checked path against the implementation it replaced.

``best_high``, ``best_low``, ``best_razz`` and ``a5_key`` now work on the sum of the cards'
``Card.bits`` and name the cards used only when asked. The functions below are the earlier
implementation, kept here as the reference: indices counted through the same tables, the
cards named by sorting the pool, razz hands chosen rank by rank. Over 20,000 seeded hands of
five to eight cards, both must agree on every value, category, rank and card.
"""

from __future__ import annotations

import copy
import itertools
import pickle
import random
from dataclasses import FrozenInstanceError

import pytest

import tutor.engine.hands as h
from tutor.engine.cards import DECK, Card, parse_cards
from tutor.engine.errors import CardError, TableError

SEED = 20261201
HANDS = 20_000


def deals(count: int = HANDS) -> list[list[Card]]:
    """Seeded hands: mostly seven cards, and some of five, six and eight."""
    rng = random.Random(SEED)
    sizes = [7] * 7 + [5, 6, 8]
    return [rng.sample(DECK, rng.choice(sizes)) for _ in range(count)]


# --- the earlier implementation -------------------------------------------------------------


def old_high_value(indices: list[int]) -> int:
    s = sum(h._HI[i] for i in indices)
    if ((s >> h._RANK_BITS) + h._SUIT_OVER_FOUR) & h._SUIT_FIVE:
        over = ((s >> h._RANK_BITS) + h._SUIT_OVER_FOUR) & h._SUIT_FIVE
        suit = (over.bit_length() - 4) >> 2
        ranks = 0
        for c in indices:
            if c & 3 == suit:
                ranks |= 1 << (4 * (c >> 2))
        straight = h._STRAIGHTS.get(ranks)
        value: int = (
            straight - h._STRAIGHT + h._STRAIGHT_FLUSH
            if straight
            else h._FLUSH | h._TOP5[ranks]
        )
        if len(indices) > 7:
            value = max(value, h._plain_value(s & h._RANK_MASK))
        return value
    return h._plain_value(s & h._RANK_MASK)


def old_best_high(
    cards: list[Card],
) -> tuple[int, h.Category, tuple[int, ...], list[str]]:
    indices = [c.index for c in cards]
    value = old_high_value(indices)
    category = h._CATEGORY_BY_STRENGTH[value >> 20]
    ranks = tuple(
        14 if d == 1 else d for d in ((value >> k) & 0xF for k in (16, 12, 8, 4, 0))
    )
    pool = sorted(indices, reverse=True)
    if category in (h.Category.FLUSH, h.Category.STRAIGHT_FLUSH):
        counts = [0, 0, 0, 0]
        for i in indices:
            counts[i & 3] += 1
        suit = counts.index(max(counts))
        pool = [i for i in pool if i & 3 == suit]
    by_rank: dict[int, list[int]] = {}
    for i in pool:
        by_rank.setdefault((i >> 2) + 2, []).append(i)
    used = [DECK[by_rank[r].pop(0)].text for r in ranks]
    return value, category, ranks, used


def old_best_low(cards: list[Card]) -> tuple[int, tuple[int, ...], list[str]] | None:
    indices = [c.index for c in cards]
    m = 0
    for i in indices:
        m |= h._LO[i]
    value = h._LOW_VALUE[m]
    if value is None:
        return None
    ranks = tuple((value >> k) & 0xF for k in (16, 12, 8, 4, 0))
    pool = sorted(indices, reverse=True)
    used = []
    for r in ranks:
        rank = 14 if r == 1 else r
        used.append(next(DECK[i].text for i in pool if (i >> 2) + 2 == rank))
    return value, ranks, used


def old_a5_key(cards: list[Card] | tuple[Card, ...]) -> tuple[int, tuple[int, ...]]:
    ranks = sorted([1 if c.rank == 14 else c.rank for c in cards], reverse=True)
    if ranks and len(set(ranks)) == len(ranks):
        return 1, tuple(ranks)
    counts: dict[int, int] = {}
    for r in ranks:
        counts[r] = counts.get(r, 0) + 1
    groups = sorted(counts.items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
    sizes = tuple(n for _, n in groups)
    pairing = sum(n - 1 for n in sizes) * 10 + (max(sizes) if sizes else 0)
    return pairing, tuple(r for r, _ in groups)


def old_best_razz(cards: list[Card]) -> tuple[int, tuple[int, ...], list[str]]:
    indices = [c.index for c in cards]
    by_rank: dict[int, list[int]] = {}
    for i in indices:
        by_rank.setdefault(h._A5_RANK[i], []).append(i)
    order = sorted(by_rank)
    if len(order) >= 4:
        low = order[:5]
        chosen = [by_rank[r][0] for r in low]
        groups = low[::-1]
        shape = 0
        if len(low) == 4:
            pair = next(r for r in order if len(by_rank[r]) > 1)
            chosen.append(by_rank[pair][1])
            groups = [pair] + [r for r in groups if r != pair]
            shape = 1
        value = shape << 20
        for k, r in enumerate(groups):
            value |= r << (16 - 4 * k)
        chosen.sort(key=h._A5_ORDER.__getitem__, reverse=True)
        return (
            value,
            tuple(h._A5_RANK[i] for i in chosen),
            [DECK[i].text for i in chosen],
        )
    best: tuple[tuple[int, tuple[int, ...]], tuple[Card, ...]] | None = None
    for five in itertools.combinations(cards, 5):
        key = old_a5_key(five)
        if best is None or key < best[0]:
            best = (key, tuple(five))
    assert best is not None
    combo = best[1]
    _, groups2 = old_a5_key(combo)
    sizes2 = tuple(
        sorted(
            (sum(1 for c in combo if c.low_rank == r) for r in groups2), reverse=True
        )
    )
    value = h._A5_SHAPES[sizes2] << 20
    for k, r in enumerate(groups2):
        value |= r << (4 * (4 - k))
    used = sorted(combo, key=lambda c: (c.low_rank, c.bring_in_key()[1]), reverse=True)
    return value, tuple(c.low_rank for c in used), [c.text for c in used]


# --- the new against the old ----------------------------------------------------------------


def test_high_values_categories_ranks_and_cards_agree() -> None:
    for hand in deals():
        value, category, ranks, used = old_best_high(hand)
        new = h.best_high(hand)
        assert (new.value, new.category, new.ranks) == (value, category, ranks), hand
        assert [c.text for c in new.cards] == used, hand
        assert h.high_value(hand) == h.high_value([c.index for c in hand]) == value


def test_low_values_ranks_and_cards_agree() -> None:
    for hand in deals():
        old = old_best_low(hand)
        new = h.best_low(hand)
        assert h.low_value(hand) == h.low_value([c.index for c in hand])
        if old is None:
            assert new is None and h.low_value(hand) is None, hand
            continue
        assert new is not None, hand
        assert (new.value, new.ranks, [c.text for c in new.cards]) == old, hand
        assert h.low_value(hand) == old[0]


def test_razz_values_ranks_and_cards_agree() -> None:
    for hand in deals():
        new = h.best_razz(hand)
        assert (new.value, new.ranks, [c.text for c in new.cards]) == old_best_razz(
            hand
        ), hand


def test_razz_with_three_ranks_or_fewer_takes_the_long_way_and_agrees() -> None:
    rng = random.Random(SEED)
    by_rank = {r: [c for c in DECK if c.rank == r] for r in range(2, 15)}
    for _ in range(500):
        ranks = rng.sample(range(2, 15), rng.choice([2, 3]))
        pool = [c for r in ranks for c in by_rank[r]]
        hand = rng.sample(pool, min(len(pool), rng.choice([5, 6, 7, 8])))
        new = h.best_razz(hand)
        assert (new.value, new.ranks, [c.text for c in new.cards]) == old_best_razz(
            hand
        ), hand


def test_a5_key_agrees_on_boards_and_hands() -> None:
    rng = random.Random(SEED)
    for _ in range(HANDS):
        board = rng.sample(DECK, rng.choice([1, 2, 3, 4, 5, 7]))
        assert h.a5_key(board) == old_a5_key(board), board
        assert h.a5_key(board) == old_a5_key(board), board  # and again, from the memo
    assert h.a5_key([]) == old_a5_key([]) == (0, ())


def test_cards_made_outside_the_deck_count_the_same() -> None:
    for hand in deals(2000):
        fresh = [Card(c.rank, c.suit) for c in hand]
        assert h.best_high(fresh) == h.best_high(hand)
        assert h.best_high(fresh).cards == h.best_high(hand).cards
        assert h.best_razz(fresh).value == h.best_razz(hand).value
        assert h.low_value(fresh) == h.low_value(hand)


# --- the checks stay: what the quick path refuses, and how ----------------------------------


def test_a_card_given_twice_is_refused_even_as_another_object() -> None:
    hand = parse_cards("Ah Kd 9c 7s 4h 3c")
    again = [*hand, Card(14, "h")]
    for fn in (h.best_high, h.best_low, h.best_razz):
        with pytest.raises(CardError) as err:
            fn(again)  # type: ignore[arg-type]
        assert str(err.value) == (
            "Ah is given twice: a deck holds each card once, so list it once."
        )


@pytest.mark.parametrize(
    ("given", "error", "message"),
    [
        (
            [*parse_cards("Ah Kd 9c 7s 4h 3c"), None],
            CardError,
            "an unknown card (None, written ??) cannot be evaluated: give every card of the hand.",
        ),
        (
            [*parse_cards("Ah Kd 9c 7s 4h 3c"), 5],
            CardError,
            "5 is not a card: give Card objects, e.g. Card.parse('Ah').",
        ),
        (
            [*parse_cards("Ah Kd 9c 7s 4h 3c"), "2c"],
            CardError,
            "'2c' is not a card: give Card objects (Card.parse('Ah')) or card indices 0..51.",
        ),
        (
            "AhKd9c7",
            CardError,
            "'AhKd9c7' is text, not cards: read it first with parse_cards('AhKd9c7').",
        ),
        (
            "AhKd9c7s4h",
            CardError,
            "'AhKd9c7s4h' is text, not cards: read it first with parse_cards('AhKd9c7s4h').",
        ),
        (
            parse_cards("Ah Kd 9c 7s"),
            TableError,
            "a hand is made from 5 to 8 cards (seven, plus a community card), not 4: "
            "give every card the player holds.",
        ),
        (
            parse_cards("Ah Kd 9c 7s 4h 3c 2d 2h 2s"),
            TableError,
            "a hand is made from 5 to 8 cards (seven, plus a community card), not 9: "
            "give every card the player holds.",
        ),
    ],
    ids=["none", "index", "text-card", "text-7", "text-10", "four", "nine"],
)
def test_the_checked_functions_refuse_what_is_not_a_hand(
    given: object, error: type[Exception], message: str
) -> None:
    for fn in (h.best_high, h.best_low, h.best_razz):
        with pytest.raises(error) as err:
            fn(given)  # type: ignore[arg-type]
        assert str(err.value) == message


# --- the hands stay values -------------------------------------------------------------------


def test_hands_are_immutable_comparable_and_survive_pickle_and_copy() -> None:
    high = h.best_high(parse_cards("Kc Kd Qh Kh Qs 2c 7d"))
    low = h.best_low(parse_cards("Ac 2d 2h 3s 4c 7d 7s"))
    razz = h.best_razz(parse_cards("9c 9d 4h 3s 2c Kd Kh"))
    assert low is not None
    for hand in (high, low, razz):
        with pytest.raises(FrozenInstanceError):
            hand.value = 0  # type: ignore[misc]
        with pytest.raises(FrozenInstanceError):
            del hand.value  # type: ignore[misc]
        for twin in (pickle.loads(pickle.dumps(hand)), copy.deepcopy(hand)):
            assert twin == hand and hash(twin) == hash(hand)
            assert (twin.ranks, twin.cards) == (hand.ranks, hand.cards)
    assert repr(high) == (
        "HighHand(category=<Category.FULL_HOUSE: 'full house'>, ranks=(13, 13, 13, 12, 12), "
        "cards=(Card('Kh'), Card('Kd'), Card('Kc'), Card('Qs'), Card('Qh')), value=7200204)"
    )
    assert repr(razz) == (
        "LowHand(ranks=(13, 9, 4, 3, 2), cards=(Card('Kd'), Card('9c'), Card('4h'), "
        "Card('3s'), Card('2c')), value=889906)"
    )
    assert high != low and low != razz  # a low and a razz hand of other values
    assert high == h.best_high(parse_cards("Ks Kd Qh Kh Qc 2c 7d"))  # same value, a tie


def test_card_bits_and_hash() -> None:
    for card in DECK:
        assert card.bits == (
            (1 << (4 * (card.rank - 2)))
            | (1 << (52 + 4 * "cdhs".index(card.suit)))
            | (1 << (68 + card.index))
        )
        assert hash(card) == card.index == hash(Card(card.rank, card.suit))
    assert len(set(DECK) | {Card(14, "s")}) == 52
