"""Property tests: whatever text or bytes the loader gets, it answers with ScenarioErrors only."""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tutor.engine.errors import ScenarioError
from tutor.scenarios import check_text

DATA = Path(__file__).parent / "data" / "scenarios"
FIXTURES = [p.read_text() for p in sorted(DATA.glob("*.yaml"))]

WORDS = [
    "id",
    "title",
    "topic",
    "level",
    "game",
    "rules",
    "house",
    "stakes",
    "small_bet",
    "big_bet",
    "ante",
    "bring_in",
    "chip",
    "rake",
    "percent",
    "cap",
    "button",
    "seats",
    "seat",
    "name",
    "stack",
    "cards",
    "committed",
    "folded",
    "community",
    "start",
    "street",
    "steps",
    "act",
    "ask",
    "prompt",
    "player",
    "expect",
    "hint",
    "explain",
    "payouts",
    "stud8",
    "stud",
    "online",
    "tda",
    "fourth",
    "seventh",
    "showdown",
    "pot",
    "award",
    "best-high",
    "best-low",
    "Ana",
    "Bo",
    "Cy",
    "calls",
    "raises",
    "bets",
    "folds",
    "checks",
    "brings in",
    "completes",
    "Ah",
    "10d",
    "??",
    "2c",
    "No",
    "yes",
    "null",
    "~",
    ".inf",
    ".nan",
    "-1",
    "0.255",
    "1e3",
    "0x1f",
    "12:30",
    "2026-01-01",
    "&a",
    "*a",
    "!!python/object",
    "!!str",
    "!x",
    "<<",
    "---",
    "...",
    "|",
    ">",
    "- ",
    ": ",
    "? ",
    "{",
    "}",
    "[",
    "]",
    ",",
    "#",
    "'",
    '"',
    "\n",
    "  ",
    "\t",
    "%YAML 1.1",
    "\x00",
    "\ufeff",
    "\u2028",
    "é",
]

SETTINGS = settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


def assert_only_scenario_errors(data: str | bytes) -> None:
    scenario, problems = check_text(data, "fuzz.yaml")
    assert all(type(p) is ScenarioError for p in problems), problems
    assert all(p.line >= 1 and p.column >= 1 for p in problems)
    assert not any("internal error" in p.message for p in problems), problems
    assert (scenario is None) == bool(problems)


@SETTINGS
@given(st.lists(st.sampled_from(WORDS), max_size=60).map("".join))
def test_yamlish_text(text: str) -> None:
    assert_only_scenario_errors(text)


@SETTINGS
@given(st.binary(max_size=400))
def test_random_bytes(data: bytes) -> None:
    assert_only_scenario_errors(data)


@SETTINGS
@given(st.text(max_size=300))
def test_random_text(text: str) -> None:
    assert_only_scenario_errors(text)


@SETTINGS
@given(
    st.sampled_from(FIXTURES),
    st.lists(
        st.tuples(
            st.floats(0, 1),
            st.integers(0, 12),
            st.lists(st.sampled_from(WORDS), max_size=3).map("".join),
        ),
        max_size=4,
    ),
)
def test_mutated_valid_scenarios(
    text: str, edits: list[tuple[float, int, str]]
) -> None:
    for where, length, insert in edits:
        at = int(where * len(text))
        text = text[:at] + insert + text[at + length :]
    assert_only_scenario_errors(text)
