"""The one way the app walks and reads its folders: never through a link, never outside.

Every folder the app reads (the scenario bank, the instructor bank, the lessons, the
signatures that notice an edited file) is listed by :func:`walk` and every file is opened
by :func:`read_regular`. Both use only the names the folder itself lists and never follow
a symbolic link:

- a **symbolic link** (to a file or to a folder, inside or outside, a loop such as
  ``loopdir -> .`` or ``updir -> ..``) is never followed, opened or descended into; one
  whose name the walk is looking for, and one that points at a folder, is reported as a
  located problem;
- a **hard link** (a regular file with more than one name: ``st_nlink > 1``) is refused
  too. Its other name may be anywhere on the same filesystem (``ln /etc/shadow
  bank/x.yaml``), and finding it would mean searching the whole filesystem. The app never
  makes hard links itself (the Studio writes new files, a checkout and a copy make files
  with one name), so a file with two names is a mistake or an attack: the message says to
  copy it instead;
- a folder is entered by its own name only, each at most once (by device and inode), so a
  bind mount of a parent cannot loop either; a folder that cannot be listed is reported
  ("permission denied"), never skipped in silence;
- :func:`read_regular` opens with ``O_NOFOLLOW | O_NONBLOCK`` and checks what it opened
  (``fstat``), so a file swapped for a link or a pipe after the listing is refused, not
  read, and opening never hangs. With ``root`` it also checks that the file's folder,
  resolved, is ``root`` or inside it (a name with ``..`` in it is refused).

Pure standard library: the scenario bank, the lessons and the UI all import this module.
"""

from __future__ import annotations

import errno
import fnmatch
import os
import re
import stat
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

#: Why a name was refused (``FileProblem.kind``).
SYMLINK = "symlink"
HARDLINK = "hardlink"
OUTSIDE = "outside"
DENIED = "denied"
UNREADABLE = "unreadable"
NOT_REGULAR = "not-regular"


@dataclass(frozen=True, slots=True)
class FileProblem:
    """A name a walk or a read refused, with the sentence that says why and what to do."""

    path: Path
    kind: str
    message: str
    #: The name is a folder (one that could not be listed), not a file.
    folder: bool = False

    def __str__(self) -> str:
        return f"{self.path}: {self.message}"


@dataclass(frozen=True, slots=True)
class Found:
    """A name the walk lists: not a link; ``mode``, ``size`` and ``mtime_ns`` from ``lstat``.

    ``where`` is the path as text (a walk of 20,000 files makes no ``Path`` objects:
    they cost more than the ``lstat``); :attr:`path` makes one when asked.
    """

    where: str
    mode: int
    size: int
    mtime_ns: int
    ino: int = 0

    @property
    def path(self) -> Path:
        return Path(self.where)

    @property
    def key(self) -> tuple[str, int, int, int]:
        """What says the file is unchanged: path, size, modification time and inode."""
        return (self.where, self.size, self.mtime_ns, self.ino)

    @property
    def regular(self) -> bool:
        return stat.S_ISREG(self.mode)


@dataclass(slots=True)
class Walk:
    """What :func:`walk` found, in walk order: names to read and refused names."""

    items: list[Found | FileProblem] = field(default_factory=list)

    @property
    def files(self) -> list[Found]:
        """The names to read, in walk order."""
        return [i for i in self.items if isinstance(i, Found)]

    @property
    def problems(self) -> list[FileProblem]:
        """The refused names, in walk order."""
        return [i for i in self.items if isinstance(i, FileProblem)]

    def signature_lines(self) -> Iterable[str]:
        """One line per name (path, size, time, inode; or the refusal): what a change
        signature hashes."""
        for i in self.items:
            if isinstance(i, Found):
                yield f"{i.where}\0{i.size}\0{i.mtime_ns}\0{i.ino}\n"
            else:
                yield f"{i.path}\0{i.kind}\n"


