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
from typing import TYPE_CHECKING

from tutor.engine import betting
from tutor.engine.actions import parse_action
from tutor.engine.boards import (
    Why,
    ante_said,
    ante_text,
    board_key,
    describe_board,
    describe_low_board,
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
from tutor.engine.hands import a5_key
from tutor.engine.messages import Message
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
    PAST,
    STREETS,
    VERBS,
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

# Old private spellings, kept for code that still uses them.
_Player = PlayerState
_board_key = board_key
_suit_key = suit_key
_VERBS = VERBS
_PAST = PAST

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
        self.players = [_Player(i, s) for i, s in enumerate(order)]
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
        self.problems: list[str] = []
        self.street = Street.THIRD
        self.burns = 0
        self.dealt = 0  # cards dealt to players and the board (known or not)
        self.community: Card | None = None
        self.uses_community: bool | None = None
        self.community_reason = ""
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
        self.blocked: str | None = None  # why nobody can act (unknown cards)
        self.opener_idx: int | None = None
        self._opener_why: Why | str = ""
        self.opener_rules: tuple[str, ...] = ()
        self.sixth_opener_idx: int | None = None
        self.bring_in_idx: int | None = None
        self.bring_in_reason = ""
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
            and not self.community_needed()[0]
        ):
            self.problems.append(
                "`community:` gives a card, but this hand can never need one: "
                f"{self.community_needed()[1]} (river.community): remove `community:`."
            )

    # ------------------------------------------------------------------ setup
    @staticmethod
    def _validate(setup: HandSetup) -> None:
        seats = setup.seats
        if len(seats) > MAX_SEATS:
            raise TableError(
                f"{len(seats)} seats: a stud table seats 2 to 8 players, because a 52-card deck "
                "cannot give 9 or more players seven cards each (table.seats)."
            )
        if len(seats) < 2:
            raise TableError(
                f"{len(seats)} seat(s): a stud hand needs 2 to 8 players (table.seats)."
            )
        numbers = [s.seat for s in seats]
        for s in seats:
            if (
                isinstance(s.seat, bool)
                or not isinstance(s.seat, int)
                or not 1 <= s.seat <= 10
            ):
                raise TableError(f"seat number {s.seat!r} is not 1 to 10.")
            if numbers.count(s.seat) > 1:
                raise TableError(
                    f"seat {s.seat} is given twice: each seat number once."
                )
            if not isinstance(s.name, str) or not s.name.strip():
                raise TableError(f"seat {s.seat} needs a name.")
            if [t.name for t in seats].count(s.name) > 1:
                raise TableError(
                    f"the name {s.name!r} is used twice: give each player a different name."
                )
            if s.stack is not None and s.stack < 0:
                raise TableError(
                    f"{s.name}'s stack is {fmt(s.stack)}: a stack is 0 or more."
                )
            if setup.start is None and s.stack is not None and s.stack <= 0:
                raise TableError(
                    f"{s.name}'s stack is {fmt(s.stack)}: a player dealt in needs chips for the "
                    "ante; give a stack of more than 0 (ante.post)."
                )
            if len(s.cards) > 7:
                raise TableError(
                    f"{s.name} has {len(s.cards)} cards: a stud hand has at most 7."
                )
        if setup.button is not None and (
            isinstance(setup.button, bool)
            or not isinstance(setup.button, int)
            or not 1 <= setup.button <= 10
        ):
            raise TableError(
                f"button {setup.button!r} is not a seat number 1 to 10 (or null for a house dealer)."
            )
        check_unique(
            [c for s in seats for c in s.cards] + [setup.community], "this hand"
        )
        listed = sum(len(s.cards) for s in seats) + (setup.community is not None)
        if listed > 52:
            raise TableError(
                f"the seats list {listed} cards in all, more than a 52-card deck holds."
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

    def _deal_to(self, p: _Player) -> Card | None:
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
            self.log_event(
                "ante",
                f"Every player antes {fmt(ante)}"
                if all(a == ante for a in self.antes.values())
                else f"The antes: {fmt(self.pot)} in all",
                ante_said(
                    ante,
                    [(self.players[i].name, a) for i, a in sorted(self.antes.items())],
                ),
                ("ante.post",),
            )
        else:
            self.log_event(
                "ante",
                "No antes",
                "This table plays without antes: the pot starts empty "
                "and the bring-in is still forced.",
                ("ante.post",),
            )
        for _ in range(3):
            for idx in self.order:
                self._deal_to(self.players[idx])
        first = self.players[self.order[0]].name
        self.log_event(
            "deal",
            "Third street: two cards down, one up",
            f"The dealer deals one card at a time clockwise, starting with {first} "
            "(the first seat to the "
            f"{'left of the button' if self.setup.button is not None else 'dealer’s left, seat order'}): "
            "two down and the door card up.",
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
                        f"{s.name} folded before {street.value} street"
                        + (" betting opened" if street is not Street.SHOWDOWN else "")
                        + f", so holds at most {most} cards (those dealt before the fold), "
                        f"but lists {len(s.cards)}: list only the cards {s.name} was dealt (deal.order).",
                        player=s.name,
                        field="cards",
                    )
                p.cards = list(s.cards)
            else:
                if len(s.cards) < hold or (late and len(s.cards) > hold):
                    where = (
                        "at the showdown"
                        if street is Street.SHOWDOWN
                        else f"on {street.value} street"
                    )
                    shared = " besides the community card" if hold == 6 else ""
                    hint = (
                        " If seventh street is a shared card, give it in `community:` and list six cards "
                        "per seat (river.community)."
                        if late and hold == 7 and len(s.cards) == 6
                        else ""
                    )
                    raise TableError(
                        f"{s.name} is still in the hand {where}, so holds {hold} cards{shared} "
                        f"(write ?? for a card the learner does not see); the scenario lists {len(s.cards)}.{hint}"
                    )
                # Cards listed beyond this street are dealt on the later streets.
                p.cards = list(s.cards[:hold])
            self.dealt += len(p.cards)
            if not p.folded and p.stack == 0:
                p.all_in = True
        live = [p for p in self.players if not p.folded]
        if len(live) < 2:
            raise TableError(
                "a hand that starts later needs at least two players still in (not folded)."
            )
        with_chips = [p for p in live if not p.all_in]
        if with_chips:
            level = max(p.committed for p in with_chips)
            for p in with_chips:
                if p.committed != level:
                    top = next(q for q in with_chips if q.committed == level)
                    raise TableError(
                        f"{p.name} and {top.name} are both still in with chips, yet have put in "
                        f"{fmt(p.committed)} and {fmt(level)}: when a street begins, every player still in "
                        "with chips has put in the same amount, because the last round ended only when "
                        "each had called (round.end). Make their committed chips equal, or give the "
                        "short player a stack of 0 (all in).",
                        player=p.name,
                        field="committed",
                    )
            for p in live:
                if p.all_in and p.committed > level:
                    raise TableError(
                        f"{p.name} is all in for {fmt(p.committed)}, more than the {fmt(level)} put in by "
                        "the players still in with chips: they would still owe a call, so the street "
                        "cannot have begun (round.end). Lower the all-in player's committed chips or raise "
                        "the others'.",
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
            self.community_reason = why
            self.uses_community = given is not None
            if given is not None:
                self.community = given
                self.dealt += 1
                if not need:
                    self.problems.append(
                        f"`community:` gives a card, but here seventh street is dealt to each player ({why}) "
                        "(river.community): give each player a seventh card and remove `community:`."
                    )
            elif need:
                self.problems.append(
                    f"seventh street must be a community card here ({why}) (river.community): give six cards "
                    "per live seat and the shared card in `community:`."
                )
        if street is Street.SHOWDOWN:
            self.street = Street.SHOWDOWN
            self.last_round_street = Street.SEVENTH
            self._showdown()
            return
        self.street = street
        self.log_event(
            "start",
            f"The hand starts on {street.value} street",
            f"The scenario begins with {street.value} street dealt and {fmt(self.pot)} in the pot.",
            (),
        )
        self.open_later()

    # ------------------------------------------------------------------ derived
    @property
    def pot(self) -> Decimal:
        """All chips put in this hand, antes and the current round's bets included."""
        return sum((p.committed for p in self.players), ZERO)

    @property
    def opener_reason(self) -> str:
        """Why the player who opened this street's betting acts first."""
        return str(self._opener_why)

    @opener_reason.setter
    def opener_reason(self, value: Why | str) -> None:
        self._opener_why = value

    @property
    def to_act(self) -> str | None:
        """Name of the player to act, or None."""
        return None if self.to_act_idx is None else self.players[self.to_act_idx].name

    def live(self) -> list[_Player]:
        return [p for p in self.players if not p.folded]

    def actors(self) -> list[_Player]:
        return [p for p in self.players if not p.folded and not p.all_in]

    def player(self, name: str) -> _Player:
        """The seat of ``name``; AmbiguousActionError naming the players if there is none."""
        p = self.by_name.get(name)
        if p is None:
            raise AmbiguousActionError(
                f"no player named {name!r} at this table: the players are "
                f"{', '.join(q.name for q in self.players)}."
            )
        return p

    def bet_size(self) -> Decimal:
        return (
            self.stakes.small_bet
            if self.street in (Street.THIRD, Street.FOURTH)
            else self.stakes.big_bet
        )

    def open_pair_showing(self) -> list[_Player]:
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
        unknown = [p.name for p, c in doors if c is None]
        if unknown:
            self.blocked = (
                f"the bring-in depends on every door card, and {', '.join(unknown)}'s is unknown (??): "
                f"give the third card of every seat ({self.variant.rule_bring_in})."
            )
            self.to_act_idx = None
            return
        v = self.variant
        known = [(p, c) for p, c in doors if c is not None]
        if v.bring_in_highest:
            low_p, low_c = max(
                known, key=lambda pc: (pc[1].low_rank, pc[1].bring_in_key()[1])
            )
        else:
            low_p, low_c = min(known, key=lambda pc: pc[1].bring_in_key())
        self.bring_in_idx = low_p.idx
        others = ", ".join(c.text for p, c in doors if p is not low_p and c is not None)
        same_rank = [
            c.text
            for p, c in doors
            if p is not low_p and c is not None and c.rank == low_c.rank
        ]
        if v.bring_in_highest:
            why = (
                f"{low_p.name}'s door card {low_c.text} is the highest showing (others: {others}); "
                "the ace counts low, so a king is the worst door card"
            )
            if same_rank:
                why += (
                    f"; against {', '.join(same_rank)} of the same rank the higher suit brings in: "
                    "spades, then hearts, diamonds, clubs"
                )
        else:
            why = f"{low_p.name}'s door card {low_c.text} is the lowest showing (others: {others}); the ace counts high"
            if same_rank:
                why += (
                    f"; against {', '.join(same_rank)} of the same rank the suit decides, "
                    "clubs lowest, then diamonds, hearts, spades"
                )
        self.bring_in_reason = why + "."
        if low_p.all_in and not self.actors():
            self.bring_in_reason += (
                f" {low_p.name} is all in for the ante, and so is everyone else."
            )
            self._run_out()
            return
        if low_p.all_in:
            nxt = self.next_actor_from(low_p.idx)
            self.to_act_idx = nxt
            self.bring_in_reason += (
                f" {low_p.name} is all in for the ante, so {self.players[nxt].name if nxt is not None else 'nobody'} "
                "acts first and may fold, bring in or complete."
            )
        else:
            self.to_act_idx = low_p.idx
        self.round_first = self.to_act_idx
        self.last_round_first = self.to_act_idx
        self.opener_idx = self.to_act_idx
        self.opener_reason = self.bring_in_reason
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
    ) -> tuple[int | None, Why, tuple[str, ...]]:
        """Who has the best hand showing among live players, and why (act.later, razz.act).

        The highest board acts first, or in razz the lowest. The explanation is written only
        when it is read (most hands never ask for it)."""
        v = self.variant
        rule = v.rule_act
        boards: dict[int, list[Card]] = {}
        for p in self.live():
            up = p.up_cards()
            if any(c is None for c in up):
                return (
                    None,
                    Why(
                        f"who acts first depends on {p.name}'s cards showing, which are unknown (??): "
                        f"give every live player's up cards ({rule})."
                    ),
                    (rule,),
                )
            cards = [c for c in up if c is not None]
            if include_community and self.community is not None:
                cards = cards + [self.community]
            boards[p.idx] = cards
        low = v.board_first == "low"
        keys: dict[int, object] = (
            {i: a5_key(b) for i, b in boards.items()}
            if low
            else {i: _board_key(b) for i, b in boards.items()}
        )
        best = (min if low else max)(keys.values())  # type: ignore[type-var]
        tied = [i for i in keys if keys[i] == best]
        names = {i: self.players[i].name for i in boards}
        label = self.rules.label
        top: Card | None = None
        describe = describe_low_board if low else describe_board
        if len(tied) == 1:
            win = tied[0]
        elif self.rules.first_to_act_tie is TieBreak.SUIT and v.board_tie_by_suit:
            win = max(
                tied,
                key=lambda i: _suit_key(
                    [c for c in self.players[i].up_cards() if c is not None]
                ),
            )
            top = max(
                (c for c in self.players[win].up_cards() if c is not None),
                key=lambda c: c.bring_in_key(),
            )
        else:
            win = min(tied, key=lambda i: self.position[i])

        def text() -> str:
            if len(tied) == 1:
                why = f"{names[win]} shows the {'lowest' if low else 'highest'} hand, {describe(boards[win])}"
            elif top is not None:
                why = (
                    f"{', '.join(names[i] for i in tied)} tie with {describe(boards[win])}; "
                    f"under {label} the high card by suit breaks the tie: {names[win]}'s {top.text}"
                )
            else:
                why = (
                    f"{', '.join(names[i] for i in tied)} tie with {describe(boards[win])}; "
                    + ("" if low else f"under {label} ")
                    + f"position breaks the tie: {names[win]} is closest to the dealer's left"
                )
            others = [f"{names[i]} {describe(boards[i])}" for i in boards if i != win]
            if others:
                why += f" (against {'; '.join(others)})"
            if low:
                return why + (
                    ". In razz the lowest board acts first: unpaired boards beat paired ones, "
                    "compared from their highest card down, the ace low."
                )
            return why + (
                ". Only pairs, trips and quads count on the board, then high cards; "
                "straights and flushes do not."
            )

        return win, Why(text), (rule,)

    def open_later(self) -> None:
        self.start_round()
        self.forced_pending = False
        self.open_pair_seats = (
            self._pairs_on_board() if self.street is Street.FOURTH else ()
        )
        include = self.rules.community_opener is CommunityOpener.BOARD_WITH_COMMUNITY
        win: int | None
        why: Why
        if (
            self.street is Street.SEVENTH
            and self.community is not None
            and not include
            and self.sixth_opener_idx is not None
        ):
            win = self.sixth_opener_idx
            said = (
                f"seventh street is a community card; under {self.rules.label} the player who opened "
                f"sixth street, {self.players[win].name}, opens again"
            )
            rules: tuple[str, ...] = (self.variant.rule_act, "river.community")
            if self.players[win].folded:
                win, why2, rules = self.best_board(False)
                why = Why(f"{said}, but has folded: ", why2)
            else:
                why = Why(said + ".")
        else:
            win, why, rules = self.best_board(include)
            if self.street is Street.SEVENTH and self.community is not None and include:
                why = Why(
                    "Seventh street is a community card that plays in every hand; counting it, ",
                    why,
                )
                rules = rules + ("river.community",)
            elif self.street is Street.SEVENTH and self.community is not None:
                why = Why(
                    f"Seventh street is a community card; under {self.rules.label} whoever opened sixth "
                    "street opens again, that is the high hand on the board without the community card: ",
                    why,
                )
                rules = rules + ("river.community",)
            elif self.street is Street.SEVENTH:
                why = (
                    why + " Seventh street is dealt down, so the board has not changed."
                )
                rules = rules + ("river.down",)
        if win is None:
            self.blocked = str(why)
            self.to_act_idx = None
            self.opener_idx = None
            return
        self.blocked = None
        self.opener_idx = win
        if self.street is Street.SIXTH:
            self.sixth_opener_idx = win
        if self.players[win].all_in:
            nxt = self.next_actor_from(win)
            why = why + (
                f" {self.players[win].name} is all in, so the action passes clockwise to "
                f"{self.players[nxt].name if nxt is not None else 'nobody'}."
            )
            win = nxt if nxt is not None else win
        self.opener_reason = why
        self.opener_rules = rules
        self.to_act_idx = win
        self.round_first = win
        self.last_round_first = win
        if len(self.actors()) <= 1:
            self._close_round()

    # ------------------------------------------------------------------ legality
    def _options(self, p: _Player) -> dict[ActionKind, list[Decimal]]:
        """Legal kinds for ``p`` with the amounts allowed (see :mod:`tutor.engine.betting`)."""
        return betting.options(self, p)

    def legal_actions(self) -> list[str]:
        """The actions open to the player to act, written as in the scenario format.

        :raises NeedsCardsError: if who acts depends on unknown cards.
        """
        return betting.legal_actions(self)

    def illegal_reasons(self) -> dict[str, str]:
        """For each kind of action not open now, why not (with the rule id)."""
        return betting.illegal_reasons(self)

    def _actor(self) -> _Player:
        return betting.actor(self)

    def all_in_note(self) -> str | None:
        """Why the raises open to the player to act are missing or oddly sized because of an
        all-in short of a full wager (limit.all-in); None where no such all-in shaped them."""
        p = self._actor()
        opts = self._options(p)
        notes = []
        if self.short_all_in is not None:
            q, total, full = self.short_all_in
            name = self.players[q].name
            if not p.may_raise:
                notes.append(
                    f"{name}'s all-in to {fmt(total)} was less than half a bet, so it does not reopen "
                    f"the betting for {p.name}, who has already acted: {p.name} may only call or fold."
                )
            elif full and total == self.full_level:
                notes.append(
                    f"{name}'s all-in to {fmt(total)} was short of a full wager but at least half of one, "
                    f"so it counts as full: a raise goes to {fmt(total)} plus one bet."
                )
            elif not full:
                step = (
                    "complete to"
                    if (self.street is Street.THIRD and not self.completed)
                    else "raise to"
                )
                notes.append(
                    f"{name}'s all-in to {fmt(total)} was less than half a bet, so a player yet to act "
                    f"may call it or {step} the last full level, {fmt(self.full_level)}, plus one bet."
                )
        reach = p.bet + p.stack
        for kind in (ActionKind.BET, ActionKind.RAISE, ActionKind.COMPLETE):
            amounts = opts.get(kind, [])
            if amounts and reach in amounts and not self._is_full_size(kind, reach):
                notes.append(
                    f"{p.name} has only {fmt(p.stack)} left, so may {kind.value} all in to "
                    f"{fmt(reach)}, short of a full {kind.value}."
                )
        return " ".join(notes) or None

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
        text = act.text if isinstance(action, Action) else action.strip()
        if self.is_over:
            raise IllegalActionError(
                f"{text!r}: the hand is over, the pot has been awarded (round.end).",
                "round.end",
            )
        if self.to_act_idx is None:
            raise NeedsCardsError(f"{text!r}: {self.blocked or 'nobody can act now.'}")
        actor = self.players[self.to_act_idx]
        if p is not actor:
            rule = "act.third" if self.street is Street.THIRD else self.variant.rule_act
            why = (
                f"{p.name} has folded"
                if p.folded
                else (f"{p.name} is all in" if p.all_in else "")
            )
            raise IllegalActionError(
                f"{text!r} is out of turn: it is {actor.name}'s turn to act on {self.street.value} street"
                + (f" ({why})" if why else "")
                + f" ({rule}).",
                rule,
            )
        amounts = betting.amounts(self, act.kind, p)
        if amounts is None:
            found = betting.refusal_reason(self, act.kind, p)
            assert found is not None
            reason, rule = found
            allowed = "; ".join(self.legal_actions())
            raise IllegalActionError(
                f"{text!r} is not allowed: {reason} ({rule}). {p.name} may: {allowed}.",
                rule,
            )
        amount: Decimal | None = None
        if amounts:
            if act.amount is None:
                if len(amounts) > 1:
                    raise IllegalActionError(
                        f"{text!r} needs an amount: on this street a {act.kind.value} may be "
                        f"{' or '.join(fmt(a) for a in amounts)} (limit.open-pair).",
                        "limit.open-pair",
                    )
                amount = amounts[0]
            elif act.amount in amounts:
                amount = act.amount
            else:
                rule = self.size_rule(act.kind)
                what = "adds" if act.kind is ActionKind.CALL else "makes it"
                note = ""
                if act.kind is not ActionKind.CALL and (
                    note := self.all_in_note() or ""
                ):
                    rule = "limit.all-in"
                    note = " " + note
                raise IllegalActionError(
                    f"{text!r} is not allowed: a {act.kind.value} now {what} "
                    f"{' or '.join(fmt(a) for a in amounts)}, not {fmt(act.amount)} ({rule}).{note}",
                    rule,
                )
        elif act.amount is not None:
            raise ActionSyntaxError(f"{text!r}: a {act.kind.value} takes no amount.")
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
        return (
            "limit.small"
            if self.street in (Street.THIRD, Street.FOURTH)
            else "limit.big"
        )

    def _put(self, p: _Player, total: Decimal) -> Decimal:
        add = total - p.bet
        p.stack -= add
        p.bet = total
        p.committed += add
        if p.stack == 0:
            p.all_in = True
        return add

    def do(self, p: _Player, kind: ActionKind, amount: Decimal | None) -> Operation:
        st = self.street
        rules: tuple[str, ...]
        allin = ""
        if kind is ActionKind.FOLD:
            p.folded = True
            text, why, rules = (
                f"{p.name} folds",
                f"{p.name} gives up the hand and any claim to the pot.",
                ("round.end",),
            )
        elif kind is ActionKind.CHECK:
            text, why, rules = (
                f"{p.name} checks",
                f"No wager is open on {st.value} street, so {p.name} may check.",
                ("round.end",),
            )
        elif kind is ActionKind.CALL:
            assert amount is not None
            self._put(p, p.bet + amount)
            allin = " and is all in" if p.all_in else ""
            text = f"{p.name} calls {fmt(amount)}"
            why = f"{p.name} adds {fmt(amount)} to match the wager of {fmt(self.current)}{allin}."
            rules = ("round.end",)
        elif kind is ActionKind.BRING_IN:
            assert amount is not None
            self._put(p, amount)
            self.forced_pending = False
            self.current = max(self.stakes.bring_in or ZERO, amount)
            self.full_level = self.current
            allin = (
                f" (all in; the others must still come in for {fmt(self.current)})"
                if p.all_in
                else ""
            )
            text = f"{p.name} brings in {fmt(amount)}"
            if (
                self.bring_in_idx is not None
                and p.idx != self.bring_in_idx
                and self.players[self.bring_in_idx].folded
            ):  # a dead hand was the low card (irr.exposed-hole)
                why = f"{self.bring_in_reason} {p.name} chooses to bring in {fmt(amount)}{allin}."
                rules = ("irr.exposed-hole", "bring-in.amount")
            elif self.bring_in_idx is not None and p.idx != self.bring_in_idx:
                why = (
                    f"The low card, {self.players[self.bring_in_idx].name}, is all in for the ante, so "
                    f"{p.name} acts first and chooses to bring in {fmt(amount)}{allin}."
                )
                rules = ("bring-in.all-in", "bring-in.amount")
            else:
                why = f"{self.bring_in_reason} {p.name} posts the bring-in of {fmt(amount)}{allin}."
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
            allin = " (all in)" if p.all_in else ""
            text = f"{p.name} completes to {fmt(amount)}"
            if amount < small:
                self.short_all_in = (p.idx, amount, full)
                why = (
                    f"{p.name} goes all in for {fmt(amount)}"
                    + ("" if before else " instead of the bring-in")
                    + f", short of the completion to {fmt(small)}"
                    + (f" over the {fmt(before)} bring-in" if before else "")
                    + ". "
                )
                if full:
                    why += (
                        f"It reaches half the completion ({fmt(small / 2)}), so it counts as the "
                        f"completion: it reopens the betting, and a raise now goes to {fmt(amount)} plus "
                        f"one small bet, {fmt(amount + small)}."
                    )
                else:
                    why += (
                        f"It is less than half the completion ({fmt(small / 2)}), so it is not a "
                        "completion: players who have already acted may only call or fold, and a "
                        f"player yet to act may call it or complete to {fmt(small)}."
                    )
                rules = ("limit.all-in", "bring-in.complete")
            else:
                why = (
                    f"{p.name} raises the {fmt(before)} bring-in to a full small bet of {fmt(small)}"
                    if before
                    else f"{p.name} opens for a full small bet of {fmt(small)} instead of the bring-in"
                )
                why += f"{allin}. A completion is the round's bet, not a raise: {self._cap_text()}"
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
            allin = " (all in)" if p.all_in else ""
            short = step not in self.sizes()
            if kind is ActionKind.BET:
                text = f"{p.name} bets {fmt(amount)}"
                why = f"{p.name} opens the betting on {st.value} street for {fmt(amount)}{allin}. {self.size_text()}"
            else:
                text = f"{p.name} raises to {fmt(amount)}"
                why = (
                    f"{p.name} raises the {fmt(before)} wager to {fmt(amount)}{allin}. {self.size_text()} "
                    f"{self._cap_text()}"
                )
            if short and full:
                why += (
                    f" The all-in adds {fmt(step)} over {fmt(level)}, short of a full "
                    f"{'bet' if kind is ActionKind.BET else 'raise'} but at least half of "
                    f"{fmt(smallest)}, so it counts as a full one: it reopens the betting"
                    + (", counts toward the cap" if kind is ActionKind.RAISE else "")
                    + f", and the next raise goes to {fmt(amount)} plus one bet."
                )
            elif not full:
                why += (
                    f" The all-in adds only {fmt(step)} over {fmt(level)}, less than half of "
                    f"{fmt(smallest)}, so it does not reopen the betting for players who have "
                    "already acted (they may only call or fold) and does not count toward the cap; "
                    f"a player yet to act may call it or raise to {fmt(level)} plus one bet."
                )
            rules = (
                (size_rule, "cap.raises") if kind is ActionKind.RAISE else (size_rule,)
            )
            if short:
                rules = ("limit.all-in",) + rules
                self.short_all_in = (p.idx, amount, full)
        p.acted = True
        op = self.log_event(kind.value, text, why, rules, player=p.name, amount=amount)
        if self.irr is not None:
            self.irr.acted(self, p, kind)
        self.advance(p)
        return op

    def _reopen(self, p: _Player, full: bool) -> None:
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
        if self.street is Street.FOURTH and self.open_pair_active():
            gone = [p.name for p in self.open_pair_showing() if p.folded]
            return (
                f"A pair shows on fourth street and {self.rules.label} allows the open-pair option: "
                "bets and raises may be "
                f"{fmt(self.stakes.small_bet)} or {fmt(self.stakes.big_bet)}; after a big one, all raises are big."
                + (
                    f" The option was settled when fourth street was dealt and lasts the whole round, "
                    f"even though {' and '.join(gone)} (the pair) has folded."
                    if gone
                    else ""
                )
            )
        if self.street is Street.FOURTH and self.open_pair_showing():
            if not self.variant.open_pair:
                return (
                    f"A pair shows on fourth street, but in {self.variant.title} a pair never allows the "
                    f"big bet: bets and raises stay {fmt(self.stakes.small_bet)}."
                )
            return (
                f"A pair shows on fourth street, but {self.rules.label} ({self.game.value}) has no open-pair option: "
                f"bets and raises stay {fmt(self.stakes.small_bet)}."
            )
        small = self.street in (Street.THIRD, Street.FOURTH)
        return (
            f"On {self.street.value} street every bet and raise is one {'small' if small else 'big'} bet "
            f"of {fmt(self.bet_size())}."
        )

    def _cap_text(self) -> str:
        left = self.raises_left()
        if left is None:
            return (
                "The round is heads-up and raising is unlimited under "
                + self.rules.label
                + "."
            )
        return (
            f"{self.raises} of {self.rules.max_raises} raises made under {self.rules.label}; "
            f"{left} left."
        )

    def advance(self, p: _Player) -> None:
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
            f"{self.street.value.capitalize()} street betting closes",
            "Every player still in has called the last wager or checked (round.end).",
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
            "No more betting possible",
            "At most one player still has chips, so the remaining cards are dealt without betting.",
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
            self.opener_reason = why
            self.opener_rules = rules

    def community_needed(self) -> tuple[bool, str]:
        """Whether seventh street is (or will be) one community card, and the arithmetic.

        Before seventh street is dealt this assumes every live player stays in (river.community).
        """
        if self.uses_community is not None:
            return self.uses_community, self.community_reason
        n = len(self.live())
        left = 3 - STREETS.index(self.street) if self.street in STREETS[:4] else 0
        burns = self.burns + (left if self.rules.burn_cards else 0)
        return self._river_count(n, self.dealt + n * left, burns)

    def _river_count(self, n: int, dealt: int, burns: int) -> tuple[bool, str]:
        return river_count(self.rules, n, dealt, burns)

    def _deal_street(self) -> None:
        st = self.street
        if self.irr is not None:
            self.irr.dealing(self, st)
        live_in_order = [
            self.players[i] for i in self.order if not self.players[i].folded
        ]
        if st is Street.SEVENTH:
            need, why = self._river_count(len(live_in_order), self.dealt, self.burns)
            why += self._river_burn(need, len(live_in_order))
            self.community_reason = why
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
                            "seventh street is a community card here (river.community), but `community:` "
                            "gives none: add the shared card."
                        )
                self.community = card
                self.dealt += 1
                for p in live_in_order:
                    if len(p.given) > 6:
                        self.problems.append(
                            f"seventh street is a community card here (river.community), yet {p.name} lists a "
                            f"seventh card ({p.given[6].text if p.given[6] else '??'}): list six cards per seat "
                            "and put the shared card in `community:`."
                        )
                self.log_event(
                    "deal",
                    "Seventh street: a community card",
                    why,
                    ("river.community",),
                    street=st,
                )
                return
            if self.setup.community is not None:
                self.problems.append(
                    "`community:` gives a card, but seventh street is dealt to each player here "
                    f"({why}) (river.community): remove `community:`."
                )
            for p in live_in_order:
                self._deal_to(p)
            self.log_event(
                "deal",
                "Seventh street: one card down",
                why + " The river is dealt face down (river.down).",
                ("river.down", "river.community"),
                street=st,
            )
            return
        for p in live_in_order:
            self._deal_to(p)
        shown = ", ".join(
            f"{p.name} {p.cards[-1].text if p.cards[-1] else '??'}"
            for p in live_in_order
        )
        self.log_event(
            "deal",
            f"{st.value.capitalize()} street: one card up each",
            f"Each live player gets one card face up ({shown})"
            + (", after a burn card" if self.rules.burn_cards else "")
            + ".",
            ("deal.order",),
            street=st,
        )

    def _draw_burn(self) -> None:
        self.stub.burn()

    def _river_burn(self, need: bool, n: int) -> str:
        """Burn (or skip the burn) before seventh street as the preset's short-deck procedure
        says, mixing the burn cards back into the stub where it recycles them; returns what
        the dealer did beyond the usual burn, for the explanation (river.community)."""
        if not self.rules.burn_cards:
            return ""
        want = 1 if need else n
        stub = 52 - self.dealt - self.burns
        recycle = (
            self.rules.short_deck is not ShortDeck.STUB
            and stub < want + 1
            and self.burns > 0
        )
        said = ""
        if recycle:
            self.stub.recycle_burns()
            stub += self.burns
            said = f" The {self.burns} burn cards are mixed back into the stub ({stub} cards)."
            self.burns = 0
        if stub >= want + 1:
            self.burns += 1
            self._draw_burn()
            return said
        return said + (
            " The river burn is skipped: the stub holds no card to spare "
            f"({stub} for {want} card{'s' if want != 1 else ''})."
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

    def win_uncontested(self, winner: _Player) -> None:
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
        said: Message | str,
        why: tuple[Message, ...] | str,
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
            raise NeedsCardsError(
                f"{name}'s hand includes unknown cards (??): give all of {name}'s cards to rule on it."
            )
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
