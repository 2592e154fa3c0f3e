"""The progress store on SQLite and PostgreSQL: round trips, CSV, errors, concurrent writers."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta, timezone
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from pgkit import empty_postgres, free_port
from sqlalchemy import create_engine, text

from tutor.engine.rules import GAMES
from tutor.progress import (
    CSV_COLUMNS,
    AnswerRecord,
    Learner,
    ProgressError,
    ProgressStore,
    TopicSummary,
)
from tutor.progress.answers_csv import Asked
from tutor.progress.schema import HEAD_REVISION

T0 = datetime(2026, 11, 29, 14, 0, tzinfo=UTC)


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
    """A URL to an empty progress database: a fresh SQLite file, or the PostgreSQL test db."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'progress.sqlite3'}"
    url: str = request.getfixturevalue("postgres_server")
    empty_postgres(url)
    return url


@pytest.fixture
def store(db_url: str) -> Iterator[ProgressStore]:
    with ProgressStore(db_url) as opened:
        yield opened


def _answer(store: ProgressStore, learner: Learner, **overrides: Any) -> AnswerRecord:
    """Record an answer with sensible defaults, overridden by keyword."""
    values: dict[str, Any] = {
        "scenario_id": "bring-in-two-deuces",
        "step": 2,
        "kind": "bring-in",
        "topic": "bring-in",
        "level": 1,
        "game": "stud8",
        "preset": "online",
        "answer": {"player": "Bo", "amount": Decimal(1)},
        "correct": True,
        "seconds": 4.5,
        "answered_at": T0,
    }
    values.update(overrides)
    return store.record_answer(learner, **values)


# -- learners --------------------------------------------------------------------------------


def test_create_learner_strips_and_picks_existing(store: ProgressStore) -> None:
    ana = store.create_learner("  Ana  ")
    assert ana.name == "Ana"
    assert ana.created_at.tzinfo is UTC
    assert store.create_learner("Ana") == ana
    assert store.create_learner("ana") == ana
    bo = store.create_learner("Bo  Lee")
    assert bo.name == "Bo Lee"
    assert [learner.name for learner in store.learners()] == ["Ana", "Bo Lee"]
    assert store.find_learner(" ANA ") == ana
    assert store.find_learner("Cy") is None


def test_create_learner_rejects_empty_name(store: ProgressStore) -> None:
    with pytest.raises(ProgressError) as info:
        store.create_learner("   ")
    assert str(info.value) == (
        "A learner's name cannot be empty (got '   '). Type a name of 1 to 40 characters."
    )


def test_create_learner_rejects_long_name(store: ProgressStore) -> None:
    assert store.create_learner("x" * 40).name == "x" * 40
    with pytest.raises(ProgressError) as info:
        store.create_learner("y" * 41)
    assert str(info.value) == (
        f"The name {'y' * 41!r} is 41 characters long. Use at most 40 characters."
    )


def test_create_learner_rejects_control_characters(store: ProgressStore) -> None:
    with pytest.raises(ProgressError) as info:
        store.create_learner("Ana\x00")
    assert str(info.value) == (
        "The name 'Ana\\x00' holds control characters. Use letters, digits, spaces and "
        "punctuation only."
    )


def _head() -> str:
    """The newest migration, as Alembic reads it from the scripts (not a literal)."""
    from alembic.config import Config
    from alembic.script import ScriptDirectory

    import tutor.progress.store as store_module

    cfg = Config()
    cfg.set_main_option(
        "script_location", str(Path(store_module.__file__).parent / "migrations")
    )
    head = ScriptDirectory.from_config(cfg).get_current_head()
    assert head is not None
    return head


def test_schema_version_is_the_newest_revision(
    store: ProgressStore, db_url: str
) -> None:
    assert store.schema_version() == HEAD_REVISION == HEAD
    with ProgressStore(db_url) as again:  # opening an existing database changes nothing
        assert again.schema_version() == HEAD


def test_newer_schema_is_refused(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'p.sqlite3'}"
    ProgressStore(url).close()
    engine = create_engine(url)
    with engine.begin() as conn:
        conn.execute(text("UPDATE alembic_version SET version_num = '0099_future'"))
    engine.dispose()
    with pytest.raises(ProgressError) as info:
        ProgressStore(url)
    assert str(info.value) == (
        f"The progress database {str(tmp_path / 'p.sqlite3')!r} has layout version "
        "'0099_future', which this Stud Tutor does not know (it knows up to "
        f"{HEAD!r}). Upgrade Stud Tutor, or set TUTOR_DATABASE_URL to another "
        "database."
    )


# -- answers ---------------------------------------------------------------------------------


