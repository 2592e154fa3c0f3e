"""The app in a real Chromium: answer wrong, then right, then see the progress chart."""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_support import (
    ROOT,
    SCREENSHOTS,
    RunningApp,
    launched_chromium,
    served_app,
)

from tutor import config
from tutor.progress import AnswerRecord, ProgressStore
from tutor.ui.text import plain

pytestmark = pytest.mark.browser

DATA = ROOT / "tests" / "data" / "browser"
SCENARIO = "browser-bring-in"
#: The app says its script run is over.
RUN_OVER = '[data-testid=stApp][data-test-script-state="notRunning"]'
#: Milliseconds to wait for a rerun to show its result (a first run on a busy 2-core CI
#: box compiles the pages and imports plotly; later reruns take well under a second).
WAIT_MS = 30_000


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Debian's Chromium through Playwright (skipped if missing; a failure under CI)."""
    with launched_chromium(WAIT_MS) as chromium:
        yield chromium


@pytest.fixture(scope="module")
def app_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The app's throwaway folder: its data (progress database) and its log."""
    return tmp_path_factory.mktemp("browser-app")


@pytest.fixture(scope="module")
def app(app_folder: Path) -> Iterator[RunningApp]:
    """The real app on a free port, an empty data folder, the browser fixtures' bank."""
    with served_app(
        app_folder,
        {
            "TUTOR_SCENARIOS_DIR": str(DATA / "scenarios"),
            "TUTOR_LESSONS_DIR": str(DATA / "lessons"),
        },
    ) as running:
        yield running


def saved_answers(app_folder: Path, name: str) -> list[AnswerRecord]:
    """What the app saved for the learner ``name`` (read from its SQLite file)."""
    url = config.database_url({"TUTOR_DATA_DIR": str(app_folder / "data")})
    with ProgressStore(url) as store:
        learner = store.find_learner(name)
        assert learner is not None, f"no learner {name!r} was saved"
        return store.answers(learner)


@pytest.fixture
def outside() -> list[str]:
    """The requests a page made to anywhere but the app (filled by the ``page`` fixture)."""
    return []


@pytest.fixture
def page(browser: Any, app: RunningApp, outside: list[str]) -> Iterator[Any]:
    """A fresh browser context (a fresh Streamlit session) on the app's first page.

    Every request to anywhere but the app is noted in ``outside`` and refused.
    """
    context = browser.new_context(viewport={"width": 1280, "height": 900})

    def route(request_route: Any) -> None:
        url = request_route.request.url
        local = (app.url, app.url.replace("http", "ws"), "data:", "blob:")
        if url.startswith(local):
            request_route.continue_()
        else:
            outside.append(url)
            request_route.abort()

    context.route("**/*", route)
    errors: list[str] = []
    tab = context.new_page()
    tab.set_default_timeout(WAIT_MS)
    tab.on("pageerror", lambda exc: errors.append(str(exc)))
    tab.goto(app.url + "/")
    try:
        yield tab
        assert errors == [], f"the page raised JavaScript errors: {errors}"
        assert tab.get_by_test_id("stException").count() == 0
        assert outside == [], f"the page fetched from outside the app: {outside}"
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


def seen(text: str) -> str:
    """``text`` as the page holds it once shown as plain text: the same characters, with
    the invisible word joiners that keep Streamlit from reading links and emoji in it."""
    return re.sub(r"\\(.)", r"\1", plain(text))


