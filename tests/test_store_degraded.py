"""With the progress store unusable (a data folder that is a file, a PostgreSQL server that
never answers) lessons and scenarios still work, under a banner saying answers are not being
saved; ``tutor health`` checks the store, the bank and the lessons and fails when they fail."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from appkit import point_app_at, shown, sign_in
from streamlit.testing.v1 import AppTest

from tutor.cli import main
from tutor.ui import data

APP = Path(__file__).resolve().parent.parent / "tutor" / "ui" / "streamlit_app.py"
DATA = Path(__file__).resolve().parent / "data" / "ui"
BANNER = (
    "Your answers are not being saved right now: the progress database cannot be "
    "reached. Lessons and scenarios still work. Whoever runs this app can see why with "
    "`tutor health` and in the app's log."
)


def _head() -> str:
    """The newest migration's revision, read from the migrations (never a literal)."""
    from tutor.progress.store import _migrations

    head = _migrations()[0].get_current_head()
    assert head is not None
    return head


HEAD = _head()


@pytest.fixture(autouse=True)
def fresh_store_state() -> Iterator[None]:
    data.forget_store_failure()
    yield
    data.forget_store_failure()


KEPT_BANNER = (
    "The progress database cannot be reached right now. Your answers are kept on this "
    "server and will be saved as soon as it is back. Lessons and scenarios still work."
)
KEPT_NOTE = (
    "Your answer was checked and is kept on this server: it will be saved as soon as the "
    "progress database is back."
)


def _walkthrough_answers_without_saving(*, kept: bool = False) -> AppTest:
    """Answer with the store away from the start. ``kept``: the data folder can keep
    answers, so the learner (never looked up) has the answer kept by name; else nothing
    can be saved and the banner says so."""
    at = AppTest.from_file(str(APP), default_timeout=20)
    sign_in(at, "Ana")
    at.session_state["wt_scenario"] = "ui-third-street"
    at.session_state["wt_pos"] = 1
    at.run()
    at.switch_page("app_pages/walkthrough.py").run()
    assert not at.exception
    banner = KEPT_BANNER if kept else BANNER
    assert [w.value for w in at.warning] == [banner]
    assert at.error.len == 0
    at.number_input(key="wt_ui-third-street_1_0_minimum").set_value(20)
    at.button(key="wt_check").click().run()
    assert not at.exception
    assert shown(at.success) == ["Right: a minimum buy-in of 20."]
    # and no "not saved" error
    assert [w.value for w in at.warning] == ([banner, KEPT_NOTE] if kept else [banner])
    # the banner says why nothing is saved: no name box to point to
    assert not [c.value for c in at.caption if "name" in c.value]
    return at


def test_a_data_folder_that_is_a_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "data"
    blocker.write_text("not a folder")
    point_app_at(monkeypatch, blocker, DATA)
    at = _walkthrough_answers_without_saving()
    shown = " ".join(
        str(e.value) for e in (*at.warning, *at.caption, *at.markdown, *at.error)
    )
    assert str(tmp_path) not in shown  # no server path reaches the page
    at.switch_page("app_pages/learn.py").run()
    assert not at.exception
    assert [w.value for w in at.warning] == [BANNER]
    at.switch_page("app_pages/progress.py").run()
    assert not at.exception
    assert [w.value for w in at.warning] == [BANNER]


def test_a_postgres_server_that_never_answers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, silent_server: int
) -> None:
    point_app_at(monkeypatch, tmp_path / "data", DATA)
    monkeypatch.setenv(
        "TUTOR_DATABASE_URL", f"postgresql://ana:secret@127.0.0.1:{silent_server}/tutor"
    )
    monkeypatch.setenv("TUTOR_DB_CONNECT_TIMEOUT", "2")
    at = _walkthrough_answers_without_saving(kept=True)
    kept = data.outbox()
    assert kept is not None
    assert [e["learner_name"] for e in kept.entries()] == ["Ana"]
    assert data.store_down()  # remembered: the next reruns do not wait again
    assert data.available_store() is None
    assert "secret" not in " ".join(str(w.value) for w in at.warning)


