"""English for messages that belong to no one part of the engine."""

from __future__ import annotations

from collections.abc import Mapping

from tutor.wording import Template

CATALOGUE: Mapping[str, Template] = {
    # Used by the wording layer's own example and tests.
    "wording.example": "{player} puts in {amount}.",
}
