"""Dealer drills: generated questions at speed under one preset, answered by click.

Session keys (all start with ``drill_``): ``drill_plan`` (the running :class:`Plan` or None),
``drill_index`` (the question on screen), ``drill_results`` (answered questions),
``drill_started`` and ``drill_shown`` (clock readings), ``drill_verdict`` (the current
question's verdict, once answered), ``drill_cache`` (index -> generated question).
"""

from __future__ import annotations

import dataclasses
import random
import time
from collections.abc import Callable, Mapping
from datetime import UTC, datetime
from decimal import Decimal
from types import MappingProxyType
from typing import Any
from urllib.parse import urlencode

import streamlit as st

from tutor.asks import (
    ASKS,
    AskKind,
    Slot,
    check_answer,
    hidden_until_answered,
    incomplete,
)
from tutor.drills import TARGETS, Drill, generate
from tutor.drills.session import (
    FAST_SECONDS,
    GAMES,
    LENGTHS,
    PRESET_LINES,
    Plan,
    PlanError,
    Result,
    TargetLine,
    median_seconds,
    plan_from_params,
    slowest,
    streak,
    summary,
)
from tutor.engine import PRESETS
from tutor.engine.errors import TutorError
from tutor.engine.rules import DEFAULT_GAME
from tutor.i18n import _
from tutor.quiz import Verdict, action_candidates, format_amount, to_amount
from tutor.scenarios import StepResult, walk
from tutor.ui.ask_controls import player_cards, size_candidates
from tutor.ui.components import show_table
from tutor.ui.rules_page import rule_links
from tutor.ui.ruling_control import ruling_control
from tutor.ui.state import GAME_CHOICES, Settings, current_learner

#: The clock the drill times answers with (tests replace it).
clock: Callable[[], float] = time.monotonic

#: Between a number and its unit, so that a line never wraps between them.
NBSP = "\u00a0"


# ---------------------------------------------------------------------------- state


def _state() -> Any:
    return st.session_state


def _question(index: int) -> tuple[Drill, StepResult]:
    """The generated question ``index`` of the running drill (made once, then kept)."""
    plan: Plan = _state()["drill_plan"]
    cache: dict[int, tuple[Drill, StepResult]] = _state().setdefault("drill_cache", {})
    if index not in cache:
        target, game, seed = plan.question(index)
        drill = generate(target, seed, preset=plan.preset, game=game)
        cache.clear()
        cache[index] = (drill, walk(drill.scenario)[-1])
    return cache[index]


def start(plan: Plan) -> None:
    """Begin ``plan`` now: question 0 on screen, no answers, the link in the address."""
    state = _state()
    state["drill_plan"] = plan
    state.pop("drill_ended", None)
    state["drill_index"] = 0
    state["drill_results"] = []
    state["drill_verdict"] = None
    state["drill_cache"] = {}
    state["drill_started"] = clock()
    state["drill_started_at"] = datetime.now(UTC)
    state["drill_shown"] = clock()
    for key, value in plan.to_params().items():
        st.query_params[key] = value


def _start_clicked() -> None:
    state = _state()
    try:
        plan = Plan(
            preset=state["drill_preset_pick"],
            game=state["drill_game_pick"],
            targets=tuple(state.get("drill_targets_pick") or ()),
            length=state["drill_length_pick"],
            seed=int(state.get("drill_seed_pick") or 0),
        )
    except PlanError as exc:
        state["drill_problem"] = str(exc)
        return
    start(plan)


def _again_clicked() -> None:
    start(_state()["drill_plan"])


def _new_clicked() -> None:
    state = _state()
    state["drill_plan"] = None
    state["drill_seed_pick"] = random.randrange(1_000_000)
    for key in (
        "drill_preset",
        "drill_game",
        "drill_targets",
        "drill_length",
        "drill_seed",
    ):
        if key in st.query_params:
            del st.query_params[key]


def _next_clicked() -> None:
    state = _state()
    state["drill_index"] += 1
    state["drill_verdict"] = None
    state["drill_shown"] = clock()
    state["drill_whole_page"] = True


def _end_clicked() -> None:
    _state()["drill_ended"] = True
    _state()["drill_whole_page"] = True


