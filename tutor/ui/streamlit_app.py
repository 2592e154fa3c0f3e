"""Stud Tutor's entry point: the page router and the shared sidebar (run with `streamlit run`)."""

from __future__ import annotations

import streamlit as st

from tutor.i18n import current_language
from tutor.logs import configure as configure_logging
from tutor.ui import language
from tutor.ui.components import focus_watcher, page_style
from tutor.ui.data import available_store
from tutor.ui.identity import write_pending_cookies
from tutor.ui.instructor_nav import app_pages, instructor_view
from tutor.ui.sidebar import show_store_banner, sidebar, store_banner
from tutor.ui.state import init_session, keep_place_in_address

st.set_page_config(page_title="Stud Tutor", page_icon="🃏", layout="wide")
configure_logging()
init_session()
language.start_run(available_store())
page = st.navigation(app_pages(current_language(), instructor_view()))
page_style()
focus_watcher()
write_pending_cookies()
sidebar()
banner = store_banner()
page.run()
show_store_banner(banner)
keep_place_in_address(page.url_path)
