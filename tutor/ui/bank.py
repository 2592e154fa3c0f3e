"""The scenario bank as the app sees it: cached loading, filtering, replay under a chosen preset."""

from __future__ import annotations

import dataclasses
import threading
from collections import OrderedDict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import streamlit as st

from tutor import config
from tutor.engine.errors import ScenarioError, TutorError
from tutor.scenarios.bank import load_bank
from tutor.scenarios.model import Scenario
from tutor.scenarios.replay import StepResult, walk
from tutor.ui.data import folder_signature


@dataclass(frozen=True)
class BankView:
    """The valid scenarios, and each broken file's problems as ``file:line:column: message``."""

    scenarios: tuple[Scenario, ...]
    problems: tuple[str, ...]

    def get(self, scenario_id: str) -> Scenario | None:
        """The scenario with this id, or None."""
        for scenario in self.scenarios:
            if scenario.id == scenario_id:
                return scenario
        return None

    def filtered(self, game: str) -> list[Scenario]:
        """The scenarios of ``game`` (``"both"`` for all), by topic order, level, title."""
        return [s for s in self.scenarios if game == "both" or s.game == game]


@st.cache_resource(max_entries=8, show_spinner="Loading the scenarios…")
def _bank(folders: tuple[str, ...], signature: str) -> BankView:
    """The bank, shared by every session (it is frozen: never change what it returns)."""
    del signature  # only part of the cache key: a changed file means a new key
    bank = load_bank(list(folders))
    return BankView(tuple(bank.scenarios), tuple(str(p) for p in bank.problems))


def bank_folders() -> tuple[str, ...]:
    """The bundled bank (``TUTOR_SCENARIOS_DIR`` or ``scenarios/``), then the instructor
    bank (``TUTOR_INSTRUCTOR_BANK`` or ``<data dir>/scenarios``), read in that order.

    When the instructor bank cannot be used (e.g. the data folder is a file) learners
    still get the bundled bank; the Studio shows the configuration problem.
    """
    bundled = str(config.scenarios_dir())
    try:
        return bundled, str(config.instructor_bank_dir())
    except config.ConfigError:
        return (bundled,)


def scenario_bank() -> BankView:
    """The bundled and instructor banks together, cached until a file changes.

    Ids are unique across both: a file reusing an id already read is left out with a
    problem that names the first file.
    """
    folders = bank_folders()
    signature = "".join(folder_signature(f, "*.y*ml") for f in folders)
    return _bank(folders, signature)


def playable_scenarios(game: str) -> list[Scenario]:
    """The bank's scenarios of ``game``, for the Walkthrough and Practice pages.

    Warns in one line when some files could not be loaded, and says so when no scenario is
    left for the game (an empty list).
    """
    bank = scenario_bank()
    if bank.problems:
        st.warning(
            f"{len(bank.problems)} problem(s) in the scenario files keep some scenarios out; "
            "the Studio's Bank section lists them."
        )
    scenarios = bank.filtered(game)
    if not scenarios:
        st.info("No scenarios for this game yet. Choose another game in the sidebar.")
    return scenarios


def with_preset(scenario: Scenario, preset: str | None) -> Scenario:
    """The scenario replayed under ``preset`` (its own house rules dropped, ``expect:`` ignored).

    ``None`` keeps the scenario as written.
    """
    if preset is None or (preset == scenario.rules and not scenario.house):
        return scenario
    steps = tuple(
        dataclasses.replace(step, ask=dataclasses.replace(step.ask, expect=None))
        if step.ask is not None
        else step
        for step in scenario.steps
    )
    return dataclasses.replace(scenario, rules=preset, house={}, steps=steps)


#: How many replayed scenarios (scenario, preset) are kept, most recently used last.
WALKS_KEPT = 64
_walks: OrderedDict[tuple[int, str | None], tuple[Scenario, list[StepResult]]] = (
    OrderedDict()
)
_walks_lock = threading.Lock()


def _walk(scenario: Scenario, preset: str | None) -> list[StepResult]:
    """The scenario replayed under ``preset``, kept per scenario object (shared, never changed).

    The scenarios come from the cached bank: an edited file gives new scenario objects, so
    a new replay. Failures are not kept.
    """
    key = (id(scenario), preset)
    with _walks_lock:
        kept = _walks.get(key)
        if kept is not None and kept[0] is scenario:
            _walks.move_to_end(key)
            return kept[1]
    results = walk(with_preset(scenario, preset))
    with _walks_lock:
        _walks[key] = (scenario, results)
        _walks.move_to_end(key)
        while len(_walks) > WALKS_KEPT:
            _walks.popitem(last=False)
    return results


def walk_scenario(scenario: Scenario, preset: str | None) -> list[StepResult]:
    """Every step of the scenario replayed (cached; never change what it returns).

    :raises ScenarioError: if the scenario cannot be played under ``preset``; the message says so.
    """
    try:
        return _walk(scenario, preset)
    except ScenarioError as exc:
        if preset is None or preset == scenario.rules:
            raise
        raise ScenarioError(
            f"this scenario cannot be replayed under the {preset} house rules: {exc.message} "
            "Choose 'As each scenario says' in the sidebar to play it as written.",
            exc.path,
            exc.line,
            exc.column,
        ) from None
    except TutorError as exc:
        raise ScenarioError(str(exc), scenario.path, 1, 1) from None


def ask_steps(scenarios: Iterable[Scenario]) -> list[tuple[Scenario, int]]:
    """Every ask in the scenarios, as (scenario, index of the ask in its steps)."""
    return [
        (s, step.index) for s in scenarios for step in s.steps if step.ask is not None
    ]


def scenario_label(scenario: Scenario) -> str:
    """How a scenario is listed: title, topic, level and game."""
    return (
        f"{scenario.title} ({scenario.topic}, level {scenario.level}, {scenario.game})"
    )


def topics_in(scenarios: Sequence[Scenario]) -> list[str]:
    """The topics present, in course order (unknown topics last, alphabetically)."""
    from tutor.engine.rules import TOPICS

    present = {s.topic for s in scenarios}
    return [t for t in TOPICS if t in present] + sorted(present - set(TOPICS))
