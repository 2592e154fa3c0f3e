"""What the rulings leave pending in a hand, and the hooks the table calls: a binding
out-of-turn action, a call-only player, a folded seat still dealt, cards set aside."""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from typing import TYPE_CHECKING

from tutor.engine.irregularities.values import IrrRuling
from tutor.engine.messages import Message, msg
from tutor.engine.values import (
    ActionKind,
    PlayerState,
    Street,
)

if TYPE_CHECKING:
    from tutor.engine.table import Hand


@dataclass(slots=True)
class Limit:
    allowed: frozenset[ActionKind]
    reason: Message
    street: Street
    once: bool


@dataclass(slots=True)
class Pending:
    idx: int
    kind: ActionKind
    amount: Decimal | None
    at: int  # position in the action log when it was made
    chips: bool


@dataclass(slots=True)
class IrregularityHooks:
    """What the rulings left pending in a hand; the table calls these hooks."""

    preset: str
    last: IrrRuling | None = None
    log: list[tuple[int, ActionKind, Street]] = field(default_factory=list)
    limits: dict[int, Limit] = field(default_factory=dict)
    pending: dict[int, Pending] = field(default_factory=dict)
    ghosts: set[int] = field(default_factory=set)
    set_aside: int | None = None  # premature cards to set aside at the next deal
    set_aside_street: Street | None = None
    stub_use: int | None = None

    def copy(self) -> IrregularityHooks:
        return IrregularityHooks(
            preset=self.preset,
            last=self.last,
            log=list(self.log),
            limits=dict(self.limits),
            pending=dict(self.pending),
            ghosts=set(self.ghosts),
            set_aside=self.set_aside,
            set_aside_street=self.set_aside_street,
            stub_use=self.stub_use,
        )

    # -- hooks called by the table --------------------------------------------------------
    def options(
        self, hand: Hand, p: PlayerState, opts: dict[ActionKind, list[Decimal]]
    ) -> dict[ActionKind, list[Decimal]]:
        pend = self.pending.get(p.idx)
        if pend is not None:
            opts = self._pending_options(hand, pend, opts)
        lim = self.limits.get(p.idx)
        if lim is not None and lim.street is hand.street:
            # A limit never leaves a player without a move (a binding out-of-turn action wins).
            opts = {k: v for k, v in opts.items() if k in lim.allowed} or opts
        return opts

    def refusal(self, hand: Hand, p: PlayerState, kind: ActionKind) -> Message | None:
        """Why an earlier ruling forbids ``p`` to take ``kind`` now (its rule on it), or None."""
        lim = self.limits.get(p.idx)
        if lim is not None and lim.street is hand.street and kind not in lim.allowed:
            return lim.reason
        pend = self.pending.get(p.idx)
        if pend is not None and self._binding(hand, pend):
            return msg(
                "irr.out-of-turn.refused.binding",
                "irr.out-of-turn",
                player=p.name,
                kind=pend.kind,
            )
        if pend is not None and hand.rules.oot_after_change == "no-raise":
            return msg(
                "irr.out-of-turn.refused.no-raise",
                "irr.out-of-turn",
                player=p.name,
                kind=pend.kind,
                rules=hand.rules.label,
            )
        return None

    def acted(self, hand: Hand, p: PlayerState, kind: ActionKind) -> None:
        self.log.append((p.idx, kind, hand.street))
        self.pending.pop(p.idx, None)
        lim = self.limits.get(p.idx)
        if lim is not None and lim.once:
            del self.limits[p.idx]
        if kind in (ActionKind.BET, ActionKind.RAISE, ActionKind.COMPLETE):
            self.ghosts.clear()  # a bet kills the hands folded for free (irr.fold-no-bet)

    def dealing(self, hand: Hand, street: Street) -> None:
        for idx in sorted(self.ghosts):
            hand.dealt += 1
            hand.log_event(
                "irregularity",
                msg(
                    "irr.fold-no-bet.dead-card",
                    "irr.fold-no-bet",
                    player=hand.players[idx].name,
                ),
                (
                    msg(
                        "irr.fold-no-bet.dead-card.why",
                        "irr.fold-no-bet",
                        rules=hand.rules.label,
                    ),
                ),
                ("irr.fold-no-bet",),
                street=street,
            )
        if self.set_aside is not None and self.set_aside_street is street:
            n = len(hand.live())
            burn = 1 if hand.rules.burn_cards else 0
            hand.burns += burn + self.set_aside + n
            self.stub_use = 2 * burn + self.set_aside + 2 * n
            hand.log_event(
                "irregularity",
                msg(
                    "irr.premature.set-aside",
                    "irr.premature",
                    count=self.set_aside + n,
                    street=street,
                ),
                (
                    msg(
                        "irr.premature.set-aside.why",
                        "irr.premature",
                        premature=self.set_aside,
                        active=n,
                        stub_use=self.stub_use,
                    ),
                ),
                ("irr.premature",),
                street=street,
            )
            self.set_aside = None

    # -- out of turn ------------------------------------------------------------------------
    def _changed(self, hand: Hand, pend: Pending) -> bool:
        """Whether the action to the out-of-turn player changed since they acted."""
        kinds = {ActionKind.BET, ActionKind.RAISE, ActionKind.COMPLETE}
        if hand.rules.oot_binding == "bet-call-or-raise-between":
            kinds |= {ActionKind.CALL, ActionKind.BRING_IN}
        return any(k in kinds for i, k, _ in self.log[pend.at :] if i != pend.idx)

    def _binding(self, hand: Hand, pend: Pending) -> bool:
        return pend.kind is ActionKind.FOLD or not self._changed(hand, pend)

    def _pending_options(
        self, hand: Hand, pend: Pending, opts: dict[ActionKind, list[Decimal]]
    ) -> dict[ActionKind, list[Decimal]]:
        if pend.kind is ActionKind.FOLD:
            return {ActionKind.FOLD: []}
        if self._binding(hand, pend):
            if pend.kind not in opts:
                return opts
            amounts = opts[pend.kind]
            if pend.amount is not None and pend.amount in amounts:
                amounts = [pend.amount]
            return {pend.kind: amounts}
        if hand.rules.oot_after_change == "no-raise" and pend.kind in (
            ActionKind.CHECK,
            ActionKind.CALL,
        ):
            return {
                k: v
                for k, v in opts.items()
                if k not in (ActionKind.RAISE, ActionKind.BET, ActionKind.COMPLETE)
            }
        return opts
