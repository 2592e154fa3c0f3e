"""One bad file never stops the others: huge numbers, pipes, crashes, control characters,
look-alike names, long values; ``tutor validate`` and ``tutor answer`` on hostile input."""

from __future__ import annotations

import io
import logging
import os
import subprocess
import sys
from pathlib import Path

import pytest
from helpers.scenarios import problems

from tutor.cli import json_safe, main
from tutor.engine.errors import TutorError
from tutor.engine.rules import GAMES
from tutor.lessons import load_lessons
from tutor.scenarios import bank as bank_module
from tutor.scenarios import check_text, load_bank
from tutor.scenarios.text import look_alike, quote, terminal_safe

DATA = Path(__file__).parent / "data" / "scenarios"
ROOT = Path(__file__).parent.parent
BASE = (DATA / "spec-example.yaml").read_text(encoding="utf-8")
TITLE = "title: Two deuces on third street"


def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    code = main(list(argv), out=out)
    return code, out.getvalue()


# -- huge whole numbers ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("old", "new", "where"),
    [
        (
            "level: 2 ",
            "level: " + "9" * 5000 + " ",
            "5:8: level: expected a whole number from 1 to 5",
        ),
        (
            "button: null",
            "button: " + "1" * 5000,
            "10:9: button: expected a whole number from 1 to 10",
        ),
        (
            "{seat: 3,",
            "{seat: " + "3" * 4400 + ",",
            "13:12: seats[1].seat: expected a whole number from 1 to 10",
        ),
    ],
)
def test_a_number_longer_than_python_converts_is_a_located_problem(
    old: str, new: str, where: str
) -> None:
    digits = len(new.split(": ")[1].strip(" ,"))
    assert problems(BASE.replace(old, new)) == [
        f"x.yaml:{where} but got a number {digits:,} digits long."
    ]


def test_validate_reports_the_huge_number_file_and_the_good_one(tmp_path: Path) -> None:
    (tmp_path / "a-huge.yaml").write_text(
        BASE.replace("level: 2 ", "level: " + "7" * 4301 + " ")
    )
    (tmp_path / "b-good.yaml").write_text(BASE)
    code, out = run("validate", str(tmp_path))
    assert code == 1
    assert out == (
        f"{tmp_path / 'a-huge.yaml'}:5:8: level: expected a whole number from 1 to 5 but "
        "got a number 4,301 digits long.\n2 files checked, 1 failed\n"
    )


# -- only regular files are read ---------------------------------------------------------


