"""The ask kinds: one registry entry per kind, holding everything the app knows about it.

An entry (:class:`AskKind`) holds the engine's half of the kind (``ruling``, a
``tutor.engine.rulings.RulingKind``: the ruling function, the answer's keys, the message keys
it says, whether the ask names a player), the prompt shown when the author wrote none, the ``expect:`` schema, the typed
shape of the learner's answer (:class:`Slot`), how to describe an answer, when an answer is
incomplete, how to check it, the answer keys compared without order, the UI control that
gathers the answer, what the table must hide before the answer is given, and the course topics
the kind counts under.

Everything outside the engine reads the kind from here: the quiz (:func:`describe`,
:func:`incomplete`, :func:`check_answer`), the scenario format (``expect:`` checks, the JSON
Schema, default prompts, ``player:``), the replay's agreement check, the ask panel and the
drills (each draws ``entry.control`` from its own small table of control functions in
``tutor/ui``, so this module imports no Streamlit).

Adding a kind: its ``RulingKind`` (in ``tutor/engine/rulings.py``, or held by the entry here:
:func:`register` adds a kind the engine does not know to its registry), one entry here, a
control in ``tutor/ui/ask_controls.py`` (unless an existing control fits) and tests. The
engine never imports this module: the registry points from here to the engine.

>>> ask_kind("pot").describe({"pot": 12.5})
'a pot of 12.5'
>>> [k for k, entry in ASKS.items() if entry.needs_player]
['best-high', 'best-low', 'low-qualifies']
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from decimal import Decimal
from types import MappingProxyType
from typing import Any, Literal

from tutor.engine import (
    KINDS,
    MAX_SEATS,
    OUTCOMES,
    RULE_IDS,
    Category,
    RulingKind,
    Variant,
    best_high,
    msg,
    register_kind,
    unregister_kind,
)
from tutor.i18n import N_, _, ngettext
from tutor.numbers import format_amount as said_amount_of
from tutor.numbers import format_list
from tutor.quiz import (
    RulingLike,
    Verdict,
    card_text,
    low_of_five,
    low_text,
    normalize_action,
    sort_actions,
    to_amount,
    to_cards,
)
from tutor.quiz_ruling import describe_ruling, ruling_correct, ruling_incomplete
from tutor.specs import (
    LOW_PATTERN,
    NAME,
    Amount,
    DictOf,
    Field,
    Flag,
    ListOf,
    Nullable,
    OneCard,
    Rank,
    Text,
    Whole,
)

Answer = Mapping[str, Any]

#: What one part of a learner's answer holds.
SlotType = Literal[
    "player",  # a player's name
    "players",  # a set of names
    "amount",  # money (Decimal)
    "count",  # a whole number
    "flag",  # true or false (a tick, or yes / no)
    "sizes",  # a set of amounts
    "actions",  # a set of action strings ("call 1")
    "cards",  # five card texts
    "payouts",  # name -> amount
    "outcome",  # a ruling's outcome id
    "pots",  # amounts, the main pot first
    "eligible",  # for each pot, the players who can win it
]


@dataclass(frozen=True, slots=True)
class Slot:
    """One part of the learner's answer: its key, its type, and the label a control gives it.

    ``none`` says what an empty choice means where an empty choice is itself an answer
    ("no low"); a control says so beside its submit button.
    """

    key: str
    type: SlotType
    label: str = ""
    none: str = ""
    #: Whether the slot is offered in a game (None: in every game). "No low" is offered only
    #: where a low must qualify: in razz every hand makes a low.
    offered: Callable[[Variant], bool] | None = None


def _as_given(given: Answer, expected: Answer) -> dict[str, Any]:
    return dict(given)


@dataclass(frozen=True, slots=True)
class AskKind:
    """Everything about one ask kind (see the module's docstring).

    ``as_given`` turns the learner's answer into the shape ``describe`` reads (for "you
    answered ..."); ``hides`` holds ``"to-act"`` (the table must not mark the player to act),
    ``"pot"`` (the pot and the lines stating it stay hidden) and/or ``"award"`` (the award's
    line in the history, which names the winning hands) until the answer is given;
    ``topics``: the first is where the kind counts when its scenario's topic is not one of them.
    """

    #: The engine's half of the kind: its ruling function, answer keys and wording keys.
    ruling: RulingKind
    prompt: str
    expect: tuple[Field, ...]
    answer: tuple[Slot, ...]
    describe: Callable[[Answer], str]
    incomplete: Callable[[Answer], str | None]
    correct: Callable[[Answer, Answer], bool]
    control: str
    unordered: frozenset[str] = frozenset()
    as_given: Callable[[Answer, Answer], dict[str, Any]] = _as_given
    hides: frozenset[str] = frozenset()
    topics: tuple[str, ...] = ()

    @property
    def name(self) -> str:
        """The kind's name (the engine's)."""
        return self.ruling.name

    @property
    def needs_player(self) -> bool:
        """Whether the ask names whose hand it is about (``player:``)."""
        return self.ruling.needs_player

    def slot(self, key: str) -> Slot | None:
        """The answer's slot named ``key``, if it has one."""
        return next((s for s in self.answer if s.key == key), None)

    def slots(self, *types: str, variant: Variant | None = None) -> list[Slot]:
        """The answer's slots of these types that a control draws (in ``variant``'s game)."""
        return [
            s
            for s in self.answer
            if s.type in types
            and (variant is None or s.offered is None or s.offered(variant))
        ]

    def first_slot(self, type_: str) -> Slot:
        """The answer's first slot of ``type_`` (a control's main input)."""
        found = self.slots(type_)
        assert found, f"the {self.name} entry has no {type_} slot for its control"
        return found[0]


