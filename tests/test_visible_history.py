"""What "What happened so far" shows before a question: decided on kinds and messages."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from tutor.scenarios import load_bank
from tutor.scenarios.model import Scenario
from tutor.scenarios.replay import walk
from tutor.ui.ask_panel import visible_history

BANK = Path(__file__).resolve().parent.parent / "scenarios"


@cache
def _scenario(scenario_id: str) -> tuple[Scenario, ...]:
    return tuple(s for s in load_bank([BANK]).scenarios if s.id == scenario_id)


def _kinds_before(scenario_id: str, step: int) -> tuple[str, list[str], list[str]]:
    """The ask's kind, every operation's kind so far, and the kinds shown before it."""
    (scenario,) = _scenario(scenario_id)
    result = walk(scenario)[step]
    assert result.ask is not None
    history = result.hand.history
    shown = visible_history(history, result.ask.kind)
    return result.ask.kind, [op.kind for op in history], [op.kind for op in shown]


@pytest.mark.parametrize(
    ("scenario_id", "step", "kind", "shown"),
    [
        # before a pot question: the antes go, the folds stay (who is still in matters)
        (
            "ante-first-hand",
            5,
            "pot",
            ["deal", "bring in", "call", "fold", "fold", "call", "round", "deal"],
        ),
        # a scenario that starts on a later street says the pot in its first line
        (
            "irr-string-raise-roberts",
            4,
            "pot",
            ["bet", "call", "call", "round", "deal"],
        ),
        # the chips returned uncalled and the award say the amount too
        ("uncalled-bet-goes-back", 1, "pot", ["bet", "call", "round"]),
    ],
)
def test_before_a_pot_question_no_line_states_the_pot(
    scenario_id: str, step: int, kind: str, shown: list[str]
) -> None:
    asked, _, visible = _kinds_before(scenario_id, step)
    assert asked == kind
    assert visible == shown


def test_a_showdown_question_hides_only_the_award() -> None:
    asked, history, visible = _kinds_before("uncalled-bet-goes-back", 1)
    assert (asked, history) == (
        "pot",
        ["start", "bet", "call", "round", "uncalled", "award"],
    )
    (scenario,) = _scenario("uncalled-bet-goes-back")
    operations = walk(scenario)[1].hand.history
    assert [op.kind for op in visible_history(operations, "high-winner")] == [
        "start",
        "bet",
        "call",
        "round",
        "uncalled",
    ]
    assert visible_history(operations, None) == operations
