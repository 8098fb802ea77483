"""TeX's math-font glyphs that a PDF's text layer reports as codes or plain letters."""

from __future__ import annotations

import pytest

from claimaudit.library.extract import extract
from claimaudit.library.passages import make_passages
from claimaudit.library.pdf.math_fonts import blackboard, is_extension_font, unmapped_char
from tests.library.helpers import DATA

FLOOR, CEIL = "\u230a\u230b", "\u2308\u2309"


@pytest.mark.parametrize(
    ("code", "char"),
    [
        (0x00, "("),
        (0x04, FLOOR[0]),
        (0x16, FLOOR[0]),  # \left\lfloor around a fraction, as conv-arithmetic sets it
        (0x17, FLOOR[1]),
        (0x28, "{"),
        (0x50, "\u2211"),  # a sum in text style; 0x58 in display style
        (0x58, "\u2211"),
        (0x5A, "\u222b"),
        (0x6C, CEIL[0]),
        (0x70, "\u221a"),
        (0x3E, ""),  # a piece of an extensible delimiter says nothing by itself
    ],
)
def test_extension_font_codes_read_as_their_symbols(code: int, char: str) -> None:
    assert unmapped_char(code, "CMEX10") == char
    assert unmapped_char(code, "ABCDEF+CMEX10") == char  # a subset's name


def test_other_fonts_codes_stay_unread() -> None:
    assert unmapped_char(0x16, "CMR10") == ""
    assert not is_extension_font("CMSY10")


def test_blackboard_capitals_read_double_struck() -> None:
    assert blackboard("R", "MSBM10") == "\u211d"
    assert blackboard("N", "MSBM10") == "\u2115"
    assert blackboard("A", "MSBM10") == "\U0001d538"
    assert blackboard("R", "CMR10") == "R"
    assert blackboard("x", "MSBM10") == "x"


def test_conv_arithmetic_floors_and_naturals_read_as_printed() -> None:
    blocks = extract(DATA / "papers-pdf" / "conv-arithmetic_dumoulin2016.pdf").blocks
    texts = [p.text for p in make_passages(blocks)]
    minus = "\u2212"
    formula = f"o = {FLOOR[0]}(i {minus} k)/s{FLOOR[1]} + 1."
    assert f"Relationship 5. For any i, k and s, and for p = 0, {formula}" in texts
    assert any("(k = 2n + 1, n \u2208 \u2115)" in t for t in texts)  # N double-struck
