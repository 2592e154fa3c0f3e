"""The walkthrough: one scenario played step by step, stopping at each question.

What each step shows is decided in one place, :func:`tutor.ui.screen.step_screen`: the
current and the next question's answers stay hidden until checked, and a question passed
with Next stays open ("not answered") until it is answered or its answer is asked for. The
play-through is a run kept in the store (``scenario_runs``), so a reload never makes a
question a first attempt again.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence

import streamlit as st

from tutor.engine import Hand, Operation, TutorError
from tutor.i18n import DEFAULT_LANGUAGE, _, current_language, ngettext
from tutor.progress import ProgressStore
from tutor.scenarios.model import Scenario
from tutor.scenarios.replay import StepResult, start_hand
from tutor.scenarios.texts import localised
from tutor.ui.ask_panel import (
    ask_panel,
    first_results,
    operation_lines,
    reset_play,
    visible_lines,
)
from tutor.ui.bank import (
    in_course_order,
    playable_scenarios,
    walk_until_refused,
    with_preset,
)
from tutor.ui.components import show_table
from tutor.ui.data import available_store
from tutor.ui.screen import Screen, step_screen, table_notation, table_result
from tutor.ui.state import (
    PRACTICE_MODE,
    WT_BACK,
    WT_BLOCKED,
    WT_BLOCKED_BACK,
    WT_BLOCKED_GIVE_UP,
    WT_FINISHED,
    WT_GIVING_UP,
    WT_MISTAKE,
    WT_NEW_RUN,
    WT_NEXT,
    WT_NEXT_SCENARIO,
    WT_PICK,
    WT_POS,
    WT_PRACTISE_MISTAKES,
    WT_RUN,
    WT_SCENARIO,
    WT_SKIPPED,
    WT_TRIES,
    WT_UNANSWERED,
    WT_WRAP_UP,
    Settings,
)
from tutor.ui.text import plain

PRACTICE_PAGE = "app_pages/practice.py"
WALKTHROUGH_PAGE = "app_pages/walkthrough.py"

logger = logging.getLogger(__name__)

__all__ = ["operation_lines", "start_walkthrough", "walkthrough_page"]


def scenario_title(scenario: Scenario) -> str:
    """How a scenario is named to a learner: its title and level (no ids, no game codes).

    >>> from types import SimpleNamespace
    >>> scenario_title(SimpleNamespace(title="Who brings in?", level=1))
    'Who brings in? · level 1'
    """
    return _("{title} · level {level}").format(
        title=scenario.title, level=scenario.level
    )


def start_walkthrough(scenario_id: str) -> None:
    """Open ``scenario_id`` in the walkthrough at its first step (call before switching page).

    A new play-through: a new run in the store, every question a first attempt again.
    """
    WT_SCENARIO.set(scenario_id)
    WT_POS.set(0)
    WT_NEW_RUN.set(scenario_id)
    WT_SKIPPED.set(set())
    WT_RUN.pop()
    reset_play("wt")


def _picked() -> None:
    picked = WT_PICK.get()
    if picked:
        start_walkthrough(picked)


def _history(result: StepResult) -> Sequence[Operation]:
    history = list(result.hand.history)
    return history[: len(history) - len(result.operations)]


def _run(
    scenario: Scenario, settings: Settings, store: ProgressStore | None
) -> int | None:
    """The store's run of this play-through (opened once per session and scenario).

    A reload finds the learner's latest run again and takes back its first attempts, so
    an answer given before the reload stays the first attempt.
    """
    if store is None or settings.learner is None or settings.preview:
        return None
    kept = WT_RUN.get()
    if kept is not None and kept[:2] == (settings.learner.id, scenario.id):
        return int(kept[2])
    new = WT_NEW_RUN.pop() == scenario.id
    try:
        run = store.open_run(settings.learner, scenario.id, new=new)
        firsts = store.run_firsts(run)
    except TutorError as exc:  # the store has its own banner; the page goes on unsaved
        logger.error("A scenario run could not be opened: %s", exc)
        return None
    WT_RUN.set((settings.learner.id, scenario.id, run))
    first = first_results("wt")
    tries = WT_TRIES.setdefault()
    for step, right in firsts.items():
        first.setdefault((scenario.id, step), right)
        tries[(scenario.id, step)] = max(tries.get((scenario.id, step), 0), 1)
    return run


def settled_positions(
    scenario: Scenario, results: Sequence[StepResult], prefix: str = "wt"
) -> set[int]:
    """The positions of the questions answered (checked once) or given up in this run."""
    first = first_results(prefix)
    return {
        n
        for n, r in enumerate(results)
        if r.kind == "ask" and (scenario.id, r.index) in first
    }


def _table_hand(
    scenario: Scenario,
    results: Sequence[StepResult],
    pos: int,
    screen: Screen,
    settings: Settings,
) -> Hand:
    shown = table_result(results, pos, screen)
    if shown is not None:
        return shown.hand
    return start_hand(with_preset(scenario, settings.preset_override))


def _show_step(
    scenario: Scenario,
    results: list[StepResult],
    pos: int,
    count: int,
    settings: Settings,
    store: ProgressStore | None,
    footer: Callable[[], None] | None,
    screen: Screen | None = None,
    run_id: int | None = None,
    prefix: str = "wt",
) -> None:
    if screen is None:  # the Studio's preview: the same rule, on its own answers
        screen = step_screen(results, pos, settled_positions(scenario, results, prefix))
    st.subheader(_("Step {n} of {count}").format(n=pos + 1, count=count))
    result = results[pos]
    hand = _table_hand(scenario, results, pos, screen, settings)
    # before a ruling, the lines stop where the table does: the event's lines are its answer
    earlier = list(hand.history) if screen.before_event else _history(result)
    if result.kind in ("act", "event"):
        show_table(
            hand.view(),
            settings.four_colour,
            show_to_act="to-act" not in screen.hides,
            show_pot="pot" not in screen.hides,
        )
        with st.expander(_("What happened so far"), expanded=pos == 0):
            st.markdown(
                "\n".join(operation_lines(visible_lines(earlier, screen.hides)))
                or _("Nothing yet.")
            )
        what = _("What went wrong") if result.kind == "event" else _("Action")
        if result.kind == "act" and current_language() != DEFAULT_LANGUAGE:
            # the scenario's action line is the format's English grammar: the lines the
            # engine says below it tell the same action in the session's language
            st.markdown(f"**{what}:**")
        else:
            st.markdown(f"**{what}:** {plain(table_notation(result.text))}")
        if not screen.before_event:  # a ruling asks what these lines say
            st.markdown(
                "\n".join(
                    operation_lines(visible_lines(result.operations, screen.hides))
                )
            )
    else:
        ask_panel(
            prefix,
            scenario,
            result,
            settings,
            store,
            history=earlier,
            history_open=pos == 0,
            footer=footer,
            screen=screen,
            table=hand if hand is not result.hand else None,
            run_id=run_id,
        )


def _move(step: int, count: int, passing: tuple[str, int] | None = None) -> None:
    if passing is not None:  # Next on a question not answered: it stays open
        WT_SKIPPED.setdefault().add(passing)
    pos = max(0, min(count - 1, WT_POS.get())) + step
    WT_POS.set(max(0, min(count - 1, pos)))


def _go_to(pos: int) -> None:
    WT_POS.set(pos)


def _refused(preset: str, reason: str) -> None:
    st.subheader(_("This step cannot be played under these house rules"))
    st.error(
        plain(
            _(
                "Under the {preset} house rules the hand cannot go on: {reason} "
                "Choose 'As each scenario says' under House rules in the sidebar to "
                "play it as written."
            ).format(preset=preset, reason=reason)
        )
    )


def _give_up_at(pos: int, here: tuple[str, int, str]) -> None:
    WT_POS.set(pos)
    WT_GIVING_UP.set(here)  # the question's panel shows its answer


def _blocked(pos: int, count: int, skipped: int, here: tuple[str, int, str]) -> None:
    """A step that would show the answer of a question passed without answering."""
    st.subheader(_("Step {n} of {count}").format(n=pos + 1, count=count))
    with st.container(border=True, key=WT_BLOCKED.name):
        st.markdown(
            _(
                "This step would show the answer to the question at step {step}, which "
                "you went past without answering. Answer it first, or ask for its answer."
            ).format(step=skipped + 1)
        )
        back, answer = st.columns(2)
        with back:
            st.button(
                _("Back to step {step}").format(step=skipped + 1),
                key=WT_BLOCKED_BACK.name,
                type="primary",
                on_click=_go_to,
                args=(skipped,),
            )
        with answer:
            st.button(
                _("Show the answer to step {step}").format(step=skipped + 1),
                key=WT_BLOCKED_GIVE_UP.name,
                on_click=_give_up_at,
                args=(skipped, here),
                help=_("Counts as not answered: a wrong first try."),
            )


def not_answered(
    scenario: Scenario, results: Sequence[StepResult], pos: int
) -> list[int]:
    """The positions before ``pos`` of the questions passed with Next, still unanswered."""
    settled = settled_positions(scenario, results)
    passed = WT_SKIPPED.get()
    return [
        n
        for n in range(pos)
        if results[n].kind == "ask"
        and n not in settled
        and (scenario.id, results[n].index) in passed
    ]


def _skipped_note(scenario: Scenario, results: Sequence[StepResult], pos: int) -> None:
    skipped = not_answered(scenario, results, pos)
    if not skipped:
        return
    steps = ", ".join(str(n + 1) for n in skipped)
    st.caption(
        ngettext(
            "Not answered: step {steps}. It counts as not answered until you answer it.",
            "Not answered: steps {steps}. They count as not answered until you answer them.",
            len(skipped),
        ).format(steps=steps)
    )


def wrap_up(
    scenario: Scenario,
    results: list[StepResult],
    ordered: Sequence[Scenario],
    store: ProgressStore | None = None,
    run_id: int | None = None,
) -> None:
    """The end of a scenario, once its last question is answered: the score, the mistakes
    and the questions not answered with links, one button to go on.
    """
    asks = [r for r in results if r.kind == "ask"]
    first = first_results("wt")
    if asks and (scenario.id, asks[-1].index) not in first:
        return  # the last question is still open: no score yet
    done = [
        (r, first[(scenario.id, r.index)])
        for r in asks
        if (scenario.id, r.index) in first
    ]
    right = sum(ok for _r, ok in done)
    if WT_FINISHED.get() != scenario.id:
        WT_FINISHED.set(scenario.id)
        if store is not None and run_id is not None:
            try:
                store.finish_run(run_id)
            except TutorError as exc:
                logger.error("A scenario run could not be closed: %s", exc)
    positions = {r.index: n for n, r in enumerate(results)}
    with st.container(border=True, key=WT_WRAP_UP.name):
        st.markdown(_("**End of the scenario.**"))
        if asks:
            missing = len(asks) - len(done)
            score = _(
                "Your score: {right} of {count} questions right at the first try"
            ).format(right=right, count=len(asks))
            if missing:
                score += " " + ngettext(
                    "({n} not answered).", "({n} not answered).", missing
                ).format(n=missing)
            else:
                score += "."
            st.markdown(score)
        mistakes = [r for r, ok in done if not ok]
        for result in mistakes:
            st.button(
                _("Mistake at step {n}: {prompt}").format(
                    n=positions[result.index] + 1,
                    prompt=plain(table_notation(result.text)),
                ),
                key=WT_MISTAKE.at(result.index).name,
                on_click=_go_to,
                args=(positions[result.index],),
                type="tertiary",
            )
        for result in asks:
            if (scenario.id, result.index) in first:
                continue
            st.button(
                _("Not answered, step {n}: {prompt}").format(
                    n=positions[result.index] + 1,
                    prompt=plain(table_notation(result.text)),
                ),
                key=WT_UNANSWERED.at(result.index).name,
                on_click=_go_to,
                args=(positions[result.index],),
                type="tertiary",
            )
        nxt = next_in_lesson(scenario, ordered)
        left, right_col = st.columns(2)
        with left:
            if nxt is not None and st.button(
                _("Next scenario: {title}").format(title=plain(localised(nxt).title)),
                key=WT_NEXT_SCENARIO.name,
                type="primary",
            ):
                start_walkthrough(nxt.id)
                st.rerun()
        with right_col:
            if mistakes and st.button(
                _("Practise my mistakes"), key=WT_PRACTISE_MISTAKES.name
            ):
                PRACTICE_MODE.set("My mistakes only")
                st.switch_page(PRACTICE_PAGE)


def next_in_lesson(scenario: Scenario, ordered: Sequence[Scenario]) -> Scenario | None:
    """The scenario after ``scenario``: the next of its lesson's scenarios (the lesson that
    shows it, :func:`tutor.ui.bank.lesson_scenarios`), else the next in course order.
    """
    from tutor.lessons import lesson_for_scenario
    from tutor.ui.bank import asked_by_scenario, lesson_scenarios
    from tutor.ui.data import lessons

    ids = [s.id for s in ordered]
    if scenario.id not in ids:
        return None
    later = ordered[ids.index(scenario.id) + 1 :]
    try:
        course = lessons()
    except TutorError:
        course = []
    lesson = lesson_for_scenario(
        course, scenario.topic, asked_by_scenario().get(scenario.id, ())
    )
    if lesson is not None:
        same = {s.id for s in lesson_scenarios(lesson, course, ordered)}
        found = next((s for s in later if s.id in same), None)
        if found is not None:
            return found
    return later[0] if later else None


def walkthrough_page(settings: Settings) -> None:
    """Pick a scenario, then step through it: actions explained, questions asked and checked."""
    scenarios = in_course_order(playable_scenarios(settings.game))
    if not scenarios:
        return
    ids = [s.id for s in scenarios]
    chosen = WT_SCENARIO.get()
    if chosen not in ids:
        chosen = ids[0]
        start_walkthrough(chosen)
    WT_PICK.set(chosen)
    by_id = {s.id: s for s in scenarios}
    st.selectbox(
        _("Scenario"),
        ids,
        key=WT_PICK.name,
        on_change=_picked,
        format_func=lambda i: scenario_title(localised(by_id[i])),
    )
    # titles, prompts and hints in the session's language (ids, cards and names as written)
    scenario = localised(by_id[chosen])
    results, refused = walk_until_refused(scenario, settings.preset_override)
    count = len(results) + (1 if refused else 0)
    if not count:
        st.info(_("This scenario has no steps."))
        return
    # Not written back: a preset that stops the hand early must not lose the learner's place.
    pos = max(0, min(count - 1, WT_POS.get()))
    store = available_store() if settings.learner is not None else None
    run_id = _run(scenario, settings, store)
    last = pos == count - 1 and not refused
    in_panel = last and results[pos].kind == "ask"

    def footer() -> None:
        wrap_up(scenario, results, scenarios, store, run_id)

    if pos < len(results):
        settled = settled_positions(scenario, results)
        skipped = WT_SKIPPED.get()
        screen = step_screen(
            results,
            pos,
            settled,
            {n for n, r in enumerate(results) if (scenario.id, r.index) in skipped},
        )
        if screen.blocked_by is not None:
            blocking = results[screen.blocked_by]
            _blocked(
                pos,
                count,
                screen.blocked_by,
                (scenario.id, blocking.index, settings.preset),
            )
        else:
            _show_step(
                scenario,
                results,
                pos,
                count,
                settings,
                store,
                footer if in_panel else None,
                screen,
                run_id,
            )
    else:
        _refused(settings.preset_override or scenario.rules, refused or "")
    _skipped_note(scenario, results, min(pos, len(results)))
    open_ask = (
        pos < len(results)
        and results[pos].kind == "ask"
        and (scenario.id, results[pos].index) not in first_results("wt")
    )
    back, forward = st.columns(2)
    with back:
        st.button(
            _("Back"),
            key=WT_BACK.name,
            on_click=_move,
            args=(-1, count),
            disabled=pos == 0,
        )
    with forward:
        st.button(
            _("Next"),
            key=WT_NEXT.name,
            on_click=_move,
            args=(1, count, (scenario.id, results[pos].index) if open_ask else None),
            disabled=pos == count - 1,
        )
    if last and not in_panel:
        footer()
