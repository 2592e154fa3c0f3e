"""The Dealer drills charts: speed and accuracy per target per day, first attempts only."""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime, timedelta

from tutor.charts import NO_DRILLS, drill_accuracy_over_time, drill_speed_over_time
from tutor.progress import AnswerRecord

DAY1 = datetime(2026, 11, 27, 10, 0, tzinfo=UTC)


def record(
    n: int, target: str | None, correct: bool, seconds: float, when: datetime
) -> AnswerRecord:
    return AnswerRecord(
        id=n,
        learner_id=1,
        scenario_id=f"gen-{target}-stud8-online-{n}",
        step=3,
        kind="pot",
        topic="side-pots",
        level=5,
        game="stud8",
        preset="online",
        answer_json="null",
        correct=correct,
        seconds=seconds,
        answered_at=when,
        target=target,
        seed=n,
    )


FIXTURE = [
    record(1, "side-pots", True, 4.0, DAY1),
    record(2, "side-pots", False, 10.0, DAY1 + timedelta(minutes=5)),
    record(3, "side-pots", True, 6.0, DAY1 + timedelta(minutes=6)),
    record(4, "open-pair", True, 2.0, DAY1 + timedelta(minutes=7)),
    record(5, "side-pots", True, 3.0, DAY1 + timedelta(days=1)),
    record(6, None, False, 30.0, DAY1),  # not a drill answer
    dataclasses.replace(
        record(7, "open-pair", False, 50.0, DAY1), attempt=2
    ),  # a retry
]


def test_drill_speed_per_target_per_day() -> None:
    fig = drill_speed_over_time(FIXTURE)
    assert fig.layout.title.text == "Drill speed per target"
    assert [t.name for t in fig.data] == ["open-pair", "side-pots"]
    pair, pots = fig.data
    assert list(pair.x) == ["2026-11-27"] and list(pair.y) == [2.0]
    assert list(pots.x) == ["2026-11-27", "2026-11-28"]
    assert list(pots.y) == [6.0, 3.0]
    assert list(pots.customdata) == [3, 1]


def test_drill_accuracy_per_target_per_day() -> None:
    fig = drill_accuracy_over_time(FIXTURE)
    assert fig.layout.title.text == "Drill accuracy per target"
    pots = fig.data[1]
    assert list(pots.y) == [66.7, 100.0]
    assert [list(c) for c in pots.customdata] == [[2, 3], [1, 1]]
    assert list(fig.layout.yaxis.range) == [0, 100]


def test_no_drill_answers_give_a_note() -> None:
    for chart in (drill_speed_over_time, drill_accuracy_over_time):
        fig = chart(FIXTURE[5:6])
        assert fig.data == ()
        assert fig.layout.annotations[0].text == NO_DRILLS