def _finished() -> bool:
    state = _state()
    plan: Plan = state["drill_plan"]
    if state.get("drill_ended"):
        return True
    answered = len(state["drill_results"])
    waiting = state.get("drill_verdict") is None
    if plan.question_limit is not None:
        return answered >= plan.question_limit and waiting
    limit = plan.seconds_limit or 0
    return clock() - state["drill_started"] >= limit and waiting


# ---------------------------------------------------------------------------- answering


def submit(given: dict[str, Any]) -> None:
    """Check ``given`` against the current question, time it, keep it and save it."""
    state = _state()
    if state.get("drill_verdict") is not None:
        return
    index = state["drill_index"]
    drill, result = _question(index)
    ruling = result.ruling
    assert ruling is not None
    kind = ruling.kind
    problem = incomplete(kind, given)
    if problem:
        state["drill_problem"] = problem
        return
    seconds = round(max(clock() - state["drill_shown"], 0.0), 3)
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
    state["drill_verdict"] = verdict
    state["drill_results"] = [*state["drill_results"], answer]
    try:
        _save(drill, result, given, answer)
    except TutorError as exc:
        state["drill_problem"] = f"Your answer was not saved: {exc}"


def _save(
    drill: Drill, result: StepResult, given: dict[str, Any], answer: Result
) -> None:
    from tutor.ui.data import KEPT, KEPT_NOTE, available_store, save_answer

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
        _state()["drill_problem"] = _(KEPT_NOTE)


def _plain(value: Any) -> Any:
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def _picked(key: str) -> Any:
    return _state().get(key)


def _submit_seat(name: str, who: str, amount_key: str | None, field: str) -> None:
    given: dict[str, Any] = {who: name}
    if amount_key is not None:
        given[field] = to_amount(_picked(amount_key))
    submit(given)


def _submit_from(build: Callable[[], dict[str, Any]]) -> None:
    submit(build())


# ---------------------------------------------------------------------------- controls

#: A drill control: (the kind's entry, widget key prefix, the question as replayed) -> None;
#: it submits the answer itself (a click on a seat, a button, or Submit).
DrillControl = Callable[[AskKind, str, StepResult], None]


def _seats(result: StepResult) -> list[Any]:
    return list(result.hand.view().seats)


def answer_controls(index: int, result: StepResult) -> None:
    """The click controls for the question's kind (every widget key starts ``drill_q{index}``)."""
    ruling = result.ruling
    assert ruling is not None and result.ask is not None
    entry = ASKS.get(ruling.kind)
    draw = DRILL_CONTROLS.get(entry.control) if entry is not None else None
    if entry is None or draw is None:
        st.warning(f"This drill has no control for the ask kind {ruling.kind!r} yet.")
        return
    draw(entry, f"drill_q{index}", result)


def _player(entry: AskKind, key: str, result: StepResult) -> None:
    """Click a seat; an amount the answer also holds is picked first (pills)."""
    assert result.ruling is not None
    who = entry.first_slot("player")
    amount_key = field = None
    for slot in entry.slots("amount"):
        stakes = result.hand.view().stakes
        options = sorted(
            {
                format_amount(x)
                for x in (
                    stakes.bring_in,
                    stakes.small_bet,
                    stakes.ante,
                    result.ruling.answer.get(slot.key),
                )
                if x
            },
            key=Decimal,
        )
        amount_key, field = f"{key}_{slot.key}", slot.key
        st.pills(
            slot.label, options, default=format_amount(stakes.bring_in), key=amount_key
        )
    st.caption("Click the player:")
    seats = _seats(result)
    columns = st.columns(min(len(seats), 2))
    for n, seat in enumerate(seats):
        with columns[n % len(columns)]:
            st.button(
                f"{seat.name} · seat {seat.seat}",
                key=f"{key}_seat_{seat.name}",
                on_click=_submit_seat,
                args=(str(seat.name), who.key, amount_key, field),
                disabled=bool(seat.folded),
                width="stretch",
            )


def _yes_no(entry: AskKind, key: str, result: StepResult) -> None:
    field = entry.first_slot("flag").key
    left, right = st.columns(2)
    for column, label, value in ((left, "Yes", True), (right, "No", False)):
        with column:
            st.button(
                label,
                key=f"{key}_{label.lower()}",
                on_click=submit,
                args=({field: value},),
                width="stretch",
            )


