"""Progress charts: pure functions from the store's figures to Plotly figures.

The figures (``ProgressStore.progress``) are worked out by the database and count first
attempts only, so a chart never needs a learner's whole history. The Dealer drill charts
read the drill answers only (``ProgressStore.drill_answers``).
"""

from __future__ import annotations

import statistics
from collections import defaultdict
from collections.abc import Sequence
from datetime import date
from html import escape

import plotly.graph_objects as go  # type: ignore[import-untyped]
from babel.dates import format_date

from tutor.i18n import N_, _, current_language, pgettext
from tutor.numbers import locale_of
from tutor.progress.mastery import Mastery
from tutor.progress.records import AnswerRecord, ProgressFigures

NO_ANSWERS = N_(
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


#: Plotly's hover box without the trace's name beside it.
_EXTRA = "<extra></extra>"


def _right_of() -> str:
    """The hover text of a bar of answers right: the day or topic, right of answered."""
    return _("%{x}<br>%{customdata[0]} of %{customdata[1]} right (%{y:.1f}%)") + _EXTRA


def mastery_name(level: Mastery) -> str:
    """A mastery level's name in the session's language.

    >>> mastery_name(Mastery.FAMILIAR)
    'familiar'
    """
    names = {
        Mastery.ATTEMPTED: pgettext("mastery level", "attempted"),
        Mastery.FAMILIAR: pgettext("mastery level", "familiar"),
        Mastery.PROFICIENT: pgettext("mastery level", "proficient"),
        Mastery.MASTERED: pgettext("mastery level", "mastered"),
    }
    return names[level]


def level_hint(level: Mastery) -> str:
    """What a mastery level needs, in a few words (``tutor.progress.mastery.LEVEL_HINTS``
    in the session's language; a test keeps the English the same)."""
    hints = {
        Mastery.ATTEMPTED: _("at least 1 answer"),
        Mastery.FAMILIAR: _("5+ answers, 60% of the last 10 right"),
        Mastery.PROFICIENT: _("10+ answers, 8 of the last 10 right, 2+ scenarios"),
        Mastery.MASTERED: _(
            "20+ answers, 18 of the last 20 right, last 5 right, 3+ scenarios"
        ),
    }
    return hints[level]


def day_label(day: date) -> str:
    """A day on a chart's axis: ISO in English (``2026-12-02``, sorted as written), the
    language's short date elsewhere (``2 dic 2026``).

    >>> from tutor.i18n import use_language
    >>> with use_language("it"):
    ...     day_label(date(2026, 12, 2))
    '2 dic 2026'
    """
    if current_language() == "en":
        return day.isoformat()
    return str(format_date(day, "medium", locale=locale_of(None)))


def _layout(fig: go.Figure, title: str, x_title: str, y_title: str) -> go.Figure:
    """Title, axis labels and margins shared by every chart (the numbers in the hover
    texts and ticks written the language's way: ``12,5`` in Italian)."""
    fig.update_layout(
        title={"text": chart_text(title)},
        xaxis_title=chart_text(x_title),
        yaxis_title=chart_text(y_title),
        margin={"l": 60, "r": 20, "t": 60, "b": 60},
        showlegend=len(fig.data) > 1,
    )
    if current_language() != "en":
        fig.update_layout(separators=",.")
    return fig


def _empty(title: str, x_title: str, y_title: str) -> go.Figure:
    """A figure with no data and a note saying there are no answers yet."""
    fig = go.Figure()
    fig.add_annotation(
        text=_(NO_ANSWERS),
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
    title, x_title, y_title = (
        _("Accuracy by topic"),
        _("Topic"),
        _("Answers right (%)"),
    )
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
            name=_("Accuracy"),
            hovertemplate=_right_of(),
        )
    )
    fig.update_yaxes(range=[0, 100])
    return _layout(fig, title, x_title, y_title)


def accuracy_over_time(figures: ProgressFigures) -> go.Figure:
    """Accuracy per day (UTC dates) of first attempts: bars for each day, a running line.

    Trace 0 (``Accuracy that day``): ``x`` the ISO dates, ``y`` the day's percentage right.
    Trace 1 (``Accuracy so far``): the running percentage over every answer up to that day.
    """
    title, x_title, y_title = (
        _("Accuracy per day"),
        _("Day (UTC)"),
        _("Answers right (%)"),
    )
    days = figures.days
    if not days:
        return _empty(title, x_title, y_title)
    dates = [day_label(d.day) for d in days]
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
            name=_("Accuracy that day"),
            marker_color=_BAR_COLOUR,
            hovertemplate=_right_of(),
        )
    )
    fig.add_trace(
        go.Scatter(
            x=dates,
            y=running,
            mode="lines+markers",
            name=_("Accuracy so far"),
            line_color=_LINE_COLOUR,
            hovertemplate=_("%{x}<br>%{y:.1f}% right so far") + _EXTRA,
        )
    )
    fig.update_xaxes(type="category")
    fig.update_yaxes(range=[0, 100])
    return _layout(fig, title, x_title, y_title)


