"""The Dealer drills page in AppTest: start, answer by click, feedback, timing, summary, link."""

from __future__ import annotations

import json
import statistics
from collections.abc import Iterator
from pathlib import Path

import pytest
from appkit import point_app_at, sign_in
from streamlit.testing.v1 import AppTest

import tutor.ui.drills as drills_ui
from tutor import config
from tutor.drills import TARGETS, generate
from tutor.drills.session import Plan
from tutor.engine.rules import GAME_TITLES
from tutor.progress import ProgressStore
from tutor.quiz import format_amount
from tutor.quiz_ruling import SKIPPED_OPTIONS, label, outcome_choices
from tutor.scenarios import walk

APP = Path(__file__).resolve().parent.parent / "tutor" / "ui" / "streamlit_app.py"
DATA = Path(__file__).resolve().parent / "data" / "ui"
CLICK_TARGETS = ["bring-in-suit", "first-to-act-board", "community-card", "raises-left"]


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeClock]:
    point_app_at(monkeypatch, tmp_path, DATA)
    fake = FakeClock()
    monkeypatch.setattr(drills_ui, "clock", fake)
    yield fake


def drills(learner: str | None = None, params: dict[str, str] | None = None) -> AppTest:
    at = AppTest.from_file(str(APP), default_timeout=30)
    if learner is not None:
        ProgressStore(config.database_url()).create_learner(learner)
        sign_in(at, learner)
    for key, value in (params or {}).items():
        at.query_params[key] = value
    at.run()
    at.switch_page("app_pages/drills.py").run()
    assert not at.exception
    return at


def start(at: AppTest, plan: Plan) -> None:
    # the sidebar's house rules and game (one place for each); the preset first: the
    # targets offered depend on it
    at.selectbox(key="preset_setting").set_value(plan.preset).run()
    at.selectbox(key="game_filter").set_value(plan.game)
    at.multiselect(key="drill_targets_pick").set_value(list(plan.targets))
    at.radio(key="drill_length_pick").set_value(plan.length)
    at.number_input(key="drill_seed_pick").set_value(plan.seed)
    at.button(key="drill_start").click().run()
    assert not at.exception


def right_click(at: AppTest, plan: Plan, index: int) -> str:
    """Click the right answer of question ``index``; return the widget key clicked."""
    target, game, seed = plan.question(index)
    answer = generate(target, seed, preset=plan.preset, game=game).ruling.answer
    if "player" in answer:
        key = f"drill_q{index}_seat_{answer['player']}"
    elif "community" in answer:
        key = f"drill_q{index}_{'yes' if answer['community'] else 'no'}"
    else:
        left = answer["raises_left"]
        key = f"drill_q{index}_{'unlimited' if left is None else f'raises_{left}'}"
    at.button(key=key).click().run()
    assert not at.exception
    return key


def markdown(at: AppTest) -> list[str]:
    return [m.value for m in at.markdown]


PLAN = Plan("roberts", "stud8", tuple(CLICK_TARGETS), "5", 11)


def test_a_drill_answered_by_clicking_to_its_summary(clock: FakeClock) -> None:
    at = drills("Ana")
    assert any(
        c.value.startswith(
            "Online room: open-pair option in stud and stud8 (razz has none)"
        )
        for c in at.caption
    )
    start(at, PLAN)
    assert at.query_params["drill_seed"] in ("11", ["11"])
    assert at.subheader[0].value == "Question 1 of 5"
    assert "0 of 0 right · streak 0" in markdown(at)
    clock.now += 4.0
    right_click(at, PLAN, 0)
    assert at.success[0].value.endswith("(4.0 s)")
    assert at.success[0].value.startswith("Right: ")
    assert any(c.value.startswith("Rules: [`") for c in at.caption)
    assert "1 of 1 right · streak 1 · median 4.0 s per answer" in markdown(at)
    assert f"**This was:** {TARGETS[PLAN.question(0)[0]].title}" in markdown(at)
    for index in range(1, 5):
        at.button(key="drill_next").click().run()
        clock.now += 2.0
        right_click(at, PLAN, index)
    assert at.button(key="drill_next").label == "See the summary"
    at.button(key="drill_next").click().run()
    assert at.subheader[0].value == "Drill summary"
    assert "**5 of 5 right** under **roberts**, median 2.0 s per answer." in markdown(
        at
    )
    times: dict[str, list[float]] = {}
    for index in range(5):
        times.setdefault(PLAN.question(index)[0], []).append(4.0 if index == 0 else 2.0)
    expected = [
        f"- **{TARGETS[name].title}**: {len(times[name])} answered · 100% right · "
        f"median {statistics.median(times[name]):.1f}\u00a0s · fastest right "
        f"{min(times[name]):.1f}\u00a0s (personal best)"
        for name in TARGETS
        if name in times
    ]
    assert at.table == [] and at.dataframe == []  # a list wraps on a phone
    assert "**By target:**" in markdown(at)
    by_target = markdown(at)[markdown(at).index("**By target:**") + 1]
    assert by_target.split("\n") == expected
    assert "**Missed:** none." in markdown(at)
    store = ProgressStore(config.database_url())
    learner = store.find_learner("Ana")
    assert learner is not None
    records = store.answers(learner)
    assert [(r.target, r.seed, r.preset, r.correct) for r in records] == [
        (PLAN.question(i)[0], PLAN.question(i)[2], "roberts", True) for i in range(5)
    ]
    assert [r.seconds for r in records] == [4.0, 2.0, 2.0, 2.0, 2.0]
    assert all(r.rules for r in records)
    at.switch_page("app_pages/progress.py").run()
    assert not at.exception
    charts = [json.loads(c.proto.spec) for c in at.get("plotly_chart")]
    titles = [c["layout"]["title"]["text"] for c in charts]
    assert titles[-2:] == ["Drill speed per target", "Drill accuracy per target"]
    assert {t["name"] for t in charts[-1]["data"]} == {r.target for r in records}


