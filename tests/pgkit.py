"""A throwaway PostgreSQL cluster for the store's tests (one per test session).

``postgres_server`` yields $TUTOR_TEST_POSTGRES_URL if set, else starts a cluster with the
installed binaries (skipped where there are none, failed under CI).
"""

from __future__ import annotations

import os
import socket
import threading
from collections.abc import Iterator

import pytest
from sqlalchemy import create_engine, text

from tutor.bench.pgcluster import ClusterError, free_port, pg_bin, throwaway_cluster

__all__ = ["empty_postgres", "free_port", "postgres_server", "silent_server"]


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[str]:
    """A PostgreSQL URL: $TUTOR_TEST_POSTGRES_URL, or a throwaway cluster started here."""
    given = os.environ.get("TUTOR_TEST_POSTGRES_URL", "").strip()
    if given:
        yield given
        return
    bindir = pg_bin()
    if bindir is None:
        reason = (
            "PostgreSQL binaries (initdb, pg_ctl) not found; install postgresql or set "
            "TUTOR_TEST_POSTGRES_URL"
        )
        if os.environ.get("CI"):
            pytest.fail(reason)
        pytest.skip(reason)
    try:
        with throwaway_cluster(bindir, ["fsync=off"]) as cluster:
            admin = create_engine(
                f"{cluster.server}/postgres", isolation_level="AUTOCOMMIT"
            )
            with admin.connect() as conn:
                conn.execute(text("CREATE DATABASE tutor_test"))
            admin.dispose()
            yield f"{cluster.server}/tutor_test"
    except ClusterError as exc:
        pytest.fail(f"could not start PostgreSQL: {exc.stderr}")


def empty_postgres(url: str) -> None:
    """Drop every table of the test database (the layout's and Alembic's)."""
    engine = create_engine(url)
    with engine.begin() as conn:
        conn.execute(text("DROP SCHEMA public CASCADE"))
        conn.execute(text("CREATE SCHEMA public"))
    engine.dispose()


@pytest.fixture
def silent_server() -> Iterator[int]:
    """A TCP port that accepts connections and never says a word."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(16)
    accepted: list[socket.socket] = []
    stop = threading.Event()

    def accept() -> None:
        listener.settimeout(0.2)
        while not stop.is_set():
            try:
                accepted.append(listener.accept()[0])
            except OSError:
                continue

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    try:
        yield int(listener.getsockname()[1])
    finally:
        stop.set()
        thread.join()
        for conn in accepted:
            conn.close()
        listener.close()
