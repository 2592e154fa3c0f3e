"""The table, betting and setup say things as data: message keys, values, rules and ``where``."""

from __future__ import annotations

import ast
import re
from decimal import Decimal
from pathlib import Path

import pytest
from enginekit import D, make_hand, play

from tutor.engine import betting
from tutor.engine.cards import Card
from tutor.engine.errors import (
    ActionSyntaxError,
    AmbiguousActionError,
    CardError,
    IllegalActionError,
    TableError,
)
from tutor.engine.messages import Message
from tutor.engine.rules import house_rules
from tutor.engine.values import ActionKind, Stakes, Street
from tutor.scenarios import check_text

ENGINE = Path(__file__).resolve().parents[1] / "tutor" / "engine"
MODULES = (
    *sorted(f"table/{p.stem}" for p in (ENGINE / "table").glob("*.py")),
    "betting",
    "dealing",
    "actions",
    "values",
    "cards",
    "rules",
    "presets",
    "registry",
    "errors",
)


def _three() -> object:
    return make_hand(
        [("A", 50, "Ah Kd 9c"), ("B", 50, "2s 3d Qs"), ("C", 50, "5h 6h 4c")],
        ante=1,
    )


def test_every_operation_of_a_hand_is_data_with_values() -> None:
    hand = play(_three(), "C brings in", "A calls 1", "B completes 2", "C raises 4")
    ante, deal, bring, call, complete, raised = hand.history
    assert ante.said == Message("op.ante.each", {"ante": D(1)}, "ante.post")
    assert [m.key for m in ante.why] == ["ante.each", "ante.dead"]
    assert ante.why[0].params == {"players": 3, "ante": D(1), "total": D(3)}
    assert (deal.said.key, deal.why[0].params) == (
        "op.deal.third",
        {"first": "A", "button": False},
    )
    assert bring.said == Message(
        "op.bring-in", {"player": "C", "amount": D(1)}, "bring-in.amount"
    )
    door, posts = bring.why
    assert door.key == "why.bring-in.lowest-door" and door.rule == "bring-in.who"
    assert door.params == {
        "player": "C",
        "card": Card.parse("4c"),
        "others": (Card.parse("9c"), Card.parse("Qs")),
        "same_rank": (),
    }
    assert posts.key == "why.bring-in.posts"
    assert call.said.params == {"player": "A", "amount": D(1)}
    assert complete.said.key == "op.complete"
    assert complete.why[0].params["cap"].key == "why.cap.count"
    why = raised.why[0]
    assert (why.key, why.rule, why.params["before"], why.params["amount"]) == (
        "why.raise",
        "limit.small",
        D(2),
        D(4),
    )
    assert why.params["size"] == Message(
        "why.size.street",
        {"street": Street.THIRD, "small": True, "amount": D(2)},
        "limit.small",
    )
    assert why.params["cap"].params == {
        "made": 1,
        "most": 3,
        "label": "online",
        "left": 2,
    }
    assert all(isinstance(op.said, Message) for op in hand.history)
    assert all(isinstance(op.why, tuple) for op in hand.history)


def test_streets_are_dealt_with_the_cards_as_values() -> None:
    hand = play(
        make_hand([("A", None, "Ah Kd 9c 2h"), ("B", None, "2s 3d 4c 5c")]),
        "B brings in",
        "A calls 1",
    )
    closes, dealt = hand.history[-2:]
    assert closes.said == Message(
        "op.round.closes", {"street": Street.THIRD}, "round.end"
    )
    assert dealt.said.params == {"street": Street.FOURTH}
    assert dealt.why[0].params["shown"] == (
        ("A", Card.parse("2h")),
        ("B", Card.parse("5c")),
    )
    assert dealt.text == "Fourth street: one card up each"
    assert dealt.explanation == "Each live player gets one card face up (A 2h, B 5c)."
    assert hand.opener_said[0].key == "why.opener.best-board"
    assert hand.opener_said[0].params["board"] == (Card.parse("9c"), Card.parse("2h"))


def test_refusals_carry_their_message_rule_and_what_is_allowed() -> None:
    hand = _three()
    with pytest.raises(IllegalActionError) as out:
        hand.apply("A calls")
    said = out.value.said
    assert said is not None and out.value.rule == "act.third"
    assert said.key == "refusal.out-of-turn"
    assert said.params["street"] is Street.THIRD and said.params["actor"] == "C"
    with pytest.raises(IllegalActionError) as out:
        hand.apply("C checks")
    said = out.value.said
    assert said is not None and said.key == "refusal.not-allowed"
    assert said.params["reason"] == Message("refusal.check.forced", {}, "bring-in.who")
    assert said.params["allowed"] == ("bring in 1", "complete 2")
    assert str(out.value) == (
        "'C checks' is not allowed: nobody may check on third street: the bring-in is "
        "forced (bring-in.who). C may: bring in 1; complete 2."
    )
    refused = betting.verify(hand, ActionKind.CALL)
    assert refused is not None and isinstance(refused.reason, Message)
    assert refused.reason.params == {
        "bring_in": D(1),
        "small": D(2),
        "kind": ActionKind.CALL,
    }
    reasons = betting.refusals(hand)
    assert set(reasons) == {
        ActionKind.FOLD,
        ActionKind.CHECK,
        ActionKind.CALL,
        ActionKind.BET,
        ActionKind.RAISE,
    }
    with pytest.raises(IllegalActionError) as out:
        hand.apply("C completes 3")
    assert out.value.said is not None and out.value.said.params["amounts"] == (D(2),)


