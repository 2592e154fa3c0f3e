"""The floor audit's rulings (issue 7), one test per item, each named after the rule id it checks.

Every number here is worked out by hand from ../shared/rules.md; the comments show the sums.
"""

from __future__ import annotations

import itertools
from decimal import Decimal

import pytest
from enginekit import D, make_hand, play

from tutor.engine import (
    Action,
    ActionKind,
    Game,
    Hand,
    HandSetup,
    IllegalActionError,
    SeatSetup,
    Stakes,
    Street,
    house_rules,
)
from tutor.engine.table import STREETS

PRESETS = ("online", "roberts", "wsop-cash", "tda")


# --------------------------------------------------------------------- item 8: seeded deals
def _fold_patterns() -> list[tuple[int, tuple[int, ...]]]:
    """Every seat count and every count of live players on fourth to seventh street."""
    return [
        (n, lives)
        for n in range(2, 9)
        for lives in itertools.combinations_with_replacement(range(n, 1, -1), 4)
    ]


def _play_pattern(
    preset: str, n: int, lives: tuple[int, ...], seed: int, **house: object
) -> Hand:
    """A seeded hand of ``n`` players where the live count on fourth..seventh street is ``lives``.

    Players who fold have chips; two more play to the end; the rest are all in for the ante, so
    the hand needs few decisions. A folder folds facing a bet, which a deep player makes."""
    fold_on: dict[str, Street] = {}
    prev, k = n, 0
    for street, live in zip(STREETS[1:], lives, strict=False):
        for _ in range(prev - live):
            fold_on[f"P{k}"] = STREETS[STREETS.index(street) - 1]
            k += 1
        prev = live
    seats = tuple(
        SeatSetup(seat=i + 1, name=f"P{i}", stack=None if i < k + 2 else D(1))
        for i in range(n)
    )
    rules = house_rules(preset, Game.STUD8, dict(house) or None)
    stakes = Stakes(small_bet=D(2), big_bet=D(4), ante=D(1))
    hand = Hand(
        HandSetup(game=Game.STUD8, rules=rules, stakes=stakes, seats=seats, seed=seed)
    )
    while not hand.is_over:
        name = hand.to_act
        assert name is not None, hand.blocked
        me = hand.players[hand.to_act_idx]  # type: ignore[index]
        facing = hand.current > me.bet
        folds_now = fold_on.get(name) is hand.street
        others_fold = any(
            fold_on.get(p.name) is hand.street and not p.folded for p in hand.players
        )
        if hand.forced_pending:
            kind = ActionKind.BRING_IN
        elif facing:
            kind = ActionKind.FOLD if folds_now else ActionKind.CALL
        elif others_fold and not folds_now and not hand.bet_made:
            kind = ActionKind.BET
        else:
            kind = ActionKind.CHECK
        amount = min(hand.sizes()) if kind is ActionKind.BET else None
        hand.apply(Action(name, kind, amount))
    return hand


@pytest.mark.parametrize(
    ("preset", "house"),
    [(p, {}) for p in PRESETS]
    + [
        ("online", {"burn_cards": True}),
        ("roberts", {"burn_cards": False}),
        ("wsop-cash", {"burn_cards": False}),
        ("roberts", {"short_deck": "count-plus-two"}),
        ("tda", {"short_deck": "recycle-burns"}),
    ],
)
def test_river_community_seeded_hands_never_run_out_of_cards(
    preset: str, house: dict[str, object]
) -> None:
    """Item 8. How a hand is dealt depends only on the card count: the seats, and how many are
    still in on each street. Every such count (462 of them) is played here as a seeded hand to
    its award, under each preset's short-deck procedure: no card is ever missing."""
    seen_community = 0
    for k, (n, lives) in enumerate(_fold_patterns()):
        hand = _play_pattern(preset, n, lives, seed=1000 * k + n, **house)
        assert hand.award_blocked is None, (n, lives)
        live = [p for p in hand.players if not p.folded]
        assert [len(p.cards) for p in live] == [6 if hand.uses_community else 7] * len(
            live
        )
        assert all(c is not None for p in hand.players for c in p.cards)
        assert (hand.community is not None) == bool(hand.uses_community)
        dealt = [c for p in hand.players for c in p.cards] + [hand.community]
        dealt = [c for c in dealt if c is not None]
        assert len(set(dealt)) == len(dealt)
        total = sum(hand.payouts.values(), Decimal(0)) + hand.rake
        assert total == hand.pot
        seen_community += bool(hand.uses_community)
    assert seen_community > 0


