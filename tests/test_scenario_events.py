"""Event steps (irregularities) and the ruling ask: located errors, answers, the schema."""

from __future__ import annotations

import io
import json
from collections import defaultdict
from contextlib import redirect_stdout
from pathlib import Path

from helpers.scenarios import problems as checked

from tutor.cli import main
from tutor.engine.rules import RULE_IDS
from tutor.scenarios import load_bank
from tutor.scenarios.schema import json_schema

ROOT = Path(__file__).resolve().parent.parent
IRR_DIR = ROOT / "scenarios" / "irregularities"

BASE = """\
id: irr-test
title: Test
topic: irregularities
level: 3
game: stud
rules: roberts
stakes: {small_bet: 10, big_bet: 20, ante: 1, bring_in: 5}
seats:
  - {seat: 1, name: Ana, cards: "Ac Ad Kd"}
  - {seat: 2, name: Bo, cards: "3c 3d 7h"}
  - {seat: 3, name: Cy, cards: "2c Qs 8h"}
steps:
"""


EVENTS = (
    "dealer-exposes, door-down, off-table, player-shows, first-card-to, extra-card, "
    "fouled-deck, wrong-count, premature, no-burn, double-burn, burn-exposed, "
    "wrong-bring-in, wrong-opener, out-of-turn, chips, says, fold-no-bet, river-exposed"
)


def problems(steps: str, base: str = BASE) -> list[str]:
    return checked(base + steps, "s.yaml")


def test_event_and_ruling_replay() -> None:
    assert (
        problems(
            "  - event: {dealer-exposes: Cy, card: 1}\n"
            "  - ask: ruling\n"
            "    expect: {outcome: third-card-down, next_player: Cy}\n"
            "  - act: Cy brings in\n"
        )
        == []
    )


def test_online_refuses_a_dealer_error_where_the_event_is() -> None:
    text = BASE.replace("rules: roberts", "rules: online")
    assert problems("  - event: {dealer-exposes: Cy, card: 1}\n", text) == [
        (
            "s.yaml:13:29: steps[0].event.dealer-exposes: software deals: this irregularity "
            "cannot occur online (irr.online)."
        )
    ]


def test_unknown_event_with_suggestion() -> None:
    assert problems("  - event: {dealer-expose: Cy, card: 1}\n") == [
        (
            "s.yaml:13:13: steps[0].event: an event names exactly one irregularity (one of "
            f"{EVENTS}), and 'dealer-expose' is not one; did you mean 'dealer-exposes'?"
        )
    ]


def test_two_irregularities_in_one_event() -> None:
    assert problems("  - event: {premature: Ana, no-burn: fourth}\n") == [
        (
            "s.yaml:13:29: steps[0].event: an event names exactly one irregularity (one of "
            f"{EVENTS}), and it names 2 (premature, no-burn)."
        )
    ]


def test_key_the_event_does_not_take() -> None:
    assert problems("  - event: {dealer-exposes: Cy, seen: true}\n") == [
        (
            "s.yaml:13:33: steps[0].event.seen: unknown key 'seen' in a dealer-exposes "
            "event: it takes only card."
        )
    ]


def test_unknown_player_in_an_event_is_located() -> None:
    assert problems("  - event: {dealer-exposes: [Cy, Dot], card: [1, 2]}\n") == [
        (
            "s.yaml:13:34: steps[0].event.dealer-exposes[1]: 'Dot' is not at this table: "
            "the players are Ana, Bo, Cy."
        )
    ]


def test_bad_card_number_is_located() -> None:
    found = problems("  - event: {dealer-exposes: Cy, card: 9}\n")
    assert found == [
        "s.yaml:13:39: steps[0].event.card: expected a whole number from 1 to 7 but got 9."
    ]


def test_out_of_turn_action_naming_nobody() -> None:
    assert problems("  - event: {out-of-turn: Dot bets 10}\n") == [
        (
            "s.yaml:13:26: steps[0].event.out-of-turn: 'Dot bets 10' names 'Dot', who is not "
            "at this table: the players are Ana, Bo, Cy."
        )
    ]


def test_engine_refusal_inside_an_event_is_located() -> None:
    assert problems("  - event: {wrong-bring-in: Bo, acts: [Bo brings in]}\n") == [
        (
            "s.yaml:13:29: steps[0].event.wrong-bring-in: Bo is the right player: there is "
            "no error to rule on."
        )
    ]


