"""Every message key renders in every language, with sample values, through its catalogue.

The samples are values of the types the engine gives (a Street, a Card, a Decimal...),
by parameter name; each key is rendered twice, once with every yes/no parameter true
and once with it false (or absent), so that every sentence a function can pick is said.
"""

from __future__ import annotations

import string
from collections.abc import Iterator, Mapping
from decimal import Decimal
from typing import Any

import pytest

from tutor.engine.cards import Card
from tutor.engine.messages import Message
from tutor.engine.presets import ShortDeck
from tutor.engine.rules import Game
from tutor.engine.values import ActionKind, Street
from tutor.i18n import LANGUAGES
from tutor.wording import render, tongue

KH, TWO, QS = Card.parse("Kh"), Card.parse("2c"), Card.parse("Qs")
FLAGS = {
    "all_in",
    "low",
    "folded",
    "double",
    "void",
    "calls_count",
    "chips_back",
    "no_raise",
    "high",
    "highest",
    "default",
    "began_heads_up",
    "completion",
    "tap",
    "penalty",
    "burn",
    "need",
    "once",
    "odd",
    "full",
    "button",
    "community_hint",
    "ace_low",
    "rake",
    "by",
    "facing",
    "back",
    "note",
    "eligible",
    "shares",
    "decided",
    "same_rank",
    "before",
    "next",
    "player_or_none",
}
SAMPLES: dict[str, Any] = {
    "street": Street.FIFTH,
    "now": Street.SIXTH,
    "kind": ActionKind.RAISE,
    "game": Game("stud8"),
    "card": KH,
    "old": KH,
    "new": QS,
    "exposed": KH,
    "third": TWO,
    "other_card": TWO,
    "cards": (KH, TWO),
    "board": (KH, QS),
    "ranks": (8, 5, 4, 2, 1),
    "qualifier": 8,
    "kickers": (9, 4, 2),
    "rank": 13,
    "pair": 9,
    "trips": 12,
    "top": 11,
    "bottom": 6,
    "kicker": 3,
    "quads": 14,
    "left": 2,
    "raises": 2,
    "made": 2,
    "max_raises": 3,
    "odd": 2,
    "dealt": 30,
    "burns": 3,
    "stub": 19,
    "available": 22,
    "want": 7,
    "hold": 6,
    "most": 4,
    "procedure": ShortDeck.STUB,
    "owed": Decimal("2"),
    "amount": Decimal("12.5"),
    "small": Decimal("2"),
    "big": Decimal("4"),
    "total": Decimal("1250"),
    "what": "exposed-hole",
    "shown": (("Ana", KH), ("Bo", None)),
    "others": (KH, TWO),
    "amounts": (Decimal("2"), Decimal("4")),
    "parts": (Decimal("0.5"), Decimal("2")),
    "payouts": (Message("award.payout", {"player": "Ana", "amount": 3}),),
    "said": "ana folds",
    "pot": 1,
    "players": ("Ana", "Bo", "Cy"),
    "full": 2,
    "short": ("Ana 1",),
    "tied": ("Ana", "Bo"),
    "by_suit": QS,
    "count": 3,
    "chips": 1,
}
#: The "false" of the parameters that are lists where they are given.
OFF: dict[str, Any] = {"decided": (), "shares": (), "same_rank": (), "eligible": ""}
#: Keys whose parameters are of another type than their names say elsewhere.
BY_KEY: dict[str, dict[str, Any]] = {
    "why.river.count": {"players": 5},
    "ante.each": {"players": 5},
    "why.opener.best-board": {"others": (("Bo", (TWO, QS)),)},
    "why.start": {"pot": Decimal("3")},
    "ruling.pot.returned": {"back": ("Ana 2",)},
    "ruling.pot.total": {"pot": Decimal("3")},
    "hand.not-a-card-or-index": {"what": "x"},
    "hand.text-not-cards": {"what": "'Ah'"},
    "hand.not-a-card": {"what": "x"},
    "hand.unreadable": {"what": "x"},
    "hand.high.high-card": {"high": 13},
    "hand.high.straight": {"high": 13},
    "hand.high.flush": {"high": 13},
    "hand.high.straight-flush": {"high": 13},
}


class Sample(Mapping[str, Any]):
    """Parameters made up on demand: every name has a sample value."""

    def __init__(self, key: str, on: bool) -> None:
        self.key, self.on = key, on

    def __getitem__(self, name: str) -> Any:
        given = BY_KEY.get(self.key, {})
        if name in given:
            return given[name]
        if not self.on and name in OFF:
            return OFF[name]
        if name in FLAGS and name not in SAMPLES:
            return name if self.on else None
        if not self.on and name in FLAGS:
            return None if name not in ("low", "high", "odd", "full") else 0
        if name in FLAGS and self.key.startswith(("hand.", "board.")):
            return SAMPLES[name]
        return SAMPLES.get(name, "Ana")

    def __iter__(self) -> Iterator[str]:
        return iter(())

    def __len__(self) -> int:
        return 0

    def __contains__(self, name: object) -> bool:
        return True


def keys() -> list[str]:
    return sorted(tongue("en").catalogue)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("on", [True, False])
def test_every_key_renders_in_every_language_with_sample_values(
    lang: str, on: bool, caplog: pytest.LogCaptureFixture
) -> None:
    failures: dict[str, str] = {}
    for key in keys():
        try:
            text = render(Message(key, Sample(key, on)), lang)
        except Exception as exc:  # noqa: BLE001 - every key's failure is reported
            failures[key] = f"{type(exc).__name__}: {exc}"
            continue
        left = [f for _, f, _, _ in string.Formatter().parse(text) if f]
        if key != "hand.low.ranks" and not text:
            failures[key] = "empty"
        elif left:
            failures[key] = f"unfilled {left}: {text}"
    assert failures == {}
    assert "wording for message key" not in caplog.text


def test_italian_differs_from_english_but_for_entries_without_words() -> None:
    same = []
    for key in keys():
        en = render(Message(key, Sample(key, True)), "en")
        it = render(Message(key, Sample(key, True)), "it")
        if en == it:
            same.append(key)
    # What is the same in both: notation, names and values, or English kept by the
    # Italian rooms (the action words, showdown, poker terms).
    assert sorted(same) == sorted(
        [
            "ActionKind.BET",
            "ActionKind.CALL",
            "ActionKind.CHECK",
            "ActionKind.FOLD",
            "ActionKind.RAISE",
            "Street.SHOWDOWN",
            "hand.low.ranks",
            "irr.action-refused",
            "irr.sentence",
            "irr.sentence.capital",
            "refusal.blocked",
            "ruling.player-hand",
            "table.sentences",
            "word.no",
            # the games' names, which Italian rooms keep
            "game.label.razz",
            "game.label.stud",
            "game.label.stud8",
            "game.title.razz",
            "game.title.stud",
        ]
    )
