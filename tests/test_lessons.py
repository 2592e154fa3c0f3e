"""Tests for the lessons in lessons/ and their loader, tutor/lessons.py."""

from __future__ import annotations

import dataclasses
import re
from collections import Counter
from decimal import Decimal as D
from pathlib import Path

import pytest
from pokerkit import EightOrBetterLowHand, StandardHighHand

from tutor.course import TOPIC_EXTENSIONS
from tutor.engine import (
    Game,
    Hand,
    HandSetup,
    SeatSetup,
    Stakes,
    Start,
    Street,
    house_rules,
    parse_cards,
)
from tutor.engine.cards import Card
from tutor.engine.errors import TutorError
from tutor.lessons import (
    RULE_IDS,
    TOPICS,
    Lesson,
    cited_rules,
    lesson_for_topic,
    load_lessons,
    parse_lesson,
)

LESSONS_DIR = Path(__file__).resolve().parent.parent / "lessons"
#: The shared documents, as copied into the tests (each names its source at its top).
SHARED = Path(__file__).resolve().parent / "data" / "shared"

EXPECTED = [
    ("01-table-and-deal.md", "table-and-deal", ("deal",)),
    ("02-antes-and-buy-in.md", "antes-and-buy-in", ("ante", "buy-in")),
    ("03-bring-in.md", "bring-in", ("bring-in",)),
    ("04-completing-and-bet-sizes.md", "completing-and-bet-sizes", ("betting-limits",)),
    ("05-open-pair.md", "open-pair", ("pair-on-fourth",)),
    ("06-who-acts-first.md", "who-acts-first", ("first-to-act",)),
    ("07-raise-cap.md", "raise-cap", ("raise-cap",)),
    ("08-community-river.md", "community-river", ("community-river",)),
    ("09-showdown-and-low.md", "showdown-and-low", ("showdown", "low-qualification")),
    ("10-splitting-the-pot.md", "splitting-the-pot", ("split-pot",)),
    ("11-side-pots.md", "side-pots", ("side-pots",)),
    (
        "12-when-something-goes-wrong.md",
        "when-something-goes-wrong",
        ("irregularities",),
    ),
    ("13-razz.md", "razz", ()),
]

PRESET_NAMES = ("online", "roberts", "wsop-cash", "tda")
TABLE = re.compile(r"^\|.*\|\n\|(?: *:?-+:? *\|)+$", re.M)
#: A card in a lesson: the table's symbols (Q♣, 10♥) or the short form (Qc, Th).
CARD = re.compile(r"(?<![A-Za-z0-9])(?:10|[2-9TJQKA])[cdhs♣♦♥♠](?![A-Za-z0-9])")

GOOD_FRONT = """---
id: demo
title: Demo
order: 1
topics: [deal]
rules: [deal.order]
summary: A demo lesson.
---
"""
GOOD_BODY = """
# Demo

Cards go clockwise (`deal.order`).

| seat | card |
| --- | --- |
| 1 | 2c |

## Practice

Try it.
"""


@pytest.fixture(scope="module")
def lessons() -> list[Lesson]:
    return load_lessons(LESSONS_DIR)


def by_id(lessons: list[Lesson], lesson_id: str) -> Lesson:
    return next(lesson for lesson in lessons if lesson.id == lesson_id)


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


# --- the lesson files --------------------------------------------------------------


def test_all_thirteen_lessons_load_in_order(lessons: list[Lesson]) -> None:
    assert [(Path(x.path).name, x.id, x.topics) for x in lessons] == EXPECTED
    assert [x.order for x in lessons] == list(range(1, 14))


def test_lesson_fields(lessons: list[Lesson]) -> None:
    first = lessons[0]
    assert first.title == "The table, the deal and the order of play"
    assert first.rules[:4] == (
        "table.seats",
        "deal.order",
        "river.down",
        "river.community",
    )
    assert len(first.rules) == 14
    assert first.summary == (
        "Who can sit at a stud table, how the seven cards are dealt, and how a hand is "
        "played street by street, with the words for every action."
    )
    assert first.body.startswith("# The table, the deal and the order of play\n")
    assert (first.language, first.stale) == ("en", False)
    assert "---" not in first.body.split("\n")[0]
    with pytest.raises(dataclasses.FrozenInstanceError):
        first.order = 2  # type: ignore[misc]


def test_every_topic_belongs_to_exactly_one_lesson(lessons: list[Lesson]) -> None:
    counts = Counter(topic for lesson in lessons for topic in lesson.topics)
    assert sorted(counts) == sorted(TOPICS)
    assert set(counts.values()) == {1}
    assert len(TOPICS) == 14


