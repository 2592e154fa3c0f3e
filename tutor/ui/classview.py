"""The Class view: per class, accuracy heatmaps with their counts, item analysis, one
learner's answers, assignments, the classes themselves, and the exports.

The heatmaps use Cividis (a blue-to-yellow scale readable with every common colour-vision
deficiency) and write each cell's "right / answered" on it, so one answer never looks as
sure as a hundred. Labels that come from data (names, rule ids) are escaped for Plotly,
which reads its own small HTML in labels (:func:`tutor.charts.chart_text`).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from typing import Any

# Imported (not just looked up) before any figure is built: Plotly takes pandas from
# sys.modules, where another session's thread may still be initialising it.
import numpy
import pandas  # type: ignore[import-untyped]
import plotly.graph_objects as go  # type: ignore[import-untyped]
import streamlit as st

from tutor.charts import chart_text
from tutor.engine import GAME_LABELS, PRESETS
from tutor.i18n import N_, _
from tutor.numbers import format_seconds
from tutor.progress import ProgressStore
from tutor.progress.answers_csv import given_text
from tutor.progress.classview import (
    Cell,
    ClassFilter,
    HardAsk,
    ItemStats,
    class_csv,
    first_attempts_counted,
    hardest_asks,
    item_analysis,
    learner_answers,
    learner_names,
    matrix,
    rule_cells,
    topic_cells,
)
from tutor.ui import dates
from tutor.ui.state import (
    CV_CLASS,
    CV_CSV,
    CV_CSV_DOWNLOAD,
    CV_CSV_MAKE,
    CV_GAME,
    CV_GOTO_STUDIO,
    CV_HARD_PICK,
    CV_ITEMS_TABLE,
    CV_LEARNER,
    CV_LEARNER_CHART,
    CV_LEARNER_TABLE,
    CV_LEARNER_WRONG,
    CV_MSG,
    CV_PRESET,
    CV_PREVIEW,
    CV_RULE_CHART,
    CV_SINCE,
    CV_TOPIC_CHART,
    CV_UNTIL,
    CV_VIEW,
    CV_WRONG_TABLE,
)
from tutor.ui.text import plain

GAMES = {"": N_("All games"), **GAME_LABELS}
#: The page's views; only the chosen one is computed.
VIEWS = (
    N_("By topic"),
    N_("By rule"),
    N_("Questions"),
    N_("A learner"),
    N_("Assignments"),
    N_("Classes"),
    N_("Export"),
    N_("PINs"),
)
#: Above this many cells the counts are in the hover only (they would not fit).
COUNTS_IN_CELLS_MAX = 2_500
#: A colour-blind-safe sequential scale (Plotly's Cividis).
COLOURSCALE = "Cividis"


def heatmap_figure(cells: list[Cell], what: str) -> go.Figure:
    """Learners (rows) by ``what`` (columns), coloured by first-attempt accuracy in %,
    each cell marked "right/answered"."""
    learners, keys, values, texts = matrix(cells)
    at = {(c.learner, c.key): c for c in cells}
    z = numpy.array(
        [[numpy.nan if v is None else v for v in row] for row in values], dtype=float
    )
    counts = numpy.array(
        [
            [
                f"{at[(n, k)].correct}/{at[(n, k)].answered}" if (n, k) in at else ""
                for k in keys
            ]
            for n in learners
        ],
        dtype=object,
    )
    hover = numpy.array([[chart_text(t) for t in row] for row in texts], dtype=object)
    in_cells = len(learners) * len(keys) <= COUNTS_IN_CELLS_MAX
    figure = go.Figure(
        go.Heatmap(
            z=z,
            x=[chart_text(k) for k in keys],
            y=[chart_text(n) for n in learners],
            text=counts,
            texttemplate="%{text}" if in_cells else None,
            customdata=hover,
            hovertemplate="%{customdata}<extra></extra>",
            zmin=0,
            zmax=100,
            colorscale=COLOURSCALE,
            colorbar={"title": {"text": _("% right, first attempts")}},
            xgap=1,
            ygap=1,
        )
    )
    figure.update_layout(
        height=max(260, 120 + 22 * len(learners)),
        margin={"l": 10, "r": 10, "t": 30, "b": 10},
        xaxis={"title": {"text": chart_text(what)}, "side": "top", "type": "category"},
        yaxis={"autorange": "reversed", "type": "category"},
    )
    return figure


@dataclass(frozen=True)
class ClassData:
    """Everything the page draws, built once per filter."""

    topics: list[Cell]
    rules: list[Cell]
    hardest: list[HardAsk]
    learners: list[str]
    topic_figure: go.Figure
    rule_figure: go.Figure | None


def build_class_data(store: ProgressStore, f: ClassFilter) -> ClassData:
    """The page's numbers and figures."""
    topics = topic_cells(store, f)
    rules = rule_cells(store, f)
    return ClassData(
        topics=topics,
        rules=rules,
        hardest=hardest_asks(store, f),
        learners=learner_names(store, f),
        topic_figure=heatmap_figure(topics, _("topic")),
        rule_figure=heatmap_figure(rules, _("rule id")) if rules else None,
    )


