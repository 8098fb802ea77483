"""The five shared PDFs against the LaTeX they were compiled from: the quality targets.

Measures as defined in benchmarks/pdf_fidelity.py (figures in docs/benchmarks.md): the share of
LaTeX body sentences found whole in one PDF passage, spurious tokens (line numbers, running
headers, page numbers) per 1,000 words, and passages starting or ending mid-sentence.
"""

from __future__ import annotations

import pytest
from benchmarks.pdf_fidelity import PAIRS, Fidelity, Pair, measure, normalise


@pytest.fixture(scope="module", params=PAIRS, ids=[p.name for p in PAIRS])
def fidelity(request: pytest.FixtureRequest) -> Fidelity:
    pair: Pair = request.param
    return measure(pair)


def test_nearly_every_latex_sentence_is_found_whole(fidelity: Fidelity) -> None:
    assert fidelity.sentences > 100
    assert fidelity.recall >= 0.95, fidelity.missing


def test_no_line_numbers_headers_or_page_numbers_in_the_passages(fidelity: Fidelity) -> None:
    assert fidelity.spurious_per_1000 <= 1.0, fidelity.spurious_tokens


def test_passages_start_and_end_at_sentence_boundaries(fidelity: Fidelity) -> None:
    assert fidelity.broken == 0, fidelity.broken_passages


def test_affiliation_marks_of_the_latex_text_are_not_compared() -> None:
    # The LaTeX extraction prints "$^{32,33}$" as "^32,33"; the PDF extraction drops raised
    # marks. A formula's power stays: it is not a mark after a word.
    assert normalise("Aditya Vijaykumar^32,33, Yoshiki V\u00e1zquez-Baeza^101") == (
        "Aditya Vijaykumar, Yoshiki V\u00e1zquez-Baeza"
    )
    assert normalise("o = (i - k)^2 + 1") == "o = (i - k)^2 + 1"


def test_citation_marks_are_not_compared() -> None:
    # Both works of one year in one mark: scikit-image's "(Burt and Adelson, 1983b,a)".
    assert normalise("and Laplacian pyramids (Burt and Adelson, 1983b,a). The") == (
        "and Laplacian pyramids. The"
    )
    assert normalise("as shown (Smith, 2007; Jones et al., 2008a).") == "as shown."
