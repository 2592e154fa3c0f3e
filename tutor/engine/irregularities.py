"""Dealer rulings on irregularities (shared/rules.md, "Irregularities", rule ids ``irr.*``).

:func:`rule` takes a hand in progress and an :class:`Irregularity` (what went wrong), and
returns an :class:`IrrRuling`: the outcome, what happens to the chips and the cards, who acts
next with which options, the rule id, the rulebook reference, and whether the rulebook says it
(``S``), says it in a secondary copy (``S2``), or is silent so that the ruling is a judgement
(``J``). Where play continues, the hand is corrected in place and goes on from there: the
module attaches an :class:`IrregularityHooks` to the hand, which the table consults for the
options a player has (a binding out-of-turn action, a call-only restriction) and when it deals.

Standard library only; the vocabulary is the engine's, not a file format's.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from typing import TYPE_CHECKING, Any

from tutor.engine import betting
from tutor.engine.boards import board_key as _board_key
from tutor.engine.boards import describe_board, describe_low_board
from tutor.engine.cards import Card
from tutor.engine.errors import ActionSyntaxError, TutorError
from tutor.engine.hands import a5_key
from tutor.engine.values import (
    CARDS_AT,
    STREETS,
    ZERO,
    Action,
    ActionKind,
    Street,
    fmt,
)
from tutor.engine.values import PlayerState as _Player

if TYPE_CHECKING:
    from tutor.engine.table import Hand

#: The kinds of irregularity the engine rules on, and the rule each belongs to.
KINDS: dict[str, str] = {
    "dealer-exposes": "irr.exposed-hole",
    "door-down": "irr.exposed-hole",
    "off-table": "irr.exposed-card",
    "player-shows": "irr.exposed-card",
    "first-card-to": "irr.misdeal",
    "extra-card": "irr.misdeal",
    "fouled-deck": "irr.misdeal",
    "wrong-count": "irr.wrong-count",
    "premature": "irr.premature",
    "no-burn": "irr.burn",
    "double-burn": "irr.burn",
    "burn-exposed": "irr.burn",
    "wrong-bring-in": "irr.wrong-bring-in",
    "wrong-opener": "irr.wrong-opener",
    "out-of-turn": "irr.out-of-turn",
    "chips": "irr.string-raise",
    "says": "irr.string-raise",
    "fold-no-bet": "irr.fold-no-bet",
    "river-exposed": "irr.exposed-river",
}

#: Every outcome a ruling may have (the app offers these as choices).
OUTCOMES: tuple[str, ...] = (
    "third-card-down",
    "upcard-each",
    "dead-hand",
    "misdeal",
    "hand-void",
    "becomes-burn",
    "plays-on",
    "door-turned-up",
    "scramble-turn-one",
    "set-aside-plus-one-each",
    "reshuffle-no-burn",
    "keep-call-only",
    "restore-order",
    "cards-stand",
    "burn-shown",
    "keep-seen-card",
    "true-low-brings-in",
    "wager-stands",
    "true-high-acts-first",
    "action-stands",
    "binding",
    "not-binding",
    "skipped-keeps-options",
    "skipped-call-or-fold",
    "call",
    "complete",
    "bet",
    "raise",
    "check",
    "fold",
    "call-or-fold",
    "dealt-until-bet",
    "no-more-cards",
    "others-down",
    "other-card-up",
    "all-up",
    "replace",
    "keep",
    "plays-as-dealt",
    "live-hand",
    "next-stub-card",
    "proper-cards",
    "card-taken-out",
    "hand-live-card-shown",
)

ONLINE_REASON = "software deals: this irregularity cannot occur online"

_REFS: dict[str, dict[str, str]] = {
    "irr.online": {"*": "the seeds (online rooms): the software deals"},
    "irr.exposed-hole": {
        "roberts": "Robert's Rules, stud rule 5",
        "wsop-cash": "WSOP 214",
        "tda": "TDA RP-10-A",
    },
    "irr.misdeal": {
        "roberts": "Robert's Rules, Misdeals",
        "wsop-cash": "WSOP 104/105",
        "tda": "TDA 35/36",
    },
    "irr.premature": {
        "roberts": "Robert's Rules, stud rule 14",
        "wsop-cash": "WSOP 227",
        "tda": "TDA RP-5-D",
    },
    "irr.burn": {
        "roberts": "Robert's Rules, stud rule 13",
        "wsop-cash": "WSOP 226/122",
        "tda": "TDA 38",
    },
    "irr.wrong-bring-in": {
        "roberts": "Robert's Rules, stud rule 9",
        "wsop-cash": "WSOP 218",
        "tda": "TDA is silent; the WSOP tournament rule",
    },
    "irr.wrong-opener": {
        "*": "no rulebook rule; by analogy with the wrong bring-in (Robert's stud rule 9, WSOP 218)"
    },
    "irr.out-of-turn": {
        "roberts": "Robert's Rules, Betting and Raising 10",
        "wsop-cash": "WSOP 132/133",
        "tda": "TDA 53/58",
    },
    "irr.string-raise": {
        "roberts": "Robert's Rules, Betting and Raising 8/9",
        "wsop-cash": "WSOP 131/136/137",
        "tda": "TDA 40/43/44/45",
    },
    "irr.fold-no-bet": {
        "roberts": "Robert's Rules, stud rule 7",
        "wsop-cash": "WSOP 222",
        "tda": "TDA 58",
        "online": "no rulebook: the online rooms' practice",
    },
    "irr.exposed-river": {
        "roberts": "Robert's Rules, stud rules 16/17",
        "wsop-cash": "WSOP 229/230",
        "tda": "TDA RP-10-B",
    },
    "irr.wrong-count": {
        "roberts": "Robert's Rules, stud rule 18; Dead Hands 4",
        "wsop-cash": "WSOP 106/231",
        "tda": "TDA 35-A-5/38",
    },
    "irr.exposed-card": {
        "roberts": "Robert's Rules, stud rule 11",
        "wsop-cash": "WSOP 119/120/144/224",
        "tda": "TDA 65-B/68",
    },
}

BASIS_WORDS = {
    "S": "the rulebook says so",
    "S2": "the rulebook says so (in an older or secondary copy)",
    "J": "the rulebook is silent here: this is a judgement (common practice)",
}


def _cite(basis: str, ref: str) -> str:
    """How a ruling names its source: the rule, or plainly that it is a judgement."""
    if basis == "S":
        return f"Rulebook: {ref}."
    if basis == "S2":
        return f"Rulebook: {ref} (read in an older or secondary copy)."
    return f"Judgement: the rulebook ({ref}) is silent on this point; this is common practice."


def reference(rule_id: str, preset: str) -> str:
    """The rulebook reference for ``rule_id`` under ``preset``.

    >>> reference("irr.premature", "wsop-cash")
    'WSOP 227'
    """
    refs = _REFS[rule_id]
    return refs.get(preset) or refs.get("*") or refs.get("wsop-cash", "")


@dataclass(frozen=True, slots=True, kw_only=True)
class Irregularity:
    """What went wrong. ``kind`` is one of :data:`KINDS`; the other fields as each kind needs.

    ``positions`` are card numbers in dealing order (1 and 2 the hole cards, 3 the door,
    7 the river); ``actions`` are what happened before the error was caught (for the wrong
    bring-in or opener) or the out-of-turn actions; ``then`` are in-turn actions that follow.
    """

    kind: str
    players: tuple[str, ...] = ()
    positions: tuple[int, ...] = ()
    actions: tuple[str, ...] = ()
    then: tuple[str, ...] = ()
    street: Street | None = None
    count: int | None = None
    seen: bool = False
    card: Card | None = None
    text: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class IrrRuling:
    """A dealer's ruling, as a value."""

    outcome: str
    rule: str
    reference: str
    basis: str
    explanation: str
    preset: str
    rules: tuple[str, ...]
    continues: bool
    chips_back: tuple[tuple[str, Decimal], ...] = ()
    dead: tuple[str, ...] = ()
    cards: tuple[str, ...] = ()
    next_player: str | None = None
    next_actions: tuple[str, ...] = ()
    extra: tuple[tuple[str, Any], ...] = ()

    def answer(self) -> dict[str, Any]:
        """The answer object of a ``ruling`` ask."""
        out: dict[str, Any] = {
            "outcome": self.outcome,
            "rule": self.rule,
            "reference": self.reference,
            "basis": self.basis,
            "continues": self.continues,
            "next_player": self.next_player,
            "next_actions": list(self.next_actions),
            "chips_back": {name: amount for name, amount in self.chips_back},
            "dead": list(self.dead),
            "cards": list(self.cards),
        }
        out.update(dict(self.extra))
        return out


