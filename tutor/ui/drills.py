"""Dealer drills: generated questions at speed under one preset, answered by click.

Session keys (all start with ``drill_``): ``drill_plan`` (the running :class:`Plan` or None),
``drill_index`` (the question on screen), ``drill_results`` (answered questions),
``drill_started`` and ``drill_shown`` (clock readings), ``drill_verdict`` (the current
question's verdict, once answered), ``drill_cache`` (index -> generated question).
"""

from __future__ import annotations

import dataclasses
import html
import random
import time
from collections.abc import Callable
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any
from urllib.parse import urlencode

import streamlit as st

from tutor.asks import (
    ASKS,
    check_answer,
    hidden_until_answered,
    incomplete,
)
from tutor.config import chip_colours
from tutor.drills import TARGETS, Drill, generate
from tutor.drills.session import (
    FAST_SECONDS,
    LENGTHS,
    LINK_FIELDS,
    PRESET_LINES,
    Plan,
    PlanError,
    Result,
    TargetLine,
    median_seconds,
    read_link,
    slowest,
    streak,
    summary,
)
from tutor.engine import PRESETS, TutorError
from tutor.i18n import N_, _, ngettext
from tutor.quiz import Verdict
from tutor.scenarios import StepResult, walk
from tutor.ui.ask_controls import control_for
from tutor.ui.chip_stacks import chips_html
from tutor.ui.components import show_table
from tutor.ui.drill_controls import Answer
from tutor.ui.rules_page import rule_links
from tutor.ui.screen import table_notation
from tutor.ui.state import (
    AS_WRITTEN,
    DRILL_AGAIN,
    DRILL_BACK,
    DRILL_CACHE,
    DRILL_END,
    DRILL_ENDED,
    DRILL_INDEX,
    DRILL_LENGTH_PICK,
    DRILL_LINK_PROBLEMS,
    DRILL_LINK_READ,
    DRILL_NEW,
    DRILL_NEXT,
    DRILL_PAST,
    DRILL_PLAN,
    DRILL_PROBLEM,
    DRILL_RESULTS,
    DRILL_RETRY,
    DRILL_RETRY_CACHE,
    DRILL_RETRY_VERDICT,
    DRILL_SEED_PICK,
    DRILL_SHOWN,
    DRILL_START,
    DRILL_STARTED,
    DRILL_STARTED_AT,
    DRILL_TARGETS_PICK,
    DRILL_VERDICT,
    DRILL_WHOLE_PAGE,
    GAME_CHOICES,
    GAME_FILTER,
    PRESET_SETTING,
    Settings,
    current_learner,
    widget,
)

#: The house rules a drill runs under while the sidebar says "as each scenario says".
DRILL_DEFAULT_PRESET = "online"

#: The clock the drill times answers with (tests replace it).
clock: Callable[[], float] = time.monotonic

#: Between a number and its unit, so that a line never wraps between them.
NBSP = "\u00a0"


# ---------------------------------------------------------------------------- state


def _question(index: int) -> tuple[Drill, StepResult]:
    """The generated question ``index`` of the running drill (made once, then kept)."""
    plan: Plan = DRILL_PLAN.get()
    cache: dict[int, tuple[Drill, StepResult]] = DRILL_CACHE.setdefault()
    if index not in cache:
        target, game, seed = plan.question(index)
        drill = generate(target, seed, preset=plan.preset, game=game)
        cache.clear()
        cache[index] = (drill, walk(drill.scenario)[-1])
    return cache[index]


def start(plan: Plan) -> None:
    """Begin ``plan`` now: question 0 on screen, no answers, the link in the address."""
    past: list[Result] = DRILL_PAST.setdefault()
    past.extend(DRILL_RESULTS.get() or ())  # this session's earlier answers
    DRILL_PLAN.set(plan)
    DRILL_ENDED.pop()
    DRILL_RETRY.pop()
    DRILL_INDEX.set(0)
    DRILL_RESULTS.set([])
    DRILL_VERDICT.set(None)
    DRILL_CACHE.set({})
    DRILL_STARTED.set(clock())
    DRILL_STARTED_AT.set(datetime.now(UTC))
    DRILL_SHOWN.set(clock())
    for key, value in plan.to_params().items():
        st.query_params[key] = value


