"""The scenario bank as the app sees it: cached loading, filtering, replay under a chosen preset."""

from __future__ import annotations

import dataclasses
import os
import re
import threading
import time
from collections import OrderedDict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

import streamlit as st

from tutor import config
from tutor.engine import ScenarioError, TutorError
from tutor.i18n import _, ngettext
from tutor.lessons import Lesson, asked_rules, lesson_for_scenario, lesson_for_topic
from tutor.numbers import format_count
from tutor.scenarios.bank import PATTERNS, load_bank, scan_scenarios
from tutor.scenarios.model import Scenario
from tutor.scenarios.replay import StepResult, walk_partial
from tutor.ui.data import SCAN_SECONDS, folder_signature, folder_walk


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


#: Loaded banks kept (a key per set of folders and signature), most recently used last.
BANKS_KEPT = 4
_banks: OrderedDict[tuple[tuple[str, ...], str], BankView] = OrderedDict()
_banks_lock = threading.Lock()
#: One load at a time per key: a second session waits for the first one's bank.
_loading: dict[tuple[tuple[str, ...], str], threading.Lock] = {}
#: Show progress every this many files while a bank loads.
PROGRESS_EVERY = 200


def _bank(folders: tuple[str, ...], signature: str) -> BankView:
    """The bank, shared by every session (it is frozen: never change what it returns).

    A change of a file means a new signature, so a new key; the files that did not change
    are not read again (:func:`tutor.scenarios.bank.load_bank` keeps each file's check by
    path, size, time and inode). The first load of a key shows its progress, with a
    count of the files, on the page that waits for it.
    """
    key = (folders, signature)
    with _banks_lock:
        kept = _banks.get(key)
        if kept is not None:
            _banks.move_to_end(key)
            return kept
        lock = _loading.setdefault(key, threading.Lock())
    with lock:
        with _banks_lock:
            kept = _banks.get(key)
        if kept is None:
            kept = _load(folders)
            with _banks_lock:
                _banks[key] = kept
                _banks.move_to_end(key)
                while len(_banks) > BANKS_KEPT:
                    _banks.popitem(last=False)
        with _banks_lock:
            _loading.pop(key, None)
    return kept


def _load(folders: tuple[str, ...]) -> BankView:
    """Load the banks from the walks of their signatures, showing a count as it goes."""
    scanned = scan_scenarios(folders, walker=lambda f: folder_walk(f, PATTERNS)[1])
    total = len(scanned.items)
    if total < PROGRESS_EVERY:
        bank = load_bank(list(folders), scanned=scanned, cache=True)
        return BankView(tuple(bank.scenarios), tuple(str(p) for p in bank.problems))
    done = 0
    with st.status(
        _("Loading the scenarios: {n} files…").format(n=format_count(total)),
        expanded=False,
    ) as shown:
        bar = st.progress(0.0)

        def count(name: str, problems: list[ScenarioError]) -> None:
            nonlocal done
            done += 1
            if done % PROGRESS_EVERY == 0 or done == total:
                bar.progress(
                    done / total,
                    text=_("{done} of {total} files checked").format(
                        done=format_count(done), total=format_count(total)
                    ),
                )

        bank = load_bank(list(folders), scanned=scanned, cache=True, on_file=count)
        shown.update(
            label=_("{n} scenarios loaded").format(n=format_count(len(bank.scenarios))),
            state="complete",
        )
    return BankView(tuple(bank.scenarios), tuple(str(p) for p in bank.problems))


#: The variables the bank folders depend on.
_FOLDER_VARS = (
    config.SCENARIOS_DIR_VAR,
    config.INSTRUCTOR_BANK_VAR,
    config.DATA_DIR_VAR,
    "XDG_DATA_HOME",
    "APPDATA",
    "HOME",
)
_folders_seen: dict[tuple[str | None, ...], tuple[float, tuple[str, ...]]] = {}
_folders_lock = threading.Lock()


def bank_folders() -> tuple[str, ...]:
    """The bundled bank (``TUTOR_SCENARIOS_DIR`` or ``scenarios/``), then the instructor
    bank (``TUTOR_INSTRUCTOR_BANK`` or ``<data dir>/scenarios``), read in that order.

    When the instructor bank cannot be used (e.g. the data folder is a file) learners
    still get the bundled bank; the Studio shows the configuration problem. Worked out
    (folders checked, the instructor bank created) at most once every
    :data:`tutor.ui.data.SCAN_SECONDS` per setting of the variables, not on every rerun.
    """
    key = tuple(os.environ.get(v) for v in _FOLDER_VARS)
    now = time.monotonic()
    with _folders_lock:
        seen = _folders_seen.get(key)
    if seen is not None and now - seen[0] < SCAN_SECONDS:
        return seen[1]
    bundled = str(config.scenarios_dir())
    try:
        folders: tuple[str, ...] = (bundled, str(config.instructor_bank_dir()))
    except config.ConfigError:
        folders = (bundled,)
    with _folders_lock:
        if len(_folders_seen) > 16:
            _folders_seen.clear()
        _folders_seen[key] = (now, folders)
    return folders


