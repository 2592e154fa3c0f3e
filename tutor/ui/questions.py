"""A recorded answer's question, found again: its prompt and the engine's right answer.

Answers are stored by scenario id and step. A bank scenario is replayed from the cached
bank under the answer's preset; a generated one (a drill, or an assignment's variant: its
id is ``gen-<target>-<game>-<preset>-<seed>``) is generated again from its id, which the
generator turns into the same hand every time. Used by the CSVs, the Class view's tables
and the LMS exports.
"""

from __future__ import annotations

import re
from functools import lru_cache

from tutor.asks import describe
from tutor.engine import GAMES, PRESETS, TutorError
from tutor.progress.answers_csv import Asked
from tutor.scenarios.model import Scenario

#: ``gen-<target>-<game>-<preset>-<seed>``: the generator's scenario ids.
_GENERATED = re.compile(r"gen-(?P<rest>[a-z0-9-]+)-(?P<seed>\d{1,19})")


def parse_generated(scenario_id: str) -> tuple[str, str, str, int] | None:
    """``(target, game, preset, seed)`` of a generated scenario's id, or None.

    >>> parse_generated("gen-irr-string-raise-stud8-wsop-cash-42")
    ('irr-string-raise', 'stud8', 'wsop-cash', 42)
    >>> parse_generated("bring-in-two-deuces") is None
    True
    """
    match = _GENERATED.fullmatch(scenario_id)
    if match is None:
        return None
    rest = match.group("rest")
    for preset in sorted(PRESETS, key=len, reverse=True):
        if rest.endswith("-" + preset):
            rest = rest[: -len(preset) - 1]
            break
    else:
        return None
    for game in sorted(GAMES, key=len, reverse=True):
        if rest.endswith("-" + game):
            target = rest[: -len(game) - 1]
            return (target, game, preset, int(match.group("seed"))) if target else None
    return None


@lru_cache(maxsize=1024)
def generated_scenario(scenario_id: str) -> Scenario | None:
    """The generated scenario with this id, made again (None if the id is not one).

    Cached: the same id always gives the same hand, and a scenario holds no sentence of
    the session's language.
    """
    from tutor.drills import GeneratorError, generate

    parsed = parse_generated(scenario_id)
    if parsed is None:
        return None
    target, game, preset, seed = parsed
    try:
        drill = generate(target, seed, preset=preset, game=game)
    except GeneratorError:
        return None
    return drill.scenario if drill.scenario.id == scenario_id else None


def find_scenario(scenario_id: str) -> Scenario | None:
    """A bank scenario by id, else a generated one, else None."""
    from tutor.ui.bank import scenario_bank

    found = scenario_bank().get(scenario_id)
    return found if found is not None else generated_scenario(scenario_id)


def asked(scenario_id: str, step: int, preset: str) -> Asked | None:
    """The question at ``step`` of the scenario under ``preset``: prompt, right answer.

    None when the scenario is gone, cannot be replayed under the preset, or that step is
    not a question (any more).
    """
    from tutor.ui.bank import walk_scenario

    scenario = find_scenario(scenario_id)
    if scenario is None:
        return None
    try:
        results = walk_scenario(scenario, preset if preset in PRESETS else None)
    except TutorError:
        return None
    for result in results:
        if result.index == step and result.ruling is not None and result.ask:
            answer = dict(result.ruling.answer)
            return Asked(result.ask.prompt, describe(result.ask.kind, answer), answer)
    return None
