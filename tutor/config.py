"""Where Stud Tutor keeps its data, scenarios and lessons, read from the environment."""

from __future__ import annotations

import math
import os
import re
import sys
from collections.abc import Mapping
from decimal import Decimal, InvalidOperation
from importlib.resources import files
from pathlib import Path

from tutor.engine import TutorError

APP_FOLDER = "stud-tutor"
DATABASE_FILE = "progress.sqlite3"
SUPPORTED_BACKENDS = ("sqlite", "postgresql")

DATA_DIR_VAR = "TUTOR_DATA_DIR"
DATABASE_URL_VAR = "TUTOR_DATABASE_URL"
SCENARIOS_DIR_VAR = "TUTOR_SCENARIOS_DIR"
LESSONS_DIR_VAR = "TUTOR_LESSONS_DIR"
INSTRUCTOR_BANK_VAR = "TUTOR_INSTRUCTOR_BANK"
CONNECT_TIMEOUT_VAR = "TUTOR_DB_CONNECT_TIMEOUT"
STATEMENT_TIMEOUT_VAR = "TUTOR_DB_STATEMENT_TIMEOUT"
SQLITE_SYNCHRONOUS_VAR = "TUTOR_SQLITE_SYNCHRONOUS"
DEADLINE_VAR = "TUTOR_DB_DEADLINE"

#: Seconds to wait for PostgreSQL to accept a connection (libpq counts whole seconds, >= 2).
DEFAULT_CONNECT_TIMEOUT = 5
#: Seconds one PostgreSQL statement may run before the server cancels it.
DEFAULT_STATEMENT_TIMEOUT = 15.0
#: Seconds any one call to the progress database may take, counted by the app itself (a
#: server that is frozen or cut off cannot stop a page for longer than this).
DEFAULT_DEADLINE = 3.0
#: SQLite's ``synchronous`` setting: NORMAL (the default: with WAL a crash of the app or
#: the machine never corrupts the file, a power cut may lose the last few answers), FULL
#: (every answer reaches the disk before it counts: for machines that may lose power), or
#: EXTRA.
SQLITE_SYNCHRONOUS = ("NORMAL", "FULL", "EXTRA")
DEFAULT_SQLITE_SYNCHRONOUS = "NORMAL"


class ConfigError(TutorError):
    """A setting (an environment variable or a default folder) that cannot be used."""


def _env(name: str, environ: Mapping[str, str] | None) -> str:
    """The variable's value with surrounding blanks removed; ``""`` when unset."""
    source = os.environ if environ is None else environ
    return source.get(name, "").strip()


def default_data_dir(
    platform: str | None = None,
    environ: Mapping[str, str] | None = None,
    home: Path | None = None,
) -> Path:
    """The per-user data folder for this operating system (not created here).

    Linux and others: ``$XDG_DATA_HOME/stud-tutor`` (an absolute XDG_DATA_HOME only, as the
    XDG spec says) or ``~/.local/share/stud-tutor``; macOS: ``~/Library/Application
    Support/stud-tutor``; Windows: ``%APPDATA%/stud-tutor``.

    >>> default_data_dir("linux", {}, Path("/home/ana")).as_posix()
    '/home/ana/.local/share/stud-tutor'
    >>> default_data_dir("darwin", {}, Path("/Users/ana")).as_posix()
    '/Users/ana/Library/Application Support/stud-tutor'
    """
    platform = sys.platform if platform is None else platform
    home = Path.home() if home is None else home
    if platform == "darwin":
        return home / "Library" / "Application Support" / APP_FOLDER
    if platform.startswith("win"):
        appdata = _env("APPDATA", environ)
        base = Path(appdata) if appdata else home / "AppData" / "Roaming"
        return base / APP_FOLDER
    xdg = _env("XDG_DATA_HOME", environ)
    if xdg and Path(xdg).is_absolute():
        return Path(xdg) / APP_FOLDER
    return home / ".local" / "share" / APP_FOLDER


def data_dir(environ: Mapping[str, str] | None = None) -> Path:
    """The folder for the progress database: ``$TUTOR_DATA_DIR`` or the per-user default.

    The folder is created (with its parents) if missing.

    :raises ConfigError: If the path is a file, cannot be created, or is not writable.
    """
    value = _env(DATA_DIR_VAR, environ)
    if value:
        path = Path(value).expanduser()
        origin = f"{DATA_DIR_VAR}={value!r}"
    else:
        path = default_data_dir(environ=environ)
        origin = f"The default data folder {str(path)!r}"
    fix = (
        f"Set {DATA_DIR_VAR} to a folder you can write to (it is created if missing)"
        + (f", or unset {DATA_DIR_VAR} to use the default folder." if value else ".")
    )
    if path.exists() and not path.is_dir():
        raise ConfigError(f"{origin} is a file, not a folder. {fix}")
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        reason = exc.strerror or str(exc)
        raise ConfigError(f"{origin} cannot be created ({reason}). {fix}") from exc
    if not os.access(path, os.W_OK | os.X_OK):
        raise ConfigError(f"{origin} is not writable. {fix}")
    return path