def _raises(entry: AskKind, key: str, result: StepResult) -> None:
    count, flag = entry.first_slot("count").key, entry.first_slot("flag").key
    most = max(4, int(result.hand.setup.rules.max_raises))
    grid = st.columns(3)
    for n in range(most + 1):
        with grid[n % 3]:
            st.button(
                str(n),
                key=f"{key}_raises_{n}",
                on_click=submit,
                args=({count: n, flag: False},),
                width="stretch",
            )
    with grid[(most + 1) % 3]:
        st.button(
            "Unlimited",
            key=f"{key}_unlimited",
            on_click=submit,
            args=({count: None, flag: True},),
            width="stretch",
        )


def _submit_label(slot: Slot) -> str:
    return f"Submit (none picked = {slot.none})" if slot.none else "Submit"


def _players(entry: AskKind, key: str, result: StepResult) -> None:
    slot = entry.first_slot("players")
    names = [str(s.name) for s in _seats(result) if not s.folded]
    pick = f"{key}_{slot.key}"
    st.pills(slot.label, names, selection_mode="multi", key=pick)
    _submit_button(
        key, lambda: {slot.key: list(_picked(pick) or ())}, _submit_label(slot)
    )


def _sizes(entry: AskKind, key: str, result: StepResult) -> None:
    assert result.ruling is not None
    slot = entry.first_slot("sizes")
    options = [
        format_amount(x)
        for x in size_candidates(
            result.hand.view(), result.ruling.answer.get(slot.key) or ()
        )
    ]
    pick = f"{key}_{slot.key}"
    st.pills(slot.label, options, selection_mode="multi", key=pick)
    _submit_button(
        key,
        lambda: {slot.key: [to_amount(x) for x in _picked(pick) or ()]},
        _submit_label(slot),
    )


def _actions(entry: AskKind, key: str, result: StepResult) -> None:
    assert result.ruling is not None
    slot = entry.first_slot("actions")
    view = result.hand.view()
    stakes = view.stakes
    options = action_candidates(
        list(result.ruling.answer.get(slot.key) or ()),
        street=str(view.street),
        current_bet=max((s.bet for s in view.seats), default=Decimal(0)),
        small_bet=stakes.small_bet,
        big_bet=stakes.big_bet,
        bring_in=stakes.bring_in or stakes.small_bet / 2,
    )
    pick = f"{key}_{slot.key}"
    st.pills(slot.label, options, selection_mode="multi", key=pick)
    _submit_button(key, lambda: {slot.key: list(_picked(pick) or ())})


def _cards(entry: AskKind, key: str, result: StepResult) -> None:
    assert result.ask is not None
    slot = entry.first_slot("cards")
    cards = player_cards(result.hand.view(), result.ask.player)
    symbols = {c.text: c.symbol for c in cards}
    pick = f"{key}_{slot.key}"
    st.pills(
        "Click five cards",
        [c.text for c in cards],
        selection_mode="multi",
        key=pick,
        format_func=lambda text: symbols.get(text, text),
    )
    _submit_button(key, lambda: {slot.key: list(_picked(pick) or ())})
    for flag in entry.slots("flag", variant=result.hand.variant):
        st.button(
            flag.label,
            key=f"{key}_nolow",
            on_click=submit,
            args=({flag.key: True, slot.key: []},),
        )


def _ruling(entry: AskKind, key: str, result: StepResult) -> None:
    """An irregularity target: the ruling control of the scenarios, then Submit."""
    given = ruling_control(key, result, result.hand.view())
    _submit_button(key, lambda: dict(given))


def _submit_button(
    key: str, build: Callable[[], dict[str, Any]], label: str = "Submit"
) -> None:
    st.button(
        label,
        key=f"{key}_submit",
        type="primary",
        on_click=_submit_from,
        args=(build,),
    )


def _amount(label: str, key: str, step: float) -> None:
    st.number_input(label, min_value=0.0, value=None, step=step, format="%.2f", key=key)


def _chip(result: StepResult) -> float:
    return 0.25 if any(s.committed % 1 for s in result.hand.view().seats) else 1.0


