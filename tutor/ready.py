"""Readiness of one replica: can it serve its pages? (``GET /_tutor/ready``, for HAProxy)

Streamlit's ``/_stcore/health`` says ``ok`` as long as its web server runs, even when every
page hangs (a bank that never finishes loading). ``tutor run --ready-port N`` runs the app
in this process and, beside it, a small HTTP server on ``127.0.0.1:N``:

- every :data:`CHECK_SECONDS` a thread does what a page does first: the scenario bank and
  the lessons through the pages' own cached loaders (the same folder scans, the same
  caches), each check given :data:`CHECK_DEADLINE` seconds;
- ``GET /_tutor/ready`` answers ``200 ready`` when the last check passed less than
  :data:`STALE_SECONDS` ago and Streamlit's own health says ``ok``, else ``503`` with the
  reason (a check still running after its deadline counts as failed).

The progress database is not part of readiness: pages work while it is away (answers are
kept), and one database for every replica would take them all out at once.
"""

from __future__ import annotations

import logging
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Sequence
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

log = logging.getLogger(__name__)

PATH = "/_tutor/ready"
#: Seconds between page checks, the time one may take, and the age a pass stays good.
CHECK_SECONDS = 2.0
CHECK_DEADLINE = 5.0
STALE_SECONDS = 10.0


class Readiness:
    """The last page check's result, and the thread that keeps it fresh.

    :param check: What a page needs first; raises (or hangs) when pages cannot be served.
    :param app_port: The Streamlit server's port on 127.0.0.1 (its health is asked too).
    """

    def __init__(self, check: Callable[[], str], app_port: int) -> None:
        self._check = check
        self.app_port = app_port
        self._lock = threading.Lock()
        self._passed_at: float | None = None
        self._detail = "not checked yet"
        self._running_since: float | None = None
        self._stop = threading.Event()

    def status(self) -> tuple[bool, str]:
        """Whether the replica can serve its pages now, and why (or what it has)."""
        now = time.monotonic()
        with self._lock:
            passed, detail, running = self._passed_at, self._detail, self._running_since
        if running is not None and now - running > CHECK_DEADLINE:
            return False, f"the page check has not finished after {now - running:.0f} s"
        if passed is None or now - passed > STALE_SECONDS:
            return False, detail
        if _health(self.app_port) != "ok":
            return False, "the app server does not say ok on /_stcore/health"
        return True, detail

    def check_once(self) -> None:
        """Run the page check (in its own thread, so a hang shows as a failure)."""
        with self._lock:
            if self._running_since is not None:
                return  # the last one still hangs: status() says so
            self._running_since = time.monotonic()
        threading.Thread(
            target=self._run_check, name="tutor-ready", daemon=True
        ).start()

    def _run_check(self) -> None:
        try:
            detail = self._check()
        except Exception as exc:  # noqa: BLE001 - any failure means "not ready"
            log.error("the page check failed: %s", exc)
            with self._lock:
                self._passed_at, self._detail = None, f"page check failed: {exc}"
                self._running_since = None
            return
        with self._lock:
            self._passed_at, self._detail = time.monotonic(), detail
            self._running_since = None

    def keep_checking(self) -> None:
        """Check every :data:`CHECK_SECONDS` until :meth:`stop` (a daemon thread)."""

        def loop() -> None:
            while not self._stop.is_set():
                self.check_once()
                self._stop.wait(CHECK_SECONDS)

        threading.Thread(target=loop, name="tutor-ready-loop", daemon=True).start()

    def stop(self) -> None:
        self._stop.set()


def _health(port: int) -> str:
    try:
        with urllib.request.urlopen(
            f"http://127.0.0.1:{port}/_stcore/health", timeout=1.0
        ) as reply:
            body: bytes = reply.read()
            return body.decode(errors="replace").strip()
    except (urllib.error.URLError, OSError, ValueError):
        return ""


def serve_readiness(readiness: Readiness, port: int) -> ThreadingHTTPServer:
    """Answer ``GET /_tutor/ready`` on 127.0.0.1:``port`` in a daemon thread."""

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            if self.path.split("?")[0] != PATH:
                self.send_error(404)
                return
            ok, detail = readiness.status()
            body = (("ready: " if ok else "not ready: ") + detail + "\n").encode()
            self.send_response(200 if ok else 503)
            self.send_header("Content-Type", "text/plain; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, format: str, *args: object) -> None:
            return  # HAProxy asks every second: no line per check

    server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
    server.daemon_threads = True
    threading.Thread(
        target=server.serve_forever, name="tutor-ready-http", daemon=True
    ).start()
    return server


def page_check() -> str:
    """What the pages load first: the scenario bank and the lessons (their own loaders)."""
    from tutor.ui.bank import scenario_bank
    from tutor.ui.data import lessons

    bank = scenario_bank()
    found = lessons()
    if not bank.scenarios:
        raise RuntimeError("no scenario could be loaded")
    return f"{len(bank.scenarios)} scenarios, {len(found)} lessons"


def run_with_readiness(
    streamlit_argv: Sequence[str], app_port: int, ready_port: int
) -> int:  # pragma: no cover - runs the app in this process until it stops
    """Run Streamlit here (``streamlit_argv`` as after ``python -m streamlit``) with the
    readiness server beside it."""
    from streamlit.web import cli as streamlit_cli

    readiness = Readiness(page_check, app_port)
    serve_readiness(readiness, ready_port)
    readiness.keep_checking()
    sys.argv = ["streamlit", *streamlit_argv]
    try:
        streamlit_cli.main()
    except SystemExit as exc:
        return int(exc.code or 0) if not isinstance(exc.code, str) else 1
    return 0
