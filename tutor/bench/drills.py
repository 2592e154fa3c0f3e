"""``python -m tutor.bench --drills``: how long one generated drill question takes, per target.

Each target generates 1,000 questions (seeds 0-999, cycling through the four presets and the
target's games); a question is the whole path the app takes: deal, play to the moment, rule,
write the YAML, load, validate and replay it. The table shows the median and the 95th
percentile per target; ``--json`` numbers: ``drills_targets`` (how many targets) and
``drills_p95_ms_max`` (the worst target's p95, in ms; the goal is 50 ms or less).
"""

from __future__ import annotations

import gc
import statistics
import time

from tutor.bench.common import BenchResult
from tutor.drills import TARGETS, generate
from tutor.engine import PRESETS

QUESTIONS = 1000
GOAL_MS = 50.0


def time_target(
    name: str, questions: int = QUESTIONS
) -> tuple[list[float], list[float]]:
    """Wall-clock and CPU milliseconds per question for ``questions`` seeds of ``name``.

    The CPU time (this process only) shows what the question costs when the machine is
    busy with other work and the wall clock runs long.
    """
    games = TARGETS[name].games
    wall: list[float] = []
    cpu: list[float] = []
    gc.collect()
    for seed in range(questions):
        preset = PRESETS[seed % len(PRESETS)]
        game = games[(seed // len(PRESETS)) % len(games)]
        start, start_cpu = time.perf_counter(), time.process_time()
        generate(name, seed, preset=preset, game=game)
        wall.append((time.perf_counter() - start) * 1000)
        cpu.append((time.process_time() - start_cpu) * 1000)
    return wall, cpu


def p95(values: list[float]) -> float:
    """The 95th percentile (inclusive method).

    >>> p95([float(x) for x in range(1, 101)])
    95.05
    """
    return round(statistics.quantiles(values, n=100, method="inclusive")[94], 2)


def run(questions: int = QUESTIONS) -> BenchResult:
    rows = [
        ["target", "topic", "questions", "median ms", "p95 ms", "max ms", "p95 cpu ms"]
    ]
    worst = worst_cpu = 0.0
    for name, target in TARGETS.items():
        times, cpu = time_target(name, questions)
        high = p95(times)
        worst = max(worst, high)
        worst_cpu = max(worst_cpu, p95(cpu))
        rows.append(
            [
                name,
                target.topic,
                str(len(times)),
                f"{statistics.median(times):.2f}",
                f"{high:.2f}",
                f"{max(times):.2f}",
                f"{p95(cpu):.2f}",
            ]
        )
    verdict = "meets" if worst <= GOAL_MS else "misses"
    rows.append(
        [
            "(worst p95)",
            "",
            "",
            "",
            f"{worst:.2f}",
            f"{verdict} {GOAL_MS:g}",
            f"{worst_cpu:.2f}",
        ]
    )
    numbers = {
        "drills_targets": len(TARGETS),
        "drills_p95_ms_max": worst,
        "drills_p95_cpu_ms_max": worst_cpu,
    }
    return rows, numbers
