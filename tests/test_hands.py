"""Tests for tutor.engine.hands: rules hand.high and hand.low, fast paths against a brute force."""

from __future__ import annotations

import doctest
import itertools
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tutor.engine.hands as hands_module
from tutor.engine.cards import DECK, Card, parse_cards
from tutor.engine.errors import CardError, TableError, TutorError
from tutor.engine.hands import (
    CATEGORY_STRENGTH,
    Category,
    HighHand,
    LowHand,
    best_high,
    best_low,
    high_value,
    low_value,
)


def cards(text: str) -> list[Card]:
    out = parse_cards(text)
    assert None not in out
    return [c for c in out if c is not None]


def texts(hand: HighHand | LowHand) -> list[str]:
    return [c.text for c in hand.cards]


# --- brute-force references: score every five-card subset the slow, obvious way ------------


def ref_high5(five: tuple[Card, ...]) -> tuple[int, tuple[int, ...]]:
    """(strength, deciding ranks) of exactly five cards, written from the rulebook ranking."""
    counts = Counter(c.rank for c in five)
    by_group = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    ordered = tuple(r for r in by_group for _ in range(counts[r]))
    shape = sorted(counts.values(), reverse=True)
    is_flush = len({c.suit for c in five}) == 1
    distinct = sorted(counts, reverse=True)
    straight: tuple[int, ...] | None = None
    if len(distinct) == 5 and distinct[0] - distinct[4] == 4:
        straight = tuple(distinct)
    elif distinct == [14, 5, 4, 3, 2]:
        straight = (5, 4, 3, 2, 1)  # the ace plays low
    if straight and is_flush:
        return 8, straight
    if shape == [4, 1]:
        return 7, ordered
    if shape == [3, 2]:
        return 6, ordered
    if is_flush:
        return 5, ordered
    if straight:
        return 4, straight
    if shape == [3, 1, 1]:
        return 3, ordered
    if shape == [2, 2, 1]:
        return 2, ordered
    if shape == [2, 1, 1, 1]:
        return 1, ordered
    return 0, ordered


def ref_high(hand: list[Card]) -> int:
    """Best value over all five-card subsets, in the module's documented encoding."""
    best = 0
    for five in itertools.combinations(hand, 5):
        strength, ranks = ref_high5(five)
        value = strength
        for r in ranks:
            value = value * 16 + r
        best = max(best, value)
    return best


def ref_low(hand: list[Card]) -> int | None:
    """Best eight-or-better low over all five-card subsets (smaller value better), or None."""
    best: int | None = None
    for five in itertools.combinations(hand, 5):
        ranks = sorted((c.low_rank for c in five), reverse=True)
        if len(set(ranks)) < 5 or ranks[0] > 8:
            continue
        value = 0
        for r in ranks:
            value = value * 16 + r
        best = value if best is None else min(best, value)
    return best


# --- the module's doctests ------------------------------------------------------------------


def test_hands_doctests() -> None:
    result = doctest.testmod(
        hands_module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
    )
    assert result.failed == 0
    assert result.attempted >= 20


# --- hand.high: every category, its ranks order, its cards and its words --------------------

CATEGORY_CASES = [
    (
        "Ah Kd 9c 7s 4h 3c 2d",
        Category.HIGH_CARD,
        [14, 13, 9, 7, 4],
        ["Ah", "Kd", "9c", "7s", "4h"],
        "high card, ace with a king, a nine, a seven and a four",
        0x0ED974,
    ),
    (
        "Kc Kh Ah 9d 8s 3c 2d",
        Category.PAIR,
        [13, 13, 14, 9, 8],
        ["Kh", "Kc", "Ah", "9d", "8s"],
        "pair, kings with an ace, a nine and an eight",
        0x1DDE98,
    ),
    (
        "As Ad Ks Kd 9c 4h 2c",
        Category.TWO_PAIR,
        [14, 14, 13, 13, 9],
        ["As", "Ad", "Ks", "Kd", "9c"],
        "two pair, aces and kings with a nine",
        0x2EEDD9,
    ),
    (
        "7c 7d 7h Kd Qs 4c 2h",
        Category.THREE_OF_A_KIND,
        [7, 7, 7, 13, 12],
        ["7h", "7d", "7c", "Kd", "Qs"],
        "three of a kind, sevens with a king and a queen",
        0x3777DC,
    ),
    (
        "9c 8d 7h 6s 5c Kd Kh",
        Category.STRAIGHT,
        [9, 8, 7, 6, 5],
        ["9c", "8d", "7h", "6s", "5c"],
        "straight, nine high",
        0x498765,
    ),
    (
        "Ah Qh 9h 6h 2h Kc Kd",
        Category.FLUSH,
        [14, 12, 9, 6, 2],
        ["Ah", "Qh", "9h", "6h", "2h"],
        "flush, ace high with a queen, a nine, a six and a two",
        0x5EC962,
    ),
    (
        "Kc Kd Kh Qh Qs 2c 7d",
        Category.FULL_HOUSE,
        [13, 13, 13, 12, 12],
        ["Kh", "Kd", "Kc", "Qs", "Qh"],
        "full house, kings full of queens",
        0x6DDDCC,
    ),
    (
        "9c 9d 9h 9s Ac Kd 2h",
        Category.FOUR_OF_A_KIND,
        [9, 9, 9, 9, 14],
        ["9s", "9h", "9d", "9c", "Ac"],
        "four of a kind, nines with an ace",
        0x79999E,
    ),
    (
        "9s 8s 7s 6s 5s 4d Ad",
        Category.STRAIGHT_FLUSH,
        [9, 8, 7, 6, 5],
        ["9s", "8s", "7s", "6s", "5s"],
        "straight flush, nine high",
        0x898765,
    ),
]


