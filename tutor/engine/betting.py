"""Betting legality: one function per action that decides it and says why not.

Each ``verify_<action>(hand)`` returns None when the player to act may take that action
now, or a :class:`Refusal` (the reason, the rule id, and what is allowed instead). The
``can_<action>`` predicates, :func:`options` (the amounts allowed per action) and so
:meth:`Hand.legal_actions <tutor.engine.table.Hand.legal_actions>` are built from the same
per-action checks, so a refusal's reason is always the code that refused it (the shape of
PokerKit's verify/can/do).

An irregularity in the hand (``hand.irr``) may narrow what is open and then gives its own
reason first.

>>> from decimal import Decimal
>>> from tutor.engine.cards import parse_cards
>>> from tutor.engine.rules import Game, house_rules
>>> from tutor.engine.table import Hand, HandSetup, SeatSetup, Stakes
>>> seats = (SeatSetup(seat=1, name="Ana", cards=tuple(parse_cards("Ah Kd 2h"))),
...          SeatSetup(seat=3, name="Bo", cards=tuple(parse_cards("7s 7d 2c"))))
>>> hand = Hand(HandSetup(game=Game.STUD, rules=house_rules("online", "stud"),
...     stakes=Stakes(small_bet=Decimal(2), big_bet=Decimal(4)), seats=seats))
>>> verify_check(hand).rule, can_bring_in(hand)
('bring-in.who', True)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from typing import TYPE_CHECKING

from tutor.engine.errors import IllegalActionError, NeedsCardsError
from tutor.engine.messages import Message, msg, render
from tutor.engine.values import ZERO, ActionKind, PlayerState, Street, fmt

if TYPE_CHECKING:
    from tutor.engine.table import Hand

#: The order actions are listed in (legal-actions answers, the app's buttons).
ORDER = (
    ActionKind.FOLD,
    ActionKind.CHECK,
    ActionKind.CALL,
    ActionKind.BRING_IN,
    ActionKind.COMPLETE,
    ActionKind.BET,
    ActionKind.RAISE,
)


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why an action is not open: the reason (a message), the rule id, and the actions that are."""

    reason: Message
    rule: str
    allowed: tuple[str, ...]

    def __str__(self) -> str:
        return f"{self.reason} ({self.rule})"


# ------------------------------------------------------------------------ the checks
class Deny:
    """A check's refusal: the rule id, and the reason built only when asked for (the checks
    run for every action on every turn, and most refusals are never shown)."""

    __slots__ = ("rule", "say")

    def __init__(self, rule: str, say: Callable[[], Message]) -> None:
        self.rule = rule
        self.say = say


#: What one check answers: the amounts allowed (totals for bet/raise/complete, the chips
#: added for a call and a bring-in; empty for fold and check), or a :class:`Deny`.
Verdict = list[Decimal] | Deny


def _forced_other(hand: Hand, kind: ActionKind) -> Deny:
    return Deny(
        "bring-in.complete",
        lambda: msg(
            "refusal.forced.first-chips",
            "bring-in.complete",
            bring_in=hand.stakes.bring_in,
            small=hand.stakes.small_bet,
            kind=kind,
        ),
    )


def _not_reopened(hand: Hand, p: PlayerState) -> Deny:
    def say() -> Message:
        by: str | None = None
        total: Decimal | None = None
        if hand.short_all_in is not None:
            q, total, _ = hand.short_all_in
            by = hand.players[q].name
        return msg(
            "refusal.not-reopened", "limit.all-in", player=p.name, by=by, total=total
        )

    return Deny("limit.all-in", say)


def _raise_targets(hand: Hand, p: PlayerState) -> list[Decimal]:
    reach = p.bet + p.stack
    targets = sorted({min(hand.full_level + s, reach) for s in hand.sizes()})
    return [t for t in targets if t > hand.current]


def _under_cap(hand: Hand) -> bool:
    left = hand.raises_left()
    return left is None or left > 0


def _check_fold(hand: Hand, p: PlayerState) -> Verdict:
    if hand.forced_pending:
        if hand.bring_in_idx is not None and p.idx != hand.bring_in_idx:
            return []
        rule = hand.variant.rule_bring_in
        return Deny(
            rule,
            lambda: msg(
                "refusal.fold.forced",
                rule,
                player=p.name,
                high=hand.variant.bring_in_highest,
            ),
        )
    if hand.current > p.bet:
        return []
    return Deny(
        "round.end", lambda: msg("refusal.fold.free-check", "round.end", player=p.name)
    )


def _check_check(hand: Hand, p: PlayerState) -> Verdict:
    if hand.forced_pending:
        rule = hand.variant.rule_bring_in
        return Deny(rule, lambda: msg("refusal.check.forced", rule))
    if hand.current > p.bet:
        return Deny(
            "round.end",
            lambda: msg(
                "refusal.check.facing-bet",
                "round.end",
                player=p.name,
                wager=hand.current,
                call=min(hand.current - p.bet, p.stack),
            ),
        )
    return []


