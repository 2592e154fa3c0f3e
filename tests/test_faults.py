"""Faults of the progress store, with real PostgreSQL clusters and a real small filesystem:
PostgreSQL stopped, frozen (SIGSTOP of its processes), a socket that accepts and never
answers, a full disk. Every page answers within 2 s, the learner is told at once and on
every page that answers are kept, and every answer given meanwhile is saved once afterwards.

Each test prints one ``FAULT {...}`` line (what the learner saw, answers given and saved,
the longest page wait) for the report; run with ``-s`` to read them.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from appkit import point_app_at, shown, sign_in
from sqlalchemy import create_engine, text
from streamlit.testing.v1 import AppTest

from tutor.bench.pgcluster import Cluster, ClusterError, pg_bin, throwaway_cluster
from tutor.progress import ProgressStore
from tutor.progress.outbox import Outbox
from tutor.ui import data

pytestmark = pytest.mark.slow

APP = Path(__file__).resolve().parent.parent / "tutor" / "ui" / "streamlit_app.py"
DATA = Path(__file__).resolve().parent / "data" / "ui"
PAGES = (
    "learn",
    "walkthrough",
    "practice",
    "drills",
    "review",
    "progress",
    "rules",
    "glossary",
)
KEPT_BANNER = (
    "The progress database cannot be reached right now. Your answers are kept on this "
    "server and will be saved as soon as it is back. Lessons and scenarios still work."
)
KEPT_NOTE = (
    "Your answer was checked and is kept on this server: it will be saved as soon as the "
    "progress database is back."
)
#: The page bound the issue asks for, and the deadline the app is given to keep it.
PAGE_SECONDS = 2.0
DEADLINE = "0.5"


@pytest.fixture(autouse=True)
def fresh_store_state() -> Iterator[None]:
    data.forget_store_failure()
    yield
    data.forget_store_failure()


@pytest.fixture
def cluster() -> Iterator[Cluster]:
    """A PostgreSQL cluster of this test's own (it is stopped or frozen)."""
    bindir = pg_bin()
    if bindir is None:
        if os.environ.get("CI"):
            pytest.fail("PostgreSQL binaries (initdb, pg_ctl) not found")
        pytest.skip("PostgreSQL binaries (initdb, pg_ctl) not found")
    try:
        with throwaway_cluster(bindir, ["fsync=off"], prefix="tutor-fault-") as found:
            admin = create_engine(
                f"{found.server}/postgres", isolation_level="AUTOCOMMIT"
            )
            with admin.connect() as conn:
                conn.execute(text("CREATE DATABASE tutor"))
            admin.dispose()
            try:
                yield found
            finally:
                _signal_all(found, signal.SIGCONT)  # never leave it frozen
    except ClusterError as exc:
        pytest.fail(f"could not start PostgreSQL: {exc.stderr}")


def _server_pids(cluster: Cluster) -> list[int]:
    """The postmaster and every process it started (as ``ps`` lists them)."""
    main = cluster.pid()
    listed = subprocess.run(
        ["ps", "-o", "pid=", "--ppid", str(main)],
        capture_output=True,
        text=True,
        check=False,
        timeout=10,
    ).stdout.split()
    return [main, *(int(pid) for pid in listed)]


def _signal_all(cluster: Cluster, signum: int) -> None:
    try:
        pids = _server_pids(cluster)
    except (OSError, ValueError):
        return
    for pid in pids:
        try:
            os.kill(pid, signum)
        except ProcessLookupError:
            pass


def _pg_ctl(cluster: Cluster, *args: str) -> None:
    bindir = pg_bin()
    assert bindir is not None
    runas = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
    log = str(cluster.datadir.parent / "log")
    subprocess.run(
        [*runas, str(bindir / "pg_ctl"), "-D", str(cluster.datadir), "-l", log, *args],
        check=True,
        capture_output=True,
        timeout=60,
    )


