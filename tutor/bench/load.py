"""Load: simulated learners on websockets speaking Streamlit's protocol, through ``tutor serve``.

Each learner is one websocket session on ``/_stcore/stream`` (the frames are the
``BackMsg`` / ``ForwardMsg`` protobufs that ship in the streamlit wheel), opened on the
Walkthrough, signed in by the ``tutor_learner`` cookie of a session opened in the store.
Every 2 s it does one interaction, each a real
rerun on the server, in a loop: pick a scenario (full rerun), Next up to its first
"which player" question (full reruns), choose a player (fragment rerun), Check (fragment
rerun that saves the answer). An interaction's time runs from sending the message to the
server's ``script_finished``.

For each replica count (``$TUTOR_BENCH_LOAD_REPLICAS``, default ``1,2``) the benchmark
starts ``tutor serve`` on loopback ports and runs 10, 50, 100 and 200 learners
(``$TUTOR_BENCH_LOAD_LEARNERS``) for ``$TUTOR_BENCH_LOAD_SECONDS`` (default 20) each,
reporting p50/p95/max per interaction, errors, answers lost (Checks sent minus rows found
in the database afterwards), and the CPU and memory of the app replicas, HAProxy and
PostgreSQL. The database is a throwaway PostgreSQL cluster started here, or
``$TUTOR_BENCH_DATABASE_URL`` (its tables are written to). Everything runs on 127.0.0.1.

The ``--json`` numbers: ``load_p95_ms_<n>``, ``load_p50_ms_<n>``, ``load_max_ms_<n>``,
``load_errors_<n>``, ``load_answers_lost_<n>`` for the largest replica count, and the same
with ``load_r<replicas>_`` in front for every replica count measured.
"""

from __future__ import annotations

import asyncio
import os
import random
import socket
import sys
import tempfile
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tutor.asks import ASKS
from tutor.bench.common import BenchResult
from tutor.bench.pgcluster import ClusterError, pg_bin, throwaway_cluster
from tutor.serve import COOKIE_NAME as COOKIE

#: Seconds between two interactions of one learner.
INTERVAL = 2.0
LEVELS = (10, 50, 100, 200)
MEASURE_SECONDS = 20.0
#: Bounds: no run larger or longer than this, whatever the settings say.
MAX_LEARNERS = 400
MAX_SECONDS = 300.0
MAX_REPLICAS = 8
#: An interaction with no ``script_finished`` within this many seconds is an error.
TIMEOUT = 15.0
#: Ask kinds answered by picking one player (a radio button), from the ask registry: the
#: only ones the load client answers. Scenarios whose first question is of another kind
#: (amounts, several players, ``side-pots``' pots and who can win each) are left out of
#: its plan, not answered wrongly (:func:`plan`).
RADIO_KINDS = tuple(
    kind
    for kind, entry in ASKS.items()
    if entry.control == "player" and len(entry.answer) == 1
)
SCENARIOS_PER_PLAN = 6
PAGE = "walkthrough"
PICK_KEY = "wt_pick"
NEXT_KEY = "wt_next"
CHECK_KEY = "wt_check"
RETRY_KEY = "wt_retry"
NOT_SAVED = "not saved"

REPLICAS_VAR = "TUTOR_BENCH_LOAD_REPLICAS"
LEARNERS_VAR = "TUTOR_BENCH_LOAD_LEARNERS"
SECONDS_VAR = "TUTOR_BENCH_LOAD_SECONDS"
DATABASE_VAR = "TUTOR_BENCH_DATABASE_URL"


class LoadError(Exception):
    """An interaction that failed: a timeout, a dropped connection, or the wrong page."""


# -- one learner's websocket session ----------------------------------------------------


@dataclass(frozen=True)
class Widget:
    """A widget the server drew: its element id, kind, options and fragment."""

    id: str
    kind: str
    options: tuple[str, ...]
    disabled: bool
    fragment: str


@dataclass
class Run:
    """What one rerun drew, and how long it took."""

    seconds: float = 0.0
    widgets: dict[str, Widget] = field(default_factory=dict)
    alerts: list[tuple[str, str]] = field(default_factory=list)
    exceptions: list[str] = field(default_factory=list)
    status: str = ""


_ALERT_FORMATS = {1: "error", 2: "warning", 3: "info", 4: "success"}


def widget_key(element_id: str) -> str:
    """The ``key=`` a widget was given, from its element id.

    >>> widget_key("$$ID-4ee5914fee2b60e46b898bb05b08d4e3-wt_pick")
    'wt_pick'
    >>> widget_key("$$ID-69d4e2b2-wt_ante-eight-handed_0_0_minimum")
    'wt_ante-eight-handed_0_0_minimum'
    """
    parts = element_id.split("-", 2)
    return parts[2] if len(parts) == 3 and parts[0] == "$$ID" else element_id


