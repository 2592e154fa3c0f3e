"""The games and the house rules as data.

A game is a :class:`Variant` value in the registry :data:`VARIANTS`: which door card brings
in, how boards rank for acting first, what each pot is split for (its halves, each a
:class:`Half` value: the high, or a low of a ranking with its qualifier), whether the open
pair can apply, and the rule ids it cites. Nothing in the engine names a game: it reads the
game's description. :func:`register_variant` adds a game (the tests add a nine-or-better
Stud Hi/Lo this way); :data:`GAMES`, :data:`GAME_LABELS` and :data:`GAME_TITLES` follow the
registry as it is when read.

The presets are :mod:`tutor.engine.presets`' values; :func:`house_rules` resolves one for a
game, with ``house:`` overrides field by field.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType
from typing import Any, ClassVar

from tutor.engine.errors import TableError
from tutor.engine.messages import msg
from tutor.engine.presets import (
    DEFAULT_PRESET,
    IRR_FIELDS,
    PRESET_VALUES,
    PRESETS,
    CommunityOpener,
    HeadsUp,
    HouseRules,
    OddChipTies,
    Preset,
    Rulebook,
    ShortDeck,
    TieBreak,
    register_preset,
    unregister_preset,
)
from tutor.engine.registry import Names

__all__ = [
    "DEFAULT_GAME",
    "DEFAULT_PRESET",
    "GAMES",
    "GAME_LABELS",
    "GAME_TITLES",
    "HIGH",
    "IRR_FIELDS",
    "LOW_EIGHT",
    "OVERRIDE_FIELDS",
    "PRESETS",
    "PRESET_VALUES",
    "RAZZ_LOW",
    "RULE_IDS",
    "VARIANTS",
    "CommunityOpener",
    "Game",
    "Half",
    "HeadsUp",
    "HouseRules",
    "OddChipTies",
    "Preset",
    "Ranking",
    "Rulebook",
    "ShortDeck",
    "TieBreak",
    "Variant",
    "games_where",
    "house_rules",
    "register_preset",
    "register_variant",
    "unregister_preset",
    "unregister_variant",
]


class Game(str):
    """A game's id: one of the registered games (:data:`VARIANTS`), such as ``stud8``.

    A game is a string (``Game.STUD8 == "stud8"``); ``Game(text)`` is the game of that id
    while a variant of that id is registered, and a ValueError otherwise.

    >>> Game("razz") is Game.RAZZ, Game.STUD8 == "stud8", Game.STUD.value
    (True, True, 'stud')
    >>> Game("stud-8")
    Traceback (most recent call last):
    ...
    ValueError: 'stud-8' is not a game: the games are stud8, stud, razz...
    """

    __slots__ = ()
    STUD8: ClassVar[Game]
    STUD: ClassVar[Game]
    RAZZ: ClassVar[Game]

    def __new__(cls, value: object) -> Game:
        found = _IDS.get(value) if isinstance(value, str) else None
        if found is None:
            raise ValueError(
                f"{value!r} is not a game: the games are {', '.join(_IDS)}."
            )
        return found

    @property
    def value(self) -> str:
        """The id as a plain string."""
        return str.__str__(self)

    def __repr__(self) -> str:
        return f"Game({self.value!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (Game, (self.value,))


#: Every game's id, interned: ``Game(text)`` returns the one instance of its id.
_IDS: dict[str, Game] = {}


class Ranking(StrEnum):
    """How a low is ranked."""

    #: The ace low; straights and flushes do not count against the hand (stud8, razz).
    ACE_TO_FIVE = "ace-to-five"
    #: The ace high; straights and flushes count against the hand (2-7 lowball).
    DEUCE_TO_SEVEN = "deuce-to-seven"


@dataclass(frozen=True, slots=True)
class Half:
    """What a pot, or half of it, is for: the best high hand, or the best low.

    A low has its ranking and its qualifier: the highest rank its five cards may hold
    (``8``: eight or better; ``9``: nine or better), or None where every hand makes a low
    (razz). A high has neither.

    >>> HIGH.is_high, LOW_EIGHT.qualifier, RAZZ_LOW.qualifies
    (True, 8, False)
    >>> Half(Ranking.ACE_TO_FIVE, 9)
    Half(ranking=<Ranking.ACE_TO_FIVE: 'ace-to-five'>, qualifier=9)
    """

    #: How the low is ranked; None for the high.
    ranking: Ranking | None = None
    #: The highest rank a qualifying low may hold (ace low: 8 is eight or better); None
    #: where any hand makes a low.
    qualifier: int | None = None

    def __post_init__(self) -> None:
        q = self.qualifier
        if self.ranking is None and q is not None:
            raise ValueError("the high half has no qualifier.")
        if q is not None and (isinstance(q, bool) or not isinstance(q, int)):
            raise ValueError(f"a qualifier is a rank, 6 to 13, not {q!r}.")
        if q is not None and not 6 <= q <= 13:
            raise ValueError(f"a qualifier is a rank, 6 to 13, not {q!r}.")

    @property
    def is_high(self) -> bool:
        return self.ranking is None

    @property
    def is_low(self) -> bool:
        return self.ranking is not None

    @property
    def qualifies(self) -> bool:
        """Whether a low must qualify, so that a hand can make none."""
        return self.qualifier is not None

    @property
    def ace_low(self) -> bool:
        """Whether the ace counts low in this low (ace to five)."""
        return self.ranking is Ranking.ACE_TO_FIVE


#: The high half: the best five cards by standard poker ranking (hand.high).
HIGH = Half()
#: The eight-or-better low, ace to five (hand.low).
LOW_EIGHT = Half(Ranking.ACE_TO_FIVE, 8)
#: Razz's low: ace to five, any ranks, pairs count against, no qualifier (razz.low).
RAZZ_LOW = Half(Ranking.ACE_TO_FIVE)


@dataclass(frozen=True, slots=True, kw_only=True)
class Variant:
    """One game, described: everything the engine does differently from one game to another.

    >>> VARIANTS[Game.RAZZ].bring_in_highest, VARIANTS[Game.STUD8].halves == (HIGH, LOW_EIGHT)
    (True, True)
    """

    #: The game's id (``stud8``): a :class:`Game` once the variant is registered.
    game: str
    #: The game's name as a learner reads it.
    title: str
    #: Its short name, for a choice among the games (``Stud Hi/Lo``).
    label: str
    #: Which door card brings in: the lowest (stud, stud8) or the highest (razz).
    bring_in_highest: bool
    #: Whether the ace counts low when choosing the bring-in (razz) or high (stud, stud8).
    bring_in_ace_low: bool
    #: How boards rank for acting first on fourth to seventh street: the highest hand showing
    #: acts first (``"high"``), or the lowest (``"low"``, razz: ranked as the game's low).
    board_first: str
    #: What each pot is split for, in order: one entry takes the whole pot.
    halves: tuple[Half, ...]
    #: Whether the open-pair option can apply at all (never in razz).
    open_pair: bool
    #: Whether a preset's suit tie-break for first to act applies (razz: position always).
    board_tie_by_suit: bool
    #: The rule ids that decide the bring-in, first to act later, and the low.
    rule_bring_in: str
    rule_act: str
    rule_low: str

    def __post_init__(self) -> None:
        highs = [h for h in self.halves if h.is_high]
        if not self.halves or len(highs) > 1 or len(self.halves) - len(highs) > 1:
            raise ValueError(
                "a game's pot is for the high, for one low, or split between the two."
            )
        if self.board_first not in ("high", "low"):
            raise ValueError("board_first is 'high' or 'low'.")
        if self.board_first == "low" and self.low_half is None:
            raise ValueError("a game whose lowest board acts first needs a low half.")
        if not self.has_high and self.low_must_qualify:
            raise ValueError(
                "a game played for low only has no qualifier: some hand must take the pot."
            )

    @property
    def has_high(self) -> bool:
        return HIGH in self.halves

    @property
    def low_half(self) -> Half | None:
        """The low this game plays for, if any."""
        return next((h for h in self.halves if h.is_low), None)

    @property
    def low_must_qualify(self) -> bool:
        """Whether a low must qualify (eight or better), so that a hand can make none.

        >>> VARIANTS[Game.STUD8].low_must_qualify, VARIANTS[Game.RAZZ].low_must_qualify
        (True, False)
        """
        low = self.low_half
        return low is not None and low.qualifies

    @property
    def split(self) -> bool:
        """Whether the pot is split between a high and a low (stud8): the presets set the
        open-pair option apart for these games.

        >>> VARIANTS[Game.STUD8].split, VARIANTS[Game.STUD].split, VARIANTS[Game.RAZZ].split
        (True, False, False)
        """
        return self.has_high and self.low_half is not None


_VARIANTS: dict[Game, Variant] = {}
#: Every game, in the order the app offers them: id -> its description.
VARIANTS: Mapping[Game, Variant] = MappingProxyType(_VARIANTS)


def register_variant(variant: Variant) -> Variant:
    """Add a game: ``variant.game`` becomes a :class:`Game` and the game is in every list.

    :raises ValueError: for an id already registered, or one that is not a short lower-case
        word (letters, digits, ``-``).
    """
    key = variant.game
    if key in _IDS:
        raise ValueError(f"the game {key!r} is registered already.")
    if not (key and key.replace("-", "").isalnum() and key == key.lower()):
        raise ValueError(f"a game's id is a short lower-case word, not {key!r}.")
    game = str.__new__(Game, key)
    _IDS[key] = game
    registered = dataclasses.replace(variant, game=game)
    _VARIANTS[game] = registered
    return registered


def unregister_variant(game: str) -> None:
    """Take a game out of the registry again (for tests that add a game of their own)."""
    found = _IDS.pop(game)
    del _VARIANTS[found]


def games_where(where: Callable[[Variant], bool] | None) -> Sequence[str]:
    """The ids of the games whose description ``where`` accepts, as the registry is when
    read (a game registered later is in it).

    >>> "stud8" in games_where(lambda v: v.low_must_qualify)
    True
    """
    return Names(
        lambda: tuple(
            g.value for g, v in _VARIANTS.items() if where is None or where(v)
        )
    )


class _Described(Mapping[str, str]):
    """Each registered game's ``title`` or ``label``, by id, read when used."""

    __slots__ = ("_field",)

    def __init__(self, field: str) -> None:
        self._field = field

    def __getitem__(self, game: str) -> str:
        variant = _VARIANTS.get(game)  # type: ignore[call-overload]
        if variant is None:
            raise KeyError(game)
        value: str = getattr(variant, self._field)
        return value

    def __contains__(self, game: object) -> bool:
        return game in _VARIANTS

    def __iter__(self) -> Iterator[str]:
        return iter(tuple(g.value for g in _VARIANTS))

    def __len__(self) -> int:
        return len(_VARIANTS)

    def __repr__(self) -> str:
        return repr(dict(self))


