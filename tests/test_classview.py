"""The class view: SQL aggregates, the CSV export, the page, and the benchmark's seeding."""

from __future__ import annotations

import csv
import io
import json
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from appkit import point_app_at, shown
from streamlit.testing.v1 import AppTest

from tutor import config
from tutor.progress import ProgressStore
from tutor.progress.answers_csv import Asked
from tutor.progress.classview import (
    ClassFilter,
    class_csv,
    hardest_asks,
    learner_answers,
    learner_names,
    matrix,
    rule_cells,
    topic_cells,
)

APP = Path(__file__).resolve().parent.parent / "tutor" / "ui" / "streamlit_app.py"
DATA = Path(__file__).resolve().parent / "data" / "ui"
DAY = datetime(2026, 11, 2, 9, 0, tzinfo=UTC)


def _answer(
    store: ProgressStore,
    name: str,
    scenario: str,
    step: int,
    topic: str,
    correct: bool,
    *,
    game: str = "stud8",
    preset: str = "online",
    when: datetime = DAY,
    seconds: float = 10.0,
) -> None:
    learner = store.find_learner(name) or store.create_learner(name)
    store.record_answer(
        learner,
        scenario_id=scenario,
        step=step,
        kind="ante" if step == 0 else "bring-in",
        topic=topic,
        level=1,
        game=game,
        preset=preset,
        answer={"each": 0.25},
        correct=correct,
        seconds=seconds,
        answered_at=when,
    )


def _class(store: ProgressStore) -> None:
    """Ana: 2 of 3 on bring-in, 1 of 1 on community; Bo: 0 of 2 on bring-in (a day later)."""
    _answer(store, "Ana", "ui-third-street", 0, "bring-in", True)
    _answer(store, "Ana", "ui-third-street", 2, "bring-in", True)
    _answer(store, "Ana", "ui-third-street", 2, "bring-in", False, seconds=30)
    _answer(store, "Ana", "ui-community", 0, "community-river", True, game="stud")
    later = DAY + timedelta(days=1)
    _answer(store, "Bo", "ui-third-street", 2, "bring-in", False, when=later)
    _answer(store, "Bo", "ui-third-street", 0, "bring-in", False, when=later)


@pytest.fixture
def store(tmp_path: Path) -> ProgressStore:
    made = ProgressStore(f"sqlite:///{tmp_path / 'p.sqlite3'}")
    _class(made)
    return made


def test_topic_cells_and_matrix(store: ProgressStore) -> None:
    cells = topic_cells(store, ClassFilter())
    assert [(c.learner, c.key, c.answered, c.correct) for c in cells] == [
        ("Ana", "bring-in", 3, 2),
        ("Ana", "community-river", 1, 1),
        ("Bo", "bring-in", 2, 0),
    ]
    learners, keys, values, texts = matrix(cells)
    assert (learners, keys) == (["Ana", "Bo"], ["bring-in", "community-river"])
    assert values == [[66.7, 100.0], [0.0, None]]
    assert texts[1] == [
        "Bo · bring-in: 0 of 2 right",
        "Bo · community-river: no answers",
    ]


def test_filters_by_game_preset_and_dates(store: ProgressStore) -> None:
    stud = topic_cells(store, ClassFilter(game="stud"))
    assert [(c.learner, c.key) for c in stud] == [("Ana", "community-river")]
    assert topic_cells(store, ClassFilter(preset="tda")) == []
    first_day = ClassFilter(
        since=DAY - timedelta(hours=1), until=DAY + timedelta(hours=1)
    )
    assert learner_names(store, first_day) == ["Ana"]
    assert learner_names(store, ClassFilter()) == ["Ana", "Bo"]


def test_hardest_asks_lowest_accuracy_first(store: ProgressStore) -> None:
    hard = hardest_asks(store, ClassFilter())
    assert [
        (h.scenario_id, h.step, h.answered, h.correct, h.learners) for h in hard
    ] == [
        ("ui-third-street", 2, 3, 1, 2),
        ("ui-third-street", 0, 2, 1, 2),
    ]
    assert hard[0].mean_seconds == pytest.approx(50 / 3)


def test_learner_drill_down(store: ProgressStore) -> None:
    answers = learner_answers(store, "Bo", ClassFilter())
    assert [(a.scenario_id, a.step, a.correct) for a in answers] == [
        ("ui-third-street", 2, False),
        ("ui-third-street", 0, False),
    ]
    assert answers[0].answered_at == DAY + timedelta(days=1)


