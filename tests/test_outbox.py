"""The queue of answers kept while the store is away (tutor/progress/outbox.py): durable
before the learner is told, replayed in order and once, kept across a restart, a full disk
answered by the reserve, a bad entry set aside; and the store saves an answer id once."""

from __future__ import annotations

import errno
import json
import os
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from tutor.progress import ProgressError, ProgressStore, StoreUnavailable
from tutor.progress import outbox as outbox_module
from tutor.progress.outbox import RESERVE_BYTES, Outbox, new_answer_id

WHEN = datetime(2026, 12, 2, 12, 0, tzinfo=UTC)


def _answer(learner: int, n: int, **more: Any) -> dict[str, Any]:
    return {
        "learner": learner,
        "scenario_id": f"sc-{n}",
        "step": n,
        "kind": "minimum",
        "topic": "betting-limits",
        "level": 1,
        "game": "stud8",
        "preset": "online",
        "answer": {"minimum": n},
        "correct": n % 2 == 0,
        "seconds": 1.5,
        "answered_at": WHEN + timedelta(seconds=n),
        "answer_id": new_answer_id(),
        **more,
    }


@pytest.fixture
def store(tmp_path: Path) -> ProgressStore:
    return ProgressStore(f"sqlite:///{tmp_path / 'p.sqlite3'}")


def _saved(store: ProgressStore, learner: int) -> list[tuple[str, int, str | None]]:
    return [(a.scenario_id, a.step, a.answer_id) for a in store.answers(learner)]


def test_an_answer_id_is_saved_once(store: ProgressStore) -> None:
    ana = store.create_learner("Ana")
    values = _answer(ana.id, 1)
    del values["learner"]
    first = store.record_answer(ana, **values)
    again = store.record_answer(ana, **values)
    assert again.id == first.id
    assert store.answer_count(ana) == 1
    assert store.progress(ana).answered == 1  # the running counts too
    with pytest.raises(ProgressError) as info:
        store.record_answer(ana, **{**values, "answer_id": "x"})
    assert str(info.value) == (
        "answer_id='x' is not usable: give 32 lower-case hex digits "
        "(uuid.uuid4().hex), or None."
    )


def test_kept_answers_are_saved_in_order_once_and_survive_a_restart(
    tmp_path: Path, store: ProgressStore
) -> None:
    ana = store.create_learner("Ana")
    box = Outbox(tmp_path / "data")
    given = [_answer(ana.id, n) for n in range(5)]
    for entry in given:
        box.add(entry)
    # the app restarts: a new queue object reads the same file
    again = Outbox(tmp_path / "data")
    assert [e["answer_id"] for e in again.entries()] == [e["answer_id"] for e in given]
    assert again.waiting_for(ana.id) == 5
    done = again.replay(store)
    assert (done.saved, done.refused, done.waiting) == (5, 0, 0)
    assert again.waiting() == 0
    expected = [(e["scenario_id"], e["step"], e["answer_id"]) for e in given]
    assert _saved(store, ana.id) == expected
    # a copy of the old file replayed again (another replica's) saves nothing twice
    for entry in given:
        box.add(entry)
    box.replay(store)
    assert _saved(store, ana.id) == expected
    saved = store.answers(ana.id)
    assert [a.answered_at for a in saved] == [e["answered_at"] for e in given]
    assert [a.answer_json for a in saved][:2] == ['{"minimum":0}', '{"minimum":1}']


