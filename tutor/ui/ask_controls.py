"""The answer controls' one registry (:data:`CONTROLS`: the Practice panel's control and the
drill's for each control an ask kind's entry names, ``AskKind.control``), and the panel's
controls.

:func:`answer_control` looks the ask's kind up in the registry and draws the panel control its
entry names (``entry.control``); the drills page draws ``control_for(kind).drill``. A panel
control draws its widgets (every key starts with ``key``) and returns the learner's answer,
keyed as the entry's answer slots; labels come from the slots where a control serves several
kinds. A new control is one entry here, with its panel half below and its drill half in
:mod:`tutor.ui.drill_controls`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from decimal import Decimal
from types import MappingProxyType
from typing import Any

import streamlit as st

from tutor.asks import ASKS, AskKind
from tutor.i18n import _
from tutor.quiz import action_candidates, format_amount, to_amount
from tutor.scenarios.replay import StepResult
from tutor.ui import drill_controls
from tutor.ui.control_parts import player_cards, size_candidates
from tutor.ui.drill_controls import DrillControl
from tutor.ui.ruling_control import ruling_control
from tutor.ui.state import widget
from tutor.ui.text import plain

YES_NO = ("Yes", "No")

#: A control: (the kind's entry, widget key prefix, the ask as replayed, the table view) -> answer.
Control = Callable[[AskKind, str, StepResult, Any], dict[str, Any]]


def _players(view: Any) -> list[str]:
    return [str(seat.name) for seat in view.seats]


def _seat_label(view: Any) -> dict[str, str]:
    """Radio labels (Markdown in Streamlit): the name as plain text, then the seat."""
    return {
        str(seat.name): _("{name} (seat {seat})").format(
            name=plain(seat.name), seat=seat.seat
        )
        for seat in view.seats
    }


def _seat_text(view: Any) -> dict[str, str]:
    """Select-box labels (shown as text): the name, then the seat."""
    return {
        str(seat.name): _("{name} (seat {seat})").format(name=seat.name, seat=seat.seat)
        for seat in view.seats
    }


def action_label(action: str, already_in: Decimal) -> str:
    """How a legal-actions choice reads: "raise to 3", "call 0.5 more", "bet 2".

    ``already_in`` is what the player to act has in front of them this round.

    >>> action_label("raise 3", Decimal(1))
    'raise to 3'
    >>> action_label("call 1", Decimal("0.5"))
    'call 0.5 more'
    >>> action_label("complete 2", Decimal(1))
    'complete to 2'
    >>> action_label("fold", Decimal(0))
    'fold'
    """
    verb, _, rest = action.rpartition(" ")
    amount = to_amount(rest) if verb else None
    if amount is None:
        return action
    if verb == "call":
        return f"call {format_amount(amount - already_in)} more"
    if verb in ("raise", "complete"):
        return f"{verb} to {format_amount(amount)}"
    return action


def _amount_input(label: str, key: str) -> Decimal | None:
    value = st.number_input(
        label, min_value=0.0, value=None, step=0.25, format="%.2f", key=key
    )
    return to_amount(value)


# --------------------------------------------------------------------------- the controls


def _player(entry: AskKind, key: str, result: StepResult, view: Any) -> dict[str, Any]:
    """One player (a radio of the seats), and any amount the answer also holds."""
    labels = _seat_label(view)
    who = entry.first_slot("player")
    player = st.radio(
        _(who.label),
        _players(view),
        index=None,
        key=widget(key, who.key).name,
        format_func=lambda name: labels.get(name, name),
        horizontal=True,
    )
    given: dict[str, Any] = {who.key: player}
    for slot in entry.slots("amount"):
        given[slot.key] = _amount_input(_(slot.label), widget(key, slot.key).name)
    return given


def _players_pick(
    entry: AskKind, key: str, result: StepResult, view: Any
) -> dict[str, Any]:
    """A set of players; where an empty pick is an answer, the box says "Nobody"."""
    slot = entry.first_slot("players")
    seat_texts = _seat_text(view)
    players = st.multiselect(
        _(slot.label),
        _players(view),
        key=widget(key, slot.key).name,
        select_all=False,
        format_func=lambda name: seat_texts.get(name, name),
        placeholder=_("Nobody") if slot.none else _("Choose players"),
    )
    return {slot.key: list(players)}


def _amounts(entry: AskKind, key: str, result: StepResult, view: Any) -> dict[str, Any]:
    """One number input per amount the answer holds."""
    return {
        slot.key: _amount_input(_(slot.label), widget(key, slot.key).name)
        for slot in entry.slots("amount")
    }


def _raises(entry: AskKind, key: str, result: StepResult, view: Any) -> dict[str, Any]:
    """A count, or a tick for "unlimited"."""
    count, flag = entry.first_slot("count"), entry.first_slot("flag")
    unlimited = st.checkbox(_(flag.label), key=widget(key, "unlimited").name)
    left = st.number_input(
        _(count.label),
        min_value=0,
        value=None,
        step=1,
        key=widget(key, "left").name,
        disabled=unlimited,
    )
    return {flag.key: unlimited, count.key: None if left is None else int(left)}


def _sizes(entry: AskKind, key: str, result: StepResult, view: Any) -> dict[str, Any]:
    """Amounts picked from the right ones and the table's other usual sizes."""
    slot = entry.first_slot("sizes")
    assert result.ruling is not None
    options = size_candidates(view, result.ruling.answer.get(slot.key) or ())
    sizes = st.multiselect(
        _(slot.label),
        options,
        key=widget(key, slot.key).name,
        select_all=False,
        format_func=format_amount,
        placeholder=_("Choose amounts"),
    )
    return {slot.key: list(sizes)}