#: The games, in the order the app offers them (registered later ones included).
GAMES: Sequence[str] = games_where(None)
#: Each game's short name, in the order the app offers them (for a choice among games).
GAME_LABELS: Mapping[str, str] = _Described("label")
#: Each game's full name, in the same order (``Seven Card Stud Hi/Lo (eight or better)``).
GAME_TITLES: Mapping[str, str] = _Described("title")

for _variant in (
    Variant(
        game="stud8",
        title="Seven Card Stud Hi/Lo (eight or better)",
        label="Stud Hi/Lo",
        bring_in_highest=False,
        bring_in_ace_low=False,
        board_first="high",
        halves=(HIGH, LOW_EIGHT),
        open_pair=True,
        board_tie_by_suit=True,
        rule_bring_in="bring-in.who",
        rule_act="act.later",
        rule_low="hand.low",
    ),
    Variant(
        game="stud",
        title="Seven Card Stud",
        label="Seven Card Stud",
        bring_in_highest=False,
        bring_in_ace_low=False,
        board_first="high",
        halves=(HIGH,),
        open_pair=True,
        board_tie_by_suit=True,
        rule_bring_in="bring-in.who",
        rule_act="act.later",
        rule_low="hand.low",
    ),
    Variant(
        game="razz",
        title="Razz",
        label="Razz",
        bring_in_highest=True,
        bring_in_ace_low=True,
        board_first="low",
        halves=(RAZZ_LOW,),
        open_pair=False,
        board_tie_by_suit=False,
        rule_bring_in="razz.bring-in",
        rule_act="razz.act",
        rule_low="razz.low",
    ),
):
    register_variant(_variant)
