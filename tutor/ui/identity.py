"""A browser's sign-in, kept in a cookie: the learner's, and the instructor pages' unlock.

Nothing in an address says who the learner is. When a learner signs in (name and PIN) or an
instructor unlocks the instructor pages, the store opens a session (it keeps the SHA-256 of
a random token, what it signs in, and until when) and the browser is given the token in a
cookie, ``tutor_learner`` or ``tutor_instructor`` (``Path=/``, ``SameSite=Lax``,
``Secure`` over HTTPS, 14 days). A refresh or a new tab opens a new Streamlit session: its
first run reads the cookie (``st.context.cookies``, what the browser sent when it
connected) and asks the store who that is. "Sign out" and "Lock" end the session in the
store (the token is then worth nothing) and clear the cookie.

Streamlit reads cookies but cannot set them; the cookie is written by a six-line script
(:data:`COOKIE_JS`) mounted with ``st.components.v2`` (part of Streamlit: no iframe, no
package of its own), only on the run after a sign-in or a sign-out, until the browser says
it has written it. The script runs on the app's own page, so the cookie cannot be
``HttpOnly``: a script injected into the page could read it. Every text from data reaches
the page as text (issue 19, item 4), which is what keeps scripts out.
"""

from __future__ import annotations

import json
import logging
import math
import re
from datetime import datetime
from typing import Any

import streamlit as st

from tutor.engine import TutorError
from tutor.i18n import ngettext
from tutor.progress import ProgressStore
from tutor.progress.identity import (
    SESSION_DAYS,
    Clock,
    Refusal,
    Verdict,
    new_token,
    system_clock,
)
from tutor.ui.state import (
    COOKIE_WRITER,
    COOKIE_WRITER_COMPONENT,
    COOKIES_BATCH,
    COOKIES_PENDING,
    LEARNER_NAME,
    LEARNER_RESTORED,
    choose_learner,
)
from tutor.ui.state import INSTRUCTOR_TOKEN as _INSTRUCTOR_TOKEN
from tutor.ui.state import LEARNER_TOKEN as _LEARNER_TOKEN

log = logging.getLogger(__name__)

LEARNER_COOKIE = "tutor_learner"
INSTRUCTOR_COOKIE = "tutor_instructor"
#: What a token looks like (``secrets.token_urlsafe(32)``): anything else is ignored.
_TOKEN = re.compile(r"[A-Za-z0-9_-]{43}")
#: The session keys' names of this session's learner token and instructor token (declared
#: in tutor.ui.state; tutor.auth and the tests read them by name).
LEARNER_TOKEN = _LEARNER_TOKEN.name
INSTRUCTOR_TOKEN = _INSTRUCTOR_TOKEN.name

#: The clock every sign-in and throttle reads (tests put a fake one here).
clock: Clock = system_clock


def now() -> datetime:
    """The time now, from :data:`clock`."""
    return clock()


def read_cookies() -> dict[str, str]:
    """The cookies the browser sent when this session connected (empty when none)."""
    try:
        return dict(st.context.cookies)
    except Exception:  # noqa: BLE001 - no browser (a bare script run): no cookies
        return {}


def cookie_token(name: str) -> str | None:
    """The session token in the cookie ``name``, or None (no cookie, or not a token)."""
    value = read_cookies().get(name)
    return value if isinstance(value, str) and _TOKEN.fullmatch(value) else None


def client_address() -> str:
    """The client an instructor-password try comes from: the connection's address; behind
    ``tutor serve`` (HAProxy on loopback) the last address HAProxy put in
    ``X-Forwarded-For``; ``local`` for a browser on this machine."""
    try:
        address = st.context.ip_address
        forwarded = st.context.headers.get_all("X-Forwarded-For")
    except Exception:  # noqa: BLE001 - no browser: one local client
        return "local"
    if address in (None, "127.0.0.1", "::1") and forwarded:
        last = str(forwarded[-1]).split(",")[-1].strip()
        if last:
            return last[:100]
    return str(address)[:100] if address else "local"


