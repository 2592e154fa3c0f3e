r"""The bank's texts in other languages: a gettext catalogue beside the bank.

A scenario's title, and each ask's prompt and hint, are written in English in its YAML file
(the format does not change). Their translations live beside the bank, one catalogue per
language::

    scenarios/locale/bank.pot                    # the template: every text of the bank
    scenarios/locale/it/LC_MESSAGES/bank.po      # the Italian

Each text is one entry: ``msgctxt`` is its place (``<scenario id>/title``,
``<scenario id>/steps[<i>]/prompt`` or ``.../hint``, ``i`` counted from 0 as the validator
counts steps), ``msgid`` the English as written in the YAML, ``msgstr`` the translation, with
a ``#:`` reference to the file and line and a ``#.`` note for the translator (the topic, what
the ask asks). Because the msgid is the English itself, a translation is used only for the
English it was written for: an edited prompt falls back to English, and the merge below
carries the old translation over as ``fuzzy`` for the translator to check.

``python -m tutor.scenarios.texts update scenarios`` rewrites the template from the bank and
merges it into every language's ``.po`` (Babel); ``python -m tutor.scenarios.texts check
scenarios`` lists every text without a current translation, located as
``file:line:column: warning: ...``, and exits 1 if there is one.

>>> from tutor.scenarios import check_text
>>> demo, _ = check_text(
...     "id: demo\ntitle: Two deuces\ntopic: bring-in\nlevel: 1\nstakes: {small_bet: 2, big_bet: 4, ante: 0}\n"
...     "seats: [{seat: 1, name: Ana, cards: '2c 3d 4h'}, {seat: 2, name: Bo, cards: '5c 6d 7h'}]\n"
...     "steps: [{ask: bring-in, prompt: Who brings it in?}]\n", "demo.yaml", replay=False)
>>> [(e.context, e.text, e.line) for e in entries(demo)]
[('demo/title', 'Two deuces', 2), ('demo/steps[0]/prompt', 'Who brings it in?', 7)]
>>> scenario_text(demo, "steps[0].prompt", "it")  # no catalogue beside demo.yaml
'Who brings it in?'
"""

from __future__ import annotations

import argparse
import logging
import os
import re
import sys
import threading
from collections import OrderedDict
from collections.abc import Iterator, Sequence
from dataclasses import replace
from pathlib import Path

from babel.messages.catalog import Catalog

from tutor import catalogue_files
from tutor.catalogue_files import Entry, Gap
from tutor.engine import ScenarioError
from tutor.i18n import DEFAULT_LANGUAGE, LANGUAGES, current_language, normalise
from tutor.i18n import translations as _translations
from tutor.scenarios.bank import load_bank
from tutor.scenarios.fields import DEFAULT_PROMPTS
from tutor.scenarios.model import Scenario

log = logging.getLogger(__name__)

#: The gettext domain of a bank's texts.
DOMAIN = "bank"
#: The catalogues' folder inside a bank: ``<bank>/locale/<lang>/LC_MESSAGES/bank.po``.
LOCALE = "locale"
#: How many folders above a scenario file its bank's ``locale`` folder may be (the bundled
#: bank keeps its files one folder down, ``scenarios/<topic>/<id>.yaml``).
SEARCH_DEPTH = 3
#: The text fields of a scenario, as paths: ``title``, ``steps[3].prompt``, ``steps[3].hint``.
_FIELD = re.compile(r"^(?:title|steps\[(?P<step>\d+)\][./](?P<key>prompt|hint))$")

HEADER = """\
# The scenario bank's texts: every title, prompt and hint, one entry per field.
# msgctxt is the text's place: <scenario id>/title, <scenario id>/steps[i]/prompt or
# <scenario id>/steps[i]/hint (steps counted from 0, as the validator reports them).
# msgid is the English as written in the YAML file: when the English is edited, the old
# translation is kept as fuzzy and the app shows the English until it is checked.
# Keep player names, card codes (Kh, 9s, K♠) and low hands (8-5-4-3-2) as written;
# write amounts the language's way ($0,50, 1.250).
# Update with: python -m tutor.scenarios.texts update scenarios"""


