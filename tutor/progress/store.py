"""The progress store: learners and their answers in SQLite or PostgreSQL (SQLAlchemy 2.x)."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import logging
import math
import os
import queue
import re
import statistics
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import Future
from concurrent.futures import TimeoutError as FutureTimeout
from contextlib import contextmanager, nullcontext
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal
from functools import lru_cache, wraps
from pathlib import Path
from typing import Any, Concatenate, ParamSpec, Self, TypeVar, cast

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import (
    Connection,
    Engine,
    and_,
    bindparam,
    case,
    create_engine,
    delete,
    event,
    func,
    inspect,
    literal,
    or_,
    select,
    text,
    update,
)
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import ArgumentError, IntegrityError, SQLAlchemyError
from sqlalchemy.orm import Session
from sqlalchemy.pool import StaticPool

from tutor import config
from tutor.config import DATA_DIR_VAR, DATABASE_URL_VAR, database_url, redact_url
from tutor.engine.rules import PRESETS
from tutor.i18n import LANGUAGES
from tutor.progress.answers_csv import Lookup, answers_query, write_csv
from tutor.progress.identity import (
    SESSION_KINDS,
    Policy,
    Refusal,
    Verdict,
    expiry,
    one_time_pin,
    pin_key,
    seconds_until,
    token_hash,
)
from tutor.progress.mastery import level_from
from tutor.progress.records import (
    GAMES,
    LEVELS,
    AnswerRecord,
    DaySummary,
    Learner,
    ProgressError,
    ProgressFigures,
    ReviewCardRecord,
    TopicSummary,
    answer_to_json,
    clean_name,
    name_key,
    name_skeleton,
)
from tutor.progress.schema import (
    HEAD_REVISION,
    AnswerDayRow,
    AnswerRow,
    AskMarkRow,
    AuthFailureRow,
    BrowserSessionRow,
    LearnerLanguageRow,
    LearnerRow,
    LessonReadRow,
    ReviewCardRow,
    ScenarioRunRow,
)

#: A lesson id (as tutor/lessons.py checks it), at most 100 characters.
_LESSON_ID = re.compile(r"(?=.{1,100}\Z)[a-z0-9]+(?:-[a-z0-9]+)*")

_WRITE = "tutor_write"
_SCHEMA_LOCK_KEY = 7_201_118  # any constant: serialises migrations on PostgreSQL
_TEXT_LIMITS = {"scenario_id": 200, "kind": 60, "topic": 60, "preset": 40}
_MIGRATIONS = Path(__file__).resolve().parent / "migrations"
#: A PIN's length, and the scrypt cost (about 20 ms and 16 MiB a check).
PIN_MIN, PIN_MAX = 4, 64
_SCRYPT_N, _SCRYPT_R, _SCRYPT_P = 2**14, 8, 1
_SEED_LIMIT = 2**63
#: Failed tries and locks are logged here: the key (``pin:<learner id>``...), never a secret.
auth_log = logging.getLogger("tutor.auth")
#: How many of a topic's latest first attempts give its mastery and median time.
RECENT = 200
#: An answer id: 32 lower-case hex digits (``uuid.uuid4().hex``).
_ANSWER_ID = re.compile(r"[0-9a-f]{32}")
#: Seconds a database that failed (did not answer, refused a connection) is not asked
#: again: every call in between fails at once (:meth:`ProgressStore.probe` asks anyway).
FAILURE_MEMORY_SECONDS = 15.0
#: Threads that run PostgreSQL calls under the deadline (a hung call holds one until the
#: server answers or TCP gives up; the failure memory keeps new calls away meanwhile).
_WORKERS = 16
#: SQLite: the WAL is cut back to this size after a checkpoint, so that it does not keep
#: the space of a burst of writes (a disk that filled up has it back for new answers).
SQLITE_JOURNAL_LIMIT = 4 * 1024 * 1024


class StoreUnavailable(ProgressError):
    """The database could not be reached, did not answer within the deadline, or refused a
    write (a full disk): the answer may be kept and saved when it comes back."""


class _Workers:
    """A few daemon threads that run calls for :meth:`ProgressStore._bounded_call`.

    Daemon threads, unlike ``concurrent.futures``' pool, never hold up the process's exit
    when a call is stuck on a frozen server.
    """

    def __init__(self, limit: int) -> None:
        self._limit = limit
        self._jobs: queue.SimpleQueue[tuple[Future[Any], Callable[[], Any]]] = (
            queue.SimpleQueue()
        )
        self._lock = threading.Lock()
        self._threads = 0
        self._idle = 0

    def submit(self, job: Callable[[], Any]) -> Future[Any]:
        future: Future[Any] = Future()
        with self._lock:
            if self._idle == 0 and self._threads < self._limit:
                self._threads += 1
                threading.Thread(
                    target=self._work, name="tutor-db", daemon=True
                ).start()
            else:
                self._idle -= 1 if self._idle else 0
        self._jobs.put((future, job))
        return future

    def _work(self) -> None:
        _inside.active = True
        while True:
            future, job = self._jobs.get()
            if future.set_running_or_notify_cancel():
                try:
                    future.set_result(job())
                except BaseException as exc:  # noqa: BLE001 - handed to the caller
                    future.set_exception(exc)
            with self._lock:
                self._idle += 1


#: Set in the workers' threads: a store call made there runs directly (no nesting).
_inside = threading.local()
#: SQLite: when the call under way in this thread gives up (``at``: a monotonic time, or
#: None outside a bounded call, where the 30 s busy timeout alone holds).
_sqlite_deadline = threading.local()
#: SQLite's own busy timeout (milliseconds) for calls made outside a bounded call.
_SQLITE_BUSY_MS = 30_000
#: SQLite: virtual-machine steps between two looks at the deadline.
_SQLITE_PROGRESS_STEPS = 10_000

_P = ParamSpec("_P")
_R = TypeVar("_R")


def bounded(
    function: Callable[Concatenate[ProgressStore, _P], _R],
) -> Callable[Concatenate[ProgressStore, _P], _R]:
    """A store method (or a function whose first argument is the store) run within the
    store's deadline and failure memory (see :class:`ProgressStore`)."""

    @wraps(function)
    def call(store: ProgressStore, /, *args: _P.args, **kwargs: _P.kwargs) -> _R:
        return cast(_R, store._bounded_call(function, args, kwargs))

    return call


def normalise_url(url: str | URL) -> URL:
    """The URL SQLAlchemy is given: bare ``postgresql://`` and ``postgres://`` use psycopg 3.

    >>> normalise_url("postgres://ana@db/tutor").render_as_string()
    'postgresql+psycopg://ana@db/tutor'
    """
    try:
        parsed = make_url(url)
    except (ArgumentError, ValueError) as exc:
        raise ProgressError(
            f"{redact_url(str(url))!r} is not a database URL SQLAlchemy can read. "
            f"Set {DATABASE_URL_VAR} to a URL such as "
            "sqlite:////srv/tutor/progress.sqlite3 or "
            "postgresql+psycopg://user:password@localhost:5432/tutor."
        ) from exc
    if parsed.drivername in ("postgres", "postgresql"):
        parsed = parsed.set(drivername="postgresql+psycopg")
    return parsed


def _first_line(exc: BaseException) -> str:
    """The driver's own message, first line only, without SQLAlchemy's decoration."""
    inner = getattr(exc, "orig", None) or exc
    lines = str(inner).strip().splitlines()
    return lines[0] if lines else type(inner).__name__