@pytest.mark.parametrize(
    "path", [LESSONS_DIR / row[0] for row in EXPECTED], ids=[row[0] for row in EXPECTED]
)
def test_no_developer_words_in_the_prose(path: Path) -> None:
    """Issue 20 item 12: no rule ids inline (the page renders "Rules in this lesson" from
    the front matter), no settings' field names, no "Instructor page" (it is the Studio)."""
    body = path.read_text(encoding="utf-8").split("\n---\n", 1)[1]
    assert re.findall(r"`([^`\s]*\.[^`\s]*)`", body) == []
    assert [w for w in re.findall(r"`([a-z]+_[a-z_]+)`", body)] == []
    assert "Instructor" not in body and "stud8" not in body
    assert re.findall(r"\bpresets?\b", body) == []
    assert parse_lesson(path.read_text(encoding="utf-8"), path).cited_rules == ()


def test_lesson_one_names_the_studio() -> None:
    body = (LESSONS_DIR / EXPECTED[0][0]).read_text(encoding="utf-8")
    assert "the Studio where instructors write them" in body


def test_every_rule_id_is_taught_somewhere(lessons: list[Lesson]) -> None:
    taught = {rule for lesson in lessons for rule in lesson.rules}
    assert sorted(set(RULE_IDS) - taught) == []
    assert len(RULE_IDS) == 44


@pytest.mark.parametrize("name", [row[0] for row in EXPECTED])
def test_each_lesson_has_a_table_and_ends_with_practice(name: str) -> None:
    lesson = parse_lesson((LESSONS_DIR / name).read_text(encoding="utf-8"), name)
    assert TABLE.search(lesson.body), f"{name} has no Markdown table"
    head, practice = lesson.body.split("\n## Practice\n")
    sentence = practice.strip()
    assert "\n#" not in practice and sentence.endswith(".")
    assert sentence.count(". ") == 0 and "\n\n" not in sentence
    assert "scenarios:" not in lesson.body


@pytest.mark.parametrize("name", [row[0] for row in EXPECTED])
def test_body_length(name: str) -> None:
    """300 to 900 words; lesson 1, the map of a whole hand that the later lessons deepen
    (so that its scenarios ask nothing it has not taught), up to 1,300."""
    body = parse_lesson((LESSONS_DIR / name).read_text(encoding="utf-8"), name).body
    prose = re.sub(r"^\|[\s|:-]+\|$", "", body, flags=re.M)
    words = [w for w in prose.split() if re.search(r"[A-Za-z0-9]", w)]
    assert 300 <= len(words) <= (1300 if name == EXPECTED[0][0] else 900)


@pytest.mark.parametrize("name", [row[0] for row in EXPECTED])
def test_no_card_appears_twice_in_one_table(name: str) -> None:
    body = (LESSONS_DIR / name).read_text(encoding="utf-8")
    tables = re.findall(r"(?:^\|.*\|\n)+", body, flags=re.M)
    for table in tables:
        repeated = [c for c, n in Counter(CARD.findall(table)).items() if n > 1]
        assert repeated == [], table


@pytest.mark.parametrize(
    "lesson_id",
    [
        "open-pair",
        "who-acts-first",
        "raise-cap",
        "community-river",
        "splitting-the-pot",
    ],
)
def test_disputed_rules_have_a_preset_table(
    lessons: list[Lesson], lesson_id: str
) -> None:
    lines = by_id(lessons, lesson_id).body.split("\n")
    rows = [line for line in lines if line.startswith("| `")]
    named = {row.split("`")[1] for row in rows}
    assert set(PRESET_NAMES) <= named


@pytest.mark.parametrize(
    ("lesson_id", "fact"),
    [
        ("table-and-deal", "9 × 6 = 54"),
        ("table-and-deal", "5 × 3 = 15 cards, leaving 37"),
        ("table-and-deal", "the pot is 5 antes + 4 × 4 = 21"),
        ("antes-and-buy-in", "1.25 + 2 + 2 + 2 = 7.25"),
        ("antes-and-buy-in", "1.25 + 1 + 1 = 3.25"),
        ("antes-and-buy-in", "| $2/$4 | 2 | 20 |"),
        ("bring-in", "| A | 2 | 2♣ | brings in"),
        ("bring-in", "| B | 3 | Q♣ | brings in"),
        ("open-pair", "| Stud Hi/Lo, `roberts` | 5 only | 10 only |"),
        ("raise-cap", "| `roberts` | 3 | 15 + 3 × 15 = 60 |"),
        ("raise-cap", "| `wsop-cash` | 4 | 15 + 4 × 15 = 75 |"),
        ("community-river", "52 − 48 = 4, fewer than 8"),
        ("community-river", "52 − 45 = 7, enough for 7"),
        ("community-river", "4; 4 + 3 = 7, short of 7 + 2 = 9"),
        ("showdown-and-low", "a pot of\n25 gives 13 to high and 12 to low"),
        ("splitting-the-pot", "A pot of 61 splits high 31, low\n30"),
        ("splitting-the-pot", "60 + 30 = 90"),
        ("side-pots", "86 + 28 + 6 = 120"),
        (
            "when-something-goes-wrong",
            "| both hole cards of one player up | dead hand, ante back | misdeal | misdeal |",
        ),
        (
            "when-something-goes-wrong",
            "| `roberts` | a bet, call or raise | no raise | three act behind him |",
        ),
    ],
)
def test_worked_numbers(lessons: list[Lesson], lesson_id: str, fact: str) -> None:
    assert fact in by_id(lessons, lesson_id).body


