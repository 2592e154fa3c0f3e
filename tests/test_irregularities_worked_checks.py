"""Every worked check of shared/research/irregularities.md section 13.3, named after its rule id.

Unless stated: $10/$20, ante 1, bring-in 5; a house dealer deals from seat 1 clockwise.
"""

from __future__ import annotations

import pytest
from enginekit import D, make_hand, play

from tutor.engine import Street, TutorError
from tutor.engine.irregularities import Irregularity, rule

LIVE = ("roberts", "wsop-cash", "tda")


def hand10(seats, preset, **kw):
    kw.setdefault("small", 10)
    kw.setdefault("big", 20)
    kw.setdefault("ante", 1)
    kw.setdefault("bring_in", 5)
    return make_hand(seats, preset=preset, **kw)


def ev(kind, *players, **kw):
    if "positions" in kw and isinstance(kw["positions"], int):
        kw["positions"] = (kw["positions"],)
    return Irregularity(kind=kind, players=tuple(players), **kw)


# ------------------------------------------------------------------------ irr.online
def test_irr_online_1_dealer_error_refused():
    hand = hand10(
        [("S1", None, "Ah Kd Kc"), ("S2", None, "2d 3d 7h"), ("S3", None, "2c Qs 8h")],
        "online",
    )
    with pytest.raises(TutorError) as exc:
        rule(hand, ev("dealer-exposes", "S3", positions=1))
    assert str(exc.value) == (
        "software deals: this irregularity cannot occur online (irr.online)."
    )
    assert hand.to_act == "S2"  # untouched: 7h brings in


def _fourth_five(preset):
    # Fourth street, five players, nobody paired; S1 has the high board (A-K) and acts first.
    seats = [
        ("S1", None, "2c 3c Ah Kh 4d", {"committed": 1}),
        ("S2", None, "2d 3d 9h 8h 4c", {"committed": 1}),
        ("S3", None, "2h 3h Th 7s 5c", {"committed": 1}),
        ("S4", None, "2s 3s Jh 6s 5d", {"committed": 1}),
        ("S5", None, "4h 4s Qd 9c 5h", {"committed": 1}),
    ]
    return hand10(seats, preset, start="fourth")


def test_irr_online_2_fold_when_check_possible_allowed():
    hand = _fourth_five("online")
    play(hand, "S1 checks")
    r = rule(hand, ev("fold-no-bet", "S2"))
    assert r.outcome == "no-more-cards"
    assert r.rules == ("irr.fold-no-bet", "irr.online")
    assert r.basis == "J"
    dealt = hand.dealt
    play(hand, "S3 checks", "S4 checks", "S5 checks")
    assert hand.street is Street.FIFTH
    assert hand.dealt - dealt == 4
    assert len(hand.player("S2").cards) == 4


# ------------------------------------------------------------------ irr.exposed-hole
def _five_deal(preset, seat3="2c Qs 8h", **kw):
    return hand10(
        [
            ("S1", None, "Ac Ad Kd"),
            ("S2", None, "3c 3d 7h"),
            ("S3", None, seat3),
            ("S4", None, "5c 5d 9s"),
            ("S5", None, "6c 6d 4d"),
        ],
        preset,
        **kw,
    )


@pytest.mark.parametrize("preset", LIVE)
def test_irr_exposed_hole_1_one_card_becomes_upcard(preset):
    hand = _five_deal(preset)
    r = rule(hand, ev("dealer-exposes", "S3", positions=1))
    assert r.outcome == "third-card-down"
    assert r.basis == ("S" if preset == "tda" else "J")
    assert [c.text for c in hand.player("S3").cards] == ["Qs", "8h", "2c"]
    assert hand.to_act == "S3"
    assert r.next_player == "S3"
    assert r.next_actions == ("bring in 5", "complete 10")
    assert r.continues


@pytest.mark.parametrize("preset", LIVE)
def test_irr_exposed_hole_1_misdeal_override(preset):
    hand = _five_deal(preset, house={"exposed_one_hole": "misdeal"})
    r = rule(hand, ev("dealer-exposes", "S3", positions=1))
    assert r.outcome == "misdeal"
    assert not r.continues
    assert hand.pot == 5  # the antes stay