class Session:
    """One browser tab, simulated: a websocket on ``/_stcore/stream`` and its widget values.

    Like the browser, every rerun request carries the values of the widgets on screen
    that this session has set; a click is a one-off trigger value.
    """

    def __init__(self, base_url: str, learner: str, page: str = PAGE) -> None:
        if not base_url.startswith(("http://127.0.0.1:", "http://localhost:")):
            raise LoadError(f"{base_url!r}: the load client talks to 127.0.0.1 only")
        self.url = "ws://" + base_url.split("://", 1)[1] + "/_stcore/stream"
        self.learner = learner
        self.page = page
        self.page_hash = ""
        self.ws: Any = None
        self.replica = ""
        self.widgets: dict[str, Widget] = {}
        self.values: dict[str, Any] = {}  # element id -> WidgetState

    async def connect(self, cookie: str | None = None) -> None:
        """Open the websocket (through the proxy: note the replica that took it)."""
        import websockets

        headers = {"Cookie": cookie} if cookie else {}
        try:
            self.ws = await websockets.connect(
                self.url,
                subprotocols=[websockets.Subprotocol("streamlit")],
                additional_headers=headers,
                max_size=2**24,
                open_timeout=TIMEOUT,
                ping_interval=None,
            )
        except (OSError, TimeoutError, websockets.InvalidHandshake) as exc:
            raise LoadError(f"could not open {self.url}: {exc}") from exc
        self.replica = self.ws.response.headers.get("X-Tutor-Replica", "")

    async def close(self) -> None:
        """Close the websocket (the server ends the session)."""
        if self.ws is not None:
            await self.ws.close()
            self.ws = None

    async def open(self) -> Run:
        """The first run: the Walkthrough (the learner comes from the session's cookie)."""
        return await self._rerun(query="")

    async def choose(self, key: str, value: str) -> Run:
        """Set a selectbox or radio (by its key) to the option shown as ``value``."""
        from streamlit.proto.WidgetStates_pb2 import WidgetState

        widget = self.widget(key)
        if value not in widget.options:
            raise LoadError(f"{key!r} has no option {value!r}")
        state = WidgetState(id=widget.id, string_value=value)
        self.values[widget.id] = state
        return await self._rerun(fragment=widget.fragment)

    async def click(self, key: str) -> Run:
        """Click the button with this key."""
        from streamlit.proto.WidgetStates_pb2 import WidgetState

        widget = self.widget(key)
        if widget.disabled:
            raise LoadError(f"the button {key!r} is disabled")
        trigger = WidgetState(id=widget.id, trigger_value=True)
        return await self._rerun(fragment=widget.fragment, extra=trigger)

    def widget(self, key: str) -> Widget:
        """The widget on screen with this key."""
        try:
            return self.widgets[key]
        except KeyError:
            shown = ", ".join(sorted(self.widgets)) or "none"
            raise LoadError(f"no widget {key!r} on screen (widgets: {shown})") from None

    async def _rerun(
        self, query: str = "", fragment: str = "", extra: Any = None
    ) -> Run:
        from streamlit.proto.BackMsg_pb2 import BackMsg
        from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

        if self.ws is None:
            raise LoadError("the session is not connected")
        msg = BackMsg()
        state = msg.rerun_script
        state.query_string = query
        state.page_name = self.page
        state.page_script_hash = self.page_hash
        state.fragment_id = fragment
        states = [*self.values.values(), *([extra] if extra is not None else [])]
        state.widget_states.widgets.extend(states)
        run = Run()
        start = time.perf_counter()
        try:
            await self.ws.send(msg.SerializeToString())
            async with asyncio.timeout(TIMEOUT):
                while True:
                    reply = ForwardMsg()
                    reply.ParseFromString(await self.ws.recv())
                    kind = reply.WhichOneof("type")
                    if kind == "delta":
                        _note(run, reply)
                    elif kind == "navigation":  # the page this run showed
                        self.page_hash = reply.navigation.page_script_hash
                    elif kind == "script_finished":
                        run.status = ForwardMsg.ScriptFinishedStatus.Name(
                            reply.script_finished
                        )
                        if run.status != "FINISHED_EARLY_FOR_RERUN":
                            break
                        # st.rerun(): the app draws the whole page again, and this
                        # interaction lasts until that run ends (what it drew counts)
                        run.widgets, run.alerts, fragment = {}, [], ""
        except TimeoutError:
            raise LoadError(f"no end of run within {TIMEOUT:.0f} s") from None
        except Exception as exc:  # websockets.ConnectionClosed and its kind
            if isinstance(exc, LoadError):
                raise
            raise LoadError(f"the connection broke: {type(exc).__name__}") from exc
        run.seconds = time.perf_counter() - start
        self._keep(run, fragment)
        if run.exceptions:
            raise LoadError(f"the app showed an exception: {run.exceptions[0]}")
        if run.status not in (
            "FINISHED_SUCCESSFULLY",
            "FINISHED_FRAGMENT_RUN_SUCCESSFULLY",
        ):
            raise LoadError(f"the run ended with {run.status}")
        return run

    def _keep(self, run: Run, fragment: str) -> None:
        """Update the widgets on screen; forget values of widgets that went away."""
        if fragment:
            self.widgets = {
                k: w for k, w in self.widgets.items() if w.fragment != fragment
            }
            self.widgets.update(run.widgets)
        else:
            self.widgets = dict(run.widgets)
        ids = {w.id for w in self.widgets.values()}
        self.values = {i: v for i, v in self.values.items() if i in ids}


