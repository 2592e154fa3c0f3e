"""Field specs: the vocabulary in which the scenario format (``tutor.scenarios.fields``) and the
ask registry (``tutor.asks``) describe YAML values, their types and limits.

The validator checks a file against these values and ``tutor schema`` turns them into the JSON
Schema. It knows no scenario field by name except ``NAME``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from tutor.engine import RANK_CHARS

MAX_CARDS = 7
MAX_AMOUNT = 10**9
NAME_PATTERN = r"^\S(.{0,28}\S)?$"
#: A rank in any case, from the engine's cards (a regular-expression class).
RANK_CLASS = "[" + "".join(dict.fromkeys(RANK_CHARS + RANK_CHARS.lower())) + "]"
LOW_PATTERN = rf"^{RANK_CLASS}(-{RANK_CLASS}){{4}}$"  # razz lows may be king high


@dataclass(frozen=True, slots=True)
class Text:
    """A string (YAML scalars that would read as numbers, booleans or null must be quoted)."""

    what: str = "text"
    #: The words allowed (a live view such as the engine's ``GAMES`` is read when checked).
    enum: Sequence[str] = ()
    pattern: str | None = None
    max_length: int = 200
    description: str = ""


@dataclass(frozen=True, slots=True)
class Whole:
    """A whole number from ``minimum`` to ``maximum``."""

    minimum: int
    maximum: int
    description: str = ""


@dataclass(frozen=True, slots=True)
class Amount:
    """Money or a percentage: read exactly into Decimal, at most two decimal places."""

    positive: bool = False
    maximum: int = MAX_AMOUNT
    description: str = ""


@dataclass(frozen=True, slots=True)
class Flag:
    description: str = ""


@dataclass(frozen=True, slots=True)
class Nullable:
    inner: Spec
    description: str = ""


@dataclass(frozen=True, slots=True)
class CardList:
    """Cards as one string (``"Ah Kd ??"``) or a list; ``??`` is an unknown card."""

    max_cards: int = MAX_CARDS
    description: str = ""


@dataclass(frozen=True, slots=True)
class OneCard:
    """One real card (never ``??``)."""

    description: str = ""


@dataclass(frozen=True, slots=True)
class Rank:
    """A card rank: 2-9, T (or 10), J, Q, K, A; plain numbers are accepted."""

    description: str = ""


@dataclass(frozen=True, slots=True)
class Actions:
    """``act:``: one action string or a list of them."""

    description: str = ""


@dataclass(frozen=True, slots=True)
class ListOf:
    item: Spec
    min_items: int = 0
    max_items: int = 100
    rule: str = ""
    description: str = ""


@dataclass(frozen=True, slots=True)
class Field:
    name: str
    spec: Spec
    required: bool = False
    description: str = ""


@dataclass(frozen=True, slots=True)
class Obj:
    """A mapping with fixed keys; ``what`` names it in messages ("a seat")."""

    what: str
    fields: tuple[Field, ...]
    description: str = ""
    names: tuple[str, ...] = field(init=False, repr=False, compare=False)
    required: tuple[str, ...] = field(init=False, repr=False, compare=False)
    by_name: dict[str, Field] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "names", tuple(f.name for f in self.fields))
        object.__setattr__(
            self, "required", tuple(f.name for f in self.fields if f.required)
        )
        object.__setattr__(self, "by_name", {f.name: f for f in self.fields})

    def field(self, name: str) -> Field | None:
        return self.by_name.get(name)


@dataclass(frozen=True, slots=True)
class OneOrList:
    """One item, or a list of one or more of them (``dealer-exposes: Ana`` or ``[Ana, Bo]``)."""

    item: Spec
    max_items: int = 8
    description: str = ""


@dataclass(frozen=True, slots=True)
class DictOf:
    """A mapping from player names to values (``payouts``)."""

    value: Spec
    description: str = ""


@dataclass(frozen=True, slots=True)
class StepSpec:
    """A step: an ``act`` mapping or an ``ask`` mapping."""

    act: Obj
    ask: Obj
    expect: Mapping[str, Obj]
    description: str = ""


Spec = (
    Text
    | Whole
    | Amount
    | Flag
    | Nullable
    | CardList
    | OneCard
    | Rank
    | Actions
    | ListOf
    | Obj
    | DictOf
    | OneOrList
    | StepSpec
)

NAME = Text(
    what="a player name",
    pattern=NAME_PATTERN,
    max_length=30,
    description="a player's name as given in seats",
)