def start(cookie: str) -> str:
    """A new token for ``cookie``, queued to be written into the browser."""
    token = new_token()
    _queue(cookie, token, SESSION_DAYS * 24 * 3600)
    return token


def forget(cookie: str) -> None:
    """Queue the cookie's removal from the browser."""
    _queue(cookie, "", 0)


def _queue(cookie: str, value: str, max_age: int) -> None:
    pending: dict[str, Any] = dict(COOKIES_PENDING.get() or {})
    batch = int(COOKIES_BATCH.get()) + 1  # never reused in a session
    COOKIES_BATCH.set(batch)
    cookies = dict(pending.get("cookies", {}))
    cookies[cookie] = {"value": value, "max_age": max_age}
    COOKIES_PENDING.set({"batch": batch, "cookies": cookies})


#: Writes the cookies it is given into the browser, then says which batch it wrote.
COOKIE_JS = """
export default function (component) {
  const { data, setStateValue } = component;
  if (!data || !data.cookies) { return; }
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  for (const [name, c] of Object.entries(data.cookies)) {
    document.cookie = name + "=" + c.value + "; Path=/; Max-Age=" + c.max_age
      + "; SameSite=Lax" + secure;
  }
  setStateValue("written", data.batch);
}
"""

_writer: Any = None


def _cookie_writer() -> Any:
    global _writer
    if _writer is None:
        _writer = st.components.v2.component("tutor_cookie_writer", js=COOKIE_JS)
    return _writer


def write_pending_cookies() -> None:
    """Mount the cookie writer while cookies wait to be written (called once per run, at
    the same place); once the browser says it wrote them, stop."""
    pending = COOKIES_PENDING.get()
    if not pending:
        return
    with st.container(key=COOKIE_WRITER.name):
        result = _cookie_writer()(
            data=json.loads(json.dumps(pending)),
            key=COOKIE_WRITER_COMPONENT.name,
            default={"written": 0},
            on_written_change=lambda: None,
        )
    written = getattr(result, "written", None) if result is not None else None
    if written == pending.get("batch"):
        COOKIES_PENDING.pop()


def restore_learner(store: ProgressStore) -> None:
    """On a session's first run (a refresh, a new tab), take back the learner this browser
    signed in as: its ``tutor_learner`` cookie's token, if the store still knows it.

    Nothing in the address can choose the learner.
    """
    if LEARNER_NAME.get() or LEARNER_RESTORED.get():
        return
    LEARNER_RESTORED.set(True)  # once a session: "Sign out" sticks
    token = cookie_token(LEARNER_COOKIE)
    if token is None:
        return
    try:
        learner = store.session_learner(token, now=now())
    except TutorError:
        log.warning("the browser's sign-in could not be looked up", exc_info=True)
        return
    if learner is None:
        return
    _LEARNER_TOKEN.set(token)
    choose_learner(learner.name)


def wait_message(seconds: int, locked: bool) -> str:
    """What a refused try says: how long to wait.

    >>> wait_message(300, True)
    'Too many tries: wait 5 minutes, then try again.'
    >>> wait_message(2, False)
    'Too soon after a wrong try: wait 2 seconds, then try again.'
    """
    if locked or seconds >= 60:
        minutes = max(1, math.ceil(seconds / 60))
        return ngettext(
            "Too many tries: wait {n} minute, then try again.",
            "Too many tries: wait {n} minutes, then try again.",
            minutes,
        ).format(n=minutes)
    return ngettext(
        "Too soon after a wrong try: wait {n} second, then try again.",
        "Too soon after a wrong try: wait {n} seconds, then try again.",
        seconds,
    ).format(n=seconds)


def verdict_message(verdict: Verdict, wrong: str) -> str:
    """The message for a refused or wrong try (``wrong``: what a wrong secret says)."""
    refusal: Refusal | None = verdict.refusal
    if refusal is not None:
        return wait_message(refusal.seconds, refusal.locked)
    if verdict.locked_for:
        return wait_message(verdict.locked_for, True)
    return wrong
