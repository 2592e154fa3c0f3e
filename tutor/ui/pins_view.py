"""The Class view's "PINs" view: who has a PIN, and an instructor's reset (a one-time PIN
shown once, the learner signed out everywhere, the lock on their name lifted)."""

from __future__ import annotations

import pandas  # type: ignore[import-untyped]
import streamlit as st

from tutor.i18n import _
from tutor.progress import ProgressStore
from tutor.ui.text import plain

#: Session key: the one-time PIN a reset gave, shown once (name, PIN).
RESET_SHOWN = "cv_pin_reset"
#: How many learners the list shows at most.
LIST_MAX = 1000


def _reset(store: ProgressStore) -> None:
    name = str(st.session_state.get("cv_pin_name") or "")
    learner = store.find_learner(name) if name.strip() else None
    if learner is None:
        st.session_state[RESET_SHOWN] = (name, None)
        return
    st.session_state[RESET_SHOWN] = (learner.name, store.reset_pin(learner))
    st.session_state["cv_pin_name"] = ""


def pins_view(store: ProgressStore) -> None:
    """Who has a PIN; reset one by name."""
    rows = store.learner_pins(limit=LIST_MAX)
    with st.form("cv_pin_form", border=True):
        st.text_input(
            _("Reset the PIN of"),
            key="cv_pin_name",
            placeholder=_("The learner's name"),
            help=_(
                "The learner gets a one-time PIN, shown here once: give it to them in "
                "person. They are signed out in every browser, and choose their own PIN "
                "when they sign in with it."
            ),
        )
        st.form_submit_button(
            _("Reset the PIN"), key="cv_pin_reset_go", on_click=_reset, args=(store,)
        )
    done = st.session_state.pop(RESET_SHOWN, None)
    if done is not None:
        name, pin = done
        if pin is None:
            st.error(
                _("There is no learner named {name}. Check the spelling.").format(
                    name=plain(name[:60])
                )
            )
        else:
            st.success(
                _(
                    "One-time PIN for {name}: **{pin}**. It is shown only now and opens "
                    "the record once."
                ).format(name=plain(name), pin=pin)
            )
    with_pin = sum(1 for _learner, has in rows if has)
    st.markdown(
        _("**{with_pin} of {n} learners** have a PIN.").format(
            with_pin=with_pin, n=len(rows)
        )
    )
    st.dataframe(
        pandas.DataFrame(
            [
                {"name": learner.name, "pin": _("yes") if has else _("no")}
                for learner, has in rows
            ],
            columns=["name", "pin"],
        ),
        hide_index=True,
        width="stretch",
        key="cv_pin_table",
        column_config={
            "name": st.column_config.TextColumn(_("Learner")),
            "pin": st.column_config.TextColumn(_("Has a PIN?")),
        },
    )
