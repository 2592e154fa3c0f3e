"""Who is who (issue 19): one name however it is typed, PINs claimed once and throttled,
the instructor password throttled per client and overall, resets, and sign-ins that last
in a browser's cookie (faked here: AppTest sends no cookies)."""

from __future__ import annotations

import io
import logging
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from appkit import point_app_at, shown
from sqlalchemy import create_engine, text
from streamlit.testing.v1 import AppTest

from tutor import auth, config
from tutor.cli import main
from tutor.progress import ProgressError, ProgressStore
from tutor.progress.identity import PIN_POLICY, token_hash
from tutor.ui import identity
from tutor.ui.identity import INSTRUCTOR_COOKIE, INSTRUCTOR_TOKEN, LEARNER_TOKEN

APP = Path(__file__).resolve().parent.parent / "tutor" / "ui" / "streamlit_app.py"
DATA = Path(__file__).resolve().parent / "data" / "ui"
T0 = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)
LOCK = "Too many tries: wait 5 minutes, then try again."
WRONG = "That PIN is not right. Try again."


class FakeClock:
    """A clock the test moves by hand."""

    def __init__(self, start: datetime = T0) -> None:
        self.now = start

    def __call__(self) -> datetime:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)


@pytest.fixture
def env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> FakeClock:
    point_app_at(monkeypatch, tmp_path / "data", DATA)
    monkeypatch.delenv("TUTOR_OPEN_INSTRUCTOR", raising=False)
    monkeypatch.delenv("TUTOR_LEARNER_PIN", raising=False)
    clock = FakeClock()
    monkeypatch.setattr(identity, "clock", clock)
    return clock


def store() -> ProgressStore:
    return ProgressStore(config.database_url())


def app() -> AppTest:
    at = AppTest.from_file(str(APP), default_timeout=20).run()
    assert not at.exception
    return at


# -- names -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "typed",
    [
        "maria lopez",
        "MARIA  LOPEZ",
        " Maria Lopez ",
        "<b></b>Maria Lopez",  # markup
        "Maria <i>Lopez</i>",
        "M\u0430ria L\u043epez",  # Cyrillic a and o
        "Mar\u0456a Lopez",  # Ukrainian i
        "Maria L0pez",  # zero for o
        "Maria&#32;Lopez",  # a character reference
    ],
)
def test_names_that_differ_by_case_look_alikes_or_markup_are_one_name(
    tmp_path: Path, typed: str
) -> None:
    with ProgressStore(f"sqlite:///{tmp_path / 'p.sqlite3'}") as s:
        maria = s.create_learner("Maria Lopez")
        assert s.find_learner(typed) == maria
        assert s.create_learner(typed) == maria  # no second Maria Lopez
        assert s.claim_learner(typed, "2468") is None  # the name is taken
        assert s.learner_count() == 1
        assert s.find_learner("Mario Lopez") is None


@pytest.mark.parametrize(
    ("name", "says"),
    [
        ("Ana\u202eLee", "holds control characters"),  # right-to-left override (Cf)
        ("Ana\u200bLee", "holds control characters"),  # zero-width space (Cf)
        ("Ana\x07", "holds control characters"),
        ("<b>Ana</b>", "holds < or >"),
        ("<script>", "holds < or >"),
        ("<>", "holds < or >"),
        ("&#8203;", "has no letters or digits"),  # a zero-width space, written out
        ("<b></b>", "holds < or >"),
        ("...", "has no letters or digits"),
    ],
)
def test_names_with_control_format_or_markup_characters_are_refused(
    tmp_path: Path, name: str, says: str
) -> None:
    with ProgressStore(f"sqlite:///{tmp_path / 'p.sqlite3'}") as s:
        with pytest.raises(ProgressError, match=says):
            s.create_learner(name)
        assert s.learner_count() == 0


def test_existing_look_alike_names_keep_their_records_after_the_upgrade(
    tmp_path: Path,
) -> None:
    """Two records that were different names before 0010 both stay reachable."""
    from alembic import command
    from alembic.config import Config

    import tutor.progress.store as store_module

    url = f"sqlite:///{tmp_path / 'p.sqlite3'}"
    cfg = Config()
    cfg.set_main_option(
        "script_location", str(Path(store_module.__file__).parent / "migrations")
    )
    engine = create_engine(url)
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "0009_classes")
        for i, name in enumerate(("Ana", "\u0410na", "ANA LEE"), start=1):
            conn.execute(
                text(
                    "INSERT INTO learners (id, name, name_key, created_at) "
                    "VALUES (:i, :n, :k, '2026-01-01 00:00:00')"
                ),
                {"i": i, "n": name, "k": name.casefold()},
            )
    engine.dispose()
    with ProgressStore(url) as s:
        ana = s.find_learner("Ana")
        cyrillic = s.find_learner("\u0410na")
        assert ana is not None and ana.id == 1
        assert cyrillic is not None and cyrillic.id == 2  # its own name still opens it
        assert s.find_learner("\u0430NA").id == 2  # type: ignore[union-attr]
        assert s.find_learner("ana lee").id == 3  # type: ignore[union-attr]
        assert s.create_learner("AN\u0391").id == 1  # Greek Alpha: the older one