def test_irr_exposed_hole_2_both_hole_cards_roberts_dead_ante_back():
    hand = _five_deal("roberts")
    r = rule(hand, ev("dealer-exposes", "S3", positions=(1, 2)))
    assert r.outcome == "dead-hand"
    assert r.basis == "S"
    assert r.dead == ("S3",)
    assert r.chips_back == (("S3", D(1)),)
    assert hand.pot == 4
    assert r.next_player == "S4"
    assert r.next_actions == ("fold", "bring in 5", "complete 10")
    play(hand, "S4 folds")
    # S5's 4d owes nothing: it may fold too.
    assert "fold" in hand.legal_actions()
    op = hand.apply("S5 brings in")
    assert op.explanation == (
        "S3's dead hand would have brought in with 2c, so no bring-in is forced: S4, the first "
        "live hand to its left, acts first and may fold, bring in or complete. S5 chooses to "
        "bring in 5."
    )
    assert op.rules == ("irr.exposed-hole", "bring-in.amount")


@pytest.mark.parametrize("preset", ["wsop-cash", "tda"])
def test_irr_exposed_hole_2_both_hole_cards_misdeal(preset):
    hand = _five_deal(preset)
    r = rule(hand, ev("dealer-exposes", "S3", positions=(1, 2)))
    assert r.outcome == "misdeal"
    assert r.basis == "J"
    assert hand.pot == 5
    assert hand.to_act is None


@pytest.mark.parametrize("preset", ["roberts", "wsop-cash"])
def test_irr_exposed_hole_3_two_players_misdeal(preset):
    hand = _five_deal(preset)
    r = rule(hand, ev("dealer-exposes", "S2", "S5", positions=(1, 2)))
    assert (r.outcome, r.basis) == ("misdeal", "J")


def test_irr_exposed_hole_3_two_players_tda_upcard_each():
    hand = _five_deal("tda")
    r = rule(hand, ev("dealer-exposes", "S2", "S5", positions=(1, 2)))
    assert (r.outcome, r.basis) == ("upcard-each", "J")
    assert hand.player("S2").cards[2].text == "3c"
    assert hand.player("S5").cards[2].text == "6d"
    # 3c is now the lowest upcard: S2 brings in.
    assert hand.to_act == "S2"


# ----------------------------------------------------------------------- irr.misdeal
def _six(preset):
    return hand10(
        [
            ("S1", None, "Ac Ad Kd"),
            ("S2", None, "3c 3d 2h"),
            ("S3", None, "4c 4d 9h"),
            ("S4", None, "5c 5d 9s"),
            ("S5", None, "6c 6d Th"),
            ("S6", None, "7c 7d Jh"),
        ],
        preset,
    )


@pytest.mark.parametrize("preset", ["roberts", "wsop-cash"])
def test_irr_misdeal_1_past_cutoff_dead_hand(preset):
    hand = play(_six(preset), "S2 brings in", "S3 folds", "S4 folds")
    r = rule(hand, ev("wrong-count", "S6", count=2))
    assert (r.outcome, r.rule, r.basis) == ("dead-hand", "irr.misdeal", "S")
    assert r.dead == ("S6",)
    assert hand.pot == 6 + 5
    assert r.next_player == "S5"


def test_irr_misdeal_1_tda_misdeal():
    hand = play(_six("tda"), "S2 brings in", "S3 folds", "S4 folds")
    r = rule(hand, ev("wrong-count", "S6", count=2))
    assert (r.outcome, r.rule) == ("misdeal", "irr.misdeal")
    assert r.chips_back == (("S2", D(5)),)
    assert hand.pot == 6
    assert not r.continues


@pytest.mark.parametrize("preset", LIVE)
def test_irr_misdeal_2_first_card_wrong_seat(preset):
    hand = play(_six(preset), "S2 brings in", "S3 completes")
    r = rule(hand, ev("first-card-to", "S2"))
    assert (r.outcome, r.basis) == ("misdeal", "S")
    assert r.chips_back == (("S2", D(5)), ("S3", D(10)))
    assert hand.pot == 6


