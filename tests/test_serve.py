"""``tutor serve``: the HAProxy config, its arguments, and two replicas behind the proxy."""

from __future__ import annotations

import asyncio
import io
import os
import select
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from tutor.bench.load import (
    CHECK_KEY,
    NEXT_KEY,
    PICK_KEY,
    Session,
    make_learners,
    plan,
    player_radio,
    widget_key,
)
from tutor.cli import main
from tutor.progress import ProgressStore
from tutor.serve import (
    COOKIE_SECRET_VAR,
    READY_OFFSET,
    Deployment,
    ServeError,
    Upstream,
    port_is_free,
    render_config,
)
from tutor.ui.identity import LEARNER_COOKIE

ROOT = Path(__file__).parent.parent


def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    code = main(list(argv), out=out)
    return code, out.getvalue()


def _haproxy() -> str:
    found = shutil.which("haproxy") or (
        "/usr/sbin/haproxy" if os.access("/usr/sbin/haproxy", os.X_OK) else None
    )
    if found is None:
        reason = "HAProxy is not installed (Debian: apt-get install haproxy)"
        if os.environ.get("CI"):
            pytest.fail(reason)
        pytest.skip(reason)
    return found


def _free_ports(count: int) -> int:
    """The first of ``count`` consecutive free ports (their readiness ports free too)."""
    for _ in range(100):
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            first = int(sock.getsockname()[1])
        if first + count + READY_OFFSET < 65535 and all(
            port_is_free(first + n) and port_is_free(first + n + READY_OFFSET)
            for n in range(count)
        ):
            return first
    raise AssertionError("no run of free ports")


def _backend(config: str) -> list[str]:
    lines = config.splitlines()
    start = lines.index("backend replicas")
    return [line.strip() for line in lines[start + 1 :] if line.strip()]


def test_config_for_two_replicas() -> None:
    config = render_config(
        [Upstream("r1", "127.0.0.1", 8502), Upstream("r2", "127.0.0.1", 8503)],
        "0.0.0.0",
        8501,
    )
    assert "    bind 0.0.0.0:8501\n" in config
    assert "    maxconn 4096\n" in config
    assert "    timeout tunnel 1h\n" in config
    assert _backend(config) == [
        "balance roundrobin",
        'cookie TUTOR_REPLICA insert indirect nocache httponly attr "SameSite=Lax"',
        "option httpchk GET /_tutor/ready",
        "http-check expect status 200",
        "default-server check inter 1s fall 2 rise 2",
        "http-response set-header X-Tutor-Replica %s",
        "server r1 127.0.0.1:8502 cookie r1 check port 9502",
        "server r2 127.0.0.1:8503 cookie r2 check port 9503",
    ]


def test_print_config_for_other_machines_is_accepted_by_haproxy(tmp_path: Path) -> None:
    code, text = run(
        "serve",
        "--print-config",
        "--replicas",
        "1",
        "--port",
        "8080",
        "--address",
        "0.0.0.0",
        "--upstream",
        "10.0.0.5:8501",
        "--upstream",
        "[fd00::6]:8501",
    )
    assert code == 0
    assert _backend(text)[-3:] == [
        "server r1 127.0.0.1:8081 cookie r1 check port 9081",
        "server r2 10.0.0.5:8501 cookie r2 check port 9501",
        "server r3 [fd00::6]:8501 cookie r3 check port 9501",
    ]
    config = tmp_path / "haproxy.cfg"
    config.write_text(text)
    checked = subprocess.run(
        [_haproxy(), "-c", "-q", "-f", str(config)],
        check=False,
        capture_output=True,
        text=True,
    )
    assert (checked.returncode, checked.stderr) == (0, "")


def test_no_replicas_and_no_upstream(capsys: pytest.CaptureFixture[str]) -> None:
    assert run("serve", "--replicas", "0", "--print-config") == (1, "")
    assert capsys.readouterr().err == (
        "tutor serve: --replicas 0 needs at least one --upstream HOST:PORT\n"
    )


def test_too_many_replicas(capsys: pytest.CaptureFixture[str]) -> None:
    assert run("serve", "--replicas", "33") == (1, "")
    assert capsys.readouterr().err == "tutor serve: --replicas 33: use 0 to 32\n"


def test_bad_upstream_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert run("serve", "--upstream", "app-2") == (2, "")
    assert capsys.readouterr().err == (
        "tutor serve: argument --upstream: 'app-2' is not HOST:PORT: write e.g. "
        "10.0.0.5:8501 (see 'tutor serve --help')\n"
    )


def test_port_in_use_is_refused_before_starting_anything() -> None:
    _haproxy()
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        deployment = Deployment(1, _free_ports(1), replica_ports=port)
        with pytest.raises(ServeError) as caught:
            deployment.start()
    assert str(caught.value) == (
        f"replica r1's port {port} is in use: stop what listens there, or choose "
        "other ports with --port / --replica-ports"
    )
    assert deployment.processes == {}


def test_every_replica_gets_one_cookie_secret() -> None:
    one = Deployment(2, 9000, env={})
    assert len(one.env[COOKIE_SECRET_VAR]) == 64
    given = Deployment(2, 9000, env={COOKIE_SECRET_VAR: "s3cret"})
    assert given.env[COOKIE_SECRET_VAR] == "s3cret"


# -- two replicas behind HAProxy, for real ---------------------------------------------------


