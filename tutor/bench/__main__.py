"""``python -m tutor.bench``: run the benchmarks and print their tables (``--json`` for CI)."""

from __future__ import annotations

import argparse
import importlib
import json
import os
import statistics
import sys
from collections.abc import Mapping, Sequence

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
    parser.add_argument(
        "--repeat",
        type=_count,
        default=1,
        metavar="N",
        help=(
            "run the benchmarks N times; the numbers (--json) are each one's median over "
            "the N runs, steadier on a busy machine (default 1)"
        ),
    )
    parser.add_argument(
        "--minutes",
        type=_minutes,
        metavar="N",
        help="--soak: run for N minutes (default 10, at most 180)",
    )
    parser.add_argument(
        "--learners",
        metavar="N[,N...]",
        help="--load: numbers of learners (default 10,50,100,200); --soak: one number",
    )
    parser.add_argument(
        "--replicas",
        metavar="N[,N...]",
        help="--load: replica counts (default 1,2); --soak: one number (default 2)",
    )
    parser.add_argument(
        "--seconds",
        type=float,
        metavar="S",
        help="--load: seconds per level (default 20)",
    )
    return parser


#: Options that set a benchmark's environment variable: (option, benchmark) -> variable.
OPTION_VARS: dict[tuple[str, str], str] = {
    ("minutes", "soak"): "TUTOR_BENCH_SOAK_MINUTES",
    ("learners", "soak"): "TUTOR_BENCH_SOAK_LEARNERS",
    ("replicas", "soak"): "TUTOR_BENCH_SOAK_REPLICAS",
    ("learners", "load"): "TUTOR_BENCH_LOAD_LEARNERS",
    ("replicas", "load"): "TUTOR_BENCH_LOAD_REPLICAS",
    ("seconds", "load"): "TUTOR_BENCH_LOAD_SECONDS",
}


def option_environment(
    args: argparse.Namespace, chosen: Sequence[str]
) -> dict[str, str]:
    """The environment variables the options given set for the chosen benchmarks.

    >>> args = _parser().parse_args(["--soak", "--minutes", "2", "--learners", "5"])
    >>> option_environment(args, ["soak"])
    {'TUTOR_BENCH_SOAK_MINUTES': '2.0', 'TUTOR_BENCH_SOAK_LEARNERS': '5'}
    """
    found: dict[str, str] = {}
    for (option, bench), var in OPTION_VARS.items():
        value = getattr(args, option, None)
        if value is not None and bench in chosen:
            found[var] = str(value)
    return found


def _minutes(text: str) -> float:
    """``--minutes``'s value: a number of minutes from 0.1 to 180."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not 0.1 <= value <= 180:
        raise argparse.ArgumentTypeError(f"{value:g} minutes: give 0.1 to 180")
    return value


def _count(text: str) -> int:
    """``--repeat``'s value: a whole number from 1."""
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if n < 1:
        raise argparse.ArgumentTypeError(f"{n} runs: give 1 or more")
    return n


def medians(runs: Sequence[Mapping[str, object]]) -> dict[str, object]:
    """Each number's median over the runs (a key missing from a run is left out of it);
    anything else as the last run has it.

    >>> medians([{"a": 3.0, "s": ["x"]}, {"a": 1.0}, {"a": 2.0, "s": ["y"]}])
    {'a': 2.0, 's': ['y']}
    """
    out: dict[str, object] = {}
    for key in dict.fromkeys(k for run in runs for k in run):
        values = [run[key] for run in runs if key in run]
        numbers = [
            v for v in values if isinstance(v, (int, float)) and not isinstance(v, bool)
        ]
        if numbers and len(numbers) == len(values):
            out[key] = statistics.median(numbers)
        else:
            out[key] = values[-1]
    return out


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
    os.environ.update(option_environment(args, chosen))
    runs: list[dict[str, object]] = []
    skipped: list[str] = []
    for run in range(args.repeat):
        if args.repeat > 1:
            print(f"=== run {run + 1} of {args.repeat}", flush=True)
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
        runs.append(summary)
    summary = medians(runs)
    if args.repeat > 1:
        summary["repeat"] = args.repeat
    if skipped:
        summary["skipped"] = skipped
    if args.json:
        print(json.dumps(summary, sort_keys=True))
    return 1 if skipped and not set(chosen) - set(skipped) else 0


if __name__ == "__main__":
    sys.exit(main())
