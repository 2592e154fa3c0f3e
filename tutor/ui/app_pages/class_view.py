"""Class view (instructors): how every learner is doing, and the hardest questions."""

from __future__ import annotations

import streamlit as st

from tutor.auth import instructor_gate
from tutor.ui.classview import class_view_page
from tutor.ui.components import guarded

st.title("Class view")
st.write(
    "Accuracy per learner and topic (first attempts only), the questions the class "
    "finds hardest, and each learner's answers."
)
if instructor_gate():
    guarded(class_view_page)
