"""A LaTeX draft's sentences as review splits them, each with its own citations."""

from __future__ import annotations

from pathlib import Path

from claimaudit.review.latex_claims import LatexClaims, extract_latex_claims

_BIB = "".join(
    f"@article{{{key}, title={{T}}, author={{Smith, John}}, doi={{10.1000/{key}}}}}\n"
    for key in ("a", "b", "c")
)


def _claims(tmp_path: Path, body: str) -> LatexClaims:
    (tmp_path / "refs.bib").write_text(_BIB, encoding="utf-8")
    path = tmp_path / "main.tex"
    path.write_text(
        "\\documentclass{article}\n\\begin{document}\n"
        f"{body}\n\\bibliography{{refs}}\n\\end{{document}}\n",
        encoding="utf-8",
    )
    return extract_latex_claims(path)


def test_relations_keep_each_citation_on_its_own_sentence(tmp_path: Path) -> None:
    # QA: "<" and the ">" after it were read as brackets: one claim of three sentences, judged
    # against all three papers.
    found = _claims(
        tmp_path,
        "The effect held at $p < 0.05$ here \\cite{a}. Next claim here \\cite{b}. "
        "Values had $x > 3$ in all \\cite{c}.",
    )
    assert [(c.text, [t.citations for t in c.targets]) for c in found.claims] == [
        ("The effect held at p < 0.05 here.", [("a",)]),
        ("Next claim here.", [("b",)]),
        ("Values had x > 3 in all.", [("c",)]),
    ]
