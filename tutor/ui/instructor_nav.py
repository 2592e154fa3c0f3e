"""The instructor pages in the navigation: shown to everyone in local mode (they ask for
the password), and only to instructors in sign-in mode."""

from __future__ import annotations

import streamlit as st

from tutor.auth import auth_mode, is_instructor
from tutor.config import ConfigError


def instructor_pages() -> list[st.Page]:
    """The Studio and Class view pages, when this visitor may see them in the menu."""
    try:
        if auth_mode() == "signin" and not is_instructor():
            return []
    except ConfigError:
        pass  # the pages themselves show the message
    return [
        st.Page("app_pages/studio.py", title="Studio", icon=":material/edit_note:"),
        st.Page(
            "app_pages/class_view.py", title="Class view", icon=":material/groups:"
        ),
    ]
