"""One question on screen: the control that fits its kind, Hint, Check, Retry, and the feedback."""

from __future__ import annotations

import logging
import re
import time
from collections.abc import Callable, Collection, Sequence
from html import escape
from typing import Any

import streamlit as st

from tutor.asks import ASKS, check_answer, describe, hidden_until_answered, incomplete
from tutor.engine import Hand, Message, Operation, TutorError
from tutor.i18n import N_, _
from tutor.progress import ProgressStore
from tutor.quiz import Verdict, hint_text
from tutor.scenarios.model import Scenario
from tutor.scenarios.replay import StepResult, start_hand
from tutor.ui.ask_controls import answer_control
from tutor.ui.components import guarded
from tutor.ui.data import KEPT, KEPT_NOTE, save_answer, store_down
from tutor.ui.glossary_links import linked_plain
from tutor.ui.rules_page import preset_description, rule_links
from tutor.ui.screen import (
    Screen,
    masked_prompt,
    step_screen,
    table_notation,
    table_result,
)
from tutor.ui.state import PANELS, Key, Settings
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
    from tutor.course import TOPICS

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
    return _(
        "This question was written for the {written} house rules; you are playing it "
        "under the {override} house rules, and the answer follows {override}."
    ).format(written=scenario.rules, override=override)


def reset_play(prefix: str) -> None:
    """Start a new play-through: every ask's next answer is a first attempt again."""
    PANELS[prefix].tries.set({})
    PANELS[prefix].first.set({})


def first_results(prefix: str) -> dict[tuple[str, int], bool]:
    """This play-through's first-attempt results: (scenario id, step) -> right."""
    return PANELS[prefix].first.setdefault()


def answers_checked(prefix: str) -> dict[tuple[str, int], int]:
    """This play-through's answers checked per ask: (scenario id, step) -> how many."""
    return PANELS[prefix].tries.setdefault()


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
        f"<thead><tr><th scope='col'>{escape(_('House rules'))}</th>"
        f"<th scope='col'>{escape(_('Which rulebook'))}</th>"
        f"<th scope='col'>{escape(_('The answer'))}</th></tr></thead>"
        f"<tbody>{body}</tbody></table>"
        "<style>.stt-compare th,.stt-compare td{border:1px solid #bbb;padding:4px 8px;"
        "text-align:left;vertical-align:top}</style>"
    )


def compare_rows(scenario: Scenario, index: int) -> list[tuple[str, str, str]]:
    """One ask's answer under every preset, with each preset's one-line description."""
    from tutor.engine import PRESETS
    from tutor.ui.bank import walk_until_refused

    rows = []
    for preset in PRESETS:
        results, refused = walk_until_refused(scenario, preset)
        found = next((r for r in results if r.index == index), None)
        if found is None or found.ruling is None or found.ask is None:
            why = refused or _("this step is not reached.")
            answer = _("Not playable under these rules: {why}").format(why=why)
        else:
            answer = with_card_symbols(describe(found.ask.kind, found.ruling.answer))
        rows.append((preset, preset_description(preset), answer))
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
    why = _("Why:")
    st.markdown(f"**{why}** {plain(with_card_symbols(ruling.explanation))}")
    if result.ask.explain:
        st.markdown(plain(with_card_symbols(result.ask.explain)))
    rules = rule_links(ruling.rules)
    preset = preset_in_force(scenario, settings)
    st.caption(
        _("Rules: {rules} · decided under the **{preset}** house rules").format(
            rules=rules, preset=preset
        )
    )
    # Drawn only when asked for: the check itself stays light.
    if st.toggle(_("Compare presets"), key=PANELS[prefix].compare.name):
        st.html(compare_html(compare_rows(scenario, result.index)))


def _check_clicked(prefix: str, here: tuple[str, int, str]) -> None:
    PANELS[prefix].checking.set(here)


def give_up(prefix: str, here: tuple[str, int, str]) -> None:
    """Ask for the answer of the question at ``here``: its panel shows it when next drawn
    (saved as not answered: a wrong first try)."""
    PANELS[prefix].giving_up.set(here)


def _hint_clicked(prefix: str) -> None:
    PANELS[prefix].hint.set(True)


def _retry_clicked(prefix: str) -> None:
    keys = PANELS[prefix]
    keys.attempt.set(keys.attempt.get() + 1)
    keys.verdict.set(None)
    keys.hint.set(False)
    keys.shown.set(time.monotonic())


