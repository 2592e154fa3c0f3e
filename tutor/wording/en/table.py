"""English for what happens at the table: the antes, the deal, who brings in and who opens,
each action and why, the betting limits, the river's card arithmetic."""

from __future__ import annotations

from collections.abc import Mapping

from tutor.engine import Action, ActionKind, Card, ShortDeck, board_said, low_board_said
from tutor.wording import Params, Template
from tutor.wording.en.common import joined, listed, said


def _street_cap(p: Params, name: str = "street") -> str:
    return p.word(f"word.street-cap.{p.raw(name).value}")


def _shown(p: Params) -> str:
    return ", ".join(
        f"{name} {card.text if card else '??'}" for name, card in p.raw("shown")
    )


def _all_in(p: Params) -> str:
    return p.word("word.all-in") if p.raw("all_in") else ""


def _bring_in_all_in(p: Params) -> str:
    if not p.raw("all_in"):
        return ""
    return p.word("word.bring-in-all-in", wager=p["wager"])


def _door(p: Params, high: bool) -> str:
    same = p.raw("same_rank")
    others = joined(p, "others")
    if high:
        why = p.t(
            "{player}'s door card {card} is the highest showing (others: {others}); the "
            "ace counts low, so a king is the worst door card",
            others=others,
        )
        if same:
            why += p.t(
                "; against {same} of the same rank the higher suit brings in: spades, then "
                "hearts, diamonds, clubs",
                same=joined(p, "same_rank"),
            )
    else:
        why = p.t(
            "{player}'s door card {card} is the lowest showing (others: {others}); the ace "
            "counts high",
            others=others,
        )
        if same:
            why += p.t(
                "; against {same} of the same rank the suit decides, clubs lowest, then "
                "diamonds, hearts, spades",
                same=joined(p, "same_rank"),
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
        if low:
            why = p.t("{player} shows the lowest hand, {board}", board=board)
        else:
            why = p.t("{player} shows the highest hand, {board}", board=board)
    elif p.raw("by_suit") is not None:
        why = p.t(
            "{tied} tie with {board}; under {label} the high card by suit breaks the tie: "
            "{player}'s {by_suit}",
            tied=joined(p, "tied"),
            board=board,
        )
    elif low:
        why = p.t(
            "{tied} tie with {board}; position breaks the tie: {player} is closest to the "
            "dealer's left",
            tied=joined(p, "tied"),
            board=board,
        )
    else:
        why = p.t(
            "{tied} tie with {board}; under {label} position breaks the tie: {player} is "
            "closest to the dealer's left",
            tied=joined(p, "tied"),
            board=board,
        )
    others = [
        p.t("{name} {board}", name=name, board=_board(p, cards))
        for name, cards in p.raw("others")
    ]
    if others:
        why += p.t(" (against {others})", others="; ".join(others))
    if low and ("ace_low" not in p or p.raw("ace_low")):
        return why + p.t(
            ". In razz the lowest board acts first: unpaired boards beat paired ones, "
            "compared from their highest card down, the ace low."
        )
    if low:
        return why + p.t(
            ". The lowest board acts first: unpaired boards beat paired ones, compared "
            "from their highest card down, the ace high."
        )
    return why + p.t(
        ". Only pairs, trips and quads count on the board, then high cards; straights "
        "and flushes do not."
    )


def _complete_short(p: Params) -> str:
    before = p.raw("before")
    small = p.raw("small")
    amount = p.raw("amount")
    if before:
        why = p.t(
            "{player} goes all in for {amount}, short of the completion to {small} over "
            "the {before} bring-in."
        )
    else:
        why = p.t(
            "{player} goes all in for {amount} instead of the bring-in, short of the "
            "completion to {small}."
        )
    if p.raw("full"):
        return (
            why
            + " "
            + p.t(
                "It reaches half the completion ({half}), so it counts as the completion: "
                "it reopens the betting, and a raise now goes to {amount} plus one small "
                "bet, {next}.",
                half=small / 2,
                next=amount + small,
            )
        )
    return (
        why
        + " "
        + p.t(
            "It is less than half the completion ({half}), so it is not a completion: "
            "players who have already acted may only call or fold, and a player yet to "
            "act may call it or complete to {small}.",
            half=small / 2,
        )
    )


def _complete_full(p: Params) -> str:
    if p.raw("before"):
        return p.t(
            "{player} raises the {before} bring-in to a full small bet of {small}{all_in}. "
            "A completion is the round's bet, not a raise: {cap}",
            all_in=_all_in(p),
        )
    return p.t(
        "{player} opens for a full small bet of {small} instead of the bring-in{all_in}. "
        "A completion is the round's bet, not a raise: {cap}",
        all_in=_all_in(p),
    )


def _wager_counts_full(p: Params) -> str:
    if p.raw("kind") is ActionKind.RAISE:
        return p.t(
            "The all-in adds {step} over {level}, short of a full raise but at least half "
            "of {smallest}, so it counts as a full one: it reopens the betting, counts "
            "toward the cap, and the next raise goes to {amount} plus one bet."
        )
    return p.t(
        "The all-in adds {step} over {level}, short of a full bet but at least half of "
        "{smallest}, so it counts as a full one: it reopens the betting, and the next "
        "raise goes to {amount} plus one bet."
    )


def _open_pair(p: Params) -> str:
    text = p.t(
        "A pair shows on fourth street and {label} allows the open-pair option: bets and "
        "raises may be {small} or {big}; after a big one, all raises are big."
    )
    if p.raw("folded"):
        text += " " + p.t(
            "The option was settled when fourth street was dealt and lasts the whole "
            "round, even though {folded} (the pair) has folded.",
            folded=listed(p, "folded"),
        )
    return text


def _river_count(p: Params) -> str:
    n, dealt, burns, stub = (p.raw(k) for k in ("players", "dealt", "burns", "stub"))
    avail, need, label = p.raw("available"), p.raw("need"), p["label"]
    procedure = p.raw("procedure")
    sums = dict(n=n, dealt=dealt, burns=burns, stub=stub, available=avail)
    why = p.nt(
        "{n} players will need a seventh card. {dealt} cards are out and {burns} burn "
        "card, so the stub holds 52 - {dealt} - {burns} = {stub}.",
        "{n} players will need a seventh card. {dealt} cards are out and {burns} burn "
        "cards, so the stub holds 52 - {dealt} - {burns} = {stub}.",
        burns,
        **sums,
    )
    if not burns:
        why = p.t(
            "{n} players will need a seventh card. {dealt} cards are out and 0 burn "
            "cards, so the stub holds 52 - {dealt} = {stub}.",
            **sums,
        )
    if procedure is ShortDeck.STUB:
        if p.raw("burn"):
            why += " " + (
                p.t(
                    "After burning one, {available} are left, fewer than {n} players",
                    **sums,
                )
                if need
                else p.t(
                    "After burning one, {available} are left, enough for {n} players",
                    **sums,
                )
            )
        else:
            why += " " + (
                p.t("That is fewer than {n} players", **sums)
                if need
                else p.t("That is enough for {n} players", **sums)
            )
    elif procedure is ShortDeck.RECYCLE_BURNS:
        why += " " + (
            p.t(
                "Under {label} the burn cards are mixed back in: {stub} + {burns} = "
                "{available}, fewer than {n} players (skipping the burn if needed)",
                label=label,
                **sums,
            )
            if need
            else p.t(
                "Under {label} the burn cards are mixed back in: {stub} + {burns} = "
                "{available}, enough for {n} players (skipping the burn if needed)",
                label=label,
                **sums,
            )
        )
    else:
        want = n + 2
        if stub >= want:
            why += " " + p.t(
                "Under {label} the dealer needs players + 2 = {want} cards; the stub alone "
                "has enough",
                label=label,
                want=want,
            )
        elif need:
            why += " " + p.t(
                "Under {label} the dealer needs players + 2 = {want} cards; the stub plus "
                "the {burns} burn cards make {available}, not enough",
                label=label,
                want=want,
                **sums,
            )
        else:
            why += " " + p.t(
                "Under {label} the dealer needs players + 2 = {want} cards; the stub plus "
                "the {burns} burn cards make {available}, enough",
                label=label,
                want=want,
                **sums,
            )
    if need:
        return why + p.t(
            ": one community card is turned up in the middle and plays in every hand."
        )
    return why + p.t(": every player gets a seventh card of their own, face down.")


def _amounts(p: Params) -> str:
    amounts = [p.say(a) for a in p.raw("amounts")]
    if len(amounts) <= 1:
        return "".join(amounts)
    return p.word("word.either-amount", first=", ".join(amounts[:-1]), last=amounts[-1])


def _action(p: Params) -> str:
    """The refused action as the learner wrote it (or as the grammar writes an Action)."""
    action = p.raw("action")
    return repr(action.text if isinstance(action, Action) else action)


def _out_of_turn(p: Params) -> str:
    if p.raw("folded"):
        return p.t(
            "{action} is out of turn: it is {actor}'s turn to act on {street} street "
            "({player} has folded) ({rule}).",
            action=_action(p),
        )
    if p.raw("all_in"):
        return p.t(
            "{action} is out of turn: it is {actor}'s turn to act on {street} street "
            "({player} is all in) ({rule}).",
            action=_action(p),
        )
    return p.t(
        "{action} is out of turn: it is {actor}'s turn to act on {street} street ({rule}).",
        action=_action(p),
    )


def _wrong_amount(p: Params) -> str:
    if p.raw("kind") is ActionKind.CALL:
        text = p.t(
            "{action} is not allowed: a {kind} now adds {amounts}, not {amount} ({rule}).",
            action=_action(p),
            amounts=_amounts(p),
        )
    else:
        text = p.t(
            "{action} is not allowed: a {kind} now makes it {amounts}, not {amount} "
            "({rule}).",
            action=_action(p),
            amounts=_amounts(p),
        )
    if p.raw("note"):
        text += " " + said(p, "note")
    return text


CATALOGUE: Mapping[str, Template] = {
    # Pieces of sentences: " (all in)" after an amount; the bring-in's all-in note.
    "word.all-in": " (all in)",
    "word.bring-in-all-in": " (all in; the others must still come in for {wager})",
    # Nobody, where a player's name would be ("so nobody acts first").
    "word.nobody": "nobody",
    # Two or more amounts a wager may be: "4 or 8".
    "word.either-amount": "{first} or {last}",
    # A street's word at the start of a sentence: "Fourth" in "Fourth street: one card up".
    "word.street-cap.third": "Third",
    "word.street-cap.fourth": "Fourth",
    "word.street-cap.fifth": "Fifth",
    "word.street-cap.sixth": "Sixth",
    "word.street-cap.seventh": "Seventh",
    # The antes and the deal.
    "op.ante.each": "Every player antes {ante}",
    "op.ante.total": "The antes: {total} in all",
    "op.ante.none": "No antes",
    "why.ante.none": (
        "This table plays without antes: the pot starts empty and the bring-in is still forced."
    ),
    "op.deal.third": "Third street: two cards down, one up",
    "why.deal.third": lambda p: (
        p.t(
            "The dealer deals one card at a time clockwise, starting with {first} (the "
            "first seat to the left of the button): two down and the door card up."
        )
        if p.raw("button")
        else p.t(
            "The dealer deals one card at a time clockwise, starting with {first} (the "
            "first seat to the dealer’s left, seat order): two down and the door card up."
        )
    ),
    # {Street} is the street's word with a capital letter (Fourth).
    "op.deal.up": lambda p: p.t(
        "{Street} street: one card up each", Street=_street_cap(p)
    ),
    # {shown}: each live player and the card they were dealt (Ana Kh, Bo ??).
    "why.deal.up": lambda p: (
        p.t(
            "Each live player gets one card face up ({shown}), after a burn card.",
            shown=_shown(p),
        )
        if p.raw("burn")
        else p.t("Each live player gets one card face up ({shown}).", shown=_shown(p))
    ),
    "op.deal.community": "Seventh street: a community card",
    "op.deal.river-down": "Seventh street: one card down",
    "why.deal.river-down": "The river is dealt face down (river.down).",
    "why.river.count": _river_count,
    "why.river.burns-recycled": (
        "The {burns} burn cards are mixed back into the stub ({stub} cards)."
    ),
    "why.river.burn-skipped": lambda p: p.nt(
        "The river burn is skipped: the stub holds no card to spare ({stub} for {want} "
        "card).",
        "The river burn is skipped: the stub holds no card to spare ({stub} for {want} "
        "cards).",
        p.raw("want"),
    ),
    "op.start": lambda p: p.t("The hand starts on {street} street"),
    "why.start": lambda p: p.t(
        "The scenario begins with {street} street dealt and {pot} in the pot."
    ),
    # Who brings in, who opens.
    "why.bring-in.lowest-door": lambda p: _door(p, high=False),
    "why.bring-in.highest-door": lambda p: _door(p, high=True),
    "why.bring-in.all-in-everyone": (
        "{player} is all in for the ante, and so is everyone else."
    ),
    "why.bring-in.all-in-passes": lambda p: p.t(
        "{player} is all in for the ante, so {next} acts first and may fold, bring in or "
        "complete.",
        next=p["next"] or p.word("word.nobody"),
    ),
    "table.bring-in.unknown-door": lambda p: p.t(
        "the bring-in depends on every door card, and {players}'s is unknown (??): give "
        "the third card of every seat ({rule}).",
        players=joined(p, "players"),
    ),
    "why.opener.best-board": _best_board,
    "table.opener.unknown-board": (
        "who acts first depends on {player}'s cards showing, which are unknown (??): give "
        "every live player's up cards ({rule})."
    ),
    "why.opener.sixth-opens-again": lambda p: (
        p.t(
            "seventh street is a community card; under {label} the player who opened "
            "sixth street, {player}, opens again, but has folded:"
        )
        if p.raw("folded")
        else p.t(
            "seventh street is a community card; under {label} the player who opened "
            "sixth street, {player}, opens again."
        )
    ),
    "why.opener.community-counted": (
        "Seventh street is a community card that plays in every hand; counting it,"
    ),
    "why.opener.community-not-counted": (
        "Seventh street is a community card; under {label} whoever opened sixth street opens "
        "again, that is the high hand on the board without the community card:"
    ),
    "why.opener.river-down": "Seventh street is dealt down, so the board has not changed.",
    "why.opener.all-in-passes": lambda p: p.t(
        "{player} is all in, so the action passes clockwise to {next}.",
        next=p["next"] or p.word("word.nobody"),
    ),
    # The actions.
    "op.fold": "{player} folds",
    "why.fold": "{player} gives up the hand and any claim to the pot.",
    "op.check": "{player} checks",
    "why.check": lambda p: p.t(
        "No wager is open on {street} street, so {player} may check."
    ),
    "op.call": "{player} calls {amount}",
    "why.call": lambda p: (
        p.t("{player} adds {amount} to match the wager of {wager} and is all in.")
        if p.raw("all_in")
        else p.t("{player} adds {amount} to match the wager of {wager}.")
    ),
    "op.bring-in": "{player} brings in {amount}",
    # {all_in}: nothing, or " (all in; the others must still come in for 2)".
    "why.bring-in.chooses": lambda p: p.t(
        "{player} chooses to bring in {amount}{all_in}.", all_in=_bring_in_all_in(p)
    ),
    "why.bring-in.low-all-in": lambda p: p.t(
        "The low card, {low}, is all in for the ante, so {player} acts first and chooses "
        "to bring in {amount}{all_in}.",
        all_in=_bring_in_all_in(p),
    ),
    "why.bring-in.posts": lambda p: p.t(
        "{player} posts the bring-in of {amount}{all_in}.", all_in=_bring_in_all_in(p)
    ),
    "op.complete": "{player} completes to {amount}",
    "why.complete.short": _complete_short,
    "why.complete.full": _complete_full,
    "op.bet": "{player} bets {amount}",
    # {all_in}: nothing or " (all in)"; {size}: why the bet is this size (a sentence).
    "why.bet": lambda p: p.t(
        "{player} opens the betting on {street} street for {amount}{all_in}. {size}",
        all_in=_all_in(p),
    ),
    "op.raise": "{player} raises to {amount}",
    "why.raise": lambda p: p.t(
        "{player} raises the {before} wager to {amount}{all_in}. {size} {cap}",
        all_in=_all_in(p),
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
        p.t(
            "{player}'s all-in to {total} was less than half a bet, so a player yet to act "
            "may call it or complete to the last full level, {level}, plus one bet."
        )
        if p.raw("kind") is ActionKind.COMPLETE
        else p.t(
            "{player}'s all-in to {total} was less than half a bet, so a player yet to act "
            "may call it or raise to the last full level, {level}, plus one bet."
        )
    ),
    # {kind}: the action kind (bet, raise, complete).
    "why.all-in.own-short": lambda p: p.t(
        "{player} has only {stack} left, so may {kind} all in to {total}, short of a full "
        "{kind}."
    ),
    # Bet sizes and the cap.
    "why.size.open-pair": _open_pair,
    "why.size.pair-no-big-bet": (
        "A pair shows on fourth street, but in {game} a pair never allows the big bet: bets "
        "and raises stay {small}."
    ),
    "why.size.no-open-pair": lambda p: p.t(
        "A pair shows on fourth street, but {label} ({game}) has no open-pair option: "
        "bets and raises stay {small}.",
        game=p.raw("game").value,
    ),
    "why.size.street": lambda p: (
        p.t("On {street} street every bet and raise is one small bet of {amount}.")
        if p.raw("small")
        else p.t("On {street} street every bet and raise is one big bet of {amount}.")
    ),
    "why.cap.unlimited": "The round is heads-up and raising is unlimited under {label}.",
    "why.cap.count": "{made} of {most} raises made under {label}; {left} left.",
    # Rounds.
    "op.round.closes": lambda p: p.t(
        "{Street} street betting closes", Street=_street_cap(p)
    ),
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
    "table.no-such-player": lambda p: p.t(
        "no player named {name} at this table: the players are {players}.",
        name=repr(p.raw("name")),
        players=joined(p, "players"),
    ),
    "table.unknown-cards": (
        "{player}'s hand includes unknown cards (??): give all of {player}'s cards to rule on it."
    ),
    # Refusals of an action as written.
    # {action}: the action as the learner wrote it, quoted.
    "refusal.hand-over": lambda p: p.t(
        "{action}: the hand is over, the pot has been awarded (round.end).",
        action=_action(p),
    ),
    "refusal.blocked": lambda p: p.t("{action}: {why}", action=_action(p)),
    "refusal.out-of-turn": _out_of_turn,
    # {reason}: why (a clause); {allowed}: what the player may do, separated by "; ".
    "refusal.not-allowed": lambda p: p.t(
        "{action} is not allowed: {reason} ({rule}). {player} may: {allowed}.",
        action=_action(p),
        allowed=joined(p, "allowed", "; "),
    ),
    "refusal.needs-amount": lambda p: p.t(
        "{action} needs an amount: on this street a {kind} may be {amounts} "
        "(limit.open-pair).",
        action=_action(p),
        amounts=_amounts(p),
    ),
    "refusal.wrong-amount": _wrong_amount,
    "refusal.no-amount": lambda p: p.t(
        "{action}: a {kind} takes no amount.", action=_action(p)
    ),
}
