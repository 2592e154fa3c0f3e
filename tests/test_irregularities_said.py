"""Irregularity rulings said as data: message keys, parameters as values, rule ids.

The exact English of the rulings is asserted in test_irregularities_worked_checks.py and
the bundled scenarios; here the structure the engine gives (``IrrRuling.why``, the card
messages, the refusals' messages and locations), and a few renderings.
"""

from __future__ import annotations

from decimal import Decimal

import pytest
from enginekit import make_hand, play

from tutor.engine import Street, TutorError
from tutor.engine.cards import Card
from tutor.engine.errors import ActionSyntaxError
from tutor.engine.irregularities import Irregularity, IrrRuling, rule
from tutor.engine.messages import Message, render_all, rules_of
from tutor.wording import tongue


def hand10(seats, preset, **kw):
    kw.setdefault("small", 10)
    kw.setdefault("big", 20)
    kw.setdefault("ante", 1)
    kw.setdefault("bring_in", 5)
    return make_hand(seats, preset=preset, **kw)


def five_deal(preset):
    return hand10(
        [
            ("S1", None, "Ac Ad Kd"),
            ("S2", None, "3c 3d 7h"),
            ("S3", None, "2c Qs 8h"),
            ("S4", None, "5c 5d 9s"),
            ("S5", None, "6c 6d 4d"),
        ],
        preset,
    )


def fifth_ab(preset):
    seats = [
        ("A", None, "2c 3c Ah Ad Kc", {"committed": 11}),
        ("B", None, "2d 3d 9h 8s 7c", {"committed": 11}),
        ("C", None, "2h 3h Th 6s 5c", {"committed": 11}),
    ]
    return hand10(seats, preset, start="fifth")


def fifth_oot(preset):
    seats = [
        ("S1", None, "2c 3c 4h", {"folded": True, "committed": 1}),
        ("S2", None, "2d 3d Ah Ad Kc", {"committed": 11}),
        ("S3", None, "2h 3h 9h 8s 7c", {"committed": 11}),
        ("S4", None, "2s 3s Th 6s 5c", {"committed": 11}),
        ("S5", None, "4c 4s Jd 9c 5h", {"committed": 11}),
    ]
    return hand10(seats, preset, start="fifth")


def keys(r: IrrRuling) -> list[str]:
    return [m.key for m in r.why]


def test_the_explanation_is_the_messages_rendered_and_cites_the_rule() -> None:
    hand = five_deal("roberts")
    r = rule(
        hand, Irregularity(kind="dealer-exposes", players=("S3",), positions=(1, 2))
    )
    assert keys(r) == ["irr.exposed-hole.dead", "irr.cite.rulebook", "irr.next"]
    assert r.explanation == render_all(r.why)
    assert all(isinstance(m, Message) for m in r.why)
    dead, cite, nxt = r.why
    assert (dead.rule, cite.rule, nxt.rule) == ("irr.exposed-hole",) * 2 + (None,)
    assert dict(dead.params) == {
        "player": "S3",
        "rules": "roberts",
        "ante": Decimal(1),
        "reason": Message(
            "irr.exposed-hole.dead.no-bring-in",
            {"player": "S3", "card": Card.parse("2c"), "first": "S4"},
            "irr.exposed-hole",
        ),
    }
    assert dead.params["reason"].params["card"] == Card.parse("2c")
    assert cite.params == {"ref": "Robert's Rules, stud rule 5"}
    assert nxt.params == {
        "player": "S4",
        "actions": ("fold", "bring in 5", "complete 10"),
    }
    assert nxt.params["actions"] == r.next_actions
    assert rules_of(r.why) == ("irr.exposed-hole",) == r.rules
    assert [m.key for m in r.said_cards] == ["irr.cards.dead"]
    assert r.cards == ("S3's cards are dead",)
    assert r.answer()["cards"] == ["S3's cards are dead"]


def test_a_misdeal_says_its_parts_and_who_acts_next_is_left_out() -> None:
    hand = five_deal("wsop-cash")
    r = rule(hand, Irregularity(kind="fouled-deck"))
    assert keys(r) == ["irr.fouled-deck", "irr.misdeal.void", "irr.cite.rulebook"]
    assert not r.continues
    assert {m.rule for m in r.why} == {"irr.misdeal"}
    assert r.explanation == (
        "The deck is fouled (a duplicate card or a different back): the hand is void "
        "whatever the action. The hand is void: every chip, the antes included, goes back "
        "to its owner. Rulebook: WSOP 104/105."
    )


