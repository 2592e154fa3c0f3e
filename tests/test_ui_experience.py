"""The learner's experience (issue 10): no giveaways, honest retries, the place kept in the
address, presets that switch cleanly, wrap-ups, one notation; learner identity is in
test_ui_smoke.py, the browser's view of the same in test_browser.py."""

from __future__ import annotations

from pathlib import Path

import pytest
from appkit import claim, point_app_at, shown, sign_in, unescape
from streamlit.testing.v1 import AppTest

from tutor import config
from tutor.asks import hidden_until_answered
from tutor.progress import ProgressStore
from tutor.scenarios.bank import load_bank
from tutor.scenarios.replay import walk
from tutor.ui.ask_panel import ask_topic, room_warning
from tutor.ui.state import Settings

APP = Path(__file__).resolve().parent.parent / "tutor" / "ui" / "streamlit_app.py"
DATA = Path(__file__).resolve().parent / "data" / "ui"


@pytest.fixture
def env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    point_app_at(monkeypatch, tmp_path, DATA)
    return tmp_path


def store() -> ProgressStore:
    return ProgressStore(config.database_url())


def open_step(
    scenario_id: str, pos: int, learner: str | None = "Ana", **params: str
) -> AppTest:
    """The walkthrough at step ``pos`` (0-based) of the scenario, through the address."""
    at = AppTest.from_file(str(APP), default_timeout=15)
    if learner is not None:
        store().create_learner(learner)
        sign_in(at, learner)
    at.query_params["scenario"] = scenario_id
    at.query_params["step"] = str(pos + 1)
    for key, value in params.items():
        at.query_params[key] = value
    at.run()
    at.switch_page("app_pages/walkthrough.py").run()
    assert not at.exception
    return at


def table(at: AppTest) -> str:
    """The table picture's markup (its style sheet left out)."""
    [html] = [
        h.proto.body for h in at.get("html") if 'class="stt-table"' in h.proto.body
    ]
    return str(html)


def history(at: AppTest) -> str:
    """The "What happened so far" lines (the markdown starting with a list item)."""
    return "\n".join(m for m in shown(at.markdown) if m.startswith("- **"))


def asks() -> list[tuple[str, int, int, str]]:
    """Every ask of the UI bank: (scenario id, its position in the steps, index, kind)."""
    found = []
    for scenario in load_bank([str(DATA / "scenarios")]).scenarios:
        for pos, result in enumerate(walk(scenario)):
            if result.ask is not None:
                found.append((scenario.id, pos, result.index, result.ask.kind))
    return found


@pytest.mark.parametrize(("scenario_id", "pos", "index", "kind"), asks())
def test_nothing_on_screen_gives_the_answer_away_before_check(
    env: Path, scenario_id: str, pos: int, index: int, kind: str
) -> None:
    at = open_step(scenario_id, pos)
    html = table(at)
    lines = history(at)
    scenario = next(
        s for s in load_bank([str(DATA / "scenarios")]).scenarios if s.id == scenario_id
    )
    result = walk(scenario)[pos]
    assert result.ruling is not None
    view = result.hand.view()
    hidden = hidden_until_answered(kind)
    if "to-act" in hidden:
        assert "stt-to-act" not in html and "to act" not in html
    if "pot" in hidden:
        assert "Pot: hidden until you answer" in html
        assert f"pot {view.pot}" not in html.lower()
        assert " pot" not in lines.lower() and "ante" not in lines.lower()
    if "award" in hidden:  # the award's line names the winning hands
        assert "**Award:" not in lines
    assert not at.success and not at.error  # no verdict before Check
    # After Check the table shows everything again.
    at.button(key="wt_hint_button").click().run()
    assert not at.success and not at.error
    if hidden:
        assert "hidden" not in history(at)


def test_the_to_act_mark_comes_back_once_answered(env: Path) -> None:
    at = open_step("ui-third-street", 5)  # next-to-act: who acts after the bring-in
    assert "to act" not in table(at)
    at.radio(key="wt_ui-third-street_5_0_player").set_value("Ana")
    at.button(key="wt_check").click().run()  # the walkthrough's page is drawn again
    assert '<span class="stt-tag stt-act">to act</span>' in table(at)
    assert 'aria-label="Stud table, third street, pot 1.75, Cy to act"' in table(at)


def test_the_pot_and_the_ante_lines_come_back_once_answered(env: Path) -> None:
    at = open_step("ui-third-street", 3)  # the pot question, after the antes
    assert "Pot: hidden until you answer" in table(at)
    assert "antes" not in history(at).lower()
    at.number_input(key="wt_ui-third-street_3_0_pot").set_value(0.75)
    at.button(key="wt_check").click().run()
    assert '<div class="stt-pot">Pot 0.75</div>' in table(at)
    assert "ante" in history(at).lower()


