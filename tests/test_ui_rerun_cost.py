"""Issue 23 item 5: what a rerun no longer works out again (the course order, the page
list, the bank folders), and that the answers stay the same."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from appkit import point_app_at

from tutor.ui import bank, instructor_nav
from tutor.ui.data import lessons

DATA = Path(__file__).resolve().parent / "data" / "browser"


@pytest.fixture
def env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    point_app_at(monkeypatch, tmp_path, DATA)
    return tmp_path


def test_the_course_order_is_the_same_and_worked_out_once(
    env: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    view = bank.scenario_bank()
    assert len(view.scenarios) >= 2
    asked = bank.asked_by_scenario()
    expected = sorted(
        view.scenarios, key=lambda s: bank.course_key(s, lessons(), asked)
    )
    assert bank.in_course_order(reversed(view.scenarios)) == expected

    def no_more(*_args: object) -> tuple[int, int, int, str]:
        raise AssertionError("course_key worked out again for a bank scenario")

    monkeypatch.setattr(bank, "course_key", no_more)
    assert bank.in_course_order(view.scenarios[::-1]) == expected


def test_a_scenario_outside_the_bank_is_placed_as_it_comes(env: Path) -> None:
    view = bank.scenario_bank()
    first = bank.in_course_order(view.scenarios)[0]
    draft = dataclasses.replace(first, title="zzz " + first.title, level=99)
    order = bank.in_course_order([draft, *view.scenarios])
    asked = bank.asked_by_scenario()
    assert order.index(draft) == sorted(
        [draft, *view.scenarios], key=lambda s: bank.course_key(s, lessons(), asked)
    ).index(draft)
    assert order[0] is not draft


def test_the_bank_folders_follow_the_environment(
    env: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    assert bank.bank_folders()[0] == str(DATA / "scenarios")
    other = tmp_path / "other"
    other.mkdir()
    monkeypatch.setenv("TUTOR_SCENARIOS_DIR", str(other))
    assert bank.bank_folders()[0] == str(other)


def test_the_page_list_is_built_once_and_each_run_gets_its_own_pages(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    first = instructor_nav.app_pages("en", "visible")
    hidden = instructor_nav.app_pages("en", "hidden")
    learners_only = instructor_nav.app_pages("en", "none")
    made: list[object] = []
    monkeypatch.setattr(instructor_nav.st, "Page", lambda *a, **k: made.append(a))
    again = instructor_nav.app_pages("en", "visible")
    assert made == []  # nothing made again
    # Copies: a page's "may be called" mark is per run, and sessions run at once.
    assert len(first) == len(again) and not set(map(id, first)) & set(map(id, again))
    assert [vars(p) for p in first] == [vars(p) for p in again]
    assert len(learners_only) == len(first) - 2
    # local mode before the password: the pages are there (their addresses open the
    # password box) but not in the menu
    assert len(hidden) == len(first)
    assert [p.visibility for p in hidden].count("hidden") == 2
    assert [p.visibility for p in first].count("hidden") == 0
