"""The examples in the engine's docstrings run as tests."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "tutor.engine.cards",
    "tutor.engine.rules",
    "tutor.engine.table",
    "tutor.engine.rulings",
]


@pytest.mark.parametrize("name", MODULES)
def test_engine_doctests(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
    assert result.attempted > 0
