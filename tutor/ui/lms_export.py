"""Download buttons for the LMS exports: a set of bank scenarios or an assignment as a
Moodle XML quiz or a QTI 2.1 package, and a class's gradebook CSV.

An assignment's drill items are exported as fixed hands (an LMS has no generator): each
drill item's questions are generated from a seed made of the assignment's id, the same on
every export, so a re-import replaces the same questions.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import streamlit as st

from tutor.engine import TutorError
from tutor.i18n import _, ngettext
from tutor.lms import moodle, qti
from tutor.lms.items import Item, items_of
from tutor.progress import ProgressStore
from tutor.progress import classes as cl
from tutor.scenarios.model import Scenario
from tutor.scenarios.replay import StepResult
from tutor.ui.state import GRADEBOOK, LMS_ASSIGNMENT, LMS_SET, Keys
from tutor.ui.text import plain


def file_stem(title: str) -> str:
    """A file name from a title: ``"Week 1: bring-ins"`` -> ``week-1-bring-ins``.

    >>> file_stem("Week 1: bring-ins!"), file_stem("***")
    ('week-1-bring-ins', 'export')
    """
    stem = re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")
    return stem[:60] or "export"


def set_items(scenarios: Sequence[Scenario]) -> list[Item]:
    """Every ask of the scenarios, replayed as written."""
    from tutor.ui.bank import walk_scenario

    entries: list[tuple[Scenario, Sequence[StepResult]]] = []
    for scenario in scenarios:
        try:
            entries.append((scenario, walk_scenario(scenario, None)))
        except TutorError:
            continue  # a scenario that cannot be replayed has no questions to export
    return items_of(entries)


def assignment_items(assignment: cl.Assignment) -> list[Item]:
    """The assignment's questions as an LMS gets them (drill hands fixed per assignment)."""
    from tutor.ui.assignments import bank_questions, generated

    scenarios: list[Scenario] = []
    for position, item in enumerate(assignment.items):
        if not item.is_drill:
            found = {s.id: s for s, _step in bank_questions(item)}
            scenarios.extend(found.values())
            continue
        for number in range(item.count):
            scenarios.append(generated(item, assignment.id, position, number))
    return set_items(scenarios)


def downloads(items: list[Item], title: str, family: Keys[Any], *at: object) -> None:
    """The Moodle and QTI buttons; their widget keys are ``family.at(*at, "moodle")`` and
    ``family.at(*at, "qti")``."""
    """Moodle XML and QTI 2.1 download buttons for ``items``."""
    if not items:
        st.caption(_("No question to export yet."))
        return
    stem = file_stem(title)
    left, right = st.columns(2)
    left.download_button(
        ngettext(
            "Moodle XML quiz ({n} question)",
            "Moodle XML quiz ({n} questions)",
            len(items),
        ).format(n=len(items)),
        data=lambda: moodle.quiz_xml(items, title),
        file_name=f"{stem}-moodle.xml",
        mime="application/xml",
        key=family.at(*at, "moodle").name,
    )
    right.download_button(
        ngettext(
            "QTI 2.1 package ({n} question)",
            "QTI 2.1 package ({n} questions)",
            len(items),
        ).format(n=len(items)),
        data=lambda: qti.package(items, f"stud-tutor-{stem}", title),
        file_name=f"{stem}-qti21.zip",
        mime="application/zip",
        key=family.at(*at, "qti").name,
    )


def assignment_downloads(store: ProgressStore, assignment: cl.Assignment) -> None:
    """The assignment as a Moodle XML quiz and a QTI 2.1 package."""
    del store
    downloads(
        assignment_items(assignment), assignment.title, LMS_ASSIGNMENT, assignment.id
    )


def gradebook_download(
    info: cl.ClassInfo, marks: Sequence[tuple[cl.Assignment, Sequence[cl.Mark]]]
) -> None:
    """The class's gradebook CSV (one row per learner, one column per assignment)."""
    st.download_button(
        _("Gradebook CSV for {name} (Moodle, Canvas)").format(name=plain(info.name)),
        data=cl.gradebook_csv(info, marks),
        file_name=f"{file_stem(info.name)}-gradebook.csv",
        mime="text/csv",
        key=GRADEBOOK.at(info.id).name,
    )
    st.caption(
        _(
            "One row per learner, one column per assignment: the first-attempt score out "
            "of 100. Canvas imports it as it is; in Moodle choose Import grades, CSV file, "
            "and map SIS Login ID to the user's username or e-mail."
        )
    )


def set_export(scenarios: Sequence[Scenario]) -> None:
    """Choose bank scenarios and download them as a Moodle XML quiz or a QTI package."""
    from tutor.ui.bank import scenario_label

    by_id = {s.id: s for s in scenarios}
    chosen = st.multiselect(
        _("Scenarios to export as a set"),
        list(by_id),
        key=LMS_SET.at("pick").name,
        format_func=lambda sid: scenario_label(by_id[sid]),
    )
    title = st.text_input(
        _("The set's title"), value=_("Stud Tutor set"), key=LMS_SET.at("title").name
    )
    if chosen:
        downloads(
            set_items([by_id[s] for s in chosen]),
            title or _("Stud Tutor set"),
            LMS_SET,
        )
