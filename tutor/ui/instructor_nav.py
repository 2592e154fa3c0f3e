"""The navigation's pages. The instructor pages are only for a session that may open them
(local mode: the password was given in this browser, or the pages are open to all; sign-in
mode: a listed instructor). A learner's navigation has neither the Studio nor the Class
view: in local mode their addresses still open the password box; in sign-in mode they are
not pages at all for a learner (the address lands on the first page)."""

from __future__ import annotations

import copy
import threading
from typing import Literal

import streamlit as st
from streamlit.runtime.scriptrunner import get_script_run_ctx

from tutor.auth import auth_mode, is_instructor
from tutor.config import ConfigError
from tutor.i18n import _, use_language


def instructor_view() -> str:
    """How this visitor's menu has the Studio and Class view: ``visible``, ``hidden`` (local
    mode before the password: the addresses lead to the password box) or ``none``."""
    try:
        if is_instructor():
            return "visible"
        return "none" if auth_mode() == "signin" else "hidden"
    except ConfigError:
        return "visible"  # the pages themselves show the message


def instructor_pages(view: str | None = None) -> list[st.Page]:
    """The Studio and Class view pages for a menu of ``view`` (default this visitor's)."""
    view = instructor_view() if view is None else view
    if view == "none":
        return []
    visibility: Literal["visible", "hidden"] = (
        "visible" if view == "visible" else "hidden"
    )
    return [
        st.Page(
            "app_pages/studio.py",
            title=_("Studio"),
            icon=":material/edit_note:",
            visibility=visibility,
        ),
        st.Page(
            "app_pages/class_view.py",
            title=_("Class view"),
            icon=":material/groups:",
            visibility=visibility,
        ),
    ]


#: The page lists built so far, per (app folder, language, instructor pages' view): an ``st.Page``
#: resolves and checks its file when made, so the router makes each list once per process
#: instead of on every rerun; each run gets copies (see :func:`app_pages`).
_PAGES: dict[tuple[str, str, str], list[st.Page]] = {}
_PAGES_LOCK = threading.Lock()


def app_pages(language: str, instructors: str) -> list[st.Page]:
    """Every page of the menu, in order, for a visitor speaking ``language`` whose
    instructor pages are ``instructors`` (:func:`instructor_view`); the same objects on
    every rerun."""
    ctx = get_script_run_ctx()
    folder = str(ctx.pages_manager.main_script_parent) if ctx is not None else ""
    key = (folder, language, instructors)
    with _PAGES_LOCK:
        pages = _PAGES.get(key)
        if pages is None:
            with use_language(language):
                pages = _PAGES[key] = _menu(instructors)
    # Fresh copies: navigation marks the page it returns callable, and running it unmarks
    # it, so sessions running at once must not share the objects (copying skips the file
    # checks that making a page does).
    return [copy.copy(page) for page in pages]


def _menu(instructors: str) -> list[st.Page]:
    """The menu's pages, titled in the current language (the navigation's names are the
    ones the rest of the app uses: the Studio's save message names "Walkthrough" and
    "Practice" the same way)."""
    return [
        st.Page(
            "app_pages/learn.py",
            title=_("Learn"),
            icon=":material/school:",
            default=True,
        ),
        st.Page(
            "app_pages/walkthrough.py",
            title=_("Walkthrough"),
            icon=":material/play_arrow:",
        ),
        st.Page("app_pages/practice.py", title=_("Practice"), icon=":material/quiz:"),
        st.Page(
            "app_pages/drills.py",
            title=_("Dealer drills"),
            icon=":material/timer:",
        ),
        st.Page(
            "app_pages/review.py",
            title=_("Review"),
            icon=":material/event_repeat:",
        ),
        st.Page(
            "app_pages/progress.py",
            title=_("Progress"),
            icon=":material/monitoring:",
        ),
        *instructor_pages(instructors),
        st.Page("app_pages/rules.py", title=_("Rules"), icon=":material/gavel:"),
        st.Page(
            "app_pages/glossary.py",
            title=_("Glossary"),
            icon=":material/menu_book:",
        ),
    ]
