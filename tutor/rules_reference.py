"""The rules reference: every rule id in the project's words, its preset values, its scenarios.

One source for ``docs/rules.md`` (``python -m tutor.rules_reference > docs/rules.md``), its
Italian ``docs/rules.it.md`` (``python -m tutor.rules_reference --lang it``) and the app's Rules
page. The English texts are written here; the preset values come from
:func:`tutor.engine.rules.house_rules` and the scenario lists from replaying the bank, so neither
can drift from what the engine does.

The translations are a gettext catalogue of their own domain, ``rules``
(``tutor/locale/<lang>/LC_MESSAGES/rules.po``, template ``tutor/locale/rules.pot``): each rule's
title and text is an entry with the context ``<rule id>/title`` or ``<rule id>/text``; headings,
labels and value words are plain entries marked :func:`RN_` (or said through
:func:`rules_gettext`). Rule ids, preset names, field names and their values (``restore-order``)
stay as they are in every language: they are what an author writes in a scenario.
``python -m tutor.rules_reference --update-catalogue`` rewrites the template and merges it into
each language's ``.po``.
"""

from __future__ import annotations

import argparse
import ast
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import Catalog

from tutor import catalogue_files
from tutor.catalogue_files import Entry
from tutor.engine import DEFAULT_GAME, PRESETS, RULE_IDS, VARIANTS, Game, house_rules
from tutor.i18n import DEFAULT_LANGUAGE, LANGUAGES, LOCALE_DIR, normalise, translations
from tutor.scenarios.model import Scenario

#: The gettext domain of the rules reference.
DOMAIN = "rules"


def RN_(message: str) -> str:
    """Mark ``message`` for the rules catalogue without translating it (constants)."""
    return message


def rules_gettext(message: str, lang: str | None = None) -> str:
    """``message`` (a plain entry of the rules catalogue) in ``lang``, default the current one.

    >>> rules_gettext("Irregularities", "en"), rules_gettext("Irregularities", "it")
    ('Irregularities', 'Irregolarità')
    """
    return translations(lang, domain=DOMAIN).gettext(message)


#: The sections of the reference, in order, with the prefix test that puts a rule id in each.
SECTIONS: tuple[tuple[str, str], ...] = (
    (RN_("Table, deal and betting"), ""),
    (RN_("Razz"), "razz."),
    (RN_("Irregularities"), "irr."),
)

#: Every rule's short title, for headings and lists (the full text is ``RULE_TEXT``).
RULE_TITLE: dict[str, str] = {
    "table.seats": "Two to eight players",
    "table.buy-in": "The smallest buy-in",
    "ante.post": "Everyone antes before the deal",
    "deal.order": "The order of the deal",
    "bring-in.who": "Who brings in",
    "bring-in.all-in": "A bring-in player all in on the ante",
    "bring-in.amount": "How much the bring-in is",
    "bring-in.complete": "Completing instead of bringing in",
    "limit.small": "Small bets on third and fourth street",
    "limit.big": "Big bets from fifth street on",
    "limit.open-pair": "The open-pair option on fourth street",
    "limit.all-in": "Short of a full bet: all in",
    "act.third": "Who acts first on third street",
    "act.later": "Who acts first from fourth street on",
    "round.end": "When a betting round is over",
    "cap.raises": "The raise cap",
    "river.down": "Seventh street is dealt down",
    "river.community": "A community river when the deck runs short",
    "showdown.order": "Who shows first",
    "hand.high": "The best high hand",
    "hand.low": "The eight-or-better low",
    "split.halves": "High and low halves",
    "split.odd-chip": "The odd chip",
    "split.ties": "Tied hands share",
    "pot.uncalled": "An uncalled bet goes back",
    "pot.side": "Side pots",
    "pot.rake": "The rake",
    "razz.bring-in": "Razz: the highest door card brings in",
    "razz.act": "Razz: the lowest board acts first",
    "razz.low": "Razz: low only, no qualifier",
    "razz.limits": "Razz: no open-pair option",
    "irr.online": "Online: the software deals",
    "irr.exposed-hole": "A hole card exposed on the deal",
    "irr.misdeal": "Misdeals and the cutoff",
    "irr.premature": "A card dealt too early",
    "irr.burn": "A missed or doubled burn",
    "irr.wrong-bring-in": "The wrong player brings in",
    "irr.wrong-opener": "The wrong board opens",
    "irr.out-of-turn": "Acting out of turn",
    "irr.string-raise": "A string raise",
    "irr.fold-no-bet": "Folding when a check was free",
    "irr.exposed-river": "Seventh street dealt face up",
    "irr.wrong-count": "Too many or too few cards",
    "irr.exposed-card": "A down card flashed or off the table",
}