def drill_preset(settings: Settings) -> str:
    """The house rules a drill runs under: the sidebar's (one place for the setting)."""
    return settings.preset_override or DRILL_DEFAULT_PRESET


def _start_clicked() -> None:
    preset = PRESET_SETTING.get()
    try:
        plan = Plan(
            # the sidebar's settings as they are now (a callback runs before the page)
            preset=DRILL_DEFAULT_PRESET if preset == AS_WRITTEN else preset,
            game=GAME_FILTER.get(),
            targets=tuple(DRILL_TARGETS_PICK.get() or ()),
            length=DRILL_LENGTH_PICK.get(),
            seed=int(DRILL_SEED_PICK.get() or 0),
        )
    except PlanError as exc:
        DRILL_PROBLEM.set(str(exc))
        return
    start(plan)


def _again_clicked() -> None:
    start(DRILL_PLAN.get())


def _new_clicked() -> None:
    DRILL_PLAN.set(None)
    DRILL_SEED_PICK.set(random.randrange(1_000_000))
    for key in LINK_FIELDS:
        if key in st.query_params:
            del st.query_params[key]


def _next_clicked() -> None:
    DRILL_INDEX.set(DRILL_INDEX.get() + 1)
    DRILL_VERDICT.set(None)
    DRILL_SHOWN.set(clock())
    DRILL_WHOLE_PAGE.set(True)


def _end_clicked() -> None:
    DRILL_ENDED.set(True)
    DRILL_WHOLE_PAGE.set(True)


def _finished() -> bool:
    plan: Plan = DRILL_PLAN.get()
    if DRILL_ENDED.get():
        return True
    answered = len(DRILL_RESULTS.get())
    waiting = DRILL_VERDICT.get() is None
    if plan.question_limit is not None:
        return answered >= plan.question_limit and waiting
    limit = plan.seconds_limit or 0
    return clock() - DRILL_STARTED.get() >= limit and waiting


# ---------------------------------------------------------------------------- answering


def submit(given: dict[str, Any]) -> None:
    """Check ``given`` against the current question, time it, keep it and save it."""
    if DRILL_RETRY.get() is not None:
        _submit_retry(given)
        return
    if DRILL_VERDICT.get() is not None:
        return
    index = DRILL_INDEX.get()
    drill, result = _question(index)
    ruling = result.ruling
    assert ruling is not None
    kind = ruling.kind
    problem = incomplete(kind, given)
    if problem:
        DRILL_PROBLEM.set(problem)
        return
    seconds = round(max(clock() - DRILL_SHOWN.get(), 0.0), 3)
    verdict = check_answer(kind, given, ruling)
    answer = Result(
        index=index,
        target=drill.target,
        game=drill.game,
        seed=drill.seed,
        kind=kind,
        correct=verdict.correct,
        seconds=seconds,
        expected=verdict.expected_text,
        rules=tuple(ruling.rules),
    )
    DRILL_VERDICT.set(verdict)
    DRILL_RESULTS.set([*DRILL_RESULTS.get(), answer])
    try:
        _save(drill, result, given, answer)
    except TutorError as exc:
        DRILL_PROBLEM.set(_("Your answer was not saved: {why}").format(why=exc))


def _retried() -> tuple[Drill, StepResult]:
    """The missed hand reopened from the summary."""
    plan: Plan = DRILL_PLAN.get()
    miss: Result = DRILL_RETRY.get()
    key = (miss.target, miss.seed, miss.game)
    cache = DRILL_RETRY_CACHE.get()
    if cache is None or cache[0] != key:
        drill = generate(miss.target, miss.seed, preset=plan.preset, game=miss.game)
        cache = (key, (drill, walk(drill.scenario)[-1]))
        DRILL_RETRY_CACHE.set(cache)
    made: tuple[Drill, StepResult] = cache[1]
    return made


