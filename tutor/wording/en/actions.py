"""English for the action grammar's refusals (``tutor.engine.actions``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tutor.engine import ACTION_FORMS
from tutor.i18n import N_
from tutor.wording import Params, Template
from tutor.wording.en.common import joined

#: At most this many characters of what was written are quoted back.
QUOTE_LIMIT = 80
_FORMS = ", ".join(ACTION_FORMS)


def _quoted(p: Params, value: Any) -> str:
    """What was written, quoted; a long text shows its start and its length."""
    if not isinstance(value, str):
        return repr(value)
    if len(value) <= QUOTE_LIMIT:
        return repr(value)
    return p.word(
        "word.quoted-long",
        start=repr(value[:QUOTE_LIMIT]),
        count=f"{len(value):,}",
    )


def _refusal(template: str) -> Template:
    """A refusal of what was written: ``template`` over ``{text}`` and ``{word}`` (quoted
    back), ``{names}`` (separated by commas) and ``{forms}`` (the action forms)."""

    def render(p: Params) -> str:
        values = {k: _quoted(p, p.raw(k)) for k in ("text", "word") if k in p}
        if "names" in p:
            values["names"] = joined(p, "names")
        return p.t(template, forms=_FORMS, **values)

    return render


CATALOGUE: Mapping[str, Template] = {
    # A long text quoted back: its first characters, then how long it is.
    "word.quoted-long": "{start}... ({count} characters)",
    # {text} is what the learner wrote, quoted; {forms} the action forms (kept as written:
    # "Ana bets N"...).
    "action.not-an-action": _refusal(
        N_(
            "{text} is not an action: write one of {forms} (N is a call's added chips, or "
            "the player's total for the round after a bet, raise or completion)."
        )
    ),
    "action.extra-words": _refusal(N_("{text} has extra words: write one of {forms}.")),
    "action.not-an-amount": _refusal(
        N_("{text}: {word} is not an amount; write a number such as 4 or 0.5.")
    ),
    "action.not-positive": _refusal(N_("{text}: the amount must be more than 0.")),
    "action.names-nobody": _refusal(
        N_("{text} names nobody at this table: start with one of {names}.")
    ),
}