def test_stub_counts_in_the_community_lesson() -> None:
    # 8 players to the river: 8 x 6 cards; 8 dealt with one fold on third: 3 + 7 x 6.
    assert 52 - 8 * 6 == 4 and 52 - 8 * 6 - 3 == 1
    assert 52 - (3 + 7 * 6) == 7 and 52 - (3 + 7 * 6) - 3 == 4


# --- the hands in the worked examples, checked with PokerKit ------------------------


def high(cards: str) -> StandardHighHand:
    return StandardHighHand.from_game(cards)


def low(cards: str) -> EightOrBetterLowHand | None:
    return EightOrBetterLowHand.from_game_or_none(cards)


def test_showdown_example_hands(lessons: list[Lesson]) -> None:
    ana, bo, cy = "Ah2c3d7s8hKdKs", "4c5d6h7c8dQsQh", "9s9c2s5sJs3s4h"
    body = by_id(lessons, "showdown-and-low").body
    for cards in (ana, bo, cy):  # written with the table's card symbols
        shown = (Card.parse(cards[i : i + 2]).symbol for i in range(0, 14, 2))
        assert " ".join(shown) in body
    assert high(cy) > high(bo) > high(ana)
    assert str(high(cy)).startswith("Flush") and str(high(bo)).startswith("Straight")
    assert low(ana) > low(bo)  # PokerKit: greater is the better low
    assert low(cy) is None
    assert low("Ah2cKc7s8hKdKs") is None and low(bo) is not None
    assert low("AcAd2h2s3c8dKh") is None


@pytest.mark.parametrize(
    ("better", "worse"),
    [
        ("8c5d4h3s2c", "8d6h4c2sAh"),
        ("8c7d6h5s3c", "8d7h6c5d4s"),
        ("7c6d5h4s3c", "8d5c4h3d2s"),
        ("5c4d3h2sAc", "7c6d4h3s2c"),
    ],
)
def test_low_comparison_table(better: str, worse: str) -> None:
    assert low(better) > low(worse)


