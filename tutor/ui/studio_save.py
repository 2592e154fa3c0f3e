"""The Studio's save controls: where a draft is saved, the ids taken, the save itself.

A part of the Studio page (:mod:`tutor.ui.studio`), cut along its seams (issue 22).
"""

from __future__ import annotations

from pathlib import Path

import streamlit as st

from tutor import config
from tutor.engine import TutorError
from tutor.i18n import _, ngettext
from tutor.scenarios.writer import BankWriteError, InstructorBank
from tutor.ui.state import (
    STUDIO_DOWNLOAD,
    STUDIO_DRAFT,
    STUDIO_SAVE,
    STUDIO_SAVED,
)
from tutor.ui.studio_check import (
    Draft,
    current_draft,
)
from tutor.ui.studio_draft import (
    take_editor_text,
)
from tutor.ui.text import plain


# -- saving --------------------------------------------------------------------------------
def _bank_label(path: str, folders: tuple[str, ...]) -> str:
    """Where a file lives, without the server's folders: ``the bundled bank (ante/x.yaml)``."""
    for name, folder in zip(
        (_("the bundled bank"), _("the instructor bank")), folders, strict=False
    ):
        try:
            return _("{bank} ({file})").format(
                bank=name, file=Path(path).resolve().relative_to(Path(folder).resolve())
            )
        except ValueError:
            continue
    return Path(path).name


def taken_ids(target: Path) -> dict[str, str]:
    """Ids of the loaded bank other than the file ``target`` -> where they live."""
    from tutor.ui.bank import bank_folders, scenario_bank

    folders = bank_folders()
    out: dict[str, str] = {}
    for scenario in scenario_bank().scenarios:
        if Path(scenario.path).resolve() != target.resolve():
            out[scenario.id] = _bank_label(scenario.path, folders)
    return out


def instructor_bank() -> InstructorBank:
    """The writable instructor bank of this configuration."""
    return InstructorBank(config.instructor_bank_dir())


def _save() -> None:
    from tutor.ui.data import forget_scans

    take_editor_text()  # a last change sent with the click is part of the draft
    text = STUDIO_DRAFT.get()
    bank = instructor_bank()
    try:
        draft = current_draft()
        if draft.scenario is None:
            raise BankWriteError(
                _(
                    "the scenario has problems: fix them, then save again. "
                    "Nothing was saved."
                )
            )
        target = bank.path_for(draft.scenario.id)
        scenario, path = bank.save(text, taken_ids(target))
    except TutorError as exc:
        STUDIO_SAVED.set(("error", str(exc), text))
        return
    forget_scans()
    kept = len(bank.versions(scenario.id))
    STUDIO_SAVED.set(
        (
            "ok",
            (
                ngettext(
                    "Saved {id} as {file} in the instructor bank ({n} earlier version "
                    "kept). Learners find it in Walkthrough and Practice.",
                    "Saved {id} as {file} in the instructor bank ({n} earlier versions "
                    "kept). Learners find it in Walkthrough and Practice.",
                    kept,
                )
                if kept
                else _(
                    "Saved {id} as {file} in the instructor bank. Learners find it in "
                    "Walkthrough and Practice."
                )
            ).format(id=scenario.id, file=path.name, n=kept),
            text,
        )
    )


def save_controls(draft: Draft) -> None:
    """Save (into the instructor bank) and download buttons, with the last save's result."""
    left, right = st.columns(2)
    with left:
        st.button(
            _("Save to the instructor bank"),
            key=STUDIO_SAVE.name,
            type="primary",
            disabled=draft.scenario is None,
            on_click=_save,
        )
    with right:
        name = f"{draft.scenario.id}.yaml" if draft.scenario else "draft.yaml"
        st.download_button(
            _("Download the YAML"),
            draft.text.encode("utf-8"),
            file_name=name,
            mime="application/yaml",
            key=STUDIO_DOWNLOAD.name,
        )
    # The result stays on screen while the text is the one it was about (a rerun from the
    # editor leaving focus must not wipe it) and goes at the first edit.
    saved = STUDIO_SAVED.get()
    if saved is not None and saved[2] != draft.text:
        STUDIO_SAVED.pop()
    elif saved is not None:
        kind, message, _text = saved
        (st.success if kind == "ok" else st.error)(plain(message))


# -- preview -------------------------------------------------------------------------------
