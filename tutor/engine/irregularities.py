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
from tutor.engine.boards import (
    best_boards,
    board_said,
    door_key,
    low_board_said,
)
from tutor.engine.cards import Card
from tutor.engine.errors import ActionSyntaxError, TutorError
from tutor.engine.messages import Message, Said, msg, render, render_all
from tutor.engine.values import (
    CARDS_AT,
    STREETS,
    ZERO,
    Action,
    ActionKind,
    PlayerState,
    Street,
)

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


def _cite(basis: str, ref: str, rule: str) -> Message:
    """How a ruling names its source: the rule, or plainly that it is a judgement."""
    if basis == "S":
        return msg("irr.cite.rulebook", rule, ref=ref)
    if basis == "S2":
        return msg("irr.cite.secondary", rule, ref=ref)
    return msg("irr.cite.judgement", rule, ref=ref)


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
    """A dealer's ruling, as a value.

    ``why`` says it as messages (what happened and the ruling, the source cited, who acts
    next); ``explanation`` is the same rendered. ``said_cards`` says what happens to the cards
    (``cards`` renders them). ``next_actions`` are the legal actions in the action grammar
    (``call 20``), the notation the answer is given and checked in, not sentences.
    """

    outcome: str
    rule: str
    reference: str
    basis: str
    why: Said
    preset: str
    rules: tuple[str, ...]
    continues: bool
    chips_back: tuple[tuple[str, Decimal], ...] = ()
    dead: tuple[str, ...] = ()
    said_cards: Said = ()
    next_player: str | None = None
    next_actions: tuple[str, ...] = ()
    extra: tuple[tuple[str, Any], ...] = ()

    @property
    def explanation(self) -> str:
        """The ruling and why, as sentences."""
        return render_all(self.why)

    @property
    def cards(self) -> tuple[str, ...]:
        """What happens to the cards, one sentence each."""
        return tuple(render(m) for m in self.said_cards)

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
    reason: Message
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


def _name_player(hand: Hand, name: str) -> PlayerState:
    return hand.player(name)


def _initial_stack(hand: Hand, p: PlayerState) -> Decimal:
    s = next(s for s in hand.setup.seats if s.name == p.name)
    return s.stack if s.stack is not None else Decimal("Infinity")


def _ante_paid(hand: Hand, p: PlayerState) -> Decimal:
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
        self.cards: list[Message] = []
        self.extra: dict[str, Any] = {}

    def done(
        self, outcome: str, basis: str, *why: Message, continues: bool = True
    ) -> IrrRuling:
        hand = self.hand
        preset = hand.rules.preset
        ref = reference(self.rule, preset)
        nxt, actions = _next(hand) if continues else (None, ())
        said: list[Message] = [*why, _cite(basis, ref, self.rule)]
        if nxt is not None:
            said.append(msg("irr.next", None, player=nxt, actions=actions))
        ruling = IrrRuling(
            outcome=outcome,
            rule=self.rule,
            reference=ref,
            basis=basis,
            why=tuple(said),
            preset=hand.rules.label,
            rules=tuple(dict.fromkeys(self.rules)),
            continues=continues,
            chips_back=tuple(self.chips),
            dead=tuple(self.dead),
            said_cards=tuple(self.cards),
            next_player=nxt,
            next_actions=actions,
            extra=tuple(self.extra.items()),
        )
        # Not logged in the hand's history: a ruling ask after the event is where the
        # learner meets it (the history is shown before the question is answered).
        _hooks(hand).last = ruling
        return ruling


def _end_hand(hand: Hand, why: Message) -> None:
    hand.to_act_idx = None
    hand.blocked_said = why


def _refund(hand: Hand, p: PlayerState, amount: Decimal) -> None:
    p.committed -= amount
    p.stack += amount
    p.bet = max(ZERO, p.bet - amount)


def _misdeal(b: _Build, why: Message, basis: str, *, void: bool = False) -> IrrRuling:
    hand = b.hand
    for p in hand.players:
        back = p.committed if void else p.committed - _ante_paid(hand, p)
        if back > 0:
            _refund(hand, p, back)
            b.chips.append((p.name, back))
        p.bet = ZERO
    _end_hand(hand, msg("irr.misdeal.blocked", "irr.misdeal", void=void))
    if void:
        return b.done(
            "hand-void",
            "S",
            why,
            msg("irr.misdeal.void", "irr.misdeal"),
            continues=False,
        )
    b.cards.append(msg("irr.misdeal.cards", "irr.misdeal"))
    return b.done(
        "misdeal",
        basis,
        why,
        msg("irr.misdeal.chips-back", "irr.misdeal"),
        continues=False,
    )


def _past_cutoff(hand: Hand) -> tuple[bool, Message]:
    """Whether the misdeal cut-off has passed on third street (misdeal_cutoff), and why."""
    acts = _street_actions(hand, Street.THIRD)
    after = acts[1:] if acts else []
    if hand.rules.misdeal_cutoff == "two-acted-after-bring-in":
        past = len(after) >= 2
        return past, msg("irr.misdeal.cutoff.two", "irr.misdeal", acted=len(after))
    chips = sum(1 for a in after if a in ("call", "complete", "raise", "bet"))
    past = _substantial(len(after), chips)
    return past, msg(
        "irr.misdeal.cutoff.substantial", "irr.misdeal", actions=len(after), chips=chips
    )


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
            msg("irr.unknown-kind", None, kind=irr.kind, kinds=tuple(KINDS)),
            where=("irregularity", "kind"),
        )
    if hand.rules.dealer_errors == "refused" and irr.kind != "fold-no-bet":
        raise TutorError(msg("irr.online", "irr.online"))
    if hand.is_over and irr.kind != "wrong-count":
        raise TutorError(msg("irr.hand-over", None))
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
    """Refuse unless the initial deal is done and nobody has acted (``what``: the kind)."""
    if hand.street is not Street.THIRD or not _no_action_yet(hand) or hand.setup.start:
        raise TutorError(msg("irr.deal.not-now", None, what=what))


