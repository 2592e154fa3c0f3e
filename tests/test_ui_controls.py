"""One registry of answer controls (issue 22 item 4): an ask kind's Practice control and its
drill control are found from one entry of ``tutor.ui.ask_controls.CONTROLS``, named by the
kind's own entry (``AskKind.control``); a kind whose control nobody made is found out."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

import pytest

from tutor import asks
from tutor.asks import ASKS, AskKind
from tutor.engine.rulings import KINDS, RulingKind
from tutor.ui import drill_controls
from tutor.ui.ask_controls import CONTROLS, KindControls, control_for


def kinds_without_controls() -> list[str]:
    """The ask kinds the app cannot answer on the panel or in a drill."""
    return [
        kind
        for kind in ASKS
        if (found := control_for(kind)) is None
        or not (callable(found.panel) and callable(found.drill))
    ]


def test_every_ask_kind_has_a_panel_and_a_drill_control_from_one_entry() -> None:
    assert kinds_without_controls() == []
    for kind, entry in ASKS.items():
        found = control_for(kind)
        assert isinstance(found, KindControls)
        assert found is CONTROLS[entry.control], kind
    assert CONTROLS["ruling"].drill is drill_controls.ruling
    assert CONTROLS["side-pots"].drill is drill_controls.side_pots


@pytest.fixture
def dial_kind() -> Iterator[AskKind]:
    """A kind (a copy of raises-left under a new name) whose entry names a control nobody made."""
    engine = dataclasses.replace(KINDS["raises-left"], name="dial-left")
    assert isinstance(engine, RulingKind)
    entry = asks.register(
        dataclasses.replace(ASKS["raises-left"], ruling=engine, control="dial")
    )
    try:
        yield entry
    finally:
        asks.unregister(entry.name)


def test_a_kind_whose_control_nobody_made_is_found_out(dial_kind: AskKind) -> None:
    assert control_for("dial-left") is None
    assert kinds_without_controls() == ["dial-left"]