def start_as(page: Any, name: str, pin: str = "2468") -> None:
    """Type a new ``name`` in the first visit's name box, press Enter, claim it with
    ``pin`` (twice); wait until it is chosen."""
    from playwright.sync_api import expect

    expect(page.get_by_role("heading", name="Learn Seven Card Stud")).to_be_visible()
    box = page.locator(".st-key-welcome_name input")
    box.fill(name)
    box.press("Enter")
    page.locator(".st-key-welcome_claim_pin input").fill(pin)
    page.locator(".st-key-welcome_claim_again input").fill(pin)
    page.locator(".st-key-welcome_claim button").click()
    sidebar = page.get_by_test_id("stSidebar")
    expect(sidebar.get_by_text(seen(f"Learning as {name}"), exact=True)).to_be_visible()
    # the page writes the sign-in's cookie just after that run: a refresh keeps it then
    page.wait_for_function(
        "() => document.cookie.includes('tutor_learner=')", timeout=WAIT_MS
    )


def go_to_page(page: Any, title: str, heading: str) -> None:
    """Follow the sidebar's link ``title``; wait for the page's ``heading``."""
    from playwright.sync_api import expect

    page.get_by_test_id("stSidebarNav").get_by_role("link", name=title).click()
    expect(page.get_by_role("heading", name=heading)).to_be_visible()


def answer_player(page: Any, step: int, player: str, attempt: int = 0) -> None:
    """Pick ``player`` in the radio of the ask at ``step``; press Check."""
    key = f"wt_{SCENARIO}_{step}_{attempt}_player"
    page.locator(f".st-key-{key}").get_by_text(player).click()
    page.locator(".st-key-wt_check button").click()


def idle(page: Any) -> None:
    """Wait until the app's current run is over (a click during a run can be lost)."""
    from playwright.sync_api import expect

    expect(page.locator(RUN_OVER)).to_have_count(1)


def next_step(page: Any, heading: str) -> None:
    """Press Next in the walkthrough and wait for the step's heading."""
    from playwright.sync_api import expect

    idle(page)
    page.locator(".st-key-wt_next button").click()
    expect(page.get_by_role("heading", name=heading)).to_be_visible()


def open_scenario(page: Any, title: str, heading: str = "Step 1 of") -> None:
    """On the walkthrough page, pick the scenario ``title`` in the scenario box."""
    from playwright.sync_api import expect

    page.locator(".st-key-wt_pick").get_by_role("combobox").click()
    page.get_by_role("option", name=title).click()
    expect(page.get_by_role("heading", name=re.compile(f"^{heading}"))).to_be_visible()


def focus_is_in(page: Any, selector: str) -> None:
    """Wait until the keyboard focus is on (or inside) the element ``selector``."""
    page.wait_for_function(
        "sel => { const el = document.querySelector(sel);"
        " return el !== null && el.contains(document.activeElement); }",
        arg=selector,
        timeout=WAIT_MS,
    )


#: The contrast ratio (WCAG 2) of an element's text colour on its page's background.
CONTRAST_JS = """el => {
    const rgb = c => c.match(/[\\d.]+/g).slice(0, 3).map(Number);
    const lum = c => {
        const [r, g, b] = rgb(c).map(v => {
            v /= 255;
            return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
        });
        return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    let bg = el, colour = 'rgba(0, 0, 0, 0)';
    while (bg && (colour === 'rgba(0, 0, 0, 0)' || colour === 'transparent')) {
        colour = getComputedStyle(bg).backgroundColor;
        bg = bg.parentElement;
    }
    if (colour === 'rgba(0, 0, 0, 0)') colour = 'rgb(255, 255, 255)';
    const fg = getComputedStyle(el).color;
    const [a, b] = [lum(fg), lum(colour)].sort((x, y) => y - x);
    return (a + 0.05) / (b + 0.05);
}"""


def contrast(locator: Any) -> float:
    """The contrast of the text in ``locator`` (its first element) on its background."""
    return float(locator.first.evaluate(CONTRAST_JS))


def no_to_act_mark(page: Any) -> None:
    """The table marks nobody as the player to act, not even for a screen reader."""
    from playwright.sync_api import expect

    table = page.locator(".stt-table")
    expect(table).to_have_count(1)
    assert page.locator(".stt-to-act, .stt-act").count() == 0
    assert "to act" not in (table.get_attribute("aria-label") or "")
    assert "to act" not in table.inner_text()


