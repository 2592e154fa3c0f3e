"""Tests for ``python -m tutor.bench``: choosing benchmarks, missing modules, the JSON line."""

from __future__ import annotations

import doctest
import sys
import types

import pytest

import tutor.bench.hand as hand_bench
from tutor.bench import BENCHES, DEFAULT, common
from tutor.bench.__main__ import main


def fake_module(name: str, rows: list[list[str]], numbers: dict[str, float]) -> None:
    module = types.ModuleType(name)
    module.run = lambda: (rows, numbers)  # type: ignore[attr-defined]
    sys.modules[name] = module


@pytest.fixture
def fake_benches(monkeypatch: pytest.MonkeyPatch) -> None:
    fake_module(
        "tests_fake_bench_a", [["what", "time"], ["a", "1 µs"]], {"a_vs_x": 2.0}
    )
    fake_module(
        "tests_fake_bench_b", [["what", "time"], ["b", "2 µs"]], {"b_vs_x": 3.5}
    )
    monkeypatch.setitem(BENCHES, "evaluation", "tests_fake_bench_a")
    monkeypatch.setitem(BENCHES, "hand", "tests_fake_bench_b")
    monkeypatch.setitem(BENCHES, "bank", "tests_fake_bench_missing")
    monkeypatch.delitem(BENCHES, "app")


def test_bench_default_runs_evaluation_and_hand(
    fake_benches: None, capsys: pytest.CaptureFixture[str]
) -> None:
    assert DEFAULT == ("evaluation", "hand")
    assert main(["--json"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines == [
        "== evaluation (tests_fake_bench_a)",
        "what  time",
        "----  ----",
        "a     1 µs",
        "",
        "== hand (tests_fake_bench_b)",
        "what  time",
        "----  ----",
        "b     2 µs",
        "",
        '{"a_vs_x": 2.0, "b_vs_x": 3.5}',
    ]


def test_bench_missing_module_is_one_clear_line(
    fake_benches: None, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--bank", "--json"]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines == [
        "== bank (tests_fake_bench_missing)",
        "bank: skipped, tests_fake_bench_missing does not exist yet.",
        '{"skipped": ["bank"]}',
    ]


def test_bench_named_flags_run_only_those(
    fake_benches: None, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--hand", "--bank"]) == 0
    out = capsys.readouterr().out
    assert "== evaluation" not in out
    assert "== hand (tests_fake_bench_b)" in out
    assert "bank: skipped, tests_fake_bench_missing does not exist yet." in out


def test_bench_common_and_hand_doctests() -> None:
    for module in (common, hand_bench):
        result = doctest.testmod(module)
        assert result.failed == 0
        assert result.attempted >= 2


def test_bench_hand_replay_pays_out_like_pokerkit() -> None:
    for seats, rest in hand_bench.seeded_deals(3):
        ours = hand_bench.net_ours(hand_bench.replay_ours(seats))
        theirs = hand_bench.net_pokerkit(hand_bench.replay_pokerkit(seats, rest))
        assert ours == theirs
        assert sum(ours) == 0


def test_bench_razz_hand_replay_pays_out_like_pokerkit() -> None:
    for seats, rest in hand_bench.seeded_deals(5):
        ours = hand_bench.net_ours(hand_bench.replay_razz_ours(seats))
        theirs = hand_bench.net_pokerkit(hand_bench.replay_razz_pokerkit(seats, rest))
        assert ours == theirs
        assert sum(ours) == 0


def test_bench_summary_names_razz_and_the_checked_evaluator_paths() -> None:
    import tutor.bench.evaluation as evaluation_bench

    _, hand_summary = hand_bench.run(hands=3, rounds=1)
    assert {
        "razz_hand_vs_pokerkit",
        "razz_hand_ours_us",
        "razz_hand_pokerkit_us",
    } <= set(hand_summary)
    _, eval_summary = evaluation_bench.run(hands=20, rounds=1)
    assert {
        "high_checked_vs_pokerkit",
        "high_checked_vs_treys",
        "high_named_vs_pokerkit",
        "low_named_vs_pokerkit",
        "high_ours_named_us",
    } <= set(eval_summary)


def test_bench_pokerkit_gets_its_own_cards_read_before_timing() -> None:
    pokerkit = pytest.importorskip("pokerkit")
    for deal in hand_bench.seeded_deals(3):
        seats, rest = hand_bench.to_pokerkit(deal)
        assert all(isinstance(c, pokerkit.Card) for s in seats for c in (*s, *rest))
        assert [len(s) for s in seats] == [7] * 6 and len(rest) == 52 - 42
        assert [repr(c) for c in seats[0]] == [c.text for c in deal[0][0]]
        for replay in (hand_bench.replay_pokerkit, hand_bench.replay_razz_pokerkit):
            assert hand_bench.net_pokerkit(
                replay(seats, rest)
            ) == hand_bench.net_pokerkit(replay(*deal))


def test_repeat_gives_each_number_its_median_over_the_runs(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    figures = iter([5.0, 1.0, 3.0])

    def run() -> tuple[list[list[str]], dict[str, float]]:
        return [["what", "time"], ["a", "1 µs"]], {"a_vs_x": next(figures)}

    module = types.ModuleType("tests_fake_bench_repeat")
    module.run = run  # type: ignore[attr-defined]
    sys.modules["tests_fake_bench_repeat"] = module
    monkeypatch.setitem(BENCHES, "evaluation", "tests_fake_bench_repeat")
    assert main(["--evaluation", "--repeat", "3", "--json"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line for line in lines if line.startswith("===")] == [
        "=== run 1 of 3",
        "=== run 2 of 3",
        "=== run 3 of 3",
    ]
    assert lines[-1] == '{"a_vs_x": 3.0, "repeat": 3}'


def test_repeat_refuses_a_count_below_one(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--repeat", "0"])
    assert "--repeat: 0 runs: give 1 or more" in capsys.readouterr().err
