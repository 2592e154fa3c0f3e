"""table.seats, table.buy-in, ante.post, deal.order, cards and bad input."""

from __future__ import annotations

import subprocess
import sys

import pytest
from enginekit import D, make_hand, play

from tutor.engine import (
    ActionSyntaxError,
    AmbiguousActionError,
    Card,
    CardError,
    IllegalActionError,
    TableError,
    TutorError,
    parse_cards,
)


def test_engine_imports_only_the_standard_library():
    code = (
        "import sys, tutor.engine; bad = [m for m in ('streamlit', 'yaml', 'plotly', 'pydantic', "
        "'sqlalchemy') if m in sys.modules]; print(bad)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == "[]"


@pytest.mark.parametrize("text", ["1x", "Zz", "11h", "A", "", "Ahh"])
def test_cards_malformed_rejected_with_the_input_named(text):
    with pytest.raises(CardError) as err:
        Card.parse(text)
    assert str(err.value) == (
        f"{text!r} is not a card: write a rank 2-9, T, J, Q, K, A (or 10) and a suit c, d, "
        "h, s, as in 'Ah', 'td' or '10d'."
    )
    assert isinstance(err.value, TutorError) and isinstance(err.value, ValueError)


def test_cards_ten_and_lower_case():
    assert parse_cards("10d td TD ?? as") == [Card.parse("Td")] * 3 + [
        None,
        Card.parse("As"),
    ]


def test_cards_dealt_twice_refused():
    with pytest.raises(CardError) as err:
        make_hand([("A", None, "Ah Kd 2c"), ("B", None, "Ah 3d 4c")])
    assert (
        str(err.value)
        == "Ah is dealt twice in this hand: a deck holds each card once, so give each card to one place only."
    )


def test_table_seats_nine_refused_with_reason():
    with pytest.raises(TableError) as err:
        make_hand(
            [(f"P{i}", None, "") for i in range(9)], seat_numbers=list(range(1, 10))
        )
    assert str(err.value) == (
        "9 seats: a stud table seats 2 to 8 players, because a 52-card deck cannot give 9 "
        "or more players seven cards each (table.seats)."
    )


def test_table_seats_one_refused():
    with pytest.raises(
        TableError,
        match=r"1 seat\(s\): a stud hand needs 2 to 8 players \(table.seats\).",
    ):
        make_hand([("A", None, "")])


@pytest.mark.parametrize(
    "kw,message",
    [
        ({"small": 0}, "stakes.small_bet must be more than 0, not 0."),
        ({"small": -2}, "stakes.small_bet must be more than 0, not -2."),
        ({"ante": -1}, "stakes.ante must be 0 or more, not -1 (ante.post)."),
        (
            {"small": 4, "big": 2},
            "stakes.big_bet (2) must be at least the small bet (4): fixed limit uses the small bet "
            "on third and fourth street and the big bet after (limit.big).",
        ),
        (
            {"bring_in": 5},
            "stakes.bring_in must be more than 0 and at most the small bet (2), not 5 (bring-in.amount).",
        ),
        (
            {"ante": D("0.5"), "chip": 1},
            "stakes.ante (0.5) is not a whole number of chips of 1: set stakes.chip to a "
            "unit that divides every amount.",
        ),
    ],
)
def test_table_bad_stakes(kw, message):
    with pytest.raises(TableError) as err:
        make_hand([("A", None, "?? ?? 2c"), ("B", None, "?? ?? 3c")], **kw)
    assert str(err.value) == message


def test_table_zero_stack_refused_when_dealt_in():
    with pytest.raises(TableError) as err:
        make_hand([("A", 0, "?? ?? 2c"), ("B", None, "?? ?? 3c")])
    assert str(err.value) == (
        "A's stack is 0: a player dealt in needs chips for the ante; give a stack of more than 0 "
        "(ante.post)."
    )


def test_table_buy_in_ten_small_bets():
    hand = make_hand([("A", None, "?? ?? 2c"), ("B", None, "?? ?? 3c")], small=1, big=2)
    assert hand.answer("buy-in").answer == {"minimum": D(10)}
    custom = make_hand(
        [("A", None, "?? ?? 2c"), ("B", None, "?? ?? 3c")],
        house={"min_buy_in_bets": 20},
    )
    assert custom.answer("buy-in").answer == {"minimum": D(40)}


def test_ante_post_each_and_total_and_dead_money():
    hand = make_hand(
        [
            ("A", None, "?? ?? 2c"),
            ("B", None, "?? ?? 3c"),
            ("C", None, "?? ?? 4c"),
            ("D", None, "?? ?? 5c"),
            ("E", None, "?? ?? 6c"),
        ],
        ante=D("0.25"),
    )
    assert hand.answer("ante").answer == {"each": D("0.25"), "total": D("1.25")}
    hand.apply("A brings in")
    # the ante counts toward no bet: B must still put in the full bring-in of 1
    assert hand.legal_actions() == ["fold", "call 1", "complete 2"]
    assert hand.answer("pot").answer == {"pot": D("2.25")}


def test_ante_post_table_without_antes():
    hand = make_hand([("A", None, "?? ?? 2c"), ("B", None, "?? ?? 3c")], ante=0)
    ruling = hand.answer("ante")
    assert ruling.answer == {"each": D(0), "total": D(0)}
    assert ruling.explanation == (
        "This table has no ante: nobody posts before the deal, and the bring-in is the "
        "first money in."
    )


def test_deal_order_from_the_left_of_the_button_and_seat_one_with_house_dealer():
    seats = [("A", None, "Ah Kd 2c"), ("B", None, "Qh Jd 3c"), ("C", None, "Th 9d 4c")]
    assert make_hand(seats).order == [0, 1, 2]
    assert make_hand(seats, button=2).order == [2, 0, 1]
    deal = make_hand(seats, button=2).history[1]
    assert deal.rules == ("deal.order",)
    assert (
        "starting with C (the first seat to the left of the button)" in deal.explanation
    )


@pytest.mark.parametrize(
    "text,exc,message",
    [
        (
            "Cy raise 4x",
            AmbiguousActionError,
            "'Cy raise 4x' names nobody at this table: start with one of A, B.",
        ),
        (
            "A dances",
            ActionSyntaxError,
            "'A dances' is not an action: write one of <name> folds, <name> checks, "
            "<name> calls [N], <name> brings in [N], <name> completes [N], <name> bets [N], <name> raises [N] (N is a "
            "call's added chips, or the player's total for the round after a bet, raise or completion).",
        ),
        (
            "B brings in 1x",
            ActionSyntaxError,
            "'B brings in 1x': '1x' is not an amount; write a number such as 4 or 0.5.",
        ),
        (
            "B folds now",
            ActionSyntaxError,
            "'B folds now' has extra words: write one of <name> folds, <name> checks, "
            "<name> calls [N], <name> brings in [N], <name> completes [N], <name> bets [N], <name> raises [N].",
        ),
        (
            "B brings in 2",
            IllegalActionError,
            "'B brings in 2' is not allowed: a bring in now makes it 1, not 2 "
            "(bring-in.amount).",
        ),
    ],
)
def test_actions_bad_input_messages(text, exc, message):
    hand = make_hand([("A", None, "?? ?? 9c"), ("B", None, "?? ?? 2d")])
    with pytest.raises(exc) as err:
        hand.apply(text)
    assert str(err.value) == message
    assert hand.to_act == "B" and hand.pot == 0


def test_actions_after_the_hand_is_over_refused():
    hand = make_hand([("A", None, "?? ?? 9c"), ("B", None, "?? ?? 2d")])
    play(hand, "B brings in", "A folds")
    with pytest.raises(IllegalActionError) as err:
        hand.apply("B checks")
    assert (
        str(err.value)
        == "'B checks': the hand is over, the pot has been awarded (round.end)."
    )


def test_actions_name_omitted_means_the_player_to_act():
    hand = make_hand([("A", None, "?? ?? 9c"), ("B", None, "?? ?? 2d")])
    assert hand.apply("bring in 1").text == "B brings in 1"
    assert hand.apply("complete 2").text == "A completes to 2"


def test_illegal_reasons_cover_every_closed_action():
    hand = make_hand([("A", None, "?? ?? 9c"), ("B", None, "?? ?? 2d")])
    hand.apply("B brings in")
    assert hand.illegal_reasons() == {
        "check": "A faces a wager of 1 and must call 1, raise or fold",
        "bring in": "the bring-in has already been made",
        "bet": "there is already a wager of 1 on third street: call, raise or fold",
        "raise": "facing only the bring-in of 1, the next step up is to complete to 2; a completion is not a raise",
    }
