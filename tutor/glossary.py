"""The glossary: every stud term the lessons teach, in each language, and where a text uses one.

The data is ``lessons/glossary.yaml``, beside the lessons it points into: for each term, its name
and a one-line definition in every language (:data:`tutor.i18n.LANGUAGES`), the other words that
are the same term in a text (plurals, verb forms), the word the Italian rooms' pages use where it
differs (with the page it comes from), the lesson that teaches it and its rule ids. A term with
no settled name in a language says so in a ``note``.

:meth:`Glossary.uses` finds the terms a text uses, the first use of each only, for the pages that
link a term's first use to its entry; :func:`link_markdown` does that for trusted Markdown (the
lessons, the rules reference). Pure functions: no Streamlit.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from types import MappingProxyType
from typing import Any

import yaml

from tutor import files
from tutor.engine import RULE_IDS, TutorError
from tutor.i18n import LANGUAGES

#: The glossary's file name, in the lessons folder.
GLOSSARY_FILE = "glossary.yaml"
_ID = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
_TERM_KEYS = ("id", "lesson", "rules", "seeds", *LANGUAGES)
_LANGUAGE_KEYS = ("term", "also", "definition", "note")


@dataclass(frozen=True)
class SeedWord:
    """A word an Italian room's page uses for the term, and the page (a key of ``seeds``)."""

    word: str
    seed: str


@dataclass(frozen=True)
class Term:
    """One glossary entry."""

    id: str
    #: The term as said in each language.
    names: Mapping[str, str]
    #: Every word or phrase that is this term in a text of each language (the name first).
    forms: Mapping[str, tuple[str, ...]]
    #: One line in each language.
    definitions: Mapping[str, str]
    #: Per language, what a reader should know about the name (e.g. no settled term).
    notes: Mapping[str, str]
    seed_words: tuple[SeedWord, ...]
    #: The id of the lesson that first teaches it.
    lesson: str
    rules: tuple[str, ...]


@dataclass(frozen=True)
class TermUse:
    """A term found in a text: ``text[start:end]`` is one of its forms."""

    term: Term
    start: int
    end: int
    text: str


@dataclass(frozen=True)
class Glossary:
    """The terms (in the file's order) and the seed pages they quote, by key."""

    terms: tuple[Term, ...]
    seeds: Mapping[str, str] = field(default_factory=dict)

    def get(self, term_id: str) -> Term | None:
        """The term with this id, or None."""
        return self._by_id.get(term_id)

    @cached_property
    def _by_id(self) -> dict[str, Term]:
        return {term.id: term for term in self.terms}

    @cached_property
    def _patterns(self) -> dict[str, tuple[re.Pattern[str], dict[str, Term]]]:
        found = {}
        for language in LANGUAGES:
            owner = {
                _key(form): term
                for term in self.terms
                for form in term.forms.get(language, ())
            }
            # The longest form first, so that "small bet" wins over "bet" where both fit; a
            # space in a form is any run of spaces or a line break.
            alternatives = "|".join(
                re.escape(form).replace(r"\ ", r"\s+")
                for form in sorted(owner, key=len, reverse=True)
            )
            pattern = re.compile(
                rf"(?<![\w-])(?:{alternatives})(?![\w-])" if owner else r"(?!x)x",
                re.IGNORECASE,
            )
            found[language] = (pattern, owner)
        return found

    def uses(
        self, text: str, language: str, seen: Collection[str] = ()
    ) -> list[TermUse]:
        """The first use in ``text`` of each term, in the order they come, leaving out the
        terms whose ids are in ``seen`` (already linked earlier on the same page).

        A form is found as a whole word, whatever its case, never inside a longer word or a
        hyphenated one ("raise" is not found in "re-raise"); where two forms overlap the
        longer wins.

        >>> g = Glossary((_demo("bet", ["bet", "bets"]), _demo("small-bet", ["small bet"])))
        >>> [(u.term.id, u.text) for u in g.uses("A small bet, then bets and a bet.", "en")]
        [('small-bet', 'small bet'), ('bet', 'bets')]
        >>> g.uses("He bets.", "en", seen={"bet"})
        []
        """
        if language not in LANGUAGES:
            return []
        pattern, owner = self._patterns[language]
        done = set(seen)
        out = []
        for match in pattern.finditer(text):
            term = owner[_key(match.group(0))]
            if term.id in done:
                continue
            done.add(term.id)
            out.append(TermUse(term, match.start(), match.end(), match.group(0)))
        return out


def _key(form: str) -> str:
    """A form as looked up: its words, single-spaced, case folded."""
    return " ".join(form.split()).casefold()


