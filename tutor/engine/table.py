"""The table: one hand of stud from the antes to the award, as a state machine.

A :class:`Hand` is built from a :class:`HandSetup` (game, house rules, stakes, seats and
their cards). It posts the antes and deals third street at once; after that every change
comes from :meth:`Hand.apply`, which first checks the action against the rules (a refused
action raises and leaves the hand as it was), then records it as an :class:`Operation`
carrying a plain-English explanation and the rule ids it applied. Streets are dealt as
soon as a betting round closes; the pot is awarded when the last round closes.
"""

from __future__ import annotations

import copy
from decimal import Decimal
from functools import lru_cache
from typing import TYPE_CHECKING

from tutor.engine import betting
from tutor.engine.actions import parse_action
from tutor.engine.boards import (
    Why,
    ante_said,
    ante_text,
    best_boards,
    describe_board,
    describe_low_board,
    door_key,
    suit_key,
)
from tutor.engine.cards import Card, check_unique
from tutor.engine.dealing import Stub, river_count
from tutor.engine.errors import (
    ActionSyntaxError,
    AmbiguousActionError,
    IllegalActionError,
    NeedsCardsError,
    TableError,
)
from tutor.engine.messages import Message, Said, msg, render, render_all
from tutor.engine.rules import (
    VARIANTS,
    CommunityOpener,
    Game,
    HeadsUp,
    ShortDeck,
    TieBreak,
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


# The messages said most often (every check, call and fold) are values: each distinct one is
# built once, so that saying them costs the hot path a look-up, not a new message.
@lru_cache(maxsize=4096)
def _folded(player: str) -> tuple[Message, Said]:
    return (
        msg("op.fold", "round.end", player=player),
        (msg("why.fold", "round.end", player=player),),
    )


@lru_cache(maxsize=4096)
def _checked(player: str, street: Street) -> tuple[Message, Said]:
    return (
        msg("op.check", "round.end", player=player),
        (msg("why.check", "round.end", player=player, street=street),),
    )


@lru_cache(maxsize=4096)
def _called(
    player: str, amount: Decimal, wager: Decimal, all_in: bool
) -> tuple[Message, Said]:
    return (
        msg("op.call", "round.end", player=player, amount=amount),
        (
            msg(
                "why.call",
                "round.end",
                player=player,
                amount=amount,
                wager=wager,
                all_in=all_in,
            ),
        ),
    )


@lru_cache(maxsize=8)
def _closed(street: Street) -> tuple[Message, Said]:
    return (
        msg("op.round.closes", "round.end", street=street),
        (msg("why.round.closes", "round.end"),),
    )


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
            self._begin()
        else:
            self._begin_later(setup.start.street)
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
        seats = setup.seats
        if len(seats) > MAX_SEATS:
            raise TableError(
                msg("setup.seats.too-many", "table.seats", count=len(seats)),
                where=("seats",),
            )
        if len(seats) < 2:
            raise TableError(
                msg("setup.seats.too-few", "table.seats", count=len(seats)),
                where=("seats",),
            )
        numbers = [s.seat for s in seats]
        for s in seats:
            if (
                isinstance(s.seat, bool)
                or not isinstance(s.seat, int)
                or not 1 <= s.seat <= 10
            ):
                raise TableError(
                    msg("setup.seat.number-range", None, seat=s.seat),
                    where=("seats", s.name, "seat"),
                )
            if numbers.count(s.seat) > 1:
                raise TableError(
                    msg("setup.seat.number-twice", None, seat=s.seat),
                    where=("seats", s.name, "seat"),
                )
            if not isinstance(s.name, str) or not s.name.strip():
                raise TableError(
                    msg("setup.seat.no-name", None, seat=s.seat),
                    where=("seats", s.seat, "name"),
                )
            if [t.name for t in seats].count(s.name) > 1:
                raise TableError(
                    msg("setup.seat.name-twice", None, name=s.name),
                    where=("seats", s.name, "name"),
                )
            if s.stack is not None and s.stack < 0:
                raise TableError(
                    msg(
                        "setup.seat.stack-negative", None, player=s.name, stack=s.stack
                    ),
                    player=s.name,
                    field="stack",
                )
            if setup.start is None and s.stack is not None and s.stack <= 0:
                raise TableError(
                    msg(
                        "setup.seat.stack-empty",
                        "ante.post",
                        player=s.name,
                        stack=s.stack,
                    ),
                    player=s.name,
                    field="stack",
                )
            if len(s.cards) > 7:
                raise TableError(
                    msg(
                        "setup.seat.too-many-cards",
                        None,
                        player=s.name,
                        count=len(s.cards),
                    ),
                    player=s.name,
                    field="cards",
                )
        if setup.button is not None and (
            isinstance(setup.button, bool)
            or not isinstance(setup.button, int)
            or not 1 <= setup.button <= 10
        ):
            raise TableError(
                msg("setup.button.range", None, button=setup.button), where=("button",)
            )
        check_unique([c for s in seats for c in s.cards] + [setup.community])
        listed = sum(len(s.cards) for s in seats) + (setup.community is not None)
        if listed > 52:
            raise TableError(
                msg("setup.seats.too-many-cards", None, count=listed), where=("seats",)
            )

    def _draw(self) -> Card | None:
        stub = self.stub
        if stub.deck or stub.rng is None:
            return stub.draw()
        # Cards the seats list for streets their players folded before are still in the stub.
        return stub.draw(
            [
                c
                for q in self.players
                if q.folded
                for c in q.given[len(q.cards) :]
                if c is not None
            ]
        )

    def _deal_to(self, p: PlayerState) -> Card | None:
        k = len(p.cards)
        card = p.given[k] if k < len(p.given) else self._draw()
        p.cards.append(card)
        self.dealt += 1
        return card

    def _begin(self) -> None:
        ante = self.stakes.ante
        for idx in self.order:
            p = self.players[idx]
            paid = min(ante, p.stack)
            p.stack -= paid
            p.committed += paid
            self.antes[idx] = paid
            if p.stack == 0:
                p.all_in = True
        if ante > 0:
            posted = tuple(
                (self.players[i].name, a) for i, a in sorted(self.antes.items())
            )
            self.log_event(
                "ante",
                msg("op.ante.each", "ante.post", ante=ante)
                if all(a == ante for a in self.antes.values())
                else msg("op.ante.total", "ante.post", total=self.pot),
                ante_said(ante, list(posted)),
                ("ante.post",),
            )
        else:
            self.log_event(
                "ante",
                msg("op.ante.none", "ante.post"),
                (msg("why.ante.none", "ante.post"),),
                ("ante.post",),
            )
        for _ in range(3):
            for idx in self.order:
                self._deal_to(self.players[idx])
        first = self.players[self.order[0]].name
        self.log_event(
            "deal",
            msg("op.deal.third", "deal.order"),
            (
                msg(
                    "why.deal.third",
                    "deal.order",
                    first=first,
                    button=self.setup.button is not None,
                ),
            ),
            ("deal.order",),
        )
        self.open_third()

    def _begin_later(self, street: Street) -> None:
        """``start:``: cards of earlier streets dealt, committed chips in the pot."""
        need = CARDS_AT[street]
        for p, s in zip(
            self.players, sorted(self.setup.seats, key=lambda s: s.seat), strict=False
        ):
            p.committed = s.committed if s.committed is not None else ZERO
            p.folded = s.folded
            late = street in (Street.SEVENTH, Street.SHOWDOWN)
            hold = 6 if late and self.setup.community is not None else need
            if s.folded:
                # Nobody can have folded on a street whose betting has not opened yet.
                most = 7 if street is Street.SHOWDOWN else need - 1
                if len(s.cards) > most:
                    raise TableError(
                        msg(
                            "setup.start.folded-cards",
                            "deal.order",
                            player=s.name,
                            street=street,
                            most=most,
                            count=len(s.cards),
                        ),
                        player=s.name,
                        field="cards",
                    )
                p.cards = list(s.cards)
            else:
                if len(s.cards) < hold or (late and len(s.cards) > hold):
                    raise TableError(
                        msg(
                            "setup.start.live-cards",
                            "deal.order",
                            player=s.name,
                            street=street,
                            hold=hold,
                            count=len(s.cards),
                            community_hint=late and hold == 7 and len(s.cards) == 6,
                        ),
                        player=s.name,
                        field="cards",
                    )
                # Cards listed beyond this street are dealt on the later streets.
                p.cards = list(s.cards[:hold])
            self.dealt += len(p.cards)
            if not p.folded and p.stack == 0:
                p.all_in = True
        live = [p for p in self.players if not p.folded]
        if len(live) < 2:
            raise TableError(msg("setup.start.too-few-live", None), where=("start",))
        with_chips = [p for p in live if not p.all_in]
        if with_chips:
            level = max(p.committed for p in with_chips)
            for p in with_chips:
                if p.committed != level:
                    top = next(q for q in with_chips if q.committed == level)
                    raise TableError(
                        msg(
                            "setup.start.unequal-committed",
                            "round.end",
                            player=p.name,
                            other=top.name,
                            committed=p.committed,
                            level=level,
                        ),
                        player=p.name,
                        field="committed",
                    )
            for p in live:
                if p.all_in and p.committed > level:
                    raise TableError(
                        msg(
                            "setup.start.all-in-over",
                            "round.end",
                            player=p.name,
                            committed=p.committed,
                            level=level,
                        ),
                        player=p.name,
                        field="committed",
                    )
        order_idx = STREETS.index(street) if street in STREETS else 4
        if self.rules.burn_cards:
            self.burns = order_idx
        if street in (Street.SEVENTH, Street.SHOWDOWN):
            given = self.setup.community
            before = self.dealt - (0 if given is not None else len(live))
            need, why = self._river_count(
                len(live), before, 3 if self.rules.burn_cards else 0
            )
            self.community_said = (why,)
            self.uses_community = given is not None
            if given is not None:
                self.community = given
                self.dealt += 1
                if not need:
                    self.problems.append(
                        msg("setup.community.not-needed", "river.community", why=why)
                    )
            elif need:
                self.problems.append(
                    msg("setup.community.needed", "river.community", why=why)
                )
        if street is Street.SHOWDOWN:
            self.street = Street.SHOWDOWN
            self.last_round_street = Street.SEVENTH
            self._showdown()
            return
        self.street = street
        self.log_event(
            "start",
            msg("op.start", None, street=street),
            (msg("why.start", None, street=street, pot=self.pot),),
            (),
        )
        self.open_later()

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

    def _pairs_on_board(self) -> tuple[int, ...]:
        out = []
        for p in self.live():
            up = p.up_cards()
            if (
                len(up) >= 2
                and up[0] is not None
                and up[1] is not None
                and up[0].rank == up[1].rank
            ):
                out.append(p.idx)
        return tuple(out)

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
        self.start_round()
        self.forced_pending = True
        doors = [(p, p.cards[2] if len(p.cards) > 2 else None) for p in self.players]
        unknown = tuple(p.name for p, c in doors if c is None)
        if unknown:
            rule = self.variant.rule_bring_in
            self.blocked_said = msg(
                "table.bring-in.unknown-door", rule, players=unknown, rule=rule
            )
            self.to_act_idx = None
            return
        v = self.variant
        known = [(p, c) for p, c in doors if c is not None]
        low_p, low_c = min(known, key=lambda pc: door_key(v, pc[1]))
        self.bring_in_idx = low_p.idx
        others = tuple(c for p, c in doors if p is not low_p and c is not None)
        same_rank = tuple(c for c in others if c.rank == low_c.rank)
        said: Said = (
            msg(
                "why.bring-in.highest-door",
                v.rule_bring_in,
                player=low_p.name,
                card=low_c,
                others=others,
                same_rank=same_rank,
            )
            if v.bring_in_highest
            else msg(
                "why.bring-in.lowest-door",
                v.rule_bring_in,
                player=low_p.name,
                card=low_c,
                others=others,
                same_rank=same_rank,
            ),
        )
        if low_p.all_in and not self.actors():
            self.bring_in_said = said + (
                msg(
                    "why.bring-in.all-in-everyone", "bring-in.all-in", player=low_p.name
                ),
            )
            self._run_out()
            return
        if low_p.all_in:
            nxt = self.next_actor_from(low_p.idx)
            self.to_act_idx = nxt
            said += (
                msg(
                    "why.bring-in.all-in-passes",
                    "bring-in.all-in",
                    player=low_p.name,
                    next=self.players[nxt].name if nxt is not None else None,
                ),
            )
        else:
            self.to_act_idx = low_p.idx
        self.bring_in_said = said
        self.round_first = self.to_act_idx
        self.last_round_first = self.to_act_idx
        self.opener_idx = self.to_act_idx
        self.opener_said = said
        self.opener_rules = (v.rule_bring_in, "act.third") + (
            ("bring-in.all-in",) if low_p.all_in else ()
        )

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
        """Who has the best hand showing among live players, and why (act.later, razz.act).

        The highest board acts first, or in razz the lowest. The explanation is data (the
        boards as cards); it is put in words only when it is read."""
        v = self.variant
        rule = v.rule_act
        boards: dict[int, list[Card]] = {}
        for p in self.live():
            up = p.up_cards()
            if any(c is None for c in up):
                return (
                    None,
                    (
                        msg(
                            "table.opener.unknown-board", rule, player=p.name, rule=rule
                        ),
                    ),
                    (rule,),
                )
            cards = [c for c in up if c is not None]
            if include_community and self.community is not None:
                cards = cards + [self.community]
            boards[p.idx] = cards
        low = v.board_first == "low"
        tied = best_boards(v, boards)
        names = {i: self.players[i].name for i in boards}
        top: Card | None = None
        if len(tied) == 1:
            win = tied[0]
        elif self.rules.first_to_act_tie is TieBreak.SUIT and v.board_tie_by_suit:
            win = max(
                tied,
                key=lambda i: suit_key(
                    [c for c in self.players[i].up_cards() if c is not None]
                ),
            )
            top = max(
                (c for c in self.players[win].up_cards() if c is not None),
                key=lambda c: c.bring_in_key(),
            )
        else:
            win = min(tied, key=lambda i: self.position[i])
        why = msg(
            "why.opener.best-board",
            rule,
            player=names[win],
            board=tuple(boards[win]),
            low=low,
            ace_low=low and (v.low_half is None or v.low_half.ace_low),
            tied=tuple(names[i] for i in tied) if len(tied) > 1 else (),
            by_suit=top,
            label=self.rules.label,
            others=tuple((names[i], tuple(boards[i])) for i in boards if i != win),
        )
        return win, (why,), (rule,)

    def open_later(self) -> None:
        self.start_round()
        self.forced_pending = False
        self.open_pair_seats = (
            self._pairs_on_board() if self.street is Street.FOURTH else ()
        )
        include = self.rules.community_opener is CommunityOpener.BOARD_WITH_COMMUNITY
        win: int | None
        why: Said
        if (
            self.street is Street.SEVENTH
            and self.community is not None
            and not include
            and self.sixth_opener_idx is not None
        ):
            win = self.sixth_opener_idx
            rules: tuple[str, ...] = (self.variant.rule_act, "river.community")
            folded = self.players[win].folded
            said = msg(
                "why.opener.sixth-opens-again",
                "river.community",
                label=self.rules.label,
                player=self.players[win].name,
                folded=folded,
            )
            if folded:
                win, why2, rules = self.best_board(False)
                why = (said, *why2)
            else:
                why = (said,)
        else:
            win, why, rules = self.best_board(include)
            if self.street is Street.SEVENTH and self.community is not None and include:
                why = (msg("why.opener.community-counted", "river.community"), *why)
                rules = rules + ("river.community",)
            elif self.street is Street.SEVENTH and self.community is not None:
                why = (
                    msg(
                        "why.opener.community-not-counted",
                        "river.community",
                        label=self.rules.label,
                    ),
                    *why,
                )
                rules = rules + ("river.community",)
            elif self.street is Street.SEVENTH:
                why = why + (msg("why.opener.river-down", "river.down"),)
                rules = rules + ("river.down",)
        if win is None:
            self.blocked_said = why
            self.to_act_idx = None
            self.opener_idx = None
            return
        self.blocked_said = None
        self.opener_idx = win
        if self.street is Street.SIXTH:
            self.sixth_opener_idx = win
        if self.players[win].all_in:
            nxt = self.next_actor_from(win)
            why = why + (
                msg(
                    "why.opener.all-in-passes",
                    None,
                    player=self.players[win].name,
                    next=self.players[nxt].name if nxt is not None else None,
                ),
            )
            win = nxt if nxt is not None else win
        self.opener_said = why
        self.opener_rules = rules
        self.to_act_idx = win
        self.round_first = win
        self.last_round_first = win
        if len(self.actors()) <= 1:
            self._close_round()

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

    def _put(self, p: PlayerState, total: Decimal) -> Decimal:
        add = total - p.bet
        p.stack -= add
        p.bet = total
        p.committed += add
        if p.stack == 0:
            p.all_in = True
        return add

    def do(self, p: PlayerState, kind: ActionKind, amount: Decimal | None) -> Operation:
        st = self.street
        rules: tuple[str, ...]
        said: Message
        why: Said | str
        if kind is ActionKind.FOLD:
            p.folded = True
            said, why = _folded(p.name)
            rules = ("round.end",)
        elif kind is ActionKind.CHECK:
            said, why = _checked(p.name, st)
            rules = ("round.end",)
        elif kind is ActionKind.CALL:
            assert amount is not None
            self._put(p, p.bet + amount)
            said, why = _called(p.name, amount, self.current, p.all_in)
            rules = ("round.end",)
        elif kind is ActionKind.BRING_IN:
            assert amount is not None
            self._put(p, amount)
            self.forced_pending = False
            self.current = max(self.stakes.bring_in or ZERO, amount)
            self.full_level = self.current
            said = msg("op.bring-in", "bring-in.amount", player=p.name, amount=amount)
            low = self.bring_in_idx
            if (
                low is not None and p.idx != low and self.players[low].folded
            ):  # a dead hand was the low card (irr.exposed-hole)
                why = self.bring_in_said + (
                    msg(
                        "why.bring-in.chooses",
                        "irr.exposed-hole",
                        player=p.name,
                        amount=amount,
                        all_in=p.all_in,
                        wager=self.current,
                    ),
                )
                rules = ("irr.exposed-hole", "bring-in.amount")
            elif low is not None and p.idx != low:
                why = (
                    msg(
                        "why.bring-in.low-all-in",
                        "bring-in.all-in",
                        low=self.players[low].name,
                        player=p.name,
                        amount=amount,
                        all_in=p.all_in,
                        wager=self.current,
                    ),
                )
                rules = ("bring-in.all-in", "bring-in.amount")
            else:
                why = self.bring_in_said + (
                    msg(
                        "why.bring-in.posts",
                        "bring-in.amount",
                        player=p.name,
                        amount=amount,
                        all_in=p.all_in,
                        wager=self.current,
                    ),
                )
                rules = (self.variant.rule_bring_in, "bring-in.amount")
        elif kind is ActionKind.COMPLETE:
            assert amount is not None
            before = self.current
            self._put(p, amount)
            self.forced_pending = False
            small = self.stakes.small_bet
            # An all-in completion counts as one if it reaches half the completion (limit.all-in).
            full = amount * 2 >= small
            self.current = max(self.current, amount)
            if amount > before:
                self.last_round_aggressor = p.idx
            self._reopen(p, full)
            if full:
                self.completed = True
                self.bet_made = True
                self.full_level = amount
            said = msg("op.complete", "bring-in.complete", player=p.name, amount=amount)
            if amount < small:
                self.short_all_in = (p.idx, amount, full)
                why = (
                    msg(
                        "why.complete.short",
                        "limit.all-in",
                        player=p.name,
                        amount=amount,
                        before=before,
                        small=small,
                        full=full,
                    ),
                )
                rules = ("limit.all-in", "bring-in.complete")
            else:
                why = (
                    msg(
                        "why.complete.full",
                        "bring-in.complete",
                        player=p.name,
                        before=before,
                        small=small,
                        all_in=p.all_in,
                        cap=self._cap_said(),
                    ),
                )
                rules = ("bring-in.complete", "cap.raises")
        else:  # BET or RAISE
            assert amount is not None
            before = self.current
            level = self.full_level
            step = amount - self.full_level
            size_rule = self.size_rule(kind)
            smallest = min(self.sizes())
            self._put(p, amount)
            # A full bet or raise; an all-in of half a bet or more counts as one (limit.all-in).
            full = step * 2 >= smallest
            if full and kind is ActionKind.RAISE:
                self.raises += 1
                if not self._unlimited() and self.raises >= self.rules.max_raises:
                    self.cap_hit = True
            if full:
                if (
                    st is Street.FOURTH
                    and self.stakes.big_bet > self.stakes.small_bet
                    and step >= self.stakes.big_bet
                ):
                    self.big_seen = True
                self.full_level = amount
            self.bet_made = True
            self.current = max(self.current, amount)
            if amount > before:
                self.last_round_aggressor = p.idx
            self._reopen(p, full)
            short = step not in self.sizes()
            if kind is ActionKind.BET:
                said = msg("op.bet", size_rule, player=p.name, amount=amount)
                why = (
                    msg(
                        "why.bet",
                        size_rule,
                        player=p.name,
                        street=st,
                        amount=amount,
                        all_in=p.all_in,
                        size=self.size_said(),
                    ),
                )
            else:
                said = msg("op.raise", size_rule, player=p.name, amount=amount)
                why = (
                    msg(
                        "why.raise",
                        size_rule,
                        player=p.name,
                        before=before,
                        amount=amount,
                        all_in=p.all_in,
                        size=self.size_said(),
                        cap=self._cap_said(),
                    ),
                )
            if short and full:
                why += (
                    msg(
                        "why.all-in.wager-counts-full",
                        "limit.all-in",
                        kind=kind,
                        step=step,
                        level=level,
                        smallest=smallest,
                        amount=amount,
                    ),
                )
            elif not full:
                why += (
                    msg(
                        "why.all-in.wager-short",
                        "limit.all-in",
                        step=step,
                        level=level,
                        smallest=smallest,
                    ),
                )
            rules = (
                (size_rule, "cap.raises") if kind is ActionKind.RAISE else (size_rule,)
            )
            if short:
                rules = ("limit.all-in",) + rules
                self.short_all_in = (p.idx, amount, full)
        p.acted = True
        op = self.log_event(kind.value, said, why, rules, player=p.name, amount=amount)
        if self.irr is not None:
            self.irr.acted(self, p, kind)
        self.advance(p)
        return op

    def _reopen(self, p: PlayerState, full: bool) -> None:
        """After a wager: a full one reopens the betting; a short all-in only asks for a call."""
        for q in self.players:
            if q is p:
                continue
            if full:
                q.acted = False
                q.may_raise = True
            elif q.acted:
                q.acted = False
                q.may_raise = False

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
        self.log_event(
            "round",
            *_closed(self.street),
            ("round.end",),
        )
        for p in self.players:
            p.bet = ZERO
        self.to_act_idx = None
        if self.street is Street.SEVENTH:
            self._showdown()
            return
        self.street = STREETS[STREETS.index(self.street) + 1]
        self._deal_street()
        if len(self.actors()) <= 1:
            self._run_out()
            return
        self.open_later()

    def _run_out(self) -> None:
        """Nobody left to bet against: deal the remaining cards and go to the showdown."""
        self.log_event(
            "allin",
            msg("op.run-out", "pot.side"),
            (msg("why.run-out", "pot.side"),),
            ("pot.side",),
        )
        self.to_act_idx = None
        self.forced_pending = False
        self.last_round_first = None
        self.last_round_aggressor = None
        while self.street is not Street.SEVENTH:
            self.street = STREETS[STREETS.index(self.street) + 1]
            self._deal_street()
        self.last_round_street = Street.SEVENTH
        self._compute_opener_for_record()
        self._showdown()

    def _compute_opener_for_record(self) -> None:
        win, why, rules = self.best_board(
            self.rules.community_opener is CommunityOpener.BOARD_WITH_COMMUNITY
        )
        if win is not None:
            self.opener_idx = win
            self.opener_said = why
            self.opener_rules = rules

    def community_needed(self) -> tuple[bool, str]:
        """Whether seventh street is (or will be) one community card, and the arithmetic.

        Before seventh street is dealt this assumes every live player stays in (river.community).
        """
        need, why = self.community_why()
        return need, render_all(why)

    def community_why(self) -> tuple[bool, Said]:
        """:meth:`community_needed` with the arithmetic as data."""
        if self.uses_community is not None:
            return self.uses_community, self.community_said
        n = len(self.live())
        left = 3 - STREETS.index(self.street) if self.street in STREETS[:4] else 0
        burns = self.burns + (left if self.rules.burn_cards else 0)
        need, why = self._river_count(n, self.dealt + n * left, burns)
        return need, (why,)

    def _river_count(self, n: int, dealt: int, burns: int) -> tuple[bool, Message]:
        return river_count(self.rules, n, dealt, burns)

    def _deal_street(self) -> None:
        st = self.street
        if self.irr is not None:
            self.irr.dealing(self, st)
        live_in_order = [
            self.players[i] for i in self.order if not self.players[i].folded
        ]
        if st is Street.SEVENTH:
            need, count = self._river_count(len(live_in_order), self.dealt, self.burns)
            why: Said = (count, *self._river_burn(need, len(live_in_order)))
            self.community_said = why
        elif self.rules.burn_cards:
            self.burns += 1
            self._draw_burn()
        if st is Street.SEVENTH:
            self.uses_community = need
            if need:
                card = self.setup.community
                if card is None:
                    card = self._draw()
                    if not self.stub.seeded:
                        self.problems.append(
                            msg("setup.community.missing", "river.community")
                        )
                self.community = card
                self.dealt += 1
                for p in live_in_order:
                    if len(p.given) > 6:
                        self.problems.append(
                            msg(
                                "setup.community.seventh-listed",
                                "river.community",
                                player=p.name,
                                card=p.given[6],
                            )
                        )
                self.log_event(
                    "deal",
                    msg("op.deal.community", "river.community"),
                    why,
                    ("river.community",),
                    street=st,
                )
                return
            if self.setup.community is not None:
                self.problems.append(
                    msg("setup.community.dealt-down", "river.community", why=why)
                )
            for p in live_in_order:
                self._deal_to(p)
            self.log_event(
                "deal",
                msg("op.deal.river-down", "river.down"),
                why + (msg("why.deal.river-down", "river.down"),),
                ("river.down", "river.community"),
                street=st,
            )
            return
        for p in live_in_order:
            self._deal_to(p)
        self.log_event(
            "deal",
            msg("op.deal.up", "deal.order", street=st),
            (
                msg(
                    "why.deal.up",
                    "deal.order",
                    shown=tuple((p.name, p.cards[-1]) for p in live_in_order),
                    burn=self.rules.burn_cards,
                ),
            ),
            ("deal.order",),
            street=st,
        )

    def _draw_burn(self) -> None:
        self.stub.burn()

    def _river_burn(self, need: bool, n: int) -> Said:
        """Burn (or skip the burn) before seventh street as the preset's short-deck procedure
        says, mixing the burn cards back into the stub where it recycles them; returns what
        the dealer did beyond the usual burn, for the explanation (river.community)."""
        if not self.rules.burn_cards:
            return ()
        want = 1 if need else n
        stub = 52 - self.dealt - self.burns
        recycle = (
            self.rules.short_deck is not ShortDeck.STUB
            and stub < want + 1
            and self.burns > 0
        )
        said: Said = ()
        if recycle:
            self.stub.recycle_burns()
            stub += self.burns
            said = (
                msg(
                    "why.river.burns-recycled",
                    "river.community",
                    burns=self.burns,
                    stub=stub,
                ),
            )
            self.burns = 0
        if stub >= want + 1:
            self.burns += 1
            self._draw_burn()
            return said
        return said + (
            msg("why.river.burn-skipped", "river.community", stub=stub, want=want),
        )

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
