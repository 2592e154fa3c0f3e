"""The LMS exports read back by independent parsers: every QTI item and test validated
against IMS QTI 2.1's schema, and every Moodle XML question's embedded answers; each
question's correct response checked against the engine's own answer."""

from __future__ import annotations

import io
import re
import zipfile
from decimal import Decimal
from functools import cache
from pathlib import Path
from typing import Any

from lxml import etree

from tutor import config
from tutor.engine.rulings import ASK_KINDS, to_json
from tutor.lms import moodle, qti
from tutor.lms.items import NONE_OF_THESE, Item, items_of
from tutor.scenarios.bank import load_bank
from tutor.scenarios.model import Scenario
from tutor.scenarios.replay import StepResult, walk

XSD = Path(__file__).parent / "data" / "qti-xsd"
NS = {"q": qti.QTI, "cp": qti.CP}


class _Local(etree.Resolver):
    """Each schema address as the file of the same path under tests/data/qti-xsd."""

    def resolve(self, url: str, pubid: str, context: Any) -> Any:
        if url.startswith("http://"):
            local = XSD / url.removeprefix("http://")
            if local.is_file():
                return self.resolve_filename(str(local), context)
        return None


@cache
def _schema() -> etree.XMLSchema:
    parser = etree.XMLParser()
    parser.resolvers.add(_Local())
    document = etree.parse(str(XSD / "www.imsglobal.org/xsd/imsqti_v2p1.xsd"), parser)
    return etree.XMLSchema(document)


@cache
def _bank() -> list[tuple[Scenario, list[StepResult]]]:
    bank = load_bank([config.scenarios_dir()])
    return [(s, walk(s)) for s in bank.scenarios]


def _asks() -> list[tuple[Scenario, StepResult]]:
    return [
        (s, r)
        for s, results in _bank()
        for r in results
        if r.ask is not None and r.ruling is not None
    ]


def _amount(value: Any) -> Decimal:
    return Decimal(str(value))


def expected_answers(result: StepResult) -> list[Any]:
    """The engine's answer, part by part, as a reader of the export should find it (worked
    out from the ruling here, not from the exporter's items)."""
    assert result.ask is not None and result.ruling is not None
    kind = result.ask.kind
    a = to_json(dict(result.ruling.answer))
    seats = [s for s in result.hand.view().seats if not s.folded]
    if kind == "ante":
        return [_amount(a["each"]), _amount(a["total"])]
    if kind == "buy-in":
        return [_amount(a["minimum"])]
    if kind == "bring-in":
        return [a["player"], _amount(a["amount"])]
    if kind in ("first-to-act", "next-to-act", "showdown-order"):
        return [a["player"]]
    if kind == "bet-sizes":
        return [{_amount(x) for x in a["sizes"]}]
    if kind == "legal-actions":
        return [set(a["actions"])]
    if kind == "raises-left":
        return ["unlimited" if a["raises_left"] is None else str(a["raises_left"])]
    if kind == "pot":
        return [_amount(a["pot"])]
    if kind == "community-card":
        return ["yes" if a["community"] else "no"]
    if kind == "low-qualifies":
        return ["yes" if a["qualifies"] else "no"]
    if kind == "best-high":
        return [set(a["cards"])]
    if kind == "best-low":
        return [a["low"] or "no low"]
    if kind in ("high-winner", "low-winner"):
        return [set(a["players"])]
    if kind == "award":
        payouts = {k: _amount(v) for k, v in a["payouts"].items()}
        return [payouts.get(s.name, Decimal(0)) for s in seats] + [_amount(a["rake"])]
    if kind == "ruling":
        out: list[Any] = [a["outcome"]]
        if a.get("continues") and a.get("next_player") is not None:
            out += [a["next_player"], set(a["next_actions"])]
        return out
    if kind == "side-pots":
        return [_amount(x) for x in a["pots"]] + [set(names) for names in a["eligible"]]
    raise AssertionError(f"no expectation for {kind}")


def _choice_value(text: str, kind: str) -> str:
    """A choice's text back to the answer's value (card symbols to codes, labels to ids)."""
    from tutor.engine.cards import Card
    from tutor.quiz_ruling import OUTCOME_LABELS

    if kind == "best-high":
        return next(c.text for c in _all_cards() if c.symbol == text)
    if kind == "ruling":
        back = {v: k for k, v in OUTCOME_LABELS.items()}
        return back.get(text, text)
    del Card
    return text


@cache
def _all_cards() -> tuple[Any, ...]:
    from tutor.engine.cards import Card

    return tuple(Card.parse(r + s) for r in "23456789TJQKA" for s in "cdhs")


def _qti_answers(doc: etree._Element, kind: str) -> list[Any]:
    """Each response's correct value, read from the item with XPath alone."""
    out: list[Any] = []
    for declaration in doc.findall("q:responseDeclaration", NS):
        ident = declaration.get("identifier")
        values = [v.text for v in declaration.findall("q:correctResponse/q:value", NS)]
        base = declaration.get("baseType")
        if base == "float":
            out.append(Decimal(values[0]))
        elif base == "string":
            out.append(values[0])
        else:
            choices = {
                c.get("identifier"): c.text
                for c in doc.findall(
                    f".//q:choiceInteraction[@responseIdentifier='{ident}']/q:simpleChoice",
                    NS,
                )
            }
            texts = [_choice_value(str(choices[v]), kind) for v in values]
            texts = [t for t in texts if t != NONE_OF_THESE]
            if declaration.get("cardinality") == "multiple":
                out.append(
                    {Decimal(t) for t in texts} if kind == "bet-sizes" else set(texts)
                )
            else:
                out.append(texts[0])
    return out


