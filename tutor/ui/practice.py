"""The Practice page: questions drawn from the bank by topic, by level, from one's mistakes, or mixed."""

from __future__ import annotations

import random
from collections.abc import Sequence

import streamlit as st

from tutor.engine.errors import TutorError
from tutor.scenarios.model import Scenario
from tutor.ui.ask_panel import ask_panel
from tutor.ui.bank import (
    ask_steps,
    playable_scenarios,
    topics_in,
    walk_scenario,
)
from tutor.ui.components import show_table
from tutor.ui.data import progress_store
from tutor.ui.state import Settings
from tutor.ui.walkthrough import operation_lines

MODES = ("By topic", "By level", "My mistakes only", "Mixed review")
MIXED_SIZE = 10

Item = tuple[Scenario, int]


def practice_queue(
    items: Sequence[Item],
    mode: str,
    *,
    topic: str | None = None,
    level: int | None = None,
    mistakes: frozenset[tuple[str, int]] = frozenset(),
    answered: frozenset[tuple[str, int]] = frozenset(),
    seed: int = 0,
    size: int = MIXED_SIZE,
) -> list[Item]:
    """The questions to practise, in order, for one mode.

    By topic: that topic's asks, easiest level first. By level: that level's asks. My mistakes:
    the asks whose latest answer was wrong. Mixed review: up to ``size`` asks, mistakes first,
    then asks never answered, then the rest, each group shuffled by ``seed``.
    """

    def order(item: Item) -> tuple[int, str, int]:
        return (item[0].level, item[0].title, item[1])

    if mode == "By topic":
        return sorted((i for i in items if i[0].topic == topic), key=order)
    if mode == "By level":
        return sorted(
            (i for i in items if i[0].level == level),
            key=lambda i: (i[0].topic, *order(i)),
        )
    if mode == "My mistakes only":
        return sorted((i for i in items if (i[0].id, i[1]) in mistakes), key=order)
    if mode == "Mixed review":
        rng = random.Random(seed)
        groups: list[list[Item]] = [[], [], []]
        for item in sorted(items, key=lambda i: (i[0].id, i[1])):
            key = (item[0].id, item[1])
            groups[0 if key in mistakes else 1 if key not in answered else 2].append(
                item
            )
        queue: list[Item] = []
        for group in groups:
            rng.shuffle(group)
            queue.extend(group)
        return queue[:size]
    raise TutorError(f"unknown practice mode {mode!r}: use one of {', '.join(MODES)}.")


def _next(count: int) -> None:
    st.session_state["pr_pos"] = st.session_state.get("pr_pos", 0) + 1
    if st.session_state["pr_pos"] >= count:
        st.session_state["pr_pos"] = 0
        st.session_state["pr_seed"] = st.session_state.get("pr_seed", 0) + 1
        st.session_state["pr_frozen"] = None  # a new round: draw the questions again


def _choose(scenarios: Sequence[Scenario]) -> tuple[str, str | None, int | None]:
    mode = st.radio("Practise", MODES, key="pr_mode", horizontal=True)
    topic = level = None
    if mode == "By topic":
        topic = st.selectbox("Topic", topics_in(scenarios), key="pr_topic")
    elif mode == "By level":
        levels = sorted({s.level for s in scenarios})
        level = st.selectbox("Level", levels, key="pr_level")
    return mode, topic, level


def practice_page(settings: Settings) -> None:
    """Choose what to practise, then answer the questions one after another."""
    scenarios = playable_scenarios(settings.game)
    if not scenarios:
        return
    mode, topic, level = _choose(scenarios)
    store = progress_store() if settings.learner is not None else None
    if store is None and mode == "My mistakes only":
        st.info("Choose your name in the sidebar: your mistakes are kept under it.")
        return
    st.session_state.setdefault("pr_seed", 0)
    signature = (mode, topic, level, settings.game, settings.preset)
    if st.session_state.get("pr_signature") != signature:
        st.session_state["pr_signature"] = signature
        st.session_state["pr_pos"] = 0
        st.session_state["pr_frozen"] = None
    frozen = st.session_state.get("pr_frozen")
    if frozen is None:
        # Asked of the database only when a round is drawn, and only what the mode needs
        # (one row per ask, never the learner's whole history).
        mistakes: frozenset[tuple[str, int]] = frozenset()
        answered: frozenset[tuple[str, int]] = frozenset()
        if store is not None and settings.learner is not None:
            if mode in ("My mistakes only", "Mixed review"):
                mistakes = frozenset(store.mistakes(settings.learner))
            if mode == "Mixed review":
                answered = frozenset(store.answered_asks(settings.learner))
        queue = practice_queue(
            ask_steps(scenarios),
            mode,
            topic=topic,
            level=level,
            mistakes=mistakes,
            answered=answered,
            seed=st.session_state["pr_seed"],
        )
        # Keep the list fixed while it is worked through (answers change mistakes/answered).
        frozen = [(s.id, i) for s, i in queue]
        st.session_state["pr_frozen"] = frozen
    by_id = {s.id: s for s in scenarios}
    queue = [(by_id[sid], i) for sid, i in frozen if sid in by_id]
    if not queue:
        st.info(
            "Nothing to practise here: no questions match. Well done if these were your "
            "mistakes!"
            if mode == "My mistakes only"
            else "Nothing to practise here: no questions match. Choose another topic or level."
        )
        return
    pos = min(st.session_state.get("pr_pos", 0), len(queue) - 1)
    scenario, index = queue[pos]
    st.subheader(f"Question {pos + 1} of {len(queue)}: {scenario.title}")
    try:
        results = walk_scenario(scenario, settings.preset_override)
    except TutorError as exc:
        st.error(str(exc))
    else:
        result = next(r for r in results if r.index == index and r.kind == "ask")
        show_table(result.hand.view(), settings.four_colour)
        with st.expander("What happened so far"):
            st.markdown(
                "\n".join(operation_lines(result.hand.history)) or "Nothing yet."
            )
        ask_panel("pr", scenario, result, settings, store)
    st.button("Next question", key="pr_next", on_click=_next, args=(len(queue),))
