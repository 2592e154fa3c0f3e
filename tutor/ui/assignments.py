"""Assignments as a learner meets them: "Due" on the Learn page, joining a class, and one
assignment's questions (its bank scenarios, and drill questions generated from the seed the
learner keeps, answered right here).

The questions of an assignment for one learner are worked out by :func:`questions`, which
the Class view's progress and the LMS exports share: a bank scenario gives each of its asks;
a drill item gives ``count`` hands generated from the learner's kept seed (the same hands
on every visit, other hands for another learner), saved the first time so that the class's
progress is counted in SQL.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import lru_cache

import streamlit as st

from tutor.engine import TutorError
from tutor.i18n import _, ngettext
from tutor.progress import Learner, ProgressStore
from tutor.progress import classes as cl
from tutor.scenarios.model import Scenario
from tutor.ui import dates
from tutor.ui.state import (
    ASG_OPEN,
    ASG_POS,
    JOIN_CODE,
    JOIN_MESSAGE,
    LEARN_ASG_ANSWER,
    LEARN_ASG_BACK,
    LEARN_ASG_START,
    LEARN_DUE,
    LEARN_DUE_OPEN,
    LISTED_DONE,
    Settings,
)
from tutor.ui.text import plain

log = logging.getLogger(__name__)
WALKTHROUGH_PAGE = "app_pages/walkthrough.py"


@dataclass(frozen=True)
class Question:
    """One question of an assignment for one learner."""

    position: int
    number: int
    scenario: Scenario
    step: int
    drill: bool

    @property
    def key(self) -> tuple[str, int]:
        return (self.scenario.id, self.step)


def bank_questions(item: cl.Item) -> list[tuple[Scenario, int]]:
    """A bank scenario item's questions: (scenario, ask step), in order (none if gone)."""
    from tutor.ui.bank import scenario_bank

    scenario = scenario_bank().get(item.scenario_id or "")
    if scenario is None:
        return []
    return [(scenario, s.index) for s in scenario.steps if s.ask is not None]


def fixed_questions(assignment: cl.Assignment) -> list[tuple[str, int]]:
    """The questions every learner has: those of the assignment's bank scenarios."""
    return [
        (scenario.id, step)
        for item in assignment.items
        if not item.is_drill
        for scenario, step in bank_questions(item)
    ]


@lru_cache(maxsize=512)
def generated(item: cl.Item, seed: int, position: int, number: int) -> Scenario:
    """Drill question ``number`` of item ``position`` for the learner's ``seed`` (cached:
    the same arguments always make the same hand, and a scenario holds no sentence of the
    session's language)."""
    from tutor.drills import generate

    drill = generate(
        str(item.target),
        cl.question_seed(seed, position, number),
        preset=item.preset,
        game=item.game,
    )
    return drill.scenario


def questions(
    store: ProgressStore, assignment: cl.Assignment, learner: Learner
) -> list[Question]:
    """The learner's questions of the assignment (drill hands generated and kept once)."""
    out: list[Question] = []
    seed: int | None = None
    fresh: list[cl.Variant] = []
    kept = {
        (v.position, v.number): v for v in cl.variants(store, assignment.id, learner)
    }
    for position, item in enumerate(assignment.items):
        if not item.is_drill:
            for number, (scenario, step) in enumerate(bank_questions(item)):
                out.append(Question(position, number, scenario, step, False))
            continue
        if seed is None:
            seed = cl.learner_seed(store, assignment.id, learner)
        for number in range(item.count):
            scenario = generated(item, seed, position, number)
            step = next(s.index for s in scenario.steps if s.ask is not None)
            if (position, number) not in kept:
                fresh.append(cl.Variant(position, number, scenario.id, step))
            out.append(Question(position, number, scenario, step, True))
    if fresh:
        cl.save_variants(store, assignment.id, learner, fresh)
    return out


def _fmt_time(value: datetime) -> str:
    return dates.moment(value, comma=True)


# -- joining ---------------------------------------------------------------------------------
def _join(learner: Learner) -> None:
    from tutor.ui.data import progress_store

    code = str(JOIN_CODE.get() or "")
    JOIN_CODE.set("")
    try:
        joined = cl.join_class(progress_store(), learner, code)
    except TutorError as exc:
        JOIN_MESSAGE.set(("error", str(exc)))
        return
    JOIN_MESSAGE.set(("ok", _("You are in the class {name}.").format(name=joined.name)))


def join_listed_classes(store: ProgressStore, learner: Learner) -> None:
    """Sign-in mode: join the classes that list the signed-in identity (once a session)."""
    from tutor.auth import auth_mode, signed_in_identity

    if auth_mode() != "signin":
        return
    who = signed_in_identity()
    if not who or LISTED_DONE.get() == who:
        return
    try:
        cl.join_listed(store, learner, who)
    except TutorError as exc:
        log.error("the listed classes could not be joined: %s", exc)
        return
    LISTED_DONE.set(who)


def _join_message() -> None:
    """The last join's result (once), outside any folded box so that it is seen."""
    message = JOIN_MESSAGE.pop()
    if message is not None:
        (st.success if message[0] == "ok" else st.error)(plain(message[1]))


def join_box(learner: Learner) -> None:
    """A join-code box (Enter joins)."""
    st.text_input(
        _("Join a class: type the code your instructor gave you"),
        key=JOIN_CODE.name,
        max_chars=20,
        placeholder=_("six letters and digits"),
        on_change=_join,
        args=(learner,),
    )


