"""Classes, memberships and assignments in the progress store (migration ``0009_classes``).

An instructor creates a class and gets a join code; a learner types it to join (a learner
may be in several classes). In sign-in mode a class may list identities instead: a learner
signed in as one of them joins on their next visit. An assignment sets a class some bank
scenarios and drill targets (game, preset, how many generated questions) from an opening
time to a due time. Each learner keeps one seed per assignment, from which their drill
questions are generated (the same hands on a retry, other hands for another learner); the
generated questions' ids are saved when first made, so progress is worked out in SQL.

Progress per learner and assignment: a question is done when the learner has answered it
since the assignment opened; its first answer (the earliest, whatever play-through) gives
the first-attempt score; a first answer after the due time is late (it still counts).
"""

from __future__ import annotations

import csv
import io
import secrets
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    Table,
    and_,
    case,
    delete,
    func,
    literal,
    select,
    union_all,
)
from sqlalchemy.exc import IntegrityError

from tutor.engine import GAMES, PRESETS
from tutor.progress.answers_csv import cell
from tutor.progress.records import Learner, ProgressError
from tutor.progress.schema import (
    AnswerRow,
    AssignmentItemRow,
    AssignmentRow,
    AssignmentSeedRow,
    AssignmentVariantRow,
    ClassIdentityRow,
    ClassMemberRow,
    ClassRow,
    LearnerRow,
)
from tutor.progress.store import ProgressStore, bounded

ANSWERS: Table = AnswerRow.__table__  # type: ignore[assignment]
MEMBERS: Table = ClassMemberRow.__table__  # type: ignore[assignment]
VARIANTS: Table = AssignmentVariantRow.__table__  # type: ignore[assignment]
LEARNERS: Table = LearnerRow.__table__  # type: ignore[assignment]

#: Join codes: six characters with no look-alikes (no 0/O, 1/I/L).
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6
NAME_MAX = 80
TITLE_MAX = 120
IDENTITY_MAX = 254
#: The most generated questions one drill item may ask for each learner.
COUNT_MAX = 20
_SEED_LIMIT = 2**31


@dataclass(frozen=True, slots=True)
class ClassInfo:
    """A class: its id, name, join code and how many learners are in it."""

    id: int
    name: str
    join_code: str
    created_at: datetime
    members: int = 0


@dataclass(frozen=True, slots=True)
class Item:
    """One item of an assignment: a bank scenario, or a drill target (``count`` questions
    generated for each learner in ``game`` under ``preset``)."""

    scenario_id: str | None = None
    target: str | None = None
    game: str | None = None
    preset: str | None = None
    count: int = 1

    @property
    def is_drill(self) -> bool:
        return self.target is not None


@dataclass(frozen=True, slots=True)
class Assignment:
    """Work set to a class, open from ``opens_at`` to ``due_at``."""

    id: int
    class_id: int
    title: str
    opens_at: datetime
    due_at: datetime
    items: tuple[Item, ...]

    def is_open(self, now: datetime) -> bool:
        return self.opens_at <= now


@dataclass(frozen=True, slots=True)
class Variant:
    """One of a learner's generated questions: item position, number, scenario and step."""

    position: int
    number: int
    scenario_id: str
    step: int


@dataclass(frozen=True, slots=True)
class Mark:
    """One learner's progress on one assignment."""

    learner_id: int
    learner: str
    questions: int
    answered: int
    first_right: int
    late: int
    last_answer: datetime | None

    @property
    def complete(self) -> bool:
        return self.questions > 0 and self.answered >= self.questions

    @property
    def completion(self) -> float:
        """Share of the questions answered, 0.0 to 1.0."""
        return self.answered / self.questions if self.questions else 0.0

    @property
    def score(self) -> float:
        """First-attempt score: share of all the questions right first time, 0.0 to 1.0."""
        return self.first_right / self.questions if self.questions else 0.0


def _now() -> datetime:
    return datetime.now(UTC)


def _text(value: object, what: str, limit: int) -> str:
    cleaned = " ".join(str(value or "").split())
    if not cleaned or len(cleaned) > limit or not cleaned.isprintable():
        raise ProgressError(
            f"The {what} {cleaned[:40]!r} is not usable: give 1 to {limit} printable "
            "characters."
        )
    return cleaned


