"""The course in Italian (issue 25): lessons 1 to 13 opened one after the other on the Learn
page, and one scenario of every topic walked from its first step to its wrap-up in the
walkthrough (each question's answer asked for, so its explanation is shown too), under
``?lang=it``, with no English sentence on screen: none of the interface catalogue's (whose
Italian differs), none of the English lesson's, none of the scenario's English title,
prompts, hints and explanations.

The pages run on the project's own course (``lessons/``, ``scenarios/``).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from appkit import point_app_at, sign_in
from helpers.italian import english_on, literals_outside_gettext, split_by_source, texts
from streamlit.testing.v1 import AppTest

from tutor import config
from tutor.i18n import use_language
from tutor.lessons import load_lessons
from tutor.progress import ProgressStore
from tutor.scenarios.bank import load_bank
from tutor.scenarios.model import Scenario
from tutor.ui.topics import TOPIC_TITLES

ROOT = Path(__file__).resolve().parent.parent
APP = ROOT / "tutor" / "ui" / "streamlit_app.py"
#: The question's files (the ask panel and its controls, the honest-questions and drills
#: work's; the asks and the rulings' answers, the validator work's): their English is
#: told apart from this page's.
THEIR_FILES = tuple(
    ROOT / "tutor" / name
    for name in (
        "ui/ask_panel.py",
        "ui/ask_controls.py",
        "ui/ruling_control.py",
        "ui/screen.py",
        "asks.py",
        "quiz.py",
        "quiz_ruling.py",
    )
)
#: Markdown's marks, links' targets and table rules: not words a reader reads.
#: A word of prose (three letters or more), not a card, a sum or a hand (``K-Q-J-9-8``).
_WORD = re.compile(r"(?<![\w-])[^\W\d_]{3,}(?![\w-])")
_MARKUP = re.compile(r"\]\([^)]*\)|[*_`#>|\[\]]+|^-+$")


@pytest.fixture
def env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    point_app_at(monkeypatch, tmp_path / "data", tmp_path)
    monkeypatch.setenv("TUTOR_SCENARIOS_DIR", str(ROOT / "scenarios"))
    monkeypatch.setenv("TUTOR_LESSONS_DIR", str(ROOT / "lessons"))
    ProgressStore(config.database_url()).create_learner("Ana")
    return tmp_path


def words(text: str) -> str:
    """A text as its words read, markup left out and spaces made single."""
    return " ".join(_MARKUP.sub(" ", text).split())


def english_sentences(text: str, least: int = 6) -> set[str]:
    """The sentences of an English text with at least ``least`` words of prose (shorter
    ones, a name or a poker term, may be the same in Italian)."""
    found = set()
    for line in text.splitlines():
        for sentence in re.split(r"(?<=[.:;?!])\s+", words(line)):
            sentence = sentence.strip(" .:;?!")
            if len(_WORD.findall(sentence)) >= least:  # words, not cards or sums
                found.add(sentence)
    return found


def on_screen(at: AppTest) -> str:
    return "\n".join(words(t) for t in texts(at))


def app(lang: str = "it") -> AppTest:
    at = AppTest.from_file(str(APP), default_timeout=60)
    at.query_params["lang"] = lang
    sign_in(at, "Ana")
    return at


def bank() -> list[Scenario]:
    return load_bank([ROOT / "scenarios"]).scenarios


def one_per_topic() -> list[Scenario]:
    """The lowest-level scenario of each topic (Razz's scenarios are under the topics
    they teach)."""
    chosen: dict[str, Scenario] = {}
    for scenario in sorted(bank(), key=lambda s: (s.level, s.id)):
        chosen.setdefault(scenario.topic, scenario)
    return [chosen[t] for t in TOPIC_TITLES if t in chosen]


def scenario_english(scenario: Scenario) -> set[str]:
    found = english_sentences(scenario.title, least=4)
    for step in scenario.steps:
        if step.ask is not None:
            for text in (step.ask.prompt, step.ask.hint, step.ask.explain):
                found |= english_sentences(text or "", least=5)
    return found


def test_the_course_has_every_lesson_and_a_scenario_per_topic() -> None:
    assert [x.order for x in load_lessons(ROOT / "lessons", "it")] == list(range(1, 14))
    assert all(x.language == "it" for x in load_lessons(ROOT / "lessons", "it"))
    topics = [s.topic for s in one_per_topic()]
    assert set(topics) == {s.topic for s in bank()}
    assert len(topics) == len(TOPIC_TITLES) - 1  # all but "razz"


def test_lessons_1_to_13_read_in_italian(env: Path) -> None:
    english = load_lessons(ROOT / "lessons", "en")
    italian = load_lessons(ROOT / "lessons", "it")
    left: dict[str, list[str]] = {}
    with use_language("it"):
        at = app()
        at.run()
        for lesson, translated in zip(english, italian, strict=True):
            at.session_state["learn_lesson"] = lesson.id
            at.run()
            assert not at.exception, lesson.id
            shown = on_screen(at)
            assert at.button(key="learn_back").label == "Tutte le lezioni"
            # the Italian lesson is what is read: most of its sentences as written (a
            # rule id is said by its title, a term links to the glossary)
            italian_sentences = english_sentences(translated.body)  # (any language's)
            read = sum(t in shown for t in italian_sentences)
            assert read >= len(italian_sentences) // 2 > 0, lesson.id
            found = english_on(at)
            found += [s for s in english_sentences(lesson.body) if s in shown]
            if found:
                left[f"{lesson.order}. {lesson.id}"] = found
    assert left == {}


def test_a_scenario_of_every_topic_plays_in_italian(env: Path) -> None:
    theirs = literals_outside_gettext(*THEIR_FILES)
    left: dict[str, list[str]] = {}
    elsewhere: dict[str, list[str]] = {}
    walked: dict[str, int] = {}
    with use_language("it"):
        for scenario in one_per_topic():
            at = app()
            at.session_state["wt_scenario"] = scenario.id
            at.session_state["wt_pos"] = 0
            at.run()
            at.switch_page("app_pages/walkthrough.py").run()
            english = scenario_english(scenario)
            steps = 0
            for _step in range(60):
                assert not at.exception, scenario.id
                give_up = [b for b in at.button if b.key == "wt_give_up"]
                if give_up:  # the answer and its explanation, in Italian too
                    give_up[0].click().run()
                    assert not at.exception, scenario.id
                shown = on_screen(at)
                mine, other = split_by_source(english_on(at), theirs)
                mine += [s for s in english if s in shown]
                if mine:
                    left.setdefault(scenario.id, []).extend(mine)
                if other:
                    elsewhere.setdefault(scenario.id, []).extend(other)
                steps += 1
                forward = at.button(key="wt_next")
                if forward.disabled:
                    break
                forward.click().run()
            walked[scenario.id] = steps
            assert any("Fine dello scenario" in t for t in texts(at)), scenario.id
    assert left == {}, "\n".join(f"{k}: {sorted(set(v))}" for k, v in left.items())
    assert len(walked) == len(one_per_topic())
    assert sum(walked.values()) > 2 * len(walked)  # steps walked, not only the first
    if elsewhere:
        pytest.xfail(
            "the ask panel's own strings are not translated yet: "
            f"{sorted({t.split(' in ', 1)[0] for v in elsewhere.values() for t in v})}"
        )
