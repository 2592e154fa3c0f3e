"""The sidebar every page shares: who is learning, which game, which house rules, which deck.

Learners never see a list of everyone: a learner types their name (Enter starts). A name is
claimed once: a new name asks for a PIN (or passphrase) twice and is then the learner's; a
name used before opens only with its PIN (the throttle in tutor/progress/identity.py slows
and stops guessing); a record from before PINs were asked for gets its PIN at its first
sign-in. ``TUTOR_LEARNER_PIN=optional`` keeps the old way on one trusted machine: a name
opens without a PIN unless its learner set one. A sign-in lasts in this browser (a cookie,
tutor/ui/identity.py) until "Sign out".
"""

from __future__ import annotations

import logging
from functools import partial
from typing import Any

import streamlit as st

from tutor.auth import auth_mode, learner_pin_required, signin_sidebar
from tutor.engine import TutorError
from tutor.i18n import _, current_language
from tutor.progress import Learner, ProgressStore
from tutor.progress.identity import PIN_POLICY, pin_key
from tutor.progress.records import NAME_MAX, clean_name
from tutor.progress.store import PIN_MAX, PIN_MIN
from tutor.ui import language
from tutor.ui.data import available_store, progress_store, store_notice
from tutor.ui.identity import (
    LEARNER_COOKIE,
    forget,
    now,
    restore_learner,
    start,
    verdict_message,
)
from tutor.ui.lessons_read import READ, keep_session_reads
from tutor.ui.state import (
    CLAIM_FOR,
    FOUR_COLOUR,
    GAME_CHOICES,
    GAME_FILTER,
    GREETING,
    LEARNER_FORM,
    LEARNER_NAME,
    LEARNER_TOKEN,
    OWN_PIN,
    PIN_FOR,
    PRESET_CHOICES,
    PRESET_SETTING,
    PROBLEM,
    Key,
    choose_learner,
    current_learner,
    game_choice_label,
    preset_choice_label,
    redrawn,
)
from tutor.ui.text import plain, quoted

log = logging.getLogger(__name__)


def _field(where: str, part: str) -> Key[Any]:
    """The learner form ``where``'s widget ``part`` (``sidebar_name``, ``welcome_pin``...)."""
    return LEARNER_FORM[where].at(part)


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
        return _("Type your name first.")
    if len(cleaned) > NAME_MAX:
        return _("A name has at most {limit} characters; this one has {n}.").format(
            limit=NAME_MAX, n=len(cleaned)
        )
    if not cleaned.isprintable():
        return _(
            "A name cannot hold control or format characters: use letters, digits and "
            "spaces."
        )
    return None


def _signed_in(
    store: ProgressStore, learner: Learner, greeting: str, where: str
) -> None:
    """Sign ``learner`` in: a session in the store, its token into the browser's cookie."""
    PIN_FOR.pop()
    CLAIM_FOR.pop()
    _end_browser_session(store)
    token = start(LEARNER_COOKIE)
    store.open_session(token, "learner", learner, now=now())
    LEARNER_TOKEN.set(token)
    GREETING.set((where, greeting))
    choose_learner(learner.name)
    keep_session_reads(learner)


def _end_browser_session(store: ProgressStore) -> None:
    token = LEARNER_TOKEN.pop()
    if token:
        store.end_session(str(token))


def _problem(where: str, text: str) -> None:
    PROBLEM.set((where, text))


def enter_name(where: str) -> None:
    """The name box's callback (Enter, or its button): ask the PIN, ask for a new PIN,
    or (PINs optional) welcome back or create."""
    name = str(_field(where, "name").get() or "")
    PROBLEM.pop()
    problem = name_problem(name)
    if problem is not None:
        _problem(where, problem)
        return
    store = progress_store()
    required = learner_pin_required()
    try:
        found = store.find_learner(name)
        if found is not None:
            if store.has_pin(found):
                PIN_FOR.set(found.name)
            elif required:
                CLAIM_FOR.set((found.name, "first"))
            else:
                _signed_in(
                    store,
                    found,
                    _("Welcome back, {name}!").format(name=found.name),
                    where,
                )
        else:
            cleaned = clean_name(name)
            if required:
                CLAIM_FOR.set((cleaned, "new"))
            else:
                learner = store.create_learner(cleaned)
                _signed_in(
                    store,
                    learner,
                    _(
                        "Welcome, {name}! Your answers are saved under this name."
                    ).format(name=learner.name),
                    where,
                )
    except TutorError as exc:
        log.info("a typed name was refused: %s", exc)
        _problem(
            where,
            _(
                "The name {name} cannot be used: {reason} Try another name, or ask your "
                "instructor."
            ).format(name=quoted(name), reason=_reason(exc)),
        )
        return
    _field(where, "name").set("")


def _reason(exc: TutorError) -> str:
    text = str(exc)
    if "< or >" in text:  # the store's English reason (tutor.progress.records)
        return _("it holds < or >.")
    if "control characters" in text:
        return _("it holds control or format characters.")
    if "no letters or digits" in text:
        return _("it has no letters or digits.")
    return _("it cannot be saved right now.")