def test_the_award_line_is_hidden_until_a_showdown_question_is_answered(
    env: Path,
) -> None:
    at = open_step("ui-showdown", 0)  # best-high: the award would name Ana's hand
    assert history(at) == ""
    at.multiselect(key="wt_ui-showdown_0_0_cards").set_value(
        ["Ah", "9h", "Kh", "7h", "2h"]
    )
    at.button(key="wt_check").click().run()
    assert history(at).startswith("- **Award: Ana 38, Cy 37.**")


def test_a_retry_after_the_reveal_is_saved_as_such(env: Path) -> None:
    at = open_step("ui-third-street", 5)
    at.button(key="wt_hint_button").click().run()
    at.radio(key="wt_ui-third-street_5_0_player").set_value("Ana")
    at.button(key="wt_check").click().run()
    assert shown(at.error) == [
        "Not right: you answered Ana acts next; the answer is Cy acts next."
    ]
    at.button(key="wt_retry").click().run()
    assert (
        "Practice try: you have seen the answer, so this answer is kept as a retry "
        "and does not count towards your mastery."
    ) in shown(at.caption)
    at.radio(key="wt_ui-third-street_5_1_player").set_value("Cy")
    at.button(key="wt_check").click().run()
    assert shown(at.success) == ["Right: Cy acts next."]
    learner = store().find_learner("Ana")
    assert learner is not None
    rows = store().answers(learner)
    assert [
        (r.step, r.correct, r.attempt, r.after_reveal, r.hinted, r.first_attempt)
        for r in rows
    ] == [(5, False, 1, False, True, True), (5, True, 2, True, False, False)]
    assert {(r.preset, r.rules, r.topic) for r in rows} == {
        ("online", ("act.third", "round.end"), "bring-in")
    }


def test_answers_keep_the_preset_id_and_the_house_rules_as_data(env: Path) -> None:
    at = open_step("ui-third-street", 5, preset="wsop-cash")
    at.radio(key="wt_ui-third-street_5_0_player").set_value("Cy")
    at.button(key="wt_check").click().run()
    assert shown(at.success) == ["Right: Cy acts next."]
    learner = store().find_learner("Ana")
    assert learner is not None
    [row] = store().answers(learner)
    assert (row.preset, row.house, row.attempt, row.after_reveal) == (
        "wsop-cash",
        {},
        1,
        False,
    )


def test_the_address_holds_scenario_step_and_settings(env: Path) -> None:
    at = open_step("ui-showdown", 2, preset="tda", game="stud8", deck="four")
    assert shown(at.subheader)[0] == "Step 3 of 7"
    assert at.session_state["preset_setting"] == "tda"
    assert at.session_state["game_filter"] == "stud8"
    assert at.session_state["four_colour"] is True
    assert at.query_params["scenario"] == "ui-showdown"
    assert at.query_params["step"] == "3"
    at.button(key="wt_next").click().run()
    assert at.query_params["step"] == "4"
    at.switch_page("app_pages/progress.py").run()
    assert "scenario" not in at.query_params and "step" not in at.query_params
    assert at.query_params["preset"] == "tda" and "learner" not in at.query_params


def test_nonsense_in_the_address_is_ignored(env: Path) -> None:
    at = open_step("no-such-scenario", 0, preset="casino", game="poker", step="x")
    assert not at.exception
    assert at.session_state["preset_setting"] == "scenario"
    assert at.session_state["game_filter"] == "both"
    assert shown(at.subheader)[0] == "Step 1 of 12"


def test_a_preset_switch_clears_the_verdict(env: Path) -> None:
    at = open_step("ui-third-street", 5)
    at.radio(key="wt_ui-third-street_5_0_player").set_value("Ana")
    at.button(key="wt_check").click().run()
    assert at.error.len == 1
    at.sidebar.selectbox(key="preset_setting").set_value("roberts").run()
    assert at.error.len == 0 and at.success.len == 0
    assert not at.button(key="wt_check").disabled


def test_compare_presets_shows_every_preset_with_its_rulebook(env: Path) -> None:
    at = open_step("ui-third-street", 5)
    at.radio(key="wt_ui-third-street_5_0_player").set_value("Cy")
    at.button(key="wt_check").click().run()
    assert not [h for h in at.get("html") if "stt-compare" in h.proto.body]
    at.toggle(key="wt_compare").set_value(True).run()
    [html] = [h.proto.body for h in at.get("html") if "stt-compare" in h.proto.body]
    for preset, about in (
        ("online", "(Seven Card Stud Hi/Lo, Seven Card Stud): no burn cards"),
        ("roberts", "Robert&#x27;s Rules of Poker"),
        ("wsop-cash", "live-action (cash game) rules"),
        ("tda", "tournament rules"),
    ):
        assert f"<th scope='row'>{preset}</th><td>" in html
        assert about in html
    assert html.count("<td>Cy acts next</td>") == 4