def _get(url: str, cookie: str | None = None) -> tuple[str, str, str]:
    """(body, replica header, TUTOR_REPLICA cookie set) of a GET."""
    request = urllib.request.Request(url, headers={"Cookie": cookie} if cookie else {})
    with urllib.request.urlopen(request, timeout=10) as reply:
        cookies = [
            c.split(";")[0]
            for c in reply.headers.get_all("Set-Cookie") or []
            if c.startswith("TUTOR_REPLICA=")
        ]
        return (
            reply.read().decode(),
            reply.headers.get("X-Tutor-Replica", ""),
            cookies[0] if cookies else "",
        )


@pytest.fixture(scope="module")
def served(
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[tuple[str, Path, subprocess.Popen[str]]]:
    """``tutor serve --replicas 2`` on free ports with SQLite in a temporary folder."""
    _haproxy()
    data = tmp_path_factory.mktemp("serve-data")
    first = _free_ports(3)
    env = {**os.environ, "TUTOR_DATA_DIR": str(data), "PYTHONPATH": str(ROOT)}
    env.pop("TUTOR_DATABASE_URL", None)
    command = [sys.executable, "-m", "tutor.cli", "serve", "--replicas", "2"]
    process = subprocess.Popen(
        [*command, "--port", str(first), "--replica-ports", str(first + 1)],
        env=env,
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    assert process.stdout is not None
    deadline = time.monotonic() + 120
    banner = ""
    while not banner.startswith("Stud Tutor at"):
        ready, _, _ = select.select([process.stdout], [], [], 1)
        if ready:
            banner = process.stdout.readline()
        if process.poll() is not None or time.monotonic() > deadline:
            process.kill()
            pytest.fail(f"tutor serve did not start (exit {process.returncode})")
    url = f"http://127.0.0.1:{first}"
    assert banner == (
        f"Stud Tutor at {url} (HAProxy, 2 app server(s): 127.0.0.1:{first + 1}, "
        f"127.0.0.1:{first + 2}). Ctrl-C stops everything.\n"
    )
    try:
        yield url, data, process
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


def test_health_answers_through_the_proxy_from_both_replicas(
    served: tuple[str, Path, subprocess.Popen[str]],
) -> None:
    url, _, _ = served
    first, second = _get(f"{url}/_stcore/health"), _get(f"{url}/_stcore/health")
    assert (first[0], second[0]) == ("ok", "ok")
    assert {first[1], second[1]} == {"r1", "r2"}  # round robin without a cookie
    assert first[2] == f"TUTOR_REPLICA={first[1]}"  # the sticky cookie is set


def test_a_session_sticks_to_its_replica(
    served: tuple[str, Path, subprocess.Popen[str]],
) -> None:
    url, _, _ = served
    _, replica, cookie = _get(f"{url}/")

    async def websockets_with(cookie: str) -> list[str]:
        seen = []
        for _ in range(4):
            session = Session(url, "Nobody")
            await session.connect(cookie=cookie)
            seen.append(session.replica)
            await session.close()
        return seen

    assert asyncio.run(websockets_with(cookie)) == [replica] * 4
    assert [_get(f"{url}/_stcore/health", cookie)[1] for _ in range(3)] == [replica] * 3


def test_the_load_client_answers_a_question_and_it_is_saved(
    served: tuple[str, Path, subprocess.Popen[str]],
) -> None:
    url, data, _ = served
    database = f"sqlite:///{data / 'progress.sqlite3'}"
    # signed in as a browser is: a session opened in the store, its token the cookie
    token = make_learners(database, ["Serve Test"])["Serve Test"]
    store = ProgressStore(database)
    learner = store.find_learner("Serve Test")
    assert learner is not None
    stop = plan(limit=1)[0]

    async def one_answer() -> tuple[str, str]:
        session = Session(url, learner.name)
        await session.connect(cookie=f"{LEARNER_COOKIE}={token}")
        try:
            await session.open()
            await session.choose(PICK_KEY, stop.label)
            for _ in range(stop.nexts):
                await session.click(NEXT_KEY)
            radio = player_radio(session.widgets)
            assert radio is not None
            chosen = await session.choose(widget_key(radio.id), radio.options[0])
            assert chosen.status == "FINISHED_FRAGMENT_RUN_SUCCESSFULLY"
            checked = await session.click(CHECK_KEY)
        finally:
            await session.close()
        verdicts = [fmt for fmt, _ in checked.alerts if fmt in ("success", "error")]
        assert len(verdicts) == 1
        return verdicts[0], radio.options[0]

    verdict, option = asyncio.run(one_answer())
    answers = store.answers(learner)
    store.close()
    assert len(answers) == 1
    assert answers[0].correct is (verdict == "success")
    assert option.startswith(f"{answers[0].answer['player']} (seat ")


def test_sigterm_stops_proxy_and_replicas(
    served: tuple[str, Path, subprocess.Popen[str]],
) -> None:
    """Last in this module: the served deployment is stopped here."""
    url, _, process = served
    port = int(url.rsplit(":", 1)[1])
    process.send_signal(signal.SIGTERM)
    assert process.wait(timeout=30) == 0
    assert process.stdout is not None
    # the replicas write to the same output ("Stopping..."); tutor serve's line is last
    assert process.stdout.read().splitlines()[-1] == "Stopped (SIGTERM)."
    assert [port_is_free(port + n) for n in range(3)] == [True, True, True]