def test_record_and_read_back(store: ProgressStore) -> None:
    ana = store.create_learner("Ana")
    bo = store.create_learner("Bo")
    first = _answer(store, ana)
    second = _answer(
        store,
        ana,
        scenario_id="split-odd-chip",
        step=7,
        kind="award",
        topic="split-pot",
        level=3,
        game="stud",
        preset="roberts",
        answer={"award": {"Ana": Decimal("2.5")}},
        correct=False,
        seconds=Decimal("12.25"),
        answered_at=datetime(2026, 11, 29, 16, 30, tzinfo=timezone(timedelta(hours=2))),
    )
    _answer(store, bo)
    assert first == AnswerRecord(
        id=first.id,
        learner_id=ana.id,
        scenario_id="bring-in-two-deuces",
        step=2,
        kind="bring-in",
        topic="bring-in",
        level=1,
        game="stud8",
        preset="online",
        answer_json='{"player":"Bo","amount":1}',
        correct=True,
        seconds=4.5,
        answered_at=T0,
    )
    assert second.answered_at == datetime(2026, 11, 29, 14, 30, tzinfo=UTC)
    read = store.answers(ana)
    assert read == [first, second]
    assert read[1].answered_at.tzinfo is UTC
    assert read[1].answer == {"award": {"Ana": Decimal("2.5")}}
    assert read[1].seconds == 12.25
    assert store.answers(ana, since=datetime(2026, 11, 29, 14, 15, tzinfo=UTC)) == [
        second
    ]
    assert store.answers(ana, since=T0) == [first, second]
    assert (store.progress(ana).answered, store.progress(ana).correct) == (2, 1)
    assert (store.progress(bo).answered, store.progress(bo).correct) == (1, 1)
    assert store.answer_count(ana) == 2


def test_answers_by_learner_id(store: ProgressStore) -> None:
    ana = store.create_learner("Ana")
    record = _answer(store, ana.id)
    assert store.answers(ana.id) == [record]


def test_mistakes_are_asks_whose_latest_answer_was_wrong(store: ProgressStore) -> None:
    ana = store.create_learner("Ana")
    minute = timedelta(minutes=1)
    _answer(store, ana, scenario_id="a", step=1, correct=False, answered_at=T0)
    _answer(store, ana, scenario_id="a", step=1, correct=True, answered_at=T0 + minute)
    _answer(store, ana, scenario_id="a", step=3, correct=True, answered_at=T0)
    _answer(store, ana, scenario_id="a", step=3, correct=False, answered_at=T0 + minute)
    _answer(store, ana, scenario_id="b", step=0, correct=False, answered_at=T0)
    _answer(store, ana, scenario_id="c", step=4, correct=True, answered_at=T0)
    assert store.mistakes(ana) == {("a", 3), ("b", 0)}
    assert store.mistakes(store.create_learner("Bo")) == set()


def test_topic_summary(store: ProgressStore) -> None:
    ana = store.create_learner("Ana")
    _answer(store, ana, topic="ante", scenario_id="a1", seconds=3.0)
    _answer(store, ana, topic="ante", scenario_id="a2", seconds=5.0, correct=False)
    _answer(store, ana, topic="bring-in", scenario_id="b1", seconds=8.0)
    assert store.topic_summary(ana) == [
        TopicSummary(
            "ante",
            answered=2,
            correct=1,
            seconds_total=8.0,
            scenarios=2,
            mastery="attempted",
            median_seconds=4.0,
        ),
        TopicSummary(
            "bring-in",
            answered=1,
            correct=1,
            seconds_total=8.0,
            scenarios=1,
            mastery="attempted",
            median_seconds=8.0,
        ),
    ]
    assert store.topic_summary(ana)[0].accuracy == 0.5
    assert store.topic_summary(ana)[0].mean_seconds == 4.0


def test_export_csv_exact(store: ProgressStore) -> None:
    ana = store.create_learner("Ana")
    bo = store.create_learner("=Bo")
    _answer(store, ana)
    _answer(
        store,
        ana,
        scenario_id="low-eight",
        step=5,
        kind="low-qualifies",
        topic="low-qualification",
        level=2,
        answer=False,
        correct=False,
        seconds=10,
        answered_at=T0 + timedelta(seconds=90, microseconds=250),
        house={"max_raises": 5, "burn_cards": False},
        attempt=2,
        after_reveal=True,
        hinted=True,
        rules=("low.eight", "low.qualify"),
        target="counterfeit-low",
        seed=42,
    )
    _answer(store, bo, answer="Bo, Ana")
    # the same question again in a new play-through: attempt 1 as recorded, but not the
    # learner's first attempt at it
    _answer(store, ana, answered_at=T0 + timedelta(minutes=5))
    header = ",".join(CSV_COLUMNS) + "\n"
    assert header == (
        "answered_at,learner,scenario_id,step,kind,topic,level,game,preset,question,"
        "right_answer,answer,answer_json,correct,first_attempt,attempt,after_reveal,"
        "hinted,rules,seconds,house,target,seed\n"
    )

    def lookup(scenario_id: str, step: int, preset: str) -> Asked | None:
        if scenario_id == "bring-in-two-deuces":
            return Asked("Who brings in?", "Ana brings in for 1", {"player": "Ana"})
        return None

    assert store.export_csv(ana, lookup) == header + (
        "2026-11-29T14:00:00+00:00,Ana,bring-in-two-deuces,3,bring-in,bring-in,1,stud8,"
        "online,Who brings in?,Ana brings in for 1,Bo brings in for 1,"
        '"{""player"":""Bo"",""amount"":1}",true,true,1,false,false,,4.5,{},,\n'
        "2026-11-29T14:01:30.000250+00:00,Ana,low-eight,6,low-qualifies,"
        "low-qualification,2,stud8,online,,,false,false,false,false,2,true,true,"
        'low.eight low.qualify,10.0,"{""burn_cards"":false,""max_raises"":5}",'
        "counterfeit-low,42\n"
        "2026-11-29T14:05:00+00:00,Ana,bring-in-two-deuces,3,bring-in,bring-in,1,stud8,"
        "online,Who brings in?,Ana brings in for 1,Bo brings in for 1,"
        '"{""player"":""Bo"",""amount"":1}",true,false,1,false,false,,4.5,{},,\n'
    )
    assert store.export_csv(bo) == header + (
        "2026-11-29T14:00:00+00:00,'=Bo,bring-in-two-deuces,3,bring-in,bring-in,1,stud8,"
        'online,,,"""Bo, Ana""","""Bo, Ana""",true,true,1,false,false,,4.5,{},,\n'
    )


