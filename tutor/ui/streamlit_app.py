"""Stud Tutor's entry point: the page router and the shared sidebar (run with `streamlit run`)."""

from __future__ import annotations

import streamlit as st

from tutor.i18n import current_language
from tutor.logs import configure as configure_logging
from tutor.ui.components import focus_watcher, page_style
from tutor.ui.instructor_nav import app_pages, shows_instructor_pages
from tutor.ui.sidebar import sidebar
from tutor.ui.state import init_session, keep_place_in_address

st.set_page_config(page_title="Stud Tutor", page_icon="🃏", layout="wide")
configure_logging()
init_session()
page = st.navigation(app_pages(current_language(), shows_instructor_pages()))
page_style()
focus_watcher()
sidebar()
page.run()
keep_place_in_address(page.url_path)
