"""English for betting refusals: why an action is not open now (``tutor.engine.betting``).

These are clauses: the refusal that cites them starts the sentence ("... is not allowed:
{reason}"), so they start in lower case and end without a full stop.
"""

from __future__ import annotations

from collections.abc import Mapping

from tutor.wording import Params, Template


def _not_reopened(p: Params) -> str:
    if p.raw("by") is not None:
        return p.t(
            "the all-in for less than half a bet ({by}'s to {total}) does not reopen the "
            "betting for {player}, who has already acted: only a call or a fold"
        )
    return p.t(
        "the all-in for less than half a bet does not reopen the betting for {player}, "
        "who has already acted: only a call or a fold"
    )


def _fold_forced(p: Params) -> str:
    if p.raw("high"):
        return p.t(
            "{player} has the high card and must bring in or complete; the bring-in is a "
            "forced bet"
        )
    return p.t(
        "{player} has the low card and must bring in or complete; the bring-in is a "
        "forced bet"
    )


CATALOGUE: Mapping[str, Template] = {
    # Why an action is not open now (tutor.engine.betting): clauses, cited with their rule.
    # {kind} is an action kind (bet, raise...).
    "refusal.forced.first-chips": (
        "the first chips on third street are the bring-in ({bring_in}) or a completion "
        "to {small}, not a {kind}"
    ),
    "refusal.not-reopened": _not_reopened,
    "refusal.fold.forced": _fold_forced,
    "refusal.fold.free-check": (
        "{player} can check for free; folding is not offered when there is no bet to face"
    ),
    "refusal.check.forced": "nobody may check on third street: the bring-in is forced",
    "refusal.check.facing-bet": (
        "{player} faces a wager of {wager} and must call {call}, raise or fold"
    ),
    "refusal.call.nothing": "there is no wager to call: check or bet",
    "refusal.bring-in.made": "the bring-in has already been made",
    # {street}: third, fourth... (the street's word).
    "refusal.bring-in.street": "there is no bring-in on {street} street",
    "refusal.complete.short-stack": "{player} has only {stack}, not enough to complete",
    "refusal.complete.street": (
        "completing is only for third street after the bring-in; on {street} street you "
        "bet or raise"
    ),
    "refusal.complete.done": "the bet has already been completed: call, raise or fold",
    "refusal.no-chips-beyond-call": "{player} has no chips beyond the call",
    "refusal.bet.wager-open": (
        "there is already a wager of {wager} on {street} street: call, raise or fold"
    ),
    # {label}: the house rules' name (a preset such as tda).
    "refusal.raise.capped": (
        "the betting is capped: one bet and {most} raises have been made under {label}"
    ),
    "refusal.raise.nothing": "there is no bet to raise: check or bet",
    "refusal.raise.complete-first": (
        "facing only the bring-in of {wager}, the next step up is to complete to {small}; a "
        "completion is not a raise"
    ),
    "refusal.taken-by-irregularity": (
        "an earlier out-of-turn action leaves {player} no {kind} now"
    ),
    "refusal.over": "the hand is over: the pot has been awarded (round.end).",
}
