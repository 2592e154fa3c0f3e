"""The schema pass: located nodes checked against ``fields`` into a Scenario, every problem collected."""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Sequence
from decimal import Decimal, InvalidOperation
from typing import Any

from tutor import specs as S
from tutor.engine.actions import read_action
from tutor.engine.cards import UNKNOWN, Card
from tutor.engine.errors import ActionSyntaxError, CardError, ScenarioError
from tutor.engine.irregularities import IRREGULARITIES
from tutor.engine.messages import render
from tutor.engine.rules import DEFAULT_GAME, GAMES, VARIANTS, Game, Variant
from tutor.engine.rulings import LOW_KINDS, unfit_said
from tutor.scenarios import fields as F
from tutor.scenarios.model import Ask, Event, Scenario, SeatSpec, StakesSpec, Step
from tutor.scenarios.nodes import Map, Node, Scalar, Seq, compose, describe
from tutor.scenarios.text import (
    char_name,
    clip,
    look_alike,
    quote,
    refused_character,
)

#: Problems reported per file at most; a last line says how many more there are.
MAX_PROBLEMS = 50
_BAD: Any = object()  # a value that failed its check (its problem is already recorded)
_AMOUNT_TEXT = re.compile(r"^\+?([0-9]+(\.[0-9]*)?|\.[0-9]+)$")
_WHOLE_TEXT = re.compile(r"^[-+]?[0-9]+$")
_MAX_WHOLE_DIGITS = 12  # int() refuses more than 4,300 digits; no field needs 12
_MAX_AMOUNT_CHARS = 16  # an action's amount: 1000000000.00 is 13
_TRUE = ("true", "True", "TRUE")
_FALSE = ("false", "False", "FALSE")
_YAML_WORDS = {
    "bool": "a boolean (true/false)",
    "int": "a number",
    "float": "a number",
    "null": "null (no value)",
    "timestamp": "a date",
    "merge": "a merge key",
}
_PATTERNS: dict[str, re.Pattern[str]] = {}


def _pattern(text: str) -> re.Pattern[str]:
    compiled = _PATTERNS.get(text)
    if compiled is None:
        compiled = _PATTERNS[text] = re.compile(text)
    return compiled


def _listing(words: Sequence[str]) -> str:
    return ", ".join(words)


def _did_you_mean(word: str, choices: Sequence[str]) -> str:
    close = difflib.get_close_matches(word, choices, n=1, cutoff=0.6)
    return f"; did you mean {close[0]!r}?" if close else ""


