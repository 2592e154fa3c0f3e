"""What of the interface catalogue's English is on an AppTest screen: the check the Italian
page tests share (an entry counts only where its Italian differs from the English, so the
poker terms the glossary keeps in English, ``Razz``, ``bring-in``, are never "English")."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import Any

from appkit import unescape
from babel.messages.pofile import read_po

from tutor.glossary import load_glossary
from tutor.i18n import LANGUAGES
from tutor.ui.language import name_of

ROOT = Path(__file__).resolve().parent.parent.parent
ITALIAN = ROOT / "tutor" / "locale" / "it" / "LC_MESSAGES" / "tutor.po"
PLACEHOLDER = re.compile(r"%?\{[^{}]*\}")
#: Markup around a sentence that is not part of its words.
_TAGS = re.compile(r"<[^>]+>")


@cache
def english_pieces() -> tuple[frozenset[str], tuple[str, ...]]:
    """Single words (``Submit``), matched as a whole text; the literal parts of longer
    sentences between their placeholders, of three words or more, matched anywhere."""
    with ITALIAN.open("rb") as handle:
        catalogue = read_po(handle)
    words: set[str] = set()
    pieces: set[str] = set()
    for message in catalogue:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = (
            message.string if isinstance(message.string, tuple) else (message.string,)
        )
        for english in ids:
            if english in strings:
                continue
            for part in PLACEHOLDER.split(_TAGS.sub(" ", english)):
                part = part.strip(" .,:;·()*-_\n")
                if len(part.split()) >= 3:
                    pieces.add(part)
            if " " not in english and not PLACEHOLDER.search(english):
                words.add(english)
    return frozenset(words), tuple(sorted(pieces))


_TEXT_KINDS = (
    "title",
    "header",
    "subheader",
    "markdown",
    "caption",
    "info",
    "warning",
    "error",
    "success",
)
_WIDGET_KINDS = (
    "button",
    "checkbox",
    "radio",
    "selectbox",
    "multiselect",
    "number_input",
    "text_input",
    "text_area",
    "toggle",
    "download_button",
)


def _area_texts(area: Any) -> list[str]:
    out: list[str] = []
    for kind in _TEXT_KINDS:
        out += [unescape(str(e.value)) for e in area.get(kind)]
    for kind in _WIDGET_KINDS:
        for widget in area.get(kind):
            out.append(str(getattr(widget, "label", "") or ""))
            help_text = getattr(widget, "help", None)
            if help_text:
                out.append(str(help_text))
            out += [str(o) for o in getattr(widget, "options", None) or []]
            placeholder = getattr(widget, "placeholder", None)
            if placeholder:
                out.append(str(placeholder))
    out += [str(e.label) for e in area.expander]
    out += [str(t.label) for t in area.tabs]
    for element in area.get("html"):  # the table: its labels, tags and legend
        body = str(getattr(element.proto, "body", ""))
        out += [t.strip() for t in re.split(r"<[^>]+>|\"", body) if t.strip()]
    for element in area.get("table"):
        out += [str(c) for c in element.value.columns]
    for element in area.get("plotly_chart"):
        out += chart_texts(json.loads(element.proto.spec))
    return out


def chart_texts(figure: dict[str, Any]) -> list[str]:
    """A Plotly figure's words: its title, axis titles, notes, traces' names, hover
    templates and tick labels."""
    layout = figure.get("layout", {})
    out = [str(layout.get("title", {}).get("text", ""))]
    for axis in ("xaxis", "yaxis"):
        found = layout.get(axis, {})
        out.append(str(found.get("title", {}).get("text", "")))
        out += [str(t) for t in found.get("ticktext", [])]
    out += [str(a.get("text", "")) for a in layout.get("annotations", [])]
    for trace in figure.get("data", []):
        out.append(str(trace.get("name", "")))
        out += _TAGS.sub("\n", str(trace.get("hovertemplate", ""))).split("\n")
        out += [str(t) for t in trace.get("text", []) or []]
    return [t for t in out if t]


@cache
def kept_words() -> frozenset[str]:
    """What may stay English under Italian: each language's own name (the switch names
    it as its readers do) and every term the Italian glossary keeps as its name or form
    (``high``, ``bring-in``, ``showdown``)."""
    glossary = load_glossary(ROOT / "lessons")
    words = {name_of(code) for code in LANGUAGES}
    for term in glossary.terms:
        words.add(term.names["it"])
        words.update(term.forms.get("it", ()))
    return frozenset(words)


def texts(at: Any, *, sidebar: bool = True, main: bool = True) -> list[str]:
    """Every text a reader sees on the page: headings, prose, alerts, labels, options,
    helps, the table's words, a table's column names, the charts' words; of the main area
    (``main``) and the sidebar (``sidebar``)."""
    out = _area_texts(at.main) if main else []
    if sidebar:
        out += _area_texts(at.sidebar)
    return [t for t in out if t]


def english_on(
    at: Any, *, skip: Iterable[str] = (), sidebar: bool = True, main: bool = True
) -> list[str]:
    """The catalogue's English found on the page (``skip``: texts starting so are left
    out, with the reason said where the test names them)."""
    words, pieces = english_pieces()
    skipped = tuple(skip)
    found: list[str] = []
    for text in texts(at, sidebar=sidebar, main=main):
        if skipped and text.startswith(skipped):
            continue
        if text.strip() in words and text.strip() not in kept_words():
            found.append(text)
        found += [f"{p!r} in {text!r}" for p in pieces if p in text]
    return found


_GETTEXT = frozenset({"_", "N_", "ngettext", "pgettext", "npgettext", "rules_gettext"})


def literals_outside_gettext(*paths: Path) -> tuple[str, ...]:
    """The string literals of ``paths`` not inside a gettext call (``_``, ``ngettext``...):
    what those files still say in English (docstrings left out)."""
    import ast

    found: list[str] = []
    for path in paths:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        inside: set[int] = set()
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in _GETTEXT
            ):
                inside.update(id(n) for n in ast.walk(node))
            elif isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
                inside.add(id(node.value))  # a docstring
        found += [
            node.value
            for node in ast.walk(tree)
            if isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in inside
        ]
    return tuple(found)


def split_by_source(
    found: Iterable[str], others: Iterable[str]
) -> tuple[list[str], list[str]]:
    """``found`` (from :func:`english_on`) split in two: what no literal of ``others`` (see
    :func:`literals_outside_gettext`) says, and what one does (English of other files)."""
    theirs = tuple(others)
    mine: list[str] = []
    elsewhere: list[str] = []
    for item in found:
        piece = item.split(" in ", 1)[0][1:-1] if item[:1] in "'\"" else item
        if any(piece and piece in literal for literal in theirs):
            elsewhere.append(item)
        else:
            mine.append(item)
    return mine, elsewhere
