"""The app in a real Chromium: a cited rule id is a link that opens the Rules page at it."""

from __future__ import annotations

import os
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

DATA = ROOT / "tests" / "data" / "ui"
WAIT_MS = 30_000


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
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
    folder = tmp_path_factory.mktemp("browser-rules-app")
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


def test_a_lesson_citation_opens_the_rules_page_at_its_rule(
    browser: Any, app: RunningApp
) -> None:
    from playwright.sync_api import expect

    page = browser.new_page(viewport={"width": 1280, "height": 900})
    try:
        page.goto(app.url)
        page.get_by_role("button", name="Open lesson").nth(1).click()
        link = page.locator("[data-testid=stMain] a[href='rules?rule=showdown.order']")
        expect(link.first).to_be_visible()
        assert link.first.get_attribute("target") == "_blank"  # the lesson stays open
        with page.context.expect_page() as opened:
            link.first.click()
        rules = opened.value
        chosen = rules.locator(".st-key-rules_chosen")
        expect(chosen.get_by_text("showdown.order").first).to_be_visible()
        expect(
            chosen.get_by_text("At the showdown the last player who bet")
        ).to_be_visible()
        expect(rules.get_by_text("Scenarios: ui-showdown").first).to_be_visible()
        assert rules.url.endswith("/rules?rule=showdown.order")
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        for width in (1400, 1024, 390):
            rules.set_viewport_size({"width": width, "height": 900})
            rules.screenshot(path=str(SCREENSHOTS / f"rules-page-{width}.png"))
        rules.close()
    finally:
        page.close()
