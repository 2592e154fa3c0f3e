"""Targets on the raise cap: raises left, heads-up, a capped round."""

from __future__ import annotations

from tutor.drills.generator import (
    Gen,
    Question,
    Table,
    first,
)
from tutor.drills.targets.base import CALLING, RAISING, Target
from tutor.engine import ActionKind, Ruling, Street, read_action
from tutor.i18n import N_


def _raises_left(gen: Gen) -> tuple[Table, Question] | None:
    count = gen.n(3, 7)
    table = gen.table(count)
    street = gen.rng.choice((Street.THIRD, Street.FOURTH, Street.FIFTH))
    if not gen.play(table, lambda t: t.hand.street is street, weights=CALLING):
        return None
    wanted = gen.rng.randint(1, 3)

    def at(t: Table) -> bool:
        raises = sum(
            read_action(a).kind is ActionKind.RAISE for a in t.street_actions()
        )
        return t.hand.street is not street or raises >= wanted

    if not gen.play(table, at, weights=RAISING) or table.hand.street is not street:
        return None
    if len(table.actors()) < 3 or table.hand.to_act is None:
        return None
    return table, Question("raises-left")


def _raises_left_hit(table: Table, ruling: Ruling) -> bool:
    left = ruling.answer["raises_left"]
    return left is not None and len(table.actors()) >= 3


def _heads_up(gen: Gen) -> tuple[Table, Question] | None:
    count = gen.n(2, 3)
    table = gen.table(count)
    street = gen.rng.choice((Street.FOURTH, Street.FIFTH, Street.SIXTH))
    weights = {"fold": 0.0, "raise": 0.2}
    if count == 3:
        # one player folds on third street: the later rounds are heads-up from the start

        def fold_one(t: Table, name: str, legal: list[str]) -> str | None:
            if "fold" in legal and len(t.live()) == 3:
                return "fold"
            return None

        if not gen.play(
            table, lambda t: t.hand.street is street, weights=weights, policy=fold_one
        ):
            return None
    elif not gen.play(table, lambda t: t.hand.street is street, weights=weights):
        return None
    wanted = gen.rng.randint(1, 4)

    def at(t: Table) -> bool:
        raises = sum(
            read_action(a).kind is ActionKind.RAISE for a in t.street_actions()
        )
        return t.hand.street is not street or raises >= wanted

    if not gen.play(table, at, weights=RAISING) or table.hand.street is not street:
        return None
    if len(table.actors()) != 2 or table.hand.to_act is None:
        return None
    return table, Question(
        "raises-left", lead=N_("The round is heads-up and the raising goes on.")
    )


def _heads_up_hit(table: Table, ruling: Ruling) -> bool:
    return len(table.actors()) == 2 and "cap.raises" in ruling.rules


def _capped(gen: Gen) -> tuple[Table, Question] | None:
    count = gen.n(3, 6)
    table = gen.table(count)
    street = gen.rng.choice((Street.THIRD, Street.FOURTH, Street.FIFTH, Street.SIXTH))
    if not gen.play(table, lambda t: t.hand.street is street, weights=CALLING):
        return None
    cap = table.setup.rules.max_raises

    def raise_up(t: Table, name: str, legal: list[str]) -> str | None:
        return (
            first(legal, "raise")
            or first(legal, "complete")
            or first(legal, "bet")
            or first(legal, "call")
        )

    def at(t: Table) -> bool:
        raises = sum(
            read_action(a).kind is ActionKind.RAISE for a in t.street_actions()
        )
        return t.hand.street is not street or raises >= cap

    if not gen.play(table, at, policy=raise_up) or table.hand.street is not street:
        return None
    if len(table.actors()) < 3 or table.hand.to_act is None:
        return None
    return table, Question(
        "legal-actions", lead=N_("The betting has been raised again and again.")
    )


def _capped_hit(table: Table, ruling: Ruling) -> bool:
    acts = ruling.answer["actions"]
    return "cap.raises" in ruling.rules and not any(a.startswith("raise") for a in acts)


#: This topic's targets, in course order.
ENTRIES: tuple[Target, ...] = (
    Target(
        "raises-left",
        N_("Raises left in a multiway round"),
        "raise-cap",
        "raises-left",
        2,
        _raises_left,
        _raises_left_hit,
    ),
    Target(
        "heads-up-cap",
        N_("The heads-up cap, which differs between presets"),
        "raise-cap",
        "raises-left",
        4,
        _heads_up,
        _heads_up_hit,
    ),
    Target(
        "capped",
        N_("The raises are capped"),
        "raise-cap",
        "legal-actions",
        3,
        _capped,
        _capped_hit,
    ),
)
