"""Progress charts: exact data for a small fixture (through the store's SQL figures), and an
empty state for no answers."""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime, timedelta

import plotly.graph_objects as go
import pytest

from tutor.charts import (
    NO_ANSWERS,
    accuracy_by_topic,
    accuracy_over_time,
    mastery_chart,
    time_per_answer,
)
from tutor.progress import AnswerRecord, ProgressFigures, ProgressStore

DAY1 = datetime(2026, 11, 27, 23, 30, tzinfo=UTC)


def record(
    n: int,
    topic: str,
    correct: bool,
    seconds: float,
    when: datetime,
    scenario: str = "s1",
) -> AnswerRecord:
    return AnswerRecord(
        id=n,
        learner_id=1,
        scenario_id=scenario,
        step=0,
        kind="bring-in",
        topic=topic,
        level=1,
        game="stud8",
        preset="online",
        answer_json="null",
        correct=correct,
        seconds=seconds,
        answered_at=when,
    )


def figures(records: list[AnswerRecord]) -> ProgressFigures:
    """The records saved in a fresh in-memory store, and the figures it works out."""
    with ProgressStore("sqlite://") as store:
        learner = store.create_learner("Ana")
        for r in records:
            store.record_answer(
                learner,
                scenario_id=r.scenario_id,
                step=r.step,
                kind=r.kind,
                topic=r.topic,
                level=r.level,
                game=r.game,
                preset=r.preset,
                answer=None,
                correct=r.correct,
                seconds=r.seconds,
                answered_at=r.answered_at,
                attempt=r.attempt,
                after_reveal=r.after_reveal,
            )
        return store.progress(learner)


FIXTURE = [
    record(1, "bring-in", True, 4.0, DAY1),
    record(2, "bring-in", False, 10.0, DAY1 + timedelta(minutes=20)),
    record(3, "ante", True, 3.0, DAY1 + timedelta(minutes=40)),  # next UTC day
    record(4, "bring-in", True, 5.0, DAY1 + timedelta(days=1)),
    record(5, "ante", False, 2.5, DAY1 + timedelta(days=2)),
    record(6, "ante", True, 3.5, DAY1 + timedelta(days=2, minutes=1)),
]


def test_accuracy_by_topic() -> None:
    fig = accuracy_by_topic(figures(FIXTURE))
    bars = fig.data[0]
    assert bars.x == ("ante", "bring-in")
    assert bars.y == (66.7, 66.7)
    assert bars.customdata == ([2, 3], [2, 3])
    assert fig.layout.title.text == "Accuracy by topic"
    assert fig.layout.xaxis.title.text == "Topic"
    assert fig.layout.yaxis.title.text == "Answers right (%)"
    assert fig.layout.yaxis.range == (0, 100)


def test_accuracy_over_time() -> None:
    fig = accuracy_over_time(figures(FIXTURE))
    daily, running = fig.data
    assert daily.name == "Accuracy that day"
    assert daily.x == ("2026-11-27", "2026-11-28", "2026-11-29")
    assert daily.y == (50.0, 100.0, 50.0)
    assert daily.customdata == ([1, 2], [2, 2], [1, 2])
    assert running.name == "Accuracy so far"
    assert running.x == daily.x
    assert running.y == (50.0, 75.0, 66.7)
    assert fig.layout.title.text == "Accuracy per day"
    assert fig.layout.xaxis.title.text == "Day (UTC)"
    assert fig.layout.yaxis.title.text == "Answers right (%)"


def test_time_per_answer() -> None:
    fig = time_per_answer(figures(FIXTURE))
    bars = fig.data[0]
    assert bars.x == ("ante", "bring-in")
    assert bars.y == (3.0, 6.3)
    assert bars.customdata == ([3, 3.0], [3, 5.0])
    assert fig.layout.title.text == "Time per answer by topic"
    assert fig.layout.xaxis.title.text == "Topic"
    assert fig.layout.yaxis.title.text == "Seconds per answer"


def test_mastery_chart() -> None:
    start = datetime(2026, 11, 29, 9, 0, tzinfo=UTC)
    familiar = [
        record(100 + i, "showdown", i >= 2, 5.0, start + timedelta(minutes=i))
        for i in range(5)
    ]
    fig = mastery_chart(figures(FIXTURE + familiar))
    bars = fig.data[0]
    assert bars.x == ("ante", "bring-in", "showdown")
    assert bars.y == (1, 1, 2)
    assert bars.text == ("attempted", "attempted", "familiar")
    assert bars.customdata == (
        "attempted: at least 1 answer<br>next, familiar: 5+ answers, 60% of the last 10 right",
        "attempted: at least 1 answer<br>next, familiar: 5+ answers, 60% of the last 10 right",
        (
            "familiar: 5+ answers, 60% of the last 10 right<br>next, proficient: 10+ answers, "
            "8 of the last 10 right, 2+ scenarios"
        ),
    )
    assert fig.layout.title.text == "Mastery by topic"
    assert fig.layout.yaxis.tickvals == (1, 2, 3, 4)
    assert fig.layout.yaxis.ticktext == (
        "attempted",
        "familiar",
        "proficient",
        "mastered",
    )


def test_mastered_topic_has_no_next_level() -> None:
    start = datetime(2026, 11, 29, 9, 0, tzinfo=UTC)
    records = [
        record(i, "ante", True, 5.0, start + timedelta(minutes=i), scenario=f"s{i % 3}")
        for i in range(20)
    ]
    bars = mastery_chart(figures(records)).data[0]
    assert bars.y == (4,)
    assert bars.customdata == (
        "mastered: 20+ answers, 18 of the last 20 right, last 5 right, 3+ scenarios",
    )


@pytest.mark.parametrize(
    ("chart", "title"),
    [
        (accuracy_by_topic, "Accuracy by topic"),
        (accuracy_over_time, "Accuracy per day"),
        (time_per_answer, "Time per answer by topic"),
        (mastery_chart, "Mastery by topic"),
    ],
)
def test_empty_records_give_a_note(chart: object, title: str) -> None:
    fig = chart(figures([]))  # type: ignore[operator]
    assert isinstance(fig, go.Figure)
    assert fig.data == ()
    assert fig.layout.title.text == title
    assert [a.text for a in fig.layout.annotations] == [NO_ANSWERS]
    assert NO_ANSWERS == (
        "No answers yet. Answer a few questions in a walkthrough or on the Practice page "
        "to see your progress here."
    )


def test_retries_do_not_count_in_the_charts() -> None:
    retries = [
        dataclasses.replace(
            record(50 + i, "ante", False, 60.0, DAY1), attempt=2, after_reveal=i == 0
        )
        for i in range(2)
    ]
    fig = accuracy_by_topic(figures(FIXTURE + retries))
    assert fig.data[0].customdata == ([2, 3], [2, 3])
    assert time_per_answer(figures(FIXTURE + retries)).data[0].y == (3.0, 6.3)