def test_the_banner_goes_once_the_store_works(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    point_app_at(monkeypatch, tmp_path / "data", DATA)
    at = AppTest.from_file(str(APP), default_timeout=20).run()
    assert not at.exception
    assert at.warning.len == 0
    assert not data.store_down()


def test_health_ok(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    point_app_at(monkeypatch, tmp_path / "data", DATA)
    out = io.StringIO()
    assert main(["health"], out) == 0
    path = tmp_path / "data" / "progress.sqlite3"
    assert out.getvalue().splitlines() == [
        f"store: ok: {str(path)!r}, layout {HEAD}, 0 learners",
        f"bank: ok: 3 scenarios from {str(DATA / 'scenarios')!r}",
        "lessons: ok: 2 lessons",
    ]


def test_health_fails_with_the_store_and_the_bank(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "data"
    blocker.write_text("not a folder")
    empty = tmp_path / "empty"
    (empty / "scenarios").mkdir(parents=True)
    (empty / "lessons").mkdir()
    point_app_at(monkeypatch, blocker, empty)
    out = io.StringIO()
    assert main(["health", "--json"], out) == 1
    report = json.loads(out.getvalue())
    assert report == {
        "ok": False,
        "store": {
            "ok": False,
            "detail": (
                f"TUTOR_DATA_DIR={str(blocker)!r} is a file, not a folder. Set "
                "TUTOR_DATA_DIR to a folder you can write to (it is created if "
                "missing), or unset TUTOR_DATA_DIR to use the default folder."
            ),
        },
        "bank": {
            "ok": False,
            "detail": (
                f"no scenario could be loaded: 0 scenarios from "
                f"{str(empty / 'scenarios')!r}"
            ),
        },
        "lessons": {
            "ok": False,
            "detail": f"no lesson found in {str(empty / 'lessons')!r}",
        },
    }


def test_an_answer_the_store_cannot_write_is_kept_and_said_so_at_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tutor import config
    from tutor.progress import ProgressStore
    from tutor.progress.outbox import Outbox

    point_app_at(monkeypatch, tmp_path / "data", DATA)
    ProgressStore(config.database_url()).create_learner("Ana")
    at = AppTest.from_file(str(APP), default_timeout=20)
    sign_in(at, "Ana")
    at.session_state["wt_scenario"] = "ui-third-street"
    at.session_state["wt_pos"] = 1
    at.run()
    at.switch_page("app_pages/walkthrough.py").run()
    store = data.progress_store()

    def failing(*args: object, **kwargs: object) -> None:
        # the error a full disk gives: its message names the database file
        raise store._error("save an answer", OSError("disk I/O error"))

    monkeypatch.setattr(store, "record_answer", failing)
    at.number_input(key="wt_ui-third-street_1_0_minimum").set_value(20)
    at.button(key="wt_check").click().run()
    assert not at.exception
    assert shown(at.success) == ["Right: a minimum buy-in of 20."]
    said = [w.value for w in at.warning]
    assert (
        "Your answer was checked and is kept on this server: it will be saved as soon "
        "as the progress database is back."
    ) in said
    assert str(tmp_path) not in " ".join(said)
    kept = Outbox(tmp_path / "data").entries()
    assert [(e["scenario_id"], e["step"], e["answer"], e["correct"]) for e in kept] == [
        ("ui-third-street", 1, {"minimum": 20}, True)
    ]


def test_pages_that_need_no_database_do_not_touch_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tutor import config
    from tutor.progress import ProgressStore

    point_app_at(monkeypatch, tmp_path / "data", DATA)
    ProgressStore(config.database_url()).create_learner("Ana")
    at = AppTest.from_file(str(APP), default_timeout=20)
    sign_in(at, "Ana")
    at.run()  # the learner is looked up once
    assert not at.exception
    calls: list[str] = []
    real = ProgressStore._transaction

    def counted(self: ProgressStore, *, write: bool) -> object:
        calls.append("write" if write else "read")
        return real(self, write=write)

    monkeypatch.setattr(ProgressStore, "_transaction", counted)
    for page in ("rules", "glossary"):
        at.switch_page(f"app_pages/{page}.py").run()
        assert not at.exception
    assert calls == []
