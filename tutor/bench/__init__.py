"""Benchmarks: ``python -m tutor.bench`` times the engine against PokerKit and treys."""

from __future__ import annotations

#: Benchmark name -> module. Each module has ``run() -> (rows, summary)`` (see ``common``).
BENCHES: dict[str, str] = {
    "evaluation": "tutor.bench.evaluation",
    "hand": "tutor.bench.hand",
    "bank": "tutor.bench.bank",
    "app": "tutor.bench.app",
    "class": "tutor.bench.classview",
    "drills": "tutor.bench.drills",
    "store": "tutor.bench.store",
    "load": "tutor.bench.load",
    "soak": "tutor.bench.soak",
}
#: What ``python -m tutor.bench`` runs when no benchmark is named.
DEFAULT: tuple[str, ...] = ("evaluation", "hand")
