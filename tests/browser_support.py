"""Helpers for the browser tests: start the app on a free port, find Chromium, stop."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
APP = ROOT / "tutor" / "ui" / "streamlit_app.py"
CHROMIUM = Path("/usr/bin/chromium")
#: Flags for Debian's Chromium in a container: no sandbox (CI runs as root), no GPU, no
#: network chatter of its own (updates, sync, QUIC), so only the app's traffic is left.
CHROMIUM_ARGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)
#: Where the browser tests leave their screenshots (git-ignored).
SCREENSHOTS = ROOT / "test-artifacts" / "screenshots"


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def streamlit_command(port: int, script: Path = APP) -> list[str]:
    """The ``streamlit run`` command for ``script`` on ``port``, headless and quiet."""
    return [
        sys.executable,
        "-m",
        "streamlit",
        "run",
        str(script),
        "--server.headless",
        "true",
        "--server.port",
        str(port),
        "--server.address",
        "127.0.0.1",
        "--browser.gatherUsageStats",
        "false",
        "--server.fileWatcherType",
        "none",
    ]


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
        if self.process.poll() is not None:
            return
        self.process.terminate()
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(timeout=15)


def health(url: str) -> str:
    """The body of ``/_stcore/health`` (``"ok"`` once the server is up), or ``""``."""
    try:
        with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as response:
            body: bytes = response.read()
            return body.decode().strip()
    except (urllib.error.URLError, ConnectionError, TimeoutError):
        return ""


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
