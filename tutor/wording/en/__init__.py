"""English: the catalogue of every message key the engine uses, and how values are written.

The catalogue is kept in one module per part of the engine (``table``, ``betting``,
``rulings``, ``showdown``, ``irregularities``...), merged here; a test checks that every key
the engine can say has a template and that no template is left unused.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from decimal import Decimal
from typing import Any

from tutor.engine.cards import Card
from tutor.engine.values import DEEP
from tutor.wording import Template
from tutor.wording.en import (
    actions,
    betting,
    general,
    hands,
    irregularities,
    rulings,
    setup,
    showdown,
    table,
)
from tutor.wording.en.common import and_list

CATALOGUE: Mapping[str, Template] = {
    **general.CATALOGUE,
    **actions.CATALOGUE,
    **hands.CATALOGUE,
    **irregularities.CATALOGUE,
    **rulings.CATALOGUE,
    **showdown.CATALOGUE,
    **table.CATALOGUE,
    **betting.CATALOGUE,
    **setup.CATALOGUE,
}


def amount(value: Decimal | int) -> str:
    """``2``, ``0.5``, ``12.25``; a stack without a limit is ``deep``."""
    if value == DEEP:
        return "deep"
    d = Decimal(value)
    if d == d.to_integral_value():
        return str(int(d))
    return format(d.normalize(), "f")


def value(v: Any, say: Callable[[Any], str]) -> str:
    """One parameter value as English writes it.

    Amounts without trailing zeros, a card as its text (``Kh``), cards space-separated,
    other lists as ``A, B and C``, ``None`` as nothing.
    """
    if v is None:
        return ""
    if isinstance(v, bool):
        return "yes" if v else "no"
    if isinstance(v, (Decimal, int)):
        return amount(v)
    if isinstance(v, Card):
        return v.text
    if isinstance(v, (list, tuple)):
        if v and all(isinstance(c, Card) for c in v):
            return " ".join(c.text for c in v)
        return and_list([say(x) for x in v])
    return str(v)
