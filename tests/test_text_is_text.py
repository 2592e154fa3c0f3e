"""Issue 19 item 4: learners' text is text everywhere.

Every Plotly figure of the app is built with hostile names, topics, targets and rule ids
and its JSON is searched for markup from data: Plotly reads its labels as HTML, so a name
``<a href="http://x.test/">Tom</a>`` would be a live link. Also: CSV cells that a
spreadsheet would run as a formula, and log lines with control characters.
"""

from __future__ import annotations

import ast
import logging
import re
from collections.abc import Callable, Iterator
from datetime import UTC, date, datetime
from html import escape
from pathlib import Path
from typing import Any

import plotly.graph_objects as go  # type: ignore[import-untyped]
import pytest

from tutor import charts
from tutor.progress.classview import Cell
from tutor.progress.records import (
    AnswerRecord,
    DaySummary,
    ProgressFigures,
    TopicSummary,
)
from tutor.ui import classview

PACKAGE = Path(__file__).resolve().parent.parent / "tutor"
HOSTILE = (
    '<a href="http://x.test/">Tom</a>',
    '<span style="font-size:40px">',
    "<b></b>Maria Lopez",
    "<script>alert(1)</script>",
    '<img src=x onerror="alert(1)">',
    "Bo & <i>Cy</i>",
)
#: The only markup the app itself writes in a figure: line breaks and the hover's
#: empty "extra" box.
OWN_MARKUP = re.compile(r"<br>|<extra></extra>")


def strings(value: Any) -> Iterator[str]:
    """Every string in a figure's JSON (keys too: Plotly never draws them, but cheap)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield str(k)
            yield from strings(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from strings(v)
    elif hasattr(value, "tolist"):
        yield from strings(value.tolist())


def markup_from_data(figure: go.Figure) -> list[str]:
    """The strings of ``figure`` that still hold a tag once the app's own are taken out."""
    return [
        s
        for s in strings(figure.to_plotly_json())
        if "<" in OWN_MARKUP.sub("", s) or ">" in OWN_MARKUP.sub("", s)
    ]


def _record(i: int, target: str | None, topic: str) -> AnswerRecord:
    return AnswerRecord(
        id=i,
        learner_id=1,
        scenario_id="s",
        step=0,
        kind="pot",
        topic=topic,
        level=1,
        game="stud8",
        preset="online",
        answer_json="1",
        correct=i % 2 == 0,
        seconds=1.5 + i,
        answered_at=datetime(2026, 1, 1 + i % 3, tzinfo=UTC),
        target=target,
    )


def _figures() -> ProgressFigures:
    topics = tuple(
        TopicSummary(
            topic=name,
            answered=4,
            correct=3,
            seconds_total=10.0,
            scenarios=1,
            mastery="familiar",
            median_seconds=2.0,
        )
        for name in HOSTILE
    )
    days = (DaySummary(date(2026, 1, 1), 4, 3),)
    return ProgressFigures(8, 6, 8, 6, topics, days)


def _records() -> list[AnswerRecord]:
    return [_record(i, name, name) for i, name in enumerate(HOSTILE * 2)]


def _cells() -> list[Cell]:
    return [Cell(n, k, 3, 2) for n in HOSTILE for k in HOSTILE[:3]]


#: Every function of the app that returns a Plotly figure, with hostile data.
BUILDERS: dict[str, Callable[[], go.Figure]] = {
    "tutor.charts.accuracy_by_topic": lambda: charts.accuracy_by_topic(_figures()),
    "tutor.charts.accuracy_over_time": lambda: charts.accuracy_over_time(_figures()),
    "tutor.charts.time_per_answer": lambda: charts.time_per_answer(_figures()),
    "tutor.charts.mastery_chart": lambda: charts.mastery_chart(_figures()),
    "tutor.charts.drill_speed_over_time": lambda: charts.drill_speed_over_time(
        _records()
    ),
    "tutor.charts.drill_accuracy_over_time": lambda: charts.drill_accuracy_over_time(
        _records()
    ),
    "tutor.charts._empty": lambda: charts._empty(*HOSTILE[:3]),
    "tutor.charts._no_drills": lambda: charts._no_drills(*HOSTILE[:3]),
    "tutor.charts._layout": lambda: charts._layout(go.Figure(), *HOSTILE[:3]),
    "tutor.ui.classview.heatmap_figure": lambda: classview.heatmap_figure(
        _cells(), HOSTILE[0]
    ),
    "tutor.ui.classview.accuracy_days_figure": lambda: classview.accuracy_days_figure(
        {date(2026, 1, 2): [True, False]}
    ),
}


