"""Pointing the app at a throwaway data folder and a fixture bank, for the UI tests."""

from __future__ import annotations

from pathlib import Path

import pytest


def point_app_at(
    monkeypatch: pytest.MonkeyPatch, data_dir: Path, content: Path
) -> None:
    """Progress in ``data_dir`` (SQLite); scenarios and lessons from ``content``."""
    monkeypatch.setenv("TUTOR_DATA_DIR", str(data_dir))
    monkeypatch.delenv("TUTOR_DATABASE_URL", raising=False)
    monkeypatch.setenv("TUTOR_SCENARIOS_DIR", str(content / "scenarios"))
    monkeypatch.setenv("TUTOR_LESSONS_DIR", str(content / "lessons"))
