"""Session settings shared by every page: the learner, the game filter, the preset, the deck."""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Generic, TypeVar, cast

import streamlit as st

from tutor.engine import GAME_TITLES, PRESETS, TutorError
from tutor.i18n import N_, current_language, normalise, translations
from tutor.progress import Learner, ProgressStore, unresolved_learner
from tutor.ui.data import keeps_answers
from tutor.wording import game_title

log = logging.getLogger(__name__)

T = TypeVar("T")

#: Every session key the UI keeps, declared once: name (or a family's prefix) -> its
#: declaration. ``tests/test_session_keys.py`` fails on a literal key anywhere else in
#: ``tutor/ui``.
DECLARED: dict[str, Key[Any] | Keys[Any]] = {}


def _register(name: str, item: Key[Any] | Keys[Any]) -> None:
    if name in DECLARED:
        raise ValueError(f"session key {name!r} is declared twice")
    DECLARED[name] = item


class Key(Generic[T]):
    """One session-state key: its name, the type of its value and its default.

    ``default`` is a value (kept as is: use ``factory`` for a mutable default, a fresh one
    each time the key is missing). ``Key`` objects are what the pages pass around: to a
    widget as ``key=KEY.name``, to read and write as ``KEY.get()`` / ``KEY.set(v)``.
    """

    __slots__ = ("name", "kind", "_default", "_factory", "doc")

    def __init__(
        self,
        name: str,
        kind: type[T] | Any,
        default: T | None = None,
        *,
        factory: Callable[[], T] | None = None,
        doc: str = "",
        register: bool = True,
    ) -> None:
        self.name = name
        self.kind = kind
        self._default = default
        self._factory = factory
        self.doc = doc
        if register:
            _register(name, self)

    def __repr__(self) -> str:
        return f"Key({self.name!r})"

    def default(self) -> T:
        """The value the key has while it is not in the session."""
        return self._factory() if self._factory is not None else cast(T, self._default)

    def get(self) -> T:
        """The session's value, or the default (not stored)."""
        state = st.session_state
        return cast(T, state[self.name]) if self.name in state else self.default()

    def set(self, value: T) -> None:
        st.session_state[self.name] = value

    def setdefault(self) -> T:
        """The session's value, storing the default first if the key is missing."""
        return cast(T, st.session_state.setdefault(self.name, self.default()))

    def pop(self) -> T:
        """Take the value out of the session (the default if it was not there)."""
        return cast(T, st.session_state.pop(self.name, self.default()))

    def present(self) -> bool:
        return self.name in st.session_state


class Keys(Generic[T]):
    """A family of session keys sharing a prefix: ``FAMILY.at(part, ...)`` is the key
    ``"<prefix>_<part>_..."`` (a per-step answer box, a per-class text box...)."""

    __slots__ = ("prefix", "kind", "_default", "_factory", "doc")

    def __init__(
        self,
        prefix: str,
        kind: type[T] | Any,
        default: T | None = None,
        *,
        factory: Callable[[], T] | None = None,
        doc: str = "",
    ) -> None:
        self.prefix = prefix
        self.kind = kind
        self._default = default
        self._factory = factory
        self.doc = doc
        _register(prefix, self)

    def __repr__(self) -> str:
        return f"Keys({self.prefix!r})"

    def at(self, *parts: object) -> Key[T]:
        """The family's key for ``parts`` (joined with ``_`` after the prefix)."""
        name = "_".join([self.prefix, *(str(p) for p in parts)])
        return Key(
            name,
            self.kind,
            self._default,
            factory=self._factory,
            doc=self.doc,
            register=False,
        )

    def owns(self, name: str) -> bool:
        """Whether ``name`` is one of this family's keys."""
        return name.startswith(self.prefix + "_")


# -- shared settings: the learner, the game, the preset, the deck, the language ------------
#: The game filter's choices: value -> label (English; :func:`game_choice_label` says a
#: choice in the session's language).
GAME_CHOICES: Mapping[str, str] = MappingProxyType(
    {"both": N_("All games"), **GAME_TITLES}
)
#: The preset setting's choices: "scenario" keeps each scenario's own house rules.
AS_WRITTEN = "scenario"
PRESET_CHOICES: Mapping[str, str] = MappingProxyType(
    {AS_WRITTEN: N_("As each scenario says"), **{p: p for p in PRESETS}}
)
#: Which rulebook each preset is, in one line.
#: (Translated where shown: tutor.ui.rules_page.preset_description; the Italian is in the
#: rules catalogue, tutor/locale/it/LC_MESSAGES/rules.po.)
PRESET_DESCRIPTIONS: Mapping[str, str] = MappingProxyType(
    {
        "online": N_(
            "The rules of the online rooms' pages this tutor is built on (Seven Card Stud "
            "Hi/Lo, Seven Card Stud): no burn cards, a dealer button that moves each hand."
        ),
        "roberts": N_(
            "Robert's Rules of Poker, the rulebook many live card rooms use."
        ),
        "wsop-cash": N_("The World Series of Poker's live-action (cash game) rules."),
        "tda": N_("The Poker Tournament Directors Association's tournament rules."),
    }
)


def game_choice_label(value: str, lang: str | None = None) -> str:
    """The game filter's choice ``value`` in ``lang`` (default: the session's language).

    The sidebar passes its language along (``functools.partial``): AppTest formats a
    widget's options in the test's own thread, which speaks no session's language.
    """
    code = lang or current_language()
    if value == "both":
        return translations(code).gettext(GAME_CHOICES["both"])
    return game_title(value, code)


def preset_choice_label(value: str, lang: str | None = None) -> str:
    """The house-rules setting's choice ``value`` in ``lang`` (a preset's name is its id,
    the same in every language)."""
    if value != AS_WRITTEN:
        return value
    return translations(lang or current_language()).gettext(PRESET_CHOICES[AS_WRITTEN])


