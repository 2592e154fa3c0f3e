"""The interface's gettext catalogue (domain ``tutor``) and the gates every catalogue meets.

``make i18n`` extracts ``tutor/locale/tutor.pot`` with ``pybabel extract -F babel.cfg``
(the engine's wording through ``tutor.wording.extract``, every other ``_()`` call through
Babel's python method), then ``python -m tutor.catalogues merge`` merges it into each
language's ``tutor.po`` (exact matches first, then by message key: see
``tutor.catalogue_files``), and the rules and bank domains update themselves.

``python -m tutor.catalogues check`` (run by ``make lint``) fails when:

- ``tutor.pot`` is not what the code extracts now (an entry missing or left over);
- a language's catalogue of any domain (tutor, rules, bank) has an entry untranslated,
  fuzzy, missing or obsolete;
- a translation's placeholders (``{player}``), markup (``**bold**``, `` `code` ``) or
  plural forms do not agree with the source, or its plural header is not Babel's for the
  language.
"""

from __future__ import annotations

import argparse
import re
import string
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.plurals import get_plural

from tutor import catalogue_files, rules_reference
from tutor.i18n import DEFAULT_LANGUAGE, LOCALE_DIR
from tutor.scenarios import texts

#: The repository (babel.cfg sits at its top, beside the package).
ROOT = Path(__file__).resolve().parent.parent
CONFIG = ROOT / "babel.cfg"
DOMAIN = "tutor"
POT = LOCALE_DIR / f"{DOMAIN}.pot"
COMMENT_TAGS = ("Translators:",)


def po_path(lang: str, domain: str = DOMAIN) -> Path:
    """``tutor/locale/<lang>/LC_MESSAGES/<domain>.po``."""
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.po"


def translated_languages() -> tuple[str, ...]:
    """Every language with a ``tutor.po`` (looked for now: ``new`` adds one)."""
    return tuple(
        sorted(
            p.parent.parent.name
            for p in LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.po")
            if p.parent.parent.name != DEFAULT_LANGUAGE
        )
    )


def extracted() -> Catalog:
    """The template as the code says it now (what ``pybabel extract -F babel.cfg`` writes)."""
    with CONFIG.open(encoding="utf-8") as handle:
        method_map, options_map = parse_mapping_cfg(  # type: ignore[no-untyped-call]
            handle, filename=str(CONFIG)
        )
    catalog = Catalog(domain=DOMAIN, fuzzy=False)
    for path, line, message, comments, context in extract_from_dir(
        ROOT,
        method_map,
        options_map,
        keywords=DEFAULT_KEYWORDS,
        comment_tags=COMMENT_TAGS,
        strip_comment_tags=True,
    ):
        catalog.add(
            message,
            None,
            [(path, line)],
            auto_comments=comments,
            context=context,
        )
    return catalog


def _ids(catalog: Catalog) -> set[tuple[object, str | None]]:
    return {(m.id, m.context) for m in catalog if m.id}


def new_language(code: str) -> Path:
    """An empty ``tutor.po`` for ``code`` (from ``tutor.pot``): the language exists from
    now on, and the rules' and the bank's updates make its other catalogues."""
    if not code.isascii() or not code.replace("_", "").isalpha() or len(code) > 8:
        raise SystemExit(
            f"{code!r} is not a language code: use one such as fr or pt_BR"
        )
    po = po_path(code)
    if po.exists():
        raise SystemExit(f"{po.relative_to(ROOT)} exists already: translate it")
    template = catalogue_files.read_catalogue(POT)
    catalog = catalogue_files.merge(template, None, code, domain=DOMAIN)
    catalogue_files.write_if_changed(po, catalogue_files.render(catalog))
    return po


def merge() -> list[Path]:
    """Merge ``tutor.pot`` into every language's ``tutor.po``; the files written."""
    template = catalogue_files.read_catalogue(POT)
    written: list[Path] = []
    for lang in translated_languages():
        po = po_path(lang)
        old = catalogue_files.read_catalogue(po, lang) if po.exists() else None
        catalog = catalogue_files.merge(template, old, lang, domain=DOMAIN)
        if catalogue_files.write_if_changed(po, catalogue_files.render(catalog)):
            written.append(po)
    return written


# ------------------------------------------------------------------ the checks
_MARKUP = (re.compile(r"\*\*"), re.compile(r"`"), re.compile(r"\]\("))


def fields(text: str) -> set[str]:
    """The ``str.format`` fields of ``text`` (``{player}``, ``{action!r}`` -> ``action``).

    >>> sorted(fields("{player} calls {amount}; {{not a field}} {action!r}"))
    ['action', 'amount', 'player']
    """
    try:
        return {
            name.split(".")[0].split("[")[0]
            for _, name, _, _ in string.Formatter().parse(text)
            if name is not None
        }
    except ValueError:
        return {"<unbalanced braces>"}


