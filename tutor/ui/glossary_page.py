"""The Glossary page: every term, in the session's language, each with an anchor.

``glossary?term=<id>`` opens the page with that term shown first (the links that a term's first
use on a page becomes: :mod:`tutor.ui.glossary_links`).
"""

from __future__ import annotations

from collections.abc import Iterable

import streamlit as st

from tutor.glossary import Glossary, Term
from tutor.i18n import LANGUAGES, _, current_language
from tutor.ui.data import glossary, lessons
from tutor.ui.rules_page import rule_title_links
from tutor.ui.state import GLOSSARY_CHOSEN, GLOSSARY_FILTER
from tutor.ui.text import plain

#: Each language's name, written in that language (a language is named as its readers do).
LANGUAGE_NAMES = {"en": "English", "it": "Italiano"}


def chosen_term(data: Glossary) -> Term | None:
    """The term named by ``?term=`` in the address, if there is one with that id."""
    wanted = st.query_params.get("term")
    return data.get(wanted) if wanted else None


def _lesson_link(term: Term) -> str:
    found = next((x for x in lessons() if x.id == term.lesson), None)
    if found is None:
        return plain(term.lesson)
    label = _("Lesson {number}: {title}").format(number=found.order, title=found.title)
    return f"[{plain(label)}](./?lesson={found.id})"


def _entry(term: Term, language: str) -> None:
    names = " · ".join(
        f"{LANGUAGE_NAMES.get(lang, lang)}: **{plain(term.names[lang])}**"
        for lang in (language, *(x for x in LANGUAGES if x != language))
    )
    st.markdown(names)
    st.markdown(plain(term.definitions[language]))
    if language in term.notes:
        st.caption(plain(term.notes[language]))
    if term.seed_words:
        data = glossary()
        said = "; ".join(
            _("«{word}» ({page})").format(
                word=plain(w.word), page=plain(data.seeds.get(w.seed, w.seed))
            )
            for w in term.seed_words
        )
        st.caption(_("In the Italian rooms' pages: {words}").format(words=said))
    parts = [_("Taught in {lesson}").format(lesson=_lesson_link(term))]
    if term.rules:
        parts.append(_("Rules: {rules}").format(rules=rule_title_links(term.rules)))
    st.caption(" · ".join(parts))


def matching(terms: Iterable[Term], wanted: str) -> list[Term]:
    """The terms any of whose names or forms, in any language, contains ``wanted``."""
    needle = " ".join(wanted.split()).casefold()
    if not needle:
        return list(terms)
    return [
        t
        for t in terms
        if any(
            needle in form.casefold() for forms in t.forms.values() for form in forms
        )
    ]


def glossary_page() -> None:
    """Every term, in the session's language, alphabetically; the one in the address first."""
    language = current_language()
    data = glossary()
    if not data.terms:
        st.info(_("There is no glossary in this lessons folder."))
        return
    asked = st.query_params.get("term")
    chosen = chosen_term(data)
    if asked and chosen is None:
        st.warning(
            _(
                "There is no term {term} in the glossary: every term is listed below."
            ).format(term=plain(repr(asked)))
        )
    if chosen is not None:
        with st.container(border=True, key=GLOSSARY_CHOSEN.name):
            st.subheader(plain(chosen.names[language]), anchor=f"chosen-{chosen.id}")
            _entry(chosen, language)
    wanted = st.text_input(_("Find a term"), key=GLOSSARY_FILTER.name)
    shown = sorted(
        matching(data.terms, wanted), key=lambda t: t.names[language].casefold()
    )
    if not shown:
        st.info(_("No term matches {text}.").format(text=plain(repr(wanted))))
    for term in shown:
        st.subheader(plain(term.names[language]), anchor=term.id)
        _entry(term, language)
