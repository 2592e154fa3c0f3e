"""Issue 24, in a real Chromium: the language switched in the middle of a scenario keeps the
place. A learner claims a name (with a PIN), opens a scenario of the project's bank in the
walkthrough, answers its first question, asks for the second's answer, goes on to step 3
and switches the sidebar's language to Italiano: the same scenario, the same step, the
address saying so (``lang=it`` beside ``scenario`` and ``step``), the page in Italian, and
both answers still counted (no question "not answered") there and back at step 1.

The sidebar's choice boxes follow the switch: their chosen values are said in Italian too
("Tutti i giochi", "Come dice ogni scenario", not the English they were chosen in), and a
setting chosen before the switch (Razz) is still the one chosen after it, and back; the
Practice page's mode follows the same way."""

from __future__ import annotations

import re
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

WAIT_MS = 30_000
SCENARIO = "ante-first-hand"
VERDICT = "[class*=wt_verdict_box] [data-testid=stAlert]"


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with launched_chromium(WAIT_MS) as chromium:
        yield chromium


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningApp]:
    folder: Path = tmp_path_factory.mktemp("browser-language")
    with served_app(
        folder,
        {
            "TUTOR_SCENARIOS_DIR": str(ROOT / "scenarios"),
            "TUTOR_LESSONS_DIR": str(ROOT / "lessons"),
        },
    ) as running:
        yield running


def signed_in(page: Any, url: str, name: str) -> None:
    """Claim ``name`` with a PIN on the welcome box; wait for the sign-in's cookie."""
    page.goto(url + "/")
    box = page.locator(".st-key-welcome_name input")
    # the first page of a fresh server loads the whole course (13 lessons, the bank)
    try:
        box.wait_for(timeout=4 * WAIT_MS)
    except Exception:
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / "language-first-page.png"))
        raise
    # (and waits for the sign-in's cookie, written just after that run)
    claim_name(page, name, wait_ms=WAIT_MS)


def heading(page: Any) -> str:
    found = page.locator("[data-testid=stHeading]").all_inner_texts()
    return next((h for h in found if re.match(r"(Step|Passo) \d+ ", h)), "")


def at_step(page: Any, start: str) -> str:
    """Wait until the step's heading starts with ``start`` (a click's rerun has drawn it);
    the heading."""
    page.wait_for_function(
        """(start) => [...document.querySelectorAll('[data-testid=stHeading]')]
            .some(h => h.innerText.startsWith(start))""",
        arg=start,
    )
    settle(page)
    return heading(page)


def choice_box(page: Any, n: int) -> Any:
    """The sidebar's ``n``-th choice box's field (0: Game, 1: House rules)."""
    sidebar = page.get_by_test_id("stSidebar")
    return sidebar.get_by_test_id("stSelectbox").nth(n).get_by_role("combobox")


def switch_to(page: Any, language: str) -> None:
    page.get_by_test_id("stSidebar").get_by_text(language, exact=True).click()


def test_switching_to_italian_mid_scenario_keeps_the_place(
    browser: Any, app: RunningApp
) -> None:
    from playwright.sync_api import expect

    context = browser.new_context(viewport={"width": 1400, "height": 900})
    page = context.new_page()
    page.set_default_timeout(WAIT_MS)
    try:
        signed_in(page, app.url, "Lia")
        page.goto(f"{app.url}/walkthrough?scenario={SCENARIO}")
        at_step(page, "Step 1 of ")
        # step 1: the antes, answered right
        page.locator(f".st-key-wt_{SCENARIO}_0_0_each input").fill("0.25")
        page.locator(f".st-key-wt_{SCENARIO}_0_0_total input").fill("1.25")
        page.locator(".st-key-wt_check button").click()
        expect(page.locator(VERDICT)).to_contain_text("Right")
        page.locator(".st-key-wt_next button").click()
        # step 2: its answer asked for (settled, as a wrong first try)
        at_step(page, "Step 2 of ")
        page.get_by_role("button", name="Show the answer", exact=True).click()
        settle(page)
        expect(page.locator(VERDICT)).to_be_visible()
        page.locator(".st-key-wt_next button").click()
        english = at_step(page, "Step 3 of ")
        page.wait_for_function("() => location.search.includes('step=3')")
        # the switch, mid-scenario
        switch_to(page, "Italiano")
        italian = at_step(page, "Passo 3 di ")
        expect(page.get_by_test_id("stHeading").first).to_have_text("Passo passo")
        page.wait_for_function("() => location.search.includes('lang=it')")
        assert italian == english.replace("Step", "Passo").replace(" of ", " di ")
        query = page.evaluate("() => location.search")
        assert f"scenario={SCENARIO}" in query and "step=3" in query, query
        # the sidebar's choice boxes say their chosen values in Italian too
        expect(choice_box(page, 0)).to_have_value("Tutti i giochi")
        expect(choice_box(page, 1)).to_have_value("Come dice ogni scenario")
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / "language-switched-step-3.png"))
        # the answers are kept: neither question is "not answered" after the switch
        # (a question passed unanswered would be listed under the step)
        expect(page.get_by_text("Senza risposta", exact=False)).to_have_count(0)
        page.locator(".st-key-wt_back button").click()
        at_step(page, "Passo 2 di ")
        page.locator(".st-key-wt_back button").click()
        at_step(page, "Passo 1 di ")
        expect(page.get_by_text("Domanda:", exact=False).first).to_be_visible()
        expect(page.get_by_text("Senza risposta", exact=False)).to_have_count(0)
    finally:
        context.close()


def test_a_setting_chosen_before_the_switch_survives_it(
    browser: Any, app: RunningApp
) -> None:
    from playwright.sync_api import expect

    context = browser.new_context(viewport={"width": 1400, "height": 900})
    page = context.new_page()
    page.set_default_timeout(WAIT_MS)
    try:
        signed_in(page, app.url, "Teo")
        page.goto(f"{app.url}/practice")
        settle(page)
        choice_box(page, 0).click()
        page.get_by_role("option", name="Razz", exact=True).click()
        page.wait_for_function("() => location.search.includes('game=razz')")
        settle(page)
        page.get_by_text("Mixed review", exact=True).click()
        settle(page)
        expect(choice_box(page, 1)).to_have_value("As each scenario says")
        switch_to(page, "Italiano")
        page.wait_for_function("() => location.search.includes('lang=it')")
        settle(page)
        expect(choice_box(page, 0)).to_have_value("Razz")
        expect(choice_box(page, 1)).to_have_value("Come dice ogni scenario")
        assert "game=razz" in page.evaluate("() => location.search")
        mode = page.get_by_role("radiogroup").filter(has_text="Ripasso misto")
        expect(mode.get_by_role("radio", name="Ripasso misto")).to_be_checked()
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / "language-switched-boxes.png"))
        # the boxes work in Italian, and the choice made there survives the way back
        choice_box(page, 0).click()
        page.get_by_role("option", name="Tutti i giochi", exact=True).click()
        page.wait_for_function("() => !location.search.includes('game=')")
        settle(page)
        choice_box(page, 0).click()
        page.get_by_role("option", name="Razz", exact=True).click()
        page.wait_for_function("() => location.search.includes('game=razz')")
        settle(page)
        switch_to(page, "English")
        page.wait_for_function("() => location.search.includes('lang=en')")
        settle(page)
        expect(choice_box(page, 0)).to_have_value("Razz")
        expect(choice_box(page, 1)).to_have_value("As each scenario says")
        mode = page.get_by_role("radiogroup").filter(has_text="Mixed review")
        expect(mode.get_by_role("radio", name="Mixed review")).to_be_checked()
    finally:
        context.close()