def _aware(value: datetime | None) -> datetime | None:
    if value is None:
        return None
    return value.replace(tzinfo=UTC) if value.tzinfo is None else value


def normal_code(code: str) -> str:
    """A join code as typed, made comparable: ``" ab c-12 "`` -> ``"ABC12"``.

    >>> normal_code(" ab c-12 ")
    'ABC12'
    """
    return "".join(ch for ch in str(code).upper() if ch.isalnum())


# -- classes ---------------------------------------------------------------------------------
def create_class(store: ProgressStore, name: str) -> ClassInfo:
    """A new class called ``name`` with a fresh join code.

    :raises ProgressError: If the name is empty, too long, or the store cannot be written.
    """
    cleaned = _text(name, "class name", NAME_MAX)
    for _ in range(8):
        code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
        try:
            with store._guard("create a class"), store._transaction(write=True) as s:
                row = ClassRow(name=cleaned, join_code=code, created_at=_now())
                s.add(row)
                s.flush()
                return ClassInfo(row.id, row.name, row.join_code, row.created_at)
        except ProgressError as exc:
            if not isinstance(exc.__cause__, IntegrityError):
                raise
    raise ProgressError("Could not find a free join code; try again.")


def classes(store: ProgressStore) -> list[ClassInfo]:
    """Every class, by name, with its number of members."""
    count = (
        select(func.count()).where(MEMBERS.c.class_id == ClassRow.id).scalar_subquery()
    )
    with store._guard("read the classes"), store._transaction(write=False) as s:
        rows = s.execute(
            select(ClassRow, count).order_by(func.lower(ClassRow.name), ClassRow.id)
        ).all()
        return [
            ClassInfo(r.id, r.name, r.join_code, _aware(r.created_at) or _now(), int(n))
            for r, n in rows
        ]


def class_by_id(store: ProgressStore, class_id: int) -> ClassInfo | None:
    """The class with this id, or None."""
    return next((c for c in classes(store) if c.id == class_id), None)


@bounded
def join_class(store: ProgressStore, learner: Learner, code: str) -> ClassInfo:
    """Put the learner in the class whose join code is ``code`` (again: no change).

    :raises ProgressError: If no class has that code; the message says what to do.
    """
    wanted = normal_code(code)
    with store._guard("join a class"), store._transaction(write=True) as s:
        row = s.scalars(select(ClassRow).where(ClassRow.join_code == wanted)).first()
        if row is None:
            raise ProgressError(
                "No class has that code. Check it with your instructor (six letters "
                "and digits, such as K7QX2M)."
            )
        _add_member(s, row.id, learner.id)
        return ClassInfo(row.id, row.name, row.join_code, row.created_at)


def _add_member(session: Any, class_id: int, learner_id: int) -> None:
    found = session.get(ClassMemberRow, (class_id, learner_id))
    if found is None:
        session.add(
            ClassMemberRow(class_id=class_id, learner_id=learner_id, joined_at=_now())
        )


def add_member(store: ProgressStore, class_id: int, learner: Learner) -> None:
    """Put ``learner`` in the class (an instructor adding someone; again: no change)."""
    with store._guard("add a learner to a class"), store._transaction(write=True) as s:
        if s.get(ClassRow, class_id) is None:
            raise ProgressError(f"There is no class with id {class_id}.")
        _add_member(s, class_id, learner.id)


def remove_member(store: ProgressStore, class_id: int, learner_id: int) -> None:
    """Take a learner out of a class (their answers stay)."""
    with (
        store._guard("remove a learner from a class"),
        store._transaction(write=True) as s,
    ):
        s.execute(
            delete(ClassMemberRow).where(
                ClassMemberRow.class_id == class_id,
                ClassMemberRow.learner_id == learner_id,
            )
        )