def _submit_retry(given: dict[str, Any]) -> None:
    """A missed hand answered again: checked and shown, not timed or saved (it is a second
    look, not a first attempt)."""
    if DRILL_RETRY_VERDICT.get() is not None:
        return
    _drill, result = _retried()
    assert result.ruling is not None
    kind = result.ruling.kind
    problem = incomplete(kind, given)
    if problem:
        DRILL_PROBLEM.set(problem)
        return
    DRILL_RETRY_VERDICT.set(check_answer(kind, given, result.ruling))


def _save(
    drill: Drill, result: StepResult, given: dict[str, Any], answer: Result
) -> None:
    from tutor.ui.data import KEPT, KEPT_NOTE, available_store, save_answer

    if judged(result.ruling) and not answer.correct:
        return  # the house's practice, not the rulebook's: not counted against mastery
    store = available_store()
    learner = current_learner(store)
    if learner is None:
        return
    scenario = drill.scenario
    saved = save_answer(
        store,
        learner,
        scenario_id=scenario.id,
        step=result.index,
        kind=answer.kind,
        topic=scenario.topic,
        level=scenario.level,
        game=scenario.game,
        preset=drill.preset,
        answer=_plain(given),
        correct=answer.correct,
        seconds=answer.seconds,
        rules=answer.rules,
        target=drill.target,
        seed=drill.seed,
    )
    if saved == KEPT:
        DRILL_PROBLEM.set(_(KEPT_NOTE))


def _plain(value: Any) -> Any:
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def _refuse(problem: str) -> None:
    DRILL_PROBLEM.set(problem)


#: How the drill controls hand their answers to the page.
ANSWER = Answer(submit=lambda given: submit(given), refuse=_refuse)


# ---------------------------------------------------------------------------- controls


def answer_controls(index: int, result: StepResult, prefix: str = "drill_q") -> None:
    """The click controls for the question's kind (every widget key starts
    ``{prefix}{index}``: ``drill_q`` in the drill, ``drill_r`` for a missed hand again)."""
    ruling = result.ruling
    assert ruling is not None and result.ask is not None
    entry = ASKS.get(ruling.kind)
    controls = control_for(ruling.kind)
    if entry is None or controls is None:
        st.warning(
            _("This drill has no control for the ask kind {kind!r} yet.").format(
                kind=ruling.kind
            )
        )
        return
    controls.drill(entry, f"{prefix}{index}", result, ANSWER)


# ---------------------------------------------------------------------------- the page


def hidden_targets_line(preset: str) -> str:
    """Why some targets are not offered under ``preset`` (irregularities, under online)."""
    if preset == "online":
        return _(
            "Irregularity targets are not offered under online: the software deals and "
            "enforces every turn and amount, so those irregularities cannot happen there "
            "({rules})."
        ).format(rules=rule_links(["irr.online"]))
    return _(
        "Some targets are not offered under {preset}: its rules do not decide them."
    ).format(preset=preset)


def _setup(settings: Settings) -> None:
    _read_link(settings)
    if DRILL_LINK_READ.get():
        problems = DRILL_LINK_PROBLEMS.get() or []
        if problems:
            st.warning(
                _("Part of the drill link cannot be used: ")
                + " ".join(problems)
                + _(" The rest of it is filled in below.")
            )
        else:
            st.info(
                _(
                    "A shared drill: its settings are filled in below. Press Start to "
                    "run it."
                )
            )
    preset = drill_preset(settings)
    game = _(GAME_CHOICES.get(settings.game, settings.game))
    st.markdown(
        _(
            "Drilling **{game}** under the **{preset}** house rules (change either in the "
            "sidebar)."
        ).format(game=game, preset=preset)
    )
    st.caption(_(PRESET_LINES[preset]))
    if settings.preset_override is None:
        st.caption(
            _(
                "A drill runs under one card room's rules: with the sidebar's house rules "
                'on "As each scenario says" it uses {preset}.'
            ).format(preset=preset)
        )
    if not DRILL_SEED_PICK.present():
        DRILL_SEED_PICK.set(random.randrange(1_000_000))
    DRILL_LENGTH_PICK.setdefault()
    offered = _offered(preset)
    picked = DRILL_TARGETS_PICK.get() or []
    if any(name not in offered for name in picked):  # picked under other house rules
        DRILL_TARGETS_PICK.set([name for name in picked if name in offered])
    st.multiselect(
        _("Targets"),
        offered,
        key=DRILL_TARGETS_PICK.name,
        format_func=lambda name: _(TARGETS[name].title),
        placeholder=_("All targets"),
        help=_("The rulings to drill; leave empty for all of them."),
    )
    if len(offered) < len(TARGETS):
        st.caption(hidden_targets_line(preset))
    st.radio(
        _("Length"),
        list(LENGTHS),
        key=DRILL_LENGTH_PICK.name,
        format_func=lambda k: _(LENGTHS[k][0]),
        horizontal=True,
    )
    st.number_input(
        _("Drill seed"),
        min_value=0,
        step=1,
        key=DRILL_SEED_PICK.name,
        help=_("The same seed and settings give the same questions: share it."),
    )
    st.button(
        _("Start the drill"),
        key=DRILL_START.name,
        type="primary",
        on_click=_start_clicked,
        shortcut="Enter",
    )
    problem = DRILL_PROBLEM.pop()
    if problem:
        st.error(problem)


