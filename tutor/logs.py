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


def configure(level: str | None = None) -> logging.Logger:
    """Give the ``tutor`` logger one handler to standard error (called again: still one).

    Records still propagate to the root logger, which Streamlit leaves without handlers.
    """
    logger = logging.getLogger("tutor")
    name = (level or os.environ.get(LEVEL_VAR, "") or "INFO").strip().upper()
    logger.setLevel(name if name in _LEVELS else "INFO")
    if not any(getattr(h, _MARK, False) for h in logger.handlers):
        handler = logging.StreamHandler(sys.stderr)
        handler.setFormatter(logging.Formatter(FORMAT))
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
