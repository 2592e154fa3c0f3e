"""Rulings: the engine's answer to every ask kind, with why (as messages) and the rule ids.

A ruling says why as data: a tuple of ``Message`` values (a key, the cards, amounts, names
and streets as values, and the rule each rests on), rendered by ``tutor.wording``;
``Ruling.explanation`` is that rendering in the installed language.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from tutor.engine import betting
from tutor.engine.boards import ante_said
from tutor.engine.cards import Card
from tutor.engine.errors import NeedsCardsError, TutorError
from tutor.engine.hands import best_high, low_hand
from tutor.engine.messages import Message, Said, msg, render_all
from tutor.engine.registry import Registry
from tutor.engine.rules import Half, Variant
from tutor.engine.values import ActionKind, Street

if TYPE_CHECKING:
    from tutor.engine.table import Hand

Result = tuple[dict[str, Any], Said, tuple[str, ...]]


@dataclass(frozen=True, slots=True, kw_only=True)
class RulingKind:
    """The engine's half of an ask kind: everything the engine knows about it.

    ``function`` works the ruling out (``(hand, player) -> (answer, why, rule ids)``);
    ``answer`` lists the keys of its answer object (``extra``: keys only some rulings
    have); ``said`` the message keys the function says itself (its answers and refusals:
    the wording a language needs for it); ``about`` what a game needs for the kind to have a
    meaning there: ``"high"`` (a high half), ``"low"`` (a low half), ``"qualifier"`` (a low
    that must qualify), or None (every game). The app's entry for the kind
    (``tutor.asks.AskKind``) holds this one: the registry points from the app to the
    engine, which never imports the app.

    >>> KINDS["pot"].answer, KINDS["best-low"].needs_player, KINDS["low-winner"].about
    (('pot',), True, 'low')
    """

    name: str
    function: Callable[[Hand, str | None], Result]
    answer: tuple[str, ...]
    said: tuple[str, ...] = ()
    extra: tuple[str, ...] = ()
    needs_player: bool = False
    about: str | None = None

    def __post_init__(self) -> None:
        if self.about not in (None, "high", "low", "qualifier"):
            raise ValueError(
                f"about is 'high', 'low', 'qualifier' or None, not {self.about!r}."
            )

    def __call__(self, hand: Hand, player: str | None) -> Result:
        return self.function(hand, player)


_REGISTRY: Registry[RulingKind] = Registry("ask kind")
#: Every ask kind the engine answers, by name, in the spec's order (then any registered).
KINDS: Mapping[str, RulingKind] = _REGISTRY
#: The ask kinds' names (read when used: a kind registered later is in it).
ASK_KINDS: Sequence[str] = _REGISTRY.names()
#: Ask kinds about one player's hand: the ask must name that player (``rule_on(..., player)``).
NEEDS_PLAYER: Sequence[str] = _REGISTRY.names(lambda k: k.needs_player)
#: Ask kinds about the low half, which only a game with a low half can answer (hand.low).
LOW_KINDS: Sequence[str] = _REGISTRY.names(lambda k: k.about in ("low", "qualifier"))
#: Ask kinds about the high hand, which a game played for low only does not play for.
HIGH_KINDS: Sequence[str] = _REGISTRY.names(lambda k: k.about == "high")


def register_kind(kind: RulingKind) -> RulingKind:
    """Add an ask kind the engine answers (every built-in kind is added this way, below).

    :raises ValueError: for a name registered already.
    """
    return _REGISTRY.register(kind.name, kind)


def unregister_kind(name: str) -> None:
    """Take a kind out again (for tests that register a throwaway kind)."""
    _REGISTRY.unregister(name)


def unfit_said(variant: Variant, kind: str) -> Message | None:
    """Why an ask of ``kind`` does not fit the game ``variant``; None if it fits."""
    entry = _REGISTRY.get(kind)
    about = entry.about if entry is not None else None
    game = variant.title
    if about in ("low", "qualifier") and variant.low_half is None:
        return msg("ruling.unfit.no-low-half", "hand.low", kind=kind, game=game)
    if about == "qualifier" and not variant.low_must_qualify:
        return msg(
            "ruling.unfit.razz-no-qualifier", variant.rule_low, kind=kind, game=game
        )
    if about == "high" and not variant.has_high:
        return msg("ruling.unfit.razz-low-only", variant.rule_low, kind=kind, game=game)
    return None


def ruling_function(kind: str) -> RulingKind:
    """The engine's entry for ``kind``, called as its ruling function (what :func:`rule_on`
    calls after its checks).

    :raises KeyError: for a kind the engine does not answer.
    """
    return _REGISTRY[kind]


@dataclass(frozen=True, slots=True)
class Ruling:
    """The engine's answer to one ask: the answer object of the spec, why, and which rules."""

    kind: str
    answer: dict[str, Any]
    #: Why, as messages (rendered one after the other by ``explanation``).
    why: Said
    rules: tuple[str, ...]
    preset: str

    @property
    def explanation(self) -> str:
        """Why, as sentences in the installed language."""
        return render_all(self.why)


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
    entry = _REGISTRY.get(kind)
    if entry is None:
        raise TutorError(
            msg("ruling.unknown-kind", None, kind=kind, kinds=tuple(ASK_KINDS))
        )
    if entry.needs_player:
        if not player:
            raise TutorError(msg("ruling.needs-player", None, kind=kind))
        hand.player(player)
    problem = unfit_said(hand.variant, kind)
    if problem:
        raise TutorError(problem)
    answer, why, rules = entry.function(hand, player)
    return Ruling(kind, answer, why, tuple(rules), hand.rules.label)


