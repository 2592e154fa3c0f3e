"""What went wrong and the dealer's ruling, as values; the outcomes a ruling may have."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from tutor.engine.cards import Card
from tutor.engine.messages import Message, Said, msg, render_all, render_source
from tutor.engine.presets import PRESET_VALUES
from tutor.engine.values import (
    Street,
)

if TYPE_CHECKING:
    pass


OUTCOMES: tuple[str, ...] = (
    "third-card-down",
    "upcard-each",
    "dead-hand",
    "misdeal",
    "hand-void",
    "becomes-burn",
    "plays-on",
    "door-turned-up",
    "scramble-turn-one",
    "set-aside-plus-one-each",
    "reshuffle-no-burn",
    "keep-call-only",
    "restore-order",
    "cards-stand",
    "burn-shown",
    "keep-seen-card",
    "true-low-brings-in",
    "wager-stands",
    "true-high-acts-first",
    "action-stands",
    "binding",
    "not-binding",
    "skipped-keeps-options",
    "skipped-call-or-fold",
    "call",
    "complete",
    "bet",
    "raise",
    "check",
    "fold",
    "call-or-fold",
    "dealt-until-bet",
    "no-more-cards",
    "others-down",
    "other-card-up",
    "all-up",
    "replace",
    "keep",
    "plays-as-dealt",
    "live-hand",
    "next-stub-card",
    "proper-cards",
    "card-taken-out",
    "hand-live-card-shown",
)


def cite(basis: str, ref: str, rule: str) -> Message:
    """How a ruling names its source: the rule, or plainly that it is a judgement."""
    if basis == "S":
        return msg("irr.cite.rulebook", rule, ref=ref)
    if basis == "S2":
        return msg("irr.cite.secondary", rule, ref=ref)
    return msg("irr.cite.judgement", rule, ref=ref)


def reference(rule_id: str, preset: str) -> str:
    """The rulebook reference for ``rule_id`` under ``preset`` (its rulebook's).

    >>> reference("irr.premature", "wsop-cash")
    'WSOP 227'
    """
    return PRESET_VALUES[preset].rulebook.reference(rule_id)


@dataclass(frozen=True, slots=True, kw_only=True)
class Irregularity:
    """What went wrong. ``kind`` is one of :data:`KINDS`; the other fields as each kind needs.

    ``positions`` are card numbers in dealing order (1 and 2 the hole cards, 3 the door,
    7 the river); ``actions`` are what happened before the error was caught (for the wrong
    bring-in or opener) or the out-of-turn actions; ``then`` are in-turn actions that follow.
    """

    kind: str
    players: tuple[str, ...] = ()
    positions: tuple[int, ...] = ()
    actions: tuple[str, ...] = ()
    then: tuple[str, ...] = ()
    street: Street | None = None
    count: int | None = None
    seen: bool = False
    card: Card | None = None
    text: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class IrrRuling:
    """A dealer's ruling, as a value.

    ``why`` says it as messages (what happened and the ruling, the source cited, who acts
    next); ``explanation`` is the same rendered. ``said_cards`` says what happens to the cards
    (``cards`` renders them). ``next_actions`` are the legal actions in the action grammar
    (``call 20``), the notation the answer is given and checked in, not sentences.
    """

    outcome: str
    rule: str
    reference: str
    basis: str
    why: Said
    preset: str
    rules: tuple[str, ...]
    continues: bool
    chips_back: tuple[tuple[str, Decimal], ...] = ()
    dead: tuple[str, ...] = ()
    said_cards: Said = ()
    next_player: str | None = None
    next_actions: tuple[str, ...] = ()
    extra: tuple[tuple[str, Any], ...] = ()

    @property
    def explanation(self) -> str:
        """The ruling and why, as sentences."""
        return render_all(self.why)

    @property
    def cards(self) -> tuple[str, ...]:
        """What happens to the cards, one sentence each (the format's English: an answer
        value, compared with a scenario's ``expect``)."""
        return tuple(render_source(m) for m in self.said_cards)

    def answer(self) -> dict[str, Any]:
        """The answer object of a ``ruling`` ask."""
        out: dict[str, Any] = {
            "outcome": self.outcome,
            "rule": self.rule,
            "reference": self.reference,
            "basis": self.basis,
            "continues": self.continues,
            "next_player": self.next_player,
            "next_actions": list(self.next_actions),
            "chips_back": {name: amount for name, amount in self.chips_back},
            "dead": list(self.dead),
            "cards": list(self.cards),
        }
        out.update(dict(self.extra))
        return out
