"""Who may open the instructor pages: a local password, or sign-in with OpenID Connect.

Two modes, chosen by ``TUTOR_AUTH`` (or ``[tutor] auth`` in ``.streamlit/secrets.toml``):

- ``local`` (the default): learners type their name and PIN (``TUTOR_LEARNER_PIN=optional``:
  a PIN only for those who set one); the instructor pages ask for the password in
  ``TUTOR_INSTRUCTOR_PASSWORD`` (or ``[tutor] instructor_password`` in the secrets),
  compared in constant time, with failed tries throttled per client and overall
  (tutor/progress/identity.py). An unlock lasts in the browser (a cookie session,
  tutor/ui/identity.py) until "Lock". With no password set the pages stay closed, unless
  ``TUTOR_OPEN_INSTRUCTOR=1`` opens them to everyone (one trusted machine). The Studio and
  the Class view are in the navigation only for a session that has unlocked them.
- ``signin``: ``st.login`` with the OpenID Connect provider of the secrets' ``[auth]``
  section; the learner is the signed-in identity (its e-mail, else its subject), and the
  instructors are the identities listed in ``TUTOR_INSTRUCTORS`` (comma-separated) or
  ``[tutor] instructors`` (a list).
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import os
from collections.abc import Mapping
from typing import Any

import streamlit as st

from tutor.config import ConfigError
from tutor.engine import TutorError
from tutor.i18n import _
from tutor.progress.identity import CLIENT_POLICY, OVERALL_POLICY
from tutor.ui.data import available_store
from tutor.ui.identity import (
    INSTRUCTOR_COOKIE,
    INSTRUCTOR_TOKEN,
    client_address,
    cookie_token,
    forget,
    now,
    start,
    verdict_message,
)

log = logging.getLogger(__name__)

MODE_VAR = "TUTOR_AUTH"
PASSWORD_VAR = "TUTOR_INSTRUCTOR_PASSWORD"
OPEN_VAR = "TUTOR_OPEN_INSTRUCTOR"
INSTRUCTORS_VAR = "TUTOR_INSTRUCTORS"
LEARNER_PIN_VAR = "TUTOR_LEARNER_PIN"
MODES = ("local", "signin")
#: Session key: this session gave the right instructor password.
UNLOCKED = "auth_instructor_unlocked"


def _tutor_secrets() -> Mapping[str, Any]:
    """The ``[tutor]`` section of the secrets, or empty (no file, no section)."""
    try:
        section = st.secrets.get("tutor")
    except Exception:  # noqa: BLE001 - a missing or unreadable secrets file means "not set"
        return {}
    return section if isinstance(section, Mapping) else {}


def auth_mode(environ: Mapping[str, str] | None = None) -> str:
    """``local`` or ``signin``.

    :raises ConfigError: If the setting names another mode.
    """
    env = os.environ if environ is None else environ
    value = env.get(MODE_VAR, "").strip() or str(_tutor_secrets().get("auth", ""))
    value = value.strip().lower() or "local"
    if value not in MODES:
        raise ConfigError(
            f"{MODE_VAR}={value!r} is not a sign-in mode: set it to local (a password "
            "for instructors) or signin (OpenID Connect, configured in secrets.toml)."
        )
    return value


def learner_pin_required(environ: Mapping[str, str] | None = None) -> bool:
    """Whether every learner name needs a PIN (the default); ``TUTOR_LEARNER_PIN=optional``
    lets a name open without one unless its learner set one.

    :raises ConfigError: If the setting is neither ``required`` nor ``optional``.
    """
    env = os.environ if environ is None else environ
    value = env.get(LEARNER_PIN_VAR, "").strip().lower() or "required"
    if value not in ("required", "optional"):
        raise ConfigError(
            f"{LEARNER_PIN_VAR}={value!r} is not a setting: set it to required (every "
            "name needs a PIN, the default) or optional (one trusted machine)."
        )
    return value == "required"


def instructor_password(environ: Mapping[str, str] | None = None) -> str | None:
    """The instructor password, or None when none is set."""
    env = os.environ if environ is None else environ
    value = env.get(PASSWORD_VAR, "") or str(
        _tutor_secrets().get("instructor_password", "")
    )
    return value or None


def password_matches(given: str, expected: str) -> bool:
    """Whether ``given`` is the password, compared in constant time (on digests).

    >>> password_matches("s3cret", "s3cret"), password_matches("s3cre", "s3cret")
    (True, False)
    """
    mine = hashlib.sha256(given.encode("utf-8")).digest()
    theirs = hashlib.sha256(expected.encode("utf-8")).digest()
    return hmac.compare_digest(mine, theirs)


def open_to_all(environ: Mapping[str, str] | None = None) -> bool:
    """``TUTOR_OPEN_INSTRUCTOR=1``: the instructor pages need no password."""
    env = os.environ if environ is None else environ
    return env.get(OPEN_VAR, "").strip() == "1"


def instructors(environ: Mapping[str, str] | None = None) -> frozenset[str]:
    """The identities (e-mails or subjects, lower-cased) that are instructors in sign-in mode."""
    env = os.environ if environ is None else environ
    listed: list[str] = [x for x in env.get(INSTRUCTORS_VAR, "").split(",")]
    secret = _tutor_secrets().get("instructors", ())
    if isinstance(secret, str):
        listed.extend(secret.split(","))
    elif isinstance(secret, (list, tuple)):
        listed.extend(str(x) for x in secret)
    return frozenset(x.strip().lower() for x in listed if x.strip())


def signed_in_identity() -> str | None:
    """The signed-in user's e-mail (else subject), or None when nobody is signed in."""
    try:
        if not st.user.is_logged_in:
            return None
        value = st.user.get("email") or st.user.get("sub")
    except Exception:  # noqa: BLE001 - no [auth] configured: nobody is signed in
        return None
    return str(value) if value else None


