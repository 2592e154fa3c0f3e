"""The drill targets, one module per topic, and their one registry (add a target = add one
entry to its topic's ``ENTRIES``; a new topic = a module here, listed in :data:`TOPICS`).

Each target has a ``build(gen)`` that sets up a table (forcing a few cards or stacks where
chance alone would rarely get there), plays it with :meth:`Gen.play` up to the moment its
situation arises, and returns the table and the :class:`Question` to ask there (or None to
deal again); and a ``hit(table, ruling)`` that checks the engine's ruling really is the
situation named. ``generate`` re-deals (same seeded source) until both agree.

The topic modules import :mod:`tutor.drills.generator` and :mod:`.base` (and an earlier topic
for a shared helper), never this package's registry, so nothing imports back.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from tutor.drills.targets import (
    acting,
    ante,
    betting,
    bring_in,
    irregularities,
    pots,
    raises,
    razz,
    river,
    showdown,
)
from tutor.drills.targets.base import Target
from tutor.drills.targets.showdown import takers

#: The topic modules, in course order (the registry's order: a plan's seed picks by it).
TOPICS = (
    ante,
    bring_in,
    betting,
    acting,
    raises,
    river,
    showdown,
    razz,
    pots,
    irregularities,
)

_ALL: tuple[Target, ...] = tuple(t for topic in TOPICS for t in topic.ENTRIES)

#: Target name -> Target, in course order.
TARGETS: Mapping[str, Target] = MappingProxyType({t.name: t for t in _ALL})


def target_names() -> tuple[str, ...]:
    return tuple(TARGETS)


def targets_for(game: str) -> tuple[Target, ...]:
    """The targets that apply to ``game``."""
    return tuple(t for t in TARGETS.values() if game in t.games)


__all__ = ["TARGETS", "TOPICS", "Target", "takers", "target_names", "targets_for"]
