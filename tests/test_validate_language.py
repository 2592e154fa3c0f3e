"""``tutor validate`` on a folder of bad files: English byte for byte as before the messages
went through gettext; Italian with no sentence of the catalogue left in English.

``tests/data/bad-scenarios/`` and ``tests/data/bad-scenarios-en.txt``: see the README there.
"""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from tutor.cli import main

ROOT = Path(__file__).resolve().parent.parent
BAD = "tests/data/bad-scenarios"
GOLDEN = ROOT / "tests" / "data" / "bad-scenarios-en.txt"
PO = ROOT / "tutor" / "locale" / "it" / "LC_MESSAGES" / "tutor.po"
LOCATION = re.compile(r"^(tests/data/bad-scenarios/bad-\d+\.yaml:\d+:\d+): (.*)$")


def validate(lang: str, monkeypatch: pytest.MonkeyPatch) -> tuple[int, str]:
    monkeypatch.chdir(ROOT)
    monkeypatch.setenv("LANG", "C.UTF-8")
    out = io.StringIO()
    code = main(["validate", "--lang", lang, BAD], out)
    return code, out.getvalue()


def english_pieces() -> set[str]:
    """The literal pieces (three words or more) of every validator sentence."""
    with PO.open("rb") as handle:
        catalog = read_po(handle)
    pieces = set()
    for message in catalog:
        if not message.id or not any(
            place.startswith("tutor/scenarios/") for place, _line in message.locations
        ):
            continue
        for msgid in message.id if isinstance(message.id, tuple) else (message.id,):
            for piece in re.split(r"\{[^}]*\}", msgid):
                piece = piece.strip(" .,:;()")
                if len(piece.split()) >= 3:
                    pieces.add(piece)
    return pieces


def test_validate_in_english_is_what_it_printed_before(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    code, out = validate("en", monkeypatch)
    assert code == 1
    assert out == GOLDEN.read_text(encoding="utf-8")


def test_validate_in_italian_says_every_problem_in_italian_at_the_same_place(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _code, english = validate("en", monkeypatch)
    code, italian = validate("it", monkeypatch)
    assert code == 1
    en_lines, it_lines = english.splitlines(), italian.splitlines()
    assert len(it_lines) == len(en_lines) == 201
    assert it_lines[-1] == "111 file controllati, 111 con errori"
    places = []
    for en_line, it_line in zip(en_lines[:-1], it_lines[:-1], strict=True):
        en_match, it_match = LOCATION.match(en_line), LOCATION.match(it_line)
        assert en_match and it_match, (en_line, it_line)
        places.append(en_match.group(1) == it_match.group(1))
        assert en_match.group(2) != it_match.group(2), it_line
    assert all(places)
    pieces = english_pieces()
    assert len(pieces) > 130
    left = sorted(p for p in pieces if p in italian)
    assert left == []
