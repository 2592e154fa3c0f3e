"""Blank scenarios to start from, one per topic and game: a whole hand with a question."""

from __future__ import annotations

from functools import cache

from tutor.course import TOPICS
from tutor.engine import (
    DEFAULT_GAME,
    GAME_LABELS,
    PRESETS,
    VARIANTS,
    Game,
    scenario_text,
    unfit_said,
)


def _or_list(words: list[str]) -> str:
    """``A``, ``A or B``, ``A, B or C``."""
    return (
        ", ".join(words[:-1]) + " or " + words[-1] if len(words) > 1 else "".join(words)
    )


#: The house rules a scenario can name, from the engine's list.
_PRESETS = _or_list(list(PRESETS))


def _games() -> str:
    """The games a scenario can name, from the engine's registry as it is now."""
    return _or_list([f"{game} ({label})" for game, label in GAME_LABELS.items()])


_HEAD = """\
# A new scenario: change what you need, then check, preview and save it.
id: {id}                  # unique across the bank: lower-case letters, digits and '-'
title: {title}
topic: {topic}
level: 1                  # 1 (first lesson) .. 5 (expert rulings)
game: {game}{pad}# {games}
rules: online             # house rules: {presets}
stakes: {{small_bet: 2, big_bet: 4, ante: 0.5}}
button: null
seats:                    # cards in the order dealt: hole, hole, door, 4th, 5th, 6th, river
  - {{seat: 1, name: Ana, stack: 100, cards: "Ah 4d 2h 7h 9c Js 3d"}}
  - {{seat: 2, name: Bo, stack: 100, cards: "Kd Qs 5c 8s Tc 6d 4c"}}
  - {{seat: 3, name: Cy, stack: 100, cards: "9s 9d Qh 8c 3s 2d Kh"}}
steps:
"""
#: Per topic: the ask kind, after how many streets of betting it comes, and any lines it
#: needs before it (an event) or after it (whose hand).
_ASKS: dict[str, tuple[str, int, str, str]] = {
    "ante": ("ante", 0, "", ""),
    "buy-in": ("buy-in", 0, "", ""),
    "deal": ("first-to-act", 1, "", ""),
    "bring-in": ("bring-in", 0, "", ""),
    "betting-limits": ("bet-sizes", 1, "", ""),
    "pair-on-fourth": ("bet-sizes", 1, "", ""),
    "first-to-act": ("first-to-act", 1, "", ""),
    "raise-cap": ("raises-left", 1, "", ""),
    "community-river": ("community-card", 4, "", ""),
    "low-qualification": ("low-qualifies", 5, "", "    player: Ana\n"),
    "showdown": ("showdown-order", 5, "", ""),
    "split-pot": ("award", 5, "", ""),
    "side-pots": ("award", 5, "", ""),
    "irregularities": ("ruling", 1, "  - event: {{fold-no-bet: {actor}}}\n", ""),
}
#: Topics whose question ends the scenario (the hand after it would need more events).
_LAST = frozenset({"irregularities"})


@cache
def _betting(game: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The template hand's betting in ``game``, one act step per street, as the engine deals it.

    Third street: the bring-in, a completion, calls; later streets: everyone checks. Who
    acts in what order comes from the engine (the game's description), so a new game needs
    no template of its own. Also: who acts first after each street (for a question there).
    Worked out once per game (the same every time).
    """
    from tutor.scenarios.bank import check_text
    from tutor.scenarios.replay import start_hand

    head = _head("ante", game)
    scenario, problems = check_text(head + "  - ask: ante\n", "template.yaml")
    if scenario is None:  # the template's own table: a bug here, not the instructor's
        raise AssertionError(problems)
    hand = start_hand(scenario)
    steps: list[str] = []
    first: list[str] = []
    while hand.to_act is not None and len(steps) < 5:
        street = hand.street
        said: list[str] = []
        while hand.to_act is not None and hand.street == street:
            legal = hand.legal_actions()
            # the verb alone: the engine knows the amount (``Bo completes``)
            verb = next(
                want
                for want in ("bring in", "complete", "call", "check")
                if any(a.startswith(want) for a in legal)
            )
            said.append(scenario_text(hand.to_act, verb))
            hand.apply(said[-1])
        act = f"  - act: [{', '.join(said)}]"
        steps.append(f"{act:<61} # {street} street\n")
        first.append(hand.to_act or "")
    return tuple(steps), tuple(first)


def _head(topic: str, game: str) -> str:
    return _HEAD.format(
        id=f"new-{topic}-scenario",
        title=f"A new {topic.replace('-', ' ')} question",
        topic=topic,
        game=game,
        pad=" " * max(1, 20 - len(game)),
        games=_games(),
        presets=_PRESETS,
    )


def template(topic: str, game: str = DEFAULT_GAME.value) -> str:
    """A valid scenario of ``topic`` in ``game`` (a whole three-handed hand), one question.

    :raises KeyError: If ``topic`` is not one of the course's topics with a template, or
        ``game`` not one of the engine's games.
    """
    if game not in GAME_LABELS:
        raise KeyError(game)
    kind, after, before, extra = _ASKS[topic]
    streets, first = _betting(game)
    actor = first[after - 1] if after else "Ana"
    prompt = "    prompt: Write the question as the learner should read it.\n"
    rest = "" if topic in _LAST else "".join(streets[after:])
    return (
        _head(topic, game)
        + "".join(streets[:after])
        + before.format(actor=actor)
        + f"  - ask: {kind}\n{extra}"
        + prompt
        + rest
    )


def template_topics(game: str = DEFAULT_GAME.value) -> tuple[str, ...]:
    """The topics that have a template in ``game``, in course order.

    A topic is left out where its question has no meaning in the game (whether a low
    qualifies, in razz). The open pair stays for razz: that it never applies there is a
    lesson of its own.
    """
    variant = VARIANTS[Game(game)]
    return tuple(
        t for t in TOPICS if t in _ASKS and unfit_said(variant, _ASKS[t][0]) is None
    )