Game.STUD8, Game.STUD, Game.RAZZ = Game("stud8"), Game("stud"), Game("razz")
#: The game a hand is when nothing says otherwise (the scenario format's default).
DEFAULT_GAME = Game.STUD8

#: The stable rule ids of the rules document, which every ruling cites.
RULE_IDS: tuple[str, ...] = (
    "table.seats",
    "table.buy-in",
    "ante.post",
    "deal.order",
    "bring-in.who",
    "bring-in.all-in",
    "bring-in.amount",
    "bring-in.complete",
    "limit.small",
    "limit.big",
    "limit.open-pair",
    "limit.all-in",
    "act.third",
    "act.later",
    "round.end",
    "cap.raises",
    "river.down",
    "river.community",
    "showdown.order",
    "hand.high",
    "hand.low",
    "split.halves",
    "split.odd-chip",
    "split.ties",
    "pot.uncalled",
    "pot.side",
    "pot.rake",
    "razz.bring-in",
    "razz.act",
    "razz.low",
    "razz.limits",
    "irr.online",
    "irr.exposed-hole",
    "irr.misdeal",
    "irr.premature",
    "irr.burn",
    "irr.wrong-bring-in",
    "irr.wrong-opener",
    "irr.out-of-turn",
    "irr.string-raise",
    "irr.fold-no-bet",
    "irr.exposed-river",
    "irr.wrong-count",
    "irr.exposed-card",
)


