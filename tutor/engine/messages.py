"""Explanations as data: a message key, its parameters as values, and the rule it cites.

The engine never writes a sentence. Every operation, ruling, refusal and problem carries
``Message`` values: a key naming what is said (``"bring-in.lowest-door"``), the parameters
as values (a ``Card``, a ``Decimal``, a player's name, a ``Street``, a tuple of them, or
another ``Message``), and the rule id it rests on. A rendering layer outside the engine
(``tutor.wording``) turns them into sentences of a language; adding a language is a new
catalogue there and nothing here.

So that ``str(message)``, ``Ruling.explanation`` and an error's text read as English
wherever the engine is used, ``tutor.wording`` installs its renderer with ``install()``
when it is imported (``tutor/__init__.py`` imports it). Without it, a message renders as
its key and parameters, which is what a test of the engine alone sees.

>>> m = Message("wording.example", {"amount": 12})
>>> fallback(m)
'wording.example(amount=12)'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True, eq=True)
class Message:
    """One thing the engine says: ``key`` with ``params``, resting on ``rule`` (or None)."""

    key: str
    params: Mapping[str, Any] = field(default_factory=dict)
    rule: str | None = None

    def __str__(self) -> str:
        return render(self)

    def __hash__(self) -> int:
        return hash((self.key, self.rule))


def msg(key: str, rule: str | None = None, /, **params: Any) -> Message:
    """A message: ``msg("wording.example", None, player="Ana", amount=2)``.

    The engine says several per action, so the slots are filled directly: the same value as
    ``Message(key, params, rule)``, without the frozen dataclass's three ``object.__setattr__``.

    >>> msg("wording.example", "round.end", amount=2) == Message("wording.example", {"amount": 2}, "round.end")
    True
    """
    message: Message = _new(Message)
    _set_key(message, key)
    _set_params(message, params)
    _set_rule(message, rule)
    return message


_new = object.__new__
_set_key: Callable[[Message, str], None] = Message.__dict__["key"].__set__
_set_params: Callable[[Message, Mapping[str, Any]], None] = Message.__dict__[
    "params"
].__set__
_set_rule: Callable[[Message, str | None], None] = Message.__dict__["rule"].__set__


#: What an explanation is: sentences said one after the other.
Said = tuple[Message, ...]


def fallback(message: Message) -> str:
    """A message as its key and parameters, when no language is installed."""
    params = ", ".join(f"{k}={v!r}" for k, v in message.params.items())
    return f"{message.key}({params})"


_renderer: list[Callable[[Message], str]] = [fallback]
_source: list[Callable[[Message], str]] = [fallback]


def install(
    renderer: Callable[[Message], str],
    source: Callable[[Message], str] | None = None,
) -> None:
    """Make ``renderer`` the one ``render`` uses (the wording layer calls this), and
    ``source`` the one ``render_source`` uses."""
    _renderer[0] = renderer
    if source is not None:
        _source[0] = source


def render_source(message: Message) -> str:
    """A message in the scenario format's language (English), whatever the session's:
    for answer values that are text, which a scenario's ``expect`` is compared with."""
    return _source[0](message)


def render(message: Message) -> str:
    """A message as a sentence, in the installed language."""
    return _renderer[0](message)


def render_all(messages: Iterable[Message]) -> str:
    """Messages as sentences one after the other, separated by a space."""
    return " ".join(t for t in (render(m) for m in messages) if t)


def rules_of(messages: Iterable[Message]) -> tuple[str, ...]:
    """The rule ids the messages rest on, first mention first, each once."""
    seen: dict[str, None] = {}
    for m in messages:
        if m.rule:
            seen.setdefault(m.rule, None)
    return tuple(seen)
