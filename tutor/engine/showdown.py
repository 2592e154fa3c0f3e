"""The showdown: side pots, the rake, the high and eight-or-better low halves, odd chips."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from decimal import Decimal
from typing import TYPE_CHECKING

from tutor.engine.cards import Card
from tutor.engine.hands import HighHand, LowHand, best_high, best_low, best_razz
from tutor.engine.rules import Half, OddChipTies
from tutor.engine.values import fmt

if TYPE_CHECKING:
    from tutor.engine.table import Hand

ZERO = Decimal(0)


@dataclass(frozen=True, slots=True)
class Holding:
    """One live player's cards at the showdown and what they make."""

    idx: int
    name: str
    cards: tuple[Card, ...]  # own cards, plus the community card if any
    high: HighHand | None  # None in a game without a high half (razz)
    low: LowHand | None


def holdings(hand: Hand) -> dict[int, Holding] | str:
    """Every live player's best high and low; a reason string if some card is unknown."""
    out: dict[int, Holding] = {}
    for p in hand.live():
        cards = list(p.cards) + ([hand.community] if hand.uses_community else [])
        if any(c is None for c in cards):
            return (
                f"the showdown needs every card of the players still in, and {p.name}'s include "
                "unknown cards (??): give all their cards (hand.high)."
            )
        known = [c for c in cards if c is not None]
        if len(known) < 5:
            return f"{p.name} has only {len(known)} cards: a showdown needs at least five (hand.high)."
        half = hand.variant.low_half
        low = (
            best_low(known)
            if half is Half.LOW8
            else best_razz(known)
            if half is Half.LOW
            else None
        )
        high = best_high(known) if hand.variant.has_high else None
        out[p.idx] = Holding(p.idx, p.name, tuple(known), high, low)
    return out


def _names(hand: Hand, idxs: list[int]) -> str:
    names = [hand.players[i].name for i in idxs]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _order_cards(
    hand: Hand, i: int, held: dict[int, Holding], half: str
) -> tuple[list[Card], bool]:
    """The cards that decide an odd chip by suit, in comparison order, and whether the
    larger card wins (True) or the smaller (False)."""
    rule = hand.rules.odd_chip_ties
    h = held[i]
    if rule is OddChipTies.SUIT_ALL_CARDS:
        if half == "low":
            return sorted(h.cards, key=_low_key), False
        return sorted(h.cards, key=_high_key, reverse=True), True
    if half == "low":
        assert h.low is not None
        return sorted(h.low.cards, key=_low_key, reverse=True), True
    assert h.high is not None
    return sorted(h.high.cards, key=_high_key, reverse=True), True


def _high_key(c: Card) -> tuple[int, int]:
    return c.bring_in_key()


def _low_key(c: Card) -> tuple[int, int]:
    return (c.low_rank, c.bring_in_key()[1])


def _decide(
    hand: Hand, a: int, b: int, held: dict[int, Holding], half: str
) -> tuple[int, Card | None, Card | None]:
    """Which of two tied players gets an odd chip first by suit, and the deciding cards
    (the winner's, the other's). Cards both hold (the community card) are passed over."""
    ca, larger = _order_cards(hand, a, held, half)
    cb, _ = _order_cards(hand, b, held, half)
    shared = set(ca) & set(cb)
    ca = [c for c in ca if c not in shared]
    cb = [c for c in cb if c not in shared]
    key = _low_key if half == "low" else _high_key
    for x, y in zip(ca, cb, strict=False):
        if key(x) != key(y):
            a_wins = (key(x) > key(y)) == larger
            return (a, x, y) if a_wins else (b, y, x)
    first = a if hand.position[a] < hand.position[b] else b
    return first, None, None