def _demo(term_id: str, forms: list[str]) -> Term:
    """A one-language term for the examples."""
    return Term(
        term_id,
        {"en": forms[0]},
        {"en": tuple(forms)},
        {"en": term_id},
        {},
        (),
        "demo",
        (),
    )


def term_href(term_id: str) -> str:
    """The address of the Glossary page opened at the term (relative, as the rule links).

    >>> term_href("door-card")
    'glossary?term=door-card'
    """
    return f"glossary?term={term_id}"


#: What Markdown must not have a link put inside: fenced code, headings, code spans, links
#: and images, HTML tags.
_PROTECTED = re.compile(
    r"^(?P<fence>```|~~~)[^\n]*\n.*?^(?P=fence)[^\n]*$"
    r"|^[ \t]*#[^\n]*$"
    r"|`[^`\n]*`"
    r"|!?\[[^\]\n]*\]\([^)\n]*\)"
    r"|<[^>\n]*>",
    re.MULTILINE | re.DOTALL,
)


def link_markdown(
    markdown: str,
    glossary: Glossary,
    language: str,
    *,
    seen: set[str] | None = None,
    href: Callable[[str], str] = term_href,
) -> str:
    """``markdown`` with the first use of each term made a link to its glossary entry.

    Headings, fenced code, code spans, links and HTML tags are left as they are; the rest of
    the text is unchanged (a term may run over a line break). ``seen`` (updated) holds the
    terms already linked on the page.

    >>> g = Glossary((_demo("stub", ["stub"]),))
    >>> link_markdown("# The stub\\n\\nCount the `stub`, then the stub: the stub.", g, "en")
    '# The stub\\n\\nCount the `stub`, then the [stub](glossary?term=stub): the stub.'
    """
    linked = seen if seen is not None else set()
    pieces: list[str] = []
    at = 0
    for protected in [*_PROTECTED.finditer(markdown), None]:
        end = protected.start() if protected is not None else len(markdown)
        pieces.append(_link_text(markdown[at:end], glossary, language, linked, href))
        if protected is not None:
            pieces.append(protected.group(0))
            at = protected.end()
    return "".join(pieces)


def _link_text(
    text: str,
    glossary: Glossary,
    language: str,
    linked: set[str],
    href: Callable[[str], str],
) -> str:
    out = []
    at = 0
    for use in glossary.uses(text, language, linked):
        linked.add(use.term.id)
        out.append(text[at : use.start])
        out.append(f"[{use.text}]({href(use.term.id)})")
        at = use.end
    out.append(text[at:])
    return "".join(out)


# --- loading ---------------------------------------------------------------------------


def load_glossary(folder: str | Path) -> Glossary:
    """The glossary in ``folder/glossary.yaml``; an empty one when there is no such file.

    :raises TutorError: for a file that is not a regular file or not valid YAML, or an
        entry with a missing or unknown field, an unknown rule id, a seed word naming no
        seed page, or a form that two terms share.
    """
    path = Path(folder) / GLOSSARY_FILE
    if not os.path.lexists(path):
        return Glossary(())
    try:
        data = files.read_regular(path, MAX_GLOSSARY_BYTES, folder)
    except files.UnsafeFile as exc:
        if exc.problem.kind == files.NOT_REGULAR:
            raise TutorError(f"{path}: the glossary must be a regular file.") from None
        raise TutorError(f"{path}: {exc.problem.message}") from None
    except OSError as exc:
        raise TutorError(f"{path}: cannot be read: {exc.strerror or exc}.") from None
    if len(data) > MAX_GLOSSARY_BYTES:
        raise TutorError(f"{path}: over {MAX_GLOSSARY_BYTES:,} bytes.")
    return parse_glossary(data.decode("utf-8"), path)


#: The largest glossary read.
MAX_GLOSSARY_BYTES = 4 * 1024 * 1024


def parse_glossary(text: str, path: str | Path = GLOSSARY_FILE) -> Glossary:
    """The glossary from its YAML text; ``path`` names the file in messages."""
    where = str(path)
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        at = f":{mark.line + 1}" if mark is not None else ""
        raise TutorError(
            f"{where}{at}: not valid YAML: {getattr(exc, 'problem', None) or exc}."
        ) from None
    if not isinstance(data, dict) or set(data) != {"seeds", "terms"}:
        raise TutorError(
            f"{where}: the glossary must be a mapping with 'seeds' (the pages quoted, by "
            "key) and 'terms' (the list of entries)."
        )
    seeds = data["seeds"]
    if not isinstance(seeds, dict) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in seeds.items()
    ):
        raise TutorError(f"{where}: 'seeds' must map each page's key to its title.")
    entries = data["terms"]
    if not isinstance(entries, list) or not entries:
        raise TutorError(f"{where}: 'terms' must be a list of entries.")
    terms = tuple(
        _term(entry, f"{where}: terms[{n}]", seeds) for n, entry in enumerate(entries)
    )
    _check_unique(terms, where)
    return Glossary(terms, MappingProxyType(dict(seeds)))


