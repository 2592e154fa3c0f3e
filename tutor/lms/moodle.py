"""A set of items as a Moodle XML quiz: one Cloze ("embedded answers") question per item.

Each response part is one embedded answer: a choice is ``MULTICHOICE`` (``=`` marks the
engine's answer), several choices ``MULTIRESPONSE`` (each right one weighted 100/k, each
wrong one -100/k), an amount ``NUMERICAL`` (tolerance 0), a written low ``SHORTANSWER``.
The engine's explanation is the general feedback. Moodle's "Import" (Moodle XML format)
reads the file into a question bank category named after the set.
"""

from __future__ import annotations

from html import escape

from lxml import etree

from tutor.lms.items import Item, Part

#: Moodle's grade fractions for 1..10 right choices (its list; others are refused).
_FRACTIONS = {
    1: "100",
    2: "50",
    3: "33.33333",
    4: "25",
    5: "20",
    6: "16.66667",
    7: "14.28571",
    8: "12.5",
    9: "11.11111",
    10: "10",
}
#: Characters with a meaning in an embedded answer, escaped with a backslash.
_SPECIAL = '\\}#~/"{'


def cloze_text(text: str) -> str:
    """``text`` safe inside an embedded answer of an HTML question text.

    >>> cloze_text("a~b}c <i>")
    'a\\\\~b\\\\}c &lt;i&gt;'
    """
    text = escape(text, quote=False)
    return "".join("\\" + ch if ch in _SPECIAL else ch for ch in text)


def embedded(part: Part) -> str:
    """One part as Moodle's embedded-answer syntax."""
    if part.type == "number":
        return f"{{1:NUMERICAL:={part.correct[0]}:0}}"
    if part.type == "text":
        return f"{{1:SHORTANSWER:={cloze_text(part.correct[0])}}}"
    right = set(part.correct)
    if part.type == "choice":
        options = "~".join(
            ("=" if ident in right else "") + cloze_text(text)
            for ident, text in part.choices
        )
        return f"{{1:MULTICHOICE_V:{options}}}"
    weight = _FRACTIONS.get(len(right), "10")
    options = "~".join(
        (f"%{weight}%" if ident in right else f"%-{weight}%") + cloze_text(text)
        for ident, text in part.choices
    )
    return f"{{1:MULTIRESPONSE:{options}}}"


def _text(parent: etree._Element, tag: str, value: str, html: bool = False) -> None:
    node = etree.SubElement(parent, tag)
    if html:
        node.set("format", "html")
    etree.SubElement(node, "text").text = value


def question_html(item: Item) -> str:
    """The question's text: the situation, the prompt, then each part with its label."""
    lines = "".join(f"<p>{escape(line)}</p>" for line in item.situation)
    parts = "".join(
        f"<p>{escape(part.label)}: {embedded(part)}</p>" for part in item.parts
    )
    return f"{lines}<p><strong>{escape(item.prompt)}</strong></p>{parts}"


def quiz_xml(items: list[Item], category: str) -> bytes:
    """The items as a Moodle XML quiz file (UTF-8), in the question category ``category``."""
    quiz = etree.Element("quiz")
    head = etree.SubElement(quiz, "question", type="category")
    _text(head, "category", f"$course$/top/Stud Tutor/{category}")
    for item in items:
        question = etree.SubElement(quiz, "question", type="cloze")
        _text(question, "name", item.title)
        _text(question, "questiontext", question_html(item), html=True)
        rules = f" (rules: {', '.join(item.rules)})" if item.rules else ""
        _text(
            question,
            "generalfeedback",
            f"<p>{escape(item.feedback)}{escape(rules)}</p>",
            html=True,
        )
        etree.SubElement(question, "penalty").text = "0.3333333"
        etree.SubElement(question, "hidden").text = "0"
        etree.SubElement(question, "idnumber").text = item.ident
    return bytes(
        etree.tostring(quiz, xml_declaration=True, encoding="UTF-8", pretty_print=True)
    )