def test_silent_chips_say_the_amounts_as_decimals_and_the_counted_action_nested() -> (
    None
):
    hand = play(fifth_ab("tda"), "A bets 20")
    r = rule(hand, Irregularity(kind="chips", text="B puts in 30"))
    said = r.why[0]
    assert (said.key, said.rule) == ("irr.chips.one-motion", "irr.string-raise")
    assert said.params == {
        "player": "B",
        "amount": Decimal(30),
        "facing": Decimal(20),
        "counts": Message(
            "irr.chips.is.raise", {"amount": Decimal(40)}, "irr.string-raise"
        ),
        "back": None,
    }
    assert said.params["counts"].params == {"amount": Decimal(40)}
    assert r.explanation == (
        "B silently put in 30 in one motion, facing 20: chips that reach the call plus half "
        "a raise are a raise: it is a raise, which must be made a full raise to 40. "
        "Rulebook: TDA 40/43/44/45. C acts next and may: fold; call 40; raise 60."
    )


def test_a_string_raise_says_both_motions_and_the_chips_back() -> None:
    hand = play(fifth_ab("roberts"), "A bets 20")
    r = rule(hand, Irregularity(kind="chips", text="B puts in 20, then 20 more"))
    said = r.why[0]
    assert said.key == "irr.chips.string"
    assert (said.params["first"], said.params["more"], said.params["back"]) == (
        Decimal(20),
        Decimal(20),
        Decimal(20),
    )
    assert said.params["counts"].key == "irr.chips.is.call"
    assert r.why[1].key == "irr.cite.judgement"
    assert r.chips_back == (("B", Decimal(20)),)


@pytest.mark.parametrize(
    ("preset", "binding_key", "between"),
    [
        ("roberts", "irr.out-of-turn.not-binding", True),
        ("tda", "irr.out-of-turn.binding", False),
    ],
)
def test_out_of_turn_says_the_actions_and_the_house_rule_as_values(
    preset: str, binding_key: str, between: bool
) -> None:
    hand = play(fifth_oot(preset), "S2 bets 20")
    r = rule(
        hand,
        Irregularity(kind="out-of-turn", actions=("S4 calls",), then=("S3 calls",)),
    )
    said = r.why[0]
    assert (said.key, said.rule) == (binding_key, "irr.out-of-turn")
    assert said.params["actions"] == ("S4 calls",)
    assert said.params["calls_count"] is between
    assert said.params["player"] == "S4"
    cite = "irr.cite.secondary" if preset == "roberts" else "irr.cite.rulebook"
    assert r.why[1].key == cite


def test_a_limit_left_by_a_ruling_refuses_with_its_message() -> None:
    hand = fifth_oot("wsop-cash")
    rule(
        hand,
        Irregularity(
            kind="out-of-turn", actions=("S4 bets 20",), then=("S2 checks", "S3 checks")
        ),
    )
    assert hand.irr is not None
    refusal = hand.irr.refusal(hand, hand.player("S4"), hand.parse("S4 checks").kind)
    assert refusal is not None
    assert (refusal.key, refusal.rule) == (
        "irr.out-of-turn.refused.binding",
        "irr.out-of-turn",
    )
    assert refusal.params["player"] == "S4"
    with pytest.raises(TutorError, match="S4's out-of-turn bet is binding"):
        hand.apply("S4 checks")


def test_cards_moved_by_a_missed_burn_are_card_values() -> None:
    hand = hand10(
        [
            ("A", None, "2c 3c Ah 9h"),
            ("B", None, "2d 3d Kh 8h"),
            ("C", None, "2h 3h Qh 7h"),
        ],
        "roberts",
        start="fourth",
    )
    r = rule(hand, Irregularity(kind="no-burn", card=Card.parse("6s")))
    assert r.outcome == "restore-order"
    assert [m.key for m in r.said_cards] == [
        "irr.burn.missed.to-burn",
        "irr.burn.missed.takes",
        "irr.burn.missed.takes",
        "irr.burn.missed.last",
    ]
    assert r.said_cards[0].params == {"card": Card.parse("9h"), "player": "A"}
    assert r.said_cards[-1].params == {"player": "C", "card": Card.parse("6s")}
    assert r.cards[0] == "9h (A's card) becomes the burn card"
    assert r.why[0].params == {"double": False, "street": Street.FOURTH}


