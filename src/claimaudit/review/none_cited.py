"""A draft that lists references but cites none in a form review reads: said, never silent.

A draft cited only in author-year prose, "(Wilson et al., 2017)", with a References list of
DOIs had no cited sentence: nothing was checked, exit 0, and no word of why. When the draft
lists references (its References section, its bibliography) and review found no citation at
all, a warning names how many and the forms it reads.
"""

from __future__ import annotations

from claimaudit.review.bibliography import Bibliography, reference_entries
from claimaudit.review.document import parse_document

# Every form ``claims.extract_claims`` reads: superscripts too ("matters¹", "matters^1^").
MARKDOWN_FORMS = "[@key], [1], a superscript number (¹ or ^1^), a DOI or an arXiv id"
LATEX_FORMS = "\\cite and its kin, or \\textsuperscript{1} for a thebibliography item"


def none_cited(listed: int, where: str, forms: str) -> tuple[str, ...]:
    """The warning for a draft whose ``listed`` references (in ``where``) no citation names;
    none when it lists none."""
    if listed <= 0:
        return ()
    noun = "reference is" if listed == 1 else "references are"
    return (
        f"{listed} {noun} listed {where} but none is cited in a form review reads "
        f'({forms}; author-year prose such as "(Smith et al., 2020)" is not read), '
        "so no sentence was checked",
    )


def markdown_none_cited(text: str, bibliography: Bibliography | None) -> tuple[str, ...]:
    """``none_cited`` for a Markdown draft with no citation found: its References section's
    entries (each item or numbered entry), else its bibliography's."""
    references = parse_document(text).references
    items = sum(1 for block in references if block.text.strip())
    listed = max(items, len(reference_entries(references)))
    if listed:
        return none_cited(listed, "in the draft's References section", MARKDOWN_FORMS)
    if bibliography is None:
        return ()
    return none_cited(len(bibliography.entries), _where(bibliography), MARKDOWN_FORMS)


def latex_none_cited(cited: bool, bibliography: Bibliography) -> tuple[str, ...]:
    """``none_cited`` for a LaTeX draft: its bibliography's entries, when no citation command
    was found (``cited`` false)."""
    return () if cited else none_cited(len(bibliography.entries), _where(bibliography), LATEX_FORMS)


def _where(bibliography: Bibliography) -> str:
    return f"in {bibliography.source}" if bibliography.source else "in the bibliography"
