"""Session settings shared by every page: the learner, the game filter, the preset, the deck."""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

import streamlit as st

from tutor.engine.errors import TutorError
from tutor.engine.rules import PRESETS, VARIANTS, Game
from tutor.progress import Learner, ProgressStore

log = logging.getLogger(__name__)

#: The game filter's choices: value -> label.
GAME_CHOICES: Mapping[str, str] = MappingProxyType(
    {"both": "All games", **{g.value: VARIANTS[g].title for g in Game}}
)
#: The preset setting's choices: "scenario" keeps each scenario's own house rules.
AS_WRITTEN = "scenario"
PRESET_CHOICES: Mapping[str, str] = MappingProxyType(
    {AS_WRITTEN: "As each scenario says", **{p: p for p in PRESETS}}
)

#: Session keys shared across pages, with their defaults (set once in the entry file).
SESSION_DEFAULTS: Mapping[str, Any] = MappingProxyType(
    {
        "learner_name": None,
        "game_filter": "both",
        "preset_setting": AS_WRITTEN,
        "four_colour": False,
    }
)


@dataclass(frozen=True)
class Settings:
    """The sidebar's settings, read once per run and passed to the page functions."""

    learner: Learner | None
    game: str
    preset: str
    four_colour: bool

    def game_matches(self, game: str) -> bool:
        """Whether a scenario of ``game`` passes the game filter."""
        return self.game == "both" or str(game) == self.game

    @property
    def preset_override(self) -> str | None:
        """The preset to replay scenarios under, or None to keep each scenario's own."""
        return None if self.preset == AS_WRITTEN else self.preset


def init_session() -> None:
    """Give every shared session key its default, once per session."""
    for key, value in SESSION_DEFAULTS.items():
        st.session_state.setdefault(key, value)


def restore_learner(store: ProgressStore) -> None:
    """After a page refresh, take the learner back from ``?learner=`` in the address."""
    if st.session_state.get("learner_name"):
        return
    name = st.query_params.get("learner")
    if not name:
        return
    try:
        learner = store.find_learner(name)
    except TutorError:
        log.warning("the learner in the address could not be looked up", exc_info=True)
        return
    if learner is not None:
        st.session_state["learner_name"] = learner.name


def keep_learner_in_address() -> None:
    """Put ``?learner=`` back after a page switch (Streamlit clears query params on navigation)."""
    name = st.session_state.get("learner_name")
    if name and st.query_params.get("learner") != name:
        st.query_params["learner"] = name


def choose_learner(name: str) -> None:
    """Make ``name`` the current learner, and remember it in the address for a refresh."""
    st.session_state["learner_name"] = name
    st.query_params["learner"] = name


#: Session key holding (store, name, learner) from the last look-up of the learner.
LEARNER_CACHE = "_learner_found"


def current_learner(store: ProgressStore | None) -> Learner | None:
    """The learner chosen in this session, or None (always None without a store).

    Looked up once per name and store, then kept in the session (learners are never
    renamed or removed); a name not found is looked up again on the next run.
    """
    name = st.session_state.get("learner_name")
    if not name or store is None:
        return None
    cached = st.session_state.get(LEARNER_CACHE)
    if cached is not None and cached[0] is store and cached[1] == name:
        learner: Learner = cached[2]
        return learner
    try:
        found = store.find_learner(name)
    except TutorError:
        log.warning("the current learner could not be looked up", exc_info=True)
        return None
    if found is not None:
        st.session_state[LEARNER_CACHE] = (store, name, found)
    return found


def settings(store: ProgressStore | None) -> Settings:
    """The current settings, from the session (no learner while the store is down)."""
    return Settings(
        learner=current_learner(store),
        game=st.session_state.get("game_filter", "both"),
        preset=st.session_state.get("preset_setting", AS_WRITTEN),
        four_colour=bool(st.session_state.get("four_colour", False)),
    )
