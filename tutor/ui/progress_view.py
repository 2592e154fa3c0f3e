"""The Progress page: a learner's mastery per topic, charts of their answers, their CSV."""

from __future__ import annotations

import re

import streamlit as st

from tutor.charts import (
    accuracy_by_topic,
    accuracy_over_time,
    mastery_chart,
    time_per_answer,
)
from tutor.progress import MASTERY_THRESHOLDS, mastery
from tutor.ui.data import progress_store
from tutor.ui.state import Settings
from tutor.ui.text import plain


def csv_file_name(name: str) -> str:
    """A safe download name for a learner's answers: ``answers-ana-lee.csv``.

    >>> csv_file_name("Ana Lee / 2")
    'answers-ana-lee-2.csv'
    """
    slug = re.sub(r"[^a-z0-9]+", "-", name.casefold()).strip("-") or "learner"
    return f"answers-{slug}.csv"


def progress_page(settings: Settings) -> None:
    """Mastery, charts and the CSV download for the current learner."""
    with st.expander("How mastery is worked out", expanded=True):
        st.markdown(MASTERY_THRESHOLDS.replace("\n- ", "\n\n- "))
    learner = settings.learner
    if learner is None:
        st.info("Type your name in the sidebar to see your progress.")
        return
    store = progress_store()
    records = store.answers(learner)
    right = sum(r.correct for r in records)
    answers = "1 answer" if len(records) == 1 else f"{len(records)} answers"
    st.markdown(f"**{plain(learner.name)}**: {answers}, {right} right.")
    levels = mastery(records)
    if levels:
        st.table({"topic": list(levels), "mastery": [str(v) for v in levels.values()]})
    charts = (mastery_chart, accuracy_by_topic, accuracy_over_time, time_per_answer)
    for chart in charts:
        st.plotly_chart(
            chart(records), width="stretch", key=f"progress_{chart.__name__}"
        )
    st.download_button(
        "Download my answers (CSV)",
        data=store.export_csv(learner),
        file_name=csv_file_name(learner.name),
        mime="text/csv",
        key="progress_csv",
    )
