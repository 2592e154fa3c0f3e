"""Where a scenario problem is, in plain 1-based words: ``seats[4].cards`` -> "seat 5, cards"."""

from __future__ import annotations

import re
from dataclasses import dataclass

from tutor.engine import ScenarioError

_ORDINALS = (
    "first",
    "second",
    "third",
    "fourth",
    "fifth",
    "sixth",
    "seventh",
    "eighth",
    "ninth",
    "tenth",
)
#: A located problem's message starts with its path: ``seats[4].cards: ...``.
_PATH = re.compile(
    r"^(?P<path>[a-z_]+(?:\[\d+\]|\.[A-Za-z0-9_]+)*): (?P<rest>.*)$", re.DOTALL
)
_INLINE = re.compile(r"\b(?:seats|steps)\[\d+\](?:\[\d+\]|\.[a-z_]+)*")
_PART = re.compile(r"\.?([A-Za-z0-9_]+)|\[(\d+)\]")
#: Item names of the lists of the format, singular, and how their items are counted.
_LISTS = {
    "seats": "seat",
    "steps": "step",
    "act": "action",
    "cards": "card",
    "players": "player",
    "actions": "action",
    "sizes": "size",
    "order": "player",
}


def ordinal(n: int) -> str:
    """``1`` -> ``"first"`` ... ``10`` -> ``"tenth"``, then ``"11th"``.

    >>> ordinal(2), ordinal(11), ordinal(22)
    ('second', '11th', '22nd')
    """
    if 1 <= n <= len(_ORDINALS):
        return _ORDINALS[n - 1]
    if 10 <= n % 100 <= 20:
        suffix = "th"
    else:
        suffix = {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def plain_place(path: str) -> str:
    """A validator path in the words an instructor uses, every count 1-based.

    >>> plain_place("seats[4].cards")
    'seat 5, cards'
    >>> plain_place("steps[1].act[1]")
    'step 2, second action'
    >>> plain_place("stakes.big_bet")
    'stakes, big bet'
    >>> plain_place("steps[0].expect.players[0]")
    'step 1, expect, first player'
    """
    words: list[str] = []
    last = ""
    for match in _PART.finditer(path):
        key, index = match.group(1), match.group(2)
        if key is not None:
            last = key
            words.append(key.replace("_", " "))
            continue
        n = int(index) + 1
        item = _LISTS.get(last)
        if last in ("seats", "steps"):
            words[-1] = f"{item} {n}"
        elif item is not None:
            words[-1] = f"{ordinal(n)} {item}"
        else:
            words[-1] = f"{words[-1]}, item {n}"
    return ", ".join(words)


@dataclass(frozen=True, slots=True)
class Located:
    """One problem for the studio: its 1-based line and column, place in words, message."""

    line: int
    column: int
    place: str
    message: str

    @property
    def heading(self) -> str:
        """``Line 12, seat 5, cards`` (or ``Line 12`` when the problem has no path)."""
        return f"Line {self.line}" + (f", {self.place}" if self.place else "")


def locate(problem: ScenarioError) -> Located:
    """The problem's place in words, split from its message.

    >>> p = ScenarioError("seats[4].cards: 1x is not a card.", "draft", 9, 40)
    >>> locate(p)
    Located(line=9, column=40, place='seat 5, cards', message='1x is not a card.')
    """
    match = _PATH.match(problem.message)
    line, column = max(problem.line, 1), max(problem.column, 1)
    if match is None:
        return Located(line, column, "", problem.message)
    rest = _INLINE.sub(lambda m: plain_place(m.group()), match.group("rest"))
    return Located(line, column, plain_place(match.group("path")), rest)
