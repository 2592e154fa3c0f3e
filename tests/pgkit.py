"""A throwaway PostgreSQL cluster for the store's tests (one per test session).

``postgres_server`` yields $TUTOR_TEST_POSTGRES_URL if set, else starts a cluster with the
installed binaries (skipped where there are none, failed under CI).
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text


def _pg_bin() -> Path | None:
    """The folder holding pg_ctl and initdb (PATH first, then Debian's versioned folders)."""
    found = shutil.which("pg_ctl")
    if found and shutil.which("initdb"):
        return Path(found).parent
    candidates = sorted(
        glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"),
        key=lambda p: (
            int(Path(p).parent.parent.name)
            if Path(p).parent.parent.name.isdigit()
            else 0
        ),
    )
    return Path(candidates[-1]).parent if candidates else None


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[str]:
    """A PostgreSQL URL: $TUTOR_TEST_POSTGRES_URL, or a throwaway cluster started here."""
    given = os.environ.get("TUTOR_TEST_POSTGRES_URL", "").strip()
    if given:
        yield given
        return
    bindir = _pg_bin()
    if bindir is None:
        reason = (
            "PostgreSQL binaries (initdb, pg_ctl) not found; install postgresql or set "
            "TUTOR_TEST_POSTGRES_URL"
        )
        if os.environ.get("CI"):
            pytest.fail(reason)
        pytest.skip(reason)
    as_root = os.geteuid() == 0
    prefix = ["runuser", "-u", "postgres", "--"] if as_root else []
    workdir = tempfile.mkdtemp(prefix="tutor-pg-")
    datadir = os.path.join(workdir, "data")
    os.mkdir(datadir)
    if as_root:
        shutil.chown(workdir, "postgres")
        shutil.chown(datadir, "postgres")
    port = free_port()

    def run(*args: str) -> None:
        subprocess.run([*prefix, *args], check=True, capture_output=True, text=True)

    try:
        run(str(bindir / "initdb"), "-D", datadir, "-A", "trust", "-U", "postgres")
        options = f"-p {port} -k {workdir} -c listen_addresses=127.0.0.1 -c fsync=off"
        run(
            str(bindir / "pg_ctl"),
            "-D",
            datadir,
            "-o",
            options,
            "-l",
            os.path.join(workdir, "log"),
            "-w",
            "start",
        )
    except subprocess.CalledProcessError as exc:
        shutil.rmtree(workdir, ignore_errors=True)
        pytest.fail(f"could not start PostgreSQL: {exc.stderr}")
    try:
        admin = create_engine(
            f"postgresql+psycopg://postgres@127.0.0.1:{port}/postgres",
            isolation_level="AUTOCOMMIT",
        )
        with admin.connect() as conn:
            conn.execute(text("CREATE DATABASE tutor_test"))
        admin.dispose()
        yield f"postgresql+psycopg://postgres@127.0.0.1:{port}/tutor_test"
    finally:
        subprocess.run(
            [
                *prefix,
                str(bindir / "pg_ctl"),
                "-D",
                datadir,
                "-m",
                "fast",
                "-w",
                "stop",
            ],
            check=False,
            capture_output=True,
        )
        shutil.rmtree(workdir, ignore_errors=True)


def empty_postgres(url: str) -> None:
    """Drop every table of the test database (the layout's and Alembic's)."""
    engine = create_engine(url)
    with engine.begin() as conn:
        conn.execute(text("DROP SCHEMA public CASCADE"))
        conn.execute(text("CREATE SCHEMA public"))
    engine.dispose()