class _Checker:
    """Walks nodes against specs; records values' marks and every problem found."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.problems: list[ScenarioError] = []
        self.marks: dict[str, tuple[int, int]] = {}

    def problem(self, where: str, at: Node | tuple[int, int], message: str) -> None:
        line, column = (at.line, at.column) if isinstance(at, Node) else at
        text = f"{where}: {message}" if where else message
        self.problems.append(ScenarioError(text, self.path, line, column))

    # -- dispatch -------------------------------------------------------------------------
    def check(self, spec: S.Spec, node: Node, where: str) -> Any:
        self.marks[where] = (node.line, node.column)
        return _DISPATCH[spec.__class__](self, spec, node, where)

    # -- scalars --------------------------------------------------------------------------
    def _scalar_text(self, node: Node, where: str, what: str) -> str | Any:
        """The node's text if it is a string scalar; else a problem (with a quote-it hint)."""
        if not isinstance(node, Scalar):
            self.problem(where, node, f"expected {what} but got {describe(node)}.")
            return _BAD
        if node.plain and node.kind != "str":
            if node.text == "":
                self.problem(
                    where,
                    node,
                    f"expected {what} but got nothing: write a value after the colon.",
                )
            else:
                self.problem(
                    where,
                    node,
                    f"{clip(node.text)} is read by YAML as "
                    f"{_YAML_WORDS.get(node.kind, node.kind)}, not as text: quote it, "
                    f'as in "{clip(node.text)}".',
                )
            return _BAD
        bad = refused_character(node.text)
        if bad is not None:
            self.problem(
                where,
                node,
                f"character {bad[0] + 1} of the text is {char_name(bad[1])}, a control or "
                "format character that text may not hold: remove it (write plain "
                "text; new lines and tabs are allowed).",
            )
            return _BAD
        return node.text

    def _Text(self, spec: S.Text, node: Node, where: str) -> Any:
        text = self._scalar_text(
            node, where, spec.what if not spec.enum else "one of " + _listing(spec.enum)
        )
        if text is _BAD:
            return _BAD
        if spec.enum:
            if text not in spec.enum:
                self.problem(
                    where,
                    node,
                    f"expected one of {_listing(spec.enum)} but got "
                    f"{quote(text)}{_did_you_mean(text, spec.enum) or '.'}",
                )
                return _BAD
            return text
        if not text.strip():
            self.problem(where, node, f"expected {spec.what} but got an empty text.")
            return _BAD
        if len(text) > spec.max_length:
            self.problem(
                where,
                node,
                f"the text is {len(text)} characters long: at most "
                f"{spec.max_length} are allowed; shorten it.",
            )
            return _BAD
        if spec.pattern is not None and not _pattern(spec.pattern).match(text):
            if spec.pattern == F.ID_PATTERN:
                hint = (
                    "use lower-case letters and digits, with single '-' between words, as "
                    "in 'bring-in-two-deuces'."
                )
            elif spec.pattern == S.NAME_PATTERN:
                hint = "use 1 to 30 characters, without spaces at either end."
            elif spec.pattern == S.LOW_PATTERN:
                hint = (
                    "write five ranks, highest first, ace as A: '7-5-4-2-A' (8 or lower in "
                    "stud8; any rank in razz, as 'K-Q-J-9-8')."
                )
            else:  # pragma: no cover - every pattern has its hint above
                hint = "see the scenario format."
            self.problem(where, node, f"{quote(text)} is not {spec.what}: {hint}")
            return _BAD
        return text

    def _Whole(self, spec: S.Whole, node: Node, where: str) -> Any:
        expected = f"a whole number from {spec.minimum} to {spec.maximum}"
        if (
            isinstance(node, Scalar)
            and node.plain
            and node.kind == "int"
            and _WHOLE_TEXT.match(node.text)
        ):
            if len(node.text.lstrip("+-0")) > _MAX_WHOLE_DIGITS:
                self.problem(
                    where,
                    node,
                    f"expected {expected} but got a number "
                    f"{len(node.text):,} digits long.",
                )
                return _BAD
            value = int(node.text)
            if spec.minimum <= value <= spec.maximum:
                return value
            self.problem(where, node, f"expected {expected} but got {clip(node.text)}.")
            return _BAD
        if (
            isinstance(node, Scalar)
            and not node.plain
            and _WHOLE_TEXT.match(node.text.strip())
        ):
            self.problem(
                where,
                node,
                f"expected {expected} but got the text {quote(node.text)}: "
                "remove the quotes.",
            )
            return _BAD
        self.problem(where, node, f"expected {expected} but got {describe(node)}.")
        return _BAD

    def _Amount(self, spec: S.Amount, node: Node, where: str) -> Any:
        lowest = "more than 0" if spec.positive else "0 or more"
        expected = f"an amount ({lowest}) such as 2 or 0.25"
        if not isinstance(node, Scalar):
            self.problem(where, node, f"expected {expected} but got {describe(node)}.")
            return _BAD
        text = node.text.strip()
        if not node.plain:
            if _AMOUNT_TEXT.match(text):
                self.problem(
                    where,
                    node,
                    f"expected {expected} but got the text {quote(node.text)}:"
                    " remove the quotes.",
                )
            else:
                self.problem(
                    where, node, f"expected {expected} but got {quote(node.text)}."
                )
            return _BAD
        if node.kind not in ("int", "float"):
            self.problem(where, node, f"expected {expected} but got {describe(node)}.")
            return _BAD
        lowered = text.lower()
        if "inf" in lowered or "nan" in lowered:
            self.problem(
                where,
                node,
                f"{clip(text)} is not an amount: write a number such as 2 or 0.25.",
            )
            return _BAD
        if text.startswith("-"):
            self.problem(
                where, node, f"{clip(text)} is negative: amounts are {lowest}."
            )
            return _BAD
        if not _AMOUNT_TEXT.match(text):
            self.problem(
                where,
                node,
                f"{clip(text)} is not written as a plain decimal number: write "
                "it with digits and at most one '.', as in 1000 or 0.25.",
            )
            return _BAD
        try:
            value = Decimal(text)
        except (
            InvalidOperation
        ):  # pragma: no cover - the pattern above admits only decimals
            self.problem(where, node, f"{clip(text)} is not an amount.")
            return _BAD
        exponent = value.normalize().as_tuple().exponent
        if isinstance(exponent, int) and exponent < -F.MAX_AMOUNT_PLACES:
            self.problem(
                where,
                node,
                f"{clip(text)} has more than {F.MAX_AMOUNT_PLACES} decimal "
                "places: amounts go down to the cent, as in 0.25.",
            )
            return _BAD
        if spec.positive and value == 0:
            self.problem(where, node, f"expected {expected} but got {clip(text)}.")
            return _BAD
        if value > spec.maximum:
            self.problem(
                where,
                node,
                f"{clip(text)} is more than the largest amount allowed, {spec.maximum:,}.",
            )
            return _BAD
        return value

    def _Flag(self, spec: S.Flag, node: Node, where: str) -> Any:
        if isinstance(node, Scalar) and node.plain:
            if node.text in _TRUE:
                return True
            if node.text in _FALSE:
                return False
            if node.kind == "bool":
                self.problem(
                    where,
                    node,
                    f"expected true or false but got {clip(node.text)}: write "
                    "true or false (editors using YAML 1.2 read "
                    f"{clip(node.text)} as text).",
                )
                return _BAD
        self.problem(where, node, f"expected true or false but got {describe(node)}.")
        return _BAD

    def _Nullable(self, spec: S.Nullable, node: Node, where: str) -> Any:
        if isinstance(node, Scalar) and node.plain and node.kind == "null":
            return None
        return self.check(spec.inner, node, where)

    def _card(self, word: str, node: Node, where: str, at: tuple[int, int]) -> Any:
        if (
            len(word) > 3
        ):  # a card is 2 or 3 characters: keep a long word out of the message
            self.problem(
                where,
                at,
                f"{quote(word)} is not a card: write a rank 2-9, T, J, Q, K, A (or 10) "
                "and a suit c, d, h, s, as in 'Ah', 'td' or '10d'.",
            )
            return _BAD
        try:
            return Card.parse(word)
        except CardError as exc:
            self.problem(where, at, str(exc))
            return _BAD

    def _word_marks(self, node: Scalar, text: str) -> list[tuple[str, tuple[int, int]]]:
        """Each card word of a string with its position (exact for one-line scalars)."""
        shift = 0 if node.plain else 1
        out = []
        for match in re.finditer(r"[^\s,]+", text):
            if "\n" in text:
                out.append((match.group(), (node.line, node.column)))
            else:
                out.append(
                    (match.group(), (node.line, node.column + shift + match.start()))
                )
        return out

    def _CardList(self, spec: S.CardList, node: Node, where: str) -> Any:
        words: list[tuple[str, tuple[int, int]]] = []
        bad = False
        if isinstance(node, Seq):
            for i, item in enumerate(node.items):
                here = f"{where}[{i}]"
                self.marks[here] = (item.line, item.column)
                if (
                    isinstance(item, Scalar)
                    and item.plain
                    and item.kind in ("int", "float")
                ):
                    self.problem(
                        here,
                        item,
                        f"{clip(item.text)} is a number, not a card: write the "
                        "rank and the suit together, as in 10d or Td.",
                    )
                    bad = True
                    continue
                text = self._scalar_text(item, here, "a card such as 'Ah' or '??'")
                if text is _BAD:
                    bad = True
                    continue
                words.append((text.strip(), (item.line, item.column)))
        elif isinstance(node, Scalar) and node.plain and node.kind in ("int", "float"):
            self.problem(
                where,
                node,
                f"{clip(node.text)} is a number, not cards: write each card's "
                'rank and suit together, as in "10d 9c ??".',
            )
            return _BAD
        else:
            text = self._scalar_text(node, where, 'cards such as "Ah Kd ??"')
            if text is _BAD:
                return _BAD
            assert isinstance(node, Scalar)
            words = self._word_marks(node, text)
        if len(words) > spec.max_cards:
            self.problem(
                where,
                node,
                f"{len(words)} cards are given, but a player gets at "
                f"most {spec.max_cards}: remove the extra cards.",
            )
            return _BAD
        cards: list[Card | None] = []
        ok = True
        for word, at in words:
            if word == UNKNOWN:
                cards.append(None)
                continue
            card = self._card(word, node, where, at)
            ok = ok and card is not _BAD
            cards.append(card)
        if not ok or bad:
            return _BAD
        return [(card, at) for card, (_, at) in zip(cards, words, strict=True)]

    def _OneCard(self, spec: S.OneCard, node: Node, where: str) -> Any:
        if isinstance(node, Scalar) and node.plain and node.kind in ("int", "float"):
            self.problem(
                where,
                node,
                f"{clip(node.text)} is a number, not a card: write the rank "
                "and the suit together, as in 10d or Td.",
            )
            return _BAD
        text = self._scalar_text(node, where, "a card such as 'Ah'")
        if text is _BAD:
            return _BAD
        if text.strip() == UNKNOWN:
            self.problem(
                where, node, "?? is not allowed here: write the real card, as in 'Ah'."
            )
            return _BAD
        return self._card(text, node, where, (node.line, node.column))

    def _Rank(self, spec: S.Rank, node: Node, where: str) -> Any:
        if isinstance(node, Scalar) and (node.kind in ("str", "int")):
            text = node.text.strip().upper()
            text = "T" if text == "10" else text
            if text in F.RANKS:
                return text
        self.problem(
            where,
            node,
            f"expected a rank (2-9, T, J, Q, K or A) but got {describe(node)}.",
        )
        return _BAD

    def _Actions(self, spec: S.Actions, node: Node, where: str) -> Any:
        items: list[tuple[Node, str]]
        if isinstance(node, Seq):
            if not node.items:
                self.problem(
                    where,
                    node,
                    "the list of actions is empty: give at least one "
                    "action, as in 'Ana calls'.",
                )
                return _BAD
            items = [(item, f"{where}[{i}]") for i, item in enumerate(node.items)]
        else:
            items = [(node, where)]
        out: list[tuple[str, str, tuple[int, int]]] = []
        for item, here in items:
            self.marks[here] = (item.line, item.column)
            text = self._scalar_text(item, here, "an action such as 'Ana calls'")
            if text is _BAD:
                continue
            text = " ".join(text.split())
            try:
                read_action(text)
            except ActionSyntaxError as err:
                self.problem(here, item, str(err))
                continue
            amount = text.rsplit(" ", 1)[-1].lstrip("$+")
            if amount[:1].isdigit() and len(amount) > _MAX_AMOUNT_CHARS:
                self.problem(
                    here,
                    item,
                    f"the amount in {quote(text)} is {len(amount):,} characters long: "
                    f"amounts go up to {S.MAX_AMOUNT:,}, to the cent, as in 'Ana bets 4'.",
                )
                continue
            out.append((text, here, (item.line, item.column)))
        if len(out) != len(items):
            return _BAD
        return (out, isinstance(node, Seq))

    # -- containers -----------------------------------------------------------------------
    def _ListOf(self, spec: S.ListOf, node: Node, where: str) -> Any:
        if not isinstance(node, Seq):
            self.problem(where, node, f"expected a list but got {describe(node)}.")
            return _BAD
        count = len(node.items)
        if count < spec.min_items or count > spec.max_items:
            if where == "seats":
                self.problem(
                    where,
                    node,
                    f"{count} seats are given, but a table seats "
                    f"{spec.min_items} to {spec.max_items} players (table.seats): a "
                    "52-card deck cannot deal seven cards to more than 8.",
                )
            elif spec.min_items == spec.max_items:
                self.problem(
                    where,
                    node,
                    f"expected exactly {spec.min_items} items but got {count}.",
                )
            elif count > spec.max_items:
                self.problem(
                    where,
                    node,
                    f"{count} items are given; at most "
                    f"{spec.max_items} are allowed: split it.",
                )
            else:
                self.problem(
                    where,
                    node,
                    f"expected at least {spec.min_items} "
                    f"item{'s' if spec.min_items > 1 else ''} but got {count}.",
                )
            return _BAD
        values = [
            self.check(spec.item, item, f"{where}[{i}]")
            for i, item in enumerate(node.items)
        ]
        return values

    def _keys(self, spec: S.Obj, node: Map, where: str) -> None:
        allowed = spec.by_name
        for key, _ in node.pairs:
            if key.text not in allowed:
                self.problem(
                    where,
                    key,
                    f"unknown key {quote(key.text)} in {spec.what}: the "
                    f"allowed keys are {_listing(spec.names)}"
                    f"{_did_you_mean(key.text, spec.names) or '.'}",
                )
        if not spec.required:
            return
        present = {key.text for key, _ in node.pairs}
        for name in spec.required:
            if name not in present:
                self.problem(
                    where,
                    node,
                    f"{spec.what} needs the key {name!r}: add '{name}: ...'.",
                )

    def _Obj(
        self, spec: S.Obj, node: Node, where: str, skip: tuple[str, ...] = ()
    ) -> Any:
        if not isinstance(node, Map):
            self.problem(
                where,
                node,
                f"expected {spec.what} (a mapping of "
                f"{_listing(spec.names)}) but got {describe(node)}.",
            )
            return _BAD
        self._keys(spec, node, where)
        out: dict[str, Any] = {}
        fields = spec.by_name
        for key, value in node.pairs:
            f = fields.get(key.text)
            if f is None or key.text in skip:
                continue
            here = f"{where}.{key.text}" if where else key.text
            out[key.text] = self.check(f.spec, value, here)
        return out

    def _DictOf(self, spec: S.DictOf, node: Node, where: str) -> Any:
        if not isinstance(node, Map):
            self.problem(
                where,
                node,
                f"expected a mapping of player names to amounts but got "
                f"{describe(node)}.",
            )
            return _BAD
        out: dict[str, Any] = {}
        for key, value in node.pairs:
            here = f"{where}.{key.text}"
            out[key.text] = self.check(spec.value, value, here)
            self.marks[here] = (key.line, key.column)
        return out

    def _OneOrList(self, spec: S.OneOrList, node: Node, where: str) -> Any:
        if isinstance(node, Seq):
            if not 1 <= len(node.items) <= spec.max_items:
                self.problem(
                    where,
                    node,
                    f"expected 1 to {spec.max_items} items but got {len(node.items)}.",
                )
                return _BAD
            return [
                self.check(spec.item, item, f"{where}[{i}]")
                for i, item in enumerate(node.items)
            ]
        return self.check(spec.item, node, where)

    def _event(self, node: Map, where: str) -> Any:
        """An ``event:`` step: one irregularity key, with the keys that kind allows."""
        value = node.get("event")
        assert value is not None
        for key, _ in node.pairs:
            if key.text != "event":
                self.problem(
                    where,
                    key,
                    f"unknown key {key.text!r} in an event step: an event step has only "
                    "event: (write what happened inside it).",
                )
        here = f"{where}.event"
        self.marks[here] = (value.line, value.column)
        if not isinstance(value, Map) or not value.pairs:
            self.problem(
                here,
                value,
                f"expected what happened, as a mapping such as {{dealer-exposes: Ana, card: 1}}, "
                f"but got {describe(value)}: the events are {_listing(tuple(F.EVENT_KINDS))}.",
            )
            return _BAD
        kinds = [k for k, _ in value.pairs if k.text in F.EVENT_KINDS]
        if len(kinds) != 1:
            first = value.pairs[0][0]
            said = (
                f"it names {len(kinds)} ({_listing([k.text for k in kinds])})"
                if kinds
                else f"{first.text!r} is not one{_did_you_mean(first.text, tuple(F.EVENT_KINDS)) or ''}"
            )
            self.problem(
                here,
                first if not kinds else kinds[1],
                f"an event names exactly one irregularity (one of "
                f"{_listing(tuple(F.EVENT_KINDS))}), and {said}"
                + ("" if said.endswith("?") else "."),
            )
            return _BAD
        kind = kinds[0].text
        spec, allowed, _ = F.EVENT_KINDS[kind]
        out: dict[str, Any] = {}
        good = True
        for key, item in value.pairs:
            at = f"{here}.{key.text}"
            self.marks[at] = (item.line, item.column)
            if key.text == kind:
                out[kind] = self.check(spec, item, at)
            elif key.text in allowed:
                out[key.text] = self.check(F.EVENT_MODIFIERS[key.text], item, at)
            else:
                good = False
                self.problem(
                    at,
                    key,
                    f"unknown key {key.text!r} in a {kind} event: "
                    + (
                        f"it takes only {_listing(allowed)}"
                        if allowed
                        else "it takes no other key"
                    )
                    + f"{_did_you_mean(key.text, allowed) or '.'}",
                )
        if not good or not all(_good(v) for v in out.values()):
            return _BAD
        return {"kind": kind, "values": out}

    def _StepSpec(self, spec: S.StepSpec, node: Node, where: str) -> Any:
        if not isinstance(node, Map):
            self.problem(
                where,
                node,
                f"expected a step (a mapping with act:, ask: or event:) but got "
                f"{describe(node)}: write '- act: Ana calls' or '- ask: pot'.",
            )
            return _BAD
        has_act = node.get("act") is not None
        has_ask = node.get("ask") is not None
        has_event = node.get("event") is not None
        if has_act + has_ask + has_event > 1:
            self.problem(
                where,
                node,
                "a step is one of act:, ask: or event:, not two: split it into steps.",
            )
            return _BAD
        if has_event:
            assert isinstance(node, Map)
            return ("event", self._event(node, where))
        if has_act:
            return ("act", self._Obj(spec.act, node, where))
        if not has_ask:
            keys = (
                _listing(
                    [
                        k.text
                        if len(k.text) <= 20 and k.text.isprintable()
                        else quote(k.text, 20)
                        for k, _ in node.pairs[:8]
                    ]
                )
                or "none"
            )
            if len(node.pairs) > 8:
                keys += f" and {len(node.pairs) - 8:,} more"
            self.problem(
                where,
                node,
                f"a step needs act: (actions), ask: (a question) or event: (an "
                f"irregularity); its keys are {keys}.",
            )
            return _BAD
        values = self._Obj(spec.ask, node, where, skip=("expect",))
        expect = node.get("expect")
        if expect is not None:
            here = f"{where}.expect"
            kind = values.get("ask")
            if isinstance(kind, str) and kind in spec.expect:
                values["expect"] = self.check(spec.expect[kind], expect, here)
            else:
                self.marks[here] = (expect.line, expect.column)
                values["expect"] = _BAD
        return ("ask", values)


