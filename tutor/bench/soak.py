"""Soak: learners coming and going for minutes through ``tutor serve``; what grows?

Two replicas (``$TUTOR_BENCH_SOAK_REPLICAS``) behind the proxy on loopback, SQLite in a
temporary data folder (or ``$TUTOR_BENCH_DATABASE_URL``), and the load benchmark's
learners (``$TUTOR_BENCH_SOAK_LEARNERS``, default 20, one interaction every 2 s each) in
windows of :data:`WINDOW` seconds: each window's learners open new sessions and close them
at its end, as learners come and leave. The run lasts ``$TUTOR_BENCH_SOAK_MINUTES``
(``--minutes N``, default 10, at most 180), then the learners leave and the replicas rest
for :data:`REST` seconds before the last sample.

Each replica runs :mod:`tracemalloc` from the end of the warm-up (so traced memory is what
was allocated since and is still held; a ``sitecustomize`` the benchmark puts on the
replicas' ``PYTHONPATH``, the app itself is unchanged) and writes a snapshot summary
every :data:`WINDOW` seconds. After each window the benchmark samples each replica's
resident memory and open file descriptors, its traced Python memory, and the database's
WAL file. The numbers: ``soak_rss_mib_start`` / ``_end`` / ``_after_rest`` (summed over
the replicas), ``soak_rss_mib_per_hour`` and ``soak_traced_mib_per_hour`` (least-squares
slopes over the load windows), ``soak_traced_mib_start`` / ``_end``, ``soak_fds_start``
/ ``_end``, ``soak_wal_mib_max`` / ``_end``, ``soak_errors``, ``soak_answers_lost`` and
``soak_top_growth`` (the source lines whose traced memory grew most, first to last
snapshot). tracemalloc slows the replicas: latencies here are not the load figures.
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from tutor.bench.common import BenchResult
from tutor.bench.load import (
    LoadError,
    Tally,
    _drive,
    _free_port,
    _free_port_run,
    make_learners,
    plan,
    saved_answers,
    warm_up,
)

MINUTES_VAR = "TUTOR_BENCH_SOAK_MINUTES"
LEARNERS_VAR = "TUTOR_BENCH_SOAK_LEARNERS"
REPLICAS_VAR = "TUTOR_BENCH_SOAK_REPLICAS"
DATABASE_VAR = "TUTOR_BENCH_DATABASE_URL"
DEFAULT_MINUTES = 10.0
MAX_MINUTES = 180.0
DEFAULT_LEARNERS = 20
MAX_LEARNERS = 200
DEFAULT_REPLICAS = 2
#: Seconds of load between two samples (and between two tracemalloc snapshots).
WINDOW = 60.0
#: Seconds the replicas rest after the learners leave, before the last sample.
REST = 30.0
#: Source lines kept per snapshot summary (the largest by traced size).
TOP_LINES = 300

#: Put on the replicas' PYTHONPATH as ``sitecustomize.py``: tracemalloc from the start,
#: and a thread writing a snapshot summary (one JSON line) every ``TUTOR_SOAK_EVERY`` s.
HOOK = """import os

if os.environ.get("TUTOR_SOAK_DIR"):
    import json
    import threading
    import time
    import tracemalloc

    def _tutor_soak_watch():
        folder = os.environ["TUTOR_SOAK_DIR"]
        every = float(os.environ.get("TUTOR_SOAK_EVERY", "60"))
        keep = int(os.environ.get("TUTOR_SOAK_TOP", "300"))
        path = os.path.join(folder, f"{os.getpid()}.jsonl")
        while not os.path.exists(os.path.join(folder, "start")):
            time.sleep(0.5)
        tracemalloc.start(1)
        while True:
            snapshot = tracemalloc.take_snapshot()
            current, peak = tracemalloc.get_traced_memory()
            top = [
                [f"{s.traceback[0].filename}:{s.traceback[0].lineno}", s.size, s.count]
                for s in snapshot.statistics("lineno")[:keep]
            ]
            line = {"t": time.time(), "traced": current, "peak": peak, "top": top}
            with open(path, "a", encoding="utf-8") as handle:
                handle.write(json.dumps(line) + "\\n")
            time.sleep(every)

    threading.Thread(target=_tutor_soak_watch, daemon=True, name="tutor-soak").start()
