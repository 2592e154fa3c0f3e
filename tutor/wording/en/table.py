"""English for what happens at the table: the antes, the deal, who brings in and who opens,
each action and why, the betting limits, the river's card arithmetic."""

from __future__ import annotations

from collections.abc import Mapping

from tutor.engine.boards import board_said, low_board_said
from tutor.engine.cards import Card
from tutor.engine.rules import ShortDeck
from tutor.engine.values import Action, ActionKind
from tutor.wording import Params, Template
from tutor.wording.en.common import ending, joined, said


def _street(p: Params, name: str = "street") -> str:
    return str(p.raw(name).value)


def _all_in(p: Params) -> str:
    return " (all in)" if p.raw("all_in") else ""


def _bring_in_all_in(p: Params) -> str:
    if not p.raw("all_in"):
        return ""
    return f" (all in; the others must still come in for {p['wager']})"


def _door(p: Params, high: bool) -> str:
    same = p.raw("same_rank")
    if high:
        why = (
            f"{p['player']}'s door card {p['card']} is the highest showing "
            f"(others: {joined(p, 'others')}); the ace counts low, so a king is the worst "
            "door card"
        )
        if same:
            why += (
                f"; against {joined(p, 'same_rank')} of the same rank the higher suit brings "
                "in: spades, then hearts, diamonds, clubs"
            )
    else:
        why = (
            f"{p['player']}'s door card {p['card']} is the lowest showing "
            f"(others: {joined(p, 'others')}); the ace counts high"
        )
        if same:
            why += (
                f"; against {joined(p, 'same_rank')} of the same rank the suit decides, "
                "clubs lowest, then diamonds, hearts, spades"
            )
    return why + "."


def _board(p: Params, cards: tuple[Card, ...]) -> str:
    said = low_board_said if p.raw("low") else board_said
    return p.say(said(list(cards)))


def _best_board(p: Params) -> str:
    low = p.raw("low")
    tied = p.raw("tied")
    board = _board(p, p.raw("board"))
    if not tied:
        why = f"{p['player']} shows the {'lowest' if low else 'highest'} hand, {board}"
    elif p.raw("by_suit") is not None:
        why = (
            f"{joined(p, 'tied')} tie with {board}; under {p['label']} the high card by suit "
            f"breaks the tie: {p['player']}'s {p['by_suit']}"
        )
    else:
        why = (
            f"{joined(p, 'tied')} tie with {board}; "
            + ("" if low else f"under {p['label']} ")
            + f"position breaks the tie: {p['player']} is closest to the dealer's left"
        )
    others = [f"{name} {_board(p, cards)}" for name, cards in p.raw("others")]
    if others:
        why += f" (against {'; '.join(others)})"
    if low and ("ace_low" not in p or p.raw("ace_low")):
        return why + (
            ". In razz the lowest board acts first: unpaired boards beat paired ones, "
            "compared from their highest card down, the ace low."
        )
    if low:
        return why + (
            ". The lowest board acts first: unpaired boards beat paired ones, compared "
            "from their highest card down, the ace high."
        )
    return why + (
        ". Only pairs, trips and quads count on the board, then high cards; "
        "straights and flushes do not."
    )


def _complete_short(p: Params) -> str:
    before = p.raw("before")
    small = p.raw("small")
    amount = p.raw("amount")
    why = (
        f"{p['player']} goes all in for {p['amount']}"
        + ("" if before else " instead of the bring-in")
        + f", short of the completion to {p['small']}"
        + (f" over the {p['before']} bring-in" if before else "")
        + ". "
    )
    if p.raw("full"):
        return why + (
            f"It reaches half the completion ({p.say(small / 2)}), so it counts as the "
            f"completion: it reopens the betting, and a raise now goes to {p['amount']} plus "
            f"one small bet, {p.say(amount + small)}."
        )
    return why + (
        f"It is less than half the completion ({p.say(small / 2)}), so it is not a "
        "completion: players who have already acted may only call or fold, and a "
        f"player yet to act may call it or complete to {p['small']}."
    )


