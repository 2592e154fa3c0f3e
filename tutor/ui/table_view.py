"""The stud table as an HTML picture: seats on an oval, cards, button, bets and pot (pure)."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from html import escape
from types import MappingProxyType
from typing import Any

from tutor.engine import Card
from tutor.i18n import _, pgettext
from tutor.numbers import format_amount
from tutor.quiz import to_amount
from tutor.wording import render

#: Suit colours: two-colour deck (red/black) and four-colour deck.
TWO_COLOURS: Mapping[str, str] = MappingProxyType(
    {"c": "#111111", "d": "#c8102e", "h": "#c8102e", "s": "#111111"}
)
FOUR_COLOURS: Mapping[str, str] = MappingProxyType(
    {"c": "#1b7a2f", "d": "#1f4fbf", "h": "#c8102e", "s": "#111111"}
)

_CSS = """
<style>
.stt-wrap{container-type:inline-size;width:100%}
.stt-table{position:relative;width:100%;max-width:820px;aspect-ratio:16/11;margin:0 auto;
  font-family:system-ui,sans-serif;font-size:13px;color:#111;--half:96px}
.stt-felt{position:absolute;left:8%;top:10%;width:84%;height:80%;border-radius:50%;
  background:#1f6f43;border:10px solid #6b4226;box-sizing:border-box}
.stt-centre{position:absolute;left:50%;top:50%;transform:translate(-50%,-50%);
  text-align:center;color:#fff;max-width:24%}
.stt-pot{font-weight:700;font-size:15px;background:rgba(0,0,0,.45);border-radius:8px;
  padding:2px 8px;display:inline-block;margin-bottom:4px}
.stt-seat{position:absolute;transform:translate(-50%,-50%);background:#fff;border:2px solid #767676;
  border-radius:8px;padding:2px 4px;text-align:center;box-sizing:border-box;white-space:nowrap}
.stt-seat.stt-to-act{border-color:#7a5600;box-shadow:0 0 0 3px #ffd54f}
.stt-seat.stt-folded{background:#e4e4e4;border-style:dashed}
.stt-seat.stt-folded .stt-card{background:#f0f0f0}
.stt-name{font-weight:700}
.stt-stack{font-size:12px;color:#333}
.stt-tag{display:inline-block;font-size:11px;border-radius:4px;padding:0 4px;margin-left:3px;
  color:#fff;background:#4a4a4a}
.stt-tag.stt-act{background:#7a5600}
.stt-tag.stt-allin{background:#8b1a1a}
.stt-inline{display:none}
.stt-cards{margin-top:2px}
.stt-card{display:inline-block;min-width:17px;padding:0 1px;height:28px;line-height:28px;
  margin:0 1px;box-sizing:content-box;letter-spacing:-.5px;border:1px solid #767676;
  border-radius:4px;background:#fff;font-weight:700;font-size:12px;text-align:center;vertical-align:middle}
.stt-card.stt-down{background:#eef1f6;border-style:dashed}
.stt-card.stt-back{background:repeating-linear-gradient(45deg,#2c4c9c,#2c4c9c 4px,#3e63c0 4px,
  #3e63c0 8px);border-color:#1d2f63}
.stt-bet{position:absolute;transform:translate(-50%,-50%);background:#f5d76e;color:#111;
  border-radius:10px;padding:0 6px;font-size:12px;font-weight:700}
.stt-button{position:absolute;transform:translate(-50%,-50%);width:20px;height:20px;
  border-radius:50%;background:#fff;border:2px solid #111;font-weight:700;font-size:11px;
  line-height:18px;text-align:center}
.stt-house{display:inline-block;font-size:12px;color:#111;margin-top:4px;
  background:#fff;border:1px solid #767676;border-radius:6px;padding:0 6px}
.stt-legend{font-size:12px;color:#333;margin:4px auto 0;max-width:820px;text-align:center}
.stt-legend .stt-card{height:22px;line-height:22px;font-size:11px;min-width:16px}
.stt-sr{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;
  clip:rect(0,0,0,0);white-space:nowrap;border:0}
@container (max-width: 520px){
  .stt-table{aspect-ratio:auto;display:flex;flex-direction:column;gap:4px}
  .stt-felt,.stt-bet,.stt-button{display:none}
  .stt-centre{position:static;transform:none;order:-1;background:#1f6f43;border-radius:8px;
    padding:4px;max-width:none}
  .stt-seat{position:static;transform:none;text-align:left;max-width:none;white-space:normal}
  .stt-inline{display:inline}
}
</style>
"""


#: The table's style sheet, for pages that draw tables without their own copy.
TABLE_CSS = _CSS


def seat_position(index: int, count: int) -> tuple[float, float]:
    """Where seat ``index`` of ``count`` sits, in percent of the picture (left, top).

    Seats go clockwise from the bottom centre around an ellipse (the picture keeps a seat
    inside its edges: see :func:`table_html`).

    >>> seat_position(0, 4)
    (50.0, 90.0)
    >>> seat_position(1, 4)
    (8.0, 50.0)
    """
    angle = math.pi / 2 + 2 * math.pi * index / max(count, 1)
    return (round(50 + 42 * math.cos(angle), 1), round(50 + 40 * math.sin(angle), 1))


def _towards_centre(point: tuple[float, float], share: float) -> tuple[float, float]:
    x, y = point
    return (round(x + (50 - x) * share, 1), round(y + (50 - y) * share, 1))


#: How far a seat's bet sits from the seat towards the pot (a share of the way).
BET_SHARE = 0.42


def _bet_place(left: float, top: float) -> str:
    """The style placing a seat's bet between the seat and the pot.

    The seat's box is kept inside the picture (its left is clamped, see :func:`_seat_html`),
    so the bet is placed from where the seat really is, not from its place on the oval:
    a seat pushed inwards on a narrow table would otherwise sit on its own bet.

    >>> _bet_place(8.0, 50.0)
    'left:calc(clamp(var(--half),8.0%,calc(100% - var(--half))) * 0.58 + 21.0%);top:50.0%'
    """
    # a little nearer the pot upwards and downwards: the seats are wider than tall
    _x, y = _towards_centre((left, top), BET_SHARE + 0.08)
    keep = round(1 - BET_SHARE, 2)
    return (
        f"left:calc(clamp(var(--half),{left}%,calc(100% - var(--half))) * {keep} + "
        f"{round(50 * BET_SHARE, 1)}%);top:{y}%"
    )


def card_html(card: Card | None, face_up: bool, four_colour: bool) -> str:
    """One card: face up (rank and suit), a known hole card (face down, shown to the learner),
    or a back for a card the learner does not know. Screen readers hear the card's name.

    >>> card_html(None, False, False).count("face-down card")  # aria-label, title, hidden text
    3
    """
    if card is None:
        label = escape(_("face-down card"))
        return (
            f'<span class="stt-card stt-back" role="img" aria-label="{label}" '
            f'title="{label}"><span class="stt-sr">{label}</span></span>'
        )
    colours = FOUR_COLOURS if four_colour else TWO_COLOURS
    spoken = render(card.said)
    label = spoken if face_up else _("{card}, face down").format(card=spoken)
    down = "" if face_up else " stt-down"
    return (
        f'<span class="stt-card{down}" role="img" aria-label="{escape(label)}" '
        f'title="{escape(label)}" style="color:{colours[card.suit]}">'
        f'<span aria-hidden="true">{escape(card.symbol)}</span>'
        f'<span class="stt-sr">{escape(label)}</span></span>'
    )


def _money(value: Any) -> str:
    """An amount the language's way (``2.75``, ``2,75``)."""
    amount = to_amount(value)
    return str(value) if amount is None else format_amount(amount)


def _tag(text: str, kind: str = "") -> str:
    return f'<span class="stt-tag{kind}">{escape(text)}</span>'


def street_name(street: str) -> str:
    """A street as the table names it: ``third street``, ``terza strada``, ``showdown``.

    >>> street_name("fifth"), street_name("showdown")
    ('fifth street', 'showdown')
    """
    said = pgettext(f"Street.{street.upper()}", street)
    if street == "showdown":
        return said
    # Translators: a street named on the table ("third street"); {street} is the street's
    # own name (Street.THIRD...), which a language naming the street whole gives whole.
    return _("{street} street").format(street=said)


def _seat_html(
    seat: Any,
    left: float,
    top: float,
    four_colour: bool,
    *,
    show_to_act: bool,
    has_button: bool,
) -> str:
    classes = ["stt-seat"]
    tags: list[str] = []
    if seat.to_act and show_to_act:
        classes.append("stt-to-act")
        tags.append(_tag(_("to act"), " stt-act"))
    if seat.folded:
        classes.append("stt-folded")
        tags.append(_tag(_("folded")))
    if seat.all_in:
        tags.append(_tag(_("all in"), " stt-allin"))
    stack = (
        _("deep stack")
        if seat.stack is None
        else _("stack {amount}").format(amount=_money(seat.stack))
    )
    # Shown only when the table is a list (narrow screens), where chips and the button
    # disc are hidden.
    inline = []
    if seat.bet:
        inline.append(_("bet {amount}").format(amount=_money(seat.bet)))
    if has_button:
        inline.append(_("dealer button"))
    extra = (
        f'<span class="stt-inline stt-stack"> · {escape(" · ".join(inline))}</span>'
        if inline
        else ""
    )
    cards = "".join(card_html(card, up, four_colour) for card, up in seat.cards)
    name = str(seat.name)
    seat_label = _("seat {seat}").format(seat=seat.seat)
    aria = _("seat {seat}, {name}").format(seat=seat.seat, name=name)
    return (
        f'<div class="{" ".join(classes)}" data-seat="{seat.seat}" '
        f'style="left:clamp(var(--half),{left}%,calc(100% - var(--half)));top:{top}%" '
        f'aria-label="{escape(aria)}">'
        f'<div><span class="stt-name">{escape(name)}</span>{"".join(tags)}</div>'
        f'<div class="stt-stack">{escape(seat_label)} · {escape(stack)}{extra}</div>'
        f'<div class="stt-cards">{cards}</div></div>'
    )


#: Under the table: what up, down and unknown cards look like.
LEGEND = (
    '<div class="stt-legend" aria-hidden="true">'
    '<span class="stt-card" style="color:#111">A♠</span> {up} · '
    '<span class="stt-card stt-down" style="color:#111">A♠</span> {down} · '
    '<span class="stt-card stt-back"></span> {unknown}'
    "</div>"
)


def legend() -> str:
    """:data:`LEGEND` in the session's language."""
    return LEGEND.format(
        up=escape(_("up card (everyone sees it)")),
        down=escape(_("down card, shown to you")),
        unknown=escape(_("down card nobody shows you")),
    )


def table_html(
    view: Any,
    four_colour: bool = False,
    *,
    show_to_act: bool = True,
    show_pot: bool = True,
    style: bool = True,
) -> str:
    """The whole table for one ``TableView`` as self-contained HTML (styles included,
    unless ``style=False``: the app puts :data:`TABLE_CSS` on the page once per run).

    Up to 8 seats around an oval; each seat's bet sits between it and the pot; the dealer
    button is a "D" disc beside its seat, or a "house dealer" label when there is none.
    On a narrow screen (the picture under 520 px) the seats become a list. While a question
    asks who acts, ``show_to_act=False`` leaves the player to act unmarked; while it asks
    for the pot or the antes, ``show_pot=False`` hides the pot.
    """
    seats: Sequence[Any] = tuple(view.seats)
    parts = [
        _CSS if style else "",
        '<div class="stt-wrap">',
        (
            f'<div class="stt-table" role="group" '
            f'aria-label="{escape(_summary(view, show_to_act, show_pot))}">'
        ),
    ]
    parts.append('<div class="stt-felt"></div>')
    pot = (
        _("Pot {amount}").format(amount=_money(view.pot))
        if show_pot
        else _("Pot: hidden until you answer")
    )
    centre = [f'<div class="stt-pot">{escape(pot)}</div>']
    if view.community is not None:
        community = _("community card:")
        centre.append(
            '<div class="stt-community">'
            f'<span class="stt-sr">{escape(community)} </span>'
            f"{card_html(view.community, True, four_colour)}</div>"
        )
    street = str(getattr(view.street, "value", view.street))
    centre.append(f'<div class="stt-street">{escape(street_name(street))}</div>')
    if view.button is None:
        house = _("house dealer")
        centre.append(f'<div class="stt-house">{escape(house)}</div>')
    parts.append(f'<div class="stt-centre">{"".join(centre)}</div>')
    for index, seat in enumerate(seats):
        left, top = seat_position(index, len(seats))
        has_button = bool(
            seat.button or (view.button is not None and view.button == seat.seat)
        )
        parts.append(
            _seat_html(
                seat,
                left,
                top,
                four_colour,
                show_to_act=show_to_act,
                has_button=has_button,
            )
        )
        if seat.bet:
            name, amount = str(seat.name), _money(seat.bet)
            bets = _("{name} bets {amount}").format(name=name, amount=amount)
            has_bet = _("{name} has bet").format(name=name)
            parts.append(
                f'<div class="stt-bet" style="{_bet_place(left, top)}" '
                f'title="{escape(bets)}">'
                f'<span class="stt-sr">{escape(has_bet)} </span>'
                f"{amount}</div>"
            )
        if has_button:
            dx, dy = _towards_centre((left, top), 0.3)
            dx = round(dx + 7, 1)
            name = str(seat.name)
            title = _("dealer button: {name}").format(name=name)
            spoken = _("dealer button at {name}").format(name=name)
            parts.append(
                f'<div class="stt-button" style="left:{dx}%;top:{dy}%" '
                f'title="{escape(title)}">'
                '<span aria-hidden="true">D</span>'
                f'<span class="stt-sr">{escape(spoken)}</span></div>'
            )
    parts.append("</div>")
    parts.append(legend())
    parts.append("</div>")
    return "".join(parts)


def _summary(view: Any, show_to_act: bool = True, show_pot: bool = True) -> str:
    street = str(getattr(view.street, "value", view.street))
    text = _("Stud table, {street}").format(street=street_name(street))
    if show_pot:
        text += ", " + _("pot {amount}").format(amount=_money(view.pot))
    if view.to_act and show_to_act:
        text += ", " + _("{name} to act").format(name=view.to_act)
    return text