_ASKS: dict[str, AskKind] = {}
#: Every ask kind, in the spec's order: name -> entry (read-only; see :func:`register`).
ASKS: Mapping[str, AskKind] = MappingProxyType(_ASKS)
#: The kinds whose engine half :func:`register` added to the engine (a kind of the app's
#: own, such as a test's), which :func:`unregister` takes out of the engine again.
_ADDED_TO_ENGINE: set[str] = set()


def register(entry: AskKind) -> AskKind:
    """Add ``entry`` to the registry (every built-in kind is added this way, below).

    The entry holds the engine's half of the kind (``entry.ruling``); a kind the engine
    does not know yet is added to the engine's registry too, so the engine answers it, the
    validator accepts it and the replay checks its ``expect``.

    :raises ValueError: for a kind registered already, or an engine half that is not the
        engine's entry of that name.
    """
    name = entry.name
    known = KINDS.get(name)
    if known is not None and known is not entry.ruling:
        raise ValueError(
            f"the ask kind {name!r} holds a ruling that is not the engine's: use "
            f"KINDS[{name!r}]."
        )
    if name in _ASKS:
        raise ValueError(f"the ask kind {name!r} is registered already.")
    if known is None:
        register_kind(entry.ruling)
        _ADDED_TO_ENGINE.add(name)
    _ASKS[name] = entry
    return entry


def unregister(name: str) -> None:
    """Take a kind out of the registry again (for tests that register a throwaway kind)."""
    del _ASKS[name]
    if name in _ADDED_TO_ENGINE:
        _ADDED_TO_ENGINE.discard(name)
        unregister_kind(name)


def ask_kind(kind: str) -> AskKind:
    """The entry for ``kind``.

    :raises ValueError: for a kind nobody registered, naming the kinds there are.
    """
    entry = _ASKS.get(kind)
    if entry is None:
        raise ValueError(f"unknown ask kind {kind!r}: use one of {', '.join(_ASKS)}.")
    return entry


def hidden_until_answered(kind: str | None) -> frozenset[str]:
    """What the table hides before an ask of ``kind`` is answered: ``"to-act"``, ``"pot"``,
    ``"award"``.

    >>> sorted(hidden_until_answered("ante")), sorted(hidden_until_answered(None))
    (['pot'], [])
    """
    entry = _ASKS.get(kind or "")
    return entry.hides if entry is not None else frozenset()


# --------------------------------------------------------------------------- the quiz


def describe(kind: str, answer: Answer) -> str:
    """A short phrase for an answer object of ``kind`` (the engine's or the learner's).

    >>> describe("bring-in", {"player": "Bo", "amount": Decimal("1")})
    'Bo brings in for 1'
    >>> describe("raises-left", {"raises_left": None})
    'raising is unlimited'
    """
    entry = _ASKS.get(kind)
    if entry is None:
        return ", ".join(f"{k}: {v}" for k, v in answer.items())
    return entry.describe(answer)


def incomplete(kind: str, given: Answer) -> str | None:
    """Why ``given`` cannot be checked yet (a sentence saying what to do), or ``None`` if it can.

    An incomplete answer is not checked and not recorded.

    >>> incomplete("best-high", {"cards": ["Ah"]})
    'Pick exactly five cards: you picked 1.'
    >>> incomplete("first-to-act", {"player": None})
    'Choose a player first.'
    """
    entry = _ASKS.get(kind)
    return None if entry is None else entry.incomplete(given)


