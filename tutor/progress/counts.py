"""The progress store's answers and running counts: saving an answer in one transaction,
the per-day and per-ask counts, the walkthrough's runs (a part of
:class:`tutor.progress.ProgressStore`)."""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import (
    and_,
    case,
    delete,
    func,
    or_,
    select,
    text,
)
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.exc import IntegrityError, SQLAlchemyError
from sqlalchemy.orm import Session

from tutor.engine import PRESETS
from tutor.progress.connection import (
    _ANSWER_ID,
    _SEED_LIMIT,
    _TEXT_LIMITS,
    StoreConnection,
    _record,
    bounded,
)
from tutor.progress.records import (
    GAMES,
    LEVELS,
    AnswerRecord,
    Learner,
    ProgressError,
    answer_to_json,
)
from tutor.progress.schema import (
    AnswerDayRow,
    AnswerRow,
    AskMarkRow,
    ScenarioRunRow,
)


class Counts(StoreConnection):
    """Saving answers, the running counts, scenario runs."""

    # -- answers -----------------------------------------------------------------------

    @bounded
    def record_answer(
        self,
        learner: Learner | int,
        *,
        scenario_id: str,
        step: int,
        kind: str,
        topic: str,
        level: int,
        game: str,
        preset: str,
        answer: object,
        correct: bool,
        seconds: float | Decimal,
        answered_at: datetime | None = None,
        house: Mapping[str, object] | None = None,
        attempt: int = 1,
        after_reveal: bool = False,
        hinted: bool = False,
        rules: Sequence[str] = (),
        target: str | None = None,
        seed: int | None = None,
        answer_id: str | None = None,
        run_id: int | None = None,
    ) -> AnswerRecord:
        """Save one answer, in one transaction.

        :param step: The ask's index in the scenario's ``steps``.
        :param preset: The preset's id (``online``, ``roberts``, ``wsop-cash``, ``tda``).
        :param answer: The answer given, as plain values (stored as JSON text).
        :param seconds: How long the learner took.
        :param answered_at: When (an aware datetime; default now). Stored in UTC.
        :param house: The house overrides in force (field -> plain value).
        :param attempt: 1 for the first answer to this ask in a play-through, then 2, 3...
        :param after_reveal: A Retry answered after the right answer was shown.
        :param hinted: The hint was opened before answering.
        :param rules: The rule ids the ruling cited.
        :param target: Drills: the generator's target name.
        :param seed: Drills: the generator's seed.
        :param answer_id: The id the app gave the answer when it was checked: an answer
            with an id already saved is not saved again (its record is returned).
        :param run_id: The walkthrough's play-through (:meth:`open_run`). The store then
            numbers the attempt itself from the answers already in the run (``attempt`` is
            ignored), so a reload never makes a question a first attempt again.
        :raises ProgressError: If a value is out of range, the learner does not exist, the
            run is not the learner's run of this scenario, or the database cannot be written.
        """
        values = _checked_answer(
            scenario_id=scenario_id,
            step=step,
            kind=kind,
            topic=topic,
            level=level,
            game=game,
            preset=preset,
            correct=correct,
            seconds=seconds,
            answered_at=answered_at,
        )
        values.update(
            _checked_context(
                house=house,
                attempt=attempt,
                after_reveal=after_reveal,
                hinted=hinted,
                rules=rules,
                target=target,
                seed=seed,
            )
        )
        if answer_id is not None and (
            not isinstance(answer_id, str) or not _ANSWER_ID.fullmatch(answer_id)
        ):
            raise ProgressError(
                f"answer_id={str(answer_id)[:40]!r} is not usable: give 32 lower-case hex "
                "digits (uuid.uuid4().hex), or None."
            )
        answer_json = answer_to_json(answer)
        for _ in range(2):
            try:
                with self._transaction(write=True) as session:
                    learner_row = self._learner_row(session, learner)
                    # an id saved already (a replay) is refused by its unique index:
                    # read below, so that a new answer costs no look-up first
                    if run_id is not None:
                        values["attempt"] = (
                            self._run_attempts(
                                session, learner_row.id, scenario_id, run_id, step
                            )
                            + 1
                        )
                        values["after_reveal"] = bool(
                            after_reveal or values["attempt"] > 1
                        )
                    row = AnswerRow(
                        learner_id=learner_row.id,
                        answer_json=answer_json,
                        answer_id=answer_id,
                        run_id=run_id,
                        **values,
                    )
                    session.add(row)
                    session.flush()
                    self._count(session, row)
                    return _record(row)
            except IntegrityError as exc:
                if answer_id is None:
                    raise self._error("save an answer", exc) from exc
                saved = self._saved_answer(answer_id)  # saved once already: once only
                if saved is not None:
                    return saved
                continue
            except SQLAlchemyError as exc:
                if self.is_sqlite:
                    self._checkpoint()
                raise self._error("save an answer", exc) from exc
        raise ProgressError(f"Could not save the answer {answer_id!r}: try again.")

    def _saved_answer(self, answer_id: str) -> AnswerRecord | None:
        """The answer saved with this id, if any."""
        with self._guard("read an answer"), self._transaction(write=False) as session:
            found = session.scalars(
                select(AnswerRow).where(AnswerRow.answer_id == answer_id)
            ).one_or_none()
            return None if found is None else _record(found)

    def _count(self, session: Session, row: AnswerRow) -> None:
        """Add a new answer to the running counts (``answer_days``, ``ask_marks``)."""
        insert = sqlite_insert if self.is_sqlite else pg_insert
        first = row.attempt == 1 and not row.after_reveal
        right = 1 if row.correct else 0
        day = insert(AnswerDayRow).values(
            learner_id=row.learner_id,
            topic=row.topic,
            day=row.answered_at.astimezone(UTC).date().isoformat(),
            answered=1,
            correct=right,
            first_answered=int(first),
            first_correct=right if first else 0,
            first_seconds=row.seconds if first else 0.0,
        )
        session.execute(
            day.on_conflict_do_update(
                index_elements=["learner_id", "topic", "day"],
                set_={
                    name: getattr(AnswerDayRow, name) + getattr(day.excluded, name)
                    for name in (
                        "answered",
                        "correct",
                        "first_answered",
                        "first_correct",
                        "first_seconds",
                    )
                },
            )
        )
        mark = insert(AskMarkRow).values(
            learner_id=row.learner_id,
            scenario_id=row.scenario_id,
            step=row.step,
            topic=row.topic,
            first_answered=int(first),
            first_correct=right if first else 0,
            last_first_at=row.answered_at if first else None,
            last_first_id=row.id if first else None,
            last_first_correct=bool(row.correct) if first else None,
        )
        newer = and_(
            mark.excluded.last_first_at.is_not(None),
            or_(
                AskMarkRow.last_first_at.is_(None),
                mark.excluded.last_first_at >= AskMarkRow.last_first_at,
            ),
        )
        session.execute(
            mark.on_conflict_do_update(
                index_elements=["learner_id", "scenario_id", "step"],
                set_={
                    "topic": mark.excluded.topic,
                    "first_answered": AskMarkRow.first_answered
                    + mark.excluded.first_answered,
                    "first_correct": AskMarkRow.first_correct
                    + mark.excluded.first_correct,
                    **{
                        name: case(
                            (newer, getattr(mark.excluded, name)),
                            else_=getattr(AskMarkRow, name),
                        )
                        for name in (
                            "last_first_at",
                            "last_first_id",
                            "last_first_correct",
                        )
                    },
                },
            )
        )

    def _run_attempts(
        self,
        session: Session,
        learner_id: int,
        scenario_id: str,
        run_id: int,
        step: int,
    ) -> int:
        run = session.get(ScenarioRunRow, run_id)
        if (
            run is None
            or run.learner_id != learner_id
            or run.scenario_id != scenario_id
        ):
            raise ProgressError(
                f"run {run_id} is not this learner's run of {scenario_id[:40]!r}: open one "
                "with open_run()."
            )
        query = select(func.count()).where(
            AnswerRow.run_id == run_id, AnswerRow.step == step
        )
        return int(session.execute(query).scalar_one())

    # -- scenario runs (the walkthrough's play-throughs) --------------------------------

    @bounded
    def open_run(
        self, learner: Learner | int, scenario_id: str, *, new: bool = False
    ) -> int:
        """The learner's latest run of the scenario, or a new one (none yet, or ``new``).

        A reload goes on with the latest run, finished or not, so the answers given in it
        stay retries; ``new`` (the learner starts the scenario from its first step) finishes
        an open run and starts another.
        """
        with self._guard("open a scenario run"), self._transaction(write=True) as s:
            learner_id = self._learner_row(s, learner).id
            now = datetime.now(UTC)
            query = (
                select(ScenarioRunRow)
                .where(
                    ScenarioRunRow.learner_id == learner_id,
                    ScenarioRunRow.scenario_id == scenario_id,
                )
                .order_by(ScenarioRunRow.id.desc())
            )
            found = s.scalars(query).first()
            if found is not None and not new:
                return int(found.id)
            if found is not None and found.finished_at is None:
                found.finished_at = now
            row = ScenarioRunRow(
                learner_id=learner_id, scenario_id=scenario_id, started_at=now
            )
            s.add(row)
            s.flush()
            return int(row.id)

    @bounded
    def last_run(self, learner: Learner | int) -> tuple[str, bool] | None:
        """The learner's latest run: its scenario id and whether it is finished (or None)."""
        with self._guard("read a scenario run"), self._transaction(write=False) as s:
            learner_id = self._learner_row(s, learner).id
            query = (
                select(ScenarioRunRow.scenario_id, ScenarioRunRow.finished_at)
                .where(ScenarioRunRow.learner_id == learner_id)
                .order_by(ScenarioRunRow.id.desc())
                .limit(1)
            )
            found = s.execute(query).first()
            return None if found is None else (str(found[0]), found[1] is not None)

    @bounded
    def finish_run(self, run_id: int) -> None:
        """Close a run (its last question is answered): the next play-through is a new run."""
        with self._guard("finish a scenario run"), self._transaction(write=True) as s:
            row = s.get(ScenarioRunRow, run_id)
            if row is not None and row.finished_at is None:
                row.finished_at = datetime.now(UTC)

    @bounded
    def run_firsts(self, run_id: int) -> dict[int, bool]:
        """A run's first attempts: step -> whether its first answer was right."""
        with self._guard("read a scenario run"), self._transaction(write=False) as s:
            query = (
                select(AnswerRow.step, AnswerRow.correct)
                .where(AnswerRow.run_id == run_id, AnswerRow.attempt == 1)
                .order_by(AnswerRow.id)
            )
            firsts: dict[int, bool] = {}
            for step, correct in s.execute(query):
                firsts.setdefault(int(step), bool(correct))
            return firsts

    @bounded
    def run_finished(self, run_id: int) -> bool:
        """Whether the run is closed (or gone)."""
        with self._guard("read a scenario run"), self._transaction(write=False) as s:
            row = s.get(ScenarioRunRow, run_id)
            return row is None or row.finished_at is not None

    def rebuild_counts(self) -> None:
        """Work out ``answer_days`` and ``ask_marks`` again from every stored answer.

        They are kept up to date by :meth:`record_answer`; this is for answers written
        around the store (a bulk import, a benchmark's seeding) or a repair.
        """
        sqlite = self.is_sqlite
        day = (
            "substr(answered_at, 1, 10)"
            if sqlite
            else "to_char(answered_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')"
        )
        last_correct = "max(l.correct)" if sqlite else "bool_or(l.correct)"
        with self._guard("rebuild the counts"), self._transaction(write=True) as s:
            s.execute(delete(AnswerDayRow))
            s.execute(delete(AskMarkRow))
            s.execute(text(_REBUILD_DAYS.format(day=day, first=_FIRST_SQL)))
            s.execute(
                text(_REBUILD_MARKS.format(first=_FIRST_SQL, last_correct=last_correct))
            )


