"""The bank's texts in Italian: a gettext catalogue beside the bank (scenarios/locale/).

Every bundled title, prompt and hint has a current Italian entry (none missing, untranslated,
fuzzy or obsolete: the msgid is the English, so a translation older than its English shows as
missing here); the template is up to date with the bank; each translation keeps its prompt's
card codes, low hands and amounts (written the Italian way); scenario_text falls back to English;
the merge carries an edited text over as fuzzy for the translator.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from tutor import catalogue_files
from tutor.i18n import reload_catalogues, use_language
from tutor.scenarios import load_bank, load_scenario, walk
from tutor.scenarios.texts import (
    check,
    describe,
    forget_localised,
    localised,
    main,
    po_path,
    scenario_text,
    template,
    text_fields,
    update,
)

ROOT = Path(__file__).resolve().parent.parent
BANK = ROOT / "scenarios"
POT = BANK / "locale" / "bank.pot"
PO = po_path(BANK, "it")

#: A card code as the bank writes it (Kh, 10d, K♠), a run of ranks (8-7-4-2-A, K-9-5), a number.
CARD = re.compile(r"(?<![\w])(?:10|[2-9TJQKA])[cdhs♠♥♦♣](?![\w])")
RUN = re.compile(r"(?<![\w-])(?:10|[2-9TJQKA])(?:-(?:10|[2-9TJQKA]))+(?![\w-])")
NUMBER = re.compile(r"(?<![\w.,])\d+(?:[.,]\d+)*(?![\w]|[.,]\d)")
#: Words the vocabulary table (shared/notes/i18n.md) leaves out: ambiguous in Italian rooms.
AMBIGUOUS = re.compile(
    r"\b(passa|passare|passano|chiude|chiudere|chiudono|cappello|chiama|chiamare|"
    r"chiamano|fiche|invito|puntata d'apertura)\b",
    re.IGNORECASE,
)


def marks(text: str) -> tuple[list[str], list[str], list[str]]:
    """A text's card codes, rank runs and the other numbers (in the order written)."""
    rest = RUN.sub(" ", CARD.sub(" ", text))
    return CARD.findall(text), RUN.findall(text), NUMBER.findall(rest)


def italian_number(english: str) -> str:
    """``0.50`` -> ``0,50``, ``1,250`` -> ``1.250``: the decimal and thousands marks swap."""
    return english.translate(str.maketrans({",": ".", ".": ","}))


@pytest.fixture(scope="module")
def italian() -> catalogue_files.Catalog:
    return catalogue_files.read_catalogue(PO, "it")


@pytest.fixture(scope="module")
def bank_template() -> catalogue_files.Catalog:
    catalog, problems = template(BANK)
    assert problems == []
    return catalog


def test_the_marks_are_read_as_written() -> None:
    assert marks("Bo shows 9s 9d, Ana 8-7-4-2-A; $0.50 and K♠, seat 4") == (
        ["9s", "9d", "K♠"],
        ["8-7-4-2-A"],
        ["0.50", "4"],
    )
    assert italian_number("37.50") == "37,50" and italian_number("1,250") == "1.250"


def test_every_bundled_text_has_a_current_italian_entry(
    bank_template: catalogue_files.Catalog,
) -> None:
    gaps = check(BANK, "it")
    assert not gaps, "\n".join(describe(g, BANK, "it") for g in gaps[:20]) + (
        "\nrun `python -m tutor.scenarios.texts update scenarios`, then translate"
    )
    bank = load_bank([BANK], replay=False)
    fields = [f for s in bank.scenarios for f in text_fields(s)]
    assert len(fields) == len([m for m in bank_template if m.id]) >= 772
    assert len(bank.scenarios) >= 161


