"""limit.small, limit.big, limit.open-pair, cap.raises (and heads-up), round.end."""

from __future__ import annotations

import pytest
from enginekit import D, make_hand, play

from tutor.engine import IllegalActionError


def _later(
    street: str,
    n: int = 3,
    preset: str = "online",
    game: str = "stud8",
    cards: list[str] | None = None,
    stacks: list[object] | None = None,
):
    count = {"fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7}[street]
    default = [
        "2d 3d Kh 9s 4c 5c 6c",
        "4d 5d Qc 8s Jh Ts 7h",
        "6d 8d Jd 7c 2h 3h 9h",
        "Ac Ad Tc 2c 3s 4s 5s",
    ]
    cards = cards or default
    seats = []
    for i in range(n):
        stack = stacks[i] if stacks else 100
        seats.append(
            (f"P{i + 1}", stack, " ".join(cards[i].split()[:count]), {"committed": 5})
        )
    return make_hand(seats, start=street, preset=preset, game=game, small=5, big=10)


def test_limit_small_on_fourth_big_on_fifth_to_seventh():
    assert _later("fourth").answer("bet-sizes").answer == {"sizes": [D(5)]}
    for street in ("fifth", "sixth", "seventh"):
        ruling = _later(street).answer("bet-sizes")
        assert ruling.answer == {"sizes": [D(10)]}
        assert ruling.rules == ("limit.big",)


def test_limit_small_wrong_size_refused():
    hand = _later("fourth")
    with pytest.raises(IllegalActionError) as err:
        hand.apply("P1 bets 10")
    assert (
        str(err.value)
        == "'P1 bets 10' is not allowed: a bet now makes it 5, not 10 (limit.small)."
    )


def test_limit_open_pair_any_live_hand_showing_a_pair():
    # P3 shows a pair of jacks on fourth; P1 (king high) is not the one with the pair but opens.
    cards = ["2d 3d Kh Qs", "4d 5d 9c 8s", "6d 8d Jd Jc"]
    hand = _later("fourth", cards=cards, game="stud", preset="roberts")
    assert hand.to_act == "P3"
    assert hand.answer("bet-sizes").answer == {"sizes": [D(5), D(10)]}


def test_limit_open_pair_big_bet_makes_later_raises_big():
    cards = ["2d 3d Kh Ks", "4d 5d 9c 8s", "6d 8d Jd 2c"]
    hand = _later("fourth", cards=cards, game="stud", preset="wsop-cash")
    hand.apply("P1 bets 10")
    assert hand.legal_actions() == ["fold", "call 10", "raise 20"]
    assert hand.answer("bet-sizes").answer == {"sizes": [D(10)]}


def test_limit_open_pair_needs_amount_when_two_sizes():
    cards = ["2d 3d Kh Ks", "4d 5d 9c 8s", "6d 8d Jd 2c"]
    hand = _later("fourth", cards=cards, game="stud", preset="online")
    with pytest.raises(IllegalActionError) as err:
        hand.apply("P1 bets")
    assert (
        str(err.value)
        == "'P1 bets' needs an amount: on this street a bet may be 5 or 10 (limit.open-pair)."
    )


def test_limit_open_pair_tda_never():
    cards = ["2d 3d Kh Ks", "4d 5d 9c 8s", "6d 8d Jd 2c"]
    for game in ("stud", "stud8"):
        hand = _later("fourth", cards=cards, game=game, preset="tda")
        ruling = hand.answer("bet-sizes")
        assert ruling.answer == {"sizes": [D(5)]}
        assert f"tda ({game}) has no open-pair option" in ruling.explanation


def test_limit_open_pair_each_raise_counts_once_to_the_cap():
    cards = ["2d 3d Kh Ks", "4d 5d 9c 8s", "6d 8d Jd 2c"]
    hand = _later("fourth", cards=cards, game="stud", preset="roberts")
    play(hand, "P1 bets 5", "P2 raises 15")
    assert hand.answer("raises-left").answer == {"raises_left": 2}


def _three_way_third(preset: str):
    hand = make_hand(
        [("A", None, "?? ?? 9c"), ("B", None, "?? ?? 2d"), ("C", None, "?? ?? Kd")],
        preset=preset,
        small=5,
        big=10,
    )
    return play(hand, "B brings in", "C completes")


@pytest.mark.parametrize(
    "preset,cap", [("online", 20), ("roberts", 20), ("wsop-cash", 25), ("tda", 25)]
)
def test_cap_raises_per_preset(preset, cap):
    hand = _three_way_third(preset)
    actors = ["A", "B", "C", "A", "B", "C"]
    level = 5
    for actor in actors:
        if not any(a.startswith("raise") for a in hand.legal_actions()):
            break
        level += 5
        hand.apply(f"{actor} raises {level}")
    assert level == cap
    ruling = hand.answer("raises-left")
    assert ruling.answer == {"raises_left": 0}


def test_cap_raises_heads_up_roberts_unlimited_once_heads_up_before_cap():
    hand = _three_way_third("roberts")
    play(hand, "A folds")
    assert hand.answer("raises-left").answer == {"raises_left": None}
    for lvl, who in ((10, "B"), (15, "C"), (20, "B"), (25, "C"), (30, "B")):
        hand.apply(f"{who} raises {lvl}")
    assert hand.answer("raises-left").answer == {"raises_left": None}


def test_cap_raises_heads_up_roberts_cap_reached_first_stays_capped():
    hand = _three_way_third("roberts")
    play(hand, "A raises 10", "B raises 15", "C raises 20", "A folds")
    assert hand.answer("raises-left").answer == {"raises_left": 0}
    assert hand.legal_actions() == ["fold", "call 5"]


def test_cap_raises_heads_up_wsop_only_if_round_began_heads_up():
    hand = _three_way_third("wsop-cash")
    play(hand, "A folds")
    assert hand.answer("raises-left").answer == {"raises_left": 4}
    two = make_hand(
        [("B", None, "?? ?? 2d"), ("C", None, "?? ?? Kd")],
        preset="wsop-cash",
        small=5,
        big=10,
    )
    play(two, "B brings in", "C completes")
    ruling = two.answer("raises-left")
    assert ruling.answer == {"raises_left": None}
    assert ruling.explanation == (
        "Under wsop-cash raising is unlimited here: the round is heads-up "
        "(it began heads-up)."
    )


@pytest.mark.parametrize("preset", ["online", "tda"])
def test_cap_raises_heads_up_capped_presets(preset):
    two = make_hand(
        [("B", None, "?? ?? 2d"), ("C", None, "?? ?? Kd")],
        preset=preset,
        small=5,
        big=10,
    )
    play(two, "B brings in", "C completes")
    assert two.answer("raises-left").answer == {
        "raises_left": 3 if preset == "online" else 4
    }


def test_round_end_all_fold_to_one_wins_at_once_without_rake():
    hand = make_hand(
        [("A", None, "?? ?? 9c"), ("B", None, "?? ?? 2d"), ("C", None, "?? ?? Kd")],
        ante=1,
        rake=(10, 3),
    )
    play(hand, "B brings in", "C completes", "A folds", "B folds")
    assert hand.is_over
    # C's completion to 2 is called for only 1 (B's bring-in): 1 goes back (pot.uncalled).
    assert hand.answer("award").answer == {"payouts": {"C": D(5)}, "rake": D(0)}


def test_round_end_check_refused_facing_a_bet_and_fold_refused_when_free():
    hand = _later("fifth")
    with pytest.raises(IllegalActionError) as err:
        hand.apply(f"{hand.to_act} folds")
    assert err.value.rule == "round.end"
    hand.apply(f"{hand.to_act} bets")
    with pytest.raises(IllegalActionError) as err:
        hand.apply(f"{hand.to_act} checks")
    assert "faces a wager of 10 and must call 10, raise or fold" in str(err.value)


def test_short_all_in_raise_under_half_does_not_reopen():
    hand = _later("fifth", stacks=[100, 13, 100])
    opener = hand.to_act
    assert opener == "P1"
    play(hand, "P1 bets 10", "P2 raises 13")
    # P3 has not acted: may raise over it (to 20: a full raise over the 10 bet)
    assert hand.legal_actions() == ["fold", "call 13", "raise 20"]
    hand.apply("P3 calls 13")
    # P1 already acted: only call or fold
    assert hand.legal_actions() == ["fold", "call 3"]


def test_refused_action_leaves_state_unchanged():
    hand = _later("fifth")
    before = (hand.pot, hand.to_act, len(hand.history), [p.bet for p in hand.players])
    for bad in ("P1 raises 20", "P2 bets", "P1 calls 3", "P1 completes"):
        with pytest.raises(IllegalActionError):
            hand.apply(bad)
    assert (
        hand.pot,
        hand.to_act,
        len(hand.history),
        [p.bet for p in hand.players],
    ) == before
