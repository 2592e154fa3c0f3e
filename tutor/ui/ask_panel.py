"""One question on screen: the control that fits its kind, Hint, Check, Retry, and the feedback."""

from __future__ import annotations

import logging
import re
import time
from collections.abc import Callable, Sequence
from html import escape
from typing import Any

import streamlit as st

from tutor.asks import ASKS, check_answer, describe, hidden_until_answered, incomplete
from tutor.engine.errors import TutorError
from tutor.engine.messages import Message
from tutor.engine.table import Hand, Operation
from tutor.i18n import _
from tutor.progress import ProgressStore
from tutor.quiz import Verdict, hint_text
from tutor.scenarios.model import Scenario
from tutor.scenarios.replay import StepResult
from tutor.ui.ask_controls import answer_control
from tutor.ui.components import guarded
from tutor.ui.data import KEPT, KEPT_NOTE, save_answer, store_down
from tutor.ui.glossary_links import linked_plain
from tutor.ui.rules_page import rule_links
from tutor.ui.screen import Screen, masked_prompt, table_notation
from tutor.ui.state import PRESET_DESCRIPTIONS, Settings
from tutor.ui.text import plain, with_card_symbols

logger = logging.getLogger(__name__)


#: Words in a prompt that name one card room's rules.
_ROOM_WORDS = re.compile(
    r"online room|online|WSOP|World Series|Robert|TDA|tournament rules|card room|this room",
    re.IGNORECASE,
)


def ask_topic(scenario_topic: str, kind: str) -> str:
    """The topic a question counts under: its scenario's, unless the kind belongs elsewhere.

    >>> ask_topic("showdown", "pot")
    'betting-limits'
    >>> ask_topic("side-pots", "pot")
    'side-pots'
    >>> ask_topic("razz", "first-to-act")
    'razz'
    """
    entry = ASKS.get(kind)
    topics = entry.topics if entry is not None else ()
    if not topics or scenario_topic in topics:
        return scenario_topic
    from tutor.engine.rules import TOPICS

    return topics[0] if scenario_topic in TOPICS else scenario_topic


#: Operations that say an amount a pot or ante question asks for: the antes posted, the
#: chips returned uncalled and the award.
_STATES_POT = frozenset({"ante", "uncalled", "award"})


def _says_pot(message: Message) -> bool:
    """Whether ``message``, or one nested in it, carries the pot's amount (a ``pot``)."""
    for name, value in message.params.items():
        if name == "pot":
            return True
        nested = value if isinstance(value, tuple) else (value,)
        if any(isinstance(m, Message) and _says_pot(m) for m in nested):
            return True
    return False


def visible_history(
    operations: Sequence[Operation], kind: str | None
) -> list[Operation]:
    """What "What happened so far" may show before an ask of ``kind`` is answered.

    Before an ante or pot question, the operations that state an amount of the pot are left
    out: the antes, chips returned uncalled, the award, and any line whose message carries
    the pot (a scenario that starts on a later street says what is in the pot). Before a
    showdown question (whose hand, who wins, the award), the award's line, which names the
    winning hands. Nothing on screen gives the answer away; the decision is made on the
    operations' kinds and messages, never on their wording.
    """
    return visible_lines(operations, hidden_until_answered(kind))


def visible_lines(
    operations: Sequence[Operation], hides: frozenset[str]
) -> list[Operation]:
    """The operations "What happened so far" shows while the table hides ``hides``."""
    shown = list(operations)
    if "award" in hides:
        shown = [op for op in shown if op.kind != "award"]
    if "pot" in hides:
        shown = [
            op
            for op in shown
            if op.kind not in _STATES_POT
            and not any(_says_pot(m) for m in (op.said, *op.why))
        ]
    return shown


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


def english_prompt(scenario: Scenario, index: int, shown: str) -> str:
    """The prompt of step ``index`` as the bank's English file says it (``shown`` when the
    scenario is not in the bank: a generated one, a draft)."""
    from tutor.ui.bank import scenario_bank

    original = scenario_bank().get(scenario.id)
    if original is None or original is scenario:
        return shown
    step = next((s for s in original.steps if s.index == index), None)
    return step.ask.prompt if step is not None and step.ask is not None else shown


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
    run_id: int | None = None,
) -> tuple[str, int | None] | None:
    """Save the answer, or keep it while the store is away: ``(saved, attempt)`` with the
    attempt number the store gave it, ``(kept, None)``, or None (nothing to save: no
    learner, a preview)."""
    if settings.learner is None or settings.preview:
        return None
    ruling = result.ruling
    assert ruling is not None and result.ask is not None
    rules = result.hand.rules
    numbered: list[int] = []
    status = save_answer(
        store,
        settings.learner,
        then=lambda record: numbered.append(record.attempt),
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
        run_id=run_id,
    )
    return status, (numbered[0] if numbered else None)


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


