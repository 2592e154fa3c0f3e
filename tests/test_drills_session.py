"""A drill's plan, its questions by seed, the streak and the end summary (no Streamlit)."""

from __future__ import annotations

import pytest

from tutor.drills import TARGETS
from tutor.drills.session import (
    Plan,
    PlanError,
    Result,
    median_seconds,
    plan_from_params,
    read_link,
    slowest,
    streak,
    summary,
)
from tutor.engine.rules import GAMES


def result(index: int, target: str, correct: bool, seconds: float) -> Result:
    return Result(index, target, "stud8", 100 + index, "pot", correct, seconds, "x")


def test_same_plan_same_questions() -> None:
    plan = Plan("tda", "both", (), "20", 7)
    questions = [plan.question(i) for i in range(20)]
    assert questions == [
        Plan("tda", "both", (), "20", 7).question(i) for i in range(20)
    ]
    assert questions != [
        Plan("tda", "both", (), "20", 8).question(i) for i in range(20)
    ]
    assert all(target in TARGETS for target, _game, _seed in questions)
    assert all(game in TARGETS[t].games for t, game, _seed in questions)


def test_plan_keeps_to_its_game_and_targets() -> None:
    plan = Plan("online", "stud", ("split-hi-lo", "open-pair"), "5", 3)
    assert [t.name for t in plan.pool] == ["open-pair"]
    assert {plan.question(i)[0] for i in range(10)} == {"open-pair"}
    assert plan.question_limit == 5 and plan.seconds_limit is None
    assert Plan("online", "stud8", (), "2min", 1).seconds_limit == 120


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ("vegas", "stud8", (), "20", 1),
            "unknown preset 'vegas': use one of online, roberts, wsop-cash, tda.",
        ),
        (
            ("online", "razz9", (), "20", 1),
            f"unknown game 'razz9': use one of {', '.join(GAMES)}, both.",
        ),
        (
            ("online", "stud8", (), "3h", 1),
            "unknown length '3h': use one of 20, 5, 2min.",
        ),
        (
            ("online", "stud", ("split-hi-lo",), "20", 1),
            "none of the targets chosen applies to stud: choose other targets or another game.",
        ),
        (
            ("online", "stud", ("irr-premature", "irr-string-raise"), "20", 1),
            "none of the targets chosen is drilled under online: choose other targets or "
            "other house rules (irregularities are refused under online).",
        ),
    ],
)
def test_bad_plans_say_what_to_change(args: tuple, message: str) -> None:  # type: ignore[type-arg]
    with pytest.raises(PlanError) as err:
        Plan(*args)
    assert str(err.value) == message


def test_plan_round_trips_through_a_link() -> None:
    plan = Plan("roberts", "stud8", ("open-pair", "capped"), "2min", 42)
    assert plan.to_params() == {
        "preset": "roberts",
        "game": "stud8",
        "drill_targets": "open-pair,capped",
        "drill_length": "2min",
        "drill_seed": "42",
    }
    assert plan_from_params(plan.to_params()) == plan
    assert plan_from_params({"learner": "Ana"}) is None
    with pytest.raises(PlanError) as err:
        plan_from_params({"drill_seed": "abc"})
    assert str(err.value) == "the link's drill seed 'abc' is not a whole number."


def test_a_link_with_one_bad_field_keeps_the_others() -> None:
    link = read_link(
        {"drill_targets": "capped,nope", "drill_length": "7", "drill_seed": "12"}
    )
    assert (link.targets, link.length, link.seed) == (("capped",), None, 12)
    assert link.problems == (
        "the link's drill target 'nope' is unknown: it was left out.",
        "the link's drill length '7' is unknown: use one of 20, 5, 2min.",
    )
    assert read_link({"learner": "Ana"}).empty


def test_streak_speed_summary_slowest() -> None:
    results = [
        result(0, "open-pair", True, 4.0),
        result(1, "open-pair", False, 9.0),
        result(2, "capped", True, 2.0),
        result(3, "open-pair", True, 6.0),
    ]
    assert streak(results) == 2
    assert median_seconds(results) == 5.0
    lines = summary(results, {"open-pair": 5.0, "capped": 1.5})
    assert [
        (x.target, x.answered, x.right, x.accuracy, x.median_seconds) for x in lines
    ] == [
        ("open-pair", 3, 2, 66.7, 6.0),
        ("capped", 1, 1, 100.0, 2.0),
    ]
    assert [(x.best_seconds, x.new_best) for x in lines] == [(4.0, True), (2.0, False)]
    assert [r.index for r in slowest(results, 2)] == [1, 3]


def test_online_drills_leave_the_irregularities_out() -> None:
    online = Plan("online", "both", (), "20", 1).pool
    tda = Plan("tda", "both", (), "20", 1).pool
    irr = {t.name for t in tda if t.topic == "irregularities"}
    assert irr == {
        "irr-exposed-hole",
        "irr-premature",
        "irr-out-of-turn",
        "irr-string-raise",
    }
    assert not any(t.topic == "irregularities" for t in online)
    assert len(tda) == len(online) + 4