def test_walkthrough_wrong_then_retry_then_the_progress_chart(
    page: Any, app_folder: Path
) -> None:
    from playwright.sync_api import expect

    start_as(page, "Ana Browser")
    assert "learner" not in page.url
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
    focus_is_in(
        page, f".st-key-wt_question_{SCENARIO}_1"
    )  # Next: the keyboard is at the question
    no_to_act_mark(page)  # a who-acts question is open: the table must not tell
    shot(page, "02-question-no-to-act-mark")
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
    focus_is_in(
        page, ".st-key-wt_verdict_box [data-testid=stAlert]"
    )  # Check: the verdict
    # The table around the question is not redrawn by Check (only the question is): the
    # mark stays off until the page is next drawn whole.
    assert page.locator(".stt-tag.stt-act").count() == 0
    shot(page, "03-walkthrough-wrong-answer")

    # Retry after the answer was shown: allowed, but saved as a retry after the reveal.
    page.locator(".st-key-wt_retry button").click()
    expect(
        page.get_by_text(re.compile("^Practice try: you have seen the answer"))
    ).to_be_visible()
    answer_player(page, 1, "Cy (seat 5)", attempt=1)
    expect(page.get_by_test_id("stAlertContentSuccess")).to_have_text(
        "Right: Cy acts next."
    )
    assert [
        (r.step, r.correct, r.attempt, r.after_reveal, r.preset, r.rules)
        for r in saved_answers(app_folder, "Ana Browser")
    ] == [
        (1, False, 1, False, "online", ("act.third", "round.end")),
        (1, True, 2, True, "online", ("act.third", "round.end")),
    ]

    next_step(page, "Step 3 of 4")
    next_step(page, "Step 4 of 4")
    expect(page.get_by_test_id("stAlertContentError")).to_have_count(0)
    answer_player(page, 3, "Ana (seat 1)")
    expect(page.get_by_test_id("stAlertContentSuccess")).to_have_text(
        "Right: Ana acts next."
    )
    # The last step: the scenario's wrap-up, with the score at the first try.
    expect(
        page.get_by_text("Your score: 1 of 2 questions right at the first try.")
    ).to_be_visible()
    expect(page.get_by_role("button", name="Practise my mistakes")).to_be_visible()
    shot(page, "04-walkthrough-wrap-up")

    go_to_page(page, "Progress", "Your progress")
    expect(
        page.get_by_text(
            re.compile(
                r"^Ana Browser: \d+ questions? answered at the first try, \d+ right\.$"
            )
        )
    ).to_be_visible()
    charts = page.get_by_test_id("stPlotlyChart")
    expect(charts).to_have_count(4)
    expect(charts.first.locator(".main-svg").first).to_be_visible()
    expect(charts.first.get_by_text("Mastery by topic")).to_be_visible()
    shot(page, "05-progress-chart")


def test_a_refresh_keeps_the_learner(page: Any) -> None:
    from playwright.sync_api import expect

    start_as(page, "Bo Browser")
    page.reload()
    expect(page.get_by_role("heading", name="Learn Seven Card Stud")).to_be_visible()
    sidebar = page.get_by_test_id("stSidebar")
    expect(sidebar.get_by_text("Learning as Bo Browser", exact=True)).to_be_visible()
    assert "learner" not in page.url
    shot(page, "06-refresh-kept-learner")