def _seat(hand: Hand, idx: int) -> dict[str, Any]:
    p = hand.players[idx]
    return {"player": p.name, "seat": p.seat}


def _ante(hand: Hand, _: str | None) -> Result:
    each = hand.stakes.ante
    if each == 0:
        return (
            {"each": each, "total": each},
            (msg("ruling.ante.none", "ante.post"),),
            ("ante.post",),
        )
    if hand.antes:  # what was really posted (a short stack posts all it has)
        paid = [(hand.players[i].name, a) for i, a in sorted(hand.antes.items())]
    else:  # a hand told from a later street: every seat dealt in posted the ante
        paid = [(p.name, each) for p in hand.players]
    total = sum((a for _, a in paid), Decimal(0))
    return {"each": each, "total": total}, ante_said(each, paid), ("ante.post",)


def _buy_in(hand: Hand, _: str | None) -> Result:
    bets = hand.rules.min_buy_in_bets
    minimum = hand.stakes.small_bet * bets
    why = msg(
        "ruling.buy-in.minimum",
        "table.buy-in",
        bets=bets,
        preset=hand.rules.label,
        small_bet=hand.stakes.small_bet,
        minimum=minimum,
    )
    return {"minimum": minimum}, (why,), ("table.buy-in",)


def _bring_in(hand: Hand, _: str | None) -> Result:
    if hand.setup.start is not None:
        raise TutorError(msg("ruling.bring-in.starts-later", "bring-in.who"))
    if hand.bring_in_idx is None:
        raise NeedsCardsError(
            hand.blocked_message()
            if hand.blocked_said
            else msg("ruling.bring-in.needs-doors", "bring-in.who")
        )
    p = hand.players[hand.bring_in_idx]
    s = next(s for s in hand.setup.seats if s.name == p.name)
    stack = s.stack if s.stack is not None else Decimal("Infinity")
    after_ante = stack - min(stack, hand.stakes.ante)
    bring = hand.stakes.bring_in or Decimal(0)
    amount = min(bring, after_ante)
    door = p.cards[2]
    assert door is not None
    why = hand.bring_in_said + (
        msg(
            "ruling.bring-in.amount",
            "bring-in.amount",
            amount=bring,
            default=hand.setup.stakes.bring_in == hand.stakes.small_bet / 2,
        ),
    )
    rules: tuple[str, ...] = (hand.variant.rule_bring_in, "bring-in.amount")
    if amount < bring:
        why += (
            msg(
                "ruling.bring-in.short", "bring-in.all-in", player=p.name, amount=amount
            )
            if amount
            else msg("ruling.bring-in.nothing-left", "bring-in.all-in", player=p.name),
        )
        rules += ("bring-in.all-in",)
    return {**_seat(hand, p.idx), "card": door.text, "amount": amount}, why, rules