@pytest.mark.parametrize(
    ("text", "category", "ranks", "used", "words", "value"),
    CATEGORY_CASES,
    ids=[str(c[1]).replace(" ", "-") for c in CATEGORY_CASES],
)
def test_hand_high_each_category(
    text: str,
    category: Category,
    ranks: list[int],
    used: list[str],
    words: str,
    value: int,
) -> None:
    hand = best_high(cards(text))
    assert hand.category is category
    assert list(hand.ranks) == ranks
    assert texts(hand) == used
    assert hand.describe() == words
    assert str(hand) == words
    assert hand.value == value
    assert high_value(cards(text)) == value
    assert high_value([c.index for c in cards(text)]) == value


def test_hand_high_categories_rank_in_order() -> None:
    values = [best_high(cards(case[0])).value for case in CATEGORY_CASES]
    assert values == sorted(values)
    assert len(set(values)) == 9
    assert [CATEGORY_STRENGTH[c] for c in Category] == list(range(9))
    assert [c.strength for c in Category] == list(range(9))
    assert [str(c) for c in Category] == [
        "high card",
        "pair",
        "two pair",
        "three of a kind",
        "straight",
        "flush",
        "full house",
        "four of a kind",
        "straight flush",
    ]


def test_hand_high_rank_chars() -> None:
    assert best_high(cards("As Ad Ks Kd 9c 4h 2c")).rank_chars == [
        "A",
        "A",
        "K",
        "K",
        "9",
    ]
    assert best_high(cards("Td Tc 2h 3s 4c 9h 8h")).rank_chars == [
        "T",
        "T",
        "9",
        "8",
        "4",
    ]


def test_hand_high_wheel_ace_plays_low() -> None:
    hand = best_high(cards("5d 4c 3h 2s Ah Kd Kh"))
    assert hand.category is Category.STRAIGHT
    assert hand.rank_chars == ["5", "4", "3", "2", "A"]
    assert hand.ranks == (5, 4, 3, 2, 14)
    assert texts(hand) == ["5d", "4c", "3h", "2s", "Ah"]
    assert hand.describe() == "straight, five high"
    assert hand.value == 0x454321
    six_high = best_high(cards("6d 5c 4h 3s 2h Kd Kh"))
    assert six_high > hand


def test_hand_high_steel_wheel() -> None:
    hand = best_high(cards("5h 4h 3h 2h Ah 9c 9d"))
    assert hand.category is Category.STRAIGHT_FLUSH
    assert hand.rank_chars == ["5", "4", "3", "2", "A"]
    assert texts(hand) == ["5h", "4h", "3h", "2h", "Ah"]
    assert hand.describe() == "straight flush, five high"
    assert best_high(cards("Ac Kc Qc Jc Tc 2d 2h")).describe() == (
        "straight flush, ace high (a royal flush)"
    )


def test_hand_high_broadway_beats_wheel_and_no_wraparound() -> None:
    broadway = best_high(cards("Ac Kd Qh Js Tc 2d 3h"))
    assert broadway.rank_chars == ["A", "K", "Q", "J", "T"]
    wrap = best_high(cards("Qc Kd Ah 2s 3c 7d 8h"))  # Q-K-A-2-3 is not a straight
    assert wrap.category is Category.HIGH_CARD
    assert broadway > best_high(cards("5d 4c 3h 2s Ah Kd Kh"))