def _as_upcard(hand: Hand, p: PlayerState, pos: int, rule_id: str) -> Message:
    """Make p's exposed hole card (1 or 2) their upcard; the third card goes down."""
    cards = list(p.cards)
    exposed = cards[pos - 1]
    other = cards[2 - pos]
    third = cards[2]
    p.cards[:3] = [other, third, exposed]
    return msg(
        "irr.exposed-hole.upcard", rule_id, player=p.name, exposed=exposed, third=third
    )


def _exposed_hole(hand: Hand, irr: Irregularity, rule_id: str) -> IrrRuling:
    b = _Build(hand, rule_id)
    if rule_id != "irr.exposed-hole":
        b.rules.append("irr.exposed-hole")
    _need_deal(hand, "exposed-hole")
    preset = hand.rules.preset
    if not irr.players or not irr.positions:
        raise TutorError(
            msg("irr.exposed-hole.say-which", None),
            where=("irregularity", "players" if not irr.players else "positions"),
        )
    for pos in irr.positions:
        if pos not in (1, 2, 3):
            raise TutorError(
                msg("irr.exposed-hole.bad-position", None, position=pos),
                where=("irregularity", "positions"),
            )
    players = [_name_player(hand, n) for n in irr.players]
    label = hand.rules.label
    if len(players) == 1 and len(irr.positions) == 1:
        p = players[0]
        if hand.rules.exposed_one_hole == "misdeal":
            return _misdeal(
                b,
                msg(
                    "irr.exposed-hole.one.misdeal", rule_id, player=p.name, rules=label
                ),
                "S",
            )
        b.cards.append(_as_upcard(hand, p, irr.positions[0], rule_id))
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
            msg(
                "irr.exposed-hole.one.third-down",
                rule_id,
                player=p.name,
                brings_in=low.name,
                card=_forced_word(hand),
            ),
        )
    if len(players) == 1:
        p = players[0]
        if hand.rules.exposed_both_holes == "misdeal":
            return _misdeal(
                b,
                msg(
                    "irr.exposed-hole.several.misdeal",
                    rule_id,
                    player=p.name,
                    count=len(irr.positions),
                    rules=label,
                ),
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
            raise TutorError(msg("irr.exposed-hole.doors-unknown", None))
        low_q, low_c = min(doors, key=lambda qc: door_key(hand.variant, qc[1]))  # type: ignore[arg-type]
        hand.start_round()
        hand.forced_pending = True
        if door_key(hand.variant, first) < door_key(hand.variant, low_c):  # type: ignore[arg-type]
            nxt = hand.next_actor_from(p.idx)
            assert nxt is not None
            hand.bring_in_idx = p.idx
            hand.to_act_idx = nxt
            reason = msg(
                "irr.exposed-hole.dead.no-bring-in",
                rule_id,
                player=p.name,
                card=first,
                first=hand.players[nxt].name,
            )
        else:
            hand.bring_in_idx = low_q.idx
            hand.to_act_idx = low_q.idx
            reason = msg(
                "irr.exposed-hole.dead.brings-in",
                rule_id,
                player=low_q.name,
                card=low_c,
                word=_forced_word(hand),
            )
        hand.bring_in_said = (msg("irr.sentence", None, said=reason),)
        hand.round_first = hand.last_round_first = hand.opener_idx = hand.to_act_idx
        hand.opener_said = hand.bring_in_said
        b.cards.append(msg("irr.cards.dead", rule_id, player=p.name))
        return b.done(
            "dead-hand",
            "S",
            msg(
                "irr.exposed-hole.dead",
                rule_id,
                player=p.name,
                rules=label,
                ante=ante,
                reason=reason,
            ),
        )
    names = tuple(q.name for q in players)
    if hand.rules.exposed_two_players == "misdeal":
        return _misdeal(
            b,
            msg(
                "irr.exposed-hole.players.misdeal",
                rule_id,
                count=len(players),
                players=names,
                rules=label,
            ),
            "J",
        )
    if len(irr.positions) != len(players):
        raise TutorError(
            msg("irr.exposed-hole.one-each", None), where=("irregularity", "positions")
        )
    for q, pos in zip(players, irr.positions, strict=True):
        b.cards.append(_as_upcard(hand, q, pos, rule_id))
    hand.open_third()
    return b.done(
        "upcard-each",
        "J",
        msg("irr.exposed-hole.players.upcards", rule_id, players=names, rules=label),
    )


def _forced_word(hand: Hand) -> Message:
    """What the bring-in's card is called: ``low`` (stud, stud8) or ``high`` (razz)."""
    if hand.variant.bring_in_highest:
        return msg("irr.word.high", None)
    return msg("irr.word.low", None)


def _opener_word(hand: Hand) -> Message:
    """What the first board to act is called: ``high`` or, in razz, ``low``."""
    if hand.variant.board_first == "low":
        return msg("irr.word.low", None)
    return msg("irr.word.high", None)


def _dealer_exposes(hand: Hand, irr: Irregularity) -> IrrRuling:
    return _exposed_hole(hand, irr, "irr.exposed-hole")


def _door_down(hand: Hand, irr: Irregularity) -> IrrRuling:
    b = _Build(hand, "irr.exposed-hole")
    _need_deal(hand, "door-down")
    p = _name_player(hand, irr.players[0])
    if not irr.seen:
        b.cards.append(
            msg("irr.door-down.turned-up", "irr.exposed-hole", player=p.name)
        )
        return b.done(
            "door-turned-up",
            "J",
            msg("irr.door-down.unseen", "irr.exposed-hole", player=p.name),
        )
    if irr.card is None:
        raise TutorError(
            msg("irr.door-down.give-card", None), where=("irregularity", "card")
        )
    known = tuple(c for c in p.cards[:3] if c is not None)
    if irr.card not in known:
        raise TutorError(
            msg(
                "irr.door-down.not-theirs",
                None,
                card=irr.card,
                player=p.name,
                cards=known,
            ),
            where=("irregularity", "card"),
        )
    rest = [c for c in p.cards[:3] if c != irr.card]
    p.cards[:3] = [rest[0], rest[1], irr.card]
    hand.open_third()
    b.cards.append(
        msg("irr.door-down.scrambled", "irr.exposed-hole", player=p.name, card=irr.card)
    )
    return b.done(
        "scramble-turn-one",
        "J",
        msg("irr.door-down.seen", "irr.exposed-hole", player=p.name, card=irr.card),
    )


# ---------------------------------------------------------------------------- misdeals
def _first_card_to(hand: Hand, irr: Irregularity) -> IrrRuling:
    b = _Build(hand, "irr.misdeal")
    past, why = _past_cutoff(hand)
    if hand.street is not Street.THIRD:
        past = True
    name = irr.players[0] if irr.players else None
    if past:
        return b.done(
            "plays-on",
            "S",
            msg("irr.first-card.plays-on", "irr.misdeal", player=name, cutoff=why),
        )
    return _misdeal(
        b,
        msg("irr.first-card.misdeal", "irr.misdeal", player=name, cutoff=why),
        "S",
    )


def _extra_card(hand: Hand, irr: Irregularity) -> IrrRuling:
    b = _Build(hand, "irr.misdeal")
    _need_deal(hand, "extra-card")
    p = _name_player(hand, irr.players[0])
    if hand.rules.extra_card_initial == "misdeal":
        return _misdeal(
            b,
            msg(
                "irr.extra-card.misdeal",
                "irr.misdeal",
                player=p.name,
                rules=hand.rules.label,
            ),
            "S",
        )
    b.cards.append(msg("irr.extra-card.to-burn", "irr.misdeal"))
    return b.done(
        "becomes-burn",
        _basis({"wsop-cash": "S"}, hand.rules.preset),
        msg("irr.extra-card.burn", "irr.misdeal", player=p.name),
    )


def _fouled(hand: Hand, irr: Irregularity) -> IrrRuling:
    b = _Build(hand, "irr.misdeal")
    return _misdeal(b, msg("irr.fouled-deck", "irr.misdeal"), "S", void=True)


def _wrong_count(hand: Hand, irr: Irregularity) -> IrrRuling:
    p = _name_player(hand, irr.players[0])
    count = irr.count
    if count is None:
        raise TutorError(
            msg("irr.wrong-count.say-count", None), where=("irregularity", "count")
        )
    label = hand.rules.label
    if hand.street is Street.THIRD and hand.setup.start is None and not hand.is_over:
        b = _Build(hand, "irr.misdeal")
        b.rules.append("irr.wrong-count")
        past, why = _past_cutoff(hand)
        if count == 3:
            raise TutorError(
                msg("irr.wrong-count.right", None, player=p.name),
                where=("irregularity", "count"),
            )
        if not past:
            return _misdeal(
                b,
                msg(
                    "irr.wrong-count.third.misdeal",
                    "irr.misdeal",
                    player=p.name,
                    count=count,
                    cutoff=why,
                ),
                "S" if hand.rules.preset != "tda" else "J",
            )
        return _kill(
            b,
            p,
            msg(
                "irr.wrong-count.third.dead",
                "irr.wrong-count",
                player=p.name,
                count=count,
                cutoff=why,
            ),
            "S",
        )
    b = _Build(hand, "irr.wrong-count")
    expected = CARDS_AT[hand.street]
    if count > 7:
        return _kill(
            b,
            p,
            msg(
                "irr.wrong-count.over-seven",
                "irr.wrong-count",
                player=p.name,
                count=count,
            ),
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
                b.cards.append(msg("irr.wrong-count.taken-out", "irr.wrong-count"))
                return b.done(
                    "card-taken-out",
                    "J",
                    msg(
                        "irr.wrong-count.extra.taken-out",
                        "irr.wrong-count",
                        player=p.name,
                        street=hand.street,
                    ),
                )
            b.cards.append(msg("irr.wrong-count.moved", "irr.wrong-count"))
            return b.done(
                "proper-cards",
                "J",
                msg(
                    "irr.wrong-count.extra.put-right",
                    "irr.wrong-count",
                    player=p.name,
                    street=hand.street,
                ),
            )
        return _kill(
            b,
            p,
            msg(
                "irr.wrong-count.extra.dead",
                "irr.wrong-count",
                player=p.name,
                count=count,
                street=hand.street,
            ),
            "S",
        )
    missing = irr.street
    if missing is Street.SHOWDOWN:
        raise TutorError(
            msg("irr.wrong-count.missing-showdown", None),
            where=("irregularity", "street"),
        )
    if before and missing is not None:
        b.cards.append(
            msg("irr.wrong-count.next-card", "irr.wrong-count", player=p.name)
        )
        return b.done(
            "next-stub-card",
            "J",
            msg(
                "irr.wrong-count.skipped",
                "irr.wrong-count",
                player=p.name,
                street=missing,
            ),
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
            msg(
                "irr.wrong-count.short.dead",
                "irr.wrong-count",
                player=p.name,
                count=count,
                street=missing,
                rules=label,
                short_hand=rule_,
            ),
            basis,
        )
    if missing is not None and len(p.cards) > count:
        index = STREETS.index(missing) + 2 if missing is not Street.THIRD else 2
        del p.cards[index]
    if hand.is_over:
        _reaward(hand)
    b.cards.append(
        msg(
            "irr.wrong-count.plays-cards", "irr.wrong-count", player=p.name, count=count
        )
    )
    return b.done(
        "live-hand",
        basis,
        msg(
            "irr.wrong-count.short.live",
            "irr.wrong-count",
            player=p.name,
            count=count,
            street=missing,
            rules=label,
            short_hand=rule_,
        ),
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


def _kill(b: _Build, p: PlayerState, why: Message, basis: str) -> IrrRuling:
    hand = b.hand
    b.dead.append(p.name)
    p.folded = True
    b.cards.append(msg("irr.cards.dead-chips-stay", b.rule, player=p.name))
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
        raise TutorError(msg("irr.premature.not-now", None))
    players = [_name_player(hand, n) for n in irr.players]
    nxt_street = STREETS[STREETS.index(hand.street) + 1]
    hooks = _hooks(hand)
    label = hand.rules.label
    if irr.seen and nxt_street is Street.SEVENTH and len(players) == 1:
        p = players[0]
        if hand.rules.premature_river_seen == "keep-call-only":
            hooks.limits[p.idx] = _Limit(
                frozenset({ActionKind.FOLD, ActionKind.CALL, ActionKind.CHECK}),
                msg("irr.premature.refused.call-only", "irr.premature", player=p.name),
                Street.SIXTH,
                once=False,
            )
            b.cards.append(msg("irr.premature.keeps", "irr.premature", player=p.name))
            return _then(
                b,
                irr,
                "keep-call-only",
                "S",
                msg(
                    "irr.premature.river-seen.keep",
                    "irr.premature",
                    player=p.name,
                    rules=label,
                ),
            )
        b.cards.append(
            msg("irr.premature.shuffled-back", "irr.premature", player=p.name)
        )
        return _then(
            b,
            irr,
            "reshuffle-no-burn",
            "J",
            msg(
                "irr.premature.river-seen.reshuffle",
                "irr.premature",
                player=p.name,
                rules=label,
            ),
        )
    names = tuple(p.name for p in players)
    if hand.rules.premature_card == "set-aside-plus-one-each":
        hooks.set_aside = len(players)
        hooks.set_aside_street = nxt_street
        b.cards.append(
            msg("irr.premature.cards-set-aside", "irr.premature", players=names)
        )
        b.cards.append(msg("irr.premature.more-set-aside", "irr.premature"))
        return _then(
            b,
            irr,
            "set-aside-plus-one-each",
            "S",
            msg(
                "irr.premature.set-aside-plus-one",
                "irr.premature",
                street=nxt_street,
                players=names,
            ),
        )
    b.cards.append(msg("irr.premature.cards-back", "irr.premature", players=names))
    b.cards.append(msg("irr.premature.burn-stays", "irr.premature"))
    return _then(
        b,
        irr,
        "reshuffle-no-burn",
        "S",
        msg(
            "irr.premature.reshuffle", "irr.premature", street=nxt_street, players=names
        ),
    )


def _said(exc: TutorError) -> Message | str:
    """What an engine error says: its message, or its text when it was raised with text."""
    return exc.said if exc.said is not None else str(exc)


def _apply_all(hand: Hand, actions: tuple[str, ...], field: str) -> None:
    """Apply ``actions`` (the irregularity's ``field``: ``actions`` or ``then``)."""
    for text in actions:
        try:
            hand.apply(text)
        except TutorError as exc:
            raise TutorError(
                msg(
                    "irr.action-refused",
                    exc.rule,
                    field=field,
                    action=text,
                    problem=_said(exc),
                ),
                where=("irregularity", field),
            ) from None


def _then(
    b: _Build, irr: Irregularity, outcome: str, basis: str, why: Message
) -> IrrRuling:
    hand = b.hand
    _apply_all(hand, irr.then, "then")
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
            msg("irr.burn.wrong-street", None, street=st, now=hand.street),
            where=("irregularity", "street"),
        )
    label = hand.rules.label
    if not hand.rules.burn_cards:
        raise TutorError(msg("irr.burn.no-burns", "irr.burn", rules=label))
    if irr.kind == "burn-exposed":
        b.cards.append(msg("irr.burn.exposed.stays", "irr.burn"))
        return b.done("burn-shown", "J", msg("irr.burn.exposed", "irr.burn"))
    live = [hand.players[i] for i in hand.order if not hand.players[i].folded]
    k = CARDS_AT[st] - 1
    if hand.community is not None or any(len(p.cards) <= k for p in live):
        raise TutorError(msg("irr.burn.not-dealt", None, street=st))
    double = irr.kind == "double-burn"
    if irr.seen:
        b.cards.append(msg("irr.burn.keeps-seen", "irr.burn"))
        return b.done(
            "keep-seen-card",
            _basis({"roberts": "S", "wsop-cash": "S"}, hand.rules.preset),
            msg("irr.burn.seen", "irr.burn", double=double, street=st),
        )
    before = _no_action_yet(hand)
    if hand.rules.burn_error == "stand":
        hand.burns += 1 if double else -1
        b.cards.append(msg("irr.burn.stand.cards", "irr.burn"))
        return b.done(
            "cards-stand",
            "S" if not before else "J",
            msg("irr.burn.stand", "irr.burn", double=double, street=st, rules=label),
        )
    if not before:
        b.cards.append(msg("irr.burn.after.cards", "irr.burn", double=double))
        b.extra["next_burns"] = 0 if double else 2
        return b.done(
            "cards-stand",
            _basis({"wsop-cash": "S"}, hand.rules.preset),
            msg("irr.burn.after", "irr.burn", double=double, street=st),
        )
    dealt = [p.cards[k] for p in live]
    if double:
        # The second burn card goes to the first player; each card moves one seat on; the
        # last player's card goes back on top of the stub.
        new = [irr.card] + dealt[:-1]
        b.cards.append(
            msg(
                "irr.burn.double.moved",
                "irr.burn",
                card=irr.card,
                first=live[0].name,
                last=live[-1].name,
            )
        )
    else:
        new = dealt[1:] + [irr.card]
        b.cards.append(
            msg(
                "irr.burn.missed.to-burn",
                "irr.burn",
                card=dealt[0],
                player=live[0].name,
            )
        )
        for p, c in zip(live[:-1], new, strict=False):
            b.cards.append(
                msg("irr.burn.missed.takes", "irr.burn", player=p.name, card=c)
            )
        b.cards.append(
            msg("irr.burn.missed.last", "irr.burn", player=live[-1].name, card=irr.card)
        )
    for p, c in zip(live, new, strict=False):
        p.cards[k] = c
    if st is not Street.SEVENTH:
        hand.open_later()
    return b.done(
        "restore-order",
        "J",
        msg("irr.burn.corrected", "irr.burn", double=double, street=st),
    )


# ------------------------------------------------------------------ wrong bring-in / opener
def _wrong_named(hand: Hand, irr: Irregularity) -> IrrRuling:
    bring = irr.kind == "wrong-bring-in"
    rule_id = "irr.wrong-bring-in" if bring else "irr.wrong-opener"
    b = _Build(hand, rule_id)
    p = _name_player(hand, irr.players[0])
    if bring and (hand.street is not Street.THIRD or not hand.forced_pending):
        raise TutorError(msg("irr.wrong-bring-in.not-now", rule_id))
    if not bring and (
        hand.street in (Street.THIRD, Street.SHOWDOWN) or not _no_action_yet(hand)
    ):
        raise TutorError(
            msg("irr.wrong-opener.not-now", rule_id, board=_opener_word(hand))
        )
    true_idx = hand.to_act_idx
    if true_idx is None:
        raise TutorError(msg("irr.wrong-named.unknown-cards", None))
    true_p = hand.players[true_idx]
    if p is true_p:
        raise TutorError(
            msg("irr.wrong-named.right-player", rule_id, player=p.name),
            where=("irregularity", "players"),
        )
    if not irr.actions:
        raise TutorError(
            msg("irr.wrong-named.say-action", None, player=p.name),
            where=("irregularity", "actions"),
        )
    card, board = _forced_word(hand), _opener_word(hand)
    snapshot = hand.copy()
    if bring:
        hand.bring_in_idx = p.idx
        hand.bring_in_said = (
            msg("irr.wrong-bring-in.named", rule_id, player=p.name, card=card),
        )
    hand.to_act_idx = p.idx
    hand.round_first = p.idx
    first = hand.parse(irr.actions[0])
    if first.player != p.name:
        raise TutorError(
            msg("irr.wrong-named.not-first", None, player=p.name, acted=first.player),
            where=("irregularity", "actions"),
        )
    _apply_all(hand, irr.actions, "actions")
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
                msg(
                    "irr.wrong-bring-in.caught",
                    rule_id,
                    player=p.name,
                    card=card,
                    amount=amount,
                    true=true_p.name,
                ),
            )
        return b.done(
            "true-high-acts-first",
            basis,
            msg(
                "irr.wrong-opener.caught",
                rule_id,
                player=p.name,
                board=board,
                true=true_p.name,
            ),
        )
    if bring:
        hand.bring_in_idx = true_idx
        return b.done(
            "wager-stands",
            basis,
            msg(
                "irr.wrong-bring-in.stands",
                rule_id,
                player=p.name,
                card=card,
                true=true_p.name,
            ),
        )
    return b.done(
        "action-stands",
        basis,
        msg(
            "irr.wrong-opener.stands",
            rule_id,
            player=p.name,
            board=board,
            true=true_p.name,
        ),
    )


# ------------------------------------------------------------------------------ out of turn
def _out_of_turn(hand: Hand, irr: Irregularity) -> IrrRuling:
    rule_id = "irr.out-of-turn"
    b = _Build(hand, rule_id)
    if hand.to_act_idx is None:
        raise TutorError(msg("irr.out-of-turn.nobody-to-act", rule_id))
    skipped = hand.players[hand.to_act_idx]
    hooks = _hooks(hand)
    at = len(hooks.log)
    oot: list[Action] = []
    where = ("irregularity", "actions")
    for text in irr.actions:
        act = hand.parse(text)
        q = hand.player(act.player)
        if q is skipped:
            raise TutorError(
                msg(
                    "irr.out-of-turn.in-turn", rule_id, action=text, player=skipped.name
                ),
                where=where,
            )
        if q.folded or q.all_in:
            raise TutorError(
                msg("irr.out-of-turn.not-in-hand", rule_id, action=text, player=q.name),
                where=where,
            )
        if q.idx in hooks.pending:
            raise TutorError(
                msg("irr.out-of-turn.twice", rule_id, action=text, player=q.name),
                where=where,
            )
        if q.acted and q.bet >= hand.current:
            raise TutorError(
                msg(
                    "irr.out-of-turn.nothing-to-answer",
                    rule_id,
                    action=text,
                    player=q.name,
                ),
                where=where,
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
        raise TutorError(msg("irr.out-of-turn.give-actions", None), where=where)
    # The skipped player: has the preset's deadline passed?
    deadline = hand.rules.skipped_player_deadline
    if deadline == "three-act-behind":
        passed = len(oot) >= 3
        said = msg(
            "irr.out-of-turn.behind.three", rule_id, count=len(oot), player=skipped.name
        )
    elif deadline == "two-act-behind":
        passed = len(oot) >= 2
        said = msg(
            "irr.out-of-turn.behind.two", rule_id, count=len(oot), player=skipped.name
        )
    else:
        kinds = [a.kind.value for a in oot]
        n_chips = sum(1 for k in kinds if k in ("call", "bet", "raise", "complete"))
        passed = _substantial(len(kinds), n_chips)
        said = msg(
            "irr.out-of-turn.behind.substantial",
            rule_id,
            count=len(kinds),
            player=skipped.name,
            chips=n_chips,
        )
    if passed:
        hooks.limits[skipped.idx] = _Limit(
            frozenset({ActionKind.FOLD, ActionKind.CHECK, ActionKind.CALL}),
            msg(
                "irr.out-of-turn.refused.passed",
                rule_id,
                player=skipped.name,
                behind=said,
            ),
            hand.street,
            once=True,
        )
    _apply_all(hand, irr.then, "then")
    names = tuple(a.text for a in oot)
    label = hand.rules.label
    between = hand.rules.oot_binding == "bet-call-or-raise-between"
    to_act = hand.players[hand.to_act_idx] if hand.to_act_idx is not None else None
    if to_act is not None and to_act.idx in hooks.pending:
        pend = hooks.pending[to_act.idx]
        if hooks._binding(hand, pend):
            return b.done(
                "binding",
                _basis({"roberts": "S2", "*": "S"}, hand.rules.preset)
                if pend.kind is not ActionKind.FOLD
                else "S",
                msg(
                    "irr.out-of-turn.binding",
                    rule_id,
                    player=to_act.name,
                    actions=names,
                    calls_count=between,
                    kind=pend.kind,
                ),
            )
        if pend.chips:
            b.chips.append((to_act.name, pend.amount or ZERO))
        limited = hand.rules.oot_after_change == "no-raise" and pend.kind in (
            ActionKind.CHECK,
            ActionKind.CALL,
        )
        return b.done(
            "not-binding",
            _basis({"roberts": "S2", "*": "S"}, hand.rules.preset),
            msg(
                "irr.out-of-turn.not-binding",
                rule_id,
                player=to_act.name,
                actions=names,
                calls_count=between,
                chips_back=pend.chips,
                no_raise=limited,
                rules=label,
            ),
        )
    if to_act is skipped:
        if passed:
            return b.done(
                "skipped-call-or-fold",
                "J",
                msg(
                    "irr.out-of-turn.skipped.call-or-fold",
                    rule_id,
                    player=skipped.name,
                    actions=names,
                    behind=said,
                    rules=label,
                ),
            )
        return b.done(
            "skipped-keeps-options",
            _basis({"roberts": "S2", "*": "S"}, hand.rules.preset),
            msg(
                "irr.out-of-turn.skipped.keeps-options",
                rule_id,
                player=skipped.name,
                actions=names,
                behind=said,
            ),
        )
    return b.done("binding", "S", msg("irr.out-of-turn.stands", rule_id, actions=names))


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
        raise ActionSyntaxError(msg("irr.chips.not-amount", None, text=text)) from None
    if not d.is_finite() or d <= 0:
        raise ActionSyntaxError(msg("irr.chips.not-positive", None, text=text))
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
            msg("irr.chips.not-a-motion", None, text=text, forms=CHIP_FORMS)
        )
    get = m.group
    return (
        get("name"),
        _amount(get("first")) if get("first") else None,
        _amount(get("more")) if get("more") else None,
        _amount(get("chip")) if get("chip") else None,
    )


def _do_action(
    hand: Hand, p: PlayerState, kind: ActionKind, amount: Decimal | None
) -> None:
    hand.apply(Action(p.name, kind, amount))


def _chips(hand: Hand, irr: Irregularity) -> IrrRuling:
    rule_id = "irr.string-raise"
    b = _Build(hand, rule_id)
    name, first, more, chip = parse_chips(irr.text)
    p = _name_player(hand, name)
    if hand.to_act_idx != p.idx:
        raise TutorError(
            msg("irr.chips.not-their-turn", rule_id, to_act=hand.to_act, player=p.name)
        )
    if hand.forced_pending:
        raise TutorError(msg("irr.bring-in-forced", "bring-in.forced"))
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
                msg(
                    "irr.chips.one-chip.call",
                    rule_id,
                    player=p.name,
                    facing=to_call,
                    chip=chip,
                    change=back,
                ),
            )
        size = min(opts.get(ActionKind.BET, [hand.bet_size()]))
        _do_action(hand, p, ActionKind.BET, size)
        if chip > size:
            b.chips.append((p.name, chip - size))
        return b.done(
            "bet",
            _basis({"tda": "S"}, preset),
            msg("irr.chips.one-chip.bet", rule_id, player=p.name, chip=chip, size=size),
        )
    assert first is not None
    string = more is not None
    total = p.bet + first
    word: Message
    if to_call <= 0:
        size = min(opts.get(ActionKind.BET, [hand.bet_size()]))
        _do_action(hand, p, ActionKind.BET, size)
        outcome, word = "bet", msg("irr.chips.is.bet", rule_id, amount=size)
        back = first - size
    elif hand.street is Street.THIRD and not hand.completed:
        full = (total - hand.current) * 2 >= hand.stakes.small_bet - hand.current
        if full and ActionKind.COMPLETE in opts:
            amount = opts[ActionKind.COMPLETE][0]
            _do_action(hand, p, ActionKind.COMPLETE, amount)
            outcome, word = (
                "complete",
                msg("irr.chips.is.complete", rule_id, amount=amount),
            )
            back = ZERO
        else:
            _do_action(hand, p, ActionKind.CALL, None)
            outcome, word = "call", msg("irr.chips.is.call", rule_id, amount=to_call)
            back = first - to_call
    else:
        step = min(hand.sizes())
        raise_ok = ActionKind.RAISE in opts
        if first >= to_call + step / 2 and raise_ok:
            target = min(opts[ActionKind.RAISE])
            _do_action(hand, p, ActionKind.RAISE, target)
            outcome, word = "raise", msg("irr.chips.is.raise", rule_id, amount=target)
            back = ZERO
        else:
            _do_action(hand, p, ActionKind.CALL, None)
            outcome, word = "call", msg("irr.chips.is.call", rule_id, amount=to_call)
            back = first - to_call
    if string:
        assert more is not None
        back = max(back, ZERO) + more
        b.chips.append((p.name, back))
        return b.done(
            outcome,
            "J",
            msg(
                "irr.chips.string",
                rule_id,
                player=p.name,
                first=first,
                more=more,
                counts=word,
                back=back,
            ),
        )
    if back > 0:
        b.chips.append((p.name, back))
    return b.done(
        outcome,
        _basis({"wsop-cash": "S", "tda": "S"}, preset),
        msg(
            "irr.chips.one-motion",
            rule_id,
            player=p.name,
            amount=first,
            facing=to_call if outcome == "raise" else None,
            counts=word,
            back=back if back > 0 else None,
        ),
    )


