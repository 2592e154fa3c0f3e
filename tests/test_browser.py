"""The app in a real Chromium: answer wrong, then right, then see the progress chart."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from typing import Any

import pytest
from browser_support import (
    CHROMIUM,
    CHROMIUM_ARGS,
    ROOT,
    SCREENSHOTS,
    RunningApp,
    app_environment,
    chromium_problem,
    start_app,
)

pytestmark = pytest.mark.browser

DATA = ROOT / "tests" / "data" / "browser"
SCENARIO = "browser-bring-in"
#: Milliseconds to wait for a rerun to show its result (a first run on a busy 2-core CI
#: box compiles the pages and imports plotly; later reruns take well under a second).
WAIT_MS = 30_000


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Debian's Chromium through Playwright (skipped if missing; a failure under CI)."""
    problem = chromium_problem()
    if problem is not None:
        if os.environ.get("CI"):
            pytest.fail(f"CI is set, so the browser test must run: {problem}")
        pytest.skip(problem)
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=WAIT_MS)
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=str(CHROMIUM), args=list(CHROMIUM_ARGS)
        )
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningApp]:
    """The real app on a free port, an empty data folder, the browser fixtures' bank."""
    folder = tmp_path_factory.mktemp("browser-app")
    env = app_environment(
        folder / "data",
        {
            "TUTOR_SCENARIOS_DIR": str(DATA / "scenarios"),
            "TUTOR_LESSONS_DIR": str(DATA / "lessons"),
        },
    )
    running = start_app(folder / "streamlit.log", env)
    try:
        yield running
    finally:
        running.stop()


@pytest.fixture
def page(browser: Any, app: RunningApp) -> Iterator[Any]:
    """A fresh browser context (a fresh Streamlit session) on the app's first page."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    tab = context.new_page()
    tab.set_default_timeout(WAIT_MS)
    tab.on("pageerror", lambda exc: errors.append(str(exc)))
    tab.goto(app.url + "/")
    try:
        yield tab
        assert errors == [], f"the page raised JavaScript errors: {errors}"
        assert tab.get_by_test_id("stException").count() == 0
    finally:
        context.close()


def shot(page: Any, name: str) -> None:
    """Save a PNG of the whole page into test-artifacts/screenshots/.

    Streamlit scrolls its main area inside the window, so a "full page" screenshot
    would cut it: the window is made as tall as that area for the shot, then put back.
    """
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    size = page.viewport_size
    height = page.evaluate(
        "Math.max(...[...document.querySelectorAll('[data-testid=stMain], "
        "[data-testid=stMain] *')].map(e => e.scrollHeight))"
    )
    if height > size["height"]:
        page.set_viewport_size({"width": size["width"], "height": height + 40})
        page.evaluate(
            "new Promise(done => requestAnimationFrame("
            "() => requestAnimationFrame(done)))"
        )
    try:
        page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)
    finally:
        page.set_viewport_size(size)


def start_as(page: Any, name: str) -> None:
    """Create the learner ``name`` in the sidebar; wait until it is the chosen one."""
    from playwright.sync_api import expect

    sidebar = page.get_by_test_id("stSidebar")
    expect(page.get_by_role("heading", name="Learn Seven Card Stud")).to_be_visible()
    sidebar.locator(".st-key-sidebar_new_learner input").fill(name)
    sidebar.get_by_role("button", name="Start as this learner").click()
    expect(sidebar.get_by_role("combobox", name="Learner")).to_have_value(name)


def go_to_page(page: Any, title: str, heading: str) -> None:
    """Follow the sidebar's link ``title``; wait for the page's ``heading``."""
    from playwright.sync_api import expect

    page.get_by_test_id("stSidebarNav").get_by_role("link", name=title).click()
    expect(page.get_by_role("heading", name=heading)).to_be_visible()


def answer_player(page: Any, step: int, player: str) -> None:
    """Pick ``player`` in the radio of the ask at ``step``; press Check."""
    page.locator(f".st-key-wt_{SCENARIO}_{step}_0_player").get_by_text(player).click()
    page.locator(".st-key-wt_check button").click()


def next_step(page: Any, heading: str) -> None:
    """Press Next in the walkthrough and wait for the step's heading."""
    from playwright.sync_api import expect

    page.locator(".st-key-wt_next button").click()
    expect(page.get_by_role("heading", name=heading)).to_be_visible()


