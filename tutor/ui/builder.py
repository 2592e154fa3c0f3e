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
from tutor.ui.state import (
    BD_ACT,
    BD_ADD_ASK,
    BD_ANTE,
    BD_ASK_KIND,
    BD_BIG,
    BD_CARD,
    BD_DOC,
    BD_EXPECT,
    BD_FROM_DRAFT,
    BD_GAME,
    BD_ID,
    BD_MSG,
    BD_NAME,
    BD_NEW,
    BD_PROMPT,
    BD_RULES,
    BD_SEATS,
    BD_SMALL,
    BD_STACK,
    BD_TITLE,
    BD_TO,
    BD_TO_EDITOR,
    BD_TOPIC,
    BD_UNDEAL,
    BD_UNDO,
    STUDIO_DRAFT,
    STUDIO_SECTION,
    Settings,
)
from tutor.ui.studio_draft import SECTIONS, load_text, take_editor_text
from tutor.ui.text import plain

SUIT_SYMBOLS = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}


def _message(kind: str, text: str) -> None:
    BD_MSG.set((kind, text))


def _new_hand() -> None:
    count = int(BD_SEATS.get())
    names = [str(BD_NAME.at(n).get() or "") for n in range(count)]
    stacks = [BD_STACK.at(n).get() for n in range(count)]
    topic = BD_TOPIC.get() or TOPICS[0]
    game = BD_GAME.get() or DEFAULT_GAME.value
    try:
        doc = hb.new_document(
            scenario_id=BD_ID.get() or "built-hand",
            title=BD_TITLE.get() or _("A hand built by clicking"),
            topic=topic,
            game=game,
            rules=BD_RULES.get(),
            small_bet=f"{float(BD_SMALL.get()):g}",
            big_bet=f"{float(BD_BIG.get()):g}",
            ante=f"{float(BD_ANTE.get()):g}",
            seats=count,
            names=names,
            stacks=[None if v is None else f"{float(v):g}" for v in stacks],
        )
        BD_DOC.set(doc)
    except Exception as exc:  # noqa: BLE001 - any bad choice is shown as a sentence
        _message("error", _("That table cannot be built: {why}").format(why=exc))
        return
    _message("ok", _("A new hand: deal each player's cards from the grid."))


def _from_draft() -> None:
    take_editor_text()
    try:
        BD_DOC.set(hb.load_document(STUDIO_DRAFT.get()))
    except TutorError as exc:
        _message("error", str(exc))
        return
    _message(
        "ok", _("The builder now continues the editor's draft (its comments are kept).")
    )


def _seat_index() -> int:
    """The seat chosen in "Deal the next card to" (the first one if none)."""
    names = [str(seat.get("name")) for seat in BD_DOC.get()["seats"]]
    chosen = BD_TO.get()
    return names.index(chosen) if chosen in names else 0


def _deal(card: str) -> None:
    try:
        hb.deal(BD_DOC.get(), _seat_index(), card)
    except TutorError as exc:
        _message("error", str(exc))


def _undeal() -> None:
    hb.undeal(BD_DOC.get(), _seat_index())


def _act(text: str, street: str) -> None:
    hb.add_action(BD_DOC.get(), text, street)


def _ask(kind: str, player: str | None, answer: Any) -> None:
    with_expect = bool(BD_EXPECT.get())
    prompt = (BD_PROMPT.get() or "").strip() or None
    hb.add_ask(BD_DOC.get(), kind, player, prompt, answer if with_expect else None)
    BD_PROMPT.set("")


def _undo() -> None:
    hb.undo_step(BD_DOC.get())


def _to_editor() -> None:
    load_text(hb.dump(BD_DOC.get()), _("the hand built by clicking"))
    STUDIO_SECTION.set(SECTIONS[0])


