"""The replay pass: a Scenario played through the engine, asks answered and checked against ``expect``."""

from __future__ import annotations

import json
import logging
from collections import Counter
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from tutor.asks import ASKS
from tutor.engine import (
    IRREGULARITIES,
    Card,
    Game,
    Hand,
    HandSetup,
    IllegalActionError,
    Irregularity,
    Operation,
    Ruling,
    ScenarioError,
    SeatSetup,
    Stakes,
    Start,
    Street,
    TutorError,
    Where,
    house_rules,
    rule,
    to_json,
)
from tutor.i18n import _
from tutor.scenarios.model import Ask, Event, Scenario, Step

log = logging.getLogger(__name__)

#: Answer keys whose lists some kind compares without regard to order (each kind's own
#: are its registry entry's ``unordered``).
UNORDERED_KEYS = frozenset().union(*(entry.unordered for entry in ASKS.values()))


@dataclass(frozen=True, slots=True)
class StepResult:
    """One step as replayed.

    ``hand`` is a snapshot: for an ask, the hand the question is asked in; for an act, the hand
    after its actions. ``ruling`` is set for an ask, ``operations`` (everything the actions
    caused, deals included) for an act.
    """

    index: int
    kind: str
    text: str
    ask: Ask | None
    hand: Hand
    ruling: Ruling | None
    operations: tuple[Operation, ...]
    actions: tuple[str, ...] = ()


def scenario_to_setup(scenario: Scenario) -> HandSetup:
    """The engine's HandSetup for a scenario (raises the engine's TableError/CardError)."""
    s = scenario.stakes
    game = Game(scenario.game)
    return HandSetup(
        game=game,
        rules=house_rules(scenario.rules, game, dict(scenario.house) or None),
        stakes=Stakes(
            small_bet=s.small_bet,
            big_bet=s.big_bet,
            ante=s.ante,
            bring_in=s.bring_in,
            chip=s.chip,
            rake_percent=s.rake_percent,
            rake_cap=s.rake_cap,
        ),
        seats=tuple(
            SeatSetup(
                seat=seat.seat,
                name=seat.name,
                stack=seat.stack,
                cards=seat.cards,
                committed=seat.committed,
                folded=seat.folded,
            )
            for seat in scenario.seats
        ),
        button=scenario.button,
        community=scenario.community,
        start=Start(street=Street(scenario.start)) if scenario.start else None,
    )


#: The engine's names for the stakes (``TableError.where``) where the scenario format's differ.
_STAKES_KEYS = {"rake_percent": "rake", "rake_cap": "rake"}


def where_path(scenario: Scenario, where: Where) -> str:
    """The scenario format's path for a fault the engine locates in its own terms.

    >>> from tutor.scenarios.model import Scenario
    >>> where_path(Scenario.__new__(Scenario), ("stakes", "rake_cap"))
    'stakes.rake'
    """
    if not where:
        return "seats"
    head, *rest = where
    if head == "seats":
        if not rest:
            return "seats"
        who, *field = rest
        for i, seat in enumerate(scenario.seats):
            if (seat.name if isinstance(who, str) else seat.seat) == who:
                return f"seats[{i}]" + "".join(f".{f}" for f in field)
        return "seats"
    if head == "stakes" and rest:
        return f"stakes.{_STAKES_KEYS.get(str(rest[0]), rest[0])}"
    return ".".join(str(w) for w in where)


def where_mark(scenario: Scenario, where: Where) -> tuple[int, int]:
    """The (line, column) of the engine's ``where`` in the file (of ``seats`` when the file
    does not have that part, or the engine did not say where)."""
    path = where_path(scenario, where)
    if path.split(".")[0].split("[")[0] not in scenario.marks:
        return scenario.mark("seats")
    return scenario.mark(path)


def _internal(where: str, exc: Exception) -> str:
    """The message for an engine bug; called in the ``except`` block, it logs the traceback."""
    log.exception("internal error in the rules engine at %s", where or "the setup")
    prefix = f"{where}: " if where else ""
    # Translators: {error} is the Python exception's name and text (English, for a report).
    return prefix + _(
        "internal error in the rules engine ({error}); the "
        "file may be fine: please report it with this file."
    ).format(error=f"{type(exc).__name__}: {exc}")


