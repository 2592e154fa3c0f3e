"""The Class view's "PINs" view: who has a PIN, and an instructor's reset (a one-time PIN
shown once, the learner signed out everywhere, the lock on their name lifted)."""

from __future__ import annotations

import pandas  # type: ignore[import-untyped]
import streamlit as st

from tutor.i18n import _
from tutor.progress import ProgressStore
from tutor.ui.state import PIN_NAME, PIN_RESET_GO, PIN_RESET_SHOWN, PIN_TABLE
from tutor.ui.text import plain

#: How many learners the list shows at most.
LIST_MAX = 1000


def _reset(store: ProgressStore) -> None:
    name = str(PIN_NAME.get() or "")
    learner = store.find_learner(name) if name.strip() else None
    if learner is None:
        PIN_RESET_SHOWN.set((name, None))
        return
    PIN_RESET_SHOWN.set((learner.name, store.reset_pin(learner)))
    PIN_NAME.set("")


def pins_view(store: ProgressStore) -> None:
    """Who has a PIN; reset one by name."""
    rows = store.learner_pins(limit=LIST_MAX)
    with st.form("cv_pin_form", border=True):
        st.text_input(
            _("Reset the PIN of"),
            key=PIN_NAME.name,
            placeholder=_("The learner's name"),
            help=_(
                "The learner gets a one-time PIN, shown here once: give it to them in "
                "person. They are signed out in every browser, and choose their own PIN "
                "when they sign in with it."
            ),
        )
        st.form_submit_button(
            _("Reset the PIN"), key=PIN_RESET_GO.name, on_click=_reset, args=(store,)
        )
    done = PIN_RESET_SHOWN.pop()
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
        key=PIN_TABLE.name,
        column_config={
            "name": st.column_config.TextColumn(_("Learner")),
            "pin": st.column_config.TextColumn(_("Has a PIN?")),
        },
    )
