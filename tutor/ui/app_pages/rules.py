"""Rules: every rule id the app cites, in the project's words, with presets and scenarios."""

from __future__ import annotations

import streamlit as st

from tutor.rules_reference import rules_gettext
from tutor.ui.components import guarded
from tutor.ui.rules_page import rules_page

st.title(rules_gettext("Rules"))
st.write(
    rules_gettext(
        "Every rule the tutor cites, by its id. Where card rooms differ, the four presets' "
        "values are side by side; the scenarios listed are the ones whose rulings use the rule."
    )
)
guarded(rules_page)
