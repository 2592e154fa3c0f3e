"""The house-rule presets as data: one :class:`Preset` value per card room's rulebook.

What differs from one room to another is a field of the preset, never a branch on its name:
the betting rules (``max_raises``, the heads-up cap, the open pair in games played for high
only and in split games, ...), the irregularity procedures (the values of
:data:`IRR_FIELDS`), and its rulebook (:class:`Rulebook`: the reference each irregularity
ruling cites, and the rulings the rulebook states rather than leaves to the floor's
judgement). A fifth preset is one more value (:func:`register_preset`).

Standard library only, and below every other engine module but the registry:
:func:`tutor.engine.rules.house_rules` resolves a preset for a game.

>>> PRESET_VALUES["tda"].max_raises, PRESET_VALUES["roberts"].open_pair_option_split
(4, False)
>>> PRESET_VALUES["roberts"].rulebook.basis("burn.seen"), PRESET_VALUES["tda"].rulebook.basis("burn.seen")
('S', 'J')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType

from tutor.engine.registry import Registry


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


#: The irregularity fields of rules.md, each with the values a ``house:`` override accepts.
IRR_FIELDS: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
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
)


@dataclass(frozen=True, slots=True, kw_only=True)
class HouseRules:
    """Every rule that differs between card rooms, resolved for one game.

    >>> from tutor.engine.rules import house_rules
    >>> house_rules("roberts", "stud8").open_pair_option
    False
    >>> house_rules("tda", "stud", {"max_raises": 5}).max_raises
    5
    """

    preset: str
    #: The game's id (a ``tutor.engine.rules.Game``).
    game: str
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

    @property
    def preset_value(self) -> Preset:
        """The preset these rules start from."""
        return PRESET_VALUES[self.preset]

    @property
    def rulebook(self) -> Rulebook:
        """The preset's rulebook (its references, and the rulings it states)."""
        return PRESET_VALUES[self.preset].rulebook


#: Basis of a ruling: ``S`` the rulebook says it, ``S2`` it says it in an older or secondary
#: copy, ``J`` the rulebook is silent and the ruling is the floor's judgement.
BASES = ("S", "S2", "J")


@dataclass(frozen=True, slots=True, kw_only=True)
class Rulebook:
    """What a preset's rulebook says about the irregularities.

    ``references`` names, for each irregularity rule id, where the rulebook has it
    (``WSOP 214``); ``states`` lists the rulings (by their point, such as ``burn.seen``)
    the rulebook states, with ``S`` or ``S2``: any other ruling is a judgement (``J``).
    ``shown_card_penalty``: a player who shows a live card may be penalised (TDA 65-B).
    """

    references: Mapping[str, str]
    states: Mapping[str, str] = field(default_factory=dict)
    shown_card_penalty: bool = False

    def reference(self, rule_id: str) -> str:
        """Where the rulebook has ``rule_id`` (empty if nowhere)."""
        return self.references.get(rule_id, "")

    def basis(self, point: str) -> str:
        """``S``, ``S2`` or ``J`` for the ruling ``point`` (see :data:`POINTS`)."""
        return self.states.get(point, "J")


#: The irregularity rulings whose basis differs from one rulebook to another, each with what
#: it is (a rulebook lists the ones it states in ``Rulebook.states``).
POINTS: Mapping[str, str] = MappingProxyType(
    {
        "exposed-hole.one.upcard": "a hole card exposed on the deal becomes the upcard",
        "exposed-card.one.upcard": "a hole card off the table on the deal becomes the upcard",
        "exposed-hole.three.misdeal": "all three cards of the deal exposed: a misdeal",
        "extra-card.burn": "an extra card on the deal becomes the next burn card",
        "wrong-count.third.misdeal": "a wrong number of cards on third street: a misdeal",
        "wrong-count.short.dead": "a short hand is dead (short_hand: dead)",
        "wrong-count.short.six": "a hand of six cards plays (short_hand: six-is-enough)",
        "wrong-count.short.seventh": (
            "only the seventh card may be missing (short_hand: only-seventh-may-be-missing)"
        ),
        "burn.seen": "a player keeps a card seen after a burn error",
        "burn.after": "a burn error found after the action began: the cards stand",
        "wrong-bring-in": "the wrong bring-in is corrected, or stands once others act",
        "out-of-turn": "an out-of-turn action binds, or not once the action changes",
        "chips.call": "one oversized chip facing a bet is a call",
        "chips.bet": "one oversized chip with no bet to face is a bet of the size",
        "chips.one-motion": "chips put in in one motion count as a call or a raise",
        "says": "a declaration in turn is binding",
        "fold-no-bet.out": "a player who folds for free gets no more cards",
        "river-exposed.opener": "who acts first after an exposed seventh card",
        "off-table.plays": "a card off the table after the deal plays",
        "player-shows": "a player who shows a card keeps a live hand",
    }
)