PIPE_MESSAGE = (
    ":1:1: this is a named pipe (FIFO), not a regular file: it was skipped without being "
    "read; remove it, or rename it so that its name does not end in .yaml or .yml."
)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_a_named_pipe_is_reported_and_never_opened(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "a-pipe.yaml")
    (tmp_path / "b-good.yaml").write_text(BASE)
    # In a child process with a time limit: opening the pipe would block for ever.
    done = subprocess.run(
        [sys.executable, "-m", "tutor.cli", "validate", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert (done.returncode, done.stderr) == (1, "")
    assert done.stdout == (
        f"{tmp_path / 'a-pipe.yaml'}{PIPE_MESSAGE}\n2 files checked, 1 failed\n"
    )


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_the_bank_skips_a_pipe_and_keeps_the_good_files(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "a-pipe.yml")
    (tmp_path / "b-good.yaml").write_text(BASE)
    bank = load_bank([tmp_path])
    assert [s.id for s in bank.scenarios] == ["spec-example-two-deuces"]
    assert [str(p) for p in bank.problems] == [
        f"{tmp_path / 'a-pipe.yml'}{PIPE_MESSAGE}"
    ]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_a_pipe_among_the_lessons_is_refused_not_opened(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "01-pipe.md")
    with pytest.raises(TutorError) as caught:
        load_lessons(tmp_path)
    assert str(caught.value) == (
        "'01-pipe.md' is not a regular file (a named pipe, socket, device or folder): "
        "remove it from the lessons folder, or rename it so that its name does not end "
        "in .md."
    )


# -- any failure while checking one file ------------------------------------------------


def test_a_crash_in_one_file_is_a_located_problem_logged_with_its_traceback(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    (tmp_path / "a-crash.yaml").write_text(BASE.replace("Two deuces", "Crash"))
    (tmp_path / "b-good.yaml").write_text(BASE)
    real = bank_module.check_text

    def check(text: str | bytes, path: str = "", *, replay: bool = True) -> object:
        if path.endswith("a-crash.yaml"):
            raise RecursionError("maximum recursion depth exceeded")
        return real(text, path, replay=replay)

    monkeypatch.setattr(bank_module, "check_text", check)
    with caplog.at_level(logging.ERROR, logger="tutor.scenarios.bank"):
        code, out = run("validate", str(tmp_path))
    assert code == 1
    assert out == (
        f"{tmp_path / 'a-crash.yaml'}:1:1: the file could not be checked (RecursionError: "
        "'maximum recursion depth exceeded'): this is a bug in Stud Tutor; report it with "
        "the file.\n2 files checked, 1 failed\n"
    )
    [record] = caplog.records
    assert record.getMessage() == (
        f"checking the scenario file {str(tmp_path / 'a-crash.yaml')!r} failed"
    )
    assert record.exc_info is not None and record.exc_info[0] is RecursionError


def test_ctrl_c_ends_validate_without_a_traceback(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def interrupted(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(bank_module, "check_file", interrupted)
    assert run("validate", str(DATA)) == (130, "")
    assert capsys.readouterr().err == "tutor: interrupted\n"


def test_validate_prints_each_file_as_it_is_checked(tmp_path: Path) -> None:
    (tmp_path / "a.yaml").write_text(BASE.replace("game: stud8", "game: razz"))
    (tmp_path / "b.yaml").write_text(BASE.replace("topic: bring-in", "topic: nope"))
    seen: list[tuple[str, int]] = []
    load_bank(
        [tmp_path],
        on_file=lambda name, found: seen.append((Path(name).name, len(found))),
    )
    # a.yaml in razz: its expect (Cy brings in, not Bo) and Bo's bring-in out of turn
    assert seen == [("a.yaml", 2), ("b.yaml", 1)]


# -- long values are quoted short -------------------------------------------------------


def test_a_long_value_is_quoted_to_80_characters() -> None:
    [message] = problems(BASE.replace("game: stud8", "game: " + "s" * 100_000))
    assert message == (
        f"x.yaml:6:7: game: expected one of {', '.join(GAMES)} but got "
        f"'{'s' * 80}'... (100,000 characters)."
    )


def test_a_240_kb_action_is_not_echoed() -> None:
    text = BASE.replace("act: Bo brings in", "act: " + "B" * 240_000 + " brings in")
    [message] = problems(text)
    assert len(message) < 400
    assert message.startswith(
        f"x.yaml:20:10: steps[1].act: '{'B' * 80}'... (240,010 characters) names"
    )


def test_a_long_card_word_is_quoted_short() -> None:
    [message] = problems(
        BASE.replace('"9s 9d Qh 8c"', '"9s 9d Qh ' + "8" * 1000 + 'c"')
    )
    assert message == (
        f"x.yaml:14:43: seats[2].cards: '{'8' * 80}'... (1,001 characters) is not a card: "
        "write a rank 2-9, T, J, Q, K, A (or 10) and a suit c, d, h, s, as in 'Ah', 'td' "
        "or '10d'."
    )


def test_quote() -> None:
    assert quote("Ana") == "'Ana'"
    assert quote("\x1b[2J") == "'\\x1b[2J'"
    assert quote("a" * 81) == f"'{'a' * 80}'... (81 characters)"


# -- control and format characters ------------------------------------------------------


@pytest.mark.parametrize(
    ("written", "position", "shown"),
    [
        ("\\e[2J", 5, "U+001B"),
        ("\\0", 5, "U+0000"),
        ("\u202e", 5, "U+202E (RIGHT-TO-LEFT OVERRIDE)"),
        ("\\u200b", 5, "U+200B (ZERO WIDTH SPACE)"),
        ("\u200d", 5, "U+200D (ZERO WIDTH JOINER)"),
        ("\\L", 5, "U+2028 (LINE SEPARATOR)"),
        ("\\P", 5, "U+2029 (PARAGRAPH SEPARATOR)"),
        ("\\ufeff", 5, "U+FEFF (ZERO WIDTH NO-BREAK SPACE)"),
    ],
)
def test_control_and_format_characters_are_refused(
    written: str, position: int, shown: str
) -> None:
    text = BASE.replace(TITLE, f'title: "Two {written} deuces"')
    assert problems(text) == [
        f"x.yaml:3:8: title: character {position} of the text is {shown}, a control or "
        "format character that text may not hold: remove it (write plain text; new lines "
        "and tabs are allowed)."
    ]


def test_control_characters_are_refused_in_every_text_field() -> None:
    text = BASE.replace(
        "prompt: Who must bring it in, and for how much?",
        'prompt: "Who\\e]8;;http://x\\a brings in?"',
    ).replace("name: Cy,", 'name: "C\\x07y",')
    assert problems(text) == [
        "x.yaml:14:21: seats[2].name: character 2 of the text is U+0007, a control or "
        "format character that text may not hold: remove it (write plain text; new lines "
        "and tabs are allowed).",
        "x.yaml:18:13: steps[0].prompt: character 4 of the text is U+001B, a control or "
        "format character that text may not hold: remove it (write plain text; new lines "
        "and tabs are allowed).",
        "x.yaml:22:11: steps[3].act[0]: 'Cy completes' names 'Cy', who is not at this "
        "table: the players are Ana, Bo.",
    ]


def test_new_lines_and_tabs_stay_allowed_in_long_text() -> None:
    text = BASE.replace(
        "prompt: Who must bring it in, and for how much?",
        'prompt: "Who must bring it in?\\n\\tAnd for how much?"',
    )
    scenario, found = check_text(text, "x.yaml")
    assert found == [] and scenario is not None
    assert scenario.steps[0].ask is not None
    assert scenario.steps[0].ask.prompt == "Who must bring it in?\n\tAnd for how much?"


# -- look-alike player names ------------------------------------------------------------


@pytest.mark.parametrize("twin", ["ana", "ANA", "\u0410na", "An\u0430", "\uff21na"])
def test_names_that_read_alike_are_refused(twin: str) -> None:
    found = problems(BASE.replace("name: Bo,", f"name: {twin},").replace("Bo", "Ana"))
    assert found[0] == (
        f"x.yaml:13:21: seats[1].name: the name {twin!r} reads like 'Ana' of seats[0]: "
        "they differ only by case or by look-alike letters; give each player a name that "
        "reads differently."
    )


def test_look_alike() -> None:
    assert look_alike("Ana", "ana")
    assert look_alike("Ana", "\u0410na")  # Cyrillic A
    assert look_alike("Bo", "B0")
    assert not look_alike("Ana", "Ann")
    assert not look_alike("Bo", "Cy")
    assert not look_alike("Ana", "Ana")  # the same name is the duplicate check's


def test_the_shipped_bank_has_no_look_alike_names() -> None:
    bank = load_bank([ROOT / "scenarios"])
    assert bank.problems == []


# -- the terminal never gets a raw control character ------------------------------------


def test_answer_escapes_control_characters_on_the_terminal(tmp_path: Path) -> None:
    path = tmp_path / "bad\x1b[2J\u202e.yaml"
    path.write_text(BASE.replace("game: stud8", "game: stud-8"))
    code, out = run("answer", str(path))
    assert code == 1
    assert "\x1b" not in out and "\u202e" not in out
    assert out == (
        f"{tmp_path}/bad\\x1b[2J\\u202e.yaml:6:7: game: expected one of {', '.join(GAMES)} but got "
        "'stud-8'; did you mean 'stud8'?\n"
    )


def test_terminal_safe_and_json_safe() -> None:
    assert terminal_safe("a\x1b[31mb\u2028c\nd") == "a\\x1b[31mb\\u2028c\nd"
    assert json_safe('{"t": "a\u202eb\u200bc"}') == '{"t": "a\\u202eb\\u200bc"}'


# -- the server's size limits -----------------------------------------------------------


def test_tutor_run_and_the_config_file_bound_uploads_and_messages() -> None:
    import tomllib

    from tutor.cli import MAX_MESSAGE_MB, MAX_UPLOAD_MB, run_command
    from tutor.scenarios.nodes import MAX_BYTES

    argv = run_command()
    options = dict(zip(argv[5::2], argv[6::2], strict=True))
    assert options["--server.maxUploadSize"] == "1" == str(MAX_UPLOAD_MB)
    assert options["--server.maxMessageSize"] == "8" == str(MAX_MESSAGE_MB)
    server = tomllib.loads((ROOT / ".streamlit" / "config.toml").read_text())["server"]
    assert (server["maxUploadSize"], server["maxMessageSize"]) == (1, 8)
    assert MAX_BYTES < MAX_UPLOAD_MB * 1024 * 1024  # the largest scenario fits


# -- the app keeps serving the good scenarios -------------------------------------------


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_the_app_serves_the_good_scenarios_beside_a_pipe_and_a_huge_number(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import shutil

    from appkit import point_app_at
    from streamlit.testing.v1 import AppTest

    ui = Path(__file__).parent / "data" / "ui"
    point_app_at(monkeypatch, tmp_path / "data", ui)
    folder = tmp_path / "scenarios"
    folder.mkdir()
    for good in sorted((ui / "scenarios").glob("*.yaml")):
        shutil.copy(good, folder)
    os.mkfifo(folder / "a-pipe.yaml")
    (folder / "b-huge.yaml").write_text(
        BASE.replace("level: 2 ", "level: " + "9" * 5000 + " ")
    )
    monkeypatch.setenv("TUTOR_SCENARIOS_DIR", str(folder))
    at = AppTest.from_file(
        str(ROOT / "tutor" / "ui" / "streamlit_app.py"), default_timeout=30
    ).run()
    at.switch_page("app_pages/walkthrough.py").run()
    assert not at.exception
    assert [w.value for w in at.warning] == []  # a learner can do nothing about it
    monkeypatch.setenv("TUTOR_OPEN_INSTRUCTOR", "1")
    at.run()
    assert [w.value for w in at.warning] == [
        "2 problems in the scenario files keep some scenarios out; the Studio's Bank "
        "section lists them (only instructors see this)."
    ]
    at.switch_page("app_pages/studio.py").run()
    at.radio(key="studio_section").set_value("Bank").run()
    assert not at.exception
    assert (
        "3 of 5 files are valid (0 in the instructor bank, listed first). Click a "
        "column's header to sort by it."
    ) in [m.value for m in at.markdown]
    rows = at.dataframe[0].value.to_dict("records")
    status = {row["file"]: row["status"] for row in rows}
    assert status["the bundled bank (b-huge.yaml)"] == (
        "problem: line 5: level: expected a whole number from 1 to 5 but got a number "
        "5,000 digits long."
    )
    assert status["the bundled bank (a-pipe.yaml)"] == "problem: line 1: " + (
        PIPE_MESSAGE.removeprefix(":1:1: ")
    )


def test_sigint_during_validate_ends_quietly_with_status_130(tmp_path: Path) -> None:
    import signal

    bad = BASE.replace("game: stud8", "game: stud-8")
    for k in range(1500):
        (tmp_path / f"s{k:04d}.yaml").write_text(bad)
    process = subprocess.Popen(
        [sys.executable, "-m", "tutor.cli", "validate", str(tmp_path)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert process.stdout is not None
    first = process.stdout.readline()  # the first file is done: the rest are not
    assert first.startswith(f"{tmp_path / 's0000.yaml'}:6:7: game:")
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=60)
    assert (process.returncode, err) == (130, "tutor: interrupted\n")
    assert "checked" not in out  # stopped before the summary


def test_long_anchor_tag_and_key_names_are_quoted_short() -> None:
    anchor = "a" * 5000
    [alias] = problems(BASE.replace("button: null", f"button: *{anchor}"))
    assert alias == (
        f"x.yaml:10:9: the alias *{'a' * 80}... (5,000 characters) has no anchor "
        f"&{'a' * 80}... (5,000 characters) before it: define the anchor first or write "
        "the values out."
    )
    [tag] = problems(BASE.replace("button: null", f"button: !<{'t' * 5000}> 1"))
    assert tag.startswith(
        f"x.yaml:10:9: the tag '{'t' * 80}'... (5,000 characters) is "
    )
    keys = ", ".join(f"{'k' * 30}{n}: 1" for n in range(12))
    [step] = problems(BASE.replace("  - act: Bo brings in", f"  - {{{keys}}}"))
    assert step == (
        "x.yaml:20:5: steps[1]: a step needs act: (actions), ask: (a question) or event: "
        "(an irregularity); its keys are "
        + ", ".join(f"'{'k' * 20}'... (31 characters)" for _ in range(8))
        + " and 4 more."
    )


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_answer_on_a_pipe_is_a_usage_error_not_a_hang(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pipe = tmp_path / "p.yaml"
    os.mkfifo(pipe)
    assert run("answer", str(pipe)) == (2, "")
    assert capsys.readouterr().err == (
        f"tutor answer: {str(pipe)!r} is not a regular file: give one scenario file\n"
    )


def test_a_crash_while_checking_pasted_text_is_a_located_problem(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    def broken(text: object, path: str = "") -> object:
        raise MemoryError("out of memory")

    monkeypatch.setattr(bank_module, "read_draft", broken)
    with caplog.at_level(logging.ERROR, logger="tutor.scenarios.bank"):
        scenario, found = check_text(BASE, "pasted.yaml")
    assert scenario is None
    assert [str(p) for p in found] == [
        "pasted.yaml:1:1: the file could not be checked (MemoryError: 'out of memory'): "
        "this is a bug in Stud Tutor; report it with the file."
    ]
    [record] = caplog.records
    assert record.exc_info is not None and record.exc_info[0] is MemoryError


@pytest.mark.parametrize("amount", ["9" * 5000, "0." + "9" * 5000])
def test_a_huge_amount_in_an_action_is_a_located_problem(amount: str) -> None:
    [message] = problems(BASE.replace("Cy completes", f"Cy completes {amount}"))
    text = f"Cy completes {amount}"
    assert message == (
        f"x.yaml:22:11: steps[3].act[0]: the amount in {quote(text)} is "
        f"{len(amount):,} characters long: amounts go up to 1,000,000,000, to the cent, as "
        "in 'Ana bets 4'."
    )


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        (
            "stack: 100",
            "stack: -" + "9" * 5000,
            f"x.yaml:12:33: seats[0].stack: -{'9' * 79}... (5,001 characters) is negative: "
            "amounts are 0 or more.",
        ),
        (
            "ante: 0.25",
            "ante: 0." + "1" * 5000,
            f"x.yaml:9:42: stakes.ante: 0.{'1' * 78}... (5,002 characters) has more than 2 "
            "decimal places: amounts go down to the cent, as in 0.25.",
        ),
        (
            'cards: "9s 9d Qh 8c"',
            "cards: " + "7" * 5000,
            f"x.yaml:14:33: seats[2].cards: {'7' * 80}... (5,000 characters) is a number, "
            'not cards: write each card\'s rank and suit together, as in "10d 9c ??".',
        ),
        (
            "title: Two deuces on third street",
            "title: " + "9" * 5000,
            f"x.yaml:3:8: title: {'9' * 80}... (5,000 characters) is read by YAML as a "
            f'number, not as text: quote it, as in "{"9" * 80}... (5,000 characters)".',
        ),
    ],
)
def test_values_yaml_reads_as_numbers_are_shown_short(
    old: str, new: str, message: str
) -> None:
    assert problems(BASE.replace(old, new)) == [message]
