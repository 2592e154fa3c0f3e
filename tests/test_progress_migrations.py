"""The store's Alembic migrations: a database made by the store before migrations (layout
version 1, with ``learner_stats``) is upgraded when opened, its data kept; downgrades work."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from alembic import command
from pgkit import empty_postgres
from sqlalchemy import (
    Boolean,
    Column,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    inspect,
    text,
)

from tutor.progress import AnswerRecord, Learner, ProgressError, ProgressStore

T0 = datetime(2026, 11, 29, 14, 0, tzinfo=UTC)

# The layout the store created before Alembic (tutor/progress/schema.py, SCHEMA_VERSION 1).
OLD = MetaData()
Table(
    "schema_version",
    OLD,
    Column("id", Integer, primary_key=True),
    Column("version", Integer, nullable=False),
)
Table(
    "learners",
    OLD,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("name", String(40), unique=True, nullable=False),
    Column("name_key", String(40), unique=True, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
)
Table(
    "learner_stats",
    OLD,
    Column(
        "learner_id", ForeignKey("learners.id", ondelete="CASCADE"), primary_key=True
    ),
    Column("answered", Integer, nullable=False),
    Column("correct", Integer, nullable=False),
    Column("seconds_total", Float, nullable=False),
)
Table(
    "answers",
    OLD,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("learner_id", ForeignKey("learners.id", ondelete="CASCADE"), nullable=False),
    Column("scenario_id", String(200), nullable=False),
    Column("step", Integer, nullable=False),
    Column("kind", String(60), nullable=False),
    Column("topic", String(60), nullable=False),
    Column("level", Integer, nullable=False),
    Column("game", String(20), nullable=False),
    Column("preset", String(40), nullable=False),
    Column("answer_json", Text, nullable=False),
    Column("correct", Boolean, nullable=False),
    Column("seconds", Float, nullable=False),
    Column("answered_at", DateTime(timezone=True), nullable=False),
    Index("ix_answers_learner_time", "learner_id", "answered_at"),
)


def _head() -> str:
    """The newest migration's revision, read from the migrations (never a literal)."""
    from tutor.progress.store import _migrations

    head = _migrations()[0].get_current_head()
    assert head is not None
    return head


HEAD = _head()


@pytest.fixture(
    params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)]
)
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'progress.sqlite3'}"
    url: str = request.getfixturevalue("postgres_server")
    empty_postgres(url)
    return url


def _old_database(url: str, version: int = 1) -> None:
    """A database as the store made it before migrations, with two learners' answers."""
    engine = create_engine(url.replace("postgresql://", "postgresql+psycopg://"))
    sqlite = engine.dialect.name == "sqlite"
    when = T0.replace(tzinfo=None) if sqlite else T0
    OLD.create_all(engine)
    with engine.begin() as conn:
        conn.execute(
            OLD.tables["schema_version"].insert(), {"id": 1, "version": version}
        )
        conn.execute(
            OLD.tables["learners"].insert(),
            [
                {"id": 1, "name": "Ana", "name_key": "ana", "created_at": when},
                {"id": 2, "name": "Bo", "name_key": "bo", "created_at": when},
            ],
        )
        conn.execute(
            OLD.tables["learner_stats"].insert(),
            [
                {"learner_id": 1, "answered": 2, "correct": 1, "seconds_total": 7.5},
                {"learner_id": 2, "answered": 0, "correct": 0, "seconds_total": 0.0},
            ],
        )
        conn.execute(
            OLD.tables["answers"].insert(),
            [
                {
                    "learner_id": 1,
                    "scenario_id": "bring-in-two-deuces",
                    "step": 2,
                    "kind": "bring-in",
                    "topic": "bring-in",
                    "level": 1,
                    "game": "stud8",
                    "preset": "online",
                    "answer_json": '{"player":"Bo"}',
                    "correct": True,
                    "seconds": 3.0,
                    "answered_at": when,
                },
                {
                    "learner_id": 1,
                    "scenario_id": "split-odd-chip",
                    "step": 7,
                    "kind": "award",
                    "topic": "split-pot",
                    "level": 3,
                    "game": "stud",
                    "preset": "roberts",
                    "answer_json": "{}",
                    "correct": False,
                    "seconds": 4.5,
                    "answered_at": when,
                },
            ],
        )
    engine.dispose()


