"""A letter's exponent or index written raised or lowered ("x²", "x₂", "CO₂") and as LaTeX or a
plain-text paper writes it ("x^2", "x_2", "CO_2"). NFKC makes "x²" and "x₂" the word "x2",
while the tokenizer reads "^" and "_" as word breaks, so "x^2" is the words "x" and "2": a
query in one spelling found no paper writing the other.

So ``library search`` looks such a word up in the other spelling too: "x²" and "x₂" also as
the phrase "x 2", "x^2", "x_2" and "x_{2}" also as the word "x2". A number's exponent ("10⁻³",
"10^-3") is read alike already (``text.searchform.raised_apart``); a signed exponent after a
letter ("x⁻¹", "x^-1") too, the sign a word break both ways.

A word typed plain, letters then digits ("co2", "covid19"), is looked up as the phrase of the
two too ("co 2"), as a paper writing "CO_2" or "COVID-19" is indexed (``digit_ended_forms``).
Not one letter before digits ("p53", "x2"): "p 53" is every "p. 53" of a page reference.
"""

from __future__ import annotations

import re
import unicodedata

_RAISED = "\u2070\u00b9\u00b2\u00b3\u2074-\u2079"
_LOWERED = "\u2080-\u2089"
# A word holding a letter, then raised or lowered digits ("x²", "H₂O").
_SCRIPTED_WORD = re.compile(f"[^\\W\\d_]+(?:[{_RAISED}]+|[{_LOWERED}]+)[\\w{_RAISED}{_LOWERED}]*")
_SCRIPT_RUN = re.compile(f"(?<=[^\\W\\d_])(?:[{_RAISED}]+|[{_LOWERED}]+)")
# Letters, "^" or "_", digits (in braces, as LaTeX writes them), and the word's rest ("H_2O").
_MARKED_WORD = re.compile(r"(?<![^\W\d_])([^\W\d_]+)[\^_]\{?(\d+)\}?(\w*)")
# A whole word of letters, then digits ("co2", "ch4", "covid19"); not "h1n1", "H2O" or "x^2".
_DIGIT_ENDED = re.compile(r"(?<![\w^])([^\W\d_]+)(\d+)(?![\w^])")


def raised_forms(typed: str) -> list[tuple[str, list[str]]]:
    """Each word of ``typed`` with a raised or lowered digit after a letter, or with "^" or "_"
    and digits after one, as written, with its other spelling, lower case."""
    forms: list[tuple[str, list[str]]] = []
    if not typed.isascii():
        for word in _SCRIPTED_WORD.finditer(typed):
            apart = _SCRIPT_RUN.sub(lambda run: " " + run.group(), word.group())
            forms.append((word.group(), [unicodedata.normalize("NFKC", apart).lower()]))
    if "^" in typed or "_" in typed:
        for word in _MARKED_WORD.finditer(typed):
            joined = "".join(word.groups())
            forms.append((word.group(), [unicodedata.normalize("NFKC", joined).lower()]))
    return forms


def digit_ended_forms(typed: str) -> list[tuple[str, list[str]]]:
    """Each word of ``typed`` of two letters or more, then digits ("co2"), as written, with the
    letters and the digits apart, lower case ("co 2")."""
    forms: list[tuple[str, list[str]]] = []
    for word in _DIGIT_ENDED.finditer(typed):
        letters, digits = word.groups()
        if len(letters) > 1:
            apart = unicodedata.normalize("NFKC", f"{letters} {digits}").lower()
            forms.append((word.group(), [apart]))
    return forms
