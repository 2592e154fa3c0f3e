"""Readiness: can this installation save progress and serve scenarios? (``tutor health``)"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.engine import TutorError


@dataclass(frozen=True)
class Check:
    """One part of the installation: its name, whether it works, and what was found."""

    name: str
    ok: bool
    detail: str


def check_store() -> Check:
    """Open the progress store (upgrading its layout if needed) and run a query."""
    from tutor import config
    from tutor.progress import ProgressStore

    try:
        with ProgressStore(config.database_url()) as store:
            store.ping()
            revision = store.schema_version()
            learners = store.learner_count()
            where = store._where()
    except TutorError as exc:
        return Check("store", False, str(exc))
    detail = f"{where}, layout {revision}, {learners} learner{'s' * (learners != 1)}"
    return Check("store", True, detail + _kept())


def _kept() -> str:
    """``; N answers kept ...`` when answers wait in the data folder's queue, else ``""``."""
    from tutor import config
    from tutor.progress.outbox import Outbox

    try:
        folder = config.data_dir()
    except TutorError:
        return ""
    if not folder.is_dir():
        return ""
    waiting = len(Outbox(folder).entries())
    if not waiting:
        return ""
    return (
        f"; {waiting} answer{'s' * (waiting != 1)} kept in the data folder wait to be "
        "saved (the app saves them while it runs)"
    )


def check_bank() -> Check:
    """Load the scenario bank: it fails when the folder is unusable or nothing loads."""
    from tutor import config
    from tutor.scenarios import load_bank

    try:
        folder = config.scenarios_dir()
        bank = load_bank([folder])
    except TutorError as exc:
        return Check("bank", False, str(exc))
    loaded = len(bank.scenarios)
    detail = f"{loaded} scenario{'s' * (loaded != 1)} from {str(folder)!r}"
    if bank.failed:
        detail += (
            f"; {len(bank.failed)} file(s) refused (run `tutor validate {folder}`)"
        )
    if not loaded:
        return Check("bank", False, f"no scenario could be loaded: {detail}")
    return Check("bank", True, detail)


def check_lessons() -> Check:
    """Load the lessons, their translations and the glossary (each that the folder has)."""
    from tutor import config
    from tutor.glossary import load_glossary
    from tutor.i18n import DEFAULT_LANGUAGE, LANGUAGES
    from tutor.lessons import load_lessons

    try:
        folder = config.lessons_dir()
        count = len(load_lessons(folder))
        parts = [f"{count} lesson{'s' * (count != 1)}"]
        for language in LANGUAGES:
            if language == DEFAULT_LANGUAGE or not (folder / language).is_dir():
                continue
            found = load_lessons(folder, language)
            done = [x for x in found if x.language == language]
            behind = sum(1 for x in done if x.stale)
            said = f"{language}: {len(done)} of {count} translated"
            parts.append(said + (f", {behind} behind the English" if behind else ""))
        terms = len(load_glossary(folder).terms)
        if terms:
            parts.append(f"glossary of {terms} terms")
    except TutorError as exc:
        return Check("lessons", False, str(exc))
    if not count:
        return Check("lessons", False, f"no lesson found in {str(folder)!r}")
    return Check("lessons", True, "; ".join(parts))


def health() -> list[Check]:
    """Every check, in order: store, bank, lessons."""
    return [check_store(), check_bank(), check_lessons()]
