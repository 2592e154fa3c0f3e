"""English for the dealer's rulings on irregularities (``tutor.engine.irregularities``).

Keys are ``irr.<what>.<case>``. A ruling's explanation is its messages one after the other:
what happened and the ruling, then the source cited (``irr.cite.*``), then who acts next
(``irr.next``). Templates that are functions of ``Params`` hold the optional parts.
"""

from __future__ import annotations

from collections.abc import Mapping

from tutor.wording import Params, Template
from tutor.wording.en.common import joined


def _street_cap(p: Params) -> str:
    return p.word(f"word.street-cap.{p.raw('street').value}")


def _card(p: Params, name: str, unknown: str = "??") -> str:
    """A card, or ``unknown`` where the scenario leaves it unknown."""
    return p[name] or unknown


def _next(p: Params) -> str:
    return p.t(
        "{player} acts next and may: {actions}.", actions=joined(p, "actions", "; ")
    )


def _blocked(p: Params) -> str:
    if p.raw("void"):
        return p.t(
            "the hand was voided (irr.misdeal): nothing more is played; the same players "
            "are re-dealt."
        )
    return p.t(
        "the hand was misdealt (irr.misdeal): nothing more is played; the same players "
        "are re-dealt."
    )


def _sentence_capital(p: Params) -> str:
    said = p["said"]
    return p.t("{said}.", said=said[0].upper() + said[1:])


def _first_card_plays_on(p: Params) -> str:
    return p.t(
        "The first card went to {seat}, but the misdeal cut-off has passed ({cutoff}): "
        "the hand plays on.",
        seat=p["player"] or p.word("word.wrong-seat"),
    )


def _first_card_misdeal(p: Params) -> str:
    return p.t(
        "The first card went to {seat} instead of the first seat; the cut-off has not "
        "passed ({cutoff}).",
        seat=p["player"] or p.word("word.wrong-seat"),
    )


def _oot_binding(p: Params) -> str:
    if p.raw("calls_count"):
        return p.t(
            "{player} acted out of turn ({actions}). The action went back to the player "
            "whose turn it was; since then the action to {player} has not changed (no "
            "bet, call or raise in between), so their out-of-turn {kind} is binding.",
            actions=joined(p, "actions"),
        )
    return p.t(
        "{player} acted out of turn ({actions}). The action went back to the player "
        "whose turn it was; since then the action to {player} has not changed (no bet or "
        "raise in between), so their out-of-turn {kind} is binding.",
        actions=joined(p, "actions"),
    )


def _oot_not_binding(p: Params) -> str:
    if p.raw("calls_count"):
        text = p.t(
            "{player} acted out of turn ({actions}), and the action to them changed "
            "before their turn (a bet, call or raise came in between), so it is not "
            "binding.",
            actions=joined(p, "actions"),
        )
    else:
        text = p.t(
            "{player} acted out of turn ({actions}), and the action to them changed "
            "before their turn (a bet or raise came in between), so it is not binding.",
            actions=joined(p, "actions"),
        )
    if p.raw("chips_back"):
        text += " " + p.t(
            "Their out-of-turn chips come back to them (they go in again if they call)."
        )
    if p.raw("no_raise"):
        return (
            text
            + " "
            + p.t(
                "Under {rules} a player who checked or called out of turn may not raise."
            )
        )
    return text + " " + p.t("They have all their options.")


def _one_motion(p: Params) -> str:
    if p.raw("facing") is not None:
        text = p.t(
            "{player} silently put in {amount} in one motion, facing {facing}: chips that "
            "reach the call plus half a raise are a raise: it is {counts}."
        )
    else:
        text = p.t("{player} silently put in {amount} in one motion: it is {counts}.")
    if p.raw("back") is not None:
        text += " " + p.t("The excess {back} goes back.")
    return text


def _opener_board(p: Params) -> str:
    if p.raw("low"):
        return p.t(
            "the lowest board counting every upcard, the exposed seventh card(s) "
            "included, acts first: {player} with {board}"
        )
    return p.t(
        "the highest board counting every upcard, the exposed seventh card(s) included, "
        "acts first: {player} with {board}"
    )