def test_export_csv_without_answers_is_header_only(store: ProgressStore) -> None:
    ana = store.create_learner("Ana")
    assert store.export_csv(ana) == ",".join(CSV_COLUMNS) + "\n"


BAD_ANSWERS = [
    (
        {"scenario_id": ""},
        "scenario_id='' is not usable: give non-empty text of at most 200 characters.",
    ),
    (
        {"kind": None},
        "kind=None is not usable: give non-empty text of at most 60 characters.",
    ),
    (
        {"topic": "t" * 61},
        (
            f"topic={'t' * 61!r} is not usable: give non-empty text of at "
            "most 60 characters."
        ),
    ),
    (
        {"preset": 3},
        "preset=3 is not usable: give non-empty text of at most 40 characters.",
    ),
    (
        {"step": -1},
        (
            "step=-1 is not usable: give the ask's index in the scenario's steps "
            "(an int, 0 or more)."
        ),
    ),
    (
        {"step": True},
        (
            "step=True is not usable: give the ask's index in the scenario's steps "
            "(an int, 0 or more)."
        ),
    ),
    ({"level": 6}, "level=6 is not usable: give an int from 1 to 5."),
    (
        {"game": "stud-8"},
        f"Expected one of {', '.join(GAMES)} for game but got: 'stud-8'.",
    ),
    ({"correct": 1}, "correct=1 is not usable: give True or False."),
    ({"seconds": -0.5}, "seconds=-0.5 is not usable: give a number >= 0."),
    ({"seconds": float("nan")}, "seconds=nan is not usable: give a number >= 0."),
    ({"seconds": "4"}, "seconds='4' is not usable: give a number >= 0."),
    (
        {"answered_at": datetime(2026, 11, 29)},
        (
            "answered_at=datetime.datetime(2026, 11, 29, "
            "0, 0) is not usable: give an aware datetime, e.g. datetime.now(UTC)."
        ),
    ),
    (
        {"answer": [complex(1, 2)]},
        (
            "The answer [(1+2j)] cannot be stored: (1+2j) of type "
            "complex cannot be written as JSON. Pass plain values (str, int, Decimal, bool, "
            "None, lists and dicts of them)."
        ),
    ),
]


@pytest.mark.parametrize(("overrides", "message"), BAD_ANSWERS)
def test_record_answer_rejects_bad_values(
    store: ProgressStore, overrides: dict[str, Any], message: str
) -> None:
    ana = store.create_learner("Ana")
    with pytest.raises(ProgressError) as info:
        _answer(store, ana, **overrides)
    assert str(info.value) == message
    assert store.answers(ana) == []
    assert store.answer_count(ana) == 0


def test_record_answer_for_unknown_learner(store: ProgressStore) -> None:
    ghost = Learner(id=999, name="Ghost", created_at=T0)
    with pytest.raises(ProgressError) as info:
        _answer(store, ghost)
    assert str(info.value).startswith(
        "There is no learner with id 999 in the progress database "
    )
    assert str(info.value).endswith("Pick a learner by name or create one.")


def test_learner_must_be_record_or_id(store: ProgressStore) -> None:
    with pytest.raises(ProgressError) as info:
        store.answers("Ana")  # type: ignore[arg-type]
    assert str(info.value) == "Expected a Learner or a learner id but got 'Ana'."


def test_since_must_be_aware(store: ProgressStore) -> None:
    ana = store.create_learner("Ana")
    with pytest.raises(ProgressError) as info:
        store.answers(ana, since=datetime(2026, 11, 29))
    assert str(info.value) == (
        "since=datetime.datetime(2026, 11, 29, 0, 0) has no time zone. Pass an aware "
        "datetime, e.g. datetime(2026, 11, 29, tzinfo=UTC)."
    )


# -- database errors -------------------------------------------------------------------------


def test_sqlite_settings(tmp_path: Path) -> None:
    with (
        ProgressStore(f"sqlite:///{tmp_path / 'p.sqlite3'}") as store,
        store._engine.connect() as conn,
    ):
        assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert conn.exec_driver_sql("PRAGMA synchronous").scalar() == 1  # NORMAL
        assert conn.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1


