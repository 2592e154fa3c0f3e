"""English for the award (``tutor.engine.showdown``): uncalled chips, the rake, each pot."""

from __future__ import annotations

from collections.abc import Mapping

from tutor.wording import Params, Template
from tutor.wording.en.hands import name


def _pot(n: int, start: bool) -> str:
    if n == 0:
        return "The main pot" if start else "the main pot"
    return f"Side pot {n}" if start else f"side pot {n}"


def _or_better(p: Params) -> str:
    """``an eight-or-better`` (the game's qualifier; eight where the message does not say)."""
    value = p.raw("qualifier") if "qualifier" in p else None
    q = name(8 if value is None else int(value))
    return f"{'an' if q[0] in 'ae' else 'a'} {q}-or-better"


def _head(p: Params) -> str:
    """``Side pot 1 of 12 (Ana and Bo)``: the pot, its amount, who may win it if it is one of
    several."""
    eligible = p.raw("eligible")
    who = f" ({p['eligible']})" if eligible else ""
    return f"{_pot(p.raw('pot'), True)} of {p['amount']}{who}"


def _rake(p: Params) -> str:
    shares = p.raw("shares")
    split = (
        " It comes from the pots in proportion to their sizes: "
        + ", ".join(p.say(s) for s in shares)
        + "."
        if shares
        else ""
    )
    return (
        f"The house takes a rake of {p['rake']} ({p['percent']}% of all the pots, "
        f"{p['total']}, rounded down to the chip, at most {p['cap']})." + split
    )


def _halves(p: Params) -> str:
    return (
        f"{_head(p)} is split in half: high {p['high_amount']} to {p['high_winners']} with "
        f"{p['high']}; low {p['low_amount']} to {p['low_winners']} with {p['low']}."
        + (
            " The odd chip between the halves goes to the high half."
            if p.raw("odd")
            else ""
        )
    )


def _odd_chips(p: Params) -> str:
    odd = p.raw("odd")
    half = "low" if p.raw("low") else "high"
    how = p["how"] + (
        "; no player gets a second odd chip of a pot while another tied player has none"
        if p.raw("once")
        else ""
    )
    decided = "; ".join(p.say(d) for d in p.raw("decided"))
    return (
        f"{odd} odd chip{'s' if odd > 1 else ''} of {p['chip']} in the tied {half} "
        f"go{'' if odd > 1 else 'es'} to {p['players']}: under {p['preset']}, {how}"
        + (f" ({decided})" if decided else "")
        + "."
    )


def _uncontested(p: Params) -> str:
    rake = p.raw("rake")
    return (
        f"Everyone else folded, so {p['player']} wins the pot of {p['total']} at once "
        "without showing" + (f" (less a rake of {p['rake']})" if rake else "") + "."
    )


CATALOGUE: Mapping[str, Template] = {
    # Uncalled chips (pot.uncalled).
    "award.op.uncalled": "{player} takes back {amount}",
    "award.uncalled": (
        "Nobody called the last {amount} of {player}'s chips (the most anyone else put in "
        "is {most}), so they go back to {player} before any pot is formed: they are not "
        "part of the pot, not raked and not won."
    ),
    "award.returned": (
        "First, the {amount} of {player}'s that nobody called goes back to {player}: it is "
        "in no pot."
    ),
    # Why no pot can be awarded yet.
    "award.blocked.unknown-cards": (
        "the showdown needs every card of the players still in, and {player}'s include "
        "unknown cards (??): give all their cards (hand.high)."
    ),
    "award.blocked.too-few-cards": (
        "{player} has only {count} cards: a showdown needs at least five (hand.high)."
    ),
    # The rake (pot.rake).
    "award.rake": _rake,
    "award.rake-share": lambda p: f"{p['amount']} from {_pot(p.raw('pot'), False)}",
    # Each pot.
    "award.pot.lowest": lambda p: (
        f"{_head(p)} goes to the lowest hand: {p['winners']} with {p['low']}."
    ),
    "award.pot.halves": _halves,
    "award.pot.no-low": lambda p: (
        f"{_head(p)}: no player in it has {_or_better(p)} low, so the best high, "
        f"{p['winners']} with {p['high']}, takes it all."
    ),
    "award.pot.high": lambda p: (
        f"{_head(p)} goes to the best high hand: {p['winners']} with {p['high']}."
    ),
    # Odd chips among tied winners (split.ties).
    "award.odd-chips": _odd_chips,
    "award.ties.position": "the first tied player clockwise from the dealer's left",
    "award.ties.all-cards-low": (
        "the lowest card by suit among all their cards, the ace lowest"
    ),
    "award.ties.all-cards-high": "the highest card by suit among all their cards",
    "award.ties.low-cards": (
        "the highest card by suit among the five cards of the low (the ace counting low)"
    ),
    "award.ties.high-cards": "the highest card by suit among the five cards played",
    "award.ties.cards": lambda p: (
        f"{p['player']}'s {p.raw('card').symbol} against "
        f"{p['other']}'s {p.raw('other_card').symbol}"
    ),
    # The award as an operation.
    "award.payout": "{player} {amount}",
    "award.op.showdown": lambda p: (
        "Award: " + ", ".join(p.say(x) for x in p.raw("payouts"))
    ),
    "award.op.uncontested": "{player} wins {amount}",
    "award.uncontested": _uncontested,
    "award.uncontested.returned": (
        "The {amount} nobody called went back to {player} first: it was never in the pot."
    ),
    "award.uncontested.no-rake": "No rake: the hand ended before fourth street was dealt.",
}
