"""The exceptions the engine raises: one root, ``TutorError``, which is also a ``ValueError``."""

from __future__ import annotations


class TutorError(ValueError):
    """Root of every error the project raises on bad input."""


class CardError(TutorError):
    """A card that cannot be read (``1x``, ``Zz``), or a card dealt twice."""


class TableError(TutorError):
    """A table that cannot be played: seat count, stakes, stacks, names, button.

    ``player`` and ``field`` say where the fault lies when it is one seat's (``field`` one of
    ``"cards"``, ``"committed"``, ``"stack"``), so that a caller can point at it.
    """

    def __init__(
        self, message: str, *, player: str | None = None, field: str | None = None
    ) -> None:
        super().__init__(message)
        self.player = player
        self.field = field


class ActionSyntaxError(TutorError):
    """An action whose words do not fit the grammar (``Cy raise 4x``)."""


class AmbiguousActionError(TutorError):
    """An action that names nobody at the table, or fits two readings."""


class IllegalActionError(TutorError):
    """An action the rules forbid now. ``rule`` names the rule id that forbids it."""

    def __init__(self, message: str, rule: str) -> None:
        super().__init__(message)
        self.rule = rule


class NeedsCardsError(TutorError):
    """A ruling that depends on cards the scenario leaves unknown (``??``)."""


class ScenarioError(TutorError):
    """A problem in a scenario file, located by path, line and column (1-based)."""

    def __init__(
        self, message: str, path: str = "", line: int = 0, column: int = 0
    ) -> None:
        super().__init__(message)
        self.message = message
        self.path = path
        self.line = line
        self.column = column

    def __str__(self) -> str:
        return f"{self.path}:{self.line}:{self.column}: {self.message}"
