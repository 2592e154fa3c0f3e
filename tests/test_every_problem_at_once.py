"""Every problem a scenario file has, in one pass (issue 21, "One problem at a time").

An ``expect`` that disagrees does not stop the replay (the engine's state does not depend
on it); after an action the engine refuses, the replay stops there and says so, and the
schema pass still checks the later steps' form, names and cards. A problem in a field the
replay does not read (the title, the topic) leaves the hand to be replayed; a problem in
the table (stakes, seats, the game) leaves nothing to replay.
"""

from __future__ import annotations

import io
from pathlib import Path

from helpers.scenarios import problems

from tutor.cli import main
from tutor.scenarios import check_text
from tutor.scenarios.validate import read_draft

HAND = """\
id: three-mistakes
title: Three mistakes at once
topic: bring-in
level: 2
game: stud8
rules: online
stakes: {small_bet: 2, big_bet: 4, ante: 0.25}
seats:
  - {seat: 1, name: Ana, stack: 100, cards: "Ah Kd 2h 7h 9c Js 3d"}
  - {seat: 3, name: Bo, stack: 100, cards: "5s 6d 2c 8d Tc 4h Qd"}
  - {seat: 5, name: Cy, stack: 100, cards: "9s 9d Qh 8c 3c 2s 5h"}
steps:
  - ask: bring-in
    expect: {player: Cy, amount: 1}
  - act: Bo brings in
  - ask: legal-actions
    expect: {player: Cy}
  - act: [Cy checks]
  - act: [Cy completes, Ana calls, Bo calls]
  - ask: pot
    expect: {pot: 99}
  - act: [Ana rases 4]
  - act: Dee calls
  - ask: best-high
    player: Ana
    expect: {cards: [Ah, Kx, 2h, 7h, 9c]}
"""

WRONG_EXPECT = (
    'x.yaml:14:13: steps[0].expect: the engine answers {"player": "Bo", "seat": 3, '
    '"card": "2c", "amount": 1} but the file expects {"player": "Cy", "amount": '
    "1}: correct the expect (or remove it). The engine's reason: Bo's door card 2c is the "
    "lowest showing (others: 2h, Qh); the ace counts high; against 2h of the same rank the "
    "suit decides, clubs lowest, then diamonds, hearts, spades. The bring-in is 1 (half the "
    "small bet, by default)."
)
REFUSED = (
    "x.yaml:18:11: steps[3].act[0]: 'Cy checks' is not allowed: Cy faces a wager of 1 and "
    "must call 1, raise or fold (round.end). Cy may: fold; call 1; complete 2."
)
TYPO = (
    "x.yaml:22:11: steps[6].act[0]: 'Ana rases 4' is not an action: write one of <name> "
    "folds, <name> checks, <name> calls [N], <name> brings in [N], <name> completes [N], "
    "<name> bets [N], <name> raises [N] (N is a call's added chips, or the player's total "
    "for the round after a bet, raise or completion)."
)
NOBODY = (
    "x.yaml:23:10: steps[7].act: 'Dee calls' names 'Dee', who is not at this table: the "
    "players are Ana, Bo, Cy."
)
NOT_A_CARD = (
    "x.yaml:26:26: steps[8].expect.cards[1]: 'Kx' is not a card: write a rank 2-9, T, J, Q, "
    "K, A (or 10) and a suit c, d, h, s, as in 'Ah', 'td' or '10d'."
)


def test_a_wrong_expect_an_illegal_action_and_a_typo_in_one_pass() -> None:
    # The pot ask after the refused action is not replayed: the hand cannot get there.
    assert problems(HAND) == [WRONG_EXPECT, REFUSED, TYPO, NOBODY, NOT_A_CARD]


def test_tutor_validate_prints_them_all_at_their_lines(tmp_path: Path) -> None:
    path = tmp_path / "x.yaml"
    path.write_text(HAND, encoding="utf-8")
    out = io.StringIO()
    assert main(["validate", str(path)], out=out) == 1
    lines = out.getvalue().splitlines()
    assert [line.split(": ", 1)[0].rsplit(":", 2)[-2:] for line in lines[:-1]] == [
        ["14", "13"],
        ["18", "11"],
        ["22", "11"],
        ["23", "10"],
        ["26", "26"],
    ]
    assert lines[-1] == "1 file checked, 1 failed"


