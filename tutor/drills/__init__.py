"""Drills: hands generated to order (``generate``), one registry entry per target (``TARGETS``)."""

from __future__ import annotations

from tutor.drills.generator import Drill, GeneratorError, Moment, Question
from tutor.drills.make import generate, play_to_target
from tutor.drills.targets import TARGETS, Target, target_names, targets_for

__all__ = [
    "TARGETS",
    "Drill",
    "GeneratorError",
    "Moment",
    "Question",
    "Target",
    "generate",
    "play_to_target",
    "target_names",
    "targets_for",
]
