"""The progress store's reports: answers read back, a learner's figures, the CSV export,
lessons read, the learner's language, spaced-review cards (a part of
:class:`tutor.progress.ProgressStore`)."""

from __future__ import annotations

import statistics
from collections.abc import Mapping
from datetime import UTC, date, datetime
from typing import Any

from sqlalchemy import (
    and_,
    bindparam,
    case,
    delete,
    func,
    select,
)
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.orm import Session

from tutor.i18n import LANGUAGES
from tutor.progress.answers_csv import Lookup, answers_query, write_csv
from tutor.progress.connection import (
    _LESSON_ID,
    RECENT,
    StoreConnection,
    _record,
    bounded,
)
from tutor.progress.mastery import level_from
from tutor.progress.records import (
    AnswerRecord,
    DaySummary,
    Learner,
    ProgressError,
    ProgressFigures,
    ReviewCardRecord,
    TopicSummary,
)
from tutor.progress.schema import (
    AnswerDayRow,
    AnswerRow,
    AskMarkRow,
    LearnerLanguageRow,
    LessonReadRow,
    ReviewCardRow,
)


class Reports(StoreConnection):
    """What the store reads back and the learner's own settings."""

    @bounded
    def answers(
        self, learner: Learner | int, *, since: datetime | None = None
    ) -> list[AnswerRecord]:
        """The learner's answers, oldest first; only those at or after ``since`` if given.

        Reads the whole history: for exports and tools, not for a page's figures.
        """
        if since is not None and since.tzinfo is None:
            raise ProgressError(
                f"since={since!r} has no time zone. Pass an aware datetime, e.g. "
                "datetime(2026, 11, 29, tzinfo=UTC)."
            )
        with self._guard("read answers"), self._transaction(write=False) as session:
            row = self._learner_row(session, learner)
            query = select(AnswerRow).where(AnswerRow.learner_id == row.id)
            if since is not None:
                query = query.where(AnswerRow.answered_at >= since)
            query = query.order_by(AnswerRow.answered_at, AnswerRow.id)
            return [_record(r) for r in session.scalars(query)]

    @bounded
    def drill_answers(self, learner: Learner | int) -> list[AnswerRecord]:
        """The learner's Dealer drill answers (those with a target), oldest first.

        Only the drill rows are read, for the Progress page's drill charts.
        """
        with (
            self._guard("read drill answers"),
            self._transaction(write=False) as session,
        ):
            row = self._learner_row(session, learner)
            query = (
                select(AnswerRow)
                .where(AnswerRow.learner_id == row.id, AnswerRow.target.is_not(None))
                .order_by(AnswerRow.answered_at, AnswerRow.id)
            )
            return [_record(r) for r in session.scalars(query)]

    @bounded
    def answer_count(self, learner: Learner | int) -> int:
        """How many answers the learner has given (every attempt)."""
        with self._guard("count answers"), self._transaction(write=False) as session:
            row = self._learner_row(session, learner)
            query = select(func.count()).where(AnswerRow.learner_id == row.id)
            return int(session.execute(query).scalar_one())

    @bounded
    def mistakes(self, learner: Learner | int) -> set[tuple[str, int]]:
        """The asks ``(scenario_id, step)`` whose latest first attempt was wrong.

        Retries do not count: an ask answered wrong and then right on a Retry stays a
        mistake until a later play-through gets it right first time. One row per ask
        answered is read (``ask_marks``), never the answers.
        """
        with self._guard("read mistakes"), self._transaction(write=False) as session:
            row = self._learner_row(session, learner)
            query = select(AskMarkRow.scenario_id, AskMarkRow.step).where(
                AskMarkRow.learner_id == row.id,
                AskMarkRow.last_first_correct.is_(False),
            )
            return {(sid, int(step)) for sid, step in session.execute(query)}

    @bounded
    def first_marks(self, learner: Learner | int) -> dict[tuple[str, int], bool]:
        """Per ask answered at the first try at least once: whether the latest first try was
        right (the wrap-up's and the lesson cards' unit). One row per ask is read."""
        with self._guard("read answers"), self._transaction(write=False) as session:
            row = self._learner_row(session, learner)
            query = select(
                AskMarkRow.scenario_id, AskMarkRow.step, AskMarkRow.last_first_correct
            ).where(
                AskMarkRow.learner_id == row.id,
                AskMarkRow.last_first_correct.is_not(None),
            )
            return {
                (sid, int(step)): bool(right)
                for sid, step, right in session.execute(query)
            }

    @bounded
    def answered_asks(self, learner: Learner | int) -> set[tuple[str, int]]:
        """The asks ``(scenario_id, step)`` the learner has answered at least once."""
        with self._guard("read answers"), self._transaction(write=False) as session:
            row = self._learner_row(session, learner)
            query = select(AskMarkRow.scenario_id, AskMarkRow.step).where(
                AskMarkRow.learner_id == row.id
            )
            return {(sid, int(step)) for sid, step in session.execute(query)}

    @bounded
    def topic_summary(self, learner: Learner | int) -> list[TopicSummary]:
        """Per answered topic (first attempts only): answers, right, time, scenarios, mastery."""
        with self._guard("read answers"), self._transaction(write=False) as session:
            row = self._learner_row(session, learner)
            return list(self._topics(session, row.id))

    @bounded
    def progress(self, learner: Learner | int) -> ProgressFigures:
        """The Progress page's figures, from the running counts kept with the answers.

        Reads the learner's rows of ``answer_days`` (one per topic and day answered) and
        ``ask_marks`` (one per ask answered) and at most :data:`RECENT` answers per topic:
        the time does not grow with the length of the history.
        """
        with self._guard("read progress"), self._transaction(write=False) as session:
            learner_id = self._learner_row(session, learner).id
            totals = session.execute(
                select(
                    func.coalesce(func.sum(AnswerDayRow.answered), 0),
                    func.coalesce(func.sum(AnswerDayRow.correct), 0),
                    func.coalesce(func.sum(AnswerDayRow.first_answered), 0),
                    func.coalesce(func.sum(AnswerDayRow.first_correct), 0),
                ).where(AnswerDayRow.learner_id == learner_id)
            ).one()
            topics = self._topics(session, learner_id)
            days = self._days(session, learner_id)
        return ProgressFigures(
            answered=int(totals[0]),
            correct=int(totals[1]),
            first_answered=int(totals[2]),
            first_correct=int(totals[3]),
            topics=topics,
            days=days,
        )

    def _topics(self, session: Session, learner_id: int) -> tuple[TopicSummary, ...]:
        """Per topic, first attempts only, with the median time and the mastery level."""
        groups = session.execute(
            select(
                AnswerDayRow.topic,
                func.sum(AnswerDayRow.first_answered),
                func.sum(AnswerDayRow.first_correct),
                func.sum(AnswerDayRow.first_seconds),
            )
            .where(AnswerDayRow.learner_id == learner_id)
            .group_by(AnswerDayRow.topic)
            .having(func.sum(AnswerDayRow.first_answered) > 0)
            .order_by(AnswerDayRow.topic)
        ).all()
        if not groups:
            return ()
        scenarios = {
            topic: (int(tried), int(right))
            for topic, tried, right in session.execute(
                select(
                    AskMarkRow.topic,
                    func.count(
                        case(
                            (AskMarkRow.first_answered > 0, AskMarkRow.scenario_id)
                        ).distinct()
                    ),
                    func.count(
                        case(
                            (AskMarkRow.first_correct > 0, AskMarkRow.scenario_id)
                        ).distinct()
                    ),
                )
                .where(AskMarkRow.learner_id == learner_id)
                .group_by(AskMarkRow.topic)
            )
        }
        # one small query per topic, through the topic index (compiled once, cached)
        recent: dict[str, list[tuple[bool, float]]] = {
            topic: [
                (bool(correct), float(seconds))
                for correct, seconds in session.execute(
                    _RECENT_QUERY, {"learner": learner_id, "topic": topic}
                )
            ][::-1]
            for topic, *_ in groups
        }
        summaries = []
        for topic, answered, right, seconds in groups:
            ordered = recent.get(topic, [])  # oldest first
            tried, right_scenarios = scenarios.get(topic, (0, 0))
            level = level_from(
                int(answered), [flag for flag, _ in ordered], right_scenarios
            )
            summaries.append(
                TopicSummary(
                    topic=topic,
                    answered=int(answered),
                    correct=int(right),
                    seconds_total=float(seconds),
                    scenarios=tried,
                    mastery=str(level),
                    median_seconds=(
                        statistics.median(t for _, t in ordered) if ordered else 0.0
                    ),
                )
            )
        return tuple(summaries)

    def _days(self, session: Session, learner_id: int) -> tuple[DaySummary, ...]:
        """First attempts per UTC day, oldest day first."""
        rows = session.execute(
            select(
                AnswerDayRow.day,
                func.sum(AnswerDayRow.first_answered),
                func.sum(AnswerDayRow.first_correct),
            )
            .where(AnswerDayRow.learner_id == learner_id)
            .group_by(AnswerDayRow.day)
            .having(func.sum(AnswerDayRow.first_answered) > 0)
            .order_by(AnswerDayRow.day)
        ).all()
        return tuple(
            DaySummary(
                day=date.fromisoformat(day), answered=int(answered), correct=int(right)
            )
            for day, answered, right in rows
        )

    @bounded
    def export_csv(self, learner: Learner | int, lookup: Lookup | None = None) -> str:
        """The learner's answers as CSV text (header row first, oldest answer next).

        The columns are ``CSV_COLUMNS`` (see :mod:`tutor.progress.answers_csv`);
        ``lookup`` gives each question's text and right answer (blank without one).
        """
        with self._guard("read the answers"), self._transaction(write=False) as s:
            learner_id = self._learner_row(s, learner).id
            rows = list(s.execute(answers_query([AnswerRow.learner_id == learner_id])))
        return write_csv(rows, lookup)

    # -- lessons read ------------------------------------------------------------------

    @bounded
    def mark_lesson_read(self, learner: Learner | int, lesson_id: str) -> None:
        """Note that the learner opened the lesson (again: nothing changes).

        :raises ProgressError: If the lesson id is not a lesson id.
        """
        if not isinstance(lesson_id, str) or not _LESSON_ID.fullmatch(lesson_id):
            raise ProgressError(
                f"{str(lesson_id)[:40]!r} is not a lesson id: use lower-case letters, "
                "digits and '-', at most 100 characters."
            )
        insert = sqlite_insert if self.is_sqlite else pg_insert
        with self._guard("mark a lesson read"), self._transaction(write=True) as s:
            learner_id = self._learner_row(s, learner).id
            s.execute(
                insert(LessonReadRow)
                .values(
                    learner_id=learner_id,
                    lesson_id=lesson_id,
                    read_at=datetime.now(UTC),
                )
                .on_conflict_do_nothing(index_elements=["learner_id", "lesson_id"])
            )

    @bounded
    def lessons_read(self, learner: Learner | int) -> set[str]:
        """The ids of the lessons the learner has opened."""
        with self._guard("read the lessons read"), self._transaction(write=False) as s:
            learner_id = self._learner_row(s, learner).id
            return set(
                s.scalars(
                    select(LessonReadRow.lesson_id).where(
                        LessonReadRow.learner_id == learner_id
                    )
                )
            )

    # -- the learner's language ---------------------------------------------------------

    def language_of(self, learner: Learner | int) -> str | None:
        """The language the learner chose (a code such as ``it``), or None."""
        with (
            self._guard("read the learner's language"),
            self._transaction(write=False) as s,
        ):
            learner_id = self._learner_row(s, learner).id
            found: str | None = s.scalar(
                select(LearnerLanguageRow.language).where(
                    LearnerLanguageRow.learner_id == learner_id
                )
            )
            return found

    def set_language(self, learner: Learner | int, language: str) -> None:
        """Remember the learner's language (a code of ``tutor.i18n.LANGUAGES``).

        :raises ProgressError: If there is no catalogue for ``language``.
        """
        if language not in LANGUAGES:
            raise ProgressError(
                f"{str(language)[:20]!r} is not a language of the tutor: use one of "
                f"{', '.join(LANGUAGES)}."
            )
        insert = sqlite_insert if self.is_sqlite else pg_insert
        with (
            self._guard("save the learner's language"),
            self._transaction(write=True) as s,
        ):
            learner_id = self._learner_row(s, learner).id
            now = datetime.now(UTC)
            statement = insert(LearnerLanguageRow).values(
                learner_id=learner_id, language=language, chosen_at=now
            )
            s.execute(
                statement.on_conflict_do_update(
                    index_elements=["learner_id"],
                    set_={"language": language, "chosen_at": now},
                )
            )

    # -- spaced review -----------------------------------------------------------------

    @bounded
    def review_cards(self, learner: Learner | int) -> dict[str, ReviewCardRecord]:
        """The learner's review cards by rule id."""
        with self._guard("read review cards"), self._transaction(write=False) as s:
            learner_id = self._learner_row(s, learner).id
            rows = s.scalars(
                select(ReviewCardRow)
                .where(ReviewCardRow.learner_id == learner_id)
                .order_by(ReviewCardRow.rule_id)
            )
            return {
                row.rule_id: ReviewCardRecord(row.rule_id, row.card_json, row.due)
                for row in rows
            }

    @bounded
    def save_review_cards(
        self, learner: Learner | int, cards: Mapping[str, tuple[str, datetime]]
    ) -> None:
        """Insert or replace review cards: rule id -> (card JSON, when it is due).

        :raises ProgressError: If a rule id, a card or a due time is not usable.
        """
        now = datetime.now(UTC)
        values = [
            _checked_card(rule_id, card) | {"updated_at": now}
            for rule_id, card in cards.items()
        ]
        if not values:
            return
        insert = sqlite_insert if self.is_sqlite else pg_insert
        with self._guard("save review cards"), self._transaction(write=True) as s:
            learner_id = self._learner_row(s, learner).id
            statement = insert(ReviewCardRow).values(
                [{"learner_id": learner_id, **value} for value in values]
            )
            s.execute(
                statement.on_conflict_do_update(
                    index_elements=["learner_id", "rule_id"],
                    set_={
                        "card_json": statement.excluded.card_json,
                        "due": statement.excluded.due,
                        "updated_at": statement.excluded.updated_at,
                    },
                )
            )

    @bounded
    def clear_review_cards(self, learner: Learner | int) -> None:
        """Remove every review card of the learner (before recomputing them)."""
        with self._guard("clear review cards"), self._transaction(write=True) as s:
            learner_id = self._learner_row(s, learner).id
            s.execute(
                delete(ReviewCardRow).where(ReviewCardRow.learner_id == learner_id)
            )


