"""The one action grammar (tutor.engine.actions): reading and writing decisions."""

from __future__ import annotations

import pytest
from enginekit import D

from tutor.engine.actions import legal_action, parse_action, scenario_text
from tutor.engine.errors import ActionSyntaxError, AmbiguousActionError
from tutor.engine.values import Action, ActionKind

NAMES = ["Bo", "Ana Maria", "Cy"]


@pytest.mark.parametrize(
    "text,action",
    [
        ("Ana Maria raises to 15", Action("Ana Maria", ActionKind.RAISE, D(15))),
        ("Bo brings in 1", Action("Bo", ActionKind.BRING_IN, D(1))),
        ("Cy calls $2.5.", Action("Cy", ActionKind.CALL, D("2.5"))),
        ("Cy folds", Action("Cy", ActionKind.FOLD, None)),
    ],
)
def test_parse_action_reads_the_forms(text: str, action: Action) -> None:
    assert parse_action(text, NAMES) == action


def test_parse_action_without_a_name_is_for_the_player_to_act() -> None:
    assert parse_action("complete 2", NAMES, lambda: "Cy") == Action(
        "Cy", ActionKind.COMPLETE, D(2)
    )


def test_parse_action_errors_say_what_to_write() -> None:
    with pytest.raises(AmbiguousActionError) as err:
        parse_action("Di calls", NAMES)
    assert str(err.value) == (
        "'Di calls' names nobody at this table: start with one of Bo, Ana Maria, Cy."
    )
    with pytest.raises(ActionSyntaxError) as err2:
        parse_action("Bo checks 4", NAMES)
    assert str(err2.value).startswith("'Bo checks 4' has extra words: write one of")
    with pytest.raises(ActionSyntaxError) as err3:
        parse_action("Bo bets 0", NAMES)
    assert str(err3.value) == "'Bo bets 0': the amount must be more than 0."


def test_scenario_text_and_legal_action_from_legal_actions() -> None:
    assert scenario_text("Bo", "bring in 1") == "Bo brings in"
    assert scenario_text("Bo", "raise 4") == "Bo raises 4"
    assert scenario_text("Bo", "check") == "Bo checks"
    assert legal_action("Bo", "bring in 1") == Action("Bo", ActionKind.BRING_IN, None)
    assert legal_action("Bo", "call 0.5") == Action("Bo", ActionKind.CALL, D("0.5"))
    with pytest.raises(ValueError, match="not an action: 'shove'"):
        scenario_text("Bo", "shove")
