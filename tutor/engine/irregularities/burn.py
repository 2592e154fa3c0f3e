"""Burn errors: a missed, a double or an exposed burn card (``irr.burn``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tutor.engine.errors import TutorError
from tutor.engine.irregularities.common import Build, basis_of, no_action_yet
from tutor.engine.irregularities.values import Irregularity, IrrRuling
from tutor.engine.messages import msg
from tutor.engine.values import (
    CARDS_AT,
    Street,
)

if TYPE_CHECKING:
    from tutor.engine.table import Hand


# ---------------------------------------------------------------------------- burn errors
def burn_error(hand: Hand, irr: Irregularity) -> IrrRuling:
    b = Build(hand, "irr.burn")
    st = irr.street or hand.street
    if st is not hand.street or st is Street.THIRD:
        raise TutorError(
            msg("irr.burn.wrong-street", None, street=st, now=hand.street),
            where=("irregularity", "street"),
        )
    label = hand.rules.label
    if not hand.rules.burn_cards:
        raise TutorError(msg("irr.burn.no-burns", "irr.burn", rules=label))
    if irr.kind == "burn-exposed":
        b.cards.append(msg("irr.burn.exposed.stays", "irr.burn"))
        return b.done("burn-shown", "J", msg("irr.burn.exposed", "irr.burn"))
    live = [hand.players[i] for i in hand.order if not hand.players[i].folded]
    k = CARDS_AT[st] - 1
    if hand.community is not None or any(len(p.cards) <= k for p in live):
        raise TutorError(msg("irr.burn.not-dealt", None, street=st))
    double = irr.kind == "double-burn"
    if irr.seen:
        b.cards.append(msg("irr.burn.keeps-seen", "irr.burn"))
        return b.done(
            "keep-seen-card",
            basis_of(hand, "burn.seen"),
            msg("irr.burn.seen", "irr.burn", double=double, street=st),
        )
    before = no_action_yet(hand)
    if hand.rules.burn_error == "stand":
        hand.burns += 1 if double else -1
        b.cards.append(msg("irr.burn.stand.cards", "irr.burn"))
        return b.done(
            "cards-stand",
            "S" if not before else "J",
            msg("irr.burn.stand", "irr.burn", double=double, street=st, rules=label),
        )
    if not before:
        b.cards.append(msg("irr.burn.after.cards", "irr.burn", double=double))
        b.extra["next_burns"] = 0 if double else 2
        return b.done(
            "cards-stand",
            basis_of(hand, "burn.after"),
            msg("irr.burn.after", "irr.burn", double=double, street=st),
        )
    dealt = [p.cards[k] for p in live]
    if double:
        # The second burn card goes to the first player; each card moves one seat on; the
        # last player's card goes back on top of the stub.
        new = [irr.card] + dealt[:-1]
        b.cards.append(
            msg(
                "irr.burn.double.moved",
                "irr.burn",
                card=irr.card,
                first=live[0].name,
                last=live[-1].name,
            )
        )
    else:
        new = dealt[1:] + [irr.card]
        b.cards.append(
            msg(
                "irr.burn.missed.to-burn",
                "irr.burn",
                card=dealt[0],
                player=live[0].name,
            )
        )
        for p, c in zip(live[:-1], new, strict=False):
            b.cards.append(
                msg("irr.burn.missed.takes", "irr.burn", player=p.name, card=c)
            )
        b.cards.append(
            msg("irr.burn.missed.last", "irr.burn", player=live[-1].name, card=irr.card)
        )
    for p, c in zip(live, new, strict=False):
        p.cards[k] = c
    if st is not Street.SEVENTH:
        hand.open_later()
    return b.done(
        "restore-order",
        "J",
        msg("irr.burn.corrected", "irr.burn", double=double, street=st),
    )
