"""The Studio's editor (Ace, or a plain box), its gutter marks, the located problems and
the answers of a good draft.

A part of the Studio page (:mod:`tutor.ui.studio`), cut along its seams (issue 22).
"""

from __future__ import annotations

import json
from typing import Any

import streamlit as st

from tutor.asks import describe
from tutor.i18n import _, ngettext
from tutor.ui.state import (
    STUDIO_DRAFT,
    STUDIO_GUTTER,
    STUDIO_MARKS_RUN,
    STUDIO_PLAIN,
    STUDIO_PLAIN_BOX,
)
from tutor.ui.studio_check import (
    Draft,
)
from tutor.ui.studio_draft import (
    editor_key,
    take_editor_text,
)
from tutor.ui.text import plain


def _plain_changed() -> None:
    STUDIO_DRAFT.set(STUDIO_PLAIN_BOX.get())


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
    run = STUDIO_MARKS_RUN.get() + 1
    STUDIO_MARKS_RUN.set(run)
    with st.container(key=STUDIO_GUTTER.name):
        st.html("<style>.st-key-studio_gutter_marks{display:none}</style>")
        st.iframe(gutter_marks_html(draft, run), height=1)


def _editor(draft: Draft) -> None:
    plain_box = st.toggle(
        _("Plain text box (no highlighting; for screen readers)"), key=STUDIO_PLAIN.name
    )
    if plain_box:
        # the box always opens on the draft (Streamlit forgets an undrawn box's value)
        STUDIO_PLAIN_BOX.set(STUDIO_DRAFT.get())
        st.text_area(
            _("Scenario YAML"),
            key=STUDIO_PLAIN_BOX.name,
            height=420,
            on_change=_plain_changed,
        )
        return
    from code_editor import code_editor  # type: ignore[import-untyped]

    # The draft is the text a new mount starts from; a mounted editor ignores it (it keeps
    # what the author types), so passing it on every run changes nothing on screen.
    code_editor(
        STUDIO_DRAFT.get(),
        lang="yaml",
        height=[18, 30],
        response_mode=["debounce", "blur"],
        options=EDITOR_OPTIONS,
        props=EDITOR_PROPS,
        key=editor_key(),
    )
    before = STUDIO_DRAFT.get()
    take_editor_text()
    if STUDIO_DRAFT.get() != before:
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
