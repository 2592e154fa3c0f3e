"""A game is data: a fourth game, Stud Hi/Lo nine-or-better, defined here and nowhere in
``tutor/``, runs through the validator, the replay, every ask kind, the templates, the
drills' generator and the progress store, and its rulings are right (worked by hand below).

The variant is registered for each test and taken out after it, so no other test sees it.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterator
from decimal import Decimal as D
from pathlib import Path

import pytest
from helpers.store import record

from tutor.asks import ASKS, check_answer
from tutor.drills import TARGETS, generate
from tutor.engine.cards import parse_cards
from tutor.engine.errors import TableError
from tutor.engine.hands import best_low, low_hand
from tutor.engine.rules import (
    GAME_LABELS,
    GAMES,
    HIGH,
    PRESETS,
    VARIANTS,
    Game,
    Half,
    Ranking,
    Variant,
    games_where,
    house_rules,
    register_variant,
    unregister_variant,
)
from tutor.progress import ProgressStore
from tutor.scenarios import answer_scenario, check_text, walk
from tutor.scenarios.templates import template, template_topics

NINE_OR_BETTER = Half(Ranking.ACE_TO_FIVE, 9)
#: Stud Hi/Lo nine-or-better: stud8's description with another qualifier, and nothing else.
STUD9 = dataclasses.replace(
    VARIANTS[Game.STUD8],
    game="stud9",
    title="Seven Card Stud Hi/Lo (nine or better)",
    label="Stud Hi/Lo 9",
    halves=(HIGH, NINE_OR_BETTER),
)


@pytest.fixture
def stud9() -> Iterator[Variant]:
    variant = register_variant(STUD9)
    try:
        yield variant
    finally:
        unregister_variant("stud9")


# The worked hand. Ana's low is 9-7-4-3-2: nine or better, but not eight or better.
# Bo makes aces and queens; Cy jacks and tens. Cy's 2d is the lowest door: Cy brings in.
# Pot: antes 3; third street 1 x 3 = 6; fourth 2 x 3 = 12 (roberts: no big bet on
# Bo's open queens in a split game); fifth checked; sixth Bo bets 4, Ana raises to 8,
# all call = 36; seventh checked. High 18 to Bo, low 18 to Ana.
HAND = """\
id: stud9-worked-hand
title: A nine-or-better low
topic: split-pot
level: 3
game: stud9
rules: roberts
stakes: {small_bet: 2, big_bet: 4, ante: 1}
seats:
  - {seat: 1, name: Ana, stack: 100, cards: "9c 7d 4h 3s 2c Kd Kh"}
  - {seat: 2, name: Bo, stack: 100, cards: "Ac Ad Qs Qd 8s 8h 5c"}
  - {seat: 3, name: Cy, stack: 100, cards: "Jc Js 2d 6d Th Tc 9h"}
steps:
  - ask: ante
    expect: {each: 1, total: 3}
  - ask: buy-in
    expect: {minimum: 20}
  - ask: bring-in
    expect: {player: Cy, seat: 3, card: 2d, amount: 1}
  - act: Cy brings in
  - ask: next-to-act
    expect: {player: Ana, seat: 1}
  - ask: legal-actions
    expect: {player: Ana, actions: [fold, call 1, complete 2]}
  - act: [Ana calls, Bo calls]
  - ask: first-to-act
    expect: {player: Bo, seat: 2}
  - ask: bet-sizes
    expect: {sizes: [2]}
  - act: [Bo bets 2, Cy calls, Ana calls]
  - ask: pot
    expect: {pot: 12}
  - act: [Bo checks, Cy checks, Ana checks]
  - act: [Bo bets 4, Cy calls, Ana raises 8]
  - ask: raises-left
    expect: {raises_left: 2}
  - act: [Bo calls, Cy calls]
  - ask: community-card
    expect: {community: false}
  - act: [Bo checks, Cy checks, Ana checks]
  - ask: best-high
    player: Bo
    expect: {category: two pair, ranks: [A, A, Q, Q, "8"]}
  - ask: best-low
    player: Ana
    expect: {low: 9-7-4-3-2}
  - ask: low-qualifies
    player: Ana
    expect: {qualifies: true}
  - ask: low-qualifies
    player: Cy
    expect: {qualifies: false}
  - ask: high-winner
    expect: {players: [Bo]}
  - ask: low-winner
    expect: {players: [Ana]}
  - ask: showdown-order
    expect: {player: Bo}
  - ask: side-pots
    expect: {pots: [36]}
  - ask: award
    expect: {payouts: {Bo: 18, Ana: 18}, rake: 0}