def _signature(folders: tuple[str, ...]) -> str:
    return "".join(folder_signature(f, PATTERNS) for f in folders)


def scenario_bank() -> BankView:
    """The bundled and instructor banks together, cached until a file changes.

    Ids are unique across both: a file reusing an id already read is left out with a
    problem that names the first file.
    """
    folders = bank_folders()
    return _bank(folders, _signature(folders))


def playable_scenarios(game: str) -> list[Scenario]:
    """The bank's scenarios of ``game``, for the Walkthrough and Practice pages.

    Warns in one line when some files could not be loaded, and says so when no scenario is
    left for the game (an empty list).
    """
    bank = scenario_bank()
    if bank.problems and _instructor():  # a learner can do nothing about a broken file
        st.warning(
            ngettext(
                "{n} problem in the scenario files keeps a scenario out; the Studio's "
                "Bank section lists it (only instructors see this).",
                "{n} problems in the scenario files keep some scenarios out; the "
                "Studio's Bank section lists them (only instructors see this).",
                len(bank.problems),
            ).format(n=len(bank.problems))
        )
    scenarios = bank.filtered(game)
    if not scenarios:
        st.info("No scenarios for this game yet. Choose another game in the sidebar.")
    return scenarios


def _instructor() -> bool:
    """Whether this session may open the instructor pages (False on a settings error)."""
    from tutor.auth import is_instructor

    try:
        return is_instructor()
    except config.ConfigError:
        return False


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
_Walked = tuple[list[StepResult], ScenarioError | None]
_walks: OrderedDict[tuple[int, str | None], tuple[Scenario, _Walked]] = OrderedDict()
_walks_lock = threading.Lock()


def _walk(scenario: Scenario, preset: str | None) -> _Walked:
    """The scenario replayed under ``preset`` up to its first refused step, kept per
    scenario object (shared, never changed).

    The scenarios come from the cached bank: an edited file gives new scenario objects, so
    a new replay.
    """
    key = (id(scenario), preset)
    with _walks_lock:
        kept = _walks.get(key)
        if kept is not None and kept[0] is scenario:
            _walks.move_to_end(key)
            return kept[1]
    try:
        walked = walk_partial(with_preset(scenario, preset))
    except TutorError as exc:
        walked = ([], ScenarioError(str(exc), scenario.path, 1, 1))
    with _walks_lock:
        _walks[key] = (scenario, walked)
        _walks.move_to_end(key)
        while len(_walks) > WALKS_KEPT:
            _walks.popitem(last=False)
    return walked


_STEP = re.compile(r"\bsteps\[(\d+)\]")
_ACTION = re.compile(r"\.act\[(\d+)\]")


def plain_refusal(message: str) -> str:
    """A replay problem in a learner's words: 1-based steps, never a file name.

    >>> plain_refusal("steps[3].act[1]: Bo cannot raise (cap.raises)")
    'step 4, action 2: Bo cannot raise (cap.raises)'
    """
    message = _ACTION.sub(lambda m: f", action {int(m.group(1)) + 1}", message)
    message = _STEP.sub(lambda m: f"step {int(m.group(1)) + 1}", message)
    return message.replace(".act:", ":").replace(".expect:", ", expected answer:")


def walk_until_refused(
    scenario: Scenario, preset: str | None
) -> tuple[list[StepResult], str | None]:
    """The steps that can be played under ``preset``, and why the next one cannot (or None).

    The reason is plain words for the learner (no server path). Cached; never change
    what it returns.
    """
    results, refused = _walk(scenario, preset)
    if refused is None:
        return results, None
    return results, plain_refusal(refused.message)


def walk_scenario(scenario: Scenario, preset: str | None) -> list[StepResult]:
    """Every step of the scenario replayed (cached; never change what it returns).

    :raises ScenarioError: if the scenario cannot be played under ``preset``; the message says so.
    """
    results, refused = _walk(scenario, preset)
    if refused is None:
        return results
    if preset is None or preset == scenario.rules:
        raise refused
    raise ScenarioError(
        f"this scenario cannot be replayed under the {preset} house rules: "
        f"{plain_refusal(refused.message)} "
        "Choose 'As each scenario says' in the sidebar to play it as written.",
        refused.path,
        refused.line,
        refused.column,
    )


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
    from tutor.course import TOPICS

    present = {s.topic for s in scenarios}
    return [t for t in TOPICS if t in present] + sorted(present - set(TOPICS))