class ProgressStore:
    """Learners and answers, kept in the database at ``url``.

    Every write is one transaction. On SQLite the store uses WAL, ``synchronous=NORMAL``
    (``TUTOR_SQLITE_SYNCHRONOUS`` sets FULL or EXTRA), a 30 s busy timeout and
    ``BEGIN IMMEDIATE`` for writes, so several sessions (threads or processes) can write at
    once without lost updates. On PostgreSQL a connection attempt gives up after
    ``connect_timeout`` seconds and a statement after ``statement_timeout`` seconds. The
    layout is brought to the newest Alembic revision when the store opens. Every database
    failure is raised as ``ProgressError``.

    :param url: A SQLAlchemy URL (``sqlite:///path`` or ``postgresql+psycopg://...``).
    :param connect_timeout: Seconds (default ``$TUTOR_DB_CONNECT_TIMEOUT`` or 5).
    :param statement_timeout: Seconds (default ``$TUTOR_DB_STATEMENT_TIMEOUT`` or 15).
    :param synchronous: SQLite's setting (default ``$TUTOR_SQLITE_SYNCHRONOUS`` or NORMAL).
    :param deadline: Seconds any one call may take, counted here, not by the server
        (default ``$TUTOR_DB_DEADLINE`` or 3): a call that takes longer raises
        :class:`StoreUnavailable`, and on PostgreSQL every call for the next
        :data:`FAILURE_MEMORY_SECONDS` fails at once (:meth:`down` says so). On SQLite
        the wait for a lock (the busy timeout) is cut to what is left of the deadline,
        and a statement still running at the deadline is interrupted.
    :raises ProgressError: If the URL is bad, or the database cannot be opened or upgraded.
    :raises ConfigError: If a setting read from the environment is bad.
    """

    def __init__(
        self,
        url: str | URL,
        *,
        connect_timeout: int | None = None,
        statement_timeout: float | None = None,
        synchronous: str | None = None,
        deadline: float | None = None,
    ) -> None:
        self.url = normalise_url(url)
        self.deadline = config.db_deadline() if deadline is None else deadline
        self._failed_at: float | None = None
        self._failure_lock = threading.Lock()
        self.connect_timeout = (
            config.connect_timeout() if connect_timeout is None else connect_timeout
        )
        self.statement_timeout = (
            config.statement_timeout()
            if statement_timeout is None
            else statement_timeout
        )
        self.synchronous = (
            config.sqlite_synchronous() if synchronous is None else synchronous.upper()
        )
        if self.synchronous not in config.SQLITE_SYNCHRONOUS:
            raise ProgressError(
                f"synchronous={synchronous!r} is not a SQLite synchronous setting: use "
                f"{', '.join(config.SQLITE_SYNCHRONOUS)}."
            )
        # an in-memory SQLite database lives in one connection, shared by turns
        self._memory_lock = threading.RLock() if self.in_memory else None
        self._engine = self._make_engine()
        self._writer = self._engine.execution_options(**{_WRITE: True})
        # PostgreSQL calls run in worker threads, given up after the deadline; SQLite's
        # run in the caller's (a local file: its waits are bounded by the busy timeout)
        self._workers = None if self.is_sqlite else _Workers(_WORKERS)
        try:
            self._upgrade()
        except BaseException:
            self._engine.dispose()
            raise

    # -- engine and transactions -------------------------------------------------------

    @property
    def is_sqlite(self) -> bool:
        """Whether the database is SQLite."""
        return self.url.get_backend_name() == "sqlite"

    @property
    def in_memory(self) -> bool:
        """Whether the database is an in-memory SQLite one (gone when the store closes)."""
        database = self.url.database or ""
        return self.is_sqlite and (
            database in ("", ":memory:") or self.url.query.get("mode") == "memory"
        )

    @classmethod
    def from_config(cls) -> ProgressStore:
        """The store at ``tutor.config.database_url()`` ($TUTOR_DATABASE_URL or SQLite).

        :raises ConfigError: If a setting is bad.
        :raises ProgressError: If the database cannot be opened.
        """
        return cls(database_url())

    def _make_engine(self) -> Engine:
        """An engine with the settings the backend needs for safe concurrent writes."""
        try:
            if self.is_sqlite:
                engine = create_engine(
                    self.url,
                    connect_args={"timeout": 30, "check_same_thread": False},
                    poolclass=StaticPool if self.in_memory else None,
                )
                synchronous = self.synchronous

                def on_connect(dbapi_connection: Any, _record: Any) -> None:
                    _sqlite_on_connect(dbapi_connection, synchronous)

                event.listen(engine, "connect", on_connect)
                event.listen(engine, "begin", _sqlite_on_begin)
                return engine
            statement_ms = max(1, round(self.statement_timeout * 1000))
            return create_engine(
                self.url,
                pool_pre_ping=True,
                pool_timeout=self.connect_timeout,
                connect_args={
                    "connect_timeout": self.connect_timeout,
                    "options": f"-c statement_timeout={statement_ms}",
                    # a server cut off is noticed by TCP itself, so that a call given
                    # up at the deadline does not hold its thread and connection long
                    "keepalives": 1,
                    "keepalives_idle": 5,
                    "keepalives_interval": 2,
                    "keepalives_count": 3,
                    "tcp_user_timeout": max(5000, round(self.deadline * 2000)),
                },
            )
        except ImportError as exc:
            raise ProgressError(
                f"The database driver for {self._where()} is not installed ({exc}). "
                "For PostgreSQL run: pip install 'stud-tutor[postgres]'."
            ) from exc
        except (ArgumentError, SQLAlchemyError) as exc:
            raise ProgressError(
                f"Cannot use the database URL {self._where()}: {_first_line(exc)}. "
                f"Set {DATABASE_URL_VAR} to a sqlite:/// or postgresql+psycopg:// URL."
            ) from exc

    def _where(self) -> str:
        """The database named for a message: the SQLite file path or the redacted URL."""
        if self.is_sqlite:
            database = self.url.database
            return (
                repr(database) if database and database != ":memory:" else "in memory"
            )
        return repr(self.url.render_as_string(hide_password=True))

    def _error(self, action: str, exc: BaseException) -> StoreUnavailable:
        """A StoreUnavailable that says what failed, where, why and what to do."""
        reason = _first_line(exc)
        if self.is_sqlite:
            fix = (
                "Check that the file and its folder exist and are writable, or set "
                f"{DATA_DIR_VAR} (or {DATABASE_URL_VAR}) to another place."
            )
            where = f"the progress database {self._where()}"
        else:
            lowered = reason.lower()
            if "timeout" in lowered or "timed out" in lowered:
                if "statement timeout" in lowered:
                    reason += (
                        f" (no answer within {self.statement_timeout:g} s; "
                        f"{config.STATEMENT_TIMEOUT_VAR} sets this)"
                    )
                else:
                    reason += (
                        f" (no answer within {self.connect_timeout} s; "
                        f"{config.CONNECT_TIMEOUT_VAR} sets this)"
                    )
            fix = (
                "Check that the PostgreSQL server is running and that "
                f"{DATABASE_URL_VAR} has the right user, password, host, port and database."
            )
            where = f"the progress database at {self._where()}"
        return StoreUnavailable(f"Could not {action} in {where}: {reason}. {fix}")

    @contextmanager
    def _guard(self, action: str) -> Iterator[None]:
        """Turn any database failure inside the block into a StoreUnavailable."""
        try:
            yield
        except SQLAlchemyError as exc:
            if self.is_sqlite:
                self._checkpoint()
            raise self._error(action, exc) from exc

    def _checkpoint(self) -> None:
        """SQLite, after a failed write: move the WAL into the file and cut it back, so
        that space it held (a full disk) is free for the next answers. Best effort."""
        if self.in_memory:
            return
        try:
            with self._engine.connect() as conn:
                conn.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
        except SQLAlchemyError:
            pass

    # -- the deadline and the failure memory -------------------------------------------

    def down(self) -> bool:
        """Whether a call failed within the last :data:`FAILURE_MEMORY_SECONDS`."""
        with self._failure_lock:
            failed = self._failed_at
        return failed is not None and time.monotonic() - failed < FAILURE_MEMORY_SECONDS

    def _remember_failure(self) -> None:
        with self._failure_lock:
            self._failed_at = time.monotonic()

    def forget_failure(self) -> None:
        """Ask the database again on the next call (after :meth:`probe` succeeded, tests)."""
        with self._failure_lock:
            self._failed_at = None

    def _down_error(self) -> StoreUnavailable:
        return StoreUnavailable(
            f"The progress database at {self._where()} did not answer a moment ago; it "
            f"is asked again within {FAILURE_MEMORY_SECONDS:g} s. Check that the "
            "PostgreSQL server is running and reachable."
        )

    def _bounded_call(
        self,
        method: Callable[..., Any],
        args: tuple[Any, ...],
        kwargs: dict[str, Any],
        *,
        probing: bool = False,
    ) -> Any:
        """Run ``method`` within the deadline (PostgreSQL), remembering a failure (and,
        unless ``probing``, failing at once while one is remembered)."""
        if getattr(_inside, "active", False):
            return method(self, *args, **kwargs)
        if self._workers is None:
            # SQLite runs in the caller's thread: its lock waits (the busy timeout) and
            # its statements (a progress handler) give up at the same deadline
            outer = getattr(_sqlite_deadline, "at", None)  # a call inside a call
            if outer is None:
                _sqlite_deadline.at = time.monotonic() + self.deadline
            try:
                return method(self, *args, **kwargs)
            except StoreUnavailable:
                self._remember_failure()
                raise
            finally:
                _sqlite_deadline.at = outer
        if self.down() and not probing:
            raise self._down_error()
        give_up = time.monotonic() + self.deadline

        def job() -> Any:
            if time.monotonic() > give_up:  # waited in line past the deadline
                raise self._late()
            return method(self, *args, **kwargs)

        future = self._workers.submit(job)
        try:
            return future.result(timeout=self.deadline)
        except FutureTimeout:
            future.cancel()
            self._remember_failure()
            raise self._late() from None
        except StoreUnavailable:
            self._remember_failure()
            raise

    def _late(self) -> StoreUnavailable:
        return StoreUnavailable(
            f"The progress database at {self._where()} did not answer within "
            f"{self.deadline:g} s ({config.DEADLINE_VAR} sets this). Check that the "
            "PostgreSQL server is running and reachable."
        )

    def probe(self) -> bool:
        """Ask the database (within the deadline) even while a failure is remembered;
        True, and the failure forgotten, if it answered."""
        try:
            self._bounded_call(_PING, (), {}, probing=True)
        except ProgressError:
            return False
        self.forget_failure()
        return True

    @contextmanager
    def _transaction(self, *, write: bool) -> Iterator[Session]:
        """A session inside one transaction, committed at the end or rolled back."""
        if (
            self._workers is not None
            and not getattr(_inside, "active", False)  # a bounded call looked already
            and self.down()
        ):
            raise self._down_error()  # every path shares the failure memory
        bind = self._writer if write else self._engine
        with (
            self._memory_lock or nullcontext(),
            Session(bind, expire_on_commit=False) as session,
            session.begin(),
        ):
            yield session

    # -- layout (Alembic) --------------------------------------------------------------

    def _alembic_config(self, connection: Connection | None = None) -> Config:
        """Alembic's configuration for the migrations shipped in the package."""
        cfg = Config()
        cfg.set_main_option("script_location", str(_MIGRATIONS))
        cfg.attributes["connection"] = connection
        return cfg

    def _upgrade(self) -> None:
        """Bring the layout to the newest revision, in one transaction, data kept.

        A database made before migrations (a ``schema_version`` table) is adopted by the
        baseline revision. A database from a newer Stud Tutor is refused.
        """
        scripts, known = _migrations()
        with (
            self._guard("create or upgrade the tables"),
            self._memory_lock or nullcontext(),
            self._writer.begin() as connection,
        ):
            if not self.is_sqlite:
                connection.execute(
                    text("SELECT pg_advisory_xact_lock(:key)"),
                    {"key": _SCHEMA_LOCK_KEY},
                )
            current = MigrationContext.configure(connection).get_current_revision()
            if current is None:
                self._check_old_layout(connection)
            elif current not in known:
                raise self._newer(repr(current))
            if current != scripts.get_current_head():
                command.upgrade(self._alembic_config(connection), "head")

    def _check_old_layout(self, connection: Connection) -> None:
        """Refuse a pre-Alembic database whose ``schema_version`` is not the one known (1)."""
        if not inspect(connection).has_table("schema_version"):
            return
        version = connection.execute(
            text("SELECT version FROM schema_version")
        ).scalar()
        if version is not None and version != 1:
            raise self._newer(str(version))

    def _newer(self, version: str) -> ProgressError:
        return ProgressError(
            f"The progress database {self._where()} has layout version {version}, "
            f"which this Stud Tutor does not know (it knows up to {HEAD_REVISION!r}). "
            f"Upgrade Stud Tutor, or set {DATABASE_URL_VAR} to another database."
        )

    def schema_version(self) -> str:
        """The Alembic revision the database is at (``HEAD_REVISION`` once opened)."""
        with self._guard("read the layout version"), self._engine.connect() as conn:
            current = MigrationContext.configure(conn).get_current_revision()
            return current or ""

    @bounded
    def ping(self) -> None:
        """Run one trivial query: raises ProgressError if the database does not answer."""
        with (
            self._guard("reach the database"),
            self._transaction(write=False) as session,
        ):
            session.execute(select(literal(1))).scalar_one()
            session.execute(select(func.count()).select_from(LearnerRow)).scalar_one()

    def close(self) -> None:
        """Release the database connections."""
        self._engine.dispose()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    # -- learners ----------------------------------------------------------------------

    @bounded
    def create_learner(self, name: str) -> Learner:
        """The learner with this name, created if new ("pick or create").

        Names that differ only by case, blanks, look-alike letters or markup are one name
        (:func:`tutor.progress.records.name_skeleton`), so ``"ana"`` or ``"\u0410na"``
        picks the learner created as ``"Ana"``.

        :raises ProgressError: If the name is empty, longer than 40 characters, or holds
            control or format characters, ``<`` or ``>``.
        """
        for _ in range(3):
            found = self.find_learner(name)
            if found is not None:
                return found
            cleaned = clean_name(name)
            try:
                with self._transaction(write=True) as session:
                    row = LearnerRow(
                        name=cleaned,
                        name_key=name_key(cleaned),
                        name_skeleton=name_skeleton(cleaned),
                        created_at=datetime.now(UTC),
                    )
                    session.add(row)
                    session.flush()
                    return _learner(row)
            except IntegrityError:
                continue  # another session created the same name first: pick theirs
            except SQLAlchemyError as exc:
                raise self._error(f"create the learner {cleaned!r}", exc) from exc
        raise ProgressError(
            f"Could not create the learner {clean_name(name)!r}: the name kept clashing "
            "with one being created at the same time. Try again."
        )

    @bounded
    def find_learner(self, name: str) -> Learner | None:
        """The learner with this name (compared as in :meth:`create_learner`), or None.

        The name as written first (case and blanks aside), then its skeleton: an existing
        name is found however its look-alike is typed.
        """
        if not isinstance(name, str):
            raise ProgressError(f"A learner's name must be text, not {name!r}.")
        cleaned = " ".join(name.split())[:400]
        if not cleaned or "\x00" in cleaned:  # no stored name holds a NUL (PostgreSQL
            return None  # text cannot): nobody, and never a query the server refuses
        key, folded = name_key(cleaned), name_skeleton(cleaned)
        with (
            self._guard("look up a learner"),
            self._transaction(write=False) as session,
        ):
            row = session.scalars(
                select(LearnerRow).where(LearnerRow.name_key == key[:40])
            ).one_or_none()
            if row is None and folded:
                row = session.scalars(
                    select(LearnerRow).where(LearnerRow.name_skeleton == folded)
                ).one_or_none()
            return None if row is None else _learner(row)

    @bounded
    def learner_count(self) -> int:
        """How many learners there are (the app never lists them all)."""
        with self._guard("count the learners"), self._transaction(write=False) as s:
            return int(
                s.execute(select(func.count()).select_from(LearnerRow)).scalar_one()
            )

    @bounded
    def learners(self, *, limit: int | None = None) -> list[Learner]:
        """Learners by name (case-insensitive), the first ``limit`` only if given.

        For tools and tests: no page lists every learner.
        """
        with (
            self._guard("list the learners"),
            self._transaction(write=False) as session,
        ):
            query = select(LearnerRow).order_by(LearnerRow.name_key)
            if limit is not None:
                query = query.limit(limit)
            return [_learner(row) for row in session.scalars(query)]

    def _learner_row(self, session: Session, learner: Learner | int) -> LearnerRow:
        """The row of a learner given as a record or an id."""
        learner_id = _learner_id(learner)
        row = session.get(LearnerRow, learner_id)
        if row is None:
            raise ProgressError(
                f"There is no learner with id {learner_id!r} in the progress database "
                f"{self._where()}. Pick a learner by name or create one."
            )
        return row

    # -- PINs --------------------------------------------------------------------------

    @bounded
    def set_pin(
        self, learner: Learner | int, pin: str | None, *, once: bool = False
    ) -> None:
        """Protect the learner with ``pin`` (kept as a salted scrypt hash); None removes it.

        ``once``: a one-time PIN (an instructor's reset): it opens the record once.

        :raises ProgressError: If the PIN is not 4 to 64 printable characters.
        """
        stored = None if pin is None else _hash_pin(_checked_pin(pin))
        with self._guard("set the PIN"), self._transaction(write=True) as session:
            row = self._learner_row(session, learner)
            row.pin_hash = stored
            row.pin_once = once and stored is not None

    @bounded
    def claim_learner(self, name: str, pin: str) -> Learner | None:
        """Create the learner ``name`` protected by ``pin`` in one step; None when the
        name (or one it cannot be told from) is already taken.

        :raises ProgressError: If the name or the PIN is not usable.
        """
        if self.find_learner(name) is not None:
            return None
        cleaned = clean_name(name)
        stored = _hash_pin(_checked_pin(pin))
        try:
            with self._transaction(write=True) as session:
                row = LearnerRow(
                    name=cleaned,
                    name_key=name_key(cleaned),
                    name_skeleton=name_skeleton(cleaned),
                    created_at=datetime.now(UTC),
                    pin_hash=stored,
                )
                session.add(row)
                session.flush()
                return _learner(row)
        except IntegrityError:
            return None  # claimed at the same moment by someone else
        except SQLAlchemyError as exc:
            raise self._error(f"create the learner {cleaned!r}", exc) from exc

    @bounded
    def set_first_pin(self, learner: Learner | int, pin: str) -> bool:
        """Give a learner who has no PIN (a record from before PINs were asked for) this
        one; False when the learner has one by now (nothing changed)."""
        stored = _hash_pin(_checked_pin(pin))
        with self._guard("set the PIN"), self._transaction(write=True) as session:
            result = session.execute(
                update(LearnerRow)
                .where(
                    LearnerRow.id == _learner_id(learner),
                    LearnerRow.pin_hash.is_(None),
                )
                .values(pin_hash=stored, pin_once=False)
            )
            return bool(getattr(result, "rowcount", 0))

    @bounded
    def has_pin(self, learner: Learner | int) -> bool:
        """Whether the learner has a PIN."""
        with self._guard("read the PIN"), self._transaction(write=False) as session:
            return self._learner_row(session, learner).pin_hash is not None

    @bounded
    def pin_is_once(self, learner: Learner | int) -> bool:
        """Whether the learner's PIN is a one-time PIN from a reset."""
        with self._guard("read the PIN"), self._transaction(write=False) as session:
            return bool(self._learner_row(session, learner).pin_once)

    @bounded
    def check_pin(self, learner: Learner | int, pin: str) -> bool:
        """Whether ``pin`` is the learner's PIN (always True for a learner without one).

        The comparison takes the same time whatever the PIN is. A one-time PIN that
        matches is spent: it is replaced by a random one nobody knows (the learner, now
        signed in, chooses their own).
        """
        with self._guard("read the PIN"), self._transaction(write=False) as session:
            row = self._learner_row(session, learner)
            stored, once = row.pin_hash, bool(row.pin_once)
        if stored is None:
            return True
        if not isinstance(pin, str):
            return False
        matches = _pin_matches(stored, pin)
        if matches and once:
            spent = _hash_pin(base64.b64encode(os.urandom(24)).decode())
            with self._guard("spend the PIN"), self._transaction(write=True) as session:
                result = session.execute(
                    update(LearnerRow)
                    .where(
                        LearnerRow.id == _learner_id(learner),
                        LearnerRow.pin_hash == stored,
                    )
                    .values(pin_hash=spent, pin_once=False)
                )
                matches = bool(getattr(result, "rowcount", 0))  # spent once only
        return matches

    @bounded
    def reset_pin(self, learner: Learner | int) -> str:
        """An instructor's reset: a new one-time PIN (returned, kept only hashed), the
        learner signed out everywhere, the failed tries at the old PIN forgotten."""
        pin = one_time_pin()
        self.set_pin(learner, pin, once=True)
        self.end_learner_sessions(learner)
        self.clear_failures(pin_key(_learner_id(learner)))
        return pin

    @bounded
    def learner_pins(self, *, limit: int = 1000) -> list[tuple[Learner, bool]]:
        """Learners by name with whether each has a PIN (the Class view's list)."""
        with self._guard("list the PINs"), self._transaction(write=False) as session:
            query = select(LearnerRow).order_by(LearnerRow.name_key).limit(limit)
            return [
                (_learner(row), row.pin_hash is not None)
                for row in session.scalars(query)
            ]

    @bounded
    def pin_holders(self, learner_ids: Sequence[int]) -> set[int]:
        """Which of these learners have a PIN (the Class view lists them)."""
        ids = [int(i) for i in learner_ids]
        if not ids:
            return set()
        with self._guard("read the PINs"), self._transaction(write=False) as session:
            query = select(LearnerRow.id).where(
                LearnerRow.id.in_(ids), LearnerRow.pin_hash.is_not(None)
            )
            return {int(i) for i in session.scalars(query)}

    # -- browser sessions ----------------------------------------------------------------

    @bounded
    def open_session(
        self, token: str, kind: str, learner: Learner | int | None, *, now: datetime
    ) -> None:
        """Remember that the browser holding ``token`` is signed in (as ``learner``, or to
        the instructor pages) until :data:`SESSION_DAYS` from ``now``; expired sessions
        are dropped on the way."""
        if kind not in SESSION_KINDS or (kind == "learner") != (learner is not None):
            raise ProgressError(
                f"A session is for a learner or for the instructor pages, not {kind!r}."
            )
        with self._guard("sign in"), self._transaction(write=True) as session:
            session.execute(
                delete(BrowserSessionRow).where(BrowserSessionRow.expires_at <= now)
            )
            session.merge(
                BrowserSessionRow(
                    token_hash=token_hash(token),
                    kind=kind,
                    learner_id=None if learner is None else _learner_id(learner),
                    created_at=now,
                    expires_at=expiry(now),
                )
            )

    @bounded
    def session_learner(self, token: str, *, now: datetime) -> Learner | None:
        """The learner the browser holding ``token`` is signed in as, or None."""
        with self._guard("read the session"), self._transaction(write=False) as session:
            row = session.execute(
                select(LearnerRow)
                .join(BrowserSessionRow, BrowserSessionRow.learner_id == LearnerRow.id)
                .where(
                    BrowserSessionRow.token_hash == token_hash(token),
                    BrowserSessionRow.kind == "learner",
                    BrowserSessionRow.expires_at > now,
                )
            ).scalar_one_or_none()
            return None if row is None else _learner(row)

    @bounded
    def session_is(self, token: str, kind: str, *, now: datetime) -> bool:
        """Whether ``token`` is a live session of this kind."""
        with self._guard("read the session"), self._transaction(write=False) as session:
            found = session.scalars(
                select(BrowserSessionRow.token_hash).where(
                    BrowserSessionRow.token_hash == token_hash(token),
                    BrowserSessionRow.kind == kind,
                    BrowserSessionRow.expires_at > now,
                )
            ).first()
            return found is not None

    @bounded
    def end_session(self, token: str) -> None:
        """Sign the browser holding ``token`` out (its token is no good any more)."""
        with self._guard("sign out"), self._transaction(write=True) as session:
            session.execute(
                delete(BrowserSessionRow).where(
                    BrowserSessionRow.token_hash == token_hash(token)
                )
            )

    @bounded
    def end_learner_sessions(self, learner: Learner | int) -> int:
        """Sign the learner out in every browser (after a PIN reset); how many."""
        with self._guard("sign out"), self._transaction(write=True) as session:
            result = session.execute(
                delete(BrowserSessionRow).where(
                    BrowserSessionRow.learner_id == _learner_id(learner)
                )
            )
            return int(getattr(result, "rowcount", 0) or 0)

    # -- the throttle on guessed secrets -------------------------------------------------

    @bounded
    def try_secret(
        self,
        keys: Sequence[tuple[str, Policy]],
        check: Callable[[], bool],
        *,
        now: datetime,
    ) -> Verdict:
        """Check a secret with ``check`` unless a key says wait; count the outcome.

        The try is reserved first (in one transaction the next try on each key is put off
        as a failure would put it off), so parallel tabs or replicas get no extra tries.
        One log line (WARNING) for each failure and each lock, and one at DEBUG for each
        try refused unchecked; never the secret.
        """
        refusal = self._reserve_try(keys, now)
        if refusal is not None:  # DEBUG: a guesser's flood of refused tries stays out
            auth_log.debug(
                "try at %s refused: %s for %d s more (%d failures in a row)",
                "+".join(k for k, _ in keys),
                "locked" if refusal.locked else "too soon",
                refusal.seconds,
                refusal.failures,
            )
            return Verdict(ok=False, refusal=refusal, failures=refusal.failures)
        ok = bool(check())
        with self._guard("count the try"), self._transaction(write=True) as session:
            if ok:
                session.execute(
                    delete(AuthFailureRow).where(
                        AuthFailureRow.key.in_([k for k, _ in keys])
                    )
                )
                return Verdict(ok=True)
            first_failures, locked_for = 0, 0
            for number, (key, policy) in enumerate(keys):
                row = session.get(AuthFailureRow, key)
                if row is None:  # pragma: no cover - reserved above
                    row = AuthFailureRow(key=key, failures=0)
                    session.add(row)
                row.failures += 1
                row.last_failure_at = now
                wait = policy.wait_after(row.failures)
                row.next_try_at = now + timedelta(seconds=wait) if wait else None
                auth_log.warning(
                    "failed try at %s (failure %d in a row; next try in %d s)",
                    key,
                    row.failures,
                    math.ceil(wait),
                )
                if row.failures >= policy.lock_after:
                    locked_for = max(locked_for, math.ceil(policy.lock_seconds))
                    auth_log.warning(
                        "%s locked for %d s after %d failures in a row",
                        key,
                        math.ceil(policy.lock_seconds),
                        row.failures,
                    )
                if number == 0:
                    first_failures = row.failures
            return Verdict(ok=False, failures=first_failures, locked_for=locked_for)

    def _reserve_try(
        self, keys: Sequence[tuple[str, Policy]], now: datetime
    ) -> Refusal | None:
        insert = pg_insert if not self.is_sqlite else sqlite_insert
        with self._guard("count the try"), self._transaction(write=True) as session:
            session.execute(
                insert(AuthFailureRow)
                .values([{"key": k, "failures": 0} for k, _ in keys])
                .on_conflict_do_nothing(index_elements=["key"])
            )
            rows = {
                row.key: row
                for row in session.scalars(
                    select(AuthFailureRow)
                    .where(AuthFailureRow.key.in_([k for k, _ in keys]))
                    .with_for_update()
                )
            }
            refusal: Refusal | None = None
            for key, policy in keys:
                row = rows[key]
                wait = seconds_until(row.next_try_at, now)
                if wait and (refusal is None or wait > refusal.seconds):
                    locked = row.failures >= policy.lock_after
                    refusal = Refusal(
                        seconds=wait, locked=locked, failures=row.failures
                    )
            if refusal is not None:
                return refusal
            for key, policy in keys:
                row = rows[key]
                hold = policy.wait_after(row.failures + 1)
                row.next_try_at = now + timedelta(seconds=hold) if hold else None
            return None

    @bounded
    def clear_failures(self, key: str) -> None:
        """Forget the failed tries at ``key`` (an instructor's reset ends a lock)."""
        with self._guard("clear the tries"), self._transaction(write=True) as session:
            session.execute(delete(AuthFailureRow).where(AuthFailureRow.key == key))

    # -- answers -----------------------------------------------------------------------

    @bounded
    def record_answer(
        self,
        learner: Learner | int,
        *,
        scenario_id: str,
        step: int,
        kind: str,
        topic: str,
        level: int,
        game: str,
        preset: str,
        answer: object,
        correct: bool,
        seconds: float | Decimal,
        answered_at: datetime | None = None,
        house: Mapping[str, object] | None = None,
        attempt: int = 1,
        after_reveal: bool = False,
        hinted: bool = False,
        rules: Sequence[str] = (),
        target: str | None = None,
        seed: int | None = None,
        answer_id: str | None = None,
        run_id: int | None = None,
    ) -> AnswerRecord:
        """Save one answer, in one transaction.

        :param step: The ask's index in the scenario's ``steps``.
        :param preset: The preset's id (``online``, ``roberts``, ``wsop-cash``, ``tda``).
        :param answer: The answer given, as plain values (stored as JSON text).
        :param seconds: How long the learner took.
        :param answered_at: When (an aware datetime; default now). Stored in UTC.
        :param house: The house overrides in force (field -> plain value).
        :param attempt: 1 for the first answer to this ask in a play-through, then 2, 3...
        :param after_reveal: A Retry answered after the right answer was shown.
        :param hinted: The hint was opened before answering.
        :param rules: The rule ids the ruling cited.
        :param target: Drills: the generator's target name.
        :param seed: Drills: the generator's seed.
        :param answer_id: The id the app gave the answer when it was checked: an answer
            with an id already saved is not saved again (its record is returned).
        :param run_id: The walkthrough's play-through (:meth:`open_run`). The store then
            numbers the attempt itself from the answers already in the run (``attempt`` is
            ignored), so a reload never makes a question a first attempt again.
        :raises ProgressError: If a value is out of range, the learner does not exist, the
            run is not the learner's run of this scenario, or the database cannot be written.
        """
        values = _checked_answer(
            scenario_id=scenario_id,
            step=step,
            kind=kind,
            topic=topic,
            level=level,
            game=game,
            preset=preset,
            correct=correct,
            seconds=seconds,
            answered_at=answered_at,
        )
        values.update(
            _checked_context(
                house=house,
                attempt=attempt,
                after_reveal=after_reveal,
                hinted=hinted,
                rules=rules,
                target=target,
                seed=seed,
            )
        )
        if answer_id is not None and (
            not isinstance(answer_id, str) or not _ANSWER_ID.fullmatch(answer_id)
        ):
            raise ProgressError(
                f"answer_id={str(answer_id)[:40]!r} is not usable: give 32 lower-case hex "
                "digits (uuid.uuid4().hex), or None."
            )
        answer_json = answer_to_json(answer)
        for _ in range(2):
            try:
                with self._transaction(write=True) as session:
                    learner_row = self._learner_row(session, learner)
                    if answer_id is not None:  # saved already (a replay): once only
                        found = session.scalars(
                            select(AnswerRow).where(AnswerRow.answer_id == answer_id)
                        ).one_or_none()
                        if found is not None:
                            return _record(found)
                    if run_id is not None:
                        values["attempt"] = (
                            self._run_attempts(
                                session, learner_row.id, scenario_id, run_id, step
                            )
                            + 1
                        )
                        values["after_reveal"] = bool(
                            after_reveal or values["attempt"] > 1
                        )
                    row = AnswerRow(
                        learner_id=learner_row.id,
                        answer_json=answer_json,
                        answer_id=answer_id,
                        run_id=run_id,
                        **values,
                    )
                    session.add(row)
                    session.flush()
                    self._count(session, row)
                    return _record(row)
            except IntegrityError as exc:
                if answer_id is None:
                    raise self._error("save an answer", exc) from exc
                continue  # the same answer saved at the same moment elsewhere: read it
            except SQLAlchemyError as exc:
                if self.is_sqlite:
                    self._checkpoint()
                raise self._error("save an answer", exc) from exc
        raise ProgressError(f"Could not save the answer {answer_id!r}: try again.")

    def _count(self, session: Session, row: AnswerRow) -> None:
        """Add a new answer to the running counts (``answer_days``, ``ask_marks``)."""
        insert = sqlite_insert if self.is_sqlite else pg_insert
        first = row.attempt == 1 and not row.after_reveal
        right = 1 if row.correct else 0
        day = insert(AnswerDayRow).values(
            learner_id=row.learner_id,
            topic=row.topic,
            day=row.answered_at.astimezone(UTC).date().isoformat(),
            answered=1,
            correct=right,
            first_answered=int(first),
            first_correct=right if first else 0,
            first_seconds=row.seconds if first else 0.0,
        )
        session.execute(
            day.on_conflict_do_update(
                index_elements=["learner_id", "topic", "day"],
                set_={
                    name: getattr(AnswerDayRow, name) + getattr(day.excluded, name)
                    for name in (
                        "answered",
                        "correct",
                        "first_answered",
                        "first_correct",
                        "first_seconds",
                    )
                },
            )
        )
        mark = insert(AskMarkRow).values(
            learner_id=row.learner_id,
            scenario_id=row.scenario_id,
            step=row.step,
            topic=row.topic,
            first_answered=int(first),
            first_correct=right if first else 0,
            last_first_at=row.answered_at if first else None,
            last_first_id=row.id if first else None,
            last_first_correct=bool(row.correct) if first else None,
        )
        newer = and_(
            mark.excluded.last_first_at.is_not(None),
            or_(
                AskMarkRow.last_first_at.is_(None),
                mark.excluded.last_first_at >= AskMarkRow.last_first_at,
            ),
        )
        session.execute(
            mark.on_conflict_do_update(
                index_elements=["learner_id", "scenario_id", "step"],
                set_={
                    "topic": mark.excluded.topic,
                    "first_answered": AskMarkRow.first_answered
                    + mark.excluded.first_answered,
                    "first_correct": AskMarkRow.first_correct
                    + mark.excluded.first_correct,
                    **{
                        name: case(
                            (newer, getattr(mark.excluded, name)),
                            else_=getattr(AskMarkRow, name),
                        )
                        for name in (
                            "last_first_at",
                            "last_first_id",
                            "last_first_correct",
                        )
                    },
                },
            )
        )

    def _run_attempts(
        self,
        session: Session,
        learner_id: int,
        scenario_id: str,
        run_id: int,
        step: int,
    ) -> int:
        run = session.get(ScenarioRunRow, run_id)
        if (
            run is None
            or run.learner_id != learner_id
            or run.scenario_id != scenario_id
        ):
            raise ProgressError(
                f"run {run_id} is not this learner's run of {scenario_id[:40]!r}: open one "
                "with open_run()."
            )
        query = select(func.count()).where(
            AnswerRow.run_id == run_id, AnswerRow.step == step
        )
        return int(session.execute(query).scalar_one())

    # -- scenario runs (the walkthrough's play-throughs) --------------------------------

    @bounded
    def open_run(
        self, learner: Learner | int, scenario_id: str, *, new: bool = False
    ) -> int:
        """The learner's latest run of the scenario, or a new one (none yet, or ``new``).

        A reload goes on with the latest run, finished or not, so the answers given in it
        stay retries; ``new`` (the learner starts the scenario from its first step) finishes
        an open run and starts another.
        """
        with self._guard("open a scenario run"), self._transaction(write=True) as s:
            learner_id = self._learner_row(s, learner).id
            now = datetime.now(UTC)
            query = (
                select(ScenarioRunRow)
                .where(
                    ScenarioRunRow.learner_id == learner_id,
                    ScenarioRunRow.scenario_id == scenario_id,
                )
                .order_by(ScenarioRunRow.id.desc())
            )
            found = s.scalars(query).first()
            if found is not None and not new:
                return int(found.id)
            if found is not None and found.finished_at is None:
                found.finished_at = now
            row = ScenarioRunRow(
                learner_id=learner_id, scenario_id=scenario_id, started_at=now
            )
            s.add(row)
            s.flush()
            return int(row.id)

    @bounded
    def last_run(self, learner: Learner | int) -> tuple[str, bool] | None:
        """The learner's latest run: its scenario id and whether it is finished (or None)."""
        with self._guard("read a scenario run"), self._transaction(write=False) as s:
            learner_id = self._learner_row(s, learner).id
            query = (
                select(ScenarioRunRow.scenario_id, ScenarioRunRow.finished_at)
                .where(ScenarioRunRow.learner_id == learner_id)
                .order_by(ScenarioRunRow.id.desc())
                .limit(1)
            )
            found = s.execute(query).first()
            return None if found is None else (str(found[0]), found[1] is not None)

    @bounded
    def finish_run(self, run_id: int) -> None:
        """Close a run (its last question is answered): the next play-through is a new run."""
        with self._guard("finish a scenario run"), self._transaction(write=True) as s:
            row = s.get(ScenarioRunRow, run_id)
            if row is not None and row.finished_at is None:
                row.finished_at = datetime.now(UTC)

    @bounded
    def run_firsts(self, run_id: int) -> dict[int, bool]:
        """A run's first attempts: step -> whether its first answer was right."""
        with self._guard("read a scenario run"), self._transaction(write=False) as s:
            query = (
                select(AnswerRow.step, AnswerRow.correct)
                .where(AnswerRow.run_id == run_id, AnswerRow.attempt == 1)
                .order_by(AnswerRow.id)
            )
            firsts: dict[int, bool] = {}
            for step, correct in s.execute(query):
                firsts.setdefault(int(step), bool(correct))
            return firsts

    @bounded
    def run_finished(self, run_id: int) -> bool:
        """Whether the run is closed (or gone)."""
        with self._guard("read a scenario run"), self._transaction(write=False) as s:
            row = s.get(ScenarioRunRow, run_id)
            return row is None or row.finished_at is not None

    def rebuild_counts(self) -> None:
        """Work out ``answer_days`` and ``ask_marks`` again from every stored answer.

        They are kept up to date by :meth:`record_answer`; this is for answers written
        around the store (a bulk import, a benchmark's seeding) or a repair.
        """
        sqlite = self.is_sqlite
        day = (
            "substr(answered_at, 1, 10)"
            if sqlite
            else "to_char(answered_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')"
        )
        last_correct = "max(l.correct)" if sqlite else "bool_or(l.correct)"
        with self._guard("rebuild the counts"), self._transaction(write=True) as s:
            s.execute(delete(AnswerDayRow))
            s.execute(delete(AskMarkRow))
            s.execute(text(_REBUILD_DAYS.format(day=day, first=_FIRST_SQL)))
            s.execute(
                text(_REBUILD_MARKS.format(first=_FIRST_SQL, last_correct=last_correct))
            )

    @bounded
    def answers(
        self, learner: Learner | int, *, since: datetime | None = None
    ) -> list[AnswerRecord]:
        """The learner's answers, oldest first; only those at or after ``since`` if given.

        Reads the whole history: for exports and tools, not for a page's figures.
        """
        if since is not None and since.tzinfo is None:
            raise ProgressError(
                f"since={since!r} has no time zone. Pass an aware datetime, e.g. "
                "datetime(2026, 11, 29, tzinfo=UTC)."
            )
        with self._guard("read answers"), self._transaction(write=False) as session:
            row = self._learner_row(session, learner)
            query = select(AnswerRow).where(AnswerRow.learner_id == row.id)
            if since is not None:
                query = query.where(AnswerRow.answered_at >= since)
            query = query.order_by(AnswerRow.answered_at, AnswerRow.id)
            return [_record(r) for r in session.scalars(query)]

    @bounded
    def drill_answers(self, learner: Learner | int) -> list[AnswerRecord]:
        """The learner's Dealer drill answers (those with a target), oldest first.

        Only the drill rows are read, for the Progress page's drill charts.
        """
        with (
            self._guard("read drill answers"),
            self._transaction(write=False) as session,
        ):
            row = self._learner_row(session, learner)
            query = (
                select(AnswerRow)
                .where(AnswerRow.learner_id == row.id, AnswerRow.target.is_not(None))
                .order_by(AnswerRow.answered_at, AnswerRow.id)
            )
            return [_record(r) for r in session.scalars(query)]

    @bounded
    def answer_count(self, learner: Learner | int) -> int:
        """How many answers the learner has given (every attempt)."""
        with self._guard("count answers"), self._transaction(write=False) as session:
            row = self._learner_row(session, learner)
            query = select(func.count()).where(AnswerRow.learner_id == row.id)
            return int(session.execute(query).scalar_one())

    @bounded
    def mistakes(self, learner: Learner | int) -> set[tuple[str, int]]:
        """The asks ``(scenario_id, step)`` whose latest first attempt was wrong.

        Retries do not count: an ask answered wrong and then right on a Retry stays a
        mistake until a later play-through gets it right first time. One row per ask
        answered is read (``ask_marks``), never the answers.
        """
        with self._guard("read mistakes"), self._transaction(write=False) as session:
            row = self._learner_row(session, learner)
            query = select(AskMarkRow.scenario_id, AskMarkRow.step).where(
                AskMarkRow.learner_id == row.id,
                AskMarkRow.last_first_correct.is_(False),
            )
            return {(sid, int(step)) for sid, step in session.execute(query)}

    @bounded
    def first_marks(self, learner: Learner | int) -> dict[tuple[str, int], bool]:
        """Per ask answered at the first try at least once: whether the latest first try was
        right (the wrap-up's and the lesson cards' unit). One row per ask is read."""
        with self._guard("read answers"), self._transaction(write=False) as session:
            row = self._learner_row(session, learner)
            query = select(
                AskMarkRow.scenario_id, AskMarkRow.step, AskMarkRow.last_first_correct
            ).where(
                AskMarkRow.learner_id == row.id,
                AskMarkRow.last_first_correct.is_not(None),
            )
            return {
                (sid, int(step)): bool(right)
                for sid, step, right in session.execute(query)
            }

    @bounded
    def answered_asks(self, learner: Learner | int) -> set[tuple[str, int]]:
        """The asks ``(scenario_id, step)`` the learner has answered at least once."""
        with self._guard("read answers"), self._transaction(write=False) as session:
            row = self._learner_row(session, learner)
            query = select(AskMarkRow.scenario_id, AskMarkRow.step).where(
                AskMarkRow.learner_id == row.id
            )
            return {(sid, int(step)) for sid, step in session.execute(query)}

    @bounded
    def topic_summary(self, learner: Learner | int) -> list[TopicSummary]:
        """Per answered topic (first attempts only): answers, right, time, scenarios, mastery."""
        with self._guard("read answers"), self._transaction(write=False) as session:
            row = self._learner_row(session, learner)
            return list(self._topics(session, row.id))

    @bounded
    def progress(self, learner: Learner | int) -> ProgressFigures:
        """The Progress page's figures, from the running counts kept with the answers.

        Reads the learner's rows of ``answer_days`` (one per topic and day answered) and
        ``ask_marks`` (one per ask answered) and at most :data:`RECENT` answers per topic:
        the time does not grow with the length of the history.
        """
        with self._guard("read progress"), self._transaction(write=False) as session:
            learner_id = self._learner_row(session, learner).id
            totals = session.execute(
                select(
                    func.coalesce(func.sum(AnswerDayRow.answered), 0),
                    func.coalesce(func.sum(AnswerDayRow.correct), 0),
                    func.coalesce(func.sum(AnswerDayRow.first_answered), 0),
                    func.coalesce(func.sum(AnswerDayRow.first_correct), 0),
                ).where(AnswerDayRow.learner_id == learner_id)
            ).one()
            topics = self._topics(session, learner_id)
            days = self._days(session, learner_id)
        return ProgressFigures(
            answered=int(totals[0]),
            correct=int(totals[1]),
            first_answered=int(totals[2]),
            first_correct=int(totals[3]),
            topics=topics,
            days=days,
        )

    def _topics(self, session: Session, learner_id: int) -> tuple[TopicSummary, ...]:
        """Per topic, first attempts only, with the median time and the mastery level."""
        groups = session.execute(
            select(
                AnswerDayRow.topic,
                func.sum(AnswerDayRow.first_answered),
                func.sum(AnswerDayRow.first_correct),
                func.sum(AnswerDayRow.first_seconds),
            )
            .where(AnswerDayRow.learner_id == learner_id)
            .group_by(AnswerDayRow.topic)
            .having(func.sum(AnswerDayRow.first_answered) > 0)
            .order_by(AnswerDayRow.topic)
        ).all()
        if not groups:
            return ()
        scenarios = {
            topic: (int(tried), int(right))
            for topic, tried, right in session.execute(
                select(
                    AskMarkRow.topic,
                    func.count(
                        case(
                            (AskMarkRow.first_answered > 0, AskMarkRow.scenario_id)
                        ).distinct()
                    ),
                    func.count(
                        case(
                            (AskMarkRow.first_correct > 0, AskMarkRow.scenario_id)
                        ).distinct()
                    ),
                )
                .where(AskMarkRow.learner_id == learner_id)
                .group_by(AskMarkRow.topic)
            )
        }
        # one small query per topic, through the topic index (compiled once, cached)
        recent: dict[str, list[tuple[bool, float]]] = {
            topic: [
                (bool(correct), float(seconds))
                for correct, seconds in session.execute(
                    _RECENT_QUERY, {"learner": learner_id, "topic": topic}
                )
            ][::-1]
            for topic, *_ in groups
        }
        summaries = []
        for topic, answered, right, seconds in groups:
            ordered = recent.get(topic, [])  # oldest first
            tried, right_scenarios = scenarios.get(topic, (0, 0))
            level = level_from(
                int(answered), [flag for flag, _ in ordered], right_scenarios
            )
            summaries.append(
                TopicSummary(
                    topic=topic,
                    answered=int(answered),
                    correct=int(right),
                    seconds_total=float(seconds),
                    scenarios=tried,
                    mastery=str(level),
                    median_seconds=(
                        statistics.median(t for _, t in ordered) if ordered else 0.0
                    ),
                )
            )
        return tuple(summaries)

    def _days(self, session: Session, learner_id: int) -> tuple[DaySummary, ...]:
        """First attempts per UTC day, oldest day first."""
        rows = session.execute(
            select(
                AnswerDayRow.day,
                func.sum(AnswerDayRow.first_answered),
                func.sum(AnswerDayRow.first_correct),
            )
            .where(AnswerDayRow.learner_id == learner_id)
            .group_by(AnswerDayRow.day)
            .having(func.sum(AnswerDayRow.first_answered) > 0)
            .order_by(AnswerDayRow.day)
        ).all()
        return tuple(
            DaySummary(
                day=date.fromisoformat(day), answered=int(answered), correct=int(right)
            )
            for day, answered, right in rows
        )

    @bounded
    def export_csv(self, learner: Learner | int, lookup: Lookup | None = None) -> str:
        """The learner's answers as CSV text (header row first, oldest answer next).

        The columns are ``CSV_COLUMNS`` (see :mod:`tutor.progress.answers_csv`);
        ``lookup`` gives each question's text and right answer (blank without one).
        """
        with self._guard("read the answers"), self._transaction(write=False) as s:
            learner_id = self._learner_row(s, learner).id
            rows = list(s.execute(answers_query([AnswerRow.learner_id == learner_id])))
        return write_csv(rows, lookup)

    # -- lessons read ------------------------------------------------------------------

    @bounded
    def mark_lesson_read(self, learner: Learner | int, lesson_id: str) -> None:
        """Note that the learner opened the lesson (again: nothing changes).

        :raises ProgressError: If the lesson id is not a lesson id.
        """
        if not isinstance(lesson_id, str) or not _LESSON_ID.fullmatch(lesson_id):
            raise ProgressError(
                f"{str(lesson_id)[:40]!r} is not a lesson id: use lower-case letters, "
                "digits and '-', at most 100 characters."
            )
        insert = sqlite_insert if self.is_sqlite else pg_insert
        with self._guard("mark a lesson read"), self._transaction(write=True) as s:
            learner_id = self._learner_row(s, learner).id
            s.execute(
                insert(LessonReadRow)
                .values(
                    learner_id=learner_id,
                    lesson_id=lesson_id,
                    read_at=datetime.now(UTC),
                )
                .on_conflict_do_nothing(index_elements=["learner_id", "lesson_id"])
            )

    @bounded
    def lessons_read(self, learner: Learner | int) -> set[str]:
        """The ids of the lessons the learner has opened."""
        with self._guard("read the lessons read"), self._transaction(write=False) as s:
            learner_id = self._learner_row(s, learner).id
            return set(
                s.scalars(
                    select(LessonReadRow.lesson_id).where(
                        LessonReadRow.learner_id == learner_id
                    )
                )
            )

    # -- the learner's language ---------------------------------------------------------

    def language_of(self, learner: Learner | int) -> str | None:
        """The language the learner chose (a code such as ``it``), or None."""
        with (
            self._guard("read the learner's language"),
            self._transaction(write=False) as s,
        ):
            learner_id = self._learner_row(s, learner).id
            found: str | None = s.scalar(
                select(LearnerLanguageRow.language).where(
                    LearnerLanguageRow.learner_id == learner_id
                )
            )
            return found

    def set_language(self, learner: Learner | int, language: str) -> None:
        """Remember the learner's language (a code of ``tutor.i18n.LANGUAGES``).

        :raises ProgressError: If there is no catalogue for ``language``.
        """
        if language not in LANGUAGES:
            raise ProgressError(
                f"{str(language)[:20]!r} is not a language of the tutor: use one of "
                f"{', '.join(LANGUAGES)}."
            )
        insert = sqlite_insert if self.is_sqlite else pg_insert
        with (
            self._guard("save the learner's language"),
            self._transaction(write=True) as s,
        ):
            learner_id = self._learner_row(s, learner).id
            now = datetime.now(UTC)
            statement = insert(LearnerLanguageRow).values(
                learner_id=learner_id, language=language, chosen_at=now
            )
            s.execute(
                statement.on_conflict_do_update(
                    index_elements=["learner_id"],
                    set_={"language": language, "chosen_at": now},
                )
            )

    # -- spaced review -----------------------------------------------------------------

    @bounded
    def review_cards(self, learner: Learner | int) -> dict[str, ReviewCardRecord]:
        """The learner's review cards by rule id."""
        with self._guard("read review cards"), self._transaction(write=False) as s:
            learner_id = self._learner_row(s, learner).id
            rows = s.scalars(
                select(ReviewCardRow)
                .where(ReviewCardRow.learner_id == learner_id)
                .order_by(ReviewCardRow.rule_id)
            )
            return {
                row.rule_id: ReviewCardRecord(row.rule_id, row.card_json, row.due)
                for row in rows
            }

    @bounded
    def save_review_cards(
        self, learner: Learner | int, cards: Mapping[str, tuple[str, datetime]]
    ) -> None:
        """Insert or replace review cards: rule id -> (card JSON, when it is due).

        :raises ProgressError: If a rule id, a card or a due time is not usable.
        """
        now = datetime.now(UTC)
        values = [
            _checked_card(rule_id, card) | {"updated_at": now}
            for rule_id, card in cards.items()
        ]
        if not values:
            return
        insert = sqlite_insert if self.is_sqlite else pg_insert
        with self._guard("save review cards"), self._transaction(write=True) as s:
            learner_id = self._learner_row(s, learner).id
            statement = insert(ReviewCardRow).values(
                [{"learner_id": learner_id, **value} for value in values]
            )
            s.execute(
                statement.on_conflict_do_update(
                    index_elements=["learner_id", "rule_id"],
                    set_={
                        "card_json": statement.excluded.card_json,
                        "due": statement.excluded.due,
                        "updated_at": statement.excluded.updated_at,
                    },
                )
            )

    @bounded
    def clear_review_cards(self, learner: Learner | int) -> None:
        """Remove every review card of the learner (before recomputing them)."""
        with self._guard("clear review cards"), self._transaction(write=True) as s:
            learner_id = self._learner_row(s, learner).id
            s.execute(
                delete(ReviewCardRow).where(ReviewCardRow.learner_id == learner_id)
            )