def _actions(entry: AskKind, key: str, result: StepResult, view: Any) -> dict[str, Any]:
    """Actions picked from the legal ones and plausible wrong ones, read as the player says them."""
    slot = entry.first_slot("actions")
    assert result.ruling is not None
    stakes = view.stakes
    actions = action_candidates(
        list(result.ruling.answer.get(slot.key) or ()),
        street=str(view.street),
        current_bet=max((seat.bet for seat in view.seats), default=Decimal(0)),
        small_bet=stakes.small_bet,
        big_bet=stakes.big_bet,
        bring_in=stakes.bring_in,
    )
    mover = next((seat for seat in view.seats if seat.to_act), None)
    already_in = Decimal(mover.bet) if mover is not None else Decimal(0)
    picked = st.multiselect(
        _(slot.label),
        actions,
        key=widget(key, slot.key).name,
        select_all=False,
        format_func=lambda action: action_label(action, already_in),
        placeholder=_("Choose actions"),
    )
    return {slot.key: list(picked)}


def _yes_no(entry: AskKind, key: str, result: StepResult, view: Any) -> dict[str, Any]:
    """Yes or no."""
    slot = entry.first_slot("flag")
    choice = st.radio(
        _(slot.label),
        YES_NO,
        index=None,
        key=widget(key, "yesno").name,
        horizontal=True,
        format_func=lambda v: _("Yes") if v == "Yes" else _("No"),
    )
    return {slot.key: None if choice is None else choice == "Yes"}


def _cards(entry: AskKind, key: str, result: StepResult, view: Any) -> dict[str, Any]:
    """Five of the player's cards; where the answer may be "none", a tick for that first."""
    assert result.ask is not None
    slot = entry.first_slot("cards")
    cards = player_cards(view, result.ask.player)
    symbols = {c.text: c.symbol for c in cards}
    given: dict[str, Any] = {}
    for flag in entry.slots("flag", variant=result.hand.variant):
        given[flag.key] = st.checkbox(_(flag.label), key=widget(key, "nolow").name)
    hand = st.multiselect(
        _(slot.label),
        [c.text for c in cards],
        key=widget(key, slot.key).name,
        select_all=False,
        max_selections=5,
        format_func=lambda text: symbols.get(text, text),
        placeholder=_("Choose five cards"),
        disabled=any(given.values()),
    )
    given[slot.key] = list(hand)
    return given