#: The learner signed in in this session (their name), or None.
LEARNER_NAME: Key[str | None] = Key(
    "learner_name", str | None, None, doc="the current learner's name"
)
#: The sidebar's game filter (a widget's): ``both`` or a game id.
GAME_FILTER: Key[str] = Key("game_filter", str, "both", doc="the game filter")
#: The sidebar's house rules (a widget's): :data:`AS_WRITTEN` or a preset id.
PRESET_SETTING: Key[str] = Key(
    "preset_setting", str, AS_WRITTEN, doc="the house rules to replay under"
)
#: The sidebar's four-colour deck toggle (a widget's).
FOUR_COLOUR: Key[bool] = Key("four_colour", bool, False, doc="the four-colour deck")

#: Session keys shared across pages, with their defaults (set once in the entry file).
SESSION_DEFAULTS: Mapping[str, Any] = MappingProxyType(
    {
        k.name: k.default()
        for k in (LEARNER_NAME, GAME_FILTER, PRESET_SETTING, FOUR_COLOUR)
    }
)

#: The language chosen explicitly (``?lang=`` in the address or the sidebar's switch; None:
#: not chosen), and the language the session speaks (resolved each run by tutor.ui.language).
LANGUAGE_CHOICE: Key[str | None] = Key(
    "language_choice", str | None, None, doc="the language chosen explicitly"
)
LANGUAGE: Key[str | None] = Key(
    "ui_language", str | None, None, doc="the language the session speaks"
)
#: The sidebar's language switch (a widget's), and the learner's saved language as read
#: from the store: (learner id, language or None).
LANGUAGE_SWITCH: Key[str] = Key("language_switch", str, "en", doc="the language switch")
LANGUAGE_SAVED: Key[tuple[int, str | None] | None] = Key(
    "_language_saved", tuple, None, doc="(learner id, saved language)"
)

#: The Glossary page's filter (a text box's); default "" (every term shown).
GLOSSARY_FILTER: Key[str] = Key("glossary_filter", str, "", doc="the glossary's filter")

#: The walkthrough's scenario and step (0-based), and the lesson open on the Learn page
#: (None: the list of lessons): the place a link keeps.
WT_SCENARIO: Key[str | None] = Key(
    "wt_scenario", str | None, None, doc="the walkthrough's scenario id"
)
WT_POS: Key[int] = Key("wt_pos", int, 0, doc="the walkthrough's step (0-based)")
LEARN_LESSON: Key[str | None] = Key(
    "learn_lesson", str | None, None, doc="the lesson open on the Learn page"
)


@dataclass(frozen=True)
class Settings:
    """The sidebar's settings, read once per run and passed to the page functions."""

    learner: Learner | None
    game: str
    preset: str
    four_colour: bool
    #: The Studio's preview: answers are checked, never recorded, and no name is asked for.
    preview: bool = False

    def game_matches(self, game: str) -> bool:
        """Whether a scenario of ``game`` passes the game filter."""
        return self.game == "both" or str(game) == self.game

    @property
    def preset_override(self) -> str | None:
        """The preset to replay scenarios under, or None to keep each scenario's own."""
        return None if self.preset == AS_WRITTEN else self.preset


#: Address parameters: where the learner is, so a refresh or a link lands on the same spot.
#: (parameter, session key); the walkthrough's and the lesson's only on their own pages.
ADDRESS: Mapping[str, Key[Any]] = MappingProxyType(
    {
        "game": GAME_FILTER,
        "preset": PRESET_SETTING,
        "deck": FOUR_COLOUR,
        "scenario": WT_SCENARIO,
        "step": WT_POS,
        "lesson": LEARN_LESSON,
        "lang": LANGUAGE_CHOICE,
    }
)
#: The same, parameter -> the session key's name.
ADDRESS_KEYS: Mapping[str, str] = MappingProxyType(
    {param: key.name for param, key in ADDRESS.items()}
)
#: Which page keeps which of the page-specific parameters.
PAGE_KEYS: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {"walkthrough": ("scenario", "step"), "": ("lesson",)}
)
#: Set on a session's first run, once the place in the address was taken back.
_RESTORED: Key[bool] = Key("_place_restored", bool, False)
#: Set once a session looked for the browser's sign-in (so "Sign out" sticks).
LEARNER_RESTORED: Key[bool] = Key("_learner_restored", bool, False)
#: This session's learner token and instructor token (tutor.ui.identity), the cookies
#: waiting to be written into the browser (``{"batch": n, "cookies": {...}}``) and the
#: last batch number (never reused in a session).
LEARNER_TOKEN: Key[str | None] = Key("_learner_token", str | None, None)
INSTRUCTOR_TOKEN: Key[str | None] = Key("_instructor_token", str | None, None)
COOKIES_PENDING: Key[dict[str, Any] | None] = Key("_cookies_pending", dict, None)
COOKIES_BATCH: Key[int] = Key("_cookies_batch", int, 0)
#: The cookie writer's container and component (widget keys).
COOKIE_WRITER: Key[Any] = Key("cookie_writer", object, None)
COOKIE_WRITER_COMPONENT: Key[Any] = Key("cookie_writer_c", object, None)


def _from_address(param: str, value: str) -> object | None:
    """The session value for one address parameter, or None when it is not acceptable."""
    if param == "game":
        return value if value in GAME_CHOICES else None
    if param == "preset":
        return value if value in PRESET_CHOICES else None
    if param == "deck":
        return value == "four"
    if param == "step":
        return int(value) - 1 if value.isdigit() and 0 < int(value) < 1000 else None
    if param in ("scenario", "lesson"):
        return value if 0 < len(value) <= 200 and value.isprintable() else None
    if param == "lang":
        return normalise(value)
    return None