def _opening(hand: Hand) -> int:
    if hand.is_over or hand.street is Street.SHOWDOWN:
        raise TutorError(msg("ruling.betting-over", "round.end"))
    if hand.to_act_idx is None or hand.round_first is None:
        raise NeedsCardsError(
            hand.blocked_message()
            if hand.blocked_said
            else msg("ruling.nobody-can-act", None)
        )
    return hand.round_first


def _first_to_act(hand: Hand, _: str | None) -> Result:
    idx = _opening(hand)
    return _seat(hand, idx), hand.opener_said, hand.opener_rules


def _next_to_act(hand: Hand, _: str | None) -> Result:
    _opening(hand)
    p = hand.players[hand.to_act_idx]  # type: ignore[index]
    last = next((op for op in reversed(hand.history) if op.player), None)
    if hand.forced_pending and (last is None or hand.bring_in_idx == p.idx):
        rules: tuple[str, ...] = (hand.variant.rule_bring_in, "act.third")
        if hand.bring_in_idx != p.idx:
            rules += ("bring-in.all-in",)
        return _seat(hand, p.idx), hand.bring_in_said, rules
    if hand.forced_pending and last is not None:
        low = hand.players[hand.bring_in_idx] if hand.bring_in_idx is not None else None
        why = msg(
            "ruling.next.nobody-brought-in",
            "bring-in.all-in",
            last=last.said,
            low=low.name if low else None,
            player=p.name,
        )
        return _seat(hand, p.idx), (why,), ("bring-in.all-in", "act.third")
    if last is None or last.street is not hand.street:
        return _seat(hand, p.idx), hand.opener_said, hand.opener_rules
    rule = "act.third" if hand.street is Street.THIRD else hand.variant.rule_act
    said: Said = (
        msg(
            "ruling.next.clockwise",
            rule,
            last=last.said,
            player=p.name,
            owed=hand.current - p.bet,
        ),
    )
    skipped = tuple(
        q.name for q in hand.players if (q.folded or q.all_in) and q.idx != p.idx
    )
    if skipped:
        said += (msg("ruling.next.skipped", "round.end", players=skipped),)
    return _seat(hand, p.idx), said, (rule, "round.end")


def _bet_sizes(hand: Hand, _: str | None) -> Result:
    _opening(hand)
    p = hand.players[hand.to_act_idx]  # type: ignore[index]
    opts = betting.options(hand, p)
    if hand.street is Street.THIRD and not hand.completed:
        sizes = [hand.stakes.small_bet] if (ActionKind.COMPLETE in opts) else []
        why: Said = (
            msg(
                "ruling.sizes.completion",
                "bring-in.complete",
                small_bet=hand.stakes.small_bet,
                bring_in=hand.stakes.bring_in,
            ),
        )
        return {"sizes": sizes}, why, ("bring-in.complete", "limit.small")
    can = ActionKind.BET in opts or ActionKind.RAISE in opts
    sizes = hand.sizes() if can else []
    rules: tuple[str, ...] = (hand.size_rule(ActionKind.BET),)
    if not can:
        found = betting.refusal_reason(hand, ActionKind.RAISE, p, opts)
        assert found is not None
        reason, rule = found
        why = (msg("ruling.sizes.none", rule, reason=reason),)
        rules = (rule,)
    else:
        why = (hand.size_said(),)
        if hand.street is Street.FOURTH and hand.open_pair_active() and hand.big_seen:
            why += (msg("ruling.sizes.big-seen", "limit.open-pair"),)
    note = hand.all_in_said()
    if note:
        why += note
        rules = ("limit.all-in",) + rules
    return {"sizes": sizes}, why, rules


