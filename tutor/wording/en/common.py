"""Small helpers the English templates share."""

from __future__ import annotations

from collections.abc import Iterable

from tutor import numbers
from tutor.wording import Params


def and_list(words: list[str]) -> str:
    """``A``, ``A and B``, ``A, B and C``."""
    return numbers.format_list(words, "en")


def said(p: Params, name: str) -> str:
    """A parameter that is what the engine said: one message, several (sentences joined by
    a space), or text given by a part of the engine not yet moved to messages."""
    value = p.raw(name)
    if isinstance(value, tuple):
        return " ".join(t for t in (p.say(m) for m in value) if t)
    return p.say(value)


def joined(p: Params, name: str, sep: str = ", ") -> str:
    """A list parameter written with ``sep`` between its items (``A, B, C``)."""
    items: Iterable[object] = p.raw(name)
    return sep.join(p.say(x) for x in items)


def listed(p: Params, name: str) -> str:
    """A list parameter written as the language lists (``A, B and C``)."""
    items: Iterable[object] = p.raw(name)
    return numbers.format_list([p.say(x) for x in items], p.lang)
