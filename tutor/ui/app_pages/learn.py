"""Learn: the lessons in order, each with its scenarios."""

from __future__ import annotations

import streamlit as st

from tutor.engine import GAME_TITLES
from tutor.i18n import _
from tutor.numbers import format_list
from tutor.ui.components import guarded
from tutor.ui.data import available_store
from tutor.ui.learn import learn_page
from tutor.ui.state import settings
from tutor.wording import game_title

_settings = settings(available_store())
_game = game_title(_settings.game) if _settings.game in GAME_TITLES else None
st.title(_("Learn {game}").format(game=_game) if _game else _("Learn Seven Card Stud"))
st.write(
    _(
        "Short lessons on the rules of {games}. Read one, then play its scenarios: every "
        "answer is worked out by the rules engine."
    ).format(games=_game or format_list([game_title(g) for g in GAME_TITLES]))
)
guarded(lambda: learn_page(_settings))
