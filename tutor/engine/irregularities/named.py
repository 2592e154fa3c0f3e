"""The dealer names the wrong player to bring in or to open (``irr.wrong-bring-in``,
``irr.wrong-opener``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tutor.engine.errors import TutorError
from tutor.engine.irregularities.common import (
    Build,
    apply_all,
    basis_of,
    forced_word,
    name_player,
    no_action_yet,
    opener_word,
    restore,
)
from tutor.engine.irregularities.values import Irregularity, IrrRuling
from tutor.engine.messages import msg
from tutor.engine.values import (
    Street,
)

if TYPE_CHECKING:
    from tutor.engine.table import Hand


# ------------------------------------------------------------------ wrong bring-in / opener
def wrong_named(hand: Hand, irr: Irregularity) -> IrrRuling:
    bring = irr.kind == "wrong-bring-in"
    rule_id = "irr.wrong-bring-in" if bring else "irr.wrong-opener"
    b = Build(hand, rule_id)
    p = name_player(hand, irr.players[0])
    if bring and (hand.street is not Street.THIRD or not hand.forced_pending):
        raise TutorError(msg("irr.wrong-bring-in.not-now", rule_id))
    if not bring and (
        hand.street in (Street.THIRD, Street.SHOWDOWN) or not no_action_yet(hand)
    ):
        raise TutorError(
            msg("irr.wrong-opener.not-now", rule_id, board=opener_word(hand))
        )
    true_idx = hand.to_act_idx
    if true_idx is None:
        raise TutorError(msg("irr.wrong-named.unknown-cards", None))
    true_p = hand.players[true_idx]
    if p is true_p:
        raise TutorError(
            msg("irr.wrong-named.right-player", rule_id, player=p.name),
            where=("irregularity", "players"),
        )
    if not irr.actions:
        raise TutorError(
            msg("irr.wrong-named.say-action", None, player=p.name),
            where=("irregularity", "actions"),
        )
    card, board = forced_word(hand), opener_word(hand)
    snapshot = hand.copy()
    if bring:
        hand.bring_in_idx = p.idx
        hand.bring_in_said = (
            msg("irr.wrong-bring-in.named", rule_id, player=p.name, card=card),
        )
    hand.to_act_idx = p.idx
    hand.round_first = p.idx
    first = hand.parse(irr.actions[0])
    if first.player != p.name:
        raise TutorError(
            msg("irr.wrong-named.not-first", None, player=p.name, acted=first.player),
            where=("irregularity", "actions"),
        )
    apply_all(hand, irr.actions, "actions")
    basis = basis_of(hand, "wrong-bring-in") if bring else "J"
    if len(irr.actions) == 1:
        amount = p.committed - snapshot.players[p.idx].committed
        restore(hand, snapshot)
        if amount > 0:
            b.chips.append((p.name, amount))
        if bring:
            return b.done(
                "true-low-brings-in",
                basis,
                msg(
                    "irr.wrong-bring-in.caught",
                    rule_id,
                    player=p.name,
                    card=card,
                    amount=amount,
                    true=true_p.name,
                ),
            )
        return b.done(
            "true-high-acts-first",
            basis,
            msg(
                "irr.wrong-opener.caught",
                rule_id,
                player=p.name,
                board=board,
                true=true_p.name,
            ),
        )
    if bring:
        hand.bring_in_idx = true_idx
        return b.done(
            "wager-stands",
            basis,
            msg(
                "irr.wrong-bring-in.stands",
                rule_id,
                player=p.name,
                card=card,
                true=true_p.name,
            ),
        )
    return b.done(
        "action-stands",
        basis,
        msg(
            "irr.wrong-opener.stands",
            rule_id,
            player=p.name,
            board=board,
            true=true_p.name,
        ),
    )
