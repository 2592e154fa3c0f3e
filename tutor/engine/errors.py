"""The exceptions the engine raises: one root, ``TutorError``, which is also a ``ValueError``."""

from __future__ import annotations

from tutor.engine.messages import Message, render

#: Where in a hand's setup a problem lies, in the engine's own terms: ``("stakes", "rake")``,
#: ``("seats", "Ana", "cards")``, ``("community",)``. The scenario layer maps it to a file's
#: line and column; the engine never names a key of the scenario format.
Where = tuple[str | int, ...]


class TutorError(ValueError):
    """Root of every error the project raises on bad input.

    It is raised with a ``Message`` (explanations as data; ``said`` keeps it, ``str()``
    renders it in the installed language) or, outside the engine, with plain text.
    ``where`` locates the fault in the setup when it is known.
    """

    def __init__(self, message: str | Message = "", *, where: Where = ()) -> None:
        super().__init__(message)
        self.said = message if isinstance(message, Message) else None
        self.where = where
        #: The rule id the message rests on, if any.
        self.rule: str | None = self.said.rule if self.said is not None else None

    def __str__(self) -> str:
        if self.said is not None:
            return render(self.said)
        return super().__str__()


class CardError(TutorError):
    """A card that cannot be read (``1x``, ``Zz``), or a card dealt twice."""


class TableError(TutorError):
    """A table that cannot be played: seat count, stakes, stacks, names, button.

    ``where`` locates the fault: ``("stakes", "bring_in")``, ``("seats",)``, ``("button",)``,
    ``("rules",)``, ``("house", "<field>")``, or ``("seats", "<name>", "<field>")`` for one
    seat's (``player`` and ``field`` say the same for that case: ``field`` one of
    ``"cards"``, ``"committed"``, ``"stack"``; given alone, they make the ``where``).
    """

    def __init__(
        self,
        message: str | Message,
        *,
        player: str | None = None,
        field: str | None = None,
        where: Where = (),
    ) -> None:
        if not where and player is not None:
            where = ("seats", player) + ((field,) if field else ())
        super().__init__(message, where=where)
        self.player = player
        self.field = field


class ActionSyntaxError(TutorError):
    """An action whose words do not fit the grammar (``Cy raise 4x``)."""


class AmbiguousActionError(TutorError):
    """An action that names nobody at the table, or fits two readings."""


class IllegalActionError(TutorError):
    """An action the rules forbid now. ``rule`` names the rule id that forbids it."""

    def __init__(self, message: str | Message, rule: str | None = None) -> None:
        super().__init__(message)
        self.rule = rule or self.rule


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
