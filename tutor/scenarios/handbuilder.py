"""Build a scenario by choices, not typing: a ruamel.yaml document edited in place.

The document is round-trip YAML (ruamel.yaml), so a draft opened from the editor keeps
its comments and layout while the builder adds cards, actions and questions to it.
What can be played next comes from the engine (``Hand.legal_actions``), and a question's
``expect:`` is the engine's own answer.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.scalarstring import DoubleQuotedScalarString

from tutor.engine import (
    ASK_KINDS,
    NEEDS_PLAYER,
    RANK_CHARS,
    SUIT_CHARS,
    UNKNOWN,
    TutorError,
    scenario_text,
    to_json,
)
from tutor.i18n import _
from tutor.scenarios.bank import check_text
from tutor.scenarios.model import Scenario
from tutor.scenarios.replay import start_hand, walk

NAMES = ("Ana", "Bo", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal")
#: A card the learner does not see (the format's ``??``).
HIDDEN = UNKNOWN
#: The grid of the card picker: highest rank first, suits from spades down.
RANKS = RANK_CHARS[::-1]
SUITS = SUIT_CHARS[::-1]

_SKELETON = """\
# Built by clicking in the Studio.
id: {id}
title: {title}
topic: {topic}
level: 1
game: {game}
rules: {rules}
stakes: {{small_bet: {small}, big_bet: {big}, ante: {ante}}}
button: null
seats: []
steps: []
"""


def _yaml() -> YAML:
    yaml = YAML()  # round trip: comments, key order and flow style are kept
    yaml.preserve_quotes = True
    yaml.width = 4096
    yaml.indent(mapping=2, sequence=4, offset=2)  # "  - item", as the bank is written
    yaml.representer.add_representer(
        type(None),
        lambda rep, _value: rep.represent_scalar("tag:yaml.org,2002:null", "null"),
    )
    return yaml


def new_document(
    *,
    scenario_id: str,
    title: str,
    topic: str,
    game: str,
    rules: str,
    small_bet: str,
    big_bet: str,
    ante: str,
    seats: int,
    names: Sequence[str] = (),
    stacks: Sequence[str | None] = (),
) -> CommentedMap:
    """A new hand: the table chosen, ``seats`` players with no cards yet, no steps.

    ``names`` and ``stacks`` give each seat's player and chips (a blank name or a missing
    entry: ``Ana``, ``Bo``...; a stack of None: 100). The format checks them.
    """
    text = _SKELETON.format(
        id=scenario_id,
        title=title,
        topic=topic,
        game=game,
        rules=rules,
        small=small_bet,
        big=big_bet,
        ante=ante,
    )
    doc: CommentedMap = _yaml().load(text)
    doc["title"] = title  # as a string, whatever it looks like
    for n in range(seats):
        name = (names[n] if n < len(names) else "").strip() or NAMES[n]
        given = stacks[n] if n < len(stacks) else None
        stack: Any = 100 if given is None else _number(given)
        seat = CommentedMap(
            [("seat", n + 1), ("name", name), ("stack", stack), ("cards", _cards(""))]
        )
        seat.fa.set_flow_style()
        doc["seats"].append(seat)
    doc["seats"].fa.set_block_style()
    doc["steps"].fa.set_block_style()
    return doc


def _number(text: str) -> int | float:
    """``"100"`` -> 100, ``"12.5"`` -> 12.5 (as the format writes amounts)."""
    value = float(text)
    return int(value) if value == int(value) else value


def load_document(text: str) -> CommentedMap:
    """The draft as a round-trip document.

    :raises TutorError: If it is not a YAML mapping with ``seats`` and ``steps`` lists.
    """
    try:
        doc = _yaml().load(text)
    except Exception as exc:  # noqa: BLE001 - any YAML problem is reported the same way
        raise TutorError(
            # Translators: {problem} is the YAML reader's own words (English).
            _("the draft is not YAML the builder can read ({problem}).").format(
                problem=exc
            )
        ) from None
    if not isinstance(doc, CommentedMap) or not isinstance(doc.get("seats"), list):
        raise TutorError(
            _("the draft needs seats: (a list) for the builder to use it.")
        )
    if "steps" not in doc or doc["steps"] is None:
        doc["steps"] = CommentedSeq()
    if not isinstance(doc["steps"], list):
        raise TutorError(
            _("the draft's steps: must be a list for the builder to use it.")
        )
    return doc


def dump(doc: CommentedMap) -> str:
    """The document as YAML text."""
    out = io.StringIO()
    _yaml().dump(doc, out)
    return out.getvalue()


def used_cards(doc: Mapping[str, Any]) -> set[str]:
    """Every card already dealt (seats and community), as upper-case text such as ``AH``."""
    found: set[str] = set()
    for seat in doc.get("seats") or ():
        cards = seat.get("cards", "") if isinstance(seat, Mapping) else ""
        words = cards.split() if isinstance(cards, str) else [str(c) for c in cards]
        found.update(w.upper() for w in words if w != "??")
    community = doc.get("community")
    if isinstance(community, str):
        found.add(community.upper())
    return found


def deal(doc: CommentedMap, seat_index: int, card: str) -> None:
    """Give ``card`` to the seat at ``seat_index`` (at most seven cards; each card once).

    ``??`` (:data:`HIDDEN`) is a card the learner does not see: dealt to any seat, any
    number of times.

    :raises TutorError: If the card is dealt already or the seat has seven cards.
    """
    if card != HIDDEN and card.upper() in used_cards(doc):
        raise TutorError(
            # Translators: {card} is a card ("Ah").
            _("{card} is dealt already: a deck holds each card once.").format(card=card)
        )
    seat = doc["seats"][seat_index]
    cards = str(seat.get("cards") or "").split()
    if len(cards) >= 7:
        raise TutorError(_("{name} has seven cards already.").format(name=seat["name"]))
    seat["cards"] = _cards(" ".join([*cards, card]))


def undeal(doc: CommentedMap, seat_index: int) -> None:
    """Take back the seat's last card."""
    seat = doc["seats"][seat_index]
    seat["cards"] = _cards(" ".join(str(seat.get("cards") or "").split()[:-1]))


