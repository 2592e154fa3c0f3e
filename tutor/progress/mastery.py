"""Mastery levels per topic, computed from a learner's answers by fixed thresholds."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from tutor.progress.records import AnswerRecord


class Mastery(StrEnum):
    """How well a topic is known, lowest first."""

    ATTEMPTED = "attempted"
    FAMILIAR = "familiar"
    PROFICIENT = "proficient"
    MASTERED = "mastered"

    @property
    def rank(self) -> int:
        """1 for attempted up to 4 for mastered."""
        return list(Mastery).index(self) + 1


@dataclass(frozen=True)
class Threshold:
    """What a topic's answers need to reach one level.

    ``window`` is how many of the latest answers are looked at (all of them when fewer);
    at least ``percent`` per cent of those must be right, the latest ``streak`` answers must
    all be right, and right answers must come from ``scenarios`` different scenarios.
    """

    level: Mastery
    answers: int
    window: int
    percent: int
    streak: int
    scenarios: int


THRESHOLDS: tuple[Threshold, ...] = (
    Threshold(Mastery.ATTEMPTED, answers=1, window=1, percent=0, streak=0, scenarios=0),
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

MASTERY_THRESHOLDS = """\
Mastery of a topic is worked out from your answers on that topic, latest last:
- attempted: at least 1 answer.
- familiar: at least 5 answers, and at least 60% of your last 10 right (of all your \
answers while you have fewer than 10).
- proficient: at least 10 answers, at least 80% of your last 10 right (8 of 10), and right \
answers in at least 2 different scenarios.
- mastered: at least 20 answers, at least 90% of your last 20 right (18 of 20), your last 5 \
all right, and right answers in at least 3 different scenarios.
A wrong answer can take a level away again: the levels follow your latest answers."""

LEVEL_HINTS: dict[Mastery, str] = {
    Mastery.ATTEMPTED: "at least 1 answer",
    Mastery.FAMILIAR: "5+ answers, 60% of the last 10 right",
    Mastery.PROFICIENT: "10+ answers, 8 of the last 10 right, 2+ scenarios",
    Mastery.MASTERED: "20+ answers, 18 of the last 20 right, last 5 right, 3+ scenarios",
}


#: How many of a topic's latest answers the thresholds look at (the widest window).
WINDOW = max(max(t.window, t.streak) for t in THRESHOLDS)


def _meets(
    threshold: Threshold, count: int, latest: Sequence[bool], right_scenarios: int
) -> bool:
    """Whether a topic's answers reach the threshold (``latest`` oldest first)."""
    if count < threshold.answers:
        return False
    window = latest[-threshold.window :]
    if 100 * sum(window) < threshold.percent * len(window):
        return False
    if threshold.streak and not all(latest[-threshold.streak :]):
        return False
    return right_scenarios >= threshold.scenarios


def level_from(
    count: int, latest: Sequence[bool], right_scenarios: int
) -> Mastery | None:
    """The level reached by a topic with ``count`` answers.

    ``latest`` holds whether each of the last :data:`WINDOW` answers was right, oldest
    first; ``right_scenarios`` is how many different scenarios had a right answer. This is
    what the store reads from the database, so the whole history is never needed.

    >>> level_from(5, [True, True, False, True, True], 1)
    <Mastery.FAMILIAR: 'familiar'>
    >>> level_from(0, [], 0) is None
    True
    """
    reached: Mastery | None = None
    for threshold in THRESHOLDS:
        if not _meets(threshold, count, latest[-WINDOW:], right_scenarios):
            break
        reached = threshold.level
    return reached


def topic_mastery(answers: Iterable[AnswerRecord]) -> Mastery | None:
    """The level one topic's answers reach, or ``None`` when there are none.

    The answers are put in order of ``answered_at`` (then ``id``) first. The caller picks
    the answers that count (the store counts first attempts only).
    """
    ordered = sorted(answers, key=lambda a: (a.answered_at, a.id))
    right = {a.scenario_id for a in ordered if a.correct}
    return level_from(len(ordered), [a.correct for a in ordered], len(right))


def mastery(records: Iterable[AnswerRecord]) -> dict[str, Mastery]:
    """Each answered topic's mastery level, topics in alphabetical order.

    Topics with no answers are left out. See ``MASTERY_THRESHOLDS`` for the rules.
    """
    by_topic: dict[str, list[AnswerRecord]] = defaultdict(list)
    for record in records:
        by_topic[record.topic].append(record)
    result: dict[str, Mastery] = {}
    for topic in sorted(by_topic):
        level = topic_mastery(by_topic[topic])
        if level is not None:
            result[topic] = level
    return result
