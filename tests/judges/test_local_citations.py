"""The verifier reads passages without their inline citation markers; quotes stay verbatim."""

from __future__ import annotations

import pytest

from claimaudit.judges.local.citations import without_citations
from claimaudit.judges.local.judge import LocalJudge
from claimaudit.judges.protocol import Case
from claimaudit.judges.questions import build_decision
from claimaudit.passage import Passage


@pytest.mark.parametrize(
    ("printed", "read"),
    [
        # As the shared PDFs print them, against what their LaTeX sources read.
        ("the ImageNet challenge [Krizhevsky et al., 2012].", "the ImageNet challenge."),
        ("estimated by Open Hub [136]. Yet", "estimated by Open Hub. Yet"),
        ("as in [2, 5-7], we", "as in, we"),
        ("NeuroDebian (Halchenko and Hanke, 2012) and", "NeuroDebian and"),
        ("pyramids (Burt and Adelson, 1983b,a).", "pyramids."),
        ("SciPy (van der Walt et al., 2011; Hunter, 2007).", "SciPy."),
        ("frameworks [Bergstra et al., 2010, Bastien et al., 2012].", "frameworks."),
        ("maintained (Regents of the University of California, 1999).", "maintained."),
        ("a view (e.g., Smith 2001) that", "a view that"),
        # A textual citation's year mark, which the LaTeX reading of \citet leaves out.
        ("found in Haenel et al. (2014) and are", "found in Haenel et al. and are"),
        ("Smith et al. (2014a, 2015) showed the opposite", "Smith et al. showed the opposite"),
        # A reference after a name with digits, or after a parenthesis: not a count.
        ("released F2PY [23], a command line tool", "released F2PY, a command line tool"),
        ("PPoly (SciPy 0.13) [120], BPoly", "PPoly (SciPy 0.13), BPoly"),
        # One reference right after a number (scipy-1.0's PDF); the LaTeX reads none.
        ("released in October 2006 [33], paving", "released in October 2006, paving"),
        ("Algorithm 644 [73] for computing", "Algorithm 644 for computing"),
        ("has been cited over 3000 times [141].", "has been cited over 3000 times."),
    ],
)
def test_citation_markers_are_dropped(printed: str, read: str) -> None:
    assert without_citations(printed) == read


@pytest.mark.parametrize(
    "text",
    [
        "median age, 66 years [60-72] vs 62 years [54-68]; P < .001",  # ranges after a number
        "Pao2/Fio2 (median [IQR], 146 [105-214] vs 173 [120-222])",
        "Of the 25,482 respondents (50.3% [12,809] women)",
        "SciPy 1.0 was released (in 2017) after years of work",  # a year that is content
        "Smith (2014) showed the opposite",  # could be "a release (2014)": left as it is
        "of whom 45% [9] were women",  # one count after a percentage
        "in 2005 [33, 34] and 2006",  # a list after a number: could be a range, kept
        "the matrix [a, b] and the list [x]",
    ],
)
def test_numbers_and_years_that_are_content_stay(text: str) -> None:
    assert without_citations(text) == text


def test_one_paragraph_gives_one_answer_with_or_without_its_markers() -> None:
    # The PDF and the LaTeX source of one paper differ in exactly these markers.
    claim = "scikit-image had received contributions from more than 100 individuals by 2014."
    pdf = (
        "The scikit-image project started in August of 2009 and has received contributions "
        "from more than 100 individuals. It can be installed from NeuroDebian (Halchenko and "
        "Hanke, 2012) and other sources [12, 14]."
    )
    latex = (
        "The scikit-image project started in August of 2009 and has received contributions "
        "from more than 100 individuals. It can be installed from NeuroDebian and other sources."
    )
    judge = LocalJudge()
    relations = []
    for text in (pdf, latex):
        case = Case(claim=claim, paper_title="scikit-image", passages=[Passage("P1", text)])
        relations.append(judge.decide(build_decision(case)).answers["relation"].probabilities)
    assert relations[0] == pytest.approx(relations[1])