def enter_pin(where: str) -> None:
    """The PIN box's callback: the right PIN signs the learner in; a wrong one says so,
    and too many wrong ones in a row lock the name for a while."""
    name = PIN_FOR.get()
    pin = str(_field(where, "pin").get() or "")
    _field(where, "pin").set("")
    if not name:
        return
    store = progress_store()
    learner = store.find_learner(name)
    if learner is None:
        PIN_FOR.pop()
        return
    if not pin:
        _problem(where, _("Type the PIN first."))
        return
    once = store.pin_is_once(learner)
    verdict = store.try_secret(
        [(pin_key(learner.id), PIN_POLICY)],
        lambda: len(pin) <= PIN_MAX and store.check_pin(learner, pin),
        now=now(),
    )
    if not verdict.ok:
        _problem(
            where, verdict_message(verdict, _("That PIN is not right. Try again."))
        )
        return
    _signed_in(
        store, learner, _("Welcome back, {name}!").format(name=learner.name), where
    )
    if once:
        OWN_PIN.set(learner.name)


def claim_name(where: str) -> None:
    """The new-PIN form's callback: a new name is created with its PIN in one step; a
    record without a PIN (from before PINs were asked for) gets it."""
    claim = CLAIM_FOR.get()
    pin = str(_field(where, "claim_pin").get() or "")
    again = str(_field(where, "claim_again").get() or "")
    _field(where, "claim_pin").set("")
    _field(where, "claim_again").set("")
    if not claim:
        return
    name, kind = claim
    problem = pin_problem(pin, again)
    if problem is not None:
        _problem(where, problem)
        return
    store = progress_store()
    taken = _(
        "The name {name} was taken a moment ago. Type it again to sign in, or "
        "choose another."
    ).format(name=quoted(name))
    if kind == "new":
        learner = store.claim_learner(name, pin)
        if learner is None:
            CLAIM_FOR.pop()
            _problem(where, taken)
            return
        greeting = _(
            "Welcome, {name}! Your answers are saved under this name; sign in "
            "with it and your PIN."
        ).format(name=learner.name)
    else:
        found = store.find_learner(name)
        if found is None or not store.set_first_pin(found, pin):
            CLAIM_FOR.pop()
            _problem(where, taken)
            return
        learner = found
        greeting = _(
            "Welcome back, {name}! Your name is now protected by your PIN."
        ).format(name=learner.name)
    _signed_in(store, learner, greeting, where)


def pin_problem(pin: str, again: str) -> str | None:
    """Why a chosen PIN cannot be used, or None.

    >>> pin_problem("12", "12")
    'A PIN has 4 to 64 characters.'
    >>> pin_problem("2468", "2469")
    'The two PINs differ: type the same PIN twice.'
    >>> pin_problem("2468", "2468") is None
    True
    """
    if not (PIN_MIN <= len(pin) <= PIN_MAX) or not pin.isprintable():
        return _("A PIN has {low} to {high} characters.").format(
            low=PIN_MIN, high=PIN_MAX
        )
    if pin != again:
        return _("The two PINs differ: type the same PIN twice.")
    return None


def _cancel() -> None:
    PIN_FOR.pop()
    CLAIM_FOR.pop()


def _sign_out() -> None:
    store = available_store()
    if store is not None:
        try:
            _end_browser_session(store)
        except TutorError:
            log.warning("the sign-in could not be ended in the store", exc_info=True)
    LEARNER_TOKEN.pop()
    forget(LEARNER_COOKIE)
    LEARNER_NAME.set(None)
    READ.pop()  # the next learner at this screen starts unread
    OWN_PIN.pop()
    _cancel()


def _set_pin(where: str) -> None:
    pin = str(_field(where, "new_pin").get() or "")
    again = str(_field(where, "new_again").get() or "")
    _field(where, "new_pin").set("")
    _field(where, "new_again").set("")
    name = LEARNER_NAME.get()
    if not name:
        return
    problem = pin_problem(pin, again)
    if problem is not None:
        _problem(where, problem)
        return
    store = progress_store()
    learner = store.find_learner(name)
    if learner is None:
        return
    store.set_pin(learner, pin)
    OWN_PIN.pop()
    GREETING.set((where, _("Your PIN is set: sign in with your name and this PIN.")))


def _clear_pin(where: str) -> None:
    name = LEARNER_NAME.get()
    store = available_store()
    if not name or store is None or learner_pin_required():
        return
    learner = store.find_learner(name)
    if learner is not None:
        store.set_pin(learner, None)
        GREETING.set((where, _("Your name has no PIN any more.")))


def show_greeting(where: str) -> None:
    """The one-off welcome for a name typed in the form ``where`` (shown once)."""
    greeting = GREETING.get()
    if greeting and greeting[0] == where and LEARNER_NAME.get():
        GREETING.pop()
        st.success(plain(greeting[1]))


