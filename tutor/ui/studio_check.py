"""The Studio's draft: checked once per text (problems located, answers of a good draft).

A part of the Studio page (:mod:`tutor.ui.studio`), cut along its seams (issue 22).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

from babel.numbers import format_decimal

from tutor.engine import ScenarioError
from tutor.i18n import _
from tutor.numbers import locale_of
from tutor.scenarios.bank import check_text
from tutor.scenarios.model import Scenario
from tutor.scenarios.nodes import MAX_BYTES
from tutor.scenarios.places import Located, locate
from tutor.scenarios.replay import answer_scenario
from tutor.ui.state import (
    STUDIO_CHECKED,
    STUDIO_DRAFT,
)

DRAFT = "draft.yaml"


@dataclass(frozen=True)
class Draft:
    """The checked draft: its problems located, or the scenario and the engine's answers."""

    text: str
    size: int
    problems: tuple[Located, ...]
    scenario: Scenario | None
    answers: tuple[dict[str, Any], ...]


def _count(n: int) -> str:
    """A count of bytes with the language's digit grouping (262,144; 262.144)."""
    return str(format_decimal(n, locale=locale_of(None)))


def check_draft(text: str) -> Draft:
    """Check the draft (size first, then schema and replay) and locate each problem."""
    size = len(text.encode("utf-8"))
    if size > MAX_BYTES:
        over = ScenarioError(
            _(
                "the text is {size} bytes, over the limit of {limit} bytes (256 KiB): "
                "a scenario is one hand; split it into several scenarios."
            ).format(size=_count(size), limit=_count(MAX_BYTES)),
            DRAFT,
            1,
            1,
        )
        return Draft(text, size, (locate(over),), None, ())
    scenario, problems = check_text(text, DRAFT)
    if scenario is None:
        found = problems or [ScenarioError(_("this is not a scenario."), DRAFT, 1, 1)]
        return Draft(text, size, tuple(locate(p) for p in found), None, ())
    answers = tuple(answer_scenario(scenario)["answers"])
    return Draft(text, size, (), scenario, answers)


def current_draft() -> Draft:
    """The session's draft, checked once per distinct text."""
    text = STUDIO_DRAFT.get()
    digest = hashlib.blake2b(text.encode("utf-8"), digest_size=16).hexdigest()
    kept = STUDIO_CHECKED.get()
    if kept is not None and kept[0] == digest:
        draft: Draft = kept[1]
        return draft
    draft = check_draft(text)
    STUDIO_CHECKED.set((digest, draft))
    return draft
