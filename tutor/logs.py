"""The one logging configuration of the app: ``tutor.*`` records to standard error.

``tutor run`` starts Streamlit, whose own loggers it configures; the app's router calls
:func:`configure` once, so every record of the ``tutor`` loggers (with tracebacks of the
exceptions the app catches and carries on from) reaches the server's log.
``TUTOR_LOG_LEVEL`` (DEBUG, INFO, WARNING, ERROR; default INFO) sets how much.

The commands that report problems themselves (``tutor validate``, ``tutor answer``) call
:func:`configure_command` instead: their user sees each problem as a located line, and
the log (with the traceback of a crash while checking a file) only when they ask for it.
"""

from __future__ import annotations

import logging
import os
import sys

LEVEL_VAR = "TUTOR_LOG_LEVEL"
FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
_MARK = "_tutor_handler"


def safe_text(text: str) -> str:
    r"""``text`` with every control and format character written as an escape.

    A log line is one line: a name with a line break in it cannot forge a second record,
    and a terminal escape (``\x1b[...``) or a right-to-left override cannot change how the
    log reads.

    >>> safe_text("Tom\nERROR forged\x1b[31m\u202e")
    'Tom\\nERROR forged\\x1b[31m\\u202e'
    """
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else _escaped(c) for c in text)


def _escaped(char: str) -> str:
    named = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}.get(char)
    if named is not None:
        return named
    code = ord(char)
    return (
        f"\\x{code:02x}"
        if code < 0x100
        else f"\\u{code:04x}"
        if code < 0x10000
        else f"\\U{code:08x}"
    )


class SafeFormatter(logging.Formatter):
    """The log's format, its message part escaped (:func:`safe_text`): data in a message
    (a learner's name, a file name) can never start a line of its own. A traceback that
    follows the message keeps its lines."""

    def formatMessage(self, record: logging.LogRecord) -> str:
        record.message = safe_text(record.message)
        return super().formatMessage(record)


def configure(level: str | None = None) -> logging.Logger:
    """Give the ``tutor`` logger one handler to standard error (called again: still one).

    Records still propagate to the root logger, which Streamlit leaves without handlers.
    """
    logger = logging.getLogger("tutor")
    name = (level or os.environ.get(LEVEL_VAR, "") or "INFO").strip().upper()
    logger.setLevel(name if name in _LEVELS else "INFO")
    if not any(getattr(h, _MARK, False) for h in logger.handlers):
        handler = logging.StreamHandler(sys.stderr)
        handler.setFormatter(SafeFormatter(FORMAT))
        setattr(handler, _MARK, True)
        logger.addHandler(handler)
    return logger


def configure_command(verbose: bool = False) -> logging.Logger:
    """The log of a command that prints its own problems, as its user asked for it.

    With ``verbose`` (``--verbose``: DEBUG) or ``TUTOR_LOG_LEVEL`` set, as :func:`configure`:
    every record, with its traceback, to standard error. Otherwise the ``tutor`` logger gets
    a handler that drops records (unless it has handlers already), so Python's last-resort
    handler prints no traceback; handlers configured elsewhere (the root logger's, an
    embedding program's) still receive every record.
    """
    if verbose or os.environ.get(LEVEL_VAR, "").strip():
        return configure("DEBUG" if verbose else None)
    logger = logging.getLogger("tutor")
    if not logger.handlers:
        logger.addHandler(logging.NullHandler())
    return logger


_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
