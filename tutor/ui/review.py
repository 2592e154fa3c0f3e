"""The Review page: today's session of the rules falling due (the FSRS scheduler), and the
days ahead, in the learner's time zone.

Each due rule is drilled with one question that cites it: a step of a bank scenario, or a
question generated to a drill target, shown under the one screen rule
(:func:`tutor.ui.ask_panel.question_screen`). Session keys: ``RV_*`` in
:mod:`tutor.ui.state`.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, datetime, tzinfo
from functools import lru_cache
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import streamlit as st

from tutor import config
from tutor.drills import TARGETS, generate
from tutor.engine import TutorError
from tutor.i18n import N_, _, ngettext
from tutor.progress import ProgressStore
from tutor.review import FAST_SECONDS, coming_days, due_now, rebuild, sync
from tutor.scenarios import Scenario, StepResult, replay_scenario, walk
from tutor.scenarios.bank import PATTERNS
from tutor.scenarios.texts import localised
from tutor.ui.ask_panel import (
    ask_panel,
    blocked_notice,
    first_results,
    question_screen,
    screen_hand,
)
from tutor.ui.bank import scenario_bank, walk_scenario, with_preset
from tutor.ui.data import available_store, folder_signature, progress_store
from tutor.ui.rules_page import rule_link
from tutor.ui.state import (
    RV_BLOCKED,
    RV_BLOCKED_BACK,
    RV_BLOCKED_GIVE_UP,
    RV_NEW,
    RV_NEXT,
    RV_POS,
    RV_QUEUE,
    RV_REBUILD,
    RV_SKIPPED,
    RV_STAMP,
    Settings,
)


def _now() -> datetime:
    return datetime.now(UTC)


#: The clock the Review page reads (tests replace it).
clock: Callable[[], datetime] = _now
#: At most this many rules in one session.
SESSION_SIZE = 20
#: How a question is named in the queue: ("bank", scenario id, step) or ("gen", target, seed).
Ref = tuple[str, str, int]

#: How answers rate the rules (``{fast}``: :data:`tutor.review.FAST_SECONDS`).
MAPPING = N_(
    "Every answer you give rates the rules its ruling cites, first tries only: "
    "**wrong** is *Again*, **right after a hint** is *Hard*, **right within "
    "{fast} s** is *Easy*, **right** is *Good*. A scheduler then sets "
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


#: A queued question found again: its scenario, the scenario's steps replayed and the
#: question's position among them.
Question = tuple[Scenario, list[StepResult], int]


def review_question(ref: Ref, settings: Settings) -> Question | None:
    """The scenario, its replayed steps and the position of a queued question's ask
    (None if it is gone)."""
    kind, name, number = ref
    if kind == "bank":
        found = scenario_bank().get(name)
        if found is None:
            return None
        scenario = localised(found)  # its texts in the session's language
        results = walk_scenario(scenario, settings.preset_override)
        for pos, result in enumerate(results):
            if result.index == number and result.kind == "ask":
                return with_preset(scenario, settings.preset_override), results, pos
        return None
    target = TARGETS[name]
    game = settings.game if settings.game in target.games else target.games[0]
    preset = settings.preset_override or "online"
    if preset not in target.presets:  # irregularities are refused under online
        preset = target.presets[0]
    drill = generate(name, number, preset=preset, game=game)
    scenario = drill.scenario
    last = scenario.steps[-1] if scenario.steps else None
    if (
        last is not None and last.ask is not None
    ):  # the question in the session's language
        asked = replace(last, ask=replace(last.ask, prompt=drill.question.text()))
        scenario = replace(scenario, steps=(*scenario.steps[:-1], asked))
    results = walk(scenario)
    return scenario, results, len(results) - 1


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


def _next_clicked(passing: int | None = None) -> None:
    if passing is not None:  # Next on a question not answered: it stays open
        RV_SKIPPED.setdefault().add(passing)
    RV_POS.set(RV_POS.get() + 1)


def _go_to(pos: int) -> None:
    RV_POS.set(pos)


def _new_session() -> None:
    RV_QUEUE.pop()
    RV_POS.set(0)
    RV_SKIPPED.set(set())


def _rebuild_clicked() -> None:
    store = progress_store()
    from tutor.ui.state import current_learner

    learner = current_learner(store)
    if learner is not None:
        rebuild(store, learner)
    _new_session()


def _session_done(queue: list[tuple[str, Ref]]) -> None:
    skipped = sorted(RV_SKIPPED.get())
    answered = len(queue) - len(skipped)
    if not skipped:
        st.success(
            ngettext(
                "Session done: {n} rule reviewed.",
                "Session done: {n} rules reviewed.",
                len(queue),
            ).format(n=len(queue))
        )
    else:
        st.warning(
            ngettext(
                "Session done: {answered} of {n} rule reviewed. Not answered: rule "
                "{numbers}.",
                "Session done: {answered} of {n} rules reviewed. Not answered: rules "
                "{numbers}.",
                len(queue),
            ).format(
                answered=answered,
                n=len(queue),
                numbers=", ".join(str(n + 1) for n in skipped),
            )
        )
    st.button(_("Start a new session"), key=RV_NEW.name, on_click=_new_session)


def _show_question(
    queue: list[tuple[str, Ref]],
    pos: int,
    settings: Settings,
    store: ProgressStore,
) -> bool:
    """The question of rule ``pos`` under the one screen rule; whether it is still open
    (not answered nor given up)."""
    rule, ref = queue[pos]
    found = review_question(ref, settings)
    if found is None:
        st.warning(
            _("The question for {rule} is no longer in the bank.").format(
                rule=rule_link(rule)
            )
        )
        return False
    scenario, results, at = found
    result = results[at]
    # the bank questions of this session passed unanswered: (scenario id, step) -> place
    passed = {
        (queue[n][1][1], queue[n][1][2]): n
        for n in RV_SKIPPED.get()
        if n < len(queue) and queue[n][1][0] == "bank"
    }
    screen = question_screen("rv", scenario, results, at, passed)
    if screen.blocked_by is not None:
        skipped = results[screen.blocked_by]
        back = passed.get((scenario.id, skipped.index), pos)
        blocked_notice(
            "rv",
            back + 1,
            (scenario.id, skipped.index, settings.preset),
            lambda: _go_to(back),
            (RV_BLOCKED, RV_BLOCKED_BACK, RV_BLOCKED_GIVE_UP),
            kind="rule",
        )
        return False
    hand = screen_hand(scenario, results, at, screen, settings.preset_override)
    ask_panel(
        "rv",
        scenario,
        result,
        settings,
        store,
        history=hand.history if screen.before_event else result.hand.history,
        screen=screen,
        table=hand if hand is not result.hand else None,
    )
    return (scenario.id, result.index) not in first_results("rv")


def _headline(met: int, due: int, later: int) -> str:
    rules = ngettext("**{n} rule met**", "**{n} rules met**", met).format(n=met)
    now = ngettext("**{n} due now**", "**{n} due now**", due).format(n=due)
    if later > 0:
        return _("{rules}, {now}, {later} more later today").format(
            rules=rules, now=now, later=later
        )
    return _("{rules}, {now}").format(rules=rules, now=now)


def review_page(settings: Settings) -> None:
    """Today's review session for the current learner, and what falls due in the days ahead."""
    st.markdown(_(MAPPING).format(fast=f"{FAST_SECONDS:.0f}"))
    learner = settings.learner
    if learner is None:
        st.info(_("Choose your name in the sidebar to review the rules you have met."))
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
            _(
                "No rules to review yet: answer a few questions (Walkthrough, Practice or "
                "Dealer drills) and the rules they use become review cards."
            )
        )
        return
    due = due_now(cards, now)
    zone, zone_name = learner_zone()
    local = now.astimezone(zone)
    days = coming_days(cards, now, zone=zone)
    later = days[0][1] - len(due)  # due by the end of the learner's day, not yet
    st.markdown(
        _("{headline} (as of {when} {zone}).").format(
            headline=_headline(len(cards), len(due), later),
            when=f"{local:%Y-%m-%d %H:%M}",
            zone=zone_name,
        )
    )
    st.markdown(
        _(
            "**Rules due in the coming days** ({zone}; today counts the overdue ones "
            "and those due later today):"
        ).format(zone=zone_name)
    )
    st.table({day.strftime("%a %d %b"): [n] for day, n in days})
    day = now.date().isoformat()
    stamp = (learner.name, day)
    if RV_STAMP.get() != stamp or not RV_QUEUE.present():
        RV_STAMP.set(stamp)
        RV_QUEUE.set(build_queue(due, learner.name, day))
        RV_POS.set(0)
        RV_SKIPPED.set(set())
    queue = RV_QUEUE.get() or []
    pos = RV_POS.get()
    st.subheader(_("Today's session"))
    if not queue:
        if later > 0:  # the same count as the headline's and the table's today
            st.success(
                ngettext(
                    "Nothing is due now: {n} more later today. Come back then.",
                    "Nothing is due now: {n} more later today. Come back then.",
                    later,
                ).format(n=later)
            )
        else:
            st.success(
                _("Nothing is due now. Come back on the next day with rules due.")
            )
    elif pos >= len(queue):
        _session_done(queue)
    else:
        rule = queue[pos][0]
        st.markdown(
            _("Rule {n} of {count}: {rule}").format(
                n=pos + 1, count=len(queue), rule=rule_link(rule)
            )
        )
        still_open = _show_question(queue, pos, settings, store)
        st.button(
            _("Next rule") if pos + 1 < len(queue) else _("Finish the session"),
            key=RV_NEXT.name,
            type="primary",
            on_click=_next_clicked,
            args=(pos if still_open else None,),
        )
    st.button(
        _("Recompute my review cards from all my answers"),
        key=RV_REBUILD.name,
        on_click=_rebuild_clicked,
    )
