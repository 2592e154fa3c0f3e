"""Who opens a betting round: on third street the bring-in (the lowest door card, or in
razz the highest), on later streets the best board showing (the highest, or in razz the
lowest), as the game's description and the house's tie-break say."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tutor.engine.boards import best_boards, door_key, suit_key
from tutor.engine.cards import Card
from tutor.engine.messages import Said, msg
from tutor.engine.rules import CommunityOpener, TieBreak
from tutor.engine.values import Street

if TYPE_CHECKING:
    from tutor.engine.table import Hand


def pairs_on_board(hand: Hand) -> tuple[int, ...]:
    """The live seats showing a pair on fourth street (limit.open-pair)."""
    out = []
    for p in hand.live():
        up = p.up_cards()
        if (
            len(up) >= 2
            and up[0] is not None
            and up[1] is not None
            and up[0].rank == up[1].rank
        ):
            out.append(p.idx)
    return tuple(out)


def open_third(hand: Hand) -> None:
    """Open third street's betting: the bring-in acts first (bring-in.who, razz.bring-in)."""
    hand.start_round()
    hand.forced_pending = True
    doors = [(p, p.cards[2] if len(p.cards) > 2 else None) for p in hand.players]
    unknown = tuple(p.name for p, c in doors if c is None)
    if unknown:
        rule = hand.variant.rule_bring_in
        hand.blocked_said = msg(
            "table.bring-in.unknown-door", rule, players=unknown, rule=rule
        )
        hand.to_act_idx = None
        return
    v = hand.variant
    known = [(p, c) for p, c in doors if c is not None]
    low_p, low_c = min(known, key=lambda pc: door_key(v, pc[1]))
    hand.bring_in_idx = low_p.idx
    others = tuple(c for p, c in doors if p is not low_p and c is not None)
    same_rank = tuple(c for c in others if c.rank == low_c.rank)
    said: Said = (
        msg(
            "why.bring-in.highest-door",
            v.rule_bring_in,
            player=low_p.name,
            card=low_c,
            others=others,
            same_rank=same_rank,
        )
        if v.bring_in_highest
        else msg(
            "why.bring-in.lowest-door",
            v.rule_bring_in,
            player=low_p.name,
            card=low_c,
            others=others,
            same_rank=same_rank,
        ),
    )
    if low_p.all_in and not hand.actors():
        hand.bring_in_said = said + (
            msg("why.bring-in.all-in-everyone", "bring-in.all-in", player=low_p.name),
        )
        hand._run_out()
        return
    if low_p.all_in:
        nxt = hand.next_actor_from(low_p.idx)
        hand.to_act_idx = nxt
        said += (
            msg(
                "why.bring-in.all-in-passes",
                "bring-in.all-in",
                player=low_p.name,
                next=hand.players[nxt].name if nxt is not None else None,
            ),
        )
    else:
        hand.to_act_idx = low_p.idx
    hand.bring_in_said = said
    hand.round_first = hand.to_act_idx
    hand.last_round_first = hand.to_act_idx
    hand.opener_idx = hand.to_act_idx
    hand.opener_said = said
    hand.opener_rules = (v.rule_bring_in, "act.third") + (
        ("bring-in.all-in",) if low_p.all_in else ()
    )


