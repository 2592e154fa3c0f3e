"""The Studio: write a scenario with live checks, preview it as a learner, save and manage the bank.

The editor is the ``streamlit-code-editor`` component (Ace: line numbers, YAML highlighting,
its scripts served from the installed package, so it works offline); a plain text box is
offered too (screen readers, and the headless tests). The text in the session
(``STUDIO_TEXT``) is the one draft: a template, a bank scenario or an uploaded file only
replaces it when a button says so, and the text it replaced can be taken back.

How the editor never loses the author's text (issue 21):

- A component's state lives in its browser frame. When the editor is not drawn on a run
  (another section, the plain box) Streamlit unmounts it and drops its value; drawn again,
  it mounts afresh with the text it is given. It is always given the draft (never the text
  a button last loaded), so it comes back showing the draft, and its first "blur" sends the
  draft back unchanged.
- The editor's latest response is taken into the draft at the start of every run and
  before anything replaces or saves the draft (:func:`take_editor_text`): a response that
  arrives with a click on another section, Save or a template button is not dropped.
- Any change to the component's arguments re-renders Ace with the component's own copy of
  the text, which lags the keyboard by the debounce pause, and react-ace then resets the
  editor to it (the characters typed since are lost). So the arguments never change while
  the editor is mounted: the located problems reach Ace's gutter through a small
  same-origin script (:func:`_gutter_marks`), not through the component's ``props``.
- Live autocompletion is off: Enter would otherwise replace a typed word by a suggestion.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import streamlit as st
from babel.numbers import format_decimal

from tutor import config, files
from tutor.asks import describe
from tutor.engine.errors import ScenarioError, TutorError
from tutor.engine.rules import DEFAULT_GAME, GAME_LABELS, PRESETS
from tutor.i18n import N_, _, ngettext
from tutor.numbers import format_count, locale_of
from tutor.scenarios.bank import check_text
from tutor.scenarios.model import Scenario
from tutor.scenarios.nodes import MAX_BYTES
from tutor.scenarios.places import Located, locate
from tutor.scenarios.replay import answer_scenario, walk
from tutor.scenarios.templates import template, template_topics
from tutor.scenarios.writer import BankFile, BankWriteError, InstructorBank
from tutor.ui.state import (
    STUDIO_BANK_SEARCH,
    STUDIO_BANK_STATUS,
    STUDIO_BANK_WHERE,
    STUDIO_PLAIN_TEXT,
    STUDIO_PREVIEW_BANK,
    STUDIO_TEXT,
    STUDIO_UNDO,
    Settings,
)
from tutor.ui.studio_draft import (
    SECTIONS,
    editor_key,
    load_text,
    take_editor_text,
)
from tutor.ui.text import plain, without_paths

DRAFT = "draft.yaml"


@dataclass(frozen=True)
class Draft:
    """The checked draft: its problems located, or the scenario and the engine's answers."""

    text: str
    size: int
    problems: tuple[Located, ...]
    scenario: Scenario | None
    answers: tuple[dict[str, Any], ...]


def _count(n: int) -> str:
    """A count of bytes with the language's digit grouping (262,144; 262.144)."""
    return str(format_decimal(n, locale=locale_of(None)))


def check_draft(text: str) -> Draft:
    """Check the draft (size first, then schema and replay) and locate each problem."""
    size = len(text.encode("utf-8"))
    if size > MAX_BYTES:
        over = ScenarioError(
            _(
                "the text is {size} bytes, over the limit of {limit} bytes (256 KiB): "
                "a scenario is one hand; split it into several scenarios."
            ).format(size=_count(size), limit=_count(MAX_BYTES)),
            DRAFT,
            1,
            1,
        )
        return Draft(text, size, (locate(over),), None, ())
    scenario, problems = check_text(text, DRAFT)
    if scenario is None:
        found = problems or [ScenarioError(_("this is not a scenario."), DRAFT, 1, 1)]
        return Draft(text, size, tuple(locate(p) for p in found), None, ())
    answers = tuple(answer_scenario(scenario)["answers"])
    return Draft(text, size, (), scenario, answers)


def current_draft() -> Draft:
    """The session's draft, checked once per distinct text."""
    text = st.session_state.get(STUDIO_TEXT, "")
    digest = hashlib.blake2b(text.encode("utf-8"), digest_size=16).hexdigest()
    kept = st.session_state.get("studio_checked")
    if kept is not None and kept[0] == digest:
        draft: Draft = kept[1]
        return draft
    draft = check_draft(text)
    st.session_state["studio_checked"] = (digest, draft)
    return draft