def _complete_full(p: Params) -> str:
    why = (
        f"{p['player']} raises the {p['before']} bring-in to a full small bet of {p['small']}"
        if p.raw("before")
        else f"{p['player']} opens for a full small bet of {p['small']} instead of the bring-in"
    )
    return (
        why + f"{_all_in(p)}. A completion is the round's bet, not a raise: {p['cap']}"
    )


def _wager_counts_full(p: Params) -> str:
    kind = p.raw("kind")
    return (
        f"The all-in adds {p['step']} over {p['level']}, short of a full "
        f"{'bet' if kind is ActionKind.BET else 'raise'} but at least half of "
        f"{p['smallest']}, so it counts as a full one: it reopens the betting"
        + (", counts toward the cap" if kind is ActionKind.RAISE else "")
        + f", and the next raise goes to {p['amount']} plus one bet."
    )


def _open_pair(p: Params) -> str:
    gone = p.raw("folded")
    return (
        f"A pair shows on fourth street and {p['label']} allows the open-pair option: "
        f"bets and raises may be {p['small']} or {p['big']}; after a big one, all raises are big."
        + (
            " The option was settled when fourth street was dealt and lasts the whole round, "
            f"even though {joined(p, 'folded', ' and ')} (the pair) has folded."
            if gone
            else ""
        )
    )


def _river_count(p: Params) -> str:
    n, dealt, burns, stub = (p.raw(k) for k in ("players", "dealt", "burns", "stub"))
    avail, need, label = p.raw("available"), p.raw("need"), p["label"]
    procedure = p.raw("procedure")
    burn_word = f"{burns} burn card{ending(burns)}"
    why = (
        f"{n} players will need a seventh card. {dealt} cards are out and {burn_word}, "
        f"so the stub holds 52 - {dealt}"
        + (f" - {burns}" if burns else "")
        + f" = {stub}."
    )
    enough = "fewer than" if need else "enough for"
    if procedure is ShortDeck.STUB:
        why += (
            f" After burning one, {avail} are left, " if p.raw("burn") else " That is "
        ) + f"{enough} {n} players"
    elif procedure is ShortDeck.RECYCLE_BURNS:
        why += (
            f" Under {label} the burn cards are mixed back in: {stub} + {burns} = {avail}, "
            f"{enough} {n} players (skipping the burn if needed)"
        )
    else:
        want = n + 2
        why += f" Under {label} the dealer needs players + 2 = {want} cards; " + (
            "the stub alone has enough"
            if stub >= want
            else f"the stub plus the {burns} burn cards make {avail}, "
            f"{'not ' if need else ''}enough"
        )
    return (
        why
        + ": "
        + (
            "one community card is turned up in the middle and plays in every hand."
            if need
            else "every player gets a seventh card of their own, face down."
        )
    )


def _amounts(p: Params) -> str:
    return joined(p, "amounts", " or ")


def _action(p: Params) -> str:
    """The refused action as the learner wrote it (or as the grammar writes an Action)."""
    action = p.raw("action")
    return repr(action.text if isinstance(action, Action) else action)


