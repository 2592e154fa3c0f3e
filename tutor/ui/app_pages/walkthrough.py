"""Walkthrough: one scenario, step by step."""

from __future__ import annotations

import streamlit as st

from tutor.i18n import _
from tutor.ui.components import guarded
from tutor.ui.data import available_store
from tutor.ui.state import settings
from tutor.ui.walkthrough import walkthrough_page

st.title(_("Walkthrough"))
st.write(
    _(
        "Follow a hand one step at a time. Actions are explained as they happen; at each "
        "question, answer, check, and see the rule that decides it."
    )
)
guarded(lambda: walkthrough_page(settings(available_store())))
