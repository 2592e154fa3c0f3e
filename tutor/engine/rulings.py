"""Rulings: the engine's answer to every ask kind, with an explanation and the rule ids."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from tutor.engine import betting
from tutor.engine.boards import ante_text
from tutor.engine.cards import Card
from tutor.engine.errors import NeedsCardsError, TutorError
from tutor.engine.hands import best_high, best_low, best_razz
from tutor.engine.rules import Half
from tutor.engine.values import ActionKind, Street, fmt

if TYPE_CHECKING:
    from tutor.engine.table import Hand

ASK_KINDS = (
    "ante",
    "buy-in",
    "bring-in",
    "first-to-act",
    "next-to-act",
    "bet-sizes",
    "legal-actions",
    "raises-left",
    "pot",
    "community-card",
    "best-high",
    "best-low",
    "low-qualifies",
    "high-winner",
    "low-winner",
    "award",
    "showdown-order",
    "ruling",
)
#: Ask kinds about the low half, which only a game with a low half can answer (hand.low).
LOW_KINDS = ("best-low", "low-qualifies", "low-winner")
#: Ask kinds about the high hand, which razz (low only) does not play for (razz.low).
HIGH_KINDS = ("best-high", "high-winner")


def unfit_kind(halves: tuple[Half, ...], kind: str) -> str | None:
    """Why an ask of ``kind`` does not fit a game that plays for ``halves``; None if it fits."""
    if kind in LOW_KINDS and not any(h is not Half.HIGH for h in halves):
        return (
            f"Seven Card Stud has no low half: a {kind} ask belongs to a game with a low "
            "(hand.low)."
        )
    if kind == "low-qualifies" and Half.LOW in halves:
        return "Razz has no qualifier: every hand makes a low, so ask best-low instead (razz.low)."
    if kind in HIGH_KINDS and Half.HIGH not in halves:
        return (
            f"Razz is played for low only: a {kind} ask has no meaning there; ask best-low "
            "or low-winner instead (razz.low)."
        )
    return None


#: Ask kinds about one player's hand: the ask must name that player (``rule_on(..., player)``).
NEEDS_PLAYER = ("best-high", "best-low", "low-qualifies")


def ruling_function(kind: str) -> Callable[[Hand, str | None], Result]:
    """The engine's ruling function for ``kind`` (what :func:`rule_on` calls after its checks).

    :raises KeyError: for a kind the engine does not answer.
    """
    return _KINDS[kind]


@dataclass(frozen=True, slots=True)
class Ruling:
    """The engine's answer to one ask: the answer object of the spec, why, and which rules."""

    kind: str
    answer: dict[str, Any]
    explanation: str
    rules: tuple[str, ...]
    preset: str


