"""English for rulings (``tutor.engine.rulings``) and the antes (``boards.ante_said``)."""

from __future__ import annotations

from collections.abc import Mapping

from tutor.wording import Params, Template
from tutor.wording.en.common import joined, listed
from tutor.wording.en.hands import char, name


# ------------------------------------------------------------------ the antes
def _ante_short(p: Params) -> str:
    return p.t(
        "Every player dealt in posts the {ante} ante before the deal, or all they have: "
        "{short}.",
        short=joined(p, "short", "; "),
    )


def _ante_posted(p: Params) -> str:
    full = p.raw("full")
    parts = ([p.t("{full} x {ante}")] if full else []) + [
        p.say(a) for a in p.raw("amounts")
    ]
    return p.t(
        "The antes really posted make {parts} = {total}.", parts=" + ".join(parts)
    )


# ------------------------------------------------------------------ rulings
def _unknown_kind(p: Params) -> str:
    return p.t(
        "unknown ask kind {kind}: use one of {kinds}.",
        kind=repr(p.raw("kind")),
        kinds=joined(p, "kinds", ", "),
    )


def _bring_in_amount(p: Params) -> str:
    if p.raw("default"):
        return p.t("The bring-in is {amount} (half the small bet, by default).")
    return p.t("The bring-in is {amount}.")


def _nobody_brought_in(p: Params) -> str:
    if p.raw("low"):
        return p.t(
            "After {last}, nobody has brought in yet (the low card, {low}, is all in for "
            "the ante), so the action moves clockwise to {player}, who may fold, bring in "
            "or complete."
        )
    return p.t(
        "After {last}, nobody has brought in yet, so the action moves clockwise to "
        "{player}, who may fold, bring in or complete."
    )


def _clockwise(p: Params) -> str:
    if p.raw("owed") > 0:
        return p.t(
            "After {last}, the action moves clockwise to the next player still in with "
            "chips: {player}, who faces {owed} more."
        )
    return p.t(
        "After {last}, the action moves clockwise to the next player still in with "
        "chips: {player}, who has no wager to face."
    )


def _must_bring_in(p: Params) -> str:
    if p.raw("highest"):
        return p.t(
            "{player} has the high card, so must bring in ({bring_in}) or complete to the "
            "small bet of {small_bet}; the bring-in is forced, so there is no fold or check."
        )
    return p.t(
        "{player} has the low card, so must bring in ({bring_in}) or complete to the "
        "small bet of {small_bet}; the bring-in is forced, so there is no fold or check."
    )


def _raises_left(p: Params) -> str:
    left = p.raw("left")
    if left is None:
        return p.t("Raising is unlimited heads-up here.")
    return p.nt("{n} raise left.", "{n} raises left.", left)


def _unlimited(p: Params) -> str:
    if p.raw("began_heads_up"):
        return p.t(
            "Under {preset} raising is unlimited here: the round is heads-up (it began "
            "heads-up)."
        )
    return p.t(
        "Under {preset} raising is unlimited here: the round is heads-up (it became "
        "heads-up before the cap)."
    )


def _left(p: Params) -> str:
    raises, left = p.raw("raises"), p.raw("left")
    made = p.nt("{n} raise has been made", "{n} raises have been made", raises)
    remain = p.nt("{n} remains", "{n} remain", left)
    if p.raw("completion"):
        return p.t(
            "Under {preset} a round allows one bet (on third street, the completion) and "
            "{max_raises} raises; {made}, so {remain}. The completion itself is not a "
            "raise.",
            made=made,
            remain=remain,
        )
    return p.t(
        "Under {preset} a round allows one bet (on third street, the completion) and "
        "{max_raises} raises; {made}, so {remain}. The bet itself is not a raise.",
        made=made,
        remain=remain,
    )


def _pot_total(p: Params) -> str:
    parts = " + ".join(p.say(x) for x in p.raw("parts")) or p.say(0)
    return p.t(
        "Every chip put in this hand, antes included: {parts} = {pot}.", parts=parts
    )


def _side_pot(p: Params) -> str:
    """ "The main pot is 30: Ana and Bo can win it", "Side pot 1 is ...": main first."""
    n = int(p.raw("pot"))
    if n == 0:
        return p.t(
            "The main pot is {amount}: {eligible} can win it.",
            eligible=listed(p, "eligible"),
        )
    return p.t(
        "Side pot {pot} is {amount}: {eligible} can win it.",
        eligible=listed(p, "eligible"),
    )


def qualifier(p: Params) -> int:
    """The highest rank a qualifying low may hold (8 where the message does not say)."""
    value = p.raw("qualifier") if "qualifier" in p else None
    return 8 if value is None else int(value)


def ace_low(p: Params) -> bool:
    """Whether the low is ranked ace to five (True where the message does not say)."""
    return bool(p.raw("ace_low")) if "ace_low" in p else True