@bounded
def learner_classes(store: ProgressStore, learner: Learner) -> list[ClassInfo]:
    """The classes the learner is in, by name."""
    with store._guard("read a learner's classes"), store._transaction(write=False) as s:
        rows = s.scalars(
            select(ClassRow)
            .join(ClassMemberRow, ClassMemberRow.class_id == ClassRow.id)
            .where(ClassMemberRow.learner_id == learner.id)
            .order_by(func.lower(ClassRow.name), ClassRow.id)
        ).all()
        return [ClassInfo(r.id, r.name, r.join_code, r.created_at) for r in rows]


def members(store: ProgressStore, class_id: int) -> list[Learner]:
    """The learners in a class, by name (for the instructor's Class view only)."""
    with store._guard("read a class"), store._transaction(write=False) as s:
        rows = s.scalars(
            select(LearnerRow)
            .join(ClassMemberRow, ClassMemberRow.learner_id == LearnerRow.id)
            .where(ClassMemberRow.class_id == class_id)
            .order_by(LearnerRow.name_key)
        ).all()
        return [Learner(r.id, r.name, r.created_at) for r in rows]


def clean_identities(text: str) -> list[str]:
    """The identities in a pasted list (commas, semicolons, spaces or lines between),
    lower-cased, each once, in order.

    >>> clean_identities("Ana@school.org; bo@school.org\\nana@school.org")
    ['ana@school.org', 'bo@school.org']
    """
    found: list[str] = []
    for word in str(text).replace(",", " ").replace(";", " ").split():
        word = word.strip().lower()
        if word and word not in found:
            if len(word) > IDENTITY_MAX or not word.isprintable():
                raise ProgressError(
                    f"{word[:40]!r} is not an identity: give e-mail addresses (or "
                    f"sign-in subjects) of at most {IDENTITY_MAX} characters."
                )
            found.append(word)
    return found


def set_identities(
    store: ProgressStore, class_id: int, identities: Iterable[str]
) -> None:
    """Sign-in mode: the identities the class lists (replacing the list it had)."""
    listed = list(dict.fromkeys(i.lower() for i in identities))
    with store._guard("save a class's list"), store._transaction(write=True) as s:
        if s.get(ClassRow, class_id) is None:
            raise ProgressError(f"There is no class with id {class_id}.")
        s.execute(delete(ClassIdentityRow).where(ClassIdentityRow.class_id == class_id))
        for identity in listed:
            s.add(ClassIdentityRow(class_id=class_id, identity=identity))


def identities(store: ProgressStore, class_id: int) -> list[str]:
    """The identities a class lists, sorted."""
    with store._guard("read a class's list"), store._transaction(write=False) as s:
        return list(
            s.scalars(
                select(ClassIdentityRow.identity)
                .where(ClassIdentityRow.class_id == class_id)
                .order_by(ClassIdentityRow.identity)
            )
        )


@bounded
def join_listed(store: ProgressStore, learner: Learner, identity: str) -> int:
    """Sign-in mode: put the learner in every class that lists ``identity``; how many
    classes they joined now."""
    wanted = identity.strip().lower()
    with store._guard("join the listed classes"), store._transaction(write=True) as s:
        listed = s.scalars(
            select(ClassIdentityRow.class_id).where(ClassIdentityRow.identity == wanted)
        ).all()
        joined = 0
        for class_id in listed:
            if s.get(ClassMemberRow, (class_id, learner.id)) is None:
                _add_member(s, class_id, learner.id)
                joined += 1
        return joined


# -- assignments -----------------------------------------------------------------------------
def _checked_item(item: Item) -> Item:
    if (item.scenario_id is None) == (item.target is None):
        raise ProgressError(
            "An assignment item is a bank scenario or a drill target, not both or neither."
        )
    if item.scenario_id is not None:
        _text(item.scenario_id, "scenario id", 200)
        return Item(scenario_id=item.scenario_id)
    _text(item.target, "drill target", 60)
    if item.game not in GAMES:
        raise ProgressError(f"The game {item.game!r} is not one of {', '.join(GAMES)}.")
    if item.preset not in PRESETS:
        raise ProgressError(
            f"The house rules {item.preset!r} are not one of {', '.join(PRESETS)}."
        )
    if isinstance(item.count, bool) or not 1 <= int(item.count) <= COUNT_MAX:
        raise ProgressError(
            f"A drill item asks 1 to {COUNT_MAX} generated questions, not {item.count!r}."
        )
    return item


