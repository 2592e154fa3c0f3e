"""Building a hand by clicking: the card grid, the engine's legal actions, questions, YAML."""

from __future__ import annotations

from pathlib import Path

import pytest
from appkit import point_app_at, shown
from streamlit.testing.v1 import AppTest

from tutor.engine.errors import TutorError
from tutor.scenarios import handbuilder as hb
from tutor.scenarios.bank import check_text
from tutor.scenarios.templates import template

APP = Path(__file__).resolve().parent.parent / "tutor" / "ui" / "streamlit_app.py"
DATA = Path(__file__).resolve().parent / "data" / "ui"
DEALS = [["Ah", "4d", "2h"], ["Kd", "Qs", "5c"], ["9s", "9d", "Qh"]]


def test_action_words() -> None:
    assert hb.action_text("Ana", "bring in 1") == "Ana brings in"
    assert hb.action_text("Bo", "call 1") == "Bo calls 1"
    assert hb.action_text("Cy", "fold") == "Cy folds"
    assert hb.action_text("Cy", "check") == "Cy checks"
    with pytest.raises(ValueError, match="not an action: 'dance'"):
        hb.action_text("Cy", "dance")


def test_dealing_refuses_a_card_twice_and_an_eighth_card() -> None:
    doc = hb.new_document(
        scenario_id="x",
        title="<b>x</b>",
        topic="ante",
        game="stud",
        rules="tda",
        small_bet="2",
        big_bet="4",
        ante="0.5",
        seats=2,
    )
    hb.deal(doc, 0, "Ah")
    with pytest.raises(TutorError, match="ah is dealt already"):
        hb.deal(doc, 1, "ah")
    for card in ("2c", "3c", "4c", "5c", "6c", "7c"):
        hb.deal(doc, 0, card)
    with pytest.raises(TutorError, match="Ana has seven cards already."):
        hb.deal(doc, 0, "8c")
    hb.undeal(doc, 0)
    assert doc["seats"][0]["cards"] == "Ah 2c 3c 4c 5c 6c"
    assert hb.used_cards(doc) == {"AH", "2C", "3C", "4C", "5C", "6C"}
    assert "title: <b>x</b>\n" in hb.dump(doc)


def test_continuing_a_draft_keeps_its_comments() -> None:
    assert hb.dump(hb.load_document(template("ante"))) == template("ante")
    doc = hb.load_document(template("ante"))
    scenario, problems = hb.scenario_of(doc)
    assert problems == [] and scenario is not None
    hand = hb.hand_now(scenario)
    assert hand.to_act is None  # the template plays the whole hand
    hb.add_ask(doc, "pot", None, "How much is in the pot now?", {"pot": 7.5})
    text = hb.dump(doc)
    assert (
        "# A new scenario: change what you need, then check, preview and save it."
        in text
    )
    assert "level: 1                  # 1 (first lesson) .. 5 (expert rulings)" in text
    assert text.endswith(
        "  - ask: pot\n    prompt: How much is in the pot now?\n    expect: {pot: 7.5}\n"
    )
    built, problems = check_text(text, "built.yaml")
    assert problems == [] and built is not None


def test_a_draft_that_is_not_a_hand_is_refused() -> None:
    with pytest.raises(TutorError, match="the draft needs seats:"):
        hb.load_document("id: x\n")
    with pytest.raises(TutorError, match="not YAML the builder can read"):
        hb.load_document("a: [\n")