@pytest.mark.parametrize("preset", ["roberts", "wsop-cash"])
def test_irr_misdeal_3_extra_card_becomes_burn(preset):
    hand = _six(preset)
    r = rule(hand, ev("extra-card", "S1"))
    assert r.outcome == "becomes-burn"
    assert r.basis == ("S" if preset == "wsop-cash" else "J")
    assert r.next_player == "S2"


def test_irr_misdeal_3_extra_card_tda_misdeal():
    r = rule(_six("tda"), ev("extra-card", "S1"))
    assert (r.outcome, r.basis) == ("misdeal", "S")


# --------------------------------------------------------------------- irr.premature
def _fifth_abcd(preset):
    seats = [
        ("A", None, "2c 3c Ah Kh Qd 9c 8c", {"committed": 11}),
        ("B", None, "2d 3d 9h 8h 4c Jc 8d", {"committed": 11}),
        ("C", None, "2h 3h Th 7s 5c Qc 7h", {"committed": 11}),
        ("D", None, "2s 3s Jh 6s 5d Kc 8s", {"committed": 11}),
    ]
    return hand10(seats, preset, start="fifth")


def test_irr_premature_1_roberts_set_aside_plus_one_each():
    hand = play(_fifth_abcd("roberts"), "A bets 20", "B calls")
    burns = hand.burns
    r = rule(hand, ev("premature", "A", "B", then=("C folds", "D calls")))
    assert (r.outcome, r.basis) == ("set-aside-plus-one-each", "S")
    assert hand.street is Street.SIXTH
    assert r.answer()["stub_use"] == 10
    # 1 premature burn + 2 premature cards + 3 set aside join the burns, + the new burn.
    assert hand.burns - burns == 1 + 2 + 3 + 1
    assert [p.name for p in hand.live()] == ["A", "B", "D"]


@pytest.mark.parametrize("preset", ["wsop-cash", "tda"])
def test_irr_premature_1_reshuffle_no_burn(preset):
    hand = play(_fifth_abcd(preset), "A bets 20", "B calls")
    burns, dealt = hand.burns, hand.dealt
    r = rule(hand, ev("premature", "A", "B", then=("C folds", "D calls")))
    assert (r.outcome, r.basis) == ("reshuffle-no-burn", "S")
    # Stub use 4: the burn that stays, and one card each to A, B and D.
    assert (hand.burns - burns) + (hand.dealt - dealt) == 4


def _sixth_ab(preset):
    seats = [
        ("A", None, "2c 3c Ah Kh Qd 9c 8c", {"committed": 31}),
        ("B", None, "2d 3d 9h 8h 4c Jc 8d", {"committed": 31}),
        ("C", None, "2h 3h Th 7s 5c Qc 7h", {"committed": 31}),
    ]
    return hand10(seats, preset, start="sixth")


def test_irr_premature_2_roberts_keep_call_only():
    hand = _sixth_ab("roberts")
    r = rule(hand, ev("premature", "A", seen=True))
    assert (r.outcome, r.basis) == ("keep-call-only", "S")
    assert r.next_actions == ("check",)
    play(hand, "A checks", "B bets 20", "C calls")
    assert hand.legal_actions() == ["fold", "call 20"]


@pytest.mark.parametrize("preset", ["wsop-cash", "tda"])
def test_irr_premature_2_seen_river_reshuffled(preset):
    hand = _sixth_ab(preset)
    r = rule(hand, ev("premature", "A", seen=True))
    assert (r.outcome, r.basis) == ("reshuffle-no-burn", "J")
    assert r.next_actions == ("check", "bet 20")


@pytest.mark.parametrize("preset", LIVE)
def test_irr_premature_3_last_fold_still_no_play(preset):
    hand = play(_fifth_abcd(preset), "A bets 20", "B calls")
    r = rule(hand, ev("premature", "A", "B", then=("C folds", "D folds")))
    assert r.outcome in ("set-aside-plus-one-each", "reshuffle-no-burn")
    assert "they never play, even if the last player then folds" in r.explanation
    assert hand.street is Street.SIXTH
    assert [p.name for p in hand.live()] == ["A", "B"]


# -------------------------------------------------------------------------- irr.burn
def _fourth_abc(preset, **kw):
    seats = [
        ("A", None, "2c 3c Ah 9h", {"committed": 1}),
        ("B", None, "2d 3d Kh Jc", {"committed": 1}),
        ("C", None, "2h 3h Qh 4s", {"committed": 1}),
    ]
    return hand10(seats, preset, start="fourth", **kw)


