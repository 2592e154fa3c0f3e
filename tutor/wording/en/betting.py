"""English for betting refusals: why an action is not open now (``tutor.engine.betting``)."""

from __future__ import annotations

from collections.abc import Mapping

from tutor.wording import Params, Template


def _kind(p: Params) -> str:
    return str(p.raw("kind").value)


def _not_reopened(p: Params) -> str:
    who = f" ({p['by']}'s to {p['total']})" if p.raw("by") is not None else ""
    return (
        f"the all-in for less than half a bet{who} does not reopen the betting for "
        f"{p['player']}, who has already acted: only a call or a fold"
    )


CATALOGUE: Mapping[str, Template] = {
    # Why an action is not open now (tutor.engine.betting): clauses, cited with their rule.
    "refusal.forced.first-chips": lambda p: (
        f"the first chips on third street are the bring-in ({p['bring_in']}) or a completion "
        f"to {p['small']}, not a {_kind(p)}"
    ),
    "refusal.not-reopened": _not_reopened,
    "refusal.fold.forced": lambda p: (
        f"{p['player']} has the {'high' if p.raw('high') else 'low'} card and must bring in "
        "or complete; the bring-in is a forced bet"
    ),
    "refusal.fold.free-check": (
        "{player} can check for free; folding is not offered when there is no bet to face"
    ),
    "refusal.check.forced": "nobody may check on third street: the bring-in is forced",
    "refusal.check.facing-bet": (
        "{player} faces a wager of {wager} and must call {call}, raise or fold"
    ),
    "refusal.call.nothing": "there is no wager to call: check or bet",
    "refusal.bring-in.made": "the bring-in has already been made",
    "refusal.bring-in.street": lambda p: (
        f"there is no bring-in on {p.raw('street').value} street"
    ),
    "refusal.complete.short-stack": "{player} has only {stack}, not enough to complete",
    "refusal.complete.street": lambda p: (
        "completing is only for third street after the bring-in; on "
        f"{p.raw('street').value} street you bet or raise"
    ),
    "refusal.complete.done": "the bet has already been completed: call, raise or fold",
    "refusal.no-chips-beyond-call": "{player} has no chips beyond the call",
    "refusal.bet.wager-open": lambda p: (
        f"there is already a wager of {p['wager']} on {p.raw('street').value} street: call, "
        "raise or fold"
    ),
    "refusal.raise.capped": (
        "the betting is capped: one bet and {most} raises have been made under {label}"
    ),
    "refusal.raise.nothing": "there is no bet to raise: check or bet",
    "refusal.raise.complete-first": (
        "facing only the bring-in of {wager}, the next step up is to complete to {small}; a "
        "completion is not a raise"
    ),
    "refusal.taken-by-irregularity": lambda p: (
        f"an earlier out-of-turn action leaves {p['player']} no {_kind(p)} now"
    ),
    "refusal.over": "the hand is over: the pot has been awarded (round.end).",
}
