"""The learner pages under ``?lang=it``: no English sentence of the interface catalogue on
screen (the main area, the sidebar, the table's words, the charts' titles and hovers);
under ``?lang=en`` the pages read as they do with no language chosen.

The pages run on the project's own course (``lessons/``, ``scenarios/``: the translated
lessons, bank texts and glossary), with a signed-in learner where the page needs one.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from appkit import point_app_at, sign_in
from helpers.italian import (
    english_on,
    english_pieces,
    kept_words,
    literals_outside_gettext,
    split_by_source,
    texts,
)
from streamlit.testing.v1 import AppTest

from tutor import config
from tutor.i18n import use_language
from tutor.progress import ProgressStore

ROOT = Path(__file__).resolve().parent.parent
APP = ROOT / "tutor" / "ui" / "streamlit_app.py"


@pytest.fixture
def env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    point_app_at(monkeypatch, tmp_path / "data", tmp_path)
    monkeypatch.setenv("TUTOR_SCENARIOS_DIR", str(ROOT / "scenarios"))
    monkeypatch.setenv("TUTOR_LESSONS_DIR", str(ROOT / "lessons"))
    return tmp_path


def page(
    path: str, lang: str | None, learner: str | None = "Ana", **state: object
) -> AppTest:
    """The app on ``path`` in ``lang``, signed in as ``learner`` (None: nobody)."""
    at = AppTest.from_file(str(APP), default_timeout=60)
    if lang is not None:
        at.query_params["lang"] = lang
    if learner is not None:
        store = ProgressStore(config.database_url())
        if store.find_learner(learner) is None:
            store.create_learner(learner)
        sign_in(at, learner)
    for key, value in state.items():
        at.session_state[key] = value
    at.run()
    at.switch_page(path).run()
    assert not at.exception
    return at


def first_question(lang: str | None) -> AppTest:
    """The walkthrough at the course's first scenario's first question (Next until one
    is asked)."""
    at = page("app_pages/walkthrough.py", lang)
    for _step in range(12):
        if any(b.key == "wt_check" for b in at.button):
            return at
        at.button(key="wt_next").click().run()
        assert not at.exception
    raise AssertionError("no question in the first scenario")


def screens(lang: str | None) -> Iterator[tuple[str, AppTest]]:
    """The learner pages' screens in ``lang`` (the test's thread speaks it too: AppTest
    formats a widget's options here)."""
    with use_language(lang):
        yield "learn: welcome", page("app_pages/learn.py", lang, learner=None)
        yield "learn: lessons", page("app_pages/learn.py", lang)
        yield (
            "learn: a lesson",
            page("app_pages/learn.py", lang, learn_lesson="bring-in"),
        )
        yield (
            "walkthrough: first step",
            page("app_pages/walkthrough.py", lang),
        )
        yield "walkthrough: a question", first_question(lang)
        yield "progress: nobody", page("app_pages/progress.py", lang, learner=None)
        yield "progress", page("app_pages/progress.py", lang)
        yield "rules", page("app_pages/rules.py", lang)
        yield "glossary", page("app_pages/glossary.py", lang)


#: Practice and Review are the honest-questions work's (tutor/ui/practice.py, review.py,
#: ask_panel.py...): their own strings are translated there. Checked here, and reported as
#: an expected failure while they still say English.
OTHERS = {
    "practice": "app_pages/practice.py",
    "review": "app_pages/review.py",
}
#: The files of that work whose English may still show on these pages (the walkthrough's
#: question is drawn by the ask panel): what their literals outside gettext say is told
#: apart from what the pages of this test say.
THEIR_FILES = tuple(
    ROOT / "tutor" / name
    for name in (
        "ui/ask_panel.py",
        "ui/ask_controls.py",
        "ui/ruling_control.py",
        "ui/questions.py",
        "ui/screen.py",
        "ui/practice.py",
        "ui/review.py",
        "ui/app_pages/practice.py",
        "ui/app_pages/review.py",
        "asks.py",
        "quiz.py",
        "quiz_ruling.py",
    )
)


def test_the_check_knows_english_and_what_the_glossary_keeps() -> None:
    words, pieces = english_pieces()
    assert {"Back", "Next", "Walkthrough"} <= words
    assert "Pot: hidden until you answer" in pieces
    assert {"high", "bring-in", "English", "Italiano"} <= kept_words()


def test_the_learner_pages_speak_italian(env: Path) -> None:
    theirs = literals_outside_gettext(*THEIR_FILES)
    left: dict[str, list[str]] = {}
    elsewhere: dict[str, list[str]] = {}
    shown: dict[str, AppTest] = {}
    for name, at in screens("it"):
        shown[name] = at
        mine, other = split_by_source(english_on(at), theirs)
        if mine:
            left[name] = mine
        if other:
            elsewhere[name] = other
    assert left == {}
    sidebar = texts(shown["learn: lessons"])
    assert {"Gioco", "Regole della casa", "Mazzo a quattro colori"} <= set(sidebar)
    assert "Tutti i giochi" in sidebar and "Come dice ogni scenario" in sidebar
    learn = shown["learn: welcome"]
    assert learn.title[0].value == "Impara il Seven Card Stud"
    assert any(t.startswith("**Benvenuto!**") for t in texts(learn))
    walk = shown["walkthrough: first step"]
    assert walk.title[0].value == "Passo passo"
    table = texts(walk)
    assert any(t.startswith("Piatto ") for t in table)
    assert "carta scoperta (la vedono tutti)" in " ".join(table)
    assert {"Indietro", "Avanti"} <= {b.label for b in walk.button}
    progress = shown["progress"]
    assert progress.title[0].value == "I tuoi progressi"
    charts = texts(progress)
    assert {"Padronanza per argomento", "Precisione per argomento"} <= set(charts)
    assert "Come si calcola la padronanza" in charts
    assert elsewhere == {}


@pytest.mark.parametrize("name", sorted(OTHERS))
def test_practice_and_review_speak_italian(env: Path, name: str) -> None:
    with use_language("it"):
        at = page(OTHERS[name], "it")
        assert english_on(at, main=False) == []  # the sidebar is this work's
        found = english_on(at, sidebar=False)
    assert at.sidebar.selectbox(key="game_filter").label == "Gioco"
    assert found == []


def test_under_english_the_pages_read_as_with_no_language_chosen(
    env: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    english = dict(screens("en"))
    # a fresh progress store: the first pass's walk must not give "Continue" to the second
    monkeypatch.setenv("TUTOR_DATA_DIR", str(env / "data-plain"))
    plain = dict(screens(None))
    assert english.keys() == plain.keys()
    for name in english:
        assert texts(english[name]) == texts(plain[name]), name
    assert english["walkthrough: first step"].title[0].value == "Walkthrough"
    assert english["progress"].title[0].value == "Your progress"
    assert english_on(english["progress"])  # the check sees English where it is
