"""Full-hand replay speed: six-player stud hi/lo hands, antes to showdown, ours against PokerKit."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from decimal import Decimal
from typing import Any

from tutor.bench.common import SEED, BenchResult, best_of, fmt_ratio, fmt_time
from tutor.engine import (
    DECK,
    DEFAULT_GAME,
    Action,
    ActionKind,
    Card,
    Game,
    Hand,
    HandSetup,
    SeatSetup,
    Stakes,
    Street,
    house_rules,
)

HANDS = 100
ROUNDS = 3
PLAYERS = 6
ANTE, BRING_IN, SMALL_BET, BIG_BET, STACK = 1, 2, 4, 8, 1000

#: A deal: each seat's seven cards in the order dealt, and the cards left (for burns).
Deal = tuple[list[tuple[Card, ...]], list[Card]]


def seeded_deals(count: int, players: int = PLAYERS, seed: int = SEED) -> list[Deal]:
    """``count`` shuffled decks cut into seven cards per seat, the same every run.

    >>> seats, rest = seeded_deals(1, 2, seed=3)[0]
    >>> [len(s) for s in seats], len(rest)
    ([7, 7], 38)
    """
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        deck = list(DECK)
        rng.shuffle(deck)
        out.append(
            (
                [tuple(deck[7 * i : 7 * i + 7]) for i in range(players)],
                deck[7 * players :],
            )
        )
    return out


def replay_ours(
    seats_cards: Sequence[tuple[Card, ...]], game: Game = DEFAULT_GAME
) -> Hand:
    """One hand through our engine: antes, bring-in, everyone calls it, checks to showdown.

    The rules are the ``online`` preset without the open-pair option (PokerKit has none).
    """
    rules = house_rules(
        "online", game, {"open_pair_option": False} if game is not Game.RAZZ else None
    )
    stakes = Stakes(
        small_bet=Decimal(SMALL_BET),
        big_bet=Decimal(BIG_BET),
        ante=Decimal(ANTE),
        bring_in=Decimal(BRING_IN),
    )
    seats = tuple(
        SeatSetup(seat=i + 1, name=f"P{i + 1}", stack=Decimal(STACK), cards=cards)
        for i, cards in enumerate(seats_cards)
    )
    hand = Hand(HandSetup(game=game, rules=rules, stakes=stakes, seats=seats))
    hand.apply(Action(hand.to_act or "", ActionKind.BRING_IN))
    while not hand.is_over:
        kind = ActionKind.CALL if hand.street is Street.THIRD else ActionKind.CHECK
        hand.apply(Action(hand.to_act or "", kind))
    return hand


def pokerkit_automations() -> tuple[Any, ...]:
    """PokerKit's chores left to PokerKit.

    The cards are dealt by hand so both engines see the same ones, and every player shows
    at the showdown (cards speak, as in our engine). Most of PokerKit's time goes to its
    showdown: hand killing asks, player by player, whether each hand can still win.
    """
    from pokerkit import Automation

    return (
        Automation.ANTE_POSTING,
        Automation.BET_COLLECTION,
        Automation.BLIND_OR_STRADDLE_POSTING,
        Automation.HAND_KILLING,
        Automation.CHIPS_PUSHING,
        Automation.CHIPS_PULLING,
    )


def replay_razz_ours(seats_cards: Sequence[tuple[Card, ...]]) -> Hand:
    """``replay_ours`` for Razz."""
    return replay_ours(seats_cards, Game.RAZZ)


def replay_razz_pokerkit(
    seats_cards: Sequence[tuple[Any, ...]], rest: Sequence[Any]
) -> object:
    """``replay_pokerkit`` through PokerKit's FixedLimitRazz."""
    return replay_pokerkit(seats_cards, rest, razz=True)


def to_pokerkit(deal: Deal) -> tuple[list[tuple[Any, ...]], list[Any]]:
    """A deal as PokerKit's own card objects.

    Our engine is handed ``Card`` objects, already read; so PokerKit is handed its own, read
    before the timing starts, rather than text it would parse inside the timed hand.
    """
    from pokerkit import Card as PokerKitCard

    def convert(cards: Sequence[Card]) -> tuple[Any, ...]:
        return tuple(PokerKitCard.parse("".join(c.text for c in cards)))

    seats, rest = deal
    return [convert(cards) for cards in seats], list(convert(rest))