def test_class_csv_has_the_question_and_the_right_answer(store: ProgressStore) -> None:
    asked: list[tuple[str, int, str]] = []

    def lookup(scenario: str, step: int, preset: str) -> Asked | None:
        asked.append((scenario, step, preset))
        return Asked(f"Q {scenario} {step}", "=SUM(A1)", None)

    rows = list(
        csv.DictReader(io.StringIO(class_csv(store, ClassFilter(game="stud8"), lookup)))
    )
    assert len(rows) == 5
    first = rows[0]
    assert (first["learner"], first["scenario_id"], first["step"]) == (
        "Ana",
        "ui-third-street",
        "1",  # 1-based, as the screens say "Step 1"
    )
    assert (first["question"], first["right_answer"]) == (
        "Q ui-third-street 0",
        "'=SUM(A1)",
    )
    assert (first["answer"], first["answer_json"]) == (
        "0.25 each, None in all",  # the test's answer has no total
        '{"each":0.25}',
    )
    # Ana's second answer to step 2 is not a first attempt (her first one was)
    assert [(r["learner"], r["step"], r["first_attempt"]) for r in rows] == [
        ("Ana", "1", "true"),
        ("Ana", "3", "true"),
        ("Ana", "3", "false"),
        ("Bo", "3", "true"),
        ("Bo", "1", "true"),
    ]
    assert sorted(set(asked)) == [
        ("ui-third-street", 0, "online"),
        ("ui-third-street", 2, "online"),
    ]
    assert len(asked) == 2  # once per ask and preset


