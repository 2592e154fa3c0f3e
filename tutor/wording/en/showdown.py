"""English for the award (``tutor.engine.showdown``): uncalled chips, the rake, each pot."""

from __future__ import annotations

from collections.abc import Mapping

from tutor.wording import Params, Template
from tutor.wording.en.rulings import qualifier


def _pot(p: Params, n: int, start: bool) -> str:
    """The main pot or side pot ``n``, at the start of a sentence or inside one."""
    if n == 0:
        return p.word("word.main-pot.start" if start else "word.main-pot")
    return p.word("word.side-pot.start" if start else "word.side-pot", n=p.say(n))


def _head(p: Params) -> str:
    """``Side pot 1 of 12 (Ana and Bo)``: the pot, its amount, who may win it if it is one of
    several."""
    pot = _pot(p, p.raw("pot"), True)
    if p.raw("eligible"):
        return p.word(
            "word.pot-head.eligible",
            pot=pot,
            amount=p["amount"],
            eligible=p["eligible"],
        )
    return p.word("word.pot-head", pot=pot, amount=p["amount"])


def _rake(p: Params) -> str:
    text = p.t(
        "The house takes a rake of {rake} ({percent}% of all the pots, {total}, rounded "
        "down to the chip, at most {cap})."
    )
    shares = p.raw("shares")
    if shares:
        text += " " + p.t(
            "It comes from the pots in proportion to their sizes: {shares}.",
            shares=", ".join(p.say(s) for s in shares),
        )
    return text


def _halves(p: Params) -> str:
    text = p.t(
        "{head} is split in half: high {high_amount} to {high_winners} with {high}; low "
        "{low_amount} to {low_winners} with {low}.",
        head=_head(p),
    )
    if p.raw("odd"):
        text += " " + p.t("The odd chip between the halves goes to the high half.")
    return text


def _odd_chips(p: Params) -> str:
    odd = p.raw("odd")
    how = p["how"]
    if p.raw("once"):
        how = p.t(
            "{how}; no player gets a second odd chip of a pot while another tied player "
            "has none",
            how=how,
        )
    decided = "; ".join(p.say(d) for d in p.raw("decided"))
    if decided:
        how = p.t("{how} ({decided})", how=how, decided=decided)
    if p.raw("low"):
        return p.nt(
            "{n} odd chip of {chip} in the tied low goes to {players}: under {preset}, "
            "{how}.",
            "{n} odd chips of {chip} in the tied low go to {players}: under {preset}, "
            "{how}.",
            odd,
            how=how,
        )
    return p.nt(
        "{n} odd chip of {chip} in the tied high goes to {players}: under {preset}, "
        "{how}.",
        "{n} odd chips of {chip} in the tied high go to {players}: under {preset}, "
        "{how}.",
        odd,
        how=how,
    )


def _uncontested(p: Params) -> str:
    if p.raw("rake"):
        return p.t(
            "Everyone else folded, so {player} wins the pot of {total} at once without "
            "showing (less a rake of {rake})."
        )
    return p.t(
        "Everyone else folded, so {player} wins the pot of {total} at once without "
        "showing."
    )


CATALOGUE: Mapping[str, Template] = {
    # The pots, named at the start of a sentence and inside one; {n} is a side pot's number.
    "word.main-pot.start": "The main pot",
    "word.main-pot": "the main pot",
    "word.side-pot.start": "Side pot {n}",
    "word.side-pot": "side pot {n}",
    # A pot and its amount, at the start of a sentence; {eligible}: who may win it.
    "word.pot-head": "{pot} of {amount}",
    "word.pot-head.eligible": "{pot} of {amount} ({eligible})",
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
    "award.rake-share": lambda p: p.t(
        "{amount} from {pot}", pot=_pot(p, p.raw("pot"), False)
    ),
    # Each pot.
    "award.pot.lowest": lambda p: p.t(
        "{head} goes to the lowest hand: {winners} with {low}.", head=_head(p)
    ),
    "award.pot.halves": _halves,
    "award.pot.no-low": lambda p: p.t(
        "{head}: no player in it has {or_better} low, so the best high, {winners} with "
        "{high}, takes it all.",
        head=_head(p),
        or_better=p.word(f"word.or-better.{qualifier(p)}"),
    ),
    "award.pot.high": lambda p: p.t(
        "{head} goes to the best high hand: {winners} with {high}.", head=_head(p)
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
    "award.ties.cards": lambda p: p.t(
        "{player}'s {card} against {other}'s {other_card}",
        card=p.raw("card").symbol,
        other_card=p.raw("other_card").symbol,
    ),
    # The award as an operation.
    "award.payout": "{player} {amount}",
    "award.op.showdown": lambda p: p.t(
        "Award: {payouts}", payouts=", ".join(p.say(x) for x in p.raw("payouts"))
    ),
    "award.op.uncontested": "{player} wins {amount}",
    "award.uncontested": _uncontested,
    "award.uncontested.returned": (
        "The {amount} nobody called went back to {player} first: it was never in the pot."
    ),
    "award.uncontested.no-rake": "No rake: the hand ended before fourth street was dealt.",
}
