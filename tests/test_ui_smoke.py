"""Every page of the app renders without an exception; learner, settings, lessons, instructor."""

from __future__ import annotations

import json
import shutil
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from appkit import point_app_at, shown
from streamlit.testing.v1 import AppTest

from tutor import config
from tutor.engine.rules import GAME_TITLES
from tutor.progress import ProgressStore
from tutor.wording.en.common import and_list

APP = Path(__file__).resolve().parent.parent / "tutor" / "ui" / "streamlit_app.py"
DATA = Path(__file__).resolve().parent / "data" / "ui"
PAGES = ["learn", "walkthrough", "practice", "progress", "studio", "class_view"]


@pytest.fixture
def env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    point_app_at(monkeypatch, tmp_path / "data", DATA)
    monkeypatch.setenv("TUTOR_OPEN_INSTRUCTOR", "1")
    return tmp_path


def app() -> AppTest:
    at = AppTest.from_file(str(APP), default_timeout=15).run()
    assert not at.exception
    return at


def table(at: AppTest) -> str:
    """The table picture's HTML (the one st.html holding the table)."""
    [html] = [
        h.proto.body for h in at.get("html") if 'class="stt-table"' in h.proto.body
    ]
    return str(html)


def texts(at: AppTest) -> list[str]:
    return shown(at.markdown)


def store() -> ProgressStore:
    return ProgressStore(config.database_url())


def test_every_page_renders_its_title_and_content(env: Path) -> None:
    at = app()
    expected = {
        "learn": ("Learn Seven Card Stud", "**1. UI lesson on the bring-in**"),
        "walkthrough": (
            "Walkthrough",
            "**Question:** How much does each player ante, and how much is that in all?",
        ),
        "practice": (
            "Practice",
            "**Question:** How much does each player ante, and how much is that in all?",
        ),
        "progress": (
            "Your progress",
            "How you are doing on each topic, from every answer you have checked.",
        ),
        "studio": (
            "Studio",
            "The editor is empty: start from a template, a bank scenario or a file.",
        ),
        "class_view": ("Class view", "No answers under these filters yet."),
    }
    for page in PAGES:
        at.switch_page(f"app_pages/{page}.py").run()
        assert not at.exception, page
        assert at.error.len == 0, page
        title, text = expected[page]
        assert shown(at.title) == [title]
        assert text in texts(at) + shown(at.info), page
        if page == "learn":  # every game the engine knows, by its full name
            # "Seven Card Stud Hi/Lo (eight or better), Seven Card Stud and Razz"
            games = and_list(list(GAME_TITLES.values()))
            assert texts(at)[0] == (
                f"Short lessons on the rules of {games}. Read one, then play its scenarios: "
                "every answer is worked out by the rules engine."
            )


def test_lesson_page_lists_its_scenarios_and_starts_one(env: Path) -> None:
    at = app()
    assert [m for m in texts(at) if m.startswith("**") and "lesson" in m] == [
        "**1. UI lesson on the bring-in**",
        "**2. UI lesson on the showdown**",
    ]
    at.button(key="learn_open_ui-showdown").click().run()
    assert (
        # rule ids in a lesson's prose are said by their titles (issue 20)
        "# The showdown (test lesson)\n\nCards speak ([Who shows first](rules?rule=showdown.order))."
        in texts(at)
    )
    listed = [m for m in texts(at) if m.startswith("UI ")]
    assert listed == [
        "UI showdown · level 3",
        "UI eight players on sixth street · level 4",
    ]
    at.button(key="learn_start_ui-showdown").click().run()
    assert not at.exception
    assert shown(at.title) == ["Walkthrough"]
    assert at.session_state["wt_scenario"] == "ui-showdown"
    assert shown(at.subheader) == ["Step 1 of 7"]


def test_learner_is_created_and_kept_across_a_refresh(env: Path) -> None:
    at = app()
    # The first visit asks for a name on the main page; Enter (the box's change) starts.
    at.text_input(key="welcome_name").set_value("  Ana  ").run()
    assert at.session_state["learner_name"] == "Ana"
    assert at.query_params["learner"] == "Ana"
    assert "Welcome, Ana! Your answers are saved under this name." in shown(at.success)
    assert "Learning as **Ana**" in texts(at)
    assert not [w for w in at.text_input if w.key == "welcome_name"]
    # A refresh: a new session, the address still says ?learner=Ana.
    again = AppTest.from_file(str(APP), default_timeout=15)
    again.query_params["learner"] = "ana"
    again.run()
    assert again.session_state["learner_name"] == "Ana"
    assert "Learning as **Ana**" in texts(again)