#: The ping itself, without the failure memory (for :meth:`ProgressStore.probe`).
_PING: Callable[..., Any] = ProgressStore.ping.__wrapped__  # type: ignore[attr-defined]

# -- helpers -------------------------------------------------------------------------


@lru_cache(maxsize=1)
def _migrations() -> tuple[ScriptDirectory, frozenset[str]]:
    """The shipped migrations and their revision ids (read once per process)."""
    cfg = Config()
    cfg.set_main_option("script_location", str(_MIGRATIONS))
    scripts = ScriptDirectory.from_config(cfg)
    return scripts, frozenset(rev.revision for rev in scripts.walk_revisions())


_FIRST_SQL = "(attempt = 1 AND NOT after_reveal)"
#: A topic's latest first attempts, newest first (mastery and the median time).
_RECENT_QUERY = (
    select(AnswerRow.correct, AnswerRow.seconds)
    .where(
        AnswerRow.learner_id == bindparam("learner"),
        AnswerRow.topic == bindparam("topic"),
        AnswerRow.attempt == 1,
        AnswerRow.after_reveal.is_(False),
    )
    .order_by(AnswerRow.answered_at.desc(), AnswerRow.id.desc())
    .limit(RECENT)
)
_REBUILD_DAYS = """
INSERT INTO answer_days (learner_id, topic, day, answered, correct, first_answered,
    first_correct, first_seconds)
SELECT learner_id, topic, {day}, count(*), sum(CASE WHEN correct THEN 1 ELSE 0 END),
    sum(CASE WHEN {first} THEN 1 ELSE 0 END),
    sum(CASE WHEN {first} AND correct THEN 1 ELSE 0 END),
    coalesce(sum(CASE WHEN {first} THEN seconds END), 0)
FROM answers GROUP BY learner_id, topic, {day}
"""
_REBUILD_MARKS = """
INSERT INTO ask_marks (learner_id, scenario_id, step, topic, first_answered,
    first_correct, last_first_at, last_first_id, last_first_correct)
SELECT a.learner_id, a.scenario_id, a.step, max(a.topic),
    sum(CASE WHEN {first} THEN 1 ELSE 0 END),
    sum(CASE WHEN {first} AND a.correct THEN 1 ELSE 0 END),
    max(l.answered_at), max(l.id), {last_correct}
FROM answers a
LEFT JOIN (
    SELECT id, learner_id, scenario_id, step, answered_at, correct,
        row_number() OVER (
            PARTITION BY learner_id, scenario_id, step
            ORDER BY answered_at DESC, id DESC
        ) AS rank
    FROM answers WHERE {first}
) l ON l.learner_id = a.learner_id AND l.scenario_id = a.scenario_id
    AND l.step = a.step AND l.rank = 1
GROUP BY a.learner_id, a.scenario_id, a.step
"""


