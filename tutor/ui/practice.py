"""The Practice page: questions drawn from the bank by topic, by level, from one's mistakes, or mixed."""

from __future__ import annotations

import random
from collections.abc import Sequence

import streamlit as st

from tutor.course import TOPICS
from tutor.engine import TutorError
from tutor.i18n import N_, _, ngettext
from tutor.progress import ProgressStore
from tutor.scenarios.model import Scenario
from tutor.scenarios.replay import StepResult
from tutor.scenarios.texts import localised
from tutor.ui.ask_panel import (
    ask_panel,
    ask_topic,
    blocked_notice,
    first_results,
    question_screen,
    reset_play,
    screen_hand,
)
from tutor.ui.bank import (
    ask_steps,
    playable_scenarios,
    walk_until_refused,
)
from tutor.ui.data import available_store
from tutor.ui.screen import table_notation
from tutor.ui.state import (
    PR_AGAIN,
    PR_BLOCKED,
    PR_BLOCKED_BACK,
    PR_BLOCKED_GIVE_UP,
    PR_FROZEN,
    PR_LEVEL,
    PR_MISTAKES,
    PR_MODE,
    PR_NEXT,
    PR_POS,
    PR_SEED,
    PR_SIGNATURE,
    PR_SKIPPED,
    PR_TOPIC,
    Settings,
    redrawn,
)
from tutor.ui.text import plain
from tutor.ui.topics import topic_title

MODES = ("By topic", "By level", "My mistakes only", "Mixed review")
#: How each mode is labelled (the values above stay the session's and the tests' words).
MODE_LABELS = {
    "By topic": N_("By topic"),
    "By level": N_("By level"),
    "My mistakes only": N_("My mistakes only"),
    "Mixed review": N_("Mixed review"),
}
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
        return in_hand_order(queue[:size])
    raise TutorError(f"unknown practice mode {mode!r}: use one of {', '.join(MODES)}.")


def in_hand_order(queue: Sequence[Item]) -> list[Item]:
    """``queue`` with each scenario's questions in the order its hand asks them (in the
    places its questions had): an earlier question of a hand never comes after a later
    one, whose screen may show its answer.

    >>> a, b = object(), object()
    >>> in_hand_order([(a, 5), (b, 1), (a, 2)]) == [(a, 2), (b, 1), (a, 5)]
    True
    """
    steps: dict[int, list[int]] = {}
    for scenario, index in queue:
        steps.setdefault(id(scenario), []).append(index)
    for found in steps.values():
        found.sort(reverse=True)
    return [(scenario, steps[id(scenario)].pop()) for scenario, _index in queue]


def item_topic(item: Item) -> str:
    """The topic a practice question counts under (its kind's, if its scenario's is another)."""
    scenario, index = item
    kind = next(
        (s.ask.kind for s in scenario.steps if s.index == index and s.ask is not None),
        "",
    )
    return ask_topic(scenario.topic, kind)


def _next(count: int, passing: tuple[str, int] | None = None) -> None:
    # Past the last question: the round's summary (see _summary), not a silent wrap.
    if passing is not None:  # Next on a question not answered: it stays open
        PR_SKIPPED.setdefault().add(passing)
    PR_POS.set(min(PR_POS.get() + 1, count))


def _go_to(pos: int) -> None:
    PR_POS.set(pos)


def _new_round() -> None:
    PR_POS.set(0)
    PR_SEED.set(PR_SEED.get() + 1)
    PR_FROZEN.set(None)  # a new round: draw the questions again
    PR_SKIPPED.set(set())
    reset_play("pr")


def _mistakes_round() -> None:
    _new_round()
    PR_MODE.set("My mistakes only")


def not_answered(queue: Sequence[Item], upto: int | None = None) -> list[int]:
    """The places (0-based) in the round of the questions not answered (nor given up)
    among the first ``upto`` (all by default)."""
    first = first_results("pr")
    shown = queue if upto is None else queue[:upto]
    return [n for n, (s, i) in enumerate(shown) if (s.id, i) not in first]


def _summary(queue: Sequence[Item]) -> None:
    """The end of a round: the score at the first try, the mistakes, what was not
    answered, what next."""
    first = first_results("pr")
    done = [(s, i) for s, i in queue if (s.id, i) in first]
    right = sum(first[(s.id, i)] for s, i in done)
    st.subheader(_("Round done"))
    st.markdown(
        _(
            "You answered {done} of {count} questions; {right} right at the first try."
        ).format(done=len(done), count=len(queue), right=right)
    )
    missing = not_answered(queue)
    if missing:
        st.markdown(
            ngettext(
                "Not answered: question {numbers}.",
                "Not answered: questions {numbers}.",
                len(missing),
            ).format(numbers=", ".join(str(n + 1) for n in missing))
        )
    wrong = [(s, i) for s, i in done if not first[(s.id, i)]]
    if wrong:
        st.markdown(_("To look at again:"))
        st.markdown(
            "\n".join(
                "- "
                + _("{title}, step {step}: {prompt}").format(
                    title=plain(s.title),
                    step=i + 1,
                    prompt=plain(table_notation(_prompt(s, i))),
                )
                for s, i in wrong
            )
        )
    left, right_col = st.columns(2)
    with left:
        st.button(
            _("Another round"), key=PR_AGAIN.name, type="primary", on_click=_new_round
        )
    if wrong:  # nothing to practise otherwise
        with right_col:
            st.button(
                _("Practise my mistakes"),
                key=PR_MISTAKES.name,
                on_click=_mistakes_round,
            )


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
    mode = st.radio(
        _("Practise"),
        MODES,
        key=redrawn(PR_MODE).name,
        horizontal=True,
        format_func=lambda m: _(MODE_LABELS[m]),
    )
    topic = level = None
    if mode == "By topic":
        present = {item_topic(item) for item in ask_steps(scenarios)}
        topics = [t for t in TOPICS if t in present] + sorted(present - set(TOPICS))
        topic = st.selectbox(
            _("Topic"), topics, key=redrawn(PR_TOPIC).name, format_func=topic_title
        )
    elif mode == "By level":
        levels = sorted({s.level for s in scenarios})
        level = st.selectbox(_("Level"), levels, key=PR_LEVEL.name)
    return mode, topic, level