def test_action_words_that_do_not_parse_are_data() -> None:
    hand = _three()
    with pytest.raises(AmbiguousActionError) as missing:
        hand.apply("Zed folds")
    assert missing.value.said is not None
    assert missing.value.said.key == "action.names-nobody"
    assert tuple(missing.value.said.params["names"]) == ("A", "B", "C")
    with pytest.raises(ActionSyntaxError) as bad:
        hand.apply("C raises x")
    assert bad.value.said is not None
    assert (bad.value.said.key, bad.value.said.params["word"]) == (
        "action.not-an-amount",
        "x",
    )


@pytest.mark.parametrize(
    "kw,key,where,params",
    [
        (
            {"bring_in": 5},
            "setup.stakes.bring-in-range",
            ("stakes", "bring_in"),
            {"amount": D(5), "small": D(2)},
        ),
        (
            {"ante": D("0.5"), "chip": 1},
            "setup.stakes.not-whole-chips",
            ("stakes", "ante"),
            {"field": "ante", "amount": D("0.5"), "chip": D(1)},
        ),
        (
            {"rake": (200, 1)},
            "setup.stakes.rake-percent-range",
            ("stakes", "rake_percent"),
            {"amount": D(200)},
        ),
        ({"button": 11}, "setup.button.range", ("button",), {"button": 11}),
    ],
)
def test_setup_problems_say_where_in_the_engines_terms(
    kw: dict[str, object], key: str, where: tuple[str, ...], params: dict[str, object]
) -> None:
    with pytest.raises(TableError) as out:
        make_hand([("A", None, "?? ?? 2c"), ("B", None, "?? ?? 3c")], **kw)  # type: ignore[arg-type]
    said = out.value.said
    assert said is not None
    assert (said.key, out.value.where, dict(said.params)) == (key, where, params)


def test_seat_problems_point_at_the_seat_and_its_field() -> None:
    with pytest.raises(TableError) as out:
        make_hand([("A", 0, "?? ?? 2c"), ("B", None, "?? ?? 3c")])
    assert (out.value.where, out.value.rule) == (("seats", "A", "stack"), "ante.post")
    with pytest.raises(TableError) as out:
        make_hand(
            [
                ("P1", 0, "2c 3c Ah", {"committed": 3}),
                ("P2", 0, "4c 5c Qs", {"committed": 3}),
            ],
            start="fifth",
        )
    said = out.value.said
    assert said is not None and said.key == "setup.start.live-cards"
    assert out.value.where == ("seats", "P1", "cards")
    assert (said.params["street"], said.params["hold"], said.params["count"]) == (
        Street.FIFTH,
        5,
        3,
    )
    with pytest.raises(TableError) as out:
        make_hand(
            [(f"P{i}", None, "") for i in range(9)], seat_numbers=list(range(1, 10))
        )
    assert out.value.where == ("seats",) and out.value.rule == "table.seats"


def test_rules_cards_and_amounts_refuse_as_data() -> None:
    with pytest.raises(TableError) as out:
        house_rules("nope", "stud")
    assert out.value.where == ("rules",)
    assert out.value.said is not None
    assert out.value.said.params["preset"] == "nope"
    with pytest.raises(TableError) as out:
        house_rules("online", "stud", {"zzz": 1})
    assert out.value.where == ("house", "zzz")
    with pytest.raises(CardError) as bad_card:
        Card.parse("1x")
    assert bad_card.value.said is not None
    assert bad_card.value.said.key == "card.unreadable"
    with pytest.raises(TableError) as out:
        Stakes(small_bet=Decimal(2), big_bet=Decimal(4), ante="x")  # type: ignore[arg-type]
    assert out.value.where == ("stakes", "ante")
    assert str(out.value) == "stakes.ante must be an amount such as 2 or 0.25, not 'x'."


def _literals(path: Path) -> list[str]:
    """The string literals of a module, docstrings left out."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(
            node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)
        )
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    return [
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in docs
    ]


@pytest.mark.parametrize("module", MODULES)
def test_the_engine_names_no_key_of_the_scenario_format(module: str) -> None:
    scenario_words = re.compile(r"`|stakes\.|seats\[|expect:|start:|community:")
    message_key = re.compile(r"[a-z0-9.-]+")
    found = [
        text
        for text in _literals(ENGINE / f"{module}.py")
        if scenario_words.search(text) and not message_key.fullmatch(text)
    ]
    assert found == []


LATE = """\
id: late
title: Late start
topic: deal
level: 1
start: {street: fifth}
stakes: {small_bet: 2, big_bet: 4, ante: 1}
seats:
  - {seat: 1, name: Ana, committed: 3, cards: "Ah 2h 3h"}
  - {seat: 3, name: Bo, committed: 3, cards: "Kd Ks 7c Qs Qd"}
steps:
  - ask: pot
"""


def test_the_scenario_layer_locates_the_engines_where() -> None:
    _, problems = check_text(LATE, "late.yaml")
    assert [str(p) for p in problems] == [
        "late.yaml:8:47: the engine cannot set up this table: Ana is still in the hand on "
        "fifth street, so holds 5 cards (write ?? for a card the learner does not see); the "
        "scenario lists 3."
    ]
    _, problems = check_text(
        LATE.replace(
            'committed: 3, cards: "Ah 2h 3h"', 'committed: 5, cards: "Ah 2h 3h 4h 5h"'
        ),
        "late.yaml",
    )
    assert [(p.line, p.column) for p in problems] == [(9, 36)]  # Bo's committed
    assert problems[0].message.startswith(
        "the engine cannot set up this table: Bo and Ana are both still in with chips"
    )
