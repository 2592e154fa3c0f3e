"""Checking a learner's answer to an ask against the engine's ruling (pure, no Streamlit)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from types import MappingProxyType
from typing import Any, Protocol

from tutor.engine.actions import KIND_ORDER, legal_text, read_decision
from tutor.engine.cards import Card
from tutor.engine.errors import ActionSyntaxError
from tutor.engine.hands import best_high, best_razz
from tutor.engine.rulings import ASK_KINDS
from tutor.quiz_ruling import describe_ruling, ruling_correct, ruling_incomplete


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


#: The ask kinds whose answer is one player.
PLAYER_KINDS = ("bring-in", "first-to-act", "next-to-act", "showdown-order")
#: The ask kinds whose answer is a set of players.
WINNER_KINDS = ("high-winner", "low-winner")
#: Every ask kind the checker understands (the spec's table).
QUIZ_KINDS = ASK_KINDS

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


def _card_text(card: Any) -> str:
    return card.text if isinstance(card, Card) else Card.parse(str(card)).text


def _cards(values: Iterable[Any]) -> list[Card]:
    return [c if isinstance(c, Card) else Card.parse(str(c)) for c in values]


def _join_names(names: Sequence[str]) -> str:
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def low_of_five(cards: Sequence[Card]) -> str | None:
    """The low five cards make, written highest first (``"7-5-4-2-A"``); ``None`` if they make none.

    Five different ranks, all 8 or lower, ace low (rule ``hand.low``).

    >>> low_of_five(_cards("7h 5d 4s 2c Ah".split()))
    '7-5-4-2-A'
    >>> low_of_five(_cards("7h 7d 4s 2c Ah".split())) is None
    True
    """
    ranks = sorted({c.low_rank for c in cards}, reverse=True)
    if len(cards) != 5 or len(ranks) != 5 or ranks[0] > 8:
        return None
    return "-".join("A" if r == 1 else str(r) for r in ranks)


def _low_text(cards: Sequence[Card]) -> str | None:
    """The five chosen cards read as a low, highest first, whatever the game: an
    eight-or-better low reads the same as in stud8, a razz low may hold a pair or a king."""
    if len(cards) != 5 or len(set(cards)) != 5:
        return None
    return best_razz(cards).text


# --------------------------------------------------------------------------- describing


def describe(kind: str, answer: Mapping[str, Any]) -> str:
    """A short phrase for an answer object of ``kind`` (the engine's or the learner's).

    >>> describe("bring-in", {"player": "Bo", "amount": Decimal("1")})
    'Bo brings in for 1'
    >>> describe("raises-left", {"raises_left": None})
    'raising is unlimited'
    """
    a = answer
    if kind == "ruling":
        return describe_ruling(a)
    if kind == "ante":
        return f"{format_amount(a.get('each'))} each, {format_amount(a.get('total'))} in all"
    if kind == "buy-in":
        return f"a minimum buy-in of {format_amount(a.get('minimum'))}"
    if kind == "bring-in":
        text = f"{a.get('player') or 'nobody'} brings in"
        if a.get("amount") is not None:
            text += f" for {format_amount(a.get('amount'))}"
        return text
    if kind == "first-to-act":
        return f"{a.get('player') or 'nobody'} acts first"
    if kind == "next-to-act":
        return f"{a.get('player') or 'nobody'} acts next"
    if kind == "showdown-order":
        return f"{a.get('player') or 'nobody'} shows first"
    if kind == "bet-sizes":
        sizes = sorted({to_amount(s) or Decimal(0) for s in a.get("sizes") or ()})
        if not sizes:
            return "no bet or raise is possible"
        words = [format_amount(s) for s in sizes]
        return ("size " if len(words) == 1 else "sizes ") + _join_names(words)
    if kind == "legal-actions":
        actions = list(a.get("actions") or ())
        return (
            ", ".join(normalize_action(x) for x in actions) if actions else "no action"
        )
    if kind == "raises-left":
        left = a.get("raises_left")
        if left is None:
            return "raising is unlimited"
        n = int(left)
        return f"{n} raise left" if n == 1 else f"{n} raises left"
    if kind == "pot":
        return f"a pot of {format_amount(a.get('pot'))}"
    if kind == "community-card":
        if a.get("community"):
            return "yes: seventh street is one community card shared by every player"
        return "no: every player gets a seventh card of their own"
    if kind == "low-qualifies":
        who = a.get("player") or "the player"
        return (
            f"{who} has a qualifying low"
            if a.get("qualifies")
            else f"{who} has no qualifying low"
        )
    if kind in WINNER_KINDS:
        players = list(a.get("players") or ())
        half = "high" if kind == "high-winner" else "low"
        if not players:
            return "no low qualifies" if half == "low" else "nobody"
        if len(players) == 1:
            return f"{players[0]} wins the {half}"
        return f"{_join_names(players)} share the {half}"
    if kind == "best-high":
        cards = " ".join(_card_text(c) for c in a.get("cards") or ())
        if a.get("category"):
            ranks = "-".join(str(r) for r in a.get("ranks") or ())
            return f"{a['category']}, {ranks} ({cards})"
        return cards or "no cards"
    if kind == "best-low":
        if "low" in a:
            return a["low"] if a["low"] else "no low"
        chosen = _cards(a.get("cards") or ())
        low = low_of_five(chosen)
        text = " ".join(c.text for c in chosen)
        return f"{low} ({text})" if low else f"{text} (not a low)" if text else "no low"
    if kind == "award":
        payouts = {
            k: to_amount(v) or Decimal(0) for k, v in (a.get("payouts") or {}).items()
        }
        parts = [f"{name} {format_amount(v)}" for name, v in payouts.items() if v != 0]
        rake = to_amount(a.get("rake")) or Decimal(0)
        text = ", ".join(parts) if parts else "nobody takes anything"
        return text + (f"; rake {format_amount(rake)}" if rake else "; no rake")
    return ", ".join(f"{k}: {v}" for k, v in a.items())


# --------------------------------------------------------------------------- checking


def incomplete(kind: str, given: Mapping[str, Any]) -> str | None:
    """Why ``given`` cannot be checked yet (a sentence saying what to do), or ``None`` if it can.

    An incomplete answer is not checked and not recorded.

    >>> incomplete("best-high", {"cards": ["Ah"]})
    'Pick exactly five cards: you picked 1.'
    >>> incomplete("first-to-act", {"player": None})
    'Choose a player first.'
    """
    if kind == "ruling":
        return ruling_incomplete(given)
    if kind in PLAYER_KINDS and not given.get("player"):
        return "Choose a player first."
    if kind == "bring-in" and to_amount(given.get("amount")) is None:
        return "Enter the bring-in amount."
    if kind == "best-high" or (kind == "best-low" and not given.get("no_low")):
        n = len(given.get("cards") or ())
        if n != 5:
            return f"Pick exactly five cards: you picked {n}."
    if kind == "ante" and (
        to_amount(given.get("each")) is None or to_amount(given.get("total")) is None
    ):
        return "Enter both amounts: the ante each player posts and the total."
    for field, name in (("minimum", "buy-in"), ("pot", "pot")):
        if kind == name and to_amount(given.get(field)) is None:
            return f"Enter the {name} amount."
    if (
        kind == "raises-left"
        and given.get("raises_left") is None
        and not given.get("unlimited")
    ):
        return "Enter the number of raises left, or tick 'unlimited'."
    if kind in ("community-card", "low-qualifies"):
        field = "community" if kind == "community-card" else "qualifies"
        if given.get(field) is None:
            return "Choose yes or no."
    return None


def _same_set(given: Iterable[Any], expected: Iterable[Any]) -> bool:
    return sorted(set(given)) == sorted(set(expected))


def _high_matches(chosen: list[Card], expected: Mapping[str, Any]) -> bool:
    want = _cards(expected.get("cards") or ())
    if len(chosen) != 5 or len(set(chosen)) != 5:
        return False
    return best_high(chosen).value == best_high(want).value


def _is_correct(
    kind: str, given: Mapping[str, Any], expected: Mapping[str, Any]
) -> bool:
    if kind == "ruling":
        return ruling_correct(given, expected)
    if kind == "ante":
        return to_amount(given.get("each")) == to_amount(
            expected.get("each")
        ) and to_amount(given.get("total")) == to_amount(expected.get("total"))
    if kind == "buy-in":
        return to_amount(given.get("minimum")) == to_amount(expected.get("minimum"))
    if kind == "bring-in":
        return given.get("player") == expected.get("player") and to_amount(
            given.get("amount")
        ) == to_amount(expected.get("amount"))
    if kind in PLAYER_KINDS:
        return given.get("player") == expected.get("player")
    if kind in WINNER_KINDS:
        return _same_set(given.get("players") or (), expected.get("players") or ())
    if kind == "bet-sizes":
        return _same_set(
            (to_amount(s) for s in given.get("sizes") or ()),
            (to_amount(s) for s in expected.get("sizes") or ()),
        )
    if kind == "legal-actions":
        return _same_set(
            (normalize_action(a) for a in given.get("actions") or ()),
            (normalize_action(a) for a in expected.get("actions") or ()),
        )
    if kind == "raises-left":
        want = expected.get("raises_left")
        if given.get("unlimited"):
            return want is None
        got = given.get("raises_left")
        return want is not None and got is not None and int(got) == int(want)
    if kind == "pot":
        return to_amount(given.get("pot")) == to_amount(expected.get("pot"))
    if kind == "community-card":
        return bool(given.get("community")) == bool(expected.get("community"))
    if kind == "low-qualifies":
        return bool(given.get("qualifies")) == bool(expected.get("qualifies"))
    if kind == "best-high":
        return _high_matches(_cards(given.get("cards") or ()), expected)
    if kind == "best-low":
        want = expected.get("low")
        if given.get("no_low"):
            return want is None
        chosen = _cards(given.get("cards") or ())
        return want is not None and _low_text(chosen) == str(want).upper()
    if kind == "award":
        want = {
            k: to_amount(v) or Decimal(0)
            for k, v in (expected.get("payouts") or {}).items()
        }
        got = {
            k: to_amount(v) or Decimal(0)
            for k, v in (given.get("payouts") or {}).items()
        }
        names = set(want) | set(got)
        return all(
            want.get(n, Decimal(0)) == got.get(n, Decimal(0)) for n in names
        ) and (to_amount(given.get("rake")) or Decimal(0)) == (
            to_amount(expected.get("rake")) or Decimal(0)
        )
    raise ValueError(f"unknown ask kind {kind!r}: use one of {', '.join(QUIZ_KINDS)}.")


def _given_answer(
    kind: str, given: Mapping[str, Any], expected: Mapping[str, Any]
) -> dict[str, Any]:
    """The learner's answer in the shape :func:`describe` reads."""
    g = dict(given)
    if kind == "ruling":
        g = {
            k: v
            for k, v in g.items()
            if k in ("outcome", "next_player", "next_actions")
        }
        return g
    if kind == "raises-left" and g.get("unlimited"):
        g["raises_left"] = None
    if kind == "low-qualifies":
        g.setdefault("player", expected.get("player"))
    if kind == "best-low" and g.get("no_low"):
        g = {"low": None}
    if kind == "legal-actions":
        g["actions"] = sort_actions(g.get("actions") or ())
    if kind == "best-high":
        chosen = _cards(g.get("cards") or ())
        g = {"cards": chosen}
        if len(chosen) == 5 and len(set(chosen)) == 5:
            hand = best_high(chosen)
            g.update(category=str(hand.category), ranks=hand.rank_chars)
    return g


