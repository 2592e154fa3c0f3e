"""Amounts and lists the language's way (tutor.numbers), and amounts read back strictly."""

from __future__ import annotations

from decimal import Decimal

import pytest

from tutor.numbers import AmountError, format_amount, format_list, parse_amount


@pytest.mark.parametrize(
    ("value", "lang", "written"),
    [
        (Decimal("0.25"), "it", "0,25"),
        (1250, "it", "1.250"),
        (Decimal("1250.50"), "it", "1.250,5"),
        (Decimal("12.50"), "it", "12,5"),
        (Decimal("2.00"), "it", "2"),
        (Decimal("0.25"), "en", "0.25"),
        (1250, "en", "1250"),
        (Decimal("12.50"), "en", "12.5"),
    ],
)
def test_amounts_are_written_the_languages_way(
    value: Decimal | int, lang: str, written: str
) -> None:
    assert format_amount(value, lang) == written


def test_lists_end_with_the_languages_and() -> None:
    assert format_list(["Ana", "Bo", "Cy"], "it") == "Ana, Bo e Cy"
    assert format_list(["Ana", "Bo"], "it") == "Ana e Bo"
    assert format_list(["Ana"], "it") == "Ana"
    assert format_list([], "it") == ""
    assert format_list(["Ana", "Bo", "Cy"], "en") == "Ana, Bo and Cy"


@pytest.mark.parametrize(
    ("text", "lang", "value"),
    [
        ("0,25", "it", Decimal("0.25")),
        ("1.250", "it", Decimal("1250")),
        ("1.250,50", "it", Decimal("1250.50")),
        (" 4 ", "it", Decimal("4")),
        ("0.25", "en", Decimal("0.25")),
        ("1,250", "en", Decimal("1250")),
        ("1250", "en", Decimal("1250")),
    ],
)
def test_what_a_learner_types_is_read_the_languages_way(
    text: str, lang: str, value: Decimal
) -> None:
    assert parse_amount(text, lang) == value


@pytest.mark.parametrize(
    ("text", "lang", "position", "message"),
    [
        (
            "1.5",
            "it",
            1,
            "'1.5': il punto al carattere 2 non è dove lo scrive l'italiano: scrivi i "
            "decimali dopo la virgola, come 0,25 o 1.250.",
        ),
        (
            "0.25",
            "it",
            1,
            "'0.25': il punto al carattere 2 non è dove lo scrive l'italiano: scrivi i "
            "decimali dopo la virgola, come 0,25 o 1.250.",
        ),
        (
            "1,5",
            "en",
            1,
            "'1,5': the comma at character 2 is not where English writes it: write the "
            "decimals after a point, as in 0.25 or 1250.",
        ),
        (
            "4 €",
            "it",
            1,
            "'4 €': ' ' al carattere 2 non fa parte di un importo: scrivi solo cifre, "
            "come 0,25 o 1.250.",
        ),
        (
            "-2",
            "en",
            0,
            "'-2': '-' at character 1 is not part of an amount: write digits only, as in "
            "0.25 or 1250.",
        ),
        (
            "  ",
            "it",
            0,
            "non è scritto nulla: scrivi un importo, come 0,25 o 1.250.",
        ),
    ],
)
def test_a_wrong_amount_is_refused_with_where_and_what_was_expected(
    text: str, lang: str, position: int, message: str
) -> None:
    with pytest.raises(AmountError) as caught:
        parse_amount(text, lang)
    assert (str(caught.value), caught.value.position, caught.value.text) == (
        message,
        position,
        text,
    )


def test_counts_and_seconds_are_written_the_language_s_way() -> None:
    from tutor.numbers import format_count, format_seconds

    assert [format_count(n, "en") for n in (7, 1250, 262144)] == [
        "7",
        "1,250",
        "262,144",
    ]
    assert [format_count(n, "it") for n in (7, 1250, 262144)] == [
        "7",
        "1.250",
        "262.144",
    ]
    assert [format_seconds(s, "en") for s in (1.5, 0.04, 12)] == ["1.5", "0.0", "12.0"]
    assert [format_seconds(s, "it") for s in (1.5, 0.04, 12)] == ["1,5", "0,0", "12,0"]
    assert format_seconds(0.125, "it", places=2) == "0,12"
    assert format_seconds(3.456, "en", places=2) == "3.46"


def test_validator_counts_in_italian_group_thousands_with_a_point() -> None:
    from tutor.i18n import use_language
    from tutor.scenarios import check_text

    text = "id: x\ntitle: " + "t" * 1200 + "\n"
    with use_language("it"):
        _scenario, found = check_text(text, "x.yaml", replay=False)
    said = [str(p) for p in found if ":2:8:" in str(p)]
    assert said == [
        "x.yaml:2:8: title: il testo è lungo 1.200 caratteri: ne sono ammessi al "
        "massimo 120; accorcialo."
    ]
