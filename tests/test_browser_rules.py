"""The app in a real Chromium: a cited rule id is a link that opens the Rules page at it."""

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

DATA = ROOT / "tests" / "data" / "ui"
WAIT_MS = 30_000


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with launched_chromium(WAIT_MS) as chromium:
        yield chromium


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningApp]:
    folder = tmp_path_factory.mktemp("browser-rules-app")
    with served_app(
        folder,
        {
            "TUTOR_SCENARIOS_DIR": str(DATA / "scenarios"),
            "TUTOR_LESSONS_DIR": str(DATA / "lessons"),
        },
    ) as running:
        yield running


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
        # on a phone the presets' table scrolls inside the page instead of being cut off
        rules.goto(app.url + "/rules?rule=limit.open-pair")
        table = rules.locator(".st-key-rules_chosen table")
        expect(table).to_be_visible()
        box = rules.locator(".st-key-rules_chosen").bounding_box()
        shown = table.bounding_box()
        assert box is not None and shown is not None
        assert shown["x"] + shown["width"] <= box["x"] + box["width"]
        assert table.evaluate("t => t.scrollWidth > t.clientWidth") is True
        rules.close()
    finally:
        page.close()
