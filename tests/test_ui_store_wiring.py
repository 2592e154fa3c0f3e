"""What the app stores with an answer: the preset's id (never its display label), the house
overrides as data, the rule ids, the attempt and whether the answer had been shown."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from appkit import point_app_at, sign_in
from streamlit.testing.v1 import AppTest

from tutor import config
from tutor.progress import ProgressStore

APP = Path(__file__).resolve().parent.parent / "tutor" / "ui" / "streamlit_app.py"
DATA = Path(__file__).resolve().parent / "data" / "ui"

TWO_OVERRIDES = """\
id: ui-two-overrides
title: UI two house overrides
topic: buy-in
level: 3
game: stud8
rules: wsop-cash
house: {min_buy_in_bets: 20, max_raises: 5}
stakes: {small_bet: 5, big_bet: 10, ante: 1, bring_in: 2}
button: null
seats:
  - {seat: 2, name: Ana, stack: 100, cards: "?? ?? 5s"}
  - {seat: 4, name: Bo,  stack: 250, cards: "?? ?? 5h"}
steps:
  - ask: buy-in
    prompt: What is the minimum buy-in here?
    hint: Twenty small bets.
"""


@pytest.fixture
def env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    content = tmp_path / "content"
    shutil.copytree(DATA, content)
    (content / "scenarios" / "ui-two-overrides.yaml").write_text(TWO_OVERRIDES)
    point_app_at(monkeypatch, tmp_path / "data", content)
    return tmp_path


def test_two_house_overrides_are_saved_as_data_with_the_preset_id(env: Path) -> None:
    store = ProgressStore(config.database_url())
    ana = store.create_learner("Ana")
    at = AppTest.from_file(str(APP), default_timeout=15)
    sign_in(at, "Ana")
    at.session_state["wt_scenario"] = "ui-two-overrides"
    at.session_state["wt_pos"] = 0
    at.run()
    at.switch_page("app_pages/walkthrough.py").run()
    key = "wt_ui-two-overrides_0"
    at.button(key="wt_hint_button").click().run()
    at.number_input(key=f"{key}_0_minimum").set_value(50)
    at.button(key="wt_check").click().run()
    assert at.warning.len == 0  # nothing like "Your answer was not saved"
    at.button(key="wt_retry").click().run()
    at.number_input(key=f"{key}_1_minimum").set_value(100)
    at.button(key="wt_check").click().run()
    assert not at.exception
    first, retry = store.answers(ana)
    assert (first.preset, first.house) == (
        "wsop-cash",
        {"min_buy_in_bets": 20, "max_raises": 5},
    )
    assert first.rules == ("table.buy-in",)
    assert (first.correct, first.attempt, first.after_reveal, first.hinted) == (
        False,
        1,
        False,
        True,
    )
    assert first.first_attempt
    assert (retry.correct, retry.attempt, retry.after_reveal, retry.hinted) == (
        True,
        2,
        True,
        False,
    )
    assert not retry.first_attempt
    assert store.mistakes(ana) == {("ui-two-overrides", 0)}


def test_a_preset_chosen_in_the_sidebar_drops_the_overrides(env: Path) -> None:
    store = ProgressStore(config.database_url())
    ana = store.create_learner("Ana")
    at = AppTest.from_file(str(APP), default_timeout=15)
    sign_in(at, "Ana")
    at.session_state["wt_scenario"] = "ui-two-overrides"
    at.session_state["wt_pos"] = 0
    at.run()
    at.switch_page("app_pages/walkthrough.py").run()
    at.sidebar.selectbox(key="preset_setting").set_value("tda").run()
    at.number_input(key="wt_ui-two-overrides_0_0_minimum").set_value(50)
    at.button(key="wt_check").click().run()
    (record,) = store.answers(ana)
    assert (record.preset, record.house, record.correct) == ("tda", {}, True)
