"""App speed: the check rerun against a trivial app, GC after runs, cold start."""

from __future__ import annotations

import gc
import logging
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import tomllib
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tutor.asks import ASKS
from tutor.bench.common import BenchResult, fmt_time

ROOT = Path(__file__).resolve().parents[2]
APP = ROOT / "tutor" / "ui" / "streamlit_app.py"
WALKTHROUGH = "app_pages/walkthrough.py"
CHROMIUM = Path("/usr/bin/chromium")
#: Flags for Debian's Chromium in a container: no sandbox (root), no GPU, no traffic.
CHROMIUM_ARGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)
#: The floor: the smallest app with a widget to click.
TRIVIAL_APP = 'import streamlit as st\n\nst.write("Hello")\nst.button("Go", key="go")\n'
#: Ask kinds answered with one radio button (a player), the simplest control to drive
#: (from the ask registry).
RADIO_KINDS = tuple(
    kind
    for kind, entry in ASKS.items()
    if entry.control == "player" and len(entry.answer) == 1
)
LEARNER = "Bench"
#: In the browser: an element the script drew, and the app saying its run is over.
FIRST_ELEMENT = "[data-testid=stMain] [data-testid=stElementContainer]:visible"
RUN_OVER = '[data-testid=stApp][data-test-script-state="notRunning"]'

FLOOR_RUNS = 200
CHECK_RUNS = 40
GC_ROUNDS = 4
COLD_STARTS = 3
BROWSER_RUNS = 15
WARMUP = 5


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def streamlit_command(
    port: int, script: Path = APP, options: Mapping[str, str] | None = None
) -> list[str]:
    """The ``streamlit run`` command for ``script`` on ``port``, headless and quiet.

    ``options`` adds config options, e.g. ``{"runner.postScriptGC": "false"}``.
    """
    extra = [
        part for key, value in (options or {}).items() for part in (f"--{key}", value)
    ]
    return [
        sys.executable,
        "-m",
        "streamlit",
        "run",
        str(script),
        "--server.headless",
        "true",
        "--server.port",
        str(port),
        "--server.address",
        "127.0.0.1",
        "--browser.gatherUsageStats",
        "false",
        "--server.fileWatcherType",
        "none",
        *extra,
    ]


def health(url: str) -> str:
    """The body of ``/_stcore/health`` (``"ok"`` once the server is up), or ``""``."""
    try:
        with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as response:
            body: bytes = response.read()
            return body.decode().strip()
    except (urllib.error.URLError, ConnectionError, TimeoutError):
        return ""


def stop(process: subprocess.Popen[bytes]) -> None:
    """Stop one server process (SIGTERM, then SIGKILL after 15 s)."""
    if process.poll() is not None:
        return
    process.terminate()
    try:
        process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(timeout=15)


@contextmanager
def app_environment(data_dir: Path) -> Iterator[dict[str, str]]:
    """Keep progress in ``data_dir``; yields the environment to give subprocesses."""
    saved = {k: os.environ.get(k) for k in ("TUTOR_DATA_DIR", "TUTOR_DATABASE_URL")}
    os.environ["TUTOR_DATA_DIR"] = str(data_dir)
    os.environ.pop("TUTOR_DATABASE_URL", None)
    try:
        yield dict(os.environ)
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value


@contextmanager
def quiet_streamlit() -> Iterator[None]:
    """Silence Streamlit's "missing ScriptRunContext" warnings while driving AppTest."""
    from streamlit import config, logger

    config.get_option("logger.level")  # parse the config now: parsing resets the levels
    before = logging.getLevelName(logger.get_logger("streamlit").level)
    logger.set_log_level("ERROR")  # also for loggers made later
    try:
        yield
    finally:
        logger.set_log_level(before)


