"""The Class view's classes and assignments (instructors): create a class and its join code
(or, in sign-in mode, the identities it lists), see who is in it, set assignments from bank
scenarios and drill targets, follow each learner's completion and first-attempt score with
late work marked, and export a set or an assignment for an LMS.
"""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta

import streamlit as st

from tutor.engine import GAME_LABELS, PRESETS, TutorError
from tutor.i18n import _
from tutor.progress import ProgressStore
from tutor.progress import classes as cl
from tutor.ui import dates
from tutor.ui.state import (
    CV_ASG_ADD,
    CV_ASG_CLEAR,
    CV_ASG_COUNT,
    CV_ASG_DEL,
    CV_ASG_DRILLS,
    CV_ASG_DUE,
    CV_ASG_GAME,
    CV_ASG_OPENS,
    CV_ASG_PRESET,
    CV_ASG_SCENARIOS,
    CV_ASG_SET,
    CV_ASG_TARGET,
    CV_ASG_TITLE,
    CV_CLASS,
    CV_CLASS_MSG,
    CV_IDS,
    CV_IDS_SAVE,
    CV_NEW_CLASS,
    CV_RM,
)
from tutor.ui.text import plain

#: Session key: the drill items added to the assignment being set (list of Items).
PENDING_DRILLS = CV_ASG_DRILLS


def _say(kind: str, text: str) -> None:
    CV_CLASS_MSG.set((kind, text))


def show_message() -> None:
    """The last class or assignment action's result (once)."""
    message = CV_CLASS_MSG.pop()
    if message is not None:
        (st.success if message[0] == "ok" else st.error)(plain(message[1]))


# -- classes ---------------------------------------------------------------------------------
def _create_class(store: ProgressStore) -> None:
    name = str(CV_NEW_CLASS.get() or "")
    try:
        made = cl.create_class(store, name)
    except TutorError as exc:
        _say("error", str(exc))
        return
    CV_NEW_CLASS.set("")
    CV_CLASS.set(made.id)
    _say(
        "ok",
        _(
            "Class {name} created. Its join code is {code}: give it to your learners."
        ).format(name=made.name, code=made.join_code),
    )


def _save_list(store: ProgressStore, class_id: int) -> None:
    try:
        listed = cl.clean_identities(str(CV_IDS.at(class_id).get() or ""))
        cl.set_identities(store, class_id, listed)
    except TutorError as exc:
        _say("error", str(exc))
        return
    _say("ok", _("The class lists {n} identities.").format(n=len(listed)))


def _remove(store: ProgressStore, class_id: int, learner_id: int) -> None:
    try:
        cl.remove_member(store, class_id, learner_id)
    except TutorError as exc:
        _say("error", str(exc))


def classes_view(store: ProgressStore) -> None:
    """Create a class; each class's join code, members, and (sign-in mode) listed identities."""
    from tutor.auth import auth_mode

    show_message()
    with st.form("cv_class_form", clear_on_submit=False, border=True):
        st.text_input(_("New class"), key=CV_NEW_CLASS.name, max_chars=cl.NAME_MAX)
        st.form_submit_button(
            _("Create the class"), on_click=_create_class, args=(store,)
        )
    found = cl.classes(store)
    if not found:
        st.info(
            _("No class yet: create one, then give its join code to your learners.")
        )
        return
    signin = auth_mode() == "signin"
    for info in found:
        with st.expander(
            _("{name}: join code {code}, {n} learners").format(
                name=plain(info.name), code=info.join_code, n=info.members
            ),
            expanded=CV_CLASS.get() == info.id,
        ):
            st.markdown(
                _("Learners join on the Learn page with the code **{code}**.").format(
                    code=info.join_code
                )
            )
            if signin:
                st.text_area(
                    _(
                        "Identities in this class (e-mails, one a line): each joins on "
                        "their next visit"
                    ),
                    value="\n".join(cl.identities(store, info.id)),
                    key=CV_IDS.at(info.id).name,
                )
                st.button(
                    _("Save the list"),
                    key=CV_IDS_SAVE.at(info.id).name,
                    on_click=_save_list,
                    args=(store, info.id),
                )
            people = cl.members(store, info.id)
            if not people:
                st.caption(_("Nobody has joined yet."))
            for learner in people:
                name, button = st.columns([4, 1])
                name.markdown(plain(learner.name))
                button.button(
                    _("Remove"),
                    key=CV_RM.at(info.id, learner.id).name,
                    on_click=_remove,
                    args=(store, info.id, learner.id),
                )


