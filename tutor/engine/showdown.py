"""Pots and the award, as pure functions: side pots, the rake, the halves, odd chips.

The award reads and writes no hand. An :class:`AwardSetup` holds what the award needs (each
player's chips committed, whether they folded, their cards; the order round the table; the
game's description, the house rules and the stakes; the community card when it plays; the
chips already given back), and :func:`award_showdown` or :func:`award_uncontested` return an
:class:`Award`: the uncalled chips to give back, the pots, what each player is paid, the
rake, each pot's split, and why, as messages with the rule ids. The hand applies it
(``Hand.apply_award``; :func:`award` does both steps for a caller holding a hand).

>>> from decimal import Decimal as D
>>> from tutor.engine.cards import parse_cards
>>> from tutor.engine.rules import VARIANTS, Game, house_rules
>>> from tutor.engine.values import Stakes
>>> setup = AwardSetup(
...     players=(
...         Contender(0, "Ana", D(10), False, tuple(parse_cards("Ah Ad Kc Kd 7s 5h 2c"))),
...         Contender(1, "Bo", D(14), False, tuple(parse_cards("Qh Qd 9c 8d 6s 4h 3c"))),
...     ),
...     order=(0, 1),
...     variant=VARIANTS[Game.STUD],
...     rules=house_rules("wsop-cash", Game.STUD),
...     stakes=Stakes(small_bet=D(2), big_bet=D(4)),
... )
>>> won = award_showdown(setup)
>>> won.uncalled.player, won.uncalled.amount, dict(won.payouts), won.rules
('Bo', Decimal('4'), {'Ana': Decimal('20')}, ('hand.high', 'pot.uncalled'))
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from types import MappingProxyType
from typing import NamedTuple, Protocol, cast

from tutor.engine.cards import Card
from tutor.engine.hands import HighHand, LowHand, best_high, low_hand
from tutor.engine.messages import Message, Said, msg
from tutor.engine.rules import HouseRules, OddChipTies, Variant
from tutor.engine.values import Stakes

ZERO = Decimal(0)

#: The order the award cites its rules in.
RULE_ORDER = (
    "round.end",
    "hand.high",
    "hand.low",
    "razz.low",
    "split.halves",
    "split.odd-chip",
    "split.ties",
    "pot.uncalled",
    "pot.side",
    "pot.rake",
)

#: A pot: its amount and the indexes of the players who may win it.
Pot = tuple[Decimal, tuple[int, ...]]


# ---------------------------------------------------------------------------- the input
class Contender(NamedTuple):
    """One player as the award sees them: chips committed, folded or not, own cards."""

    idx: int
    name: str
    committed: Decimal
    folded: bool
    cards: tuple[Card | None, ...] = ()


class AwardSetup(NamedTuple):
    """Everything the award reads.

    ``players`` are in seat order (``players[i].idx == i``); ``order`` is the players'
    indexes clockwise from the dealer's left (ties by position, split.ties); ``community``
    is the community card when it plays (river.community), else None; ``returned`` the
    chips already given back (pot.uncalled), which the award does not give back twice.
    """

    players: tuple[Contender, ...]
    order: tuple[int, ...]
    variant: Variant
    rules: HouseRules
    stakes: Stakes
    community: Card | None = None
    returned: Mapping[str, Decimal] = MappingProxyType({})

    @property
    def chip(self) -> Decimal:
        """The smallest chip (odd chips and the rake are counted in it)."""
        return self.stakes.chip or Decimal(1)


# ---------------------------------------------------------------------------- the output
@dataclass(frozen=True, slots=True)
class Uncalled:
    """Chips nobody called, going back to their owner before any pot is formed."""

    player: str
    amount: Decimal
    said: Message
    why: Said


@dataclass(frozen=True, slots=True)
class PotSplit:
    """How one pot went: its number (0 the main pot), its amount after its share of the
    rake, who could win it, the high and low winners, and what each player got from it."""

    number: int
    amount: Decimal
    rake: Decimal
    eligible: tuple[str, ...]
    high: tuple[str, ...]
    low: tuple[str, ...]
    shares: Mapping[str, Decimal]


@dataclass(frozen=True, slots=True)
class Award:
    """The award of a hand, as a value: what the hand applies and how it is explained.

    ``blocked`` says why no pot could be awarded (an unknown card of a player still in);
    then only ``uncalled``, ``returned`` and ``pots`` are meaningful. ``said``, ``player``
    and ``amount`` are the award operation's.
    """

    uncalled: Uncalled | None
    returned: Mapping[str, Decimal]
    pots: tuple[Pot, ...]
    blocked: Message | None = None
    payouts: Mapping[str, Decimal] = field(default_factory=dict)
    rake: Decimal = ZERO
    splits: tuple[PotSplit, ...] = ()
    notes: Said = ()
    rules: tuple[str, ...] = ()
    said: Message | None = None
    player: str | None = None
    amount: Decimal | None = None


# ---------------------------------------------------------------------------- pots, rake
def uncalled(setup: AwardSetup) -> Uncalled | None:
    """The part of the largest commitment nobody called (pot.uncalled), or None.

    Nothing when chips were already given back in this hand."""
    if setup.returned or len(setup.players) < 2:
        return None
    ranked = sorted(setup.players, key=lambda q: q.committed, reverse=True)
    top, second = ranked[0], ranked[1]
    excess = top.committed - second.committed
    if excess <= 0:
        return None
    return Uncalled(
        top.name,
        excess,
        msg("award.op.uncalled", "pot.uncalled", player=top.name, amount=excess),
        (
            msg(
                "award.uncalled",
                "pot.uncalled",
                player=top.name,
                amount=excess,
                most=second.committed,
            ),
        ),
    )


def side_pots(committed: Sequence[Decimal], folded: Sequence[bool]) -> list[Pot]:
    """Main pot then side pots: (amount, eligible player indexes) (pot.side).

    >>> side_pots([Decimal(5), Decimal(10), Decimal(10)], [False, False, False])
    [(Decimal('15'), (0, 1, 2)), (Decimal('10'), (1, 2))]
    """
    live = [i for i, f in enumerate(folded) if not f]
    levels = sorted({committed[i] for i in live})
    pots: list[Pot] = []
    prev = ZERO
    for lv in levels:
        amount = sum((min(c, lv) - min(c, prev) for c in committed), ZERO)
        elig = tuple(i for i in live if committed[i] >= lv)
        if amount > 0:
            if pots and pots[-1][1] == elig:
                pots[-1] = (pots[-1][0] + amount, elig)
            else:
                pots.append((amount, elig))
        prev = lv
    rest = sum((c - min(c, prev) for c in committed), ZERO)
    if rest and pots:
        pots[-1] = (pots[-1][0] + rest, pots[-1][1])
    return pots


def rake_of(total: Decimal, stakes: Stakes) -> Decimal:
    """The rake on ``total``, all pots together: percent, rounded down to the chip, capped."""
    if stakes.rake_percent is None or stakes.rake_cap is None:
        return ZERO
    chip = stakes.chip or Decimal(1)
    raw = total * stakes.rake_percent / 100
    rake = (raw // chip) * chip
    return min(rake, stakes.rake_cap)


def rake_shares(pots: list[Decimal], rake: Decimal, chip: Decimal) -> list[Decimal]:
    """The rake taken from each pot, in proportion to their sizes (pot.rake).

    Each share is rounded down to the chip; the chips that rounding leaves over go one at a
    time to the pots with the largest remainders, the earlier pot first on a tie.

    >>> rake_shares([Decimal(30), Decimal(20), Decimal(7)], Decimal(5), Decimal(1))
    [Decimal('3'), Decimal('2'), Decimal('0')]
    >>> rake_shares([Decimal(10), Decimal(10), Decimal(10)], Decimal(2), Decimal(1))
    [Decimal('1'), Decimal('1'), Decimal('0')]
    """
    total = sum(pots, ZERO)
    if not rake or not total:
        return [ZERO for _ in pots]
    units = int(rake / chip)
    exact = [Decimal(units) * a / total for a in pots]
    whole = [int(e) for e in exact]
    left = units - sum(whole)
    by_remainder = sorted(range(len(pots)), key=lambda k: (-(exact[k] - whole[k]), k))
    for k in by_remainder[:left]:
        whole[k] += 1
    return [w * chip for w in whole]


# ---------------------------------------------------------------------------- holdings
@dataclass(frozen=True, slots=True)
class Holding:
    """One live player's cards at the showdown and what they make."""

    idx: int
    name: str
    cards: tuple[Card, ...]  # own cards, plus the community card if any
    high: HighHand | None  # None in a game without a high half (razz)
    low: (
        LowHand | None
    )  # None in a game without a low half, or where it does not qualify