_PASSWORD = re.compile(r"(://[^:/@]*:).*@")  # greedy: a password may hold "@"


def redact_url(url: str) -> str:
    """The URL with any password replaced by ``***``, for messages.

    >>> redact_url("postgresql+psycopg://ana:s3cret@db:5432/tutor")
    'postgresql+psycopg://ana:***@db:5432/tutor'
    """
    return _PASSWORD.sub(r"\1***@", url)


def database_url(environ: Mapping[str, str] | None = None) -> str:
    """The progress database URL: ``$TUTOR_DATABASE_URL`` or SQLite in :func:`data_dir`.

    :raises ConfigError: If the URL cannot be parsed or names a database other than
        SQLite or PostgreSQL.
    """
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError

    value = _env(DATABASE_URL_VAR, environ)
    if not value:
        return f"sqlite:///{(data_dir(environ) / DATABASE_FILE).as_posix()}"
    example = (
        "sqlite:////srv/tutor/progress.sqlite3 or "
        "postgresql+psycopg://user:password@localhost:5432/tutor"
    )
    shown = redact_url(value)
    try:
        url = make_url(value)
    except (ArgumentError, ValueError) as exc:
        raise ConfigError(
            f"{DATABASE_URL_VAR}={shown!r} is not a database URL SQLAlchemy can read. "
            f"Set it to a URL such as {example}, or unset it to use SQLite in the "
            "data folder."
        ) from exc
    backend = url.get_backend_name()
    if backend == "postgres":
        backend = "postgresql"
    if backend not in SUPPORTED_BACKENDS:
        raise ConfigError(
            f"{DATABASE_URL_VAR}={shown!r} names the database {backend!r}; Stud Tutor "
            f"supports sqlite and postgresql. Set it to a URL such as {example}."
        )
    return value


def _seconds(
    var: str, default: float, environ: Mapping[str, str] | None, *, least: float
) -> float:
    """A number of seconds from ``$var`` (``default`` when unset), at least ``least``."""
    value = _env(var, environ)
    if not value:
        return default
    try:
        seconds = float(value)
    except ValueError:
        seconds = float("nan")
    if not least <= seconds <= 86_400:
        raise ConfigError(
            f"{var}={value[:40]!r} is not a usable number of seconds. Set it to a number "
            f"from {least:g} to 86400 (e.g. {default:g}), or unset it for {default:g}."
        )
    return seconds


def connect_timeout(environ: Mapping[str, str] | None = None) -> int:
    """Whole seconds to wait for PostgreSQL to accept a connection (``$TUTOR_DB_CONNECT_TIMEOUT``).

    >>> connect_timeout({}), connect_timeout({"TUTOR_DB_CONNECT_TIMEOUT": "2.5"})
    (5, 3)

    :raises ConfigError: If the value is not a number from 2 to 86400.
    """
    seconds = _seconds(CONNECT_TIMEOUT_VAR, DEFAULT_CONNECT_TIMEOUT, environ, least=2)
    return max(2, math.ceil(seconds))


def db_deadline(environ: Mapping[str, str] | None = None) -> float:
    """Seconds one call to the progress database may take before the app gives up on it
    (``$TUTOR_DB_DEADLINE``), however the server behaves.

    >>> db_deadline({}), db_deadline({"TUTOR_DB_DEADLINE": "1.5"})
    (3.0, 1.5)

    :raises ConfigError: If the value is not a number from 0.2 to 86400.
    """
    return _seconds(DEADLINE_VAR, DEFAULT_DEADLINE, environ, least=0.2)


def statement_timeout(environ: Mapping[str, str] | None = None) -> float:
    """Seconds one PostgreSQL statement may run (``$TUTOR_DB_STATEMENT_TIMEOUT``).

    >>> statement_timeout({}), statement_timeout({"TUTOR_DB_STATEMENT_TIMEOUT": "0.5"})
    (15.0, 0.5)

    :raises ConfigError: If the value is not a number from 0.1 to 86400.
    """
    return _seconds(
        STATEMENT_TIMEOUT_VAR, DEFAULT_STATEMENT_TIMEOUT, environ, least=0.1
    )


def sqlite_synchronous(environ: Mapping[str, str] | None = None) -> str:
    """SQLite's ``synchronous`` setting (``$TUTOR_SQLITE_SYNCHRONOUS``, default NORMAL).

    >>> sqlite_synchronous({}), sqlite_synchronous({"TUTOR_SQLITE_SYNCHRONOUS": "full"})
    ('NORMAL', 'FULL')

    :raises ConfigError: If the value is not NORMAL, FULL or EXTRA.
    """
    value = _env(SQLITE_SYNCHRONOUS_VAR, environ)
    if not value:
        return DEFAULT_SQLITE_SYNCHRONOUS
    if value.upper() not in SQLITE_SYNCHRONOUS:
        raise ConfigError(
            f"{SQLITE_SYNCHRONOUS_VAR}={value[:40]!r} is not a SQLite synchronous "
            f"setting. Set it to {', '.join(SQLITE_SYNCHRONOUS)} (FULL for machines "
            "that may lose power), or unset it for NORMAL."
        )
    return value.upper()