def _status_line(plan: Plan, results: list[Result]) -> str:
    parts = []
    right = sum(r.correct for r in results)
    parts.append(_("{right} of {count} right").format(right=right, count=len(results)))
    parts.append(_("streak {n}").format(n=streak(results)))
    speed = median_seconds(results)
    if speed is not None:
        parts.append(_("median {s:.1f} s per answer").format(s=speed))
    return " · ".join(parts)


#: The keys a question is answered with, shown under its controls.
KEYS_LINE = N_(
    "Keys: seat numbers pick a player (0 for seat 10), digits a count, an option or a "
    "ruling, letters an amount or the second choice, Y or N, Enter submits, N goes to "
    "the next question (each key is shown on its button)."
)


#: A clock that ticks in the browser, with no rerun: a registered integer property animated
#: one step a second, shown through a CSS counter. ``{delay}`` starts it at the seconds
#: already gone; ``{key}`` makes a new element (so a restarted clock) for each question.
#: ``"\\3c integer\\3e"`` is ``"<integer>"`` escaped: st.html drops a style holding "<".
_CLOCK = """<style>
@property --drill-s {{syntax: "\\3c integer\\3e"; initial-value: 0; inherits: false;}}
@keyframes drill-tick {{to {{--drill-s: 3600;}}}}
.drill-clock {{animation: drill-tick 3600s steps(3600) forwards; animation-delay: -{delay}s;
  counter-reset: drill-s var(--drill-s); font-variant-numeric: tabular-nums;}}
.drill-clock::after {{content: counter(drill-s) "{after}";}}
</style><div class="drill-clock" data-question="{key}" role="timer"
aria-label="{label}"></div>"""


def _timer() -> None:
    """This question's running seconds (ticking in the browser), and the time left."""
    plan: Plan = DRILL_PLAN.get()
    now = clock()
    if DRILL_VERDICT.get() is None:
        elapsed = max(int(now - DRILL_SHOWN.get()), 0)
        st.html(
            _CLOCK.format(
                delay=elapsed,
                key=DRILL_INDEX.get(),
                # Translators: after the running seconds ("12 s on this question"); CSS
                # text, so no double quotes or backslashes.
                after=html.escape(_(" s on this question")).replace('"', ""),
                label=html.escape(_("time on this question")),
            )
        )
    if plan.seconds_limit is not None:
        left = max(plan.seconds_limit - (now - DRILL_STARTED.get()), 0)
        st.markdown(
            _(
                ":material/timer: {clock} left "
                "(the drill ends at the first answer after the time is up)"
            ).format(clock=f"{int(left) // 60}:{int(left) % 60:02d}")
        )


def _feedback(verdict: Verdict, result: StepResult, drill: Drill) -> None:
    ruling = result.ruling
    assert ruling is not None
    answer: Result = DRILL_RESULTS.get()[-1]
    _verdict_lines(verdict, result, drill.target, f" ({answer.seconds:.1f} s)")


