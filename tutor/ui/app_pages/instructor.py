"""Instructor: check a scenario file and see the engine's answers."""

from __future__ import annotations

import streamlit as st

from tutor.ui.components import guarded
from tutor.ui.instructor import instructor_page

st.title("Instructor: check a scenario")
st.write(
    "Paste or upload a scenario in the YAML format. Problems are listed as "
    "file:line:column: message; a valid scenario shows the engine's answer to every ask."
)
guarded(instructor_page)
