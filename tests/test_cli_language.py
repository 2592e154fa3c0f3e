"""``tutor validate`` and ``tutor answer`` in the language of ``--lang`` or ``LANG``; the JSON
answer stays the format's English.

``tests/data/bank_answers_en.json`` is ``tutor answer --json`` of every scenario of the
bank (``scenarios/``) as main printed it at commit 88b413d (English, the format's language).
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from tutor.cli import main

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = json.loads(
    (ROOT / "tests" / "data" / "bank_answers_en.json").read_text(encoding="utf-8")
)
ANTE = "scenarios/ante/ante-is-dead-money.yaml"


def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    code = main(list(argv), out)
    return code, out.getvalue()


def test_answer_json_is_todays_english_in_every_language(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(ROOT)
    monkeypatch.setenv("LANG", "it_IT.UTF-8")
    changed = []
    for path, expected in GOLDEN.items():
        for lang in ("it", "en"):
            code, out = run("answer", "--json", "--lang", lang, path)
            if code != 0 or json.loads(out) != expected:
                changed.append((path, lang))
        code, out = run("answer", "--json", path)  # LANG=it_IT.UTF-8
        if json.loads(out) != expected:
            changed.append((path, "LANG"))
    assert len(GOLDEN) == 161
    assert changed == []


def test_answer_speaks_italian_under_lang_or_the_option(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(ROOT)
    monkeypatch.setenv("LANG", "it_IT.UTF-8")
    code, out = run("answer", ANTE)
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "ante-is-dead-money: L'ante non conta come parte di una puntata"
    assert lines[2] == '  risposta: {"each": 0.5, "total": 3}'
    assert lines[3] == (
        "  perché: Ognuno dei 6 giocatori serviti mette l'ante di 0,5 prima che le carte "
        "siano distribuite: 6 x 0,5 = 3. L'ante è dead money e non conta per nessuna "
        "puntata."
    )
    assert lines[4] == "  regole: ante.post"
    monkeypatch.setenv("LANG", "C.UTF-8")
    assert run("answer", "--lang", "it", ANTE)[1] == out
    english = run("answer", ANTE)[1].splitlines()
    assert english[3] == (
        "  why: Each of the 6 players dealt in posts the 0.5 ante before the cards are "
        "dealt: 6 x 0.5 = 3. The ante is dead money and counts toward no bet."
    )


def test_validate_speaks_italian_and_warns_of_a_missing_translation(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LANG", "C.UTF-8")
    mine = tmp_path / "mine.yaml"
    mine.write_text(
        (ROOT / ANTE).read_text(encoding="utf-8"), encoding="utf-8"
    )  # an instructor's copy: no catalogue beside it
    code, out = run("validate", "--lang", "it", str(mine))
    assert (code, out.splitlines()) == (
        0,
        [
            f"{mine}:1:1: avviso: nessun catalogo it per i testi di questo scenario "
            "(locale/it/LC_MESSAGES/bank.po accanto alla banca): sono mostrati in inglese",
            "1 file controllato, 0 con errori",
        ],
    )
    assert run("validate", str(mine)) == (0, "1 file checked, 0 failed\n")


def test_validate_locates_each_text_without_a_translation(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LANG", "it_IT.UTF-8")
    bank = tmp_path / "bank"
    (bank / "locale" / "it" / "LC_MESSAGES").mkdir(parents=True)
    (bank / "locale" / "it" / "LC_MESSAGES" / "bank.po").write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=utf-8\\n"\n',
        encoding="utf-8",
    )
    (bank / "a.yaml").write_text(
        (ROOT / ANTE).read_text(encoding="utf-8"), encoding="utf-8"
    )
    code, out = run("validate", str(bank))
    lines = out.splitlines()
    assert code == 0
    assert lines[-1] == "1 file controllato, 0 con errori"
    po = bank / "locale" / "it" / "LC_MESSAGES" / "bank.po"
    where = [line.split(": avviso: ")[0] for line in lines[:-1]]
    fields = [line.split(": avviso: ")[1].split(" ")[0] for line in lines[:-1]]
    assert (where, fields) == (
        [
            f"{bank / 'a.yaml'}:{place}"
            for place in ("3:8", "19:13", "22:13", "26:13", "27:11", "31:13")
        ],
        [
            "title",
            "steps[0].prompt",
            "steps[1].prompt",
            "steps[3].prompt",
            "steps[3].hint",
            "steps[5].prompt",
        ],
    )
    assert lines[0].endswith(
        f": avviso: title non ha una traduzione it (o solo una fuzzy) in {po}: è "
        "mostrato in inglese"
    )