# -- PINs: claimed once, throttled ------------------------------------------------------


def test_twenty_wrong_pins_lock_the_name_and_the_right_pin_waits_for_the_lock(
    env: FakeClock, caplog: pytest.LogCaptureFixture
) -> None:
    tom = store().claim_learner("Tom", "right-pin-4711")
    assert tom is not None
    at = app()
    at.sidebar.text_input(key="sidebar_name").set_value("Tom").run()
    said = []
    with caplog.at_level(logging.DEBUG, logger="tutor.auth"):
        for n in range(20):
            at.sidebar.text_input(key="sidebar_pin").set_value(f"wrong-{n:04}").run()
            said.append(shown(at.sidebar.error))
            assert at.session_state["learner_name"] is None
            env.advance(1)
        # the right PIN, one second after the 20th wrong one: still locked
        at.sidebar.text_input(key="sidebar_pin").set_value("right-pin-4711").run()
        assert at.session_state["learner_name"] is None
        assert shown(at.sidebar.error) == [LOCK]
    soon = "Too soon after a wrong try: wait {} second{}, then try again."
    assert said == [
        [WRONG],  # 0 s: checked, wrong; next try after 1 s
        [WRONG],  # 1 s: checked, wrong; next after 2 s
        [soon.format(1, "")],  # 2 s
        [WRONG],  # 3 s: the 3rd; next after 4 s
        *([soon.format(n, "s" if n > 1 else "")] for n in (3, 2, 1)),
        [WRONG],  # 7 s: the 4th; next after 8 s
        *([soon.format(n, "s" if n > 1 else "")] for n in range(7, 0, -1)),
        [LOCK],  # 15 s: the 5th wrong PIN locks the name for 5 minutes
        *([LOCK] for _ in range(4)),
    ]
    lines = [r.getMessage() for r in caplog.records if r.name == "tutor.auth"]
    key = f"pin:{tom.id}"
    failed = [m for m in lines if m.startswith(f"failed try at {key} ")]
    assert failed == [
        f"failed try at {key} (failure {n} in a row; next try in {w} s)"
        for n, w in ((1, 1), (2, 2), (3, 4), (4, 8), (5, 300))
    ]
    assert [m for m in lines if "locked for" in m and "after" in m] == [
        f"{key} locked for 300 s after 5 failures in a row"
    ]
    assert len([m for m in lines if m.startswith(f"try at {key} refused")]) == 16
    assert {r.levelname for r in caplog.records if "refused" in r.getMessage()} == {
        "DEBUG"
    }
    assert {r.levelname for r in caplog.records if "failed try" in r.getMessage()} == {
        "WARNING"
    }
    assert not [m for m in lines if "wrong-" in m or "right-pin" in m]  # no secret
    # Five minutes after the lock began, the right PIN opens the name.
    env.now = T0 + timedelta(seconds=15 + PIN_POLICY.lock_seconds)
    at.sidebar.text_input(key="sidebar_pin").set_value("right-pin-4711").run()
    assert at.session_state["learner_name"] == "Tom"


def test_a_lock_is_shared_by_every_session_and_survives_a_restart(
    env: FakeClock,
) -> None:
    tom = store().claim_learner("Tom", "4711")
    assert tom is not None
    first = store()
    for _ in range(5):
        first.try_secret([(f"pin:{tom.id}", PIN_POLICY)], lambda: False, now=env.now)
        env.advance(10)
    first.close()
    at = app()  # another session, a store opened afresh
    at.sidebar.text_input(key="sidebar_name").set_value("tom").run()
    at.sidebar.text_input(key="sidebar_pin").set_value("4711").run()
    assert shown(at.sidebar.error) == [LOCK]


def test_nobody_but_the_signed_in_learner_sets_a_pin(env: FakeClock) -> None:
    store().claim_learner("Tom", "4711")
    at = app()
    # typing Tom's name offers Tom's PIN box, never a box to choose a new PIN
    at.sidebar.text_input(key="sidebar_name").set_value("TOM").run()
    keys = {w.key for w in at.sidebar.text_input}
    assert "sidebar_pin" in keys
    assert not keys & {"sidebar_claim_pin", "sidebar_new_pin"}