def _note(run: Run, msg: Any) -> None:
    delta = msg.delta
    if delta.WhichOneof("type") != "new_element":
        return
    element = delta.new_element
    kind = element.WhichOneof("type")
    if kind is None:
        return
    body = getattr(element, kind)
    if kind == "alert":
        run.alerts.append((_ALERT_FORMATS.get(body.format, "?"), body.body))
    elif kind == "exception":
        run.exceptions.append(f"{body.type}: {body.message}"[:200])
    elif getattr(body, "id", "").startswith("$$ID-"):
        run.widgets[widget_key(body.id)] = Widget(
            body.id,
            kind,
            tuple(getattr(body, "options", ()) or ()),
            bool(getattr(body, "disabled", False)),
            delta.fragment_id,
        )


# -- what a learner does ------------------------------------------------------------------


@dataclass(frozen=True)
class Stop:
    """A scenario in the walkthrough's list, and how many Nexts lead to its question."""

    label: str
    nexts: int


def plan(limit: int = SCENARIOS_PER_PLAN) -> list[Stop]:
    """The scenarios the learners walk: those whose earliest player question comes soonest.

    :raises LoadError: If the bank has no scenario with a "which player" question.
    """
    from tutor import config
    from tutor.scenarios import load_bank
    from tutor.ui.walkthrough import scenario_title

    folder = config.scenarios_dir()
    stops = []
    for scenario in load_bank([str(folder)]).scenarios:
        # the scenario's first question: Next past an unanswered one leaves it open, and a
        # later step that would show its answer is not shown (tutor.ui.screen)
        asks = [s for s in scenario.steps if s.ask is not None]
        if asks and asks[0].ask is not None and asks[0].ask.kind in RADIO_KINDS:
            stops.append(Stop(scenario_title(scenario), asks[0].index))
    if not stops:
        raise LoadError(
            f"no scenario under {str(folder)!r} asks {', '.join(RADIO_KINDS)}: the load "
            "benchmark needs one"
        )
    stops.sort(key=lambda s: (s.nexts, s.label))
    return stops[:limit]


def player_radio(widgets: dict[str, Widget]) -> Widget | None:
    """The walkthrough's "which player" control, if one is on screen."""
    return next(
        (
            w
            for k, w in widgets.items()
            if w.kind == "radio" and k.startswith("wt_") and k.endswith("_player")
        ),
        None,
    )


@dataclass
class Tally:
    """What the learners of one run did."""

    times: list[float] = field(default_factory=list)
    check_times: list[float] = field(default_factory=list)
    open_times: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    checks_sent: int = 0
    replicas: dict[str, int] = field(default_factory=dict)