def start_hand(scenario: Scenario) -> Hand:
    """The hand at its first step, or a located ScenarioError if the engine refuses the table."""
    try:
        return Hand(scenario_to_setup(scenario))
    except TutorError as exc:
        line, column = where_mark(scenario, exc.where)
        raise ScenarioError(
            # Translators: {reason} is the engine's sentence saying what is wrong.
            _("the engine cannot set up this table: {reason}").format(reason=exc),
            scenario.path,
            line,
            column,
        ) from None
    except Exception as exc:  # noqa: BLE001 - an engine bug must not stop a whole bank
        line, column = scenario.mark("seats")
        raise ScenarioError(_internal("", exc), scenario.path, line, column) from None


def _number(value: Any) -> Any:
    return (
        Decimal(value)
        if isinstance(value, int) and not isinstance(value, bool)
        else value
    )


def _norm(value: Any) -> Any:
    """A comparable form: numbers as Decimal, cards as text, lists and dicts recursively."""
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return value
    if isinstance(value, (int, Decimal)):
        return Decimal(value)
    if isinstance(
        value, float
    ):  # never produced by our loader; tolerate from the engine
        return Decimal(str(value))
    if isinstance(value, Card):
        return value.text
    if isinstance(value, Mapping):
        return {str(k): _norm(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_norm(v) for v in value]
    return value


def _key(value: Any) -> str:
    return json.dumps(value, sort_keys=True, default=str)


def agrees(
    expect: Mapping[str, Any],
    answer: Mapping[str, Any],
    unordered: Collection[str] = UNORDERED_KEYS,
) -> bool:
    """Whether every key the author wrote matches the engine's answer; the lists under
    ``unordered`` keys (by default any kind's) match in any order."""
    for key, wanted in expect.items():
        if key not in answer:
            return False
        mine, theirs = _norm(wanted), _norm(answer[key])
        if key == "payouts" and isinstance(mine, dict) and isinstance(theirs, dict):
            mine = {k: v for k, v in mine.items() if v != 0}
            theirs = {k: v for k, v in theirs.items() if v != 0}
        if key == "low" and isinstance(mine, str) and isinstance(theirs, str):
            mine, theirs = mine.upper(), theirs.upper()
        if key in unordered and isinstance(mine, list) and isinstance(theirs, list):
            if Counter(map(_key, mine)) != Counter(map(_key, theirs)):
                return False
        elif mine != theirs:
            return False
    return True


def _json(value: Any) -> str:
    return json.dumps(to_json(_jsonable(value)), separators=(", ", ": "))


def _jsonable(value: Any) -> Any:
    if isinstance(value, Card):
        return value.text
    if isinstance(value, Mapping):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    return value


class _Replay:
    """Runs the steps; ``snapshots`` copies the hand at every step (for the app).

    With ``every``, a problem that leaves the hand as it was (an ``expect`` that disagrees,
    an ask the engine cannot answer here) is kept in ``problems`` and the replay goes on; a
    refused action or event still ends it (the hand cannot be played past it), and so does
    the step ``stop_at`` (a step the file has a problem in).
    """

    def __init__(
        self,
        scenario: Scenario,
        snapshots: bool,
        *,
        every: bool = False,
        stop_at: int | None = None,
    ) -> None:
        self.scenario = scenario
        self.snapshots = snapshots
        self.every = every
        self.stop_at = stop_at
        self.results: list[StepResult] = []
        self.problems: list[ScenarioError] = []

    def error(self, at: tuple[int, int], message: str) -> ScenarioError:
        return ScenarioError(message, self.scenario.path, at[0], at[1])

    def run(self) -> list[StepResult]:
        hand = start_hand(self.scenario)
        if (
            hand.problems
        ):  # e.g. ``start: {street: seventh}`` without the community card it needs
            key = "community" if "community" in self.scenario.marks else "start"
            raise self.error(self.scenario.mark(key), f"{key}: {hand.problems[0]}")
        for step in self.scenario.steps:
            if self.stop_at is not None and step.index >= self.stop_at:
                break
            if step.kind == "act":
                self.act(hand, step)
            elif step.kind == "event":
                self.event(hand, step)
            else:
                self.ask(hand, step)
        return self.results

    def run_all(self) -> list[ScenarioError]:
        """Replay, keeping every problem (see the class); the problems, in file order."""
        try:
            self.run()
        except ScenarioError as exc:  # the table, or a refused action or event
            self.problems.append(exc)
        return self.problems

    def keep(self, problem: ScenarioError) -> None:
        """A problem that leaves the hand as it was: kept (``every``), or raised."""
        if not self.every:
            raise problem
        self.problems.append(problem)

    def act(self, hand: Hand, step: Step) -> None:
        before = len(hand.history)
        for n, text in enumerate(step.actions):
            where = f"steps[{step.index}].act" + (f"[{n}]" if step.act_is_list else "")
            try:
                hand.apply(text)
            except IllegalActionError as exc:
                message = str(exc)
                if f"({exc.rule})" not in message:
                    message += f" ({exc.rule})"
                raise self.error(step.action_marks[n], f"{where}: {message}") from None
            except TutorError as exc:
                raise self.error(step.action_marks[n], f"{where}: {exc}") from None
            except Exception as exc:  # noqa: BLE001 - an engine bug must not stop a whole bank
                raise self.error(step.action_marks[n], _internal(where, exc)) from None
            if (
                hand.problems
            ):  # a street dealt after this action needs cards the file lacks
                raise self.error(
                    step.action_marks[n],
                    # Translators: {action} is the quoted action; {problem} the engine's
                    # sentence on the cards the next street lacks.
                    f"{where}: "
                    + _(
                        "after {action} the next street is dealt, and {problem}"
                    ).format(action=repr(text), problem=hand.problems[0]),
                )
        if self.snapshots:
            self.results.append(
                StepResult(
                    index=step.index,
                    kind="act",
                    text=step.text,
                    ask=None,
                    hand=hand.copy(),
                    ruling=None,
                    operations=tuple(hand.history[before:]),
                    actions=step.actions,
                )
            )

    def event(self, hand: Hand, step: Step) -> None:
        event = step.event
        assert event is not None
        where = f"steps[{step.index}].event"
        at = event.marks.get(event.kind, (step.line, step.column))
        before = len(hand.history)
        try:
            irr = to_irregularity(event)
            rule(hand, irr)
        except TutorError as exc:
            raise self.error(at, f"{where}.{event.kind}: {exc}") from None
        except Exception as exc:  # noqa: BLE001 - an engine bug must not stop a whole bank
            raise self.error(at, _internal(where, exc)) from None
        if hand.problems:
            raise self.error(at, f"{where}: {hand.problems[0]}")
        if self.snapshots:
            self.results.append(
                StepResult(
                    index=step.index,
                    kind="event",
                    text=step.text,
                    ask=None,
                    hand=hand.copy(),
                    ruling=None,
                    operations=tuple(hand.history[before:]),
                )
            )

    def ask(self, hand: Hand, step: Step) -> None:
        ask = step.ask
        assert ask is not None
        where = f"steps[{step.index}]"
        try:
            ruling = hand.answer(ask.kind, player=ask.player)
        except TutorError as exc:
            self.keep(
                self.error(
                    (step.line, step.column),
                    f"{where}: "
                    # Translators: {kind} is the ask's kind (an identifier); {reason} the
                    # engine's sentence.
                    + _(
                        "the engine cannot answer this {kind} ask here: {reason}"
                    ).format(kind=ask.kind, reason=exc),
                )
            )
            return
        except Exception as exc:  # noqa: BLE001 - an engine bug must not stop a whole bank
            self.keep(self.error((step.line, step.column), _internal(where, exc)))
            return
        unordered = ASKS[ask.kind].unordered
        if ask.expect is not None and not agrees(ask.expect, ruling.answer, unordered):
            at = step.expect_mark or (step.line, step.column)
            self.keep(
                self.error(
                    at,
                    f"{where}.expect: "
                    # Translators: {answer} and {expected} are JSON (as the file writes
                    # values); {reason} is the engine's explanation.
                    + _(
                        "the engine answers {answer} but the file expects {expected}: "
                        "correct the expect (or remove it). The engine's reason: {reason}"
                    ).format(
                        answer=_json(ruling.answer),
                        expected=_json(ask.expect),
                        reason=ruling.explanation,
                    ),
                )
            )
        self.results.append(
            StepResult(
                index=step.index,
                kind="ask",
                text=step.text,
                ask=ask,
                hand=hand.copy() if self.snapshots else hand,
                ruling=ruling,
                operations=(),
            )
        )


def walk(scenario: Scenario) -> list[StepResult]:
    """Replay every step, with a snapshot of the hand at each.

    :raises ScenarioError: at the first step the engine refuses or whose ``expect`` disagrees.
    """
    return _Replay(scenario, snapshots=True).run()


def walk_partial(scenario: Scenario) -> tuple[list[StepResult], ScenarioError | None]:
    """Like :func:`walk`, but keeps the steps played before a refusal, and the refusal.

    Returns every step's result and None, or the steps up to (not including) the first one
    the engine refuses, and that refusal.
    """
    replay = _Replay(scenario, snapshots=True)
    try:
        return replay.run(), None
    except ScenarioError as exc:
        return list(replay.results), exc


def replay_scenario(scenario: Scenario) -> list[StepResult]:
    """Replay without snapshots: results for the asks only (their ``hand`` is the live hand)."""
    return _Replay(scenario, snapshots=False).run()


def check_replay(
    scenario: Scenario, *, stop_at: int | None = None
) -> list[ScenarioError]:
    """Every problem the replay finds, in one pass: each ``expect`` that disagrees with the
    engine and each ask it cannot answer there (neither changes the hand, so the replay
    goes on), and the first action or event it refuses (the hand cannot be played past it;
    the schema pass has checked the later steps' form, names and cards). ``stop_at``: the
    index of a step not to play (one the file has a problem in), nor any after it."""
    return _Replay(scenario, snapshots=False, every=True, stop_at=stop_at).run_all()


def answer_scenario(scenario: Scenario) -> dict[str, Any]:
    """The ``tutor answer --json`` object: the engine's answer to every ask, JSON-ready."""
    answers = []
    for result in replay_scenario(scenario):
        ruling = result.ruling
        assert ruling is not None
        answers.append(
            {
                "step": result.index,
                "kind": ruling.kind,
                "answer": to_json(_jsonable(ruling.answer)),
                "explanation": ruling.explanation,
                "rules": list(ruling.rules),
            }
        )
    return {"id": scenario.id, "answers": answers}


def _texts(value: Any) -> tuple[str, ...]:
    if isinstance(value, tuple):  # actions as validated: (listed, is_list)
        return tuple(t for t, _, _ in value[0])
    return ()


def to_irregularity(event: Event) -> Irregularity:
    """The engine's Irregularity for a validated ``event:`` step."""
    v = event.values
    main = v.get(event.kind)
    players: tuple[str, ...] = ()
    actions: tuple[str, ...] = ()
    street: Street | None = None
    text = ""
    named = IRREGULARITIES[event.kind].value  # what the event's own value names
    if named == "actions":
        actions = _texts(main)
    elif named == "text":
        text = str(main)
    elif named == "street":
        street = Street(str(main))
    elif named == "players" and isinstance(main, list):
        players = tuple(str(x) for x in main)
    elif named == "players" and isinstance(main, str):
        players = (main,)
    if "acts" in v:
        actions = _texts(v["acts"])
    if "missing" in v:
        street = Street(str(v["missing"]))
    card = v.get("card")
    positions = tuple(card) if isinstance(card, list) else (card,) if card else ()
    return Irregularity(
        kind=event.kind,
        players=players,
        positions=tuple(int(p) for p in positions),
        actions=actions,
        then=_texts(v.get("then")),
        street=street,
        count=v.get("cards"),
        seen=bool(v.get("seen", False)),
        card=v.get("new-card"),
        text=text,
    )
