"""The safe YAML layer: syntax, encodings, limits, tags, aliases and duplicate keys, each located."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from tutor.engine.errors import ScenarioError, TutorError
from tutor.scenarios import check_file, check_text, nodes
from tutor.scenarios.nodes import MAX_BYTES, Map, Scalar, Seq, compose

DATA = Path(__file__).parent / "data" / "scenarios"


def only_problem(text: str | bytes) -> str:
    scenario, problems = check_text(text, "s.yaml", replay=False)
    assert scenario is None
    assert len(problems) == 1, [str(p) for p in problems]
    return str(problems[0])


def test_scenario_error_is_a_tutor_error_with_location() -> None:
    _scenario, problems = check_text("a: [\n", "s.yaml", replay=False)
    error = problems[0]
    assert isinstance(error, ScenarioError) and isinstance(error, TutorError)
    assert (error.path, error.line, error.column) == ("s.yaml", 2, 1)


def test_syntax_error_is_located() -> None:
    assert only_problem("id: x\nseats: [1, 2\n") == (
        "s.yaml:3:1: this is not valid YAML: did not find expected ',' or ']'."
    )


def test_bytes_that_are_not_utf8() -> None:
    assert only_problem(b"id: x\ntitle: caf\xe9\n") == (
        "s.yaml:2:11: byte 0xe9 is not UTF-8 text: save the file as UTF-8."
    )


def test_control_character_refused() -> None:
    assert only_problem("id: x\ntitle: a\x07b\n") == (
        "s.yaml:2:9: this is not valid YAML: the character 0x07 is not allowed in YAML text; "
        "remove it."
    )


def test_empty_file() -> None:
    assert only_problem("# only a comment\n") == (
        "s.yaml:1:1: the file is empty: a scenario is a mapping with id, title, topic, level, "
        "stakes, seats and steps."
    )


def test_second_document_refused() -> None:
    assert only_problem("id: a\n---\nid: b\n") == (
        "s.yaml:2:1: a scenario file holds one YAML document: remove the '---' and what "
        "follows, or move it to a file of its own."
    )


def test_python_tag_refused() -> None:
    assert only_problem("id: !!python/object/apply:os.system [ls]\n") == (
        "s.yaml:1:5: the tag '!!python/object/apply:os.system' is not allowed: a scenario "
        "holds only text, numbers, true/false, lists and mappings; remove the tag."
    )


def test_custom_tag_on_scalar_refused() -> None:
    assert only_problem("id: x\ntitle: !secret abc\n") == (
        "s.yaml:2:8: the tag '!secret' is not allowed: a scenario holds only text, numbers, "
        "true/false, lists and mappings; remove the tag."
    )


def test_duplicate_key_located_at_the_second() -> None:
    assert only_problem("id: a\ntitle: T\nid: b\n") == (
        "s.yaml:3:1: duplicate key 'id': it is already given at line 1, column 1; keep one of "
        "the two."
    )


def test_duplicate_key_quoted_and_plain() -> None:
    assert only_problem("stakes: {ante: 1, 'ante': 2}\n") == (
        "s.yaml:1:19: duplicate key 'ante': it is already given at line 1, column 10; keep one "
        "of the two."
    )


def test_list_as_key_refused() -> None:
    assert only_problem("? [a, b]\n: 1\n") == (
        "s.yaml:1:3: a key must be plain text, not a list: write 'name: value'."
    )


def test_undefined_alias() -> None:
    assert only_problem("id: *nowhere\n") == (
        "s.yaml:1:5: the alias *nowhere has no anchor &nowhere before it: define the anchor "
        "first or write the values out."
    )


def test_recursive_alias() -> None:
    assert only_problem("seats: &s [1, *s]\n") == (
        "s.yaml:1:15: the alias *s refers to the list or mapping that contains it (a "
        "recursive alias): repeat the values instead."
    )


def test_alias_bomb_refused_quickly() -> None:
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    for i in range(1, 9):
        refs = ", ".join([f"*a{i - 1}"] * 10)
        lines.append(f"a{i}: &a{i} [{refs}]")
    assert only_problem("\n".join(lines) + "\n") == (
        "s.yaml:5:10: the file expands to more than 20,000 values (through aliases or sheer "
        "size): a scenario needs a few hundred; remove the aliases that repeat large parts."
    )


def test_nesting_deeper_than_twenty() -> None:
    text = "steps: " + "[" * 25 + "]" * 25 + "\n"
    assert only_problem(text) == (
        "s.yaml:1:27: the values nest more than 20 levels deep: a scenario needs about 5; "
        "flatten the lists and mappings."
    )


def test_very_deep_nesting_is_a_located_error_not_a_crash() -> None:
    text = "steps: " + "[" * 100_000 + "\n"
    assert only_problem(text).startswith("s.yaml:1:")


def test_text_over_the_size_limit() -> None:
    text = "title: x\n" + "# filler\n" * (MAX_BYTES // 9)
    assert only_problem(text) == (
        "s.yaml:1:1: the text is over the limit of 262,144 bytes (256 KiB): a scenario is one "
        "hand; split it into several scenarios."
    )


def test_file_over_the_size_limit_checked_before_reading(tmp_path: Path) -> None:
    path = tmp_path / "big.yaml"
    path.write_bytes(b"#" * (MAX_BYTES + 1))
    scenario, problems = check_file(path)
    assert scenario is None
    assert [str(p) for p in problems] == [
        (
            f"{path}:1:1: the file is 262,145 bytes, over the limit of 262,144 (256 KiB): a "
            "scenario is one hand; split the file into several scenarios."
        )
    ]


def test_missing_file(tmp_path: Path) -> None:
    path = tmp_path / "none.yaml"
    _scenario, problems = check_file(path)
    assert [str(p) for p in problems] == [
        f"{path}:1:1: cannot read the file: No such file or directory."
    ]


def test_nodes_keep_raw_text_type_and_position() -> None:
    root = compose("ante: 0.25\nname: 'No'\nplain: No\ncards: [Ah, '10d']\n", "s.yaml")
    assert isinstance(root, Map)
    ante, name, plain, cards = (v for _, v in root.pairs)
    assert isinstance(ante, Scalar) and (ante.text, ante.kind, ante.plain) == (
        "0.25",
        "float",
        True,
    )
    assert isinstance(name, Scalar) and (name.text, name.kind, name.plain) == (
        "No",
        "str",
        False,
    )
    assert isinstance(plain, Scalar) and (plain.kind, plain.line, plain.column) == (
        "bool",
        3,
        8,
    )
    assert isinstance(cards, Seq) and [(c.line, c.column) for c in cards.items] == [
        (4, 9),
        (4, 13),
    ]


@pytest.mark.parametrize(
    "text",
    [
        "id: x\ntitle: a\x07b\n",
        "id: a\n---\nid: b\n",
        "id: !!python/object/apply:os.system [ls]\n",
        "id: a\ntitle: T\nid: b\n",
        "seats: &s [1, *s]\n",
        "steps: " + "[" * 25 + "]" * 25 + "\n",
        "? [a]\n: 1\n",
        (DATA / "full-hand.yaml").read_text(),
    ],
)
def test_pure_python_parser_gives_the_same_answers(
    text: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    with_libyaml = [str(p) for p in check_text(text, "s.yaml")[1]]
    monkeypatch.setattr(nodes, "_Parser", yaml.SafeLoader)
    assert [str(p) for p in check_text(text, "s.yaml")[1]] == with_libyaml


def test_pure_python_parser_deep_nesting(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(nodes, "_Parser", yaml.SafeLoader)
    assert only_problem("steps: " + "[" * 100_000 + "\n") == (
        "s.yaml:1:27: the values nest more than 20 levels deep: a scenario needs about 5; "
        "flatten the lists and mappings."
    )