def _amounts(entry: AskKind, key: str, result: StepResult) -> None:
    """One amount pad per amount the answer holds, then Submit."""
    chip = _chip(result)
    fields = [slot.key for slot in entry.slots("amount")]
    for slot in entry.slots("amount"):
        _amount(slot.label, f"{key}_{slot.key}", chip)
    _submit_button(key, lambda: {f: to_amount(_picked(f"{key}_{f}")) for f in fields})


def _payouts(entry: AskKind, key: str, result: StepResult) -> None:
    """What each player takes, and the rake, then Submit."""
    slot, rake = entry.first_slot("payouts"), entry.first_slot("amount")
    chip = _chip(result)
    names = [str(s.name) for s in result.hand.view().seats]
    columns = st.columns(min(len(names), 2))
    for n, name in enumerate(names):
        with columns[n % len(columns)]:
            _amount(f"{name} {slot.label}", f"{key}_pay_{n}", chip)
    _amount(rake.label, f"{key}_{rake.key}", chip)

    def build() -> dict[str, Any]:
        payouts = {
            name: to_amount(_picked(f"{key}_pay_{n}")) or Decimal(0)
            for n, name in enumerate(names)
        }
        return {
            slot.key: payouts,
            rake.key: to_amount(_picked(f"{key}_{rake.key}")) or Decimal(0),
        }

    _submit_button(key, build)


#: The drills' controls by the name an entry gives (``AskKind.control``).
DRILL_CONTROLS: Mapping[str, DrillControl] = MappingProxyType(
    {
        "player": _player,
        "players": _players,
        "amounts": _amounts,
        "raises": _raises,
        "sizes": _sizes,
        "actions": _actions,
        "yes-no": _yes_no,
        "cards": _cards,
        "payouts": _payouts,
        "ruling": _ruling,
    }
)


# ---------------------------------------------------------------------------- the page


def hidden_targets_line(preset: str) -> str:
    """Why some targets are not offered under ``preset`` (irregularities, under online)."""
    if preset == "online":
        return (
            "Irregularity targets are not offered under online: the software deals and "
            "enforces every turn and amount, so those irregularities cannot happen there "
            f"({rule_links(['irr.online'])})."
        )
    return f"Some targets are not offered under {preset}: its rules do not decide them."


def _setup(settings: Settings) -> None:
    state = _state()
    try:
        shared = plan_from_params(st.query_params.to_dict())
    except PlanError as exc:
        st.warning(f"The drill link cannot be used: {exc}")
        shared = None
    if shared is not None and not state.get("drill_link_read"):
        state["drill_link_read"] = True
        state["drill_preset_pick"] = shared.preset
        state["drill_game_pick"] = shared.game
        state["drill_targets_pick"] = list(shared.targets)
        state["drill_length_pick"] = shared.length
        state["drill_seed_pick"] = shared.seed
        st.info(
            "A shared drill: its settings are filled in below. Press Start to run it."
        )
    if "drill_preset_pick" not in state:
        state["drill_preset_pick"] = settings.preset_override or "online"
    if "drill_game_pick" not in state:
        state["drill_game_pick"] = (
            settings.game if settings.game in GAMES else DEFAULT_GAME.value
        )
    state.setdefault("drill_seed_pick", random.randrange(1_000_000))
    state.setdefault("drill_length_pick", "20")
    preset = st.selectbox("House rules", PRESETS, key="drill_preset_pick")
    st.caption(PRESET_LINES[preset])
    st.selectbox(
        "Game", GAMES, key="drill_game_pick", format_func=GAME_CHOICES.__getitem__
    )
    offered = [name for name, target in TARGETS.items() if preset in target.presets]
    picked = state.get("drill_targets_pick") or []
    if any(name not in offered for name in picked):  # picked under other house rules
        state["drill_targets_pick"] = [name for name in picked if name in offered]
    st.multiselect(
        "Targets",
        offered,
        key="drill_targets_pick",
        format_func=lambda name: TARGETS[name].title,
        placeholder="All targets",
        help="The rulings to drill; leave empty for all of them.",
    )
    if len(offered) < len(TARGETS):
        st.caption(hidden_targets_line(preset))
    st.radio(
        "Length",
        list(LENGTHS),
        key="drill_length_pick",
        format_func=lambda k: LENGTHS[k][0],
        horizontal=True,
    )
    st.number_input(
        "Drill seed",
        min_value=0,
        step=1,
        key="drill_seed_pick",
        help="The same seed and settings give the same questions: share it.",
    )
    st.button(
        "Start the drill", key="drill_start", type="primary", on_click=_start_clicked
    )
    problem = state.pop("drill_problem", None)
    if problem:
        st.error(problem)