def _markup(text: str) -> tuple[int, ...]:
    return tuple(len(p.findall(text)) for p in _MARKUP)


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with a catalogue: the file, the entry and what is wrong."""

    path: Path
    context: str
    text: str
    what: str

    def __str__(self) -> str:
        where = self.path.relative_to(ROOT) if self.path.is_relative_to(ROOT) else self
        ctx = f" [{self.context}]" if self.context else ""
        return f"{where}:{ctx} {self.text[:70]!r}: {self.what}"


def _texts(value: object) -> tuple[str, ...]:
    """A message's id or string as its forms (one, or a plural's)."""
    if isinstance(value, (tuple, list)):
        return tuple(str(v) for v in value)
    return (str(value),)


def agreement(path: Path, catalog: Catalog) -> Iterator[Problem]:
    """Placeholders, markup and plural forms of every translation against its source."""
    lang = str(catalog.locale) if catalog.locale else ""
    wanted = get_plural(lang).num_plurals if lang else 2
    if catalog.num_plurals != wanted:
        yield Problem(
            path,
            "",
            "Plural-Forms",
            f"nplurals={catalog.num_plurals}, but Babel's {lang} has {wanted}",
        )
    for message in catalog:
        if (
            not message.id
            or not message.string
            or not any(
                message.string
                if isinstance(message.string, tuple)
                else (message.string,)
            )
        ):
            continue
        ids = _texts(message.id)
        strings = _texts(message.string)
        ctx = message.context or ""
        if isinstance(message.id, tuple) and len(strings) != wanted:
            yield Problem(
                path, ctx, ids[0], f"{len(strings)} plural forms, {wanted} wanted"
            )
        source_fields = set().union(*(fields(i) for i in ids))
        source_markup = _markup(ids[0])
        for text in strings:
            if not text:
                yield Problem(path, ctx, ids[0], "a plural form is empty")
                continue
            got = fields(text)
            # A plural's singular may say "one" instead of {n}.
            missing = source_fields - got - ({"n"} if len(ids) > 1 else set())
            extra = got - source_fields
            if missing or extra:
                yield Problem(
                    path,
                    ctx,
                    ids[0],
                    "placeholders differ: "
                    + ", ".join(
                        [f"missing {{{m}}}" for m in sorted(missing)]
                        + [f"unknown {{{e}}}" for e in sorted(extra)]
                    ),
                )
            if _markup(text) != source_markup:
                yield Problem(
                    path, ctx, ids[0], "markup (**, `, links) differs from the source"
                )


def completeness(
    path: Path, template: Catalog, translated: Catalog
) -> Iterator[Problem]:
    """Entries missing, untranslated, fuzzy or obsolete in ``translated``."""
    for gap in catalogue_files.gaps(template, translated):
        yield Problem(path, gap.context, gap.text, gap.kind)
    # catalogue_files.gaps reads plain entries only: the plural ones here.
    for message in template:
        if not isinstance(message.id, (tuple, list)):
            continue
        found = translated.get(message.id, message.context)
        singular = str(message.id[0])
        if found is None:
            yield Problem(path, message.context or "", singular, "missing")
        elif not any(_texts(found.string)):
            yield Problem(path, message.context or "", singular, "untranslated")
        elif found.fuzzy:
            yield Problem(path, message.context or "", singular, "fuzzy")


def _domains() -> Iterable[tuple[str, Catalog, list[tuple[str, Path]]]]:
    """Each domain's template as the code makes it now, and its languages' ``.po``."""
    yield (
        DOMAIN,
        catalogue_files.read_catalogue(POT),
        [(lang, po_path(lang)) for lang in translated_languages()],
    )
    yield (
        rules_reference.DOMAIN,
        rules_reference.catalogue_template(),
        [(lang, rules_reference.po_path(lang)) for lang in translated_languages()],
    )
    bank = ROOT / "scenarios"
    if bank.is_dir():
        template, _ = texts.template(bank)
        yield (
            "bank",
            template,
            [
                (lang, texts.po_path(bank, lang))
                for lang in texts.translated_languages()
            ],
        )


def check() -> list[Problem]:
    """Every problem of every catalogue (an empty list: the gates pass)."""
    problems: list[Problem] = []
    committed = catalogue_files.read_catalogue(POT)
    now = extracted()
    for msgid, context in sorted(_ids(now) - _ids(committed), key=str):
        problems.append(
            Problem(
                POT,
                context or "",
                str(msgid),
                "in the code, not in the .pot: run make i18n",
            )
        )
    for msgid, context in sorted(_ids(committed) - _ids(now), key=str):
        problems.append(
            Problem(
                POT,
                context or "",
                str(msgid),
                "in the .pot, not in the code: run make i18n",
            )
        )
    for _domain, template, files in _domains():
        for lang, po in files:
            if not po.exists():
                problems.append(Problem(po, "", "", f"no {lang} catalogue"))
                continue
            translated = catalogue_files.read_catalogue(po, lang)
            problems.extend(completeness(po, template, translated))
            problems.extend(agreement(po, translated))
    return problems


def main(argv: list[str] | None = None) -> int:
    """``merge``: tutor.pot into each tutor.po; ``check``: the gates (exit 1 on a problem);
    ``new CODE``: a new language's empty tutor.po."""
    parser = argparse.ArgumentParser(prog="python -m tutor.catalogues")
    parser.add_argument("command", choices=("merge", "check", "new"))
    parser.add_argument("code", nargs="?", help="new: the language's code (fr, pt_BR)")
    args = parser.parse_args(argv)
    if args.command == "new":
        if not args.code:
            parser.error(
                "new needs the language's code: python -m tutor.catalogues new fr"
            )
        print(f"wrote {new_language(args.code).relative_to(ROOT)}")
        return 0
    if args.command == "merge":
        for path in merge():
            print(f"wrote {path.relative_to(ROOT)}")
        return 0
    problems = check()
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        print(
            f"{len(problems)} catalogue problem(s): run `make i18n`, then translate "
            "the entries named in each language's .po (any .po editor).",
            file=sys.stderr,
        )
        return 1
    print("the catalogues are complete and agree with the code")
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
