"""Build a hand by clicking: the table, a card grid, the engine's legal actions, questions."""

from __future__ import annotations

import json
from typing import Any

import streamlit as st

from tutor.engine.errors import TutorError
from tutor.engine.rules import DEFAULT_GAME, GAME_LABELS, PRESETS, TOPICS
from tutor.scenarios import handbuilder as hb
from tutor.ui.state import STUDIO_TEXT, Settings

DOC = "bd_doc"
SUIT_SYMBOLS = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}


def _message(kind: str, text: str) -> None:
    st.session_state["bd_msg"] = (kind, text)


def _new_hand() -> None:
    s = st.session_state
    try:
        s[DOC] = hb.new_document(
            scenario_id=s.get("bd_id") or "built-hand",
            title=s.get("bd_title") or "A hand built by clicking",
            topic=s.get("bd_topic", TOPICS[0]),
            game=s.get("bd_game", DEFAULT_GAME.value),
            rules=s.get("bd_rules", "online"),
            small_bet=f"{float(s.get('bd_small', 2)):g}",
            big_bet=f"{float(s.get('bd_big', 4)):g}",
            ante=f"{float(s.get('bd_ante', 0.5)):g}",
            seats=int(s.get("bd_seats", 3)),
        )
    except Exception as exc:  # noqa: BLE001 - any bad choice is shown as a sentence
        _message("error", f"That table cannot be built: {exc}")
        return
    _message("ok", "A new hand: deal each player's cards from the grid.")


def _from_draft() -> None:
    from tutor.ui.studio import take_editor_text

    take_editor_text()
    try:
        st.session_state[DOC] = hb.load_document(st.session_state.get(STUDIO_TEXT, ""))
    except TutorError as exc:
        _message("error", str(exc))
        return
    _message(
        "ok", "The builder now continues the editor's draft (its comments are kept)."
    )


def _seat_index() -> int:
    """The seat chosen in "Deal the next card to" (the first one if none)."""
    names = [str(seat.get("name")) for seat in st.session_state[DOC]["seats"]]
    chosen = st.session_state.get("bd_to")
    return names.index(chosen) if chosen in names else 0


def _deal(card: str) -> None:
    try:
        hb.deal(st.session_state[DOC], _seat_index(), card)
    except TutorError as exc:
        _message("error", str(exc))


def _undeal() -> None:
    hb.undeal(st.session_state[DOC], _seat_index())


def _act(text: str) -> None:
    hb.add_action(st.session_state[DOC], text)


def _ask(kind: str, player: str | None, answer: Any) -> None:
    with_expect = bool(st.session_state.get("bd_expect", True))
    prompt = (st.session_state.get("bd_prompt") or "").strip() or None
    hb.add_ask(
        st.session_state[DOC], kind, player, prompt, answer if with_expect else None
    )
    st.session_state["bd_prompt"] = ""


def _undo() -> None:
    hb.undo_step(st.session_state[DOC])


def _to_editor() -> None:
    from tutor.ui.studio import SECTIONS, load_text

    load_text(hb.dump(st.session_state[DOC]), "the hand built by clicking")
    st.session_state["studio_section"] = SECTIONS[0]


def _table_form() -> None:
    with st.expander("The table", expanded=DOC not in st.session_state):
        left, middle, right = st.columns(3)
        with left:
            st.text_input("Id", value="built-hand", key="bd_id")
            st.text_input("Title", value="A hand built by clicking", key="bd_title")
            st.selectbox("Topic", TOPICS, key="bd_topic")
        with middle:
            st.selectbox(
                "Game",
                list(GAME_LABELS),
                key="bd_game",
                format_func=GAME_LABELS.__getitem__,
            )
            st.selectbox("House rules", list(PRESETS), key="bd_rules")
            st.number_input(
                "Players", min_value=2, max_value=8, value=3, key="bd_seats"
            )
        with right:
            st.number_input(
                "Small bet", min_value=0.25, value=2.0, step=0.25, key="bd_small"
            )
            st.number_input(
                "Big bet", min_value=0.25, value=4.0, step=0.25, key="bd_big"
            )
            st.number_input("Ante", min_value=0.0, value=0.5, step=0.25, key="bd_ante")
        one, two = st.columns(2)
        one.button("Start a new hand", key="bd_new", type="primary", on_click=_new_hand)
        two.button(
            "Continue the editor's draft", key="bd_from_draft", on_click=_from_draft
        )


