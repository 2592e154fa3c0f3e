"""Safe YAML reading: events to located nodes, with limits on size, nesting, aliases and tags."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import yaml
from yaml.resolver import Resolver

from tutor.engine import ScenarioError
from tutor.i18n import _
from tutor.scenarios.text import QUOTE_LIMIT, clip, count, quote

MAX_BYTES = 256 * 1024
MAX_NODES = 20_000
MAX_DEPTH = 20

try:  # libyaml when present: same events and marks, several times faster
    _Parser: Any = yaml.CSafeLoader
except AttributeError:  # pragma: no cover - depends on how PyYAML was built
    _Parser = yaml.SafeLoader

_CORE = "tag:yaml.org,2002:"
#: Explicit tags a scenario may carry: the plain YAML types, nothing that builds objects.
ALLOWED_TAGS = frozenset(
    _CORE + t for t in ("str", "int", "float", "bool", "null", "seq", "map")
)

# Implicit typing of plain scalars, YAML 1.1 as PyYAML resolves it (so that ``No`` is caught).
_RESOLVERS: dict[str | None, list[tuple[str, re.Pattern[str]]]] = (
    Resolver.yaml_implicit_resolvers
)


def resolve_plain(value: str) -> str:
    """The tag PyYAML would give the plain scalar ``value`` (``No`` -> bool, ``10`` -> int)."""
    for tag, regexp in _RESOLVERS.get(value[:1] if value else "", []):
        if regexp.match(value):
            return str(tag)
    if not value:
        for tag, regexp in _RESOLVERS.get("", []):
            if regexp.match(value):
                return str(tag)
    return _CORE + "str"


@dataclass(slots=True, eq=False)
class Node:
    """A YAML node with its 1-based position in the file."""

    line: int
    column: int


@dataclass(slots=True, eq=False)
class Scalar(Node):
    """A scalar: ``text`` exactly as written, ``tag`` as YAML would type it, ``plain`` if unquoted."""

    text: str
    tag: str
    plain: bool

    @property
    def kind(self) -> str:
        """``str``, ``int``, ``float``, ``bool``, ``null`` (or another YAML type name)."""
        return self.tag.removeprefix(_CORE)


@dataclass(slots=True, eq=False)
class Seq(Node):
    items: list[Node] = field(default_factory=list)


@dataclass(slots=True, eq=False)
class Map(Node):
    """A mapping; keys are scalars (their text), kept in file order."""

    pairs: list[tuple[Scalar, Node]] = field(default_factory=list)

    def get(self, key: str) -> Node | None:
        for k, v in self.pairs:
            if k.text == key:
                return v
        return None


def describe(node: Node) -> str:
    """How a node reads in a message: ``'stud-8'``, ``10``, ``a list``, ``a mapping``."""
    if isinstance(node, Scalar):
        if node.plain and node.kind in ("int", "float", "bool", "null"):
            return (
                quote(node.text)
                if len(node.text) > QUOTE_LIMIT
                else node.text or _("nothing")
            )
        return quote(node.text)
    return _("a list") if isinstance(node, Seq) else _("a mapping")


def read_text(data: bytes, path: str) -> str:
    """Decode a scenario file's bytes, refusing oversized files and text that is not UTF-8."""
    if len(data) > MAX_BYTES:
        raise ScenarioError(
            # Translators: {size} and {limit} are numbers of bytes.
            _(
                "the file is {size} bytes, over the limit of {limit} (256 KiB): "
                "a scenario is one hand; split the file into several scenarios."
            ).format(size=count(len(data)), limit=count(MAX_BYTES)),
            path,
            1,
            1,
        )
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        before = data[: exc.start]
        line = before.count(b"\n") + 1
        column = len(before) - (before.rfind(b"\n") + 1) + 1
        raise ScenarioError(
            # Translators: {byte} is a byte in hexadecimal ("0xff").
            _("byte {byte} is not UTF-8 text: save the file as UTF-8.").format(
                byte=f"0x{data[exc.start]:02x}"
            ),
            path,
            line,
            column,
        ) from None


