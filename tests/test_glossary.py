"""The glossary (issue 20 item 6, issue 25 item 4): its data, the terms found in a text, the
links from a term's first use to its entry, and the Glossary page in English and Italian."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from appkit import point_app_at, shown, unescape
from streamlit.testing.v1 import AppTest

from tutor.engine.errors import TutorError
from tutor.engine.rules import RULE_IDS
from tutor.glossary import (
    Glossary,
    Term,
    link_markdown,
    load_glossary,
    parse_glossary,
    term_href,
)
from tutor.i18n import LANGUAGES, set_language_resolver
from tutor.lessons import Lesson, load_lessons

ROOT = Path(__file__).resolve().parent.parent
APP = ROOT / "tutor" / "ui" / "streamlit_app.py"
LESSONS = ROOT / "lessons"
GLOSSARY = load_glossary(LESSONS)
BOLD = re.compile(r"\*\*(.+?)\*\*", re.DOTALL)
#: The jargon issue 20 names: each must be defined where it first appears.
NAMED = [
    "door card",
    "bring-in",
    "complete",
    "street",
    "stub",
    "burn",
    "scoop",
    "quartering",
    "counterfeit",
    "open pair",
    "heads-up",
    "cap",
    "string raise",
    "dead money",
    "odd chip",
    "rake",
    "button",
    "misdeal",
]


def course(language: str) -> list[Lesson]:
    return load_lessons(LESSONS, language)


def prose(body: str) -> str:
    """A lesson's text as the links see it: headings and code spans blanked out."""
    lines = []
    for line in body.split("\n"):
        if line.lstrip().startswith("#"):
            line = ""
        lines.append(re.sub(r"`[^`]*`", lambda m: " " * len(m.group(0)), line))
    return "\n".join(lines)


def key(text: str) -> str:
    return " ".join(text.split()).casefold()


# --- the data ---------------------------------------------------------------------------


def test_the_glossary_has_every_term_in_both_languages() -> None:
    assert len(GLOSSARY.terms) == 65
    for term in GLOSSARY.terms:
        assert set(term.names) == set(term.definitions) == set(LANGUAGES), term.id
    names = {t.names["en"] for t in GLOSSARY.terms}
    assert [n for n in NAMED if n not in names] == []


def test_every_terms_lesson_and_rule_ids_exist() -> None:
    lesson_ids = {lesson.id for lesson in course("en")}
    assert sorted({t.lesson for t in GLOSSARY.terms} - lesson_ids) == []
    assert sorted({r for t in GLOSSARY.terms for r in t.rules} - set(RULE_IDS)) == []
    assert [t.id for t in GLOSSARY.terms if not t.rules] == ["house-rules"]
    assert set(GLOSSARY.seeds) == {w.seed for t in GLOSSARY.terms for w in t.seed_words}


def test_the_seed_pages_words_are_given_where_they_differ() -> None:
    ante = GLOSSARY.get("ante")
    assert ante is not None and ante.names["it"] == "ante"
    assert [w.word for w in ante.seed_words][0] == (
        "Puntata d'apertura, Puntata prima dell'inizio"
    )
    said = {t.id: {w.word for w in t.seed_words} for t in GLOSSARY.terms}
    assert "Posta minima del tavolo" in said["small-bet"]
    assert "Posta massima del tavolo" in said["big-bet"]
    assert said["community-card"] == {
        "carta comunitaria"
    }  # the first page says carta comune
    assert GLOSSARY.get("community-card").names["it"] == "carta comune"  # type: ignore[union-attr]
    assert "cappello" in said["cap"]
    assert "Commissione" in said["rake"] and "Invito" in said["buy-in"]