def create_assignment(
    store: ProgressStore,
    class_id: int,
    title: str,
    opens_at: datetime,
    due_at: datetime,
    items: Sequence[Item],
) -> Assignment:
    """Set a class an assignment.

    :raises ProgressError: If the title is empty, the due time is not after the opening,
        an item is not usable, there are no items, or the class does not exist.
    """
    cleaned = _text(title, "assignment title", TITLE_MAX)
    if opens_at.tzinfo is None or due_at.tzinfo is None:
        raise ProgressError("Give the opening and due times with a time zone.")
    if due_at <= opens_at:
        raise ProgressError("The due date must come after the opening date.")
    checked = tuple(_checked_item(i) for i in items)
    if not checked:
        raise ProgressError(
            "An assignment needs at least one bank scenario or drill target."
        )
    with store._guard("save an assignment"), store._transaction(write=True) as s:
        if s.get(ClassRow, class_id) is None:
            raise ProgressError(f"There is no class with id {class_id}.")
        row = AssignmentRow(
            class_id=class_id,
            title=cleaned,
            opens_at=opens_at,
            due_at=due_at,
            created_at=_now(),
        )
        s.add(row)
        s.flush()
        for position, item in enumerate(checked):
            s.add(
                AssignmentItemRow(
                    assignment_id=row.id,
                    position=position,
                    scenario_id=item.scenario_id,
                    target=item.target,
                    game=item.game,
                    preset=item.preset,
                    count=int(item.count),
                )
            )
        return Assignment(row.id, class_id, cleaned, opens_at, due_at, checked)


def delete_assignment(store: ProgressStore, assignment_id: int) -> None:
    """Remove an assignment (the answers given for it stay)."""
    with store._guard("delete an assignment"), store._transaction(write=True) as s:
        for table in (AssignmentVariantRow, AssignmentSeedRow, AssignmentItemRow):
            s.execute(delete(table).where(table.assignment_id == assignment_id))
        s.execute(delete(AssignmentRow).where(AssignmentRow.id == assignment_id))


def _assignments(session: Any, where: Any) -> list[Assignment]:
    rows = session.scalars(
        select(AssignmentRow)
        .where(where)
        .order_by(AssignmentRow.due_at, AssignmentRow.id)
    ).all()
    if not rows:
        return []
    items: dict[int, list[Item]] = {r.id: [] for r in rows}
    for item in session.scalars(
        select(AssignmentItemRow)
        .where(AssignmentItemRow.assignment_id.in_(list(items)))
        .order_by(AssignmentItemRow.assignment_id, AssignmentItemRow.position)
    ):
        items[item.assignment_id].append(
            Item(item.scenario_id, item.target, item.game, item.preset, item.count)
        )
    return [
        Assignment(
            r.id,
            r.class_id,
            r.title,
            _aware(r.opens_at) or _now(),
            _aware(r.due_at) or _now(),
            tuple(items[r.id]),
        )
        for r in rows
    ]


def assignments(store: ProgressStore, class_id: int | None = None) -> list[Assignment]:
    """The assignments of a class (every class's when None), by due time."""
    where = literal(True) if class_id is None else AssignmentRow.class_id == class_id
    with store._guard("read the assignments"), store._transaction(write=False) as s:
        return _assignments(s, where)


@bounded
def assignment(store: ProgressStore, assignment_id: int) -> Assignment | None:
    """One assignment, or None."""
    with store._guard("read an assignment"), store._transaction(write=False) as s:
        found = _assignments(s, AssignmentRow.id == assignment_id)
        return found[0] if found else None


@bounded
def learner_assignments(store: ProgressStore, learner: Learner) -> list[Assignment]:
    """The assignments of every class the learner is in that have opened, by due time."""
    mine = select(ClassMemberRow.class_id).where(
        ClassMemberRow.learner_id == learner.id
    )
    with store._guard("read your assignments"), store._transaction(write=False) as s:
        return _assignments(
            s, and_(AssignmentRow.class_id.in_(mine), AssignmentRow.opens_at <= _now())
        )


