"""Every page of the app renders without an exception; learner, settings, lessons, instructor."""

from __future__ import annotations

import json
import shutil
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from appkit import claim, point_app_at, shown, sign_in
from streamlit.testing.v1 import AppTest

from tutor import config
from tutor.engine.rules import GAME_TITLES
from tutor.progress import ProgressStore
from tutor.ui import identity
from tutor.ui.identity import LEARNER_COOKIE, LEARNER_TOKEN
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


def test_learner_is_created_and_kept_across_a_refresh(
    env: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    at = app()
    # The first visit asks for a name on the main page; a new name asks for a PIN twice.
    claim(at, "  Ana  ", where="welcome")
    assert at.session_state["learner_name"] == "Ana"
    assert "learner" not in at.query_params  # nothing in the address says who
    assert (
        "Welcome, Ana! Your answers are saved under this name; sign in with it and "
        "your PIN." in shown(at.success)
    )
    assert "Learning as **Ana**" in texts(at)
    assert not [w for w in at.text_input if w.key == "welcome_name"]
    token = at.session_state[LEARNER_TOKEN]
    found = store().session_learner(token, now=datetime.now(UTC))
    assert found is not None and found.name == "Ana"
    # A refresh: a new session; the browser sends its cookie, the store knows the token.
    monkeypatch.setattr(identity, "read_cookies", lambda: {LEARNER_COOKIE: token})
    again = AppTest.from_file(str(APP), default_timeout=15).run()
    assert again.session_state["learner_name"] == "Ana"
    assert "Learning as **Ana**" in texts(again)
    # A made-up token is nobody.
    fake = "A" * 43
    monkeypatch.setattr(identity, "read_cookies", lambda: {LEARNER_COOKIE: fake})
    other = AppTest.from_file(str(APP), default_timeout=15).run()
    assert other.session_state["learner_name"] is None


def test_an_existing_name_asks_its_pin_and_no_list_is_shown(env: Path) -> None:
    store().create_learner("Bo")
    cy = store().create_learner("Cy")
    store().set_pin(cy, "1357")
    at = app()
    assert not [w for w in at.selectbox if w.label == "Learner"]
    assert "Bo" not in "".join(texts(at))
    at.sidebar.text_input(key="sidebar_name").set_value("cy").run()
    assert at.session_state["learner_name"] is None
    at.sidebar.text_input(key="sidebar_pin").set_value("1357").run()
    assert at.session_state["learner_name"] == "Cy"
    assert shown(at.sidebar.success) == ["Welcome back, Cy!"]
    token = at.session_state[LEARNER_TOKEN]
    at.sidebar.button(key="sidebar_sign_out").click().run()
    assert at.session_state["learner_name"] is None
    assert store().session_learner(token, now=datetime.now(UTC)) is None  # ended


def test_an_old_address_with_a_learner_opens_as_nobody(env: Path) -> None:
    learner = store().create_learner("Di")
    store().set_pin(learner, "4711")
    store().create_learner("Open")  # no PIN: the address does not open it either
    for name in ("Di", "Open", "Nobody"):
        at = AppTest.from_file(str(APP), default_timeout=15)
        at.query_params["learner"] = name
        at.run()
        assert not at.exception
        assert at.session_state["learner_name"] is None
        assert "learner" not in at.query_params  # dropped from the address
    at.sidebar.text_input(key="sidebar_name").set_value("Di").run()
    at.sidebar.text_input(key="sidebar_pin").set_value("1234").run()
    assert at.session_state["learner_name"] is None
    assert shown(at.sidebar.error) == ["That PIN is not right. Try again."]


def test_a_record_without_a_pin_gets_one_at_its_first_sign_in(env: Path) -> None:
    store().create_learner("Fay")  # a record from before PINs were asked for
    at = app()
    at.sidebar.text_input(key="sidebar_name").set_value("Fay").run()
    assert at.session_state["learner_name"] is None
    assert (
        "**Fay** has no PIN yet. Choose one now: from now on the name opens only with "
        "it." in texts(at)
    )
    at.sidebar.text_input(key="sidebar_claim_pin").set_value("2468")
    at.sidebar.text_input(key="sidebar_claim_again").set_value("2486")
    at.sidebar.button(key="sidebar_claim").click().run()
    assert shown(at.sidebar.error) == ["The two PINs differ: type the same PIN twice."]
    at.sidebar.text_input(key="sidebar_claim_pin").set_value("2468")
    at.sidebar.text_input(key="sidebar_claim_again").set_value("2468")
    at.sidebar.button(key="sidebar_claim").click().run()
    assert at.session_state["learner_name"] == "Fay"
    fay = store().find_learner("Fay")
    assert fay is not None and store().check_pin(fay, "2468")


def test_pins_optional_keeps_the_old_way(
    env: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TUTOR_LEARNER_PIN", "optional")
    at = app()
    at.sidebar.text_input(key="sidebar_name").set_value("Gus").run()
    assert at.session_state["learner_name"] == "Gus"
    assert shown(at.sidebar.success) == [
        "Welcome, Gus! Your answers are saved under this name."
    ]
    gus = store().find_learner("Gus")
    assert gus is not None and not store().has_pin(gus)


def test_a_learner_changes_their_pin(env: Path) -> None:
    at = app()
    claim(at, "Eve", "1111")
    at.sidebar.text_input(key="sidebar_new_pin").set_value("12")
    at.sidebar.text_input(key="sidebar_new_again").set_value("12")
    at.sidebar.button(key="sidebar_set_pin").click().run()
    assert shown(at.sidebar.error) == ["A PIN has 4 to 64 characters."]
    at.sidebar.text_input(key="sidebar_new_pin").set_value("2468")
    at.sidebar.text_input(key="sidebar_new_again").set_value("2468")
    at.sidebar.button(key="sidebar_set_pin").click().run()
    eve = store().find_learner("Eve")
    assert eve is not None and store().has_pin(eve)
    assert store().check_pin(eve, "2468") and not store().check_pin(eve, "1111")
    assert not [b for b in at.sidebar.button if b.key == "sidebar_clear_pin"]


def test_a_bad_learner_name_is_explained_and_not_echoed(env: Path) -> None:
    at = app()
    at.sidebar.text_input(key="sidebar_name").set_value("x" * 41).run()
    assert not at.exception
    assert shown(at.sidebar.error) == [
        "A name has at most 40 characters; this one has 41."
    ]
    assert at.session_state["learner_name"] is None
    at.sidebar.text_input(key="sidebar_name").set_value("Ana\u200bLee").run()
    assert shown(at.sidebar.error) == [
        "A name cannot hold control or format characters: use letters, digits and "
        "spaces."
    ]


def test_a_learner_name_is_plain_text(env: Path) -> None:
    at = app()
    name = "![](http://x.invalid/a)"
    claim(at, name)
    assert at.session_state["learner_name"] == name
    [line] = [m for m in at.sidebar.markdown if "Learning as" in m.value]
    assert line.value == (
        "Learning as **\\!\\[\\]\\(http\\:\u2060\\/\\/x\\.invalid\\/a\\)**"
    )


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
    sign_in(at, "Ana")
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


def test_the_learner_stays_after_a_page_switch_and_no_address_names_them(
    env: Path,
) -> None:
    at = app()
    claim(at, "Cy")
    at.query_params.clear()  # what Streamlit does to the address on navigation
    at.switch_page("app_pages/progress.py").run()
    assert "learner" not in at.query_params
    assert "**Cy**: 0 questions answered at the first try, 0 right." in texts(at)