"""


@dataclass
class Sample:
    """One look at the replicas: after ``minute`` minutes of load (or at rest)."""

    minute: float
    rss_mib: dict[str, float] = field(default_factory=dict)
    fds: dict[str, int] = field(default_factory=dict)
    traced_mib: dict[str, float] = field(default_factory=dict)
    wal_mib: float = 0.0
    interactions: int = 0
    loadavg: float = 0.0
    note: str = ""


def _bounded(var: str, default: float, low: float, high: float) -> float:
    text = os.environ.get(var, "").strip()
    if not text:
        return default
    try:
        value = float(text)
    except ValueError:
        raise LoadError(f"{var}={text!r}: write a number") from None
    if not low <= value <= high:
        raise LoadError(f"{var}={text!r}: use {low:g} to {high:g}")
    return value


def settings() -> tuple[float, int, int]:
    """Minutes, learners and replicas, from the environment (bounded)."""
    minutes = _bounded(MINUTES_VAR, DEFAULT_MINUTES, 0.1, MAX_MINUTES)
    learners = int(_bounded(LEARNERS_VAR, DEFAULT_LEARNERS, 1, MAX_LEARNERS))
    replicas = int(_bounded(REPLICAS_VAR, DEFAULT_REPLICAS, 1, 8))
    return minutes, learners, replicas


def latest_snapshots(folder: Path) -> dict[int, dict[str, object]]:
    """The last snapshot summary each process wrote, by process id."""
    found: dict[int, dict[str, object]] = {}
    for path in folder.glob("*.jsonl"):
        try:
            lines = path.read_text(encoding="utf-8").splitlines()
        except OSError:
            continue
        for line in reversed(lines):
            try:
                found[int(path.stem)] = json.loads(line)
                break
            except ValueError:
                continue  # a line being written
    return found


def first_snapshots(folder: Path) -> dict[int, dict[str, object]]:
    """The first snapshot summary each process wrote after the warm-up, by process id."""
    found: dict[int, dict[str, object]] = {}
    for path in folder.glob("*.jsonl"):
        try:
            with path.open(encoding="utf-8") as handle:
                first = handle.readline()
            found[int(path.stem)] = json.loads(first)
        except (OSError, ValueError):
            continue
    return found


def growth(
    first: dict[str, object], last: dict[str, object], count: int = 8
) -> list[str]:
    """The source lines whose traced memory grew most between two snapshot summaries.

    >>> growth({"top": [["a.py:1", 100, 1]]}, {"top": [["a.py:1", 4196, 9], ["b.py:2", 50, 1]]})
    ['a.py:1 +4.0 KiB (+8 blocks)', 'b.py:2 +0.0 KiB (+1 blocks)']
    """
    before = {str(k): (int(str(s)), int(str(n))) for k, s, n in _rows(first)}
    after = {str(k): (int(str(s)), int(str(n))) for k, s, n in _rows(last)}
    grown = sorted(
        (
            (size - before.get(k, (0, 0))[0], blocks - before.get(k, (0, 0))[1], k)
            for k, (size, blocks) in after.items()
        ),
        reverse=True,
    )
    return [
        f"{_short(k)} +{size / 1024:.1f} KiB (+{blocks} blocks)"
        for size, blocks, k in grown[:count]
        if size > 0
    ]


def _rows(summary: dict[str, object]) -> list[list[object]]:
    top = summary.get("top", [])
    return (
        [row for row in top if isinstance(row, list)] if isinstance(top, list) else []
    )


def _short(where: str) -> str:
    for marker in ("site-packages/", "/tutor/"):
        if marker in where:
            head = "tutor/" if marker == "/tutor/" else ""
            return head + where.split(marker, 1)[1]
    return where


def slope_per_hour(points: Sequence[tuple[float, float]]) -> float:
    """The least-squares slope of (minute, value) points, per hour; 0 for fewer than 2.

    >>> slope_per_hour([(0, 10.0), (1, 11.0), (2, 12.0)])
    60.0
    """
    if len(points) < 2:
        return 0.0
    n = len(points)
    mx = sum(x for x, _ in points) / n
    my = sum(y for _, y in points) / n
    den = sum((x - mx) ** 2 for x, _ in points)
    if den == 0:
        return 0.0
    return round(60 * sum((x - mx) * (y - my) for x, y in points) / den, 2)


def _wal_mib(data: Path) -> float:
    total = 0
    for path in data.glob("*-wal"):
        try:
            total += path.stat().st_size
        except OSError:
            continue
    return round(total / 2**20, 2)


def sample(
    minute: float,
    pids: dict[str, int],
    snaps: Path,
    data: Path,
    interactions: int,
    note: str = "",
) -> Sample:
    """Resident memory, fds and traced memory of each replica, and the WAL's size."""
    import psutil

    latest = latest_snapshots(snaps)
    found = Sample(minute, interactions=interactions, note=note)
    for name, pid in pids.items():
        try:
            process = psutil.Process(pid)
            found.rss_mib[name] = round(process.memory_info().rss / 2**20, 1)
            found.fds[name] = process.num_fds()
        except psutil.Error:
            continue
        summary = latest.get(pid)
        if summary is not None:
            traced = summary.get("traced", 0)
            found.traced_mib[name] = round(float(str(traced)) / 2**20, 1)
    found.wal_mib = _wal_mib(data)
    found.loadavg = round(os.getloadavg()[0], 2)
    return found


