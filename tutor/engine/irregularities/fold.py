"""A fold where the player could check (``irr.fold-no-bet``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tutor.engine.errors import TutorError
from tutor.engine.irregularities.common import Build, basis_of, hooks_of, name_player
from tutor.engine.irregularities.values import Irregularity, IrrRuling
from tutor.engine.messages import msg
from tutor.engine.values import (
    ActionKind,
)

if TYPE_CHECKING:
    from tutor.engine.table import Hand


# ------------------------------------------------------------------------------- free fold
def fold_no_bet(hand: Hand, irr: Irregularity) -> IrrRuling:
    rule_id = "irr.fold-no-bet"
    b = Build(hand, rule_id)
    p = name_player(hand, irr.players[0])
    if hand.to_act_idx != p.idx:
        raise TutorError(
            msg(
                "irr.fold-no-bet.not-their-turn",
                rule_id,
                to_act=hand.to_act,
                player=p.name,
            )
        )
    if hand.current > p.bet or hand.forced_pending:
        raise TutorError(msg("irr.fold-no-bet.facing-wager", rule_id, player=p.name))
    if not hand.rules.preset_value.rules_on_dealer_errors:  # the software deals
        b.rules.append("irr.online")
    dealt = hand.rules.fold_no_bet == "dealt-until-bet"
    hand.do(p, ActionKind.FOLD, None)
    if dealt and not hand.is_over:
        hooks_of(hand).ghosts.add(p.idx)
        b.cards.append(msg("irr.fold-no-bet.keeps-dealt", rule_id, player=p.name))
        return b.done(
            "dealt-until-bet",
            "S",
            msg(
                "irr.fold-no-bet.dealt-until-bet",
                rule_id,
                player=p.name,
                rules=hand.rules.label,
            ),
        )
    b.cards.append(msg("irr.fold-no-bet.out", rule_id, player=p.name))
    return b.done(
        "no-more-cards",
        basis_of(hand, "fold-no-bet.out"),
        msg("irr.fold-no-bet.no-more-cards", rule_id, player=p.name),
    )