def test_a_wrong_click_is_missed_and_explained(clock: FakeClock) -> None:
    plan = Plan("online", "stud8", ("community-card",), "5", 3)
    at = drills()
    start(at, plan)
    target, game, seed = plan.question(0)
    answer = generate(target, seed, preset="online", game=game).ruling.answer
    wrong = "no" if answer["community"] else "yes"
    at.button(key=f"drill_q0_{wrong}").click().run()
    assert at.error[0].value.startswith("Not right: you answered ")
    assert any(m.startswith("**Why:** ") for m in markdown(at))
    at.button(key="drill_end").click().run()
    assert at.subheader[0].value == "Drill summary"
    assert "**Missed:**" in markdown(at)
    assert (
        "- **A community card under this preset**: 1 answered · 0% right · "
        "median 0.0\u00a0s · none right"
    ) in markdown(at)
    assert not any("tutor generate" in m for m in markdown(at))
    # the miss reopens its hand: the same question again, answered, then back
    at.button(key="drill_retry_0").click().run()
    assert not at.exception
    assert at.subheader[0].value == "Again: question 1"
    right = "yes" if answer["community"] else "no"
    at.button(key=f"drill_r0_{right}").click().run()
    assert at.success[0].value.startswith("Right: ")
    assert "**This was:** A community card under this preset" in markdown(at)
    at.button(key="drill_back").click().run()
    assert at.subheader[0].value == "Drill summary"
    store_answers = ProgressStore(config.database_url())
    assert store_answers is not None  # the retry is not saved: no learner, no record


def test_two_minutes_end_the_drill(clock: FakeClock) -> None:
    plan = Plan("tda", "stud", ("raises-left",), "2min", 5)
    at = drills()
    start(at, plan)
    assert "2:00 left" in " ".join(markdown(at))
    clock.now += 30
    right_click(at, plan, 0)
    at.button(key="drill_next").click().run()
    assert "1:30 left" in " ".join(markdown(at))
    clock.now += 91
    at.run()
    assert at.subheader[0].value == "Drill summary"
    assert "**1 of 1 right** under **tda**, median 30.0 s per answer." in markdown(at)


def test_a_shared_link_fills_in_the_drill(clock: FakeClock) -> None:
    at = drills(params=PLAN.to_params())
    assert at.info[0].value == (
        "A shared drill: its settings are filled in below. Press Start to run it."
    )
    # the house rules and the game are the sidebar's: one place for each setting
    assert at.selectbox(key="preset_setting").value == "roberts"
    assert at.selectbox(key="game_filter").value == "stud8"
    assert [s.key for s in at.selectbox] == ["game_filter", "preset_setting"]
    assert at.multiselect(key="drill_targets_pick").value == CLICK_TARGETS
    assert at.number_input(key="drill_seed_pick").value == 11
    assert (
        "Drilling **Seven Card Stud Hi/Lo (eight or better)** under the **roberts** "
        "house rules (change either in the sidebar)."
    ) in markdown(at)
    assert GAME_TITLES["stud8"] == "Seven Card Stud Hi/Lo (eight or better)"
    at.button(key="drill_start").click().run()
    # a neutral heading: the target's title would give the answer away
    assert at.subheader[0].value == "Question 1 of 5"
    assert not any(TARGETS[t].title in m for t in CLICK_TARGETS for m in markdown(at))


