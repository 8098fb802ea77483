"""A LaTeX draft's arguments TeX reads as characters: a "%" in a URL hides nothing, and a
``\\cite`` in inline code is no citation."""

from __future__ import annotations

from pathlib import Path

from claimaudit.review.latex.claims import extract_latex_claims
from tests.articles import write_article

BIB = "@article{sp, title={SciPy}, author={Virtanen, P.}, year={2020}}\n"


def _claims(tmp_path: Path, body: str) -> tuple[list[tuple[str, list[str]]], list[str], list[str]]:
    found = extract_latex_claims(
        write_article(tmp_path, body, "\\usepackage{natbib,url}\n", bib=BIB)
    )
    claims = [(c.text, [k.key for k in c.citations]) for c in found.claims]
    keys = [k for command in found.draft.commands for k in command.keys]
    return claims, [s.text for s in found.uncited], keys


def test_a_percent_sign_in_a_url_hides_no_citation(tmp_path: Path) -> None:
    claims, uncited, _ = _claims(
        tmp_path,
        "The docs are at \\url{https://docs.scipy.org/scipy.sparse%20matrix.html}.\n"
        "SciPy provides sparse matrices \\citep{sp}.\n\nKernels slide over inputs \\citep{sp}.",
    )
    assert claims == [
        ("SciPy provides sparse matrices.", ["sp"]),
        ("Kernels slide over inputs.", ["sp"]),
    ]
    assert uncited == ["The docs are at https://docs.scipy.org/scipy.sparse%20matrix.html."]


def test_a_cite_in_inline_code_is_no_citation(tmp_path: Path) -> None:
    claims, uncited, keys = _claims(
        tmp_path,
        "Type \\Verb|\\cite{ghostA}| in the file.\n"
        "Type \\mintinline{latex}|\\cite{ghostB}| in the file too.\n"
        "Type \\mintinline{latex}{\\cite{ghost4}} in the file again.\n"
        "Type \\verb*|\\cite{ghostC}| in the file once more.\n"
        "SciPy provides sparse matrices \\citep{sp}.",
    )
    assert keys == ["sp"]
    assert claims == [("SciPy provides sparse matrices.", ["sp"])]
    assert [" ".join(u.split()) for u in uncited] == [
        "Type in the file.",
        "Type in the file too.",
        "Type in the file again.",
        "Type in the file once more.",
    ]


def test_a_listing_read_from_a_file_is_no_sentence(tmp_path: Path) -> None:
    # "\lstinputlisting{/etc/passwd}" was reported as an uncited sentence "/etc/passwd" (the
    # file was never read; its name was read as words).
    claims, uncited, _ = _claims(
        tmp_path,
        "SciPy provides sparse matrices \\citep{sp}.\\lstinputlisting{/etc/passwd}\n\n"
        "Kernels slide.\\inputminted{python}{a_b.py}",
    )
    assert claims == [("SciPy provides sparse matrices.", ["sp"])]
    assert uncited == ["Kernels slide."]