# --------------------------------------------------------------------- item 1: uncalled chips
def test_pot_uncalled_bet_on_fourth_street_goes_back_unraked() -> None:
    hand = make_hand(
        [
            ("A", 100, "?? ?? Kd 5c"),
            ("B", 100, "?? ?? 2d 9h"),
            ("C", 100, "?? ?? 7c Qs"),
        ],
        ante=1,
        rake=(20, 5),
    )
    # antes 3; B brings in 1, C completes to 2, A calls 2, B calls 1 more: pot 9.
    play(hand, "B brings in", "C completes", "A calls", "B calls")
    assert hand.pot == D(9) and hand.to_act == "A"  # king high on fourth street
    play(hand, "A bets", "B folds", "C folds")
    # A's 2 is uncalled and goes back; the pot stays 9; rake 20% of 9 = 1.8, down to 1.
    award = hand.answer("award")
    assert award.answer == {"payouts": {"A": D(8)}, "rake": D(1)}
    assert hand.returned == {"A": D(2)}
    back = [op for op in hand.history if op.kind == "uncalled"]
    assert [(op.player, op.amount, op.rules) for op in back] == [
        ("A", D(2), ("pot.uncalled",))
    ]
    assert award.rules == ("round.end", "pot.uncalled", "pot.rake")
    assert "The 2 nobody called went back to A first" in award.explanation
    assert hand.answer("pot").answer == {"pot": D(9)}
    assert hand.answer("pot").rules == ("ante.post", "pot.uncalled")


def test_pot_uncalled_river_bet_called_all_in_for_less_is_not_raked() -> None:
    hand = make_hand(
        [
            ("A", 50, "As Ad 2c 3d 4h 9s Jc", {"committed": 20}),
            ("B", 2, "Ks Kd 5c 6d 7h 8s Qc", {"committed": 20}),
        ],
        game="stud",
        small=5,
        big=10,
        bring_in=2,
        rake=(10, 10),
        start="seventh",
    )
    play(hand, "A bets", "B calls")  # B is all in for 2 of the 10
    # 8 of A's 10 go back; the one pot is 20 + 20 + 2 + 2 = 44; rake 10% = 4.4, down to 4
    # (on 52, with the excess, it would have been 5).
    assert hand.answer("award").answer == {"payouts": {"A": D(40)}, "rake": D(4)}
    assert hand.returned == {"A": D(8)}
    assert hand.pots == [(D(44), (0, 1))]  # never a side pot of one player
    assert hand.players[0].stack == D(48)  # 50 - 10 + 8


def test_pot_uncalled_bring_in_nobody_calls_is_not_won() -> None:
    hand = make_hand([("A", 10, "?? ?? 9c"), ("B", 10, "?? ?? 2d")], ante=0)
    play(hand, "B brings in", "A folds")
    assert hand.answer("award").answer == {"payouts": {}, "rake": D(0)}
    assert hand.returned == {"B": D(1)}


# --------------------------------------------------------------------- item 2: rake across pots
def test_pot_rake_shares_in_proportion_with_largest_remainders() -> None:
    from tutor.engine.showdown import rake_shares

    # 3 x 30/70 = 1.2857 and 3 x 40/70 = 1.7142: 1.28 + 1.71 = 2.99, the cent to the main pot
    assert rake_shares([D(30), D(40)], D(3), D("0.01")) == [D("1.29"), D("1.71")]
    # equal remainders: the earlier pot first
    assert rake_shares([D(10), D(10), D(10)], D(2), D(1)) == [D(1), D(1), D(0)]