def _first_attempts() -> Any:
    """The SQL condition for answers that count (see ``AnswerRecord.first_attempt``)."""
    return and_(AnswerRow.attempt == 1, AnswerRow.after_reveal.is_(False))


def _sqlite_on_connect(dbapi_connection: Any, synchronous: str) -> None:
    """Per new SQLite connection: manual transactions, WAL, sync level, foreign keys, and
    a progress handler that interrupts a statement run past its call's deadline."""
    dbapi_connection.isolation_level = None
    dbapi_connection.set_progress_handler(_past_deadline, _SQLITE_PROGRESS_STEPS)
    cursor = dbapi_connection.cursor()
    try:
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute(f"PRAGMA synchronous={synchronous}")
        cursor.execute(f"PRAGMA journal_size_limit={SQLITE_JOURNAL_LIMIT}")
        cursor.execute("PRAGMA foreign_keys=ON")
    finally:
        cursor.close()


def _past_deadline() -> int:
    """SQLite's progress handler: non-zero (interrupt) once this thread's call is late."""
    at = getattr(_sqlite_deadline, "at", None)
    return 1 if at is not None and time.monotonic() > at else 0


def _sqlite_on_begin(connection: Any) -> None:
    """Start SQLite transactions ourselves: writers take the write lock up front, waiting
    for it (and for readers' locks) no longer than the call's deadline."""
    at = getattr(_sqlite_deadline, "at", None)
    wait_ms = (
        _SQLITE_BUSY_MS
        if at is None
        else max(1, min(_SQLITE_BUSY_MS, round((at - time.monotonic()) * 1000)))
    )
    connection.exec_driver_sql(f"PRAGMA busy_timeout = {wait_ms}")
    write = connection.get_execution_options().get(_WRITE, False)
    connection.exec_driver_sql("BEGIN IMMEDIATE" if write else "BEGIN")


