"""A LaTeX draft's footnotes as the review reads them: each note in blocks of its own, after
the paragraph its mark stands in, however many paragraphs the note holds."""

from __future__ import annotations

from pathlib import Path

import pytest

from claimaudit.review.latex.claims import extract_latex_claims
from claimaudit.review.latex.read import read_latex_draft
from tests.articles import write_article

BIB = "".join(f"@article{{{key}, author={{Able, Ann}}, doi={{10.1234/{key}}}}}\n" for key in "abc")


def _draft(folder: Path, body: str) -> Path:
    return write_article(folder, body, name="d6.tex")


def _blocks(folder: Path, body: str) -> list[tuple[str, int | None, str, list[str]]]:
    draft = read_latex_draft(_draft(folder, body))
    return [
        (b.kind, b.note, b.text, [f"{k}:{c.context}" for _, c in b.citations for k in c.keys])
        for b in draft.blocks
    ]


@pytest.mark.parametrize(
    "body",
    [
        pytest.param("Aspirin reduces stroke risk.\\footnote{A.\\par}", id="par"),
        pytest.param("Aspirin reduces stroke risk.\\footnote{A.\n\n}", id="blank-line"),
        pytest.param("Aspirin reduces stroke risk.\\footnote[3]{A.\\par}", id="numbered"),
        pytest.param(
            "Aspirin reduces stroke risk.\\footnotemark\n\\footnotetext{A.\\par}", id="text"
        ),
        pytest.param(
            "\\begin{minipage}{5cm}Aspirin reduces stroke risk.\\footnote{A.\\par}\\end{minipage}",
            id="minipage",
        ),
    ],
)
def test_a_paragraph_break_ending_a_note_is_read(tmp_path: Path, body: str) -> None:
    # QA: AttributeError ('NoneType' object has no attribute 'finish'): the break ended the
    # note's block as a paragraph, leaving none for the note.
    assert _blocks(tmp_path, body) == [
        ("paragraph", None, "Aspirin reduces stroke risk.", []),
        ("footnote", 1, "A.", []),
    ]


@pytest.mark.parametrize("gap", ["\n\n", "\\par ", "\n\\par\n"])
def test_a_note_of_several_paragraphs_stays_a_note_after_its_paragraph(
    tmp_path: Path, gap: str
) -> None:
    # QA: the first paragraph came before the body's, the second was read as the body's.
    body = (
        "Body paragraph here \\cite{b}.\\footnote{First note paragraph.{gap}"
        "Second note paragraph \\cite{a}.} Body goes on.\n\nNext paragraph."
    ).replace("{gap}", gap)
    assert _blocks(tmp_path, body) == [
        ("paragraph", None, "Body paragraph here. Body goes on.", ["b:prose"]),
        ("footnote", 1, "First note paragraph.", []),
        ("footnote", 1, "Second note paragraph.", ["a:footnote"]),
        ("paragraph", None, "Next paragraph.", []),
    ]


def test_a_list_in_a_note_is_the_note_s(tmp_path: Path) -> None:
    body = (
        "X holds.\\footnote{Two reasons:\\begin{itemize}\\item one \\cite{a};"
        "\\item two.\\end{itemize}} Y holds."
    )
    assert _blocks(tmp_path, body) == [
        ("paragraph", None, "X holds. Y holds.", []),
        ("footnote", 1, "Two reasons:", []),
        ("footnote", 1, "one;", ["a:footnote"]),
        ("footnote", 1, "two.", []),
    ]


def test_a_note_s_later_paragraph_citing_only_backs_no_body_sentence(tmp_path: Path) -> None:
    # Only a note's start gives its citations to its mark's sentence; a later paragraph's
    # claims are its own.
    (tmp_path / "refs.bib").write_text(BIB, encoding="utf-8")
    body = (
        "X holds.\\footnote{See \\cite{a}.\n\nSmith showed Z \\cite{b}. See also \\cite{c}.}"
        "\n\\bibliography{refs}"
    )
    found = extract_latex_claims(_draft(tmp_path, body))
    assert [(c.text, [k for t in c.targets for k in t.citations]) for c in found.claims] == [
        ("X holds.", ["a"]),
        ("Smith showed Z.", ["b", "c"]),
    ]