def _check_call(hand: Hand, p: PlayerState) -> Verdict:
    if hand.forced_pending:
        return _forced_other(hand, ActionKind.CALL)
    if hand.current > p.bet:
        return [min(hand.current - p.bet, p.stack)]
    return Deny("round.end", lambda: msg("refusal.call.nothing", "round.end"))


def _check_bring_in(hand: Hand, p: PlayerState) -> Verdict:
    if hand.forced_pending:
        return [min(hand.stakes.bring_in or ZERO, p.bet + p.stack)]
    rule = hand.variant.rule_bring_in
    return Deny(
        rule,
        lambda: (
            msg("refusal.bring-in.made", rule)
            if hand.street is Street.THIRD
            else msg("refusal.bring-in.street", rule, street=hand.street)
        ),
    )


def _check_complete(hand: Hand, p: PlayerState) -> Verdict:
    reach = p.bet + p.stack
    if hand.forced_pending:
        if reach > (hand.stakes.bring_in or ZERO):
            return [min(hand.stakes.small_bet, reach)]
        return Deny(
            "bring-in.all-in",
            lambda: msg(
                "refusal.complete.short-stack",
                "bring-in.all-in",
                player=p.name,
                stack=p.stack,
            ),
        )
    if hand.street is not Street.THIRD:
        return Deny(
            "bring-in.complete",
            lambda: msg(
                "refusal.complete.street", "bring-in.complete", street=hand.street
            ),
        )
    if hand.completed:
        return Deny(
            "bring-in.complete",
            lambda: msg("refusal.complete.done", "bring-in.complete"),
        )
    if not p.may_raise:
        return _not_reopened(hand, p)
    if hand.current > p.bet and reach > hand.current:
        return [min(hand.stakes.small_bet, reach)]
    return Deny(
        "bring-in.all-in",
        lambda: msg("refusal.no-chips-beyond-call", "bring-in.all-in", player=p.name),
    )


def _check_bet(hand: Hand, p: PlayerState) -> Verdict:
    if hand.forced_pending:
        return _forced_other(hand, ActionKind.BET)
    reach = p.bet + p.stack
    if hand.current <= p.bet and not hand.bet_made and reach > 0:
        return sorted({min(s, reach) for s in hand.sizes()})
    return Deny(
        "round.end",
        lambda: msg(
            "refusal.bet.wager-open",
            "round.end",
            wager=hand.current,
            street=hand.street,
        ),
    )


def _capped(hand: Hand) -> Deny:
    return Deny(
        "cap.raises",
        lambda: msg(
            "refusal.raise.capped",
            "cap.raises",
            most=hand.rules.max_raises,
            label=hand.rules.label,
        ),
    )


def _check_raise(hand: Hand, p: PlayerState) -> Verdict:
    if hand.forced_pending:
        return _forced_other(hand, ActionKind.RAISE)
    reach = p.bet + p.stack
    if (
        hand.current <= p.bet
    ):  # nothing to face: only a player whose bet stands may raise
        if hand.bet_made and p.may_raise and reach > hand.current and _under_cap(hand):
            if targets := _raise_targets(hand, p):
                return targets
        return Deny("round.end", lambda: msg("refusal.raise.nothing", "round.end"))
    if hand.street is Street.THIRD and not hand.completed:
        return Deny(
            "bring-in.complete",
            lambda: msg(
                "refusal.raise.complete-first",
                "bring-in.complete",
                wager=hand.current,
                small=hand.stakes.small_bet,
            ),
        )
    if reach <= hand.current:
        return Deny(
            "pot.side",
            lambda: msg("refusal.no-chips-beyond-call", "pot.side", player=p.name),
        )
    if not p.may_raise:
        return _not_reopened(hand, p)
    if not _under_cap(hand):
        return _capped(hand)
    return _raise_targets(hand, p) or _capped(hand)


_CHECKS: dict[ActionKind, Callable[[Hand, PlayerState], Verdict]] = {
    ActionKind.FOLD: _check_fold,
    ActionKind.CHECK: _check_check,
    ActionKind.CALL: _check_call,
    ActionKind.BRING_IN: _check_bring_in,
    ActionKind.COMPLETE: _check_complete,
    ActionKind.BET: _check_bet,
    ActionKind.RAISE: _check_raise,
}


# ------------------------------------------------------------------------ the public API
def actor(hand: Hand) -> PlayerState:
    """The player to act.

    :raises IllegalActionError: if the hand is over (round.end).
    :raises NeedsCardsError: if who acts depends on unknown cards.
    """
    if hand.is_over:
        raise IllegalActionError(msg("refusal.over", "round.end"), "round.end")
    if hand.to_act_idx is None:
        raise NeedsCardsError(hand.blocked_message())
    return hand.players[hand.to_act_idx]


def options(
    hand: Hand, p: PlayerState | None = None
) -> dict[ActionKind, list[Decimal]]:
    """The actions open to ``p`` (default: the player to act) with the amounts allowed."""
    if p is None:
        p = actor(hand)
    opts: dict[ActionKind, list[Decimal]] = {}
    for kind, check in _CHECKS.items():
        verdict = check(hand, p)
        if isinstance(verdict, list):
            opts[kind] = verdict
    if hand.irr is not None:
        opts = hand.irr.options(hand, p, opts)
    return opts


