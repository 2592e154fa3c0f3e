"""Chips in front of each player, as stacks in the room's colours, with a legend: for the pot
and side-pot drill (the colours are a house setting, ``TUTOR_CHIP_COLOURS``)."""

from __future__ import annotations

import html
from collections.abc import Sequence
from decimal import Decimal

from tutor.i18n import _
from tutor.numbers import format_amount


def stacks(
    amount: Decimal, chips: Sequence[tuple[Decimal, str]]
) -> list[tuple[Decimal, int]]:
    """``amount`` in the room's chips, largest first: (denomination, how many).

    >>> stacks(Decimal("37.5"), [(Decimal(25), "g"), (Decimal(5), "r"), (Decimal(1), "w"), (Decimal("0.5"), "p")])
    [(Decimal('25'), 1), (Decimal('5'), 2), (Decimal('1'), 2), (Decimal('0.5'), 1)]
    """
    left = amount
    out = []
    for value, _colour in chips:
        count = int(left // value)
        if count:
            out.append((value, count))
            left -= value * count
    return out


def _chip(colour: str, count: int, value: Decimal) -> str:
    discs = "".join(
        f'<span class="chip" style="background:{html.escape(colour)};'
        f'bottom:{3 * i}px"></span>'
        for i in range(min(count, 10))
    )
    return (
        f'<span class="stack" title="{count} × {format_amount(value)}">{discs}'
        f'<span class="count">{count}</span></span>'
    )


_STYLE = """<style>
.chips-row {display:flex; flex-wrap:wrap; gap:.75rem 1.25rem; margin:.25rem 0 .5rem;}
.chips-seat {display:flex; align-items:flex-end; gap:.35rem; min-height:48px;}
.chips-seat .who {font-weight:600; margin-right:.25rem;}
.stack {position:relative; display:inline-block; width:28px; height:44px;}
.chip {position:absolute; left:2px; width:24px; height:9px; border-radius:50%;
  border:2px dashed rgba(255,255,255,.8); box-shadow:0 0 0 1px #333;
  box-sizing:border-box;}
.stack .count {position:absolute; top:0; left:0; right:0; text-align:center;
  font-size:.75rem;}
.chips-legend {display:flex; flex-wrap:wrap; gap:.25rem .9rem; font-size:.85rem;}
.chips-legend .chip {position:static; display:inline-block; vertical-align:middle;
  margin-right:.25rem;}
</style>"""


def chips_html(
    seats: Sequence[tuple[str, Decimal]], chips: Sequence[tuple[Decimal, str]]
) -> str:
    """Each player's chips in front of them, as stacks, then the legend (HTML)."""
    rows = []
    for name, amount in seats:
        parts = [_chip(colour_of(v, chips), n, v) for v, n in stacks(amount, chips)]
        label = _("{name}'s chips in front").format(name=name)
        rows.append(
            f'<div class="chips-seat" role="img" aria-label="{html.escape(label)}">'
            f'<span class="who">{html.escape(name)}</span>{"".join(parts) or "—"}</div>'
        )
    legend = "".join(
        f'<span><span class="chip" style="background:{html.escape(c)}"></span>'
        f"{format_amount(v)}</span>"
        for v, c in chips
    )
    chips_word = _("Chips:")
    return (
        _STYLE
        + f'<div class="chips-row">{"".join(rows)}</div>'
        + f'<div class="chips-legend"><strong>{html.escape(chips_word)}</strong>{legend}</div>'
    )


def colour_of(value: Decimal, chips: Sequence[tuple[Decimal, str]]) -> str:
    return next((c for v, c in chips if v == value), "grey")