def test_build_by_clicking_and_save(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    point_app_at(monkeypatch, tmp_path / "data", DATA)
    monkeypatch.setenv("TUTOR_OPEN_INSTRUCTOR", "1")
    at = AppTest.from_file(str(APP), default_timeout=20).run()
    at.switch_page("app_pages/studio.py").run()
    at.radio(key="studio_section").set_value("Build by clicking").run()
    # names and stacks of the players' own choosing
    at.text_input(key="bd_name_0").set_value("Marta").run()
    at.number_input(key="bd_stack_0").set_value(60.0).run()
    at.text_input(key="bd_name_2").set_value("Gianni").run()
    at.button(key="bd_new").click().run()
    assert shown(at.success) == ["A new hand: deal each player's cards from the grid."]
    # before the deal: no table of face-down cards, nobody to act
    assert not [h for h in at.get("html") if 'class="stt-wrap"' in h.proto.body]
    assert shown(at.info) == [
        "Deal three cards to each player (two down, then the door card up) to start "
        "the hand."
    ]
    assert not [m for m in shown(at.markdown) if "to act" in m]
    assert at.radio(key="bd_to").options == ["Marta", "Bo", "Gianni"]
    deals = [["Ah", "4d", "2h"], ["??", "??", "5c"], ["??", "??", "Qh"]]
    for name, cards in zip(("Marta", "Bo", "Gianni"), deals, strict=True):
        at.radio(key="bd_to").set_value(name).run()
        for card in cards:
            key = "bd_card_hidden" if card == "??" else f"bd_card_{card}"
            at.button(key=key).click().run()
    assert not at.exception
    assert "Bo: ?? (hidden) ?? (hidden) 5♣" in shown(at.caption)[0]
    assert at.button(key="bd_card_Ah").disabled
    assert not at.button(key="bd_card_As").disabled
    acts = [b.label for b in at.button if (b.key or "").startswith("bd_act_")]
    assert acts == ["Marta brings in", "Marta completes 2"]
    assert "**Marta to act** on third street. The engine allows:" in shown(at.markdown)
    at.button(key="bd_act_bring in 1").click().run()
    acts = [b.label for b in at.button if (b.key or "").startswith("bd_act_")]
    assert acts == ["Bo folds", "Bo calls 1", "Bo completes 2"]
    # questions are offered by what they ask
    options = at.selectbox(key="bd_ask_kind").options
    assert "What may the player to act do now?" in options
    assert "What is Marta's best high hand?" not in options  # needs seven cards
    at.selectbox(key="bd_ask_kind").set_value("legal-actions").run()
    assert [c for c in shown(at.caption) if c.startswith("The engine's")] == [
        "The engine's answer: fold, call 1, complete 2"
    ]
    at.button(key="bd_add_ask").click().run()
    at.button(key="bd_act_call 1").click().run()
    at.button(key="bd_act_call 1").click().run()
    # third street is over: the builder asks for fourth street's cards
    assert (
        "Fourth street: deal the next card to Marta, Bo, Gianni (pick each player "
        "above, then the card) to go on."
    ) in shown(at.info)
    assert [h for h in at.get("html") if 'class="stt-wrap"' in h.proto.body]
    yaml_text = [c.value for c in at.code][-1]
    assert yaml_text.endswith(
        "seats:\n"
        '  - {seat: 1, name: Marta, stack: 60, cards: "Ah 4d 2h"}\n'
        '  - {seat: 2, name: Bo, stack: 100, cards: "?? ?? 5c"}\n'
        '  - {seat: 3, name: Gianni, stack: 100, cards: "?? ?? Qh"}\n'
        "steps:\n"
        "  - act: [Marta brings in]                                      # third street\n"
        "  - ask: legal-actions\n"
        "    expect: {player: Bo, actions: [fold, call 1, complete 2]}\n"
        "  - act: [Bo calls 1, Gianni calls 1]                           # third street"
    )
    at.button(key="bd_to_editor").click().run()
    assert not at.exception
    assert shown(at.success) == [
        "Valid: built-hand. The engine answers its 1 question."
    ]
    at.button(key="studio_save").click().run()
    saved = tmp_path / "data" / "scenarios" / "built-hand.yaml"
    assert saved.read_text() == yaml_text + "\n"


def test_actions_are_written_one_step_per_street_with_its_name() -> None:
    doc = hb.new_document(
        scenario_id="x",
        title="x",
        topic="ante",
        game="stud8",
        rules="online",
        small_bet="2",
        big_bet="4",
        ante="0.5",
        seats=2,
        names=["Ana", " "],
        stacks=["25.5", None],
    )
    assert [(s["name"], s["stack"]) for s in doc["seats"]] == [
        ("Ana", 25.5),
        ("Bo", 100),
    ]
    hb.add_action(doc, "Ana brings in", "third")
    hb.add_action(doc, "Bo calls 1", "third")
    hb.add_action(doc, "Ana checks", "fourth")
    text = hb.dump(doc)
    assert text.endswith(
        "steps:\n"
        "  - act: [Ana brings in, Bo calls 1]                            # third street\n"
        "  - act: [Ana checks]                                           # fourth street\n"
    )
    # a draft read back keeps knowing which street its last list of actions is for
    again = hb.load_document(text)
    hb.add_action(again, "Bo checks", "fourth")
    assert hb.dump(again).endswith(
        "  - act: [Ana checks, Bo checks]                                # fourth street\n"
    )
    assert hb.is_dealt(doc) is False
    hb.deal(doc, 1, "??")
    hb.deal(doc, 1, "??")
    assert hb.dealt_counts(doc) == [0, 2]