def amounts(hand: Hand, kind: ActionKind, p: PlayerState) -> list[Decimal] | None:
    """The amounts ``p`` may take ``kind`` for now (empty for fold and check), or None when
    it is not open: :func:`options` for one action (what :meth:`Hand.apply` asks)."""
    if hand.irr is not None:
        return options(hand, p).get(kind)
    verdict = _CHECKS[kind](hand, p)
    return verdict if isinstance(verdict, list) else None


def legal_actions(hand: Hand, p: PlayerState | None = None) -> list[str]:
    """The actions open, written as in the scenario format (``call 2``, ``raise 8``)."""
    opts = options(hand, p)
    out: list[str] = []
    for kind in ORDER:
        if kind not in opts:
            continue
        amounts = opts[kind]
        if not amounts:
            out.append(kind.value)
        else:
            out.extend(f"{kind.value} {fmt(a)}" for a in amounts)
    return out


#: Why an action is not open: the reason and the rule id.
Reason = tuple[Message, str]


def refusal_reason(
    hand: Hand,
    kind: ActionKind,
    p: PlayerState | None = None,
    opts: dict[ActionKind, list[Decimal]] | None = None,
) -> Reason | None:
    """(reason, rule id) why ``p`` may not take ``kind`` now, or None if they may."""
    if p is None:
        p = actor(hand)
    if opts is None:
        opts = options(hand, p)
    if kind in opts:
        return None
    if hand.irr is not None and (limited := hand.irr.refusal(hand, p, kind)):
        return limited, limited.rule or "irr.out-of-turn"
    verdict = _CHECKS[kind](hand, p)
    if isinstance(verdict, Deny):
        return verdict.say(), verdict.rule
    # Open by the betting but taken away by an irregularity that gave no reason of its own.
    return (
        msg(
            "refusal.taken-by-irregularity", "irr.out-of-turn", player=p.name, kind=kind
        ),
        "irr.out-of-turn",
    )


def verify(
    hand: Hand, kind: ActionKind, p: PlayerState | None = None
) -> Refusal | None:
    """None if ``p`` (default: the player to act) may take ``kind`` now, else why not."""
    if p is None:
        p = actor(hand)
    opts = options(hand, p)
    found = refusal_reason(hand, kind, p, opts)
    if found is None:
        return None
    return Refusal(found[0], found[1], tuple(legal_actions(hand, p)))


def refusals(hand: Hand, p: PlayerState | None = None) -> dict[ActionKind, Reason]:
    """For each action not open now, why not: (reason, rule id), in :class:`ActionKind` order."""
    if p is None:
        p = actor(hand)
    opts = options(hand, p)
    out: dict[ActionKind, Reason] = {}
    for kind in ActionKind:
        found = refusal_reason(hand, kind, p, opts)
        if found is not None:
            out[kind] = found
    return out


def illegal_reasons(hand: Hand, p: PlayerState | None = None) -> dict[str, str]:
    """For each action not open now, why not, as a sentence (:func:`refusals` as text)."""
    return {
        kind.value: render(reason) for kind, (reason, _) in refusals(hand, p).items()
    }


def verify_fold(hand: Hand) -> Refusal | None:
    """Why the player to act may not fold now, or None."""
    return verify(hand, ActionKind.FOLD)


def verify_check(hand: Hand) -> Refusal | None:
    """Why the player to act may not check now, or None."""
    return verify(hand, ActionKind.CHECK)


def verify_call(hand: Hand) -> Refusal | None:
    """Why the player to act may not call now, or None."""
    return verify(hand, ActionKind.CALL)


def verify_bring_in(hand: Hand) -> Refusal | None:
    """Why the player to act may not bring in now, or None."""
    return verify(hand, ActionKind.BRING_IN)


def verify_complete(hand: Hand) -> Refusal | None:
    """Why the player to act may not complete now, or None."""
    return verify(hand, ActionKind.COMPLETE)


def verify_bet(hand: Hand) -> Refusal | None:
    """Why the player to act may not bet now, or None."""
    return verify(hand, ActionKind.BET)


def verify_raise(hand: Hand) -> Refusal | None:
    """Why the player to act may not raise now, or None."""
    return verify(hand, ActionKind.RAISE)


def can_fold(hand: Hand) -> bool:
    return verify_fold(hand) is None


def can_check(hand: Hand) -> bool:
    return verify_check(hand) is None


def can_call(hand: Hand) -> bool:
    return verify_call(hand) is None


def can_bring_in(hand: Hand) -> bool:
    return verify_bring_in(hand) is None


def can_complete(hand: Hand) -> bool:
    return verify_complete(hand) is None


def can_bet(hand: Hand) -> bool:
    return verify_bet(hand) is None


def can_raise(hand: Hand) -> bool:
    return verify_raise(hand) is None