def time_per_answer(figures: ProgressFigures) -> go.Figure:
    """Bar per topic: the average seconds taken per first attempt (one decimal).

    ``customdata`` holds ``[answered, median seconds]`` per topic.
    """
    title, x_title, y_title = (
        _("Time per answer by topic"),
        _("Topic"),
        _("Seconds per answer"),
    )
    topics = figures.topics
    if not topics:
        return _empty(title, x_title, y_title)
    fig = go.Figure(
        go.Bar(
            x=chart_texts([t.topic for t in topics]),
            y=[round(t.mean_seconds, 1) for t in topics],
            customdata=[[t.answered, round(t.median_seconds, 1)] for t in topics],
            name=_("Average seconds"),
            marker_color=_BAR_COLOUR,
            hovertemplate=_(
                "%{x}<br>%{y:.1f} s on average over %{customdata[0]} answers"
                "<br>median %{customdata[1]:.1f} s"
            )
            + _EXTRA,
        )
    )
    return _layout(fig, title, x_title, y_title)


def mastery_chart(figures: ProgressFigures) -> go.Figure:
    """Bar per topic up to its mastery level (1 attempted .. 4 mastered).

    ``x`` holds the topics, ``y`` the level's rank, ``text`` the level's name; the hover
    says what the level needs and what the next one needs.
    """
    title = _("Mastery by topic")
    x_title, y_title = _("Topic"), _("Mastery level")
    if not figures.topics:
        return _empty(title, x_title, y_title)
    levels = {t.topic: Mastery(t.mastery) for t in figures.topics}
    ranked = list(Mastery)
    hovers = []
    for level in levels.values():
        hover = f"{mastery_name(level)}: {level_hint(level)}"
        if level.rank < len(ranked):
            upcoming = ranked[level.rank]
            hover += "<br>" + _("next, {level}: {needs}").format(
                level=mastery_name(upcoming), needs=level_hint(upcoming)
            )
        hovers.append(hover)
    fig = go.Figure(
        go.Bar(
            x=chart_texts(list(levels)),
            y=[level.rank for level in levels.values()],
            text=[mastery_name(level) for level in levels.values()],
            customdata=hovers,
            marker_color=[MASTERY_COLOURS[level] for level in levels.values()],
            name=_("Mastery"),
            hovertemplate="%{x}<br>%{customdata}<extra></extra>",
        )
    )
    fig.update_yaxes(
        range=[0, len(ranked) + 0.5],
        tickvals=[level.rank for level in ranked],
        ticktext=[mastery_name(level) for level in ranked],
    )
    return _layout(fig, title, x_title, y_title)


# --------------------------------------------------------------------------- dealer drills

NO_DRILLS = N_(
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
            day = record.answered_at.date().isoformat()  # sorted as ISO, then shown
            groups[record.target][day].append(record)
    return {
        target: dict(sorted(days.items())) for target, days in sorted(groups.items())
    }


def _no_drills(title: str, x_title: str, y_title: str) -> go.Figure:
    fig = _empty(title, x_title, y_title)
    fig.layout.annotations[0].text = _(NO_DRILLS)
    return fig


def drill_speed_over_time(records: Sequence[AnswerRecord]) -> go.Figure:
    """Dealer drills: one line per target, the median seconds per answer on each UTC day.

    Each trace is named after its target; ``x`` holds the ISO dates, ``y`` the medians
    (one decimal) and ``customdata`` the number of answers that day.
    """
    title, x_title, y_title = (
        _("Drill speed per target"),
        _("Day (UTC)"),
        _("Median seconds"),
    )
    groups = _drill_days(records)
    if not groups:
        return _no_drills(title, x_title, y_title)
    fig = go.Figure()
    for target, days in groups.items():
        fig.add_trace(
            go.Scatter(
                x=[day_label(date.fromisoformat(d)) for d in days],
                y=[
                    round(statistics.median(r.seconds for r in day), 1)
                    for day in days.values()
                ],
                customdata=[len(day) for day in days.values()],
                text=[chart_text(target)] * len(days),
                mode="lines+markers",
                name=chart_text(target),
                hovertemplate=_(
                    "%{text}<br>%{x}: median %{y:.1f} s over %{customdata} answers"
                )
                + _EXTRA,
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
        _("Drill accuracy per target"),
        _("Day (UTC)"),
        _("Answers right (%)"),
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
                x=[day_label(date.fromisoformat(d)) for d in days],
                y=[_percent(r, t) for r, t in zip(right, total, strict=True)],
                customdata=[[r, t] for r, t in zip(right, total, strict=True)],
                text=[chart_text(target)] * len(days),
                mode="lines+markers",
                name=chart_text(target),
                hovertemplate=_(
                    "%{text}<br>%{x}: %{customdata[0]} of %{customdata[1]} right "
                    "(%{y:.1f}%)"
                )
                + _EXTRA,
            )
        )
    fig.update_xaxes(type="category")
    fig.update_yaxes(range=[0, 100])
    fig = _layout(fig, title, x_title, y_title)
    fig.update_layout(showlegend=True)
    return fig
