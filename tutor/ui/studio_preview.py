"""The Studio's Preview section: the draft or a bank scenario, step by step, as a learner
sees it.

A part of the Studio page (:mod:`tutor.ui.studio`), cut along its seams (issue 22).
"""

from __future__ import annotations

from dataclasses import replace

import streamlit as st

from tutor.engine import PRESETS, TutorError
from tutor.i18n import _
from tutor.scenarios.model import Scenario
from tutor.scenarios.replay import walk
from tutor.ui.state import (
    STUDIO_PREVIEW_OF_BANK,
    STUDIO_PV_BACK,
    STUDIO_PV_DRAFT,
    STUDIO_PV_GOTO,
    STUDIO_PV_NEXT,
    STUDIO_PV_OF,
    STUDIO_PV_POS,
    STUDIO_PV_PRESET,
    STUDIO_SECTION,
    Settings,
)
from tutor.ui.studio_check import (
    current_draft,
)
from tutor.ui.studio_draft import (
    SECTIONS,
)
from tutor.ui.text import plain


def _pv_move(step: int, count: int) -> None:
    pos = STUDIO_PV_POS.get() + step
    STUDIO_PV_POS.set(max(0, min(count - 1, pos)))


def preview_bank_scenario(scenario_id: str, step: int | None = None) -> None:
    """Have the preview play a bank scenario (at ``step``), leaving the draft alone."""
    STUDIO_PREVIEW_OF_BANK.set(scenario_id)
    STUDIO_PV_GOTO.set(step)
    STUDIO_SECTION.set(SECTIONS[1])


def _preview_draft_instead() -> None:
    STUDIO_PREVIEW_OF_BANK.pop()


def _preview_source() -> tuple[Scenario | None, str]:
    """What the preview plays: a bank scenario asked for, else the draft; and its text."""
    chosen = STUDIO_PREVIEW_OF_BANK.get()
    if chosen:
        from tutor.ui.bank import scenario_bank

        scenario = scenario_bank().get(str(chosen))
        if scenario is not None:
            st.info(
                _(
                    "Previewing {id} from the bank (the Class view asked for it). Your "
                    "draft is unchanged."
                ).format(id=plain(scenario.id))
            )
            st.button(
                _("Preview my draft instead"),
                key=STUDIO_PV_DRAFT.name,
                on_click=_preview_draft_instead,
            )
            return scenario, f"bank:{scenario.id}"
        STUDIO_PREVIEW_OF_BANK.pop()
    draft = current_draft()
    return draft.scenario, draft.text


def preview_section(settings: Settings) -> None:
    """The draft in the real walkthrough: same table, controls and feedback (nothing recorded)."""
    from tutor.ui.bank import with_preset
    from tutor.ui.walkthrough import _show_step

    scenario, source = _preview_source()
    if scenario is None:
        st.info(
            _(
                "The draft has problems (or is empty): fix it under Write and check, then "
                "preview it here."
            )
        )
        return
    choices = ["as-written", *PRESETS]
    preset = st.selectbox(
        _("House rules"),
        choices,
        key=STUDIO_PV_PRESET.name,
        format_func=lambda p: _("As the draft says") if p == "as-written" else p,
    )
    try:
        results = walk(
            with_preset(scenario, None if preset == "as-written" else preset)
        )
    except TutorError as exc:
        st.error(
            plain(
                _("The draft cannot be played under {preset}: {why}").format(
                    preset=preset, why=exc
                )
            )
        )
        return
    if not results:
        st.info(_("The draft has no steps."))
        return
    here = (source, preset)
    if STUDIO_PV_OF.get() != here:
        STUDIO_PV_OF.set(here)
        STUDIO_PV_POS.set(0)
    goto = STUDIO_PV_GOTO.pop()
    if goto is not None:
        at = [i for i, r in enumerate(results) if r.index == goto]
        STUDIO_PV_POS.set(at[0] if at else 0)
    pos = max(0, min(len(results) - 1, STUDIO_PV_POS.get()))
    st.caption(_("A preview: answers here are checked but never recorded."))
    learnerless = replace(settings, learner=None, preview=True)
    _show_step(
        scenario,
        results,
        pos,
        len(results),
        learnerless,
        None,
        None,
        prefix="studio_pv",
    )
    back, forward = st.columns(2)
    with back:
        st.button(
            _("Back"),
            key=STUDIO_PV_BACK.name,
            on_click=_pv_move,
            args=(-1, len(results)),
            disabled=pos == 0,
        )
    with forward:
        st.button(
            _("Next"),
            key=STUDIO_PV_NEXT.name,
            on_click=_pv_move,
            args=(1, len(results)),
            disabled=pos == len(results) - 1,
        )


# -- the bank ------------------------------------------------------------------------------
