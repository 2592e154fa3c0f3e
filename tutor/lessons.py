"""Lessons: Markdown with YAML front matter, checked against rule and topic ids."""

from __future__ import annotations

import re
import stat
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from tutor.engine.errors import TutorError
from tutor.engine.rules import RULE_IDS, TOPICS

#: The rule ids of shared/rules.md, in the order that page lists them.


#: Front matter keys, all required.
FIELDS: tuple[str, ...] = ("id", "title", "order", "topics", "rules", "summary")

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


def _split_front_matter(text: str, path: str) -> tuple[str, str, int]:
    """Front matter text, body text, and the 1-based line on which the body starts."""
    lines = text.replace("\r\n", "\n").split("\n")
    if not lines or lines[0].strip() != "---":
        raise TutorError(
            f"{path}: no front matter: the file must begin with a line '---', then the "
            f"fields {', '.join(FIELDS)}, then a line '---'."
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
    front, body, body_line = _split_front_matter(text, where)
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
            f"{', '.join(FIELDS)}, not {data!r}."
        )
    unknown = [k for k in data if k not in FIELDS]
    if unknown:
        raise TutorError(
            f"{where}: unknown front matter field {unknown[0]!r}: the fields are "
            f"{', '.join(FIELDS)}."
        )
    missing = [k for k in FIELDS if k not in data]
    if missing:
        raise TutorError(
            f"{where}: the front matter is missing {', '.join(missing)}: every lesson "
            f"needs {', '.join(FIELDS)}."
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
    for offset, line in enumerate(body.split("\n")):
        for rule in _CITATION.findall(line):
            if rule not in RULE_IDS:
                raise TutorError(
                    f"{where}:{body_line + offset}: unknown rule id {rule!r} cited "
                    f"in the body: cite one of {', '.join(RULE_IDS)}."
                )
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


def load_lessons(folder: str | Path) -> list[Lesson]:
    """Every ``*.md`` lesson in ``folder``, sorted by ``order``.

    :raises TutorError: for a missing folder, a bad lesson file, or two lessons
        sharing an id, an order or a topic.
    """
    root = Path(folder)
    if not root.is_dir():
        raise TutorError(
            f"{str(root)!r} is not a folder of lessons: pass the lessons/ folder."
        )
    lessons = [
        parse_lesson(_read_regular(path), path) for path in sorted(root.glob("*.md"))
    ]
    _check_unique(lessons)
    return sorted(lessons, key=lambda lesson: lesson.order)


def _read_regular(path: Path) -> str:
    """A lesson file's text; a named pipe, socket or device is refused, never opened."""
    if not stat.S_ISREG(path.stat().st_mode):
        raise TutorError(
            f"{path.name!r} is not a regular file (a named pipe, socket, device or "
            "folder): remove it from the lessons folder, or rename it so that its name "
            "does not end in .md."
        )
    return path.read_text(encoding="utf-8")


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
