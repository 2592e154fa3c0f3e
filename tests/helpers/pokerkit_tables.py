"""What the PokerKit differential tests share: how many hands they play, the table both
engines are dealt, PokerKit's state dealt the same cards as ours, and the random player.

``TUTOR_DIFFERENTIAL_FULL=1`` plays every seeded hand (``.ci/run`` does); by default each
test plays one in ``share`` of them, with its coverage floors scaled alike.
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable
from decimal import Decimal
from typing import Any

import pokerkit

from tutor.engine import ActionKind, Stakes
from tutor.engine.cards import Card

#: Whether to play every seeded hand (``TUTOR_DIFFERENTIAL_FULL=1``).
FULL = os.environ.get("TUTOR_DIFFERENTIAL_FULL", "").strip() not in ("", "0")


def share(default: int) -> int:
    """One hand in ``default`` by default; every hand when FULL."""
    return 1 if FULL else default


#: The table both engines play: antes, the bring-in, the bets, everyone's stack.
ANTE, BRING_IN, SMALL_BET, BIG_BET, STACK = 1, 2, 4, 8, 1000
STAKES = Stakes(
    small_bet=Decimal(SMALL_BET),
    big_bet=Decimal(BIG_BET),
    ante=Decimal(ANTE),
    bring_in=Decimal(BRING_IN),
)
AUTOMATIONS = (
    pokerkit.Automation.ANTE_POSTING,
    pokerkit.Automation.BET_COLLECTION,
    pokerkit.Automation.BLIND_OR_STRADDLE_POSTING,
    pokerkit.Automation.HAND_KILLING,
    pokerkit.Automation.CHIPS_PUSHING,
    pokerkit.Automation.CHIPS_PULLING,
)
#: How often the random player picks each kind of action when it is legal.
WEIGHTS = {
    "fold": 1,
    "check": 6,
    "call": 6,
    "bring": 1,
    "complete": 1,
    "bet": 2,
    "raise": 1,
}


class PokerKitHand:
    """PokerKit's state of ``game`` (a PokerKit fixed-limit stud game class), dealt the
    same cards as our hand (burns from the unused cards)."""

    def __init__(
        self, game: Any, seats: list[tuple[Card, ...]], rest: list[Card]
    ) -> None:
        create: Callable[..., Any] = game.create_state
        self.state = create(
            AUTOMATIONS,
            True,
            ANTE,
            BRING_IN,
            SMALL_BET,
            BIG_BET,
            STACK,
            len(seats),
            mode=pokerkit.Mode.CASH_GAME,
        )
        self.seats = [[c.text for c in cards] for cards in seats]
        self.dealt = [0] * len(seats)
        self.burns = [c.text for c in rest]
        self.settle()

    def settle(self) -> None:
        """Do every step that is not a decision: burns, deals, and showing at the showdown."""
        st = self.state
        while True:
            if st.can_burn_card():
                st.burn_card(self.burns.pop())
            elif st.can_deal_hole():
                i = st.hole_dealee_index
                st.deal_hole(self.seats[i][self.dealt[i]], i)
                self.dealt[i] += 1
            elif st.can_show_or_muck_hole_cards():
                st.show_or_muck_hole_cards(True)
            else:
                return

    def act(self, kind: ActionKind) -> None:
        st = self.state
        if kind is ActionKind.FOLD:
            st.fold()
        elif kind in (ActionKind.CHECK, ActionKind.CALL):
            st.check_or_call()
        elif kind is ActionKind.BRING_IN:
            st.post_bring_in()
        else:  # complete, bet, raise: fixed limit leaves one size
            st.complete_bet_or_raise_to()
        self.settle()

    def net(self) -> list[int]:
        """What each seat won or lost."""
        return [int(s) - STACK for s in self.state.stacks]


def choose(rng: random.Random, legal: list[str]) -> ActionKind:
    """A kind of action among the legal ones, picked by :data:`WEIGHTS`."""
    kinds = {
        ActionKind(" ".join(a.split()[:2]) if a.startswith("bring") else a.split()[0])
        for a in legal
    }
    ordered = sorted(kinds, key=lambda k: k.value)
    return rng.choices(ordered, [WEIGHTS[k.value.split()[0]] for k in ordered])[0]
