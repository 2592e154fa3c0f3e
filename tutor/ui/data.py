"""Cached access to the app's data: the progress store, the lessons and the scenario bank."""

from __future__ import annotations

import hashlib
import logging
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future
from datetime import UTC, datetime
from functools import lru_cache
from typing import TYPE_CHECKING, Any

import streamlit as st

from tutor import config
from tutor.files import Walk, walk
from tutor.i18n import N_, _

log = logging.getLogger(__name__)

if TYPE_CHECKING:
    from tutor.glossary import Glossary
    from tutor.lessons import Lesson
    from tutor.progress import AnswerRecord, Learner, ProgressStore
    from tutor.progress.outbox import Outbox

#: Seconds a folder scan is trusted: an edited or added file is noticed this soon after.
SCAN_SECONDS = 2.0
#: The environment variables the database URL depends on.
_URL_VARS = (
    config.DATA_DIR_VAR,
    config.DATABASE_URL_VAR,
    "XDG_DATA_HOME",
    "APPDATA",
    "HOME",
)


#: The variables the store's time limits and SQLite sync level are read from.
_STORE_VARS = (
    config.CONNECT_TIMEOUT_VAR,
    config.STATEMENT_TIMEOUT_VAR,
    config.SQLITE_SYNCHRONOUS_VAR,
    config.DEADLINE_VAR,
)


@st.cache_resource(max_entries=4)
def store_for(url: str, settings: tuple[str | None, ...] = ()) -> ProgressStore:
    """One progress store per database URL (and settings), shared by every session."""
    from tutor.progress import ProgressStore

    del (
        settings
    )  # only part of the cache key: the store reads them from the environment
    return ProgressStore(url)


@lru_cache(maxsize=8)
def _configured_store(settings: tuple[str | None, ...]) -> ProgressStore:
    return store_for(config.database_url(), settings)


def _settings_key() -> tuple[str | None, ...]:
    """The variables the store depends on: its URL's and its time limits and sync level."""
    return tuple(os.environ.get(v) for v in (*_URL_VARS, *_STORE_VARS))


def progress_store() -> ProgressStore:
    """The progress store for the configured database (``TUTOR_DATA_DIR`` / ``TUTOR_DATABASE_URL``).

    The URL is worked out (and the data folder checked) once per setting of the variables
    it depends on; a setting that fails raises :class:`tutor.config.ConfigError` each time.
    While opening the store failed lately (:data:`STORE_RETRY_SECONDS`) it fails at once
    instead of waiting again: every path shares :func:`available_store`'s failure memory.

    :raises StoreUnavailable: If opening the store failed a moment ago.
    """
    key = _settings_key()
    if _open_failed_lately(key):
        from tutor.progress import StoreUnavailable

        raise StoreUnavailable(
            "The progress database could not be opened a moment ago; it is tried again "
            f"within {STORE_RETRY_SECONDS:g} s. Whoever runs this app can see why with "
            "`tutor health` and in the app's log."
        )
    return _configured_store(key)


def _open_failed_lately(key: tuple[str | None, ...]) -> bool:
    with _store_lock:
        failed_at = _store_failure.get(key)
        opening = _opening.get(key)
    late = opening is not None and opening.done() and not opening.exception()
    return (
        failed_at is not None
        and time.monotonic() - failed_at < STORE_RETRY_SECONDS
        and not late
    )


#: Seconds a failure to open the store is remembered before it is tried again (so that an
#: unreachable database costs one deadline per interval, not one per rerun).
STORE_RETRY_SECONDS = 15.0
#: Shown on every page while the store cannot be used and answers cannot be kept either
#: (never a server path or URL).
STORE_DOWN = N_(
    "Your answers are not being saved right now: the progress database cannot be "
    "reached. Lessons and scenarios still work. Whoever runs this app can see why with "
    "`tutor health` and in the app's log."
)
#: Shown on every page while the store cannot be used but answers are kept meanwhile.
ANSWERS_KEPT = N_(
    "The progress database cannot be reached right now. Your answers are kept on this "
    "server and will be saved as soon as it is back. Lessons and scenarios still work."
)
#: Shown while answers kept during an outage are being saved.
ANSWERS_SAVING = N_(
    "The progress database is back: the answers kept while it was away are being saved."
)
#: Said at once when the store is away and an answer is kept to be saved later.
KEPT_NOTE = N_(
    "Your answer was checked and is kept on this server: it will be saved as soon as the "
    "progress database is back."
)
#: When opening the store last failed, per setting of the variables it depends on.
_store_failure: dict[tuple[str | None, ...], float] = {}
_store_lock = threading.Lock()
#: An opening of the store still under way (given up waiting for at the deadline).
_opening: dict[tuple[str | None, ...], Future[Any]] = {}
_log = logging.getLogger(__name__)