def _status_line(plan: Plan, results: list[Result]) -> str:
    state = _state()
    parts = []
    number = state["drill_index"] + 1
    if plan.question_limit is not None:
        parts.append(f"Question {number} of {plan.question_limit}")
    else:
        parts.append(f"Question {number}")
    right = sum(r.correct for r in results)
    parts.append(f"{right} of {len(results)} right")
    parts.append(f"streak {streak(results)}")
    speed = median_seconds(results)
    if speed is not None:
        parts.append(f"median {speed:.1f} s per answer")
    return " · ".join(parts)


#: A clock that ticks in the browser, with no rerun: a registered integer property animated
#: one step a second, shown through a CSS counter. ``{delay}`` starts it at the seconds
#: already gone; ``{key}`` makes a new element (so a restarted clock) for each question.
#: ``"\\3c integer\\3e"`` is ``"<integer>"`` escaped: st.html drops a style holding "<".
_CLOCK = """<style>
@property --drill-s {{syntax: "\\3c integer\\3e"; initial-value: 0; inherits: false;}}
@keyframes drill-tick {{to {{--drill-s: 3600;}}}}
.drill-clock {{animation: drill-tick 3600s steps(3600) forwards; animation-delay: -{delay}s;
  counter-reset: drill-s var(--drill-s); font-variant-numeric: tabular-nums;}}
.drill-clock::after {{content: counter(drill-s) " s on this question";}}
</style><div class="drill-clock" data-question="{key}" role="timer"
aria-label="time on this question"></div>"""


def _timer() -> None:
    """This question's running seconds (ticking in the browser), and the time left."""
    state = _state()
    plan: Plan = state["drill_plan"]
    now = clock()
    if state.get("drill_verdict") is None:
        elapsed = max(int(now - state["drill_shown"]), 0)
        st.html(_CLOCK.format(delay=elapsed, key=state["drill_index"]))
    if plan.seconds_limit is not None:
        left = max(plan.seconds_limit - (now - state["drill_started"]), 0)
        st.markdown(
            f":material/timer: {int(left) // 60}:{int(left) % 60:02d} left "
            "(the drill ends at the first answer after the time is up)"
        )


def _feedback(verdict: Verdict, result: StepResult, drill: Drill) -> None:
    ruling = result.ruling
    assert ruling is not None
    answer: Result = _state()["drill_results"][-1]
    timing = f" ({answer.seconds:.1f} s)"
    if verdict.correct:
        st.success(verdict.message + timing)
    else:
        st.error(verdict.message + timing)
    st.markdown(f"**Why:** {ruling.explanation}")
    rules = rule_links(ruling.rules)
    st.caption(f"Rules: {rules} · decided under the **{ruling.preset}** house rules")


def table_view(result: StepResult) -> Any:
    """The table at the question's moment; for a who-acts question, without the "to act"
    mark (it would give the answer away)."""
    view = result.hand.view()
    if result.ask is None or "to-act" not in hidden_until_answered(result.ask.kind):
        return view
    seats = tuple(dataclasses.replace(s, to_act=False) for s in view.seats)
    return dataclasses.replace(view, seats=seats, to_act=None)


def _question_view(settings: Settings) -> None:
    state = _state()
    index = state["drill_index"]
    drill, result = _question(index)
    st.subheader(TARGETS[drill.target].title)
    picture, answers = st.columns([3, 2], gap="medium")
    with picture:
        show_table(table_view(result), settings.four_colour)
    with answers:
        _answer_panel(index, drill, result)
    st.caption(
        f"This question: `tutor generate --target {drill.target} --seed {drill.seed} "
        f"--preset {drill.preset} --game {drill.game}`"
    )
    if settings.learner is None:
        st.caption("Choose your name in the sidebar to have your answers saved.")


