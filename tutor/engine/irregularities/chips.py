"""Chip motions and declarations: string raises, one oversized chip, words in turn
(``irr.string-raise``)."""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation
from typing import TYPE_CHECKING

from tutor.engine import betting
from tutor.engine.errors import ActionSyntaxError, TutorError
from tutor.engine.irregularities.common import (
    Build,
    basis_of,
    do_action,
    hooks_of,
    name_player,
)
from tutor.engine.irregularities.fold import fold_no_bet
from tutor.engine.irregularities.hooks import Limit
from tutor.engine.irregularities.values import Irregularity, IrrRuling
from tutor.engine.messages import Message, msg
from tutor.engine.values import (
    ZERO,
    ActionKind,
    Street,
)

if TYPE_CHECKING:
    from tutor.engine.table import Hand


# --------------------------------------------------------------------- chips and words
_CHIPS = re.compile(
    r"^(?P<name>.+?) puts in (?:one (?P<chip>[\d.]+) chip|(?P<first>[\d.]+)"
    r"(?:,? then (?P<more>[\d.]+) more)?)$",
    re.IGNORECASE,
)
_SAYS = re.compile(
    r"^(?P<name>.+?):? (?:says )?(?P<word>\w+)(?: the table)?$", re.IGNORECASE
)
CHIP_FORMS = (
    "<name> puts in N",
    "<name> puts in N, then N more",
    "<name> puts in one N chip",
)
SAY_FORMS = ("<name> says call|raise|fold|check|bet|complete", "<name> taps the table")


def _amount(text: str) -> Decimal:
    try:
        d = Decimal(text)
    except InvalidOperation:
        raise ActionSyntaxError(msg("irr.chips.not-amount", None, text=text)) from None
    if not d.is_finite() or d <= 0:
        raise ActionSyntaxError(msg("irr.chips.not-positive", None, text=text))
    return d


def parse_chips(
    text: str,
) -> tuple[str, Decimal | None, Decimal | None, Decimal | None]:
    """``"Bo puts in 20, then 20 more"`` -> (name, first, more, single chip).

    >>> parse_chips("Bo puts in one 100 chip")
    ('Bo', None, None, Decimal('100'))
    """
    m = _CHIPS.match(text.strip().rstrip("."))
    if m is None:
        raise ActionSyntaxError(
            msg("irr.chips.not-a-motion", None, text=text, forms=CHIP_FORMS)
        )
    get = m.group
    return (
        get("name"),
        _amount(get("first")) if get("first") else None,
        _amount(get("more")) if get("more") else None,
        _amount(get("chip")) if get("chip") else None,
    )


def chip_motion(hand: Hand, irr: Irregularity) -> IrrRuling:
    rule_id = "irr.string-raise"
    b = Build(hand, rule_id)
    name, first, more, chip = parse_chips(irr.text)
    p = name_player(hand, name)
    if hand.to_act_idx != p.idx:
        raise TutorError(
            msg("irr.chips.not-their-turn", rule_id, to_act=hand.to_act, player=p.name)
        )
    if hand.forced_pending:
        raise TutorError(msg("irr.bring-in-forced", "bring-in.forced"))
    to_call = hand.current - p.bet
    opts = betting.options(hand, p)
    if chip is not None:
        if to_call > 0:
            do_action(hand, p, ActionKind.CALL, None)
            back = chip - to_call
            if back > 0:
                b.chips.append((p.name, back))
            return b.done(
                "call",
                basis_of(hand, "chips.call"),
                msg(
                    "irr.chips.one-chip.call",
                    rule_id,
                    player=p.name,
                    facing=to_call,
                    chip=chip,
                    change=back,
                ),
            )
        size = min(opts.get(ActionKind.BET, [hand.bet_size()]))
        do_action(hand, p, ActionKind.BET, size)
        if chip > size:
            b.chips.append((p.name, chip - size))
        return b.done(
            "bet",
            basis_of(hand, "chips.bet"),
            msg("irr.chips.one-chip.bet", rule_id, player=p.name, chip=chip, size=size),
        )
    assert first is not None
    string = more is not None
    total = p.bet + first
    word: Message
    if to_call <= 0:
        size = min(opts.get(ActionKind.BET, [hand.bet_size()]))
        do_action(hand, p, ActionKind.BET, size)
        outcome, word = "bet", msg("irr.chips.is.bet", rule_id, amount=size)
        back = first - size
    elif hand.street is Street.THIRD and not hand.completed:
        full = (total - hand.current) * 2 >= hand.stakes.small_bet - hand.current
        if full and ActionKind.COMPLETE in opts:
            amount = opts[ActionKind.COMPLETE][0]
            do_action(hand, p, ActionKind.COMPLETE, amount)
            outcome, word = (
                "complete",
                msg("irr.chips.is.complete", rule_id, amount=amount),
            )
            back = ZERO
        else:
            do_action(hand, p, ActionKind.CALL, None)
            outcome, word = "call", msg("irr.chips.is.call", rule_id, amount=to_call)
            back = first - to_call
    else:
        step = min(hand.sizes())
        raise_ok = ActionKind.RAISE in opts
        if first >= to_call + step / 2 and raise_ok:
            target = min(opts[ActionKind.RAISE])
            do_action(hand, p, ActionKind.RAISE, target)
            outcome, word = "raise", msg("irr.chips.is.raise", rule_id, amount=target)
            back = ZERO
        else:
            do_action(hand, p, ActionKind.CALL, None)
            outcome, word = "call", msg("irr.chips.is.call", rule_id, amount=to_call)
            back = first - to_call
    if string:
        assert more is not None
        back = max(back, ZERO) + more
        b.chips.append((p.name, back))
        return b.done(
            outcome,
            "J",
            msg(
                "irr.chips.string",
                rule_id,
                player=p.name,
                first=first,
                more=more,
                counts=word,
                back=back,
            ),
        )
    if back > 0:
        b.chips.append((p.name, back))
    return b.done(
        outcome,
        basis_of(hand, "chips.one-motion"),
        msg(
            "irr.chips.one-motion",
            rule_id,
            player=p.name,
            amount=first,
            facing=to_call if outcome == "raise" else None,
            counts=word,
            back=back if back > 0 else None,
        ),
    )