def _open_in_background(key: tuple[str | None, ...]) -> Future[Any]:
    """Open the store in a daemon thread (so a hung server cannot hold the page)."""
    future: Future[Any] = Future()

    def run() -> None:
        try:
            future.set_result(_configured_store(key))
        except BaseException as exc:  # noqa: BLE001 - handed to the page
            future.set_exception(exc)

    threading.Thread(target=run, name="tutor-open-store", daemon=True).start()
    return future


def available_store() -> ProgressStore | None:
    """The progress store, or None while it cannot be used (a bad data folder or URL, a
    database that is down or never answers, or one that failed within the store's failure
    memory).

    Opening waits at most ``$TUTOR_DB_DEADLINE`` seconds (the opening goes on behind the
    page and is used once done). A failure is logged and remembered for
    :data:`STORE_RETRY_SECONDS` per process; the pages then run without the store
    (:func:`store_notice` says what happens to answers meanwhile).
    """
    from tutor.engine import TutorError

    key = _settings_key()
    now = time.monotonic()
    with _store_lock:
        failed_at = _store_failure.get(key)
        opening = _opening.get(key)
        late = opening is not None and opening.done() and not opening.exception()
        if failed_at is not None and now - failed_at < STORE_RETRY_SECONDS and not late:
            return None  # (an opening given up on that has since finished is used)
        if opening is None:
            opening = _opening[key] = _open_in_background(key)
    try:
        deadline = config.db_deadline()
    except TutorError:
        deadline = config.DEFAULT_DEADLINE
    try:
        store: ProgressStore = opening.result(timeout=deadline)
    except TimeoutError:
        with _store_lock:
            _store_failure[key] = time.monotonic()  # the opening goes on meanwhile
        _log.error("The progress store did not open within %g s", deadline)
        return None
    except TutorError as exc:
        with _store_lock:
            _store_failure[key] = time.monotonic()
            _opening.pop(key, None)
        _log.error("The progress store cannot be used: %s", exc, exc_info=True)
        return None
    with _store_lock:
        _store_failure.pop(key, None)
    return None if store.down() else store


def store_down() -> bool:
    """Whether the store cannot be used now (opening it failed, or a call did, lately)."""
    key = _settings_key()
    with _store_lock:
        failed_at = _store_failure.get(key)
        opening = _opening.get(key)
    if failed_at is not None and time.monotonic() - failed_at < STORE_RETRY_SECONDS:
        return True
    if opening is None or not opening.done() or opening.exception() is not None:
        return False
    store: ProgressStore = opening.result()
    return store.down()


def forget_store_failure() -> None:
    """Try the store again on the next :func:`available_store` (tests, a fixed setting)."""
    with _store_lock:
        _store_failure.clear()
        _opening.clear()


# -- answers kept while the store is away ---------------------------------------------

_outboxes: dict[str, Outbox] = {}


def outbox() -> Outbox | None:
    """The queue of answers kept in the data folder, or None if the folder is unusable."""
    from tutor.engine import TutorError
    from tutor.progress.outbox import Outbox

    try:
        folder = config.data_dir()
    except TutorError:
        return None
    if folder.exists() and not folder.is_dir():
        return None
    with _store_lock:
        found = _outboxes.get(str(folder))
        if found is None:
            found = _outboxes[str(folder)] = Outbox(folder)
            if folder.is_dir():
                found.make_reserve()  # the space a full disk leaves for kept answers
    return found


def keeps_answers() -> bool:
    """Whether answers can be kept in the data folder while the store is away."""
    return outbox() is not None


#: What :func:`save_answer` did with an answer.
SAVED, KEPT = "saved", "kept"


