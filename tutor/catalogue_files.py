"""Writing a gettext template and merging it into each language's catalogue, with Babel.

The bank's texts (``tutor.scenarios.texts``) and the rules reference (``tutor.rules_reference``)
keep their translations in catalogues of their own domains. Both are kept up to date the same
way: the template (``.pot``) is built from the source texts, then merged into every
language's ``.po`` with Babel's :meth:`~babel.messages.catalog.Catalog.update`.

Every entry has a ``msgctxt`` that names its place (``ante-first-hand/steps[1]/prompt``,
``bring-in.who/text``) and the English as its ``msgid``. Babel's own fuzzy matching compares
msgids only, across every context, so an edited prompt could inherit the translation of a
different scenario's prompt. The merge here is exact first (Babel, without fuzzy matching),
then by place:

- the same English in the same owner (the part of the context before the first ``/``: the
  scenario or the rule), moved to another place (a step inserted before it), keeps its
  translation as it was;
- an entry whose English changed finds the old translation of its own place: it is carried
  over marked ``fuzzy``, with the old English as ``#| msgid``, so the translator sees what
  changed. A fuzzy entry is not used (gettext falls back to the English) and a test fails
  until the translator has checked it.

Translations that no longer match anything stay in the ``.po`` as obsolete (``#~``) entries,
for the translator to reuse or delete (``drop_obsolete`` deletes them).
"""

from __future__ import annotations

import io
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import denormalize, read_po, write_po

from tutor import __version__

PROJECT = "Stud Tutor"
#: Header lines whose value changes on every run; two files differing only there are equal.
_DATED = (b'"POT-Creation-Date:', b'"PO-Revision-Date:')


@dataclass(frozen=True, slots=True)
class Entry:
    """One text to translate: its place, its English, where it is written and a note."""

    context: str
    text: str
    #: The file (relative, with ``/``) and 1-based line the text is written at.
    path: str
    line: int
    #: What the translator needs to know (``#.`` lines), one string per line.
    comments: tuple[str, ...] = ()


def owner(context: str) -> str:
    """The scenario id or rule id a context belongs to.

    >>> owner("ante-first-hand/steps[1]/prompt"), owner("bring-in.who/title"), owner("")
    ('ante-first-hand', 'bring-in.who', '')
    """
    return context.split("/", 1)[0]


#: Who to tell about a source text that cannot be translated well.
BUGS_TO = "the Stud Tutor issue tracker"
#: The language teams, by language code.
TEAMS = {"it": "Italian"}


def template(entries: Iterable[Entry], *, domain: str, header: str) -> Catalog:
    """The ``.pot`` of ``entries`` (an entry without a context is a plain msgid)."""
    catalog = Catalog(
        domain=domain,
        project=PROJECT,
        version=__version__,
        msgid_bugs_address=BUGS_TO,
        header_comment=header,
        charset="utf-8",
        fuzzy=False,
    )
    for entry in entries:
        catalog.add(
            entry.text,
            locations=[(entry.path, entry.line)],
            auto_comments=list(entry.comments),
            context=entry.context or None,
        )
    return catalog


def read_catalogue(path: Path, locale: str | None = None) -> Catalog:
    """A ``.po`` or ``.pot`` file as a Babel catalogue (obsolete entries in ``.obsolete``).

    Babel reads a fuzzy entry's previous msgid (``#| msgid "..."``) as a translator's comment;
    it is put back as the entry's ``previous_id``, so that it survives the next update.
    """
    with path.open("rb") as handle:
        catalog = read_po(handle, locale=locale, abort_invalid=True)
    for message in [*catalog, *catalog.obsolete.values()]:
        _previous_back(message)
    return catalog


def _previous_back(message: Message) -> None:
    kept: list[str] = []
    previous: list[str] = []
    for comment in message.user_comments:
        if comment.startswith("| msgid "):
            previous = [comment[len("| msgid ") :]]
        elif previous and comment.startswith('| "'):
            previous.append(comment[2:])
        else:
            kept.append(comment)
    if previous:
        message.previous_id = [denormalize("\n".join(previous))]
        message.user_comments = kept


def merge(
    template_catalog: Catalog, old: Catalog | None, locale: str, *, domain: str
) -> Catalog:
    """``old`` (None: a new catalogue) brought up to date with ``template_catalog``.

    Exact matches keep their translation; then the moves and edits described in the module's
    docstring; whatever is left of ``old`` becomes obsolete.
    """
    catalog = (
        old if old is not None else _new_catalogue(template_catalog, locale, domain)
    )
    # Babel's update rebuilds each entry from the template: the previous msgids of entries
    # still waiting for their translator would be lost.
    previous = {
        (m.id, m.context): m.previous_id for m in catalog if m.id and m.previous_id
    }
    catalog.update(template_catalog, no_fuzzy_matching=True, update_creation_date=True)
    for message in catalog:
        earlier = previous.get((message.id, message.context))
        if earlier and message.fuzzy:
            message.previous_id = earlier
    _carry_by_place(catalog)
    for key in [k for k, m in catalog.obsolete.items() if not m.string]:
        del catalog.obsolete[key]  # nothing translated: nothing to keep
    return catalog


