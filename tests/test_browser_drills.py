"""The Dealer drills page in a real Chromium: a 5-question drill answered by clicking."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

import pytest
from test_browser import (  # noqa: F401 - the shared fixtures
    app,
    app_folder,
    browser,
    outside,
    page,
    shot,
)

from tutor.drills import generate
from tutor.drills.session import Plan

pytestmark = pytest.mark.browser

PLAN = Plan(
    "roberts",
    "stud8",
    ("bring-in-suit", "first-to-act-board", "community-card", "raises-left"),
    "5",
    11,
)


def answer_key(index: int) -> str:
    """The widget key of question ``index``'s right answer (worked out by the engine here)."""
    target, game, seed = PLAN.question(index)
    answer = generate(target, seed, preset=PLAN.preset, game=game).ruling.answer
    if "player" in answer:
        return f"drill_q{index}_seat_{answer['player']}"
    if "community" in answer:
        return f"drill_q{index}_{'yes' if answer['community'] else 'no'}"
    left = answer["raises_left"]
    return f"drill_q{index}_{'unlimited' if left is None else f'raises_{left}'}"


def test_a_five_question_drill_by_clicking(page: Any, app: Any) -> None:  # noqa: F811
    from playwright.sync_api import expect

    page.goto(f"{app.url}/drills?{urlencode(PLAN.to_params())}")
    expect(page.get_by_role("heading", name="Dealer drills")).to_be_visible()
    expect(
        page.get_by_text("A shared drill: its settings are filled in")
    ).to_be_visible()
    page.locator(".st-key-drill_start button").click()
    for index in range(5):
        expect(
            page.get_by_text(f"Question {index + 1} of 5", exact=False)
        ).to_be_visible()
        if index == 0:
            for width in (1400, 1024, 390):
                page.set_viewport_size({"width": width, "height": 900})
                shot(page, f"drills-question-{width}")
            page.set_viewport_size({"width": 1280, "height": 900})
        page.locator(f".st-key-{answer_key(index)} button").click()
        expect(page.get_by_test_id("stAlertContentSuccess")).to_contain_text("Right: ")
        if index == 0:
            shot(page, "drills-feedback")
        page.locator(".st-key-drill_next button").click()
    expect(page.get_by_role("heading", name="Drill summary")).to_be_visible()
    expect(page.get_by_text("5 of 5 right")).to_be_visible()
    expect(page.get_by_text("Missed: none.")).to_be_visible()
    expect(page.get_by_text("By target:")).to_be_visible()
    for width in (1400, 1024, 390):
        page.set_viewport_size({"width": width, "height": 900})
        assert sticking_out(page) == [], width  # (waits for the sidebar to settle)
        shot(page, f"drills-summary-{width}")


#: The main column's elements whose right edge is past the window's (cut on a phone).
_STICKING_OUT = """() => [...document.querySelectorAll(
    '[data-testid="stMainBlockContainer"] *')]
  .filter(e => e.getBoundingClientRect().width > 0
    && e.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
  .map(e => e.tagName + ' ' + (e.textContent || '').slice(0, 40))"""


def sticking_out(page: Any) -> list[str]:  # noqa: F811
    page.wait_for_timeout(800)
    found: list[str] = page.evaluate(_STICKING_OUT)
    return found


def key_for(index: int) -> str:
    """The key that answers question ``index`` rightly (a seat number, Y or N, a count)."""
    target, game, seed = PLAN.question(index)
    drill = generate(target, seed, preset=PLAN.preset, game=game)
    answer = drill.ruling.answer
    if "player" in answer:
        seat = next(
            s.seat for s in drill.scenario.seats if str(s.name) == answer["player"]
        )
        return "0" if seat == 10 else str(seat)
    if "community" in answer:
        return "y" if answer["community"] else "n"
    left = answer["raises_left"]
    return "u" if left is None else str(left)


def test_a_drill_answered_from_the_keyboard(page: Any, app: Any) -> None:  # noqa: F811
    from playwright.sync_api import expect

    page.goto(f"{app.url}/drills?{urlencode(PLAN.to_params())}")
    expect(
        page.get_by_text("A shared drill: its settings are filled in")
    ).to_be_visible()
    page.locator(".st-key-drill_start button").click()
    for index in range(5):
        expect(
            page.get_by_role("heading", name=f"Question {index + 1} of 5")
        ).to_be_visible()
        expect(page.get_by_text("Keys: seat numbers pick a player")).to_be_visible()
        page.wait_for_timeout(300)
        page.keyboard.press(key_for(index))
        expect(page.get_by_test_id("stAlertContentSuccess")).to_contain_text("Right: ")
        # the key works once the Next button (which holds the shortcut) is drawn
        expect(page.locator(".st-key-drill_next button")).to_be_visible()
        page.wait_for_timeout(300)
        page.keyboard.press("n")  # the next question (or the summary)
    expect(page.get_by_role("heading", name="Drill summary")).to_be_visible()
    expect(page.get_by_text("5 of 5 right")).to_be_visible()