def declaration(hand: Hand, irr: Irregularity) -> IrrRuling:
    rule_id = "irr.string-raise"
    b = Build(hand, rule_id)
    text = irr.text.strip().rstrip(".")
    tap = re.match(
        r"^(?P<name>.+?) (?:taps|knocks)(?: on)?(?: the table)?$", text, re.IGNORECASE
    )
    if tap:
        name, word = tap.group("name"), "check"
    else:
        m = _SAYS.match(text)
        if m is None:
            raise ActionSyntaxError(
                msg("irr.says.not-a-declaration", None, text=irr.text, forms=SAY_FORMS)
            )
        name, word = m.group("name"), m.group("word").lower()
    words = {"call", "raise", "fold", "check", "bet", "complete"}
    if word not in words:
        raise ActionSyntaxError(
            msg(
                "irr.says.unknown-word",
                None,
                text=irr.text,
                word=word,
                words=tuple(sorted(words)),
            )
        )
    p = name_player(hand, name)
    if hand.to_act_idx != p.idx:
        raise TutorError(
            msg("irr.says.not-their-turn", rule_id, to_act=hand.to_act, player=p.name)
        )
    opts = betting.options(hand, p)
    facing = hand.current > p.bet
    said = msg("irr.says.taps", None) if tap else msg("irr.says.word", None, word=word)
    basis = basis_of(hand, "says")
    if hand.forced_pending:
        if word in ("raise", "complete", "bet") and ActionKind.COMPLETE in opts:
            amount = opts[ActionKind.COMPLETE][0]
            do_action(hand, p, ActionKind.COMPLETE, amount)
            return b.done(
                "complete",
                "J",
                msg(
                    "irr.says.bring-in-due",
                    rule_id,
                    player=p.name,
                    said=said,
                    amount=amount,
                ),
            )
        raise TutorError(msg("irr.bring-in-forced", "bring-in.forced"))
    if word == "fold":
        if not facing:
            return fold_no_bet(
                hand, Irregularity(kind="fold-no-bet", players=(p.name,))
            )
        do_action(hand, p, ActionKind.FOLD, None)
        return b.done(
            "fold", basis, msg("irr.says.fold", rule_id, player=p.name, said=said)
        )
    if word == "call" or (word == "check" and not facing):
        if facing:
            do_action(hand, p, ActionKind.CALL, None)
            return b.done(
                "call", basis, msg("irr.says.call", rule_id, player=p.name, said=said)
            )
        do_action(hand, p, ActionKind.CHECK, None)
        return b.done(
            "check",
            basis,
            msg("irr.says.check", rule_id, player=p.name, said=said, tap=bool(tap)),
        )
    if word == "check":
        hooks_of(hand).limits[p.idx] = Limit(
            frozenset({ActionKind.CALL, ActionKind.FOLD}),
            msg("irr.says.refused.call-or-fold", rule_id, player=p.name),
            hand.street,
            once=True,
        )
        return b.done(
            "call-or-fold",
            basis,
            msg("irr.says.check-facing-bet", rule_id, player=p.name, said=said),
        )
    # raise / bet / complete
    if not facing:
        amount = min(opts.get(ActionKind.BET, [hand.bet_size()]))
        do_action(hand, p, ActionKind.BET, amount)
        return b.done(
            "bet",
            basis,
            msg("irr.says.bet", rule_id, player=p.name, said=said, amount=amount),
        )
    if (
        hand.street is Street.THIRD
        and not hand.completed
        and ActionKind.COMPLETE in opts
    ):
        amount = opts[ActionKind.COMPLETE][0]
        do_action(hand, p, ActionKind.COMPLETE, amount)
        return b.done(
            "complete",
            "J",
            msg("irr.says.complete", rule_id, player=p.name, said=said, amount=amount),
        )
    if ActionKind.RAISE in opts:
        target = min(opts[ActionKind.RAISE])
        do_action(hand, p, ActionKind.RAISE, target)
        return b.done(
            "raise",
            basis,
            msg("irr.says.raise", rule_id, player=p.name, said=said, amount=target),
        )
    do_action(hand, p, ActionKind.CALL, None)
    return b.done(
        "call", basis, msg("irr.says.capped", rule_id, player=p.name, said=said)
    )
