"""The class view's numbers, computed in SQL over the store's ``learners`` and ``answers``.

Accuracy counts first attempts only when the store records attempts (``attempt = 1`` and
not ``after_reveal``); a store without those columns counts every answer. Per-rule figures
need the ``rules`` column (the rule ids a ruling cited, space-separated): answers are
grouped by that text in SQL and the few distinct texts are split here. The covering
indexes of migration ``0004_class_indexes`` let each grouping read one index in order; the
item analysis reads ``ix_answers_class_item`` (migration ``0009_classes``): each question's
first attempts by time taken, with the answer given, so medians need no sort and the
spread of wrong answers no table look-up.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any, NamedTuple

from sqlalchemy import Table, and_, case, func, literal, select, tuple_
from sqlalchemy.sql.elements import ColumnElement

from tutor.progress.answers_csv import Lookup, answers_query, write_csv
from tutor.progress.schema import AnswerRow, ClassMemberRow, LearnerRow
from tutor.progress.store import ProgressStore

ANSWERS: Table = AnswerRow.__table__  # type: ignore[assignment]
LEARNERS: Table = LearnerRow.__table__  # type: ignore[assignment]
MEMBERS: Table = ClassMemberRow.__table__  # type: ignore[assignment]


@dataclass(frozen=True, slots=True)
class ClassFilter:
    """Which answers the class view counts: by class, game, preset and time (``None`` =
    any; a class keeps its members' answers only)."""

    game: str | None = None
    preset: str | None = None
    since: datetime | None = None
    until: datetime | None = None
    class_id: int | None = None


class Cell(NamedTuple):
    """One learner's first-attempt answers on one topic (or rule id). A named tuple: the
    rule view makes thousands of them, and a tuple is made several times faster than a
    frozen dataclass."""

    learner: str
    key: str
    answered: int
    correct: int

    @property
    def accuracy(self) -> float:
        return self.correct / self.answered if self.answered else 0.0


@dataclass(frozen=True, slots=True)
class HardAsk:
    """One ask across the class: first-attempt accuracy and mean time."""

    scenario_id: str
    step: int
    kind: str
    topic: str
    answered: int
    correct: int
    mean_seconds: float
    learners: int

    @property
    def accuracy(self) -> float:
        return self.correct / self.answered if self.answered else 0.0


def first_attempts_counted() -> bool:
    """Whether the store records attempts (else every answer counts)."""
    return "attempt" in ANSWERS.c and "after_reveal" in ANSWERS.c


def _conditions(
    f: ClassFilter, *, first_only: bool = True
) -> list[ColumnElement[bool]]:
    c = ANSWERS.c
    out: list[ColumnElement[bool]] = []
    if first_only and first_attempts_counted():
        out.append(c.attempt == 1)
        out.append(c.after_reveal.is_(False))
    if f.game:
        out.append(c.game == f.game)
    if f.preset:
        out.append(c.preset == f.preset)
    if f.since is not None:
        out.append(c.answered_at >= f.since)
    if f.until is not None:
        out.append(c.answered_at < f.until)
    if f.class_id is not None:
        out.append(
            c.learner_id.in_(
                select(MEMBERS.c.learner_id).where(MEMBERS.c.class_id == f.class_id)
            )
        )
    return out


def _rows(store: ProgressStore, query: Any) -> list[Any]:
    with store._engine.connect() as connection:  # read-only; the store owns the engine
        return list(connection.execute(query))


def _raw_rows(store: ProgressStore, query: Any) -> list[Any]:
    """The rows as the database driver returns them, without SQLAlchemy's per-row
    processing (for large groupings of ids, texts and counts only: no times, no flags)."""
    with store._engine.connect() as connection:
        result = connection.execute(query)
        try:
            return list(result.cursor.fetchall())
        finally:
            result.close()


def _right() -> Any:
    return func.sum(case((ANSWERS.c.correct, 1), else_=0))


def _names(store: ProgressStore) -> dict[int, str]:
    return {
        int(i): str(n) for i, n in _rows(store, select(LEARNERS.c.id, LEARNERS.c.name))
    }


def topic_cells(store: ProgressStore, f: ClassFilter) -> list[Cell]:
    """Per learner and topic: first-attempt answers and right ones."""
    c = ANSWERS.c
    query = (
        select(c.learner_id, c.topic, func.count(), _right())
        .where(and_(literal(True), *_conditions(f)))
        .group_by(c.learner_id, c.topic)
    )
    names = _names(store)
    cells = [
        Cell(names.get(int(i), str(i)), str(t), int(a), int(r or 0))
        for i, t, a, r in _rows(store, query)
    ]
    return sorted(cells, key=lambda cell: (cell.learner, cell.key))


def rule_cells(store: ProgressStore, f: ClassFilter) -> list[Cell]:
    """Per learner and rule id (empty when the store keeps no rule ids)."""
    if "rules" not in ANSWERS.c:
        return []
    c = ANSWERS.c
    query = (
        select(c.learner_id, c.rules, func.count(), _right())
        .where(and_(literal(True), *_conditions(f)))
        .group_by(c.learner_id, c.rules)
    )
    names = _names(store)
    totals: dict[tuple[int, str], list[int]] = defaultdict(lambda: [0, 0])
    split: dict[str, list[str]] = {}
    # one row per learner and distinct rule-id text (tens of thousands in a big class):
    # read raw, each text split once
    for learner, rules, answered, right in _raw_rows(store, query):
        words = split.get(rules)
        if words is None:
            words = split[rules] = str(rules or "").split()
        for rule in words:
            cell = totals[(learner, rule)]
            cell[0] += answered
            cell[1] += right or 0
    named = {i: names.get(int(i), str(i)) for i in {i for i, _r in totals}}
    cells = [Cell(named[i], r, a, k) for (i, r), (a, k) in totals.items()]
    cells.sort()  # by learner, then rule id (the tuple's own order)
    return cells


def hardest_asks(
    store: ProgressStore, f: ClassFilter, *, limit: int = 15, min_answers: int = 2
) -> list[HardAsk]:
    """The asks with the lowest first-attempt accuracy (ties: more answers first)."""
    c = ANSWERS.c
    answered = func.count()
    right = _right()
    query = (
        select(
            c.scenario_id,
            c.step,
            func.min(c.kind),
            func.min(c.topic),
            answered,
            right,
            func.avg(c.seconds),
            func.count(func.distinct(c.learner_id)),
        )
        .where(and_(literal(True), *_conditions(f)))
        .group_by(c.scenario_id, c.step)
        .having(answered >= min_answers)
        .order_by(
            (right * 1.0 / answered).asc(), answered.desc(), c.scenario_id, c.step
        )
        .limit(limit)
    )
    return [
        HardAsk(
            str(s), int(st), str(k), str(t), int(a), int(r or 0), float(m or 0), int(n)
        )
        for s, st, k, t, a, r, m, n in _rows(store, query)
    ]


#: A question's wrong answers cluster when at least this many first attempts were wrong
#: and one wrong answer is at least this share of them (a shared misconception, or a
#: question whose own answer is in doubt).
CLUSTER_MIN_WRONG = 4
CLUSTER_SHARE = 0.5


@dataclass(frozen=True, slots=True)
class WrongAnswer:
    """One wrong answer given to a question on a first attempt, and how often."""

    answer_json: str
    count: int


@dataclass(frozen=True, slots=True)
class ItemStats:
    """One question's item analysis: first-attempt accuracy, answers, learners, median
    time, and the spread of its wrong first answers (most frequent first)."""

    scenario_id: str
    step: int
    kind: str
    topic: str
    answered: int
    correct: int
    learners: int
    median_seconds: float
    wrong: tuple[WrongAnswer, ...]

    @property
    def accuracy(self) -> float:
        return self.correct / self.answered if self.answered else 0.0

    @property
    def wrong_total(self) -> int:
        return self.answered - self.correct

    @property
    def clustered(self) -> bool:
        """Whether one wrong answer is most of the wrong ones (see ``CLUSTER_*``)."""
        return (
            self.wrong_total >= CLUSTER_MIN_WRONG
            and bool(self.wrong)
            and self.wrong[0].count >= CLUSTER_SHARE * self.wrong_total
        )


def item_analysis(
    store: ProgressStore,
    f: ClassFilter,
    *,
    limit: int = 50,
    min_answers: int = 2,
    spread: int = 8,
) -> list[ItemStats]:
    """The questions with the lowest first-attempt accuracy, as Moodle's quiz statistics
    show them: accuracy, answers, learners, the median time and the ``spread`` most
    frequent wrong answers with their counts. Three queries, each in SQL: the summary
    (as :func:`hardest_asks`), the medians (a window over the chosen questions' first
    attempts), the wrong answers grouped by their JSON."""
    hard = hardest_asks(store, f, limit=limit, min_answers=min_answers)
    if not hard:
        return []
    c = ANSWERS.c
    # the leading column's IN lets the database seek each question in the item index
    # (migration 0009); the pairs then keep only the chosen steps
    chosen = and_(
        c.scenario_id.in_(sorted({h.scenario_id for h in hard})),
        tuple_(c.scenario_id, c.step).in_([(h.scenario_id, h.step) for h in hard]),
    )
    where = and_(chosen, *_conditions(f))
    ranked = (
        select(
            c.scenario_id,
            c.step,
            c.seconds,
            func.row_number()
            .over(partition_by=(c.scenario_id, c.step), order_by=c.seconds)
            .label("rank"),
            func.count().over(partition_by=(c.scenario_id, c.step)).label("n"),
        )
        .where(where)
        .subquery()
    )
    # (n+1)//2 and (n+2)//2: the one middle answer (n odd) or the two (n even)
    middle = and_(
        ranked.c.rank >= (ranked.c.n + 1) // 2, ranked.c.rank <= (ranked.c.n + 2) // 2
    )
    medians = {
        (str(sid), int(step)): float(m or 0)
        for sid, step, m in _rows(
            store,
            select(ranked.c.scenario_id, ranked.c.step, func.avg(ranked.c.seconds))
            .where(middle)
            .group_by(ranked.c.scenario_id, ranked.c.step),
        )
    }
    wrong: dict[tuple[str, int], list[WrongAnswer]] = defaultdict(list)
    count = func.count()
    for sid, step, given, n in _rows(
        store,
        select(c.scenario_id, c.step, c.answer_json, count)
        .where(where, c.correct.is_(False))
        .group_by(c.scenario_id, c.step, c.answer_json)
        .order_by(c.scenario_id, c.step, count.desc(), c.answer_json),
    ):
        found = wrong[(str(sid), int(step))]
        if len(found) < spread:
            found.append(WrongAnswer(str(given), int(n)))
    return [
        ItemStats(
            h.scenario_id,
            h.step,
            h.kind,
            h.topic,
            h.answered,
            h.correct,
            h.learners,
            medians.get((h.scenario_id, h.step), 0.0),
            tuple(wrong.get((h.scenario_id, h.step), ())),
        )
        for h in hard
    ]


@dataclass(frozen=True, slots=True)
class LearnerAnswer:
    """One answer in a learner's drill-down."""

    answered_at: datetime
    scenario_id: str
    step: int
    kind: str
    topic: str
    correct: bool
    seconds: float
    first: bool
    answer_json: str = "{}"
    preset: str = ""


def learner_answers(
    store: ProgressStore, name: str, f: ClassFilter
) -> list[LearnerAnswer]:
    """Every answer of the learner called ``name`` (all attempts), oldest first."""
    c = ANSWERS.c
    first: Any = (
        and_(c.attempt == 1, c.after_reveal.is_(False))
        if first_attempts_counted()
        else literal(True)
    )
    query = (
        select(
            c.answered_at,
            c.scenario_id,
            c.step,
            c.kind,
            c.topic,
            c.correct,
            c.seconds,
            first,
            c.answer_json,
            c.preset,
        )
        .select_from(ANSWERS.join(LEARNERS, LEARNERS.c.id == c.learner_id))
        .where(and_(LEARNERS.c.name == name, *_conditions(f, first_only=False)))
        .order_by(c.answered_at, c.id)
    )
    return [
        LearnerAnswer(
            _aware(at),
            str(s),
            int(st),
            str(k),
            str(t),
            bool(ok),
            float(sec),
            bool(fi),
            str(given),
            str(preset),
        )
        for at, s, st, k, t, ok, sec, fi, given, preset in _rows(store, query)
    ]


def _aware(value: datetime) -> datetime:
    from datetime import UTC

    return value.replace(tzinfo=UTC) if value.tzinfo is None else value


def learner_names(store: ProgressStore, f: ClassFilter) -> list[str]:
    """The learners with at least one answer under the filter, by name."""
    c = ANSWERS.c
    query = (
        select(c.learner_id)
        .where(and_(literal(True), *_conditions(f, first_only=False)))
        .group_by(c.learner_id)
    )
    names = _names(store)
    return sorted(names.get(int(i), str(i)) for (i,) in _rows(store, query))


def class_csv(store: ProgressStore, f: ClassFilter, lookup: Lookup | None) -> str:
    """Every answer under the filter as CSV (:mod:`tutor.progress.answers_csv`'s columns),
    with each question's text and right answer from ``lookup``."""
    rows = _rows(store, answers_query(_conditions(f, first_only=False)))
    return write_csv(rows, lookup)


def matrix(
    cells: list[Cell],
) -> tuple[list[str], list[str], list[list[float | None]], list[list[str]]]:
    """Rows (learners), columns (keys), accuracy in % (None = no answers), hover texts."""
    learners = sorted({c.learner for c in cells})
    keys = sorted({c.key for c in cells})
    at: Mapping[tuple[str, str], Cell] = {(c.learner, c.key): c for c in cells}
    values: list[list[float | None]] = []
    texts: list[list[str]] = []
    for learner in learners:
        row: list[float | None] = []
        hover: list[str] = []
        for key in keys:
            cell = at.get((learner, key))
            if cell is None:
                row.append(None)
                hover.append(f"{learner} · {key}: no answers")
            else:
                row.append(round(100 * cell.accuracy, 1))
                hover.append(
                    f"{learner} · {key}: {cell.correct} of {cell.answered} right"
                )
        values.append(row)
        texts.append(hover)
    return learners, keys, values, texts
