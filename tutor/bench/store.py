"""Progress store at scale: the Progress and Practice pages for a learner with 50,000 answers,
and what 20,000 learners cost a rerun (``python -m tutor.bench --store``).

A SQLite store in a temporary folder is seeded with one learner's 50,000 answers over a year
(asks of the real bank, a fifth of them retries) and, in a second phase, 20,000 more learners
with a few answers each. The pages are run by Streamlit's ``AppTest`` calling the real page
functions (``progress_page``, ``practice_page``); each time is the best of several reruns.
"""

from __future__ import annotations

import os
import random
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from typing import Any

from tutor import config
from tutor.bench.common import BenchResult, fmt_time

ANSWERS = 50_000
LEARNERS = 20_000
RERUNS = 15
TARGET_MS = 200.0
SEED = 20261201
LEARNER = "Bench Learner"


def _progress_script() -> None:
    """The Progress page's body, as the router runs it (learner from the session)."""
    import streamlit as st

    from tutor.ui.data import progress_store
    from tutor.ui.progress_view import progress_page
    from tutor.ui.state import settings

    st.session_state.setdefault("learner_name", st.session_state["bench_learner"])
    progress_page(settings(progress_store()))


def _practice_script() -> None:
    """The Practice page's body; ``bench_new_round`` makes every rerun draw a new round."""
    import streamlit as st

    from tutor.ui.data import progress_store
    from tutor.ui.practice import practice_page
    from tutor.ui.state import settings

    st.session_state.setdefault("learner_name", st.session_state["bench_learner"])
    st.session_state["pr_mode"] = st.session_state["bench_mode"]
    if st.session_state.get("bench_new_round"):
        st.session_state["pr_frozen"] = None
    practice_page(settings(progress_store()))


def _asks() -> list[tuple[str, int, str, str, int, str]]:
    """(scenario id, step, kind, topic, level, game) of every ask in the bundled bank."""
    from tutor.scenarios import load_bank

    bank = load_bank([config.scenarios_dir()], replay=False)
    return [
        (s.id, step.index, step.ask.kind, s.topic, s.level, s.game)
        for s in bank.scenarios
        for step in s.steps
        if step.ask is not None
    ]


def _answer_rows(
    learner_id: int, count: int, asks: list[Any], rng: random.Random
) -> Iterator[dict[str, Any]]:
    start = datetime(2025, 12, 1, tzinfo=UTC)
    step = timedelta(days=365) / max(count, 1)
    for n in range(count):
        sid, index, kind, topic, level, game = rng.choice(asks)
        retry = rng.random() < 0.2
        yield {
            "learner_id": learner_id,
            "scenario_id": sid,
            "step": index,
            "kind": kind,
            "topic": topic,
            "level": level,
            "game": game,
            "preset": rng.choice(("online", "roberts", "wsop-cash", "tda")),
            "answer_json": '{"player":"Bo"}',
            "correct": rng.random() < (0.95 if retry else 0.7),
            "seconds": round(rng.uniform(2, 40), 3),
            "answered_at": start + step * n,
            "attempt": 2 if retry else 1,
            "after_reveal": retry,
            "rules": "bring-in.who bring-in.amount",
        }


def _seed_answers(store: Any, learner_id: int, count: int, asks: list[Any]) -> None:
    from sqlalchemy import insert

    from tutor.progress.schema import AnswerRow

    rng = random.Random(SEED + learner_id)
    rows = list(_answer_rows(learner_id, count, asks, rng))
    with store._writer.begin() as conn:
        for at in range(0, len(rows), 5000):
            conn.execute(insert(AnswerRow), rows[at : at + 5000])


def _seed_learners(store: Any, count: int, asks: list[Any]) -> None:
    from sqlalchemy import insert

    from tutor.progress.schema import AnswerRow, LearnerRow

    now = datetime.now(UTC)
    rng = random.Random(SEED)
    with store._writer.begin() as conn:
        first = conn.execute(
            insert(LearnerRow).returning(LearnerRow.id),
            [
                {"name": f"L{n:05d}", "name_key": f"l{n:05d}", "created_at": now}
                for n in range(count)
            ],
        )
        ids = [row[0] for row in first]
        rows = [
            row for learner_id in ids for row in _answer_rows(learner_id, 3, asks, rng)
        ]
        for at in range(0, len(rows), 5000):
            conn.execute(insert(AnswerRow), rows[at : at + 5000])


def _best_ms(at: Any, reruns: int = RERUNS) -> float:
    """The best (smallest) of ``reruns`` rerun times, in ms, as the other benchmarks do:
    on a shared machine the slow rounds measure the neighbours."""
    times = []
    for _ in range(reruns):
        start = time.perf_counter()
        at.run()
        times.append((time.perf_counter() - start) * 1000)
        if at.exception:
            raise RuntimeError(f"the page failed: {at.exception[0].message}")
    return min(times)


