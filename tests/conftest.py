import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from pgkit import postgres_server, silent_server  # noqa: F401  (one PostgreSQL per session)

#: Test modules that are slow as a whole: they build a wheel, start servers and proxies, run
#: the benchmarks, or play thousands of seeded hands. ``make test-fast`` leaves them out
#: (``-m "not slow"``), with every browser and PostgreSQL test; ``make test`` runs all.
SLOW_MODULES = frozenset(
    {
        "test_packaging.py",
        "test_serve.py",
        "test_bench_app.py",
        "test_bench_drills.py",
        "test_bench_load.py",
        "test_bench_store.py",
        "test_store_degraded.py",
        "test_faults.py",
        "test_differential_pokerkit_hands.py",
        "test_differential_pokerkit_razz.py",
        "test_differential_pokerkit_table.py",
        "test_scenario_fuzz.py",
        "test_irregularities_fuzz.py",
    }
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark ``slow`` the tests of :data:`SLOW_MODULES` and every browser or PostgreSQL test."""
    for item in items:
        if (
            item.path.name in SLOW_MODULES
            or item.get_closest_marker("browser")
            or item.get_closest_marker("postgres")
        ):
            item.add_marker(pytest.mark.slow)
