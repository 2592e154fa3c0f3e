"""The walkthrough: one scenario played step by step, stopping at each question."""

from __future__ import annotations

from collections.abc import Sequence

import streamlit as st

from tutor.engine.table import Operation
from tutor.progress import ProgressStore
from tutor.scenarios.model import Scenario
from tutor.scenarios.replay import StepResult
from tutor.ui.ask_panel import ask_panel
from tutor.ui.bank import playable_scenarios, scenario_label, walk_scenario
from tutor.ui.components import show_table
from tutor.ui.data import progress_store
from tutor.ui.rules_page import rule_links
from tutor.ui.state import Settings


def start_walkthrough(scenario_id: str) -> None:
    """Open ``scenario_id`` in the walkthrough at its first step (call before switching page)."""
    st.session_state["wt_scenario"] = scenario_id
    st.session_state["wt_pos"] = 0


def _picked() -> None:
    start_walkthrough(st.session_state["wt_pick"])


def operation_lines(operations: Sequence[Operation]) -> list[str]:
    """Markdown lines for what happened: each operation's explanation and its rule ids."""
    lines = []
    for op in operations:
        rules = f" ({rule_links(op.rules)})" if op.rules else ""
        lines.append(f"- **{op.text}.** {op.explanation}{rules}")
    return lines


def _history(result: StepResult) -> Sequence[Operation]:
    history = list(result.hand.history)
    return history[: len(history) - len(result.operations)]


def _show_step(
    scenario: Scenario,
    results: list[StepResult],
    pos: int,
    settings: Settings,
    store: ProgressStore | None,
    prefix: str = "wt",
) -> None:
    result = results[pos]
    st.subheader(f"Step {pos + 1} of {len(results)}")
    show_table(result.hand.view(), settings.four_colour)
    earlier = _history(result)
    with st.expander("What happened so far", expanded=pos == 0):
        st.markdown("\n".join(operation_lines(earlier)) or "Nothing yet.")
    if result.kind in ("act", "event"):
        what = "What went wrong" if result.kind == "event" else "Action"
        st.markdown(f"**{what}:** {result.text}")
        st.markdown("\n".join(operation_lines(result.operations)))
    else:
        ask_panel(prefix, scenario, result, settings, store)


def _move(step: int, count: int) -> None:
    pos = st.session_state.get("wt_pos", 0) + step
    st.session_state["wt_pos"] = max(0, min(count - 1, pos))


def walkthrough_page(settings: Settings) -> None:
    """Pick a scenario, then step through it: actions explained, questions asked and checked."""
    scenarios = playable_scenarios(settings.game)
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
    results = walk_scenario(scenario, settings.preset_override)
    if not results:
        st.info("This scenario has no steps.")
        return
    pos = max(0, min(len(results) - 1, st.session_state.get("wt_pos", 0)))
    store = progress_store() if settings.learner is not None else None
    _show_step(scenario, results, pos, settings, store)
    back, forward = st.columns(2)
    with back:
        st.button(
            "Back",
            key="wt_back",
            on_click=_move,
            args=(-1, len(results)),
            disabled=pos == 0,
        )
    with forward:
        st.button(
            "Next",
            key="wt_next",
            on_click=_move,
            args=(1, len(results)),
            disabled=pos == len(results) - 1,
        )
    if pos == len(results) - 1:
        st.info("End of the scenario. Pick another one above, or practise this topic.")
