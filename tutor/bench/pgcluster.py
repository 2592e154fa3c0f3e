"""A throwaway PostgreSQL cluster in a temporary folder (for the load benchmark and tests).

As root, the server runs as the ``postgres`` user (PostgreSQL refuses root).
"""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from tutor.bench.app import free_port

__all__ = ["Cluster", "ClusterError", "free_port", "pg_bin", "throwaway_cluster"]


class ClusterError(RuntimeError):
    """PostgreSQL could not be started; ``stderr`` is what its programs printed."""

    def __init__(self, stderr: str) -> None:
        super().__init__(f"could not start PostgreSQL: {stderr}")
        self.stderr = stderr


@dataclass(frozen=True)
class Cluster:
    """A running throwaway cluster."""

    #: ``postgresql+psycopg://postgres@127.0.0.1:PORT`` (add ``/dbname``).
    server: str
    port: int
    datadir: Path

    def pid(self) -> int:
        """The server's main process id."""
        return int((self.datadir / "postmaster.pid").read_text().split()[0])


def pg_bin() -> Path | None:
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


@contextmanager
def throwaway_cluster(
    bindir: Path, settings: Sequence[str] = (), prefix: str = "tutor-pg-"
) -> Iterator[Cluster]:
    """Start a cluster with ``bindir``'s programs on 127.0.0.1; stop and remove it after.

    ``settings`` are extra server settings (``"fsync=off"``), each passed as ``-c``.

    :raises ClusterError: If initdb or pg_ctl fails.
    """
    runas = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
    workdir = tempfile.mkdtemp(prefix=prefix)
    datadir = os.path.join(workdir, "data")
    os.mkdir(datadir)
    if runas:
        shutil.chown(workdir, "postgres")
        shutil.chown(datadir, "postgres")
    port = free_port()

    def run(*args: str) -> None:
        subprocess.run([*runas, *args], check=True, capture_output=True, text=True)

    try:
        run(str(bindir / "initdb"), "-D", datadir, "-A", "trust", "-U", "postgres")
        options = " ".join(
            [f"-p {port} -k {workdir} -c listen_addresses=127.0.0.1"]
            + [f"-c {setting}" for setting in settings]
        )
        run(
            str(bindir / "pg_ctl"),
            *("-D", datadir, "-o", options, "-l", os.path.join(workdir, "log")),
            *("-w", "start"),
        )
    except subprocess.CalledProcessError as exc:
        shutil.rmtree(workdir, ignore_errors=True)
        raise ClusterError(exc.stderr) from exc
    try:
        yield Cluster(
            f"postgresql+psycopg://postgres@127.0.0.1:{port}", port, Path(datadir)
        )
    finally:
        subprocess.run(
            [*runas, str(bindir / "pg_ctl"), "-D", datadir, "-m", "fast", "-w", "stop"],
            check=False,
            capture_output=True,
        )
        shutil.rmtree(workdir, ignore_errors=True)
