"""The action grammar: how a decision is written (``Ana raises 15``) and read back.

One place for the words: the engine's :meth:`Hand.parse <tutor.engine.table.Hand.parse>`,
the scenario tools that turn a legal action (``raise 15``) into the scenario format's
``Ana raises 15``, the drills and the bench all use these functions.

>>> parse_action("Ana Maria raises to 15", ["Bo", "Ana Maria"])
Action(player='Ana Maria', kind=<ActionKind.RAISE: 'raise'>, amount=Decimal('15'))
>>> scenario_text("Bo", "bring in 1"), scenario_text("Cy", "call 2"), scenario_text("Cy", "fold")
('Bo brings in', 'Cy calls 2', 'Cy folds')
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from decimal import Decimal, InvalidOperation

from tutor.engine.errors import ActionSyntaxError, AmbiguousActionError
from tutor.engine.messages import msg
from tutor.engine.values import ACTION_FORMS, PAST, VERBS, Action, ActionKind

__all__ = [
    "ACTION_FORMS",
    "PAST",
    "VERBS",
    "legal_action",
    "parse_action",
    "scenario_text",
]


def parse_action(
    text: str,
    names: Sequence[str],
    to_act: Callable[[], str] | None = None,
) -> Action:
    """Read ``"Cy raises 15"`` into an Action; ``names`` are the players at the table.

    Without a name (``"raise 15"``) the action is for ``to_act()`` (which may raise when
    nobody can act); without ``to_act`` a name is required.

    :raises ActionSyntaxError: for words outside the grammar.
    :raises AmbiguousActionError: for a name nobody at the table has.
    """
    if not isinstance(text, str) or not text.strip():
        raise ActionSyntaxError(
            msg("action.not-an-action", None, text=text, forms=ACTION_FORMS)
        )
    words = text.strip().rstrip(".").split()
    name = None
    for candidate in sorted(names, key=lambda n: -len(n.split())):
        k = len(candidate.split())
        if words[:k] == candidate.split():
            name, rest = candidate, words[k:]
            break
    if name is None:
        if to_act is not None and (
            words[0].lower() in VERBS or words[0].lower() in ("bring", "brings")
        ):
            rest = words
            name = to_act()
        else:
            raise AmbiguousActionError(
                msg("action.names-nobody", None, text=text, players=tuple(names))
            )
    low = [w.lower() for w in rest]
    amount: Decimal | None = None
    match low:
        case [("brings" | "bring"), "in", *tail]:
            kind = ActionKind.BRING_IN
        case [verb, *tail] if verb in VERBS:
            kind = VERBS[verb]
        case _:
            raise ActionSyntaxError(
                msg("action.unknown-verb", None, text=text, forms=ACTION_FORMS)
            )
    if tail and tail[0] == "to":
        tail = tail[1:]
    if len(tail) > 1 or (tail and kind in (ActionKind.FOLD, ActionKind.CHECK)):
        raise ActionSyntaxError(
            msg("action.extra-words", None, text=text, forms=ACTION_FORMS)
        )
    if tail:
        raw = tail[0].lstrip("$")
        try:
            amount = Decimal(raw)
        except InvalidOperation:
            raise ActionSyntaxError(
                msg("action.not-an-amount", None, text=text, word=tail[0])
            ) from None
        if not amount.is_finite() or amount <= 0:
            raise ActionSyntaxError(msg("action.amount-not-positive", None, text=text))
    return Action(name, kind, amount)


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
