"""Small Streamlit pieces every page uses: the error guard, the table, the learner check."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import streamlit as st

from tutor.engine import TutorError
from tutor.i18n import N_, _
from tutor.ui.state import FOCUS_WATCHER as FOCUS_WATCHER_KEY
from tutor.ui.state import Settings
from tutor.ui.text import plain, without_paths

#: Page-wide style: captions dark enough to read (at least 4.5:1 on white); a wide
#: Markdown table (the presets side by side) scrolls inside its column on a phone
#: instead of being cut off.
PAGE_STYLE = (
    "<style>[data-testid=stCaptionContainer],[data-testid=stCaptionContainer] *"
    "{color:#555a66 !important}"
    "[data-testid=stMarkdownContainer] table{display:block;max-width:100%;"
    "overflow-x:auto}"
    ".st-key-focus_watcher{display:none}</style>"
)


def page_style() -> None:
    """The app's style: caption contrast and the table's style sheet (called once per run
    by the router, so a fragment's rerun does not send the table's styles again)."""
    from tutor.ui.table_view import TABLE_CSS

    st.html(PAGE_STYLE + TABLE_CSS)


log = logging.getLogger(__name__)

#: Shown when something other than a TutorError goes wrong (no traceback on the page).
UNEXPECTED = N_(
    "Something went wrong on this page ({kind}: {message}). Reload the page; if it happens "
    "again, tell your instructor what you did just before."
)


def guarded(body: Callable[[], None]) -> None:
    """Run a page body; show a TutorError's message (or a plain sentence) instead of a traceback."""
    try:
        body()
    except TutorError as exc:
        st.error(plain(without_paths(str(exc))))
    except Exception as exc:  # the page must never show a traceback
        log.exception("a page failed")
        st.error(
            plain(
                without_paths(
                    _(UNEXPECTED).format(kind=type(exc).__name__, message=exc)
                )
            )
        )


def show_table(
    view: Any,
    four_colour: bool,
    *,
    show_to_act: bool = True,
    show_pot: bool = True,
) -> None:
    """Draw the table for a ``TableView``, with its stakes and rules as a caption.

    ``show_to_act`` and ``show_pot`` hide what an open question asks (see
    :func:`tutor.ui.table_view.table_html`).
    """
    from tutor.numbers import format_amount
    from tutor.quiz import to_amount
    from tutor.ui.table_view import table_html
    from tutor.wording import game_title

    def amount(value: Any) -> str:
        found = to_amount(value)
        return str(value) if found is None else format_amount(found)

    st.html(
        table_html(
            view,
            four_colour,
            show_to_act=show_to_act,
            show_pot=show_pot,
            style=False,  # page_style puts the table's style on the page once per run
        )
    )
    stakes = view.stakes
    parts = [
        _("Game: {game}").format(game=game_title(str(view.game), short=True)),
        _("house rules: {rules}").format(rules=view.rules_label),
    ]
    small = getattr(stakes, "small_bet", None)
    big = getattr(stakes, "big_bet", None)
    if small is not None and big is not None:
        parts.append(
            _("stakes {small}/{big}").format(small=amount(small), big=amount(big))
        )
        ante = getattr(stakes, "ante", None)
        if ante:
            parts.append(_("ante {amount}").format(amount=amount(ante)))
        bring_in = getattr(stakes, "bring_in", None)
        if bring_in:
            parts.append(_("bring-in {amount}").format(amount=amount(bring_in)))
    st.caption(" · ".join(parts))


def need_learner(settings: Settings) -> bool:
    """Ask for a learner name when none is chosen; True when one is."""
    if settings.learner is None:
        st.info(_("Type your name in the sidebar so your answers are saved."))
        return False
    return True


#: Watches the page (from a hidden, same-origin component frame that stays mounted) and
#: moves the keyboard focus: to the verdict when one appears after Check, and to the
#: question when another question arrives (after Next). Nothing to resend per click.
FOCUS_WATCHER = """<script>
(function () {
  const doc = window.parent.document;
  const VERDICT = '[class*="_verdict_box"] [data-testid=stAlert]';
  const QUESTION = '[class*="st-key-"][class*="_question_"]';
  let first = true, hadVerdict = false, lastQuestion = null, pending = false;
  function focus(el) {
    if (!el.hasAttribute("tabindex")) { el.setAttribute("tabindex", "-1"); }
    el.focus();
  }
  function look() {
    pending = false;
    const verdict = doc.querySelector(VERDICT);
    const question = doc.querySelector(QUESTION);
    const name = question
      ? [...question.classList].find(c => c.startsWith("st-key-")) : null;
    if (!first) {
      if (verdict && !hadVerdict) { focus(verdict); }
      else if (question && !verdict && name !== lastQuestion) { focus(question); }
    }
    first = false;
    hadVerdict = verdict !== null;
    lastQuestion = name;
  }
  new MutationObserver(() => {
    if (!pending) { pending = true; requestAnimationFrame(look); }
  }).observe(doc.body, {childList: true, subtree: true});
  look();
})();
</script>"""


def focus_watcher() -> None:
    """Put the focus watcher on the page: hidden, and at the same place on every page and
    run (right after the page style), so its frame stays mounted and keeps its memory."""
    with st.container(key=FOCUS_WATCHER_KEY.name):
        st.iframe(FOCUS_WATCHER, height=1)