def test_hand_high_straight_over_pair_and_trips() -> None:
    hand = best_high(cards("8c 8d 8h 7s 6c 5d 4h"))
    assert hand.category is Category.STRAIGHT
    assert hand.rank_chars == ["8", "7", "6", "5", "4"]
    assert texts(hand) == ["8h", "7s", "6c", "5d", "4h"]


def test_hand_high_two_pair_from_three_pairs_uses_best_kicker() -> None:
    hand = best_high(cards("Kc Kd 9h 9s 5c 5d 2h"))
    assert hand.rank_chars == ["K", "K", "9", "9", "5"]
    hand = best_high(cards("Kc Kd 9h 9s 5c 5d Qh"))
    assert hand.rank_chars == ["K", "K", "9", "9", "Q"]


def test_hand_high_two_trips_make_a_full_house() -> None:
    hand = best_high(cards("Qc Qd Qh 4s 4c 4d 2h"))
    assert hand.category is Category.FULL_HOUSE
    assert hand.rank_chars == ["Q", "Q", "Q", "4", "4"]
    assert hand.describe() == "full house, queens full of fours"


def test_hand_high_ties_compare_equal() -> None:
    one = best_high(cards("As Ad Ks Kd 9c 4h 2c"))
    two = best_high(cards("Ah Ac Kh Kc 9d 3h 2d"))
    assert one == two
    assert one.value == two.value
    assert not one < two and not one > two
    assert one <= two and one >= two
    assert max([best_high(cards("Ah Kd 9c 7s 4h 3c 2d")), one]) is one


def test_hand_high_kicker_decides() -> None:
    assert best_high(cards("Ac Ad Kh 9s 4c 3d 2h")) > best_high(
        cards("Ah As Qh Js Tc 3h 2s")
    )


@pytest.mark.parametrize(
    ("text", "category", "rank_chars", "used"),
    [
        # eight cards: a flush and a full house together; the full house wins
        (
            "Ah Kh Qh 5h 2h Ad Ac Kd",
            Category.FULL_HOUSE,
            ["A", "A", "A", "K", "K"],
            ["Ah", "Ad", "Ac", "Kh", "Kd"],
        ),
        # eight cards: four of a kind and three of a kind; the kicker is the trips' rank
        (
            "9c 9d 9h 9s 7c 7d 7h 2s",
            Category.FOUR_OF_A_KIND,
            ["9", "9", "9", "9", "7"],
            ["9s", "9h", "9d", "9c", "7h"],
        ),
        # eight cards: a straight flush beside four of a kind
        (
            "6s 5s 4s 3s 2s 2c 2d 2h",
            Category.STRAIGHT_FLUSH,
            ["6", "5", "4", "3", "2"],
            ["6s", "5s", "4s", "3s", "2s"],
        ),
        # eight cards: four pairs, best two and the best card left
        (
            "Ac Ad Kc Kd 3h 3s 2h 2s",
            Category.TWO_PAIR,
            ["A", "A", "K", "K", "3"],
            ["Ad", "Ac", "Kd", "Kc", "3s"],
        ),
        # eight cards: six of one suit, the flush takes the five highest
        (
            "Ah Jh 9h 7h 4h 2h Kc Kd",
            Category.FLUSH,
            ["A", "J", "9", "7", "4"],
            ["Ah", "Jh", "9h", "7h", "4h"],
        ),
    ],
)
def test_hand_high_eight_cards(
    text: str, category: Category, rank_chars: list[str], used: list[str]
) -> None:
    hand = best_high(cards(text))
    assert hand.category is category
    assert hand.rank_chars == rank_chars
    assert texts(hand) == used
    assert hand.value == ref_high(cards(text))


def test_hand_high_five_and_six_cards() -> None:
    assert best_high(cards("2c 3d 4h 5s 7c")).rank_chars == ["7", "5", "4", "3", "2"]
    assert best_high(cards("2c 2d 4h 4s 7c 7d")).rank_chars == ["7", "7", "4", "4", "2"]


# --- hand.low -------------------------------------------------------------------------------


def low(text: str) -> LowHand:
    hand = best_low(cards(text))
    assert hand is not None
    return hand


def test_hand_low_rules_md_checks() -> None:
    assert low("8c 7d 6h 5s 3c Kd Kh").better_than(low("8c 7d 6h 5s 4c Kd Kh"))
    assert low("7c 6d 5h 4s 3c Kd Kh").better_than(low("8c 5d 4h 3s 2c Kd Kh"))
    assert best_low(cards("Ac Ad 2c 2d 3c 8h Kd")) is None
    hand = low("Ac 2d 2h 3s 4c 7d 7s")
    assert hand.text == "7-4-3-2-A"
    assert hand.ranks == (7, 4, 3, 2, 1)
    assert texts(hand) == ["7s", "4c", "3s", "2h", "Ac"]


