"""The Learn page: the lessons in course order, one lesson's text, and its scenarios to play."""

from __future__ import annotations

import logging
import re
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING

import streamlit as st

from tutor.engine import RULE_IDS, TutorError
from tutor.i18n import N_, _, current_language
from tutor.ui.data import lessons, progress_store
from tutor.ui.glossary_links import linked_markdown
from tutor.ui.lessons_read import READ, lessons_read, mark_read
from tutor.ui.rules_page import rule_title_links
from tutor.ui.state import (
    LEARN_ASSIGNMENT_OPEN,
    LEARN_BACK,
    LEARN_CONTINUE,
    LEARN_LESSON,
    LEARN_OPEN,
    LEARN_START,
    WT_FINISHED,
    WT_POS,
    WT_SCENARIO,
    Settings,
)
from tutor.ui.text import plain

if TYPE_CHECKING:  # the bank and the walkthrough are imported when a lesson is opened
    from tutor.lessons import Lesson
    from tutor.scenarios.model import Scenario
    from tutor.ui.bank import BankView

WALKTHROUGH_PAGE = "app_pages/walkthrough.py"
#: The first visit's greeting (the README's "first visit" paragraph says the same).
WELCOME = N_(
    "**Welcome!** Type your name and press Enter: your answers are saved under it. "
    "Used this app before? Type the same name, then its PIN, to pick up where you were."
)
SIGN_IN_WELCOME = N_(
    "**Welcome!** Sign in (in the sidebar) to have your answers saved under your account."
)
#: How far back "Continue where you left off" looks for the last answer.
RECENT = timedelta(days=30)
#: Above a lesson shown in English because it has no translation in the session's language.
UNTRANSLATED = N_(
    "This lesson has not been translated into your language yet: it is shown in English."
)
#: Above a translation made from an older version of the English lesson.
STALE = N_(
    "The English lesson has changed since this translation was made: where they differ, "
    "the English lesson is the reference."
)


logger = logging.getLogger(__name__)


def _open(lesson_id: str | None) -> None:
    LEARN_LESSON.set(lesson_id)
    if lesson_id:
        READ.setdefault().add(lesson_id)


def lesson_status(
    asks: Sequence[tuple[str, int]],
    marks: Mapping[tuple[str, int], bool],
    read: bool,
) -> str:
    """One line under a lesson's title: opened or not, done or not, the learner's score.

    ``asks`` are the questions of the lesson's scenarios in the chosen game, ``marks`` the
    latest first try of each question answered: the same count as a scenario's wrap-up.
    "Started" and "Read" only for a lesson opened.

    >>> lesson_status([("a", 0), ("a", 2)], {("a", 0): True}, True)
    'Started · 1 of 2 questions right at the first try'
    >>> lesson_status([("a", 0)], {}, False)
    'Not started'
    """
    answered = [marks[a] for a in asks if a in marks]
    right = sum(answered)
    if asks and len(answered) == len(asks):
        status = _("Done")
    elif read:
        status = _("Started") if answered else _("Read")
    else:
        status = _("Not started")
    if not answered:
        return status
    return " · ".join(
        (
            status,
            _("{right} of {count} questions right at the first try").format(
                right=right, count=len(asks)
            ),
        )
    )


def _marks(settings: Settings) -> dict[tuple[str, int], bool]:
    if settings.learner is None:
        return {}
    try:
        return progress_store().first_marks(settings.learner)
    except TutorError:
        return {}


def lesson_list(
    all_lessons: Sequence[Lesson], settings: Settings, bank: BankView | None = None
) -> None:
    """Every lesson, in order, with its summary, status and score, and a button to open it.

    The scores count the questions of the scenarios each lesson shows, in the chosen game.
    """
    from tutor.ui.bank import lesson_scenarios

    marks = _marks(settings)
    read = lessons_read(settings)
    scenarios = bank.filtered(settings.game) if bank is not None else []
    for lesson in all_lessons:
        asks = [
            (s.id, step.index)
            for s in (
                lesson_scenarios(lesson, all_lessons, scenarios) if scenarios else []
            )
            for step in s.steps
            if step.ask is not None
        ]
        with st.container(border=True):
            st.markdown(f"**{lesson.order}. {plain(lesson.title)}**")
            st.caption(lesson_status(asks, marks, lesson.id in read))
            st.markdown(plain(lesson.summary))
            st.button(
                _("Open lesson"),
                key=LEARN_OPEN.at(lesson.id).name,
                on_click=_open,
                args=(lesson.id,),
            )


def _scenarios_for(lesson: Lesson, bank: BankView, settings: Settings) -> None:
    from tutor.scenarios.texts import localised
    from tutor.ui.bank import lesson_scenarios
    from tutor.ui.walkthrough import scenario_title, start_walkthrough

    st.subheader(_("Play it through"))
    found = lesson_scenarios(lesson, lessons(), bank.filtered(settings.game))
    if not found:
        st.info(_("No scenarios for this lesson in the chosen game yet."))
        return
    for scenario in found:
        left, right = st.columns([4, 1])
        with left:
            st.markdown(plain(scenario_title(localised(scenario))))
        with right:
            if st.button(_("Start"), key=LEARN_START.at(scenario.id).name):
                start_walkthrough(scenario.id)
                st.switch_page(WALKTHROUGH_PAGE)


#: A backticked rule id in a lesson's Markdown (``bring-in.who``).
_RULE_ID = re.compile(r"`([a-z0-9]+(?:[.-][a-z0-9]+)+)`")