def _legal(hand: Hand, _: str | None) -> Result:
    _opening(hand)
    p = hand.players[hand.to_act_idx]  # type: ignore[index]
    actions = hand.legal_actions()
    why: Said = (
        msg(
            "ruling.legal.may",
            None,
            player=p.name,
            street=hand.street,
            actions=tuple(actions),
        ),
    )
    rules: tuple[str, ...]
    if hand.forced_pending:
        if hand.bring_in_idx == p.idx:
            why += (
                msg(
                    "ruling.legal.must-bring-in",
                    hand.variant.rule_bring_in,
                    player=p.name,
                    highest=hand.variant.bring_in_highest,
                    bring_in=hand.stakes.bring_in,
                    small_bet=hand.stakes.small_bet,
                ),
            )
            rules = (hand.variant.rule_bring_in, "bring-in.complete")
        else:
            why += (
                msg(
                    "ruling.legal.low-card-all-in",
                    "bring-in.all-in",
                    player=p.name,
                    bring_in=hand.stakes.bring_in,
                    small_bet=hand.stakes.small_bet,
                ),
            )
            rules = ("bring-in.all-in", "bring-in.complete")
    elif hand.street is Street.THIRD and not hand.completed:
        why += (
            msg(
                "ruling.legal.facing-bring-in",
                "bring-in.complete",
                small_bet=hand.stakes.small_bet,
            ),
        )
        rules = ("bring-in.complete",)
    else:
        why += (hand.size_said(),)
        rules = (hand.size_rule(ActionKind.BET),)
        refused = betting.refusal_reason(hand, ActionKind.RAISE, p)
        if refused is not None and refused[1] == "cap.raises":
            why += (msg("ruling.legal.no-raise", "cap.raises", reason=refused[0]),)
            rules += ("cap.raises",)
        elif any(a.startswith("raise") for a in actions):
            why += (
                msg("ruling.legal.raises-left", "cap.raises", left=hand.raises_left()),
            )
            rules += ("cap.raises",)
    note = hand.all_in_said()
    if note:
        why += note
        rules = ("limit.all-in",) + rules
    return {"player": p.name, "actions": actions}, why, rules


def _raises_left(hand: Hand, _: str | None) -> Result:
    _opening(hand)
    left = hand.raises_left()
    rules = ("cap.raises",)
    hu = hand.rules.heads_up.value
    label = hand.rules.label
    if left is None:
        why = msg(
            "ruling.raises.unlimited",
            "cap.raises",
            preset=label,
            began_heads_up=hu == "unlimited-if-begun",
        )
        return {"raises_left": None}, (why,), rules
    said: Said = (
        msg(
            "ruling.raises.left",
            "cap.raises",
            preset=label,
            max_raises=hand.rules.max_raises,
            raises=hand.raises,
            left=left,
            completion=hand.street is Street.THIRD,
        ),
    )
    if len(hand.actors()) <= 2 and hu == "unlimited-if-begun":
        said += (msg("ruling.raises.cap-holds", "cap.raises", preset=label),)
    elif len(hand.actors()) <= 2 and hu == "capped":
        said += (msg("ruling.raises.heads-up-capped", "cap.raises", preset=label),)
    elif len(hand.actors()) <= 2 and hand.cap_hit:
        said += (msg("ruling.raises.capped-before-heads-up", "cap.raises"),)
    return {"raises_left": left}, said, rules


