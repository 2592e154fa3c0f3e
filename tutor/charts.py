"""Progress charts: pure functions from the store's figures to Plotly figures.

The figures (``ProgressStore.progress``) are worked out by the database and count first
attempts only, so a chart never needs a learner's whole history. The Dealer drill charts
read the drill answers only (``ProgressStore.drill_answers``).
"""

from __future__ import annotations

import statistics
from collections import defaultdict
from collections.abc import Sequence
from html import escape

import plotly.graph_objects as go  # type: ignore[import-untyped]

from tutor.progress.mastery import LEVEL_HINTS, Mastery
from tutor.progress.records import AnswerRecord, ProgressFigures

NO_ANSWERS = (
    "No answers yet. Answer a few questions in a walkthrough or on the Practice page "
    "to see your progress here."
)
MASTERY_COLOURS = {
    Mastery.ATTEMPTED: "#c7d2e0",
    Mastery.FAMILIAR: "#8fb3d9",
    Mastery.PROFICIENT: "#3f7fbf",
    Mastery.MASTERED: "#1b4f8a",
}
_BAR_COLOUR = "#3f7fbf"
_LINE_COLOUR = "#d9822b"


def chart_text(value: object) -> str:
    """A label from data as Plotly shows it literally: the one escape every figure uses.

    Plotly reads a small HTML in every string it draws (tick labels, hover text,
    annotations, legend entries, titles): ``<a href>`` becomes a link, ``<span style>``
    changes the size, ``<b></b>`` disappears. Escaping ``<``, ``>`` and ``&`` makes each a
    character again (Plotly turns the entities back into the characters it shows), so a
    name, a topic or a target is shown exactly as written. Every string from data that a
    figure of the app draws passes through here, and never into a ``hovertemplate``
    (where ``%{...}`` would be read too): it goes in the axis values, ``customdata``,
    ``text`` (not drawn with ``mode="lines+markers"``) or the trace's name.

    >>> chart_text("<b>Ana</b> & Bo")
    '&lt;b&gt;Ana&lt;/b&gt; &amp; Bo'
    """
    return escape(str(value), quote=False)


def chart_texts(values: Sequence[object]) -> list[str]:
    """:func:`chart_text` of each value."""
    return [chart_text(v) for v in values]


def _percent(right: int, total: int) -> float:
    """Share right as a percentage rounded to one decimal (0.0 for no answers)."""
    return round(100 * right / total, 1) if total else 0.0


def _layout(fig: go.Figure, title: str, x_title: str, y_title: str) -> go.Figure:
    """Title, axis labels and margins shared by every chart."""
    fig.update_layout(
        title={"text": chart_text(title)},
        xaxis_title=chart_text(x_title),
        yaxis_title=chart_text(y_title),
        margin={"l": 60, "r": 20, "t": 60, "b": 60},
        showlegend=len(fig.data) > 1,
    )
    return fig


def _empty(title: str, x_title: str, y_title: str) -> go.Figure:
    """A figure with no data and a note saying there are no answers yet."""
    fig = go.Figure()
    fig.add_annotation(
        text=NO_ANSWERS,
        x=0.5,
        y=0.5,
        xref="paper",
        yref="paper",
        showarrow=False,
    )
    fig.update_xaxes(visible=False)
    fig.update_yaxes(visible=False)
    return _layout(fig, title, x_title, y_title)


def accuracy_by_topic(figures: ProgressFigures) -> go.Figure:
    """Bar per topic: the percentage of first attempts that were right.

    ``x`` holds the topics (alphabetical), ``y`` the percentages (one decimal) and
    ``customdata`` the pairs ``[right, answered]``.
    """
    title, x_title, y_title = "Accuracy by topic", "Topic", "Answers right (%)"
    topics = figures.topics
    if not topics:
        return _empty(title, x_title, y_title)
    right = [t.correct for t in topics]
    total = [t.answered for t in topics]
    fig = go.Figure(
        go.Bar(
            x=chart_texts([t.topic for t in topics]),
            y=[_percent(r, t) for r, t in zip(right, total, strict=True)],
            customdata=[[r, t] for r, t in zip(right, total, strict=True)],
            marker_color=_BAR_COLOUR,
            name="Accuracy",
            hovertemplate=(
                "%{x}<br>%{customdata[0]} of %{customdata[1]} right (%{y:.1f}%)"
                "<extra></extra>"
            ),
        )
    )
    fig.update_yaxes(range=[0, 100])
    return _layout(fig, title, x_title, y_title)