# -- "Due" -----------------------------------------------------------------------------------
def _open(assignment_id: int | None) -> None:
    ASG_OPEN.set(assignment_id)
    ASG_POS.set(None)


def progress_line(done: int, total: int, right: int) -> str:
    """ "3 of 5 questions answered, 2 right first time".

    >>> progress_line(1, 1, 0)
    '1 of 1 question answered, 0 right first time'
    """
    return ngettext(
        "{done} of {total} question answered, {right} right first time",
        "{done} of {total} questions answered, {right} right first time",
        total,
    ).format(done=done, total=total, right=right)


def due_box(settings: Settings, store: ProgressStore) -> None:
    """The learner's open assignments, soonest due first, with their progress."""
    learner = settings.learner
    if learner is None:
        return
    join_listed_classes(store, learner)
    try:
        mine = cl.learner_assignments(store, learner)
        in_classes = cl.learner_classes(store, learner)
    except TutorError as exc:
        log.error("the assignments could not be read: %s", exc)
        return
    _join_message()
    if not in_classes:
        # a learner on their own sees no empty "Due": only a way in, folded away
        with st.expander(_("In a class? Join it with its code")):
            join_box(learner)
        return
    with st.container(border=True, key=LEARN_DUE.name):
        st.markdown(_("**Due**"))
        if not mine:
            st.caption(_("Nothing is due."))
        now = datetime.now(UTC)
        for assignment in mine:
            asked = questions(store, assignment, learner)
            answers = cl.answered_since(
                store, learner, [q.key for q in asked], assignment.opens_at
            )
            right = sum(answers.values())
            late = now > assignment.due_at
            when = _("due {when}").format(when=_fmt_time(assignment.due_at))
            if late:
                when = _("was due {when}: late work still counts, marked late").format(
                    when=_fmt_time(assignment.due_at)
                )
            left, button = st.columns([4, 1])
            with left:
                st.markdown(f"**{plain(assignment.title)}** · {plain(when)}")
                st.caption(plain(progress_line(len(answers), len(asked), right)))
            with button:
                st.button(
                    _("Open"),
                    key=LEARN_DUE_OPEN.at(assignment.id).name,
                    on_click=_open,
                    args=(assignment.id,),
                )
        with st.expander(_("Join another class")):
            join_box(learner)


# -- one assignment --------------------------------------------------------------------------
def _answer_drill(position: int | None) -> None:
    ASG_POS.set(position)


def assignment_view(
    settings: Settings, store: ProgressStore, assignment_id: int
) -> None:
    """One assignment: its questions with what is done, and a drill question to answer."""
    from tutor.ui.walkthrough import start_walkthrough

    learner = settings.learner
    found = cl.assignment(store, assignment_id)
    st.button(_("All lessons"), key=LEARN_ASG_BACK.name, on_click=_open, args=(None,))
    if (
        learner is None
        or found is None
        or found.id not in {a.id for a in cl.learner_assignments(store, learner)}
    ):
        st.info(_("This assignment is not open to you."))
        return
    asked = questions(store, found, learner)
    answers = cl.answered_since(store, learner, [q.key for q in asked], found.opens_at)
    st.subheader(plain(found.title))
    st.caption(
        plain(
            _("Due {when}. {progress}.").format(
                when=_fmt_time(found.due_at),
                progress=progress_line(len(answers), len(asked), sum(answers.values())),
            )
        )
    )
    playing = ASG_POS.get()
    seen: set[str] = set()
    drills = 0
    for index, question in enumerate(asked):
        done = question.key in answers
        mark = (
            _("done, right first time")
            if answers.get(question.key)
            else _("done")
            if done
            else _("to do")
        )
        if not question.drill:
            if question.scenario.id in seen:
                continue
            seen.add(question.scenario.id)
            steps = [q for q in asked if q.scenario.id == question.scenario.id]
            finished = sum(1 for q in steps if q.key in answers)
            left, right = st.columns([4, 1])
            left.markdown(
                f"**{plain(question.scenario.title)}** · "
                + plain(
                    _("{done} of {total} questions done").format(
                        done=finished, total=len(steps)
                    )
                )
            )
            if right.button(
                _("Start"), key=LEARN_ASG_START.at(question.scenario.id).name
            ):
                start_walkthrough(question.scenario.id)
                st.switch_page(WALKTHROUGH_PAGE)
            continue
        drills += 1
        left, right = st.columns([4, 1])
        left.markdown(
            plain(
                _("Drill question {n}: {title}").format(
                    n=drills, title=question.scenario.title
                )
            )
            + f" · {plain(mark)}"
        )
        right.button(
            _("Answer"),
            key=LEARN_ASG_ANSWER.at(index).name,
            on_click=_answer_drill,
            args=(index,),
        )
    if isinstance(playing, int) and 0 <= playing < len(asked):
        _play(settings, store, asked[playing])


def _play(settings: Settings, store: ProgressStore, question: Question) -> None:
    """A generated question with the app's own table and controls (recorded as usual)."""
    from tutor.ui.ask_panel import ask_panel
    from tutor.ui.bank import walk_scenario

    results = walk_scenario(question.scenario, None)
    result = next(r for r in results if r.index == question.step)
    with st.container(border=True):
        ask_panel("asg", question.scenario, result, settings, store)