def _pot(hand: Hand, _: str | None) -> Result:
    parts = tuple(
        msg("ruling.pot.part", None, player=p.name, amount=p.committed)
        for p in hand.players
        if p.committed
    )
    why: Said = (msg("ruling.pot.total", "ante.post", parts=parts, pot=hand.pot),)
    rules: tuple[str, ...] = ("ante.post",)
    if hand.returned:
        back = tuple(
            msg("ruling.pot.part", None, player=name, amount=a)
            for name, a in hand.returned.items()
        )
        why += (msg("ruling.pot.returned", "pot.uncalled", back=back),)
        rules += ("pot.uncalled",)
    return {"pot": hand.pot}, why, rules


def _community(hand: Hand, _: str | None) -> Result:
    need, why = hand.community_why()
    if hand.uses_community is not None:
        need = hand.uses_community
    return {"community": need}, why, ("river.community",)


def _hand_cards(hand: Hand, player: str) -> list[Card]:
    cards = hand.cards_of(player)
    if len(cards) < 5:
        raise TutorError(
            msg(
                "ruling.hand.too-few-cards",
                "hand.high",
                player=player,
                count=len(cards),
            )
        )
    return cards


def _best_high(hand: Hand, player: str | None) -> Result:
    assert player is not None
    h = best_high(_hand_cards(hand, player))
    why = msg(
        "ruling.best-high", "hand.high", player=player, hand=h.said, cards=h.cards
    )
    return (
        {
            "player": player,
            "category": h.category.value,
            "ranks": h.rank_chars,
            "cards": [c.text for c in h.cards],
        },
        (why,),
        ("hand.high",),
    )


def _low_half(hand: Hand) -> Half:
    half = hand.variant.low_half
    assert half is not None  # unfit_said refused a low ask in a game without a low
    return half


def _best_low(hand: Hand, player: str | None) -> Result:
    assert player is not None
    cards = _hand_cards(hand, player)
    half = _low_half(hand)
    rule = hand.variant.rule_low
    low = low_hand(half, cards)
    if not half.qualifies:
        assert low is not None  # every hand makes a low where none must qualify
        why = msg(
            "ruling.best-low.razz",
            rule,
            player=player,
            low=low.said,
            cards=low.cards,
            ace_low=half.ace_low,
        )
        return {"player": player, "low": low.text}, (why,), (rule,)
    if low is None:
        q = half.qualifier
        small = tuple(sorted({c.low_rank for c in cards if c.low_rank <= (q or 0)}))
        why = msg(
            "ruling.best-low.none",
            rule,
            player=player,
            ranks=small,
            qualifier=q,
            ace_low=half.ace_low,
        )
        return {"player": player, "low": None}, (why,), (rule,)
    why = msg(
        "ruling.best-low.eight",
        rule,
        player=player,
        low=low.said,
        cards=low.cards,
        qualifier=half.qualifier,
        ace_low=half.ace_low,
    )
    return {"player": player, "low": low.text}, (why,), (rule,)


def _low_qualifies(hand: Hand, player: str | None) -> Result:
    ans, why, rules = _best_low(hand, player)
    return {"player": player, "qualifies": ans["low"] is not None}, why, rules


def _contenders(hand: Hand) -> list[int]:
    live = hand.live()
    if len(live) < 2 and not hand.is_over:
        raise TutorError(msg("ruling.showdown.one-left", "round.end"))
    return [p.idx for p in live]


def _high_winner(hand: Hand, _: str | None) -> Result:
    idxs = _contenders(hand)
    best = {i: best_high(hand.cards_of(hand.players[i].name)) for i in idxs}
    top = max(h.value for h in best.values())
    names = tuple(hand.players[i].name for i in idxs if best[i].value == top)
    hands = tuple(
        msg("ruling.player-hand", None, player=hand.players[i].name, hand=best[i].said)
        for i in idxs
    )
    why = msg("ruling.high-winner", "hand.high", players=names, hands=hands)
    return {"players": list(names)}, (why,), ("hand.high",)


