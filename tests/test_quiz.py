"""Answer checking (tutor.asks, tutor.quiz): exact amounts, sets without order, hand values, messages."""

from __future__ import annotations

from decimal import Decimal as D
from types import SimpleNamespace

import pytest

from tutor.asks import check_answer, describe, incomplete
from tutor.engine.cards import parse_cards
from tutor.quiz import (
    Verdict,
    action_candidates,
    format_amount,
    hint_text,
    low_of_five,
    normalize_action,
    to_amount,
)


def ruling(kind: str, answer: dict[str, object]) -> SimpleNamespace:
    return SimpleNamespace(
        kind=kind, answer=answer, explanation="why", rules=(), preset="online"
    )


def test_format_amount_writes_whole_and_decimal_amounts_plainly() -> None:
    assert [format_amount(x) for x in (D("12.50"), D(10), 2, D("0.25"), D("1E+1"))] == [
        "12.5",
        "10",
        "2",
        "0.25",
        "10",
    ]


def test_to_amount_reads_floats_through_their_repr_and_rejects_non_numbers() -> None:
    assert to_amount(0.25) == D("0.25")
    assert to_amount("x") is None
    assert to_amount(None) is None
    assert to_amount(True) is None
    assert to_amount("nan") is None


def test_normalize_action_rewrites_the_amount() -> None:
    assert normalize_action("Call 1.00") == "call 1"
    assert normalize_action("bring in 0.50") == "bring in 0.5"
    assert normalize_action("fold") == "fold"


# --------------------------------------------------------------------------- amounts


def test_ante_needs_both_amounts_exactly() -> None:
    r = ruling("ante", {"each": D("0.25"), "total": D("1.25")})
    assert check_answer("ante", {"each": "0.25", "total": 1.25}, r) == Verdict(
        True, "Right: 0.25 each, 1.25 in all.", "0.25 each, 1.25 in all"
    )
    wrong = check_answer("ante", {"each": "0.25", "total": "1"}, r)
    assert wrong == Verdict(
        False,
        "Not right: you answered 0.25 each, 1 in all; the answer is 0.25 each, 1.25 in all.",
        "0.25 each, 1.25 in all",
    )


def test_pot_compares_exact_decimals() -> None:
    r = ruling("pot", {"pot": D("12.5")})
    assert check_answer("pot", {"pot": D("12.50")}, r).correct
    assert not check_answer("pot", {"pot": D("12.49")}, r).correct


def test_buy_in() -> None:
    r = ruling("buy-in", {"minimum": D(20)})
    assert (
        check_answer("buy-in", {"minimum": 20}, r).message
        == "Right: a minimum buy-in of 20."
    )
    assert check_answer("buy-in", {"minimum": 10}, r).message == (
        "Not right: you answered a minimum buy-in of 10; the answer is a minimum buy-in of 20."
    )


def test_raises_left_number_and_unlimited() -> None:
    two = ruling("raises-left", {"raises_left": 2})
    unlimited = ruling("raises-left", {"raises_left": None})
    assert (
        check_answer("raises-left", {"raises_left": 2}, two).message
        == "Right: 2 raises left."
    )
    assert check_answer("raises-left", {"unlimited": True}, two).message == (
        "Not right: you answered raising is unlimited; the answer is 2 raises left."
    )
    assert check_answer("raises-left", {"unlimited": True}, unlimited).correct
    assert check_answer("raises-left", {"raises_left": 1}, unlimited).message == (
        "Not right: you answered 1 raise left; the answer is raising is unlimited."
    )


def test_bet_sizes_ignore_order_and_duplicates() -> None:
    r = ruling("bet-sizes", {"sizes": [D(5), D(10)]})
    assert (
        check_answer("bet-sizes", {"sizes": ["10", "5"]}, r).message
        == "Right: sizes 5 and 10."
    )
    assert check_answer("bet-sizes", {"sizes": ["5"]}, r).message == (
        "Not right: you answered size 5; the answer is sizes 5 and 10."
    )


