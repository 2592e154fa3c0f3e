"""The Dealer drills in a real Chromium: a ruling answered from the keyboard (digits for the
ruling, letters for who acts next, Enter), and the pot drill's hidden-pot label inside the
felt, touching no seat and no bet, at 1400, 1024 and 390 px (issue 20 leftovers)."""

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
from tutor.quiz_ruling import outcome_choices

pytestmark = pytest.mark.browser

#: The pot label's box against every seat's and bet's (overlaps), and the felt's (outside).
_POT_CLASHES = """() => {
  const r = e => e.getBoundingClientRect();
  const pot = document.querySelector('.stt-pot');
  if (!pot) return ['no pot label'];
  const p = r(pot), felt = r(document.querySelector('.stt-felt'));
  const out = [];
  // (a narrow table stacks its seats under the pot and draws no felt)
  if (felt.width > 0 && (p.left < felt.left || p.right > felt.right))
    out.push('outside the felt');
  for (const e of document.querySelectorAll('.stt-seat, .stt-bet')) {
    const q = r(e);
    if (p.left < q.right && q.left < p.right && p.top < q.bottom && q.top < p.bottom)
      out.push(e.className + ' ' + (e.textContent || '').slice(0, 30));
  }
  return out;
}"""


def test_the_hidden_pot_label_touches_no_seat(page: Any, app: Any) -> None:  # noqa: F811
    from playwright.sync_api import expect

    plan = Plan("tda", "stud", ("side-pot-speed",), "5", 3)
    page.goto(f"{app.url}/drills?{urlencode(plan.to_params())}")
    page.locator(".st-key-drill_start button").click()
    expect(page.get_by_text("Pot: hidden until you answer")).to_be_visible()
    for width in (1400, 1024, 390):
        page.set_viewport_size({"width": width, "height": 900})
        page.wait_for_timeout(800)
        shot(page, f"drills-hidden-pot-{width}")
        assert page.evaluate(_POT_CLASHES) == [], width


def test_a_ruling_answered_from_the_keyboard(page: Any, app: Any) -> None:  # noqa: F811
    from playwright.sync_api import expect

    plan = Plan("roberts", "stud", ("irr-exposed-hole",), "5", 1)
    target, game, seed = plan.question(0)
    drill = generate(target, seed, preset=plan.preset, game=game)
    answer = drill.ruling.answer
    page.goto(f"{app.url}/drills?{urlencode(plan.to_params())}")
    page.locator(".st-key-drill_start button").click()
    expect(page.get_by_role("heading", name="Question 1 of 5")).to_be_visible()
    page.wait_for_timeout(300)
    page.keyboard.press(str(outcome_choices(answer).index(answer["outcome"]) + 1))
    if answer["next_player"] is not None:
        # who acts next: the live players in seat order, each with its letter
        expect(page.locator(".st-key-drill_q0_next_opt_0 button")).to_be_visible()
        count = page.locator("[class*='st-key-drill_q0_next_opt_']").count()
        labels = [
            page.locator(f".st-key-drill_q0_next_opt_{n} button").inner_text()
            for n in range(count)
        ]
        # the option's letter is shown on its button
        at = next(
            n
            for n, text in enumerate(labels)
            if text.startswith(f"{answer['next_player']} (seat ")
        )
        page.wait_for_timeout(300)
        page.keyboard.press("asdfghjkl"[at])
    expect(page.locator(".st-key-drill_q0_submit button")).to_be_visible()
    page.wait_for_timeout(300)
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("stAlertContentSuccess")).to_contain_text("Right: ")
    shot(page, "drills-ruling-by-keys")