def check_answer(kind: str, given: Answer, ruling: RulingLike) -> Verdict:
    """Compare the learner's ``given`` answer with the engine's ``ruling`` for an ask of ``kind``.

    Amounts compare as exact Decimals; sets (winners, legal actions, bet sizes) ignore order;
    a best high hand is right when the five cards chosen make the same value as the engine's.
    ``given`` holds the keys of the kind's answer slots (``ASKS[kind].answer``).

    >>> from types import SimpleNamespace as R
    >>> r = R(kind="pot", answer={"pot": Decimal("12.5")}, explanation="", rules=(), preset="online")
    >>> check_answer("pot", {"pot": "12.50"}, r).message
    'Right: a pot of 12.5.'
    >>> check_answer("pot", {"pot": 12}, r).message
    'Not right: you answered a pot of 12; the answer is a pot of 12.5.'
    """
    entry = ask_kind(kind)
    expected = ruling.answer
    expected_text = entry.describe(expected)
    if entry.correct(given, expected):
        # Translators: {answer} is the answer in a phrase ("a pot of 12,5").
        return Verdict(
            True, _("Right: {answer}.").format(answer=expected_text), expected_text
        )
    given_text = entry.describe(entry.as_given(given, expected))
    return Verdict(
        False,
        # Translators: {given} is the learner's answer in a phrase, {answer} the right one.
        _("Not right: you answered {given}; the answer is {answer}.").format(
            given=given_text, answer=expected_text
        ),
        expected_text,
    )


def said_amount(value: Any) -> str:
    """An amount in a sentence, the current language's way (``12.5``, ``12,5``)."""
    amount = to_amount(value)
    return str(value) if amount is None else said_amount_of(amount)


def _nobody(player: Any) -> str:
    return str(player) if player else _("nobody")


# --------------------------------------------------------------------------- building blocks


def _same_items(
    key: str, norm: Callable[[Any], Any] = lambda x: x
) -> Callable[[Answer, Answer], bool]:
    """Right when the items under ``key``, each read by ``norm``, are the same set."""

    def correct(given: Answer, expected: Answer) -> bool:
        got = {norm(x) for x in given.get(key) or ()}
        want = {norm(x) for x in expected.get(key) or ()}
        return sorted(got) == sorted(want)

    return correct


def _same_amounts(*keys: str) -> Callable[[Answer, Answer], bool]:
    def correct(given: Answer, expected: Answer) -> bool:
        return all(to_amount(given.get(k)) == to_amount(expected.get(k)) for k in keys)

    return correct


def _enter_amount(key: str, what: str) -> Callable[[Answer], str | None]:
    def incomplete(given: Answer) -> str | None:
        if to_amount(given.get(key)) is None:
            # Translators: {what} is the ask's kind, an identifier (pot, buy-in, bring-in).
            return _("Enter the {what} amount.").format(what=what)
        return None

    return incomplete


def _choose_player(given: Answer) -> str | None:
    return None if given.get("player") else _("Choose a player first.")


def _same_player(given: Answer, expected: Answer) -> bool:
    return given.get("player") == expected.get("player")


def _acts(verb: str) -> Callable[[Answer], str]:
    """``verb`` is a whole sentence with ``{player}`` (N_-marked): "{player} acts first"."""

    def describe(a: Answer) -> str:
        return _(verb).format(player=_nobody(a.get("player")))

    return describe


def _choose_yes_no(key: str) -> Callable[[Answer], str | None]:
    def incomplete(given: Answer) -> str | None:
        return _("Choose yes or no.") if given.get(key) is None else None

    return incomplete


def _same_flag(key: str) -> Callable[[Answer, Answer], bool]:
    def correct(given: Answer, expected: Answer) -> bool:
        return bool(given.get(key)) == bool(expected.get(key))

    return correct


# Entries of a common shape: the kinds that ask one amount, who acts, or yes or no.


def _one_amount(
    name: str,
    prompt: str,
    key: str,
    label: str,
    said_as: str,
    topics: tuple[str, ...],
    hides: frozenset[str] = frozenset(),
) -> AskKind:
    """A kind whose answer is one amount under ``key``, described by ``said_as`` (an
    N_-marked sentence with ``{amount}``: "a pot of {amount}"); an answer without the
    amount is incomplete."""
    return AskKind(
        ruling=KINDS[name],
        prompt=prompt,
        expect=(Field(key, Amount()),),
        answer=(Slot(key, "amount", label),),
        describe=lambda a: _(said_as).format(amount=said_amount(a.get(key))),
        incomplete=_enter_amount(key, name),
        correct=_same_amounts(key),
        control="amounts",
        hides=hides,
        topics=topics,
    )


