"""Build a hand by clicking: the table, a card grid, the engine's legal actions, questions.

The players get their names and stacks in the table form; a card the learner must not
see is dealt as ``??``; nothing is drawn face down before the deal, and nobody is "to
act" until every player has their first three cards. Actions are written one act step
per street with the street as a comment; questions are offered by what they ask.
"""

from __future__ import annotations

from typing import Any

import streamlit as st

from tutor.asks import ASKS, describe
from tutor.course import TOPICS
from tutor.engine import DEFAULT_GAME, GAME_LABELS, PRESETS, TutorError
from tutor.i18n import _
from tutor.scenarios import handbuilder as hb
from tutor.ui.state import STUDIO_TEXT, Settings
from tutor.ui.studio_draft import SECTIONS, load_text, take_editor_text
from tutor.ui.text import plain

DOC = "bd_doc"
SUIT_SYMBOLS = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}


def _message(kind: str, text: str) -> None:
    st.session_state["bd_msg"] = (kind, text)


def _new_hand() -> None:
    s = st.session_state
    count = int(s.get("bd_seats", 3))
    names = [str(s.get(f"bd_name_{n}") or "") for n in range(count)]
    stacks = [s.get(f"bd_stack_{n}") for n in range(count)]
    try:
        s[DOC] = hb.new_document(
            scenario_id=s.get("bd_id") or "built-hand",
            title=s.get("bd_title") or _("A hand built by clicking"),
            topic=s.get("bd_topic", TOPICS[0]),
            game=s.get("bd_game", DEFAULT_GAME.value),
            rules=s.get("bd_rules", "online"),
            small_bet=f"{float(s.get('bd_small', 2)):g}",
            big_bet=f"{float(s.get('bd_big', 4)):g}",
            ante=f"{float(s.get('bd_ante', 0.5)):g}",
            seats=count,
            names=names,
            stacks=[None if v is None else f"{float(v):g}" for v in stacks],
        )
    except Exception as exc:  # noqa: BLE001 - any bad choice is shown as a sentence
        _message("error", _("That table cannot be built: {why}").format(why=exc))
        return
    _message("ok", _("A new hand: deal each player's cards from the grid."))