#: Every rule, in the project's own words (the ids are those of the shared rules document).
RULE_TEXT: dict[str, str] = {
    "table.seats": (
        "A table seats two to eight players. Seven cards each for nine players would need 63 "
        "cards, more than a deck holds, so a ninth player is refused with that reason."
    ),
    "table.buy-in": (
        "Sitting down takes at least `min_buy_in_bets` small bets (ten in every preset, so $10 "
        "at a $1/$2 table)."
    ),
    "ante.post": (
        "Before any card is dealt, each player in the hand puts in the ante; an ante of 0 means "
        "the table plays without one. Antes are dead money and count toward nobody's bet. A "
        "player holding less than the ante puts in what he has, gets cards, and is all in for a "
        "main pot made of what he posted."
    ),
    "deal.order": (
        "The dealer gives one card at a time clockwise, beginning with the seat to the dealer's "
        "left (the button where it moves, seat 1 with a house dealer). Third street is two cards "
        "face down and one face up (the door card); fourth, fifth and sixth add one face-up card "
        "each; seventh street (the river) is one card face down."
    ),
    "bring-in.who": (
        "In stud and stud8 the player showing the lowest door card must bring in. The ace "
        "counts high here. Equal ranks are separated by suit, from lowest to highest: clubs, "
        "diamonds, hearts, spades."
    ),
    "bring-in.all-in": (
        "When the low door card has nothing left after the ante, the next player clockwise "
        "starts the action and may fold, bring in or complete. A player who can cover only part "
        "of the bring-in puts in the rest of his stack; the others still owe at least the whole "
        "bring-in to stay."
    ),
    "bring-in.amount": (
        "The bring-in is the table's `stakes.bring_in`, half the small bet unless the stakes say "
        "otherwise."
    ),
    "bring-in.complete": (
        "Instead of the bring-in, its player may put in a full small bet (completing). Players "
        "facing only the bring-in may fold, call it, or complete. Completing is the round's "
        "first bet, not a raise. When everyone just calls the bring-in, the round is over and "
        "the bring-in player does not act again."
    ),
    "limit.small": "On third and fourth street each bet and each raise is one small bet.",
    "limit.big": "From fifth street to the river each bet and each raise is one big bet.",
    "limit.open-pair": (
        "Where the preset's `open_pair_option` allows it, a pair showing in any live hand on "
        "fourth street lets a bet or raise be either a small or a big bet; once a big one is "
        "made, later raises on that street are big too. Every raise counts once toward the cap. "
        "The option is fixed when fourth street is dealt and holds for the whole round, even if "
        "the pair then folds."
    ),
    "limit.all-in": (
        "A player short of a full bet or raise may put in all his chips. If that reaches at "
        "least half of a full bet or raise (on third street, facing only the bring-in: half the "
        "completion) it counts as a full one: the betting reopens, it counts toward the cap, and "
        "the next raise is its total plus one bet. Below half, players who already acted are "
        "not given the betting back (they may call or fold) and the cap does not count it; a "
        "player still to act may call it, or raise one bet above the last full level."
    ),
    "act.third": (
        "On third street the bring-in player acts first, then the action goes round clockwise."
    ),
    "act.later": (
        "From fourth street on, the best hand showing acts first. Only made hands count (pairs, "
        "two pair, trips, quads), then the high cards in order; straight and flush draws count "
        "for nothing. Equal boards are settled by the preset's `first_to_act_tie`. If the best "
        "board is all in, the next live player clockwise from it starts, as if it had checked."
    ),
    "round.end": (
        "A betting round is over once each live player has checked, or has matched the latest "
        "bet or raise; or when only one player is left: that player takes the pot at once and the "
        "hand is over."
    ),
    "cap.raises": (
        "Each round allows one bet (or completion) and then `max_raises` raises; after that, "
        "players may only call or fold. What happens heads-up is the preset's `heads_up`."
    ),
    "river.down": "The seventh card is dealt face down.",
    "river.community": (
        "If the deck cannot give every live player a seventh card, one card is dealt face up in "
        "the middle and every hand plays it. Whether this happens depends on the preset's "
        "`burn_cards` and `short_deck`; who acts first after it, on `community_opener`."
    ),
    "showdown.order": (
        "At the showdown the last player who bet or raised on the final round shows first (an "
        "all-in above the call counts as a bet here, even when short of a full one). If nobody "
        "bet on the final round, or nobody could, the player who was first to act on it shows "
        "first. Then the others show in clockwise order. Cards speak, and a player may muck "
        "instead of showing."
    ),
    "hand.high": (
        "A high hand is the best five cards out of a player's seven (and the community card, if "
        "there is one), ranked the usual poker way."
    ),
    "hand.low": (
        "In stud8 only, a low is five different ranks, none above 8, with the ace low; straights "
        "and flushes do not spoil it. Lows compare from their top card down (8-5-4-3-2 beats "
        "8-6-4-2-A, and 5-4-3-2-A is the best). The high and the low may use different cards or "
        "the same. A low question in stud is refused."
    ),
    "split.halves": (
        "In stud8 every pot is cut in two: half to the best high, half to the best qualifying "
        "low. With no qualifying low, the high takes all of it. One player may win both halves "
        "(a scoop)."
    ),
    "split.odd-chip": (
        "When a pot cannot be halved exactly, the odd chip goes to the high half. Chips are "
        "counted in units of `stakes.chip`."
    ),
    "split.ties": (
        "Equal hands share their half, or the pot, equally. An odd chip between them is placed "
        "by the preset's `odd_chip_ties`; several odd chips go out one each in that order."
    ),
    "pot.uncalled": (
        "Whatever part of a bet or raise nobody calls goes back to its player before pots are "
        "made up: it is never in a pot, never raked, and never a side pot of its own."
    ),
    "pot.side": (
        "An all-in player can win only what every other player matched up to his stake. Side "
        "pots are formed in order and each is awarded by itself among the players in it (a low "
        "qualifies for a pot only against that pot's players)."
    ),
    "pot.rake": (
        "Where the table rakes (`stakes.rake`: a percent and a cap), the rake is figured once for "
        "the whole hand on all the pots together, after uncalled chips go back, rounded down to "
        "the chip and never above the cap. It comes out of the pots before any split, in "
        "proportion to their sizes; chips left by the rounding go one by one to the pots with "
        "the biggest remainders (the earlier pot on a tie). A hand that ends before fourth "
        "street is not raked."
    ),
    "razz.bring-in": (
        "In razz the highest door card brings in, and the ace is low: an ace is the best door "
        "card and a king the worst. Between equal ranks the higher suit brings in (spades, then "
        "hearts, diamonds, clubs), so K♠ before K♦."
    ),
    "razz.act": (
        "From fourth street on in razz the lowest board acts first. Boards without a pair are "
        "better than paired ones, and boards are compared from their top card down (7-2 acts "
        "before 8-3). Equal boards go by position under every preset."
    ),
    "razz.low": (
        "Razz is played for low only: the best hand is the lowest five cards counted ace to "
        "five. Straights and flushes do not matter, pairs are bad, and any low qualifies (even "
        "a king-high one can win). The best low takes the whole pot; equal lows share it, odd "
        "chips as in `split.ties`."
    ),
    "razz.limits": (
        "Razz has no open-pair option: a pair on fourth street never allows a big bet there."
    ),
    "irr.online": (
        "Under `online` the software deals and checks every turn and amount, so a scenario "
        "describing a dealer error, an action out of turn, or a question about chip motions is "
        "refused: such things cannot happen online. Folding when a check was possible is "
        "allowed online (see `irr.fold-no-bet`)."
    ),
    "irr.exposed-hole": (
        "When the dealer turns up one of a player's two down cards on the first deal, the deal "
        "goes on and the player's third card comes face down; the exposed card then serves as "
        "his upcard for everything (bring-in, later boards). This is not a misdeal. More "
        "exposures of one player, or one each for two or more players, follow the preset "
        "(`exposed_both_holes`, `exposed_two_players`). The bring-in is settled after such "
        "corrections."
    ),
    "irr.misdeal": (
        "Before the preset's `misdeal_cutoff`, serious dealing errors (several boxed or extra "
        "cards, a wrong card count, the first card to the wrong seat, cards to an empty seat or "
        "an ineligible player, an eligible player left out, the exposures of "
        "`irr.exposed-hole`) make a misdeal: chips bet after the deal go back, antes stay, and "
        "the same players are dealt again. After the cut-off the hand goes on and a hand with "
        "the wrong number of cards is dead, its chips staying in the pot. A fouled deck voids "
        "the hand whatever has happened."
    ),
    "irr.premature": (
        "A card dealt too early, before the betting on the current street is over, is out of play, "
        "whatever the remaining players then do. The round is completed first, then the street is "
        "dealt by the preset's `premature_card` procedure."
    ),
    "irr.burn": (
        "A missed or doubled burn is handled by the preset's `burn_error`. A final down card "
        "that its player has seen or mixed with his hand is his. A burn card turned up stays the "
        "burn, is shown to everyone, and play goes on."
    ),
    "irr.wrong-bring-in": (
        "If the dealer names the wrong player as the bring-in and that player puts chips in: "
        "while the next player has not acted, the chips go back, the true bring-in must bring "
        "in (or may complete) and play continues to his left, the wrongly named player acting "
        "later in turn. Once the next player has acted, those chips stay as the round's "
        "bring-in or completion and the true bring-in simply acts in turn."
    ),
    "irr.wrong-opener": (
        "On fourth to seventh street, if the dealer points to the wrong board and that player "
        "bets: while the next player has not acted the bet goes back and the true first player "
        "acts; afterwards the bet stands and the true first player acts in turn with every "
        "option. (No rulebook covers this; it follows `irr.wrong-bring-in`.)"
    ),
    "irr.out-of-turn": (
        "Play returns to the player whose turn it was. A fold out of turn is binding; whether "
        "any other action out of turn binds, and what its player may do later, follows "
        "`oot_binding` and `oot_after_change`. A skipped player keeps every option until "
        "`skipped_player_deadline` has passed, then may only check, call or fold."
    ),
    "irr.string-raise": (
        "What a player says in turn binds him: call is a call, raise a full raise (facing only "
        "the bring-in, the completion), fold a fold. A raise made in two motions counts only "
        "the first one, and the extra chips go back. Wordless chips put in with one motion count "
        "as a raise (to be made a full one) if they come to the call plus half a raise, else as "
        "a call. A single chip bigger than needed only calls a bet; with no bet to face it bets "
        "the street's size."
    ),
    "irr.fold-no-bet": (
        "A player may fold when he could have checked; the fold stands and he cannot win the "
        "pot. Whether his seat still gets cards follows `fold_no_bet`; any such cards are dead "
        "but gone from the stub."
    ),
    "irr.exposed-river": (
        "If a seventh-street card is dealt face up, the preset's `river_exposed`, "
        "`river_exposed_opener` and `river_exposed_all_in` decide what follows. When no more "
        "betting can happen (all but one player are all in), the card plays as it fell."
    ),
    "irr.wrong-count": (
        "A wrong number of cards on the first deal is a misdeal question (`irr.misdeal`). On a "
        "later street, an error found before that street's betting is put right; found later, "
        "the preset's `short_hand` decides. A hand with more than seven cards, or too many for "
        "the street after the cut-off, is dead."
    ),
    "irr.exposed-card": (
        "A down card the dealer flashes or deals off the table counts as exposed: third street "
        "follows `irr.exposed-hole`, seventh street `irr.exposed-river`. An upcard off the table "
        "plays as dealt. A card a player exposes himself plays, his hand stays live, and the "
        "dealer shows it to everyone."
    ),
}