def _low_winner(hand: Hand, _: str | None) -> Result:
    idxs = _contenders(hand)
    half = _low_half(hand)
    rule = hand.variant.rule_low
    lows = {i: low_hand(half, hand.cards_of(hand.players[i].name)) for i in idxs}
    quals = {i: lo for i, lo in lows.items() if lo is not None}
    hands = tuple(
        msg(
            "ruling.player-hand",
            None,
            player=hand.players[i].name,
            hand=lo.said if (lo := lows[i]) else msg("ruling.no-low", rule),
        )
        for i in idxs
    )
    if not quals:
        why = msg(
            "ruling.low-winner.none",
            "split.halves",
            hands=hands,
            qualifier=half.qualifier,
            ace_low=half.ace_low,
        )
        return {"players": []}, (why,), (rule, "split.halves")
    top = min(lo.value for lo in quals.values())
    names = tuple(
        hand.players[i].name for i in idxs if i in quals and quals[i].value == top
    )
    said = dict(players=names, hands=hands, ace_low=half.ace_low)
    why = (
        msg("ruling.low-winner.eight", rule, **said)
        if half.qualifies
        else msg("ruling.low-winner.razz", rule, **said)
    )
    return {"players": list(names)}, (why,), (rule,)


def _award(hand: Hand, _: str | None) -> Result:
    if not hand.is_over:
        raise TutorError(msg("ruling.award.not-over", "round.end"))
    blocked = getattr(hand, "award_blocked", None)
    if blocked:
        raise NeedsCardsError(blocked)
    why: Said = tuple(hand.award_notes)
    return {"payouts": dict(hand.payouts), "rake": hand.rake}, why, hand.award_rules


def _showdown_order(hand: Hand, _: str | None) -> Result:
    if (
        hand.last_round_aggressor is not None
        and hand.last_round_street is Street.SEVENTH
        and not hand.players[hand.last_round_aggressor].folded
    ):
        idx = hand.last_round_aggressor
        name = hand.players[idx].name
        why: Said = (msg("ruling.order.last-aggressor", "showdown.order", player=name),)
        if hand.short_all_in is not None and hand.short_all_in[0] == idx:
            why += (msg("ruling.order.short-all-in", "limit.all-in", player=name),)
    else:
        first = (
            hand.last_round_first if hand.last_round_street is Street.SEVENTH else None
        )
        if first is None or hand.players[first].folded:
            win, reason, _r = hand.best_board(
                hand.rules.community_opener.value == "board-with-community"
            )
            if win is None:
                raise NeedsCardsError(
                    reason[0]
                    if len(reason) == 1
                    else msg("table.sentences", None, said=reason)
                )
            first = win
        idx = first
        why = (
            msg(
                "ruling.order.first-to-act",
                "showdown.order",
                player=hand.players[idx].name,
                board=hand.variant.board_first,
            ),
        )
    return _seat(hand, idx), why, ("showdown.order",)


def _ruling(hand: Hand, _: str | None) -> Result:
    last = hand.irr.last if hand.irr is not None else None
    if last is None:
        raise TutorError(msg("ruling.no-irregularity", None))
    return last.answer(), last.why, last.rules


#: The message keys every opening ask may say when the moment has passed.
_OPENING = ("ruling.betting-over", "ruling.nobody-can-act")
#: The message keys of the low asks.
_LOWS = (
    "ruling.best-low.razz",
    "ruling.best-low.none",
    "ruling.best-low.eight",
    "ruling.hand.too-few-cards",
)
_WHO = ("player", "seat")