def _learner_id(learner: Learner | int) -> int:
    """The id of a learner given as a record or an id."""
    if isinstance(learner, Learner):
        return learner.id
    if isinstance(learner, int) and not isinstance(learner, bool):
        return learner
    raise ProgressError(f"Expected a Learner or a learner id but got {learner!r}.")


def _learner(row: LearnerRow) -> Learner:
    return Learner(id=row.id, name=row.name, created_at=row.created_at)


def _record(row: AnswerRow) -> AnswerRecord:
    return AnswerRecord(
        id=row.id,
        learner_id=row.learner_id,
        scenario_id=row.scenario_id,
        step=row.step,
        kind=row.kind,
        topic=row.topic,
        level=row.level,
        game=row.game,
        preset=row.preset,
        answer_json=row.answer_json,
        correct=bool(row.correct),
        seconds=float(row.seconds),
        answered_at=row.answered_at,
        house=json.loads(row.house_json or "{}"),
        attempt=int(row.attempt),
        after_reveal=bool(row.after_reveal),
        hinted=bool(row.hinted),
        rules=tuple(row.rules.split()),
        target=row.target,
        seed=row.seed,
        answer_id=row.answer_id,
    )


def _house_json(house: Mapping[str, object]) -> str:
    """House overrides as compact JSON with sorted keys (``{}`` for none)."""
    return json.dumps(dict(house), separators=(",", ":"), sort_keys=True)


