"""Issue 20, the walkthrough's items: nothing on a step answers the current or the next
question (2), Next before answering leaves the question open (4), a reload is not a first
attempt again (5), the wrap-up waits for the last answer (7), the game choice sticks and
the lesson cards count as the wrap-up does (8, 13)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from appkit import point_app_at, shown, sign_in, unescape
from streamlit.testing.v1 import AppTest

from tutor import config
from tutor.asks import hidden_until_answered
from tutor.progress import ProgressStore
from tutor.scenarios.bank import load_bank
from tutor.scenarios.replay import walk
from tutor.ui.learn import lesson_status
from tutor.ui.screen import ask_hides, next_ask, step_screen

APP = Path(__file__).resolve().parent.parent / "tutor" / "ui" / "streamlit_app.py"
#: The UI tests' bank (tests/data/ui) and one bundled ruling scenario (see its header).
DATA = Path(__file__).resolve().parent / "data" / "walk"


@pytest.fixture
def env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    point_app_at(monkeypatch, tmp_path, DATA)
    return tmp_path


def store() -> ProgressStore:
    return ProgressStore(config.database_url())


def scenarios() -> dict[str, object]:
    return {s.id: s for s in load_bank([str(DATA / "scenarios")]).scenarios}


def open_step(scenario_id: str, pos: int, learner: str | None = "Ana") -> AppTest:
    at = AppTest.from_file(str(APP), default_timeout=20)
    if learner is not None:
        if store().find_learner(learner) is None:
            store().create_learner(learner)
        sign_in(at, learner)
    at.query_params["scenario"] = scenario_id
    at.query_params["step"] = str(pos + 1)
    at.run()
    at.switch_page("app_pages/walkthrough.py").run()
    assert not at.exception
    return at


def table(at: AppTest) -> str:
    [html] = [
        h.proto.body for h in at.get("html") if 'class="stt-table"' in h.proto.body
    ]
    return str(html)


def seat(html: str, number: int) -> str:
    """The opening tag of one seat's box."""
    found = re.search(rf'<div class="[^"]*" data-seat="{number}"', html)
    assert found is not None
    return found.group(0)


def rows(name: str = "Ana") -> list[tuple[int, bool, int, bool]]:
    learner = store().find_learner(name)
    assert learner is not None
    return [
        (r.step, r.correct, r.attempt, r.after_reveal) for r in store().answers(learner)
    ]


# -- item 2: one rule for what a step hides ------------------------------------------


def test_every_step_hides_what_its_question_and_the_next_question_ask() -> None:
    checked = 0
    for scenario in load_bank([str(DATA / "scenarios")]).scenarios:
        results = walk(scenario)
        for pos, result in enumerate(results):
            hides = step_screen(results, pos, set()).hides
            if result.ask is not None:
                assert hidden_until_answered(result.ask.kind) <= hides, (
                    scenario.id,
                    pos,
                )
                assert ask_hides(result) <= hides
            after = next_ask(results, pos)
            if after is not None:
                assert ask_hides(results[after]) & {"to-act", "pot"} <= hides
                checked += 1
            everything = set(range(len(results)))
            assert step_screen(results, pos, everything).hides == frozenset()
    assert checked > 20


def test_a_pot_question_does_not_mark_who_acts_at_the_next_question(env: Path) -> None:
    at = open_step("ui-third-street", 3)  # the pot; step 6 asks who acts after Bo
    html = table(at)
    assert "stt-to-act" not in html and "to act" not in html


def test_the_action_before_a_who_acts_question_does_not_mark_the_answer(
    env: Path,
) -> None:
    at = open_step("ui-third-street", 4)  # "Bo brings in"; next: who acts next (Cy)?
    assert "stt-to-act" not in table(at)


def test_a_ruling_shows_the_table_before_the_irregularity_and_its_prompt_hides_the_player(
    env: Path,
) -> None:
    at = open_step("irr-fold-no-bet-roberts", 1)  # the event: Bo folds, could check
    html = table(at)
    assert "stt-folded" not in seat(html, 2)  # the ruling says what comes of the fold
    assert "stt-to-act" not in html
    at = open_step("irr-fold-no-bet-roberts", 2)  # the ruling: Cy acts next
    html = table(at)
    assert "stt-folded" not in seat(html, 2) and "stt-to-act" not in html
    assert (
        "**Question:** Ana checks and Bo folds, although he could check. What is the "
        "ruling, and what may that player do?"
    ) in shown(at.markdown)
    lines = "\n".join(m for m in shown(at.markdown) if m.startswith("- **"))
    assert "Bo" not in lines  # nothing of the fold or its ruling in what happened


# -- item 4: Next before answering ----------------------------------------------------


