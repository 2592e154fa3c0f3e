"""Properties over random hands played by random legal actions (hypothesis)."""

from __future__ import annotations

from decimal import Decimal

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tutor.engine import (
    PRESETS,
    Game,
    Hand,
    HandSetup,
    IllegalActionError,
    SeatSetup,
    Stakes,
    TutorError,
    house_rules,
)
from tutor.engine.rules import RULE_IDS

ALL_FORMS = ["fold", "check", "call", "bring in", "complete", "bet", "raise"]


@st.composite
def hands(draw):
    n = draw(st.integers(2, 8))
    game = draw(st.sampled_from(["stud8", "stud"]))
    preset = draw(st.sampled_from(PRESETS))
    stacks = draw(
        st.lists(st.one_of(st.none(), st.integers(1, 80)), min_size=n, max_size=n)
    )
    ante = draw(st.sampled_from(["0", "0.5", "1"]))
    rake = draw(st.booleans())
    stakes = Stakes(
        small_bet=Decimal(2),
        big_bet=Decimal(4),
        ante=Decimal(ante),
        rake_percent=Decimal(5) if rake else None,
        rake_cap=Decimal(3) if rake else None,
    )
    seats = tuple(
        SeatSetup(seat=i + 1, name=f"P{i + 1}", stack=None if s is None else Decimal(s))
        for i, s in enumerate(stacks)
    )
    button = draw(st.one_of(st.none(), st.integers(1, n)))
    seed = draw(st.integers(0, 2**32))
    return Hand(
        HandSetup(
            game=Game(game),
            rules=house_rules(preset, game),
            stakes=stakes,
            seats=seats,
            button=button,
            seed=seed,
        )
    )


def _finite_total(hand: Hand) -> Decimal:
    return sum((p.stack for p in hand.players if p.stack.is_finite()), Decimal(0))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hands(), st.randoms(use_true_random=False))
def test_random_hands_conserve_chips_deal_each_card_once_and_bring_in_once(hand, rnd):
    steps = 0
    while not hand.is_over:
        legal = hand.legal_actions()
        assert legal, "a player to act always has at least one legal action"
        before = (hand.pot, hand.to_act, len(hand.history))
        # every action not listed is refused with a reason, and leaves the hand unchanged
        listed = {a.rsplit(" ", 1)[0] if a[-1].isdigit() else a for a in legal}
        for form in ALL_FORMS:
            if form not in listed:
                try:
                    hand.apply(form)
                except TutorError as err:
                    # refused by the rules: which rule, and what is open instead
                    assert isinstance(err, IllegalActionError), err
                    assert err.rule in RULE_IDS, err.rule
                    assert (
                        err.said is not None and err.said.key == "refusal.not-allowed"
                    )
                    assert err.said.params["allowed"] == tuple(legal)
                    assert str(err).startswith(f"'{form}' is not allowed: "), str(err)
                    assert f"({err.rule})" in str(err)
                else:  # pragma: no cover - a refused form must raise
                    raise AssertionError(
                        f"{form!r} was accepted though not listed in {legal}"
                    )
                assert (hand.pot, hand.to_act, len(hand.history)) == before
        hand.apply(rnd.choice(legal))
        steps += 1
        assert steps < 400
    assert sum(hand.payouts.values(), Decimal(0)) + hand.rake == hand.pot
    assert all(v > 0 for v in hand.payouts.values())
    dealt = [c for p in hand.players for c in p.cards] + (
        [hand.community] if hand.uses_community else []
    )
    assert len(dealt) == len(set(dealt))
    forced = sum(1 for op in hand.history if op.kind == "bring in") + sum(
        1
        for op in hand.history
        if op.kind == "complete" and "instead of the bring-in" in op.explanation
    )
    # Exactly one bring-in (or opening completion); none only when the low card was all in for
    # the ante and nobody after it came in (all folded, or all were all in too).
    low = hand.players[hand.bring_in_idx] if hand.bring_in_idx is not None else None
    low_all_in_for_ante = (
        low is not None and low.committed <= hand.stakes.ante and low.stack == 0
    )
    assert forced == 1 or (forced == 0 and low_all_in_for_ante)


@settings(max_examples=60, deadline=None)
@given(hands(), st.randoms(use_true_random=False))
def test_every_listed_legal_action_is_accepted(hand, rnd):
    while not hand.is_over:
        for action in hand.legal_actions():
            trial = hand.copy()
            trial.apply(action)
        hand.apply(rnd.choice(hand.legal_actions()))
