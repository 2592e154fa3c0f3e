"""The Practice page: its modes, answering a question, mistakes coming back; the queue logic."""

from __future__ import annotations

from pathlib import Path

import pytest
from appkit import point_app_at, shown, sign_in
from streamlit.testing.v1 import AppTest

from tutor import config
from tutor.progress import ProgressStore
from tutor.scenarios.bank import load_bank
from tutor.ui.bank import ask_steps
from tutor.ui.practice import MODES, Item, practice_queue

APP = Path(__file__).resolve().parent.parent / "tutor" / "ui" / "streamlit_app.py"
DATA = Path(__file__).resolve().parent / "data" / "ui"


@pytest.fixture
def env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    point_app_at(monkeypatch, tmp_path, DATA)
    return tmp_path


def practice(learner: str | None = "Ana") -> AppTest:
    at = AppTest.from_file(str(APP), default_timeout=15)
    if learner is not None:
        ProgressStore(config.database_url()).create_learner(learner)
        sign_in(at, learner)
    at.run()
    at.switch_page("app_pages/practice.py").run()
    assert not at.exception
    return at


def heading(at: AppTest) -> str:
    return "".join(shown(at.subheader))


def test_by_topic_answers_are_checked_and_saved(env: Path) -> None:
    at = practice()
    # Topics are the questions' own: the ante question of a bring-in scenario is "ante".
    assert at.selectbox(key="pr_topic").value == "ante"
    assert heading(at) == "Question 1 of 1: UI third street"
    at.selectbox(key="pr_topic").set_value("showdown").run()
    assert heading(at) == "Question 1 of 7: UI showdown"
    at.multiselect(key="pr_ui-showdown_0_0_cards").set_value(
        ["Ah", "Kh", "9h", "7h", "2h"]
    )
    at.button(key="pr_check").click().run()
    assert shown(at.success) == ["Right: flush, A-K-9-7-2 (A♥ K♥ 9♥ 7♥ 2♥)."]
    assert (
        "Rules: [`hand.high`](rules?rule=hand.high) · decided under the **tda** house rules"
        in shown(at.caption)
    )
    at.button(key="pr_next").click().run()
    assert heading(at) == "Question 2 of 7: UI showdown"
    store = ProgressStore(config.database_url())
    learner = store.find_learner("Ana")
    assert learner is not None
    assert [
        (r.scenario_id, r.step, r.kind, r.correct, r.preset)
        for r in store.answers(learner)
    ] == [("ui-showdown", 0, "best-high", True, "tda")]


def test_a_wrong_answer_comes_back_in_my_mistakes(env: Path) -> None:
    at = practice()
    at.radio(key="pr_mode").set_value("My mistakes only").run()
    assert shown(at.info) == [
        "Nothing to practise here: no questions match. Well done if these were your mistakes!"
    ]
    at.radio(key="pr_mode").set_value("By level").run()
    at.selectbox(key="pr_level").set_value(4).run()
    assert heading(at) == "Question 1 of 1: UI eight players on sixth street"
    at.radio(key="pr_ui-community_0_0_yesno").set_value("No")
    at.button(key="pr_check").click().run()
    assert at.error.len == 1
    at.radio(key="pr_mode").set_value("My mistakes only").run()
    assert heading(at) == "Question 1 of 1: UI eight players on sixth street"


def test_mixed_review_and_the_preset_setting(env: Path) -> None:
    at = practice()
    at.radio(key="pr_mode").set_value("Mixed review").run()
    assert heading(at).startswith("Question 1 of 10: ")
    at.sidebar.selectbox(key="preset_setting").set_value("wsop-cash").run()
    assert not at.exception
    assert heading(at).startswith("Question 1 of 10: ")


def test_my_mistakes_needs_a_learner(env: Path) -> None:
    at = practice(learner=None)
    at.radio(key="pr_mode").set_value("My mistakes only").run()
    assert shown(at.info) == [
        "Type your name in the sidebar: your mistakes are kept under it."
    ]


# --------------------------------------------------------------------------- the queue


@pytest.fixture(scope="module")
def items() -> list[Item]:
    bank = load_bank([DATA / "scenarios"])
    return ask_steps(bank.scenarios)


def ids(queue: list[Item]) -> list[tuple[str, int]]:
    return [(s.id, i) for s, i in queue]


def test_queue_by_topic_and_level(items: list[Item]) -> None:
    assert ids(practice_queue(items, "By topic", topic="showdown")) == [
        ("ui-showdown", n) for n in range(7)
    ]
    assert ids(practice_queue(items, "By level", level=4)) == [("ui-community", 0)]
    assert practice_queue(items, "By level", level=5) == []


def test_queue_mistakes_only(items: list[Item]) -> None:
    mistakes = frozenset({("ui-third-street", 9), ("ui-showdown", 5), ("gone", 1)})
    assert ids(practice_queue(items, "My mistakes only", mistakes=mistakes)) == [
        ("ui-third-street", 9),
        ("ui-showdown", 5),
    ]


def test_queue_mixed_puts_mistakes_then_new_questions_first(items: list[Item]) -> None:
    answered = frozenset((s.id, i) for s, i in items if s.id == "ui-third-street")
    mistakes = frozenset({("ui-third-street", 2)})
    queue = ids(
        practice_queue(
            items, "Mixed review", mistakes=mistakes, answered=answered, seed=3
        )
    )
    assert len(queue) == 10
    assert queue[0] == ("ui-third-street", 2)
    assert sorted(queue[1:9]) == [("ui-community", 0)] + [
        ("ui-showdown", n) for n in range(7)
    ]
    assert queue[9][0] == "ui-third-street"
    assert queue == ids(
        practice_queue(
            items, "Mixed review", mistakes=mistakes, answered=answered, seed=3
        )
    )


def test_queue_unknown_mode() -> None:
    assert MODES == ("By topic", "By level", "My mistakes only", "Mixed review")
    from tutor.engine.errors import TutorError

    with pytest.raises(
        TutorError, match=r"^unknown practice mode 'Random': use one of By topic, "
    ):
        practice_queue([], "Random")