def _to_address(param: str, value: object) -> str | None:
    """The address parameter for one session value (None: leave it out)."""
    if param == "game":
        return None if value in (None, "both") else str(value)
    if param == "preset":
        return None if value in (None, AS_WRITTEN) else str(value)
    if param == "deck":
        return "four" if value else None
    if param == "step":
        return None if not isinstance(value, int) else str(value + 1)
    return None if not value else str(value)


def init_session() -> None:
    """Give every shared session key its default, once per session.

    On a session's first run the place in the address (``?scenario=...&step=3&preset=tda``)
    is taken back, so a refresh, a bookmark or a shared link lands on the same step with
    the same settings, for whoever opens it. An old link's ``?learner=`` is dropped.
    """
    first = not _RESTORED.present()
    for key in (LEARNER_NAME, GAME_FILTER, PRESET_SETTING, FOUR_COLOUR):
        key.setdefault()
    if not first:
        return
    _RESTORED.set(True)
    if "learner" in st.query_params:  # an old link: nobody is signed in by an address
        del st.query_params["learner"]
    for param, kept in ADDRESS.items():
        raw = st.query_params.get(param)
        if raw is None:
            continue
        value = _from_address(param, raw)
        if value is not None:
            kept.set(value)


def keep_place_in_address(page: str) -> None:
    """Write the settings (and the page's own place) into the address, if they changed.

    ``page`` is the page's URL path (``""`` for the default page). Streamlit clears the
    query parameters on a page switch: this puts them back.
    """
    own = PAGE_KEYS.get(page, ())
    for param, key in ADDRESS.items():
        if param in ("scenario", "step", "lesson") and param not in own:
            wanted = None
        else:
            wanted = _to_address(param, key.get() if key.present() else None)
        if st.query_params.get(param) != wanted:
            if wanted is None:
                del st.query_params[param]
            else:
                st.query_params[param] = wanted


def redrawn(key: Key[T]) -> Key[T]:
    """``key``, its value set again (if it has one) just before its widget is drawn.

    For a choice box or radio whose options are said in the session's language (a
    translated ``format_func``): Streamlit sends a choice's value to the browser as its
    formatted text, and only when the value is set in the run, so after a language switch
    the browser would keep showing the choice in the old language (issue 24's choice
    boxes). Set again in the script each run, the value is sent in this run's words; the
    value itself (an id: ``both``, ``razz``, ``By topic``) is unchanged.
    """
    if key.present():
        key.set(key.get())
    return key


def choose_learner(name: str) -> None:
    """Make ``name`` the current learner of this session."""
    LEARNER_NAME.set(name)


#: (store, name, learner) from the last look-up of the learner.
LEARNER_CACHE: Key[tuple[Any, str, Learner] | None] = Key("_learner_found", tuple, None)


def current_learner(store: ProgressStore | None) -> Learner | None:
    """The learner chosen in this session, or None (without a store: the one found
    earlier in the session, else one not looked up yet whose answers are kept by name,
    :func:`tutor.progress.unresolved_learner`).

    Looked up once per name and store, then kept in the session (learners are never
    renamed or removed); a name not found is looked up again on the next run.
    """
    name = LEARNER_NAME.get()
    if not name:
        return None
    cached = LEARNER_CACHE.get()
    if (
        cached is not None
        and cached[1] == name
        and (store is None or cached[0] is store)
    ):
        # while the store is away the learner found before still answers (kept answers)
        learner: Learner = cached[2]
        return learner
    if store is None:
        # signed in, but the store was away since: answers are kept by name meanwhile
        # (if the data folder can keep them)
        return unresolved_learner(name) if keeps_answers() else None
    try:
        found = store.find_learner(name)
    except TutorError:
        log.warning("the current learner could not be looked up", exc_info=True)
        return None
    if found is not None:
        LEARNER_CACHE.set((store, name, found))
    return found


def settings(store: ProgressStore | None) -> Settings:
    """The current settings, from the session (no learner while the store is down)."""
    return Settings(
        learner=current_learner(store),
        game=GAME_FILTER.get(),
        preset=PRESET_SETTING.get(),
        four_colour=bool(FOUR_COLOUR.get()),
    )


#: The learner form's widgets, per form (``sidebar`` or ``welcome``: the Learn page's):
#: ``LEARNER_FORM["sidebar"].at("name")`` is the name box ``sidebar_name``; the same for
#: ``pin``, ``claim_pin``/``claim_again``, ``new_pin``/``new_again`` (the PIN boxes) and
#: the buttons and forms.
LEARNER_FORM: Mapping[str, Keys[Any]] = MappingProxyType(
    {
        where: Keys(where, object, None, doc=f"the {where}'s learner form")
        for where in ("sidebar", "welcome")
    }
)
#: The name waiting for its PIN; the name waiting for a PIN to be chosen
#: (``(name, "new" | "first")``); the learner who signed in with a one-time PIN; the
#: one-off messages after a choice (``(form, text)``).
PIN_FOR: Key[str | None] = Key("learner_pin_for", str | None, None)
CLAIM_FOR: Key[tuple[str, str] | None] = Key("learner_claim_for", tuple, None)
OWN_PIN: Key[str | None] = Key("learner_own_pin", str | None, None)
GREETING: Key[tuple[str, str] | None] = Key("learner_greeting", tuple, None)
PROBLEM: Key[tuple[str, str] | None] = Key("learner_problem", tuple, None)
#: The lessons this session has read (the Learn page's marks; tutor.ui.lessons_read).
LESSONS_READ: Key[set[str]] = Key("learn_read", set, factory=set)
#: (learner id, lesson id) pairs already saved to the progress store.
LESSONS_READ_SAVED: Key[set[tuple[int, str]]] = Key(
    "learn_read_saved", set, factory=set
)


