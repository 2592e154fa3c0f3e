"""The ask panel's controls: one function per control named in the ask registry (tutor.asks).

:func:`answer_control` looks the ask's kind up in the registry and draws the control its entry
names (``entry.control``) from :data:`CONTROLS`. A control draws its widgets (every key starts
with ``key``) and returns the learner's answer, keyed as the entry's answer slots; labels come
from the slots where a control serves several kinds.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from decimal import Decimal
from types import MappingProxyType
from typing import Any

import streamlit as st

from tutor.asks import ASKS, AskKind
from tutor.engine.cards import Card
from tutor.i18n import _
from tutor.quiz import action_candidates, format_amount, to_amount
from tutor.scenarios.replay import StepResult
from tutor.ui.ruling_control import ruling_control
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


# --------------------------------------------------------------------------- the controls


def _player(entry: AskKind, key: str, result: StepResult, view: Any) -> dict[str, Any]:
    """One player (a radio of the seats), and any amount the answer also holds."""
    labels = _seat_label(view)
    who = entry.first_slot("player")
    player = st.radio(
        _(who.label),
        _players(view),
        index=None,
        key=f"{key}_{who.key}",
        format_func=lambda name: labels.get(name, name),
        horizontal=True,
    )
    given: dict[str, Any] = {who.key: player}
    for slot in entry.slots("amount"):
        given[slot.key] = _amount_input(_(slot.label), f"{key}_{slot.key}")
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
        key=f"{key}_{slot.key}",
        select_all=False,
        format_func=lambda name: seat_texts.get(name, name),
        placeholder=_("Nobody") if slot.none else _("Choose players"),
    )
    return {slot.key: list(players)}


def _amounts(entry: AskKind, key: str, result: StepResult, view: Any) -> dict[str, Any]:
    """One number input per amount the answer holds."""
    return {
        slot.key: _amount_input(_(slot.label), f"{key}_{slot.key}")
        for slot in entry.slots("amount")
    }


def _raises(entry: AskKind, key: str, result: StepResult, view: Any) -> dict[str, Any]:
    """A count, or a tick for "unlimited"."""
    count, flag = entry.first_slot("count"), entry.first_slot("flag")
    unlimited = st.checkbox(_(flag.label), key=f"{key}_unlimited")
    left = st.number_input(
        _(count.label),
        min_value=0,
        value=None,
        step=1,
        key=f"{key}_left",
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
        key=f"{key}_{slot.key}",
        select_all=False,
        format_func=format_amount,
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
        key=f"{key}_{slot.key}",
        select_all=False,
        format_func=lambda action: action_label(action, already_in),
    )
    return {slot.key: list(picked)}


def _yes_no(entry: AskKind, key: str, result: StepResult, view: Any) -> dict[str, Any]:
    """Yes or no."""
    slot = entry.first_slot("flag")
    choice = st.radio(
        _(slot.label),
        YES_NO,
        index=None,
        key=f"{key}_yesno",
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
        given[flag.key] = st.checkbox(_(flag.label), key=f"{key}_nolow")
    hand = st.multiselect(
        _(slot.label),
        [c.text for c in cards],
        key=f"{key}_{slot.key}",
        select_all=False,
        max_selections=5,
        format_func=lambda text: symbols.get(text, text),
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
                key=f"{key}_pay_{n}",
            )
        payouts[name] = to_amount(value)
    rake = st.number_input(
        _(rake_slot.label),
        min_value=0.0,
        value=0.0,
        step=0.25,
        format="%.2f",
        key=f"{key}_{rake_slot.key}",
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
    amounts = st.text_input(_(pots.label), key=f"{key}_pots", placeholder="45, 30")
    eligible: list[list[str]] = [names]
    for n in range(1, sides + 1):
        eligible.append(
            list(
                st.multiselect(
                    _("Who can win side pot {n}?").format(n=n),
                    names,
                    key=f"{key}_side_{n}",
                    select_all=False,
                )
            )
        )
    count = len(str(amounts or "").replace(",", " ").split())
    return {pots.key: amounts, who.key: eligible[: max(count, 1)]}


#: The panel's controls by the name an entry gives (``AskKind.control``).
CONTROLS: Mapping[str, Control] = MappingProxyType(
    {
        "player": _player,
        "players": _players_pick,
        "amounts": _amounts,
        "raises": _raises,
        "sizes": _sizes,
        "actions": _actions,
        "yes-no": _yes_no,
        "cards": _cards,
        "payouts": _payouts,
        "ruling": _ruling,
        "side-pots": _side_pots,
    }
)


def control_for(kind: str) -> Control | None:
    """The control that draws an ask of ``kind`` (None for a kind or control nobody made)."""
    entry = ASKS.get(kind)
    return None if entry is None else CONTROLS.get(entry.control)


def answer_control(
    kind: str, key: str, result: StepResult, view: Any
) -> dict[str, Any]:
    """Draw the control for an ask of ``kind`` (widget keys start with ``key``); return the answer."""
    assert result.ruling is not None and result.ask is not None
    draw = control_for(kind)
    if draw is None:
        st.warning(
            _("This app has no control for the ask kind {kind} yet.").format(
                kind=plain(kind)
            )
        )
        return {}
    return draw(ASKS[kind], key, result, view)