def test_unwritable_sqlite_path(tmp_path: Path) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file")
    path = blocker / "progress.sqlite3"
    with pytest.raises(ProgressError) as info:
        ProgressStore(f"sqlite:///{path}")
    assert str(info.value) == (
        f"Could not create or upgrade the tables in the progress database {str(path)!r}: unable to "
        "open database file. Check that the file and its folder exist and are writable, "
        "or set TUTOR_DATA_DIR (or TUTOR_DATABASE_URL) to another place."
    )


def test_read_only_sqlite_file(tmp_path: Path) -> None:
    path = tmp_path / "progress.sqlite3"
    ProgressStore(f"sqlite:///{path}").close()
    with (
        ProgressStore(f"sqlite:///file:{path}?mode=ro&uri=true") as store,
        pytest.raises(ProgressError) as info,
    ):
        store.create_learner("Ana")
    assert str(info.value) == (
        f"Could not create the learner 'Ana' in the progress database 'file:{path}': "
        "attempt to write a readonly database. Check that the file and its folder exist "
        "and are writable, or set TUTOR_DATA_DIR (or TUTOR_DATABASE_URL) to another place."
    )


def test_bad_url() -> None:
    with pytest.raises(ProgressError) as info:
        ProgressStore("not a url")
    assert str(info.value) == (
        "'not a url' is not a database URL SQLAlchemy can read. Set TUTOR_DATABASE_URL to a "
        "URL such as sqlite:////srv/tutor/progress.sqlite3 or "
        "postgresql+psycopg://user:password@localhost:5432/tutor."
    )


def test_unknown_dialect() -> None:
    with pytest.raises(ProgressError) as info:
        ProgressStore("nosuchdb://u:secret@host/db")
    assert str(info.value) == (
        "Cannot use the database URL 'nosuchdb://u:***@host/db': Can't load plugin: "
        "sqlalchemy.dialects:nosuchdb. Set TUTOR_DATABASE_URL to a sqlite:/// or "
        "postgresql+psycopg:// URL."
    )


def test_unreachable_postgres_names_server_without_password() -> None:
    port = free_port()  # nothing listens there
    with pytest.raises(ProgressError) as info:
        ProgressStore(f"postgresql://ana:secret@127.0.0.1:{port}/tutor")
    message = str(info.value)
    assert message.startswith(
        "Could not create or upgrade the tables in the progress database at "
        f"'postgresql+psycopg://ana:***@127.0.0.1:{port}/tutor': "
    )
    assert message.endswith(
        "Check that the PostgreSQL server is running and that TUTOR_DATABASE_URL has the "
        "right user, password, host, port and database."
    )
    assert "secret" not in message


# -- several writers at once -----------------------------------------------------------------