def context(scenario_id: str, field_path: str) -> str:
    """The ``msgctxt`` of a field: ``steps[3].prompt`` -> ``<id>/steps[3]/prompt``.

    >>> context("ante-first-hand", "steps[1].prompt"), context("x", "title")
    ('ante-first-hand/steps[1]/prompt', 'x/title')
    """
    return f"{scenario_id}/{field_path.replace('.', '/')}"


def text_fields(scenario: Scenario) -> Iterator[tuple[str, str]]:
    """Each text field the author wrote, as ``(path, English)``, in file order.

    A prompt the author left out (the ask kind's default prompt) is not the bank's text: it
    is the interface's and is translated there.
    """
    yield "title", scenario.title
    for step in scenario.steps:
        ask = step.ask
        if ask is None:
            continue
        if ask.prompt_given:
            yield f"steps[{step.index}].prompt", ask.prompt
        if ask.hint:
            yield f"steps[{step.index}].hint", ask.hint


def _note(scenario: Scenario, path: str) -> tuple[str, ...]:
    where = (
        f"Topic {scenario.topic}, game {scenario.game}, house rules {scenario.rules}; "
        f"players {', '.join(scenario.names)}."
    )
    if path == "title":
        return ("The scenario's title, in lists and above the table.", where)
    match = _FIELD.match(path)
    assert match is not None
    index = int(match.group("step"))
    ask = scenario.steps[index].ask
    assert ask is not None
    what = DEFAULT_PROMPTS.get(ask.kind, ask.kind)
    if match.group("key") == "prompt":
        first = f"Step {index + 1}: the question (ask {ask.kind}: {what})"
    else:
        first = (
            f"Step {index + 1}: the hint of the question (ask {ask.kind}: {what}), shown "
            "before the learner answers: it must not give the answer away"
        )
    return (first, where)


def entries(scenario: Scenario, root: Path | None = None) -> list[Entry]:
    """The catalogue entries of one scenario; ``root`` is its bank (paths relative to it)."""
    file = Path(scenario.path)
    try:
        shown = file.resolve().relative_to(root.resolve()) if root else file
    except ValueError:
        shown = file
    out = []
    for path, text in text_fields(scenario):
        line, _ = scenario.mark(path)
        out.append(
            Entry(
                context(scenario.id, path),
                text,
                shown.as_posix(),
                line,
                _note(scenario, path),
            )
        )
    return out


def extract(folder: str | os.PathLike[str]) -> tuple[list[Entry], list[ScenarioError]]:
    """Every text of the bank in ``folder``, and the problems of the files that failed.

    Files are read and checked against the format, not replayed (a text needs no replay).
    """
    root = Path(folder)
    bank = load_bank([root], replay=False)
    found: list[Entry] = []
    for scenario in bank.scenarios:
        found += entries(scenario, root)
    return found, bank.problems


def template(folder: str | os.PathLike[str]) -> tuple[Catalog, list[ScenarioError]]:
    """The ``bank.pot`` of the bank in ``folder`` (and the problems of files left out)."""
    found, problems = extract(folder)
    return catalogue_files.template(found, domain=DOMAIN, header=HEADER), problems


def locale_dir(folder: str | os.PathLike[str]) -> Path:
    """``<folder>/locale``."""
    return Path(folder) / LOCALE


def po_path(folder: str | os.PathLike[str], lang: str) -> Path:
    """``<folder>/locale/<lang>/LC_MESSAGES/bank.po``."""
    return locale_dir(folder) / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def translated_languages() -> tuple[str, ...]:
    """The languages a bank is translated into (all but English, the bank's own)."""
    return tuple(lang for lang in LANGUAGES if lang != DEFAULT_LANGUAGE)


def update(
    folder: str | os.PathLike[str],
    languages: Sequence[str] | None = None,
    *,
    drop_obsolete: bool = False,
) -> tuple[list[Path], list[ScenarioError]]:
    """Write ``bank.pot`` and merge it into each language's ``bank.po``.

    :return: the files written, and the problems of the scenario files left out.
    """
    catalog, problems = template(folder)
    langs = languages if languages is not None else translated_languages()
    written = catalogue_files.update(
        catalog,
        locale_dir(folder) / f"{DOMAIN}.pot",
        [(lang, po_path(folder, lang)) for lang in langs],
        domain=DOMAIN,
        drop_obsolete=drop_obsolete,
    )
    return written, problems