def test_a_bad_link_is_explained(clock: FakeClock) -> None:
    at = drills(
        params={
            "preset": "tda",
            "drill_seed": "x1",
            "drill_length": "5",
            "drill_targets": "capped,nope",
        }
    )
    assert at.warning[0].value == (
        "Part of the drill link cannot be used: the link's drill target 'nope' is "
        "unknown: it was left out. the link's drill seed 'x1' is not a whole number. "
        "The rest of it is filled in below."
    )
    # its valid fields are kept
    assert at.selectbox(key="preset_setting").value == "tda"
    assert at.multiselect(key="drill_targets_pick").value == ["capped"]
    assert at.radio(key="drill_length_pick").value == "5"


def test_who_acts_questions_hide_the_to_act_mark() -> None:
    drill = generate("first-to-act-board", 4, preset="online")
    result = walk(drill.scenario)[-1]
    assert result.hand.view().to_act == drill.ruling.answer["player"]
    hidden = drills_ui.table_view(result)
    assert hidden.to_act is None
    assert not any(seat.to_act for seat in hidden.seats)
    legal = walk(generate("capped", 4, preset="online").scenario)[-1]
    assert drills_ui.table_view(legal).to_act is not None
    # a ruling asks who acts next: no mark either
    ruling = walk(generate("irr-string-raise", 4, preset="tda").scenario)[-1]
    assert ruling.hand.view().to_act is not None
    assert drills_ui.table_view(ruling).to_act is None


IRR_PLAN = Plan(
    "tda", "stud", ("irr-string-raise", "irr-out-of-turn", "irr-premature"), "5", 5
)


def pick(at: AppTest, group: str, shown: str) -> None:
    """Click the option of the choice ``group`` whose button reads ``shown``."""
    [button] = [
        b
        for b in at.button
        if b.key.startswith(f"{group}_opt_") and b.label.removeprefix("✓ ") == shown
    ]
    button.click().run()
    assert not at.exception


def answer_ruling(
    at: AppTest, key: str, answer: dict[str, object], right: bool = True
) -> None:
    """Answer a ruling question with its buttons (the right ruling, or a wrong one)."""
    outcome = str(answer["outcome"])
    if answer["rule"] == "irr.out-of-turn":
        stands = outcome in ("binding", "skipped-keeps-options", "skipped-call-or-fold")
        pick(at, f"{key}_binding", "Yes" if stands == right else "No")
        if stands and right and outcome.startswith("skipped"):
            pick(at, f"{key}_skipped", SKIPPED_OPTIONS[outcome])
        return
    choice = (
        outcome
        if right
        else next(
            o for o in outcome_choices(answer) if o != outcome and o not in ("misdeal",)
        )
    )
    pick(at, f"{key}_outcome", label(choice))
    if answer["next_player"] is not None:
        [button] = [
            b
            for b in at.button
            if b.key.startswith(f"{key}_next_opt_")
            and b.label.startswith(f"{answer['next_player']} (seat ")
        ]
        button.click().run()


def choice_groups(at: AppTest, key: str) -> set[str]:
    """The choices the question puts (each a group of option buttons)."""
    return {
        b.key.rsplit("_opt_", 1)[0]
        for b in at.button
        if b.key.startswith(key) and "_opt_" in b.key
    }


def test_irregularity_targets_are_answered_with_the_ruling_control(
    clock: FakeClock,
) -> None:
    at = drills()
    start(at, IRR_PLAN)
    for index in range(3):
        target, game, seed = IRR_PLAN.question(index)
        answer = generate(target, seed, preset="tda", game=game).ruling.answer
        key = f"drill_q{index}"
        answer_ruling(at, key, answer)
        # at most two inputs plus Submit, each answered by click or key
        assert 1 <= len(choice_groups(at, key)) <= 2, choice_groups(at, key)
        assert not [w for w in (*at.radio, *at.multiselect) if w.key.startswith(key)]
        clock.now += 3.0
        at.button(key=f"{key}_submit").click().run()
        assert not at.exception
        assert at.success[0].value.startswith("Right: "), target
        assert any("irr." in c.value for c in at.caption)
        assert not any("older or secondary" in m for m in markdown(at))
        assert not any("player(s)" in m for m in markdown(at))
        at.button(key="drill_next").click().run()
    target, game, seed = IRR_PLAN.question(3)
    answer = generate(target, seed, preset="tda", game=game).ruling.answer
    answer_ruling(at, "drill_q3", answer, right=False)
    at.button(key="drill_q3_submit").click().run()
    assert not at.exception
    assert at.error[0].value.startswith("Not right: you answered "), target


