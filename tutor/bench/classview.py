"""Class view benchmark: the page's numbers and figures over 200 learners x 2,000 answers.

Seeds a throwaway SQLite store (bulk inserts; asks drawn from the bundled bank, accuracy
varying by learner and ask, each wrong answer one of a few per ask, so wrong answers
cluster as they do in a class), puts every learner in one class with an assignment (ten
bank scenarios and two drill items of five generated questions each, every learner's
questions kept as the app keeps them), then times each view of the page as the page
builds it (the page computes only the chosen view): ``class_view_s`` is the page as opened
(the learner x topic heatmap with its Plotly figure); ``class_view_rules_s``,
``class_view_hardest_s``, ``class_view_learner_s`` the other views;
``class_view_filtered_s`` the first view filtered; ``class_item_analysis_s`` the item
analysis (50 hardest questions with medians and wrong answers); ``class_assignment_s`` the
assignment's progress for the whole class (what its table and the gradebook read).
"""

from __future__ import annotations

import random
import statistics
import tempfile
import time
from datetime import UTC, datetime, timedelta
from functools import cache
from pathlib import Path
from typing import Any

from tutor.bench.common import BenchResult

LEARNERS = 200
ANSWERS_EACH = 2_000
ROUNDS = 5
SEED = 20261201


def _asks() -> list[tuple[str, int, str, str, str, str]]:
    """(scenario id, step, kind, topic, game, rules text) of every ask in the bundled bank."""
    from tutor import config
    from tutor.engine import RULE_IDS
    from tutor.scenarios.bank import load_bank

    rng = random.Random(SEED)
    out = []
    for scenario in load_bank([config.scenarios_dir()], replay=False).scenarios:
        for step in scenario.steps:
            if step.ask is not None:
                rules = " ".join(rng.sample(RULE_IDS, rng.randint(1, 3)))
                out.append(
                    (
                        scenario.id,
                        step.index,
                        step.ask.kind,
                        scenario.topic,
                        scenario.game,
                        rules,
                    )
                )
    return out


#: Per answer slot type: four answers (three wrong ones, then the "right" one the seeding
#: writes; no replay is made, so they only need to be answers of the ask's shape).
_SLOT_ANSWERS: dict[str, tuple[Any, ...]] = {
    "player": ("Bo", "Cy", "Dee", "Ana"),
    "players": (["Bo"], ["Cy"], ["Bo", "Cy"], ["Ana"]),
    "amount": (1, 2, 4, 3),
    "count": (1, 2, 0, 3),
    "flag": (True, False, True, False),
    "sizes": ([2], [4], [2, 4], [1]),
    "actions": (["fold"], ["check"], ["fold", "call 1"], ["call 2"]),
    "cards": (["As"], ["Kd"], ["2c"], ["Ah"]),
    "payouts": ({"Bo": 5}, {"Cy": 5}, {"Bo": 2, "Cy": 3}, {"Ana": 5}),
    "outcome": ("misdeal", "dead-hand", "binding", "not-binding"),
    "pots": ([10], [20], [10, 20], [30]),
    "eligible": ([["Bo"]], [["Cy"]], [["Bo", "Cy"], ["Cy"]], [["Ana", "Bo"]]),
}


@cache
def _answer_json(kind: str, variant: int) -> str:
    """An answer of ``kind``'s shape (variant 0-2: the wrong ones, 3: the right one)."""
    import json

    from tutor.asks import ASKS

    entry = ASKS.get(kind)
    if entry is None:
        return "{}"
    return json.dumps(
        {s.key: _SLOT_ANSWERS[s.type][variant] for s in entry.answer},
        separators=(",", ":"),
    )


def seed_store(url: str, learners: int = LEARNERS, each: int = ANSWERS_EACH) -> Any:
    """A store at ``url`` holding ``learners`` x ``each`` answers (bulk inserted)."""
    from sqlalchemy import insert

    from tutor.progress import ProgressStore
    from tutor.progress.classview import ANSWERS

    store = ProgressStore(url)
    asks = _asks()
    rng = random.Random(SEED)
    difficulty = {a[:2]: rng.uniform(0.3, 0.95) for a in asks}
    presets = ("online", "roberts", "wsop-cash", "tda")
    start = datetime(2026, 9, 1, tzinfo=UTC)
    columns = set(ANSWERS.c.keys())
    people = [store.create_learner(f"Learner {n + 1:03d}") for n in range(learners)]
    with store._engine.begin() as connection:
        for n, learner in enumerate(people):
            skill = rng.uniform(-0.2, 0.15)
            rows = []
            for i in range(each):
                sid, step, kind, topic, game, rules = asks[rng.randrange(len(asks))]
                attempt = 1 if rng.random() < 0.8 else 2
                right = rng.random() < difficulty[(sid, step)] + skill
                # a wrong answer is one of three per ask, the first most often
                wrong = min(int(rng.expovariate(1.2)), 2)
                given = _answer_json(kind, 3 if right else wrong)
                row: dict[str, Any] = {
                    "learner_id": learner.id,
                    "scenario_id": sid,
                    "step": step,
                    "kind": kind,
                    "topic": topic,
                    "level": 1,
                    "game": game,
                    "preset": presets[rng.randrange(4)],
                    "answer_json": given,
                    "correct": right,
                    "seconds": round(rng.uniform(2, 60), 3),
                    "answered_at": start + timedelta(minutes=i * 40 + n),
                }
                optional = {
                    "attempt": attempt,
                    "after_reveal": False,
                    "hinted": False,
                    "rules": rules,
                    "house_json": "{}",
                }
                row.update({k: v for k, v in optional.items() if k in columns})
                rows.append(row)
            connection.execute(insert(ANSWERS), rows)
    _seed_class(store, people, asks, rng)
    return store


