"""Class view (instructors): how every learner is doing, and the hardest questions."""

from __future__ import annotations

import streamlit as st

from tutor.auth import instructor_gate
from tutor.i18n import _
from tutor.ui.classview import class_view_page
from tutor.ui.components import guarded

st.title(_("Class view"))
st.write(
    _(
        "Your classes and their assignments; accuracy per learner and topic (first "
        "attempts only), each question's item analysis, each learner's answers, and "
        "exports for your LMS."
    )
)
if instructor_gate():
    guarded(class_view_page)
