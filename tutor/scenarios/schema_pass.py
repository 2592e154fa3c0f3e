"""The schema pass: located nodes checked against ``fields`` (the scenario format as data),
value by value, every problem collected with its path, line and column.

:class:`SchemaPass` walks the nodes against the specs and gives back plain values (or
:data:`BAD` where a value failed its check, its problem already recorded) and the mark of
every value it read. :mod:`tutor.scenarios.model_builder` builds the scenario from them.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Sequence
from decimal import Decimal, InvalidOperation
from typing import Any

from tutor import specs as S
from tutor.engine import (
    UNKNOWN,
    ActionSyntaxError,
    Card,
    CardError,
    ScenarioError,
    read_action,
)
from tutor.i18n import N_, _, ngettext
from tutor.scenarios import fields as F
from tutor.scenarios.nodes import Map, Node, Scalar, Seq, describe
from tutor.scenarios.text import (
    char_name,
    clip,
    count,
    quote,
    refused_character,
)

MAX_PROBLEMS = 50
#: A value that failed its check (its problem is already recorded).
BAD: Any = object()
_AMOUNT_TEXT = re.compile(r"^\+?([0-9]+(\.[0-9]*)?|\.[0-9]+)$")
_WHOLE_TEXT = re.compile(r"^[-+]?[0-9]+$")
_MAX_WHOLE_DIGITS = 12  # int() refuses more than 4,300 digits; no field needs 12
_MAX_AMOUNT_CHARS = 16  # an action's amount: 1000000000.00 is 13
_TRUE = ("true", "True", "TRUE")
_FALSE = ("false", "False", "FALSE")
_YAML_WORDS = {
    "bool": N_("a boolean (true/false)"),
    "int": N_("a number"),
    "float": N_("a number"),
    "null": N_("null (no value)"),
    "timestamp": N_("a date"),
    "merge": N_("a merge key"),
}
#: What the specs call their values in messages (``spec.what``), for the catalogue: each is
#: translated where a message says it (:func:`said_what`).
_WHATS = (
    N_("text"),
    N_("a player name"),
    N_("an id"),
    N_("a low such as '7-5-4-2-A'"),
    N_("a chip motion such as 'Bo puts in 20, then 20 more'"),
    N_("a declaration such as 'Cy says raise'"),
    N_("house"),
    N_("rake"),
    N_("stakes"),
    N_("seat"),
    N_("start"),
    N_("act step"),
    N_("ask step"),
    N_("expect"),
    N_("scenario"),
)
_PATTERNS: dict[str, re.Pattern[str]] = {}


def _pattern(text: str) -> re.Pattern[str]:
    compiled = _PATTERNS.get(text)
    if compiled is None:
        compiled = _PATTERNS[text] = re.compile(text)
    return compiled


def listing(words: Sequence[str]) -> str:
    return ", ".join(words)


def did_you_mean(word: str, choices: Sequence[str]) -> str:
    close = difflib.get_close_matches(word, choices, n=1, cutoff=0.6)
    # Translators: {word} is the quoted choice closest to what was written.
    return _("; did you mean {word}?").format(word=repr(close[0])) if close else ""


def said_what(what: str) -> str:
    """A spec's ``what`` in the current language (``"seat"``, ``"pot answer"``)."""
    if what.endswith(" answer") and what not in _WHATS:
        # Translators: the expect: mapping of an ask of kind {kind} (an identifier).
        return _("{kind} answer").format(kind=what[: -len(" answer")])
    return _(what)


def yaml_word(kind: str) -> str:
    """What YAML reads a plain scalar of ``kind`` as, in the current language."""
    return _(_YAML_WORDS[kind]) if kind in _YAML_WORDS else kind


def _child(where: str, key: str) -> str:
    return f"{where}.{key}" if where else key


