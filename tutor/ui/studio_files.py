"""The Studio's Bank files section: the bundled and instructor files, filtered, opened and
deleted.

A part of the Studio page (:mod:`tutor.ui.studio`), cut along its seams (issue 22).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import streamlit as st

from tutor import files
from tutor.engine import GAME_LABELS, TutorError
from tutor.i18n import N_, _, ngettext
from tutor.scenarios.model import Scenario
from tutor.scenarios.writer import BankFile, BankWriteError
from tutor.ui.state import (
    STUDIO_BANK_DELETE,
    STUDIO_BANK_DOWNLOAD,
    STUDIO_BANK_MSG,
    STUDIO_BANK_OPEN,
    STUDIO_BANK_PICK,
    STUDIO_BANK_SEARCH_BOX,
    STUDIO_BANK_STATUS_BOX,
    STUDIO_BANK_TABLE,
    STUDIO_BANK_WHERE_BOX,
    STUDIO_CONFIRM_DELETE,
    STUDIO_SECTION,
)
from tutor.ui.studio_draft import (
    SECTIONS,
    load_text,
)
from tutor.ui.studio_save import (
    _bank_label,
    instructor_bank,
)
from tutor.ui.text import plain, without_paths


def _open_file(path: str) -> None:
    """Put an instructor bank file in the editor (a link or an outside name is refused)."""
    try:
        text = instructor_bank().read(path).decode("utf-8")
    except BankWriteError as exc:
        STUDIO_BANK_MSG.set(("error", without_paths(str(exc))))
        return
    except UnicodeDecodeError:
        STUDIO_BANK_MSG.set(
            (
                "error",
                _("{name} is not UTF-8 text: it was not put in the editor.").format(
                    name=Path(path).name
                ),
            )
        )
        return
    load_text(text, _("the file {name}").format(name=Path(path).name))
    STUDIO_SECTION.set(SECTIONS[0])


def _delete(scenario_id: str) -> None:
    from tutor.ui.data import forget_scans

    try:
        kept = instructor_bank().delete(scenario_id)
    except TutorError as exc:
        STUDIO_BANK_MSG.set(("error", str(exc)))
        return
    forget_scans()
    STUDIO_CONFIRM_DELETE.set(False)
    STUDIO_BANK_MSG.set(
        (
            "ok",
            _("Deleted {id}; its last content is kept as version {version}.").format(
                id=scenario_id, version=kept.stem
            ),
        )
    )


def _bundled_files(folder: str) -> list[BankFile]:
    """The bundled bank's files with their status, from the cached bank (no re-check)."""
    from tutor.scenarios.bank import PATTERNS
    from tutor.ui.bank import scenario_bank
    from tutor.ui.data import folder_walk

    bank = scenario_bank()
    valid = {str(Path(s.path)): s for s in bank.scenarios}
    out = []
    for item in folder_walk(folder, PATTERNS)[1].items:
        if isinstance(item, files.FileProblem):
            out.append(BankFile(item.path, None, None, item.message, refused=True))
            continue
        path = item.path
        scenario = valid.get(str(path))
        if scenario is not None:
            out.append(BankFile(path, scenario.id, scenario.title, None))
            continue
        prefix = f"{path}:"
        first = next((p for p in bank.problems if p.startswith(prefix)), None)
        if first is None:
            out.append(BankFile(path, None, None, _("not loaded yet: reload the page")))
            continue
        line, _sep, rest = first[len(prefix) :].partition(":")
        message = rest.partition(": ")[2]
        out.append(
            BankFile(
                path,
                None,
                None,
                _("line {line}: {message}").format(line=line, message=message),
            )
        )
    return out


#: The Bank table's columns, in order: key -> header (translated where drawn).
BANK_COLUMNS = {
    "where": N_("Where"),
    "title": N_("Title"),
    "topic": N_("Topic"),
    "game": N_("Game"),
    "level": N_("Level"),
    "status": N_("Status"),
    "id": N_("Id"),
    "file": N_("File"),
}
#: The Bank's filters: where a file lives, and its status.
BANK_WHERE = {
    "all": N_("Both banks"),
    "instructor": N_("Instructor bank"),
    "bundled": N_("Bundled bank"),
}
BANK_STATUS = {
    "all": N_("Any status"),
    "valid": N_("Valid"),
    "problems": N_("With problems"),
}


@dataclass(frozen=True)
class BankRow:
    """One file of the Bank table."""

    where: str
    file: str
    scenario_id: str
    title: str
    topic: str
    game: str
    level: int | None
    problem: str | None

    @property
    def status(self) -> str:
        return (
            _("valid")
            if self.problem is None
            else _("problem: {first}").format(first=self.problem)
        )

    def matches(self, search: str) -> bool:
        """Whether every word of ``search`` is in the title, id, topic, game or file."""
        haystack = " ".join(
            (self.title, self.scenario_id, self.topic, self.game, self.file)
        ).casefold()
        return all(word in haystack for word in search.casefold().split())


def bank_rows(
    files: dict[str, list[BankFile]],
    scenarios: dict[str, Scenario],
    folders: tuple[str, ...],
) -> list[BankRow]:
    """The Bank's rows: the instructor's files first, then the bundled bank, each by title.

    ``files`` maps ``instructor`` and ``bundled`` to their files; ``scenarios`` maps a
    resolved file path to its loaded scenario (for topic, game and level).
    """
    rows = []
    for where in ("instructor", "bundled"):
        found = []
        for f in files.get(where, []):
            scenario = scenarios.get(str(Path(f.path).resolve()))
            found.append(
                BankRow(
                    where=where,
                    file=_bank_label(str(f.path), folders),
                    scenario_id=f.scenario_id or "",
                    title=f.title or (scenario.title if scenario else ""),
                    topic=scenario.topic if scenario else "",
                    game=GAME_LABELS.get(scenario.game, scenario.game)
                    if scenario
                    else "",
                    level=scenario.level if scenario else None,
                    problem=f.first_problem,
                )
            )
        rows.extend(sorted(found, key=lambda r: (r.title.casefold(), r.file)))
    return rows