def test_a_term_with_no_settled_italian_says_so() -> None:
    string_raise = GLOSSARY.get("string-raise")
    assert string_raise is not None
    assert string_raise.names["it"] == "string raise"
    assert string_raise.notes["it"].startswith(
        "Non c'è un termine italiano consolidato"
    )
    unsettled = sorted(
        t.id
        for t in GLOSSARY.terms
        if "non c'è un termine" in t.notes.get("it", "").casefold()
    )
    assert unsettled == ["counterfeit", "string-raise"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_glossary_covers_every_term_the_lessons_bold(language: str) -> None:
    forms = {key(f) for t in GLOSSARY.terms for f in t.forms[language]}
    stray = [
        f"{lesson.id}: {match.group(1)!r}"
        for lesson in course(language)
        for match in BOLD.finditer(prose(lesson.body))
        if key(match.group(1)) not in forms
    ]
    assert stray == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_term_is_defined_in_bold_where_it_first_appears(language: str) -> None:
    """In course order, a term's first use is in its lesson, in bold (its definition)."""
    first: dict[str, str] = {}
    wrong = []
    for lesson in course(language):
        assert lesson.language == language
        text = prose(lesson.body)
        for use in GLOSSARY.uses(text, language, first):
            first[use.term.id] = lesson.id
            bold = (
                text[use.start - 2 : use.start] == "**" == text[use.end : use.end + 2]
            )
            if use.term.lesson != lesson.id or not bold:
                wrong.append(f"{use.term.id}: {text[use.start - 30 : use.end + 10]!r}")
    assert wrong == []
    assert sorted(set(first)) == sorted(t.id for t in GLOSSARY.terms)


# --- finding terms ----------------------------------------------------------------------


def test_uses_finds_each_terms_first_use_only_longest_form_first() -> None:
    text = "A big bet, then\nthe Small  Bet; bets, a re-raise, bring-in, brings in."
    found = [(u.term.id, u.text) for u in GLOSSARY.uses(text, "en")]
    assert found == [
        ("big-bet", "big bet"),
        ("small-bet", "Small  Bet"),
        ("bet", "bets"),
        ("re-raise", "re-raise"),
        ("bring-in", "bring-in"),
    ]
    assert GLOSSARY.uses("the raised cap", "en", seen={"raise"})[0].term.id == "cap"
    assert GLOSSARY.uses("bring-in", "fr") == []
    italian = GLOSSARY.uses("La puntata d'apertura, poi la puntata minima.", "it")
    assert [u.term.id for u in italian] == ["ante", "small-bet"]


def test_link_markdown_leaves_headings_code_links_and_html_alone() -> None:
    text = (
        "# The stub\n\n"
        "Count the `stub` and [the stub](x), <b>stub</b>, then the stub and the stub.\n"
        "```\nstub\n```\nA stub."
    )
    assert link_markdown(text, GLOSSARY, "en") == (
        "# The stub\n\n"
        "Count the `stub` and [the stub](x), <b>[stub](glossary?term=stub)</b>, then the "
        "stub and the stub.\n"
        "```\nstub\n```\nA stub."
    )
    seen = {"stub"}
    assert link_markdown("the stub", GLOSSARY, "en", seen=seen) == "the stub"
    assert term_href("odd-chip") == "glossary?term=odd-chip"


def one_term(**changes: object) -> str:
    entry = {
        "id": "stub",
        "lesson": "table-and-deal",
        "rules": "[river.community]",
        "en": "{term: stub, definition: The rest of the deck.}",
        "it": "{term: mazzo residuo, definition: Il resto del mazzo.}",
    }
    entry.update({k: str(v) for k, v in changes.items()})
    lines = [
        f"  - {k}: {v}" if k == "id" else f"    {k}: {v}" for k, v in entry.items()
    ]
    return "seeds: {}\nterms:\n" + "\n".join(lines) + "\n"


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        (
            {"rules": "[bring-in.lowest]"},
            "g.yaml: terms[0] (stub): rules must be a list of rule ids (such as "
            "[bring-in.who]), not ['bring-in.lowest'].",
        ),
        (
            {"it": "{term: mazzo residuo}"},
            "g.yaml: terms[0] (stub): it.definition must be one line of text, not None.",
        ),
        (
            {"colour": "blue"},
            "g.yaml: terms[0]: unknown field 'colour': an entry has id, lesson, rules, "
            "seeds, en, it ('seeds' optional).",
        ),
        (
            {"seeds": "[{word: Mazzo, seed: nowhere}]"},
            "g.yaml: terms[0] (stub): seed 'nowhere' is not one of the pages listed under "
            "'seeds' ().",
        ),
    ],
)
def test_a_bad_entry_is_refused_with_where_and_why(
    changes: dict[str, object], message: str
) -> None:
    assert parse_glossary(one_term(), "g.yaml").terms[0].names["it"] == "mazzo residuo"
    with pytest.raises(TutorError) as info:
        parse_glossary(one_term(**changes), "g.yaml")
    assert str(info.value) == message


def test_a_word_may_name_one_term_only() -> None:
    text = one_term() + (
        "  - id: rest\n    lesson: x\n    rules: []\n"
        "    en: {term: Stub, definition: Again.}\n"
        "    it: {term: resto, definition: Ancora.}\n"
    )
    with pytest.raises(TutorError) as info:
        parse_glossary(text, "g.yaml")
    assert str(info.value) == (
        "g.yaml: en 'Stub' belongs to both 'stub' and 'rest': a word may name one term only."
    )


def test_no_glossary_file_is_an_empty_glossary(tmp_path: Path) -> None:
    assert load_glossary(tmp_path) == Glossary(())
    (tmp_path / "glossary.yaml").write_text("terms: [\n", encoding="utf-8")
    with pytest.raises(TutorError) as info:
        load_glossary(tmp_path)
    assert str(info.value).startswith(f"{tmp_path / 'glossary.yaml'}:2: not valid YAML")


# --- the app ----------------------------------------------------------------------------


