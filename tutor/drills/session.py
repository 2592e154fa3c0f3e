"""A timed dealer drill, without Streamlit: its plan, its questions by seed, its summary.

A drill is fixed by its :class:`Plan` (preset, game, targets, length, seed): the same plan
always asks the same questions in the same order, so a drill can be shared as a link.
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

from tutor.drills.targets import TARGETS, Target
from tutor.engine import DEFAULT_GAME, PRESETS
from tutor.engine import GAMES as ENGINE_GAMES
from tutor.i18n import N_

#: One line per preset, for the drill's preset picker.
PRESET_LINES: Mapping[str, str] = MappingProxyType(
    {
        "online": N_(
            "Online room: open-pair option in stud and stud8 (razz has none), 3 raises even "
            "heads-up, no burns."
        ),
        "roberts": N_(
            "Robert's Rules of Poker: no open-pair option in stud8, heads-up raising unlimited, burns."
        ),
        "wsop-cash": N_(
            "WSOP live cash: 4 raises, unlimited only if the round began heads-up, "
            "a sixth-street opener on a community river."
        ),
        "tda": N_(
            "Poker TDA tournaments: no open-pair option, 4 raises even heads-up, "
            "ties for first to act broken by suit."
        ),
    }
)
#: Drill lengths: key -> (label, questions or None, seconds or None).
LENGTHS: Mapping[str, tuple[str, int | None, int | None]] = MappingProxyType(
    {
        "20": (N_("20 questions"), 20, None),
        "5": (N_("5 questions (a quick round)"), 5, None),
        "2min": (N_("2 minutes"), None, 120),
    }
)
GAMES = (*ENGINE_GAMES, "both")
#: A correct answer at most this many seconds is "fast" (for the streak line and reviews).
FAST_SECONDS = 10.0


class PlanError(ValueError):
    """A drill plan that cannot be run (the message says what to change)."""


@dataclass(frozen=True, slots=True)
class Plan:
    """What a drill asks: under which preset and game, which targets, how long, which seed."""

    preset: str
    game: str
    targets: tuple[str, ...]
    length: str
    seed: int

    def __post_init__(self) -> None:
        if self.preset not in PRESETS:
            raise PlanError(
                f"unknown preset {self.preset!r}: use one of {', '.join(PRESETS)}."
            )
        if self.game not in GAMES:
            raise PlanError(
                f"unknown game {self.game!r}: use one of {', '.join(GAMES)}."
            )
        if self.length not in LENGTHS:
            raise PlanError(
                f"unknown length {self.length!r}: use one of {', '.join(LENGTHS)}."
            )
        unknown = [t for t in self.targets if t not in TARGETS]
        if unknown:
            raise PlanError(
                f"unknown drill target {unknown[0]!r}: use one of {', '.join(TARGETS)}."
            )
        if not self.pool:
            chosen = self.targets or tuple(TARGETS)
            if not any(
                self.game == "both" or self.game in TARGETS[name].games
                for name in chosen
            ):
                raise PlanError(
                    f"none of the targets chosen applies to {self.game}: choose other "
                    "targets or another game."
                )
            raise PlanError(
                f"none of the targets chosen is drilled under {self.preset}: choose other "
                "targets or other house rules (irregularities are refused under online)."
            )

    @property
    def pool(self) -> tuple[Target, ...]:
        """The targets this drill draws from (all of the game's if none were chosen)."""
        chosen = self.targets or tuple(TARGETS)
        return tuple(
            TARGETS[name]
            for name in chosen
            if (self.game == "both" or self.game in TARGETS[name].games)
            and self.preset in TARGETS[name].presets
        )

    @property
    def question_limit(self) -> int | None:
        return LENGTHS[self.length][1]

    @property
    def seconds_limit(self) -> int | None:
        return LENGTHS[self.length][2]

    def question(self, index: int) -> tuple[str, str, int]:
        """The ``index``-th question (0-based): (target, game, generator seed)."""
        rng = random.Random(f"drill|{self.seed}|{self.preset}|{self.game}|{index}")
        pool = self.pool
        target = pool[rng.randrange(len(pool))]
        games = target.games if self.game == "both" else (self.game,)
        return target.name, rng.choice(games), rng.randrange(1_000_000)

    def to_params(self) -> dict[str, str]:
        """The plan as query parameters, for a shareable link: the house rules and the game
        under the sidebar's own names (``preset``, ``game``: one place for each setting)."""
        return {
            "preset": self.preset,
            "game": self.game,
            "drill_targets": ",".join(self.targets),
            "drill_length": self.length,
            "drill_seed": str(self.seed),
        }


@dataclass(frozen=True, slots=True)
class Link:
    """What a shared drill link holds, field by field: each valid field is kept, and each
    bad one is named in ``problems`` (and left out) so the rest of the link still works."""

    targets: tuple[str, ...] | None = None
    length: str | None = None
    seed: int | None = None
    problems: tuple[str, ...] = ()

    @property
    def empty(self) -> bool:
        return self.targets is None and self.length is None and self.seed is None


#: The link fields a drill link is recognised by.
LINK_FIELDS = ("drill_targets", "drill_length", "drill_seed")


def read_link(params: Mapping[str, str]) -> Link:
    """A shared drill link's fields, each checked on its own (a bad one does not spoil the rest).

    >>> read_link({"drill_seed": "x1", "drill_length": "5"})
    Link(targets=None, length='5', seed=None, problems=("the link's drill seed 'x1' is not a whole number.",))
    """
    problems: list[str] = []
    targets: tuple[str, ...] | None = None
    length: str | None = None
    seed: int | None = None
    if "drill_targets" in params:
        named = [t for t in params["drill_targets"].split(",") if t]
        targets = tuple(t for t in named if t in TARGETS)
        problems.extend(
            f"the link's drill target {t!r} is unknown: it was left out."
            for t in named
            if t not in TARGETS
        )
    if "drill_length" in params:
        raw = params["drill_length"]
        if raw in LENGTHS:
            length = raw
        else:
            problems.append(
                f"the link's drill length {raw!r} is unknown: use one of "
                f"{', '.join(LENGTHS)}."
            )
    if "drill_seed" in params:
        raw = params["drill_seed"]
        try:
            value = int(raw)
        except ValueError:
            problems.append(f"the link's drill seed {raw!r} is not a whole number.")
        else:
            if value < 0:
                problems.append(f"the link's drill seed {value} is below 0.")
            else:
                seed = value
    return Link(targets, length, seed, tuple(problems))


def plan_from_params(params: Mapping[str, str]) -> Plan | None:
    """A plan from a shared link's query parameters; None if the link holds none.

    :raises PlanError: when the link's values are wrong (the message says which).
    """
    if "drill_seed" not in params:
        return None
    raw = params.get("drill_seed", "")
    try:
        seed = int(raw)
    except ValueError:
        raise PlanError(
            f"the link's drill seed {raw!r} is not a whole number."
        ) from None
    if seed < 0:
        raise PlanError(f"the link's drill seed {seed} is below 0.")
    targets = tuple(t for t in params.get("drill_targets", "").split(",") if t)
    return Plan(
        preset=params.get("preset", params.get("drill_preset", "online")),
        game=params.get("game", params.get("drill_game", DEFAULT_GAME.value)),
        targets=targets,
        length=params.get("drill_length", "20"),
        seed=seed,
    )


@dataclass(frozen=True, slots=True)
class Result:
    """One answered drill question."""

    index: int
    target: str
    game: str
    seed: int
    kind: str
    correct: bool
    seconds: float
    expected: str
    rules: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class TargetLine:
    """One target's line in the end summary."""

    target: str
    title: str
    answered: int
    right: int
    median_seconds: float
    best_seconds: float | None
    previous_best: float | None

    @property
    def accuracy(self) -> float:
        return round(100 * self.right / self.answered, 1) if self.answered else 0.0

    @property
    def new_best(self) -> bool:
        """A right answer faster than any before this drill."""
        return self.best_seconds is not None and (
            self.previous_best is None or self.best_seconds < self.previous_best
        )


def streak(results: Sequence[Result]) -> int:
    """Right answers in a row, counting back from the last.

    >>> r = lambda ok: Result(0, "t", "stud8", 1, "pot", ok, 1.0, "")
    >>> streak([r(True), r(False), r(True), r(True)])
    2
    """
    n = 0
    for result in reversed(results):
        if not result.correct:
            break
        n += 1
    return n


def median_seconds(results: Iterable[Result]) -> float | None:
    times = [r.seconds for r in results]
    return round(statistics.median(times), 1) if times else None


def summary(
    results: Sequence[Result], previous_best: Mapping[str, float] | None = None
) -> list[TargetLine]:
    """Accuracy and median time per target (course order), with personal bests.

    ``previous_best`` maps a target to the learner's fastest right answer before this drill.
    """
    previous_best = previous_best or {}
    lines = []
    for name, target in TARGETS.items():
        mine = [r for r in results if r.target == name]
        if not mine:
            continue
        right = [r.seconds for r in mine if r.correct]
        lines.append(
            TargetLine(
                target=name,
                title=target.title,
                answered=len(mine),
                right=len(right),
                median_seconds=round(statistics.median(r.seconds for r in mine), 1),
                best_seconds=round(min(right), 1) if right else None,
                previous_best=previous_best.get(name),
            )
        )
    return lines


def slowest(results: Sequence[Result], count: int = 3) -> list[Result]:
    """The ``count`` slowest answers, slowest first."""
    return sorted(results, key=lambda r: (-r.seconds, r.index))[:count]