@contextmanager
def server_gc() -> Iterator[None]:
    """Make AppTest collect garbage after each script run as the server does.

    Streamlit's server runner calls ``gc.collect(2)`` after every run when
    ``runner.postScriptGC`` is true; AppTest's runner skips that step. This puts it
    back, reading the option on each run, so ``set_option`` decides as on a server.
    """
    from streamlit import config
    from streamlit.testing.v1.local_script_runner import LocalScriptRunner

    original = LocalScriptRunner._on_script_finished

    def finished(self: Any, *args: Any, **kwargs: Any) -> None:
        original(self, *args, **kwargs)
        if config.get_option("runner.postScriptGC"):
            gc.collect(2)

    LocalScriptRunner._on_script_finished = finished  # type: ignore[method-assign]
    try:
        yield
    finally:
        LocalScriptRunner._on_script_finished = original  # type: ignore[method-assign]


@contextmanager
def post_script_gc(enabled: bool) -> Iterator[None]:
    """``runner.postScriptGC`` set to ``enabled`` in this process, then put back."""
    from streamlit import config

    before = config.get_option("runner.postScriptGC")
    config.set_option("runner.postScriptGC", enabled)
    try:
        yield
    finally:
        config.set_option("runner.postScriptGC", before)


def project_post_script_gc() -> bool:
    """``runner.postScriptGC`` as the project's ``.streamlit/config.toml`` sets it.

    Read from the file: Streamlit's own config depends on the working folder.
    """
    path = ROOT / ".streamlit" / "config.toml"
    try:
        with path.open("rb") as handle:
            settings = tomllib.load(handle)
    except FileNotFoundError:
        return True  # Streamlit's default
    return bool(settings.get("runner", {}).get("postScriptGC", True))


def timed(step: Callable[[], object]) -> float:
    """Seconds taken by one call of ``step``."""
    start = time.perf_counter()
    step()
    return time.perf_counter() - start


def floor_reruns(folder: Path, runs: int) -> list[float]:
    """Seconds per rerun of the trivial app after a button click, ``runs`` times."""
    from streamlit.testing.v1 import AppTest

    script = folder / "trivial_app.py"
    script.write_text(TRIVIAL_APP)
    at = AppTest.from_file(str(script), default_timeout=30)
    at.run()
    times = []
    for n in range(WARMUP + runs):
        at.button(key="go").click()
        seconds = timed(at.run)
        if at.exception:
            raise RuntimeError(f"the trivial app failed: {at.exception[0].message}")
        if n >= WARMUP:
            times.append(seconds)
    return times


@dataclass(frozen=True)
class Ask:
    """A question in the bundled bank that a radio button answers."""

    scenario: str
    step: int
    kind: str
    title: str


def first_radio_ask() -> Ask:
    """The first ask in the scenario bank answered by picking a player.

    :raises RuntimeError: If the bank has none (the benchmark needs one).
    """
    from tutor import config
    from tutor.scenarios import load_bank

    folder = config.scenarios_dir()
    for scenario in load_bank([str(folder)]).scenarios:
        for step in scenario.steps:
            if step.ask is not None and step.ask.kind in RADIO_KINDS:
                return Ask(scenario.id, step.index, step.ask.kind, scenario.title)
    raise RuntimeError(
        f"no scenario under {str(folder)!r} has an ask of kind "
        f"{', '.join(RADIO_KINDS)}: add one, or point TUTOR_SCENARIOS_DIR at a bank "
        "that has one."
    )


