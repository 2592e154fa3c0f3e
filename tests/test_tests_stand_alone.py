"""The tests stand alone: none reads a file outside the repository (what a test needs is
copied into ``tests/data/``, its source named at its top)."""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent
#: Programs the tests run (not files they read): a browser and a database server.
PROGRAMS = ("/usr/bin/chromium", "/usr/lib/postgresql")


def _there_outside(text: str) -> bool:
    place = (TESTS / text).resolve()
    return place.exists() and ROOT not in (place, *place.parents)


def _outside(path: Path) -> list[str]:
    """Paths outside the repository a test module opens: a path given to ``Path(...)`` or
    ``open(...)`` that is there, outside the checkout (not the paths a test makes up, such
    as a home folder for the configuration), and ``parents[2]`` and above (the folder that
    holds the checkout)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in ("Path", "open")
        ):
            for arg in node.args:
                if (
                    isinstance(arg, ast.Constant)
                    and isinstance(arg.value, str)
                    and arg.value.startswith(("/", ".."))
                    and not arg.value.startswith(PROGRAMS)
                    and _there_outside(arg.value)
                ):
                    found.append(f"{path.name}:{node.lineno}: {arg.value[:60]}")
        if (
            isinstance(node, ast.Subscript)
            and isinstance(node.value, ast.Attribute)
            and node.value.attr == "parents"
            and isinstance(node.slice, ast.Constant)
            and isinstance(node.slice.value, int)
            and node.slice.value >= 2
        ):
            found.append(f"{path.name}:{node.lineno}: parents[{node.slice.value}]")
    return found


def test_no_test_reads_outside_the_repository() -> None:
    found = [f for path in sorted(TESTS.rglob("*.py")) for f in _outside(path)]
    assert found == []


def test_the_scan_sees_a_path_outside(tmp_path: Path) -> None:
    sample = tmp_path / "test_x.py"
    outside = tmp_path / "elsewhere.md"
    outside.write_text("a document")
    sample.write_text(
        f'from pathlib import Path\nA = Path("{outside}")\n'
        "B = Path(__file__).parents[2] / 'shared'\nC = Path('/usr/bin/chromium')\n"
        "D = Path('/h/ana/.local/share')\n"
    )
    assert _outside(sample) == [
        f"test_x.py:2: {str(outside)[:60]}",
        "test_x.py:3: parents[2]",
    ]


def test_the_copies_name_their_source() -> None:
    for copy in sorted((TESTS / "data" / "shared").rglob("*.md")):
        head = copy.read_text(encoding="utf-8").splitlines()[0]
        assert head.startswith(
            "<!-- A copy of the shared "
        ) and "/work/shared/" in "".join(
            copy.read_text(encoding="utf-8").splitlines()[:3]
        ), copy
