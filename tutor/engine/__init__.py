"""The rules engine: cards, hands, house rules, the table and its rulings (standard library only)."""

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
from tutor.engine.rulings import ASK_KINDS, PLAYER_KINDS, Ruling, to_json
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

__all__ = [
    "ASK_KINDS", "PLAYER_KINDS", "PRESETS", "Action", "ActionKind", "ActionSyntaxError",
    "AmbiguousActionError", "Card", "CardError", "Category", "Game", "Hand", "HandSetup",
    "HighHand", "HouseRules", "IllegalActionError", "LowHand", "NeedsCardsError", "Operation",
    "Ruling", "ScenarioError", "SeatSetup", "SeatView", "Stakes", "Start", "Street", "TableError",
    "TableView", "TutorError", "best_high", "best_low", "fmt", "house_rules", "parse_cards",
    "to_json",
]