# --------------------------------------------------------------------------- players


def test_bring_in_needs_player_and_amount() -> None:
    r = ruling("bring-in", {"player": "Bo", "seat": 3, "card": "2c", "amount": D(1)})
    assert check_answer("bring-in", {"player": "Bo", "amount": "1"}, r).message == (
        "Right: Bo brings in for 1."
    )
    assert check_answer("bring-in", {"player": "Bo", "amount": "2"}, r).message == (
        "Not right: you answered Bo brings in for 2; the answer is Bo brings in for 1."
    )
    assert not check_answer("bring-in", {"player": "Cy", "amount": "1"}, r).correct


@pytest.mark.parametrize(
    ("kind", "verb"),
    [
        ("first-to-act", "acts first"),
        ("next-to-act", "acts next"),
        ("showdown-order", "shows first"),
    ],
)
def test_single_player_kinds(kind: str, verb: str) -> None:
    r = ruling(kind, {"player": "Cy", "seat": 5})
    assert check_answer(kind, {"player": "Cy"}, r).message == f"Right: Cy {verb}."
    assert check_answer(kind, {"player": "Ana"}, r).message == (
        f"Not right: you answered Ana {verb}; the answer is Cy {verb}."
    )


def test_winners_are_a_set() -> None:
    r = ruling("high-winner", {"players": ["Ana", "Bo"]})
    assert check_answer("high-winner", {"players": ["Bo", "Ana"]}, r).message == (
        "Right: Ana and Bo share the high."
    )
    assert check_answer("high-winner", {"players": ["Ana"]}, r).message == (
        "Not right: you answered Ana wins the high; the answer is Ana and Bo share the high."
    )


def test_low_winner_none_qualifies() -> None:
    r = ruling("low-winner", {"players": []})
    assert (
        check_answer("low-winner", {"players": []}, r).message
        == "Right: no low qualifies."
    )
    assert check_answer("low-winner", {"players": ["Cy"]}, r).message == (
        "Not right: you answered Cy wins the low; the answer is no low qualifies."
    )


# --------------------------------------------------------------------------- actions


def test_legal_actions_ignore_order_and_amount_spelling() -> None:
    r = ruling(
        "legal-actions", {"player": "Cy", "actions": ["fold", "call 1", "complete 2"]}
    )
    assert check_answer(
        "legal-actions", {"actions": ["complete 2.00", "fold", "call 1"]}, r
    ).correct
    wrong = check_answer("legal-actions", {"actions": ["check", "fold"]}, r)
    assert wrong.message == (
        "Not right: you answered fold, check; the answer is fold, call 1, complete 2."
    )


def test_action_candidates_include_the_legal_ones_and_wrong_ones() -> None:
    third_bring_in = action_candidates(
        ["bring in 1", "complete 2"],
        street="third",
        current_bet=D(0),
        small_bet=D(2),
        big_bet=D(4),
        bring_in=D(1),
    )
    assert third_bring_in == ["fold", "check", "bring in 1", "complete 2", "bet 2"]
    facing_bet = action_candidates(
        ["fold", "call 10", "raise 20"],
        street="fifth",
        current_bet=D(10),
        small_bet=D(5),
        big_bet=D(10),
        bring_in=D(2),
    )
    assert facing_bet == ["fold", "check", "call 10", "bet 10", "raise 20"]
    capped = action_candidates(
        ["fold", "call 10"],
        street="fifth",
        current_bet=D(40),
        small_bet=D(5),
        big_bet=D(10),
        bring_in=D(2),
    )
    assert capped == ["fold", "check", "call 10", "bet 10", "raise 50"]
    unopened = action_candidates(
        ["check", "bet 5", "bet 10"],
        street="fourth",
        current_bet=D(0),
        small_bet=D(5),
        big_bet=D(10),
        bring_in=D(2),
    )
    assert unopened == ["fold", "check", "bet 5", "bet 10", "raise 10"]


