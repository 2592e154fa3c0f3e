"""Classes, memberships, assignments, kept seeds and progress in the store (0009_classes)."""

from __future__ import annotations

import csv
import io
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from alembic import command
from sqlalchemy import inspect, text

from tutor.progress import ProgressError, ProgressStore
from tutor.progress import classes as cl

OPENS = datetime(2026, 11, 2, 8, 0, tzinfo=UTC)
DUE = OPENS + timedelta(days=7)


def _head() -> str:
    """The newest migration's revision, read from the migrations (never a literal)."""
    from tutor.progress.store import _migrations

    head = _migrations()[0].get_current_head()
    assert head is not None
    return head


HEAD = _head()


@pytest.fixture
def store(tmp_path: Path) -> ProgressStore:
    return ProgressStore(f"sqlite:///{tmp_path / 'p.sqlite3'}")


def _answer(
    store: ProgressStore,
    learner: Any,
    scenario: str,
    step: int,
    correct: bool,
    when: datetime,
    **extra: Any,
) -> None:
    store.record_answer(
        learner,
        scenario_id=scenario,
        step=step,
        kind="pot",
        topic="ante",
        level=1,
        game="stud8",
        preset="online",
        answer={"pot": 1},
        correct=correct,
        seconds=3.0,
        answered_at=when,
        **extra,
    )


def test_a_class_gets_a_join_code_and_learners_join_several(
    store: ProgressStore,
) -> None:
    morning = cl.create_class(store, "  Monday   dealers ")
    evening = cl.create_class(store, "Evening class")
    assert morning.name == "Monday dealers"
    assert len(morning.join_code) == 6
    assert set(morning.join_code) <= set(cl.CODE_ALPHABET)
    assert morning.join_code != evening.join_code
    ana = store.create_learner("Ana")
    typed = " " + morning.join_code.lower()[:3] + "-" + morning.join_code[3:] + " "
    assert cl.join_class(store, ana, typed).id == morning.id
    cl.join_class(store, ana, morning.join_code)  # again: no change
    cl.join_class(store, ana, evening.join_code)
    assert [c.name for c in cl.learner_classes(store, ana)] == [
        "Evening class",
        "Monday dealers",
    ]
    assert [(c.name, c.members) for c in cl.classes(store)] == [
        ("Evening class", 1),
        ("Monday dealers", 1),
    ]
    with pytest.raises(ProgressError) as info:
        cl.join_class(store, ana, "ZZZZZZ")
    assert str(info.value) == (
        "No class has that code. Check it with your instructor (six letters and "
        "digits, such as K7QX2M)."
    )
    with pytest.raises(ProgressError, match="class name"):
        cl.create_class(store, "   ")
    cl.remove_member(store, morning.id, ana.id)
    assert [c.name for c in cl.learner_classes(store, ana)] == ["Evening class"]


def test_sign_in_mode_lists_identities_that_join_on_their_visit(
    store: ProgressStore,
) -> None:
    group = cl.create_class(store, "Room 4")
    listed = cl.clean_identities("Ana@School.org, bo@school.org\nana@school.org")
    assert listed == ["ana@school.org", "bo@school.org"]
    cl.set_identities(store, group.id, listed)
    assert cl.identities(store, group.id) == ["ana@school.org", "bo@school.org"]
    ana = store.create_learner("ana@school.org")
    assert cl.join_listed(store, ana, "ANA@school.org") == 1
    assert cl.join_listed(store, ana, "ana@school.org") == 0
    assert [m.name for m in cl.members(store, group.id)] == ["ana@school.org"]
    cy = store.create_learner("cy@school.org")
    assert cl.join_listed(store, cy, "cy@school.org") == 0


