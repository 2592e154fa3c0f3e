"""The Class view: accuracy heatmaps, the hardest questions, one learner's answers, CSV export."""

from __future__ import annotations

import time
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta

# Imported (not just looked up) before any figure is built: Plotly takes pandas from
# sys.modules, where another session's thread may still be initialising it.
import pandas  # type: ignore[import-untyped]  # noqa: F401
import plotly.graph_objects as go  # type: ignore[import-untyped]
import streamlit as st

from tutor.engine.rules import GAME_LABELS, PRESETS
from tutor.i18n import _
from tutor.progress import ProgressStore
from tutor.progress.classview import (
    Cell,
    ClassFilter,
    HardAsk,
    class_csv,
    first_attempts_counted,
    hardest_asks,
    learner_answers,
    learner_names,
    matrix,
    rule_cells,
    topic_cells,
)

GAMES = {"": "All games", **GAME_LABELS}
#: The page's views; only the chosen one is computed.
VIEWS = ("By topic", "By rule", "Hardest questions", "A learner", "Export")


def heatmap_figure(cells: list[Cell], what: str) -> go.Figure:
    """Learners (rows) by ``what`` (columns), coloured by first-attempt accuracy in %."""
    learners, keys, values, texts = matrix(cells)
    figure = go.Figure(
        go.Heatmap(
            z=values,
            x=keys,
            y=learners,
            text=texts,
            hoverinfo="text",
            zmin=0,
            zmax=100,
            colorscale="RdYlGn",
            colorbar={"title": "% right"},
            xgap=1,
            ygap=1,
        )
    )
    figure.update_layout(
        height=max(260, 120 + 22 * len(learners)),
        margin={"l": 10, "r": 10, "t": 30, "b": 10},
        xaxis={"title": what, "side": "top"},
        yaxis={"autorange": "reversed"},
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
    """The page's numbers and figures (what the ``--class`` benchmark times)."""
    topics = topic_cells(store, f)
    rules = rule_cells(store, f)
    return ClassData(
        topics=topics,
        rules=rules,
        hardest=hardest_asks(store, f),
        learners=learner_names(store, f),
        topic_figure=heatmap_figure(topics, "topic"),
        rule_figure=heatmap_figure(rules, "rule id") if rules else None,
    )


def _filters() -> ClassFilter:
    game, preset, since, until = st.columns(4)
    with game:
        g = st.selectbox(
            "Game", list(GAMES), key="cv_game", format_func=GAMES.__getitem__
        )
    with preset:
        p = st.selectbox(
            "House rules",
            ["", *PRESETS],
            key="cv_preset",
            format_func=lambda x: x or "Any house rules",
        )
    with since:
        start = st.date_input("From", value=None, key="cv_since")
    with until:
        end = st.date_input("To (inclusive)", value=None, key="cv_until")
    return ClassFilter(
        game=g or None,
        preset=p or None,
        since=_day(start),
        until=_day(end, 1),
    )


def _day(value: object, shift: int = 0) -> datetime | None:
    if not isinstance(value, date):
        return None
    return datetime(value.year, value.month, value.day, tzinfo=UTC) + timedelta(
        days=shift
    )


def _preview(ask: HardAsk) -> None:
    """Open the ask's scenario in the Studio's preview, at the ask (the draft is kept)."""
    from tutor.ui.bank import scenario_bank
    from tutor.ui.studio import preview_bank_scenario

    if scenario_bank().get(ask.scenario_id) is None:
        st.session_state["cv_msg"] = _("{id} is no longer in the bank.").format(
            id=ask.scenario_id
        )
        return
    preview_bank_scenario(ask.scenario_id, ask.step)
    st.session_state["cv_goto_studio"] = True


def _hardest(hardest: list[HardAsk]) -> None:
    if not hardest:
        st.info("No question has been answered twice yet under these filters.")
        return
    rows = [
        {
            "scenario": a.scenario_id,
            "step": a.step + 1,
            "kind": a.kind,
            "topic": a.topic,
            "first-attempt accuracy": f"{100 * a.accuracy:.0f}%",
            "answers": a.answered,
            "learners": a.learners,
            "mean time (s)": round(a.mean_seconds, 1),
        }
        for a in hardest
    ]
    st.dataframe(rows, hide_index=True, width="stretch", key="cv_hardest_table")
    labels = [f"{a.scenario_id}, step {a.step + 1} ({a.kind})" for a in hardest]
    pick = st.selectbox(
        "Question",
        range(len(labels)),
        key="cv_hard_pick",
        format_func=labels.__getitem__,
    )
    st.button(
        "Preview it in the Studio",
        key="cv_preview",
        on_click=_preview,
        args=(hardest[pick],),
    )


def _learner(store: ProgressStore, learners: list[str], f: ClassFilter) -> None:
    if not learners:
        st.info("No learner has answered under these filters.")
        return
    name = st.selectbox("Learner", learners, key="cv_learner")
    answers = learner_answers(store, name, f)
    first = [a for a in answers if a.first]
    right = sum(a.correct for a in first)
    a, b, c = st.columns(3)
    a.metric("Answers", len(answers))
    b.metric(
        "First-attempt accuracy", f"{100 * right / len(first):.0f}%" if first else "–"
    )
    c.metric(
        "Mean time per answer",
        f"{sum(x.seconds for x in answers) / len(answers):.1f} s" if answers else "–",
    )
    days: dict[date, list[bool]] = {}
    for x in first:
        days.setdefault(x.answered_at.date(), []).append(x.correct)
    if days:
        ordered = sorted(days)
        figure = go.Figure(
            go.Scatter(
                x=[d.isoformat() for d in ordered],
                y=[round(100 * sum(days[d]) / len(days[d]), 1) for d in ordered],
                mode="lines+markers",
            )
        )
        figure.update_layout(
            height=260,
            yaxis={"title": "% right (first attempts)", "range": [0, 100]},
            margin={"l": 10, "r": 10, "t": 10, "b": 10},
        )
        st.plotly_chart(figure, width="stretch", key="cv_learner_chart")
    mistakes = [x for x in answers if not x.correct]
    st.markdown(f"**Mistakes:** {len(mistakes)}")
    st.dataframe(
        [
            {
                "when": x.answered_at.strftime("%Y-%m-%d %H:%M"),
                "scenario": x.scenario_id,
                "step": x.step + 1,
                "kind": x.kind,
                "topic": x.topic,
                "right": "yes" if x.correct else "no",
                "first attempt": "yes" if x.first else "no",
                "seconds": round(x.seconds, 1),
            }
            for x in reversed(answers[-500:])
        ],
        hide_index=True,
        width="stretch",
        key="cv_learner_table",
    )


def _export(store: ProgressStore, f: ClassFilter) -> None:
    if st.button("Prepare the class CSV", key="cv_csv_make"):
        from tutor.ui.questions import asked

        st.session_state["cv_csv"] = class_csv(store, f, asked)
    data = st.session_state.get("cv_csv")
    if data is not None:
        st.download_button(
            "Download the class CSV",
            data.encode("utf-8"),
            file_name="class-answers.csv",
            mime="text/csv",
            key="cv_csv_download",
        )
        st.caption(
            "One row per answer, with the question text and the engine's right answer."
        )


def class_view_page() -> None:
    """Filters, then the heatmaps, hardest questions, a learner, and the export."""
    from tutor.ui.data import progress_store

    if st.session_state.pop("cv_goto_studio", False):
        st.switch_page("app_pages/studio.py")
    store = progress_store()
    f = _filters()
    view = st.radio(
        "View", VIEWS, key="cv_view", horizontal=True, label_visibility="collapsed"
    )
    if not first_attempts_counted():
        st.caption("This store does not record attempts: every answer is counted.")
    message = st.session_state.pop("cv_msg", None)
    if message:
        st.warning(message)
    started = time.perf_counter()
    if view == VIEWS[0]:
        topics = topic_cells(store, f)
        if not topics:
            st.info("No answers under these filters yet.")
            return
        st.plotly_chart(
            heatmap_figure(topics, "topic"), width="stretch", key="cv_topic_chart"
        )
    elif view == VIEWS[1]:
        rules = rule_cells(store, f)
        if not rules:
            st.info("No answers with rule ids under these filters yet.")
            return
        st.plotly_chart(
            heatmap_figure(rules, "rule id"), width="stretch", key="cv_rule_chart"
        )
    elif view == VIEWS[2]:
        _hardest(hardest_asks(store, f))
    elif view == VIEWS[3]:
        _learner(store, learner_names(store, f), f)
    else:
        _export(store, f)
    st.caption(f"Built in {time.perf_counter() - started:.2f} s.")