@bounded
def learner_seed(store: ProgressStore, assignment_id: int, learner: Learner) -> int:
    """The seed the learner keeps for the assignment (made on the first call)."""
    for _ in range(3):
        with store._guard("read a seed"), store._transaction(write=False) as s:
            row = s.get(AssignmentSeedRow, (assignment_id, learner.id))
            if row is not None:
                return int(row.seed)
        try:
            with store._guard("keep a seed"), store._transaction(write=True) as s:
                seed = secrets.randbelow(_SEED_LIMIT)
                s.add(
                    AssignmentSeedRow(
                        assignment_id=assignment_id,
                        learner_id=learner.id,
                        seed=seed,
                        created_at=_now(),
                    )
                )
                return seed
        except ProgressError as exc:
            if not isinstance(exc.__cause__, IntegrityError):
                raise  # another session made it first: read theirs
    raise ProgressError("Could not keep the assignment's seed; try again.")


def question_seed(seed: int, position: int, number: int) -> int:
    """The generator's seed for question ``number`` of item ``position`` (a pure mix).

    >>> question_seed(7, 0, 0) == question_seed(7, 0, 0) != question_seed(7, 0, 1)
    True
    """
    return (seed * 1_000_003 + position * 10_007 + number * 101 + 17) % _SEED_LIMIT


@bounded
def save_variants(
    store: ProgressStore, assignment_id: int, learner: Learner, found: Sequence[Variant]
) -> None:
    """Keep the learner's generated questions (those already kept stay as they are)."""
    with (
        store._guard("keep the generated questions"),
        store._transaction(write=True) as s,
    ):
        for v in found:
            key = (assignment_id, learner.id, v.position, v.number)
            if s.get(AssignmentVariantRow, key) is None:
                s.add(
                    AssignmentVariantRow(
                        assignment_id=assignment_id,
                        learner_id=learner.id,
                        position=v.position,
                        number=v.number,
                        scenario_id=v.scenario_id,
                        step=v.step,
                    )
                )


@bounded
def variants(
    store: ProgressStore, assignment_id: int, learner: Learner
) -> list[Variant]:
    """The learner's kept generated questions for the assignment, in order."""
    with (
        store._guard("read the generated questions"),
        store._transaction(write=False) as s,
    ):
        rows = s.scalars(
            select(AssignmentVariantRow)
            .where(
                AssignmentVariantRow.assignment_id == assignment_id,
                AssignmentVariantRow.learner_id == learner.id,
            )
            .order_by(AssignmentVariantRow.position, AssignmentVariantRow.number)
        ).all()
        return [Variant(r.position, r.number, r.scenario_id, r.step) for r in rows]


@bounded
def answered_since(
    store: ProgressStore,
    learner: Learner,
    questions: Sequence[tuple[str, int]],
    since: datetime,
) -> dict[tuple[str, int], bool]:
    """For each question the learner has answered since ``since``: whether their first
    answer to it then was right."""
    if not questions:
        return {}
    a = ANSWERS.c
    ids = sorted({sid for sid, _ in questions})
    with store._guard("read your answers"), store._transaction(write=False) as s:
        rows = s.execute(
            select(a.scenario_id, a.step, a.correct)
            .where(
                a.learner_id == learner.id,
                a.scenario_id.in_(ids),
                a.answered_at >= since,
            )
            .order_by(a.answered_at, a.id)
        ).all()
    wanted = set(questions)
    out: dict[tuple[str, int], bool] = {}
    for sid, step, ok in rows:
        key = (str(sid), int(step))
        if key in wanted and key not in out:
            out[key] = bool(ok)
    return out