@st.fragment
def _answer_panel(index: int, drill: Drill, result: StepResult) -> None:
    """Status, clock, question, controls, feedback, Next: a fragment, so that answering
    reruns only this panel; Next and End rerun the whole page (a new table)."""
    state = _state()
    if state.pop("drill_whole_page", False):
        st.rerun()
    plan: Plan = state["drill_plan"]
    results: list[Result] = state["drill_results"]
    st.markdown(_status_line(plan, results))
    _timer()
    assert result.ask is not None
    st.markdown(f"**Question:** {result.ask.prompt}")
    verdict: Verdict | None = state.get("drill_verdict")
    if verdict is None:
        answer_controls(index, result)
    else:
        _feedback(verdict, result, drill)
        last = plan.question_limit is not None and len(results) >= plan.question_limit
        timed_out = plan.seconds_limit is not None and (
            clock() - state["drill_started"] >= plan.seconds_limit
        )
        st.button(
            "See the summary" if last or timed_out else "Next question",
            key="drill_next",
            type="primary",
            on_click=_next_clicked,
        )
    problem = state.pop("drill_problem", None)
    if problem:
        st.warning(problem)
    st.button("End the drill now", key="drill_end", on_click=_end_clicked)


def previous_bests(settings: Settings, before: datetime) -> dict[str, float]:
    """The learner's fastest right answer per target before ``before``."""
    if settings.learner is None:
        return {}
    from tutor.ui.data import available_store

    best: dict[str, float] = {}
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
        f"**{line.title}**: {line.answered} answered",
        f"{line.accuracy:.0f}% right",
        f"median {line.median_seconds:.1f}{NBSP}s",
    ]
    if line.best_seconds is None:
        parts.append("none right")
    else:
        best = " (personal best)" if line.new_best and bests else ""
        parts.append(f"fastest right {line.best_seconds:.1f}{NBSP}s{best}")
    return " · ".join(parts)


def _summary_view(settings: Settings) -> None:
    state = _state()
    plan: Plan = state["drill_plan"]
    results: list[Result] = state["drill_results"]
    st.subheader("Drill summary")
    right = sum(r.correct for r in results)
    speed = median_seconds(results)
    st.markdown(
        f"**{right} of {len(results)} right** under **{plan.preset}**"
        + (f", median {speed:.1f} s per answer." if speed is not None else ".")
    )
    bests = settings.learner is not None  # a personal best needs a learner's history
    lines = summary(results, previous_bests(settings, state["drill_started_at"]))
    if lines:  # a list, not a table: it wraps on a phone
        st.markdown("**By target:**")
        st.markdown("\n".join(f"- {target_line(line, bests)}" for line in lines))
    if results:
        st.markdown("**Slowest:**")
        for r in slowest(results):
            st.markdown(
                f"- {TARGETS[r.target].title}: {r.seconds:.1f} s"
                + ("" if r.correct else " (missed)")
                + f" · seed {r.seed}"
            )
    missed = [r for r in results if not r.correct]
    st.markdown("**Missed:**" if missed else "**Missed:** none.")
    for r in missed:
        st.markdown(
            f"- {TARGETS[r.target].title}: the answer was {r.expected} · "
            f"`tutor generate --target {r.target} --seed {r.seed} --preset {plan.preset} --game {r.game}`"
        )
    fast = sum(r.correct and r.seconds <= FAST_SECONDS for r in results)
    st.caption(f"{fast} right within {FAST_SECONDS:.0f} s.")
    link = "?" + urlencode(plan.to_params())
    st.markdown(f"Share this drill: [same questions]({link})")
    left, right_col = st.columns(2)
    with left:
        st.button(
            "Run the same drill again", key="drill_again", on_click=_again_clicked
        )
    with right_col:
        st.button("New drill", key="drill_new", type="primary", on_click=_new_clicked)


def drills_page(settings: Settings) -> None:
    """The Dealer drills page: set up, the questions, the summary."""
    state = _state()
    state.pop("drill_whole_page", None)  # a whole-page run is under way
    if state.get("drill_plan") is None:
        state.pop("drill_ended", None)
        _setup(settings)
        return
    if _finished():
        _summary_view(settings)
        return
    _question_view(settings)
