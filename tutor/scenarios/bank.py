"""Loading many scenario files: each checked on its own, ids unique across the bank."""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from tutor.engine.errors import ScenarioError
from tutor.scenarios.model import Scenario
from tutor.scenarios.nodes import MAX_BYTES
from tutor.scenarios.replay import check_replay
from tutor.scenarios.validate import read_scenario

SUFFIXES = (".yaml", ".yml")


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
    """Check a scenario's text: every schema problem, then (if none) the replay's first problem.

    :return: the Scenario (None if it has any problem) and the problems, in file order.
    """
    scenario, problems = read_scenario(text, path)
    if scenario is None or not replay:
        return scenario, problems
    problems = check_replay(scenario)
    return (None if problems else scenario), problems


def check_file(
    path: str | os.PathLike[str], *, replay: bool = True
) -> tuple[Scenario | None, list[ScenarioError]]:
    """:func:`check_text` on a file; the size limit is checked before anything is read."""
    name = os.fspath(path)
    try:
        size = os.stat(name).st_size
        if size > MAX_BYTES:
            return None, [
                ScenarioError(
                    f"the file is {size:,} bytes, over the limit of {MAX_BYTES:,} (256 KiB): a "
                    "scenario is one hand; split the file into several scenarios.",
                    name,
                    1,
                    1,
                )
            ]
        with open(name, "rb") as handle:
            data = handle.read(MAX_BYTES + 1)
    except OSError as exc:
        return None, [
            ScenarioError(f"cannot read the file: {exc.strerror or exc}.", name, 1, 1)
        ]
    return check_text(data, name, replay=replay)


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


def load_bank(paths: Iterable[str | os.PathLike[str]], *, replay: bool = True) -> Bank:
    """Check every scenario file under ``paths``; one broken file never stops the others.

    A second scenario with an id already used is refused, located at its ``id``.
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
                        f"id: {scenario.id!r} is already the id of {first.path} (line {first_line}): "
                        "ids are unique across the bank; rename one of them.",
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
    return bank
