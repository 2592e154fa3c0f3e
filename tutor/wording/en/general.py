"""English for messages that belong to no one part of the engine, and the words of values.

``word.*`` entries are words a function or a value needs (yes, no, a stack without a
limit); ``<Enum>.<NAME>`` entries are how an engine value (a street, an action kind, a hand
category) is written where a message names it.
"""

from __future__ import annotations

from collections.abc import Mapping

from tutor.wording import Template

CATALOGUE: Mapping[str, Template] = {
    # Used by the wording layer's own example and tests.
    "wording.example": "{player} puts in {amount}.",
    # A yes/no value named in a sentence.
    "word.yes": "yes",
    "word.no": "no",
    # No item, where a list is empty ("the ranks: none").
    "word.none": "none",
    # A stack without a limit (a scenario's "deep" stack).
    "word.deep": "deep",
    # A street, where a sentence names it: "on {street} street" (English adds "street"
    # after it; a language that names the street whole writes it whole here and leaves the
    # word out of the sentences).
    "Street.THIRD": "third",
    "Street.FOURTH": "fourth",
    "Street.FIFTH": "fifth",
    "Street.SIXTH": "sixth",
    "Street.SEVENTH": "seventh",
    # The showdown, named where a street could be ("before showdown street" is not said).
    "Street.SHOWDOWN": "showdown",
    # An action kind named in a sentence ("a {kind} takes no amount"); the action words stay
    # English in Italian card rooms (bet, raise, call, fold, check).
    "ActionKind.FOLD": "fold",
    "ActionKind.CHECK": "check",
    "ActionKind.CALL": "call",
    "ActionKind.BRING_IN": "bring in",
    "ActionKind.COMPLETE": "complete",
    "ActionKind.BET": "bet",
    "ActionKind.RAISE": "raise",
    # A game's name as a learner reads it, and its short name for a choice among the
    # games (the game ids stud8, stud and razz are the format's: keep them where a sentence
    # quotes them).
    "game.title.stud8": "Seven Card Stud Hi/Lo (eight or better)",
    "game.label.stud8": "Stud Hi/Lo",
    "game.title.stud": "Seven Card Stud",
    "game.label.stud": "Seven Card Stud",
    "game.title.razz": "Razz",
    "game.label.razz": "Razz",
    # A high hand's category, where a sentence or an answer names it.
    "Category.HIGH_CARD": "high card",
    "Category.PAIR": "pair",
    "Category.TWO_PAIR": "two pair",
    "Category.THREE_OF_A_KIND": "three of a kind",
    "Category.STRAIGHT": "straight",
    "Category.FLUSH": "flush",
    "Category.FULL_HOUSE": "full house",
    "Category.FOUR_OF_A_KIND": "four of a kind",
    "Category.STRAIGHT_FLUSH": "straight flush",
}