class SchemaPass:
    """Walks nodes against specs; records values' marks and every problem found."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.problems: list[ScenarioError] = []
        #: The path each problem concerns, in the order of ``problems``.
        self.places: list[str] = []
        self.marks: dict[str, tuple[int, int]] = {}

    def problem(
        self,
        where: str,
        at: Node | tuple[int, int],
        message: str,
        place: str | None = None,
    ) -> None:
        """A problem at ``where`` (the path the message starts with), located at ``at``;
        ``place`` is the path it concerns when that is not ``where`` (a key unknown or
        missing in a mapping: the key's path)."""
        line, column = (at.line, at.column) if isinstance(at, Node) else at
        text = f"{where}: {message}" if where else message
        self.problems.append(ScenarioError(text, self.path, line, column))
        self.places.append(where if place is None else place)

    # -- dispatch -------------------------------------------------------------------------
    def check(self, spec: S.Spec, node: Node, where: str) -> Any:
        self.marks[where] = (node.line, node.column)
        return _DISPATCH[spec.__class__](self, spec, node, where)

    # -- scalars --------------------------------------------------------------------------
    def _scalar_text(self, node: Node, where: str, what: str) -> str | Any:
        """The node's text if it is a string scalar; else a problem (with a quote-it hint)."""
        if not isinstance(node, Scalar):
            self.problem(where, node, expected_but(what, describe(node)))
            return BAD
        if node.plain and node.kind != "str":
            if node.text == "":
                self.problem(
                    where,
                    node,
                    # Translators: {what} says what the field holds ("a number").
                    _(
                        "expected {what} but got nothing: write a value after the colon."
                    ).format(what=what),
                )
            else:
                self.problem(
                    where,
                    node,
                    # Translators: {value} is the value as written; {kind} what YAML
                    # reads it as ("a number", "a boolean (true/false)").
                    _(
                        "{value} is read by YAML as {kind}, not as text: quote it, "
                        'as in "{value}".'
                    ).format(value=clip(node.text), kind=yaml_word(node.kind)),
                )
            return BAD
        bad = refused_character(node.text)
        if bad is not None:
            self.problem(
                where,
                node,
                # Translators: {n} is the character's position; {name} its code and
                # Unicode name ("U+202E (RIGHT-TO-LEFT OVERRIDE)").
                _(
                    "character {n} of the text is {name}, a control or "
                    "format character that text may not hold: remove it (write plain "
                    "text; new lines and tabs are allowed)."
                ).format(n=count(bad[0] + 1), name=char_name(bad[1])),
            )
            return BAD
        return node.text

    def _Text(self, spec: S.Text, node: Node, where: str) -> Any:
        text = self._scalar_text(
            node,
            where,
            said_what(spec.what)
            if not spec.enum
            # Translators: {choices} lists the values allowed, separated by commas.
            else _("one of {choices}").format(choices=listing(spec.enum)),
        )
        if text is BAD:
            return BAD
        if spec.enum:
            if text not in spec.enum:
                self.problem(
                    where,
                    node,
                    # Translators: {choices} lists the values allowed; {value} is the
                    # quoted value written; {hint} is "; did you mean 'x'?" or ".".
                    _("expected one of {choices} but got {value}{hint}").format(
                        choices=listing(spec.enum),
                        value=quote(text),
                        hint=did_you_mean(text, spec.enum) or ".",
                    ),
                )
                return BAD
            return text
        if not text.strip():
            self.problem(
                where,
                node,
                _("expected {what} but got an empty text.").format(
                    what=said_what(spec.what)
                ),
            )
            return BAD
        if len(text) > spec.max_length:
            self.problem(
                where,
                node,
                # Translators: {length} and {limit} are numbers of characters.
                _(
                    "the text is {length} characters long: at most "
                    "{limit} are allowed; shorten it."
                ).format(length=count(len(text)), limit=count(spec.max_length)),
            )
            return BAD
        if spec.pattern is not None and not _pattern(spec.pattern).match(text):
            if spec.pattern == F.ID_PATTERN:
                message = _(
                    "{value} is not {what}: use lower-case letters and digits, with "
                    "single '-' between words, as in 'bring-in-two-deuces'."
                )
            elif spec.pattern == S.NAME_PATTERN:
                message = _(
                    "{value} is not {what}: use 1 to 30 characters, without "
                    "spaces at either end."
                )
            elif spec.pattern == S.LOW_PATTERN:
                message = _(
                    "{value} is not {what}: write five ranks, highest first, ace as A: "
                    "'7-5-4-2-A' (8 or lower in stud8; any rank in razz, as 'K-Q-J-9-8')."
                )
            else:  # pragma: no cover - every pattern has its message above
                message = _("{value} is not {what}: see the scenario format.")
            self.problem(
                where,
                node,
                message.format(value=quote(text), what=said_what(spec.what)),
            )
            return BAD
        return text

    def _Whole(self, spec: S.Whole, node: Node, where: str) -> Any:
        # Translators: {low} and {high} are whole numbers.
        expected = _("a whole number from {low} to {high}").format(
            low=count(spec.minimum), high=count(spec.maximum)
        )
        if (
            isinstance(node, Scalar)
            and node.plain
            and node.kind == "int"
            and _WHOLE_TEXT.match(node.text)
        ):
            digits = node.text.lstrip("+-").lstrip("0")
            if len(digits) > _MAX_WHOLE_DIGITS:
                self.problem(
                    where,
                    node,
                    # Translators: {what} is "a whole number from 1 to 10"; {length} a
                    # count of digits.
                    _("expected {what} but got a number {length} digits long.").format(
                        what=expected, length=count(len(node.text))
                    ),
                )
                return BAD
            # int() counts the literal's length (leading zeros too) against its 4,300
            # digits: convert only the significant digits the guard counted.
            value = int(digits or "0") * (-1 if node.text.startswith("-") else 1)
            if spec.minimum <= value <= spec.maximum:
                return value
            self.problem(where, node, expected_but(expected, clip(node.text)))
            return BAD
        if (
            isinstance(node, Scalar)
            and not node.plain
            and _WHOLE_TEXT.match(node.text.strip())
        ):
            self.problem(where, node, expected_text(expected, quote(node.text)))
            return BAD
        self.problem(where, node, expected_but(expected, describe(node)))
        return BAD

    def _Amount(self, spec: S.Amount, node: Node, where: str) -> Any:
        # The amounts a message shows are as the file writes them (0.25), in every
        # language: the scenario format is YAML's.
        lowest = _("more than 0") if spec.positive else _("0 or more")
        # Translators: {lowest} is "more than 0" or "0 or more"; 0.25 is written as the
        # file writes it (YAML), with a point, in every language.
        expected = _("an amount ({lowest}) such as 2 or 0.25").format(lowest=lowest)
        if not isinstance(node, Scalar):
            self.problem(where, node, expected_but(expected, describe(node)))
            return BAD
        text = node.text.strip()
        if not node.plain:
            if _AMOUNT_TEXT.match(text):
                self.problem(where, node, expected_text(expected, quote(node.text)))
            else:
                self.problem(where, node, expected_but(expected, quote(node.text)))
            return BAD
        if node.kind not in ("int", "float"):
            self.problem(where, node, expected_but(expected, describe(node)))
            return BAD
        lowered = text.lower()
        if "inf" in lowered or "nan" in lowered:
            self.problem(
                where,
                node,
                # Translators: {value} is the value as written in the file.
                _("{value} is not an amount: write a number such as 2 or 0.25.").format(
                    value=clip(text)
                ),
            )
            return BAD
        if text.startswith("-"):
            self.problem(
                where,
                node,
                # Translators: {lowest} is "more than 0" or "0 or more".
                _("{value} is negative: amounts are {lowest}.").format(
                    value=clip(text), lowest=lowest
                ),
            )
            return BAD
        if not _AMOUNT_TEXT.match(text):
            self.problem(
                where,
                node,
                _(
                    "{value} is not written as a plain decimal number: write "
                    "it with digits and at most one '.', as in 1000 or 0.25."
                ).format(value=clip(text)),
            )
            return BAD
        try:
            value = Decimal(text)
        except (
            InvalidOperation
        ):  # pragma: no cover - the pattern above admits only decimals
            self.problem(
                where, node, _("{value} is not an amount.").format(value=clip(text))
            )
            return BAD
        exponent = value.normalize().as_tuple().exponent
        if isinstance(exponent, int) and exponent < -F.MAX_AMOUNT_PLACES:
            self.problem(
                where,
                node,
                # Translators: {places} is the number of decimal places allowed (2).
                _(
                    "{value} has more than {places} decimal "
                    "places: amounts go down to the cent, as in 0.25."
                ).format(value=clip(text), places=F.MAX_AMOUNT_PLACES),
            )
            return BAD
        if spec.positive and value == 0:
            self.problem(where, node, expected_but(expected, clip(text)))
            return BAD
        if value > spec.maximum:
            self.problem(
                where,
                node,
                # Translators: {largest} is the largest amount a file may write.
                _("{value} is more than the largest amount allowed, {largest}.").format(
                    value=clip(text), largest=count(spec.maximum)
                ),
            )
            return BAD
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
                    # Translators: {value} is a word YAML 1.1 reads as a boolean ("yes").
                    _(
                        "expected true or false but got {value}: write "
                        "true or false (editors using YAML 1.2 read "
                        "{value} as text)."
                    ).format(value=clip(node.text)),
                )
                return BAD
        self.problem(where, node, expected_but(_("true or false"), describe(node)))
        return BAD

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
                # Translators: {value} is the quoted word; ranks and suits are the
                # letters the file writes (English card notation, in every language).
                _(
                    "{value} is not a card: write a rank 2-9, T, J, Q, K, A (or 10) "
                    "and a suit c, d, h, s, as in 'Ah', 'td' or '10d'."
                ).format(value=quote(word)),
            )
            return BAD
        try:
            return Card.parse(word)
        except CardError as exc:
            self.problem(where, at, str(exc))
            return BAD

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
                    self.problem(here, item, number_not_card(clip(item.text)))
                    bad = True
                    continue
                text = self._scalar_text(item, here, _("a card such as 'Ah' or '??'"))
                if text is BAD:
                    bad = True
                    continue
                words.append((text.strip(), (item.line, item.column)))
        elif isinstance(node, Scalar) and node.plain and node.kind in ("int", "float"):
            self.problem(
                where,
                node,
                _(
                    "{value} is a number, not cards: write each card's "
                    'rank and suit together, as in "10d 9c ??".'
                ).format(value=clip(node.text)),
            )
            return BAD
        else:
            text = self._scalar_text(node, where, _('cards such as "Ah Kd ??"'))
            if text is BAD:
                return BAD
            assert isinstance(node, Scalar)
            words = self._word_marks(node, text)
        if len(words) > spec.max_cards:
            self.problem(
                where,
                node,
                # Translators: {given} is a number of cards (more than {most}).
                _(
                    "{given} cards are given, but a player gets at "
                    "most {most}: remove the extra cards."
                ).format(given=count(len(words)), most=spec.max_cards),
            )
            return BAD
        cards: list[Card | None] = []
        ok = True
        for word, at in words:
            if word == UNKNOWN:
                cards.append(None)
                continue
            card = self._card(word, node, where, at)
            ok = ok and card is not BAD
            cards.append(card)
        if not ok or bad:
            return BAD
        return [(card, at) for card, (_, at) in zip(cards, words, strict=True)]

    def _OneCard(self, spec: S.OneCard, node: Node, where: str) -> Any:
        if isinstance(node, Scalar) and node.plain and node.kind in ("int", "float"):
            self.problem(where, node, number_not_card(clip(node.text)))
            return BAD
        text = self._scalar_text(node, where, _("a card such as 'Ah'"))
        if text is BAD:
            return BAD
        if text.strip() == UNKNOWN:
            self.problem(
                where,
                node,
                _("?? is not allowed here: write the real card, as in 'Ah'."),
            )
            return BAD
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
            expected_but(_("a rank (2-9, T, J, Q, K or A)"), describe(node)),
        )
        return BAD

    def _Actions(self, spec: S.Actions, node: Node, where: str) -> Any:
        items: list[tuple[Node, str]]
        if isinstance(node, Seq):
            if not node.items:
                self.problem(
                    where,
                    node,
                    _(
                        "the list of actions is empty: give at least one "
                        "action, as in 'Ana calls'."
                    ),
                )
                return BAD
            items = [(item, f"{where}[{i}]") for i, item in enumerate(node.items)]
        else:
            items = [(node, where)]
        out: list[tuple[str, str, tuple[int, int]]] = []
        for item, here in items:
            self.marks[here] = (item.line, item.column)
            text = self._scalar_text(item, here, _("an action such as 'Ana calls'"))
            if text is BAD:
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
                    # Translators: {action} is the quoted action; {length} a count of
                    # characters; {largest} the largest amount allowed.
                    _(
                        "the amount in {action} is {length} characters long: "
                        "amounts go up to {largest}, to the cent, as in 'Ana bets 4'."
                    ).format(
                        action=quote(text),
                        length=count(len(amount)),
                        largest=count(S.MAX_AMOUNT),
                    ),
                )
                continue
            out.append((text, here, (item.line, item.column)))
        if len(out) != len(items):
            return BAD
        return (out, isinstance(node, Seq))

    # -- containers -----------------------------------------------------------------------
    def _ListOf(self, spec: S.ListOf, node: Node, where: str) -> Any:
        if not isinstance(node, Seq):
            self.problem(where, node, expected_but(_("a list"), describe(node)))
            return BAD
        given = len(node.items)
        if given < spec.min_items or given > spec.max_items:
            if where == "seats":
                self.problem(
                    where,
                    node,
                    # Translators: {given} is a number of seats; {low} to {high} the
                    # players a table seats; table.seats is a rule id.
                    # (English says "seats" for any number; other languages agree.)
                    ngettext(
                        "{given} seats are given, but a table seats "
                        "{low} to {high} players (table.seats): a "
                        "52-card deck cannot deal seven cards to more than 8.",
                        "{given} seats are given, but a table seats "
                        "{low} to {high} players (table.seats): a "
                        "52-card deck cannot deal seven cards to more than 8.",
                        given,
                    ).format(
                        given=count(given), low=spec.min_items, high=spec.max_items
                    ),
                )
            elif spec.min_items == spec.max_items:
                self.problem(
                    where,
                    node,
                    ngettext(
                        "expected exactly {n} items but got {given}.",
                        "expected exactly {n} items but got {given}.",
                        spec.min_items,
                    ).format(n=count(spec.min_items), given=count(given)),
                )
            elif given > spec.max_items:
                self.problem(
                    where,
                    node,
                    # Translators: {given} is more than {most}, the items allowed.
                    _(
                        "{given} items are given; at most {most} are allowed: split it."
                    ).format(given=count(given), most=count(spec.max_items)),
                )
            else:
                self.problem(
                    where,
                    node,
                    ngettext(
                        "expected at least {n} item but got {given}.",
                        "expected at least {n} items but got {given}.",
                        spec.min_items,
                    ).format(n=count(spec.min_items), given=count(given)),
                )
            return BAD
        values = [
            self.check(spec.item, item, f"{where}[{i}]")
            for i, item in enumerate(node.items)
        ]
        return values

    def _keys(self, spec: S.Obj, node: Map, where: str) -> None:
        allowed = spec.by_name
        for key, _value in node.pairs:
            if key.text not in allowed:
                self.problem(
                    where,
                    key,
                    # Translators: {key} is the quoted key; {what} names the mapping
                    # ("seat", "stakes"); {keys} lists the allowed keys; {hint} is
                    # "; did you mean 'x'?" or ".".
                    _(
                        "unknown key {key} in {what}: the allowed keys are {keys}{hint}"
                    ).format(
                        key=quote(key.text),
                        what=said_what(spec.what),
                        keys=listing(spec.names),
                        hint=did_you_mean(key.text, spec.names) or ".",
                    ),
                    place=_child(where, key.text),
                )
        if not spec.required:
            return
        present = {key.text for key, _ in node.pairs}
        for name in spec.required:
            if name not in present:
                self.problem(
                    where,
                    node,
                    # Translators: {what} names the mapping ("seat"); {key} is the
                    # quoted key; {name} the key as written.
                    _("{what} needs the key {key}: add '{name}: ...'.").format(
                        what=said_what(spec.what), key=repr(name), name=name
                    ),
                    place=_child(where, name),
                )

    def _Obj(
        self, spec: S.Obj, node: Node, where: str, skip: tuple[str, ...] = ()
    ) -> Any:
        if not isinstance(node, Map):
            self.problem(
                where,
                node,
                # Translators: {what} names the mapping; {keys} lists its keys; {got}
                # says what was found ("a list", "the text 'x'").
                _("expected {what} (a mapping of {keys}) but got {got}.").format(
                    what=said_what(spec.what),
                    keys=listing(spec.names),
                    got=describe(node),
                ),
            )
            return BAD
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
                expected_but(_("a mapping of player names to amounts"), describe(node)),
            )
            return BAD
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
                    _("expected 1 to {most} items but got {given}.").format(
                        most=count(spec.max_items), given=count(len(node.items))
                    ),
                )
                return BAD
            return [
                self.check(spec.item, item, f"{where}[{i}]")
                for i, item in enumerate(node.items)
            ]
        return self.check(spec.item, node, where)

    def _event(self, node: Map, where: str) -> Any:
        """An ``event:`` step: one irregularity key, with the keys that kind allows."""
        value = node.get("event")
        assert value is not None
        for key, _value in node.pairs:
            if key.text != "event":
                self.problem(
                    where,
                    key,
                    # Translators: {key} is the quoted key; event: is a key of the format.
                    _(
                        "unknown key {key} in an event step: an event step has only "
                        "event: (write what happened inside it)."
                    ).format(key=repr(key.text)),
                )
        here = f"{where}.event"
        self.marks[here] = (value.line, value.column)
        if not isinstance(value, Map) or not value.pairs:
            self.problem(
                here,
                value,
                # Translators: {got} says what was found; {events} lists the event keys.
                _(
                    "expected what happened, as a mapping such as "
                    "{{dealer-exposes: Ana, card: 1}}, but got {got}: the events are "
                    "{events}."
                ).format(got=describe(value), events=listing(tuple(F.EVENT_KINDS))),
            )
            return BAD
        kinds = [k for k, _v in value.pairs if k.text in F.EVENT_KINDS]
        if len(kinds) != 1:
            first = value.pairs[0][0]
            events = listing(tuple(F.EVENT_KINDS))
            if kinds:
                # Translators: {events} lists the event keys; {n} (2 or more) and
                # {named} the ones the step names.
                message = _(
                    "an event names exactly one irregularity (one of {events}), and it "
                    "names {n} ({named})."
                ).format(
                    events=events,
                    n=count(len(kinds)),
                    named=listing([k.text for k in kinds]),
                )
            else:
                hint = did_you_mean(first.text, tuple(F.EVENT_KINDS))
                # Translators: {events} lists the event keys; {key} is the quoted key
                # written; {hint} is "; did you mean 'x'?" or "." (it ends the sentence).
                message = _(
                    "an event names exactly one irregularity (one of {events}), and "
                    "{key} is not one{hint}"
                ).format(events=events, key=repr(first.text), hint=hint or ".")
            self.problem(here, first if not kinds else kinds[1], message)
            return BAD
        kind = kinds[0].text
        spec, allowed, _said = F.EVENT_KINDS[kind]
        out: dict[str, Any] = {}
        fine = True
        for key, item in value.pairs:
            at = f"{here}.{key.text}"
            self.marks[at] = (item.line, item.column)
            if key.text == kind:
                out[kind] = self.check(spec, item, at)
            elif key.text in allowed:
                out[key.text] = self.check(F.EVENT_MODIFIERS[key.text], item, at)
            else:
                fine = False
                self.problem(
                    at,
                    key,
                    (
                        # Translators: {key} is the quoted key; {kind} the event's kind
                        # (an identifier); {keys} the keys it takes; {hint} is
                        # "; did you mean 'x'?" or ".".
                        _(
                            "unknown key {key} in a {kind} event: it takes only {keys}{hint}"
                        )
                        if allowed
                        else _(
                            "unknown key {key} in a {kind} event: it takes no other key{hint}"
                        )
                    ).format(
                        key=repr(key.text),
                        kind=kind,
                        keys=listing(allowed),
                        hint=did_you_mean(key.text, allowed) or ".",
                    ),
                )
        if not fine or not all(good(v) for v in out.values()):
            return BAD
        return {"kind": kind, "values": out}

    def _StepSpec(self, spec: S.StepSpec, node: Node, where: str) -> Any:
        if not isinstance(node, Map):
            self.problem(
                where,
                node,
                # Translators: {got} says what was found; act:, ask:, event: are keys.
                _(
                    "expected a step (a mapping with act:, ask: or event:) but got "
                    "{got}: write '- act: Ana calls' or '- ask: pot'."
                ).format(got=describe(node)),
            )
            return BAD
        has_act = node.get("act") is not None
        has_ask = node.get("ask") is not None
        has_event = node.get("event") is not None
        if has_act + has_ask + has_event > 1:
            self.problem(
                where,
                node,
                _(
                    "a step is one of act:, ask: or event:, not two: split it into steps."
                ),
            )
            return BAD
        if has_event:
            assert isinstance(node, Map)
            return ("event", self._event(node, where))
        if has_act:
            return ("act", self._Obj(spec.act, node, where))
        if not has_ask:
            keys = listing(
                [
                    k.text
                    if len(k.text) <= 20 and k.text.isprintable()
                    else quote(k.text, 20)
                    for k, _ in node.pairs[:8]
                ]
            ) or _("none")
            if len(node.pairs) > 8:
                # Translators: {keys} lists the first 8 keys; {n} how many more there are.
                keys = _("{keys} and {n} more").format(
                    keys=keys, n=count(len(node.pairs) - 8)
                )
            self.problem(
                where,
                node,
                # Translators: {keys} lists the step's keys (or "none").
                _(
                    "a step needs act: (actions), ask: (a question) or event: (an "
                    "irregularity); its keys are {keys}."
                ).format(keys=keys),
            )
            return BAD
        values = self._Obj(spec.ask, node, where, skip=("expect",))
        expect = node.get("expect")
        if expect is not None:
            here = f"{where}.expect"
            kind = values.get("ask")
            if isinstance(kind, str) and kind in spec.expect:
                values["expect"] = self.check(spec.expect[kind], expect, here)
            else:
                self.marks[here] = (expect.line, expect.column)
                values["expect"] = BAD
        return ("ask", values)