def progress(
    store: ProgressStore,
    assignment: Assignment,
    fixed: Sequence[tuple[str, int]],
    *,
    learner_ids: Sequence[int] | None = None,
) -> list[Mark]:
    """Each member's progress on the assignment, worked out in SQL.

    :param fixed: the bank scenarios' questions ``(scenario_id, step)`` (the same for
        every learner); each learner's generated questions are read from the store.
    :param learner_ids: only these members (all of them when None).
    """
    drills = sum(i.count for i in assignment.items if i.is_drill)
    total = len(fixed) + drills
    a = ANSWERS.c
    m = MEMBERS.c
    members_q = select(m.learner_id.label("learner_id")).where(
        m.class_id == assignment.class_id
    )
    if learner_ids is not None:
        members_q = members_q.where(m.learner_id.in_(list(learner_ids)))
    member_rows = members_q.subquery("m")
    parts = [
        select(
            member_rows.c.learner_id,
            literal(sid).label("scenario_id"),
            literal(step).label("step"),
        )
        for sid, step in fixed
    ]
    parts.append(
        select(VARIANTS.c.learner_id, VARIANTS.c.scenario_id, VARIANTS.c.step).where(
            VARIANTS.c.assignment_id == assignment.id,
            VARIANTS.c.learner_id.in_(select(member_rows.c.learner_id)),
        )
    )
    asked = union_all(*parts).subquery("q")

    def first(column: Any) -> Any:
        return (
            select(column)
            .where(
                a.learner_id == asked.c.learner_id,
                a.scenario_id == asked.c.scenario_id,
                a.step == asked.c.step,
                a.answered_at >= assignment.opens_at,
            )
            .order_by(a.answered_at, a.id)
            .limit(1)
            .scalar_subquery()
        )

    firsts = select(
        asked.c.learner_id,
        first(a.answered_at).label("first_at"),
        first(a.correct).label("first_ok"),
    ).subquery("f")
    query = (
        select(
            LEARNERS.c.id,
            LEARNERS.c.name,
            func.count(firsts.c.first_at),
            func.sum(case((firsts.c.first_ok.is_(True), 1), else_=0)),
            func.sum(case((firsts.c.first_at > assignment.due_at, 1), else_=0)),
            func.max(firsts.c.first_at),
        )
        .select_from(
            member_rows.join(
                LEARNERS, LEARNERS.c.id == member_rows.c.learner_id
            ).outerjoin(firsts, firsts.c.learner_id == member_rows.c.learner_id)
        )
        .group_by(LEARNERS.c.id, LEARNERS.c.name, LEARNERS.c.name_key)
        .order_by(LEARNERS.c.name_key)
    )
    with (
        store._guard("work out an assignment's progress"),
        store._engine.connect() as c,
    ):
        rows = c.execute(query).all()
    return [
        Mark(
            int(i),
            str(name),
            total,
            int(answered or 0),
            int(right or 0),
            int(late or 0),
            _aware(last),
        )
        for i, name, answered, right, late, last in rows
    ]


def gradebook_csv(
    class_info: ClassInfo, marks: Sequence[tuple[Assignment, Sequence[Mark]]]
) -> str:
    """The class's gradebook: one row per learner, one column per assignment.

    The shape is Canvas's gradebook export (``Student, ID, SIS User ID, SIS Login ID,
    Section``, then ``<assignment> (<id>)`` columns), which Canvas imports as it is and
    Moodle's "Import grades from CSV" maps (its identifier column: the login, an e-mail
    in sign-in mode). Each grade is the first-attempt score out of 100; a learner who has
    answered nothing of an assignment gets 0.
    """
    learners: dict[int, str] = {}
    for _, found in marks:
        for mark in found:
            learners.setdefault(mark.learner_id, mark.learner)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(
        [
            "Student",
            "ID",
            "SIS User ID",
            "SIS Login ID",
            "Section",
            *(cell(f"{a.title} ({a.id})") for a, _ in marks),
        ]
    )
    by_assignment = [{mark.learner_id: mark for mark in found} for _, found in marks]
    for learner_id, name in sorted(learners.items(), key=lambda kv: kv[1].casefold()):
        scores = []
        for marked in by_assignment:
            got = marked.get(learner_id)
            scores.append(f"{100 * got.score:.1f}" if got is not None else "")
        writer.writerow(
            [
                cell(name),
                learner_id,
                learner_id,
                cell(name),
                cell(class_info.name),
                *scores,
            ]
        )
    return out.getvalue()