@pytest.mark.parametrize("preset", ["roberts", "wsop-cash"])
def test_irr_burn_1_restore_order(preset):
    from tutor.engine import Card

    hand = _fourth_abc(preset)
    r = rule(hand, ev("no-burn", street=Street.FOURTH, card=Card.parse("7d")))
    assert (r.outcome, r.basis) == ("restore-order", "J")
    assert [p.cards[3].text for p in hand.players] == ["Jc", "4s", "7d"]
    assert r.cards[0] == "9h (A's card) becomes the burn card"


def test_irr_burn_1_tda_cards_stand():
    hand = _fourth_abc("tda")
    burns = hand.burns
    r = rule(hand, ev("no-burn", street=Street.FOURTH))
    assert (r.outcome, r.basis) == ("cards-stand", "J")
    assert [p.cards[3].text for p in hand.players] == ["9h", "Jc", "4s"]
    assert hand.burns == burns - 1


@pytest.mark.parametrize("preset", LIVE)
def test_irr_burn_2_noticed_after_action(preset):
    hand = _fourth_abc(preset)
    first = hand.to_act
    rest = [p.name for p in hand.players if p.name != first]
    play(hand, f"{first} checks", f"{rest[0]} bets 10")
    r = rule(hand, ev("no-burn", street=Street.FOURTH))
    assert r.outcome == "cards-stand"
    if preset == "tda":
        assert r.basis == "S"
        assert "next_burns" not in r.answer()
    else:
        assert r.basis == ("S" if preset == "wsop-cash" else "J")
        assert r.answer()["next_burns"] == 2


@pytest.mark.parametrize("preset", LIVE)
def test_irr_burn_3_seen_downcard_kept(preset):
    seats = [
        ("A", None, "2c 3c Ah 9h 5s 6s 7s", {"committed": 51}),
        ("B", None, "2d 3d Kh Jc 5h 6h 7h", {"committed": 51}),
    ]
    hand = hand10(seats, preset, start="seventh")
    r = rule(hand, ev("double-burn", street=Street.SEVENTH, seen=True))
    assert r.outcome == "keep-seen-card"
    assert r.basis == ("J" if preset == "tda" else "S")


# ---------------------------------------------------------------- irr.wrong-bring-in
def _doors(preset, d1="3d", d2="3c", d3="Qs", d4="8h"):
    return hand10(
        [
            ("S1", None, f"Ac Ad {d1}"),
            ("S2", None, f"Kc Kd {d2}"),
            ("S3", None, f"Jc Jd {d3}"),
            ("S4", None, f"Tc Td {d4}"),
        ][: 4 if d4 else 3],
        preset,
    )


@pytest.mark.parametrize("preset", LIVE)
def test_irr_wrong_bring_in_1_caught_before_next_acts(preset):
    hand = _doors(preset)
    r = rule(hand, ev("wrong-bring-in", "S1", actions=("S1 brings in",)))
    assert r.outcome == "true-low-brings-in"
    assert r.basis == ("J" if preset == "tda" else "S")
    assert r.chips_back == (("S1", D(5)),)
    assert r.next_player == "S2"
    assert r.next_actions == ("bring in 5", "complete 10")
    play(hand, "S2 brings in")
    assert hand.to_act == "S3"
    play(hand, "S3 calls", "S4 calls")
    assert hand.to_act == "S1"  # S1 acts later in normal turn


@pytest.mark.parametrize("preset", LIVE)
def test_irr_wrong_bring_in_2_next_already_called(preset):
    hand = _doors(preset)
    r = rule(hand, ev("wrong-bring-in", "S1", actions=("S1 brings in", "S2 calls")))
    assert r.outcome == "wager-stands"
    assert hand.pot == 4 + 10
    assert r.next_player == "S3"
    play(hand, "S3 calls", "S4 calls")
    assert hand.street is Street.FOURTH  # S2 owed nothing more