def test_every_bank_question_exports_as_valid_qti_with_the_engines_answer() -> None:
    asks = _asks()
    items = items_of(_bank())
    assert len(items) == len(asks) > 400
    data = qti.package(items, "bank", "Stud Tutor: the bundled bank")
    archive = zipfile.ZipFile(io.BytesIO(data))
    names = set(archive.namelist())
    assert {"imsmanifest.xml", "assessment.xml"} <= names
    schema = _schema()
    manifest = etree.fromstring(archive.read("imsmanifest.xml"))
    hrefs = [
        r.get("href")
        for r in manifest.findall("cp:resources/cp:resource", NS)
        if r.get("type") == "imsqti_item_xmlv2p1"
    ]
    assert len(hrefs) == len(items) and set(hrefs) <= names
    test = etree.fromstring(archive.read("assessment.xml"))
    schema.assertValid(test)
    refs = [r.get("href") for r in test.iterfind(".//q:assessmentItemRef", NS)]
    assert refs == hrefs
    kinds = set()
    for (scenario, result), href in zip(asks, hrefs, strict=True):
        assert result.ask is not None
        doc = etree.fromstring(archive.read(href))
        schema.assertValid(doc)
        kind = result.ask.kind
        kinds.add(kind)
        assert _qti_answers(doc, kind) == expected_answers(result), (scenario.id, kind)
        prompt = doc.find("q:itemBody/q:p/q:strong", NS)
        assert prompt is not None and prompt.text == result.ask.prompt
        feedback = doc.find("q:modalFeedback", NS)
        assert feedback is not None and result.ruling is not None
        assert result.ruling.explanation in str(feedback.text)
    assert kinds == set(ASK_KINDS)  # every ask kind (the bank asks each)


_EMBEDDED = re.compile(r"\{1:(?P<type>[A-Z_]+):(?P<body>(?:\\.|[^}])*)\}")


def _unescape(text: str) -> str:
    from html import unescape

    return unescape(re.sub(r"\\(.)", r"\1", text))


def _unescape_html(html: str) -> str:
    from html import unescape

    return unescape(re.sub(r"<[^>]+>", "", html))


def _moodle_answers(html: str, kind: str) -> list[Any]:
    out: list[Any] = []
    for match in _EMBEDDED.finditer(html):
        kind_of, body = match.group("type"), match.group("body")
        options = re.split(r"(?<!\\)~", body)
        if kind_of == "NUMERICAL":
            out.append(Decimal(options[0].removeprefix("=").split(":")[0]))
        elif kind_of == "SHORTANSWER":
            out.append(_unescape(options[0].removeprefix("=")))
        elif kind_of.startswith("MULTICHOICE"):
            right = [_unescape(o[1:]) for o in options if o.startswith("=")]
            assert len(right) == 1
            out.append(_choice_value(right[0], kind))
        else:
            right = [
                _choice_value(_unescape(o.split("%", 2)[2]), kind)
                for o in options
                if not o.startswith("%-")
            ]
            right = [t for t in right if t != NONE_OF_THESE]
            out.append(
                {Decimal(t) for t in right} if kind == "bet-sizes" else set(right)
            )
    return out


def test_every_bank_question_exports_as_a_moodle_cloze_question() -> None:
    asks = _asks()
    items = items_of(_bank())
    quiz = etree.fromstring(moodle.quiz_xml(items, "Bundled bank"))
    [category] = quiz.findall("question[@type='category']")
    assert category.findtext("category/text") == "$course$/top/Stud Tutor/Bundled bank"
    questions = quiz.findall("question[@type='cloze']")
    assert len(questions) == len(asks)
    for (scenario, result), question in zip(asks, questions, strict=True):
        assert result.ask is not None and result.ruling is not None
        html = str(question.findtext("questiontext/text"))
        assert _moodle_answers(html, result.ask.kind) == expected_answers(result), (
            scenario.id,
            result.ask.kind,
        )
        feedback = _unescape_html(str(question.findtext("generalfeedback/text")))
        assert result.ruling.explanation in feedback
        assert question.findtext("idnumber") == f"{scenario.id}-step-{result.index + 1}"


def test_nothing_on_the_question_gives_the_answer_away() -> None:
    from tutor.asks import hidden_until_answered

    checked = 0
    for scenario, result in _asks():
        assert result.ask is not None
        hides = hidden_until_answered(result.ask.kind)
        [item] = items_of([(scenario, [result])])
        text = " ".join(item.situation)
        secret = {"award"} if hides & {"award", "pot"} else set()
        if "pot" in hides:
            secret |= {"ante", "uncalled"}
        for op in result.hand.history:
            if op.kind in secret:
                assert f"{op.text}." not in text, (scenario.id, op.text)
                checked += 1
    assert checked > 50


def test_a_name_with_markup_stays_text(tmp_path: Path) -> None:
    from tutor.scenarios.bank import check_text
    from tutor.scenarios.templates import template

    text = template("first-to-act").replace("name: Bo,", 'name: "<b>Bo~}",')
    text = re.sub(r"\bBo (\w+)", r'"<b>Bo~} \1"', text)
    scenario, problems = check_text(text, "x.yaml")
    assert scenario is not None, problems
    items: list[Item] = items_of([(scenario, walk(scenario))])
    html = moodle.question_html(items[0])
    assert "<b>Bo" not in html and "&lt;b&gt;Bo\\~\\}" in html
    doc = etree.fromstring(qti.item_xml(items[0]))
    _schema().assertValid(doc)
    # the name is the text of an element, never markup
    assert "<b>Bo~}" in [c.text for c in doc.iterfind(".//q:simpleChoice", NS)]
    assert doc.find(".//q:b", NS) is None
