"""Issue 20, item 11, in a real Chromium: the bet chips and the pot's label keep clear of
the seats at 1400, 1024 and 390 px; at 390 px the charts' toolbar does not cover their
titles and the scenario's name is not cut."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_support import (
    ROOT,
    SCREENSHOTS,
    RunningApp,
    claim_name,
    launched_chromium,
    served_app,
    settle,
)

pytestmark = pytest.mark.browser

DATA = ROOT / "tests" / "data" / "browser_walk"
WAIT_MS = 30_000
#: Numbers the tests' learners (Ana 1, Ana 2, ...): one claimed name, one learner.
_TESTS = itertools.count(1)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with launched_chromium(WAIT_MS) as chromium:
        yield chromium


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningApp]:
    folder: Path = tmp_path_factory.mktemp("browser-walk")
    with served_app(
        folder,
        {
            "TUTOR_SCENARIOS_DIR": str(DATA / "scenarios"),
            "TUTOR_LESSONS_DIR": str(DATA / "lessons"),
        },
    ) as running:
        yield running


@pytest.fixture
def page(browser: Any, app: RunningApp) -> Iterator[Any]:
    # a name of its own per test: a claimed name is another learner's the next time
    name = f"Ana {next(_TESTS)}"
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    tab = context.new_page()
    tab.set_default_timeout(WAIT_MS)
    tab.goto(app.url + "/")
    # a new name is claimed with a PIN (typed twice) before it is signed in
    claim_name(tab, name, wait_ms=WAIT_MS)
    try:
        yield tab
    finally:
        context.close()


def boxes(page: Any, selector: str) -> list[dict[str, float]]:
    """The visible boxes of ``selector`` (a seat's box includes its cards)."""
    return list(
        page.evaluate(
            """(selector) => [...document.querySelectorAll(selector)]
                .filter(e => e.offsetParent !== null)
                .map(e => {
                    const all = [e, ...e.querySelectorAll('*')]
                        .map(x => x.getBoundingClientRect())
                        .filter(b => b.width > 0 && b.height > 0);
                    const x = Math.min(...all.map(b => b.left));
                    const y = Math.min(...all.map(b => b.top));
                    return {x, y, width: Math.max(...all.map(b => b.right)) - x,
                            height: Math.max(...all.map(b => b.bottom)) - y};
                })""",
            selector,
        )
    )


def touching(
    first: list[dict[str, float]], second: list[dict[str, float]], gap: float = 0
) -> list[tuple[int, int]]:
    """The pairs (one of each list) closer than ``gap`` pixels (overlapping: gap 0)."""
    found = []
    for i, a in enumerate(first):
        for j, b in enumerate(second):
            dx = min(a["x"] + a["width"], b["x"] + b["width"]) - max(a["x"], b["x"])
            dy = min(a["y"] + a["height"], b["y"] + b["height"]) - max(a["y"], b["y"])
            if dx > -gap and dy > -gap:
                found.append((i, j))
    return found


def shot(page: Any, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"walk-{name}.png"), full_page=True)


def test_bets_and_the_hidden_pot_keep_clear_of_the_seats(page: Any) -> None:
    from playwright.sync_api import expect

    page.get_by_test_id("stSidebarNav").get_by_role("link", name="Walkthrough").click()
    expect(page.get_by_role("heading", name="Step 1 of 2")).to_be_visible()
    page.locator(".st-key-wt_next button").click()
    expect(page.get_by_role("heading", name="Step 2 of 2")).to_be_visible()
    expect(page.get_by_text("Pot: hidden until you answer")).to_be_visible()
    for width in (1400, 1024, 390):
        page.set_viewport_size({"width": width, "height": 900})
        settle(page)
        shot(page, f"table-bets-{width}px")
        seats = boxes(page, ".stt-seat")
        assert len(seats) == 8
        bets = boxes(page, ".stt-bet")
        assert touching(bets, seats) == [], (width, bets, seats)
        pot = boxes(page, ".stt-centre")
        assert touching(pot, seats, gap=4) == [], (width, pot, seats)
        if width == 390:
            # the scenario's name is shown whole (wrapped, never cut with an ellipsis)
            cut = page.evaluate(
                """() => [...document.querySelectorAll('.st-key-wt_pick *')]
                    .filter(e => e.children.length === 0 && e.textContent.trim())
                    .filter(e => e.scrollWidth > e.clientWidth + 1).length"""
            )
            assert cut == 0


def test_the_charts_toolbar_does_not_cover_their_titles_at_390_px(page: Any) -> None:
    from playwright.sync_api import expect

    page.get_by_test_id("stSidebarNav").get_by_role("link", name="Walkthrough").click()
    page.locator(".st-key-wt_next button").click()
    expect(page.get_by_role("heading", name="Step 2 of 2")).to_be_visible()
    page.locator(".st-key-wt_walk-eight-bets_1_0_pot input").fill("185")
    page.locator(".st-key-wt_walk-eight-bets_1_0_pot input").press("Tab")
    settle(page)
    page.locator(".st-key-wt_check button").click()
    expect(page.get_by_text("Right: a pot of 185.")).to_be_visible()
    page.set_viewport_size({"width": 390, "height": 900})
    page.goto(page.url.split("/walkthrough")[0] + "/progress?learner=Ana")
    expect(page.locator(".js-plotly-plot").first).to_be_visible()
    settle(page)
    page.mouse.move(1, 1)
    covered = page.evaluate(
        """() => [...document.querySelectorAll('.js-plotly-plot')].filter(plot => {
            const bar = plot.querySelector('.modebar');
            const title = plot.querySelector('.gtitle');
            if (!bar || !title) return false;
            if (getComputedStyle(bar).opacity === '0') return false;
            const a = bar.getBoundingClientRect(), b = title.getBoundingClientRect();
            return a.left < b.right && b.left < a.right && a.top < b.bottom
                && b.top < a.bottom;
        }).length"""
    )
    shot(page, "progress-390px")
    about = page.evaluate(
        """() => [...document.querySelectorAll('.js-plotly-plot')].map(plot => {
            const bar = plot.querySelector('.modebar');
            const title = plot.querySelector('.gtitle');
            return [bar ? getComputedStyle(bar).opacity : null,
                    bar ? JSON.stringify(bar.getBoundingClientRect()) : null,
                    title ? title.textContent : null];
        })"""
    )
    assert covered == 0, about
