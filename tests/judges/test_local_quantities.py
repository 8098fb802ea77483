"""The numbers a claim or its evidence states: values, units, and what is not a quantity."""

from __future__ import annotations

from decimal import Decimal

import pytest

from claimaudit.judges.local.quantities import missing, numbers_read, quantities
from claimaudit.judges.local.reading import as_read


def _read(text: str) -> list[tuple[str, Decimal | None, str | None]]:
    return [(q.text, q.value, q.unit) for q in quantities(numbers_read(as_read(text)))]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("-0.3", [("-0.3", Decimal("-0.3"), None)]),
        ("r = \u22120.8", [("-0.8", Decimal("-0.8"), None)]),
        ("10-20 mg", [("10", Decimal(10), None), ("20 mg", Decimal(20), "mg")]),
        ("Doses of 10\u201320 mg", [("10", Decimal(10), None), ("20 mg", Decimal(20), "mg")]),
        ("2-fold", [("2-fold", Decimal(2), "fold")]),
        ("2x larger", [("2x", Decimal(2), "fold")]),
        ("1e-5", [("1e-5", Decimal("0.00001"), None)]),
        ("10^-5", [("10^-5", Decimal("0.00001"), None)]),
        ("2^10", [("2^10", Decimal(1024), None)]),
        ("1\u00d710\u207b\u2075", [("1 \u00d7 10\u207b\u2075", Decimal("0.00001"), None)]),
        ("1 \u00d7 10^-5", [("1 \u00d7 10^-5", Decimal("0.00001"), None)]),
        ("version 2.4.1", [("2.4.1", None, None)]),
        ("p < .05", [(".05", Decimal("0.05"), None)]),
        ("2 000 patients", [("2000", Decimal(2000), None)]),
        ("2\u2009000 patients", [("2000", Decimal(2000), None)]),
        ("100 000", [("100000", Decimal(100000), None)]),
        ("2,000 patients", [("2000", Decimal(2000), None)]),
        ("3,5 units", [("3,5", Decimal("3.5"), None)]),
        ("Twelve cohorts", [("twelve", Decimal(12), None)]),
        ("5 seconds", [("5 seconds", Decimal(5), "s")]),
        ("95 percent", [("95 percent", Decimal(95), "%")]),
        ("5 percentage points", [("5 percentage points", Decimal(5), "percentage points")]),
    ],
)
def test_numbers_are_read_with_sign_range_exponent_grouping_and_unit(
    text: str, expected: list[tuple[str, Decimal | None, str | None]]
) -> None:
    assert _read(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "IL-6 levels",
        "IL\u20116 levels",
        "COVID-19 vaccine",
        "SARS-CoV-2 infects cells",
        "Python3 was used",
        "As described in Section 3, SciPy offers sparse matrices.",
        "Equation (4) defines the loss.",
        "It is shown in Table 2 and Fig. 1 and Appendix 3.",
        "1. SciPy provides sparse matrices.",
        "The one thing we know.",
    ],
)
def test_names_labels_and_list_numbers_are_no_quantities(text: str) -> None:
    assert _read(text) == []


@pytest.mark.parametrize(
    ("ours", "theirs"),
    [
        ("5.0 mg", "5 mg"),
        ("0.50", "0.5"),
        ("2,000", "2 000"),
        ("3,5", "3.5"),
        ("three trials", "3 trials"),
        ("twelve cohorts", "12 cohorts"),
        ("5 seconds", "5 s"),
        ("5 s", "5"),
        ("95%", "95 percent"),
        ("0.05", ".05"),
        ("1e-5", "10^-5"),
        ("half of the patients", "50% of the patients"),
        ("one half of cases", "50 percent of cases"),
    ],
)
def test_one_value_written_two_ways_is_not_missing(ours: str, theirs: str) -> None:
    assert missing(quantities(ours), quantities(theirs)) == []
    assert missing(quantities(theirs), quantities(ours)) == []


@pytest.mark.parametrize(
    ("ours", "theirs"),
    [
        ("5 ms", "5 s"),
        ("5 km", "5 m"),
        ("5%", "5 percentage points"),
        ("three", "four"),
        ("-0.3", "0.3"),
        ("10^-5", "10^-3"),
        ("1.0.1", "1.0.2"),
        ("2-fold", "20-fold"),
        ("one half", "30 percent"),
    ],
)
def test_another_value_or_unit_is_missing(ours: str, theirs: str) -> None:
    assert [q.text for q in missing(quantities(ours), quantities(theirs))] == [ours]


@pytest.mark.parametrize(
    "text", ["a half-life of 12 h", "one and a half hours", "half the time", "behalf of the team"]
)
def test_half_that_is_no_share_is_no_quantity(text: str) -> None:
    assert all(q.unit != "%" for q in quantities(text))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("准确率达到90%。", [("90%", Decimal(90), "%")]),
        ("准确率达到\uff19\uff15\uff05。", [("95%", Decimal(95), "%")]),
        ("精度は95%でした", [("95%", Decimal(95), "%")]),
        ("정확도는95%였다", [("95%", Decimal(95), "%")]),
    ],
)
def test_a_number_right_after_a_cjk_character_is_read(
    text: str, expected: list[tuple[str, Decimal | None, str | None]]
) -> None:
    assert _read(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "Python3 was used",
        "\u0432\u0435\u0440\u0441\u0438\u044f3",
        "\u03ad\u03ba\u03b4\u03bf\u03c3\u03b73",
    ],
)
def test_a_number_inside_a_word_of_a_spaced_script_is_still_no_quantity(text: str) -> None:
    assert _read(text) == []


