"""The control for a ``ruling`` ask: the outcome, and where the hand goes on, who acts next
and what that player may do. Kept apart from ask_panel so that the panel only dispatches here.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import streamlit as st

from tutor.quiz import action_candidates
from tutor.quiz_ruling import NOBODY, asks_for_next, label, outcome_choices
from tutor.scenarios.replay import StepResult
from tutor.ui.text import plain


def ruling_control(key: str, result: StepResult, view: Any) -> dict[str, Any]:
    """Draw the ruling control (widget keys start with ``key``); return the answer given."""
    ruling = result.ruling
    assert ruling is not None
    answer = ruling.answer
    outcome = st.radio(
        "Ruling",
        outcome_choices(answer),
        index=None,
        key=f"{key}_outcome",
        format_func=label,
    )
    given: dict[str, Any] = {"outcome": outcome}
    if not asks_for_next(answer):
        return given
    names = [str(seat.name) for seat in view.seats if not seat.folded]
    # radio labels are Markdown: a player's name is shown as plain text
    seats = {
        str(seat.name): f"{plain(seat.name)} (seat {seat.seat})" for seat in view.seats
    }
    player = st.radio(
        "Who acts next?",
        [*names, NOBODY],
        index=None,
        key=f"{key}_next",
        format_func=lambda name: seats.get(name, name),
        horizontal=True,
    )
    stakes = view.stakes
    actions = action_candidates(
        list(answer.get("next_actions") or ()),
        street=str(view.street),
        current_bet=max((seat.bet for seat in view.seats), default=Decimal(0)),
        small_bet=stakes.small_bet,
        big_bet=stakes.big_bet,
        bring_in=stakes.bring_in,
    )
    picked = st.multiselect(
        "What may that player do?",
        actions,
        key=f"{key}_actions",
        select_all=False,
        disabled=player == NOBODY,
    )
    given.update(next_player=player, next_actions=list(picked), asked_next=True)
    return given
