"""A seventh-street card dealt face up (``irr.exposed-river``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tutor.engine.boards import (
    best_boards,
    board_said,
    low_board_said,
)
from tutor.engine.errors import TutorError
from tutor.engine.irregularities.common import (
    Build,
    basis_of,
    name_player,
    no_action_yet,
)
from tutor.engine.irregularities.values import Irregularity, IrrRuling
from tutor.engine.messages import msg
from tutor.engine.values import (
    PlayerState,
    Street,
)

if TYPE_CHECKING:
    from tutor.engine.table import Hand


# ------------------------------------------------------------------------- exposed river
def ran_out(hand: Hand) -> bool:
    """Whether the hand was dealt to the end with no betting left (heads-up with one player
    all in, say): its seventh cards were dealt with nobody to act, then shown down."""
    live = [p for p in hand.players if not p.folded]
    return (
        hand.is_over
        and hand.street is Street.SHOWDOWN
        and hand.community is None
        and len(live) >= 2
        and len(hand.actors()) < 2
        and all(len(p.cards) >= 7 for p in live)
    )


def river_exposed(
    hand: Hand, irr: Irregularity, rule_id: str = "irr.exposed-river"
) -> IrrRuling:
    b = Build(hand, rule_id)
    if rule_id != "irr.exposed-river":
        b.rules.append("irr.exposed-river")
    p = name_player(hand, irr.players[0])
    if ran_out(hand):  # no betting remains: the card plays as dealt
        if p.folded:
            raise TutorError(
                msg("irr.river-exposed.no-card", None, player=p.name),
                where=("irregularity", "players"),
            )
        b.cards.append(msg("irr.river-exposed.plays.cards", rule_id, card=p.cards[6]))
        return b.done(
            "plays-as-dealt",
            "S",
            msg("irr.river-exposed.plays", rule_id, player=p.name),
        )
    if (
        hand.street is not Street.SEVENTH
        or not no_action_yet(hand)
        or hand.community is not None
    ):
        raise TutorError(msg("irr.river-exposed.not-now", None))
    if p.folded or len(p.cards) < 7:
        raise TutorError(
            msg("irr.river-exposed.no-card", None, player=p.name),
            where=("irregularity", "players"),
        )
    card = p.cards[6]
    live = [hand.players[i] for i in hand.order if not hand.players[i].folded]
    remains = len(hand.actors()) >= 2
    label = hand.rules.label
    if not remains:
        b.cards.append(msg("irr.river-exposed.plays.cards", rule_id, card=card))
        return b.done(
            "plays-as-dealt",
            "S",
            msg("irr.river-exposed.plays", rule_id, player=p.name),
        )
    if p.all_in:
        if hand.rules.river_exposed_all_in == "keep":
            b.cards.append(
                msg("irr.river-exposed.keep.cards", rule_id, player=p.name, card=card)
            )
            return b.done(
                "keep",
                "S",
                msg("irr.river-exposed.all-in.keep", rule_id, player=p.name),
            )
        replace_river_card(hand, p, irr, b)
        return b.done(
            "replace",
            "S",
            msg("irr.river-exposed.all-in.replace", rule_id, player=p.name, card=card),
        )
    first = p is live[0]
    heads_up = len(live) == 2
    mode = hand.rules.river_exposed
    extra_up: list[PlayerState] = []
    if mode == "replace":
        replace_river_card(hand, p, irr, b)
        outcome, basis = "replace", "S"
        why = msg("irr.river-exposed.replace", rule_id, player=p.name, card=card)
    elif heads_up and first:
        outcome, basis = "other-card-up", "S"
        extra_up = [q for q in live if q is not p]
        why = msg("irr.river-exposed.heads-up", rule_id, player=p.name, card=card)
        b.cards.append(
            msg("irr.river-exposed.other-up.cards", rule_id, player=extra_up[0].name)
        )
    elif mode == "first-exposed-all-up" and first:
        outcome, basis = "all-up", "S"
        extra_up = [q for q in live if q is not p]
        why = msg(
            "irr.river-exposed.all-up", rule_id, player=p.name, card=card, rules=label
        )
        b.cards.append(msg("irr.river-exposed.all-up.cards", rule_id))
    else:
        outcome, basis = "others-down", "S"
        b.extra["declare_all_in"] = p.name
        why = msg("irr.river-exposed.others-down", rule_id, player=p.name, card=card)
        b.cards.append(msg("irr.river-exposed.others-down.cards", rule_id))
    # Who acts first.
    if outcome == "replace" or hand.rules.river_exposed_opener == "sixth-street-opener":
        win = (
            hand.sixth_opener_idx
            if hand.sixth_opener_idx is not None
            else hand.opener_idx
        )
        if win is None or hand.players[win].folded:
            win = hand.opener_idx
        opener_why = msg("irr.river-exposed.opener.sixth", rule_id)
    else:
        ups = {p.idx: [c for c in p.up_cards() + [p.cards[6]] if c is not None]}
        for q in extra_up:
            ups[q.idx] = [c for c in q.up_cards() + [q.cards[6]] if c is not None]
        boards = {
            q.idx: ups.get(q.idx, [c for c in q.up_cards() if c is not None])
            for q in live
        }
        low = hand.variant.board_first == "low"
        tied = best_boards(hand.variant, boards)
        win = min(tied, key=lambda i: hand.position[i])
        describe = low_board_said if low else board_said
        opener_why = msg(
            "irr.river-exposed.opener.board",
            rule_id,
            low=low,
            player=hand.players[win].name,
            board=describe(boards[win]),
        )
    if win is not None:
        if hand.players[win].all_in:
            nxt = hand.next_actor_from(win)
            win = nxt if nxt is not None else win
        hand.to_act_idx = hand.opener_idx = hand.round_first = hand.last_round_first = (
            win
        )
        hand.opener_said = (msg("irr.sentence.capital", None, said=opener_why),)
    opener_basis = basis_of(hand, "river-exposed.opener")
    return b.done(
        outcome,
        basis if opener_basis == "S" else "J",
        why,
        msg("irr.river-exposed.then", rule_id, opener=opener_why),
    )


def replace_river_card(hand: Hand, p: PlayerState, irr: Irregularity, b: Build) -> None:
    old = p.cards[6]
    p.cards[6] = irr.card
    hand.burns += 1
    hand.dealt += 0
    b.cards.append(
        msg(
            "irr.river-exposed.replaced.cards",
            b.rule,
            old=old,
            player=p.name,
            new=irr.card,
        )
    )
