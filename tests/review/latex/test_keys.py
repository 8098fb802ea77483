"""A LaTeX draft's citation key with a colon (``\\cite{Virtanen:2020ab}``) is a BibTeX key:
its entry, unread or missing, is what the review says of it, never "not in the local
library"."""

from __future__ import annotations

from pathlib import Path

from claimaudit.review.latex.claims import extract_latex_claims


def test_a_colon_key_s_unread_or_missing_entry_is_said(tmp_path: Path) -> None:
    (tmp_path / "refs.bib").write_text(
        "@article{Virtanen:2020ab\n  title = {SciPy},\n}\n@misc{ok, eprint={1907.10121}}\n",
        encoding="utf-8",
    )
    path = tmp_path / "main.tex"
    path.write_text(
        "\\documentclass{article}\n\\begin{document}\n"
        "SciPy provides sparse matrices \\cite{Virtanen:2020ab}.\n"
        "SciPy provides interpolation \\cite{Smith:2019}.\n"
        "SciPy is fast \\cite{ok}.\n\\bibliography{refs}\n\\end{document}\n",
        encoding="utf-8",
    )
    found = extract_latex_claims(path)
    resolved = [(t.paper, t.error) for claim in found.claims for t in claim.targets]
    assert resolved[0][0] is None
    assert "the bibliography entry for Virtanen:2020ab (" in (resolved[0][1] or "")
    assert "refs.bib line 1) could not be read" in (resolved[0][1] or "")
    assert resolved[1][0] is None
    assert "no bibliography entry for Smith:2019 in refs.bib" in (resolved[1][1] or "")
    assert resolved[2] == ("arXiv:1907.10121", None)


def test_a_bibliography_of_unreadable_entries_leaves_each_citation_said(tmp_path: Path) -> None:
    """As where only some entries could not be read: the review goes on, each citation of an
    unread entry saying so."""
    (tmp_path / "refs.bib").write_text("@article{sp\n  title = {SciPy},\n}\n", encoding="utf-8")
    path = tmp_path / "main.tex"
    path.write_text(
        "\\documentclass{article}\n\\begin{document}\nSciPy is fast \\cite{sp}.\n"
        "\\bibliography{refs}\n\\end{document}\n",
        encoding="utf-8",
    )
    found = extract_latex_claims(path)
    [target] = [t for claim in found.claims for t in claim.targets]
    assert target.paper is None
    assert "the bibliography entry for sp (" in (target.error or "")
    assert [u.key for u in found.bibliography.unread] == ["sp"]


def test_an_empty_cite_is_warned_of(tmp_path: Path) -> None:
    path = tmp_path / "main.tex"
    path.write_text(
        "\\documentclass{article}\n\\begin{document}\nSciPy is fast \\cite{}.\n\\end{document}\n",
        encoding="utf-8",
    )
    found = extract_latex_claims(path)
    assert found.warnings == ("main.tex:3: \\cite{} names no key, so its sentence cites nothing",)