def to_json(value: Any) -> Any:
    """Decimals to int (whole) or float, recursively, for JSON.

    >>> to_json({"pot": Decimal("12.50"), "n": [Decimal(3)]})
    {'pot': 12.5, 'n': [3]}
    """
    if isinstance(value, Decimal):
        return int(value) if value == value.to_integral_value() else float(value)
    if isinstance(value, dict):
        return {k: to_json(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [to_json(v) for v in value]
    return value


def rule_on(hand: Hand, kind: str, player: str | None = None) -> Ruling:
    """Answer an ask of ``kind`` about ``hand`` as it stands now.

    :raises TutorError: for an unknown kind, a missing ``player``, or an ask that does not fit
        the moment (``next-to-act`` once the hand is over); NeedsCardsError for unknown cards.
    """
    fn = _KINDS.get(kind)
    if fn is None:
        raise TutorError(
            f"unknown ask kind {kind!r}: use one of {', '.join(ASK_KINDS)}."
        )
    if kind in NEEDS_PLAYER:
        if not player:
            raise TutorError(
                f"an ask of kind {kind} needs `player:` naming whose hand to read."
            )
        hand.player(player)
    problem = unfit_kind(hand.variant.halves, kind)
    if problem:
        raise TutorError(problem)
    answer, why, rules = fn(hand, player)
    return Ruling(kind, answer, why, tuple(rules), hand.rules.label)


Result = tuple[dict[str, Any], str, tuple[str, ...]]


def _seat(hand: Hand, idx: int) -> dict[str, Any]:
    p = hand.players[idx]
    return {"player": p.name, "seat": p.seat}


def _ante(hand: Hand, _: str | None) -> Result:
    each = hand.stakes.ante
    if each == 0:
        why = "This table has no ante: nobody posts before the deal, and the bring-in is the first money in."
        return {"each": each, "total": each}, why, ("ante.post",)
    if hand.antes:  # what was really posted (a short stack posts all it has)
        paid = [(hand.players[i].name, a) for i, a in sorted(hand.antes.items())]
    else:  # a hand told from a later street: every seat dealt in posted the ante
        paid = [(p.name, each) for p in hand.players]
    total = sum((a for _, a in paid), Decimal(0))
    return {"each": each, "total": total}, ante_text(each, paid), ("ante.post",)


def _buy_in(hand: Hand, _: str | None) -> Result:
    bets = hand.rules.min_buy_in_bets
    minimum = hand.stakes.small_bet * bets
    why = (
        f"The minimum buy-in is {bets} small bets under {hand.rules.label}: "
        f"{bets} x {fmt(hand.stakes.small_bet)} = {fmt(minimum)}."
    )
    return {"minimum": minimum}, why, ("table.buy-in",)


def _bring_in(hand: Hand, _: str | None) -> Result:
    if hand.setup.start is not None:
        raise TutorError(
            "the bring-in happens on third street, and this scenario starts later: "
            "ask it in a scenario that starts with the deal."
        )
    if hand.bring_in_idx is None:
        raise NeedsCardsError(
            hand.blocked or "the bring-in depends on every door card."
        )
    p = hand.players[hand.bring_in_idx]
    s = next(s for s in hand.setup.seats if s.name == p.name)
    stack = s.stack if s.stack is not None else Decimal("Infinity")
    after_ante = stack - min(stack, hand.stakes.ante)
    bring = hand.stakes.bring_in or Decimal(0)
    amount = min(bring, after_ante)
    door = p.cards[2]
    assert door is not None
    why = hand.bring_in_reason + f" The bring-in is {fmt(bring)}"
    why += (
        " (half the small bet, by default)."
        if hand.setup.stakes.bring_in == hand.stakes.small_bet / 2
        else "."
    )
    rules: tuple[str, ...] = (hand.variant.rule_bring_in, "bring-in.amount")
    if amount < bring:
        why += (
            f" {p.name} has only {fmt(amount)} left after the ante, so posts that."
            if amount
            else f" {p.name} has nothing left after the ante, so posts no bring-in."
        )
        rules += ("bring-in.all-in",)
    return {**_seat(hand, p.idx), "card": door.text, "amount": amount}, why, rules


def _opening(hand: Hand) -> int:
    if hand.is_over or hand.street is Street.SHOWDOWN:
        raise TutorError(
            "the betting is over: ask who acts first while a betting round is open."
        )
    if hand.to_act_idx is None or hand.round_first is None:
        raise NeedsCardsError(hand.blocked or "nobody can act now.")
    return hand.round_first


def _first_to_act(hand: Hand, _: str | None) -> Result:
    idx = _opening(hand)
    return _seat(hand, idx), hand.opener_reason, hand.opener_rules


def _next_to_act(hand: Hand, _: str | None) -> Result:
    _opening(hand)
    p = hand.players[hand.to_act_idx]  # type: ignore[index]
    last = next((op for op in reversed(hand.history) if op.player), None)
    if hand.forced_pending and (last is None or hand.bring_in_idx == p.idx):
        rules: tuple[str, ...] = (hand.variant.rule_bring_in, "act.third")
        if hand.bring_in_idx != p.idx:
            rules += ("bring-in.all-in",)
        return _seat(hand, p.idx), hand.bring_in_reason, rules
    if hand.forced_pending and last is not None:
        low = hand.players[hand.bring_in_idx] if hand.bring_in_idx is not None else None
        why = (
            f"After {last.text}, nobody has brought in yet"
            + (f" (the low card, {low.name}, is all in for the ante)" if low else "")
            + f", so the action moves clockwise to {p.name}, who may fold, bring in or complete."
        )
        return _seat(hand, p.idx), why, ("bring-in.all-in", "act.third")
    if last is None or last.street is not hand.street:
        return _seat(hand, p.idx), hand.opener_reason, hand.opener_rules
    owed = hand.current - p.bet
    why = (
        f"After {last.text}, the action moves clockwise to the next player still in with chips: {p.name}"
        + (
            f", who faces {fmt(owed)} more."
            if owed > 0
            else ", who has no wager to face."
        )
    )
    skipped = [
        q.name for q in hand.players if (q.folded or q.all_in) and q.idx != p.idx
    ]
    if skipped:
        why += f" Players who folded or are all in ({', '.join(skipped)}) are skipped."
    return (
        _seat(hand, p.idx),
        why,
        (
            "act.third" if hand.street is Street.THIRD else hand.variant.rule_act,
            "round.end",
        ),
    )


def _bet_sizes(hand: Hand, _: str | None) -> Result:
    _opening(hand)
    p = hand.players[hand.to_act_idx]  # type: ignore[index]
    opts = betting.options(hand, p)
    if hand.street is Street.THIRD and not hand.completed:
        sizes = [hand.stakes.small_bet] if (ActionKind.COMPLETE in opts) else []
        why = (
            f"On third street the first full wager is the completion to the small bet of "
            f"{fmt(hand.stakes.small_bet)}; the bring-in ({fmt(hand.stakes.bring_in)}) is not a bet size."
        )
        return {"sizes": sizes}, why, ("bring-in.complete", "limit.small")
    can = ActionKind.BET in opts or ActionKind.RAISE in opts
    sizes = hand.sizes() if can else []
    why = hand.size_text()
    rules: tuple[str, ...] = (hand.size_rule(ActionKind.BET),)
    if not can:
        found = betting.refusal_reason(hand, ActionKind.RAISE, p, opts)
        assert found is not None
        reason, rule = found
        why = f"No bet or raise is possible now: {reason}."
        rules = (rule,)
    elif hand.street is Street.FOURTH and hand.open_pair_active() and hand.big_seen:
        why += " A big bet or raise has already been made on this street, so every later raise is big."
    note = hand.all_in_note()
    if note:
        why += " " + note
        rules = ("limit.all-in",) + rules
    return {"sizes": sizes}, why, rules


def _legal(hand: Hand, _: str | None) -> Result:
    _opening(hand)
    p = hand.players[hand.to_act_idx]  # type: ignore[index]
    actions = hand.legal_actions()
    reasons = hand.illegal_reasons()
    why = f"{p.name} is to act on {hand.street.value} street and may: {', '.join(actions)}."
    rules: tuple[str, ...]
    if hand.forced_pending:
        if hand.bring_in_idx == p.idx:
            why += (
                f" {p.name} has the {'high' if hand.variant.bring_in_highest else 'low'} card, "
                f"so must bring in ({fmt(hand.stakes.bring_in)}) or "
                f"complete to the small bet of {fmt(hand.stakes.small_bet)}; the bring-in is forced, "
                "so there is no fold or check."
            )
            rules = (hand.variant.rule_bring_in, "bring-in.complete")
        else:
            why += (
                " The low card is all in for the ante and nobody has brought in yet, so "
                f"{p.name} may fold, bring in ({fmt(hand.stakes.bring_in)}) or complete to "
                f"{fmt(hand.stakes.small_bet)}."
            )
            rules = ("bring-in.all-in", "bring-in.complete")
    elif hand.street is Street.THIRD and not hand.completed:
        why += (
            f" Facing only the bring-in, a player may fold, call it, or complete to the small bet of "
            f"{fmt(hand.stakes.small_bet)}; a completion is not a raise."
        )
        rules = ("bring-in.complete",)
    else:
        why += " " + hand.size_text()
        rules = (hand.size_rule(ActionKind.BET),)
        if "raise" in reasons and "capped" in reasons["raise"]:
            why += f" No raise: {reasons['raise']}."
            rules += ("cap.raises",)
        elif any(a.startswith("raise") for a in actions):
            left = hand.raises_left()
            why += (
                " Raising is unlimited heads-up here."
                if left is None
                else f" {left} raise{'s' if left != 1 else ''} left."
            )
            rules += ("cap.raises",)
    note = hand.all_in_note()
    if note:
        why += " " + note
        rules = ("limit.all-in",) + rules
    return {"player": p.name, "actions": actions}, why, rules


def _raises_left(hand: Hand, _: str | None) -> Result:
    _opening(hand)
    left = hand.raises_left()
    rules = ("cap.raises",)
    hu = hand.rules.heads_up.value
    if left is None:
        why = (
            f"Under {hand.rules.label} raising is unlimited here: the round is heads-up "
            f"({'it began heads-up' if hu == 'unlimited-if-begun' else 'it became heads-up before the cap'})."
        )
        return {"raises_left": None}, why, rules
    what = "completion" if hand.street is Street.THIRD else "bet"
    why = (
        f"Under {hand.rules.label} a round allows one bet (on third street, the completion) and "
        f"{hand.rules.max_raises} raises; {hand.raises} raise{'s have' if hand.raises != 1 else ' has'} been made, "
        f"so {left} remain{'s' if left == 1 else ''}. The {what} itself is not a raise."
    )
    if len(hand.actors()) <= 2 and hu == "unlimited-if-begun":
        why += (
            f" Only two players are left with chips, but under {hand.rules.label} raising is "
            "unlimited only if the round began heads-up, and this one did not, so the cap holds."
        )
    elif len(hand.actors()) <= 2 and hu == "capped":
        why += f" Heads-up play stays capped under {hand.rules.label}."
    elif len(hand.actors()) <= 2 and hand.cap_hit:
        why += (
            " The cap was reached before the round became heads-up, so it stays capped."
        )
    return {"raises_left": left}, why, rules


def _pot(hand: Hand, _: str | None) -> Result:
    parts = [f"{p.name} {fmt(p.committed)}" for p in hand.players if p.committed]
    why = f"Every chip put in this hand, antes included: {' + '.join(parts) or '0'} = {fmt(hand.pot)}."
    rules: tuple[str, ...] = ("ante.post",)
    if hand.returned:
        back = "; ".join(f"{name} {fmt(a)}" for name, a in hand.returned.items())
        why += (
            f" Chips nobody called went back to their owner and are not in it ({back})."
        )
        rules += ("pot.uncalled",)
    return {"pot": hand.pot}, why, rules


def _community(hand: Hand, _: str | None) -> Result:
    need, why = hand.community_needed()
    if hand.uses_community is not None:
        need = hand.uses_community
    return {"community": need}, why, ("river.community",)


def _hand_cards(hand: Hand, player: str) -> list[Card]:
    cards = hand.cards_of(player)
    if len(cards) < 5:
        raise TutorError(
            f"{player} has only {len(cards)} cards: a poker hand needs five; ask from fifth street on."
        )
    return cards


def _best_high(hand: Hand, player: str | None) -> Result:
    assert player is not None
    h = best_high(_hand_cards(hand, player))
    why = (
        f"{player}'s best five cards make {h.describe()}: {' '.join(c.text for c in h.cards)}. "
        "Any five of the cards may be used."
    )
    return (
        {
            "player": player,
            "category": h.category.value,
            "ranks": h.rank_chars,
            "cards": [c.text for c in h.cards],
        },
        why,
        ("hand.high",),
    )


def _best_low(hand: Hand, player: str | None) -> Result:
    assert player is not None
    cards = _hand_cards(hand, player)
    if hand.variant.low_half is Half.LOW:
        razz = best_razz(cards)
        why = (
            f"{player}'s lowest five cards are {razz.text}, using {' '.join(c.text for c in razz.cards)}: "
            "ace to five, the ace low; pairs count against the hand, straights and flushes do not, "
            "and there is no qualifier."
        )
        return {"player": player, "low": razz.text}, why, ("razz.low",)
    low = best_low(cards)
    if low is None:
        small = sorted({c.low_rank for c in cards if c.low_rank <= 8})
        why = (
            f"{player} has only {len(small)} different rank{'s' if len(small) != 1 else ''} of eight or lower "
            f"({', '.join('A' if r == 1 else str(r) for r in small) or 'none'}); a low needs five, so there is no low. "
            "Paired cards count once."
        )
        return {"player": player, "low": None}, why, ("hand.low",)
    why = (
        f"{player}'s best low is {low.text}, using {' '.join(c.text for c in low.cards)}: five different ranks "
        "of eight or lower, the ace counting low; straights and flushes do not count against it."
    )
    return {"player": player, "low": low.text}, why, ("hand.low",)


def _low_qualifies(hand: Hand, player: str | None) -> Result:
    ans, why, rules = _best_low(hand, player)
    return {"player": player, "qualifies": ans["low"] is not None}, why, rules


def _contenders(hand: Hand) -> list[int]:
    live = hand.live()
    if len(live) < 2 and not hand.is_over:
        raise TutorError("only one player is left; nobody shows down.")
    return [p.idx for p in live]


def _high_winner(hand: Hand, _: str | None) -> Result:
    idxs = _contenders(hand)
    best = {i: best_high(hand.cards_of(hand.players[i].name)) for i in idxs}
    top = max(h.value for h in best.values())
    win = [i for i in idxs if best[i].value == top]
    names = [hand.players[i].name for i in win]
    why = "; ".join(f"{hand.players[i].name}: {best[i].describe()}" for i in idxs)
    why = f"Best high hand among the players still in: {', '.join(names)} ({why})."
    return {"players": names}, why, ("hand.high",)


def _low_winner(hand: Hand, _: str | None) -> Result:
    idxs = _contenders(hand)
    if hand.variant.low_half is Half.LOW:
        razz = {i: best_razz(hand.cards_of(hand.players[i].name)) for i in idxs}
        top = min(lo.value for lo in razz.values())
        names = [hand.players[i].name for i in idxs if razz[i].value == top]
        parts = "; ".join(f"{hand.players[i].name}: {razz[i].text}" for i in idxs)
        why = (
            f"In razz the lowest hand wins, compared ace to five from the highest card down, pairs "
            f"counting against; the best is {', '.join(names)} ({parts})."
        )
        return {"players": names}, why, ("razz.low",)
    lows = {i: best_low(hand.cards_of(hand.players[i].name)) for i in idxs}
    quals = {i: lo for i, lo in lows.items() if lo is not None}
    parts = "; ".join(
        f"{hand.players[i].name}: {lo.text if (lo := lows[i]) else 'no low'}"
        for i in idxs
    )
    if not quals:
        return (
            {"players": []},
            f"Nobody has an eight-or-better low ({parts}), so the high hand takes the whole pot.",
            ("hand.low", "split.halves"),
        )
    top = min(lo.value for lo in quals.values())
    names = [hand.players[i].name for i in idxs if i in quals and quals[i].value == top]
    why = f"Lows compare from the highest card down; the best is {', '.join(names)} ({parts})."
    return {"players": names}, why, ("hand.low",)


def _award(hand: Hand, _: str | None) -> Result:
    if not hand.is_over:
        raise TutorError(
            "the pot is awarded at the end of the hand: ask for the award after the last betting round closes."
        )
    blocked = getattr(hand, "award_blocked", None)
    if blocked:
        raise NeedsCardsError(blocked)
    return (
        {"payouts": dict(hand.payouts), "rake": hand.rake},
        " ".join(hand.award_notes),
        hand.award_rules,
    )


def _showdown_order(hand: Hand, _: str | None) -> Result:
    if (
        hand.last_round_aggressor is not None
        and hand.last_round_street is Street.SEVENTH
        and not hand.players[hand.last_round_aggressor].folded
    ):
        idx = hand.last_round_aggressor
        why = (
            f"{hand.players[idx].name} made the last bet or raise on the final round, so shows first; "
            "then the others clockwise."
        )
        if hand.short_all_in is not None and hand.short_all_in[0] == idx:
            why += (
                f" {hand.players[idx].name}'s all-in was short of a full bet or raise, but it was for "
                "more than the call, so it counts as a bet or raise here."
            )
    else:
        first = (
            hand.last_round_first if hand.last_round_street is Street.SEVENTH else None
        )
        if first is None or hand.players[first].folded:
            win, reason, _r = hand.best_board(
                hand.rules.community_opener.value == "board-with-community"
            )
            if win is None:
                raise NeedsCardsError(str(reason))
            first = win
        idx = first
        why = (
            f"Nobody bet on the final round, so the player who acted first on it shows first: "
            f"{hand.players[idx].name} (the {hand.variant.board_first} hand showing). Then the "
            "others clockwise."
        )
    return _seat(hand, idx), why, ("showdown.order",)


def _ruling(hand: Hand, _: str | None) -> Result:
    last = hand.irr.last if hand.irr is not None else None
    if last is None:
        raise TutorError(
            "there is no irregularity to rule on yet: put an event step (what went wrong) "
            "before a ruling ask."
        )
    return last.answer(), last.explanation, last.rules


_KINDS: dict[str, Callable[[Hand, str | None], Result]] = {
    "ante": _ante,
    "buy-in": _buy_in,
    "bring-in": _bring_in,
    "first-to-act": _first_to_act,
    "next-to-act": _next_to_act,
    "bet-sizes": _bet_sizes,
    "legal-actions": _legal,
    "raises-left": _raises_left,
    "pot": _pot,
    "community-card": _community,
    "best-high": _best_high,
    "best-low": _best_low,
    "low-qualifies": _low_qualifies,
    "high-winner": _high_winner,
    "low-winner": _low_winner,
    "award": _award,
    "showdown-order": _showdown_order,
    "ruling": _ruling,
}
