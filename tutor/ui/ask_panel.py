"""One question on screen: the control that fits its kind, Hint, Check, Retry, and the feedback."""

from __future__ import annotations

import logging
import time
from collections.abc import Sequence
from decimal import Decimal
from typing import Any

import streamlit as st

from tutor.engine.cards import Card
from tutor.engine.errors import TutorError
from tutor.progress import ProgressStore
from tutor.quiz import (
    PLAYER_KINDS,
    WINNER_KINDS,
    Verdict,
    action_candidates,
    check_answer,
    format_amount,
    hint_text,
    incomplete,
    to_amount,
)
from tutor.scenarios.model import Scenario
from tutor.scenarios.replay import StepResult
from tutor.ui.components import guarded
from tutor.ui.rules_page import rule_links
from tutor.ui.ruling_control import ruling_control
from tutor.ui.state import Settings

YES_NO = ("Yes", "No")
#: Shown when saving an answer fails (the verdict still stands).
NOT_SAVED = (
    "Your answer was checked but not saved: the progress database could not be "
    "written. Whoever runs this app can see why with `tutor health` and in the app's log."
)


def _players(view: Any) -> list[str]:
    return [str(seat.name) for seat in view.seats]


def _seat_label(view: Any) -> dict[str, str]:
    return {str(seat.name): f"{seat.name} (seat {seat.seat})" for seat in view.seats}


def _amount_input(label: str, key: str) -> Decimal | None:
    value = st.number_input(
        label, min_value=0.0, value=None, step=0.25, format="%.2f", key=key
    )
    return to_amount(value)


def player_cards(view: Any, player: str | None) -> list[Card]:
    """The cards the learner can see for ``player`` (and the community card), for hand asks."""
    cards: list[Card] = []
    for seat in view.seats:
        if str(seat.name) == player:
            cards.extend(card for card, _up in seat.cards if card is not None)
    if view.community is not None:
        cards.append(view.community)
    return cards


def size_candidates(view: Any, expected: Sequence[Any]) -> list[Decimal]:
    """Amounts offered for a bet-sizes ask: the right ones and the table's other usual sizes."""
    stakes = view.stakes
    top = max((seat.bet for seat in view.seats), default=Decimal(0))
    pool = {to_amount(x) for x in expected}
    for value in (stakes.small_bet, stakes.big_bet, stakes.bring_in):
        if value is not None:
            pool.add(to_amount(value))
    if top:
        pool.update(
            {to_amount(top + stakes.small_bet), to_amount(top + stakes.big_bet)}
        )
    return sorted(x for x in pool if x is not None and x > 0)