def rule_title(rule_id: str, lang: str | None = None) -> str:
    """The rule's short title in ``lang`` (default: the current language).

    >>> rule_title("bring-in.who", "en"), rule_title("bring-in.who", "it")
    ('Who brings in', 'Chi paga il bring-in')
    """
    return translations(lang, domain=DOMAIN).pgettext(
        f"{rule_id}/title", RULE_TITLE[rule_id]
    )


def rule_text(rule_id: str, lang: str | None = None) -> str:
    """The rule's text in ``lang`` (default: the current language)."""
    return translations(lang, domain=DOMAIN).pgettext(
        f"{rule_id}/text", RULE_TEXT[rule_id]
    )


def _citing(rule_id: str) -> Game:
    """The game whose description cites ``rule_id`` (its bring-in, acting or low rule)."""
    return next(
        g
        for g, v in VARIANTS.items()
        if rule_id in (v.rule_bring_in, v.rule_act, v.rule_low)
    )


#: The preset fields each rule depends on; a field whose value depends on the game names it.
RULE_FIELDS: dict[str, tuple[tuple[str, Game | None], ...]] = {
    "table.buy-in": (("min_buy_in_bets", None),),
    "limit.open-pair": tuple(
        ("open_pair_option", g) for g in sorted(VARIANTS) if VARIANTS[g].open_pair
    ),
    "act.later": (("first_to_act_tie", None),),
    "cap.raises": (("max_raises", None), ("heads_up", None)),
    "river.community": (
        ("burn_cards", None),
        ("short_deck", None),
        ("community_opener", None),
    ),
    "split.ties": (("odd_chip_ties", None),),
    "razz.act": (("first_to_act_tie", _citing("razz.act")),),
    "razz.limits": (("open_pair_option", _citing("razz.act")),),
    "irr.online": (("dealer_errors", None),),
    "irr.exposed-hole": (
        ("exposed_one_hole", None),
        ("exposed_both_holes", None),
        ("exposed_two_players", None),
    ),
    "irr.misdeal": (("misdeal_cutoff", None), ("extra_card_initial", None)),
    "irr.premature": (("premature_card", None), ("premature_river_seen", None)),
    "irr.burn": (("burn_error", None),),
    "irr.out-of-turn": (
        ("oot_binding", None),
        ("oot_after_change", None),
        ("skipped_player_deadline", None),
    ),
    "irr.fold-no-bet": (("fold_no_bet", None),),
    "irr.exposed-river": (
        ("river_exposed", None),
        ("river_exposed_opener", None),
        ("river_exposed_all_in", None),
    ),
    "irr.wrong-count": (("short_hand", None),),
}


