"""Practice: questions by topic, by level, from your mistakes, or mixed."""

from __future__ import annotations

import streamlit as st

from tutor.i18n import _
from tutor.ui.components import guarded
from tutor.ui.data import available_store
from tutor.ui.practice import practice_page
from tutor.ui.state import settings

st.title(_("Practice"))
st.write(
    _(
        "Answer questions taken from the scenarios. The game and the house rules are set in the "
        "sidebar; every answer says which house rules decided it."
    )
)
guarded(lambda: practice_page(settings(available_store())))