_FIRST_SQL = "(attempt = 1 AND NOT after_reveal)"
_REBUILD_DAYS = """
INSERT INTO answer_days (learner_id, topic, day, answered, correct, first_answered,
    first_correct, first_seconds)
SELECT learner_id, topic, {day}, count(*), sum(CASE WHEN correct THEN 1 ELSE 0 END),
    sum(CASE WHEN {first} THEN 1 ELSE 0 END),
    sum(CASE WHEN {first} AND correct THEN 1 ELSE 0 END),
    coalesce(sum(CASE WHEN {first} THEN seconds END), 0)
FROM answers GROUP BY learner_id, topic, {day}
"""
_REBUILD_MARKS = """
INSERT INTO ask_marks (learner_id, scenario_id, step, topic, first_answered,
    first_correct, last_first_at, last_first_id, last_first_correct)
SELECT a.learner_id, a.scenario_id, a.step, max(a.topic),
    sum(CASE WHEN {first} THEN 1 ELSE 0 END),
    sum(CASE WHEN {first} AND a.correct THEN 1 ELSE 0 END),
    max(l.answered_at), max(l.id), {last_correct}
FROM answers a
LEFT JOIN (
    SELECT id, learner_id, scenario_id, step, answered_at, correct,
        row_number() OVER (
            PARTITION BY learner_id, scenario_id, step
            ORDER BY answered_at DESC, id DESC
        ) AS rank
    FROM answers WHERE {first}
) l ON l.learner_id = a.learner_id AND l.scenario_id = a.scenario_id
    AND l.step = a.step AND l.rank = 1
GROUP BY a.learner_id, a.scenario_id, a.step
"""