def test_the_template_is_the_bank_as_it_is(
    bank_template: catalogue_files.Catalog,
) -> None:
    def entries(catalog: catalogue_files.Catalog) -> list[tuple[object, ...]]:
        # a long comment is wrapped over several #. lines in the file
        return [
            (m.context, m.id, m.locations, " ".join(m.auto_comments).split())
            for m in catalog
            if m.id
        ]

    written = catalogue_files.read_catalogue(POT)
    assert entries(written) == entries(bank_template), (
        "scenarios/locale/bank.pot is out of date: run "
        "`python -m tutor.scenarios.texts update scenarios`"
    )
    first = next(m for m in bank_template if m.id)
    assert first.context == "ante-eight-handed/title"
    assert first.locations == [("ante/ante-eight-handed.yaml", 3)]
    assert (
        first.auto_comments[0] == "The scenario's title, in lists and above the table."
    )


def test_the_italian_catalogue_has_the_same_entries(
    italian: catalogue_files.Catalog, bank_template: catalogue_files.Catalog
) -> None:
    assert [(m.context, m.id) for m in italian if m.id] == [
        (m.context, m.id) for m in bank_template if m.id
    ]
    assert not italian.obsolete
    assert italian.locale is not None and str(italian.locale) == "it"


def test_each_translation_keeps_its_cards_runs_and_amounts(
    italian: catalogue_files.Catalog,
) -> None:
    problems = []
    for message in italian:
        if not message.id:
            continue
        cards, runs, numbers = marks(message.id)
        it_cards, it_runs, it_numbers = marks(message.string)
        missing = [
            italian_number(n) for n in numbers if italian_number(n) not in it_numbers
        ]
        if (
            sorted(cards) != sorted(it_cards)
            or sorted(runs) != sorted(it_runs)
            or missing
        ):
            problems.append((message.context, cards, it_cards, runs, it_runs, missing))
    assert problems == []


def test_amounts_are_written_the_italian_way(italian: catalogue_files.Catalog) -> None:
    texts = [m.string for m in italian if m.id]
    assert not [t for t in texts if re.search(r"\d\.\d{2}\b", t)]
    assert "Questo tavolo da $0,50/$1 gioca senza ante." in " ".join(texts)


def test_every_text_is_translated_not_copied(italian: catalogue_files.Catalog) -> None:
    assert [m.context for m in italian if m.id and m.string == m.id] == []


def test_the_italian_keeps_one_term_for_one_thing(
    italian: catalogue_files.Catalog,
) -> None:
    found = {
        m.context: AMBIGUOUS.findall(m.string) for m in italian if m.id and m.string
    }
    assert {k: v for k, v in found.items() if v} == {}
    texts = " ".join(m.string for m in italian if m.id)
    # the English action words as the table's terms, the Italian verbs as their usage
    for term in ("bring-in", "all-in", "check", "rilancia", "lascia", "vede", "cap"):
        assert term in texts, term


def test_names_stay_as_written(italian: catalogue_files.Catalog) -> None:
    bank = load_bank([BANK], replay=False)
    for scenario in bank.scenarios:
        for path, english in text_fields(scenario):
            translated = italian.get(english, f"{scenario.id}/{path.replace('.', '/')}")
            assert translated is not None
            for name in scenario.names:
                if re.search(rf"\b{name}\b", english):
                    assert re.search(rf"\b{name}\b", translated.string), (
                        scenario.id,
                        path,
                        name,
                    )