@dataclass(frozen=True, slots=True)
class PresetRow:
    """One field's value under each preset, in the order of PRESETS."""

    field: str
    game: Game | None
    values: tuple[str, ...]

    @property
    def label(self) -> str:
        return f"{self.field} ({self.game.value})" if self.game else self.field

    @property
    def differs(self) -> bool:
        return len(set(self.values)) > 1


#: How a yes/no field's value is written (the other values are identifiers, kept as they are).
_YES, _NO = RN_("yes"), RN_("no")


def _word(value: object, lang: str | None) -> str:
    if isinstance(value, bool):
        return rules_gettext(_YES if value else _NO, lang)
    return str(value)


def preset_rows(rule_id: str, lang: str | None = None) -> tuple[PresetRow, ...]:
    """The preset values of the fields ``rule_id`` depends on, read from the engine's presets.

    >>> [(r.label, r.values) for r in preset_rows("cap.raises")][0]
    ('max_raises', ('3', '3', '4', '4'))
    >>> preset_rows("limit.open-pair", "it")[1].values
    ('sì', 'no', 'no', 'no')
    """
    rows = []
    for field, game in RULE_FIELDS.get(rule_id, ()):
        values = tuple(
            _word(getattr(house_rules(p, game or DEFAULT_GAME), field), lang)
            for p in PRESETS
        )
        rows.append(PresetRow(field, game, values))
    return tuple(rows)


