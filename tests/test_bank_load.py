"""Issue 23 item 7: a level of 4,300 zeros and a 2; the first load of a big bank shows its
progress and reads each unchanged file once per process; a folder is listed once for its
signature and its load."""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path

import pytest
from appkit import point_app_at
from streamlit.testing.v1 import AppTest

from tutor import files
from tutor.scenarios import bank as bank_module
from tutor.scenarios.bank import check_text, load_bank

ROOT = Path(__file__).resolve().parent.parent
APP = ROOT / "tutor" / "ui" / "streamlit_app.py"
DATA = Path(__file__).resolve().parent / "data"
BASE = (DATA / "scenarios" / "spec-example.yaml").read_text(encoding="utf-8")


# -- a whole number with thousands of leading zeros ---------------------------------------
def _level(literal: str) -> str:
    return BASE.replace("level: 2 ", f"level: {literal} ")


def test_a_level_of_4300_zeros_and_a_2_is_level_2_not_a_crash() -> None:
    scenario, problems = check_text(_level("0" * 4300 + "2"), "x.yaml")
    assert problems == [] and scenario is not None and scenario.level == 2
    scenario, problems = check_text(_level("+" + "0" * 5000 + "3"), "x.yaml")
    assert problems == [] and scenario is not None and scenario.level == 3


def test_a_negative_level_of_many_zeros_is_out_of_range() -> None:
    _scenario, problems = check_text(_level("-" + "0" * 4300 + "2"), "x.yaml")
    [problem] = [str(p) for p in problems]
    assert problem.startswith(
        "x.yaml:5:8: level: expected a whole number from 1 to 5 but got -000"
    )
    assert "could not be checked" not in problem


def test_many_significant_digits_are_still_refused_by_the_guard() -> None:
    _scenario, problems = check_text(_level("0" * 10 + "7" * 13), "x.yaml")
    assert [str(p) for p in problems] == [
        "x.yaml:5:8: level: expected a whole number from 1 to 5 but got a number "
        "23 digits long."
    ]


# -- each unchanged file read once ---------------------------------------------------------
def _two_files(tmp_path: Path) -> Path:
    folder = tmp_path / "bank"
    folder.mkdir()
    (folder / "a.yaml").write_text(BASE, encoding="utf-8")
    (folder / "b.yaml").write_text(
        BASE.replace("id: spec-example-two-deuces", "id: second"), encoding="utf-8"
    )
    return folder


def test_the_cached_load_reads_only_the_changed_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bank_module.forget_parsed()
    folder = _two_files(tmp_path)
    read: list[str] = []
    real = files.read_regular

    def counting(path: object, *args: object, **kwargs: object) -> bytes:
        read.append(Path(str(path)).name)
        return real(path, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(files, "read_regular", counting)
    first = load_bank([folder], cache=True)
    assert read == ["a.yaml", "b.yaml"]
    again = load_bank([folder], cache=True)
    assert read == ["a.yaml", "b.yaml"]  # nothing read again
    assert again.scenarios == first.scenarios
    assert again.scenarios[0] is first.scenarios[0]  # the same objects: replays kept
    (folder / "b.yaml").write_text(
        BASE.replace("id: spec-example-two-deuces", "id: second-edited"),
        encoding="utf-8",
    )
    later = time.time_ns() + 10_000_000
    os.utime(folder / "b.yaml", ns=(later, later))
    edited = load_bank([folder], cache=True)
    assert read == ["a.yaml", "b.yaml", "b.yaml"]
    assert [s.id for s in edited.scenarios] == [
        "spec-example-two-deuces",
        "second-edited",
    ]
    # without the cache (tutor validate) every file is read
    load_bank([folder])
    assert read[3:] == ["a.yaml", "b.yaml"]
    bank_module.forget_parsed()


def test_a_file_replaced_by_a_link_is_not_served_from_the_cache(tmp_path: Path) -> None:
    bank_module.forget_parsed()
    folder = _two_files(tmp_path)
    load_bank([folder], cache=True)
    secret = tmp_path / "secret.yaml"
    shutil.copy(folder / "b.yaml", secret)
    (folder / "b.yaml").unlink()
    (folder / "b.yaml").symlink_to(secret)
    loaded = load_bank([folder], cache=True)
    assert [s.id for s in loaded.scenarios] == ["spec-example-two-deuces"]
    assert [p.message for p in loaded.problems] == [
        "b.yaml is a symbolic link; the bank reads only regular files inside its "
        "folder: it was not followed or read. Put a copy of the file there instead."
    ]
    bank_module.forget_parsed()


# -- the app: one listing per folder, progress on the first load ---------------------------
def test_the_app_lists_each_bank_folder_once_for_signature_and_load(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tutor.ui import bank as ui_bank
    from tutor.ui import data

    point_app_at(monkeypatch, tmp_path / "data", DATA / "ui")
    data.forget_scans()
    walked: list[str] = []
    real = files.walk

    def counting(root: object, *args: object, **kwargs: object) -> files.Walk:
        walked.append(str(root))
        return real(root, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(data, "walk", counting)
    monkeypatch.setattr(files, "walk", counting)
    ui_bank._banks.clear()
    view = ui_bank.scenario_bank()
    assert {s.id for s in view.scenarios} == {
        "ui-community",
        "ui-showdown",
        "ui-third-street",
    }
    assert sorted(walked) == sorted(ui_bank.bank_folders())  # once each, not twice
    ui_bank._banks.clear()
    data.forget_scans()


def test_the_first_load_of_a_big_bank_shows_a_count(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tutor.ui import bank as ui_bank
    from tutor.ui import data

    content = tmp_path / "content"
    shutil.copytree(DATA / "ui", content)
    point_app_at(monkeypatch, tmp_path / "data", content)
    monkeypatch.setattr(ui_bank, "PROGRESS_EVERY", 2)  # a "big" bank of three files
    ui_bank._banks.clear()
    data.forget_scans()
    at = AppTest.from_file(str(APP), default_timeout=30)
    at.switch_page("app_pages/walkthrough.py").run()
    assert not at.exception
    labels = [e.label for e in at.status]
    assert "3 scenarios loaded" in labels
    ui_bank._banks.clear()
    data.forget_scans()
