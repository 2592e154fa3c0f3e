"""Spaced review: the answer-to-rating mapping, and its effect through the fsrs scheduler."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from types import SimpleNamespace

from fsrs import Rating

from tutor.review import (
    FAST_SECONDS,
    SCHEDULER,
    apply_answers,
    coming_days,
    due_now,
    from_store,
    rating_for,
    recompute,
    to_store,
)

T0 = datetime(2026, 11, 2, 9, 0, tzinfo=UTC)


def answer(
    when: datetime,
    correct: bool = True,
    seconds: float = 20.0,
    *,
    rules: tuple[str, ...] = ("bring-in.who",),
    hinted: bool = False,
    first: bool = True,
) -> SimpleNamespace:
    return SimpleNamespace(
        correct=correct,
        seconds=seconds,
        hinted=hinted,
        rules=rules,
        answered_at=when,
        first_attempt=first,
    )


def test_the_mapping() -> None:
    assert rating_for(answer(T0, correct=False)) is Rating.Again
    assert rating_for(answer(T0, correct=False, hinted=True)) is Rating.Again
    assert rating_for(answer(T0, hinted=True, seconds=1.0)) is Rating.Hard
    assert rating_for(answer(T0, seconds=FAST_SECONDS)) is Rating.Easy
    assert rating_for(answer(T0, seconds=FAST_SECONDS + 0.1)) is Rating.Good
    assert rating_for(answer(T0, correct=False, first=False)) is None
    assert not SCHEDULER.enable_fuzzing


def test_a_wrong_answer_makes_the_rule_due_sooner_than_a_right_one() -> None:
    later = T0 + timedelta(days=3)
    history = [
        answer(T0),
        answer(T0 + timedelta(minutes=15)),
        answer(T0 + timedelta(hours=1)),
    ]
    wrong = recompute([*history, answer(later, correct=False)])["bring-in.who"]
    good = recompute([*history, answer(later)])["bring-in.who"]
    easy = recompute([*history, answer(later, seconds=2.0)])["bring-in.who"]
    hard = recompute([*history, answer(later, hinted=True)])["bring-in.who"]
    assert wrong.due < hard.due < good.due < easy.due
    assert wrong.due - later <= timedelta(minutes=10)
    first_wrong = recompute([answer(T0, correct=False)])["bring-in.who"]
    first_right = recompute([answer(T0)])["bring-in.who"]
    assert first_wrong.due < first_right.due


def test_every_cited_rule_gets_a_card_and_retries_are_not_rated() -> None:
    cards = recompute(
        [
            answer(T0, rules=("split.halves", "split.odd-chip")),
            answer(
                T0 + timedelta(minutes=1),
                correct=False,
                rules=("hand.low",),
                first=False,
            ),
        ]
    )
    assert sorted(cards) == ["split.halves", "split.odd-chip"]


def test_incremental_updates_equal_a_recomputation() -> None:
    history = [
        answer(
            T0 + timedelta(hours=h), correct=h % 3 != 0, seconds=5.0 + h, rules=rules
        )
        for h, rules in enumerate(
            [
                ("bring-in.who",),
                ("limit.small", "round.end"),
                ("bring-in.who", "act.third"),
            ]
            * 4
        )
    ]
    whole = recompute(history)
    part = apply_answers(recompute(history[:5]), history[5:])
    assert {r: c.to_json() for r, c in whole.items()} == {
        r: c.to_json() for r, c in part.items()
    }
    back = from_store(
        {
            rule: SimpleNamespace(card_json=text)
            for rule, (text, _due) in to_store(whole).items()
        }
    )
    assert {r: c.due for r, c in back.items()} == {r: c.due for r, c in whole.items()}


def test_due_now_and_the_coming_days() -> None:
    cards = recompute(
        [
            answer(T0, correct=False, rules=("a.one",)),
            answer(T0, rules=("b.two",)),
            answer(T0, seconds=1.0, rules=("c.three",)),
        ]
    )
    now = T0 + timedelta(hours=2)
    assert due_now(cards, now) == ["a.one", "b.two"]
    days = coming_days(cards, now, days=4)
    assert [d for d, _n in days] == [
        date(2026, 11, 2) + timedelta(days=n) for n in range(4)
    ]
    assert sum(n for _d, n in days) == 3 - sum(
        c.due.date() > date(2026, 11, 5) for c in cards.values()
    )
    assert days[0][1] == 2
