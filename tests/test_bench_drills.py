"""The drills benchmark: its table and JSON numbers, on a few questions per target."""

from __future__ import annotations

import doctest

from tutor.bench import BENCHES
from tutor.bench import drills as drills_bench
from tutor.drills import TARGETS


def test_drills_bench_is_registered() -> None:
    assert BENCHES["drills"] == "tutor.bench.drills"


def test_drills_bench_rows_and_numbers() -> None:
    rows, numbers = drills_bench.run(questions=4, browser=False)
    assert rows[0] == [
        "target",
        "topic",
        "questions",
        "median ms",
        "p95 ms",
        "max ms",
        "p95 cpu ms",
    ]
    assert [r[0] for r in rows[1:-1]] == list(TARGETS)
    assert all(r[2] == "4" for r in rows[1:-1])
    assert rows[-1][0] == "(worst p95)"
    assert set(numbers) == {
        "drills_targets",
        "drills_p95_ms_max",
        "drills_p95_cpu_ms_max",
    }
    assert numbers["drills_targets"] == len(TARGETS)
    assert numbers["drills_p95_ms_max"] == max(float(r[4]) for r in rows[1:-1])


def test_drills_bench_doctests() -> None:
    assert doctest.testmod(drills_bench).failed == 0
