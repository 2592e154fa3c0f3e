"""Cards dealt before the betting round is over (``irr.premature``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tutor.engine.errors import TutorError
from tutor.engine.irregularities.common import Build, hooks_of, name_player, play_then
from tutor.engine.irregularities.hooks import Limit
from tutor.engine.irregularities.values import Irregularity, IrrRuling
from tutor.engine.messages import msg
from tutor.engine.values import (
    STREETS,
    ActionKind,
    Street,
)

if TYPE_CHECKING:
    from tutor.engine.table import Hand


# ---------------------------------------------------------------------------- premature
def premature(hand: Hand, irr: Irregularity) -> IrrRuling:
    b = Build(hand, "irr.premature")
    if hand.to_act_idx is None or hand.street not in STREETS[:4]:
        raise TutorError(msg("irr.premature.not-now", None))
    players = [name_player(hand, n) for n in irr.players]
    nxt_street = STREETS[STREETS.index(hand.street) + 1]
    hooks = hooks_of(hand)
    label = hand.rules.label
    if irr.seen and nxt_street is Street.SEVENTH and len(players) == 1:
        p = players[0]
        if hand.rules.premature_river_seen == "keep-call-only":
            hooks.limits[p.idx] = Limit(
                frozenset({ActionKind.FOLD, ActionKind.CALL, ActionKind.CHECK}),
                msg("irr.premature.refused.call-only", "irr.premature", player=p.name),
                Street.SIXTH,
                once=False,
            )
            b.cards.append(msg("irr.premature.keeps", "irr.premature", player=p.name))
            return play_then(
                b,
                irr,
                "keep-call-only",
                "S",
                msg(
                    "irr.premature.river-seen.keep",
                    "irr.premature",
                    player=p.name,
                    rules=label,
                ),
            )
        b.cards.append(
            msg("irr.premature.shuffled-back", "irr.premature", player=p.name)
        )
        return play_then(
            b,
            irr,
            "reshuffle-no-burn",
            "J",
            msg(
                "irr.premature.river-seen.reshuffle",
                "irr.premature",
                player=p.name,
                rules=label,
            ),
        )
    names = tuple(p.name for p in players)
    if hand.rules.premature_card == "set-aside-plus-one-each":
        hooks.set_aside = len(players)
        hooks.set_aside_street = nxt_street
        b.cards.append(
            msg("irr.premature.cards-set-aside", "irr.premature", players=names)
        )
        b.cards.append(msg("irr.premature.more-set-aside", "irr.premature"))
        return play_then(
            b,
            irr,
            "set-aside-plus-one-each",
            "S",
            msg(
                "irr.premature.set-aside-plus-one",
                "irr.premature",
                street=nxt_street,
                players=names,
            ),
        )
    b.cards.append(msg("irr.premature.cards-back", "irr.premature", players=names))
    b.cards.append(msg("irr.premature.burn-stays", "irr.premature"))
    return play_then(
        b,
        irr,
        "reshuffle-no-burn",
        "S",
        msg(
            "irr.premature.reshuffle", "irr.premature", street=nxt_street, players=names
        ),
    )