#: The references of the WSOP live-action cash rules (also what ``online`` cites where its
#: own rooms have no rule: the online rooms follow the live procedures).
_WSOP_REFS: Mapping[str, str] = MappingProxyType(
    {
        "irr.online": "the seeds (online rooms): the software deals",
        "irr.exposed-hole": "WSOP 214",
        "irr.misdeal": "WSOP 104/105",
        "irr.premature": "WSOP 227",
        "irr.burn": "WSOP 226/122",
        "irr.wrong-bring-in": "WSOP 218",
        "irr.wrong-opener": (
            "no rulebook rule; by analogy with the wrong bring-in (Robert's stud rule 9, "
            "WSOP 218)"
        ),
        "irr.out-of-turn": "WSOP 132/133",
        "irr.string-raise": "WSOP 131/136/137",
        "irr.fold-no-bet": "WSOP 222",
        "irr.exposed-river": "WSOP 229/230",
        "irr.wrong-count": "WSOP 106/231",
        "irr.exposed-card": "WSOP 119/120/144/224",
    }
)


def _refs(**changes: str) -> Mapping[str, str]:
    """The WSOP references with some replaced (keys with ``-`` written as ``_``)."""
    out = dict(_WSOP_REFS)
    for key, value in changes.items():
        out["irr." + key.replace("_", "-")] = value
    return MappingProxyType(out)


#: The rulings every live rulebook states: out-of-turn action, and the card a player shows.
_STATED: Mapping[str, str] = MappingProxyType(
    {"out-of-turn": "S", "player-shows": "S", "wrong-count.third.misdeal": "S"}
)


@dataclass(frozen=True, slots=True, kw_only=True)
class Preset:
    """One card room's rules: the values :class:`HouseRules` takes before any ``house:``.

    ``open_pair_option`` is for the games played for high only (stud), and
    ``open_pair_option_split`` for the games whose pot is split between a high and a low
    (stud8): the rulebooks differ there. A game without the option (razz) never has it.
    ``irregularities`` holds the values of :data:`IRR_FIELDS` that differ from the
    defaults of :class:`HouseRules`.
    """

    name: str
    #: One line saying what the rulebook is.
    description: str
    open_pair_option: bool
    open_pair_option_split: bool
    max_raises: int
    heads_up: HeadsUp
    first_to_act_tie: TieBreak
    burn_cards: bool
    short_deck: ShortDeck
    community_opener: CommunityOpener
    odd_chip_ties: OddChipTies
    irregularities: Mapping[str, str]
    rulebook: Rulebook

    @property
    def rules_on_dealer_errors(self) -> bool:
        """Whether the floor rules on dealer errors (a live room), or they cannot happen."""
        return self.irregularities.get("dealer_errors", "refused") != "refused"


