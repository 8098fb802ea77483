"""Cross-references to a Markdown draft's own figures, tables, equations and sections.

pandoc-crossref writes them ``@fig:one``, ``[@tbl:one]``, ``[-@eq:one]``, ``@Sec:one``;
Quarto writes ``@fig-one``, ``@tbl-one``, ``@thm-one`` (its prefixes take a hyphen). They
are no citations, and what they print is the draft's own number: the judge reads the same
placeholder as for a LaTeX draft's ``\\ref`` (``CROSS_REFERENCE``), so the sentence stays whole
("As shown in 1, SciPy is ...").
"""

from __future__ import annotations

import re

from claimaudit.review.code_spans import code_spans

# What a cross-reference prints in the text the judge reads, for LaTeX drafts too: its number
# is the draft's, no cited paper's, and a placeholder keeps the sentence whole. A number, as
# the draft prints: a capital letter before a full stop reads to the segmenter as an initial,
# so "reported in Table X. Results improve ..." was one sentence.
CROSS_REFERENCE = "1"

_PREFIX = re.compile(
    r"(?:(?:fig|tbl|eq|sec|lst):"
    r"|(?:fig|tbl|eq|sec|lst|thm|lem|cor|prp|cnj|def|exm|exr|sol|rem)-)",
    re.IGNORECASE,
)
_KEY = r"(?:" + _PREFIX.pattern + r")[\w:.\-]{0,200}"
# A bare one, not glued to a word (an address) nor after a "/" (a URL's path).
_BARE = re.compile(r"(?<![\w@./])-?@" + _KEY, re.IGNORECASE)
# A bracket group of nothing but cross-references ("[@fig:a; @fig:b]", "[-@eq:one]"):
# pandoc-crossref prints it without brackets.
_GROUP = re.compile(
    r"\[\s{0,40}-?@" + _KEY + r"(?:\s{0,40}[;,]\s{0,40}-?@" + _KEY + r"){0,50}\s{0,40}\]",
    re.IGNORECASE,
)


def is_cross_reference(key: str) -> bool:
    """Whether the ``@key`` ``key`` is a cross-reference (``fig:one``, ``tbl-one``), no
    citation."""
    return _PREFIX.match(key) is not None


def _end(text: str, start: int, end: int) -> int:
    """A key's end without the punctuation that follows it in prose ("@fig:one.")."""
    while end > start and text[end - 1] in ".:-":
        end -= 1
    return end


def with_placeholders(text: str) -> str:
    """``text`` with each cross-reference (or group of them) outside inline code read as the
    placeholder a LaTeX ``\\ref`` gives."""
    taken = [False] * (len(text) + 1)  # inline code, then each group found
    for start, end in code_spans(text):
        taken[start:end] = [True] * (end - start)
    found = [(m.start(), m.end()) for m in _GROUP.finditer(text) if not taken[m.start()]]
    for start, end in found:
        taken[start:end] = [True] * (end - start)
    found += [
        (m.start(), _end(text, m.start(), m.end()))
        for m in _BARE.finditer(text)
        if not taken[m.start()]
    ]
    pieces: list[str] = []
    position = 0
    for start, end in sorted(found):
        if start < position:
            continue
        pieces += [text[position:start], CROSS_REFERENCE]
        position = end
    pieces.append(text[position:])
    return "".join(pieces)