def save_answer(
    store: ProgressStore | None,
    learner: Learner,
    *,
    then: Callable[[AnswerRecord], object] | None = None,
    **values: Any,
) -> str:
    """Save one answer (``record_answer``'s keyword arguments), or keep it in the data
    folder's queue if the store is away: :data:`SAVED` or :data:`KEPT`. ``then`` is given
    the saved record (not called for a kept answer: the store numbers it when it is saved).

    The answer gets its id and time here, so a kept one is saved later as it was given,
    once. The queue is written (and on disk) before this returns.

    :raises TutorError: If the store refuses the values, or it is away and the answer
        cannot be kept either.
    """
    from tutor.progress import ProgressError, StoreUnavailable
    from tutor.progress.outbox import new_answer_id

    values.setdefault("answered_at", datetime.now(UTC))
    values["answer_id"] = new_answer_id()
    box = outbox()
    if store is not None and learner.looked_up and (box is None or not box.waiting()):
        try:
            record = store.record_answer(learner, **values)
            if then is not None:
                then(record)
            return SAVED
        except StoreUnavailable as exc:
            _log.error("An answer could not be saved, so it is kept: %s", exc)
    # the store is away, or answers kept earlier wait: keep this one behind them
    if box is None:
        raise ProgressError("the data folder cannot be used to keep answers")
    # a learner the store could not look up yet is kept by name (saved to that name)
    who = (
        {"learner": learner.id} if learner.looked_up else {"learner_name": learner.name}
    )
    box.add({**who, **values})
    replay_soon(store)
    return KEPT


#: The thread saving each data folder's kept answers (one at a time per folder).
_replayers: dict[str, threading.Thread] = {}
_replayer_lock = threading.Lock()
#: Seconds between the first tries to save the kept answers (then longer, up to 5 s).
REPLAY_SECONDS = 1.0


def replay_soon(store: ProgressStore | None) -> None:
    """Save the kept answers in a daemon thread, trying again and again until the queue
    is empty (one thread per data folder)."""
    box = outbox()
    if box is None:
        return
    key = _settings_key()
    with _replayer_lock:
        running = _replayers.get(str(box.folder))
        if running is not None and running.is_alive():
            return
        thread = threading.Thread(
            target=_replay_loop,
            args=(box, store, key),
            name="tutor-replay",
            daemon=True,
        )
        _replayers[str(box.folder)] = thread
        thread.start()


def _configured_folder() -> str | None:
    """The configured data folder (None when the setting is unusable)."""
    from tutor.engine import TutorError

    try:
        return str(config.data_dir())
    except TutorError:
        return None


def _replay_loop(
    box: Outbox, store: ProgressStore | None, key: tuple[str | None, ...]
) -> None:
    from tutor.engine import TutorError

    pause = REPLAY_SECONDS
    while box.waiting():
        if _settings_key() != key or _configured_folder() != str(box.folder):
            # the store and data folder it was started for are no longer the configured
            # ones: their answers wait in their folder for a process configured for them
            # (never saved into another database)
            break
        try:
            if store is None:
                store = _configured_store(key)
            if store.probe():
                with _store_lock:
                    _store_failure.pop(key, None)
                done = box.replay(store)
                if not done.waiting:
                    break
        except TutorError as exc:
            _log.warning("Kept answers not saved yet: %s", exc)
        except Exception:  # noqa: BLE001 - the loop goes on while answers wait
            _log.exception("Kept answers not saved yet")
        time.sleep(pause)
        pause = min(pause * 1.5, 5.0)  # a long outage is asked less often


def store_notice(learner_known: bool) -> str | None:
    """The banner every page shows about saving answers now, or None (all is well).

    While the store is away a learner found earlier in the session is told that answers
    are kept; without one (or without a usable data folder) that nothing is saved.
    """
    box = outbox()
    if store_down():
        return _(ANSWERS_KEPT) if box is not None and learner_known else _(STORE_DOWN)
    if box is not None and box.waiting():
        replay_soon(None)
        return _(ANSWERS_SAVING)
    return None


Patterns = str | tuple[str, ...]