def _pages(learner: str) -> dict[str, float]:
    """Best rerun times (ms) of Progress and of Practice (drawing a new round each time)."""
    from streamlit.testing.v1 import AppTest

    times: dict[str, float] = {}
    at = AppTest.from_function(_progress_script, default_timeout=60)
    at.session_state["bench_learner"] = learner
    at.run()  # the first run imports and caches (the bank, the store)
    if at.exception:
        raise RuntimeError(f"the Progress page failed: {at.exception[0].message}")
    times["progress"] = _best_ms(at)
    for mode in ("Mixed review", "My mistakes only"):
        at = AppTest.from_function(_practice_script, default_timeout=60)
        at.session_state["bench_learner"] = learner
        at.session_state["bench_mode"] = mode
        at.session_state["bench_new_round"] = True
        at.run()
        times[f"practice: {mode}"] = _best_ms(at)
    if not any(h.value.startswith("Question 1 of") for h in at.subheader):
        raise RuntimeError("the Practice page drew no question")
    at.session_state["bench_new_round"] = False
    at.run()
    times["practice: same round"] = _best_ms(at)
    times["whole app on Progress (router + sidebar)"] = _whole_app_ms(learner)
    return times


def _whole_app_ms(learner: str) -> float:
    """The entry script on the Progress page: the router and the shared sidebar too."""
    from pathlib import Path

    from streamlit.testing.v1 import AppTest

    import tutor

    entry = Path(tutor.__file__).parent / "ui" / "streamlit_app.py"
    at = AppTest.from_file(str(entry), default_timeout=60)
    at.session_state["learner_name"] = learner  # signed in (AppTest sends no cookies)
    at.session_state["_learner_restored"] = True
    at.run()
    at.switch_page("app_pages/progress.py").run()
    if at.exception:
        raise RuntimeError(f"the app failed: {at.exception[0].message}")
    return _best_ms(at)


@contextmanager
def _environment(url: str) -> Iterator[None]:
    saved = os.environ.get(config.DATABASE_URL_VAR)
    os.environ[config.DATABASE_URL_VAR] = url
    try:
        yield
    finally:
        if saved is None:
            os.environ.pop(config.DATABASE_URL_VAR, None)
        else:
            os.environ[config.DATABASE_URL_VAR] = saved


def run(answers: int = ANSWERS, learners: int = LEARNERS) -> BenchResult:
    """Seed the store, time the pages, add the learners, time them again."""
    from tutor.progress import ProgressStore

    asks = _asks()
    with tempfile.TemporaryDirectory(prefix="tutor-bench-store-") as folder:
        url = f"sqlite:///{folder}/progress.sqlite3"
        with ProgressStore(url) as store, _environment(url):
            started = time.perf_counter()
            learner = store.create_learner(LEARNER)
            _seed_answers(store, learner.id, answers, asks)
            store.rebuild_counts()  # the rows went in around record_answer
            seeded = time.perf_counter() - started
            query_ms = _queries_ms(store, learner)
            alone = _pages(LEARNER)
            _seed_learners(store, learners, asks)
            store.rebuild_counts()
            crowded = _pages(LEARNER)
            count = store.learner_count()
    rows = [["what", f"1 learner, {answers:,} answers", f"+ {learners:,} learners"]]
    for name in alone:
        rows.append(
            [
                f"{name} page rerun",
                fmt_time(alone[name] / 1000),
                fmt_time(crowded[name] / 1000),
            ]
        )
    for name, ms in query_ms.items():
        rows.append([f"store.{name}()", fmt_time(ms / 1000), ""])
    rows.append(["seeding the answers", fmt_time(seeded), f"{count:,} learners in all"])
    practice = max(v for k, v in crowded.items() if k.startswith("practice"))
    numbers = {
        "store_progress_ms_50k": round(crowded["progress"], 1),
        "store_practice_ms_50k": round(practice, 1),
        "store_progress_ms_1_learner": round(alone["progress"], 1),
        "store_target_ms": TARGET_MS,
    }
    return rows, numbers


def _queries_ms(store: Any, learner: Any) -> dict[str, float]:
    """Best times (ms) of the store calls the two pages make."""
    calls: dict[str, Callable[[], object]] = {
        "progress": lambda: store.progress(learner),
        "mistakes": lambda: store.mistakes(learner),
        "answered_asks": lambda: store.answered_asks(learner),
    }
    times = {}
    for name, call in calls.items():
        samples = []
        for _ in range(RERUNS):
            start = time.perf_counter()
            call()
            samples.append((time.perf_counter() - start) * 1000)
        times[name] = min(samples)
    return times
