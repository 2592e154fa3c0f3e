"""The Studio's sources of a draft: a template, a bank scenario, an uploaded file, and undo.

A part of the Studio page (:mod:`tutor.ui.studio`), cut along its seams (issue 22).
"""

from __future__ import annotations

import streamlit as st

from tutor import files
from tutor.engine.rules import DEFAULT_GAME, GAME_LABELS
from tutor.i18n import _
from tutor.scenarios.model import Scenario
from tutor.scenarios.nodes import MAX_BYTES
from tutor.scenarios.templates import template, template_topics
from tutor.ui.state import (
    STUDIO_UNDO,
    Settings,
)
from tutor.ui.studio_check import (
    _count,
)
from tutor.ui.studio_draft import (
    load_text,
)
from tutor.ui.text import without_paths


def _undo() -> None:
    old = st.session_state.pop(STUDIO_UNDO, None)
    if old is not None:
        load_text(old, _("the text it held before"))
        st.session_state.pop(STUDIO_UNDO, None)


def _from_template() -> None:
    game = st.session_state.get("studio_template_game", DEFAULT_GAME.value)
    topic = st.session_state.get("studio_template_topic")
    if topic in template_topics(game):
        load_text(
            template(topic, game),
            _("the blank {topic} template ({game})").format(
                topic=topic, game=_(GAME_LABELS[game])
            ),
        )


def _from_bank(scenarios: dict[str, Scenario]) -> None:
    chosen = scenarios.get(st.session_state.get("studio_copy_id", ""))
    if chosen is None:
        return
    try:
        text = files.read_regular(chosen.path, MAX_BYTES).decode("utf-8")
    except files.UnsafeFile as exc:
        st.session_state["studio_notice"] = without_paths(exc.problem.message)
        return
    except (OSError, UnicodeDecodeError) as exc:
        st.session_state["studio_notice"] = _(
            "That file cannot be read: {why}."
        ).format(why=getattr(exc, "strerror", None) or type(exc).__name__)
        return
    load_text(
        text,
        _("a copy of {id}: change its id before you save it").format(id=chosen.id),
    )


def _from_upload() -> None:
    upload = st.session_state.get("studio_upload")
    if upload is None:
        st.session_state["studio_notice"] = _("Choose a file to upload first.")
        return
    data = upload.getvalue()
    if len(data) > MAX_BYTES:
        st.session_state["studio_notice"] = _(
            "{name} is {size} bytes, over the limit of {limit} "
            "bytes (256 KiB): it was not put in the editor."
        ).format(name=upload.name, size=_count(len(data)), limit=_count(MAX_BYTES))
        return
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        st.session_state["studio_notice"] = _(
            "{name} is not UTF-8 text: it was not put in the editor."
        ).format(name=upload.name)
        return
    load_text(text, _("the uploaded file {name}").format(name=upload.name))


def _sources(settings: Settings) -> None:
    from tutor.ui.bank import scenario_bank

    st.markdown(
        _(
            "**Start from** a blank template, a copy of a bank scenario, or a file. Each "
            "replaces the editor's text only when you press its button."
        )
    )
    blank, copy, upload = st.columns(3)
    with blank:
        if settings.game in GAME_LABELS:  # the sidebar's game, when one is chosen
            st.session_state.setdefault("studio_template_game", settings.game)
        game = st.selectbox(
            _("Template game"),
            list(GAME_LABELS),
            key="studio_template_game",
            format_func=lambda g: _(GAME_LABELS[g]),
        )
        st.selectbox(_("Topic"), template_topics(game), key="studio_template_topic")
        st.button(
            _("Start from the template"),
            key="studio_use_template",
            on_click=_from_template,
        )
    with copy:
        scenarios = {s.id: s for s in scenario_bank().scenarios}
        st.selectbox(_("Bank scenario"), sorted(scenarios), key="studio_copy_id")
        st.button(
            _("Copy it into the editor"),
            key="studio_use_copy",
            on_click=_from_bank,
            args=(scenarios,),
        )
    with upload:
        st.file_uploader(
            _("Scenario file (.yaml, at most {kib} KiB)").format(kib=MAX_BYTES // 1024),
            type=["yaml", "yml"],
            key="studio_upload",
            max_upload_size=1,
        )
        st.button(
            _("Put the file in the editor"),
            key="studio_use_upload",
            on_click=_from_upload,
        )
    notice = st.session_state.pop("studio_notice", None)
    if notice:
        st.info(notice)
    if st.session_state.get(STUDIO_UNDO) is not None:
        st.button(
            _("Undo: take back the previous text"),
            key="studio_undo_btn",
            on_click=_undo,
        )


# -- the editor ----------------------------------------------------------------------------