def _seed_class(store: Any, people: list[Any], asks: list[Any], rng: Any) -> None:
    """One class with everyone in it, and one assignment: ten bank scenarios' questions
    and two drill items of five questions, each learner's drill questions kept (drawn
    from the seeded asks, so that their answers count)."""
    from sqlalchemy import insert

    from tutor.progress import classes as cl
    from tutor.progress.schema import AssignmentVariantRow, ClassMemberRow

    group = cl.create_class(store, "Benchmark class")
    now = datetime(2026, 9, 1, tzinfo=UTC)
    with store._engine.begin() as connection:
        connection.execute(
            insert(ClassMemberRow),
            [
                {"class_id": group.id, "learner_id": p.id, "joined_at": now}
                for p in people
            ],
        )
    scenarios = sorted({a[0] for a in asks})[:10]
    items = [cl.Item(scenario_id=s) for s in scenarios] + [
        cl.Item(target="ante-total", game="stud8", preset="online", count=5),
        cl.Item(target="bring-in-lowest", game="stud", preset="tda", count=5),
    ]
    made = cl.create_assignment(
        store, group.id, "Benchmark assignment", now, now + timedelta(days=60), items
    )
    rows = []
    for person in people:
        for position in (len(scenarios), len(scenarios) + 1):
            for number in range(5):
                sid, step = asks[rng.randrange(len(asks))][:2]
                rows.append(
                    {
                        "assignment_id": made.id,
                        "learner_id": person.id,
                        "position": position,
                        "number": number,
                        "scenario_id": sid,
                        "step": step,
                    }
                )
    with store._engine.begin() as connection:
        connection.execute(insert(AssignmentVariantRow), rows)


def _views(store: Any, f: Any) -> dict[str, Any]:
    """Each view of the page as the page builds it (only the chosen view is computed)."""
    from tutor.progress import classes as cl
    from tutor.progress.classview import (
        hardest_asks,
        item_analysis,
        learner_answers,
        learner_names,
        rule_cells,
        topic_cells,
    )
    from tutor.ui.classview import heatmap_figure

    def learner() -> Any:
        names = learner_names(store, f)
        return learner_answers(store, names[0], f) if names else []

    [assignment] = cl.assignments(store)
    fixed = _fixed_questions(assignment)

    return {
        "topic": lambda: heatmap_figure(topic_cells(store, f), "topic"),
        "rule": lambda: heatmap_figure(rule_cells(store, f), "rule id"),
        "hardest": lambda: hardest_asks(store, f),
        "learner": learner,
        "items": lambda: item_analysis(store, f),
        "assignment": lambda: cl.progress(store, assignment, fixed),
    }


def _fixed_questions(assignment: Any) -> list[tuple[str, int]]:
    """The assignment's bank scenarios' questions, as the app lists them."""
    from tutor import config
    from tutor.scenarios.bank import load_bank

    wanted = {i.scenario_id for i in assignment.items if not i.is_drill}
    bank = load_bank([config.scenarios_dir()], replay=False)
    return [
        (s.id, step.index)
        for s in bank.scenarios
        if s.id in wanted
        for step in s.steps
        if step.ask is not None
    ]


def run() -> BenchResult:
    """Seed, then time each view of the class view, unfiltered, and the first filtered."""
    from tutor.progress.classview import ClassFilter

    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{Path(folder) / 'class.sqlite3'}"
        began = time.perf_counter()
        store = seed_store(url)
        seeded = time.perf_counter() - began
        filtered = ClassFilter(
            game="stud8",
            preset="online",
            since=datetime(2026, 10, 1, tzinfo=UTC),
            until=datetime(2026, 12, 1, tzinfo=UTC),
        )
        times: dict[str, list[float]] = {}
        for _ in range(ROUNDS):
            jobs = {**_views(store, ClassFilter())}
            jobs["topic, filtered"] = _views(store, filtered)["topic"]
            for name, job in jobs.items():
                t0 = time.perf_counter()
                job()
                times.setdefault(name, []).append(time.perf_counter() - t0)
        store.close()
    medians = {name: statistics.median(values) for name, values in times.items()}
    notes = {
        "topic": "the page as opened: learner x topic heatmap",
        "rule": "learner x rule id heatmap",
        "hardest": "hardest questions",
        "learner": "one learner's drill-down",
        "topic, filtered": "stud8, online, two months",
        "items": "item analysis: 50 hardest questions, medians, wrong answers",
        "assignment": "an assignment's progress: 200 learners, 10 scenarios + 10 drill questions",
    }
    rows = [["view", "median", "best", "note"]]
    for name, median in medians.items():
        rows.append([name, f"{median:.3f} s", f"{min(times[name]):.3f} s", notes[name]])
    rows.append(
        [
            "seeding the store",
            f"{seeded:.1f} s",
            "",
            f"{LEARNERS} learners x {ANSWERS_EACH:,} answers, bulk inserts",
        ]
    )
    return rows, {
        "class_view_s": round(medians["topic"], 4),
        "class_view_rules_s": round(medians["rule"], 4),
        "class_view_hardest_s": round(medians["hardest"], 4),
        "class_view_learner_s": round(medians["learner"], 4),
        "class_view_filtered_s": round(medians["topic, filtered"], 4),
        "class_item_analysis_s": round(medians["items"], 4),
        "class_assignment_s": round(medians["assignment"], 4),
    }
