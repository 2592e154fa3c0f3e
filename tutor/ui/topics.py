"""Topics as a learner reads them: a title for each topic id (never the id on screen)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from types import MappingProxyType

from tutor.i18n import N_, _
from tutor.progress import ProgressFigures

#: Each topic's title (translated where shown).
TOPIC_TITLES: Mapping[str, str] = MappingProxyType(
    {
        "ante": N_("Antes"),
        "buy-in": N_("The buy-in"),
        "deal": N_("The deal"),
        "bring-in": N_("The bring-in"),
        "betting-limits": N_("Bet sizes"),
        "pair-on-fourth": N_("The open pair on fourth street"),
        "first-to-act": N_("Who acts first"),
        "raise-cap": N_("The raise cap"),
        "community-river": N_("The community card"),
        "low-qualification": N_("The qualifying low"),
        "showdown": N_("The showdown"),
        "split-pot": N_("Splitting the pot"),
        "side-pots": N_("Side pots"),
        "irregularities": N_("When something goes wrong"),
        "razz": N_("Razz"),
    }
)


def topic_title(topic: str) -> str:
    """The topic's title in the session's language (an unknown topic: its id, de-hyphenated).

    >>> topic_title("betting-limits")
    'Bet sizes'
    >>> topic_title("new-topic")
    'New topic'
    """
    found = TOPIC_TITLES.get(topic)
    if found is not None:
        return _(found)
    return topic.replace("-", " ").capitalize()


def titled(figures: ProgressFigures) -> ProgressFigures:
    """The figures with each topic named by its title (for tables and charts)."""
    return replace(
        figures,
        topics=tuple(replace(t, topic=topic_title(t.topic)) for t in figures.topics),
    )
