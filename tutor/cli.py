"""The ``tutor`` command: validate and answer scenario files, print the schema, run the app."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, NoReturn, TextIO

from tutor.i18n import LANGUAGES, _, choose_language, ngettext, use_language

DEFAULT_PORT = 8501
DEFAULT_ADDRESS = "127.0.0.1"
#: Streamlit's upload limit, in MB (its smallest): a scenario file is at most 256 KiB.
MAX_UPLOAD_MB = 1
#: Streamlit's websocket message limit, in MB (default 200): a pasted scenario is at most
#: 256 KiB, and the largest page the app sends is far below this.
MAX_MESSAGE_MB = 8


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
            f"{text[:20]!r} is not a port number: use 1 to 65535"
        ) from None
    if not 1 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"{port} is not a port number: use 1 to 65535")
    return port


def _seed(text: str) -> int:
    try:
        seed = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a seed: use a whole number 0 or more"
        ) from None
    if seed < 0:
        raise argparse.ArgumentTypeError(
            f"{seed} is not a seed: use a whole number 0 or more"
        )
    return seed


def _verbose_flag(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "-v",
        "--verbose",
        action="store_true",
        help="also print the log on standard error, with the traceback of any crash "
        "while checking a file (TUTOR_LOG_LEVEL=DEBUG does the same); without it a "
        "crash shows only as the file's problem line",
    )


def _lang_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--lang",
        choices=LANGUAGES,
        default=None,
        help="the language of the messages (default: LC_ALL, LC_MESSAGES or LANG, "
        "else English); --json output is always the format's English",
    )


def command_language(given: str | None, environ: Mapping[str, str]) -> str:
    """``--lang``, else the locale of the environment (``LANG=it_IT.UTF-8``), else English.

    >>> command_language(None, {"LANG": "it_IT.UTF-8"}), command_language("en", {"LANG": "it"})
    ('it', 'en')
    >>> command_language(None, {"LANG": "C.UTF-8"})
    'en'
    """
    return choose_language(
        given,
        environ.get("LC_ALL"),
        environ.get("LC_MESSAGES"),
        environ.get("LANG"),
    )


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
    _verbose_flag(validate)
    _lang_option(validate)
    answer = sub.add_parser(
        "answer", help="print the engine's answer to every ask of a file"
    )
    answer.add_argument("file", metavar="FILE")
    answer.add_argument("--json", action="store_true", help="print one JSON object")
    _verbose_flag(answer)
    _lang_option(answer)
    sub.add_parser("schema", help="print the JSON Schema of the scenario format")
    generate = sub.add_parser(
        "generate", help="write a hand generated to a drill target as scenario YAML"
    )
    generate.add_argument("--target", required=True, metavar="NAME")
    generate.add_argument("--seed", required=True, type=_seed, metavar="N")
    generate.add_argument(
        "--preset",
        default=None,
        metavar="P",
        help="house rules (default: online, or roberts for an irregularity target)",
    )
    generate.add_argument("--game", default=None, metavar="G")
    generate.add_argument(
        "--out", default=None, metavar="FILE", help="write to FILE instead of stdout"
    )
    health = sub.add_parser(
        "health",
        help="check the progress store, the scenario bank and the lessons (exit 1 if one fails)",
    )
    health.add_argument("--json", action="store_true", help="print one JSON object")
    learner = sub.add_parser("learner", help="look after a learner's record")
    learner_sub = learner.add_subparsers(
        dest="learner_command", metavar="ACTION", parser_class=_Parser
    )
    reset = learner_sub.add_parser(
        "reset-pin",
        help="give a learner a new one-time PIN (printed) and sign them out everywhere",
    )
    reset.add_argument("name", metavar="NAME")
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
    run.add_argument(
        "--ready-port",
        type=_port,
        default=None,
        metavar="PORT",
        help=(
            "also answer GET /_tutor/ready on 127.0.0.1:PORT: 200 while the pages can be "
            "served (the bank and lessons load), 503 when not (for a proxy's checks)"
        ),
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
        # A scenario file is at most 256 KiB: refuse bigger uploads before they are held in
        # memory (Streamlit's default is 200 MB), and bound every websocket message.
        "--server.maxUploadSize",
        str(MAX_UPLOAD_MB),
        "--server.maxMessageSize",
        str(MAX_MESSAGE_MB),
    ]


def cmd_validate(paths: list[str], out: TextIO) -> int:
    from tutor.scenarios import load_bank
    from tutor.scenarios.text import terminal_safe

    missing = [p for p in paths if not os.path.exists(p)]
    if missing:
        raise UsageError(
            _("tutor validate: no such file or folder: {path}").format(
                path=repr(missing[0])
            )
        )

    def show(name: str, problems: list[Any]) -> None:
        for problem in problems:
            print(terminal_safe(str(problem)), file=out, flush=True)

    bank = load_bank(paths, on_file=show)
    if not bank.files and not bank.failed:  # a folder that cannot be listed has failed
        raise UsageError(
            _("tutor validate: no *.yaml or *.yml files under {paths}").format(
                paths=", ".join(paths)
            )
        )
    for warning in untranslated(bank.scenarios):
        print(terminal_safe(warning), file=out, flush=True)
    print(
        ngettext(
            "{n} file checked, {failed} failed",
            "{n} files checked, {failed} failed",
            len(bank.files),
        ).format(n=len(bank.files), failed=len(bank.failed)),
        file=out,
    )
    return 1 if bank.failed else 0


def untranslated(scenarios: Iterable[Any], lang: str | None = None) -> list[str]:
    """A warning, located, for each title, prompt and hint without a translation into
    ``lang`` (default: the current language; none for English, the source)."""
    from tutor.i18n import current_language, translations
    from tutor.scenarios import texts

    code = lang or current_language()
    if code == LANGUAGES[0]:
        return []
    out: list[str] = []
    for scenario in scenarios:
        root = texts.catalogue_root(scenario.path, code)
        if root is None:
            out.append(
                _(
                    "{path}:1:1: warning: no {lang} catalogue for this scenario's texts "
                    "(locale/{lang}/LC_MESSAGES/bank.po beside the bank): they are "
                    "shown in English"
                ).format(path=scenario.path, lang=code)
            )
            continue
        catalogue = translations(code, domain=texts.DOMAIN, root=root)
        for path, text in texts.text_fields(scenario):
            if catalogue.pgettext(texts.context(scenario.id, path), text) != text:
                continue
            line, column = scenario.mark(path)
            out.append(
                _(
                    "{path}:{line}:{column}: warning: {field} has no {lang} translation "
                    "(or only a fuzzy one) in {po}: it is shown in English"
                ).format(
                    path=scenario.path,
                    line=line,
                    column=column,
                    field=path,
                    lang=code,
                    po=root / code / "LC_MESSAGES" / f"{texts.DOMAIN}.po",
                )
            )
    return out


def _compact(value: Any) -> str:
    return json_safe(json.dumps(value, ensure_ascii=False, separators=(", ", ": ")))


def json_safe(text: str) -> str:
    """JSON text with control and format characters written as ``\\u`` escapes.

    >>> json_safe('"a\u202eb"')
    '"a\\\\u202eb"'
    """
    if text.isprintable():
        return text
    from tutor.scenarios.text import refused_character

    return "".join(
        char
        if char.isprintable() or char == "\n" or refused_character(char) is None
        else json.dumps(char)[1:-1]
        for char in text
    )


def cmd_answer(path: str, as_json: bool, out: TextIO) -> int:
    from tutor.scenarios import answer_scenario, check_file
    from tutor.scenarios.text import terminal_safe

    if not os.path.isfile(path):
        if os.path.exists(path):  # a folder, a named pipe, a device: never opened
            raise UsageError(
                _(
                    "tutor answer: {path} is not a regular file: give one scenario file"
                ).format(path=terminal_safe(repr(path)))
            )
        raise UsageError(
            _("tutor answer: no such file: {path}").format(path=repr(path))
        )
    scenario, problems = check_file(path)

    def say(text: str) -> None:  # never a raw control character on the terminal
        print(terminal_safe(text), file=out)

    if scenario is None:
        for problem in problems:
            say(str(problem))
        return 1
    if as_json:  # the format's contract: English identifiers and text, whatever --lang
        with use_language(LANGUAGES[0]):
            result = answer_scenario(scenario)
        print(json_safe(json.dumps(result, indent=2, ensure_ascii=False)), file=out)
        return 0
    from tutor.scenarios.texts import localised

    result = answer_scenario(scenario)
    shown = localised(scenario)
    say(f"{shown.id}: {shown.title}")
    if not result["answers"]:
        say(_("(no asks)"))
    for item in result["answers"]:
        step = shown.steps[item["step"]]
        assert step.ask is not None
        say(f"steps[{item['step']}] {item['kind']}: {step.ask.prompt}")
        say(_("  answer: {answer}").format(answer=_compact(item["answer"])))
        say(_("  why: {why}").format(why=item["explanation"]))
        say(_("  rules: {rules}").format(rules=", ".join(item["rules"])))
    return 0


def cmd_schema(out: TextIO) -> int:
    from tutor.scenarios.schema import schema_text

    out.write(schema_text())
    return 0


def cmd_generate(
    target: str,
    seed: int,
    preset: str | None,
    game: str | None,
    path: str | None,
    out: TextIO,
) -> int:
    from tutor.drills import GeneratorError, generate

    try:
        drill = generate(target, seed, preset=preset, game=game)
    except GeneratorError as exc:
        raise UsageError("tutor generate: " + str(exc)) from None
    if path is None:
        out.write(drill.yaml)
        return 0
    try:
        with open(path, "x", encoding="utf-8") as handle:
            handle.write(drill.yaml)
    except FileExistsError:
        raise UsageError(
            # Translators: {path} is the quoted file name.
            _("tutor generate: {path} exists already: choose a new file name").format(
                path=repr(path)
            )
        ) from None
    except OSError as exc:
        raise UsageError(
            # Translators: {reason} is the system's reason (English).
            _("tutor generate: cannot write {path}: {reason}").format(
                path=repr(path), reason=exc.strerror or exc
            )
        ) from None
    # Translators: {id} is the drill scenario's id; {path} the file written.
    print(_("wrote {id} to {path}").format(id=drill.scenario.id, path=path), file=out)
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
            # Translators: {check} names a readiness check; {detail} its detail.
            said = (
                _("{check}: ok: {detail}")
                if check.ok
                else _("{check}: FAILED: {detail}")
            )
            print(said.format(check=check.name, detail=check.detail), file=out)
    return 0 if all(c.ok for c in checks) else 1


def cmd_reset_pin(name: str, out: TextIO) -> int:
    """``tutor learner reset-pin NAME``: print a one-time PIN; 1 when there is no such
    learner or the store cannot be used."""
    from tutor.engine import TutorError
    from tutor.progress import ProgressStore
    from tutor.scenarios.text import terminal_safe

    try:
        with ProgressStore.from_config() as store:
            learner = store.find_learner(name)
            if learner is None:
                print(
                    terminal_safe(
                        # Translators: {name} is the quoted name given.
                        _(
                            "tutor learner reset-pin: there is no learner named {name} "
                            "(names are compared without case, look-alike letters or "
                            "markup). Check the spelling."
                        ).format(name=repr(name))
                    ),
                    file=sys.stderr,
                )
                return 1
            pin = store.reset_pin(learner)
    except TutorError as exc:
        print(terminal_safe(f"tutor learner reset-pin: {exc}"), file=sys.stderr)
        return 1
    print(
        terminal_safe(
            # Translators: {name} is the learner; {pin} the one-time PIN.
            _(
                "One-time PIN for {name}: {pin}\n"
                "It opens the record once; the learner then chooses their own PIN. "
                "They are signed out in every browser."
            ).format(name=learner.name, pin=pin)
        ),
        file=out,
    )
    return 0


def cmd_run(
    port: int, address: str, ready_port: int | None = None
) -> int:  # pragma: no cover - replaces the process, or runs the app in it
    argv = run_command(port, address)
    if ready_port is not None:
        from tutor.ready import run_with_readiness

        return run_with_readiness(argv[3:], port, ready_port)
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
        if args.command in ("validate", "answer"):
            from tutor.logs import configure_command

            configure_command(args.verbose)
        if args.command in ("validate", "answer"):
            with use_language(command_language(args.lang, os.environ)):
                if args.command == "validate":
                    return cmd_validate(args.paths, out)
                return cmd_answer(args.file, args.json, out)
        if args.command == "schema":
            return cmd_schema(out)
        if args.command in ("generate", "health", "learner"):
            # Their messages in the environment's language (LANG); JSON stays English.
            with use_language(command_language(None, os.environ)):
                if args.command == "generate":
                    return cmd_generate(
                        args.target, args.seed, args.preset, args.game, args.out, out
                    )
                if args.command == "health":
                    return cmd_health(args.json, out)
                if args.learner_command != "reset-pin":
                    raise UsageError(
                        _(
                            "tutor learner: give an action: reset-pin NAME (see 'tutor "
                            "learner --help')"
                        )
                    )
                return cmd_reset_pin(args.name, out)
        if args.command == "run":
            return cmd_run(args.port, args.address, args.ready_port)
        if args.command == "serve":
            return cmd_serve(args, out)
        with use_language(command_language(None, os.environ)):
            raise UsageError(
                _(
                    "tutor: give a command: validate, answer, generate, schema or run "
                    "(see 'tutor --help')"
                )
            )
    except UsageError as exc:
        from tutor.scenarios.text import terminal_safe

        print(terminal_safe(str(exc)), file=sys.stderr)
        return 2
    except (
        KeyboardInterrupt
    ):  # Ctrl-C: stop quietly, with the shell's status for SIGINT
        with use_language(command_language(None, os.environ)):
            print(_("tutor: interrupted"), file=sys.stderr)
        return 130
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
