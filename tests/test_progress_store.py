"""The progress store on SQLite and PostgreSQL: round trips, CSV, errors, concurrent writers."""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta, timezone
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import create_engine, text

from tutor.progress import (
    AnswerRecord,
    Learner,
    LearnerStats,
    ProgressError,
    ProgressStore,
    TopicSummary,
)
from tutor.progress.schema import SCHEMA_VERSION, Base

T0 = datetime(2026, 11, 29, 14, 0, tzinfo=UTC)

# -- a throwaway PostgreSQL cluster ----------------------------------------------------------


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


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture(scope="module")
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
    port = _free_port()

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


@pytest.fixture(
    params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)]
)
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A URL to an empty progress database: a fresh SQLite file, or the PostgreSQL test db."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'progress.sqlite3'}"
    url: str = request.getfixturevalue("postgres_server")
    engine = create_engine(url)
    Base.metadata.drop_all(engine)
    engine.dispose()
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


def test_schema_version_row(store: ProgressStore, db_url: str) -> None:
    assert store.schema_version() == SCHEMA_VERSION == 1
    with ProgressStore(db_url) as again:  # opening an existing database keeps the row
        assert again.schema_version() == 1


def test_newer_schema_is_refused(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'p.sqlite3'}"
    ProgressStore(url).close()
    engine = create_engine(url)
    with engine.begin() as conn:
        conn.execute(text("UPDATE schema_version SET version = 99"))
    engine.dispose()
    with pytest.raises(ProgressError) as info:
        ProgressStore(url)
    assert str(info.value) == (
        f"The progress database {str(tmp_path / 'p.sqlite3')!r} has layout version 99, "
        "newer than this Stud Tutor understands (1). Upgrade Stud Tutor, or set "
        "TUTOR_DATABASE_URL to another database."
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
    assert store.stats(ana) == LearnerStats(
        ana.id, answered=2, correct=1, seconds_total=16.75
    )
    assert store.stats(bo) == LearnerStats(
        bo.id, answered=1, correct=1, seconds_total=4.5
    )


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
        ),
        TopicSummary(
            "bring-in",
            answered=1,
            correct=1,
            seconds_total=8.0,
            scenarios=1,
            mastery="attempted",
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
    )
    _answer(store, bo, answer="Bo, Ana")
    assert store.export_csv(ana) == (
        "answered_at,learner,scenario_id,step,kind,topic,level,game,preset,answer,"
        "correct,seconds\n"
        "2026-11-29T14:00:00+00:00,Ana,bring-in-two-deuces,2,bring-in,bring-in,1,stud8,"
        'online,"{""player"":""Bo"",""amount"":1}",true,4.5\n'
        "2026-11-29T14:01:30.000250+00:00,Ana,low-eight,5,low-qualifies,"
        "low-qualification,2,stud8,online,false,false,10.0\n"
    )
    assert store.export_csv(bo) == (
        "answered_at,learner,scenario_id,step,kind,topic,level,game,preset,answer,"
        "correct,seconds\n"
        "2026-11-29T14:00:00+00:00,'=Bo,bring-in-two-deuces,2,bring-in,bring-in,1,stud8,"
        'online,"""Bo, Ana""",true,4.5\n'
    )


def test_export_csv_without_answers_is_header_only(store: ProgressStore) -> None:
    ana = store.create_learner("Ana")
    assert store.export_csv(ana) == (
        "answered_at,learner,scenario_id,step,kind,topic,level,game,preset,answer,"
        "correct,seconds\n"
    )


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
    ({"game": "stud-8"}, "Expected one of stud8, stud for game but got: 'stud-8'."),
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
    assert store.stats(ana) == LearnerStats(ana.id, 0, 0, 0.0)


def test_record_answer_for_unknown_learner(store: ProgressStore) -> None:
    ghost = Learner(id=999, name="Ghost", created_at=T0)
    with pytest.raises(ProgressError) as info:
        _answer(store, ghost)
    assert str(info.value).startswith(
        "There is no learner with id 999 in the progress database "
    )
    assert str(info.value).endswith("Pick a learner from learners() or create one.")


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
        f"Could not create the tables in the progress database {str(path)!r}: unable to "
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
    port = _free_port()  # nothing listens there
    with pytest.raises(ProgressError) as info:
        ProgressStore(f"postgresql://ana:secret@127.0.0.1:{port}/tutor")
    message = str(info.value)
    assert message.startswith(
        "Could not create the tables in the progress database at "
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


def test_concurrent_writers_lose_nothing(store: ProgressStore) -> None:
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
    # the running totals are a read-modify-write in each transaction: no lost updates
    assert store.stats(ana) == LearnerStats(
        ana.id, answered=200, correct=160, seconds_total=100.0
    )
    assert store.stats(bo) == LearnerStats(
        bo.id, answered=200, correct=160, seconds_total=100.0
    )


def test_concurrent_writers_in_separate_stores(db_url: str) -> None:
    """Eight stores (as eight app processes would have) on one database."""
    with ProgressStore(db_url) as first:
        ana = first.create_learner("Ana")
    stores = [ProgressStore(db_url) for _ in range(8)]
    try:

        def work(index: int) -> None:
            for n in range(50):
                _answer(stores[index], ana, scenario_id=f"s{index}", step=n, seconds=1)

        assert _in_threads(8, work) == []
        assert len(stores[0].answers(ana)) == 400
        assert stores[0].stats(ana) == LearnerStats(ana.id, 400, 400, 400.0)
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
    workers = [
        subprocess.Popen(
            [sys.executable, "-c", WRITER_SCRIPT, db_url, str(i)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for i in range(4)
    ]
    results = [worker.communicate(timeout=120) for worker in workers]
    assert [(w.returncode, err) for w, (_, err) in zip(workers, results)] == [
        (0, "")
    ] * 4
    with ProgressStore(db_url) as store:
        ana = store.create_learner("Ana")
        assert len(store.learners()) == 1
        assert sorted((r.scenario_id, r.step) for r in store.answers(ana)) == sorted(
            (f"p{i}", n) for i in range(4) for n in range(50)
        )
        assert store.stats(ana) == LearnerStats(ana.id, 200, 100, 400.0)


def test_in_memory_store_is_shared_between_threads() -> None:
    with ProgressStore("sqlite://") as store:
        assert store.in_memory
        ana = store.create_learner("Ana")

        def work(index: int) -> None:
            for n in range(25):
                _answer(store, ana, scenario_id=f"s{index}", step=n, seconds=1)

        assert _in_threads(4, work) == []
        assert len(store.answers(ana)) == 100
        assert store.stats(ana) == LearnerStats(ana.id, 100, 100, 100.0)


def test_from_config(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("TUTOR_DATABASE_URL", raising=False)
    monkeypatch.setenv("TUTOR_DATA_DIR", str(tmp_path / "data"))
    with ProgressStore.from_config() as store:
        assert store.url.database == str(tmp_path / "data" / "progress.sqlite3")
        assert not store.in_memory
        store.create_learner("Ana")
    assert (tmp_path / "data" / "progress.sqlite3").is_file()
