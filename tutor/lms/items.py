"""Questions for a learning management system, from the scenarios the engine replays.

Each ask becomes one item: the situation as text (game, house rules, stakes, each seat with
the cards the learner sees, what happened so far, with nothing that gives the answer away,
as on the app's screen), the prompt, one response part per piece of the answer (a player to
choose, players or actions to tick, an amount to type, yes or no, five cards, a Razz or
eight-or-better low to write), the engine's answer as the correct response, and the
engine's explanation with the rule ids as feedback. The Moodle XML and QTI writers
(:mod:`tutor.lms.moodle`, :mod:`tutor.lms.qti`) only lay these items out.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, Literal

from tutor.asks import ASKS, hidden_until_answered
from tutor.engine import GAME_LABELS, Message, to_json
from tutor.quiz import action_candidates, format_amount, to_amount
from tutor.quiz_ruling import NOBODY, asks_for_next, label, outcome_choices
from tutor.scenarios.model import Scenario
from tutor.scenarios.replay import StepResult

PartType = Literal["choice", "multiple", "number", "text"]
#: The raises-left choices: a number of raises, or "unlimited".
UNLIMITED = "unlimited"


@dataclass(frozen=True, slots=True)
class Part:
    """One response of an item: what the learner gives, and the engine's answer.

    ``choice``/``multiple``: ``choices`` are (id, text) pairs and ``correct`` the ids of the
    right ones; ``number``: ``correct`` holds one amount as text; ``text``: one string.
    """

    ident: str
    label: str
    type: PartType
    correct: tuple[str, ...]
    choices: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True, slots=True)
class Item:
    """One question as an LMS gets it."""

    ident: str
    title: str
    situation: tuple[str, ...]
    prompt: str
    parts: tuple[Part, ...]
    answer_text: str
    feedback: str
    rules: tuple[str, ...]


def _ident(text: str) -> str:
    """An XML-safe identifier (letters, digits, ``-``, ``_``; never starting with a digit)."""
    cleaned = "".join(ch if ch.isalnum() or ch in "-_" else "_" for ch in text)
    return cleaned if cleaned[:1].isalpha() else f"q_{cleaned}"


def _says_pot(message: Message) -> bool:
    for name, value in message.params.items():
        if name == "pot":
            return True
        nested = value if isinstance(value, tuple) else (value,)
        if any(isinstance(m, Message) and _says_pot(m) for m in nested):
            return True
    return False


def _history(result: StepResult, kind: str) -> list[str]:
    """What happened before the ask, leaving out what the answer would give away (the pot
    before an ante or pot question, the award before a showdown question)."""
    history = list(result.hand.history)
    earlier = history[: len(history) - len(result.operations)]
    hides = hidden_until_answered(kind)
    lines = []
    for op in earlier:
        if "award" in hides and op.kind == "award":
            continue
        if "pot" in hides and (
            op.kind in ("ante", "uncalled", "award")
            or any(_says_pot(m) for m in (op.said, *op.why))
        ):
            continue
        lines.append(f"{op.text}.")
    return lines


def _seat_line(seat: Any) -> str:
    down = [c.symbol if c is not None else "??" for c, up in seat.cards if not up]
    up = [c.symbol if c is not None else "??" for c, up in seat.cards if up]
    cards = " ".join(
        filter(None, [f"[{' '.join(down)}]" if down else "", " ".join(up)])
    )
    parts = [f"{seat.name} (seat {seat.seat})", cards or "no cards"]
    if getattr(seat, "stack", None) is not None:
        parts.append(f"stack {format_amount(seat.stack)}")
    if getattr(seat, "folded", False):
        parts.append("folded")
    return ", ".join(parts)


def situation(scenario: Scenario, result: StepResult) -> tuple[str, ...]:
    """The table at the ask, as lines of text."""
    view = result.hand.view()
    stakes = view.stakes
    head = (
        f"{GAME_LABELS.get(str(view.game), str(view.game))}, house rules "
        f"{view.rules_label}; stakes {format_amount(stakes.small_bet)}/"
        f"{format_amount(stakes.big_bet)}"
    )
    if stakes.ante:
        head += f", ante {format_amount(stakes.ante)}"
    kind = result.ask.kind if result.ask is not None else ""
    lines = [head + "."]
    lines.extend(_seat_line(s) for s in view.seats)
    if view.community is not None:
        lines.append(f"Community card: {view.community.symbol}")
    history = _history(result, kind)
    if history:
        lines.append("What happened so far: " + " ".join(history))
    return tuple(lines)


def _names(result: StepResult, *, in_hand: bool = False) -> list[str]:
    return [
        str(s.name)
        for s in result.hand.view().seats
        if not (in_hand and getattr(s, "folded", False))
    ]


#: The choice that is right when none of the others is (a low nobody makes, say): an LMS
#: needs one right response to score.
NONE_OF_THESE = "none of these"


def _choice(
    ident: str,
    label_text: str,
    options: Iterable[str],
    right: Iterable[str],
    *,
    multiple: bool = False,
    shown: Mapping[str, str] | None = None,
) -> Part:
    options = list(dict.fromkeys(options))
    right = [r for r in right if r in options]
    if multiple and not right:
        options.append(NONE_OF_THESE)
        right = [NONE_OF_THESE]
    ids = {option: f"{ident}_{n}" for n, option in enumerate(options)}
    return Part(
        ident,
        label_text,
        "multiple" if multiple else "choice",
        tuple(ids[o] for o in right if o in ids),
        tuple((ids[o], (shown or {}).get(o, o)) for o in options),
    )


def _number(ident: str, label_text: str, value: Any) -> Part:
    amount = to_amount(value)
    return Part(ident, label_text, "number", (format_amount(amount or 0),))


def _actions_part(
    ident: str, label_text: str, result: StepResult, right: Sequence[str]
) -> Part:
    hand = result.hand
    view = hand.view()
    stakes = view.stakes
    options = action_candidates(
        list(right),
        street=str(hand.street),
        current_bet=max((s.bet for s in view.seats), default=Decimal(0)),
        small_bet=stakes.small_bet,
        big_bet=stakes.big_bet,
        bring_in=stakes.bring_in or stakes.small_bet / 2,
    )
    return _choice(ident, label_text, options, right, multiple=True)


def parts_for(
    kind: str, answer: Mapping[str, Any], result: StepResult
) -> tuple[Part, ...]:
    """The response parts of an ask of ``kind`` whose engine answer is ``answer``."""
    entry = ASKS[kind]
    slots = {s.key: s for s in entry.answer}
    out: list[Part] = []
    n = 0

    def ident() -> str:
        nonlocal n
        n += 1
        return f"RESPONSE_{n}"

    if kind == "raises-left":
        left = answer.get("raises_left")
        top = max(4, int(left or 0))
        options = [str(i) for i in range(top + 1)] + [UNLIMITED]
        right = UNLIMITED if left is None else str(left)
        return (_choice(ident(), "Raises left", options, [right]),)
    if kind == "best-low":
        low = answer.get("low")
        return (
            Part(
                ident(),
                "The low, highest card first (e.g. 8-6-4-2-A), or 'no low'",
                "text",
                (str(low) if low else "no low",),
            ),
        )
    if kind == "ruling":
        outcomes = outcome_choices(answer)
        shown = {o: label(o) for o in outcomes}
        out.append(
            _choice(
                ident(), "Ruling", outcomes, [str(answer.get("outcome"))], shown=shown
            )
        )
        if asks_for_next(answer):
            names = [*_names(result, in_hand=True), NOBODY]
            out.append(
                _choice(ident(), "Who acts next?", names, [str(answer["next_player"])])
            )
            out.append(
                _actions_part(
                    ident(),
                    "What may they do?",
                    result,
                    list(answer.get("next_actions") or ()),
                )
            )
        return tuple(out)
    for key, slot in slots.items():
        value = answer.get(key)
        label_text = slot.label or key.replace("_", " ")
        if slot.type == "player":
            if value is None:
                continue
            out.append(_choice(ident(), label_text, _names(result), [str(value)]))
        elif slot.type == "players":
            out.append(
                _choice(
                    ident(),
                    label_text,
                    _names(result),
                    [str(v) for v in value or ()],
                    multiple=True,
                )
            )
        elif slot.type == "amount":
            if value is None:
                continue
            out.append(_number(ident(), label_text, value))
        elif slot.type == "flag":
            if value is None:
                continue
            out.append(
                _choice(ident(), label_text, ["yes", "no"], ["yes" if value else "no"])
            )
        elif slot.type == "sizes":
            view = result.hand.view()
            pool = {to_amount(x) for x in value or ()}
            for extra in (
                view.stakes.small_bet,
                view.stakes.big_bet,
                view.stakes.bring_in,
            ):
                if extra is not None:
                    pool.add(to_amount(extra))
            options = [format_amount(x) for x in sorted(x for x in pool if x)]
            sizes = [format_amount(to_amount(x)) for x in value or ()]
            out.append(_choice(ident(), label_text, options, sizes, multiple=True))
        elif slot.type == "actions":
            out.append(
                _actions_part(
                    ident(), label_text, result, [str(a) for a in value or ()]
                )
            )
        elif slot.type == "cards":
            player = result.ask.player if result.ask is not None else None
            seat = next((s for s in result.hand.view().seats if s.name == player), None)
            held = [c for c, _up in (seat.cards if seat else ()) if c is not None]
            community = result.hand.view().community
            if community is not None:  # the shared river card plays in every hand
                held.append(community)
            shown = {c.text: c.symbol for c in held}
            out.append(
                _choice(
                    ident(),
                    "Pick the five cards",
                    [c.text for c in held],
                    [str(v) for v in value or ()],
                    multiple=True,
                    shown=shown,
                )
            )
        elif slot.type == "payouts":
            payouts = value or {}
            for name in _names(result, in_hand=True):
                out.append(_number(ident(), f"{name} takes", payouts.get(name, 0)))
        elif slot.type == "count":
            out.append(_number(ident(), label_text, value or 0))
        elif slot.type == "pots":
            for place, amount in enumerate(value or ()):
                out.append(_number(ident(), _pot_label(place), amount))
        elif slot.type == "eligible":
            for place, names in enumerate(value or ()):
                out.append(
                    _choice(
                        ident(),
                        f"{_pot_label(place)}: who can win it",
                        _names(result),
                        [str(v) for v in names or ()],
                        multiple=True,
                    )
                )
    return tuple(out)


def _pot_label(n: int) -> str:
    """ "Main pot", "Side pot 1"...: a pot's place, main first."""
    return "Main pot" if n == 0 else f"Side pot {n}"


def item_of(
    scenario: Scenario, result: StepResult, *, ident: str | None = None
) -> Item:
    """The LMS item for one replayed ask of ``scenario``."""
    from tutor.asks import describe

    ask = result.ask
    ruling = result.ruling
    assert ask is not None and ruling is not None
    answer = to_json(dict(ruling.answer))
    rules = tuple(ruling.rules)
    answer_text = describe(ask.kind, dict(ruling.answer))
    return Item(
        ident=_ident(ident or f"{scenario.id}-step-{result.index + 1}"),
        title=f"{scenario.title} (step {result.index + 1})",
        situation=situation(scenario, result),
        prompt=ask.prompt,
        parts=parts_for(
            ask.kind, answer if isinstance(answer, Mapping) else {}, result
        ),
        answer_text=answer_text,
        feedback=f"{answer_text}. {ruling.explanation}",
        rules=rules,
    )


def items_of(entries: Iterable[tuple[Scenario, Sequence[StepResult]]]) -> list[Item]:
    """Every ask of each replayed scenario, in order."""
    return [
        item_of(scenario, result)
        for scenario, results in entries
        for result in results
        if result.ask is not None and result.ruling is not None
    ]
