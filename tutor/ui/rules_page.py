"""The Rules page, and the links to it that every cited rule id becomes.

A citation is a Markdown link to ``rules?rule=<id>`` (relative, so it works under any base URL):
the page opens with that rule shown first and expanded. The page speaks the session's language
(:func:`tutor.i18n.current_language`): titles, texts, headings and value words come from the
rules catalogue (``tutor.rules_reference``); rule ids, presets and field names stay as they are.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

import streamlit as st

from tutor import config
from tutor.engine import PRESETS, RULE_IDS
from tutor.i18n import current_language
from tutor.rules_reference import (
    RN_,
    SECTIONS,
    bank_citations,
    preset_rows,
    preset_table,
    rule_text,
    rule_title,
    rules_gettext,
    scenarios_by_rule,
    scenarios_line,
    section_of,
)
from tutor.scenarios.bank import PATTERNS
from tutor.ui.data import folder_signature
from tutor.ui.glossary_links import linked_markdown
from tutor.ui.state import PRESET_DESCRIPTIONS, RULES_CHOSEN
from tutor.ui.text import plain

#: The page's address (its file name under app_pages/, as ``st.navigation`` derives it).
RULES_URL = "rules"
_KNOWN = frozenset(RULE_IDS)
_BACKTICKED = re.compile(r"(?<!\[)`([a-z0-9-]+\.[a-z0-9-]+)`(?!\])")


def rule_href(rule_id: str) -> str:
    """The address of the Rules page opened at ``rule_id``.

    >>> rule_href("bring-in.who")
    'rules?rule=bring-in.who'
    """
    return f"{RULES_URL}?rule={rule_id}"


def rule_link(rule_id: str) -> str:
    """A Markdown link to the rule; an unknown id stays plain code text.

    >>> rule_link("limit.big")
    '[`limit.big`](rules?rule=limit.big)'
    """
    if rule_id not in _KNOWN:
        return f"`{rule_id}`"
    return f"[`{rule_id}`]({rule_href(rule_id)})"


def rule_links(rule_ids: Iterable[str], empty: str = "none") -> str:
    """The rule ids as comma-separated links, or ``empty`` when there are none.

    >>> rule_links(["limit.big", "act.third"])
    '[`limit.big`](rules?rule=limit.big), [`act.third`](rules?rule=act.third)'
    """
    return ", ".join(rule_link(r) for r in rule_ids) or empty


def rule_title_links(rule_ids: Iterable[str], empty: str = "") -> str:
    """The rules by their titles (as learners see them), each a link to its entry.

    >>> rule_title_links(["limit.big", "x.y"])
    '[Big bets from fifth street on](rules?rule=limit.big), x\\\\.y'
    """
    return (
        ", ".join(
            f"[{plain(rule_title(r))}]({rule_href(r)})" if r in _KNOWN else plain(r)
            for r in rule_ids
        )
        or empty
    )


def link_rule_ids(markdown: str) -> str:
    """Every backticked known rule id in ``markdown`` made a link to the Rules page.

    >>> link_rule_ids("See `bring-in.who`, not `x.y`.")
    'See [`bring-in.who`](rules?rule=bring-in.who), not `x.y`.'
    """

    def link(match: re.Match[str]) -> str:
        return rule_link(match.group(1)) if match.group(1) in _KNOWN else match.group(0)

    return _BACKTICKED.sub(link, markdown)


@st.cache_resource(max_entries=4, show_spinner=False)
def _by_rule(folder: str, signature: str) -> dict[str, tuple[str, ...]]:
    """The configured bank's scenarios for each rule id (replayed once per bank version)."""
    del signature  # only part of the cache key
    from tutor.ui.bank import scenario_bank

    return scenarios_by_rule(bank_citations(scenario_bank().scenarios))


def bank_scenarios_by_rule() -> dict[str, tuple[str, ...]]:
    """For each rule id, the ids of the configured bank's scenarios that cite it."""
    folder = str(config.scenarios_dir())
    return _by_rule(folder, folder_signature(folder, PATTERNS))


def chosen_rule() -> str | None:
    """The rule named by ``?rule=`` in the address, if it is a known rule id."""
    rule = st.query_params.get("rule")
    return rule if rule in _KNOWN else None


def preset_description(preset: str, lang: str | None = None) -> str:
    """The preset's one-line description (``PRESET_DESCRIPTIONS``) in ``lang``, default the
    session's; its translations are in the rules catalogue. An unknown preset has none.

    >>> preset_description("online", "it").startswith("Le regole delle pagine")
    True
    >>> preset_description("house-of-cards")
    ''
    """
    english = PRESET_DESCRIPTIONS.get(preset)
    return rules_gettext(english, lang) if english else ""


_PRESETS_HEADER = RN_("| preset | the rules it follows |")
_NO_SUCH_RULE = RN_("There is no rule {rule}: every rule is listed below by its id.")


def preset_legend(lang: str | None = None) -> str:
    """What each preset column is, as a Markdown table."""
    lines = [rules_gettext(_PRESETS_HEADER, lang), "| --- | --- |"]
    lines += [f"| `{p}` | {preset_description(p, lang)} |" for p in PRESETS]
    return "\n".join(lines)


def _rule_body(rule_id: str, scenarios: tuple[str, ...], lang: str) -> None:
    # Each rule's text links the first use of each glossary term in it (an expander is read
    # on its own, so "first use" is per rule).
    st.markdown(link_rule_ids(linked_markdown(rule_text(rule_id, lang), lang, set())))
    table = preset_table(preset_rows(rule_id, lang), lang)
    if table:
        st.markdown("\n".join(table))
    st.caption(scenarios_line(scenarios, lang).removesuffix("."))


def rules_page() -> None:
    """Every rule by section, each in an expander; the one named in the address comes first."""
    lang = current_language()
    chosen = chosen_rule()
    asked = st.query_params.get("rule")
    by_rule = bank_scenarios_by_rule()
    if asked and chosen is None:
        st.warning(rules_gettext(_NO_SUCH_RULE, lang).format(rule=repr(asked)))
    if chosen is not None:
        with st.container(border=True, key=RULES_CHOSEN.name):
            st.subheader(f"`{chosen}` — {rule_title(chosen, lang)}")
            _rule_body(chosen, by_rule.get(chosen, ()), lang)
    st.markdown(preset_legend(lang))
    for title, _ in SECTIONS:
        st.header(rules_gettext(title, lang))
        for rule in RULE_IDS:
            if section_of(rule) != title:
                continue
            label = f"`{rule}` — {rule_title(rule, lang)}"
            with st.expander(label, expanded=rule == chosen):
                _rule_body(rule, by_rule.get(rule, ()), lang)
