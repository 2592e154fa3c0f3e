"""Rulings, hands and the award say why as data: message keys, parameters as values, rule ids.

The award is a pure function of an ``AwardSetup`` (chips committed, who folded, the cards,
the game, the house rules, the stakes) returning an ``Award`` value; the hand applies it.
"""

from __future__ import annotations

import ast
from decimal import Decimal as D
from pathlib import Path

import pytest
from enginekit import make_hand

from tutor.engine.boards import (
    ante_said,
    best_boards,
    board_said,
    door_key,
    low_board_said,
)
from tutor.engine.cards import Card, parse_cards
from tutor.engine.errors import NeedsCardsError, TutorError
from tutor.engine.hands import best_high, best_low, best_razz
from tutor.engine.messages import Message, render, render_all, rules_of
from tutor.engine.rules import VARIANTS, Game, house_rules
from tutor.engine.rulings import Ruling
from tutor.engine.showdown import (
    AwardSetup,
    Contender,
    PotSplit,
    award_showdown,
    award_uncontested,
)
from tutor.engine.values import Stakes

ENGINE = Path(__file__).resolve().parent.parent / "tutor" / "engine"


def _c(idx: int, name: str, committed: int, cards: str, folded: bool = False):
    return Contender(idx, name, D(committed), folded, tuple(parse_cards(cards)))


def _setup(
    players: list[Contender],
    game: Game = Game.STUD,
    preset: str = "online",
    **stakes: D,
) -> AwardSetup:
    return AwardSetup(
        players=tuple(players),
        order=tuple(range(len(players))),
        variant=VARIANTS[game],
        rules=house_rules(preset, game),
        stakes=Stakes(small_bet=D(2), big_bet=D(4), **stakes),
    )


SIDE = [
    _c(0, "Ana", 5, "Ah Ad Ac 2d 3h 7s 9c"),
    _c(1, "Bo", 10, "Kh Kd 4c 5d 8h Js Qc"),
    _c(2, "Cy", 10, "Qh Qd 4s 5s 8d Jh Tc"),
]
TIED = [
    _c(0, "Ana", 3, "5h 6d 7c 8s 9h 2c 2d"),
    _c(1, "Bo", 3, "5c 6h 7d 8c 9s 3c 3d"),
    Contender(2, "Fay", D(1), True, ()),
]


# ---------------------------------------------------------------------------- hands, boards
@pytest.mark.parametrize(
    ("cards", "key", "params", "words"),
    [
        (
            "As Ad Ks Kd 9c 4h 2c",
            "hand.high.two-pair",
            {"top": 14, "bottom": 13, "kicker": 9},
            "two pair, aces and kings with a nine",
        ),
        (
            "Kc Kd Qh Kh Qs 2c 7d",
            "hand.high.full-house",
            {"trips": 13, "pair": 12},
            "full house, kings full of queens",
        ),
        (
            "5d 4c 3h 2s Ah Kd Kh",
            "hand.high.straight",
            {"high": 5},
            "straight, five high",
        ),
        (
            "Ac Kc Qc Jc Tc 2d 2h",
            "hand.high.royal-flush",
            {},
            "straight flush, ace high (a royal flush)",
        ),
        (
            "6s 6h 8d 4c 2h",
            "hand.high.pair",
            {"pair": 6, "kickers": (8, 4, 2)},
            "pair, sixes with an eight, a four and a two",
        ),
    ],
)
def test_a_high_hand_is_said_by_category_with_its_ranks(
    cards: str, key: str, params: dict[str, object], words: str
) -> None:
    hand = best_high(parse_cards(cards))
    assert (hand.said.key, dict(hand.said.params), hand.said.rule) == (
        key,
        params,
        None,
    )
    assert render(hand.said) == hand.describe() == words


def test_a_low_is_said_by_its_ranks_ace_one() -> None:
    low = best_low(parse_cards("7c 5d 4h 2s Ac Kd Kh"))
    assert low is not None
    assert (low.said.key, low.said.params["ranks"]) == (
        "hand.low.ranks",
        (7, 5, 4, 2, 1),
    )
    assert render(low.said) == low.text == "7-5-4-2-A"
    assert (low.named.key, render(low.named)) == (
        "hand.low.named",
        "seven-five low (7-5-4-2-A)",
    )
    razz = best_razz(parse_cards("9c 9d 4h 3s 2c Kd Kh"))
    assert render(razz.said) == razz.text == "K-9-4-3-2"