#: What each overridable field accepts, for messages and the JSON Schema.
OVERRIDE_FIELDS: Mapping[str, tuple[type, tuple[str, ...]]] = {
    "open_pair_option": (bool, ("true", "false")),
    "max_raises": (int, ()),
    "min_buy_in_bets": (int, ()),
    "heads_up": (HeadsUp, tuple(m.value for m in HeadsUp)),
    "first_to_act_tie": (TieBreak, tuple(m.value for m in TieBreak)),
    "burn_cards": (bool, ("true", "false")),
    "short_deck": (ShortDeck, tuple(m.value for m in ShortDeck)),
    "community_opener": (CommunityOpener, tuple(m.value for m in CommunityOpener)),
    "odd_chip_ties": (OddChipTies, tuple(m.value for m in OddChipTies)),
    **{name: (str, values) for name, values in IRR_FIELDS.items()},
}


def house_rules(
    preset: str = DEFAULT_PRESET,
    game: Game | str = "stud8",
    overrides: Mapping[str, Any] | None = None,
) -> HouseRules:
    """The preset's rules for ``game``, with ``overrides`` applied field by field.

    The open-pair option is the preset's for the games played for high only or for the
    split games, as the game's description says (:attr:`Variant.split`); a game without the
    option (razz) never has it, nor a suit tie-break for first to act.

    :raises TableError: for an unknown preset, field or value; the message lists what is allowed.
    """
    values = PRESET_VALUES.get(preset)
    if values is None:
        raise TableError(
            msg("setup.rules.unknown-preset", None, preset=preset, presets=PRESETS),
            where=("rules",),
        )
    try:
        game = Game(game)
    except ValueError:
        raise TableError(
            msg("setup.rules.unknown-game", None, game=game, games=tuple(GAMES)),
            where=("game",),
        ) from None
    variant = VARIANTS[game]
    open_pair = variant.open_pair and (
        values.open_pair_option_split if variant.split else values.open_pair_option
    )
    rules = HouseRules(
        preset=preset,
        game=game,
        open_pair_option=open_pair,
        max_raises=values.max_raises,
        heads_up=values.heads_up,
        first_to_act_tie=(
            values.first_to_act_tie if variant.board_tie_by_suit else TieBreak.POSITION
        ),
        burn_cards=values.burn_cards,
        short_deck=values.short_deck,
        community_opener=values.community_opener,
        odd_chip_ties=values.odd_chip_ties,
        **_irregularity_values(values),
    )
    if not overrides:
        return rules
    changes: dict[str, Any] = {}
    for name, value in overrides.items():
        changes[name] = _override_value(name, value)
    if changes.get("open_pair_option") and not variant.open_pair:
        raise TableError(
            msg("setup.house.no-open-pair", "razz.limits", game=game),
            where=("house", "open_pair_option"),
        )
    return dataclasses.replace(rules, overridden=tuple(overrides), **changes)


def _irregularity_values(preset: Preset) -> dict[str, Any]:
    """The preset's irregularity procedures that differ from :class:`HouseRules`' defaults."""
    return dict(preset.irregularities)


def _override_value(name: str, value: Any) -> Any:
    if name not in OVERRIDE_FIELDS:
        raise TableError(
            msg(
                "setup.house.unknown-field",
                None,
                name=name,
                fields=tuple(OVERRIDE_FIELDS),
            ),
            where=("house", name),
        )
    where = ("house", name)
    kind, allowed = OVERRIDE_FIELDS[name]
    if kind is bool:
        if not isinstance(value, bool):
            raise TableError(
                msg("setup.house.not-bool", None, name=name, value=value), where=where
            )
        return value
    if kind is int:
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise TableError(
                msg("setup.house.not-count", None, name=name, value=value), where=where
            )
        return value
    if kind is str:
        if value not in allowed:
            raise TableError(
                msg(
                    "setup.house.not-one-of",
                    None,
                    name=name,
                    allowed=allowed,
                    value=value,
                ),
                where=where,
            )
        return value
    try:
        return kind(value)
    except ValueError:
        raise TableError(
            msg(
                "setup.house.not-one-of", None, name=name, allowed=allowed, value=value
            ),
            where=where,
        ) from None