def run() -> BenchResult:
    """The soak; a setting that cannot be used or a deployment that does not start ends
    the program with one line saying why."""
    from tutor.serve import ServeError

    try:
        return _run()
    except (LoadError, ServeError) as exc:
        raise SystemExit(f"soak: {exc}") from None


#: Seconds an interaction may take here (tracemalloc slows the replicas) before it
#: counts as an error.
TIMEOUT = 60.0


def _run() -> BenchResult:
    from tutor.bench import load

    before = load.TIMEOUT
    load.TIMEOUT = TIMEOUT
    try:
        return _soak()
    finally:
        load.TIMEOUT = before


def _soak() -> BenchResult:
    from tutor import config
    from tutor.serve import Deployment

    minutes, learners, replicas = settings()
    stops = plan()
    windows = max(1, round(minutes * 60 / WINDOW))
    window = minutes * 60 / windows
    with tempfile.TemporaryDirectory(prefix="tutor-bench-soak-") as tmp:
        root = Path(tmp)
        hook, snaps, data = root / "hook", root / "snaps", root / "data"
        for folder in (hook, snaps, data):
            folder.mkdir()
        (hook / "sitecustomize.py").write_text(HOOK)
        given = os.environ.get(DATABASE_VAR, "").strip()
        env = {
            **os.environ,
            "TUTOR_DATA_DIR": str(data),
            "PYTHONPATH": os.pathsep.join(
                p for p in (str(hook), os.environ.get("PYTHONPATH", "")) if p
            ),
            "TUTOR_SOAK_DIR": str(snaps),
            "TUTOR_SOAK_EVERY": str(window),
            "TUTOR_SOAK_TOP": str(TOP_LINES),
        }
        env.pop("TUTOR_DATABASE_URL", None)
        if given:
            env["TUTOR_DATABASE_URL"] = given
        url = given or config.database_url(env)
        deployment = Deployment(
            replicas,
            _free_port(),
            replica_ports=_free_port_run(replicas),
            env=env,
            log_dir=root / "logs",
        )
        samples: list[Sample] = []
        tally = Tally()
        names = [f"Soak {n:03d} {os.getpid()}" for n in range(learners)]
        with deployment:
            warm_up(deployment.url, [r.name for r in deployment.replicas], stops)
            # signed in as the browser would be (their session cookies), or nothing is saved
            tokens = make_learners(url, names)
            pids = {k: v for k, v in deployment.pids().items() if k != "proxy"}
            (snaps / "start").touch()  # tracemalloc starts now, after the warm-up
            time.sleep(2)
            start = time.perf_counter()
            samples.append(sample(0.0, pids, snaps, data, 0, "after warm-up"))
            for n in range(windows):
                print(
                    f"soak: window {n + 1} of {windows}, {learners} learners, "
                    f"{window:.0f} s ...",
                    file=sys.stderr,
                    flush=True,
                )
                part = asyncio.run(_drive(deployment.url, names, stops, window, tokens))
                tally.times += part.times
                tally.open_times += part.open_times
                tally.errors += part.errors
                tally.checks_sent += part.checks_sent
                done = len(tally.times) + len(tally.open_times)
                pids = {k: v for k, v in deployment.pids().items() if k != "proxy"}
                elapsed = (time.perf_counter() - start) / 60
                samples.append(sample(round(elapsed, 1), pids, snaps, data, done))
            time.sleep(REST)
            elapsed = (time.perf_counter() - start) / 60
            samples.append(
                sample(
                    round(elapsed, 1),
                    pids,
                    snaps,
                    data,
                    len(tally.times) + len(tally.open_times),
                    "learners gone",
                )
            )
            first, last = first_snapshots(snaps), latest_snapshots(snaps)
            top: list[str] = []
            for pid in pids.values():
                if pid in first and pid in last:
                    top += growth(first[pid], last[pid], 5)
        saved = saved_answers(url, names)
    return table(samples, tally, saved, minutes, learners, replicas, top)


