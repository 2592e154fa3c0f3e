"""Razz (shared/rules.md, section Razz): one test per rule id, with exact answers."""

from __future__ import annotations

import pytest
from enginekit import D, make_hand, play

from tutor.engine import IllegalActionError, TableError, TutorError, house_rules
from tutor.engine.cards import parse_cards
from tutor.engine.hands import best_razz


def test_razz_bring_in_highest_door_card_ace_low_ties_by_higher_suit() -> None:
    hand = make_hand(
        [
            ("A", None, "?? ?? Kd"),
            ("B", None, "?? ?? 5c"),
            ("C", None, "?? ?? Ks"),
            ("D", None, "?? ?? Ah"),
        ],
        game="razz",
    )
    ruling = hand.answer("bring-in")
    assert ruling.answer == {"player": "C", "seat": 3, "card": "Ks", "amount": D(1)}
    assert ruling.rules == ("razz.bring-in", "bring-in.amount")
    assert "against Kd of the same rank the higher suit brings in" in ruling.explanation
    with pytest.raises(IllegalActionError) as err:
        hand.apply("C folds")
    assert err.value.rule == "razz.bring-in"


def test_razz_act_lowest_board_first_pair_counts_against() -> None:
    hand = make_hand(
        [
            ("A", None, "?? ?? 3c 3d 2h", {"committed": 5}),
            ("B", None, "?? ?? Kh Qs Jd", {"committed": 5}),
            ("C", None, "?? ?? 9c 8s 7d", {"committed": 5}),
            ("D", None, "?? ?? 9h 8c 6d", {"committed": 5}),
        ],
        game="razz",
        start="fifth",
    )
    first = hand.answer("first-to-act")
    assert first.answer == {"player": "D", "seat": 4}  # 9-8-6 is lower than 9-8-7
    assert first.rules == ("razz.act",)
    assert "D shows the lowest hand, 9-8-6 low" in first.explanation


def test_razz_act_ties_go_by_position_even_under_tda() -> None:
    assert house_rules("tda", "razz").first_to_act_tie.value == "position"
    hand = make_hand(
        [
            ("A", None, "?? ?? 6s 2s", {"committed": 2}),
            ("B", None, "?? ?? Ks Qs", {"committed": 2}),
            ("C", None, "?? ?? 6c 2d", {"committed": 2}),
        ],
        game="razz",
        preset="tda",
        button=1,
        start="fourth",
    )
    assert hand.answer("first-to-act").answer == {"player": "C", "seat": 3}


@pytest.mark.parametrize(
    ("cards", "text"),
    [
        ("Ac 2d 3h 4s 5c Kd Kh", "5-4-3-2-A"),
        ("Kc Qd Jh 9s 8c 8d Kh", "K-Q-J-9-8"),
        ("2c 2d 3h 3s 4c 4d Ah", "4-3-2-2-A"),
        ("2c 2d 2h 3s 3c 3d 4h", "4-3-3-2-2"),
    ],
)
def test_razz_low_best_five_ace_to_five(cards: str, text: str) -> None:
    assert best_razz(parse_cards(cards)).text == text


def test_razz_low_whole_pot_to_the_lowest_no_qualifier() -> None:
    hand = make_hand(
        [
            ("A", 0, "Kc Qd Jh 9s 8c 8d Kh", {"committed": 10}),
            ("B", 0, "2c 2d 3h 3s 4c 4d 4h", {"committed": 10}),
        ],
        game="razz",
        start="showdown",
    )
    award = hand.answer("award")
    assert award.answer == {"payouts": {"A": D(20)}, "rake": D(0)}
    assert award.rules == ("razz.low",)
    assert hand.answer("low-winner").answer == {"players": ["A"]}
    for kind in ("high-winner", "best-high", "low-qualifies"):
        with pytest.raises(TutorError, match="Razz"):
            hand.answer(kind, player="A")


def test_razz_limits_no_open_pair_option() -> None:
    with pytest.raises(TableError, match=r"razz.limits"):
        house_rules("online", "razz", {"open_pair_option": True})
    hand = make_hand(
        [
            ("A", None, "?? ?? 9c 9d", {"committed": 2}),
            ("B", None, "?? ?? 5h 2s", {"committed": 2}),
        ],
        game="razz",
        start="fourth",
    )
    play(hand, "B checks")
    sizes = hand.answer("bet-sizes")
    assert sizes.answer == {"sizes": [D(2)]}
    assert sizes.rules == ("razz.limits",)
