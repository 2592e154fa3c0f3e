"""What every topic's targets share: the :class:`Target` entry, the weights a hand is
played with, small helpers.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

from tutor.drills.generator import (
    Gen,
    Question,
    Table,
    first,
)
from tutor.engine import (
    GAMES,
    PRESET_VALUES,
    PRESETS,
    Card,
    Ruling,
    Street,
    games_where,
)

Build = Callable[[Gen], "tuple[Table, Question] | None"]
Hit = Callable[[Table, Ruling], bool]

#: The games played for high (stud8 and stud): most targets ask about them.
BOTH = games_where(lambda v: v.has_high)
ALL_GAMES = GAMES
#: The presets under which the engine rules on irregularities (``online`` refuses them).
IRR_PRESETS = tuple(p for p, v in PRESET_VALUES.items() if v.rules_on_dealer_errors)
#: The games split between a high and a qualifying low (stud8).
HI_LO = games_where(lambda v: v.split and v.low_must_qualify)
#: An odd ante and even wagers (bring-in included): the odd-chip target's stakes.
ODD_CHIP_STAKES: tuple[tuple[str, str, str, str | None], ...] = (
    ("4", "8", "1", None),
    ("10", "20", "1", "4"),
    ("20", "40", "3", "10"),
    ("6", "12", "1", "2"),
)


@dataclass(frozen=True, slots=True)
class Target:
    """One drill target: what it drills, where it sits in the course, how it is made."""

    name: str
    title: str
    topic: str
    kind: str
    level: int
    build: Build
    hit: Hit
    games: Sequence[str] = BOTH
    description: str = ""
    #: The presets the target is drilled under (irregularities are refused under online).
    presets: Sequence[str] = PRESETS


def passive(table: Table, name: str, legal: list[str]) -> str | None:
    """Check or call; bring in rather than complete; never fold, bet or raise."""
    for verb in ("check", "call", "bring"):
        if (a := first(legal, verb)) is not None:
            return a
    return None


NO_FOLD: Mapping[str, float] = MappingProxyType({"fold": 0.0})
CALLING: Mapping[str, float] = MappingProxyType(
    {"fold": 0.0, "raise": 0.3, "bet": 1.0, "complete": 1.0}
)
#: Quiet play to the showdown: mostly checks and calls, few actions per street.
QUIET: Mapping[str, float] = MappingProxyType(
    {"fold": 0.0, "check": 6.0, "call": 5.0, "bet": 0.6, "complete": 0.6, "raise": 0.15}
)
RAISING: Mapping[str, float] = MappingProxyType(
    {"fold": 0.0, "raise": 6.0, "bet": 6.0, "complete": 6.0, "call": 1.0, "check": 0.5}
)


def round_open(table: Table) -> bool:
    """Nobody has acted yet on the current street (after third street)."""
    return table.hand.street is not Street.THIRD and not table.street_actions()


def hand_over(table: Table) -> bool:
    return table.hand.is_over


def low_ranks(count: int, gen: Gen, low: int = 2, high: int = 14) -> list[int]:
    return gen.rng.sample(range(low, high + 1), count)


def cards_of_ranks(gen: Gen, ranks: list[int], exclude: set[Card]) -> list[Card]:
    """One card of each rank, suits at random, none of ``exclude``."""
    out: list[Card] = []
    for rank in ranks:
        suits = [s for s in "cdhs" if Card(rank, s) not in exclude]
        card = Card(rank, gen.rng.choice(suits))
        exclude.add(card)
        out.append(card)
    return out


def _rank_value_low(rank: int) -> int:
    return 1 if rank == 14 else rank


def _seat_names(table: Table) -> list[str]:
    return [s.name for s in table.setup.seats]