@pytest.mark.parametrize("preset", LIVE)
def test_irr_wrong_bring_in_3_completion_stands(preset):
    hand = _doors(preset, "5s", "Kh", "5c", None)
    r = rule(hand, ev("wrong-bring-in", "S1", actions=("S1 brings in", "S2 completes")))
    assert r.outcome == "wager-stands"
    assert r.next_player == "S3"
    assert r.next_actions == ("fold", "call 10", "raise 20")


# ------------------------------------------------------------------ irr.out-of-turn
def _fifth_oot(preset):
    # Fifth street: seat 2 is the high hand, then seats 3, 4, 5.
    seats = [
        ("S1", None, "2c 3c 4h", {"folded": True, "committed": 1}),
        ("S2", None, "2d 3d Ah Ad Kc", {"committed": 11}),
        ("S3", None, "2h 3h 9h 8s 7c", {"committed": 11}),
        ("S4", None, "2s 3s Th 6s 5c", {"committed": 11}),
        ("S5", None, "4c 4s Jd 9c 5h", {"committed": 11}),
    ]
    hand = hand10(seats, preset, start="fifth")
    assert hand.to_act == "S2"
    return hand


@pytest.mark.parametrize("preset", LIVE)
def test_irr_out_of_turn_1_bet_binding(preset):
    hand = _fifth_oot(preset)
    r = rule(
        hand,
        ev("out-of-turn", actions=("S4 bets 20",), then=("S2 checks", "S3 checks")),
    )
    assert r.outcome == "binding"
    assert r.basis == ("S2" if preset == "roberts" else "S")
    assert (r.next_player, r.next_actions) == ("S4", ("bet 20",))
    with pytest.raises(TutorError, match="binding"):
        hand.apply("S4 checks")
    play(hand, "S4 bets 20")
    assert hand.to_act == "S5"


@pytest.mark.parametrize("preset", LIVE)
def test_irr_out_of_turn_2_check_then_bet(preset):
    hand = _fifth_oot(preset)
    r = rule(
        hand, ev("out-of-turn", actions=("S4 checks",), then=("S2 bets 20", "S3 folds"))
    )
    assert r.outcome == "not-binding"
    if preset == "roberts":
        assert r.next_actions == ("fold", "call 20")
    else:
        assert r.next_actions == ("fold", "call 20", "raise 40")


@pytest.mark.parametrize("preset", LIVE)
def test_irr_out_of_turn_3_call_then_call(preset):
    hand = play(_fifth_oot(preset), "S2 bets 20")
    r = rule(hand, ev("out-of-turn", actions=("S4 calls",), then=("S3 calls",)))
    if preset == "roberts":
        # Not binding: S4's out-of-turn call of 20 comes back to S4 (chips back J).
        assert r.outcome == "not-binding"
        assert r.chips_back == (("S4", D(20)),)
        assert r.next_actions == ("fold", "call 20")
    else:
        assert r.outcome == "binding"
        assert r.chips_back == ()
        assert r.next_actions == ("call 20",)


@pytest.mark.parametrize("preset", LIVE)
def test_irr_out_of_turn_4_call_then_raise(preset):
    hand = play(_fifth_oot(preset), "S2 bets 20")
    r = rule(hand, ev("out-of-turn", actions=("S4 calls",), then=("S3 raises 40",)))
    assert r.outcome == "not-binding"
    assert r.chips_back == (("S4", D(20)),)  # "seat 4 may fold (his $20 back)"
    if preset == "roberts":
        assert r.next_actions == ("fold", "call 40")
    else:
        assert r.next_actions == ("fold", "call 40", "raise 60")


@pytest.mark.parametrize("preset", LIVE)
def test_irr_out_of_turn_5_skipped_player(preset):
    hand = play(_fifth_oot(preset), "S2 bets 20")
    r = rule(hand, ev("out-of-turn", actions=("S4 calls", "S5 folds")))
    assert r.next_player == "S3"
    if preset == "roberts":
        assert r.outcome == "skipped-keeps-options"
        assert r.next_actions == ("fold", "call 20", "raise 40")
    else:
        assert r.outcome == "skipped-call-or-fold"
        assert r.next_actions == ("fold", "call 20")
        play(hand, "S3 calls")
        assert hand.legal_actions() == ["call 20"]  # S4's call stands
        play(hand, "S4 calls")
        assert hand.legal_actions() == ["fold"]  # S5's fold is binding


