"""House rules as frozen data: the four presets of shared/rules.md and ``house:`` overrides."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from tutor.engine.errors import TableError
from tutor.engine.messages import msg


class Game(StrEnum):
    """The games: Seven Card Stud Hi/Lo eight-or-better, Seven Card Stud (high only), Razz."""

    STUD8 = "stud8"
    STUD = "stud"
    RAZZ = "razz"


class Half(StrEnum):
    """What a pot (or half of it) is for."""

    HIGH = "high"  # the best five cards by standard poker ranking (hand.high)
    LOW8 = "low8"  # an eight-or-better low, ace low, straights and flushes ignored (hand.low)
    LOW = (
        "low"  # the lowest five ace-to-five, any ranks, pairs count against (razz.low)
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class Variant:
    """One game, described: everything the engine does differently from one game to another.

    >>> VARIANTS[Game.RAZZ].bring_in_highest, VARIANTS[Game.STUD8].halves
    (True, (<Half.HIGH: 'high'>, <Half.LOW8: 'low8'>))
    """

    game: Game
    #: The game's name as a learner reads it.
    title: str
    #: Its short name, for a choice among the games (``Stud Hi/Lo``).
    label: str
    #: Which door card brings in: the lowest (stud, stud8) or the highest (razz).
    bring_in_highest: bool
    #: Whether the ace counts low when choosing the bring-in (razz) or high (stud, stud8).
    bring_in_ace_low: bool
    #: How boards rank for acting first on fourth to seventh street: the highest hand showing
    #: acts first (``"high"``), or the lowest (``"low"``, razz).
    board_first: str
    #: What each pot is split for, in order: one entry takes the whole pot.
    halves: tuple[Half, ...]
    #: Whether the open-pair option can apply at all (never in razz).
    open_pair: bool
    #: Whether a preset's suit tie-break for first to act applies (razz: position always).
    board_tie_by_suit: bool
    #: The rule ids that decide the bring-in, first to act later, the low, and the limits.
    rule_bring_in: str
    rule_act: str
    rule_low: str

    @property
    def has_high(self) -> bool:
        return Half.HIGH in self.halves

    @property
    def low_half(self) -> Half | None:
        """The kind of low this game plays for, if any."""
        return next((h for h in self.halves if h is not Half.HIGH), None)

    @property
    def low_must_qualify(self) -> bool:
        """Whether a low must qualify (eight or better), so that a hand can make none.

        >>> VARIANTS[Game.STUD8].low_must_qualify, VARIANTS[Game.RAZZ].low_must_qualify
        (True, False)
        """
        return self.low_half is Half.LOW8


VARIANTS: dict[Game, Variant] = {
    Game.STUD8: Variant(
        game=Game.STUD8,
        title="Seven Card Stud Hi/Lo (eight or better)",
        label="Stud Hi/Lo",
        bring_in_highest=False,
        bring_in_ace_low=False,
        board_first="high",
        halves=(Half.HIGH, Half.LOW8),
        open_pair=True,
        board_tie_by_suit=True,
        rule_bring_in="bring-in.who",
        rule_act="act.later",
        rule_low="hand.low",
    ),
    Game.STUD: Variant(
        game=Game.STUD,
        title="Seven Card Stud",
        label="Seven Card Stud",
        bring_in_highest=False,
        bring_in_ace_low=False,
        board_first="high",
        halves=(Half.HIGH,),
        open_pair=True,
        board_tie_by_suit=True,
        rule_bring_in="bring-in.who",
        rule_act="act.later",
        rule_low="hand.low",
    ),
    Game.RAZZ: Variant(
        game=Game.RAZZ,
        title="Razz",
        label="Razz",
        bring_in_highest=True,
        bring_in_ace_low=True,
        board_first="low",
        halves=(Half.LOW,),
        open_pair=False,
        board_tie_by_suit=False,
        rule_bring_in="razz.bring-in",
        rule_act="razz.act",
        rule_low="razz.low",
    ),
}

#: The games, in the order the app offers them.
GAMES: tuple[str, ...] = tuple(g.value for g in Game)
#: Each game's short name, in the order the app offers them (for a choice among games).
GAME_LABELS: dict[str, str] = {g.value: VARIANTS[g].label for g in Game}
#: Each game's full name, in the same order (``Seven Card Stud Hi/Lo (eight or better)``).
GAME_TITLES: dict[str, str] = {g.value: VARIANTS[g].title for g in Game}
#: The game a hand is when nothing says otherwise (the scenario format's default).
DEFAULT_GAME = Game.STUD8


class HeadsUp(StrEnum):
    CAPPED = "capped"
    UNLIMITED = "unlimited"
    UNLIMITED_IF_BEGUN = "unlimited-if-begun"


class TieBreak(StrEnum):
    POSITION = "position"
    SUIT = "suit"


class ShortDeck(StrEnum):
    STUB = "stub"
    RECYCLE_BURNS = "recycle-burns"
    COUNT_PLUS_TWO = "count-plus-two"


class CommunityOpener(StrEnum):
    BOARD_WITH_COMMUNITY = "board-with-community"
    SIXTH_STREET_OPENER = "sixth-street-opener"


class OddChipTies(StrEnum):
    POSITION = "position"
    SUIT_ALL_CARDS = "suit-all-cards"
    SUIT_FIVE_CARDS = "suit-five-cards"


PRESETS = ("online", "roberts", "wsop-cash", "tda")

#: The scenario topics of the spec ("Topics"), in course order.
SPEC_TOPICS: tuple[str, ...] = (
    "ante",
    "buy-in",
    "deal",
    "bring-in",
    "betting-limits",
    "pair-on-fourth",
    "first-to-act",
    "raise-cap",
    "community-river",
    "low-qualification",
    "showdown",
    "split-pot",
    "side-pots",
)
#: Topics this project adds to the spec's list (documented in README, "Irregularities").
TOPIC_EXTENSIONS: tuple[str, ...] = ("irregularities",)
TOPICS: tuple[str, ...] = SPEC_TOPICS + TOPIC_EXTENSIONS

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


@dataclass(frozen=True, slots=True, kw_only=True)
class HouseRules:
    """Every rule that differs between card rooms, resolved for one game.

    >>> house_rules("roberts", Game.STUD8).open_pair_option
    False
    >>> house_rules("tda", Game.STUD, {"max_raises": 5}).max_raises
    5
    """

    preset: str
    game: Game
    open_pair_option: bool
    max_raises: int
    heads_up: HeadsUp
    first_to_act_tie: TieBreak
    burn_cards: bool
    short_deck: ShortDeck
    community_opener: CommunityOpener
    odd_chip_ties: OddChipTies
    min_buy_in_bets: int = 10
    # Irregularities (rules.md "Irregularities"); the values are the words of IRR_FIELDS.
    dealer_errors: str = "refused"
    exposed_one_hole: str = "upcard"
    exposed_both_holes: str = "misdeal"
    exposed_two_players: str = "misdeal"
    misdeal_cutoff: str = "two-acted-after-bring-in"
    extra_card_initial: str = "burn"
    premature_card: str = "reshuffle-no-burn"
    premature_river_seen: str = "reshuffle"
    burn_error: str = "restore-order"
    oot_binding: str = "action-change"
    oot_after_change: str = "all-options"
    skipped_player_deadline: str = "two-act-behind"
    fold_no_bet: str = "no-more-cards"
    river_exposed: str = "first-exposed-all-up"
    river_exposed_opener: str = "sixth-street-opener"
    river_exposed_all_in: str = "keep"
    short_hand: str = "six-is-enough"
    overridden: tuple[str, ...] = ()

    @property
    def label(self) -> str:
        """The preset's name, with the overridden fields if any: ``roberts + house(max_raises)``."""
        if not self.overridden:
            return self.preset
        return f"{self.preset} + house({', '.join(self.overridden)})"