def test_a_prompt_naming_a_room_is_flagged_under_another_preset() -> None:
    scenario = next(
        s
        for s in load_bank([str(DATA / "scenarios")]).scenarios
        if s.id == "ui-showdown"
    )

    def settings(preset: str) -> Settings:
        return Settings(learner=None, game="both", preset=preset, four_colour=False)

    prompt = "Under WSOP cash-game rules, who shows first?"
    assert room_warning(prompt, scenario, settings("scenario")) is None
    assert room_warning("Who shows first?", scenario, settings("online")) is None
    assert (
        room_warning(prompt, scenario, settings("online"))
        == (
            f"This question was written for the {scenario.rules} house rules; you are "
            "playing it under the online house rules, and the answer follows online."
        )
        or scenario.rules == "online"
    )


def test_the_end_of_a_scenario_shows_the_score_mistakes_and_next(env: Path) -> None:
    at = open_step("ui-third-street", 5)
    at.radio(key="wt_ui-third-street_5_0_player").set_value("Ana")
    at.button(key="wt_check").click().run()  # wrong at the first try
    for _ in range(20):  # past the rest with Next: the last question is still open
        if at.button(key="wt_next").disabled:
            break
        at.button(key="wt_next").click().run()
    assert "**End of the scenario.**" not in shown(at.markdown)
    at.number_input(key="wt_ui-third-street_11_0_left").set_value(2)
    at.button(key="wt_check").click().run()  # wrong too (3 are left)
    assert "**End of the scenario.**" in shown(at.markdown)
    assert (
        "Your score: 0 of 9 questions right at the first try (7 not answered)."
        in shown(at.markdown)
    )
    mistake = at.button(key="wt_mistake_5")
    assert unescape(mistake.label) == "Mistake at step 6: Who acts next?"
    assert unescape(at.button(key="wt_unanswered_6").label) == (
        "Not answered, step 7: What may Cy do?"
    )
    mistake.click().run()
    assert shown(at.subheader)[0] == "Step 6 of 12"
    for _ in range(20):
        if at.button(key="wt_next").disabled:
            break
        at.button(key="wt_next").click().run()
    at.button(key="wt_practise_mistakes").click().run()
    assert shown(at.title) == ["Practice"]
    assert at.radio(key="pr_mode").value == "My mistakes only"


def test_next_scenario_in_this_lesson(env: Path) -> None:
    at = open_step("ui-showdown", 6)
    at.radio(key="wt_ui-showdown_6_0_player").set_value("Ana")
    at.button(key="wt_check").click().run()
    at.button(key="wt_next_scenario").click().run()
    assert at.session_state["wt_scenario"] == "ui-community"
    assert shown(at.subheader)[0] == "Step 1 of 1"


def test_a_practice_round_ends_with_a_summary(env: Path) -> None:
    store().create_learner("Ana")
    at = AppTest.from_file(str(APP), default_timeout=15)
    sign_in(at, "Ana")
    at.run()
    at.switch_page("app_pages/practice.py").run()
    assert at.selectbox(key="pr_topic").value == "ante"
    at.number_input(key="pr_ui-third-street_0_0_each").set_value(1.0)
    at.number_input(key="pr_ui-third-street_0_0_total").set_value(3.0)
    at.button(key="pr_check").click().run()
    assert at.error.len == 1
    assert at.button(key="pr_next").label == "Finish the round"
    at.button(key="pr_next").click().run()
    assert shown(at.subheader) == ["Round done"]
    assert "You answered 1 of 1 questions; 0 right at the first try." in shown(
        at.markdown
    )
    assert (
        "- UI third street, step 1: How much does each player ante, and how much is "
        "that in all?"
    ) in shown(at.markdown)
    at.button(key="pr_again").click().run()
    assert shown(at.subheader) == ["Question 1 of 1: UI third street"]


def test_practice_by_topic_asks_only_that_topics_questions(env: Path) -> None:
    scenarios = load_bank([str(DATA / "scenarios")]).scenarios
    third = next(s for s in scenarios if s.id == "ui-third-street")
    kinds = {step.ask.kind for step in third.steps if step.ask is not None}
    topics = {ask_topic(third.topic, kind) for kind in kinds}
    # The ante question of a bring-in scenario is an ante question; who acts after the
    # bring-in stays a bring-in question.
    assert topics == {"ante", "buy-in", "bring-in", "betting-limits", "raise-cap"}
    assert ask_topic("showdown", "pot") == "betting-limits"
    assert ask_topic("bring-in", "bring-in") == "bring-in"