_DISPATCH: dict[type, Callable[[SchemaPass, Any, Node, str], Any]] = {
    S.Text: SchemaPass._Text,
    S.Whole: SchemaPass._Whole,
    S.Amount: SchemaPass._Amount,
    S.Flag: SchemaPass._Flag,
    S.Nullable: SchemaPass._Nullable,
    S.CardList: SchemaPass._CardList,
    S.OneCard: SchemaPass._OneCard,
    S.Rank: SchemaPass._Rank,
    S.Actions: SchemaPass._Actions,
    S.ListOf: SchemaPass._ListOf,
    S.Obj: SchemaPass._Obj,
    S.DictOf: SchemaPass._DictOf,
    S.StepSpec: SchemaPass._StepSpec,
    S.OneOrList: SchemaPass._OneOrList,
}


def expected_but(what: str, got: str) -> str:
    """``expected <what> but got <got>.`` in the current language."""
    # Translators: {what} says what the field holds ("a number from 1 to 5"); {got} what
    # was found ("a list", "the text 'x'", a value as written).
    return _("expected {what} but got {got}.").format(what=what, got=got)


def expected_text(what: str, quoted: str) -> str:
    """A number written in quotes: the quotes are to go."""
    # Translators: {what} says what the field holds; {value} is the quoted text written.
    return _("expected {what} but got the text {value}: remove the quotes.").format(
        what=what, value=quoted
    )


def number_not_card(value: str) -> str:
    """A card written as a bare number (10 for 10d)."""
    return _(
        "{value} is a number, not a card: write the "
        "rank and the suit together, as in 10d or Td."
    ).format(value=value)


def good(value: Any) -> bool:
    """Whether a checked value passed its check."""
    return value is not BAD