def test_pot_rake_never_takes_an_all_in_players_whole_pot() -> None:
    hand = make_hand(
        [
            ("S1", 0, "As Ah Ad Ks Kh 2c 3c", {"committed": 1}),
            ("S2", 10, "Qs Qh 4d 5d 7s 9c Jd", {"committed": 31}),
            ("S3", 10, "Js Jh 4c 5c 7h 9d Td", {"committed": 31}),
        ],
        game="stud",
        rake=(10, 5),
        start="showdown",
    )
    # pots 3 (all three) and 60 (S2, S3): total 63, 10% = 6.3, capped at 5.
    # shares 5 x 3/63 = 0.238 and 5 x 60/63 = 4.762: 0 and 4, the chip left to the side pot.
    award = hand.answer("award")
    assert award.answer == {"payouts": {"S1": D(3), "S2": D(55)}, "rake": D(5)}
    assert award.rules == ("hand.high", "pot.side", "pot.rake")
    assert "0 from the main pot, 5 from side pot 1" in award.explanation


# --------------------------------------------------------------------- item 3: short all-ins
def _fifth(stack_c: object) -> Hand:
    return make_hand(
        [
            ("A", None, "?? ?? Ks Kd 3c", {"committed": 10}),
            ("B", None, "?? ?? 2s 7d 9c", {"committed": 10}),
            ("C", stack_c, "?? ?? 4s 8d Jc", {"committed": 10}),
        ],
        start="fifth",
    )


def test_limit_all_in_short_raise_does_not_reopen_for_those_who_acted() -> None:
    hand = _fifth(5)
    play(
        hand, "A bets", "B calls", "C raises"
    )  # C is all in to 5: 1 over the 4, under 2
    raise_op = hand.history[-1]
    assert raise_op.text == "C raises to 5" and raise_op.rules[0] == "limit.all-in"
    assert hand.answer("raises-left").answer == {"raises_left": 3}  # it is not a raise
    legal = hand.answer("legal-actions")
    assert legal.answer == {"player": "A", "actions": ["fold", "call 1"]}
    assert legal.rules[0] == "limit.all-in"
    assert "C's all-in to 5 was less than half a bet" in legal.explanation
    with pytest.raises(IllegalActionError) as err:
        hand.apply("A raises")
    assert err.value.rule == "limit.all-in"
    assert "does not reopen the betting for A, who has already acted" in str(err.value)


def test_limit_all_in_half_a_raise_counts_as_a_full_one() -> None:
    hand = _fifth(7)
    play(hand, "A bets", "B calls", "C raises")  # all in to 7: 3 over 4, at least 2
    assert hand.answer("raises-left").answer == {"raises_left": 2}
    legal = hand.answer("legal-actions")
    assert legal.answer == {"player": "A", "actions": ["fold", "call 3", "raise 11"]}
    assert legal.rules[0] == "limit.all-in"
    assert "counts as full: a raise goes to 7 plus one bet" in legal.explanation
    with pytest.raises(IllegalActionError) as err:
        hand.apply("A raises 12")
    assert err.value.rule == "limit.all-in"


def test_limit_all_in_player_yet_to_act_raises_from_the_last_full_level() -> None:
    hand = make_hand(
        [
            ("A", None, "?? ?? Ks Kd 3c", {"committed": 10}),
            ("B", 5, "?? ?? 2s 7d 9c", {"committed": 10}),
            ("C", None, "?? ?? 4s 8d Jc", {"committed": 10}),
        ],
        start="fifth",
    )
    play(hand, "A bets", "B raises")  # B all in to 5
    legal = hand.answer("legal-actions")
    assert legal.answer == {"player": "C", "actions": ["fold", "call 5", "raise 8"]}
    assert legal.rules[0] == "limit.all-in"


def test_limit_all_in_third_street_half_the_completion() -> None:
    def third(stack_b: int) -> Hand:
        return make_hand(
            [
                ("A", None, "?? ?? 2c"),
                ("B", stack_b, "?? ?? 9d"),
                ("C", None, "?? ?? Kh"),
            ],
            small=10,
            big=20,
            bring_in=3,
        )

    short = play(third(4), "A brings in", "B completes")  # 4: under half of 10
    assert short.history[-1].rules == ("limit.all-in", "bring-in.complete")
    assert short.answer("legal-actions").answer == {
        "player": "C",
        "actions": ["fold", "call 4", "complete 10"],
    }
    play(short, "C calls")
    assert short.answer("legal-actions").answer == {
        "player": "A",
        "actions": ["fold", "call 1"],
    }
    full = play(third(6), "A brings in", "B completes")  # 6: at least half of 10
    assert full.answer("legal-actions").answer == {
        "player": "C",
        "actions": ["fold", "call 6", "raise 16"],
    }