def table(
    samples: Sequence[Sample],
    tally: Tally,
    saved: int,
    minutes: float,
    learners: int,
    replicas: int,
    top: Sequence[str],
) -> BenchResult:
    """The rows (one per sample) and the ``--json`` numbers."""
    rows = [
        [
            "minute",
            "interactions",
            "RSS per replica (MiB)",
            "traced per replica (MiB)",
            "fds per replica",
            "WAL",
            "load avg",
            "note",
        ]
    ]
    for s in samples:
        rows.append(
            [
                f"{s.minute:.1f}",
                str(s.interactions),
                " ".join(f"{k}={v:.0f}" for k, v in sorted(s.rss_mib.items())),
                " ".join(f"{k}={v:.1f}" for k, v in sorted(s.traced_mib.items())),
                " ".join(f"{k}={v}" for k, v in sorted(s.fds.items())),
                f"{s.wal_mib:.1f} MiB",
                f"{s.loadavg:.2f}",
                s.note,
            ]
        )
    loaded = [s for s in samples if s.note != "learners gone"]
    # The slope leaves out the warm-up sample: the first window fills the caches.
    trend = loaded[1:] if len(loaded) > 2 else loaded
    first, end = samples[0], loaded[-1]
    rested = samples[-1]
    numbers: dict[str, object] = {
        "soak_minutes": minutes,
        "soak_learners": learners,
        "soak_replicas": replicas,
        "soak_interactions": len(tally.times) + len(tally.open_times),
        "soak_errors": len(tally.errors),
        "soak_answers": tally.checks_sent,
        "soak_answers_lost": tally.checks_sent - saved,
        "soak_rss_mib_start": round(sum(first.rss_mib.values()), 1),
        "soak_rss_mib_end": round(sum(end.rss_mib.values()), 1),
        "soak_rss_mib_after_rest": round(sum(rested.rss_mib.values()), 1),
        "soak_rss_mib_per_hour": slope_per_hour(
            [(s.minute, sum(s.rss_mib.values())) for s in trend]
        ),
        "soak_traced_mib_start": round(sum(first.traced_mib.values()), 1),
        "soak_traced_mib_end": round(sum(end.traced_mib.values()), 1),
        "soak_traced_mib_after_rest": round(sum(rested.traced_mib.values()), 1),
        "soak_traced_mib_per_hour": slope_per_hour(
            [(s.minute, sum(s.traced_mib.values())) for s in trend]
        ),
        "soak_fds_start": sum(first.fds.values()),
        "soak_fds_end": sum(end.fds.values()),
        "soak_wal_mib_max": max(s.wal_mib for s in samples),
        "soak_wal_mib_end": rested.wal_mib,
        "soak_loadavg": end.loadavg,
        "soak_top_growth": list(top),
    }
    for message in tally.errors[:5]:
        print(f"soak error: {message}")
    for line in top:
        print(f"soak: grew most: {line}")
    print(
        f"soak: {replicas} replicas, {learners} learners, {minutes:g} min in windows of "
        f"about {WINDOW:.0f} s (each window's learners open and close their sessions), "
        f"then {REST:.0f} s without learners; tracemalloc on in the replicas (slower)."
    )
    return rows, numbers
