r"""Scenario files: load, check against the format, replay through the engine, answer the asks.

The contract is ``shared/spec/scenario-format.md``. Reading a file takes two passes:

1. ``nodes``: PyYAML's event stream (libyaml when built in) becomes located nodes; tags that
   build objects, duplicate keys, more than one document, nesting deeper than 20, more than
   20,000 values (alias bombs) and files over 256 KiB are refused.
2. ``validate``: the schema pass (``schema_pass``) checks the nodes against ``fields`` (the
   same data ``schema`` turns into the JSON Schema) and the model builder (``model_builder``)
   makes the scenario with the checks across fields; every problem in the file is
   collected, each a ``ScenarioError`` with path, line and column. Then ``replay`` plays
   what it can through the engine, in the same pass: every ``expect`` that disagrees and
   every ask the engine cannot answer is reported and the replay goes on; it stops at the
   first action or event the engine refuses, or at a step with a problem of its own.

>>> from tutor.scenarios import check_text
>>> scenario, problems = check_text("id: x\ngame: stud-8\n", "demo.yaml", replay=False)
>>> print(problems[0])
demo.yaml:1:1: scenario needs the key 'title': add 'title: ...'.
>>> print(problems[-1])
demo.yaml:2:7: game: expected one of stud8, stud, razz... but got 'stud-8'; did you mean 'stud8'?
"""

from __future__ import annotations

from tutor.course import TOPICS
from tutor.engine import ASK_KINDS
from tutor.scenarios.bank import (
    Bank,
    ScenarioFileError,
    check_file,
    check_text,
    load_bank,
    load_scenario,
    scenario_files,
)
from tutor.scenarios.fields import DEFAULT_PROMPTS, PLAYER_ASKS
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
