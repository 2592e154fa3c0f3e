"""The load benchmark's settings, quantiles and widget keys (the live run is in test_serve)."""

from __future__ import annotations

import doctest
import re

import pytest

from tutor import serve
from tutor.bench import load
from tutor.bench.load import LoadError, Session, percentile, plan, settings


def test_defaults(monkeypatch: pytest.MonkeyPatch) -> None:
    for var in (load.REPLICAS_VAR, load.LEARNERS_VAR, load.SECONDS_VAR):
        monkeypatch.delenv(var, raising=False)
    assert settings() == ([1, 2], [10, 50, 100, 200], 20.0)


def test_settings_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(load.REPLICAS_VAR, "1, 3")
    monkeypatch.setenv(load.LEARNERS_VAR, "5,400")
    monkeypatch.setenv(load.SECONDS_VAR, "2.5")
    assert settings() == ([1, 3], [5, 400], 2.5)


@pytest.mark.parametrize(
    ("var", "value", "message"),
    [
        (
            load.LEARNERS_VAR,
            "401",
            "TUTOR_BENCH_LOAD_LEARNERS='401': use numbers from 1 to 400",
        ),
        (
            load.REPLICAS_VAR,
            "two",
            "TUTOR_BENCH_LOAD_REPLICAS='two': write whole numbers separated by commas",
        ),
        (
            load.SECONDS_VAR,
            "900",
            "TUTOR_BENCH_LOAD_SECONDS='900': use 2 to 300 seconds",
        ),
        (
            load.SECONDS_VAR,
            "soon",
            "TUTOR_BENCH_LOAD_SECONDS='soon': write a number of seconds",
        ),
    ],
)
def test_bounded_settings(
    monkeypatch: pytest.MonkeyPatch, var: str, value: str, message: str
) -> None:
    monkeypatch.setenv(var, value)
    with pytest.raises(LoadError) as caught:
        settings()
    assert str(caught.value) == message


def test_a_bad_setting_ends_the_benchmark_with_one_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv(load.REPLICAS_VAR, "0")
    with pytest.raises(SystemExit) as caught:
        load.run()
    assert str(caught.value) == (
        "load: TUTOR_BENCH_LOAD_REPLICAS='0': use numbers from 1 to 8"
    )


def test_the_client_talks_to_loopback_only() -> None:
    with pytest.raises(LoadError) as caught:
        Session("http://example.org:8501", "Ana")
    assert str(caught.value) == (
        "'http://example.org:8501': the load client talks to 127.0.0.1 only"
    )


def test_percentile_nearest_rank() -> None:
    assert percentile([], 0.95) == 0.0
    assert percentile([3.0], 0.95) == 3.0
    assert percentile([float(n) for n in range(1, 201)], 0.95) == 190.0
    assert percentile([float(n) for n in range(1, 201)], 1.0) == 200.0


def test_plan_walks_player_questions_soonest_first() -> None:
    stops = plan()
    assert 1 <= len(stops) <= load.SCENARIOS_PER_PLAN
    assert [s.nexts for s in stops] == sorted(s.nexts for s in stops)
    # the walkthrough's option labels: title and level (issue 20)
    assert all(re.search(r" · level \d+$", s.label) for s in stops)


@pytest.mark.parametrize("module", [load, serve])
def test_doctests(module: object) -> None:
    result = doctest.testmod(module)  # type: ignore[arg-type]
    assert (result.failed, result.attempted > 0) == (0, True)
