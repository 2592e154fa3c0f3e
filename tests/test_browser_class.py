"""An instructor's day in a real Chromium: build a hand by clicking (names, stacks, hidden
cards), preview it, switch sections and leave the editor without losing a character, save
it, set it to a class with a due date; two learners join, see it due and answer it."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_support import ROOT, SCREENSHOTS, RunningApp, launched_chromium, served_app

pytestmark = pytest.mark.browser

DATA = ROOT / "tests" / "data" / "ui"
WAIT_MS = 30_000
RUN_OVER = '[data-testid=stApp][data-test-script-state="notRunning"]'
ACE_TEXT = "() => document.querySelector('.ace_editor').env.editor.getValue()"
#: The README's screenshots are taken here too, into docs/screenshots/ (committed), when
#: TUTOR_DOCS_SCREENSHOTS=1: a plain test run never changes a tracked file.
DOCS = ROOT / "docs" / "screenshots"
REFRESH_DOCS = os.environ.get("TUTOR_DOCS_SCREENSHOTS") == "1"


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with launched_chromium(WAIT_MS) as chromium:
        yield chromium


@pytest.fixture(scope="module")
def data_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("class-app")


@pytest.fixture(scope="module")
def app(data_dir: Path) -> Iterator[RunningApp]:
    with served_app(
        data_dir,
        {
            "TUTOR_SCENARIOS_DIR": str(DATA / "scenarios"),
            "TUTOR_LESSONS_DIR": str(DATA / "lessons"),
            "TUTOR_OPEN_INSTRUCTOR": "1",
        },
    ) as running:
        yield running


def idle(page: Any) -> None:
    """Wait until the app's current run is over (a click during a run can be lost)."""
    from playwright.sync_api import expect

    page.wait_for_timeout(150)
    expect(page.locator(RUN_OVER)).to_have_count(1)


def click(page: Any, selector: str) -> None:
    idle(page)
    page.locator(selector).first.click()
    idle(page)