# -- the Studio and the instructor's class pages (issue 21) ---------------------------------
#: The Studio's draft: the one text every section reads (the editor shows it, Save writes it).
STUDIO_TEXT = "studio_text"
#: The code editor's mount number: a new number (a new component key) mounts a fresh editor
#: showing the draft; only a button that says it replaces the text moves it on.
STUDIO_EDITOR_VERSION = "studio_version"
#: The id of the editor's last response already taken into the draft.
STUDIO_EDITOR_SEEN = "studio_seen"
#: The plain text box's own copy of the draft (its widget key).
STUDIO_PLAIN_TEXT = "studio_plain_text"
#: The text a replacement pushed out, for Undo (None: nothing to undo).
STUDIO_UNDO = "studio_undo"
#: A bank scenario the preview plays instead of the draft (the Class view's "Preview").
STUDIO_PREVIEW_BANK = "studio_pv_bank"
#: The Bank section's search text and filters.
STUDIO_BANK_SEARCH = "studio_bank_search"
STUDIO_BANK_WHERE = "studio_bank_where"
STUDIO_BANK_STATUS = "studio_bank_status"
#: The builder's per-seat names and stacks, and whether the next card dealt is hidden (??).
BUILDER_HIDDEN = "bd_hidden"
#: The Class view's class (0: every learner) and its management forms' messages.
CLASS_CHOICE = "cv_class"
CLASS_MESSAGE = "cv_class_msg"
#: The Learn page: the assignment a learner opened, and its drill question shown.
LEARN_ASSIGNMENT = "learn_assignment"
LEARN_ASSIGNMENT_POS = "learn_assignment_pos"
#: The Learn page: a join code typed, and the message after joining.
LEARN_JOIN_CODE = "learn_join_code"
LEARN_JOIN_MESSAGE = "learn_join_msg"


# -- Practice, Review and the ask panel (issue 20: honest) ----------------------------------
class PanelKeys:
    """The ask panel's session keys for one page (``prefix``: ``pr`` Practice, ``rv``
    Review, ``wt`` the walkthrough, ``asg`` an assignment, ``studio_pv`` the Studio's
    preview): ``"<prefix>_<part>"``, each declared once here."""

    def __init__(self, prefix: str) -> None:
        self.prefix = prefix

        def key(part: str, kind: Any, default: Any = None, **extra: Any) -> Key[Any]:
            return Key(f"{prefix}_{part}", kind, default, **extra)

        #: The question on screen: (scenario id, step, preset), or None.
        self.at: Key[tuple[str, int, str] | None] = key("at", tuple)
        #: Bumped by Retry, so the controls start empty.
        self.attempt: Key[int] = key("attempt", int, 0)
        self.verdict: Key[Any] = key("verdict", object, doc="the checked Verdict")
        self.hint: Key[bool] = key("hint", bool, False)
        #: When the question appeared (time.monotonic()).
        self.shown: Key[float] = key("shown", float, 0.0)
        #: Set by Check's / "Show the answer"'s callbacks to the question's place.
        self.checking: Key[tuple[str, int, str] | None] = key("checking", tuple)
        self.giving_up: Key[tuple[str, int, str] | None] = key("giving_up", tuple)
        #: A problem to show under the controls (the app's own words), once.
        self.problem: Key[str | None] = key("problem", str)
        #: Answers checked per (scenario id, step) in this play-through.
        self.tries: Key[dict[tuple[str, int], int]] = key("tries", dict, factory=dict)
        #: First-attempt results per (scenario id, step): right or not.
        self.first: Key[dict[tuple[str, int], bool]] = key("first", dict, factory=dict)
        # widgets and containers
        self.compare: Key[bool] = key("compare", bool, False)
        self.form: Key[Any] = key(
            "form", object, doc="the answer's form (Enter submits)"
        )
        self.check: Key[bool] = key("check", bool, False)
        self.hint_button: Key[bool] = key("hint_button", bool, False)
        self.retry: Key[bool] = key("retry", bool, False)
        self.give_up: Key[bool] = key("give_up", bool, False)
        self.verdict_box: Key[Any] = key("verdict_box", object)
        #: The question's container, per (scenario id, step): the page's focus watcher
        #: sees a new question arrive.
        self.question: Keys[Any] = Keys(f"{prefix}_question", object)

    def answer(self, scenario_id: str, step: int, attempt: int) -> str:
        """The first part of the answer controls' widget keys (the control adds its own
        ``_<part>``): ``"<prefix>_<scenario id>_<step>_<attempt>"``. Not a ``Keys``
        family: its prefix is the page's, whose other keys are declared one by one."""
        return f"{self.prefix}_{scenario_id}_{step}_{attempt}"


#: The ask panel's keys of each page that shows one.
PANELS: Mapping[str, PanelKeys] = MappingProxyType(
    {p: PanelKeys(p) for p in ("pr", "rv", "wt", "asg", "studio_pv")}
)

#: Practice: the question on screen (its place in the round), the round's seed, the round's
#: questions (fixed while it is worked through: (scenario id, step)), what drew them, and
#: the questions passed with Next unanswered.
PR_POS: Key[int] = Key("pr_pos", int, 0)
PR_SEED: Key[int] = Key("pr_seed", int, 0)
PR_FROZEN: Key[list[tuple[str, int]] | None] = Key("pr_frozen", list)
PR_SIGNATURE: Key[tuple[Any, ...] | None] = Key("pr_signature", tuple)
PR_SKIPPED: Key[set[tuple[str, int]]] = Key("pr_skipped", set, factory=set)
#: Practice's widgets: the mode, topic and level choices and the buttons.
PR_MODE: Key[str] = Key("pr_mode", str, "By topic")
PR_TOPIC: Key[str] = Key("pr_topic", str)
PR_LEVEL: Key[int] = Key("pr_level", int)
PR_NEXT: Key[bool] = Key("pr_next", bool, False)
PR_AGAIN: Key[bool] = Key("pr_again", bool, False)
PR_MISTAKES: Key[bool] = Key("pr_mistakes", bool, False)
PR_BLOCKED: Key[Any] = Key("pr_blocked", object)
PR_BLOCKED_BACK: Key[bool] = Key("pr_blocked_back", bool, False)
PR_BLOCKED_GIVE_UP: Key[bool] = Key("pr_blocked_give_up", bool, False)

