"""Differential test: whole Razz hands played through our Hand and PokerKit's FixedLimitRazz.

Each seeded hand deals 2 to 6 players seven known cards each and plays random legal actions
in both engines at once. At every decision both engines must name the same player to act: the
bring-in (``razz.bring-in``: the highest door card, ace low, ties by suit), the first to act on
fourth to seventh street (``razz.act``: the lowest board) and every turn after. At the end every
seat must have won or lost the same chips (``razz.low``, ``split.ties``).

Where PokerKit's choices agree with the preset (preset ``online``):
- Deep stacks: nobody is all in, so there are no side pots and no all-in bring-in.
- At most six players, so the deck never runs out.
- Ties for first to act go by position in both (with a house dealer, the lowest seat index);
  a hand where two boards tie for lowest is counted, and still compared.
- Odd chips among three or more tied lows with two or more odd chips are not compared on
  chips (PokerKit gives the remainder to one player, we give one chip each, ``split.ties``).
"""

from __future__ import annotations

import random
from decimal import Decimal

import pokerkit
import pytest
from helpers.pokerkit_tables import STACK, STAKES, PokerKitHand, choose, share

from tutor.engine import (
    Action,
    Game,
    Hand,
    HandSetup,
    SeatSetup,
    house_rules,
)
from tutor.engine.cards import DECK
from tutor.engine.hands import best_razz

SEED = 20261201
#: ``TUTOR_DIFFERENTIAL_FULL=1`` plays all 1,000 hands; by default one in four, with the
#: coverage floors below scaled alike.
SHARE = share(4)
HANDS = 1000 // SHARE
RULES = house_rules("online", Game.RAZZ)


def several_odd_chips(hand: Hand) -> bool:
    live = [p for p in hand.players if not p.folded]
    lows = [best_razz([c for c in p.cards if c is not None]).value for p in live]
    ways = lows.count(min(lows))
    return ways >= 3 and int(hand.pot) % ways >= 2


def play(seed: int) -> dict[str, object]:
    rng = random.Random(seed)
    players = rng.randint(2, 6)
    deck = list(DECK)
    rng.shuffle(deck)
    seats_cards = [tuple(deck[7 * i : 7 * i + 7]) for i in range(players)]
    rest = deck[7 * players :]
    seats = tuple(
        SeatSetup(seat=i + 1, name=f"P{i + 1}", stack=Decimal(STACK), cards=cards)
        for i, cards in enumerate(seats_cards)
    )
    ours = Hand(HandSetup(game=Game.RAZZ, rules=RULES, stakes=STAKES, seats=seats))
    theirs = PokerKitHand(pokerkit.FixedLimitRazz, seats_cards, rest)
    index = {p.name: i for i, p in enumerate(ours.players)}
    first: dict[str, tuple[int, int]] = {}
    while not ours.is_over:
        assert ours.to_act is not None
        where = f"seed {seed}, {ours.street.value} street"
        mine = index[ours.to_act]
        assert theirs.state.actor_index == mine, where
        first.setdefault(ours.street.value, (mine, theirs.state.actor_index))
        kind = choose(rng, ours.legal_actions())
        ours.apply(Action(ours.to_act, kind))
        theirs.act(kind)
    assert not theirs.state.status, f"seed {seed}: PokerKit's hand is still running"
    return {
        "first": first,
        "net_ours": [
            int(ours.payouts.get(p.name, 0) - p.committed) for p in ours.players
        ],
        "net_theirs": theirs.net(),
        "skip_chips": several_odd_chips(ours)
        if sum(not p.folded for p in ours.players) > 1
        else False,
        "showdown": sum(not p.folded for p in ours.players) > 1,
    }


@pytest.fixture(scope="module")
def results() -> list[dict[str, object]]:
    return [play(SEED + k) for k in range(HANDS)]


def test_razz_bring_in_and_razz_act_agree_with_pokerkit(results: list[dict]) -> None:
    reached = {"third": 0, "fourth": 0, "fifth": 0, "sixth": 0, "seventh": 0}
    for r in results:
        for street, (ours, theirs) in r["first"].items():
            assert ours == theirs, street
            reached[street] += 1
    assert min(reached.values()) >= 200 // SHARE, reached


def test_razz_low_award_agrees_with_pokerkit(results: list[dict]) -> None:
    compared = showdowns = 0
    for k, r in enumerate(results):
        if r["skip_chips"]:
            continue
        assert r["net_ours"] == r["net_theirs"], f"hand {k}"
        compared += 1
        showdowns += bool(r["showdown"])
    assert compared >= HANDS - 20 // SHARE
    assert showdowns >= 300 // SHARE, showdowns