def test_legal_actions_read_raise_to_and_call_more(env: Path) -> None:
    at = open_step("ui-third-street", 6)  # What may Cy do? (facing the 1 bring-in)
    options = at.multiselect(key="wt_ui-third-street_6_0_actions").options
    assert "call 1 more" in options
    assert "complete to 2" in options
    assert all(
        not o.startswith(("raise ", "complete ")) or " to " in o for o in options
    )


def test_the_lesson_list_shows_status_and_score(env: Path) -> None:
    ana = store().create_learner("Ana")
    store().record_answer(
        ana,
        scenario_id="ui-third-street",
        step=5,
        kind="next-to-act",
        topic="bring-in",
        level=1,
        game="stud8",
        preset="online",
        answer={"player": "Cy"},
        correct=True,
        seconds=3,
    )
    at = AppTest.from_file(str(APP), default_timeout=15)
    sign_in(at, "Ana")
    at.run()
    captions = shown(at.caption)
    # not opened: not started, though a question of its scenario was answered (issue 20)
    assert captions[:2] == [
        "Not started · 1 of 9 questions right at the first try",
        "Not started",
    ]
    at.button(key="learn_open_ui-showdown").click().run()
    at.button(key="learn_back").click().run()
    assert "Read" in shown(at.caption)


def test_a_lesson_read_before_the_name_is_saved_once_the_name_is_given(
    env: Path,
) -> None:
    at = AppTest.from_file(str(APP), default_timeout=15)
    at.run()
    at.button(key="learn_open_ui-showdown").click().run()
    at.button(key="learn_back").click().run()  # read, closed, and only then a name
    claim(at, "Ana")
    ana = store().find_learner("Ana")
    assert ana is not None
    assert store().lessons_read(ana) == {"ui-showdown"}
    # the next learner at the same screen starts with nothing read
    at.sidebar.button(key="sidebar_sign_out").click().run()
    assert shown(at.caption)[:2] == ["Not started", "Not started"]
    claim(at, "Bo")
    bo = store().find_learner("Bo")
    assert bo is not None
    assert store().lessons_read(bo) == set()


def test_a_lessons_read_mark_outlives_the_session(env: Path) -> None:
    ana = store().create_learner("Ana")
    store().create_learner("Bo")
    at = AppTest.from_file(str(APP), default_timeout=15)
    sign_in(at, "Ana")
    at.run()
    at.button(key="learn_open_ui-showdown").click().run()
    at.run()  # a rerun of the lesson writes nothing more
    assert store().lessons_read(ana) == {"ui-showdown"}
    fresh = AppTest.from_file(str(APP), default_timeout=15)  # another browser session
    sign_in(fresh, "Ana")
    fresh.run()
    assert not fresh.exception
    assert shown(fresh.caption)[:2] == ["Not started", "Read"]
    other = AppTest.from_file(str(APP), default_timeout=15)
    sign_in(other, "Bo")
    other.run()
    assert shown(other.caption)[:2] == ["Not started", "Not started"]


def test_continue_where_you_left_off(env: Path) -> None:
    at = open_step("ui-showdown", 3)
    at.switch_page("app_pages/learn.py").run()
    assert "**Continue where you left off:** UI showdown, step 4" in shown(at.markdown)
    at.button(key="learn_continue").click().run()
    assert shown(at.title) == ["Walkthrough"]
    assert shown(at.subheader)[0] == "Step 4 of 7"


ROOT = Path(__file__).resolve().parent.parent


def test_make_run_installs_only_what_running_needs() -> None:
    import shutil
    import subprocess
    import tomllib

    make = shutil.which("make")
    if make is None:
        pytest.skip("make is not installed")

    def dry(target: str) -> str:
        return subprocess.run(
            [make, "-n", "-B", target, "VENV=/nonexistent-venv"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        ).stdout

    run = dry("run")
    assert "-e ." in run and "pip install" in run
    assert "[test]" not in run
    assert "-e '.[test]'" in dry("test")
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    # A license table is deprecated by setuptools 77 (a warning on every build).
    assert project["project"]["license"] == "MIT"
    assert "setuptools>=77" in project["build-system"]["requires"]


def test_the_readme_describes_the_first_visit_as_the_app_does(env: Path) -> None:
    from tutor.ui.learn import WELCOME

    readme = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    assert (
        "On the first visit the Learn page asks for your name: type it and press Enter."
        in readme
    )
    at = AppTest.from_file(str(APP), default_timeout=15).run()
    assert WELCOME in [m.value for m in at.markdown]
    assert "Type your name and press Enter" in WELCOME
    assert at.text_input(key="welcome_name").placeholder == (
        "Type your name and press Enter"
    )
