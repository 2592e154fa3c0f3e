"""Actions out of turn (``irr.out-of-turn``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tutor.engine.errors import TutorError
from tutor.engine.irregularities.common import (
    Build,
    apply_all,
    basis_of,
    hooks_of,
    substantial,
)
from tutor.engine.irregularities.hooks import Limit, Pending
from tutor.engine.irregularities.values import Irregularity, IrrRuling
from tutor.engine.messages import msg
from tutor.engine.values import (
    ZERO,
    Action,
    ActionKind,
)

if TYPE_CHECKING:
    from tutor.engine.table import Hand


# ------------------------------------------------------------------------------ out of turn
def out_of_turn(hand: Hand, irr: Irregularity) -> IrrRuling:
    rule_id = "irr.out-of-turn"
    b = Build(hand, rule_id)
    if hand.to_act_idx is None:
        raise TutorError(msg("irr.out-of-turn.nobody-to-act", rule_id))
    skipped = hand.players[hand.to_act_idx]
    hooks = hooks_of(hand)
    at = len(hooks.log)
    oot: list[Action] = []
    where = ("irregularity", "actions")
    for text in irr.actions:
        act = hand.parse(text)
        q = hand.player(act.player)
        if q is skipped:
            raise TutorError(
                msg(
                    "irr.out-of-turn.in-turn", rule_id, action=text, player=skipped.name
                ),
                where=where,
            )
        if q.folded or q.all_in:
            raise TutorError(
                msg("irr.out-of-turn.not-in-hand", rule_id, action=text, player=q.name),
                where=where,
            )
        if q.idx in hooks.pending:
            raise TutorError(
                msg("irr.out-of-turn.twice", rule_id, action=text, player=q.name),
                where=where,
            )
        if q.acted and q.bet >= hand.current:
            raise TutorError(
                msg(
                    "irr.out-of-turn.nothing-to-answer",
                    rule_id,
                    action=text,
                    player=q.name,
                ),
                where=where,
            )
        chips = act.kind in (
            ActionKind.CALL,
            ActionKind.BET,
            ActionKind.RAISE,
            ActionKind.COMPLETE,
        )
        amount = act.amount
        if amount is None and act.kind is ActionKind.CALL:
            amount = hand.current - q.bet  # a call puts in what is owed at that moment
        hooks.pending[q.idx] = Pending(q.idx, act.kind, amount, at, chips)
        oot.append(act)
    if not oot:
        raise TutorError(msg("irr.out-of-turn.give-actions", None), where=where)
    # The skipped player: has the preset's deadline passed?
    deadline = hand.rules.skipped_player_deadline
    if deadline == "three-act-behind":
        passed = len(oot) >= 3
        said = msg(
            "irr.out-of-turn.behind.three", rule_id, count=len(oot), player=skipped.name
        )
    elif deadline == "two-act-behind":
        passed = len(oot) >= 2
        said = msg(
            "irr.out-of-turn.behind.two", rule_id, count=len(oot), player=skipped.name
        )
    else:
        kinds = [a.kind.value for a in oot]
        n_chips = sum(1 for k in kinds if k in ("call", "bet", "raise", "complete"))
        passed = substantial(len(kinds), n_chips)
        said = msg(
            "irr.out-of-turn.behind.substantial",
            rule_id,
            count=len(kinds),
            player=skipped.name,
            chips=n_chips,
        )
    if passed:
        hooks.limits[skipped.idx] = Limit(
            frozenset({ActionKind.FOLD, ActionKind.CHECK, ActionKind.CALL}),
            msg(
                "irr.out-of-turn.refused.passed",
                rule_id,
                player=skipped.name,
                behind=said,
            ),
            hand.street,
            once=True,
        )
    apply_all(hand, irr.then, "then")
    names = tuple(a.text for a in oot)
    label = hand.rules.label
    between = hand.rules.oot_binding == "bet-call-or-raise-between"
    to_act = hand.players[hand.to_act_idx] if hand.to_act_idx is not None else None
    if to_act is not None and to_act.idx in hooks.pending:
        pend = hooks.pending[to_act.idx]
        if hooks._binding(hand, pend):
            return b.done(
                "binding",
                basis_of(hand, "out-of-turn")
                if pend.kind is not ActionKind.FOLD
                else "S",
                msg(
                    "irr.out-of-turn.binding",
                    rule_id,
                    player=to_act.name,
                    actions=names,
                    calls_count=between,
                    kind=pend.kind,
                ),
            )
        if pend.chips:
            b.chips.append((to_act.name, pend.amount or ZERO))
        limited = hand.rules.oot_after_change == "no-raise" and pend.kind in (
            ActionKind.CHECK,
            ActionKind.CALL,
        )
        return b.done(
            "not-binding",
            basis_of(hand, "out-of-turn"),
            msg(
                "irr.out-of-turn.not-binding",
                rule_id,
                player=to_act.name,
                actions=names,
                calls_count=between,
                chips_back=pend.chips,
                no_raise=limited,
                rules=label,
            ),
        )
    if to_act is skipped:
        if passed:
            return b.done(
                "skipped-call-or-fold",
                "J",
                msg(
                    "irr.out-of-turn.skipped.call-or-fold",
                    rule_id,
                    player=skipped.name,
                    actions=names,
                    behind=said,
                    rules=label,
                ),
            )
        return b.done(
            "skipped-keeps-options",
            basis_of(hand, "out-of-turn"),
            msg(
                "irr.out-of-turn.skipped.keeps-options",
                rule_id,
                player=skipped.name,
                actions=names,
                behind=said,
            ),
        )
    return b.done("binding", "S", msg("irr.out-of-turn.stands", rule_id, actions=names))