def test_boards_are_said_by_what_they_show() -> None:
    pair = board_said(parse_cards("7h 7d Kc"))
    assert (pair.key, dict(pair.params)) == ("board.pair", {"rank": 7})
    assert render(pair) == "a pair of sevens"
    two = board_said(parse_cards("7h 7d Kc Ks"))
    assert (two.key, dict(two.params)) == ("board.two-pair", {"top": 13, "bottom": 7})
    low = low_board_said(parse_cards("7h 4d Ac"))
    assert (low.key, low.params["ranks"], render(low)) == (
        "board.low",
        (7, 4, 1),
        "7-4-A low",
    )
    assert render(board_said([])) == "nothing"


def test_the_best_board_and_the_bring_in_follow_the_game_description() -> None:
    boards = {
        0: parse_cards("7h 7d"),
        1: parse_cards("Kc 2d"),
        2: parse_cards("7c 7s"),
        3: parse_cards("6c 3d"),
    }
    # high boards: the pairs of sevens tie (the suit or the seat decides, not this)
    assert best_boards(VARIANTS[Game.STUD], boards) == [0, 2]
    # razz: the lowest board, pairs bad
    assert best_boards(VARIANTS[Game.RAZZ], boards) == [3]
    doors = parse_cards("2c 2d Kh As")
    stud = sorted(doors, key=lambda c: door_key(VARIANTS[Game.STUD], c))
    razz = sorted(doors, key=lambda c: door_key(VARIANTS[Game.RAZZ], c))
    assert [str(c) for c in stud] == ["2c", "2d", "Kh", "As"]
    assert [str(c) for c in razz] == ["Kh", "2d", "2c", "As"]


def test_the_antes_are_said_with_amounts_and_names_as_values() -> None:
    said = ante_said(D(1), [("Ana", D(1)), ("Bo", D("0.5")), ("Cy", D(1))])
    assert [m.key for m in said] == ["ante.short", "ante.posted", "ante.dead"]
    assert rules_of(said) == ("ante.post",)
    short = said[0].params["short"]
    assert [(m.key, dict(m.params)) for m in short] == [
        ("ante.short-player", {"player": "Bo", "amount": D("0.5")})
    ]
    assert dict(said[1].params) == {
        "full": 2,
        "ante": D(1),
        "amounts": (D("0.5"),),
        "total": D("2.5"),
    }
    assert render_all(said) == (
        "Every player dealt in posts the 1 ante before the deal, or all they have: Bo has "
        "only 0.5 and posts all of it, so is dealt in all in. The antes really posted make "
        "2 x 1 + 0.5 = 2.5. The ante is dead money and counts toward no bet."
    )


# ---------------------------------------------------------------------------- rulings
def test_a_ruling_keeps_why_as_messages_and_renders_its_explanation() -> None:
    hand = make_hand(
        [("Ana", None, "Ah Ad Kc Ks 9h 2c 3d"), ("Bo", None, "Qh Qd Js Jc 8h 7c 6d")],
        start="showdown",
        game="stud",
    )
    ruling = hand.answer("best-high", player="Ana")
    assert isinstance(ruling, Ruling)
    (why,) = ruling.why
    assert (why.key, why.rule, ruling.rules) == (
        "ruling.best-high",
        "hand.high",
        ("hand.high",),
    )
    assert why.params["player"] == "Ana"
    assert why.params["cards"] == tuple(parse_cards("Ah Ad Ks Kc 9h"))
    assert why.params["hand"] == best_high(parse_cards("Ah Ad Ks Kc 9h")).said
    assert ruling.explanation == (
        "Ana's best five cards make two pair, aces and kings with a nine: Ah Ad Ks Kc 9h. "
        "Any five of the cards may be used."
    )
    winner = hand.answer("high-winner")
    (said,) = winner.why
    assert said.params["players"] == ("Ana",)
    assert [m.params["player"] for m in said.params["hands"]] == ["Ana", "Bo"]


