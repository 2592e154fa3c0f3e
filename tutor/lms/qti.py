"""A set of items as an IMS QTI 2.1 content package: a zip of one ``assessmentItem`` file per
item, an ``assessmentTest`` that lists them, and ``imsmanifest.xml``.

Each response part is one interaction with its own response variable and its correct
response (the engine's answer): a choice or several choices are a ``choiceInteraction``
(``identifier`` values), an amount a ``textEntryInteraction`` (``float``), a written low a
``textEntryInteraction`` (``string``). Response processing gives SCORE 1 when every
response matches its correct one, else 0, and always shows the engine's explanation as
modal feedback. The items validate against the QTI 2.1 schema (``imsqti_v2p1.xsd``).
"""

from __future__ import annotations

import io
import zipfile

from lxml import etree

from tutor.lms.items import Item, Part

QTI = "http://www.imsglobal.org/xsd/imsqti_v2p1"
XSI = "http://www.w3.org/2001/XMLSchema-instance"
CP = "http://www.imsglobal.org/xsd/imscp_v1p1"
QTI_SCHEMA = f"{QTI} http://www.imsglobal.org/xsd/qti/qtiv2p1/imsqti_v2p1.xsd"
CP_SCHEMA = f"{CP} http://www.imsglobal.org/xsd/qti/qtiv2p1/qtiv2p1_imscpv1p2_v1p0.xsd"
_N = f"{{{QTI}}}"


def _el(parent: etree._Element, tag: str, **attrs: str) -> etree._Element:
    return etree.SubElement(parent, _N + tag, {k: v for k, v in attrs.items()})


def _base_type(part: Part) -> str:
    return {"number": "float", "text": "string"}.get(part.type, "identifier")


def _declare(item_el: etree._Element, part: Part) -> None:
    declaration = _el(
        item_el,
        "responseDeclaration",
        identifier=part.ident,
        cardinality="multiple" if part.type == "multiple" else "single",
        baseType=_base_type(part),
    )
    correct = _el(declaration, "correctResponse")
    for value in part.correct:
        _el(correct, "value").text = value


def _interaction(body: etree._Element, part: Part) -> None:
    if part.type in ("choice", "multiple"):
        interaction = _el(
            body,
            "choiceInteraction",
            responseIdentifier=part.ident,
            shuffle="false",
            maxChoices="0" if part.type == "multiple" else "1",
        )
        _el(interaction, "prompt").text = part.label
        for ident, text in part.choices:
            _el(interaction, "simpleChoice", identifier=ident).text = text
        return
    paragraph = _el(body, "p")
    paragraph.text = f"{part.label}: "
    _el(
        paragraph,
        "textEntryInteraction",
        responseIdentifier=part.ident,
        expectedLength="12" if part.type == "number" else "20",
    )


def _processing(item_el: etree._Element, parts: tuple[Part, ...]) -> None:
    processing = _el(item_el, "responseProcessing")
    condition = _el(processing, "responseCondition")
    branch = _el(condition, "responseIf")
    every = _el(branch, "and")
    for part in parts:
        match = _el(every, "match")
        _el(match, "variable", identifier=part.ident)
        _el(match, "correct", identifier=part.ident)
    score = _el(branch, "setOutcomeValue", identifier="SCORE")
    _el(score, "baseValue", baseType="float").text = "1"
    otherwise = _el(
        _el(condition, "responseElse"), "setOutcomeValue", identifier="SCORE"
    )
    _el(otherwise, "baseValue", baseType="float").text = "0"
    feedback = _el(processing, "setOutcomeValue", identifier="FEEDBACK")
    _el(feedback, "baseValue", baseType="identifier").text = "EXPLANATION"


