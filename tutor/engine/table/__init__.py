"""The table: one hand of stud from the antes to the award, as a state machine.

A :class:`Hand` is built from a :class:`HandSetup` (game, house rules, stakes, seats and
their cards). It posts the antes and deals third street at once; after that every change
comes from :meth:`Hand.apply`, which first checks the action against the rules (a refused
action raises and leaves the hand as it was), then carries it out with :meth:`Hand.do` (the
unchecked twin of ``apply``) and records it as an :class:`Operation` carrying a
plain-English explanation and the rule ids it applied. Streets are dealt as soon as a
betting round closes; the pot is awarded when the last round closes.

The hand is cut by phase; ``Hand`` holds the state and calls them:

- :mod:`~tutor.engine.table.begin`: the setup checked, the antes and third street, or a
  hand begun on a later street;
- :mod:`~tutor.engine.table.opening`: who opens each betting round (the bring-in, the
  best board);
- :mod:`~tutor.engine.table.moves`: what each action does, one function per action;
- :mod:`~tutor.engine.table.streets`: a round closes, the next street is dealt, the
  run-out when nobody can bet;
- :mod:`~tutor.engine.table.river`: the river procedure (one community card, or a card
  down to each; the burns);
- :mod:`~tutor.engine.table.stub`: the next card for a seat.

Whether an action is legal is :mod:`tutor.engine.betting`'s; the award is
:mod:`tutor.engine.showdown`'s.
"""

from __future__ import annotations

import copy
from decimal import Decimal
from typing import TYPE_CHECKING

from tutor.engine import betting
from tutor.engine.actions import parse_action
from tutor.engine.boards import (
    Why,
    ante_text,
    describe_board,
    describe_low_board,
)
from tutor.engine.cards import Card
from tutor.engine.dealing import Stub
from tutor.engine.errors import (
    ActionSyntaxError,
    AmbiguousActionError,
    IllegalActionError,
    NeedsCardsError,
)
from tutor.engine.messages import Message, Said, msg, render, render_all
from tutor.engine.rules import (
    VARIANTS,
    Game,
    HeadsUp,
)
from tutor.engine.rules import HouseRules as HouseRules
from tutor.engine.showdown import (
    Award,
    AwardSetup,
    Contender,
    award_showdown,
    award_uncontested,
    rake_of,
    side_pots,
)
from tutor.engine.table import begin, moves, opening, river, streets
from tutor.engine.values import (
    ACTION_FORMS,
    CARDS_AT,
    DEEP,
    MAX_SEATS,
    SMALL_BET_STREETS,
    STREETS,
    ZERO,
    Action,
    ActionKind,
    HandSetup,
    Operation,
    PlayerState,
    SeatSetup,
    SeatView,
    Stakes,
    Start,
    Street,
    TableView,
    fmt,
    operation,
    to_decimal,
)

__all__ = [
    "ACTION_FORMS",
    "CARDS_AT",
    "DEEP",
    "MAX_SEATS",
    "STREETS",
    "ZERO",
    "Action",
    "ActionKind",
    "Hand",
    "HandSetup",
    "HouseRules",
    "Operation",
    "PlayerState",
    "SeatSetup",
    "SeatView",
    "Stakes",
    "Start",
    "Street",
    "TableView",
    "Why",
    "ante_text",
    "describe_board",
    "describe_low_board",
    "fmt",
    "to_decimal",
]

if TYPE_CHECKING:
    from tutor.engine.irregularities import IrregularityHooks
    from tutor.engine.rulings import Ruling


