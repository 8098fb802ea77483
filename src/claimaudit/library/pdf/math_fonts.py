"""Characters of TeX's math fonts that a PDF's text layer gets wrong.

pdfLaTeX embeds the Computer Modern math extension font (cmex10) without a Unicode map, so
pdfium reports a glyph's code instead of its character: the big floor brackets around
``\\left\\lfloor \\frac{i - k}{s} \\right\\rfloor`` came back as control codes 0x16 and 0x17 and
were dropped, and a displayed sum would read "P". The font's layout (TeX's OMX encoding) is
fixed, so the code says the character. And the AMS blackboard-bold font (msbm10) maps its
capitals to plain letters: "x ∈ Rn" where the paper prints a double-struck R, as the
LaTeX reading has.
"""

from __future__ import annotations

from functools import lru_cache

# OMX codes: delimiters in four sizes, then the big operators, then more delimiters and
# radicals. The pieces that build extensible delimiters (0x30 to 0x43) are not characters.
_DELIMITERS = "()[]\u230a\u230b\u2308\u2309{}\u27e8\u27e9|\u2016/\\"
# Sum, product, integral, union, intersection, multiset union, and, or: text size, display.
_OPERATORS = "\u2211\u220f\u222b\u22c3\u22c2\u2a04\u22c0\u22c1"
_BRACKETS = _DELIMITERS[2:12]  # [ ] floor ceiling { } angle brackets
_LARGE_OPERATORS = "\u2a06\u2a06\u222e\u222e\u2a00\u2a00\u2a01\u2a01\u2a02\u2a02"
_CMEX: dict[int, str] = {
    **dict(enumerate(_DELIMITERS)),  # 0x00-0x0F
    **dict(enumerate("()()" + _BRACKETS + "/\\", start=0x10)),
    **dict(enumerate("()" + _BRACKETS + "/\\/\\", start=0x20)),
    0x44: "\u27e8",
    0x45: "\u27e9",
    **dict(enumerate(_LARGE_OPERATORS + _OPERATORS * 2 + "\u2210\u2210", start=0x46)),
    **dict(enumerate(_BRACKETS[:8] + "\u221a" * 4, start=0x68)),
}
# Blackboard-bold capitals with a letterlike code point of their own.
_LETTERLIKE = {
    "C": "\u2102", "H": "\u210d", "N": "\u2115", "P": "\u2119", "Q": "\u211a", "R": "\u211d",
    "Z": "\u2124",
}  # fmt: skip
_DOUBLE_STRUCK_A = 0x1D538


@lru_cache(maxsize=256)  # asked for every character; a paper has a few dozen fonts
def is_extension_font(font: str) -> bool:
    """Whether ``font`` is TeX's math extension font, whose big symbols hang from the math
    axis rather than sit on the baseline."""
    return font.upper().split("+")[-1].startswith("CMEX")


def unmapped_char(code: int, font: str) -> str:
    """The character of a glyph code pdfium found no Unicode for, in a TeX math font; ""
    where the code says nothing (or the font is not one of these)."""
    return _CMEX.get(code, "") if is_extension_font(font) else ""


@lru_cache(maxsize=256)
def _is_blackboard_font(font: str) -> bool:
    return font.upper().split("+")[-1].startswith("MSBM")


def blackboard(ch: str, font: str) -> str:
    """A capital of the AMS blackboard-bold font as the double-struck letter it prints."""
    if not ("A" <= ch <= "Z" and _is_blackboard_font(font)):
        return ch
    return _LETTERLIKE.get(ch) or chr(_DOUBLE_STRUCK_A + ord(ch) - ord("A"))