CATALOGUE: Mapping[str, Template] = {
    # The antes and the deal.
    "op.ante.each": "Every player antes {ante}",
    "op.ante.total": "The antes: {total} in all",
    "op.ante.none": "No antes",
    "why.ante.none": (
        "This table plays without antes: the pot starts empty and the bring-in is still forced."
    ),
    "op.deal.third": "Third street: two cards down, one up",
    "why.deal.third": lambda p: (
        f"The dealer deals one card at a time clockwise, starting with {p['first']} (the "
        "first seat to the "
        + ("left of the button" if p.raw("button") else "dealer’s left, seat order")
        + "): two down and the door card up."
    ),
    "op.deal.up": lambda p: f"{_street(p).capitalize()} street: one card up each",
    "why.deal.up": lambda p: (
        "Each live player gets one card face up ("
        + ", ".join(
            f"{name} {card.text if card else '??'}" for name, card in p.raw("shown")
        )
        + ")"
        + (", after a burn card" if p.raw("burn") else "")
        + "."
    ),
    "op.deal.community": "Seventh street: a community card",
    "op.deal.river-down": "Seventh street: one card down",
    "why.deal.river-down": "The river is dealt face down (river.down).",
    "why.river.count": _river_count,
    "why.river.burns-recycled": (
        "The {burns} burn cards are mixed back into the stub ({stub} cards)."
    ),
    "why.river.burn-skipped": lambda p: (
        "The river burn is skipped: the stub holds no card to spare "
        f"({p['stub']} for {p['want']} card{ending(p.raw('want'))})."
    ),
    "op.start": lambda p: f"The hand starts on {_street(p)} street",
    "why.start": lambda p: (
        f"The scenario begins with {_street(p)} street dealt and {p['pot']} in the pot."
    ),
    # Who brings in, who opens.
    "why.bring-in.lowest-door": lambda p: _door(p, high=False),
    "why.bring-in.highest-door": lambda p: _door(p, high=True),
    "why.bring-in.all-in-everyone": (
        "{player} is all in for the ante, and so is everyone else."
    ),
    "why.bring-in.all-in-passes": lambda p: (
        f"{p['player']} is all in for the ante, so {p['next'] or 'nobody'} acts first and may "
        "fold, bring in or complete."
    ),
    "table.bring-in.unknown-door": lambda p: (
        f"the bring-in depends on every door card, and {joined(p, 'players')}'s is unknown "
        f"(??): give the third card of every seat ({p['rule']})."
    ),
    "why.opener.best-board": _best_board,
    "table.opener.unknown-board": (
        "who acts first depends on {player}'s cards showing, which are unknown (??): give "
        "every live player's up cards ({rule})."
    ),
    "why.opener.sixth-opens-again": lambda p: (
        f"seventh street is a community card; under {p['label']} the player who opened sixth "
        f"street, {p['player']}, opens again"
        + (", but has folded:" if p.raw("folded") else ".")
    ),
    "why.opener.community-counted": (
        "Seventh street is a community card that plays in every hand; counting it,"
    ),
    "why.opener.community-not-counted": (
        "Seventh street is a community card; under {label} whoever opened sixth street opens "
        "again, that is the high hand on the board without the community card:"
    ),
    "why.opener.river-down": "Seventh street is dealt down, so the board has not changed.",
    "why.opener.all-in-passes": lambda p: (
        f"{p['player']} is all in, so the action passes clockwise to {p['next'] or 'nobody'}."
    ),
    # The actions.
    "op.fold": "{player} folds",
    "why.fold": "{player} gives up the hand and any claim to the pot.",
    "op.check": "{player} checks",
    "why.check": lambda p: (
        f"No wager is open on {_street(p)} street, so {p['player']} may check."
    ),
    "op.call": "{player} calls {amount}",
    "why.call": lambda p: (
        f"{p['player']} adds {p['amount']} to match the wager of {p['wager']}"
        + (" and is all in" if p.raw("all_in") else "")
        + "."
    ),
    "op.bring-in": "{player} brings in {amount}",
    "why.bring-in.chooses": lambda p: (
        f"{p['player']} chooses to bring in {p['amount']}{_bring_in_all_in(p)}."
    ),
    "why.bring-in.low-all-in": lambda p: (
        f"The low card, {p['low']}, is all in for the ante, so {p['player']} acts first and "
        f"chooses to bring in {p['amount']}{_bring_in_all_in(p)}."
    ),
    "why.bring-in.posts": lambda p: (
        f"{p['player']} posts the bring-in of {p['amount']}{_bring_in_all_in(p)}."
    ),
    "op.complete": "{player} completes to {amount}",
    "why.complete.short": _complete_short,
    "why.complete.full": _complete_full,
    "op.bet": "{player} bets {amount}",
    "why.bet": lambda p: (
        f"{p['player']} opens the betting on {_street(p)} street for {p['amount']}"
        f"{_all_in(p)}. {p['size']}"
    ),
    "op.raise": "{player} raises to {amount}",
    "why.raise": lambda p: (
        f"{p['player']} raises the {p['before']} wager to {p['amount']}{_all_in(p)}. "
        f"{p['size']} {p['cap']}"
    ),
    "why.all-in.wager-counts-full": _wager_counts_full,
    "why.all-in.wager-short": (
        "The all-in adds only {step} over {level}, less than half of {smallest}, so it does "
        "not reopen the betting for players who have already acted (they may only call or "
        "fold) and does not count toward the cap; a player yet to act may call it or raise to "
        "{level} plus one bet."
    ),
    "why.all-in.not-reopened": (
        "{player}'s all-in to {total} was less than half a bet, so it does not reopen the "
        "betting for {actor}, who has already acted: {actor} may only call or fold."
    ),
    "why.all-in.counts-full": (
        "{player}'s all-in to {total} was short of a full wager but at least half of one, so "
        "it counts as full: a raise goes to {total} plus one bet."
    ),
    "why.all-in.short": lambda p: (
        f"{p['player']}'s all-in to {p['total']} was less than half a bet, so a player yet "
        "to act may call it or "
        + ("complete to" if p.raw("kind") is ActionKind.COMPLETE else "raise to")
        + f" the last full level, {p['level']}, plus one bet."
    ),
    "why.all-in.own-short": lambda p: (
        f"{p['player']} has only {p['stack']} left, so may {p.raw('kind').value} all in to "
        f"{p['total']}, short of a full {p.raw('kind').value}."
    ),
    # Bet sizes and the cap.
    "why.size.open-pair": _open_pair,
    "why.size.pair-no-big-bet": (
        "A pair shows on fourth street, but in {game} a pair never allows the big bet: bets "
        "and raises stay {small}."
    ),
    "why.size.no-open-pair": lambda p: (
        f"A pair shows on fourth street, but {p['label']} ({p.raw('game').value}) has no "
        f"open-pair option: bets and raises stay {p['small']}."
    ),
    "why.size.street": lambda p: (
        f"On {_street(p)} street every bet and raise is one "
        f"{'small' if p.raw('small') else 'big'} bet of {p['amount']}."
    ),
    "why.cap.unlimited": "The round is heads-up and raising is unlimited under {label}.",
    "why.cap.count": "{made} of {most} raises made under {label}; {left} left.",
    # Rounds.
    "op.round.closes": lambda p: f"{_street(p).capitalize()} street betting closes",
    "why.round.closes": (
        "Every player still in has called the last wager or checked (round.end)."
    ),
    "op.run-out": "No more betting possible",
    "why.run-out": (
        "At most one player still has chips, so the remaining cards are dealt without betting."
    ),
    # Asking the table what it cannot say.
    "table.nobody-can-act": "nobody can act now.",
    "table.sentences": lambda p: said(p, "said"),
    "table.no-such-player": lambda p: (
        f"no player named {p.raw('name')!r} at this table: the players are "
        f"{joined(p, 'players')}."
    ),
    "table.unknown-cards": (
        "{player}'s hand includes unknown cards (??): give all of {player}'s cards to rule on it."
    ),
    # Refusals of an action as written.
    "refusal.hand-over": lambda p: (
        f"{_action(p)}: the hand is over, the pot has been awarded (round.end)."
    ),
    "refusal.blocked": lambda p: f"{_action(p)}: {p['why']}",
    "refusal.out-of-turn": lambda p: (
        f"{_action(p)} is out of turn: it is {p['actor']}'s turn to act on {_street(p)} street"
        + (
            f" ({p['player']} has folded)"
            if p.raw("folded")
            else (f" ({p['player']} is all in)" if p.raw("all_in") else "")
        )
        + f" ({p['rule']})."
    ),
    "refusal.not-allowed": lambda p: (
        f"{_action(p)} is not allowed: {p['reason']} ({p['rule']}). {p['player']} may: "
        f"{joined(p, 'allowed', '; ')}."
    ),
    "refusal.needs-amount": lambda p: (
        f"{_action(p)} needs an amount: on this street a {p.raw('kind').value} may be "
        f"{_amounts(p)} (limit.open-pair)."
    ),
    "refusal.wrong-amount": lambda p: (
        f"{_action(p)} is not allowed: a {p.raw('kind').value} now "
        + ("adds" if p.raw("kind") is ActionKind.CALL else "makes it")
        + f" {_amounts(p)}, not {p['amount']} ({p['rule']})."
        + (f" {said(p, 'note')}" if p.raw("note") else "")
    ),
    "refusal.no-amount": lambda p: (
        f"{_action(p)}: a {p.raw('kind').value} takes no amount."
    ),
}