def _odd_chip_order(
    hand: Hand,
    winners: list[int],
    held: dict[int, Holding],
    half: str,
    got: dict[int, int],
) -> tuple[list[int], str]:
    """Who gets odd chips first among tied winners (split.ties), and how that was decided.

    ``got`` counts the odd chips each player has already had from this pot (the other half)."""
    rule = hand.rules.odd_chip_ties
    if rule is OddChipTies.POSITION:
        return sorted(
            winners, key=lambda i: hand.position[i]
        ), "the first tied player clockwise from the dealer's left"

    def cmp(a: int, b: int) -> int:
        return -1 if _decide(hand, a, b, held, half)[0] == a else 1

    order = sorted(winners, key=functools.cmp_to_key(cmp))
    if rule is OddChipTies.SUIT_ALL_CARDS:
        how = (
            "the lowest card by suit among all their cards, the ace lowest"
            if half == "low"
            else "the highest card by suit among all their cards"
        )
        if any(got.get(i, 0) for i in winners):
            order = sorted(order, key=lambda i: got.get(i, 0))
            how += "; no player gets a second odd chip of a pot while another tied player has none"
    elif half == "low":
        how = "the highest card by suit among the five cards of the low (the ace counting low)"
    else:
        how = "the highest card by suit among the five cards played"
    return order, how


def _decisions(
    hand: Hand, order: list[int], odd: int, held: dict[int, Holding], half: str
) -> str:
    """The deciding cards, one comparison per odd chip: ``Ana's A♠ against Bo's A♦``."""
    parts = []
    for k in range(min(odd, len(order) - 1)):
        a, b = order[k], order[k + 1]
        win, x, y = _decide(hand, a, b, held, half)
        if win == a and x is not None and y is not None:
            parts.append(
                f"{hand.players[a].name}'s {x.symbol} against {hand.players[b].name}'s {y.symbol}"
            )
    return "; ".join(parts)


def _split(
    hand: Hand,
    units: int,
    winners: list[int],
    held: dict[int, Holding],
    half: str,
    pay: dict[int, int],
    notes: list[str],
    rules: set[str],
    got: dict[int, int],
) -> None:
    share, odd = divmod(units, len(winners))
    for i in winners:
        pay[i] = pay.get(i, 0) + share
    if odd:
        order, how = _odd_chip_order(hand, winners, held, half, got)
        for i in order[:odd]:
            pay[i] += 1
            got[i] = got.get(i, 0) + 1
        chip = hand.stakes.chip or Decimal(1)
        decided = (
            _decisions(hand, order, odd, held, half)
            if hand.rules.odd_chip_ties is not OddChipTies.POSITION
            else ""
        )
        notes.append(
            f"{odd} odd chip{'s' if odd > 1 else ''} of {fmt(chip)} in the tied {half} go"
            f"{'' if odd > 1 else 'es'} to {_names(hand, order[:odd])}: under {hand.rules.label}, {how}"
            + (f" ({decided})" if decided else "")
            + "."
        )
        rules.add("split.ties")


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


