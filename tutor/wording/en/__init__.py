"""English, the source: the catalogue of every message key the engine uses.

Each entry's English is the ``msgid`` of its gettext entry (``msgctxt``: the key) in
``tutor/locale/tutor.pot``; the languages' ``.po`` translate it (``make i18n``).

The catalogue is kept in one module per part of the engine (``table``, ``betting``,
``rulings``, ``showdown``, ``irregularities``...), merged here; a test checks that every key
the engine can say has a template and that no template is left unused.
"""

from __future__ import annotations

from collections.abc import Mapping

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
