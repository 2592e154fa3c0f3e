"""English for the action grammar's refusals (``tutor.engine.actions``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tutor.engine.actions import ACTION_FORMS
from tutor.wording import Params, Template
from tutor.wording.en.common import joined

#: At most this many characters of what was written are quoted back.
QUOTE_LIMIT = 80
_FORMS = ", ".join(ACTION_FORMS)


def _quoted(value: Any) -> str:
    """What was written, quoted; a long text shows its start and its length."""
    if not isinstance(value, str):
        return repr(value)
    if len(value) <= QUOTE_LIMIT:
        return repr(value)
    return f"{value[:QUOTE_LIMIT]!r}... ({len(value):,} characters)"


def _refusal(template: str) -> Template:
    """A refusal of what was written: ``template`` over ``{text}`` and ``{word}`` (quoted
    back), ``{names}`` (separated by commas) and ``{forms}`` (the action forms)."""

    def render(p: Params) -> str:
        values = {k: _quoted(p.raw(k)) for k in ("text", "word") if k in p}
        if "names" in p:
            values["names"] = joined(p, "names")
        return template.format(forms=_FORMS, **values)

    return render


CATALOGUE: Mapping[str, Template] = {
    "action.not-an-action": _refusal(
        "{text} is not an action: write one of {forms} (N is a call's added chips, or "
        "the player's total for the round after a bet, raise or completion)."
    ),
    "action.extra-words": _refusal("{text} has extra words: write one of {forms}."),
    "action.not-an-amount": _refusal(
        "{text}: {word} is not an amount; write a number such as 4 or 0.5."
    ),
    "action.not-positive": _refusal("{text}: the amount must be more than 0."),
    "action.names-nobody": _refusal(
        "{text} names nobody at this table: start with one of {names}."
    ),
}
