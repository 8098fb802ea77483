"""siunitx quantities in a LaTeX paper read as the package prints them by default."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.library.helpers import read_latex


def _read(tmp_path: Path, body: str) -> str:
    return read_latex(tmp_path, body, packages="siunitx")


@pytest.mark.parametrize(
    ("written", "printed"),
    [
        ("\\SI{5}{\\milli\\gram}", "5 mg"),
        ("\\SI{5}{mg}", "5 mg"),  # a unit written as text
        ("\\qty{2}{\\micro\\litre}", "2 \u00b5L"),
        ("\\SI{10}{\\milli\\gram\\per\\kilo\\gram}", "10 mg kg\u22121"),
        ("\\si{\\metre\\per\\second\\squared}", "m s\u22122"),
        ("\\SI{3}{\\square\\metre}", "3 m2"),
        ("\\SI{37}{\\degreeCelsius}", "37 \u00b0C"),
        # Ranges and lists: the numbers had run together ("15").
        ("\\SIrange{1}{5}{\\metre}", "1 m to 5 m"),
        ("\\numrange{1}{5}", "1 to 5"),
        ("\\SIlist{1;2;3}{\\percent}", "1 %, 2 % and 3 %"),
        ("\\ang{30}", "30\u00b0"),
        # A unit macro not known leaves the unit out, never a part of it.
        ("\\SI{10}{\\milli\\furlong}", "10"),
        # QA: an exponent read as typed ("1.5e-3"), where siunitx prints scientific notation,
        # as the paper's formula "$1.5 \\times 10^{-3}$" reads.
        ("\\num{1.5e-3}", "1.5 \u00d7 10^-3"),
        ("\\SI{2E+5}{\\metre}", "2 \u00d7 10^5 m"),
        ("\\num{e5}", "10^5"),
        ("\\numrange{1e3}{1e4}", "1 \u00d7 10^3 to 1 \u00d7 10^4"),
    ],
)
def test_quantities_read_as_printed(tmp_path: Path, written: str, printed: str) -> None:
    assert _read(tmp_path, f"The dose was {written} here.") == f"The dose was {printed} here."


@pytest.mark.parametrize(
    ("written", "printed"),
    [
        # The unit had been left out whole ("5 per day"): these name units siunitx knows.
        ("\\SI{5}{\\milli\\gram\\per\\kilogram}", "5 mg kg\u22121"),
        ("\\SI{2}{\\radian}", "2 rad"),
        ("\\SI{30}{\\degree}", "30\u00b0"),
        ("\\SI{3}{\\arcminute}", "3\u2032"),
        # siunitx's abbreviations, on by default.
        ("\\SI{5}{\\mg}", "5 mg"),
        ("\\SI{3}{\\kg}", "3 kg"),
        ("\\SI{2}{\\uL}", "2 \u00b5L"),
        ("\\SI{2}{\\ml}", "2 mL"),
        ("\\SI{4}{\\um}", "4 \u00b5m"),
        ("\\SI{6}{\\kHz}", "6 kHz"),
        ("\\SI{7}{\\mM}", "7 mM"),
        ("\\SI{8}{\\kohm}", "8 k\u03a9"),
        ("\\SI{9}{\\ms}", "9 ms"),
        ("\\qty{1}{\\mg\\per\\mL}", "1 mg mL\u22121"),
    ],
)
def test_named_and_abbreviated_units_read(tmp_path: Path, written: str, printed: str) -> None:
    assert _read(tmp_path, f"The dose was {written} here.") == f"The dose was {printed} here."


@pytest.mark.parametrize(
    ("written", "printed"),
    [
        # "5 ±0.2 mg" had put the unit on the uncertainty alone, as the numbers read it.
        ("\\SI{5 \\pm 0.2}{\\milli\\gram}", "(5 \u00b1 0.2) mg"),
        ("\\SI{5+-0.2}{\\mg}", "(5 \u00b1 0.2) mg"),  # siunitx's "+-" is "\\pm"
        ("\\qty{30 \\pm 2}{\\degree}", "(30 \u00b1 2)\u00b0"),
        ("\\num{5 \\pm 0.2}", "5 \u00b1 0.2"),
        ("\\num{12}", "12"),
    ],
)
def test_an_uncertainty_reads_as_printed(tmp_path: Path, written: str, printed: str) -> None:
    assert _read(tmp_path, f"The dose was {written} here.") == f"The dose was {printed} here."