# -- PIN hashing ---------------------------------------------------------------------


def _checked_pin(pin: object) -> str:
    if (
        not isinstance(pin, str)
        or not PIN_MIN <= len(pin) <= PIN_MAX
        or not pin.isprintable()
    ):
        shown = f"{len(pin)} characters" if isinstance(pin, str) else repr(pin)[:20]
        raise ProgressError(
            f"That PIN ({shown}) is not usable: give {PIN_MIN} to {PIN_MAX} letters, "
            "digits or other printable characters."
        )
    return pin


def _scrypt(pin: str, salt: bytes, n: int, r: int, p: int) -> bytes:
    return hashlib.scrypt(
        pin.encode("utf-8"), salt=salt, n=n, r=r, p=p, maxmem=64 * 1024 * 1024, dklen=32
    )


def _hash_pin(pin: str) -> str:
    """``scrypt$n$r$p$salt$hash`` with a fresh random salt (base64 parts)."""
    salt = os.urandom(16)
    digest = _scrypt(pin, salt, _SCRYPT_N, _SCRYPT_R, _SCRYPT_P)
    parts = (base64.b64encode(salt).decode(), base64.b64encode(digest).decode())
    return f"scrypt${_SCRYPT_N}${_SCRYPT_R}${_SCRYPT_P}${parts[0]}${parts[1]}"