def test_scenario_text_speaks_italian_and_falls_back_to_english(
    tmp_path: Path,
) -> None:
    path = BANK / "bring-in" / "bring-in-ace-door.yaml"
    scenario = load_scenario(path)
    assert (
        scenario_text(scenario, "title", "it")
        == "Un asso scoperto non è la carta bassa"
    )
    assert scenario_text(scenario, "title", "en") == scenario.title
    assert scenario_text(scenario, "title", "fr") == scenario.title
    assert scenario_text(scenario, "steps[0].hint", "it") == (
        "Per il bring-in l'asso conta come carta alta."
    )
    assert scenario_text(scenario, "steps[0]/hint", "it_IT.UTF-8") == (
        "Per il bring-in l'asso conta come carta alta."
    )
    with use_language("it"):
        assert (
            scenario_text(scenario, "steps[2].prompt") == "Chi parla dopo il bring-in?"
        )
    with use_language("en"):
        assert (
            scenario_text(scenario, "steps[2].prompt") == "Who acts after the bring-in?"
        )
    with pytest.raises(KeyError, match="has no hint"):
        scenario_text(scenario, "steps[2].hint", "it")
    with pytest.raises(KeyError, match="not an ask"):
        scenario_text(scenario, "steps[1].prompt", "it")
    with pytest.raises(KeyError, match="not a text field"):
        scenario_text(scenario, "seats[0].name", "it")

    # an instructor's bank without a catalogue: its English
    own = tmp_path / "instructor"
    own.mkdir()
    shutil.copy(path, own / path.name)
    copied = load_scenario(own / path.name)
    assert scenario_text(copied, "title", "it") == copied.title

    # a bank whose English changed after the translation: its English, not the old Italian
    edited = tmp_path / "edited"
    (edited / "bring-in").mkdir(parents=True)
    shutil.copytree(BANK / "locale", edited / "locale")
    text = path.read_text(encoding="utf-8").replace(
        "title: An ace showing is not the low card",
        "title: An ace showing is never the low card",
    )
    (edited / "bring-in" / path.name).write_text(text, encoding="utf-8")
    changed = load_scenario(edited / "bring-in" / path.name)
    assert (
        scenario_text(changed, "title", "it") == "An ace showing is never the low card"
    )
    assert scenario_text(changed, "steps[0].hint", "it") == (
        "Per il bring-in l'asso conta come carta alta."
    )


def test_a_localised_scenario_replays_the_same(tmp_path: Path) -> None:
    scenario = load_scenario(BANK / "ante" / "ante-first-hand.yaml")
    italian = localised(scenario, "it")
    assert italian.title == "Ante e bring-in a un tavolo da $1/$2"
    assert [s.ask.hint for s in italian.steps if s.ask][:2] == [
        "Chiunque riceva le carte mette l'ante, prima che venga distribuita qualsiasi carta.",
        "Cerca la carta scoperta più bassa; qui il bring-in è metà della puntata minima.",
    ]
    assert localised(scenario, "en") is scenario
    assert localised(scenario, "it") is italian  # kept: the app's cached replay holds
    before = [(r.index, r.ruling.answer if r.ruling else None) for r in walk(scenario)]
    after = [(r.index, r.ruling.answer if r.ruling else None) for r in walk(italian)]
    assert before == after
    assert (italian.id, italian.seats, italian.marks) == (
        scenario.id,
        scenario.seats,
        scenario.marks,
    )


YAML = """\
id: {id}
title: {title}
topic: bring-in
level: 1
stakes: {{small_bet: 2, big_bet: 4, ante: 0}}
seats: [{{seat: 1, name: Ana, cards: '2c 3d 4h'}}, {{seat: 2, name: Bo, cards: '5c 6d 7h'}}]
steps:
{steps}"""


def write(folder: Path, scenario_id: str, title: str, steps: list[str]) -> None:
    body = "".join(f"  - {s}\n" for s in steps)
    (folder / f"{scenario_id}.yaml").write_text(
        YAML.format(id=scenario_id, title=title, steps=body), encoding="utf-8"
    )


