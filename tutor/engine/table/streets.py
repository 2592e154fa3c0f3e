"""Betting rounds and streets: a round closes, the next street is dealt, or, with nobody
left to bet, the remaining cards are dealt out to the showdown."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tutor.engine.messages import Message, Said, msg
from tutor.engine.table.opening import opener_for_record
from tutor.engine.table.river import deal_river
from tutor.engine.table.stub import deal_to
from tutor.engine.values import STREETS, ZERO, Street

if TYPE_CHECKING:
    from tutor.engine.table import Hand


#: What the hand logs when a street's round closes (said once per street, as values).
_CLOSED: dict[Street, tuple[Message, Said]] = {
    street: (
        msg("op.round.closes", "round.end", street=street),
        (msg("why.round.closes", "round.end"),),
    )
    for street in Street
}


def close_round(hand: Hand) -> None:
    hand.log_event("round", *_CLOSED[hand.street], ("round.end",))
    for p in hand.players:
        p.bet = ZERO
    hand.to_act_idx = None
    if hand.street is Street.SEVENTH:
        hand._showdown()
        return
    hand.street = STREETS[STREETS.index(hand.street) + 1]
    deal_street(hand)
    if len(hand.actors()) <= 1:
        run_out(hand)
        return
    hand.open_later()


def run_out(hand: Hand) -> None:
    """Nobody left to bet against: deal the remaining cards and go to the showdown."""
    hand.log_event(
        "allin",
        msg("op.run-out", "pot.side"),
        (msg("why.run-out", "pot.side"),),
        ("pot.side",),
    )
    hand.to_act_idx = None
    hand.forced_pending = False
    hand.last_round_first = None
    hand.last_round_aggressor = None
    while hand.street is not Street.SEVENTH:
        hand.street = STREETS[STREETS.index(hand.street) + 1]
        deal_street(hand)
    hand.last_round_street = Street.SEVENTH
    opener_for_record(hand)
    hand._showdown()


def deal_street(hand: Hand) -> None:
    """Deal the street the hand has moved to (``hand.street``): a burn where the house
    burns, then a card to each live player in dealing order; seventh street goes through
    the river procedure (:func:`tutor.engine.table.river.deal_river`)."""
    st = hand.street
    if hand.irr is not None:
        hand.irr.dealing(hand, st)
    live_in_order = [hand.players[i] for i in hand.order if not hand.players[i].folded]
    if st is Street.SEVENTH:
        deal_river(hand, live_in_order)
        return
    if hand.rules.burn_cards:
        hand.burns += 1
        hand.stub.burn()
    for p in live_in_order:
        deal_to(hand, p)
    hand.log_event(
        "deal",
        msg("op.deal.up", "deal.order", street=st),
        (
            msg(
                "why.deal.up",
                "deal.order",
                shown=tuple((p.name, p.cards[-1]) for p in live_in_order),
                burn=hand.rules.burn_cards,
            ),
        ),
        ("deal.order",),
        street=st,
    )
