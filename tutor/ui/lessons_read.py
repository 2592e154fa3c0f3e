"""Which lessons a learner has read: this session's marks, and a named learner's in the store.

Below both the Learn page and the sidebar (which saves the session's marks once a name is
given), so that neither imports the other.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from tutor.engine import TutorError
from tutor.ui.data import progress_store
from tutor.ui.state import LESSONS_READ, LESSONS_READ_SAVED, Settings

if TYPE_CHECKING:
    from tutor.progress import Learner

#: Session key: the lessons opened in this session.
READ = LESSONS_READ

logger = logging.getLogger(__name__)


def mark_read(lesson_id: str, settings: Settings) -> None:
    """Mark the lesson read: in this session, and for a named learner in the store (once)."""
    READ.setdefault().add(lesson_id)
    if settings.learner is not None:
        _save_read(settings.learner, lesson_id)


def keep_session_reads(learner: Learner) -> None:
    """Save under ``learner`` the lessons opened in this session before a name was given."""
    for lesson_id in sorted(READ.get()):
        _save_read(learner, lesson_id)


def _save_read(learner: Learner, lesson_id: str) -> None:
    """The Read mark in the store, once per learner and lesson in a session."""
    saved = LESSONS_READ_SAVED.setdefault()
    key = (learner.id, lesson_id)
    if key in saved:
        return
    try:
        progress_store().mark_lesson_read(learner, lesson_id)
    except (
        TutorError
    ) as exc:  # the session's mark still shows; the reason may name a path
        logger.error("A lesson's Read mark was not saved: %s", exc)
        return
    saved.add(key)


def lessons_read(settings: Settings) -> set[str]:
    """The lessons opened in this session and, for a named learner, ever (from the store)."""
    read: set[str] = set(READ.get())
    if settings.learner is not None:
        try:
            read |= progress_store().lessons_read(settings.learner)
        except TutorError as exc:
            logger.error("The lessons read could not be loaded: %s", exc)
    return read
