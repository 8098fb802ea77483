"""A sentence of a LaTeX draft that holds only citations (``See also \\cite{b}.``) is no claim,
as in Markdown: its citations go to the sentence before it in its paragraph, whose comment
line the annotated copy carries."""

from __future__ import annotations

from pathlib import Path

import pytest

from claimaudit.checker.pipeline import Checker
from claimaudit.identity import parse_ref
from claimaudit.review import render_html
from claimaudit.review.latex.annotate import PREFIX, annotate_latex
from claimaudit.review.latex.claims import extract_latex_claims
from claimaudit.review.report import review_latex
from tests.articles import write_article
from tests.fakes import MemorySource, ScriptedJudge, pick

BIB = (
    "@article{a, author={Able, Ann}, doi={10.1234/a}}\n"
    "@article{b, author={Baker, Bo}, doi={10.1234/b}}\n"
    "@article{scipy, author={Virtanen, Pauli}, eprint={1907.10121}, archivePrefix={arXiv}}\n"
)
A, B = "doi:10.1234/a", "doi:10.1234/b"


def _draft(folder: Path, body: str) -> Path:
    return write_article(folder, body, bib=BIB, name="draft.tex")


def _read(folder: Path, body: str) -> tuple[list[tuple[str, list[str]]], list[str]]:
    found = extract_latex_claims(_draft(folder, body))
    claims = [(c.text, [t.name for t in c.targets]) for c in found.claims]
    return claims, [s.text for s in found.uncited]


@pytest.mark.parametrize(
    ("body", "claims"),
    [
        ("X holds for them \\cite{a}. See also \\cite{b}.", [("X holds for them.", [A, B])]),
        ("X holds for them \\cite{a}. (See \\cite{b}.)", [("X holds for them.", [A, B])]),
        ("X holds for them. Cf.~\\cite{b}, p.~4.", [("X holds for them.", [B])]),
        # A textual citation prints the authors, who say nothing more. (natbib's commands in
        # use, its author-year mode prints a bare \cite's names too, as the library reads it.)
        ("X holds for them \\cite{a}. \\citet{b}.", [("X holds for them Able.", [A, B])]),
        ("X holds for them \\citep{a}. \\citet{b}.", [("X holds for them.", [A, B])]),
        ("X holds for them \\citep{a}. See \\citealp{b,a}.", [("X holds for them.", [A, B])]),
        ("See \\cite{a}. X holds for them \\cite{b}.", [("X holds for them.", [B, A])]),
        # The citation after the full stop belongs to the sentence; no second stop is left.
        ("X holds for them. \\cite{a}.", [("X holds for them.", [A])]),
        ("Does X hold? \\cite{a}.", [("Does X hold?", [A])]),
        (
            "X holds \\cite{a}. See \\cite{b}. Z holds \\cite{scipy}. See also \\cite{a}.",
            [("X holds.", [A, B]), ("Z holds.", ["arXiv:1907.10121", A])],
        ),
        # A pointer at a work says nothing of its own either (QA: "As described." was judged).
        ("As described in \\cite{a}. X holds for them.", [("X holds for them.", [A])]),
        ("X holds for them. As shown by \\cite{b}.", [("X holds for them.", [B])]),
    ],
)
def test_a_sentence_holding_only_citations_gives_them_to_the_sentence_before(
    tmp_path: Path, body: str, claims: list[tuple[str, list[str]]]
) -> None:
    assert _read(tmp_path, body) == (claims, [])


def test_as_in_markdown_a_sentence_that_says_something_stays_a_claim(tmp_path: Path) -> None:
    body = "X holds \\cite{a}. Smith showed it \\cite{b}. In \\citetitle{b}, Y.\n\n\\cite{a}."
    claims, uncited = _read(tmp_path, body)
    assert claims == [
        ("X holds.", [A]),
        ("Smith showed it.", [B]),
        ("Y.", [B]),  # no title to print: "In ," pointed at nothing
        # A paragraph of nothing but a citation has no statement for it to back.
        (".", [A]),
    ]
    assert uncited == []


def test_the_annotated_copy_and_the_html_mark_the_sentence_before(tmp_path: Path) -> None:
    path = _draft(tmp_path, "SciPy has sparse matrices \\cite{scipy}.\nSee also \\cite{a}.")
    source = MemorySource()
    source.add(parse_ref("1907.10121"), "SciPy", ["SciPy has sparse matrices."])
    result = review_latex(path, checker=Checker(source, ScriptedJudge(pick("supports", "P001"))))
    [claim] = result.claims
    assert claim.claim.text == "SciPy has sparse matrices."
    assert [r.citations for r in claim.records] == [("scipy",), ("a",)]
    assert result.uncited == ()
    annotated = annotate_latex(result)["draft.tex"]
    assert (
        "SciPy has sparse matrices \\cite{scipy}.\n"
        f"{PREFIX} scipy (arXiv:1907.10121): supports" in annotated
    )
    assert annotated.count(PREFIX) == 2
    assert f"{PREFIX} a (doi:10.1234/a): not checked" in annotated
    page = render_html(result)
    assert 'data-claim="1">SciPy has sparse matrices.</span>' in page
    assert 'data-claim="2"' not in page