def test_an_existing_name_is_welcomed_back_and_no_list_is_shown(env: Path) -> None:
    store().create_learner("Bo")
    store().create_learner("Cy")
    at = app()
    assert not [w for w in at.selectbox if w.label == "Learner"]
    assert "Bo" not in "".join(texts(at))
    at.sidebar.text_input(key="sidebar_name").set_value("cy").run()
    assert at.session_state["learner_name"] == "Cy"
    assert at.query_params["learner"] == "Cy"
    assert shown(at.sidebar.success) == ["Welcome back, Cy!"]
    at.sidebar.button(key="sidebar_sign_out").click().run()
    assert at.session_state["learner_name"] is None
    assert "learner" not in at.query_params


def test_a_name_with_a_pin_asks_for_it(env: Path) -> None:
    learner = store().create_learner("Di")
    store().set_pin(learner, "4711")
    at = AppTest.from_file(str(APP), default_timeout=15)
    at.query_params["learner"] = (
        "Di"  # the address alone does not open a protected name
    )
    at.run()
    assert at.session_state["learner_name"] is None
    at.sidebar.text_input(key="sidebar_pin").set_value("1234").run()
    assert at.session_state["learner_name"] is None
    assert shown(at.sidebar.error) == ["That PIN is not right. Try again."]
    at.sidebar.text_input(key="sidebar_pin").set_value("4711").run()
    assert at.session_state["learner_name"] == "Di"
    assert shown(at.sidebar.success) == ["Welcome back, Di!"]


def test_a_learner_protects_their_name_with_a_pin(env: Path) -> None:
    at = app()
    at.sidebar.text_input(key="sidebar_name").set_value("Eve").run()
    at.sidebar.text_input(key="sidebar_new_pin").set_value("12").run()
    assert shown(at.sidebar.error) == ["A PIN has 4 to 32 characters."]
    at.sidebar.text_input(key="sidebar_new_pin").set_value("2468").run()
    eve = store().find_learner("Eve")
    assert eve is not None and store().has_pin(eve)
    assert store().check_pin(eve, "2468") and not store().check_pin(eve, "1357")


def test_a_bad_learner_name_is_explained_and_not_echoed(env: Path) -> None:
    at = app()
    at.sidebar.text_input(key="sidebar_name").set_value("x" * 41).run()
    assert not at.exception
    assert shown(at.sidebar.error) == [
        "A name has at most 40 characters; this one has 41."
    ]
    assert at.session_state["learner_name"] is None


def test_a_learner_name_is_plain_text(env: Path) -> None:
    at = app()
    name = "![](http://x.invalid/a)"
    at.sidebar.text_input(key="sidebar_name").set_value(name).run()
    assert at.session_state["learner_name"] == name
    [line] = [m for m in at.sidebar.markdown if "Learning as" in m.value]
    assert line.value == (
        "Learning as **\\!\\[\\]\\(http\\:\u2060\\/\\/x\\.invalid\\/a\\)**"
    )


def test_unknown_learner_in_the_address_is_ignored(env: Path) -> None:
    at = AppTest.from_file(str(APP), default_timeout=15)
    at.query_params["learner"] = "Nobody"
    at.run()
    assert not at.exception
    assert at.session_state["learner_name"] is None


def test_game_filter_and_four_colour_deck(env: Path) -> None:
    at = app()
    at.switch_page("app_pages/walkthrough.py").run()
    # Lesson order, then level: the bring-in lesson's scenario, then the showdown lesson's.
    assert at.selectbox(key="wt_pick").options == [
        "UI third street · level 1",
        "UI showdown · level 3",
        "UI eight players on sixth street · level 4",
    ]
    at.sidebar.selectbox(key="game_filter").set_value("stud8").run()
    assert at.selectbox(key="wt_pick").options == [
        "UI third street · level 1",
        "UI showdown · level 3",
    ]
    assert at.query_params["game"] == "stud8"
    html = table(at)
    assert 'aria-label="ace of hearts, face down"' in html
    assert 'style="color:#111111"><span aria-hidden="true">2♣' in html
    at.sidebar.toggle(key="four_colour").set_value(True).run()
    assert at.query_params["deck"] == "four"
    html = table(at)
    assert 'style="color:#1b7a2f"><span aria-hidden="true">2♣' in html


