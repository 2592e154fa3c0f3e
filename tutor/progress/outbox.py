"""Answers kept on this machine while the progress database cannot take them.

A Check whose save fails is appended to ``pending-answers.jsonl`` in the data folder (one
JSON object a line, written and ``fsync``'d before the learner is told anything) and saved
when the database answers again: in the order given, once (each answer carries its
``answer_id``, and the store does not save an id twice). The file outlives a restart of the
app; several processes sharing the data folder take turns through a lock file.

A full disk: beside the queue lies a reserve file (``pending-answers.reserve``, 1 MiB of
zeros). When an append fails for want of space the reserve is given up and the append tried
again, so the answers of a full disk are still kept; the reserve is made again once the
queue has been saved. An entry the store refuses for its values (never for being away) is
moved to ``pending-answers.refused.jsonl`` and logged, so that one bad line cannot hold up
the rest.

Written by hand: the standard library's file calls are all it takes, and a second SQLite
file would need the space a full disk does not have.
"""

from __future__ import annotations

import errno
import json
import logging
import os
import shutil
import threading
import uuid
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path
from typing import Any

from tutor.progress.records import ProgressError, answer_to_json
from tutor.progress.store import ProgressStore, StoreUnavailable

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows: one process per data folder
    fcntl = None  # type: ignore[assignment]

log = logging.getLogger(__name__)

QUEUE_NAME = "pending-answers.jsonl"
RESERVE_NAME = "pending-answers.reserve"
REFUSED_NAME = "pending-answers.refused.jsonl"
LOCK_NAME = "pending-answers.lock"
RESERVE_BYTES = 1024 * 1024
#: The errors a full disk or quota gives.
_NO_SPACE = {errno.ENOSPC, errno.EDQUOT}


def new_answer_id() -> str:
    """A fresh answer id (32 hex digits)."""
    return uuid.uuid4().hex


@dataclass(frozen=True)
class Replayed:
    """What one replay did: answers saved, refused (moved aside), and still waiting."""

    saved: int
    refused: int
    waiting: int


