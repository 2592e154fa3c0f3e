"""The app in a real Chromium: a term's first use in a lesson opens the Glossary at its entry,
and the entry opens the lesson that teaches it (each in a new tab, the lesson staying open)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from browser_support import SCREENSHOTS, RunningApp, launched_chromium, served_app

pytestmark = pytest.mark.browser

WAIT_MS = 60_000


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with launched_chromium(WAIT_MS) as chromium:
        yield chromium


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningApp]:
    """The app on the bundled lessons, glossary and scenarios."""
    with served_app(tmp_path_factory.mktemp("browser-glossary-app"), {}) as running:
        yield running


def test_a_terms_link_opens_its_entry_and_the_entry_its_lesson(
    browser: Any, app: RunningApp
) -> None:
    from playwright.sync_api import expect

    page = browser.new_page(viewport={"width": 1280, "height": 900})
    try:
        page.goto(app.url + "/?lesson=raise-cap")
        link = page.locator("[data-testid=stMain] a[href='glossary?term=heads-up']")
        expect(link).to_have_count(1, timeout=WAIT_MS)  # the first use only
        assert link.get_attribute("target") == "_blank"
        with page.context.expect_page() as opened:
            link.click()
        glossary = opened.value
        chosen = glossary.locator(".st-key-glossary_chosen")
        expect(chosen.get_by_role("heading", name="heads-up")).to_be_visible(
            timeout=WAIT_MS
        )
        expect(chosen.get_by_text("A round with only two players left")).to_be_visible()
        assert glossary.url.endswith("/glossary?term=heads-up")
        assert glossary.locator("#heads-up").count() == 1  # every entry has an anchor
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        for width in (1400, 1024, 390):
            glossary.set_viewport_size({"width": width, "height": 900})
            glossary.screenshot(path=str(SCREENSHOTS / f"glossary-{width}.png"))
        with glossary.context.expect_page() as lesson_tab:
            chosen.locator("a[href^='./?lesson=']").click()
        lesson = lesson_tab.value
        expect(
            lesson.get_by_role("heading", name="The raise cap", exact=True)
        ).to_be_visible(timeout=WAIT_MS)
        glossary.close()
        lesson.close()
    finally:
        page.close()