#: Review: the session's questions (fixed when it starts: (rule, question ref)), the
#: question on screen, whose and which day's session it is, and the questions passed
#: with Next unanswered (by place in the session).
RV_QUEUE: Key[list[tuple[str, tuple[str, str, int]]]] = Key("rv_queue", list)
RV_POS: Key[int] = Key("rv_pos", int, 0)
RV_STAMP: Key[tuple[str, str] | None] = Key("rv_stamp", tuple)
RV_SKIPPED: Key[set[int]] = Key("rv_skipped", set, factory=set)
#: Review's buttons.
RV_NEXT: Key[bool] = Key("rv_next", bool, False)
RV_NEW: Key[bool] = Key("rv_new", bool, False)
RV_REBUILD: Key[bool] = Key("rv_rebuild", bool, False)
RV_BLOCKED: Key[Any] = Key("rv_blocked", object)
RV_BLOCKED_BACK: Key[bool] = Key("rv_blocked_back", bool, False)
RV_BLOCKED_GIVE_UP: Key[bool] = Key("rv_blocked_give_up", bool, False)

#: ``{(scenario id, step)}``; the scenario started from its first step (a new run); the
#: scenario whose wrap-up was reached.
WT_RUN: Key[tuple[int, str, int] | None] = Key("wt_run", tuple, None)
WT_SKIPPED: Key[set[tuple[str, int]]] = Key("wt_skipped", set, factory=set)
WT_NEW_RUN: Key[str | None] = Key("wt_new_run", str | None, None)
WT_FINISHED: Key[str | None] = Key("wt_finished", str | None, None)
#: The walkthrough's scenario box (a widget's).
WT_PICK: Key[str | None] = Key("wt_pick", str | None, None)
#: Tries per question ``{(scenario id, step): n}`` and the question whose answer was asked
#: for, ``(scenario id, step, preset)``: the ask panel's (tutor.ui.ask_panel keeps them
#: as ``<prefix>_tries`` and ``<prefix>_giving_up``), set by the walkthrough.
WT_TRIES: Key[dict[tuple[str, int], int]] = PANELS["wt"].tries
WT_GIVING_UP: Key[tuple[str, int, str] | None] = PANELS["wt"].giving_up
#: Practice's mode (tutor.ui.practice's radio), set by the walkthrough's "Practise my
#: mistakes" button.
PRACTICE_MODE: Key[str] = PR_MODE
#: The walkthrough's containers and buttons (widget keys).
WT_BLOCKED: Key[Any] = Key("wt_blocked", object, None)
WT_BLOCKED_BACK: Key[Any] = Key("wt_blocked_back", bool, False)
WT_BLOCKED_GIVE_UP: Key[Any] = Key("wt_blocked_give_up", bool, False)
WT_WRAP_UP: Key[Any] = Key("wt_wrap_up", object, None)
WT_MISTAKE: Keys[bool] = Keys("wt_mistake", bool, False)
WT_UNANSWERED: Keys[bool] = Keys("wt_unanswered", bool, False)
WT_NEXT_SCENARIO: Key[bool] = Key("wt_next_scenario", bool, False)
WT_PRACTISE_MISTAKES: Key[bool] = Key("wt_practise_mistakes", bool, False)
WT_BACK: Key[bool] = Key("wt_back", bool, False)
WT_NEXT: Key[bool] = Key("wt_next", bool, False)

# -- the Learn page (shared settings' owner) -------------------------------------------------
#: The assignment a learner opened (tutor.ui.assignments declares and writes it; the Learn
#: page reads it through this view, not registered twice).
LEARN_ASSIGNMENT_OPEN: Key[int | None] = Key(
    str(getattr(LEARN_ASSIGNMENT, "name", LEARN_ASSIGNMENT)),
    int | None,
    None,
    register=False,
)
#: The Learn page's buttons (widget keys): open a lesson, start a scenario, back to the
#: list, continue where the learner left off.
LEARN_OPEN: Keys[bool] = Keys("learn_open", bool, False)
LEARN_START: Keys[bool] = Keys("learn_start", bool, False)
LEARN_BACK: Key[bool] = Key("learn_back", bool, False)
LEARN_CONTINUE: Key[bool] = Key("learn_continue", bool, False)
#: The Rules and Glossary pages' box for the rule or term named in the address, the
#: focus watcher's hidden container (every page), the Progress page's charts and CSV button
#: (``PROGRESS.at("csv")``, ``PROGRESS.at(chart function's name)``): widget keys.
RULES_CHOSEN: Key[Any] = Key("rules_chosen", object, None)
GLOSSARY_CHOSEN: Key[Any] = Key("glossary_chosen", object, None)
FOCUS_WATCHER: Key[Any] = Key("focus_watcher", object, None)
PROGRESS: Keys[Any] = Keys("progress", object, None)

