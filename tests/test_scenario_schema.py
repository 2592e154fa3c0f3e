"""The schema pass: one test per kind of problem, asserting the exact message and its location."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest
from helpers.scenarios import problems as checked

from tutor.engine.cards import Card
from tutor.engine.rules import GAMES
from tutor.engine.rulings import ASK_KINDS
from tutor.scenarios import check_text
from tutor.scenarios.fields import DEFAULT_PROMPTS, EXPECT

DATA = Path(__file__).parent / "data" / "scenarios"

BASE = """\
id: two-deuces
title: Two deuces
topic: bring-in
level: 2
stakes: {small_bet: 2, big_bet: 4, ante: 0.25}
seats:
  - {seat: 1, name: Ana, cards: "Ah Kd 2h"}
  - {seat: 3, name: Bo, cards: "?? ?? 2c"}
steps:
  - ask: bring-in
"""


def edit(old: str, new: str, text: str = BASE) -> str:
    assert old in text, old
    return text.replace(old, new, 1)


def problems(text: str) -> list[str]:
    return checked(text, "s.yaml", replay=False)


def test_base_is_valid() -> None:
    assert problems(BASE) == []


def test_spec_example_loads_with_exact_values() -> None:
    scenario, found = check_text(
        (DATA / "spec-example.yaml").read_bytes(), "ex.yaml", replay=False
    )
    assert found == [] and scenario is not None
    assert scenario.stakes.ante == Decimal("0.25")
    assert str(scenario.stakes.ante) == "0.25"
    assert scenario.house == {"burn_cards": False}
    assert [s.name for s in scenario.seats] == ["Ana", "Bo", "Cy"]
    assert scenario.seats[1].cards == (None, None, Card.parse("2c"))
    assert scenario.seats[0].stack == Decimal(100) and scenario.seats[1].stack is None
    assert [(s.index, s.kind, s.line, s.column) for s in scenario.steps] == [
        (0, "ask", 17, 5),
        (1, "act", 20, 5),
        (2, "ask", 21, 5),
        (3, "act", 22, 5),
        (4, "ask", 23, 5),
    ]
    assert scenario.steps[0].ask is not None
    assert scenario.steps[0].ask.expect == {"player": "Bo", "amount": Decimal(1)}
    assert scenario.steps[0].expect_mark == (19, 13)
    assert scenario.steps[3].actions == ("Cy completes", "Ana calls", "Bo folds")
    assert scenario.steps[3].action_marks == ((22, 11), (22, 25), (22, 36))
    assert scenario.steps[2].text == DEFAULT_PROMPTS["legal-actions"]
    assert scenario.mark("seats[2].cards") == (14, 33)


def test_defaults() -> None:
    scenario, _ = check_text(BASE, "s.yaml", replay=False)
    assert scenario is not None
    assert (
        scenario.game,
        scenario.rules,
        scenario.button,
        scenario.community,
        scenario.start,
    ) == ("stud8", "online", None, None, None)


def test_every_ask_kind_has_an_answer_shape_and_a_prompt() -> None:
    assert set(EXPECT) == set(ASK_KINDS) == set(DEFAULT_PROMPTS)
    assert len(ASK_KINDS) == 19


def test_root_not_a_mapping() -> None:
    assert problems("- a\n- b\n") == [
        (
            "s.yaml:1:1: expected scenario (a mapping of id, title, topic, level, game, rules, "
            "house, stakes, button, seats, community, start, steps) but got a list."
        )
    ]


def test_unknown_top_level_key_with_suggestion() -> None:
    assert problems(edit("title: Two deuces", "titel: Two deuces")) == [
        "s.yaml:1:1: scenario needs the key 'title': add 'title: ...'.",
        (
            "s.yaml:2:1: unknown key 'titel' in scenario: the allowed keys are id, title, topic, "
            "level, game, rules, house, stakes, button, seats, community, start, steps; did you "
            "mean 'title'?"
        ),
    ]


def test_unknown_key_without_suggestion() -> None:
    assert problems(BASE + "colour: red\n") == [
        (
            "s.yaml:11:1: unknown key 'colour' in scenario: the allowed keys are id, title, topic, "
            "level, game, rules, house, stakes, button, seats, community, start, steps."
        )
    ]


def test_enum_with_suggestion() -> None:
    assert problems(BASE + "game: stud-8\n") == [
        f"s.yaml:11:7: game: expected one of {', '.join(GAMES)} but got 'stud-8'; did you "
        "mean 'stud8'?"
    ]


def test_rules_preset_unknown() -> None:
    assert problems(BASE + "rules: wsop\n") == [
        (
            "s.yaml:11:8: rules: expected one of online, roberts, wsop-cash, tda but got 'wsop'; "
            "did you mean 'wsop-cash'?"
        )
    ]


def test_id_pattern() -> None:
    assert problems(edit("id: two-deuces", "id: Two--Deuces")) == [
        (
            "s.yaml:1:5: id: 'Two--Deuces' is not an id: use lower-case letters and digits, with "
            "single '-' between words, as in 'bring-in-two-deuces'."
        )
    ]


def test_level_out_of_range() -> None:
    assert problems(edit("level: 2", "level: 6")) == [
        "s.yaml:4:8: level: expected a whole number from 1 to 5 but got 6."
    ]


def test_level_quoted() -> None:
    assert problems(edit("level: 2", "level: '2'")) == [
        (
            "s.yaml:4:8: level: expected a whole number from 1 to 5 but got the text '2': remove "
            "the quotes."
        )
    ]


def test_level_not_whole() -> None:
    assert problems(edit("level: 2", "level: 2.5")) == [
        "s.yaml:4:8: level: expected a whole number from 1 to 5 but got 2.5."
    ]


@pytest.mark.parametrize(
    ("name", "reads_as"),
    [
        ("No", "a boolean (true/false)"),
        ("yes", "a boolean (true/false)"),
        ("123", "a number"),
        ("null", "null (no value)"),
    ],
)
def test_player_name_needs_quotes(name: str, reads_as: str) -> None:
    text = edit("name: Bo,", f"name: {name},")
    text = text.replace("ask: bring-in", "ask: pot")
    assert problems(text) == [
        (
            f"s.yaml:8:21: seats[1].name: {name} is read by YAML as {reads_as}, not as text: "
            f'quote it, as in "{name}".'
        )
    ]


def test_quoted_name_no_is_fine() -> None:
    scenario, found = check_text(
        edit("name: Bo,", "name: 'No',"), "s.yaml", replay=False
    )
    assert found == [] and scenario is not None and scenario.seats[1].name == "No"


def test_boolean_where_text_expected() -> None:
    assert problems(edit("title: Two deuces", "title: true")) == [
        (
            "s.yaml:2:8: title: true is read by YAML as a boolean (true/false), not as text: quote "
            'it, as in "true".'
        )
    ]


def test_empty_value() -> None:
    assert problems(edit("title: Two deuces", "title:")) == [
        "s.yaml:2:7: title: expected text but got nothing: write a value after the colon."
    ]


def test_card_written_as_a_number() -> None:
    assert problems(edit('cards: "Ah Kd 2h"', "cards: [Ah, Kd, 10]")) == [
        (
            "s.yaml:7:42: seats[0].cards[2]: 10 is a number, not a card: write the rank and the "
            "suit together, as in 10d or Td."
        )
    ]


def test_ten_written_10d_is_a_card() -> None:
    scenario, found = check_text(
        edit('"Ah Kd 2h"', "[Ah, Kd, 10d]"), "s.yaml", replay=False
    )
    assert found == [] and scenario is not None
    assert scenario.seats[0].cards[2] == Card.parse("Td")


def test_bad_card_located_at_the_word() -> None:
    assert problems(edit('"Ah Kd 2h"', '"Ah Kx 2h"')) == [
        (
            "s.yaml:7:37: seats[0].cards: 'Kx' is not a card: write a rank 2-9, T, J, Q, K, A (or "
            "10) and a suit c, d, h, s, as in 'Ah', 'td' or '10d'."
        )
    ]


def test_too_many_cards() -> None:
    assert problems(edit('"Ah Kd 2h"', '"Ah Kd 2h 3h 4h 5h 6h 7h"')) == [
        (
            "s.yaml:7:33: seats[0].cards: 8 cards are given, but a player gets at most 7: remove "
            "the extra cards."
        )
    ]


def test_card_dealt_twice_across_seats() -> None:
    assert problems(edit('"?? ?? 2c"', '"?? ?? Ah"')) == [
        (
            "s.yaml:8:39: seats[1].cards: Ah is dealt twice: it is also in seats[0].cards; a deck "
            "holds each card once."
        )
    ]


def test_community_dealt_twice() -> None:
    assert problems(BASE + "community: 2c\n") == [
        (
            "s.yaml:11:12: community: 2c is dealt twice: it is also in seats[1].cards; a deck "
            "holds each card once."
        )
    ]


def test_community_unknown_refused() -> None:
    assert problems(BASE + "community: '??'\n") == [
        "s.yaml:11:12: community: ?? is not allowed here: write the real card, as in 'Ah'."
    ]


def test_amount_read_exactly() -> None:
    scenario, _ = check_text(edit("ante: 0.25", "ante: 0.1"), "s.yaml", replay=False)
    assert scenario is not None
    assert scenario.stakes.ante == Decimal("0.1")
    assert scenario.stakes.ante != Decimal.from_float(0.1)  # not through a float


@pytest.mark.parametrize(
    ("ante", "message"),
    [
        (".inf", ".inf is not an amount: write a number such as 2 or 0.25."),
        (".nan", ".nan is not an amount: write a number such as 2 or 0.25."),
        ("-1", "-1 is negative: amounts are 0 or more."),
        (
            "0.255",
            "0.255 has more than 2 decimal places: amounts go down to the cent, as in 0.25.",
        ),
        ("1e3", "expected an amount (0 or more) such as 2 or 0.25 but got '1e3'."),
        (
            "1.5e+3",
            (
                "1.5e+3 is not written as a plain decimal number: write it with digits and at "
                "most one '.', as in 1000 or 0.25."
            ),
        ),
        (
            "0x10",
            (
                "0x10 is not written as a plain decimal number: write it with digits and at most "
                "one '.', as in 1000 or 0.25."
            ),
        ),
        (
            "'1'",
            (
                "expected an amount (0 or more) such as 2 or 0.25 but got the text '1': remove "
                "the quotes."
            ),
        ),
        ("x", "expected an amount (0 or more) such as 2 or 0.25 but got 'x'."),
        ("[1]", "expected an amount (0 or more) such as 2 or 0.25 but got a list."),
    ],
)
def test_bad_amounts(ante: str, message: str) -> None:
    assert problems(edit("ante: 0.25", f"ante: {ante}")) == [
        f"s.yaml:5:42: stakes.ante: {message}"
    ]


def test_zero_where_positive_needed() -> None:
    assert problems(edit("small_bet: 2", "small_bet: 0")) == [
        (
            "s.yaml:5:21: stakes.small_bet: expected an amount (more than 0) such as 2 or 0.25 but "
            "got 0."
        )
    ]


def test_big_bet_below_small_bet() -> None:
    assert problems(edit("big_bet: 4", "big_bet: 1")) == [
        (
            "s.yaml:5:33: stakes.big_bet: the big bet 1 is less than the small bet 2: the big bet "
            "is usually twice the small bet."
        )
    ]


def test_rake_needs_both_fields() -> None:
    text = edit("ante: 0.25}", "ante: 0.25, rake: {percent: 5}}")
    assert problems(text) == [
        "s.yaml:5:54: stakes.rake: rake needs the key 'cap': add 'cap: ...'."
    ]


def test_flag_yes_refused() -> None:
    assert problems(BASE + "house: {burn_cards: yes}\n") == [
        (
            "s.yaml:11:21: house.burn_cards: expected true or false but got yes: write true or "
            "false (editors using YAML 1.2 read yes as text)."
        )
    ]


def test_house_value_and_key() -> None:
    assert problems(BASE + "house: {heads_up: never, max_raise: 3}\n") == [
        (
            "s.yaml:11:19: house.heads_up: expected one of capped, unlimited, unlimited-if-begun "
            "but got 'never'."
        ),
        (
            "s.yaml:11:26: house: unknown key 'max_raise' in house: the allowed keys are "
            "open_pair_option, max_raises, min_buy_in_bets, heads_up, first_to_act_tie, burn_cards, "
            "short_deck, community_opener, odd_chip_ties, dealer_errors, exposed_one_hole, "
            "exposed_both_holes, exposed_two_players, misdeal_cutoff, extra_card_initial, "
            "premature_card, premature_river_seen, burn_error, oot_binding, oot_after_change, "
            "skipped_player_deadline, fold_no_bet, river_exposed, river_exposed_opener, "
            "river_exposed_all_in, short_hand; did you mean 'max_raises'?"
        ),
    ]


def test_nine_seats_cite_table_seats() -> None:
    seats = "".join(f"  - {{seat: {n}, name: P{n}, cards: ''}}\n" for n in range(1, 10))
    text = edit(
        '  - {seat: 1, name: Ana, cards: "Ah Kd 2h"}\n  - {seat: 3, name: Bo, cards: '
        '"?? ?? 2c"}\n',
        seats,
    )
    assert problems(text) == [
        (
            "s.yaml:7:3: seats: 9 seats are given, but a table seats 2 to 8 players (table.seats): "
            "a 52-card deck cannot deal seven cards to more than 8."
        )
    ]


def test_one_seat() -> None:
    text = edit('  - {seat: 3, name: Bo, cards: "?? ?? 2c"}\n', "")
    assert problems(text) == [
        (
            "s.yaml:7:3: seats: 1 seats are given, but a table seats 2 to 8 players (table.seats): "
            "a 52-card deck cannot deal seven cards to more than 8."
        )
    ]


def test_seat_number_out_of_range() -> None:
    assert problems(edit("seat: 3,", "seat: 11,")) == [
        "s.yaml:8:12: seats[1].seat: expected a whole number from 1 to 10 but got 11."
    ]


def test_seat_number_and_name_unique() -> None:
    assert problems(edit("seat: 3, name: Bo", "seat: 1, name: Ana")) == [
        (
            "s.yaml:8:12: seats[1].seat: seat 1 is already taken by seats[0]: give each seat its "
            "own number from 1 to 10."
        ),
        (
            "s.yaml:8:21: seats[1].name: the name 'Ana' is already used by seats[0]: give each "
            "player a different name."
        ),
    ]


def test_seat_missing_name_and_unknown_key() -> None:
    assert problems(edit("name: Bo,", "nam: Bo,")) == [
        "s.yaml:8:5: seats[1]: seat needs the key 'name': add 'name: ...'.",
        (
            "s.yaml:8:15: seats[1]: unknown key 'nam' in seat: the allowed keys are seat, name, "
            "stack, cards, committed, folded; did you mean 'name'?"
        ),
    ]


def test_button_on_an_empty_seat() -> None:
    assert problems(BASE + "button: 2\n") == [
        (
            "s.yaml:11:9: button: seat 2 has nobody in it: the seats are 1, 3; put the button on "
            "one of them, or write null for a house dealer."
        )
    ]


def test_committed_without_start() -> None:
    assert problems(edit("name: Bo,", "name: Bo, committed: 1,")) == [
        (
            "s.yaml:8:36: seats[1].committed: committed is used only with start: (a hand told from "
            "a later street); remove it, or add 'start: {street: fourth}'."
        )
    ]


def test_start_needs_committed_on_every_seat() -> None:
    text = edit("name: Ana,", "name: Ana, committed: 1,") + "start: {street: fourth}\n"
    assert problems(text) == [
        (
            "s.yaml:8:5: seats[1]: with start:, each seat needs the key 'committed' (its chips "
            "already in the pot, antes included): add 'committed: ...'."
        )
    ]


def test_start_street() -> None:
    assert problems(BASE + "start: {street: third}\n") == [
        (
            "s.yaml:11:17: start.street: expected one of fourth, fifth, sixth, seventh, showdown "
            "but got 'third'."
        )
    ]


def test_no_steps() -> None:
    assert problems(
        edit("  - ask: bring-in\n", "", BASE.replace("steps:\n", "steps: []\n"))
    ) == ["s.yaml:9:8: steps: expected at least 1 item but got 0."]


def test_more_than_500_steps() -> None:
    text = BASE + "  - ask: pot\n" * 500
    assert problems(text) == [
        "s.yaml:10:3: steps: 501 items are given; at most 500 are allowed: split it."
    ]


def test_step_not_a_mapping() -> None:
    assert problems(BASE + "  - Ana calls\n") == [
        (
            "s.yaml:11:5: steps[1]: expected a step (a mapping with act:, ask: or event:) but got 'Ana "
            "calls': write '- act: Ana calls' or '- ask: pot'."
        )
    ]


def test_step_both_act_and_ask() -> None:
    assert problems(BASE + "  - {act: Bo brings in, ask: pot}\n") == [
        (
            "s.yaml:11:5: steps[1]: a step is one of act:, ask: or event:, not two: split it "
            "into steps."
        )
    ]


def test_step_neither_act_nor_ask() -> None:
    assert problems(BASE + "  - {prompt: Why?}\n") == [
        (
            "s.yaml:11:5: steps[1]: a step needs act: (actions), ask: (a question) or event: (an "
            "irregularity); its keys are prompt."
        )
    ]


def test_action_syntax() -> None:
    # The engine's one grammar words it (it reads "Bo raise 4", so the example is a typo).
    assert problems(BASE + "  - act: Bo rasies\n") == [
        (
            "s.yaml:11:10: steps[1].act: 'Bo rasies' is not an action: write one of "
            "<name> folds, <name> checks, <name> calls [N], <name> brings in [N], "
            "<name> completes [N], <name> bets [N], <name> raises [N] (N is a call's added "
            "chips, or the player's total for the round after a bet, raise or completion)."
        )
    ]


def test_action_names_nobody() -> None:
    assert problems(BASE + "  - act: [Bo brings in, Ann calls]\n") == [
        (
            "s.yaml:11:25: steps[1].act[1]: 'Ann calls' names 'Ann', who is not at this table: the "
            "players are Ana, Bo; did you mean 'Ana'?"
        )
    ]


def test_action_number_needs_quotes_hint() -> None:
    assert problems(BASE + "  - act: [Bo brings in, 12]\n") == [
        (
            "s.yaml:11:25: steps[1].act[1]: 12 is read by YAML as a number, not as text: quote it, "
            'as in "12".'
        )
    ]


def test_empty_action_list() -> None:
    assert problems(BASE + "  - act: []\n") == [
        (
            "s.yaml:11:10: steps[1].act: the list of actions is empty: give at least one action, "
            "as in 'Ana calls'."
        )
    ]


def test_unknown_ask_kind() -> None:
    assert problems(edit("ask: bring-in", "ask: bringin")) == [
        (
            "s.yaml:10:10: steps[0].ask: expected one of ante, buy-in, bring-in, first-to-act, "
            "next-to-act, bet-sizes, legal-actions, raises-left, pot, community-card, best-high, "
            "best-low, low-qualifies, high-winner, low-winner, award, showdown-order, ruling, side-pots but got "
            "'bringin'; did you mean 'bring-in'?"
        )
    ]


def test_player_ask_needs_player() -> None:
    assert problems(edit("ask: bring-in", "ask: best-low")) == [
        "s.yaml:10:5: steps[0]: a best-low ask needs player: (whose hand): add 'player: <name>'."
    ]


def test_player_on_other_asks_refused() -> None:
    assert problems(BASE + "    player: Ana\n") == [
        (
            "s.yaml:11:13: steps[0].player: player: is used only by best-high, best-low, "
            "low-qualifies asks: remove it."
        )
    ]


def test_ask_player_not_at_table() -> None:
    text = edit("ask: bring-in", "ask: best-high") + "    player: Cy\n"
    assert problems(text) == [
        "s.yaml:11:13: steps[0].player: 'Cy' is not at this table: the players are Ana, Bo."
    ]


def test_expect_unknown_key_for_the_kind() -> None:
    assert problems(BASE + "    expect: {player: Bo, raises: 1}\n") == [
        (
            "s.yaml:11:26: steps[0].expect: unknown key 'raises' in bring-in answer: the allowed "
            "keys are player, seat, card, amount."
        )
    ]


def test_expect_player_not_at_table() -> None:
    assert problems(BASE + "    expect: {player: Boo}\n") == [
        (
            "s.yaml:11:22: steps[0].expect.player: 'Boo' is not at this table: the players are "
            "Ana, Bo; did you mean 'Bo'?"
        )
    ]


def test_expect_payouts_names_and_amounts() -> None:
    text = BASE + "  - ask: award\n    expect: {payouts: {Ana: 1.5, Cy: 2}, rake: 0}\n"
    assert problems(text) == [
        (
            "s.yaml:12:34: steps[1].expect.payouts.Cy: 'Cy' is not at this table: the players are "
            "Ana, Bo."
        )
    ]


def test_expect_wrong_types() -> None:
    text = BASE + "  - ask: community-card\n    expect: {community: maybe}\n"
    assert problems(text) == [
        "s.yaml:12:25: steps[1].expect.community: expected true or false but got 'maybe'."
    ]


def test_expect_ranks_accept_plain_numbers() -> None:
    text = (
        BASE + "  - ask: best-high\n    player: Ana\n"
        "    expect: {ranks: [5, 4, 3, 2, A], cards: [5h, 4h, 3h, 2h, Ah]}\n"
    )
    scenario, found = check_text(text, "s.yaml", replay=False)
    assert found == [] and scenario is not None and scenario.steps[1].ask is not None
    assert scenario.steps[1].ask.expect == {
        "ranks": ["5", "4", "3", "2", "A"],
        "cards": [Card.parse(c) for c in ("5h", "4h", "3h", "2h", "Ah")],
    }


def test_hint_and_explain_extensions() -> None:
    text = BASE + "    hint: Look at the door cards.\n    explain: Suits break ties.\n"
    scenario, found = check_text(text, "s.yaml", replay=False)
    assert found == [] and scenario is not None and scenario.steps[0].ask is not None
    assert (scenario.steps[0].ask.hint, scenario.steps[0].ask.explain) == (
        "Look at the door cards.",
        "Suits break ties.",
    )


def test_all_schema_problems_reported_together_in_file_order() -> None:
    text = edit("level: 2", "level: 9", edit("topic: bring-in", "topic: bringin"))
    text = edit("name: Bo,", "name: No,", text) + "steps2: 1\n"
    assert [p.split(": ")[0] for p in problems(text)] == [
        "s.yaml:3:8",
        "s.yaml:4:8",
        "s.yaml:8:21",
        "s.yaml:11:1",
    ]


def test_problems_capped_at_fifty_per_file() -> None:
    text = BASE + "".join(f"k{i}: 1\n" for i in range(60))
    found = problems(text)
    assert len(found) == 51
    assert found[49].startswith("s.yaml:60:1: unknown key 'k49' in scenario")
    assert (
        found[50]
        == "s.yaml:61:1: 10 more problems not shown: fix the ones above first."
    )