def figure_functions() -> set[str]:
    """Every function in ``tutor/`` annotated to return ``go.Figure`` (found by reading
    the source, so a new chart that is not tested here fails the test below)."""
    found = set()
    for path in PACKAGE.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        module = ".".join(("tutor", *path.relative_to(PACKAGE).with_suffix("").parts))
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.FunctionDef)
                and node.returns is not None
                and ast.unparse(node.returns) in ("go.Figure", "Figure")
            ):
                found.add(f"{module}.{node.name}")
    return found


def test_every_figure_function_of_the_app_is_built_here() -> None:
    assert figure_functions() == set(BUILDERS)


@pytest.mark.parametrize("name", sorted(BUILDERS))
def test_no_figure_holds_markup_from_data(name: str) -> None:
    figure = BUILDERS[name]()
    assert markup_from_data(figure) == []


@pytest.mark.parametrize(
    "name",
    [
        n
        for n in sorted(BUILDERS)
        if n.rpartition(".")[2] not in ("accuracy_days_figure", "accuracy_over_time")
    ],
)
def test_the_hostile_text_is_shown_escaped_not_dropped(name: str) -> None:
    """The test could not pass by dropping the names: each figure shows one, escaped."""
    text = "\n".join(strings(BUILDERS[name]().to_plotly_json()))
    assert any(escape(h, quote=False) in text for h in HOSTILE)


def test_the_heatmap_keeps_each_hostile_name_on_its_own_row() -> None:
    figure = classview.heatmap_figure(_cells(), "topic")
    assert sorted(figure.data[0].y) == sorted(escape(n, quote=False) for n in HOSTILE)
    assert (
        "&lt;b&gt;&lt;/b&gt;Maria Lopez" in figure.data[0].y
    )  # not a 2nd "Maria Lopez"


def test_a_target_never_reaches_a_hovertemplate() -> None:
    """``%{...}`` in a target would be read as a template: data goes in customdata."""
    records = [_record(i, "%{y} <b>x</b>", "t") for i in range(3)]
    for figure in (
        charts.drill_speed_over_time(records),
        charts.drill_accuracy_over_time(records),
    ):
        for trace in figure.data:
            assert "%{y} " not in trace.hovertemplate.replace("%{y:.1f}", "")
            assert trace.name == "%{y} &lt;b&gt;x&lt;/b&gt;"


# -- CSV: a cell a spreadsheet would run -----------------------------------------------------
@pytest.mark.parametrize(
    ("value", "written"),
    [
        ('=HYPERLINK("http://x.test")', '\'=HYPERLINK("http://x.test")'),
        ("+1+1", "'+1+1"),
        ("-2+3", "'-2+3"),
        ("@SUM(A1)", "'@SUM(A1)"),
        ("\t=1", "'\t=1"),
        ("Tom", "Tom"),
        ("", ""),
    ],
)
def test_a_csv_cell_that_starts_a_formula_gets_a_quote(
    value: str, written: str
) -> None:
    from tutor.progress.answers_csv import cell

    assert cell(value) == written


# -- log lines ---------------------------------------------------------------------------
def test_a_log_line_shows_control_characters_escaped() -> None:
    from tutor.logs import SafeFormatter

    formatter = SafeFormatter("%(levelname)s %(message)s")
    record = logging.LogRecord(
        "tutor.x",
        logging.WARNING,
        __file__,
        1,
        "learner %s failed",
        ("Tom\n2026-01-01 ERROR forged\x1b[31m\u202e",),
        None,
    )
    assert formatter.format(record) == (
        "WARNING learner Tom\\n2026-01-01 ERROR forged\\x1b[31m\\u202e failed"
    )


# -- Markdown: Streamlit reads Markdown and some HTML in st.markdown, alerts, labels -------
@pytest.mark.parametrize("name", HOSTILE)
def test_a_hostile_name_in_markdown_is_escaped(name: str) -> None:
    from tutor.ui.text import plain

    shown = plain(name)
    assert re.search(r"(?<!\\)[<>&\[\]()*_`]", shown) is None
    # and reads as written (a word joiner breaks up "http:" so no link is made)
    assert re.sub(r"\\(.)", r"\1", shown).replace("\u2060", "") == name