def test_amounts_and_streets_are_values_not_text() -> None:
    hand = make_hand(
        [("Ana", 100, "Ah Ad 3c"), ("Bo", 100, "Kh Kd 9d"), ("Cy", 100, "Qs Qd Kc")],
        ante=D("0.25"),
        preset="wsop-cash",
    )
    buy_in = hand.answer("buy-in")
    assert [(m.key, m.rule, dict(m.params)) for m in buy_in.why] == [
        (
            "ruling.buy-in.minimum",
            "table.buy-in",
            {"bets": 10, "preset": "wsop-cash", "small_bet": D(2), "minimum": D(20)},
        )
    ]
    ante = hand.answer("ante")
    assert [m.key for m in ante.why] == ["ante.each", "ante.dead"]
    assert ante.why[0].params == {"players": 3, "ante": D("0.25"), "total": D("0.75")}
    bring = hand.answer("bring-in")
    amount = bring.why[-1]
    assert (amount.key, amount.rule, dict(amount.params)) == (
        "ruling.bring-in.amount",
        "bring-in.amount",
        {"amount": D(1), "default": True},
    )
    legal = hand.answer("legal-actions")
    assert legal.why[0].key == "ruling.legal.may"
    assert legal.why[0].params["street"].value == "third"
    assert legal.why[0].params["actions"] == ("bring in 1", "complete 2")


def test_rule_on_errors_are_messages_that_name_no_key_of_the_scenario_format() -> None:
    hand = make_hand(
        [("Ana", None, "Ah Ad Kc Ks 9h 2c 3d"), ("Bo", None, "Qh Qd Js Jc 8h 7c 6d")],
        start="showdown",
        game="stud",
    )
    with pytest.raises(TutorError) as unknown:
        hand.answer("chop")
    assert unknown.value.said is not None
    assert unknown.value.said.key == "ruling.unknown-kind"
    assert unknown.value.said.params["kind"] == "chop"
    with pytest.raises(TutorError) as missing:
        hand.answer("best-high")
    assert missing.value.said == Message(
        "ruling.needs-player", {"kind": "best-high"}, None
    )
    assert str(missing.value) == (
        "an ask of kind best-high needs a player, naming whose hand to read."
    )
    assert "player:" not in str(missing.value)
    with pytest.raises(TutorError) as unfit:
        hand.answer("best-low", player="Ana")
    assert (unfit.value.said.key, unfit.value.rule) == (  # type: ignore[union-attr]
        "ruling.unfit.no-low-half",
        "hand.low",
    )
    assert unfit.value.said.params == {  # type: ignore[union-attr]
        "kind": "best-low",
        "game": "Seven Card Stud",
    }
    assert str(unfit.value) == (
        "Seven Card Stud has no low half: a best-low ask belongs to a game with a low "
        "(hand.low)."
    )


# ---------------------------------------------------------------------------- the award
def test_side_pot_each_pot_to_its_best_hand() -> None:
    won = award_showdown(_setup(SIDE))
    assert (dict(won.payouts), won.rake, won.rules, won.uncalled) == (
        {"Ana": D(15), "Bo": D(10)},
        D(0),
        ("hand.high", "pot.side"),
        None,
    )
    assert won.pots == ((D(15), (0, 1, 2)), (D(10), (1, 2)))
    assert won.splits == (
        PotSplit(0, D(15), D(0), ("Ana", "Bo", "Cy"), ("Ana",), (), {"Ana": D(15)}),
        PotSplit(1, D(10), D(0), ("Bo", "Cy"), ("Bo",), (), {"Bo": D(10)}),
    )
    main = won.notes[0]
    assert (main.key, main.params["pot"], main.params["eligible"]) == (
        "award.pot.high",
        0,
        ("Ana", "Bo", "Cy"),
    )
    assert render_all(won.notes) == (
        "The main pot of 15 (Ana, Bo and Cy) goes to the best high hand: Ana with three of "
        "a kind, aces with a nine and a seven. Side pot 1 of 10 (Bo and Cy) goes to the best "
        "high hand: Bo with pair, kings with a queen, a jack and an eight."
    )