def test_showdown_order_short_all_in_raise_makes_the_last_aggressor() -> None:
    hand = make_hand(
        [
            ("A", None, "As Ad 2c 3d 4h 9s Jc", {"committed": 20}),
            ("B", 5, "Ks Kd 5c 6d 7h 8s Qc", {"committed": 20}),
        ],
        game="stud",
        start="seventh",
    )
    play(hand, "A bets", "B raises", "A calls")  # B all in to 5 over A's 4
    order = hand.answer("showdown-order")
    assert order.answer == {"player": "B", "seat": 2}
    assert "counts as a bet or raise here" in order.explanation


# --------------------------------------------------------------------- item 4: open pair
def test_limit_open_pair_option_lasts_the_round_after_the_pair_folds() -> None:
    hand = make_hand(
        [
            ("P", None, "?? ?? 7s 7d", {"committed": 10}),
            ("Q", None, "?? ?? Ks 2d", {"committed": 10}),
            ("R", None, "?? ?? Qs 3d", {"committed": 10}),
        ],
        game="stud",
        preset="roberts",
        small=5,
        big=10,
        start="fourth",
    )
    play(hand, "P bets 5", "Q raises 15", "R raises 25", "P folds")
    # settled when fourth street was dealt: after the big raise every raise is big, 25 + 10
    legal = hand.answer("legal-actions")
    assert legal.answer == {"player": "Q", "actions": ["fold", "call 10", "raise 35"]}
    assert legal.rules[0] == "limit.open-pair"
    assert "even though P (the pair) has folded" in legal.explanation
    assert hand.answer("bet-sizes").answer == {"sizes": [D(10)]}


# --------------------------------------------------------------------- item 5: odd chips
def _odd_both_halves(preset: str) -> Hand:
    # A and B tie high (K-Q-8-6-4) and low (8-6-4-3-2); C folded with 2 in: pot 62,
    # high 31 and low 31, 15 each and one odd chip in each half.
    return make_hand(
        [
            ("A", 10, "2d 3c 4s 6h 8c Kh Qd", {"committed": 30}),
            ("B", 10, "2c 3d 4h 6s 8d Ks Qc", {"committed": 30}),
            ("C", 10, "Tc Td Th", {"committed": 2, "folded": True}),
        ],
        preset=preset,
        start="showdown",
    )


def test_split_ties_roberts_no_second_odd_chip_while_a_tied_player_has_none() -> None:
    award = _odd_both_halves("roberts").answer("award")
    # high: B's K♠ beats A's K♥; low: B's 2♣ is the lowest card, but B has an odd chip
    # already and A none, so A takes the low one.
    assert award.answer["payouts"] == {"A": D(31), "B": D(31)}
    assert "(B's K♠ against A's K♥)" in award.explanation
    assert (
        "1 odd chip of 1 in the tied low goes to A: under roberts, the lowest card by suit among "
        "all their cards, the ace lowest; no player gets a second odd chip of a pot while another "
        "tied player has none."
    ) in award.explanation


@pytest.mark.parametrize(
    ("preset", "a", "b"),
    [("online", 32, 30), ("wsop-cash", 30, 32), ("tda", 30, 32)],
)
def test_split_ties_other_presets_may_give_both_odd_chips(
    preset: str, a: int, b: int
) -> None:
    award = _odd_both_halves(preset).answer("award")
    assert award.answer["payouts"] == {"A": D(a), "B": D(b)}
    if preset != "online":
        assert "(B's 8♦ against A's 8♣)" in award.explanation  # the low's highest card


# --------------------------------------------------------------------- item 6: partial ante
def test_ante_post_partial_ante_reports_what_was_posted() -> None:
    hand = make_hand(
        [("A", 20, "?? ?? 9c"), ("B", 20, "?? ?? 2d"), ("C", 1, "?? ?? Kd")], ante=2
    )
    ante = hand.answer("ante")
    assert ante.answer == {"each": D(2), "total": D(5)}  # 2 + 2 + 1
    assert hand.answer("pot").answer == {"pot": D(5)}
    assert "C has only 1 and posts all of it" in ante.explanation
    assert "2 x 2 + 1 = 5" in ante.explanation
    assert hand.history[0].text == "The antes: 5 in all"