#: A topic's latest first attempts, newest first (mastery and the median time).
_RECENT_QUERY = (
    select(AnswerRow.correct, AnswerRow.seconds)
    .where(
        AnswerRow.learner_id == bindparam("learner"),
        AnswerRow.topic == bindparam("topic"),
        AnswerRow.attempt == 1,
        AnswerRow.after_reveal.is_(False),
    )
    .order_by(AnswerRow.answered_at.desc(), AnswerRow.id.desc())
    .limit(RECENT)
)


def _first_attempts() -> Any:
    """The SQL condition for answers that count (see ``AnswerRecord.first_attempt``)."""
    return and_(AnswerRow.attempt == 1, AnswerRow.after_reveal.is_(False))


# -- checks --------------------------------------------------------------------------


def _checked_card(rule_id: object, card: object) -> dict[str, Any]:
    """One review card's columns after checking them."""
    if not isinstance(rule_id, str) or not rule_id.strip() or len(rule_id) > 60:
        raise ProgressError(
            f"The rule id {str(rule_id)[:80]!r} is not usable: give non-empty text of at "
            "most 60 characters."
        )
    if not (
        isinstance(card, tuple)
        and len(card) == 2
        and isinstance(card[0], str)
        and isinstance(card[1], datetime)
        and card[1].tzinfo is not None
    ):
        raise ProgressError(
            f"The review card for {rule_id!r} is not usable: give (card JSON text, an "
            "aware due datetime)."
        )
    return {"rule_id": rule_id, "card_json": card[0], "due": card[1]}