def _give_up_clicked(prefix: str, here: tuple[str, int, str]) -> None:
    st.session_state[f"{prefix}_giving_up"] = here


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
    *,
    gave_up: bool = False,
    run_id: int | None = None,
) -> Verdict | None:
    """Check the answer given (recording it); None, with a problem to show, if incomplete.

    ``gave_up``: the learner asked for the answer (saved as a wrong answer).
    """
    ask = result.ask
    ruling = result.ruling
    assert ask is not None and ruling is not None
    if gave_up:
        expected = describe(ask.kind, ruling.answer)
        verdict = Verdict(
            False,
            _("Not answered: you asked for the answer. The answer is {answer}.").format(
                answer=expected
            ),
            expected,
        )
        given = {"gave_up": True}
    else:
        problem = incomplete(ask.kind, given)
        if problem:
            st.session_state[f"{prefix}_problem"] = problem
            return None
        verdict = check_answer(ask.kind, given, ruling)
    st.session_state.pop(f"{prefix}_problem", None)
    seconds = time.monotonic() - st.session_state[f"{prefix}_shown"]
    st.session_state[f"{prefix}_verdict"] = verdict
    tries: dict[tuple[str, int], int] = st.session_state.setdefault(
        f"{prefix}_tries", {}
    )
    where = (scenario.id, result.index)
    attempt = tries.get(where, 0) + 1
    tries[where] = attempt
    try:
        outcome = _record(
            store,
            settings,
            scenario,
            result,
            given,
            verdict,
            seconds,
            attempt=attempt,
            hinted=bool(st.session_state.get(f"{prefix}_hint")),
            run_id=run_id,
        )
        if outcome is not None and outcome[0] == KEPT:
            st.session_state[f"{prefix}_problem"] = _(KEPT_NOTE)
        stored = outcome[1] if outcome is not None else None
    except TutorError as exc:
        # the reason names the database (a path or a URL): it goes to the log, not the page
        logger.error("An answer was not saved: %s", exc)
        st.session_state[f"{prefix}_problem"] = NOT_SAVED
        stored = None
    if stored is not None:  # the run's own count (a reload forgets the session's)
        attempt = tries[where] = max(attempt, stored)
    if attempt == 1:
        first_results(prefix)[where] = verdict.correct
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
    screen: Screen | None = None,
    table: Hand | None = None,
    run_id: int | None = None,
) -> None:
    """Show one ask: the table, what happened so far, then the question in a fragment.

    ``screen`` (the walkthrough's: :func:`tutor.ui.screen.step_screen`) says what the table,
    the lines and the prompt hide, and offers "Show the answer"; ``table`` is the hand the
    table shows (default the ask's own); ``run_id`` the play-through the answers belong to.

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
    if screen is not None:
        hides = screen.hides
    else:
        hides = frozenset() if answered else hidden_until_answered(kind)
    view = (table if table is not None else result.hand).view()
    guarded(lambda: _context(view, settings, hides, history, history_open))
    _question(prefix, scenario, result, settings, store, footer, screen, run_id)


def _context(
    view: Any,
    settings: Settings,
    hides: frozenset[str],
    history: Sequence[Operation],
    history_open: bool,
) -> None:
    from tutor.ui.components import show_table

    show_table(
        view,
        settings.four_colour,
        show_to_act="to-act" not in hides,
        show_pot="pot" not in hides,
    )
    shown = visible_lines(history, hides)
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
    screen: Screen | None = None,
    run_id: int | None = None,
) -> None:
    """The question, its control, Hint, Check and Retry, and the feedback once checked.

    A fragment: in the browser, answering, Hint, Check and Retry rerun only this part (the
    page around it, e.g. a Next button, reruns the whole page). Session keys:
    ``{prefix}_shown`` (when the ask appeared), ``{prefix}_attempt`` (bumped by Retry, so
    the controls start empty), ``{prefix}_verdict``, ``{prefix}_hint``, ``{prefix}_tries``
    (answers checked per ask in this play-through; see :func:`reset_play`). ``footer`` is
    drawn last, inside the fragment (so it sees this run's verdict).
    """
    guarded(lambda: _panel(prefix, scenario, result, settings, store, screen, run_id))
    if footer is not None:
        guarded(footer)


def _panel(
    prefix: str,
    scenario: Scenario,
    result: StepResult,
    settings: Settings,
    store: ProgressStore | None,
    screen: Screen | None = None,
    run_id: int | None = None,
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
    giving_up = st.session_state.pop(f"{prefix}_giving_up", None) == here
    view = result.hand.view()
    key = f"{prefix}_{scenario.id}_{result.index}_{attempt}"
    verdict: Verdict | None = st.session_state[f"{prefix}_verdict"]
    # The key names the ask, so the page's focus watcher sees a new question arrive.
    with st.container(key=f"{prefix}_question_{scenario.id}_{result.index}"):
        prompt = ask.prompt
        if screen is not None and verdict is None:
            prompt = masked_prompt(prompt, screen.masked)
        # each glossary term's first use a link to its entry; the rest plain text
        st.markdown(f"**Question:** {linked_plain(table_notation(prompt), seen=set())}")
    # the room's words are looked for in the English prompt (a translation may say them
    # otherwise)
    warning = room_warning(
        english_prompt(scenario, result.index, ask.prompt), scenario, settings
    )
    if warning:
        st.caption(f":material/info: {warning}")
    given = answer_control(ask.kind, key, result, view)
    if (checking or giving_up) and verdict is None:
        verdict = _check(
            prefix,
            scenario,
            result,
            given,
            settings,
            store,
            gave_up=giving_up and not checking,
            run_id=run_id,
        )
        if verdict is not None and (
            screen is not None or hidden_until_answered(ask.kind) & {"pot", "award"}
        ):
            # The pot, its lines and the award's, the "to act" mark of a walkthrough and
            # its Next are outside this fragment: draw the page again.
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
    if screen is not None and verdict is None:
        st.button(
            _("Show the answer"),
            key=f"{prefix}_give_up",
            type="tertiary",
            on_click=_give_up_clicked,
            args=(prefix, here),
            help=_("Counts as not answered: a wrong first try."),
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
        hint = table_notation(hint_text(ask.hint, ruling.rules))
        st.info(_("Hint: {hint}").format(hint=plain(hint)))
    if verdict is not None:
        with st.container(key=f"{prefix}_verdict_box"):
            _feedback(prefix, verdict, scenario, result, settings)
        # (a store that is down has its own banner; a preview saves nothing)
        if settings.learner is None and not settings.preview and not store_down():
            st.caption("Type your name in the sidebar to have your answers saved.")
