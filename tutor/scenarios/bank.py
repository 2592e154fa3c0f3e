"""Loading many scenario files: each checked on its own, ids unique across the bank."""

from __future__ import annotations

import errno
import logging
import os
import stat
import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

from tutor import files
from tutor.engine import ScenarioError
from tutor.i18n import _, current_language
from tutor.scenarios.model import Scenario
from tutor.scenarios.nodes import MAX_BYTES
from tutor.scenarios.replay import check_replay
from tutor.scenarios.text import count, quote
from tutor.scenarios.validate import in_file_order, read_draft

SUFFIXES = (".yaml", ".yml")
PATTERNS = ("*.yaml", "*.yml")
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
        # Translators: {error} is the Python exception's name and text (English, for a report).
        _(
            "the file could not be checked ({error}): "
            "this is a bug in Stud Tutor; report it with the file."
        ).format(error=f"{type(exc).__name__}: {quote(str(exc))}"),
        name,
        1,
        1,
    )


def check_file(
    path: str | os.PathLike[str],
    *,
    replay: bool = True,
    found: files.Found | None = None,
    root: str | os.PathLike[str] | None = None,
) -> tuple[Scenario | None, list[ScenarioError]]:
    """:func:`check_text` on a file; the size limit is checked before anything is read.

    Only regular files with one name are read, never through a symbolic link
    (:func:`tutor.files.read_regular`): a link, a hard link, a named pipe, socket or device
    is reported, never opened (``found``: what the walk saw of the name, if it did; ``root``:
    the folder the file must be inside). Any other failure while checking the file becomes
    a problem located at its start (and is logged with its traceback): one file never
    stops the others.
    """
    name = os.fspath(path)
    try:
        return _check_file(name, replay, found, root)
    except Exception as exc:  # logged: one file must never stop a whole bank
        log.exception("checking the scenario file %r failed", name)
        return None, [_crashed(exc, name)]


def _not_regular(what: str, name: str) -> ScenarioError:
    return ScenarioError(
        # Translators: {what} says what the name is (a link, a folder...).
        _(
            "{what}: it was skipped without being read; "
            "remove it, or rename it so that its name does not end in .yaml or .yml."
        ).format(what=what),
        name,
        1,
        1,
    )


def refused(problem: files.FileProblem) -> ScenarioError:
    """A name the walk or the reader refused, as a problem located at its start."""
    return ScenarioError(problem.message, os.fspath(problem.path), 1, 1)


def _check_file(
    name: str,
    replay: bool,
    found: files.Found | None,
    root: str | os.PathLike[str] | None,
) -> tuple[Scenario | None, list[ScenarioError]]:
    try:
        if found is None:
            info = os.lstat(name)
            mode, size = info.st_mode, info.st_size
        else:
            mode, size = found.mode, found.size
        if stat.S_ISREG(mode) and size > MAX_BYTES:
            return None, [_too_big(size, name)]
        data = files.read_regular(name, MAX_BYTES, root, mode=mode)
    except files.UnsafeFile as exc:
        if exc.problem.kind == files.NOT_REGULAR:
            return None, [_not_regular(exc.problem.message, name)]
        return None, [refused(exc.problem)]
    except OSError as exc:
        if exc.errno in (errno.EACCES, errno.EPERM):
            return None, [refused(files.denied_problem(Path(name), exc, "file"))]
        return None, [
            ScenarioError(
                # Translators: {reason} is the system's reason (English).
                _("cannot read the file: {reason}.").format(reason=exc.strerror or exc),
                name,
                1,
                1,
            )
        ]
    if len(data) > MAX_BYTES:
        return None, [_too_big(len(data), name)]
    return check_text(data, name, replay=replay)


