"""bring-in.who, bring-in.amount, bring-in.all-in, bring-in.complete, act.third."""

from __future__ import annotations

import pytest
from enginekit import D, make_hand, play

from tutor.engine import IllegalActionError


def test_bring_in_who_suit_order_clubs_diamonds_hearts_spades():
    for doors, low in (
        (["3s", "3h", "3d"], "3d"),
        (["3s", "3h"], "3h"),
        (["4c", "3s"], "3s"),
    ):
        seats = [(f"P{i}", None, f"?? ?? {c}") for i, c in enumerate(doors)]
        assert make_hand(seats).answer("bring-in").answer["card"] == low


def test_bring_in_who_ace_high_in_stud_too():
    hand = make_hand([("A", None, "?? ?? Ac"), ("K", None, "?? ?? Ks")], game="stud")
    assert hand.answer("bring-in").answer == {
        "player": "K",
        "seat": 2,
        "card": "Ks",
        "amount": D(1),
    }


def test_bring_in_amount_defaults_to_half_the_small_bet():
    hand = make_hand(
        [("A", None, "?? ?? 9c"), ("B", None, "?? ?? 2d")], small=10, big=20
    )
    assert hand.legal_actions() == ["bring in 5", "complete 10"]
    assert "(half the small bet, by default)" in hand.answer("bring-in").explanation


def test_bring_in_amount_explicit():
    hand = make_hand(
        [("A", None, "?? ?? 9c"), ("B", None, "?? ?? 2d")], small=15, big=30, bring_in=5
    )
    assert hand.legal_actions() == ["bring in 5", "complete 15"]


def test_bring_in_who_must_not_fold_or_check():
    hand = make_hand([("A", None, "?? ?? 9c"), ("B", None, "?? ?? 2d")])
    with pytest.raises(IllegalActionError) as err:
        hand.apply("B folds")
    assert str(err.value) == (
        "'B folds' is not allowed: B has the low card and must bring in or complete; the bring-in is a "
        "forced bet (bring-in.who). B may: bring in 1; complete 2."
    )
    assert err.value.rule == "bring-in.who"
    assert hand.pot == D(0) and hand.to_act == "B"


def test_bring_in_complete_is_not_a_raise_and_everyone_calling_ends_the_round():
    hand = make_hand(
        [
            ("A", None, "?? ?? 9c 8c"),
            ("B", None, "?? ?? 2d 3d"),
            ("C", None, "?? ?? Kd Ks"),
        ]
    )
    play(hand, "B brings in", "C calls", "A calls")
    assert hand.street.value == "fourth"
    assert hand.to_act == "C"


def test_bring_in_complete_then_raises_counted_from_zero():
    hand = make_hand(
        [("A", None, "?? ?? 9c"), ("B", None, "?? ?? 2d"), ("C", None, "?? ?? Kd")]
    )
    play(hand, "B brings in", "C completes")
    assert hand.answer("raises-left").answer == {"raises_left": 3}
    assert hand.legal_actions() == ["fold", "call 2", "raise 4"]


def test_bring_in_player_may_open_with_a_completion():
    hand = make_hand([("A", None, "?? ?? 9c"), ("B", None, "?? ?? 2d")])
    op = hand.apply("B completes")
    assert op.text == "B completes to 2"
    assert hand.legal_actions() == ["fold", "call 2", "raise 4"]


def test_bring_in_all_in_for_the_ante_next_player_may_fold_bring_in_or_complete():
    hand = make_hand(
        [("A", None, "?? ?? 9c"), ("B", 1, "?? ?? 2d"), ("C", None, "?? ?? Kd")], ante=1
    )
    assert hand.to_act == "C"
    assert hand.legal_actions() == ["fold", "bring in 1", "complete 2"]
    ruling = hand.answer("bring-in")
    assert ruling.answer == {"player": "B", "seat": 2, "card": "2d", "amount": D(0)}
    assert (
        "B is all in for the ante, so C acts first and may fold, bring in or complete."
        in ruling.explanation
    )
    assert "bring-in.all-in" in ruling.rules


def test_bring_in_all_in_for_part_others_must_come_in_for_the_full_amount():
    hand = make_hand(
        [("A", None, "?? ?? 9c"), ("B", D("1.5"), "?? ?? 2d"), ("C", None, "?? ?? Kd")],
        ante=1,
        small=2,
        big=4,
        chip=D("0.5"),
    )
    assert hand.legal_actions() == ["bring in 0.5"]
    hand.apply("B brings in")
    assert hand.legal_actions() == ["fold", "call 1", "complete 2"]


def test_act_third_out_of_turn_refused_with_rule():
    hand = make_hand(
        [("A", None, "?? ?? 9c"), ("B", None, "?? ?? 2d"), ("C", None, "?? ?? Kd")]
    )
    hand.apply("B brings in")
    with pytest.raises(IllegalActionError) as err:
        hand.apply("A calls")
    assert (
        str(err.value)
        == "'A calls' is out of turn: it is C's turn to act on third street (act.third)."
    )


def test_bring_in_facing_bring_in_cannot_raise():
    hand = make_hand([("A", None, "?? ?? 9c"), ("B", None, "?? ?? 2d")])
    hand.apply("B brings in")
    with pytest.raises(IllegalActionError) as err:
        hand.apply("A raises 4")
    assert err.value.rule == "bring-in.complete"
    assert "facing only the bring-in of 1, the next step up is to complete to 2" in str(
        err.value
    )
