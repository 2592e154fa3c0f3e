"""The scenario format as data: every field, its type and limits, shared by the validator and the JSON Schema."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from tutor.asks import ASKS
from tutor.course import TOPICS
from tutor.engine import (
    ASK_KINDS,
    DEFAULT_GAME,
    OVERRIDE_FIELDS,
    PRESETS,
    RANK_CHARS,
    STREETS,
    SUIT_CHARS,
    Category,
    Derived,
    Names,
    Street,
)
from tutor.engine import GAMES as GAMES_OF_ENGINE
from tutor.specs import (
    NAME,
    RANK_CLASS,
    Actions,
    Amount,
    CardList,
    Field,
    Flag,
    ListOf,
    Nullable,
    Obj,
    OneCard,
    OneOrList,
    Spec,
    StepSpec,
    Text,
    Whole,
)

#: The games a scenario may be (the engine's registry, read when a file is checked).
GAMES = GAMES_OF_ENGINE
#: The games in words, for the JSON Schema: "stud8 (default), stud or razz".
_GAMES_SAID = ", ".join(
    f"{g} (default)" if g == DEFAULT_GAME else g for g in GAMES[:-1]
) + (f" or {GAMES[-1]}" if len(GAMES) > 1 else "")
#: Where a scenario may start: every street after the third, or the showdown.
START_STREETS = tuple(s.value for s in Street if s is not Street.THIRD)
CATEGORIES = tuple(c.value for c in Category)
RANKS = tuple(RANK_CHARS)
#: Asks about one player's hand: ``player:`` is required on them (the registry's
#: needs_player). This and the other tables of ask kinds below read the registry when used,
#: so a kind registered later (one entry in ``tutor.asks``) is in them.
PLAYER_ASKS: Sequence[str] = Names(
    lambda: tuple(kind for kind, entry in ASKS.items() if entry.needs_player)
)
#: What the app shows when an ask has no ``prompt:``.
DEFAULT_PROMPTS: Mapping[str, str] = Derived(ASKS, lambda entry: entry.prompt)

MAX_SEATS = 8
MIN_SEATS = 2
MAX_STEPS = 500
MAX_AMOUNT_PLACES = 2

ID_PATTERN = r"^[a-z0-9]+(-[a-z0-9]+)*$"
#: A rank and a suit in any case, from the engine's cards (``10`` is also a ten).
_RANK = RANK_CLASS
_SUIT = "[" + SUIT_CHARS + SUIT_CHARS.upper() + "]"
_CARD_RE = rf"({_RANK}|10){_SUIT}"
CARD_PATTERN = rf"^{_CARD_RE}$"
CARD_OR_UNKNOWN_PATTERN = rf"^({_CARD_RE}|\?\?)$"
CARDS_TEXT_PATTERN = rf"^\s*(({_CARD_RE}|\?\?)([\s,]+({_CARD_RE}|\?\?))*)?\s*$"
#: The action grammar's pattern, from the engine's one grammar (``tutor.engine.actions``).


def _house_spec() -> Obj:
    fields = []
    for name, (kind, allowed) in OVERRIDE_FIELDS.items():
        spec: Spec
        if kind is bool:
            spec = Flag(description=f"override of the preset's {name}")
        elif kind is int:
            spec = Whole(1, 100, description=f"override of the preset's {name}")
        else:
            spec = Text(
                enum=tuple(allowed), description=f"override of the preset's {name}"
            )
        fields.append(Field(name, spec))
    return Obj(
        "house", tuple(fields), "per-field overrides of the preset (shared/rules.md)"
    )


HOUSE = _house_spec()

RAKE = Obj(
    "rake",
    (
        Field(
            "percent",
            Amount(positive=True, maximum=100),
            True,
            "percent of the pot taken",
        ),
        Field("cap", Amount(), True, "the most the rake can be"),
    ),
    "the table's rake: percent of the pot, never more than the cap",
)

STAKES = Obj(
    "stakes",
    (
        Field(
            "small_bet",
            Amount(positive=True),
            True,
            "bet size on third and fourth street",
        ),
        Field(
            "big_bet",
            Amount(positive=True),
            True,
            "bet size on fifth to seventh street",
        ),
        Field("ante", Amount(), True, "each player's ante (0 for no ante)"),
        Field(
            "bring_in",
            Amount(positive=True),
            False,
            "the bring-in (default: half the small bet)",
        ),
        Field(
            "chip",
            Amount(positive=True),
            False,
            "the smallest chip, for odd chips (default 1 where every amount is whole, else 0.01)",
        ),
        Field("rake", RAKE),
    ),
    "the table's stakes, in table currency",
)

SEAT = Obj(
    "seat",
    (
        Field("seat", Whole(1, 10), True, "the seat number, 1 to 10"),
        Field("name", NAME, True, "the player's name, unique at the table"),
        Field(
            "stack",
            Amount(),
            False,
            "chips behind (default: deep); with start, what is left",
        ),
        Field(
            "cards",
            CardList(),
            True,
            "cards in the order dealt: hole, hole, door, 4th, 5th, 6th, river; ?? = unknown",
        ),
        Field(
            "committed",
            Amount(),
            False,
            "with start: chips already in the pot, antes included",
        ),
        Field("folded", Flag(), False, "with start: the seat folded earlier"),
    ),
    "one seat at the table",
)

START = Obj(
    "start",
    (
        Field(
            "street",
            Text(enum=START_STREETS),
            True,
            "the street whose betting is about to open",
        ),
    ),
    "begin later in the hand, with that street's cards dealt",
)

ACT_STEP = Obj(
    "act step",
    (Field("act", Actions(), True, "an action or a list of actions: '<name> calls'"),),
    "one or more actions, in order",
)


def _expect(kind: str, *fields: Field) -> Obj:
    return Obj(
        f"{kind} answer", fields, f"the answer to a {kind} ask; every key optional"
    )


#: Each ask kind's ``expect:`` (the registry's expect fields; every key optional).
EXPECT: Mapping[str, Obj] = Derived(
    ASKS, lambda entry: _expect(entry.name, *entry.expect)
)

ASK_STEP = Obj(
    "ask step",
    (
        Field("ask", Text(enum=ASK_KINDS), True, "the kind of question"),
        Field(
            "prompt",
            Text(max_length=500),
            False,
            "the question as the learner reads it",
        ),
        Field(
            "player",
            NAME,
            False,
            f"whose hand (required for {', '.join(PLAYER_ASKS)})",
        ),
        Field(
            "expect",
            Obj("expect", ()),
            False,
            "the answer the author expects; validation fails if the engine disagrees",
        ),
        Field(
            "hint",
            Text(max_length=1000),
            False,
            "a hint shown before answering (extension)",
        ),
        Field(
            "explain", Text(max_length=2000), False, "an instructor's note (extension)"
        ),
    ),
    "a question about the hand at this point",
)

# -- event steps (irregularities) ---------------------------------------------------------
STREET_WORDS = tuple(s.value for s in STREETS)
_NAMES = OneOrList(NAME, description="a player's name, or a list of names")
_STREET = Text(enum=STREET_WORDS, description="a street")
#: Each event's key (one per kind of the engine's ``IRREGULARITIES``), what its value is,
#: and the other keys it may carry.
EVENT_KINDS: dict[str, tuple[Spec, tuple[str, ...], str]] = {
    "dealer-exposes": (
        _NAMES,
        ("card",),
        (
            "the dealer exposes a card of the initial deal (card: 1 or 2, a hole card; "
            "two players: a list of names and a list of card numbers)"
        ),
    ),
    "door-down": (NAME, ("seen", "new-card"), "the door card was dealt face down"),
    "off-table": (NAME, ("card",), "a card of this player went off the table"),
    "player-shows": (NAME, (), "the player exposes his own down card"),
    "first-card-to": (NAME, (), "the first card of the deal went to this player"),
    "extra-card": (
        NAME,
        (),
        "this player got a fourth card after all had three, before any action",
    ),
    "fouled-deck": (
        Flag(),
        (),
        "the deck is fouled (a duplicate card or a different back)",
    ),
    "wrong-count": (
        NAME,
        ("cards", "missing"),
        (
            "the player has the wrong number of cards (cards: how many; missing: the street "
            "whose card was never dealt)"
        ),
    ),
    "premature": (
        _NAMES,
        ("seen", "then"),
        "the next street's card was dealt to these players before the round was complete",
    ),
    "no-burn": (_STREET, ("new-card",), "the dealer did not burn before this street"),
    "double-burn": (
        _STREET,
        ("seen", "new-card"),
        "the dealer burned two cards before this street",
    ),
    "burn-exposed": (_STREET, (), "the burn card of this street was exposed"),
    "wrong-bring-in": (
        NAME,
        ("acts",),
        (
            "the dealer named this player as the low card (acts: what happened before the "
            "error was caught)"
        ),
    ),
    "wrong-opener": (
        NAME,
        ("acts",),
        (
            "the dealer named this player as the high hand (acts: what happened before the "
            "error was caught)"
        ),
    ),
    "out-of-turn": (
        Actions(),
        ("then",),
        "one or more actions out of turn (then: the in-turn actions that follow)",
    ),
    "chips": (
        Text(
            what="a chip motion such as 'Bo puts in 20, then 20 more'",
            max_length=80,
        ),
        (),
        (
            "a chip motion: '<name> puts in N', '<name> puts in N, then N more', "
            "'<name> puts in one N chip'"
        ),
    ),
    "says": (
        Text(what="a declaration such as 'Cy says raise'", max_length=80),
        (),
        (
            "a declaration in turn: '<name> says call|raise|fold|check|bet', "
            "'<name> taps the table'"
        ),
    ),
    "fold-no-bet": (NAME, (), "the player folds although he could check"),
    "river-exposed": (
        NAME,
        ("new-card",),
        "the player's seventh-street card was dealt face up",
    ),
}
EVENT_MODIFIERS: dict[str, Spec] = {
    "card": OneOrList(
        Whole(1, 7),
        description="card number in dealing order: 1, 2 hole cards, 3 the door, 7 the river",
    ),
    "seen": Flag(description="the player has looked at the card"),
    "new-card": OneCard(
        description="the card that comes into play by the correction (the next stub card, "
        "a replacement, or the door card turned up)"
    ),
    "cards": Whole(0, 20, description="how many cards the player holds"),
    "missing": Text(
        enum=STREET_WORDS, description="the street whose card was never dealt"
    ),
    "acts": Actions(description="what happened before the error was caught, in order"),
    "then": Actions(
        description="in-turn actions that follow, before the ruling is given"
    ),
}

STEP = StepSpec(ACT_STEP, ASK_STEP, EXPECT, "an act step, an ask step or an event step")

SCENARIO = Obj(
    "scenario",
    (
        Field(
            "id",
            Text(what="an id", pattern=ID_PATTERN, max_length=80),
            True,
            "unique across the bank; lower-case letters, digits and '-'",
        ),
        Field("title", Text(max_length=120), True, "the scenario's title"),
        Field("topic", Text(enum=TOPICS), True, "the course topic"),
        Field("level", Whole(1, 5), True, "1 (first lesson) to 5 (expert rulings)"),
        Field("game", Text(enum=GAMES), False, _GAMES_SAID),
        Field(
            "rules", Text(enum=PRESETS), False, "the house-rule preset (default online)"
        ),
        Field("house", HOUSE),
        Field("stakes", STAKES, True),
        Field(
            "button",
            Nullable(Whole(1, 10)),
            False,
            "the seat holding the dealer button; null = house dealer before seat 1",
        ),
        Field(
            "seats",
            ListOf(SEAT, MIN_SEATS, MAX_SEATS, "table.seats"),
            True,
            "2 to 8 seats, clockwise",
        ),
        Field("community", Nullable(OneCard()), False, "the community river card"),
        Field("start", START),
        Field(
            "steps",
            ListOf(STEP, 1, MAX_STEPS),
            True,
            "the hand in order: act and ask steps",
        ),
    ),
    "one hand of stud with questions between the actions",
)
