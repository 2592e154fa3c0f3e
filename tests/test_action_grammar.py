"""One action grammar: the engine, the validator, the JSON Schema and the quiz agree on it."""

from __future__ import annotations

import json
import random
import re
from decimal import Decimal
from pathlib import Path

import pytest
from helpers.scenarios import problems as checked

from tutor.engine.actions import (
    ACTION_FORMS,
    ACTION_PATTERN,
    EXAMPLES,
    REFUSED,
    parse_action,
    read_action,
)
from tutor.engine.errors import ActionSyntaxError
from tutor.engine.values import Action, ActionKind
from tutor.quiz import normalize_action, sort_actions
from tutor.scenarios.schema import json_schema

ROOT = Path(__file__).resolve().parents[1]
PATTERN = re.compile(ACTION_PATTERN)

BASE = """\
id: grammar
title: Grammar
topic: bring-in
level: 2
stakes: {small_bet: 2, big_bet: 4, ante: 0.25}
seats:
  - {seat: 1, name: Ana, cards: "Ah Kd 2h"}
  - {seat: 3, name: Bo, cards: "?? ?? 2c"}
steps:
  - ask: bring-in
"""


def problems(text: str, replay: bool = True) -> list[str]:
    return checked(text, "s.yaml", replay=replay)


@pytest.mark.parametrize("text,action", EXAMPLES)
def test_every_example_reads_and_matches_the_schema_pattern(
    text: str, action: Action
) -> None:
    assert read_action(text) == action
    assert parse_action(text, ["Ana", "Bo", "Cy", "Ana Maria"]) == action
    assert PATTERN.match(text) is not None


@pytest.mark.parametrize("text", REFUSED)
def test_every_refused_form_is_refused_and_fails_the_schema_pattern(text: str) -> None:
    with pytest.raises(ActionSyntaxError):
        read_action(text)
    assert PATTERN.match(text) is None


def test_reader_and_pattern_agree_on_random_texts() -> None:
    """Seeded texts built of the grammar's words and near misses: accepted by both or neither."""
    words = [
        "Ana", "Bo", "Calls", "calls", "call", "folds", "Check", "raises", "raise", "bets",
        "completes", "brings", "bring", "in", "In", "to", "TO", "4", "0", "0.5", ".5", "5.",
        "$2", "+3", "-1", "1e3", "x", "now", "00", "0.00",
    ]  # fmt: skip
    rng = random.Random(9)
    accepted = 0
    for _ in range(4000):
        text = " ".join(rng.choice(words) for _ in range(rng.randint(1, 5)))
        text += rng.choice(["", "", ".", "..", " ."])
        try:
            read_action(text)
            reads = True
        except ActionSyntaxError:
            reads = False
        assert reads == (PATTERN.match(text) is not None), text
        accepted += reads
    assert 300 < accepted < 3700  # both sides of the line are exercised


def test_the_schema_and_its_shipped_file_use_the_grammar_pattern() -> None:
    def patterns(node: object) -> list[str]:
        if isinstance(node, dict):
            found = [node["pattern"]] if "pattern" in node else []
            return found + [p for v in node.values() for p in patterns(v)]
        if isinstance(node, list):
            return [p for v in node for p in patterns(v)]
        return []

    shipped = json.loads((ROOT / "scenarios" / "schema.json").read_text())
    for schema in (json_schema(), shipped):
        found = [p for p in patterns(schema) if "[Ff][Oo][Ll][Dd]" in p]
        assert found and set(found) == {ACTION_PATTERN}


def test_forms_the_readme_documents_validate_and_replay() -> None:
    text = BASE + (
        "  - act: Bo brings in 1\n"
        "  - act: Ana completes to 2\n"
        "  - act: Bo raises to 4\n"
        "  - ask: pot\n"
        "    expect: {pot: 6.5}\n"
    )
    assert problems(text) == []


@pytest.mark.parametrize(
    "action,column",
    [
        ("Bo rasies 4", 10),
        ("Bo checks 4", 10),
        ("Bo folds now", 10),
        ("Bo raises to", 10),
        ("Bo raises 4x", 10),
        ("Bo bets 0", 10),
        ("Bo bets -2", 10),
        ("Bo", 10),
    ],
)
def test_a_bad_action_gets_the_engines_message_at_its_place(
    action: str, column: int
) -> None:
    with pytest.raises(ActionSyntaxError) as err:
        parse_action(action, ["Ana", "Bo"])
    engine = str(err.value)
    assert problems(BASE + f"  - act: {action}\n", replay=False) == [
        f"s.yaml:11:{column}: steps[1].act: {engine}"
    ]
    listed = BASE + f"  - act: [Bo brings in, {action}]\n"
    assert problems(listed, replay=False) == [
        f"s.yaml:11:25: steps[1].act[1]: {engine}"
    ]


def test_the_engines_messages_for_bad_actions() -> None:
    forms = ", ".join(ACTION_FORMS)
    said = {}
    for text in ("Bo rasies 4", "Bo raises to", "Bo bets -2", "x" * 90 + " folds now"):
        with pytest.raises(ActionSyntaxError) as err:
            read_action(text)
        said[text] = str(err.value)
    assert said == {
        "Bo rasies 4": f"'Bo rasies 4' is not an action: write one of {forms} (N is a "
        "call's added chips, or the player's total for the round after a bet, raise or "
        "completion).",
        "Bo raises to": "'Bo raises to': 'to' is not an amount; write a number such as 4 "
        "or 0.5.",
        "Bo bets -2": "'Bo bets -2': the amount must be more than 0.",
        "x" * 90 + " folds now": f"{'x' * 80!r}... (100 characters) has extra words: "
        f"write one of {forms}.",
    }


def test_a_name_holding_a_verb_word_is_read_as_the_name() -> None:
    assert read_action("Bo Calls calls 2") == Action(
        "Bo Calls", ActionKind.CALL, Decimal(2)
    )
    assert parse_action("Bo Bets 4", ["Bo", "Bo Bets"]) == Action(
        "Bo", ActionKind.BET, Decimal(4)
    )


def test_the_quiz_writes_actions_with_the_grammar() -> None:
    assert normalize_action("Raises to 4.00") == "raise 4"
    assert normalize_action("brings in $0.50") == "bring in 0.5"
    assert normalize_action("Dance 2.50") == "dance 2.5"
    assert sort_actions(
        ["raise 8", "call 2", "bring in 1", "fold", "raise 4.0", "xx"]
    ) == [
        "fold",
        "call 2",
        "bring in 1",
        "raise 4",
        "raise 8",
        "xx",
    ]


def test_the_format_document_lists_the_grammars_examples() -> None:
    doc = (ROOT / "docs" / "scenario-format.md").read_text()
    for text, _ in EXAMPLES:
        assert f"`{text}`" in doc, text
    for form in ACTION_FORMS:
        assert f"`{form}`" in doc, form
