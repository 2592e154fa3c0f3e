"""The app benchmark's parts: the server command, the GC setting, the check driver."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from appkit import point_app_at

from tutor import config
from tutor.bench import app as bench
from tutor.progress import ProgressStore

DATA = Path(__file__).resolve().parent / "data" / "browser"


@pytest.fixture
def env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    point_app_at(monkeypatch, tmp_path, DATA)
    return tmp_path


def test_streamlit_command_is_headless_on_the_port_with_extra_options() -> None:
    command = bench.streamlit_command(
        8123, Path("/x/app.py"), {"runner.postScriptGC": "true"}
    )
    assert command == [
        sys.executable, "-m", "streamlit", "run", "/x/app.py",
        "--server.headless", "true",
        "--server.port", "8123",
        "--server.address", "127.0.0.1",
        "--browser.gatherUsageStats", "false",
        "--server.fileWatcherType", "none",
        "--runner.postScriptGC", "true",
    ]  # fmt: skip


def test_the_project_turns_post_script_gc_off() -> None:
    assert bench.project_post_script_gc() is False


def test_first_radio_ask_in_the_browser_bank(env: Path) -> None:
    assert bench.first_radio_ask() == bench.Ask(
        "browser-bring-in", 1, "next-to-act", "Browser bring-in and the action after it"
    )


def test_first_radio_ask_needs_one(
    env: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    monkeypatch.setenv("TUTOR_SCENARIOS_DIR", str(empty))
    with pytest.raises(RuntimeError) as caught:
        bench.first_radio_ask()
    assert str(caught.value) == (
        f"no scenario under {str(empty)!r} has an ask of kind first-to-act, "
        "next-to-act, showdown-order: add one, or point TUTOR_SCENARIOS_DIR at a bank "
        "that has one."
    )


def test_the_check_driver_checks_and_saves_each_answer(env: Path) -> None:
    driver = bench.CheckDriver(bench.first_radio_ask())
    with bench.quiet_streamlit():
        times = driver.checks(2)
    assert len(times) == 2
    store = ProgressStore(config.database_url())
    learner = store.find_learner(bench.LEARNER)
    assert learner is not None
    saved = [(r.scenario_id, r.step, r.kind, r.correct) for r in store.answers(learner)]
    # The driver picks the first player, Ana; Cy acts next, so both answers are wrong.
    assert saved == [("browser-bring-in", 1, "next-to-act", False)] * 2
    assert driver.attempt == 2  # Retry after each check: the controls start empty again