def accuracy_over_time(figures: ProgressFigures) -> go.Figure:
    """Accuracy per day (UTC dates) of first attempts: bars for each day, a running line.

    Trace 0 (``Accuracy that day``): ``x`` the ISO dates, ``y`` the day's percentage right.
    Trace 1 (``Accuracy so far``): the running percentage over every answer up to that day.
    """
    title, x_title, y_title = "Accuracy per day", "Day (UTC)", "Answers right (%)"
    days = figures.days
    if not days:
        return _empty(title, x_title, y_title)
    dates = [d.day.isoformat() for d in days]
    right = [d.correct for d in days]
    total = [d.answered for d in days]
    running_right = running_total = 0
    running: list[float] = []
    for r, t in zip(right, total, strict=True):
        running_right += r
        running_total += t
        running.append(_percent(running_right, running_total))
    fig = go.Figure()
    fig.add_trace(
        go.Bar(
            x=dates,
            y=[_percent(r, t) for r, t in zip(right, total, strict=True)],
            customdata=[[r, t] for r, t in zip(right, total, strict=True)],
            name="Accuracy that day",
            marker_color=_BAR_COLOUR,
            hovertemplate=(
                "%{x}<br>%{customdata[0]} of %{customdata[1]} right (%{y:.1f}%)"
                "<extra></extra>"
            ),
        )
    )
    fig.add_trace(
        go.Scatter(
            x=dates,
            y=running,
            mode="lines+markers",
            name="Accuracy so far",
            line_color=_LINE_COLOUR,
            hovertemplate="%{x}<br>%{y:.1f}% right so far<extra></extra>",
        )
    )
    fig.update_xaxes(type="category")
    fig.update_yaxes(range=[0, 100])
    return _layout(fig, title, x_title, y_title)


def time_per_answer(figures: ProgressFigures) -> go.Figure:
    """Bar per topic: the average seconds taken per first attempt (one decimal).

    ``customdata`` holds ``[answered, median seconds]`` per topic.
    """
    title, x_title, y_title = "Time per answer by topic", "Topic", "Seconds per answer"
    topics = figures.topics
    if not topics:
        return _empty(title, x_title, y_title)
    fig = go.Figure(
        go.Bar(
            x=chart_texts([t.topic for t in topics]),
            y=[round(t.mean_seconds, 1) for t in topics],
            customdata=[[t.answered, round(t.median_seconds, 1)] for t in topics],
            name="Average seconds",
            marker_color=_BAR_COLOUR,
            hovertemplate=(
                "%{x}<br>%{y:.1f} s on average over %{customdata[0]} answers"
                "<br>median %{customdata[1]:.1f} s<extra></extra>"
            ),
        )
    )
    return _layout(fig, title, x_title, y_title)


def mastery_chart(figures: ProgressFigures) -> go.Figure:
    """Bar per topic up to its mastery level (1 attempted .. 4 mastered).

    ``x`` holds the topics, ``y`` the level's rank, ``text`` the level's name; the hover
    says what the level needs and what the next one needs.
    """
    title = "Mastery by topic"
    x_title, y_title = "Topic", "Mastery level"
    if not figures.topics:
        return _empty(title, x_title, y_title)
    levels = {t.topic: Mastery(t.mastery) for t in figures.topics}
    ranked = list(Mastery)
    hovers = []
    for level in levels.values():
        hover = f"{level}: {LEVEL_HINTS[level]}"
        if level.rank < len(ranked):
            upcoming = ranked[level.rank]
            hover += f"<br>next, {upcoming}: {LEVEL_HINTS[upcoming]}"
        hovers.append(hover)
    fig = go.Figure(
        go.Bar(
            x=chart_texts(list(levels)),
            y=[level.rank for level in levels.values()],
            text=[str(level) for level in levels.values()],
            customdata=hovers,
            marker_color=[MASTERY_COLOURS[level] for level in levels.values()],
            name="Mastery",
            hovertemplate="%{x}<br>%{customdata}<extra></extra>",
        )
    )
    fig.update_yaxes(
        range=[0, len(ranked) + 0.5],
        tickvals=[level.rank for level in ranked],
        ticktext=[str(level) for level in ranked],
    )
    return _layout(fig, title, x_title, y_title)


