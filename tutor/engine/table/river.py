"""The river procedure: whether seventh street is one community card, and the burns.

Before seventh street the dealer counts the cards left in the stub against the players
still in (``tutor.engine.dealing.river_count``): where too few are left, one community card
is dealt face up for all (river.community), else one card face down to each (river.down).
The burn before it follows the preset's short-deck procedure (recycling the burn cards, or
skipping the burn).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tutor.engine.dealing import river_count
from tutor.engine.messages import Said, msg
from tutor.engine.rules import ShortDeck
from tutor.engine.table.stub import deal_to, draw
from tutor.engine.values import STREETS, PlayerState

if TYPE_CHECKING:
    from tutor.engine.table import Hand


def community_why(hand: Hand) -> tuple[bool, Said]:
    """Whether seventh street is (or will be) one community card, and the arithmetic as
    data. Before seventh street this assumes every live player stays in (river.community)."""
    if hand.uses_community is not None:
        return hand.uses_community, hand.community_said
    n = len(hand.live())
    left = 3 - STREETS.index(hand.street) if hand.street in STREETS[:4] else 0
    burns = hand.burns + (left if hand.rules.burn_cards else 0)
    need, why = river_count(hand.rules, n, hand.dealt + n * left, burns)
    return need, (why,)


def river_burn(hand: Hand, need: bool, n: int) -> Said:
    """Burn (or skip the burn) before seventh street as the preset's short-deck procedure
    says, mixing the burn cards back into the stub where it recycles them; returns what
    the dealer did beyond the usual burn, for the explanation (river.community)."""
    if not hand.rules.burn_cards:
        return ()
    want = 1 if need else n
    stub = 52 - hand.dealt - hand.burns
    recycle = (
        hand.rules.short_deck is not ShortDeck.STUB
        and stub < want + 1
        and hand.burns > 0
    )
    said: Said = ()
    if recycle:
        hand.stub.recycle_burns()
        stub += hand.burns
        said = (
            msg(
                "why.river.burns-recycled",
                "river.community",
                burns=hand.burns,
                stub=stub,
            ),
        )
        hand.burns = 0
    if stub >= want + 1:
        hand.burns += 1
        hand.stub.burn()
        return said
    return said + (
        msg("why.river.burn-skipped", "river.community", stub=stub, want=want),
    )


def deal_river(hand: Hand, live_in_order: list[PlayerState]) -> None:
    """Seventh street: count the cards left against the players still in; where too few
    are left for one card each, one community card (river.community), else a card face
    down to each (river.down). The burn first, as the preset's short-deck procedure says."""
    st = hand.street
    need, count = river_count(hand.rules, len(live_in_order), hand.dealt, hand.burns)
    why: Said = (count, *river_burn(hand, need, len(live_in_order)))
    hand.community_said = why
    hand.uses_community = need
    if need:
        card = hand.setup.community
        if card is None:
            card = draw(hand)
            if not hand.stub.seeded:
                hand.problems.append(msg("setup.community.missing", "river.community"))
        hand.community = card
        hand.dealt += 1
        for p in live_in_order:
            if len(p.given) > 6:
                hand.problems.append(
                    msg(
                        "setup.community.seventh-listed",
                        "river.community",
                        player=p.name,
                        card=p.given[6],
                    )
                )
        hand.log_event(
            "deal",
            msg("op.deal.community", "river.community"),
            why,
            ("river.community",),
            street=st,
        )
        return
    if hand.setup.community is not None:
        hand.problems.append(
            msg("setup.community.dealt-down", "river.community", why=why)
        )
    for p in live_in_order:
        deal_to(hand, p)
    hand.log_event(
        "deal",
        msg("op.deal.river-down", "river.down"),
        why + (msg("why.deal.river-down", "river.down"),),
        ("river.down", "river.community"),
        street=st,
    )
