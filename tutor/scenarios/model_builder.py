"""The model builder: the schema pass's checked values made into a :class:`Scenario`, with
the checks that read several fields at once (seat numbers and names unique, no card dealt
twice, the button on a seat, names in actions and asks at the table, asks that fit the
game).

Where the file has problems, the builder still makes what it can: a *draft* scenario from
the parts the replay needs (the table) and every step that could be built, with the steps
that could not (``broken``), so that the replay checks what it can in the same pass.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from tutor.engine import (
    DEFAULT_GAME,
    DEFAULT_PRESET,
    GAMES,
    IRREGULARITIES,
    LOW_KINDS,
    VARIANTS,
    ActionSyntaxError,
    Card,
    Game,
    Variant,
    read_action,
    render,
    unfit_said,
)
from tutor.i18n import _
from tutor.scenarios import fields as F
from tutor.scenarios.model import Ask, Event, Scenario, SeatSpec, StakesSpec, Step
from tutor.scenarios.schema_pass import BAD, SchemaPass, did_you_mean, good, listing
from tutor.scenarios.text import (
    look_alike,
    quote,
)
from tutor.wording import game_title

#: The top-level fields the replay does not read: a problem there leaves the hand playable.
NOT_PLAYED = frozenset({"id", "title", "topic", "level", "steps"})
#: The fields that make the table: a problem there (or a key that looks like one of them,
#: misspelt) leaves nothing to replay.
TABLE = ("game", "rules", "house", "stakes", "button", "seats", "community", "start")


@dataclass(frozen=True, slots=True)
class Draft:
    """What the replay can check of a file, problems or not.

    ``scenario`` holds the table and every step that could be built (None where the table
    itself has a problem); ``broken`` the steps that could not be, by index, with their kind
    (``act``, ``ask``, ``event``, or ``?`` where even that is unknown): the replay skips a
    broken ask and stops at any other broken step (the hand cannot be played past it).
    """

    scenario: Scenario | None
    broken: Mapping[int, str] = field(default_factory=dict)

    @property
    def stop_at(self) -> int | None:
        """The index of the first step the replay cannot play past, if any."""
        return min(
            (i for i, kind in self.broken.items() if kind != "ask"), default=None
        )


class ModelBuilder:
    """Cross-field checks and the Scenario, from the checked values."""

    def __init__(self, checker: SchemaPass, values: dict[str, Any]) -> None:
        self.c = checker
        self.v = values
        #: The steps that could not be built, by index, with their kind.
        self.broken: dict[int, str] = {}

    def mark(self, where: str) -> tuple[int, int]:
        while where not in self.c.marks and where:
            cut = max(where.rfind("."), where.rfind("["))
            where = where[:cut] if cut > 0 else ""
        return self.c.marks.get(where, (1, 1))

    def problem(self, where: str, message: str) -> None:
        self.c.problem(where, self.mark(where), message)

    def build(self) -> Scenario | None:
        """The scenario, or None if the file has any problem."""
        draft = self.build_draft()
        return draft.scenario if not self.c.problems else None

    def build_draft(self) -> Draft:
        """The scenario as far as it can be built: the table and the steps that are fine."""
        v = self.v
        seats = self.seats()
        names, numbers = self.names, self.numbers
        stakes = self.stakes()
        button = v.get("button")
        if (
            numbers is not None
            and good(button)
            and button is not None
            and button not in numbers
        ):
            self.problem(
                "button",
                # Translators: {seat} is a seat number; {seats} lists the seats taken.
                _(
                    "seat {seat} has nobody in it: the seats are {seats}; put the "
                    "button on one of them, or write null for a house dealer."
                ).format(seat=button, seats=listing([str(n) for n in numbers])),
            )
        community = v.get("community")
        if good(community) and community is not None and community in self.dealt:
            self.problem(
                "community", dealt_twice(community.text, self.dealt[community])
            )
        start = v.get("start")
        street = start.get("street") if isinstance(start, dict) else None
        if isinstance(v.get("seats"), list):
            self.start_fields(street)
        steps = self.steps(names)
        if not self.table_is_fine() or stakes is None or seats is None:
            return Draft(None, dict(self.broken))
        house = v.get("house") or {}
        scenario = Scenario(
            path=self.c.path,
            id=v["id"] if good(v.get("id", BAD)) else "",
            title=v["title"] if good(v.get("title", BAD)) else "",
            topic=v["topic"] if good(v.get("topic", BAD)) else "",
            level=v["level"] if good(v.get("level", BAD)) else 1,
            game=v.get("game", DEFAULT_GAME.value),
            rules=v.get("rules", DEFAULT_PRESET),
            house=dict(house),
            stakes=stakes,
            button=v.get("button"),
            seats=tuple(seats or ()),
            community=v.get("community"),
            start=street,
            steps=tuple(steps),
            marks=dict(self.c.marks),
        )
        return Draft(scenario, dict(self.broken))

    def table_is_fine(self) -> bool:
        """Whether every problem so far leaves the table playable: it is in a step, or in a
        field the replay does not read (a misspelt key that looks like a table field does
        not leave it so)."""
        for place in self.c.places:
            head = place.split(".", 1)[0].split("[", 1)[0]
            if head in NOT_PLAYED:
                continue
            if head in TABLE or not head or did_you_mean(head, TABLE):
                return False
            if head not in F.SCENARIO.by_name:  # an unknown key, like no table field
                continue
            return False
        return True

    def stakes(self) -> StakesSpec | None:
        s = self.v.get("stakes")
        if not isinstance(s, dict) or not all(good(x) for x in s.values()):
            return None
        if any(k not in s for k in ("small_bet", "big_bet", "ante")):
            return None
        if s["big_bet"] < s["small_bet"]:
            self.problem(
                "stakes.big_bet",
                # Translators: {big} and {small} are the amounts as the file writes them.
                _(
                    "the big bet {big} is less than the small bet {small}: the big bet "
                    "is usually twice the small bet."
                ).format(big=s["big_bet"], small=s["small_bet"]),
            )
        rake = s.get("rake")
        percent = rake.get("percent") if isinstance(rake, dict) else None
        cap = rake.get("cap") if isinstance(rake, dict) else None
        return StakesSpec(
            small_bet=s["small_bet"],
            big_bet=s["big_bet"],
            ante=s["ante"],
            bring_in=s.get("bring_in"),
            chip=s.get("chip"),
            rake_percent=percent if good(percent) else None,
            rake_cap=cap if good(cap) else None,
        )

    def seats(self) -> list[SeatSpec] | None:
        """The seats if all are valid; sets ``names``, ``numbers``, ``dealt`` from the valid parts."""
        raw = self.v.get("seats")
        self.names: list[str] | None = None
        self.numbers: list[int] | None = None
        self.dealt: dict[Card, str] = {}
        if not isinstance(raw, list):
            return None
        out: list[SeatSpec] = []
        numbers: dict[int, int] = {}
        names: dict[str, int] = {}
        dealt = self.dealt
        complete = True
        for i, seat in enumerate(raw):
            if not isinstance(seat, dict):
                complete = False
                continue
            number, name, cards = seat.get("seat"), seat.get("name"), seat.get("cards")
            if isinstance(number, int) and not isinstance(number, bool):
                if number in numbers:
                    j = numbers[number]
                    self.problem(
                        f"seats[{i}].seat",
                        # Translators: {seat} is a seat number; {other} the path of the
                        # seat that has it ("seats[0]").
                        _(
                            "seat {seat} is already taken by {other}: give each seat "
                            "its own number from 1 to 10."
                        ).format(seat=number, other=f"seats[{j}]"),
                    )
                numbers.setdefault(number, i)
            if isinstance(name, str):
                if name in names:
                    self.problem(
                        f"seats[{i}].name",
                        # Translators: {name} is the quoted name; {other} a path ("seats[0]").
                        _(
                            "the name {name} is already used by {other}: give each "
                            "player a different name."
                        ).format(name=quote(name), other=f"seats[{names[name]}]"),
                    )
                else:
                    self.check_look_alike(name, i, names)
                names.setdefault(name, i)
            if isinstance(cards, list):
                for card, at in cards:
                    if card is None:
                        continue
                    if card in dealt:
                        self.c.problem(
                            f"seats[{i}].cards", at, dealt_twice(card.text, dealt[card])
                        )
                    else:
                        dealt[card] = f"seats[{i}].cards"
            if (
                not all(good(x) for x in seat.values())
                or number is None
                or name is None
                or cards is None
            ):
                complete = False
                continue
            out.append(
                SeatSpec(
                    seat=number,
                    name=name,
                    cards=tuple(c for c, _at in cards),
                    stack=seat.get("stack"),
                    committed=seat.get("committed"),
                    folded=bool(seat.get("folded", False)),
                )
            )
        self.names = list(names)
        self.numbers = list(numbers)
        return out if complete else None

    def check_look_alike(self, name: str, i: int, names: dict[str, int]) -> None:
        """Refuse a name that reads like one before it (case, look-alike letters)."""
        twin = next((other for other in names if look_alike(other, name)), None)
        if twin is not None:
            self.problem(
                f"seats[{i}].name",
                # Translators: {name} and {twin} are quoted names; {other} a path.
                _(
                    "the name {name} reads like {twin} of {other}: they differ only by "
                    "case or by look-alike letters; give each player a name that reads "
                    "differently."
                ).format(
                    name=quote(name), twin=quote(twin), other=f"seats[{names[twin]}]"
                ),
            )

    def start_fields(self, street: Any) -> None:
        raw = self.v.get("seats")
        assert isinstance(raw, list)
        for i, seat in enumerate(raw):
            if not isinstance(seat, dict):
                continue
            if street is None and "start" not in self.v:
                for key in ("committed", "folded"):
                    if key in seat:
                        self.problem(
                            f"seats[{i}].{key}",
                            # Translators: {key} is a key of the format (committed,
                            # folded); start: too.
                            _(
                                "{key} is used only with start: (a hand told from a "
                                "later street); remove it, or add "
                                "'start: {{street: fourth}}'."
                            ).format(key=key),
                        )
            elif isinstance(street, str) and "committed" not in seat:
                self.problem(
                    f"seats[{i}]",
                    _(
                        "with start:, each seat needs the key 'committed' "
                        "(its chips already in the pot, antes included): add "
                        "'committed: ...'."
                    ),
                )

    def steps(self, names: list[str] | None) -> list[Step]:
        raw = self.v.get("steps")
        out: list[Step] = []
        if not isinstance(raw, list):
            return out
        for i, item in enumerate(raw):
            kind = item[0] if isinstance(item, tuple) else "?"
            before = len(self.c.problems)
            step = self.step(i, item, names) if isinstance(item, tuple) else None
            if step is None or len(self.c.problems) > before:
                self.broken[i] = kind  # a step with a problem is not played
            else:
                out.append(step)
        return out

    def step(
        self, i: int, item: tuple[str, Any], names: list[str] | None
    ) -> Step | None:
        """Step ``i`` from its checked values, or None if it cannot be built."""
        where = f"steps[{i}]"
        line, column = self.mark(where)
        kind, values = item
        if not isinstance(values, dict):
            return None
        if kind == "event":
            event = self.event(values, where, names)
            if event is None:
                return None
            return Step(index=i, kind="event", line=line, column=column, event=event)
        if kind == "act":
            acts = values.get("act")
            if not isinstance(acts, tuple):
                return None
            listed, is_list = acts
            for text, here, _at in listed:
                self.check_action_name(text, here, names)
            return Step(
                index=i,
                kind="act",
                line=line,
                column=column,
                actions=tuple(t for t, _, _ in listed),
                action_marks=tuple(at for _, _, at in listed),
                act_is_list=is_list,
            )
        ask = self.ask(values, where, names)
        asked = values.get("ask")
        game = self.v.get("game", DEFAULT_GAME.value)
        if isinstance(asked, str) and game in GAMES:
            self.fits_game(f"{where}.ask", asked, VARIANTS[Game(game)])
        if ask is None:
            return None
        expect_mark = (
            self.c.marks.get(f"{where}.expect") if ask.expect is not None else None
        )
        return Step(
            index=i,
            kind="ask",
            line=line,
            column=column,
            ask=ask,
            expect_mark=expect_mark,
        )

    def event(
        self, values: dict[str, Any], where: str, names: list[str] | None
    ) -> Event | None:
        kind = values["kind"]
        vals = values["values"]
        here = f"{where}.event"
        #: What the event's own value names (the engine's kind says).
        named = IRREGULARITIES[kind].value
        marks: dict[str, tuple[int, int]] = {}
        for key, value in vals.items():
            at = f"{here}.{key}"
            marks[key] = self.mark(at)
            if isinstance(value, tuple):  # actions: (listed, is_list)
                for n, (text, act_where, mark) in enumerate(value[0]):
                    self.check_action_name(text, act_where, names)
                    marks[f"{key}[{n}]"] = mark
            elif key == kind and named == "players":
                for n, name in enumerate(value if isinstance(value, list) else [value]):
                    self.check_name(
                        name, f"{at}[{n}]" if isinstance(value, list) else at, names
                    )
            elif key == kind and named == "text" and names is not None:
                if not any(
                    str(value).startswith(n + " ") or str(value).startswith(n + ":")
                    for n in names
                ):
                    self.problem(
                        at,
                        # Translators: {value} is the quoted text; {names} the players.
                        _(
                            "{value} names nobody at this table: start with one of {names}."
                        ).format(value=repr(value), names=listing(names)),
                    )
        if named == "flag" and vals.get(kind) is not True:
            # Translators: {kind} is an event's key, written as the file writes it.
            self.problem(f"{here}.{kind}", _("write '{kind}: true'.").format(kind=kind))
            return None
        return Event(kind=kind, values=vals, marks=marks)

    def check_action_name(self, text: str, where: str, names: list[str] | None) -> None:
        if names is None:
            return
        try:
            name = read_action(text).player
        except ActionSyntaxError:  # pragma: no cover - the grammar was checked already
            return
        if name not in names:
            self.problem(
                where,
                # Translators: {action} and {name} are quoted; {names} lists the players;
                # {hint} is "; did you mean 'x'?" or ".".
                _(
                    "{action} names {name}, who is not at this table: the "
                    "players are {names}{hint}"
                ).format(
                    action=quote(text),
                    name=quote(name),
                    names=listing(names),
                    hint=did_you_mean(name, names) or ".",
                ),
            )

    def check_name(self, name: Any, where: str, names: list[str] | None) -> None:
        if names is None or not isinstance(name, str) or name in names:
            return
        self.problem(
            where,
            _("{name} is not at this table: the players are {names}{hint}").format(
                name=quote(name),
                names=listing(names),
                hint=did_you_mean(name, names) or ".",
            ),
        )

    def fits_game(self, where: str, kind: str, variant: Variant) -> None:
        """A problem at ``where`` when an ask of ``kind`` has no meaning in the game."""
        unfit = unfit_said(variant, kind)
        if unfit is None:
            return
        if kind in LOW_KINDS and variant.low_half is None:
            # Translators: joins the choices 'game: stud8' or 'game: stud9'.
            games = _(" or ").join(
                f"'game: {g}'"
                for g, v in VARIANTS.items()
                if unfit_said(v, kind) is None
            )
            self.problem(
                where,
                # Translators: {game} is the game's title; {kind} the ask's kind (an
                # identifier); {games} the games with a low half; hand.low a rule id.
                _(
                    "{game} has no low half: a {kind} ask needs {games} (a game with a "
                    "low half); ask high-winner or best-high instead, or remove this "
                    "step (hand.low)."
                ).format(game=game_title(str(variant.game)), kind=kind, games=games),
            )
        else:
            # Translators: {reason} is the engine's sentence saying why the ask does not fit.
            self.problem(
                where, _("{reason} Or remove this step.").format(reason=render(unfit))
            )

    def ask(
        self, values: dict[str, Any], where: str, names: list[str] | None
    ) -> Ask | None:
        kind = values.get("ask")
        player = values.get("player")
        if isinstance(kind, str) and good(kind):
            if kind in F.PLAYER_ASKS and "player" not in values:
                self.problem(
                    where,
                    # Translators: {kind} is the ask's kind (an identifier); player: a key.
                    _(
                        "a {kind} ask needs player: (whose hand): add 'player: <name>'."
                    ).format(kind=kind),
                )
            if kind not in F.PLAYER_ASKS and "player" in values:
                self.problem(
                    f"{where}.player",
                    # Translators: {kinds} lists the ask kinds that take player:.
                    _("player: is used only by {kinds} asks: remove it.").format(
                        kinds=listing(F.PLAYER_ASKS)
                    ),
                )
        self.check_name(player, f"{where}.player", names)
        expect = values.get("expect")
        if isinstance(expect, dict):
            if isinstance(expect.get("player"), str):
                self.check_name(expect["player"], f"{where}.expect.player", names)
            if isinstance(expect.get("players"), list):
                for j, name in enumerate(expect["players"]):
                    self.check_name(name, f"{where}.expect.players[{j}]", names)
            if isinstance(expect.get("payouts"), dict):
                for name in expect["payouts"]:
                    self.check_name(name, f"{where}.expect.payouts.{name}", names)
            if not good_deep(expect):
                return None
        elif expect is not None:
            return None
        if not all(good(x) for x in values.values()) or not isinstance(kind, str):
            return None
        prompt = values.get("prompt")
        shown = (
            prompt
            if prompt is not None
            else F.DEFAULT_PROMPTS[kind].format(player=player or "the player")
        )
        return Ask(
            kind=kind,
            prompt=shown,
            player=player,
            expect=expect,
            hint=values.get("hint"),
            explain=values.get("explain"),
            prompt_given=prompt is not None,
        )


def good_deep(value: Any) -> bool:
    if value is BAD:
        return False
    if isinstance(value, dict):
        return all(good_deep(v) for v in value.values())
    if isinstance(value, list):
        return all(good_deep(v) for v in value)
    return True


def dealt_twice(card: str, first: str) -> str:
    """A card dealt a second time; ``first`` is the path of the field holding it first."""
    # Translators: {card} is a card ("Ah"); {first} the path where it is first dealt.
    return _(
        "{card} is dealt twice: it is also in {first}; a deck holds each card once."
    ).format(card=card, first=first)
