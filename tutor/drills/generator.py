"""Hands generated to order: deal, play to the moment a target ruling applies, write the scenario.

A *target* (see :mod:`tutor.drills.targets`) knows how to set up a table that leads to its
situation (forcing a few cards or stacks where chance alone would rarely get there), how to
play the hand with sensible weights over the engine's legal actions, and which ask to put at
the moment the situation arises. The generator then writes the hand as scenario YAML (the
format of the bank) and loads it through :mod:`tutor.scenarios`, so a generated question passes
the very validator and replay a hand-written one does.

Only the engine's public API is used: ``Hand``/``HandSetup``, ``legal_actions``, ``apply``,
``answer``, ``view``. The same (target, game, preset, seed) always gives the same hand.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from tutor.engine import (
    Action,
    Card,
    Game,
    Hand,
    HandSetup,
    Irregularity,
    IrrRuling,
    Ruling,
    SeatSetup,
    Stakes,
    Street,
    TableView,
    TutorError,
    house_rules,
    legal_action,
    rule,
    scenario_text,
    to_json,
)
from tutor.i18n import DEFAULT_LANGUAGE, _, current_language, use_language
from tutor.scenarios import Scenario
from tutor.scenarios.fields import DEFAULT_PROMPTS
from tutor.wording import tongue

#: Player names the generator seats (short, distinct, easy to click).
NAMES = ("Ana", "Bo", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal", "Ivy", "Jo")
#: Stakes the generator picks from: (small bet, big bet, ante, bring-in or None for half).
STAKES: tuple[tuple[str, str, str, str | None], ...] = (
    ("2", "4", "0.25", None),
    ("4", "8", "1", None),
    ("10", "20", "2", None),
    ("15", "30", "3", "5"),
    ("20", "40", "5", None),
)
#: How many times a target may re-deal before the generator gives up (it never should).
MAX_TRIES = 200
#: How many actions a hand may take (a safety stop; a real hand takes far fewer).
MAX_ACTIONS = 400
#: Default weights for choosing among the legal actions, by verb.
WEIGHTS: Mapping[str, float] = {
    "fold": 1.0,
    "check": 4.0,
    "call": 5.0,
    "bring": 4.0,
    "complete": 2.0,
    "bet": 2.5,
    "raise": 1.0,
}


class GeneratorError(TutorError):
    """A target or option the generator does not know, or a target that missed every deal."""


@dataclass(frozen=True, slots=True)
class Question:
    """The ask a target puts at its moment: kind, optional player, and what it says.

    ``template`` is the prompt as a catalogue entry (a module-level ``N_`` string with
    ``{placeholders}``), or None for the ask kind's own prompt (what a scenario shows when
    its author wrote none); ``lead`` is a sentence said before the ask's own prompt (the
    situation: "All the chips are in."). ``params`` fill the placeholders: engine values
    (a street, an amount, a list of names) are written the language's way by the wording
    layer, so a prompt is said in the session's language (:meth:`text`) and in English in
    the scenario's YAML (:attr:`prompt`).

    >>> from tutor.engine import Street
    >>> from tutor.i18n import N_
    >>> q = Question("first-to-act", N_("{street} street is dealt. Who acts first?"),
    ...              params=(("street", Street.FIFTH),))
    >>> q.prompt
    'Fifth street is dealt. Who acts first?'
    """

    kind: str
    template: str | None = None
    player: str | None = None
    lead: str | None = None
    params: tuple[tuple[str, Any], ...] = ()

    @property
    def given(self) -> bool:
        """Whether the scenario needs a ``prompt:`` (the ask's own prompt needs none)."""
        return self.template is not None or self.lead is not None

    @property
    def prompt(self) -> str:
        """The prompt in English, as the scenario's YAML writes it."""
        return self.text(DEFAULT_LANGUAGE)

    def text(self, lang: str | None = None) -> str:
        """The prompt in ``lang`` (default: the session's language)."""
        code = lang or current_language()
        speaker = tongue(code)
        values = {name: speaker.say(value) for name, value in self.params}
        values.setdefault("player", self.player or "")
        with use_language(code):
            own = DEFAULT_PROMPTS[self.kind] if self.template is None else self.template
            parts = [_(self.lead).format(**values)] if self.lead is not None else []
            parts.append(_(own).format(**values))
        # a sentence may start with a placeholder's word ("{street} street is dealt")
        return " ".join(part[:1].upper() + part[1:] for part in parts)


@dataclass(frozen=True, slots=True)
class Drill:
    """One generated question: the scenario (validated and replayed), its YAML, the ruling,
    and the question as the target put it (said in the session's language by the page)."""

    target: str
    game: str
    preset: str
    seed: int
    scenario: Scenario
    yaml: str
    ruling: Ruling
    tries: int
    question: Question

    @property
    def kind(self) -> str:
        return self.ruling.kind


def amount_text(value: Decimal | int) -> str:
    """An amount as the scenario format writes it: ``1``, ``0.25``, ``12.5``.

    >>> amount_text(Decimal("12.50")), amount_text(Decimal(10)), amount_text(3)
    ('12.5', '10', '3')
    """
    d = Decimal(value)
    if d == d.to_integral_value():
        return str(int(d))
    return format(d.normalize(), "f")


def _card(rank: int, suit: str) -> Card:
    return Card(rank, suit)


FULL_DECK: tuple[Card, ...] = tuple(
    _card(rank, suit) for rank in range(2, 15) for suit in "cdhs"
)


@dataclass
class Table:
    """The hand being generated: the engine's Hand, the seats as set up, the actions so far."""

    hand: Hand
    setup: HandSetup
    #: (street when played, action text) for every action applied
    actions: list[tuple[str, str]] = field(default_factory=list)
    #: (number of actions before it, the event as a YAML flow mapping) for every event ruled
    events: list[tuple[int, str]] = field(default_factory=list)
    #: every seat's cards as dealt before the first event (a ruling may move them about)
    dealt: dict[str, list[Card | None]] | None = None

    @property
    def view(self) -> TableView:
        return self.hand.view()

    def seat(self, name: str) -> Any:
        return next(s for s in self.hand.view().seats if s.name == name)

    def live(self) -> list[Any]:
        return [s for s in self.hand.view().seats if not s.folded]

    def actors(self) -> list[Any]:
        """Seats still in with chips behind (neither folded nor all in)."""
        return [s for s in self.hand.view().seats if not s.folded and not s.all_in]

    def board(self, name: str) -> list[Card]:
        """The face-up cards of ``name`` (as dealt so far)."""
        return [c for c, up in self.seat(name).cards if up and c is not None]

    def street_actions(self) -> list[str]:
        """The actions taken on the current street so far."""
        street = self.hand.street.value
        return [text for s, text in self.actions if s == street]

    def apply(self, text: str, action: Action | None = None) -> None:
        """Apply one action (``action`` is ``text`` already read, which saves parsing)."""
        street = self.hand.street.value
        self.hand.apply(action if action is not None else text)
        self.actions.append((street, text))

    def event(self, irregularity: Irregularity, text: str) -> IrrRuling:
        """Rule on an irregularity (the hand is corrected in place) and keep it for the YAML.

        ``text`` is the event as the scenario format writes it, a flow mapping such as
        ``{dealer-exposes: Cy, card: 1}``.
        """
        if self.dealt is None:
            self.dealt = {s.name: [c for c, _up in s.cards] for s in self.view.seats}
        ruled = rule(self.hand, irregularity)
        self.events.append((len(self.actions), text))
        return ruled


#: A policy picks one of the legal actions (as the engine writes them) for the player to act,
#: or returns None to use the weighted random choice.
Policy = Callable[[Table, str, list[str]], str | None]


class Gen:
    """What a target's builder works with: the seeded random source and table helpers."""

    def __init__(self, rng: random.Random, game: str, preset: str) -> None:
        self.rng = rng
        self.game = game
        self.preset = preset

    # ------------------------------------------------------------------ choices
    def n(self, low: int, high: int) -> int:
        return self.rng.randint(low, high)

    def stakes(
        self, options: Sequence[tuple[str, str, str, str | None]] = STAKES
    ) -> Stakes:
        small, big, ante, bring = self.rng.choice(options)
        return Stakes(
            small_bet=Decimal(small),
            big_bet=Decimal(big),
            ante=Decimal(ante),
            bring_in=Decimal(bring) if bring is not None else None,
        )

    def deck(self, exclude: Sequence[Card] = ()) -> list[Card]:
        """A shuffled deck without ``exclude``."""
        gone = set(exclude)
        cards = [c for c in FULL_DECK if c not in gone]
        self.rng.shuffle(cards)
        return cards

    # ------------------------------------------------------------------ the table
    def table(
        self,
        count: int,
        *,
        forced: Mapping[int, Mapping[int, Card]] | None = None,
        stacks: Mapping[int, Decimal] | None = None,
        stakes: Stakes | None = None,
        button: bool | None = None,
    ) -> Table:
        """Seat ``count`` players and deal third street.

        ``forced`` maps a player's index (0 = first in seat order) to {card position: card}
        (positions 0-1 hole, 2 door, 3-5 fourth to sixth street, 6 river); positions before
        a forced one are filled from a shuffled deck, the rest the engine draws from its
        seeded shuffle. ``stacks`` gives starting stacks by index (others are deep).
        ``button``: True seats a dealer button, False a house dealer, None either.
        """
        rng = self.rng
        forced = forced or {}
        stacks = stacks or {}
        seats = sorted(rng.sample(range(1, 11), count))
        names = rng.sample(NAMES, count)
        used = [c for cards in forced.values() for c in cards.values()]
        pool = self.deck(used)
        seat_setups = []
        for i in range(count):
            given = forced.get(i, {})
            cards: list[Card] = []
            for pos in range(max(given, default=-1) + 1):
                cards.append(given[pos] if pos in given else pool.pop())
            seat_setups.append(
                SeatSetup(
                    seat=seats[i],
                    name=names[i],
                    stack=stacks.get(i),
                    cards=tuple(cards),
                )
            )
        with_button = rng.random() < 0.5 if button is None else button
        # Seven or eight players may need a community river; the engine plays it only then
        # (and the YAML lists it only then).
        community = pool.pop() if count >= 7 else None
        setup = HandSetup(
            game=Game(self.game),
            rules=house_rules(self.preset, self.game),
            stakes=stakes or self.stakes(),
            seats=tuple(seat_setups),
            button=rng.choice(seats) if with_button else None,
            community=community,
            seed=rng.getrandbits(32),
        )
        return Table(Hand(setup), setup)

    def name_of(self, table: Table, index: int) -> str:
        return table.setup.seats[index].name

    # ------------------------------------------------------------------ play
    def choose(
        self, legal: list[str], weights: Mapping[str, float] | None = None
    ) -> str:
        """A weighted choice among the legal actions (sizes of one verb share its weight)."""
        w = {**WEIGHTS, **(weights or {})}
        by_verb: dict[str, list[str]] = {}
        for action in legal:
            by_verb.setdefault(action.split()[0], []).append(action)
        verbs = [v for v in by_verb if w.get(v, 1.0) > 0]
        if not verbs:
            verbs = list(by_verb)
        verb = self.rng.choices(verbs, [max(w.get(v, 1.0), 1e-9) for v in verbs])[0]
        return self.rng.choice(by_verb[verb])

    def play(
        self,
        table: Table,
        until: Callable[[Table], bool],
        *,
        weights: Mapping[str, float] | None = None,
        policy: Policy | None = None,
    ) -> bool:
        """Play until ``until(table)`` holds before an action (True), or the hand ends or
        nobody can act (then ``until`` decides once more)."""
        hand = table.hand
        for _step in range(MAX_ACTIONS):
            if until(table):
                return True
            if hand.is_over or hand.to_act is None:
                return False
            name = hand.to_act
            legal = hand.legal_actions()
            picked = policy(table, name, legal) if policy else None
            if picked is None:
                picked = self.choose(legal, weights)
            table.apply(action_text(name, picked), to_action(name, picked))
        return until(table)


def action_text(name: str, legal: str) -> str:
    """``("Bo", "bring in 1")`` -> ``"Bo brings in 1"``: a legal action in the scenario format."""
    return scenario_text(name, legal)


def to_action(name: str, legal: str) -> Action:
    """A legal action string (``"raise 15"``) for ``name`` as the engine's Action."""
    return legal_action(name, legal)


def first(legal: Sequence[str], verb: str) -> str | None:
    """The first legal action of ``verb`` (the smallest size), or None."""
    return next((a for a in legal if a.split()[0] == verb), None)


def last(legal: Sequence[str], verb: str) -> str | None:
    """The last legal action of ``verb`` (the largest size), or None."""
    found = [a for a in legal if a.split()[0] == verb]
    return found[-1] if found else None


# ---------------------------------------------------------------------------- YAML


def _yaml_value(value: Any) -> str:
    """A JSON text of ``value`` (JSON is YAML): amounts as numbers, cards as text."""
    return json.dumps(to_json(_plain(value)), ensure_ascii=False)


def _plain(value: Any) -> Any:
    if isinstance(value, Card):
        return value.text
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def scenario_yaml(
    *,
    scenario_id: str,
    title: str,
    topic: str,
    level: int,
    table: Table,
    question: Question,
    ruling: Ruling,
) -> str:
    """The hand so far, and the question with the engine's answer as ``expect``, as YAML."""
    setup = table.setup
    view = table.hand.view()
    dealt = {s.name: [c for c, _up in s.cards] for s in view.seats}
    if table.dealt is not None:  # as dealt, then what was dealt after the first event
        dealt = {
            name: [*before, *dealt[name][len(before) :]]
            for name, before in table.dealt.items()
        }
    stakes = setup.stakes
    parts = [
        f"small_bet: {amount_text(stakes.small_bet)}",
        f"big_bet: {amount_text(stakes.big_bet)}",
        f"ante: {amount_text(stakes.ante)}",
    ]
    if stakes.bring_in is not None and stakes.bring_in != stakes.small_bet / 2:
        parts.append(f"bring_in: {amount_text(stakes.bring_in)}")
    lines = [
        "# yaml-language-server: $schema=../schema.json",
        f"id: {scenario_id}",
        f"title: {json.dumps(title)}",
        f"topic: {topic}",
        f"level: {level}",
        f"game: {setup.game.value}",
        f"rules: {setup.rules.preset}",
        f"stakes: {{{', '.join(parts)}}}",
        f"button: {setup.button if setup.button is not None else 'null'}",
        "seats:",
    ]
    for s in setup.seats:
        cards = " ".join(c.text if c is not None else "??" for c in dealt[s.name])
        stack = f", stack: {amount_text(s.stack)}" if s.stack is not None else ""
        lines.append(
            f"  - {{seat: {s.seat}, name: {s.name}{stack}, cards: {json.dumps(cards)}}}"
        )
    if view.community is not None:
        lines.append(f"community: {view.community.text}")
    lines.append("steps:")
    group: list[str] = []
    street = None
    events = dict(table.events)
    for at, (act_street, text) in enumerate([*table.actions, ("", "")]):
        if group and (act_street != street or at in events):
            lines.append(f"  - act: [{', '.join(json.dumps(t) for t in group)}]")
            group = []
        if at in events:
            lines.append(f"  - event: {events[at]}")
        street = act_street
        if text:
            group.append(text)
    lines.append(f"  - ask: {question.kind}")
    if question.player:
        lines.append(f"    player: {question.player}")
    if question.given:
        lines.append(f"    prompt: {json.dumps(question.prompt)}")
    lines.append(f"    expect: {_yaml_value(ruling.answer)}")
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------------------- generate


@dataclass(frozen=True, slots=True)
class Moment:
    """A hand played to a target's moment: the table, the question, the engine's ruling."""

    target: str
    game: str
    preset: str
    seed: int
    table: Table
    question: Question
    ruling: Ruling
    tries: int


def street_is(table: Table, *streets: Street) -> bool:
    return table.hand.street in streets
