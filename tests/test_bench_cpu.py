"""Issue 23 items 5-6 and issue 20's speed ratios: the bench options, the floor of the load
benchmark, the soak's numbers, and the JSON keys each one reports."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest

from tutor.bench import BENCHES, load, soak
from tutor.bench import app as app_bench
from tutor.bench.__main__ import _parser, main, option_environment


def test_soak_is_a_benchmark() -> None:
    assert BENCHES["soak"] == "tutor.bench.soak"


def test_options_parse_and_set_the_benchmarks_variables() -> None:
    args = _parser().parse_args(
        ["--load", "--soak", "--minutes", "25", "--learners", "200,400"]
        + ["--replicas", "2", "--seconds", "15"]
    )
    assert (args.load, args.soak, args.minutes) == (True, True, 25.0)
    assert option_environment(args, ["load"]) == {
        "TUTOR_BENCH_LOAD_LEARNERS": "200,400",
        "TUTOR_BENCH_LOAD_REPLICAS": "2",
        "TUTOR_BENCH_LOAD_SECONDS": "15.0",
    }
    assert option_environment(args, ["soak"]) == {
        "TUTOR_BENCH_SOAK_MINUTES": "25.0",
        "TUTOR_BENCH_SOAK_LEARNERS": "200,400",
        "TUTOR_BENCH_SOAK_REPLICAS": "2",
    }
    assert option_environment(args, ["hand"]) == {}


@pytest.mark.parametrize("minutes", ["0", "181", "ten"])
def test_minutes_out_of_bounds_are_refused(
    minutes: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_:
        _parser().parse_args(["--soak", "--minutes", minutes])
    assert exit_.value.code == 2
    assert "--minutes" in capsys.readouterr().err


def test_an_option_reaches_the_benchmark(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: dict[str, str | None] = {}

    def fake_run() -> tuple[list[list[str]], dict[str, float]]:
        seen["minutes"] = os.environ.get(soak.MINUTES_VAR)
        return [["a"], ["b"]], {"soak_minutes": 3.0}

    monkeypatch.setattr(soak, "run", fake_run)
    # Set through monkeypatch first, so that what main writes is undone after the test.
    monkeypatch.setenv(soak.MINUTES_VAR, "1")
    assert main(["--soak", "--minutes", "3"]) == 0
    assert seen == {"minutes": "3.0"}


def _level(
    replicas: int, learners: int, interactions: int, cpu_pct: float
) -> load.Level:
    tally = load.Tally(times=[0.01] * interactions, check_times=[0.02] * 3)
    usage = {
        "wall": 10.0,
        "app_cpu": cpu_pct,
        "app_mib": 100.0,
        "proxy_cpu": 1.0,
        "client_cpu": 5.0,
        "machine_busy": 50.0,
        "loadavg": 1.5,
    }
    return load.Level(replicas, learners, tally, 3, usage)


def test_the_floor_numbers_compare_the_same_learners_on_the_most_replicas() -> None:
    levels = [
        _level(1, 10, 100, 20.0),
        _level(2, 10, 100, 30.0),
        _level(2, 50, 500, 90.0),
    ]
    floor = _level(0, 10, 100, 10.0)
    numbers = load.floor_numbers(levels, floor, 10.0)
    # 30 % of a core over 10 s = 3 s for 100 interactions: 30 ms; the floor's 10 ms.
    assert numbers == {
        "load_floor_cpu_ms_per_interaction": 10.0,
        "load_floor_p95_ms": 10.0,
        "load_floor_learners": 10,
        "load_floor_loadavg": 1.5,
        "load_cpu_ms_per_interaction": 30.0,
        "load_cpu_replicas": 2,
        "load_cpu_learners": 10,
        "load_cpu_vs_floor": 3.0,
    }


def test_the_load_table_reports_the_floor_and_the_load_average(
    capsys: pytest.CaptureFixture[str],
) -> None:
    levels = [_level(2, 200, 1000, 100.0), _level(2, 400, 2000, 150.0)]
    floor = _level(0, 200, 1000, 40.0)
    db = load.Database("sqlite://", None, "a test")
    rows, numbers = load.table(levels, db, 10.0, floor)
    assert rows[0][-1] == "load avg"
    assert rows[-1][0] == "floor"
    assert numbers["load_cpu_vs_floor"] == 2.5
    assert numbers["load_loadavg_400"] == 1.5
    assert numbers["load_p95_ms_200"] == 10.0
    assert numbers["load_r2_p95_ms_400"] == 10.0
    capsys.readouterr()


def test_the_floor_app_has_a_radio_and_a_button() -> None:
    assert 'key="pick"' in load.FLOOR_APP and 'key="check"' in load.FLOOR_APP
    compile(load.FLOOR_APP, "floor_app.py", "exec")


def test_soak_settings_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(soak.MINUTES_VAR, "500")
    with pytest.raises(load.LoadError, match="use 0.1 to 180"):
        soak.settings()
    monkeypatch.setenv(soak.MINUTES_VAR, "2")
    monkeypatch.setenv(soak.LEARNERS_VAR, "7")
    assert soak.settings() == (2.0, 7, 2)


def test_soak_growth_and_slope() -> None:
    first = {
        "top": [["/x/site-packages/a.py:1", 1024, 1], ["/r/tutor/ui/b.py:2", 10, 1]]
    }
    last = {"top": [["/x/site-packages/a.py:1", 3072, 5], ["/r/tutor/ui/b.py:2", 5, 1]]}
    assert soak.growth(first, last) == ["a.py:1 +2.0 KiB (+4 blocks)"]
    assert soak.slope_per_hour([(1.0, 100.0), (2.0, 101.0), (3.0, 102.0)]) == 60.0
    assert soak.slope_per_hour([(1.0, 5.0)]) == 0.0


def test_soak_table_keys(capsys: pytest.CaptureFixture[str]) -> None:
    samples = [
        soak.Sample(0.0, {"r1": 200.0, "r2": 210.0}, {"r1": 30, "r2": 31}, {}, 1.0),
        soak.Sample(1.0, {"r1": 205.0, "r2": 212.0}, {"r1": 30, "r2": 31},
                    {"r1": 2.0, "r2": 2.5}, 3.0, 120),
        soak.Sample(2.0, {"r1": 206.0, "r2": 213.0}, {"r1": 30, "r2": 32},
                    {"r1": 2.1, "r2": 2.6}, 3.5, 240),
        soak.Sample(2.5, {"r1": 204.0, "r2": 211.0}, {"r1": 29, "r2": 31},
                    {"r1": 1.9, "r2": 2.4}, 0.5, 240, note="learners gone"),
    ]  # fmt: skip
    tally = load.Tally(times=[0.1] * 238, open_times=[0.2] * 2, checks_sent=40)
    rows, numbers = soak.table(samples, tally, 40, 2.5, 10, 2, ["a.py:1 +2.0 KiB"])
    assert len(rows) == 5
    assert numbers["soak_rss_mib_start"] == 410.0
    assert numbers["soak_rss_mib_end"] == 419.0
    assert numbers["soak_rss_mib_after_rest"] == 415.0
    assert numbers["soak_rss_mib_per_hour"] == 120.0  # 417 -> 419 in a minute
    assert numbers["soak_traced_mib_end"] == 4.7
    assert numbers["soak_fds_start"] == 61 and numbers["soak_fds_end"] == 62
    assert numbers["soak_wal_mib_max"] == 3.5 and numbers["soak_wal_mib_end"] == 0.5
    assert numbers["soak_answers_lost"] == 0
    assert numbers["soak_interactions"] == 240
    assert numbers["soak_top_growth"] == ["a.py:1 +2.0 KiB"]
    capsys.readouterr()


def test_the_hook_starts_tracemalloc_only_when_told() -> None:
    compile(soak.HOOK, "sitecustomize.py", "exec")
    assert soak.HOOK.startswith('import os\n\nif os.environ.get("TUTOR_SOAK_DIR"):')


def test_the_app_benchmark_names_its_browser_ratios() -> None:
    doc = app_bench.run.__doc__ or ""
    for key in ("browser_cold_start_vs_floor", "browser_drill_answer_vs_floor"):
        assert f"``{key}``" in doc
    assert app_bench.DRILL_PLAN[2] == ("first-to-act-board",)


@pytest.mark.slow
def test_the_floor_client_against_the_trivial_app() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        floor = load.measure_floor(2, 2.0, Path(tmp))
    assert floor.tally.errors == []
    assert len(floor.tally.times) >= 2
    assert floor.cpu_ms_per_interaction(2.0) > 0
    assert floor.usage["loadavg"] >= 0