def test_update_carries_moved_texts_and_marks_edited_ones_fuzzy(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bank = tmp_path / "bank"
    bank.mkdir()
    ask = "{ask: bring-in, prompt: Who brings it in?, hint: Look at the door cards.}"
    write(bank, "one", "First hand", [ask])
    write(bank, "two", "Second hand", ["{ask: pot, prompt: How much is in the pot?}"])
    written, problems = update(bank)
    assert problems == [] and [p.name for p in written] == ["bank.pot", "bank.po"]
    po = po_path(bank, "it")
    catalog = catalogue_files.read_catalogue(po, "it")
    italian = {
        "First hand": "Prima mano",
        "Who brings it in?": "Chi paga il bring-in?",
        "Look at the door cards.": "Guarda le carte scoperte.",
        "Second hand": "Seconda mano",
        "How much is in the pot?": "Quanto c'è nel piatto?",
    }
    for message in catalog:
        if message.id:
            message.string = italian[message.id]
    po.write_bytes(catalogue_files.render(catalog))
    assert check(bank, "it") == []
    assert update(bank) == ([], [])  # nothing changed: nothing written

    # one: a step inserted before the ask (its texts move); two: its prompt edited
    write(bank, "one", "First hand", ["{ask: pot, prompt: How much now?}", ask])
    write(bank, "two", "Second hand", ["{ask: pot, prompt: What is in the pot?}"])
    update(bank)
    catalog = catalogue_files.read_catalogue(po, "it")
    moved = catalog.get("Who brings it in?", "one/steps[1]/prompt")
    assert moved is not None and moved.string == "Chi paga il bring-in?"
    assert not moved.fuzzy
    edited = catalog.get("What is in the pot?", "two/steps[0]/prompt")
    assert edited is not None and edited.fuzzy
    assert edited.string == "Quanto c'è nel piatto?"
    assert edited.previous_id == ["How much is in the pot?"]
    assert '#| msgid "How much is in the pot?"' in po.read_text(encoding="utf-8")
    # the previous msgid survives another update (Babel reads it as a comment)
    write(bank, "one", "First hand", ["{ask: pot, prompt: How much now?}", ask, ask])
    update(bank)
    text = po.read_text(encoding="utf-8")
    assert text.count("#| msgid") == 1 and "# | msgid" not in text
    assert catalogue_files.read_catalogue(po, "it").get(
        "What is in the pot?", "two/steps[0]/prompt"
    ).previous_id == ["How much is in the pot?"]
    write(bank, "one", "First hand", ["{ask: pot, prompt: How much now?}", ask])
    update(bank)
    catalog = catalogue_files.read_catalogue(po, "it")
    new = catalog.get("How much now?", "one/steps[0]/prompt")
    assert new is not None and new.string == ""
    # the third step's texts were never translated: gone without a trace
    assert not catalog.obsolete

    reload_catalogues()
    forget_localised()
    two = load_scenario(bank / "two.yaml")
    assert scenario_text(two, "steps[0].prompt", "it") == "What is in the pot?"
    one = load_scenario(bank / "one.yaml")
    assert scenario_text(one, "steps[1].prompt", "it") == "Chi paga il bring-in?"

    assert main(["update", str(bank), "--drop-obsolete"]) == 0
    gaps = check(bank, "it")
    assert [(g.context, g.kind) for g in gaps] == [
        ("one/steps[0]/prompt", "untranslated"),
        ("two/steps[0]/prompt", "fuzzy"),
    ]
    assert describe(gaps[1], bank, "it") == (
        f"{bank / 'two.yaml'}:8:1: warning: two/steps[0]/prompt has a fuzzy it "
        f"translation in {po} (the English changed since it was translated, or the "
        "translator marked it unsure): check it and remove the fuzzy flag."
    )
    capsys.readouterr()
    assert main(["check", str(bank)]) == 1
    out, err = capsys.readouterr()
    assert (
        out.count("warning:") == 2 and "2 text(s) without a current translation" in err
    )

    # a scenario removed: its translations are obsolete until dropped
    (bank / "two.yaml").unlink()
    update(bank)
    assert [g.kind for g in check(bank, "it")][-2:] == ["obsolete", "obsolete"]
    assert main(["update", str(bank), "--drop-obsolete"]) == 0
    assert [g.kind for g in check(bank, "it")] == ["untranslated"]


def test_the_command_refuses_a_missing_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["check", str(tmp_path / "nowhere")]) == 2
    assert "not a folder" in capsys.readouterr().err


def test_a_broken_file_is_left_out_and_said(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bank = tmp_path / "bank"
    bank.mkdir()
    write(bank, "one", "First hand", ["{ask: pot, prompt: How much?}"])
    (bank / "broken.yaml").write_text("id: broken\n", encoding="utf-8")
    assert main(["update", str(bank)]) == 1
    out, err = capsys.readouterr()
    assert "broken.yaml:1:1:" in err and "(left out of the catalogue)" in err
    pot = catalogue_files.read_catalogue(bank / "locale" / "bank.pot")
    assert [m.context for m in pot if m.id] == ["one/title", "one/steps[0]/prompt"]
