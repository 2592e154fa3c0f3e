"""One question on screen: the control that fits its kind, Hint, Check, Retry, and the feedback."""

from __future__ import annotations

import logging
import re
import time
from collections.abc import Callable, Sequence
from decimal import Decimal
from html import escape
from typing import Any

import streamlit as st

from tutor.engine.cards import Card
from tutor.engine.errors import TutorError
from tutor.engine.table import Operation
from tutor.progress import ProgressStore
from tutor.quiz import (
    PLAYER_KINDS,
    WINNER_KINDS,
    Verdict,
    action_candidates,
    check_answer,
    describe,
    format_amount,
    hint_text,
    incomplete,
    to_amount,
)
from tutor.scenarios.model import Scenario
from tutor.scenarios.replay import StepResult
from tutor.ui.components import guarded
from tutor.ui.data import store_down
from tutor.ui.rules_page import rule_links
from tutor.ui.ruling_control import ruling_control
from tutor.ui.state import PRESET_DESCRIPTIONS, Settings
from tutor.ui.text import plain, with_card_symbols

YES_NO = ("Yes", "No")
logger = logging.getLogger(__name__)


def _players(view: Any) -> list[str]:
    return [str(seat.name) for seat in view.seats]


def _seat_label(view: Any) -> dict[str, str]:
    """Radio labels (Markdown in Streamlit): the name as plain text, then the seat."""
    return {
        str(seat.name): f"{plain(seat.name)} (seat {seat.seat})" for seat in view.seats
    }


