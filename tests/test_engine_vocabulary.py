"""Games, streets, categories and ranks are the engine's: nothing outside it keeps its own list.

Item 2 of issue 9: every ``if game is STUD8`` goes in favour of the game's description, and
every list of games, streets, categories and ranks outside the engine is derived from the
engine's. These scans fail when a literal list (or a ``STUD8``) comes back.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from tutor.engine.cards import RANK_CHARS
from tutor.engine.hands import Category
from tutor.engine.rules import GAMES
from tutor.engine.values import Street

ROOT = Path(__file__).resolve().parents[1] / "tutor"
ENGINE = ROOT / "engine"
#: The game descriptions: the one module that may name a game's member.
DESCRIPTIONS = ENGINE / "rules.py"

STREET_WORDS = {s.value for s in Street}
GAME_WORDS = set(GAMES)
CATEGORY_WORDS = {c.value for c in Category}
RANK_WORDS = set(RANK_CHARS)
#: Modules that still keep a list of their own, each owned by another piece of work: the
#: list, and why it stays for now. Empty it as they go.
KNOWN: dict[str, str] = {}


def _sources() -> list[Path]:
    return sorted(ROOT.rglob("*.py"))


def test_no_stud8_outside_the_game_descriptions() -> None:
    found = [
        f"{path.relative_to(ROOT)}:{n}: {line.strip()}"
        for path in _sources()
        if path != DESCRIPTIONS
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if "STUD8" in line
    ]
    assert found == []


def _literal_lists(tree: ast.AST) -> list[tuple[int, set[str]]]:
    """Tuples, lists, sets and dict keys of two or more string constants, with their line."""
    out: list[tuple[int, set[str]]] = []
    for node in ast.walk(tree):
        items: list[ast.expr | None] = []
        if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
            items = list(node.elts)
        elif isinstance(node, ast.Dict):
            items = list(node.keys)
        words = {
            i.value
            for i in items
            if isinstance(i, ast.Constant) and isinstance(i.value, str)
        }
        if len(words) >= 2:
            out.append((node.lineno, words))
    return out


def _vocabulary_lists(path: Path, root: Path = ROOT) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for line, words in _literal_lists(tree):
        for what, vocab in (
            ("streets", STREET_WORDS),
            ("games", GAME_WORDS),
            ("categories", CATEGORY_WORDS),
            ("ranks", RANK_WORDS),
        ):
            shared = words & vocab
            if len(shared) < 2 or 2 * len(shared) <= len(words):
                continue  # not a list of these (ordinals first..tenth hold five streets)
            if (
                vocab is RANK_WORDS
                and len(shared) < 5
                and len(shared - set("23456789")) < 2
            ):
                continue  # amounts such as ("2", "4", "0.5"), not ranks
            found.append(f"{path.relative_to(root)}:{line}: a list of {what}")
    return found


def test_no_literal_list_of_streets_games_categories_or_ranks_outside_the_engine() -> (
    None
):
    found = [
        problem
        for path in _sources()
        if ENGINE not in path.parents and str(path.relative_to(ROOT)) not in KNOWN
        for problem in _vocabulary_lists(path)
    ]
    assert found == []


def test_no_string_of_ranks_outside_the_engine() -> None:
    ranks = re.compile(r"[\"'](?:AKQJT9|23456789|A23456)")
    found = [
        f"{path.relative_to(ROOT)}:{n}"
        for path in _sources()
        if ENGINE not in path.parents
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if ranks.search(line)
    ]
    assert found == []


def test_the_scan_finds_what_it_is_for(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(
        'A = ("third", "fourth")\nB = {"stud8": 1, "razz": 2}\nC = ["pair", "flush"]\n'
        'D = ("2", "3", "4", "5", "6")\nE = ("fold", "call")\nF = ("2", "4", "0.5")\n'
    )
    found = [p.split(": ", 1)[1] for p in _vocabulary_lists(sample, tmp_path)]
    assert found == [
        "a list of streets",
        "a list of games",
        "a list of categories",
        "a list of ranks",
    ]


def test_known_exceptions_are_still_there() -> None:
    """An entry of KNOWN whose list was derived since must leave KNOWN."""
    for name in KNOWN:
        assert _vocabulary_lists(ROOT / name), name