class CheckDriver:
    """The real app on the walkthrough at one ask: answer, Check (timed), Retry."""

    def __init__(self, ask: Ask) -> None:
        from streamlit.testing.v1 import AppTest

        from tutor import config
        from tutor.progress import ProgressStore

        store = ProgressStore(config.database_url())
        if store.find_learner(LEARNER) is None:
            store.create_learner(LEARNER)
        self.ask = ask
        self.attempt = 0
        self.at = AppTest.from_file(str(APP), default_timeout=30)
        self.at.session_state["learner_name"] = LEARNER  # signed in (no cookie here)
        self.at.session_state["_learner_restored"] = True
        self.at.session_state["wt_scenario"] = ask.scenario
        self.at.session_state["wt_pos"] = ask.step
        self.at.run()
        self.at.switch_page(WALKTHROUGH).run()
        self._fail_on_exception("opening the walkthrough")

    def _fail_on_exception(self, doing: str) -> None:
        if self.at.exception:
            raise RuntimeError(
                f"the app failed {doing}: {self.at.exception[0].message}"
            )

    def check_once(self) -> float:
        """Answer, time the Check rerun, then Retry (untimed); return the seconds."""
        at = self.at
        key = f"wt_{self.ask.scenario}_{self.ask.step}_{self.attempt}_player"
        radio = at.radio(key=key)
        radio.set_value(radio.options[0])
        at.button(key="wt_check").click()
        seconds = timed(at.run)
        self._fail_on_exception("checking an answer")
        if not (at.success or at.error):
            shown = [w.value for w in at.warning] + [e.value for e in at.exception]
            raise RuntimeError(
                f"Check on {self.ask.scenario} step {self.ask.step} showed no verdict "
                f"(warnings and errors shown: {shown!r}); the walkthrough's keys may "
                "have changed (wt_check, wt_retry, "
                "wt_<scenario>_<step>_<attempt>_player)."
            )
        at.button(key="wt_retry").click().run()
        self.attempt += 1
        return seconds

    def checks(self, runs: int, warmup: int = 0) -> list[float]:
        """Seconds per Check rerun, ``runs`` times after ``warmup`` untimed ones."""
        times = [self.check_once() for _ in range(warmup + runs)]
        return times[warmup:]


def median_ms(times: list[float]) -> float:
    """The median in milliseconds, rounded to 0.01."""
    return round(statistics.median(times) * 1e3, 2)


def cold_start_browser(
    env: Mapping[str, str], script: Path = APP
) -> tuple[float, float]:
    """Seconds from ``streamlit run`` to health ``ok``, and to the first page shown.

    The page is loaded in headless Chromium, started before the clock starts; it
    counts as shown when an element the script drew is visible and the run is over.
    """
    from playwright.sync_api import expect, sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM), args=list(CHROMIUM_ARGS)
        )
        try:
            page = browser.new_page()
            port = free_port()
            url = f"http://127.0.0.1:{port}"
            start = time.perf_counter()
            process = subprocess.Popen(
                streamlit_command(port, script),
                cwd=ROOT,
                env=dict(env),
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                stdin=subprocess.DEVNULL,
            )
            try:
                while health(url) != "ok":
                    if process.poll() is not None:
                        raise RuntimeError(
                            f"streamlit run {script} exited with {process.returncode}"
                        )
                    if time.perf_counter() - start > 60:
                        raise RuntimeError(f"{url} was not healthy after 60 s")
                    time.sleep(0.02)
                healthy = time.perf_counter() - start
                page.goto(url + "/")
                expect(page.locator(FIRST_ELEMENT).first).to_be_visible(timeout=60_000)
                expect(page.locator(RUN_OVER)).to_be_visible(timeout=60_000)
                shown = time.perf_counter() - start
            finally:
                stop(process)
        finally:
            browser.close()
    return healthy, shown


#: Clicks ``click`` and resolves with the milliseconds until an element matching
#: ``done`` holds ``text`` (any text if null), or -1 after 10 s. Timed in the page, so
#: Playwright's polling does not count.
CLICK_UNTIL_JS = """([click, done, text]) => new Promise(resolve => {
  const ready = () => [...document.querySelectorAll(done)]
    .some(e => text === null || e.textContent === text);
  const start = performance.now();
  const watch = new MutationObserver(() => {
    if (ready()) {
      watch.disconnect();
      resolve(performance.now() - start);
    }
  });
  watch.observe(document.body, {childList: true, subtree: true, attributes: true,
                                characterData: true});
  setTimeout(() => resolve(-1), 10000);
  document.querySelector(click).click();
})"""
VERDICT = "[data-testid=stAlertContentSuccess],[data-testid=stAlertContentError]"
#: The browser floor: a button that changes one line of text.
COUNTER_APP = """import streamlit as st

st.session_state.setdefault("clicks", 0)
if st.button("Go", key="go"):
    st.session_state.clicks += 1
with st.container(key="count"):
    st.write(f"Clicks: {st.session_state.clicks}")
"""