def replay_pokerkit(
    seats_cards: Sequence[tuple[Any, ...]], rest: Sequence[Any], razz: bool = False
) -> object:
    """The same hand through PokerKit's FixedLimitSevenCardStudHighLowSplitEightOrBetter
    (or FixedLimitRazz).

    The cards are PokerKit's own (``to_pokerkit``); our ``Card`` objects are converted first.
    Burn cards (PokerKit burns before fourth to seventh street) come from ``rest``, the
    cards nobody is dealt, so the seats get exactly the cards they get in ``replay_ours``.
    """
    from pokerkit import (
        FixedLimitRazz,
        FixedLimitSevenCardStudHighLowSplitEightOrBetter,
        Mode,
    )

    variant = (
        FixedLimitRazz if razz else FixedLimitSevenCardStudHighLowSplitEightOrBetter
    )
    state = variant.create_state(
        pokerkit_automations(),
        True,
        ANTE,
        BRING_IN,
        SMALL_BET,
        BIG_BET,
        STACK,
        len(seats_cards),
        mode=Mode.CASH_GAME,
    )
    if seats_cards and isinstance(seats_cards[0][0], Card):
        seats_cards, rest = to_pokerkit((list(seats_cards), list(rest)))
    burns = list(rest)
    for i, cards in enumerate(seats_cards):
        state.deal_hole(cards[:3], i)
    state.post_bring_in()
    for k in range(3, 8):
        while state.actor_index is not None:
            state.check_or_call()
        if k == 7:
            break
        state.burn_card(burns.pop())
        for i, cards in enumerate(seats_cards):
            state.deal_hole(cards[k : k + 1], i)
    while state.showdown_index is not None:  # cards speak: everyone shows
        state.show_or_muck_hole_cards(True)
    return state


def net_ours(hand: Hand) -> list[int]:
    """Chips won or lost by each seat, in seat order."""
    return [int(hand.payouts.get(p.name, 0) - p.committed) for p in hand.players]


def net_pokerkit(state: object) -> list[int]:
    """Chips won or lost by each player index, in PokerKit's finished ``state``."""
    return [int(s) - STACK for s in state.stacks]  # type: ignore[attr-defined]


def _work(
    fn: Callable[..., object], items: Sequence[tuple[object, ...]]
) -> Callable[[], None]:
    def work() -> None:
        for args in items:
            fn(*args)

    return work


def run(hands: int = HANDS, rounds: int = ROUNDS) -> BenchResult:
    """Replay the same seeded hands through both engines; best of ``rounds``, side by side.

    Summary keys: ``hand_vs_pokerkit`` (PokerKit's time / ours), ``hand_ours_us``,
    ``hand_pokerkit_us``, and the same for Razz: ``razz_hand_vs_pokerkit``,
    ``razz_hand_ours_us``, ``razz_hand_pokerkit_us``.
    """
    deals = seeded_deals(hands)
    agree = True
    contenders: dict[str, Callable[[], object]] = {
        "ours": _work(replay_ours, [(seats,) for seats, _ in deals]),
    }
    try:
        import pokerkit  # noqa: F401
    except ImportError:
        pokerkit_ok = False
    else:
        pokerkit_ok = True
        # Each engine gets the deal as its own card objects, read before timing.
        pk_deals = [to_pokerkit(deal) for deal in deals]
        contenders["pokerkit"] = _work(replay_pokerkit, pk_deals)
        # Not timed: the two engines must end the first hands with the same chips.
        agree = all(
            net_ours(replay_ours(seats)) == net_pokerkit(replay_pokerkit(seats, rest))
            for seats, rest in deals[:5]
        )
    if pokerkit_ok:
        contenders["razz-ours"] = _work(
            replay_razz_ours, [(seats,) for seats, _ in deals]
        )
        contenders["razz-pokerkit"] = _work(replay_razz_pokerkit, pk_deals)
        agree = agree and all(
            net_ours(replay_razz_ours(seats))
            == net_pokerkit(replay_razz_pokerkit(seats, rest))
            for seats, rest in deals[:5]
        )
    t = best_of(contenders, hands, rounds)
    what = f"{PLAYERS}-player stud8 hand, antes to showdown"
    rows = [["replay", "engine", "time per hand", "ours faster by"]]
    rows.append(
        [
            what,
            "ours: Hand.apply (checked actions, explanations, award)",
            fmt_time(t["ours"]),
            "-",
        ]
    )
    summary: dict[str, float] = {"hand_ours_us": round(t["ours"] * 1e6, 1)}
    if pokerkit_ok:
        rows.append(
            [
                what,
                "PokerKit FixedLimitSevenCardStudHighLowSplitEightOrBetter",
                fmt_time(t["pokerkit"]),
                fmt_ratio(t["pokerkit"] / t["ours"]),
            ]
        )
        summary["hand_pokerkit_us"] = round(t["pokerkit"] * 1e6, 1)
        summary["hand_vs_pokerkit"] = round(t["pokerkit"] / t["ours"], 1)
        razz = f"{PLAYERS}-player razz hand, antes to showdown"
        rows.append(
            [razz, "ours: Hand.apply (Game.RAZZ)", fmt_time(t["razz-ours"]), "-"]
        )
        rows.append(
            [
                razz,
                "PokerKit FixedLimitRazz",
                fmt_time(t["razz-pokerkit"]),
                fmt_ratio(t["razz-pokerkit"] / t["razz-ours"]),
            ]
        )
        summary["razz_hand_ours_us"] = round(t["razz-ours"] * 1e6, 1)
        summary["razz_hand_pokerkit_us"] = round(t["razz-pokerkit"] * 1e6, 1)
        summary["razz_hand_vs_pokerkit"] = round(t["razz-pokerkit"] / t["razz-ours"], 1)
        if not agree:
            rows.append(
                [
                    what,
                    "WARNING: the engines paid out differently on a timed hand",
                    "-",
                    "-",
                ]
            )
    else:
        rows.append([what, "PokerKit: not installed (pip install pokerkit)", "-", "-"])
    return rows, summary
