"""Inline citation markers, kept out of what the verifier reads.

A PDF prints "... the ImageNet challenge [Krizhevsky et al., 2012]." where the paper's LaTeX
source, read through ``\\cite``, gives "... the ImageNet challenge.". The markers say where a
statement comes from, not what it states, yet the cross-encoder reads them as words and the
number checks read their years as the evidence's numbers. Dropping them from the verifier's
input lets one paper give one verdict in either format. Passages and quotes stay verbatim: only
the model's view changes, as with the typography normalised in ``runtime``.

Kept on purpose: a bare year in parentheses after a name ("Smith (2014)" or "a release
(2014)"); bracketed numbers with a dash or comma right after a number ("66 years [60-72]",
"146 [105-214]", "50.3% [12,809]"), which are a range or a count, not a reference; and one
bracketed number after a percentage ("45% [9]"), a count. One bracketed number after any other
number is a reference ("released in October 2006 [33]", "Algorithm 644 [73]"), and so is one
after a name with digits in it ("F2PY [23]") or a closing parenthesis ("(SciPy 0.13) [120]").
After "et al." a year in parentheses is a citation's year mark ("Haenel et al. (2014)") and is
dropped, as the LaTeX reading of ``\\citet`` leaves it out. A place and a year in parentheses
("BCG policy (Iran, 1984)") reads as an author and a year and is dropped: the pattern cannot
tell them apart.
"""

from __future__ import annotations

import re

_NAME = r"[A-Z][\w'\u2019\-]*\.?"
_PARTICLE = r"(?:(?:van|von|de|der|le|la|du)\s+)*"
_JOINED = r"(?:\s+|,\s*)(?:et\s+al\.?|and|&|of|the|for|" + _PARTICLE + _NAME + r")"
_AUTHORS = _PARTICLE + _NAME + r"(?:" + _JOINED + r")*"
_YEAR = r"(?:1[89]|20)\d\d[a-z]?(?:,[a-z]\b)*"  # 2010, 2014a, 1983b,a
_WORK = _AUTHORS + r",?\s+" + _YEAR + r"(?:\s*,\s*" + _YEAR + r")*"
_AUTHOR_YEAR = r"(?:(?:e\.g\.|see|cf\.),?\s+)?" + _WORK + r"(?:\s*[;,]\s*" + _WORK + r")*"
_NUMBERED = r"\d{1,4}(?:\s*[\-\u2013,]\s*\d{1,4})*"  # [3], [2, 5-7]
_MARKER = re.compile(
    r"(?<![ \t])[ \t]*(?:\[(?P<numbered>" + _NUMBERED + r")\]|\[" + _AUTHOR_YEAR + r"\]"
    r"|\(" + _AUTHOR_YEAR + r"\))"
)
# "Haenel et al. (2014)": the year mark of a textual citation.
_YEAR_MARK = re.compile(r"(?<=\bet al\.)[ \t]*\(" + _YEAR + r"(?:\s*[,;]\s*" + _YEAR + r")*\)")
# The two words before a bracketed number: a number among them makes it a range or a count.
_LAST_WORDS = re.compile(r"(\S+)?\s*(\S+)\s*$")
_NUMBER_WORD = re.compile(r"[(\[]?[\d.,%\-\u2013]*\d[\d.,%\-\u2013]*")
_SEPARATED = re.compile(r"[\-\u2013,]")


def _range_or_count(text: str, start: int, numbered: str) -> bool:
    """Whether the bracketed numbers at ``start`` are content: a range or list after a
    number, or one count after a percentage."""
    words = _LAST_WORDS.search(text[max(0, start - 40) : start])
    if words is None:
        return False
    if not _SEPARATED.search(numbered):
        return words.group(2).endswith("%")
    return any(w and _NUMBER_WORD.fullmatch(w) for w in words.groups())


def without_citations(text: str) -> str:
    """``text`` without its inline citation markers ("[136]", "(Hunter, 2007)")."""
    if "[" not in text and "(" not in text:
        return text
    text = _YEAR_MARK.sub("", text)

    def drop(match: re.Match[str]) -> str:
        numbered = match.group("numbered")
        if numbered is not None and _range_or_count(text, match.start(), numbered):
            return match.group()
        return ""

    return _MARKER.sub(drop, text)