@contextmanager
def served_page(
    env: Mapping[str, str], script: Path, gc_enabled: bool
) -> Iterator[tuple[Any, str]]:
    """A fresh ``streamlit run script`` and a headless Chromium page: (page, base URL).

    The server runs with ``runner.postScriptGC`` set to ``gc_enabled``.
    """
    from playwright.sync_api import sync_playwright

    port = free_port()
    url = f"http://127.0.0.1:{port}"
    options = {"runner.postScriptGC": "true" if gc_enabled else "false"}
    process = subprocess.Popen(
        streamlit_command(port, script, options),
        cwd=ROOT,
        env=dict(env),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        stdin=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 60
        while health(url) != "ok":
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"streamlit run {script} did not start at {url}")
            time.sleep(0.05)
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=str(CHROMIUM), args=list(CHROMIUM_ARGS)
            )
            try:
                page = browser.new_page(viewport={"width": 1280, "height": 1000})
                page.set_default_timeout(30_000)
                yield page, url
            finally:
                browser.close()
    finally:
        stop(process)


def settle(page: Any) -> None:
    """Wait until the app says its run is over, twice, 150 ms apart (not timed)."""
    from playwright.sync_api import expect

    idle = page.locator(RUN_OVER)
    expect(idle).to_be_visible(timeout=30_000)
    page.wait_for_timeout(150)
    expect(idle).to_be_visible(timeout=30_000)


def click_until(page: Any, click: str, done: str, text: str | None = None) -> float:
    """Seconds from clicking ``click`` until ``done`` (with ``text``) is on the page.

    :raises RuntimeError: If it is not there within 10 s.
    """
    ms: float = page.evaluate(CLICK_UNTIL_JS, [click, done, text])
    if ms < 0:
        raise RuntimeError(
            f"{done!r} did not show {text!r} within 10 s of clicking {click!r}"
        )
    return ms / 1e3


def browser_floor(
    env: Mapping[str, str], folder: Path, runs: int, gc_enabled: bool
) -> list[float]:
    """Seconds from a click to the changed text in the counter app, in Chromium."""
    script = folder / "counter_app.py"
    script.write_text(COUNTER_APP)
    with served_page(env, script, gc_enabled) as (page, url):
        page.goto(url + "/")
        settle(page)
        times = []
        for n in range(1, WARMUP + runs + 1):
            shown = f"Clicks: {n}"
            times.append(
                click_until(page, ".st-key-go button", ".st-key-count p", shown)
            )
            settle(page)
        return times[WARMUP:]


def signed_in(env: Mapping[str, str]) -> str:
    """A session token for the benchmark's learner, opened in the store ``env`` names."""
    from datetime import UTC, datetime

    from tutor import config
    from tutor.progress import ProgressStore
    from tutor.progress.identity import new_token

    with ProgressStore(config.database_url(env)) as store:
        learner = store.find_learner(LEARNER) or store.create_learner(LEARNER)
        token = new_token()
        store.open_session(token, "learner", learner, now=datetime.now(UTC))
    return token


def browser_checks(
    env: Mapping[str, str], ask: Ask, runs: int, gc_enabled: bool
) -> list[float]:
    """Seconds from a click on Check to the verdict on the page, in headless Chromium.

    A fresh server per call; the learner is signed in by a session opened in the store
    and its ``tutor_learner`` cookie, the scenario and step are opened by their address
    (``?scenario=...&step=...``).
    """
    with served_page(env, APP, gc_enabled) as (page, url):
        page.context.add_cookies(
            [{"name": "tutor_learner", "value": signed_in(env), "url": url}]
        )
        # straight to the question by its address (Next past unanswered questions would
        # leave them open, and a step that shows their answers is not shown)
        page.goto(f"{url}/walkthrough?scenario={ask.scenario}&step={ask.step + 1}")
        settle(page)
        times = []
        for attempt in range(WARMUP + runs):
            key = f"wt_{ask.scenario}_{ask.step}_{attempt}_player"
            page.locator(f".st-key-{key}").get_by_test_id("stRadioOption").first.click()
            settle(page)
            times.append(click_until(page, ".st-key-wt_check button", VERDICT))
            settle(page)
            page.locator(".st-key-wt_retry button").click()
            settle(page)
        return times[WARMUP:]


