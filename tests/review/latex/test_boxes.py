"""Citations inside a box, colour or link macro of a LaTeX draft (``\\textcolor{blue}{...}``,
``\\parbox{5cm}{...}``, ``\\href{url}{...}``): the text is walked as prose, so each cited
sentence there is a claim citing its key; a citation in an argument that prints no text is
said, not lost in silence."""

from __future__ import annotations

from pathlib import Path

from claimaudit.review.latex.claims import LatexClaims, extract_latex_claims
from tests.articles import write_article

BIB = (
    "@article{sp, title={SciPy}, author={Virtanen, P.}, year={2020}}\n"
    "@article{sk, title={scikit-image}, author={van der Walt, S.}, year={2014}}\n"
)


def _review(tmp_path: Path, body: str) -> LatexClaims:
    preamble = "\\usepackage{natbib,xcolor,hyperref,caption}\n"
    return extract_latex_claims(write_article(tmp_path, body, preamble, bib=BIB))


def _claims(found: LatexClaims) -> list[tuple[str, list[str]]]:
    return [(c.text, [k.key for k in c.citations]) for c in found.claims]


def test_citations_in_box_colour_and_link_macros_are_claims(tmp_path: Path) -> None:
    found = _review(
        tmp_path,
        "SciPy has optimisation \\textcolor{blue}{routines \\citep{sp}}.\n\n"
        "\\colorbox{yellow}{Scikit-image is written in Python \\citep{sk}.}\n\n"
        "\\parbox{5cm}{SciPy provides interpolation \\citep{sp}.}\n\n"
        "\\fcolorbox{red}{white}{Scikit-image has filters \\citep{sk}.}\n\n"
        "\\href{https://scipy.org}{SciPy is a library \\citep{sp}.}\n\n"
        "\\hyperlink{t}{Kernels slide over inputs \\citep{sk}.}\n\n"
        "\\foreignlanguage{english}{Transposed convolutions swap passes \\citep{sk}.}",
    )
    assert _claims(found) == [
        ("SciPy has optimisation routines.", ["sp"]),
        ("Scikit-image is written in Python.", ["sk"]),
        ("SciPy provides interpolation.", ["sp"]),
        ("Scikit-image has filters.", ["sk"]),
        ("SciPy is a library.", ["sp"]),
        ("Kernels slide over inputs.", ["sk"]),
        ("Transposed convolutions swap passes.", ["sk"]),
    ]
    assert found.uncited == []
    assert found.warnings == ()


def test_a_footnote_in_a_coloured_sentence_is_read(tmp_path: Path) -> None:
    found = _review(
        tmp_path, "\\textcolor{red}{SciPy has integration.\\footnote{See \\citet{sp}.}}"
    )
    notes = [b for b in found.draft.blocks if b.kind == "footnote"]
    assert len(notes) == 1
    assert [k.key for claim in found.claims for k in [*claim.citations, *claim.noted]] == ["sp"]


def test_a_caption_outside_a_float_is_no_claim(tmp_path: Path) -> None:
    found = _review(
        tmp_path,
        "\\captionof{figure}{SciPy draws figures \\citep{sp}.}\n\nKernels slide \\citep{sk}.",
    )
    assert _claims(found) == [("Kernels slide.", ["sk"])]
    assert found.uncited == []
    assert [c.context for c in found.draft.commands] == ["caption", "prose"]


def test_a_citation_in_an_argument_that_prints_no_text_is_warned_of(tmp_path: Path) -> None:
    found = _review(tmp_path, "\\colorbox{yellow\\cite{sk}}{SciPy is fast \\citep{sp}.}")
    assert _claims(found) == [("SciPy is fast.", ["sp"])]
    assert len(found.warnings) == 1
    assert found.warnings[0].startswith("main.tex:4: a citation in an argument of \\colorbox")
