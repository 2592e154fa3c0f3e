"""Links from a term's first use on a page to its entry on the Glossary page.

Pages link terms with :func:`linked_markdown` (trusted Markdown: a lesson, a rule's text) or
:func:`linked_plain` (text that is data, such as a prompt, a hint or an explanation: shown as
plain text, only the links are Markdown). Both take a ``seen`` set, updated, so that a term is
linked once per page: pass the same set for every text of one page. The language is the
text's (default: the session's).
"""

from __future__ import annotations

from tutor.glossary import link_markdown, term_href
from tutor.i18n import current_language
from tutor.ui.data import glossary
from tutor.ui.text import plain


def linked_markdown(
    markdown: str, language: str | None = None, seen: set[str] | None = None
) -> str:
    """Trusted Markdown with each glossary term's first use linked to its entry."""
    return link_markdown(
        markdown, glossary(), language or current_language(), seen=seen
    )


def linked_plain(
    text: str, language: str | None = None, seen: set[str] | None = None
) -> str:
    """``text`` shown as plain text (:func:`tutor.ui.text.plain`), with each glossary term's
    first use a link to its entry: the one piece of Markdown in it.

    For a prompt, a hint or an explanation. ``seen`` (updated) holds the terms already
    linked on the page.
    """
    found = seen if seen is not None else set()
    pieces = []
    at = 0
    for use in glossary().uses(text, language or current_language(), found):
        found.add(use.term.id)
        pieces.append(plain(text[at : use.start]))
        pieces.append(f"[{plain(use.text)}]({term_href(use.term.id)})")
        at = use.end
    pieces.append(plain(text[at:]))
    return "".join(pieces)