def test_walkthrough_wrong_then_right_then_the_progress_chart(page: Any) -> None:
    from playwright.sync_api import expect

    start_as(page, "Ana Browser")
    assert page.url.endswith("/?learner=Ana+Browser")
    shot(page, "01-learner-chosen")

    page.get_by_role("button", name="Open lesson").click()
    expect(
        page.get_by_role("heading", name="The bring-in (browser test lesson)")
    ).to_be_visible()
    page.locator(f".st-key-learn_start_{SCENARIO} button").click()
    expect(page.get_by_role("heading", name="Walkthrough", exact=True)).to_be_visible()
    expect(page.get_by_role("heading", name="Step 1 of 4")).to_be_visible()
    expect(page.get_by_text("Action: Bo brings in")).to_be_visible()

    next_step(page, "Step 2 of 4")
    expect(page.get_by_text("Question: Who acts after the bring-in?")).to_be_visible()
    answer_player(page, 1, "Ana (seat 1)")
    expect(page.get_by_test_id("stAlertContentError")).to_have_text(
        "Not right: you answered Ana acts next; the answer is Cy acts next."
    )
    expect(
        page.get_by_test_id("stCaptionContainer").filter(has_text=re.compile("^Rules:"))
    ).to_have_text("Rules: act.third, round.end · decided under the online house rules")
    expect(
        page.get_by_text("Why: After Bo brings in 1, the action moves clockwise")
    ).to_be_visible()
    expect(page.locator(".st-key-wt_check button")).to_be_disabled()
    shot(page, "02-walkthrough-wrong-answer")

    next_step(page, "Step 3 of 4")
    next_step(page, "Step 4 of 4")
    expect(page.get_by_test_id("stAlertContentError")).to_have_count(0)
    answer_player(page, 3, "Ana (seat 1)")
    expect(page.get_by_test_id("stAlertContentSuccess")).to_have_text(
        "Right: Ana acts next."
    )
    expect(page.get_by_test_id("stAlertContentError")).to_have_count(0)
    expect(
        page.get_by_test_id("stCaptionContainer").filter(has_text=re.compile("^Rules:"))
    ).to_have_text("Rules: act.third, round.end · decided under the online house rules")
    shot(page, "03-walkthrough-right-answer")

    go_to_page(page, "Progress", "Your progress")
    expect(page.get_by_text("Ana Browser: 2 answers, 1 right.")).to_be_visible()
    charts = page.get_by_test_id("stPlotlyChart")
    expect(charts).to_have_count(4)
    expect(charts.first.locator(".main-svg").first).to_be_visible()
    expect(charts.first.get_by_text("Mastery by topic")).to_be_visible()
    shot(page, "04-progress-chart")


def test_a_refresh_keeps_the_learner(page: Any) -> None:
    from playwright.sync_api import expect

    start_as(page, "Bo Browser")
    page.reload()
    expect(page.get_by_role("heading", name="Learn Seven Card Stud")).to_be_visible()
    sidebar = page.get_by_test_id("stSidebar")
    expect(sidebar.get_by_role("combobox", name="Learner")).to_have_value("Bo Browser")
    assert page.url.endswith("/?learner=Bo+Browser")
    shot(page, "05-refresh-kept-learner")


def test_a_refresh_after_switching_page_keeps_the_learner(page: Any) -> None:
    from playwright.sync_api import expect

    start_as(page, "Cy Browser")
    go_to_page(page, "Progress", "Your progress")
    expect(page.get_by_text("Cy Browser: 0 answers, 0 right.")).to_be_visible()
    page.reload()
    # Either outcome of the rerun is text on the page: wait for it, then read the name
    # (so a lost learner fails at once, not after a timeout).
    expect(
        page.get_by_text(
            re.compile(
                r"^(Cy Browser: 0 answers, 0 right\."
                r"|Choose your name in the sidebar to see your progress\.)$"
            )
        )
    ).to_be_visible()
    shot(page, "06-refresh-after-page-switch")
    sidebar = page.get_by_test_id("stSidebar")
    assert sidebar.get_by_role("combobox", name="Learner").input_value() == "Cy Browser"
    assert page.url.endswith("/progress?learner=Cy+Browser")


def test_walkthrough_plays_a_razz_scenario(page: Any) -> None:
    from playwright.sync_api import expect

    start_as(page, "Cy Browser")
    page.get_by_role("button", name="Open lesson").click()
    page.locator(".st-key-learn_start_browser-razz button").click()
    expect(page.get_by_role("heading", name="Walkthrough", exact=True)).to_be_visible()
    expect(page.get_by_role("heading", name="Step 1 of 2")).to_be_visible()
    # Razz: the highest door card (Bo's king) brings in, not the lowest.
    expect(page.get_by_text("Action: Bo brings in")).to_be_visible()
    next_step(page, "Step 2 of 2")
    expect(
        page.get_by_text("Question: In razz, who acts after the bring-in?")
    ).to_be_visible()
    page.locator(".st-key-wt_browser-razz_1_0_player").get_by_text(
        "Cy (seat 5)"
    ).click()
    page.locator(".st-key-wt_check button").click()
    expect(page.get_by_test_id("stAlertContentSuccess")).to_have_text(
        "Right: Cy acts next."
    )
    shot(page, "05-razz-walkthrough")
