"""Reviewing a drafted report: every cited sentence checked against the papers it cites.

``review_report(text, checker=...)`` finds the sentences of a Markdown report and their citations
(Pandoc/Manubot keys, numbered references, arXiv ids, DOIs and their URLs), resolves them to
papers, checks each (sentence, paper) pair once, and returns per-paper records with the
sentence's position, the uncited sentences, a summary and the annotated Markdown.
``review_latex(path, checker=...)`` does the same for a LaTeX draft (its ``\\input`` files and
its own bibliography), and ``annotate_latex`` writes its annotated ``.tex`` files. With a
``ReferenceVerifier``, each cited reference is also checked against arXiv and Crossref.
``render_html`` turns the result into a self-contained HTML report.
"""

from claimaudit.review.bibliography import (
    Bibliography,
    Entry,
    load_bibliography,
    parse_bibliography,
)
from claimaudit.review.citations import Citation, CitationStyle, find_citations
from claimaudit.review.claims import Claim, Target, extract_claims
from claimaudit.review.html.report import render_html
from claimaudit.review.latex.annotate import annotate_latex
from claimaudit.review.report import review_latex, review_report
from claimaudit.review.result import ClaimReview, ReviewedRecord, ReviewResult, ReviewSummary
from claimaudit.review.sentences import Sentence

__all__ = [
    "Bibliography",
    "Citation",
    "CitationStyle",
    "Claim",
    "ClaimReview",
    "Entry",
    "ReviewResult",
    "ReviewSummary",
    "ReviewedRecord",
    "Sentence",
    "Target",
    "annotate_latex",
    "extract_claims",
    "find_citations",
    "load_bibliography",
    "parse_bibliography",
    "render_html",
    "review_latex",
    "review_report",
]