def test_hand_low_compares_highest_card_first() -> None:
    assert low("8c 5d 4h 3s 2c Kd Kh").better_than(low("8c 6d 4h 2s Ac Kd Kh"))
    wheel = low("5c 4d 3h 2s Ac Kd Kh")
    assert wheel.text == "5-4-3-2-A"
    assert wheel.value == 0x54321
    assert not low("6c 4d 3h 2s Ac Kd Kh").better_than(wheel)
    assert wheel.better_than(None)


def test_hand_low_ordering_max_is_best() -> None:
    worse = low("8c 7d 6h 5s 4c Kd Kh")
    better = low("8c 7d 6h 5s 3c Kd Kh")
    assert worse < better and better > worse
    assert worse <= better and better >= worse
    assert max([worse, better]) is better
    assert better.value < worse.value
    tie = low("8d 7c 6s 5h 3d Qd Qh")
    assert tie == better and tie <= better and tie >= better


def test_hand_low_straights_and_flushes_do_not_count_against() -> None:
    hand = low("5h 4h 3h 2h Ah Kd Kc")
    assert hand.text == "5-4-3-2-A"
    assert best_high(cards("5h 4h 3h 2h Ah Kd Kc")).category is Category.STRAIGHT_FLUSH


def test_hand_low_nine_does_not_qualify() -> None:
    assert best_low(cards("9c 7d 6h 5s 3c Kd Kh")) is None
    assert low_value(cards("9c 7d 6h 5s 3c Kd Kh")) is None


def test_hand_low_uses_different_cards_than_high() -> None:
    text = "Ac Ad Ah 2c 3d 4h 8s"
    high = best_high(cards(text))
    assert high.describe() == "three of a kind, aces with an eight and a four"
    assert texts(high) == ["Ah", "Ad", "Ac", "8s", "4h"]
    lo = low(text)
    assert lo.text == "8-4-3-2-A"
    assert texts(lo) == ["8s", "4h", "3d", "2c", "Ah"]
    assert set(texts(lo)) != set(texts(high))


def test_hand_low_text_and_words() -> None:
    hand = low("7c 5d 4h 2s Ac Kd Kh")
    assert hand.text == "7-5-4-2-A"
    assert str(hand) == "7-5-4-2-A"
    assert hand.describe() == "seven-five low (7-5-4-2-A)"


def test_hand_low_eight_cards_community() -> None:
    assert low("Kc Kd Qh 8s 6c 4d 2h 3s").text == "8-6-4-3-2"
    assert best_low(cards("Kc Kd Qh 8s 6c 4d 2h 2s")) is None


# --- errors ---------------------------------------------------------------------------------


def test_hand_high_too_few_cards() -> None:
    with pytest.raises(TableError) as err:
        best_high(cards("Ah Kd 2c 3d"))
    assert str(err.value) == (
        "a hand is made from 5 to 8 cards (seven, plus a community card), not 4: "
        "give every card the player holds."
    )
    assert isinstance(err.value, TutorError)


def test_hand_high_too_many_cards() -> None:
    with pytest.raises(TableError) as err:
        best_low(cards("Ah Kd 2c 3d 4c 5c 6c 7c 8c"))
    assert str(err.value) == (
        "a hand is made from 5 to 8 cards (seven, plus a community card), not 9: "
        "give every card the player holds."
    )


def test_hand_high_duplicate_card() -> None:
    with pytest.raises(CardError) as err:
        best_high(cards("Ah Kd 2c 3d Ah"))
    assert (
        str(err.value)
        == "Ah is given twice: a deck holds each card once, so list it once."
    )
    with pytest.raises(CardError) as err:
        best_low(cards("Ah Kd 2c 3d 2c 9s"))
    assert (
        str(err.value)
        == "2c is given twice: a deck holds each card once, so list it once."
    )


def test_hand_high_unknown_card_and_text() -> None:
    with pytest.raises(CardError) as err:
        best_high(parse_cards("Ah Kd 2c 3d ??"))  # type: ignore[arg-type]
    assert str(err.value) == (
        "an unknown card (None, written ??) cannot be evaluated: give every card of the hand."
    )
    with pytest.raises(CardError) as err:
        best_high("Ah Kd 2c 3d 4s")  # type: ignore[arg-type]
    assert str(err.value) == (
        "'Ah Kd 2c 3d 4s' is text, not cards: read it first with "
        "parse_cards('Ah Kd 2c 3d 4s')."
    )
    with pytest.raises(CardError) as err:
        high_value([1, 2, 3, 4, "x"])  # type: ignore[list-item]
    assert str(err.value) == (
        "'x' is not a card: give Card objects (Card.parse('Ah')) or card indices 0..51."
    )


