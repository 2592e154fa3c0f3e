"""Cards off the stub: the next card for a seat, from its listed cards or the shuffle."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tutor.engine.cards import Card
from tutor.engine.values import PlayerState

if TYPE_CHECKING:
    from tutor.engine.table import Hand


def draw(hand: Hand) -> Card | None:
    """The next card off the stub (unknown where the file gave none and nothing is seeded)."""
    stub = hand.stub
    if stub.deck or stub.rng is None:
        return stub.draw()
    # Cards the seats list for streets their players folded before are still in the stub.
    return stub.draw(
        [
            c
            for q in hand.players
            if q.folded
            for c in q.given[len(q.cards) :]
            if c is not None
        ]
    )


def deal_to(hand: Hand, p: PlayerState) -> Card | None:
    """Deal ``p`` their next card: the one the setup lists, else off the stub."""
    k = len(p.cards)
    card = p.given[k] if k < len(p.given) else draw(hand)
    p.cards.append(card)
    hand.dealt += 1
    return card
