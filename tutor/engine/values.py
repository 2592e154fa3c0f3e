"""The engine's value types: streets, action kinds, stakes, the hand's setup and the views.

Standard library only; imported by every other engine module and importing none of them but
``cards``, ``errors`` and ``rules``.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from enum import StrEnum

from tutor.engine.cards import Card
from tutor.engine.errors import TableError
from tutor.engine.messages import Message, msg, render, render_all
from tutor.engine.rules import Game, HouseRules

DEEP = Decimal("Infinity")
ZERO = Decimal(0)
MAX_SEATS = 8


class Street(StrEnum):
    """Betting rounds, named as in the scenario format."""

    THIRD = "third"
    FOURTH = "fourth"
    FIFTH = "fifth"
    SIXTH = "sixth"
    SEVENTH = "seventh"
    SHOWDOWN = "showdown"


STREETS = (Street.THIRD, Street.FOURTH, Street.FIFTH, Street.SIXTH, Street.SEVENTH)
#: The streets bet at the small bet (limit.sizes); the rest are at the big bet.
SMALL_BET_STREETS = (Street.THIRD, Street.FOURTH)
#: Cards a player holds once each street is dealt.
CARDS_AT = {
    Street.THIRD: 3,
    Street.FOURTH: 4,
    Street.FIFTH: 5,
    Street.SIXTH: 6,
    Street.SEVENTH: 7,
    Street.SHOWDOWN: 7,
}


class ActionKind(StrEnum):
    """The decisions a player makes, written as in legal-actions answers."""

    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BRING_IN = "bring in"
    COMPLETE = "complete"
    BET = "bet"
    RAISE = "raise"


VERBS = {
    "folds": ActionKind.FOLD,
    "fold": ActionKind.FOLD,
    "checks": ActionKind.CHECK,
    "check": ActionKind.CHECK,
    "calls": ActionKind.CALL,
    "call": ActionKind.CALL,
    "completes": ActionKind.COMPLETE,
    "complete": ActionKind.COMPLETE,
    "bets": ActionKind.BET,
    "bet": ActionKind.BET,
    "raises": ActionKind.RAISE,
    "raise": ActionKind.RAISE,
}
PAST = {
    ActionKind.FOLD: "folds",
    ActionKind.CHECK: "checks",
    ActionKind.CALL: "calls",
    ActionKind.BRING_IN: "brings in",
    ActionKind.COMPLETE: "completes",
    ActionKind.BET: "bets",
    ActionKind.RAISE: "raises",
}
ACTION_FORMS = (
    "<name> folds",
    "<name> checks",
    "<name> calls [N]",
    "<name> brings in [N]",
    "<name> completes [N]",
    "<name> bets [N]",
    "<name> raises [N]",
)


def fmt(amount: Decimal | int | None) -> str:
    """An amount as a learner reads it: ``2``, ``0.5``, ``12.25``.

    >>> fmt(Decimal("2.50")), fmt(Decimal("3.00")), fmt(None)
    ('2.5', '3', 'deep')
    """
    if amount is None or amount == DEEP:
        return "deep"
    d = Decimal(amount)
    if d == d.to_integral_value():
        return str(int(d))
    return format(d.normalize(), "f")


def to_decimal(value: object, field: str) -> Decimal:
    """Read the amount for the stakes' ``field`` exactly; floats are read through their
    shortest text. A value that is no finite amount is a TableError at ``("stakes", field)``."""
    where = ("stakes", field)
    if isinstance(value, bool):
        raise TableError(
            msg("setup.amount.not-amount", None, field=field, value=value), where=where
        )
    try:
        d = Decimal(str(value)) if isinstance(value, float) else Decimal(value)  # type: ignore[arg-type]
    except (InvalidOperation, TypeError, ValueError):
        raise TableError(
            msg("setup.amount.unreadable", None, field=field, value=value), where=where
        ) from None
    if not d.is_finite():
        raise TableError(
            msg("setup.amount.not-finite", None, field=field, value=value), where=where
        )
    return d


def _stakes_error(field: str, said: Message) -> TableError:
    return TableError(said, where=("stakes", field))


@dataclass(frozen=True, slots=True, kw_only=True)
class Stakes:
    """Fixed-limit stakes. ``bring_in`` defaults to half the small bet, ``chip`` to 1 or 0.01.

    >>> Stakes(small_bet=Decimal(2), big_bet=Decimal(4), ante=Decimal("0.25")).bring_in
    Decimal('1')
    """

    small_bet: Decimal
    big_bet: Decimal
    ante: Decimal = ZERO
    bring_in: Decimal | None = None
    chip: Decimal | None = None
    rake_percent: Decimal | None = None
    rake_cap: Decimal | None = None

    def __post_init__(self) -> None:
        for name in (
            "small_bet",
            "big_bet",
            "ante",
            "bring_in",
            "chip",
            "rake_percent",
            "rake_cap",
        ):
            value = getattr(self, name)
            if value is not None:
                object.__setattr__(self, name, to_decimal(value, name))
        if self.small_bet <= 0:
            raise _stakes_error(
                "small_bet",
                msg("setup.stakes.small-bet-positive", None, amount=self.small_bet),
            )
        if self.big_bet < self.small_bet:
            raise _stakes_error(
                "big_bet",
                msg(
                    "setup.stakes.big-below-small",
                    "limit.big",
                    big=self.big_bet,
                    small=self.small_bet,
                ),
            )
        if self.ante < 0:
            raise _stakes_error(
                "ante", msg("setup.stakes.ante-negative", "ante.post", amount=self.ante)
            )
        if self.bring_in is None:
            object.__setattr__(self, "bring_in", self.small_bet / 2)
        assert self.bring_in is not None
        if self.bring_in <= 0 or self.bring_in > self.small_bet:
            raise _stakes_error(
                "bring_in",
                msg(
                    "setup.stakes.bring-in-range",
                    "bring-in.amount",
                    amount=self.bring_in,
                    small=self.small_bet,
                ),
            )
        amounts = [self.small_bet, self.big_bet, self.ante, self.bring_in]
        if self.chip is None:
            whole = all(a == a.to_integral_value() for a in amounts)
            object.__setattr__(self, "chip", Decimal(1) if whole else Decimal("0.01"))
        assert self.chip is not None
        if self.chip <= 0:
            raise _stakes_error(
                "chip", msg("setup.stakes.chip-positive", None, amount=self.chip)
            )
        for name, a in zip(
            ("small_bet", "big_bet", "ante", "bring_in"), amounts, strict=False
        ):
            if a % self.chip != 0:
                raise _stakes_error(
                    name,
                    msg(
                        "setup.stakes.not-whole-chips",
                        None,
                        field=name,
                        amount=a,
                        chip=self.chip,
                    ),
                )
        if (self.rake_percent is None) != (self.rake_cap is None):
            raise _stakes_error("rake", msg("setup.stakes.rake-incomplete", "pot.rake"))
        if self.rake_percent is not None and not 0 <= self.rake_percent <= 100:
            raise _stakes_error(
                "rake_percent",
                msg("setup.stakes.rake-percent-range", None, amount=self.rake_percent),
            )
        if self.rake_cap is not None and self.rake_cap < 0:
            raise _stakes_error(
                "rake_cap",
                msg("setup.stakes.rake-cap-negative", None, amount=self.rake_cap),
            )


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatSetup:
    """One seat: number 1..10, unique name, stack (None = deep), cards in the order dealt."""

    seat: int
    name: str
    stack: Decimal | None = None
    cards: tuple[Card | None, ...] = ()
    committed: Decimal | None = None
    folded: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class Start:
    """Begin later in the hand: that street's cards dealt, its betting about to open."""

    street: Street


