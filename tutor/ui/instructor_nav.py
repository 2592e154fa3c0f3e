"""The navigation's pages; the instructor pages are shown to everyone in local mode (they
ask for the password), and only to instructors in sign-in mode."""

from __future__ import annotations

import copy
import threading

import streamlit as st
from streamlit.runtime.scriptrunner import get_script_run_ctx

from tutor.auth import auth_mode, is_instructor
from tutor.config import ConfigError
from tutor.i18n import _


def shows_instructor_pages() -> bool:
    """Whether this visitor sees the Studio and Class view in the menu."""
    try:
        if auth_mode() == "signin" and not is_instructor():
            return False
    except ConfigError:
        pass  # the pages themselves show the message
    return True


def instructor_pages() -> list[st.Page]:
    """The Studio and Class view pages, when this visitor may see them in the menu."""
    if not shows_instructor_pages():
        return []
    return [
        st.Page("app_pages/studio.py", title="Studio", icon=":material/edit_note:"),
        st.Page(
            "app_pages/class_view.py", title="Class view", icon=":material/groups:"
        ),
    ]


#: The page lists built so far, per (app folder, language, instructor pages shown): an ``st.Page``
#: resolves and checks its file when made, so the router makes each list once per process
#: instead of on every rerun; each run gets copies (see :func:`app_pages`).
_PAGES: dict[tuple[str, str, bool], list[st.Page]] = {}
_PAGES_LOCK = threading.Lock()


def app_pages(language: str, instructors: bool) -> list[st.Page]:
    """Every page of the menu, in order, for a visitor speaking ``language`` (who sees the
    instructor pages or not); the same objects on every rerun."""
    ctx = get_script_run_ctx()
    folder = str(ctx.pages_manager.main_script_parent) if ctx is not None else ""
    key = (folder, language, instructors)
    with _PAGES_LOCK:
        pages = _PAGES.get(key)
        if pages is None:
            pages = _PAGES[key] = [
                st.Page(
                    "app_pages/learn.py",
                    title="Learn",
                    icon=":material/school:",
                    default=True,
                ),
                st.Page(
                    "app_pages/walkthrough.py",
                    title="Walkthrough",
                    icon=":material/play_arrow:",
                ),
                st.Page(
                    "app_pages/practice.py", title="Practice", icon=":material/quiz:"
                ),
                st.Page(
                    "app_pages/drills.py",
                    title="Dealer drills",
                    icon=":material/timer:",
                ),
                st.Page(
                    "app_pages/review.py",
                    title="Review",
                    icon=":material/event_repeat:",
                ),
                st.Page(
                    "app_pages/progress.py",
                    title="Progress",
                    icon=":material/monitoring:",
                ),
                *(instructor_pages() if instructors else []),
                st.Page("app_pages/rules.py", title="Rules", icon=":material/gavel:"),
                st.Page(
                    "app_pages/glossary.py",
                    title=_("Glossary"),
                    icon=":material/menu_book:",
                ),
            ]
    # Fresh copies: navigation marks the page it returns callable, and running it unmarks
    # it, so sessions running at once must not share the objects (copying skips the file
    # checks that making a page does).
    return [copy.copy(page) for page in pages]