def test_rake_shares_come_from_each_pot_in_proportion() -> None:
    won = award_showdown(_setup(SIDE, rake_percent=D(10), rake_cap=D(3)))
    assert (won.rake, dict(won.payouts), won.rules) == (
        D(2),
        {"Ana": D(14), "Bo": D(9)},
        ("hand.high", "pot.side", "pot.rake"),
    )
    assert [(s.amount, s.rake) for s in won.splits] == [(D(14), D(1)), (D(9), D(1))]
    rake = won.notes[0]
    assert (rake.key, rake.params["rake"], rake.params["total"]) == (
        "award.rake",
        D(2),
        D(25),
    )
    assert [dict(m.params) for m in rake.params["shares"]] == [
        {"amount": D(1), "pot": 0},
        {"amount": D(1), "pot": 1},
    ]


def test_quartering_high_and_a_half_of_the_low() -> None:
    won = award_showdown(
        _setup(
            [
                _c(0, "Ana", 20, "As 2d 3c 4h 6s Kd Kc"),
                _c(1, "Bo", 20, "Ah 2c 3d 4s 6h Qd Qc"),
            ],
            Game.STUD8,
        )
    )
    assert dict(won.payouts) == {"Ana": D(30), "Bo": D(10)}
    assert won.rules == ("hand.high", "hand.low", "split.halves", "split.ties")
    (split,) = won.splits
    assert (split.high, split.low, dict(split.shares)) == (
        ("Ana",),
        ("Ana", "Bo"),
        {"Ana": D(30), "Bo": D(10)},
    )
    (note,) = won.notes
    assert (note.key, note.params["high_amount"], note.params["low_amount"]) == (
        "award.pot.halves",
        D(20),
        D(20),
    )
    assert render(note) == (
        "The main pot of 40 is split in half: high 20 to Ana with pair, kings with an ace, "
        "a six and a four; low 20 to Ana and Bo with 6-4-3-2-A."
    )


@pytest.mark.parametrize(
    ("preset", "payouts", "decided"),
    [
        ("online", {"Ana": D(4), "Bo": D(3)}, ()),
        ("wsop-cash", {"Ana": D(3), "Bo": D(4)}, (("Bo", "9s", "Ana", "9h"),)),
    ],
)
def test_the_odd_chip_of_a_tie_follows_the_house_rule(
    preset: str, payouts: dict[str, D], decided: tuple[tuple[str, ...], ...]
) -> None:
    won = award_showdown(_setup(TIED, preset=preset))
    assert dict(won.payouts) == payouts
    odd = won.notes[-1]
    assert (odd.key, odd.rule, odd.params["odd"], odd.params["players"]) == (
        "award.odd-chips",
        "split.ties",
        1,
        (next(k for k, v in payouts.items() if v == 4),),
    )
    assert (
        tuple(
            (
                m.params["player"],
                m.params["card"].text,
                m.params["other"],
                m.params["other_card"].text,
            )
            for m in odd.params["decided"]
        )
        == decided
    )
    if preset == "wsop-cash":
        assert render(odd) == (
            "1 odd chip of 1 in the tied high goes to Bo: under wsop-cash, the highest card "
            "by suit among the five cards played (Bo's 9♠ against Ana's 9♥)."
        )


def test_uncalled_chips_go_back_before_any_pot() -> None:
    won = award_showdown(
        _setup(
            [
                _c(0, "Ana", 10, "Ah Ad Ac 2d 3h 7s 9c"),
                _c(1, "Bo", 6, "Kh Kd 4c 5d 8h Js Qc"),
            ]
        )
    )
    assert won.uncalled is not None
    assert (won.uncalled.player, won.uncalled.amount) == ("Ana", D(4))
    assert (won.uncalled.said.key, won.uncalled.why[0].params["most"]) == (
        "award.op.uncalled",
        D(6),
    )
    assert (dict(won.returned), won.pots, dict(won.payouts)) == (
        {"Ana": D(4)},
        ((D(12), (0, 1)),),
        {"Ana": D(12)},
    )
    assert won.rules == ("hand.high", "pot.uncalled")
    assert won.said is not None and render(won.said) == "Award: Ana 12"


