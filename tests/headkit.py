"""The newest migration's revision id, read from Alembic's scripts (never written as a literal,
so that re-chaining the migrations does not break a test)."""

from __future__ import annotations

from pathlib import Path

from alembic.config import Config
from alembic.script import ScriptDirectory

import tutor.progress

_SCRIPTS = Path(tutor.progress.__file__).resolve().parent / "migrations"


def head_revision() -> str:
    """The head revision of the shipped migrations."""
    cfg = Config()
    cfg.set_main_option("script_location", str(_SCRIPTS))
    head = ScriptDirectory.from_config(cfg).get_current_head()
    assert head is not None
    return head


HEAD = head_revision()