def check_answer(kind: str, given: Mapping[str, Any], ruling: RulingLike) -> Verdict:
    """Compare the learner's ``given`` answer with the engine's ``ruling`` for an ask of ``kind``.

    Amounts compare as exact Decimals; sets (winners, legal actions, bet sizes) ignore order;
    a best high hand is right when the five cards chosen make the same value as the engine's.

    ``given`` holds, by kind: ``player`` (bring-in also ``amount``), ``players``, ``each`` and
    ``total``, ``minimum``, ``pot``, ``sizes``, ``actions``, ``raises_left`` or ``unlimited``,
    ``community``, ``qualifies``, ``cards`` (best-low also ``no_low``), ``payouts`` and ``rake``.

    >>> from types import SimpleNamespace as R
    >>> r = R(kind="pot", answer={"pot": Decimal("12.5")}, explanation="", rules=(), preset="online")
    >>> check_answer("pot", {"pot": "12.50"}, r).message
    'Right: a pot of 12.5.'
    >>> check_answer("pot", {"pot": 12}, r).message
    'Not right: you answered a pot of 12; the answer is a pot of 12.5.'
    """
    expected = ruling.answer
    expected_text = describe(kind, expected)
    correct = _is_correct(kind, given, expected)
    if correct:
        return Verdict(True, f"Right: {expected_text}.", expected_text)
    given_text = describe(kind, _given_answer(kind, given, expected))
    return Verdict(
        False,
        f"Not right: you answered {given_text}; the answer is {expected_text}.",
        expected_text,
    )


