"""The engine's modules import one way: no cycle, run-time imports only (TYPE_CHECKING blocks
are for type checkers and are skipped), function-local imports included."""

from __future__ import annotations

import ast
from pathlib import Path

ENGINE = Path(__file__).resolve().parent.parent / "tutor" / "engine"


def _runtime_imports(tree: ast.Module) -> set[str]:
    found: set[str] = set()

    def walk(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                for sub in child.orelse:
                    walk(sub)
                continue
            if isinstance(child, ast.ImportFrom) and child.module:
                if child.module == "tutor.engine":
                    found.update(f"tutor.engine.{a.name}" for a in child.names)
                elif child.module.startswith("tutor.engine."):
                    found.add(child.module)
            elif isinstance(child, ast.Import):
                found.update(
                    a.name for a in child.names if a.name.startswith("tutor.engine.")
                )
            walk(child)

    walk(tree)
    return found


def engine_graph() -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {}
    for path in sorted(ENGINE.glob("*.py")):
        if path.name == "__init__.py":
            continue
        name = f"tutor.engine.{path.stem}"
        imports = _runtime_imports(ast.parse(path.read_text(encoding="utf-8")))
        graph[name] = {m for m in imports if m != name}
    return graph


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


def test_walker_skips_type_checking_and_sees_local_imports() -> None:
    tree = ast.parse(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from tutor.engine.table import Hand\n"
        "def f():\n    from tutor.engine import showdown\n"
        "from tutor.engine.values import fmt\n"
    )
    assert _runtime_imports(tree) == {"tutor.engine.showdown", "tutor.engine.values"}


def test_engine_modules_import_one_way() -> None:
    graph = engine_graph()
    assert "tutor.engine.table" in graph and "tutor.engine.betting" in graph
    assert find_cycle(graph) is None


def test_engine_leaves_import_no_engine_module_above_them() -> None:
    graph = engine_graph()
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