# --------------------------------------------------------------------- item 7: low asks in stud
def test_hand_low_stud_has_no_low_half_in_the_engine() -> None:
    from tutor.engine import TutorError

    hand = make_hand(
        [
            ("A", 0, "Ac 2d 3h 4s 6c Kd Kh", {"committed": 5}),
            ("B", 0, "Ts Th Tc 9s 9h 9c 5d", {"committed": 5}),
        ],
        game="stud",
        start="showdown",
    )
    for kind in ("low-winner", "best-low", "low-qualifies"):
        with pytest.raises(TutorError, match="Seven Card Stud has no low half"):
            hand.answer(kind, player="A")


STUD_LOW = """\
id: stud-low
title: A low question in stud
topic: showdown
level: 1
game: stud
rules: online
stakes: {small_bet: 2, big_bet: 4, ante: 0}
button: null
start: {street: showdown}
seats:
  - {seat: 1, name: Ana, committed: 5, stack: 0, cards: "Ac 2d 3h 4s 6c Kd Kh"}
  - {seat: 2, name: Bo, committed: 5, stack: 0, cards: "Ts Th Tc 9s 9h 9c 5d"}
steps:
  - ask: high-winner
  - ask: low-winner
"""


def test_hand_low_validator_refuses_low_asks_in_stud() -> None:
    from tutor.engine.rules import VARIANTS
    from tutor.scenarios import check_text

    # the games with a low half, as the engine knows them ('game: stud8' or 'game: razz')
    low_games = " or ".join(f"'game: {g}'" for g, v in VARIANTS.items() if v.low_half)

    _, problems = check_text(STUD_LOW, "stud-low.yaml")
    assert [str(p) for p in problems] == [
        (
            "stud-low.yaml:15:10: steps[1].ask: Seven Card Stud has no low half: a low-winner "
            f"ask needs {low_games} (a game with a low half); ask "
            "high-winner or best-high instead, or remove this step (hand.low)."
        )
    ]


def test_razz_validator_refuses_high_and_qualifier_asks() -> None:
    from tutor.scenarios import check_text

    razz = STUD_LOW.replace("game: stud", "game: razz").replace(
        "ask: low-winner", "ask: low-qualifies\n    player: Ana"
    )
    _, problems = check_text(razz, "razz.yaml")
    assert [str(p) for p in problems] == [
        "razz.yaml:14:10: steps[0].ask: Razz is played for low only: a high-winner ask has "
        "no meaning there; ask best-low or low-winner instead (razz.low). Or remove this "
        "step.",
        "razz.yaml:15:10: steps[1].ask: Razz has no qualifier: every hand makes a low, so "
        "ask best-low instead (razz.low). Or remove this step.",
    ]


# --------------------------------------------------------------------- item 9: impossible starts
START = """\
id: bad-start
title: An impossible start
topic: side-pots
level: 1
game: stud8
rules: online
stakes: {{small_bet: 2, big_bet: 4, ante: 0}}
button: null
{community}start: {{street: fourth}}
seats:
  - {{seat: 1, name: Ana, committed: {ana}, stack: 10, cards: "Ac 2d 3h 4s"}}
  - {{seat: 2, name: Bo, committed: 4, stack: 10, cards: "Ts Th Tc 9s"}}
  - {{seat: 3, name: Cy, committed: 2, folded: true, cards: "{cy}"}}
steps:
  - ask: pot
"""


def _start_problems(
    ana: int = 4, cy: str = "5c 5d 5h", community: str = ""
) -> list[str]:
    from tutor.scenarios import check_text

    text = START.format(ana=ana, cy=cy, community=community)
    return [str(p) for p in check_text(text, "bad.yaml")[1]]


def test_round_end_start_with_unequal_committed_is_refused() -> None:
    assert _start_problems() == []
    problems = _start_problems(ana=6)
    assert len(problems) == 1
    assert problems[0].startswith(
        "bad.yaml:12:36: the engine cannot set up this table: Bo and Ana are both still in "
        "with chips, yet have put in 4 and 6"
    )
    assert "(round.end)" in problems[0]


def test_deal_order_folded_seat_with_cards_of_a_later_street_is_refused() -> None:
    problems = _start_problems(cy="5c 5d 5h 6c")
    assert len(problems) == 1
    assert problems[0].startswith(
        "bad.yaml:13:60: the engine cannot set up this table: Cy folded before fourth street "
        "betting opened, so holds at most 3 cards"
    )


