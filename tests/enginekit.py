"""Small builders shared by the engine tests: a hand from short literal seat lists."""

from __future__ import annotations

from decimal import Decimal

from tutor.engine import (
    Card,
    Game,
    Hand,
    HandSetup,
    SeatSetup,
    Stakes,
    Start,
    Street,
    house_rules,
    parse_cards,
)


def D(x: object) -> Decimal:
    return Decimal(str(x))


def make_hand(
    seats: list[tuple[str, object, str]]
    | list[tuple[str, object, str, dict[str, object]]],
    *,
    preset: str = "online",
    game: str = "stud8",
    small: object = 2,
    big: object = 4,
    ante: object = 0,
    bring_in: object = None,
    chip: object = None,
    rake: tuple[object, object] | None = None,
    button: int | None = None,
    community: str | None = None,
    start: str | None = None,
    house: dict[str, object] | None = None,
    seat_numbers: list[int] | None = None,
) -> Hand:
    """``seats`` as (name, stack or None, "cards"[, {"committed": .., "folded": ..}])."""
    built = []
    for i, row in enumerate(seats):
        name, stack, cards = row[0], row[1], row[2]
        extra = row[3] if len(row) > 3 else {}  # type: ignore[misc]
        built.append(
            SeatSetup(
                seat=seat_numbers[i] if seat_numbers else i + 1,
                name=name,
                stack=None if stack is None else D(stack),
                cards=tuple(parse_cards(cards)),
                committed=D(extra["committed"]) if "committed" in extra else None,
                folded=bool(extra.get("folded", False)),
            )
        )
    stakes = Stakes(
        small_bet=D(small),
        big_bet=D(big),
        ante=D(ante),
        bring_in=None if bring_in is None else D(bring_in),
        chip=None if chip is None else D(chip),
        rake_percent=None if rake is None else D(rake[0]),
        rake_cap=None if rake is None else D(rake[1]),
    )
    return Hand(
        HandSetup(
            game=Game(game),
            rules=house_rules(preset, game, house),
            stakes=stakes,
            seats=tuple(built),
            button=button,
            community=Card.parse(community) if community else None,
            start=Start(street=Street(start)) if start else None,
        )
    )


def play(hand: Hand, *actions: str) -> Hand:
    for a in actions:
        hand.apply(a)
    return hand
