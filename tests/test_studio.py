"""The Studio: plain-word places, templates, the instructor bank, and the page itself."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from appkit import point_app_at, shown, sign_in, unescape
from streamlit.testing.v1 import AppTest

from tutor.course import TOPICS
from tutor.engine.errors import ScenarioError
from tutor.engine.rules import GAME_LABELS, GAMES
from tutor.scenarios.bank import check_text
from tutor.scenarios.places import locate, ordinal, plain_place
from tutor.scenarios.templates import template, template_topics
from tutor.scenarios.writer import BankWriteError, InstructorBank
from tutor.ui.studio import check_draft, gutter_marks_html, quoted_line

APP = Path(__file__).resolve().parent.parent / "tutor" / "ui" / "streamlit_app.py"
DATA = Path(__file__).resolve().parent / "data" / "ui"

ALIAS_BOMB = "\n".join(
    ["a: &a [x, x, x, x, x, x, x, x, x, x]"]
    + [
        f"{c}: &{c} [*{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}]"
        for p, c in zip("abcdefg", "bcdefgh", strict=True)
    ]
)


# -- places ---------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("path", "words"),
    [
        ("seats[4].cards", "seat 5, cards"),
        ("steps[1].act[1]", "step 2, second action"),
        ("steps[0].act", "step 1, act"),
        ("stakes.big_bet", "stakes, big bet"),
        ("steps[2].expect.players[0]", "step 3, expect, first player"),
        ("seats[0].cards[10]", "seat 1, 11th card"),
        ("house.max_raises", "house, max raises"),
        ("id", "id"),
    ],
)
def test_plain_place_is_one_based_words(path: str, words: str) -> None:
    assert plain_place(path) == words


def test_ordinals() -> None:
    assert [ordinal(n) for n in (1, 3, 10, 11, 12, 13, 21, 102, 111)] == [
        "first",
        "third",
        "tenth",
        "11th",
        "12th",
        "13th",
        "21st",
        "102nd",
        "111th",
    ]


def test_locate_rewrites_paths_inside_the_message_too() -> None:
    problem = ScenarioError(
        "seats[1].cards: Kd is dealt twice: it is also in seats[0].cards; a deck holds "
        "each card once.",
        "draft.yaml",
        4,
        33,
    )
    found = locate(problem)
    assert found.heading == "Line 4, seat 2, cards"
    assert found.message == (
        "Kd is dealt twice: it is also in seat 1, cards; a deck holds each card once."
    )
    bare = locate(ScenarioError("this is not valid YAML.", "draft.yaml", 0, 0))
    assert (bare.heading, bare.line, bare.column) == ("Line 1", 1, 1)


# -- templates ------------------------------------------------------------------------------
def test_every_topic_has_a_template_that_validates_and_replays() -> None:
    assert template_topics() == TOPICS
    assert template_topics("stud") == tuple(
        t for t in TOPICS if t != "low-qualification"
    )
    # razz keeps the open pair (a lesson: it never applies there), not the qualifier
    assert template_topics("razz") == template_topics("stud")
    for game in GAMES:
        for topic in template_topics(game):
            scenario, problems = check_text(template(topic, game), "t.yaml")
            assert problems == [], (game, topic)
            assert scenario is not None and scenario.topic == topic
            assert scenario.game == game
            assert scenario.id == f"new-{topic}-scenario"
            assert sum(step.kind == "ask" for step in scenario.steps) == 1


def test_a_razz_template_bets_in_razz_order() -> None:
    lines = template("irregularities", "razz").splitlines()
    # Cy's queen is the highest door card; Ana's 7-2 the lowest board on fourth street
    assert lines[14:17] == [
        "  - act: [Cy brings in, Ana completes, Bo calls, Cy calls]    # third street",
        "  - event: {fold-no-bet: Ana}",
        "  - ask: ruling",
    ]
    with pytest.raises(KeyError):
        template("ante", "holdem")


def test_a_template_names_every_game_and_preset_the_engine_knows() -> None:
    lines = template("ante").splitlines()
    # "stud8 (Stud Hi/Lo), stud (Seven Card Stud) or razz (Razz)"
    named = [f"{g} ({label})" for g, label in GAME_LABELS.items()]
    listed = ", ".join(named[:-1]) + " or " + named[-1]
    assert lines[5] == f"game: stud8               # {listed}"
    assert lines[6] == (
        "rules: online             # house rules: online, roberts, wsop-cash or tda"
    )


# -- drafts ---------------------------------------------------------------------------------
def test_two_mistakes_are_both_located_in_plain_words() -> None:
    text = (
        template("bring-in")
        .replace('cards: "Kd', 'cards: "1x')
        .replace("Bo completes", "Bo completez")
    )
    draft = check_draft(text)
    assert draft.scenario is None
    assert [(p.heading, p.column) for p in draft.problems] == [
        ("Line 12, seat 2, cards", 45),
        ("Line 17, step 2, second action", 26),
    ]
    assert quoted_line(text, 17, 26).splitlines() == [
        "  17 |   - act: [Ana brings in, Bo completez, Cy calls, Ana calls]   # third street",
        " " * 32 + "^",
    ]


def test_a_300_kib_paste_is_refused_before_it_is_read() -> None:
    draft = check_draft("# " + "x" * (300 * 1024))
    assert draft.scenario is None
    [problem] = draft.problems
    assert problem.message == (
        "the text is 307,202 bytes, over the limit of 262,144 bytes (256 KiB): a "
        "scenario is one hand; split it into several scenarios."
    )


def test_an_alias_bomb_is_refused() -> None:
    draft = check_draft(ALIAS_BOMB)
    assert draft.scenario is None
    assert "through aliases" in draft.problems[0].message


def test_the_gutter_marks_script_keeps_its_data_inert() -> None:
    draft = check_draft(
        template("ante").replace("id: new-ante-scenario", "id: </script>")
    )
    html = gutter_marks_html(draft)
    assert html.count("</script>") == 2  # the script's own two closing tags only
    data = html.split('type="application/json">')[1].split("</script>")[0]
    [mark] = json.loads(data)
    assert (mark["row"], mark["type"]) == (1, "error")
    assert "</script>" in mark["text"]


# -- the instructor bank ---------------------------------------------------------------------
def test_save_versions_and_delete(tmp_path: Path) -> None:
    bank = InstructorBank(tmp_path / "mine")
    text = template("ante")
    scenario, path = bank.save(text)
    assert path == tmp_path / "mine" / "new-ante-scenario.yaml"
    assert path.read_text() == text
    assert bank.versions(scenario.id) == []
    changed = text.replace("level: 1 ", "level: 2 ")
    bank.save(changed)
    assert path.read_text() == changed
    [first] = bank.versions(scenario.id)
    assert first.relative_to(tmp_path) == Path(
        "mine/.versions/new-ante-scenario/1.yaml"
    )
    assert first.read_text() == text
    kept = bank.delete(scenario.id)
    assert not path.exists()
    assert kept.name == "2.yaml" and kept.read_text() == changed
    assert [f.name for f in (tmp_path / "mine").iterdir()] == [".versions"]
    with pytest.raises(BankWriteError) as info:
        bank.delete(scenario.id)
    assert str(info.value) == (
        "there is no file for 'new-ante-scenario' in the instructor bank: nothing was "
        "deleted."
    )


@pytest.mark.parametrize(
    "hostile", ["../../etc/passwd", "..", "a/b", "/etc/passwd", "A", "x" * 81]
)
def test_no_id_escapes_the_bank_folder(tmp_path: Path, hostile: str) -> None:
    bank = InstructorBank(tmp_path / "mine")
    with pytest.raises(BankWriteError) as info:
        bank.path_for(hostile)
    assert str(info.value) == (
        f"{hostile!r} is not a scenario id: use lower-case letters and digits with "
        "single '-' between words, as in 'bring-in-two-deuces' (at most 80 characters)."
    )
    with pytest.raises(BankWriteError):
        bank.delete(hostile)


def test_a_hostile_id_in_the_text_is_refused_and_nothing_is_written(
    tmp_path: Path,
) -> None:
    bank = InstructorBank(tmp_path / "mine")
    (tmp_path / "mine").mkdir()
    text = template("ante").replace("id: new-ante-scenario", 'id: "../../etc/passwd"')
    with pytest.raises(BankWriteError) as info:
        bank.save(text)
    assert str(info.value).startswith(
        "the scenario has 1 problem(s) (line 2: id: '../../etc/passwd' is not an id:"
    )
    assert list((tmp_path / "mine").iterdir()) == []
    assert not (tmp_path / "etc").exists()


def test_an_id_used_elsewhere_is_refused(tmp_path: Path) -> None:
    bank = InstructorBank(tmp_path / "mine")
    with pytest.raises(BankWriteError) as info:
        bank.save(
            template("ante"), {"new-ante-scenario": "the bundled bank (ante/x.yaml)"}
        )
    assert str(info.value) == (
        "the id 'new-ante-scenario' is already used by the bundled bank (ante/x.yaml): "
        "ids are unique across the bundled and instructor banks; change the id: line, "
        "then save again. Nothing was saved."
    )
    assert not (tmp_path / "mine" / "new-ante-scenario.yaml").exists()


def test_oversized_and_bomb_texts_are_never_written(tmp_path: Path) -> None:
    bank = InstructorBank(tmp_path / "mine")
    with pytest.raises(BankWriteError, match="over the limit of 262,144"):
        bank.save("# " + "x" * (300 * 1024))
    with pytest.raises(BankWriteError, match="through aliases"):
        bank.save(ALIAS_BOMB)
    assert not (tmp_path / "mine").exists() or not any((tmp_path / "mine").iterdir())


def test_a_failed_write_leaves_the_old_file_and_no_temp_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bank = InstructorBank(tmp_path)
    _, path = bank.save(template("ante"))

    def broken(src: str, dst: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken)
    with pytest.raises(BankWriteError) as info:
        bank.save(template("ante").replace("level: 1 ", "level: 3 "))
    assert str(info.value) == (
        "the file could not be written (No space left on device): nothing was saved. "
        "Check that the instructor bank folder is writable."
    )
    assert path.read_text() == template("ante")
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        ".versions",
        "new-ante-scenario.yaml",
    ]


# -- the page -------------------------------------------------------------------------------
def _open_app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AppTest:
    """The app on the test bank, instructor pages open, after its first run."""
    point_app_at(monkeypatch, tmp_path / "data", DATA)
    monkeypatch.setenv("TUTOR_OPEN_INSTRUCTOR", "1")
    return AppTest.from_file(str(APP), default_timeout=20).run()


@pytest.fixture
def studio(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AppTest:
    at = _open_app(tmp_path, monkeypatch)
    at.switch_page("app_pages/studio.py").run()
    at.toggle(key="studio_plain").set_value(True).run()
    assert not at.exception
    return at


def _type(at: AppTest, text: str) -> None:
    at.text_area(key="studio_plain_text").set_value(text).run()
    assert not at.exception


def test_write_fix_preview_answer_save_and_play(
    studio: AppTest, tmp_path: Path
) -> None:
    at = studio
    at.selectbox(key="studio_template_topic").set_value("bring-in").run()
    at.button(key="studio_use_template").click().run()
    text = at.text_area(key="studio_plain_text").value
    text = text.replace("title: A new bring in question", "title: <b>Bold</b> bring-in")
    _type(
        at,
        text.replace('cards: "Kd', 'cards: "1x').replace(
            "Bo completes", "Bo completez"
        ),
    )
    assert shown(at.error) == [
        "2 problems: fix them in the editor; the checks run again as you type."
    ]
    headings = [m.split(":**")[0] for m in shown(at.markdown) if m.startswith("**Line")]
    assert headings == ["**Line 12, seat 2, cards", "**Line 17, step 2, second action"]
    assert at.button(key="studio_save").disabled
    _type(at, text)
    assert shown(at.success) == [
        "Valid: new-bring-in-scenario. The engine answers its 1 question."
    ]
    at.radio(key="studio_section").set_value("Preview as a learner").run()
    assert not at.exception
    assert "**Question:** Write the question as the learner should read it." in shown(
        at.markdown
    )
    key = "studio_pv_new-bring-in-scenario_0_0"
    # the answer's boxes are a form: their values go with Check
    at.radio(key=f"{key}_player").set_value("Ana")
    at.number_input(key=f"{key}_amount").set_value(1.0)
    at.button(key="studio_pv_check").click().run()
    assert not at.exception
    assert next(s.value for s in at.success).startswith("Right")
    at.radio(key="studio_section").set_value("Write and check").run()
    at.button(key="studio_save").click().run()
    assert not at.exception
    saved = tmp_path / "data" / "scenarios" / "new-bring-in-scenario.yaml"
    assert saved.read_text() == text
    assert (
        "Saved new-bring-in-scenario as new-bring-in-scenario.yaml in the instructor "
        "bank. Learners find it in Walkthrough and Practice."
    ) in shown(at.success)
    at.switch_page("app_pages/walkthrough.py").run()
    label = "<b>Bold</b> bring-in · level 1"
    assert label in at.selectbox(key="wt_pick").options
    at.selectbox(key="wt_pick").set_value("new-bring-in-scenario").run()
    assert not at.exception
    assert at.selectbox(key="wt_pick").value == "new-bring-in-scenario"


def test_a_problem_quoting_an_emoji_shortcode_shows_it_as_typed(
    studio: AppTest,
) -> None:
    at = studio
    _type(at, template("ante").replace("name: Bo,", 'name: "root:x:0",'))
    line = next(m.value for m in at.markdown if m.value.startswith("**Line"))
    # a word joiner after each colon: Streamlit finds no ":x:" shortcode to draw as an emoji
    assert ":x:" not in line.replace("\\", "")
    assert unescape(line) == (
        "**Line 17, step 2, second action:** 'Bo completes' names 'Bo', who is not at "
        "this table: the players are Ana, root:x:0, Cy."
    )


def test_a_second_save_under_a_bundled_id_is_refused(studio: AppTest) -> None:
    at = studio
    at.selectbox(key="studio_copy_id").set_value("ui-community").run()
    at.button(key="studio_use_copy").click().run()
    assert shown(at.info) == [
        "The editor now holds a copy of ui-community: change its id before you save it."
    ]
    at.button(key="studio_save").click().run()
    [message] = shown(at.error)
    assert message.startswith(
        "the id 'ui-community' is already used by the bundled bank (ui-community.yaml)"
    )
    # a rerun that changes nothing (the editor leaving focus) keeps the refusal on screen
    at.run()
    assert shown(at.error) == [message]
    # the first edit takes it away: it was about the text as it was
    text = at.text_area(key="studio_plain_text").value
    _type(at, text.replace("id: ui-community", "id: ui-community-mine"))
    assert shown(at.error) == []
    assert shown(at.success)[0].startswith("Valid: ui-community-mine.")


def test_a_razz_template_is_offered_with_the_topics_razz_has(studio: AppTest) -> None:
    at = studio
    at.selectbox(key="studio_template_topic").set_value("low-qualification").run()
    at.selectbox(key="studio_template_game").set_value("razz").run()
    assert not at.exception
    topics = at.selectbox(key="studio_template_topic").options
    assert "low-qualification" not in topics and "pair-on-fourth" in topics
    at.selectbox(key="studio_template_topic").set_value("bring-in").run()
    at.button(key="studio_use_template").click().run()
    assert shown(at.info) == [
        "The editor now holds the blank bring-in template (Razz)."
    ]
    assert at.text_area(key="studio_plain_text").value == template("bring-in", "razz")
    assert shown(at.success) == [
        "Valid: new-bring-in-scenario. The engine answers its 1 question."
    ]


def test_the_template_game_starts_on_the_sidebar_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    at = _open_app(tmp_path, monkeypatch)
    at.selectbox(key="game_filter").set_value("razz").run()
    at.switch_page("app_pages/studio.py").run()
    assert not at.exception
    assert at.selectbox(key="studio_template_game").value == "razz"


def test_loading_a_template_over_a_draft_offers_undo(studio: AppTest) -> None:
    at = studio
    _type(at, "id: mine\n")
    at.button(key="studio_use_template").click().run()
    assert at.text_area(key="studio_plain_text").value.startswith("# A new scenario")
    at.button(key="studio_undo_btn").click().run()
    assert at.text_area(key="studio_plain_text").value == "id: mine\n"


def test_bank_lists_status_and_deletes_with_confirmation(studio: AppTest) -> None:
    at = studio
    at.button(key="studio_use_template").click().run()
    at.button(key="studio_save").click().run()
    at.radio(key="studio_section").set_value("Bank").run()
    assert (
        "4 of 4 files are valid (1 in the instructor bank, listed first). Click a "
        "column's header to sort by it."
    ) in [m.value for m in at.markdown]
    table = at.dataframe[0].value
    assert list(table.columns) == [
        "where", "title", "topic", "game", "level", "status", "id", "file"
    ]  # fmt: skip
    assert table["where"].tolist() == [
        "Instructor bank", "Bundled bank", "Bundled bank", "Bundled bank"
    ]  # fmt: skip
    assert table.iloc[0][["title", "topic", "game", "level", "status"]].tolist() == [
        "A new ante question", "ante", "Stud Hi/Lo", 1, "valid"
    ]  # fmt: skip
    # the search and the filters narrow the table
    at.text_input(key="studio_bank_search").set_value("SHOWDOWN").run()
    assert at.dataframe[0].value["id"].tolist() == ["ui-showdown"]
    assert "1 of 4 files match." in shown(at.caption)
    at.text_input(key="studio_bank_search").set_value("").run()
    at.selectbox(key="studio_bank_where").set_value("instructor").run()
    assert at.dataframe[0].value["id"].tolist() == ["new-ante-scenario"]
    at.selectbox(key="studio_bank_where").set_value("all").run()
    at.selectbox(key="studio_bank_status").set_value("problems").run()
    assert at.dataframe[0].value["id"].tolist() == []
    assert at.button(key="studio_bank_delete").disabled
    at.checkbox(key="studio_confirm_delete").check().run()
    at.button(key="studio_bank_delete").click().run()
    assert not at.exception
    assert shown(at.success) == [
        "Deleted new-ante-scenario; its last content is kept as version 1."
    ]


def test_bank_rows_put_the_instructor_files_first_by_title(tmp_path: Path) -> None:
    from tutor.scenarios.writer import BankFile
    from tutor.ui.studio import bank_rows, filter_rows

    folders = (str(tmp_path / "bundled"), str(tmp_path / "mine"))
    files = {
        "bundled": [
            BankFile(tmp_path / "bundled" / "b.yaml", "b", "Zebra", None),
            BankFile(tmp_path / "bundled" / "a.yaml", None, None, "line 3: bad"),
        ],
        "instructor": [BankFile(tmp_path / "mine" / "m.yaml", "m", "Mine", None)],
    }
    rows = bank_rows(files, {}, folders)
    assert [(r.where, r.file, r.title, r.status) for r in rows] == [
        ("instructor", "the instructor bank (m.yaml)", "Mine", "valid"),
        ("bundled", "the bundled bank (a.yaml)", "", "problem: line 3: bad"),
        ("bundled", "the bundled bank (b.yaml)", "Zebra", "valid"),
    ]
    assert [r.file for r in filter_rows(rows, "zeb", "all", "valid")] == [
        "the bundled bank (b.yaml)"
    ]
    assert filter_rows(rows, "", "bundled", "problems") == [rows[1]]


def test_instructor_pages_stay_closed_without_a_password(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    point_app_at(monkeypatch, tmp_path / "data", DATA)
    monkeypatch.delenv("TUTOR_OPEN_INSTRUCTOR", raising=False)
    monkeypatch.delenv("TUTOR_INSTRUCTOR_PASSWORD", raising=False)
    at = AppTest.from_file(str(APP), default_timeout=20).run()
    for page in ("studio", "class_view"):
        at.switch_page(f"app_pages/{page}.py").run()
        assert [w.value for w in at.warning] == [
            (
                "The instructor pages are closed: no instructor password is set. Set one in "
                "the environment variable TUTOR_INSTRUCTOR_PASSWORD, or as "
                "instructor_password under [tutor] in .streamlit/secrets.toml, then restart "
                "the app. On a machine only you use, TUTOR_OPEN_INSTRUCTOR=1 opens these "
                "pages without a password."
            )
        ]
        assert not [r for r in at.radio if r.key != "language_switch"]  # no studio


def test_the_password_opens_and_locks_the_instructor_pages(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    point_app_at(monkeypatch, tmp_path / "data", DATA)
    monkeypatch.delenv("TUTOR_OPEN_INSTRUCTOR", raising=False)
    monkeypatch.setenv("TUTOR_INSTRUCTOR_PASSWORD", "correct horse")
    at = AppTest.from_file(str(APP), default_timeout=20).run()
    at.switch_page("app_pages/studio.py").run()
    at.text_input(key="auth_password").input("wrong")
    at.button(key="auth_submit").click().run()
    assert shown(at.error) == ["That is not the instructor password. Try again."]
    assert not [r for r in at.radio if r.key != "language_switch"]
    at.text_input(key="auth_password").input("correct horse")
    at.button(key="auth_submit").click().run()
    assert at.radio(key="studio_section").value == "Write and check"
    at.switch_page("app_pages/class_view.py").run()
    assert shown(at.info) == ["No answers under these filters yet."]
    at.button(key="auth_lock").click().run()
    assert not at.info
    assert at.text_input(key="auth_password").value == ""


def test_the_preview_checks_and_explains_without_asking_for_a_name_or_saving(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tutor import config
    from tutor.progress import ProgressStore

    point_app_at(monkeypatch, tmp_path / "data", DATA)
    monkeypatch.setenv("TUTOR_OPEN_INSTRUCTOR", "1")
    store = ProgressStore(config.database_url())
    store.create_learner("Ana")  # the instructor is signed in as a learner too
    at = AppTest.from_file(str(APP), default_timeout=20)
    sign_in(at, "Ana")
    at.run()
    at.switch_page("app_pages/studio.py").run()
    at.toggle(key="studio_plain").set_value(True).run()
    at.selectbox(key="studio_template_topic").set_value("bring-in").run()
    at.button(key="studio_use_template").click().run()
    at.radio(key="studio_section").set_value("Preview as a learner").run()
    key = "studio_pv_new-bring-in-scenario_0_0"
    at.radio(key=f"{key}_player").set_value("Bo")
    at.number_input(key=f"{key}_amount").set_value(1.0)
    at.button(key="studio_pv_check").click().run()
    assert not at.exception
    assert shown(at.error) == [
        "Not right: you answered Bo brings in for 1; the answer is Ana brings in for 1."
    ]
    assert any(m.startswith("**Why:** ") for m in shown(at.markdown))
    captions = shown(at.caption)
    assert "A preview: answers here are checked but never recorded." in captions
    assert [c for c in captions if "your name" in c] == []
    ana = store.find_learner("Ana")
    assert ana is not None and store.answers(ana) == []
    assert [learner.name for learner in store.learners()] == ["Ana"]
    at.button(key="studio_pv_retry").click().run()
    assert not at.exception
    assert [c for c in shown(at.caption) if "mastery" in c or "your name" in c] == []
    assert store.answers(ana) == []