def item_xml(item: Item) -> bytes:
    """One item as a QTI 2.1 ``assessmentItem`` document."""
    root = etree.Element(
        _N + "assessmentItem",
        {
            f"{{{XSI}}}schemaLocation": QTI_SCHEMA,
            "identifier": item.ident,
            "title": item.title,
            "adaptive": "false",
            "timeDependent": "false",
        },
        nsmap={None: QTI, "xsi": XSI},  # type: ignore[dict-item]
    )
    for part in item.parts:
        _declare(root, part)
    score = _el(
        root,
        "outcomeDeclaration",
        identifier="SCORE",
        cardinality="single",
        baseType="float",
    )
    _el(_el(score, "defaultValue"), "value").text = "0"
    _el(
        root,
        "outcomeDeclaration",
        identifier="FEEDBACK",
        cardinality="single",
        baseType="identifier",
    )
    body = _el(root, "itemBody")
    situation = _el(body, "div", **{"class": "situation"})
    for line in item.situation:
        _el(situation, "p").text = line
    _el(_el(body, "p"), "strong").text = item.prompt
    for part in item.parts:
        _interaction(body, part)
    _processing(root, item.parts)
    feedback = _el(
        root,
        "modalFeedback",
        outcomeIdentifier="FEEDBACK",
        identifier="EXPLANATION",
        showHide="show",
    )
    rules = f" (rules: {', '.join(item.rules)})" if item.rules else ""
    feedback.text = item.feedback + rules
    return bytes(
        etree.tostring(root, xml_declaration=True, encoding="UTF-8", pretty_print=True)
    )


def assessment_test_xml(items: list[Item], identifier: str, title: str) -> bytes:
    """The ``assessmentTest`` listing every item in one section (SCORE: the sum)."""
    root = etree.Element(
        _N + "assessmentTest",
        {
            f"{{{XSI}}}schemaLocation": QTI_SCHEMA,
            "identifier": identifier,
            "title": title,
        },
        nsmap={None: QTI, "xsi": XSI},  # type: ignore[dict-item]
    )
    _el(
        root,
        "outcomeDeclaration",
        identifier="SCORE",
        cardinality="single",
        baseType="float",
    )
    part = _el(
        root,
        "testPart",
        identifier="part-1",
        navigationMode="nonlinear",
        submissionMode="individual",
    )
    section = _el(
        part, "assessmentSection", identifier="section-1", title=title, visible="true"
    )
    for item in items:
        _el(
            section,
            "assessmentItemRef",
            identifier=item.ident,
            href=f"items/{item.ident}.xml",
        )
    processing = _el(root, "outcomeProcessing")
    total = _el(processing, "setOutcomeValue", identifier="SCORE")
    _el(_el(total, "sum"), "testVariables", variableIdentifier="SCORE")
    return bytes(
        etree.tostring(root, xml_declaration=True, encoding="UTF-8", pretty_print=True)
    )


def manifest_xml(items: list[Item], identifier: str, title: str) -> bytes:
    """The package's ``imsmanifest.xml``: the test and each item as resources."""
    c = f"{{{CP}}}"
    root = etree.Element(
        c + "manifest",
        {f"{{{XSI}}}schemaLocation": CP_SCHEMA, "identifier": f"{identifier}-manifest"},
        nsmap={None: CP, "xsi": XSI},  # type: ignore[dict-item]
    )
    metadata = etree.SubElement(root, c + "metadata")
    etree.SubElement(metadata, c + "schema").text = "QTIv2.1 Package"
    etree.SubElement(metadata, c + "schemaversion").text = "1.0.0"
    etree.SubElement(root, c + "organizations")
    resources = etree.SubElement(root, c + "resources")
    test = etree.SubElement(
        resources,
        c + "resource",
        identifier=identifier,
        type="imsqti_test_xmlv2p1",
        href="assessment.xml",
    )
    etree.SubElement(test, c + "file", href="assessment.xml")
    for item in items:
        etree.SubElement(test, c + "dependency", identifierref=f"res-{item.ident}")
    for item in items:
        href = f"items/{item.ident}.xml"
        resource = etree.SubElement(
            resources,
            c + "resource",
            identifier=f"res-{item.ident}",
            type="imsqti_item_xmlv2p1",
            href=href,
        )
        etree.SubElement(resource, c + "file", href=href)
    title_comment = etree.Comment(f" {title.replace('--', '- -')} ")
    root.insert(0, title_comment)
    return bytes(
        etree.tostring(root, xml_declaration=True, encoding="UTF-8", pretty_print=True)
    )


def package(items: list[Item], identifier: str, title: str) -> bytes:
    """The QTI 2.1 content package (zip bytes)."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("imsmanifest.xml", manifest_xml(items, identifier, title))
        archive.writestr(
            "assessment.xml", assessment_test_xml(items, identifier, title)
        )
        for item in items:
            archive.writestr(f"items/{item.ident}.xml", item_xml(item))
    return out.getvalue()