#: Said when the store refuses an answer (its own message may name a server path).
NOT_SAVED = N_(
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
    keys = PANELS[prefix]
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
            keys.problem.set(problem)
            return None
        verdict = check_answer(ask.kind, given, ruling)
    keys.problem.pop()
    seconds = time.monotonic() - keys.shown.get()
    keys.verdict.set(verdict)
    tries = answers_checked(prefix)
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
            hinted=keys.hint.get(),
            run_id=run_id,
        )
        if outcome is not None and outcome[0] == KEPT:
            keys.problem.set(_(KEPT_NOTE))
        stored = outcome[1] if outcome is not None else None
    except TutorError as exc:
        # the reason names the database (a path or a URL): it goes to the log, not the page
        logger.error("An answer was not saved: %s", exc)
        keys.problem.set(_(NOT_SAVED))
        stored = None
    if stored is not None:  # the run's own count (a reload forgets the session's)
        attempt = tries[where] = max(attempt, stored)
    if attempt == 1:
        first_results(prefix)[where] = verdict.correct
    return verdict


def settled_positions(
    prefix: str, scenario: Scenario, results: Sequence[StepResult]
) -> set[int]:
    """The positions of the questions answered (checked once) or given up in this
    play-through."""
    first = first_results(prefix)
    return {
        n
        for n, r in enumerate(results)
        if r.kind == "ask" and (scenario.id, r.index) in first
    }


def question_screen(
    prefix: str,
    scenario: Scenario,
    results: Sequence[StepResult],
    pos: int,
    passed: Collection[tuple[str, int]] = (),
) -> Screen:
    """The one screen rule (:func:`tutor.ui.screen.step_screen`) for the question at
    ``pos`` shown on its own (Practice, Review): what it and the next question of the
    hand hide until each is checked, given this play-through's answers and the
    questions passed with Next unanswered (``passed``: (scenario id, step))."""
    skipped = {n for n, r in enumerate(results) if (scenario.id, r.index) in passed}
    return step_screen(
        results, pos, settled_positions(prefix, scenario, results), skipped
    )


def screen_hand(
    scenario: Scenario,
    results: Sequence[StepResult],
    pos: int,
    screen: Screen,
    preset: str | None,
) -> Hand:
    """The hand the table shows at ``pos`` under ``screen``: before a ruling's
    irregularity, the hand as it stood then (as dealt, if nothing came before)."""
    shown = table_result(results, pos, screen)
    if shown is not None:
        return shown.hand
    from tutor.ui.bank import with_preset

    return start_hand(with_preset(scenario, preset))


def _blocked_texts(kind: str, number: int) -> tuple[str, str, str]:
    """The notice's sentence and its two buttons' labels, for a question or a rule."""
    if kind == "rule":
        return (
            _(
                "This rule's question would show the answer to the question of rule "
                "{n}, which you went past without answering. Answer it first, or ask "
                "for its answer."
            ).format(n=number),
            _("Back to rule {n}").format(n=number),
            _("Show the answer for rule {n}").format(n=number),
        )
    return (
        _(
            "This question would show the answer to question {n}, which you went past "
            "without answering. Answer it first, or ask for its answer."
        ).format(n=number),
        _("Back to question {n}").format(n=number),
        _("Show the answer to question {n}").format(n=number),
    )


def blocked_notice(
    prefix: str,
    number: int,
    here: tuple[str, int, str],
    go_back: Callable[[], None],
    keys: tuple[Key[Any], Key[Any], Key[Any]],
    *,
    kind: str = "question",
) -> None:
    """In place of a question that would show the answer of question ``number``, passed
    with Next unanswered (at ``here``): go back to it, or ask for its answer. ``kind``
    says how the page numbers its questions ("question", or "rule" on Review); ``keys``
    are the notice's container's and its two buttons'."""
    box, back_key, give_up_key = keys
    says, back_label, answer_label = _blocked_texts(kind, number)

    def answer_it() -> None:
        go_back()
        give_up(prefix, here)

    with st.container(border=True, key=box.name):
        st.markdown(says)
        back, answer = st.columns(2)
        with back:
            st.button(back_label, key=back_key.name, type="primary", on_click=go_back)
        with answer:
            st.button(
                answer_label,
                key=give_up_key.name,
                on_click=answer_it,
                help=_("Counts as not answered: a wrong first try."),
            )


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

    ``screen`` (:func:`tutor.ui.screen.step_screen`; :func:`question_screen` for a
    question shown on its own) says what the table, the lines and the prompt hide, and
    offers "Show the answer"; ``table`` is the hand the table shows (default the ask's
    own); ``run_id`` the play-through the answers belong to.

    The table and "What happened so far" keep the answer hidden while the question is
    open. They are drawn outside the fragment, so that answering and Check resend only
    the question's few elements; a check redraws the whole page (the table shows what
    was hidden).
    """
    keys = PANELS[prefix]
    here = (scenario.id, result.index, settings.preset)
    answered = keys.at.get() == here and keys.verdict.get() is not None
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
    with st.expander(_("What happened so far"), expanded=history_open):
        st.markdown("\n".join(operation_lines(shown)) or _("Nothing yet."))


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
    page around it, e.g. a Next button, reruns the whole page). Its session keys are
    :class:`tutor.ui.state.PanelKeys`. ``footer`` is drawn last, inside the fragment (so
    it sees this run's verdict).
    """
    guarded(lambda: _panel(prefix, scenario, result, settings, store, screen, run_id))
    if footer is not None:
        guarded(footer)


