r"""The headings of a paper's list of works: what follows one is no statement of the paper's,
and the Markdown, PDF and LaTeX readers leave it out under the same names. (LaTeX's usual
list is its ``thebibliography`` environment, whatever its heading says; this serves a
hand-typed one under ``\section*{References}``.)"""

from __future__ import annotations

import re

# Science prints "References and Notes"; a section number may come first ("7. References").
# Not "Citations": a paper on citing software or data heads its prose so, and a PDF's text
# after the heading is left out up to the back matter.
_REFERENCES = re.compile(
    r"^(?:[\dIVX]+\.?\s+)?(?:references|reference list|references cited|cited references|"
    r"references (?:and|&) notes|notes (?:and|&) references|literature cited|cited literature|"
    r"works cited|bibliography)$",
    re.IGNORECASE,
)


def is_references_heading(heading: str) -> bool:
    """Whether a section's heading (its words, markup read) opens the list of works."""
    return _REFERENCES.match(" ".join(heading.split()).rstrip(".:")) is not None
