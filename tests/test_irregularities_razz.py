"""Irregularities in razz: the true bring-in is the highest door card (ace low) and the first
to act later is the lowest board (razz.bring-in, razz.act), in rulings as in play."""

from __future__ import annotations

from enginekit import D, make_hand, play

from tutor.engine.irregularities import Irregularity, rule


def razz(seats, preset="roberts", **kw):
    return make_hand(
        seats, preset=preset, game="razz", small=10, big=20, ante=1, bring_in=5, **kw
    )


def test_razz_wrong_bring_in_caught_the_true_high_card_brings_in() -> None:
    # K♠ beats K♦ for the bring-in in razz (the higher suit); the dealer names Bo's K♦.
    hand = razz(
        [
            ("Ana", None, "2c 3c Ks"),
            ("Bo", None, "4d 5d Kd"),
            ("Cy", None, "6h 7h As"),
            ("Di", None, "8c 9c 5h"),
        ]
    )
    assert hand.to_act == "Ana"
    r = rule(
        hand,
        Irregularity(kind="wrong-bring-in", players=("Bo",), actions=("Bo brings in",)),
    )
    assert r.outcome == "true-low-brings-in"
    assert r.chips_back == (("Bo", D(5)),)
    assert r.next_player == "Ana"
    assert r.next_actions == ("bring in 5", "complete 10")
    assert r.explanation.startswith(
        "The dealer named Bo as the high card, and the error was caught before the next "
        "player acted: Bo takes back 5. Ana, the true high card, must bring in or may complete"
    )
    play(hand, "Ana brings in")
    assert hand.to_act == "Bo"


def test_razz_wrong_opener_the_lowest_board_acts_first() -> None:
    # Fourth street: Cy's 4-2 is the lowest board; a stud dealer would pick Ana's pair.
    seats = [
        ("Ana", None, "2c 3c 9s 9d", {"committed": 1}),
        ("Bo", None, "2d 3d Ks Qs", {"committed": 1}),
        ("Cy", None, "5h 6h 4h 2s", {"committed": 1}),
        ("Di", None, "7c 8c Jd 6c", {"committed": 1}),
    ]
    hand = razz(seats, start="fourth")
    assert hand.to_act == "Cy"
    r = rule(
        hand,
        Irregularity(kind="wrong-opener", players=("Ana",), actions=("Ana bets 10",)),
    )
    assert (r.outcome, r.basis) == ("true-high-acts-first", "J")
    assert r.chips_back == (("Ana", D(10)),)
    assert r.next_player == "Cy"
    assert r.explanation.startswith(
        "The dealer named Ana's board as the low hand, and the error was caught before the next "
        "player acted: the bet goes back to Ana, and Cy, the true low hand, acts first. "
    )


def test_razz_dead_hand_that_would_have_brought_in_forces_no_bring_in() -> None:
    # Roberts: Cy's two hole cards are exposed, the first a king, the worst razz door card:
    # no bring-in is forced (under the stud way Bo's 8d would have had to bring in).
    hand = razz(
        [
            ("Ana", None, "Ac 2c 9s"),
            ("Bo", None, "3d 4d 8d"),
            ("Cy", None, "Kh 2h 5h"),
            ("Di", None, "5c 6c Qc"),
        ]
    )
    r = rule(
        hand, Irregularity(kind="dealer-exposes", players=("Cy",), positions=(1, 2))
    )
    assert r.outcome == "dead-hand"
    assert r.dead == ("Cy",)
    assert r.next_player == "Di"
    assert r.next_actions == ("fold", "bring in 5", "complete 10")
    assert "Cy's dead hand would have brought in with Kh, so no bring-in is forced" in (
        r.explanation
    )


def test_razz_dead_hand_then_the_highest_live_door_brings_in() -> None:
    hand = razz(
        [
            ("Ana", None, "Ac 2c 9s"),
            ("Bo", None, "3d 4d 8d"),
            ("Cy", None, "4h 2h 5h"),
            ("Di", None, "5c 6c 7c"),
        ]
    )
    r = rule(
        hand, Irregularity(kind="dealer-exposes", players=("Cy",), positions=(1, 2))
    )
    assert r.next_player == "Ana"
    assert r.next_actions == ("bring in 5", "complete 10")
    assert "Ana's 9s is the high card and brings in." in r.explanation


def test_razz_exposed_river_roberts_the_lowest_board_acts_first() -> None:
    rows = [
        ("S1", None, "Ac 2c 9c 9d 3d 2s 9h", {"committed": 51}),
        ("S3", None, "Ah 2h Ks Kd 4c 5h 6h", {"committed": 51}),
        ("S5", None, "As 2d Qs Jd 7c 6c 3h", {"committed": 51}),
        ("S7", None, "Ad 3c Tc 8d 4h 5s 7h", {"committed": 51}),
    ]
    hand = razz(rows, start="seventh", seat_numbers=[1, 3, 5, 7])
    r = rule(hand, Irregularity(kind="river-exposed", players=("S1",)))
    assert r.outcome == "others-down"
    assert (
        r.next_player == "S7"
    )  # T-8-5-4, the lowest board; stud would pick S1's nines
    assert "the lowest board counting every upcard" in r.explanation
    assert "S7 with T-8-5-4 low" in r.explanation