def _seat_text(view: Any) -> dict[str, str]:
    """Select-box labels (shown as text): the name, then the seat."""
    return {str(seat.name): f"{seat.name} (seat {seat.seat})" for seat in view.seats}


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
        seat_texts = _seat_text(view)
        players = st.multiselect(
            "Players",
            names,
            key=f"{key}_players",
            select_all=False,
            format_func=lambda name: seat_texts.get(name, name),
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
        mover = next((seat for seat in view.seats if seat.to_act), None)
        already_in = Decimal(mover.bet) if mover is not None else Decimal(0)
        picked = st.multiselect(
            "Legal actions",
            actions,
            key=f"{key}_actions",
            select_all=False,
            format_func=lambda action: action_label(action, already_in),
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
                    f"{plain(name)} takes",
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
    st.warning(f"This app has no control for the ask kind {plain(kind)} yet.")
    return {}


#: Ask kinds whose answer is who acts: the table must not mark the player to act.
WHO_ACTS_KINDS = frozenset(PLAYER_KINDS)
#: Ask kinds whose answer is the pot (or the antes in it): the pot stays hidden.
POT_KINDS = frozenset({"ante", "pot"})
#: Words in a prompt that name one card room's rules.
_ROOM_WORDS = re.compile(
    r"online room|online|WSOP|World Series|Robert|TDA|tournament rules|card room|this room",
    re.IGNORECASE,
)

#: Each ask kind's topics: the first is where the kind belongs when its scenario's
#: topic is not one of them (a pot question in a showdown scenario is a pot question).
KIND_TOPICS: dict[str, tuple[str, ...]] = {
    "ante": ("ante",),
    "buy-in": ("buy-in",),
    "bring-in": ("bring-in", "deal"),
    "first-to-act": ("first-to-act", "pair-on-fourth", "bring-in", "deal"),
    "next-to-act": ("first-to-act", "pair-on-fourth", "bring-in", "deal"),
    "bet-sizes": ("betting-limits", "pair-on-fourth", "bring-in", "raise-cap"),
    "legal-actions": ("betting-limits", "pair-on-fourth", "bring-in", "raise-cap"),
    "raises-left": ("raise-cap",),
    "pot": ("betting-limits", "ante", "side-pots", "split-pot", "raise-cap"),
    "community-card": ("community-river",),
    "best-high": ("showdown",),
    "best-low": ("low-qualification", "showdown"),
    "low-qualifies": ("low-qualification", "showdown"),
    "high-winner": ("showdown", "split-pot", "low-qualification"),
    "low-winner": ("low-qualification", "showdown", "split-pot"),
    "award": ("split-pot", "side-pots", "showdown"),
    "showdown-order": ("showdown",),
}


def ask_topic(scenario_topic: str, kind: str) -> str:
    """The topic a question counts under: its scenario's, unless the kind belongs elsewhere.

    >>> ask_topic("showdown", "pot")
    'betting-limits'
    >>> ask_topic("side-pots", "pot")
    'side-pots'
    >>> ask_topic("razz", "first-to-act")
    'razz'
    """
    topics = KIND_TOPICS.get(kind)
    if topics is None or scenario_topic in topics:
        return scenario_topic
    from tutor.engine.rules import TOPICS

    return topics[0] if scenario_topic in TOPICS else scenario_topic


def visible_history(
    operations: Sequence[Operation], kind: str | None
) -> list[Operation]:
    """What "What happened so far" may show before an ask of ``kind`` is answered.

    Before an ante or pot question, lines that state the pot (or post the antes) are left
    out, so nothing on screen gives the answer away.
    """
    if kind not in POT_KINDS:
        return list(operations)
    hidden = ("pot", "ante")
    return [
        op
        for op in operations
        if op.kind != "ante"
        and not any(w in f"{op.text} {op.explanation}".lower() for w in hidden)
    ]


def operation_lines(operations: Sequence[Operation]) -> list[str]:
    """Markdown lines for what happened: each operation's explanation and its rule ids.

    The engine's text is data: it is shown as plain text, with cards as on the table.
    """
    lines = []
    for op in operations:
        rules = f" ({rule_links(op.rules)})" if op.rules else ""
        text = plain(with_card_symbols(op.text))
        why = plain(with_card_symbols(op.explanation))
        lines.append(f"- **{text}.** {why}{rules}")
    return lines


def preset_in_force(scenario: Scenario, settings: Settings) -> str:
    """The preset id a question is decided under (never a display label)."""
    return settings.preset_override or scenario.rules


def room_warning(prompt: str, scenario: Scenario, settings: Settings) -> str | None:
    """A note when the prompt names one card room but another preset is in force."""
    override = settings.preset_override
    if override is None or (override == scenario.rules and not scenario.house):
        return None
    if not _ROOM_WORDS.search(prompt):
        return None
    return (
        f"This question was written for the {scenario.rules} house rules; you are playing "
        f"it under the {override} house rules, and the answer follows {override}."
    )


def reset_play(prefix: str) -> None:
    """Start a new play-through: every ask's next answer is a first attempt again."""
    st.session_state[f"{prefix}_tries"] = {}
    st.session_state[f"{prefix}_first"] = {}


def first_results(prefix: str) -> dict[tuple[str, int], bool]:
    """This play-through's first-attempt results: (scenario id, step) -> right."""
    found: dict[tuple[str, int], bool] = st.session_state.setdefault(
        f"{prefix}_first", {}
    )
    return found


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
    attempt: int,
    hinted: bool,
) -> None:
    if store is None or settings.learner is None or settings.preview:
        return
    ruling = result.ruling
    assert ruling is not None and result.ask is not None
    rules = result.hand.rules
    store.record_answer(
        settings.learner,
        scenario_id=scenario.id,
        step=result.index,
        kind=result.ask.kind,
        topic=ask_topic(scenario.topic, result.ask.kind),
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


def compare_html(rows: Sequence[tuple[str, str, str]]) -> str:
    """The "Compare presets" table: preset, which rulebook it is, its answer (plain text)."""
    body = "".join(
        f"<tr><th scope='row'>{escape(preset)}</th><td>{escape(about)}</td>"
        f"<td>{escape(answer)}</td></tr>"
        for preset, about, answer in rows
    )
    return (
        "<table class='stt-compare' style='border-collapse:collapse;width:100%'>"
        "<thead><tr><th scope='col'>House rules</th><th scope='col'>Which rulebook</th>"
        "<th scope='col'>The answer</th></tr></thead>"
        f"<tbody>{body}</tbody></table>"
        "<style>.stt-compare th,.stt-compare td{border:1px solid #bbb;padding:4px 8px;"
        "text-align:left;vertical-align:top}</style>"
    )


def compare_rows(scenario: Scenario, index: int) -> list[tuple[str, str, str]]:
    """One ask's answer under every preset, with each preset's one-line description."""
    from tutor.engine.rules import PRESETS
    from tutor.ui.bank import walk_until_refused

    rows = []
    for preset in PRESETS:
        results, refused = walk_until_refused(scenario, preset)
        found = next((r for r in results if r.index == index), None)
        if found is None or found.ruling is None or found.ask is None:
            why = refused or "this step is not reached."
            answer = f"Not playable under these rules: {why}"
        else:
            answer = with_card_symbols(describe(found.ask.kind, found.ruling.answer))
        rows.append((preset, PRESET_DESCRIPTIONS.get(preset, ""), answer))
    return rows


def _feedback(
    prefix: str,
    verdict: Verdict,
    scenario: Scenario,
    result: StepResult,
    settings: Settings,
) -> None:
    ruling = result.ruling
    assert ruling is not None and result.ask is not None
    message = plain(with_card_symbols(verdict.message))
    if verdict.correct:
        st.success(message)
    else:
        st.error(message)
    st.markdown(f"**Why:** {plain(with_card_symbols(ruling.explanation))}")
    if result.ask.explain:
        st.markdown(plain(with_card_symbols(result.ask.explain)))
    rules = rule_links(ruling.rules)
    preset = preset_in_force(scenario, settings)
    st.caption(f"Rules: {rules} · decided under the **{preset}** house rules")
    # Drawn only when asked for: the check itself stays light.
    if st.toggle("Compare presets", key=f"{prefix}_compare"):
        st.html(compare_html(compare_rows(scenario, result.index)))


def _check_clicked(prefix: str, here: tuple[str, int, str]) -> None:
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


#: Said when the store refuses an answer (its own message may name a server path).
NOT_SAVED = (
    "Your answer was checked but not saved: the progress database could not be "
    "written. Whoever runs this app can see why with `tutor health` and in the app's log."
)


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
    tries: dict[tuple[str, int], int] = st.session_state.setdefault(
        f"{prefix}_tries", {}
    )
    where = (scenario.id, result.index)
    attempt = tries.get(where, 0) + 1
    tries[where] = attempt
    if attempt == 1:
        first_results(prefix)[where] = verdict.correct
    try:
        _record(
            store,
            settings,
            scenario,
            result,
            given,
            verdict,
            seconds,
            attempt=attempt,
            hinted=bool(st.session_state.get(f"{prefix}_hint")),
        )
    except TutorError as exc:
        # the reason names the database (a path or a URL): it goes to the log, not the page
        logger.error("An answer was not saved: %s", exc)
        st.session_state[f"{prefix}_problem"] = NOT_SAVED
    return verdict


def ask_panel(
    prefix: str,
    scenario: Scenario,
    result: StepResult,
    settings: Settings,
    store: ProgressStore | None,
    *,
    history: Sequence[Operation] = (),
    history_open: bool = False,
    footer: Callable[[], None] | None = None,
) -> None:
    """Show one ask: the table, what happened so far, then the question in a fragment.

    The table and "What happened so far" keep the answer hidden while the question is
    open: the player to act before a who-acts question (the mark stays off until the page
    is next drawn whole), the pot and the lines that state it before an ante or pot
    question (a check of those redraws the whole page, so they show with the verdict).
    They are drawn outside the fragment, so that answering and Check resend only the
    question's few elements.
    """
    here = (scenario.id, result.index, settings.preset)
    answered = (
        st.session_state.get(f"{prefix}_at") == here
        and st.session_state.get(f"{prefix}_verdict") is not None
    )
    kind = result.ask.kind if result.ask is not None else ""
    guarded(lambda: _context(result, settings, answered, kind, history, history_open))
    _question(prefix, scenario, result, settings, store, footer)


def _context(
    result: StepResult,
    settings: Settings,
    answered: bool,
    kind: str,
    history: Sequence[Operation],
    history_open: bool,
) -> None:
    from tutor.ui.components import show_table

    show_table(
        result.hand.view(),
        settings.four_colour,
        show_to_act=answered or kind not in WHO_ACTS_KINDS,
        show_pot=answered or kind not in POT_KINDS,
    )
    shown = history if answered else visible_history(history, kind)
    with st.expander("What happened so far", expanded=history_open):
        st.markdown("\n".join(operation_lines(shown)) or "Nothing yet.")


@st.fragment
def _question(
    prefix: str,
    scenario: Scenario,
    result: StepResult,
    settings: Settings,
    store: ProgressStore | None,
    footer: Callable[[], None] | None,
) -> None:
    """The question, its control, Hint, Check and Retry, and the feedback once checked.

    A fragment: in the browser, answering, Hint, Check and Retry rerun only this part (the
    page around it, e.g. a Next button, reruns the whole page). Session keys:
    ``{prefix}_shown`` (when the ask appeared), ``{prefix}_attempt`` (bumped by Retry, so
    the controls start empty), ``{prefix}_verdict``, ``{prefix}_hint``, ``{prefix}_tries``
    (answers checked per ask in this play-through; see :func:`reset_play`). ``footer`` is
    drawn last, inside the fragment (so it sees this run's verdict).
    """
    guarded(lambda: _panel(prefix, scenario, result, settings, store))
    if footer is not None:
        guarded(footer)


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
    here = (scenario.id, result.index, settings.preset)
    if st.session_state.get(f"{prefix}_at") != here:
        st.session_state[f"{prefix}_at"] = here
        st.session_state[f"{prefix}_attempt"] = 0
        st.session_state[f"{prefix}_verdict"] = None
        st.session_state[f"{prefix}_hint"] = False
        st.session_state[f"{prefix}_shown"] = time.monotonic()
    attempt = st.session_state[f"{prefix}_attempt"]
    # Check's callback only notes the click: the answer is read from the controls below.
    checking = st.session_state.pop(f"{prefix}_checking", None) == here
    view = result.hand.view()
    key = f"{prefix}_{scenario.id}_{result.index}_{attempt}"
    verdict: Verdict | None = st.session_state[f"{prefix}_verdict"]
    # The key names the ask, so the page's focus watcher sees a new question arrive.
    with st.container(key=f"{prefix}_question_{scenario.id}_{result.index}"):
        st.markdown(f"**Question:** {plain(ask.prompt)}")
    warning = room_warning(ask.prompt, scenario, settings)
    if warning:
        st.caption(f":material/info: {warning}")
    given = answer_control(ask.kind, key, result, view)
    if checking and verdict is None:
        verdict = _check(prefix, scenario, result, given, settings, store)
        if verdict is not None and ask.kind in POT_KINDS:
            # The pot and its lines are outside this fragment: draw the page again.
            st.rerun()
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
        st.warning(problem)  # the app's own words (never data)
    tries = st.session_state.get(f"{prefix}_tries", {}).get(
        (scenario.id, result.index), 0
    )
    if verdict is None and tries and not settings.preview:
        st.caption(
            "Practice try: you have seen the answer, so this answer is kept as a retry "
            "and does not count towards your mastery."
        )
    if st.session_state[f"{prefix}_hint"] and verdict is None:
        st.info(f"Hint: {plain(hint_text(ask.hint, ruling.rules))}")
    if verdict is not None:
        with st.container(key=f"{prefix}_verdict_box"):
            _feedback(prefix, verdict, scenario, result, settings)
        # (a store that is down has its own banner; a preview saves nothing)
        if settings.learner is None and not settings.preview and not store_down():
            st.caption("Type your name in the sidebar to have your answers saved.")
