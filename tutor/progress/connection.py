"""The progress store's connection: engine, transactions, the deadline and the failure
memory, the layout (Alembic); shared by the store's parts (tutor/progress/store.py)."""

from __future__ import annotations

import json
import logging
import queue
import re
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Future
from concurrent.futures import TimeoutError as FutureTimeout
from contextlib import contextmanager, nullcontext
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
    create_engine,
    event,
    func,
    inspect,
    literal,
    select,
    text,
)
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import ArgumentError, SQLAlchemyError
from sqlalchemy.orm import Session
from sqlalchemy.pool import StaticPool

from tutor import config
from tutor.config import DATA_DIR_VAR, DATABASE_URL_VAR, database_url, redact_url
from tutor.progress.records import (
    AnswerRecord,
    Learner,
    ProgressError,
)
from tutor.progress.schema import (
    HEAD_REVISION,
    AnswerRow,
    LearnerRow,
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
_S = TypeVar("_S", bound="StoreConnection")


def bounded(
    function: Callable[Concatenate[_S, _P], _R],
) -> Callable[Concatenate[_S, _P], _R]:
    """A store method (or a function whose first argument is the store) run within the
    store's deadline and failure memory (see :class:`ProgressStore`)."""

    @wraps(function)
    def call(store: _S, /, *args: _P.args, **kwargs: _P.kwargs) -> _R:
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


class StoreConnection:
    """The store's connection: the engine, transactions, the deadline and failure memory,
    the layout (Alembic). :class:`tutor.progress.ProgressStore` is the front over it."""

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
    def from_config(cls) -> Self:
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


#: The ping itself, without the failure memory (for :meth:`ProgressStore.probe`).
_PING: Callable[..., Any] = StoreConnection.ping.__wrapped__  # type: ignore[attr-defined]

# -- helpers -------------------------------------------------------------------------


@lru_cache(maxsize=1)
def _migrations() -> tuple[ScriptDirectory, frozenset[str]]:
    """The shipped migrations and their revision ids (read once per process)."""
    cfg = Config()
    cfg.set_main_option("script_location", str(_MIGRATIONS))
    scripts = ScriptDirectory.from_config(cfg)
    return scripts, frozenset(rev.revision for rev in scripts.walk_revisions())


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
