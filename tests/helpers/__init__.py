"""Helpers shared by several test modules (import them as ``from helpers.x import ...``;
``tests/`` is on the path, see ``conftest.py``)."""