def _who_acts(name: str, prompt: str, verb: str, topics: tuple[str, ...]) -> AskKind:
    """A kind whose answer is a player (the ruling may name nobody), described as the player
    and ``verb``; the table hides who is to act until it is answered."""
    return AskKind(
        ruling=KINDS[name],
        prompt=prompt,
        expect=(_PLAYER_OR_NONE, _SEAT_OR_NONE),
        answer=(_WHO,),
        describe=_acts(verb),
        incomplete=_choose_player,
        correct=_same_player,
        control="player",
        hides=frozenset({"to-act"}),
        topics=topics,
    )


def _yes_no(
    name: str,
    prompt: str,
    key: str,
    describe: Callable[[Answer], str],
    topics: tuple[str, ...],
    *,
    as_given: Callable[[Answer, Answer], dict[str, Any]] = _as_given,
    hides: frozenset[str] = frozenset(),
) -> AskKind:
    """A kind answered yes or no under ``key`` (about the ask's player where the engine's
    kind names one)."""
    about_player = KINDS[name].needs_player
    return AskKind(
        ruling=KINDS[name],
        prompt=prompt,
        expect=(_PLAYER, Field(key, Flag())) if about_player else (Field(key, Flag()),),
        answer=(Slot(key, "flag", N_("Answer")),),
        describe=describe,
        incomplete=_choose_yes_no(key),
        correct=_same_flag(key),
        control="yes-no",
        as_given=as_given,
        hides=hides,
        topics=topics,
    )


def _nothing_missing(_: Answer) -> str | None:
    return None


def _five_cards(given: Answer) -> str | None:
    n = len(given.get("cards") or ())
    # Translators: {n} is how many cards the learner picked (not 5).
    return (
        None
        if n == 5
        else ngettext(
            "Pick exactly five cards: you picked {n}.",
            "Pick exactly five cards: you picked {n}.",
            n,
        ).format(n=n)
    )


def _five_cards_or_none(given: Answer) -> str | None:
    return None if given.get("no_low") else _five_cards(given)


_PLAYER = Field("player", NAME)
_SEAT_NO = Field("seat", Whole(1, 10))
_PLAYER_OR_NONE = Field("player", Nullable(NAME))
_SEAT_OR_NONE = Field("seat", Nullable(Whole(1, 10)))
_ACTIONS = ListOf(Text(what=N_("an action such as 'call 1'"), max_length=40), 0, 10)
_WHO = Slot("player", "player", N_("Player"))
#: The topics of a question about who acts.
_ACT_TOPICS = ("first-to-act", "pair-on-fourth", "bring-in", "deal")
#: The topics of a question about betting.
_BET_TOPICS = ("betting-limits", "pair-on-fourth", "bring-in", "raise-cap")


# --------------------------------------------------------------------------- the kinds


def _ante_text(a: Answer) -> str:
    # Translators: {each} is each player's ante, {total} all the antes.
    return _("{each} each, {total} in all").format(
        each=said_amount(a.get("each")), total=said_amount(a.get("total"))
    )


def _ante_missing(given: Answer) -> str | None:
    if to_amount(given.get("each")) is None or to_amount(given.get("total")) is None:
        return _("Enter both amounts: the ante each player posts and the total.")
    return None


register(
    AskKind(
        ruling=KINDS["ante"],
        prompt=N_("How much is the ante, for each player and in total?"),
        expect=(Field("each", Amount()), Field("total", Amount())),
        answer=(
            Slot("each", "amount", N_("Ante each player posts")),
            Slot("total", "amount", N_("Antes in all")),
        ),
        describe=_ante_text,
        incomplete=_ante_missing,
        correct=_same_amounts("each", "total"),
        control="amounts",
        hides=frozenset({"pot"}),
        topics=("ante",),
    )
)

register(
    _one_amount(
        "buy-in",
        N_("What is the minimum buy-in at this table?"),
        "minimum",
        N_("Minimum buy-in"),
        # Translators: {amount} is the minimum buy-in.
        N_("a minimum buy-in of {amount}"),
        topics=("buy-in",),
    )
)