def _house_json(house: Mapping[str, object]) -> str:
    """House overrides as compact JSON with sorted keys (``{}`` for none)."""
    return json.dumps(dict(house), separators=(",", ":"), sort_keys=True)


# -- PIN hashing ---------------------------------------------------------------------


def _checked_context(
    *,
    house: object,
    attempt: object,
    after_reveal: object,
    hinted: object,
    rules: object,
    target: object,
    seed: object,
) -> dict[str, Any]:
    """The answer's context columns after checking each one."""
    if house is None:
        house = {}
    if not isinstance(house, Mapping) or not all(isinstance(k, str) for k in house):
        raise ProgressError(
            f"house={str(house)[:80]!r} is not usable: give a mapping of house rule "
            "names to plain values, or None."
        )
    try:
        house_json = _house_json(house)
    except (TypeError, ValueError) as exc:
        raise ProgressError(
            f"house={str(house)[:80]!r} cannot be stored: {exc}. Give plain values "
            "(str, int, bool)."
        ) from exc
    if not isinstance(attempt, int) or isinstance(attempt, bool) or attempt < 1:
        raise ProgressError(
            f"attempt={attempt!r} is not usable: give 1 for the first answer to this ask "
            "in a play-through, 2, 3... for later tries."
        )
    for name, flag in (("after_reveal", after_reveal), ("hinted", hinted)):
        if not isinstance(flag, bool):
            raise ProgressError(f"{name}={flag!r} is not usable: give True or False.")
    if isinstance(rules, str) or not isinstance(rules, Sequence):
        raise ProgressError(
            f"rules={str(rules)[:80]!r} is not usable: give a sequence of rule ids "
            "such as ('bring-in.lowest', 'act.later')."
        )
    for rule in rules:
        if not isinstance(rule, str) or not rule or rule != "".join(rule.split()):
            raise ProgressError(
                f"The rule id {str(rule)[:80]!r} is not usable: give text without spaces."
            )
    if target is not None and (
        not isinstance(target, str) or not target.strip() or len(target) > 60
    ):
        raise ProgressError(
            f"target={str(target)[:80]!r} is not usable: give non-empty text of at most "
            "60 characters, or None."
        )
    if seed is not None and (
        not isinstance(seed, int)
        or isinstance(seed, bool)
        or not -_SEED_LIMIT <= seed < _SEED_LIMIT
    ):
        raise ProgressError(
            f"seed={str(seed)[:40]!r} is not usable: give a whole number that fits in 64 "
            "bits, or None."
        )
    return {
        "house_json": house_json,
        "attempt": attempt,
        "after_reveal": after_reveal,
        "hinted": hinted,
        "rules": " ".join(rules),
        "target": target,
        "seed": seed,
    }