def test_a_one_time_pin_works_once_and_asks_for_the_learners_own(
    env: FakeClock,
) -> None:
    tom = store().claim_learner("Tom", "4711")
    assert tom is not None
    pin = store().reset_pin(tom)
    assert not store().check_pin(tom, "4711")
    at = app()
    at.sidebar.text_input(key="sidebar_name").set_value("Tom").run()
    at.sidebar.text_input(key="sidebar_pin").set_value(pin).run()
    assert at.session_state["learner_name"] == "Tom"
    assert shown(at.sidebar.warning) == [
        "You signed in with a one-time PIN: it works only once. Choose your own PIN now."
    ]
    assert not store().check_pin(tom, pin)  # spent
    at.sidebar.text_input(key="sidebar_new_pin").set_value("my-own-pin")
    at.sidebar.text_input(key="sidebar_new_again").set_value("my-own-pin")
    at.sidebar.button(key="sidebar_set_pin").click().run()
    assert store().check_pin(tom, "my-own-pin")
    assert not shown(at.sidebar.warning)


def test_reset_pin_from_the_shell_prints_a_one_time_pin(
    env: FakeClock, capsys: pytest.CaptureFixture[str]
) -> None:
    tom = store().claim_learner("Tom", "4711")
    assert tom is not None
    token = "t" * 43
    store().open_session(token, "learner", tom, now=datetime.now(UTC))
    out = io.StringIO()
    assert main(["learner", "reset-pin", "tom"], out) == 0
    first, second = out.getvalue().splitlines()
    assert first.startswith("One-time PIN for Tom: ")
    pin = first.removeprefix("One-time PIN for Tom: ")
    assert len(pin) == 8
    assert second == (
        "It opens the record once; the learner then chooses their own PIN. They are "
        "signed out in every browser."
    )
    assert store().session_learner(token, now=datetime.now(UTC)) is None
    assert not store().check_pin(tom, "4711")
    assert store().check_pin(tom, pin)
    assert not store().check_pin(tom, pin)  # once
    assert main(["learner", "reset-pin", "Nobody"], io.StringIO()) == 1
    assert capsys.readouterr().err == (
        "tutor learner reset-pin: there is no learner named 'Nobody' (names are "
        "compared without case, look-alike letters or markup). Check the spelling.\n"
    )