def test_old_layout_is_upgraded_with_its_data(db_url: str) -> None:
    _old_database(db_url)
    with ProgressStore(db_url) as store:
        assert store.schema_version() == HEAD
        ana = store.find_learner("ana")
        assert ana == Learner(id=1, name="Ana", created_at=T0)
        assert store.answers(ana) == [
            AnswerRecord(
                id=1,
                learner_id=1,
                scenario_id="bring-in-two-deuces",
                step=2,
                kind="bring-in",
                topic="bring-in",
                level=1,
                game="stud8",
                preset="online",
                answer_json='{"player":"Bo"}',
                correct=True,
                seconds=3.0,
                answered_at=T0,
            ),
            AnswerRecord(
                id=2,
                learner_id=1,
                scenario_id="split-odd-chip",
                step=7,
                kind="award",
                topic="split-pot",
                level=3,
                game="stud",
                preset="roberts",
                answer_json="{}",
                correct=False,
                seconds=4.5,
                answered_at=T0,
            ),
        ]
        assert all(r.first_attempt for r in store.answers(ana))
        assert store.has_pin(ana) is False
        # the running counts were filled from the old answers
        assert store.mistakes(ana) == {("split-odd-chip", 7)}
        assert store.answered_asks(ana) == {
            ("bring-in-two-deuces", 2),
            ("split-odd-chip", 7),
        }
        figures = store.progress(ana)
        assert (figures.answered, figures.correct) == (2, 1)
        assert [
            (t.topic, t.answered, t.correct, t.seconds_total) for t in figures.topics
        ] == [
            ("bring-in", 1, 1, 3.0),
            ("split-pot", 1, 0, 4.5),
        ]
        assert [(d.day.isoformat(), d.answered) for d in figures.days] == [
            ("2026-11-29", 2)
        ]
        # new answers go on from the old ones
        bo = store.create_learner("Bo")
        assert bo.id == 2
        cy = store.create_learner("Cy")
        assert cy.id == 3
        added = store.record_answer(
            bo,
            scenario_id="a",
            step=0,
            kind="ante",
            topic="ante",
            level=1,
            game="stud",
            preset="tda",
            answer=None,
            correct=True,
            seconds=1,
            rules=("ante.post",),
        )
        assert added.id == 3
        tables = set(inspect(store._engine).get_table_names())
    assert tables == {
        "alembic_version",
        "answer_days",
        "answers",
        "ask_marks",
        "assignment_items",
        "assignment_seeds",
        "assignment_variants",
        "assignments",
        "auth_failures",
        "browser_sessions",
        "class_identities",
        "class_members",
        "classes",
        "learner_languages",
        "learners",
        "lessons_read",
        "review_cards",
        "scenario_runs",
    }


def test_old_layout_of_another_version_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "progress.sqlite3"
    _old_database(f"sqlite:///{path}", version=2)
    with pytest.raises(ProgressError) as info:
        ProgressStore(f"sqlite:///{path}")
    assert str(info.value) == (
        f"The progress database {str(path)!r} has layout version 2, which this Stud "
        f"Tutor does not know (it knows up to {HEAD!r}). Upgrade Stud "
        "Tutor, or set TUTOR_DATABASE_URL to another database."
    )
    # nothing was changed
    engine = create_engine(f"sqlite:///{path}")
    assert "learner_stats" in inspect(engine).get_table_names()
    engine.dispose()


def test_downgrade_to_baseline_and_back_keeps_answers(db_url: str) -> None:
    with ProgressStore(db_url) as store:
        ana = store.create_learner("Ana")
        store.record_answer(
            ana,
            scenario_id="a",
            step=1,
            kind="pot",
            topic="pot",
            level=2,
            game="stud8",
            preset="wsop-cash",
            answer={"pot": 3},
            correct=False,
            seconds=2.5,
            answered_at=T0,
            house={"max_raises": 5},
            attempt=2,
            after_reveal=True,
        )
        with store._writer.begin() as conn:
            command.downgrade(store._alembic_config(conn), "0001_baseline")
        with store._engine.connect() as conn:
            columns = {c["name"] for c in inspect(conn).get_columns("answers")}
            count = conn.execute(text("SELECT count(*) FROM answers")).scalar()
        assert "attempt" not in columns
        assert count == 1
    with ProgressStore(db_url) as store:  # upgraded again when opened
        assert store.schema_version() == HEAD
        (record,) = store.answers(store.create_learner("Ana"))
        assert record.answer == {"pot": 3}
        assert (record.attempt, record.after_reveal, record.house) == (1, False, {})
        assert store.mistakes(record.learner_id) == {("a", 1)}
        assert store.progress(record.learner_id).first_answered == 1


def test_lessons_read_downgrade_and_upgrade(db_url: str) -> None:
    with ProgressStore(db_url) as store:
        ana = store.create_learner("Ana")
        store.mark_lesson_read(ana, "bring-in")
        store.mark_lesson_read(ana, "bring-in")  # again: still one mark
        assert store.lessons_read(ana) == {"bring-in"}
        with store._writer.begin() as conn:
            command.downgrade(store._alembic_config(conn), "0004_class_indexes")
        with store._engine.connect() as conn:
            tables = set(inspect(conn).get_table_names())
            version = conn.execute(text("SELECT version_num FROM alembic_version"))
            assert version.scalar() == "0004_class_indexes"
        assert "lessons_read" not in tables and "answers" in tables
    with ProgressStore(db_url) as store:  # upgraded again when opened
        assert store.schema_version() == HEAD
        ana = store.find_learner("Ana")
        assert ana is not None and store.lessons_read(ana) == set()
        store.mark_lesson_read(ana, "open-pair")
        assert store.lessons_read(ana) == {"open-pair"}
