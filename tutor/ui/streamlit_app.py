"""Stud Tutor's entry point: the page router and the shared sidebar (run with `streamlit run`)."""

from __future__ import annotations

import streamlit as st

from tutor.i18n import _
from tutor.logs import configure as configure_logging
from tutor.ui import language
from tutor.ui.components import focus_watcher, page_style
from tutor.ui.data import available_store
from tutor.ui.identity import write_pending_cookies
from tutor.ui.instructor_nav import instructor_pages
from tutor.ui.sidebar import show_store_banner, sidebar, store_banner
from tutor.ui.state import init_session, keep_place_in_address

st.set_page_config(page_title="Stud Tutor", page_icon="🃏", layout="wide")
configure_logging()
init_session()
language.start_run(available_store())
page = st.navigation(
    [
        st.Page(
            "app_pages/learn.py", title="Learn", icon=":material/school:", default=True
        ),
        st.Page(
            "app_pages/walkthrough.py",
            title="Walkthrough",
            icon=":material/play_arrow:",
        ),
        st.Page("app_pages/practice.py", title="Practice", icon=":material/quiz:"),
        st.Page("app_pages/drills.py", title="Dealer drills", icon=":material/timer:"),
        st.Page("app_pages/review.py", title="Review", icon=":material/event_repeat:"),
        st.Page(
            "app_pages/progress.py", title="Progress", icon=":material/monitoring:"
        ),
        *instructor_pages(),
        st.Page("app_pages/rules.py", title="Rules", icon=":material/gavel:"),
        st.Page(
            "app_pages/glossary.py", title=_("Glossary"), icon=":material/menu_book:"
        ),
    ]
)
page_style()
focus_watcher()
write_pending_cookies()
sidebar()
banner = store_banner()
page.run()
show_store_banner(banner)
keep_place_in_address(page.url_path)