def test_a_refresh_keeps_scenario_step_and_preset(page: Any) -> None:
    from playwright.sync_api import expect

    start_as(page, "Cy Browser")
    go_to_page(page, "Walkthrough", "Walkthrough")
    open_scenario(page, "Browser bring-in and the action after it · level 1")
    sidebar = page.get_by_test_id("stSidebar")
    sidebar.locator(".st-key-preset_setting").get_by_role("combobox").click()
    page.get_by_role("option", name="tda").click()
    expect(page).to_have_url(re.compile("preset=tda"))
    idle(page)
    next_step(page, "Step 2 of 4")
    next_step(page, "Step 3 of 4")
    expect(page).to_have_url(re.compile("step=3"))
    page.reload()
    expect(page.get_by_role("heading", name="Step 3 of 4")).to_be_visible()
    expect(page.get_by_text("Action: Cy completes")).to_be_visible()
    preset = sidebar.locator(".st-key-preset_setting").get_by_role("combobox")
    expect(preset).to_have_value("tda")
    assert "/walkthrough?" in page.url
    for part in (f"scenario={SCENARIO}", "step=3", "preset=tda"):
        assert part in page.url, page.url
    assert "learner" not in page.url
    expect(sidebar.get_by_text("Learning as Cy Browser", exact=True)).to_be_visible()
    shot(page, "07-refresh-kept-step-and-preset")


def test_a_preset_switch_clears_the_verdict(page: Any) -> None:
    from playwright.sync_api import expect

    start_as(page, "Di Browser")
    go_to_page(page, "Walkthrough", "Walkthrough")
    open_scenario(page, "Browser bring-in and the action after it · level 1")
    next_step(page, "Step 2 of 4")
    answer_player(page, 1, "Ana (seat 1)")
    expect(page.get_by_test_id("stAlertContentError")).to_have_count(1)
    sidebar = page.get_by_test_id("stSidebar")
    sidebar.locator(".st-key-preset_setting").get_by_role("combobox").click()
    page.get_by_role("option", name="roberts").click()
    expect(page).to_have_url(re.compile("preset=roberts"))
    expect(page.get_by_text("Question: Who acts after the bring-in?")).to_be_visible()
    expect(page.get_by_test_id("stAlertContentError")).to_have_count(0)
    expect(page.locator(".st-key-wt_check button")).to_be_enabled()
    shot(page, "08-preset-switch-cleared-verdict")


def seat_boxes(page: Any) -> list[dict[str, float]]:
    """The bounding box of every seat of the table on screen, its cards included."""
    return list(
        page.evaluate(
            """() => [...document.querySelectorAll('.stt-seat')].map(seat => {
                const boxes = [seat, ...seat.querySelectorAll('*')]
                    .map(e => e.getBoundingClientRect());
                const x = Math.min(...boxes.map(b => b.left));
                const y = Math.min(...boxes.map(b => b.top));
                return {x, y,
                    width: Math.max(...boxes.map(b => b.right)) - x,
                    height: Math.max(...boxes.map(b => b.bottom)) - y};
            })"""
        )
    )


def cards_outside_their_seat(page: Any) -> int:
    """How many cards stick out of their seat's box."""
    return int(
        page.evaluate(
            """() => [...document.querySelectorAll('.stt-seat .stt-card')].filter(card => {
                const c = card.getBoundingClientRect();
                const s = card.closest('.stt-seat').getBoundingClientRect();
                return c.left < s.left - 0.5 || c.right > s.right + 0.5;
            }).length"""
        )
    )


def overlapping(boxes: list[dict[str, float]]) -> list[tuple[int, int]]:
    """The pairs of boxes that overlap (by more than a pixel of rounding)."""
    found = []
    for i, a in enumerate(boxes):
        for j, b in enumerate(boxes[:i]):
            dx = min(a["x"] + a["width"], b["x"] + b["width"]) - max(a["x"], b["x"])
            dy = min(a["y"] + a["height"], b["y"] + b["height"]) - max(a["y"], b["y"])
            if dx > 1 and dy > 1:
                found.append((j, i))
    return found


