"""Studio (instructors): write, check, preview, build and save scenarios."""

from __future__ import annotations

import streamlit as st

from tutor.auth import instructor_gate
from tutor.i18n import _
from tutor.ui.components import guarded
from tutor.ui.data import progress_store
from tutor.ui.state import settings
from tutor.ui.studio import studio_page

st.title(_("Studio"))
st.write(
    _(
        "Write a scenario with live checks, play it as a learner would, build a hand by "
        "clicking, and save it into the instructor bank."
    )
)
if instructor_gate():
    guarded(lambda: studio_page(settings(progress_store())))
