"""The quiz's answer values: amounts, actions, cards and lows as a learner gives them, the
verdict of a check, hints and the plausible choices a control offers (pure, no Streamlit).

Each ask kind's describing and checking is in the registry, ``tutor.asks``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from types import MappingProxyType
from typing import Any, Protocol

from tutor.engine import (
    KIND_ORDER,
    RANK_CHARS,
    SMALL_BET_STREETS,
    ActionSyntaxError,
    Card,
    best_razz,
    legal_text,
    read_decision,
)
from tutor.i18n import N_, _


class RulingLike(Protocol):
    """What the checker reads from an engine ``Ruling``."""

    @property
    def kind(self) -> str: ...
    @property
    def answer(self) -> Mapping[str, Any]: ...
    @property
    def explanation(self) -> str: ...
    @property
    def rules(self) -> tuple[str, ...]: ...
    @property
    def preset(self) -> str: ...


@dataclass(frozen=True, slots=True)
class Verdict:
    """The outcome of one check: right or wrong, a sentence for the learner, the right answer."""

    correct: bool
    message: str
    expected_text: str


# --------------------------------------------------------------------------- values


def to_amount(value: Any) -> Decimal | None:
    """An amount as an exact Decimal; ``None`` if it is not a number.

    A float (what a number input gives) is read through its shortest repr, so 0.25 is 0.25.

    >>> to_amount("0.50"), to_amount(3), to_amount("x")
    (Decimal('0.50'), Decimal('3'), None)
    """
    if value is None or isinstance(value, bool):
        return None
    try:
        amount = Decimal(str(value).strip())
    except (InvalidOperation, ValueError):
        return None
    return amount if amount.is_finite() else None


def format_amount(value: Any) -> str:
    """An amount as people write it: ``1``, ``0.25``, ``12.5`` (no exponent, no trailing zeros).

    >>> format_amount(Decimal("12.50")), format_amount(Decimal("10")), format_amount(2)
    ('12.5', '10', '2')
    """
    amount = to_amount(value)
    if amount is None:
        return str(value)
    if amount == amount.to_integral_value():
        return str(int(amount))
    return format(amount.normalize(), "f")


def normalize_action(text: str) -> str:
    """An action as a legal-actions answer writes it (the engine's grammar reads it):
    ``"Call 1.00"`` -> ``"call 1"``, ``"raises to 4"`` -> ``"raise 4"``. Text outside the
    grammar is only lower-cased, its last amount written canonically.
    """
    try:
        return legal_text(*read_decision(str(text)))
    except ActionSyntaxError:
        pass
    words = str(text).strip().lower().split()
    if words and to_amount(words[-1]) is not None:
        words[-1] = format_amount(words[-1])
    return " ".join(words)


def _action_key(text: str) -> tuple[int, Decimal, str]:
    try:
        kind, amount = read_decision(text)
    except ActionSyntaxError:
        return (len(KIND_ORDER), Decimal(0), text)
    return (KIND_ORDER.index(kind), amount or Decimal(0), text)


def sort_actions(actions: Iterable[str]) -> list[str]:
    """Actions in the order a player thinks of them: fold, check, call, bring in, complete, bet, raise."""
    return sorted({normalize_action(a) for a in actions}, key=_action_key)


def card_text(card: Any) -> str:
    return card.text if isinstance(card, Card) else Card.parse(str(card)).text


def to_cards(values: Iterable[Any]) -> list[Card]:
    return [c if isinstance(c, Card) else Card.parse(str(c)) for c in values]


def join_names(names: Sequence[str]) -> str:
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def low_of_five(cards: Sequence[Card], qualifier: int | None = 8) -> str | None:
    """The low five cards make, written highest first (``"7-5-4-2-A"``); ``None`` if they make
    none: five different ranks, ace low, none above ``qualifier`` (8: eight or better, as in
    rule ``hand.low``; None: any ranks).

    >>> low_of_five(to_cards("7h 5d 4s 2c Ah".split()))
    '7-5-4-2-A'
    >>> low_of_five(to_cards("7h 7d 4s 2c Ah".split())) is None
    True
    >>> low_of_five(to_cards("9h 5d 4s 2c Ah".split())), low_of_five(to_cards("9h 5d 4s 2c Ah".split()), 9)
    (None, '9-5-4-2-A')
    """
    ranks = sorted({c.low_rank for c in cards}, reverse=True)
    if len(cards) != 5 or len(ranks) != 5:
        return None
    if qualifier is not None and ranks[0] > qualifier:
        return None
    return "-".join("A" if r == 1 else RANK_CHARS[r - 2] for r in ranks)


def low_text(cards: Sequence[Card]) -> str | None:
    """The five chosen cards read as a low, highest first, whatever the game: an
    eight-or-better low reads the same as in stud8, a razz low may hold a pair or a king."""
    if len(cards) != 5 or len(set(cards)) != 5:
        return None
    return best_razz(cards).text


# --------------------------------------------------------------------------- hints and choices

#: One hint per rule id: where to look, without giving the answer away.
RULE_HINTS: Mapping[str, str] = MappingProxyType(
    {
        "table.seats": N_(
            "A table seats 2 to 8 players: 8 x 7 cards already needs 56 of 52 cards."
        ),
        "table.buy-in": N_(
            "The minimum buy-in is counted in small bets (10 of them in every preset)."
        ),
        "ante.post": N_(
            "Every player dealt in posts the same ante before the deal; it is dead money."
        ),
        "deal.order": N_(
            "Cards go one at a time, clockwise, starting left of the dealer."
        ),
        "bring-in.who": N_(
            "Look at the door cards only: the lowest brings in. The ace is high; "
            "ties go by suit, clubs lowest, then diamonds, hearts, spades."
        ),
        "bring-in.all-in": N_(
            "A bring-in player with no chips left cannot act: the next player clockwise does."
        ),
        "bring-in.amount": N_(
            "The bring-in is half the small bet unless the table says otherwise."
        ),
        "bring-in.complete": N_(
            "Facing only the bring-in, a player may call it or complete to a full small bet."
        ),
        "limit.small": N_("Third and fourth street use the small bet."),
        "limit.big": N_("Fifth, sixth and seventh street use the big bet."),
        "limit.open-pair": N_(
            "An open pair on fourth street may allow a big bet, depending on the house rules; "
            "it is settled when fourth street is dealt and lasts the round."
        ),
        "limit.all-in": N_(
            "An all-in short of a full bet counts as one only if it is at least half of it; "
            "a smaller one does not reopen the betting for players who have acted."
        ),
        "act.third": N_("On third street the bring-in acts first, then clockwise."),
        "act.later": N_(
            "From fourth street on, the best hand showing acts first: pairs count, "
            "four-card straights and flushes do not."
        ),
        "round.end": N_(
            "A round ends when everyone has called the last bet or checked."
        ),
        "cap.raises": N_(
            "Count the raises so far: the bet itself is not a raise. Check the cap of the preset."
        ),
        "river.down": N_("The seventh card is dealt face down."),
        "river.community": N_(
            "Count the cards left in the deck against the players still in."
        ),
        "showdown.order": N_(
            "The last player to bet or raise on the river shows first."
        ),
        "hand.high": N_(
            "Use the best five of all seven cards (plus the community card, if any)."
        ),
        "hand.low": N_(
            "A low needs five different ranks, 8 or lower; the ace is low; "
            "compare from the highest card down."
        ),
        "split.halves": N_(
            "In stud8 the pot splits between the best high and the best qualifying low."
        ),
        "split.odd-chip": N_("An odd chip between the halves goes to the high."),
        "split.ties": N_(
            "Tied hands share their half; check the preset for the odd chip."
        ),
        "pot.side": N_(
            "An all-in player wins only what each opponent matched of their stake."
        ),
        "razz.bring-in": N_(
            "In razz the highest door card brings in; the ace is low, so a king is the worst; "
            "the higher suit brings in on a tie."
        ),
        "razz.act": N_(
            "In razz the lowest board acts first: unpaired beats paired, then compare from the "
            "highest card down."
        ),
        "razz.low": N_(
            "In razz the lowest five cards win, ace to five: pairs count against, straights and "
            "flushes do not, and there is no qualifier."
        ),
        "razz.limits": N_(
            "Razz has no open-pair option: fourth street stays a small-bet street."
        ),
        "pot.uncalled": N_(
            "Chips nobody called go back to their owner before any pot is formed."
        ),
        "pot.rake": N_(
            "The rake is worked out on all pots together, rounded down, up to the cap, "
            "and taken from each pot in proportion to its size."
        ),
    }
)


def hint_text(ask_hint: str | None, rules: Sequence[str]) -> str:
    """The hint for an ask: the author's ``hint:`` if any, else one line per rule the ruling uses.

    >>> hint_text("Look at the door cards.", ["bring-in.who"])
    'Look at the door cards.'
    >>> hint_text(None, [])
    'Think about which rule decides this, then look at the table.'
    """
    if ask_hint:
        return ask_hint
    lines = [_(RULE_HINTS[r]) for r in dict.fromkeys(rules) if r in RULE_HINTS]
    if not lines:
        return _("Think about which rule decides this, then look at the table.")
    return " ".join(lines)


def action_candidates(
    legal: Sequence[str],
    *,
    street: str,
    current_bet: Decimal,
    small_bet: Decimal,
    big_bet: Decimal,
    bring_in: Decimal,
) -> list[str]:
    """The choices offered for a legal-actions ask: the legal ones plus plausible wrong ones.

    ``current_bet`` is the highest bet in front of any seat this round.

    >>> action_candidates(["fold", "call 1", "complete 2"], street="third",
    ...     current_bet=Decimal(1), small_bet=Decimal(2), big_bet=Decimal(4), bring_in=Decimal(1))
    ['fold', 'check', 'call 1', 'complete 2', 'bet 2', 'raise 3']
    """
    street = str(street)
    size = small_bet if street in SMALL_BET_STREETS else big_bet
    out = {normalize_action(a) for a in legal} | {"fold", "check"}
    verbs = {a.split()[0] for a in out}
    if street == "third" and current_bet == 0:
        out.add(f"bring in {format_amount(bring_in)}")
        out.add(f"complete {format_amount(small_bet)}")
        out.add(f"bet {format_amount(small_bet)}")
    elif current_bet == 0:
        out.add(f"bet {format_amount(size)}")
        out.add(f"raise {format_amount(size * 2)}")
    else:
        if "call" not in verbs:
            out.add(f"call {format_amount(current_bet)}")
        out.add(f"bet {format_amount(size)}")
        if "raise" not in verbs:
            out.add(f"raise {format_amount(current_bet + size)}")
    return sort_actions(out)