def _scan(folder: str, pattern: Patterns) -> str:
    """A digest of every name under ``folder`` matching ``pattern`` (see :func:`_digest`)."""
    return _digest(folder, pattern)[0]


def _digest(folder: str, pattern: Patterns) -> tuple[str, Walk]:
    """A digest of every name under ``folder`` matching ``pattern`` (path, size, mtime,
    inode; refused names by their refusal), and the walk it was made from.

    The walk is :func:`tutor.files.walk`: no symbolic link is followed, so a loop
    (``loopdir -> .``) cannot make it run for ever.
    """
    walked = walk(folder, pattern)
    digest = hashlib.blake2b(digest_size=16)
    for line in walked.signature_lines():
        digest.update(line.encode("utf-8", "surrogateescape"))
    return digest.hexdigest(), walked


_scans: dict[tuple[str, Patterns], tuple[float, str, Walk]] = {}
_scans_lock = threading.Lock()


def folder_walk(folder: str, pattern: Patterns) -> tuple[str, Walk]:
    """The signature of ``folder`` (see :func:`folder_signature`) and the walk behind it.

    The loaders take the walk from here, so a folder is listed (and each name examined)
    once per :data:`SCAN_SECONDS`, not once for the signature and again for the load.
    """
    now = time.monotonic()
    key = (folder, pattern)
    with _scans_lock:
        seen = _scans.get(key)
    if seen is not None and now - seen[0] < SCAN_SECONDS:
        return seen[1], seen[2]
    signature, walked = _digest(folder, pattern)
    with _scans_lock:
        _scans[key] = (now, signature, walked)
    return signature, walked


def folder_signature(folder: str, pattern: Patterns) -> str:
    """A short digest of the files under ``folder`` matching ``pattern`` and their times.

    Passed to the cached loaders so that an edited, added or removed file is read again.
    A folder is scanned at most once every :data:`SCAN_SECONDS` seconds (per process).
    """
    return folder_walk(folder, pattern)[0]


def forget_scans() -> None:
    """Make the next :func:`folder_signature` scan again (call after writing a bank file)."""
    with _scans_lock:
        _scans.clear()
        _folders.clear()


_folders: dict[str | None, tuple[float, str]] = {}


def lessons_folder() -> str:
    """``tutor.config.lessons_dir()``, worked out at most once per :data:`SCAN_SECONDS`
    per setting of ``TUTOR_LESSONS_DIR`` (the bundled folder's look-up through the
    package's resources cost every rerun more than the scan it feeds).

    :raises ConfigError: If the folder is missing, is a file, or is not readable.
    """
    setting = os.environ.get(config.LESSONS_DIR_VAR)
    now = time.monotonic()
    with _scans_lock:
        seen = _folders.get(setting)
    if seen is not None and now - seen[0] < SCAN_SECONDS:
        return seen[1]
    folder = str(config.lessons_dir())
    with _scans_lock:
        _folders[setting] = (now, folder)
    return folder


@st.cache_resource(max_entries=8, show_spinner=False)
def _lessons(folder: str, signature: str, language: str) -> tuple[Lesson, ...]:
    from tutor.lessons import load_lessons

    del signature  # only part of the cache key
    return tuple(load_lessons(folder, language))


def cached_lessons(language: str | None = None) -> tuple[Lesson, ...]:
    """The cached lessons themselves: the same tuple until a lesson file changes (callers
    may key their own caches on it; never change it)."""
    from tutor.i18n import current_language

    folder = lessons_folder()
    lang = language or current_language()
    return _lessons(folder, folder_signature(folder, "*.md"), lang)


def lessons(language: str | None = None) -> list[Lesson]:
    """The lessons in course order, in ``language`` (default: the session's), each lesson
    with no translation in English (cached until a lesson file changes).
    """
    return list(cached_lessons(language))


@st.cache_resource(max_entries=4, show_spinner=False)
def _glossary(folder: str, signature: str) -> Glossary:
    from tutor.glossary import load_glossary

    del signature  # only part of the cache key
    return load_glossary(folder)


def glossary() -> Glossary:
    """The glossary of the lessons folder (empty without ``glossary.yaml``; cached until the
    file changes).
    """
    folder = lessons_folder()
    return _glossary(folder, folder_signature(folder, "glossary.yaml"))
