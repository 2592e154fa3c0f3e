"""The rules engine: cards, hands, house rules, the table and its rulings (standard library only).

Names are loaded on first use, so that importing one light module (``tutor.engine.errors``)
does not build the hand-evaluation tables.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

_HOME = {
    "Card": "cards",
    "parse_cards": "cards",
    "ActionSyntaxError": "errors",
    "AmbiguousActionError": "errors",
    "CardError": "errors",
    "IllegalActionError": "errors",
    "NeedsCardsError": "errors",
    "ScenarioError": "errors",
    "TableError": "errors",
    "TutorError": "errors",
    "Category": "hands",
    "HighHand": "hands",
    "LowHand": "hands",
    "best_high": "hands",
    "best_low": "hands",
    "PRESETS": "rules",
    "Game": "rules",
    "HouseRules": "rules",
    "house_rules": "rules",
    "ASK_KINDS": "rulings",
    "NEEDS_PLAYER": "rulings",
    "Ruling": "rulings",
    "to_json": "rulings",
    "Action": "table",
    "ActionKind": "table",
    "Hand": "table",
    "HandSetup": "table",
    "Operation": "table",
    "SeatSetup": "table",
    "SeatView": "table",
    "Stakes": "table",
    "Start": "table",
    "Street": "table",
    "TableView": "table",
    "fmt": "table",
}

__all__ = [
    "ASK_KINDS",
    "Action",
    "ActionKind",
    "ActionSyntaxError",
    "AmbiguousActionError",
    "Card",
    "CardError",
    "Category",
    "Game",
    "Hand",
    "HandSetup",
    "HighHand",
    "HouseRules",
    "IllegalActionError",
    "LowHand",
    "NEEDS_PLAYER",
    "NeedsCardsError",
    "Operation",
    "PRESETS",
    "Ruling",
    "ScenarioError",
    "SeatSetup",
    "SeatView",
    "Stakes",
    "Start",
    "Street",
    "TableError",
    "TableView",
    "TutorError",
    "best_high",
    "best_low",
    "fmt",
    "house_rules",
    "parse_cards",
    "to_json",
]


def __getattr__(name: str) -> Any:
    module = _HOME.get(name)
    if module is None:
        raise AttributeError(f"module 'tutor.engine' has no attribute {name!r}")
    value = getattr(importlib.import_module(f"tutor.engine.{module}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return __all__


if TYPE_CHECKING:  # pragma: no cover - for type checkers and editors
    from tutor.engine.cards import Card, parse_cards
    from tutor.engine.errors import (
        ActionSyntaxError,
        AmbiguousActionError,
        CardError,
        IllegalActionError,
        NeedsCardsError,
        ScenarioError,
        TableError,
        TutorError,
    )
    from tutor.engine.hands import Category, HighHand, LowHand, best_high, best_low
    from tutor.engine.rules import PRESETS, Game, HouseRules, house_rules
    from tutor.engine.rulings import ASK_KINDS, NEEDS_PLAYER, Ruling, to_json
    from tutor.engine.table import (
        Action,
        ActionKind,
        Hand,
        HandSetup,
        Operation,
        SeatSetup,
        SeatView,
        Stakes,
        Start,
        Street,
        TableView,
        fmt,
    )
