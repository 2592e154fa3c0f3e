"""The action grammar: how a decision is written (``Ana raises 15``) and read back.

One place for the words: the engine's :meth:`Hand.parse <tutor.engine.table.Hand.parse>`,
the scenario validator (:func:`read_action`, and :data:`ACTION_PATTERN` in the JSON Schema),
the quiz (:func:`read_decision`, :func:`legal_text`), the scenario tools that turn a legal
action (``raise 15``) into the scenario format's ``Ana raises 15``, the drills and the bench
all use these functions.

An action is a name, a verb and, for every verb but ``folds`` and ``checks``, an optional
amount, which may follow ``to`` (``Ana raises to 4``) and may start with ``$``. Each verb is
written as the scenario format writes it (``raises``, ``brings in``) or as a legal-actions
answer writes it (``raise``, ``bring in``), in any case; a last full stop is ignored.
:data:`EXAMPLES` lists forms the grammar accepts and :data:`REFUSED` forms it refuses
(the tests check both against :data:`ACTION_PATTERN`; ``docs/scenario-format.md`` shows them).

>>> parse_action("Ana Maria raises to 15", ["Bo", "Ana Maria"])
Action(player='Ana Maria', kind=<ActionKind.RAISE: 'raise'>, amount=Decimal('15'))
>>> read_action("Bo brings in 1")
Action(player='Bo', kind=<ActionKind.BRING_IN: 'bring in'>, amount=Decimal('1'))
>>> scenario_text("Bo", "bring in 1"), scenario_text("Cy", "call 2"), scenario_text("Cy", "fold")
('Bo brings in', 'Cy calls 2', 'Cy folds')
>>> legal_text(*read_decision("Calls $1.50"))
'call 1.5'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from decimal import Decimal, InvalidOperation

from tutor.engine.errors import ActionSyntaxError, AmbiguousActionError
from tutor.engine.messages import msg
from tutor.engine.values import (
    ACTION_FORMS,
    PAST,
    VERBS,
    Action,
    ActionKind,
    fmt,
)

__all__ = [
    "ACTION_FORMS",
    "ACTION_PATTERN",
    "EXAMPLES",
    "KIND_ORDER",
    "PAST",
    "REFUSED",
    "VERBS",
    "WORDS",
    "legal_action",
    "legal_text",
    "parse_action",
    "read_action",
    "read_decision",
    "scenario_text",
]

#: The kinds in the order a player thinks of them (and legal-actions lists them).
KIND_ORDER: tuple[ActionKind, ...] = tuple(ActionKind)
#: Each kind's two spellings: the scenario format's (``raises``) and the answer's (``raise``).
WORDS: dict[ActionKind, tuple[str, str]] = {k: (PAST[k], k.value) for k in KIND_ORDER}
#: Kinds that never carry an amount.
_NO_AMOUNT = (ActionKind.FOLD, ActionKind.CHECK)
#: The bring-in's first word (``brings in``, ``bring in``); every other verb is one word.
_BRING = {w.split()[0] for w in WORDS[ActionKind.BRING_IN]}
#: The longest verb phrase in words: ``brings in to 4``.
_LONGEST = 4
#: An amount as the reader takes it before checking it is more than 0 (``$`` stripped).
_NUMBER = re.compile(r"[-+]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)")

#: Forms the grammar reads, each with the action it reads (documentation and tests use them).
EXAMPLES: tuple[tuple[str, Action], ...] = (
    ("Ana folds", Action("Ana", ActionKind.FOLD)),
    ("Ana checks", Action("Ana", ActionKind.CHECK)),
    ("Ana calls", Action("Ana", ActionKind.CALL)),
    ("Ana calls 2", Action("Ana", ActionKind.CALL, Decimal(2))),
    ("Bo brings in", Action("Bo", ActionKind.BRING_IN)),
    ("Bo brings in 1", Action("Bo", ActionKind.BRING_IN, Decimal(1))),
    ("Cy completes", Action("Cy", ActionKind.COMPLETE)),
    ("Cy completes to 2", Action("Cy", ActionKind.COMPLETE, Decimal(2))),
    ("Ana bets 4", Action("Ana", ActionKind.BET, Decimal(4))),
    ("Ana raises 8", Action("Ana", ActionKind.RAISE, Decimal(8))),
    ("Ana raises to 4", Action("Ana", ActionKind.RAISE, Decimal(4))),
    ("Ana Maria calls $0.50.", Action("Ana Maria", ActionKind.CALL, Decimal("0.50"))),
    ("Bo raise 4", Action("Bo", ActionKind.RAISE, Decimal(4))),
    ("Bo Calls 1", Action("Bo", ActionKind.CALL, Decimal(1))),
)
#: Forms the grammar refuses: no verb, words after the action, amounts that are no amount.
REFUSED: tuple[str, ...] = (
    "",
    "Ana",
    "calls 2",
    "Ana dances",
    "Ana rases 4",
    "Ana checks 4",
    "Ana folds now",
    "Ana folds to",
    "Ana raises to",
    "Ana raises 4x",
    "Ana bets 0",
    "Ana bets -2",
    "Ana bets 1e3",
    "Ana calls 2 3",
    "Ana brings 1",
)


def _anycase(word: str) -> str:
    return "".join(
        f"[{c.upper()}{c.lower()}]" if c.isalpha() else re.escape(c) for c in word
    )


def _spelling(kinds: Sequence[ActionKind]) -> str:
    """Both spellings of each kind, any case: ``[Rr][Aa][Ii][Ss][Ee][Ss]?``."""
    out = []
    for kind in kinds:
        parts = []
        for said, bare in zip(*(w.split() for w in WORDS[kind]), strict=True):
            if said == bare + "s":
                parts.append(_anycase(bare) + "[Ss]?")
            elif said == bare:
                parts.append(_anycase(bare))
            else:
                parts.append(f"(?:{_anycase(said)}|{_anycase(bare)})")
        out.append(r"\s+".join(parts))
    return "|".join(out)


def _pattern() -> str:
    positive = r"\$?\+?(?:[0-9]*[1-9][0-9]*(?:\.[0-9]*)?|[0-9]*\.[0-9]*[1-9][0-9]*)"
    bare = _spelling(_NO_AMOUNT)
    sized = _spelling([k for k in KIND_ORDER if k not in _NO_AMOUNT])
    amount = rf"(?:\s+(?:{_anycase('to')}\s+)?{positive})?"
    return rf"^\s*\S(?:.*\S)?\s+(?:(?:{bare})|(?:{sized}){amount})\s*\.*\s*$"


#: The grammar as one regular expression (for the JSON Schema; Python and ECMA-262 alike).
#: It accepts exactly the texts :func:`read_action` reads (a test checks it).
ACTION_PATTERN = _pattern()


def _words(text: object) -> list[str]:
    if not isinstance(text, str):
        raise ActionSyntaxError(msg("action.not-an-action", None, text=text))
    return text.strip().rstrip(".").split()


def _starts_verb(low: Sequence[str]) -> bool:
    """Whether lower-cased words start with a verb."""
    if not low:
        return False
    return low[0] in VERBS or (low[0] in _BRING and low[1:2] == ["in"])


def _amount(text: str, word: str) -> Decimal:
    raw = word.removeprefix("$")
    if _NUMBER.fullmatch(raw) is None:
        raise ActionSyntaxError(msg("action.not-an-amount", None, text=text, word=word))
    amount = Decimal(raw)
    if amount <= 0:
        raise ActionSyntaxError(msg("action.not-positive", None, text=text))
    return amount


def _phrase(text: str, words: Sequence[str]) -> tuple[ActionKind, Decimal | None]:
    """The verb and amount of ``words`` (what follows the name), or the syntax error."""
    low = [w.lower() for w in words[:2]]
    if low[:1] and low[0] in _BRING and low[1:2] == ["in"]:
        kind, tail = ActionKind.BRING_IN, list(words[2:])
    elif low[:1] and low[0] in VERBS:
        kind, tail = VERBS[low[0]], list(words[1:])
    else:
        raise ActionSyntaxError(msg("action.not-an-action", None, text=text))
    if len(tail) == 2 and tail[0].lower() == "to":
        tail = tail[1:]
    if len(tail) > 1 or (tail and kind in _NO_AMOUNT):
        raise ActionSyntaxError(msg("action.extra-words", None, text=text))
    return kind, (_amount(text, tail[0]) if tail else None)


def read_decision(text: str) -> tuple[ActionKind, Decimal | None]:
    """A decision without a name (``"raise to 15"``, ``"Calls $1.50"``): its kind and amount.

    :raises ActionSyntaxError: for words outside the grammar.
    """
    words = _words(text)
    return _phrase(text, words)


def read_action(text: str) -> Action:
    """``"Ana Maria raises to 15"`` read without knowing who is at the table.

    The name is every word before the verb phrase; where a name holds a verb word
    (``Bo Calls calls``) the first reading that fits the grammar is taken.

    :raises ActionSyntaxError: for words outside the grammar (the error of the first verb
        found, or "not an action" where there is none).
    """
    words = _words(text)
    low = [w.lower() for w in words]
    for k in range(max(1, len(words) - _LONGEST), len(words)):
        if _starts_verb(low[k : k + 2]):
            try:
                kind, amount = _phrase(text, words[k:])
            except ActionSyntaxError:
                continue
            return Action(" ".join(words[:k]), kind, amount)
    for k in range(1, len(words)):
        if _starts_verb(low[k : k + 2]):
            _phrase(text, words[k:])  # raises: every fitting reading was tried above
    raise ActionSyntaxError(msg("action.not-an-action", None, text=text))


def parse_action(
    text: str,
    names: Sequence[str],
    to_act: Callable[[], str] | None = None,
) -> Action:
    """Read ``"Cy raises 15"`` into an Action; ``names`` are the players at the table.

    Without a name (``"raise 15"``) the action is for ``to_act()`` (which may raise when
    nobody can act); without ``to_act`` a name is required. Where two names start the text
    (``Bo`` and ``Bo Bets``) the longest whose rest fits the grammar is taken.

    :raises ActionSyntaxError: for words outside the grammar.
    :raises AmbiguousActionError: for a name nobody at the table has.
    """
    words = _words(text)
    if not words:
        raise ActionSyntaxError(msg("action.not-an-action", None, text=text))
    first: ActionSyntaxError | None = None
    for candidate in sorted(names, key=lambda n: -len(n.split())):
        k = len(candidate.split())
        if words[:k] == candidate.split():
            try:
                kind, amount = _phrase(text, words[k:])
            except ActionSyntaxError as err:
                first = first or err
                continue
            return Action(candidate, kind, amount)
    if first is not None:
        raise first
    if to_act is not None and _starts_verb([w.lower() for w in words[:2]]):
        name = to_act()
        return Action(name, *_phrase(text, words))
    raise AmbiguousActionError(
        msg("action.names-nobody", None, text=text, names=tuple(names))
    )


def legal_text(kind: ActionKind, amount: Decimal | None = None) -> str:
    """A decision as a legal-actions answer writes it: ``call 1.5``, ``fold``."""
    return kind.value if amount is None else f"{kind.value} {fmt(amount)}"


def legal_action(player: str, legal: str) -> Action:
    """One of ``Hand.legal_actions()`` (``"raise 15"``, ``"bring in 1"``) for ``player``.

    The bring-in is read without its amount, as the scenario format writes it.
    """
    if legal == "bring in" or legal.startswith("bring in "):
        return Action(player, ActionKind.BRING_IN, None)
    verb, _, amount = legal.partition(" ")
    return Action(player, ActionKind(verb), Decimal(amount) if amount else None)


def scenario_text(player: str, legal: str) -> str:
    """One of ``Hand.legal_actions()`` for ``player`` as the scenario format writes it:
    ``("Bo", "call 1")`` -> ``"Bo calls 1"``; the bring-in goes without its amount.

    :raises ValueError: if ``legal`` is not a legal-actions entry.
    """
    try:
        action = legal_action(player, legal)
    except (ValueError, InvalidOperation):
        raise ValueError(f"not an action: {legal!r}") from None
    if action.amount is None:
        return f"{player} {PAST[action.kind]}"
    return f"{player} {PAST[action.kind]} {legal.partition(' ')[2]}"
