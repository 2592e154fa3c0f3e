"""Misdeals (``irr.misdeal``) and a wrong number of cards (``irr.wrong-count``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tutor.engine.errors import TutorError
from tutor.engine.irregularities.common import (
    Build,
    basis_of,
    kill,
    misdeal,
    name_player,
    need_deal,
    no_action_yet,
    past_cutoff,
    reaward,
)
from tutor.engine.irregularities.values import Irregularity, IrrRuling
from tutor.engine.messages import msg
from tutor.engine.values import (
    CARDS_AT,
    STREETS,
    Street,
)

if TYPE_CHECKING:
    from tutor.engine.table import Hand


# ---------------------------------------------------------------------------- misdeals
def first_card_to(hand: Hand, irr: Irregularity) -> IrrRuling:
    b = Build(hand, "irr.misdeal")
    past, why = past_cutoff(hand)
    if hand.street is not Street.THIRD:
        past = True
    name = irr.players[0] if irr.players else None
    if past:
        return b.done(
            "plays-on",
            "S",
            msg("irr.first-card.plays-on", "irr.misdeal", player=name, cutoff=why),
        )
    return misdeal(
        b,
        msg("irr.first-card.misdeal", "irr.misdeal", player=name, cutoff=why),
        "S",
    )


def extra_card(hand: Hand, irr: Irregularity) -> IrrRuling:
    b = Build(hand, "irr.misdeal")
    need_deal(hand, "extra-card")
    p = name_player(hand, irr.players[0])
    if hand.rules.extra_card_initial == "misdeal":
        return misdeal(
            b,
            msg(
                "irr.extra-card.misdeal",
                "irr.misdeal",
                player=p.name,
                rules=hand.rules.label,
            ),
            "S",
        )
    b.cards.append(msg("irr.extra-card.to-burn", "irr.misdeal"))
    return b.done(
        "becomes-burn",
        basis_of(hand, "extra-card.burn"),
        msg("irr.extra-card.burn", "irr.misdeal", player=p.name),
    )


def fouled_deck(hand: Hand, irr: Irregularity) -> IrrRuling:
    b = Build(hand, "irr.misdeal")
    return misdeal(b, msg("irr.fouled-deck", "irr.misdeal"), "S", void=True)


def wrong_count(hand: Hand, irr: Irregularity) -> IrrRuling:
    p = name_player(hand, irr.players[0])
    count = irr.count
    if count is None:
        raise TutorError(
            msg("irr.wrong-count.say-count", None), where=("irregularity", "count")
        )
    label = hand.rules.label
    if hand.street is Street.THIRD and hand.setup.start is None and not hand.is_over:
        b = Build(hand, "irr.misdeal")
        b.rules.append("irr.wrong-count")
        past, why = past_cutoff(hand)
        if count == 3:
            raise TutorError(
                msg("irr.wrong-count.right", None, player=p.name),
                where=("irregularity", "count"),
            )
        if not past:
            return misdeal(
                b,
                msg(
                    "irr.wrong-count.third.misdeal",
                    "irr.misdeal",
                    player=p.name,
                    count=count,
                    cutoff=why,
                ),
                basis_of(hand, "wrong-count.third.misdeal"),
            )
        return kill(
            b,
            p,
            msg(
                "irr.wrong-count.third.dead",
                "irr.wrong-count",
                player=p.name,
                count=count,
                cutoff=why,
            ),
            "S",
        )
    b = Build(hand, "irr.wrong-count")
    expected = CARDS_AT[hand.street]
    if count > 7:
        return kill(
            b,
            p,
            msg(
                "irr.wrong-count.over-seven",
                "irr.wrong-count",
                player=p.name,
                count=count,
            ),
            "S",
        )
    before = (
        not hand.is_over
        and irr.street is hand.street
        and no_action_yet(hand)
        and hand.street is not Street.SHOWDOWN
    )
    if count > expected:
        if before:
            if hand.rules.short_hand == "dead":  # tda values
                b.cards.append(msg("irr.wrong-count.taken-out", "irr.wrong-count"))
                return b.done(
                    "card-taken-out",
                    "J",
                    msg(
                        "irr.wrong-count.extra.taken-out",
                        "irr.wrong-count",
                        player=p.name,
                        street=hand.street,
                    ),
                )
            b.cards.append(msg("irr.wrong-count.moved", "irr.wrong-count"))
            return b.done(
                "proper-cards",
                "J",
                msg(
                    "irr.wrong-count.extra.put-right",
                    "irr.wrong-count",
                    player=p.name,
                    street=hand.street,
                ),
            )
        return kill(
            b,
            p,
            msg(
                "irr.wrong-count.extra.dead",
                "irr.wrong-count",
                player=p.name,
                count=count,
                street=hand.street,
            ),
            "S",
        )
    missing = irr.street
    if missing is Street.SHOWDOWN:
        raise TutorError(
            msg("irr.wrong-count.missing-showdown", None),
            where=("irregularity", "street"),
        )
    if before and missing is not None:
        b.cards.append(
            msg("irr.wrong-count.next-card", "irr.wrong-count", player=p.name)
        )
        return b.done(
            "next-stub-card",
            "J",
            msg(
                "irr.wrong-count.skipped",
                "irr.wrong-count",
                player=p.name,
                street=missing,
            ),
        )
    rule_ = hand.rules.short_hand
    if rule_ == "dead":
        live = False
        basis = basis_of(hand, "wrong-count.short.dead")
    elif rule_ == "six-is-enough":
        live = count >= 6
        basis = basis_of(hand, "wrong-count.short.six")
    else:
        live = count == 6 and missing is Street.SEVENTH
        basis = basis_of(hand, "wrong-count.short.seventh")
    if not live:
        return kill(
            b,
            p,
            msg(
                "irr.wrong-count.short.dead",
                "irr.wrong-count",
                player=p.name,
                count=count,
                street=missing,
                rules=label,
                short_hand=rule_,
            ),
            basis,
        )
    if missing is not None and len(p.cards) > count:
        index = STREETS.index(missing) + 2 if missing is not Street.THIRD else 2
        del p.cards[index]
    if hand.is_over:
        reaward(hand)
    b.cards.append(
        msg(
            "irr.wrong-count.plays-cards", "irr.wrong-count", player=p.name, count=count
        )
    )
    return b.done(
        "live-hand",
        basis,
        msg(
            "irr.wrong-count.short.live",
            "irr.wrong-count",
            player=p.name,
            count=count,
            street=missing,
            rules=label,
            short_hand=rule_,
        ),
    )
