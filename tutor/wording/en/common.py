"""Small helpers the English templates share."""

from __future__ import annotations

from collections.abc import Iterable

from tutor.wording import Params


def and_list(words: list[str]) -> str:
    """``A``, ``A and B``, ``A, B and C``."""
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def ending(n: int, one: str = "", many: str = "s") -> str:
    """The ending for ``n`` things: ``one`` for one, else ``many`` (``raise`` + ``s``)."""
    return one if n == 1 else many


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
