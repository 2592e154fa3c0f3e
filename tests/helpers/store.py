"""The progress store in tests: one answer recorded with plain defaults."""

from __future__ import annotations

from typing import Any

from tutor.progress import AnswerRecord, Learner, ProgressStore


def record(store: ProgressStore, learner: Learner, **fields: Any) -> AnswerRecord:
    """Record one answer of ``learner``: a right best-low answer in stud8 under online,
    with ``fields`` replacing any of those values."""
    values: dict[str, Any] = {
        "scenario_id": "a-scenario",
        "step": 1,
        "kind": "best-low",
        "topic": "split-pot",
        "level": 3,
        "game": "stud8",
        "preset": "online",
        "answer": {"cards": ["8c", "7d", "4h", "3s", "2c"]},
        "correct": True,
        "seconds": 4.5,
    }
    values.update(fields)
    return store.record_answer(learner, **values)
