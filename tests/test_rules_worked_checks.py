"""Every worked check at the bottom of shared/rules.md, as the engine must answer it."""

from __future__ import annotations

from enginekit import D, make_hand, play


def test_bring_in_who_two_deuces_clubs_lowest():
    hand = make_hand(
        [
            ("S1", None, "?? ?? 2h"),
            ("S2", None, "?? ?? 2c"),
            ("S3", None, "?? ?? 5s"),
            ("S4", None, "?? ?? Kd"),
            ("S5", None, "?? ?? 2s"),
        ]
    )
    assert hand.answer("bring-in").answer == {
        "player": "S2",
        "seat": 2,
        "card": "2c",
        "amount": D(1),
    }


def test_bring_in_who_ace_counts_high():
    hand = make_hand(
        [
            ("S1", None, "?? ?? As"),
            ("S2", None, "?? ?? Kd"),
            ("S3", None, "?? ?? Qc"),
            ("S4", None, "?? ?? Qd"),
        ]
    )
    assert hand.answer("bring-in").answer["card"] == "Qc"
    assert hand.to_act == "S3"


def _fifteen_thirty(preset: str):
    hand = make_hand(
        [("Lo", None, "?? ?? 2c"), ("Hi", None, "?? ?? Kd"), ("Mid", None, "?? ?? 9h")],
        preset=preset,
        small=15,
        big=30,
        bring_in=5,
        ante=0,
    )
    return play(hand, "Lo brings in")


def test_bring_in_complete_options_facing_the_bring_in_roberts():
    hand = _fifteen_thirty("roberts")
    assert hand.answer("legal-actions").answer == {
        "player": "Hi",
        "actions": ["fold", "call 5", "complete 15"],
    }


def test_cap_raises_after_completion_roberts_60_wsop_75():
    for preset, cap, raises in (
        ("roberts", 60, ["raise 30", "raise 45", "raise 60"]),
        ("wsop-cash", 75, ["raise 30", "raise 45", "raise 60", "raise 75"]),
    ):
        hand = _fifteen_thirty(preset)
        play(hand, "Hi completes")
        who = ["Mid", "Lo", "Hi", "Mid", "Lo"]
        for actor, action in zip(who, raises, strict=False):
            assert hand.legal_actions()[-1] == action
            hand.apply(f"{actor} {action.replace('raise', 'raises')}")
        assert hand.current == D(cap)
        assert hand.answer("raises-left").answer == {"raises_left": 0}
        assert not any(a.startswith("raise") for a in hand.legal_actions())


def _fourth_street_pair(game: str, preset: str):
    # $5/$10: Pa shows a pair of sevens on fourth street and bets first.
    hand = make_hand(
        [
            ("Pa", None, "2d 3d 7s 7h"),
            ("Qb", None, "4d 5d 2c Kh"),
            ("Rc", None, "6d 8d 9c Js"),
        ],
        game=game,
        preset=preset,
        small=5,
        big=10,
        ante=1,
        start="fourth",
    )
    return hand


def _start_fourth(game: str, preset: str):
    seats = [
        ("Pa", 90, "2d 3d 7s 7h", {"committed": 6}),
        ("Qb", 90, "4d 5d 2c Kh", {"committed": 6}),
        ("Rc", 90, "6d 8d 9c Js", {"committed": 6}),
    ]
    return make_hand(
        seats, game=game, preset=preset, small=5, big=10, ante=1, start="fourth"
    )


def test_limit_open_pair_stud_roberts_small_or_big():
    hand = _start_fourth("stud", "roberts")
    assert hand.to_act == "Pa"
    assert hand.answer("bet-sizes").answer == {"sizes": [D(5), D(10)]}
    hand.apply("Pa bets 5")
    assert hand.legal_actions() == ["fold", "call 5", "raise 10", "raise 15"]
    hand.apply("Qb raises 15")
    assert hand.legal_actions() == ["fold", "call 15", "raise 25"]


def test_limit_open_pair_stud8_roberts_small_only_online_both():
    hand = _start_fourth("stud8", "roberts")
    assert hand.answer("bet-sizes").answer == {"sizes": [D(5)]}
    hand.apply("Pa bets 5")
    assert hand.legal_actions() == ["fold", "call 5", "raise 10"]
    online = _start_fourth("stud8", "online")
    assert online.answer("bet-sizes").answer == {"sizes": [D(5), D(10)]}


def test_river_community_eight_players_online():
    names = [f"P{i}" for i in range(1, 9)]
    seats = [(n, None, "?? ?? ?? ?? ?? ??", {"committed": 0}) for n in names]
    hand = make_hand(seats, start="sixth")
    assert hand.answer("community-card").answer == {"community": True}
    assert "52 - 48 = 4" in hand.answer("community-card").explanation


def test_river_community_seven_of_eight_online_individual():
    names = [f"P{i}" for i in range(1, 9)]
    seats = [(n, None, "?? ?? ?? ?? ?? ??", {"committed": 0}) for n in names[:7]]
    seats.append(("P8", None, "?? ?? ??", {"committed": 0, "folded": True}))
    hand = make_hand(seats, start="sixth")
    ruling = hand.answer("community-card")
    assert ruling.answer == {"community": False}
    assert "52 - 45 = 7" in ruling.explanation


def test_hand_low_worked_checks():
    from tutor.engine import best_low, parse_cards

    def low(text: str):
        return best_low(parse_cards(text))

    assert low("8h 7d 6c 5s 3h").value < low("8c 7h 6d 5c 4s").value
    assert low("7h 6d 5c 4s 3h").value < low("8c 5h 4d 3c 2s").value
    assert low("Ac Ad 2h 2s 3c 8d Ks") is None


def test_split_halves_pot_61_high_31_low_30():
    # Hi and Lo put in 30 each; a player who folded left 1 in the pot: 61 in all.
    seats = [
        ("Hi", 0, "Kc Kd Ks Qh Qd 9c 9d", {"committed": 30}),
        ("Lo", 0, "Ac 2d 3h 5s 7c Jd Jh", {"committed": 30}),
        ("Fo", 0, "?? ?? 4s", {"committed": 1, "folded": True}),
    ]
    hand = make_hand(seats, start="showdown")
    ruling = hand.answer("award")
    assert ruling.answer == {"payouts": {"Hi": D(31), "Lo": D(30)}, "rake": D(0)}
    assert "split.odd-chip" in ruling.rules
    assert (
        "The odd chip between the halves goes to the high half." in ruling.explanation
    )


def test_split_ties_three_players_forty_each_s1_90_s4_30():
    seats = [
        ("S1", 0, "Ac 2c 3c 4c 5c Kd Ks", {"committed": 40}),
        ("S2", 0, "Qh Qd Jh Jd 9s 9c Tc", {"committed": 40}),
        ("S4", 0, "Ad 2d 3h 4h 5s Th Td", {"committed": 40}),
    ]
    hand = make_hand(seats, start="showdown", seat_numbers=[1, 2, 4])
    assert hand.answer("award").answer == {
        "payouts": {"S1": D(90), "S4": D(30)},
        "rake": D(0),
    }