def bundled_folder(name: str) -> Path:
    """The ``scenarios`` or ``lessons`` folder that comes with the app.

    An installed wheel carries it inside the package (``tutor/_bundled/<name>``, copied
    there at build time by ``setup.py``), found with :mod:`importlib.resources`; a source
    checkout (an editable install) has it beside the package, at the repository's top.
    """
    packaged = files("tutor") / "_bundled" / name
    if packaged.is_dir():
        return Path(str(packaged))
    return Path(str(files("tutor"))).resolve().parent / name


def _folder(var: str, default_name: str, environ: Mapping[str, str] | None) -> Path:
    """A folder to read from: ``$var`` or the :func:`bundled_folder`."""
    value = _env(var, environ)
    if value:
        path = Path(value).expanduser()
        origin = f"{var}={value!r}"
        fix = f"Set {var} to an existing folder, or unset it to use the bundled one."
    else:
        path = bundled_folder(default_name)
        origin = f"The bundled {default_name} folder {str(path)!r}"
        fix = f"Set {var} to the folder that holds the {default_name}."
    if not path.exists():
        raise ConfigError(f"{origin} does not exist. {fix}")
    if not path.is_dir():
        raise ConfigError(f"{origin} is a file, not a folder. {fix}")
    if not os.access(path, os.R_OK | os.X_OK):
        raise ConfigError(f"{origin} is not readable. {fix}")
    return path


def scenarios_dir(environ: Mapping[str, str] | None = None) -> Path:
    """The scenario bank folder: ``$TUTOR_SCENARIOS_DIR`` or the repository's ``scenarios/``.

    :raises ConfigError: If the folder is missing, is a file, or is not readable.
    """
    return _folder(SCENARIOS_DIR_VAR, "scenarios", environ)


def lessons_dir(environ: Mapping[str, str] | None = None) -> Path:
    """The lessons folder: ``$TUTOR_LESSONS_DIR`` or the repository's ``lessons/``.

    :raises ConfigError: If the folder is missing, is a file, or is not readable.
    """
    return _folder(LESSONS_DIR_VAR, "lessons", environ)


def instructor_bank_dir(environ: Mapping[str, str] | None = None) -> Path:
    """The instructors' writable scenario folder: ``$TUTOR_INSTRUCTOR_BANK`` or
    ``<data dir>/scenarios`` (created if missing).

    :raises ConfigError: If the folder is a file, cannot be created, or is not writable.
    """
    value = _env(INSTRUCTOR_BANK_VAR, environ)
    if value:
        path = Path(value).expanduser()
        origin = f"{INSTRUCTOR_BANK_VAR}={value!r}"
    else:
        path = data_dir(environ) / "scenarios"
        origin = "The instructor bank folder in the data folder"
    fix = f"Set {INSTRUCTOR_BANK_VAR} to a folder you can write to."
    if path.exists() and not path.is_dir():
        raise ConfigError(f"{origin} is a file, not a folder. {fix}")
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise ConfigError(
            f"{origin} cannot be created ({exc.strerror or exc}). {fix}"
        ) from exc
    if not os.access(path, os.W_OK | os.X_OK):
        raise ConfigError(f"{origin} is not writable. {fix}")
    return path


#: The room's chip colours by denomination, as ``TUTOR_CHIP_COLOURS`` gives them
#: (``"1=white,5=red,25=green,100=black"``); a house setting, shown in the pot drill.
DEFAULT_CHIP_COLOURS = "0.5=pink,1=white,5=red,25=green,100=black,500=purple"
#: A colour is a CSS colour name or a #rgb / #rrggbb value (nothing else reaches the page).
_COLOUR = re.compile(r"^(#[0-9a-fA-F]{3}|#[0-9a-fA-F]{6}|[a-zA-Z]{3,20})$")


def chip_colours(
    environ: Mapping[str, str] | None = None,
) -> list[tuple[Decimal, str]]:
    """The room's chips, largest first: (denomination, colour).

    >>> chip_colours({"TUTOR_CHIP_COLOURS": "1=white, 5=#c00, 25=green"})
    [(Decimal('25'), 'green'), (Decimal('5'), '#c00'), (Decimal('1'), 'white')]

    :raises ValueError: for a setting that is not ``amount=colour`` pairs (the message says
        which pair is wrong and how it is written).
    """
    raw = _env("TUTOR_CHIP_COLOURS", environ) or DEFAULT_CHIP_COLOURS
    chips: dict[Decimal, str] = {}
    for pair in raw.split(","):
        if not pair.strip():
            continue
        amount, _, colour = pair.partition("=")
        try:
            value = Decimal(amount.strip())
        except InvalidOperation:
            value = Decimal(0)
        colour = colour.strip()
        if not value.is_finite() or value <= 0 or not _COLOUR.match(colour):
            raise ValueError(
                f"TUTOR_CHIP_COLOURS: {pair.strip()!r} is not a chip: write "
                "amount=colour pairs, such as 1=white,5=red,25=green."
            )
        chips[value] = colour
    return sorted(chips.items(), reverse=True)
