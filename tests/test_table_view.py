"""The table picture (tutor.ui.table_view): cards read aloud, button, pot, bets, escaping."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal as D
from pathlib import Path

from tutor.engine.cards import Card
from tutor.ui.table_view import card_html, seat_position, table_html


@dataclass(frozen=True)
class Seat:
    """The fields of the engine's SeatView that the picture reads."""

    seat: int
    name: str
    stack: D | None
    bet: D
    committed: D
    cards: tuple[tuple[Card | None, bool], ...]
    folded: bool = False
    all_in: bool = False
    button: bool = False
    to_act: bool = False


@dataclass(frozen=True)
class View:
    seats: tuple[Seat, ...]
    pot: D
    street: str
    community: Card | None
    to_act: str | None
    game: str = "stud8"
    rules_label: str = "online"
    button: int | None = None
    stakes: object = None


def c(text: str) -> Card:
    return Card.parse(text)


def sample(button: int | None = None, community: Card | None = None) -> View:
    seats = (
        Seat(
            1,
            "Ana",
            D(100),
            D(0),
            D("0.25"),
            ((c("Ah"), False), (c("Kd"), False), (c("2h"), True)),
            button=button == 1,
        ),
        Seat(
            3,
            "Bo <b>",
            None,
            D(1),
            D("1.25"),
            ((None, False), (None, False), (c("2c"), True)),
        ),
        Seat(
            5,
            "Cy",
            D(0),
            D(0),
            D(4),
            ((None, False), (None, False), (c("Qs"), True)),
            all_in=True,
            to_act=True,
        ),
        Seat(
            6,
            "Di",
            D(50),
            D(0),
            D("0.25"),
            ((None, False), (None, False), (c("9d"), True)),
            folded=True,
        ),
    )
    return View(seats, D("2.75"), "third", community, "Cy", button=button)


def test_every_known_card_is_read_by_its_spoken_name() -> None:
    html = table_html(sample(), four_colour=False)
    for spoken in (
        "two of hearts",
        "two of clubs",
        "queen of spades",
        "nine of diamonds",
    ):
        assert f'aria-label="{spoken}" title="{spoken}"' in html
        assert f'<span class="stt-sr">{spoken}</span>' in html
    assert 'aria-label="ace of hearts, face down"' in html
    assert html.count('aria-label="face-down card"') == 6


def test_face_up_card_shows_rank_and_suit_symbol() -> None:
    assert '<span aria-hidden="true">A♥</span>' in card_html(c("Ah"), True, False)
    assert '<span aria-hidden="true">10♦</span>' in card_html(c("Td"), True, False)


def test_two_and_four_colour_decks() -> None:
    assert 'style="color:#c8102e"' in card_html(c("2d"), True, False)
    assert 'style="color:#1f4fbf"' in card_html(c("2d"), True, True)
    assert 'style="color:#111111"' in card_html(c("2c"), True, False)
    assert 'style="color:#1b7a2f"' in card_html(c("2c"), True, True)
    assert 'style="color:#c8102e"' in card_html(c("2h"), True, True)
    assert 'style="color:#111111"' in card_html(c("2s"), True, True)


def test_pot_bets_markers_and_house_dealer() -> None:
    html = table_html(sample(), four_colour=False)
    assert '<div class="stt-pot">Pot 2.75</div>' in html
    assert '<span class="stt-sr">Bo &lt;b&gt; has bet </span>1</div>' in html
    assert '<div class="stt-house">house dealer</div>' in html
    assert '<span class="stt-tag stt-act">to act</span>' in html
    assert '<span class="stt-tag stt-allin">all in</span>' in html
    assert '<span class="stt-tag">folded</span>' in html
    assert "seat 3 · deep stack" in html
    assert "seat 5 · stack 0" in html
    assert 'aria-label="Stud table, third street, pot 2.75, Cy to act"' in html


def test_names_are_escaped() -> None:
    html = table_html(sample(), four_colour=False)
    assert "Bo <b>" not in html
    assert "Bo &lt;b&gt;" in html


def test_dealer_button_disc_and_community_card() -> None:
    html = table_html(sample(button=1, community=c("7c")), four_colour=True)
    assert 'title="dealer button: Ana"' in html
    assert '<span aria-hidden="true">D</span>' in html
    assert "house dealer" not in html
    assert '<span class="stt-sr">community card: </span>' in html
    assert 'aria-label="seven of clubs"' in html


def test_seats_go_clockwise_from_the_bottom() -> None:
    assert [seat_position(i, 4) for i in range(4)] == [
        (50.0, 90.0),
        (8.0, 50.0),
        (50.0, 10.0),
        (92.0, 50.0),
    ]


def test_the_engines_own_view_draws() -> None:
    from tutor.scenarios.bank import load_scenario
    from tutor.scenarios.replay import walk

    data = Path(__file__).resolve().parent / "data" / "ui" / "scenarios"
    steps = walk(load_scenario(data / "ui-third-street.yaml"))
    view = steps[5].hand.view()  # after Bo brings in: Cy to act
    html = table_html(view, four_colour=False)
    assert 'aria-label="Stud table, third street, pot 1.75, Cy to act"' in html
    assert '<div class="stt-pot">Pot 1.75</div>' in html
    assert '<span class="stt-sr">Bo has bet </span>1</div>' in html
    assert '<div class="stt-house">house dealer</div>' in html
    assert 'aria-label="two of clubs" title="two of clubs"' in html
    assert 'aria-label="ace of hearts, face down"' in html
    assert '<span class="stt-tag stt-act">to act</span>' in html
    community = walk(load_scenario(data / "ui-community.yaml"))[0].hand.view()
    assert community.community is None
    assert table_html(community, four_colour=True).count('class="stt-seat') == 8


def test_an_open_who_acts_question_hides_the_player_to_act() -> None:
    html = table_html(sample(), show_to_act=False)
    markup = html.split("</style>", 1)[1]
    assert "stt-to-act" not in markup and "to act" not in markup
    assert 'aria-label="Stud table, third street, pot 2.75"' in markup


def test_an_open_pot_question_hides_the_pot() -> None:
    markup = table_html(sample(), show_pot=False).split("</style>", 1)[1]
    assert '<div class="stt-pot">Pot: hidden until you answer</div>' in markup
    assert "2.75" not in markup
    assert 'aria-label="Stud table, third street, Cy to act"' in markup


def test_legend_folded_seats_and_the_narrow_list() -> None:
    html = table_html(sample(button=3))
    style, markup = html.split("</style>", 1)
    assert "up card (everyone sees it)" in markup
    assert "down card, shown to you" in markup
    assert "down card nobody shows you" in markup
    assert "opacity" not in style  # folded seats stay readable: no see-through text
    assert ".stt-seat.stt-folded{background:#e4e4e4;border-style:dashed}" in style
    assert "@container (max-width: 520px)" in style
    # In the narrow list the chips and the button disc are hidden: each seat says them.
    assert (
        '<span class="stt-inline stt-stack"> · bet 1 · dealer button</span>' in markup
    )