def test_class_view_page_with_two_learners(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    point_app_at(monkeypatch, tmp_path / "data", DATA)
    monkeypatch.setenv("TUTOR_OPEN_INSTRUCTOR", "1")
    _class(ProgressStore(config.database_url()))
    at = AppTest.from_file(str(APP), default_timeout=20).run()
    at.switch_page("app_pages/class_view.py").run()
    assert not at.exception
    charts = [json.loads(c.proto.spec) for c in at.get("plotly_chart")]
    heat = charts[0]["data"][0]
    assert heat["y"] == ["Ana", "Bo"] and heat["x"] == ["bring-in", "community-river"]
    assert _array(heat["z"]) == [[66.7, 100.0], [0.0, None]]
    # a colour-blind-safe scale, and each cell says how many answers it holds
    assert heat["colorscale"][0][1] == "#00224e"  # Cividis starts dark blue
    assert heat["texttemplate"] == "%{text}"
    assert _array(heat["text"]) == [["2/3", "1/1"], ["0/2", ""]]
    at.radio(key="cv_view").set_value("A learner").run()
    assert at.selectbox(key="cv_learner").options == ["Ana", "Bo"]
    at.selectbox(key="cv_learner").set_value("Bo").run()
    assert [m.value for m in at.metric][:2] == ["2", "0%"]
    assert "**Bo's answers**, newest first (2 shown; 2 of 2 wrong)" in shown(
        at.markdown
    )
    table = at.dataframe[0].value
    assert table["question"].tolist() == [
        "How much does each player ante, and how much is that in all?",
        "Who brings in, and for how much?",
    ]
    assert table["where"].tolist() == [
        "ui-third-street, step 1",
        "ui-third-street, step 3",
    ]
    day_chart = json.loads(at.get("plotly_chart")[0].proto.spec)
    assert day_chart["layout"]["xaxis"]["type"] == "category"
    assert day_chart["data"][0]["x"] == ["03 Nov 2026"]
    at.radio(key="cv_view").set_value("Export").run()
    at.button(key="cv_csv_make").click().run()
    assert not at.exception
    exported = list(csv.DictReader(io.StringIO(at.session_state["cv_csv"])))
    assert (exported[0]["question"], exported[0]["right_answer"]) == (
        "How much does each player ante, and how much is that in all?",
        "0.25 each, 0.75 in all",
    )
    at.radio(key="cv_view").set_value("A learner").run()
    at.selectbox(key="cv_game").set_value("stud").run()
    assert at.selectbox(key="cv_learner").options == ["Ana"]
    at.selectbox(key="cv_game").set_value("").run()
    at.radio(key="cv_view").set_value("Questions").run()
    assert at.dataframe[0].value["where"].tolist() == [
        "ui-third-street, step 3",
        "ui-third-street, step 1",
    ]
    at.button(key="cv_preview").click().run()
    assert not at.exception
    assert [t.value for t in at.title] == ["Studio"]
    assert at.radio(key="studio_section").value == "Preview as a learner"
    assert "**Question:** Who brings in, and for how much?" in shown(at.markdown)


def _array(value: Any) -> Any:
    """A Plotly JSON array back as lists (numpy arrays travel base64-encoded)."""
    if isinstance(value, dict) and "bdata" in value:
        import base64

        import numpy

        data = numpy.frombuffer(base64.b64decode(value["bdata"]), dtype=value["dtype"])
        shape = [int(n) for n in str(value["shape"]).split(",")]
        return [
            [None if numpy.isnan(x) else float(x) for x in row]
            for row in data.reshape(shape)
        ]
    return value


def test_the_benchmark_seeds_a_small_class(tmp_path: Path) -> None:
    from tutor.bench.classview import seed_store
    from tutor.ui.classview import build_class_data

    store = seed_store(f"sqlite:///{tmp_path / 'c.sqlite3'}", learners=3, each=40)
    data = build_class_data(store, ClassFilter())
    assert data.learners == ["Learner 001", "Learner 002", "Learner 003"]
    assert sum(c.answered for c in data.topics) <= 120
    assert 1 <= len(data.hardest) <= 15
    accuracies = [h.accuracy for h in data.hardest]
    assert accuracies == sorted(accuracies)
    assert data.rules and data.rule_figure is not None


def test_only_first_attempts_count_and_rules_are_split(tmp_path: Path) -> None:
    store = ProgressStore(f"sqlite:///{tmp_path / 'p.sqlite3'}")
    ana = store.create_learner("Ana")
    common = {
        "scenario_id": "s",
        "step": 1,
        "kind": "pot",
        "topic": "ante",
        "level": 1,
        "game": "stud8",
        "preset": "online",
        "answer": {},
        "seconds": 5.0,
    }
    store.record_answer(ana, correct=False, rules=("ante.post", "pot.total"), **common)
    store.record_answer(ana, correct=True, attempt=2, rules=("ante.post",), **common)
    store.record_answer(ana, correct=True, after_reveal=True, **common)
    [cell] = topic_cells(store, ClassFilter())
    assert (cell.answered, cell.correct) == (1, 0)
    rules = rule_cells(store, ClassFilter())
    assert [(c.key, c.answered, c.correct) for c in rules] == [
        ("ante.post", 1, 0),
        ("pot.total", 1, 0),
    ]
    answers = learner_answers(store, "Ana", ClassFilter())
    assert [(a.correct, a.first) for a in answers] == [
        (False, True),
        (True, False),
        (True, False),
    ]


def test_item_analysis_medians_and_the_spread_of_wrong_answers(tmp_path: Path) -> None:
    from tutor.progress.classview import item_analysis

    store = ProgressStore(f"sqlite:///{tmp_path / 'p.sqlite3'}")
    wrong_bo = {"player": "Bo", "amount": 1}
    given = [  # (learner, right?, answer, seconds)
        ("L1", False, wrong_bo, 4.0),
        ("L2", False, wrong_bo, 6.0),
        ("L3", False, wrong_bo, 30.0),
        ("L4", False, {"player": "Cy", "amount": 1}, 2.0),
        ("L5", True, {"player": "Ana", "amount": 1}, 8.0),
        ("L6", False, wrong_bo, 10.0),
    ]
    for name, ok, answer, seconds in given:
        learner = store.create_learner(name)
        common = {
            "scenario_id": "s",
            "step": 2,
            "kind": "bring-in",
            "topic": "bring-in",
            "level": 1,
            "game": "stud8",
            "preset": "online",
            "seconds": seconds,
        }
        store.record_answer(learner, answer=answer, correct=ok, **common)
        # a retry never counts in the analysis
        store.record_answer(learner, answer={}, correct=True, attempt=2, **common)
    other = store.create_learner("L7")
    for seconds in (1.0, 3.0, 5.0):
        store.record_answer(
            other,
            scenario_id="t",
            step=0,
            kind="pot",
            topic="ante",
            level=1,
            game="stud8",
            preset="online",
            answer={"pot": 2},
            correct=seconds > 2,
            seconds=seconds,
        )
    [first, second] = item_analysis(store, ClassFilter())
    assert (first.scenario_id, first.step, first.answered, first.correct) == (
        "s",
        2,
        6,
        1,
    )
    assert first.median_seconds == 7.0  # the middle two of 2, 4, 6, 8, 10, 30
    assert [(w.answer_json, w.count) for w in first.wrong] == [
        ('{"player":"Bo","amount":1}', 4),
        ('{"player":"Cy","amount":1}', 1),
    ]
    assert first.clustered  # 4 of the 5 wrong answers are the same
    assert (second.scenario_id, second.median_seconds) == ("t", 3.0)
    assert not second.clustered  # one wrong answer is no cluster
    # a class keeps its members' answers only
    from tutor.progress import classes as cl

    group = cl.create_class(store, "C")
    cl.add_member(store, group.id, other)
    [only] = item_analysis(store, ClassFilter(class_id=group.id))
    assert only.scenario_id == "t"
