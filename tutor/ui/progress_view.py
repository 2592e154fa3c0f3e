"""The Progress page: a learner's mastery per topic, charts of their answers, their CSV."""

from __future__ import annotations

import re
from collections.abc import Sequence

import streamlit as st

from tutor.charts import (
    NO_DRILLS,
    accuracy_by_topic,
    accuracy_over_time,
    drill_accuracy_over_time,
    drill_speed_over_time,
    mastery_chart,
    mastery_name,
    time_per_answer,
)
from tutor.i18n import _, ngettext
from tutor.progress import AnswerRecord, Learner, ProgressStore
from tutor.progress.mastery import Mastery
from tutor.ui.data import progress_store
from tutor.ui.state import PROGRESS, Settings
from tutor.ui.text import plain
from tutor.ui.topics import titled

#: No Plotly toolbar: on a phone it covers the charts' titles (and Streamlit shows it even
#: when set to appear on hover only). Streamlit's own menu still offers fullscreen.
CHART_CONFIG = {"displayModeBar": False}


def csv_file_name(name: str) -> str:
    """A safe download name for a learner's answers: ``answers-ana-lee.csv``.

    >>> csv_file_name("Ana Lee / 2")
    'answers-ana-lee-2.csv'
    """
    slug = re.sub(r"[^a-z0-9]+", "-", name.casefold()).strip("-") or "learner"
    return f"answers-{slug}.csv"


def mastery_explained() -> str:
    """How mastery is worked out (``tutor.progress.MASTERY_THRESHOLDS``) in the session's
    language; a test keeps the English the same as the thresholds' own."""
    return _(
        "Mastery of a topic is worked out from your answers on that topic, latest last:\n"
        "- attempted: at least 1 answer.\n"
        "- familiar: at least 5 answers, and at least 60% of your last 10 right (of all "
        "your answers while you have fewer than 10).\n"
        "- proficient: at least 10 answers, at least 80% of your last 10 right (8 of 10), "
        "and right answers in at least 2 different scenarios.\n"
        "- mastered: at least 20 answers, at least 90% of your last 20 right (18 of 20), "
        "your last 5 all right, and right answers in at least 3 different scenarios.\n"
        "A wrong answer can take a level away again: the levels follow your latest "
        "answers."
    )


def drill_section(records: Sequence[AnswerRecord]) -> None:
    """Dealer drills: speed and accuracy per target over time (when there are drill answers)."""
    st.subheader(_("Dealer drills"))
    if not any(r.target for r in records):
        st.caption(_(NO_DRILLS))
        return
    for chart in (drill_speed_over_time, drill_accuracy_over_time):
        st.plotly_chart(
            chart(records),
            width="stretch",
            key=PROGRESS.at(chart.__name__).name,
            config=CHART_CONFIG,
        )


def progress_page(settings: Settings) -> None:
    """Mastery, charts and the CSV download for the current learner."""
    with st.expander(_("How mastery is worked out"), expanded=True):
        st.markdown(mastery_explained().replace("\n- ", "\n\n- "))
    learner = settings.learner
    if learner is None:
        st.info(_("Type your name in the sidebar to see your progress."))
        return
    store = progress_store()
    # a few aggregate queries (first attempts only for the figures), never the history
    # counted as mastery counts: first attempts only (retries after the answer was shown
    # are practice)
    figures = titled(store.progress(learner))
    st.markdown(
        ngettext(
            "**{name}**: {n} question answered at the first try, {right} right.",
            "**{name}**: {n} questions answered at the first try, {right} right.",
            figures.first_answered,
        ).format(
            name=plain(learner.name),
            n=figures.first_answered,
            right=figures.first_correct,
        )
    )
    if figures.topics:
        st.table(
            {
                _("Topic"): [t.topic for t in figures.topics],
                _("Mastery"): [
                    mastery_name(Mastery(t.mastery)) for t in figures.topics
                ],
            }
        )
    charts = (mastery_chart, accuracy_by_topic, accuracy_over_time, time_per_answer)
    for chart in charts:
        st.plotly_chart(
            chart(figures),
            width="stretch",
            key=PROGRESS.at(chart.__name__).name,
            config=CHART_CONFIG,
        )
    drill_section(store.drill_answers(learner))
    st.download_button(
        _("Download my answers (CSV)"),
        # read only when the button is clicked, not on every rerun
        data=lambda: _my_csv(store, learner),
        file_name=csv_file_name(learner.name),
        mime="text/csv",
        key=PROGRESS.at("csv").name,
    )


def _my_csv(store: ProgressStore, learner: Learner) -> str:
    """The learner's answers as CSV, with each question's text and right answer."""
    from tutor.ui.questions import asked

    text: str = store.export_csv(learner, asked)
    return text