def test_the_class_view_lists_pins_and_resets_one(
    env: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TUTOR_OPEN_INSTRUCTOR", "1")
    tom = store().claim_learner("Tom", "4711")
    store().create_learner("Old Record")
    assert tom is not None
    at = app()
    at.switch_page("app_pages/class_view.py").run()
    at.radio(key="cv_view").set_value("PINs").run()
    assert "**1 of 2 learners** have a PIN." in shown(at.markdown)
    [table] = at.dataframe
    frame = table.value
    assert frame.to_dict("records") == [
        {"name": "Old Record", "pin": "no"},
        {"name": "Tom", "pin": "yes"},
    ]
    at.text_input(key="cv_pin_name").set_value("tom")
    at.button(key="cv_pin_reset_go").click().run()
    [said] = shown(at.success)
    pin = said.split("**")[1]
    assert said == (
        f"One-time PIN for Tom: **{pin}**. It is shown only now and opens the record "
        "once."
    )
    assert len(pin) == 8
    assert store().check_pin(tom, pin)


# -- the instructor password ------------------------------------------------------------


def _unlock(at: AppTest, password: str) -> list[str]:
    at.text_input(key="auth_password").input(password)
    at.button(key="auth_submit").click().run()
    return shown(at.error)


def test_the_instructor_password_is_throttled_per_client_and_overall(
    env: FakeClock, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setenv("TUTOR_INSTRUCTOR_PASSWORD", "correct horse")
    client = {"at": "10.0.0.1"}
    monkeypatch.setattr(auth, "client_address", lambda: client["at"])
    at = app()
    at.switch_page("app_pages/studio.py").run()
    wrong = "That is not the instructor password. Try again."
    with caplog.at_level(logging.INFO, logger="tutor.auth"):
        said = []
        for wait in (1, 2, 4, 8, 0):
            said.append(_unlock(at, "guess"))
            env.advance(wait)
        assert said == [[wrong]] * 4 + [[LOCK]]
        assert _unlock(at, "correct horse") == [LOCK]  # this client waits 5 minutes
        client["at"] = "10.0.0.2"  # another client may still try
        assert _unlock(at, "correct horse") == []
        assert at.radio(key="studio_section").value == "Write and check"
    lines = [r.getMessage() for r in caplog.records if r.name == "tutor.auth"]
    assert "instructor:client:10.0.0.1 locked for 300 s after 5 failures in a row" in (
        lines
    )
    assert not [m for m in lines if "guess" in m or "horse" in m]
    # Twenty failures from everywhere lock the password for everyone for 5 minutes.
    at.button(key="auth_lock").click().run()
    for n in range(20):
        client["at"] = f"10.1.0.{n}"
        _unlock(at, "guess")
    client["at"] = "10.2.0.1"  # a client that never failed
    assert _unlock(at, "correct horse") == [LOCK]
    env.advance(300)
    assert _unlock(at, "correct horse") == []


def test_the_instructor_unlock_survives_a_refresh_until_locked(
    env: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TUTOR_INSTRUCTOR_PASSWORD", "correct horse")
    nav = _record_nav(monkeypatch)
    at = app()
    assert nav[-1] == []  # a learner's navigation: no Studio, no Class view
    at.switch_page("app_pages/studio.py").run()  # the address still asks the password
    assert _unlock(at, "correct horse") == []
    token = at.session_state[INSTRUCTOR_TOKEN]
    assert nav[-1] == ["Studio", "Class view"]
    # A refresh: the browser sends its cookie back.
    monkeypatch.setattr(identity, "read_cookies", lambda: {INSTRUCTOR_COOKIE: token})
    again = app()
    assert nav[-1] == ["Studio", "Class view"]
    again.switch_page("app_pages/studio.py").run()
    assert again.radio(key="studio_section").value == "Write and check"
    again.button(key="auth_lock").click().run()
    third = app()  # the same cookie, after Lock: the store no longer knows it
    assert nav[-1] == []
    third.switch_page("app_pages/studio.py").run()
    assert not [r for r in third.radio if r.key != "language_switch"]


def _record_nav(monkeypatch: pytest.MonkeyPatch) -> list[list[str]]:
    """Record, for each run, the instructor pages the navigation shows (not hidden)."""
    from tutor.ui import instructor_nav

    runs: list[list[str]] = []
    real = instructor_nav.instructor_view

    def recording() -> str:
        view = real()
        pages = instructor_nav.instructor_pages(view)
        runs.append([str(p.title) for p in pages if p.visibility == "visible"])
        return view

    monkeypatch.setattr(instructor_nav, "instructor_view", recording)
    return runs


def test_sessions_keep_only_a_hash_of_the_token(env: FakeClock) -> None:
    at = app()
    at.sidebar.text_input(key="sidebar_name").set_value("Ana").run()
    at.sidebar.text_input(key="sidebar_claim_pin").set_value("2468")
    at.sidebar.text_input(key="sidebar_claim_again").set_value("2468")
    at.sidebar.button(key="sidebar_claim").click().run()
    token = at.session_state[LEARNER_TOKEN]
    engine = create_engine(config.database_url())
    with engine.connect() as conn:
        rows = conn.execute(
            text("SELECT token_hash, kind, expires_at FROM browser_sessions")
        ).all()
    engine.dispose()
    assert [(r[0], r[1]) for r in rows] == [(token_hash(token), "learner")]
    assert token not in str(rows)
    # expired sessions open nobody
    later = env.now + timedelta(days=14, seconds=1)
    assert store().session_learner(token, now=later) is None


# -- the throttle in the store, on SQLite and PostgreSQL --------------------------------


@pytest.fixture(
    params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)]
)
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'progress.sqlite3'}"
    from pgkit import empty_postgres

    url: str = request.getfixturevalue("postgres_server")
    empty_postgres(url)
    return url


def test_parallel_tries_get_no_extra_checks_and_two_stores_share_the_counts(
    db_url: str,
) -> None:
    """Twenty tries at once from four threads (four replicas' stores): one is checked,
    the others wait; the count is the same seen from another store."""
    from concurrent.futures import ThreadPoolExecutor

    stores = [ProgressStore(db_url) for _ in range(4)]
    try:
        tom = stores[0].claim_learner("Tom", "4711")
        assert tom is not None
        checked: list[int] = []

        def attempt(n: int) -> bool:
            verdict = stores[n % 4].try_secret(
                [(f"pin:{tom.id}", PIN_POLICY)],
                lambda: checked.append(n) is not None,  # always wrong
                now=T0,
            )
            return verdict.refusal is None

        with ThreadPoolExecutor(max_workers=4) as pool:
            went_through = sum(pool.map(attempt, range(20)))
        assert went_through == len(checked) == 1
        verdict = stores[3].try_secret(
            [(f"pin:{tom.id}", PIN_POLICY)], lambda: True, now=T0
        )
        assert verdict.refusal is not None and verdict.refusal.seconds == 1
        assert verdict.refusal.failures == 1
        right = stores[2].try_secret(
            [(f"pin:{tom.id}", PIN_POLICY)],
            lambda: stores[2].check_pin(tom, "4711"),
            now=T0 + timedelta(seconds=1),
        )
        assert right.ok
    finally:
        for s in stores:
            s.close()