class Learner:
    """One simulated learner: a session and the loop of interactions, paced every 2 s."""

    def __init__(
        self,
        base_url: str,
        name: str,
        stops: Sequence[Stop],
        tally: Tally,
        seed: int,
        token: str = "",
    ) -> None:
        self.base_url = base_url
        self.name = name
        #: the learner's sign-in token (its ``tutor_learner`` cookie)
        self.token = token
        self.stops = stops
        self.tally = tally
        self.rng = random.Random(seed)
        self.next_at = 0.0
        self.until = 0.0

    async def _pace(self) -> bool:
        """Wait for this learner's next turn; False once the time is up."""
        now = time.perf_counter()
        if self.next_at > now:
            await asyncio.sleep(self.next_at - now)
        start = max(self.next_at, time.perf_counter())
        if start >= self.until:
            return False
        self.next_at = start + INTERVAL
        return True

    async def run(self, start_at: float, until: float) -> None:
        """Interact from ``start_at`` until ``until`` (perf_counter times)."""
        self.next_at, self.until = start_at, until
        turn = self.rng.randrange(len(self.stops))
        while await self._pace():
            session = Session(self.base_url, self.name)
            try:
                await session.connect(
                    cookie=f"tutor_learner={self.token}" if self.token else None
                )
                self.tally.replicas[session.replica] = (
                    self.tally.replicas.get(session.replica, 0) + 1
                )
                self.tally.open_times.append((await session.open()).seconds)
                while True:
                    stop = self.stops[turn % len(self.stops)]
                    turn += 1
                    if not await self._cycle(session, stop):
                        return
            except LoadError as exc:
                self.tally.errors.append(f"{self.name}: {exc}")
            finally:
                await session.close()

    async def _cycle(self, session: Session, stop: Stop) -> bool:
        """Pick, Next to the question, choose, Check; False once the time is up."""
        for n in range(stop.nexts + 1):
            if not await self._pace():
                return False
            action = (
                session.choose(PICK_KEY, stop.label)
                if n == 0
                else session.click(NEXT_KEY)
            )
            self.tally.times.append((await action).seconds)
        if session.widget(
            CHECK_KEY
        ).disabled:  # answered before: the same scenario again
            if not await self._pace():
                return False
            self.tally.times.append((await session.click(RETRY_KEY)).seconds)
        radio = player_radio(session.widgets)
        if radio is None:
            raise LoadError(
                f"no player question after {stop.nexts} Next in {stop.label!r}"
            )
        if not await self._pace():
            return False
        option = self.rng.choice(radio.options)
        self.tally.times.append(
            (await session.choose(widget_key(radio.id), option)).seconds
        )
        if not await self._pace():
            return False
        self.tally.checks_sent += 1
        run = await session.click(CHECK_KEY)
        self.tally.times.append(run.seconds)
        self.tally.check_times.append(run.seconds)
        verdicts = [a for a in run.alerts if a[0] in ("success", "error")]
        lost = [
            body for fmt, body in run.alerts if fmt == "warning" and NOT_SAVED in body
        ]
        if lost:
            raise LoadError(f"Check said: {lost[0][:160]}")
        if not verdicts:
            raise LoadError(f"Check showed no verdict (alerts: {run.alerts!r:.160})")
        return True


# -- the floor: the same client against a trivial app ------------------------------------

#: The floor: the smallest app holding what a learner's interaction needs, a radio and a
#: button (each interaction a full rerun of this script).
FLOOR_APP = """import streamlit as st

st.title("Floor")
choice = st.radio("Who acts first?", ["Ana", "Bo", "Cy", "Di"], key="pick")
if st.button("Check", key="check"):
    st.success(f"You chose {choice}.")
"""
FLOOR_PICK = "pick"
FLOOR_CHECK = "check"


class FloorLearner(Learner):
    """A learner on the trivial app: choose a radio option, click the button, paced alike."""

    async def run(self, start_at: float, until: float) -> None:
        """Interact from ``start_at`` until ``until`` (perf_counter times)."""
        self.next_at, self.until = start_at, until
        while await self._pace():
            session = Session(self.base_url, self.name, page="")
            try:
                await session.connect()
                self.tally.open_times.append((await session.open()).seconds)
                while await self._pace():
                    radio = session.widget(FLOOR_PICK)
                    option = self.rng.choice(radio.options)
                    run = await session.choose(FLOOR_PICK, option)
                    self.tally.times.append(run.seconds)
                    if not await self._pace():
                        return
                    run = await session.click(FLOOR_CHECK)
                    self.tally.times.append(run.seconds)
                    self.tally.check_times.append(run.seconds)
                    self.tally.checks_sent += 1
                    if not any(fmt == "success" for fmt, _body in run.alerts):
                        raise LoadError("the floor app showed no verdict")
                return
            except LoadError as exc:
                self.tally.errors.append(f"{self.name}: {exc}")
            finally:
                await session.close()


# -- measuring the server processes -------------------------------------------------------


class Meter:
    """CPU seconds and memory of a set of processes (and their children) over a window."""

    def __init__(self, groups: dict[str, list[int]]) -> None:
        import psutil

        self.groups = {
            name: [psutil.Process(pid) for pid in pids] for name, pids in groups.items()
        }
        self.start_cpu = self._cpu()
        self.start = time.perf_counter()
        self.machine_start = psutil.cpu_times()
        self.client_start = _own_cpu()

    def _processes(self, name: str) -> list[Any]:
        import psutil

        found = []
        for process in self.groups[name]:
            try:
                found.append(process)
                found.extend(process.children(recursive=True))
            except psutil.Error:
                continue
        return found

    def _cpu(self) -> dict[tuple[str, int], float]:
        import psutil

        seen: dict[tuple[str, int], float] = {}
        for name in self.groups:
            for process in self._processes(name):
                try:
                    times = process.cpu_times()
                except psutil.Error:
                    continue
                seen[(name, process.pid)] = times.user + times.system
        return seen

    def stop(self) -> dict[str, float]:
        """CPU as % of one core and RSS in MiB per group, and the whole machine's busy %."""
        import psutil

        wall = time.perf_counter() - self.start
        end = self._cpu()
        result: dict[str, float] = {"wall": round(wall, 3)}
        for name in self.groups:
            used = sum(
                cpu - self.start_cpu.get(key, 0.0)
                for key, cpu in end.items()
                if key[0] == name
            )
            result[f"{name}_cpu"] = round(100 * used / wall, 1)
            rss = 0
            for process in self._processes(name):
                try:
                    rss += process.memory_info().rss
                except psutil.Error:
                    continue
            result[f"{name}_mib"] = round(rss / 2**20, 1)
        before, after = self.machine_start, psutil.cpu_times()
        idle = (after.idle + after.iowait) - (before.idle + before.iowait)
        total = sum(after) - sum(before)
        result["machine_busy"] = round(100 * (1 - idle / total), 1) if total else 0.0
        result["client_cpu"] = round(100 * (_own_cpu() - self.client_start) / wall, 1)
        return result