"""

# The exposed hole card on the deal, under roberts: Ana's 9c becomes her upcard and her
# door card (4h) goes down; Cy's 2d is still the lowest door.
EVENT = """\
id: stud9-exposed-hole
title: A hole card exposed in a nine-or-better game
topic: irregularities
level: 4
game: stud9
rules: roberts
stakes: {small_bet: 2, big_bet: 4, ante: 1}
seats:
  - {seat: 1, name: Ana, stack: 100, cards: "9c 7d 4h"}
  - {seat: 2, name: Bo, stack: 100, cards: "Ac Ad Qs"}
  - {seat: 3, name: Cy, stack: 100, cards: "Jc Js 2d"}
steps:
  - event: {dealer-exposes: Ana, card: 1}
  - ask: ruling
    expect:
      outcome: third-card-down
      rule: irr.exposed-hole
      reference: Robert's Rules, stud rule 5
      basis: J
      continues: true
      next_player: Cy
      next_actions: [bring in 1, complete 2]
"""


def test_the_game_is_in_every_list_while_registered_and_gone_after(
    stud9: Variant,
) -> None:
    assert stud9.game is Game("stud9")
    assert list(GAMES) == ["stud8", "stud", "razz", "stud9"]
    assert GAME_LABELS["stud9"] == "Stud Hi/Lo 9"
    assert "stud9" in games_where(lambda v: v.split)
    unregister_variant("stud9")
    try:
        assert "stud9" not in GAMES and "stud9" not in VARIANTS
        with pytest.raises(ValueError, match="'stud9' is not a game"):
            Game("stud9")
    finally:
        register_variant(STUD9)


def test_the_open_pair_follows_the_split_games_in_every_preset(stud9: Variant) -> None:
    # The presets set the open pair apart for split games (stud8): stud9 is one.
    for preset in PRESETS:
        assert (
            house_rules(preset, "stud9").open_pair_option
            == house_rules(preset, "stud8").open_pair_option
        ), preset
    assert [house_rules(p, "stud9").open_pair_option for p in PRESETS] == [
        True,
        False,
        False,
        False,
    ]
    assert [house_rules(p, "stud").open_pair_option for p in PRESETS] == [
        True,
        True,
        True,
        False,
    ]


def test_the_nine_is_a_qualifier_of_the_game_not_of_the_hand_evaluator() -> None:
    cards = parse_cards("9c 7d 4h 3s 2c Kd Kh")
    assert best_low(cards) is None
    low = best_low(cards, 9)
    assert low is not None and low.text == "9-7-4-3-2" and low.value == 0x97432
    assert low_hand(NINE_OR_BETTER, cards) == low
    eight = parse_cards("8c 7d 4h 3s 2c 9d 9h")
    assert low_hand(NINE_OR_BETTER, eight).text == "8-7-4-3-2"  # type: ignore[union-attr]
    assert low_hand(NINE_OR_BETTER, parse_cards("Tc 9d 8h 7s 7c Kd Kh")) is None


def test_the_validator_and_the_replay_play_the_worked_hand(stud9: Variant) -> None:
    scenario, problems = check_text(HAND, "stud9.yaml")
    assert problems == [] and scenario is not None
    results = walk(scenario)
    award = [r for r in results if r.kind == "ask"][-1].ruling
    assert award is not None
    assert award.answer == {"payouts": {"Ana": D(18), "Bo": D(18)}, "rake": D(0)}
    assert award.rules == ("hand.high", "hand.low", "split.halves")
    assert award.explanation == (
        "The main pot of 36 is split in half: high 18 to Bo with two pair, aces and queens "
        "with an eight; low 18 to Ana with 9-7-4-3-2."
    )
    best = next(r for r in results if r.ask and r.ask.kind == "best-low").ruling
    assert best is not None and best.explanation == (
        "Ana's best low is 9-7-4-3-2, using 9c 7d 4h 3s 2c: five different ranks of nine or "
        "lower, the ace counting low; straights and flushes do not count against it."
    )
    none = [r for r in results if r.ask and r.ask.kind == "low-qualifies"][1].ruling
    assert none is not None and none.explanation == (
        "Cy has only 3 different ranks of nine or lower (2, 6, 9); a low needs five, so "
        "there is no low. Paired cards count once."
    )


def test_every_ask_kind_is_asked_of_the_new_game(stud9: Variant) -> None:
    both = [HAND, EVENT]
    kinds = set()
    for text in both:
        scenario, problems = check_text(text, "stud9.yaml")
        assert problems == [] and scenario is not None
        kinds |= {s.ask.kind for s in scenario.steps if s.ask is not None}
    assert kinds == set(ASKS)


def test_the_irregularity_ruling_in_the_new_game(stud9: Variant) -> None:
    scenario, problems = check_text(EVENT, "stud9-irr.yaml")
    assert problems == [] and scenario is not None
    [event, ask] = walk(scenario)
    assert [c.text if c else "??" for c in event.hand.players[0].cards] == [
        "7d",
        "4h",
        "9c",
    ]
    assert ask.ruling is not None and ask.ruling.answer["cards"] == [
        "Ana's exposed 9c is their upcard; their third card (4h) was dealt face down"
    ]


def test_the_quiz_checks_a_learners_answers_in_the_new_game(stud9: Variant) -> None:
    scenario, _ = check_text(HAND, "stud9.yaml")
    assert scenario is not None
    rulings = {
        (r.ask.kind, r.ask.player): r.ruling
        for r in walk(scenario)
        if r.ask is not None
    }
    best_low_ruling = rulings[("best-low", "Ana")]
    assert best_low_ruling is not None
    assert check_answer(
        "best-low", {"cards": ["9c", "7d", "4h", "3s", "2c"]}, best_low_ruling
    ).correct
    assert not check_answer("best-low", {"no_low": True}, best_low_ruling).correct
    assert check_answer(
        "award", {"payouts": {"Ana": 18, "Bo": 18}, "rake": 0}, rulings[("award", None)]
    ).correct  # type: ignore[arg-type]
    no_low = rulings[("low-qualifies", "Cy")]
    assert no_low is not None
    assert check_answer("low-qualifies", {"qualifies": False}, no_low).correct
    assert [s.key for s in ASKS["best-low"].slots("flag", variant=stud9)] == ["no_low"]


def test_tutor_answer_json_for_the_new_game(stud9: Variant) -> None:
    scenario, _ = check_text(HAND, "stud9.yaml")
    assert scenario is not None
    out = answer_scenario(scenario)
    assert out["id"] == "stud9-worked-hand"
    assert out["answers"][-1]["answer"] == {"payouts": {"Bo": 18, "Ana": 18}, "rake": 0}
    json.dumps(out)


def test_the_same_hand_in_stud8_has_no_low_for_ana(stud9: Variant) -> None:
    # Eight or better, Ana's 9-7-4-3-2 is no low: every ask about the low disagrees, and
    # Bo's two pair takes the whole pot (36).
    _, problems = check_text(HAND.replace("game: stud9", "game: stud8"), "x.yaml")
    assert [p.message.split(": the engine answers ")[0] for p in problems] == [
        "steps[18].expect",
        "steps[19].expect",
        "steps[22].expect",
        "steps[25].expect",
    ]
    assert [(p.line, p.column) for p in problems][0] == (45, 13)
    assert problems[0].message == (
        'steps[18].expect: the engine answers {"player": "Ana", "low": null} but the file '
        'expects {"low": "9-7-4-3-2"}: correct the expect (or remove it). The engine\'s '
        "reason: Ana has only 4 different ranks of eight or lower (2, 3, 4, 7); a low needs "
        "five, so there is no low. Paired cards count once."
    )
    assert problems[-1].message.startswith(
        'steps[25].expect: the engine answers {"payouts": {"Bo": 36}, "rake": 0} but the '
        'file expects {"payouts": {"Bo": 18, "Ana": 18}, "rake": 0}'
    )


def test_every_template_of_the_new_game_is_valid(stud9: Variant) -> None:
    topics = template_topics("stud9")
    assert topics == template_topics("stud8")
    for topic in topics:
        text = template(topic, "stud9")
        assert "game: stud9" in text and "stud9 (Stud Hi/Lo 9)" in text
        scenario, problems = check_text(text, f"{topic}.yaml")
        assert problems == [], (topic, problems)


def test_the_drills_generate_the_new_game(stud9: Variant) -> None:
    mine = [t for t in TARGETS.values() if "stud9" in t.games]
    # Every target of the split game stud8 is one of stud9's too.
    assert {t.name for t in mine} == {
        t.name for t in TARGETS.values() if "stud8" in t.games
    }
    for target in mine:
        drill = generate(target.name, 3, game="stud9", preset=target.presets[-1])
        assert drill.scenario.game == "stud9", target.name
        assert "game: stud9" in drill.yaml


def test_the_progress_store_keeps_answers_of_the_new_game(
    stud9: Variant, tmp_path: Path
) -> None:
    with ProgressStore(f"sqlite:///{tmp_path / 'p.sqlite3'}") as store:
        ana = store.create_learner("Ana")
        record(store, ana, game="stud9", preset="roberts")
        [saved] = store.answers(ana)
        assert (saved.game, saved.correct) == ("stud9", True)


def test_an_unknown_game_is_still_refused_with_the_games_listed(stud9: Variant) -> None:
    with pytest.raises(TableError) as info:
        house_rules("online", "stud10")
    assert info.value.said is not None
    assert info.value.said.params["games"] == ("stud8", "stud", "razz", "stud9")
    _, problems = check_text(HAND.replace("game: stud9", "game: stud10"), "x.yaml")
    assert [p.message for p in problems] == [
        "game: expected one of stud8, stud, razz, stud9 but got 'stud10'; did you mean "
        "'stud'?"
    ]