_DISPATCH: dict[type, Callable[[_Checker, Any, Node, str], Any]] = {
    S.Text: _Checker._Text,
    S.Whole: _Checker._Whole,
    S.Amount: _Checker._Amount,
    S.Flag: _Checker._Flag,
    S.Nullable: _Checker._Nullable,
    S.CardList: _Checker._CardList,
    S.OneCard: _Checker._OneCard,
    S.Rank: _Checker._Rank,
    S.Actions: _Checker._Actions,
    S.ListOf: _Checker._ListOf,
    S.Obj: _Checker._Obj,
    S.DictOf: _Checker._DictOf,
    S.StepSpec: _Checker._StepSpec,
    S.OneOrList: _Checker._OneOrList,
}


def _good(value: Any) -> bool:
    return value is not _BAD


class _Builder:
    """Cross-field checks and the Scenario, from the checked values."""

    def __init__(self, checker: _Checker, values: dict[str, Any]) -> None:
        self.c = checker
        self.v = values

    def mark(self, where: str) -> tuple[int, int]:
        while where not in self.c.marks and where:
            cut = max(where.rfind("."), where.rfind("["))
            where = where[:cut] if cut > 0 else ""
        return self.c.marks.get(where, (1, 1))

    def problem(self, where: str, message: str) -> None:
        self.c.problem(where, self.mark(where), message)

    def build(self) -> Scenario | None:
        v = self.v
        seats = self.seats()
        names, numbers = self.names, self.numbers
        stakes = self.stakes()
        button = v.get("button")
        if (
            numbers is not None
            and _good(button)
            and button is not None
            and button not in numbers
        ):
            self.problem(
                "button",
                f"seat {button} has nobody in it: the seats are "
                f"{_listing([str(n) for n in numbers])}; put the button on one "
                "of them, or write null for a house dealer.",
            )
        community = v.get("community")
        if _good(community) and community is not None and community in self.dealt:
            self.problem(
                "community",
                f"{community.text} is dealt twice: it is also in "
                f"{self.dealt[community]}; a deck holds each card once.",
            )
        start = v.get("start")
        street = start.get("street") if isinstance(start, dict) else None
        if isinstance(v.get("seats"), list):
            self.start_fields(street)
        steps = self.steps(names)
        if self.c.problems:
            return None
        house = v.get("house") or {}
        return Scenario(
            path=self.c.path,
            id=v["id"],
            title=v["title"],
            topic=v["topic"],
            level=v["level"],
            game=v.get("game", DEFAULT_GAME.value),
            rules=v.get("rules", "online"),
            house=dict(house),
            stakes=stakes,  # type: ignore[arg-type]
            button=v.get("button"),
            seats=tuple(seats or ()),
            community=v.get("community"),
            start=street,
            steps=tuple(steps),
            marks=dict(self.c.marks),
        )

    def stakes(self) -> StakesSpec | None:
        s = self.v.get("stakes")
        if not isinstance(s, dict) or not all(_good(x) for x in s.values()):
            return None
        if any(k not in s for k in ("small_bet", "big_bet", "ante")):
            return None
        if s["big_bet"] < s["small_bet"]:
            self.problem(
                "stakes.big_bet",
                f"the big bet {s['big_bet']} is less than the small "
                f"bet {s['small_bet']}: the big bet is usually twice the small bet.",
            )
        rake = s.get("rake")
        percent = rake.get("percent") if isinstance(rake, dict) else None
        cap = rake.get("cap") if isinstance(rake, dict) else None
        return StakesSpec(
            small_bet=s["small_bet"],
            big_bet=s["big_bet"],
            ante=s["ante"],
            bring_in=s.get("bring_in"),
            chip=s.get("chip"),
            rake_percent=percent if _good(percent) else None,
            rake_cap=cap if _good(cap) else None,
        )

    def seats(self) -> list[SeatSpec] | None:
        """The seats if all are valid; sets ``names``, ``numbers``, ``dealt`` from the valid parts."""
        raw = self.v.get("seats")
        self.names: list[str] | None = None
        self.numbers: list[int] | None = None
        self.dealt: dict[Card, str] = {}
        if not isinstance(raw, list):
            return None
        out: list[SeatSpec] = []
        numbers: dict[int, int] = {}
        names: dict[str, int] = {}
        dealt = self.dealt
        complete = True
        for i, seat in enumerate(raw):
            if not isinstance(seat, dict):
                complete = False
                continue
            number, name, cards = seat.get("seat"), seat.get("name"), seat.get("cards")
            if isinstance(number, int) and not isinstance(number, bool):
                if number in numbers:
                    j = numbers[number]
                    self.problem(
                        f"seats[{i}].seat",
                        f"seat {number} is already taken by "
                        f"seats[{j}]: give each seat its own number from 1 to 10.",
                    )
                numbers.setdefault(number, i)
            if isinstance(name, str):
                if name in names:
                    self.problem(
                        f"seats[{i}].name",
                        f"the name {quote(name)} is already used by "
                        f"seats[{names[name]}]: give each player a different name.",
                    )
                else:
                    self.check_look_alike(name, i, names)
                names.setdefault(name, i)
            if isinstance(cards, list):
                for card, at in cards:
                    if card is None:
                        continue
                    if card in dealt:
                        self.c.problem(
                            f"seats[{i}].cards",
                            at,
                            f"{card.text} is dealt twice: it "
                            f"is also in {dealt[card]}; a deck holds each card once.",
                        )
                    else:
                        dealt[card] = f"seats[{i}].cards"
            if (
                not all(_good(x) for x in seat.values())
                or number is None
                or name is None
                or cards is None
            ):
                complete = False
                continue
            out.append(
                SeatSpec(
                    seat=number,
                    name=name,
                    cards=tuple(c for c, _ in cards),
                    stack=seat.get("stack"),
                    committed=seat.get("committed"),
                    folded=bool(seat.get("folded", False)),
                )
            )
        self.names = list(names)
        self.numbers = list(numbers)
        return out if complete else None

    def check_look_alike(self, name: str, i: int, names: dict[str, int]) -> None:
        """Refuse a name that reads like one before it (case, look-alike letters)."""
        twin = next((other for other in names if look_alike(other, name)), None)
        if twin is not None:
            self.problem(
                f"seats[{i}].name",
                f"the name {quote(name)} reads like {quote(twin)} of "
                f"seats[{names[twin]}]: they differ only by case or by look-alike "
                "letters; give each player a name that reads differently.",
            )

    def start_fields(self, street: Any) -> None:
        raw = self.v.get("seats")
        assert isinstance(raw, list)
        for i, seat in enumerate(raw):
            if not isinstance(seat, dict):
                continue
            if street is None and "start" not in self.v:
                for key in ("committed", "folded"):
                    if key in seat:
                        self.problem(
                            f"seats[{i}].{key}",
                            f"{key} is used only with start: (a "
                            "hand told from a later street); remove it, or add "
                            "'start: {street: fourth}'.",
                        )
            elif isinstance(street, str) and "committed" not in seat:
                self.problem(
                    f"seats[{i}]",
                    "with start:, each seat needs the key 'committed' "
                    "(its chips already in the pot, antes included): add "
                    "'committed: ...'.",
                )

    def steps(self, names: list[str] | None) -> list[Step]:
        raw = self.v.get("steps")
        out: list[Step] = []
        if not isinstance(raw, list):
            return out
        for i, item in enumerate(raw):
            where = f"steps[{i}]"
            line, column = self.mark(where)
            if not isinstance(item, tuple):
                continue
            kind, values = item
            if not isinstance(values, dict):
                continue
            if kind == "event":
                event = self.event(values, where, names)
                if event is not None:
                    out.append(
                        Step(
                            index=i, kind="event", line=line, column=column, event=event
                        )
                    )
                continue
            if kind == "act":
                acts = values.get("act")
                if not isinstance(acts, tuple):
                    continue
                listed, is_list = acts
                for text, here, _ in listed:
                    self.check_action_name(text, here, names)
                out.append(
                    Step(
                        index=i,
                        kind="act",
                        line=line,
                        column=column,
                        actions=tuple(t for t, _, _ in listed),
                        action_marks=tuple(at for _, _, at in listed),
                        act_is_list=is_list,
                    )
                )
                continue
            ask = self.ask(values, where, names)
            kind = values.get("ask")
            game = self.v.get("game", DEFAULT_GAME.value)
            if isinstance(kind, str) and game in GAMES:
                self.fits_game(f"{where}.ask", kind, VARIANTS[Game(game)])
            if ask is not None:
                expect_mark = (
                    self.c.marks.get(f"{where}.expect")
                    if ask.expect is not None
                    else None
                )
                out.append(
                    Step(
                        index=i,
                        kind="ask",
                        line=line,
                        column=column,
                        ask=ask,
                        expect_mark=expect_mark,
                    )
                )
        return out

    def event(
        self, values: dict[str, Any], where: str, names: list[str] | None
    ) -> Event | None:
        kind = values["kind"]
        vals = values["values"]
        here = f"{where}.event"
        #: What the event's own value names (the engine's kind says).
        named = IRREGULARITIES[kind].value
        marks: dict[str, tuple[int, int]] = {}
        for key, value in vals.items():
            at = f"{here}.{key}"
            marks[key] = self.mark(at)
            if isinstance(value, tuple):  # actions: (listed, is_list)
                for n, (text, act_where, mark) in enumerate(value[0]):
                    self.check_action_name(text, act_where, names)
                    marks[f"{key}[{n}]"] = mark
            elif key == kind and named == "players":
                for n, name in enumerate(value if isinstance(value, list) else [value]):
                    self.check_name(
                        name, f"{at}[{n}]" if isinstance(value, list) else at, names
                    )
            elif key == kind and named == "text" and names is not None:
                if not any(
                    str(value).startswith(n + " ") or str(value).startswith(n + ":")
                    for n in names
                ):
                    self.problem(
                        at,
                        f"{value!r} names nobody at this table: start with one of "
                        f"{_listing(names)}.",
                    )
        if named == "flag" and vals.get(kind) is not True:
            self.problem(f"{here}.{kind}", f"write '{kind}: true'.")
            return None
        return Event(kind=kind, values=vals, marks=marks)

    def check_action_name(self, text: str, where: str, names: list[str] | None) -> None:
        if names is None:
            return
        try:
            name = read_action(text).player
        except ActionSyntaxError:  # pragma: no cover - the grammar was checked already
            return
        if name not in names:
            self.problem(
                where,
                f"{quote(text)} names {quote(name)}, who is not at this table: the "
                f"players are {_listing(names)}{_did_you_mean(name, names) or '.'}",
            )

    def check_name(self, name: Any, where: str, names: list[str] | None) -> None:
        if names is None or not isinstance(name, str) or name in names:
            return
        self.problem(
            where,
            f"{quote(name)} is not at this table: the players are "
            f"{_listing(names)}{_did_you_mean(name, names) or '.'}",
        )

    def fits_game(self, where: str, kind: str, variant: Variant) -> None:
        """A problem at ``where`` when an ask of ``kind`` has no meaning in the game."""
        unfit = unfit_said(variant, kind)
        if unfit is None:
            return
        if kind in LOW_KINDS and variant.low_half is None:
            games = " or ".join(
                f"'game: {g}'"
                for g, v in VARIANTS.items()
                if unfit_said(v, kind) is None
            )
            self.problem(
                where,
                f"{variant.title} has no low half: a {kind} ask needs {games} (a game "
                "with a low half); ask high-winner or best-high instead, or remove this "
                "step (hand.low).",
            )
        else:
            self.problem(where, f"{render(unfit)} Or remove this step.")

    def ask(
        self, values: dict[str, Any], where: str, names: list[str] | None
    ) -> Ask | None:
        kind = values.get("ask")
        player = values.get("player")
        if isinstance(kind, str) and _good(kind):
            if kind in F.PLAYER_ASKS and "player" not in values:
                self.problem(
                    where,
                    f"a {kind} ask needs player: (whose hand): add 'player: <name>'.",
                )
            if kind not in F.PLAYER_ASKS and "player" in values:
                self.problem(
                    f"{where}.player",
                    f"player: is used only by "
                    f"{_listing(F.PLAYER_ASKS)} asks: remove it.",
                )
        self.check_name(player, f"{where}.player", names)
        expect = values.get("expect")
        if isinstance(expect, dict):
            if isinstance(expect.get("player"), str):
                self.check_name(expect["player"], f"{where}.expect.player", names)
            if isinstance(expect.get("players"), list):
                for j, name in enumerate(expect["players"]):
                    self.check_name(name, f"{where}.expect.players[{j}]", names)
            if isinstance(expect.get("payouts"), dict):
                for name in expect["payouts"]:
                    self.check_name(name, f"{where}.expect.payouts.{name}", names)
            if not _good_deep(expect):
                return None
        elif expect is not None:
            return None
        if not all(_good(x) for x in values.values()) or not isinstance(kind, str):
            return None
        prompt = values.get("prompt")
        shown = (
            prompt
            if prompt is not None
            else F.DEFAULT_PROMPTS[kind].format(player=player or "the player")
        )
        return Ask(
            kind=kind,
            prompt=shown,
            player=player,
            expect=expect,
            hint=values.get("hint"),
            explain=values.get("explain"),
            prompt_given=prompt is not None,
        )


