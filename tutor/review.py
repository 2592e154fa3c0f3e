"""Spaced review of the rules: one FSRS card per rule id a learner has met (no Streamlit).

The scheduler is the ``fsrs`` package's (``Scheduler``, ``Card``, ``Rating``,
``review_card``); this module only decides what each answer is worth and keeps the cards.

Every answer rates each rule id its ruling cited, first attempts only:

=====================================  ==========
the answer                             rating
=====================================  ==========
wrong                                  ``Again``
right after opening the hint           ``Hard``
right within :data:`FAST_SECONDS`      ``Easy``
right                                  ``Good``
a retry, or an answer after the reveal  not rated
=====================================  ==========

The scheduler runs without fuzz, so the cards can always be recomputed from the answer
history and come out the same.
"""

from __future__ import annotations

import zlib
from collections import Counter
from collections.abc import Iterable, Mapping
from datetime import UTC, date, datetime, timedelta, tzinfo
from typing import TYPE_CHECKING, Protocol

from fsrs import Card, Rating, Scheduler

if TYPE_CHECKING:
    from tutor.progress import Learner, ProgressStore

#: A right answer at most this many seconds (without a hint) is rated Easy.
FAST_SECONDS = 10.0
#: The one scheduler (no fuzz: recomputing from the history gives the same cards).
SCHEDULER = Scheduler(enable_fuzzing=False)


class AnswerLike(Protocol):
    """What the review reads from a stored answer (``tutor.progress.AnswerRecord``)."""

    @property
    def correct(self) -> bool: ...
    @property
    def seconds(self) -> float: ...
    @property
    def hinted(self) -> bool: ...
    @property
    def rules(self) -> tuple[str, ...]: ...
    @property
    def answered_at(self) -> datetime: ...
    @property
    def first_attempt(self) -> bool: ...


def rating_for(answer: AnswerLike) -> Rating | None:
    """The FSRS rating an answer gives the rules it cites (None: the answer is not rated).

    >>> from types import SimpleNamespace as A
    >>> base = dict(rules=("bring-in.who",), answered_at=None, first_attempt=True, hinted=False)
    >>> rating_for(A(correct=False, seconds=3.0, **base)).name
    'Again'
    >>> rating_for(A(correct=True, seconds=3.0, **base)).name
    'Easy'
    >>> rating_for(A(correct=True, seconds=30.0, **base)).name
    'Good'
    >>> rating_for(A(correct=True, seconds=3.0, **{**base, "hinted": True})).name
    'Hard'
    >>> rating_for(A(correct=True, seconds=3.0, **{**base, "first_attempt": False})) is None
    True
    """
    if not answer.first_attempt:
        return None
    if not answer.correct:
        return Rating.Again
    if answer.hinted:
        return Rating.Hard
    if answer.seconds <= FAST_SECONDS:
        return Rating.Easy
    return Rating.Good


def _utc(moment: datetime) -> datetime:
    if moment.tzinfo is None:
        return moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC)


def new_card(rule: str, when: datetime) -> Card:
    """A fresh card for ``rule``, due at ``when`` (its id derived from the rule id)."""
    return Card(card_id=zlib.crc32(rule.encode()) + 1, due=_utc(when))


def apply_answers(
    cards: dict[str, Card], answers: Iterable[AnswerLike]
) -> dict[str, Card]:
    """Review ``cards`` (rule id -> Card) with each answer in turn, in time order.

    Cards are created for rule ids met for the first time. Returns ``cards`` (updated).
    """
    for answer in sorted(answers, key=lambda a: _utc(a.answered_at)):
        rating = rating_for(answer)
        if rating is None:
            continue
        when = _utc(answer.answered_at)
        for rule in dict.fromkeys(answer.rules):
            card = cards.get(rule) or new_card(rule, when)
            reviewed, _log = SCHEDULER.review_card(card, rating, review_datetime=when)
            cards[rule] = reviewed
    return cards


def recompute(answers: Iterable[AnswerLike]) -> dict[str, Card]:
    """Every card, from the whole answer history."""
    return apply_answers({}, answers)


def last_review(cards: Mapping[str, Card]) -> datetime | None:
    """When the newest answer folded into ``cards`` was given."""
    seen = [c.last_review for c in cards.values() if c.last_review is not None]
    return max(seen) if seen else None


def due_now(cards: Mapping[str, Card], now: datetime) -> list[str]:
    """The rule ids due at ``now``, the most overdue first."""
    now = _utc(now)
    due = [(card.due, rule) for rule, card in cards.items() if card.due <= now]
    return [rule for _due, rule in sorted(due)]


def coming_days(
    cards: Mapping[str, Card], now: datetime, days: int = 7, zone: tzinfo = UTC
) -> list[tuple[date, int]]:
    """How many rules fall due on each of the next ``days`` days (dates in ``zone``, the
    learner's time zone; today first).

    Today counts every rule due by the end of the day, overdue ones included.
    """
    now = _utc(now)
    today = now.astimezone(zone).date()
    counts: Counter[date] = Counter()
    for card in cards.values():
        day = max(card.due.astimezone(zone).date(), today)
        counts[day] += 1
    return [
        (today + timedelta(days=n), counts[today + timedelta(days=n)])
        for n in range(days)
    ]


def to_store(cards: Mapping[str, Card]) -> dict[str, tuple[str, datetime]]:
    """Cards as the store saves them: rule id -> (card JSON, due)."""
    return {rule: (card.to_json(), card.due) for rule, card in cards.items()}


class CardRow(Protocol):
    """What is read from a stored review card (``tutor.progress.ReviewCardRecord``)."""

    @property
    def card_json(self) -> str: ...


def from_store(rows: Mapping[str, CardRow]) -> dict[str, Card]:
    """Cards from the store's review-card records."""
    return {rule: Card.from_json(row.card_json) for rule, row in rows.items()}


def sync(store: ProgressStore, learner: Learner) -> dict[str, Card]:
    """The learner's cards, brought up to date with every answer since they were saved.

    Answers newer than the newest review in the saved cards are folded in and the changed
    cards saved; the result is what :func:`recompute` over the whole history gives.
    """
    cards = from_store(store.review_cards(learner))
    since = last_review(cards)
    fresh = [
        a
        for a in store.answers(learner, since=since)
        if since is None or _utc(a.answered_at) > since
    ]
    if not fresh:
        return cards
    before = {rule: card.to_json() for rule, card in cards.items()}
    apply_answers(cards, fresh)
    changed = {
        rule: card for rule, card in cards.items() if before.get(rule) != card.to_json()
    }
    if changed:
        store.save_review_cards(learner, to_store(changed))
    return cards


def rebuild(store: ProgressStore, learner: Learner) -> dict[str, Card]:
    """Throw the saved cards away and recompute them from the whole answer history."""
    cards = recompute(store.answers(learner))
    store.clear_review_cards(learner)
    if cards:
        store.save_review_cards(learner, to_store(cards))
    return cards
