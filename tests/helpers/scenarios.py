"""Checking scenario texts in tests: the problems a text has, as the lines ``tutor
validate`` prints."""

from __future__ import annotations

from tutor.scenarios import check_text


def problems(text: str, path: str = "x.yaml", *, replay: bool = True) -> list[str]:
    """Every problem of ``text`` checked as the file ``path`` (``file:line:column: ...``).

    The scenario is None exactly when there is a problem."""
    scenario, found = check_text(text, path, replay=replay)
    assert (scenario is None) == bool(found)
    return [str(p) for p in found]