def _own_cpu() -> float:
    """CPU seconds of this process alone (the load client), without its children."""
    import psutil

    times = psutil.Process().cpu_times()
    return float(times.user + times.system)


# -- the database --------------------------------------------------------------------------


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass(frozen=True)
class Database:
    """A database URL, and the server's main process id when it was started here."""

    url: str
    pid: int | None
    kind: str
    #: A URL to the cluster's ``postgres`` database, to create fresh ones (throwaway only).
    admin_url: str = ""

    def fresh(self, name: str) -> str:
        """A new empty database ``name`` on a throwaway cluster; else the given URL."""
        if not self.admin_url:
            return self.url
        from sqlalchemy import create_engine, text

        admin = create_engine(self.admin_url, isolation_level="AUTOCOMMIT")
        try:
            with admin.connect() as conn:
                conn.execute(text(f'CREATE DATABASE "{name}"'))
        finally:
            admin.dispose()
        return self.url.rsplit("/", 1)[0] + "/" + name


@contextmanager
def throwaway_postgres() -> Iterator[Database]:
    """A PostgreSQL cluster in a temporary folder on 127.0.0.1, removed afterwards.

    As root, the server runs as the ``postgres`` user (it refuses root).

    :raises LoadError: If PostgreSQL's programs are missing or it does not start.
    """
    bindir = pg_bin()
    if bindir is None:
        raise LoadError(
            "PostgreSQL's initdb and pg_ctl were not found: install postgresql, or set "
            f"{DATABASE_VAR} to a database URL"
        )
    try:
        with throwaway_cluster(
            bindir, ["max_connections=200"], prefix="tutor-bench-pg-"
        ) as cluster:
            server = cluster.server
            kind = "PostgreSQL (throwaway cluster, a fresh database per replica count)"
            yield Database(
                f"{server}/postgres",
                cluster.pid(),
                kind,
                admin_url=f"{server}/postgres",
            )
    except ClusterError as exc:
        raise LoadError(f"could not start PostgreSQL: {exc.stderr.strip()}") from exc


@contextmanager
def database() -> Iterator[Database]:
    """``$TUTOR_BENCH_DATABASE_URL``, or a throwaway PostgreSQL cluster."""
    given = os.environ.get(DATABASE_VAR, "").strip()
    if given:
        yield Database(given, None, "the database at " + DATABASE_VAR)
        return
    with throwaway_postgres() as db:
        yield db


# -- one measured level -----------------------------------------------------------------


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile (0..1) by the nearest-rank method; 0 for no values.

    >>> percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 0.95)
    10
    >>> percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 0.5)
    5
    """
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(1, -(-len(ordered) * q // 1))
    return ordered[int(rank) - 1]


@dataclass
class Level:
    """The results of one number of learners on one deployment."""

    replicas: int
    learners: int
    tally: Tally
    saved: int
    usage: dict[str, float]

    @property
    def lost(self) -> int:
        """Checks sent minus answers found in the database."""
        return self.tally.checks_sent - self.saved

    def cpu_ms_per_interaction(self, seconds: float) -> float:
        """The app replicas' CPU time per interaction, in ms (less noisy than latency)."""
        count = len(self.tally.times) + len(self.tally.open_times)
        wall = self.usage.get("wall", seconds)
        used = self.usage["app_cpu"] / 100 * wall
        return round(1e3 * used / count, 1) if count else 0.0

    def ms(self, q: float, times: Sequence[float] | None = None) -> float:
        """A quantile of the interaction times, in ms."""
        values = self.tally.times if times is None else times
        return round(percentile(values, q) * 1e3, 1)


def make_learners(url: str, names: Sequence[str]) -> dict[str, str]:
    """Create the learners in the store (through ``ProgressStore``), each signed in: its
    session token (what its browser's ``tutor_learner`` cookie would hold) by name."""
    from datetime import UTC, datetime

    from tutor.progress import ProgressStore
    from tutor.progress.identity import new_token

    store = ProgressStore(url)
    tokens: dict[str, str] = {}
    try:
        for name in names:
            learner = store.create_learner(name)
            tokens[name] = new_token()
            store.open_session(tokens[name], "learner", learner, now=datetime.now(UTC))
    finally:
        store.close()
    return tokens


