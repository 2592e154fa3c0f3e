"""The Studio's draft: the one text the editor holds, and the page's sections.

Kept apart from :mod:`tutor.ui.studio` so that the parts of the Studio that put a text in the
editor (the builder, the Class view's "open in the Studio") import this, not the page.
"""

from __future__ import annotations

import streamlit as st

from tutor.i18n import N_, _
from tutor.ui.state import (
    STUDIO_EDITOR_SEEN,
    STUDIO_EDITOR_VERSION,
    STUDIO_PLAIN_TEXT,
    STUDIO_TEXT,
    STUDIO_UNDO,
)

#: The sections of the Studio page, in order.
SECTIONS = (
    N_("Write and check"),
    N_("Preview as a learner"),
    N_("Build by clicking"),
    N_("Bank"),
)


def editor_key() -> str:
    """The component key of the editor mounted now (a new one for each replacement)."""
    return f"studio_editor_{st.session_state.get(STUDIO_EDITOR_VERSION, 0)}"


def take_editor_text() -> None:
    """Take the editor's latest response into the draft, once (a no-op when there is none).

    Safe anywhere, callbacks included: the response is read from the session, where
    Streamlit keeps it from the moment the browser sent it.
    """
    response = st.session_state.get(editor_key())
    if not isinstance(response, dict) or not response.get("id"):
        return
    if response["id"] == st.session_state.get(STUDIO_EDITOR_SEEN):
        return
    st.session_state[STUDIO_EDITOR_SEEN] = response["id"]
    text = str(response.get("text", ""))
    if text != st.session_state.get(STUDIO_TEXT, ""):
        st.session_state[STUDIO_TEXT] = text


def load_text(text: str, source: str) -> None:
    """Replace the draft with ``text`` (keeping the old one for Undo) and mount a new editor.

    Only buttons that say they replace the editor's text call this.
    """
    take_editor_text()
    old = st.session_state.get(STUDIO_TEXT, "")
    if old.strip() and old != text:
        st.session_state[STUDIO_UNDO] = old
    st.session_state[STUDIO_TEXT] = text
    st.session_state[STUDIO_PLAIN_TEXT] = text
    st.session_state[STUDIO_EDITOR_VERSION] = (
        st.session_state.get(STUDIO_EDITOR_VERSION, 0) + 1
    )
    notice = _("The editor now holds {source}.").format(source=source)
    if old.strip():
        notice += " " + _("Its previous text can be taken back with Undo.")
    st.session_state["studio_notice"] = notice