def test_assignments_are_checked(store: ProgressStore) -> None:
    group = cl.create_class(store, "C")
    good = [cl.Item(scenario_id="ui-third-street")]
    cases = [
        (("", OPENS, DUE, good), "assignment title"),
        (("A", DUE, OPENS, good), "The due date must come after the opening date."),
        (("A", OPENS, DUE, []), "at least one bank scenario or drill target"),
        (("A", OPENS, DUE, [cl.Item()]), "not both or neither"),
        (
            ("A", OPENS, DUE, [cl.Item(target="ante", game="holdem", preset="online")]),
            "The game 'holdem' is not one of",
        ),
        (
            (
                "A",
                OPENS,
                DUE,
                [cl.Item(target="ante", game="stud8", preset="tda", count=0)],
            ),
            "A drill item asks 1 to 20 generated questions, not 0.",
        ),
    ]
    for args, message in cases:
        with pytest.raises(ProgressError, match=message.replace("(", r"\(")):
            cl.create_assignment(store, group.id, *args)
    with pytest.raises(ProgressError, match="no class with id 99"):
        cl.create_assignment(store, 99, "A", OPENS, DUE, good)
    assert cl.assignments(store) == []


def test_a_learner_keeps_one_seed_per_assignment(store: ProgressStore) -> None:
    group = cl.create_class(store, "C")
    made = cl.create_assignment(
        store,
        group.id,
        "Drills",
        OPENS,
        DUE,
        [cl.Item(target="ante", game="stud8", preset="online", count=3)],
    )
    ana, bo = store.create_learner("Ana"), store.create_learner("Bo")
    seed = cl.learner_seed(store, made.id, ana)
    assert cl.learner_seed(store, made.id, ana) == seed
    assert cl.learner_seed(store, made.id, bo) != seed  # 1 in 2**31 to clash
    assert cl.question_seed(seed, 0, 1) != cl.question_seed(seed, 0, 2)


def test_progress_counts_first_answers_since_opening_and_marks_late_work(
    store: ProgressStore,
) -> None:
    group = cl.create_class(store, "C")
    other = cl.create_class(store, "Other")
    made = cl.create_assignment(
        store,
        group.id,
        "Week 1",
        OPENS,
        DUE,
        [
            cl.Item(scenario_id="s1"),
            cl.Item(target="ante", game="stud8", preset="online", count=2),
        ],
    )
    ana, bo, cy = (store.create_learner(n) for n in ("Ana", "Bo", "Cy"))
    for learner in (ana, bo):
        cl.add_member(store, group.id, learner)
    cl.add_member(store, other.id, cy)
    fixed = [("s1", 0), ("s1", 2)]
    cl.save_variants(
        store,
        made.id,
        ana,
        [cl.Variant(1, 0, "gen-a-1", 3), cl.Variant(1, 1, "gen-a-2", 3)],
    )
    cl.save_variants(store, made.id, ana, [cl.Variant(1, 0, "gen-other", 9)])  # kept
    assert [v.scenario_id for v in cl.variants(store, made.id, ana)] == [
        "gen-a-1",
        "gen-a-2",
    ]
    # before the opening: does not count
    _answer(store, ana, "s1", 0, True, OPENS - timedelta(hours=1))
    # Ana: s1 step 0 wrong then right (first counts), step 2 right, one drill right late
    _answer(store, ana, "s1", 0, False, OPENS + timedelta(hours=1))
    _answer(store, ana, "s1", 0, True, OPENS + timedelta(hours=2), attempt=2)
    _answer(store, ana, "s1", 2, True, OPENS + timedelta(hours=3))
    _answer(store, ana, "gen-a-1", 3, True, DUE + timedelta(hours=1))
    # Bo: one right; a drill id that is not his own does not count
    _answer(store, bo, "s1", 2, True, OPENS + timedelta(days=1))
    _answer(store, bo, "gen-a-2", 3, True, OPENS + timedelta(days=1))
    _answer(store, cy, "s1", 2, True, OPENS + timedelta(days=1))  # not in the class
    marks = cl.progress(store, made, fixed)
    assert [
        (m.learner, m.questions, m.answered, m.first_right, m.late) for m in marks
    ] == [
        ("Ana", 4, 3, 2, 1),
        ("Bo", 4, 1, 1, 0),
    ]
    assert marks[0].score == 0.5 and marks[0].completion == 0.75
    assert not marks[0].complete
    assert marks[0].last_answer == DUE + timedelta(hours=1)
    assert cl.answered_since(store, ana, fixed, OPENS) == {
        ("s1", 0): False,
        ("s1", 2): True,
    }
    # the gradebook: one row per learner, one column per assignment
    second = cl.create_assignment(
        store, group.id, "=Week 2", OPENS, DUE, [cl.Item(scenario_id="s2")]
    )
    book = cl.gradebook_csv(
        group,
        [(made, marks), (second, cl.progress(store, second, [("s2", 0)]))],
    )
    rows = list(csv.reader(io.StringIO(book)))
    assert rows == [
        [
            "Student",
            "ID",
            "SIS User ID",
            "SIS Login ID",
            "Section",
            f"Week 1 ({made.id})",
            f"'=Week 2 ({second.id})",
        ],
        ["Ana", str(ana.id), str(ana.id), "Ana", "C", "50.0", "0.0"],
        ["Bo", str(bo.id), str(bo.id), "Bo", "C", "25.0", "0.0"],
    ]
    assert [a.title for a in cl.learner_assignments(store, ana)] == [
        "Week 1",
        "=Week 2",
    ]
    assert cl.learner_assignments(store, cy) == []
    cl.delete_assignment(store, second.id)
    assert [a.title for a in cl.assignments(store, group.id)] == ["Week 1"]


