"""The rules reference: docs/rules.md is generated from the engine and the bank, and the Rules
page shows the same texts, opened at the rule a citation links to."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from appkit import point_app_at
from streamlit.testing.v1 import AppTest

from tutor.engine.rules import PRESETS, RULE_IDS
from tutor.rules_reference import (
    RULE_FIELDS,
    RULE_TEXT,
    RULE_TITLE,
    bank_citations,
    bank_markdown,
    preset_rows,
    scenarios_by_rule,
)
from tutor.scenarios import load_bank
from tutor.ui.rules_page import link_rule_ids, rule_links

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "rules.md"
APP = ROOT / "tutor" / "ui" / "streamlit_app.py"
UI_DATA = Path(__file__).resolve().parent / "data" / "ui"
SHARED = Path("/work/shared/rules.md")


def test_every_rule_id_has_a_text_and_nothing_else_does() -> None:
    assert list(RULE_TEXT) == list(RULE_IDS)
    assert list(RULE_TITLE) == list(RULE_IDS)
    assert set(RULE_FIELDS) <= set(RULE_IDS)


def test_the_document_is_the_generated_reference() -> None:
    assert DOC.read_text(encoding="utf-8") == bank_markdown(str(ROOT / "scenarios")), (
        "docs/rules.md is out of date: run "
        "`python -m tutor.rules_reference > docs/rules.md`."
    )


def test_the_document_lists_every_rule_id_once_as_a_heading() -> None:
    headings = re.findall(
        r"^### `([^`]+)` — [^\n]+$", DOC.read_text(), flags=re.MULTILINE
    )
    assert sorted(headings) == sorted(RULE_IDS)
    assert len(headings) == len(RULE_IDS)


def test_the_scenario_lists_match_the_bank() -> None:
    bank = load_bank([str(ROOT / "scenarios")])
    text = DOC.read_text()
    listed = dict(
        re.findall(
            r"^### `([^`]+)` — [^\n]+$.*?^Scenarios: ([^\n]*)\.$",
            text,
            flags=re.MULTILINE | re.DOTALL,
        )
    )
    cited = dict(bank_citations(bank.scenarios))
    for rule in RULE_IDS:
        expected = sorted(s for s, rules in cited.items() if rule in rules)
        shown = re.findall(r"`([^`]+)`", listed[rule])
        assert shown == expected, rule
    # a few fixed points, so a replay that stopped citing would show
    assert "razz-bring-in-king" in re.findall(r"`([^`]+)`", listed["razz.bring-in"])
    assert listed["table.seats"] == "none yet"


def test_preset_values_come_from_the_presets() -> None:
    assert [(r.label, r.values) for r in preset_rows("limit.open-pair")] == [
        ("open_pair_option (stud)", ("yes", "yes", "yes", "no")),
        ("open_pair_option (stud8)", ("yes", "no", "no", "no")),
    ]
    assert [(r.label, r.values) for r in preset_rows("razz.act")] == [
        ("first_to_act_tie (razz)", ("position",) * 4)
    ]
    assert preset_rows("irr.burn")[0].values == (
        "restore-order",
        "restore-order",
        "restore-order",
        "stand",
    )
    assert preset_rows("deal.order") == ()
    text = DOC.read_text()
    assert (
        "| `max_raises` | 3 | 3 | 4 | 4 |" in text
        and "| field | " + " | ".join(f"`{p}`" for p in PRESETS) + " |" in text
    )


def test_scenarios_by_rule_keeps_every_id() -> None:
    found = scenarios_by_rule([("s2", ["act.third"]), ("s1", ["act.third"])])
    assert found["act.third"] == ("s1", "s2")
    assert found["river.down"] == ()
    assert set(found) == set(RULE_IDS)


@pytest.mark.skipif(not SHARED.exists(), reason="the shared rules document is not here")
def test_the_texts_are_our_own_words() -> None:
    """No sentence of more than eight words is copied from the shared rules document."""
    shared = re.sub(r"\s+", " ", SHARED.read_text()).lower()
    for rule, text in RULE_TEXT.items():
        for sentence in re.split(r"(?<=[.:;])\s+", text):
            words = sentence.lower().split()
            for i in range(len(words) - 8):
                assert " ".join(words[i : i + 9]) not in shared, (rule, sentence)


def test_citations_become_links_to_the_rules_page() -> None:
    assert rule_links(["act.third", "no.such"]) == (
        "[`act.third`](rules?rule=act.third), `no.such`"
    )
    assert rule_links([]) == "none"
    assert link_rule_ids("Cards go clockwise (`deal.order`); `stakes.chip` stays.") == (
        "Cards go clockwise ([`deal.order`](rules?rule=deal.order)); `stakes.chip` stays."
    )
    once = link_rule_ids("`deal.order`")
    assert link_rule_ids(once) == once


@pytest.fixture
def env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    point_app_at(monkeypatch, tmp_path / "data", UI_DATA)
    return tmp_path


def rules_app(rule: str | None) -> AppTest:
    at = AppTest.from_file(str(APP), default_timeout=15)
    at.run()
    if rule is not None:
        at.query_params["rule"] = rule
    at.switch_page("app_pages/rules.py").run()
    assert not at.exception
    assert at.error.len == 0
    return at


def test_the_rules_page_lists_every_rule_collapsed(env: Path) -> None:
    at = rules_app(None)
    assert [t.value for t in at.title] == ["Rules"]
    assert [h.value for h in at.header] == [
        "Table, deal and betting",
        "Razz",
        "Irregularities",
    ]
    assert [e.label for e in at.expander] == [
        f"`{r}` — {RULE_TITLE[r]}" for r in RULE_IDS
    ]
    assert at.expander[4].label == "`bring-in.who` — Who brings in"
    assert not any(e.proto.expanded for e in at.expander)
    markdown = [m.value for m in at.markdown]
    assert RULE_TEXT["act.third"] in markdown
    assert "| `max_raises` | 3 | 3 | 4 | 4 |" in "\n".join(markdown)
    captions = [c.value for c in at.caption]
    # the fixture bank: its scenarios that cite showdown.order
    assert "Scenarios: `ui-showdown`" in captions


def test_a_link_opens_the_page_at_its_rule(env: Path) -> None:
    at = rules_app("irr.fold-no-bet")
    title = "`irr.fold-no-bet` — Folding when a check was free"
    assert [s.value for s in at.subheader] == [title]
    expanded = [e.label for e in at.expander if e.proto.expanded]
    assert expanded == [title]
    assert link_rule_ids(RULE_TEXT["irr.fold-no-bet"]) in [m.value for m in at.markdown]


def test_an_unknown_rule_in_the_address_is_said_plainly(env: Path) -> None:
    at = rules_app("bring-in.lowest")
    assert [w.value for w in at.warning] == [
        "There is no rule 'bring-in.lowest': every rule is listed below by its id."
    ]
    assert not any(e.proto.expanded for e in at.expander)


@pytest.mark.parametrize(
    "name", ["tutor.rules_reference", "tutor.ui.rules_page"], ids=str
)
def test_the_examples_in_the_docstrings_hold(name: str) -> None:
    import doctest
    import importlib

    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0
    assert result.attempted >= 2


def test_a_lesson_links_the_rules_it_uses(env: Path) -> None:
    at = AppTest.from_file(str(APP), default_timeout=15).run()
    at.button(key="learn_open_ui-showdown").click().run()
    assert not at.exception
    # learners see the rules' titles (issue 20: no rule ids in lesson prose), each a link
    assert (
        "Rules in this lesson: [Who shows first](rules?rule=showdown.order), "
        "[The best high hand](rules?rule=hand.high), "
        "[The eight\\-or\\-better low](rules?rule=hand.low)"
        in [c.value for c in at.caption]
    )


def test_the_studio_links_the_rules_of_each_answer(
    env: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TUTOR_OPEN_INSTRUCTOR", "1")
    at = AppTest.from_file(str(APP), default_timeout=15).run()
    at.switch_page("app_pages/studio.py").run()
    at.toggle(key="studio_plain").set_value(True).run()
    text = (UI_DATA / "scenarios" / "ui-community.yaml").read_text()
    at.text_area(key="studio_plain_text").set_value(text).run()
    assert not at.exception
    assert "Rules: [`river.community`](rules?rule=river.community)" in [
        c.value for c in at.caption
    ]