def section_of(rule_id: str) -> str:
    """The section title a rule id belongs to."""
    for title, prefix in reversed(SECTIONS):
        if rule_id.startswith(prefix):
            return title
    raise ValueError(rule_id)  # pragma: no cover - the empty prefix matches everything


def scenarios_by_rule(
    cited: Iterable[tuple[str, Iterable[str]]],
) -> dict[str, tuple[str, ...]]:
    """For each rule id, the sorted ids of the scenarios that cite it.

    ``cited`` gives each scenario's id with the rule ids its replay cites.

    >>> scenarios_by_rule([("b", ["limit.big"]), ("a", ["limit.big", "deal.order"])])["limit.big"]
    ('a', 'b')
    """
    found: dict[str, set[str]] = {rule: set() for rule in RULE_IDS}
    for scenario_id, rules in cited:
        for rule in rules:
            found.setdefault(rule, set()).add(scenario_id)
    return {rule: tuple(sorted(ids)) for rule, ids in found.items()}


def bank_citations(
    scenarios: Iterable[Scenario],
) -> list[tuple[str, tuple[str, ...]]]:
    """Each scenario's id and every rule id its replay cites (operations and rulings)."""
    from tutor.scenarios.replay import walk

    out = []
    for scenario in scenarios:
        rules: dict[str, None] = {}
        for result in walk(scenario):
            for op in result.operations:
                rules.update(dict.fromkeys(op.rules))
            if result.ruling is not None:
                rules.update(dict.fromkeys(result.ruling.rules))
        out.append((scenario.id, tuple(rules)))
    return out