def test_migration_0009_carries_the_data_and_puts_nobody_in_a_class(
    tmp_path: Path,
) -> None:
    url = f"sqlite:///{tmp_path / 'p.sqlite3'}"
    with ProgressStore(url) as store:
        ana = store.create_learner("Ana")
        _answer(store, ana, "s1", 0, True, OPENS)
        with store._writer.begin() as conn:
            command.downgrade(store._alembic_config(conn), "0005_lessons_read")
        with store._engine.connect() as conn:
            tables = set(inspect(conn).get_table_names())
            indexes = {i["name"] for i in inspect(conn).get_indexes("answers")}
        assert "classes" not in tables and "class_members" not in tables
        assert "ix_answers_class_item" not in indexes
    with ProgressStore(url) as store:  # upgraded again when opened
        assert store.schema_version() == HEAD
        ana = store.find_learner("Ana")
        assert ana is not None and len(store.answers(ana)) == 1
        assert cl.learner_classes(store, ana) == []
        assert cl.classes(store) == []
        with store._engine.connect() as conn:
            indexes = {i["name"] for i in inspect(conn).get_indexes("answers")}
        assert "ix_answers_class_item" in indexes
        with store._engine.connect() as conn:
            count = conn.execute(text("SELECT count(*) FROM class_members")).scalar()
        assert count == 0


# -- the pages -------------------------------------------------------------------------------
APP = Path(__file__).resolve().parent.parent / "tutor" / "ui" / "streamlit_app.py"
DATA = Path(__file__).resolve().parent / "data" / "ui"


