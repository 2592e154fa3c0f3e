"""Readiness (tutor/ready.py): ``/_tutor/ready`` says 503 when the page check hangs or
fails, 200 when it passes and the app server says ok; HAProxy is told to use it."""

from __future__ import annotations

import socket
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from appkit import point_app_at

from tutor import ready as ready_module
from tutor.ready import Readiness, page_check, serve_readiness
from tutor.serve import Upstream, render_config

DATA = Path(__file__).resolve().parent / "data" / "ui"


def _port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _get(port: int, path: str = "/_tutor/ready") -> tuple[int, str]:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=5) as r:
            return r.status, r.read().decode()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read().decode()


@pytest.fixture
def served(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[..., int]]:
    monkeypatch.setattr(ready_module, "CHECK_DEADLINE", 0.5)
    monkeypatch.setattr(ready_module, "_health", lambda port: "ok")
    servers = []

    def start(check: Callable[[], str]) -> int:
        readiness = Readiness(check, app_port=1)
        port = _port()
        servers.append(serve_readiness(readiness, port))
        readiness.check_once()
        return port

    yield start
    for server in servers:
        server.shutdown()
        server.server_close()


def _settle(port: int, want: int) -> tuple[int, str]:
    deadline = time.monotonic() + 5
    while True:
        found = _get(port)
        if found[0] == want or time.monotonic() > deadline:
            return found
        time.sleep(0.1)


def test_a_passing_check_is_ready(served: Callable[..., int]) -> None:
    port = served(lambda: "3 scenarios, 2 lessons")
    assert _settle(port, 200) == (200, "ready: 3 scenarios, 2 lessons\n")
    assert _get(port, "/elsewhere")[0] == 404


def test_a_hanging_check_is_not_ready(served: Callable[..., int]) -> None:
    release = threading.Event()
    port = served(lambda: str(release.wait(30)))
    try:
        time.sleep(0.8)  # past the check's deadline
        status, body = _get(port)
        assert status == 503
        assert body.startswith("not ready: the page check has not finished after ")
    finally:
        release.set()


def test_a_failing_check_is_not_ready(served: Callable[..., int]) -> None:
    def broken() -> str:
        raise RuntimeError("no scenario could be loaded")

    port = served(broken)
    assert _settle(port, 503) == (
        503,
        "not ready: page check failed: no scenario could be loaded\n",
    )


def test_the_page_check_loads_what_the_pages_load(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    point_app_at(monkeypatch, tmp_path / "data", DATA)
    assert page_check() == "3 scenarios, 2 lessons"
    empty = tmp_path / "empty"
    (empty / "scenarios").mkdir(parents=True)
    (empty / "lessons").mkdir()
    point_app_at(monkeypatch, tmp_path / "data", empty)
    with pytest.raises(RuntimeError, match="no scenario could be loaded"):
        page_check()


def test_haproxy_checks_readiness_on_port_plus_1000() -> None:
    config = render_config([Upstream("r1", "127.0.0.1", 8502)], "127.0.0.1", 8501)
    assert "    option httpchk GET /_tutor/ready\n" in config
    assert "    http-check expect status 200\n" in config
    assert "    server r1 127.0.0.1:8502 cookie r1 check port 9502\n" in config
