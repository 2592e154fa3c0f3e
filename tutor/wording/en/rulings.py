"""English for rulings (``tutor.engine.rulings``) and the antes (``boards.ante_said``)."""

from __future__ import annotations

from collections.abc import Mapping

from tutor.wording import Params, Template
from tutor.wording.en.common import ending, joined
from tutor.wording.en.hands import char, name


# ------------------------------------------------------------------ the antes
def _ante_short(p: Params) -> str:
    return (
        f"Every player dealt in posts the {p['ante']} ante before the deal, or all they "
        f"have: {joined(p, 'short', '; ')}."
    )


def _ante_posted(p: Params) -> str:
    full = p.raw("full")
    parts = ([f"{full} x {p['ante']}"] if full else []) + [
        p.say(a) for a in p.raw("amounts")
    ]
    return f"The antes really posted make {' + '.join(parts)} = {p['total']}."


# ------------------------------------------------------------------ rulings
def _unknown_kind(p: Params) -> str:
    return f"unknown ask kind {p.raw('kind')!r}: use one of {joined(p, 'kinds', ', ')}."


def _bring_in_amount(p: Params) -> str:
    tail = " (half the small bet, by default)." if p.raw("default") else "."
    return f"The bring-in is {p['amount']}{tail}"


def _nobody_brought_in(p: Params) -> str:
    low = p.raw("low")
    return (
        f"After {p['last']}, nobody has brought in yet"
        + (f" (the low card, {low}, is all in for the ante)" if low else "")
        + f", so the action moves clockwise to {p['player']}, who may fold, bring in or complete."
    )


def _clockwise(p: Params) -> str:
    owed = p.raw("owed")
    return (
        f"After {p['last']}, the action moves clockwise to the next player still in with "
        f"chips: {p['player']}"
        + (
            f", who faces {p['owed']} more."
            if owed > 0
            else ", who has no wager to face."
        )
    )


def _must_bring_in(p: Params) -> str:
    card = "high" if p.raw("highest") else "low"
    return (
        f"{p['player']} has the {card} card, so must bring in ({p['bring_in']}) or "
        f"complete to the small bet of {p['small_bet']}; the bring-in is forced, so there "
        "is no fold or check."
    )


def _raises_left(p: Params) -> str:
    left = p.raw("left")
    if left is None:
        return "Raising is unlimited heads-up here."
    return f"{left} raise{ending(left)} left."


def _unlimited(p: Params) -> str:
    how = (
        "it began heads-up"
        if p.raw("began_heads_up")
        else "it became heads-up before the cap"
    )
    return (
        f"Under {p['preset']} raising is unlimited here: the round is heads-up ({how})."
    )


def _left(p: Params) -> str:
    raises, left = p.raw("raises"), p.raw("left")
    what = "completion" if p.raw("completion") else "bet"
    return (
        f"Under {p['preset']} a round allows one bet (on third street, the completion) and "
        f"{p['max_raises']} raises; {raises} raise{ending(raises, ' has', 's have')} been made, "
        f"so {left} remain{ending(left, 's', '')}. The {what} itself is not a raise."
    )


def _pot_total(p: Params) -> str:
    parts = " + ".join(p.say(x) for x in p.raw("parts")) or "0"
    return f"Every chip put in this hand, antes included: {parts} = {p['pot']}."


def _pot_name(p: Params) -> str:
    """ "The main pot", "Side pot 1": the pot's place, main first."""
    n = int(p.raw("pot"))
    return "The main pot" if n == 0 else f"Side pot {n}"


def _and(p: Params, name: str) -> str:
    """A list parameter as a sentence says it: "Ana", "Ana and Bo", "Ana, Bo and Cy"."""
    items = [p.say(x) for x in p.raw(name)]
    return " and ".join([", ".join(items[:-1]), items[-1]] if len(items) > 1 else items)


def qualifier(p: Params) -> int:
    """The highest rank a qualifying low may hold (8 where the message does not say)."""
    value = p.raw("qualifier") if "qualifier" in p else None
    return 8 if value is None else int(value)


def ace_low(p: Params) -> bool:
    """Whether the low is ranked ace to five (True where the message does not say)."""
    return bool(p.raw("ace_low")) if "ace_low" in p else True


def _best_low_none(p: Params) -> str:
    q = name(qualifier(p))
    if not ace_low(p):
        return (
            f"{p['player']} cannot make five cards with no pair, straight or flush, {q} "
            "or lower, so there is no low."
        )
    ranks = p.raw("ranks")
    listed = ", ".join(char(r) for r in ranks) or "none"
    return (
        f"{p['player']} has only {len(ranks)} different rank{ending(len(ranks))} of {q} or "
        f"lower ({listed}); a low needs five, so there is no low. Paired cards count once."
    )


def _best_low_qualified(p: Params) -> str:
    q = name(qualifier(p))
    if not ace_low(p):
        return (
            f"{p['player']}'s best low is {p['low']}, using {p['cards']}: deuce to seven, "
            f"{q} or lower, the ace high; straights and flushes count against it."
        )
    return (
        f"{p['player']}'s best low is {p['low']}, using {p['cards']}: five different ranks "
        f"of {q} or lower, the ace counting low; straights and flushes do not count "
        "against it."
    )


def _best_low_any(p: Params) -> str:
    if not ace_low(p):
        return (
            f"{p['player']}'s lowest five cards are {p['low']}, using {p['cards']}: deuce "
            "to seven, the ace high; pairs, straights and flushes count against the hand, "
            "and there is no qualifier."
        )
    return (
        f"{p['player']}'s lowest five cards are {p['low']}, using {p['cards']}: ace to "
        "five, the ace low; pairs count against the hand, straights and flushes do not, "
        "and there is no qualifier."
    )


def _lowest_wins(p: Params) -> str:
    how = (
        "In razz the lowest hand wins, compared ace to five from the highest card down, "
        "pairs counting against"
        if ace_low(p)
        else "The lowest hand wins, compared deuce to seven from the highest card down, "
        "pairs, straights and flushes counting against"
    )
    return (
        f"{how}; the best is {joined(p, 'players', ', ')} ({joined(p, 'hands', '; ')})."
    )


def _no_low(p: Params) -> str:
    q = name(qualifier(p))
    return (
        f"Nobody has {'an' if q[0] in 'ae' else 'a'} {q}-or-better low "
        f"({joined(p, 'hands', '; ')}), so the high hand takes the whole pot."
    )


CATALOGUE: Mapping[str, Template] = {
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
    "ruling.next.skipped": lambda p: (
        f"Players who folded or are all in ({joined(p, 'players', ', ')}) are skipped."
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
    "ruling.legal.may": lambda p: (
        f"{p['player']} is to act on {p['street']} street and may: "
        f"{joined(p, 'actions', ', ')}."
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
    "ruling.side-pots.pot": lambda p: (
        f"{_pot_name(p)} is {p['amount']}: {_and(p, 'eligible')} can win it."
    ),
    "ruling.pot.returned": lambda p: (
        "Chips nobody called went back to their owner and are not in it "
        f"({joined(p, 'back', '; ')})."
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
    "ruling.high-winner": lambda p: (
        f"Best high hand among the players still in: {joined(p, 'players', ', ')} "
        f"({joined(p, 'hands', '; ')})."
    ),
    "ruling.low-winner.razz": _lowest_wins,
    "ruling.low-winner.none": _no_low,
    "ruling.low-winner.eight": lambda p: (
        "Lows compare from the highest card down; the best is "
        f"{joined(p, 'players', ', ')} ({joined(p, 'hands', '; ')})."
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