for _kind in (
    RulingKind(
        name="ante",
        function=_ante,
        answer=("each", "total"),
        said=(
            "ruling.ante.none",
            "ante.each",
            "ante.short",
            "ante.posted",
            "ante.dead",
        ),
    ),
    RulingKind(
        name="buy-in",
        function=_buy_in,
        answer=("minimum",),
        said=("ruling.buy-in.minimum",),
    ),
    RulingKind(
        name="bring-in",
        function=_bring_in,
        answer=("player", "seat", "card", "amount"),
        said=(
            "ruling.bring-in.amount",
            "ruling.bring-in.short",
            "ruling.bring-in.nothing-left",
            "ruling.bring-in.starts-later",
            "ruling.bring-in.needs-doors",
        ),
    ),
    RulingKind(name="first-to-act", function=_first_to_act, answer=_WHO, said=_OPENING),
    RulingKind(
        name="next-to-act",
        function=_next_to_act,
        answer=_WHO,
        said=(
            "ruling.next.nobody-brought-in",
            "ruling.next.clockwise",
            "ruling.next.skipped",
            *_OPENING,
        ),
    ),
    RulingKind(
        name="bet-sizes",
        function=_bet_sizes,
        answer=("sizes",),
        said=(
            "ruling.sizes.completion",
            "ruling.sizes.none",
            "ruling.sizes.big-seen",
            *_OPENING,
        ),
    ),
    RulingKind(
        name="legal-actions",
        function=_legal,
        answer=("player", "actions"),
        said=(
            "ruling.legal.may",
            "ruling.legal.must-bring-in",
            "ruling.legal.low-card-all-in",
            "ruling.legal.facing-bring-in",
            "ruling.legal.no-raise",
            "ruling.legal.raises-left",
            *_OPENING,
        ),
    ),
    RulingKind(
        name="raises-left",
        function=_raises_left,
        answer=("raises_left",),
        said=(
            "ruling.raises.unlimited",
            "ruling.raises.left",
            "ruling.raises.cap-holds",
            "ruling.raises.heads-up-capped",
            "ruling.raises.capped-before-heads-up",
            *_OPENING,
        ),
    ),
    RulingKind(
        name="pot",
        function=_pot,
        answer=("pot",),
        said=("ruling.pot.total", "ruling.pot.part", "ruling.pot.returned"),
    ),
    RulingKind(name="community-card", function=_community, answer=("community",)),
    RulingKind(
        name="best-high",
        function=_best_high,
        answer=("player", "category", "ranks", "cards"),
        said=("ruling.best-high", "ruling.hand.too-few-cards"),
        needs_player=True,
        about="high",
    ),
    RulingKind(
        name="best-low",
        function=_best_low,
        answer=("player", "low"),
        said=_LOWS,
        needs_player=True,
        about="low",
    ),
    RulingKind(
        name="low-qualifies",
        function=_low_qualifies,
        answer=("player", "qualifies"),
        said=_LOWS,
        needs_player=True,
        about="qualifier",
    ),
    RulingKind(
        name="high-winner",
        function=_high_winner,
        answer=("players",),
        said=("ruling.high-winner", "ruling.player-hand", "ruling.showdown.one-left"),
        about="high",
    ),
    RulingKind(
        name="low-winner",
        function=_low_winner,
        answer=("players",),
        said=(
            "ruling.low-winner.razz",
            "ruling.low-winner.none",
            "ruling.low-winner.eight",
            "ruling.player-hand",
            "ruling.no-low",
            "ruling.showdown.one-left",
        ),
        about="low",
    ),
    RulingKind(
        name="award",
        function=_award,
        answer=("payouts", "rake"),
        said=("ruling.award.not-over",),
    ),
    RulingKind(
        name="showdown-order",
        function=_showdown_order,
        answer=_WHO,
        said=(
            "ruling.order.last-aggressor",
            "ruling.order.short-all-in",
            "ruling.order.first-to-act",
        ),
    ),
    RulingKind(
        name="ruling",
        function=_ruling,
        answer=(
            "outcome",
            "rule",
            "reference",
            "basis",
            "continues",
            "next_player",
            "next_actions",
            "chips_back",
            "dead",
            "cards",
        ),
        extra=("stub_use", "next_burns", "declare_all_in"),
        said=("ruling.no-irregularity",),
    ),
):
    register_kind(_kind)