@dataclass(slots=True)
class _Limit:
    allowed: frozenset[ActionKind]
    reason: str
    rule: str
    street: Street
    once: bool


@dataclass(slots=True)
class _Pending:
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
    limits: dict[int, _Limit] = field(default_factory=dict)
    pending: dict[int, _Pending] = field(default_factory=dict)
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
        self, hand: Hand, p: _Player, opts: dict[ActionKind, list[Decimal]]
    ) -> dict[ActionKind, list[Decimal]]:
        pend = self.pending.get(p.idx)
        if pend is not None:
            opts = self._pending_options(hand, pend, opts)
        lim = self.limits.get(p.idx)
        if lim is not None and lim.street is hand.street:
            # A limit never leaves a player without a move (a binding out-of-turn action wins).
            opts = {k: v for k, v in opts.items() if k in lim.allowed} or opts
        return opts

    def why_not(
        self, hand: Hand, p: _Player, kind: ActionKind
    ) -> tuple[str, str] | None:
        lim = self.limits.get(p.idx)
        if lim is not None and lim.street is hand.street and kind not in lim.allowed:
            return lim.reason, lim.rule
        pend = self.pending.get(p.idx)
        if pend is not None and self._binding(hand, pend):
            return (
                f"{p.name}'s out-of-turn {pend.kind.value} is binding: the action to them has not changed",
                "irr.out-of-turn",
            )
        if pend is not None and hand.rules.oot_after_change == "no-raise":
            return (
                (
                    f"{p.name} acted out of turn with a {pend.kind.value}; under "
                    f"{hand.rules.label} they may not raise when the action comes back to them"
                ),
                "irr.out-of-turn",
            )
        return None

    def acted(self, hand: Hand, p: _Player, kind: ActionKind) -> None:
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
                f"{hand.players[idx].name}'s folded seat is dealt a dead card",
                f"Under {hand.rules.label} a player who folded when they could check keeps being dealt "
                "until a bet kills the hand; the card is dead but is gone from the stub (irr.fold-no-bet).",
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
                f"{self.set_aside + n} cards set aside before {street.value} street",
                f"The {self.set_aside} premature card(s) and one more card for each of the {n} active "
                f"players are set aside unseen, then the dealer burns and deals: {self.stub_use} stub "
                "cards used for this street (irr.premature).",
                ("irr.premature",),
                street=street,
            )
            self.set_aside = None

    # -- out of turn ------------------------------------------------------------------------
    def _changed(self, hand: Hand, pend: _Pending) -> bool:
        """Whether the action to the out-of-turn player changed since they acted."""
        kinds = {ActionKind.BET, ActionKind.RAISE, ActionKind.COMPLETE}
        if hand.rules.oot_binding == "bet-call-or-raise-between":
            kinds |= {ActionKind.CALL, ActionKind.BRING_IN}
        return any(k in kinds for i, k, _ in self.log[pend.at :] if i != pend.idx)

    def _binding(self, hand: Hand, pend: _Pending) -> bool:
        return pend.kind is ActionKind.FOLD or not self._changed(hand, pend)

    def _pending_options(
        self, hand: Hand, pend: _Pending, opts: dict[ActionKind, list[Decimal]]
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


# ---------------------------------------------------------------------------------- helpers
def _hooks(hand: Hand) -> IrregularityHooks:
    if hand.irr is None:
        hand.irr = IrregularityHooks(preset=hand.rules.preset)
    return hand.irr


def _restore(hand: Hand, snapshot: Hand) -> None:
    """Put ``hand`` back as ``snapshot`` was (the snapshot is consumed)."""
    hand.__dict__.clear()
    hand.__dict__.update(snapshot.__dict__)


def _name_player(hand: Hand, name: str) -> _Player:
    return hand.player(name)


def _initial_stack(hand: Hand, p: _Player) -> Decimal:
    s = next(s for s in hand.setup.seats if s.name == p.name)
    return s.stack if s.stack is not None else Decimal("Infinity")


def _ante_paid(hand: Hand, p: _Player) -> Decimal:
    return min(hand.stakes.ante, _initial_stack(hand, p))


def _street_actions(hand: Hand, street: Street) -> list[str]:
    kinds = {k.value for k in ActionKind}
    return [op.kind for op in hand.history if op.street is street and op.kind in kinds]


def _no_action_yet(hand: Hand) -> bool:
    return hand.current == 0 and not any(p.acted for p in hand.players if not p.folded)


def _next(hand: Hand) -> tuple[str | None, tuple[str, ...]]:
    if hand.is_over or hand.to_act_idx is None:
        return None, ()
    return hand.to_act, tuple(hand.legal_actions())


def _basis(by_preset: dict[str, str], preset: str) -> str:
    return by_preset.get(preset) or by_preset.get("*", "J")


class _Build:
    """Collects one ruling's parts."""

    def __init__(self, hand: Hand, rule: str) -> None:
        self.hand = hand
        self.rule = rule
        self.rules: list[str] = [rule]
        self.chips: list[tuple[str, Decimal]] = []
        self.dead: list[str] = []
        self.cards: list[str] = []
        self.extra: dict[str, Any] = {}

    def done(
        self, outcome: str, basis: str, why: str, *, continues: bool = True
    ) -> IrrRuling:
        hand = self.hand
        preset = hand.rules.preset
        ref = reference(self.rule, preset)
        nxt, actions = _next(hand) if continues else (None, ())
        text = f"{why} {_cite(basis, ref)}"
        if nxt is not None:
            text += f" {nxt} acts next and may: {'; '.join(actions)}."
        ruling = IrrRuling(
            outcome=outcome,
            rule=self.rule,
            reference=ref,
            basis=basis,
            explanation=text,
            preset=hand.rules.label,
            rules=tuple(dict.fromkeys(self.rules)),
            continues=continues,
            chips_back=tuple(self.chips),
            dead=tuple(self.dead),
            cards=tuple(self.cards),
            next_player=nxt,
            next_actions=actions,
            extra=tuple(self.extra.items()),
        )
        # Not logged in the hand's history: a ruling ask after the event is where the
        # learner meets it (the history is shown before the question is answered).
        _hooks(hand).last = ruling
        return ruling


def _end_hand(hand: Hand, why: str) -> None:
    hand.to_act_idx = None
    hand.blocked = why


def _refund(hand: Hand, p: _Player, amount: Decimal) -> None:
    p.committed -= amount
    p.stack += amount
    p.bet = max(ZERO, p.bet - amount)


def _misdeal(b: _Build, why: str, basis: str, *, void: bool = False) -> IrrRuling:
    hand = b.hand
    for p in hand.players:
        back = p.committed if void else p.committed - _ante_paid(hand, p)
        if back > 0:
            _refund(hand, p, back)
            b.chips.append((p.name, back))
        p.bet = ZERO
    _end_hand(
        hand,
        "the hand was "
        + ("voided" if void else "misdealt")
        + " (irr.misdeal): nothing more is played; the same players are re-dealt.",
    )
    if void:
        return b.done(
            "hand-void",
            "S",
            why
            + " The hand is void: every chip, the antes included, goes back to its owner.",
            continues=False,
        )
    b.cards.append("all cards are gathered and re-dealt to the same players")
    return b.done(
        "misdeal",
        basis,
        why
        + " Every chip wagered after the deal goes back to its owner; the antes stay for the "
        "re-deal, with the same dealer position and limits.",
        continues=False,
    )


def _past_cutoff(hand: Hand) -> tuple[bool, str]:
    """Whether the misdeal cut-off has passed on third street (misdeal_cutoff)."""
    acts = _street_actions(hand, Street.THIRD)
    after = acts[1:] if acts else []
    if hand.rules.misdeal_cutoff == "two-acted-after-bring-in":
        past = len(after) >= 2
        return past, (
            f"{len(after)} player(s) have acted after the bring-in; the cut-off is two"
        )
    chips = sum(1 for a in after if a in ("call", "complete", "raise", "bet"))
    past = _substantial(len(after), chips)
    return past, (
        f"after the bring-in (which does not count) there have been {len(after)} action(s), "
        f"{chips} with chips; {SUBSTANTIAL}"
    )


SUBSTANTIAL = "substantial action is two actions of which one puts chips in, or any three (TDA 36)"


def _substantial(actions: int, chips: int) -> bool:
    return (actions >= 2 and chips >= 1) or actions >= 3


# ------------------------------------------------------------------------------ the entry
def rule(hand: Hand, irr: Irregularity) -> IrrRuling:
    """Rule on ``irr`` in ``hand`` as it stands, correct the hand, and return the ruling.

    :raises TutorError: under a preset where dealer errors cannot happen (``irr.online``), or
        where the irregularity does not fit the moment (for example a wrong bring-in after
        third street); the hand is left as it was.
    """
    if irr.kind not in KINDS:
        raise TutorError(
            f"unknown irregularity {irr.kind!r}: use one of {', '.join(KINDS)}."
        )
    if hand.rules.dealer_errors == "refused" and irr.kind != "fold-no-bet":
        raise TutorError(f"{ONLINE_REASON} (irr.online).")
    if hand.is_over and irr.kind != "wrong-count":
        raise TutorError(
            "the hand is over: an irregularity is ruled on while the hand is played."
        )
    for name in irr.players:
        hand.player(name)
    snapshot = hand.copy()
    _hooks(hand)
    try:
        return _RULERS[irr.kind](hand, irr)
    except Exception:
        _restore(hand, snapshot)
        raise


# --------------------------------------------------------------- exposed cards on the deal
def _need_deal(hand: Hand, what: str) -> None:
    if hand.street is not Street.THIRD or not _no_action_yet(hand) or hand.setup.start:
        raise TutorError(
            f"{what} is ruled on the initial deal, before anyone acts on third street: put "
            "the event before the bring-in."
        )


def _as_upcard(hand: Hand, p: _Player, pos: int) -> str:
    """Make p's exposed hole card (1 or 2) their upcard; the third card goes down."""
    cards = list(p.cards)
    exposed = cards[pos - 1]
    other = cards[2 - pos]
    third = cards[2]
    p.cards[:3] = [other, third, exposed]
    return (
        f"{p.name}'s exposed {exposed.text if exposed else 'card'} is their upcard; their third card "
        f"({third.text if third else '??'}) was dealt face down"
    )


def _exposed_hole(hand: Hand, irr: Irregularity, rule_id: str) -> IrrRuling:
    b = _Build(hand, rule_id)
    if rule_id != "irr.exposed-hole":
        b.rules.append("irr.exposed-hole")
    _need_deal(hand, "an exposed hole card")
    preset = hand.rules.preset
    if not irr.players or not irr.positions:
        raise TutorError(
            "say whose card was exposed and which (card: 1 or 2 for the hole cards)."
        )
    for pos in irr.positions:
        if pos not in (1, 2, 3):
            raise TutorError(
                f"card {pos}: on the initial deal the cards are 1 and 2 (down) and 3 (the door)."
            )
    players = [_name_player(hand, n) for n in irr.players]
    if len(players) == 1 and len(irr.positions) == 1:
        p = players[0]
        if hand.rules.exposed_one_hole == "misdeal":
            return _misdeal(
                b,
                f"The dealer exposed one of {p.name}'s hole cards; under {hand.rules.label} that is a misdeal.",
                "S",
            )
        b.cards.append(_as_upcard(hand, p, irr.positions[0]))
        hand.open_third()
        low = hand.players[hand.bring_in_idx] if hand.bring_in_idx is not None else p
        return b.done(
            "third-card-down",
            _basis(
                {"tda": "S"}
                if rule_id == "irr.exposed-hole"
                else {"tda": "J", "*": "S"},
                preset,
            ),
            f"One of {p.name}'s hole cards was exposed on the deal: not a misdeal. The dealer completes "
            f"the round and deals {p.name}'s third card face down; the exposed card is their upcard for "
            f"every purpose, so the bring-in is decided with it: {low.name} has the {_forced_word(hand)} card.",
        )
    if len(players) == 1:
        p = players[0]
        if hand.rules.exposed_both_holes == "misdeal":
            return _misdeal(
                b,
                f"{len(irr.positions)} of {p.name}'s initial cards were exposed; under {hand.rules.label} "
                "that is a misdeal.",
                "S" if len(irr.positions) == 3 and preset == "wsop-cash" else "J",
            )
        first = p.cards[min(irr.positions) - 1]
        ante = p.committed
        _refund(hand, p, ante)
        p.folded = True
        b.chips.append((p.name, ante))
        b.dead.append(p.name)
        live = [q for q in hand.players if not q.folded]
        doors = [(q, q.cards[2]) for q in live]
        if any(c is None for _, c in doors) or first is None:
            raise TutorError("the bring-in needs every door card: give them all.")
        low_q, low_c = min(doors, key=lambda qc: _forced_key(hand, qc[1]))  # type: ignore[arg-type]
        hand.start_round()
        hand.forced_pending = True
        if _forced_key(hand, first) < _forced_key(hand, low_c):  # type: ignore[arg-type]
            nxt = hand.next_actor_from(p.idx)
            assert nxt is not None
            hand.bring_in_idx = p.idx
            hand.to_act_idx = nxt
            reason = (
                f"{p.name}'s dead hand would have brought in with {first.text}, so no bring-in is forced: "
                f"{hand.players[nxt].name}, the first live hand to its left, acts first and may fold, "
                "bring in or complete"
            )
        else:
            hand.bring_in_idx = low_q.idx
            hand.to_act_idx = low_q.idx
            reason = f"{low_q.name}'s {low_c.text} is the {_forced_word(hand)} card and brings in"  # type: ignore[union-attr]
        hand.bring_in_reason = reason + "."
        hand.round_first = hand.last_round_first = hand.opener_idx = hand.to_act_idx
        hand.opener_reason = hand.bring_in_reason
        b.cards.append(f"{p.name}'s cards are dead")
        return b.done(
            "dead-hand",
            "S",
            f"Two of {p.name}'s initial cards were exposed: under {hand.rules.label} their hand is dead "
            f"and their ante of {fmt(ante)} is returned. {reason}.",
        )
    if hand.rules.exposed_two_players == "misdeal":
        return _misdeal(
            b,
            f"Hole cards of {len(players)} players ({', '.join(q.name for q in players)}) were exposed; "
            f"under {hand.rules.label} that is a misdeal.",
            "J",
        )
    if len(irr.positions) != len(players):
        raise TutorError("give one card number for each player named (card: [1, 2]).")
    for q, pos in zip(players, irr.positions, strict=True):
        b.cards.append(_as_upcard(hand, q, pos))
    hand.open_third()
    return b.done(
        "upcard-each",
        "J",
        f"One hole card each of {', '.join(q.name for q in players)} was exposed: under {hand.rules.label} "
        "there is no misdeal; each exposed card is its owner's upcard, and their third cards are dealt "
        "face down.",
    )


def _forced_key(hand: Hand, card: Card) -> tuple[int, int]:
    """Order of door cards for the bring-in: the smallest key brings in, in every game.

    Stud and stud8: the lowest card, ace high, suits clubs lowest (bring-in.who). Razz: the
    highest card, ace low, the higher suit first (razz.bring-in)."""
    rank, suit = card.bring_in_key()
    if hand.variant.bring_in_highest:
        return (-card.low_rank, -suit)
    return (rank, suit)


def _forced_word(hand: Hand) -> str:
    """What the bring-in's card is called: ``low`` (stud, stud8) or ``high`` (razz)."""
    return "high" if hand.variant.bring_in_highest else "low"


def _opener_word(hand: Hand) -> str:
    """What the first board to act is called: ``high`` or, in razz, ``low``."""
    return "low" if hand.variant.board_first == "low" else "high"


def _dealer_exposes(hand: Hand, irr: Irregularity) -> IrrRuling:
    return _exposed_hole(hand, irr, "irr.exposed-hole")


def _door_down(hand: Hand, irr: Irregularity) -> IrrRuling:
    b = _Build(hand, "irr.exposed-hole")
    _need_deal(hand, "a door card dealt face down")
    p = _name_player(hand, irr.players[0])
    if not irr.seen:
        b.cards.append(f"{p.name}'s door card is turned face up")
        return b.done(
            "door-turned-up",
            "J",
            f"{p.name}'s door card was dealt face down; they have not looked at it, so the dealer turns it "
            "face up and it plays as their door card.",
        )
    if irr.card is None:
        raise TutorError(
            "the door card was seen: give the card the floor turns up (card: Qs) after scrambling "
            "the three."
        )
    known = [c for c in p.cards[:3] if c is not None]
    if irr.card not in known:
        raise TutorError(
            f"{irr.card.text} is not one of {p.name}'s three cards ({' '.join(c.text for c in known)})."
        )
    rest = [c for c in p.cards[:3] if c != irr.card]
    p.cards[:3] = [rest[0], rest[1], irr.card]
    hand.open_third()
    b.cards.append(
        f"{p.name}'s three cards are scrambled; {irr.card.text} is turned up"
    )
    return b.done(
        "scramble-turn-one",
        "J",
        f"{p.name} has seen their face-down door card, so the floor scrambles their three cards and turns one "
        f"at random, {irr.card.text}, as their door card; the bring-in is decided after that.",
    )


# ---------------------------------------------------------------------------- misdeals
def _first_card_to(hand: Hand, irr: Irregularity) -> IrrRuling:
    b = _Build(hand, "irr.misdeal")
    past, why = _past_cutoff(hand)
    if hand.street is not Street.THIRD:
        past = True
    name = irr.players[0] if irr.players else "the wrong seat"
    if past:
        return b.done(
            "plays-on",
            "S",
            f"The first card went to {name}, but the misdeal cut-off has passed ({why}): the hand plays on.",
        )
    return _misdeal(
        b,
        f"The first card went to {name} instead of the first seat; the cut-off has not passed ({why}).",
        "S",
    )


def _extra_card(hand: Hand, irr: Irregularity) -> IrrRuling:
    b = _Build(hand, "irr.misdeal")
    _need_deal(hand, "an extra card on the initial deal")
    p = _name_player(hand, irr.players[0])
    if hand.rules.extra_card_initial == "misdeal":
        return _misdeal(
            b,
            f"After everyone had three cards, {p.name} was dealt a fourth before any action: under "
            f"{hand.rules.label} that is a misdeal.",
            "S",
        )
    b.cards.append(
        "the extra card goes back on the stub and becomes the fourth-street burn card"
    )
    return b.done(
        "becomes-burn",
        _basis({"wsop-cash": "S"}, hand.rules.preset),
        f"After everyone had three cards, {p.name} was dealt a fourth before any action: the card goes "
        "back on the stub and becomes the burn card for fourth street; play goes on.",
    )


def _fouled(hand: Hand, irr: Irregularity) -> IrrRuling:
    b = _Build(hand, "irr.misdeal")
    return _misdeal(
        b,
        "The deck is fouled (a duplicate card or a different back): the hand is void whatever the action.",
        "S",
        void=True,
    )


def _wrong_count(hand: Hand, irr: Irregularity) -> IrrRuling:
    p = _name_player(hand, irr.players[0])
    count = irr.count
    if count is None:
        raise TutorError("say how many cards the player has (cards: 6).")
    if hand.street is Street.THIRD and hand.setup.start is None and not hand.is_over:
        b = _Build(hand, "irr.misdeal")
        b.rules.append("irr.wrong-count")
        past, why = _past_cutoff(hand)
        if count == 3:
            raise TutorError(
                f"{p.name} with 3 cards on third street is the right count."
            )
        if not past:
            return _misdeal(
                b,
                f"{p.name} was dealt {count} cards instead of three, found before the cut-off ({why}).",
                "S" if hand.rules.preset != "tda" else "J",
            )
        return _kill(
            b,
            p,
            f"{p.name} was dealt {count} cards instead of three, found after the misdeal cut-off ({why}): "
            "there is no misdeal; the fouled hand is dead and its money stays in the pot.",
            "S",
        )
    b = _Build(hand, "irr.wrong-count")
    expected = CARDS_AT[hand.street]
    if count > 7:
        return _kill(
            b,
            p,
            f"{p.name} has {count} cards: a hand of more than seven cards is dead.",
            "S",
        )
    before = (
        not hand.is_over
        and irr.street is hand.street
        and _no_action_yet(hand)
        and hand.street is not Street.SHOWDOWN
    )
    if count > expected:
        if before:
            if hand.rules.short_hand == "dead":  # tda values
                b.cards.append("the double-dealt card is taken out of play")
                return b.done(
                    "card-taken-out",
                    "J",
                    f"{p.name} was dealt one card too many on {hand.street.value} street, found before the "
                    "betting: the extra card is taken out and play goes on.",
                )
            b.cards.append("each card is moved to the player who should have had it")
            return b.done(
                "proper-cards",
                "J",
                f"{p.name} was dealt one card too many on {hand.street.value} street, found before the "
                "betting: the cards are put right, each player getting their proper card.",
            )
        return _kill(
            b,
            p,
            f"{p.name} has {count} cards, too many for {hand.street.value} street, after the betting began: "
            "the hand is dead.",
            "S",
        )
    missing = irr.street
    if missing is Street.SHOWDOWN:
        raise TutorError(
            "the missing card is a street's card: third to seventh street, not the showdown."
        )
    if before and missing is not None:
        b.cards.append(f"{p.name} gets the next card from the stub")
        return b.done(
            "next-stub-card",
            "J",
            f"{p.name}'s {missing.value}-street card was skipped and this was noticed before {p.name} acted: "
            "they are given the next card from the stub, and play goes on.",
        )
    rule_ = hand.rules.short_hand
    if rule_ == "dead":
        live = False
        basis = _basis({"roberts": "S"}, hand.rules.preset)
    elif rule_ == "six-is-enough":
        live = count >= 6
        basis = "S" if hand.rules.preset in ("wsop-cash",) else "J"
    else:
        live = count == 6 and missing is Street.SEVENTH
        basis = "S" if hand.rules.preset == "roberts" else "J"
    if not live:
        return _kill(
            b,
            p,
            f"{p.name} holds {count} cards (the {missing.value if missing else 'missing'}-street card was "
            f"never dealt), found after the action: under {hand.rules.label} ({rule_}) the hand is dead.",
            basis,
        )
    if missing is not None and len(p.cards) > count:
        index = STREETS.index(missing) + 2 if missing is not Street.THIRD else 2
        del p.cards[index]
    if hand.is_over:
        _reaward(hand)
    b.cards.append(f"{p.name} plays the best hand their {count} cards make")
    return b.done(
        "live-hand",
        basis,
        f"{p.name} holds {count} cards (the {missing.value if missing else 'missing'}-street card was never "
        f"dealt), found after the action: under {hand.rules.label} ({rule_}) the hand is live and plays "
        f"its {count} cards.",
    )


def _reaward(hand: Hand) -> None:
    from tutor.engine import showdown

    hand.payouts = {}
    hand.pots = []
    hand.award_notes = []
    hand.award_blocked = None
    live = hand.live()
    if len(live) == 1:
        hand.is_over = False
        hand.win_uncontested(live[0])
        return
    showdown.award(hand)


def _kill(b: _Build, p: _Player, why: str, basis: str) -> IrrRuling:
    hand = b.hand
    b.dead.append(p.name)
    p.folded = True
    b.cards.append(f"{p.name}'s cards are dead; their chips stay in the pot")
    if hand.is_over:
        _reaward(hand)
    elif hand.to_act_idx == p.idx:
        hand.advance(p)
    elif len(hand.live()) == 1:
        hand.win_uncontested(hand.live()[0])
    return b.done("dead-hand", basis, why)


# ---------------------------------------------------------------------------- premature
def _premature(hand: Hand, irr: Irregularity) -> IrrRuling:
    b = _Build(hand, "irr.premature")
    if hand.to_act_idx is None or hand.street not in STREETS[:4]:
        raise TutorError(
            "a premature card is dealt while a betting round on third to sixth street is open."
        )
    players = [_name_player(hand, n) for n in irr.players]
    nxt_street = STREETS[STREETS.index(hand.street) + 1]
    hooks = _hooks(hand)
    if irr.seen and nxt_street is Street.SEVENTH and len(players) == 1:
        p = players[0]
        if hand.rules.premature_river_seen == "keep-call-only":
            hooks.limits[p.idx] = _Limit(
                frozenset({ActionKind.FOLD, ActionKind.CALL, ActionKind.CHECK}),
                f"{p.name} has looked at their premature seventh card, so for the rest of sixth street they "
                "may call or fold but not bet or raise",
                "irr.premature",
                Street.SIXTH,
                once=False,
            )
            b.cards.append(f"{p.name} keeps the card as their seventh-street card")
            return _then(
                b,
                irr,
                "keep-call-only",
                "S",
                f"{p.name}'s seventh card was dealt during sixth-street betting and they looked at it: under "
                f"{hand.rules.label} they keep it and gets no other seventh card; for the rest of sixth "
                "street they may call or fold, not bet or raise.",
            )
        b.cards.append(f"{p.name}'s card is shuffled back into the stub")
        return _then(
            b,
            irr,
            "reshuffle-no-burn",
            "J",
            f"{p.name}'s seventh card was dealt during sixth-street betting and they looked at it: under "
            f"{hand.rules.label} it is treated like any premature card: shuffled back into the stub. "
            f"{p.name}'s options are unrestricted, and seventh street is dealt without another burn.",
        )
    names = ", ".join(p.name for p in players)
    if hand.rules.premature_card == "set-aside-plus-one-each":
        hooks.set_aside = len(players)
        hooks.set_aside_street = nxt_street
        b.cards.append(f"the premature cards of {names} are set aside")
        b.cards.append(
            "after the round, one more card per active player is set aside unseen; then burn and deal"
        )
        return _then(
            b,
            irr,
            "set-aside-plus-one-each",
            "S",
            f"{nxt_street.value.capitalize()}-street cards were dealt to {names} before the betting round "
            "was complete: they never play, even if the last player then folds. The round is finished "
            "first; then the premature cards and one more card for each active player are set aside, "
            "and the dealer burns and deals the street.",
        )
    b.cards.append(
        f"the premature cards of {names} go back into the stub, which is shuffled"
    )
    b.cards.append("the burn card stays; the street is dealt without a new burn")
    return _then(
        b,
        irr,
        "reshuffle-no-burn",
        "S",
        f"{nxt_street.value.capitalize()}-street cards were dealt to {names} before the betting round was "
        "complete: they never play, even if the last player then folds. The round is finished first; "
        "the premature cards are shuffled back into the stub, the burn stays, and the street is dealt "
        "with no new burn.",
    )


def _apply_all(hand: Hand, actions: tuple[str, ...], what: str) -> None:
    for text in actions:
        try:
            hand.apply(text)
        except TutorError as exc:
            raise TutorError(f"{what} {text!r}: {exc}") from None


def _then(
    b: _Build, irr: Irregularity, outcome: str, basis: str, why: str
) -> IrrRuling:
    hand = b.hand
    _apply_all(hand, irr.then, "then:")
    hooks = _hooks(hand)
    if hooks.stub_use is not None:
        b.extra["stub_use"] = hooks.stub_use
    return b.done(outcome, basis, why)


# ---------------------------------------------------------------------------- burn errors
def _burn(hand: Hand, irr: Irregularity) -> IrrRuling:
    b = _Build(hand, "irr.burn")
    st = irr.street or hand.street
    if st is not hand.street or st is Street.THIRD:
        raise TutorError(
            f"the burn error is about {st.value} street, but the hand is on {hand.street.value} street: "
            "put the event right after that street is dealt."
        )
    if not hand.rules.burn_cards:
        raise TutorError(
            f"{hand.rules.label} burns no cards: there is no burn to miss."
        )
    if irr.kind == "burn-exposed":
        b.cards.append(
            "the exposed burn card stays the burn; it is shown to every player"
        )
        return b.done(
            "burn-shown",
            "J",
            "The burn card was exposed: it remains the burn card, is shown to everyone, and play goes on.",
        )
    live = [hand.players[i] for i in hand.order if not hand.players[i].folded]
    k = CARDS_AT[st] - 1
    if hand.community is not None or any(len(p.cards) <= k for p in live):
        raise TutorError(
            f"the players' {st.value}-street cards are not all dealt here (a community river "
            "card?): rule on a burn error right after the street is dealt to each player."
        )
    if irr.seen:
        b.cards.append("the player keeps the card they have looked at")
        return b.done(
            "keep-seen-card",
            _basis({"roberts": "S", "wsop-cash": "S"}, hand.rules.preset),
            f"The dealer {'burned two cards' if irr.kind == 'double-burn' else 'missed the burn'} before "
            f"{st.value} street, and the player looked at the down card they received: a final downcard that "
            "its player has looked at is their and stays.",
        )
    before = _no_action_yet(hand)
    double = irr.kind == "double-burn"
    what = "burned two cards" if double else "did not burn"
    if hand.rules.burn_error == "stand":
        hand.burns += 1 if double else -1
        b.cards.append("the cards stand; every later street burns one card as usual")
        return b.done(
            "cards-stand",
            "S" if not before else "J",
            f"The dealer {what} on {st.value} street: under {hand.rules.label} the cards stand and every "
            "street burns one card, as always.",
        )
    if not before:
        b.cards.append(
            "the cards stand; the next street burns "
            + ("no card" if double else "two cards")
            + " to put the order right"
        )
        b.extra["next_burns"] = 0 if double else 2
        return b.done(
            "cards-stand",
            _basis({"wsop-cash": "S"}, hand.rules.preset),
            f"The dealer {what} on {st.value} street, noticed after the action began: the cards stand, "
            f"and the next street burns {'no card' if double else 'two cards'} so that later cards come "
            "in their proper order.",
        )
    dealt = [p.cards[k] for p in live]
    if double:
        # The second burn card goes to the first player; each card moves one seat on; the
        # last player's card goes back on top of the stub.
        new = [irr.card] + dealt[:-1]
        b.cards.append(
            f"the second burn card ({irr.card.text if irr.card else '??'}) goes to {live[0].name}; each "
            f"card moves one seat on; {live[-1].name}'s card goes back on the stub"
        )
    else:
        new = dealt[1:] + [irr.card]
        first = dealt[0]
        b.cards.append(
            f"{first.text if first else '??'} ({live[0].name}'s card) becomes the burn card"
        )
        for p, c in zip(live[:-1], new, strict=False):
            b.cards.append(f"{p.name} takes {c.text if c else '??'}")
        b.cards.append(
            f"{live[-1].name} gets the next stub card ({irr.card.text if irr.card else '??'})"
        )
    for p, c in zip(live, new, strict=False):
        p.cards[k] = c
    if st is not Street.SEVENTH:
        hand.open_later()
    return b.done(
        "restore-order",
        "J",
        f"The dealer {what} on {st.value} street, noticed before anyone acted: the cards are put in their "
        'proper positions (rulebook: "corrected"), as if the burn had been right.',
    )


# ------------------------------------------------------------------ wrong bring-in / opener
def _wrong_named(hand: Hand, irr: Irregularity) -> IrrRuling:
    bring = irr.kind == "wrong-bring-in"
    b = _Build(hand, "irr.wrong-bring-in" if bring else "irr.wrong-opener")
    p = _name_player(hand, irr.players[0])
    if bring and (hand.street is not Street.THIRD or not hand.forced_pending):
        raise TutorError(
            "a wrong bring-in happens on third street, before the bring-in."
        )
    if not bring and (
        hand.street in (Street.THIRD, Street.SHOWDOWN) or not _no_action_yet(hand)
    ):
        raise TutorError(
            f"a wrongly named {_opener_word(hand)} hand is ruled on fourth to seventh street, before "
            "the betting."
        )
    true_idx = hand.to_act_idx
    if true_idx is None:
        raise TutorError("who acts first depends on unknown cards: give them.")
    true_p = hand.players[true_idx]
    if p is true_p:
        raise TutorError(f"{p.name} is the right player: there is no error to rule on.")
    if not irr.actions:
        raise TutorError(
            f"say what {p.name} did when wrongly named (acts: ['{p.name} brings in'])."
        )
    card, board = _forced_word(hand), _opener_word(hand)
    snapshot = hand.copy()
    if bring:
        hand.bring_in_idx = p.idx
        hand.bring_in_reason = f"The dealer named {p.name} as the {card} card."
    hand.to_act_idx = p.idx
    hand.round_first = p.idx
    first = hand.parse(irr.actions[0])
    if first.player != p.name:
        raise TutorError(
            f"the first action is the wrongly named {p.name}'s, not {first.player}'s."
        )
    _apply_all(hand, irr.actions, "acts:")
    basis = (
        _basis({"roberts": "S", "wsop-cash": "S"}, hand.rules.preset) if bring else "J"
    )
    if len(irr.actions) == 1:
        amount = p.committed - snapshot.players[p.idx].committed
        _restore(hand, snapshot)
        if amount > 0:
            b.chips.append((p.name, amount))
        if bring:
            return b.done(
                "true-low-brings-in",
                basis,
                f"The dealer named {p.name} as the {card} card, and the error was caught before the next player "
                f"acted: {p.name} takes back {fmt(amount)}. {true_p.name}, the true {card} card, must bring in "
                f"or may complete, and the action continues to their left; {p.name} acts later in normal turn.",
            )
        return b.done(
            "true-high-acts-first",
            basis,
            f"The dealer named {p.name}'s board as the {board} hand, and the error was caught before the next "
            f"player acted: the bet goes back to {p.name}, and {true_p.name}, the true {board} hand, acts first.",
        )
    if bring:
        hand.bring_in_idx = true_idx
        return b.done(
            "wager-stands",
            basis,
            f"The dealer named {p.name} as the {card} card, and the next player has already acted: the wager "
            f"stands as the round's bring-in (or completion) and the action continues from there; "
            f"{true_p.name}, the true {card} card, has no obligation beyond acting in turn.",
        )
    return b.done(
        "action-stands",
        basis,
        f"The dealer named {p.name}'s board as the {board} hand, and the next player has already acted: the "
        f"action stands, and {true_p.name}, the true {board} hand, acts in turn with all their options.",
    )


# ------------------------------------------------------------------------------ out of turn
def _out_of_turn(hand: Hand, irr: Irregularity) -> IrrRuling:
    b = _Build(hand, "irr.out-of-turn")
    if hand.to_act_idx is None:
        raise TutorError("nobody is to act now, so no action can be out of turn.")
    skipped = hand.players[hand.to_act_idx]
    hooks = _hooks(hand)
    at = len(hooks.log)
    oot: list[Action] = []
    for text in irr.actions:
        act = hand.parse(text)
        q = hand.player(act.player)
        if q is skipped:
            raise TutorError(
                f"{text!r} is in turn: it is {skipped.name}'s turn, so it is no out-of-turn action."
            )
        if q.folded or q.all_in:
            raise TutorError(
                f"{text!r}: {q.name} is not in the hand with chips to act."
            )
        if q.idx in hooks.pending:
            raise TutorError(f"{text!r}: {q.name} has already acted out of turn.")
        if q.acted and q.bet >= hand.current:
            raise TutorError(
                f"{text!r}: {q.name} has already acted in this round and has nothing to answer."
            )
        chips = act.kind in (
            ActionKind.CALL,
            ActionKind.BET,
            ActionKind.RAISE,
            ActionKind.COMPLETE,
        )
        hooks.pending[q.idx] = _Pending(q.idx, act.kind, act.amount, at, chips)
        oot.append(act)
    if not oot:
        raise TutorError("give the out-of-turn action(s), such as 'Dee bets 20'.")
    # The skipped player: has the preset's deadline passed?
    deadline = hand.rules.skipped_player_deadline
    if deadline == "three-act-behind":
        passed = len(oot) >= 3
        said = f"{len(oot)} player(s) acted behind {skipped.name}; they keep their turn until three have"
    elif deadline == "two-act-behind":
        passed = len(oot) >= 2
        said = f"{len(oot)} player(s) acted behind {skipped.name}; after two they may lose the right to act"
    else:
        kinds = [a.kind.value for a in oot]
        n_chips = sum(1 for k in kinds if k in ("call", "bet", "raise", "complete"))
        passed = _substantial(len(kinds), n_chips)
        said = f"{len(kinds)} action(s) behind {skipped.name}, {n_chips} with chips: {SUBSTANTIAL}"
    if passed:
        hooks.limits[skipped.idx] = _Limit(
            frozenset({ActionKind.FOLD, ActionKind.CHECK, ActionKind.CALL}),
            f"{skipped.name} let the action pass them ({said}), so they may only check, call or fold",
            "irr.out-of-turn",
            hand.street,
            once=True,
        )
    _apply_all(hand, irr.then, "then:")
    names = ", ".join(a.text for a in oot)
    to_act = hand.players[hand.to_act_idx] if hand.to_act_idx is not None else None
    if to_act is not None and to_act.idx in hooks.pending:
        pend = hooks.pending[to_act.idx]
        chips_word = ""
        if hooks._binding(hand, pend):
            return b.done(
                "binding",
                _basis({"roberts": "S2", "*": "S"}, hand.rules.preset)
                if pend.kind is not ActionKind.FOLD
                else "S",
                f"{to_act.name} acted out of turn ({names}). The action went back to the player whose turn "
                f"it was; since then the action to {to_act.name} has not changed "
                + (
                    "(no bet, call or raise in between)"
                    if hand.rules.oot_binding == "bet-call-or-raise-between"
                    else "(no bet or raise in between)"
                )
                + f", so their out-of-turn {pend.kind.value} is binding.",
            )
        if pend.chips:
            b.chips.append((to_act.name, pend.amount or ZERO))
            chips_word = " Their out-of-turn chips come back to them (they go in again if they call)."
        limited = hand.rules.oot_after_change == "no-raise" and pend.kind in (
            ActionKind.CHECK,
            ActionKind.CALL,
        )
        return b.done(
            "not-binding",
            _basis({"roberts": "S2", "*": "S"}, hand.rules.preset),
            f"{to_act.name} acted out of turn ({names}), and the action to them changed before their turn "
            + (
                "(a bet, call or raise came in between)"
                if hand.rules.oot_binding == "bet-call-or-raise-between"
                else "(a bet or raise came in between)"
            )
            + ", so it is not binding."
            + chips_word
            + (
                f" Under {hand.rules.label} a player who checked or called out of turn may not raise."
                if limited
                else " They have all their options."
            ),
        )
    if to_act is skipped:
        if passed:
            return b.done(
                "skipped-call-or-fold",
                "J",
                f"{skipped.name} was skipped ({names}) and said nothing: {said}. Under {hand.rules.label} they "
                "keep their turn but may only check, call or fold; the out-of-turn actions stand unless "
                "the action to them changes.",
            )
        return b.done(
            "skipped-keeps-options",
            _basis({"roberts": "S2", "*": "S"}, hand.rules.preset),
            f"{skipped.name} was skipped ({names}): {said}. The action goes back to them with all their "
            "options.",
        )
    return b.done(
        "binding",
        "S",
        f"The out-of-turn action ({names}) stands until the action to it changes.",
    )


# --------------------------------------------------------------------- chips and words
_CHIPS = re.compile(
    r"^(?P<name>.+?) puts in (?:one (?P<chip>[\d.]+) chip|(?P<first>[\d.]+)"
    r"(?:,? then (?P<more>[\d.]+) more)?)$",
    re.IGNORECASE,
)
_SAYS = re.compile(
    r"^(?P<name>.+?):? (?:says )?(?P<word>\w+)(?: the table)?$", re.IGNORECASE
)
CHIP_FORMS = (
    "<name> puts in N",
    "<name> puts in N, then N more",
    "<name> puts in one N chip",
)
SAY_FORMS = ("<name> says call|raise|fold|check|bet|complete", "<name> taps the table")


def _amount(text: str) -> Decimal:
    try:
        d = Decimal(text)
    except InvalidOperation:
        raise ActionSyntaxError(f"{text!r} is not an amount.") from None
    if not d.is_finite() or d <= 0:
        raise ActionSyntaxError(f"{text!r}: the amount must be more than 0.")
    return d


def parse_chips(
    text: str,
) -> tuple[str, Decimal | None, Decimal | None, Decimal | None]:
    """``"Bo puts in 20, then 20 more"`` -> (name, first, more, single chip).

    >>> parse_chips("Bo puts in one 100 chip")
    ('Bo', None, None, Decimal('100'))
    """
    m = _CHIPS.match(text.strip().rstrip("."))
    if m is None:
        raise ActionSyntaxError(
            f"{text!r} is not a chip motion: write one of {', '.join(CHIP_FORMS)}."
        )
    get = m.group
    return (
        get("name"),
        _amount(get("first")) if get("first") else None,
        _amount(get("more")) if get("more") else None,
        _amount(get("chip")) if get("chip") else None,
    )


def _do_action(
    hand: Hand, p: _Player, kind: ActionKind, amount: Decimal | None
) -> None:
    hand.apply(Action(p.name, kind, amount))


def _chips(hand: Hand, irr: Irregularity) -> IrrRuling:
    b = _Build(hand, "irr.string-raise")
    name, first, more, chip = parse_chips(irr.text)
    p = _name_player(hand, name)
    if hand.to_act_idx != p.idx:
        raise TutorError(
            f"it is {hand.to_act}'s turn, not {p.name}'s: chips are ruled on in turn."
        )
    if hand.forced_pending:
        raise TutorError("the bring-in is forced: write it as an act.")
    to_call = hand.current - p.bet
    preset = hand.rules.preset
    opts = betting.options(hand, p)
    if chip is not None:
        if to_call > 0:
            _do_action(hand, p, ActionKind.CALL, None)
            back = chip - to_call
            if back > 0:
                b.chips.append((p.name, back))
            return b.done(
                "call",
                _basis({"wsop-cash": "S", "tda": "S"}, preset),
                f"Facing a bet of {fmt(to_call)}, {p.name} silently put in a single {fmt(chip)} chip: a single "
                f"oversized chip is a call. {p.name} gets {fmt(back)} in change.",
            )
        size = min(opts.get(ActionKind.BET, [hand.bet_size()]))
        _do_action(hand, p, ActionKind.BET, size)
        if chip > size:
            b.chips.append((p.name, chip - size))
        return b.done(
            "bet",
            _basis({"tda": "S"}, preset),
            f"With no bet to face, {p.name} put in a single {fmt(chip)} chip: that is a bet of the street's "
            f"size, {fmt(size)}.",
        )
    assert first is not None
    string = more is not None
    total = p.bet + first
    if to_call <= 0:
        size = min(opts.get(ActionKind.BET, [hand.bet_size()]))
        _do_action(hand, p, ActionKind.BET, size)
        outcome, word = "bet", f"a bet of {fmt(size)}"
        back = first - size
    elif hand.street is Street.THIRD and not hand.completed:
        full = (total - hand.current) * 2 >= hand.stakes.small_bet - hand.current
        if full and ActionKind.COMPLETE in opts:
            amount = opts[ActionKind.COMPLETE][0]
            _do_action(hand, p, ActionKind.COMPLETE, amount)
            outcome, word, back = (
                "complete",
                f"a completion to {fmt(amount)}",
                first - (amount - p.bet),
            )
            back = ZERO
        else:
            _do_action(hand, p, ActionKind.CALL, None)
            outcome, word, back = "call", f"a call of {fmt(to_call)}", first - to_call
    else:
        step = min(hand.sizes())
        raise_ok = ActionKind.RAISE in opts
        if first >= to_call + step / 2 and raise_ok:
            target = min(opts[ActionKind.RAISE])
            _do_action(hand, p, ActionKind.RAISE, target)
            outcome, word, back = (
                "raise",
                f"a raise, which must be made a full raise to {fmt(target)}",
                ZERO,
            )
        else:
            _do_action(hand, p, ActionKind.CALL, None)
            outcome, word, back = "call", f"a call of {fmt(to_call)}", first - to_call
    if string:
        assert more is not None
        back = max(back, ZERO) + more
        b.chips.append((p.name, back))
        return b.done(
            outcome,
            "J",
            f"{p.name} put in {fmt(first)}, went back to their stack and added {fmt(more)}: a string raise is not "
            f"allowed, so only the first motion counts, {word}. The chips added later ({fmt(back)} in all) "
            "go back to them.",
        )
    if back > 0:
        b.chips.append((p.name, back))
    return b.done(
        outcome,
        _basis({"wsop-cash": "S", "tda": "S"}, preset),
        f"{p.name} silently put in {fmt(first)} in one motion"
        + (
            f", facing {fmt(to_call)}: chips that reach the call plus half a raise are a raise"
            if outcome == "raise"
            else ""
        )
        + f": it is {word}."
        + (f" The excess {fmt(back)} goes back." if back > 0 else ""),
    )


def _says(hand: Hand, irr: Irregularity) -> IrrRuling:
    b = _Build(hand, "irr.string-raise")
    text = irr.text.strip().rstrip(".")
    tap = re.match(
        r"^(?P<name>.+?) (?:taps|knocks)(?: on)?(?: the table)?$", text, re.IGNORECASE
    )
    if tap:
        name, word = tap.group("name"), "check"
    else:
        m = _SAYS.match(text)
        if m is None:
            raise ActionSyntaxError(
                f"{irr.text!r} is not a declaration: write one of {', '.join(SAY_FORMS)}."
            )
        name, word = m.group("name"), m.group("word").lower()
    words = {"call", "raise", "fold", "check", "bet", "complete"}
    if word not in words:
        raise ActionSyntaxError(
            f"{irr.text!r}: the word {word!r} is not a declaration; use one of {', '.join(sorted(words))}."
        )
    p = _name_player(hand, name)
    if hand.to_act_idx != p.idx:
        raise TutorError(
            f"it is {hand.to_act}'s turn, not {p.name}'s: a declaration binds in turn."
        )
    opts = betting.options(hand, p)
    facing = hand.current > p.bet
    said = "taps the table" if tap else f'says "{word}"'
    preset = hand.rules.preset
    basis = _basis({"wsop-cash": "S", "tda": "S"}, preset)
    if hand.forced_pending:
        if word in ("raise", "complete", "bet") and ActionKind.COMPLETE in opts:
            amount = opts[ActionKind.COMPLETE][0]
            _do_action(hand, p, ActionKind.COMPLETE, amount)
            return b.done(
                "complete",
                "J",
                f"{p.name} {said} when the bring-in is due: they complete to {fmt(amount)}.",
            )
        raise TutorError("the bring-in is forced: write it as an act.")
    if word == "fold":
        if not facing:
            return _fold_no_bet(
                hand, Irregularity(kind="fold-no-bet", players=(p.name,))
            )
        _do_action(hand, p, ActionKind.FOLD, None)
        return b.done(
            "fold",
            basis,
            f"{p.name} {said} in turn: a verbal fold is binding; their hand is dead.",
        )
    if word == "call" or (word == "check" and not facing):
        if facing:
            _do_action(hand, p, ActionKind.CALL, None)
            return b.done(
                "call",
                basis,
                f"{p.name} {said} in turn: a verbal call is binding; they call.",
            )
        _do_action(hand, p, ActionKind.CHECK, None)
        return b.done(
            "check",
            basis,
            f"{p.name} {said} with no bet to face: "
            + ("tapping the table is a check." if tap else "that is a check."),
        )
    if word == "check":
        _hooks(hand).limits[p.idx] = _Limit(
            frozenset({ActionKind.CALL, ActionKind.FOLD}),
            f'{p.name} said "check" facing a bet, which allows only a call or a fold',
            "irr.string-raise",
            hand.street,
            once=True,
        )
        return b.done(
            "call-or-fold",
            basis,
            f"{p.name} {said} facing a bet: they may now only call or fold.",
        )
    # raise / bet / complete
    if not facing:
        amount = min(opts.get(ActionKind.BET, [hand.bet_size()]))
        _do_action(hand, p, ActionKind.BET, amount)
        return b.done(
            "bet",
            basis,
            f"{p.name} {said} with no bet to face: that is a bet of {fmt(amount)}.",
        )
    if (
        hand.street is Street.THIRD
        and not hand.completed
        and ActionKind.COMPLETE in opts
    ):
        amount = opts[ActionKind.COMPLETE][0]
        _do_action(hand, p, ActionKind.COMPLETE, amount)
        return b.done(
            "complete",
            "J",
            f"Facing only the bring-in, {p.name} {said}: a declared raise there is the completion, to "
            f"{fmt(amount)}.",
        )
    if ActionKind.RAISE in opts:
        target = min(opts[ActionKind.RAISE])
        _do_action(hand, p, ActionKind.RAISE, target)
        return b.done(
            "raise",
            basis,
            f"{p.name} {said} in turn: that binds them to a full raise, to {fmt(target)}.",
        )
    _do_action(hand, p, ActionKind.CALL, None)
    return b.done(
        "call", basis, f"{p.name} {said}, but the betting is capped: they call."
    )


# ------------------------------------------------------------------------------- free fold
def _fold_no_bet(hand: Hand, irr: Irregularity) -> IrrRuling:
    b = _Build(hand, "irr.fold-no-bet")
    p = _name_player(hand, irr.players[0])
    if hand.to_act_idx != p.idx:
        raise TutorError(f"it is {hand.to_act}'s turn, not {p.name}'s.")
    if hand.current > p.bet or hand.forced_pending:
        raise TutorError(
            f"{p.name} faces a wager, so folding is an ordinary action: write `act: {p.name} folds`."
        )
    preset = hand.rules.preset
    if preset == "online":
        b.rules.append("irr.online")
    dealt = hand.rules.fold_no_bet == "dealt-until-bet"
    hand.do(p, ActionKind.FOLD, None)
    if dealt and not hand.is_over:
        _hooks(hand).ghosts.add(p.idx)
        b.cards.append(
            f"{p.name}'s seat keeps being dealt (dead cards) until someone bets; then the hand is killed"
        )
        return b.done(
            "dealt-until-bet",
            "S",
            f"{p.name} folded although they could check. The fold is binding and they cannot win the pot; under "
            f"{hand.rules.label} their seat keeps receiving cards until a bet kills the hand. The cards dealt "
            "to it are dead but are gone from the stub.",
        )
    b.cards.append(f"{p.name} is out and gets no more cards")
    return b.done(
        "no-more-cards",
        "S" if preset == "tda" else "J",
        f"{p.name} folded although they could check. The fold is binding: they are out of the hand and gets no "
        "more cards.",
    )


# ------------------------------------------------------------------------- exposed river
def _river_exposed(
    hand: Hand, irr: Irregularity, rule_id: str = "irr.exposed-river"
) -> IrrRuling:
    b = _Build(hand, rule_id)
    if rule_id != "irr.exposed-river":
        b.rules.append("irr.exposed-river")
    p = _name_player(hand, irr.players[0])
    if (
        hand.street is not Street.SEVENTH
        or not _no_action_yet(hand)
        or hand.community is not None
    ):
        raise TutorError(
            "a seventh-street card dealt face up is ruled right after seventh street is dealt "
            "(to each player), before any action."
        )
    if p.folded or len(p.cards) < 7:
        raise TutorError(f"{p.name} has no seventh-street card.")
    card = p.cards[6]
    shown = card.text if card else "??"
    live = [hand.players[i] for i in hand.order if not hand.players[i].folded]
    remains = len(hand.actors()) >= 2
    preset = hand.rules.preset
    if not remains:
        b.cards.append(f"{shown} plays as dealt")
        return b.done(
            "plays-as-dealt",
            "S",
            f"{p.name}'s seventh card was dealt face up, but no betting action remains on the hand: the card "
            "plays as dealt.",
        )
    if p.all_in:
        if hand.rules.river_exposed_all_in == "keep":
            b.cards.append(f"{p.name} keeps {shown}; the others get normal cards")
            return b.done(
                "keep",
                "S",
                f"{p.name} is all in and their seventh card was dealt face up while others still bet: they keep "
                "it, and the others get their cards face down as usual.",
            )
        _replace(hand, p, irr, b)
        return b.done(
            "replace",
            "S",
            f"{p.name} is all in, but betting action remains on the hand: the exposed {shown} is replaced "
            "(TDA's literal rule).",
        )
    first = p is live[0]
    heads_up = len(live) == 2
    mode = hand.rules.river_exposed
    extra_up: list[_Player] = []
    if mode == "replace":
        _replace(hand, p, irr, b)
        outcome, basis = "replace", "S"
        why = (
            f"{p.name}'s seventh card was dealt face up: the exposed {shown} is taken out, the others get "
            f"their cards face down, and then {p.name} gets a new card face down."
        )
    elif heads_up and first:
        outcome, basis = "other-card-up", "S"
        extra_up = [q for q in live if q is not p]
        why = (
            f"Heads-up, the first player's seventh card ({p.name}'s {shown}) was dealt face up: the other "
            "player's seventh card is dealt face up too, and the betting is normal."
        )
        b.cards.append(f"{extra_up[0].name}'s seventh card is dealt face up")
    elif mode == "first-exposed-all-up" and first:
        outcome, basis = "all-up", "S"
        extra_up = [q for q in live if q is not p]
        why = (
            f"The first player's seventh card ({p.name}'s {shown}) was dealt face up: under {hand.rules.label} "
            "every player's seventh card is dealt face up, and there is no all-in option."
        )
        b.cards.append("every seventh card is dealt face up")
    else:
        outcome, basis = "others-down", "S"
        b.extra["declare_all_in"] = p.name
        why = (
            f"{p.name}'s seventh card ({shown}) was dealt face up: the others get theirs face down. Before "
            f"any action, {p.name} may declare themselves all in for the pot as it stands."
        )
        b.cards.append("the other seventh cards are dealt face down")
    # Who acts first.
    if outcome == "replace" or hand.rules.river_exposed_opener == "sixth-street-opener":
        win = (
            hand.sixth_opener_idx
            if hand.sixth_opener_idx is not None
            else hand.opener_idx
        )
        if win is None or hand.players[win].folded:
            win = hand.opener_idx
        opener_why = "the sixth-street opener acts first"
        if outcome == "replace" and preset == "tda":
            pass
    else:
        ups = {p.idx: [c for c in p.up_cards() + [p.cards[6]] if c is not None]}
        for q in extra_up:
            ups[q.idx] = [c for c in q.up_cards() + [q.cards[6]] if c is not None]
        boards = {
            q.idx: ups.get(q.idx, [c for c in q.up_cards() if c is not None])
            for q in live
        }
        low = hand.variant.board_first == "low"
        keys: dict[int, object] = {
            i: a5_key(v) if low else _board_key(v) for i, v in boards.items()
        }
        best = (min if low else max)(keys.values())  # type: ignore[type-var]
        tied = [i for i in keys if keys[i] == best]
        win = min(tied, key=lambda i: hand.position[i])
        describe = describe_low_board if low else describe_board
        opener_why = (
            f"the {'lowest' if low else 'highest'} board counting every upcard, the exposed seventh "
            f"card(s) included, acts first: {hand.players[win].name} with {describe(boards[win])}"
        )
    if win is not None:
        if hand.players[win].all_in:
            nxt = hand.next_actor_from(win)
            win = nxt if nxt is not None else win
        hand.to_act_idx = hand.opener_idx = hand.round_first = hand.last_round_first = (
            win
        )
        hand.opener_reason = opener_why[0].upper() + opener_why[1:] + "."
    opener_basis = "S" if preset in ("roberts", "wsop-cash") else "J"
    return b.done(
        outcome,
        basis if opener_basis == "S" else "J",
        why + f" Then {opener_why}.",
    )


def _replace(hand: Hand, p: _Player, irr: Irregularity, b: _Build) -> None:
    old = p.cards[6]
    p.cards[6] = irr.card
    hand.burns += 1
    hand.dealt += 0
    b.cards.append(
        f"{old.text if old else '??'} is taken out of play like a burn card; {p.name} gets "
        f"{irr.card.text if irr.card else 'the next stub card'} face down after the others"
    )


# ---------------------------------------------------------------------- exposed card
def _off_table(hand: Hand, irr: Irregularity) -> IrrRuling:
    if not irr.positions:
        raise TutorError(
            "say which of the player's cards went off the table (card: 1 to 7)."
        )
    pos = irr.positions[0]
    if pos in (1, 2) and hand.street is Street.THIRD:
        return _exposed_hole(hand, irr, "irr.exposed-card")
    if pos == 7:
        return _river_exposed(hand, irr, "irr.exposed-card")
    b = _Build(hand, "irr.exposed-card")
    p = _name_player(hand, irr.players[0])
    b.cards.append(f"{p.name}'s card plays as dealt")
    return b.done(
        "plays-as-dealt",
        _basis({"roberts": "S"}, hand.rules.preset),
        f"{p.name}'s upcard (card {pos}) was pitched off the table: an upcard is seen by all anyway, so it "
        "plays as dealt.",
    )


def _player_shows(hand: Hand, irr: Irregularity) -> IrrRuling:
    b = _Build(hand, "irr.exposed-card")
    p = _name_player(hand, irr.players[0])
    if p.folded:
        raise TutorError(f"{p.name} has folded.")
    b.cards.append(f"the dealer shows {p.name}'s card to the whole table")
    note = " Under TDA a penalty is possible." if hand.rules.preset == "tda" else ""
    return b.done(
        "hand-live-card-shown",
        _basis({"roberts": "S2", "*": "S"}, hand.rules.preset)
        if hand.rules.preset == "roberts"
        else "S",
        f"{p.name} exposed their own card: their hand stays live, and the dealer shows the card to every player "
        "so that all have the same information." + note,
    )


_RULERS = {
    "dealer-exposes": _dealer_exposes,
    "door-down": _door_down,
    "off-table": _off_table,
    "player-shows": _player_shows,
    "first-card-to": _first_card_to,
    "extra-card": _extra_card,
    "fouled-deck": _fouled,
    "wrong-count": _wrong_count,
    "premature": _premature,
    "no-burn": _burn,
    "double-burn": _burn,
    "burn-exposed": _burn,
    "wrong-bring-in": _wrong_named,
    "wrong-opener": _wrong_named,
    "out-of-turn": _out_of_turn,
    "chips": _chips,
    "says": _says,
    "fold-no-bet": _fold_no_bet,
    "river-exposed": _river_exposed,
}
