"""Review: the rules falling due today (spaced repetition), one question each."""

from __future__ import annotations

import streamlit as st

from tutor.i18n import _
from tutor.ui.components import guarded
from tutor.ui.data import available_store
from tutor.ui.review import review_page
from tutor.ui.state import settings

st.title(_("Review"))
st.write(
    _(
        "The rules you have met come back at growing intervals: today's session asks one "
        "question for each rule that is due."
    )
)
guarded(lambda: review_page(settings(available_store())))
