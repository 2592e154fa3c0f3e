"""The sidebar every page shares: who is learning, which game, which house rules, which deck.

Learners never see a list of everyone: a learner types their name (Enter starts), an
existing name is welcomed back, and a name protected by a PIN asks for it first.
"""

from __future__ import annotations

from typing import Any

import streamlit as st

from tutor.auth import auth_mode, signin_sidebar
from tutor.engine.errors import TutorError
from tutor.progress import Learner
from tutor.progress.records import NAME_MAX
from tutor.ui.data import available_store, progress_store, store_notice
from tutor.ui.lessons_read import READ, keep_session_reads
from tutor.ui.state import (
    GAME_CHOICES,
    PRESET_CHOICES,
    choose_learner,
    current_learner,
    keep_learner_in_address,
    restore_learner,
)
from tutor.ui.text import plain, quoted

#: Session keys: the name waiting for its PIN, and the one-off message after a choice.
PIN_FOR = "learner_pin_for"
GREETING = "learner_greeting"
PROBLEM = "learner_problem"
#: Where a PIN is asked for: at most this many characters.
PIN_MAX = 32


def name_problem(name: str) -> str | None:
    """Why a typed name cannot be used (quoting at most a short piece of it), or None.

    >>> name_problem("   ")
    'Type your name first.'
    >>> name_problem("x" * 50)
    'A name has at most 40 characters; this one has 50.'
    >>> name_problem("Ana") is None
    True
    """
    cleaned = " ".join(name.split())
    if not cleaned:
        return "Type your name first."
    if len(cleaned) > NAME_MAX:
        return f"A name has at most {NAME_MAX} characters; this one has {len(cleaned)}."
    if not cleaned.isprintable():
        return "A name cannot hold control characters: use letters, digits and spaces."
    return None


def _choose(learner: Learner, greeting: str, where: str) -> None:
    st.session_state.pop(PIN_FOR, None)
    st.session_state[GREETING] = (where, greeting)
    choose_learner(learner.name)
    keep_session_reads(learner)


def _problem(where: str, text: str) -> None:
    st.session_state[PROBLEM] = (where, text)


def enter_name(where: str) -> None:
    """The name box's callback (Enter, or its button): welcome back, create, or ask the PIN."""
    name = str(st.session_state.get(f"{where}_name") or "")
    st.session_state.pop(PROBLEM, None)
    problem = name_problem(name)
    if problem is not None:
        _problem(where, problem)
        return
    store = progress_store()
    try:
        found = store.find_learner(name)
        if found is not None:
            if store.has_pin(found):
                st.session_state[PIN_FOR] = found.name
                st.session_state[f"{where}_name"] = ""
                return
            _choose(found, f"Welcome back, {found.name}!", where)
        else:
            learner = store.create_learner(name)
            _choose(
                learner,
                f"Welcome, {learner.name}! Your answers are saved under this name.",
                where,
            )
    except TutorError:
        _problem(
            where,
            f"The name {quoted(name)} cannot be used right now. Try another name, "
            "or ask your instructor.",
        )
        return
    st.session_state[f"{where}_name"] = ""


def enter_pin(where: str) -> None:
    """The PIN box's callback: the right PIN chooses the learner, a wrong one says so."""
    name = st.session_state.get(PIN_FOR)
    pin = str(st.session_state.get(f"{where}_pin") or "")
    st.session_state[f"{where}_pin"] = ""
    if not name:
        return
    store = progress_store()
    learner = store.find_learner(name)
    if learner is None:
        st.session_state.pop(PIN_FOR, None)
        return
    if not pin or len(pin) > PIN_MAX or not store.check_pin(learner, pin):
        _problem(where, "That PIN is not right. Try again.")
        return
    _choose(learner, f"Welcome back, {learner.name}!", where)


def _cancel_pin() -> None:
    st.session_state.pop(PIN_FOR, None)


def _sign_out() -> None:
    st.session_state["learner_name"] = None
    st.session_state.pop(READ, None)  # the next learner at this screen starts unread
    st.session_state.pop(PIN_FOR, None)
    if "learner" in st.query_params:
        del st.query_params["learner"]


