"""Dealing and deck arithmetic (tutor.engine.dealing)."""

from __future__ import annotations

from tutor.engine.cards import DECK, parse_cards
from tutor.engine.dealing import Stub, river_count
from tutor.engine.rules import house_rules


def test_river_count_stub_rule_with_burns() -> None:
    rules = house_rules("online", "stud")
    need, why = river_count(rules, 8, 49, 3)
    assert need is True
    assert (why.key, why.rule, why.params["stub"]) == (
        "why.river.count",
        "river.community",
        0,
    )
    assert str(why).startswith(
        "8 players will need a seventh card. 49 cards are out and 3 burn cards, "
        "so the stub holds 52 - 49 - 3 = 0."
    )
    need, why = river_count(rules, 2, 12, 0)
    assert need is False
    assert str(why).endswith(
        "every player gets a seventh card of their own, face down."
    )


def test_stub_without_seed_deals_nothing() -> None:
    stub = Stub()
    assert not stub.seeded
    assert stub.draw() is None
    stub.burn()
    assert stub.burned == []


def test_seeded_stub_skips_used_cards_and_copies_independently() -> None:
    used = parse_cards("Ah Kd 2c")
    stub = Stub(7, used)
    assert stub.seeded and len(stub.deck) == 49 and not set(used) & set(stub.deck)
    twin = stub.copy()
    first = stub.draw()
    assert twin.draw() == first and first in DECK
    stub.burn()
    assert len(stub.burned) == 1 and twin.burned == []
    stub.recycle_burns()
    assert stub.burned == [] and len(stub.deck) == 48


def test_dry_stub_takes_back_spare_cards_once() -> None:
    stub = Stub(1, DECK)
    spare = parse_cards("9s 9h")
    assert stub.draw(spare) in spare
    assert stub.draw(spare) in spare
    assert stub.draw(spare) is None