#: The reference's heading, labels and sentences (plain entries of the rules catalogue).
HEADING = RN_("Rules reference")
GENERATED = RN_(
    "Generated by `{command}`; tests/test_rules_reference.py checks it. Do not edit by hand."
)
INTRO = RN_(
    "Every rule the engine cites, by its stable id, in this project's words. Where a rule "
    "depends on the house rules, the values of the four presets ({presets}) are given side "
    "by side; the scenarios listed are the bundled ones whose replay cites the rule. The "
    "sources and the evidence for each rule are in the shared rules document and its "
    "research notes."
)
FIELD = RN_("field")
SCENARIOS = RN_("Scenarios: {scenarios}.")
NONE_YET = RN_("none yet")


def document(lang: str | None = None) -> str:
    """The file the reference in ``lang`` is kept in: ``docs/rules.md``, ``docs/rules.it.md``.

    >>> document("en"), document("it")
    ('docs/rules.md', 'docs/rules.it.md')
    """
    code = normalise(lang) or DEFAULT_LANGUAGE
    return "docs/rules.md" if code == DEFAULT_LANGUAGE else f"docs/rules.{code}.md"


def command(lang: str | None = None) -> str:
    """The command that writes the reference in ``lang``."""
    code = normalise(lang) or DEFAULT_LANGUAGE
    flag = "" if code == DEFAULT_LANGUAGE else f" --lang {code}"
    return f"python -m tutor.rules_reference{flag} > {document(code)}"


def preset_table(rows: Iterable[PresetRow], lang: str | None = None) -> list[str]:
    """The preset values as Markdown table lines (none when there are no rows)."""
    rows = list(rows)
    if not rows:
        return []
    say = rules_gettext(FIELD, lang)
    lines = [f"| {say} | " + " | ".join(f"`{p}`" for p in PRESETS) + " |"]
    lines.append("| --- |" + " --- |" * len(PRESETS))
    lines += [f"| `{r.label}` | " + " | ".join(r.values) + " |" for r in rows]
    return lines