# ---------------------------------------------------------------- irr.string-raise
def _fifth_ab(preset):
    seats = [
        ("A", None, "2c 3c Ah Ad Kc", {"committed": 11}),
        ("B", None, "2d 3d 9h 8s 7c", {"committed": 11}),
        ("C", None, "2h 3h Th 6s 5c", {"committed": 11}),
    ]
    return hand10(seats, preset, start="fifth")


@pytest.mark.parametrize("preset", LIVE)
def test_irr_string_raise_1_second_motion_goes_back(preset):
    hand = play(_fifth_ab(preset), "A bets 20")
    r = rule(hand, ev("chips", text="B puts in 20, then 20 more"))
    assert (r.outcome, r.basis) == ("call", "J")
    assert r.chips_back == (("B", D(20)),)
    assert hand.player("B").bet == 20
    assert r.next_player == "C"


@pytest.mark.parametrize("preset", LIVE)
def test_irr_string_raise_2_silent_chips_are_a_raise(preset):
    hand = play(_fifth_ab(preset), "A bets 20")
    r = rule(hand, ev("chips", text="B puts in 30"))
    assert r.outcome == "raise"
    assert r.basis == ("J" if preset == "roberts" else "S")
    assert hand.player("B").bet == 40


@pytest.mark.parametrize("preset", LIVE)
def test_irr_string_raise_3_oversized_chip(preset):
    hand = play(_fifth_ab(preset), "A bets 20")
    r = rule(hand, ev("chips", text="B puts in one 100 chip"))
    assert r.outcome == "call"
    assert r.basis == ("J" if preset == "roberts" else "S")
    assert r.chips_back == (("B", D(80)),)
    hand = _fifth_ab(preset)
    r = rule(hand, ev("chips", text="A puts in one 100 chip"))
    assert r.outcome == "bet"
    assert r.basis == ("S" if preset == "tda" else "J")
    assert hand.player("A").bet == 20


@pytest.mark.parametrize("preset", LIVE)
def test_irr_string_raise_4_raise_facing_bring_in_completes(preset):
    hand = play(_doors(preset), "S2 brings in")
    r = rule(hand, ev("says", text="S3 says raise"))
    assert (r.outcome, r.basis) == ("complete", "J")
    assert hand.player("S3").bet == 10


# ----------------------------------------------------------------- irr.fold-no-bet
@pytest.mark.parametrize("preset", ["roberts", "wsop-cash"])
def test_irr_fold_no_bet_1_dealt_until_bet(preset):
    hand = _fourth_five(preset)
    play(hand, "S1 checks")
    r = rule(hand, ev("fold-no-bet", "S2"))
    assert (r.outcome, r.basis) == ("dealt-until-bet", "S")
    dealt = hand.dealt
    play(hand, "S3 checks", "S4 checks", "S5 checks")
    assert hand.street is Street.FIFTH
    assert hand.dealt - dealt == 5


def test_irr_fold_no_bet_1_tda_no_more_cards():
    hand = _fourth_five("tda")
    play(hand, "S1 checks")
    r = rule(hand, ev("fold-no-bet", "S2"))
    assert (r.outcome, r.basis) == ("no-more-cards", "S")
    dealt = hand.dealt
    play(hand, "S3 checks", "S4 checks", "S5 checks")
    assert hand.dealt - dealt == 4


@pytest.mark.parametrize("preset", LIVE)
def test_irr_fold_no_bet_2_killed_by_bet(preset):
    hand = _fourth_five(preset)
    play(hand, "S1 checks")
    rule(hand, ev("fold-no-bet", "S2"))
    dealt = hand.dealt
    play(hand, "S3 bets 10", "S4 calls", "S5 calls", "S1 calls")
    assert hand.street is Street.FIFTH
    assert hand.dealt - dealt == 4


