"""The rules reference: docs/rules.md (and its Italian, docs/rules.it.md) is generated from the
engine and the bank, and the Rules page shows the same texts in the session's language, opened
at the rule a citation links to."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from appkit import point_app_at
from streamlit.testing.v1 import AppTest

from tutor import catalogue_files
from tutor.engine.rules import PRESETS, RULE_IDS, VARIANTS
from tutor.i18n import set_language_resolver
from tutor.rules_reference import (
    POT,
    RULE_FIELDS,
    RULE_TEXT,
    RULE_TITLE,
    bank_citations,
    bank_markdown,
    catalogue_template,
    po_path,
    preset_rows,
    rule_text,
    rule_title,
    rules_gettext,
    scenarios_by_rule,
)
from tutor.scenarios import load_bank
from tutor.ui.rules_page import (
    link_rule_ids,
    preset_description,
    preset_legend,
    rule_links,
)
from tutor.ui.state import PRESET_DESCRIPTIONS

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "rules.md"
DOC_IT = ROOT / "docs" / "rules.it.md"
APP = ROOT / "tutor" / "ui" / "streamlit_app.py"
UI_DATA = Path(__file__).resolve().parent / "data" / "ui"
#: The shared rules document, as copied into the tests (its source is named at its top).
SHARED = Path(__file__).resolve().parent / "data" / "shared" / "rules.md"


def test_every_rule_id_has_a_text_and_nothing_else_does() -> None:
    assert list(RULE_TEXT) == list(RULE_IDS)
    assert list(RULE_TITLE) == list(RULE_IDS)
    assert set(RULE_FIELDS) <= set(RULE_IDS)


def test_the_document_is_the_generated_reference() -> None:
    assert DOC.read_text(encoding="utf-8") == bank_markdown(str(ROOT / "scenarios")), (
        "docs/rules.md is out of date: run "
        "`python -m tutor.rules_reference > docs/rules.md`."
    )


def test_the_italian_document_is_the_generated_reference() -> None:
    assert DOC_IT.read_text(encoding="utf-8") == bank_markdown(
        str(ROOT / "scenarios"), "it"
    ), (
        "docs/rules.it.md is out of date: run "
        "`python -m tutor.rules_reference --lang it > docs/rules.it.md`."
    )


@pytest.mark.parametrize("doc", [DOC, DOC_IT], ids=["en", "it"])
def test_the_document_lists_every_rule_id_once_as_a_heading(doc: Path) -> None:
    headings = re.findall(
        r"^### `([^`]+)` — [^\n]+$", doc.read_text(), flags=re.MULTILINE
    )
    assert sorted(headings) == sorted(RULE_IDS)
    assert len(headings) == len(RULE_IDS)


def test_the_italian_document_speaks_italian_with_the_same_ids() -> None:
    text = DOC_IT.read_text(encoding="utf-8")
    assert text.startswith("# Le regole, una per una\n")
    assert "### `bring-in.who` — Chi paga il bring-in\n" in text
    assert "## Irregolarità\n" in text and "## Irregularities" not in text
    assert "| `open_pair_option (stud8)` | sì | no | no | no |" in text
    assert "| campo | `online` | `roberts` | `wsop-cash` | `tda` |" in text
    assert "Scenari: ancora nessuno." in text
    for rule in RULE_IDS:
        assert (
            f"### `{rule}` — {rule_title(rule, 'it')}\n\n{rule_text(rule, 'it')}\n"
            in (text)
        )
    # the same scenario lists as the English document
    listed = re.compile(r"^(?:Scenarios|Scenari): (.*)$", flags=re.MULTILINE)
    english = [re.findall(r"`([^`]+)`", m) for m in listed.findall(DOC.read_text())]
    italian = [re.findall(r"`([^`]+)`", m) for m in listed.findall(text)]
    assert english == italian and len(italian) == len(RULE_IDS)


def test_every_rule_has_a_current_italian_title_and_text() -> None:
    template = catalogue_template()
    italian = catalogue_files.read_catalogue(po_path("it"), "it")
    gaps = catalogue_files.gaps(template, italian)
    assert gaps == [], (
        "run `python -m tutor.rules_reference --update-catalogue`, then translate: "
        + ", ".join(f"{g.context or g.text!r} ({g.kind})" for g in gaps[:10])
    )
    contexts = {m.context for m in template if m.context}
    assert contexts == {f"{r}/{k}" for r in RULE_IDS for k in ("title", "text")}
    assert {m.id for m in template if m.id and not m.context} >= {
        "Table, deal and betting",
        "Irregularities",
        "yes",
        "no",
        "Rules",
        *PRESET_DESCRIPTIONS.values(),
    }


def test_the_rules_template_is_the_code_as_it_is() -> None:
    # The files an entry comes from, not their line numbers: moving code does not make the
    # template stale, a new, changed or removed text does.
    def entries(catalog: catalogue_files.Catalog) -> list[tuple[object, ...]]:
        return [
            (
                m.context,
                m.id,
                sorted({f for f, _ in m.locations}),
                " ".join(m.auto_comments).split(),
            )
            for m in catalog
            if m.id
        ]

    assert entries(catalogue_files.read_catalogue(POT)) == entries(
        catalogue_template()
    ), (
        "tutor/locale/rules.pot is out of date: run `python -m tutor.rules_reference --update-catalogue`"
    )
    title = catalogue_template().get("Who brings in", "bring-in.who/title")
    assert title is not None and title.locations[0][0] == "tutor/rules_reference.py"


def test_the_italian_keeps_ids_placeholders_and_fields() -> None:
    """Every `backticked` id and {placeholder} of an English text is in its Italian."""
    italian = catalogue_files.read_catalogue(po_path("it"), "it")
    for message in italian:
        if not message.id:
            continue
        for pattern in (
            r"`[^`]+`",
            r"\{[a-z_]+\}",
            r"\$[\d/$,.]+",
            r"[2-9TJQKA][♠♥♦♣]",
        ):
            english = sorted(re.findall(pattern, message.id))
            assert english == sorted(re.findall(pattern, message.string)), (
                message.context or message.id,
                pattern,
            )


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


def test_preset_values_are_said_in_the_language() -> None:
    assert [(r.label, r.values) for r in preset_rows("limit.open-pair", "it")] == [
        ("open_pair_option (stud)", ("sì", "sì", "sì", "no")),
        ("open_pair_option (stud8)", ("sì", "no", "no", "no")),
    ]
    # identifiers an author writes in house: stay as they are
    assert (
        preset_rows("irr.burn", "it")[0].values
        == preset_rows("irr.burn", "en")[0].values
    )


def test_the_online_preset_is_the_seed_pages_in_both_languages() -> None:
    english = preset_description("online", "en")
    assert english == PRESET_DESCRIPTIONS["online"]
    assert "(Seven Card Stud Hi/Lo, Seven Card Stud)" in english
    assert "no burn cards" in english
    assert preset_description("online", "it") == (
        "Le regole delle pagine delle sale online da cui nasce questo tutor "
        "(Seven Card Stud Hi/Lo, Seven Card Stud): nessuna carta bruciata, il button si "
        "sposta a ogni mano."
    )
    for preset in PRESETS:
        assert preset_description(preset, "it") != preset_description(preset, "en")
    assert preset_legend("it").splitlines()[:3] == [
        "| preset | le regole che segue |",
        "| --- | --- |",
        f"| `online` | {preset_description('online', 'it')} |",
    ]


def test_preset_values_come_from_the_presets() -> None:
    # a row per game with the option (stud, stud8), in order of their ids
    rows = preset_rows("limit.open-pair")
    assert [r.game for r in rows] == sorted(
        g for g, v in VARIANTS.items() if v.open_pair
    )
    assert [(r.label, r.values) for r in rows][:2] == [
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
    for key, value in OPENED_WITH.items():
        at.query_params[key] = value
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


#: The address parameters every rules_app session opens with (the fixture below).
OPENED_WITH: dict[str, str] = {}


@pytest.fixture
def italian_session() -> Iterator[None]:
    """Every session opens with ?lang=it in its address (the app resolves it)."""
    OPENED_WITH["lang"] = "it"
    try:
        yield
    finally:
        OPENED_WITH.clear()
        set_language_resolver(None)


def test_the_rules_page_speaks_italian(env: Path, italian_session: None) -> None:
    at = rules_app(None)
    assert [t.value for t in at.title] == ["Regole"]
    assert [h.value for h in at.header] == [
        "Tavolo, distribuzione e puntate",
        "Razz",
        "Irregolarità",
    ]
    assert [e.label for e in at.expander] == [
        f"`{r}` — {rule_title(r, 'it')}" for r in RULE_IDS
    ]
    assert at.expander[4].label == "`bring-in.who` — Chi paga il bring-in"
    markdown = "\n".join(m.value for m in at.markdown)
    assert rule_text("act.third", "it") in markdown
    assert "| campo | `online` | `roberts` | `wsop-cash` | `tda` |" in markdown
    assert "| `open_pair_option (stud8)` | sì | no | no | no |" in markdown
    assert preset_legend("it") in markdown
    assert RULE_TEXT["act.third"] not in markdown
    assert "Scenari: `ui-showdown`" in [c.value for c in at.caption]
    assert at.markdown[0].value == rules_gettext(
        "Every rule the tutor cites, by its id. Where card rooms differ, the four presets' "
        "values are side by side; the scenarios listed are the ones whose rulings use the rule.",
        "it",
    )


def test_an_unknown_rule_is_said_in_italian(env: Path, italian_session: None) -> None:
    at = rules_app("bring-in.lowest")
    assert [w.value for w in at.warning] == [
        "Non esiste la regola 'bring-in.lowest': tutte le regole sono elencate qui sotto "
        "con il loro id."
    ]
    at = rules_app("irr.fold-no-bet")
    assert [s.value for s in at.subheader] == [
        "`irr.fold-no-bet` — Lasciare quando il check era gratis"
    ]


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