def scenarios_line(ids: Iterable[str], lang: str | None = None) -> str:
    """``Scenarios: `a`, `b`.`` (or that there are none yet), in ``lang``."""
    ids = tuple(ids)
    listed = ", ".join(f"`{s}`" for s in ids) if ids else rules_gettext(NONE_YET, lang)
    return rules_gettext(SCENARIOS, lang).format(scenarios=listed)


def render_markdown(by_rule: dict[str, tuple[str, ...]], lang: str = "en") -> str:
    """The whole reference as Markdown in ``lang`` (the text of ``docs/rules.md``)."""
    presets = "`" + "`, `".join(PRESETS) + "`"
    lines = [
        f"# {rules_gettext(HEADING, lang)}",
        "",
        f"<!-- {rules_gettext(GENERATED, lang).format(command=command(lang))} -->",
        "",
        rules_gettext(INTRO, lang).format(presets=presets),
        "",
    ]
    for title, _ in SECTIONS:
        lines += [f"## {rules_gettext(title, lang)}", ""]
        for rule in RULE_IDS:
            if section_of(rule) != title:
                continue
            lines += [
                f"### `{rule}` — {rule_title(rule, lang)}",
                "",
                rule_text(rule, lang),
                "",
            ]
            table = preset_table(preset_rows(rule, lang), lang)
            if table:
                lines += [*table, ""]
            lines += [scenarios_line(by_rule.get(rule, ()), lang), ""]
    return "\n".join(lines)


def bank_markdown(folder: str = "scenarios", lang: str = "en") -> str:
    """The reference in ``lang`` for the scenario bank in ``folder``."""
    from tutor.scenarios import load_bank

    bank = load_bank([folder])
    return render_markdown(scenarios_by_rule(bank_citations(bank.scenarios)), lang)


# The catalogue: its template is built from this module's texts, the RN_-marked strings of
# the files below, and the N_-marked preset descriptions of the app's settings (read from
# their source, not imported: the interface is above this module).
PACKAGE = Path(__file__).resolve().parent
#: Files whose RN_(...) and rules_gettext(...) strings are plain entries of the catalogue.
MARKED_FILES = ("rules_reference.py", "ui/rules_page.py", "ui/app_pages/rules.py")
#: Constants of other modules, (file, name), whose N_(...) strings the catalogue translates.
CONSTANTS = (("ui/state.py", "PRESET_DESCRIPTIONS"),)
POT = LOCALE_DIR / f"{DOMAIN}.pot"
HEADER = """\
# The rules reference: every rule id's title and text, the reference's headings and labels,
# the presets' value words and their one-line descriptions.
# msgctxt <rule id>/title and <rule id>/text; plain msgids for the rest.
# Keep rule ids, preset names, field names and `backticked` values as written; keep the
# placeholders in braces ({presets}); write amounts the language's way ($10, $0,50).
# Update with: python -m tutor.rules_reference --update-catalogue"""


def po_path(lang: str) -> Path:
    """``tutor/locale/<lang>/LC_MESSAGES/rules.po``."""
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def _dict_lines(tree: ast.Module, name: str) -> dict[str, int]:
    """The line of each value of the module-level dict ``name``, by its key."""
    for node in tree.body:
        target: ast.expr | None = None
        if isinstance(node, ast.AnnAssign):
            target = node.target
        elif isinstance(node, ast.Assign) and len(node.targets) == 1:
            target = node.targets[0]
        if isinstance(target, ast.Name) and target.id == name:
            value = getattr(node, "value", None)
            if isinstance(value, ast.Dict):
                return {
                    k.value: v.lineno
                    for k, v in zip(value.keys, value.values, strict=True)
                    if isinstance(k, ast.Constant) and isinstance(k.value, str)
                }
    raise LookupError(name)  # pragma: no cover - the names are this module's own


