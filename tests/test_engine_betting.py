"""verify_<action>: the refusal a player meets is the check that refused, with its rule id."""

from __future__ import annotations

from enginekit import D, make_hand, play

from tutor.engine import betting
from tutor.engine.betting import Refusal
from tutor.engine.values import ActionKind


def shown(refused: Refusal | None) -> tuple[str, str, tuple[str, ...]]:
    """A refusal as its reason in English, its rule and what is allowed."""
    assert refused is not None
    return str(refused.reason), refused.rule, refused.allowed


def _third():
    return make_hand([("A", None, "?? ?? 9c"), ("B", None, "?? ?? 2d")])


def _fifth(stacks: list[object]):
    cards = ["2d 3d Kh 9s 4c", "4d 5d Qc 8s Jh", "6d 8d Jd 7c 2h"]
    seats = [(f"P{i + 1}", stacks[i], cards[i], {"committed": 5}) for i in range(3)]
    return make_hand(seats, start="fifth", small=5, big=10)


def test_bring_in_pending_refusals_name_the_rule_and_what_is_allowed() -> None:
    hand = _third()
    assert hand.to_act == "B"
    assert shown(betting.verify_check(hand)) == (
        "nobody may check on third street: the bring-in is forced",
        "bring-in.who",
        ("bring in 1", "complete 2"),
    )
    assert shown(betting.verify_fold(hand)) == (
        "B has the low card and must bring in or complete; the bring-in is a forced bet",
        "bring-in.who",
        ("bring in 1", "complete 2"),
    )
    refused = betting.verify_bet(hand)
    assert refused is not None and refused.rule == "bring-in.complete"
    assert str(refused) == (
        "the first chips on third street are the bring-in (1) or a completion to 2, "
        "not a bet (bring-in.complete)"
    )
    assert betting.verify_bring_in(hand) is None
    assert betting.verify_complete(hand) is None
    assert [betting.can_fold(hand), betting.can_bring_in(hand)] == [False, True]


def test_facing_the_bring_in_a_raise_is_refused_as_a_completion() -> None:
    hand = _third()
    hand.apply("B brings in")
    refused = betting.verify_raise(hand)
    assert shown(refused) == (
        "facing only the bring-in of 1, the next step up is to complete to 2; "
        "a completion is not a raise",
        "bring-in.complete",
        ("fold", "call 1", "complete 2"),
    )
    assert betting.can_complete(hand) and betting.can_call(hand)
    assert not betting.can_check(hand)


def test_short_all_in_does_not_reopen_the_raise_limit_all_in() -> None:
    hand = play(_fifth([100, 13, 100]), "P1 bets 10", "P2 raises 13", "P3 calls 13")
    assert shown(betting.verify_raise(hand)) == (
        "the all-in for less than half a bet (P2's to 13) does not reopen the betting for P1, "
        "who has already acted: only a call or a fold",
        "limit.all-in",
        ("fold", "call 3"),
    )


def test_the_refusal_apply_raises_is_the_verify_reason() -> None:
    hand = play(_fifth([100, 13, 100]), "P1 bets 10", "P2 raises 13", "P3 calls 13")
    refused = betting.verify_raise(hand)
    assert refused is not None
    try:
        hand.apply("P1 raises 23")
    except Exception as err:  # noqa: BLE001 - the message is what is checked
        assert str(err) == (
            f"'P1 raises 23' is not allowed: {refused.reason} ({refused.rule}). "
            "P1 may: fold; call 3."
        )
    else:  # pragma: no cover - the raise must be refused
        raise AssertionError("the raise was accepted")


def test_options_and_legal_actions_come_from_the_same_checks() -> None:
    hand = _fifth([100, 100, 100])
    p = betting.actor(hand)
    assert betting.options(hand, p) == {
        ActionKind.CHECK: [],
        ActionKind.BET: [D(10)],
    }
    assert hand.legal_actions() == betting.legal_actions(hand) == ["check", "bet 10"]
    reasons = betting.illegal_reasons(hand)
    assert set(reasons) == {"fold", "call", "bring in", "complete", "raise"}
    assert reasons["call"] == "there is no wager to call: check or bet"
    for kind in ActionKind:
        refused = betting.verify(hand, kind)
        assert (refused is None) == (kind in betting.options(hand, p))
        if refused is not None:
            assert str(refused.reason) == reasons[kind.value]
            assert refused.allowed == ("check", "bet 10")