@pytest.mark.parametrize(
    ("title", "seats"),
    [
        ("Browser eight players on sixth street · level 4", 8),
        ("Browser seven players on seventh street · level 4", 7),
    ],
)
def test_the_table_fits_at_1400_1024_and_390_px(
    page: Any, title: str, seats: int
) -> None:
    from playwright.sync_api import expect

    go_to_page(page, "Walkthrough", "Walkthrough")
    open_scenario(page, title)
    for width in (1400, 1024, 390):
        page.set_viewport_size({"width": width, "height": 900})
        page.evaluate(
            "new Promise(done => requestAnimationFrame("
            "() => requestAnimationFrame(done)))"
        )
        expect(page.locator(".stt-seat")).to_have_count(seats)
        boxes = seat_boxes(page)
        assert overlapping(boxes) == [], f"seats overlap at {width} px: {boxes}"
        assert cards_outside_their_seat(page) == 0, width
        table = page.locator(".stt-table").bounding_box()
        for box in boxes:  # every seat inside the picture, and on the screen
            assert box["x"] >= table["x"] - 1, (width, box, table)
            assert box["x"] + box["width"] <= table["x"] + table["width"] + 1, (
                width,
                box,
            )
            assert box["x"] + box["width"] <= width, (width, box)
        listed = width == 390
        # Below about 700 px the table is a list of seats, one under the other.
        assert (
            all(
                b["y"] >= a["y"] + a["height"] - 1 for a, b in itertools.pairwise(boxes)
            )
            == listed
        ), (width, boxes)
        shot(page, f"09-table-{seats}-seats-{width}px")


def test_hostile_text_is_shown_as_text_and_fetches_nothing(
    page: Any, outside: list[str]
) -> None:
    from playwright.sync_api import expect

    name = "![](http://outside.invalid/n)"
    start_as(page, name)
    page.get_by_role("button", name="Open lesson").click()
    title = (
        "Hostile <img src=http://outside.invalid/t.png> ![t](http://outside.invalid/t2.png) "
        ":red[red] $x^2$ :smile:"
    )
    expect(page.get_by_text(seen(f"{title} · level 2"), exact=True)).to_be_visible()
    go_to_page(page, "Walkthrough", "Walkthrough")
    open_scenario(page, f"{title} · level 2")
    next_step(page, "Step 2 of 2")
    prompt = (
        "Who acts? ![p](http://outside.invalid/p.png) <img src=http://outside.invalid/p2.png> "
        "**bold**"
    )
    expect(page.get_by_text(seen(f"Question: {prompt}"), exact=True)).to_be_visible()
    radio = page.locator(".st-key-wt_browser-hostile_1_0_player")
    expect(
        radio.get_by_text(seen("![](http://outside.invalid/a) (seat 1)"), exact=True)
    ).to_be_visible()
    expect(
        radio.get_by_text(seen("[Cy](http://outside.invalid/c) (seat 5)"), exact=True)
    ).to_be_visible()
    page.locator(".st-key-wt_hint_button button").click()
    expect(
        page.get_by_text(
            seen(
                "Hint: ![h](http://outside.invalid/h.png) [hint link](http://outside.invalid/hl)"
            ),
            exact=True,
        )
    ).to_be_visible()
    radio.get_by_text("Bo (seat 3)").click()
    page.locator(".st-key-wt_check button").click()
    expect(page.get_by_test_id("stAlertContentError")).to_have_count(1)
    expect(
        page.get_by_text(
            seen(
                "<img src=http://outside.invalid/e.png> ![e](http://outside.invalid/e2.png) "
                ":blue[blue]"
            ),
            exact=True,
        )
    ).to_be_visible()
    main = page.get_by_test_id("stApp")
    assert main.locator("img[src*='outside'], a[href*='outside']").count() == 0
    assert (
        main.locator(
            "[data-testid=stMarkdownContainer] strong", has_text="bold"
        ).count()
        == 0
    )
    expect(
        page.get_by_test_id("stSidebar").get_by_text(
            seen(f"Learning as {name}"), exact=True
        )
    ).to_be_visible()
    shot(page, "10-hostile-text-as-text")
    assert outside == []


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
