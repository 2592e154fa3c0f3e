"""Reading a scenario against the format: the schema pass, then the model builder.

:func:`read_scenario` composes the text into located nodes (``tutor.scenarios.nodes``),
checks them value by value (:mod:`tutor.scenarios.schema_pass`) and builds the scenario with
the checks across fields (:mod:`tutor.scenarios.model_builder`). Every problem of the file is
collected, in file order. :func:`read_draft` also gives what the replay can still check in a
file with problems.
"""

from __future__ import annotations

from tutor.engine import ScenarioError
from tutor.i18n import ngettext
from tutor.scenarios import fields as F
from tutor.scenarios.model import Scenario
from tutor.scenarios.model_builder import Draft, ModelBuilder
from tutor.scenarios.nodes import compose, read_text
from tutor.scenarios.schema_pass import SchemaPass
from tutor.scenarios.text import count

#: Problems reported per file at most; a last line says how many more there are.
MAX_PROBLEMS = 50


def read_scenario(
    text: str | bytes, path: str = "<scenario>"
) -> tuple[Scenario | None, list[ScenarioError]]:
    """Check a scenario's text against the format (no replay).

    :return: the Scenario (None if any problem) and every problem found, in file order.
    """
    draft, problems = read_draft(text, path)
    return (draft.scenario if not problems else None), in_file_order(problems, path)


def read_draft(
    text: str | bytes, path: str = "<scenario>"
) -> tuple[Draft, list[ScenarioError]]:
    """Check a scenario's text against the format; give what the replay can still check.

    :return: the draft (the table and the steps that could be built; its scenario None
        where the table has a problem) and every problem found (not yet sorted or cut).
    """
    try:
        if isinstance(text, bytes):
            text = read_text(text, path)
        root = compose(text, path)
    except ScenarioError as exc:
        return Draft(None), [exc]
    checker = SchemaPass(path)
    checker.marks[""] = (root.line, root.column)
    values = checker.check(F.SCENARIO, root, "")
    if not isinstance(values, dict):
        return Draft(None), checker.problems
    draft = ModelBuilder(checker, values).build_draft()
    return draft, checker.problems


def in_file_order(problems: list[ScenarioError], path: str) -> list[ScenarioError]:
    """The problems by line and column, at most :data:`MAX_PROBLEMS` of them (then one line
    saying how many more there are)."""
    problems = sorted(problems, key=lambda e: (e.line, e.column))
    if len(problems) <= MAX_PROBLEMS:
        return problems
    rest = problems[MAX_PROBLEMS]
    more = len(problems) - MAX_PROBLEMS
    return problems[:MAX_PROBLEMS] + [
        ScenarioError(
            # Translators: {n} is how many problems are not shown.
            ngettext(
                "{n} more problem not shown: fix the ones above first.",
                "{n} more problems not shown: fix the ones above first.",
                more,
            ).format(n=count(more)),
            path,
            rest.line,
            rest.column,
        )
    ]
