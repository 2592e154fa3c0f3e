"""act.later (who acts first on fourth to seventh), river.down and river.community per preset."""

from __future__ import annotations

import pytest
from enginekit import make_hand


def _fourth(
    cards: list[str],
    preset: str = "online",
    button: int | None = None,
    stacks=None,
    game="stud8",
):
    seats = [
        (f"P{i + 1}", (stacks[i] if stacks else 50), c, {"committed": 3})
        for i, c in enumerate(cards)
    ]
    return make_hand(seats, start="fourth", preset=preset, button=button, game=game)


def test_act_later_pair_beats_ace_king():
    hand = _fourth(["2c 3c Ah Kd", "4c 5c 7s 7d", "6c 8c Qh Jh"])
    ruling = hand.answer("first-to-act")
    assert ruling.answer == {"player": "P2", "seat": 2}
    assert ruling.explanation.startswith(
        "P2 shows the highest hand, a pair of sevens (against P1 ace high; P3 queen high)."
    )


def test_act_later_four_flush_and_four_straight_count_for_nothing():
    seats = ["2c 3c Ah Kc 4d 2s", "4c 5c Js 9s 8s 6s", "6c 8c 6h 7d 8h 9h"]
    hand = make_hand(
        [(f"P{i + 1}", 50, c, {"committed": 3}) for i, c in enumerate(seats)],
        start="sixth",
    )
    assert hand.answer("first-to-act").answer["player"] == "P1"


def test_act_later_tie_by_position_from_the_dealers_left():
    cards = ["2c 3c Kh 9d", "4c 5c Ks 9c", "6c 8c Qh Jh"]
    assert _fourth(cards).answer("first-to-act").answer["player"] == "P1"
    # Button on seat 1: dealing starts at seat 2, so P2 is closest to the dealer's left.
    ruling = _fourth(cards, button=1).answer("first-to-act")
    assert ruling.answer["player"] == "P2"
    assert (
        "position breaks the tie: P2 is closest to the dealer's left"
        in ruling.explanation
    )


def test_act_later_tie_by_suit_under_tda():
    cards = ["2c 3c Kh 9d", "4c 5c Ks 9c", "6c 8c Qh Jh"]
    ruling = _fourth(cards, preset="tda").answer("first-to-act")
    assert ruling.answer == {"player": "P2", "seat": 2}
    assert "the high card by suit breaks the tie: P2's Ks" in ruling.explanation


def test_act_later_all_in_high_hand_is_skipped_clockwise():
    hand = _fourth(["2c 3c Ah Kd", "4c 5c 7s 7d", "6c 8c Qh Jh"], stacks=[50, 0, 50])
    ruling = hand.answer("first-to-act")
    assert ruling.answer == {"player": "P3", "seat": 3}
    assert "P2 is all in, so the action passes clockwise to P3." in ruling.explanation


def _sixth(n: int, folded_on_third: int = 0, preset: str = "online", house=None):
    seats = [
        (f"P{i + 1}", None, "?? ?? ?? ?? ?? ??", {"committed": 0}) for i in range(n)
    ]
    seats += [
        (f"F{i + 1}", None, "?? ?? ??", {"committed": 0, "folded": True})
        for i in range(folded_on_third)
    ]
    return make_hand(seats, start="sixth", preset=preset, house=house)


@pytest.mark.parametrize(
    "preset,live,folded,house,expected",
    [
        ("online", 8, 0, None, True),
        ("online", 7, 1, None, False),
        ("online", 7, 0, None, False),
        ("online", 7, 0, {"burn_cards": True}, True),
        ("roberts", 8, 0, None, True),
        ("roberts", 7, 0, None, False),
        ("roberts", 7, 1, None, False),
        ("wsop-cash", 7, 0, None, False),
        ("wsop-cash", 7, 1, None, True),
        ("tda", 7, 1, None, True),
        ("tda", 6, 0, None, False),
        ("roberts", 7, 0, {"burn_cards": False}, False),
    ],
)
def test_river_community_per_preset(preset, live, folded, house, expected):
    hand = _sixth(live, folded, preset, house)
    assert hand.answer("community-card").answer == {"community": expected}


def test_river_community_explanations_show_the_arithmetic():
    assert _sixth(7, 1, "wsop-cash").answer("community-card").explanation == (
        "7 players will need a seventh card. 45 cards are out and 3 burn cards, so the stub holds "
        "52 - 45 - 3 = 4. Under wsop-cash the dealer needs players + 2 = 9 cards; the stub plus the 3 burn "
        "cards make 7, not enough: one community card is turned up in the middle and plays in every hand."
    )
    assert _sixth(7, 1, "roberts").answer("community-card").explanation == (
        "7 players will need a seventh card. 45 cards are out and 3 burn cards, so the stub holds "
        "52 - 45 - 3 = 4. Under roberts the burn cards are mixed back in: 4 + 3 = 7, enough for 7 players "
        "(skipping the burn if needed): every player gets a seventh card of their own, face down."
    )


def test_river_community_opener_online_counts_the_community_card_wsop_keeps_sixth_opener():
    ups = [
        "Ah Kd 9s 4h",
        "Qs Qd 8s 2h",
        "Ts Jd 7h 3h",
        "2c 5d 6h 9c",
        "3c 6d 8h Tc",
        "4c 7d 9h Jc",
        "5c 8d Th Kc",
        "6c 9d Jh 2d",
    ]
    # Eight players on sixth street: P2's queens open; the community ace pairs P1's ace.

    def hand_for(preset):
        seats = [
            (f"P{i + 1}", 50, "?? ?? " + u, {"committed": 3}) for i, u in enumerate(ups)
        ]
        hand = make_hand(seats, start="sixth", preset=preset, community="Ac")
        assert hand.to_act == "P2"
        for i in list(range(1, 8)) + [0]:
            hand.apply(f"P{i + 1} checks")
        assert hand.street.value == "seventh" and hand.uses_community
        return hand

    ruling = hand_for("online").answer("first-to-act")
    assert ruling.answer["player"] == "P1"
    assert ruling.explanation.startswith(
        "Seventh street is a community card that plays in every hand; "
        "counting it, P1 shows the highest hand, a pair of aces"
    )
    ruling = hand_for("wsop-cash").answer("first-to-act")
    assert ruling.answer["player"] == "P2"
    assert ruling.rules == ("act.later", "river.community")
    assert ruling.explanation == (
        "seventh street is a community card; under wsop-cash the player who opened "
        "sixth street, P2, opens again."
    )


def test_river_down_seventh_street_board_unchanged():
    cards = ["2c 3c Ah Kd 9s 4h 5d", "4c 5c Qs Qd 8s 2h 6d", "6c 8c Ts Jd 7h 3h 7d"]
    seats = [(f"P{i + 1}", 50, c, {"committed": 3}) for i, c in enumerate(cards)]
    hand = make_hand(seats, start="seventh")
    ruling = hand.answer("first-to-act")
    assert ruling.answer["player"] == "P2"
    assert "river.down" in ruling.rules
    assert [c[1] for c in hand.view().seats[0].cards] == [
        False,
        False,
        True,
        True,
        True,
        True,
        False,
    ]