def _point_at(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, url: str) -> None:
    point_app_at(monkeypatch, tmp_path / "data", DATA)
    monkeypatch.setenv("TUTOR_DATABASE_URL", url)
    monkeypatch.setenv("TUTOR_DB_DEADLINE", DEADLINE)
    monkeypatch.setenv("TUTOR_DB_CONNECT_TIMEOUT", "2")


def _signed_in() -> AppTest:
    at = AppTest.from_file(str(APP), default_timeout=30)
    sign_in(at, "Ana")
    at.session_state["wt_scenario"] = "ui-third-street"
    at.session_state["wt_pos"] = 1
    at.run()
    at.switch_page("app_pages/walkthrough.py").run()
    assert not at.exception
    assert "Learning as **Ana**" in [m.value for m in at.sidebar.markdown]
    return at


def _answer(at: AppTest) -> float:
    """Answer the walkthrough's question (right); the seconds the Check took."""
    at.switch_page("app_pages/walkthrough.py").run()
    if any(b.key == "wt_retry" and not b.disabled for b in at.button):
        at.button(key="wt_retry").click().run()  # answered: try again
    box = next(n for n in at.number_input if n.key.endswith("_minimum"))
    box.set_value(20)
    started = time.monotonic()
    at.button(key="wt_check").click().run()
    took = time.monotonic() - started
    assert not at.exception
    assert shown(at.success) == ["Right: a minimum buy-in of 20."]
    return took


def _every_page(at: AppTest) -> tuple[float, set[str]]:
    """Open every page: the longest wait and the banners shown."""
    longest = 0.0
    banners: set[str] = set()
    for page in PAGES:
        started = time.monotonic()
        at.switch_page(f"app_pages/{page}.py").run()
        longest = max(longest, time.monotonic() - started)
        assert not at.exception, page
        banners |= {str(w.value) for w in at.warning}
    return longest, banners


def _saved_once(url: str, name: str) -> tuple[int, int]:
    """How many answers the learner has in the database, and how many distinct ids."""
    engine = create_engine(url)
    try:
        with engine.connect() as conn:
            row = conn.execute(
                text(
                    "SELECT count(*), count(DISTINCT answer_id) FROM answers a "
                    "JOIN learners l ON l.id = a.learner_id WHERE l.name = :n"
                ),
                {"n": name},
            ).one()
    finally:
        engine.dispose()
    return int(row[0]), int(row[1])


def _wait_saved(url: str, name: str, count: int, seconds: float = 40.0) -> float:
    """Wait until ``count`` answers of ``name`` are saved; the seconds it took."""
    started = time.monotonic()
    while time.monotonic() - started < seconds:
        try:
            if _saved_once(url, name)[0] >= count:
                return time.monotonic() - started
        except Exception:  # noqa: BLE001 - the server may still be starting
            pass
        time.sleep(0.25)
    return time.monotonic() - started


def _report(fault: str, **figures: Any) -> None:
    print("FAULT " + json.dumps({"fault": fault, **figures}))


def _outage(
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    cluster: Cluster,
    fault: str,
    begin: Any,
    end: Any,
) -> None:
    url = f"{cluster.server}/tutor"
    _point_at(monkeypatch, tmp_path, url)
    # the setup's own store: a generous deadline (the first call after the migrations
    # of a fresh cluster can pass 0.5 s on a loaded machine); the app keeps the 0.5 s
    setup = ProgressStore(url, deadline=30)
    setup.create_learner("Ana")
    setup.close()
    at = _signed_in()
    before = _answer(at)  # saved at once
    assert KEPT_NOTE not in [w.value for w in at.warning]
    begin()
    waits = [_answer(at)]
    assert KEPT_NOTE in [w.value for w in at.warning]  # said at once
    assert KEPT_BANNER in [w.value for w in at.warning]
    longest, banners = _every_page(at)
    assert banners == {KEPT_BANNER}
    waits += [_answer(at), _answer(at)]
    kept = len(Outbox(tmp_path / "data").entries())
    assert kept == 3
    end()
    after = _wait_saved(url, "Ana", 4)
    saved, distinct = _saved_once(url, "Ana")
    assert (saved, distinct) == (4, 4)  # every answer, once
    assert Outbox(tmp_path / "data").waiting() == 0
    longest = max(longest, *waits)
    _report(
        fault,
        saw="answer kept note at once; 'answers are kept' banner on every page",
        answers_given=4,
        answers_saved=saved,
        longest_page_wait_s=round(longest, 2),
        first_check_s=round(before, 2),
        saved_after_back_s=round(after, 2),
    )
    assert longest < PAGE_SECONDS