def saved_answers(url: str, names: Sequence[str]) -> int:
    """How many answers the store holds for these learners."""
    from tutor.progress import ProgressStore

    store = ProgressStore(url)
    try:
        total = 0
        for name in names:
            learner = store.find_learner(name)
            total += 0 if learner is None else len(store.answers(learner))
        return total
    finally:
        store.close()


async def _drive(
    base_url: str,
    names: Sequence[str],
    stops: Sequence[Stop],
    seconds: float,
    tokens: Mapping[str, str] | None = None,
    kind: type[Learner] = Learner,
) -> Tally:
    tally = Tally()
    now = time.perf_counter()
    count = len(names)
    learners = [
        kind(base_url, n, stops, tally, seed=i, token=(tokens or {}).get(n, ""))
        for i, n in enumerate(names)
    ]
    until = now + INTERVAL + seconds
    await asyncio.gather(
        *(
            learner.run(now + INTERVAL * i / count, until)
            for i, learner in enumerate(learners)
        )
    )
    return tally


def measure(
    base_url: str,
    url: str,
    replicas: int,
    learners: int,
    seconds: float,
    pids: dict[str, list[int]],
    stops: Sequence[Stop],
    tag: str,
) -> Level:
    """Run ``learners`` learners for ``seconds`` against ``base_url``; tally the results."""
    names = [f"Load {tag} {n:03d}" for n in range(learners)]
    tokens = make_learners(url, names)
    meter = Meter(pids)
    tally = asyncio.run(_drive(base_url, names, stops, seconds, tokens))
    usage = meter.stop()
    usage["loadavg"] = round(os.getloadavg()[0], 2)
    return Level(replicas, learners, tally, saved_answers(url, names), usage)