def _says(hand: Hand, irr: Irregularity) -> IrrRuling:
    rule_id = "irr.string-raise"
    b = _Build(hand, rule_id)
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
                msg("irr.says.not-a-declaration", None, text=irr.text, forms=SAY_FORMS)
            )
        name, word = m.group("name"), m.group("word").lower()
    words = {"call", "raise", "fold", "check", "bet", "complete"}
    if word not in words:
        raise ActionSyntaxError(
            msg(
                "irr.says.unknown-word",
                None,
                text=irr.text,
                word=word,
                words=tuple(sorted(words)),
            )
        )
    p = _name_player(hand, name)
    if hand.to_act_idx != p.idx:
        raise TutorError(
            msg("irr.says.not-their-turn", rule_id, to_act=hand.to_act, player=p.name)
        )
    opts = betting.options(hand, p)
    facing = hand.current > p.bet
    said = msg("irr.says.taps", None) if tap else msg("irr.says.word", None, word=word)
    preset = hand.rules.preset
    basis = _basis({"wsop-cash": "S", "tda": "S"}, preset)
    if hand.forced_pending:
        if word in ("raise", "complete", "bet") and ActionKind.COMPLETE in opts:
            amount = opts[ActionKind.COMPLETE][0]
            _do_action(hand, p, ActionKind.COMPLETE, amount)
            return b.done(
                "complete",
                "J",
                msg(
                    "irr.says.bring-in-due",
                    rule_id,
                    player=p.name,
                    said=said,
                    amount=amount,
                ),
            )
        raise TutorError(msg("irr.bring-in-forced", "bring-in.forced"))
    if word == "fold":
        if not facing:
            return _fold_no_bet(
                hand, Irregularity(kind="fold-no-bet", players=(p.name,))
            )
        _do_action(hand, p, ActionKind.FOLD, None)
        return b.done(
            "fold", basis, msg("irr.says.fold", rule_id, player=p.name, said=said)
        )
    if word == "call" or (word == "check" and not facing):
        if facing:
            _do_action(hand, p, ActionKind.CALL, None)
            return b.done(
                "call", basis, msg("irr.says.call", rule_id, player=p.name, said=said)
            )
        _do_action(hand, p, ActionKind.CHECK, None)
        return b.done(
            "check",
            basis,
            msg("irr.says.check", rule_id, player=p.name, said=said, tap=bool(tap)),
        )
    if word == "check":
        _hooks(hand).limits[p.idx] = _Limit(
            frozenset({ActionKind.CALL, ActionKind.FOLD}),
            msg("irr.says.refused.call-or-fold", rule_id, player=p.name),
            hand.street,
            once=True,
        )
        return b.done(
            "call-or-fold",
            basis,
            msg("irr.says.check-facing-bet", rule_id, player=p.name, said=said),
        )
    # raise / bet / complete
    if not facing:
        amount = min(opts.get(ActionKind.BET, [hand.bet_size()]))
        _do_action(hand, p, ActionKind.BET, amount)
        return b.done(
            "bet",
            basis,
            msg("irr.says.bet", rule_id, player=p.name, said=said, amount=amount),
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
            msg("irr.says.complete", rule_id, player=p.name, said=said, amount=amount),
        )
    if ActionKind.RAISE in opts:
        target = min(opts[ActionKind.RAISE])
        _do_action(hand, p, ActionKind.RAISE, target)
        return b.done(
            "raise",
            basis,
            msg("irr.says.raise", rule_id, player=p.name, said=said, amount=target),
        )
    _do_action(hand, p, ActionKind.CALL, None)
    return b.done(
        "call", basis, msg("irr.says.capped", rule_id, player=p.name, said=said)
    )


