"""The Studio's draft: the one text the editor holds, and the page's sections.

Kept apart from :mod:`tutor.ui.studio` so that the parts of the Studio that put a text in the
editor (the builder, the Class view's "open in the Studio") import this, not the page.
"""

from __future__ import annotations

from tutor.i18n import N_, _
from tutor.ui.state import (
    STUDIO_DRAFT,
    STUDIO_EDITOR,
    STUDIO_NOTICE,
    STUDIO_PLAIN_BOX,
    STUDIO_SEEN,
    STUDIO_UNDO_TEXT,
    STUDIO_VERSION,
)

#: The sections of the Studio page, in order.
SECTIONS = (
    N_("Write and check"),
    N_("Preview as a learner"),
    N_("Build by clicking"),
    N_("Bank"),
)


def editor_key() -> str:
    """The component key of the editor mounted now (a new one for each replacement)."""
    return STUDIO_EDITOR.at(STUDIO_VERSION.get()).name


def take_editor_text() -> None:
    """Take the editor's latest response into the draft, once (a no-op when there is none).

    Safe anywhere, callbacks included: the response is read from the session, where
    Streamlit keeps it from the moment the browser sent it.
    """
    response = STUDIO_EDITOR.at(STUDIO_VERSION.get()).get()
    if not isinstance(response, dict) or not response.get("id"):
        return
    if response["id"] == STUDIO_SEEN.get():
        return
    STUDIO_SEEN.set(response["id"])
    text = str(response.get("text", ""))
    if text != STUDIO_DRAFT.get():
        STUDIO_DRAFT.set(text)


def load_text(text: str, source: str) -> None:
    """Replace the draft with ``text`` (keeping the old one for Undo) and mount a new editor.

    Only buttons that say they replace the editor's text call this.
    """
    take_editor_text()
    old = STUDIO_DRAFT.get()
    if old.strip() and old != text:
        STUDIO_UNDO_TEXT.set(old)
    STUDIO_DRAFT.set(text)
    STUDIO_PLAIN_BOX.set(text)
    STUDIO_VERSION.set(STUDIO_VERSION.get() + 1)
    notice = _("The editor now holds {source}.").format(source=source)
    if old.strip():
        notice += " " + _("Its previous text can be taken back with Undo.")
    STUDIO_NOTICE.set(notice)