def _bring_in_text(a: Answer) -> str:
    who = _nobody(a.get("player"))
    if a.get("amount") is not None:
        # Translators: {player} brings in; {amount} is the bring-in.
        return _("{player} brings in for {amount}").format(
            player=who, amount=said_amount(a.get("amount"))
        )
    return _("{player} brings in").format(player=who)


def _bring_in_missing(given: Answer) -> str | None:
    return _choose_player(given) or _enter_amount("amount", "bring-in")(given)


register(
    AskKind(
        ruling=KINDS["bring-in"],
        prompt=N_("Who must bring it in, with which card, and for how much?"),
        expect=(_PLAYER, _SEAT_NO, Field("card", OneCard()), Field("amount", Amount())),
        answer=(_WHO, Slot("amount", "amount", N_("Bring-in amount"))),
        describe=_bring_in_text,
        incomplete=_bring_in_missing,
        correct=lambda g, e: _same_player(g, e) and _same_amounts("amount")(g, e),
        control="player",
        hides=frozenset({"to-act"}),
        topics=("bring-in", "deal"),
    )
)

register(
    _who_acts(
        "first-to-act",
        N_("Who acts first on this street?"),
        N_("{player} acts first"),
        _ACT_TOPICS,
    )
)
register(
    _who_acts(
        "next-to-act", N_("Who acts next?"), N_("{player} acts next"), _ACT_TOPICS
    )
)


def _sizes_text(a: Answer) -> str:
    sizes = sorted({to_amount(s) or Decimal(0) for s in a.get("sizes") or ()})
    if not sizes:
        return _("no bet or raise is possible")
    words = [said_amount(s) for s in sizes]
    # Translators: {sizes} lists the bet sizes ("2 and 4").
    return ngettext("size {sizes}", "sizes {sizes}", len(words)).format(
        sizes=format_list(words)
    )


register(
    AskKind(
        ruling=KINDS["bet-sizes"],
        prompt=N_("What sizes may a bet or raise take now?"),
        expect=(Field("sizes", ListOf(Amount(), 0, 10)),),
        answer=(
            Slot(
                "sizes",
                "sizes",
                N_("Sizes allowed now"),
                none=N_("no bet or raise possible"),
            ),
        ),
        describe=_sizes_text,
        incomplete=_nothing_missing,
        correct=_same_items("sizes", to_amount),
        control="sizes",
        unordered=frozenset({"sizes"}),
        topics=_BET_TOPICS,
    )
)


def _actions_text(a: Answer) -> str:
    actions = list(a.get("actions") or ())
    return (
        ", ".join(normalize_action(x) for x in actions) if actions else _("no action")
    )


def _actions_given(given: Answer, expected: Answer) -> dict[str, Any]:
    return {**given, "actions": sort_actions(given.get("actions") or ())}


register(
    AskKind(
        ruling=KINDS["legal-actions"],
        prompt=N_("What may the player to act do now?"),
        expect=(_PLAYER_OR_NONE, Field("actions", _ACTIONS)),
        answer=(Slot("actions", "actions", N_("Legal actions")),),
        describe=_actions_text,
        incomplete=_nothing_missing,
        correct=_same_items("actions", normalize_action),
        control="actions",
        unordered=frozenset({"actions"}),
        as_given=_actions_given,
        topics=_BET_TOPICS,
    )
)


def _raises_text(a: Answer) -> str:
    left = a.get("raises_left")
    if left is None:
        return _("raising is unlimited")
    n = int(left)
    return ngettext("{n} raise left", "{n} raises left", n).format(n=n)


def _raises_missing(given: Answer) -> str | None:
    if given.get("raises_left") is None and not given.get("unlimited"):
        return _("Enter the number of raises left, or tick 'unlimited'.")
    return None


def _raises_correct(given: Answer, expected: Answer) -> bool:
    want = expected.get("raises_left")
    if given.get("unlimited"):
        return want is None
    got = given.get("raises_left")
    return want is not None and got is not None and int(got) == int(want)


def _raises_given(given: Answer, expected: Answer) -> dict[str, Any]:
    return {**given, "raises_left": None} if given.get("unlimited") else dict(given)


register(
    AskKind(
        ruling=KINDS["raises-left"],
        prompt=N_("How many raises are still allowed in this round?"),
        expect=(Field("raises_left", Nullable(Whole(0, 100))),),
        answer=(
            Slot("raises_left", "count", N_("Raises left")),
            Slot("unlimited", "flag", N_("Unlimited (no cap now)")),
        ),
        describe=_raises_text,
        incomplete=_raises_missing,
        correct=_raises_correct,
        control="raises",
        as_given=_raises_given,
        topics=("raise-cap",),
    )
)

