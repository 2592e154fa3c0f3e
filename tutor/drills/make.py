"""A target's hand made to order: :func:`play_to_target` deals and plays to the moment,
:func:`generate` writes it as a scenario and loads it through the validator.

It sits above both :mod:`tutor.drills.generator` (how a hand is dealt, played and written)
and :mod:`tutor.drills.targets` (what each target forces and asks), so neither imports the
other back.
"""

from __future__ import annotations

import random

from tutor.drills.generator import (
    MAX_TRIES,
    Drill,
    Gen,
    GeneratorError,
    Moment,
    scenario_yaml,
)
from tutor.drills.targets import TARGETS, target_names
from tutor.engine import PRESETS, TutorError
from tutor.scenarios import check_text


def play_to_target(
    target: str, seed: int, *, preset: str | None = None, game: str | None = None
) -> Moment:
    """Deal and play a hand to ``target``'s moment (no YAML yet): what :func:`generate` writes.

    :raises GeneratorError: for an unknown target, preset or game (the message lists the
        choices), or a game the target does not apply to.
    """
    spec = TARGETS.get(target)
    if spec is None:
        raise GeneratorError(
            f"unknown drill target {target!r}: use one of {', '.join(target_names())}."
        )
    if preset is None:
        preset = spec.presets[0]
    if preset not in PRESETS:
        raise GeneratorError(
            f"unknown preset {preset!r}: use one of {', '.join(PRESETS)}."
        )
    if preset not in spec.presets:
        raise GeneratorError(
            f"the target {target} is for the presets {', '.join(spec.presets)}, not "
            f"{preset!r}: choose one of those presets."
        )
    if game is None:
        game = spec.games[0]
    if game not in spec.games:
        raise GeneratorError(
            f"the target {target} is for {' or '.join(spec.games)}, not {game!r}: "
            f"choose one of those games."
        )
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise GeneratorError(
            f"the seed must be a whole number 0 or more, not {seed!r}."
        )
    rng = random.Random(f"{target}|{game}|{preset}|{seed}")
    for tries in range(1, MAX_TRIES + 1):
        gen = Gen(rng, game, preset)
        made = spec.build(gen)
        if made is None:
            continue
        table, question = made
        try:
            ruling = table.hand.answer(question.kind, player=question.player)
        except TutorError:  # the moment passed (the betting closed): deal again
            continue
        if spec.hit(table, ruling):
            return Moment(target, game, preset, seed, table, question, ruling, tries)
    raise GeneratorError(
        f"the target {target} missed its situation in {MAX_TRIES} deals (seed {seed}, "
        f"{game}, {preset}): please report it."
    )


def generate(
    target: str, seed: int, *, preset: str | None = None, game: str | None = None
) -> Drill:
    """Deal and play a hand to ``target``'s moment; return it as a validated scenario.

    The hand is written as scenario YAML (with the engine's answer as ``expect``) and
    loaded through ``tutor.scenarios.check_text``: schema, replay and expect all checked.

    :raises GeneratorError: as :func:`play_to_target`, or if the YAML does not validate
        (a bug: the message holds the problems).
    """
    moment = play_to_target(target, seed, preset=preset, game=game)
    spec = TARGETS[target]
    preset = moment.preset
    scenario_id = f"gen-{target}-{moment.game}-{preset}-{seed}"
    text = scenario_yaml(
        scenario_id=scenario_id,
        title=f"{spec.title} (generated, seed {seed})",
        topic=spec.topic,
        level=spec.level,
        table=moment.table,
        question=moment.question,
        ruling=moment.ruling,
    )
    scenario, problems = check_text(text, f"{scenario_id}.yaml")
    if scenario is None:
        raise GeneratorError(
            f"the generated hand for {target} (seed {seed}) does not validate: "
            + "; ".join(str(p) for p in problems)
        )
    return Drill(
        target,
        moment.game,
        preset,
        seed,
        scenario,
        text,
        moment.ruling,
        moment.tries,
        moment.question,
    )