def _card_grid(doc: Any) -> None:
    seats = list(doc["seats"])
    names = [str(s.get("name")) for s in seats]
    st.radio("Deal the next card to", names, key="bd_to", horizontal=True)
    st.caption(
        " · ".join(
            f"{n}: {seat.get('cards') or 'no cards'}"
            for n, seat in zip(names, seats, strict=True)
        )
    )
    used = hb.used_cards(doc)
    for suit in hb.SUITS:
        columns = st.columns(len(hb.RANKS))
        for column, rank in zip(columns, hb.RANKS, strict=True):
            card = f"{rank}{suit}"
            column.button(
                f"{rank}{SUIT_SYMBOLS[suit]}",
                key=f"bd_card_{card}",
                disabled=card.upper() in used,
                on_click=_deal,
                args=(card,),
                width="stretch",
            )
    st.button("Take back the last card", key="bd_undeal", on_click=_undeal)
    st.caption(
        "Cards in the order dealt: two down, the door card up, then one per street "
        "(the river down). Greyed cards are dealt already."
    )


def _play(doc: Any) -> None:
    scenario, problems = hb.scenario_of(doc)
    if scenario is None:
        st.info("Deal at least three cards to each player to start the hand.")
        with st.expander("What the format says about the hand so far"):
            st.text("\n".join(problems))
        return
    try:
        hand = hb.hand_now(scenario)
    except TutorError as exc:
        st.warning(f"The engine cannot go on: {exc}. Deal the cards it needs, or Undo.")
        return
    from tutor.ui.components import show_table

    show_table(hand.view(), False)
    actor = hand.to_act
    if actor is not None:
        try:
            legal = hand.legal_actions()
        except TutorError as exc:
            legal = []
            st.warning(str(exc))
        st.markdown(f"**{actor} to act.** The engine allows:")
        columns = st.columns(max(len(legal), 1))
        for column, option in zip(columns, legal, strict=False):
            text = hb.action_text(actor, option)
            column.button(text, key=f"bd_act_{option}", on_click=_act, args=(text,))
    else:
        st.markdown("**Nobody is to act:** the betting is over.")
    answers = hb.answerable(hand, [str(s.name) for s in scenario.seats])
    if answers:
        key = st.selectbox(
            "Insert a question here",
            list(answers),
            key="bd_ask_kind",
            format_func=lambda k: k.replace(":", ", about "),
        )
        player, answer = answers[key]
        st.caption("The engine's answer: " + json.dumps(answer))
        st.text_input("Question text (optional)", key="bd_prompt")
        st.checkbox("Write the engine's answer as expect:", value=True, key="bd_expect")
        st.button(
            "Insert the question",
            key="bd_add_ask",
            on_click=_ask,
            args=(key.split(":")[0], player, answer),
        )


def builder_section(settings: Settings) -> None:
    """Choose the table, deal from a card grid, play legal actions, insert questions."""
    del settings
    _table_form()
    message = st.session_state.pop("bd_msg", None)
    if message is not None:
        (st.success if message[0] == "ok" else st.error)(message[1])
    doc = st.session_state.get(DOC)
    if doc is None:
        st.info("Choose the table above, then start a new hand.")
        return
    _card_grid(doc)
    _play(doc)
    text = hb.dump(doc)
    st.markdown("**The YAML so far**")
    st.code(text, language="yaml", line_numbers=True)
    one, two = st.columns(2)
    one.button("Undo the last step", key="bd_undo", on_click=_undo)
    two.button(
        "Open it in the editor (check, preview, save)",
        key="bd_to_editor",
        type="primary",
        on_click=_to_editor,
    )
