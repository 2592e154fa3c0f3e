"""The course: its topics, in the order the lessons teach them.

The topics are the course's, not the rules engine's: the scenario format names them (each
scenario has one), the lessons and the app order by them. This module imports nothing, so
every layer above the engine can read it.
"""

from __future__ import annotations

__all__ = ["SPEC_TOPICS", "TOPICS", "TOPIC_EXTENSIONS"]

#: The scenario topics of the spec ("Topics"), in course order.
SPEC_TOPICS: tuple[str, ...] = (
    "ante",
    "buy-in",
    "deal",
    "bring-in",
    "betting-limits",
    "pair-on-fourth",
    "first-to-act",
    "raise-cap",
    "community-river",
    "low-qualification",
    "showdown",
    "split-pot",
    "side-pots",
)
#: Topics this project adds to the spec's list (documented in README, "Irregularities").
TOPIC_EXTENSIONS: tuple[str, ...] = ("irregularities",)
TOPICS: tuple[str, ...] = SPEC_TOPICS + TOPIC_EXTENSIONS