# -- assignments -----------------------------------------------------------------------------
def _when(day: object, at: time) -> datetime | None:
    if not isinstance(day, date):
        return None
    return datetime.combine(day, at, tzinfo=UTC)


def _add_drill() -> None:
    target = CV_ASG_TARGET.get()
    if not target:
        return
    item = cl.Item(
        target=str(target),
        game=str(CV_ASG_GAME.get()),
        preset=str(CV_ASG_PRESET.get()),
        count=int(CV_ASG_COUNT.get() or 1),
    )
    PENDING_DRILLS.setdefault().append(item)


def _clear_drills() -> None:
    PENDING_DRILLS.set([])


def _set_assignment(store: ProgressStore, class_id: int) -> None:
    opens = _when(CV_ASG_OPENS.get(), time(0, 0))
    due = _when(CV_ASG_DUE.get(), time(23, 59))
    if opens is None or due is None:
        _say("error", _("Choose an opening date and a due date."))
        return
    items = [cl.Item(scenario_id=str(sid)) for sid in CV_ASG_SCENARIOS.get() or []]
    items.extend(PENDING_DRILLS.get() or [])
    try:
        made = cl.create_assignment(
            store, class_id, str(CV_ASG_TITLE.get() or ""), opens, due, items
        )
    except TutorError as exc:
        _say("error", str(exc))
        return
    PENDING_DRILLS.set([])
    CV_ASG_TITLE.set("")
    CV_ASG_SCENARIOS.set([])
    _say(
        "ok",
        _("Assignment {title} set: open from {opens}, due {due}.").format(
            title=made.title,
            opens=dates.day(opens),
            due=dates.moment(due),
        ),
    )


def _drill_label(item: cl.Item) -> str:
    from tutor.drills.targets import TARGETS

    spec = TARGETS.get(str(item.target))
    title = spec.title if spec is not None else str(item.target)
    return _("{title} ({game}, {preset}): {n} generated questions per learner").format(
        title=title,
        game=GAME_LABELS.get(str(item.game), str(item.game)),
        preset=item.preset,
        n=item.count,
    )


def _item_label(item: cl.Item) -> str:
    """An assignment item as the instructor reads it."""
    from tutor.ui.bank import scenario_bank, scenario_label

    if item.is_drill:
        return _drill_label(item)
    scenario = scenario_bank().get(str(item.scenario_id))
    if scenario is None:
        return _(
            "Bank scenario {id} (no longer in the bank: it counts no question)"
        ).format(id=item.scenario_id)
    return _("Bank scenario: {label}").format(label=scenario_label(scenario))


def _assignment_form(store: ProgressStore, class_id: int) -> None:
    from tutor.drills.targets import TARGETS, targets_for
    from tutor.ui.bank import in_course_order, scenario_bank, scenario_label

    bank = {s.id: s for s in in_course_order(scenario_bank().scenarios)}
    with st.expander(_("Set an assignment"), expanded=True):
        st.text_input(_("Title"), key=CV_ASG_TITLE.name, max_chars=cl.TITLE_MAX)
        opens, due = st.columns(2)
        today = datetime.now(UTC).date()
        opens.date_input(_("Opens on"), value=today, key=CV_ASG_OPENS.name)
        due.date_input(
            _("Due on (at 23:59 UTC)"),
            value=today + timedelta(days=7),
            key=CV_ASG_DUE.name,
        )
        st.multiselect(
            _("Bank scenarios"),
            list(bank),
            key=CV_ASG_SCENARIOS.name,
            format_func=lambda sid: scenario_label(bank[sid]),
            placeholder=_("Choose scenarios from both banks"),
        )
        st.markdown(
            _(
                "**Drill targets**: questions generated for each learner from a seed they "
                "keep (the same hands on a retry, other hands for another learner)."
            )
        )
        game, preset, target, count = st.columns([1, 1, 2, 1])
        chosen_game = game.selectbox(
            _("Game"),
            list(GAME_LABELS),
            key=CV_ASG_GAME.name,
            format_func=GAME_LABELS.__getitem__,
        )
        chosen_preset = preset.selectbox(
            _("House rules"), list(PRESETS), key=CV_ASG_PRESET.name
        )
        fitting = [
            t.name for t in targets_for(str(chosen_game)) if chosen_preset in t.presets
        ]
        target.selectbox(
            _("Target"),
            fitting,
            key=CV_ASG_TARGET.name,
            format_func=lambda name: TARGETS[name].title,
        )
        count.number_input(
            _("Questions"),
            min_value=1,
            max_value=cl.COUNT_MAX,
            value=3,
            key=CV_ASG_COUNT.name,
        )
        add, clear = st.columns(2)
        add.button(_("Add this drill target"), key=CV_ASG_ADD.name, on_click=_add_drill)
        pending: list[cl.Item] = PENDING_DRILLS.get() or []
        if pending:
            clear.button(
                _("Clear the drill targets"),
                key=CV_ASG_CLEAR.name,
                on_click=_clear_drills,
            )
            for item in pending:
                st.caption(plain(_drill_label(item)))
        st.button(
            _("Set the assignment"),
            key=CV_ASG_SET.name,
            type="primary",
            on_click=_set_assignment,
            args=(store, class_id),
        )


