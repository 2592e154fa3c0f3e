"""Helpers for the browser tests: start the app on a free port, find Chromium, stop."""

from __future__ import annotations

import os
import subprocess
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tutor.bench.app import (
    APP,
    CHROMIUM,
    CHROMIUM_ARGS,
    ROOT,
    free_port,
    health,
    stop,
    streamlit_command,
)

__all__ = [
    "APP",
    "CHROMIUM",
    "CHROMIUM_ARGS",
    "ROOT",
    "SCREENSHOTS",
    "RunningApp",
    "app_environment",
    "chromium_problem",
    "launched_chromium",
    "require_chromium",
    "served_app",
    "free_port",
    "start_app",
    "streamlit_command",
]

#: Where the browser tests leave their screenshots (git-ignored).
SCREENSHOTS = ROOT / "test-artifacts" / "screenshots"


def app_environment(
    data_dir: Path, extra: Mapping[str, str] | None = None
) -> dict[str, str]:
    """This process's environment, with the app's data in ``data_dir``."""
    env = dict(os.environ)
    env.pop("TUTOR_DATABASE_URL", None)
    env["TUTOR_DATA_DIR"] = str(data_dir)
    env.update(extra or {})
    return env


@dataclass
class RunningApp:
    """A ``streamlit run`` subprocess and where to reach it."""

    process: subprocess.Popen[bytes]
    url: str
    log: Path

    def log_text(self) -> str:
        """What the server printed so far (for failure messages)."""
        try:
            return self.log.read_text(errors="replace")
        except OSError:
            return ""

    def stop(self) -> None:
        """Stop this server (and only it), politely first."""
        stop(self.process)


def start_app(
    log: Path, env: Mapping[str, str], script: Path = APP, timeout: float = 60.0
) -> RunningApp:
    """Start ``streamlit run script`` and wait until its health check says ``ok``.

    The server's output goes to ``log``. On failure the server is stopped and the
    error says what it printed.

    :raises RuntimeError: If the server exits, or is not healthy in ``timeout`` s.
    """
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    with log.open("wb") as out:
        process = subprocess.Popen(
            streamlit_command(port, script),
            cwd=ROOT,
            env=dict(env),
            stdout=out,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
        )
    app = RunningApp(process, url, log)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(
                f"streamlit run {script} exited with code {process.returncode} "
                f"before it was healthy; it printed:\n{app.log_text()}"
            )
        if health(url) == "ok":
            return app
        time.sleep(0.1)
    app.stop()
    raise RuntimeError(
        f"streamlit run {script} was not healthy at {url}/_stcore/health after "
        f"{timeout} s; it printed:\n{app.log_text()}"
    )


def chromium_problem() -> str | None:
    """Why the browser tests cannot run here, or None if Chromium and Playwright are."""
    if not CHROMIUM.is_file():
        return (
            f"Chromium is not installed at {CHROMIUM}: install it with "
            "`apt-get install -y chromium` (never `playwright install`)."
        )
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "Playwright is missing: run `pip install -e '.[test]'` in .venv."
    return None


def require_chromium() -> None:
    """Skip the test if Chromium or Playwright is missing (a failure under CI)."""
    problem = chromium_problem()
    if problem is not None:
        if os.environ.get("CI"):
            pytest.fail(f"CI is set, so the browser test must run: {problem}")
        pytest.skip(problem)


@contextmanager
def launched_chromium(wait_ms: int) -> Iterator[Any]:
    """Debian's Chromium through Playwright, ``expect`` waiting up to ``wait_ms`` ms."""
    require_chromium()
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=wait_ms)
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=str(CHROMIUM), args=list(CHROMIUM_ARGS)
        )
        try:
            yield chromium
        finally:
            chromium.close()


@contextmanager
def served_app(
    folder: Path, extra: Mapping[str, str] | None = None
) -> Iterator[RunningApp]:
    """The app on a free port, its data in ``folder/data``, its log ``folder/streamlit.log``."""
    running = start_app(
        folder / "streamlit.log", app_environment(folder / "data", extra)
    )
    try:
        yield running
    finally:
        running.stop()


#: The app's script has finished its run (Streamlit marks it on the app's root).
RUN_OVER = '[data-testid=stApp][data-test-script-state="notRunning"]'


def settle(page: Any) -> None:
    """Wait for the script's run to end and the browser to draw its result."""
    from playwright.sync_api import expect

    expect(page.locator(RUN_OVER)).to_have_count(1)
    page.evaluate(
        "new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))"
    )


def claim_name(
    page: Any, name: str, *, pin: str = "2468", wait_ms: int = 30_000
) -> None:
    """On the page's welcome box, claim the new ``name`` with ``pin`` (typed twice), wait
    until the sidebar says so and the sign-in's cookie is written (just after that run:
    pages opened after it keep the learner)."""
    box = page.locator(".st-key-welcome_name input")
    box.fill(name)
    box.press("Enter")
    page.locator(".st-key-welcome_claim_pin input").fill(pin)
    page.locator(".st-key-welcome_claim_again input").fill(pin)
    page.locator(".st-key-welcome_claim button").click()
    page.get_by_test_id("stSidebar").get_by_text(f"Learning as {name}").wait_for()
    page.wait_for_function(
        "() => document.cookie.includes('tutor_learner=')", timeout=wait_ms
    )