def _pin_matches(stored: str, pin: str) -> bool:
    """Whether ``pin`` hashes to ``stored`` (compared in constant time)."""
    try:
        scheme, n, r, p, salt, digest = stored.split("$")
        if scheme != "scrypt":
            return False
        expected = base64.b64decode(digest)
        given = _scrypt(pin, base64.b64decode(salt), int(n), int(r), int(p))
    except ValueError:
        return False
    return hmac.compare_digest(given, expected)


# -- checks --------------------------------------------------------------------------


def _checked_card(rule_id: object, card: object) -> dict[str, Any]:
    """One review card's columns after checking them."""
    if not isinstance(rule_id, str) or not rule_id.strip() or len(rule_id) > 60:
        raise ProgressError(
            f"The rule id {str(rule_id)[:80]!r} is not usable: give non-empty text of at "
            "most 60 characters."
        )
    if not (
        isinstance(card, tuple)
        and len(card) == 2
        and isinstance(card[0], str)
        and isinstance(card[1], datetime)
        and card[1].tzinfo is not None
    ):
        raise ProgressError(
            f"The review card for {rule_id!r} is not usable: give (card JSON text, an "
            "aware due datetime)."
        )
    return {"rule_id": rule_id, "card_json": card[0], "due": card[1]}


def _checked_context(
    *,
    house: object,
    attempt: object,
    after_reveal: object,
    hinted: object,
    rules: object,
    target: object,
    seed: object,
) -> dict[str, Any]:
    """The answer's context columns after checking each one."""
    if house is None:
        house = {}
    if not isinstance(house, Mapping) or not all(isinstance(k, str) for k in house):
        raise ProgressError(
            f"house={str(house)[:80]!r} is not usable: give a mapping of house rule "
            "names to plain values, or None."
        )
    try:
        house_json = _house_json(house)
    except (TypeError, ValueError) as exc:
        raise ProgressError(
            f"house={str(house)[:80]!r} cannot be stored: {exc}. Give plain values "
            "(str, int, bool)."
        ) from exc
    if not isinstance(attempt, int) or isinstance(attempt, bool) or attempt < 1:
        raise ProgressError(
            f"attempt={attempt!r} is not usable: give 1 for the first answer to this ask "
            "in a play-through, 2, 3... for later tries."
        )
    for name, flag in (("after_reveal", after_reveal), ("hinted", hinted)):
        if not isinstance(flag, bool):
            raise ProgressError(f"{name}={flag!r} is not usable: give True or False.")
    if isinstance(rules, str) or not isinstance(rules, Sequence):
        raise ProgressError(
            f"rules={str(rules)[:80]!r} is not usable: give a sequence of rule ids "
            "such as ('bring-in.lowest', 'act.later')."
        )
    for rule in rules:
        if not isinstance(rule, str) or not rule or rule != "".join(rule.split()):
            raise ProgressError(
                f"The rule id {str(rule)[:80]!r} is not usable: give text without spaces."
            )
    if target is not None and (
        not isinstance(target, str) or not target.strip() or len(target) > 60
    ):
        raise ProgressError(
            f"target={str(target)[:80]!r} is not usable: give non-empty text of at most "
            "60 characters, or None."
        )
    if seed is not None and (
        not isinstance(seed, int)
        or isinstance(seed, bool)
        or not -_SEED_LIMIT <= seed < _SEED_LIMIT
    ):
        raise ProgressError(
            f"seed={str(seed)[:40]!r} is not usable: give a whole number that fits in 64 "
            "bits, or None."
        )
    return {
        "house_json": house_json,
        "attempt": attempt,
        "after_reveal": after_reveal,
        "hinted": hinted,
        "rules": " ".join(rules),
        "target": target,
        "seed": seed,
    }