def _new_catalogue(template_catalog: Catalog, locale: str, domain: str) -> Catalog:
    team = TEAMS.get(locale, locale)
    first = template_catalog.header_comment.splitlines()[0].lstrip("# ")
    return Catalog(
        locale=locale,
        domain=domain,
        project=PROJECT,
        version=__version__,
        msgid_bugs_address=BUGS_TO,
        header_comment=f"# {team}: {first}",
        language_team=team,
        last_translator=f"the {team} team",
        revision_date=datetime.now(UTC),
        charset="utf-8",
        fuzzy=False,
    )


def _carry_by_place(catalog: Catalog) -> None:
    obsolete: dict[object, Message] = {k: v for k, v in catalog.obsolete.items()}
    by_text: dict[tuple[str, str], object] = {}
    by_place: dict[str, object] = {}
    for key, message in obsolete.items():
        if not message.string or not isinstance(message.id, str):
            continue
        context = message.context or ""
        by_text.setdefault((owner(context), message.id), key)
        by_place.setdefault(context, key)
    used: set[object] = set()

    def take(key: object | None) -> Message | None:
        if key is None or key in used:
            return None
        used.add(key)
        return obsolete[key]

    def waiting() -> list[Message]:
        return [
            m
            for m in catalog
            if m.id and not m.string and isinstance(m.id, str) and m.context
        ]

    # First every text that only moved (so that an edit never takes a moved text's place),
    # then the edits.
    for message in waiting():
        moved = take(by_text.get((owner(message.context or ""), str(message.id))))
        if moved is not None:
            message.string = moved.string
            message.flags |= moved.flags & {"fuzzy"}
            message.user_comments = list(moved.user_comments)
    for message in waiting():
        edited = take(by_place.get(message.context or ""))
        if edited is not None:
            message.string = edited.string
            message.flags |= {"fuzzy"}
            message.previous_id = [str(edited.id)]
            message.user_comments = list(edited.user_comments)
    for key in used:
        del catalog.obsolete[key]  # type: ignore[arg-type]


def render(catalog: Catalog) -> bytes:
    """The catalogue as ``.po`` text (previous msgids of fuzzy entries included)."""
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=96, include_previous=True)
    return buffer.getvalue()


def _undated(data: bytes) -> list[bytes]:
    return [line for line in data.splitlines() if not line.startswith(_DATED)]


def write_if_changed(path: Path, data: bytes) -> bool:
    """Write ``data`` unless the file already says the same (dates aside); True if written."""
    if path.exists() and _undated(path.read_bytes()) == _undated(data):
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_bytes(data)
    tmp.replace(path)
    return True


def update(
    template_catalog: Catalog,
    pot: Path,
    po_files: Iterable[tuple[str, Path]],
    *,
    domain: str,
    drop_obsolete: bool = False,
) -> list[Path]:
    """Write ``pot`` and merge it into each ``(language, .po path)``; the files written."""
    written = [pot] if write_if_changed(pot, render(template_catalog)) else []
    for lang, po in po_files:
        old = read_catalogue(po, lang) if po.exists() else None
        catalog = merge(template_catalog, old, lang, domain=domain)
        if drop_obsolete:
            catalog.obsolete.clear()
        if write_if_changed(po, render(catalog)):
            written.append(po)
    return written


@dataclass(frozen=True, slots=True)
class Gap:
    """An entry of the template without a usable translation, or a catalogue left-over."""

    context: str
    text: str
    #: ``missing``, ``untranslated``, ``fuzzy`` (its English changed, or a translator left
    #: it unsure) or ``obsolete`` (a translation that matches no text any more).
    kind: str
    location: tuple[str, int] | None = None


def gaps(template_catalog: Catalog, translated: Catalog | None) -> list[Gap]:
    """What keeps ``translated`` from covering ``template_catalog``, in template order."""
    out: list[Gap] = []
    for message in template_catalog:
        if not message.id or not isinstance(message.id, str):
            continue
        context = message.context or ""
        where = message.locations[0] if message.locations else None
        found = (
            translated.get(message.id, message.context)
            if translated is not None
            else None
        )
        if found is None:
            out.append(Gap(context, message.id, "missing", where))
        elif not found.string:
            out.append(Gap(context, message.id, "untranslated", where))
        elif found.fuzzy:
            out.append(Gap(context, message.id, "fuzzy", where))
    if translated is not None:
        for message in translated.obsolete.values():
            out.append(Gap(message.context or "", str(message.id), "obsolete"))
        wanted = {(m.id, m.context) for m in template_catalog if m.id}
        for message in translated:
            if message.id and (message.id, message.context) not in wanted:
                out.append(Gap(message.context or "", str(message.id), "obsolete"))
    return out


__all__ = [
    "PROJECT",
    "Entry",
    "Gap",
    "gaps",
    "merge",
    "owner",
    "read_catalogue",
    "render",
    "template",
    "update",
    "write_if_changed",
]