def holdings(setup: AwardSetup) -> dict[int, Holding] | Message:
    """Every live player's best high and low; why not if some card is unknown."""
    out: dict[int, Holding] = {}
    half = setup.variant.low_half
    has_high = setup.variant.has_high
    extra = (setup.community,) if setup.community is not None else ()
    for p in setup.players:
        if p.folded:
            continue
        cards = p.cards + extra
        if None in cards:
            return msg("award.blocked.unknown-cards", "hand.high", player=p.name)
        known = cast("tuple[Card, ...]", cards)
        if len(known) < 5:
            return msg(
                "award.blocked.too-few-cards",
                "hand.high",
                player=p.name,
                count=len(known),
            )
        low = low_hand(half, known) if half is not None else None
        high = best_high(known) if has_high else None
        out[p.idx] = Holding(p.idx, p.name, known, high, low)
    return out


# ---------------------------------------------------------------------------- odd chips
def _high_key(c: Card) -> tuple[int, int]:
    return c.bring_in_key()


def _low_key(c: Card) -> tuple[int, int]:
    return (c.low_rank, c.bring_in_key()[1])


class _Showdown:
    """One showdown being worked out: the setup, the holdings, and what has been said."""

    def __init__(self, setup: AwardSetup, held: dict[int, Holding]) -> None:
        self.setup = setup
        self.held = held
        self.position = {idx: k for k, idx in enumerate(setup.order)}
        self.name = [p.name for p in setup.players]
        self.ties = setup.rules.odd_chip_ties
        low = setup.variant.low_half
        #: How a low's cards rank for an odd chip by suit: the ace low, unless the game's
        #: low is ranked deuce to seven.
        self.low_key = _low_key if low is None or low.ace_low else _high_key
        self.pay: dict[int, int] = {}
        self.notes: list[Message] = []
        self.rules: set[str] = {"hand.high"}

    def names(self, idxs: Sequence[int]) -> tuple[str, ...]:
        name = self.name
        return tuple([name[i] for i in idxs])

    def by_position(self, idxs: Sequence[int]) -> list[int]:
        return sorted(idxs, key=lambda i: self.position[i])

    def _order_cards(self, i: int, low: bool) -> tuple[list[Card], bool]:
        """The cards that decide an odd chip by suit, in comparison order, and whether the
        larger card wins (True) or the smaller (False)."""
        h = self.held[i]
        if self.ties is OddChipTies.SUIT_ALL_CARDS:
            if low:
                return sorted(h.cards, key=self.low_key), False
            return sorted(h.cards, key=_high_key, reverse=True), True
        if low:
            assert h.low is not None
            return sorted(h.low.cards, key=self.low_key, reverse=True), True
        assert h.high is not None
        return sorted(h.high.cards, key=_high_key, reverse=True), True

    def decide(self, a: int, b: int, low: bool) -> tuple[int, Card | None, Card | None]:
        """Which of two tied players gets an odd chip first by suit, and the deciding cards
        (the winner's, the other's). Cards both hold (the community card) are passed over."""
        ca, larger = self._order_cards(a, low)
        cb, _ = self._order_cards(b, low)
        shared = set(ca) & set(cb)
        ca = [c for c in ca if c not in shared]
        cb = [c for c in cb if c not in shared]
        key = self.low_key if low else _high_key
        for x, y in zip(ca, cb, strict=False):
            if key(x) != key(y):
                a_wins = (key(x) > key(y)) == larger
                return (a, x, y) if a_wins else (b, y, x)
        first = a if self.position[a] < self.position[b] else b
        return first, None, None

    def odd_chip_order(
        self, winners: list[int], low: bool, got: dict[int, int]
    ) -> tuple[list[int], Message, bool]:
        """Who gets odd chips first among tied winners (split.ties), how that was decided,
        and whether nobody gets a second odd chip of a pot before every tied player has one.

        ``got`` counts the odd chips each player has already had from this pot."""
        if self.ties is OddChipTies.POSITION:
            return self.by_position(winners), msg("award.ties.position", None), False

        def cmp(a: int, b: int) -> int:
            return -1 if self.decide(a, b, low)[0] == a else 1

        order = sorted(winners, key=functools.cmp_to_key(cmp))
        once = False
        if self.ties is OddChipTies.SUIT_ALL_CARDS:
            how = (
                msg("award.ties.all-cards-low", None)
                if low
                else msg("award.ties.all-cards-high", None)
            )
            if any(got.get(i, 0) for i in winners):
                order = sorted(order, key=lambda i: got.get(i, 0))
                once = True
        elif low:
            how = msg("award.ties.low-cards", None)
        else:
            how = msg("award.ties.high-cards", None)
        return order, how, once

    def decisions(self, order: list[int], odd: int, low: bool) -> tuple[Message, ...]:
        """The deciding cards, one comparison per odd chip: ``Ana's A♠ against Bo's A♦``."""
        parts = []
        for k in range(min(odd, len(order) - 1)):
            a, b = order[k], order[k + 1]
            win, x, y = self.decide(a, b, low)
            if win == a and x is not None and y is not None:
                parts.append(
                    msg(
                        "award.ties.cards",
                        None,
                        player=self.setup.players[a].name,
                        card=x,
                        other=self.setup.players[b].name,
                        other_card=y,
                    )
                )
        return tuple(parts)

    def split(
        self, units: int, winners: list[int], low: bool, got: dict[int, int]
    ) -> dict[int, int]:
        """Share ``units`` chips among ``winners``; odd chips by the house's tie rule."""
        share, odd = divmod(units, len(winners))
        given = {i: share for i in winners}
        for i in winners:
            self.pay[i] = self.pay.get(i, 0) + share
        if odd:
            order, how, once = self.odd_chip_order(winners, low, got)
            for i in order[:odd]:
                self.pay[i] += 1
                given[i] += 1
                got[i] = got.get(i, 0) + 1
            decided = (
                self.decisions(order, odd, low)
                if self.ties is not OddChipTies.POSITION
                else ()
            )
            self.notes.append(
                msg(
                    "award.odd-chips",
                    "split.ties",
                    odd=odd,
                    chip=self.setup.chip,
                    low=low,
                    players=self.names(order[:odd]),
                    preset=self.setup.rules.label,
                    how=how,
                    once=once,
                    decided=decided,
                )
            )
            self.rules.add("split.ties")
        return given


