"""The one rendering layer: engine ``Message`` values to sentences of a language.

The engine says things as data (``tutor.engine.messages.Message``: a key, parameters as
values, a rule id). The sentences are gettext entries of the ``tutor`` domain
(``tutor/locale/<lang>/LC_MESSAGES/tutor.po``), each with the message key as its
``msgctxt`` and the English as its ``msgid``, so a translator edits them in any ``.po``
editor; ``tutor/wording/en`` is the source the template is extracted from:

- ``CATALOGUE``: one entry per message key, either a ``str.format`` template over the
  parameters (one catalogue entry), or a function of ``Params`` for a sentence with a
  condition or a count. A function says each of its sentences with ``p.t("...")`` (the
  entry of its key), ``p.nt(singular, plural, n)`` (a plural entry) or ``p.word(key)`` (a
  word kept under its own key, such as ``word.rank.13``); the condition picks which
  whole sentence is said, and a piece that is only a part (a clause) is its own entry;
- how a value is written (an amount, a card, a list) is the language's: Babel's CLDR
  data for numbers and lists (``tutor.numbers``).

A message is rendered in the language given, or else the current one (``tutor.i18n``: the
session's, so two sessions in one process differ; nothing global is installed but the
renderer, which asks ``tutor.i18n`` for the language each time).

>>> from tutor.engine.messages import msg
>>> render(msg("wording.example", None, player="Ana", amount=2), "en")
'Ana puts in 2.'
>>> render(msg("wording.example", None, player="Ana", amount=2), "it")
'Ana mette 2.'
"""

from __future__ import annotations

import gettext
import importlib
import logging
import string
from collections.abc import Callable, Iterable, Iterator, Mapping
from decimal import Decimal
from enum import Enum
from functools import cache
from typing import Any

from tutor import i18n, numbers
from tutor.engine import (
    DEEP,
    GAME_LABELS,
    GAME_TITLES,
    Card,
    Message,
    fallback,
    install,
)

log = logging.getLogger(__name__)

#: The languages there is a catalogue for; the first is the default (the source).
LANGUAGES = i18n.LANGUAGES
DEFAULT = LANGUAGES[0]
#: The package whose ``CATALOGUE`` is the source of every language's entries.
SOURCE = "en"

_formatter = string.Formatter()


class _Fields(Mapping[str, Any]):
    """A template's fields: the extra values a function computed, then the parameters."""

    __slots__ = ("_extra", "_params")

    def __init__(self, params: Params, extra: Mapping[str, Any]) -> None:
        self._params = params
        self._extra = extra

    def __getitem__(self, name: str) -> Any:
        if name in self._extra:
            value = self._extra[name]
            return value if isinstance(value, str) else self._params.say(value)
        return self._params[name]

    def __iter__(self) -> Iterator[str]:
        yield from self._extra
        yield from self._params

    def __len__(self) -> int:
        return len(self._extra) + len(self._params)


class Params(Mapping[str, str]):
    """A message's parameters as a language writes them; ``raw(name)`` gives the value.

    ``t``, ``nt`` and ``word`` say catalogue entries in the message's language.
    """

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

    @property
    def key(self) -> str:
        """The message key: the ``msgctxt`` of the entries ``t`` and ``nt`` say."""
        return self._message.key

    @property
    def lang(self) -> str:
        """The language the message is said in."""
        return self._tongue.code

    def raw(self, name: str) -> Any:
        """The parameter as the engine gave it (a Decimal, a Card, a tuple...)."""
        return self._message.params[name]

    def say(self, value: Any) -> str:
        """Any value as this language writes it (for templates that compute a part)."""
        return self._tongue.say(value)

    def t(self, msgid: str, /, **extra: Any) -> str:
        """The entry ``msgid`` of this message's key, filled with the parameters and
        ``extra`` (values the function computed: text, or values written here)."""
        text = self._tongue.translations.pgettext(self.key, msgid)
        return _formatter.vformat(text, (), _Fields(self, extra))

    def nt(self, singular: str, plural: str, n: int, /, **extra: Any) -> str:
        """The plural entry of this message's key for ``n`` (``{n}`` is the count)."""
        text = self._tongue.translations.npgettext(self.key, singular, plural, n)
        return _formatter.vformat(text, (), _Fields(self, {"n": n, **extra}))

    def word(self, key: str, /, **extra: Any) -> str:
        """The entry kept under ``key`` in the catalogue (a word: a rank, a suit)."""
        return self._tongue.word(key, self, extra)


