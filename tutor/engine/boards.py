"""What the table shows, said as messages: boards, antes; and explanations written when read."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from decimal import Decimal

from tutor.engine.cards import Card
from tutor.engine.hands import a5_key
from tutor.engine.messages import Message, Said, msg, render, render_all
from tutor.engine.rules import Variant
from tutor.engine.values import ZERO


def board_key(cards: list[Card]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Rank the cards showing: quads > full house > trips > two pair > pair > high card.

    Straights and flushes count for nothing (act.later). Returns (group sizes, ranks)."""
    counts: dict[int, int] = {}
    for c in cards:
        counts[c.rank] = counts.get(c.rank, 0) + 1
    groups = sorted(counts.items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
    return tuple(n for _, n in groups), tuple(r for r, _ in groups)


# -- who acts first, as the game's description says (the table and the irregularities ask here)
def door_key(variant: Variant, card: Card) -> tuple[int, int]:
    """Order of door cards for the bring-in: the smallest key brings in, in every game.

    Stud and stud/8: the lowest card, ace high, clubs the lowest suit (bring-in.who). Razz:
    the highest card, ace low, the higher suit first (razz.bring-in).

    >>> from tutor.engine.cards import parse_cards
    >>> from tutor.engine.rules import VARIANTS, Game
    >>> two, king = parse_cards("2c Kd")
    >>> door_key(VARIANTS[Game.STUD], two) < door_key(VARIANTS[Game.STUD], king)
    True
    >>> door_key(VARIANTS[Game.RAZZ], king) < door_key(VARIANTS[Game.RAZZ], two)
    True
    """
    rank, suit = card.bring_in_key()
    if variant.bring_in_highest:
        return (-card.low_rank, -suit)
    return (rank, suit)


def best_boards(variant: Variant, boards: Mapping[int, Sequence[Card]]) -> list[int]:
    """The seats whose boards show the best hand for acting first (act.later, razz.act):
    the highest board, or in razz the lowest; more than one seat when they tie on ranks.
    """
    if variant.board_first == "low":
        half = variant.low_half
        key = a5_key if half is None or half.ace_low else deuce_seven_board_key
        lows = {i: key(b) for i, b in boards.items()}
        best_low = min(lows.values())
        return [i for i, k in lows.items() if k == best_low]
    highs = {i: board_key(list(b)) for i, b in boards.items()}
    best_high = max(highs.values())
    return [i for i, k in highs.items() if k == best_high]


def deuce_seven_board_key(cards: Sequence[Card]) -> tuple[int, tuple[int, ...]]:
    """How low a board is, deuce to seven (smaller is lower): pairs count against, then the
    ranks from the highest group down, the ace high; straights and flushes count for
    nothing on a board, as in razz.

    >>> from tutor.engine.cards import parse_cards
    >>> deuce_seven_board_key(parse_cards("7h 2c")) < deuce_seven_board_key(parse_cards("Ad 3s"))
    True
    """
    counts: dict[int, int] = {}
    for c in cards:
        counts[c.rank] = counts.get(c.rank, 0) + 1
    groups = sorted(counts.items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
    pairing = sum(n - 1 for _, n in groups) * 10 + max(
        (n for _, n in groups), default=0
    )
    return pairing, tuple(r for r, _ in groups)


def board_said(cards: list[Card]) -> Message:
    """What a board shows, as a message: ``a pair of sevens``, ``king high`` (ranks 2..14)."""
    if not cards:
        return msg("board.nothing", None)
    sizes, ranks = board_key(cards)
    if sizes[0] == 4:
        return msg("board.four-of-a-kind", None, rank=ranks[0])
    if sizes[0] == 3 and len(sizes) > 1 and sizes[1] == 2:
        return msg("board.full-house", None, trips=ranks[0], pair=ranks[1])
    if sizes[0] == 3:
        return msg("board.three-of-a-kind", None, rank=ranks[0])
    if sizes[0] == 2 and len(sizes) > 1 and sizes[1] == 2:
        return msg("board.two-pair", None, top=ranks[0], bottom=ranks[1])
    if sizes[0] == 2:
        return msg("board.pair", None, rank=ranks[0])
    return msg("board.high-card", None, rank=ranks[0])


def describe_board(cards: list[Card]) -> str:
    """Plain words for a board: ``a pair of sevens``, ``king high``."""
    return render(board_said(cards))


def low_board_said(cards: list[Card]) -> Message:
    """What a razz board shows: ``7-4 low`` (ranks, ace 1), or its pair as for a high board."""
    if not cards:
        return msg("board.nothing", None)
    _, ranks = a5_key(cards)
    if len(ranks) < len(cards):  # a pair (or more) shows
        return board_said(cards)
    return msg("board.low", None, ranks=ranks)


def describe_low_board(cards: list[Card]) -> str:
    """Plain words for a razz board: ``7-4 low``, ``a pair of sevens``."""
    return render(low_board_said(cards))


def ante_said(ante: Decimal, paid: list[tuple[str, Decimal]]) -> Said:
    """Why the antes make the pot they do: every player posts the ante, or all they have (ante.post).

    ``paid`` is each player dealt in with what they posted."""
    n = len(paid)
    total = sum((a for _, a in paid), ZERO)
    short = tuple((name, a) for name, a in paid if a < ante)
    if not short:
        return (
            msg("ante.each", "ante.post", players=n, ante=ante, total=total),
            msg("ante.dead", "ante.post"),
        )
    full = n - len(short)
    return (
        msg(
            "ante.short",
            "ante.post",
            ante=ante,
            short=tuple(
                msg("ante.short-player", "ante.post", player=name, amount=a)
                for name, a in short
            ),
        ),
        msg(
            "ante.posted",
            "ante.post",
            full=full,
            ante=ante,
            amounts=tuple(a for _, a in short),
            total=total,
        ),
        msg("ante.dead", "ante.post"),
    )


def ante_text(ante: Decimal, paid: list[tuple[str, Decimal]]) -> str:
    """:func:`ante_said` as sentences."""
    return render_all(ante_said(ante, paid))


class Why:
    """An explanation written only when read: strings and functions that return strings."""

    __slots__ = ("parts",)

    def __init__(self, *parts: str | Why | Callable[[], str]) -> None:
        self.parts = parts

    def __add__(self, other: str | Why) -> Why:
        return Why(self, other)

    def __str__(self) -> str:
        return "".join(
            p if isinstance(p, str) else str(p) if isinstance(p, Why) else p()
            for p in self.parts
        )

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


def suit_key(cards: list[Card]) -> list[tuple[int, int]]:
    """Cards by rank then suit, highest first (for "high card by suit")."""
    return sorted((c.bring_in_key() for c in cards), reverse=True)