# ---------------------------------------------------------------------------- the award
def _ordered(rules: set[str]) -> tuple[str, ...]:
    return tuple(r for r in RULE_ORDER if r in rules)


def _payouts(pay: Mapping[int, int], setup: AwardSetup) -> dict[str, Decimal]:
    return {
        setup.players[i].name: units * setup.chip
        for i, units in sorted(pay.items())
        if units
    }


def _after_return(setup: AwardSetup, back: Uncalled | None) -> list[Decimal]:
    committed = [p.committed for p in setup.players]
    if back is not None:
        for p in setup.players:
            if p.name == back.player:
                committed[p.idx] -= back.amount
    return committed


def award_showdown(setup: AwardSetup) -> Award:
    """Award every pot at the showdown (after giving back any uncalled chips).

    The rake is worked out on all pots together and taken from each in proportion
    (pot.rake); each pot goes to its best hands (the halves, split.halves; odd chips by
    the house's rule, split.ties)."""
    back = uncalled(setup)
    returned = dict(setup.returned) or (
        {back.player: back.amount} if back is not None else {}
    )
    committed = _after_return(setup, back)
    pots = side_pots(committed, [p.folded for p in setup.players])
    held = holdings(setup)
    if isinstance(held, Message):
        return Award(back, returned, tuple(pots), blocked=held)
    chip = setup.chip
    stakes = setup.stakes
    total = sum((a for a, _ in pots), ZERO)
    rake = rake_of(total, stakes)
    shares = rake_shares([a for a, _ in pots], rake, chip)
    sd = _Showdown(setup, held)
    notes, rules = sd.notes, sd.rules
    if returned:
        rules.add("pot.uncalled")
        for name, amount in returned.items():
            notes.append(
                msg("award.returned", "pot.uncalled", player=name, amount=amount)
            )
    if stakes.rake_percent is not None:
        rules.add("pot.rake")
    if rake:
        notes.append(
            msg(
                "award.rake",
                "pot.rake",
                rake=rake,
                percent=stakes.rake_percent or ZERO,
                total=total,
                cap=stakes.rake_cap or ZERO,
                shares=tuple(
                    msg("award.rake-share", None, amount=sh, pot=n)
                    for n, sh in enumerate(shares)
                )
                if len(pots) > 1
                else (),
            )
        )
    v = setup.variant
    splits: list[PotSplit] = []
    for n, ((amount, elig), take) in enumerate(zip(pots, shares, strict=False)):
        got: dict[int, int] = {}
        amount -= take
        units = int(amount / chip)
        if len(pots) > 1:
            rules.add("pot.side")
        contenders = list(elig)
        everyone = sd.names(contenders)
        eligible = everyone if len(pots) > 1 else ()
        lows = [i for i in contenders if held[i].low is not None]
        high_w: list[int] = []
        low_w: list[int] = []
        high_names: tuple[str, ...] = ()
        low_names: tuple[str, ...] = ()
        given: dict[int, int] = {}
        if not v.has_high:  # played for low only (razz): the whole pot to the best low
            rules.discard("hand.high")
            rules.add(v.rule_low)
            best_low_v = min(held[i].low.value for i in lows)  # type: ignore[union-attr]
            low_w = sd.by_position(
                [i for i in lows if held[i].low.value == best_low_v]  # type: ignore[union-attr]
            )
            low_names = sd.names(low_w)
            notes.append(
                msg(
                    "award.pot.lowest",
                    v.rule_low,
                    pot=n,
                    amount=amount,
                    eligible=eligible,
                    winners=low_names,
                    low=held[low_w[0]].low.said,  # type: ignore[union-attr]
                )
            )
            if len(low_w) > 1:
                rules.add("split.ties")
            given = sd.split(units, low_w, True, got)
        else:
            highs = {i: h for i in contenders if (h := held[i].high) is not None}
            best = max(h.value for h in highs.values())
            high_w = sd.by_position([i for i in contenders if highs[i].value == best])
            high = highs[high_w[0]].said
            high_names = sd.names(high_w)
            halves_split = v.low_half is not None
            if halves_split:
                rules.update({v.rule_low, "split.halves"})
            if halves_split and lows:
                best_low_v = min(held[i].low.value for i in lows)  # type: ignore[union-attr]
                low_w = sd.by_position(
                    [i for i in lows if held[i].low.value == best_low_v]  # type: ignore[union-attr]
                )
                low_names = sd.names(low_w)
                low_units = units // 2
                high_units = units - low_units
                notes.append(
                    msg(
                        "award.pot.halves",
                        "split.halves",
                        pot=n,
                        amount=amount,
                        eligible=eligible,
                        high_amount=high_units * chip,
                        high_winners=high_names,
                        high=high,
                        low_amount=low_units * chip,
                        low_winners=low_names,
                        low=held[low_w[0]].low.said,  # type: ignore[union-attr]
                        odd=bool(units % 2),
                    )
                )
                if units % 2:
                    rules.add("split.odd-chip")
                if len(high_w) > 1 or len(low_w) > 1:
                    rules.add("split.ties")
                given = sd.split(high_units, high_w, False, got)
                for i, u in sd.split(low_units, low_w, True, got).items():
                    given[i] = given.get(i, 0) + u
            else:
                said = dict(pot=n, amount=amount, eligible=eligible, winners=high_names)
                notes.append(
                    msg(
                        "award.pot.no-low",
                        "split.halves",
                        **said,
                        high=high,
                        qualifier=v.low_half.qualifier if v.low_half else None,
                    )
                    if halves_split
                    else msg("award.pot.high", "hand.high", **said, high=high)
                )
                if len(high_w) > 1:
                    rules.add("split.ties")
                given = sd.split(units, high_w, False, got)
        splits.append(
            PotSplit(
                number=n,
                amount=amount,
                rake=take,
                eligible=everyone,
                high=high_names,
                low=low_names,
                shares={
                    setup.players[i].name: u * chip
                    for i, u in sorted(given.items())
                    if u
                },
            )
        )
    payouts = _payouts(sd.pay, setup)
    ordered = _ordered(rules)
    return Award(
        back,
        returned,
        tuple(pots),
        payouts=payouts,
        rake=rake,
        splits=tuple(splits),
        notes=tuple(notes),
        rules=ordered,
        said=msg(
            "award.op.showdown",
            None,
            payouts=tuple(
                msg("award.payout", None, player=k, amount=a)
                for k, a in payouts.items()
            ),
        ),
    )


