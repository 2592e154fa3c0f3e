"""The app's data helpers: the folder digest, the learner names and the store, each cached."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

import pytest

from tutor.ui import data


class Clock:
    """A stand-in for ``time.monotonic`` in :mod:`tutor.ui.data`, moved by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    fake = Clock()
    monkeypatch.setattr(data.time, "monotonic", fake)
    return fake


@pytest.fixture
def env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("TUTOR_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.delenv("TUTOR_DATABASE_URL", raising=False)
    return tmp_path


def bank_folder(root: Path) -> Path:
    folder = root / "bank"
    (folder / "deeper").mkdir(parents=True)
    (folder / "one.yaml").write_text("id: one\n")
    (folder / "deeper" / "two.yml").write_text("id: two\n")
    (folder / "notes.txt").write_text("not a scenario\n")
    return folder


def test_an_empty_or_missing_folder_has_the_digest_of_nothing(tmp_path: Path) -> None:
    nothing = hashlib.blake2b(digest_size=16).hexdigest()
    assert data._scan(str(tmp_path), "*.y*ml") == nothing
    assert data._scan(str(tmp_path / "nowhere"), "*.y*ml") == nothing


def test_the_digest_follows_matching_files_only(tmp_path: Path) -> None:
    folder = bank_folder(tmp_path)
    first = data._scan(str(folder), "*.y*ml")
    assert len(first) == 32
    assert data._scan(str(folder), "*.y*ml") == first
    (folder / "notes.txt").write_text("edited, still not a scenario\n")
    assert data._scan(str(folder), "*.y*ml") == first

    stat = (folder / "deeper" / "two.yml").stat()
    os.utime(folder / "deeper" / "two.yml", ns=(stat.st_atime_ns, stat.st_mtime_ns + 1))
    edited = data._scan(str(folder), "*.y*ml")
    assert edited != first

    (folder / "three.yaml").write_text("id: three\n")
    added = data._scan(str(folder), "*.y*ml")
    assert added not in (first, edited)

    (folder / "three.yaml").unlink()
    assert data._scan(str(folder), "*.y*ml") == edited


def test_a_folder_is_scanned_again_only_after_the_scan_interval(
    tmp_path: Path, clock: Clock
) -> None:
    folder = bank_folder(tmp_path)
    before = data.folder_signature(str(folder), "*.y*ml")
    (folder / "three.yaml").write_text("id: three\n")
    clock.now += data.SCAN_SECONDS - 0.5
    assert data.folder_signature(str(folder), "*.y*ml") == before
    clock.now += 1.0
    after = data.folder_signature(str(folder), "*.y*ml")
    assert after == data._scan(str(folder), "*.y*ml")
    assert after != before


def test_one_store_per_data_folder(env: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first = data.progress_store()
    assert data.progress_store() is first
    assert first.url.database == str(env / "data" / "progress.sqlite3")
    monkeypatch.setenv("TUTOR_DATA_DIR", str(env / "other"))
    second = data.progress_store()
    assert second is not first
    assert second.url.database == str(env / "other" / "progress.sqlite3")
    monkeypatch.setenv("TUTOR_DATA_DIR", str(env / "data"))
    assert data.progress_store() is first


def test_a_bad_data_folder_fails_every_time(
    env: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = env / "a-file"
    blocker.write_text("")
    monkeypatch.setenv("TUTOR_DATA_DIR", str(blocker))
    for _ in range(2):
        with pytest.raises(data.config.ConfigError) as caught:
            data.progress_store()
        assert str(caught.value) == (
            f"TUTOR_DATA_DIR={str(blocker)!r} is a file, not a folder. Set TUTOR_DATA_DIR "
            "to a folder you can write to (it is created if missing), or unset "
            "TUTOR_DATA_DIR to use the default folder."
        )