def _pin_boxes(where: str, prefix: str, label: str) -> None:
    st.text_input(
        label,
        type="password",
        key=_field(where, f"{prefix}_pin").name,
        max_chars=PIN_MAX,
        help=_("{low} to {high} characters: digits, letters or a passphrase.").format(
            low=PIN_MIN, high=PIN_MAX
        ),
    )
    st.text_input(
        _("The same PIN again"),
        type="password",
        key=_field(where, f"{prefix}_again").name,
        max_chars=PIN_MAX,
    )


def _signed_in_box(where: str, current: str) -> None:
    st.markdown(_("Learning as **{name}**").format(name=plain(current)))
    st.button(_("Sign out"), key=_field(where, "sign_out").name, on_click=_sign_out)
    if where != "sidebar":
        return
    own = OWN_PIN.get() == current
    if own:
        st.warning(
            _(
                "You signed in with a one-time PIN: it works only once. Choose your own PIN now."
            )
        )
    with st.expander(_("Choose my PIN") if own else _("Change my PIN"), expanded=own):
        with st.form(
            _field(where, "pin_form").name, clear_on_submit=False, border=False
        ):
            _pin_boxes(where, "new", _("New PIN"))
            st.form_submit_button(
                _("Set PIN"),
                key=_field(where, "set_pin").name,
                on_click=_set_pin,
                args=(where,),
            )
        if not learner_pin_required():
            st.button(
                _("Remove my PIN"),
                key=_field(where, "clear_pin").name,
                on_click=_clear_pin,
                args=(where,),
            )


def learner_form(where: str) -> None:
    """Who is learning: the name box (Enter starts), the PIN box when one is needed, the
    new-PIN boxes for a name being claimed, or the current learner with "Sign out" and
    their PIN (``where`` prefixes the widget keys: ``sidebar`` or ``welcome``)."""
    store = available_store()
    if store is None:
        current = LEARNER_NAME.get()
        if current and where == "sidebar":
            st.markdown(_("Learning as **{name}**").format(name=plain(current)))
        st.caption(_("Saving answers is off: the progress database cannot be reached."))
        return
    if where == "sidebar":
        restore_learner(store)
    current = LEARNER_NAME.get()
    show_greeting(where)
    problem = PROBLEM.get()
    if problem and problem[0] == where:
        PROBLEM.pop()
        st.error(plain(problem[1]))
    if current:
        _signed_in_box(where, current)
        return
    pin_for = PIN_FOR.get()
    if pin_for:
        st.text_input(
            _("PIN for {name}").format(name=plain(pin_for)),
            type="password",
            key=_field(where, "pin").name,
            max_chars=PIN_MAX,
            on_change=enter_pin,
            args=(where,),
            help=_("This name is protected by a PIN. Press Enter to go on."),
        )
        st.button(_("Cancel"), key=_field(where, "pin_cancel").name, on_click=_cancel)
        return
    claim = CLAIM_FOR.get()
    if claim:
        name, kind = claim
        if kind == "new":
            st.markdown(
                _(
                    "**{name}** is a new name. Choose a PIN to make it yours: you will "
                    "type it each time you sign in."
                ).format(name=plain(name))
            )
        else:
            st.markdown(
                _(
                    "**{name}** has no PIN yet. Choose one now: from now on the name "
                    "opens only with it."
                ).format(name=plain(name))
            )
        with st.form(_field(where, "claim_form").name, border=False):
            _pin_boxes(where, "claim", _("Choose a PIN"))
            st.form_submit_button(
                _("Start"),
                key=_field(where, "claim").name,
                on_click=claim_name,
                args=(where,),
            )
        st.button(_("Cancel"), key=_field(where, "claim_cancel").name, on_click=_cancel)
        return
    st.text_input(
        _("Your name"),
        key=_field(where, "name").name,
        placeholder=_("Type your name and press Enter"),
        max_chars=NAME_MAX + 20,
        on_change=enter_name,
        args=(where,),
        help=_("A new name starts a new learner; a name used before asks for its PIN."),
    )
    st.button(
        _("Start"), key=_field(where, "start").name, on_click=enter_name, args=(where,)
    )


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
            _("Game"),
            list(GAME_CHOICES),
            key=redrawn(GAME_FILTER).name,
            format_func=partial(game_choice_label, lang=current_language()),
        )
        st.selectbox(
            _("House rules"),
            list(PRESET_CHOICES),
            key=redrawn(PRESET_SETTING).name,
            format_func=partial(preset_choice_label, lang=current_language()),
            help=_(
                "Replay every scenario under one card room's rules, or keep each "
                "scenario's own."
            ),
        )
        st.toggle(_("Four-colour deck"), key=FOUR_COLOUR.name)
        store = available_store()
        language.switch(store, current_learner(store))


def store_banner() -> Any:
    """A place above the page's content for :func:`show_store_banner` (every page)."""
    return st.empty()


def show_store_banner(slot: Any) -> None:
    """Say there what happens to answers while the store is away (after the page ran, so
    that an answer kept during this run is announced at once)."""
    notice = store_notice(current_learner(None) is not None)
    if notice is not None:
        slot.warning(notice, icon=":material/cloud_off:")