def test_an_uncontested_pot_before_fourth_street_is_not_raked() -> None:
    won = award_uncontested(
        _setup(
            [_c(0, "Ana", 10, "Ah Ad Ac"), _c(1, "Bo", 6, "Kh Kd 4c", folded=True)],
            rake_percent=D(5),
            rake_cap=D(3),
        ),
        0,
        before_fourth=True,
    )
    assert (dict(won.payouts), won.rake, won.rules) == (
        {"Ana": D(12)},
        D(0),
        ("round.end", "pot.uncalled", "pot.rake"),
    )
    assert [m.key for m in won.notes] == [
        "award.uncontested",
        "award.uncontested.returned",
        "award.uncontested.no-rake",
    ]
    assert render_all(won.notes) == (
        "Everyone else folded, so Ana wins the pot of 12 at once without showing. The 4 "
        "nobody called went back to Ana first: it was never in the pot. No rake: the hand "
        "ended before fourth street was dealt."
    )


def test_an_unknown_card_blocks_the_award_but_not_the_pots() -> None:
    won = award_showdown(
        _setup(
            [
                Contender(0, "Ana", D(4), False, (None,) * 7),
                _c(1, "Bo", 4, "Kh Kd 4c 5d 8h Js Qc"),
            ]
        )
    )
    assert won.blocked == Message(
        "award.blocked.unknown-cards", {"player": "Ana"}, "hand.high"
    )
    assert (won.pots, dict(won.payouts)) == (((D(8), (0, 1)),), {})


def test_the_hand_applies_the_award_and_logs_it_as_messages() -> None:
    hand = make_hand(
        [
            ("Ana", None, "Ah Ad Kc Ks 9h 2c 3d", {"committed": 10}),
            ("Bo", None, "Qh Qd Js Jc 8h 7c 6d", {"committed": 10}),
        ],
        start="showdown",
        game="stud",
    )
    op = hand.history[-1]
    assert (op.kind, op.rules, op.text) == ("award", ("hand.high",), "Award: Ana 20")
    assert isinstance(op.said, Message) and isinstance(op.why, tuple)
    assert op.said.params["payouts"][0].params == {"player": "Ana", "amount": D(20)}
    assert hand.answer("award").why == op.why
    with pytest.raises(NeedsCardsError):
        make_hand(
            [
                ("Ana", None, "?? ?? Kc Ks 9h 2c 3d"),
                ("Bo", None, "Qh Qd Js Jc 8h 7c 6d"),
            ],
            start="showdown",
            game="stud",
        ).answer("award")


# ---------------------------------------------------------------------------- boundaries
def _private_uses(path: Path) -> list[str]:
    """``hand._x`` (or ``h._x``) attribute uses: another module's private names."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return sorted(
        f"{node.value.id}.{node.attr}"
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute)
        and node.attr.startswith("_")
        and not node.attr.startswith("__")
        and isinstance(node.value, ast.Name)
        and node.value.id in {"hand", "h", "table"}
    )


@pytest.mark.parametrize(
    "module",
    sorted(
        str(p.relative_to(ENGINE))
        for p in ENGINE.rglob("*.py")
        if p.parent.name
        != "table"  # the table's own modules: its private names are theirs
    ),
)
def test_no_private_name_of_the_hand_is_used(module: str) -> None:
    """Only the table reads the hand's private names; every other engine module uses its
    public ones (betting, irregularities, rulings, showdown...)."""
    assert _private_uses(ENGINE / module) == []


def test_the_award_module_does_not_know_the_table() -> None:
    text = (ENGINE / "showdown.py").read_text(encoding="utf-8")
    assert "tutor.engine.table" not in text


def test_the_scanner_sees_a_private_use(tmp_path: Path) -> None:
    sample = tmp_path / "m.py"
    sample.write_text("def f(hand):\n    return hand._opener_why, hand.pot\n")
    assert _private_uses(sample) == ["hand._opener_why"]


def test_cards_in_messages_are_card_values() -> None:
    won = award_showdown(_setup(TIED, preset="roberts"))
    (decided,) = won.notes[-1].params["decided"]
    assert isinstance(decided.params["card"], Card)


@pytest.mark.parametrize(
    "name",
    ["tutor.engine.showdown", "tutor.engine.rulings"],
)
def test_the_examples_in_the_docstrings_hold(name: str) -> None:
    import doctest
    import importlib

    result = doctest.testmod(importlib.import_module(name))
    assert (result.failed, result.attempted > 0) == (0, True)
