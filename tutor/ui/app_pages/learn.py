"""Learn: the lessons in order, each with its scenarios."""

from __future__ import annotations

import streamlit as st

from tutor.engine.rules import GAME_TITLES
from tutor.ui.components import guarded
from tutor.ui.data import available_store
from tutor.ui.learn import learn_page
from tutor.ui.state import settings
from tutor.wording.en.common import and_list

st.title("Learn Seven Card Stud")
st.write(
    f"Short lessons on the rules of {and_list(list(GAME_TITLES.values()))}. Read one, then "
    "play its scenarios: every answer is worked out by the rules engine."
)
guarded(lambda: learn_page(settings(available_store())))
