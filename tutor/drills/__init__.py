"""Drills: hands generated to order (``generate``), one registry entry per target (``TARGETS``)."""

from __future__ import annotations

from tutor.drills.generator import Drill, GeneratorError, Question, generate
from tutor.drills.targets import TARGETS, Target, target_names, targets_for

__all__ = [
    "TARGETS",
    "Drill",
    "GeneratorError",
    "Question",
    "Target",
    "generate",
    "target_names",
    "targets_for",
]