@dataclass(frozen=True, slots=True, kw_only=True)
class HandSetup:
    """Everything needed to play one hand."""

    game: Game
    rules: HouseRules
    stakes: Stakes
    seats: tuple[SeatSetup, ...]
    button: int | None = None
    community: Card | None = None
    start: Start | None = None
    seed: int | None = None


@dataclass(frozen=True, slots=True)
class Action:
    """A decision: who, what, and (where given) the amount as in the scenario format."""

    player: str
    kind: ActionKind
    amount: Decimal | None = None

    @property
    def text(self) -> str:
        verb = PAST[self.kind]
        return f"{self.player} {verb}" + (
            f" {fmt(self.amount)}" if self.amount is not None else ""
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class Operation:
    """Something that happened in the hand (``said``), with why (``why``), as data.

    ``text`` and ``explanation`` are the same rendered in the installed language.
    """

    kind: str
    said: Message
    why: tuple[Message, ...]
    rules: tuple[str, ...]
    player: str | None = None
    amount: Decimal | None = None
    street: Street | None = None

    @property
    def text(self) -> str:
        """What happened, as a sentence."""
        return render(self.said)

    @property
    def explanation(self) -> str:
        """Why, as sentences."""
        return render_all(self.why)


def operation(
    kind: str,
    said: Message,
    why: tuple[Message, ...],
    rules: tuple[str, ...],
    player: str | None,
    amount: Decimal | None,
    street: Street | None,
) -> Operation:
    """``Operation(kind=kind, said=said, ...)``, the same value made quicker: the engine logs
    one per event, so the slots are filled directly rather than by seven
    ``object.__setattr__`` calls of the frozen dataclass.

    >>> said = msg("op.check", "round.end", player="Ana")
    >>> operation("check", said, (), ("round.end",), "Ana", None, None) == Operation(
    ...     kind="check", said=said, why=(), rules=("round.end",), player="Ana")
    True
    """
    op: Operation = _new(Operation)
    _set_kind(op, kind)
    _set_said(op, said)
    _set_why(op, why)
    _set_rules(op, rules)
    _set_player(op, player)
    _set_amount(op, amount)
    _set_street(op, street)
    return op


_new = object.__new__
(
    _set_kind,
    _set_said,
    _set_why,
    _set_rules,
    _set_player,
    _set_amount,
    _set_street,
) = (
    Operation.__dict__[name].__set__
    for name in ("kind", "said", "why", "rules", "player", "amount", "street")
)


@dataclass(frozen=True, slots=True)
class SeatView:
    """One seat as drawn: what a spectator at the table sees (unknown cards are None)."""

    seat: int
    name: str
    stack: Decimal | None
    bet: Decimal
    committed: Decimal
    cards: tuple[tuple[Card | None, bool], ...]
    folded: bool
    all_in: bool
    button: bool
    to_act: bool


@dataclass(frozen=True, slots=True)
class TableView:
    """The whole table as drawn."""

    seats: tuple[SeatView, ...]
    pot: Decimal
    street: Street
    community: Card | None
    to_act: str | None
    game: Game
    rules_label: str
    button: int | None
    stakes: Stakes


class PlayerState:
    """Mutable per-hand state of one seat (owned by the engine's :class:`Hand`)."""

    __slots__ = (
        "idx",
        "seat",
        "name",
        "stack",
        "given",
        "cards",
        "folded",
        "all_in",
        "committed",
        "bet",
        "acted",
        "may_raise",
    )

    def __init__(self, idx: int, s: SeatSetup) -> None:
        self.idx = idx
        self.seat = s.seat
        self.name = s.name
        self.stack: Decimal = DEEP if s.stack is None else s.stack
        self.given = s.cards
        self.cards: list[Card | None] = []
        self.folded = False
        self.all_in = False
        self.committed = ZERO
        self.bet = ZERO
        self.acted = False
        self.may_raise = True

    def up_cards(self) -> list[Card | None]:
        """Cards dealt face up: the door card and fourth to sixth street."""
        return self.cards[2:6]