def check(folder: str | os.PathLike[str], lang: str) -> list[Gap]:
    """Every text of the bank without a current ``lang`` translation, and left-overs."""
    catalog, _ = template(folder)
    po = po_path(folder, lang)
    translated = catalogue_files.read_catalogue(po, lang) if po.exists() else None
    return catalogue_files.gaps(catalog, translated)


_SAID = {
    "missing": "has no {lang} entry in {po}",
    "untranslated": "has an empty {lang} translation in {po}",
    "fuzzy": (
        "has a fuzzy {lang} translation in {po} (the English changed since it was "
        "translated, or the translator marked it unsure): check it and remove the fuzzy flag"
    ),
    "obsolete": "is a {lang} translation in {po} that no text of the bank uses any more",
}


def describe(gap: Gap, folder: str | os.PathLike[str], lang: str) -> str:
    """A gap as ``file:line:1: warning: <place> has no it entry in ...``."""
    po = po_path(folder, lang)
    said = _SAID[gap.kind].format(lang=lang, po=po)
    if gap.location is not None:
        file, line = gap.location
        return f"{Path(folder) / file}:{line}:1: warning: {gap.context} {said}."
    return f"{po}: warning: {gap.context or repr(gap.text[:40])} {said}."


def catalogue_root(scenario_path: str | os.PathLike[str], lang: str) -> Path | None:
    """The ``locale`` folder of the bank holding ``scenario_path`` that has ``lang``.

    It is the nearest of the file's folder and up to ``SEARCH_DEPTH`` folders above it with
    ``locale/<lang>/LC_MESSAGES/bank.po`` (or ``.mo``); None when there is none.
    """
    folder = Path(scenario_path).absolute().parent
    for _ in range(SEARCH_DEPTH + 1):
        messages = folder / LOCALE / lang / "LC_MESSAGES"
        if (messages / f"{DOMAIN}.po").is_file() or (
            messages / f"{DOMAIN}.mo"
        ).is_file():
            return folder / LOCALE
        if folder.parent == folder:
            break
        folder = folder.parent
    return None


def _english(scenario: Scenario, field_path: str) -> str:
    match = _FIELD.match(field_path)
    if match is None:
        raise KeyError(
            f"{field_path!r} is not a text field: use 'title', 'steps[<i>].prompt' or "
            "'steps[<i>].hint'"
        )
    if match.group("step") is None:
        return scenario.title
    index = int(match.group("step"))
    step = scenario.steps[index] if index < len(scenario.steps) else None
    ask = step.ask if step is not None else None
    if ask is None:
        raise KeyError(f"{scenario.id}: steps[{index}] is not an ask")
    text = ask.prompt if match.group("key") == "prompt" else ask.hint
    if text is None:
        raise KeyError(f"{scenario.id}: steps[{index}] has no hint")
    return text


def scenario_text(scenario: Scenario, field_path: str, lang: str | None = None) -> str:
    """A scenario's title, prompt or hint in ``lang`` (default: the session's language).

    ``field_path`` is ``title``, ``steps[<i>].prompt`` or ``steps[<i>].hint`` (``steps[i]``
    as the validator numbers steps). The English as written is returned where the bank has
    no catalogue for ``lang`` (an instructor's bank), the text has no translation, or its
    translation is fuzzy or was written for older English.

    :raises KeyError: if the path names no text of this scenario (a step that is not an
        ask, an ask without a hint).
    """
    english = _english(scenario, field_path.replace("/", "."))
    code = normalise(lang) if lang is not None else current_language()
    if code is None or code == DEFAULT_LANGUAGE:
        return english
    root = catalogue_root(scenario.path, code)
    if root is None:
        return english
    try:
        catalogue = _translations(code, domain=DOMAIN, root=root)
        return catalogue.pgettext(context(scenario.id, field_path), english)
    except Exception:  # logged: a broken catalogue must not take the page down
        log.exception("the %s texts of %s could not be read", code, scenario.id)
        return english