# -- the Studio's page and checked draft, the Class view's PINs and LMS exports (itval) --------
#: The Studio's draft text (the name of ``STUDIO_TEXT``), read and written as a typed key.
STUDIO_DRAFT: Key[str] = Key(STUDIO_TEXT, str, "", doc="the Studio's one draft")
#: The draft last checked: (digest of its text, the checked draft).
STUDIO_CHECKED: Key[Any] = Key("studio_checked", object, None)
#: The Studio's section chooser (a radio's widget key; its value is one of the sections).
STUDIO_SECTION: Key[str | None] = Key("studio_section", str | None, None)
#: The Class view's PIN reset: the name typed, the button, the one-time PIN shown once
#: ``(name, PIN or None)``, the list of learners (widget keys).
PIN_NAME: Key[str] = Key("cv_pin_name", str, "")
PIN_RESET_GO: Key[bool] = Key("cv_pin_reset_go", bool, False)
PIN_RESET_SHOWN: Key[Any] = Key("cv_pin_reset", object, None)
PIN_TABLE: Key[Any] = Key("cv_pin_table", object, None)
#: The LMS exports' download buttons: an assignment's (``.at(id, "moodle")``), a chosen
#: set's (``.at("moodle")``; its scenarios ``.at("pick")``, its title ``.at("title")``),
#: a class's gradebook (``.at(class id)``).
LMS_ASSIGNMENT: Keys[Any] = Keys("cv_asg_x", object, None)
LMS_SET: Keys[Any] = Keys("cv_set", object, None)
GRADEBOOK: Keys[Any] = Keys("cv_gradebook", object, None)
#: The Studio's save: its button, the download button, and the last save's result
#: ``(kind, message, the text it was about)``.
STUDIO_SAVE: Key[bool] = Key("studio_save", bool, False)
STUDIO_DOWNLOAD: Key[Any] = Key("studio_download", object, None)
STUDIO_SAVED: Key[Any] = Key("studio_saved", object, None)
#: The Studio's editor: the plain-box toggle, the plain box's own copy of the draft, the
#: gutter marks' container and the number of its last run (a new number redraws it).
STUDIO_PLAIN: Key[bool] = Key("studio_plain", bool, False)
STUDIO_PLAIN_BOX: Key[str] = Key(STUDIO_PLAIN_TEXT, str, "")
STUDIO_GUTTER: Key[Any] = Key("studio_gutter_marks", object, None)
STUDIO_MARKS_RUN: Key[int] = Key("studio_marks_run", int, 0)
#: The Studio's editor mounts (``STUDIO_EDITOR.at(version)``: one component key per mount),
#: their count, the last response taken, the Undo text and the notice after a replacement.
STUDIO_EDITOR: Keys[Any] = Keys("studio_editor", object, None)
STUDIO_VERSION: Key[int] = Key(STUDIO_EDITOR_VERSION, int, 0)
STUDIO_SEEN: Key[Any] = Key(STUDIO_EDITOR_SEEN, object, None)
STUDIO_UNDO_TEXT: Key[str | None] = Key(STUDIO_UNDO, str | None, None)
STUDIO_NOTICE: Key[str | None] = Key("studio_notice", str | None, None)
#: The Studio's sources: the template's game and topic, the bank scenario to copy, the
#: uploaded file, their buttons, and Undo's button (widget keys).
STUDIO_TEMPLATE_GAME: Key[str | None] = Key("studio_template_game", str | None, None)
STUDIO_TEMPLATE_TOPIC: Key[str | None] = Key("studio_template_topic", str | None, None)
STUDIO_COPY_ID: Key[str | None] = Key("studio_copy_id", str | None, None)
STUDIO_UPLOAD: Key[Any] = Key("studio_upload", object, None)
STUDIO_USE_TEMPLATE: Key[bool] = Key("studio_use_template", bool, False)
STUDIO_USE_COPY: Key[bool] = Key("studio_use_copy", bool, False)
STUDIO_USE_UPLOAD: Key[bool] = Key("studio_use_upload", bool, False)
STUDIO_UNDO_BUTTON: Key[bool] = Key("studio_undo_btn", bool, False)
#: The Studio's preview: the scenario previewed (a bank scenario instead of the draft:
#: ``STUDIO_PREVIEW_BANK``), the step shown, the step to open at, what the step counts
#: are of, the preset chosen, and its buttons (widget keys).
STUDIO_PREVIEW_OF_BANK: Key[str | None] = Key(STUDIO_PREVIEW_BANK, str | None, None)
STUDIO_PV_POS: Key[int] = Key("studio_pv_pos", int, 0)
STUDIO_PV_GOTO: Key[int | None] = Key("studio_pv_goto", int | None, None)
STUDIO_PV_OF: Key[Any] = Key("studio_pv_of", object, None)
STUDIO_PV_PRESET: Key[Any] = Key("studio_pv_preset", object, None)
STUDIO_PV_DRAFT: Key[bool] = Key("studio_pv_draft", bool, False)
STUDIO_PV_BACK: Key[bool] = Key("studio_pv_back", bool, False)
STUDIO_PV_NEXT: Key[bool] = Key("studio_pv_next", bool, False)
#: The Studio's Bank section: the last message ``(kind, text)``, the files' table, the
#: instructor file chosen, its Open, Download, confirm and Delete controls, and its search
#: and filters (``STUDIO_BANK_SEARCH``, ``STUDIO_BANK_WHERE``, ``STUDIO_BANK_STATUS``).
STUDIO_BANK_MSG: Key[Any] = Key("studio_bank_msg", object, None)
STUDIO_BANK_TABLE: Key[Any] = Key("studio_bank_table", object, None)
STUDIO_BANK_PICK: Key[str | None] = Key("studio_bank_pick", str | None, None)
STUDIO_BANK_OPEN: Key[bool] = Key("studio_bank_open", bool, False)
STUDIO_BANK_DOWNLOAD: Key[Any] = Key("studio_bank_download", object, None)
STUDIO_CONFIRM_DELETE: Key[bool] = Key("studio_confirm_delete", bool, False)
STUDIO_BANK_DELETE: Key[bool] = Key("studio_bank_delete", bool, False)
STUDIO_BANK_SEARCH_BOX: Key[str] = Key(STUDIO_BANK_SEARCH, str, "")
STUDIO_BANK_WHERE_BOX: Key[str] = Key(STUDIO_BANK_WHERE, str, "all")
STUDIO_BANK_STATUS_BOX: Key[str] = Key(STUDIO_BANK_STATUS, str, "all")