def _table_form() -> None:
    with st.expander(_("The table"), expanded=not BD_DOC.present()):
        left, middle, right = st.columns(3)
        with left:
            st.text_input(_("Id"), value="built-hand", key=BD_ID.name)
            st.text_input(
                _("Title"), value=_("A hand built by clicking"), key=BD_TITLE.name
            )
            st.selectbox(_("Topic"), TOPICS, key=BD_TOPIC.name)
        with middle:
            st.selectbox(
                _("Game"),
                list(GAME_LABELS),
                key=BD_GAME.name,
                format_func=GAME_LABELS.__getitem__,
            )
            st.selectbox(_("House rules"), list(PRESETS), key=BD_RULES.name)
            seats = st.number_input(
                _("Players"), min_value=2, max_value=8, value=3, key=BD_SEATS.name
            )
        with right:
            st.number_input(
                _("Small bet"), min_value=0.25, value=2.0, step=0.25, key=BD_SMALL.name
            )
            st.number_input(
                _("Big bet"), min_value=0.25, value=4.0, step=0.25, key=BD_BIG.name
            )
            st.number_input(
                _("Ante"), min_value=0.0, value=0.5, step=0.25, key=BD_ANTE.name
            )
        st.markdown(_("**The players**, in seat order (clockwise):"))
        for n in range(int(seats)):
            name, stack = st.columns(2)
            name.text_input(
                _("Seat {n}: name").format(n=n + 1),
                value=hb.NAMES[n],
                max_chars=30,
                key=BD_NAME.at(n).name,
            )
            stack.number_input(
                _("Seat {n}: stack").format(n=n + 1),
                min_value=0.0,
                value=100.0,
                step=1.0,
                key=BD_STACK.at(n).name,
            )
        one, two = st.columns(2)
        one.button(
            _("Start a new hand"), key=BD_NEW.name, type="primary", on_click=_new_hand
        )
        two.button(
            _("Continue the editor's draft"),
            key=BD_FROM_DRAFT.name,
            on_click=_from_draft,
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
    st.radio(_("Deal the next card to"), names, key=BD_TO.name, horizontal=True)
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
                key=BD_CARD.at(card).name,
                disabled=card.upper() in used,
                on_click=_deal,
                args=(card,),
                width="stretch",
            )
    hidden, back = st.columns(2)
    hidden.button(
        _("Deal a hidden card (??): one the learner does not see"),
        key=BD_CARD.at("hidden").name,
        on_click=_deal,
        args=(hb.HIDDEN,),
        help=_(
            "An opponent's hole card, say. The engine needs a real card wherever a "
            "ruling depends on it: the door card for the bring-in, every card at a "
            "showdown."
        ),
    )
    back.button(_("Take back the last card"), key=BD_UNDEAL.name, on_click=_undeal)
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
                key=BD_ACT.at(option).name,
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
            key=BD_ASK_KIND.name,
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
            key=BD_PROMPT.name,
            placeholder=question_label(key),
        )
        st.checkbox(
            _("Write the engine's answer as expect:"), value=True, key=BD_EXPECT.name
        )
        st.button(
            _("Insert the question"),
            key=BD_ADD_ASK.name,
            on_click=_ask,
            args=(kind, player, answer),
        )


def builder_section(settings: Settings) -> None:
    """Choose the table, deal from a card grid, play legal actions, insert questions."""
    del settings
    _table_form()
    message = BD_MSG.pop()
    if message is not None:
        (st.success if message[0] == "ok" else st.error)(plain(message[1]))
    doc = BD_DOC.get()
    if doc is None:
        st.info(_("Choose the table above, then start a new hand."))
        return
    _card_grid(doc)
    _play(doc)
    text = hb.dump(doc)
    st.markdown(_("**The YAML so far**"))
    st.code(text, language="yaml", line_numbers=True)
    one, two = st.columns(2)
    one.button(_("Undo the last step"), key=BD_UNDO.name, on_click=_undo)
    two.button(
        _("Put it in the editor (replaces the editor's text; Undo takes it back)"),
        key=BD_TO_EDITOR.name,
        type="primary",
        on_click=_to_editor,
    )
