"""tutor/ui/data.py's per-rerun shortcuts: the lessons folder is worked out once per scan
interval and per setting, and follows a changed setting at once."""

from __future__ import annotations

from pathlib import Path

import pytest

from tutor import config
from tutor.ui import data


def test_the_lessons_folder_is_looked_up_once_per_interval_and_setting(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first, second = tmp_path / "a", tmp_path / "b"
    first.mkdir()
    second.mkdir()
    calls: list[str] = []
    real = config.lessons_dir

    def counted() -> Path:
        calls.append("lookup")
        return real()

    monkeypatch.setattr(config, "lessons_dir", counted)
    data.forget_scans()
    monkeypatch.setenv("TUTOR_LESSONS_DIR", str(first))
    assert [data.lessons_folder() for _ in range(5)] == [str(first)] * 5
    assert calls == ["lookup"]
    monkeypatch.setenv("TUTOR_LESSONS_DIR", str(second))  # a new setting: at once
    assert data.lessons_folder() == str(second)
    assert calls == ["lookup", "lookup"]
    # past the interval it is looked up again (a folder removed is then noticed)
    monkeypatch.setattr(data, "SCAN_SECONDS", 0.0)
    second.rmdir()
    with pytest.raises(config.ConfigError) as info:
        data.lessons_folder()
    assert str(info.value) == (
        f"TUTOR_LESSONS_DIR={str(second)!r} does not exist. Set TUTOR_LESSONS_DIR to an "
        "existing folder, or unset it to use the bundled one."
    )
    data.forget_scans()