#: Controls with typed boxes (amounts): drawn in a form, so that Enter in a box presses
#: Check. The others (a choice of players, cards, a ruling whose parts show as they are
#: chosen) are answered by clicks and stay live outside one.
_FORM_CONTROLS = frozenset({"amounts", "raises", "payouts", "side-pots"})


def _panel(
    prefix: str,
    scenario: Scenario,
    result: StepResult,
    settings: Settings,
    store: ProgressStore | None,
    screen: Screen | None = None,
    run_id: int | None = None,
) -> None:
    keys = PANELS[prefix]
    ask = result.ask
    ruling = result.ruling
    assert ask is not None and ruling is not None
    here = (scenario.id, result.index, settings.preset)
    if keys.at.get() != here:
        keys.at.set(here)
        keys.attempt.set(0)
        keys.verdict.set(None)
        keys.hint.set(False)
        keys.shown.set(time.monotonic())
    attempt = keys.attempt.get()
    # Check's callback only notes the click: the answer is read from the controls below.
    checking = keys.checking.pop() == here
    giving_up = keys.giving_up.pop() == here
    view = result.hand.view()
    key = keys.answer(scenario.id, result.index, attempt)
    verdict: Verdict | None = keys.verdict.get()
    # The key names the ask, so the page's focus watcher sees a new question arrive.
    with st.container(key=keys.question.at(scenario.id, result.index).name):
        prompt = ask.prompt
        if screen is not None and verdict is None:
            prompt = masked_prompt(prompt, screen.masked)
        # each glossary term's first use a link to its entry; the rest plain text
        label = _("Question:")
        st.markdown(f"**{label}** {linked_plain(table_notation(prompt), seen=set())}")
    # the room's words are looked for in the English prompt (a translation may say them
    # otherwise)
    warning = room_warning(
        english_prompt(scenario, result.index, ask.prompt), scenario, settings
    )
    if warning:
        st.caption(f":material/info: {warning}")
    entry = ASKS.get(ask.kind)
    # (a player control with an amount, the bring-in's, has a box too)
    in_form = entry is not None and (
        entry.control in _FORM_CONTROLS or bool(entry.slots("amount"))
    )
    check_args: dict[str, Any] = {
        "label": _("Check"),
        "key": keys.check.name,
        "type": "primary",
        "disabled": verdict is not None,
        "on_click": _check_clicked,
        "args": (prefix, here),
    }
    if in_form:
        # Enter in an amount box presses Check (the form's submit)
        with st.form(key=keys.form.name, border=False, enter_to_submit=True):
            given = answer_control(ask.kind, key, result, view)
            st.form_submit_button(**check_args)
    else:
        given = answer_control(ask.kind, key, result, view)
        st.button(**check_args)
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
            # The pot, its lines and the award's, the "to act" mark and the page's Next
            # are outside this fragment: draw the page again.
            st.rerun()
    hint_col, retry_col, give_up_col = st.columns(3)
    with hint_col:
        st.button(
            _("Hint"),
            key=keys.hint_button.name,
            disabled=verdict is not None,
            on_click=_hint_clicked,
            args=(prefix,),
        )
    with retry_col:
        st.button(
            _("Retry"),
            key=keys.retry.name,
            disabled=verdict is None,
            on_click=_retry_clicked,
            args=(prefix,),
        )
    if screen is not None and verdict is None:
        with give_up_col:
            st.button(
                _("Show the answer"),
                key=keys.give_up.name,
                type="tertiary",
                on_click=give_up,
                args=(prefix, here),
                help=_("Counts as not answered: a wrong first try."),
            )
    problem = keys.problem.pop()
    if problem:
        st.warning(problem)  # the app's own words (never data)
    tries = answers_checked(prefix).get((scenario.id, result.index), 0)
    if verdict is None and tries and not settings.preview:
        st.caption(
            _(
                "Practice try: you have seen the answer, so this answer is kept as a "
                "retry and does not count towards your mastery."
            )
        )
    if keys.hint.get() and verdict is None:
        hint = table_notation(hint_text(ask.hint, ruling.rules))
        st.info(_("Hint: {hint}").format(hint=plain(hint)))
    if verdict is not None:
        with st.container(key=keys.verdict_box.name):
            _feedback(prefix, verdict, scenario, result, settings)
        # (a store that is down has its own banner; a preview saves nothing)
        if settings.learner is None and not settings.preview and not store_down():
            st.caption(_("Type your name in the sidebar to have your answers saved."))
