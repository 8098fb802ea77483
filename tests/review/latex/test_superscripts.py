"""A LaTeX draft's ``\\textsuperscript{1}`` after a word cites the first ``\\bibitem`` of its
``thebibliography``, as a Markdown draft's "matters¹" cites its References entry 1; a power,
a unit's or an ordinal's superscript stays text."""

from __future__ import annotations

from pathlib import Path

from claimaudit.review.latex.claims import extract_latex_claims

_ITEMS = r"""
\begin{thebibliography}{9}
\bibitem{scipy} Virtanen P, et~al. SciPy 1.0. arXiv:1907.10121
\bibitem{tips} Lee BD, et~al. Ten quick tips. arXiv:2105.14372
\bibitem{conv} Dumoulin V, Visin F. Convolution arithmetic. arXiv:1603.07285
\end{thebibliography}
"""


def _draft(tmp_path: Path, body: str, items: str = _ITEMS) -> Path:
    path = tmp_path / "paper.tex"
    path.write_text(
        f"\\documentclass{{article}}\n\\begin{{document}}\n{body}\n{items}\\end{{document}}\n",
        encoding="utf-8",
    )
    return path


def _cited(path: Path) -> list[tuple[str, list[str]]]:
    found = extract_latex_claims(path)
    return [(c.text, [t.paper for t in c.targets]) for c in found.claims]


def test_a_raised_number_cites_the_bibitem_of_that_number(tmp_path: Path) -> None:
    body = (
        "SciPy is a library for scientific computing.\\textsuperscript{1}\n"
        "Deep learning needs careful baselines\\textsuperscript{2}.\n"
        "Both tools are widely used\\textsuperscript{1,3}.\n"
        "Kernels slide over their inputs\\textsuperscript{1--3}.\n"
        "Mortality fell by 20\\%\\textsuperscript{2} in the group."
    )
    assert _cited(_draft(tmp_path, body)) == [
        ("SciPy is a library for scientific computing.", ["arXiv:1907.10121"]),
        ("Deep learning needs careful baselines.", ["arXiv:2105.14372"]),
        ("Both tools are widely used.", ["arXiv:1907.10121", "arXiv:1603.07285"]),
        (
            "Kernels slide over their inputs.",
            ["arXiv:1907.10121", "arXiv:2105.14372", "arXiv:1603.07285"],
        ),
        ("Mortality fell by 20% in the group.", ["arXiv:2105.14372"]),
    ]


def test_powers_units_and_ordinals_stay_text(tmp_path: Path) -> None:
    body = (
        "We grew 10\\textsuperscript{2} cells in wells of 5 m\\textsuperscript{2} and "
        "5 cm\\textsuperscript{3} in the 1\\textsuperscript{st} week.\n"
        "The fit reached R\\textsuperscript{2} of 0.9 on the data.\n"
        "Sparse solvers scale well\\textsuperscript{7}."
    )
    found = extract_latex_claims(_draft(tmp_path, body))
    assert found.claims == []
    assert [s.text for s in found.uncited] == [
        "We grew 10^2 cells in wells of 5 m^2 and 5 cm^3 in the 1st week.",
        "The fit reached R^2 of 0.9 on the data.",
        "Sparse solvers scale well.",  # no seventh item: a mark, but no citation
    ]


def test_no_numbered_list_no_raised_citation(tmp_path: Path) -> None:
    # Author-year labels number nothing, and a .bib's numbering is its style's to decide.
    labelled = _ITEMS.replace("\\bibitem{scipy}", "\\bibitem[Virtanen(2020)]{scipy}")
    found = extract_latex_claims(
        _draft(tmp_path, "SciPy is widely used\\textsuperscript{1}.", labelled)
    )
    assert found.claims == []


