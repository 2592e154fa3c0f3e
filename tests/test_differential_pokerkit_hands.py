"""Differential tests: our high and eight-or-better low evaluators against PokerKit's."""

from __future__ import annotations

import random
from itertools import pairwise

import pokerkit
import pytest
from helpers.pokerkit_tables import share

from tutor.engine.cards import DECK, Card
from tutor.engine.hands import Category, best_high, best_low, high_value, low_value

SEED = 20261129
#: ``TUTOR_DIFFERENTIAL_FULL=1`` checks all 2,400 random hands (plus 1,500 biased ones) and
#: 6,000 pairs; by default one in eight of each, with the floors below scaled alike.
SHARE = share(8)
HANDS = 2400 // SHARE  # seeded random seven-card hands, plus the biased ones below
PAIRS = 6000 // SHARE  # random pairs of hands whose order is compared

PK_LABELS = {
    "High card": Category.HIGH_CARD,
    "One pair": Category.PAIR,
    "Two pair": Category.TWO_PAIR,
    "Three of a kind": Category.THREE_OF_A_KIND,
    "Straight": Category.STRAIGHT,
    "Flush": Category.FLUSH,
    "Full house": Category.FULL_HOUSE,
    "Four of a kind": Category.FOUR_OF_A_KIND,
    "Straight flush": Category.STRAIGHT_FLUSH,
}


def seeded_hands() -> list[list[Card]]:
    """Uniform seven-card hands, then hands from few ranks or few suits (rare categories)."""
    rng = random.Random(SEED)
    hands = [rng.sample(DECK, 7) for _ in range(HANDS)]
    for _ in range(300 // SHARE):
        ranks = rng.sample(range(2, 15), rng.randint(3, 5))
        pool = [c for c in DECK if c.rank in ranks]
        hands.append(rng.sample(pool, 7))
    for _ in range(300 // SHARE):
        suits = rng.sample("cdhs", 2)
        pool = [c for c in DECK if c.suit in suits]
        hands.append(rng.sample(pool, 7))
    for _ in range(900 // SHARE):
        pool = [c for c in DECK if c.low_rank <= 9]
        hands.append(rng.sample(pool, 7))
    return hands


@pytest.fixture(scope="module")
def table() -> list[tuple[list[Card], object, object]]:
    """(our cards, PokerKit high hand, PokerKit low hand or None) for every seeded hand."""
    out = []
    for hand in seeded_hands():
        text = "".join(c.text for c in hand)
        high = pokerkit.StandardHighHand.from_game(text)
        low = pokerkit.EightOrBetterLowHand.from_game_or_none(text)
        out.append((hand, high, low))
    return out


def sign(x: int) -> int:
    return (x > 0) - (x < 0)


def pk_order(a: object, b: object) -> int:
    """-1, 0, 1 as PokerKit orders two hands (its ``<`` reads "weaker")."""
    return (a > b) - (a < b)  # type: ignore[operator]


def test_hand_high_category_agrees_with_pokerkit(table: list) -> None:
    for hand, high, _ in table:
        ours = best_high(hand)
        assert ours.category is PK_LABELS[high.entry.label.value], (hand, high)


def test_hand_high_order_agrees_with_pokerkit_random_pairs(table: list) -> None:
    rng = random.Random(SEED + 1)
    values = [high_value([c.index for c in hand]) for hand, _, _ in table]
    for _ in range(PAIRS):
        i, j = rng.randrange(len(table)), rng.randrange(len(table))
        ours = sign(values[i] - values[j])
        assert ours == pk_order(table[i][1], table[j][1]), (table[i][0], table[j][0])


def test_hand_high_sorted_chain_agrees_with_pokerkit(table: list) -> None:
    """Sorted by our value, neighbours compare the same way in PokerKit: every pair agrees."""
    ranked = sorted(table, key=lambda row: high_value(row[0]))
    for (a, pa, _), (b, pb, _) in pairwise(ranked):
        assert sign(high_value(b) - high_value(a)) == pk_order(pb, pa), (a, b)


def test_hand_low_qualifying_agrees_with_pokerkit(table: list) -> None:
    for hand, _, low in table:
        ours = best_low(hand)
        assert (ours is None) == (low is None), (hand, low)
        if ours is not None:
            ours_ranks = sorted(c.rank_char for c in ours.cards)
            assert ours_ranks == sorted(str(c.rank.value) for c in low.cards), (
                hand,
                low,
            )


def test_hand_low_order_agrees_with_pokerkit_random_pairs(table: list) -> None:
    rows = [(hand, low) for hand, _, low in table if low is not None]
    assert len(rows) > 1000 // SHARE
    values = [low_value(hand) for hand, _ in rows]
    rng = random.Random(SEED + 2)
    for _ in range(PAIRS):
        i, j = rng.randrange(len(rows)), rng.randrange(len(rows))
        # our value is smaller for the better low; PokerKit's ">" means better
        ours = sign(values[j] - values[i])  # type: ignore[operator]
        assert ours == pk_order(rows[i][1], rows[j][1]), (rows[i][0], rows[j][0])


def test_hand_low_sorted_chain_agrees_with_pokerkit(table: list) -> None:
    rows = sorted(
        ((hand, low) for hand, _, low in table if low is not None),
        key=lambda row: -low_value(row[0]),  # type: ignore[operator]
    )
    for (a, pa), (b, pb) in pairwise(rows):
        ours = sign(low_value(a) - low_value(b))  # type: ignore[operator]
        assert ours == pk_order(pb, pa), (a, b)
