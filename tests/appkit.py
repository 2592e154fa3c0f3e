"""Pointing the app at a throwaway data folder and a fixture bank, for the UI tests."""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest


def point_app_at(
    monkeypatch: pytest.MonkeyPatch, data_dir: Path, content: Path
) -> None:
    """Progress in ``data_dir`` (SQLite); scenarios and lessons from ``content``."""
    monkeypatch.setenv("TUTOR_DATA_DIR", str(data_dir))
    monkeypatch.delenv("TUTOR_DATABASE_URL", raising=False)
    monkeypatch.setenv("TUTOR_SCENARIOS_DIR", str(content / "scenarios"))
    monkeypatch.setenv("TUTOR_LESSONS_DIR", str(content / "lessons"))


def unescape(text: str) -> str:
    """What the learner reads for a Markdown string the app escaped (tutor.ui.text.plain)."""
    return re.sub(r"\\(.)", r"\1", text).replace("\u2060", "")


def shown(elements: Iterable[Any]) -> list[str]:
    """The text of each element (markdown, alerts, captions, headings) as the learner reads it."""
    return [unescape(str(e.value)) for e in elements]


def sign_in(at: Any, name: str) -> None:
    """Start ``at`` signed in as the learner ``name`` (who must exist in the store), as a
    browser whose sign-in cookie was taken back would be (AppTest sends no cookies)."""
    at.session_state["learner_name"] = name
    at.session_state["_learner_restored"] = True


def claim(at: Any, name: str, pin: str = "2468", where: str = "sidebar") -> None:
    """Type a new ``name`` into the name box ``where`` and claim it with ``pin`` (twice)."""
    at.text_input(key=f"{where}_name").set_value(name).run()
    at.text_input(key=f"{where}_claim_pin").set_value(pin)
    at.text_input(key=f"{where}_claim_again").set_value(pin)
    at.button(key=f"{where}_claim").click().run()
