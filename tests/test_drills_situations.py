"""Issue 20: each drill target asks the situation it names, on 30 seeds per game and preset;
a river dealt face up with no betting left plays as dealt (the validator takes it)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tutor.drills import TARGETS, play_to_target
from tutor.drills.targets import takers
from tutor.scenarios import check_text, walk

SEEDS = 30
DATA = Path(__file__).resolve().parent / "data" / "drills"


def _cases(name: str) -> list[tuple[str, str, int]]:
    target = TARGETS[name]
    return [
        (game, preset, seed)
        for game in target.games
        for preset in target.presets
        for seed in range(SEEDS)
    ]


def test_a_premature_card_goes_only_to_the_next_player_in_dealing_order() -> None:
    for game, preset, seed in _cases("irr-premature"):
        moment = play_to_target("irr-premature", seed, preset=preset, game=game)
        hand = moment.table.hand
        first = next(
            hand.players[i].name for i in hand.order if not hand.players[i].folded
        )
        assert moment.question.prompt.endswith(
            f"card to {first}. What is the ruling?"
        ), (game, preset, seed, moment.question.prompt)
        assert moment.ruling.answer["rule"] == "irr.premature"


def test_community_card_asks_only_when_the_river_is_shared() -> None:
    answers = [
        play_to_target("community-card", seed, preset=preset, game=game).ruling.answer[
            "community"
        ]
        for game, preset, seed in _cases("community-card")
    ]
    assert set(answers) == {True}
    downs = [
        play_to_target("seventh-down", seed, preset=preset, game=game).ruling.answer[
            "community"
        ]
        for game, preset, seed in _cases("seventh-down")
    ]
    assert set(downs) == {False}


def test_split_hi_lo_is_a_split_never_a_scoop() -> None:
    for game, preset, seed in _cases("split-hi-lo"):
        ruling = play_to_target("split-hi-lo", seed, preset=preset, game=game).ruling
        assert len(takers(ruling)) >= 2, (game, preset, seed, ruling.answer)


@pytest.mark.slow
@pytest.mark.parametrize("name", list(TARGETS))
def test_every_target_hits_on_30_seeds_per_game_and_preset(name: str) -> None:
    for game, preset, seed in _cases(name):
        moment = play_to_target(name, seed, preset=preset, game=game)
        assert TARGETS[name].hit(moment.table, moment.ruling), (game, preset, seed)
        assert moment.question.kind == TARGETS[name].kind


def test_a_river_face_up_with_no_betting_left_plays_as_dealt() -> None:
    path = DATA / "irr-exposed-river-run-out.yaml"
    scenario, problems = check_text(path.read_text(encoding="utf-8"), path.name)
    assert problems == []
    assert scenario is not None
    result = walk(scenario)[-1]
    assert result.ruling is not None
    assert result.ruling.answer["outcome"] == "plays-as-dealt"
    assert result.ruling.explanation == (
        "Gus's seventh card was dealt face up, but no betting action remains on the "
        "hand: the card plays as dealt. Rulebook: TDA RP-10-B."
    )