def _checked_answer(
    *,
    scenario_id: object,
    step: object,
    kind: object,
    topic: object,
    level: object,
    game: object,
    preset: object,
    correct: object,
    seconds: object,
    answered_at: object,
) -> dict[str, Any]:
    """The answer's columns after checking each one; a ProgressError names a bad one."""
    texts = {"scenario_id": scenario_id, "kind": kind, "topic": topic, "preset": preset}
    for field, value in texts.items():
        limit = _TEXT_LIMITS[field]
        if not isinstance(value, str) or not value.strip() or len(value) > limit:
            raise ProgressError(
                f"{field}={value!r} is not usable: give non-empty text of at most "
                f"{limit} characters."
            )
    if preset not in PRESETS:
        raise ProgressError(
            f"preset={str(preset)[:80]!r} is not a preset id: give one of "
            f"{', '.join(PRESETS)} (house overrides go in house=)."
        )
    if not isinstance(step, int) or isinstance(step, bool) or step < 0:
        raise ProgressError(
            f"step={step!r} is not usable: give the ask's index in the scenario's steps "
            "(an int, 0 or more)."
        )
    if not isinstance(level, int) or isinstance(level, bool) or level not in LEVELS:
        raise ProgressError(f"level={level!r} is not usable: give an int from 1 to 5.")
    if game not in GAMES:
        raise ProgressError(
            f"Expected one of {', '.join(GAMES)} for game but got: {game!r}."
        )
    if not isinstance(correct, bool):
        raise ProgressError(f"correct={correct!r} is not usable: give True or False.")
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float, Decimal)):
        raise ProgressError(f"seconds={seconds!r} is not usable: give a number >= 0.")
    duration = float(seconds)
    if not math.isfinite(duration) or duration < 0:
        raise ProgressError(f"seconds={seconds!r} is not usable: give a number >= 0.")
    if answered_at is None:
        when = datetime.now(UTC)
    elif isinstance(answered_at, datetime) and answered_at.tzinfo is not None:
        when = answered_at.astimezone(UTC)
    else:
        raise ProgressError(
            f"answered_at={answered_at!r} is not usable: give an aware datetime, e.g. "
            "datetime.now(UTC)."
        )
    return {
        "scenario_id": scenario_id,
        "step": step,
        "kind": kind,
        "topic": topic,
        "level": level,
        "game": game,
        "preset": preset,
        "correct": correct,
        "seconds": duration,
        "answered_at": when,
    }