_BASE: dict[str, dict[str, Any]] = {
    "online": dict(
        open_pair_option={Game.STUD: True, Game.STUD8: True},
        max_raises=3,
        heads_up=HeadsUp.CAPPED,
        first_to_act_tie=TieBreak.POSITION,
        burn_cards=False,
        short_deck=ShortDeck.STUB,
        community_opener=CommunityOpener.BOARD_WITH_COMMUNITY,
        odd_chip_ties=OddChipTies.POSITION,
    ),
    "roberts": dict(
        open_pair_option={Game.STUD: True, Game.STUD8: False},
        max_raises=3,
        heads_up=HeadsUp.UNLIMITED,
        first_to_act_tie=TieBreak.POSITION,
        burn_cards=True,
        short_deck=ShortDeck.RECYCLE_BURNS,
        community_opener=CommunityOpener.BOARD_WITH_COMMUNITY,
        odd_chip_ties=OddChipTies.SUIT_ALL_CARDS,
    ),
    "wsop-cash": dict(
        open_pair_option={Game.STUD: True, Game.STUD8: False},
        max_raises=4,
        heads_up=HeadsUp.UNLIMITED_IF_BEGUN,
        first_to_act_tie=TieBreak.POSITION,
        burn_cards=True,
        short_deck=ShortDeck.COUNT_PLUS_TWO,
        community_opener=CommunityOpener.SIXTH_STREET_OPENER,
        odd_chip_ties=OddChipTies.SUIT_FIVE_CARDS,
    ),
    "tda": dict(
        open_pair_option={Game.STUD: False, Game.STUD8: False},
        max_raises=4,
        heads_up=HeadsUp.CAPPED,
        first_to_act_tie=TieBreak.SUIT,
        burn_cards=True,
        short_deck=ShortDeck.COUNT_PLUS_TWO,
        community_opener=CommunityOpener.SIXTH_STREET_OPENER,
        odd_chip_ties=OddChipTies.SUIT_FIVE_CARDS,
    ),
}