def award_uncontested(setup: AwardSetup, winner: int, *, before_fourth: bool) -> Award:
    """Everyone else folded: the pot goes to ``winner`` without a showdown (round.end).

    There is no rake when the hand ended ``before_fourth`` street was dealt (pot.rake)."""
    back = uncalled(setup)
    returned = dict(setup.returned) or (
        {back.player: back.amount} if back is not None else {}
    )
    committed = _after_return(setup, back)
    total = sum(committed, ZERO)
    stakes = setup.stakes
    rake = ZERO if before_fourth else rake_of(total, stakes)
    name = setup.players[winner].name
    won = total - rake
    payouts = {name: won} if won else {}
    back_to_winner = returned.get(name)
    notes: Said = (
        msg("award.uncontested", "round.end", player=name, total=total, rake=rake),
    )
    if back_to_winner:
        notes += (
            msg(
                "award.uncontested.returned",
                "pot.uncalled",
                player=name,
                amount=back_to_winner,
            ),
        )
    if before_fourth and stakes.rake_percent is not None:
        notes += (msg("award.uncontested.no-rake", "pot.rake"),)
    rules = (
        ("round.end",)
        + (("pot.uncalled",) if back_to_winner else ())
        + (("pot.rake",) if stakes.rake_percent is not None else ())
    )
    return Award(
        back,
        returned,
        ((total, (winner,)),),
        payouts=payouts,
        rake=rake,
        splits=(
            PotSplit(
                number=0,
                amount=won,
                rake=rake,
                eligible=(name,),
                high=(name,),
                low=(),
                shares=payouts,
            ),
        ),
        notes=notes,
        rules=rules,
        said=msg("award.op.uncontested", "round.end", player=name, amount=won),
        player=name,
        amount=won,
    )


class Awarded(Protocol):
    """What :func:`award` needs of a hand: its award setup, and a way to apply an award."""

    def award_setup(self) -> AwardSetup: ...

    def apply_award(self, award: Award) -> None: ...


def award(hand: Awarded) -> None:
    """Award every pot of ``hand`` at the showdown: work the award out, then apply it."""
    hand.apply_award(award_showdown(hand.award_setup()))
