"""The Studio's sources of a draft: a template, a bank scenario, an uploaded file, and undo.

A part of the Studio page (:mod:`tutor.ui.studio`), cut along its seams (issue 22).
"""

from __future__ import annotations

import streamlit as st

from tutor import files
from tutor.engine import DEFAULT_GAME, GAME_LABELS
from tutor.i18n import _
from tutor.scenarios.model import Scenario
from tutor.scenarios.nodes import MAX_BYTES
from tutor.scenarios.templates import template, template_topics
from tutor.ui.state import (
    STUDIO_COPY_ID,
    STUDIO_NOTICE,
    STUDIO_TEMPLATE_GAME,
    STUDIO_TEMPLATE_TOPIC,
    STUDIO_UNDO_BUTTON,
    STUDIO_UNDO_TEXT,
    STUDIO_UPLOAD,
    STUDIO_USE_COPY,
    STUDIO_USE_TEMPLATE,
    STUDIO_USE_UPLOAD,
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
    old = STUDIO_UNDO_TEXT.pop()
    if old is not None:
        load_text(old, _("the text it held before"))
        STUDIO_UNDO_TEXT.pop()


def _from_template() -> None:
    game = STUDIO_TEMPLATE_GAME.get() or DEFAULT_GAME.value
    topic = STUDIO_TEMPLATE_TOPIC.get()
    if topic in template_topics(game):
        load_text(
            template(topic, game),
            _("the blank {topic} template ({game})").format(
                topic=topic, game=_(GAME_LABELS[game])
            ),
        )


def _from_bank(scenarios: dict[str, Scenario]) -> None:
    chosen = scenarios.get(STUDIO_COPY_ID.get() or "")
    if chosen is None:
        return
    try:
        text = files.read_regular(chosen.path, MAX_BYTES).decode("utf-8")
    except files.UnsafeFile as exc:
        STUDIO_NOTICE.set(without_paths(exc.problem.message))
        return
    except (OSError, UnicodeDecodeError) as exc:
        STUDIO_NOTICE.set(
            _("That file cannot be read: {why}.").format(
                why=getattr(exc, "strerror", None) or type(exc).__name__
            )
        )
        return
    load_text(
        text,
        _("a copy of {id}: change its id before you save it").format(id=chosen.id),
    )


def _from_upload() -> None:
    upload = STUDIO_UPLOAD.get()
    if upload is None:
        STUDIO_NOTICE.set(_("Choose a file to upload first."))
        return
    data = upload.getvalue()
    if len(data) > MAX_BYTES:
        STUDIO_NOTICE.set(
            _(
                "{name} is {size} bytes, over the limit of {limit} "
                "bytes (256 KiB): it was not put in the editor."
            ).format(name=upload.name, size=_count(len(data)), limit=_count(MAX_BYTES))
        )
        return
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        STUDIO_NOTICE.set(
            _("{name} is not UTF-8 text: it was not put in the editor.").format(
                name=upload.name
            )
        )
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
            if not STUDIO_TEMPLATE_GAME.present():
                STUDIO_TEMPLATE_GAME.set(settings.game)
        game = st.selectbox(
            _("Template game"),
            list(GAME_LABELS),
            key=STUDIO_TEMPLATE_GAME.name,
            format_func=lambda g: _(GAME_LABELS[g]),
        )
        st.selectbox(_("Topic"), template_topics(game), key=STUDIO_TEMPLATE_TOPIC.name)
        st.button(
            _("Start from the template"),
            key=STUDIO_USE_TEMPLATE.name,
            on_click=_from_template,
        )
    with copy:
        scenarios = {s.id: s for s in scenario_bank().scenarios}
        st.selectbox(_("Bank scenario"), sorted(scenarios), key=STUDIO_COPY_ID.name)
        st.button(
            _("Copy it into the editor"),
            key=STUDIO_USE_COPY.name,
            on_click=_from_bank,
            args=(scenarios,),
        )
    with upload:
        st.file_uploader(
            _("Scenario file (.yaml, at most {kib} KiB)").format(kib=MAX_BYTES // 1024),
            type=["yaml", "yml"],
            key=STUDIO_UPLOAD.name,
            max_upload_size=1,
        )
        st.button(
            _("Put the file in the editor"),
            key=STUDIO_USE_UPLOAD.name,
            on_click=_from_upload,
        )
    notice = STUDIO_NOTICE.pop()
    if notice:
        st.info(notice)
    if STUDIO_UNDO_TEXT.get() is not None:
        st.button(
            _("Undo: take back the previous text"),
            key=STUDIO_UNDO_BUTTON.name,
            on_click=_undo,
        )


# -- the editor ----------------------------------------------------------------------------
