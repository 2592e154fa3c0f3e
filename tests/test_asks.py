"""The ask registry (tutor.asks): one entry per engine kind, a control for each, and a new
kind added as one entry (a throwaway kind, registered here only) that the engine answers,
the validator accepts and the replay checks."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from tutor import asks
from tutor.asks import ASKS, AskKind, Slot, ask_kind, check_answer, describe, incomplete
from tutor.engine.messages import msg
from tutor.engine.rulings import (
    ASK_KINDS,
    KINDS,
    NEEDS_PLAYER,
    RulingKind,
    ruling_function,
)
from tutor.scenarios import fields
from tutor.scenarios.bank import check_text, load_bank
from tutor.scenarios.replay import UNORDERED_KEYS, StepResult, agrees, walk
from tutor.specs import Field, Flag
from tutor.ui.ask_controls import CONTROLS, control_for

DATA = Path(__file__).resolve().parent / "data"


def test_every_engine_kind_has_exactly_one_entry_in_the_engines_order() -> None:
    assert tuple(ASKS) == ASK_KINDS
    assert all(name == entry.name for name, entry in ASKS.items())
    assert [k for k, e in ASKS.items() if e.needs_player] == list(NEEDS_PLAYER)
    assert all(ASKS[k].ruling is ruling_function(k) is KINDS[k] for k in ASK_KINDS)


def test_an_entry_finds_the_engines_function_answer_keys_and_wording() -> None:
    from tutor.wording.en import CATALOGUE

    for name, entry in ASKS.items():
        engine = entry.ruling
        assert callable(engine.function), name
        # What the author may expect is what the engine answers.
        keys = set(engine.answer) | set(engine.extra)
        assert {f.name for f in entry.expect} <= keys, name
        assert set(engine.said) <= set(CATALOGUE), name
    assert ASKS["pot"].ruling.said == (
        "ruling.pot.total",
        "ruling.pot.part",
        "ruling.pot.returned",
    )


def test_every_entry_names_a_control_that_the_panel_and_the_drills_draw() -> None:
    named = {entry.control for entry in ASKS.values()}
    assert named == set(CONTROLS)
    assert all(control_for(kind) is CONTROLS[ASKS[kind].control] for kind in ASKS)
    assert all(callable(c.panel) and callable(c.drill) for c in CONTROLS.values())
    assert control_for("chop") is None


def test_every_entry_is_complete() -> None:
    for entry in ASKS.values():
        assert entry.prompt and entry.answer and entry.expect, entry.name
        expect_keys = {f.name for f in entry.expect}
        assert entry.unordered <= expect_keys, entry.name
        assert len({s.key for s in entry.answer}) == len(entry.answer), entry.name
    no_low = ASKS["best-low"].slot("no_low")
    assert no_low is not None
    assert (no_low.key, no_low.type, no_low.label) == (
        "no_low",
        "flag",
        "No low: these cards make no qualifying low",
    )
    assert ASKS["pot"].slot("cards") is None


def test_the_format_and_the_replay_read_the_registry() -> None:
    assert fields.DEFAULT_PROMPTS == {k: e.prompt for k, e in ASKS.items()}
    assert fields.PLAYER_ASKS == ("best-high", "best-low", "low-qualifies")
    assert fields.EXPECT["pot"].names == ("pot",)
    assert fields.EXPECT["bring-in"].names == ("player", "seat", "card", "amount")
    assert fields.EXPECT["ante"].what == "ante answer"
    assert UNORDERED_KEYS == {"cards", "players", "actions", "sizes"}
    # a kind's own unordered keys: a ruling's next actions keep their order
    assert ASKS["ruling"].unordered == {"cards"}
    assert agrees({"actions": ["b", "a"]}, {"actions": ["a", "b"]}, {"actions"})
    assert not agrees({"actions": ["b", "a"]}, {"actions": ["a", "b"]}, {"cards"})


def test_what_the_table_hides_before_the_answer() -> None:
    hides = {k: sorted(e.hides) for k, e in ASKS.items() if e.hides}
    assert hides == {
        "ante": ["pot"],
        "award": ["award"],
        "best-high": ["award"],
        "best-low": ["award"],
        "bring-in": ["to-act"],
        "first-to-act": ["to-act"],
        "high-winner": ["award"],
        "low-qualifies": ["award"],
        "low-winner": ["award"],
        "next-to-act": ["to-act"],
        "pot": ["pot"],
        "side-pots": ["award", "pot"],
        "showdown-order": ["to-act"],
    }
    assert asks.hidden_until_answered("chop") == frozenset()


def test_an_unknown_kind_is_named_with_the_kinds_there_are() -> None:
    with pytest.raises(
        ValueError, match=r"^unknown ask kind 'chop': use one of ante, "
    ):
        ask_kind("chop")
    assert describe("chop", {"a": 1}) == "a: 1"
    assert incomplete("chop", {}) is None


def test_a_kind_is_registered_only_once() -> None:
    with pytest.raises(
        ValueError, match=r"^the ask kind 'pot' is registered already\.$"
    ):
        asks.register(ASKS["pot"])


# --------------------------------------------------------------------------- a new kind


def _hand_over(hand: Any, _: str | None) -> tuple[dict[str, Any], Any, tuple[str, ...]]:
    over = hand.is_over
    return (
        {"over": over},
        (msg("ruling.pot.part", None, player="x", amount=1),),
        ("round.end",),
    )


HAND_OVER = AskKind(
    ruling=RulingKind(name="hand-over", function=_hand_over, answer=("over",)),
    prompt="Is the hand over?",
    expect=(Field("over", Flag()),),
    answer=(Slot("over", "flag", "Over?"),),
    describe=lambda a: "the hand is over" if a.get("over") else "the hand goes on",
    incomplete=lambda g: "Choose yes or no." if g.get("over") is None else None,
    correct=lambda g, e: bool(g.get("over")) == bool(e.get("over")),
    control="yes-no",
)


@pytest.fixture
def hand_over() -> Iterator[AskKind]:
    entry = asks.register(HAND_OVER)
    try:
        yield entry
    finally:
        asks.unregister(entry.name)
    assert "hand-over" not in ASKS and "hand-over" not in KINDS
    assert "hand-over" not in ASK_KINDS and "hand-over" not in fields.EXPECT


def test_a_new_kind_is_answered_by_the_engine_and_checked_by_the_validator(
    hand_over: AskKind,
) -> None:
    text = (DATA / "scenarios" / "spec-example.yaml").read_text(encoding="utf-8")
    steps = text.index("steps:")
    mine = text[: steps + len("steps:\n")] + (
        "  - ask: hand-over\n    expect: {over: false}\n"
        "  - ask: hand-over\n    expect: {over: true}\n"
    )
    scenario, problems = check_text(mine, "new-kind.yaml")
    assert scenario is None
    assert [p.message.split(": the engine answers")[0] for p in problems] == [
        "steps[1].expect"
    ]
    assert fields.DEFAULT_PROMPTS["hand-over"] == "Is the hand over?"
    assert "hand-over" in ASK_KINDS
    assert fields.EXPECT["hand-over"].names == ("over",)


def test_a_kind_must_hold_the_engines_entry_of_its_name() -> None:
    copy = dataclasses.replace(
        ASKS["pot"], ruling=dataclasses.replace(KINDS["pot"], said=())
    )
    with pytest.raises(ValueError, match="holds a ruling that is not the engine's"):
        asks.register(dataclasses.replace(copy))


def test_a_new_kind_is_one_entry_the_quiz_checks(hand_over: AskKind) -> None:
    assert list(ASKS)[-1] == "hand-over"
    ruling = SimpleNamespace(
        kind="hand-over",
        answer={"over": False},
        explanation="",
        rules=(),
        preset="online",
    )
    assert incomplete("hand-over", {"over": None}) == "Choose yes or no."
    assert check_answer("hand-over", {"over": False}, ruling).message == (
        "Right: the hand goes on."
    )
    assert check_answer("hand-over", {"over": True}, ruling).message == (
        "Not right: you answered the hand is over; the answer is the hand goes on."
    )


def _ask_of(kind: str) -> StepResult:
    """A replayed ask of the test bank, turned into an ask of ``kind`` ruled by its entry."""
    bank = load_bank([str(DATA / "scenarios" / "spec-example.yaml")])
    result = next(r for r in walk(bank.scenarios[0]) if r.ruling is not None)
    assert result.ask is not None and result.ruling is not None
    answer, why, rules = ASKS[kind].ruling(result.hand, None)
    ruling = SimpleNamespace(
        kind=kind, answer=answer, explanation=why, rules=rules, preset="online"
    )
    ask = dataclasses.replace(result.ask, kind=kind, prompt=ASKS[kind].prompt)
    return dataclasses.replace(result, ask=ask, ruling=ruling)


def _panel() -> None:
    import streamlit as st

    from tutor.ui.ask_controls import answer_control

    result = st.session_state["result"]
    given = answer_control("hand-over", "t", result, result.hand.view())
    st.session_state["given"] = given


def test_a_new_kind_finds_its_control_in_the_panel(hand_over: AskKind) -> None:
    result = _ask_of("hand-over")
    assert control_for("hand-over") is CONTROLS["yes-no"]
    at = AppTest.from_function(_panel, default_timeout=30)
    at.session_state["result"] = result
    at.run()
    assert not at.exception and not at.warning
    radio = at.radio(key="t_yesno")
    assert (radio.label, list(radio.options)) == ("Over?", ["Yes", "No"])
    assert at.session_state["given"] == {"over": None}
    radio.set_value("No").run()
    given = at.session_state["given"]
    assert given == {"over": False}
    assert result.ruling is not None
    assert check_answer("hand-over", given, result.ruling).correct


def test_without_an_entry_the_panel_says_so() -> None:
    result = _ask_of("pot")
    at = AppTest.from_function(_panel, default_timeout=30)
    at.session_state["result"] = result
    at.run()
    assert [w.value for w in at.warning] == [
        r"This app has no control for the ask kind hand\-over yet."  # Markdown-escaped
    ]


def test_no_low_is_offered_only_where_a_low_must_qualify() -> None:
    from tutor.engine.rules import VARIANTS, Game

    entry = ASKS["best-low"]
    assert [s.key for s in entry.slots("flag", variant=VARIANTS[Game.STUD8])] == [
        "no_low"
    ]
    assert (
        entry.slots("flag", variant=VARIANTS[Game.RAZZ]) == []
    )  # every razz hand makes a low
    assert [s.key for s in entry.slots("cards", "flag")] == ["cards", "no_low"]
    assert entry.first_slot("cards").label == "Five cards"