def _cards(text: str) -> str:
    """A seat's cards, always quoted as the bank writes them (``??`` is no plain scalar)."""
    quoted: str = DoubleQuotedScalarString(text)
    return quoted


def scenario_of(doc: CommentedMap) -> tuple[Scenario | None, list[str]]:
    """The document checked against the format (no replay): the scenario or its problems.

    A hand with no steps yet is checked with one placeholder question (the format wants
    at least one step).
    """
    text = dump(doc)
    if not doc.get("steps"):
        text = text.replace("steps: []", "steps: [{ask: pot}]")
    scenario, problems = check_text(text, "built.yaml", replay=False)
    return scenario, [
        _("line {line}: {message}").format(line=p.line, message=p.message)
        for p in problems
    ]


def hand_now(scenario: Scenario) -> Any:
    """The hand after every step of the scenario (the engine's ``Hand``), as replayed.

    :raises TutorError: If the engine refuses the table, an action or an event.
    """
    results = walk(scenario)
    return results[-1].hand if results else start_hand(scenario)


def action_text(player: str, legal: str) -> str:
    """The engine's ``call 1`` for ``Bo`` as the format writes it: ``Bo calls 1``.

    >>> action_text("Ana", "bring in 1"), action_text("Bo", "raise 4")
    ('Ana brings in', 'Bo raises 4')
    """
    return scenario_text(player, legal)


def dealt_counts(doc: Mapping[str, Any]) -> list[int]:
    """How many cards each seat has been dealt so far (``??`` included)."""
    counts = []
    for seat in doc.get("seats") or ():
        cards = seat.get("cards", "") if isinstance(seat, Mapping) else ""
        counts.append(len(cards.split() if isinstance(cards, str) else list(cards)))
    return counts


