"""The Review page: today's session of the rules falling due (the FSRS scheduler), and the
days ahead, in the learner's time zone.

Each due rule is drilled with one question that cites it: a step of a bank scenario, or a
question generated to a drill target. Session keys start with ``rv_``: ``rv_queue`` (the
session's questions, fixed when it starts), ``rv_pos`` (the question on screen).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from datetime import UTC, datetime, tzinfo
from functools import lru_cache
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import streamlit as st

from tutor import config
from tutor.drills import TARGETS, generate
from tutor.engine.errors import TutorError
from tutor.i18n import _
from tutor.review import FAST_SECONDS, coming_days, due_now, rebuild, sync
from tutor.scenarios import Scenario, StepResult, replay_scenario, walk
from tutor.scenarios.bank import PATTERNS
from tutor.ui.ask_panel import ask_panel
from tutor.ui.bank import scenario_bank, walk_scenario, with_preset
from tutor.ui.components import show_table
from tutor.ui.data import available_store, folder_signature, progress_store
from tutor.ui.drills import table_view
from tutor.ui.rules_page import rule_link
from tutor.ui.state import Settings


def _now() -> datetime:
    return datetime.now(UTC)


#: The clock the Review page reads (tests replace it).
clock: Callable[[], datetime] = _now
#: At most this many rules in one session.
SESSION_SIZE = 20
#: How a question is named in the queue: ("bank", scenario id, step) or ("gen", target, seed).
Ref = tuple[str, str, int]

MAPPING = (
    "Every answer you give rates the rules its ruling cites, first tries only: "
    f"**wrong** is *Again*, **right after a hint** is *Hard*, **right within "
    f"{FAST_SECONDS:.0f} s** is *Easy*, **right** is *Good*. A scheduler then sets "
    "when each rule is due again: sooner after a miss, later after an easy answer."
)


@st.cache_resource(max_entries=4, show_spinner="Indexing the scenarios by rule…")
def _bank_rules(folder: str, signature: str) -> dict[str, tuple[tuple[str, int], ...]]:
    """Rule id -> the bank's asks whose ruling cites it, as (scenario id, step)."""
    del folder, signature  # the cache key: a changed bank is indexed again
    index: dict[str, list[tuple[str, int]]] = {}
    for scenario in scenario_bank().scenarios:
        try:
            results = replay_scenario(scenario)
        except TutorError:
            continue
        for result in results:
            if result.ruling is None:
                continue
            for rule in result.ruling.rules:
                index.setdefault(rule, []).append((scenario.id, result.index))
    return {rule: tuple(found) for rule, found in index.items()}


def bank_rules() -> dict[str, tuple[tuple[str, int], ...]]:
    folder = str(config.scenarios_dir())
    return _bank_rules(folder, folder_signature(folder, PATTERNS))


@lru_cache(maxsize=1)
def target_rules() -> dict[str, tuple[str, ...]]:
    """Rule id -> the drill targets whose questions cite it (from a few seeds of each)."""
    index: dict[str, list[str]] = {}
    for name, target in TARGETS.items():
        seen: set[str] = set()
        for seed in range(4):
            preset = target.presets[seed % len(target.presets)]
            drill = generate(name, seed, preset=preset, game=target.games[0])
            seen.update(drill.ruling.rules)
        for rule in sorted(seen):
            index.setdefault(rule, []).append(name)
    return {rule: tuple(names) for rule, names in index.items()}


def build_queue(rules: list[str], learner: str, day: str) -> list[tuple[str, Ref]]:
    """One question per due rule (at most :data:`SESSION_SIZE`): (rule, question ref).

    The choice between the bank's asks and the generated targets is seeded by the
    learner, the rule and the day, so a reload keeps the same session.
    """
    from_bank = bank_rules()
    from_targets = target_rules()
    queue: list[tuple[str, Ref]] = []
    for rule in rules[:SESSION_SIZE]:
        rng = random.Random(f"review|{learner}|{rule}|{day}")
        options: list[Ref] = [
            ("bank", sid, step) for sid, step in from_bank.get(rule, ())
        ]
        options += [
            ("gen", name, rng.randrange(1_000_000))
            for name in from_targets.get(rule, ())
        ]
        if options:
            queue.append((rule, rng.choice(options)))
    return queue


