"""Targets on the dealer's irregularities: an exposed hole card, a premature card, action
out of turn, a string raise."""

from __future__ import annotations

import json
from decimal import Decimal

from tutor.drills.generator import (
    Gen,
    Question,
    Table,
    first,
)
from tutor.drills.targets.base import (
    ALL_GAMES,
    IRR_PRESETS,
    QUIET,
    Hit,
    Target,
    _seat_names,
    round_open,
)
from tutor.engine import STREETS, Irregularity, Ruling, Street
from tutor.i18n import N_


def _ruling_is(rule_id: str) -> Hit:
    def hit(table: Table, ruling: Ruling) -> bool:
        return ruling.kind == "ruling" and ruling.answer["rule"] == rule_id

    return hit


def _exposed_hole(gen: Gen) -> tuple[Table, Question]:
    table = gen.table(gen.n(2, 8))
    name = gen.rng.choice(_seat_names(table))
    pos = gen.rng.choice((1, 2))
    card = table.seat(name).cards[pos - 1][0]
    table.event(
        Irregularity(kind="dealer-exposes", players=(name,), positions=(pos,)),
        f"{{dealer-exposes: {name}, card: {pos}}}",
    )
    return table, Question(
        "ruling",
        # {position}: 1 or 2, which of the two down cards; {card}: the card ("Kh")
        N_(
            "On the deal, the dealer turns {name}'s card {position}, {card}, face up. "
            "What is the ruling?"
        ),
        params=(("name", name), ("position", str(pos)), ("card", card)),
    )


def _betting_street(gen: Gen, acted: int) -> tuple[Table, Street] | None:
    """A hand played (nobody folds) to fourth, fifth or sixth street after ``acted`` actions
    there, with the round still open; None to deal again."""
    table = gen.table(gen.n(3, 7))
    street = gen.rng.choice((Street.FOURTH, Street.FIFTH, Street.SIXTH))

    def at(t: Table) -> bool:
        return t.hand.street is street and len(t.street_actions()) >= acted

    if not gen.play(table, at, weights=QUIET) or table.hand.street is not street:
        return None
    if table.hand.to_act is None or table.hand.is_over:
        return None
    return table, street


def _premature(gen: Gen) -> tuple[Table, Question] | None:
    made = _betting_street(gen, gen.n(1, 2))
    if made is None:
        return None
    table, street = made
    # the dealer runs ahead: the next street's first card goes to the first live player in
    # dealing order, and only to them
    hand = table.hand
    names = [hand.players[i].name for i in hand.order if not hand.players[i].folded][:1]
    table.event(
        Irregularity(kind="premature", players=tuple(names)),
        f"{{premature: [{', '.join(names)}]}}",
    )
    after = STREETS[STREETS.index(street) + 1]
    return table, Question(
        "ruling",
        # {street}, {next}: the streets' words ("fourth", "fifth")
        N_(
            "Before the betting on {street} street is over, the dealer deals a {next} "
            "street card to {name}. What is the ruling?"
        ),
        params=(("street", street), ("next", after), ("name", names[0])),
    )


def _out_of_turn(gen: Gen) -> tuple[Table, Question] | None:
    made = _betting_street(gen, 0)
    if made is None:
        return None
    table, street = made
    hand = table.hand
    skipped = hand.to_act
    others = [s.name for s in table.actors() if s.name != skipped]
    if not others or not round_open(table):
        return None
    order = [s.name for s in table.actors()]
    start = order.index(skipped) if skipped in order else 0
    behind = [n for n in order[start + 1 :] + order[:start] if n != skipped]
    acting = behind[: gen.n(1, min(2, len(behind)))]
    texts = [f"{n} checks" for n in acting]
    table.event(
        Irregularity(kind="out-of-turn", actions=tuple(texts)),
        "{out-of-turn: [" + ", ".join(json.dumps(t) for t in texts) + "]}",
    )
    lead = (
        N_("{name} is first to act on {street} street, but {first} checks out of turn.")
        if len(acting) == 1
        else N_(
            "{name} is first to act on {street} street, but {first} checks, then "
            "{second} checks, out of turn."
        )
    )
    return table, Question(
        "ruling",
        lead=lead,
        params=(
            ("name", skipped),
            ("street", street),
            *zip(("first", "second"), acting, strict=False),
        ),
    )


def _string_raise(gen: Gen) -> tuple[Table, Question] | None:
    table = gen.table(gen.n(2, 7))
    street = gen.rng.choice((Street.FOURTH, Street.FIFTH, Street.SIXTH))

    def policy(t: Table, name: str, legal: list[str]) -> str | None:
        if t.hand.street is street and not t.street_actions():
            return first(legal, "bet")
        return None

    def at(t: Table) -> bool:
        return (
            t.hand.street is street
            and t.hand.to_act is not None
            and first(t.hand.legal_actions(), "call") is not None
        )

    if not gen.play(table, at, weights=QUIET, policy=policy):
        return None
    if table.hand.street is not street or table.hand.to_act is None:
        return None
    name = table.hand.to_act
    call = first(table.hand.legal_actions(), "call")
    assert call is not None
    owed = call.split()[1]
    text = f"{name} puts in {owed}, then {owed} more"
    table.event(Irregularity(kind="chips", text=text), f"{{chips: {json.dumps(text)}}}")
    return table, Question(
        "ruling",
        N_(
            "Facing a bet of {owed}, {name} silently puts in {owed}, goes back to the "
            "stack and adds {owed} more. What is the ruling?"
        ),
        params=(("owed", Decimal(owed)), ("name", name)),
    )


#: This topic's targets, in course order.
ENTRIES: tuple[Target, ...] = (
    Target(
        "irr-exposed-hole",
        N_("A hole card turned up on the deal"),
        "irregularities",
        "ruling",
        3,
        _exposed_hole,
        _ruling_is("irr.exposed-hole"),
        games=ALL_GAMES,
        presets=IRR_PRESETS,
    ),
    Target(
        "irr-premature",
        N_("A card dealt before the betting is over"),
        "irregularities",
        "ruling",
        4,
        _premature,
        _ruling_is("irr.premature"),
        games=ALL_GAMES,
        presets=IRR_PRESETS,
    ),
    Target(
        "irr-out-of-turn",
        N_("A check out of turn"),
        "irregularities",
        "ruling",
        4,
        _out_of_turn,
        _ruling_is("irr.out-of-turn"),
        games=ALL_GAMES,
        presets=IRR_PRESETS,
    ),
    Target(
        "irr-string-raise",
        N_("Chips in two motions: a string raise"),
        "irregularities",
        "ruling",
        3,
        _string_raise,
        _ruling_is("irr.string-raise"),
        games=ALL_GAMES,
        presets=IRR_PRESETS,
    ),
)
