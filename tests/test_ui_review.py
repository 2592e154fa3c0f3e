"""The Review page in AppTest, with a fake clock: due rules, the coming days, the session."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from appkit import point_app_at, sign_in
from streamlit.testing.v1 import AppTest

import tutor.ui.review as review_ui
from tutor import config
from tutor.progress import ProgressStore
from tutor.review import recompute

APP = Path(__file__).resolve().parent.parent / "tutor" / "ui" / "streamlit_app.py"
DATA = Path(__file__).resolve().parent / "data" / "ui"
T0 = datetime(2026, 11, 2, 9, 0, tzinfo=UTC)


class FakeClock:
    def __init__(self) -> None:
        self.now = T0

    def __call__(self) -> datetime:
        return self.now


@pytest.fixture
def clock(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> FakeClock:
    point_app_at(monkeypatch, tmp_path, DATA)
    fake = FakeClock()
    monkeypatch.setattr(review_ui, "clock", fake)
    return fake


def answer(
    store: ProgressStore,
    name: str,
    when: datetime,
    rules: tuple[str, ...],
    correct: bool,
    seconds: float,
) -> None:
    learner = store.find_learner(name)
    assert learner is not None
    store.record_answer(
        learner,
        scenario_id="ui-third-street",
        step=0,
        kind="bring-in",
        topic="bring-in",
        level=1,
        game="stud8",
        preset="online",
        answer={"player": "Bo"},
        correct=correct,
        seconds=seconds,
        answered_at=when,
        rules=rules,
    )


def review(name: str | None) -> AppTest:
    at = AppTest.from_file(str(APP), default_timeout=30)
    if name is not None:
        sign_in(at, name)
    at.run()
    at.switch_page("app_pages/review.py").run()
    assert not at.exception
    return at


def text(at: AppTest) -> list[str]:
    return [m.value for m in at.markdown]


def test_review_without_a_learner_or_answers(clock: FakeClock) -> None:
    at = review(None)
    assert (
        at.info[0].value
        == "Choose your name in the sidebar to review the rules you have met."
    )
    ProgressStore(config.database_url()).create_learner("Bo")
    at = review("Bo")
    assert at.info[0].value.startswith("No rules to review yet: answer a few questions")


def test_due_rules_make_the_session_and_the_days_ahead(clock: FakeClock) -> None:
    store = ProgressStore(config.database_url())
    store.create_learner("Ana")
    answer(store, "Ana", T0, ("bring-in.who", "bring-in.amount"), False, 12.0)
    answer(store, "Ana", T0 + timedelta(seconds=30), ("hand.high",), True, 3.0)
    clock.now = T0 + timedelta(hours=1)
    at = review("Ana")
    assert "**3 rules met**, **2 due now** (as of 2026-11-02 10:00 UTC)." in text(at)
    assert any(
        m.startswith("Every answer you give rates the rules its ruling cites")
        for m in text(at)
    )
    days = at.table[0].value
    assert list(days.columns) == [
        "Mon 02 Nov",
        "Tue 03 Nov",
        "Wed 04 Nov",
        "Thu 05 Nov",
        "Fri 06 Nov",
        "Sat 07 Nov",
        "Sun 08 Nov",
    ]
    counts = [int(days[c].iloc[0]) for c in days.columns]
    learner = store.find_learner("Ana")
    assert learner is not None
    cards = recompute(store.answers(learner))
    assert counts[0] == 2
    assert sum(counts) == sum(
        c.due.date() <= datetime(2026, 11, 8, tzinfo=UTC).date() for c in cards.values()
    )
    assert "Rule 1 of 2: [`bring-in.amount`](rules?rule=bring-in.amount)" in text(
        at
    ) or "Rule 1 of 2: [`bring-in.who`](rules?rule=bring-in.who)" in text(at)
    assert any(m.startswith("**Question:** ") for m in text(at))
    saved = store.review_cards(store.find_learner("Ana"))  # type: ignore[arg-type]
    assert sorted(saved) == ["bring-in.amount", "bring-in.who", "hand.high"]
    at.button(key="rv_next").click().run()
    assert any(m.startswith("Rule 2 of 2: [`bring-in.") for m in text(at))
    at.button(key="rv_next").click().run()
    # both passed with Next unanswered: shown as such (issue 20 item 4)
    assert at.success.len == 0
    assert at.warning[0].value == (
        "Session done: 0 of 2 rules reviewed. Not answered: rules 1, 2."
    )


def test_a_right_answer_pushes_the_rule_back(clock: FakeClock) -> None:
    store = ProgressStore(config.database_url())
    store.create_learner("Cy")
    answer(store, "Cy", T0, ("bring-in.who",), False, 12.0)
    clock.now = T0 + timedelta(hours=1)
    assert "**1 rule met**, **1 due now** (as of 2026-11-02 10:00 UTC)." in text(
        review("Cy")
    )
    answer(store, "Cy", T0 + timedelta(hours=2), ("bring-in.who",), True, 5.0)
    clock.now = T0 + timedelta(hours=2, minutes=1)
    at = review("Cy")
    assert "**1 rule met**, **0 due now** (as of 2026-11-02 11:01 UTC)." in text(at)
    assert (
        at.success[0].value
        == "Nothing is due now. Come back on the next day with rules due."
    )
    learner = store.find_learner("Cy")
    assert learner is not None
    saved = store.review_cards(learner)
    fresh = recompute(store.answers(learner))
    assert saved["bring-in.who"].card_json == fresh["bring-in.who"].to_json()
    store.clear_review_cards(learner)
    at.button(key="rv_rebuild").click().run()
    assert (
        store.review_cards(learner)["bring-in.who"].card_json
        == fresh["bring-in.who"].to_json()
    )


def test_times_and_days_are_the_learners_and_due_now_agrees_with_today(
    clock: FakeClock,
) -> None:
    store = ProgressStore(config.database_url())
    store.create_learner("Di")
    answer(store, "Di", T0, ("bring-in.who",), False, 12.0)  # due again in minutes
    clock.now = T0 + timedelta(seconds=20)
    at = AppTest.from_file(str(APP), default_timeout=30)
    sign_in(at, "Di")
    at.context["timezone"] = "Pacific/Auckland"  # UTC+13 in November
    at.run()
    at.switch_page("app_pages/review.py").run()
    assert not at.exception
    assert (
        "**1 rule met**, **0 due now**, 1 more later today "
        "(as of 2026-11-02 22:00 Pacific/Auckland)."
    ) in text(at)
    days = at.table[0].value
    assert list(days.columns)[0] == "Mon 02 Nov"
    assert int(days["Mon 02 Nov"].iloc[0]) == 1
    assert not any("FSRS" in m for m in text(at))
    assert (
        at.success[0].value == "Nothing is due now: 1 more later today. Come back then."
    )
