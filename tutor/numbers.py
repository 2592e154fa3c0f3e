"""Amounts and lists the language's way (Babel's CLDR data), and amounts read back strictly.

Italian writes 0,25 and 1.250 and lists with "e"; English keeps the tutor's own writing
(``2``, ``0.5``, ``1250``: the scenario format's and the answers' English, which tests and
shared links quote) and lists as ``A, B and C`` (CLDR's English adds a serial comma).

What a learner types is read with :func:`parse_amount`, strictly the language's way:
Babel's lenient parser reads ``1.5`` in Italian as 15, so a separator in the wrong place is
refused with a message that says where and what was expected.

>>> format_amount(Decimal("0.25"), "it"), format_amount(1250, "it"), format_amount(Decimal("12.50"), "en")
('0,25', '1.250', '12.5')
>>> format_list(["Ana", "Bo", "Cy"], "it"), format_list(["Ana", "Bo", "Cy"], "en")
('Ana, Bo e Cy', 'Ana, Bo and Cy')
>>> parse_amount("1.250", "it"), parse_amount("0,5", "it"), parse_amount("0.5", "en")
(Decimal('1250'), Decimal('0.5'), Decimal('0.5'))
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal, InvalidOperation

from babel.lists import format_list as _babel_list
from babel.numbers import (
    NumberFormatError,
    format_decimal,
    get_decimal_symbol,
    get_group_symbol,
    parse_decimal,
)

from tutor import i18n

#: The Babel locale of each language (the country whose writing the app uses).
LOCALES = {"en": "en_US", "it": "it_IT"}


def locale_of(lang: str | None) -> str:
    """The Babel locale for a language code (the current language if None)."""
    code = i18n.normalise(lang) or i18n.current_language()
    return LOCALES.get(code, code)


def _plain(value: Decimal | int) -> str:
    d = Decimal(value)
    if d == d.to_integral_value():
        return str(int(d))
    return format(d.normalize(), "f")


def format_amount(value: Decimal | int, lang: str | None = None) -> str:
    """An amount without trailing zeros, with the language's separators."""
    code = i18n.normalise(lang) or i18n.current_language()
    if code == "en":
        return _plain(value)
    d = Decimal(value)
    if d == d.to_integral_value():
        d = d.to_integral_value()
    else:
        d = d.normalize()
    return format_decimal(d, locale=locale_of(code), decimal_quantization=False)


def format_count(value: int | Decimal, lang: str | None = None) -> str:
    """A count (of characters, bytes, digits, items) with the language's grouping:
    ``12,345`` in English, ``12.345`` in Italian; a whole number stays whole.

    >>> format_count(12345, "en"), format_count(12345, "it"), format_count(7, "it")
    ('12,345', '12.345', '7')
    """
    code = i18n.normalise(lang) or i18n.current_language()
    if code == "en":
        return f"{value:,}"
    return format_decimal(value, locale=locale_of(code), decimal_quantization=False)


def format_seconds(
    value: float | Decimal, lang: str | None = None, places: int = 1
) -> str:
    """Seconds with ``places`` decimals and the language's separator: ``1.5`` / ``1,5``.

    >>> format_seconds(1.5, "en"), format_seconds(1.5, "it"), format_seconds(12.25, "it", 2)
    ('1.5', '1,5', '12,25')
    """
    code = i18n.normalise(lang) or i18n.current_language()
    text = f"{value:.{places}f}"
    if code == "en":
        return text
    return format_decimal(
        Decimal(text),
        format="0." + "0" * places if places else "0",
        locale=locale_of(code),
    )


def format_list(items: Sequence[str], lang: str | None = None) -> str:
    """``A``, ``A and B``, ``A, B and C`` in the language's words."""
    words = list(items)
    code = i18n.normalise(lang) or i18n.current_language()
    if code == "en":
        if len(words) <= 1:
            return "".join(words)
        return ", ".join(words[:-1]) + " and " + words[-1]
    if not words:
        return ""
    return _babel_list(words, locale=locale_of(code))


class AmountError(ValueError):
    """What a learner typed is not an amount as the language writes it.

    ``position`` is the 0-based character of ``text`` where the problem starts.
    """

    def __init__(self, text: str, position: int, message: str) -> None:
        super().__init__(message)
        self.text = text
        self.position = position


def example(lang: str | None = None) -> str:
    """Two amounts as the language writes them (``0,25 o 1.250``)."""
    tr = i18n.translations(lang)
    return tr.pgettext("numbers.example", "{small} or {large}").format(
        small=format_amount(Decimal("0.25"), lang),
        large=format_amount(1250, lang),
    )


def parse_amount(text: str, lang: str | None = None) -> Decimal:
    """``text`` read as an amount of ``lang``, strictly; ``AmountError`` says what is wrong.

    >>> parse_amount("1.5", "it")
    Traceback (most recent call last):
    ...
    tutor.numbers.AmountError: '1.5': il punto al carattere 2 non è dove lo scrive ...
    >>> parse_amount("4 $", "en")
    Traceback (most recent call last):
    ...
    tutor.numbers.AmountError: '4 $': ' ' at character 2 is not part of an amount: ...
    """
    tr = i18n.translations(lang)
    locale = locale_of(lang)
    decimal_sym = get_decimal_symbol(locale)
    group_sym = get_group_symbol(locale)
    raw = text
    if not raw.strip():
        raise AmountError(
            raw,
            0,
            tr.pgettext(
                "numbers.empty", "nothing is written: write an amount, as in {example}."
            ).format(example=example(lang)),
        )
    lead = len(raw) - len(raw.lstrip())
    stripped = raw.strip()
    for i, ch in enumerate(stripped):
        if not (ch.isdigit() and ch.isascii()) and ch not in (decimal_sym, group_sym):
            raise AmountError(
                raw,
                lead + i,
                tr.pgettext(
                    "numbers.not-a-digit",
                    "{text!r}: {char!r} at character {position} is not part of an "
                    "amount: write digits only, as in {example}.",
                ).format(
                    text=raw, char=ch, position=lead + i + 1, example=example(lang)
                ),
            )
    try:
        value = parse_decimal(stripped, locale=locale, strict=True)
    except (NumberFormatError, InvalidOperation):
        position = _first_separator(stripped, decimal_sym, group_sym)
        sep = stripped[position] if position < len(stripped) else decimal_sym
        what = (
            tr.pgettext("numbers.separator", "the point")
            if sep == "."
            else tr.pgettext("numbers.separator", "the comma")
            if sep == ","
            else repr(sep)
        )
        raise AmountError(
            raw,
            lead + position,
            tr.pgettext(
                "numbers.misplaced",
                "{text!r}: {what} at character {position} is not where {language} "
                "writes it: write the decimals after {decimal}, as in {example}.",
            ).format(
                text=raw,
                what=what,
                position=lead + position + 1,
                language=tr.pgettext("numbers.language", "English"),
                decimal=tr.pgettext("numbers.decimal", "a point"),
                example=example(lang),
            ),
        ) from None
    return Decimal(value)


def _first_separator(text: str, *symbols: str) -> int:
    for i, ch in enumerate(text):
        if ch in symbols:
            return i
    return len(text)


__all__ = [
    "LOCALES",
    "AmountError",
    "example",
    "format_amount",
    "format_count",
    "format_seconds",
    "format_list",
    "locale_of",
    "parse_amount",
]