def test_a_class_an_assignment_and_a_learner_who_does_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from appkit import point_app_at, shown, sign_in
    from streamlit.testing.v1 import AppTest

    from tutor import config

    point_app_at(monkeypatch, tmp_path / "data", DATA)
    monkeypatch.setenv("TUTOR_OPEN_INSTRUCTOR", "1")
    teacher = AppTest.from_file(str(APP), default_timeout=30).run()
    teacher.switch_page("app_pages/class_view.py").run()
    teacher.radio(key="cv_view").set_value("Classes").run()
    teacher.text_input(key="cv_new_class").set_value("Tuesday dealers")
    teacher.button(key="FormSubmitter:cv_class_form-Create the class").click().run()
    assert not teacher.exception
    [made] = shown(teacher.success)
    code = made.split("join code is ")[1][:6]
    assert made == (
        f"Class Tuesday dealers created. Its join code is {code}: give it to your "
        "learners."
    )
    # the learner joins on the Learn page with the code
    store = ProgressStore(config.database_url())
    store.create_learner("Ana")
    learner = AppTest.from_file(str(APP), default_timeout=30)
    sign_in(learner, "Ana")
    learner.run()
    assert not learner.get("expander")[0].proto.expanded  # folded away, no empty "Due"
    learner.text_input(key="learn_join_code").set_value(code.lower()).run()
    assert shown(learner.success)[-1] == "You are in the class Tuesday dealers."
    # the instructor sets an assignment: a bank scenario and two generated questions
    teacher.run()
    teacher.radio(key="cv_view").set_value("Assignments").run()
    [group] = cl.classes(store)
    teacher.selectbox(key="cv_class").set_value(group.id).run()
    teacher.text_input(key="cv_asg_title").set_value("Week 1")
    teacher.multiselect(key="cv_asg_scenarios").set_value(["ui-third-street"])
    teacher.selectbox(key="cv_asg_game").set_value("stud8").run()
    teacher.selectbox(key="cv_asg_target").set_value("ante-total")
    teacher.number_input(key="cv_asg_count").set_value(2)
    teacher.button(key="cv_asg_add").click().run()
    teacher.button(key="cv_asg_set").click().run()
    assert not teacher.exception
    assert shown(teacher.success)[0].startswith("Assignment Week 1 set: open from ")
    table = teacher.dataframe[0].value
    from tutor.ui.bank import scenario_bank

    third = scenario_bank().get("ui-third-street")
    assert third is not None
    asks = sum(1 for s in third.steps if s.ask is not None)
    total = asks + 2
    assert table.to_dict("records") == [
        {
            "learner": "Ana",
            "done": f"0 / {total}",
            "completion": 0,
            "first-attempt score": 0,
            "late": "",
            "complete": "",
        }
    ]
    # the learner sees it due, opens it, and answers a generated question
    learner.run()
    due = [c for c in shown(learner.caption) if "questions answered" in c]
    assert due == [f"0 of {total} questions answered, 0 right first time"]
    [assignment] = cl.assignments(store, group.id)
    learner.button(key=f"learn_due_open_{assignment.id}").click().run()
    assert not learner.exception
    [first_drill, _] = [
        b.key for b in learner.button if (b.key or "").startswith("learn_asg_answer_")
    ]
    learner.button(key=first_drill).click().run()
    [variant, _second] = cl.variants(store, assignment.id, store.find_learner("Ana"))
    key = f"asg_{variant.scenario_id}_{variant.step}_0"
    ruling_answer = next(
        q
        for q in _questions_of(store, assignment)
        if q.scenario.id == variant.scenario_id
    )
    from tutor.ui.bank import walk_scenario

    result = next(
        r
        for r in walk_scenario(ruling_answer.scenario, None)
        if r.index == variant.step
    )
    assert result.ruling is not None
    for name, amount in result.ruling.answer.items():  # the ante: each and in total
        # the boxes are a form: their values go with Check
        learner.number_input(key=f"{key}_{name}").set_value(float(amount))
    learner.button(key="asg_check").click().run()
    assert not learner.exception
    assert shown(learner.success)[0].startswith("Right")
    # the class view counts it, with the same hands for Ana on every visit
    teacher.run()
    table = teacher.dataframe[0].value
    assert table.iloc[0][["done", "first-attempt score"]].tolist() == [
        f"1 / {total}",
        round(100 / total),
    ]
    again = [
        v.scenario_id
        for v in cl.variants(store, assignment.id, store.find_learner("Ana"))
    ]
    assert again[0] == variant.scenario_id
    assert teacher.get("download_button")  # Moodle XML, QTI and the gradebook


def _questions_of(store: ProgressStore, assignment: Any) -> Any:
    from tutor.ui.assignments import questions

    ana = store.find_learner("Ana")
    assert ana is not None
    return questions(store, assignment, ana)
