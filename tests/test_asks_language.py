"""The asks', the quiz's and the ruling quiz's sentences in Italian (issue 24 item 5); English
is what it was (the modules' doctests), and ``tutor answer --json`` stays English
(tests/test_cli_language.py)."""

from __future__ import annotations

from decimal import Decimal
from types import SimpleNamespace

from tutor.asks import check_answer, describe, incomplete
from tutor.i18n import _, use_language
from tutor.quiz import hint_text
from tutor.quiz_ruling import NOBODY, describe_ruling, label, ruling_incomplete

POT = SimpleNamespace(
    kind="pot",
    answer={"pot": Decimal("12.5")},
    explanation="",
    rules=(),
    preset="online",
)


def test_a_verdict_in_italian_says_the_amounts_the_italian_way() -> None:
    with use_language("it"):
        right = check_answer("pot", {"pot": "12.50"}, POT)
        wrong = check_answer("pot", {"pot": 12}, POT)
    assert (right.correct, right.message) == (True, "Giusto: un piatto di 12,5.")
    assert wrong.message == (
        "Non è giusto: hai risposto un piatto di 12; la risposta è un piatto di 12,5."
    )
    with use_language("en"):
        assert check_answer("pot", {"pot": 12}, POT).message == (
            "Not right: you answered a pot of 12; the answer is a pot of 12.5."
        )


def test_answer_phrases_in_italian() -> None:
    with use_language("it"):
        said = [
            describe("bring-in", {"player": "Bo", "amount": Decimal("0.5")}),
            describe("first-to-act", {"player": None}),
            describe("raises-left", {"raises_left": 1}),
            describe("raises-left", {"raises_left": 3}),
            describe("bet-sizes", {"sizes": [Decimal(2), Decimal(4)]}),
            describe("high-winner", {"players": ["Ana", "Bo", "Cy"]}),
            describe("award", {"payouts": {"Ana": 6, "Bo": Decimal("2.5")}}),
            describe("ante", {"each": Decimal("0.25"), "total": Decimal("1.25")}),
        ]
    assert said == [
        "Bo fa il bring-in di 0,5",
        "nessuno parla per primo",
        "resta 1 raise",
        "restano 3 raise",
        "importi 2 e 4",
        "Ana, Bo e Cy si dividono l'high",
        "Ana 6, Bo 2,5; nessun rake",
        "0,25 a testa, 1,25 in tutto",
    ]


def test_what_to_do_before_an_answer_can_be_checked_in_italian() -> None:
    with use_language("it"):
        assert incomplete("best-high", {"cards": ["Ah"]}) == (
            "Scegli esattamente cinque carte: ne hai scelta 1."
        )
        assert incomplete("best-high", {"cards": ["Ah", "Kd", "2c"]}) == (
            "Scegli esattamente cinque carte: ne hai scelte 3."
        )
        assert (
            incomplete("first-to-act", {"player": None}) == "Scegli prima un giocatore."
        )
        assert ruling_incomplete({"outcome": "binding", "asked_next": True}) == (
            "Scegli chi parla dopo (o 'nessuno')."
        )


def test_the_ruling_phrase_and_the_hints_in_italian() -> None:
    answer = {
        "outcome": "binding",
        "next_player": "Dee",
        "next_actions": ["fold", "call 20", "raise 40"],
        "basis": "J",
        "reference": "TDA 38",
    }
    with use_language("it"):
        assert describe_ruling(answer) == (
            "l'azione fuori turno è vincolante; poi parla Dee e può: fold, call 20 o "
            "raise 40 (la prassi della casa: il regolamento (TDA 38) qui non dice nulla)"
        )
        assert describe_ruling({"outcome": "misdeal", "next_player": NOBODY}) == (
            "misdeal: si ridistribuisce, gli ante restano; nessuno parla dopo: la mano "
            "non continua"
        )
        assert label("hand-void") == "La mano è nulla: ogni chip torna indietro"
        assert _(NOBODY) == "nessuno: la mano non continua"
        assert hint_text(None, ["limit.small", "limit.big"]) == (
            "In terza e quarta strada si usa la puntata minima. In quinta, sesta e "
            "settima strada si usa la puntata massima."
        )
        assert (
            hint_text("Guarda le door card.", ["limit.small"]) == "Guarda le door card."
        )