def answer_control(
    kind: str, key: str, result: StepResult, view: Any
) -> dict[str, Any]:
    """Draw the control for an ask of ``kind`` (widget keys start with ``key``); return the answer."""
    ruling = result.ruling
    assert ruling is not None and result.ask is not None
    labels = _seat_label(view)
    names = _players(view)
    if kind in PLAYER_KINDS:
        player = st.radio(
            "Player",
            names,
            index=None,
            key=f"{key}_player",
            format_func=lambda name: labels.get(name, name),
            horizontal=True,
        )
        given: dict[str, Any] = {"player": player}
        if kind == "bring-in":
            given["amount"] = _amount_input("Bring-in amount", f"{key}_amount")
        return given
    if kind in WINNER_KINDS:
        players = st.multiselect(
            "Players",
            names,
            key=f"{key}_players",
            select_all=False,
            format_func=lambda name: labels.get(name, name),
            placeholder="Nobody" if kind == "low-winner" else "Choose players",
        )
        return {"players": list(players)}
    if kind == "ante":
        return {
            "each": _amount_input("Ante each player posts", f"{key}_each"),
            "total": _amount_input("Antes in all", f"{key}_total"),
        }
    if kind == "buy-in":
        return {"minimum": _amount_input("Minimum buy-in", f"{key}_minimum")}
    if kind == "pot":
        return {"pot": _amount_input("Pot", f"{key}_pot")}
    if kind == "raises-left":
        unlimited = st.checkbox("Unlimited (no cap now)", key=f"{key}_unlimited")
        left = st.number_input(
            "Raises left",
            min_value=0,
            value=None,
            step=1,
            key=f"{key}_left",
            disabled=unlimited,
        )
        return {
            "unlimited": unlimited,
            "raises_left": None if left is None else int(left),
        }
    if kind == "bet-sizes":
        options = size_candidates(view, ruling.answer.get("sizes") or ())
        sizes = st.multiselect(
            "Sizes allowed now",
            options,
            key=f"{key}_sizes",
            select_all=False,
            format_func=format_amount,
        )
        return {"sizes": list(sizes)}
    if kind == "legal-actions":
        stakes = view.stakes
        actions = action_candidates(
            list(ruling.answer.get("actions") or ()),
            street=str(view.street),
            current_bet=max((seat.bet for seat in view.seats), default=Decimal(0)),
            small_bet=stakes.small_bet,
            big_bet=stakes.big_bet,
            bring_in=stakes.bring_in,
        )
        picked = st.multiselect(
            "Legal actions", actions, key=f"{key}_actions", select_all=False
        )
        return {"actions": list(picked)}
    if kind in ("community-card", "low-qualifies"):
        field = "community" if kind == "community-card" else "qualifies"
        choice = st.radio(
            "Answer", YES_NO, index=None, key=f"{key}_yesno", horizontal=True
        )
        return {field: None if choice is None else choice == "Yes"}
    if kind in ("best-high", "best-low"):
        cards = player_cards(view, result.ask.player)
        texts = [c.text for c in cards]
        symbols = {c.text: c.symbol for c in cards}
        given = {}
        if kind == "best-low":
            given["no_low"] = st.checkbox(
                "No low: these cards make no qualifying low", key=f"{key}_nolow"
            )
        hand = st.multiselect(
            "Five cards",
            texts,
            key=f"{key}_cards",
            select_all=False,
            max_selections=5,
            format_func=lambda text: symbols.get(text, text),
            disabled=bool(given.get("no_low")),
        )
        given["cards"] = list(hand)
        return given
    if kind == "award":
        payouts = {}
        columns = st.columns(min(len(names), 4) or 1)
        for n, name in enumerate(names):
            with columns[n % len(columns)]:
                value = st.number_input(
                    f"{name} takes",
                    min_value=0.0,
                    value=0.0,
                    step=0.25,
                    format="%.2f",
                    key=f"{key}_pay_{n}",
                )
            payouts[name] = to_amount(value)
        rake = st.number_input(
            "Rake",
            min_value=0.0,
            value=0.0,
            step=0.25,
            format="%.2f",
            key=f"{key}_rake",
        )
        return {"payouts": payouts, "rake": to_amount(rake)}
    if kind == "ruling":
        return ruling_control(key, result, view)
    st.warning(f"This app has no control for the ask kind {kind!r} yet.")
    return {}


def house_overrides(rules: Any) -> dict[str, object]:
    """The house overrides in force, as plain values (``{}`` for a preset as it stands)."""
    values: dict[str, object] = {}
    for name in getattr(rules, "overridden", ()):
        value = getattr(rules, name)
        values[name] = getattr(value, "value", value)  # an enum as its YAML word
    return values


def _record(
    store: ProgressStore | None,
    settings: Settings,
    scenario: Scenario,
    result: StepResult,
    given: dict[str, Any],
    verdict: Verdict,
    seconds: float,
    *,
    attempt: int = 1,
    hinted: bool = False,
) -> None:
    if store is None or settings.learner is None:
        return
    ruling = result.ruling
    assert ruling is not None and result.ask is not None
    rules = result.hand.rules
    store.record_answer(
        settings.learner,
        scenario_id=scenario.id,
        step=result.index,
        kind=result.ask.kind,
        topic=scenario.topic,
        level=scenario.level,
        game=scenario.game,
        preset=rules.preset,
        answer=given,
        correct=verdict.correct,
        seconds=round(seconds, 3),
        house=house_overrides(rules),
        attempt=attempt,
        # Retry is offered once the verdict, with the right answer, is on screen
        after_reveal=attempt > 1,
        hinted=hinted,
        rules=ruling.rules,
    )


def _feedback(verdict: Verdict, result: StepResult) -> None:
    ruling = result.ruling
    assert ruling is not None and result.ask is not None
    if verdict.correct:
        st.success(verdict.message)
    else:
        st.error(verdict.message)
    st.markdown(f"**Why:** {ruling.explanation}")
    if result.ask.explain:
        st.markdown(result.ask.explain)
    rules = rule_links(ruling.rules)
    st.caption(f"Rules: {rules} · decided under the **{ruling.preset}** house rules")


def _check_clicked(prefix: str, here: tuple[str, int]) -> None:
    st.session_state[f"{prefix}_checking"] = here


def _hint_clicked(prefix: str) -> None:
    st.session_state[f"{prefix}_hint"] = True


