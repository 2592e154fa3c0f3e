"""Blank scenarios to start from, one per topic: a whole hand with a question where the topic needs it."""

from __future__ import annotations

from tutor.engine.rules import GAME_LABELS, PRESETS, TOPICS


def _or_list(words: list[str]) -> str:
    """``A``, ``A or B``, ``A, B or C``."""
    return (
        ", ".join(words[:-1]) + " or " + words[-1] if len(words) > 1 else "".join(words)
    )


#: The games and house rules a scenario can name, from the engine's lists.
_GAMES = _or_list([f"{game} ({label})" for game, label in GAME_LABELS.items()])
_PRESETS = _or_list(list(PRESETS))
_HEAD = """\
# A new scenario: change what you need, then check, preview and save it.
id: {id}                  # unique across the bank: lower-case letters, digits and '-'
title: {title}
topic: {topic}
level: 1                  # 1 (first lesson) .. 5 (expert rulings)
game: stud8               # {games}
rules: online             # house rules: {presets}
stakes: {{small_bet: 2, big_bet: 4, ante: 0.5}}
button: null
seats:                    # cards in the order dealt: hole, hole, door, 4th, 5th, 6th, river
  - {{seat: 1, name: Ana, stack: 100, cards: "Ah 4d 2h 7h 9c Js 3d"}}
  - {{seat: 2, name: Bo, stack: 100, cards: "Kd Qs 5c 8s Tc 6d 4c"}}
  - {{seat: 3, name: Cy, stack: 100, cards: "9s 9d Qh 8c 3s 2d Kh"}}
steps:
"""
#: The hand's betting, one street per step.
_STREETS = (
    "  - act: [Ana brings in, Bo completes, Cy calls, Ana calls]   # third street\n",
    "  - act: [Cy checks, Ana checks, Bo checks]                   # fourth street\n",
    "  - act: [Cy checks, Ana checks, Bo checks]                   # fifth street\n",
    "  - act: [Cy checks, Ana checks, Bo checks]                   # sixth street\n",
    "  - act: [Cy checks, Ana checks, Bo checks]                   # seventh street\n",
)
#: Per topic: the question asked, and after how many streets of betting.
_ASKS: dict[str, tuple[str, int]] = {
    "ante": ("  - ask: ante\n", 0),
    "buy-in": ("  - ask: buy-in\n", 0),
    "deal": ("  - ask: first-to-act\n", 1),
    "bring-in": ("  - ask: bring-in\n", 0),
    "betting-limits": ("  - ask: bet-sizes\n", 1),
    "pair-on-fourth": ("  - ask: bet-sizes\n", 1),
    "first-to-act": ("  - ask: first-to-act\n", 1),
    "raise-cap": ("  - ask: raises-left\n", 1),
    "community-river": ("  - ask: community-card\n", 4),
    "low-qualification": ("  - ask: low-qualifies\n    player: Ana\n", 5),
    "showdown": ("  - ask: showdown-order\n", 5),
    "split-pot": ("  - ask: award\n", 5),
    "side-pots": ("  - ask: award\n", 5),
    "irregularities": ("  - event: {fold-no-bet: Cy}\n  - ask: ruling\n", 1),
}
#: Topics whose question ends the scenario (the hand after it would need more events).
_LAST = frozenset({"irregularities"})


def template(topic: str) -> str:
    """A valid scenario of ``topic`` (a whole three-handed hand) with one question.

    :raises KeyError: If ``topic`` is not one of the course's topics.
    """
    ask, after = _ASKS[topic]
    head = _HEAD.format(
        id=f"new-{topic}-scenario",
        title=f"A new {topic.replace('-', ' ')} question",
        topic=topic,
        games=_GAMES,
        presets=_PRESETS,
    )
    prompt = "    prompt: Write the question as the learner should read it.\n"
    rest = "" if topic in _LAST else "".join(_STREETS[after:])
    return head + "".join(_STREETS[:after]) + ask + prompt + rest


def template_topics() -> tuple[str, ...]:
    """The topics that have a template, in course order."""
    return tuple(t for t in TOPICS if t in _ASKS)
