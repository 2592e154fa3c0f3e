"""The Learn page: the lessons in course order, one lesson's text, and its scenarios to play."""

from __future__ import annotations

from typing import TYPE_CHECKING

import streamlit as st

from tutor.ui.data import lessons
from tutor.ui.rules_page import link_rule_ids, rule_links
from tutor.ui.state import Settings

if TYPE_CHECKING:  # the bank and the walkthrough are imported when a lesson is opened
    from tutor.lessons import Lesson
    from tutor.ui.bank import BankView

WALKTHROUGH_PAGE = "app_pages/walkthrough.py"


def _open(lesson_id: str | None) -> None:
    st.session_state["learn_lesson"] = lesson_id


def lesson_list(all_lessons: list[Lesson]) -> None:
    """Every lesson, in order, with its summary and a button to open it."""
    for lesson in all_lessons:
        with st.container(border=True):
            st.markdown(f"**{lesson.order}. {lesson.title}**")
            st.write(lesson.summary)
            st.button(
                "Open lesson",
                key=f"learn_open_{lesson.id}",
                on_click=_open,
                args=(lesson.id,),
            )


def _scenarios_for(lesson: Lesson, bank: BankView, settings: Settings) -> None:
    from tutor.ui.bank import scenario_label
    from tutor.ui.walkthrough import start_walkthrough

    st.subheader("Play it through")
    found = [s for s in bank.filtered(settings.game) if s.topic in lesson.topics]
    if not found:
        st.info("No scenarios for this lesson's topics in the chosen game yet.")
        return
    found.sort(key=lambda s: (lesson.topics.index(s.topic), s.level, s.title))
    for scenario in found:
        left, right = st.columns([4, 1])
        with left:
            st.write(scenario_label(scenario))
        with right:
            if st.button("Start", key=f"learn_start_{scenario.id}"):
                start_walkthrough(scenario.id)
                st.switch_page(WALKTHROUGH_PAGE)


def lesson_view(lesson: Lesson, settings: Settings) -> None:
    """One lesson: its Markdown body, then its scenarios with buttons to start them."""
    from tutor.ui.bank import scenario_bank

    st.button("All lessons", key="learn_back", on_click=_open, args=(None,))
    st.markdown(link_rule_ids(lesson.body))
    st.caption("Rules in this lesson: " + rule_links(lesson.rules))
    _scenarios_for(lesson, scenario_bank(), settings)


def learn_page(settings: Settings) -> None:
    """The lesson list, or the lesson chosen from it."""
    all_lessons = lessons()
    if not all_lessons:
        st.info("No lessons yet.")
        return
    chosen = st.session_state.get("learn_lesson")
    lesson = next((item for item in all_lessons if item.id == chosen), None)
    if lesson is None:
        lesson_list(all_lessons)
    else:
        lesson_view(lesson, settings)