register(
    _one_amount(
        "pot",
        N_("How much is in the pot?"),
        "pot",
        N_("Pot"),
        # Translators: {amount} is the pot.
        N_("a pot of {amount}"),
        topics=("betting-limits", "ante", "side-pots", "split-pot", "raise-cap"),
        hides=frozenset({"pot"}),
    )
)


def _community_text(a: Answer) -> str:
    if a.get("community"):
        return _("yes: seventh street is one community card shared by every player")
    return _("no: every player gets a seventh card of their own")


register(
    _yes_no(
        "community-card",
        N_("Will seventh street be a single shared card?"),
        "community",
        _community_text,
        topics=("community-river",),
    )
)


def _high_text(a: Answer) -> str:
    cards = " ".join(card_text(c) for c in a.get("cards") or ())
    if a.get("category"):
        ranks = "-".join(str(r) for r in a.get("ranks") or ())
        return f"{a['category']}, {ranks} ({cards})"
    return cards or _("no cards")


def _high_correct(given: Answer, expected: Answer) -> bool:
    chosen = to_cards(given.get("cards") or ())
    want = to_cards(expected.get("cards") or ())
    if len(chosen) != 5 or len(set(chosen)) != 5:
        return False
    return best_high(chosen).value == best_high(want).value


def _high_given(given: Answer, expected: Answer) -> dict[str, Any]:
    chosen = to_cards(given.get("cards") or ())
    g: dict[str, Any] = {"cards": chosen}
    if len(chosen) == 5 and len(set(chosen)) == 5:
        hand = best_high(chosen)
        g.update(category=str(hand.category), ranks=hand.rank_chars)
    return g


register(
    AskKind(
        ruling=KINDS["best-high"],
        # Translators: {player} is a player's name.
        prompt=N_("What is {player}'s best high hand?"),
        expect=(
            _PLAYER,
            Field("category", Text(enum=tuple(c.value for c in Category))),
            Field("ranks", ListOf(Rank(), 5, 5)),
            Field("cards", ListOf(OneCard(), 5, 5)),
        ),
        answer=(Slot("cards", "cards", N_("Five cards")),),
        describe=_high_text,
        incomplete=_five_cards,
        correct=_high_correct,
        control="cards",
        unordered=frozenset({"cards"}),
        as_given=_high_given,
        topics=("showdown",),
        hides=frozenset({"award"}),
    )
)


def _low_text_of(a: Answer) -> str:
    if "low" in a:
        return a["low"] if a["low"] else _("no low")
    chosen = to_cards(a.get("cards") or ())
    low = low_of_five(
        chosen, None
    )  # whether they qualify is the check's, in the game's
    text = " ".join(c.text for c in chosen)
    if low:
        return f"{low} ({text})"
    # Translators: {cards} are five cards that make no low.
    return _("{cards} (not a low)").format(cards=text) if text else _("no low")


def _low_correct(given: Answer, expected: Answer) -> bool:
    want = expected.get("low")
    if given.get("no_low"):
        return want is None
    chosen = to_cards(given.get("cards") or ())
    return want is not None and low_text(chosen) == str(want).upper()


def _low_given(given: Answer, expected: Answer) -> dict[str, Any]:
    return {"low": None} if given.get("no_low") else dict(given)


register(
    AskKind(
        ruling=KINDS["best-low"],
        prompt=N_("What is {player}'s best low hand?"),
        expect=(
            _PLAYER,
            Field(
                "low",
                Nullable(Text(what="a low such as '7-5-4-2-A'", pattern=LOW_PATTERN)),
            ),
        ),
        answer=(
            Slot("cards", "cards", N_("Five cards")),
            Slot(
                "no_low",
                "flag",
                N_("No low: these cards make no qualifying low"),
                offered=lambda variant: variant.low_must_qualify,
            ),
        ),
        describe=_low_text_of,
        incomplete=_five_cards_or_none,
        correct=_low_correct,
        control="cards",
        as_given=_low_given,
        topics=("low-qualification", "showdown"),
        hides=frozenset({"award"}),
    )
)


def _qualifies_text(a: Answer) -> str:
    who = a.get("player") or _("the player")
    if a.get("qualifies"):
        return _("{player} has a qualifying low").format(player=who)
    return _("{player} has no qualifying low").format(player=who)


def _qualifies_given(given: Answer, expected: Answer) -> dict[str, Any]:
    return {"player": expected.get("player"), **given}


