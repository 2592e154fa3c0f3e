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
import tempfile
import time
from pathlib import Path
from urllib.parse import urlencode

from tutor.bench.common import BenchResult
from tutor.drills import TARGETS, generate
from tutor.drills.session import Plan

QUESTIONS = 1000
GOAL_MS = 50.0
#: Clicks timed in Chromium (after a warm-up), and the plan they answer: Yes/No questions.
CLICKS = 14
CLICK_PLAN = Plan("online", "stud8", ("community-card",), "20", 1)


def time_target(
    name: str, questions: int = QUESTIONS
) -> tuple[list[float], list[float]]:
    """Wall-clock and CPU milliseconds per question for ``questions`` seeds of ``name``.

    The CPU time (this process only) shows what the question costs when the machine is
    busy with other work and the wall clock runs long.
    """
    games, presets = TARGETS[name].games, TARGETS[name].presets
    wall: list[float] = []
    cpu: list[float] = []
    for seed in range(questions):
        preset = presets[seed % len(presets)]
        game = games[(seed // len(presets)) % len(games)]
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


def browser_clicks(runs: int = CLICKS) -> tuple[list[float], list[float]] | None:
    """Seconds from a click to the new text: the trivial counter app, then a drill answer
    (click Yes or No -> the verdict), each on its own fresh server in headless Chromium.

    None when Chromium or Playwright is missing. Measured as ``--app`` measures its check.
    """
    from tutor.bench import app as app_bench

    if not (app_bench.CHROMIUM.is_file() and app_bench._has_playwright()):
        return None
    from playwright.sync_api import expect

    gc_enabled = app_bench.project_post_script_gc()
    warmup = app_bench.WARMUP
    with (
        tempfile.TemporaryDirectory(prefix="tutor-bench-drills-") as tmp,
        app_bench.app_environment(Path(tmp) / "data") as env,
    ):
        floor = app_bench.browser_floor(env, Path(tmp), runs, gc_enabled)
        times: list[float] = []
        with app_bench.served_page(env, app_bench.APP, gc_enabled) as (page, url):
            page.goto(f"{url}/drills?{urlencode(CLICK_PLAN.to_params())}")
            app_bench.settle(page)
            page.locator(".st-key-drill_start button").click()
            app_bench.settle(page)
            for index in range(warmup + runs):
                # the question's buttons drawn and the run over, before the timed click
                expect(page.locator(f".st-key-drill_q{index}_yes")).to_be_visible()
                app_bench.settle(page)
                target, game, seed = CLICK_PLAN.question(index)
                drill = generate(target, seed, preset=CLICK_PLAN.preset, game=game)
                answer = "yes" if drill.ruling.answer["community"] else "no"
                times.append(
                    app_bench.click_until(
                        page,
                        f".st-key-drill_q{index}_{answer} button",
                        app_bench.VERDICT,
                    )
                )
                app_bench.settle(page)
                page.locator(".st-key-drill_next button").click()
                app_bench.settle(page)
    return floor, times[warmup:]


def run(questions: int = QUESTIONS, browser: bool = True) -> BenchResult:
    rows = [
        ["target", "topic", "questions", "median ms", "p95 ms", "max ms", "p95 cpu ms"]
    ]
    worst = worst_cpu = 0.0
    gc.collect()
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
    clicks = browser_clicks() if browser else None
    if clicks is not None:
        floor, answers = clicks
        floor_ms = round(statistics.median(floor) * 1000, 1)
        click_ms = round(statistics.median(answers) * 1000, 1)
        ratio = round(click_ms / floor_ms, 2)
        rows.append(["", "", "", "", "", "", ""])
        rows.append(
            [
                "browser floor: click -> text",
                "",
                str(len(floor)),
                f"{floor_ms:.1f}",
                "",
                "",
                "",
            ]
        )
        rows.append(
            [
                "browser: drill click -> verdict",
                "",
                str(len(answers)),
                f"{click_ms:.1f}",
                "",
                "",
                "",
            ]
        )
        rows.append(
            ["drill click / floor", "", "", f"{ratio:.2f}x", "", "goal <= 2x", ""]
        )
        numbers.update(
            drills_browser_floor_ms=floor_ms,
            drills_click_ms=click_ms,
            drills_click_vs_floor=ratio,
        )
    return rows, numbers