def review_question(ref: Ref, settings: Settings) -> tuple[Scenario, StepResult] | None:
    """The scenario and the replayed ask of a queued question (None if it is gone)."""
    kind, name, number = ref
    if kind == "bank":
        scenario = scenario_bank().get(name)
        if scenario is None:
            return None
        for result in walk_scenario(scenario, settings.preset_override):
            if result.index == number:
                return with_preset(scenario, settings.preset_override), result
        return None
    target = TARGETS[name]
    game = settings.game if settings.game in target.games else target.games[0]
    preset = settings.preset_override or "online"
    if preset not in target.presets:  # irregularities are refused under online
        preset = target.presets[0]
    drill = generate(name, number, preset=preset, game=game)
    return drill.scenario, walk(drill.scenario)[-1]


def learner_zone() -> tuple[tzinfo, str]:
    """The learner's time zone (the browser's, ``st.context.timezone``) and its name; UTC
    when the browser does not say or names a zone this machine does not know."""
    name = st.context.timezone
    if name:
        try:
            return ZoneInfo(name), name
        except (ZoneInfoNotFoundError, ValueError):
            pass
    return UTC, "UTC"


def _next_clicked() -> None:
    st.session_state["rv_pos"] = st.session_state.get("rv_pos", 0) + 1


def _new_session() -> None:
    st.session_state.pop("rv_queue", None)
    st.session_state["rv_pos"] = 0


def _rebuild_clicked() -> None:
    store = progress_store()
    from tutor.ui.state import current_learner

    learner = current_learner(store)
    if learner is not None:
        rebuild(store, learner)
    _new_session()


def review_page(settings: Settings) -> None:
    """Today's review session for the current learner, and what falls due in the days ahead."""
    st.markdown(MAPPING)
    learner = settings.learner
    if learner is None:
        st.info("Choose your name in the sidebar to review the rules you have met.")
        return
    store = available_store()
    if store is None:
        st.info(
            _(
                "Review needs the progress database, which cannot be reached right now: "
                "come back in a moment."
            )
        )
        return
    cards = sync(store, learner)
    now = clock()
    if not cards:
        st.info(
            "No rules to review yet: answer a few questions (Walkthrough, Practice or Dealer "
            "drills) and the rules they use become review cards."
        )
        return
    due = due_now(cards, now)
    zone, zone_name = learner_zone()
    local = now.astimezone(zone)
    days = coming_days(cards, now, zone=zone)
    later = days[0][1] - len(due)  # due by the end of the learner's day, not yet
    met = "1 rule met" if len(cards) == 1 else f"{len(cards)} rules met"
    headline = f"**{met}**, **{len(due)} due now**"
    if later > 0:
        headline += f", {later} more later today"
    st.markdown(f"{headline} (as of {local:%Y-%m-%d %H:%M} {zone_name}).")
    st.markdown(
        f"**Rules due in the coming days** ({zone_name}; today counts the overdue ones "
        "and those due later today):"
    )
    st.table({day.strftime("%a %d %b"): [n] for day, n in days})
    state = st.session_state
    day = now.date().isoformat()
    stamp = (learner.name, day)
    if state.get("rv_stamp") != stamp or "rv_queue" not in state:
        state["rv_stamp"] = stamp
        state["rv_queue"] = build_queue(due, learner.name, day)
        state["rv_pos"] = 0
    queue: list[tuple[str, Ref]] = state["rv_queue"]
    pos = state.get("rv_pos", 0)
    st.subheader("Today's session")
    if not queue:
        if later > 0:  # the same count as the headline's and the table's today
            st.success(
                f"Nothing is due now: {later} more later today. Come back then."
                if later > 1
                else "Nothing is due now: 1 more later today. Come back then."
            )
        else:
            st.success("Nothing is due now. Come back on the next day with rules due.")
    elif pos >= len(queue):
        st.success(f"Session done: {len(queue)} rules reviewed.")
        st.button("Start a new session", key="rv_new", on_click=_new_session)
    else:
        rule, ref = queue[pos]
        st.markdown(f"Rule {pos + 1} of {len(queue)}: {rule_link(rule)}")
        found = review_question(ref, settings)
        if found is None:
            st.warning(f"The question for `{rule}` is no longer in the bank.")
        else:
            scenario, result = found
            show_table(table_view(result), settings.four_colour)
            ask_panel("rv", scenario, result, settings, store)
        st.button(
            "Next rule" if pos + 1 < len(queue) else "Finish the session",
            key="rv_next",
            type="primary",
            on_click=_next_clicked,
        )
    st.button(
        "Recompute my review cards from all my answers",
        key="rv_rebuild",
        on_click=_rebuild_clicked,
    )