def test_next_without_an_answer_keeps_the_question_open_and_hidden(env: Path) -> None:
    at = open_step("ui-third-street", 5)  # who acts next? (Cy)
    at.button(key="wt_next").click().run()  # step 7 asks "What may Cy do?"
    assert not [m for m in shown(at.markdown) if m.startswith("**Question:**")]
    assert (
        "This step would show the answer to the question at step 6, which you went past "
        "without answering. Answer it first, or ask for its answer."
    ) in shown(at.markdown)
    assert (
        "Not answered: step 6. It counts as not answered until you answer it."
        in shown(at.caption)
    )
    at.button(key="wt_blocked_back").click().run()
    assert shown(at.subheader)[0] == "Step 6 of 12"
    at.button(key="wt_give_up").click().run()
    assert shown(at.error) == [
        "Not answered: you asked for the answer. The answer is Cy acts next."
    ]
    assert rows() == [(5, False, 1, False)]
    at.button(key="wt_next").click().run()
    assert "**Question:** What may Cy do?" in shown(at.markdown)


def test_a_blocked_step_can_show_the_skipped_answer(env: Path) -> None:
    at = open_step("ui-third-street", 5)
    at.button(key="wt_next").click().run()
    assert shown(at.subheader)[0] == "Step 7 of 12"
    at.button(key="wt_blocked_give_up").click().run()
    assert shown(at.subheader)[0] == "Step 6 of 12"
    assert shown(at.error) == [
        "Not answered: you asked for the answer. The answer is Cy acts next."
    ]
    assert rows() == [(5, False, 1, False)]


# -- item 5: a reload is not a first attempt --------------------------------------------


def test_a_reload_does_not_make_a_question_a_first_attempt_again(env: Path) -> None:
    at = open_step("ui-third-street", 5)
    at.radio(key="wt_ui-third-street_5_0_player").set_value("Ana")
    at.button(key="wt_check").click().run()
    again = open_step("ui-third-street", 5)  # the same address in a new session
    again.radio(key="wt_ui-third-street_5_0_player").set_value("Cy")
    again.button(key="wt_check").click().run()
    assert shown(again.success) == ["Right: Cy acts next."]
    assert rows() == [(5, False, 1, False), (5, True, 2, True)]


def test_a_run_numbers_its_attempts_and_a_new_run_starts_again(env: Path) -> None:
    ana = store().create_learner("Ana")
    s = store()
    run = s.open_run(ana, "x")
    assert s.open_run(ana, "x") == run  # a reload finds it
    args = dict(
        scenario_id="x", kind="ante", topic="ante", level=1, game="stud",
        preset="tda", answer={}, seconds=1,
    )  # fmt: skip
    first = s.record_answer(ana, step=0, correct=False, run_id=run, **args)  # type: ignore[arg-type]
    second = s.record_answer(ana, step=0, correct=True, run_id=run, **args)  # type: ignore[arg-type]
    assert (first.attempt, first.after_reveal) == (1, False)
    assert (second.attempt, second.after_reveal) == (2, True)
    assert s.run_firsts(run) == {0: False}
    fresh = s.open_run(ana, "x", new=True)
    assert fresh != run and s.run_finished(run) and not s.run_finished(fresh)
    third = s.record_answer(ana, step=0, correct=True, run_id=fresh, **args)  # type: ignore[arg-type]
    assert third.attempt == 1
    assert s.last_run(ana) == ("x", False)


# -- item 7: the wrap-up ----------------------------------------------------------------


def test_the_wrap_up_waits_for_the_last_answer_and_offers_one_way_on(env: Path) -> None:
    at = open_step("ui-showdown", 6)  # the last step: who shows first?
    assert "**End of the scenario.**" not in shown(at.markdown)
    with pytest.raises(KeyError):
        at.button(key="wt_next_scenario")
    at.radio(key="wt_ui-showdown_6_0_player").set_value("Ana")
    at.button(key="wt_check").click().run()
    assert "**End of the scenario.**" in shown(at.markdown)
    assert (
        "Your score: 1 of 7 questions right at the first try (6 not answered)."
        in shown(at.markdown)
    )
    primary = [b for b in at.button if b.proto.type == "primary" and not b.disabled]
    assert [b.key for b in primary] == ["wt_next_scenario"]
    assert unescape(at.button(key="wt_next_scenario").label) == (
        "Next scenario: UI eight players on sixth street"
    )
    assert "wt_practise_mistakes" not in [b.key for b in at.button]


