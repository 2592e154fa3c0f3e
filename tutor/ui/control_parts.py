"""What the Practice panel's controls and the drills' controls both offer: the cards a hand
ask picks from, the bet sizes a bet-sizes ask offers."""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from typing import Any

from tutor.engine import Card
from tutor.quiz import to_amount


def player_cards(view: Any, player: str | None) -> list[Card]:
    """The cards the learner can see for ``player`` (and the community card), for hand asks."""
    cards: list[Card] = []
    for seat in view.seats:
        if str(seat.name) == player:
            cards.extend(card for card, _up in seat.cards if card is not None)
    if view.community is not None:
        cards.append(view.community)
    return cards


def size_candidates(view: Any, expected: Sequence[Any]) -> list[Decimal]:
    """Amounts offered for a bet-sizes ask: the right ones and the table's other usual sizes."""
    stakes = view.stakes
    top = max((seat.bet for seat in view.seats), default=Decimal(0))
    pool = {to_amount(x) for x in expected}
    for value in (stakes.small_bet, stakes.big_bet, stakes.bring_in):
        if value is not None:
            pool.add(to_amount(value))
    if top:
        pool.update(
            {to_amount(top + stakes.small_bet), to_amount(top + stakes.big_bet)}
        )
    return sorted(x for x in pool if x is not None and x > 0)