# -- loading text into the editor ----------------------------------------------------------
def _undo() -> None:
    old = st.session_state.pop(STUDIO_UNDO, None)
    if old is not None:
        load_text(old, _("the text it held before"))
        st.session_state.pop(STUDIO_UNDO, None)


def _from_template() -> None:
    game = st.session_state.get("studio_template_game", DEFAULT_GAME.value)
    topic = st.session_state.get("studio_template_topic")
    if topic in template_topics(game):
        load_text(
            template(topic, game),
            _("the blank {topic} template ({game})").format(
                topic=topic, game=_(GAME_LABELS[game])
            ),
        )


def _from_bank(scenarios: dict[str, Scenario]) -> None:
    chosen = scenarios.get(st.session_state.get("studio_copy_id", ""))
    if chosen is None:
        return
    try:
        text = files.read_regular(chosen.path, MAX_BYTES).decode("utf-8")
    except files.UnsafeFile as exc:
        st.session_state["studio_notice"] = without_paths(exc.problem.message)
        return
    except (OSError, UnicodeDecodeError) as exc:
        st.session_state["studio_notice"] = _(
            "That file cannot be read: {why}."
        ).format(why=getattr(exc, "strerror", None) or type(exc).__name__)
        return
    load_text(
        text,
        _("a copy of {id}: change its id before you save it").format(id=chosen.id),
    )


def _from_upload() -> None:
    upload = st.session_state.get("studio_upload")
    if upload is None:
        st.session_state["studio_notice"] = _("Choose a file to upload first.")
        return
    data = upload.getvalue()
    if len(data) > MAX_BYTES:
        st.session_state["studio_notice"] = _(
            "{name} is {size} bytes, over the limit of {limit} "
            "bytes (256 KiB): it was not put in the editor."
        ).format(name=upload.name, size=_count(len(data)), limit=_count(MAX_BYTES))
        return
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        st.session_state["studio_notice"] = _(
            "{name} is not UTF-8 text: it was not put in the editor."
        ).format(name=upload.name)
        return
    load_text(text, _("the uploaded file {name}").format(name=upload.name))