# --------------------------------------------------------------------------- dealer drills

NO_DRILLS = (
    "No drill answers yet. Run a drill on the Dealer drills page to see your speed and "
    "accuracy per target here."
)


def _drill_days(
    records: Sequence[AnswerRecord],
) -> dict[str, dict[str, list[AnswerRecord]]]:
    """First-attempt drill answers by target (course order of appearance), then by UTC day."""
    groups: dict[str, dict[str, list[AnswerRecord]]] = defaultdict(
        lambda: defaultdict(list)
    )
    for record in records:
        if record.target and record.first_attempt:
            day = record.answered_at.date().isoformat()
            groups[record.target][day].append(record)
    return {
        target: dict(sorted(days.items())) for target, days in sorted(groups.items())
    }


def _no_drills(title: str, x_title: str, y_title: str) -> go.Figure:
    fig = _empty(title, x_title, y_title)
    fig.layout.annotations[0].text = NO_DRILLS
    return fig


def drill_speed_over_time(records: Sequence[AnswerRecord]) -> go.Figure:
    """Dealer drills: one line per target, the median seconds per answer on each UTC day.

    Each trace is named after its target; ``x`` holds the ISO dates, ``y`` the medians
    (one decimal) and ``customdata`` the number of answers that day.
    """
    title, x_title, y_title = "Drill speed per target", "Day (UTC)", "Median seconds"
    groups = _drill_days(records)
    if not groups:
        return _no_drills(title, x_title, y_title)
    fig = go.Figure()
    for target, days in groups.items():
        fig.add_trace(
            go.Scatter(
                x=list(days),
                y=[
                    round(statistics.median(r.seconds for r in day), 1)
                    for day in days.values()
                ],
                customdata=[len(day) for day in days.values()],
                text=[chart_text(target)] * len(days),
                mode="lines+markers",
                name=chart_text(target),
                hovertemplate=(
                    "%{text}<br>%{x}: median %{y:.1f} s over %{customdata} "
                    "answers<extra></extra>"
                ),
            )
        )
    fig.update_xaxes(type="category")
    fig = _layout(fig, title, x_title, y_title)
    fig.update_layout(showlegend=True)
    return fig


def drill_accuracy_over_time(records: Sequence[AnswerRecord]) -> go.Figure:
    """Dealer drills: one line per target, the percentage right on each UTC day.

    ``customdata`` holds ``[right, answered]`` per day.
    """
    title, x_title, y_title = (
        "Drill accuracy per target",
        "Day (UTC)",
        "Answers right (%)",
    )
    groups = _drill_days(records)
    if not groups:
        return _no_drills(title, x_title, y_title)
    fig = go.Figure()
    for target, days in groups.items():
        right = [sum(r.correct for r in day) for day in days.values()]
        total = [len(day) for day in days.values()]
        fig.add_trace(
            go.Scatter(
                x=list(days),
                y=[_percent(r, t) for r, t in zip(right, total, strict=True)],
                customdata=[[r, t] for r, t in zip(right, total, strict=True)],
                text=[chart_text(target)] * len(days),
                mode="lines+markers",
                name=chart_text(target),
                hovertemplate=(
                    "%{text}<br>%{x}: %{customdata[0]} of %{customdata[1]} right "
                    "(%{y:.1f}%)<extra></extra>"
                ),
            )
        )
    fig.update_xaxes(type="category")
    fig.update_yaxes(range=[0, 100])
    fig = _layout(fig, title, x_title, y_title)
    fig.update_layout(showlegend=True)
    return fig