def test_continue_after_a_finished_scenario_opens_the_next_one(env: Path) -> None:
    at = open_step("ui-showdown", 6)
    at.radio(key="wt_ui-showdown_6_0_player").set_value("Ana")
    at.button(key="wt_check").click().run()
    at.switch_page("app_pages/learn.py").run()
    assert (
        "**Continue where you left off:** UI eight players on sixth street, step 1"
        in shown(at.markdown)
    )
    fresh = AppTest.from_file(
        str(APP), default_timeout=20
    )  # another day, from the store
    sign_in(fresh, "Ana")
    fresh.run()
    assert (
        "**Continue where you left off:** UI eight players on sixth street, step 1"
        in shown(fresh.markdown)
    )
    fresh.button(key="learn_continue").click().run()
    assert fresh.session_state["wt_scenario"] == "ui-community"
    assert shown(fresh.subheader)[0] == "Step 1 of 1"


# -- items 8 and 13: the game sticks; the lesson cards count as the wrap-up ---------------


def test_the_learn_page_follows_the_game_chosen(env: Path) -> None:
    store().create_learner("Ana")
    at = AppTest.from_file(str(APP), default_timeout=20)
    sign_in(at, "Ana")
    at.query_params["game"] = "stud8"
    at.run()
    assert shown(at.title) == ["Learn Seven Card Stud Hi/Lo (eight or better)"]
    at.query_params["game"] = "stud"
    stud = AppTest.from_file(str(APP), default_timeout=20)
    sign_in(stud, "Ana")
    stud.query_params["game"] = "stud"
    stud.run()
    assert shown(stud.title) == ["Learn Seven Card Stud"]
    stud.switch_page("app_pages/walkthrough.py").run()
    assert stud.session_state["wt_scenario"] == "ui-community"
    assert stud.session_state["game_filter"] == "stud"


def test_a_lesson_is_started_only_when_opened_and_counts_its_own_questions(
    env: Path,
) -> None:
    assert lesson_status([("a", 0), ("a", 1)], {("a", 0): True}, False) == (
        "Not started · 1 of 2 questions right at the first try"
    )
    assert lesson_status([("a", 0), ("a", 1)], {("a", 0): True}, True) == (
        "Started · 1 of 2 questions right at the first try"
    )
    at = open_step("ui-showdown", 6)  # lesson 2's scenario, played without the lesson
    at.radio(key="wt_ui-showdown_6_0_player").set_value("Ana")
    at.button(key="wt_check").click().run()
    at.switch_page("app_pages/learn.py").run()
    captions = shown(at.caption)
    assert "Not started" in captions  # lesson 1: nothing of its own answered
    assert "Not started · 1 of 8 questions right at the first try" in captions


# -- item 10: one notation; item 12: no developer words -----------------------------------


def test_prompts_and_hints_write_cards_and_amounts_as_the_table_does(env: Path) -> None:
    at = open_step("ui-third-street", 1)
    assert "**Question:** What is the minimum buy-in at this 2-4 table?" in shown(
        at.markdown
    )
    at = open_step("ui-third-street", 2)
    at.button(key="wt_hint_button").click().run()
    assert shown(at.info) == ["Hint: Look at the door cards only: 2♣ is the lowest."]


def test_learners_see_titles_not_ids(env: Path) -> None:
    at = open_step("ui-third-street", 5)
    assert at.selectbox(key="wt_pick").options[:2] == [
        "UI third street · level 1",
        "UI showdown · level 3",
    ]
    at.radio(key="wt_ui-third-street_5_0_player").set_value("Cy")
    at.button(key="wt_check").click().run()
    at.switch_page("app_pages/practice.py").run()
    topics = at.selectbox(key="pr_topic").options
    assert "Antes" in topics and "The bring-in" in topics
    assert not set(topics) & {"ante", "bring-in", "betting-limits"}
    at.switch_page("app_pages/progress.py").run()
    assert not at.exception
    table_ = at.table[0].value
    assert list(table_.columns) == ["Topic", "Mastery"]
    assert list(table_["Topic"]) == ["The bring-in"]
    for chart in at.get("plotly_chart"):
        spec = chart.proto.spec
        assert '"bring-in"' not in spec
    at.switch_page("app_pages/learn.py").run()
    at.button(key="learn_open_ui-bring-in").click().run()
    lesson = "\n".join(shown(at.markdown))
    assert "`bring-in.who`" not in lesson
    assert "[Who brings in](rules?rule=bring-in.who)" in lesson


# -- issue 25 leftovers: glossary links and the session's language in prompts --------------


def test_a_prompt_links_a_glossary_terms_first_use(env: Path) -> None:
    at = open_step("ui-third-street", 2)
    assert (
        "**Question:** Who brings in\\, and for how much\\? Look at each "
        "[door card](glossary?term=door-card)\\."
    ) in [m.value for m in at.markdown]