def is_dealt(doc: Mapping[str, Any]) -> bool:
    """Whether the hand can start: every seat has its first three cards (or the draft
    starts later in the hand, where the format says what each seat holds)."""
    if doc.get("start") is not None:
        return True
    counts = dealt_counts(doc)
    return bool(counts) and min(counts) >= 3


def _street_of(step: Any) -> str | None:
    """The street an act step was written for, from its ``# <street> street`` comment."""
    comments = getattr(getattr(step, "ca", None), "items", {}).get("act")
    token = comments[2] if comments and len(comments) > 2 else None
    words = str(getattr(token, "value", "") or "").strip().lstrip("#").split()
    return words[0] if len(words) == 2 and words[1] == "street" else None


def add_action(doc: CommentedMap, text: str, street: str | None = None) -> None:
    """Append an action, one act step per street: to the last step when it is the same
    street's list of actions, else as a new step commented with its street
    (``- act: [Ana brings in, Bo calls 1]   # third street``).

    Without ``street`` the action joins the last list of actions (as before).
    """
    steps = doc["steps"]
    last = steps[-1] if steps else None
    same = street is None or _street_of(last) == street
    if isinstance(last, Mapping) and isinstance(last.get("act"), list) and same:
        last["act"].append(text)
        return
    acts = CommentedSeq([text])
    acts.fa.set_flow_style()
    step = CommentedMap([("act", acts)])
    steps.append(step)
    if street is not None:
        step.yaml_add_eol_comment(f"{street} street", "act", column=_COMMENT_COLUMN)


#: The column of the street comments (as the templates write them).
_COMMENT_COLUMN = 64


def jsonable(value: Any) -> Any:
    """An engine answer as plain YAML values (cards as text, amounts as numbers)."""
    value = to_json(value)
    if isinstance(value, Mapping):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [jsonable(v) for v in value]
    if hasattr(value, "text"):
        return str(value.text)
    return value


def answerable(hand: Any, players: list[str]) -> dict[str, tuple[str | None, Any]]:
    """The ask kinds the engine can answer now -> (player asked about, its answer)."""
    out: dict[str, tuple[str | None, Any]] = {}
    for kind in ASK_KINDS:
        for player in players if kind in NEEDS_PLAYER else [None]:
            try:
                ruling = hand.answer(kind, player=player)
            except (TutorError, ValueError):
                continue
            key = f"{kind}:{player}" if player else kind
            out[key] = (player, jsonable(dict(ruling.answer)))
    return out


def add_ask(
    doc: CommentedMap,
    kind: str,
    player: str | None,
    prompt: str | None,
    expect: Mapping[str, Any] | None,
) -> None:
    """Append a question (with the engine's answer as ``expect:`` when given)."""
    ask = CommentedMap([("ask", kind)])
    if player:
        ask["player"] = player
    if prompt:
        ask["prompt"] = prompt
    if expect is not None:
        flow = CommentedMap(expect)
        flow.fa.set_flow_style()
        for key, value in list(flow.items()):
            if isinstance(value, list):
                seq = CommentedSeq(value)
                seq.fa.set_flow_style()
                flow[key] = seq
            elif isinstance(value, Mapping):
                inner = CommentedMap(value)
                inner.fa.set_flow_style()
                flow[key] = inner
        ask["expect"] = flow
    doc["steps"].append(ask)


def undo_step(doc: CommentedMap) -> None:
    """Remove the last action (or the last question)."""
    steps = doc["steps"]
    if not steps:
        return
    last = steps[-1]
    if (
        isinstance(last, Mapping)
        and isinstance(last.get("act"), list)
        and len(last["act"]) > 1
    ):
        last["act"].pop()
    else:
        steps.pop()
