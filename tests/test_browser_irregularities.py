"""The app in a real Chromium: an irregularity scenario played end to end in the Walkthrough."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from browser_support import (
    ROOT,
    SCREENSHOTS,
    RunningApp,
    launched_chromium,
    served_app,
)

pytestmark = pytest.mark.browser

DATA = ROOT / "tests" / "data" / "browser-irr"
SCENARIO = "irr-out-of-turn-check-roberts"
WAIT_MS = 30_000


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with launched_chromium(WAIT_MS) as chromium:
        yield chromium


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningApp]:
    folder = tmp_path_factory.mktemp("browser-irr-app")
    with served_app(
        folder,
        {
            "TUTOR_SCENARIOS_DIR": str(DATA / "scenarios"),
            "TUTOR_LESSONS_DIR": str(ROOT / "lessons"),
        },
    ) as running:
        yield running


def shot(page: Any, name: str, width: int) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.set_viewport_size({"width": width, "height": 900})
    height = page.evaluate(
        "Math.max(...[...document.querySelectorAll('[data-testid=stMain], "
        "[data-testid=stMain] *')].map(e => e.scrollHeight))"
    )
    page.set_viewport_size({"width": width, "height": max(900, height + 40)})
    page.evaluate(
        "new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))"
    )
    page.screenshot(path=str(SCREENSHOTS / f"{name}-{width}.png"), full_page=True)
    page.set_viewport_size({"width": 1280, "height": 900})


def test_an_irregularity_is_ruled_and_the_hand_goes_on(
    browser: Any, app: RunningApp
) -> None:
    from playwright.sync_api import expect

    context = browser.new_context(viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    page = context.new_page()
    page.set_default_timeout(WAIT_MS)
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        page.goto(app.url + "/")
        expect(
            page.get_by_role("heading", name="Learn Seven Card Stud")
        ).to_be_visible()
        page.get_by_test_id("stSidebarNav").get_by_role(
            "link", name="Walkthrough"
        ).click()
        expect(page.get_by_role("heading", name="Step 1 of 4")).to_be_visible()
        expect(
            page.get_by_text(
                "What went wrong: out of turn: Dee checks; then: Bo bets 20, Cy folds"
            )
        ).to_be_visible()
        expect(page.get_by_text("Ruling:", exact=False)).to_have_count(0)

        page.locator(".st-key-wt_next button").click()
        expect(page.get_by_role("heading", name="Step 2 of 4")).to_be_visible()
        key = f".st-key-wt_{SCENARIO}_1_0"
        # A first, wrong ruling: binding. Two plain questions: binding? then the options.
        page.locator(f"{key}_binding").get_by_text("Yes").click()
        actions = page.locator(f"{key}_actions")
        actions.click()
        page.get_by_role("option", name="call 20").click()
        page.keyboard.press("Escape")
        page.locator(".st-key-wt_check button").click()
        expect(page.get_by_test_id("stAlertContentError")).to_have_text(
            "Not right: you answered the out-of-turn action is binding; the player to "
            "act may call 20; the answer is the out-of-turn action is not binding; Dee "
            "acts next and may fold or call 20 (rulebook: Robert's Rules, Betting and "
            "Raising 10)."
        )
        expect(
            page.get_by_text("Why: Dee acted out of turn", exact=False)
        ).to_contain_text(
            "Under roberts a player who checked or called out of turn may not raise. "
            "Rulebook: Robert's Rules, Betting and Raising 10."
        )
        shot(page, "irr-01-ruling-wrong", 1400)

        # Retry: the right ruling, and who acts next with which options.
        page.locator(".st-key-wt_retry button").click()
        key = f".st-key-wt_{SCENARIO}_1_1"
        page.locator(f"{key}_binding").get_by_text("No").click()
        actions = page.locator(f"{key}_actions")
        actions.click()
        page.get_by_role("option", name="fold").click()
        page.get_by_role("option", name="call 20").click()
        page.keyboard.press("Escape")
        page.locator(".st-key-wt_check button").click()
        expect(page.get_by_test_id("stAlertContentSuccess")).to_have_text(
            "Right: the out-of-turn action is not binding; Dee acts next and may fold or "
            "call 20 (rulebook: Robert's Rules, Betting and Raising 10)."
        )
        for width in (1400, 1024, 390):
            shot(page, "irr-02-ruling-right", width)

        # The hand goes on from the corrected state.
        page.locator(".st-key-wt_next button").click()
        expect(page.get_by_role("heading", name="Step 3 of 4")).to_be_visible()
        expect(page.get_by_text("Action: Dee calls")).to_be_visible()
        page.locator(".st-key-wt_next button").click()
        expect(page.get_by_role("heading", name="Step 4 of 4")).to_be_visible()
        page.locator(f".st-key-wt_{SCENARIO}_3_0_player").get_by_text(
            "Eve (seat 5)"
        ).click()
        page.locator(".st-key-wt_check button").click()
        expect(page.get_by_test_id("stAlertContentSuccess")).to_have_text(
            "Right: Eve acts next."
        )
        shot(page, "irr-03-hand-goes-on", 1400)
        assert errors == []
        assert page.get_by_test_id("stException").count() == 0
    finally:
        context.close()
