"""Checking a learner's answer to a ``ruling`` ask (pure, no Streamlit).

The learner chooses the outcome and, where the hand goes on, who acts next and what that
player may do. The feedback names the rulebook rule, or says plainly that the ruling is a
judgement where the rulebook is silent.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from babel.lists import format_list

from tutor.i18n import N_, _, current_language
from tutor.numbers import locale_of

#: Plain words for each outcome, as the app offers them.
OUTCOME_LABELS: Mapping[str, str] = {
    "third-card-down": N_(
        "Not a misdeal: the exposed card is an upcard, third card down"
    ),
    "upcard-each": N_("No misdeal: each exposed card is its owner's upcard"),
    "dead-hand": N_("The hand is dead"),
    "misdeal": N_("Misdeal: re-deal, antes stay"),
    "hand-void": N_("The hand is void: every chip goes back"),
    "becomes-burn": N_("The extra card becomes the next burn card"),
    "plays-on": N_("No misdeal: the hand plays on"),
    "door-turned-up": N_("The door card is turned face up"),
    "scramble-turn-one": N_("Scramble the three cards and turn one up"),
    "set-aside-plus-one-each": N_("Set the cards aside, plus one per active player"),
    "reshuffle-no-burn": N_("Shuffle the cards back into the stub; no new burn"),
    "keep-call-only": N_("They keep the card and may only call or fold"),
    "restore-order": N_("Put the cards in their proper order"),
    "cards-stand": N_("The cards stand"),
    "burn-shown": N_("The burn stays the burn, shown to everyone"),
    "keep-seen-card": N_("They keep the card they have seen"),
    "true-low-brings-in": N_("Chips back: the true low card brings in"),
    "wager-stands": N_("The wager stands as the bring-in"),
    "true-high-acts-first": N_("Bet back: the true high hand acts first"),
    "action-stands": N_("The action stands"),
    "binding": N_("The out-of-turn action is binding"),
    "not-binding": N_("The out-of-turn action is not binding"),
    "skipped-keeps-options": N_("The skipped player keeps all their options"),
    "skipped-call-or-fold": N_("The skipped player may only check, call or fold"),
    "call": N_("It is a call"),
    "complete": N_("It is a completion"),
    "bet": N_("It is a bet"),
    "raise": N_("It is a raise"),
    "check": N_("It is a check"),
    "fold": N_("It is a fold"),
    "call-or-fold": N_("They may now only call or fold"),
    "dealt-until-bet": N_("The fold stands; their seat is dealt until a bet"),
    "no-more-cards": N_("The fold stands; they get no more cards"),
    "others-down": N_("The others get theirs face down"),
    "other-card-up": N_("The other player's card is dealt face up too"),
    "all-up": N_("Every seventh card is dealt face up"),
    "replace": N_("The exposed card is replaced"),
    "keep": N_("They keep the exposed card"),
    "plays-as-dealt": N_("The card plays as dealt"),
    "live-hand": N_("The hand is live"),
    "next-stub-card": N_("They get the next card from the stub"),
    "proper-cards": N_("Each player gets their proper card"),
    "card-taken-out": N_("The extra card is taken out"),
    "hand-live-card-shown": N_("The hand is live; the card is shown to all"),
}

#: The outcomes a learner chooses between, by rule (the plausible rulings of each rule).
RULE_OUTCOMES: Mapping[str, tuple[str, ...]] = {
    "irr.exposed-hole": (
        "third-card-down",
        "misdeal",
        "dead-hand",
        "upcard-each",
        "door-turned-up",
        "scramble-turn-one",
    ),
    "irr.exposed-card": (
        "third-card-down",
        "misdeal",
        "plays-as-dealt",
        "hand-live-card-shown",
        "dead-hand",
    ),
    "irr.misdeal": ("misdeal", "dead-hand", "plays-on", "becomes-burn", "hand-void"),
    "irr.premature": ("set-aside-plus-one-each", "reshuffle-no-burn", "keep-call-only"),
    "irr.burn": ("restore-order", "cards-stand", "keep-seen-card", "burn-shown"),
    "irr.wrong-bring-in": ("true-low-brings-in", "wager-stands", "misdeal"),
    "irr.wrong-opener": ("true-high-acts-first", "action-stands", "misdeal"),
    "irr.out-of-turn": (
        "binding",
        "not-binding",
        "skipped-keeps-options",
        "skipped-call-or-fold",
    ),
    "irr.string-raise": (
        "call",
        "complete",
        "bet",
        "raise",
        "check",
        "fold",
        "call-or-fold",
    ),
    "irr.fold-no-bet": ("dealt-until-bet", "no-more-cards"),
    "irr.exposed-river": (
        "others-down",
        "other-card-up",
        "all-up",
        "replace",
        "keep",
        "plays-as-dealt",
    ),
    "irr.wrong-count": (
        "dead-hand",
        "live-hand",
        "next-stub-card",
        "proper-cards",
        "card-taken-out",
        "misdeal",
    ),
}

NOBODY = N_("nobody: the hand does not go on")

#: Outcomes after which the hand is not played on: nobody is asked who acts next.
ENDS_HAND = frozenset({"misdeal", "hand-void"})
#: An out-of-turn ruling in two plain questions: does the action stand (binding)? and, where
#: the skipped player is to act, what may they do? These outcomes are a "yes" to the first.
OOT_STANDS = frozenset({"binding", "skipped-keeps-options", "skipped-call-or-fold"})
#: The skipped player's options, as the second question offers them.
SKIPPED_OPTIONS: Mapping[str, str] = {
    "skipped-keeps-options": N_("All their options: check, bet or raise as usual"),
    "skipped-call-or-fold": N_("Only check, call or fold"),
}


def out_of_turn_outcome(
    stands: bool, skipped: str | None, skipped_to_act: bool
) -> str | None:
    """The out-of-turn outcome from the two questions' answers (None: not answered yet).

    >>> out_of_turn_outcome(False, None, True)
    'not-binding'
    >>> out_of_turn_outcome(True, None, False)
    'binding'
    >>> out_of_turn_outcome(True, "skipped-call-or-fold", True)
    'skipped-call-or-fold'
    >>> out_of_turn_outcome(True, None, True) is None
    True
    """
    if not stands:
        return "not-binding"
    if not skipped_to_act:
        return "binding"
    return skipped if skipped in SKIPPED_OPTIONS else None


def outcome_choices(answer: Mapping[str, Any]) -> list[str]:
    """The outcomes offered for a ruling: its rule's plausible rulings, the right one included.

    >>> outcome_choices({"outcome": "binding", "rule": "irr.out-of-turn"})[:2]
    ['binding', 'not-binding']
    """
    rule = str(answer.get("rule", ""))
    choices = list(RULE_OUTCOMES.get(rule, ()))
    outcome = str(answer.get("outcome", ""))
    if outcome and outcome not in choices:
        choices.append(outcome)
    return choices


def label(outcome: str) -> str:
    """An outcome's label in the current language (its id where it has none)."""
    found = OUTCOME_LABELS.get(outcome)
    return outcome if found is None else _(found)