def test_postgres_frozen(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, cluster: Cluster
) -> None:
    _outage(
        monkeypatch,
        tmp_path,
        cluster,
        "PostgreSQL frozen (SIGSTOP)",
        lambda: _signal_all(cluster, signal.SIGSTOP),
        lambda: _signal_all(cluster, signal.SIGCONT),
    )


def test_postgres_stopped(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, cluster: Cluster
) -> None:
    _outage(
        monkeypatch,
        tmp_path,
        cluster,
        "PostgreSQL stopped (pg_ctl stop -m fast)",
        lambda: _pg_ctl(cluster, "-m", "fast", "-w", "stop"),
        lambda: _pg_ctl(cluster, "-w", "start", "-o", _options(cluster)),
    )


def _options(cluster: Cluster) -> str:
    """The server's options as ``throwaway_cluster`` gave them."""
    return (
        f"-p {cluster.port} -k {cluster.datadir.parent} "
        "-c listen_addresses=127.0.0.1 -c fsync=off"
    )


class Blackhole:
    """A TCP relay to PostgreSQL that can be cut: while cut, bytes either way are dropped
    and every connection stays open (a network that swallows packets). Mended, the
    connections that lived through the cut are closed (as TCP would give them up) and new
    ones pass again."""

    def __init__(self, target: int) -> None:
        self.target = target
        self.cut = threading.Event()
        self._stop = threading.Event()
        self._conns: list[socket.socket] = []
        self._lock = threading.Lock()
        self.listener = socket.socket()
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(64)
        self.listener.settimeout(0.2)
        self.port = int(self.listener.getsockname()[1])
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while not self._stop.is_set():
            try:
                client, _ = self.listener.accept()
            except OSError:
                continue
            try:
                server = socket.create_connection(("127.0.0.1", self.target), timeout=5)
            except OSError:
                client.close()
                continue
            with self._lock:
                self._conns += [client, server]
            for src, dst in ((client, server), (server, client)):
                threading.Thread(
                    target=self._pump, args=(src, dst), daemon=True
                ).start()

    def _pump(self, src: socket.socket, dst: socket.socket) -> None:
        try:
            while True:
                chunk = src.recv(65536)
                if not chunk:
                    break
                if not self.cut.is_set():
                    dst.sendall(chunk)
        except OSError:
            pass
        for sock in (src, dst):
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass

    def mend(self) -> None:
        with self._lock:
            conns, self._conns = self._conns, []
        for sock in conns:
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            sock.close()
        self.cut.clear()

    def close(self) -> None:
        self._stop.set()
        self.mend()
        self.listener.close()


def test_postgres_blackholed(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, cluster: Cluster
) -> None:
    relay = Blackhole(cluster.port)
    try:
        through = Cluster(
            cluster.server.rsplit(":", 1)[0] + f":{relay.port}",
            relay.port,
            cluster.datadir,
        )
        _outage(
            monkeypatch,
            tmp_path,
            through,
            "PostgreSQL blackholed (packets dropped, connections kept open)",
            relay.cut.set,
            relay.mend,
        )
    finally:
        relay.close()