def _class_choice(store: ProgressStore) -> int | None:
    from tutor.progress import classes as cl

    found = {c.id: c for c in cl.classes(store)}
    choices = [0, *found]
    if not CV_CLASS.present() or CV_CLASS.get() not in choices:
        CV_CLASS.set(0)
    chosen = st.selectbox(
        _("Class"),
        choices,
        key=CV_CLASS.name,
        format_func=lambda i: (
            _("All learners")
            if i == 0
            else _("{name} ({n} learners)").format(
                name=found[i].name, n=found[i].members
            )
        ),
    )
    return int(chosen) or None


def _filters(store: ProgressStore) -> ClassFilter:
    group, game, preset, since, until = st.columns([2, 1, 1, 1, 1])
    with group:
        class_id = _class_choice(store)
    with game:
        g = st.selectbox(
            _("Game"), list(GAMES), key=CV_GAME.name, format_func=lambda k: _(GAMES[k])
        )
    with preset:
        p = st.selectbox(
            _("House rules"),
            ["", *PRESETS],
            key=CV_PRESET.name,
            format_func=lambda x: x or _("Any house rules"),
        )
    with since:
        start = st.date_input(_("From"), value=None, key=CV_SINCE.name)
    with until:
        end = st.date_input(_("To (inclusive)"), value=None, key=CV_UNTIL.name)
    return ClassFilter(
        game=g or None,
        preset=p or None,
        since=_day(start),
        until=_day(end, 1),
        class_id=class_id,
    )


def _day(value: object, shift: int = 0) -> datetime | None:
    if not isinstance(value, date):
        return None
    return datetime(value.year, value.month, value.day, tzinfo=UTC) + timedelta(
        days=shift
    )


def _preview(scenario_id: str, step: int) -> None:
    """Open the ask's scenario in the Studio's preview, at the ask (the draft is kept)."""
    from tutor.ui.bank import scenario_bank
    from tutor.ui.studio import preview_bank_scenario

    if scenario_bank().get(scenario_id) is None:
        CV_MSG.set(_("{id} is no longer in the bank.").format(id=scenario_id))
        return
    preview_bank_scenario(scenario_id, step)
    CV_GOTO_STUDIO.set(True)


def _prompt(scenario_id: str, step: int, preset: str) -> str:
    from tutor.ui.questions import asked

    found = asked(scenario_id, step, preset)
    return found.prompt if found is not None else _("(no longer in the bank)")


