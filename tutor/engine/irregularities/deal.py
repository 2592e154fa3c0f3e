"""Cards exposed on the deal (``irr.exposed-hole``) and cards exposed later (``irr.exposed-card``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tutor.engine.boards import (
    door_key,
)
from tutor.engine.errors import TutorError
from tutor.engine.irregularities.common import (
    Build,
    basis_of,
    forced_word,
    misdeal,
    name_player,
    need_deal,
    refund,
)
from tutor.engine.irregularities.river import river_exposed
from tutor.engine.irregularities.values import Irregularity, IrrRuling
from tutor.engine.messages import Message, msg
from tutor.engine.values import (
    PlayerState,
    Street,
)

if TYPE_CHECKING:
    from tutor.engine.table import Hand


def as_upcard(hand: Hand, p: PlayerState, pos: int, rule_id: str) -> Message:
    """Make p's exposed hole card (1 or 2) their upcard; the third card goes down."""
    cards = list(p.cards)
    exposed = cards[pos - 1]
    other = cards[2 - pos]
    third = cards[2]
    p.cards[:3] = [other, third, exposed]
    return msg(
        "irr.exposed-hole.upcard", rule_id, player=p.name, exposed=exposed, third=third
    )


def exposed_hole(hand: Hand, irr: Irregularity, rule_id: str) -> IrrRuling:
    b = Build(hand, rule_id)
    if rule_id != "irr.exposed-hole":
        b.rules.append("irr.exposed-hole")
    need_deal(hand, "exposed-hole")
    if not irr.players or not irr.positions:
        raise TutorError(
            msg("irr.exposed-hole.say-which", None),
            where=("irregularity", "players" if not irr.players else "positions"),
        )
    for pos in irr.positions:
        if pos not in (1, 2, 3):
            raise TutorError(
                msg("irr.exposed-hole.bad-position", None, position=pos),
                where=("irregularity", "positions"),
            )
    players = [name_player(hand, n) for n in irr.players]
    label = hand.rules.label
    if len(players) == 1 and len(irr.positions) == 1:
        p = players[0]
        if hand.rules.exposed_one_hole == "misdeal":
            return misdeal(
                b,
                msg(
                    "irr.exposed-hole.one.misdeal", rule_id, player=p.name, rules=label
                ),
                "S",
            )
        b.cards.append(as_upcard(hand, p, irr.positions[0], rule_id))
        hand.open_third()
        low = hand.players[hand.bring_in_idx] if hand.bring_in_idx is not None else p
        return b.done(
            "third-card-down",
            basis_of(
                hand,
                "exposed-hole.one.upcard"
                if rule_id == "irr.exposed-hole"
                else "exposed-card.one.upcard",
            ),
            msg(
                "irr.exposed-hole.one.third-down",
                rule_id,
                player=p.name,
                brings_in=low.name,
                card=forced_word(hand),
            ),
        )
    if len(players) == 1:
        p = players[0]
        if hand.rules.exposed_both_holes == "misdeal":
            return misdeal(
                b,
                msg(
                    "irr.exposed-hole.several.misdeal",
                    rule_id,
                    player=p.name,
                    count=len(irr.positions),
                    rules=label,
                ),
                basis_of(hand, "exposed-hole.three.misdeal")
                if len(irr.positions) == 3
                else "J",
            )
        first = p.cards[min(irr.positions) - 1]
        ante = p.committed
        refund(hand, p, ante)
        p.folded = True
        b.chips.append((p.name, ante))
        b.dead.append(p.name)
        live = [q for q in hand.players if not q.folded]
        doors = [(q, q.cards[2]) for q in live]
        if any(c is None for _, c in doors) or first is None:
            raise TutorError(msg("irr.exposed-hole.doors-unknown", None))
        low_q, low_c = min(doors, key=lambda qc: door_key(hand.variant, qc[1]))  # type: ignore[arg-type]
        hand.start_round()
        hand.forced_pending = True
        if door_key(hand.variant, first) < door_key(hand.variant, low_c):  # type: ignore[arg-type]
            nxt = hand.next_actor_from(p.idx)
            assert nxt is not None
            hand.bring_in_idx = p.idx
            hand.to_act_idx = nxt
            reason = msg(
                "irr.exposed-hole.dead.no-bring-in",
                rule_id,
                player=p.name,
                card=first,
                first=hand.players[nxt].name,
            )
        else:
            hand.bring_in_idx = low_q.idx
            hand.to_act_idx = low_q.idx
            reason = msg(
                "irr.exposed-hole.dead.brings-in",
                rule_id,
                player=low_q.name,
                card=low_c,
                word=forced_word(hand),
            )
        hand.bring_in_said = (msg("irr.sentence", None, said=reason),)
        hand.round_first = hand.last_round_first = hand.opener_idx = hand.to_act_idx
        hand.opener_said = hand.bring_in_said
        b.cards.append(msg("irr.cards.dead", rule_id, player=p.name))
        return b.done(
            "dead-hand",
            "S",
            msg(
                "irr.exposed-hole.dead",
                rule_id,
                player=p.name,
                rules=label,
                ante=ante,
                reason=reason,
            ),
        )
    names = tuple(q.name for q in players)
    if hand.rules.exposed_two_players == "misdeal":
        return misdeal(
            b,
            msg(
                "irr.exposed-hole.players.misdeal",
                rule_id,
                count=len(players),
                players=names,
                rules=label,
            ),
            "J",
        )
    if len(irr.positions) != len(players):
        raise TutorError(
            msg("irr.exposed-hole.one-each", None), where=("irregularity", "positions")
        )
    for q, pos in zip(players, irr.positions, strict=True):
        b.cards.append(as_upcard(hand, q, pos, rule_id))
    hand.open_third()
    return b.done(
        "upcard-each",
        "J",
        msg("irr.exposed-hole.players.upcards", rule_id, players=names, rules=label),
    )