#: The drill the browser answers: every question one click on a seat (who acts first on
#: the board), so each answer is the same work for the page.
DRILL_PLAN = ("roberts", "stud8", ("first-to-act-board",), "20", 11)


def browser_drill_answers(env: Mapping[str, str], runs: int) -> list[float]:
    """Seconds from the click that answers a drill question to its verdict, in Chromium.

    The drill comes from a shared link (its settings filled in); each question is
    answered by clicking its first seat (and its submit button, when the question has
    one: then that click is timed), then Next. A fresh server per call.
    """
    from tutor.drills.session import Plan

    plan = Plan(*DRILL_PLAN)
    query = "&".join(f"{k}={v}" for k, v in plan.to_params().items())
    count = min(runs + WARMUP, int(plan.length))
    with served_page(env, APP, project_post_script_gc()) as (page, url):
        page.context.add_cookies(
            [{"name": "tutor_learner", "value": signed_in(env), "url": url}]
        )
        page.goto(f"{url}/drills?{query}")
        settle(page)
        page.locator(".st-key-drill_start button").click()
        settle(page)
        times = []
        for index in range(count):
            seat = f'[class*="st-key-drill_q{index}_seat_"] button'
            submit = f".st-key-drill_q{index}_submit button"
            page.locator(seat).first.wait_for(timeout=30_000)
            if page.locator(submit).count():
                page.locator(seat).first.click()
                settle(page)
                times.append(click_until(page, submit, VERDICT))
            else:
                times.append(click_until(page, seat, VERDICT))
            settle(page)
            if index + 1 < count:
                page.locator(".st-key-drill_next button").click()
                settle(page)
        return times[WARMUP:]


def cold_start_apptest(
    env: Mapping[str, str], script: Path = APP
) -> tuple[float, float]:
    """Seconds from a fresh Python process's start to the app's first AppTest run.

    Used when Chromium is missing; the first number is the same (there is no server).
    """
    code = (
        "from streamlit.testing.v1 import AppTest\n"
        f"at = AppTest.from_file({str(script)!r}, default_timeout=60).run()\n"
        "raise SystemExit(1 if at.exception else 0)\n"
    )
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=dict(env), capture_output=True
    )
    seconds = time.perf_counter() - start
    if done.returncode != 0:
        raise RuntimeError(
            f"the first AppTest run of {script} failed: {done.stderr.decode()}"
        )
    return seconds, seconds


