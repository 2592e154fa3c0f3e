"""A throwaway PostgreSQL cluster for the store's tests (one per test session).

``postgres_server`` yields $TUTOR_TEST_POSTGRES_URL if set, else starts a cluster with the
installed binaries (skipped where there are none, failed under CI).
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from sqlalchemy import create_engine, text

from tutor.bench.pgcluster import ClusterError, free_port, pg_bin, throwaway_cluster

__all__ = ["empty_postgres", "free_port", "postgres_server"]


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