def _marked_constant(path: Path, name: str) -> Iterator[tuple[int, str, str]]:
    """``(line, key, text)`` of each ``key: N_("text")`` in the constant ``name`` of ``path``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in tree.body:
        targets = node.targets if isinstance(node, ast.Assign) else []
        if isinstance(node, ast.AnnAssign):
            targets = [node.target]
        if not any(isinstance(t, ast.Name) and t.id == name for t in targets):
            continue
        for sub in ast.walk(node):
            if not isinstance(sub, ast.Dict):
                continue
            for key, value in zip(sub.keys, sub.values, strict=True):
                if (
                    isinstance(key, ast.Constant)
                    and isinstance(value, ast.Call)
                    and isinstance(value.func, ast.Name)
                    and value.func.id == "N_"
                    and value.args
                    and isinstance(value.args[0], ast.Constant)
                    and isinstance(value.args[0].value, str)
                ):
                    yield value.lineno, str(key.value), value.args[0].value


def catalogue_entries() -> list[Entry]:
    """Every entry of the rules catalogue, in the reference's order."""
    from babel.messages.extract import extract_from_file

    here = Path(__file__).resolve()
    tree = ast.parse(here.read_text(encoding="utf-8"))
    source = here.relative_to(PACKAGE.parent).as_posix()
    titles, texts = _dict_lines(tree, "RULE_TITLE"), _dict_lines(tree, "RULE_TEXT")
    out: list[Entry] = []
    for rule in RULE_IDS:
        section = section_of(rule)
        out.append(
            Entry(
                f"{rule}/title",
                RULE_TITLE[rule],
                source,
                titles[rule],
                (
                    f"The short title of rule {rule} ({section}): a heading and a list item.",
                ),
            )
        )
        out.append(
            Entry(
                f"{rule}/text",
                RULE_TEXT[rule],
                source,
                texts[rule],
                (f"The text of rule {rule} ({section}), under its title.",),
            )
        )
    seen: set[str] = set()
    for name in MARKED_FILES:
        path = PACKAGE / name
        keywords = {"RN_": None, "rules_gettext": (1,)}
        for line, message, comments, _ in extract_from_file(
            "python", str(path), keywords=keywords, comment_tags=("Translators:",)
        ):
            if isinstance(message, str) and message not in seen:
                seen.add(message)
                note = tuple(comments) or (
                    "A heading, label or sentence of the rules reference.",
                )
                out.append(Entry("", message, f"tutor/{name}", line, note))
    for name, constant in CONSTANTS:
        for line, key, message in _marked_constant(PACKAGE / name, constant):
            if message not in seen:
                seen.add(message)
                note = (
                    f"The one-line description of the house-rule preset {key}: the Rules "
                    "page's presets, Compare presets.",
                )
                out.append(Entry("", message, f"tutor/{name}", line, note))
    return out


def catalogue_template() -> Catalog:
    """The ``rules.pot`` of the code as it is now."""
    return catalogue_files.template(catalogue_entries(), domain=DOMAIN, header=HEADER)


def update_catalogue(*, drop_obsolete: bool = False) -> list[Path]:
    """Write ``rules.pot`` and merge it into every language's ``rules.po``."""
    langs = [lang for lang in LANGUAGES if lang != DEFAULT_LANGUAGE]
    return catalogue_files.update(
        catalogue_template(),
        POT,
        [(lang, po_path(lang)) for lang in langs],
        domain=DOMAIN,
        drop_obsolete=drop_obsolete,
    )


def main(
    argv: list[str] | None = None,
) -> int:  # pragma: no cover - a thin command line
    """Print the reference (``--lang``), or update the catalogue (``--update-catalogue``)."""
    parser = argparse.ArgumentParser(prog="python -m tutor.rules_reference")
    parser.add_argument("folder", nargs="?", default="scenarios")
    parser.add_argument("--lang", default=DEFAULT_LANGUAGE, choices=LANGUAGES)
    parser.add_argument("--update-catalogue", action="store_true")
    parser.add_argument("--drop-obsolete", action="store_true")
    args = parser.parse_args(argv)
    if args.update_catalogue:
        written = update_catalogue(drop_obsolete=args.drop_obsolete)
        for path in written:
            print(f"wrote {path}")
        if not written:
            print("the catalogues were already up to date")
        return 0
    sys.stdout.write(bank_markdown(args.folder, args.lang))
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