def test_a_byline_or_a_contribution_note_is_no_citation(tmp_path: Path) -> None:
    # As in a Markdown draft: names listed with their marks, and a line of nothing but names.
    body = (
        "\\begin{center}\nJane Doe\\textsuperscript{1}, John Roe\\textsuperscript{2}\n"
        "\\end{center}\n\n\\begin{center}\nAnn Poe\\textsuperscript{3}\n\\end{center}\n\n"
        "Jane Doe\\textsuperscript{1} and John Roe\\textsuperscript{2} contributed equally.\n\n"
        "Smith\\textsuperscript{1} and Lee\\textsuperscript{2} showed that padding matters."
    )
    found = extract_latex_claims(_draft(tmp_path, body))
    assert [(c.text, [t.paper for t in c.targets]) for c in found.claims] == [
        ("Smith and Lee showed that padding matters.", ["arXiv:1907.10121", "arXiv:2105.14372"])
    ]
    assert [s.text for s in found.uncited] == [
        "Jane Doe, John Roe",
        "Ann Poe",
        "Jane Doe and John Roe contributed equally.",
    ]
    assert [c.command for c in found.draft.commands] == ["textsuperscript"] * 2


def test_a_raised_number_in_mathematics_cites_too(tmp_path: Path) -> None:
    # QA: "works$^{1}$", as common in a hand-typed draft as \textsuperscript, was uncited.
    body = (
        "SciPy is a library for scientific computing$^{1}$.\n"
        "Deep learning needs careful baselines.$^{2,3}$\n"
        "Kernels slide over their inputs\\(^1\\).\n"
        "We grew 10$^{6}$ cells in 5 m$^2$ wells where $x^2$ holds."
    )
    found = extract_latex_claims(_draft(tmp_path, body))
    assert [(c.text, [t.paper for t in c.targets]) for c in found.claims] == [
        ("SciPy is a library for scientific computing.", ["arXiv:1907.10121"]),
        ("Deep learning needs careful baselines.", ["arXiv:2105.14372", "arXiv:1603.07285"]),
        ("Kernels slide over their inputs.", ["arXiv:1907.10121"]),
    ]
    assert [s.text for s in found.uncited] == ["We grew 10^6 cells in 5 m^2 wells where x^2 holds."]


def test_numeric_labels_number_the_items(tmp_path: Path) -> None:
    labelled = (
        _ITEMS.replace("\\bibitem{scipy}", "\\bibitem[2]{scipy}")
        .replace("\\bibitem{tips}", "\\bibitem[1]{tips}")
        .replace("\\bibitem{conv}", "\\bibitem[3]{conv}")
    )
    path = _draft(tmp_path, "SciPy is widely used\\textsuperscript{2}.", labelled)
    assert _cited(path) == [("SciPy is widely used.", ["arXiv:1907.10121"])]


def test_a_unicode_raised_number_cites_as_textsuperscript_does(tmp_path: Path) -> None:
    # QA: "works¹" typed in a .tex file was no citation, unlike a Markdown draft's "works¹".
    body = (
        "SciPy is a library for scientific computing¹.\n"
        "Deep learning needs careful baselines.²\n"
        "Kernels slide over their inputs¹⁻³.\n"
        "We grew 10² cells in 5 cm² wells with Ca²⁺ ions and x² terms in our lab.\n"
        "Sparse solvers scale well⁷.\n\n"
        "Jane Doe¹ and John Roe² contributed equally."
    )
    assert _cited(_draft(tmp_path, body)) == [
        ("SciPy is a library for scientific computing.", ["arXiv:1907.10121"]),
        ("Deep learning needs careful baselines.", ["arXiv:2105.14372"]),
        (
            "Kernels slide over their inputs.",
            ["arXiv:1907.10121", "arXiv:2105.14372", "arXiv:1603.07285"],
        ),
    ]


def test_a_unicode_raised_number_with_no_numbered_list_is_text(tmp_path: Path) -> None:
    path = tmp_path / "paper.tex"
    path.write_text(
        "\\documentclass{article}\n\\begin{document}\nSciPy is a library for computing¹.\n"
        "\\end{document}\n",
        encoding="utf-8",
    )
    found = extract_latex_claims(path)
    assert [s.text for s in found.uncited] == ["SciPy is a library for computing¹."]
