"""Typed records the progress store returns: learners, answers, per-topic summaries."""

from __future__ import annotations

import html
import json
import re
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from decimal import Decimal
from typing import Any

from tutor.engine import GAMES as ENGINE_GAMES
from tutor.engine import TutorError
from tutor.scenarios.text import skeleton

NAME_MAX = 40
#: The games an answer may be for: every game the engine plays (its registry, as it is
#: when read).
GAMES = ENGINE_GAMES
LEVELS = range(1, 6)


class ProgressError(TutorError):
    """The progress store cannot do what was asked: bad input, or a database problem."""


@dataclass(frozen=True)
class Learner:
    """Someone using the tutor, picked or created by name."""

    id: int
    name: str
    created_at: datetime

    @property
    def looked_up(self) -> bool:
        """False for a learner signed in whom the store could not look up yet
        (:func:`unresolved_learner`): their answers are kept by name."""
        return self.id != UNRESOLVED_ID


#: The id of a learner not looked up yet (no row has it: ids start at 1).
UNRESOLVED_ID = 0


def unresolved_learner(name: str) -> Learner:
    """The learner signed in as ``name`` while the store cannot be asked who that is: an
    answer they give is kept by name and saved to that name's learner once the store is
    back (:class:`tutor.progress.outbox.Outbox`)."""
    return Learner(
        id=UNRESOLVED_ID, name=name, created_at=datetime.fromtimestamp(0, UTC)
    )


@dataclass(frozen=True)
class AnswerRecord:
    """One answer a learner gave to one ask of one scenario."""

    id: int
    learner_id: int
    scenario_id: str
    step: int
    kind: str
    topic: str
    level: int
    game: str
    preset: str
    answer_json: str
    correct: bool
    seconds: float
    answered_at: datetime
    #: the scenario's house overrides in force (field -> value; empty for none)
    house: dict[str, Any] = field(default_factory=dict, hash=False)
    #: 1 for the first answer to this ask in a play-through, 2, 3... for later tries
    attempt: int = 1
    #: a Retry answered after the right answer was shown
    after_reveal: bool = False
    #: the hint was opened before answering
    hinted: bool = False
    #: the rule ids the engine's ruling cited
    rules: tuple[str, ...] = ()
    #: drills: the generator's target and seed
    target: str | None = None
    seed: int | None = None
    #: the id the app gave the answer when it was checked (None for older answers)
    answer_id: str | None = None

    @property
    def answer(self) -> Any:
        """The answer given, parsed from JSON (non-whole numbers come back as Decimal)."""
        return json.loads(self.answer_json, parse_float=Decimal)

    @property
    def first_attempt(self) -> bool:
        """Whether this answer counts for mastery, accuracy and mistakes.

        True for the first answer to an ask in a play-through, never for a retry after the
        right answer was shown.
        """
        return self.attempt == 1 and not self.after_reveal


@dataclass(frozen=True)
class ReviewCardRecord:
    """One learner's spaced-review card for one rule id, as the scheduler saved it."""

    rule_id: str
    card_json: str
    due: datetime


@dataclass(frozen=True)
class TopicSummary:
    """How a learner is doing on one topic, from first attempts only."""

    topic: str
    answered: int
    correct: int
    seconds_total: float
    scenarios: int
    mastery: str
    #: the median time of the topic's latest 200 first attempts (all of them when fewer)
    median_seconds: float = 0.0

    @property
    def accuracy(self) -> float:
        """Share of answers that were right, 0.0 to 1.0 (0.0 when nothing was answered)."""
        return self.correct / self.answered if self.answered else 0.0

    @property
    def mean_seconds(self) -> float:
        """Average seconds per answer (0.0 when nothing was answered)."""
        return self.seconds_total / self.answered if self.answered else 0.0


@dataclass(frozen=True)
class DaySummary:
    """First-attempt answers on one day (UTC)."""

    day: date
    answered: int
    correct: int


@dataclass(frozen=True)
class ProgressFigures:
    """Everything the Progress page shows, worked out by the database.

    ``answered``/``correct`` count every answer; ``topics`` and ``days`` count first
    attempts only (see :attr:`AnswerRecord.first_attempt`).
    """

    answered: int
    correct: int
    first_answered: int
    first_correct: int
    topics: tuple[TopicSummary, ...]
    days: tuple[DaySummary, ...]


def _json_default(value: object) -> object:
    """Encode the values the engine's answers hold that ``json`` does not know."""
    if isinstance(value, Decimal):
        if not value.is_finite():
            raise TypeError(f"the amount {value!r} is not a finite number")
        return int(value) if value == value.to_integral_value() else float(value)
    if isinstance(value, (set, frozenset)):
        return sorted(value)
    raise TypeError(
        f"{value!r} of type {type(value).__name__} cannot be written as JSON"
    )


def answer_to_json(answer: object) -> str:
    """The answer as compact JSON text; Decimal amounts become JSON numbers.

    >>> answer_to_json({"player": "Bo", "amount": Decimal("1.50")})
    '{"player":"Bo","amount":1.5}'
    """
    try:
        return json.dumps(answer, separators=(",", ":"), default=_json_default)
    except (TypeError, ValueError) as exc:
        raise ProgressError(
            f"The answer {answer!r} cannot be stored: {exc}. Pass plain values "
            "(str, int, Decimal, bool, None, lists and dicts of them)."
        ) from exc


def clean_name(name: object) -> str:
    """The learner's name with surrounding blanks removed, checked for length.

    >>> clean_name("  Ana ")
    'Ana'
    """
    if not isinstance(name, str):
        raise ProgressError(f"A learner's name must be text, not {name!r}.")
    cleaned = " ".join(name.split())
    if not cleaned:
        raise ProgressError(
            f"A learner's name cannot be empty (got {name!r}). "
            f"Type a name of 1 to {NAME_MAX} characters."
        )
    if len(cleaned) > NAME_MAX:
        raise ProgressError(
            f"The name {cleaned!r} is {len(cleaned)} characters long. "
            f"Use at most {NAME_MAX} characters."
        )
    if not cleaned.isprintable():
        raise ProgressError(
            f"The name {cleaned!r} holds control characters. Use letters, digits, "
            "spaces and punctuation only."
        )
    if "<" in cleaned or ">" in cleaned:
        raise ProgressError(
            f"The name {cleaned!r} holds < or >. Use letters, digits, spaces and "
            "punctuation other than < and >."
        )
    if not any(c.isalnum() for c in name_skeleton(cleaned)):
        raise ProgressError(
            f"The name {cleaned!r} has no letters or digits. Type a name people can read."
        )
    return cleaned


def name_key(name: str) -> str:
    """The form two names are compared in: ``"Ana"`` and ``" ana "`` are one learner.

    >>> name_key(" ANA  Lee ")
    'ana lee'
    """
    return " ".join(name.split()).casefold()


_TAG = re.compile(r"<[^<>]*>")


def name_skeleton(name: str) -> str:
    """The form in which two names are one learner: blanks collapsed, markup and character
    references taken out, case folded and look-alike letters replaced (UTS #39's
    skeleton, :func:`tutor.scenarios.text.skeleton`).

    >>> name_skeleton("<b></b>Maria  Lopez") == name_skeleton("maria lopez")
    True
    >>> name_skeleton("\u0422om") == name_skeleton("TOM"), name_skeleton("Tim") == name_skeleton("Tom")
    (True, False)
    """
    text = html.unescape(_TAG.sub("", html.unescape(name)))
    text = "".join(c for c in _TAG.sub("", text) if c.isprintable() or c.isspace())
    return skeleton(" ".join(text.split()))[:200]