def test_a_socket_that_never_answers(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, silent_server: int
) -> None:
    _point_at(
        monkeypatch, tmp_path, f"postgresql://ana@127.0.0.1:{silent_server}/tutor"
    )
    at = AppTest.from_file(str(APP), default_timeout=30)
    sign_in(at, "Ana")
    started = time.monotonic()
    at.run()  # the app's first run (imports, the bank) and the first wait on the store
    first = time.monotonic() - started
    assert not at.exception
    longest, banners = _every_page(at)
    # the learner could not be looked up: an answer is kept by name, and every page
    # says answers are kept
    assert banners == {KEPT_BANNER}
    at.session_state["wt_scenario"] = "ui-third-street"
    at.session_state["wt_pos"] = 1
    longest = max(longest, _answer(at))
    assert KEPT_NOTE in [w.value for w in at.warning]
    kept = Outbox(tmp_path / "data").entries()
    assert [(e.get("learner"), e.get("learner_name")) for e in kept] == [(None, "Ana")]
    _report(
        "PostgreSQL blackholed (accepts, never answers) from the start",
        saw="'answers are kept' banner on every page, the answer kept by name; pages work",
        answers_given=1,
        answers_kept=1,
        longest_page_wait_s=round(longest, 2),
        first_run_s=round(first, 2),
    )
    assert longest < PAGE_SECONDS


def _mount_tmpfs(where: Path, size: str) -> bool:
    where.mkdir(parents=True, exist_ok=True)
    done = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(where)],
        capture_output=True,
        check=False,
    )
    return done.returncode == 0


def test_a_full_disk_with_sqlite(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    disk = tmp_path / "disk"
    if not _mount_tmpfs(disk, "6m"):
        pytest.skip("no tmpfs can be mounted here (test_outbox simulates a full disk)")
    try:
        _full_disk(monkeypatch, disk)
    finally:
        subprocess.run(["umount", "-l", str(disk)], check=False, capture_output=True)


def _full_disk(monkeypatch: pytest.MonkeyPatch, disk: Path) -> None:
    folder = disk / "data"
    point_app_at(monkeypatch, folder, DATA)
    url = f"sqlite:///{folder / 'progress.sqlite3'}"
    folder.mkdir()
    store = data.progress_store()
    ana = store.create_learner("Ana")
    box = data.outbox()
    assert box is not None and box.make_reserve()

    def give(n: int) -> str:
        return data.save_answer(
            data.available_store(),
            ana,
            scenario_id="ui-third-street",
            step=1,
            kind="minimum",
            topic="betting-limits",
            level=1,
            game="stud8",
            preset="online",
            answer={"minimum": n},
            correct=True,
            seconds=1.0,
        )

    outcomes = [give(n) for n in range(20)]
    assert outcomes == ["saved"] * 20
    filler = disk / "filler"
    with open(filler, "wb") as out:  # fill the disk to the last byte
        try:
            while True:
                out.write(b"\1" * 65536)
                out.flush()
        except OSError:
            pass
    started = time.monotonic()
    full = [give(100 + n) for n in range(40)]
    longest = (time.monotonic() - started) / len(full)
    kept = full.count("kept")
    assert kept > 0  # the disk refused the database: the reserve kept them
    filler.unlink()  # space comes back
    after = [give(200 + n) for n in range(20)]
    waited = _wait_saved(url, "Ana", 80, seconds=30)
    store.close()
    saved, distinct = _saved_once(url, "Ana")
    assert (saved, distinct) == (80, 80)  # every answer, once
    wal = folder / "progress.sqlite3-wal"
    _report(
        "disk full (SQLite on a 6 MB tmpfs)",
        saw="answer kept note; 'answers are kept' banner while it lasted",
        answers_given=80,
        kept_while_full=kept,
        answers_saved=saved,
        kept_after_space_back=after.count("kept"),
        saved_after_back_s=round(waited, 2),
        wal_bytes=wal.stat().st_size if wal.exists() else 0,
        longest_page_wait_s=round(longest, 3),
    )
