"""showdown.order, hand.high, hand.low, split.halves, split.odd-chip, split.ties, pot.side, pot.rake."""

from __future__ import annotations

import pytest
from enginekit import D, make_hand, play


def _show(
    cards: list[str],
    committed: list[object],
    preset: str = "online",
    game: str = "stud8",
    folded: dict[int, str] | None = None,
    **kw,
):
    seats = [
        (f"P{i + 1}", 0, c, {"committed": committed[i]}) for i, c in enumerate(cards)
    ]
    for i, c in (folded or {}).items():
        seats.append((f"F{i}", 0, c, {"committed": i, "folded": True}))
    return make_hand(seats, start="showdown", preset=preset, game=game, **kw)


def test_hand_high_best_five_of_seven():
    hand = _show(
        ["Ah Ad Kc Ks 9h 2c 3d", "Qh Qd Js Jc 8h 7c 6d"], [10, 10], game="stud"
    )
    ruling = hand.answer("best-high", player="P1")
    assert ruling.answer == {
        "player": "P1",
        "category": "two pair",
        "ranks": ["A", "A", "K", "K", "9"],
        "cards": ["Ah", "Ad", "Ks", "Kc", "9h"],
    }
    assert hand.answer("high-winner").answer == {"players": ["P1"]}
    assert hand.answer("award").answer == {"payouts": {"P1": D(20)}, "rake": D(0)}


def test_hand_low_no_low_with_pairs_high_takes_all():
    hand = _show(["Ac Ad 2h 2s 3c 8d Ks", "Qh Qd Js Jc 8h 7c 6d"], [10, 10])
    assert hand.answer("best-low", player="P1").answer == {"player": "P1", "low": None}
    assert hand.answer("low-qualifies", player="P1").answer == {
        "player": "P1",
        "qualifies": False,
    }
    assert hand.answer("low-winner").answer == {"players": []}
    ruling = hand.answer("award")
    # Aces up beats queens up; nobody has a low, so the high takes the whole pot.
    assert ruling.answer == {"payouts": {"P1": D(20)}, "rake": D(0)}
    assert "no player in it has an eight-or-better low" in ruling.explanation


def test_hand_low_uses_different_cards_from_the_high():
    hand = _show(["Ah 2h 3h 4h 9h Kd 7c", "Qs Qd Js Jc 8s 8c 6d"], [10, 10])
    assert hand.answer("best-high", player="P1").answer["category"] == "flush"
    assert hand.answer("best-low", player="P1").answer["low"] == "7-4-3-2-A"
    assert hand.answer("award").answer["payouts"] == {"P1": D(20)}  # scoop


def test_split_ties_quartered_low():
    # P1 and P2 tie for low with 6-4-3-2-A; P3 has the best high. Pot 120: high 60, lows 30 each.
    hand = _show(
        ["Ac 2d 3h 4s 6c Kd Kh", "Ad 2c 3s 4h 6d Qs Jd", "Ts Th Tc 9s 9h 9c 5d"],
        [40, 40, 40],
    )
    assert hand.answer("low-winner").answer == {"players": ["P1", "P2"]}
    assert hand.answer("award").answer["payouts"] == {
        "P1": D(30),
        "P2": D(30),
        "P3": D(60),
    }


def test_split_ties_quartered_scooper_gets_three_quarters():
    # P1: best high (wheel straight... plus) and ties the low with P2.
    hand = _show(["Ac 2c 3c 4c 5c Kd Ks", "Ad 2d 3h 4h 5s Qh Jh"], [40, 40])
    # P1 straight flush wheel; both 5-4-3-2-A
    assert hand.answer("award").answer["payouts"] == {"P1": D(60), "P2": D(20)}


ODD = ["Ac 2d 3h 4s 6c Kd Kh", "Ad 2c 3s 4h 6d Qs Jd", "Ts Th Tc 9s 9h 9c 5d"]


@pytest.mark.parametrize(
    "preset,who",
    [("online", "P1"), ("roberts", "P1"), ("wsop-cash", "P2"), ("tda", "P2")],
)
def test_split_ties_odd_chip_in_the_low_by_preset(preset, who):
    # Pot 123: high 62 (61.5 rounded up to the high half), low 61 split 30 + 30 + one odd chip.
    hand = _show(ODD, [41, 41, 41], preset=preset)
    payouts = hand.answer("award").answer["payouts"]
    other = "P2" if who == "P1" else "P1"
    assert payouts == {who: D(31), other: D(30), "P3": D(62)}


def test_split_ties_odd_chip_explanations():
    online = _show(ODD, [41, 41, 41]).answer("award").explanation
    assert (
        "1 odd chip of 1 in the tied low goes to P1: under online, the first tied player clockwise "
        "from the dealer's left."
    ) in online
    roberts = _show(ODD, [41, 41, 41], preset="roberts").answer("award").explanation
    # Roberts: the lowest card by suit among all cards: P1's Ac is lower than P2's Ad.
    assert (
        "1 odd chip of 1 in the tied low goes to P1: under roberts, the lowest card by suit among all "
        "their cards, the ace lowest (P1's A♣ against P2's A♦)."
    ) in roberts
    wsop = _show(ODD, [41, 41, 41], preset="wsop-cash").answer("award").explanation
    # WSOP: the highest card by suit among the five low cards: P2's 6d beats P1's 6c.
    assert (
        "goes to P2: under wsop-cash, the highest card by suit among the five cards of the low "
        "(the ace counting low) (P2's 6♦ against P1's 6♣)."
    ) in wsop