def _short_hand(p: Params) -> str:
    missing = p["street"] or p.word("word.missing")
    if p.key.endswith(".dead"):
        return p.t(
            "{player} holds {count} cards (the {missing}-street card was never dealt), "
            "found after the action: under {rules} ({short_hand}) the hand is dead.",
            missing=missing,
        )
    return p.t(
        "{player} holds {count} cards (the {missing}-street card was never dealt), found "
        "after the action: under {rules} ({short_hand}) the hand is live and plays its "
        "{count} cards.",
        missing=missing,
    )


CATALOGUE: Mapping[str, Template] = {
    # Words a sentence puts where a value is missing: a seat, a street, a card.
    "word.wrong-seat": "the wrong seat",
    "word.missing": "missing",
    "word.card": "card",
    "word.next-stub-card": "the next stub card",
    # The irregularities ruled on the initial deal only, as a refusal names them.
    "word.on-the-deal.exposed-hole": "an exposed hole card",
    "word.on-the-deal.door-down": "a door card dealt face down",
    "word.on-the-deal.extra-card": "an extra card on the initial deal",
    # -- the parts of every ruling ------------------------------------------------------------
    "irr.cite.rulebook": "Rulebook: {ref}.",
    "irr.cite.secondary": "Rulebook: {ref}.",
    "irr.cite.judgement": (
        "Judgement: the rulebook ({ref}) is silent on this point; this is common practice."
    ),
    "irr.next": _next,
    "irr.sentence": "{said}.",
    "irr.sentence.capital": _sentence_capital,
    "irr.word.high": "high",
    "irr.word.low": "low",
    "irr.cards.dead": "{player}'s cards are dead",
    "irr.cards.dead-chips-stay": "{player}'s cards are dead; their chips stay in the pot",
    # -- refusals common to several kinds ----------------------------------------------------
    "irr.unknown-kind": lambda p: p.t(
        "unknown irregularity {kind}: use one of {kinds}.",
        kind=repr(p.raw("kind")),
        kinds=joined(p, "kinds"),
    ),
    "irr.online": "software deals: this irregularity cannot occur online (irr.online).",
    "irr.hand-over": (
        "the hand is over: an irregularity is ruled on while the hand is played."
    ),
    # {what}: the irregularity ("an exposed hole card"), from its own entry.
    "irr.deal.not-now": lambda p: p.t(
        "{what} is ruled on the initial deal, before anyone acts on third street: put "
        "the event before the bring-in.",
        what=p.word(f"word.on-the-deal.{p.raw('what')}"),
    ),
    # {field} is the scenario format's key (then: or acts:), kept as written.
    "irr.action-refused": lambda p: p.t(
        "{field}: {action}: {problem}",
        field="then" if p.raw("field") == "then" else "acts",
        action=repr(p["action"]),
    ),
    "irr.bring-in-forced": "the bring-in is forced: write it as an act.",
    # -- misdeals ------------------------------------------------------------------------------
    "irr.misdeal.blocked": _blocked,
    "irr.misdeal.void": (
        "The hand is void: every chip, the antes included, goes back to its owner."
    ),
    "irr.misdeal.cards": "all cards are gathered and re-dealt to the same players",
    "irr.misdeal.chips-back": (
        "Every chip wagered after the deal goes back to its owner; the antes stay for the "
        "re-deal, with the same dealer position and limits."
    ),
    "irr.misdeal.cutoff.two": (
        "{acted} player(s) have acted after the bring-in; the cut-off is two"
    ),
    "irr.misdeal.cutoff.substantial": (
        "after the bring-in (which does not count) there have been {actions} action(s), "
        "{chips} with chips; substantial action is two actions of which one puts chips "
        "in, or any three (TDA 36)"
    ),
    "irr.first-card.plays-on": _first_card_plays_on,
    "irr.first-card.misdeal": _first_card_misdeal,
    "irr.extra-card.misdeal": (
        "After everyone had three cards, {player} was dealt a fourth before any action: "
        "under {rules} that is a misdeal."
    ),
    "irr.extra-card.to-burn": (
        "the extra card goes back on the stub and becomes the fourth-street burn card"
    ),
    "irr.extra-card.burn": (
        "After everyone had three cards, {player} was dealt a fourth before any action: "
        "the card goes back on the stub and becomes the burn card for fourth street; play "
        "goes on."
    ),
    "irr.fouled-deck": (
        "The deck is fouled (a duplicate card or a different back): the hand is void "
        "whatever the action."
    ),
    # -- exposed hole cards and the door -------------------------------------------------------
    "irr.exposed-hole.say-which": (
        "say whose card was exposed and which (card: 1 or 2 for the hole cards)."
    ),
    "irr.exposed-hole.bad-position": (
        "card {position}: on the initial deal the cards are 1 and 2 (down) and 3 (the door)."
    ),
    "irr.exposed-hole.upcard": lambda p: p.t(
        "{player}'s exposed {exposed} is their upcard; their third card ({third}) was "
        "dealt face down",
        exposed=_card(p, "exposed", p.word("word.card")),
        third=_card(p, "third"),
    ),
    "irr.exposed-hole.one.misdeal": (
        "The dealer exposed one of {player}'s hole cards; under {rules} that is a misdeal."
    ),
    "irr.exposed-hole.one.third-down": (
        "One of {player}'s hole cards was exposed on the deal: not a misdeal. The dealer "
        "completes the round and deals {player}'s third card face down; the exposed card is "
        "their upcard for every purpose, so the bring-in is decided with it: {brings_in} "
        "has the {card} card."
    ),
    "irr.exposed-hole.several.misdeal": (
        "{count} of {player}'s initial cards were exposed; under {rules} that is a misdeal."
    ),
    "irr.exposed-hole.doors-unknown": "the bring-in needs every door card: give them all.",
    "irr.exposed-hole.dead.no-bring-in": (
        "{player}'s dead hand would have brought in with {card}, so no bring-in is forced: "
        "{first}, the first live hand to its left, acts first and may fold, bring in or "
        "complete"
    ),
    "irr.exposed-hole.dead.brings-in": "{player}'s {card} is the {word} card and brings in",
    "irr.exposed-hole.dead": (
        "Two of {player}'s initial cards were exposed: under {rules} their hand is dead "
        "and their ante of {ante} is returned. {reason}."
    ),
    "irr.exposed-hole.players.misdeal": lambda p: p.t(
        "Hole cards of {count} players ({players}) were exposed; under {rules} that is a "
        "misdeal.",
        players=joined(p, "players"),
    ),
    "irr.exposed-hole.one-each": (
        "give one card number for each player named (card: [1, 2])."
    ),
    "irr.exposed-hole.players.upcards": lambda p: p.t(
        "One hole card each of {players} was exposed: under {rules} there is no misdeal; "
        "each exposed card is its owner's upcard, and their third cards are dealt face "
        "down.",
        players=joined(p, "players"),
    ),
    "irr.door-down.turned-up": "{player}'s door card is turned face up",
    "irr.door-down.unseen": (
        "{player}'s door card was dealt face down; they have not looked at it, so the "
        "dealer turns it face up and it plays as their door card."
    ),
    "irr.door-down.give-card": (
        "the door card was seen: give the card the floor turns up (card: Qs) after "
        "scrambling the three."
    ),
    "irr.door-down.not-theirs": "{card} is not one of {player}'s three cards ({cards}).",
    "irr.door-down.scrambled": "{player}'s three cards are scrambled; {card} is turned up",
    "irr.door-down.seen": (
        "{player} has seen their face-down door card, so the floor scrambles their three "
        "cards and turns one at random, {card}, as their door card; the bring-in is decided "
        "after that."
    ),
    # -- wrong number of cards -----------------------------------------------------------------
    "irr.wrong-count.say-count": "say how many cards the player has (cards: 6).",
    "irr.wrong-count.right": "{player} with 3 cards on third street is the right count.",
    "irr.wrong-count.third.misdeal": (
        "{player} was dealt {count} cards instead of three, found before the cut-off "
        "({cutoff})."
    ),
    "irr.wrong-count.third.dead": (
        "{player} was dealt {count} cards instead of three, found after the misdeal "
        "cut-off ({cutoff}): there is no misdeal; the fouled hand is dead and its money "
        "stays in the pot."
    ),
    "irr.wrong-count.over-seven": (
        "{player} has {count} cards: a hand of more than seven cards is dead."
    ),
    "irr.wrong-count.taken-out": "the double-dealt card is taken out of play",
    "irr.wrong-count.extra.taken-out": (
        "{player} was dealt one card too many on {street} street, found before the "
        "betting: the extra card is taken out and play goes on."
    ),
    "irr.wrong-count.moved": "each card is moved to the player who should have had it",
    "irr.wrong-count.extra.put-right": (
        "{player} was dealt one card too many on {street} street, found before the "
        "betting: the cards are put right, each player getting their proper card."
    ),
    "irr.wrong-count.extra.dead": (
        "{player} has {count} cards, too many for {street} street, after the betting "
        "began: the hand is dead."
    ),
    "irr.wrong-count.missing-showdown": (
        "the missing card is a street's card: third to seventh street, not the showdown."
    ),
    "irr.wrong-count.next-card": "{player} gets the next card from the stub",
    "irr.wrong-count.skipped": (
        "{player}'s {street}-street card was skipped and this was noticed before {player} "
        "acted: they are given the next card from the stub, and play goes on."
    ),
    "irr.wrong-count.short.dead": _short_hand,
    "irr.wrong-count.plays-cards": "{player} plays the best hand their {count} cards make",
    "irr.wrong-count.short.live": _short_hand,
    # -- premature cards -----------------------------------------------------------------------
    "irr.premature.not-now": (
        "a premature card is dealt while a betting round on third to sixth street is open."
    ),
    "irr.premature.refused.call-only": (
        "{player} has looked at their premature seventh card, so for the rest of sixth "
        "street they may call or fold but not bet or raise"
    ),
    "irr.premature.keeps": "{player} keeps the card as their seventh-street card",
    "irr.premature.river-seen.keep": (
        "{player}'s seventh card was dealt during sixth-street betting and they looked at "
        "it: under {rules} they keep it and gets no other seventh card; for the rest of "
        "sixth street they may call or fold, not bet or raise."
    ),
    "irr.premature.shuffled-back": "{player}'s card is shuffled back into the stub",
    "irr.premature.river-seen.reshuffle": (
        "{player}'s seventh card was dealt during sixth-street betting and they looked at "
        "it: under {rules} it is treated like any premature card: shuffled back into the "
        "stub. {player}'s options are unrestricted, and seventh street is dealt without "
        "another burn."
    ),
    "irr.premature.cards-set-aside": lambda p: p.t(
        "the premature cards of {players} are set aside", players=joined(p, "players")
    ),
    "irr.premature.more-set-aside": (
        "after the round, one more card per active player is set aside unseen; then burn "
        "and deal"
    ),
    # {Street}: the street's word with a capital letter (Fifth).
    "irr.premature.set-aside-plus-one": lambda p: p.t(
        "{Street}-street cards were dealt to {players} before the betting round was "
        "complete: they never play, even if the last player then folds. The round is "
        "finished first; then the premature cards and one more card for each active "
        "player are set aside, and the dealer burns and deals the street.",
        Street=_street_cap(p),
        players=joined(p, "players"),
    ),
    "irr.premature.cards-back": lambda p: p.t(
        "the premature cards of {players} go back into the stub, which is shuffled",
        players=joined(p, "players"),
    ),
    "irr.premature.burn-stays": (
        "the burn card stays; the street is dealt without a new burn"
    ),
    "irr.premature.reshuffle": lambda p: p.t(
        "{Street}-street cards were dealt to {players} before the betting round was "
        "complete: they never play, even if the last player then folds. The round is "
        "finished first; the premature cards are shuffled back into the stub, the burn "
        "stays, and the street is dealt with no new burn.",
        Street=_street_cap(p),
        players=joined(p, "players"),
    ),
    "irr.premature.set-aside": "{count} cards set aside before {street} street",
    "irr.premature.set-aside.why": (
        "The {premature} premature card(s) and one more card for each of the {active} "
        "active players are set aside unseen, then the dealer burns and deals: {stub_use} "
        "stub cards used for this street (irr.premature)."
    ),
    # -- burn errors ---------------------------------------------------------------------------
    "irr.burn.wrong-street": (
        "the burn error is about {street} street, but the hand is on {now} street: put the "
        "event right after that street is dealt."
    ),
    "irr.burn.no-burns": "{rules} burns no cards: there is no burn to miss.",
    "irr.burn.exposed.stays": (
        "the exposed burn card stays the burn; it is shown to every player"
    ),
    "irr.burn.exposed": (
        "The burn card was exposed: it remains the burn card, is shown to everyone, and "
        "play goes on."
    ),
    "irr.burn.not-dealt": (
        "the players' {street}-street cards are not all dealt here (a community river "
        "card?): rule on a burn error right after the street is dealt to each player."
    ),
    "irr.burn.keeps-seen": "the player keeps the card they have looked at",
    "irr.burn.seen": lambda p: (
        p.t(
            "The dealer burned two cards before {street} street, and the player looked at "
            "the down card they received: a final downcard that its player has looked at "
            "is their and stays."
        )
        if p.raw("double")
        else p.t(
            "The dealer missed the burn before {street} street, and the player looked at "
            "the down card they received: a final downcard that its player has looked at "
            "is their and stays."
        )
    ),
    "irr.burn.stand.cards": "the cards stand; every later street burns one card as usual",
    "irr.burn.stand": lambda p: (
        p.t(
            "The dealer burned two cards on {street} street: under {rules} the cards stand "
            "and every street burns one card, as always."
        )
        if p.raw("double")
        else p.t(
            "The dealer did not burn on {street} street: under {rules} the cards stand and "
            "every street burns one card, as always."
        )
    ),
    "irr.burn.after.cards": lambda p: (
        p.t("the cards stand; the next street burns no card to put the order right")
        if p.raw("double")
        else p.t(
            "the cards stand; the next street burns two cards to put the order right"
        )
    ),
    "irr.burn.after": lambda p: (
        p.t(
            "The dealer burned two cards on {street} street, noticed after the action "
            "began: the cards stand, and the next street burns no card so that later "
            "cards come in their proper order."
        )
        if p.raw("double")
        else p.t(
            "The dealer did not burn on {street} street, noticed after the action began: "
            "the cards stand, and the next street burns two cards so that later cards "
            "come in their proper order."
        )
    ),
    "irr.burn.double.moved": lambda p: p.t(
        "the second burn card ({card}) goes to {first}; each card moves one seat on; "
        "{last}'s card goes back on the stub",
        card=_card(p, "card"),
    ),
    "irr.burn.missed.to-burn": lambda p: p.t(
        "{card} ({player}'s card) becomes the burn card", card=_card(p, "card")
    ),
    "irr.burn.missed.takes": lambda p: p.t(
        "{player} takes {card}", card=_card(p, "card")
    ),
    "irr.burn.missed.last": lambda p: p.t(
        "{player} gets the next stub card ({card})", card=_card(p, "card")
    ),
    "irr.burn.corrected": lambda p: (
        p.t(
            "The dealer burned two cards on {street} street, noticed before anyone acted: "
            'the cards are put in their proper positions (rulebook: "corrected"), as '
            "if the burn had been right."
        )
        if p.raw("double")
        else p.t(
            "The dealer did not burn on {street} street, noticed before anyone acted: the "
            'cards are put in their proper positions (rulebook: "corrected"), as if '
            "the burn had been right."
        )
    ),
    # -- wrong bring-in / wrong opener ---------------------------------------------------------
    "irr.wrong-bring-in.not-now": (
        "a wrong bring-in happens on third street, before the bring-in."
    ),
    "irr.wrong-opener.not-now": (
        "a wrongly named {board} hand is ruled on fourth to seventh street, before the "
        "betting."
    ),
    "irr.wrong-named.unknown-cards": "who acts first depends on unknown cards: give them.",
    "irr.wrong-named.right-player": (
        "{player} is the right player: there is no error to rule on."
    ),
    "irr.wrong-named.say-action": lambda p: p.t(
        "say what {player} did when wrongly named (acts: ['{player} brings in'])."
    ),
    "irr.wrong-named.not-first": (
        "the first action is the wrongly named {player}'s, not {acted}'s."
    ),
    "irr.wrong-bring-in.named": "The dealer named {player} as the {card} card.",
    "irr.wrong-bring-in.caught": (
        "The dealer named {player} as the {card} card, and the error was caught before the "
        "next player acted: {player} takes back {amount}. {true}, the true {card} card, "
        "must bring in or may complete, and the action continues to their left; {player} "
        "acts later in normal turn."
    ),
    "irr.wrong-opener.caught": (
        "The dealer named {player}'s board as the {board} hand, and the error was caught "
        "before the next player acted: the bet goes back to {player}, and {true}, the true "
        "{board} hand, acts first."
    ),
    "irr.wrong-bring-in.stands": (
        "The dealer named {player} as the {card} card, and the next player has already "
        "acted: the wager stands as the round's bring-in (or completion) and the action "
        "continues from there; {true}, the true {card} card, has no obligation beyond "
        "acting in turn."
    ),
    "irr.wrong-opener.stands": (
        "The dealer named {player}'s board as the {board} hand, and the next player has "
        "already acted: the action stands, and {true}, the true {board} hand, acts in turn "
        "with all their options."
    ),
    # -- action out of turn --------------------------------------------------------------------
    "irr.out-of-turn.nobody-to-act": (
        "nobody is to act now, so no action can be out of turn."
    ),
    "irr.out-of-turn.in-turn": (
        "{action!r} is in turn: it is {player}'s turn, so it is no out-of-turn action."
    ),
    "irr.out-of-turn.not-in-hand": (
        "{action!r}: {player} is not in the hand with chips to act."
    ),
    "irr.out-of-turn.twice": "{action!r}: {player} has already acted out of turn.",
    "irr.out-of-turn.nothing-to-answer": (
        "{action!r}: {player} has already acted in this round and has nothing to answer."
    ),
    "irr.out-of-turn.give-actions": (
        "give the out-of-turn action(s), such as 'Dee bets 20'."
    ),
    "irr.out-of-turn.behind.three": lambda p: p.nt(
        "{n} player has acted after {player}, and a skipped player keeps their turn until "
        "three players have acted after them",
        "{n} players have acted after {player}, and a skipped player keeps their turn "
        "until three players have acted after them",
        int(p.raw("count")),
    ),
    "irr.out-of-turn.behind.two": lambda p: p.nt(
        "{n} player has acted after {player}, and a skipped player may lose the right to "
        "act once two players have acted after them",
        "{n} players have acted after {player}, and a skipped player may lose the right "
        "to act once two players have acted after them",
        int(p.raw("count")),
    ),
    "irr.out-of-turn.behind.substantial": lambda p: p.nt(
        "{n} action after {player}, {chips} of them putting chips in: substantial action "
        "is two actions of which one puts chips in, or any three (TDA 36)",
        "{n} actions after {player}, {chips} of them putting chips in: substantial action "
        "is two actions of which one puts chips in, or any three (TDA 36)",
        int(p.raw("count")),
    ),
    "irr.out-of-turn.refused.passed": (
        "{player} let the action pass them ({behind}), so they may only check, call or fold"
    ),
    "irr.out-of-turn.refused.binding": (
        "{player}'s out-of-turn {kind} is binding: the action to them has not changed"
    ),
    "irr.out-of-turn.refused.no-raise": (
        "{player} acted out of turn with a {kind}; under {rules} they may not raise when "
        "the action comes back to them"
    ),
    "irr.out-of-turn.binding": _oot_binding,
    "irr.out-of-turn.not-binding": _oot_not_binding,
    "irr.out-of-turn.skipped.call-or-fold": lambda p: p.t(
        "{player} was skipped ({actions}) and said nothing: {behind}. Under {rules} they "
        "keep their turn but may only check, call or fold; the out-of-turn actions stand "
        "unless the action to them changes.",
        actions=joined(p, "actions"),
    ),
    "irr.out-of-turn.skipped.keeps-options": lambda p: p.t(
        "{player} was skipped ({actions}): {behind}. The action goes back to them with "
        "all their options.",
        actions=joined(p, "actions"),
    ),
    "irr.out-of-turn.stands": lambda p: p.t(
        "The out-of-turn action ({actions}) stands until the action to it changes.",
        actions=joined(p, "actions"),
    ),
    # -- chips and words -----------------------------------------------------------------------
    "irr.chips.not-amount": "{text!r} is not an amount.",
    "irr.chips.not-positive": "{text!r}: the amount must be more than 0.",
    "irr.chips.not-a-motion": lambda p: p.t(
        "{text} is not a chip motion: write one of {forms}.",
        text=repr(p.raw("text")),
        forms=joined(p, "forms"),
    ),
    "irr.chips.not-their-turn": lambda p: p.t(
        "it is {to_act}'s turn, not {player}'s: chips are ruled on in turn.",
        to_act=str(p.raw("to_act")),
    ),
    "irr.chips.one-chip.call": (
        "Facing a bet of {facing}, {player} silently put in a single {chip} chip: a single "
        "oversized chip is a call. {player} gets {change} in change."
    ),
    "irr.chips.one-chip.bet": (
        "With no bet to face, {player} put in a single {chip} chip: that is a bet of the "
        "street's size, {size}."
    ),
    "irr.chips.is.bet": "a bet of {amount}",
    "irr.chips.is.complete": "a completion to {amount}",
    "irr.chips.is.call": "a call of {amount}",
    "irr.chips.is.raise": "a raise, which must be made a full raise to {amount}",
    "irr.chips.string": (
        "{player} put in {first}, went back to their stack and added {more}: a string "
        "raise is not allowed, so only the first motion counts, {counts}. The chips added "
        "later ({back} in all) go back to them."
    ),
    "irr.chips.one-motion": _one_motion,
    "irr.says.not-a-declaration": lambda p: p.t(
        "{text} is not a declaration: write one of {forms}.",
        text=repr(p.raw("text")),
        forms=joined(p, "forms"),
    ),
    # The declaration words are the format's (check, bet, call, raise, fold): keep them.
    "irr.says.unknown-word": lambda p: p.t(
        "{text}: the word {word} is not a declaration; use one of {words}.",
        text=repr(p.raw("text")),
        word=repr(p.raw("word")),
        words=joined(p, "words"),
    ),
    "irr.says.not-their-turn": lambda p: p.t(
        "it is {to_act}'s turn, not {player}'s: a declaration binds in turn.",
        to_act=str(p.raw("to_act")),
    ),
    "irr.says.taps": "taps the table",
    "irr.says.word": 'says "{word}"',
    "irr.says.bring-in-due": (
        "{player} {said} when the bring-in is due: they complete to {amount}."
    ),
    "irr.says.fold": (
        "{player} {said} in turn: a verbal fold is binding; their hand is dead."
    ),
    "irr.says.call": "{player} {said} in turn: a verbal call is binding; they call.",
    "irr.says.check": lambda p: (
        p.t("{player} {said} with no bet to face: tapping the table is a check.")
        if p.raw("tap")
        else p.t("{player} {said} with no bet to face: that is a check.")
    ),
    "irr.says.refused.call-or-fold": (
        '{player} said "check" facing a bet, which allows only a call or a fold'
    ),
    "irr.says.check-facing-bet": (
        "{player} {said} facing a bet: they may now only call or fold."
    ),
    "irr.says.bet": "{player} {said} with no bet to face: that is a bet of {amount}.",
    "irr.says.complete": (
        "Facing only the bring-in, {player} {said}: a declared raise there is the "
        "completion, to {amount}."
    ),
    "irr.says.raise": (
        "{player} {said} in turn: that binds them to a full raise, to {amount}."
    ),
    "irr.says.capped": "{player} {said}, but the betting is capped: they call.",
    # -- fold when a check was free ------------------------------------------------------------
    "irr.fold-no-bet.not-their-turn": lambda p: p.t(
        "it is {to_act}'s turn, not {player}'s.", to_act=str(p.raw("to_act"))
    ),
    "irr.fold-no-bet.facing-wager": (
        "{player} faces a wager, so folding is an ordinary action: write "
        "`act: {player} folds`."
    ),
    "irr.fold-no-bet.keeps-dealt": (
        "{player}'s seat keeps being dealt (dead cards) until someone bets; then the hand "
        "is killed"
    ),
    "irr.fold-no-bet.dealt-until-bet": (
        "{player} folded although they could check. The fold is binding and they cannot "
        "win the pot; under {rules} their seat keeps receiving cards until a bet kills the "
        "hand. The cards dealt to it are dead but are gone from the stub."
    ),
    "irr.fold-no-bet.out": "{player} is out and gets no more cards",
    "irr.fold-no-bet.no-more-cards": (
        "{player} folded although they could check. The fold is binding: they are out of "
        "the hand and gets no more cards."
    ),
    "irr.fold-no-bet.dead-card": "{player}'s folded seat is dealt a dead card",
    "irr.fold-no-bet.dead-card.why": (
        "Under {rules} a player who folded when they could check keeps being dealt until a "
        "bet kills the hand; the card is dead but is gone from the stub (irr.fold-no-bet)."
    ),
    # -- a seventh-street card dealt face up ---------------------------------------------------
    "irr.river-exposed.not-now": (
        "a seventh-street card dealt face up is ruled right after seventh street is dealt "
        "(to each player), before any action."
    ),
    "irr.river-exposed.no-card": "{player} has no seventh-street card.",
    "irr.river-exposed.plays.cards": lambda p: p.t(
        "{card} plays as dealt", card=_card(p, "card")
    ),
    "irr.river-exposed.plays": (
        "{player}'s seventh card was dealt face up, but no betting action remains on the "
        "hand: the card plays as dealt."
    ),
    "irr.river-exposed.keep.cards": lambda p: p.t(
        "{player} keeps {card}; the others get normal cards", card=_card(p, "card")
    ),
    "irr.river-exposed.all-in.keep": (
        "{player} is all in and their seventh card was dealt face up while others still "
        "bet: they keep it, and the others get their cards face down as usual."
    ),
    "irr.river-exposed.all-in.replace": lambda p: p.t(
        "{player} is all in, but betting action remains on the hand: the exposed {card} "
        "is replaced (TDA's literal rule).",
        card=_card(p, "card"),
    ),
    "irr.river-exposed.replace": lambda p: p.t(
        "{player}'s seventh card was dealt face up: the exposed {card} is taken out, the "
        "others get their cards face down, and then {player} gets a new card face down.",
        card=_card(p, "card"),
    ),
    "irr.river-exposed.heads-up": lambda p: p.t(
        "Heads-up, the first player's seventh card ({player}'s {card}) was dealt face "
        "up: the other player's seventh card is dealt face up too, and the betting is "
        "normal.",
        card=_card(p, "card"),
    ),
    "irr.river-exposed.other-up.cards": "{player}'s seventh card is dealt face up",
    "irr.river-exposed.all-up": lambda p: p.t(
        "The first player's seventh card ({player}'s {card}) was dealt face up: under "
        "{rules} every player's seventh card is dealt face up, and there is no all-in "
        "option.",
        card=_card(p, "card"),
    ),
    "irr.river-exposed.all-up.cards": "every seventh card is dealt face up",
    "irr.river-exposed.others-down": lambda p: p.t(
        "{player}'s seventh card ({card}) was dealt face up: the others get theirs face "
        "down. Before any action, {player} may declare themselves all in for the pot as "
        "it stands.",
        card=_card(p, "card"),
    ),
    "irr.river-exposed.others-down.cards": "the other seventh cards are dealt face down",
    "irr.river-exposed.opener.sixth": "the sixth-street opener acts first",
    "irr.river-exposed.opener.board": _opener_board,
    "irr.river-exposed.then": "Then {opener}.",
    "irr.river-exposed.replaced.cards": lambda p: p.t(
        "{old} is taken out of play like a burn card; {player} gets {new} face down "
        "after the others",
        old=_card(p, "old"),
        new=_card(p, "new", p.word("word.next-stub-card")),
    ),
    # -- a card off the table, a player's own card shown ---------------------------------------
    "irr.off-table.say-which": (
        "say which of the player's cards went off the table (card: 1 to 7)."
    ),
    "irr.off-table.plays.cards": "{player}'s card plays as dealt",
    "irr.off-table.plays": (
        "{player}'s upcard (card {position}) was pitched off the table: an upcard is seen "
        "by all anyway, so it plays as dealt."
    ),
    "irr.player-shows.folded": "{player} has folded.",
    "irr.player-shows.cards": "the dealer shows {player}'s card to the whole table",
    "irr.player-shows": lambda p: (
        p.t(
            "{player} exposed their own card: their hand stays live, and the dealer shows "
            "the card to every player so that all have the same information. Under TDA a "
            "penalty is possible."
        )
        if p.raw("penalty")
        else p.t(
            "{player} exposed their own card: their hand stays live, and the dealer shows "
            "the card to every player so that all have the same information."
        )
    ),
}
