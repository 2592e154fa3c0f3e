"""English for the action grammar's refusals (``tutor.engine.actions``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tutor.engine.actions import ACTION_FORMS
from tutor.wording import Params, Template

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


def _not_an_action(p: Params) -> str:
    return (
        f"{_quoted(p.raw('text'))} is not an action: write one of {_FORMS} (N is a call's "
        "added chips, or the player's total for the round after a bet, raise or completion)."
    )


def _extra_words(p: Params) -> str:
    return f"{_quoted(p.raw('text'))} has extra words: write one of {_FORMS}."


def _not_an_amount(p: Params) -> str:
    return (
        f"{_quoted(p.raw('text'))}: {_quoted(p.raw('word'))} is not an amount; write a "
        "number such as 4 or 0.5."
    )


def _not_positive(p: Params) -> str:
    return f"{_quoted(p.raw('text'))}: the amount must be more than 0."


def _names_nobody(p: Params) -> str:
    return (
        f"{_quoted(p.raw('text'))} names nobody at this table: start with one of "
        f"{', '.join(p.raw('names'))}."
    )


CATALOGUE: Mapping[str, Template] = {
    "action.not-an-action": _not_an_action,
    "action.extra-words": _extra_words,
    "action.not-an-amount": _not_an_amount,
    "action.not-positive": _not_positive,
    "action.names-nobody": _names_nobody,
}
