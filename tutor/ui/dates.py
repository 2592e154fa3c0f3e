"""Dates on the instructor pages, written the language's way (Babel's CLDR month names).

English keeps the pages' earlier look (``02 Dec 2026``); Italian reads ``02 dic 2026``.
Times are shown in UTC and say so.

>>> from datetime import datetime, UTC
>>> from tutor.i18n import use_language
>>> when = datetime(2026, 12, 2, 14, 5, tzinfo=UTC)
>>> with use_language("it"):
...     day(when), moment(when)
('02 dic 2026', '02 dic 2026 14:05 UTC')
>>> with use_language("en"):
...     day(when), moment(when, comma=True)
('02 Dec 2026', '02 Dec 2026, 14:05 UTC')
"""

from __future__ import annotations

from datetime import UTC, date, datetime

from babel.dates import format_date, format_datetime

from tutor.numbers import locale_of


def day(value: date | datetime) -> str:
    """A day: ``02 Dec 2026``, ``02 dic 2026``."""
    if isinstance(value, datetime):
        value = value.astimezone(UTC).date() if value.tzinfo else value.date()
    return str(format_date(value, "dd MMM y", locale=locale_of(None)))


def moment(value: datetime, *, comma: bool = False) -> str:
    """A day and time in UTC: ``02 Dec 2026 14:05 UTC`` (``comma``: ``2026, 14:05``)."""
    when = value if value.tzinfo else value.replace(tzinfo=UTC)
    pattern = "dd MMM y, HH:mm" if comma else "dd MMM y HH:mm"
    text = format_datetime(when, pattern, tzinfo=UTC, locale=locale_of(None))
    return f"{text} UTC"