def table_view(result: StepResult) -> Any:
    """The table at the question's moment; for a who-acts question, without the "to act"
    mark (it would give the answer away)."""
    view = result.hand.view()
    if result.ask is None:
        return view
    # a ruling asks who acts next once the hand is corrected: the mark would answer it
    if (
        "to-act" not in hidden_until_answered(result.ask.kind)
        and result.ask.kind != "ruling"
    ):
        return view
    seats = tuple(dataclasses.replace(s, to_act=False) for s in view.seats)
    return dataclasses.replace(view, seats=seats, to_act=None)


def _table(result: StepResult, settings: Settings, *, answered: bool) -> None:
    """The table; for a pot question without its pot (until answered) and with each
    player's chips in front of them as stacks in the room's colours."""
    assert result.ask is not None
    hidden = hidden_until_answered(result.ask.kind)
    show_table(
        table_view(result),
        settings.four_colour,
        show_pot=answered or "pot" not in hidden,
    )
    if result.ask.kind != "side-pots":
        return
    try:
        chips = chip_colours()
    except ValueError as exc:
        st.error(str(exc))
        return
    seats = [
        (str(s.name), Decimal(s.committed))
        for s in result.hand.view().seats
        if s.committed
    ]
    st.html(chips_html(seats, chips))


def question_line(drill: Drill) -> str:
    """The drill's question in the session's language, cards as the table writes them."""
    prompt = table_notation(drill.question.text())
    return _("**Question:** {prompt}").format(prompt=prompt)


def _question_view(settings: Settings) -> None:
    index = DRILL_INDEX.get()
    drill, result = _question(index)
    st.subheader(heading(DRILL_PLAN.get(), index))
    picture, answers = st.columns([3, 2], gap="medium")
    with picture:
        _table(result, settings, answered=DRILL_VERDICT.get() is not None)
    with answers:
        _answer_panel(index, drill, result)
    if settings.learner is None:
        st.caption(_("Choose your name in the sidebar to have your answers saved."))


@st.fragment
def _answer_panel(index: int, drill: Drill, result: StepResult) -> None:
    """Status, clock, question, controls, feedback, Next: a fragment, so that answering
    reruns only this panel; Next and End rerun the whole page (a new table)."""
    if DRILL_WHOLE_PAGE.pop():
        st.rerun()
    plan: Plan = DRILL_PLAN.get()
    results: list[Result] = DRILL_RESULTS.get()
    st.markdown(_status_line(plan, results))
    _timer()
    assert result.ask is not None
    st.markdown(question_line(drill))
    verdict: Verdict | None = DRILL_VERDICT.get()
    if verdict is None:
        answer_controls(index, result)
        st.caption(_(KEYS_LINE))
    else:
        _feedback(verdict, result, drill)
        last = plan.question_limit is not None and len(results) >= plan.question_limit
        timed_out = plan.seconds_limit is not None and (
            clock() - DRILL_STARTED.get() >= plan.seconds_limit
        )
        st.button(
            _("See the summary") if last or timed_out else _("Next question"),
            key=DRILL_NEXT.name,
            type="primary",
            on_click=_next_clicked,
            shortcut="N",
        )
    problem = DRILL_PROBLEM.pop()
    if problem:
        st.warning(problem)
    st.button(_("End the drill now"), key=DRILL_END.name, on_click=_end_clicked)


def previous_bests(settings: Settings, before: datetime) -> dict[str, float]:
    """The fastest right answer per target before ``before``: the learner's saved ones, or
    without a name this session's earlier drills."""
    best: dict[str, float] = {}
    if settings.learner is None:
        for r in DRILL_PAST.get() or ():
            if r.correct:
                best[r.target] = min(best.get(r.target, float("inf")), r.seconds)
        return best
    from tutor.ui.data import available_store

    store = available_store()
    if store is None:
        return best
    try:
        records = store.drill_answers(settings.learner)
    except TutorError:
        return best
    for record in records:
        target = getattr(record, "target", None)
        if not target or not record.correct or record.answered_at >= before:
            continue
        if not getattr(record, "first_attempt", True):
            continue
        best[target] = min(best.get(target, float("inf")), float(record.seconds))
    return best


