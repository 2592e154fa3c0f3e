"""The ``tutor`` command: validate, answer, schema, run; exit codes and exact output."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from tutor.cli import main, run_command
from tutor.engine.rules import GAMES
from tutor.scenarios.schema import json_schema, schema_text

DATA = Path(__file__).parent / "data" / "scenarios"
ROOT = Path(__file__).parent.parent


def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    code = main(list(argv), out=out)
    return code, out.getvalue()


def test_validate_good_folder() -> None:
    assert run("validate", str(DATA)) == (0, "4 files checked, 0 failed\n")


def test_validate_one_good_file() -> None:
    assert run("validate", str(DATA / "full-hand.yaml")) == (
        0,
        "1 file checked, 0 failed\n",
    )


def test_validate_reports_problems_and_fails(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(
        (DATA / "full-hand.yaml").read_text().replace("game: stud8", "game: stud-8")
    )
    (tmp_path / "good.yml").write_text((DATA / "spec-example.yaml").read_text())
    assert run("validate", str(tmp_path)) == (
        1,
        (
            f"{bad}:6:7: game: expected one of {', '.join(GAMES)} but got 'stud-8'; did you mean "
            "'stud8'?\n2 files checked, 1 failed\n"
        ),
    )


def test_validate_missing_path_is_a_usage_error(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert run("validate", "no/such/place.yaml") == (2, "")
    assert capsys.readouterr().err == (
        "tutor validate: no such file or folder: 'no/such/place.yaml'\n"
    )


def test_validate_folder_without_scenarios(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run("validate", str(tmp_path)) == (2, "")
    assert (
        capsys.readouterr().err
        == f"tutor validate: no *.yaml or *.yml files under {tmp_path}\n"
    )


def test_answer_json_is_the_spec_object() -> None:
    code, out = run("answer", str(DATA / "spec-example.yaml"), "--json")
    assert code == 0
    result = json.loads(out)
    assert result["id"] == "spec-example-two-deuces"
    assert [(a["step"], a["kind"], a["answer"]) for a in result["answers"]] == [
        (0, "bring-in", {"player": "Bo", "seat": 3, "card": "2c", "amount": 1}),
        (
            2,
            "legal-actions",
            {"player": "Cy", "actions": ["fold", "call 1", "complete 2"]},
        ),
        (4, "first-to-act", {"player": "Cy", "seat": 5}),
    ]
    assert result["answers"][0]["rules"] == ["bring-in.who", "bring-in.amount"]


def test_answer_human_readable() -> None:
    code, out = run("answer", str(DATA / "start-sixth.yaml"))
    assert code == 0
    assert out.splitlines()[:3] == [
        "start-sixth: From sixth street",
        "steps[0] first-to-act: Who acts first on this street?",
        '  answer: {"player": "Di", "seat": 6}',
    ]
    assert out.splitlines()[4] == "  rules: act.later"
    assert out.splitlines()[9:11] == [
        "steps[3] legal-actions: What may the player to act do now?",
        '  answer: {"player": "Ana", "actions": ["fold", "call 10", "raise 20"]}',
    ]


def test_answer_on_a_failing_file_prints_the_same_messages(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(
        (DATA / "spec-example.yaml").read_text().replace("Bo brings in", "Cy brings in")
    )
    assert run("answer", str(bad), "--json") == (
        1,
        (
            f"{bad}:20:10: steps[1].act: 'Cy brings in' is out of turn: it is Bo's turn to act on "
            "third street (act.third).\n"
        ),
    )
    assert (
        run("validate", str(bad))[1].splitlines()[0]
        == run("answer", str(bad))[1].strip()
    )


def test_answer_missing_file(capsys: pytest.CaptureFixture[str]) -> None:
    assert run("answer", "nope.yaml") == (2, "")
    assert capsys.readouterr().err == "tutor answer: no such file: 'nope.yaml'\n"


def test_schema_prints_the_json_schema() -> None:
    code, out = run("schema")
    assert code == 0 and json.loads(out) == json_schema()


def test_shipped_schema_file_is_the_generated_one() -> None:
    assert (ROOT / "scenarios" / "schema.json").read_text() == schema_text()


def test_schema_accepts_the_fixtures_and_is_valid_draft_2020_12() -> None:
    import jsonschema
    import yaml

    validator = jsonschema.Draft202012Validator(json_schema())
    jsonschema.Draft202012Validator.check_schema(json_schema())
    for path in sorted(DATA.glob("*.yaml")):
        assert list(validator.iter_errors(yaml.safe_load(path.read_text()))) == [], path
    broken = yaml.safe_load((DATA / "full-hand.yaml").read_text())
    broken["steps"][0]["expect"]["colour"] = "red"
    broken["seats"][0]["cards"] = "Ah Zz"
    assert len(list(validator.iter_errors(broken))) == 2


def test_run_command() -> None:
    argv = run_command(8600, "0.0.0.0")
    assert argv[:4] == [sys.executable, "-m", "streamlit", "run"]
    assert argv[4].endswith("tutor/ui/streamlit_app.py")
    assert argv[5:] == [
        "--server.headless",
        "true",
        "--server.address",
        "0.0.0.0",
        "--server.port",
        "8600",
        "--browser.gatherUsageStats",
        "false",
        "--server.fileWatcherType",
        "none",
        "--runner.postScriptGC",
        "false",
        "--server.maxUploadSize",
        "1",
        "--server.maxMessageSize",
        "8",
    ]
    assert run_command()[9:11] == ["--server.port", "8501"]
    assert run_command()[7:9] == ["--server.address", "127.0.0.1"]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            [],
            "tutor: give a command: validate, answer, generate, schema or run (see 'tutor --help')",
        ),
        (
            ["frobnicate"],
            (
                "tutor: argument COMMAND: invalid choice: 'frobnicate' (choose from "
                "'validate', 'answer', 'schema', 'generate', 'health', 'learner', 'run', 'serve') (see 'tutor --help')"
            ),
        ),
        (
            ["validate"],
            (
                "tutor validate: the following arguments are required: PATH (see 'tutor "
                "validate --help')"
            ),
        ),
        (
            ["run", "--port", "99999"],
            (
                "tutor run: argument --port: 99999 is not a port number: use "
                "1 to 65535 (see 'tutor run --help')"
            ),
        ),
        (
            ["run", "--port", "http"],
            (
                "tutor run: argument --port: 'http' is not a port number: use "
                "1 to 65535 (see 'tutor run --help')"
            ),
        ),
        (
            ["answer", "x.yaml", "--jsn"],
            "tutor: unrecognized arguments: --jsn (see 'tutor --help')",
        ),
    ],
)
def test_bad_arguments_one_line_exit_2(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(*argv) == (2, "")
    assert capsys.readouterr().err == message + "\n"


def test_help_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    assert run("--help") == (0, "")
    assert "validate" in capsys.readouterr().out


def test_answer_json_equals_answer_scenario() -> None:
    from tutor.scenarios import answer_scenario, load_scenario

    code, out = run("answer", "--json", str(DATA / "full-hand.yaml"))
    assert code == 0
    assert json.loads(out) == answer_scenario(load_scenario(DATA / "full-hand.yaml"))
    assert len(json.loads(out)["answers"]) == 17


def test_answer_into_a_closed_pipe_prints_no_traceback(capsys):
    from pathlib import Path

    from tutor.cli import main

    class ClosedPipe:
        def write(self, text: str) -> int:
            raise BrokenPipeError(32, "Broken pipe")

        def flush(self) -> None:
            raise BrokenPipeError(32, "Broken pipe")

    scenario = Path(__file__).resolve().parent / "data" / "scenarios" / "full-hand.yaml"
    assert main(["answer", str(scenario)], out=ClosedPipe()) == 0  # type: ignore[arg-type]
    assert capsys.readouterr().err == ""


#: ``tutor`` with the engine broken: checking any file crashes inside the replay.
CRASHING = """
import sys
import tutor.scenarios.replay as replay
class Broken:
    def __init__(self, setup):
        raise KeyError("seat")
