"""The control for a ``ruling`` ask: plain questions, one decision each, and only those that
apply. Kept apart from ask_panel so that the panel only dispatches here.

- An out of turn action: does it stand (is it binding)? then, where the skipped player is to
  act, what may they do; otherwise what the player to act may do now.
- Any other ruling: the ruling; then, only when the ruling chosen leaves a hand to play on
  (not a misdeal), who acts next.

What is shown depends on the learner's choices and on the situation the prompt describes,
never on the answer's outcome.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import streamlit as st

from tutor.i18n import _
from tutor.quiz import action_candidates
from tutor.quiz_ruling import (
    NOBODY,
    SKIPPED_OPTIONS,
    goes_on,
    label,
    out_of_turn_outcome,
    outcome_choices,
)
from tutor.scenarios.replay import StepResult
from tutor.ui.state import widget
from tutor.ui.text import plain

YES, NO = "yes", "no"


def _actions(key: str, answer: Any, view: Any) -> list[str]:
    stakes = view.stakes
    options = action_candidates(
        list(answer.get("next_actions") or ()),
        street=str(view.street),
        current_bet=max((seat.bet for seat in view.seats), default=Decimal(0)),
        small_bet=stakes.small_bet,
        big_bet=stakes.big_bet,
        bring_in=stakes.bring_in,
    )
    picked = st.multiselect(
        _("What may the player to act do now?"),
        options,
        key=widget(key, "actions").name,
        select_all=False,
    )
    return list(picked)


def _out_of_turn(key: str, answer: Any, view: Any) -> dict[str, Any]:
    # The situation, as the prompt tells it: is the skipped player the one to act now (no
    # out-of-turn action of theirs is waiting)? The skipped outcomes are exactly those.
    skipped_to_act = str(answer.get("outcome")) in SKIPPED_OPTIONS
    stands = st.radio(
        _("Is the out-of-turn action binding (does it stand)?"),
        [YES, NO],
        index=None,
        key=widget(key, "binding").name,
        format_func=lambda v: _("Yes") if v == YES else _("No"),
        horizontal=True,
    )
    # Both questions show at once (no wait for a rerun between them); the second is the one
    # the situation asks: the skipped player's options, or those of the player to act.
    given: dict[str, Any] = {}
    skipped = None
    if skipped_to_act:
        skipped = st.radio(
            _(
                "If it stands: what may the skipped player do when the action comes back?"
            ),
            list(SKIPPED_OPTIONS),
            index=None,
            key=widget(key, "skipped").name,
            format_func=lambda v: _(SKIPPED_OPTIONS[v]),
        )
    else:
        given.update(next_actions=_actions(key, answer, view), asked_actions=True)
    given["outcome"] = (
        None
        if stands is None
        else out_of_turn_outcome(stands == YES, skipped, skipped_to_act)
    )
    return given


def ruling_control(key: str, result: StepResult, view: Any) -> dict[str, Any]:
    """Draw the ruling control (widget keys start with ``key``); return the answer given."""
    ruling = result.ruling
    assert ruling is not None
    answer = ruling.answer
    if answer.get("rule") == "irr.out-of-turn":
        return _out_of_turn(key, answer, view)
    outcome = st.radio(
        _("Ruling"),
        outcome_choices(answer),
        index=None,
        key=widget(key, "outcome").name,
        format_func=lambda v: _(label(v)),
    )
    given: dict[str, Any] = {"outcome": outcome}
    if not goes_on(outcome):
        return given
    names = [str(seat.name) for seat in view.seats if not seat.folded]
    # radio labels are Markdown: a player's name is shown as plain text
    seats = {
        str(seat.name): _("{name} (seat {seat})").format(
            name=plain(seat.name), seat=seat.seat
        )
        for seat in view.seats
    }
    player = st.radio(
        _("Who acts next?"),
        [*names, NOBODY],
        index=None,
        key=widget(key, "next").name,
        format_func=lambda name: seats.get(name, name),
        horizontal=True,
    )
    given.update(next_player=player, asked_next=True)
    return given
