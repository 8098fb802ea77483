"""Whether a raised run of digits or signs is an exponent ("10⁶", "r²", "x*") or a footnote,
affiliation or citation mark ("individuals¹", "Smith³²,³³", "(PyPI)³").

A mark is dropped from the text; an exponent is kept and written as the LaTeX reading writes a
superscript ("10^6", "10^-8", "r^2", "C^1", "x^*"), so a number reads the same from a paper's
PDF as from its source. What decides is what the raised run is set against: an exponent sits
on a number (not a year, a count such as "1,200" or the digits a name ends in, "COVID-19"), a
closing bracket of a formula (not of a relation, "(n = 30)") or a one-letter symbol, or is a
signed number itself; a mark sits on a word, or on punctuation, and a list of marks ("5,6")
is never an exponent. Neither is set apart from its base by a space.
"""

from __future__ import annotations

import re

# Minus signs a raised signed number opens with: TeX's (U+2212), a hyphen, an en dash.
_MINUS = "-\u2212\u2013"
_SIGNED = re.compile(f"^[{_MINUS}]\\d")
# A one-letter symbol at the end of the text: a letter no letter or digit comes just before.
_ONE_LETTER = re.compile(r"(?<![^\W_])[^\W\d_]$")
# An operator's name that takes a subscript beside it in a sentence's formula ("min_x f(x)").
_OPERATOR = re.compile(r"(?<![^\W_])(?:min|max|argmin|argmax|sup|inf|lim)$")
# A script of letters is a name or an index: a few letters.
_SCRIPT_LETTERS = 3
# A word of two letters or more: a group holding one is a name or a note, not a formula.
_WORD = re.compile(r"[^\W\d_]{2,}")
_OPENING = {")": "(", "]": "["}
# A number no exponent sits on: a year ("in 2019¹²") or a count with thousands separators
# ("1,200³"); a raised run on one is a citation or footnote mark.
_YEAR_OR_COUNT = re.compile(r"(?<![\d.,])(?:1[5-9]\d\d|20\d\d|\d{1,3}(?:,\d{3})+)$")
# A name that ends in digits ("COVID-19", "SARS-CoV-2", "IL-6", "CD4", "H1N1"): a letter, a
# hyphen or none, then the digits. A raised run on it is a citation mark, as on any word; but
# a lone "x" before the digits is a times sign ("2.5x10⁶").
_NAMED_NUMBER = re.compile(r"[^\W\d_][-\u2010\u2011]?\d+$")
_TIMES = re.compile(r"(?<![^\W\d_])[xX]\d+$")
# A relation in a bracketed group: "(n = 30)", "(p < 0.05)" state a sample's size or a test's
# result, which nothing is raised to a power of; a raised run on one is a citation mark.
_RELATION = re.compile("[=<>\u2264\u2265\u2248\u2260]")
# TeX's math asterisk reads as the one its source types ("x^*").
_AS_TYPED = str.maketrans({"\u2217": "*"})


def is_exponent(before: str, raised: str) -> bool:
    """Whether ``raised``, set close after the text ``before`` on its line, is an exponent."""
    if _SIGNED.match(raised):
        return True
    if "," in raised or not before or before[-1].isspace():
        return False  # a list of marks ("5,6"), or a mark set apart
    last = before[-1]
    if last.isdigit():
        named = _NAMED_NUMBER.search(before) is not None and _TIMES.search(before) is None
        return _YEAR_OR_COUNT.search(before) is None and not named
    if last in _OPENING:
        return _formula_group(before)
    return _ONE_LETTER.search(before) is not None


def script_text(before: str, letters: str, raised: bool) -> str | None:
    """How a raised or lowered run of ``letters`` set close after ``before`` is written, as
    the LaTeX reading writes a script: on a one-letter symbol ("R^n", "x^T", "c_eq"), raised
    on a formula's closing bracket ("(C^T)^T"), or lowered on an operator's name ("min_x");
    None where it is no script (the caller keeps it as printed)."""
    if not (0 < len(letters) <= _SCRIPT_LETTERS and letters.isalpha()) or not before:
        return None
    if _ONE_LETTER.search(before) or (not raised and _OPERATOR.search(before)):
        return ("^" if raised else "_") + letters
    if raised and before[-1] in _OPENING and _formula_group(before):
        return "^" + letters  # "(C^T)^T"
    return None


def exponent_text(raised: str) -> str:
    """How an exponent is written: "^" and what is raised, as the LaTeX reading writes it."""
    return "^" + raised.translate(_AS_TYPED)


def _formula_group(before: str) -> bool:
    """Whether the bracketed group ``before`` ends with is a formula's ("(1 + x)", "f(x)"),
    not a name's or a note's ("(PyPI)", "Python(x,y)") nor a statement's ("(n = 30)")."""
    closing = before[-1]
    start = before.rfind(_OPENING[closing])
    if start < 0:
        return False
    head = re.search(r"[^\W\d_]*$", before[:start])
    named = head is not None and len(head.group()) > 1
    inside = before[start + 1 : -1]
    return not named and _WORD.search(inside) is None and _RELATION.search(inside) is None
