"""The progress store: learners and their answers in SQLite or PostgreSQL (SQLAlchemy 2.x).

One front, :class:`ProgressStore`, over four parts along their seams: the connection
(:mod:`tutor.progress.connection`: engine, transactions, deadline, layout), learners and
their secrets (:mod:`~tutor.progress.credentials`), answers and running counts
(:mod:`~tutor.progress.counts`) and reports (:mod:`~tutor.progress.reports`).
"""

from __future__ import annotations

from tutor.progress.connection import (
    FAILURE_MEMORY_SECONDS,
    PIN_MAX,
    PIN_MIN,
    RECENT,
    SQLITE_JOURNAL_LIMIT,
    StoreConnection,
    StoreUnavailable,
    _migrations,
    auth_log,
    bounded,
    normalise_url,
)
from tutor.progress.counts import Counts
from tutor.progress.credentials import Credentials
from tutor.progress.reports import Reports


class ProgressStore(Credentials, Counts, Reports):
    """Learners and answers, kept in the database at ``url``.

    Every write is one transaction. On SQLite the store uses WAL, ``synchronous=NORMAL``
    (``TUTOR_SQLITE_SYNCHRONOUS`` sets FULL or EXTRA), a 30 s busy timeout and
    ``BEGIN IMMEDIATE`` for writes, so several sessions (threads or processes) can write at
    once without lost updates. On PostgreSQL a connection attempt gives up after
    ``connect_timeout`` seconds and a statement after ``statement_timeout`` seconds. The
    layout is brought to the newest Alembic revision when the store opens. Every database
    failure is raised as ``ProgressError``.

    :param url: A SQLAlchemy URL (``sqlite:///path`` or ``postgresql+psycopg://...``).
    :param connect_timeout: Seconds (default ``$TUTOR_DB_CONNECT_TIMEOUT`` or 5).
    :param statement_timeout: Seconds (default ``$TUTOR_DB_STATEMENT_TIMEOUT`` or 15).
    :param synchronous: SQLite's setting (default ``$TUTOR_SQLITE_SYNCHRONOUS`` or NORMAL).
    :param deadline: Seconds any one call may take, counted here, not by the server
        (default ``$TUTOR_DB_DEADLINE`` or 3): a call that takes longer raises
        :class:`StoreUnavailable`, and on PostgreSQL every call for the next
        :data:`FAILURE_MEMORY_SECONDS` fails at once (:meth:`down` says so). On SQLite
        the wait for a lock (the busy timeout) is cut to what is left of the deadline,
        and a statement still running at the deadline is interrupted.
    :raises ProgressError: If the URL is bad, or the database cannot be opened or upgraded.
    :raises ConfigError: If a setting read from the environment is bad.
    """


__all__ = [
    "FAILURE_MEMORY_SECONDS",
    "PIN_MAX",
    "PIN_MIN",
    "RECENT",
    "SQLITE_JOURNAL_LIMIT",
    "ProgressStore",
    "StoreConnection",
    "StoreUnavailable",
    "_migrations",
    "auth_log",
    "bounded",
    "normalise_url",
]