@pytest.mark.parametrize(
    ("body", "claims", "uncited"),
    [
        ("X holds\\footnote{See \\cite{a}.}. Y holds.", [("X holds.", [A])], ["Y holds."]),
        (
            "X holds \\cite{a}.\\footnote{Cf.~\\cite{b}, p.~4.} Y holds.",
            [("X holds.", [A, B])],
            ["Y holds."],
        ),
        # A note's citation-only sentences at its start go to the mark's sentence; the rest
        # of the note is read as a paragraph.
        (
            "X holds.\\footnote{See \\cite{a}. Smith showed it \\cite{b}. See also \\cite{a}.}",
            [("X holds.", [A]), ("Smith showed it.", [B, A])],
            [],
        ),
        # A citation-only sentence carrying a mark takes its note's citations with it.
        (
            "X holds \\cite{a}. See also \\cite{b}.\\footnote{Cf. \\cite{scipy}.}",
            [("X holds.", [A, B, "arXiv:1907.10121"])],
            [],
        ),
    ],
)
def test_a_footnote_s_citation_only_sentences_cite_for_its_mark_s_sentence(
    tmp_path: Path, body: str, claims: list[tuple[str, list[str]]], uncited: list[str]
) -> None:
    assert _read(tmp_path, body) == (claims, uncited)


def test_a_citation_only_footnote_is_marked_after_its_mark_s_sentence(tmp_path: Path) -> None:
    path = _draft(tmp_path, "SciPy has sparse matrices.\\footnote{See \\cite{scipy}.}\nNext.")
    source = MemorySource()
    source.add(parse_ref("1907.10121"), "SciPy", ["SciPy has sparse matrices."])
    judge = ScriptedJudge(pick("contradicts", "P001"))
    result = review_latex(path, checker=Checker(source, judge))
    [claim] = result.claims
    assert claim.claim.text == "SciPy has sparse matrices."
    assert [r.record.verdict for r in claim.records] == ["contradicts"]
    assert [s.text for s in result.uncited] == ["Next."]
    # The note's sentence is no sentence of its own: numbered as a Markdown draft's are.
    assert (claim.claim.sentence.index, result.uncited[0].index) == (0, 1)
    annotated = annotate_latex(result, todo=True)["draft.tex"]
    assert (
        "SciPy has sparse matrices.\\footnote{See \\cite{scipy}.}\n"
        f"{PREFIX} scipy (arXiv:1907.10121): contradicts" in annotated
    )
    # The claim is the paragraph's sentence, not the note's: a margin note, not an inline one.
    assert "\\todo{claimaudit: contradicts (arXiv:1907.10121)}%" in annotated
    assert "\\todo[inline]" not in annotated


