"""The shared papers' own LaTeX sources read as drafts under review: every citation command found
(against an independent count made here with a plain pattern over the files), every prose
citation a claim's, and every cited key resolved to a paper or reported with a reason.

SciPy 1.0 (``\\input`` files, a user macro wrapping ``\\citen``), scikit-image (thirteen
``\\input`` files, natbib), conv arithmetic (natbib textual citations) and good enough practices
(a ``thebibliography`` with DOIs in its items)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from claimaudit.review.latex.claims import extract_latex_claims

DRAFTS = {
    "scipy": "scipy-1.0_virtanen2020/scipy-1.0/paper.tex",
    "skimage": "scikit-image_vanderwalt2014/latex/skimage.tex",
    "conv": "conv-arithmetic_dumoulin2016/conv_arithmetic.tex",
    "practices": (
        "good-enough-practices_wilson2017/good-enough-practices-for-scientific-computing.tex"
    ),
}
# A citation command, or a macro the draft defines around one (SciPy's \inlinecite).
_COMMAND = re.compile(
    r"\\(?P<name>cite[a-zA-Z]*|[pP]arencite|[tT]extcite|[aA]utocite|footcite|nocite|inlinecite)"
    r"\*?(?![a-zA-Z])"
)
_COMMENT = re.compile(r"(?<!\\)%.*")


def independent_count(folder: Path) -> int:
    """Citation commands in the folder's .tex files, outside comments and definitions."""
    count = 0
    for path in folder.rglob("*.tex"):
        for line in path.read_text(encoding="utf-8").splitlines():
            line = _COMMENT.sub("", line)
            if "\\newcommand" in line:
                continue  # a definition's body is no citation of the draft
            count += len(_COMMAND.findall(line))
    return count


@pytest.mark.parametrize("name", list(DRAFTS))
def test_every_citation_command_is_found(shared_data: Path, name: str) -> None:
    path = shared_data / "papers" / DRAFTS[name]
    found = extract_latex_claims(path)
    commands = found.draft.commands
    assert len(commands) == independent_count(path.parent) > 10
    # Every command in the prose (not a table, a caption or the bibliography) is a claim's,
    # and each of its keys is among the claims' citations.
    prose = [c for c in commands if c.is_claim_citation]
    claimed = sorted(c.key for claim in found.claims for c in claim.citations)
    assert claimed == sorted(k for c in prose for k in c.keys)
    assert len(prose) >= 0.8 * len(commands)


@pytest.mark.parametrize("name", list(DRAFTS))
def test_every_cited_reference_is_resolved_or_reported(shared_data: Path, name: str) -> None:
    found = extract_latex_claims(shared_data / "papers" / DRAFTS[name])
    targets = [t for claim in found.claims for t in claim.targets]
    assert targets
    for target in targets:
        if target.paper is None:
            assert target.error and "cannot be checked" in target.error
        else:
            assert target.entry is not None  # resolved through the draft's own bibliography
    resolved = [t for t in targets if t.paper is not None and not t.paper.startswith("local:")]
    assert resolved, "each of these drafts cites works with a DOI or an arXiv id"


def test_known_references_of_the_real_drafts(shared_data: Path) -> None:
    scipy = extract_latex_claims(shared_data / "papers" / DRAFTS["scipy"])
    papers = {t.paper for claim in scipy.claims for t in claim.targets}
    assert "doi:10.1109/mcse.2011.37" in papers  # van der Walt et al., the NumPy array
    assert {c.sentence.file for c in scipy.claims} >= {"paper.tex", "ckdtree.tex"}
    practices = extract_latex_claims(shared_data / "papers" / DRAFTS["practices"])
    assert len(practices.bibliography.entries) == 20  # its thebibliography items
    first = practices.claims[0]
    assert [t.paper for t in first.targets] == ["doi:10.1371/journal.pbio.1001745"]
    conv = extract_latex_claims(shared_data / "papers" / DRAFTS["conv"])
    textual = next(c for c in conv.claims if "Chen et al." in c.text)
    assert [t.paper for t in textual.targets] == ["arXiv:1412.7062", "arXiv:1511.07122"]