def test_refusals_carry_a_message_and_where_in_the_irregularity() -> None:
    hand = five_deal("roberts")
    with pytest.raises(TutorError) as exc:
        rule(hand, Irregularity(kind="dealer-exposes", players=("S3",), positions=(5,)))
    assert exc.value.said is not None
    assert (exc.value.said.key, exc.value.said.params) == (
        "irr.exposed-hole.bad-position",
        {"position": 5},
    )
    assert exc.value.where == ("irregularity", "positions")
    assert str(exc.value) == (
        "card 5: on the initial deal the cards are 1 and 2 (down) and 3 (the door)."
    )
    with pytest.raises(TutorError) as exc:
        rule(hand, Irregularity(kind="wrong-count", players=("S3",)))
    assert exc.value.where == ("irregularity", "count")
    with pytest.raises(TutorError) as exc:
        rule(hand, Irregularity(kind="nonsense"))
    assert exc.value.said is not None
    assert exc.value.said.params["kinds"][:2] == ("dealer-exposes", "door-down")
    online = hand10([("S1", None, "Ah Kd Kc"), ("S2", None, "2d 3d 7h")], "online")
    with pytest.raises(TutorError) as exc:
        rule(online, Irregularity(kind="fouled-deck"))
    assert (exc.value.rule, exc.value.said and exc.value.said.key) == (
        "irr.online",
        "irr.online",
    )


def test_chip_motions_that_do_not_parse_are_syntax_errors_with_the_forms() -> None:
    hand = fifth_ab("tda")
    with pytest.raises(ActionSyntaxError) as exc:
        rule(hand, Irregularity(kind="chips", text="A pushes chips"))
    said = exc.value.said
    assert said is not None and said.key == "irr.chips.not-a-motion"
    assert said.params["text"] == "A pushes chips"
    assert str(exc.value) == (
        "'A pushes chips' is not a chip motion: write one of <name> puts in N, "
        "<name> puts in N, then N more, <name> puts in one N chip."
    )


def test_a_failed_follow_up_action_nests_the_engines_own_refusal() -> None:
    hand = fifth_oot("tda")
    with pytest.raises(TutorError) as exc:
        rule(
            hand,
            Irregularity(
                kind="out-of-turn", actions=("S4 bets 20",), then=("S2 raises 99",)
            ),
        )
    said = exc.value.said
    assert said is not None and said.key == "irr.action-refused"
    assert (said.params["field"], said.params["action"]) == ("then", "S2 raises 99")
    assert exc.value.where == ("irregularity", "then")
    assert str(exc.value).startswith("then: 'S2 raises 99': ")


def test_premature_set_aside_is_logged_in_the_history_as_messages() -> None:
    seats = [
        ("A", None, "2c 3c Ah Kd", {"committed": 1}),
        ("B", None, "2d 3d 9h 8s", {"committed": 1}),
        ("C", None, "2h 3h Th 6s", {"committed": 1}),
        ("D", None, "2s 3s Jh 5c", {"committed": 1}),
    ]
    hand = hand10(seats, "roberts", start="fourth")
    r = rule(hand, Irregularity(kind="premature", players=("B",)))
    assert r.why[0].key == "irr.premature.set-aside-plus-one"
    assert r.why[0].params == {"street": Street.FIFTH, "players": ("B",)}
    assert r.why[0].rule == "irr.premature"
    while hand.street is Street.FOURTH:
        play(hand, f"{hand.to_act} checks")
    op = next(o for o in hand.history if o.kind == "irregularity")
    assert isinstance(op.said, Message) and op.said.key == "irr.premature.set-aside"
    assert op.said.params == {"count": 5, "street": Street.FIFTH}
    assert op.text == "5 cards set aside before fifth street"
    assert op.rules == ("irr.premature",)


def test_every_irregularity_key_has_english_and_every_ruling_key_starts_with_irr() -> (
    None
):
    english = tongue("en").catalogue
    hand = five_deal("tda")
    r = rule(hand, Irregularity(kind="dealer-exposes", players=("S3",), positions=(1,)))
    assert all(m.key.startswith("irr.") and m.key in english for m in r.why)
    irr_keys = [k for k in english if k.startswith("irr.")]
    assert len(irr_keys) >= 150
