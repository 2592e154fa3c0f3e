"""Issue 20 in Practice and Review: the one screen rule of the walkthrough (nothing on
screen answers the question, or the next question of its hand, before it is checked), a
question passed with Next is shown as not answered and a later question that would show
its answer waits for it (items 2 and 4); Enter in an amount box checks (the speed part).

The bank is tests/data/walk (the UI tests' scenarios and one bundled ruling scenario; see
each file's header).
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from appkit import point_app_at, shown, sign_in, unescape
from streamlit.testing.v1 import AppTest

import tutor.ui.review as review_ui
from tutor import config
from tutor.progress import ProgressStore

APP = Path(__file__).resolve().parent.parent / "tutor" / "ui" / "streamlit_app.py"
DATA = Path(__file__).resolve().parent / "data" / "walk"
T0 = datetime(2026, 11, 2, 9, 0, tzinfo=UTC)


@pytest.fixture
def env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    point_app_at(monkeypatch, tmp_path, DATA)
    return tmp_path


def store() -> ProgressStore:
    return ProgressStore(config.database_url())


def practice(topic: str | None = None, level: int | None = None) -> AppTest:
    store().create_learner("Ana")
    at = AppTest.from_file(str(APP), default_timeout=20)
    sign_in(at, "Ana")
    at.run()
    at.switch_page("app_pages/practice.py").run()
    if topic is not None:
        at.selectbox(key="pr_topic").set_value(topic).run()
    if level is not None:
        at.radio(key="pr_mode").set_value("By level").run()
        at.selectbox(key="pr_level").set_value(level).run()
    assert not at.exception
    return at


def tables(at: AppTest) -> list[str]:
    return [
        str(h.proto.body) for h in at.get("html") if 'class="stt-table"' in h.proto.body
    ]


def table(at: AppTest) -> str:
    [html] = tables(at)
    return html


def seat(html: str, number: int) -> str:
    """The opening tag of one seat's box."""
    found = re.search(rf'<div class="[^"]*" data-seat="{number}"', html)
    assert found is not None
    return found.group(0)


def prompt(at: AppTest) -> str:
    [found] = [
        unescape(m.value) for m in at.markdown if m.value.startswith("**Question:**")
    ]
    return found


def heading(at: AppTest) -> str:
    return "".join(shown(at.subheader))


# -- item 2 in Practice: what each kind of question hides ----------------------------


def test_a_pot_question_hides_the_pot_and_who_acts(env: Path) -> None:
    at = practice(topic="betting-limits")  # ui-third-street step 4: the pot is 0.75
    assert heading(at) == "Question 1 of 1: UI third street"
    html = table(at)
    assert "Pot: hidden until you answer" in html and "Pot 0.75" not in html
    # the next question of the hand asks who acts next: no one is marked to act
    assert "stt-to-act" not in html and "to act" not in html
    at.number_input(key="pr_ui-third-street_3_0_pot").set_value(0.75)
    at.button(key="pr_check").click().run()
    assert shown(at.success)[0].startswith("Right")
    html = table(at)
    assert "Pot 0.75" in html  # answered: its own answer shows
    assert "stt-to-act" not in html  # the next question of the hand is still open


def test_a_bring_in_question_hides_the_player_and_the_next_questions_pot(
    env: Path,
) -> None:
    at = practice(topic="bring-in")  # step 3: Bo brings in; step 4 asks the pot
    assert heading(at) == "Question 1 of 5: UI third street"
    assert prompt(at).startswith("**Question:** Who brings in, and for how much?")
    html = table(at)
    assert "stt-to-act" not in html
    assert "Pot: hidden until you answer" in html


def test_a_who_acts_question_does_not_mark_its_answer(env: Path) -> None:
    at = practice(topic="first-to-act")  # irr-fold-no-bet-roberts: Ana acts first
    assert prompt(at) == (
        "**Question:** Everyone else checks and fifth street is dealt. Who acts first?"
    )
    assert "stt-to-act" not in table(at)


def test_a_ruling_shows_the_hand_before_the_irregularity_and_hides_the_player(
    env: Path,
) -> None:
    at = practice(topic="irregularities")  # Bo folds though he could check
    html = table(at)
    assert "stt-folded" not in seat(html, 2)  # the ruling says what comes of the fold
    assert "stt-to-act" not in html  # Cy, the answer's next player
    assert prompt(at) == (
        "**Question:** Ana checks and Bo folds, although he could check. What is the "
        "ruling, and what may that player do?"
    )
    assert all("Cy" not in line for line in shown(at.expander[0].markdown))


# -- item 4 in Practice: Next before answering ----------------------------------------


def test_next_before_answering_leaves_the_question_open_and_blocks_its_answer(
    env: Path,
) -> None:
    at = practice(level=1)  # ui-third-street's nine questions, in the hand's order
    for _ in range(4):
        at.button(key="pr_next").click().run()
    assert heading(at) == "Question 5 of 9: UI third street"
    assert prompt(at) == "**Question:** Who acts next?"  # Cy
    at.button(key="pr_next").click().run()  # passed unanswered
    # question 6 asks "What may Cy do?": it would answer question 5
    assert heading(at) == "Question 6 of 9: UI third street"
    assert not [m for m in at.markdown if m.value.startswith("**Question:**")]
    assert tables(at) == []
    assert (
        "This question would show the answer to question 5, which you went past "
        "without answering. Answer it first, or ask for its answer."
    ) in shown(at.markdown)
    assert shown(at.caption)[-1] == (
        "Not answered: questions 1, 2, 3, 4, 5. They count as not answered until you "
        "answer them."
    )
    assert at.button(key="pr_blocked_back").label == "Back to question 5"
    at.button(key="pr_blocked_back").click().run()
    assert heading(at) == "Question 5 of 9: UI third street"
    at.radio(key="pr_ui-third-street_5_0_player").set_value("Cy")
    at.button(key="pr_check").click().run()
    assert shown(at.success)[0].startswith("Right")
    at.button(key="pr_next").click().run()
    assert prompt(at) == "**Question:** What may Cy do?"