def _from_draft() -> None:
    take_editor_text()
    try:
        st.session_state[DOC] = hb.load_document(st.session_state.get(STUDIO_TEXT, ""))
    except TutorError as exc:
        _message("error", str(exc))
        return
    _message(
        "ok", _("The builder now continues the editor's draft (its comments are kept).")
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


def _act(text: str, street: str) -> None:
    hb.add_action(st.session_state[DOC], text, street)


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
    load_text(hb.dump(st.session_state[DOC]), _("the hand built by clicking"))
    st.session_state["studio_section"] = SECTIONS[0]


def _table_form() -> None:
    with st.expander(_("The table"), expanded=DOC not in st.session_state):
        left, middle, right = st.columns(3)
        with left:
            st.text_input(_("Id"), value="built-hand", key="bd_id")
            st.text_input(
                _("Title"), value=_("A hand built by clicking"), key="bd_title"
            )
            st.selectbox(_("Topic"), TOPICS, key="bd_topic")
        with middle:
            st.selectbox(
                _("Game"),
                list(GAME_LABELS),
                key="bd_game",
                format_func=GAME_LABELS.__getitem__,
            )
            st.selectbox(_("House rules"), list(PRESETS), key="bd_rules")
            seats = st.number_input(
                _("Players"), min_value=2, max_value=8, value=3, key="bd_seats"
            )
        with right:
            st.number_input(
                _("Small bet"), min_value=0.25, value=2.0, step=0.25, key="bd_small"
            )
            st.number_input(
                _("Big bet"), min_value=0.25, value=4.0, step=0.25, key="bd_big"
            )
            st.number_input(
                _("Ante"), min_value=0.0, value=0.5, step=0.25, key="bd_ante"
            )
        st.markdown(_("**The players**, in seat order (clockwise):"))
        for n in range(int(seats)):
            name, stack = st.columns(2)
            name.text_input(
                _("Seat {n}: name").format(n=n + 1),
                value=hb.NAMES[n],
                max_chars=30,
                key=f"bd_name_{n}",
            )
            stack.number_input(
                _("Seat {n}: stack").format(n=n + 1),
                min_value=0.0,
                value=100.0,
                step=1.0,
                key=f"bd_stack_{n}",
            )
        one, two = st.columns(2)
        one.button(
            _("Start a new hand"), key="bd_new", type="primary", on_click=_new_hand
        )
        two.button(
            _("Continue the editor's draft"), key="bd_from_draft", on_click=_from_draft
        )


def _cards_text(cards: Any) -> str:
    """A seat's cards as the table writes them (``??`` said as hidden)."""
    from tutor.ui.text import with_card_symbols

    words = cards.split() if isinstance(cards, str) else [str(c) for c in cards or ()]
    if not words:
        return _("no cards yet")
    return " ".join(
        _("?? (hidden)") if w == hb.HIDDEN else with_card_symbols(w) for w in words
    )


def _card_grid(doc: Any) -> None:
    seats = list(doc["seats"])
    names = [str(s.get("name")) for s in seats]
    st.radio(_("Deal the next card to"), names, key="bd_to", horizontal=True)
    st.caption(
        " · ".join(
            f"{plain(n)}: {plain(_cards_text(seat.get('cards')))}"
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
    hidden, back = st.columns(2)
    hidden.button(
        _("Deal a hidden card (??): one the learner does not see"),
        key="bd_card_hidden",
        on_click=_deal,
        args=(hb.HIDDEN,),
        help=_(
            "An opponent's hole card, say. The engine needs a real card wherever a "
            "ruling depends on it: the door card for the bring-in, every card at a "
            "showdown."
        ),
    )
    back.button(_("Take back the last card"), key="bd_undeal", on_click=_undeal)
    st.caption(
        _(
            "Cards in the order dealt: two down, the door card up, then one per street "
            "(the river down). Greyed cards are dealt already."
        )
    )


def _short_of_cards(doc: Any, hand: Any) -> list[str]:
    """The players still in who lack a card of the street the engine is at."""
    from tutor.engine import CARDS_AT

    need = CARDS_AT.get(hand.street, 0)
    folded = {s.name for s in hand.view().seats if getattr(s, "folded", False)}
    return [
        str(seat.get("name"))
        for seat, count in zip(doc["seats"], hb.dealt_counts(doc), strict=True)
        if count < need and str(seat.get("name")) not in folded
    ]


def question_label(key: str) -> str:
    """An insertable question by what it asks: ``award`` -> "How is the pot awarded?"."""
    kind, _sep, player = key.partition(":")
    entry = ASKS.get(kind)
    if entry is None:
        return key
    return entry.prompt.format(player=player or _("the player"))


def _play(doc: Any) -> None:
    if not hb.is_dealt(doc):
        # nothing is face down and nobody acts before the deal
        st.info(
            _(
                "Deal three cards to each player (two down, then the door card up) to "
                "start the hand."
            )
        )
        return
    scenario, problems = hb.scenario_of(doc)
    if scenario is None:
        st.warning(_("The hand so far does not fit the format yet:"))
        st.text("\n".join(problems))
        return
    try:
        hand = hb.hand_now(scenario)
    except TutorError as exc:
        st.warning(
            plain(
                _(
                    "The engine cannot go on: {why}. Deal the cards it needs, or Undo."
                ).format(why=exc)
            )
        )
        return
    from tutor.ui.components import show_table

    show_table(hand.view(), False)
    actor = hand.to_act
    if actor is not None:
        try:
            legal = hand.legal_actions()
        except TutorError as exc:
            legal = []
            st.warning(plain(str(exc)))
        st.markdown(
            _("**{player} to act** on {street} street. The engine allows:").format(
                player=plain(actor), street=str(hand.street)
            )
        )
        columns = st.columns(max(len(legal), 1))
        for column, option in zip(columns, legal, strict=False):
            text = hb.action_text(actor, option)
            column.button(
                text,
                key=f"bd_act_{option}",
                on_click=_act,
                args=(text, str(hand.street)),
            )
    else:
        short = _short_of_cards(doc, hand)
        if short:
            st.info(
                _(
                    "{street} street: deal the next card to {players} (pick each "
                    "player above, then the card) to go on."
                ).format(
                    street=str(hand.street).capitalize(),
                    players=plain(", ".join(short)),
                )
            )
        else:
            st.markdown(_("**The betting is over:** nobody is to act."))
    answers = hb.answerable(hand, [str(s.name) for s in scenario.seats])
    if answers:
        key = st.selectbox(
            _("Insert a question here"),
            list(answers),
            key="bd_ask_kind",
            format_func=question_label,
        )
        player, answer = answers[key]
        kind = key.split(":")[0]
        st.caption(
            _("The engine's answer: {answer}").format(
                answer=plain(describe(kind, answer))
            )
        )
        st.text_input(
            _("Question text (optional)"),
            key="bd_prompt",
            placeholder=question_label(key),
        )
        st.checkbox(
            _("Write the engine's answer as expect:"), value=True, key="bd_expect"
        )
        st.button(
            _("Insert the question"),
            key="bd_add_ask",
            on_click=_ask,
            args=(kind, player, answer),
        )


def builder_section(settings: Settings) -> None:
    """Choose the table, deal from a card grid, play legal actions, insert questions."""
    del settings
    _table_form()
    message = st.session_state.pop("bd_msg", None)
    if message is not None:
        (st.success if message[0] == "ok" else st.error)(plain(message[1]))
    doc = st.session_state.get(DOC)
    if doc is None:
        st.info(_("Choose the table above, then start a new hand."))
        return
    _card_grid(doc)
    _play(doc)
    text = hb.dump(doc)
    st.markdown(_("**The YAML so far**"))
    st.code(text, language="yaml", line_numbers=True)
    one, two = st.columns(2)
    one.button(_("Undo the last step"), key="bd_undo", on_click=_undo)
    two.button(
        _("Put it in the editor (replaces the editor's text; Undo takes it back)"),
        key="bd_to_editor",
        type="primary",
        on_click=_to_editor,
    )
