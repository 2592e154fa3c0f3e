"""Learner progress: the database store, typed records and mastery levels."""

from __future__ import annotations

from tutor.progress.answers_csv import CSV_COLUMNS
from tutor.progress.mastery import (
    LEVEL_HINTS,
    MASTERY_THRESHOLDS,
    THRESHOLDS,
    Mastery,
    Threshold,
    mastery,
    topic_mastery,
)
from tutor.progress.records import (
    NAME_MAX,
    AnswerRecord,
    DaySummary,
    Learner,
    ProgressError,
    ProgressFigures,
    ReviewCardRecord,
    TopicSummary,
    answer_to_json,
    unresolved_learner,
)
from tutor.progress.store import ProgressStore, StoreUnavailable, normalise_url

__all__ = [
    "CSV_COLUMNS",
    "LEVEL_HINTS",
    "MASTERY_THRESHOLDS",
    "NAME_MAX",
    "THRESHOLDS",
    "AnswerRecord",
    "DaySummary",
    "Learner",
    "Mastery",
    "ProgressError",
    "ProgressFigures",
    "ProgressStore",
    "StoreUnavailable",
    "ReviewCardRecord",
    "Threshold",
    "TopicSummary",
    "answer_to_json",
    "mastery",
    "normalise_url",
    "topic_mastery",
    "unresolved_learner",
]