def _too_big(size: int, name: str) -> ScenarioError:
    return ScenarioError(
        _(
            "the file is {size} bytes, over the limit of {limit} (256 KiB): "
            "a scenario is one hand; split the file into several scenarios."
        ).format(size=count(size), limit=count(MAX_BYTES)),
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


def scan_scenarios(
    paths: Iterable[str | os.PathLike[str]],
    walker: Callable[[str], files.Walk] | None = None,
) -> files.Walk:
    """The files named, and every ``*.yaml``/``*.yml`` under the folders named, each once,
    with the names refused on the way (links, hard links, folders that cannot be listed).

    Folders are walked by :func:`tutor.files.walk`: sorted, never through a symbolic link,
    folders whose name starts with ``.`` skipped. A file named directly is listed as it
    is (:func:`check_file` then refuses it if it is a link). ``walker(folder)`` gives a
    folder's walk when the caller has it already (the app's change signatures).
    """
    out = files.Walk()
    seen: set[str] = set()
    for raw in paths:
        path = Path(raw)
        if not path.is_dir():
            key = os.path.realpath(path)
            if key not in seen:
                seen.add(key)
                out.items.append(_named(path))
            continue
        # Below the folder nothing is a link: one resolve per folder gives every real path.
        base = os.path.realpath(path)
        prefix = len(os.fspath(path))
        walked = walker(os.fspath(path)) if walker else files.walk(path, PATTERNS)
        for item in walked.items:
            where = (
                item.where if isinstance(item, files.Found) else os.fspath(item.path)
            )
            key = base + where[prefix:]
            if key not in seen:
                seen.add(key)
                out.items.append(item)
    return out


def _named(path: Path) -> files.Found | files.FileProblem:
    """A file named directly: what ``lstat`` says of it (a missing one is read, and fails)."""
    try:
        info = os.lstat(path)
    except OSError:
        return files.Found(os.fspath(path), stat.S_IFREG, 0, 0)
    if stat.S_ISLNK(info.st_mode):
        return files.symlink_problem(path)
    return files.Found(
        os.fspath(path), info.st_mode, info.st_size, info.st_mtime_ns, info.st_ino
    )


def scenario_files(paths: Iterable[str | os.PathLike[str]]) -> list[Path]:
    """The names :func:`scan_scenarios` would read, in order (refused names left out)."""
    return [f.path for f in scan_scenarios(paths).files]


#: Parsed files kept for :func:`load_bank` with ``cache=True``: (path, size, mtime, inode,
#: replay, language of the messages) -> its result. A changed file has a new key; keys of
#: files gone are dropped.
_parsed: dict[
    tuple[str, int, int, int, bool, str], tuple[Scenario | None, list[ScenarioError]]
]
_parsed = {}
_parsed_lock = threading.Lock()


def forget_parsed() -> None:
    """Drop every kept parse (tests)."""
    with _parsed_lock:
        _parsed.clear()


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
    scanned: files.Walk | None = None,
    cache: bool = False,
) -> Bank:
    """Check every scenario file under ``paths``; one broken file never stops the others.

    A second scenario with an id already used is refused, located at its ``id``. A name
    the walk refuses (a symbolic or hard link) is a failed file with that problem; a
    folder that cannot be listed is a failure too (not a file). ``on_file(name, problems)``
    is called as each file is done (``tutor validate`` prints as it goes).

    ``scanned`` is the walk of ``paths`` when the caller already has it (the app's change
    signature), so nothing is listed twice. With ``cache`` each file's check is kept in
    this process by (path, size, modification time, inode): a file that has not changed
    is not read again.
    """
    bank = Bank()
    seen: dict[str, Scenario] = {}
    walked = scanned if scanned is not None else scan_scenarios(paths)
    kept: set[tuple[str, int, int, int, bool, str]] = set()
    for item in walked.items:
        if isinstance(item, files.FileProblem):
            name = os.fspath(item.path)
            problems = [refused(item)]
            if not item.folder:
                bank.files.append(name)
            bank.failed.append(name)
            bank.problems.extend(problems)
            if on_file is not None:
                on_file(name, problems)
            continue
        name = item.where
        bank.files.append(name)
        key = (*item.key, replay, current_language())  # messages are said in it
        result = None
        if cache and item.mtime_ns:
            kept.add(key)
            with _parsed_lock:
                result = _parsed.get(key)
        if result is None:
            result = check_file(name, replay=replay, found=item)
            if cache and item.mtime_ns:
                with _parsed_lock:
                    _parsed[key] = result
        scenario, problems = result
        if scenario is not None:
            first = seen.get(scenario.id)
            if first is not None:
                line, column = scenario.mark("id")
                first_line = first.mark("id")[0]
                problems = [
                    ScenarioError(
                        # Translators: {id} is the quoted id; {path} the other file;
                        # {line} its line.
                        "id: "
                        + _(
                            "{id} is already the id of {path} (line {line}): ids are "
                            "unique across the bank; rename one of them."
                        ).format(
                            id=quote(scenario.id), path=first.path, line=first_line
                        ),
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
    if cache:
        names = set(bank.files)
        with _parsed_lock:  # forget the earlier versions of the files read
            for key in [k for k in _parsed if k[0] in names and k not in kept]:
                del _parsed[key]
    return bank