def or_list(words: Sequence[str]) -> str:
    """``a``, ``a or b``, ``a, b or c`` in the current language's words."""
    items = list(words)
    if current_language() == "en" or len(items) <= 1:
        return " or ".join(
            [", ".join(items[:-1]), items[-1]] if len(items) > 1 else items
        )
    return format_list(items, style="or", locale=locale_of(None))


def asks_for_next(answer: Mapping[str, Any]) -> bool:
    """Whether the ruling names who acts next (and with which options)."""
    return bool(answer.get("continues")) and answer.get("next_player") is not None


def goes_on(outcome: str | None) -> bool:
    """Whether the learner's chosen outcome leaves a hand to play on (so who acts next is
    asked): decided by the learner's choice, never by the answer."""
    return outcome is not None and outcome not in ENDS_HAND


def source_text(answer: Mapping[str, Any]) -> str:
    """Where the ruling comes from, in plain words.

    >>> source_text({"basis": "J", "reference": "TDA 38"})
    "the house's practice: the rulebook (TDA 38) is silent here"
    >>> source_text({"basis": "S", "reference": "WSOP 227"})
    'rulebook: WSOP 227'
    """
    ref = answer.get("reference") or _("no rulebook")
    basis = answer.get("basis")
    if basis == "J":
        # Translators: {ref} names the rulebook's rule ("TDA 38").
        return _("the house's practice: the rulebook ({ref}) is silent here").format(
            ref=ref
        )
    return _("rulebook: {ref}").format(ref=ref)


