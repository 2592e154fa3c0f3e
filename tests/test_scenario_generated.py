"""Generated scenarios (the bank benchmark's): every one validates, replays and agrees with its expects."""

from __future__ import annotations

from tutor.bench.bank import generate, run
from tutor.scenarios import check_text


def test_generated_scenarios_are_valid() -> None:
    for index in range(150):
        scenario, problems = check_text(generate(index), f"bench-{index}.yaml")
        assert problems == [], [str(p) for p in problems]
        assert scenario is not None and scenario.id == f"bench-{index:04d}"


def test_generation_is_repeatable_and_varied() -> None:
    assert generate(5) == generate(5)
    texts = [generate(i) for i in range(30)]
    assert len(set(texts)) == 30
    assert sorted({t.count("  - {seat:") for t in texts}) == [2, 3, 4, 5, 6, 7, 8]
    assert sum("expect:" in t for t in texts) == 26
    kinds = {
        line.split("ask: ")[1]
        for t in texts
        for line in t.splitlines()
        if "ask: " in line
    }
    assert len(kinds) == 17  # every kind but ruling, side-pots included
    assert sum("start:" in t for t in texts) == 10
    assert sum("community:" in t for t in texts) == 4  # only where one can be needed


def test_run_returns_rows_and_summary() -> None:
    rows, summary = run(count=20, rounds=1)
    assert rows[0] == ["phase", "scenarios", "per scenario", "scenarios/s"]
    assert [r[0] for r in rows[1:]] == [
        "generate (engine plays each hand)",
        "read + schema checks",
        "read + schema + replay + expect",
    ]
    assert set(summary) == {
        "bank_scenarios_per_s",
        "bank_schema_only_per_s",
        "bank_scenarios",
        "bank_steps",
        "bank_asks",
    }
    assert summary["bank_scenarios"] == 20.0 and summary["bank_scenarios_per_s"] > 0


def test_json_schema_accepts_what_the_validator_accepts() -> None:
    import jsonschema
    import yaml

    from tutor.scenarios import json_schema

    validator = jsonschema.Draft202012Validator(json_schema())
    for index in range(100):
        document = yaml.safe_load(generate(index))
        assert [e.message for e in validator.iter_errors(document)] == [], index
