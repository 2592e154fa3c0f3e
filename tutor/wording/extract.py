"""A Babel extraction method for the wording catalogue (``babel.cfg`` names it).

The source catalogue (``tutor/wording/en/*.py``) is a dict per module from message keys to
templates. Each plain template is a ``pgettext(key, template)`` entry; a function template
says its sentences with ``p.t("...")`` and ``p.nt("...", "...", n)``, and a factory's
template is marked ``N_("...")``: each is an entry whose ``msgctxt`` is the key of the
dict entry it belongs to, followed through the module's helper functions it calls. The
comment lines above an entry become its translator's comments (``#.``), after a note
saying which sentence of the key's function it is.

Any ``_()``, ``pgettext()``... call outside the dicts is extracted as Babel's own
``python`` method would.
"""

from __future__ import annotations

import ast
import io
from collections.abc import Collection, Iterator, Mapping
from typing import IO, Any

from babel.messages.extract import extract_python

#: What an extraction method yields: line, function, message(s), comments.
Extracted = tuple[int, str, str | tuple[str | None, ...], list[str]]

_FUNCTION_NOTE = (
    "One sentence of {key}: the engine's values pick which of its sentences is said; "
    "each is whole, so translate it as a sentence of its own."
)


def _comment_above(lines: list[str], lineno: int) -> list[str]:
    """The ``#`` lines just above line ``lineno`` (1-based), top first, without ``#``."""
    out: list[str] = []
    i = lineno - 2
    while i >= 0 and lines[i].lstrip().startswith("#"):
        text = lines[i].lstrip()[1:].strip()
        if text.startswith("--") or not text.strip("- "):
            break  # a section rule: not a note for this entry
        out.insert(0, text.strip("- ").strip())
        i -= 1
    return out


def _string(node: ast.expr | None) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    return None


def _catalogue_dicts(tree: ast.Module) -> Iterator[ast.Dict]:
    for node in tree.body:
        target: ast.expr | None = None
        value: ast.expr | None = None
        if isinstance(node, ast.AnnAssign):
            target, value = node.target, node.value
        elif isinstance(node, ast.Assign) and len(node.targets) == 1:
            target, value = node.targets[0], node.value
        if (
            isinstance(target, ast.Name)
            and target.id == "CATALOGUE"
            and isinstance(value, ast.Dict)
        ):
            yield value


def _calls(
    node: ast.AST,
    functions: Mapping[str, ast.FunctionDef],
    seen: set[str],
) -> Iterator[ast.Call]:
    """The calls inside ``node`` and the module's functions it names, each function once."""
    for sub in ast.walk(node):
        if isinstance(sub, ast.Call):
            yield sub
        if isinstance(sub, ast.Name) and sub.id in functions and sub.id not in seen:
            seen.add(sub.id)
            yield from _calls(functions[sub.id], functions, seen)


def _sentences(call: ast.Call) -> tuple[str, tuple[str, ...]] | None:
    """``("pgettext", (msgid,))`` for ``p.t("...")``/``N_("...")``; npgettext for ``nt``."""
    func = call.func
    args = [_string(a) for a in call.args]
    if isinstance(func, ast.Attribute) and func.attr == "t" and args and args[0]:
        return "pgettext", (args[0],)
    if isinstance(func, ast.Name) and func.id == "N_" and args and args[0]:
        return "pgettext", (args[0],)
    if (
        isinstance(func, ast.Attribute)
        and func.attr == "nt"
        and len(args) >= 2
        and args[0]
        and args[1]
    ):
        return "npgettext", (args[0], args[1])
    return None


def extract_catalogue(source: str) -> Iterator[Extracted]:
    """The entries of the ``CATALOGUE`` dicts of a wording module's ``source``."""
    tree = ast.parse(source)
    lines = source.splitlines()
    functions = {n.name: n for n in tree.body if isinstance(n, ast.FunctionDef)}
    for table in _catalogue_dicts(tree):
        for key_node, value in zip(table.keys, table.values, strict=True):
            key = _string(key_node)
            if key is None or key_node is None:
                continue  # a ``**other`` merge
            comments = _comment_above(lines, key_node.lineno)
            text = _string(value)
            if text is not None:
                yield value.lineno, "pgettext", (key, text), comments
                continue
            note = [*comments, _FUNCTION_NOTE.format(key=key)]
            done: set[tuple[str, ...]] = set()
            for call in _calls(value, functions, set()):
                found = _sentences(call)
                if found is None or found[1] in done:
                    continue
                done.add(found[1])
                func, texts = found
                yield call.lineno, func, (key, *texts), note


def extract(
    fileobj: IO[bytes],
    keywords: Mapping[str, Any],
    comment_tags: Collection[str],
    options: dict[str, Any],
) -> Iterator[Extracted]:
    """Babel's extraction method: the catalogue's entries, then the module's own calls."""
    data = fileobj.read()
    source = data.decode(options.get("encoding", "utf-8"))
    yield from extract_catalogue(source)
    found: Iterator[Any] = extract_python(
        io.BytesIO(data),
        keywords,
        comment_tags,
        options,  # type: ignore[arg-type]
    )
    for line, func, messages, comments in found:
        if func == "N_":
            continue  # the factories' templates, extracted above with their key
        yield line, func, messages, comments


__all__ = ["extract", "extract_catalogue"]
