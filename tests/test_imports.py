"""The package imports one way: no cycle anywhere in ``tutor/``, counting imports inside
functions (``TYPE_CHECKING`` blocks are for type checkers and are skipped), and the engine's
modules import none above them."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "tutor"


def module_name(path: Path, root: Path = PACKAGE) -> str:
    """``tutor/ui/learn.py`` -> ``tutor.ui.learn``; a package's ``__init__.py`` is the package."""
    parts = [root.name, *path.relative_to(root).with_suffix("").parts]
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def runtime_imports(
    tree: ast.Module, module: str, modules: set[str], *, package: bool = False
) -> set[str]:
    """The modules of ``modules`` that ``tree`` (the module ``module``) imports when it runs.

    ``from a.b import c`` counts as an import of ``a.b.c`` when that is a module, else of
    ``a.b``; relative imports are resolved; imports under ``if TYPE_CHECKING:`` are not run.
    """
    found: set[str] = set()
    here = module.split(".") if package else module.split(".")[:-1]

    def add(name: str, names: list[ast.alias]) -> None:
        subs = [f"{name}.{a.name}" for a in names if f"{name}.{a.name}" in modules]
        found.update(subs)
        if len(subs) < len(names) and name in modules:
            found.add(name)

    def walk(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                for sub in child.orelse:
                    walk(sub)
                continue
            if isinstance(child, ast.ImportFrom):
                if child.level:
                    base = here[: len(here) - (child.level - 1)]
                    name = ".".join(base + ([child.module] if child.module else []))
                else:
                    name = child.module or ""
                add(name, child.names)
            elif isinstance(child, ast.Import):
                found.update(a.name for a in child.names if a.name in modules)
            walk(child)

    walk(tree)
    found.discard(module)
    return found


def import_graph(root: Path = PACKAGE) -> dict[str, set[str]]:
    """Every module under ``root`` -> the modules of the package it imports at run time."""
    paths = {module_name(p, root): p for p in sorted(root.rglob("*.py"))}
    names = set(paths)
    return {
        name: runtime_imports(
            ast.parse(path.read_text(encoding="utf-8")),
            name,
            names,
            package=path.name == "__init__.py",
        )
        for name, path in paths.items()
    }


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}  # 1 = on the path, 2 = done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return path[path.index(nxt) :] + [nxt]
            if nxt not in state and (cycle := visit(nxt)):
                return cycle
        path.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (cycle := visit(node)):
            return cycle
    return None


def test_find_cycle_reports_a_cycle_it_is_given() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert find_cycle(graph) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


def test_walker_skips_type_checking_and_sees_local_and_relative_imports() -> None:
    modules = {
        "tutor",
        "tutor.engine",
        "tutor.engine.table",
        "tutor.engine.showdown",
        "tutor.engine.values",
        "tutor.ui",
        "tutor.ui.learn",
        "tutor.ui.sidebar",
        "tutor.ui.text",
    }
    tree = ast.parse(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from tutor.engine.table import Hand\n"
        "def f():\n    from tutor.engine import showdown\n"
        "    from tutor.ui.learn import READ\n"
        "from tutor.engine.values import fmt\n"
        "from . import text\n"
        "import tutor.engine\n"
    )
    assert runtime_imports(tree, "tutor.ui.sidebar", modules) == {
        "tutor.engine",
        "tutor.engine.showdown",
        "tutor.engine.values",
        "tutor.ui.learn",
        "tutor.ui.text",
    }


def test_the_walker_finds_a_circle_hidden_in_a_function(tmp_path: Path) -> None:
    root = tmp_path / "tutor"
    (root / "ui").mkdir(parents=True)
    (root / "__init__.py").write_text("")
    (root / "ui" / "__init__.py").write_text("")
    (root / "ui" / "learn.py").write_text(
        "def page():\n    from tutor.ui.sidebar import form\n"
    )
    (root / "ui" / "sidebar.py").write_text("from tutor.ui.learn import READ\n")
    assert find_cycle(import_graph(root)) == [
        "tutor.ui.learn",
        "tutor.ui.sidebar",
        "tutor.ui.learn",
    ]


def test_no_import_circle_anywhere_in_the_package() -> None:
    graph = import_graph()
    # The walk sees the whole package, the pages and the migrations included.
    assert {"tutor.engine.table", "tutor.ui.learn", "tutor.drills.targets"} <= set(
        graph
    )
    assert "tutor.drills.generator" in graph["tutor.drills.targets.base"]
    assert find_cycle(graph) is None


def test_engine_leaves_import_no_engine_module_above_them() -> None:
    graph = import_graph()
    engine = {m for m in graph if m.startswith("tutor.engine")}
    for name in engine:
        assert graph[name] <= engine, (name, graph[name] - engine)
    assert graph["tutor.engine.values"] <= {
        "tutor.engine.cards",
        "tutor.engine.errors",
        "tutor.engine.messages",
        "tutor.engine.rules",
    }
    assert graph["tutor.engine.messages"] == set()
    assert "tutor.engine.table" not in graph["tutor.engine.betting"]
    assert "tutor.engine.table" not in graph["tutor.engine.rulings"]
    assert "tutor.engine.table" not in graph["tutor.engine.showdown"]