# --------------------------------------------------------------------------- yes / no


def test_community_card_yes_no() -> None:
    r = ruling("community-card", {"community": True})
    assert check_answer("community-card", {"community": True}, r).message == (
        "Right: yes: seventh street is one community card shared by every player."
    )
    assert check_answer("community-card", {"community": False}, r).message == (
        "Not right: you answered no: every player gets a seventh card of their own; the answer "
        "is yes: seventh street is one community card shared by every player."
    )


def test_low_qualifies_names_the_player() -> None:
    r = ruling("low-qualifies", {"player": "Ana", "qualifies": False})
    assert check_answer("low-qualifies", {"qualifies": False}, r).message == (
        "Right: Ana has no qualifying low."
    )
    assert check_answer("low-qualifies", {"qualifies": True}, r).message == (
        "Not right: you answered Ana has a qualifying low; the answer is Ana has no qualifying low."
    )


# --------------------------------------------------------------------------- hands


def test_low_of_five() -> None:
    assert low_of_five([c for c in parse_cards("8h 5d 4s 3c 2h") if c]) == "8-5-4-3-2"
    assert low_of_five([c for c in parse_cards("9h 5d 4s 3c 2h") if c]) is None
    assert low_of_five([c for c in parse_cards("Ah 5d 4s 3c 2h") if c]) == "5-4-3-2-A"
    assert low_of_five([c for c in parse_cards("Ah 5d 4s 3c") if c]) is None


def test_best_low_by_cards_and_no_low() -> None:
    r = ruling("best-low", {"player": "Ana", "low": "7-5-4-2-A"})
    right = check_answer("best-low", {"cards": ["7h", "5d", "4s", "2c", "Ah"]}, r)
    assert right.message == "Right: 7-5-4-2-A."
    wrong = check_answer("best-low", {"cards": ["8h", "5d", "4s", "2c", "Ah"]}, r)
    assert (
        wrong.message
        == "Not right: you answered 8-5-4-2-A (8h 5d 4s 2c Ah); the answer is 7-5-4-2-A."
    )
    said_none = check_answer("best-low", {"no_low": True}, r)
    assert (
        said_none.message == "Not right: you answered no low; the answer is 7-5-4-2-A."
    )
    none = ruling("best-low", {"player": "Ana", "low": None})
    assert check_answer("best-low", {"no_low": True}, none).message == "Right: no low."
    assert check_answer(
        "best-low", {"cards": ["Ah", "Ad", "2c", "2d", "3h"]}, none
    ).message == (
        "Not right: you answered Ah Ad 2c 2d 3h (not a low); the answer is no low."
    )


def test_best_high_same_cards_is_right() -> None:
    r = ruling(
        "best-high",
        {
            "player": "Ana",
            "category": "two pair",
            "ranks": ["A", "A", "K", "K", "9"],
            "cards": ["Ah", "As", "Kd", "Kc", "9s"],
        },
    )
    verdict = check_answer("best-high", {"cards": ["Kc", "Kd", "As", "Ah", "9s"]}, r)
    assert verdict.message == "Right: two pair, A-A-K-K-9 (Ah As Kd Kc 9s)."


def test_best_high_different_cards_is_wrong() -> None:
    r = ruling(
        "best-high",
        {
            "player": "Ana",
            "category": "two pair",
            "ranks": ["A", "A", "K", "K", "9"],
            "cards": ["Ah", "As", "Kd", "Kc", "9s"],
        },
    )
    verdict = check_answer("best-high", {"cards": ["Ah", "As", "Kd", "Kc", "3s"]}, r)
    assert not verdict.correct
    assert verdict.expected_text == "two pair, A-A-K-K-9 (Ah As Kd Kc 9s)"


