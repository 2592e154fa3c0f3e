"""The one rendering layer: engine ``Message`` values to sentences of a language.

The engine says things as data (``tutor.engine.messages.Message``: a key, parameters as
values, a rule id). Each language is a package here (``tutor/wording/en``) that gives:

- ``CATALOGUE``: one template per message key, either a ``str.format`` template over the
  parameters as that language writes them, or a function of ``Params`` for sentences that
  need grammar (plurals, optional parts);
- ``value(value, say)``: how one parameter value is written (an amount, a card, a list of
  names); ``say`` writes nested values. Messages and enums are handled here: a nested
  message is rendered, an enum member is looked up as ``"<Class>.<NAME>"`` in the catalogue.

Adding a language is a new package listed in ``LANGUAGES``; nothing in the engine changes.
Importing this module installs English as the engine's default renderer, so ``str()`` of a
message or of an engine error, and ``Ruling.explanation``, read as English.

>>> from tutor.engine.messages import msg
>>> render(msg("wording.example", None, player="Ana", amount=2))
'Ana puts in 2.'
"""

from __future__ import annotations

import importlib
import logging
from collections.abc import Callable, Iterable, Iterator, Mapping
from enum import Enum
from functools import cache
from typing import Any

from tutor.engine.messages import Message, fallback, install

log = logging.getLogger(__name__)

#: The languages there is a catalogue for; the first is the default.
LANGUAGES = ("en",)
DEFAULT = LANGUAGES[0]


class Params(Mapping[str, str]):
    """A message's parameters as a language writes them; ``raw(name)`` gives the value."""

    __slots__ = ("_message", "_tongue")

    def __init__(self, message: Message, tongue: Tongue) -> None:
        self._message = message
        self._tongue = tongue

    def __getitem__(self, name: str) -> str:
        return self._tongue.say(self._message.params[name])

    def __iter__(self) -> Iterator[str]:
        return iter(self._message.params)

    def __len__(self) -> int:
        return len(self._message.params)

    def raw(self, name: str) -> Any:
        """The parameter as the engine gave it (a Decimal, a Card, a tuple...)."""
        return self._message.params[name]

    def say(self, value: Any) -> str:
        """Any value as this language writes it (for templates that compute a part)."""
        return self._tongue.say(value)


Template = str | Callable[[Params], str]


class Tongue:
    """One language: its catalogue and how it writes values."""

    def __init__(
        self,
        code: str,
        catalogue: Mapping[str, Template],
        value: Callable[[Any, Callable[[Any], str]], str],
    ) -> None:
        self.code = code
        self.catalogue = catalogue
        self._value = value

    def say(self, value: Any) -> str:
        """A parameter value as this language writes it."""
        if isinstance(value, Message):
            return self.render(value)
        if isinstance(value, Enum):
            word = self.catalogue.get(f"{type(value).__name__}.{value.name}")
            return word if isinstance(word, str) else str(value.value)
        return self._value(value, self.say)

    def render(self, message: Message) -> str:
        """One message as a sentence; a key missing from the catalogue is logged."""
        template = self.catalogue.get(message.key)
        if template is None:
            log.error("no %s wording for message key %r", self.code, message.key)
            return fallback(message)
        params = Params(message, self)
        if isinstance(template, str):
            return template.format_map(params)
        return template(params)


@cache
def tongue(code: str = DEFAULT) -> Tongue:
    """The language for ``code`` (``ValueError`` if there is no catalogue for it)."""
    if code not in LANGUAGES:
        raise ValueError(
            f"no wording for language {code!r}: use one of {', '.join(LANGUAGES)}."
        )
    module = importlib.import_module(f"{__name__}.{code}")
    return Tongue(code, module.CATALOGUE, module.value)


def render(message: Message, lang: str = DEFAULT) -> str:
    """One message as a sentence of ``lang``."""
    return tongue(lang).render(message)


def sentences(messages: Iterable[Message], lang: str = DEFAULT) -> str:
    """Messages as sentences one after the other, separated by a space."""
    return " ".join(t for t in (render(m, lang) for m in messages) if t)


def _english(message: Message) -> str:
    return tongue(DEFAULT).render(message)


install(_english)

__all__ = [
    "DEFAULT",
    "LANGUAGES",
    "Params",
    "Template",
    "Tongue",
    "render",
    "sentences",
    "tongue",
]