def _in_threads(count: int, work: Callable[[int], None]) -> list[BaseException]:
    """Run work(i) in count threads started together; return the exceptions raised."""
    errors: list[BaseException] = []
    barrier = threading.Barrier(count)

    def runner(index: int) -> None:
        try:
            barrier.wait()
            work(index)
        except BaseException as exc:  # noqa: BLE001 - collected for the assertion
            errors.append(exc)

    threads = [threading.Thread(target=runner, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return errors


def test_concurrent_writers_lose_nothing(db_url: str) -> None:
    # 8 writers queue for one lock: on a loaded machine a write may wait longer than the
    # default 3 s deadline (the app would keep that answer and save it later); here the
    # point is that none is lost or counted twice, so the deadline is a generous one
    store = ProgressStore(db_url, deadline=60)
    ana = store.create_learner("Ana")
    bo = store.create_learner("Bo")

    def work(index: int) -> None:
        for n in range(50):
            _answer(
                store,
                ana if index % 2 == 0 else bo,
                scenario_id=f"s{index}",
                step=n,
                correct=n % 5 != 0,
                seconds=0.5,
            )

    assert _in_threads(8, work) == []
    rows = store.answers(ana) + store.answers(bo)
    assert len(rows) == 400
    assert len({r.id for r in rows}) == 400
    assert sorted((r.scenario_id, r.step) for r in rows) == sorted(
        (f"s{i}", n) for i in range(8) for n in range(50)
    )
    for learner in (ana, bo):
        figures = store.progress(learner)
        assert (figures.answered, figures.correct) == (200, 160)
        assert sum(t.seconds_total for t in figures.topics) == 100.0
    store.close()


def test_concurrent_writers_in_separate_stores(db_url: str) -> None:
    """Eight stores (as eight app processes would have) on one database."""
    with ProgressStore(db_url) as first:
        ana = first.create_learner("Ana")
    stores = [ProgressStore(db_url, deadline=60) for _ in range(8)]  # (as above)
    try:

        def work(index: int) -> None:
            for n in range(50):
                _answer(stores[index], ana, scenario_id=f"s{index}", step=n, seconds=1)

        assert _in_threads(8, work) == []
        assert len(stores[0].answers(ana)) == 400
        assert stores[0].progress(ana).correct == 400
    finally:
        for opened in stores:
            opened.close()


def test_concurrent_create_same_learner(store: ProgressStore) -> None:
    made: list[Learner] = []

    def work(index: int) -> None:
        made.append(store.create_learner("Ana" if index % 2 else "ana"))

    assert _in_threads(8, work) == []
    assert len(made) == 8
    assert len({learner.id for learner in made}) == 1
    assert [learner.name for learner in store.learners()] == [made[0].name]


WRITER_SCRIPT = """
import sys
from datetime import UTC, datetime
from tutor.progress import ProgressStore

url, index = sys.argv[1], int(sys.argv[2])
with ProgressStore(url) as store:
    ana = store.create_learner("Ana")
    for n in range(50):
        store.record_answer(
            ana, scenario_id=f"p{index}", step=n, kind="bring-in", topic="bring-in",
            level=1, game="stud8", preset="online", answer=None, correct=n % 2 == 0,
            seconds=2, answered_at=datetime(2026, 11, 29, tzinfo=UTC),
        )
"""


def test_concurrent_writer_processes(db_url: str) -> None:
    """Four processes, as four app servers would be, writing to one database."""
    # four writers in tight loops can starve one another's lock waits past the 3 s
    # default deadline on a loaded machine (the app would keep such an answer): here the
    # point is that nothing is lost, so the deadline is a generous one
    env = {**os.environ, "TUTOR_DB_DEADLINE": "60"}
    workers = [
        subprocess.Popen(
            [sys.executable, "-c", WRITER_SCRIPT, db_url, str(i)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
        )
        for i in range(4)
    ]
    results = [worker.communicate(timeout=120) for worker in workers]
    assert [
        (w.returncode, err) for w, (_, err) in zip(workers, results, strict=True)
    ] == [(0, "")] * 4
    with ProgressStore(db_url) as store:
        ana = store.create_learner("Ana")
        assert len(store.learners()) == 1
        assert sorted((r.scenario_id, r.step) for r in store.answers(ana)) == sorted(
            (f"p{i}", n) for i in range(4) for n in range(50)
        )
        assert (store.progress(ana).answered, store.progress(ana).correct) == (200, 100)


def test_in_memory_store_is_shared_between_threads() -> None:
    with ProgressStore("sqlite://") as store:
        assert store.in_memory
        ana = store.create_learner("Ana")

        def work(index: int) -> None:
            for n in range(25):
                _answer(store, ana, scenario_id=f"s{index}", step=n, seconds=1)

        assert _in_threads(4, work) == []
        assert len(store.answers(ana)) == 100
        assert store.answer_count(ana) == 100


def test_from_config(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("TUTOR_DATABASE_URL", raising=False)
    monkeypatch.setenv("TUTOR_DATA_DIR", str(tmp_path / "data"))
    with ProgressStore.from_config() as store:
        assert store.url.database == str(tmp_path / "data" / "progress.sqlite3")
        assert not store.in_memory
        store.create_learner("Ana")
    assert (tmp_path / "data" / "progress.sqlite3").is_file()


# -- the answer's context (STORE_CONTRACT) ---------------------------------------------------


def test_context_fields_round_trip(store: ProgressStore) -> None:
    ana = store.create_learner("Ana")
    saved = _answer(
        store,
        ana,
        preset="roberts",
        house={"max_raises": 5, "heads_up": "unlimited"},
        attempt=3,
        after_reveal=True,
        hinted=True,
        rules=("bring-in.lowest", "bring-in.suit"),
        target="bring-in-by-suit",
        seed=2**62,
    )
    (read,) = store.answers(ana)
    assert read == saved
    assert read.house == {"heads_up": "unlimited", "max_raises": 5}
    assert (read.attempt, read.after_reveal, read.hinted) == (3, True, True)
    assert read.rules == ("bring-in.lowest", "bring-in.suit")
    assert (read.target, read.seed) == ("bring-in-by-suit", 2**62)
    assert read.first_attempt is False
    plain = _answer(store, ana)
    assert (plain.house, plain.attempt, plain.rules, plain.target, plain.seed) == (
        {},
        1,
        (),
        None,
        None,
    )
    assert plain.first_attempt is True
    assert _answer(store, ana, attempt=1, after_reveal=True).first_attempt is False


def test_a_preset_label_is_refused(store: ProgressStore) -> None:
    ana = store.create_learner("Ana")
    with pytest.raises(ProgressError) as info:
        _answer(store, ana, preset="roberts + house(max_raises, burn_cards)")
    assert str(info.value) == (
        "preset='roberts + house(max_raises, burn_cards)' is not a preset id: give one "
        "of online, roberts, wsop-cash, tda (house overrides go in house=)."
    )
    assert store.answer_count(ana) == 0


BAD_CONTEXT = [
    (
        {"house": ["max_raises"]},
        (
            "house=\"['max_raises']\" is not usable: give a mapping of house rule names to "
            "plain values, or None."
        ),
    ),
    (
        {"house": {"max_raises": object}},
        (
            "house=\"{'max_raises': <class 'object'>}\" cannot be stored: Object of type type "
            "is not JSON serializable. Give plain values (str, int, bool)."
        ),
    ),
    (
        {"attempt": 0},
        (
            "attempt=0 is not usable: give 1 for the first answer to this ask in a "
            "play-through, 2, 3... for later tries."
        ),
    ),
    ({"after_reveal": "yes"}, "after_reveal='yes' is not usable: give True or False."),
    ({"hinted": None}, "hinted=None is not usable: give True or False."),
    (
        {"rules": "bring-in.lowest"},
        (
            "rules='bring-in.lowest' is not usable: give a sequence of rule ids such as "
            "('bring-in.lowest', 'act.later')."
        ),
    ),
    (
        {"rules": ("a b",)},
        "The rule id 'a b' is not usable: give text without spaces.",
    ),
    (
        {"target": "t" * 61},
        (
            f"target={'t' * 61!r} is not usable: give non-empty text of at most 60 "
            "characters, or None."
        ),
    ),
    (
        {"seed": 2**63},
        (
            "seed='9223372036854775808' is not usable: give a whole number that fits in 64 "
            "bits, or None."
        ),
    ),
]


@pytest.mark.parametrize(("overrides", "message"), BAD_CONTEXT)
def test_record_answer_rejects_bad_context(
    store: ProgressStore, overrides: dict[str, Any], message: str
) -> None:
    ana = store.create_learner("Ana")
    with pytest.raises(ProgressError) as info:
        _answer(store, ana, **overrides)
    assert str(info.value) == message
    assert store.answer_count(ana) == 0


def test_mistakes_and_figures_count_first_attempts_only(store: ProgressStore) -> None:
    ana = store.create_learner("Ana")
    minute = timedelta(minutes=1)
    # wrong first, then right on a Retry after the reveal: still a mistake
    _answer(store, ana, scenario_id="a", step=1, correct=False, answered_at=T0)
    _answer(
        store,
        ana,
        scenario_id="a",
        step=1,
        correct=True,
        attempt=2,
        after_reveal=True,
        answered_at=T0 + minute,
    )
    # right first time in a later play-through: no longer a mistake
    _answer(store, ana, scenario_id="b", step=0, correct=False, answered_at=T0)
    _answer(store, ana, scenario_id="b", step=0, correct=True, answered_at=T0 + minute)
    # a second try that was not after the reveal does not count either
    _answer(store, ana, scenario_id="c", step=2, correct=True, answered_at=T0)
    _answer(
        store, ana, scenario_id="c", step=2, correct=False, attempt=2, answered_at=T0
    )
    assert store.mistakes(ana) == {("a", 1)}
    assert store.answered_asks(ana) == {("a", 1), ("b", 0), ("c", 2)}
    figures = store.progress(ana)
    assert (figures.answered, figures.correct) == (6, 3)
    assert (figures.first_answered, figures.first_correct) == (4, 2)
    (topic,) = figures.topics
    assert (topic.answered, topic.correct, topic.scenarios) == (4, 2, 3)


def test_progress_figures_exact(store: ProgressStore) -> None:
    ana = store.create_learner("Ana")
    day1 = datetime(2026, 11, 27, 23, 30, tzinfo=UTC)
    rows = [
        ("bring-in", True, 4.0, day1, "b1"),
        ("bring-in", False, 10.0, day1 + timedelta(minutes=20), "b2"),
        ("ante", True, 3.0, day1 + timedelta(minutes=40), "a1"),  # next UTC day
        ("bring-in", True, 5.0, day1 + timedelta(days=1), "b3"),
        ("ante", False, 2.5, day1 + timedelta(days=2), "a2"),
        ("ante", True, 3.5, day1 + timedelta(days=2, minutes=1), "a2"),
    ]
    for topic, correct, seconds, when, scenario in rows:
        _answer(
            store,
            ana,
            topic=topic,
            correct=correct,
            seconds=seconds,
            answered_at=when,
            scenario_id=scenario,
        )
    _answer(
        store,
        ana,
        topic="ante",
        scenario_id="a1",
        correct=True,
        attempt=2,
        answered_at=day1,
    )
    figures = store.progress(ana)
    assert figures.topics == (
        TopicSummary(
            "ante",
            answered=3,
            correct=2,
            seconds_total=9.0,
            scenarios=2,
            mastery="attempted",
            median_seconds=3.0,
        ),
        TopicSummary(
            "bring-in",
            answered=3,
            correct=2,
            seconds_total=19.0,
            scenarios=3,
            mastery="attempted",
            median_seconds=5.0,
        ),
    )
    assert [(d.day.isoformat(), d.answered, d.correct) for d in figures.days] == [
        ("2026-11-27", 2, 1),
        ("2026-11-28", 2, 2),
        ("2026-11-29", 2, 1),
    ]
    empty = store.progress(store.create_learner("Bo"))
    assert (empty.answered, empty.correct, empty.topics, empty.days) == (0, 0, (), ())


@pytest.mark.parametrize("seed", [1, 2])
def test_mastery_from_sql_matches_mastery_of_the_records(
    store: ProgressStore, seed: int
) -> None:
    import random

    from tutor.progress import mastery

    rng = random.Random(seed)
    ana = store.create_learner("Ana")
    topics = {"s1": "ante", "s2": "ante", "s3": "ante", "s4": "ante", "p1": "pot"}
    topics |= {"p2": "pot", "p3": "pot", "x1": "split", "x2": "split"}
    for n in range(90):
        scenario = rng.choice(sorted(topics))
        _answer(
            store,
            ana,
            topic=topics[scenario],
            scenario_id=scenario,
            step=rng.choice([0, 1]),
            correct=rng.random()
            < {"ante": 0.97, "pot": 0.8, "split": 0.5}[topics[scenario]],
            attempt=1 if rng.random() < 0.8 else 2,
            answered_at=T0 + timedelta(seconds=n // 2),  # ties broken by id
        )
    firsts = [r for r in store.answers(ana) if r.first_attempt]
    expected = {topic: str(level) for topic, level in mastery(firsts).items()}
    got = {t.topic: t.mastery for t in store.progress(ana).topics}
    assert got == expected
    assert len(set(got.values())) > 1  # the seeds give more than one level


def test_learner_count(store: ProgressStore) -> None:
    assert store.learner_count() == 0
    store.create_learner("Ana")
    store.create_learner("ana")
    store.create_learner("Bo")
    assert store.learner_count() == 2
    assert [learner.name for learner in store.learners(limit=1)] == ["Ana"]


# -- PINs ------------------------------------------------------------------------------------


def test_pins(store: ProgressStore, db_url: str) -> None:
    ana = store.create_learner("Ana")
    assert store.has_pin(ana) is False
    assert store.check_pin(ana, "anything") is True  # no PIN: nothing to check
    store.set_pin(ana, "2468")
    assert store.has_pin(ana) is True
    assert store.check_pin(ana, "2468") is True
    assert store.check_pin(ana, "2469") is False
    assert store.check_pin(ana, "") is False
    engine = create_engine(db_url)
    with engine.connect() as conn:
        stored = conn.execute(text("SELECT pin_hash FROM learners")).scalar_one()
    engine.dispose()
    assert stored.startswith("scrypt$16384$8$1$")
    assert "2468" not in stored
    store.set_pin(ana, "2468")  # a new salt each time
    assert store.check_pin(ana, "2468") is True
    store.set_pin(ana, None)
    assert store.has_pin(ana) is False
    assert store.check_pin(ana, "0000") is True


@pytest.mark.parametrize("pin", ["123", "x" * 65, "12\n34", 1234])
def test_unusable_pins_are_refused(store: ProgressStore, pin: Any) -> None:
    ana = store.create_learner("Ana")
    with pytest.raises(ProgressError) as info:
        store.set_pin(ana, pin)
    shown = f"{len(pin)} characters" if isinstance(pin, str) else "1234"
    assert str(info.value) == (
        f"That PIN ({shown}) is not usable: give 4 to 64 letters, digits or other "
        "printable characters."
    )
    assert store.has_pin(ana) is False


# -- review cards ----------------------------------------------------------------------------


def test_review_cards(store: ProgressStore) -> None:
    from tutor.progress import ReviewCardRecord

    ana = store.create_learner("Ana")
    bo = store.create_learner("Bo")
    assert store.review_cards(ana) == {}
    store.save_review_cards(ana, {})
    store.save_review_cards(
        ana,
        {
            "bring-in.lowest": ('{"state": 1}', T0),
            "act.later": ('{"state": 2}', T0 + timedelta(days=3)),
        },
    )
    store.save_review_cards(bo, {"act.later": ('{"bo": 1}', T0)})
    store.save_review_cards(
        ana,
        {"act.later": ('{"state": 3}', datetime(2026, 12, 5, 9, tzinfo=UTC))},
    )
    assert store.review_cards(ana) == {
        "act.later": ReviewCardRecord(
            "act.later", '{"state": 3}', datetime(2026, 12, 5, 9, tzinfo=UTC)
        ),
        "bring-in.lowest": ReviewCardRecord("bring-in.lowest", '{"state": 1}', T0),
    }
    store.clear_review_cards(ana)
    assert store.review_cards(ana) == {}
    assert list(store.review_cards(bo)) == ["act.later"]


def test_review_cards_refuse_bad_values(store: ProgressStore) -> None:
    ana = store.create_learner("Ana")
    with pytest.raises(ProgressError) as info:
        store.save_review_cards(ana, {"act.later": ("{}", datetime(2026, 12, 5))})
    assert str(info.value) == (
        "The review card for 'act.later' is not usable: give (card JSON text, an aware "
        "due datetime)."
    )
    with pytest.raises(ProgressError) as info:
        store.save_review_cards(ana, {"": ("{}", T0)})
    assert str(info.value) == (
        "The rule id '' is not usable: give non-empty text of at most 60 characters."
    )
    assert store.review_cards(ana) == {}


# -- settings and time limits ----------------------------------------------------------------


def test_sqlite_synchronous_is_configurable(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TUTOR_SQLITE_SYNCHRONOUS", "full")
    with (
        ProgressStore(f"sqlite:///{tmp_path / 'p.sqlite3'}") as store,
        store._engine.connect() as conn,
    ):
        assert conn.exec_driver_sql("PRAGMA synchronous").scalar() == 2  # FULL
    monkeypatch.setenv("TUTOR_SQLITE_SYNCHRONOUS", "sometimes")
    from tutor.config import ConfigError

    with pytest.raises(ConfigError) as info:
        ProgressStore(f"sqlite:///{tmp_path / 'p.sqlite3'}")
    assert str(info.value) == (
        "TUTOR_SQLITE_SYNCHRONOUS='sometimes' is not a SQLite synchronous setting. Set "
        "it to NORMAL, FULL, EXTRA (FULL for machines that may lose power), or unset it "
        "for NORMAL."
    )


def test_a_server_that_never_answers_fails_fast(silent_server: int) -> None:
    import time

    started = time.monotonic()
    with pytest.raises(ProgressError) as info:
        ProgressStore(
            f"postgresql://ana:secret@127.0.0.1:{silent_server}/tutor",
            connect_timeout=2,
        )
    elapsed = time.monotonic() - started
    message = str(info.value)
    assert message.startswith(
        "Could not create or upgrade the tables in the progress database at "
        f"'postgresql+psycopg://ana:***@127.0.0.1:{silent_server}/tutor': "
    )
    assert "(no answer within 2 s; TUTOR_DB_CONNECT_TIMEOUT sets this)." in message
    assert "secret" not in message
    assert elapsed < 30  # not the 130 s of an unbounded wait


@pytest.mark.postgres
def test_statement_timeout(postgres_server: str) -> None:
    empty_postgres(postgres_server)
    with ProgressStore(postgres_server, statement_timeout=0.2) as store:
        with store._engine.connect() as conn:
            shown = conn.exec_driver_sql("SHOW statement_timeout").scalar()
        assert shown == "200ms"
        with (
            pytest.raises(ProgressError) as info,
            store._guard("read progress"),
            store._engine.connect() as conn,
        ):
            conn.exec_driver_sql("SELECT pg_sleep(2)")
    message = str(info.value)
    assert "canceling statement due to statement timeout" in message
    assert "(no answer within 0.2 s; TUTOR_DB_STATEMENT_TIMEOUT sets this)" in message


def test_running_counts_match_a_rebuild_from_the_answers(store: ProgressStore) -> None:
    import random

    rng = random.Random(7)
    ana = store.create_learner("Ana")
    bo = store.create_learner("Bo")
    for _ in range(150):
        scenario = rng.choice(["a", "b", "c", "d"])
        attempt = rng.choice([1, 1, 1, 2])
        _answer(
            store,
            rng.choice([ana, bo]),
            scenario_id=scenario,
            topic="ante" if scenario in "ab" else "pot",
            step=rng.choice([0, 1]),
            correct=rng.random() < 0.6,
            attempt=attempt,
            after_reveal=attempt > 1 and rng.random() < 0.5,
            seconds=rng.randint(1, 30),
            # out of order on purpose: the latest first attempt is by time, then id
            answered_at=T0 + timedelta(hours=rng.randint(0, 72)),
        )
    before = {
        learner.id: (
            store.progress(learner),
            store.mistakes(learner),
            store.answered_asks(learner),
        )
        for learner in (ana, bo)
    }
    for learner in (ana, bo):  # the same, worked out the long way from the answers
        latest: dict[tuple[str, int], AnswerRecord] = {}
        for record in store.answers(learner):
            if record.first_attempt:
                latest[(record.scenario_id, record.step)] = record
        assert before[learner.id][1] == {
            ask for ask, record in latest.items() if not record.correct
        }
    store.rebuild_counts()
    after = {
        learner.id: (
            store.progress(learner),
            store.mistakes(learner),
            store.answered_asks(learner),
        )
        for learner in (ana, bo)
    }
    assert after == before


# -- lessons read ----------------------------------------------------------------------------
def test_lessons_read_are_kept_per_learner(store: ProgressStore) -> None:
    ana, bo = store.create_learner("Ana"), store.create_learner("Bo")
    assert store.lessons_read(ana) == set()
    store.mark_lesson_read(ana, "bring-in")
    store.mark_lesson_read(ana.id, "open-pair")
    store.mark_lesson_read(ana, "bring-in")
    assert store.lessons_read(ana) == {"bring-in", "open-pair"}
    assert store.lessons_read(bo) == set()


@pytest.mark.parametrize(
    ("lesson_id", "shown"),
    [("Bring In", "'Bring In'"), ("", "''"), ("a" * 101, repr("a" * 40))],
)
def test_a_bad_lesson_id_is_refused(
    store: ProgressStore, lesson_id: str, shown: str
) -> None:
    ana = store.create_learner("Ana")
    with pytest.raises(ProgressError) as info:
        store.mark_lesson_read(ana, lesson_id)
    assert str(info.value) == (
        f"{shown} is not a lesson id: use lower-case letters, digits and '-', "
        "at most 100 characters."
    )
    assert store.lessons_read(ana) == set()


def test_a_learners_language_is_kept_and_changed(tmp_path: Path) -> None:
    with ProgressStore(f"sqlite:///{tmp_path / 'p.sqlite3'}") as store:
        ana = store.create_learner("Ana")
        bo = store.create_learner("Bo")
        assert store.language_of(ana) is None
        store.set_language(ana, "it")
        store.set_language(bo, "en")
        assert (store.language_of(ana), store.language_of(bo)) == ("it", "en")
        store.set_language(ana, "en")
        assert store.language_of(ana) == "en"
        with pytest.raises(ProgressError) as info:
            store.set_language(ana, "fr")
        assert str(info.value) == (
            "'fr' is not a language of the tutor: use one of en, it."
        )
        assert store.language_of(ana) == "en"