def test_hand_low_fast_path_count_error() -> None:
    with pytest.raises(TableError) as err:
        low_value([0, 1, 2, 3, 4, 5, 6, 7, 8])
    assert str(err.value) == (
        "a hand is made from 5 to 8 cards (seven, plus a community card), not 9: "
        "give every card the player holds."
    )


def test_hand_high_non_canonical_card_objects() -> None:
    # Card objects built directly (not the DECK singletons) still evaluate.
    made = [Card(14, "s"), Card(14, "d"), Card(13, "s"), Card(13, "d"), Card(9, "c")]
    assert high_value(made) == 0x2EEDD9
    assert low_value(
        [Card(14, "s"), Card(2, "d"), Card(3, "s"), Card(4, "d"), Card(5, "c")]
    ) == (0x54321)
    seven = [Card(r, "h") for r in (14, 12, 7, 6, 2)] + [Card(13, "c"), Card(3, "d")]
    assert hex(high_value(seven)) == "0x5ec762"
    assert hex(low_value(seven)) == "0x76321"  # type: ignore[arg-type]
    mixed = [Card(14, "h"), *cards("Qh 7h 6h 2h Kc 3d")]
    assert hex(high_value(mixed)) == "0x5ec762"
    assert hex(low_value(mixed)) == "0x76321"  # type: ignore[arg-type]
    assert low_value([Card(14, "h"), *cards("Qh 9h 6h 2h Kc 8d")]) is None


# --- properties: the evaluators against the brute force -------------------------------------


@st.composite
def hands_any(draw: st.DrawFn) -> list[Card]:
    """5 to 8 distinct cards, often from few ranks or few suits to reach the rare hands."""
    n = draw(st.integers(5, 8))
    shape = draw(st.sampled_from(["any", "few-ranks", "few-suits", "low-ranks"]))
    if shape == "few-ranks":
        ranks = draw(st.sets(st.integers(2, 14), min_size=3, max_size=5))
        pool = [c for c in DECK if c.rank in ranks]
    elif shape == "few-suits":
        suits = draw(st.sets(st.sampled_from("cdhs"), min_size=1, max_size=2))
        pool = [c for c in DECK if c.suit in suits]
    elif shape == "low-ranks":
        pool = [c for c in DECK if c.low_rank <= 9]
    else:
        pool = list(DECK)
    n = min(n, len(pool))
    if n < 5:
        pool, n = list(DECK), 5
    return draw(st.lists(st.sampled_from(pool), min_size=n, max_size=n, unique=True))


@settings(max_examples=300, deadline=None)
@given(hands_any())
def test_hand_high_matches_brute_force(hand: list[Card]) -> None:
    expected = ref_high(hand)
    assert best_high(hand).value == expected
    assert high_value(hand) == expected
    assert high_value([c.index for c in hand]) == expected
    assert high_value(tuple(c.index for c in hand)) == expected


@settings(max_examples=300, deadline=None)
@given(hands_any())
def test_hand_low_matches_brute_force(hand: list[Card]) -> None:
    expected = ref_low(hand)
    result = best_low(hand)
    assert (None if result is None else result.value) == expected
    assert low_value(hand) == expected
    assert low_value([c.index for c in hand]) == expected


@settings(max_examples=200, deadline=None)
@given(hands_any())
def test_hand_high_cards_and_ranks_agree(hand: list[Card]) -> None:
    result = best_high(hand)
    assert len(result.cards) == 5
    assert set(result.cards) <= set(hand)
    assert len(set(result.cards)) == 5
    # the five cards used make the same hand on their own
    assert best_high(list(result.cards)).value == result.value
    shown = [c.rank for c in result.cards]
    assert shown == list(result.ranks)


@settings(max_examples=200, deadline=None)
@given(hands_any())
def test_hand_low_cards_and_ranks_agree(hand: list[Card]) -> None:
    result = best_low(hand)
    if result is None:
        assert ref_low(hand) is None
        return
    assert set(result.cards) <= set(hand)
    assert [c.low_rank for c in result.cards] == list(result.ranks)
    assert best_low(list(result.cards)) == result
    assert list(result.ranks) == sorted(result.ranks, reverse=True)
