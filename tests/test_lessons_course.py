"""Lessons teach before they ask (issue 20 item 6).

Every scenario a lesson shows asks only what that lesson or an earlier one taught: the rules its
asks' rulings cite (replayed through the engine, as ``tutor answer --json`` does) are all in the
``rules:`` of that lesson or of an earlier one. A scenario whose questions need a later lesson is
shown by that later lesson (the whole hands, after the showdown; the razz questions, in the razz
lesson): which ones is pinned here, so that a move is a decision, not an accident.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tutor.engine.errors import TutorError
from tutor.lessons import (
    Lesson,
    asked_rules,
    first_taught,
    lesson_for_scenario,
    lesson_for_topic,
    load_lessons,
    parse_lesson,
)
from tutor.scenarios import answer_scenario, load_bank
from tutor.scenarios.model import Scenario

ROOT = Path(__file__).resolve().parent.parent
COURSE = load_lessons(ROOT / "lessons")
BANK = load_bank([ROOT / "scenarios"]).scenarios
#: The rule ids each bundled scenario's asks cite, replayed once.
ASKED = {s.id: asked_rules(s) for s in BANK}

#: The bundled scenarios a later lesson than their topic's shows, and why.
MOVED = {
    # whole hands, from the ante to the award: they ask the showdown (lesson 9) ...
    "hand-no-ante-table": ("antes-and-buy-in", "showdown-and-low"),
    "hand-open-pair-roberts": ("open-pair", "showdown-and-low"),
    "hand-tie-on-fourth-tda": ("who-acts-first", "showdown-and-low"),
    "hand-heads-up-roberts": ("raise-cap", "showdown-and-low"),
    "hand-eight-players-community": ("community-river", "showdown-and-low"),
    "hand-seven-to-the-river-wsop": ("community-river", "showdown-and-low"),
    # ... and one a side pot (lesson 11)
    "hand-bring-in-all-in-tda": ("bring-in", "side-pots"),
    # razz's own rules are lesson 13's
    "razz-bring-in-ace-is-low": ("bring-in", "razz"),
    "razz-bring-in-king": ("bring-in", "razz"),
    "razz-bring-in-suit-tie": ("bring-in", "razz"),
    "razz-no-open-pair": ("open-pair", "razz"),
    "razz-first-to-act-lowest-board": ("who-acts-first", "razz"),
    "razz-first-to-act-pair-is-bad": ("who-acts-first", "razz"),
    "razz-first-to-act-tie-position": ("who-acts-first", "razz"),
    "razz-showdown-lowest-wins": ("showdown-and-low", "razz"),
    "razz-showdown-king-low-wins": ("showdown-and-low", "razz"),
    "razz-showdown-pair-against": ("showdown-and-low", "razz"),
    "razz-split-tie": ("splitting-the-pot", "razz"),
    "razz-side-pot": ("side-pots", "razz"),
}

#: Each lesson's Practice sentence, and for each thing it promises, the ask kinds that ask it
#: (at least one of them must be asked by the scenarios the lesson shows).
PROMISES: dict[str, tuple[str, dict[str, set[str]]]] = {
    "table-and-deal": (
        "In the scenarios below, say who acts first and who acts next, how much is in the "
        "pot, how big a bet may be, and whether the river will be a shared card.",
        {
            "who acts first": {"first-to-act"},
            "who acts next": {"next-to-act"},
            "how much is in the pot": {"pot"},
            "how big a bet may be": {"bet-sizes"},
            "whether the river will be a shared card": {"community-card"},
        },
    ),
    "antes-and-buy-in": (
        "Work out the antes, the pot, the minimum buy-in, the bring-in and what each player "
        "may do or takes back in the scenarios below.",
        {
            "the antes": {"ante"},
            "the pot": {"pot"},
            "the minimum buy-in": {"buy-in"},
            "the bring-in": {"bring-in"},
            "what each player may do": {"legal-actions"},
            "takes back": {"award"},
        },
    ),
    "bring-in": (
        "In each scenario below, find the bring-in card, its amount, who acts next and what "
        "that player may do.",
        {
            "the bring-in card, its amount": {"bring-in"},
            "who acts next": {"next-to-act"},
            "what that player may do": {"legal-actions"},
        },
    ),
    "completing-and-bet-sizes": (
        "Decide the legal bet sizes, what each player may do and how many raises are left in "
        "the scenarios below.",
        {
            "the legal bet sizes": {"bet-sizes"},
            "what each player may do": {"legal-actions"},
            "how many raises are left": {"raises-left"},
        },
    ),
    "open-pair": (
        "Decide which bet sizes are allowed on fourth street, what each player may do, and "
        "who acts first in the scenarios below.",
        {
            "which bet sizes are allowed": {"bet-sizes"},
            "what each player may do": {"legal-actions"},
            "who acts first": {"first-to-act"},
        },
    ),
    "who-acts-first": (
        "Find who acts first on each street and who acts next in the scenarios below.",
        {"who acts first": {"first-to-act"}, "who acts next": {"next-to-act"}},
    ),
    "raise-cap": (
        "Count the raises left and say what each player may do in the scenarios below.",
        {
            "the raises left": {"raises-left"},
            "what each player may do": {"legal-actions"},
        },
    ),
    "community-river": (
        "Decide whether the river will be a shared card, and who acts first, in the "
        "scenarios below.",
        {
            "whether the river will be a shared card": {"community-card"},
            "who acts first": {"first-to-act"},
        },
    ),
    "showdown-and-low": (
        "Find who shows first, the best high, the best low, who wins each half and what each "
        "player takes in the scenarios below.",
        {
            "who shows first": {"showdown-order"},
            "the best high": {"best-high"},
            "the best low": {"best-low", "low-qualifies"},
            "who wins each half": {"high-winner", "low-winner"},
            "what each player takes": {"award"},
        },
    ),
    "splitting-the-pot": (
        "Find the best high and the best low, who wins each half and every player's share in "
        "the scenarios below.",
        {
            "the best high": {"best-high"},
            "the best low": {"best-low"},
            "who wins each half": {"high-winner", "low-winner"},
            "every player's share": {"award"},
        },
    ),
    "side-pots": (
        "Build the pots and award each one in the scenarios below.",
        {"Build the pots": {"pot"}, "award each one": {"award"}},
    ),
    "when-something-goes-wrong": (
        "Rule on each irregularity below, say who acts next and what they may do, then play "
        "the hand on from the corrected state.",
        {
            "Rule on each irregularity": {"ruling"},
            "who acts next": {"next-to-act"},
            "what they may do": {"legal-actions"},
        },
    ),
    "razz": (
        "Find the bring-in, the first to act and the winner in the razz scenarios below.",
        {
            "the bring-in": {"bring-in"},
            "the first to act": {"first-to-act"},
            "the winner": {"low-winner", "award"},
        },
    ),
}


def shown_by(lesson: Lesson) -> list[Scenario]:
    """The bundled scenarios the Learn page lists under ``lesson`` (every game)."""
    return [
        s
        for s in BANK
        if (shown := lesson_for_scenario(COURSE, s.topic, ASKED[s.id])) is not None
        and shown.id == lesson.id
    ]


def test_every_lesson_asks_only_what_it_or_an_earlier_lesson_taught() -> None:
    taught: set[str] = set()
    late = []
    for lesson in COURSE:
        taught |= set(lesson.rules)
        for scenario in shown_by(lesson):
            for answer in answer_scenario(scenario)[
                "answers"
            ]:  # as `tutor answer --json`
                for rule in answer["rules"]:
                    if rule not in taught:
                        late.append(
                            f"{lesson.id}: {scenario.id} step {answer['step']}: {rule}"
                        )
    assert late == []
    assert sum(len(shown_by(lesson)) for lesson in COURSE) == len(BANK) == 161


def test_the_scenarios_shown_by_a_later_lesson_are_exactly_these() -> None:
    moved = {}
    for s in BANK:
        home = lesson_for_topic(COURSE, s.topic)
        shown = lesson_for_scenario(COURSE, s.topic, ASKED[s.id])
        assert home is not None and shown is not None
        if shown is not home:
            moved[s.id] = (home.id, shown.id)
    assert moved == MOVED


def test_every_lesson_shows_scenarios() -> None:
    games = {lesson.id: {s.game for s in shown_by(lesson)} for lesson in COURSE}
    assert all(games[lesson.id] & {"stud8", "stud"} for lesson in COURSE[:12])
    assert games["razz"] == {"razz"}
    assert len(shown_by(COURSE[0])) == 4


def test_lesson_one_teaches_its_first_question() -> None:
    """Its first question is who acts first on third street: the bring-in, now taught in
    lesson 1 (the map of the hand), not only in lesson 3."""
    first = min(shown_by(COURSE[0]), key=lambda s: (s.level, s.title))
    assert first.id == "deal-third-street-order"
    rules = answer_scenario(first)["answers"][0]["rules"]
    assert rules == ["bring-in.who", "act.third"]
    assert set(rules) <= set(COURSE[0].rules)
    body = COURSE[0].body
    assert "| third street | the bring-in; then clockwise |" in body
    assert "the player with the lowest door card must open with a forced bet" in body


@pytest.mark.parametrize("lesson", COURSE, ids=[lesson.id for lesson in COURSE])
def test_each_lesson_promises_only_the_practice_its_scenarios_ask(
    lesson: Lesson,
) -> None:
    sentence, promises = PROMISES[lesson.id]
    practice = " ".join(lesson.body.split("\n## Practice\n")[1].split())
    assert practice == sentence
    asked = {
        step.ask.kind
        for s in shown_by(lesson)
        for step in s.steps
        if step.ask is not None
    }
    for phrase, kinds in promises.items():
        assert phrase in sentence
        assert kinds & asked, (
            f"{lesson.id} promises {phrase!r}, its scenarios ask {asked}"
        )


def test_each_rule_is_first_taught_where_the_course_says() -> None:
    taught = first_taught(COURSE)
    assert {rule: taught[rule].order for rule in ("bring-in.who", "act.third")} == {
        "bring-in.who": 1,
        "act.third": 1,
    }
    assert taught["pot.rake"].id == "antes-and-buy-in"
    assert taught["split.halves"].id == "showdown-and-low"
    assert taught["pot.side"].id == "side-pots"
    assert {taught[r].id for r in ("razz.bring-in", "razz.act", "razz.low")} == {"razz"}


LESSON = """---
id: {id}
title: {id}
order: {order}
topics: [{topics}]
rules: [{rules}]
summary: A lesson.
---

