"""What every ruler shares: the ruling being built, the misdeal, a dead hand, the actions an
event carries, the rulebook's basis for a ruling."""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING, Any

from tutor.engine.errors import TutorError
from tutor.engine.irregularities.hooks import IrregularityHooks
from tutor.engine.irregularities.values import Irregularity, IrrRuling, cite
from tutor.engine.messages import Message, msg
from tutor.engine.values import (
    ZERO,
    Action,
    ActionKind,
    PlayerState,
    Street,
)

if TYPE_CHECKING:
    from tutor.engine.table import Hand


# ---------------------------------------------------------------------------------- helpers
def hooks_of(hand: Hand) -> IrregularityHooks:
    if hand.irr is None:
        hand.irr = IrregularityHooks(preset=hand.rules.preset)
    return hand.irr


def restore(hand: Hand, snapshot: Hand) -> None:
    """Put ``hand`` back as ``snapshot`` was (the snapshot is consumed)."""
    hand.__dict__.clear()
    hand.__dict__.update(snapshot.__dict__)


def name_player(hand: Hand, name: str) -> PlayerState:
    return hand.player(name)


def initial_stack(hand: Hand, p: PlayerState) -> Decimal:
    s = next(s for s in hand.setup.seats if s.name == p.name)
    return s.stack if s.stack is not None else Decimal("Infinity")


def ante_paid(hand: Hand, p: PlayerState) -> Decimal:
    return min(hand.stakes.ante, initial_stack(hand, p))


def street_actions(hand: Hand, street: Street) -> list[str]:
    kinds = {k.value for k in ActionKind}
    return [op.kind for op in hand.history if op.street is street and op.kind in kinds]


def no_action_yet(hand: Hand) -> bool:
    return hand.current == 0 and not any(p.acted for p in hand.players if not p.folded)


def next_to_act(hand: Hand) -> tuple[str | None, tuple[str, ...]]:
    if hand.is_over or hand.to_act_idx is None:
        return None, ()
    return hand.to_act, tuple(hand.legal_actions())


def basis_of(hand: Hand, point: str) -> str:
    """``S``, ``S2`` or ``J``: whether the preset's rulebook states the ruling ``point``."""
    return hand.rules.rulebook.basis(point)


class Build:
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
        ref = hand.rules.rulebook.reference(self.rule)
        nxt, actions = next_to_act(hand) if continues else (None, ())
        said: list[Message] = [*why, cite(basis, ref, self.rule)]
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
        hooks_of(hand).last = ruling
        return ruling


def end_hand(hand: Hand, why: Message) -> None:
    hand.to_act_idx = None
    hand.blocked_said = why


def refund(hand: Hand, p: PlayerState, amount: Decimal) -> None:
    p.committed -= amount
    p.stack += amount
    p.bet = max(ZERO, p.bet - amount)


def misdeal(b: Build, why: Message, basis: str, *, void: bool = False) -> IrrRuling:
    hand = b.hand
    for p in hand.players:
        back = p.committed if void else p.committed - ante_paid(hand, p)
        if back > 0:
            refund(hand, p, back)
            b.chips.append((p.name, back))
        p.bet = ZERO
    end_hand(hand, msg("irr.misdeal.blocked", "irr.misdeal", void=void))
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


def past_cutoff(hand: Hand) -> tuple[bool, Message]:
    """Whether the misdeal cut-off has passed on third street (misdeal_cutoff), and why."""
    acts = street_actions(hand, Street.THIRD)
    after = acts[1:] if acts else []
    if hand.rules.misdeal_cutoff == "two-acted-after-bring-in":
        past = len(after) >= 2
        return past, msg("irr.misdeal.cutoff.two", "irr.misdeal", acted=len(after))
    chips = sum(1 for a in after if a in ("call", "complete", "raise", "bet"))
    past = substantial(len(after), chips)
    return past, msg(
        "irr.misdeal.cutoff.substantial", "irr.misdeal", actions=len(after), chips=chips
    )


def substantial(actions: int, chips: int) -> bool:
    return (actions >= 2 and chips >= 1) or actions >= 3


def need_deal(hand: Hand, what: str) -> None:
    """Refuse unless the initial deal is done and nobody has acted (``what``: the kind)."""
    if hand.street is not Street.THIRD or not no_action_yet(hand) or hand.setup.start:
        raise TutorError(msg("irr.deal.not-now", None, what=what))


def forced_word(hand: Hand) -> Message:
    """What the bring-in's card is called: ``low`` (stud, stud8) or ``high`` (razz)."""
    if hand.variant.bring_in_highest:
        return msg("irr.word.high", None)
    return msg("irr.word.low", None)


def opener_word(hand: Hand) -> Message:
    """What the first board to act is called: ``high`` or, in razz, ``low``."""
    if hand.variant.board_first == "low":
        return msg("irr.word.low", None)
    return msg("irr.word.high", None)


def reaward(hand: Hand) -> None:
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


def kill(b: Build, p: PlayerState, why: Message, basis: str) -> IrrRuling:
    hand = b.hand
    b.dead.append(p.name)
    p.folded = True
    b.cards.append(msg("irr.cards.dead-chips-stay", b.rule, player=p.name))
    if hand.is_over:
        reaward(hand)
    elif hand.to_act_idx == p.idx:
        hand.advance(p)
    elif len(hand.live()) == 1:
        hand.win_uncontested(hand.live()[0])
    return b.done("dead-hand", basis, why)


def said_of(exc: TutorError) -> Message | str:
    """What an engine error says: its message, or its text when it was raised with text."""
    return exc.said if exc.said is not None else str(exc)


def apply_all(hand: Hand, actions: tuple[str, ...], field: str) -> None:
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
                    problem=said_of(exc),
                ),
                where=("irregularity", field),
            ) from None


def play_then(
    b: Build, irr: Irregularity, outcome: str, basis: str, why: Message
) -> IrrRuling:
    hand = b.hand
    apply_all(hand, irr.then, "then")
    hooks = hooks_of(hand)
    if hooks.stub_use is not None:
        b.extra["stub_use"] = hooks.stub_use
    return b.done(outcome, basis, why)


def do_action(
    hand: Hand, p: PlayerState, kind: ActionKind, amount: Decimal | None
) -> None:
    hand.apply(Action(p.name, kind, amount))
