"""The progress database's tables (SQLAlchemy 2.x declarative models)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    BigInteger,
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    false,
)
from sqlalchemy.engine import Dialect
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column
from sqlalchemy.types import TypeDecorator

#: The Alembic revision this code's tables match (``tutor/progress/migrations/versions``).
HEAD_REVISION = "0013_language"


class UTCDateTime(TypeDecorator[datetime]):
    """A timestamp stored in UTC and always read back as an aware UTC datetime.

    SQLite keeps no offset, so values are written there as naive UTC.
    """

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> Any:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError(
                f"the time {value!r} has no time zone; pass an aware datetime"
            )
        value = value.astimezone(UTC)
        return value.replace(tzinfo=None) if dialect.name == "sqlite" else value

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> Any:
        if value is None:
            return None
        if value.tzinfo is None:
            return value.replace(tzinfo=UTC)
        return value.astimezone(UTC)


class Base(DeclarativeBase):
    """Root of the progress tables."""


class LearnerRow(Base):
    """A learner; ``name_key`` (case-folded name) keeps "Ana" and "ana" one person."""

    __tablename__ = "learners"
    __table_args__ = (Index("ix_learners_name_skeleton", "name_skeleton", unique=True),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    name: Mapped[str] = mapped_column(String(40), unique=True, nullable=False)
    name_key: Mapped[str] = mapped_column(String(40), unique=True, nullable=False)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, nullable=False)
    #: ``scrypt$n$r$p$salt$hash`` (base64 parts), or None for a learner without a PIN
    pin_hash: Mapped[str | None] = mapped_column(String(200), nullable=True)
    #: the name's skeleton (case, look-alike letters and markup folded away: two names with
    #: one skeleton are one learner); legacy clashes from before 0010 get ``#<id>`` appended
    name_skeleton: Mapped[str | None] = mapped_column(String(200), nullable=True)
    #: the PIN is a one-time PIN an instructor's reset gave (it works once)
    pin_once: Mapped[bool] = mapped_column(
        Boolean, nullable=False, default=False, server_default=false()
    )


#: The class view's covering indexes (migration 0004): SQL groups every answer by learner
#: and topic, learner and rule ids, or ask, reading only the index (no sort, no table).
_CLASS_FILTERS = ("attempt", "after_reveal", "game", "preset", "answered_at")
CLASS_INDEX_COLUMNS: dict[str, tuple[str, ...]] = {
    "ix_answers_class_topic": ("learner_id", "topic", "correct", *_CLASS_FILTERS),
    "ix_answers_class_rule": ("learner_id", "rules", "correct", *_CLASS_FILTERS),
}
#: Per question (migration 0009 put it in place of 0004's ``ix_answers_class_ask``): the
#: hardest questions and the item analysis read it alone, each question's answers ordered
#: by the time taken (medians need no sort) and holding the answer given (the spread of
#: wrong answers needs no table look-up).
ITEM_INDEX_COLUMNS: dict[str, tuple[str, ...]] = {
    "ix_answers_class_item": (
        "scenario_id",
        "step",
        "seconds",
        "correct",
        "answer_json",
        "learner_id",
        "kind",
        "topic",
        *_CLASS_FILTERS,
    ),
}
CLASS_INDEXES = tuple(
    Index(name, *columns)
    for name, columns in {**CLASS_INDEX_COLUMNS, **ITEM_INDEX_COLUMNS}.items()
)


class AnswerRow(Base):
    """One answer to one ask (``step`` is the ask's index in the scenario's steps)."""

    __tablename__ = "answers"
    __table_args__ = (
        Index("ix_answers_learner_time", "learner_id", "answered_at"),
        Index("ix_answers_learner_topic", "learner_id", "topic", "answered_at", "id"),
        Index(
            "ix_answers_learner_ask",
            "learner_id",
            "scenario_id",
            "step",
            "answered_at",
            "id",
        ),
        *CLASS_INDEXES,
        Index("ux_answers_answer_id", "answer_id", unique=True),
        Index("ix_answers_run", "run_id", "step"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    learner_id: Mapped[int] = mapped_column(
        ForeignKey("learners.id", ondelete="CASCADE"), nullable=False
    )
    scenario_id: Mapped[str] = mapped_column(String(200), nullable=False)
    step: Mapped[int] = mapped_column(Integer, nullable=False)
    kind: Mapped[str] = mapped_column(String(60), nullable=False)
    topic: Mapped[str] = mapped_column(String(60), nullable=False)
    level: Mapped[int] = mapped_column(Integer, nullable=False)
    game: Mapped[str] = mapped_column(String(20), nullable=False)
    preset: Mapped[str] = mapped_column(String(40), nullable=False)
    answer_json: Mapped[str] = mapped_column(Text, nullable=False)
    correct: Mapped[bool] = mapped_column(Boolean, nullable=False)
    seconds: Mapped[float] = mapped_column(Float, nullable=False)
    answered_at: Mapped[datetime] = mapped_column(UTCDateTime, nullable=False)
    #: the scenario's house overrides as a JSON object (``{}`` for none)
    house_json: Mapped[str] = mapped_column(
        Text, nullable=False, default="{}", server_default="{}"
    )
    #: 1 for the first answer to this ask in a play-through, 2, 3... for later tries
    attempt: Mapped[int] = mapped_column(
        Integer, nullable=False, default=1, server_default="1"
    )
    #: a Retry answered after the right answer was shown
    after_reveal: Mapped[bool] = mapped_column(
        Boolean, nullable=False, default=False, server_default=false()
    )
    #: the learner opened the hint before answering
    hinted: Mapped[bool] = mapped_column(
        Boolean, nullable=False, default=False, server_default=false()
    )
    #: the rule ids the ruling cited, space-separated
    rules: Mapped[str] = mapped_column(
        Text, nullable=False, default="", server_default=""
    )
    #: drills: the generator's target name and seed
    target: Mapped[str | None] = mapped_column(String(60), nullable=True)
    seed: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    #: the id the app gave the answer when it was checked (a replayed answer is saved once)
    answer_id: Mapped[str | None] = mapped_column(String(32), nullable=True)
    #: the walkthrough's play-through this answer belongs to (``scenario_runs``), or None
    run_id: Mapped[int | None] = mapped_column(Integer, nullable=True)


class ScenarioRunRow(Base):
    """One play-through of one scenario by one learner (migration ``0012_scenario_runs``).

    Open until ``finished_at`` is set (its last question answered): reopening the scenario,
    after a reload too, goes on with the open run, so a question has one first attempt per run.
    """

    __tablename__ = "scenario_runs"
    __table_args__ = (
        Index("ix_scenario_runs_learner", "learner_id", "scenario_id", "id"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    learner_id: Mapped[int] = mapped_column(
        ForeignKey("learners.id", ondelete="CASCADE"), nullable=False
    )
    scenario_id: Mapped[str] = mapped_column(String(200), nullable=False)
    started_at: Mapped[datetime] = mapped_column(UTCDateTime, nullable=False)
    finished_at: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)


class ReviewCardRow(Base):
    """One learner's spaced-review card for one rule id (the card itself is FSRS's JSON)."""

    __tablename__ = "review_cards"
    __table_args__ = (Index("ix_review_cards_due", "learner_id", "due"),)

    learner_id: Mapped[int] = mapped_column(
        ForeignKey("learners.id", ondelete="CASCADE"), primary_key=True
    )
    rule_id: Mapped[str] = mapped_column(String(60), primary_key=True)
    card_json: Mapped[str] = mapped_column(Text, nullable=False)
    due: Mapped[datetime] = mapped_column(UTCDateTime, nullable=False)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime, nullable=False)


class AnswerDayRow(Base):
    """Per learner, topic and UTC day: running counts, updated with every answer saved.

    The Progress page sums these (a few hundred rows a year) instead of the answers.
    """

    __tablename__ = "answer_days"

    learner_id: Mapped[int] = mapped_column(
        ForeignKey("learners.id", ondelete="CASCADE"), primary_key=True
    )
    topic: Mapped[str] = mapped_column(String(60), primary_key=True)
    #: the UTC date, ``YYYY-MM-DD``
    day: Mapped[str] = mapped_column(String(10), primary_key=True)
    answered: Mapped[int] = mapped_column(Integer, nullable=False)
    correct: Mapped[int] = mapped_column(Integer, nullable=False)
    first_answered: Mapped[int] = mapped_column(Integer, nullable=False)
    first_correct: Mapped[int] = mapped_column(Integer, nullable=False)
    first_seconds: Mapped[float] = mapped_column(Float, nullable=False)


class AskMarkRow(Base):
    """Per learner and ask: whether its latest first attempt was right, updated with every
    answer saved (one row per ask answered: Practice reads these, not the answers)."""

    __tablename__ = "ask_marks"

    learner_id: Mapped[int] = mapped_column(
        ForeignKey("learners.id", ondelete="CASCADE"), primary_key=True
    )
    scenario_id: Mapped[str] = mapped_column(String(200), primary_key=True)
    step: Mapped[int] = mapped_column(Integer, primary_key=True)
    topic: Mapped[str] = mapped_column(String(60), nullable=False)
    first_answered: Mapped[int] = mapped_column(Integer, nullable=False)
    first_correct: Mapped[int] = mapped_column(Integer, nullable=False)
    #: the latest first attempt: when, its id, and whether it was right (None: none yet)
    last_first_at: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)
    last_first_id: Mapped[int | None] = mapped_column(Integer, nullable=True)
    last_first_correct: Mapped[bool | None] = mapped_column(Boolean, nullable=True)


class LessonReadRow(Base):
    """A lesson a learner has opened (its "Read" mark on the Learn page), and when first."""

    __tablename__ = "lessons_read"

    learner_id: Mapped[int] = mapped_column(
        ForeignKey("learners.id", ondelete="CASCADE"), primary_key=True
    )
    lesson_id: Mapped[str] = mapped_column(String(100), primary_key=True)
    read_at: Mapped[datetime] = mapped_column(UTCDateTime, nullable=False)


class LearnerLanguageRow(Base):
    """The language a learner chose in the sidebar (migration 0013_language)."""

    __tablename__ = "learner_languages"

    learner_id: Mapped[int] = mapped_column(
        ForeignKey("learners.id", ondelete="CASCADE"), primary_key=True
    )
    language: Mapped[str] = mapped_column(String(8), nullable=False)
    chosen_at: Mapped[datetime] = mapped_column(UTCDateTime, nullable=False)


# -- classes and assignments (migration 0009_classes) ----------------------------------------
class ClassRow(Base):
    """A class an instructor runs; learners join it with its code (or are listed by
    identity in sign-in mode)."""

    __tablename__ = "classes"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    name: Mapped[str] = mapped_column(String(80), nullable=False)
    #: what a learner types to join (upper-case letters and digits, no look-alikes)
    join_code: Mapped[str] = mapped_column(String(12), unique=True, nullable=False)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, nullable=False)


class ClassMemberRow(Base):
    """A learner in a class (a learner may be in several)."""

    __tablename__ = "class_members"
    __table_args__ = (Index("ix_class_members_learner", "learner_id"),)

    class_id: Mapped[int] = mapped_column(
        ForeignKey("classes.id", ondelete="CASCADE"), primary_key=True
    )
    learner_id: Mapped[int] = mapped_column(
        ForeignKey("learners.id", ondelete="CASCADE"), primary_key=True
    )
    joined_at: Mapped[datetime] = mapped_column(UTCDateTime, nullable=False)


class ClassIdentityRow(Base):
    """Sign-in mode: an identity (e-mail or subject, lower-cased) a class lists; the
    learner signed in as it joins the class on their next visit."""

    __tablename__ = "class_identities"

    class_id: Mapped[int] = mapped_column(
        ForeignKey("classes.id", ondelete="CASCADE"), primary_key=True
    )
    identity: Mapped[str] = mapped_column(String(254), primary_key=True)


class AssignmentRow(Base):
    """Work set to a class: bank scenarios and drill targets, open from one time to a due
    time (work after it counts, marked late)."""

    __tablename__ = "assignments"
    __table_args__ = (Index("ix_assignments_class", "class_id", "due_at"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    class_id: Mapped[int] = mapped_column(
        ForeignKey("classes.id", ondelete="CASCADE"), nullable=False
    )
    title: Mapped[str] = mapped_column(String(120), nullable=False)
    opens_at: Mapped[datetime] = mapped_column(UTCDateTime, nullable=False)
    due_at: Mapped[datetime] = mapped_column(UTCDateTime, nullable=False)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, nullable=False)


class AssignmentItemRow(Base):
    """One item of an assignment: a bank scenario (``scenario_id``), or a drill target with
    its game, preset and how many questions are generated for each learner."""

    __tablename__ = "assignment_items"

    assignment_id: Mapped[int] = mapped_column(
        ForeignKey("assignments.id", ondelete="CASCADE"), primary_key=True
    )
    position: Mapped[int] = mapped_column(Integer, primary_key=True)
    scenario_id: Mapped[str | None] = mapped_column(String(200), nullable=True)
    target: Mapped[str | None] = mapped_column(String(60), nullable=True)
    game: Mapped[str | None] = mapped_column(String(20), nullable=True)
    preset: Mapped[str | None] = mapped_column(String(40), nullable=True)
    count: Mapped[int] = mapped_column(
        Integer, nullable=False, default=1, server_default="1"
    )


class AssignmentSeedRow(Base):
    """The seed a learner keeps for an assignment: their drill questions are generated
    from it, so a retry shows the same hands and two learners see different ones."""

    __tablename__ = "assignment_seeds"

    assignment_id: Mapped[int] = mapped_column(
        ForeignKey("assignments.id", ondelete="CASCADE"), primary_key=True
    )
    learner_id: Mapped[int] = mapped_column(
        ForeignKey("learners.id", ondelete="CASCADE"), primary_key=True
    )
    seed: Mapped[int] = mapped_column(BigInteger, nullable=False)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, nullable=False)


class AssignmentVariantRow(Base):
    """One generated question of a learner's assignment: the item, its number, and the
    generated scenario's id and ask step (what their answers are recorded under)."""

    __tablename__ = "assignment_variants"

    assignment_id: Mapped[int] = mapped_column(
        ForeignKey("assignments.id", ondelete="CASCADE"), primary_key=True
    )
    learner_id: Mapped[int] = mapped_column(
        ForeignKey("learners.id", ondelete="CASCADE"), primary_key=True
    )
    position: Mapped[int] = mapped_column(Integer, primary_key=True)
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    scenario_id: Mapped[str] = mapped_column(String(200), nullable=False)
    step: Mapped[int] = mapped_column(Integer, nullable=False)


# -- identity (migration 0010_identity) ------------------------------------------------------
class BrowserSessionRow(Base):
    """A browser's sign-in: the SHA-256 of the token its cookie holds (never the token),
    what it signs in (a learner, or the instructor pages), and until when."""

    __tablename__ = "browser_sessions"
    __table_args__ = (Index("ix_browser_sessions_expires", "expires_at"),)

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    #: ``learner`` or ``instructor``
    kind: Mapped[str] = mapped_column(String(12), nullable=False)
    learner_id: Mapped[int | None] = mapped_column(
        ForeignKey("learners.id", ondelete="CASCADE"), nullable=True
    )
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, nullable=False)
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime, nullable=False)


class AuthFailureRow(Base):
    """Failed tries at one secret (``pin:<learner id>``, ``instructor:client:<address>``,
    ``instructor:all``): how many in a row, and before when the next try is refused."""

    __tablename__ = "auth_failures"

    key: Mapped[str] = mapped_column(String(200), primary_key=True)
    failures: Mapped[int] = mapped_column(Integer, nullable=False)
    last_failure_at: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)
    #: no try is checked before this time (a delay, or a lock once there were a handful)
    next_try_at: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)