def is_instructor() -> bool:
    """Whether this session may open the instructor pages (draws nothing).

    Local mode: the password was given in this session, or in this browser before (its
    ``tutor_instructor`` cookie holds a live session of the store).
    """
    mode = auth_mode()
    if mode == "signin":
        who = signed_in_identity()
        return who is not None and who.lower() in instructors()
    if open_to_all():
        return True
    if st.session_state.get(UNLOCKED):
        return True
    if st.session_state.get(_UNLOCK_CHECKED):
        return False
    st.session_state[_UNLOCK_CHECKED] = True  # the cookie is looked at once a session
    token = cookie_token(INSTRUCTOR_COOKIE)
    store = available_store() if token else None
    if token is None or store is None:
        return False
    try:
        unlocked = store.session_is(token, "instructor", now=now())
    except TutorError:
        log.warning(
            "the browser's instructor unlock could not be looked up", exc_info=True
        )
        return False
    if unlocked:
        st.session_state[UNLOCKED] = True
        st.session_state[INSTRUCTOR_TOKEN] = token
    return unlocked


_UNLOCK_CHECKED = "_auth_unlock_checked"
#: Session key: the message after a refused or wrong password.
_REFUSED = "auth_refused"


def _unlock() -> None:
    expected = instructor_password()
    given = str(st.session_state.get("auth_password", ""))
    st.session_state["auth_password"] = ""
    store = available_store()
    if expected is None:
        return
    if store is None:  # no store, no throttle: no unlock either
        st.session_state[_REFUSED] = _(
            "The instructor pages cannot be unlocked while the progress database is away."
        )
        return
    client = client_address()
    verdict = store.try_secret(
        [
            (f"instructor:client:{client}", CLIENT_POLICY),
            ("instructor:all", OVERALL_POLICY),
        ],
        lambda: password_matches(given, expected),
        now=now(),
    )
    if not verdict.ok:
        st.session_state[_REFUSED] = verdict_message(
            verdict, _("That is not the instructor password. Try again.")
        )
        return
    token = start(INSTRUCTOR_COOKIE)
    store.open_session(token, "instructor", None, now=now())
    st.session_state[INSTRUCTOR_TOKEN] = token
    st.session_state[UNLOCKED] = True
    st.session_state.pop(_REFUSED, None)


def _lock() -> None:
    st.session_state[UNLOCKED] = False
    token = st.session_state.pop(INSTRUCTOR_TOKEN, None)
    store = available_store()
    if token and store is not None:
        try:
            store.end_session(str(token))
        except TutorError:
            log.warning("the instructor unlock could not be ended", exc_info=True)
    forget(INSTRUCTOR_COOKIE)


def instructor_gate() -> bool:
    """Draw what a visitor needs to open an instructor page; True once they may.

    Local mode: a password box (or how to set a password). Sign-in mode: a sign-in
    button, or a refusal for a signed-in learner.
    """
    mode = auth_mode()
    if mode == "signin":
        who = signed_in_identity()
        if who is None:
            st.info("This page is for instructors. Sign in first.")
            st.button("Sign in", key="auth_login", on_click=st.login)
            return False
        if who.lower() not in instructors():
            st.error(
                f"You are signed in as {who}, who is not an instructor: this page is "
                "for instructors only. Ask the person who runs Stud Tutor to add you to "
                f"{INSTRUCTORS_VAR} (or [tutor] instructors in secrets.toml)."
            )
            return False
        return True
    if open_to_all():
        return True
    if instructor_password() is None:
        st.warning(
            "The instructor pages are closed: no instructor password is set. Set one in "
            f"the environment variable {PASSWORD_VAR}, or as instructor_password under "
            "[tutor] in .streamlit/secrets.toml, then restart the app. On a machine "
            f"only you use, {OPEN_VAR}=1 opens these pages without a password."
        )
        return False
    if is_instructor():
        st.button("Lock the instructor pages", key="auth_lock", on_click=_lock)
        return True
    with st.form("auth_form"):
        st.text_input("Instructor password", type="password", key="auth_password")
        st.form_submit_button("Open", on_click=_unlock, key="auth_submit")
    refused = st.session_state.pop(_REFUSED, None)
    if refused:
        st.error(str(refused))
    return False


def signin_sidebar() -> None:
    """Sign-in mode's sidebar: who is signed in (that identity is the learner), sign out;
    or a sign-in button. Replaces the name picker."""
    from tutor.ui.data import progress_store
    from tutor.ui.state import choose_learner
    from tutor.ui.text import plain

    who = signed_in_identity()
    if who is None:
        st.session_state["learner_name"] = None
        st.caption("Sign in to have your answers saved.")
        st.button("Sign in", key="auth_sidebar_login", on_click=st.login)
        return
    name = who[:40]
    if st.session_state.get("learner_name") != name:
        store = progress_store()
        if store.find_learner(name) is None:
            store.create_learner(name)
        choose_learner(name)
    role = "instructor" if who.lower() in instructors() else "learner"
    st.markdown(f"Signed in as **{plain(name)}** ({role})")
    st.button("Sign out", key="auth_logout", on_click=st.logout)
