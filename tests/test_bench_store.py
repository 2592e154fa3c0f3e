"""The store benchmark runs end to end on a small store (its speed is only reported there)."""

from __future__ import annotations

import pytest

from tutor.bench import BENCHES
from tutor.bench import store as store_bench


def test_store_bench_runs_small(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(store_bench, "RERUNS", 1)
    rows, numbers = store_bench.run(answers=300, learners=20)
    assert BENCHES["store"] == "tutor.bench.store"
    assert rows[0] == ["what", "1 learner, 300 answers", "+ 20 learners"]
    assert [row[0] for row in rows[1:]] == [
        "progress page rerun",
        "practice: Mixed review page rerun",
        "practice: My mistakes only page rerun",
        "practice: same round page rerun",
        "whole app on Progress (router + sidebar) page rerun",
        "store.progress()",
        "store.mistakes()",
        "store.answered_asks()",
        "seeding the answers",
    ]
    assert rows[-1][2] == "21 learners in all"
    assert set(numbers) == {
        "store_progress_ms_50k",
        "store_practice_ms_50k",
        "store_progress_ms_1_learner",
        "store_target_ms",
    }
    assert all(value > 0 for value in numbers.values())