@pytest.mark.parametrize(
    ("body", "claims", "uncited"),
    [
        # \footnotetext gives the note of the mark before it: its citations, the mark's sentence.
        (
            "X holds\\footnotemark. Y holds.\n\\footnotetext{See \\cite{a}.}",
            [("X holds.", [A])],
            ["Y holds."],
        ),
        # Two marks, then their texts, each written with its number (a bare \footnotetext
        # takes the counter's: the last mark's).
        (
            "X holds\\footnotemark. Y holds\\footnotemark.\n"
            "\\footnotetext[1]{See \\cite{a}.}\\footnotetext[2]{See \\cite{b}.}",
            [("X holds.", [A]), ("Y holds.", [B])],
            [],
        ),
        # A \footnote between them steps the counter: the text pairs with its number.
        (
            "X holds\\footnotemark[7]. Y holds\\footnote{Cf. \\cite{scipy}.}.\n"
            "\\footnotetext[7]{See \\cite{a}.}",
            [("X holds.", [A]), ("Y holds.", ["arXiv:1907.10121"])],
            [],
        ),
        (
            "X holds\\footnotemark. Y holds\\footnotemark.\n\\footnotetext{See \\cite{b}.}",
            [("Y holds.", [B])],
            ["X holds."],
        ),
        # A mark in a table steps the counter; the table's note is no claim, as the table.
        (
            "\\begin{table}\\begin{tabular}{l}A\\footnotemark\\end{tabular}\\end{table}\n"
            "\\footnotetext{See \\cite{a}.}\n"
            "X holds\\footnotemark.\n\\footnotetext{See \\cite{b}.}",
            [("X holds.", [B])],
            [],
        ),
        # Two marks' texts set by moving the counter back and on, as LaTeX's manuals do; the
        # counter commands print nothing.
        (
            "X holds\\footnotemark{} and Y holds\\footnotemark.\n"
            "\\addtocounter{footnote}{-1}\\footnotetext{See \\cite{a}.}\n"
            "\\stepcounter{footnote}\\footnotetext{See \\cite{b}.}",
            [("X holds and Y holds.", [A, B])],
            [],
        ),
        (
            "X holds\\footnotemark. Y holds\\footnotemark.\n"
            "\\setcounter{footnote}{1}\\footnotetext{See \\cite{a}.}\n"
            "\\refstepcounter{footnote}\\footnotetext{See \\cite{b}.}\n\n"
            "\\setcounter{section}{3}Z holds.",
            [("X holds.", [A]), ("Y holds.", [B])],
            ["Z holds."],
        ),
        # A counter command in a table moves the counter too.
        (
            "X holds\\footnotemark.\n\\begin{table}\\begin{tabular}{l}"
            "A\\footnotemark\\stepcounter{footnote}\\end{tabular}\\end{table}\n"
            "\\addtocounter{footnote}{-2}\\footnotetext{See \\cite{a}.}",
            [("X holds.", [A])],
            [],
        ),
        # A value the reader cannot read leaves the counter where it was.
        (
            "X holds\\footnotemark.\n"
            "\\addtocounter{footnote}{\\value{page}}\\footnotetext{See \\cite{a}.}",
            [("X holds.", [A])],
            [],
        ),
        # A note that says something is read as its own claims.
        (
            "X holds\\footnotemark.\n\n\\footnotetext{Smith showed it \\cite{b}.}",
            [("Smith showed it.", [B])],
            ["X holds."],
        ),
    ],
)
def test_a_footnotetext_cites_for_its_footnotemark_s_sentence(
    tmp_path: Path, body: str, claims: list[tuple[str, list[str]]], uncited: list[str]
) -> None:
    assert _read(tmp_path, body) == (claims, uncited)


def test_a_footnotetext_s_citations_are_annotated_at_its_mark_s_sentence(tmp_path: Path) -> None:
    path = _draft(
        tmp_path,
        "SciPy has sparse matrices\\footnotemark.\nNext.\n\n\\footnotetext{See \\cite{scipy}.}",
    )
    source = MemorySource()
    source.add(parse_ref("1907.10121"), "SciPy", ["SciPy has sparse matrices."])
    result = review_latex(path, checker=Checker(source, ScriptedJudge(pick("contradicts", "P001"))))
    [claim] = result.claims
    assert claim.claim.text == "SciPy has sparse matrices."
    annotated = annotate_latex(result, todo=True)["draft.tex"]
    assert (
        "SciPy has sparse matrices\\footnotemark.\n"
        f"{PREFIX} scipy (arXiv:1907.10121): contradicts, confidence" in annotated
    )
    assert "\\todo{claimaudit: contradicts (arXiv:1907.10121)}%" in annotated
    assert "\\todo[inline]" not in annotated


def test_a_minipage_s_sentence_gets_an_inline_todo(tmp_path: Path) -> None:
    # A margin note in a minipage stops LaTeX ("Not in outer par mode"): an inline one there.
    path = _draft(
        tmp_path,
        "\\begin{minipage}{0.5\\textwidth}\nSciPy has sparse matrices \\cite{scipy}.\n"
        "\\end{minipage}\nNext.",
    )
    source = MemorySource()
    source.add(parse_ref("1907.10121"), "SciPy", ["SciPy has sparse matrices."])
    result = review_latex(path, checker=Checker(source, ScriptedJudge(pick("contradicts", "P001"))))
    assert [c.claim.text for c in result.claims] == ["SciPy has sparse matrices."]
    annotated = annotate_latex(result, todo=True)["draft.tex"]
    assert (
        "SciPy has sparse matrices \\cite{scipy}.\n"
        f"{PREFIX} scipy (arXiv:1907.10121): contradicts, confidence 0.92, needs review; "
        "evidence P001: \u201cSciPy has sparse matrices.\u201d\n"
        "\\todo[inline]{claimaudit: contradicts (arXiv:1907.10121)}%\n\\end{minipage}"
    ) in annotated


def test_a_pointer_alone_reads_as_written_whichever_its_preposition(tmp_path: Path) -> None:
    # As in Markdown: "As described in \cite{a}." alone read "As described.", where "As
    # described at \cite{a}." read "As described at.".
    body = (
        "As described at \\cite{a}.\n\nAs described in \\cite{a}.\n\nX holds as shown in \\cite{b}."
    )
    found, _ = _read(tmp_path, body)
    assert [text for text, _ in found] == ["As described at.", "As described in.", "X holds."]