def _questions(items: list[ItemStats], preset: str | None) -> None:
    """Item analysis: each question by its prompt, with the spread of wrong answers."""
    from tutor.ui.questions import asked

    if not items:
        st.info(_("No question has been answered twice yet under these filters."))
        return
    shown_preset = preset or ""  # no preset chosen: each question as its scenario says
    rows = []
    for item in items:
        question = asked(item.scenario_id, item.step, shown_preset)
        top = item.wrong[0] if item.wrong else None
        expected = question.expected if question is not None else None
        rows.append(
            {
                "question": question.prompt if question else item.scenario_id,
                "where": _("{id}, step {n}").format(
                    id=item.scenario_id, n=item.step + 1
                ),
                "accuracy": round(100 * item.accuracy),
                "answers": item.answered,
                "learners": item.learners,
                "median": round(item.median_seconds, 1),
                "common wrong answer": (
                    f"{given_text(item.kind, top.answer_json, expected)} "
                    f"({top.count} of {item.wrong_total})"
                    if top is not None
                    else ""
                ),
                "flag": _("wrong answers cluster") if item.clustered else "",
            }
        )
    st.caption(
        _(
            "First attempts only, hardest first. A question is flagged when most of its "
            "wrong answers are the same one: a shared misconception, or a question to "
            "check."
        )
    )
    st.dataframe(
        pandas.DataFrame(rows),
        hide_index=True,
        width="stretch",
        key=CV_ITEMS_TABLE.name,
        column_order=[
            "question",
            "accuracy",
            "answers",
            "median",
            "common wrong answer",
            "flag",
            "learners",
            "where",
        ],
        column_config={
            "question": st.column_config.TextColumn(_("Question"), width="large"),
            "where": st.column_config.TextColumn(_("Scenario and step")),
            "accuracy": st.column_config.ProgressColumn(
                _("First-attempt accuracy"), format="%d%%", min_value=0, max_value=100
            ),
            "answers": st.column_config.NumberColumn(_("Answers")),
            "learners": st.column_config.NumberColumn(_("Learners")),
            "median": st.column_config.NumberColumn(_("Median time (s)")),
            "common wrong answer": st.column_config.TextColumn(
                _("Most common wrong answer")
            ),
            "flag": st.column_config.TextColumn(_("Flag")),
        },
    )
    labels = [str(r["question"]) + f" ({r['where']})" for r in rows]
    pick = st.selectbox(
        _("Question"),
        range(len(labels)),
        key=CV_HARD_PICK.name,
        format_func=labels.__getitem__,
    )
    item = items[pick]
    question = asked(item.scenario_id, item.step, shown_preset)
    if question is not None:
        st.markdown(
            _("**The engine's answer:** {answer}").format(answer=plain(question.right))
        )
    if item.wrong:
        st.markdown(_("**Wrong first answers**, most frequent first:"))
        st.dataframe(
            pandas.DataFrame(
                [
                    {
                        "answer": given_text(
                            item.kind,
                            w.answer_json,
                            question.expected if question else None,
                        ),
                        "count": w.count,
                    }
                    for w in item.wrong
                ]
            ),
            hide_index=True,
            key=CV_WRONG_TABLE.name,
            column_config={
                "answer": st.column_config.TextColumn(_("Answer given")),
                "count": st.column_config.NumberColumn(_("Learners' answers")),
            },
        )
    st.button(
        _("Preview it in the Studio"),
        key=CV_PREVIEW.name,
        on_click=_preview,
        args=(item.scenario_id, item.step),
    )


def accuracy_days_figure(days: dict[date, list[bool]]) -> go.Figure:
    """First-attempt accuracy per day: one labelled point per day (a category axis, so
    one day never zooms into hours)."""
    ordered = sorted(days)
    figure = go.Figure(
        go.Scatter(
            x=[dates.day(d) for d in ordered],
            y=[round(100 * sum(days[d]) / len(days[d]), 1) for d in ordered],
            customdata=[f"{sum(days[d])} / {len(days[d])}" for d in ordered],
            hovertemplate="%{x}: %{y}% (%{customdata})<extra></extra>",
            mode="lines+markers",
        )
    )
    figure.update_layout(
        height=260,
        xaxis={"type": "category", "title": {"text": _("Day (UTC)")}},
        yaxis={"title": {"text": _("% right (first attempts)")}, "range": [0, 100]},
        margin={"l": 10, "r": 10, "t": 10, "b": 10},
    )
    return figure


def _learner(store: ProgressStore, learners: list[str], f: ClassFilter) -> None:
    from tutor.ui.questions import asked

    if not learners:
        st.info(_("No learner has answered under these filters."))
        return
    name = st.selectbox(_("Learner"), learners, key=CV_LEARNER.name)
    answers = learner_answers(store, name, f)
    first = [a for a in answers if a.first]
    right = sum(a.correct for a in first)
    a, b, c = st.columns(3)
    a.metric(_("Answers"), len(answers))
    b.metric(
        _("First-attempt accuracy"),
        f"{100 * right / len(first):.0f}%" if first else "–",
    )
    c.metric(
        _("Mean time per answer"),
        # Translators: {seconds} is a number of seconds ("1,5").
        _("{seconds} s").format(
            seconds=format_seconds(sum(x.seconds for x in answers) / len(answers))
        )
        if answers
        else "–",
    )
    days: dict[date, list[bool]] = {}
    for x in first:
        days.setdefault(x.answered_at.date(), []).append(x.correct)
    if days:
        st.plotly_chart(
            accuracy_days_figure(days), width="stretch", key=CV_LEARNER_CHART.name
        )
    mistakes = sum(1 for x in answers if not x.correct)
    only_wrong = st.toggle(_("Only the wrong answers"), key=CV_LEARNER_WRONG.name)
    shown_answers = [x for x in answers if not x.correct] if only_wrong else answers
    latest = list(reversed(shown_answers[-500:]))
    st.markdown(
        _(
            "**{name}'s answers**, newest first ({n} shown; {wrong} of {total} wrong)"
        ).format(name=plain(name), n=len(latest), wrong=mistakes, total=len(answers))
    )
    cache: dict[tuple[str, int, str], Any] = {}
    rows = []
    for x in latest:
        key = (x.scenario_id, x.step, x.preset)
        if key not in cache:
            cache[key] = asked(*key)
        question = cache[key]
        rows.append(
            {
                "when": x.answered_at.strftime("%Y-%m-%d %H:%M"),
                "question": question.prompt if question else x.scenario_id,
                "answer": given_text(
                    x.kind, x.answer_json, question.expected if question else None
                ),
                "right answer": question.right if question else "",
                "right": _("yes") if x.correct else _("no"),
                "first attempt": _("yes") if x.first else _("no"),
                "seconds": round(x.seconds, 1),
                "where": _("{id}, step {n}").format(id=x.scenario_id, n=x.step + 1),
            }
        )
    st.dataframe(
        pandas.DataFrame(
            rows,
            columns=[
                "when",
                "question",
                "answer",
                "right answer",
                "right",
                "first attempt",
                "seconds",
                "where",
            ],
        ),
        hide_index=True,
        width="stretch",
        key=CV_LEARNER_TABLE.name,
        column_config={
            "when": st.column_config.TextColumn(_("When (UTC)")),
            "question": st.column_config.TextColumn(_("Question"), width="large"),
            "answer": st.column_config.TextColumn(_("Their answer")),
            "right answer": st.column_config.TextColumn(_("The engine's answer")),
            "right": st.column_config.TextColumn(_("Right?")),
            "first attempt": st.column_config.TextColumn(_("First attempt?")),
            "seconds": st.column_config.NumberColumn(_("Seconds")),
            "where": st.column_config.TextColumn(_("Scenario and step")),
        },
    )