def shot(page: Any, name: str, *, docs: bool = False, width: int = 1400) -> None:
    """The main area as a PNG (test-artifacts/screenshots/, and docs/screenshots/ for the
    README's), the window made as tall as the content for the shot."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    size = page.viewport_size
    page.set_viewport_size({"width": width, "height": size["height"]})
    page.wait_for_timeout(300)
    height = page.evaluate(
        "Math.max(...[...document.querySelectorAll('[data-testid=stMain], "
        "[data-testid=stMain] *')].map(e => e.scrollHeight))"
    )
    page.set_viewport_size({"width": width, "height": min(max(height, 600), 4000) + 40})
    page.wait_for_timeout(300)
    try:
        page.screenshot(path=str(SCREENSHOTS / f"{name}-{width}.png"))
        if docs and REFRESH_DOCS:
            DOCS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(DOCS / f"{name}.png"))
    finally:
        page.set_viewport_size(size)


def _pick(page: Any, key: str, option: str) -> None:
    """Choose ``option`` in the select box with widget key ``key``."""
    idle(page)
    page.locator(f".st-key-{key} [role=combobox]").click()
    page.get_by_role("option", name=option).first.click()
    idle(page)


def _fill(page: Any, key: str, text: str) -> None:
    idle(page)
    box = page.locator(f".st-key-{key} input")
    box.fill(text)
    box.press("Enter")
    idle(page)


def _build_by_clicking(page: Any) -> None:
    from playwright.sync_api import expect

    page.goto(page.app_url + "/studio")
    click(page, ".st-key-studio_section >> text=Build by clicking")
    _fill(page, "bd_id", "marta-brings-in")
    _fill(page, "bd_title", "Marta brings it in")
    _fill(page, "bd_name_0", "Marta")
    _fill(page, "bd_stack_0", "60")
    _fill(page, "bd_name_2", "Gianni")
    click(page, ".st-key-bd_new button")
    expect(page.get_by_text("A new hand: deal each player's cards")).to_be_visible()
    # before the deal: nothing face down, nobody to act
    expect(page.locator(".stt-seat")).to_have_count(0)
    expect(page.get_by_text("to act", exact=False)).to_have_count(0)
    deals = {
        "Marta": ["Ah", "4d", "2h"],
        "Bo": ["??", "??", "5c"],
        "Gianni": ["??", "??", "Qh"],
    }
    for name, cards in deals.items():
        click(page, f".st-key-bd_to >> text={name}")
        for card in cards:
            key = "bd_card_hidden" if card == "??" else f"bd_card_{card}"
            click(page, f".st-key-{key} button")
    expect(page.locator(".stt-seat")).to_have_count(3)
    expect(page.get_by_text("Marta to act")).to_be_visible()
    shot(page, "studio-builder", docs=True)
    idle(page)
    page.get_by_role("button", name="Marta brings in", exact=True).click()
    idle(page)
    _pick(page, "bd_ask_kind", "Who acts next?")
    click(page, ".st-key-bd_add_ask button")
    click(page, ".st-key-bd_to_editor button")
    expect(page.get_by_text("Valid: marta-brings-in.")).to_be_visible()


def test_1_build_preview_save_assign_and_two_learners_answer(
    browser: Any, app: RunningApp, data_dir: Path
) -> None:
    from playwright.sync_api import expect

    from tutor.progress import ProgressStore
    from tutor.progress import classes as cl

    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    page.app_url = app.url
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        _build_by_clicking(page)
        editor = page.frame_locator("iframe[title*=code_editor]")
        expect(editor.locator(".ace_gutter-cell").first).to_have_text("1")
        frame = next(f for f in page.frames if "code_editor" in (f.url or ""))
        built = frame.evaluate(ACE_TEXT)
        assert 'name: Marta, stack: 60, cards: "Ah 4d 2h"' in built
        assert 'cards: "?? ?? 5c"' in built and "# third street" in built
        assert "  - ask: next-to-act\n" in built
        # an edit, then Preview, back, a click in and out: not a character lost
        editor.locator(".ace_content").click()
        page.keyboard.press("Control+End")
        page.keyboard.type("# checked by the instructor\n", delay=20)
        edited = built + "# checked by the instructor\n"
        click(page, ".st-key-studio_section >> text=Preview as a learner")
        click(page, ".st-key-studio_pv_next button")
        expect(page.get_by_text("Question:")).to_be_visible()
        click(page, ".st-key-studio_pv_marta-brings-in_1_0_player >> text=Bo (seat 2)")
        click(page, ".st-key-studio_pv_check button")
        expect(page.get_by_text("Right", exact=False).first).to_be_visible()
        click(page, ".st-key-studio_section >> text=Write and check")
        expect(editor.locator(".ace_gutter-cell").first).to_have_text("1")
        editor.locator(".ace_content").click()
        page.locator("h1").click()
        idle(page)
        page.wait_for_timeout(800)
        frame = next(f for f in page.frames if "code_editor" in (f.url or ""))
        assert frame.evaluate(ACE_TEXT) == edited
        expect(page.get_by_text("Valid: marta-brings-in.")).to_be_visible()
        click(page, ".st-key-studio_save button")
        expect(page.get_by_text("Saved marta-brings-in")).to_be_visible()
        saved = data_dir / "data" / "scenarios" / "marta-brings-in.yaml"
        assert saved.read_text() == edited
        # the Bank lists it first
        click(page, ".st-key-studio_section >> text=Bank")
        expect(
            page.get_by_text("1 in the instructor bank, listed first")
        ).to_be_visible()
        shot(page, "studio-bank", docs=True)

        # a class, and the hand set to it with a due date
        page.goto(app.url + "/class_view")
        click(page, ".st-key-cv_view >> text=Classes")
        idle(page)
        page.locator(".st-key-cv_new_class input").fill("Tuesday dealers")
        page.get_by_role("button", name="Create the class").click()
        expect(page.get_by_text("Class Tuesday dealers created.")).to_be_visible()
        store = ProgressStore(f"sqlite:///{data_dir / 'data' / 'progress.sqlite3'}")
        [group] = cl.classes(store)
        code = group.join_code
        expect(page.get_by_text(f"Its join code is {code}")).to_be_visible()
        click(page, ".st-key-cv_view >> text=Assignments")
        _pick(page, "cv_class", "Tuesday dealers (0 learners)")
        _fill(page, "cv_asg_title", "Week 1: the bring-in")
        idle(page)
        page.locator(".st-key-cv_asg_scenarios [role=combobox]").click()
        page.get_by_role("option", name="Marta brings it in", exact=False).click()
        page.keyboard.press("Escape")
        click(page, ".st-key-cv_asg_set button")
        expect(page.get_by_text("Assignment Week 1: the bring-in set")).to_be_visible()

        # two learners join with the code, see it due and answer it
        for name, answer in (("Lia", "Bo (seat 2)"), ("Tom", "Gianni (seat 3)")):
            learner_context = browser.new_context(
                viewport={"width": 1024, "height": 900}
            )
            learner = learner_context.new_page()
            learner.on("pageerror", lambda exc: errors.append(str(exc)))
            try:
                learner.goto(app.url)
                box = learner.locator(".st-key-welcome_name input")
                box.fill(name)
                box.press("Enter")
                learner.locator(".st-key-welcome_claim_pin input").fill("2468")
                learner.locator(".st-key-welcome_claim_again input").fill("2468")
                learner.locator(".st-key-welcome_claim button").click()
                expect(
                    learner.get_by_test_id("stSidebar").get_by_text(
                        f"Learning as {name}", exact=True
                    )
                ).to_be_visible()
                # the sign-in's cookie is written just after that run (the page is
                # drawn again then, the join box folded anew): open the box after it
                learner.wait_for_function(
                    "() => document.cookie.includes('tutor_learner=')", timeout=30_000
                )
                learner.wait_for_timeout(500)
                learner.get_by_text("In a class? Join it with its code").click()
                _fill(learner, "learn_join_code", code.lower())
                expect(
                    learner.get_by_text("You are in the class Tuesday dealers.")
                ).to_be_visible()
                expect(learner.get_by_text("Week 1: the bring-in")).to_be_visible()
                expect(
                    learner.get_by_text("0 of 1 question answered, 0 right first time")
                ).to_be_visible()
                if name == "Lia":
                    shot(learner, "learn-due", docs=True, width=1024)
                idle(learner)
                learner.locator("[class*=st-key-learn_due_open_] button").click()
                click(learner, ".st-key-learn_asg_start_marta-brings-in button")
                expect(
                    learner.get_by_role("heading", name="Walkthrough")
                ).to_be_visible()
                click(learner, ".st-key-wt_next button")
                click(
                    learner, f".st-key-wt_marta-brings-in_1_0_player >> text={answer}"
                )
                click(learner, ".st-key-wt_check button")
                verdict = "Right" if name == "Lia" else "Not right"
                expect(learner.get_by_text(verdict, exact=False).first).to_be_visible()
                idle(learner)
                nav = learner.get_by_test_id("stSidebarNav")
                nav.get_by_role("link", name="Learn").click()
                expect(
                    learner.get_by_text(
                        f"1 of 1 question answered, {int(name == 'Lia')} right first time"
                    )
                ).to_be_visible()
            finally:
                learner_context.close()

        # the instructor sees both, with their first-attempt scores
        page.goto(app.url + "/class_view")
        click(page, ".st-key-cv_view >> text=Assignments")
        _pick(page, "cv_class", "Tuesday dealers (2 learners)")
        expect(page.get_by_text("Week 1: the bring-in · due")).to_be_visible()
        [assignment] = cl.assignments(store, group.id)
        marks = cl.progress(store, assignment, [("marta-brings-in", 1)])
        assert [(m.learner, m.answered, m.first_right, m.late) for m in marks] == [
            ("Lia", 1, 1, 0),
            ("Tom", 1, 0, 0),
        ]
        shot(page, "class-assignments", docs=True)
        click(page, ".st-key-cv_view >> text=By topic")
        expect(page.locator(".js-plotly-plot")).to_have_count(1)
        shot(page, "class-view", docs=True)
        assert errors == []
    finally:
        context.close()


def test_2_a_busy_class_heatmap_and_item_analysis(browser: Any, tmp_path: Path) -> None:
    """Twelve learners' answers on the bundled bank (the benchmark's seeding, small): the
    heatmaps show their counts on a colour-blind-safe scale, and the item analysis lists
    each question by its prompt with the spread of its wrong answers."""

    from tutor.bench.classview import seed_store

    data = tmp_path / "data"
    data.mkdir()
    seed_store(f"sqlite:///{data / 'progress.sqlite3'}", 12, 150).close()
    with served_app(tmp_path, {"TUTOR_OPEN_INSTRUCTOR": "1"}) as bundled:
        _busy_class(browser, bundled)


def _busy_class(browser: Any, app: RunningApp) -> None:
    from playwright.sync_api import expect

    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        page.goto(app.url + "/class_view")
        _pick(page, "cv_class", "Benchmark class (12 learners)")
        expect(page.locator(".js-plotly-plot")).to_have_count(1)
        # each cell says right/answered on it
        expect(page.locator(".js-plotly-plot text", has_text="/").first).to_be_visible()
        shot(page, "class-view", docs=True)
        click(page, ".st-key-cv_view >> text=Questions")
        expect(page.get_by_text("Wrong first answers")).to_be_visible()
        expect(page.get_by_text("The engine's answer:")).to_be_visible()
        shot(page, "class-items", docs=True)
        assert errors == []
    finally:
        context.close()