def test_asking_for_a_passed_questions_answer_counts_it_as_not_answered(
    env: Path,
) -> None:
    at = practice(level=1)
    for _ in range(5):
        at.button(key="pr_next").click().run()
    at.button(key="pr_blocked_give_up").click().run()
    assert heading(at) == "Question 5 of 9: UI third street"
    [error] = shown(at.error)
    assert error.startswith("Not answered: you asked for the answer.")
    learner = store().find_learner("Ana")
    assert learner is not None
    assert [(r.step, r.correct) for r in store().answers(learner)] == [(5, False)]


def test_the_round_summary_lists_the_questions_not_answered(env: Path) -> None:
    at = practice(topic="ante")
    assert at.button(key="pr_next").label == "Finish the round"
    at.button(key="pr_next").click().run()
    assert heading(at) == "Round done"
    texts = shown(at.markdown)
    assert "You answered 0 of 1 questions; 0 right at the first try." in texts
    assert "Not answered: question 1." in texts
    # no mistakes to practise: one way on
    assert [b.key for b in at.button if b.key.startswith("pr_")] == ["pr_again"]


# -- the speed part: Enter in an amount box checks ------------------------------------


def test_amount_boxes_are_in_a_form_whose_submit_is_check(env: Path) -> None:
    at = practice(topic="ante")
    [form] = [f for f in at.get("form") if any(b.key == "pr_check" for b in f.button)]
    boxes = [w.key for w in form.number_input]
    assert boxes == ["pr_ui-third-street_0_0_each", "pr_ui-third-street_0_0_total"]
    assert [b.key for b in form.button] == ["pr_check"]  # at most 2 inputs plus submit
    at.number_input(key="pr_ui-third-street_0_0_each").set_value(0.25)
    at.number_input(key="pr_ui-third-street_0_0_total").set_value(0.75)
    at.button(key="pr_check").click().run()
    assert shown(at.success)[0].startswith("Right")


# -- Review: the same rule ------------------------------------------------------------


def review_of(rule: str, monkeypatch: pytest.MonkeyPatch) -> AppTest:
    """Ana's review session with ``rule`` due (its question from the bank only)."""
    clock_now = T0 + timedelta(hours=1)
    monkeypatch.setattr(review_ui, "clock", lambda: clock_now)
    monkeypatch.setattr(review_ui, "target_rules", lambda: {})
    learner = store().create_learner("Ana")
    store().record_answer(
        learner,
        scenario_id="ui-third-street",
        step=0,
        kind="ante",
        topic="ante",
        level=1,
        game="stud8",
        preset="online",
        answer={},
        correct=False,
        seconds=9.0,
        answered_at=T0,
        rules=(rule,),
    )
    at = AppTest.from_file(str(APP), default_timeout=30)
    sign_in(at, "Ana")
    at.run()
    at.switch_page("app_pages/review.py").run()
    assert not at.exception
    return at


def test_review_shows_one_table_that_hides_the_next_questions_answer(
    env: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    at = review_of("bring-in.complete", monkeypatch)  # "What may Cy do?"
    assert prompt(at) == "**Question:** What may Cy do?"
    # one table; the next question of the hand asks who opens fourth street (Cy, to act)
    html = table(at)
    assert "stt-to-act" not in html


def test_review_of_a_ruling_shows_the_hand_before_the_irregularity(
    env: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    at = review_of("irr.fold-no-bet", monkeypatch)
    html = table(at)
    assert "stt-folded" not in seat(html, 2)
    assert "stt-to-act" not in html
    assert prompt(at).endswith("What is the ruling, and what may that player do?")


def test_review_next_before_answering_is_shown_as_not_answered(
    env: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    at = review_of("bring-in.complete", monkeypatch)
    at.button(key="rv_next").click().run()
    assert shown(at.warning) == [
        "Session done: 0 of 1 rule reviewed. Not answered: rule 1."
    ]


# -- item 3: Practice and Review speak Italian ----------------------------------------


def test_practice_and_review_speak_italian(
    env: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from test_ui_italian_instructor import english_on, texts

    from tutor.i18n import use_language

    with use_language("it"):
        store().create_learner("Ana")
        at = AppTest.from_file(str(APP), default_timeout=30)
        sign_in(at, "Ana")
        at.query_params["lang"] = "it"
        at.run()
        at.switch_page("app_pages/practice.py").run()
        screens = {"practice question": english_on(at)}
        assert [t.value for t in at.title] == ["Pratica"]
        assert at.button(key="pr_check").label == "Controlla"
        at.number_input(key="pr_ui-third-street_0_0_each").set_value(1.0)
        at.number_input(key="pr_ui-third-street_0_0_total").set_value(3.0)
        at.button(key="pr_check").click().run()
        screens["practice verdict"] = english_on(at)
        at.button(key="pr_next").click().run()
        screens["practice summary"] = english_on(at)
        assert "Giro finito" in texts(at)
        at.switch_page("app_pages/review.py").run()
        screens["review"] = english_on(at)
        assert [t.value for t in at.title] == ["Ripasso"]
    assert {k: v for k, v in screens.items() if v} == {}
