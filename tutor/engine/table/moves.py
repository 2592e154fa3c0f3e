"""What each action does to the hand, unchecked: one function per action.

:meth:`tutor.engine.table.Hand.apply` checks an action against the rules (who is to act,
whether the action is open, its amount) and then carries it out through
:meth:`~tutor.engine.table.Hand.do`, which calls the function here for its kind. Nothing
here checks anything: a caller that has not checked the action (as ``apply`` does, or an
irregularity ruling that has decided it) gets a hand the rules would not allow. PokerKit
splits its operations the same way (``verify_*``, ``can_*``, then the operation), and
python-chess its moves (``push_san`` reads and checks, ``push`` plays).

Each function moves the chips and sets the round's state, and returns what the hand logs:
the operation's message, why, and the rule ids.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from functools import lru_cache
from typing import TYPE_CHECKING

from tutor.engine.messages import Message, Said, msg
from tutor.engine.values import ZERO, ActionKind, PlayerState, Street

if TYPE_CHECKING:
    from tutor.engine.table import Hand

#: What an action says: the operation's message, why, and the rule ids.
Move = tuple[Message, Said, tuple[str, ...]]


# The messages said most often (every check, call and fold) are values: each distinct one is
# built once, so that saying them costs the hot path a look-up, not a new message.
@lru_cache(maxsize=4096)
def _folded(player: str) -> tuple[Message, Said]:
    return (
        msg("op.fold", "round.end", player=player),
        (msg("why.fold", "round.end", player=player),),
    )


@lru_cache(maxsize=4096)
def _checked(player: str, street: Street) -> tuple[Message, Said]:
    return (
        msg("op.check", "round.end", player=player),
        (msg("why.check", "round.end", player=player, street=street),),
    )


@lru_cache(maxsize=4096)
def _called(
    player: str, amount: Decimal, wager: Decimal, all_in: bool
) -> tuple[Message, Said]:
    return (
        msg("op.call", "round.end", player=player, amount=amount),
        (
            msg(
                "why.call",
                "round.end",
                player=player,
                amount=amount,
                wager=wager,
                all_in=all_in,
            ),
        ),
    )


_ROUND_END = ("round.end",)


def put(hand: Hand, p: PlayerState, total: Decimal) -> Decimal:
    """Bring ``p``'s bet this round to ``total``; the chips added."""
    add = total - p.bet
    p.stack -= add
    p.bet = total
    p.committed += add
    if p.stack == 0:
        p.all_in = True
    return add


def reopen(hand: Hand, p: PlayerState, full: bool) -> None:
    """After a wager: a full one reopens the betting; a short all-in only asks for a call."""
    for q in hand.players:
        if q is p:
            continue
        if full:
            q.acted = False
            q.may_raise = True
        elif q.acted:
            q.acted = False
            q.may_raise = False


def fold(hand: Hand, p: PlayerState, amount: Decimal | None) -> Move:
    p.folded = True
    said, why = _folded(p.name)
    return said, why, _ROUND_END


def check(hand: Hand, p: PlayerState, amount: Decimal | None) -> Move:
    said, why = _checked(p.name, hand.street)
    return said, why, _ROUND_END


def call(hand: Hand, p: PlayerState, amount: Decimal | None) -> Move:
    """Call, adding ``amount``."""
    assert amount is not None
    put(hand, p, p.bet + amount)
    said, why = _called(p.name, amount, hand.current, p.all_in)
    return said, why, _ROUND_END


def bring_in(hand: Hand, p: PlayerState, amount: Decimal | None) -> Move:
    """The bring-in of ``amount`` (which the player may choose where the low card is dead)."""
    assert amount is not None
    put(hand, p, amount)
    hand.forced_pending = False
    hand.current = max(hand.stakes.bring_in or ZERO, amount)
    hand.full_level = hand.current
    why: Said
    rules: tuple[str, ...]
    said = msg("op.bring-in", "bring-in.amount", player=p.name, amount=amount)
    low = hand.bring_in_idx
    if (
        low is not None and p.idx != low and hand.players[low].folded
    ):  # a dead hand was the low card (irr.exposed-hole)
        why = hand.bring_in_said + (
            msg(
                "why.bring-in.chooses",
                "irr.exposed-hole",
                player=p.name,
                amount=amount,
                all_in=p.all_in,
                wager=hand.current,
            ),
        )
        rules = ("irr.exposed-hole", "bring-in.amount")
    elif low is not None and p.idx != low:
        why = (
            msg(
                "why.bring-in.low-all-in",
                "bring-in.all-in",
                low=hand.players[low].name,
                player=p.name,
                amount=amount,
                all_in=p.all_in,
                wager=hand.current,
            ),
        )
        rules = ("bring-in.all-in", "bring-in.amount")
    else:
        why = hand.bring_in_said + (
            msg(
                "why.bring-in.posts",
                "bring-in.amount",
                player=p.name,
                amount=amount,
                all_in=p.all_in,
                wager=hand.current,
            ),
        )
        rules = (hand.variant.rule_bring_in, "bring-in.amount")
    return said, why, rules