class UnsafeFile(OSError):
    """:func:`read_regular` refused a file; ``problem`` says why (a located sentence)."""

    def __init__(self, problem: FileProblem) -> None:
        super().__init__(errno.EPERM, problem.message, str(problem.path))
        self.problem = problem


def symlink_problem(path: Path) -> FileProblem:
    return FileProblem(
        path,
        SYMLINK,
        f"{path.name} is a symbolic link; the bank reads only regular files inside its "
        "folder: it was not followed or read. Put a copy of the file there instead.",
    )


def hardlink_problem(path: Path, links: int) -> FileProblem:
    return FileProblem(
        path,
        HARDLINK,
        f"{path.name} is a hard link (the file has {links} names, and another one may be "
        "outside the folder); only files with one name are read: it was not read. Put a "
        "copy of the file there instead (cp, not ln).",
    )


def not_regular_problem(path: Path, mode: int) -> FileProblem:
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
    return FileProblem(path, NOT_REGULAR, f"this is {kind}, not a regular file")


def outside_problem(path: Path) -> FileProblem:
    return FileProblem(
        path,
        OUTSIDE,
        f"{path.name} is not inside the folder it was looked for in: it was not read.",
    )


def denied_problem(path: Path, exc: OSError, what: str = "folder") -> FileProblem:
    if exc.errno in (errno.EACCES, errno.EPERM):
        return FileProblem(
            path,
            DENIED,
            f"permission denied: the {what} {path.name} cannot be "
            f"{'listed' if what == 'folder' else 'read'} by the user the app runs as; "
            "give that user read (and, for a folder, execute) permission.",
            what == "folder",
        )
    return FileProblem(
        path,
        UNREADABLE,
        f"the {what} {path.name} cannot be "
        f"{'listed' if what == 'folder' else 'read'}: {exc.strerror or exc}.",
        what == "folder",
    )


@lru_cache(maxsize=32)
def _matcher(patterns: tuple[str, ...]) -> Callable[[str], object]:
    """One compiled expression for all of ``patterns`` (``fnmatch``, case-sensitive)."""
    return re.compile("|".join(f"(?:{fnmatch.translate(p)})" for p in patterns)).match


def walk(
    root: str | os.PathLike[str],
    patterns: str | tuple[str, ...] = "*",
    *,
    recursive: bool = True,
) -> Walk:
    """Every name under ``root`` matching ``patterns`` (``fnmatch``, case-sensitive).

    Sorted by name within each folder, a folder's files before its sub-folders'; folders
    whose name starts with ``.`` are not entered (``.versions``, ``.git``). Nothing is
    followed through a link (see the module docstring); refused names come back in
    :attr:`Walk.problems`. A ``root`` that does not exist gives an empty walk; one that
    cannot be listed gives one problem.
    """
    matches = _matcher((patterns,) if isinstance(patterns, str) else tuple(patterns))
    out = Walk()
    top = Path(root)
    seen: set[tuple[int, int]] = set()
    try:
        info = os.stat(top)  # the root itself may be a link: the operator chose it
    except FileNotFoundError:
        return out
    except OSError as exc:
        out.items.append(denied_problem(top, exc))
        return out
    if not stat.S_ISDIR(info.st_mode):
        return out
    pending = [os.fspath(top)]
    seen.add((info.st_dev, info.st_ino))
    while pending:
        folder = pending.pop()
        try:
            with os.scandir(folder) as listing:
                entries = sorted(listing, key=lambda e: e.name)
        except OSError as exc:
            out.items.append(denied_problem(Path(folder), exc))
            continue
        subfolders: list[str] = []
        for entry in entries:
            path = os.path.join(folder, entry.name)
            wanted_name = matches(entry.name) is not None
            try:
                if entry.is_symlink():
                    if wanted_name or (recursive and _points_at_folder(path)):
                        out.items.append(symlink_problem(Path(path)))
                    continue
                st = entry.stat(follow_symlinks=False)
            except OSError as exc:
                if wanted_name:
                    out.items.append(denied_problem(Path(path), exc, "file"))
                continue
            if stat.S_ISDIR(st.st_mode):
                key = (st.st_dev, st.st_ino)
                if recursive and not entry.name.startswith(".") and key not in seen:
                    seen.add(key)
                    subfolders.append(path)
                continue
            if not wanted_name:
                continue
            if stat.S_ISREG(st.st_mode) and st.st_nlink > 1:
                out.items.append(hardlink_problem(Path(path), st.st_nlink))
                continue
            out.items.append(
                Found(path, st.st_mode, st.st_size, st.st_mtime_ns, st.st_ino)
            )
        pending.extend(reversed(subfolders))  # depth first, in sorted order
    return out