def test_river_community_card_given_where_none_is_needed_is_refused() -> None:
    problems = _start_problems(community="community: Qh\n")
    assert len(problems) == 1
    assert problems[0].startswith(
        "bad.yaml:9:12: community: `community:` gives a card, but this hand can never need one"
    )


# --------------------------------------------------------------------- item 10: cited rules
def _third_low_all_in() -> Hand:
    return make_hand(
        [
            ("A", 20, "?? ?? 9c"),
            ("B", 1, "?? ?? 2d"),
            ("C", 20, "?? ?? Kd"),
            ("D", 20, "?? ?? 5d"),
        ],
        ante=1,
    )


def _showdown() -> Hand:
    return make_hand(
        [
            ("A", 0, "Ac 2d 3h 4s 6c Kd Kh", {"committed": 5}),
            ("B", 0, "Ts Th Tc 9s 9h 9c 5d", {"committed": 5}),
        ],
        start="showdown",
    )


def _fifth_wsop_heads_up() -> Hand:
    hand = make_hand(
        [
            ("A", None, "?? ?? Ks Kd 3c", {"committed": 10}),
            ("B", None, "?? ?? 2s 7d 9c", {"committed": 10}),
            ("C", None, "?? ?? 4s 8d Jc", {"committed": 10}),
        ],
        preset="wsop-cash",
        start="fifth",
    )
    return play(hand, "A bets", "B folds")


@pytest.mark.parametrize(
    ("build", "kind", "player", "rules", "says"),
    [
        (_third_low_all_in, "ante", None, ("ante.post",), "4 x 1 = 4"),
        (_third_low_all_in, "buy-in", None, ("table.buy-in",), "10 x 2 = 20"),
        (
            _third_low_all_in,
            "bring-in",
            None,
            ("bring-in.who", "bring-in.amount", "bring-in.all-in"),
            "B has nothing left after the ante, so posts no bring-in.",
        ),
        (
            _third_low_all_in,
            "first-to-act",
            None,
            ("bring-in.who", "act.third", "bring-in.all-in"),
            "B is all in for the ante, so C acts first",
        ),
        (
            lambda: play(_third_low_all_in(), "C folds"),
            "next-to-act",
            None,
            ("bring-in.all-in", "act.third"),
            "After C folds, nobody has brought in yet",
        ),
        (
            lambda: play(_third_low_all_in(), "C folds"),
            "legal-actions",
            None,
            ("bring-in.all-in", "bring-in.complete"),
            "so D may fold, bring in (1) or complete to 2.",
        ),
        (
            _third_low_all_in,
            "bet-sizes",
            None,
            ("bring-in.complete", "limit.small"),
            "the completion to the small bet of 2",
        ),
        (
            _fifth_wsop_heads_up,
            "raises-left",
            None,
            ("cap.raises",),
            "unlimited only if the round began heads-up, and this one did not",
        ),
        (_third_low_all_in, "pot", None, ("ante.post",), "A 1 + B 1 + C 1 + D 1 = 4."),
        (
            _third_low_all_in,
            "community-card",
            None,
            ("river.community",),
            "52 - 24 = 28. That is enough for 4 players",
        ),
        (_showdown, "best-high", "A", ("hand.high",), "Kh Kd Ac 6c 4s"),
        (_showdown, "best-low", "A", ("hand.low",), "6-4-3-2-A"),
        (_showdown, "low-qualifies", "A", ("hand.low",), "6-4-3-2-A"),
        (_showdown, "high-winner", None, ("hand.high",), "full house"),
        (_showdown, "low-winner", None, ("hand.low",), "the best is A"),
        (
            _showdown,
            "award",
            None,
            ("hand.high", "hand.low", "split.halves"),
            "high 5 to B",
        ),
        (_showdown, "showdown-order", None, ("showdown.order",), "Nobody bet"),
    ],
)
def test_explanations_cite_the_rules_that_decided(
    build: object, kind: str, player: str | None, rules: tuple[str, ...], says: str
) -> None:
    ruling = build().answer(kind, player=player)  # type: ignore[operator]
    assert ruling.rules == rules
    assert says in ruling.explanation
