"""Dealer rulings on irregularities (shared/rules.md, "Irregularities", rule ids ``irr.*``).

:func:`rule` takes a hand in progress and an :class:`Irregularity` (what went wrong), and
returns an :class:`IrrRuling`: the outcome, what happens to the chips and the cards, who acts
next with which options, the rule id, the rulebook reference, and whether the rulebook says it
(``S``), says it in a secondary copy (``S2``), or is silent so that the ruling is a judgement
(``J``). Where play continues, the hand is corrected in place and goes on from there: the
package attaches an :class:`IrregularityHooks` to the hand, which the table consults for the
options a player has (a binding out-of-turn action, a call-only restriction) and when it deals.

Each kind of irregularity is one :class:`IrregularityKind` in :data:`IRREGULARITIES`: its
name (the scenario format's event word), the rule it belongs to, its ruler (a function of
the hand and the irregularity, in the module of its topic: ``deal``, ``misdeal``,
``premature``, ``burn``, ``named``, ``out_of_turn``, ``chips``, ``fold``, ``river``), what
the event's value names, and whether it can happen online or after the hand. What differs
from one card room to another is the preset's data (``tutor.engine.presets``: the
procedures, the rulebook's references and the rulings it states), never a branch on a
preset's name.

Standard library only; the vocabulary is the engine's, not a file format's.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from tutor.engine.errors import TutorError
from tutor.engine.irregularities.burn import burn_error
from tutor.engine.irregularities.chips import (
    CHIP_FORMS,
    SAY_FORMS,
    chip_motion,
    declaration,
    parse_chips,
)
from tutor.engine.irregularities.common import hooks_of, restore
from tutor.engine.irregularities.deal import (
    dealer_exposes,
    door_down,
    off_table,
    player_shows,
)
from tutor.engine.irregularities.fold import fold_no_bet
from tutor.engine.irregularities.hooks import IrregularityHooks
from tutor.engine.irregularities.misdeal import (
    extra_card,
    first_card_to,
    fouled_deck,
    wrong_count,
)
from tutor.engine.irregularities.named import wrong_named
from tutor.engine.irregularities.out_of_turn import out_of_turn
from tutor.engine.irregularities.premature import premature
from tutor.engine.irregularities.river import ran_out, river_exposed
from tutor.engine.irregularities.values import (
    OUTCOMES,
    Irregularity,
    IrrRuling,
    reference,
)
from tutor.engine.messages import msg
from tutor.engine.registry import Derived, Registry

if TYPE_CHECKING:
    from tutor.engine.table import Hand

__all__ = [
    "CHIP_FORMS",
    "IRREGULARITIES",
    "KINDS",
    "OUTCOMES",
    "SAY_FORMS",
    "IrrRuling",
    "Irregularity",
    "IrregularityHooks",
    "IrregularityKind",
    "parse_chips",
    "reference",
    "register_irregularity",
    "rule",
    "unregister_irregularity",
]

#: What an event's value names: the players, the actions out of turn, a street (the burn
#: errors), a chip motion or a declaration as text, or nothing but that it happened.
VALUES = ("players", "actions", "street", "text", "flag")


@dataclass(frozen=True, slots=True, kw_only=True)
class IrregularityKind:
    """One kind of irregularity: everything the engine knows about it.

    ``name`` is the scenario format's event word; ``rule`` the rule id it belongs to;
    ``ruler`` rules on it (corrects the hand and returns the ruling); ``value`` what the
    event's own value names (one of :data:`VALUES`); ``online``: it can happen where the
    software deals (a player folding for free); ``after_the_hand``: it can be ruled on once
    the hand is over (a wrong number of cards found at the showdown).

    >>> IRREGULARITIES["out-of-turn"].rule, IRREGULARITIES["out-of-turn"].value
    ('irr.out-of-turn', 'actions')
    """

    name: str
    rule: str
    ruler: Callable[[Hand, Irregularity], IrrRuling]
    value: str = "players"
    online: bool = False
    after_the_hand: bool = False
    #: It can be ruled on in a hand dealt to the end with no betting left (``ran_out``).
    after_run_out: bool = False

    def __post_init__(self) -> None:
        if self.value not in VALUES:
            raise ValueError(
                f"value is one of {', '.join(VALUES)}, not {self.value!r}."
            )


_REGISTRY: Registry[IrregularityKind] = Registry("irregularity")
#: Every kind of irregularity the engine rules on, by name, in the rules document's order.
IRREGULARITIES: Mapping[str, IrregularityKind] = _REGISTRY
#: Each kind's rule id, by name (read when used).
KINDS: Mapping[str, str] = Derived(_REGISTRY, lambda kind: kind.rule)
#: The kinds' names.
NAMES: Sequence[str] = _REGISTRY.names()


def register_irregularity(kind: IrregularityKind) -> IrregularityKind:
    """Add a kind of irregularity (every built-in kind is added this way, below)."""
    return _REGISTRY.register(kind.name, kind)


def unregister_irregularity(name: str) -> None:
    """Take a kind out again (for tests that add one of their own)."""
    _REGISTRY.unregister(name)


def rule(hand: Hand, irr: Irregularity) -> IrrRuling:
    """Rule on ``irr`` in ``hand`` as it stands, correct the hand, and return the ruling.

    :raises TutorError: under a preset where dealer errors cannot happen (``irr.online``), or
        where the irregularity does not fit the moment (for example a wrong bring-in after
        third street); the hand is left as it was.
    """
    kind = _REGISTRY.get(irr.kind)
    if kind is None:
        raise TutorError(
            msg("irr.unknown-kind", None, kind=irr.kind, kinds=tuple(NAMES)),
            where=("irregularity", "kind"),
        )
    if hand.rules.dealer_errors == "refused" and not kind.online:
        raise TutorError(msg("irr.online", "irr.online"))
    if (
        hand.is_over
        and not kind.after_the_hand
        and not (kind.after_run_out and ran_out(hand))
    ):
        raise TutorError(msg("irr.hand-over", None))
    for name in irr.players:
        hand.player(name)
    snapshot = hand.copy()
    hooks_of(hand)
    try:
        return kind.ruler(hand, irr)
    except Exception:
        restore(hand, snapshot)
        raise


for _kind in (
    IrregularityKind(
        name="dealer-exposes", rule="irr.exposed-hole", ruler=dealer_exposes
    ),
    IrregularityKind(name="door-down", rule="irr.exposed-hole", ruler=door_down),
    IrregularityKind(name="off-table", rule="irr.exposed-card", ruler=off_table),
    IrregularityKind(name="player-shows", rule="irr.exposed-card", ruler=player_shows),
    IrregularityKind(name="first-card-to", rule="irr.misdeal", ruler=first_card_to),
    IrregularityKind(name="extra-card", rule="irr.misdeal", ruler=extra_card),
    IrregularityKind(
        name="fouled-deck", rule="irr.misdeal", ruler=fouled_deck, value="flag"
    ),
    IrregularityKind(
        name="wrong-count",
        rule="irr.wrong-count",
        ruler=wrong_count,
        after_the_hand=True,
    ),
    IrregularityKind(name="premature", rule="irr.premature", ruler=premature),
    IrregularityKind(name="no-burn", rule="irr.burn", ruler=burn_error, value="street"),
    IrregularityKind(
        name="double-burn", rule="irr.burn", ruler=burn_error, value="street"
    ),
    IrregularityKind(
        name="burn-exposed", rule="irr.burn", ruler=burn_error, value="street"
    ),
    IrregularityKind(
        name="wrong-bring-in", rule="irr.wrong-bring-in", ruler=wrong_named
    ),
    IrregularityKind(name="wrong-opener", rule="irr.wrong-opener", ruler=wrong_named),
    IrregularityKind(
        name="out-of-turn", rule="irr.out-of-turn", ruler=out_of_turn, value="actions"
    ),
    IrregularityKind(
        name="chips", rule="irr.string-raise", ruler=chip_motion, value="text"
    ),
    IrregularityKind(
        name="says", rule="irr.string-raise", ruler=declaration, value="text"
    ),
    IrregularityKind(
        name="fold-no-bet", rule="irr.fold-no-bet", ruler=fold_no_bet, online=True
    ),
    IrregularityKind(
        name="river-exposed",
        rule="irr.exposed-river",
        ruler=river_exposed,
        after_run_out=True,
    ),
):
    register_irregularity(_kind)