Template = str | Callable[[Params], str]


class Tongue:
    """One language: the source catalogue, said through that language's gettext entries."""

    def __init__(self, code: str, catalogue: Mapping[str, Template]) -> None:
        self.code = code
        self.catalogue = catalogue

    @property
    def translations(self) -> gettext.NullTranslations:
        """This language's ``tutor`` catalogue (loaded once per process by tutor.i18n)."""
        return i18n.translations(self.code)

    def word(self, key: str, params: Params | None = None, extra: Any = None) -> str:
        """The entry of ``key`` (a plain template), filled with ``extra`` only."""
        source = self.catalogue[key]
        if not isinstance(source, str):  # pragma: no cover - words are plain entries
            raise TypeError(f"{key} is not a plain entry")
        text = self.translations.pgettext(key, source)
        return _formatter.vformat(text, (), dict(extra or {})) if extra else text

    def say(self, value: Any) -> str:
        """A parameter value as this language writes it."""
        if isinstance(value, Message):
            return self.render(value)
        if isinstance(value, Enum):
            key = f"{type(value).__name__}.{value.name}"
            if key in self.catalogue:
                return self.word(key)
            return str(value.value)
        if value is None:
            return ""
        if isinstance(value, bool):
            return self.word("word.yes" if value else "word.no")
        if isinstance(value, (Decimal, int)):
            if value == DEEP:
                return self.word("word.deep")
            return numbers.format_amount(value, self.code)
        if isinstance(value, Card):
            return value.text
        if isinstance(value, (list, tuple)):
            if value and all(isinstance(c, Card) for c in value):
                return " ".join(c.text for c in value)
            return numbers.format_list([self.say(x) for x in value], self.code)
        return str(value)

    def render(self, message: Message) -> str:
        """One message as a sentence; a key missing from the catalogue is logged."""
        template = self.catalogue.get(message.key)
        if template is None:
            log.error("no %s wording for message key %r", self.code, message.key)
            return fallback(message)
        params = Params(message, self)
        if isinstance(template, str):
            text = self.translations.pgettext(message.key, template)
            return _formatter.vformat(text, (), params)
        return template(params)


@cache
def _source() -> Mapping[str, Template]:
    module = importlib.import_module(f"{__name__}.{SOURCE}")
    catalogue: Mapping[str, Template] = module.CATALOGUE
    return catalogue


@cache
def tongue(code: str | None = None) -> Tongue:
    """The language for ``code`` (default English; ``ValueError`` if there is no catalogue)."""
    code = code or DEFAULT
    if code not in LANGUAGES:
        raise ValueError(
            f"no wording for language {code!r}: use one of {', '.join(LANGUAGES)}."
        )
    return Tongue(code, _source())


def render(message: Message, lang: str | None = None) -> str:
    """One message as a sentence of ``lang`` (default: the current language)."""
    return tongue(lang or i18n.current_language()).render(message)


def sentences(messages: Iterable[Message], lang: str | None = None) -> str:
    """Messages as sentences one after the other, separated by a space."""
    return " ".join(t for t in (render(m, lang) for m in messages) if t)


def game_title(game: str, lang: str | None = None, *, short: bool = False) -> str:
    """A game's name (``short``: its label) in ``lang`` (default: the current language).

    The engine's registry holds each game's English as data; a game with an entry here
    (``game.title.<id>``) is said in the catalogue's language, another in its registered
    English.

    >>> game_title("stud8", "it"), game_title("razz", "it", short=True)
    ('Seven Card Stud Hi/Lo (otto o meglio)', 'Razz')
    """
    key = f"game.{'label' if short else 'title'}.{game}"
    speaker = tongue(lang or i18n.current_language())
    if key in speaker.catalogue:
        return speaker.word(key)
    described = GAME_LABELS if short else GAME_TITLES
    return described.get(game, str(game))


def _current(message: Message) -> str:
    return render(message)


def _source_language(message: Message) -> str:
    return render(message, SOURCE)


install(_current, _source_language)

__all__ = [
    "DEFAULT",
    "LANGUAGES",
    "Params",
    "Template",
    "Tongue",
    "game_title",
    "render",
    "sentences",
    "tongue",
]
