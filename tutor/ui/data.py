"""Cached access to the app's data: the progress store, the lessons and the scenario bank."""

from __future__ import annotations

import fnmatch
import hashlib
import logging
import os
import threading
import time
from functools import lru_cache
from typing import TYPE_CHECKING

import streamlit as st

from tutor import config

log = logging.getLogger(__name__)

if TYPE_CHECKING:
    from tutor.glossary import Glossary
    from tutor.lessons import Lesson
    from tutor.progress import ProgressStore

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
    """
    return _configured_store(_settings_key())


#: Seconds a failure to open the store is remembered before it is tried again (so that an
#: unreachable database costs one connect timeout per interval, not one per rerun).
STORE_RETRY_SECONDS = 15.0
#: Shown on every page while the store cannot be used (never a server path or URL).
STORE_DOWN = (
    "Your answers are not being saved right now: the progress database cannot be "
    "reached. Lessons and scenarios still work. Whoever runs this app can see why with "
    "`tutor health` and in the app's log."
)
#: When opening the store last failed, per setting of the variables it depends on.
_store_failure: dict[tuple[str | None, ...], float] = {}
_store_lock = threading.Lock()
_log = logging.getLogger(__name__)


def available_store() -> ProgressStore | None:
    """The progress store, or None while it cannot be opened (a bad data folder or URL, a
    database that is down or never answers).

    A failure is logged and remembered for :data:`STORE_RETRY_SECONDS` per process; the
    pages then run without saving (:func:`store_down` says so).
    """
    from tutor.engine.errors import TutorError

    key = _settings_key()
    now = time.monotonic()
    with _store_lock:
        failed_at = _store_failure.get(key)
        if failed_at is not None and now - failed_at < STORE_RETRY_SECONDS:
            return None
        try:
            store = progress_store()
        except TutorError as exc:
            _store_failure[key] = time.monotonic()
            _log.error("The progress store cannot be used: %s", exc, exc_info=True)
            return None
        _store_failure.pop(key, None)
        return store


def store_down() -> bool:
    """Whether the last attempt to open the store failed (within the retry interval)."""
    with _store_lock:
        failed_at = _store_failure.get(_settings_key())
    return failed_at is not None and time.monotonic() - failed_at < STORE_RETRY_SECONDS


def forget_store_failure() -> None:
    """Try the store again on the next :func:`available_store` (tests, a fixed setting)."""
    with _store_lock:
        _store_failure.clear()


def _scan(folder: str, pattern: str) -> str:
    """A digest of every file under ``folder`` matching ``pattern``: path, size, mtime."""
    digest = hashlib.blake2b(digest_size=16)
    pending = [folder]
    while pending:
        try:
            with os.scandir(pending.pop()) as entries:
                found = sorted(entries, key=lambda entry: entry.name)
        except OSError:
            log.warning("a folder could not be listed", exc_info=True)
            continue
        for entry in found:
            try:
                if entry.is_dir():
                    pending.append(entry.path)
                elif entry.is_file() and fnmatch.fnmatch(entry.name, pattern):
                    stat = entry.stat()
                    digest.update(
                        f"{entry.path}\0{stat.st_size}\0{stat.st_mtime_ns}\n".encode()
                    )
            except OSError:
                log.warning("a file could not be examined", exc_info=True)
                continue
    return digest.hexdigest()


_scans: dict[tuple[str, str], tuple[float, str]] = {}
_scans_lock = threading.Lock()


def folder_signature(folder: str, pattern: str) -> str:
    """A short digest of the files under ``folder`` matching ``pattern`` and their times.

    Passed to the cached loaders so that an edited, added or removed file is read again.
    A folder is scanned at most once every :data:`SCAN_SECONDS` seconds (per process).
    """
    now = time.monotonic()
    key = (folder, pattern)
    with _scans_lock:
        seen = _scans.get(key)
    if seen is not None and now - seen[0] < SCAN_SECONDS:
        return seen[1]
    signature = _scan(folder, pattern)
    with _scans_lock:
        _scans[key] = (now, signature)
    return signature


def forget_scans() -> None:
    """Make the next :func:`folder_signature` scan again (call after writing a bank file)."""
    with _scans_lock:
        _scans.clear()


@st.cache_resource(max_entries=8, show_spinner=False)
def _lessons(folder: str, signature: str, language: str) -> tuple[Lesson, ...]:
    from tutor.lessons import load_lessons

    del signature  # only part of the cache key
    return tuple(load_lessons(folder, language))


def cached_lessons(language: str | None = None) -> tuple[Lesson, ...]:
    """The cached lessons themselves: the same tuple until a lesson file changes (callers
    may key their own caches on it; never change it)."""
    from tutor.i18n import current_language

    folder = str(config.lessons_dir())
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
    folder = str(config.lessons_dir())
    return _glossary(folder, folder_signature(folder, "glossary.yaml"))