def test_a_step_with_event_and_act() -> None:
    assert problems("  - {event: {fouled-deck: true}, act: Bo brings in}\n") == [
        (
            "s.yaml:13:5: steps[0]: a step is one of act:, ask: or event:, not two: split "
            "it into steps."
        )
    ]


def test_ruling_ask_without_an_event() -> None:
    assert problems("  - ask: ruling\n") == [
        (
            "s.yaml:13:5: steps[0]: the engine cannot answer this ruling ask here: there is "
            "no irregularity to rule on yet: put an event step (what went wrong) before a "
            "ruling ask."
        )
    ]


def test_ruling_expect_disagreeing_is_reported_with_the_reason() -> None:
    found = problems(
        "  - event: {dealer-exposes: Cy, card: 1}\n"
        "  - ask: ruling\n"
        "    expect: {outcome: misdeal}\n"
    )
    assert len(found) == 1
    assert found[0].startswith(
        's.yaml:15:13: steps[1].expect: the engine answers {"outcome": "third-card-down"'
    )
    assert "Judgement: the rulebook (Robert's Rules, stud rule 5) is silent" in found[0]


def test_after_a_misdeal_nothing_more_is_played() -> None:
    found = problems(
        "  - event: {fouled-deck: true}\n"
        "  - ask: ruling\n"
        "    expect: {outcome: hand-void, chips_back: {Ana: 1, Bo: 1, Cy: 1}}\n"
        "  - act: Bo brings in\n"
    )
    assert found == [
        (
            "s.yaml:16:10: steps[2].act: 'Bo brings in': the hand was voided (irr.misdeal): "
            "nothing more is played; the same players are re-dealt."
        )
    ]


def test_answer_json_answers_a_ruling_for_every_irr_rule_id() -> None:
    bank = load_bank([IRR_DIR])
    assert bank.problems == []
    answered: dict[str, list[str]] = defaultdict(list)
    for scenario in bank.scenarios:
        out = io.StringIO()
        with redirect_stdout(out):
            assert main(["answer", "--json", scenario.path]) == 0
        for item in json.loads(out.getvalue())["answers"]:
            if item["kind"] == "ruling":
                for rule_id in item["rules"]:
                    answered[rule_id].append(scenario.id)
                assert item["answer"]["basis"] in ("S", "S2", "J")
                assert item["answer"]["reference"]
    irr = [r for r in RULE_IDS if r.startswith("irr.")]
    assert sorted(r for r in answered if r in irr) == sorted(irr)
    assert len(bank.scenarios) >= 30


def test_every_rule_continues_the_hand_in_some_scenario() -> None:
    bank = load_bank([IRR_DIR])
    continued: set[str] = set()
    for s in bank.scenarios:
        kinds = [step.kind for step in s.steps]
        if "event" in kinds and "act" in kinds[kinds.index("event") :]:
            from tutor.scenarios.replay import replay_scenario

            for result in replay_scenario(s):
                if result.ruling is not None and result.ruling.kind == "ruling":
                    continued.update(result.ruling.rules)
    irr = {r for r in RULE_IDS if r.startswith("irr.")}
    assert irr - continued == set()


def test_schema_accepts_every_irregularity_scenario() -> None:
    import jsonschema
    import yaml

    validator = jsonschema.Draft202012Validator(json_schema())
    for path in sorted(IRR_DIR.glob("*.yaml")):
        assert list(validator.iter_errors(yaml.safe_load(path.read_text()))) == [], path
    bad = yaml.safe_load((IRR_DIR / "irr-premature-roberts.yaml").read_text())
    bad["steps"][1]["event"]["card"] = 1  # premature takes no card
    assert len(list(validator.iter_errors(bad))) == 1


def test_every_irregularity_of_the_engine_has_its_event_in_the_format() -> None:
    """One entry per kind: the engine's (IRREGULARITIES: rule, ruler, what its value names)
    and the format's (EVENT_KINDS: the value's spec, its other keys), by the same name."""
    from tutor.engine.irregularities import IRREGULARITIES, KINDS
    from tutor.scenarios.fields import EVENT_KINDS, EVENT_MODIFIERS

    assert list(EVENT_KINDS) == list(IRREGULARITIES) == list(KINDS)
    for name, (_, keys, description) in EVENT_KINDS.items():
        assert set(keys) <= set(EVENT_MODIFIERS) and description, name
    assert {k.value for k in IRREGULARITIES.values()} == {
        "players",
        "actions",
        "street",
        "text",
        "flag",
    }
