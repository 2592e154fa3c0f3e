"""Registries: entries by name, in the order registered, and live lists of their names.

The engine's open sets (the games, the ask kinds, the irregularity kinds) are registries:
the built-in entries are registered where they are defined, and a test or an extension adds
one with :meth:`Registry.register`. Lists of names handed to other packages are
:class:`Names` views, read when used, so that an entry registered later is in them.

>>> kinds = Registry("kind")
>>> names = kinds.names()
>>> kinds.register("a", 1), kinds.register("b", 2), tuple(names)
(1, 2, ('a', 'b'))
>>> kinds.register("a", 3)
Traceback (most recent call last):
...
ValueError: the kind 'a' is registered already.
"""

from __future__ import annotations

from collections import UserList
from collections.abc import Callable, Iterator, Mapping
from typing import Generic, TypeVar, overload

V = TypeVar("V")


class Names(UserList[str]):
    """A tuple of names worked out when read (from a registry as it is then).

    It compares equal to a tuple or list of the same names, in the same order. It is a
    ``UserList`` so that code which takes only real lists takes it (Streamlit's widget
    options do); it cannot be changed through it: ``data`` is worked out each time.
    """

    __slots__ = ("_read",)

    def __init__(self, read: Callable[[], tuple[str, ...]]) -> None:
        self._read = read

    @property
    def data(self) -> list[str]:
        return list(self._read())

    @data.setter
    def data(self, value: list[str]) -> None:
        raise TypeError("a list of names is read from its registry, not set.")

    @overload  # type: ignore[override]
    def __getitem__(self, index: int) -> str: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[str, ...]: ...
    def __getitem__(self, index: int | slice) -> str | tuple[str, ...]:
        return self._read()[index]

    def __len__(self) -> int:
        return len(self._read())

    def __iter__(self) -> Iterator[str]:
        return iter(self._read())

    def __contains__(self, value: object) -> bool:
        return value in self._read()

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (Names, tuple, list, UserList)):
            return self._read() == tuple(other)
        return NotImplemented

    def __hash__(self) -> int:  # type: ignore[override]
        return hash(self._read())

    def __repr__(self) -> str:
        return repr(self._read())


class Registry(Mapping[str, V], Generic[V]):
    """Entries by name, in the order registered; read-only but for :meth:`register` and
    :meth:`unregister`. ``what`` names an entry in messages (``ask kind``)."""

    __slots__ = ("_entries", "_what")

    def __init__(self, what: str) -> None:
        self._entries: dict[str, V] = {}
        self._what = what

    def register(self, name: str, entry: V) -> V:
        """Add ``entry`` under ``name``.

        :raises ValueError: if ``name`` is registered already.
        """
        if name in self._entries:
            raise ValueError(f"the {self._what} {name!r} is registered already.")
        self._entries[name] = entry
        return entry

    def unregister(self, name: str) -> V:
        """Take ``name`` out again (for tests that add an entry of their own)."""
        return self._entries.pop(name)

    def __getitem__(self, name: str) -> V:
        return self._entries[name]

    def __iter__(self) -> Iterator[str]:
        return iter(tuple(self._entries))

    def __len__(self) -> int:
        return len(self._entries)

    def __contains__(self, name: object) -> bool:
        return name in self._entries

    def names(self, where: Callable[[V], bool] | None = None) -> Names:
        """The names of the entries ``where`` accepts (all by default), read when used."""
        entries = self._entries
        if where is None:
            return Names(lambda: tuple(entries))
        return Names(lambda: tuple(k for k, v in entries.items() if where(v)))

    def __repr__(self) -> str:
        return f"Registry({self._what!r}, {list(self._entries)!r})"


T = TypeVar("T")


class Derived(Mapping[str, T], Generic[V, T]):
    """A read-only mapping whose values are worked out from another mapping's, when read:
    ``Derived(ASKS, lambda entry: entry.prompt)`` follows every kind registered later.

    A value is worked out once per entry (kept while the source holds that same entry).

    >>> source = Registry("kind")
    >>> doubled = Derived(source, lambda v: v * 2)
    >>> _ = source.register("a", 1)
    >>> dict(doubled)
    {'a': 2}
    """

    __slots__ = ("_source", "_make", "_made")

    def __init__(self, source: Mapping[str, V], make: Callable[[V], T]) -> None:
        self._source = source
        self._make = make
        self._made: dict[str, tuple[V, T]] = {}

    def __getitem__(self, name: str) -> T:
        entry = self._source[name]
        made = self._made.get(name)
        if made is None or made[0] is not entry:
            made = (entry, self._make(entry))
            self._made[name] = made
        return made[1]

    def __iter__(self) -> Iterator[str]:
        return iter(tuple(self._source))

    def __len__(self) -> int:
        return len(self._source)

    def __contains__(self, name: object) -> bool:
        return name in self._source

    def __repr__(self) -> str:
        return repr(dict(self))