#: The irregularity fields of rules.md, each with the values a ``house:`` override accepts.
IRR_FIELDS: dict[str, tuple[str, ...]] = {
    "dealer_errors": ("refused", "allowed"),
    "exposed_one_hole": ("upcard", "misdeal"),
    "exposed_both_holes": ("dead-ante-back", "misdeal"),
    "exposed_two_players": ("misdeal", "upcard-each"),
    "misdeal_cutoff": ("two-acted-after-bring-in", "substantial-action"),
    "extra_card_initial": ("burn", "misdeal"),
    "premature_card": ("set-aside-plus-one-each", "reshuffle-no-burn"),
    "premature_river_seen": ("keep-call-only", "reshuffle"),
    "burn_error": ("restore-order", "stand"),
    "oot_binding": ("bet-call-or-raise-between", "action-change"),
    "oot_after_change": ("no-raise", "all-options"),
    "skipped_player_deadline": (
        "three-act-behind",
        "two-act-behind",
        "substantial-action",
    ),
    "fold_no_bet": ("dealt-until-bet", "no-more-cards"),
    "river_exposed": ("others-down", "first-exposed-all-up", "replace"),
    "river_exposed_opener": ("high-board-all-upcards", "sixth-street-opener"),
    "river_exposed_all_in": ("keep", "replace"),
    "short_hand": ("only-seventh-may-be-missing", "six-is-enough", "dead"),
}

# The live presets' irregularity values (rules.md); ``online`` keeps the dataclass defaults
# (the wsop-cash procedures, with dealer errors refused and no more cards after a free fold).
_IRR_BASE: dict[str, dict[str, Any]] = {
    "online": {},
    "roberts": {
        "dealer_errors": "allowed",
        "exposed_both_holes": "dead-ante-back",
        "premature_card": "set-aside-plus-one-each",
        "premature_river_seen": "keep-call-only",
        "oot_binding": "bet-call-or-raise-between",
        "oot_after_change": "no-raise",
        "skipped_player_deadline": "three-act-behind",
        "fold_no_bet": "dealt-until-bet",
        "river_exposed": "others-down",
        "river_exposed_opener": "high-board-all-upcards",
        "short_hand": "only-seventh-may-be-missing",
    },
    "wsop-cash": {"dealer_errors": "allowed", "fold_no_bet": "dealt-until-bet"},
    "tda": {
        "dealer_errors": "allowed",
        "exposed_two_players": "upcard-each",
        "misdeal_cutoff": "substantial-action",
        "extra_card_initial": "misdeal",
        "burn_error": "stand",
        "skipped_player_deadline": "substantial-action",
        "river_exposed": "replace",
        "river_exposed_all_in": "replace",
        "short_hand": "dead",
    },
}

#: What each overridable field accepts, for messages and the JSON Schema.
OVERRIDE_FIELDS: dict[str, tuple[type, tuple[str, ...]]] = {
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
    preset: str = "online",
    game: Game | str = Game.STUD8,
    overrides: dict[str, Any] | None = None,
) -> HouseRules:
    """The preset's rules for ``game``, with ``overrides`` applied field by field.

    :raises TableError: for an unknown preset, field or value; the message lists what is allowed.
    """
    if preset not in _BASE:
        raise TableError(
            msg("setup.rules.unknown-preset", None, preset=preset, presets=PRESETS),
            where=("rules",),
        )
    try:
        game = Game(game)
    except ValueError:
        raise TableError(
            msg("setup.rules.unknown-game", None, game=game, games=GAMES),
            where=("game",),
        ) from None
    base = dict(_BASE[preset])
    base["open_pair_option"] = (
        base["open_pair_option"][Game.STUD] if VARIANTS[game].open_pair else False
    )
    if game is Game.STUD8:
        base["open_pair_option"] = _BASE[preset]["open_pair_option"][Game.STUD8]
    if not VARIANTS[game].board_tie_by_suit:
        base["first_to_act_tie"] = TieBreak.POSITION
    rules = HouseRules(preset=preset, game=game, **base, **_IRR_BASE[preset])
    if not overrides:
        return rules
    changes: dict[str, Any] = {}
    for name, value in overrides.items():
        changes[name] = _override_value(name, value)
    if changes.get("open_pair_option") and not VARIANTS[game].open_pair:
        raise TableError(
            msg("setup.house.no-open-pair", "razz.limits", game=game),
            where=("house", "open_pair_option"),
        )
    return dataclasses.replace(rules, overridden=tuple(overrides), **changes)


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