def _marks_table(marks: list[cl.Mark]) -> None:
    import pandas  # type: ignore[import-untyped]

    rows = [
        {
            "learner": m.learner,
            "done": f"{m.answered} / {m.questions}",
            "completion": round(100 * m.completion),
            "first-attempt score": round(100 * m.score),
            "late": _("yes ({n} late)").format(n=m.late) if m.late else "",
            "complete": _("yes") if m.complete else "",
        }
        for m in marks
    ]
    st.dataframe(
        pandas.DataFrame(
            rows,
            columns=[
                "learner",
                "done",
                "completion",
                "first-attempt score",
                "late",
                "complete",
            ],
        ),
        hide_index=True,
        width="stretch",
        column_config={
            "learner": st.column_config.TextColumn(_("Learner")),
            "done": st.column_config.TextColumn(_("Questions answered")),
            "completion": st.column_config.ProgressColumn(
                _("Completion"), format="%d%%", min_value=0, max_value=100
            ),
            "first-attempt score": st.column_config.ProgressColumn(
                _("First-attempt score"), format="%d%%", min_value=0, max_value=100
            ),
            "late": st.column_config.TextColumn(_("Late work")),
            "complete": st.column_config.TextColumn(_("Complete")),
        },
    )


def _delete(store: ProgressStore, assignment_id: int) -> None:
    try:
        cl.delete_assignment(store, assignment_id)
    except TutorError as exc:
        _say("error", str(exc))
        return
    _say("ok", _("The assignment was deleted (the answers given stay)."))


def assignment_marks(store: ProgressStore, assignment: cl.Assignment) -> list[cl.Mark]:
    """Every member's progress on the assignment (as the table and the gradebook show it)."""
    from tutor.ui.assignments import fixed_questions

    return cl.progress(store, assignment, fixed_questions(assignment))


def assignments_view(store: ProgressStore, class_id: int | None) -> None:
    """Set an assignment for the chosen class; each assignment's progress and exports."""
    from tutor.ui.lms_export import assignment_downloads, gradebook_download

    show_message()
    found = cl.classes(store)
    if not found:
        st.info(_("Create a class first (the Classes view), then set it assignments."))
        return
    if class_id is None:
        st.info(_("Choose a class above to set and follow its assignments."))
        return
    info = next((c for c in found if c.id == class_id), None)
    if info is None:
        st.info(_("That class is gone: choose another above."))
        return
    _assignment_form(store, class_id)
    mine = cl.assignments(store, class_id)
    if not mine:
        st.caption(_("No assignment yet for this class."))
        return
    now = datetime.now(UTC)
    all_marks: list[tuple[cl.Assignment, list[cl.Mark]]] = []
    for assignment in mine:
        marks = assignment_marks(store, assignment)
        all_marks.append((assignment, marks))
        status = (
            _("not open yet")
            if assignment.opens_at > now
            else _("past due")
            if assignment.due_at < now
            else _("open")
        )
        with st.expander(
            _("{title} · due {due} · {status}").format(
                title=plain(assignment.title),
                due=dates.moment(assignment.due_at),
                status=status,
            ),
            expanded=True,
        ):
            for item in assignment.items:
                st.caption(plain(_item_label(item)))
            _marks_table(marks)
            assignment_downloads(store, assignment)
            confirm = st.checkbox(
                _("Yes, delete this assignment"),
                key=CV_ASG_DEL.at("ok", assignment.id).name,
            )
            st.button(
                _("Delete"),
                key=CV_ASG_DEL.at(assignment.id).name,
                disabled=not confirm,
                on_click=_delete,
                args=(store, assignment.id),
            )
    gradebook_download(info, all_marks)