def dealer_exposes(hand: Hand, irr: Irregularity) -> IrrRuling:
    return exposed_hole(hand, irr, "irr.exposed-hole")


def door_down(hand: Hand, irr: Irregularity) -> IrrRuling:
    b = Build(hand, "irr.exposed-hole")
    need_deal(hand, "door-down")
    p = name_player(hand, irr.players[0])
    if not irr.seen:
        b.cards.append(
            msg("irr.door-down.turned-up", "irr.exposed-hole", player=p.name)
        )
        return b.done(
            "door-turned-up",
            "J",
            msg("irr.door-down.unseen", "irr.exposed-hole", player=p.name),
        )
    if irr.card is None:
        raise TutorError(
            msg("irr.door-down.give-card", None), where=("irregularity", "card")
        )
    known = tuple(c for c in p.cards[:3] if c is not None)
    if irr.card not in known:
        raise TutorError(
            msg(
                "irr.door-down.not-theirs",
                None,
                card=irr.card,
                player=p.name,
                cards=known,
            ),
            where=("irregularity", "card"),
        )
    rest = [c for c in p.cards[:3] if c != irr.card]
    p.cards[:3] = [rest[0], rest[1], irr.card]
    hand.open_third()
    b.cards.append(
        msg("irr.door-down.scrambled", "irr.exposed-hole", player=p.name, card=irr.card)
    )
    return b.done(
        "scramble-turn-one",
        "J",
        msg("irr.door-down.seen", "irr.exposed-hole", player=p.name, card=irr.card),
    )


# ---------------------------------------------------------------------- exposed card
def off_table(hand: Hand, irr: Irregularity) -> IrrRuling:
    if not irr.positions:
        raise TutorError(
            msg("irr.off-table.say-which", None), where=("irregularity", "positions")
        )
    pos = irr.positions[0]
    if pos in (1, 2) and hand.street is Street.THIRD:
        return exposed_hole(hand, irr, "irr.exposed-card")
    if pos == 7:
        return river_exposed(hand, irr, "irr.exposed-card")
    rule_id = "irr.exposed-card"
    b = Build(hand, rule_id)
    p = name_player(hand, irr.players[0])
    b.cards.append(msg("irr.off-table.plays.cards", rule_id, player=p.name))
    return b.done(
        "plays-as-dealt",
        basis_of(hand, "off-table.plays"),
        msg("irr.off-table.plays", rule_id, player=p.name, position=pos),
    )


def player_shows(hand: Hand, irr: Irregularity) -> IrrRuling:
    rule_id = "irr.exposed-card"
    b = Build(hand, rule_id)
    p = name_player(hand, irr.players[0])
    if p.folded:
        raise TutorError(
            msg("irr.player-shows.folded", None, player=p.name),
            where=("irregularity", "players"),
        )
    b.cards.append(msg("irr.player-shows.cards", rule_id, player=p.name))
    return b.done(
        "hand-live-card-shown",
        basis_of(hand, "player-shows"),
        msg(
            "irr.player-shows",
            rule_id,
            player=p.name,
            penalty=hand.rules.rulebook.shown_card_penalty,
        ),
    )
