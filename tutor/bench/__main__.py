"""``python -m tutor.bench``: run the benchmarks and print their tables (``--json`` for CI)."""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from collections.abc import Sequence

from tutor.bench import BENCHES, DEFAULT
from tutor.bench.common import BenchResult, render


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m tutor.bench",
        description=(
            "Time the engine against PokerKit (and treys). With no benchmark named, runs "
            + " and ".join(DEFAULT)
            + "; naming any runs only those named."
        ),
    )
    for name, module in BENCHES.items():
        parser.add_argument(f"--{name}", action="store_true", help=f"run {module}")
    parser.add_argument("--all", action="store_true", help="run every benchmark")
    parser.add_argument(
        "--json",
        action="store_true",
        help="end with one line holding a JSON object of every benchmark's numbers",
    )
    return parser


def _load(name: str) -> BenchResult | str:
    """Run one benchmark module, or say why it could not be run."""
    module_name = BENCHES[name]
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as err:
        if err.name == module_name:
            return f"{name}: skipped, {module_name} does not exist yet."
        return f"{name}: skipped, {module_name} needs {err.name!r}, which is not installed."
    result: BenchResult = module.run()
    return result


def main(argv: Sequence[str] | None = None) -> int:
    """Run the chosen benchmarks; return 0, or 1 if one of them could not run."""
    args = _parser().parse_args(argv)
    chosen = [n for n in BENCHES if getattr(args, n)] or (
        list(BENCHES) if args.all else list(DEFAULT)
    )
    if args.all:
        chosen = list(BENCHES)
    summary: dict[str, object] = {}
    skipped = []
    for name in chosen:
        print(f"== {name} ({BENCHES[name]})", flush=True)
        result = _load(name)
        if isinstance(result, str):
            print(result, flush=True)
            skipped.append(name)
            continue
        rows, numbers = result
        print(render(rows), flush=True)
        print(flush=True)
        summary.update(numbers)
    if skipped:
        summary["skipped"] = skipped
    if args.json:
        print(json.dumps(summary, sort_keys=True))
    return 1 if skipped and not set(chosen) - set(skipped) else 0


if __name__ == "__main__":
    sys.exit(main())