def filter_rows(
    rows: list[BankRow], search: str, where: str, status: str
) -> list[BankRow]:
    """The rows the Bank's search and filters keep (``all`` keeps every one)."""
    return [
        r
        for r in rows
        if (where == "all" or r.where == where)
        and (status == "all" or (status == "valid") == (r.problem is None))
        and r.matches(search)
    ]


def _bank_table(rows: list[BankRow]) -> None:
    """The rows as a sortable table (click a column's header to sort by it)."""
    data = [
        {
            "where": _(BANK_WHERE[r.where]),
            "title": r.title,
            "topic": r.topic,
            "game": r.game,
            "level": r.level,
            "status": r.status,
            "id": r.scenario_id,
            "file": r.file,
        }
        for r in rows
    ]
    import pandas  # type: ignore[import-untyped]

    st.dataframe(
        pandas.DataFrame(data, columns=list(BANK_COLUMNS)),
        hide_index=True,
        width="stretch",
        key=STUDIO_BANK_TABLE.name,
        column_order=list(BANK_COLUMNS),
        column_config={
            key: (
                st.column_config.NumberColumn(_(label), format="%d", width="small")
                if key == "level"
                else st.column_config.TextColumn(_(label))
            )
            for key, label in BANK_COLUMNS.items()
        },
    )


def bank_section() -> None:
    """Every file of both banks with its status; open, download or delete instructor files."""
    from tutor.ui.bank import bank_folders, scenario_bank

    folders = bank_folders()
    mine = instructor_bank().files()
    bundled = _bundled_files(folders[0])
    loaded = {str(Path(s.path).resolve()): s for s in scenario_bank().scenarios}
    rows = bank_rows({"instructor": mine, "bundled": bundled}, loaded, folders)
    ok = sum(1 for r in rows if r.problem is None)
    st.write(
        _(
            "{ok} of {total} files are valid ({mine} in the instructor bank, listed "
            "first). Click a column's header to sort by it."
        ).format(ok=ok, total=len(rows), mine=len(mine))
    )
    search, where, status = st.columns([2, 1, 1])
    with search:
        st.text_input(
            _("Search"),
            key=STUDIO_BANK_SEARCH_BOX.name,
            placeholder=_("words of the title, id, topic, game or file"),
        )
    with where:
        st.selectbox(
            _("Bank"),
            list(BANK_WHERE),
            key=STUDIO_BANK_WHERE_BOX.name,
            format_func=lambda k: _(BANK_WHERE[k]),
        )
    with status:
        st.selectbox(
            _("Status"),
            list(BANK_STATUS),
            key=STUDIO_BANK_STATUS_BOX.name,
            format_func=lambda k: _(BANK_STATUS[k]),
        )
    shown_rows = filter_rows(
        rows,
        str(STUDIO_BANK_SEARCH_BOX.get() or ""),
        str(STUDIO_BANK_WHERE_BOX.get() or "all"),
        str(STUDIO_BANK_STATUS_BOX.get() or "all"),
    )
    if len(shown_rows) != len(rows):
        st.caption(
            _("{n} of {total} files match.").format(n=len(shown_rows), total=len(rows))
        )
    _bank_table(shown_rows)
    message = STUDIO_BANK_MSG.pop()
    if message is not None:
        (st.success if message[0] == "ok" else st.error)(plain(message[1]))
    if not mine:
        st.info(
            _("The instructor bank is empty: save a scenario from Write and check.")
        )
        return
    refused = [f for f in mine if f.refused]
    for f in refused:  # a link: listed with why, never read, opened or offered
        st.error(plain(f.first_problem or ""))
    by_name = {f.path.name: f for f in mine if not f.refused}
    if not by_name:
        return
    name = st.selectbox(
        _("Instructor file"), sorted(by_name), key=STUDIO_BANK_PICK.name
    )
    chosen = by_name[name]
    left, middle, right = st.columns(3)
    with left:
        st.button(
            _("Open in the editor (replaces its text)"),
            key=STUDIO_BANK_OPEN.name,
            on_click=_open_file,
            args=(str(chosen.path),),
        )
    with middle:
        try:
            data = instructor_bank().read(chosen.path)
        except BankWriteError as exc:
            data = None
            st.caption(plain(without_paths(str(exc))))
        st.download_button(
            _("Download"),
            data or b"",
            file_name=chosen.path.name,
            mime="application/yaml",
            key=STUDIO_BANK_DOWNLOAD.name,
            disabled=data is None,
        )
    with right:
        stem = chosen.path.stem
        confirm = st.checkbox(
            _("Yes, delete {name}").format(name=stem),
            key=STUDIO_CONFIRM_DELETE.name,
            help=_("The file's content is kept as a numbered version in .versions/."),
        )
        st.button(
            _("Delete"),
            key=STUDIO_BANK_DELETE.name,
            disabled=not confirm,
            on_click=_delete,
            args=(stem,),
        )
    kept = instructor_bank().versions(stem) if chosen.scenario_id or stem else []
    if kept:
        st.caption(
            ngettext(
                "{n} earlier version kept in .versions/{name}/.",
                "{n} earlier versions kept in .versions/{name}/.",
                len(kept),
            ).format(n=len(kept), name=stem)
        )