def target_line(line: TargetLine, bests: bool) -> str:
    """One target's line of the summary (Markdown): answers, accuracy, times.

    ``bests``: whether a new fastest right answer is called a personal best (a learner's).
    """
    parts = [
        ngettext(
            "**{title}**: {n} answered", "**{title}**: {n} answered", line.answered
        ).format(title=_(line.title), n=line.answered),
        _("{percent:.0f}% right").format(percent=line.accuracy),
        _("median {s:.1f}{nbsp}s").format(s=line.median_seconds, nbsp=NBSP),
    ]
    if line.best_seconds is None:
        parts.append(_("none right"))
    elif line.new_best and bests:
        parts.append(
            _("fastest right {s:.1f}{nbsp}s (personal best)").format(
                s=line.best_seconds, nbsp=NBSP
            )
        )
    else:
        parts.append(
            _("fastest right {s:.1f}{nbsp}s").format(s=line.best_seconds, nbsp=NBSP)
        )
    return " · ".join(parts)


def _summary_view(settings: Settings) -> None:
    plan: Plan = DRILL_PLAN.get()
    results: list[Result] = DRILL_RESULTS.get()
    st.subheader(_("Drill summary"))
    right = sum(r.correct for r in results)
    speed = median_seconds(results)
    st.markdown(
        _("**{right} of {count} right** under **{preset}**").format(
            right=right, count=len(results), preset=plan.preset
        )
        + (
            _(", median {s:.1f} s per answer.").format(s=speed)
            if speed is not None
            else "."
        )
    )
    lines = summary(results, previous_bests(settings, DRILL_STARTED_AT.get()))
    if lines:  # a list, not a table: it wraps on a phone
        st.markdown(_("**By target:**"))
        st.markdown("\n".join(f"- {target_line(line, True)}" for line in lines))
    if results:
        st.markdown(_("**Slowest:**"))
        for r in slowest(results):
            st.markdown(
                f"- {_(TARGETS[r.target].title)}: {r.seconds:.1f} s"
                + ("" if r.correct else _(" (missed)"))
            )
    missed = [r for r in results if not r.correct]
    st.markdown(_("**Missed:**") if missed else _("**Missed:** none."))
    for r in missed:
        text, button = st.columns([3, 1], vertical_alignment="center")
        with text:
            st.markdown(
                _("- Question {number}, {title}: the answer was {answer}").format(
                    number=r.index + 1,
                    title=_(TARGETS[r.target].title),
                    answer=r.expected,
                )
            )
        with button:
            st.button(
                _("Open this hand again"),
                key=widget("drill_retry", r.index).name,
                on_click=_retry_clicked,
                args=(r,),
            )
    fast = sum(r.correct and r.seconds <= FAST_SECONDS for r in results)
    st.caption(_("{n} right within {s:.0f} s.").format(n=fast, s=FAST_SECONDS))
    link = "?" + urlencode(plan.to_params())
    st.markdown(_("Share this drill: [same questions]({link})").format(link=link))
    left, right_col = st.columns(2)
    with left:
        st.button(
            _("Run the same drill again"), key=DRILL_AGAIN.name, on_click=_again_clicked
        )
    with right_col:
        st.button(
            _("New drill"), key=DRILL_NEW.name, type="primary", on_click=_new_clicked
        )


def drills_page(settings: Settings) -> None:
    """The Dealer drills page: set up, the questions, the summary (and a missed hand again)."""
    DRILL_WHOLE_PAGE.pop()  # a whole-page run is under way
    if DRILL_PLAN.get() is None:
        DRILL_ENDED.pop()
        _setup(settings)
        return
    if _finished():
        if DRILL_RETRY.get() is not None:
            _retry_view(settings)
            return
        _summary_view(settings)
        return
    _question_view(settings)


