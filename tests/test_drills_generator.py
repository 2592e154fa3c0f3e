"""Hands generated to order: every target hits its situation on every seed, and validates.

The 500 seeds of each target cycle through the target's presets (all four, or for the
irregularities the three that rule on them) and games, so each preset and game gets its
share. Every seed is played to its moment and checked; every 10th is also written as YAML
and validated (``generate`` loads every scenario it returns through
``tutor.scenarios.check_text``: schema, replay, expect), which keeps this module near 20 s of
CPU (all 500 seeds validated take about 30 s; ``python -m tutor.bench --drills`` validates
1,000 per target).
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from tutor.cli import main
from tutor.course import SPEC_TOPICS
from tutor.drills import (
    TARGETS,
    GeneratorError,
    generate,
    play_to_target,
    target_names,
)
from tutor.engine.rules import GAMES
from tutor.scenarios import check_text, walk

SEEDS = 500
VALIDATE_EVERY = 10


def _case(name: str, seed: int) -> tuple[str, str]:
    games, presets = TARGETS[name].games, TARGETS[name].presets
    return presets[seed % len(presets)], games[(seed // len(presets)) % len(games)]


@pytest.mark.parametrize("name", target_names())
def test_target_hits_on_every_seed(name: str) -> None:
    """500 seeds: the hand reaches the target's moment and the engine rules as named."""
    target = TARGETS[name]
    for seed in range(SEEDS):
        preset, game = _case(name, seed)
        moment = play_to_target(name, seed, preset=preset, game=game)
        assert moment.ruling.kind == target.kind
        assert moment.question.kind == target.kind
        assert target.hit(moment.table, moment.ruling)


@pytest.mark.parametrize("name", target_names())
def test_generated_scenarios_validate_and_replay(name: str) -> None:
    """Every 10th of the 500 seeds written out: loaded, validated and replayed like a bank
    file (``generate`` does it), then replayed once more here to the same ruling."""
    target = TARGETS[name]
    for seed in range(0, SEEDS, VALIDATE_EVERY):
        preset, game = _case(name, seed)
        drill = generate(name, seed, preset=preset, game=game)
        scenario = drill.scenario
        assert (scenario.topic, scenario.rules, scenario.game) == (
            target.topic,
            preset,
            game,
        )
        step = scenario.steps[-1]
        assert step.ask is not None and step.ask.kind == target.kind
        assert step.ask.expect is not None
        moment = play_to_target(name, seed, preset=preset, game=game)
        assert drill.ruling == moment.ruling
        if seed % 50 == 0:
            again, problems = check_text(drill.yaml, "again.yaml")
            assert problems == [] and again is not None
            last = walk(again)[-1]
            assert last.ruling is not None
            assert last.ruling.answer == drill.ruling.answer
            assert last.ruling.rules == drill.ruling.rules


def test_same_seed_same_hand_other_seed_other_hand() -> None:
    one = generate("side-pots", 42, preset="tda", game="stud")
    two = generate("side-pots", 42, preset="tda", game="stud")
    three = generate("side-pots", 43, preset="tda", game="stud")
    assert one.yaml == two.yaml
    assert one.yaml != three.yaml
    assert one.scenario.id == "gen-side-pots-stud-tda-42"


def test_coverage_of_topics_games_and_presets() -> None:
    assert len(TARGETS) >= 20
    # every topic of the scenario spec, and the irregularities this project adds
    assert {t.topic for t in TARGETS.values()} == set(SPEC_TOPICS) | {"irregularities"}
    assert {g for t in TARGETS.values() for g in t.games} == set(GAMES)


def test_many_hands_never_repeat() -> None:
    texts = {generate("best-high", seed, game="stud8").yaml for seed in range(200)}
    assert len(texts) == 200