# -- the answer controls and the Dealer drills (issue 20, issue 22 items 4 and 5) ----------------
def widget(base: str, *parts: object) -> Key[Any]:
    """The key of one widget of an answer control: ``"<base>_<part>_..."``.

    ``base`` is where the page puts the control (:meth:`PanelKeys.answer` on a question
    panel, ``drill_q<n>`` / ``drill_r<n>`` in a drill): the page owns that prefix, the
    control adds its widgets' parts (``_yesno``, ``_seat_Ana``, ``_side_1_picked``).

    >>> widget("drill_q0", "seat", "Ana").name
    'drill_q0_seat_Ana'
    """
    return Key("_".join([base, *(str(p) for p in parts)]), object, None, register=False)


# -- class view, assignments, hand builder, drills page (keys5) ------------------------------
#: Assignments (tutor.ui.assignments): the assignment a learner opened and its drill
#: question shown, the join box and the message after joining, the identities already
#: joined to their listed classes in this session; the "Due" box and its buttons.
ASG_OPEN: Key[int | None] = Key(LEARN_ASSIGNMENT, int | None, None)
ASG_POS: Key[int | None] = Key(LEARN_ASSIGNMENT_POS, int | None, None)
JOIN_CODE: Key[str] = Key(LEARN_JOIN_CODE, str, "")
JOIN_MESSAGE: Key[tuple[str, str] | None] = Key(LEARN_JOIN_MESSAGE, tuple, None)
LISTED_DONE: Key[str | None] = Key("learn_listed_joined", str | None, None)
LEARN_DUE: Key[Any] = Key("learn_due", object, None)
LEARN_DUE_OPEN: Keys[bool] = Keys("learn_due_open", bool, False)
LEARN_ASG_BACK: Key[bool] = Key("learn_asg_back", bool, False)
LEARN_ASG_START: Keys[bool] = Keys("learn_asg_start", bool, False)
LEARN_ASG_ANSWER: Keys[bool] = Keys("learn_asg_answer", bool, False)

#: The hand builder (tutor.ui.builder): the hand being built (a document), the last
#: message ``(kind, text)``, the table form's widgets (per seat: ``BD_NAME.at(n)``,
#: ``BD_STACK.at(n)``), the card grid (``BD_CARD.at("As")``, ``BD_CARD.at("hidden")``),
#: the actions (``BD_ACT.at(option)``) and the question form.
BD_DOC: Key[Any] = Key("bd_doc", object, None)
BD_MSG: Key[tuple[str, str] | None] = Key("bd_msg", tuple, None)
BD_ID: Key[str] = Key("bd_id", str, "")
BD_TITLE: Key[str] = Key("bd_title", str, "")
BD_TOPIC: Key[str | None] = Key("bd_topic", str | None, None)
BD_GAME: Key[str | None] = Key("bd_game", str | None, None)
BD_RULES: Key[str] = Key("bd_rules", str, "online")
BD_SEATS: Key[int] = Key("bd_seats", int, 3)
BD_SMALL: Key[float] = Key("bd_small", float, 2.0)
BD_BIG: Key[float] = Key("bd_big", float, 4.0)
BD_ANTE: Key[float] = Key("bd_ante", float, 0.5)
BD_NAME: Keys[str] = Keys("bd_name", str, "")
BD_STACK: Keys[float | None] = Keys("bd_stack", float, None)
BD_NEW: Key[bool] = Key("bd_new", bool, False)
BD_FROM_DRAFT: Key[bool] = Key("bd_from_draft", bool, False)
BD_TO: Key[str | None] = Key("bd_to", str | None, None)
BD_CARD: Keys[bool] = Keys("bd_card", bool, False)
BD_UNDEAL: Key[bool] = Key("bd_undeal", bool, False)
BD_ACT: Keys[bool] = Keys("bd_act", bool, False)
BD_ASK_KIND: Key[str | None] = Key("bd_ask_kind", str | None, None)
BD_PROMPT: Key[str] = Key("bd_prompt", str, "")
BD_EXPECT: Key[bool] = Key("bd_expect", bool, True)
BD_ADD_ASK: Key[bool] = Key("bd_add_ask", bool, False)
BD_UNDO: Key[bool] = Key("bd_undo", bool, False)
BD_TO_EDITOR: Key[bool] = Key("bd_to_editor", bool, False)