def course_key(
    scenario: Scenario,
    course: Sequence[Lesson],
    asked: Mapping[str, tuple[str, ...]],
) -> tuple[int, int, int, str]:
    """Where a scenario comes in the course: the lesson that shows it, its topic's place in
    its own lesson, its level, its title.

    ``course`` holds the lessons in order, ``asked`` the rule ids each scenario's asks cite
    (by id; see :func:`tutor.lessons.lesson_for_scenario`). A topic no lesson covers comes
    after every lesson.
    """
    from tutor.course import TOPICS

    shown = lesson_for_scenario(course, scenario.topic, asked.get(scenario.id, ()))
    if shown is not None:
        home = lesson_for_topic(course, scenario.topic)
        topics = list(home.topics) if home is not None else []
        return (
            list(course).index(shown),
            topics.index(scenario.topic) if scenario.topic in topics else 0,
            scenario.level,
            scenario.title,
        )
    rank = TOPICS.index(scenario.topic) if scenario.topic in TOPICS else len(TOPICS)
    return (len(course), rank, scenario.level, scenario.title)


@st.cache_resource(max_entries=8, show_spinner=False)
def _asked(folders: tuple[str, ...], signature: str) -> Mapping[str, tuple[str, ...]]:
    """Each scenario's asked rule ids, worked out once per version of the banks."""
    del signature  # only part of the cache key
    return MappingProxyType(
        {s.id: asked_rules(s) for s in _bank(folders, _signature(folders)).scenarios}
    )


def asked_by_scenario() -> Mapping[str, tuple[str, ...]]:
    """For each scenario of the bank (bundled and instructor), the rule ids its asks cite."""
    folders = bank_folders()
    return _asked(folders, _signature(folders))


def lesson_scenarios(
    lesson: Lesson, course: Sequence[Lesson], scenarios: Iterable[Scenario]
) -> list[Scenario]:
    """The scenarios ``lesson`` shows, in course order: those of its topics that ask only what
    it or an earlier lesson taught, and those of earlier topics whose questions it is the
    first to have taught.
    """
    asked = asked_by_scenario()
    found = [
        s
        for s in scenarios
        if (shown := lesson_for_scenario(course, s.topic, asked.get(s.id, ())))
        is not None
        and shown.id == lesson.id
    ]
    return sorted(found, key=lambda s: course_key(s, course, asked))


#: Course keys of the bank's scenarios, per (bank, lessons) version: a few are kept.
_RANKS_KEPT = 8
_CourseKey = tuple[int, int, int, str]
_Ranks = dict[str, tuple[Scenario, _CourseKey]]
_ranks: OrderedDict[tuple[int, int], tuple[BankView, object, _Ranks]] = OrderedDict()
_ranks_lock = threading.Lock()


def _course_ranks(bank: BankView, course: Sequence[Lesson], version: object) -> _Ranks:
    """Every bank scenario (by id) with its :func:`course_key`, worked out once per
    version of the bank and of the lessons (``version``: the cached lessons object), not
    on every rerun.
    """
    key = (id(bank), id(version))
    with _ranks_lock:
        kept = _ranks.get(key)
        if kept is not None and kept[0] is bank and kept[1] is version:
            _ranks.move_to_end(key)
            return kept[2]
    asked = asked_by_scenario()
    ranks = {s.id: (s, course_key(s, course, asked)) for s in bank.scenarios}
    with _ranks_lock:
        _ranks[key] = (bank, version, ranks)
        while len(_ranks) > _RANKS_KEPT:
            _ranks.popitem(last=False)
    return ranks


def in_course_order(scenarios: Iterable[Scenario]) -> list[Scenario]:
    """The scenarios in the order the lessons show them, then by level and title (the
    pickers' order).

    The bank's scenarios are placed by keys worked out once per version of the bank and
    of the lessons; any other scenario (a draft) is placed as it comes.
    """
    from tutor.ui.data import cached_lessons

    try:
        version = cached_lessons()
    except TutorError:
        version = ()
    course = list(version)
    ranks = _course_ranks(scenario_bank(), course, version)
    asked: Mapping[str, tuple[str, ...]] | None = None

    def key(scenario: Scenario) -> _CourseKey:
        nonlocal asked
        kept = ranks.get(scenario.id)
        if kept is not None and kept[0] is scenario:
            return kept[1]
        if asked is None:
            asked = asked_by_scenario()
        return course_key(scenario, course, asked)

    return sorted(scenarios, key=key)
