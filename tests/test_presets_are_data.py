"""A preset is data: a fifth card room, defined here, plays through the engine, the
validator, the irregularity rulings and the progress store; and no engine module names a
preset (what differs by room is a field of its ``Preset`` value)."""

from __future__ import annotations

import ast
import dataclasses
from collections.abc import Iterator
from pathlib import Path

import pytest
from helpers.store import record

from tutor.engine.presets import (
    PRESET_VALUES,
    PRESETS,
    Preset,
    Rulebook,
    register_preset,
    unregister_preset,
)
from tutor.engine.rules import house_rules
from tutor.progress import ProgressStore
from tutor.scenarios import check_text, walk

ROOT = Path(__file__).resolve().parents[1]
ENGINE = ROOT / "tutor" / "engine"
BANK = ROOT / "scenarios"

# A club that plays Robert's Rules, caps at five raises, and keeps its own rulebook: it
# cites its own rule for an out-of-turn action and states none of the rulings (so every
# irregularity ruling is the floor's judgement, J).
CLUB = dataclasses.replace(
    PRESET_VALUES["roberts"],
    name="club",
    description="a club's own rules",
    max_raises=5,
    rulebook=Rulebook(references={"irr.out-of-turn": "Club rules, 12"}),
)


@pytest.fixture
def club() -> Iterator[Preset]:
    preset = register_preset(CLUB)
    try:
        yield preset
    finally:
        unregister_preset("club")
    assert "club" not in PRESETS


def test_a_fifth_preset_is_one_more_value(club: Preset) -> None:
    assert list(PRESETS) == ["online", "roberts", "wsop-cash", "tda", "club"]
    rules = house_rules("club", "stud8", {"burn_cards": False})
    assert (rules.max_raises, rules.open_pair_option, rules.burn_cards) == (
        5,
        False,
        False,
    )
    assert rules.label == "club + house(burn_cards)"
    assert rules.oot_binding == "bet-call-or-raise-between"


def test_the_fifth_preset_rules_on_an_irregularity_from_its_own_rulebook(
    club: Preset,
) -> None:
    text = (BANK / "irregularities" / "irr-out-of-turn-call-roberts.yaml").read_text()
    mine = text.replace("rules: roberts", "rules: club")
    scenario, problems = check_text(mine, "club.yaml")
    assert problems == [] and scenario is not None
    ruling = walk(scenario)[-1].ruling
    assert ruling is not None
    answer = ruling.answer
    assert (answer["outcome"], answer["next_player"], answer["next_actions"]) == (
        "not-binding",
        "Dee",
        ["fold", "call 20"],
    )
    # Robert's own copy states it in an older edition (S2); the club's rulebook is silent.
    assert (answer["reference"], answer["basis"]) == ("Club rules, 12", "J")
    roberts, _ = check_text(text, "roberts.yaml")
    assert roberts is not None
    theirs = walk(roberts)[-1].ruling
    assert theirs is not None
    assert (theirs.answer["reference"], theirs.answer["basis"]) == (
        "Robert's Rules, Betting and Raising 10",
        "S2",
    )


def test_the_store_keeps_answers_under_the_fifth_preset(
    club: Preset, tmp_path: Path
) -> None:
    with ProgressStore(f"sqlite:///{tmp_path / 'p.sqlite3'}") as store:
        ana = store.create_learner("Ana")
        record(store, ana, kind="ruling", game="stud", preset="club")
        assert [a.preset for a in store.answers(ana)] == ["club"]


def _preset_names(text: str) -> list[tuple[int, str]]:
    """String constants naming a shipped preset, with their line; docstrings left out."""
    tree = ast.parse(text)
    docs = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef))
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    return [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and node.value in {"online", "roberts", "wsop-cash", "tda"}
        and id(node) not in docs
    ]


def test_no_engine_module_but_the_presets_names_a_preset() -> None:
    found = [
        f"{path.relative_to(ENGINE)}:{line}: {name}"
        for path in sorted(ENGINE.rglob("*.py"))
        if path.name != "presets.py"
        for line, name in _preset_names(path.read_text(encoding="utf-8"))
    ]
    assert found == []


def test_the_scan_finds_a_branch_on_a_preset_name() -> None:
    text = '"""Doc: tda."""\ndef f(rules):\n    return rules.preset == "tda"\n'
    assert _preset_names(text) == [(3, "tda")]


def test_the_live_lists_are_lists_to_the_apps_widgets() -> None:
    """Streamlit takes a widget's options as a list only if it is one of the list types it
    knows: the engine's lists of presets and games must be (they are UserLists)."""
    from streamlit.type_util import is_list_like

    from tutor.engine.rules import GAMES

    assert is_list_like(PRESETS) and is_list_like(GAMES)
    assert PRESETS == ("online", "roberts", "wsop-cash", "tda")
    assert list(PRESETS) == ["online", "roberts", "wsop-cash", "tda"]
    assert PRESETS[1:3] == ("roberts", "wsop-cash")
