"""A superscript a paper's source writes (``10$^{6}$``, ``10\\textsuperscript{6}``,
``10<sup>6</sup>``, Pandoc's ``10^6^``) read as the PDF reader reads a raised run: an exponent
is kept, written "10^6", and a footnote or affiliation mark ("Smith$^{1}$", "word<sup>1</sup>")
is left out. What decides is what the superscript is set against (``pdf_exponents``): a number
that is no year or count, a one-letter symbol ("r", "m", "S") or a formula's bracket; and, as
the source spells units out in full, a unit after a number ("5 cm$^2$").
"""

from __future__ import annotations

import re

from claimaudit.library.pdf.exponents import exponent_text, is_exponent

# What an exponent may be: a (signed) number or a star ("S^*").
_EXPONENT = re.compile(r"[-\u2212]?\d+|[*\u2217]")
# What a mark may be: numbers, lists of them, stars, daggers and the like ("1,2", "*", "†").
_MARK = re.compile(r"[\d,*\u2217\s\u2020\u2021\u00a7\u00b6#]+")
# Letters marking an affiliation or a note after a name ("Smith\\textsuperscript{a,b}").
_LETTER_MARK = re.compile(r"[a-z](?:,\s?[a-z])*")
_AFTER_WORD = re.compile(r"[^\W\d_]{2}$")
# A unit of a few letters after a number ("5 cm", "3 km", "10 kHz"): raised, a power of it.
_UNIT = re.compile(r"\d\s?(?:[kcmdµμn]?m|[kmµμn]?s|[kmµμ]?g|[kMG]?Hz|mol|[kmµμ]?[lL]|ft)$")


def raised_text(before: str, raised: str) -> str | None:
    """How ``raised``, set as a superscript just after the text ``before``, prints: "^6" for
    an exponent, "" for a mark, None for neither (a raised word such as "th": the caller
    prints it as it would any text)."""
    body = raised.strip()
    if _EXPONENT.fullmatch(body) and (
        is_exponent(before, body) or _UNIT.search(before) is not None
    ):
        return exponent_text(body)
    if _MARK.fullmatch(body):
        return ""
    if _LETTER_MARK.fullmatch(body) and _AFTER_WORD.search(before):
        return ""
    return None