def _set_pin(where: str) -> None:
    pin = str(st.session_state.get(f"{where}_new_pin") or "")
    st.session_state[f"{where}_new_pin"] = ""
    name = st.session_state.get("learner_name")
    if not name:
        return
    if not (4 <= len(pin) <= PIN_MAX) or not pin.isprintable():
        _problem(where, f"A PIN has 4 to {PIN_MAX} characters.")
        return
    store = progress_store()
    learner = store.find_learner(name)
    if learner is None:
        return
    store.set_pin(learner, pin)
    st.session_state[GREETING] = (
        where,
        "Your name is protected: you will be asked for this PIN.",
    )


def show_greeting(where: str) -> None:
    """The one-off welcome for a name typed in the form ``where`` (shown once)."""
    greeting = st.session_state.get(GREETING)
    if greeting and greeting[0] == where and st.session_state.get("learner_name"):
        st.session_state.pop(GREETING, None)
        st.success(plain(greeting[1]))


def learner_form(where: str) -> None:
    """Who is learning: the name box (Enter starts), the PIN box when one is needed, or the
    current learner with "Not you?" and a PIN to protect the name (``where`` prefixes the
    widget keys: ``sidebar`` or ``welcome``)."""
    store = available_store()
    if store is None:
        current = st.session_state.get("learner_name")
        if current and where == "sidebar":
            st.markdown(f"Learning as **{plain(current)}**")
        st.caption("Saving answers is off: the progress database cannot be reached.")
        return
    if where == "sidebar":
        restore_learner(store)
        keep_learner_in_address()
    current = st.session_state.get("learner_name")
    show_greeting(where)
    problem = st.session_state.get(PROBLEM)
    if problem and problem[0] == where:
        st.session_state.pop(PROBLEM, None)
        st.error(plain(problem[1]))
    if current:
        st.markdown(f"Learning as **{plain(current)}**")
        st.button("Not you? Change", key=f"{where}_sign_out", on_click=_sign_out)
        if where == "sidebar":
            with st.expander("Protect my name with a PIN"):
                st.text_input(
                    "New PIN",
                    type="password",
                    key=f"{where}_new_pin",
                    max_chars=PIN_MAX,
                    on_change=_set_pin,
                    args=(where,),
                )
                st.button(
                    "Set PIN", key=f"{where}_set_pin", on_click=_set_pin, args=(where,)
                )
        return
    pin_for = st.session_state.get(PIN_FOR)
    if pin_for:
        st.text_input(
            f"PIN for {plain(pin_for)}",
            type="password",
            key=f"{where}_pin",
            max_chars=PIN_MAX,
            on_change=enter_pin,
            args=(where,),
            help="This name is protected by a PIN. Press Enter to go on.",
        )
        st.button("Cancel", key=f"{where}_pin_cancel", on_click=_cancel_pin)
        return
    st.text_input(
        "Your name",
        key=f"{where}_name",
        placeholder="Type your name and press Enter",
        max_chars=NAME_MAX + 20,
        on_change=enter_name,
        args=(where,),
        help="A new name starts a new learner; a name used before takes you back to it.",
    )
    st.button("Start", key=f"{where}_start", on_click=enter_name, args=(where,))


def sidebar() -> None:
    """Draw the sidebar; its widgets write the shared session keys."""
    with st.sidebar:
        try:
            if auth_mode() == "signin":
                signin_sidebar()
            else:
                learner_form("sidebar")
        except TutorError as exc:
            st.error(plain(str(exc)))
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


def store_banner() -> Any:
    """A place above the page's content for :func:`show_store_banner` (every page)."""
    return st.empty()


def show_store_banner(slot: Any) -> None:
    """Say there what happens to answers while the store is away (after the page ran, so
    that an answer kept during this run is announced at once)."""
    notice = store_notice(current_learner(None) is not None)
    if notice is not None:
        slot.warning(notice, icon=":material/cloud_off:")