def _best_low_none(p: Params) -> str:
    q = name(p, qualifier(p))
    if not ace_low(p):
        return p.t(
            "{player} cannot make five cards with no pair, straight or flush, {q} or "
            "lower, so there is no low.",
            q=q,
        )
    ranks = p.raw("ranks")
    return p.nt(
        "{player} has only {n} different rank of {q} or lower ({listed}); a low needs "
        "five, so there is no low. Paired cards count once.",
        "{player} has only {n} different ranks of {q} or lower ({listed}); a low needs "
        "five, so there is no low. Paired cards count once.",
        len(ranks),
        q=q,
        listed=", ".join(char(r) for r in ranks) or p.word("word.none"),
    )


def _best_low_qualified(p: Params) -> str:
    q = name(p, qualifier(p))
    if not ace_low(p):
        return p.t(
            "{player}'s best low is {low}, using {cards}: deuce to seven, {q} or lower, "
            "the ace high; straights and flushes count against it.",
            q=q,
        )
    return p.t(
        "{player}'s best low is {low}, using {cards}: five different ranks of {q} or "
        "lower, the ace counting low; straights and flushes do not count against it.",
        q=q,
    )


def _best_low_any(p: Params) -> str:
    if not ace_low(p):
        return p.t(
            "{player}'s lowest five cards are {low}, using {cards}: deuce to seven, the "
            "ace high; pairs, straights and flushes count against the hand, and there is "
            "no qualifier."
        )
    return p.t(
        "{player}'s lowest five cards are {low}, using {cards}: ace to five, the ace "
        "low; pairs count against the hand, straights and flushes do not, and there is "
        "no qualifier."
    )


def _lowest_wins(p: Params) -> str:
    players, hands = joined(p, "players", ", "), joined(p, "hands", "; ")
    if ace_low(p):
        return p.t(
            "In razz the lowest hand wins, compared ace to five from the highest card "
            "down, pairs counting against; the best is {players} ({hands}).",
            players=players,
            hands=hands,
        )
    return p.t(
        "The lowest hand wins, compared deuce to seven from the highest card down, "
        "pairs, straights and flushes counting against; the best is {players} ({hands}).",
        players=players,
        hands=hands,
    )


def _no_low(p: Params) -> str:
    return p.t(
        "Nobody has {or_better} low ({hands}), so the high hand takes the whole pot.",
        or_better=p.word(f"word.or-better.{qualifier(p)}"),
        hands=joined(p, "hands", "; "),
    )