def test_quartering_example_hands() -> None:
    s1, s2, s4 = "Ah2c3d4s7hKhKd", "QsQcJdTs6c5h8d", "Ad2h3c4c7cJh9d"
    assert high(s1) > high(s2) > high(s4)
    assert low(s1) == low(s4) and low(s2) is None
    pot = 3 * 40
    assert (pot // 2 + pot // 4, pot // 4) == (90, 30)


def test_odd_chip_example_hands() -> None:
    s2, s4, s6 = "9s8d7c6h5dKc2d", "9h8c7d6s5cKs3c", "Ah2h3d4d6cQdJc"
    assert high(s2) == high(s4) and high(s2) > high(s6)
    assert low(s6) > low(s2) and low(s6) > low(s4)
    high_half, low_half = 61 - 61 // 2, 61 // 2
    assert (high_half, low_half, high_half // 2, high_half % 2) == (31, 30, 15, 1)


def test_side_pot_example_hands() -> None:
    s1, s2, s3 = "Ac2d3h5c7dJcQh", "KcKdKs9h4sTh6d", "QsQdJhJs8s9c3c"
    assert high(s2) > high(s3) > high(s1)
    assert low(s1) is not None and low(s2) is None and low(s3) is None
    main, side, rake = 3 * 20, 2 * 30, min(120 * 10 // 100, 6)
    assert (main, side, rake) == (60, 60, 6)
    assert ((main - rake) // 2 + side, (main - rake) // 2) == (87, 27)


# --- lesson_for_topic -----------------------------------------------------------------


def test_lesson_for_topic(lessons: list[Lesson]) -> None:
    assert by_id(lessons, "bring-in") is lesson_for_topic(lessons, "bring-in")
    found = lesson_for_topic(lessons, "low-qualification")
    assert found is not None and found.id == "showdown-and-low"
    assert lesson_for_topic(lessons, "buy-in") is lessons[1]
    assert lesson_for_topic(lessons, "no-such-topic") is None
    assert lesson_for_topic([], "deal") is None


def test_cited_rules_keeps_first_use_order() -> None:
    assert cited_rules("`pot.rake`, `act.later` and `pot.rake`; `stakes` `x`") == (
        "pot.rake",
        "act.later",
    )


def test_ids_match_the_shared_documents() -> None:
    rules_md = (SHARED / "rules.md").read_text(encoding="utf-8")
    assert tuple(re.findall(r"^\| `([a-z.-]+)` \|", rules_md, flags=re.M)) == RULE_IDS
    spec = (SHARED / "spec" / "scenario-format.md").read_text(encoding="utf-8")
    topics_line = spec.split("## Topics", 1)[1]
    # The spec's list, then the documented extensions (README: "Irregularities").
    spec_topics = tuple(re.findall(r"`([a-z-]+)`", topics_line))
    assert spec_topics + TOPIC_EXTENSIONS == TOPICS
    assert TOPIC_EXTENSIONS == ("irregularities",)


# --- bad lesson files ----------------------------------------------------------


def error_for(tmp_path: Path, text: str) -> tuple[Path, str]:
    """Write ``text`` as 01-demo.md, load the folder; the path and the error message."""
    path = write(tmp_path, "01-demo.md", text)
    with pytest.raises(TutorError) as info:
        load_lessons(tmp_path)
    return path, str(info.value)


def test_good_demo_file_loads(tmp_path: Path) -> None:
    write(tmp_path, "01-demo.md", GOOD_FRONT + GOOD_BODY)
    (lesson,) = load_lessons(tmp_path)
    assert lesson == Lesson(
        id="demo",
        title="Demo",
        order=1,
        topics=("deal",),
        rules=("deal.order",),
        summary="A demo lesson.",
        body=GOOD_BODY.lstrip("\n"),
        path=str(tmp_path / "01-demo.md"),
    )


def test_missing_front_matter(tmp_path: Path) -> None:
    path, message = error_for(tmp_path, GOOD_BODY)
    assert message == (
        f"{path}: no front matter: the file must begin with a line '---', then the "
        "fields id, title, order, topics, rules, summary, then a line '---'."
    )


def test_unclosed_front_matter(tmp_path: Path) -> None:
    path, message = error_for(tmp_path, "---\nid: demo\ntitle: Demo\n")
    assert message == (
        f"{path}: the front matter is not closed: "
        "add a line '---' after its last field."
    )


def test_unknown_topic(tmp_path: Path) -> None:
    front = GOOD_FRONT.replace("[deal]", "[deal, dealing]")
    path, message = error_for(tmp_path, front + GOOD_BODY)
    assert message == (
        f"{path}: unknown topic 'dealing': the topics are ante, buy-in, deal, "
        "bring-in, betting-limits, pair-on-fourth, first-to-act, raise-cap, "
        "community-river, low-qualification, showdown, split-pot, side-pots, "
        "irregularities."
    )


def test_unknown_rule_id_in_front_matter(tmp_path: Path) -> None:
    front = GOOD_FRONT.replace("[deal.order]", "[deal.orders]")
    path, message = error_for(tmp_path, front + GOOD_BODY)
    assert message == (
        f"{path}: unknown rule id 'deal.orders' in rules: the ids are those of "
        f"shared/rules.md ({', '.join(RULE_IDS)})."
    )


def test_unknown_rule_id_cited_in_body(tmp_path: Path) -> None:
    body = GOOD_BODY.replace("(`deal.order`)", "(`deal.order`, `bring-in.lowest`)")
    path, message = error_for(tmp_path, GOOD_FRONT + body)
    # front matter is lines 1-8, a blank line 9, the heading 10, the citation line 12
    assert message == (
        f"{path}:12: unknown rule id 'bring-in.lowest' cited in the body: cite one "
        f"of {', '.join(RULE_IDS)}."
    )


def test_missing_field(tmp_path: Path) -> None:
    front = GOOD_FRONT.replace("summary: A demo lesson.\n", "")
    path, message = error_for(tmp_path, front + GOOD_BODY)
    assert message == (
        f"{path}: the front matter is missing summary: every lesson needs id, "
        "title, order, topics, rules, summary."
    )


def test_unknown_field(tmp_path: Path) -> None:
    front = GOOD_FRONT.replace("order: 1\n", "order: 1\nscenarios: [a]\n")
    path, message = error_for(tmp_path, front + GOOD_BODY)
    assert message == (
        f"{path}: unknown front matter field 'scenarios': the fields are id, title, "
        "order, topics, rules, summary."
    )


def test_bad_yaml(tmp_path: Path) -> None:
    front = GOOD_FRONT.replace("title: Demo", "title: Demo: part: two")
    path, message = error_for(tmp_path, front + GOOD_BODY)
    assert message == (
        f"{path}: the front matter is not valid YAML (line 3): mapping values are "
        "not allowed here. Quote values that contain ': '."
    )


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        (
            "order: 1",
            "order: first",
            "order must be a whole number of 1 or more, not 'first'.",
        ),
        ("order: 1", "order: 0", "order must be a whole number of 1 or more, not 0."),
        (
            "id: demo",
            "id: Demo Lesson",
            "id must be lower-case letters, digits and '-', not 'Demo Lesson'.",
        ),
        ("title: Demo", "title: ''", "title must be a non-empty text, not ''."),
        (
            "topics: [deal]",
            "topics: deal",
            "'topics' must be a list of ids such as [topic-id], not 'deal'.",
        ),
        ("rules: [deal.order]", "rules: []", "'rules' is empty: list at least one id."),
        (
            "rules: [deal.order]",
            "rules: [deal.order, deal.order]",
            "'rules' lists deal.order twice: keep one.",
        ),
    ],
)
def test_bad_field_values(tmp_path: Path, old: str, new: str, message: str) -> None:
    path, found = error_for(tmp_path, GOOD_FRONT.replace(old, new) + GOOD_BODY)
    assert found == f"{path}: {message}"


def test_front_matter_not_a_mapping(tmp_path: Path) -> None:
    path, message = error_for(tmp_path, "---\n- id\n---\n" + GOOD_BODY)
    assert message == (
        f"{path}: the front matter must be a mapping of the fields id, title, order, "
        "topics, rules, summary, not ['id']."
    )


def test_topic_in_two_lessons(tmp_path: Path) -> None:
    first = write(tmp_path, "01-demo.md", GOOD_FRONT + GOOD_BODY)
    front = GOOD_FRONT.replace("id: demo", "id: demo-two")
    front = front.replace("order: 1", "order: 2")
    second = write(tmp_path, "02-demo-two.md", front + GOOD_BODY)
    with pytest.raises(TutorError) as info:
        load_lessons(tmp_path)
    assert str(info.value) == (
        f"{second}: topic 'deal' already belongs to {first}: "
        "a topic belongs to one lesson only."
    )


def test_duplicate_order(tmp_path: Path) -> None:
    first = write(tmp_path, "01-demo.md", GOOD_FRONT + GOOD_BODY)
    front = GOOD_FRONT.replace("id: demo", "id: demo-two").replace("[deal]", "[ante]")
    second = write(tmp_path, "02-demo-two.md", front + GOOD_BODY)
    with pytest.raises(TutorError) as info:
        load_lessons(tmp_path)
    assert str(info.value) == (
        f"{second}: order 1 is already used by {first}: give each lesson its own order."
    )


def test_duplicate_id(tmp_path: Path) -> None:
    first = write(tmp_path, "01-demo.md", GOOD_FRONT + GOOD_BODY)
    front = GOOD_FRONT.replace("order: 1", "order: 2").replace("[deal]", "[ante]")
    second = write(tmp_path, "02-demo.md", front + GOOD_BODY)
    with pytest.raises(TutorError) as info:
        load_lessons(tmp_path)
    assert str(info.value) == (
        f"{second}: id 'demo' is already used by {first}: give each lesson its own id."
    )


def test_missing_folder(tmp_path: Path) -> None:
    missing = tmp_path / "nowhere"
    with pytest.raises(TutorError) as info:
        load_lessons(missing)
    assert str(info.value) == (
        f"{str(missing)!r} is not a folder of lessons: pass the lessons/ folder."
    )


def test_load_sorts_by_order_not_file_name(tmp_path: Path) -> None:
    write(tmp_path, "a.md", GOOD_FRONT.replace("order: 1", "order: 5") + GOOD_BODY)
    front = GOOD_FRONT.replace("id: demo", "id: early").replace("[deal]", "[ante]")
    write(tmp_path, "b.md", front + GOOD_BODY)
    assert [x.id for x in load_lessons(tmp_path)] == ["early", "demo"]


# --- the worked examples replayed by the engine -------------------------------

Row = tuple[int, str, "str | None", str, "str | None"]


def engine_hand(
    preset: str,
    seats: list[Row],
    *,
    game: str = "stud8",
    start: str | None = None,
    button: int | None = None,
    stakes: tuple[str, str, str, str | None] = ("2", "4", "0", None),
    rake: tuple[str, str] | None = None,
    community: str | None = None,
    folded: tuple[str, ...] = (),
) -> Hand:
    """A hand as the lessons draw it: (seat, name, stack, cards, committed) per seat."""
    small, big, ante, bring_in = stakes
    return Hand(
        HandSetup(
            game=Game(game),
            rules=house_rules(preset, game),
            stakes=Stakes(
                small_bet=D(small),
                big_bet=D(big),
                ante=D(ante),
                bring_in=None if bring_in is None else D(bring_in),
                rake_percent=None if rake is None else D(rake[0]),
                rake_cap=None if rake is None else D(rake[1]),
            ),
            seats=tuple(
                SeatSetup(
                    seat=seat,
                    name=name,
                    stack=None if stack is None else D(stack),
                    cards=tuple(parse_cards(cards)),
                    committed=None if committed is None else D(committed),
                    folded=name in folded,
                )
                for seat, name, stack, cards, committed in seats
            ),
            button=button,
            start=None if start is None else Start(street=Street(start)),
            community=None if community is None else parse_cards(community)[0],
        )
    )


def third_street(doors: list[str], names: list[str] | None = None) -> list[Row]:
    """Seats 1, 2, ... with unknown hole cards and the given door cards."""
    names = names or [f"S{i + 1}" for i in range(len(doors))]
    return [
        (i + 1, name, None, f"?? ?? {door}", None)
        for i, (name, door) in enumerate(zip(names, doors, strict=False))
    ]


def dealt_in_order(count: int, cards_each: int, start: int = 0) -> list[str]:
    """``count`` hands of ``cards_each`` cards from an unshuffled deck."""
    deck = [r + s for r in "23456789TJQKA" for s in "cdhs"][start:]
    return [" ".join(deck[i * cards_each : (i + 1) * cards_each]) for i in range(count)]


def payouts(hand: Hand) -> dict[str, D]:
    return dict(hand.answer("award").answer["payouts"])


def test_engine_antes_lesson() -> None:
    doors = ["Kh", "3c", "Js", "9d", "Qc"]
    names = ["Ana", "Bo", "Cy", "Di", "Ed"]
    seats = third_street(doors, names)
    hand = engine_hand("online", seats, stakes=("2", "4", "0.25", None))
    assert hand.answer("ante").answer == {"each": D("0.25"), "total": D("1.25")}
    assert hand.answer("buy-in").answer == {"minimum": D(20)}
    for act in ["Bo brings in", "Cy completes", "Di folds", "Ed calls 2", "Ana folds"]:
        hand.apply(act)
    hand.apply("Bo calls 1")
    assert (hand.street, hand.pot) == (Street.FOURTH, D("7.25"))


@pytest.mark.parametrize(
    ("doors", "player"), [("2h 2c 5s Kd 2s", "S2"), ("As Kh Qc Qd", "S3")]
)
def test_engine_bring_in_lesson(doors: str, player: str) -> None:
    hand = engine_hand("online", third_street(doors.split()))
    assert hand.answer("bring-in").answer["player"] == player


@pytest.mark.parametrize(
    ("stack", "to_act", "actions"),
    [
        ("5", "Bo", ["bring in 1", "complete 2"]),
        ("0.75", "Cy", ["fold", "call 1", "complete 2"]),
        ("0.25", "Cy", ["fold", "bring in 1", "complete 2"]),
    ],
)
def test_engine_bring_in_all_in(stack: str, to_act: str, actions: list[str]) -> None:
    seats = [
        (1, "Ana", None, "?? ?? Kh", None),
        (2, "Bo", stack, "?? ?? 2c", None),
        (3, "Cy", None, "?? ?? Js", None),
    ]
    hand = engine_hand("online", seats, stakes=("2", "4", "0.25", None))
    if stack == "0.75":
        hand.apply("Bo brings in")
    assert (hand.to_act, hand.legal_actions()) == (to_act, actions)


def test_engine_completing_lesson() -> None:
    seats = third_street(["7s", "2d", "9c", "Qh", "Ks"])
    hand = engine_hand("online", seats, game="stud", stakes=("15", "30", "0", "5"))
    for act in ["S2 brings in", "S3 calls", "S4 completes", "S5 raises", "S1 folds"]:
        hand.apply(act)
    for act in ["S2 calls 25", "S3 calls 25", "S4 calls 15"]:
        hand.apply(act)
    assert (hand.street, hand.pot) == (Street.FOURTH, D(120))
    hand = engine_hand("online", third_street(["7s", "8d", "2c", "Qh", "Ks"]))
    for act in ["S3 brings in", "S4 calls", "S5 calls", "S1 calls", "S2 calls"]:
        hand.apply(act)
    assert hand.street == Street.FOURTH


FIVE_TEN = ("5", "10", "0", None)
OPEN_PAIR_SEATS: list[Row] = [
    (1, "S1", None, "?? ?? 7h 7d", "5"),
    (2, "S2", None, "?? ?? Ks 4c", "5"),
    (3, "S3", None, "?? ?? Jd 9d", "5"),
    (4, "S4", None, "?? ?? Ac 3h", "5"),
]


@pytest.mark.parametrize(
    ("game", "preset", "bets", "raises"),
    [
        ("stud", "roberts", ["check", "bet 5", "bet 10"], ["raise 10", "raise 15"]),
        ("stud8", "roberts", ["check", "bet 5"], ["raise 10"]),
        ("stud8", "online", ["check", "bet 5", "bet 10"], ["raise 10", "raise 15"]),
        ("stud", "tda", ["check", "bet 5"], ["raise 10"]),
    ],
)
def test_engine_open_pair_lesson(
    game: str, preset: str, bets: list[str], raises: list[str]
) -> None:
    hand = engine_hand(
        preset, OPEN_PAIR_SEATS, game=game, start="fourth", stakes=FIVE_TEN
    )
    assert hand.legal_actions() == bets
    hand.apply("S1 bets 5")
    assert hand.legal_actions() == ["fold", "call 5", *raises]


def test_engine_open_pair_raises_to_the_cap() -> None:
    hand = engine_hand(
        "roberts", OPEN_PAIR_SEATS, game="stud", start="fourth", stakes=FIVE_TEN
    )
    seen = []
    for act in ["S1 bets 5", "S2 raises 15", "S3 raises 25", "S4 raises 35"]:
        hand.apply(act)
        seen.append(hand.legal_actions())
    assert seen == [
        ["fold", "call 5", "raise 10", "raise 15"],
        ["fold", "call 15", "raise 25"],
        ["fold", "call 25", "raise 35"],
        ["fold", "call 30"],
    ]


SIXTH_STREET: list[Row] = [
    (1, "S1", None, "?? ?? Qh Qd 3c 2d", "5"),
    (3, "S3", None, "?? ?? 8s 9s Ts Js", "5"),
    (5, "S5", None, "?? ?? Ah Kc 4d 2h", "5"),
    (6, "S6", None, "?? ?? Qc Qs 3h 2s", "5"),
]


@pytest.mark.parametrize(
    ("preset", "opener"), [("online", 1), ("roberts", 1), ("wsop-cash", 1), ("tda", 6)]
)
def test_engine_first_to_act_tie(preset: str, opener: int) -> None:
    hand = engine_hand(preset, SIXTH_STREET, button=6, start="sixth")
    assert hand.answer("first-to-act").answer["seat"] == opener


def test_engine_all_in_high_hand_is_skipped_clockwise() -> None:
    seats = [(1, "S1", "0", "?? ?? Qh Qd 3c 2d", "5"), *SIXTH_STREET[1:]]
    hand = engine_hand("online", seats, button=6, start="sixth")
    assert hand.answer("first-to-act").answer == {"player": "S3", "seat": 3}


@pytest.mark.parametrize(
    ("preset", "seat_b_community", "opener"),
    [
        ("online", False, 5),
        ("roberts", False, 5),
        ("wsop-cash", True, 2),
        ("tda", True, 2),
    ],
)
def test_engine_community_river_lesson(
    preset: str, seat_b_community: bool, opener: int
) -> None:
    all_eight: list[Row] = [
        (i + 1, f"P{i + 1}", None, cards, "5")
        for i, cards in enumerate(dealt_in_order(8, 6))
    ]
    hand = engine_hand(preset, all_eight, game="stud", start="sixth")
    assert hand.answer("community-card").answer == {"community": True}
    one_fold: list[Row] = [
        (i + 1, f"P{i + 1}", None, cards, "5")
        for i, cards in enumerate(dealt_in_order(7, 6))
    ]
    one_fold.append((8, "P8", "0", dealt_in_order(1, 3, start=42)[0], "1"))
    hand = engine_hand(preset, one_fold, game="stud", start="sixth", folded=("P8",))
    assert hand.answer("community-card").answer == {"community": seat_b_community}
    two = [
        (2, "S2", None, "?? ?? Kh Kd 7c 4s", "5"),
        (5, "S5", None, "?? ?? 9c 9d 6h 3s", "5"),
    ]
    hand = engine_hand(preset, two, game="stud", start="seventh", community="9s")
    assert hand.answer("first-to-act").answer["seat"] == opener


def test_engine_showdown_lesson() -> None:
    seats = [
        (1, "Ana", "0", "Ah 2c 3d 7s 8h Kd Ks", "10"),
        (3, "Bo", "0", "4c 5d 6h 7c 8d Qs Qh", "10"),
        (5, "Cy", "0", "9s 9c 2s 5s Js 3s 4h", "10"),
    ]
    hand = engine_hand("online", seats, start="showdown")
    assert hand.answer("showdown-order").answer == {"player": "Ana", "seat": 1}
    assert hand.answer("high-winner").answer == {"players": ["Cy"]}
    assert hand.answer("low-winner").answer == {"players": ["Ana"]}
    assert hand.answer("best-low", player="Ana").answer["low"] == "8-7-3-2-A"
    assert hand.answer("best-low", player="Cy").answer["low"] is None


def test_engine_quartering_lesson() -> None:
    seats = [
        (1, "S1", "0", "Ah 2c 3d 4s 7h Kh Kd", "40"),
        (2, "S2", "0", "Qs Qc Jd Ts 6c 5h 8d", "40"),
        (4, "S4", "0", "Ad 2h 3c 4c 7c Jh 9d", "40"),
    ]
    hand = engine_hand("online", seats, start="showdown")
    assert payouts(hand) == {"S1": D(90), "S4": D(30)}


@pytest.mark.parametrize(
    ("preset", "seat2", "seat4"),
    [("online", 16, 15), ("roberts", 15, 16), ("wsop-cash", 16, 15), ("tda", 16, 15)],
)
def test_engine_odd_chip_lesson(preset: str, seat2: int, seat4: int) -> None:
    seats = [
        (1, "D", "0", "Tc Td Th", "1"),  # folded, to make the pot 61
        (2, "A", "0", "9s 8d 7c 6h 5d Kc 2d", "20"),
        (4, "B", "0", "9h 8c 7d 6s 5c Ks 3c", "20"),
        (6, "C", "0", "Ah 2h 3d 4d 6c Qd Jc", "20"),
    ]
    hand = engine_hand(preset, seats, start="showdown", button=6, folded=("D",))
    assert payouts(hand) == {"A": D(seat2), "B": D(seat4), "C": D(30)}


@pytest.mark.parametrize(
    ("rake", "expected", "taken"),
    [
        (None, {"S1": D(30), "S2": D(90)}, D(0)),
        # the rake of 6 comes 3 and 3 from the two pots of 60 (pot.rake)
        (("10", "6"), {"S1": D(28), "S2": D(86)}, D(6)),
    ],
)
def test_engine_side_pot_lesson(
    rake: tuple[str, str] | None, expected: dict[str, D], taken: D
) -> None:
    seats = [
        (1, "S1", "0", "Ac 2d 3h 5c 7d Jc Qh", "20"),
        (2, "S2", "0", "Kc Kd Ks 9h 4s Th 6d", "50"),
        (3, "S3", "0", "Qs Qd Jh Js 8s 9c 3c", "50"),
    ]
    award = engine_hand("online", seats, start="showdown", rake=rake).answer("award")
    assert award.answer == {"payouts": expected, "rake": taken}


def test_one_card_notation_explained_once_and_no_seed_documents(
    lessons: list[Lesson],
) -> None:
    short = re.compile(r"(?<![A-Za-z0-9`])[2-9TJQKA][cdhs](?![A-Za-z0-9])")
    explained = [lesson.id for lesson in lessons if "`T` for ten" in lesson.body]
    assert explained == ["table-and-deal"]
    for lesson in lessons:
        prose = re.sub(r"```.*?```|`[^`]*`", "", lesson.body, flags=re.DOTALL)
        assert not re.search(r"\bseeds?\b(?! the pot)", prose), lesson.id
        assert short.findall(prose) == [], lesson.id  # cards as on the table: Q♣


def test_engine_order_of_play_lesson() -> None:
    """Lesson 1's third street at $4/$8: pot 21, and the pair of sevens opens fourth."""
    seats: list[Row] = [
        (1, "S1", None, "?? ?? Jd Ac", None),
        (2, "S2", None, "?? ?? 4c Qs", None),
        (3, "S3", None, "?? ?? Kh 3d", None),
        (4, "S4", None, "?? ?? 7s 7d", None),
        (5, "S5", None, "?? ?? Tc", None),
    ]
    hand = engine_hand("online", seats, game="stud", stakes=("4", "8", "1", "2"))
    assert hand.answer("bring-in").answer["player"] == "S2"
    for act in ["S2 brings in", "S3 calls", "S4 completes", "S5 folds", "S1 calls"]:
        hand.apply(act)
    hand.apply("S2 calls 2")
    hand.apply("S3 calls 2")
    assert (hand.street, hand.pot) == (Street.FOURTH, D(21))
    assert hand.answer("first-to-act").answer == {"player": "S4", "seat": 4}


def test_engine_uncalled_completion_lesson() -> None:
    """Lesson 2: Cy completes to 2 over Bo's bring-in of 1, all fold: Cy takes 3.25."""
    seats = third_street(
        ["Kh", "3c", "Js", "9d", "Qc"], ["Ana", "Bo", "Cy", "Di", "Ed"]
    )
    hand = engine_hand("online", seats, stakes=("2", "4", "0.25", None))
    for act in ["Bo brings in", "Cy completes", "Di folds", "Ed folds", "Ana folds"]:
        hand.apply(act)
    hand.apply("Bo folds")
    assert payouts(hand) == {"Cy": D("3.25")}