def _good_deep(value: Any) -> bool:
    if value is _BAD:
        return False
    if isinstance(value, dict):
        return all(_good_deep(v) for v in value.values())
    if isinstance(value, list):
        return all(_good_deep(v) for v in value)
    return True


def read_scenario(
    text: str | bytes, path: str = "<scenario>"
) -> tuple[Scenario | None, list[ScenarioError]]:
    """Check a scenario's text against the format (no replay).

    :return: the Scenario (None if any problem) and every problem found, in file order.
    """
    from tutor.scenarios.nodes import read_text

    try:
        if isinstance(text, bytes):
            text = read_text(text, path)
        root = compose(text, path)
    except ScenarioError as exc:
        return None, [exc]
    checker = _Checker(path)
    checker.marks[""] = (root.line, root.column)
    values = checker.check(F.SCENARIO, root, "")
    if not isinstance(values, dict):
        return None, checker.problems
    scenario = _Builder(checker, values).build()
    problems = sorted(checker.problems, key=lambda e: (e.line, e.column))
    if len(problems) > MAX_PROBLEMS:
        rest = problems[MAX_PROBLEMS]
        more = len(problems) - MAX_PROBLEMS
        problems = problems[:MAX_PROBLEMS] + [
            ScenarioError(
                f"{more} more problem{'s' if more > 1 else ''} not shown: fix the ones above "
                "first.",
                path,
                rest.line,
                rest.column,
            )
        ]
    return (scenario if not problems else None), problems
