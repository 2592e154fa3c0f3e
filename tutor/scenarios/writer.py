"""The instructors' writable scenario bank: checked, atomic saves with numbered backups.

Each scenario is the file ``<id>.yaml`` directly in the bank folder; the previous content
of a file that is saved again or deleted is kept as ``.versions/<id>/<n>.yaml`` (numbered
from 1, never overwritten; folders starting with ``.`` are not read as scenarios). A file
name is only ever made from a scenario id that matches the format's id pattern, and the
path is checked to stay inside the folder, so no id or name can write anywhere else.
"""

from __future__ import annotations

import os
import re
import stat
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from tutor import files
from tutor.engine import ScenarioError, TutorError
from tutor.i18n import _, ngettext
from tutor.scenarios.bank import PATTERNS, check_file, check_text
from tutor.scenarios.fields import ID_PATTERN
from tutor.scenarios.model import Scenario
from tutor.scenarios.nodes import MAX_BYTES
from tutor.scenarios.text import count

VERSIONS = ".versions"
SUFFIX = ".yaml"
_ID = re.compile(ID_PATTERN)
MAX_ID = 80
#: The largest earlier content kept as a version (a file put there by hand may be big).
KEEP_MAX = 16 * 1024 * 1024


class BankWriteError(TutorError):
    """A save or delete the instructor bank refuses; the message says why and what to do."""


@dataclass(frozen=True, slots=True)
class BankFile:
    """One scenario file as the studio lists it."""

    path: Path
    scenario_id: str | None
    title: str | None
    first_problem: str | None
    #: A name the bank refuses to read at all (a symbolic or hard link): never opened,
    #: downloaded or written through.
    refused: bool = False

    @property
    def valid(self) -> bool:
        return self.first_problem is None


def _check_id(scenario_id: str) -> str:
    if len(scenario_id) > MAX_ID or not _ID.match(scenario_id):
        raise BankWriteError(
            # Translators: {id} is the quoted text given as an id; {most} a number.
            _(
                "{id} is not a scenario id: use lower-case letters and "
                "digits with single '-' between words, as in 'bring-in-two-deuces' "
                "(at most {most} characters)."
            ).format(id=repr(scenario_id[:100]), most=MAX_ID)
        )
    return scenario_id


