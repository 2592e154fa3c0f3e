"""Settings from the environment: data folder, database URL, scenario and lesson folders."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import tutor
from tutor import config
from tutor.config import (
    ConfigError,
    data_dir,
    database_url,
    default_data_dir,
    lessons_dir,
    redact_url,
    scenarios_dir,
)
from tutor.engine.errors import TutorError

VARS = (
    "TUTOR_DATA_DIR",
    "TUTOR_DATABASE_URL",
    "TUTOR_SCENARIOS_DIR",
    "TUTOR_LESSONS_DIR",
    "XDG_DATA_HOME",
    "APPDATA",
)


@pytest.fixture(autouse=True)
def clean_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """No tutor variables set, and HOME in a temporary folder."""
    for name in VARS:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))


def test_config_error_is_a_tutor_error() -> None:
    assert issubclass(ConfigError, TutorError)
    assert issubclass(ConfigError, ValueError)


# -- data folder -----------------------------------------------------------------------------


def test_default_data_dir_per_platform() -> None:
    home = Path("/h/ana")
    assert default_data_dir("linux", {}, home) == Path("/h/ana/.local/share/stud-tutor")
    assert default_data_dir("linux", {"XDG_DATA_HOME": "/x/data"}, home) == Path(
        "/x/data/stud-tutor"
    )
    # a relative XDG_DATA_HOME is ignored, as the XDG spec says
    assert default_data_dir("linux", {"XDG_DATA_HOME": "rel"}, home) == Path(
        "/h/ana/.local/share/stud-tutor"
    )
    assert default_data_dir("darwin", {}, home) == Path(
        "/h/ana/Library/Application Support/stud-tutor"
    )
    assert default_data_dir(
        "win32", {"APPDATA": "/c/Users/ana/AppData/Roaming"}, home
    ) == (Path("/c/Users/ana/AppData/Roaming/stud-tutor"))
    assert default_data_dir("win32", {}, home) == Path(
        "/h/ana/AppData/Roaming/stud-tutor"
    )


def test_data_dir_default_is_created(tmp_path: Path) -> None:
    expected = tmp_path / "home" / ".local" / "share" / "stud-tutor"
    assert not expected.exists()
    assert data_dir() == expected
    assert expected.is_dir()


def test_data_dir_follows_xdg(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert data_dir() == tmp_path / "xdg" / "stud-tutor"
    assert (tmp_path / "xdg" / "stud-tutor").is_dir()


def test_data_dir_from_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("TUTOR_DATA_DIR", str(tmp_path / "a" / "b"))
    assert data_dir() == tmp_path / "a" / "b"
    assert (tmp_path / "a" / "b").is_dir()


def test_data_dir_env_expands_home(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("TUTOR_DATA_DIR", "~/tutor-data")
    assert data_dir() == tmp_path / "home" / "tutor-data"


def test_data_dir_blank_env_means_default(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("TUTOR_DATA_DIR", "  ")
    assert data_dir() == tmp_path / "home" / ".local" / "share" / "stud-tutor"


def test_data_dir_that_is_a_file(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    target = tmp_path / "data.txt"
    target.write_text("x")
    monkeypatch.setenv("TUTOR_DATA_DIR", str(target))
    with pytest.raises(ConfigError) as info:
        data_dir()
    assert str(info.value) == (
        f"TUTOR_DATA_DIR={str(target)!r} is a file, not a folder. Set TUTOR_DATA_DIR to a "
        "folder you can write to (it is created if missing), or unset TUTOR_DATA_DIR to "
        "use the default folder."
    )


def test_data_dir_that_cannot_be_created(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    (tmp_path / "data.txt").write_text("x")
    target = tmp_path / "data.txt" / "sub"
    monkeypatch.setenv("TUTOR_DATA_DIR", str(target))
    with pytest.raises(ConfigError) as info:
        data_dir()
    assert str(info.value) == (
        f"TUTOR_DATA_DIR={str(target)!r} cannot be created (Not a directory). Set "
        "TUTOR_DATA_DIR to a folder you can write to (it is created if missing), or unset "
        "TUTOR_DATA_DIR to use the default folder."
    )


def test_data_dir_not_writable(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("TUTOR_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(
        os, "access", lambda path, mode: False
    )  # root can write anywhere
    with pytest.raises(ConfigError) as info:
        data_dir()
    assert str(info.value) == (
        f"TUTOR_DATA_DIR={str(tmp_path)!r} is not writable. Set TUTOR_DATA_DIR to a "
        "folder you can write to (it is created if missing), or unset TUTOR_DATA_DIR to "
        "use the default folder."
    )


def test_default_data_dir_that_is_a_file(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    (tmp_path / "stud-tutor").write_text("x")
    with pytest.raises(ConfigError) as info:
        data_dir()
    assert str(info.value) == (
        f"The default data folder {str(tmp_path / 'stud-tutor')!r} is a file, not a "
        "folder. Set TUTOR_DATA_DIR to a folder you can write to (it is created if "
        "missing)."
    )


# -- database URL ----------------------------------------------------------------------------


def test_database_url_default_is_sqlite_in_data_dir(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("TUTOR_DATA_DIR", str(tmp_path / "d"))
    assert database_url() == f"sqlite:///{tmp_path}/d/progress.sqlite3"


@pytest.mark.parametrize(
    "url",
    [
        "sqlite:////srv/tutor/progress.sqlite3",
        "postgresql+psycopg://ana:pw@db.example:5432/tutor",
        "postgresql://ana@localhost/tutor",
    ],
)
def test_database_url_from_env(monkeypatch: pytest.MonkeyPatch, url: str) -> None:
    monkeypatch.setenv("TUTOR_DATABASE_URL", f" {url} ")
    assert database_url() == url


def test_database_url_unreadable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TUTOR_DATABASE_URL", "progress.sqlite3")
    with pytest.raises(ConfigError) as info:
        database_url()
    assert str(info.value) == (
        "TUTOR_DATABASE_URL='progress.sqlite3' is not a database URL SQLAlchemy can read. "
        "Set it to a URL such as sqlite:////srv/tutor/progress.sqlite3 or "
        "postgresql+psycopg://user:password@localhost:5432/tutor, or unset it to use "
        "SQLite in the data folder."
    )


def test_database_url_unsupported_backend_hides_password(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("TUTOR_DATABASE_URL", "mysql://ana:s3cret@db/tutor")
    with pytest.raises(ConfigError) as info:
        database_url()
    assert str(info.value) == (
        "TUTOR_DATABASE_URL='mysql://ana:***@db/tutor' names the database 'mysql'; Stud "
        "Tutor supports sqlite and postgresql. Set it to a URL such as "
        "sqlite:////srv/tutor/progress.sqlite3 or "
        "postgresql+psycopg://user:password@localhost:5432/tutor."
    )


def test_redact_url() -> None:
    assert redact_url("postgresql://ana:p@ss@db/t") == "postgresql://ana:***@db/t"
    assert redact_url("postgresql://ana@db/t") == "postgresql://ana@db/t"
    assert redact_url("sqlite:////x.db") == "sqlite:////x.db"


# -- scenario and lesson folders -------------------------------------------------------------


@pytest.mark.parametrize(
    ("finder", "var", "name"),
    [
        (scenarios_dir, "TUTOR_SCENARIOS_DIR", "scenarios"),
        (lessons_dir, "TUTOR_LESSONS_DIR", "lessons"),
    ],
)
class TestFolders:
    def test_default_is_bundled(self, finder, var, name) -> None:  # type: ignore[no-untyped-def]
        assert finder() == Path(tutor.__file__).resolve().parent.parent / name

    def test_from_env(self, finder, var, name, monkeypatch, tmp_path) -> None:  # type: ignore[no-untyped-def]
        monkeypatch.setenv(var, str(tmp_path))
        assert finder() == tmp_path

    def test_missing(self, finder, var, name, monkeypatch, tmp_path) -> None:  # type: ignore[no-untyped-def]
        monkeypatch.setenv(var, str(tmp_path / "nope"))
        with pytest.raises(ConfigError) as info:
            finder()
        assert str(info.value) == (
            f"{var}={str(tmp_path / 'nope')!r} does not exist. Set {var} to an existing "
            "folder, or unset it to use the bundled one."
        )

    def test_file(self, finder, var, name, monkeypatch, tmp_path) -> None:  # type: ignore[no-untyped-def]
        (tmp_path / "f.yaml").write_text("x")
        monkeypatch.setenv(var, str(tmp_path / "f.yaml"))
        with pytest.raises(ConfigError) as info:
            finder()
        assert str(info.value) == (
            f"{var}={str(tmp_path / 'f.yaml')!r} is a file, not a folder. Set {var} to an "
            "existing folder, or unset it to use the bundled one."
        )

    def test_unreadable(self, finder, var, name, monkeypatch, tmp_path) -> None:  # type: ignore[no-untyped-def]
        monkeypatch.setenv(var, str(tmp_path))
        monkeypatch.setattr(
            os, "access", lambda path, mode: False
        )  # root reads anything
        with pytest.raises(ConfigError) as info:
            finder()
        assert str(info.value) == (
            f"{var}={str(tmp_path)!r} is not readable. Set {var} to an existing folder, or "
            "unset it to use the bundled one."
        )

    def test_bundled_inside_the_package_first(
        self, finder, var, name, monkeypatch, tmp_path
    ) -> None:  # type: ignore[no-untyped-def]
        # An installed wheel: the folder is inside the package (tutor/_bundled/<name>).
        inside = tmp_path / "site" / "tutor" / "_bundled" / name
        inside.mkdir(parents=True)
        (tmp_path / name).mkdir()
        monkeypatch.setattr(
            config, "files", lambda package: tmp_path / "site" / "tutor"
        )
        assert finder() == inside

    def test_bundled_missing(self, finder, var, name, monkeypatch, tmp_path) -> None:  # type: ignore[no-untyped-def]
        fake_package = tmp_path / "tutor"
        fake_package.mkdir()
        monkeypatch.setattr(config, "files", lambda package: fake_package)
        with pytest.raises(ConfigError) as info:
            finder()
        assert str(info.value) == (
            f"The bundled {name} folder {str(tmp_path / name)!r} does not exist. Set {var} "
            f"to the folder that holds the {name}."
        )