class Outbox:
    """The queue of answers waiting for the database, in the folder ``folder``.

    :param folder: The data folder (created if missing).
    """

    def __init__(self, folder: Path) -> None:
        self.folder = Path(folder)
        self.path = self.folder / QUEUE_NAME
        self.reserve = self.folder / RESERVE_NAME
        self.refused_path = self.folder / REFUSED_NAME
        self._lock_path = self.folder / LOCK_NAME
        self._thread_lock = threading.RLock()

    # -- locking ---------------------------------------------------------------------

    @contextmanager
    def _locked(self) -> Iterator[None]:
        """This process's threads, then the other processes on the folder, one at a time."""
        with self._thread_lock:
            self.folder.mkdir(parents=True, exist_ok=True)
            fd = os.open(self._lock_path, os.O_RDWR | os.O_CREAT, 0o600)
            try:
                if fcntl is not None:
                    fcntl.flock(fd, fcntl.LOCK_EX)
                yield
            finally:
                os.close(fd)  # releases the lock

    # -- adding ----------------------------------------------------------------------

    def add(self, entry: Mapping[str, Any]) -> None:
        """Append one answer (``record_answer``'s keyword arguments plus ``learner``, the
        learner's id, or ``learner_name`` for a learner not looked up yet) and make it
        durable before returning.

        :raises ProgressError: If it cannot be written even after giving up the reserve.
        """
        line = (json.dumps(_to_json(entry), separators=(",", ":")) + "\n").encode()
        try:
            with self._locked():
                try:
                    self._append(line)
                except OSError as exc:
                    if exc.errno not in _NO_SPACE or not self._release_reserve():
                        raise
                    log.warning("the disk is full: the answers' reserve was given up")
                    self._append(line)
        except OSError as exc:
            raise ProgressError(
                f"Could not keep an answer in {str(self.path)!r}: {exc.strerror or exc}."
            ) from exc

    def _append(self, line: bytes) -> None:
        fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
        try:
            size = os.fstat(fd).st_size
            try:
                written = os.write(fd, line)
                if written != len(line):
                    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
                os.fsync(fd)
            except OSError:
                os.ftruncate(fd, size)  # no torn line left behind
                raise
        finally:
            os.close(fd)
        _fsync_folder(self.folder)

    def _release_reserve(self) -> bool:
        try:
            self.reserve.unlink()
        except FileNotFoundError:
            return False
        return True

    def make_reserve(self) -> bool:
        """Write the reserve file if it is missing (False if there is no room for it)."""
        if self.reserve.exists():
            return True
        partial = self.reserve.with_suffix(".partial")
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            with open(partial, "wb") as out:
                out.write(b"\0" * RESERVE_BYTES)
                out.flush()
                os.fsync(out.fileno())
            os.replace(partial, self.reserve)
        except OSError:
            partial.unlink(missing_ok=True)
            return False
        return True

    # -- reading and replaying ---------------------------------------------------------

    def waiting(self) -> int:
        """How many bytes wait in the queue (0: nothing waits). One ``stat``."""
        try:
            return os.stat(self.path).st_size
        except OSError:
            return 0

    def entries(self) -> list[dict[str, Any]]:
        """The answers waiting, oldest first (a line that does not read is skipped, logged)."""
        try:
            raw = self.path.read_bytes()
        except FileNotFoundError:
            return []
        found = []
        for number, line in enumerate(raw.splitlines(), 1):
            try:
                value = json.loads(line)
            except ValueError:
                log.error(
                    "line %d of the answers' queue does not read: skipped", number
                )
                continue
            if isinstance(value, dict):
                found.append(value)
        return found

    def waiting_for(self, learner_id: int, name: str | None = None) -> int:
        """How many answers of this learner wait (with ``name``: those kept by the name
        too, given before the learner could be looked up)."""
        return sum(
            1
            for e in self.entries()
            if e.get("learner") == learner_id
            or (
                name is not None
                and "learner" not in e
                and e.get("learner_name") == name
            )
        )

    def replay(self, store: ProgressStore) -> Replayed:
        """Save the waiting answers in order; stop at the first the store cannot take
        because it is away (those wait for the next replay). Emptied once all are saved.
        """
        with self._locked():
            entries = self.entries()
            if entries and not self._room():
                # a full disk: a write to the database now would only eat the space the
                # reserve gave back for keeping answers; wait until there is room again
                return Replayed(0, 0, len(entries))
            saved = refused = 0
            for number, entry in enumerate(entries):
                try:
                    store.record_answer(**_resolved(store, _from_json(entry)))
                except StoreUnavailable:
                    return Replayed(saved, refused, len(entries) - number)
                except (ProgressError, TypeError, ValueError) as exc:
                    log.error("a kept answer was refused and set aside: %s", exc)
                    self._set_aside(entry)
                    refused += 1
                    continue
                saved += 1
            if entries:
                with open(self.path, "r+b") as queue_file:
                    queue_file.truncate(0)
                    os.fsync(queue_file.fileno())
        if saved:
            log.info("%d kept answer(s) saved to the progress database", saved)
        self.make_reserve()
        return Replayed(saved, refused, 0)

    def _room(self) -> bool:
        """Whether saving may be tried: the reserve is in place (the disk never filled),
        or there is room for it twice over again."""
        if self.reserve.exists():
            return True
        try:
            return shutil.disk_usage(self.folder).free >= 2 * RESERVE_BYTES
        except OSError:
            return True

    def _set_aside(self, entry: Mapping[str, Any]) -> None:
        try:
            with open(self.refused_path, "ab") as out:
                out.write((json.dumps(entry) + "\n").encode())
                out.flush()
                os.fsync(out.fileno())
        except OSError:
            log.error("a refused answer could not be set aside: %r", entry)


def _to_json(entry: Mapping[str, Any]) -> dict[str, Any]:
    """The entry as plain JSON values (the answer as the store would write it)."""
    values = dict(entry)
    if "answer" in values:
        values["answer"] = json.loads(answer_to_json(values["answer"]))
    if isinstance(values.get("seconds"), Decimal):
        values["seconds"] = float(values["seconds"])
    when = values.get("answered_at")
    if isinstance(when, datetime):
        values["answered_at"] = when.astimezone(UTC).isoformat()
    if isinstance(values.get("rules"), tuple):
        values["rules"] = list(values["rules"])
    return values


def _from_json(entry: Mapping[str, Any]) -> dict[str, Any]:
    values = dict(entry)
    when = values.get("answered_at")
    if isinstance(when, str):
        values["answered_at"] = datetime.fromisoformat(when)
    return values


def _resolved(store: ProgressStore, values: dict[str, Any]) -> dict[str, Any]:
    """The entry with its learner's id: an answer kept by name (the learner could not be
    looked up when it was given) goes to that name's learner, who must exist.

    :raises StoreUnavailable: If the store is away (the entry waits).
    :raises ProgressError: If no learner has the name (the entry is set aside).
    """
    if "learner" in values or "learner_name" not in values:
        return values
    name = values.pop("learner_name")
    found = store.find_learner(str(name))
    if found is None:
        raise ProgressError(f"no learner is named {str(name)[:40]!r}")
    return {"learner": found, **values}


def _fsync_folder(folder: Path) -> None:
    """Make a newly created file's name durable too (best effort)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