@pytest.mark.parametrize(
    ("ours", "theirs", "noted"),
    [
        ("2,400 Kinder", "2.400 Kinder", False),  # thousands either way
        ("2400 Kinder", "2.400 Kinder", False),
        ("2.4 children", "2.400 children", False),  # nothing says which: both readings
        ("2,4 Teilnehmer", "2.400 Teilnehmer", True),  # the claim writes German decimals
        ("2.4 Teilnehmer", "2.400 Teilnehmer und 1,5 mg", True),
        ("2.4 patients", "2.400 patients, p = 0.05", False),  # English decimals: 2.4
        ("2400 patients", "2.400 patients, p = 0.05", True),
        ("2,4 Teilnehmer", "2,400 Teilnehmer", False),  # German: 2,400 may be 2.4
        ("2.4 patients", "2,400 patients", True),  # English decimals: "2,400" is 2400
    ],
)
def test_one_group_of_three_after_a_point_reads_both_ways_unless_the_texts_say(
    ours: str, theirs: str, noted: bool
) -> None:
    found = missing(quantities(ours, theirs), quantities(theirs, ours))
    assert bool(found) == noted


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "2.5 \u00d7 10\u207b\u00b3 s\u207b\u00b9",
            [("2.5 \u00d7 10\u207b\u00b3 s\u207b\u00b9", Decimal("0.0025"), "s-1")],
        ),
        (
            "(2.5 \u00b1 0.3) \u00d7 10\u207b\u00b3 s\u207b\u00b9",
            [("(2.5 \u00b1 0.3) \u00d7 10\u207b\u00b3 s\u207b\u00b9", Decimal("0.0025"), "s-1")],
        ),
        # as_read drops the caret of "s^-1" (a superscript on a symbol), as a PDF reads it
        ("2.5 \u00d7 10^-3 s^-1", [("2.5 \u00d7 10^-3 s\u207b\u00b9", Decimal("0.0025"), "s-1")]),
        ("5 m\u207b\u00b2", [("5 m\u207b\u00b2", Decimal(5), "m-2")]),
    ],
)
def test_scientific_notation_with_an_error_and_a_units_power_is_one_value(
    text: str, expected: list[tuple[str, Decimal | None, str | None]]
) -> None:
    assert _read(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("10\u207b\u2075", [("10\u207b\u2075", Decimal("0.00001"), None)]),
        ("3.2 \u00d7 10\u2074", [("3.2 \u00d7 10\u2074", Decimal(32000), None)]),
        ("2\u00b9\u2070", [("2\u00b9\u2070", Decimal(1024), None)]),
        ("1 \u00d7 10\u2070", [("1 \u00d7 10\u2070", Decimal(1), None)]),
        ("1\u00b710\u207b\u2075", [("1\u00b710\u207b\u2075", Decimal("0.00001"), None)]),
        ("10^(-5)", [("10^-5", Decimal("0.00001"), None)]),
        ("1.0 \u00d7 10^{-5}", [("1.0 \u00d7 10^-5", Decimal("0.00001"), None)]),
        ("1 234,5 mg", [("1234,5 mg", Decimal("1234.5"), "mg")]),
        ("1 234.5", [("1234.5", Decimal("1234.5"), None)]),
    ],
)
def test_raised_powers_dotted_and_braced_powers_and_si_groups_are_one_value(
    text: str, expected: list[tuple[str, Decimal | None, str | None]]
) -> None:
    assert _read(text) == expected


def test_a_units_power_after_a_caret_is_no_quantity() -> None:
    assert [q.text for q in quantities(numbers_read("5 mg kg^-1"))] == ["5 mg"]


@pytest.mark.parametrize(
    ("ours", "theirs"),
    [
        ("10\u207b\u2075", "10^-5"),
        ("3.2 \u00d7 10\u2074", "3.2 \u00d7 10^4"),
        ("1 \u00d7 10\u2070", "1 \u00d7 10^0"),
        ("2\u00b9\u2070", "2^10"),
        ("1\u00b710\u207b\u2075", "1e-5"),
        ("10^(-5)", "10^-5"),
        ("1.0 \u00d7 10^{-5}", "1 \u00d7 10^-5"),
        ("1 234,5 mg", "1234.5 mg"),
        ("1 234.5", "1,234.5"),
    ],
)
def test_two_notations_of_one_value_miss_nothing_either_way(ours: str, theirs: str) -> None:
    ours_read, theirs_read = numbers_read(as_read(ours)), numbers_read(as_read(theirs))
    assert missing(quantities(ours_read), quantities(theirs_read)) == []
    assert missing(quantities(theirs_read), quantities(ours_read)) == []


@pytest.mark.parametrize(
    ("ours", "theirs"),
    [("10\u207b\u2075", "10^-3"), ("2\u00b9\u2070", "210"), ("3.2 \u00d7 10\u2074", "104")],
)
def test_a_raised_power_is_no_other_number(ours: str, theirs: str) -> None:
    found = missing(quantities(numbers_read(ours)), quantities(numbers_read(theirs)))
    assert [q.text for q in found] == [ours]


def test_a_dot_before_ten_without_a_power_stays_a_decimal_point() -> None:
    # The Lancet's "0\u00b710-0\u00b787" is a range of decimals, not 0 \u00d7 10^-0.
    assert [q.text for q in quantities(numbers_read("0\u00b729, 0\u00b710-0\u00b787"))] == [
        "0",
        "29",
        "10",
        "87",
    ]
