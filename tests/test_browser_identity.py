"""Who is who in a real Chromium (issue 19): browser A signs in as Tom and answers; browser
B opens every address A had and is nobody there; a refresh in A keeps Tom (the sign-in is a
cookie, not the address); Sign out ends it on the server."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_support import ROOT, RunningApp, launched_chromium, served_app

from tutor import config
from tutor.progress import ProgressStore

pytestmark = pytest.mark.browser

DATA = ROOT / "tests" / "data" / "browser"
SCENARIO = "browser-bring-in"
RUN_OVER = '[data-testid=stApp][data-test-script-state="notRunning"]'
WAIT_MS = 30_000
SHOTS = ROOT / "test-artifacts" / "screenshots"
PAGES = ("", "walkthrough", "practice", "drills", "review", "progress", "rules")


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with launched_chromium(WAIT_MS) as chromium:
        yield chromium


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningApp]:
    folder = tmp_path_factory.mktemp("identity-app")
    with served_app(
        folder,
        {
            "TUTOR_SCENARIOS_DIR": str(DATA / "scenarios"),
            "TUTOR_LESSONS_DIR": str(DATA / "lessons"),
            "TUTOR_INSTRUCTOR_PASSWORD": "correct horse battery",
        },
    ) as running:
        running.folder = folder  # type: ignore[attr-defined]
        yield running


def _tab(browser: Any, errors: list[str]) -> tuple[Any, Any]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    tab = context.new_page()
    tab.set_default_timeout(WAIT_MS)
    tab.on("pageerror", lambda exc: errors.append(str(exc)))
    return context, tab


def idle(page: Any) -> None:
    from playwright.sync_api import expect

    expect(page.locator(RUN_OVER)).to_have_count(1)


def shot(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"identity-{name}.png"))


def _cookie(context: Any, name: str, wait_s: float = 10.0) -> list[dict[str, Any]]:
    """The browser's cookies called ``name``, once there is one (the page writes it
    just after the sign-in's run), or none after ``wait_s``."""
    import time

    deadline = time.monotonic() + wait_s
    while True:
        found = [c for c in context.cookies() if c["name"] == name]
        if found or time.monotonic() > deadline:
            return found
        time.sleep(0.1)


def _store(app: RunningApp) -> ProgressStore:
    folder: Path = app.folder  # type: ignore[attr-defined]
    return ProgressStore(config.database_url({"TUTOR_DATA_DIR": str(folder / "data")}))