#: How many localised scenarios are kept, most recently used last.
LOCALISED_KEPT = 512
_localised: OrderedDict[tuple[int, str], tuple[Scenario, Scenario]] = OrderedDict()
_localised_lock = threading.Lock()


def localised(scenario: Scenario, lang: str | None = None) -> Scenario:
    """The scenario with its title, prompts and hints in ``lang`` (see :func:`scenario_text`).

    Everything else (ids, cards, names, marks) is the same value, so the replay and the
    answers do not change. The same scenario object in the same language gives the same
    object back (kept per object, as the app's replays are), so a page that localises the
    bank's scenario on every rerun replays it once.
    """
    code = normalise(lang) if lang is not None else current_language()
    if code is None or code == DEFAULT_LANGUAGE:
        return scenario
    key = (id(scenario), code)
    with _localised_lock:
        kept = _localised.get(key)
        if kept is not None and kept[0] is scenario:
            _localised.move_to_end(key)
            return kept[1]
    made = _localise(scenario, code)
    with _localised_lock:
        _localised[key] = (scenario, made)
        _localised.move_to_end(key)
        while len(_localised) > LOCALISED_KEPT:
            _localised.popitem(last=False)
    return made


def forget_localised() -> None:
    """Drop the kept localised scenarios (after a translator's edit, with
    :func:`tutor.i18n.reload_catalogues`)."""
    with _localised_lock:
        _localised.clear()


def _default_prompt(kind: str, player: str | None, code: str, shown: str) -> str:
    """The ask kind's own prompt (a step that gives none) in ``code``; ``shown`` (the
    English the model builder filled in) when the kind has no catalogue entry."""
    template = DEFAULT_PROMPTS.get(kind)
    if template is None:
        return shown
    said = _translations(code).gettext
    return said(template).format(player=player or said("the player"))


def _localise(scenario: Scenario, code: str) -> Scenario:
    steps = []
    for step in scenario.steps:
        ask = step.ask
        if ask is not None:
            here = f"steps[{step.index}]"
            ask = replace(
                ask,
                prompt=(
                    scenario_text(scenario, f"{here}.prompt", code)
                    if ask.prompt_given
                    else _default_prompt(ask.kind, ask.player, code, ask.prompt)
                ),
                hint=scenario_text(scenario, f"{here}.hint", code)
                if ask.hint
                else None,
            )
            step = replace(step, ask=ask)
        steps.append(step)
    return replace(
        scenario, title=scenario_text(scenario, "title", code), steps=tuple(steps)
    )


def main(argv: Sequence[str] | None = None) -> int:
    """``update FOLDER`` writes the template and merges it; ``check FOLDER`` lists the gaps."""
    parser = argparse.ArgumentParser(
        prog="python -m tutor.scenarios.texts",
        description="Keep the bank's translations (FOLDER/locale/<lang>/LC_MESSAGES/bank.po) "
        "up to date with its English.",
    )
    parser.add_argument("command", choices=("update", "check"))
    parser.add_argument("folder", nargs="?", default="scenarios")
    parser.add_argument(
        "--lang",
        action="append",
        choices=translated_languages(),
        help="only this language (repeatable); default: every language",
    )
    parser.add_argument(
        "--drop-obsolete",
        action="store_true",
        help="update: delete the translations no text uses any more",
    )
    args = parser.parse_args(argv)
    langs = args.lang or list(translated_languages())
    folder = args.folder
    if not Path(folder).is_dir():
        print(
            f"{folder}: not a folder: name the scenario bank's folder", file=sys.stderr
        )
        return 2
    if args.command == "update":
        written, problems = update(folder, langs, drop_obsolete=args.drop_obsolete)
        for problem in problems:
            print(f"{problem} (left out of the catalogue)", file=sys.stderr)
        for path in written:
            print(f"wrote {path}")
        if not written:
            print("the catalogues were already up to date")
        return 1 if problems else 0
    found = 0
    for lang in langs:
        for gap in check(folder, lang):
            found += 1
            print(describe(gap, folder, lang))
    print(f"{found} text(s) without a current translation", file=sys.stderr)
    return 1 if found else 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
