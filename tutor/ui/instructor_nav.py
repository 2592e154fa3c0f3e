"""The instructor pages in the navigation: only for a session that may open them (local
mode: the password was given in this browser, or the pages are open to all; sign-in mode:
a listed instructor). A learner's navigation has neither the Studio nor the Class view: in
local mode their addresses still open the password box; in sign-in mode they are not
pages at all for a learner (the address lands on the first page)."""

from __future__ import annotations

import streamlit as st

from tutor.auth import auth_mode, is_instructor
from tutor.config import ConfigError


def instructor_pages() -> list[st.Page]:
    """The Studio and Class view pages, hidden from the menu unless this visitor may
    open them (their addresses still lead to the password box)."""
    try:
        shown = is_instructor()
        if not shown and auth_mode() == "signin":
            return []
    except ConfigError:
        shown = True  # the pages themselves show the message
    return [
        st.Page(
            "app_pages/studio.py",
            title="Studio",
            icon=":material/edit_note:",
            visibility="visible" if shown else "hidden",
        ),
        st.Page(
            "app_pages/class_view.py",
            title="Class view",
            icon=":material/groups:",
            visibility="visible" if shown else "hidden",
        ),
    ]