replay.Hand = Broken
from tutor.cli import main
sys.exit(main(sys.argv[1:]))
"""
CRASH_LINE = (
    f"{DATA / 'spec-example.yaml'}:12:3: internal error in the rules engine "
    "(KeyError: 'seat'); the file may be fine: please report it with this file.\n"
)


def crashing_tutor(*argv: str, level: str | None = None) -> tuple[int, str, str]:
    import os
    import subprocess

    env = {k: v for k, v in os.environ.items() if k != "TUTOR_LOG_LEVEL"}
    env["PYTHONPATH"] = str(ROOT)
    if level is not None:
        env["TUTOR_LOG_LEVEL"] = level
    done = subprocess.run(
        [sys.executable, "-c", CRASHING, *argv],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=60,
    )
    return done.returncode, done.stdout, done.stderr


def test_a_crash_while_checking_shows_its_problem_line_and_no_traceback() -> None:
    path = str(DATA / "spec-example.yaml")
    assert crashing_tutor("validate", path) == (
        1,
        CRASH_LINE + "1 file checked, 1 failed\n",
        "",
    )
    assert crashing_tutor("answer", path) == (1, CRASH_LINE, "")


@pytest.mark.parametrize(
    ("flags", "level"), [(("--verbose",), None), (("-v",), None), ((), "DEBUG")]
)
def test_the_traceback_is_printed_when_asked_for(
    flags: tuple[str, ...], level: str | None
) -> None:
    code, out, err = crashing_tutor(
        "validate", str(DATA / "spec-example.yaml"), *flags, level=level
    )
    assert (code, out) == (1, CRASH_LINE + "1 file checked, 1 failed\n")
    lines = err.splitlines()
    assert lines[0].endswith(
        " ERROR tutor.scenarios.replay: internal error in the rules engine at the setup"
    )
    assert lines[1] == "Traceback (most recent call last):"
    assert lines[-1] == "KeyError: 'seat'"


def test_validate_help_names_the_verbose_flag(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["validate", "--help"]) == 0
    help_text = " ".join(capsys.readouterr().out.split())
    assert (
        "-v, --verbose also print the log on standard error, with the traceback of any "
        "crash while checking a file (TUTOR_LOG_LEVEL=DEBUG does the same); without it "
        "a crash shows only as the file's problem line"
    ) in help_text