def test_progress_page_charts_thresholds_and_csv(env: Path) -> None:
    s = store()
    ana = s.create_learner("Ana")
    start = datetime(2026, 11, 1, tzinfo=UTC)
    for n in range(6):
        s.record_answer(
            ana,
            scenario_id="ui-third-street",
            step=0,
            kind="ante",
            topic="ante",
            level=1,
            game="stud8",
            preset="online",
            answer={"each": 1},
            correct=n % 3 != 0,
            seconds=4,
            answered_at=start + timedelta(minutes=n),
        )
    at = AppTest.from_file(str(APP), default_timeout=15)
    at.query_params["learner"] = "Ana"
    at.run()
    at.switch_page("app_pages/progress.py").run()
    assert not at.exception
    # all six are first attempts (attempt=1): counted as mastery counts them
    assert "**Ana**: 6 questions answered at the first try, 4 right." in texts(at)
    assert any(
        m.startswith("Mastery of a topic is worked out from your answers")
        for m in texts(at)
    )
    charts = at.get("plotly_chart")
    assert len(charts) == 4
    assert json.loads(charts[1].proto.spec)["layout"]["title"]["text"]
    download = at.get("download_button")
    assert len(download) == 1
    assert at.table[0].value.to_dict("list") == {
        "Topic": ["Antes"],  # titles, never topic ids (issue 20)
        "Mastery": ["familiar"],
    }


def test_a_broken_bank_file_is_located_and_left_out(
    env: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = env / "scenarios"
    folder.mkdir()
    shutil.copy(DATA / "scenarios" / "ui-community.yaml", folder)
    (folder / "broken.yaml").write_text("id: broken\ntitle: [unclosed\n")
    monkeypatch.setenv("TUTOR_SCENARIOS_DIR", str(folder))
    at = app()
    at.switch_page("app_pages/walkthrough.py").run()
    assert not at.exception
    assert shown(at.warning) == [
        (
            "1 problem in the scenario files keeps a scenario out; the Studio's Bank "
            "section lists it (only instructors see this)."
        )
    ]
    at.switch_page("app_pages/studio.py").run()
    at.radio(key="studio_section").set_value("Bank").run()
    assert not at.exception
    assert (
        "1 of 2 files are valid (0 in the instructor bank, listed first). Click a "
        "column's header to sort by it."
    ) in texts(at)
    [table] = at.dataframe
    rows = table.value.to_dict("records")
    assert rows[0]["file"] == "the bundled bank (broken.yaml)"
    assert rows[0]["status"] == (
        "problem: line 3: this is not valid YAML: did not find expected ',' or ']'."
    )


def test_a_missing_scenario_folder_is_an_error_message_not_a_traceback(
    env: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TUTOR_SCENARIOS_DIR", str(env / "nowhere"))
    at = app()
    at.switch_page("app_pages/walkthrough.py").run()
    assert not at.exception
    assert shown(at.error) == [
        (
            "TUTOR_SCENARIOS_DIR='nowhere' does not exist. Set TUTOR_SCENARIOS_DIR "
            "to an existing folder, or unset it to use the bundled one."
        )
    ]


def test_guarded_pages_show_messages_not_tracebacks() -> None:
    def script() -> None:
        from tutor.engine.errors import ScenarioError
        from tutor.ui.components import guarded

        def bad_scenario() -> None:
            raise ScenarioError(
                "steps[2].act: 'Cy raises' is not allowed.", "x.yaml", 14, 11
            )

        def bug() -> None:
            raise ZeroDivisionError("division by zero")

        guarded(bad_scenario)
        guarded(bug)

    at = AppTest.from_function(script, default_timeout=15).run()
    assert not at.exception
    assert shown(at.error) == [
        "x.yaml:14:11: steps[2].act: 'Cy raises' is not allowed.",
        (
            "Something went wrong on this page (ZeroDivisionError: division by zero). Reload the "
            "page; if it happens again, tell your instructor what you did just before."
        ),
    ]


def test_the_address_keeps_the_learner_after_a_page_switch(env: Path) -> None:
    at = app()
    at.sidebar.text_input(key="sidebar_name").set_value("Cy")
    at.sidebar.button(key="sidebar_start").click().run()
    at.query_params.clear()  # what Streamlit does to the address on navigation
    at.switch_page("app_pages/progress.py").run()
    assert at.query_params["learner"] == "Cy"
    assert "**Cy**: 0 questions answered at the first try, 0 right." in texts(at)