# --------------------------------------------------------------- irr.exposed-river
def _seventh(preset, heads_up=False, all_in_seat7=False):
    # Seats 1, 3, 5, 7 live. Seat 3 opened sixth street with KsKd showing.
    rows = [
        ("S1", None, "Ac 2c 9c 9d 3d 2s 9h", {"committed": 51}),
        ("S3", None, "Ah 2h Ks Kd 4c 5h 6h", {"committed": 51}),
        ("S5", None, "As 2d Qs Jd 7c 6c 3h", {"committed": 51}),
        ("S7", 0 if all_in_seat7 else None, "Ad 3c Tc 8d 4h 5s 7h", {"committed": 51}),
    ]
    nums = [1, 3, 5, 7]
    if heads_up:
        rows = [
            r
            if r[0] in ("S3", "S5")
            else (r[0], r[1], r[2][:14].strip(), {"folded": True, "committed": 11})
            for r in rows
        ]
    hand = hand10(rows, preset, start="seventh", seat_numbers=nums)
    hand.sixth_opener_idx = hand.player("S3").idx
    return hand


def test_irr_exposed_river_1_roberts_others_down():
    hand = _seventh("roberts")
    r = rule(hand, ev("river-exposed", "S1"))
    assert (r.outcome, r.basis) == ("others-down", "S")
    assert r.answer()["declare_all_in"] == "S1"
    assert r.next_player == "S1"  # three nines showing


def test_irr_exposed_river_1_wsop_all_up():
    hand = _seventh("wsop-cash")
    r = rule(hand, ev("river-exposed", "S1"))
    assert (r.outcome, r.basis) == ("all-up", "S")
    assert "declare_all_in" not in r.answer()
    assert r.next_player == "S3"


def test_irr_exposed_river_1_tda_replace():
    from tutor.engine import Card

    hand = _seventh("tda")
    burns = hand.burns
    r = rule(hand, ev("river-exposed", "S1", card=Card.parse("Kc")))
    assert (r.outcome, r.basis) == ("replace", "J")
    assert hand.player("S1").cards[6].text == "Kc"
    assert hand.burns == burns + 1
    assert r.next_player == "S3"


@pytest.mark.parametrize("preset", LIVE)
def test_irr_exposed_river_2_heads_up(preset):
    hand = _seventh(preset, heads_up=True)
    r = rule(hand, ev("river-exposed", "S3"))
    if preset == "tda":
        assert r.outcome == "replace"
    else:
        assert (r.outcome, r.basis) == ("other-card-up", "S")
    assert r.next_player == "S3"


@pytest.mark.parametrize("preset", LIVE)
def test_irr_exposed_river_3_all_in_player(preset):
    hand = _seventh(preset, all_in_seat7=True)
    r = rule(hand, ev("river-exposed", "S7"))
    assert r.outcome == ("replace" if preset == "tda" else "keep")
    assert r.basis == "S"


# ----------------------------------------------------------------- irr.wrong-count
def _showdown(preset, seat2_cards="Ac 2c 9c 9d 3d 2s 9h"):
    seats = [
        ("S1", None, "Ah 2h Ks Kd 4c 5h 6h", {"committed": 51}),
        ("S2", None, seat2_cards, {"committed": 51}),
    ]
    return hand10(seats, preset, start="showdown")


@pytest.mark.parametrize("preset", LIVE)
def test_irr_wrong_count_1_fifth_street_card_missing(preset):
    hand = _showdown(preset)
    r = rule(hand, ev("wrong-count", "S2", count=6, street=Street.FIFTH))
    assert r.outcome == ("live-hand" if preset == "wsop-cash" else "dead-hand")
    assert r.basis == ("J" if preset == "tda" else "S")
    if r.outcome == "dead-hand":
        assert hand.payouts == {"S1": D(102)}


@pytest.mark.parametrize("preset", LIVE)
def test_irr_wrong_count_2_seventh_card_skipped(preset):
    hand = _showdown(preset)
    r = rule(hand, ev("wrong-count", "S2", count=6, street=Street.SEVENTH))
    assert r.outcome == ("dead-hand" if preset == "tda" else "live-hand")
    assert r.basis == ("J" if preset == "tda" else "S")
    if preset != "tda":
        assert len(hand.player("S2").cards) == 6
        # Two pair (nines and deuces) takes the high; S1's 6-5-4-2-A the low.
        assert hand.payouts == {"S1": D(51), "S2": D(51)}