def compose(text: str, path: str) -> Node:
    """Parse one YAML document into located nodes.

    :raises ScenarioError: on a YAML syntax error, a disallowed tag, a duplicate key, a complex
        key, more than one document, an empty file, nesting deeper than ``MAX_DEPTH``, or more
        than ``MAX_NODES`` nodes once aliases are expanded.
    """
    if len(text.encode("utf-8")) > MAX_BYTES:
        raise ScenarioError(
            _(
                "the text is over the limit of {limit} bytes (256 KiB): "
                "a scenario is one hand; split it into several scenarios."
            ).format(limit=count(MAX_BYTES)),
            path,
            1,
            1,
        )
    return _Composer(text, path).run()


class _Composer:
    """Builds nodes from PyYAML's event stream; iterative, so deep input cannot overflow the stack."""

    def __init__(self, text: str, path: str) -> None:
        self.text = text
        self.path = path
        self.count = 0
        self.anchors: dict[str, tuple[Node, int]] = {}

    def error(self, message: str, mark: yaml.Mark | None) -> ScenarioError:
        line = mark.line + 1 if mark is not None else 1
        column = mark.column + 1 if mark is not None else 1
        return ScenarioError(message, self.path, line, column)

    def add(self, size: int, mark: yaml.Mark) -> None:
        self.count += size
        if self.count > MAX_NODES:
            raise self.error(
                _(
                    "the file expands to more than {limit} values (through aliases or sheer "
                    "size): a scenario needs a few hundred; remove the aliases that repeat "
                    "large parts."
                ).format(limit=count(MAX_NODES)),
                mark,
            )

    def run(self) -> Node:
        loader = None
        try:
            loader = _Parser(self.text)  # the pure-Python reader checks characters here
            return self._run(loader)
        except yaml.MarkedYAMLError as exc:
            mark = exc.problem_mark or exc.context_mark
            problem = clip(exc.problem or exc.context or _("unreadable YAML"))
            raise self.error(not_yaml(problem), mark) from None
        except yaml.YAMLError as exc:  # ReaderError: control characters and the like
            raise ScenarioError(
                not_yaml(_reader_problem(exc)),
                self.path,
                *_reader_position(self.text, exc),
            ) from None
        finally:
            if loader is not None:
                loader.dispose()

    def _run(self, loader: yaml.SafeLoader) -> Node:
        # Stack entries: [container, pending key (maps), count at start, anchor, keys seen].
        stack: list[list[Any]] = []
        root: Node | None = None
        documents = 0
        get_event: Callable[[], Any] = loader.get_event  # untyped in the stubs
        anchors = self.anchors
        str_tag = _CORE + "str"
        while True:
            event = get_event()
            cls = event.__class__
            node: Node
            if cls is yaml.ScalarEvent:
                tag = event.tag
                mark = event.start_mark
                if tag is None or tag == "!":
                    if event.implicit[0] and not event.style:
                        node = Scalar(
                            mark.line + 1,
                            mark.column + 1,
                            event.value,
                            resolve_plain(event.value),
                            True,
                        )
                    else:
                        node = Scalar(
                            mark.line + 1, mark.column + 1, event.value, str_tag, False
                        )
                else:
                    self._check_tag(tag, mark)
                    node = Scalar(
                        mark.line + 1, mark.column + 1, event.value, tag, False
                    )
                self.count += 1
                if self.count > MAX_NODES:
                    self.add(0, mark)
                if event.anchor is not None:
                    anchors[event.anchor] = (node, 1)
            elif cls is yaml.MappingStartEvent or cls is yaml.SequenceStartEvent:
                mark = event.start_mark
                if event.tag is not None and event.tag != "!":
                    self._check_tag(event.tag, mark)
                if len(stack) >= MAX_DEPTH:
                    raise self.error(
                        _(
                            "the values nest more than {limit} levels deep: a scenario "
                            "needs about 5; flatten the lists and mappings."
                        ).format(limit=count(MAX_DEPTH)),
                        mark,
                    )
                self.add(1, mark)
                if stack and stack[-1][1] is None and stack[-1][0].__class__ is Map:
                    raise self.error(
                        _(
                            "a key must be plain text, not a mapping: write 'name: value'."
                        )
                        if cls is yaml.MappingStartEvent
                        else _(
                            "a key must be plain text, not a list: write 'name: value'."
                        ),
                        mark,
                    )
                container: Node = (
                    Map(mark.line + 1, mark.column + 1)
                    if cls is yaml.MappingStartEvent
                    else Seq(mark.line + 1, mark.column + 1)
                )
                stack.append([container, None, self.count, event.anchor, {}])
                continue
            elif cls is yaml.MappingEndEvent or cls is yaml.SequenceEndEvent:
                entry = stack.pop()
                node = entry[0]
                if entry[3] is not None:
                    anchors[entry[3]] = (node, self.count - entry[2] + 1)
            elif cls is yaml.AliasEvent:
                found = anchors.get(event.anchor)
                if found is None:
                    name = clip(event.anchor)
                    open_anchors = {e[3] for e in stack}
                    raise self.error(
                        # Translators: {name} is a YAML anchor's name (*name, &name).
                        _(
                            "the alias *{name} refers to the list or mapping that "
                            "contains it (a recursive alias): repeat the values instead."
                        ).format(name=name)
                        if event.anchor in open_anchors
                        else _(
                            "the alias *{name} has no anchor &{name} before it: "
                            "define the anchor first or write the values out."
                        ).format(name=name),
                        event.start_mark,
                    )
                node = found[0]
                self.add(found[1], event.start_mark)
            elif cls is yaml.StreamEndEvent:
                break
            elif cls is yaml.DocumentStartEvent:
                documents += 1
                if documents > 1:
                    raise self.error(
                        _(
                            "a scenario file holds one YAML document: remove the '---' and "
                            "what follows, or move it to a file of its own."
                        ),
                        event.start_mark,
                    )
                continue
            else:  # StreamStart, DocumentEnd
                continue
            if not stack:
                root = node
                continue
            entry = stack[-1]
            parent = entry[0]
            if parent.__class__ is Seq:
                parent.items.append(node)
            elif entry[1] is None:
                self._key(entry, node, event.start_mark)
            else:
                parent.pairs.append((entry[1], node))
                entry[1] = None
        if root is None:
            raise ScenarioError(
                _(
                    "the file is empty: a scenario is a mapping with id, title, topic, "
                    "level, stakes, seats and steps."
                ),
                self.path,
                1,
                1,
            )
        return root

    def _key(self, entry: list[Any], node: Node, mark: yaml.Mark) -> None:
        if not isinstance(node, Scalar):  # an alias to a list or mapping used as a key
            raise self.error(_("a key must be plain text: write 'name: value'."), mark)
        seen: dict[str, Scalar] = entry[4]
        first = seen.get(node.text)
        if first is not None:
            raise ScenarioError(
                # Translators: {key} is the quoted key; {line} and {column} where it is first.
                _(
                    "duplicate key {key}: it is already given at line {line}, "
                    "column {column}; keep one of the two."
                ).format(key=quote(node.text), line=first.line, column=first.column),
                self.path,
                node.line,
                node.column,
            )
        seen[node.text] = node
        entry[1] = node

    def _check_tag(self, tag: str | None, mark: yaml.Mark) -> None:
        if tag is None or tag in ("!", "?") or tag in ALLOWED_TAGS:
            return
        shown = "!!" + tag[len(_CORE) :] if tag.startswith(_CORE) else tag
        raise self.error(
            # Translators: {tag} is the quoted YAML tag ("!!binary").
            _(
                "the tag {tag} is not allowed: a scenario holds only text, numbers, "
                "true/false, lists and mappings; remove the tag."
            ).format(tag=quote(shown)),
            mark,
        )


def not_yaml(problem: str) -> str:
    """The text is not YAML; ``problem`` is PyYAML's own (English) words, or ours."""
    # Translators: {problem} is the YAML reader's own description, in English.
    return _("this is not valid YAML: {problem}.").format(problem=problem)


def _reader_problem(exc: yaml.YAMLError) -> str:
    if isinstance(exc, yaml.reader.ReaderError):
        char = exc.character
        shown = f"U+{ord(char):04X}" if isinstance(char, str) else f"0x{char:02x}"
        # Translators: {char} is a character's code ("U+0007").
        return _("the character {char} is not allowed in YAML text; remove it").format(
            char=shown
        )
    return str(exc).splitlines()[0] if str(exc) else _("unreadable YAML")


def _reader_position(text: str, exc: yaml.YAMLError) -> tuple[int, int]:
    position = getattr(exc, "position", None)
    if not isinstance(position, int):
        return 1, 1
    before = text[:position]
    return before.count("\n") + 1, position - (before.rfind("\n") + 1) + 1
