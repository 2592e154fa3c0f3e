"""Swallowed exceptions are logged with their tracebacks; one logging configuration."""

from __future__ import annotations

import logging
from collections.abc import Iterator

import pytest
from appkit import unescape

from tutor.logs import FORMAT, configure, configure_command
from tutor.scenarios import check_text
from tutor.scenarios import replay as replay_module
from tutor.ui import components
from tutor.ui.components import guarded


@pytest.fixture
def tutor_logger() -> Iterator[logging.Logger]:
    logger = logging.getLogger("tutor")
    handlers, level = list(logger.handlers), logger.level
    yield logger
    logger.handlers[:] = handlers
    logger.setLevel(level)


def test_configure_adds_one_handler_and_reads_the_level(
    tutor_logger: logging.Logger, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TUTOR_LOG_LEVEL", "debug")
    configure()
    configure()
    ours = [h for h in tutor_logger.handlers if getattr(h, "_tutor_handler", False)]
    assert len(ours) == 1
    assert ours[0].formatter is not None and ours[0].formatter._fmt == FORMAT
    assert tutor_logger.level == logging.DEBUG
    monkeypatch.setenv("TUTOR_LOG_LEVEL", "loud")
    assert configure().level == logging.INFO
    assert configure("error").level == logging.ERROR


def test_guarded_logs_the_traceback_of_what_it_catches(
    caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    shown: list[str] = []
    monkeypatch.setattr(components.st, "error", lambda text: shown.append(str(text)))

    def broken() -> None:
        raise ZeroDivisionError("division by zero")

    with caplog.at_level(logging.ERROR, logger="tutor.ui.components"):
        guarded(broken)
    assert [unescape(text) for text in shown] == [  # shown as plain text
        components.UNEXPECTED.format(
            kind="ZeroDivisionError", message="division by zero"
        )
    ]
    [record] = caplog.records
    assert record.getMessage() == "a page failed"
    assert record.exc_info is not None and record.exc_info[0] is ZeroDivisionError
    assert "raise ZeroDivisionError" in caplog.text


def test_an_engine_bug_during_replay_is_logged_with_its_traceback(
    caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    from pathlib import Path

    text = (
        Path(__file__).parent / "data" / "scenarios" / "spec-example.yaml"
    ).read_text()

    class Broken:
        def __init__(self, setup: object) -> None:
            raise KeyError("seat")

    monkeypatch.setattr(replay_module, "Hand", Broken)
    with caplog.at_level(logging.ERROR, logger="tutor.scenarios.replay"):
        scenario, problems = check_text(text, "x.yaml")
    assert scenario is None
    assert [p.message for p in problems] == [
        "internal error in the rules engine (KeyError: 'seat'); the file may be fine: "
        "please report it with this file."
    ]
    [record] = caplog.records
    assert record.getMessage() == "internal error in the rules engine at the setup"
    assert record.exc_info is not None and record.exc_info[0] is KeyError


def test_a_quiet_command_still_logs_to_configured_handlers(
    tutor_logger: logging.Logger,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    monkeypatch.delenv("TUTOR_LOG_LEVEL", raising=False)
    tutor_logger.handlers.clear()
    configure_command()
    configure_command()
    assert [type(h) for h in tutor_logger.handlers] == [logging.NullHandler]
    with caplog.at_level(logging.ERROR, logger="tutor.scenarios.bank"):
        try:
            raise KeyError("seat")
        except KeyError:
            logging.getLogger("tutor.scenarios.bank").exception("checking failed")
    [record] = caplog.records  # the root logger's handlers (here pytest's) keep it
    assert record.exc_info is not None and record.exc_info[0] is KeyError
    assert configure_command(verbose=True).level == logging.DEBUG
