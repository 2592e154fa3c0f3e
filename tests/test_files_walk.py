"""Issue 19 item 5 and issue 23 item 1: no walk follows a link out of or around a folder.

One walk (tutor.files) serves the scenario bank, the lessons, the instructor bank and the
app's change signatures; a symbolic link, a hard link and a name outside the folder are
located problems, never read, opened, downloaded, loaded or written through.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from appkit import point_app_at, shown
from streamlit.testing.v1 import AppTest

from tutor import files
from tutor.cli import main
from tutor.engine.errors import TutorError
from tutor.lessons import load_lessons
from tutor.scenarios.bank import load_bank, scenario_files
from tutor.scenarios.writer import BankWriteError, InstructorBank

ROOT = Path(__file__).resolve().parent.parent
APP = ROOT / "tutor" / "ui" / "streamlit_app.py"
DATA = Path(__file__).resolve().parent / "data"
BASE = (DATA / "scenarios" / "spec-example.yaml").read_text(encoding="utf-8")
#: A scenario that would load if it were read: its id proves it never was.
SECRET = BASE.replace("id: spec-example-two-deuces", "id: the-secret-outside")
SYMLINK_END = (
    "is a symbolic link; the bank reads only regular files inside its folder: it was "
    "not followed or read. Put a copy of the file there instead."
)


def _outside(tmp_path: Path) -> Path:
    """A file outside the bank (the test's stand-in for /etc/passwd)."""
    secret = tmp_path / "outside" / "passwd"
    secret.parent.mkdir()
    secret.write_text(SECRET, encoding="utf-8")
    return secret


def _bank(tmp_path: Path) -> Path:
    bank = tmp_path / "bank"
    bank.mkdir()
    (bank / "good.yaml").write_text(BASE, encoding="utf-8")
    return bank


def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    code = main(list(argv), out=out)
    return code, out.getvalue()


# -- loops ---------------------------------------------------------------------------------
LOOP_PROBE = textwrap.dedent(
    """
    import json, sys, time
    from tutor.lessons import load_lessons
    from tutor.scenarios.bank import load_bank
    from tutor.scenarios.writer import InstructorBank
    from tutor.ui import data
    folder = sys.argv[1]
    started = time.perf_counter()
    bank = load_bank([folder])
    out = {
        "signature": len(data._scan(folder, "*.y*ml")),
        "ids": [s.id for s in bank.scenarios],
        "problems": [str(p) for p in bank.problems],
        "studio": [f.path.name for f in InstructorBank(folder).files()],
        "lessons": len(load_lessons(sys.argv[2])),
        "lessons_signature": len(data._scan(sys.argv[2], "*.md")),
        "seconds": time.perf_counter() - started,
    }
    print(json.dumps(out))
    """
)


def test_a_symlink_loop_is_walked_once_and_reported_not_followed(
    tmp_path: Path,
) -> None:
    bank = _bank(tmp_path)
    (bank / "deep").mkdir()
    (bank / "deep" / "loopdir").symlink_to(".")
    (bank / "deep" / "updir").symlink_to("..")
    (bank / "loopdir").symlink_to(".")
    (bank / "updir").symlink_to("..")
    lessons = tmp_path / "lessons"
    lessons.mkdir()
    for name in ("01-ui-bring-in.md", "02-ui-showdown.md"):
        (lessons / name).write_bytes((DATA / "ui" / "lessons" / name).read_bytes())
    (lessons / "loopdir").symlink_to(".")
    (lessons / "updir").symlink_to("..")
    # In a child process with a time limit: following the loop would never end.
    done = subprocess.run(
        [sys.executable, "-c", LOOP_PROBE, str(bank), str(lessons)],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout.splitlines()[-1])
    assert out["ids"] == ["spec-example-two-deuces"]
    assert out["problems"] == [
        f"{bank / name}:1:1: {Path(name).name} {SYMLINK_END}"
        for name in ("loopdir", "updir", "deep/loopdir", "deep/updir")
    ]
    assert out["studio"] == ["good.yaml"]
    assert out["lessons"] == 2
    assert out["seconds"] < 10


def test_validate_on_a_looping_folder_finishes_and_names_the_links(
    tmp_path: Path,
) -> None:
    bank = _bank(tmp_path)
    (bank / "loopdir").symlink_to(".")
    code, out = run("validate", str(bank))
    assert (code, out) == (
        1,
        f"{bank / 'loopdir'}:1:1: loopdir {SYMLINK_END}\n2 files checked, 1 failed\n",
    )


def test_the_signature_sees_a_link_appear_without_reading_it(tmp_path: Path) -> None:
    from tutor.ui import data

    bank = _bank(tmp_path)
    before = data._scan(str(bank), "*.y*ml")
    (bank / "passwd.yaml").symlink_to(_outside(tmp_path))
    after = data._scan(str(bank), "*.y*ml")
    assert after != before
    # the target changing changes nothing: it is never examined
    (tmp_path / "outside" / "passwd").write_text("changed", encoding="utf-8")
    assert data._scan(str(bank), "*.y*ml") == after


# -- links to files ------------------------------------------------------------------------
def test_a_symlink_to_an_outside_file_is_a_problem_never_read(tmp_path: Path) -> None:
    bank = _bank(tmp_path)
    (bank / "passwd.yaml").symlink_to(_outside(tmp_path))
    (bank / "inside.yaml").symlink_to(bank / "good.yaml")  # inside: refused too
    loaded = load_bank([bank])
    assert [s.id for s in loaded.scenarios] == ["spec-example-two-deuces"]
    assert [str(p) for p in loaded.problems] == [
        f"{bank / 'inside.yaml'}:1:1: inside.yaml {SYMLINK_END}",
        f"{bank / 'passwd.yaml'}:1:1: passwd.yaml {SYMLINK_END}",
    ]
    assert loaded.failed == [str(bank / "inside.yaml"), str(bank / "passwd.yaml")]
    assert scenario_files([bank]) == [bank / "good.yaml"]


def test_a_symlink_named_on_the_command_line_is_refused_too(tmp_path: Path) -> None:
    bank = _bank(tmp_path)
    (bank / "passwd.yaml").symlink_to(_outside(tmp_path))
    code, out = run("validate", str(bank / "passwd.yaml"))
    assert (code, out) == (
        1,
        f"{bank / 'passwd.yaml'}:1:1: passwd.yaml {SYMLINK_END}\n"
        "1 file checked, 1 failed\n",
    )


HARDLINK = (
    "h.yaml is a hard link (the file has 2 names, and another one may be outside the "
    "folder); only files with one name are read: it was not read. Put a copy of the "
    "file there instead (cp, not ln)."
)


def test_a_hard_link_to_an_outside_file_is_refused(tmp_path: Path) -> None:
    bank = _bank(tmp_path)
    os.link(_outside(tmp_path), bank / "h.yaml")
    loaded = load_bank([bank])
    assert [s.id for s in loaded.scenarios] == ["spec-example-two-deuces"]
    assert [str(p) for p in loaded.problems] == [f"{bank / 'h.yaml'}:1:1: {HARDLINK}"]
    with pytest.raises(files.UnsafeFile) as caught:
        files.read_regular(bank / "h.yaml", 1000)
    assert caught.value.problem.kind == files.HARDLINK


def test_a_name_with_dotdot_is_outside_the_folder(tmp_path: Path) -> None:
    bank = _bank(tmp_path)
    outside = _outside(tmp_path)
    sneaky = bank / ".." / "outside" / "passwd"
    assert sneaky.resolve() == outside.resolve()
    with pytest.raises(files.UnsafeFile) as caught:
        files.read_regular(sneaky, 100_000, bank)
    assert caught.value.problem.kind == files.OUTSIDE
    assert files.check_name(sneaky, bank) == files.outside_problem(sneaky)
    with pytest.raises(BankWriteError, match="not in the instructor bank folder"):
        InstructorBank(bank).read(sneaky)
    # a file inside, named plainly, is read
    assert files.read_regular(bank / "good.yaml", 100_000, bank) == BASE.encode()


def test_a_file_swapped_for_a_link_after_the_walk_is_not_read(tmp_path: Path) -> None:
    bank = _bank(tmp_path)
    [found] = files.walk(bank, "*.yaml").files
    (bank / "good.yaml").unlink()
    (bank / "good.yaml").symlink_to(_outside(tmp_path))
    with pytest.raises(files.UnsafeFile) as caught:
        files.read_regular(found.path, 100_000, bank, mode=found.mode)
    assert caught.value.problem.kind == files.SYMLINK


def test_a_linked_lesson_is_refused_with_the_reason(tmp_path: Path) -> None:
    lessons = tmp_path / "lessons"
    lessons.mkdir()
    (lessons / "01-ui-bring-in.md").write_bytes(
        (DATA / "ui" / "lessons" / "01-ui-bring-in.md").read_bytes()
    )
    (lessons / "02-passwd.md").symlink_to(_outside(tmp_path))
    with pytest.raises(TutorError) as caught:
        load_lessons(lessons)
    assert str(caught.value) == (
        "02-passwd.md is a symbolic link; the bank reads only regular files inside its "
        "folder: it was not followed or read. Put a copy of the file there instead: "
        "remove it from the lessons folder, or put a copy of the file there."
    )


# -- a folder that cannot be listed --------------------------------------------------------
def test_an_unreadable_folder_is_permission_denied_not_no_yaml_files(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bank = _bank(tmp_path)
    real = os.scandir

    def denied(
        path: object,
    ) -> object:  # as for a folder chmod 000 (the tests run as root)
        if Path(str(path)) == bank:
            raise PermissionError(13, "Permission denied", str(path))
        return real(path)  # type: ignore[call-overload]

    monkeypatch.setattr(files.os, "scandir", denied)
    code, out = run("validate", str(bank))
    assert (code, out) == (
        1,
        f"{bank}:1:1: permission denied: the folder bank cannot be listed by the user "
        "the app runs as; give that user read (and, for a folder, execute) "
        "permission.\n0 files checked, 1 failed\n",
    )


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads every folder")
def test_a_chmod_000_folder_is_permission_denied(tmp_path: Path) -> None:
    bank = _bank(tmp_path)
    (bank / "sub").mkdir()
    (bank / "sub").chmod(0)
    try:
        loaded = load_bank([bank])
    finally:
        (bank / "sub").chmod(0o755)
    assert [p.message for p in loaded.problems] == [
        "permission denied: the folder sub cannot be listed by the user the app runs "
        "as; give that user read (and, for a folder, execute) permission."
    ]


# -- the instructor bank -------------------------------------------------------------------
def test_the_instructor_bank_lists_links_as_problems_and_never_writes_through(
    tmp_path: Path,
) -> None:
    bank = _bank(tmp_path)
    secret = _outside(tmp_path)
    (bank / "passwd.yaml").symlink_to(secret)
    os.link(secret, bank / "h.yaml")
    writer = InstructorBank(bank)
    listed = {f.path.name: (f.refused, f.first_problem) for f in writer.files()}
    assert listed == {
        "good.yaml": (False, None),
        "h.yaml": (True, HARDLINK),
        "passwd.yaml": (True, f"passwd.yaml {SYMLINK_END}"),
    }
    for name in ("passwd.yaml", "h.yaml"):
        with pytest.raises(BankWriteError):
            writer.read(bank / name)
    # saving a scenario whose file is a link: refused, the target untouched
    (bank / "the-secret-outside.yaml").symlink_to(secret)
    with pytest.raises(BankWriteError) as caught:
        writer.save(SECRET.replace("Two deuces", "Overwritten"))
    assert str(caught.value) == (
        f"the-secret-outside.yaml {SYMLINK_END} Nothing was written."
    )
    with pytest.raises(BankWriteError):
        writer.delete("the-secret-outside")
    assert secret.read_text(encoding="utf-8") == SECRET
    assert (bank / "the-secret-outside.yaml").is_symlink()
    assert not (bank / ".versions").exists()


def test_the_studio_lists_a_linked_file_and_never_opens_or_downloads_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    point_app_at(monkeypatch, tmp_path / "data", DATA / "ui")
    monkeypatch.setenv("TUTOR_OPEN_INSTRUCTOR", "1")
    mine = tmp_path / "data" / "scenarios"
    mine.mkdir(parents=True)
    secret = _outside(tmp_path)
    (mine / "passwd.yaml").symlink_to(secret)
    (mine / "good.yaml").write_text(
        BASE.replace("id: spec-example-two-deuces", "id: good-one"), encoding="utf-8"
    )
    at = AppTest.from_file(str(APP), default_timeout=30).run()
    at.switch_page("app_pages/studio.py").run()
    at.radio(key="studio_section").set_value("Bank").run()
    assert not at.exception
    assert f"passwd.yaml {SYMLINK_END}" in shown(at.error)
    assert at.selectbox(key="studio_bank_pick").options == ["good.yaml"]
    table = at.dataframe[0].value
    row = table[table["file"].str.contains("passwd")]
    assert row["status"].tolist() == [f"problem: passwd.yaml {SYMLINK_END}"]
    # nothing of the secret reached the page: not its id, not its title
    page = json.dumps(
        [str(e.value) for e in [*at.markdown, *at.error, *at.caption]]
        + table.astype(str).values.tolist()
    )
    assert "the-secret-outside" not in page
    # opening by its name (a forged click) is refused, the editor keeps its text
    from tutor.ui import studio

    with monkeypatch.context() as m:
        notices: dict[str, object] = {}
        m.setattr(studio.st, "session_state", notices)
        studio._open_file(str(mine / "passwd.yaml"))
    assert notices == {
        "studio_bank_msg": ("error", f"passwd.yaml {SYMLINK_END}"),
    }
