"""Every drill target's question in Italian (issue 25 item 2, issue 24): the prompt a target
puts is a catalogue entry filled with values written the language's way, or the ask kind's
own prompt; under ``?lang=it`` the question screen of every target shows no English of the
catalogue, the prompt included."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest
from appkit import point_app_at
from streamlit.testing.v1 import AppTest
from test_ui_italian_instructor import english_pieces, texts

import tutor.ui.drills as drills_ui
from tutor.asks import ASKS
from tutor.drills import TARGETS, play_to_target
from tutor.drills.generator import Question
from tutor.engine import Street
from tutor.i18n import N_, _, use_language
from tutor.quiz_ruling import OUTCOME_LABELS
from tutor.scenarios.fields import DEFAULT_PROMPTS

ROOT = Path(__file__).resolve().parent.parent
APP = ROOT / "tutor" / "ui" / "streamlit_app.py"
DATA = Path(__file__).resolve().parent / "data" / "ui"
#: The preset each target is drilled under here: the first of its own that rules on it.
PRESETS = {
    name: "roberts" if "roberts" in t.presets else t.presets[0]
    for name, t in TARGETS.items()
}


def own_prompt_pending(question: Question) -> bool:
    """Whether ``question`` says its ask kind's own prompt and that prompt has no Italian
    yet: the ask kinds' prompts are tutor/asks.py's, put through the catalogue there
    (issue 24 item 5); until then only the drill's own part of the prompt is checked."""
    if question.template is not None:
        return False
    english = DEFAULT_PROMPTS[question.kind]
    with use_language("it"):
        return _(english) == english


def pending_elsewhere() -> list[str]:
    """The English the drill's controls show from tutor/asks.py and tutor/quiz_ruling.py
    (answer slots' labels, the ruling's outcomes) that has no Italian yet: those modules
    put their texts through the catalogue (issue 24 item 5); the controls say each through
    ``_``, so the list empties as they do. Longest first (one may hold another)."""
    texts = [
        *OUTCOME_LABELS.values(),
        *(t for e in ASKS.values() for s in e.answer for t in (s.label, s.none) if t),
    ]
    with use_language("it"):
        return sorted({t for t in texts if _(t) == t}, key=len, reverse=True)


def english_in(text: str) -> list[str]:
    words, pieces = english_pieces()
    found = [text] if text.strip() in words else []
    return found + [p for p in pieces if p in text]


def test_a_prompt_is_said_in_each_language_with_its_values_written_there() -> None:
    question = Question(
        "ruling",
        N_(
            "Facing a bet of {owed}, {name} silently puts in {owed}, goes back to the "
            "stack and adds {owed} more. What is the ruling?"
        ),
        params=(("owed", Decimal("0.5")), ("name", "Bo")),
    )
    assert question.prompt == (
        "Facing a bet of 0.5, Bo silently puts in 0.5, goes back to the stack and adds "
        "0.5 more. What is the ruling?"
    )
    assert question.text("it") == (
        "Davanti a un bet di 0,5, Bo mette 0,5 senza dire nulla, torna al proprio stack "
        "e aggiunge altri 0,5. Qual è la decisione?"
    )
    street = Question(
        "first-to-act",
        N_("{street} street is dealt. Who acts first?"),
        params=(("street", Street.FIFTH),),
    )
    assert street.prompt == "Fifth street is dealt. Who acts first?"
    assert (
        street.text("it")
        == "È stata distribuita la quinta strada. Chi agisce per primo?"
    )


def test_a_question_without_its_own_prompt_is_the_ask_kinds_and_writes_none() -> None:
    own = Question("best-high", player="Ana")
    assert own.prompt == DEFAULT_PROMPTS["best-high"].format(player="Ana")
    assert not own.given
    led = Question("side-pots", lead=N_("All the chips are in."))
    assert led.prompt == "All the chips are in. " + DEFAULT_PROMPTS["side-pots"]
    assert led.given
    moment = play_to_target("raises-left", 1)
    assert moment.question.template is None and moment.question.lead is None


@pytest.mark.parametrize("name", list(TARGETS))
def test_every_targets_prompt_has_italian(name: str) -> None:
    target = TARGETS[name]
    for seed in range(3):
        question = play_to_target(
            name, seed, preset=PRESETS[name], game=target.games[0]
        ).question
        with use_language("en"):
            assert question.text() == question.prompt
        italian = question.text("it")
        if own_prompt_pending(question):
            own = DEFAULT_PROMPTS[question.kind].format(player=question.player)
            assert italian.endswith(own)
            if question.lead is None:
                pytest.xfail(f"the {question.kind} ask's own prompt has no Italian yet")
            italian = italian.removesuffix(own)
        assert italian != question.prompt, (name, seed, italian)
        assert english_in(italian) == [], (name, seed, italian)


def test_every_targets_question_screen_speaks_italian(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    point_app_at(monkeypatch, tmp_path / "data", DATA)
    monkeypatch.setattr(drills_ui, "clock", lambda: 1000.0)
    at = AppTest.from_file(str(APP), default_timeout=60)
    at.query_params["lang"] = "it"
    at.run()
    at.switch_page("app_pages/drills.py").run()
    left: dict[str, list[str]] = {}
    shown: dict[str, str] = {}
    with use_language("it"):  # AppTest formats the radios' and selects' options here
        for name, target in TARGETS.items():
            at.selectbox(key="preset_setting").set_value(PRESETS[name]).run()
            at.selectbox(key="game_filter").set_value(target.games[0])
            at.multiselect(key="drill_targets_pick").set_value([name])
            at.radio(key="drill_length_pick").set_value("5")
            at.number_input(key="drill_seed_pick").set_value(3)
            at.button(key="drill_start").click().run()
            assert not at.exception, name
            screen = texts(at)
            [prompt] = [t for t in screen if t.startswith("**Domanda:** ")]
            shown[name] = prompt
            drill, _result = at.session_state["drill_cache"][0]
            if own_prompt_pending(drill.question):  # checked by the test above
                own = DEFAULT_PROMPTS[drill.question.kind].format(
                    player=drill.question.player
                )
                screen = [t.replace(own, "") for t in screen]
            for english in pending_elsewhere():
                screen = [t.replace(english, "") for t in screen]
            found = [f for t in screen for f in english_in(t)]
            if found:
                left[name] = found
            at.button(key="drill_end").click().run()
            at.button(key="drill_new").click().run()
            assert not at.exception, name
    assert left == {}
    assert len(shown) == len(TARGETS)
    assert shown["irr-exposed-hole"].startswith(
        "**Domanda:** Durante la distribuzione il dealer gira scoperta la carta "
    )
