"""The showdown: side pots, the rake, the high and eight-or-better low halves, odd chips."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import TYPE_CHECKING

from tutor.engine.cards import Card
from tutor.engine.hands import HighHand, LowHand, best_high, best_low
from tutor.engine.rules import Game, OddChipTies
from tutor.engine.table import fmt

if TYPE_CHECKING:
    from tutor.engine.table import Hand

ZERO = Decimal(0)


@dataclass(frozen=True, slots=True)
class Holding:
    """One live player's cards at the showdown and what they make."""

    idx: int
    name: str
    cards: tuple[Card, ...]  # own cards, plus the community card if any
    high: HighHand
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
        low = best_low(known) if hand.game is Game.STUD8 else None
        out[p.idx] = Holding(p.idx, p.name, tuple(known), best_high(known), low)
    return out


def _names(hand: Hand, idxs: list[int]) -> str:
    names = [hand.players[i].name for i in idxs]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _odd_chip_order(
    hand: Hand, winners: list[int], held: dict[int, Holding], half: str
) -> tuple[list[int], str]:
    """Who gets odd chips first among tied winners (split.ties), and how that was decided."""
    rule = hand.rules.odd_chip_ties
    if rule is OddChipTies.POSITION:
        return sorted(
            winners, key=lambda i: hand.position[i]
        ), "the first tied player clockwise from the dealer's left"
    if rule is OddChipTies.SUIT_ALL_CARDS:
        if half == "low":

            def low_key(i: int) -> list[tuple[int, int]]:
                return sorted((c.low_rank, c.bring_in_key()[1]) for c in held[i].cards)

            return sorted(
                winners, key=low_key
            ), "the lowest card by suit among all their cards"
        return (
            sorted(
                winners,
                key=lambda i: sorted(
                    (c.bring_in_key() for c in held[i].cards), reverse=True
                ),
                reverse=True,
            ),
            "the highest card by suit among all their cards",
        )
    # SUIT_FIVE_CARDS: the highest card by suit among the five cards played, high and low alike.
    if half == "low":

        def five_low(i: int) -> list[tuple[int, int]]:
            low = held[i].low
            assert low is not None
            return sorted(
                ((c.low_rank, c.bring_in_key()[1]) for c in low.cards), reverse=True
            )

        return (
            sorted(winners, key=five_low, reverse=True),
            "the highest card by suit among the five cards of the low (the ace counting low)",
        )
    return (
        sorted(
            winners,
            key=lambda i: sorted(
                (c.bring_in_key() for c in held[i].high.cards), reverse=True
            ),
            reverse=True,
        ),
        "the highest card by suit among the five cards played",
    )


def _split(
    hand: Hand,
    units: int,
    winners: list[int],
    held: dict[int, Holding],
    half: str,
    pay: dict[int, int],
    notes: list[str],
    rules: set[str],
) -> None:
    share, odd = divmod(units, len(winners))
    for i in winners:
        pay[i] = pay.get(i, 0) + share
    if odd:
        order, how = _odd_chip_order(hand, winners, held, half)
        for i in order[:odd]:
            pay[i] += 1
        chip = hand.stakes.chip or Decimal(1)
        notes.append(
            f"{odd} odd chip{'s' if odd > 1 else ''} of {fmt(chip)} in the tied {half} go"
            f"{'' if odd > 1 else 'es'} to {_names(hand, order[:odd])}: under {hand.rules.label}, {how}."
        )
        rules.add("split.ties")


def award(hand: Hand) -> None:
    """Award every pot; fills hand.payouts, hand.rake, hand.pots, hand.award_notes, hand.award_rules."""
    held = holdings(hand)
    pots = hand.side_pots()
    hand.pots = pots
    if isinstance(held, str):
        hand.award_blocked = held
        return
    chip = hand.stakes.chip or Decimal(1)
    total = hand.pot
    rake = hand._rake(total)
    hand.rake = rake
    notes: list[str] = []
    rules: set[str] = {"showdown.order", "hand.high"}
    if rake:
        notes.append(
            f"The house takes a rake of {fmt(rake)} ({fmt(hand.stakes.rake_percent or ZERO)}% of "
            f"{fmt(total)}, rounded down to the chip, at most {fmt(hand.stakes.rake_cap or ZERO)}), "
            "from the main pot first."
        )
        rules.add("pot.rake")
    left = rake
    pay: dict[int, int] = {}
    for n, (amount, elig) in enumerate(pots):
        take = min(left, amount)
        left -= take
        amount -= take
        units = int(amount / chip)
        name = "The main pot" if n == 0 else f"Side pot {n}"
        if len(pots) > 1:
            rules.add("pot.side")
        contenders = list(elig)
        best = max(held[i].high.value for i in contenders)
        high_w = sorted(
            (i for i in contenders if held[i].high.value == best),
            key=lambda i: hand.position[i],
        )
        lows = [i for i in contenders if held[i].low is not None]
        desc_high = held[high_w[0]].high.describe()
        who = f" ({_names(hand, contenders)})" if len(pots) > 1 else ""
        if hand.game is Game.STUD8:
            rules.update({"hand.low", "split.halves"})
        if hand.game is Game.STUD8 and lows:
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
            _split(hand, high_units, high_w, held, "high", pay, notes, rules)
            _split(hand, low_units, low_w, held, "low", pay, notes, rules)
        else:
            if hand.game is Game.STUD8:
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
            _split(hand, units, high_w, held, "high", pay, notes, rules)
    hand.payouts = {
        hand.players[i].name: units * chip for i, units in sorted(pay.items()) if units
    }
    hand.award_notes = notes
    order = [
        "showdown.order",
        "hand.high",
        "hand.low",
        "split.halves",
        "split.odd-chip",
        "split.ties",
        "pot.side",
        "pot.rake",
    ]
    hand.award_rules = tuple(r for r in order if r in rules)
    summary = ", ".join(f"{k} {fmt(v)}" for k, v in hand.payouts.items())
    hand._log("award", f"Award: {summary}", " ".join(notes), hand.award_rules)