CATALOGUE: Mapping[str, Template] = {
    # A low's qualifier named with its article: "Nobody has an eight-or-better low".
    "word.or-better.5": "a five-or-better",
    "word.or-better.6": "a six-or-better",
    "word.or-better.7": "a seven-or-better",
    "word.or-better.8": "an eight-or-better",
    "word.or-better.9": "a nine-or-better",
    "word.or-better.10": "a ten-or-better",
    "word.or-better.11": "a jack-or-better",
    "word.or-better.12": "a queen-or-better",
    "word.or-better.13": "a king-or-better",
    # The antes (boards.ante_said).
    "ante.each": (
        "Each of the {players} players dealt in posts the {ante} ante before the cards are "
        "dealt: {players} x {ante} = {total}."
    ),
    "ante.short": _ante_short,
    "ante.short-player": "{player} has only {amount} and posts all of it, so is dealt in all in",
    "ante.posted": _ante_posted,
    "ante.dead": "The ante is dead money and counts toward no bet.",
    # Asks that do not fit the game or the moment.
    "ruling.unknown-kind": _unknown_kind,
    "ruling.needs-player": "an ask of kind {kind} needs a player, naming whose hand to read.",
    "ruling.unfit.no-low-half": (
        "{game} has no low half: a {kind} ask belongs to a game with a low (hand.low)."
    ),
    "ruling.unfit.razz-no-qualifier": (
        "{game} has no qualifier: every hand makes a low, so ask best-low instead (razz.low)."
    ),
    "ruling.unfit.razz-low-only": (
        "{game} is played for low only: a {kind} ask has no meaning there; ask best-low "
        "or low-winner instead (razz.low)."
    ),
    # ante, buy-in, bring-in
    "ruling.ante.none": (
        "This table has no ante: nobody posts before the deal, and the bring-in is the "
        "first money in."
    ),
    "ruling.buy-in.minimum": (
        "The minimum buy-in is {bets} small bets under {preset}: {bets} x {small_bet} = "
        "{minimum}."
    ),
    "ruling.bring-in.starts-later": (
        "the bring-in happens on third street, and this scenario starts later: "
        "ask it in a scenario that starts with the deal."
    ),
    "ruling.bring-in.needs-doors": "the bring-in depends on every door card.",
    "ruling.bring-in.amount": _bring_in_amount,
    "ruling.bring-in.short": "{player} has only {amount} left after the ante, so posts that.",
    "ruling.bring-in.nothing-left": (
        "{player} has nothing left after the ante, so posts no bring-in."
    ),
    # who acts
    "ruling.betting-over": (
        "the betting is over: ask who acts first while a betting round is open."
    ),
    "ruling.nobody-can-act": "nobody can act now.",
    "ruling.next.nobody-brought-in": _nobody_brought_in,
    "ruling.next.clockwise": _clockwise,
    "ruling.next.skipped": lambda p: p.t(
        "Players who folded or are all in ({players}) are skipped.",
        players=joined(p, "players", ", "),
    ),
    # bet sizes, legal actions, raises left
    "ruling.sizes.completion": (
        "On third street the first full wager is the completion to the small bet of "
        "{small_bet}; the bring-in ({bring_in}) is not a bet size."
    ),
    "ruling.sizes.none": "No bet or raise is possible now: {reason}.",
    "ruling.sizes.big-seen": (
        "A big bet or raise has already been made on this street, so every later raise "
        "is big."
    ),
    "ruling.legal.may": lambda p: p.t(
        "{player} is to act on {street} street and may: {actions}.",
        actions=joined(p, "actions", ", "),
    ),
    "ruling.legal.must-bring-in": _must_bring_in,
    "ruling.legal.low-card-all-in": (
        "The low card is all in for the ante and nobody has brought in yet, so {player} "
        "may fold, bring in ({bring_in}) or complete to {small_bet}."
    ),
    "ruling.legal.facing-bring-in": (
        "Facing only the bring-in, a player may fold, call it, or complete to the small "
        "bet of {small_bet}; a completion is not a raise."
    ),
    "ruling.legal.no-raise": "No raise: {reason}.",
    "ruling.legal.raises-left": _raises_left,
    "ruling.raises.unlimited": _unlimited,
    "ruling.raises.left": _left,
    "ruling.raises.cap-holds": (
        "Only two players are left with chips, but under {preset} raising is unlimited "
        "only if the round began heads-up, and this one did not, so the cap holds."
    ),
    "ruling.raises.heads-up-capped": "Heads-up play stays capped under {preset}.",
    "ruling.raises.capped-before-heads-up": (
        "The cap was reached before the round became heads-up, so it stays capped."
    ),
    # the pot and the community card
    "ruling.pot.part": "{player} {amount}",
    "ruling.pot.total": _pot_total,
    "ruling.side-pots.how": (
        "Each pot holds what every player put in up to the next all-in amount; only the "
        "players who put in that much can win it."
    ),
    "ruling.side-pots.pot": _side_pot,
    "ruling.pot.returned": lambda p: p.t(
        "Chips nobody called went back to their owner and are not in it ({back}).",
        back=joined(p, "back", "; "),
    ),
    # hands
    "ruling.hand.too-few-cards": (
        "{player} has only {count} cards: a poker hand needs five; ask from fifth street on."
    ),
    "ruling.best-high": (
        "{player}'s best five cards make {hand}: {cards}. Any five of the cards may be used."
    ),
    # a low: any hand makes one (razz), none qualifies, one qualifies (8 or better, ...)
    "ruling.best-low.razz": _best_low_any,
    "ruling.best-low.none": _best_low_none,
    "ruling.best-low.eight": _best_low_qualified,
    "ruling.showdown.one-left": "only one player is left; nobody shows down.",
    "ruling.player-hand": "{player}: {hand}",
    "ruling.no-low": "no low",
    "ruling.high-winner": lambda p: p.t(
        "Best high hand among the players still in: {players} ({hands}).",
        players=joined(p, "players", ", "),
        hands=joined(p, "hands", "; "),
    ),
    "ruling.low-winner.razz": _lowest_wins,
    "ruling.low-winner.none": _no_low,
    "ruling.low-winner.eight": lambda p: p.t(
        "Lows compare from the highest card down; the best is {players} ({hands}).",
        players=joined(p, "players", ", "),
        hands=joined(p, "hands", "; "),
    ),
    # the award and the showdown order
    "ruling.award.not-over": (
        "the pot is awarded at the end of the hand: ask for the award after the last "
        "betting round closes."
    ),
    "ruling.order.last-aggressor": (
        "{player} made the last bet or raise on the final round, so shows first; then the "
        "others clockwise."
    ),
    "ruling.order.short-all-in": (
        "{player}'s all-in was short of a full bet or raise, but it was for more than the "
        "call, so it counts as a bet or raise here."
    ),
    "ruling.order.first-to-act": (
        "Nobody bet on the final round, so the player who acted first on it shows first: "
        "{player} (the {board} hand showing). Then the others clockwise."
    ),
    "ruling.no-irregularity": (
        "there is no irregularity to rule on yet: put an event step (what went wrong) "
        "before a ruling ask."
    ),
}
