"""The bundled scenario bank: it validates and replays, and it covers the course."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from tutor.course import TOPICS
from tutor.engine import ASK_KINDS, PRESETS
from tutor.scenarios import load_bank
from tutor.scenarios.bank import Bank
from tutor.scenarios.model import Scenario
from tutor.scenarios.texts import LOCALE

BANK_DIR = Path(__file__).resolve().parent.parent / "scenarios"
FIRST_LINE = "# yaml-language-server: $schema=../schema.json"

#: The asks a whole hand stops at, in the order they first come.
WHOLE_HAND_ORDER = (
    "ante",
    "bring-in",
    "legal-actions",
    "bet-sizes",
    "showdown-order",
    "award",
)
WHOLE_HANDS = {
    "hand-four-way-hi-lo",
    "hand-open-pair-roberts",
    "hand-eight-players-community",
    "hand-seven-to-the-river-wsop",
    "hand-tie-on-fourth-tda",
    "hand-short-stack-low",
    "hand-quartered-low",
    "hand-heads-up-roberts",
    "hand-no-ante-table",
    "hand-rake-rounded-down",
    "hand-bring-in-all-in-tda",
    "hand-wsop-stud-fifteen-thirty",
}
#: The rulings that trip people up, each pinned by at least one scenario.
RULINGS = {
    "bring-in-two-deuces": "suit order for the bring-in",
    "bring-in-ace-door": "an ace door card is high for the bring-in (stud)",
    "bring-in-ace-high-in-hi-lo": "an ace door card is high for the bring-in (stud8)",
    "first-to-act-tie-by-position": "tied board on fourth street, by position",
    "first-to-act-tie-by-suit": "tied board on fourth street, by suit under tda",
    "deal-button-decides-ties": "a moving button decides a tie",
    "open-pair-stud-roberts": "open pair in stud, roberts: either limit",
    "open-pair-stud8-roberts": "open pair in stud8, roberts: small only",
    "open-pair-stud8-online": "open pair in stud8, online: either limit",
    "open-pair-tda-stud": "open pair in stud, tda: small only",
    "open-pair-stud8-wsop": "open pair in stud8, wsop-cash: small only",
    "open-pair-someone-checks": "open pair in stud, wsop-cash: any player may bet big",
    "cap-heads-up-roberts": "roberts: unlimited once heads-up",
    "cap-heads-up-wsop-began": "wsop-cash: unlimited when the round began heads-up",
    "cap-heads-up-wsop-became": "wsop-cash: capped when it became heads-up",
    "cap-heads-up-online": "online: capped heads-up",
    "cap-heads-up-tda": "tda: capped heads-up",
    "community-eight-players-online": "eight to the river, no burns: community card",
    "community-seven-players-online": "seven to the river: individual cards",
    "community-one-folded-online": "8 dealt, 7 left, no burns: individual cards",
    "community-one-folded-wsop": "8 dealt, 7 left, wsop count: community card",
    "community-one-folded-roberts": "8 dealt, 7 left, recycled burns: individual cards",
    "community-burn-override": "house burn_cards override: community card",
    "community-opener-tda": "the sixth-street opener keeps the lead under tda",
    "low-pairs-make-no-low": "A A 2 2 3 8 K makes no low",
    "low-uses-other-cards": "a low from different cards than the high",
    "split-quartered-worked": "a quartered low (rules.md worked check)",
    "split-two-lows-quartered": "two tied lows take a quarter each",
    "split-quarter-chips": "odd chips counted in stakes.chip",
    "split-sixty-one": "an odd chip between the halves goes high",
    "split-odd-chip-roberts": "odd chip between tied highs, all seven cards",
    "split-odd-chip-wsop": "odd chip between tied highs, five cards played",
    "side-pot-short-stack-low": "a side pot where only the short stack has a low",
    "bring-in-all-in-for-ante": "the bring-in all in for the ante",
    "bring-in-short-of-the-bring-in": "the bring-in all in for part of the bring-in",
    "ante-table-without-antes": "a table without antes",
    "split-rake-capped": "the rake, capped",
    "hand-rake-rounded-down": "the rake, rounded down to the chip",
    "cap-stays-capped-roberts": "a capped round stays capped after a fold",
    "cap-all-in-player-does-not-count": "heads-up counts players not all in",
    "open-pair-small-raise-keeps-option": "small raises keep the big raise",
    "split-odd-chip-position": "odd chip by position from the button's left",
    "split-odd-chip-tied-lows-roberts": "odd chip between tied lows, low card by suit",
    "split-odd-chip-tied-lows-wsop": "odd chip between tied lows, high card of five",
    "split-three-way-odd-chips-roberts": "two odd chips, at most one each",
    "split-three-way-odd-chips-tda": "two odd chips, five cards played",
    "ante-no-rake-on-third": "no rake when the hand ends on third street",
    "community-folded-on-fourth-online": "a fold on fourth leaves one card short",
    "side-pot-rake-in-proportion": "the rake comes from every pot in proportion (pot.rake)",
}


@pytest.fixture(scope="module")
def bank() -> Bank:
    return load_bank([BANK_DIR])


def asks(scenario: Scenario) -> list[str]:
    return [step.ask.kind for step in scenario.steps if step.ask is not None]


def is_whole_hand(scenario: Scenario) -> bool:
    """Ante to award, every seat with all its cards, stopping at each step."""
    kinds = asks(scenario)
    if (
        scenario.start is not None
        or not kinds
        or kinds[0] != "ante"
        or kinds[-1] != "award"
    ):
        return False
    full = 6 if scenario.community is not None else 7
    if any(len(seat.cards) != full or None in seat.cards for seat in scenario.seats):
        return False
    if not set(WHOLE_HAND_ORDER) | {"raises-left"} <= set(kinds):
        return False
    if not {"best-low", "best-high"} & set(kinds):
        return False
    if len(scenario.seats) >= 7 and "community-card" not in kinds:
        return False
    firsts = [kinds.index(kind) for kind in WHOLE_HAND_ORDER]
    return firsts == sorted(firsts)


def test_the_whole_bank_validates_and_every_expect_agrees(bank: Bank) -> None:
    assert [str(problem) for problem in bank.problems] == []
    assert bank.failed == []
    assert len(bank.scenarios) == len(bank.files) >= 60


def test_every_file_starts_with_the_schema_line(bank: Bank) -> None:
    wrong = [
        name
        for name in bank.files
        if Path(name).read_text().split("\n", 1)[0] != FIRST_LINE
    ]
    assert wrong == []


def test_each_file_sits_in_its_topic_folder_named_by_its_id(bank: Bank) -> None:
    misplaced = [
        s.path
        for s in bank.scenarios
        if Path(s.path).parent.name != s.topic or Path(s.path).stem != s.id
    ]
    assert misplaced == []
    # every folder is a topic, but the translations' (tutor.scenarios.texts.LOCALE)
    folders = sorted(
        p.name for p in BANK_DIR.iterdir() if p.is_dir() and p.name != LOCALE
    )
    assert folders == sorted(TOPICS)
    assert (BANK_DIR / LOCALE / "bank.pot").is_file()


def test_every_topic_has_at_least_three_scenarios(bank: Bank) -> None:
    counts = Counter(s.topic for s in bank.scenarios)
    assert set(counts) == set(TOPICS)
    assert {topic: n for topic, n in counts.items() if n < 3} == {}


def test_every_game_is_covered_fifteen_in_stud_twelve_in_razz(bank: Bank) -> None:
    counts = Counter(s.game for s in bank.scenarios)
    assert set(counts) == {"stud8", "stud", "razz"}
    assert counts["stud"] >= 15
    assert counts["razz"] >= 12
    razz_topics = {s.topic for s in bank.scenarios if s.game == "razz"}
    assert len(razz_topics) >= 5, razz_topics


def test_every_preset_has_at_least_six_scenarios(bank: Bank) -> None:
    counts = Counter(s.rules for s in bank.scenarios)
    assert set(counts) == set(PRESETS)
    assert {preset: n for preset, n in counts.items() if n < 6} == {}


def test_every_level_from_one_to_five_is_used(bank: Bank) -> None:
    assert {s.level for s in bank.scenarios} == {1, 2, 3, 4, 5}


def test_every_ask_kind_is_asked_at_least_three_times(bank: Bank) -> None:
    counts = Counter(kind for s in bank.scenarios for kind in asks(s))
    assert set(counts) == set(ASK_KINDS)
    assert {kind: n for kind, n in counts.items() if n < 3} == {}


def test_every_ask_has_a_prompt_and_an_expect(bank: Bank) -> None:
    missing = [
        f"{s.id} steps[{step.index}]"
        for s in bank.scenarios
        for step in s.steps
        if step.ask is not None
        and (not step.ask.prompt_given or step.ask.expect is None)
    ]
    assert missing == []


def test_ten_whole_hands_run_from_the_ante_to_the_award(bank: Bank) -> None:
    whole = {s.id for s in bank.scenarios if is_whole_hand(s)}
    assert WHOLE_HANDS <= whole
    assert len(whole) >= 12


def test_whole_hands_cover_both_games_and_every_preset(bank: Bank) -> None:
    whole = [s for s in bank.scenarios if s.id in WHOLE_HANDS]
    assert {s.game for s in whole} == {"stud8", "stud"}
    assert {s.rules for s in whole} == set(PRESETS)
    assert {len(s.seats) for s in whole} >= {7, 8}


def test_scenarios_start_at_every_later_street(bank: Bank) -> None:
    starts = {s.start for s in bank.scenarios if s.start is not None}
    assert starts == {"fourth", "fifth", "sixth", "seventh", "showdown"}


def test_the_rulings_that_trip_people_up_each_have_a_scenario(bank: Bank) -> None:
    ids = {s.id for s in bank.scenarios}
    assert sorted(set(RULINGS) - ids) == []


def test_the_bank_uses_house_overrides_odd_chips_rake_and_no_ante(bank: Bank) -> None:
    assert any(s.house.get("burn_cards") is True for s in bank.scenarios)
    assert any(s.stakes.chip is not None and s.stakes.chip < 1 for s in bank.scenarios)
    assert any(s.stakes.rake_percent is not None for s in bank.scenarios)
    assert any(s.stakes.ante == 0 for s in bank.scenarios)
