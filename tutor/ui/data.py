"""Cached access to the app's data: the progress store, the lessons and the scenario bank."""

from __future__ import annotations

from pathlib import Path

import streamlit as st

from tutor import config
from tutor.lessons import Lesson, load_lessons
from tutor.progress import ProgressStore


@st.cache_resource(max_entries=4)
def store_for(url: str) -> ProgressStore:
    """One progress store per database URL, shared by every session (never mutate it)."""
    return ProgressStore(url)


def progress_store() -> ProgressStore:
    """The progress store for the configured database (``TUTOR_DATA_DIR`` / ``TUTOR_DATABASE_URL``)."""
    return store_for(config.database_url())


def folder_signature(folder: str, pattern: str) -> tuple[tuple[str, float], ...]:
    """The files in ``folder`` matching ``pattern`` with their modification times.

    Passed to the cached loaders so that an edited or added file is read again.
    """
    root = Path(folder)
    if not root.is_dir():
        return ()
    return tuple(
        (str(p), p.stat().st_mtime) for p in sorted(root.rglob(pattern)) if p.is_file()
    )


@st.cache_data(max_entries=8, show_spinner=False)
def _lessons(folder: str, signature: tuple[tuple[str, float], ...]) -> list[Lesson]:
    del signature  # only part of the cache key
    return load_lessons(folder)


def lessons() -> list[Lesson]:
    """The lessons in course order (cached until a lesson file changes)."""
    folder = str(config.lessons_dir())
    return _lessons(folder, folder_signature(folder, "*.md"))
