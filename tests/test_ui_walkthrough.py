"""The walkthrough page: every ask kind answered wrong then right, the feedback text, the rows saved."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal as D
from pathlib import Path

import pytest
from appkit import point_app_at, shown, sign_in
from streamlit.testing.v1 import AppTest

from tutor import config
from tutor.progress import ProgressStore

APP = Path(__file__).resolve().parent.parent / "tutor" / "ui" / "streamlit_app.py"
DATA = Path(__file__).resolve().parent / "data" / "ui"

Fill = Callable[[AppTest, str], None]


@pytest.fixture
def env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    point_app_at(monkeypatch, tmp_path, DATA)
    return tmp_path


def open_step(scenario_id: str, pos: int, learner: str | None = "Ana") -> AppTest:
    """An app on the walkthrough page, at step ``pos`` of the scenario, with a learner chosen."""
    at = AppTest.from_file(str(APP), default_timeout=15)
    if learner is not None:
        ProgressStore(config.database_url()).create_learner(learner)
        sign_in(at, learner)
    at.session_state["wt_scenario"] = scenario_id
    at.session_state["wt_pos"] = pos
    at.run()
    at.switch_page("app_pages/walkthrough.py").run()
    assert not at.exception
    return at


def saved() -> list[tuple[str, int, str, bool]]:
    store = ProgressStore(config.database_url())
    learner = store.find_learner("Ana")
    assert learner is not None
    return [(r.scenario_id, r.step, r.kind, r.correct) for r in store.answers(learner)]


# Each fill sets the controls of one ask; the key prefix names scenario, step and attempt.
def amounts(**values: float) -> Fill:
    def fill(at: AppTest, key: str) -> None:
        for field, value in values.items():
            at.number_input(key=f"{key}_{field}").set_value(value)

    return fill


def player(name: str, amount: float | None = None) -> Fill:
    def fill(at: AppTest, key: str) -> None:
        at.radio(key=f"{key}_player").set_value(name)
        if amount is not None:
            at.number_input(key=f"{key}_amount").set_value(amount)

    return fill


def pick(field: str, values: list[object]) -> Fill:
    def fill(at: AppTest, key: str) -> None:
        at.multiselect(key=f"{key}_{field}").set_value(values)

    return fill


def yes_no(answer: str) -> Fill:
    def fill(at: AppTest, key: str) -> None:
        at.radio(key=f"{key}_yesno").set_value(answer)

    return fill


def tick(field: str) -> Fill:
    def fill(at: AppTest, key: str) -> None:
        at.checkbox(key=f"{key}_{field}").check()

    return fill


def raises(left: int) -> Fill:
    def fill(at: AppTest, key: str) -> None:
        at.number_input(key=f"{key}_left").set_value(left)

    return fill


def payouts(*pays: float, rake: float = 0.0) -> Fill:
    def fill(at: AppTest, key: str) -> None:
        for n, pay in enumerate(pays):
            at.number_input(key=f"{key}_pay_{n}").set_value(pay)
        at.number_input(key=f"{key}_rake").set_value(rake)

    return fill


@dataclass(frozen=True)
class Case:
    kind: str
    scenario: str
    step: int
    wrong: Fill
    wrong_text: str
    right: Fill
    right_text: str


CASES = [
    Case(
        "ante",
        "ui-third-street",
        0,
        amounts(each=0.25, total=0.5),
        "Not right: you answered 0.25 each, 0.5 in all; the answer is 0.25 each, 0.75 in all.",
        amounts(each=0.25, total=0.75),
        "Right: 0.25 each, 0.75 in all.",
    ),
    Case(
        "buy-in",
        "ui-third-street",
        1,
        amounts(minimum=10),
        "Not right: you answered a minimum buy-in of 10; the answer is a minimum buy-in of 20.",
        amounts(minimum=20),
        "Right: a minimum buy-in of 20.",
    ),
    Case(
        "bring-in",
        "ui-third-street",
        2,
        player("Ana", 1),
        "Not right: you answered Ana brings in for 1; the answer is Bo brings in for 1.",
        player("Bo", 1),
        "Right: Bo brings in for 1.",
    ),
    Case(
        "pot",
        "ui-third-street",
        3,
        amounts(pot=1),
        "Not right: you answered a pot of 1; the answer is a pot of 0.75.",
        amounts(pot=0.75),
        "Right: a pot of 0.75.",
    ),
    Case(
        "next-to-act",
        "ui-third-street",
        5,
        player("Ana"),
        "Not right: you answered Ana acts next; the answer is Cy acts next.",
        player("Cy"),
        "Right: Cy acts next.",
    ),
    Case(
        "legal-actions",
        "ui-third-street",
        6,
        pick("actions", ["fold", "check"]),
        "Not right: you answered fold, check; the answer is fold, call 1, complete 2.",
        pick("actions", ["complete 2", "call 1", "fold"]),
        "Right: fold, call 1, complete 2.",
    ),
    Case(
        "first-to-act",
        "ui-third-street",
        8,
        player("Ana"),
        "Not right: you answered Ana acts first; the answer is Cy acts first.",
        player("Cy"),
        "Right: Cy acts first.",
    ),
    Case(
        "bet-sizes",
        "ui-third-street",
        9,
        pick("sizes", [D(2), D(4)]),
        "Not right: you answered sizes 2 and 4; the answer is size 2.",
        pick("sizes", [D(2)]),
        "Right: size 2.",
    ),
    Case(
        "raises-left",
        "ui-third-street",
        11,
        tick("unlimited"),
        "Not right: you answered raising is unlimited; the answer is 3 raises left.",
        raises(3),
        "Right: 3 raises left.",
    ),
    Case(
        "best-high",
        "ui-showdown",
        0,
        pick("cards", ["Ah", "Kh", "9h", "7h", "3c"]),
        "Not right: you answered high card, A-K-9-7-3 (A♥ K♥ 9♥ 7♥ 3♣); "
        "the answer is flush, A-K-9-7-2 (A♥ K♥ 9♥ 7♥ 2♥).",
        pick("cards", ["2h", "7h", "9h", "Kh", "Ah"]),
        "Right: flush, A-K-9-7-2 (A♥ K♥ 9♥ 7♥ 2♥).",
    ),
    Case(
        "best-low",
        "ui-showdown",
        1,
        tick("nolow"),
        "Not right: you answered no low; the answer is 6-5-4-3-2.",
        pick("cards", ["6c", "5c", "4h", "3d", "2c"]),
        "Right: 6-5-4-3-2.",
    ),
    Case(
        "low-qualifies",
        "ui-showdown",
        2,
        yes_no("Yes"),
        "Not right: you answered Bo has a qualifying low; the answer is Bo has no qualifying low.",
        yes_no("No"),
        "Right: Bo has no qualifying low.",
    ),
    Case(
        "high-winner",
        "ui-showdown",
        3,
        pick("players", ["Cy"]),
        "Not right: you answered Cy wins the high; the answer is Ana wins the high.",
        pick("players", ["Ana"]),
        "Right: Ana wins the high.",
    ),
    Case(
        "low-winner",
        "ui-showdown",
        4,
        pick("players", []),
        "Not right: you answered no low qualifies; the answer is Cy wins the low.",
        pick("players", ["Cy"]),
        "Right: Cy wins the low.",
    ),
    Case(
        "award",
        "ui-showdown",
        5,
        payouts(37.5, 0, 37.5),
        "Not right: you answered Ana 37.5, Cy 37.5; no rake; the answer is Ana 38, Cy 37; no rake.",
        payouts(38, 0, 37),
        "Right: Ana 38, Cy 37; no rake.",
    ),
    Case(
        "showdown-order",
        "ui-showdown",
        6,
        player("Cy"),
        "Not right: you answered Cy shows first; the answer is Ana shows first.",
        player("Ana"),
        "Right: Ana shows first.",
    ),
    Case(
        "community-card",
        "ui-community",
        0,
        yes_no("No"),
        "Not right: you answered no: every player gets a seventh card of their own; the answer "
        "is yes: seventh street is one community card shared by every player.",
        yes_no("Yes"),
        "Right: yes: seventh street is one community card shared by every player.",
    ),
]


@pytest.mark.parametrize("case", CASES, ids=[c.kind for c in CASES])
def test_each_ask_kind_wrong_then_right(env: Path, case: Case) -> None:
    at = open_step(case.scenario, case.step)
    key = f"wt_{case.scenario}_{case.step}"
    case.wrong(at, f"{key}_0")
    at.button(key="wt_check").click().run()
    assert not at.exception
    assert shown(at.error) == [case.wrong_text]
    assert at.success.len == 0
    at.button(key="wt_retry").click().run()
    assert at.error.len == 0
    case.right(at, f"{key}_1")
    at.button(key="wt_check").click().run()
    assert not at.exception
    assert shown(at.success) == [case.right_text]
    assert at.error.len == 0
    assert saved() == [
        (case.scenario, case.step, case.kind, False),
        (case.scenario, case.step, case.kind, True),
    ]


def test_feedback_gives_the_engines_reason_rules_and_preset(env: Path) -> None:
    at = open_step("ui-third-street", 2)
    player("Bo", 1)(at, "wt_ui-third-street_2_0")
    at.button(key="wt_check").click().run()
    markdown = shown(at.markdown)
    assert (
        "**Why:** Bo's door card 2♣ is the lowest showing (others: 9♥, 8♣); the ace counts high. "
        "The bring-in is 1 (half the small bet, by default)." in markdown
    )
    assert (
        "Rules: [`bring-in.who`](rules?rule=bring-in.who), "
        "[`bring-in.amount`](rules?rule=bring-in.amount) · decided under the **online** house rules"
        in shown(at.caption)
    )
    # the game by its name, not its id
    assert (
        "Game: Stud Hi/Lo · house rules: online · stakes 2/4 · ante 0.25 · bring-in 1"
        in shown(at.caption)
    )


def test_a_chosen_preset_decides_and_is_named(env: Path) -> None:
    at = open_step("ui-third-street", 1)
    at.sidebar.selectbox(key="preset_setting").set_value("roberts").run()
    amounts(minimum=20)(at, "wt_ui-third-street_1_0")
    at.button(key="wt_check").click().run()
    assert shown(at.success) == ["Right: a minimum buy-in of 20."]
    assert (
        "Rules: [`table.buy-in`](rules?rule=table.buy-in) · decided under the **roberts** house rules"
        in shown(at.caption)
    )
    store = ProgressStore(config.database_url())
    learner = store.find_learner("Ana")
    assert learner is not None
    assert [r.preset for r in store.answers(learner)] == ["roberts"]


def test_hint_uses_the_asks_hint_then_the_rules(env: Path) -> None:
    at = open_step("ui-third-street", 2)
    at.button(key="wt_hint_button").click().run()
    assert shown(at.info) == ["Hint: Look at the door cards only."]
    at.button(key="wt_next").click().run()  # step 3, the pot: no hint written
    at.button(key="wt_hint_button").click().run()
    assert shown(at.info) == [
        "Hint: Every player dealt in posts the same ante before the deal; it is dead money."
    ]


def test_incomplete_answer_is_not_checked_or_saved(env: Path) -> None:
    at = open_step("ui-third-street", 5)
    at.button(key="wt_check").click().run()
    assert shown(at.warning) == ["Choose a player first."]
    assert at.error.len == 0 and at.success.len == 0
    assert saved() == []


def test_act_steps_explain_what_happened(env: Path) -> None:
    at = open_step("ui-third-street", 4)
    markdown = shown(at.markdown)
    assert "**Action:** Bo brings in" in markdown
    assert (
        "- **Bo brings in 1.** Bo's door card 2♣ is the lowest showing (others: 9♥, 8♣); the ace "
        "counts high. Bo posts the bring-in of 1. ([`bring-in.who`](rules?rule=bring-in.who), "
        "[`bring-in.amount`](rules?rule=bring-in.amount))" in markdown
    )
    at.button(key="wt_next").click().run()
    assert shown(at.subheader) == ["Step 6 of 12"]
    at.button(key="wt_back").click().run()
    assert shown(at.subheader) == ["Step 5 of 12"]


def test_without_a_learner_answers_are_checked_but_not_saved(env: Path) -> None:
    at = open_step("ui-third-street", 5, learner=None)
    player("Cy")(at, "wt_ui-third-street_5_0")
    at.button(key="wt_check").click().run()
    assert shown(at.success) == ["Right: Cy acts next."]
    assert "Type your name in the sidebar to have your answers saved." in shown(
        at.caption
    )
    store = ProgressStore(config.database_url())
    assert store.learners() == []


def test_a_scenario_that_breaks_under_another_preset_says_so(
    env: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = DATA / "presets"
    monkeypatch.setenv("TUTOR_SCENARIOS_DIR", str(folder))
    at = open_step("ui-four-raises", 1)
    assert at.error.len == 0
    at.sidebar.selectbox(key="preset_setting").set_value("online").run()
    assert not at.exception
    # The hand is played up to the step the online rules refuse, then says why in plain
    # words (1-based, no server path).
    assert shown(at.subheader) == ["This step cannot be played under these house rules"]
    assert shown(at.error) == [
        (
            "Under the online house rules the hand cannot go on: step 1, action 5: "
            "'Ana raises' is not allowed: the betting is capped: one bet and 3 raises have "
            "been made under online (cap.raises). Ana may: fold; call 12. Choose 'As each "
            "scenario says' under House rules in the sidebar to play it as written."
        )
    ]
    assert "/" not in "".join(shown(at.error)).replace("8/", "")
    at.sidebar.selectbox(key="preset_setting").set_value("tda").run()
    raises(0)(at, "wt_ui-four-raises_1_0")
    at.button(key="wt_check").click().run()
    assert shown(at.success) == ["Right: 0 raises left."]
    assert (
        "Rules: [`cap.raises`](rules?rule=cap.raises) · decided under the **tda** house rules"
        in shown(at.caption)
    )


def test_check_shows_the_buttons_for_the_verdict_in_the_same_run(env: Path) -> None:
    at = open_step("ui-third-street", 5)
    assert [at.button(key=k).disabled for k in ("wt_check", "wt_retry")] == [
        False,
        True,
    ]
    player("Cy")(at, "wt_ui-third-street_5_0")
    at.button(key="wt_check").click().run()
    assert shown(at.success) == ["Right: Cy acts next."]
    assert [
        at.button(key=k).disabled for k in ("wt_check", "wt_hint_button", "wt_retry")
    ] == [True, True, False]
    at.button(key="wt_retry").click().run()
    assert at.success.len == 0
    assert [
        at.button(key=k).disabled for k in ("wt_check", "wt_hint_button", "wt_retry")
    ] == [False, False, True]
    assert at.radio(key="wt_ui-third-street_5_1_player").value is None


def test_a_check_is_acted_on_once(env: Path) -> None:
    at = open_step("ui-third-street", 5)
    at.button(key="wt_check").click().run()
    assert shown(at.warning) == ["Choose a player first."]
    player("Cy")(at, "wt_ui-third-street_5_0")
    at.run()  # choosing a player reruns the panel: no check without a click
    assert at.warning.len == 0 and at.success.len == 0
    assert saved() == []
    at.button(key="wt_check").click().run()
    at.run()
    assert shown(at.success) == ["Right: Cy acts next."]
    assert saved() == [("ui-third-street", 5, "next-to-act", True)]