def complete(hand: Hand, p: PlayerState, amount: Decimal | None) -> Move:
    """Complete to ``amount`` (the small bet, or less all in)."""
    assert amount is not None
    why: Said
    rules: tuple[str, ...]
    before = hand.current
    put(hand, p, amount)
    hand.forced_pending = False
    small = hand.stakes.small_bet
    # An all-in completion counts as one if it reaches half the completion (limit.all-in).
    full = amount * 2 >= small
    hand.current = max(hand.current, amount)
    if amount > before:
        hand.last_round_aggressor = p.idx
    reopen(hand, p, full)
    if full:
        hand.completed = True
        hand.bet_made = True
        hand.full_level = amount
    said = msg("op.complete", "bring-in.complete", player=p.name, amount=amount)
    if amount < small:
        hand.short_all_in = (p.idx, amount, full)
        why = (
            msg(
                "why.complete.short",
                "limit.all-in",
                player=p.name,
                amount=amount,
                before=before,
                small=small,
                full=full,
            ),
        )
        rules = ("limit.all-in", "bring-in.complete")
    else:
        why = (
            msg(
                "why.complete.full",
                "bring-in.complete",
                player=p.name,
                before=before,
                small=small,
                all_in=p.all_in,
                cap=hand._cap_said(),
            ),
        )
        rules = ("bring-in.complete", "cap.raises")
    return said, why, rules


def wager(hand: Hand, p: PlayerState, kind: ActionKind, amount: Decimal | None) -> Move:
    """Bet or raise to ``amount`` (``kind`` says which)."""
    assert amount is not None
    st = hand.street
    why: Said
    before = hand.current
    level = hand.full_level
    step = amount - hand.full_level
    size_rule = hand.size_rule(kind)
    smallest = min(hand.sizes())
    put(hand, p, amount)
    # A full bet or raise; an all-in of half a bet or more counts as one (limit.all-in).
    full = step * 2 >= smallest
    if full and kind is ActionKind.RAISE:
        hand.raises += 1
        if not hand._unlimited() and hand.raises >= hand.rules.max_raises:
            hand.cap_hit = True
    if full:
        if (
            st is Street.FOURTH
            and hand.stakes.big_bet > hand.stakes.small_bet
            and step >= hand.stakes.big_bet
        ):
            hand.big_seen = True
        hand.full_level = amount
    hand.bet_made = True
    hand.current = max(hand.current, amount)
    if amount > before:
        hand.last_round_aggressor = p.idx
    reopen(hand, p, full)
    short = step not in hand.sizes()
    if kind is ActionKind.BET:
        said = msg("op.bet", size_rule, player=p.name, amount=amount)
        why = (
            msg(
                "why.bet",
                size_rule,
                player=p.name,
                street=st,
                amount=amount,
                all_in=p.all_in,
                size=hand.size_said(),
            ),
        )
    else:
        said = msg("op.raise", size_rule, player=p.name, amount=amount)
        why = (
            msg(
                "why.raise",
                size_rule,
                player=p.name,
                before=before,
                amount=amount,
                all_in=p.all_in,
                size=hand.size_said(),
                cap=hand._cap_said(),
            ),
        )
    if short and full:
        why += (
            msg(
                "why.all-in.wager-counts-full",
                "limit.all-in",
                kind=kind,
                step=step,
                level=level,
                smallest=smallest,
                amount=amount,
            ),
        )
    elif not full:
        why += (
            msg(
                "why.all-in.wager-short",
                "limit.all-in",
                step=step,
                level=level,
                smallest=smallest,
            ),
        )
    rules: tuple[str, ...] = (
        (size_rule, "cap.raises") if kind is ActionKind.RAISE else (size_rule,)
    )
    if short:
        rules = ("limit.all-in",) + rules
        hand.short_all_in = (p.idx, amount, full)
    return said, why, rules


def bet(hand: Hand, p: PlayerState, amount: Decimal | None) -> Move:
    return wager(hand, p, ActionKind.BET, amount)


def raise_(hand: Hand, p: PlayerState, amount: Decimal | None) -> Move:
    return wager(hand, p, ActionKind.RAISE, amount)


#: Each action's function (what ``Hand.do`` calls).
MOVES: dict[ActionKind, Callable[[Hand, PlayerState, Decimal | None], Move]] = {
    ActionKind.FOLD: fold,
    ActionKind.CHECK: check,
    ActionKind.CALL: call,
    ActionKind.BRING_IN: bring_in,
    ActionKind.COMPLETE: complete,
    ActionKind.BET: bet,
    ActionKind.RAISE: raise_,
}
