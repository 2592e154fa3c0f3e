"""A validated scenario as frozen values: seats, stakes, steps and asks, each with its place in the file."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from tutor.engine import Card


@dataclass(frozen=True, slots=True)
class StakesSpec:
    small_bet: Decimal
    big_bet: Decimal
    ante: Decimal
    bring_in: Decimal | None = None
    chip: Decimal | None = None
    rake_percent: Decimal | None = None
    rake_cap: Decimal | None = None


@dataclass(frozen=True, slots=True)
class SeatSpec:
    seat: int
    name: str
    cards: tuple[Card | None, ...]
    stack: Decimal | None = None
    committed: Decimal | None = None
    folded: bool = False


@dataclass(frozen=True, slots=True)
class Ask:
    """One question. ``prompt`` is the author's text or the kind's default prompt."""

    kind: str
    prompt: str
    player: str | None = None
    expect: Mapping[str, Any] | None = None
    hint: str | None = None
    explain: str | None = None
    prompt_given: bool = False


@dataclass(frozen=True, slots=True)
class Event:
    """An ``event:`` step: what went wrong (``kind``) and its keys as plain values."""

    kind: str
    values: Mapping[str, Any]
    #: (line, column) of each key's value, and of each action in ``acts``/``then``/the OOT list
    marks: Mapping[str, tuple[int, int]] = field(default_factory=dict, compare=False)


@dataclass(frozen=True, slots=True)
class Step:
    """One item of ``steps``: ``kind`` is ``act`` (``actions`` set) or ``ask`` (``ask`` set)."""

    index: int
    kind: str
    line: int
    column: int
    actions: tuple[str, ...] = ()
    #: (line, column) of each action string
    action_marks: tuple[tuple[int, int], ...] = ()
    #: True where ``act:`` was written as a list
    act_is_list: bool = False
    ask: Ask | None = None
    expect_mark: tuple[int, int] | None = None
    event: Event | None = None

    @property
    def text(self) -> str:
        """The action text (``, ``-joined for a list) or the ask's prompt."""
        if self.ask is not None:
            return self.ask.prompt
        if self.event is not None:
            return describe_event(self.event)
        return ", ".join(self.actions)


@dataclass(frozen=True, slots=True)
class Scenario:
    """A scenario that passed the schema checks (replay is checked separately)."""

    path: str
    id: str
    title: str
    topic: str
    level: int
    game: str
    rules: str
    house: Mapping[str, Any]
    stakes: StakesSpec
    button: int | None
    seats: tuple[SeatSpec, ...]
    community: Card | None
    start: str | None
    steps: tuple[Step, ...]
    #: "seats[1].cards" -> (line, column), for every value in the file ("" is the document)
    marks: Mapping[str, tuple[int, int]] = field(
        default_factory=dict, compare=False, repr=False
    )

    def mark(self, path: str) -> tuple[int, int]:
        """The (line, column) of ``path``, or of its nearest located parent."""
        while path:
            if path in self.marks:
                return self.marks[path]
            cut = max(path.rfind("."), path.rfind("["))
            path = path[:cut] if cut > 0 else ""
        return self.marks.get("", (1, 1))

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.seats)


def describe_event(event: Event) -> str:
    """An event in plain words, for the app and the CLI: ``dealer exposes Cy's card 1``."""
    v = event.values
    main = v.get(event.kind)
    if isinstance(main, tuple) and len(main) == 2 and isinstance(main[0], list):
        main = [t for t, _, _ in main[0]]  # actions
    if isinstance(main, list):
        main = ", ".join(str(x) for x in main)
    words = event.kind.replace("-", " ")
    text = words if main is True else f"{words}: {main}"
    for key in ("card", "cards", "missing", "seen", "new-card"):
        if key in v:
            value = v[key]
            if isinstance(value, list):
                value = ", ".join(str(x) for x in value)
            text += f" ({key} {getattr(value, 'text', value)})"
    for key in ("acts", "then"):
        if key in v:
            text += f"; {key}: " + ", ".join(t for t, _, _ in v[key][0])
    return text
