"""Dealing and deck arithmetic: the seeded stub, and whether seventh street is a community card.

Standard library only. :class:`Stub` is the undealt deck of a seeded hand (a hand without a
seed deals only the cards its seats list, and the stub is empty); :func:`river_count` is the
card arithmetic of the short-deck rule (river.community) as a pure function.

>>> from tutor.engine.rules import house_rules
>>> need, why = river_count(house_rules("online", "stud"), 8, 49, 3)
>>> need, str(why).split(": ")[-1]
(True, 'one community card is turned up in the middle and plays in every hand.')
"""

from __future__ import annotations

import copy
import random
from collections.abc import Iterable

from tutor.engine.cards import DECK, Card
from tutor.engine.messages import Message, msg
from tutor.engine.rules import HouseRules, ShortDeck


class Stub:
    """The undealt cards of a seeded hand, the burn cards, and the seed's generator."""

    __slots__ = ("rng", "deck", "burned", "released")

    def __init__(self, seed: int | None = None, used: Iterable[Card] = ()) -> None:
        self.rng: random.Random | None = None
        self.deck: list[Card] = []
        self.burned: list[Card] = []
        self.released: set[Card] = set()
        if seed is not None:
            taken = set(used)
            self.deck = [c for c in DECK if c not in taken]
            self.rng = random.Random(seed)
            self.rng.shuffle(self.deck)

    @property
    def seeded(self) -> bool:
        """Whether unknown cards are drawn from a seeded deck."""
        return self.rng is not None

    def draw(self, spare: Iterable[Card] = ()) -> Card | None:
        """The next card, or None without a seed. When the stub runs dry, ``spare`` (cards the
        seats list for streets their players folded before: still in the stub) are shuffled in.
        """
        if self.rng is not None and not self.deck:
            back = [c for c in spare if c not in self.released]
            self.released.update(back)
            self.deck.extend(back)
            self.rng.shuffle(self.deck)
        if self.rng is not None and self.deck:
            return self.deck.pop()
        return None

    def burn(self) -> None:
        """Burn the top card (seeded hands only; the count is the hand's)."""
        if self.rng is not None and self.deck:
            self.burned.append(self.deck.pop())

    def recycle_burns(self) -> None:
        """Mix the burn cards back into the stub (river.community)."""
        if self.rng is not None:
            self.deck.extend(self.burned)
            self.burned.clear()
            self.rng.shuffle(self.deck)

    def copy(self) -> Stub:
        new = Stub()
        new.deck = list(self.deck)
        new.burned = list(self.burned)
        new.released = set(self.released)
        new.rng = copy.deepcopy(self.rng)
        return new


def river_count(
    rules: HouseRules, n: int, dealt: int, burns: int
) -> tuple[bool, Message]:
    """Whether ``n`` players' seventh cards need a community card, with the arithmetic, when
    ``dealt`` cards are out and ``burns`` burned, under ``rules``' short-deck procedure."""
    stub = 52 - dealt - burns
    sd = rules.short_deck
    if sd is ShortDeck.STUB:
        avail = stub - (1 if rules.burn_cards else 0)
        need = avail < n
    elif sd is ShortDeck.RECYCLE_BURNS:
        avail = stub + burns
        need = avail < n
    else:
        avail = stub + burns
        need = avail < n + 2
    return need, msg(
        "why.river.count",
        "river.community",
        players=n,
        dealt=dealt,
        burns=burns,
        stub=stub,
        available=avail,
        procedure=sd,
        burn=rules.burn_cards,
        label=rules.label,
        need=need,
    )
