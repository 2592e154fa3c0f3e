"""The Instructor page: check a scenario's YAML and see the engine's answer to every ask."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

import streamlit as st

from tutor.scenarios.bank import check_text
from tutor.scenarios.replay import answer_scenario
from tutor.ui.text import plain, without_paths

PASTED = "<pasted>"


@dataclass(frozen=True)
class Report:
    """What the checker found: problems as ``file:line:column: message``, or the answers."""

    problems: tuple[str, ...] = ()
    scenario_id: str | None = None
    answers: tuple[dict[str, Any], ...] = field(default_factory=tuple)

    @property
    def ok(self) -> bool:
        """True when the scenario loads and replays."""
        return not self.problems


def check_scenario_text(text: str | bytes, name: str = PASTED) -> Report:
    """Validate a scenario's text and, if it is valid, answer every ask in it."""
    scenario, problems = check_text(text, name)
    if scenario is None:
        return Report(
            problems=tuple(str(p) for p in problems)
            or (f"{name}:1:1: not a scenario.",)
        )
    result = answer_scenario(scenario)
    return Report(scenario_id=result["id"], answers=tuple(result["answers"]))


def show_report(report: Report) -> None:
    """Each problem as an error, or each ask's answer with its explanation and rules."""
    if not report.ok:
        st.error(f"{len(report.problems)} problem(s): fix them and check again.")
        st.code("\n".join(report.problems), language=None)
        return
    st.success(
        f"{report.scenario_id}: valid; the engine answers {len(report.answers)} ask(s)."
    )
    for answer in report.answers:
        with st.container(border=True):
            st.markdown(f"**Step {answer['step']}: {answer['kind']}**")
            st.code(json.dumps(answer["answer"]), language="json")
            st.markdown(plain(answer["explanation"]))
            st.caption(
                "Rules: " + (", ".join(f"`{r}`" for r in answer["rules"]) or "none")
            )


def bank_status() -> None:
    """How many scenarios the bank holds, and every problem of the files left out."""
    from tutor.ui.bank import scenario_bank

    bank = scenario_bank()
    st.subheader("The scenario bank")
    st.write(f"{len(bank.scenarios)} scenario(s) load and replay.")
    if bank.problems:
        st.error(f"{len(bank.problems)} problem(s) keep files out of the bank:")
        st.code(without_paths("\n".join(bank.problems)), language=None)


def instructor_page() -> None:
    """Paste or upload a scenario; check it; then see the state of the bank."""
    upload = st.file_uploader(
        "Upload a scenario file", type=["yaml", "yml"], key="inst_upload"
    )
    text = st.text_area("…or paste its YAML", height=320, key="inst_text")
    if st.button("Check the scenario", key="inst_check", type="primary"):
        if upload is not None:
            report = check_scenario_text(upload.getvalue(), upload.name)
        elif text.strip():
            report = check_scenario_text(text, PASTED)
        else:
            st.warning("Paste a scenario's YAML or upload a file first.")
            report = None
        if report is not None:
            show_report(report)
    bank_status()
