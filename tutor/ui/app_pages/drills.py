"""Dealer drills: generated rulings at speed under one card room's rules."""

from __future__ import annotations

import streamlit as st

from tutor.i18n import _
from tutor.ui.components import guarded
from tutor.ui.data import available_store
from tutor.ui.drills import drills_page
from tutor.ui.state import settings

st.title(_("Dealer drills"))
st.write(
    _(
        "Rulings at speed, on hands dealt to order, under the sidebar's game and house "
        "rules: pick the rulings to drill and a length. Answer by click or from the "
        "keyboard; every answer is timed and explained."
    )
)
guarded(lambda: drills_page(settings(available_store())))