def _checked_answer(
    *,
    scenario_id: object,
    step: object,
    kind: object,
    topic: object,
    level: object,
    game: object,
    preset: object,
    correct: object,
    seconds: object,
    answered_at: object,
) -> dict[str, Any]:
    """The answer's columns after checking each one; a ProgressError names a bad one."""
    texts = {"scenario_id": scenario_id, "kind": kind, "topic": topic, "preset": preset}
    for field, value in texts.items():
        limit = _TEXT_LIMITS[field]
        if not isinstance(value, str) or not value.strip() or len(value) > limit:
            raise ProgressError(
                f"{field}={value!r} is not usable: give non-empty text of at most "
                f"{limit} characters."
            )
    if preset not in PRESETS:
        raise ProgressError(
            f"preset={str(preset)[:80]!r} is not a preset id: give one of "
            f"{', '.join(PRESETS)} (house overrides go in house=)."
        )
    if not isinstance(step, int) or isinstance(step, bool) or step < 0:
        raise ProgressError(
            f"step={step!r} is not usable: give the ask's index in the scenario's steps "
            "(an int, 0 or more)."
        )
    if not isinstance(level, int) or isinstance(level, bool) or level not in LEVELS:
        raise ProgressError(f"level={level!r} is not usable: give an int from 1 to 5.")
    if game not in GAMES:
        raise ProgressError(
            f"Expected one of {', '.join(GAMES)} for game but got: {game!r}."
        )
    if not isinstance(correct, bool):
        raise ProgressError(f"correct={correct!r} is not usable: give True or False.")
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float, Decimal)):
        raise ProgressError(f"seconds={seconds!r} is not usable: give a number >= 0.")
    duration = float(seconds)
    if not math.isfinite(duration) or duration < 0:
        raise ProgressError(f"seconds={seconds!r} is not usable: give a number >= 0.")
    if answered_at is None:
        when = datetime.now(UTC)
    elif isinstance(answered_at, datetime) and answered_at.tzinfo is not None:
        when = answered_at.astimezone(UTC)
    else:
        raise ProgressError(
            f"answered_at={answered_at!r} is not usable: give an aware datetime, e.g. "
            "datetime.now(UTC)."
        )
    return {
        "scenario_id": scenario_id,
        "step": step,
        "kind": kind,
        "topic": topic,
        "level": level,
        "game": game,
        "preset": preset,
        "correct": correct,
        "seconds": duration,
        "answered_at": when,
    }