def test_expects_that_disagree_do_not_stop_the_replay() -> None:
    text = HAND.replace("  - act: [Cy checks]\n", "").replace(
        "expect: {player: Cy}", "expect: {player: Ana}"
    )
    found = problems(text)
    assert [p.split(": ", 2)[1] for p in found] == [
        "steps[0].expect",
        "steps[2].expect",
        "steps[4].expect",  # the pot, replayed now that nothing is refused before it
        "steps[5].act[0]",
        "steps[6].act",
        "steps[7].expect.cards[1]",
    ]
    assert found[1].startswith(
        'x.yaml:17:13: steps[2].expect: the engine answers {"player": "Cy", '
    )
    assert found[2].startswith(
        'x.yaml:20:13: steps[4].expect: the engine answers {"pot": 6.75} but the file '
        'expects {"pot": 99}'
    )


def test_a_broken_ask_is_skipped_and_the_asks_after_it_are_replayed() -> None:
    text = HAND.replace("  - act: [Cy checks]\n", "").replace(
        "expect: {player: Cy}", "expect: {player: Boo}"
    )
    found = problems(text)
    assert [p.split(": ", 2)[1] for p in found] == [
        "steps[0].expect",
        "steps[2].expect.player",  # the name; the ask is not replayed as well
        "steps[4].expect",
        "steps[5].act[0]",
        "steps[6].act",
        "steps[7].expect.cards[1]",
    ]
    assert found[1] == (
        "x.yaml:17:22: steps[2].expect.player: 'Boo' is not at this table: the players "
        "are Ana, Bo, Cy; did you mean 'Bo'?"
    )


def test_a_broken_action_stops_the_replay_but_not_the_checks_of_later_steps() -> None:
    # Bo's action misspelt: the hand cannot be played past it, so the pot (wrong) is not
    # replayed; the later steps' form, names and cards are still checked.
    text = HAND.replace("  - act: Bo brings in\n", "  - act: Bo brings inn\n")
    found = problems(text)
    assert [p.split(": ", 2)[1] for p in found] == [
        "steps[0].expect",
        "steps[1].act",
        "steps[6].act[0]",
        "steps[7].act",
        "steps[8].expect.cards[1]",
    ]
    draft, _ = read_draft(text, "x.yaml")
    assert draft.scenario is not None
    assert (draft.stop_at, dict(draft.broken)) == (
        1,
        {1: "act", 6: "act", 7: "act", 8: "ask"},
    )


def test_a_typo_outside_the_table_leaves_the_hand_to_replay() -> None:
    text = HAND.replace("topic: bring-in", "topic: bring-inn").replace(
        "title: Three", "titel: Three"
    )
    found = problems(text)
    assert found[:3] == [
        "x.yaml:1:1: scenario needs the key 'title': add 'title: ...'.",
        "x.yaml:2:1: unknown key 'titel' in scenario: the allowed keys are id, title, "
        "topic, level, game, rules, house, stakes, button, seats, community, start, steps; "
        "did you mean 'title'?",
        "x.yaml:3:8: topic: expected one of ante, buy-in, deal, bring-in, betting-limits, "
        "pair-on-fourth, first-to-act, raise-cap, community-river, low-qualification, "
        "showdown, split-pot, side-pots, irregularities but got 'bring-inn'; did you mean "
        "'bring-in'?",
    ]
    assert found[3:] == [WRONG_EXPECT, REFUSED, TYPO, NOBODY, NOT_A_CARD]


def test_a_problem_in_the_table_leaves_nothing_to_replay() -> None:
    for old, new, first in (
        (
            "small_bet: 2",
            "small_bet: -2",
            "x.yaml:7:21: stakes.small_bet: -2 is negative: amounts are more than 0.",
        ),
        (
            "stakes: {",
            "stake: {",  # a misspelt table key: no stakes to play with
            "x.yaml:1:1: scenario needs the key 'stakes': add 'stakes: ...'.",
        ),
        (
            "name: Cy",
            "name: Bo",
            "x.yaml:11:21: seats[2].name: the name 'Bo' is already used by seats[1]: give "
            "each player a different name.",
        ),
    ):
        found = problems(HAND.replace(old, new))
        assert found[0] == first, old
        # No replay: nothing the engine says, only the file's own problems.
        assert not [p for p in found if "the engine" in p or "is not allowed" in p], old
        assert TYPO.split(": ", 1)[1] in [p.split(": ", 1)[1] for p in found], old


def test_a_file_without_problems_is_still_the_scenario() -> None:
    fine = "\n".join(
        line
        for line in HAND.replace(
            "expect: {player: Cy, amount: 1}", "expect: {amount: 1}"
        )
        .replace("  - act: [Cy checks]\n", "")
        .replace("expect: {pot: 99}", "expect: {pot: 6.75}")
        .splitlines()
        if "rases" not in line and "Dee" not in line
    ).split("  - ask: best-high")[0]
    scenario, found = check_text(fine + "\n", "x.yaml")
    assert found == [] and scenario is not None
    assert scenario.id == "three-mistakes"
