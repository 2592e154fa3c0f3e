"""The sidebar every page shares: who is learning, which game, which house rules, which deck."""

from __future__ import annotations

import streamlit as st

from tutor.auth import auth_mode, signin_sidebar
from tutor.engine.errors import TutorError
from tutor.ui.data import (
    STORE_DOWN,
    available_store,
    forget_learner_names,
    learner_names,
    progress_store,
)
from tutor.ui.state import (
    GAME_CHOICES,
    PRESET_CHOICES,
    choose_learner,
    keep_learner_in_address,
    restore_learner,
)

NO_LEARNER = "(choose your name)"


def _picked() -> None:
    name = st.session_state.get("sidebar_learner")
    if name and name != NO_LEARNER:
        choose_learner(name)


def _create() -> None:
    name = st.session_state.get("sidebar_new_learner", "")
    try:
        store = progress_store()
        learner = store.create_learner(name)
    except TutorError as exc:
        st.session_state["sidebar_error"] = str(exc)
        return
    forget_learner_names(store)
    st.session_state.pop("sidebar_error", None)
    st.session_state["sidebar_new_learner"] = ""
    choose_learner(learner.name)


def _learner_picker() -> None:
    store = available_store()
    if store is None:
        st.caption("Saving answers is off: the progress database cannot be reached.")
        return
    restore_learner(store)
    keep_learner_in_address()
    names = list(learner_names(store))
    current = st.session_state.get("learner_name")
    if current and current not in names:
        names.append(current)
    options = [NO_LEARNER, *names]
    st.session_state["sidebar_learner"] = current if current in names else NO_LEARNER
    st.selectbox("Learner", options, key="sidebar_learner", on_change=_picked)
    st.text_input("New learner", key="sidebar_new_learner", placeholder="Type a name")
    st.button("Start as this learner", key="sidebar_create", on_click=_create)
    error = st.session_state.pop("sidebar_error", None)
    if error:
        st.error(error)


def sidebar() -> None:
    """Draw the sidebar; its widgets write the shared session keys."""
    with st.sidebar:
        try:
            if auth_mode() == "signin":
                signin_sidebar()
            else:
                _learner_picker()
        except TutorError as exc:
            st.error(str(exc))
        st.selectbox(
            "Game",
            list(GAME_CHOICES),
            key="game_filter",
            format_func=GAME_CHOICES.__getitem__,
        )
        st.selectbox(
            "House rules",
            list(PRESET_CHOICES),
            key="preset_setting",
            format_func=PRESET_CHOICES.__getitem__,
            help="Replay every scenario under one card room's rules, or keep each scenario's own.",
        )
        st.toggle("Four-colour deck", key="four_colour")
    if available_store() is None:  # on every page, above its content
        st.warning(STORE_DOWN, icon=":material/cloud_off:")
