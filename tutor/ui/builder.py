"""Build a hand by clicking (placeholder until the builder lands)."""

from __future__ import annotations

import streamlit as st

from tutor.ui.state import Settings


def builder_section(settings: Settings) -> None:
    """Choose the table, deal cards from a grid, play legal actions, insert questions."""
    del settings
    st.info("The hand builder is not ready yet.")