def award(hand: Hand) -> None:
    """Award every pot; fills hand.payouts, hand.rake, hand.pots, hand.award_notes, hand.award_rules.

    Uncalled chips have already gone back (pot.uncalled); the rake is worked out on all pots
    together and taken from each in proportion (pot.rake)."""
    held = holdings(hand)
    pots = hand.side_pots()
    hand.pots = pots
    if isinstance(held, str):
        hand.award_blocked = held
        return
    chip = hand.stakes.chip or Decimal(1)
    total = sum((a for a, _ in pots), ZERO)
    rake = hand.rake_of(total)
    hand.rake = rake
    shares = rake_shares([a for a, _ in pots], rake, chip)
    notes: list[str] = []
    rules: set[str] = {"hand.high"}
    if hand.returned:
        rules.add("pot.uncalled")
        for name, back in hand.returned.items():
            notes.append(
                f"First, the {fmt(back)} of {name}'s that nobody called goes back to {name}: "
                "it is in no pot."
            )
    if hand.stakes.rake_percent is not None:
        rules.add("pot.rake")
    if rake:
        split = ""
        if len(pots) > 1:
            split = (
                " It comes from the pots in proportion to their sizes: "
                + ", ".join(
                    f"{fmt(sh)} from {'the main pot' if n == 0 else f'side pot {n}'}"
                    for n, sh in enumerate(shares)
                )
                + "."
            )
        notes.append(
            f"The house takes a rake of {fmt(rake)} ({fmt(hand.stakes.rake_percent or ZERO)}% of all the "
            f"pots, {fmt(total)}, rounded down to the chip, at most {fmt(hand.stakes.rake_cap or ZERO)})."
            + split
        )
    pay: dict[int, int] = {}
    for n, ((amount, elig), take) in enumerate(zip(pots, shares, strict=False)):
        got: dict[int, int] = {}
        amount -= take
        units = int(amount / chip)
        name = "The main pot" if n == 0 else f"Side pot {n}"
        if len(pots) > 1:
            rules.add("pot.side")
        contenders = list(elig)
        lows = [i for i in contenders if held[i].low is not None]
        who = f" ({_names(hand, contenders)})" if len(pots) > 1 else ""
        v = hand.variant
        if not v.has_high:  # razz: the whole pot to the best low, no qualifier
            rules.discard("hand.high")
            rules.add(v.rule_low)
            best_low_v = min(held[i].low.value for i in lows)  # type: ignore[union-attr]
            low_w = sorted(
                (i for i in lows if held[i].low.value == best_low_v),  # type: ignore[union-attr]
                key=lambda i: hand.position[i],
            )
            notes.append(
                f"{name} of {fmt(amount)}{who} goes to the lowest hand: {_names(hand, low_w)} with "
                f"{held[low_w[0]].low.text}."  # type: ignore[union-attr]
            )
            if len(low_w) > 1:
                rules.add("split.ties")
            _split(hand, units, low_w, held, "low", pay, notes, rules, got)
            continue
        highs = {i: h for i in contenders if (h := held[i].high) is not None}
        best = max(h.value for h in highs.values())
        high_w = sorted(
            (i for i in contenders if highs[i].value == best),
            key=lambda i: hand.position[i],
        )
        desc_high = highs[high_w[0]].describe()
        halves_split = v.low_half is not None
        if halves_split:
            rules.update({v.rule_low, "split.halves"})
        if halves_split and lows:
            best_low_v = min(held[i].low.value for i in lows)  # type: ignore[union-attr]
            low_w = sorted(
                (i for i in lows if held[i].low.value == best_low_v),  # type: ignore[union-attr]
                key=lambda i: hand.position[i],
            )
            low_units = units // 2
            high_units = units - low_units
            low_text = held[low_w[0]].low.text  # type: ignore[union-attr]
            notes.append(
                f"{name} of {fmt(amount)}{who} is split in half: high {fmt(high_units * chip)} to "
                f"{_names(hand, high_w)} with {desc_high}; low {fmt(low_units * chip)} to "
                f"{_names(hand, low_w)} with {low_text}."
                + (
                    " The odd chip between the halves goes to the high half."
                    if units % 2
                    else ""
                )
            )
            if units % 2:
                rules.add("split.odd-chip")
            if len(high_w) > 1 or len(low_w) > 1:
                rules.add("split.ties")
            _split(hand, high_units, high_w, held, "high", pay, notes, rules, got)
            _split(hand, low_units, low_w, held, "low", pay, notes, rules, got)
        else:
            if halves_split:
                notes.append(
                    f"{name} of {fmt(amount)}{who}: no player in it has an eight-or-better low, so "
                    f"the best high, {_names(hand, high_w)} with {desc_high}, takes it all."
                )
            else:
                notes.append(
                    f"{name} of {fmt(amount)}{who} goes to the best high hand: "
                    f"{_names(hand, high_w)} with {desc_high}."
                )
            if len(high_w) > 1:
                rules.add("split.ties")
            _split(hand, units, high_w, held, "high", pay, notes, rules, got)
    hand.payouts = {
        hand.players[i].name: units * chip for i, units in sorted(pay.items()) if units
    }
    hand.award_notes = notes
    order = [
        "hand.high",
        "hand.low",
        "razz.low",
        "split.halves",
        "split.odd-chip",
        "split.ties",
        "pot.uncalled",
        "pot.side",
        "pot.rake",
    ]
    hand.award_rules = tuple(r for r in order if r in rules)
    summary = ", ".join(f"{k} {fmt(v)}" for k, v in hand.payouts.items())
    hand.log_event("award", f"Award: {summary}", " ".join(notes), hand.award_rules)
