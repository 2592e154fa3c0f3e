"""The ``tutor`` command: validate and answer scenario files, print the schema, run the app."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NoReturn, TextIO

DEFAULT_PORT = 8501
DEFAULT_ADDRESS = "127.0.0.1"


class UsageError(Exception):
    """Bad command-line arguments: shown as one line, exit status 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{self.prog}: {message} (see '{self.prog} --help')")


def _port(text: str) -> int:
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a port number: use 1 to 65535"
        )
    if not 1 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"{port} is not a port number: use 1 to 65535")
    return port


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="tutor", description="Stud Tutor: scenario tools and the app."
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    validate = sub.add_parser("validate", help="check scenario files and folders")
    validate.add_argument(
        "paths",
        nargs="+",
        metavar="PATH",
        help="scenario files, or folders searched for *.yaml and *.yml",
    )
    answer = sub.add_parser(
        "answer", help="print the engine's answer to every ask of a file"
    )
    answer.add_argument("file", metavar="FILE")
    answer.add_argument("--json", action="store_true", help="print one JSON object")
    sub.add_parser("schema", help="print the JSON Schema of the scenario format")
    health = sub.add_parser(
        "health",
        help="check the progress store, the scenario bank and the lessons (exit 1 if one fails)",
    )
    health.add_argument("--json", action="store_true", help="print one JSON object")
    run = sub.add_parser("run", help="start the Streamlit app")
    run.add_argument(
        "--port",
        type=_port,
        default=DEFAULT_PORT,
        help=f"port to listen on (default {DEFAULT_PORT})",
    )
    run.add_argument(
        "--address",
        default=DEFAULT_ADDRESS,
        help=f"address to listen on (default {DEFAULT_ADDRESS})",
    )
    from tutor.serve import add_parser as add_serve_parser

    add_serve_parser(sub, _port, DEFAULT_PORT)
    return parser


def app_path() -> Path:
    """The Streamlit entry point inside the installed package."""
    return Path(__file__).resolve().parent / "ui" / "streamlit_app.py"


def run_command(port: int = DEFAULT_PORT, address: str = DEFAULT_ADDRESS) -> list[str]:
    """The argv that ``tutor run`` executes."""
    return [
        sys.executable,
        "-m",
        "streamlit",
        "run",
        str(app_path()),
        "--server.headless",
        "true",
        "--server.address",
        address,
        "--server.port",
        str(port),
        "--browser.gatherUsageStats",
        "false",
        "--server.fileWatcherType",
        "none",
        # Also when started outside the project folder, where .streamlit/config.toml is
        # not read: a collection after every script run costs 50-120 ms per rerun.
        "--runner.postScriptGC",
        "false",
    ]


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def cmd_validate(paths: list[str], out: TextIO) -> int:
    from tutor.scenarios import load_bank

    missing = [p for p in paths if not os.path.exists(p)]
    if missing:
        raise UsageError(f"tutor validate: no such file or folder: {missing[0]!r}")
    bank = load_bank(paths)
    if not bank.files:
        raise UsageError(
            f"tutor validate: no *.yaml or *.yml files under {', '.join(paths)}"
        )
    for problem in bank.problems:
        print(problem, file=out)
    print(
        f"{_plural(len(bank.files), 'file')} checked, {len(bank.failed)} failed",
        file=out,
    )
    return 1 if bank.failed else 0


def _compact(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))


def cmd_answer(path: str, as_json: bool, out: TextIO) -> int:
    from tutor.scenarios import answer_scenario, check_file

    if not os.path.isfile(path):
        raise UsageError(f"tutor answer: no such file: {path!r}")
    scenario, problems = check_file(path)
    if scenario is None:
        for problem in problems:
            print(problem, file=out)
        return 1
    result = answer_scenario(scenario)
    if as_json:
        print(json.dumps(result, indent=2, ensure_ascii=False), file=out)
        return 0
    print(f"{scenario.id}: {scenario.title}", file=out)
    if not result["answers"]:
        print("(no asks)", file=out)
    for item in result["answers"]:
        step = scenario.steps[item["step"]]
        assert step.ask is not None
        print(f"steps[{item['step']}] {item['kind']}: {step.ask.prompt}", file=out)
        print(f"  answer: {_compact(item['answer'])}", file=out)
        print(f"  why: {item['explanation']}", file=out)
        print(f"  rules: {', '.join(item['rules'])}", file=out)
    return 0


def cmd_schema(out: TextIO) -> int:
    from tutor.scenarios.schema import schema_text

    out.write(schema_text())
    return 0


def cmd_health(as_json: bool, out: TextIO) -> int:
    """Print each readiness check; 0 when all pass, 1 otherwise."""
    from tutor.health import health

    checks = health()
    if as_json:
        body = {c.name: {"ok": c.ok, "detail": c.detail} for c in checks}
        print(json.dumps({"ok": all(c.ok for c in checks), **body}), file=out)
    else:
        for check in checks:
            print(
                f"{check.name}: {'ok' if check.ok else 'FAILED'}: {check.detail}",
                file=out,
            )
    return 0 if all(c.ok for c in checks) else 1


def cmd_run(port: int, address: str) -> int:  # pragma: no cover - replaces the process
    argv = run_command(port, address)
    os.execv(argv[0], argv)
    return 0


def cmd_serve(args: argparse.Namespace, out: TextIO) -> int:
    from tutor.serve import ServeError
    from tutor.serve import cmd_serve as serve

    try:
        return serve(args, out)
    except ServeError as exc:
        print(f"tutor serve: {exc}", file=sys.stderr)
        return 1


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    """Run ``tutor``; returns the exit status (0 ok, 1 a file failed, 2 bad arguments)."""
    out = sys.stdout if out is None else out
    parser = build_parser()
    try:
        try:
            args = parser.parse_args(list(sys.argv[1:] if argv is None else argv))
        except SystemExit as exc:  # --help
            return int(exc.code or 0)
        if args.command == "validate":
            return cmd_validate(args.paths, out)
        if args.command == "answer":
            return cmd_answer(args.file, args.json, out)
        if args.command == "schema":
            return cmd_schema(out)
        if args.command == "health":
            return cmd_health(args.json, out)
        if args.command == "run":
            return cmd_run(args.port, args.address)
        if args.command == "serve":
            return cmd_serve(args, out)
        raise UsageError(
            "tutor: give a command: validate, answer, schema or run "
            "(see 'tutor --help')"
        )
    except UsageError as exc:
        print(exc, file=sys.stderr)
        return 2
    except BrokenPipeError:
        # The reader stopped early (`tutor answer FILE | head`): not an error worth a traceback.
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        except (
            OSError,
            ValueError,
            AttributeError,
        ):  # stdout is not a real file (tests)
            pass
        return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