def _read_link(settings: Settings) -> None:
    """A shared drill link, once per session: its valid fields fill the setup in, each bad
    field is named (the house rules and the game come through the sidebar's own settings)."""
    if DRILL_LINK_READ.get():
        return
    params = st.query_params.to_dict()
    link = read_link(params)
    problems = list(link.problems)
    for param, choices, what in (
        ("preset", PRESETS, _("house rules")),
        ("game", GAME_CHOICES, _("game")),
    ):
        raw = params.get(param)
        if not link.empty and raw is not None and raw not in choices:
            problems.append(
                _(
                    "the link's {what} {raw!r} are unknown: the sidebar's are used."
                ).format(what=what, raw=raw)
            )
    if link.empty and not problems:
        return
    DRILL_LINK_READ.set(True)
    if link.targets is not None:
        offered = _offered(drill_preset(settings))
        DRILL_TARGETS_PICK.set([t for t in link.targets if t in offered])
        problems.extend(
            _(
                "the link's drill target {title!r} is not drilled under {preset}: it was "
                "left out."
            ).format(title=_(TARGETS[t].title), preset=drill_preset(settings))
            for t in link.targets
            if t not in offered
        )
    if link.length is not None:
        DRILL_LENGTH_PICK.set(link.length)
    if link.seed is not None:
        DRILL_SEED_PICK.set(link.seed)
    DRILL_LINK_PROBLEMS.set(problems)


def _offered(preset: str) -> list[str]:
    return [name for name, target in TARGETS.items() if preset in target.presets]


def heading(plan: Plan, index: int) -> str:
    """The neutral heading over a question (the target's title would give the answer)."""
    number = index + 1
    if plan.question_limit is not None:
        return _("Question {number} of {count}").format(
            number=number, count=plan.question_limit
        )
    return _("Question {number}").format(number=number)


def _verdict_lines(
    verdict: Verdict, result: StepResult, target: str, timing: str = ""
) -> None:
    """Right or not, the target's name (now that it is answered), why, and the rules."""
    ruling = result.ruling
    assert ruling is not None
    if verdict.correct:
        st.success(verdict.message + timing)
    else:
        st.error(verdict.message + timing)
    st.markdown(_("**This was:** {title}").format(title=_(TARGETS[target].title)))
    st.markdown(_("**Why:** {why}").format(why=ruling.explanation))
    if judged(ruling):
        st.info(
            _(
                "The rulebook is silent here: this is the house's practice, so a "
                "different answer is not counted against your mastery."
            )
        )
    rules = rule_links(ruling.rules)
    st.caption(
        _("Rules: {rules} · decided under the **{preset}** house rules").format(
            rules=rules, preset=ruling.preset
        )
    )


def judged(ruling: Any) -> bool:
    """Whether a ruling rests on judgement (the rulebook is silent): the house's practice."""
    return bool(ruling.kind == "ruling" and ruling.answer.get("basis") == "J")


def _retry_clicked(miss: Result) -> None:
    DRILL_RETRY.set(miss)
    DRILL_RETRY_VERDICT.set(None)
    DRILL_RETRY_CACHE.pop()


def _back_clicked() -> None:
    DRILL_RETRY.pop()
    DRILL_RETRY_VERDICT.pop()


def _retry_view(settings: Settings) -> None:
    """A missed hand reopened from the summary: the same table and question, answered again."""
    miss: Result = DRILL_RETRY.get()
    drill, result = _retried()
    st.subheader(_("Again: question {number}").format(number=miss.index + 1))
    picture, answers = st.columns([3, 2], gap="medium")
    with picture:
        _table(result, settings, answered=DRILL_RETRY_VERDICT.get() is not None)
    with answers:
        assert result.ask is not None
        st.markdown(question_line(drill))
        verdict: Verdict | None = DRILL_RETRY_VERDICT.get()
        if verdict is None:
            answer_controls(miss.index, result, prefix="drill_r")
            st.caption(_(KEYS_LINE))
        else:
            _verdict_lines(verdict, result, drill.target)
        problem = DRILL_PROBLEM.pop()
        if problem:
            st.warning(problem)
        st.button(
            _("Back to the summary"),
            key=DRILL_BACK.name,
            type="primary" if verdict is not None else "secondary",
            on_click=_back_clicked,
            shortcut="B",
        )
