"""Glossary: every stud term the lessons teach, in English and in Italian."""

from __future__ import annotations

import streamlit as st

from tutor.i18n import _
from tutor.ui.components import guarded
from tutor.ui.glossary_page import glossary_page

st.title(_("Glossary"))
st.write(
    _(
        "Every term the lessons teach, with its English and Italian names, a one-line "
        "definition, the word the Italian rooms' pages use where it differs, the lesson "
        "that teaches it and its rules."
    )
)
guarded(glossary_page)
