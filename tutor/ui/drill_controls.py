"""The drills' answer controls, one per control an ask kind's entry names (``AskKind.control``):
answered by a click or a key (shown on the button), each control submits the answer itself
through the page's :class:`Answer` hooks. They are found, beside the Practice panel's, in
the one registry of :mod:`tutor.ui.ask_controls` (``CONTROLS[name].drill``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

import streamlit as st

from tutor.asks import AskKind, Slot
from tutor.i18n import _
from tutor.quiz import action_candidates, format_amount, to_amount
from tutor.quiz_ruling import (
    NOBODY,
    SKIPPED_OPTIONS,
    goes_on,
    out_of_turn_outcome,
    outcome_choices,
)
from tutor.quiz_ruling import (
    label as outcome_label,
)
from tutor.scenarios.replay import StepResult
from tutor.ui.control_parts import player_cards, size_candidates
from tutor.ui.state import widget


@dataclass(frozen=True, slots=True)
class Answer:
    """How a drill control hands its answer to the page: ``submit`` checks and times it;
    ``refuse`` says what is missing (nothing is chosen for the learner)."""

    submit: Callable[[dict[str, Any]], None]
    refuse: Callable[[str], None]


#: A drill control: (the kind's entry, widget key prefix, the question as replayed, the
#: page's hooks) -> None; it submits the answer itself (a seat click, a button, Submit).
DrillControl = Callable[[AskKind, str, StepResult, Answer], None]


def _picked(name: str) -> Any:
    return widget(name).get()


def _submit_seat(
    answer: Answer, name: str, who: str, amount_key: str | None, field: str | None
) -> None:
    given: dict[str, Any] = {who: name}
    if amount_key is not None and field is not None:
        amount = to_amount(_picked(amount_key))
        if amount is None:  # nothing is chosen for the learner: the amount first
            answer.refuse(_("Pick the amount first, then the player."))
            return
        given[field] = amount
    answer.submit(given)


def _submit_from(answer: Answer, build: Callable[[], dict[str, Any]]) -> None:
    answer.submit(build())


#: The keys that toggle a multiple choice's options (seats keep the digits elsewhere).
PICK_KEYS = "123456789"
#: The keys that choose an amount beside a seat click (the digits are the seats').
AMOUNT_KEYS = "ASDFGHJKL"


def _toggle(pick: str, option: Any, many: bool) -> None:
    held = widget(pick)
    chosen = list(held.get() or ())
    if option in chosen:
        chosen.remove(option)
    elif many:
        chosen.append(option)
    else:
        chosen = [option]
    held.set(chosen if many else (chosen[0] if chosen else None))


def _choice_buttons(
    key: str,
    label: str,
    options: list[Any],
    *,
    many: bool = True,
    keys: str = PICK_KEYS,
    fmt: Callable[[Any], str] = str,
    across: int = 3,
) -> str:
    """Options as buttons, each toggled by a click or its key (shown on it); a chosen one is
    ticked. Returns the session key holding the choice (a list, or one value)."""
    pick = widget(key, "picked").name
    st.caption(label)
    chosen = widget(pick).get()
    picked = list(chosen or ()) if many else ([chosen] if chosen is not None else [])
    columns = st.columns(min(len(options), across) or 1)
    for n, option in enumerate(options):
        on = option in picked
        with columns[n % len(columns)]:
            st.button(
                ("✓ " if on else "") + fmt(option),
                key=widget(key, "opt", n).name,
                on_click=_toggle,
                args=(pick, option, many),
                type="primary" if on else "secondary",
                shortcut=keys[n] if n < len(keys) else None,
                width="stretch",
            )
    return pick


# ---------------------------------------------------------------------------- controls


def _seats(result: StepResult) -> list[Any]:
    return list(result.hand.view().seats)


def player(entry: AskKind, key: str, result: StepResult, answer: Answer) -> None:
    """Click a seat; an amount the answer also holds is picked first (pills)."""
    assert result.ruling is not None
    who = entry.first_slot("player")
    amount_key = field = None
    for slot in entry.slots("amount"):
        stakes = result.hand.view().stakes
        options = sorted(
            {
                format_amount(x)
                for x in (
                    stakes.bring_in,
                    stakes.small_bet,
                    stakes.ante,
                    result.ruling.answer.get(slot.key),
                )
                if x
            },
            key=Decimal,
        )
        field = slot.key
        amount_key = _choice_buttons(
            widget(key, slot.key).name,
            _(slot.label),
            options,
            many=False,
            keys=AMOUNT_KEYS,
        )
    st.caption(_("Click the player, or press their seat number:"))
    seats = _seats(result)
    columns = st.columns(min(len(seats), 2))
    for n, seat in enumerate(seats):
        with columns[n % len(columns)]:
            st.button(
                _("{name} · seat {seat}").format(name=seat.name, seat=seat.seat),
                key=widget(key, "seat", seat.name).name,
                on_click=_submit_seat,
                args=(answer, str(seat.name), who.key, amount_key, field),
                disabled=bool(seat.folded),
                width="stretch",
                shortcut=seat_key(seat.seat),
            )


def seat_key(seat: int) -> str | None:
    """The key that clicks a seat's button: its number (seats 1 to 9), 0 for seat 10.

    >>> seat_key(3), seat_key(10), seat_key(11)
    ('3', '0', None)
    """
    if 1 <= seat <= 9:
        return str(seat)
    return "0" if seat == 10 else None


def yes_no(entry: AskKind, key: str, result: StepResult, answer: Answer) -> None:
    field = entry.first_slot("flag").key
    left, right = st.columns(2)
    for column, name, label, value, press in (
        (left, "yes", _("Yes"), True, "Y"),
        (right, "no", _("No"), False, "N"),
    ):
        with column:
            st.button(
                label,
                key=widget(key, name).name,
                on_click=answer.submit,
                args=({field: value},),
                width="stretch",
                shortcut=press,
            )


def raises(entry: AskKind, key: str, result: StepResult, answer: Answer) -> None:
    count, flag = entry.first_slot("count").key, entry.first_slot("flag").key
    most = max(4, int(result.hand.setup.rules.max_raises))
    grid = st.columns(3)
    for n in range(most + 1):
        with grid[n % 3]:
            st.button(
                str(n),
                key=widget(key, "raises", n).name,
                on_click=answer.submit,
                args=({count: n, flag: False},),
                width="stretch",
                shortcut=str(n) if n <= 9 else None,
            )
    with grid[(most + 1) % 3]:
        st.button(
            _("Unlimited"),
            key=widget(key, "unlimited").name,
            on_click=answer.submit,
            args=({count: None, flag: True},),
            width="stretch",
            shortcut="U",
        )


def _submit_label(slot: Slot) -> str:
    return (
        _("Submit (none picked = {none})").format(none=_(slot.none))
        if slot.none
        else _("Submit")
    )


def players(entry: AskKind, key: str, result: StepResult, answer: Answer) -> None:
    slot = entry.first_slot("players")
    names = [str(s.name) for s in _seats(result) if not s.folded]
    pick = _choice_buttons(widget(key, slot.key).name, _(slot.label), names)
    _submit_button(
        answer, key, lambda: {slot.key: list(_picked(pick) or ())}, _submit_label(slot)
    )


def sizes(entry: AskKind, key: str, result: StepResult, answer: Answer) -> None:
    assert result.ruling is not None
    slot = entry.first_slot("sizes")
    options = [
        format_amount(x)
        for x in size_candidates(
            result.hand.view(), result.ruling.answer.get(slot.key) or ()
        )
    ]
    pick = _choice_buttons(widget(key, slot.key).name, _(slot.label), options)
    _submit_button(
        answer,
        key,
        lambda: {slot.key: [to_amount(x) for x in _picked(pick) or ()]},
        _submit_label(slot),
    )


def actions(entry: AskKind, key: str, result: StepResult, answer: Answer) -> None:
    assert result.ruling is not None
    slot = entry.first_slot("actions")
    view = result.hand.view()
    stakes = view.stakes
    options = action_candidates(
        list(result.ruling.answer.get(slot.key) or ()),
        street=str(view.street),
        current_bet=max((s.bet for s in view.seats), default=Decimal(0)),
        small_bet=stakes.small_bet,
        big_bet=stakes.big_bet,
        bring_in=stakes.bring_in or stakes.small_bet / 2,
    )
    pick = _choice_buttons(widget(key, slot.key).name, _(slot.label), options)
    _submit_button(answer, key, lambda: {slot.key: list(_picked(pick) or ())})


def cards(entry: AskKind, key: str, result: StepResult, answer: Answer) -> None:
    assert result.ask is not None
    slot = entry.first_slot("cards")
    cards = player_cards(result.hand.view(), result.ask.player)
    symbols = {c.text: c.symbol for c in cards}
    pick = _choice_buttons(
        widget(key, slot.key).name,
        _("Click five cards (or press their numbers)"),
        [c.text for c in cards],
        fmt=lambda text: symbols.get(text, text),
    )
    _submit_button(answer, key, lambda: {slot.key: list(_picked(pick) or ())})
    for flag in entry.slots("flag", variant=result.hand.variant):
        st.button(
            _(flag.label),
            key=widget(key, "nolow").name,
            on_click=answer.submit,
            args=({flag.key: True, slot.key: []},),
        )


#: The keys of a second choice beside the first's digits (who acts next after the ruling).
SECOND_KEYS = "ASDFGHJKL"
#: The keys of each side pot's players: the first side pot's digits, then two letter rows
#: (C and R are Streamlit's own keys).
SIDE_POT_KEYS = (PICK_KEYS, "QWETYUIOP", "ASDFGHJKL")
YES, NO = "yes", "no"


def _yes_no_label(value: str) -> str:
    return _("Yes") if value == YES else _("No")


def ruling(entry: AskKind, key: str, result: StepResult, answer: Answer) -> None:
    """An irregularity target: the ruling's questions as buttons answered by a click or a
    key (digits for the ruling, Y or N for "binding?", letters for who acts next), only
    those that apply (as :mod:`tutor.ui.ruling_control` asks them), then Submit."""
    assert result.ruling is not None
    expected = result.ruling.answer
    view = result.hand.view()
    if expected.get("rule") == "irr.out-of-turn":
        _out_of_turn(key, expected, view, answer)
        return
    outcome = _choice_buttons(
        widget(key, "outcome").name,
        _("Ruling"),
        outcome_choices(expected),
        many=False,
        fmt=lambda v: _(outcome_label(v)),
        across=1,  # the rulings are sentences: one under the other
    )
    goes = goes_on(_picked(outcome))
    after = None
    if goes:
        names = [str(seat.name) for seat in view.seats if not seat.folded]
        seats = {
            str(seat.name): _("{name} (seat {seat})").format(
                name=seat.name, seat=seat.seat
            )
            for seat in view.seats
        }
        after = _choice_buttons(
            widget(key, "next").name,
            _("Who acts next?"),
            [*names, NOBODY],
            many=False,
            keys=SECOND_KEYS,
            fmt=lambda name: seats.get(name, _(name)),
        )

    def build() -> dict[str, Any]:
        given: dict[str, Any] = {"outcome": _picked(outcome)}
        if after is not None and goes_on(given["outcome"]):
            given.update(next_player=_picked(after), asked_next=True)
        return given

    _submit_button(answer, key, build)


def _out_of_turn(key: str, expected: Any, view: Any, answer: Answer) -> None:
    # as the ruling control: the second question is the one the situation asks
    skipped_to_act = str(expected.get("outcome")) in SKIPPED_OPTIONS
    stands = _choice_buttons(
        widget(key, "binding").name,
        _("Is the out-of-turn action binding (does it stand)?"),
        [YES, NO],
        many=False,
        keys="YN",
        fmt=_yes_no_label,
    )
    if skipped_to_act:
        second = _choice_buttons(
            widget(key, "skipped").name,
            _(
                "If it stands: what may the skipped player do when the action comes back?"
            ),
            list(SKIPPED_OPTIONS),
            many=False,
            keys=SECOND_KEYS,
            fmt=lambda v: _(SKIPPED_OPTIONS[v]),
            across=1,
        )
    else:
        stakes = view.stakes
        options = action_candidates(
            list(expected.get("next_actions") or ()),
            street=str(view.street),
            current_bet=max((seat.bet for seat in view.seats), default=Decimal(0)),
            small_bet=stakes.small_bet,
            big_bet=stakes.big_bet,
            bring_in=stakes.bring_in,
        )
        second = _choice_buttons(
            widget(key, "actions").name,
            _("What may the player to act do now?"),
            options,
            keys=PICK_KEYS,
        )

    def build() -> dict[str, Any]:
        chosen = _picked(stands)
        given: dict[str, Any] = {}
        skipped = None
        if skipped_to_act:
            skipped = _picked(second)
        else:
            given.update(next_actions=list(_picked(second) or ()), asked_actions=True)
        given["outcome"] = (
            None
            if chosen is None
            else out_of_turn_outcome(chosen == YES, skipped, skipped_to_act)
        )
        return given

    _submit_button(answer, key, build)


def _submit_button(
    answer: Answer,
    key: str,
    build: Callable[[], dict[str, Any]],
    label: str | None = None,
) -> None:
    st.button(
        label or _("Submit"),
        key=widget(key, "submit").name,
        type="primary",
        on_click=_submit_from,
        args=(answer, build),
        shortcut="Enter",
    )


def _form_submit(
    answer: Answer,
    key: str,
    build: Callable[[], dict[str, Any]],
    label: str | None = None,
) -> None:
    """The Submit of an amounts form: Enter in any of its boxes presses it."""
    st.form_submit_button(
        label or _("Submit"),
        key=widget(key, "submit").name,
        type="primary",
        on_click=_submit_from,
        args=(answer, build),
    )


def _amount(label: str, key: str, step: float) -> None:
    st.number_input(label, min_value=0.0, value=None, step=step, format="%.2f", key=key)


def _chip(result: StepResult) -> float:
    return 0.25 if any(s.committed % 1 for s in result.hand.view().seats) else 1.0


def amounts(entry: AskKind, key: str, result: StepResult, answer: Answer) -> None:
    """One amount pad per amount the answer holds, then Submit."""
    chip = _chip(result)
    fields = [slot.key for slot in entry.slots("amount")]
    with st.form(widget(key, "form").name, border=False, enter_to_submit=True):
        for slot in entry.slots("amount"):
            _amount(_(slot.label), widget(key, slot.key).name, chip)
        _form_submit(
            answer, key, lambda: {f: to_amount(widget(key, f).get()) for f in fields}
        )


def payouts(entry: AskKind, key: str, result: StepResult, answer: Answer) -> None:
    """What each player takes, and the rake, then Submit."""
    slot, rake = entry.first_slot("payouts"), entry.first_slot("amount")
    chip = _chip(result)
    # one box per player who can take chips (a folded player takes none), plus the rake
    names = [str(s.name) for s in result.hand.view().seats if not s.folded]
    form = st.form(widget(key, "form").name, border=False, enter_to_submit=True)
    with form:
        columns = st.columns(min(len(names), 2))
        for n, name in enumerate(names):
            with columns[n % len(columns)]:
                _amount(f"{name} {_(slot.label)}", widget(key, "pay", n).name, chip)
        _amount(_(rake.label), widget(key, rake.key).name, chip)

    def build() -> dict[str, Any]:
        payouts = {
            name: to_amount(widget(key, "pay", n).get()) or Decimal(0)
            for n, name in enumerate(names)
        }
        return {
            slot.key: payouts,
            rake.key: to_amount(widget(key, rake.key).get()) or Decimal(0),
        }

    with form:
        _form_submit(answer, key, build)


def side_pots(entry: AskKind, key: str, result: StepResult, answer: Answer) -> None:
    """Who can win each side pot (players toggled by a click or a key: digits for the
    first side pot, letter rows for the next), then the pots typed in one box (main first);
    Enter in the box submits."""
    pots, who = entry.first_slot("pots"), entry.first_slot("eligible")
    view = result.hand.view()
    live = [s for s in view.seats if not s.folded]
    names = [str(s.name) for s in live]
    # one side pot at most per player all in (what the table shows, not the answer)
    sides = max(sum(1 for s in live if s.all_in), 1)
    picks = [
        _choice_buttons(
            widget(key, "side", n).name,
            _("Who can win side pot {n}?").format(n=n),
            names,
            keys=SIDE_POT_KEYS[n - 1] if n <= len(SIDE_POT_KEYS) else "",
            across=2,  # names in full beside their keys
        )
        for n in range(1, sides + 1)
    ]
    with st.form(widget(key, "form").name, border=False, enter_to_submit=True):
        st.text_input(
            _(pots.label),
            key=widget(key, "pots").name,
            placeholder=_("for example 45, 30"),
        )

        def build() -> dict[str, Any]:
            amounts = widget(key, "pots").get() or ""
            eligible: list[list[str]] = [names]
            eligible += [list(_picked(pick) or ()) for pick in picks]
            count = len(amounts.replace(",", " ").split())
            return {pots.key: amounts, who.key: eligible[: max(count, 1)]}

        _form_submit(answer, key, build)