def test_split_odd_chip_high_half_gets_the_odd_chip_with_cents():
    hand = _show(
        ["Ac 2d 3h 4s 6c Kd Kh", "Ts Th Tc 9s 9h 9c 5d"],
        [D("1.25"), D("1.25")],
        small=1,
        big=2,
        ante=D("0.25"),
    )
    assert hand.answer("award").answer["payouts"] == {"P1": D("1.25"), "P2": D("1.25")}
    hand = _show(
        ["Ac 2d 3h 4s 6c Kd Kh", "Ts Th Tc 9s 9h 9c 5d"],
        [D("1.25"), D("1.25")],
        folded={D("0.01") * 0 + 1: "?? ?? 8c"},
        small=1,
        big=2,
        ante=D("0.25"),
    )
    assert hand.answer("award").answer["payouts"] == {"P1": D("1.75"), "P2": D("1.75")}


def test_pot_side_only_the_short_stack_has_a_low():
    # P1 is all in for 10 with the only low; P2 and P3 put in 30 each.
    hand = _show(
        ["Ac 2d 3h 4s 6c Kd Kh", "Ts Th Tc 9s 9h 9c 5d", "Qs Qh Jc Js 8h 8c 7d"],
        [10, 30, 30],
    )
    ruling = hand.answer("award")
    # Main pot 30: high P2 15, low P1 15. Side pot 40: P2 and P3, no low there: P2 takes 40.
    assert ruling.answer == {"payouts": {"P1": D(15), "P2": D(55)}, "rake": D(0)}
    assert "pot.side" in ruling.rules
    assert (
        "Side pot 1 of 40 (P2 and P3): no player in it has an eight-or-better low"
        in ruling.explanation
    )


def test_pot_rake_once_rounded_down_capped_from_main_pot_first():
    hand = _show(
        ["Ac 2d 3h 4s 6c Kd Kh", "Ts Th Tc 9s 9h 9c 5d"],
        [33, 33],
        game="stud",
        rake=(5, 3),
    )
    ruling = hand.answer("award")
    # 5% of 66 = 3.3, rounded down to the chip: 3, under the cap of 3.
    assert ruling.answer == {"payouts": {"P2": D(63)}, "rake": D(3)}
    capped = _show(
        ["Ac 2d 3h 4s 6c Kd Kh", "Ts Th Tc 9s 9h 9c 5d"],
        [100, 100],
        game="stud",
        rake=(10, 4),
    )
    assert capped.answer("award").answer == {"payouts": {"P2": D(196)}, "rake": D(4)}


def test_showdown_order_last_aggressor_on_the_river_shows_first():
    cards = ["2c 3c Ah Kd 9s 4h 5d", "4c 5c Qs Qd 8s 2h 6d", "6c 8c Ts Jd 7h 3h 7d"]
    seats = [(f"P{i + 1}", 50, c, {"committed": 3}) for i, c in enumerate(cards)]
    hand = make_hand(seats, start="seventh", game="stud")
    play(hand, "P2 checks", "P3 bets", "P1 calls", "P2 calls")
    assert hand.is_over
    assert hand.answer("showdown-order").answer == {"player": "P3", "seat": 3}


def test_showdown_order_checked_through_first_to_act_shows_first():
    cards = ["2c 3c Ah Kd 9s 4h 5d", "4c 5c Qs Qd 8s 2h 6d", "6c 8c Ts Jd 7h 3h 7d"]
    seats = [(f"P{i + 1}", 50, c, {"committed": 3}) for i, c in enumerate(cards)]
    hand = make_hand(seats, start="seventh", game="stud")
    play(hand, "P2 checks", "P3 checks", "P1 checks")
    ruling = hand.answer("showdown-order")
    assert ruling.answer == {"player": "P2", "seat": 2}
    assert ruling.rules == ("showdown.order",)


def test_start_later_cards_listed_beyond_the_street_are_dealt_later():
    cards = ["2c 3c Ah Kd 9s 4h 5d", "4c 5c Qs Qd 8s 2h 6d"]
    seats = [(f"P{i + 1}", 50, c, {"committed": 3}) for i, c in enumerate(cards)]
    hand = make_hand(seats, start="sixth", game="stud")
    assert [len(p.cards) for p in hand.players] == [6, 6]
    play(hand, "P2 checks", "P1 checks", "P2 checks", "P1 checks")
    assert hand.is_over
    # P1's river 5d makes a wheel (A-2-3-4-5), which beats P2's pair of queens.
    assert hand.answer("best-high", player="P1").answer["ranks"] == [
        "5",
        "4",
        "3",
        "2",
        "A",
    ]
    assert hand.answer("award").answer == {"payouts": {"P1": D(6)}, "rake": D(0)}


def test_start_showdown_with_a_seventh_card_and_a_community_card_refused():
    from tutor.engine import TableError

    seats = [
        ("P1", 0, "2c 3c Ah Kd 9s 4h 5d", {"committed": 3}),
        ("P2", 0, "4c 5c Qs Qd 8s 2h", {"committed": 3}),
    ]
    with pytest.raises(TableError) as err:
        make_hand(seats, start="showdown", community="7c")
    assert str(err.value) == (
        "P1 is still in the hand at the showdown, so holds 6 cards besides the community card "
        "(write ?? for a card the learner does not see); the scenario lists 7."
    )
