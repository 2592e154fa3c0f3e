"""Setting the hand up: the setup checked, the antes posted and third street dealt; or a
hand told from a later street (``start:``), its earlier streets' cards and chips in."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tutor.engine.boards import ante_said
from tutor.engine.cards import check_unique
from tutor.engine.dealing import river_count
from tutor.engine.errors import TableError
from tutor.engine.messages import msg
from tutor.engine.table.stub import deal_to
from tutor.engine.values import CARDS_AT, MAX_SEATS, STREETS, ZERO, HandSetup, Street

if TYPE_CHECKING:
    from tutor.engine.table import Hand


def validate(setup: HandSetup) -> None:
    """Refuse a setup the table cannot deal: seats, names, stacks, cards, the button."""
    seats = setup.seats
    if len(seats) > MAX_SEATS:
        raise TableError(
            msg("setup.seats.too-many", "table.seats", count=len(seats)),
            where=("seats",),
        )
    if len(seats) < 2:
        raise TableError(
            msg("setup.seats.too-few", "table.seats", count=len(seats)),
            where=("seats",),
        )
    numbers = [s.seat for s in seats]
    for s in seats:
        if (
            isinstance(s.seat, bool)
            or not isinstance(s.seat, int)
            or not 1 <= s.seat <= 10
        ):
            raise TableError(
                msg("setup.seat.number-range", None, seat=s.seat),
                where=("seats", s.name, "seat"),
            )
        if numbers.count(s.seat) > 1:
            raise TableError(
                msg("setup.seat.number-twice", None, seat=s.seat),
                where=("seats", s.name, "seat"),
            )
        if not isinstance(s.name, str) or not s.name.strip():
            raise TableError(
                msg("setup.seat.no-name", None, seat=s.seat),
                where=("seats", s.seat, "name"),
            )
        if [t.name for t in seats].count(s.name) > 1:
            raise TableError(
                msg("setup.seat.name-twice", None, name=s.name),
                where=("seats", s.name, "name"),
            )
        if s.stack is not None and s.stack < 0:
            raise TableError(
                msg("setup.seat.stack-negative", None, player=s.name, stack=s.stack),
                player=s.name,
                field="stack",
            )
        if setup.start is None and s.stack is not None and s.stack <= 0:
            raise TableError(
                msg(
                    "setup.seat.stack-empty",
                    "ante.post",
                    player=s.name,
                    stack=s.stack,
                ),
                player=s.name,
                field="stack",
            )
        if len(s.cards) > 7:
            raise TableError(
                msg(
                    "setup.seat.too-many-cards",
                    None,
                    player=s.name,
                    count=len(s.cards),
                ),
                player=s.name,
                field="cards",
            )
    if setup.button is not None and (
        isinstance(setup.button, bool)
        or not isinstance(setup.button, int)
        or not 1 <= setup.button <= 10
    ):
        raise TableError(
            msg("setup.button.range", None, button=setup.button), where=("button",)
        )
    check_unique([c for s in seats for c in s.cards] + [setup.community])
    listed = sum(len(s.cards) for s in seats) + (setup.community is not None)
    if listed > 52:
        raise TableError(
            msg("setup.seats.too-many-cards", None, count=listed), where=("seats",)
        )


def begin(hand: Hand) -> None:
    """Post the antes, deal third street, and open its betting."""
    ante = hand.stakes.ante
    for idx in hand.order:
        p = hand.players[idx]
        paid = min(ante, p.stack)
        p.stack -= paid
        p.committed += paid
        hand.antes[idx] = paid
        if p.stack == 0:
            p.all_in = True
    if ante > 0:
        posted = tuple((hand.players[i].name, a) for i, a in sorted(hand.antes.items()))
        hand.log_event(
            "ante",
            msg("op.ante.each", "ante.post", ante=ante)
            if all(a == ante for a in hand.antes.values())
            else msg("op.ante.total", "ante.post", total=hand.pot),
            ante_said(ante, list(posted)),
            ("ante.post",),
        )
    else:
        hand.log_event(
            "ante",
            msg("op.ante.none", "ante.post"),
            (msg("why.ante.none", "ante.post"),),
            ("ante.post",),
        )
    for _ in range(3):
        for idx in hand.order:
            deal_to(hand, hand.players[idx])
    first = hand.players[hand.order[0]].name
    hand.log_event(
        "deal",
        msg("op.deal.third", "deal.order"),
        (
            msg(
                "why.deal.third",
                "deal.order",
                first=first,
                button=hand.setup.button is not None,
            ),
        ),
        ("deal.order",),
    )
    hand.open_third()


def begin_later(hand: Hand, street: Street) -> None:
    """``start:``: cards of earlier streets dealt, committed chips in the pot."""
    need = CARDS_AT[street]
    for p, s in zip(
        hand.players, sorted(hand.setup.seats, key=lambda s: s.seat), strict=False
    ):
        p.committed = s.committed if s.committed is not None else ZERO
        p.folded = s.folded
        late = street in (Street.SEVENTH, Street.SHOWDOWN)
        hold = 6 if late and hand.setup.community is not None else need
        if s.folded:
            # Nobody can have folded on a street whose betting has not opened yet.
            most = 7 if street is Street.SHOWDOWN else need - 1
            if len(s.cards) > most:
                raise TableError(
                    msg(
                        "setup.start.folded-cards",
                        "deal.order",
                        player=s.name,
                        street=street,
                        most=most,
                        count=len(s.cards),
                    ),
                    player=s.name,
                    field="cards",
                )
            p.cards = list(s.cards)
        else:
            if len(s.cards) < hold or (late and len(s.cards) > hold):
                raise TableError(
                    msg(
                        "setup.start.live-cards",
                        "deal.order",
                        player=s.name,
                        street=street,
                        hold=hold,
                        count=len(s.cards),
                        community_hint=late and hold == 7 and len(s.cards) == 6,
                    ),
                    player=s.name,
                    field="cards",
                )
            # Cards listed beyond this street are dealt on the later streets.
            p.cards = list(s.cards[:hold])
        hand.dealt += len(p.cards)
        if not p.folded and p.stack == 0:
            p.all_in = True
    live = [p for p in hand.players if not p.folded]
    if len(live) < 2:
        raise TableError(msg("setup.start.too-few-live", None), where=("start",))
    with_chips = [p for p in live if not p.all_in]
    if with_chips:
        level = max(p.committed for p in with_chips)
        for p in with_chips:
            if p.committed != level:
                top = next(q for q in with_chips if q.committed == level)
                raise TableError(
                    msg(
                        "setup.start.unequal-committed",
                        "round.end",
                        player=p.name,
                        other=top.name,
                        committed=p.committed,
                        level=level,
                    ),
                    player=p.name,
                    field="committed",
                )
        for p in live:
            if p.all_in and p.committed > level:
                raise TableError(
                    msg(
                        "setup.start.all-in-over",
                        "round.end",
                        player=p.name,
                        committed=p.committed,
                        level=level,
                    ),
                    player=p.name,
                    field="committed",
                )
    order_idx = STREETS.index(street) if street in STREETS else 4
    if hand.rules.burn_cards:
        hand.burns = order_idx
    if street in (Street.SEVENTH, Street.SHOWDOWN):
        given = hand.setup.community
        before = hand.dealt - (0 if given is not None else len(live))
        need, why = river_count(
            hand.rules, len(live), before, 3 if hand.rules.burn_cards else 0
        )
        hand.community_said = (why,)
        hand.uses_community = given is not None
        if given is not None:
            hand.community = given
            hand.dealt += 1
            if not need:
                hand.problems.append(
                    msg("setup.community.not-needed", "river.community", why=why)
                )
        elif need:
            hand.problems.append(
                msg("setup.community.needed", "river.community", why=why)
            )
    if street is Street.SHOWDOWN:
        hand.street = Street.SHOWDOWN
        hand.last_round_street = Street.SEVENTH
        hand._showdown()
        return
    hand.street = street
    hand.log_event(
        "start",
        msg("op.start", None, street=street),
        (msg("why.start", None, street=street, pot=hand.pot),),
        (),
    )
    hand.open_later()
