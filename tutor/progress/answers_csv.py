"""The answers as CSV, one shape for the learner's own export and the class's.

Each row is one answer: where and when, the question's text, the engine's right answer and
the answer given as the learner's screen writes them ("Bo brings in for 1"), the answer's
JSON in a column of its own for tools, then whether it was right, its attempt as recorded
(``attempt``: 1, 2... within one play-through, so a replayed scenario starts at 1 again),
``after_reveal``, ``hinted``, the rule ids and the seconds taken. ``first_attempt`` is true
for the learner's very first answer to that question only (recorded as attempt 1, before
any reveal), whatever play-through it was in: a replay never makes a second first attempt.
Steps are 1-based, as the screens say "Step 1". The question's text and right answer come
from a ``lookup`` the caller gives (the app replays its bank), asked once per question and
preset.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import Table, and_, exists, literal, or_, select
from sqlalchemy.orm import aliased
from sqlalchemy.sql.elements import ColumnElement

from tutor.asks import ASKS, describe
from tutor.progress.schema import AnswerRow, LearnerRow

ANSWERS: Table = AnswerRow.__table__  # type: ignore[assignment]
LEARNERS: Table = LearnerRow.__table__  # type: ignore[assignment]

#: The columns of both CSVs, in order.
CSV_COLUMNS = (
    "answered_at",
    "learner",
    "scenario_id",
    "step",
    "kind",
    "topic",
    "level",
    "game",
    "preset",
    "question",
    "right_answer",
    "answer",
    "answer_json",
    "correct",
    "first_attempt",
    "attempt",
    "after_reveal",
    "hinted",
    "rules",
    "seconds",
    "house",
    "target",
    "seed",
)


@dataclass(frozen=True, slots=True)
class Asked:
    """A question as the app asked it: its prompt and the engine's answer (None: unknown)."""

    prompt: str
    right: str
    expected: Mapping[str, Any] | None = None


#: ``(scenario_id, step, preset) -> Asked``, or None when the question is not known now.
Lookup = Callable[[str, int, str], "Asked | None"]
#: Said for a question the lookup no longer knows (the scenario left the bank).
UNKNOWN = Asked("", "")


def cell(value: str) -> str:
    """A text cell a spreadsheet will not run as a formula (a leading ``'`` if needed).

    >>> cell("=SUM(A1)"), cell("Ana")
    ("'=SUM(A1)", 'Ana')
    """
    return "'" + value if value[:1] in ("=", "+", "-", "@", "\t", "\r") else value


def given_text(kind: str, answer_json: str, expected: Mapping[str, Any] | None) -> str:
    """The answer given, as the learner's screen writes it (its JSON when it cannot).

    >>> given_text("bring-in", '{"player":"Bo","amount":1}', None)
    'Bo brings in for 1'
    >>> given_text("pot", "not json", None)
    'not json'
    """
    try:
        given = json.loads(answer_json, parse_float=Decimal)
    except ValueError:
        return answer_json
    entry = ASKS.get(kind)
    if entry is None or not isinstance(given, Mapping):
        return answer_json
    try:
        if expected is not None:
            return entry.describe(entry.as_given(given, expected))
        return describe(kind, given)
    except (KeyError, TypeError, ValueError, AttributeError, ArithmeticError):
        return answer_json


def first_answer() -> ColumnElement[bool]:
    """True for an answer that is its learner's first to that question (by time, then id).

    A correlated NOT EXISTS over the ``(learner, scenario, step, time, id)`` index.
    """
    a = ANSWERS.c
    earlier = aliased(ANSWERS)
    return ~exists(
        select(literal(1))
        .select_from(earlier)
        .where(
            earlier.c.learner_id == a.learner_id,
            earlier.c.scenario_id == a.scenario_id,
            earlier.c.step == a.step,
            or_(
                earlier.c.answered_at < a.answered_at,
                and_(earlier.c.answered_at == a.answered_at, earlier.c.id < a.id),
            ),
        )
    )


def answers_query(conditions: Iterable[ColumnElement[bool]]) -> Any:
    """Every answer meeting ``conditions``, oldest first, with what the CSV writes."""
    a = ANSWERS.c
    return (
        select(
            a.answered_at,
            LEARNERS.c.name,
            a.scenario_id,
            a.step,
            a.kind,
            a.topic,
            a.level,
            a.game,
            a.preset,
            a.answer_json,
            a.correct,
            and_(a.attempt == 1, a.after_reveal.is_(False), first_answer()),
            a.attempt,
            a.after_reveal,
            a.hinted,
            a.rules,
            a.seconds,
            a.house_json,
            a.target,
            a.seed,
        )
        .select_from(ANSWERS.join(LEARNERS, LEARNERS.c.id == a.learner_id))
        .where(and_(literal(True), *conditions))
        .order_by(a.answered_at, a.id)
    )


def _aware(value: datetime) -> datetime:
    return value.replace(tzinfo=UTC) if value.tzinfo is None else value


def _flag(value: object) -> str:
    return "true" if value else "false"


def write_csv(rows: Iterable[Any], lookup: Lookup | None = None) -> str:
    """The rows of :func:`answers_query` as CSV text (header first)."""
    asked: dict[tuple[str, int, str], Asked] = {}
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for row in rows:
        (at, name, sid, step, kind, topic, level, game, preset, given, ok, first) = row[
            :12
        ]
        attempt, reveal, hinted, rules, seconds, house, target, seed = row[12:]
        key = (str(sid), int(step), str(preset))
        if key not in asked:
            found = lookup(*key) if lookup is not None else None
            asked[key] = found if found is not None else UNKNOWN
        question = asked[key]
        writer.writerow(
            [
                _aware(at).isoformat(),
                cell(str(name)),
                cell(key[0]),
                key[1] + 1,
                cell(str(kind)),
                cell(str(topic)),
                int(level),
                cell(str(game)),
                cell(str(preset)),
                cell(question.prompt),
                cell(question.right),
                cell(given_text(str(kind), str(given), question.expected)),
                cell(str(given)),
                _flag(ok),
                _flag(first),
                int(attempt),
                _flag(reveal),
                _flag(hinted),
                cell(str(rules or "")),
                repr(float(seconds)),
                cell(str(house or "{}")),
                cell(str(target or "")),
                "" if seed is None else int(seed),
            ]
        )
    return out.getvalue()
