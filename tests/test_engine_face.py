"""The engine's public face is its real one (issue 22, item 6).

Every package above the engine imports it as ``from tutor.engine import ...``: the names
exported by ``tutor/engine/__init__.py`` and listed in ``docs/engine-api.md``. An import of
an engine module (``tutor.engine.table``, ``from tutor.engine import rules``) from outside the
engine fails here, imports inside functions included. (The tests may reach into engine
modules: they test the insides.)
"""

from __future__ import annotations

import ast
from pathlib import Path

import tutor.course
import tutor.engine
import tutor.engine.rules

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "tutor" / "engine"
SUBMODULES = frozenset(
    {p.stem for p in ENGINE.glob("*.py") if p.stem != "__init__"}
    | {p.name for p in ENGINE.iterdir() if (p / "__init__.py").is_file()}
)


def engine_module_imports(source: str) -> list[str]:
    """The places in ``source`` that import an engine module rather than the engine."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and node.module:
            if node.module.startswith("tutor.engine."):
                found.append(f"{node.lineno}: from {node.module}")
            elif node.module == "tutor.engine":
                found += [
                    f"{node.lineno}: the module {a.name}"
                    for a in node.names
                    if a.name in SUBMODULES
                ]
        elif isinstance(node, ast.Import):
            found += [
                f"{node.lineno}: import {a.name}"
                for a in node.names
                if a.name.startswith("tutor.engine.")
            ]
    return found


def test_the_checker_finds_every_form_of_import() -> None:
    source = (
        "from tutor.engine import Hand\n"
        "from tutor.engine.table import Hand\n"
        "import tutor.engine.hands\n"
        "def f():\n"
        "    from tutor.engine import rules\n"
    )
    assert engine_module_imports(source) == [
        "2: from tutor.engine.table",
        "3: import tutor.engine.hands",
        "5: the module rules",
    ]


def test_nothing_above_the_engine_imports_an_engine_module() -> None:
    found = {
        str(path.relative_to(ROOT)): hits
        for path in sorted((ROOT / "tutor").rglob("*.py"))
        if ENGINE not in path.parents
        and (hits := engine_module_imports(path.read_text(encoding="utf-8")))
    }
    assert found == {}


def test_every_exported_name_resolves_and_is_documented() -> None:
    doc = (ROOT / "docs" / "engine-api.md").read_text(encoding="utf-8")
    missing = [n for n in tutor.engine.__all__ if getattr(tutor.engine, n) is None]
    undocumented = [n for n in tutor.engine.__all__ if f"`{n}`" not in doc]
    assert (missing, undocumented) == ([], [])
    assert sorted(tutor.engine.__all__) == sorted(set(tutor.engine.__all__))


def test_the_course_topics_live_outside_the_engine() -> None:
    assert not hasattr(tutor.engine.rules, "TOPICS")
    assert tutor.course.TOPICS[0] == "ante"
    assert tutor.course.TOPICS[-1] == "irregularities"
    assert tutor.course.TOPICS == tutor.course.SPEC_TOPICS + ("irregularities",)