def test_another_browser_opening_toms_addresses_is_nobody(
    browser: Any, app: RunningApp
) -> None:
    from playwright.sync_api import expect

    errors: list[str] = []
    context_a, a = _tab(browser, errors)
    context_b, b = _tab(browser, errors)
    try:
        a.goto(app.url + "/")
        expect(a.get_by_role("heading", name="Learn Seven Card Stud")).to_be_visible()
        a.locator(".st-key-welcome_name input").fill("Tom")
        a.locator(".st-key-welcome_name input").press("Enter")
        a.locator(".st-key-welcome_claim_pin input").fill("tom-pin-4711")
        a.locator(".st-key-welcome_claim_again input").fill("tom-pin-4711")
        a.locator(".st-key-welcome_claim button").click()
        sidebar_a = a.get_by_test_id("stSidebar")
        expect(sidebar_a.get_by_text("Learning as Tom", exact=True)).to_be_visible()
        cookie = _cookie(context_a, "tutor_learner")
        assert len(cookie) == 1 and re.fullmatch(r"[\w-]{43}", cookie[0]["value"])
        assert "learner" not in a.url
        # A answers one question in the walkthrough.
        a.get_by_test_id("stSidebarNav").get_by_role("link", name="Walkthrough").click()
        a.locator(".st-key-wt_pick").get_by_role("combobox").click()
        a.get_by_role("option", name=re.compile("^Browser bring-in")).click()
        expect(a.get_by_role("heading", name="Step 1 of 4")).to_be_visible()
        idle(a)
        a.locator(".st-key-wt_next button").click()
        expect(a.get_by_role("heading", name="Step 2 of 4")).to_be_visible()
        a.locator(f".st-key-wt_{SCENARIO}_1_0_player").get_by_text(
            "Cy (seat 5)"
        ).click()
        a.locator(".st-key-wt_check button").click()
        expect(a.get_by_test_id("stAlertContentSuccess")).to_have_text(
            "Right: Cy acts next."
        )
        with _store(app) as store:
            tom = store.find_learner("Tom")
            assert tom is not None and len(store.answers(tom)) == 1
        addresses = [a.url]
        for path in PAGES:
            a.goto(f"{app.url}/{path}")
            idle(a)
            expect(sidebar_a.get_by_text("Learning as Tom", exact=True)).to_be_visible()
            addresses.append(a.url)
        # The refresh in A kept Tom on every page (each goto is a new session).
        a.goto(f"{app.url}/progress")
        expect(
            a.get_by_text(
                re.compile(r"^Tom: 1 question answered at the first try, 1 right\.$")
            )
        ).to_be_visible()
        shot(a, "a-progress")
        # B opens each address A had (and the old ?learner= form): nobody.
        for address in [*addresses, f"{app.url}/progress?learner=Tom"]:
            b.goto(address)
            idle(b)
            sidebar_b = b.get_by_test_id("stSidebar")
            expect(sidebar_b.locator(".st-key-sidebar_name input")).to_be_visible()
            assert b.get_by_text("Learning as Tom").count() == 0
            assert (
                b.get_by_text(re.compile(r"Tom: \d+ questions? answered")).count() == 0
            )
            assert "learner=" not in b.url, b.url
        shot(b, "b-progress-as-nobody")
        # B types Tom's name: only Tom's PIN box, no way to set a PIN on Tom.
        b.goto(app.url + "/")
        box = b.get_by_test_id("stSidebar").locator(".st-key-sidebar_name input")
        box.fill("tom")
        box.press("Enter")
        expect(b.locator(".st-key-sidebar_pin input")).to_be_visible()
        assert b.locator(".st-key-sidebar_claim_pin").count() == 0
        assert b.locator(".st-key-sidebar_new_pin").count() == 0
        b.locator(".st-key-sidebar_pin input").fill("0000")
        b.locator(".st-key-sidebar_pin input").press("Enter")
        expect(b.get_by_text("That PIN is not right. Try again.")).to_be_visible()
        shot(b, "b-wrong-pin")
        assert [c for c in context_b.cookies() if c["name"] == "tutor_learner"] == []
        with _store(app) as store:
            assert store.check_pin(tom, "tom-pin-4711")
            assert len(store.answers(tom)) == 1
        # A refresh in A keeps Tom; Sign out ends the session on the server.
        a.reload()
        expect(sidebar_a.get_by_text("Learning as Tom", exact=True)).to_be_visible()
        token = cookie[0]["value"]
        sidebar_a.locator(".st-key-sidebar_sign_out button").click()
        expect(sidebar_a.locator(".st-key-sidebar_name input")).to_be_visible()
        with _store(app) as store:
            from datetime import UTC, datetime

            assert store.session_learner(token, now=datetime.now(UTC)) is None
        idle(a)
        a.reload()
        idle(a)
        expect(sidebar_a.locator(".st-key-sidebar_name input")).to_be_visible()
        assert a.get_by_text("Learning as Tom").count() == 0
        assert errors == []
    finally:
        context_a.close()
        context_b.close()


def test_the_studio_is_not_in_a_learners_menu_and_an_unlock_survives_a_refresh(
    browser: Any, app: RunningApp
) -> None:
    from playwright.sync_api import expect

    errors: list[str] = []
    context, tab = _tab(browser, errors)
    try:
        tab.goto(app.url + "/")
        nav = tab.get_by_test_id("stSidebarNav")
        expect(nav.get_by_role("link", name="Progress")).to_be_visible()
        assert nav.get_by_role("link", name="Studio").count() == 0
        assert nav.get_by_role("link", name="Class view").count() == 0
        assert tab.get_by_role("button", name="Deploy").count() == 0
        tab.goto(app.url + "/studio")
        tab.locator(".st-key-auth_password input").fill("correct horse battery")
        tab.locator(".st-key-auth_submit button").click()
        expect(nav.get_by_role("link", name="Studio")).to_be_visible()
        assert len(_cookie(context, "tutor_instructor")) == 1
        tab.reload()
        expect(nav.get_by_role("link", name="Class view")).to_be_visible()
        expect(tab.locator(".st-key-auth_lock button")).to_be_visible()
        shot(tab, "instructor-after-refresh")
        tab.locator(".st-key-auth_lock button").click()
        expect(tab.locator(".st-key-auth_password input")).to_be_visible()
        idle(tab)
        tab.reload()
        expect(tab.locator(".st-key-auth_password input")).to_be_visible()
        assert errors == []
    finally:
        context.close()