def titled_rule_links(markdown: str) -> str:
    """Each backticked rule id in a lesson's prose said by its title, linked to its entry
    (learners read titles, not ids); anything else in backticks stays as it is.

    >>> titled_rule_links("Big bets (`limit.big`), not `x.y`.")
    'Big bets ([Big bets from fifth street on](rules?rule=limit.big)), not `x.y`.'
    """
    known = frozenset(RULE_IDS)

    def link(match: re.Match[str]) -> str:
        rule = match.group(1)
        return rule_title_links([rule]) if rule in known else match.group(0)

    return _RULE_ID.sub(link, markdown)


def lesson_view(lesson: Lesson, settings: Settings) -> None:
    """One lesson: its Markdown body, then its scenarios with buttons to start them."""
    from tutor.ui.bank import scenario_bank

    st.button(_("All lessons"), key=LEARN_BACK.name, on_click=_open, args=(None,))
    if lesson.language != current_language():
        st.info(_(UNTRANSLATED))
    elif lesson.stale:
        st.caption(_(STALE))
    # The lesson's own Markdown; each glossary term's first use is a link to its entry.
    st.markdown(titled_rule_links(linked_markdown(lesson.body, lesson.language, set())))
    st.caption(
        _("Rules in this lesson: {rules}").format(rules=rule_title_links(lesson.rules))
    )
    _scenarios_for(lesson, scenario_bank(), settings)


def _last_place(settings: Settings, bank: BankView) -> tuple[Scenario, int] | None:
    """Where the learner left off, in the chosen game: this session's walkthrough, or their
    latest run; after a finished scenario, the first step of the next one.
    """
    from tutor.ui.bank import in_course_order
    from tutor.ui.walkthrough import next_in_lesson

    playable = bank.filtered(settings.game)
    by_id = {s.id: s for s in playable}
    place: tuple[Scenario, int] | None = None
    finished = False
    chosen = WT_SCENARIO.get()
    if chosen is not None and chosen in by_id:
        place = by_id[chosen], int(WT_POS.get())
        finished = WT_FINISHED.get() == chosen
    elif settings.learner is not None:
        place, finished = _stored_place(settings, by_id)
    if place is None or not finished:
        return place
    nxt = next_in_lesson(place[0], in_course_order(playable))
    return (nxt, 0) if nxt is not None else None


def _stored_place(
    settings: Settings, by_id: Mapping[str, Scenario]
) -> tuple[tuple[Scenario, int] | None, bool]:
    """The latest run's scenario (and whether it was finished), else the latest answer's."""
    assert settings.learner is not None
    try:
        store = progress_store()
        run = store.last_run(settings.learner)
        recent = store.answers(settings.learner, since=datetime.now(UTC) - RECENT)
    except TutorError:
        return None, False
    if run is not None and run[0] in by_id:
        scenario = by_id[run[0]]
        steps = [r.step for r in recent if r.scenario_id == scenario.id]
        return (scenario, _position(scenario, steps[-1] if steps else 0)), run[1]
    for record in reversed(recent):
        found = by_id.get(record.scenario_id)
        if found is not None:
            return (found, _position(found, record.step)), False
    return None, False


def _position(scenario: Scenario, step: int) -> int:
    positions = [s.index for s in scenario.steps]
    return positions.index(step) if step in positions else 0


def continue_box(settings: Settings, bank: BankView) -> None:
    """ "Continue where you left off", when there is a place to go back to."""
    from tutor.scenarios.texts import localised
    from tutor.ui.walkthrough import start_walkthrough

    place = _last_place(settings, bank)
    if place is None:
        return
    scenario, pos = place
    with st.container(border=True):
        st.markdown(
            _("**Continue where you left off:** {title}, step {n}").format(
                title=plain(localised(scenario).title), n=pos + 1
            )
        )
        if st.button(_("Continue"), key=LEARN_CONTINUE.name, type="primary"):
            if pos == 0 and WT_SCENARIO.get() != scenario.id:
                start_walkthrough(scenario.id)
            else:
                WT_SCENARIO.set(scenario.id)
                WT_POS.set(pos)
            st.switch_page(WALKTHROUGH_PAGE)


def welcome() -> None:
    """The first visit: ask for a name on the main page (Enter starts)."""
    from tutor.auth import auth_mode
    from tutor.ui.sidebar import learner_form

    with st.container(border=True):
        if auth_mode() == "signin":  # the signed-in identity is the learner
            st.markdown(_(SIGN_IN_WELCOME))
            return
        st.markdown(_(WELCOME))
        learner_form("welcome")


def _assignments(settings: Settings) -> bool:
    """ "Due" (a learner's assignments and the join box); one assignment when opened.

    True when an assignment is drawn instead of the lessons.
    """
    from tutor.ui.assignments import assignment_view, due_box
    from tutor.ui.data import available_store

    store = available_store()
    if store is None:
        return False
    opened = LEARN_ASSIGNMENT_OPEN.get()
    if isinstance(opened, int):
        assignment_view(settings, store, opened)
        return True
    due_box(settings, store)
    return False


def learn_page(settings: Settings) -> None:
    """The lesson list (with the welcome box or "Continue"), or the lesson chosen from it."""
    from tutor.ui.sidebar import show_greeting

    all_lessons = lessons()
    if settings.learner is None:
        welcome()
    else:
        show_greeting("welcome")
    if not all_lessons:
        st.info(_("No lessons yet."))
        return
    if settings.learner is not None and _assignments(settings):
        return
    chosen = LEARN_LESSON.get()
    lesson = next((item for item in all_lessons if item.id == chosen), None)
    if lesson is None:
        bank = None
        if settings.learner is not None:  # a first visit does not wait for the bank
            from tutor.ui.bank import scenario_bank

            bank = scenario_bank()
            continue_box(settings, bank)
        lesson_list(all_lessons, settings, bank)
    else:
        mark_read(lesson.id, settings)
        lesson_view(lesson, settings)
