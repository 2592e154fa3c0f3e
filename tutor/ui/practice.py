"""The Practice page: questions drawn from the bank by topic, by level, from one's mistakes, or mixed."""

from __future__ import annotations

import random
from collections.abc import Sequence

import streamlit as st

from tutor.engine.errors import TutorError
from tutor.engine.rules import TOPICS
from tutor.i18n import _
from tutor.scenarios.model import Scenario
from tutor.ui.ask_panel import ask_panel, ask_topic, first_results, reset_play
from tutor.ui.bank import (
    ask_steps,
    playable_scenarios,
    walk_until_refused,
)
from tutor.ui.data import available_store
from tutor.ui.screen import table_notation
from tutor.ui.state import Settings
from tutor.ui.text import plain
from tutor.ui.topics import topic_title

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
        return sorted(
            (i for i in items if item_topic(i) == topic),
            key=order,
        )
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


def item_topic(item: Item) -> str:
    """The topic a practice question counts under (its kind's, if its scenario's is another)."""
    scenario, index = item
    kind = next(
        (s.ask.kind for s in scenario.steps if s.index == index and s.ask is not None),
        "",
    )
    return ask_topic(scenario.topic, kind)


def _next(count: int) -> None:
    # Past the last question: the round's summary (see _summary), not a silent wrap.
    st.session_state["pr_pos"] = min(st.session_state.get("pr_pos", 0) + 1, count)


def _new_round() -> None:
    st.session_state["pr_pos"] = 0
    st.session_state["pr_seed"] = st.session_state.get("pr_seed", 0) + 1
    st.session_state["pr_frozen"] = None  # a new round: draw the questions again
    reset_play("pr")


def _mistakes_round() -> None:
    _new_round()
    st.session_state["pr_mode"] = "My mistakes only"


def _summary(queue: Sequence[Item]) -> None:
    """The end of a round: the score at the first try, the mistakes, what next."""
    first = first_results("pr")
    done = [(s, i) for s, i in queue if (s.id, i) in first]
    right = sum(first[(s.id, i)] for s, i in done)
    st.subheader("Round done")
    st.markdown(
        f"You answered {len(done)} of {len(queue)} questions; {right} right at the first try."
    )
    wrong = [(s, i) for s, i in done if not first[(s.id, i)]]
    if wrong:
        st.markdown("To look at again:")
        st.markdown(
            "\n".join(
                f"- {plain(s.title)}, step {i + 1}: {plain(table_notation(_prompt(s, i)))}"
                for s, i in wrong
            )
        )
    left, right_col = st.columns(2)
    with left:
        st.button("Another round", key="pr_again", type="primary", on_click=_new_round)
    with right_col:
        st.button("Practise my mistakes", key="pr_mistakes", on_click=_mistakes_round)


def _prompt(scenario: Scenario, index: int) -> str:
    return next(
        (
            s.ask.prompt
            for s in scenario.steps
            if s.index == index and s.ask is not None
        ),
        "",
    )


def _choose(scenarios: Sequence[Scenario]) -> tuple[str, str | None, int | None]:
    mode = st.radio("Practise", MODES, key="pr_mode", horizontal=True)
    topic = level = None
    if mode == "By topic":
        present = {item_topic(item) for item in ask_steps(scenarios)}
        topics = [t for t in TOPICS if t in present] + sorted(present - set(TOPICS))
        topic = st.selectbox("Topic", topics, key="pr_topic", format_func=topic_title)
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
    store = available_store() if settings.learner is not None else None
    if store is None and mode == "My mistakes only":
        if settings.learner is not None:  # known, but the store is away
            st.info(
                _(
                    "Your mistakes are read from the progress database, which cannot be "
                    "reached right now: practise all questions meanwhile."
                )
            )
            return
        st.info("Type your name in the sidebar: your mistakes are kept under it.")
        return
    st.session_state.setdefault("pr_seed", 0)
    signature = (mode, topic, level, settings.game, settings.preset)
    if st.session_state.get("pr_signature") != signature:
        st.session_state["pr_signature"] = signature
        st.session_state["pr_pos"] = 0
        st.session_state["pr_frozen"] = None
        reset_play("pr")
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
    pos = min(st.session_state.get("pr_pos", 0), len(queue))
    if pos == len(queue):
        _summary(queue)
        return
    scenario, index = queue[pos]
    st.subheader(f"Question {pos + 1} of {len(queue)}: {plain(scenario.title)}")
    results, refused = walk_until_refused(scenario, settings.preset_override)
    result = next((r for r in results if r.index == index and r.kind == "ask"), None)
    if result is None:
        preset = settings.preset_override or scenario.rules
        st.error(
            plain(
                f"This question cannot be asked under the {preset} house rules: "
                f"{refused or 'its step is not reached.'}"
            )
        )
    else:
        ask_panel(
            "pr",
            scenario,
            result,
            settings,
            store,
            history=result.hand.history,
        )
    st.button(
        "Next question" if pos < len(queue) - 1 else "Finish the round",
        key="pr_next",
        on_click=_next,
        args=(len(queue),),
    )