class Hand:
    """One hand of stud. See the module docstring and docs/engine-api.md.

    >>> from tutor.engine.cards import parse_cards
    >>> from tutor.engine.rules import house_rules
    >>> seats = (SeatSetup(seat=1, name="Ana", cards=tuple(parse_cards("Ah Kd 2h"))),
    ...          SeatSetup(seat=3, name="Bo", cards=tuple(parse_cards("7s 7d 2c"))))
    >>> hand = Hand(HandSetup(game=Game.STUD, rules=house_rules("online", "stud"),
    ...     stakes=Stakes(small_bet=Decimal(2), big_bet=Decimal(4)), seats=seats))
    >>> hand.to_act, hand.legal_actions()
    ('Bo', ['bring in 1', 'complete 2'])
    >>> hand.apply("Ana calls")
    Traceback (most recent call last):
    ...
    tutor.engine.errors.IllegalActionError: 'Ana calls' is out of turn: it is Bo's turn to act on
    third street (act.third).
    """

    def __init__(self, setup: HandSetup) -> None:
        self.setup = setup
        self.game = setup.game
        self.variant = VARIANTS[Game(setup.game)]
        self.rules = setup.rules
        self.stakes = setup.stakes
        self._validate(setup)
        order = sorted(setup.seats, key=lambda s: s.seat)
        self.players = [PlayerState(i, s) for i, s in enumerate(order)]
        self.by_name = {p.name: p for p in self.players}
        n = len(self.players)
        # Dealing order: first seat to the left of the button (seat order with a house dealer).
        first = 0
        if setup.button is not None:
            first = next(
                (i for i, p in enumerate(self.players) if p.seat > setup.button), 0
            )
        self.order = [(first + k) % n for k in range(n)]
        self.position = {idx: k for k, idx in enumerate(self.order)}
        self.history: list[Operation] = []
        #: Why the hand as set up cannot go on as the seats say (checked by the scenario layer).
        self.problems: list[Message] = []
        self.street = Street.THIRD
        self.burns = 0
        self.dealt = 0  # cards dealt to players and the board (known or not)
        self.community: Card | None = None
        self.uses_community: bool | None = None
        self.community_said: Said = ()
        self.is_over = False
        self.payouts: dict[str, Decimal] = {}
        self.rake = ZERO
        self.returned: dict[str, Decimal] = {}
        self.antes: dict[int, Decimal] = {}
        self.open_pair_seats: tuple[int, ...] = ()
        self.pots: list[tuple[Decimal, tuple[int, ...]]] = []
        self.award_notes: list[Message] = []
        self.award_blocked: Message | None = None
        self.award_rules: tuple[str, ...] = ()
        self.to_act_idx: int | None = None
        #: Why nobody can act (unknown cards), or None.
        self.blocked_said: Said | Message | None = None
        self.opener_idx: int | None = None
        self.opener_said: Said = ()
        self.opener_rules: tuple[str, ...] = ()
        self.sixth_opener_idx: int | None = None
        self.bring_in_idx: int | None = None
        self.bring_in_said: Said = ()
        self.forced_pending = False
        #: Set by tutor.engine.irregularities once a ruling changes how the hand goes on.
        self.irr: IrregularityHooks | None = None
        self.completed = False
        self.current = ZERO
        self.full_level = ZERO
        self.raises = 0
        self.bet_made = False
        self.big_seen = False
        self.cap_hit = False
        self.began_heads_up = False
        #: The last all-in short of a full wager this round: (player index, total, counts as full).
        self.short_all_in: tuple[int, Decimal, bool] | None = None
        self.round_first: int | None = None
        self.last_round_street: Street = Street.THIRD
        self.last_round_aggressor: int | None = None
        self.last_round_first: int | None = None
        used: set[Card] = set()
        if setup.seed is not None:
            used = {c for s in setup.seats for c in s.cards if c is not None}
            if setup.community is not None:
                used.add(setup.community)
        self.stub = Stub(setup.seed, used)
        if setup.start is None:
            begin.begin(self)
        else:
            begin.begin_later(self, setup.start.street)
        if (
            setup.community is not None
            and self.uses_community is None
            and not self.community_why()[0]
        ):
            self.problems.append(
                msg(
                    "setup.community.never-needed",
                    "river.community",
                    why=self.community_why()[1],
                )
            )

    # ------------------------------------------------------------------ setup
    @staticmethod
    def _validate(setup: HandSetup) -> None:
        begin.validate(setup)

    # ------------------------------------------------------------------ derived
    @property
    def pot(self) -> Decimal:
        """All chips put in this hand, antes and the current round's bets included."""
        return sum((p.committed for p in self.players), ZERO)

    # What the hand says, as data (``*_said``), and as sentences in the installed language
    # (the read-only ``*_reason`` names and ``blocked``).
    @property
    def opener_reason(self) -> str:
        """Why the player who opened this street's betting acts first."""
        return render_all(self.opener_said)

    @property
    def bring_in_reason(self) -> str:
        """Why the player who brings in does."""
        return render_all(self.bring_in_said)

    @property
    def blocked(self) -> str | None:
        """Why nobody can act now (unknown cards), or None."""
        said = self.blocked_said
        if said is None:
            return None
        return render(said) if isinstance(said, Message) else render_all(said)

    @property
    def community_reason(self) -> str:
        """The card arithmetic that decided whether seventh street is a community card."""
        return render_all(self.community_said)

    def blocked_message(self) -> Message:
        """Why nobody can act now, as one message (``nobody can act now`` if not known)."""
        said = self.blocked_said
        if isinstance(said, Message):
            return said
        if not said:
            return msg("table.nobody-can-act", None)
        return msg("table.sentences", None, said=said)

    @property
    def to_act(self) -> str | None:
        """Name of the player to act, or None."""
        return None if self.to_act_idx is None else self.players[self.to_act_idx].name

    def live(self) -> list[PlayerState]:
        return [p for p in self.players if not p.folded]

    def actors(self) -> list[PlayerState]:
        return [p for p in self.players if not p.folded and not p.all_in]

    def player(self, name: str) -> PlayerState:
        """The seat of ``name``; AmbiguousActionError naming the players if there is none."""
        p = self.by_name.get(name)
        if p is None:
            raise AmbiguousActionError(
                msg(
                    "table.no-such-player",
                    None,
                    name=name,
                    players=tuple(q.name for q in self.players),
                )
            )
        return p

    def bet_size(self) -> Decimal:
        return (
            self.stakes.small_bet
            if self.street in SMALL_BET_STREETS
            else self.stakes.big_bet
        )

    def open_pair_showing(self) -> list[PlayerState]:
        """Players who showed a pair when fourth street was dealt (limit.open-pair).

        The option is settled when fourth street is dealt and lasts the whole round, even if
        the paired hand then folds."""
        if self.street is not Street.FOURTH:
            return []
        return [self.players[i] for i in self.open_pair_seats]

    def open_pair_active(self) -> bool:
        return self.rules.open_pair_option and bool(self.open_pair_showing())

    def sizes(self) -> list[Decimal]:
        """Sizes a bet or raise may take now (increments)."""
        if self.street is Street.FOURTH and self.open_pair_active():
            if self.big_seen:
                return [self.stakes.big_bet]
            return [self.stakes.small_bet, self.stakes.big_bet]
        return [self.bet_size()]

    def raises_left(self) -> int | None:
        """Raises still allowed this round; None where raising is unlimited (cap.raises)."""
        if self._unlimited():
            return None
        return max(self.rules.max_raises - self.raises, 0)

    def _unlimited(self) -> bool:
        hu = self.rules.heads_up
        if hu is HeadsUp.CAPPED:
            return False
        if hu is HeadsUp.UNLIMITED_IF_BEGUN:
            return self.began_heads_up
        return len(self.actors()) <= 2 and not self.cap_hit

    # ------------------------------------------------------------------ rounds
    def start_round(self) -> None:
        for p in self.players:
            p.bet = ZERO
            p.acted = False
            p.may_raise = True
        self.current = ZERO
        self.full_level = ZERO
        self.raises = 0
        self.bet_made = False
        self.big_seen = False
        self.cap_hit = False
        self.completed = False
        self.short_all_in = None
        self.began_heads_up = len(self.actors()) <= 2
        self.last_round_street = self.street
        self.last_round_aggressor = None

    def open_third(self) -> None:
        """Open third street's betting (the bring-in): see :mod:`tutor.engine.table.opening`."""
        opening.open_third(self)

    def next_actor_from(self, idx: int) -> int | None:
        n = len(self.players)
        for k in range(1, n + 1):
            q = self.players[(idx + k) % n]
            if not q.folded and not q.all_in:
                return q.idx
        return None

    def best_board(
        self, include_community: bool
    ) -> tuple[int | None, Said, tuple[str, ...]]:
        """Who has the best hand showing among live players, and why (act.later, razz.act)."""
        return opening.best_board(self, include_community)

    def open_later(self) -> None:
        """Open a later street's betting (the best board): see :mod:`tutor.engine.table.opening`."""
        opening.open_later(self)

    # ------------------------------------------------------------------ legality
    def _options(self, p: PlayerState) -> dict[ActionKind, list[Decimal]]:
        """Legal kinds for ``p`` with the amounts allowed (see :mod:`tutor.engine.betting`)."""
        return betting.options(self, p)

    def legal_actions(self) -> list[str]:
        """The actions open to the player to act, written as in the scenario format.

        :raises NeedsCardsError: if who acts depends on unknown cards.
        """
        return betting.legal_actions(self)

    def illegal_reasons(self) -> dict[str, str]:
        """For each kind of action not open now, why not, as a sentence (see
        :func:`tutor.engine.betting.refusals` for the same as data)."""
        return betting.illegal_reasons(self)

    def _actor(self) -> PlayerState:
        return betting.actor(self)

    def all_in_note(self) -> str | None:
        """Why the raises open to the player to act are missing or oddly sized because of an
        all-in short of a full wager (limit.all-in); None where no such all-in shaped them."""
        return render_all(self.all_in_said()) or None

    def all_in_said(self) -> Said:
        """:meth:`all_in_note` as data: empty where no all-in shaped the wagers open."""
        p = self._actor()
        opts = self._options(p)
        notes: list[Message] = []
        if self.short_all_in is not None:
            q, total, full = self.short_all_in
            name = self.players[q].name
            if not p.may_raise:
                notes.append(
                    msg(
                        "why.all-in.not-reopened",
                        "limit.all-in",
                        player=name,
                        total=total,
                        actor=p.name,
                    )
                )
            elif full and total == self.full_level:
                notes.append(
                    msg(
                        "why.all-in.counts-full",
                        "limit.all-in",
                        player=name,
                        total=total,
                    )
                )
            elif not full:
                notes.append(
                    msg(
                        "why.all-in.short",
                        "limit.all-in",
                        player=name,
                        total=total,
                        kind=ActionKind.COMPLETE
                        if (self.street is Street.THIRD and not self.completed)
                        else ActionKind.RAISE,
                        level=self.full_level,
                    )
                )
        reach = p.bet + p.stack
        for kind in (ActionKind.BET, ActionKind.RAISE, ActionKind.COMPLETE):
            amounts = opts.get(kind, [])
            if amounts and reach in amounts and not self._is_full_size(kind, reach):
                notes.append(
                    msg(
                        "why.all-in.own-short",
                        "limit.all-in",
                        player=p.name,
                        stack=p.stack,
                        kind=kind,
                        total=reach,
                    )
                )
        return tuple(notes)

    def _is_full_size(self, kind: ActionKind, total: Decimal) -> bool:
        if kind is ActionKind.COMPLETE:
            return total >= self.stakes.small_bet
        return total - self.full_level in self.sizes()

    # ------------------------------------------------------------------ actions
    def parse(self, text: str) -> Action:
        """Read ``"Cy raises 15"`` (or ``"raise 15"`` for the player to act) into an Action.

        :raises ActionSyntaxError: for words outside the grammar.
        :raises AmbiguousActionError: for a name nobody at the table has.
        """
        return parse_action(text, [p.name for p in self.players], self._to_act_name)

    def _to_act_name(self) -> str:
        name = self.to_act or ""
        if not name:
            self._actor()
        return name

    def apply(self, action: Action | str) -> Operation:
        """Check ``action`` against the rules and carry it out.

        :raises IllegalActionError: if the rules do not allow it now (state unchanged).
        """
        act = self.parse(action) if isinstance(action, str) else action
        p = self.player(act.player)
        # The action as given: the learner's words, or the Action (put in words only if refused).
        text: Action | str = act if isinstance(action, Action) else action.strip()
        if self.is_over:
            raise IllegalActionError(
                msg("refusal.hand-over", "round.end", action=text), "round.end"
            )
        if self.to_act_idx is None:
            raise NeedsCardsError(
                msg("refusal.blocked", None, action=text, why=self.blocked_message())
            )
        actor = self.players[self.to_act_idx]
        if p is not actor:
            rule = "act.third" if self.street is Street.THIRD else self.variant.rule_act
            raise IllegalActionError(
                msg(
                    "refusal.out-of-turn",
                    rule,
                    action=text,
                    player=p.name,
                    actor=actor.name,
                    street=self.street,
                    folded=p.folded,
                    all_in=p.all_in,
                    rule=rule,
                ),
                rule,
            )
        amounts = betting.amounts(self, act.kind, p)
        if amounts is None:
            found = betting.refusal_reason(self, act.kind, p)
            assert found is not None
            reason, rule = found
            raise IllegalActionError(
                msg(
                    "refusal.not-allowed",
                    rule,
                    action=text,
                    reason=reason,
                    rule=rule,
                    player=p.name,
                    allowed=tuple(self.legal_actions()),
                ),
                rule,
            )
        amount: Decimal | None = None
        if amounts:
            if act.amount is None:
                if len(amounts) > 1:
                    raise IllegalActionError(
                        msg(
                            "refusal.needs-amount",
                            "limit.open-pair",
                            action=text,
                            kind=act.kind,
                            amounts=tuple(amounts),
                        ),
                        "limit.open-pair",
                    )
                amount = amounts[0]
            elif act.amount in amounts:
                amount = act.amount
            else:
                rule = self.size_rule(act.kind)
                note: Said = ()
                if act.kind is not ActionKind.CALL and (note := self.all_in_said()):
                    rule = "limit.all-in"
                raise IllegalActionError(
                    msg(
                        "refusal.wrong-amount",
                        rule,
                        action=text,
                        kind=act.kind,
                        amounts=tuple(amounts),
                        amount=act.amount,
                        rule=rule,
                        note=note,
                    ),
                    rule,
                )
        elif act.amount is not None:
            raise ActionSyntaxError(
                msg("refusal.no-amount", None, action=text, kind=act.kind)
            )
        return self.do(p, act.kind, amount)

    def size_rule(self, kind: ActionKind) -> str:
        if kind in (ActionKind.BRING_IN,):
            return "bring-in.amount"
        if kind is ActionKind.COMPLETE:
            return "bring-in.complete"
        if kind is ActionKind.CALL:
            return "round.end"
        if self.street is Street.FOURTH and self.open_pair_showing():
            return "limit.open-pair" if self.variant.open_pair else "razz.limits"
        return "limit.small" if self.street in SMALL_BET_STREETS else "limit.big"

    def do(self, p: PlayerState, kind: ActionKind, amount: Decimal | None) -> Operation:
        """Carry out ``kind`` (with ``amount``) for ``p``, unchecked: the twin of :meth:`apply`.

        :meth:`apply` reads the action, checks it against the rules (whose turn it is,
        whether the action is open, its amount) and then calls this; ``do`` checks nothing,
        so a caller that has not checked the action itself gets a hand the rules would not
        allow. It is public for the irregularity rulings, which decide an action the rules
        alone would refuse (a free fold). As PokerKit splits ``verify_*``/``can_*`` from the
        operation, and python-chess ``push_san`` (read and check) from ``push`` (play).

        One function per action does the work (:data:`tutor.engine.table.moves.MOVES`);
        then the action is logged, the irregularity hooks hear of it, and the turn passes.
        """
        said, why, rules = moves.MOVES[kind](self, p, amount)
        p.acted = True
        op = self.log_event(kind.value, said, why, rules, player=p.name, amount=amount)
        if self.irr is not None:
            self.irr.acted(self, p, kind)
        self.advance(p)
        return op

    def size_text(self) -> str:
        """What a bet or raise may be on this street, and why, as a sentence."""
        return render(self.size_said())

    def size_said(self) -> Message:
        """:meth:`size_text` as data."""
        if self.street is Street.FOURTH and self.open_pair_active():
            gone = tuple(p.name for p in self.open_pair_showing() if p.folded)
            return msg(
                "why.size.open-pair",
                "limit.open-pair",
                label=self.rules.label,
                small=self.stakes.small_bet,
                big=self.stakes.big_bet,
                folded=gone,
            )
        if self.street is Street.FOURTH and self.open_pair_showing():
            if not self.variant.open_pair:
                return msg(
                    "why.size.pair-no-big-bet",
                    "razz.limits",
                    game=self.variant.title,
                    small=self.stakes.small_bet,
                )
            return msg(
                "why.size.no-open-pair",
                "limit.open-pair",
                label=self.rules.label,
                game=self.game,
                small=self.stakes.small_bet,
            )
        small = self.street in SMALL_BET_STREETS
        return msg(
            "why.size.street",
            "limit.small" if small else "limit.big",
            street=self.street,
            small=small,
            amount=self.bet_size(),
        )

    def _cap_said(self) -> Message:
        left = self.raises_left()
        if left is None:
            return msg("why.cap.unlimited", "cap.raises", label=self.rules.label)
        return msg(
            "why.cap.count",
            "cap.raises",
            made=self.raises,
            most=self.rules.max_raises,
            label=self.rules.label,
            left=left,
        )

    def advance(self, p: PlayerState) -> None:
        live = self.live()
        if len(live) == 1:
            self.win_uncontested(live[0])
            return
        nxt = self._next_to_act(p.idx)
        if nxt is None:
            self._close_round()
        else:
            self.to_act_idx = nxt

    def _next_to_act(self, idx: int) -> int | None:
        if self.forced_pending:
            return self.next_actor_from(idx)
        n = len(self.players)
        for k in range(1, n + 1):
            q = self.players[(idx + k) % n]
            if q.folded or q.all_in:
                continue
            if not q.acted or q.bet < self.current:
                # A lone player left with chips and nothing to match does not act.
                if q.bet >= self.current and len(self.actors()) <= 1:
                    continue
                return q.idx
        return None

    def _close_round(self) -> None:
        streets.close_round(self)

    def _run_out(self) -> None:
        streets.run_out(self)

    def community_needed(self) -> tuple[bool, str]:
        """Whether seventh street is (or will be) one community card, and the arithmetic.

        Before seventh street is dealt this assumes every live player stays in (river.community).
        """
        need, why = self.community_why()
        return need, render_all(why)

    def community_why(self) -> tuple[bool, Said]:
        """:meth:`community_needed` with the arithmetic as data (see
        :mod:`tutor.engine.table.river`)."""
        return river.community_why(self)

    # ------------------------------------------------------------------ award
    def award_setup(self) -> AwardSetup:
        """What the award reads of this hand (see :mod:`tutor.engine.showdown`)."""
        return AwardSetup(
            players=tuple(
                Contender(p.idx, p.name, p.committed, p.folded, tuple(p.cards))
                for p in self.players
            ),
            order=tuple(self.order),
            variant=self.variant,
            rules=self.rules,
            stakes=self.stakes,
            community=self.community if self.uses_community else None,
            returned=dict(self.returned),
        )

    def apply_award(self, award: Award) -> None:
        """Give back the uncalled chips, then pay the pots as ``award`` says, and log both."""
        back = award.uncalled
        if back is not None:
            top = self.by_name[back.player]
            top.committed -= back.amount
            top.stack += back.amount
            top.all_in = False
            self.log_event(
                "uncalled",
                back.said,
                back.why,
                ("pot.uncalled",),
                player=back.player,
                amount=back.amount,
            )
        self.returned = dict(award.returned)
        self.pots = list(award.pots)
        if award.blocked is not None:
            self.award_blocked = award.blocked
            return
        self.rake = award.rake
        self.payouts = dict(award.payouts)
        self.award_notes = list(award.notes)
        self.award_rules = award.rules
        assert award.said is not None
        self.log_event(
            "award",
            award.said,
            award.notes,
            award.rules,
            player=award.player,
            amount=award.amount,
        )

    def win_uncontested(self, winner: PlayerState) -> None:
        for p in self.players:
            p.bet = ZERO
        self.to_act_idx = None
        self.is_over = True
        self.apply_award(
            award_uncontested(
                self.award_setup(),
                winner.idx,
                before_fourth=self.street is Street.THIRD,
            )
        )

    def rake_of(self, total: Decimal) -> Decimal:
        """The rake on ``total``, all pots together: percent, rounded down to the chip, capped."""
        return rake_of(total, self.stakes)

    def side_pots(self) -> list[tuple[Decimal, tuple[int, ...]]]:
        """Main pot then side pots: (amount, eligible player indexes) (pot.side)."""
        return side_pots(
            [p.committed for p in self.players], [p.folded for p in self.players]
        )

    def _showdown(self) -> None:
        self.street = Street.SHOWDOWN
        self.to_act_idx = None
        for p in self.players:
            p.bet = ZERO
        self.apply_award(award_showdown(self.award_setup()))
        self.is_over = True

    # ------------------------------------------------------------------ misc
    def log_event(
        self,
        kind: str,
        said: Message,
        why: tuple[Message, ...],
        rules: tuple[str, ...],
        *,
        player: str | None = None,
        amount: Decimal | None = None,
        street: Street | None = None,
    ) -> Operation:
        op = operation(kind, said, why, rules, player, amount, street or self.street)
        self.history.append(op)
        return op

    def cards_of(self, name: str, *, need_known: bool = True) -> list[Card]:
        """A player's cards, plus the community card (NeedsCardsError if any is unknown)."""
        p = self.player(name)
        cards = list(p.cards) + ([self.community] if self.uses_community else [])
        if need_known and any(c is None for c in cards):
            raise NeedsCardsError(msg("table.unknown-cards", None, player=name))
        return [c for c in cards if c is not None]

    def answer(self, kind: str, player: str | None = None) -> Ruling:
        """The engine's ruling for an ask of ``kind`` (see rulings.ASK_KINDS)."""
        from tutor.engine.rulings import rule_on

        return rule_on(self, kind, player)

    def copy(self) -> Hand:
        """An independent copy of the hand (cards and setup are shared: they are immutable)."""
        new = copy.copy(self)
        new.players = []
        for p in self.players:
            q = copy.copy(p)
            q.cards = list(p.cards)
            new.players.append(q)
        new.by_name = {p.name: p for p in new.players}
        new.history = list(self.history)
        new.problems = list(self.problems)
        new.payouts = dict(self.payouts)
        new.returned = dict(self.returned)
        new.pots = list(self.pots)
        new.award_notes = list(self.award_notes)
        new.stub = self.stub.copy()
        new.irr = self.irr.copy() if self.irr is not None else None
        return new

    def view(self) -> TableView:
        """The table as drawn for a learner."""
        seats = []
        for p in self.players:
            cards = tuple((c, 2 <= i <= 5) for i, c in enumerate(p.cards))
            seats.append(
                SeatView(
                    seat=p.seat,
                    name=p.name,
                    stack=None if p.stack == DEEP else p.stack,
                    bet=p.bet,
                    committed=p.committed,
                    cards=cards,
                    folded=p.folded,
                    all_in=p.all_in,
                    button=self.setup.button == p.seat,
                    to_act=self.to_act_idx == p.idx,
                )
            )
        return TableView(
            seats=tuple(seats),
            pot=self.pot,
            street=self.street,
            community=self.community if self.uses_community else None,
            to_act=self.to_act,
            game=self.game,
            rules_label=self.rules.label,
            button=self.setup.button,
            stakes=self.stakes,
        )