def test_a_misdeal_chosen_asks_nobody_who_acts_next(clock: FakeClock) -> None:
    plan = Plan("roberts", "stud", ("irr-exposed-hole",), "5", 1)
    at = drills()
    start(at, plan)
    pick(at, "drill_q0_outcome", label("misdeal"))
    assert choice_groups(at, "drill_q0") == {"drill_q0_outcome"}
    pick(at, "drill_q0_outcome", label("third-card-down"))
    assert choice_groups(at, "drill_q0") == {"drill_q0_outcome", "drill_q0_next"}


def test_a_ruling_is_answered_from_the_keyboard_with_its_keys_on_the_buttons(
    clock: FakeClock,
) -> None:
    plan = Plan("roberts", "stud", ("irr-exposed-hole",), "5", 1)
    at = drills()
    start(at, plan)
    outcomes = [b for b in at.button if b.key.startswith("drill_q0_outcome_opt_")]
    assert [b.proto.shortcut for b in outcomes] == [
        str(n + 1) for n in range(len(outcomes))
    ]
    pick(at, "drill_q0_outcome", label("third-card-down"))
    after = sorted(
        (b for b in at.button if b.key.startswith("drill_q0_next_opt_")),
        key=lambda b: int(b.key.rsplit("_", 1)[1]),
    )
    assert [b.proto.shortcut for b in after] == list("asdfghjkl"[: len(after)])
    assert at.button(key="drill_q0_submit").proto.shortcut == "enter"


def test_irregularity_targets_are_not_drilled_online(clock: FakeClock) -> None:
    irregularities = [n for n, t in TARGETS.items() if t.topic == "irregularities"]
    assert len(irregularities) == 4
    at = drills()
    at.selectbox(key="preset_setting").set_value("roberts").run()
    assert at.multiselect(key="drill_targets_pick").options == [
        TARGETS[n].title for n in TARGETS
    ]
    assert not any(c.value.startswith("Irregularity targets") for c in at.caption)
    at.multiselect(key="drill_targets_pick").set_value(
        ["irr-premature", "raises-left"]
    ).run()
    at.selectbox(key="preset_setting").set_value("online").run()
    assert not at.exception
    assert at.multiselect(key="drill_targets_pick").options == [
        TARGETS[n].title for n in TARGETS if n not in irregularities
    ]
    assert at.multiselect(key="drill_targets_pick").value == ["raises-left"]
    assert (
        "Irregularity targets are not offered under online: the software deals and "
        "enforces every turn and amount, so those irregularities cannot happen there "
        "([`irr.online`](rules?rule=irr.online))."
    ) in [c.value for c in at.caption]


def test_a_link_to_irregularities_online_is_refused(clock: FakeClock) -> None:
    at = drills(
        params={
            "preset": "online",
            "game": "stud",
            "drill_targets": "irr-premature",
            "drill_length": "5",
            "drill_seed": "3",
        }
    )
    assert [w.value for w in at.warning] == [
        "Part of the drill link cannot be used: the link's drill target 'A card dealt "
        "before the betting is over' is not drilled under online: it was left out. "
        "The rest of it is filled in below."
    ]


def test_hidden_targets_line_names_its_reason() -> None:
    assert drills_ui.hidden_targets_line("tda") == (
        "Some targets are not offered under tda: its rules do not decide them."
    )


def test_a_bring_in_question_picks_no_amount_for_the_learner(clock: FakeClock) -> None:
    plan = Plan("roberts", "stud", ("bring-in-short",), "5", 2)
    at = drills()
    start(at, plan)
    target, game, seed = plan.question(0)
    answer = generate(target, seed, preset="roberts", game=game).ruling.answer
    amounts = sorted(
        (b for b in at.button if b.key.startswith("drill_q0_amount_opt_")),
        key=lambda b: int(b.key.rsplit("_", 1)[1]),
    )
    assert amounts and not any(b.label.startswith("✓") for b in amounts)  # none chosen
    assert [b.proto.shortcut.upper() for b in amounts] == list(
        "ASDFGHJKL"[: len(amounts)]
    )
    at.button(key=f"drill_q0_seat_{answer['player']}").click().run()
    assert not at.exception
    assert [w.value for w in at.warning] == ["Pick the amount first, then the player."]
    assert at.success == [] and at.error == []  # not submitted, not counted
    right = next(b for b in amounts if b.label == format_amount(answer["amount"]))
    at.button(key=right.key).click().run()
    assert at.button(key=right.key).label.startswith("✓ ")
    at.button(key=f"drill_q0_seat_{answer['player']}").click().run()
    assert at.success[0].value.startswith("Right: "), [e.value for e in at.error]


