"""No engine structure carries rendered text: what one module hands another is messages."""

from __future__ import annotations

from pathlib import Path

import pytest

from tutor.engine.errors import NeedsCardsError
from tutor.engine.messages import Message
from tutor.engine.rulings import ASK_KINDS, NEEDS_PLAYER
from tutor.engine.table import Hand
from tutor.engine.values import Operation
from tutor.scenarios.bank import load_scenario
from tutor.scenarios.replay import walk
from tutor.wording.en import CATALOGUE

BANK = Path(__file__).resolve().parents[1] / "scenarios"
SOME = (
    "bring-in/bring-in-short-of-the-bring-in.yaml",
    "irregularities/irr-exposed-both-holes-roberts.yaml",
    "irregularities/irr-exposed-river-roberts.yaml",
    "irregularities/irr-exposed-river-tda.yaml",
    "irregularities/irr-wrong-bring-in-caught-roberts.yaml",
    "irregularities/irr-misdeal-cutoff-tda.yaml",
)


def _messages(value: object) -> list[Message]:
    """Every message in ``value``, nested parameters included."""
    if isinstance(value, Message):
        return [value, *(m for v in value.params.values() for m in _messages(v))]
    if isinstance(value, (tuple, list)):
        return [m for v in value for m in _messages(v)]
    return []


def _is_said(value: object) -> bool:
    return isinstance(value, tuple) and all(isinstance(m, Message) for m in value)


def _rulings(hand: Hand) -> list[tuple[Message, ...]]:
    names = [p.name for p in hand.players]
    out = []
    for kind in ASK_KINDS:
        for player in names if kind in NEEDS_PLAYER else [None]:
            try:
                out.append(hand.copy().answer(kind, player=player).why)
            except NeedsCardsError as exc:
                assert isinstance(exc.said, Message), (kind, str(exc))
            except ValueError:
                pass
    return out


@pytest.mark.parametrize("name", SOME)
def test_operations_rulings_and_hand_reasons_are_messages(name: str) -> None:
    results = walk(load_scenario(BANK / name))
    assert results
    for result in results:
        ops: tuple[Operation, ...] = result.operations
        for op in ops:
            assert isinstance(op.said, Message), op
            assert _is_said(op.why), op
        hand = result.hand
        for said in (hand.opener_said, hand.bring_in_said, hand.community_said):
            assert _is_said(said), said
        assert (
            hand.blocked_said is None
            or isinstance(hand.blocked_said, Message)
            or (_is_said(hand.blocked_said))
        )
        assert all(isinstance(p, Message) for p in hand.problems)
        for why in _rulings(hand):
            assert _is_said(why)
            said = _messages(why) + [
                m for op in ops for m in _messages((op.said, *op.why))
            ]
            assert "ruling.text" not in {m.key for m in said}


def test_no_catch_all_text_key() -> None:
    assert "ruling.text" not in CATALOGUE


def _event_hand(name: str) -> Hand:
    step = next(r for r in walk(load_scenario(BANK / name)) if r.kind == "event")
    return step.hand


def test_exposed_river_opener_names_the_board_as_a_message() -> None:
    hand = _event_hand("irregularities/irr-exposed-river-roberts.yaml")
    [said] = hand.opener_said
    assert said.key == "irr.sentence.capital"
    inner = said.params["said"]
    assert isinstance(inner, Message)
    assert inner.key == "irr.river-exposed.opener.board"
    assert inner.params["player"] == "Ana"
    board = inner.params["board"]
    assert isinstance(board, Message) and board.key == "board.three-of-a-kind"
    assert hand.opener_reason.startswith(
        "The highest board counting every upcard, the exposed seventh card(s) included, "
        "acts first: Ana with "
    )


def test_exposed_hole_card_bring_in_reason_is_a_message() -> None:
    hand = _event_hand("irregularities/irr-exposed-both-holes-roberts.yaml")
    [said] = hand.bring_in_said
    assert said.key == "irr.sentence"
    assert said.params["said"].key == "irr.exposed-hole.dead.no-bring-in"
    assert hand.opener_said == hand.bring_in_said


def test_misdeal_blocks_the_hand_with_a_message() -> None:
    name = "irregularities/irr-misdeal-cutoff-tda.yaml"
    hands = [r.hand for r in walk(load_scenario(BANK / name))]
    blocked = [h.blocked_said for h in hands if isinstance(h.blocked_said, Message)]
    assert [m.key for m in blocked] == ["irr.misdeal.blocked"] * len(blocked)
    assert blocked


def test_showdown_order_on_unknown_boards_says_a_sentence_not_a_repr() -> None:
    step = walk(load_scenario(BANK / "bring-in/bring-in-short-of-the-bring-in.yaml"))[3]
    with pytest.raises(NeedsCardsError) as info:
        step.hand.copy().answer("showdown-order")
    assert info.value.said is not None
    assert info.value.said.key == "table.opener.unknown-board"
    assert str(info.value) == (
        "who acts first depends on Ana's cards showing, which are unknown (??): give every "
        "live player's up cards (act.later)."
    )
