"""Loading many scenario files: each checked on its own, ids unique across the bank."""

from __future__ import annotations

import logging
import os
import stat
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

from tutor.engine.errors import ScenarioError
from tutor.scenarios.model import Scenario
from tutor.scenarios.nodes import MAX_BYTES
from tutor.scenarios.replay import check_replay
from tutor.scenarios.text import quote
from tutor.scenarios.validate import in_file_order, read_draft

SUFFIXES = (".yaml", ".yml")
log = logging.getLogger(__name__)


class ScenarioFileError(ScenarioError):
    """A scenario file with one or more problems; ``problems`` lists them all, in file order."""

    def __init__(self, problems: list[ScenarioError]) -> None:
        first = problems[0]
        super().__init__(first.message, first.path, first.line, first.column)
        self.problems = problems

    def __str__(self) -> str:
        return "\n".join(ScenarioError.__str__(p) for p in self.problems)


def check_text(
    text: str | bytes, path: str = "<scenario>", *, replay: bool = True
) -> tuple[Scenario | None, list[ScenarioError]]:
    """Check a scenario's text: every problem the file has, in one pass.

    The schema pass reports every problem of form, names and cards; the replay then plays
    what it can (the table and the steps that are fine, up to the first one that is not)
    and adds each ``expect`` that disagrees with the engine, each ask the engine cannot
    answer, and the first action or event it refuses.

    :return: the Scenario (None if it has any problem) and the problems, in file order.
        Any failure while checking becomes a problem located at the start (and is logged
        with its traceback), as for a pasted or uploaded text.
    """
    try:
        draft, problems = read_draft(text, path)
        if replay and draft.scenario is not None:
            problems = problems + check_replay(draft.scenario, stop_at=draft.stop_at)
        problems = in_file_order(problems, path)
        return (None if problems else draft.scenario), problems
    except Exception as exc:  # logged: a bug must not stop the bank or the page
        log.exception("checking the scenario %r failed", path)
        return None, [_crashed(exc, path)]


def _crashed(exc: Exception, name: str) -> ScenarioError:
    return ScenarioError(
        f"the file could not be checked ({type(exc).__name__}: {quote(str(exc))}): "
        "this is a bug in Stud Tutor; report it with the file.",
        name,
        1,
        1,
    )


def check_file(
    path: str | os.PathLike[str], *, replay: bool = True
) -> tuple[Scenario | None, list[ScenarioError]]:
    """:func:`check_text` on a file; the size limit is checked before anything is read.

    Only regular files are read: a named pipe, socket or device is reported, never opened.
    Any other failure while checking the file becomes a problem located at its start (and
    is logged with its traceback): one file never stops the others.
    """
    name = os.fspath(path)
    try:
        return _check_file(name, replay)
    except Exception as exc:  # logged: one file must never stop a whole bank
        log.exception("checking the scenario file %r failed", name)
        return None, [_crashed(exc, name)]


def _not_regular(mode: int, name: str) -> ScenarioError:
    kind = (
        "a named pipe (FIFO)"
        if stat.S_ISFIFO(mode)
        else "a socket"
        if stat.S_ISSOCK(mode)
        else "a device"
        if stat.S_ISCHR(mode) or stat.S_ISBLK(mode)
        else "a folder"
        if stat.S_ISDIR(mode)
        else "not a file"
    )
    return ScenarioError(
        f"this is {kind}, not a regular file: it was skipped without being read; "
        "remove it, or rename it so that its name does not end in .yaml or .yml.",
        name,
        1,
        1,
    )


def _check_file(name: str, replay: bool) -> tuple[Scenario | None, list[ScenarioError]]:
    try:
        info = os.stat(name)
        if not stat.S_ISREG(info.st_mode):
            return None, [_not_regular(info.st_mode, name)]
        if info.st_size > MAX_BYTES:
            return None, [_too_big(info.st_size, name)]
        # O_NONBLOCK: were the file swapped for a pipe since the stat, opening cannot hang.
        fd = os.open(name, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(fd, "rb") as handle:
            mode = os.fstat(handle.fileno()).st_mode
            if not stat.S_ISREG(mode):
                return None, [_not_regular(mode, name)]
            data = handle.read(MAX_BYTES + 1)
    except OSError as exc:
        return None, [
            ScenarioError(f"cannot read the file: {exc.strerror or exc}.", name, 1, 1)
        ]
    return check_text(data, name, replay=replay)


def _too_big(size: int, name: str) -> ScenarioError:
    return ScenarioError(
        f"the file is {size:,} bytes, over the limit of {MAX_BYTES:,} (256 KiB): a "
        "scenario is one hand; split the file into several scenarios.",
        name,
        1,
        1,
    )


def load_scenario(path: str | os.PathLike[str]) -> Scenario:
    """Load, check and replay one scenario file.

    :raises ScenarioFileError: listing every problem (a ScenarioError: its fields are the first).
    """
    scenario, problems = check_file(path)
    if scenario is None:
        raise ScenarioFileError(problems)
    return scenario


def scenario_files(paths: Iterable[str | os.PathLike[str]]) -> list[Path]:
    """The files named, and every ``*.yaml``/``*.yml`` under the folders named, each once.

    Folders are walked in sorted order without following symbolic links; folders whose name
    starts with ``.`` are skipped.
    """
    out: list[Path] = []
    seen: set[str] = set()

    def add(path: Path) -> None:
        key = os.path.realpath(path)
        if key not in seen:
            seen.add(key)
            out.append(path)

    for raw in paths:
        path = Path(raw)
        if not path.is_dir():
            add(path)
            continue
        for folder, dirs, files in os.walk(path):
            dirs[:] = sorted(d for d in dirs if not d.startswith("."))
            for name in sorted(files):
                if name.endswith(SUFFIXES):
                    add(Path(folder) / name)
    return out


@dataclass(slots=True)
class Bank:
    """Valid scenarios, in file order, and the problems of the files that failed."""

    scenarios: list[Scenario] = field(default_factory=list)
    problems: list[ScenarioError] = field(default_factory=list)
    files: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)

    def get(self, scenario_id: str) -> Scenario | None:
        for scenario in self.scenarios:
            if scenario.id == scenario_id:
                return scenario
        return None

    def by_topic(self, topic: str) -> list[Scenario]:
        return [s for s in self.scenarios if s.topic == topic]


def load_bank(
    paths: Iterable[str | os.PathLike[str]],
    *,
    replay: bool = True,
    on_file: Callable[[str, list[ScenarioError]], None] | None = None,
) -> Bank:
    """Check every scenario file under ``paths``; one broken file never stops the others.

    A second scenario with an id already used is refused, located at its ``id``.
    ``on_file(name, problems)`` is called as each file is done (``tutor validate`` prints
    as it goes).
    """
    bank = Bank()
    seen: dict[str, Scenario] = {}
    for path in scenario_files(paths):
        name = os.fspath(path)
        bank.files.append(name)
        scenario, problems = check_file(path, replay=replay)
        if scenario is not None:
            first = seen.get(scenario.id)
            if first is not None:
                line, column = scenario.mark("id")
                first_line = first.mark("id")[0]
                problems = [
                    ScenarioError(
                        f"id: {quote(scenario.id)} is already the id of {first.path} "
                        f"(line {first_line}): ids are unique across the bank; rename one "
                        "of them.",
                        name,
                        line,
                        column,
                    )
                ]
            else:
                seen[scenario.id] = scenario
                bank.scenarios.append(scenario)
        if problems:
            bank.failed.append(name)
            bank.problems.extend(problems)
        if on_file is not None:
            on_file(name, problems)
    return bank