def _round(
    scenarios: Sequence[Scenario],
    settings: Settings,
    store: ProgressStore | None,
    mode: str,
    topic: str | None,
    level: int | None,
) -> list[tuple[str, int]]:
    """The round's questions, drawn once and kept while it is worked through."""
    frozen = PR_FROZEN.get()
    if frozen is not None:
        return frozen
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
        seed=PR_SEED.setdefault(),
    )
    # Keep the list fixed while it is worked through (answers change mistakes/answered).
    frozen = [(s.id, i) for s, i in queue]
    PR_FROZEN.set(frozen)
    return frozen


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
        st.info(_("Type your name in the sidebar: your mistakes are kept under it."))
        return
    signature = (mode, topic, level, settings.game, settings.preset)
    if PR_SIGNATURE.get() != signature:
        PR_SIGNATURE.set(signature)
        PR_POS.set(0)
        PR_FROZEN.set(None)
        PR_SKIPPED.set(set())
        reset_play("pr")
    frozen = _round(scenarios, settings, store, mode, topic, level)
    by_id = {s.id: s for s in scenarios}
    queue = [(by_id[sid], i) for sid, i in frozen if sid in by_id]
    if not queue:
        st.info(
            _(
                "Nothing to practise here: no questions match. Well done if these were "
                "your mistakes!"
            )
            if mode == "My mistakes only"
            else _(
                "Nothing to practise here: no questions match. Choose another topic or "
                "level."
            )
        )
        return
    pos = min(PR_POS.get(), len(queue))
    if pos == len(queue):
        _summary(queue)
        return
    scenario, index = queue[pos]
    scenario = localised(
        scenario
    )  # its title, prompts and hints in the session's language
    st.subheader(
        _("Question {n} of {count}: {title}").format(
            n=pos + 1, count=len(queue), title=plain(scenario.title)
        )
    )
    results, refused = walk_until_refused(scenario, settings.preset_override)
    at = next(
        (n for n, r in enumerate(results) if r.index == index and r.kind == "ask"),
        None,
    )
    open_ask = False
    if at is None:
        preset = settings.preset_override or scenario.rules
        st.error(
            plain(
                _(
                    "This question cannot be asked under the {preset} house rules: "
                    "{reason}"
                ).format(preset=preset, reason=refused or _("its step is not reached."))
            )
        )
    else:
        open_ask = (scenario.id, index) not in first_results("pr")
        _show(queue, pos, scenario, results, at, settings, store)
    missing = not_answered(queue, pos)
    if missing:
        st.caption(
            ngettext(
                "Not answered: question {numbers}. It counts as not answered until you "
                "answer it.",
                "Not answered: questions {numbers}. They count as not answered until "
                "you answer them.",
                len(missing),
            ).format(numbers=", ".join(str(n + 1) for n in missing))
        )
    st.button(
        _("Next question") if pos < len(queue) - 1 else _("Finish the round"),
        key=PR_NEXT.name,
        on_click=_next,
        args=(len(queue), (scenario.id, index) if open_ask else None),
    )


def _show(
    queue: Sequence[Item],
    pos: int,
    scenario: Scenario,
    results: Sequence[StepResult],
    at: int,
    settings: Settings,
    store: ProgressStore | None,
) -> None:
    """The question at ``results[at]`` under the one screen rule, or, when it would show
    the answer of a question of the round passed unanswered, a notice in its place."""
    screen = question_screen("pr", scenario, results, at, PR_SKIPPED.get())
    if screen.blocked_by is not None:
        skipped = results[screen.blocked_by]
        where = (scenario.id, skipped.index)
        back = next((n for n, (s, i) in enumerate(queue) if (s.id, i) == where), pos)
        blocked_notice(
            "pr",
            back + 1,
            (scenario.id, skipped.index, settings.preset),
            lambda: _go_to(back),
            (PR_BLOCKED, PR_BLOCKED_BACK, PR_BLOCKED_GIVE_UP),
        )
        return
    result = results[at]
    hand = screen_hand(scenario, results, at, screen, settings.preset_override)
    ask_panel(
        "pr",
        scenario,
        result,
        settings,
        store,
        history=hand.history if screen.before_event else result.hand.history,
        screen=screen,
        table=hand if hand is not result.hand else None,
    )