register(
    _yes_no(
        "low-qualifies",
        N_("Does {player} have a qualifying low?"),
        "qualifies",
        _qualifies_text,
        topics=("low-qualification", "showdown"),
        as_given=_qualifies_given,
        hides=frozenset({"award"}),
    )
)


def _winners(half: str) -> Callable[[Answer], str]:
    def describe(a: Answer) -> str:
        players = list(a.get("players") or ())
        if not players:
            return _("no low qualifies") if half == "low" else _("nobody")
        if half == "low":
            if len(players) == 1:
                return _("{player} wins the low").format(player=players[0])
            return _("{players} share the low").format(players=format_list(players))
        if len(players) == 1:
            return _("{player} wins the high").format(player=players[0])
        return _("{players} share the high").format(players=format_list(players))

    return describe


for _name, _prompt, _half, _none, _topics in (
    (
        "high-winner",
        N_("Who wins the high?"),
        "high",
        "",
        ("showdown", "split-pot", "low-qualification"),
    ),
    (
        "low-winner",
        N_("Who wins the low?"),
        "low",
        N_("no low"),
        ("low-qualification", "showdown", "split-pot"),
    ),
):
    register(
        AskKind(
            ruling=KINDS[_name],
            prompt=_prompt,
            expect=(Field("players", ListOf(NAME, 0, MAX_SEATS)),),
            answer=(Slot("players", "players", N_("Players"), none=_none),),
            describe=_winners(_half),
            incomplete=_nothing_missing,
            correct=_same_items("players"),
            control="players",
            unordered=frozenset({"players"}),
            topics=_topics,
            hides=frozenset({"award"}),
        )
    )


def _payouts(a: Answer) -> dict[str, Decimal]:
    return {k: to_amount(v) or Decimal(0) for k, v in (a.get("payouts") or {}).items()}


def _award_text(a: Answer) -> str:
    parts = [f"{name} {said_amount(v)}" for name, v in _payouts(a).items() if v != 0]
    rake = to_amount(a.get("rake")) or Decimal(0)
    text = ", ".join(parts) if parts else _("nobody takes anything")
    # Translators: {payouts} says who takes what ("Ana 12, Bo 6"); {rake} an amount.
    if rake:
        return _("{payouts}; rake {rake}").format(payouts=text, rake=said_amount(rake))
    return _("{payouts}; no rake").format(payouts=text)


def _award_correct(given: Answer, expected: Answer) -> bool:
    want, got = _payouts(expected), _payouts(given)
    names = set(want) | set(got)
    return all(want.get(n, Decimal(0)) == got.get(n, Decimal(0)) for n in names) and (
        to_amount(given.get("rake")) or Decimal(0)
    ) == (to_amount(expected.get("rake")) or Decimal(0))


register(
    AskKind(
        ruling=KINDS["award"],
        prompt=N_("How is the pot awarded?"),
        expect=(Field("payouts", DictOf(Amount())), Field("rake", Amount())),
        answer=(
            Slot("payouts", "payouts", N_("takes")),
            Slot("rake", "amount", N_("Rake")),
        ),
        describe=_award_text,
        incomplete=_nothing_missing,
        correct=_award_correct,
        control="payouts",
        topics=("split-pot", "side-pots", "showdown"),
        hides=frozenset({"award"}),
    )
)

register(
    _who_acts(
        "showdown-order",
        N_("Who shows first?"),
        N_("{player} shows first"),
        ("showdown",),
    )
)


def _ruling_given(given: Answer, expected: Answer) -> dict[str, Any]:
    keys = ("outcome", "next_player", "next_actions")
    return {k: v for k, v in given.items() if k in keys}


register(
    AskKind(
        ruling=KINDS["ruling"],
        prompt=N_("What is the ruling, and who acts next with which options?"),
        expect=(
            Field("outcome", Text(enum=OUTCOMES)),
            Field(
                "rule", Text(enum=tuple(r for r in RULE_IDS if r.startswith("irr.")))
            ),
            Field("reference", Text(max_length=200)),
            Field("basis", Text(enum=("S", "S2", "J"))),
            Field("continues", Flag()),
            Field("next_player", Nullable(NAME)),
            Field("next_actions", _ACTIONS),
            Field("chips_back", DictOf(Amount())),
            Field("dead", ListOf(NAME, 0, MAX_SEATS)),
            Field("cards", ListOf(Text(max_length=300), 0, 20)),
            Field("stub_use", Whole(0, 52)),
            Field("next_burns", Whole(0, 3)),
            Field("declare_all_in", NAME),
        ),
        answer=(
            Slot("outcome", "outcome", N_("Ruling")),
            Slot("next_player", "player", N_("Who acts next?")),
            Slot("next_actions", "actions", N_("What may that player do?")),
        ),
        describe=describe_ruling,
        incomplete=ruling_incomplete,
        correct=ruling_correct,
        control="ruling",
        unordered=frozenset({"cards"}),
        as_given=_ruling_given,
    )
)


