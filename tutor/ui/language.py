"""The session's language: chosen once per run, read by every sentence the session says.

The language is, in this order: ``?lang=it|en`` in the address (kept with the rest of the
place, so a shared link opens in its language), the learner's saved choice (the store),
the signed-in profile's locale, the browser's (``st.context.locale``), then English. The
sidebar's switch writes the address and saves the choice for the learner.

:func:`install` registers the resolver with ``tutor.i18n``: it reads the language of the
session whose script is running, so two sessions in one process speak their own
languages (nothing is installed globally).
"""

from __future__ import annotations

import logging

import streamlit as st
from babel import Locale, UnknownLocaleError
from streamlit.runtime.scriptrunner_utils.script_run_context import (
    get_script_run_ctx,
)

from tutor.engine import TutorError
from tutor.i18n import LANGUAGES, _, choose_language, set_language_resolver
from tutor.progress import Learner, ProgressStore
from tutor.ui.state import (
    LANGUAGE,
    LANGUAGE_CHOICE,
    LANGUAGE_SAVED,
    LANGUAGE_SWITCH,
    current_learner,
)

log = logging.getLogger(__name__)


def name_of(code: str) -> str:
    """A language named in itself, as Babel's CLDR data names it (``Italiano``)."""
    try:
        name = Locale.parse(code).get_display_name(code) or code
    except (ValueError, UnknownLocaleError):
        return code
    return name[:1].upper() + name[1:]


def _session_language() -> str | None:
    """The running session's language, or None outside a session's script run."""
    if get_script_run_ctx(suppress_warning=True) is None:
        return None
    value = LANGUAGE.get()
    return value if isinstance(value, str) else None


def install() -> None:
    """Make ``tutor.i18n`` ask the running Streamlit session for its language."""
    set_language_resolver(_session_language)


def _profile_locale() -> str | None:
    try:
        if st.user.is_logged_in:
            value = st.user.get("locale")
            return value if isinstance(value, str) else None
    except (AttributeError, KeyError, RuntimeError):
        return None  # no sign-in configured: st.user has nothing to say
    return None


def _browser_locale() -> str | None:
    try:
        value = st.context.locale
    except (AttributeError, RuntimeError):
        return None
    return value if isinstance(value, str) else None


def _saved(store: ProgressStore | None, learner: Learner | None) -> str | None:
    """The learner's saved language, read once per learner and session (the switch
    updates what is kept)."""
    if store is None or learner is None:
        return None
    kept = LANGUAGE_SAVED.get()
    if isinstance(kept, tuple) and kept[0] == learner.id:
        found: str | None = kept[1]
        return found
    try:
        found = store.language_of(learner)
    except TutorError:
        log.warning("the learner's language could not be read", exc_info=True)
        return None
    LANGUAGE_SAVED.set((learner.id, found))
    return found


def resolve(store: ProgressStore | None, learner: Learner | None) -> str:
    """Work out the session's language for this run and keep it in the session."""
    lang = choose_language(
        LANGUAGE_CHOICE.get(),
        _saved(store, learner),
        _profile_locale(),
        _browser_locale(),
    )
    LANGUAGE.set(lang)
    return lang


def _switched(store: ProgressStore | None, learner: Learner | None) -> None:
    picked = LANGUAGE_SWITCH.get()
    if picked not in LANGUAGES:
        return
    LANGUAGE_CHOICE.set(picked)
    LANGUAGE.set(picked)
    st.query_params["lang"] = picked
    if store is not None and learner is not None:
        try:
            store.set_language(learner, picked)
            LANGUAGE_SAVED.set((learner.id, picked))
        except TutorError:
            log.warning("the learner's language could not be saved", exc_info=True)


def switch(store: ProgressStore | None, learner: Learner | None) -> None:
    """The sidebar's language switch (the current language chosen)."""
    LANGUAGE_SWITCH.set(LANGUAGE.get() or LANGUAGES[0])
    st.radio(
        _("Language"),
        list(LANGUAGES),
        key=LANGUAGE_SWITCH.name,
        format_func=name_of,
        horizontal=True,
        on_change=_switched,
        args=(store, learner),
    )


def start_run(store: ProgressStore | None) -> str:
    """At the top of every run: the resolver installed, the session's language resolved."""
    install()
    return resolve(store, current_learner(store))


__all__ = ["name_of", "install", "resolve", "start_run", "switch"]
