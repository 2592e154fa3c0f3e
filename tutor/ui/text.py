"""Text that is data (titles, prompts, hints, explanations, names) shown as plain text.

Streamlit reads Markdown in ``st.markdown``, alerts, captions, headings, buttons and radio
labels: links, images (which the browser fetches), ``:red[...]`` colours, ``:smile:`` emoji
and ``$...$`` maths. Every piece of data that goes into such a call passes through
:func:`plain` first, so it shows exactly as written. Pure functions (no Streamlit).
"""

from __future__ import annotations

import re

from tutor.engine import Card

#: Every ASCII punctuation character: CommonMark lets each be escaped with a backslash.
_PUNCTUATION = re.compile(r"([!-/:-@\[-`{-~])")
#: Streamlit turns ``:name:`` into an emoji or an icon, and bare addresses into links,
#: after the Markdown is parsed (the backslash escapes are gone by then): an invisible
#: word joiner after the colon, ``@`` or ``www`` breaks those up.
_WORD_JOINER = "\u2060"
#: Where Streamlit's Markdown would still see something after the backslash escapes: a
#: colon that could open ``:name:`` or a ``scheme://`` link, an ``@`` of an e-mail
#: address, and ``www.`` (GitHub's bare links are found in the unescaped text).
_STILL_SEEN = re.compile(r"(\\:|\\@)(?=\S)|(?<![\w])(www)(?=\\\.)", re.IGNORECASE)
#: The longest piece of a refused value quoted back to the user.
QUOTE_MAX = 24


def plain(text: object) -> str:
    """``text`` escaped so that Streamlit's Markdown shows it literally.

    >>> plain("**b** [x](y)")
    '\\\\*\\\\*b\\\\*\\\\* \\\\[x\\\\]\\\\(y\\\\)'
    >>> plain("Ana")
    'Ana'
    """
    escaped = _PUNCTUATION.sub(r"\\\1", str(text))
    escaped = _STILL_SEEN.sub(
        lambda m: (m.group(1) or m.group(2)) + _WORD_JOINER, escaped
    )
    # A line break would start a new Markdown block (a heading, a list, code): keep one
    # paragraph, with the break shown as a space.
    return " ".join(escaped.split("\n"))


def quoted(value: object, limit: int = QUOTE_MAX) -> str:
    """A short, plain quotation of a refused value: at most ``limit`` characters.

    >>> quoted("a" * 30)
    "'aaaaaaaaaaaaaaaaaaaaaaaa…' (30 characters)"
    >>> quoted("Ana")
    "'Ana'"
    """
    text = str(value)
    if len(text) <= limit:
        return repr(text)
    return f"{text[:limit] + '…'!r} ({len(text)} characters)"


#: A card written as text in an explanation: rank then suit letter, not inside a word.
_CARD = re.compile(r"(?<![\w/])(10|[2-9TJQKA])([cdhs])(?![\w/])")


def with_card_symbols(text: str) -> str:
    """The engine's text with its card codes written as the table shows them (Q♣, 10♥).

    Only codes that stand alone count, so words are left alone; the one English word a
    code could be ("As") only changes where it is followed by a card-like neighbour.

    >>> with_card_symbols("Ana shows Qc Th 2d and wins.")
    'Ana shows Q♣ 10♥ 2♦ and wins.'
    >>> with_card_symbols("As Bo calls, Ks 9s")
    'As Bo calls, K♠ 9♠'
    """

    def card(match: re.Match[str]) -> str:
        rank, suit = match.group(1), match.group(2)
        if rank == "A" and suit == "s" and not _near_card(match):
            return match.group(0)
        try:
            return Card.parse(("T" if rank == "10" else rank) + suit).symbol
        except Exception:  # noqa: BLE001 - anything not a card stays as written
            return match.group(0)

    def _near_card(match: re.Match[str]) -> bool:
        around = match.string[max(0, match.start() - 4) : match.end() + 4]
        return len(_CARD.findall(around)) > 1

    return _CARD.sub(card, text)


#: An absolute file path: a slash-separated run of at least two parts (or a drive path).
_PATH = re.compile(r"(?:[A-Za-z]:\\|/)(?:[\w.+-]+[/\\])+([\w.+-]+)")


def without_paths(text: str) -> str:
    """``text`` with every absolute file path cut to its file name (no server path shown).

    >>> without_paths("/srv/tutor/scenarios/a.yaml:3:1: bad seat")
    'a.yaml:3:1: bad seat'
    """
    return _PATH.sub(lambda m: m.group(1), text)