#: The Class view's classes and assignments (tutor.ui.classes): the class chosen
#: (``CLASS_CHOICE``, 0: every learner), the last message ``(kind, text)``, the new class's
#: name, a class's listed identities and their Save (``CV_IDS.at(class id)``), the remove
#: buttons (``CV_RM.at(class id, learner id)``), the assignment form, its pending drill
#: items, and an assignment's delete (``CV_ASG_DEL.at(id)``, confirm ``.at("ok", id)``).
CV_CLASS: Key[int] = Key(CLASS_CHOICE, int, 0)
CV_CLASS_MSG: Key[tuple[str, str] | None] = Key(CLASS_MESSAGE, tuple, None)
CV_NEW_CLASS: Key[str] = Key("cv_new_class", str, "")
CV_IDS: Keys[str] = Keys("cv_ids", str, "")
CV_IDS_SAVE: Keys[bool] = Keys("cv_ids_save", bool, False)
CV_RM: Keys[bool] = Keys("cv_rm", bool, False)
CV_ASG_TITLE: Key[str] = Key("cv_asg_title", str, "")
CV_ASG_OPENS: Key[Any] = Key("cv_asg_opens", object, None)
CV_ASG_DUE: Key[Any] = Key("cv_asg_due", object, None)
CV_ASG_SCENARIOS: Key[list[str]] = Key("cv_asg_scenarios", list, factory=list)
CV_ASG_GAME: Key[str | None] = Key("cv_asg_game", str | None, None)
CV_ASG_PRESET: Key[str | None] = Key("cv_asg_preset", str | None, None)
CV_ASG_TARGET: Key[str | None] = Key("cv_asg_target", str | None, None)
CV_ASG_COUNT: Key[int] = Key("cv_asg_count", int, 1)
CV_ASG_DRILLS: Key[list[Any]] = Key("cv_asg_drills", list, factory=list)
CV_ASG_ADD: Key[bool] = Key("cv_asg_add", bool, False)
CV_ASG_CLEAR: Key[bool] = Key("cv_asg_clear", bool, False)
CV_ASG_SET: Key[bool] = Key("cv_asg_set", bool, False)
CV_ASG_DEL: Keys[bool] = Keys("cv_asg_del", bool, False)

#: The Class view's page (tutor.ui.classview): the filters, the view chosen, the one-off
#: warning, "go to the Studio" after a Preview, the tables, charts and pickers, the learner
#: view, and the class CSV (its button, the CSV made, its download).
CV_GAME: Key[str] = Key("cv_game", str, "")
CV_PRESET: Key[str] = Key("cv_preset", str, "")
CV_SINCE: Key[Any] = Key("cv_since", object, None)
CV_UNTIL: Key[Any] = Key("cv_until", object, None)
CV_VIEW: Key[Any] = Key("cv_view", object, None)
CV_MSG: Key[str | None] = Key("cv_msg", str | None, None)
CV_GOTO_STUDIO: Key[bool] = Key("cv_goto_studio", bool, False)
CV_ITEMS_TABLE: Key[Any] = Key("cv_items_table", object, None)
CV_HARD_PICK: Key[Any] = Key("cv_hard_pick", object, None)
CV_WRONG_TABLE: Key[Any] = Key("cv_wrong_table", object, None)
CV_PREVIEW: Key[bool] = Key("cv_preview", bool, False)
CV_LEARNER: Key[str | None] = Key("cv_learner", str | None, None)
CV_LEARNER_CHART: Key[Any] = Key("cv_learner_chart", object, None)
CV_LEARNER_WRONG: Key[bool] = Key("cv_learner_wrong", bool, False)
CV_LEARNER_TABLE: Key[Any] = Key("cv_learner_table", object, None)
CV_CSV_MAKE: Key[bool] = Key("cv_csv_make", bool, False)
CV_CSV: Key[str | None] = Key("cv_csv", str | None, None)
CV_CSV_DOWNLOAD: Key[Any] = Key("cv_csv_download", object, None)
CV_TOPIC_CHART: Key[Any] = Key("cv_topic_chart", object, None)
CV_RULE_CHART: Key[Any] = Key("cv_rule_chart", object, None)

#: The Dealer drills page (tutor.ui.drills): the running plan (or None), the question on
#: screen, the answers, the clock readings, the verdict, the generated question kept
#: (index -> question), earlier runs' answers, the end and retry state, the one-off
#: problem, the address's link read, the setup's widgets and the buttons. A missed
#: question's Retry button is ``widget("drill_retry", index)`` (not a family: the
#: ``drill_retry_*`` keys above are declared one by one).
DRILL_PLAN: Key[Any] = Key("drill_plan", object, None)
DRILL_INDEX: Key[int] = Key("drill_index", int, 0)
DRILL_RESULTS: Key[list[Any]] = Key("drill_results", list, factory=list)
DRILL_PAST: Key[list[Any]] = Key("drill_past", list, factory=list)
DRILL_VERDICT: Key[Any] = Key("drill_verdict", object, None)
DRILL_CACHE: Key[dict[int, Any]] = Key("drill_cache", dict, factory=dict)
DRILL_STARTED: Key[float] = Key("drill_started", float, 0.0)
DRILL_STARTED_AT: Key[Any] = Key("drill_started_at", object, None)
DRILL_SHOWN: Key[float] = Key("drill_shown", float, 0.0)
DRILL_ENDED: Key[bool] = Key("drill_ended", bool, False)
DRILL_WHOLE_PAGE: Key[bool] = Key("drill_whole_page", bool, False)
DRILL_RETRY: Key[Any] = Key("drill_retry", object, None)
DRILL_RETRY_CACHE: Key[Any] = Key("drill_retry_cache", object, None)
DRILL_RETRY_VERDICT: Key[Any] = Key("drill_retry_verdict", object, None)
DRILL_PROBLEM: Key[str | None] = Key("drill_problem", str | None, None)
DRILL_LINK_READ: Key[bool] = Key("drill_link_read", bool, False)
DRILL_LINK_PROBLEMS: Key[list[str]] = Key("drill_link_problems", list, factory=list)
DRILL_TARGETS_PICK: Key[list[str]] = Key("drill_targets_pick", list, factory=list)
DRILL_LENGTH_PICK: Key[str] = Key("drill_length_pick", str, "20")
DRILL_SEED_PICK: Key[int] = Key("drill_seed_pick", int, 0)
DRILL_START: Key[bool] = Key("drill_start", bool, False)
DRILL_NEXT: Key[bool] = Key("drill_next", bool, False)
DRILL_END: Key[bool] = Key("drill_end", bool, False)
DRILL_AGAIN: Key[bool] = Key("drill_again", bool, False)
DRILL_NEW: Key[bool] = Key("drill_new", bool, False)
DRILL_BACK: Key[bool] = Key("drill_back", bool, False)
