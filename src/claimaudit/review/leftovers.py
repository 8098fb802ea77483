"""What removed citations leave in a claim's text, tidied away, the same for Markdown and LaTeX
drafts: empty brackets with or without a pointer word ("()", "(see )", "(ref. )", "[]"), a
pointer word left before a separator in brackets ("(see, for details)" reads "(for details)"), a
separator left before the full stop ("arrays and images [@a], [@b]." read "images,."), a full
stop doubled ("described by @smith2020." reads "Smith et al.."), and a pointer word left
dangling at the end (", see ."). Whitespace is normalised.
"""

from __future__ import annotations

import re

_POINTER = r"(?:see also|see|cf\.|compare|e\.g\.|i\.e\.|refs?\.|after)"
_EMPTY_GROUP = re.compile(
    r"\s*[(\[]\s*(?:" + _POINTER + r"\s*)?(?:[,;]\s*)*[)\]]",
    re.IGNORECASE,
)
# "(see \\citealp{a}, for details)" without its citation: "(for details)" ("(i.e., the mean)"
# is the author's own: only the words that point at a work).
_POINTER_THEN_SEPARATOR = re.compile(
    r"([(\[])\s*(?:see also|see|cf\.|compare)\s*[,;]\s*", re.IGNORECASE
)
_SPACE_BEFORE_PUNCTUATION = re.compile(r"\s+([.,;:!?])")
_REPEATED_SEPARATOR = re.compile(r"([,;])(?:\s*[,;])+")
_SEPARATOR_BEFORE_END = re.compile(r"[,;]+(?=[.!?)\]]|$)")
# "X holds. \cite{a}." and "by Smith et al.." once the citation is gone; an ellipsis stays.
_DOUBLED_STOP = re.compile(r"(?<!\.)([.!?])\.(?!\.)")
_DANGLING_POINTER = re.compile(r"[,;]?\s*\b(?:see also|see|cf\.)\s*([.!?]?)$", re.IGNORECASE)


def tidy(text: str) -> str:
    """``text`` (a sentence without its citations) without what they left behind."""
    # Blanks collapsed first: the patterns then never meet a long run of them.
    text = _EMPTY_GROUP.sub("", " ".join(text.split()))
    text = _POINTER_THEN_SEPARATOR.sub(r"\1", text)
    text = _SPACE_BEFORE_PUNCTUATION.sub(r"\1", " ".join(text.split()))
    text = _REPEATED_SEPARATOR.sub(r"\1", text)
    text = _SEPARATOR_BEFORE_END.sub("", text)
    text = _DOUBLED_STOP.sub(r"\1", text)
    return _DANGLING_POINTER.sub(r"\1", text.strip())