# ------------------------------------------------------------------------------- free fold
def _fold_no_bet(hand: Hand, irr: Irregularity) -> IrrRuling:
    rule_id = "irr.fold-no-bet"
    b = _Build(hand, rule_id)
    p = _name_player(hand, irr.players[0])
    if hand.to_act_idx != p.idx:
        raise TutorError(
            msg(
                "irr.fold-no-bet.not-their-turn",
                rule_id,
                to_act=hand.to_act,
                player=p.name,
            )
        )
    if hand.current > p.bet or hand.forced_pending:
        raise TutorError(msg("irr.fold-no-bet.facing-wager", rule_id, player=p.name))
    preset = hand.rules.preset
    if preset == "online":
        b.rules.append("irr.online")
    dealt = hand.rules.fold_no_bet == "dealt-until-bet"
    hand.do(p, ActionKind.FOLD, None)
    if dealt and not hand.is_over:
        _hooks(hand).ghosts.add(p.idx)
        b.cards.append(msg("irr.fold-no-bet.keeps-dealt", rule_id, player=p.name))
        return b.done(
            "dealt-until-bet",
            "S",
            msg(
                "irr.fold-no-bet.dealt-until-bet",
                rule_id,
                player=p.name,
                rules=hand.rules.label,
            ),
        )
    b.cards.append(msg("irr.fold-no-bet.out", rule_id, player=p.name))
    return b.done(
        "no-more-cards",
        "S" if preset == "tda" else "J",
        msg("irr.fold-no-bet.no-more-cards", rule_id, player=p.name),
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
        raise TutorError(msg("irr.river-exposed.not-now", None))
    if p.folded or len(p.cards) < 7:
        raise TutorError(
            msg("irr.river-exposed.no-card", None, player=p.name),
            where=("irregularity", "players"),
        )
    card = p.cards[6]
    live = [hand.players[i] for i in hand.order if not hand.players[i].folded]
    remains = len(hand.actors()) >= 2
    preset = hand.rules.preset
    label = hand.rules.label
    if not remains:
        b.cards.append(msg("irr.river-exposed.plays.cards", rule_id, card=card))
        return b.done(
            "plays-as-dealt",
            "S",
            msg("irr.river-exposed.plays", rule_id, player=p.name),
        )
    if p.all_in:
        if hand.rules.river_exposed_all_in == "keep":
            b.cards.append(
                msg("irr.river-exposed.keep.cards", rule_id, player=p.name, card=card)
            )
            return b.done(
                "keep",
                "S",
                msg("irr.river-exposed.all-in.keep", rule_id, player=p.name),
            )
        _replace(hand, p, irr, b)
        return b.done(
            "replace",
            "S",
            msg("irr.river-exposed.all-in.replace", rule_id, player=p.name, card=card),
        )
    first = p is live[0]
    heads_up = len(live) == 2
    mode = hand.rules.river_exposed
    extra_up: list[PlayerState] = []
    if mode == "replace":
        _replace(hand, p, irr, b)
        outcome, basis = "replace", "S"
        why = msg("irr.river-exposed.replace", rule_id, player=p.name, card=card)
    elif heads_up and first:
        outcome, basis = "other-card-up", "S"
        extra_up = [q for q in live if q is not p]
        why = msg("irr.river-exposed.heads-up", rule_id, player=p.name, card=card)
        b.cards.append(
            msg("irr.river-exposed.other-up.cards", rule_id, player=extra_up[0].name)
        )
    elif mode == "first-exposed-all-up" and first:
        outcome, basis = "all-up", "S"
        extra_up = [q for q in live if q is not p]
        why = msg(
            "irr.river-exposed.all-up", rule_id, player=p.name, card=card, rules=label
        )
        b.cards.append(msg("irr.river-exposed.all-up.cards", rule_id))
    else:
        outcome, basis = "others-down", "S"
        b.extra["declare_all_in"] = p.name
        why = msg("irr.river-exposed.others-down", rule_id, player=p.name, card=card)
        b.cards.append(msg("irr.river-exposed.others-down.cards", rule_id))
    # Who acts first.
    if outcome == "replace" or hand.rules.river_exposed_opener == "sixth-street-opener":
        win = (
            hand.sixth_opener_idx
            if hand.sixth_opener_idx is not None
            else hand.opener_idx
        )
        if win is None or hand.players[win].folded:
            win = hand.opener_idx
        opener_why = msg("irr.river-exposed.opener.sixth", rule_id)
    else:
        ups = {p.idx: [c for c in p.up_cards() + [p.cards[6]] if c is not None]}
        for q in extra_up:
            ups[q.idx] = [c for c in q.up_cards() + [q.cards[6]] if c is not None]
        boards = {
            q.idx: ups.get(q.idx, [c for c in q.up_cards() if c is not None])
            for q in live
        }
        low = hand.variant.board_first == "low"
        tied = best_boards(hand.variant, boards)
        win = min(tied, key=lambda i: hand.position[i])
        describe = low_board_said if low else board_said
        opener_why = msg(
            "irr.river-exposed.opener.board",
            rule_id,
            low=low,
            player=hand.players[win].name,
            board=describe(boards[win]),
        )
    if win is not None:
        if hand.players[win].all_in:
            nxt = hand.next_actor_from(win)
            win = nxt if nxt is not None else win
        hand.to_act_idx = hand.opener_idx = hand.round_first = hand.last_round_first = (
            win
        )
        hand.opener_said = (msg("irr.sentence.capital", None, said=opener_why),)
    opener_basis = "S" if preset in ("roberts", "wsop-cash") else "J"
    return b.done(
        outcome,
        basis if opener_basis == "S" else "J",
        why,
        msg("irr.river-exposed.then", rule_id, opener=opener_why),
    )


def _replace(hand: Hand, p: PlayerState, irr: Irregularity, b: _Build) -> None:
    old = p.cards[6]
    p.cards[6] = irr.card
    hand.burns += 1
    hand.dealt += 0
    b.cards.append(
        msg(
            "irr.river-exposed.replaced.cards",
            b.rule,
            old=old,
            player=p.name,
            new=irr.card,
        )
    )


# ---------------------------------------------------------------------- exposed card
def _off_table(hand: Hand, irr: Irregularity) -> IrrRuling:
    if not irr.positions:
        raise TutorError(
            msg("irr.off-table.say-which", None), where=("irregularity", "positions")
        )
    pos = irr.positions[0]
    if pos in (1, 2) and hand.street is Street.THIRD:
        return _exposed_hole(hand, irr, "irr.exposed-card")
    if pos == 7:
        return _river_exposed(hand, irr, "irr.exposed-card")
    rule_id = "irr.exposed-card"
    b = _Build(hand, rule_id)
    p = _name_player(hand, irr.players[0])
    b.cards.append(msg("irr.off-table.plays.cards", rule_id, player=p.name))
    return b.done(
        "plays-as-dealt",
        _basis({"roberts": "S"}, hand.rules.preset),
        msg("irr.off-table.plays", rule_id, player=p.name, position=pos),
    )


def _player_shows(hand: Hand, irr: Irregularity) -> IrrRuling:
    rule_id = "irr.exposed-card"
    b = _Build(hand, rule_id)
    p = _name_player(hand, irr.players[0])
    if p.folded:
        raise TutorError(
            msg("irr.player-shows.folded", None, player=p.name),
            where=("irregularity", "players"),
        )
    b.cards.append(msg("irr.player-shows.cards", rule_id, player=p.name))
    return b.done(
        "hand-live-card-shown",
        _basis({"roberts": "S2", "*": "S"}, hand.rules.preset)
        if hand.rules.preset == "roberts"
        else "S",
        msg(
            "irr.player-shows",
            rule_id,
            player=p.name,
            penalty=hand.rules.preset == "tda",
        ),
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