def _points_at_folder(path: str) -> bool:
    """Whether a link points at a folder (one ``stat``; a loop or a dangling link: no)."""
    try:
        return stat.S_ISDIR(os.stat(path).st_mode)
    except OSError:
        return False


def is_inside(path: str | os.PathLike[str], root: str | os.PathLike[str]) -> bool:
    """Whether ``path``'s folder, every link resolved, is ``root`` (resolved) or inside it.

    The file's own last name is not resolved (a link there is refused on opening).
    """
    base = Path(os.path.realpath(root))
    where = Path(os.path.realpath(Path(path).parent))
    return where == base or base in where.parents


def check_name(
    path: str | os.PathLike[str], root: str | os.PathLike[str] | None = None
) -> FileProblem | None:
    """Why ``path`` must not be read or written (a link, a hard link, outside ``root``), or None.

    One ``lstat``; a name that does not exist yet is fine (a file about to be saved).
    """
    name = Path(path)
    if root is not None and (".." in name.parts or not is_inside(name, root)):
        return outside_problem(name)
    try:
        st = os.lstat(name)
    except FileNotFoundError:
        return None
    except OSError as exc:
        return denied_problem(name, exc, "file")
    if stat.S_ISLNK(st.st_mode):
        return symlink_problem(name)
    if stat.S_ISREG(st.st_mode) and st.st_nlink > 1:
        return hardlink_problem(name, st.st_nlink)
    return None


def read_regular(
    path: str | os.PathLike[str],
    limit: int,
    root: str | os.PathLike[str] | None = None,
    *,
    mode: int | None = None,
) -> bytes:
    """At most ``limit + 1`` bytes of a regular file with one name, never through a link.

    :raises UnsafeFile: for a symbolic link, a hard link, a name outside ``root``, or
        anything but a regular file (``problem.kind`` says which; for the last one the
        caller usually has its own words).
    :raises OSError: if the file cannot be opened or read (``errno`` says why).

    ``mode`` is the ``lstat`` mode the walk already has (:attr:`Found.mode`): without it
    the name is examined first, so a device or a pipe is refused before it is opened.
    """
    name = Path(path)
    if root is not None and (".." in name.parts or not is_inside(name, root)):
        raise UnsafeFile(outside_problem(name))
    if mode is None:
        try:
            mode = os.lstat(name).st_mode
        except OSError as exc:
            raise exc from None
    if stat.S_ISLNK(mode):
        raise UnsafeFile(symlink_problem(name))
    if not stat.S_ISREG(mode):
        raise UnsafeFile(not_regular_problem(name, mode))
    # O_NOFOLLOW refuses a link put there since, fstat sees what was really opened.
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    try:
        fd = os.open(name, flags)
    except OSError as exc:
        if exc.errno == errno.ELOOP:  # swapped for a link since it was listed
            raise UnsafeFile(symlink_problem(name)) from None
        raise
    with os.fdopen(fd, "rb") as handle:
        st = os.fstat(handle.fileno())
        if not stat.S_ISREG(st.st_mode):
            raise UnsafeFile(not_regular_problem(name, st.st_mode))
        if st.st_nlink > 1:
            raise UnsafeFile(hardlink_problem(name, st.st_nlink))
        return handle.read(limit + 1)
