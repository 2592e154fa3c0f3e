"""The replay pass: illegal steps, expect checks, walk snapshots and the ``tutor answer`` object."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest
from helpers.scenarios import problems as checked

from tutor.engine import Hand, Street
from tutor.scenarios import (
    ScenarioFileError,
    agrees,
    answer_scenario,
    check_text,
    load_bank,
    load_scenario,
    scenario_to_setup,
    walk,
)

DATA = Path(__file__).parent / "data" / "scenarios"
HAND = (DATA / "full-hand.yaml").read_text()


def replay_problems(text: str) -> list[str]:
    return checked(text, "h.yaml")


def edit(old: str, new: str, text: str = HAND) -> str:
    assert old in text, old
    return text.replace(old, new, 1)


def test_full_hand_replays_and_agrees_with_every_expect() -> None:
    scenario, problems = check_text(HAND, "h.yaml")
    assert problems == [] and scenario is not None


def test_out_of_turn_names_step_and_rule() -> None:
    assert replay_problems(edit("  - act: Ana brings in\n", "  - act: Bo calls\n")) == [
        (
            "h.yaml:20:10: steps[3].act: 'Bo calls' is out of turn: it is Ana's turn to act on "
            "third street (act.third)."
        )
    ]


def test_raise_over_the_cap_located_at_the_action_in_the_list() -> None:
    text = edit(
        "  - act: [Bo bets, Cy calls, Ana calls]",
        "  - act: [Bo bets, Cy raises, Ana raises, Bo raises, Cy raises]",
    )
    assert replay_problems(text) == [
        (
            "h.yaml:35:54: steps[12].act[4]: 'Cy raises' is not allowed: the betting is capped: one "
            "bet and 3 raises have been made under online (cap.raises). Cy may: fold; call 8."
        )
    ]


def test_wrong_amount() -> None:
    text = edit(
        "  - act: [Bo bets, Cy calls, Ana calls]", "  - act: [Bo bets, Cy raises 6]"
    )
    assert replay_problems(text) == [
        (
            "h.yaml:35:20: steps[12].act[1]: 'Cy raises 6' is not allowed: a raise now makes it 8, "
            "not 6 (limit.big)."
        )
    ]


def test_action_after_the_hand_is_over() -> None:
    assert replay_problems(HAND + "  - act: Ana checks\n") == [
        (
            "h.yaml:60:10: steps[23].act: 'Ana checks': the hand is over, the pot has been awarded "
            "(round.end)."
        )
    ]


def test_replay_stops_at_the_first_illegal_step() -> None:
    text = (
        edit("  - act: Ana brings in\n", "  - act: Bo calls\n") + "  - act: Zed calls\n"
    )
    assert [p.split(": ")[0] for p in replay_problems(text.replace("Zed", "Cy"))] == [
        "h.yaml:20:10"
    ]


def test_expect_mismatch_shows_both_answers_as_json() -> None:
    text = edit(
        "expect: {player: Ana, seat: 1, card: 3H, amount: 1}",
        "expect: {player: Bo, amount: 1}",
    )
    assert replay_problems(text) == [
        (
            'h.yaml:19:13: steps[2].expect: the engine answers {"player": "Ana", "seat": 1, "card": '
            '"3h", "amount": 1} but the file expects {"player": "Bo", "amount": 1}: correct the '
            "expect (or remove it). The engine's reason: Ana's door card 3h is the lowest showing "
            "(others: 7c, Jh); the ace counts high. The bring-in is 1 (half the small bet, by "
            "default)."
        )
    ]


def test_expect_amount_compared_exactly() -> None:
    text = edit("expect: {pot: 6}", "expect: {pot: 6.01}")
    assert replay_problems(text) == [
        (
            'h.yaml:34:13: steps[11].expect: the engine answers {"pot": 6} but the file expects '
            '{"pot": 6.01}: correct the expect (or remove it). The engine\'s reason: Every chip put '
            "in this hand, antes included: Ana 2 + Bo 2 + Cy 2 = 6."
        )
    ]


def test_engine_cannot_answer_with_unknown_cards() -> None:
    text = edit('"Kd Ks 7c Qs Qd 8h 2c"', '"?? ?? 7c Qs Qd 8h 2c"')
    # Every ask that needs Bo's hole cards, in one pass (an ask does not change the hand).
    assert replay_problems(text) == [
        (
            "h.yaml:48:5: steps[19]: the engine cannot answer this low-qualifies ask here: Bo's "
            "hand includes unknown cards (??): give all of Bo's cards to rule on it."
        ),
        (
            "h.yaml:51:5: steps[20]: the engine cannot answer this high-winner ask here: Bo's "
            "hand includes unknown cards (??): give all of Bo's cards to rule on it."
        ),
        (
            "h.yaml:53:5: steps[21]: the engine cannot answer this low-winner ask here: Bo's "
            "hand includes unknown cards (??): give all of Bo's cards to rule on it."
        ),
        (
            "h.yaml:55:5: steps[22]: the engine cannot answer this award ask here: the "
            "showdown needs every card of the players still in, and Bo's include unknown "
            "cards (??): give all their cards (hand.high)."
        ),
    ]


def test_award_asked_too_early() -> None:
    assert replay_problems(
        edit("  - ask: ante\n", "  - ask: award\n  - ask: ante\n")
    ) == [
        (
            "h.yaml:14:5: steps[0]: the engine cannot answer this award ask here: the pot is "
            "awarded at the end of the hand: ask for the award after the last betting round closes."
        )
    ]


def test_engine_refuses_the_table_located_at_the_field() -> None:
    assert replay_problems(edit("ante: 1}", "ante: 1, bring_in: 3}")) == [
        (
            "h.yaml:8:55: the engine cannot set up this table: stakes.bring_in must be more than 0 "
            "and at most the small bet (2), not 3 (bring-in.amount)."
        )
    ]


def test_agrees_rules() -> None:
    assert agrees({"cards": ["5d", "Ah"]}, {"cards": ["Ah", "5d"]})
    assert not agrees({"ranks": ["A", "5"]}, {"ranks": ["5", "A"]})
    assert agrees(
        {"payouts": {"Ana": Decimal("10.50")}},
        {"payouts": {"Ana": Decimal("10.5"), "Bo": Decimal(0)}},
    )
    assert not agrees(
        {"payouts": {"Ana": Decimal(10)}},
        {"payouts": {"Ana": Decimal(10), "Bo": Decimal(1)}},
    )
    assert agrees({"each": Decimal("1.00")}, {"each": Decimal(1)})
    assert not agrees({"each": Decimal("0.25")}, {"each": Decimal("0.26")})
    assert not agrees({"seat": 3}, {"player": "Bo"})
    assert agrees({"low": "5-4-3-2-a"}, {"low": "5-4-3-2-A"})


EXPECTED_ANSWERS = [
    (0, "ante", {"each": 1, "total": 3}, ["ante.post"]),
    (1, "buy-in", {"minimum": 20}, ["table.buy-in"]),
    (
        2,
        "bring-in",
        {"player": "Ana", "seat": 1, "card": "3h", "amount": 1},
        ["bring-in.who", "bring-in.amount"],
    ),
    (4, "next-to-act", {"player": "Bo", "seat": 3}, ["act.third", "round.end"]),
    (
        5,
        "legal-actions",
        {"player": "Bo", "actions": ["fold", "call 1", "complete 2"]},
        ["bring-in.complete"],
    ),
    (7, "first-to-act", {"player": "Bo", "seat": 3}, ["act.later"]),
    (8, "bet-sizes", {"sizes": [2]}, ["limit.small"]),
    (9, "raises-left", {"raises_left": 3}, ["cap.raises"]),
    (11, "pot", {"pot": 6}, ["ante.post"]),
    (14, "community-card", {"community": False}, ["river.community"]),
    (16, "showdown-order", {"player": "Bo", "seat": 3}, ["showdown.order"]),
    (
        17,
        "best-high",
        {
            "player": "Ana",
            "category": "straight",
            "ranks": ["5", "4", "3", "2", "A"],
            "cards": ["5d", "4c", "3h", "2h", "Ah"],
        },
        ["hand.high"],
    ),
    (18, "best-low", {"player": "Ana", "low": "5-4-3-2-A"}, ["hand.low"]),
    (19, "low-qualifies", {"player": "Bo", "qualifies": False}, ["hand.low"]),
    (20, "high-winner", {"players": ["Ana"]}, ["hand.high"]),
    (21, "low-winner", {"players": ["Ana"]}, ["hand.low"]),
    (
        22,
        "award",
        {"payouts": {"Ana": 26}, "rake": 0},
        ["hand.high", "hand.low", "split.halves"],
    ),
]


def test_answer_object_for_every_ask_kind() -> None:
    result = answer_scenario(load_scenario(DATA / "full-hand.yaml"))
    assert set(result) == {"id", "answers"} and result["id"] == "full-hand-every-ask"
    got = [(a["step"], a["kind"], a["answer"], a["rules"]) for a in result["answers"]]
    assert got == EXPECTED_ANSWERS
    assert all(
        set(a) == {"step", "kind", "answer", "explanation", "rules"}
        for a in result["answers"]
    )
    assert all(
        isinstance(a["explanation"], str) and a["explanation"]
        for a in result["answers"]
    )
    assert {a["kind"] for a in result["answers"]} == {
        "ante",
        "buy-in",
        "bring-in",
        "first-to-act",
        "next-to-act",
        "bet-sizes",
        "legal-actions",
        "raises-left",
        "pot",
        "community-card",
        "best-high",
        "best-low",
        "low-qualifies",
        "high-winner",
        "low-winner",
        "award",
        "showdown-order",
    }


def test_answer_amounts_are_json_numbers_never_decimal() -> None:
    text = edit("ante: 1}", "ante: 0.5}").replace("each: 1.00, total: 3", "each: 0.5")
    text = text.replace("expect: {pot: 6}", "expect: {pot: 4.5}")
    text = text.replace(
        "expect: {payouts: {Ana: 26, Bo: 0}, rake: 0}", "expect: {rake: 0}"
    )
    scenario, problems = check_text(text, "h.yaml")
    assert problems == [] and scenario is not None
    answers = answer_scenario(scenario)["answers"]
    assert answers[0]["answer"] == {"each": 0.5, "total": 1.5}
    assert type(answers[0]["answer"]["each"]) is float
    assert answers[-1]["answer"] == {"payouts": {"Ana": 24.5}, "rake": 0}


def test_walk_snapshots_each_step() -> None:
    scenario = load_scenario(DATA / "full-hand.yaml")
    results = walk(scenario)
    assert [r.index for r in results] == list(range(len(scenario.steps)))
    assert [r.kind for r in results[:4]] == ["ask", "ask", "ask", "act"]
    third, fourth = results[2], results[7]
    assert isinstance(third.hand, Hand) and third.hand is not fourth.hand
    assert (third.hand.street, third.hand.to_act) == (Street.THIRD, "Ana")
    assert (fourth.hand.street, fourth.hand.to_act) == (Street.FOURTH, "Bo")
    assert third.ruling is not None and third.ruling.answer["player"] == "Ana"
    assert (
        third.ask is not None
        and third.ask.kind == "bring-in"
        and third.operations == ()
    )
    act = results[6]
    assert (act.text, act.ask, act.ruling) == ("Bo calls, Cy calls", None, None)
    assert act.actions == ("Bo calls", "Cy calls")
    assert [op.text for op in act.operations][:2] == ["Bo calls 1", "Cy calls 1"]
    assert act.hand.street is Street.FOURTH
    assert (
        results[-1].ask is not None and results[-1].ask.hint == "Count the pot first."
    )
    assert results[-1].text == "Who takes what?"


def test_scenario_to_setup() -> None:
    setup = scenario_to_setup(load_scenario(DATA / "spec-example.yaml"))
    assert setup.rules.burn_cards is False and setup.rules.overridden == ("burn_cards",)
    assert setup.stakes.ante == Decimal("0.25") and setup.stakes.bring_in == Decimal(1)
    assert [s.name for s in setup.seats] == ["Ana", "Bo", "Cy"] and setup.start is None


def test_load_scenario_raises_with_every_problem(tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text("id: Bad\ntitle: x\n")
    with pytest.raises(ScenarioFileError) as info:
        load_scenario(path)
    assert [str(p).split(": ")[1] for p in info.value.problems] == [
        ("scenario needs the key 'topic'"),
        "scenario needs the key 'level'",
        "scenario needs the key 'stakes'",
        "scenario needs the key 'seats'",
        "scenario needs the key 'steps'",
        "id",
    ]
    assert (info.value.line, info.value.column) == (1, 1)


def test_bank_keeps_going_past_broken_files_and_refuses_duplicate_ids(
    tmp_path: Path,
) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "one.yaml").write_text(HAND)
    (tmp_path / "a" / "two.yml").write_text(HAND)
    (tmp_path / "b").mkdir()
    (tmp_path / "b" / "broken.yaml").write_text("id: [\n")
    (tmp_path / "ignored.txt").write_text("not a scenario")
    bank = load_bank([tmp_path])
    assert [s.id for s in bank.scenarios] == ["full-hand-every-ask"]
    assert bank.files == [
        str(tmp_path / "a" / "one.yaml"),
        str(tmp_path / "a" / "two.yml"),
        str(tmp_path / "b" / "broken.yaml"),
    ]
    assert bank.failed == [
        str(tmp_path / "a" / "two.yml"),
        str(tmp_path / "b" / "broken.yaml"),
    ]
    assert [str(p) for p in bank.problems] == [
        (
            f"{tmp_path / 'a' / 'two.yml'}:2:5: id: 'full-hand-every-ask' is already the id of "
            f"{tmp_path / 'a' / 'one.yaml'} (line 2): ids are unique across the bank; rename one of "
            "them."
        ),
        (
            f"{tmp_path / 'b' / 'broken.yaml'}:2:1: this is not valid YAML: did not find expected node "
            "content."
        ),
    ]
    assert bank.get("full-hand-every-ask") is bank.scenarios[0]
    assert bank.by_topic("showdown") == bank.scenarios


def test_scenario_files_walks_folders_once(tmp_path: Path) -> None:
    from tutor.scenarios import scenario_files

    (tmp_path / "b").mkdir()
    (tmp_path / ".hidden").mkdir()
    for name in ("b/z.yaml", "b/a.yml", "top.yaml", ".hidden/x.yaml", "notes.txt"):
        (tmp_path / name).write_text("id: x\n")
    (tmp_path / "b" / "loop").symlink_to(tmp_path)
    files = scenario_files([tmp_path, tmp_path / "top.yaml"])
    assert [p.relative_to(tmp_path).as_posix() for p in files] == [
        "top.yaml",
        "b/a.yml",
        "b/z.yaml",
    ]


COMMUNITY = (DATA / "community-needed.yaml").read_text()


def test_community_card_given_when_needed() -> None:
    scenario, problems = check_text(COMMUNITY, "c.yaml")
    assert problems == [] and scenario is not None
    assert answer_scenario(scenario)["answers"][0]["answer"] == {"community": True}


def test_missing_community_card_named_at_the_action_that_deals_it() -> None:
    assert replay_problems(COMMUNITY.replace("community: As\n", "")) == [
        (
            "h.yaml:22:88: steps[4].act[7]: after 'A4 checks' the next street is dealt, and "
            "seventh street is a community card here (river.community), but `community:` gives "
            "none: add the shared card."
        )
    ]


def test_start_on_seventh_with_a_community_card_not_needed() -> None:
    text = """\
id: needless-community
title: Two players on the river
topic: community-river
level: 4
start: {street: seventh}
community: 2c
stakes: {small_bet: 2, big_bet: 4, ante: 1}
seats:
  - {seat: 1, name: Ana, committed: 9, cards: "Ah 2h 3h 4c 5d 9s"}
  - {seat: 3, name: Bo, committed: 9, cards: "Kd Ks 7c Qs Qd 8h"}
steps:
  - ask: pot
"""
    assert replay_problems(text) == [
        (
            "h.yaml:6:12: community: `community:` gives a card, but here seventh street is dealt to "
            "each player (2 players will need a seventh card. 12 cards are out and 0 burn cards, so "
            "the stub holds 52 - 12 = 40. That is enough for 2 players: every player gets a seventh card "
            "of their own, face down.) (river.community): give each player a seventh card and "
            "remove `community:`."
        )
    ]


def test_scenarios_survive_pickling_for_the_app_cache() -> None:
    import pickle

    scenario = load_scenario(DATA / "full-hand.yaml")
    copy = pickle.loads(pickle.dumps(scenario))
    assert copy == scenario and copy.marks == scenario.marks
    assert answer_scenario(copy) == answer_scenario(scenario)
