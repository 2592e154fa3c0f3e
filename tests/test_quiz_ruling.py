"""Checking a learner's ruling: outcome, next player and options; the source named plainly."""

from __future__ import annotations

import doctest
from types import SimpleNamespace

from tutor import quiz_ruling
from tutor.asks import check_answer, incomplete
from tutor.engine import irregularities
from tutor.quiz_ruling import NOBODY, OUTCOME_LABELS, RULE_OUTCOMES, outcome_choices

NOT_BINDING = SimpleNamespace(
    kind="ruling",
    answer={
        "outcome": "not-binding",
        "rule": "irr.out-of-turn",
        "reference": "WSOP 132/133",
        "basis": "S",
        "continues": True,
        "next_player": "Dee",
        "next_actions": ["fold", "call 20", "raise 40"],
    },
    explanation="",
    rules=("irr.out-of-turn",),
    preset="wsop-cash",
)
MISDEAL = SimpleNamespace(
    kind="ruling",
    answer={
        "outcome": "misdeal",
        "rule": "irr.exposed-hole",
        "reference": "TDA RP-10-A",
        "basis": "J",
        "continues": False,
        "next_player": None,
        "next_actions": [],
    },
    explanation="",
    rules=("irr.exposed-hole",),
    preset="tda",
)


def test_doctests() -> None:
    for module in (quiz_ruling, irregularities):
        result = doctest.testmod(module)
        assert result.failed == 0 and result.attempted > 0


def test_every_outcome_has_a_label_and_a_rule_to_be_offered_under() -> None:
    assert set(OUTCOME_LABELS) == set(irregularities.OUTCOMES)
    offered = {o for outcomes in RULE_OUTCOMES.values() for o in outcomes}
    assert offered == set(irregularities.OUTCOMES)


def test_right_answer_with_next_player_and_options() -> None:
    given = {
        "outcome": "not-binding",
        "next_player": "Dee",
        "next_actions": ["raise 40", "fold", "call 20"],
        "asked_next": True,
    }
    assert incomplete("ruling", given) is None
    verdict = check_answer("ruling", given, NOT_BINDING)
    assert verdict.correct
    assert verdict.message == (
        "Right: the out-of-turn action is not binding; Dee acts next and may fold, "
        "call 20 or raise 40 (rulebook: WSOP 132/133)."
    )


def test_right_outcome_but_wrong_options_is_wrong() -> None:
    given = {
        "outcome": "not-binding",
        "next_player": "Dee",
        "next_actions": ["fold", "call 20"],
        "asked_next": True,
    }
    verdict = check_answer("ruling", given, NOT_BINDING)
    assert not verdict.correct
    assert verdict.message == (
        "Not right: you answered the out-of-turn action is not binding; Dee acts next "
        "and may fold or call 20; the answer is the out-of-turn action is not binding; "
        "Dee acts next and may fold, call 20 or raise 40 (rulebook: WSOP 132/133)."
    )
    nobody = dict(given, next_player=NOBODY, next_actions=[])
    assert not check_answer("ruling", nobody, NOT_BINDING).correct


def test_incomplete_answers_say_what_is_missing() -> None:
    assert incomplete("ruling", {"outcome": None}) == "Answer the ruling first."
    assert (
        incomplete("ruling", {"outcome": "binding", "asked_next": True})
        == "Choose who acts next (or 'nobody')."
    )
    assert (
        incomplete(
            "ruling", {"outcome": "binding", "next_player": "Dee", "asked_next": True}
        )
        is None
    )
    assert (
        incomplete("ruling", {"outcome": "binding", "asked_actions": True})
        == "Pick what the player to act may do."
    )
    assert (
        incomplete(
            "ruling", {"outcome": "binding", "next_player": NOBODY, "asked_next": True}
        )
        is None
    )


def test_a_judgement_says_so_plainly() -> None:
    verdict = check_answer("ruling", {"outcome": "misdeal"}, MISDEAL)
    assert verdict.correct
    assert verdict.message == (
        "Right: misdeal: re-deal, antes stay (the house's practice: the rulebook "
        "(TDA RP-10-A) is silent here)."
    )
    wrong = check_answer("ruling", {"outcome": "third-card-down"}, MISDEAL)
    assert wrong.message.startswith(
        "Not right: you answered not a misdeal: the exposed card is an upcard, third card "
        "down; the answer is misdeal"
    )


def test_choices_hold_the_right_outcome() -> None:
    assert outcome_choices({"outcome": "misdeal", "rule": "irr.exposed-hole"}) == [
        "third-card-down",
        "misdeal",
        "dead-hand",
        "upcard-each",
        "door-turned-up",
        "scramble-turn-one",
    ]
    assert outcome_choices({"outcome": "odd", "rule": "irr.nothing"}) == ["odd"]


def test_only_what_was_asked_is_checked_and_no_copy_is_called_secondary() -> None:
    # the out-of-turn questions: the options of the player to act, no "who acts next"
    given = {
        "outcome": "not-binding",
        "next_actions": ["fold", "call 20", "raise 40"],
        "asked_actions": True,
    }
    assert check_answer("ruling", given, NOT_BINDING).correct
    assert not check_answer(
        "ruling", dict(given, next_actions=["fold"]), NOT_BINDING
    ).correct
    # another ruling: who acts next, no options asked
    assert check_answer(
        "ruling",
        {"outcome": "not-binding", "next_player": "Dee", "asked_next": True},
        NOT_BINDING,
    ).correct
    assert quiz_ruling.source_text({"basis": "S2", "reference": "RR 10"}) == (
        "rulebook: RR 10"
    )


def test_who_acts_next_follows_the_chosen_ruling_not_the_answer() -> None:
    assert not quiz_ruling.goes_on("misdeal")
    assert not quiz_ruling.goes_on(None)
    assert quiz_ruling.goes_on("plays-on")
    assert quiz_ruling.out_of_turn_outcome(True, "skipped-keeps-options", True) == (
        "skipped-keeps-options"
    )
