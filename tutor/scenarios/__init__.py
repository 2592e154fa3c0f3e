"""Scenario files: load, check against the format, replay through the engine, answer the asks."""

from __future__ import annotations

from tutor.scenarios.bank import (
    Bank,
    ScenarioFileError,
    check_file,
    check_text,
    load_bank,
    load_scenario,
    scenario_files,
)
from tutor.scenarios.fields import ASK_KINDS, DEFAULT_PROMPTS, PLAYER_ASKS, TOPICS
from tutor.scenarios.model import Ask, Scenario, SeatSpec, StakesSpec, Step
from tutor.scenarios.replay import (
    StepResult,
    agrees,
    answer_scenario,
    check_replay,
    replay_scenario,
    scenario_to_setup,
    start_hand,
    walk,
)
from tutor.scenarios.schema import json_schema
from tutor.scenarios.validate import read_scenario

__all__ = [
    "ASK_KINDS",
    "DEFAULT_PROMPTS",
    "PLAYER_ASKS",
    "TOPICS",
    "Ask",
    "Bank",
    "Scenario",
    "ScenarioFileError",
    "SeatSpec",
    "StakesSpec",
    "Step",
    "StepResult",
    "agrees",
    "answer_scenario",
    "check_file",
    "check_replay",
    "check_text",
    "json_schema",
    "load_bank",
    "load_scenario",
    "read_scenario",
    "replay_scenario",
    "scenario_files",
    "scenario_to_setup",
    "start_hand",
    "walk",
]