def _payouts(entry: AskKind, key: str, result: StepResult, view: Any) -> dict[str, Any]:
    """What each player takes, and the rake."""
    slot, rake_slot = entry.first_slot("payouts"), entry.first_slot("amount")
    names = _players(view)
    payouts = {}
    columns = st.columns(min(len(names), 4) or 1)
    for n, name in enumerate(names):
        with columns[n % len(columns)]:
            value = st.number_input(
                f"{plain(name)} {_(slot.label)}",
                min_value=0.0,
                value=0.0,
                step=0.25,
                format="%.2f",
                key=widget(key, "pay", n).name,
            )
        payouts[name] = to_amount(value)
    rake = st.number_input(
        _(rake_slot.label),
        min_value=0.0,
        value=0.0,
        step=0.25,
        format="%.2f",
        key=widget(key, rake_slot.key).name,
    )
    return {slot.key: payouts, rake_slot.key: to_amount(rake)}


def _ruling(entry: AskKind, key: str, result: StepResult, view: Any) -> dict[str, Any]:
    return ruling_control(key, result, view)


def _side_pots(
    entry: AskKind, key: str, result: StepResult, view: Any
) -> dict[str, Any]:
    """The pots in one box (main pot first), then who can win each side pot."""
    pots, who = entry.first_slot("pots"), entry.first_slot("eligible")
    live = [seat for seat in view.seats if not seat.folded]
    names = [str(seat.name) for seat in live]
    sides = max(sum(1 for seat in live if seat.all_in), 1)
    amounts = st.text_input(
        _(pots.label), key=widget(key, "pots").name, placeholder="45, 30"
    )
    eligible: list[list[str]] = [names]
    for n in range(1, sides + 1):
        eligible.append(
            list(
                st.multiselect(
                    _("Who can win side pot {n}?").format(n=n),
                    names,
                    key=widget(key, "side", n).name,
                    select_all=False,
                    placeholder=_("Choose players"),
                )
            )
        )
    count = len(str(amounts or "").replace(",", " ").split())
    return {pots.key: amounts, who.key: eligible[: max(count, 1)]}


@dataclass(frozen=True, slots=True)
class KindControls:
    """How the app answers the asks whose entry names this control: ``panel`` on the
    Practice and walkthrough panel (it returns the answer), ``drill`` in a drill (answered
    by click or key, it submits the answer itself)."""

    panel: Control
    drill: DrillControl


#: The one registry of the app's answer controls, by the name an ask kind's entry gives
#: (``AskKind.control``): each holds the panel's control and the drill's.
CONTROLS: Mapping[str, KindControls] = MappingProxyType(
    {
        "player": KindControls(_player, drill_controls.player),
        "players": KindControls(_players_pick, drill_controls.players),
        "amounts": KindControls(_amounts, drill_controls.amounts),
        "raises": KindControls(_raises, drill_controls.raises),
        "sizes": KindControls(_sizes, drill_controls.sizes),
        "actions": KindControls(_actions, drill_controls.actions),
        "yes-no": KindControls(_yes_no, drill_controls.yes_no),
        "cards": KindControls(_cards, drill_controls.cards),
        "payouts": KindControls(_payouts, drill_controls.payouts),
        "ruling": KindControls(_ruling, drill_controls.ruling),
        "side-pots": KindControls(_side_pots, drill_controls.side_pots),
    }
)


def control_for(kind: str) -> KindControls | None:
    """The controls that answer an ask of ``kind`` (None for a kind or control nobody made)."""
    entry = ASKS.get(kind)
    return None if entry is None else CONTROLS.get(entry.control)


def answer_control(
    kind: str, key: str, result: StepResult, view: Any
) -> dict[str, Any]:
    """Draw the control for an ask of ``kind`` (widget keys start with ``key``); return the answer."""
    assert result.ruling is not None and result.ask is not None
    controls = control_for(kind)
    if controls is None:
        st.warning(
            _("This app has no control for the ask kind {kind} yet.").format(
                kind=plain(kind)
            )
        )
        return {}
    return controls.panel(ASKS[kind], key, result, view)