@contextmanager
def floor_server(folder: Path) -> Iterator[tuple[str, int]]:
    """The trivial app (:data:`FLOOR_APP`) served by ``streamlit run`` on loopback, with the
    project's Streamlit config (run from the project folder, as the replicas are):
    (base URL, process id).

    :raises LoadError: If it is not healthy within 60 s.
    """
    import subprocess

    from tutor.bench.app import ROOT, health, stop, streamlit_command

    script = folder / "floor_app.py"
    script.write_text(FLOOR_APP)
    port = _free_port()
    url = f"http://127.0.0.1:{port}"
    process = subprocess.Popen(
        streamlit_command(port, script),
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        stdin=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 60
        while health(url) != "ok":
            if process.poll() is not None or time.monotonic() > deadline:
                raise LoadError(f"the trivial app did not start at {url}")
            time.sleep(0.05)
        yield url, process.pid
    finally:
        stop(process)


async def _warm_floor(base_url: str) -> None:
    session = Session(base_url, "Floor warm-up", page="")
    await session.connect()
    try:
        await session.open()
        await session.choose(FLOOR_PICK, "Bo")
        await session.click(FLOOR_CHECK)
    finally:
        await session.close()


def measure_floor(learners: int, seconds: float, folder: Path) -> Level:
    """The same client, paced the same, against the trivial app (one process)."""
    names = [f"Floor {n:03d}" for n in range(learners)]
    with floor_server(folder) as (url, pid):
        asyncio.run(_warm_floor(url))
        meter = Meter({"app": [pid]})
        tally = asyncio.run(_drive(url, names, (), seconds, kind=FloorLearner))
        usage = meter.stop()
    usage["loadavg"] = round(os.getloadavg()[0], 2)
    return Level(0, learners, tally, tally.checks_sent, usage)


async def _warm(base_url: str, replicas: Sequence[str], stops: Sequence[Stop]) -> None:
    for replica in replicas:
        session = Session(base_url, "Load warm-up")
        await session.connect(cookie=f"{COOKIE}={replica}")
        try:
            await session.open()
            for stop in stops:
                await session.choose(PICK_KEY, stop.label)
        finally:
            await session.close()


def warm_up(base_url: str, replicas: Sequence[str], stops: Sequence[Stop]) -> None:
    """Open every scenario of the plan once on each replica (what a first visitor pays).

    :raises LoadError: If a replica cannot be reached through the proxy's cookie.
    """
    asyncio.run(_warm(base_url, replicas, stops))


# -- the benchmark ------------------------------------------------------------------------


def _numbers(var: str, default: Sequence[int], low: int, high: int) -> list[int]:
    text = os.environ.get(var, "").strip()
    if not text:
        return list(default)
    try:
        values = [int(part) for part in text.split(",") if part.strip()]
    except ValueError:
        raise LoadError(
            f"{var}={text!r}: write whole numbers separated by commas"
        ) from None
    if not values or any(not low <= v <= high for v in values):
        raise LoadError(f"{var}={text!r}: use numbers from {low} to {high}")
    return values


def settings() -> tuple[list[int], list[int], float]:
    """Replica counts, learner counts and seconds per level, from the environment."""
    replicas = _numbers(REPLICAS_VAR, (1, 2), 1, MAX_REPLICAS)
    learners = _numbers(LEARNERS_VAR, LEVELS, 1, MAX_LEARNERS)
    text = os.environ.get(SECONDS_VAR, "").strip()
    try:
        seconds = float(text) if text else MEASURE_SECONDS
    except ValueError:
        raise LoadError(f"{SECONDS_VAR}={text!r}: write a number of seconds") from None
    if not 2 <= seconds <= MAX_SECONDS:
        raise LoadError(f"{SECONDS_VAR}={text!r}: use 2 to {MAX_SECONDS:.0f} seconds")
    return replicas, learners, seconds


def run() -> BenchResult:
    """Every replica count x every number of learners; the table and the numbers.

    A setting that cannot be used, or a deployment that does not start, ends the
    program with one line saying why (exit status 1).
    """
    from tutor.serve import ServeError

    try:
        return _run()
    except (LoadError, ServeError) as exc:
        raise SystemExit(f"load: {exc}") from None


def _run() -> BenchResult:
    from tutor.serve import Deployment

    replica_counts, learner_counts, seconds = settings()
    stops = plan()
    levels: list[Level] = []
    with (
        database() as db,
        tempfile.TemporaryDirectory(prefix="tutor-bench-load-") as tmp,
    ):
        for replicas in replica_counts:
            url = db.fresh(f"tutor_bench_r{replicas}")
            env = {
                **os.environ,
                "TUTOR_DATABASE_URL": url,
                "TUTOR_DATA_DIR": str(Path(tmp) / "data"),
            }
            port = _free_port()
            deployment = Deployment(
                replicas,
                port,
                replica_ports=_free_port_run(replicas),
                env=env,
                log_dir=Path(tmp) / f"logs-{replicas}",
            )
            with deployment:
                warm_up(deployment.url, [r.name for r in deployment.replicas], stops)
                pids = deployment.pids()
                groups = {
                    "app": [pid for name, pid in pids.items() if name != "proxy"],
                    "proxy": [pids["proxy"]],
                    **({"db": [db.pid]} if db.pid else {}),
                }
                for learners in learner_counts:
                    print(
                        f"load: {replicas} replica(s), {learners} learners, "
                        f"{seconds:.0f} s ...",
                        file=sys.stderr,
                        flush=True,
                    )
                    tag = f"r{replicas} n{learners} {os.getpid()}"
                    levels.append(
                        measure(
                            deployment.url,
                            url,
                            replicas,
                            learners,
                            seconds,
                            groups,
                            stops,
                            tag,
                        )
                    )
        floor_learners = min(learner_counts)
        print(
            f"load: the trivial app (floor), {floor_learners} learners, "
            f"{seconds:.0f} s ...",
            file=sys.stderr,
            flush=True,
        )
        floor = measure_floor(floor_learners, seconds, Path(tmp))
    return table(levels, db, seconds, floor)


def _floor_row(floor: Level, seconds: float) -> list[str]:
    usage = floor.usage
    return [
        "floor",
        str(floor.learners),
        str(len(floor.tally.times)),
        f"{floor.ms(0.5):.0f} ms",
        f"{floor.ms(0.95):.0f} ms",
        f"{floor.ms(1.0):.0f} ms",
        f"{floor.ms(0.95, floor.tally.check_times):.0f} ms",
        f"{floor.ms(0.95, floor.tally.open_times):.0f} ms",
        str(len(floor.tally.errors)),
        str(floor.tally.checks_sent),
        "-",
        f"{usage['app_cpu']:.0f}%",
        f"{floor.cpu_ms_per_interaction(seconds):.1f} ms",
        "-",
        "-",
        f"{usage['app_mib']:.0f} MiB",
        f"{usage['client_cpu']:.0f}%",
        f"{usage['machine_busy']:.0f}%",
        f"{usage.get('loadavg', 0.0):.2f}",
    ]


def floor_numbers(
    levels: Sequence[Level], floor: Level, seconds: float
) -> dict[str, float]:
    """The app's CPU per interaction against the trivial app's, at the floor's learners.

    The app's figure comes from the largest replica count measured at that number of
    learners (else the level nearest to it).
    """
    floor_ms = floor.cpu_ms_per_interaction(seconds)
    numbers = {
        "load_floor_cpu_ms_per_interaction": floor_ms,
        "load_floor_p95_ms": floor.ms(0.95),
        "load_floor_learners": floor.learners,
        "load_floor_loadavg": floor.usage.get("loadavg", 0.0),
    }
    if levels:
        nearest = min(abs(lv.learners - floor.learners) for lv in levels)
        level = max(
            (lv for lv in levels if abs(lv.learners - floor.learners) == nearest),
            key=lambda lv: lv.replicas,
        )
        ours = level.cpu_ms_per_interaction(seconds)
        numbers["load_cpu_ms_per_interaction"] = ours
        numbers["load_cpu_replicas"] = level.replicas
        numbers["load_cpu_learners"] = level.learners
        if floor_ms > 0:
            numbers["load_cpu_vs_floor"] = round(ours / floor_ms, 2)
    return numbers


def _free_port_run(count: int) -> int:
    """The first of ``count`` consecutive free ports on 127.0.0.1 (from a random start)."""
    from tutor.serve import port_is_free

    rng = random.Random()
    for _ in range(200):
        first = rng.randrange(20000, 60000 - count)
        if all(port_is_free(first + n) for n in range(count)):
            return first
    raise LoadError(f"found no {count} consecutive free ports on 127.0.0.1")


def table(
    levels: Sequence[Level],
    db: Database,
    seconds: float,
    floor: Level | None = None,
) -> BenchResult:
    """The printed rows and the ``--json`` numbers.

    With ``floor`` (the trivial app's run), also ``load_cpu_ms_per_interaction`` (the app's,
    at the floor's number of learners on the largest replica count),
    ``load_floor_cpu_ms_per_interaction`` and their ratio ``load_cpu_vs_floor`` (goal <= 2).
    """
    rows = [
        [
            "replicas",
            "learners",
            "interactions",
            "p50",
            "p95",
            "max",
            "Check p95",
            "open p95",
            "errors",
            "answers",
            "lost",
            "app CPU",
            "app CPU/interaction",
            "proxy CPU",
            "db CPU",
            "app RSS",
            "client CPU",
            "machine busy",
            "load avg",
        ]
    ]
    numbers: dict[str, float] = {}
    top = max((lv.replicas for lv in levels), default=0)
    for lv in levels:
        usage = lv.usage
        rows.append(
            [
                str(lv.replicas),
                str(lv.learners),
                str(len(lv.tally.times)),
                f"{lv.ms(0.5):.0f} ms",
                f"{lv.ms(0.95):.0f} ms",
                f"{lv.ms(1.0):.0f} ms",
                f"{lv.ms(0.95, lv.tally.check_times):.0f} ms",
                f"{lv.ms(0.95, lv.tally.open_times):.0f} ms",
                str(len(lv.tally.errors)),
                str(lv.tally.checks_sent),
                str(lv.lost),
                f"{usage['app_cpu']:.0f}%",
                f"{lv.cpu_ms_per_interaction(seconds):.1f} ms",
                f"{usage['proxy_cpu']:.0f}%",
                f"{usage['db_cpu']:.0f}%" if "db_cpu" in usage else "-",
                f"{usage['app_mib']:.0f} MiB",
                f"{usage['client_cpu']:.0f}%",
                f"{usage['machine_busy']:.0f}%",
                f"{usage.get('loadavg', 0.0):.2f}",
            ]
        )
        values = {
            "p50_ms": lv.ms(0.5),
            "p95_ms": lv.ms(0.95),
            "max_ms": lv.ms(1.0),
            "check_p95_ms": lv.ms(0.95, lv.tally.check_times),
            "errors": len(lv.tally.errors),
            "answers": lv.tally.checks_sent,
            "answers_lost": lv.lost,
            "app_cpu_pct": usage["app_cpu"],
            "app_cpu_ms_per_interaction": lv.cpu_ms_per_interaction(seconds),
            "app_rss_mib": usage["app_mib"],
            "loadavg": usage.get("loadavg", 0.0),
        }
        for name, value in values.items():
            numbers[f"load_r{lv.replicas}_{name}_{lv.learners}"] = value
            if lv.replicas == top:
                numbers[f"load_{name}_{lv.learners}"] = value
    if floor is not None:
        rows.append(_floor_row(floor, seconds))
        numbers.update(floor_numbers(levels, floor, seconds))
    errors = [e for lv in levels for e in lv.tally.errors]
    if floor is not None:
        errors += floor.tally.errors
    for message in errors[:5]:
        print(f"load error: {message}")
    for lv in levels:
        spread = ", ".join(
            f"{k or '?'}: {v}" for k, v in sorted(lv.tally.replicas.items())
        )
        print(
            f"load: {lv.replicas} replica(s), {lv.learners} learners: sessions per replica {spread}"
        )
    print(
        f"load: {db.kind}; {seconds:.0f} s per row, one interaction every "
        f"{INTERVAL:.0f} s per learner; CPU in % of one core over the row's run; "
        "app CPU/interaction is the replicas' CPU time per interaction, the figure "
        "other work on the machine moves least; machine busy counts every process "
        "on the machine (other work makes the times noisy).",
    )
    return rows, numbers
