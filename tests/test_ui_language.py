"""The session's language: the address, the learner's saved choice, the browser, English;
the sidebar's switch; two sessions in one process in two languages."""

from __future__ import annotations

from pathlib import Path

import pytest
from appkit import point_app_at
from streamlit.testing.v1 import AppTest

from tutor.i18n import _, current_language, use_language
from tutor.progress import ProgressStore

APP = Path(__file__).resolve().parent.parent / "tutor" / "ui" / "streamlit_app.py"
DATA = Path(__file__).resolve().parent / "data" / "ui"
GLOSSARY = "app_pages/glossary.py"


@pytest.fixture
def env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    point_app_at(monkeypatch, tmp_path / "data", DATA)
    return tmp_path


def glossary(lang: str | None = None, **params: str) -> AppTest:
    at = AppTest.from_file(str(APP), default_timeout=20)
    if lang is not None:
        at.query_params["lang"] = lang
    for key, value in params.items():
        at.query_params[key] = value
    at.run()
    at.switch_page(GLOSSARY).run()
    assert not at.exception
    return at


def titles(at: AppTest) -> list[str]:
    return [t.value for t in at.title]


def test_two_sessions_in_one_process_speak_their_own_languages(env: Path) -> None:
    italian = glossary("it")
    english = glossary("en")
    italian.run()  # again, after the English session ran in the same process
    assert titles(italian) == ["Glossario"]
    assert titles(english) == ["Glossary"]
    # and nothing was left installed for the process: outside a session, English
    assert current_language() == "en"
    assert _("Glossary") == "Glossary"
    with use_language("it"):
        assert _("Glossary") == "Glossario"


def test_the_address_keeps_the_language_across_a_page_switch(env: Path) -> None:
    at = glossary("it")
    assert at.query_params["lang"] == "it"
    # (a page whose choices are formatted by a translated function cannot be driven by
    # AppTest in Italian: it formats the options again outside the session, in English)
    at.switch_page("app_pages/rules.py").run()
    assert at.query_params["lang"] == "it"
    at.switch_page(GLOSSARY).run()
    assert at.query_params["lang"] == "it"
    assert titles(at) == ["Glossario"]


def test_an_unknown_language_in_the_address_falls_back_to_english(env: Path) -> None:
    at = glossary("fr")
    assert titles(at) == ["Glossary"]
    assert "lang" not in at.query_params


def test_the_sidebar_switch_changes_the_language_and_the_address(env: Path) -> None:
    at = glossary()
    assert titles(at) == ["Glossary"]
    at.sidebar.radio(key="language_switch").set_value("it").run()
    assert titles(at) == ["Glossario"]
    assert at.query_params["lang"] == "it"
    at.sidebar.radio(key="language_switch").set_value("en").run()
    assert titles(at) == ["Glossary"]
    assert at.query_params["lang"] == "en"


def test_a_learners_saved_language_comes_after_the_address(env: Path) -> None:
    from tutor.i18n import choose_language

    with ProgressStore(f"sqlite:///{env / 'store.sqlite3'}") as store:
        ana = store.create_learner("Ana")
        store.set_language(ana, "it")
        saved = store.language_of(ana)
    # the resolver's order: the address, the saved choice, the profile, the browser
    assert choose_language(None, saved, None, "en-US") == "it"
    assert choose_language("en", saved, None, None) == "en"
    assert choose_language(None, None, None, "it-IT") == "it"
    assert choose_language(None, None, None, None) == "en"
