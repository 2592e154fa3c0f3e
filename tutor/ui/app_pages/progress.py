"""Progress: mastery per topic, charts, and your answers as CSV."""

from __future__ import annotations

import streamlit as st

from tutor.i18n import _
from tutor.ui.components import guarded
from tutor.ui.data import available_store
from tutor.ui.progress_view import progress_page
from tutor.ui.state import settings

st.title(_("Your progress"))
st.write(_("How you are doing on each topic, from every answer you have checked."))
guarded(lambda: progress_page(settings(available_store())))
