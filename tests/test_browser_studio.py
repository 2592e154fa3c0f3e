"""The Studio in a real Chromium: the Ace editor, live located checks, preview, save."""

from __future__ import annotations

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

from tutor.scenarios.templates import template

pytestmark = pytest.mark.browser

DATA = ROOT / "tests" / "data" / "ui"
WAIT_MS = 30_000


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with launched_chromium(WAIT_MS) as chromium:
        yield chromium


@pytest.fixture(scope="module")
def data_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("studio-app")


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


def _shots(page: Any, name: str) -> None:
    """The page at 1400, 1024 and 390 px wide, into test-artifacts/screenshots/."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    for width in (1400, 1024, 390):
        page.set_viewport_size({"width": width, "height": 1000})
        page.wait_for_timeout(300)
        page.screenshot(path=str(SCREENSHOTS / f"{name}-{width}.png"))
    page.set_viewport_size({"width": 1400, "height": 1000})


def test_write_two_mistakes_fix_preview_save_and_play(
    browser: Any, app: RunningApp, data_dir: Path
) -> None:
    from playwright.sync_api import expect

    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    errors: list[str] = []
    outside: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on(
        "request",
        lambda r: (
            outside.append(r.url)
            if "code_editor" in r.url and not r.url.startswith(app.url)
            else None
        ),
    )
    try:
        page.goto(app.url + "/studio")
        page.get_by_role("button", name="Start from the template").click()
        expect(page.get_by_text("Valid: new-ante-scenario.")).to_be_visible()
        editor = page.frame_locator("iframe[title*=code_editor]")
        expect(editor.locator(".ace_gutter-cell").first).to_have_text("1")
        # Ace's YAML worker, when on, wipes our located problems from the gutter each
        # time it answers after the app did (a race that CI lost once).
        frame = next(f for f in page.frames if "code_editor" in (f.url or ""))
        assert (
            frame.evaluate(
                "() => document.querySelector('.ace_editor').env.editor"
                ".session.getOption('useWorker')"
            )
            is False
        )
        bad = (
            template("ante")
            .replace('cards: "Kd', 'cards: "1x')
            .replace("Bo completes", "Bo completez")
        )
        editor.locator(".ace_content").click()
        page.keyboard.press("Control+a")
        page.keyboard.insert_text(bad)
        expect(page.get_by_text("2 problems: fix them in the editor")).to_be_visible()
        expect(page.get_by_text("Line 12, seat 2, cards:")).to_be_visible()
        expect(page.get_by_text("Line 17, step 2, second action:")).to_be_visible()
        expect(editor.locator(".ace_gutter-cell.ace_error")).to_have_count(2)
        _shots(page, "studio-problems")
        editor.locator(".ace_content").click()
        page.keyboard.press("Control+a")
        page.keyboard.insert_text(template("ante"))
        expect(page.get_by_text("Valid: new-ante-scenario.")).to_be_visible()
        page.get_by_text("Preview as a learner").click()
        expect(page.get_by_text("Question:")).to_be_visible()
        page.get_by_label("Ante each player posts").fill("0.5")
        page.get_by_label("Antes in all").fill("1.5")
        page.get_by_role("button", name="Check").click()
        expect(page.get_by_text("Right", exact=False).first).to_be_visible()
        expect(page.get_by_text("Why:")).to_be_visible()
        # an instructor's preview asks for no name and saves nothing
        expect(page.get_by_text("your name in the sidebar")).to_have_count(0)
        _shots(page, "studio-preview")
        page.get_by_text("Write and check").click()
        # The editor's frame grows by ~500 px once Ace has drawn, moving the Save button
        # down: clicking before that can land where the button was (CI lost a click so).
        expect(editor.locator(".ace_gutter-cell").first).to_have_text("1")
        save = page.get_by_role("button", name="Save to the instructor bank")
        page.wait_for_function(
            "() => { const b = [...document.querySelectorAll('button')].find("
            "e => e.innerText.includes('Save to the instructor bank'));"
            " const y = b && b.getBoundingClientRect().top;"
            " const same = window.__saveY === y; window.__saveY = y; return same; }",
            polling=200,
        )
        save.click()
        expect(page.get_by_text("Saved new-ante-scenario")).to_be_visible()
        saved = data_dir / "data" / "scenarios" / "new-ante-scenario.yaml"
        assert saved.read_text() == template("ante")
        page.goto(app.url + "/walkthrough")
        page.get_by_role("combobox", name="Scenario").click()
        expect(
            page.get_by_role("option", name="A new ante question · level 1")
        ).to_be_visible()
        assert errors == []
        assert outside == []
    finally:
        context.close()


#: Ace's text, read in the editor's frame.
ACE_TEXT = "() => document.querySelector('.ace_editor').env.editor.getValue()"


def _editor_frame(page: Any) -> Any:
    return next(f for f in page.frames if "code_editor" in (f.url or ""))


def _section(page: Any, name: str) -> None:
    page.get_by_test_id("stRadioGroup").get_by_text(name, exact=True).click()


def test_the_editor_never_loses_the_draft(
    browser: Any, app: RunningApp, data_dir: Path
) -> None:
    """Issue 21's steps: edit a template, Preview, back, click in and out; a 262 KB paste;
    Save writes exactly the draft."""
    from playwright.sync_api import expect

    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        page.goto(app.url + "/studio")
        page.get_by_label("Topic").click()
        page.get_by_role("option", name="bring-in", exact=True).click()
        page.get_by_role("button", name="Start from the template").click()
        expect(page.get_by_text("Valid: new-bring-in-scenario.")).to_be_visible()
        editor = page.frame_locator("iframe[title*=code_editor]")
        expect(editor.locator(".ace_gutter-cell").first).to_have_text("1")
        editor.locator(".ace_content").click()
        page.keyboard.press("Control+End")
        # typed slowly, with pauses that let checks run (and the gutter marks change)
        # while the author goes on typing; Enter after a word must not take a suggestion
        for chunk in ("# an instructor's note", "\nbogus: [", "1]\n", "# and more\n"):
            page.keyboard.type(chunk, delay=30)
            page.wait_for_timeout(450)
        edited = (
            template("bring-in") + "# an instructor's note\nbogus: [1]\n# and more\n"
        )
        expect(page.get_by_text("1 problem: fix it in the editor")).to_be_visible()
        assert _editor_frame(page).evaluate(ACE_TEXT) == edited
        expect(editor.locator(".ace_gutter-cell.ace_error")).to_have_count(1)
        # the fix, then straight to the preview (the change goes with the click)
        page.keyboard.press("Control+End")
        page.keyboard.press("Shift+ArrowUp")
        page.keyboard.press("Shift+ArrowUp")
        page.keyboard.press("Delete")
        page.keyboard.type("# fixed\n")
        fixed = template("bring-in") + "# an instructor's note\n# fixed\n"
        _section(page, "Preview as a learner")
        expect(page.get_by_text("Question:")).to_be_visible()
        _section(page, "Write and check")
        expect(page.get_by_text("Valid: new-bring-in-scenario.")).to_be_visible()
        expect(editor.locator(".ace_gutter-cell").first).to_have_text("1")
        assert _editor_frame(page).evaluate(ACE_TEXT) == fixed
        # one click in and out: still the edited text, still valid
        editor.locator(".ace_content").click()
        page.locator("h1").click()
        page.wait_for_timeout(1200)
        assert _editor_frame(page).evaluate(ACE_TEXT) == fixed
        expect(page.get_by_text("Valid: new-bring-in-scenario.")).to_be_visible()
        expect(editor.locator(".ace_gutter-cell.ace_error")).to_have_count(0)
        # a 262 KB paste: the editor shows it all, and the size under it
        big = fixed + "".join(f"# note {n:05d} " + "x" * 68 + "\n" for n in range(3175))
        assert 261_000 < len(big.encode()) < 262_144
        editor.locator(".ace_content").click()
        page.keyboard.press("Control+a")
        page.keyboard.insert_text(big)
        size = f"{len(big.encode()):,} of 262,144 bytes"
        expect(page.get_by_text(size)).to_be_visible()
        expect(page.get_by_text("Valid: new-bring-in-scenario.")).to_be_visible()
        assert _editor_frame(page).evaluate(ACE_TEXT) == big
        _section(page, "Preview as a learner")
        expect(page.get_by_text("Question:")).to_be_visible()
        _section(page, "Write and check")
        expect(page.get_by_text(size)).to_be_visible()
        expect(editor.locator(".ace_gutter-cell").first).to_have_text("1")
        assert _editor_frame(page).evaluate(ACE_TEXT) == big
        _shots(page, "studio-big-draft")
        page.get_by_role("button", name="Save to the instructor bank").click()
        expect(page.get_by_text("Saved new-bring-in-scenario")).to_be_visible()
        saved = data_dir / "data" / "scenarios" / "new-bring-in-scenario.yaml"
        assert saved.read_bytes() == big.encode("utf-8")
        assert errors == []
    finally:
        context.close()