def _retry_clicked(prefix: str) -> None:
    st.session_state[f"{prefix}_attempt"] = (
        st.session_state.get(f"{prefix}_attempt", 0) + 1
    )
    st.session_state[f"{prefix}_verdict"] = None
    st.session_state[f"{prefix}_hint"] = False
    st.session_state[f"{prefix}_shown"] = time.monotonic()


def _check(
    prefix: str,
    scenario: Scenario,
    result: StepResult,
    given: dict[str, Any],
    settings: Settings,
    store: ProgressStore | None,
) -> Verdict | None:
    """Check the answer given (recording it); None, with a problem to show, if incomplete."""
    ask = result.ask
    ruling = result.ruling
    assert ask is not None and ruling is not None
    problem = incomplete(ask.kind, given)
    if problem:
        st.session_state[f"{prefix}_problem"] = problem
        return None
    st.session_state.pop(f"{prefix}_problem", None)
    verdict = check_answer(ask.kind, given, ruling)
    seconds = time.monotonic() - st.session_state[f"{prefix}_shown"]
    st.session_state[f"{prefix}_verdict"] = verdict
    try:
        _record(
            store,
            settings,
            scenario,
            result,
            given,
            verdict,
            seconds,
            attempt=st.session_state.get(f"{prefix}_attempt", 0) + 1,
            hinted=bool(st.session_state.get(f"{prefix}_hint")),
        )
    except TutorError as exc:
        # the reason names the database (a path or a URL): it goes to the log, not the page
        logging.getLogger(__name__).error("An answer was not saved: %s", exc)
        st.session_state[f"{prefix}_problem"] = NOT_SAVED
    return verdict


@st.fragment
def ask_panel(
    prefix: str,
    scenario: Scenario,
    result: StepResult,
    settings: Settings,
    store: ProgressStore | None,
) -> None:
    """Show one ask with its control, Hint, Check and Retry, and the feedback once checked.

    A fragment: in the browser, answering, Hint, Check and Retry rerun only this panel (the
    page around it, e.g. a Next button, reruns the whole page). Session keys:
    ``{prefix}_shown`` (when the ask appeared), ``{prefix}_attempt`` (bumped by Retry, so the
    controls start empty), ``{prefix}_verdict`` and ``{prefix}_hint``.
    """
    guarded(lambda: _panel(prefix, scenario, result, settings, store))


def _panel(
    prefix: str,
    scenario: Scenario,
    result: StepResult,
    settings: Settings,
    store: ProgressStore | None,
) -> None:
    ask = result.ask
    ruling = result.ruling
    assert ask is not None and ruling is not None
    here = (scenario.id, result.index)
    if st.session_state.get(f"{prefix}_at") != here:
        st.session_state[f"{prefix}_at"] = here
        st.session_state[f"{prefix}_attempt"] = 0
        st.session_state[f"{prefix}_verdict"] = None
        st.session_state[f"{prefix}_hint"] = False
        st.session_state[f"{prefix}_shown"] = time.monotonic()
    attempt = st.session_state[f"{prefix}_attempt"]
    # Check's callback only notes the click: the answer is read from the controls below.
    checking = st.session_state.pop(f"{prefix}_checking", None) == here
    st.markdown(f"**Question:** {ask.prompt}")
    key = f"{prefix}_{scenario.id}_{result.index}_{attempt}"
    given = answer_control(ask.kind, key, result, result.hand.view())
    verdict: Verdict | None = st.session_state[f"{prefix}_verdict"]
    if checking and verdict is None:
        verdict = _check(prefix, scenario, result, given, settings, store)
    left, middle, right = st.columns(3)
    with left:
        st.button(
            "Check",
            key=f"{prefix}_check",
            type="primary",
            disabled=verdict is not None,
            on_click=_check_clicked,
            args=(prefix, here),
        )
    with middle:
        st.button(
            "Hint",
            key=f"{prefix}_hint_button",
            disabled=verdict is not None,
            on_click=_hint_clicked,
            args=(prefix,),
        )
    with right:
        st.button(
            "Retry",
            key=f"{prefix}_retry",
            disabled=verdict is None,
            on_click=_retry_clicked,
            args=(prefix,),
        )
    problem = st.session_state.pop(f"{prefix}_problem", None)
    if problem:
        st.warning(problem)
    if st.session_state[f"{prefix}_hint"] and verdict is None:
        st.info(f"Hint: {hint_text(ask.hint, ruling.rules)}")
    if verdict is not None:
        _feedback(verdict, result)
        if settings.learner is None:
            st.caption("Choose your name in the sidebar to have your answers saved.")
