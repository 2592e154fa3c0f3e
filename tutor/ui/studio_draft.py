"""The Studio's draft: the one text the editor holds, and the page's sections.

Kept apart from :mod:`tutor.ui.studio` so that the parts of the Studio that put a text in the
editor (the builder, the Class view's "open in the Studio") import this, not the page.
"""

from __future__ import annotations

import streamlit as st

#: The sections of the Studio page, in order.
SECTIONS = ("Write and check", "Preview as a learner", "Build by clicking", "Bank")


def load_text(text: str, source: str) -> None:
    """Replace the draft with ``text`` (keeping the old one for Undo) and reset the editor."""
    old = st.session_state.get("studio_text", "")
    if old.strip() and old != text:
        st.session_state["studio_undo"] = old
    st.session_state["studio_text"] = text
    st.session_state["studio_plain_text"] = text
    st.session_state["studio_loaded"] = text
    st.session_state["studio_version"] = st.session_state.get("studio_version", 0) + 1
    st.session_state["studio_notice"] = f"The editor now holds {source}." + (
        " Its previous text can be taken back with Undo." if old.strip() else ""
    )