def _sources(settings: Settings) -> None:
    from tutor.ui.bank import scenario_bank

    st.markdown(
        _(
            "**Start from** a blank template, a copy of a bank scenario, or a file. Each "
            "replaces the editor's text only when you press its button."
        )
    )
    blank, copy, upload = st.columns(3)
    with blank:
        if settings.game in GAME_LABELS:  # the sidebar's game, when one is chosen
            st.session_state.setdefault("studio_template_game", settings.game)
        game = st.selectbox(
            _("Template game"),
            list(GAME_LABELS),
            key="studio_template_game",
            format_func=lambda g: _(GAME_LABELS[g]),
        )
        st.selectbox(_("Topic"), template_topics(game), key="studio_template_topic")
        st.button(
            _("Start from the template"),
            key="studio_use_template",
            on_click=_from_template,
        )
    with copy:
        scenarios = {s.id: s for s in scenario_bank().scenarios}
        st.selectbox(_("Bank scenario"), sorted(scenarios), key="studio_copy_id")
        st.button(
            _("Copy it into the editor"),
            key="studio_use_copy",
            on_click=_from_bank,
            args=(scenarios,),
        )
    with upload:
        st.file_uploader(
            _("Scenario file (.yaml, at most {kib} KiB)").format(kib=MAX_BYTES // 1024),
            type=["yaml", "yml"],
            key="studio_upload",
            max_upload_size=1,
        )
        st.button(
            _("Put the file in the editor"),
            key="studio_use_upload",
            on_click=_from_upload,
        )
    notice = st.session_state.pop("studio_notice", None)
    if notice:
        st.info(notice)
    if st.session_state.get(STUDIO_UNDO) is not None:
        st.button(
            _("Undo: take back the previous text"),
            key="studio_undo_btn",
            on_click=_undo,
        )


# -- the editor ----------------------------------------------------------------------------
def _plain_changed() -> None:
    st.session_state[STUDIO_TEXT] = st.session_state.get(STUDIO_PLAIN_TEXT, "")


#: The Ace options and props of the editor: the same on every run (see the module's
#: docstring: a changed argument would re-render Ace with a stale copy of the text).
EDITOR_OPTIONS = {
    "wrap": True,
    "showLineNumbers": True,
    "tabSize": 2,
    # Ace's own YAML worker would replace our located problems with its (syntax-only)
    # annotations whenever it answers after us.
    "useWorker": False,
}
EDITOR_PROPS = {
    "debounceChangePeriod": 400,
    "scrollMargin": [0, 0, 0, 0],
    # Enter must make a new line, never take a suggestion in place of the typed word.
    "enableLiveAutocompletion": False,
    "enableBasicAutocompletion": False,
    "enableSnippets": False,
}
#: Finds the Ace editor in the code editor's frame (same origin) and puts the located
#: problems in its gutter; tries for a few seconds while the editor mounts. It runs on
#: every run (``run`` changes the frame's text): Ace shifts its gutter marks by itself as
#: lines are typed, so the marks are put back each time the checks have run.
_GUTTER_SCRIPT = """<!-- run {run} --><script id="marks" type="application/json">{marks}</script><script>
(function () {{
  const marks = JSON.parse(document.getElementById("marks").textContent);
  let tries = 0;
  function put() {{
    let done = false;
    for (const frame of window.parent.document.querySelectorAll(
        'iframe[title*="code_editor"]')) {{
      try {{
        const el = frame.contentDocument && frame.contentDocument.querySelector(
          ".ace_editor");
        if (el && el.env && el.env.editor) {{
          el.env.editor.session.setAnnotations(marks);
          done = true;
        }}
      }} catch (e) {{}}
    }}
    if (!done && tries++ < 150) {{ setTimeout(put, 100); }}
  }}
  put();
}})();
</script>"""


def gutter_marks_html(draft: Draft, run: int = 0) -> str:
    """The script that marks each problem's line in Ace's gutter (JSON kept inert).

    >>> gutter_marks_html(check_draft("a: </script>")).count("</script>")  # its own two
    2
    """
    marks = [
        {"row": p.line - 1, "column": p.column - 1, "type": "error", "text": p.message}
        for p in draft.problems
    ]
    data = (
        json.dumps(marks)
        .replace("<", "\\u003c")
        .replace(">", "\\u003e")
        .replace("&", "\\u0026")
    )
    return _GUTTER_SCRIPT.format(marks=data, run=run)


def _gutter_marks(draft: Draft) -> None:
    run = st.session_state.get("studio_marks_run", 0) + 1
    st.session_state["studio_marks_run"] = run
    with st.container(key="studio_gutter_marks"):
        st.html("<style>.st-key-studio_gutter_marks{display:none}</style>")
        st.iframe(gutter_marks_html(draft, run), height=1)


def _editor(draft: Draft) -> None:
    plain_box = st.toggle(
        _("Plain text box (no highlighting; for screen readers)"), key="studio_plain"
    )
    if plain_box:
        # the box always opens on the draft (Streamlit forgets an undrawn box's value)
        st.session_state[STUDIO_PLAIN_TEXT] = st.session_state[STUDIO_TEXT]
        st.text_area(
            _("Scenario YAML"),
            key=STUDIO_PLAIN_TEXT,
            height=420,
            on_change=_plain_changed,
        )
        return
    from code_editor import code_editor  # type: ignore[import-untyped]

    # The draft is the text a new mount starts from; a mounted editor ignores it (it keeps
    # what the author types), so passing it on every run changes nothing on screen.
    code_editor(
        st.session_state[STUDIO_TEXT],
        lang="yaml",
        height=[18, 30],
        response_mode=["debounce", "blur"],
        options=EDITOR_OPTIONS,
        props=EDITOR_PROPS,
        key=editor_key(),
    )
    before = st.session_state[STUDIO_TEXT]
    take_editor_text()
    if st.session_state[STUDIO_TEXT] != before:
        st.rerun()  # check the new text, and draw the page for it
    _gutter_marks(draft)


def quoted_line(text: str, line: int, column: int) -> str:
    """The line ``line`` of ``text`` with its number and a caret under ``column``.

    >>> print(quoted_line("a: 1\\nb: [2", 2, 4))
       2 | b: [2
              ^
    """
    lines = text.splitlines()
    shown = lines[line - 1] if 0 < line <= len(lines) else ""
    prefix = f"{line:>4} | "
    return f"{prefix}{shown}\n{' ' * (len(prefix) + max(column - 1, 0))}^"


def show_problems(draft: Draft) -> None:
    """Each problem at its line, in words, with the line quoted (all of it plain text)."""
    count = len(draft.problems)
    st.error(
        ngettext(
            "{n} problem: fix it in the editor; the checks run again as you type.",
            "{n} problems: fix them in the editor; the checks run again as you type.",
            count,
        ).format(n=count)
    )
    for p in draft.problems:
        with st.container(border=True):
            st.markdown(f"**{plain(p.heading)}:** {plain(p.message)}")
            st.code(
                quoted_line(draft.text, p.line, p.column),
                language=None,
                wrap_lines=True,
            )


def show_answers(draft: Draft) -> None:
    """The valid draft: its id, and the engine's answer to every ask."""
    scenario = draft.scenario
    assert scenario is not None
    count = len(draft.answers)
    st.success(
        ngettext(
            "Valid: {id}. The engine answers its {n} question.",
            "Valid: {id}. The engine answers its {n} questions.",
            count,
        ).format(id=plain(scenario.id), n=count)
    )
    from tutor.ui.rules_page import rule_links

    for answer in draft.answers:
        st.markdown(
            _("**Step {step}, {kind}:** {answer} — {why}").format(
                step=answer["step"] + 1,
                kind=plain(answer["kind"]),
                answer=plain(_answer_words(answer)),
                why=plain(answer["explanation"]),
            )
        )
        st.caption(_("Rules: {rules}").format(rules=rule_links(answer["rules"])))


def _answer_words(answer: dict[str, Any]) -> str:
    """The engine's answer as the learner's screen says it (the JSON if it cannot)."""
    try:
        return describe(str(answer["kind"]), answer["answer"])
    except (KeyError, TypeError, ValueError, AttributeError):
        return json.dumps(answer["answer"])


def write_section(settings: Settings) -> None:
    """Sources, editor, live checks, save and download."""
    st.session_state.setdefault(STUDIO_TEXT, "")
    _sources(settings)
    draft = current_draft()
    _editor(draft)
    draft = current_draft()
    st.caption(
        _(
            "{size} of {limit} bytes (the limit is 256 KiB). Checks run as you type "
            "(after a short pause) and when you leave the editor; Ctrl+Enter checks at "
            "once."
        ).format(size=format_count(draft.size), limit=format_count(MAX_BYTES))
    )
    if not draft.text.strip():
        st.info(
            _("The editor is empty: start from a template, a bank scenario or a file.")
        )
        return
    if draft.problems:
        show_problems(draft)
    else:
        show_answers(draft)
    save_controls(draft)


# -- saving --------------------------------------------------------------------------------
def _bank_label(path: str, folders: tuple[str, ...]) -> str:
    """Where a file lives, without the server's folders: ``the bundled bank (ante/x.yaml)``."""
    for name, folder in zip(
        (_("the bundled bank"), _("the instructor bank")), folders, strict=False
    ):
        try:
            return _("{bank} ({file})").format(
                bank=name, file=Path(path).resolve().relative_to(Path(folder).resolve())
            )
        except ValueError:
            continue
    return Path(path).name


def taken_ids(target: Path) -> dict[str, str]:
    """Ids of the loaded bank other than the file ``target`` -> where they live."""
    from tutor.ui.bank import bank_folders, scenario_bank

    folders = bank_folders()
    out: dict[str, str] = {}
    for scenario in scenario_bank().scenarios:
        if Path(scenario.path).resolve() != target.resolve():
            out[scenario.id] = _bank_label(scenario.path, folders)
    return out


def instructor_bank() -> InstructorBank:
    """The writable instructor bank of this configuration."""
    return InstructorBank(config.instructor_bank_dir())


def _save() -> None:
    from tutor.ui.data import forget_scans

    take_editor_text()  # a last change sent with the click is part of the draft
    text = st.session_state.get(STUDIO_TEXT, "")
    bank = instructor_bank()
    try:
        draft = current_draft()
        if draft.scenario is None:
            raise BankWriteError(
                _(
                    "the scenario has problems: fix them, then save again. "
                    "Nothing was saved."
                )
            )
        target = bank.path_for(draft.scenario.id)
        scenario, path = bank.save(text, taken_ids(target))
    except TutorError as exc:
        st.session_state["studio_saved"] = ("error", str(exc), text)
        return
    forget_scans()
    kept = len(bank.versions(scenario.id))
    st.session_state["studio_saved"] = (
        "ok",
        (
            ngettext(
                "Saved {id} as {file} in the instructor bank ({n} earlier version "
                "kept). Learners find it in Walkthrough and Practice.",
                "Saved {id} as {file} in the instructor bank ({n} earlier versions "
                "kept). Learners find it in Walkthrough and Practice.",
                kept,
            )
            if kept
            else _(
                "Saved {id} as {file} in the instructor bank. Learners find it in "
                "Walkthrough and Practice."
            )
        ).format(id=scenario.id, file=path.name, n=kept),
        text,
    )


def save_controls(draft: Draft) -> None:
    """Save (into the instructor bank) and download buttons, with the last save's result."""
    left, right = st.columns(2)
    with left:
        st.button(
            _("Save to the instructor bank"),
            key="studio_save",
            type="primary",
            disabled=draft.scenario is None,
            on_click=_save,
        )
    with right:
        name = f"{draft.scenario.id}.yaml" if draft.scenario else "draft.yaml"
        st.download_button(
            _("Download the YAML"),
            draft.text.encode("utf-8"),
            file_name=name,
            mime="application/yaml",
            key="studio_download",
        )
    # The result stays on screen while the text is the one it was about (a rerun from the
    # editor leaving focus must not wipe it) and goes at the first edit.
    saved = st.session_state.get("studio_saved")
    if saved is not None and saved[2] != draft.text:
        st.session_state.pop("studio_saved", None)
    elif saved is not None:
        kind, message, _text = saved
        (st.success if kind == "ok" else st.error)(plain(message))


# -- preview -------------------------------------------------------------------------------
def _pv_move(step: int, count: int) -> None:
    pos = st.session_state.get("studio_pv_pos", 0) + step
    st.session_state["studio_pv_pos"] = max(0, min(count - 1, pos))


def preview_bank_scenario(scenario_id: str, step: int | None = None) -> None:
    """Have the preview play a bank scenario (at ``step``), leaving the draft alone."""
    st.session_state[STUDIO_PREVIEW_BANK] = scenario_id
    st.session_state["studio_pv_goto"] = step
    st.session_state["studio_section"] = SECTIONS[1]


def _preview_draft_instead() -> None:
    st.session_state.pop(STUDIO_PREVIEW_BANK, None)


def _preview_source() -> tuple[Scenario | None, str]:
    """What the preview plays: a bank scenario asked for, else the draft; and its text."""
    chosen = st.session_state.get(STUDIO_PREVIEW_BANK)
    if chosen:
        from tutor.ui.bank import scenario_bank

        scenario = scenario_bank().get(str(chosen))
        if scenario is not None:
            st.info(
                _(
                    "Previewing {id} from the bank (the Class view asked for it). Your "
                    "draft is unchanged."
                ).format(id=plain(scenario.id))
            )
            st.button(
                _("Preview my draft instead"),
                key="studio_pv_draft",
                on_click=_preview_draft_instead,
            )
            return scenario, f"bank:{scenario.id}"
        st.session_state.pop(STUDIO_PREVIEW_BANK, None)
    draft = current_draft()
    return draft.scenario, draft.text


def preview_section(settings: Settings) -> None:
    """The draft in the real walkthrough: same table, controls and feedback (nothing recorded)."""
    from tutor.ui.bank import with_preset
    from tutor.ui.walkthrough import _show_step

    scenario, source = _preview_source()
    if scenario is None:
        st.info(
            _(
                "The draft has problems (or is empty): fix it under Write and check, then "
                "preview it here."
            )
        )
        return
    choices = ["as-written", *PRESETS]
    preset = st.selectbox(
        _("House rules"),
        choices,
        key="studio_pv_preset",
        format_func=lambda p: _("As the draft says") if p == "as-written" else p,
    )
    try:
        results = walk(
            with_preset(scenario, None if preset == "as-written" else preset)
        )
    except TutorError as exc:
        st.error(
            plain(
                _("The draft cannot be played under {preset}: {why}").format(
                    preset=preset, why=exc
                )
            )
        )
        return
    if not results:
        st.info(_("The draft has no steps."))
        return
    here = (source, preset)
    if st.session_state.get("studio_pv_of") != here:
        st.session_state["studio_pv_of"] = here
        st.session_state["studio_pv_pos"] = 0
    goto = st.session_state.pop("studio_pv_goto", None)
    if goto is not None:
        at = [i for i, r in enumerate(results) if r.index == goto]
        st.session_state["studio_pv_pos"] = at[0] if at else 0
    pos = max(0, min(len(results) - 1, st.session_state.get("studio_pv_pos", 0)))
    st.caption(_("A preview: answers here are checked but never recorded."))
    learnerless = replace(settings, learner=None, preview=True)
    _show_step(
        scenario,
        results,
        pos,
        len(results),
        learnerless,
        None,
        None,
        prefix="studio_pv",
    )
    back, forward = st.columns(2)
    with back:
        st.button(
            _("Back"),
            key="studio_pv_back",
            on_click=_pv_move,
            args=(-1, len(results)),
            disabled=pos == 0,
        )
    with forward:
        st.button(
            _("Next"),
            key="studio_pv_next",
            on_click=_pv_move,
            args=(1, len(results)),
            disabled=pos == len(results) - 1,
        )


# -- the bank ------------------------------------------------------------------------------
def _open_file(path: str) -> None:
    """Put an instructor bank file in the editor (a link or an outside name is refused)."""
    try:
        text = instructor_bank().read(path).decode("utf-8")
    except BankWriteError as exc:
        st.session_state["studio_bank_msg"] = ("error", without_paths(str(exc)))
        return
    except UnicodeDecodeError:
        st.session_state["studio_bank_msg"] = (
            "error",
            _("{name} is not UTF-8 text: it was not put in the editor.").format(
                name=Path(path).name
            ),
        )
        return
    load_text(text, _("the file {name}").format(name=Path(path).name))
    st.session_state["studio_section"] = SECTIONS[0]


def _delete(scenario_id: str) -> None:
    from tutor.ui.data import forget_scans

    try:
        kept = instructor_bank().delete(scenario_id)
    except TutorError as exc:
        st.session_state["studio_bank_msg"] = ("error", str(exc))
        return
    forget_scans()
    st.session_state["studio_confirm_delete"] = False
    st.session_state["studio_bank_msg"] = (
        "ok",
        _("Deleted {id}; its last content is kept as version {version}.").format(
            id=scenario_id, version=kept.stem
        ),
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
        key="studio_bank_table",
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
            key=STUDIO_BANK_SEARCH,
            placeholder=_("words of the title, id, topic, game or file"),
        )
    with where:
        st.selectbox(
            _("Bank"),
            list(BANK_WHERE),
            key=STUDIO_BANK_WHERE,
            format_func=lambda k: _(BANK_WHERE[k]),
        )
    with status:
        st.selectbox(
            _("Status"),
            list(BANK_STATUS),
            key=STUDIO_BANK_STATUS,
            format_func=lambda k: _(BANK_STATUS[k]),
        )
    shown_rows = filter_rows(
        rows,
        str(st.session_state.get(STUDIO_BANK_SEARCH) or ""),
        str(st.session_state.get(STUDIO_BANK_WHERE) or "all"),
        str(st.session_state.get(STUDIO_BANK_STATUS) or "all"),
    )
    if len(shown_rows) != len(rows):
        st.caption(
            _("{n} of {total} files match.").format(n=len(shown_rows), total=len(rows))
        )
    _bank_table(shown_rows)
    message = st.session_state.pop("studio_bank_msg", None)
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
    name = st.selectbox(_("Instructor file"), sorted(by_name), key="studio_bank_pick")
    chosen = by_name[name]
    left, middle, right = st.columns(3)
    with left:
        st.button(
            _("Open in the editor (replaces its text)"),
            key="studio_bank_open",
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
            key="studio_bank_download",
            disabled=data is None,
        )
    with right:
        stem = chosen.path.stem
        confirm = st.checkbox(
            _("Yes, delete {name}").format(name=stem),
            key="studio_confirm_delete",
            help=_("The file's content is kept as a numbered version in .versions/."),
        )
        st.button(
            _("Delete"),
            key="studio_bank_delete",
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


def studio_page(settings: Settings) -> None:
    """The whole studio (the caller checks the instructor's access first)."""
    take_editor_text()  # whatever the editor sent with this click belongs to the draft
    section = st.radio(
        _("Section"),
        SECTIONS,
        key="studio_section",
        horizontal=True,
        label_visibility="collapsed",
        format_func=_,
    )
    if section == SECTIONS[0]:
        write_section(settings)
    elif section == SECTIONS[1]:
        preview_section(settings)
    elif section == SECTIONS[2]:
        from tutor.ui.builder import builder_section

        builder_section(settings)
    else:
        bank_section()