# ------------------------------------------------------------------ pots and side pots


def _side_pots_ruling(hand: Any, _player: str | None) -> Any:
    """The main pot, then each side pot, with who can win each (pot.side): the engine's
    own side pots (``Hand.side_pots``), said as the dealer says them."""
    names = [p.name for p in hand.players]
    pots = hand.side_pots()
    answer = {
        "pots": [amount for amount, _elig in pots],
        "eligible": [[names[i] for i in elig] for _amount, elig in pots],
    }
    why = (msg("ruling.side-pots.how", "pot.side"),) + tuple(
        msg(
            "ruling.side-pots.pot",
            "pot.side",
            pot=n,
            amount=amount,
            eligible=tuple(names[i] for i in elig),
        )
        for n, (amount, elig) in enumerate(pots)
    )
    return answer, why, ("pot.side",)


def parse_pots(text: Any) -> list[Decimal] | None:
    """The pots a learner typed, main pot first ("45, 30 12"); None if one is no amount.

    >>> parse_pots("45, 30 12.5")
    [Decimal('45'), Decimal('30'), Decimal('12.5')]
    >>> parse_pots("45, x") is None
    True
    """
    if isinstance(text, (list, tuple)):
        items = list(text)
    else:
        items = str(text or "").replace(",", " ").replace(";", " ").split()
    amounts = [to_amount(x) for x in items]
    if any(a is None for a in amounts):
        return None
    return [a for a in amounts if a is not None]


def _pot_name(n: int) -> str:
    # Translators: {n} numbers the side pots from 1.
    return _("the main pot") if n == 0 else _("side pot {n}").format(n=n)


def _side_pots_text(answer: Answer) -> str:
    """ "the main pot 45 (Ana, Bo, Cy); side pot 1 30 (Bo, Cy)"."""
    pots = parse_pots(answer.get("pots")) or []
    eligible = list(answer.get("eligible") or ())
    parts = []
    for n, amount in enumerate(pots):
        who = eligible[n] if n < len(eligible) else []
        names = f" ({', '.join(str(x) for x in who)})" if who else ""
        parts.append(f"{_pot_name(n)} {said_amount(amount)}{names}")
    return "; ".join(parts) or _("no pots")


def _side_pots_incomplete(given: Answer) -> str | None:
    pots = parse_pots(given.get("pots"))
    if not pots:
        # Translators: the example is written the language's way (45, 30).
        return _("Type each pot, the main pot first (for example 45, 30).")
    eligible = list(given.get("eligible") or ())
    for n in range(1, len(pots)):
        if n >= len(eligible) or not eligible[n]:
            # Translators: {n} numbers the side pots from 1.
            return _("Choose who can win side pot {n}.").format(n=n)
    return None


def _side_pots_correct(given: Answer, expected: Answer) -> bool:
    if parse_pots(given.get("pots")) != parse_pots(expected.get("pots")):
        return False
    got = [sorted(str(x) for x in e) for e in given.get("eligible") or ()]
    want = [sorted(str(x) for x in e) for e in expected.get("eligible") or ()]
    # the main pot's players are everyone still in: only the side pots' are asked
    return got[1:] == want[1:]


register(
    AskKind(
        ruling=RulingKind(
            name="side-pots",
            function=_side_pots_ruling,
            answer=("pots", "eligible"),
            said=("ruling.side-pots.how", "ruling.side-pots.pot"),
        ),
        prompt=N_("Say the pot: the main pot, each side pot, and who can win each."),
        expect=(
            Field("pots", ListOf(Amount(), 1, MAX_SEATS)),
            Field("eligible", ListOf(ListOf(NAME, 1, MAX_SEATS), 1, MAX_SEATS)),
        ),
        answer=(
            Slot("pots", "pots", N_("The pots, main pot first")),
            Slot("eligible", "eligible", N_("Who can win")),
        ),
        describe=_side_pots_text,
        incomplete=_side_pots_incomplete,
        correct=_side_pots_correct,
        control="side-pots",
        topics=("side-pots",),
        hides=frozenset({"pot", "award"}),
    )
)