def test_the_drills_page_has_one_name_box_and_no_settings_of_its_own(
    clock: FakeClock,
) -> None:
    at = drills()
    names = [t for t in at.text_input if t.label == "Your name"]
    assert [t.key for t in names] == ["sidebar_name"]
    assert [s.key for s in at.selectbox] == ["game_filter", "preset_setting"]


def test_a_first_drill_without_a_name_shows_its_personal_bests(
    clock: FakeClock,
) -> None:
    plan = Plan("tda", "stud", ("raises-left",), "5", 5)
    at = drills()
    start(at, plan)
    clock.now += 3.0
    right_click(at, plan, 0)
    at.button(key="drill_end").click().run()
    assert (
        "- **Raises left in a multiway round**: 1 answered · 100% right · median 3.0\u00a0s · "
        "fastest right 3.0\u00a0s (personal best)"
    ) in markdown(at)
    at.button(key="drill_again").click().run()
    clock.now += 5.0
    right_click(at, plan, 0)
    at.button(key="drill_end").click().run()
    # slower than this session's first drill: no new best
    assert (
        "- **Raises left in a multiway round**: 1 answered · 100% right · median 5.0\u00a0s · "
        "fastest right 5.0\u00a0s"
    ) in markdown(at)


def test_keys_answer_every_click_question(clock: FakeClock) -> None:
    at = drills()
    start(at, PLAN)
    buttons = {b.key: b for b in at.button}
    seats = [k for k in buttons if k.startswith("drill_q0_")]
    assert seats
    shortcuts = {k: buttons[k].proto.shortcut for k in seats}
    assert all(shortcuts.values()), shortcuts
    assert any(
        c.value.startswith("Keys: seat numbers pick a player") for c in at.caption
    )
    right_click(at, PLAN, 0)
    assert at.button(key="drill_next").proto.shortcut.upper() == "N"


def test_a_house_practice_ruling_is_not_counted_against_mastery(
    clock: FakeClock,
) -> None:
    plan = Plan("wsop-cash", "stud", ("irr-out-of-turn",), "5", 4)
    target, game, seed = plan.question(0)
    answer = generate(target, seed, preset="wsop-cash", game=game).ruling.answer
    assert answer["basis"] == "J"
    at = drills("Ana")
    start(at, plan)
    answer_ruling(at, "drill_q0", answer, right=False)
    at.button(key="drill_q0_submit").click().run()
    assert at.error[0].value.startswith("Not right: ")
    assert [i.value for i in at.info] == [
        "The rulebook is silent here: this is the house's practice, so a different "
        "answer is not counted against your mastery."
    ]
    store = ProgressStore(config.database_url())
    learner = store.find_learner("Ana")
    assert learner is not None
    assert store.answers(learner) == []


def test_the_pot_drill_shows_chip_stacks_and_checks_each_side_pot(
    clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TUTOR_CHIP_COLOURS", "0.5=pink,1=white,5=red,25=green")
    plan = Plan("tda", "stud", ("side-pot-speed",), "5", 3)
    target, game, seed = plan.question(0)
    drill = generate(target, seed, preset="tda", game=game)
    answer = drill.ruling.answer
    assert len(answer["pots"]) >= 2
    at = drills()
    start(at, plan)
    page = " ".join(h.proto.body for h in at.get("html"))
    assert 'class="chips-legend"' in page and "background:green" in page
    assert "chips in front" in page
    assert not any("Pot " in m for m in markdown(at))  # the pot is not said for you
    # each side pot's players toggled by a click or a key shown on the button
    first = [b for b in at.button if b.key.startswith("drill_q0_side_1_opt_")]
    assert sorted(b.proto.shortcut for b in first) == [
        str(n + 1) for n in range(len(first))
    ]
    for n, names in enumerate(answer["eligible"][1:], start=1):
        for name in names:
            pick(at, f"drill_q0_side_{n}", name)
    at.text_input(key="drill_q0_pots").input(
        ", ".join(format_amount(x) for x in answer["pots"])
    )
    clock.now += 6.0
    at.button(key="drill_q0_submit").click().run()
    assert not at.exception
    assert at.success[0].value.startswith("Right: the main pot "), at.error
    assert any(
        m.startswith("**Why:** Each pot holds what every player put in")
        for m in markdown(at)
    )