class InstructorBank:
    """A writable folder of scenario files (see the module docstring for its layout)."""

    def __init__(self, folder: str | os.PathLike[str]) -> None:
        self.folder = Path(folder)

    # -- paths ---------------------------------------------------------------------------
    def _inside(self, path: Path) -> Path:
        """``path``, once it is sure to be a plain name inside the folder.

        :raises BankWriteError: for a name outside the folder, a symbolic link or a hard
            link (:func:`tutor.files.check_name`): nothing is read or written through it.
        """
        problem = files.check_name(path, self.folder)
        if problem is not None and problem.kind == files.OUTSIDE:
            raise BankWriteError(
                _(
                    "that file would be outside the instructor bank folder: nothing was "
                    "written."
                )
            )
        if problem is not None:
            raise BankWriteError(nothing_written(problem.message))
        return path

    def path_for(self, scenario_id: str) -> Path:
        """The file of ``scenario_id`` in this bank.

        :raises BankWriteError: If the id is not a valid scenario id (``../../etc/passwd``).
        """
        return self._inside(self.folder / f"{_check_id(scenario_id)}{SUFFIX}")

    def _versions_dir(self, scenario_id: str) -> Path:
        return self._inside(self.folder / VERSIONS / _check_id(scenario_id))

    def versions(self, scenario_id: str) -> list[Path]:
        """The kept previous contents of ``scenario_id``, oldest first."""
        folder = self._versions_dir(scenario_id)
        walked = files.walk(folder, f"*{SUFFIX}", recursive=False)
        found = [f.path for f in walked.files if f.path.stem.isdigit()]
        return sorted(found, key=lambda p: int(p.stem))

    # -- writing -------------------------------------------------------------------------
    def _write_atomic(self, path: Path, data: bytes) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temp = tempfile.mkstemp(
            prefix=".saving-", suffix=".tmp", dir=path.parent
        )
        try:
            with os.fdopen(handle, "wb") as out:
                out.write(data)
                out.flush()
                os.fsync(out.fileno())
            os.replace(temp, path)
        except BaseException:
            try:
                os.unlink(temp)
            except OSError:
                pass
            raise

    def _keep_version(self, scenario_id: str, path: Path) -> Path | None:
        """Copy the current content of ``path`` to the next numbered version."""
        try:
            old = files.read_regular(path, KEEP_MAX, self.folder)
        except FileNotFoundError:
            return None
        except files.UnsafeFile as exc:
            raise BankWriteError(nothing_written(exc.problem.message)) from None
        if len(old) > KEEP_MAX:
            raise BankWriteError(
                # Translators: {name} is a file's name; {limit} a number of bytes.
                _(
                    "{name} is over {limit} bytes: it cannot be kept as a "
                    "version, so nothing was written."
                ).format(name=path.name, limit=count(KEEP_MAX))
            )
        kept = self.versions(scenario_id)
        number = int(kept[-1].stem) + 1 if kept else 1
        target = self._versions_dir(scenario_id) / f"{number}{SUFFIX}"
        self._write_atomic(target, old)
        return target

    def save(
        self, text: str, taken: Mapping[str, str] | None = None
    ) -> tuple[Scenario, Path]:
        """Check ``text`` in full (schema and replay), then write it as ``<id>.yaml``.

        :param taken: ids already used elsewhere (the bundled bank, other files) -> where.
        :return: the scenario and the file written.
        :raises BankWriteError: If the text has problems, its id is taken, or the file cannot
            be written. Nothing is written then.
        """
        data = text.encode("utf-8")
        if len(data) > MAX_BYTES:
            raise BankWriteError(
                # Translators: {size} and {limit} are numbers of bytes.
                _(
                    "the text is {size} bytes, over the limit of {limit} "
                    "(256 KiB): nothing was saved. A scenario is one hand; split it."
                ).format(size=count(len(data)), limit=count(MAX_BYTES))
            )
        scenario, problems = check_text(text, "draft")
        if scenario is None:
            first = problems[0] if problems else None
            # Translators: {n} problems; {line} the first one's line, {message} its text.
            said = (
                ngettext(
                    "the scenario has {n} problem(s) (line {line}: {message}): fix "
                    "them, then save again. Nothing was saved.",
                    "the scenario has {n} problem(s) (line {line}: {message}): fix "
                    "them, then save again. Nothing was saved.",
                    len(problems),
                )
                if first
                else _(
                    "the scenario has {n} problem(s): fix them, then save again. "
                    "Nothing was saved."
                )
            )
            raise BankWriteError(
                said.format(
                    n=count(len(problems)),
                    line=first.line if first else 0,
                    message=first.message if first else "",
                )
            )
        path = self.path_for(scenario.id)
        other = (taken or {}).get(scenario.id)
        if other is not None:
            raise BankWriteError(
                # Translators: {id} is the quoted id; {other} where it is used.
                _(
                    "the id {id} is already used by {other}: ids are unique "
                    "across the bundled and instructor banks; change the id: line, then "
                    "save again. Nothing was saved."
                ).format(id=repr(scenario.id), other=other)
            )
        try:
            self._keep_version(scenario.id, path)
            self._write_atomic(path, data)
        except OSError as exc:
            raise BankWriteError(
                # Translators: {reason} is the system's reason (English).
                _(
                    "the file could not be written ({reason}): nothing was "
                    "saved. Check that the instructor bank folder is writable."
                ).format(reason=exc.strerror or exc)
            ) from None
        return scenario, path

    def delete(self, scenario_id: str) -> Path:
        """Remove ``<id>.yaml``, keeping its content as the next numbered version.

        :raises BankWriteError: If there is no such file in this bank.
        """
        path = self.path_for(scenario_id)
        if not stat.S_ISREG(_lmode(path)):
            raise BankWriteError(
                _(
                    "there is no file for {id} in the instructor bank: nothing was deleted."
                ).format(id=repr(scenario_id))
            )
        kept = self._keep_version(scenario_id, path)
        path.unlink()
        assert kept is not None
        return kept

    # -- reading -------------------------------------------------------------------------
    def files(self) -> list[BankFile]:
        """Every scenario file directly in the folder, with its status."""
        out = []
        for item in files.walk(self.folder, PATTERNS, recursive=False).items:
            if isinstance(item, files.FileProblem):
                out.append(BankFile(item.path, None, None, item.message, refused=True))
            else:
                out.append(describe_file(item.path, item, self.folder))
        return out

    def read(self, path: str | os.PathLike[str]) -> bytes:
        """The bytes of a file directly in this bank, never through a link.

        :raises BankWriteError: for a link, a hard link, a name outside the folder or in a
            sub-folder, a file that is not regular or over the size limit.
        """
        name = Path(path)
        if os.path.abspath(name.parent) != os.path.abspath(self.folder):
            raise BankWriteError(
                _(
                    "{name} is not in the instructor bank folder: it was not read."
                ).format(name=name.name)
            )
        try:
            data = files.read_regular(name, MAX_BYTES, self.folder)
        except files.UnsafeFile as exc:
            raise BankWriteError(exc.problem.message) from None
        except OSError as exc:
            raise BankWriteError(
                _("{name} cannot be read: {reason}.").format(
                    name=name.name, reason=exc.strerror or exc
                )
            ) from None
        if len(data) > MAX_BYTES:
            raise BankWriteError(
                _("{name} is over the limit of {limit} bytes: it was not read.").format(
                    name=name.name, limit=count(MAX_BYTES)
                )
            )
        return data


def _lmode(path: Path) -> int:
    try:
        return os.lstat(path).st_mode
    except OSError:
        return 0


def describe_file(
    path: Path,
    found: files.Found | None = None,
    root: str | os.PathLike[str] | None = None,
) -> BankFile:
    """A file's id, title and first problem (None when it loads and replays)."""
    scenario, problems = check_file(path, found=found, root=root)
    if scenario is not None:
        return BankFile(path, scenario.id, scenario.title, None)
    first: ScenarioError | None = problems[0] if problems else None
    message = (
        # Translators: {line} is a line number; {message} the problem found there.
        _("line {line}: {message}").format(line=first.line, message=first.message)
        if first is not None
        else _("not a scenario")
    )
    return BankFile(path, None, None, message)


def nothing_written(problem: str) -> str:
    """A refused name's message, and that nothing was written."""
    # Translators: {problem} is the sentence saying why the name is refused.
    return _("{problem} Nothing was written.").format(problem=problem)
