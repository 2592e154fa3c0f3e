"""The walkthrough: one scenario played step by step, stopping at each question."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import streamlit as st

from tutor.engine.table import Operation
from tutor.progress import ProgressStore
from tutor.scenarios.model import Scenario
from tutor.scenarios.replay import StepResult
from tutor.ui.ask_panel import ask_panel, first_results, operation_lines, reset_play
from tutor.ui.bank import (
    in_course_order,
    playable_scenarios,
    scenario_label,
    walk_until_refused,
)
from tutor.ui.components import show_table
from tutor.ui.data import available_store
from tutor.ui.state import Settings
from tutor.ui.text import plain

PRACTICE_PAGE = "app_pages/practice.py"
WALKTHROUGH_PAGE = "app_pages/walkthrough.py"

__all__ = ["operation_lines", "start_walkthrough", "walkthrough_page"]


def start_walkthrough(scenario_id: str) -> None:
    """Open ``scenario_id`` in the walkthrough at its first step (call before switching page)."""
    st.session_state["wt_scenario"] = scenario_id
    st.session_state["wt_pos"] = 0
    reset_play("wt")


def _picked() -> None:
    start_walkthrough(st.session_state["wt_pick"])


def _history(result: StepResult) -> Sequence[Operation]:
    history = list(result.hand.history)
    return history[: len(history) - len(result.operations)]


def _show_step(
    scenario: Scenario,
    results: list[StepResult],
    pos: int,
    count: int,
    settings: Settings,
    store: ProgressStore | None,
    footer: Callable[[], None] | None,
    prefix: str = "wt",
) -> None:
    st.subheader(f"Step {pos + 1} of {count}")
    result = results[pos]
    earlier = _history(result)
    if result.kind in ("act", "event"):
        show_table(result.hand.view(), settings.four_colour)
        with st.expander("What happened so far", expanded=pos == 0):
            st.markdown("\n".join(operation_lines(earlier)) or "Nothing yet.")
        what = "What went wrong" if result.kind == "event" else "Action"
        st.markdown(f"**{what}:** {plain(result.text)}")
        st.markdown("\n".join(operation_lines(result.operations)))
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
        )


def _move(step: int, count: int) -> None:
    pos = max(0, min(count - 1, st.session_state.get("wt_pos", 0))) + step
    st.session_state["wt_pos"] = max(0, min(count - 1, pos))


def _go_to(pos: int) -> None:
    st.session_state["wt_pos"] = pos


def _refused(preset: str, reason: str) -> None:
    st.subheader("This step cannot be played under these house rules")
    st.error(
        plain(
            f"Under the {preset} house rules the hand cannot go on: {reason} "
            "Choose 'As each scenario says' under House rules in the sidebar to play "
            "it as written."
        )
    )


def wrap_up(
    scenario: Scenario,
    results: list[StepResult],
    ordered: Sequence[Scenario],
) -> None:
    """The end of a scenario: its score, the mistakes with links, what to do next."""
    asks = [r for r in results if r.kind == "ask"]
    first = first_results("wt")
    done = [
        (r, first[(scenario.id, r.index)])
        for r in asks
        if (scenario.id, r.index) in first
    ]
    right = sum(ok for _r, ok in done)
    with st.container(border=True):
        st.markdown("**End of the scenario.**")
        if asks:
            st.markdown(
                f"Your score: {right} of {len(asks)} questions right at the first try"
                + (
                    f" ({len(asks) - len(done)} not answered)."
                    if len(done) < len(asks)
                    else "."
                )
            )
        positions = {r.index: n for n, r in enumerate(results)}
        for result, ok in done:
            if ok:
                continue
            st.button(
                f"Mistake at step {positions[result.index] + 1}: {plain(result.text)}",
                key=f"wt_mistake_{result.index}",
                on_click=_go_to,
                args=(positions[result.index],),
                type="tertiary",
            )
        nxt = next_in_lesson(scenario, ordered)
        left, right_col = st.columns(2)
        with left:
            if nxt is not None and st.button(
                "Next scenario in this lesson", key="wt_next_scenario", type="primary"
            ):
                start_walkthrough(nxt.id)
                st.rerun()
        with right_col:
            if st.button("Practise my mistakes", key="wt_practise_mistakes"):
                st.session_state["pr_mode"] = "My mistakes only"
                st.switch_page(PRACTICE_PAGE)


def next_in_lesson(scenario: Scenario, ordered: Sequence[Scenario]) -> Scenario | None:
    """The scenario after ``scenario`` in course order within its lesson's topics, or None."""
    from tutor.ui.data import lessons

    topics: tuple[str, ...] = (scenario.topic,)
    for lesson in lessons():
        if scenario.topic in lesson.topics:
            topics = lesson.topics
            break
    ids = [s.id for s in ordered]
    if scenario.id not in ids:
        return None
    later = ordered[ids.index(scenario.id) + 1 :]
    return next((s for s in later if s.topic in topics), None)


def walkthrough_page(settings: Settings) -> None:
    """Pick a scenario, then step through it: actions explained, questions asked and checked."""
    scenarios = in_course_order(playable_scenarios(settings.game))
    if not scenarios:
        return
    ids = [s.id for s in scenarios]
    chosen = st.session_state.get("wt_scenario")
    if chosen not in ids:
        chosen = ids[0]
        start_walkthrough(chosen)
    st.session_state["wt_pick"] = chosen
    by_id = {s.id: s for s in scenarios}
    st.selectbox(
        "Scenario",
        ids,
        key="wt_pick",
        on_change=_picked,
        format_func=lambda i: scenario_label(by_id[i]),
    )
    scenario = by_id[chosen]
    results, refused = walk_until_refused(scenario, settings.preset_override)
    count = len(results) + (1 if refused else 0)
    if not count:
        st.info("This scenario has no steps.")
        return
    # Not written back: a preset that stops the hand early must not lose the learner's place.
    pos = max(0, min(count - 1, st.session_state.get("wt_pos", 0)))
    store = available_store() if settings.learner is not None else None
    last = pos == count - 1 and not refused
    in_panel = last and results[pos].kind == "ask"
    if pos < len(results):
        _show_step(
            scenario,
            results,
            pos,
            count,
            settings,
            store,
            (lambda: wrap_up(scenario, results, scenarios)) if in_panel else None,
        )
    else:
        _refused(settings.preset_override or scenario.rules, refused or "")
    back, forward = st.columns(2)
    with back:
        st.button(
            "Back",
            key="wt_back",
            on_click=_move,
            args=(-1, count),
            disabled=pos == 0,
        )
    with forward:
        st.button(
            "Next",
            key="wt_next",
            on_click=_move,
            args=(1, count),
            disabled=pos == count - 1,
        )
    if last and not in_panel:
        wrap_up(scenario, results, scenarios)