def _export(store: ProgressStore, f: ClassFilter) -> None:
    from tutor.ui.bank import in_course_order, scenario_bank
    from tutor.ui.lms_export import set_export

    st.markdown(_("**Every answer as CSV**"))
    if st.button(_("Prepare the class CSV"), key=CV_CSV_MAKE.name):
        from tutor.ui.questions import asked

        CV_CSV.set(class_csv(store, f, asked))
    data = CV_CSV.get()
    if data is not None:
        st.download_button(
            _("Download the class CSV"),
            data.encode("utf-8"),
            file_name="class-answers.csv",
            mime="text/csv",
            key=CV_CSV_DOWNLOAD.name,
        )
    st.caption(
        _(
            "One row per answer: 1-based steps, the question, the engine's right answer, "
            "the answer as the learner's screen wrote it (and as JSON), attempt, after "
            "the reveal, hint, first attempt, rule ids."
        )
    )
    st.markdown(_("**A set of questions for an LMS** (Moodle XML, QTI 2.1)"))
    set_export(in_course_order(scenario_bank().scenarios))


def class_view_page() -> None:
    """Filters, then the chosen view (only it is computed)."""
    from tutor.ui.classes import assignments_view, classes_view
    from tutor.ui.data import progress_store
    from tutor.ui.pins_view import pins_view

    if CV_GOTO_STUDIO.pop():
        st.switch_page("app_pages/studio.py")
    store = progress_store()
    f = _filters(store)
    view = st.radio(
        _("View"),
        VIEWS,
        key=CV_VIEW.name,
        horizontal=True,
        label_visibility="collapsed",
        format_func=_,
    )
    if not first_attempts_counted():
        st.caption(_("This store does not record attempts: every answer is counted."))
    message = CV_MSG.pop()
    if message:
        st.warning(plain(message))
    started = time.perf_counter()
    if view == VIEWS[0]:
        topics = topic_cells(store, f)
        if not topics:
            st.info(_("No answers under these filters yet."))
            return
        st.plotly_chart(
            heatmap_figure(topics, _("topic")), width="stretch", key=CV_TOPIC_CHART.name
        )
    elif view == VIEWS[1]:
        rules = rule_cells(store, f)
        if not rules:
            st.info(_("No answers with rule ids under these filters yet."))
            return
        st.plotly_chart(
            heatmap_figure(rules, _("rule id")), width="stretch", key=CV_RULE_CHART.name
        )
    elif view == VIEWS[2]:
        _questions(item_analysis(store, f), f.preset)
    elif view == VIEWS[3]:
        _learner(store, learner_names(store, f), f)
    elif view == VIEWS[4]:
        assignments_view(store, f.class_id)
    elif view == VIEWS[5]:
        classes_view(store)
    elif view == VIEWS[7]:
        pins_view(store)
    else:
        _export(store, f)
    st.caption(
        _("Built in {seconds} s.").format(
            seconds=format_seconds(time.perf_counter() - started, places=2)
        )
    )