def test_a_replay_stops_while_the_store_is_away(
    tmp_path: Path, store: ProgressStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    ana = store.create_learner("Ana")
    box = Outbox(tmp_path / "data")
    given = [_answer(ana.id, n) for n in range(3)]
    for entry in given:
        box.add(entry)
    real = store.record_answer
    calls: list[str] = []

    def flaky(*args: Any, **kwargs: Any) -> Any:
        calls.append(kwargs["answer_id"])
        if len(calls) == 2:
            raise StoreUnavailable("away")
        return real(*args, **kwargs)

    monkeypatch.setattr(store, "record_answer", flaky)
    done = box.replay(store)
    assert (done.saved, done.waiting) == (1, 2)
    assert len(box.entries()) == 3  # kept whole: the saved one is not saved twice
    monkeypatch.setattr(store, "record_answer", real)
    assert box.replay(store).saved == 3
    assert [x[2] for x in _saved(store, ana.id)] == [e["answer_id"] for e in given]


def test_a_bad_entry_is_set_aside_and_a_torn_line_skipped(
    tmp_path: Path, store: ProgressStore
) -> None:
    ana = store.create_learner("Ana")
    box = Outbox(tmp_path / "data")
    box.add(_answer(ana.id, 1))
    box.add(_answer(ana.id, 2, preset="casino-x"))
    box.add(_answer(ana.id, 3))
    with open(box.path, "ab") as out:
        out.write(b'{"learner": 1, "scen')  # a crash in the middle of a line
    done = box.replay(store)
    assert (done.saved, done.refused, done.waiting) == (2, 1, 0)
    assert [s for s, _, _ in _saved(store, ana.id)] == ["sc-1", "sc-3"]
    refused = [json.loads(x) for x in box.refused_path.read_text().splitlines()]
    assert [r["preset"] for r in refused] == ["casino-x"]


def test_a_full_disk_gives_up_the_reserve_to_keep_an_answer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    box = Outbox(tmp_path / "data")
    assert box.make_reserve()
    assert box.reserve.stat().st_size == RESERVE_BYTES
    real_write = os.write
    full = {"on": True}

    def write(fd: int, data: bytes) -> int:
        # the disk is full until the reserve is given up
        if full["on"] and box.reserve.exists() and data.startswith(b"{"):
            raise OSError(errno.ENOSPC, "No space left on device")
        return real_write(fd, data)

    monkeypatch.setattr(outbox_module.os, "write", write)
    box.add(_answer(1, 1))
    assert not box.reserve.exists()
    assert len(box.entries()) == 1
    # with no reserve left and the disk still full, the answer cannot be kept: said so
    monkeypatch.setattr(
        outbox_module.os,
        "write",
        lambda fd, data: (_ for _ in ()).throw(OSError(errno.ENOSPC, "No space")),
    )
    with pytest.raises(ProgressError) as info:
        box.add(_answer(1, 2))
    assert "Could not keep an answer in" in str(info.value)
    assert len(box.entries()) == 1  # nothing half-written


def test_answers_kept_before_a_restart_are_saved_by_the_first_page(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from appkit import point_app_at

    from tutor import config
    from tutor.ui import data

    content = Path(__file__).resolve().parent / "data" / "ui"
    point_app_at(monkeypatch, tmp_path / "data", content)
    data.forget_store_failure()
    store = ProgressStore(config.database_url())
    ana = store.create_learner("Ana")
    # what the app wrote before it was stopped
    given = [_answer(ana.id, n) for n in range(3)]
    for entry in given:
        Outbox(tmp_path / "data").add(entry)
    # the restarted app's first page: it says so, and saves them behind the page
    assert data.store_notice(True) == (
        "The progress database is back: the answers kept while it was away are being "
        "saved."
    )
    deadline = time.monotonic() + 20
    while store.answer_count(ana) < 3 and time.monotonic() < deadline:
        time.sleep(0.1)
    assert [x[2] for x in _saved(store, ana.id)] == [e["answer_id"] for e in given]
    assert data.store_notice(True) is None
    store.close()


def test_health_says_how_many_answers_wait(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import io

    from appkit import point_app_at

    from tutor.cli import main

    content = Path(__file__).resolve().parent / "data" / "ui"
    point_app_at(monkeypatch, tmp_path / "data", content)
    box = Outbox(tmp_path / "data")
    box.add(_answer(1, 1))
    box.add(_answer(1, 2))
    out = io.StringIO()
    assert main(["health"], out) == 0
    store_line = out.getvalue().splitlines()[0]
    assert store_line.endswith(
        ", 0 learners; 2 answers kept in the data folder wait to be saved (the app "
        "saves them while it runs)"
    )


def test_an_answer_kept_by_name_is_saved_to_that_learner(
    tmp_path: Path, store: ProgressStore
) -> None:
    ana = store.create_learner("Ana")
    box = Outbox(tmp_path / "data")
    by_name = _answer(ana.id, 1)
    del by_name["learner"]
    box.add({"learner_name": "Ana", **by_name})
    nobody = _answer(ana.id, 2)
    del nobody["learner"]
    box.add({"learner_name": "Nobody", **nobody})
    third = _answer(ana.id, 3)
    box.add(third)
    assert box.waiting_for(ana.id) == 1
    assert box.waiting_for(ana.id, "Ana") == 2
    done = box.replay(store)
    assert (done.saved, done.refused, done.waiting) == (2, 1, 0)
    assert _saved(store, ana.id) == [
        ("sc-1", 1, by_name["answer_id"]),
        ("sc-3", 3, third["answer_id"]),
    ]
    refused = [json.loads(x) for x in box.refused_path.read_text().splitlines()]
    assert [(r["learner_name"], r["scenario_id"]) for r in refused] == [
        ("Nobody", "sc-2")
    ]


def test_a_learner_the_store_could_not_look_up_has_answers_kept_and_saved_later(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The database is away from the app's start (here: a SQLite file in a folder that
    does not exist), so the signed-in learner was never looked up: a Check keeps the
    answer by name, every page says answers are kept, and once the database is usable
    the answer is saved to that learner, once."""
    from appkit import point_app_at, shown, sign_in
    from streamlit.testing.v1 import AppTest

    from tutor.ui import data

    app = Path(__file__).resolve().parent.parent / "tutor" / "ui" / "streamlit_app.py"
    content = Path(__file__).resolve().parent / "data" / "ui"
    point_app_at(monkeypatch, tmp_path / "data", content)
    good = f"sqlite:///{tmp_path / 'data' / 'later.sqlite3'}"
    monkeypatch.setenv(
        "TUTOR_DATABASE_URL", f"sqlite:///{tmp_path / 'missing' / 'p.sqlite3'}"
    )
    data.forget_store_failure()
    try:
        at = AppTest.from_file(str(app), default_timeout=30)
        sign_in(at, "Ana")
        at.session_state["wt_scenario"] = "ui-third-street"
        at.session_state["wt_pos"] = 1
        at.run()
        at.switch_page("app_pages/walkthrough.py").run()
        assert not at.exception
        box = next(n for n in at.number_input if n.key.endswith("_minimum"))
        box.set_value(20)
        at.button(key="wt_check").click().run()
        assert not at.exception
        assert shown(at.success) == ["Right: a minimum buy-in of 20."]
        warnings = [str(w.value) for w in at.warning]
        assert str(data.KEPT_NOTE) in warnings
        assert str(data.ANSWERS_KEPT) in warnings
        kept = Outbox(tmp_path / "data").entries()
        assert [(e.get("learner"), e["learner_name"]) for e in kept] == [(None, "Ana")]
        # the database can be used now: the kept answer goes to Ana, once
        later = ProgressStore(good)
        ana = later.create_learner("Ana")
        done = Outbox(tmp_path / "data").replay(later)
        assert (done.saved, done.refused, done.waiting) == (1, 0, 0)
        assert [(a.scenario_id, a.answer_id) for a in later.answers(ana)] == [
            ("ui-third-street", kept[0]["answer_id"])
        ]
        assert Outbox(tmp_path / "data").replay(later).saved == 0
        later.close()
    finally:
        data.forget_store_failure()


def test_a_locked_sqlite_database_is_given_up_at_the_deadline(tmp_path: Path) -> None:
    """Another process holds SQLite's write lock: a write waits the deadline (here
    0.5 s), not the 30 s busy timeout, and says the store is away (so the app keeps the
    answer); once the lock is gone the next write goes through."""
    import sqlite3

    path = tmp_path / "p.sqlite3"
    store = ProgressStore(f"sqlite:///{path}", deadline=0.5)
    ana = store.create_learner("Ana")
    values = _answer(ana.id, 1)
    del values["learner"]
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")  # the write lock, held
    try:
        started = time.monotonic()
        with pytest.raises(StoreUnavailable) as info:
            store.record_answer(ana, **values)
        took = time.monotonic() - started
        assert 0.4 <= took < 2.0, took
        assert "database is locked" in str(info.value)
        assert store.down()
        assert store.answer_count(ana) == 0  # reads still go on beside the lock
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert store.record_answer(ana, **values).answer_id == values["answer_id"]
    store.close()


def test_a_long_sqlite_statement_is_interrupted_at_the_deadline(
    tmp_path: Path,
) -> None:
    from sqlalchemy import text

    from tutor.progress.store import bounded

    store = ProgressStore(f"sqlite:///{tmp_path / 'p.sqlite3'}", deadline=0.5)

    @bounded
    def count_far(s: ProgressStore) -> int:
        with s._guard("count far"), s._transaction(write=False) as session:
            query = text(
                "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) "
                "SELECT count(*) FROM (SELECT i FROM n LIMIT 1000000000)"
            )
            return int(session.execute(query).scalar_one())

    started = time.monotonic()
    with pytest.raises(StoreUnavailable) as info:
        count_far(store)
    took = time.monotonic() - started
    assert 0.4 <= took < 2.0, took
    assert "interrupted" in str(info.value)
    store.forget_failure()
    assert store.answer_count(store.create_learner("Bo")) == 0  # the store goes on
    store.close()
