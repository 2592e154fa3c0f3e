"""What a step's screen may show: what the current and the next question ask, and what a
skipped question still keeps hidden (pure: no Streamlit).

One rule for every screen that plays a scenario step by step: while a question is open, the
table, "What happened so far" and the prompt do not show its answer; nor what the *next*
question of the same hand asks (a pot question does not mark the player to act when the
next step asks who opens the street); nor the answer of a question the learner went past
without answering (Next) until it is answered or given up.

A who-acts answer is a player: the table's "to act" mark gives it, and so does a prompt or an
action line that names that player. A pot answer is an amount: the pot in the middle gives
it. A ruling's answer is the corrected hand: its table is the hand as it stood before the
irregularity, with nobody marked to act.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from tutor.asks import ASKS, hidden_until_answered
from tutor.i18n import _
from tutor.scenarios.replay import StepResult
from tutor.ui.text import with_card_symbols


@dataclass(frozen=True)
class Screen:
    """What one step's screen hides.

    ``hides`` holds ``"to-act"``, ``"pot"`` and ``"award"`` (see
    :func:`tutor.asks.hidden_until_answered`); ``blocked_by`` the position of a skipped
    question whose answer this step would show (the step is not shown until that one is
    answered or given up), or None; ``before_event`` says the table is the hand before the
    irregularity (a ruling question: the corrected chips are its answer); ``masked`` the
    player names a prompt must not say.
    """

    hides: frozenset[str]
    blocked_by: int | None = None
    before_event: bool = False
    masked: frozenset[str] = frozenset()


def answer_players(result: StepResult) -> frozenset[str]:
    """The player names an ask's answer consists of (who acts, who wins, who acts next):
    the values of the kind's answer slots of type ``player`` or ``players``.

    The player a question is about (legal actions: "What may Cy do?") is not its answer.
    """
    if result.ruling is None or result.ask is None:
        return frozenset()
    entry = ASKS.get(result.ask.kind)
    if entry is None:
        return frozenset()
    answer: Mapping[str, Any] = result.ruling.answer
    names: set[str] = set()
    for slot in entry.answer:
        if slot.type not in ("player", "players"):
            continue
        value = answer.get(slot.key)
        if isinstance(value, str) and value:
            names.add(value)
        elif isinstance(value, (list, tuple, set, frozenset)):
            names.update(str(v) for v in value if v)
    return frozenset(names)


def ask_hides(result: StepResult) -> frozenset[str]:
    """What the table hides while ``result``'s question is open.

    The kind's own list, and for a ruling whose answer names who acts next, the "to act"
    mark (it is that player).
    """
    if result.ask is None:
        return frozenset()
    hides = set(hidden_until_answered(result.ask.kind))
    if result.ask.kind == "ruling" and answer_players(result):
        hides.add("to-act")
    return frozenset(hides)


def _says(text: str, name: str) -> bool:
    return re.search(rf"(?<!\w){re.escape(name)}(?!\w)", text) is not None


def _step_texts(result: StepResult) -> list[str]:
    texts = [result.text]
    if result.ask is not None:
        texts.append(result.ask.prompt)
    texts.extend(op.text for op in result.operations)
    return texts


def reveals(later: StepResult, skipped: StepResult, hides: Collection[str]) -> bool:
    """Whether the screen of step ``later`` (hiding ``hides``) shows ``skipped``'s answer.

    It does when it names one of the answer's players (the action, the prompt or the
    operations' lines), marks that player to act, or shows the answer's pot.
    """
    players = answer_players(skipped)
    view = later.hand.view()
    if players:
        if any(_says(text, name) for text in _step_texts(later) for name in players):
            return True
        if "to-act" not in hides and view.to_act in players:
            return True
    if skipped.ruling is not None and "pot" in ask_hides(skipped):
        pot = skipped.ruling.answer.get("pot", skipped.ruling.answer.get("total"))
        if pot is not None and "pot" not in hides and Decimal(view.pot) == Decimal(pot):
            return True
    return False


def next_ask(results: Sequence[StepResult], pos: int) -> int | None:
    """The position of the first question after ``pos``, or None."""
    return next(
        (n for n in range(pos + 1, len(results)) if results[n].kind == "ask"), None
    )


def step_screen(
    results: Sequence[StepResult],
    pos: int,
    settled: Collection[int],
    skipped: Collection[int] = (),
) -> Screen:
    """What step ``pos`` hides, given the positions of the questions answered or given up
    (``settled``) and of those the learner went past with Next unanswered (``skipped``).

    The current question's hides (until it is settled), the next question's (until it is
    settled), and a block when the step would show the answer of a skipped question that
    is still open.
    """
    result = results[pos]
    hides: set[str] = set()
    masked: set[str] = set()
    current_open = result.kind == "ask" and pos not in settled
    if current_open:
        hides |= ask_hides(result)
        masked |= answer_players(result)
    after = next_ask(results, pos)
    if after is not None and after not in settled:
        # only what is on this step's table: the next question's own prompt is not shown
        hides |= ask_hides(results[after]) & {"to-act", "pot"}
    for earlier in range(pos):
        if (
            results[earlier].kind != "ask"
            or earlier in settled
            or earlier not in skipped
        ):
            continue
        if reveals(result, results[earlier], hides):
            return Screen(frozenset(hides), blocked_by=earlier)
        hides |= ask_hides(results[earlier]) & {"to-act"}
    before = current_open and result.ask is not None and result.ask.kind == "ruling"
    if result.kind == "event" and after is not None and after not in settled:
        ruling = results[after].ask
        before = ruling is not None and ruling.kind == "ruling"
    return Screen(frozenset(hides), None, before, frozenset(masked))


def masked_prompt(prompt: str, names: Collection[str]) -> str:
    """``prompt`` with each name that is the question's answer said as "that player".

    >>> masked_prompt("Bo folds out of turn; what may Ivy do?", {"Ivy"})
    'Bo folds out of turn; what may that player do?'
    """
    said = _("that player")
    for name in sorted(names, key=len, reverse=True):
        prompt = re.sub(rf"(?<!\w){re.escape(name)}(?!\w)", said, prompt)
    return prompt


def table_result(
    results: Sequence[StepResult], pos: int, screen: Screen
) -> StepResult | None:
    """The step whose hand the table shows at ``pos``: before a ruling's irregularity, the
    step before the event (None: the hand as dealt); otherwise ``pos`` itself.
    """
    if not screen.before_event:
        return results[pos]
    event = next((n for n in range(pos, -1, -1) if results[n].kind == "event"), None)
    if event is None:
        return results[pos]
    return results[event - 1] if event > 0 else None


#: An amount written with a dollar sign in a scenario's text ("$1", "$0.50").
_DOLLARS = re.compile(r"\$(?=\d)")


def table_notation(text: str) -> str:
    """A prompt's, hint's or action's text written as the table writes it: card codes as
    symbols (``4d`` -> 4♦), amounts without a currency sign (the table shows none).

    >>> table_notation("Bo shows Jh Jd and bets $1.")
    'Bo shows J♥ J♦ and bets 1.'
    """
    return with_card_symbols(_DOLLARS.sub("", text))