@pytest.fixture
def env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The app on the bundled lessons, glossary and scenarios."""
    point_app_at(monkeypatch, tmp_path / "data", ROOT)
    yield tmp_path
    set_language_resolver(None)


def glossary_app(term: str | None = None, lang: str | None = None) -> AppTest:
    at = AppTest.from_file(str(APP), default_timeout=30)
    if term is not None:
        at.query_params["term"] = term
    if lang is not None:
        at.query_params["lang"] = lang
    at.run()
    at.switch_page("app_pages/glossary.py")
    if term is not None:
        at.query_params["term"] = term
    at.run()
    assert not at.exception
    return at


def entry_names(at: AppTest) -> list[str]:
    return shown(at.subheader)


def test_the_glossary_page_lists_every_term_with_an_anchor(env: Path) -> None:
    at = glossary_app()
    assert shown(at.title) == ["Glossary"]
    names = entry_names(at)
    assert len(names) == 65
    assert names == sorted(names, key=str.casefold)
    anchors = [h.proto.anchor for h in at.subheader]
    assert sorted(anchors) == sorted(t.id for t in GLOSSARY.terms)
    text = "\n".join(shown(at.markdown))
    assert "English: **door card** · Italiano: **door card**" in text
    assert "English: **small bet** · Italiano: **puntata minima**" in text
    captions = "\n".join(unescape(c.value) for c in at.caption)
    assert (
        "[Lesson 1: The table, the deal and the order of play](./?lesson=table-and-deal)"
        in (captions)
    )
    assert "[The raise cap](rules?rule=cap.raises)" in captions


def test_a_link_opens_the_glossary_at_its_term(env: Path) -> None:
    at = glossary_app("string-raise")
    assert entry_names(at)[0] == "string raise"
    assert at.subheader[0].proto.anchor == "chosen-string-raise"
    assert (
        'A raise made in more than one motion without saying "raise" first; not allowed, '
        "only the first motion counts."
    ) in shown(at.markdown)
    unknown = glossary_app("no-such-term")
    assert shown(unknown.warning) == [
        "There is no term 'no-such-term' in the glossary: every term is listed below."
    ]


def test_the_filter_finds_a_term_in_either_language(env: Path) -> None:
    at = glossary_app()
    at.text_input(key="glossary_filter").set_value("carta comune").run()
    assert entry_names(at) == ["community card"]
    at.text_input(key="glossary_filter").set_value("zzz").run()
    assert shown(at.info) == ["No term matches 'zzz'."]


def test_the_glossary_page_in_italian(env: Path) -> None:
    at = glossary_app("counterfeit", "it")
    names = entry_names(at)
    assert names[0] == "counterfeit"
    assert "puntata minima" in names and "carta comune" in names
    text = "\n".join(shown(at.markdown))
    assert "Italiano: **puntata minima** · English: **small bet**" in text
    assert (
        "La prima delle due poste ($2 a $2/$4), la misura di ogni puntata e rilancio in "
        "terza e quarta strada."
    ) in text
    captions = "\n".join(unescape(c.value) for c in at.caption)
    assert "«cappello» (7 Stud Poker OD: Seven Card Stud)" in captions


def test_the_learn_page_links_a_terms_first_use(env: Path) -> None:
    at = AppTest.from_file(str(APP), default_timeout=30).run()
    at.button(key="learn_open_table-and-deal").click().run()
    assert not at.exception
    [body] = [m.value for m in at.markdown if m.value.startswith("# The table")]
    assert body.count("(glossary?term=door-card)") == 1
    assert "**[door\ncard](glossary?term=door-card)**" in body
    assert "**[stub](glossary?term=stub)**" in body
    assert "rules?rule=" not in body  # no rule ids in the prose
    [rules] = [
        c.value for c in at.caption if c.value.startswith("Rules in this lesson")
    ]
    assert rules.startswith(
        "Rules in this lesson: [Two to eight players](rules?rule=table.seats), "
        "[The order of the deal](rules?rule=deal.order)"
    )


def test_the_rules_page_links_terms_in_each_rules_text(env: Path) -> None:
    at = AppTest.from_file(str(APP), default_timeout=30).run()
    at.switch_page("app_pages/rules.py").run()
    assert not at.exception
    texts = [m.value for m in at.markdown]
    ante = next(t for t in texts if t.startswith("Before any card is dealt"))
    assert "[ante](glossary?term=ante)" in ante
    assert "[dead money](glossary?term=dead-money)" in ante


def test_linked_plain_escapes_data_and_links_terms(env: Path) -> None:
    from tutor.ui.glossary_links import linked_plain

    seen: set[str] = set()
    text = linked_plain("Bo *brings in* [x](y); the bring-in again.", "en", seen)
    assert text == (
        "Bo \\*[brings in](glossary?term=bring-in)\\* \\[x\\]\\(y\\)\\; the bring\\-in again\\."
    )
    assert seen == {"bring-in"}
    assert linked_plain("the bring-in", "en", seen) == "the bring\\-in"


def test_term_type_is_frozen() -> None:
    term = GLOSSARY.terms[0]
    assert isinstance(term, Term)
    with pytest.raises(AttributeError):
        term.id = "x"  # type: ignore[misc]