def run(
    floor_runs: int = FLOOR_RUNS,
    check_runs: int = CHECK_RUNS,
    gc_rounds: int = GC_ROUNDS,
    cold_starts: int = COLD_STARTS,
    browser_runs: int = BROWSER_RUNS,
) -> BenchResult:
    """Time the app's answer check against the floor, with and without GC; cold start.

    Reruns are timed in-process with ``streamlit.testing.v1.AppTest`` (medians), with
    ``runner.postScriptGC`` as the project's config sets it unless a row says
    otherwise; the progress database is a throwaway SQLite file. With Chromium, the
    click-to-verdict time in a real browser is measured too, on servers with GC on and
    off.

    Summary keys: ``check_rerun_vs_floor`` (target <= 3), ``cold_start_s`` (a fresh
    process to the first page with AppTest; target <= 2), ``cold_start_browser_s`` (to
    the first page drawn in Chromium, or the AppTest figure without it), ``floor_rerun_ms``,
    ``check_rerun_ms``, ``check_rerun_gc_on_ms``,
    ``check_rerun_gc_off_ms``, ``cold_start_health_s``, ``cold_start_floor_s`` (the
    trivial app's cold start, measured the same way), and
    ``cold_start_apptest_floor_s`` (the trivial app's AppTest cold start) and, with Chromium,
    ``browser_floor_ms``, ``browser_check_gc_on_ms``, ``browser_check_gc_off_ms``,
    ``browser_check_vs_floor``, ``browser_drill_answer_ms``,
    ``browser_drill_answer_vs_floor`` (a drill answer's click to its verdict over the
    floor's click to its text; target <= 2) and ``browser_cold_start_vs_floor`` (the
    first page shown in Chromium over the trivial app's; target <= 1.3).
    """
    project_gc = project_post_script_gc()
    ask = first_radio_ask()
    use_browser = CHROMIUM.is_file() and _has_playwright()
    browser: dict[bool, list[float]] = {}
    browser_floor_times: list[float] = []
    drill_times: list[float] = []
    with (
        tempfile.TemporaryDirectory(prefix="tutor-bench-app-") as tmp,
        app_environment(Path(tmp) / "data") as env,
        quiet_streamlit(),
        server_gc(),
    ):
        with post_script_gc(project_gc):
            floor = floor_reruns(Path(tmp), floor_runs)
        driver = CheckDriver(ask)
        driver.checks(0, warmup=WARMUP)
        by_gc: dict[bool, list[float]] = {True: [], False: []}
        per_round = max(1, check_runs // gc_rounds)
        for _ in range(gc_rounds):  # alternate, so a slow spell hits both settings
            for enabled in (False, True):
                with post_script_gc(enabled):
                    by_gc[enabled] += driver.checks(per_round)
        cold = cold_start_browser if use_browser else cold_start_apptest
        trivial = Path(tmp) / "trivial_app.py"
        starts, floor_starts = [], []
        apptest_starts, apptest_floor = [], []
        for _ in range(cold_starts):  # alternate the real app and the trivial one
            starts.append(cold(env, APP))
            floor_starts.append(cold(env, trivial))
            apptest_starts.append(cold_start_apptest(env, APP)[1])
            apptest_floor.append(cold_start_apptest(env, trivial)[1])
        if use_browser:
            browser_floor_times = browser_floor(
                env, Path(tmp), browser_runs, project_gc
            )
            for enabled in (False, True):
                browser[enabled] = browser_checks(env, ask, browser_runs, enabled)
            drill_times = browser_drill_answers(env, browser_runs)
    floor_ms = median_ms(floor)
    gc_on_ms, gc_off_ms = median_ms(by_gc[True]), median_ms(by_gc[False])
    check_ms = gc_on_ms if project_gc else gc_off_ms
    health_s = round(statistics.median(s[0] for s in starts), 3)
    cold_s = round(statistics.median(s[1] for s in starts), 3)
    cold_floor_s = round(statistics.median(s[1] for s in floor_starts), 3)
    ratio = round(check_ms / floor_ms, 2)
    where = f"{ask.scenario} step {ask.step} ({ask.kind})"
    gc_now = f"postScriptGC {str(project_gc).lower()} (.streamlit/config.toml)"
    rows = [
        ["measure", "median", "runs", "how"],
        [
            "floor: trivial app rerun",
            fmt_time(floor_ms / 1e3),
            str(len(floor)),
            f"AppTest, st.write + button click, {gc_now}",
        ],
        [
            "check rerun",
            fmt_time(check_ms / 1e3),
            str(len(by_gc[project_gc])),
            f"AppTest, walkthrough Check on {where}, {gc_now}",
        ],
        ["check rerun / floor", f"{ratio:.1f}x", "-", "target <= 3x"],
        [
            "check rerun, postScriptGC true",
            fmt_time(gc_on_ms / 1e3),
            str(len(by_gc[True])),
            "set_option; gc.collect(2) after each run, as the server does",
        ],
        [
            "check rerun, postScriptGC false",
            fmt_time(gc_off_ms / 1e3),
            str(len(by_gc[False])),
            "set_option; no collection after the run",
        ],
    ]
    if browser:
        browser_floor_ms = median_ms(browser_floor_times)
        browser_ratio = round(median_ms(browser[project_gc]) / browser_floor_ms, 2)
        rows.append(
            [
                "browser floor: click -> new text",
                fmt_time(browser_floor_ms / 1e3),
                str(len(browser_floor_times)),
                f"headless Chromium, counter app (button + st.write), {gc_now}",
            ]
        )
    for enabled, times in browser.items():
        rows.append(
            [
                f"browser: click Check -> verdict, GC {str(enabled).lower()}",
                fmt_time(statistics.median(times)),
                str(len(times)),
                "headless Chromium, server with --runner.postScriptGC "
                f"{str(enabled).lower()}, timed in the page",
            ]
        )
    if drill_times:
        drill_ms = median_ms(drill_times)
        drill_ratio = round(drill_ms / browser_floor_ms, 2)
        rows.append(
            [
                "browser: drill answer click -> verdict",
                fmt_time(drill_ms / 1e3),
                str(len(drill_times)),
                f"headless Chromium, Dealer drills from a shared link, {gc_now}",
            ]
        )
        rows.append(
            [
                "browser drill answer / browser floor",
                f"{drill_ratio:.1f}x",
                "-",
                "target <= 2x",
            ]
        )
    if browser:
        rows.append(
            [
                "browser check / browser floor",
                f"{browser_ratio:.1f}x",
                "-",
                f"{gc_now}; st.fragment reruns count here, not in AppTest",
            ]
        )
    rows += [
        [
            "cold start: launch -> health ok",
            f"{health_s:.2f} s",
            str(len(starts)),
            "streamlit run subprocess, /_stcore/health",
        ],
        [
            "cold start: launch -> first page",
            f"{cold_s:.2f} s",
            str(len(starts)),
            "Learn page drawn, run over, in headless Chromium"
            if use_browser
            else "no Chromium: fresh process -> first AppTest run (target <= 2 s)",
        ],
        [
            "cold start floor: trivial app",
            f"{cold_floor_s:.2f} s",
            str(len(floor_starts)),
            "the same, for the trivial app (what Streamlit itself costs here)",
        ],
        [
            "cold start with AppTest: process -> first page",
            f"{statistics.median(apptest_starts):.2f} s",
            str(len(apptest_starts)),
            "fresh Python process, AppTest.from_file(app).run() (target <= 2 s)",
        ],
        [
            "cold start with AppTest: trivial app",
            f"{statistics.median(apptest_floor):.2f} s",
            str(len(apptest_floor)),
            "the same, for the trivial app",
        ],
    ]
    summary = {
        "check_rerun_vs_floor": ratio,
        # The measure: a fresh process to the first page with AppTest.
        "cold_start_s": round(statistics.median(apptest_starts), 3),
        "cold_start_browser_s": cold_s,
        "cold_start_health_s": health_s,
        "cold_start_floor_s": cold_floor_s,
        "cold_start_apptest_floor_s": round(statistics.median(apptest_floor), 3),
        "floor_rerun_ms": floor_ms,
        "check_rerun_ms": check_ms,
        "check_rerun_gc_on_ms": gc_on_ms,
        "check_rerun_gc_off_ms": gc_off_ms,
    }
    for enabled, times in browser.items():
        summary[f"browser_check_gc_{'on' if enabled else 'off'}_ms"] = median_ms(times)
    if browser:
        summary["browser_floor_ms"] = browser_floor_ms
        summary["browser_check_vs_floor"] = browser_ratio
    if drill_times:
        summary["browser_drill_answer_ms"] = drill_ms
        summary["browser_drill_answer_vs_floor"] = drill_ratio
    if use_browser:
        # Both cold starts in Chromium, alternated in the same run (target <= 1.3).
        summary["browser_cold_start_vs_floor"] = round(cold_s / cold_floor_s, 2)
    return rows, summary


def _has_playwright() -> bool:
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return False
    return True