# A lesson
"""


def toy(order: int, topics: str, rules: str) -> Lesson:
    text = LESSON.format(id=f"l{order}", order=order, topics=topics, rules=rules)
    return parse_lesson(text, f"l{order}.md")


def test_lesson_for_scenario_takes_the_lesson_that_teaches_the_last_rule() -> None:
    course = [
        toy(1, "deal", "deal.order"),
        toy(2, "ante", "ante.post"),
        toy(3, "bring-in", "bring-in.who, act.third"),
    ]
    place = lesson_for_scenario
    assert place(course, "deal", ["deal.order"]) is course[0]
    assert place(course, "deal", ["deal.order", "act.third"]) is course[2]
    assert place(course, "ante", []) is course[1]
    # a rule no lesson teaches keeps the topic's lesson; a topic no lesson has: none
    assert place(course, "ante", ["hand.low"]) is course[1]
    assert place(course, "showdown", ["deal.order"]) is None


def test_asked_rules_are_the_rulings_rules_in_order() -> None:
    scenario = next(s for s in BANK if s.id == "deal-third-street-order")
    assert asked_rules(scenario) == (
        "bring-in.who",
        "act.third",
        "round.end",
        "ante.post",
        "act.later",
    )


def test_practice_sentences_name_no_rule_id() -> None:
    for lesson in COURSE:
        assert not re.search(r"[a-z]\.[a-z]", lesson.body.split("## Practice")[1])


def test_an_unknown_language_is_refused() -> None:
    with pytest.raises(TutorError) as info:
        load_lessons(ROOT / "lessons", "fr")
    assert str(info.value) == "no lessons in 'fr': the languages are en, it."
