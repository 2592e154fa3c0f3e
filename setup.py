"""Build hook: the wheel carries the repository's ``scenarios/`` and ``lessons/``, and
every gettext catalogue compiled (a ``.mo`` beside each ``.po``).

The two folders stay at the top of the repository, where authors edit them; at build time
they are copied into the package as ``tutor/_bundled/scenarios`` and
``tutor/_bundled/lessons``, which ``tutor.config`` finds with ``importlib.resources``. An
editable install (``pip install -e .``) copies nothing: it reads the checkout's folders.
The catalogues (``tutor/locale/<lang>/LC_MESSAGES/*.po`` and the bank's
``scenarios/locale/...``) are compiled with Babel into the built package only; an editable
install reads the ``.po`` (``tutor.i18n`` compiles it in memory). Everything else about the
package is in ``pyproject.toml``.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
BUNDLED = ("scenarios", "lessons")


class BuildWithData(build_py):
    """``build_py``, then the data folders copied into the built package."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return
        target = Path(self.build_lib) / "tutor" / "_bundled"
        for name in BUNDLED:
            source = ROOT / name
            if not source.is_dir():
                raise SystemExit(f"cannot build: the folder {name}/ is missing")
            shutil.rmtree(target / name, ignore_errors=True)
            shutil.copytree(
                source,
                target / name,
                ignore=shutil.ignore_patterns(".*", "__pycache__"),
            )
        compile_catalogues(Path(self.build_lib) / "tutor")


def compile_catalogues(package: Path) -> list[Path]:
    """A ``.mo`` beside every ``.po`` under ``package`` (Babel); the files written."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    written = []
    for po in sorted(package.rglob("LC_MESSAGES/*.po")):
        with po.open("rb") as handle:
            catalog = read_po(handle, abort_invalid=True)
        mo = po.with_suffix(".mo")
        with mo.open("wb") as handle:
            write_mo(handle, catalog)
        written.append(mo)
    return written


setup(cmdclass={"build_py": BuildWithData})