def describe_ruling(answer: Mapping[str, Any], *, with_source: bool = True) -> str:
    """A ruling in one phrase: the outcome, who acts next, and (for the engine's) the source.

    >>> describe_ruling({"outcome": "binding", "next_player": "Dee",
    ...     "next_actions": ["check", "bet 20"], "basis": "S", "reference": "WSOP 132/133"})
    'the out-of-turn action is binding; Dee acts next and may check or bet 20 (rulebook: WSOP 132/133)'
    >>> describe_ruling({"outcome": "binding", "next_player": NOBODY})
    'the out-of-turn action is binding; nobody acts next: the hand does not go on'
    >>> describe_ruling({"outcome": "not-binding", "next_actions": ["fold", "call 20"]})
    'the out-of-turn action is not binding; the player to act may fold or call 20'
    """
    outcome = answer.get("outcome")
    text = label(str(outcome)) if outcome else _("no outcome chosen")
    text = text[:1].lower() + text[1:]  # it follows "Right:" or "you answered"
    nxt = answer.get("next_player")
    actions = list(answer.get("next_actions") or ())
    may = or_list(actions)
    if nxt == NOBODY:
        text += _("; nobody acts next: the hand does not go on")
    elif nxt and may:
        # Translators: {player} is a name; {actions} the actions joined with "or".
        text += _("; {player} acts next and may {actions}").format(
            player=nxt, actions=may
        )
    elif nxt:
        text += _("; {player} acts next").format(player=nxt)
    elif "next_actions" in answer and may:
        text += _("; the player to act may {actions}").format(actions=may)
    if with_source and answer.get("basis"):
        text += f" ({source_text(answer)})"
    return text


def ruling_incomplete(given: Mapping[str, Any]) -> str | None:
    """Why the answer cannot be checked yet, or None.

    ``given["asked_next"]`` is set by the control when it asked who acts next,
    ``given["asked_actions"]`` when it asked what the player to act may do.

    >>> ruling_incomplete({"outcome": "binding", "asked_next": True})
    "Choose who acts next (or 'nobody')."
    >>> ruling_incomplete({"outcome": "not-binding", "asked_actions": True})
    'Pick what the player to act may do.'
    """
    if not given.get("outcome"):
        return _("Answer the ruling first.")
    if given.get("asked_next") and not given.get("next_player"):
        return _("Choose who acts next (or 'nobody').")
    if given.get("asked_actions") and not given.get("next_actions"):
        return _("Pick what the player to act may do.")
    return None


def _norm(actions: Sequence[str]) -> set[str]:
    return {" ".join(str(a).lower().split()) for a in actions}


def ruling_correct(given: Mapping[str, Any], expected: Mapping[str, Any]) -> bool:
    """Right when the outcome matches and, where the hand goes on, what was asked of it: the
    next player (if asked) and the options (if asked; a skipped player's options are the
    outcome itself)."""
    if given.get("outcome") != expected.get("outcome"):
        return False
    if not asks_for_next(expected):
        return True
    if "next_player" in given:
        if given.get("next_player") in (None, NOBODY):
            return False
        if given.get("next_player") != expected.get("next_player"):
            return False
    if "next_actions" in given:
        return _norm(given.get("next_actions") or ()) == _norm(
            expected.get("next_actions") or ()
        )
    return True
