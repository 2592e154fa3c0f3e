"""Mastery levels per topic: each threshold's boundary, windows, streaks, scenarios."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from tutor.progress import (
    MASTERY_THRESHOLDS,
    THRESHOLDS,
    AnswerRecord,
    Mastery,
    Threshold,
    mastery,
    topic_mastery,
)

T0 = datetime(2026, 11, 29, 9, 0, tzinfo=UTC)


def answers(
    pattern: str, scenarios: tuple[str, ...] = ("s1", "s2", "s3"), topic: str = "ante"
) -> list[AnswerRecord]:
    """Records from a pattern such as ``"WRR"`` (W wrong, R right), oldest first.

    Scenario ids cycle through ``scenarios``; answers are a minute apart.
    """
    return [
        AnswerRecord(
            id=i + 1,
            learner_id=1,
            scenario_id=scenarios[i % len(scenarios)],
            step=0,
            kind="bring-in",
            topic=topic,
            level=1,
            game="stud8",
            preset="online",
            answer_json="null",
            correct=mark == "R",
            seconds=5.0,
            answered_at=T0 + timedelta(minutes=i),
        )
        for i, mark in enumerate(pattern)
    ]


def test_thresholds_as_stated() -> None:
    assert THRESHOLDS == (
        Threshold(
            Mastery.ATTEMPTED, answers=1, window=1, percent=0, streak=0, scenarios=0
        ),
        Threshold(
            Mastery.FAMILIAR, answers=5, window=10, percent=60, streak=0, scenarios=1
        ),
        Threshold(
            Mastery.PROFICIENT, answers=10, window=10, percent=80, streak=0, scenarios=2
        ),
        Threshold(
            Mastery.MASTERED, answers=20, window=20, percent=90, streak=5, scenarios=3
        ),
    )
    assert MASTERY_THRESHOLDS.splitlines() == [
        "Mastery of a topic is worked out from your answers on that topic, latest last:",
        "- attempted: at least 1 answer.",
        (
            "- familiar: at least 5 answers, and at least 60% of your last 10 right (of all "
            "your answers while you have fewer than 10)."
        ),
        (
            "- proficient: at least 10 answers, at least 80% of your last 10 right (8 of 10), "
            "and right answers in at least 2 different scenarios."
        ),
        (
            "- mastered: at least 20 answers, at least 90% of your last 20 right (18 of 20), "
            "your last 5 all right, and right answers in at least 3 different scenarios."
        ),
        "A wrong answer can take a level away again: the levels follow your latest answers.",
    ]
    assert [level.rank for level in Mastery] == [1, 2, 3, 4]


CASES = [
    # (pattern, scenarios, level) -- each pair of rows sits either side of a boundary
    ("", ("s1",), None),
    ("W", ("s1",), Mastery.ATTEMPTED),
    ("RRRR", ("s1",), Mastery.ATTEMPTED),  # 4 answers: familiar needs 5
    ("WWRRR", ("s1",), Mastery.FAMILIAR),  # 5 answers, 3 of 5 = 60%
    ("WWWRR", ("s1",), Mastery.ATTEMPTED),  # 2 of 5 = 40%
    ("WWWWRRRRRR", ("s1",), Mastery.FAMILIAR),  # 6 of last 10
    ("WWWWWRRRRR", ("s1",), Mastery.ATTEMPTED),  # 5 of last 10
    ("WWWWW" + "RRRRRRWWWW", ("s1",), Mastery.FAMILIAR),  # older answers drop out
    ("RRRRRRRRR", ("s1", "s2"), Mastery.FAMILIAR),  # 9 answers: proficient needs 10
    ("WWRRRRRRRR", ("s1", "s2"), Mastery.PROFICIENT),  # 8 of 10, two scenarios
    ("WWWRRRRRRR", ("s1", "s2"), Mastery.FAMILIAR),  # 7 of 10
    ("RRRRRRRRRR", ("s1",), Mastery.FAMILIAR),  # one scenario only
    ("R" * 19, ("s1", "s2", "s3"), Mastery.PROFICIENT),  # 19 answers: mastered needs 20
    ("WW" + "R" * 18, ("s1", "s2", "s3"), Mastery.MASTERED),  # 18 of 20, last 5 right
    ("WWW" + "R" * 17, ("s1", "s2", "s3"), Mastery.PROFICIENT),  # 17 of 20
    (
        "W" + "R" * 14 + "RRWRR",
        ("s1", "s2", "s3"),
        Mastery.PROFICIENT,
    ),  # last 5 not all
    ("W" + "R" * 14 + "WRRRR", ("s1", "s2", "s3"), Mastery.PROFICIENT),  # 4 in a row
    ("W" + "R" * 13 + "WRRRRR", ("s1", "s2", "s3"), Mastery.MASTERED),  # 5 in a row
    ("R" * 20, ("s1", "s2"), Mastery.PROFICIENT),  # two scenarios only
    (
        "R" * 20 + "WWW",
        ("s1", "s2", "s3"),
        Mastery.FAMILIAR,
    ),  # a mastered topic, then 7 of last 10
    (
        "R" * 20 + "WWW" + "R" * 8,
        ("s1", "s2", "s3"),
        Mastery.PROFICIENT,
    ),  # 8 of last 10
]


@pytest.mark.parametrize(("pattern", "scenarios", "level"), CASES)
def test_threshold_boundaries(
    pattern: str, scenarios: tuple[str, ...], level: Mastery | None
) -> None:
    assert topic_mastery(answers(pattern, scenarios)) == level


def test_only_right_answers_count_towards_scenarios() -> None:
    wrong_elsewhere = (
        answers("W", ("s2",)) + answers("R" * 10, ("s1",))[1:] + answers("RR", ("s1",))
    )
    records = [
        AnswerRecord(**{**vars(r), "id": i, "answered_at": T0 + timedelta(minutes=i)})
        for i, r in enumerate(wrong_elsewhere)
    ]
    assert [(r.scenario_id, r.correct) for r in records[:2]] == [
        ("s2", False),
        ("s1", True),
    ]
    assert len(records) == 12
    assert (
        topic_mastery(records) == Mastery.FAMILIAR
    )  # 10 of last 10, but s2 never right
    records[0] = AnswerRecord(**{**vars(records[0]), "correct": True})
    assert topic_mastery(records) == Mastery.PROFICIENT


def test_answers_are_put_in_time_order_first() -> None:
    # oldest-first "WWWWWRRRRR" is attempted; read newest-first it would be familiar
    records = answers("WWWWWRRRRR", ("s1",))
    assert topic_mastery(list(reversed(records))) == Mastery.ATTEMPTED
    assert topic_mastery(records[5:] + records[:5]) == Mastery.ATTEMPTED


def test_mastery_per_topic_alphabetical() -> None:
    records = (
        answers("WW" + "R" * 18, topic="showdown")
        + answers("W", topic="ante")
        + answers("WWRRRRRRRR", topic="bring-in")
    )
    result = mastery(records)
    assert result == {
        "ante": Mastery.ATTEMPTED,
        "bring-in": Mastery.PROFICIENT,
        "showdown": Mastery.MASTERED,
    }
    assert list(result) == ["ante", "bring-in", "showdown"]
    assert mastery([]) == {}