# --------------------------------------------------------------------------- award


def test_award_compares_every_payout_and_the_rake() -> None:
    r = ruling(
        "award", {"payouts": {"Ana": D("10.5"), "Bo": D("5.25")}, "rake": D("0.5")}
    )
    assert check_answer(
        "award", {"payouts": {"Bo": "5.25", "Ana": "10.50", "Cy": 0}, "rake": "0.5"}, r
    ).message == ("Right: Ana 10.5, Bo 5.25; rake 0.5.")
    wrong = check_answer(
        "award", {"payouts": {"Ana": "10.5", "Bo": "5.25"}, "rake": 0}, r
    )
    assert wrong.message == (
        "Not right: you answered Ana 10.5, Bo 5.25; no rake; the answer is Ana 10.5, Bo 5.25; rake 0.5."
    )
    assert not check_answer(
        "award", {"payouts": {"Ana": "15.75"}, "rake": "0.5"}, r
    ).correct


def test_unknown_kind_names_the_kind() -> None:
    with pytest.raises(
        ValueError, match=r"^unknown ask kind 'chop': use one of ante, "
    ):
        check_answer("chop", {}, ruling("chop", {}))


# --------------------------------------------------------------------------- incomplete, hints


def test_incomplete_answers_say_what_is_missing() -> None:
    assert incomplete("first-to-act", {"player": None}) == "Choose a player first."
    assert (
        incomplete("bring-in", {"player": "Bo", "amount": None})
        == "Enter the bring-in amount."
    )
    assert (
        incomplete("best-high", {"cards": ["Ah", "Kd"]})
        == "Pick exactly five cards: you picked 2."
    )
    assert incomplete("best-low", {"no_low": True, "cards": []}) is None
    assert incomplete("ante", {"each": 1}) == (
        "Enter both amounts: the ante each player posts and the total."
    )
    assert incomplete("pot", {"pot": None}) == "Enter the pot amount."
    assert incomplete("raises-left", {"raises_left": None, "unlimited": False}) == (
        "Enter the number of raises left, or tick 'unlimited'."
    )
    assert incomplete("community-card", {"community": None}) == "Choose yes or no."
    assert incomplete("legal-actions", {"actions": []}) is None
    assert incomplete("pot", {"pot": "3"}) is None


def test_hint_prefers_the_authors_hint_then_the_rules() -> None:
    assert hint_text("Look at the doors.", ["bring-in.who"]) == "Look at the doors."
    assert hint_text(None, ["limit.small", "limit.small", "nope"]) == (
        "Third and fourth street use the small bet."
    )
    assert (
        hint_text("", [])
        == "Think about which rule decides this, then look at the table."
    )


def test_describe_award_with_nobody_paid() -> None:
    assert (
        describe("award", {"payouts": {}, "rake": 0})
        == "nobody takes anything; no rake"
    )


def test_best_high_other_cards_of_the_same_value_are_right() -> None:
    # The 5s or the 5h make the same straight.
    r = ruling(
        "best-high",
        {
            "player": "Ana",
            "category": "straight",
            "ranks": ["9", "8", "7", "6", "5"],
            "cards": ["9s", "8h", "7d", "6c", "5s"],
        },
    )
    verdict = check_answer("best-high", {"cards": ["9s", "8h", "7d", "6c", "5h"]}, r)
    assert verdict == Verdict(
        True,
        "Right: straight, 9-8-7-6-5 (9s 8h 7d 6c 5s).",
        "straight, 9-8-7-6-5 (9s 8h 7d 6c 5s)",
    )
    wrong = check_answer("best-high", {"cards": ["9s", "8h", "7d", "6c", "Kh"]}, r)
    assert wrong.message == (
        "Not right: you answered high card, K-9-8-7-6 (9s 8h 7d 6c Kh); "
        "the answer is straight, 9-8-7-6-5 (9s 8h 7d 6c 5s)."
    )
