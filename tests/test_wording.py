"""The rendering layer: engine messages as data, sentences from one catalogue per language."""

from __future__ import annotations

import re
from decimal import Decimal
from pathlib import Path

import pytest

from tutor.engine.cards import Card
from tutor.engine.errors import IllegalActionError, TutorError
from tutor.engine.messages import Message, fallback, msg, rules_of
from tutor.engine.values import Street
from tutor.wording import LANGUAGES, render, sentences, tongue

ROOT = Path(__file__).resolve().parents[1] / "tutor"
#: ``msg("key"`` or ``Message("key"``: keys are always written as literals, so they can be found.
KEY = re.compile(r"""\b(?:msg|Message)\(\s*["']([a-z0-9][a-z0-9._-]*)["']""")


def keys_in_code() -> set[str]:
    found: set[str] = set()
    for path in ROOT.rglob("*.py"):
        if "wording" in path.parts:
            continue
        found.update(KEY.findall(path.read_text(encoding="utf-8")))
    return found


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_key_the_code_says_has_wording_in_every_language(code: str) -> None:
    missing = sorted(keys_in_code() - set(tongue(code).catalogue))
    assert missing == []


@pytest.mark.parametrize("code", LANGUAGES)
def test_no_catalogue_keeps_wording_nobody_says(code: str) -> None:
    catalogue = set(tongue(code).catalogue)
    enum_words = {k for k in catalogue if re.fullmatch(r"[A-Z]\w*\.[A-Z_0-9]+", k)}
    words = {k for k in catalogue if k.startswith(("word.", "game."))}
    unused = sorted(
        catalogue - keys_in_code() - enum_words - words - {"wording.example"}
    )
    assert unused == []


def test_every_word_entry_is_said_by_the_wording_code() -> None:
    """``word.*`` entries are said by the templates' code, by their whole key or by a
    prefix completed with a value (``f"word.rank.{rank}"``)."""
    code = "\n".join(
        line
        for path in (ROOT / "wording").rglob("*.py")
        for line in path.read_text(encoding="utf-8").splitlines()
        if not re.match(r'\s*"word\.[^"]*":', line)
    )
    words = [k for k in tongue("en").catalogue if k.startswith("word.")]
    unsaid = [
        k
        for k in words
        if f'"{k}"' not in code and f'"{k.rsplit(".", 1)[0]}.{{' not in code
    ]
    assert unsaid == []


def test_values_are_written_as_english_writes_them() -> None:
    said = msg(
        "wording.example",
        None,
        player=("Ana", "Bo", "Cy"),
        amount=Decimal("12.50"),
    )
    assert render(said) == "Ana, Bo and Cy puts in 12.5."
    cards = msg(
        "wording.example", None, player=(Card.parse("Kh"), Card.parse("2c")), amount=3
    )
    assert render(cards) == "Kh 2c puts in 3."
    nested = msg(
        "wording.example",
        None,
        player=msg("wording.example", None, player="A", amount=1),
        amount=0,
    )
    assert render(nested) == "A puts in 1. puts in 0."
    assert (
        render(msg("wording.example", None, player=Street.FOURTH, amount=1))
        == "fourth puts in 1."
    )


def test_sentences_join_and_rules_are_collected_once() -> None:
    said = (
        msg("wording.example", "ante.post", player="A", amount=1),
        msg("wording.example", "pot.rake", player="B", amount=2),
        msg("wording.example", "ante.post", player="C", amount=3),
    )
    assert sentences(said) == "A puts in 1. B puts in 2. C puts in 3."
    assert rules_of(said) == ("ante.post", "pot.rake")


def test_an_unknown_key_renders_as_its_data_and_is_logged(
    caplog: pytest.LogCaptureFixture,
) -> None:
    said = Message("no.such-key", {"amount": 2})
    assert render(said) == "no.such-key(amount=2)" == fallback(said)
    assert "no en wording for message key 'no.such-key'" in caplog.text


def test_an_unknown_language_is_refused_with_the_choices() -> None:
    with pytest.raises(
        ValueError, match=r"^no wording for language 'xx': use one of en, it\.$"
    ):
        render(msg("wording.example", None, player="A", amount=1), "xx")


def test_errors_carry_the_message_and_its_rule() -> None:
    said = msg("wording.example", "limit.cap", player="Ana", amount=4)
    exc = TutorError(said, where=("stakes", "rake"))
    assert (str(exc), exc.rule, exc.said, exc.where) == (
        "Ana puts in 4.",
        "limit.cap",
        said,
        ("stakes", "rake"),
    )
    illegal = IllegalActionError(said)
    assert (str(illegal), illegal.rule) == ("Ana puts in 4.", "limit.cap")
    assert str(IllegalActionError("plain words", "round.end")) == "plain words"


def test_a_card_says_its_name_as_a_message_and_english_names_it() -> None:
    king = Card.parse("Kc")
    assert king.said == Message("card.spoken", {"card": king})
    assert (king.said.key, king.said.params, king.said.rule) == (
        "card.spoken",
        {"card": king},
        None,
    )
    assert [render(Card.parse(t).said) for t in ("Kc", "6s", "Td", "Ah", "2d")] == [
        "king of clubs",
        "six of spades",
        "ten of diamonds",
        "ace of hearts",
        "two of diamonds",
    ]