def best_board(
    hand: Hand, include_community: bool
) -> tuple[int | None, Said, tuple[str, ...]]:
    """Who has the best hand showing among live players, and why (act.later, razz.act).

    The highest board acts first, or in razz the lowest. The explanation is data (the
    boards as cards); it is put in words only when it is read."""
    v = hand.variant
    rule = v.rule_act
    boards: dict[int, list[Card]] = {}
    for p in hand.live():
        up = p.up_cards()
        if any(c is None for c in up):
            return (
                None,
                (msg("table.opener.unknown-board", rule, player=p.name, rule=rule),),
                (rule,),
            )
        cards = [c for c in up if c is not None]
        if include_community and hand.community is not None:
            cards = cards + [hand.community]
        boards[p.idx] = cards
    low = v.board_first == "low"
    tied = best_boards(v, boards)
    names = {i: hand.players[i].name for i in boards}
    top: Card | None = None
    if len(tied) == 1:
        win = tied[0]
    elif hand.rules.first_to_act_tie is TieBreak.SUIT and v.board_tie_by_suit:
        win = max(
            tied,
            key=lambda i: suit_key(
                [c for c in hand.players[i].up_cards() if c is not None]
            ),
        )
        top = max(
            (c for c in hand.players[win].up_cards() if c is not None),
            key=lambda c: c.bring_in_key(),
        )
    else:
        win = min(tied, key=lambda i: hand.position[i])
    why = msg(
        "why.opener.best-board",
        rule,
        player=names[win],
        board=tuple(boards[win]),
        low=low,
        ace_low=low and (v.low_half is None or v.low_half.ace_low),
        tied=tuple(names[i] for i in tied) if len(tied) > 1 else (),
        by_suit=top,
        label=hand.rules.label,
        others=tuple((names[i], tuple(boards[i])) for i in boards if i != win),
    )
    return win, (why,), (rule,)


def open_later(hand: Hand) -> None:
    """Open the betting of a street after the third: the best board acts first."""
    hand.start_round()
    hand.forced_pending = False
    hand.open_pair_seats = pairs_on_board(hand) if hand.street is Street.FOURTH else ()
    include = hand.rules.community_opener is CommunityOpener.BOARD_WITH_COMMUNITY
    win: int | None
    why: Said
    if (
        hand.street is Street.SEVENTH
        and hand.community is not None
        and not include
        and hand.sixth_opener_idx is not None
    ):
        win = hand.sixth_opener_idx
        rules: tuple[str, ...] = (hand.variant.rule_act, "river.community")
        folded = hand.players[win].folded
        said = msg(
            "why.opener.sixth-opens-again",
            "river.community",
            label=hand.rules.label,
            player=hand.players[win].name,
            folded=folded,
        )
        if folded:
            win, why2, rules = hand.best_board(False)
            why = (said, *why2)
        else:
            why = (said,)
    else:
        win, why, rules = hand.best_board(include)
        if hand.street is Street.SEVENTH and hand.community is not None and include:
            why = (msg("why.opener.community-counted", "river.community"), *why)
            rules = rules + ("river.community",)
        elif hand.street is Street.SEVENTH and hand.community is not None:
            why = (
                msg(
                    "why.opener.community-not-counted",
                    "river.community",
                    label=hand.rules.label,
                ),
                *why,
            )
            rules = rules + ("river.community",)
        elif hand.street is Street.SEVENTH:
            why = why + (msg("why.opener.river-down", "river.down"),)
            rules = rules + ("river.down",)
    if win is None:
        hand.blocked_said = why
        hand.to_act_idx = None
        hand.opener_idx = None
        return
    hand.blocked_said = None
    hand.opener_idx = win
    if hand.street is Street.SIXTH:
        hand.sixth_opener_idx = win
    if hand.players[win].all_in:
        nxt = hand.next_actor_from(win)
        why = why + (
            msg(
                "why.opener.all-in-passes",
                None,
                player=hand.players[win].name,
                next=hand.players[nxt].name if nxt is not None else None,
            ),
        )
        win = nxt if nxt is not None else win
    hand.opener_said = why
    hand.opener_rules = rules
    hand.to_act_idx = win
    hand.round_first = win
    hand.last_round_first = win
    if len(hand.actors()) <= 1:
        hand._close_round()


def opener_for_record(hand: Hand) -> None:
    """After a run-out, who would have opened seventh street (for the showdown order)."""
    win, why, rules = hand.best_board(
        hand.rules.community_opener is CommunityOpener.BOARD_WITH_COMMUNITY
    )
    if win is not None:
        hand.opener_idx = win
        hand.opener_said = why
        hand.opener_rules = rules