def test_irr_wrong_count_2_roberts_floor_may_rule_dead():
    hand = _showdown("roberts").__class__
    hand = hand10(
        [
            ("S1", None, "Ah 2h Ks Kd 4c 5h 6h", {"committed": 51}),
            ("S2", None, "Ac 2c 9c 9d 3d 2s 9h", {"committed": 51}),
        ],
        "roberts",
        start="showdown",
        house={"short_hand": "dead"},
    )
    r = rule(hand, ev("wrong-count", "S2", count=6, street=Street.SEVENTH))
    assert r.outcome == "dead-hand"


@pytest.mark.parametrize("preset", LIVE)
def test_irr_wrong_count_2_noticed_before_acting(preset):
    seats = [
        ("S1", None, "Ah 2h Ks Kd 4c 5h 6h", {"committed": 51}),
        ("S2", None, "Ac 2c 9c 9d 3d 2s 9h", {"committed": 51}),
    ]
    hand = hand10(seats, preset, start="seventh")
    r = rule(hand, ev("wrong-count", "S2", count=6, street=Street.SEVENTH))
    assert (r.outcome, r.basis) == ("next-stub-card", "J")
    assert r.continues and r.next_player is not None


@pytest.mark.parametrize("preset", LIVE)
def test_irr_wrong_count_3_eight_cards_dead(preset):
    hand = _showdown(preset)
    r = rule(hand, ev("wrong-count", "S2", count=8))
    assert r.outcome == "dead-hand"
    assert r.basis == "S"


# ---------------------------------------------------------------- irr.exposed-card
@pytest.mark.parametrize("preset", LIVE)
def test_irr_exposed_card_1_off_table_on_deal(preset):
    hand = _five_deal(preset)
    r = rule(hand, ev("off-table", "S3", positions=2))
    assert (r.outcome, r.rule) == ("third-card-down", "irr.exposed-card")
    assert r.basis == ("J" if preset == "tda" else "S")
    assert hand.player("S3").cards[2].text == "Qs"


@pytest.mark.parametrize("preset", LIVE)
def test_irr_exposed_card_2_upcard_off_table_plays(preset):
    hand = _fifth_oot(preset)
    r = rule(hand, ev("off-table", "S4", positions=5))
    assert r.outcome == "plays-as-dealt"
    assert r.basis == ("S" if preset == "roberts" else "J")
    assert r.next_player == "S2"


@pytest.mark.parametrize("preset", LIVE)
def test_irr_exposed_card_3_player_shows(preset):
    hand = _fourth_five(preset)
    r = rule(hand, ev("player-shows", "S5"))
    assert r.outcome == "hand-live-card-shown"
    assert r.basis == ("S2" if preset == "roberts" else "S")
    assert ("penalty" in r.explanation) == (preset == "tda")


# ----------------------------------------------------------------- irr.wrong-opener
def _fourth_opener(preset):
    seats = [
        ("S2", None, "2c 3c 9s 9d", {"committed": 1}),
        ("S5", None, "2d 3d As Ks", {"committed": 1}),
        ("S6", None, "2h 3h Th 7s", {"committed": 1}),
        ("S7", None, "4h 4s Jd 6c", {"committed": 1}),
    ]
    return hand10(seats, preset, start="fourth", seat_numbers=[2, 5, 6, 7])


@pytest.mark.parametrize("preset", LIVE)
def test_irr_wrong_opener_1_caught_before_next(preset):
    hand = _fourth_opener(preset)
    assert hand.to_act == "S2"
    r = rule(hand, ev("wrong-opener", "S5", actions=("S5 bets 10",)))
    assert (r.outcome, r.basis) == ("true-high-acts-first", "J")
    assert r.chips_back == (("S5", D(10)),)
    assert r.next_player == "S2"
    assert hand.pot == 4


@pytest.mark.parametrize("preset", LIVE)
def test_irr_wrong_opener_2_action_stands(preset):
    hand = _fourth_opener(preset)
    r = rule(hand, ev("wrong-opener", "S5", actions=("S5 bets 10", "S6 calls")))
    assert (r.outcome, r.basis) == ("action-stands", "J")
    assert r.next_player == "S7"
    play(hand, "S7 calls")
    assert hand.to_act == "S2"
    assert hand.legal_actions()[:2] == ["fold", "call 10"]
    assert any(a.startswith("raise") for a in hand.legal_actions())