def test_bad_requests_are_refused_with_the_fix() -> None:
    with pytest.raises(GeneratorError) as err:
        generate("bring-in-sideways", 1)
    assert str(err.value).startswith(
        "unknown drill target 'bring-in-sideways': use one of ante-total, buy-in-minimum,"
    )
    with pytest.raises(GeneratorError) as err:
        generate("ante-total", 1, preset="vegas")
    assert str(err.value) == (
        "unknown preset 'vegas': use one of online, roberts, wsop-cash, tda."
    )
    with pytest.raises(GeneratorError) as err:
        generate("split-hi-lo", 1, game="stud")
    assert str(err.value) == (
        f"the target split-hi-lo is for {' or '.join(TARGETS['split-hi-lo'].games)}, not "
        "'stud': choose one of those games."
    )
    with pytest.raises(GeneratorError) as err:
        generate("ante-total", -3)
    assert str(err.value) == "the seed must be a whole number 0 or more, not -3."


def _cli(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    return main(list(argv), out=out), out.getvalue()


def test_cli_generate_prints_and_writes_yaml(tmp_path: Path) -> None:
    code, text = _cli(
        "generate", "--target", "open-pair", "--seed", "7", "--preset", "roberts"
    )
    assert code == 0
    assert text == generate("open-pair", 7, preset="roberts").yaml
    assert "id: gen-open-pair-stud8-roberts-7\n" in text
    path = tmp_path / "hand.yaml"
    code, said = _cli(
        "generate", "--target", "open-pair", "--seed", "7", "--out", str(path)
    )
    assert (code, said) == (0, f"wrote gen-open-pair-stud8-online-7 to {path}\n")
    assert _cli("validate", str(path)) == (0, "1 file checked, 0 failed\n")
    assert (
        _cli("generate", "--target", "open-pair", "--seed", "7", "--out", str(path))[0]
        == 2
    )


def test_cli_generate_bad_target(capsys: pytest.CaptureFixture[str]) -> None:
    assert _cli("generate", "--target", "nope", "--seed", "1")[0] == 2
    assert capsys.readouterr().err.startswith(
        "tutor generate: unknown drill target 'nope': use one of ante-total,"
    )
    assert _cli("generate", "--target", "nope", "--seed", "x")[0] == 2
    assert "'x' is not a seed: use a whole number 0 or more" in capsys.readouterr().err


IRREGULARITY_TARGETS = {
    "irr-exposed-hole": ("irr.exposed-hole", "dealer-exposes"),
    "irr-premature": ("irr.premature", "premature"),
    "irr-out-of-turn": ("irr.out-of-turn", "out-of-turn"),
    "irr-string-raise": ("irr.string-raise", "chips"),
}


@pytest.mark.parametrize("name", sorted(IRREGULARITY_TARGETS))
def test_irregularity_targets_write_an_event_and_a_ruling_ask(name: str) -> None:
    rule_id, event = IRREGULARITY_TARGETS[name]
    target = TARGETS[name]
    assert (target.topic, target.kind) == ("irregularities", "ruling")
    assert target.presets == ("roberts", "wsop-cash", "tda")
    assert target.games == tuple(GAMES)
    for seed, preset in enumerate(target.presets):
        drill = generate(name, seed, preset=preset, game="stud")
        steps = drill.scenario.steps
        assert steps[-2].event is not None and steps[-2].event.kind == event
        assert f"  - event: {{{event}: " in drill.yaml
        assert steps[-1].ask is not None and steps[-1].ask.kind == "ruling"
        assert drill.ruling.answer["rule"] == rule_id
        assert drill.ruling.answer["continues"] is True
        assert drill.ruling.preset == preset


def test_exposed_hole_card_lists_the_cards_as_dealt() -> None:
    """The ruling moves the exposed card to the door; the YAML keeps the deal as it was."""
    drill = generate("irr-exposed-hole", 3, preset="tda", game="razz")
    assert '  - {seat: 10, name: Fay, cards: "8s 3c Jh"}\n' in drill.yaml
    assert "  - event: {dealer-exposes: Fay, card: 2}\n" in drill.yaml
    assert drill.ruling.answer["cards"] == [
        "Fay's exposed 3c is their upcard; their third card (Jh) was dealt face down"
    ]
    assert drill.ruling.answer["outcome"] == "third-card-down"


def test_irregularity_targets_refuse_online() -> None:
    with pytest.raises(GeneratorError) as err:
        generate("irr-premature", 1, preset="online")
    assert str(err.value) == (
        "the target irr-premature is for the presets roberts, wsop-cash, tda, not "
        "'online': choose one of those presets."
    )
    assert generate("irr-premature", 1).preset == "roberts"
