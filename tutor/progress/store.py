"""The progress store: learners and their answers in SQLite or PostgreSQL (SQLAlchemy 2.x)."""

from __future__ import annotations

import csv
import io
import math
import threading
from collections import defaultdict
from collections.abc import Iterator
from contextlib import contextmanager, nullcontext
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any, Self

from sqlalchemy import Engine, create_engine, event, select, text
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import ArgumentError, IntegrityError, SQLAlchemyError
from sqlalchemy.orm import Session
from sqlalchemy.pool import StaticPool

from tutor.config import DATA_DIR_VAR, DATABASE_URL_VAR, database_url, redact_url
from tutor.progress.mastery import mastery
from tutor.progress.records import (
    GAMES,
    LEVELS,
    AnswerRecord,
    Learner,
    LearnerStats,
    ProgressError,
    TopicSummary,
    answer_to_json,
    clean_name,
    name_key,
)
from tutor.progress.schema import (
    SCHEMA_VERSION,
    AnswerRow,
    Base,
    LearnerRow,
    LearnerStatsRow,
    SchemaVersionRow,
)

CSV_COLUMNS = (
    "answered_at",
    "learner",
    "scenario_id",
    "step",
    "kind",
    "topic",
    "level",
    "game",
    "preset",
    "answer",
    "correct",
    "seconds",
)
_WRITE = "tutor_write"
_SCHEMA_LOCK_KEY = 7_201_118  # any constant: serialises table creation on PostgreSQL
_TEXT_LIMITS = {"scenario_id": 200, "kind": 60, "topic": 60, "preset": 40}


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

    Every write is one transaction: an answer and the learner's running totals are saved
    together or not at all. On SQLite the store uses WAL, ``synchronous=NORMAL``, a 30 s busy
    timeout and ``BEGIN IMMEDIATE`` for writes, so several sessions (threads or processes) can
    write at once without lost updates. Every database failure is raised as ``ProgressError``.

    :param url: A SQLAlchemy URL (``sqlite:///path`` or ``postgresql+psycopg://...``).
    :raises ProgressError: If the URL is bad, or the database cannot be opened or created.
    """

    def __init__(self, url: str | URL) -> None:
        self.url = normalise_url(url)
        # an in-memory SQLite database lives in one connection, shared by turns
        self._memory_lock = threading.RLock() if self.in_memory else None
        self._engine = self._make_engine()
        self._writer = self._engine.execution_options(**{_WRITE: True})
        self._ensure_schema()

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
                event.listen(engine, "connect", _sqlite_on_connect)
                event.listen(engine, "begin", _sqlite_on_begin)
                return engine
            return create_engine(self.url, pool_pre_ping=True)
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

    def _error(self, action: str, exc: BaseException) -> ProgressError:
        """A ProgressError that says what failed, where, why and what to do."""
        if self.is_sqlite:
            fix = (
                "Check that the file and its folder exist and are writable, or set "
                f"{DATA_DIR_VAR} (or {DATABASE_URL_VAR}) to another place."
            )
            where = f"the progress database {self._where()}"
        else:
            fix = (
                "Check that the PostgreSQL server is running and that "
                f"{DATABASE_URL_VAR} has the right user, password, host, port and database."
            )
            where = f"the progress database at {self._where()}"
        return ProgressError(
            f"Could not {action} in {where}: {_first_line(exc)}. {fix}"
        )

    @contextmanager
    def _guard(self, action: str) -> Iterator[None]:
        """Turn any database failure inside the block into a ProgressError."""
        try:
            yield
        except SQLAlchemyError as exc:
            raise self._error(action, exc) from exc

    @contextmanager
    def _transaction(self, *, write: bool) -> Iterator[Session]:
        """A session inside one transaction, committed at the end or rolled back."""
        bind = self._writer if write else self._engine
        with (
            self._memory_lock or nullcontext(),
            Session(bind, expire_on_commit=False) as session,
            session.begin(),
        ):
            yield session

    def _ensure_schema(self) -> None:
        """Create the tables on first use and check the layout version."""
        with self._guard("create the tables"), self._transaction(write=True) as session:
            if not self.is_sqlite:
                session.execute(
                    text("SELECT pg_advisory_xact_lock(:key)"),
                    {"key": _SCHEMA_LOCK_KEY},
                )
            Base.metadata.create_all(session.connection())
            row = session.get(SchemaVersionRow, 1)
            if row is None:
                session.add(SchemaVersionRow(id=1, version=SCHEMA_VERSION))
            elif row.version > SCHEMA_VERSION:
                raise ProgressError(
                    f"The progress database {self._where()} has layout version "
                    f"{row.version}, newer than this Stud Tutor understands "
                    f"({SCHEMA_VERSION}). Upgrade Stud Tutor, or set {DATABASE_URL_VAR} "
                    "to another database."
                )

    def schema_version(self) -> int:
        """The layout version recorded in the database."""
        with (
            self._guard("read the layout version"),
            self._transaction(write=False) as s,
        ):
            return s.scalars(select(SchemaVersionRow.version)).one()

    def close(self) -> None:
        """Release the database connections."""
        self._engine.dispose()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    # -- learners ----------------------------------------------------------------------

    def create_learner(self, name: str) -> Learner:
        """The learner with this name, created if new ("pick or create").

        Names are compared without regard to case or repeated spaces, so ``"ana"`` picks
        the learner created as ``"Ana"``.

        :raises ProgressError: If the name is empty or longer than 40 characters.
        """
        cleaned = clean_name(name)
        key = name_key(cleaned)
        for _ in range(3):
            try:
                with self._transaction(write=True) as session:
                    row = session.scalars(
                        select(LearnerRow).where(LearnerRow.name_key == key)
                    ).one_or_none()
                    if row is None:
                        row = LearnerRow(
                            name=cleaned, name_key=key, created_at=datetime.now(UTC)
                        )
                        session.add(row)
                        session.flush()
                        session.add(
                            LearnerStatsRow(
                                learner_id=row.id,
                                answered=0,
                                correct=0,
                                seconds_total=0.0,
                            )
                        )
                    return _learner(row)
            except IntegrityError:
                continue  # another session created the same name first: pick theirs
            except SQLAlchemyError as exc:
                raise self._error(f"create the learner {cleaned!r}", exc) from exc
        raise ProgressError(
            f"Could not create the learner {cleaned!r}: the name kept clashing with one "
            "being created at the same time. Try again."
        )

    def find_learner(self, name: str) -> Learner | None:
        """The learner with this name (compared as in :meth:`create_learner`), or None."""
        key = name_key(clean_name(name))
        with (
            self._guard("look up a learner"),
            self._transaction(write=False) as session,
        ):
            row = session.scalars(
                select(LearnerRow).where(LearnerRow.name_key == key)
            ).one_or_none()
            return None if row is None else _learner(row)

    def learners(self) -> list[Learner]:
        """Every learner, by name (case-insensitive)."""
        with (
            self._guard("list the learners"),
            self._transaction(write=False) as session,
        ):
            rows = session.scalars(select(LearnerRow).order_by(LearnerRow.name_key))
            return [_learner(row) for row in rows]

    def _learner_row(self, session: Session, learner: Learner | int) -> LearnerRow:
        """The row of a learner given as a record or an id."""
        learner_id = _learner_id(learner)
        row = session.get(LearnerRow, learner_id)
        if row is None:
            raise ProgressError(
                f"There is no learner with id {learner_id!r} in the progress database "
                f"{self._where()}. Pick a learner from learners() or create one."
            )
        return row

    def stats(self, learner: Learner | int) -> LearnerStats:
        """The learner's running totals."""
        with (
            self._guard("read the learner's totals"),
            self._transaction(write=False) as s,
        ):
            row = self._learner_row(s, learner)
            totals = s.get(LearnerStatsRow, row.id)
            if totals is None:
                return LearnerStats(row.id, 0, 0, 0.0)
            return LearnerStats(
                row.id, totals.answered, totals.correct, float(totals.seconds_total)
            )

    # -- answers -----------------------------------------------------------------------

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
    ) -> AnswerRecord:
        """Save one answer and add it to the learner's totals, in one transaction.

        :param step: The ask's index in the scenario's ``steps``.
        :param answer: The answer given, as plain values (stored as JSON text).
        :param seconds: How long the learner took.
        :param answered_at: When (an aware datetime; default now). Stored in UTC.
        :raises ProgressError: If a value is out of range, the learner does not exist, or
            the database cannot be written.
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
        answer_json = answer_to_json(answer)
        with self._guard("save an answer"), self._transaction(write=True) as session:
            learner_row = self._learner_row(session, learner)
            totals = session.scalars(
                select(LearnerStatsRow)
                .where(LearnerStatsRow.learner_id == learner_row.id)
                .with_for_update()
            ).one_or_none()
            if totals is None:
                totals = LearnerStatsRow(
                    learner_id=learner_row.id, answered=0, correct=0, seconds_total=0.0
                )
                session.add(totals)
            row = AnswerRow(
                learner_id=learner_row.id, answer_json=answer_json, **values
            )
            session.add(row)
            totals.answered = totals.answered + 1
            totals.correct = totals.correct + (1 if values["correct"] else 0)
            totals.seconds_total = totals.seconds_total + values["seconds"]
            session.flush()
            return _record(row)

    def answers(
        self, learner: Learner | int, *, since: datetime | None = None
    ) -> list[AnswerRecord]:
        """The learner's answers, oldest first; only those at or after ``since`` if given."""
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

    def mistakes(self, learner: Learner | int) -> set[tuple[str, int]]:
        """The asks ``(scenario_id, step)`` whose latest answer by the learner was wrong."""
        latest: dict[tuple[str, int], bool] = {}
        for record in self.answers(learner):
            latest[(record.scenario_id, record.step)] = record.correct
        return {ask for ask, correct in latest.items() if not correct}

    def topic_summary(self, learner: Learner | int) -> list[TopicSummary]:
        """Per answered topic: answers, right answers, time, scenarios and mastery."""
        records = self.answers(learner)
        levels = mastery(records)
        by_topic: dict[str, list[AnswerRecord]] = defaultdict(list)
        for record in records:
            by_topic[record.topic].append(record)
        return [
            TopicSummary(
                topic=topic,
                answered=len(group),
                correct=sum(r.correct for r in group),
                seconds_total=math.fsum(r.seconds for r in group),
                scenarios=len({r.scenario_id for r in group}),
                mastery=str(levels[topic]),
            )
            for topic, group in sorted(by_topic.items())
        ]

    def export_csv(self, learner: Learner | int) -> str:
        """The learner's answers as CSV text (header row first, oldest answer next)."""
        with self._guard("read the learner"), self._transaction(write=False) as session:
            name = self._learner_row(session, learner).name
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(CSV_COLUMNS)
        for r in self.answers(learner):
            writer.writerow(
                [
                    r.answered_at.isoformat(),
                    _cell(name),
                    _cell(r.scenario_id),
                    r.step,
                    _cell(r.kind),
                    _cell(r.topic),
                    r.level,
                    _cell(r.game),
                    _cell(r.preset),
                    _cell(r.answer_json),
                    "true" if r.correct else "false",
                    repr(r.seconds),
                ]
            )
        return out.getvalue()


# -- helpers -------------------------------------------------------------------------


def _sqlite_on_connect(dbapi_connection: Any, _record: Any) -> None:
    """Per new SQLite connection: manual transactions, WAL, NORMAL sync, foreign keys."""
    dbapi_connection.isolation_level = None
    cursor = dbapi_connection.cursor()
    try:
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.execute("PRAGMA foreign_keys=ON")
    finally:
        cursor.close()


def _sqlite_on_begin(connection: Any) -> None:
    """Start SQLite transactions ourselves: writers take the write lock up front."""
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
    )


def _cell(value: str) -> str:
    """A text cell a spreadsheet will not run as a formula (a leading ``'`` if needed)."""
    return "'" + value if value[:1] in ("=", "+", "-", "@", "\t", "\r") else value


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