# --------------------------------------------------------------------------- hints and choices

#: One hint per rule id: where to look, without giving the answer away.
RULE_HINTS: Mapping[str, str] = MappingProxyType(
    {
        "table.seats": "A table seats 2 to 8 players: 8 x 7 cards already needs 56 of 52 cards.",
        "table.buy-in": "The minimum buy-in is counted in small bets (10 of them in every preset).",
        "ante.post": "Every player dealt in posts the same ante before the deal; it is dead money.",
        "deal.order": "Cards go one at a time, clockwise, starting left of the dealer.",
        "bring-in.who": "Look at the door cards only: the lowest brings in. The ace is high; "
        "ties go by suit, clubs lowest, then diamonds, hearts, spades.",
        "bring-in.all-in": "A bring-in player with no chips left cannot act: the next player clockwise does.",
        "bring-in.amount": "The bring-in is half the small bet unless the table says otherwise.",
        "bring-in.complete": "Facing only the bring-in, a player may call it or complete to a full small bet.",
        "limit.small": "Third and fourth street use the small bet.",
        "limit.big": "Fifth, sixth and seventh street use the big bet.",
        "limit.open-pair": "An open pair on fourth street may allow a big bet, depending on the house rules; "
        "it is settled when fourth street is dealt and lasts the round.",
        "limit.all-in": "An all-in short of a full bet counts as one only if it is at least half of it; "
        "a smaller one does not reopen the betting for players who have acted.",
        "act.third": "On third street the bring-in acts first, then clockwise.",
        "act.later": "From fourth street on, the best hand showing acts first: pairs count, "
        "four-card straights and flushes do not.",
        "round.end": "A round ends when everyone has called the last bet or checked.",
        "cap.raises": "Count the raises so far: the bet itself is not a raise. Check the cap of the preset.",
        "river.down": "The seventh card is dealt face down.",
        "river.community": "Count the cards left in the deck against the players still in.",
        "showdown.order": "The last player to bet or raise on the river shows first.",
        "hand.high": "Use the best five of all seven cards (plus the community card, if any).",
        "hand.low": "A low needs five different ranks, 8 or lower; the ace is low; "
        "compare from the highest card down.",
        "split.halves": "In stud8 the pot splits between the best high and the best qualifying low.",
        "split.odd-chip": "An odd chip between the halves goes to the high.",
        "split.ties": "Tied hands share their half; check the preset for the odd chip.",
        "pot.side": "An all-in player wins only what each opponent matched of their stake.",
        "razz.bring-in": "In razz the highest door card brings in; the ace is low, so a king is the worst; "
        "the higher suit brings in on a tie.",
        "razz.act": "In razz the lowest board acts first: unpaired beats paired, then compare from the "
        "highest card down.",
        "razz.low": "In razz the lowest five cards win, ace to five: pairs count against, straights and "
        "flushes do not, and there is no qualifier.",
        "razz.limits": "Razz has no open-pair option: fourth street stays a small-bet street.",
        "pot.uncalled": "Chips nobody called go back to their owner before any pot is formed.",
        "pot.rake": "The rake is worked out on all pots together, rounded down, up to the cap, "
        "and taken from each pot in proportion to its size.",
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
    lines = [RULE_HINTS[r] for r in dict.fromkeys(rules) if r in RULE_HINTS]
    if not lines:
        return "Think about which rule decides this, then look at the table."
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
    size = small_bet if street in ("third", "fourth") else big_bet
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