_PRESETS: tuple[Preset, ...] = (
    Preset(
        name="online",
        description="the online rooms' rules: the software deals",
        open_pair_option=True,
        open_pair_option_split=True,
        max_raises=3,
        heads_up=HeadsUp.CAPPED,
        first_to_act_tie=TieBreak.POSITION,
        burn_cards=False,
        short_deck=ShortDeck.STUB,
        community_opener=CommunityOpener.BOARD_WITH_COMMUNITY,
        odd_chip_ties=OddChipTies.POSITION,
        # The wsop-cash procedures (the defaults), with dealer errors refused and no more
        # cards after a free fold.
        irregularities=MappingProxyType({}),
        rulebook=Rulebook(
            references=_refs(fold_no_bet="no rulebook: the online rooms' practice"),
            states=MappingProxyType(
                {
                    **_STATED,
                    "exposed-card.one.upcard": "S",
                }
            ),
        ),
    ),
    Preset(
        name="roberts",
        description="Robert's Rules of Poker",
        open_pair_option=True,
        open_pair_option_split=False,
        max_raises=3,
        heads_up=HeadsUp.UNLIMITED,
        first_to_act_tie=TieBreak.POSITION,
        burn_cards=True,
        short_deck=ShortDeck.RECYCLE_BURNS,
        community_opener=CommunityOpener.BOARD_WITH_COMMUNITY,
        odd_chip_ties=OddChipTies.SUIT_ALL_CARDS,
        irregularities=MappingProxyType(
            {
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
            }
        ),
        rulebook=Rulebook(
            references=_refs(
                exposed_hole="Robert's Rules, stud rule 5",
                misdeal="Robert's Rules, Misdeals",
                premature="Robert's Rules, stud rule 14",
                burn="Robert's Rules, stud rule 13",
                wrong_bring_in="Robert's Rules, stud rule 9",
                out_of_turn="Robert's Rules, Betting and Raising 10",
                string_raise="Robert's Rules, Betting and Raising 8/9",
                fold_no_bet="Robert's Rules, stud rule 7",
                exposed_river="Robert's Rules, stud rules 16/17",
                wrong_count="Robert's Rules, stud rule 18; Dead Hands 4",
                exposed_card="Robert's Rules, stud rule 11",
            ),
            # Robert's out-of-turn and shown-card rules are in its older editions.
            states=MappingProxyType(
                {
                    **_STATED,
                    "out-of-turn": "S2",
                    "player-shows": "S2",
                    "exposed-card.one.upcard": "S",
                    "wrong-count.short.dead": "S",
                    "wrong-count.short.seventh": "S",
                    "burn.seen": "S",
                    "wrong-bring-in": "S",
                    "river-exposed.opener": "S",
                    "off-table.plays": "S",
                }
            ),
        ),
    ),
    Preset(
        name="wsop-cash",
        description="the WSOP live-action cash game rules",
        open_pair_option=True,
        open_pair_option_split=False,
        max_raises=4,
        heads_up=HeadsUp.UNLIMITED_IF_BEGUN,
        first_to_act_tie=TieBreak.POSITION,
        burn_cards=True,
        short_deck=ShortDeck.COUNT_PLUS_TWO,
        community_opener=CommunityOpener.SIXTH_STREET_OPENER,
        odd_chip_ties=OddChipTies.SUIT_FIVE_CARDS,
        irregularities=MappingProxyType(
            {"dealer_errors": "allowed", "fold_no_bet": "dealt-until-bet"}
        ),
        rulebook=Rulebook(
            references=_WSOP_REFS,
            states=MappingProxyType(
                {
                    **_STATED,
                    "exposed-card.one.upcard": "S",
                    "exposed-hole.three.misdeal": "S",
                    "extra-card.burn": "S",
                    "wrong-count.short.six": "S",
                    "burn.seen": "S",
                    "burn.after": "S",
                    "wrong-bring-in": "S",
                    "chips.call": "S",
                    "chips.one-motion": "S",
                    "says": "S",
                    "river-exposed.opener": "S",
                }
            ),
        ),
    ),
    Preset(
        name="tda",
        description="the Poker TDA tournament rules",
        open_pair_option=False,
        open_pair_option_split=False,
        max_raises=4,
        heads_up=HeadsUp.CAPPED,
        first_to_act_tie=TieBreak.SUIT,
        burn_cards=True,
        short_deck=ShortDeck.COUNT_PLUS_TWO,
        community_opener=CommunityOpener.SIXTH_STREET_OPENER,
        odd_chip_ties=OddChipTies.SUIT_FIVE_CARDS,
        irregularities=MappingProxyType(
            {
                "dealer_errors": "allowed",
                "exposed_two_players": "upcard-each",
                "misdeal_cutoff": "substantial-action",
                "extra_card_initial": "misdeal",
                "burn_error": "stand",
                "skipped_player_deadline": "substantial-action",
                "river_exposed": "replace",
                "river_exposed_all_in": "replace",
                "short_hand": "dead",
            }
        ),
        rulebook=Rulebook(
            references=_refs(
                exposed_hole="TDA RP-10-A",
                misdeal="TDA 35/36",
                premature="TDA RP-5-D",
                burn="TDA 38",
                wrong_bring_in="TDA is silent; the WSOP tournament rule",
                out_of_turn="TDA 53/58",
                string_raise="TDA 40/43/44/45",
                fold_no_bet="TDA 58",
                exposed_river="TDA RP-10-B",
                wrong_count="TDA 35-A-5/38",
                exposed_card="TDA 65-B/68",
            ),
            # TDA leaves the misdeal for a wrong count on third street to the floor.
            states=MappingProxyType(
                {
                    **_STATED,
                    "wrong-count.third.misdeal": "J",
                    "exposed-hole.one.upcard": "S",
                    "chips.call": "S",
                    "chips.bet": "S",
                    "chips.one-motion": "S",
                    "says": "S",
                    "fold-no-bet.out": "S",
                }
            ),
            shown_card_penalty=True,
        ),
    ),
)

_REGISTRY: Registry[Preset] = Registry("preset")
#: Every preset, by name, in the order the app offers them.
PRESET_VALUES: Mapping[str, Preset] = _REGISTRY
#: The presets' names, in the order the app offers them (read when used).
PRESETS: Sequence[str] = _REGISTRY.names()
#: The preset a hand plays under when nothing says otherwise (the scenario format's default).
DEFAULT_PRESET = "online"


def register_preset(preset: Preset) -> Preset:
    """Add a card room's rules (the four shipped are added this way, above).

    :raises ValueError: for a name registered already.
    """
    return _REGISTRY.register(preset.name, preset)


def unregister_preset(name: str) -> None:
    """Take a preset out again (for tests that add one of their own)."""
    _REGISTRY.unregister(name)


for _preset in _PRESETS:
    register_preset(_preset)
