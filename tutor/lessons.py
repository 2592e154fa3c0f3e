"""Lessons: Markdown with YAML front matter, checked against rule and topic ids.

The English lessons are ``lessons/*.md``; a translation is ``lessons/<lang>/<same name>.md``
(``lessons/it/03-bring-in.md``). A translation's front matter holds the lesson's ``id``, its
``title`` and ``summary`` in that language, and ``source``: the ``sha256:`` hash of the English
file it translates (:func:`source_hash`), so that a changed English lesson shows which
translations are behind. Order, topics and rules are the English lesson's.

A lesson's scenarios are those of its topics, except that a scenario whose questions need a
rule taught only in a later lesson is shown by that later lesson (:func:`lesson_for_scenario`):
a lesson never asks what it has not taught yet.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml

from tutor import files
from tutor.course import TOPICS
from tutor.engine import RULE_IDS, TutorError
from tutor.i18n import DEFAULT_LANGUAGE, LANGUAGES

if TYPE_CHECKING:
    from tutor.scenarios.model import Scenario

#: Front matter keys, all required.
FIELDS: tuple[str, ...] = ("id", "title", "order", "topics", "rules", "summary")
#: A translation's front matter keys, all required (the rest comes from the English lesson).
TRANSLATION_FIELDS: tuple[str, ...] = ("id", "title", "summary", "source")
_HASH = re.compile(r"sha256:[0-9a-f]{64}")

_ID = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
#: A backticked ``word.word`` in a body is read as a rule id citation.
_CITATION = re.compile(r"`([a-z]+(?:-[a-z]+)*\.[a-z]+(?:-[a-z]+)*)`")


@dataclass(frozen=True)
class Lesson:
    """One lesson: its front matter fields, its Markdown body and its file."""

    id: str
    title: str
    order: int
    topics: tuple[str, ...]
    rules: tuple[str, ...]
    summary: str
    body: str
    path: str
    #: The language the title, summary and body are written in.
    language: str = DEFAULT_LANGUAGE
    #: A translation made from an older English lesson (its ``source`` hash differs).
    stale: bool = False

    @property
    def cited_rules(self) -> tuple[str, ...]:
        """The rule ids cited in backticks in the body, once each, in order of use."""
        return cited_rules(self.body)


def cited_rules(body: str) -> tuple[str, ...]:
    """The backticked rule ids in ``body``, each once, in order of first use.

    >>> cited_rules("See `bring-in.who` and `limit.small`, then `bring-in.who`.")
    ('bring-in.who', 'limit.small')
    """
    return tuple(dict.fromkeys(_CITATION.findall(body)))


def source_hash(text: str) -> str:
    """The hash a translation records of the English file it translates (line ends as LF).

    >>> source_hash("a\\r\\nb") == source_hash("a\\nb")
    True
    >>> source_hash("")[:15]
    'sha256:e3b0c442'
    """
    digest = hashlib.sha256(text.replace("\r\n", "\n").encode("utf-8")).hexdigest()
    return f"sha256:{digest}"


def _split_front_matter(
    text: str, path: str, fields: Sequence[str] = FIELDS
) -> tuple[str, str, int]:
    """Front matter text, body text, and the 1-based line on which the body starts."""
    lines = text.replace("\r\n", "\n").split("\n")
    if not lines or lines[0].strip() != "---":
        raise TutorError(
            f"{path}: no front matter: the file must begin with a line '---', then the "
            f"fields {', '.join(fields)}, then a line '---'."
        )
    for index in range(1, len(lines)):
        if lines[index].strip() == "---":
            front = "\n".join(lines[1:index])
            body = "\n".join(lines[index + 1 :]).lstrip("\n")
            skipped = len(lines[index + 1 :]) - len(body.split("\n"))
            return front, body, index + 2 + skipped
    raise TutorError(
        f"{path}: the front matter is not closed: "
        "add a line '---' after its last field."
    )


def _string_list(
    value: Any, key: str, path: str, *, may_be_empty: bool = False
) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise TutorError(
            f"{path}: {key!r} must be a list of ids such as [{key[:-1]}-id], "
            f"not {value!r}."
        )
    if not value and not may_be_empty:
        raise TutorError(f"{path}: {key!r} is empty: list at least one id.")
    if len(set(value)) != len(value):
        repeated = sorted({v for v in value if value.count(v) > 1})
        raise TutorError(
            f"{path}: {key!r} lists {', '.join(repeated)} twice: keep one."
        )
    return tuple(value)


def _front_matter(
    text: str, where: str, fields: Sequence[str]
) -> tuple[dict[str, Any], str, int]:
    """The checked front matter (every field of ``fields``, no other), the body, its line."""
    front, body, body_line = _split_front_matter(text, where, fields)
    try:
        data = yaml.safe_load(front)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        at = f" (line {mark.line + 2})" if mark is not None else ""
        raise TutorError(
            f"{where}: the front matter is not valid YAML{at}: "
            f"{getattr(exc, 'problem', None) or exc}. Quote values that contain ': '."
        ) from None
    if not isinstance(data, dict):
        raise TutorError(
            f"{where}: the front matter must be a mapping of the fields "
            f"{', '.join(fields)}, not {data!r}."
        )
    unknown = [k for k in data if k not in fields]
    if unknown:
        raise TutorError(
            f"{where}: unknown front matter field {unknown[0]!r}: the fields are "
            f"{', '.join(fields)}."
        )
    missing = [k for k in fields if k not in data]
    if missing:
        raise TutorError(
            f"{where}: the front matter is missing {', '.join(missing)}: every lesson "
            f"needs {', '.join(fields)}."
        )
    lesson_id = data["id"]
    if not isinstance(lesson_id, str) or not _ID.fullmatch(lesson_id):
        raise TutorError(
            f"{where}: id must be lower-case letters, digits and '-', "
            f"not {lesson_id!r}."
        )
    for key in ("title", "summary"):
        if not isinstance(data[key], str) or not data[key].strip():
            raise TutorError(
                f"{where}: {key} must be a non-empty text, not {data[key]!r}."
            )
    return data, body, body_line


def _check_citations(body: str, body_line: int, where: str) -> None:
    for offset, line in enumerate(body.split("\n")):
        for rule in _CITATION.findall(line):
            if rule not in RULE_IDS:
                raise TutorError(
                    f"{where}:{body_line + offset}: unknown rule id {rule!r} cited "
                    f"in the body: cite one of {', '.join(RULE_IDS)}."
                )


def parse_lesson(text: str, path: str | Path) -> Lesson:
    """Read one lesson from its text; ``path`` names the file in messages.

    :raises TutorError: for missing or malformed front matter, an unknown topic, or an
        unknown rule id (in the front matter or cited in the body).

    >>> parse_lesson("no front matter", "x.md")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tutor.engine.errors.TutorError: x.md: no front matter: the file must begin ...
    """
    where = str(path)
    data, body, body_line = _front_matter(text, where, FIELDS)
    lesson_id = data["id"]
    order = data["order"]
    if isinstance(order, bool) or not isinstance(order, int) or order < 1:
        raise TutorError(
            f"{where}: order must be a whole number of 1 or more, not {order!r}."
        )
    # A lesson about a whole game (razz) teaches no single topic: its topics may be [].
    topics = _string_list(data["topics"], "topics", where, may_be_empty=True)
    for topic in topics:
        if topic not in TOPICS:
            raise TutorError(
                f"{where}: unknown topic {topic!r}: the topics are {', '.join(TOPICS)}."
            )
    rules = _string_list(data["rules"], "rules", where)
    for rule in rules:
        if rule not in RULE_IDS:
            raise TutorError(
                f"{where}: unknown rule id {rule!r} in rules: the ids are those of "
                f"shared/rules.md ({', '.join(RULE_IDS)})."
            )
    _check_citations(body, body_line, where)
    return Lesson(
        id=lesson_id,
        title=data["title"].strip(),
        order=order,
        topics=topics,
        rules=rules,
        summary=data["summary"].strip(),
        body=body,
        path=where,
    )


def parse_translation(
    text: str, path: str | Path, original: Lesson, original_text: str, language: str
) -> Lesson:
    """Read a translation of ``original`` (whose file's text is ``original_text``).

    :raises TutorError: for malformed front matter, an id other than the English lesson's,
        a ``source`` that is not a ``sha256:`` hash, or an unknown rule id cited.
    """
    where = str(path)
    data, body, body_line = _front_matter(text, where, TRANSLATION_FIELDS)
    if data["id"] != original.id:
        raise TutorError(
            f"{where}: id {data['id']!r} is not the id of the English lesson it "
            f"translates ({original.id!r} in {original.path}): use the same id."
        )
    source = data["source"]
    if not isinstance(source, str) or not _HASH.fullmatch(source):
        raise TutorError(
            f"{where}: source must be 'sha256:' and the 64 hex digits of the English "
            f"file's hash (python -m tutor.lessons hash {Path(original.path).name}), "
            f"not {source!r}."
        )
    _check_citations(body, body_line, where)
    return Lesson(
        id=original.id,
        title=data["title"].strip(),
        order=original.order,
        topics=original.topics,
        rules=original.rules,
        summary=data["summary"].strip(),
        body=body,
        path=where,
        language=language,
        stale=source != source_hash(original_text),
    )


def load_lessons(folder: str | Path, language: str = DEFAULT_LANGUAGE) -> list[Lesson]:
    """Every ``*.md`` lesson in ``folder``, sorted by ``order``, in ``language``.

    A lesson with no translation in ``folder/<language>/`` is the English one (its
    ``language`` says so).

    :raises TutorError: for a missing folder, a bad lesson or translation file, a
        translation with no English lesson, an unknown language, or two lessons sharing
        an id, an order or a topic.
    """
    root = Path(folder)
    if not root.is_dir():
        raise TutorError(
            f"{str(root)!r} is not a folder of lessons: pass the lessons/ folder."
        )
    if language not in LANGUAGES:
        raise TutorError(
            f"no lessons in {language!r}: the languages are {', '.join(LANGUAGES)}."
        )
    texts = {path: _read_regular(path, root) for path in _lesson_files(root)}
    lessons = [parse_lesson(text, path) for path, text in texts.items()]
    _check_unique(lessons)
    if language != DEFAULT_LANGUAGE:
        lessons = _translated(root, language, lessons, texts)
    return sorted(lessons, key=lambda lesson: lesson.order)


def _translated(
    root: Path, language: str, lessons: list[Lesson], texts: dict[Path, str]
) -> list[Lesson]:
    """``lessons`` with each one that ``root/<language>/`` translates replaced."""
    folder = root / language
    if not folder.is_dir():
        return lessons
    by_name = {Path(lesson.path).name: lesson for lesson in lessons}
    english = {path.name: text for path, text in texts.items()}
    found: dict[str, Lesson] = {}
    for path in _lesson_files(folder):
        original = by_name.get(path.name)
        if original is None:
            raise TutorError(
                f"{path}: there is no English lesson {path.name!r} in {str(root)!r} "
                "for it to translate: name it as the English file it translates."
            )
        found[path.name] = parse_translation(
            _read_regular(path, folder), path, original, english[path.name], language
        )
    return [found.get(Path(lesson.path).name, lesson) for lesson in lessons]


#: The largest lesson file read (a lesson is a page of text, not a book).
MAX_LESSON_BYTES = 1024 * 1024


def _lesson_files(folder: Path) -> list[Path]:
    """The ``*.md`` names directly in ``folder`` (:func:`tutor.files.walk`: a symbolic or
    hard link is refused with the reason, never followed)."""
    walked = files.walk(folder, "*.md", recursive=False)
    for problem in walked.problems:
        raise TutorError(f"{problem.message.rstrip('.')}: {_FIX}")
    return [f.path for f in walked.files]


_FIX = "remove it from the lessons folder, or put a copy of the file there."


def _read_regular(path: Path, root: Path) -> str:
    """A lesson file's text; a named pipe, socket, device or link is refused, never opened."""
    try:
        data = files.read_regular(path, MAX_LESSON_BYTES, root)
    except files.UnsafeFile as exc:
        if exc.problem.kind != files.NOT_REGULAR:
            raise TutorError(f"{exc.problem.message.rstrip('.')}: {_FIX}") from None
        raise TutorError(
            f"{path.name!r} is not a regular file (a named pipe, socket, device or "
            "folder): remove it from the lessons folder, or rename it so that its name "
            "does not end in .md."
        ) from None
    except OSError as exc:
        raise TutorError(
            f"{path.name!r} cannot be read: {exc.strerror or exc}."
        ) from None
    if len(data) > MAX_LESSON_BYTES:
        raise TutorError(
            f"{path.name!r} is over {MAX_LESSON_BYTES:,} bytes: a lesson is a page, "
            "split it."
        )
    return data.decode("utf-8")


def _check_unique(lessons: Iterable[Lesson]) -> None:
    ids: dict[str, Lesson] = {}
    orders: dict[int, Lesson] = {}
    topics: dict[str, Lesson] = {}
    for lesson in lessons:
        if lesson.id in ids:
            raise TutorError(
                f"{lesson.path}: id {lesson.id!r} is already used by "
                f"{ids[lesson.id].path}: give each lesson its own id."
            )
        ids[lesson.id] = lesson
        if lesson.order in orders:
            raise TutorError(
                f"{lesson.path}: order {lesson.order} is already used by "
                f"{orders[lesson.order].path}: give each lesson its own order."
            )
        orders[lesson.order] = lesson
        for topic in lesson.topics:
            if topic in topics:
                raise TutorError(
                    f"{lesson.path}: topic {topic!r} already belongs to "
                    f"{topics[topic].path}: a topic belongs to one lesson only."
                )
            topics[topic] = lesson


def lesson_for_topic(lessons: Iterable[Lesson], topic: str) -> Lesson | None:
    """The lesson that teaches ``topic``, or None if no lesson lists it."""
    for lesson in lessons:
        if topic in lesson.topics:
            return lesson
    return None


def first_taught(lessons: Iterable[Lesson]) -> dict[str, Lesson]:
    """For each rule id some lesson lists in ``rules``, the first lesson (by order) that does."""
    taught: dict[str, Lesson] = {}
    for lesson in sorted(lessons, key=lambda item: item.order):
        for rule in lesson.rules:
            taught.setdefault(rule, lesson)
    return taught


def asked_rules(scenario: Scenario) -> tuple[str, ...]:
    """The rule ids cited by the rulings of the scenario's asks, once each, in order.

    The scenario is replayed as written (as ``tutor answer`` does); a scenario that cannot
    be replayed asks nothing that can be placed (an empty tuple).
    """
    from tutor.scenarios.replay import walk_partial

    results, _ = walk_partial(scenario)
    cited: dict[str, None] = {}
    for result in results:
        if result.ruling is not None:
            cited.update(dict.fromkeys(result.ruling.rules))
    return tuple(cited)


def lesson_for_scenario(
    lessons: Sequence[Lesson], topic: str, asked: Iterable[str]
) -> Lesson | None:
    """The lesson that shows a scenario of ``topic`` whose asks cite the rules ``asked``.

    It is the topic's lesson, or, where a question needs a rule first taught later, the
    lesson that teaches the last of them. A rule no lesson teaches leaves the scenario with
    its topic's lesson; a topic no lesson has gives None.
    """
    home = lesson_for_topic(lessons, topic)
    if home is None:
        return None
    taught = first_taught(lessons)
    later = [taught[rule] for rule in asked if rule in taught]
    return max([home, *later], key=lambda lesson: lesson.order)


def translation_status(folder: str | Path, language: str) -> list[tuple[str, str]]:
    """For each English lesson file, the state of its translation into ``language``:
    ``"up to date"``, ``"missing"`` or ``"behind the English"`` (made from an older file).

    :raises TutorError: as :func:`load_lessons`.
    """
    out = []
    for lesson in sorted(
        load_lessons(folder, language), key=lambda x: Path(x.path).name
    ):
        if lesson.language != language:
            state = "missing"
        elif lesson.stale:
            state = "behind the English"
        else:
            state = "up to date"
        out.append((Path(lesson.path).name, state))
    return out


_USAGE = (
    "usage: python -m tutor.lessons hash FILE...    (the source: line of a translation)\n"
    "       python -m tutor.lessons status LANG [FOLDER]    (which translations to update)\n"
)


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m tutor.lessons hash FILE...`` prints the ``source:`` line a translation of
    each English file records; ``status LANG [FOLDER]`` lists each lesson's translation and
    exits 1 when one is missing or behind the English.
    """
    import sys

    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) >= 2 and args[0] == "hash":
        for name in args[1:]:
            text = Path(name).read_text(encoding="utf-8")
            sys.stdout.write(f"{name}: source: {source_hash(text)}\n")
        return 0
    if len(args) in (2, 3) and args[0] == "status":
        folder = args[2] if len(args) == 3 else "lessons"
        try:
            found = translation_status(folder, args[1])
        except TutorError as exc:
            sys.stderr.write(f"{exc}\n")
            return 1
        for name, state in found:
            sys.stdout.write(f"{name}: {state}\n")
        return 0 if all(state == "up to date" for _, state in found) else 1
    sys.stderr.write(_USAGE)
    return 2


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
