"""Hand evaluation speed: our seven-card high and low evaluators against PokerKit and treys."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from tutor.bench.common import BenchResult, best_of, fmt_ratio, fmt_time, seeded_hands
from tutor.engine import Card, best_high, best_low, high_value, low_value

HANDS = 2000
ROUNDS = 5


def _loop(fn: Callable[..., object], items: Sequence[object]) -> Callable[[], None]:
    def work() -> None:
        for item in items:
            fn(item)

    return work


def _loop2(
    fn: Callable[..., object], items: Sequence[tuple[object, object]]
) -> Callable[[], None]:
    def work() -> None:
        for a, b in items:
            fn(a, b)

    return work


def _high_named(cards: Sequence[Card]) -> object:
    """``best_high`` and the five cards it names (a hand names them when first asked)."""
    return best_high(cards).cards


def _low_named(cards: Sequence[Card]) -> object:
    """``best_low`` and the five cards it names, if there is a low."""
    low = best_low(cards)
    return None if low is None else low.cards


def run(hands: int = HANDS, rounds: int = ROUNDS) -> BenchResult:
    """Time every evaluator on the same seeded seven-card hands; best of ``rounds``.

    Inputs are converted to each library's own card type before timing, so only the
    evaluation is measured. Summary keys: ``high_vs_pokerkit``, ``high_vs_treys``,
    ``low_vs_pokerkit`` (their time / our time on the raw index path),
    ``high_checked_vs_pokerkit``, ``high_checked_vs_treys``, ``low_checked_vs_pokerkit``
    (the same for ``best_high``/``best_low`` on Card objects, the path the showdown calls),
    ``high_named_vs_pokerkit`` and ``low_named_vs_pokerkit`` (the checked path and then the
    five cards used read off the hand, as PokerKit's hand holds them; treys returns a number
    only, so it is compared with the checked path, which returns the value) and the times per
    hand in microseconds.
    """
    deals = seeded_hands(hands, 7)
    indices = [tuple(c.index for c in deal) for deal in deals]
    high: dict[str, Callable[[], object]] = {
        "ours": _loop(high_value, indices),
        "ours-cards": _loop(high_value, deals),
        "ours-checked": _loop(best_high, deals),
        "ours-named": _loop(_high_named, deals),
    }
    low: dict[str, Callable[[], object]] = {
        "ours": _loop(low_value, indices),
        "ours-cards": _loop(low_value, deals),
        "ours-checked": _loop(best_low, deals),
        "ours-named": _loop(_low_named, deals),
    }
    missing: list[str] = []
    try:
        import pokerkit
    except ImportError:
        missing.append("pokerkit")
    else:
        pk_cards = [
            tuple(pokerkit.Card.parse("".join(c.text for c in deal))) for deal in deals
        ]
        high["pokerkit"] = _loop(pokerkit.StandardHighHand.from_game, pk_cards)
        low["pokerkit"] = _loop(
            pokerkit.EightOrBetterLowHand.from_game_or_none, pk_cards
        )
    try:
        import treys  # type: ignore[import-untyped]
    except ImportError:
        missing.append("treys")
    else:
        t_cards = [[treys.Card.new(c.text) for c in deal] for deal in deals]
        high["treys"] = _loop2(
            treys.Evaluator().evaluate, [(h[:2], h[2:]) for h in t_cards]
        )

    # Interleave high and low so both see the same machine conditions.
    contenders = {f"high/{k}": v for k, v in high.items()} | {
        f"low/{k}": v for k, v in low.items()
    }
    t = best_of(contenders, hands, rounds)

    labels = {
        "ours": "ours: {f}(card indices)",
        "ours-cards": "ours: {f}(Card objects)",
        "ours-checked": "ours: {g}() (checked, the value)",
        "ours-named": "ours: {g}().cards (checked, the five cards named)",
        "pokerkit": "PokerKit {p}",
        "treys": "treys Evaluator.evaluate",
    }
    names = {
        "high": ("high_value", "best_high", "StandardHighHand.from_game"),
        "low": ("low_value", "best_low", "EightOrBetterLowHand.from_game_or_none"),
    }
    rows = [["hand", "evaluator", "time per hand", "vs PokerKit", "ours faster by"]]
    summary: dict[str, float] = {
        "evaluation_hands": float(hands),
        "evaluation_rounds": float(rounds),
    }
    for kind in ("high", "low"):
        f, g, p = names[kind]
        ours = t[f"{kind}/ours"]
        pk = t.get(f"{kind}/pokerkit", 0.0)
        for key in (k for k in labels if f"{kind}/{k}" in t):
            own = t[f"{kind}/{key}"]
            rows.append(
                [
                    f"7-card {kind}",
                    labels[key].format(f=f, g=g, p=p),
                    fmt_time(own),
                    fmt_ratio(pk / own) if pk else "n/a",
                    "-" if key.startswith("ours") else fmt_ratio(own / ours),
                ]
            )
            summary[f"{kind}_{key.replace('-', '_')}_us"] = round(own * 1e6, 3)
        if pk:
            summary[f"{kind}_vs_pokerkit"] = round(pk / ours, 1)
            summary[f"{kind}_cards_vs_pokerkit"] = round(
                pk / t[f"{kind}/ours-cards"], 1
            )
        if pk and f"{kind}/ours-checked" in t:
            # The path the showdown really calls: best_high/best_low on Card objects, checked.
            summary[f"{kind}_checked_vs_pokerkit"] = round(
                pk / t[f"{kind}/ours-checked"], 1
            )
            summary[f"{kind}_named_vs_pokerkit"] = round(
                pk / t[f"{kind}/ours-named"], 1
            )
    if "high/treys" in t:
        summary["high_vs_treys"] = round(t["high/treys"] / t["high/ours"], 1)
        summary["high_checked_vs_treys"] = round(
            t["high/treys"] / t["high/ours-checked"], 1
        )
    for name in missing:
        rows.append(
            ["7-card", f"{name}: not installed (pip install {name})", "-", "-", "-"]
        )
    return rows, summary
