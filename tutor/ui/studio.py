"""The Studio: write a scenario with live checks, preview it as a learner, save and manage the bank.

The editor is the ``streamlit-code-editor`` component (Ace: line numbers, YAML highlighting,
its scripts served from the installed package, so it works offline); a plain text box is
offered too (screen readers, and the headless tests). The text in the session
(``STUDIO_TEXT``) is the one draft: a template, a bank scenario or an uploaded file only
replaces it when a button says so, and the text it replaced can be taken back.

How the editor never loses the author's text (issue 21):

- A component's state lives in its browser frame. When the editor is not drawn on a run
  (another section, the plain box) Streamlit unmounts it and drops its value; drawn again,
  it mounts afresh with the text it is given. It is always given the draft (never the text
  a button last loaded), so it comes back showing the draft, and its first "blur" sends the
  draft back unchanged.
- The editor's latest response is taken into the draft at the start of every run and
  before anything replaces or saves the draft (:func:`take_editor_text`): a response that
  arrives with a click on another section, Save or a template button is not dropped.
- Any change to the component's arguments re-renders Ace with the component's own copy of
  the text, which lags the keyboard by the debounce pause, and react-ace then resets the
  editor to it (the characters typed since are lost). So the arguments never change while
  the editor is mounted: the located problems reach Ace's gutter through a small
  same-origin script (:func:`_gutter_marks`), not through the component's ``props``.
- Live autocompletion is off: Enter would otherwise replace a typed word by a suggestion.
"""

from __future__ import annotations

import streamlit as st

from tutor.i18n import _
from tutor.numbers import format_count
from tutor.scenarios.nodes import MAX_BYTES
from tutor.ui.builder import builder_section
from tutor.ui.state import (
    STUDIO_DRAFT,
    STUDIO_SECTION,
    Settings,
)
from tutor.ui.studio_check import (
    check_draft,
    current_draft,
)
from tutor.ui.studio_draft import (
    SECTIONS,
    take_editor_text,
)
from tutor.ui.studio_editor import (
    _editor,
    gutter_marks_html,
    quoted_line,
    show_answers,
    show_problems,
)
from tutor.ui.studio_files import (
    _open_file,
    bank_rows,
    bank_section,
    filter_rows,
)
from tutor.ui.studio_preview import (
    preview_bank_scenario,
    preview_section,
)
from tutor.ui.studio_save import (
    save_controls,
)
from tutor.ui.studio_sources import (
    _sources,
)


def write_section(settings: Settings) -> None:
    """Sources, editor, live checks, save and download."""
    STUDIO_DRAFT.setdefault()
    _sources(settings)
    draft = current_draft()
    _editor(draft)
    draft = current_draft()
    st.caption(
        _(
            "{size} of {limit} bytes (the limit is 256 KiB). Checks run as you type "
            "(after a short pause) and when you leave the editor; Ctrl+Enter checks at "
            "once."
        ).format(size=format_count(draft.size), limit=format_count(MAX_BYTES))
    )
    if not draft.text.strip():
        st.info(
            _("The editor is empty: start from a template, a bank scenario or a file.")
        )
        return
    if draft.problems:
        show_problems(draft)
    else:
        show_answers(draft)
    save_controls(draft)


def studio_page(settings: Settings) -> None:
    """The whole studio (the caller checks the instructor's access first)."""
    take_editor_text()  # whatever the editor sent with this click belongs to the draft
    section = st.radio(
        _("Section"),
        SECTIONS,
        key=STUDIO_SECTION.name,
        horizontal=True,
        label_visibility="collapsed",
        format_func=_,
    )
    if section == SECTIONS[0]:
        write_section(settings)
    elif section == SECTIONS[1]:
        preview_section(settings)
    elif section == SECTIONS[2]:
        builder_section(settings)
    else:
        bank_section()


#: What other modules and the tests reach through the page module.
__all__ = [
    "SECTIONS",
    "_open_file",
    "bank_rows",
    "check_draft",
    "filter_rows",
    "gutter_marks_html",
    "preview_bank_scenario",
    "quoted_line",
    "studio_page",
    "write_section",
]
