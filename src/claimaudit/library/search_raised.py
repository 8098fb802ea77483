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
Not one letter before digits ("p53", "x2"): "p 53" is every "p. 53" of a page reference. A
formula, letters after the digits ("H2O", "H2SO4"), is looked up as LaTeX's "H_2O" is indexed
("h 2o", each "_" a break) and as "H$_2$O" or "H_{2}O" is ("h 2 o"), whatever its first
letters; and a word and a number typed apart ("CO 2", "COVID-19") as one word too ("co2",
``joined_forms``), as a paper writing "CO2" is indexed.
"""

from __future__ import annotations

import re
import unicodedata

from claimaudit.text.folds import MARKED, joined_marks
from claimaudit.text.number_words import APART

_RAISED = "\u2070\u00b9\u00b2\u00b3\u2074-\u2079"
_LOWERED = "\u2080-\u2089"
# A word holding a letter, then raised or lowered digits ("x²", "H₂O").
_SCRIPTED_WORD = re.compile(f"[^\\W\\d_]+(?:[{_RAISED}]+|[{_LOWERED}]+)[\\w{_RAISED}{_LOWERED}]*")
_SCRIPT_RUN = re.compile(f"(?<=[^\\W\\d_])(?:[{_RAISED}]+|[{_LOWERED}]+)")
# Letters, "^" or "_", digits (in braces, as LaTeX writes them), and the word's rest ("H_2O"),
# read joined as the rankers read it (``text.folds.joined_marks``).
_MARKED_WORD = re.compile(MARKED.pattern + r"(\w*)")
# A whole word of letters, then digits ("co2", "ch4", "covid19"), and letters again and so on
# ("h2o", "h2so4"); not "x^2" or "2024".
_DIGIT_ENDED = re.compile(r"(?<![\w^])[^\W\d_]+\d+(?:[^\W\d_]+\d*)*(?![\w^])")
_RUN = re.compile(r"\d+|[^\W\d_]+")
# A word of two letters or more, then a whole number after a space or hyphen ("CO 2",
# "COVID-19"), as the rankers read it too (``text.number_words``).
_APART = APART


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
            joined = joined_marks(word.group())
            forms.append((word.group(), [unicodedata.normalize("NFKC", joined).lower()]))
    return forms


def digit_ended_forms(typed: str) -> list[tuple[str, list[str]]]:
    """Each word of ``typed`` of two letters or more, then digits ("co2"), as written, with the
    letters and the digits apart, lower case ("co 2"); and each formula, letters after its
    digits ("H2O"), with its pieces apart after each letter ("h 2o", as "H_2O" is indexed)
    and between all ("h 2 o", as "H$_2$O" is)."""
    forms: list[tuple[str, list[str]]] = []
    for word in _DIGIT_ENDED.finditer(typed):
        runs = _RUN.findall(unicodedata.normalize("NFKC", word.group()).lower())
        if len(runs) == 2 and len(runs[0]) < 2:
            continue  # "p53": "p 53" is every page reference
        # "_" breaks a word before its digits, and letters after them stay on them ("2o").
        underscored = [runs[0]]
        for run in runs[1:]:
            if run.isdigit():
                underscored.append(run)
            else:
                underscored[-1] += run
        apart = " ".join(runs)
        forms.append((word.group(), list(dict.fromkeys((" ".join(underscored), apart)))))
    return forms


def joined_forms(typed: str) -> list[tuple[str, list[str]]]:
    """Each word of two letters or more and the whole number after it, typed apart ("CO 2",
    "COVID-19"), as written, with the two as one word, lower case ("co2")."""
    forms: list[tuple[str, list[str]]] = []
    for pair in _APART.finditer(typed):
        letters, digits = pair.groups()
        forms.append((pair.group(), [unicodedata.normalize("NFKC", letters + digits).lower()]))
    return forms