def _text(value: Any, where: str) -> str:
    if not isinstance(value, str) or not value.strip() or "\n" in value.strip():
        raise TutorError(f"{where} must be one line of text, not {value!r}.")
    return value.strip()


def _term(entry: Any, where: str, seeds: Mapping[str, str]) -> Term:
    if not isinstance(entry, dict):
        raise TutorError(f"{where} must be a mapping, not {entry!r}.")
    unknown = sorted(set(entry) - set(_TERM_KEYS))
    missing = [k for k in _TERM_KEYS if k not in entry and k != "seeds"]
    if unknown or missing:
        wrong = f"unknown field {unknown[0]!r}" if unknown else f"no {missing[0]!r}"
        raise TutorError(
            f"{where}: {wrong}: an entry has {', '.join(_TERM_KEYS)} ('seeds' optional)."
        )
    term_id = entry["id"]
    if not isinstance(term_id, str) or not _ID.fullmatch(term_id):
        raise TutorError(
            f"{where}: id must be lower-case letters, digits and '-', not {term_id!r}."
        )
    where = f"{where} ({term_id})"
    lesson = entry["lesson"]
    if not isinstance(lesson, str) or not _ID.fullmatch(lesson):
        raise TutorError(f"{where}: lesson must be a lesson id, not {lesson!r}.")
    rules = entry["rules"]
    if not isinstance(rules, list) or not all(r in RULE_IDS for r in rules):
        raise TutorError(
            f"{where}: rules must be a list of rule ids (such as [bring-in.who]), "
            f"not {rules!r}."
        )
    names, forms, definitions, notes = {}, {}, {}, {}
    for language in LANGUAGES:
        said = entry[language]
        at = f"{where}: {language}"
        if not isinstance(said, dict) or not set(said) <= set(_LANGUAGE_KEYS):
            raise TutorError(
                f"{at} must be a mapping of {', '.join(_LANGUAGE_KEYS)}, not {said!r}."
            )
        names[language] = _text(said.get("term"), f"{at}.term")
        definitions[language] = _text(said.get("definition"), f"{at}.definition")
        also = said.get("also", [])
        if not isinstance(also, list):
            raise TutorError(f"{at}.also must be a list of words, not {also!r}.")
        forms[language] = tuple(
            dict.fromkeys([names[language], *(_text(a, f"{at}.also") for a in also)])
        )
        if "note" in said:
            notes[language] = _text(said["note"], f"{at}.note")
    return Term(
        id=term_id,
        names=MappingProxyType(names),
        forms=MappingProxyType(forms),
        definitions=MappingProxyType(definitions),
        notes=MappingProxyType(notes),
        seed_words=_seed_words(entry.get("seeds", []), where, seeds),
        lesson=lesson,
        rules=tuple(rules),
    )


def _seed_words(
    value: Any, where: str, seeds: Mapping[str, str]
) -> tuple[SeedWord, ...]:
    if not isinstance(value, list):
        raise TutorError(
            f"{where}: seeds must be a list of {{word, seed}}, not {value!r}."
        )
    out = []
    for item in value:
        if not isinstance(item, dict) or set(item) != {"word", "seed"}:
            raise TutorError(
                f"{where}: each seed word is {{word, seed}}, not {item!r}."
            )
        if item["seed"] not in seeds:
            raise TutorError(
                f"{where}: seed {item['seed']!r} is not one of the pages listed under "
                f"'seeds' ({', '.join(seeds)})."
            )
        out.append(SeedWord(_text(item["word"], f"{where}: seed word"), item["seed"]))
    return tuple(out)


def _check_unique(terms: Iterable[Term], where: str) -> None:
    ids: set[str] = set()
    owners: dict[tuple[str, str], str] = {}
    for term in terms:
        if term.id in ids:
            raise TutorError(f"{where}: the id {term.id!r} is used twice: keep one.")
        ids.add(term.id)
        for language, forms in term.forms.items():
            for form in forms:
                key = (language, _key(form))
                if key in owners and owners[key] != term.id:
                    raise TutorError(
                        f"{where}: {language} {form!r} belongs to both {owners[key]!r} "
                        f"and {term.id!r}: a word may name one term only."
                    )
                owners[key] = term.id
