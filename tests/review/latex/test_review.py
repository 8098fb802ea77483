"""review_latex with in-memory papers: sentences and their citations, the annotated ``.tex``
(byte for byte but for the inserted comment lines, opt-in ``\\todo`` notes), the HTML report,
and reference checks shown where the records are."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from claimaudit.checker.pipeline import Checker
from claimaudit.identity import parse_ref
from claimaudit.refcheck.models import CitedReference, ReferenceCheck, ReferenceStatus
from claimaudit.refcheck.verify import ReferenceVerifier
from claimaudit.review import render_html
from claimaudit.review.latex.annotate import PREFIX, annotate_latex
from claimaudit.review.latex.claims import claim_text
from claimaudit.review.report import review_latex
from claimaudit.review.result import ReviewResult
from tests.fakes import MemorySource, ScriptedJudge, pick

SCIPY = ["SciPy provides sparse matrix data structures.", "SciPy is written in Python."]
BIB = r"""@article{scipy, title = {SciPy 1.0}, author = {Virtanen, Pauli and Gommers, Ralf
  and Oliphant, Travis}, year = 2020, eprint = {1907.10121}, archivePrefix = {arXiv}}
@misc{ghost, title = {A ghost}, eprint = {2403.99999}, archivePrefix = {arXiv}}
@book{plain, title = {A book}}
"""
DRAFT = (
    "\\documentclass{article}\r\n"
    "\\begin{document}\r\n"
    "SciPy provides sparse matrices \\citep[see][p.~2]{scipy}. Nothing cited here.\r\n"
    "\\citet{scipy} wrote it in Python,\r\n"
    "  as others did (see~\\citealp{ghost,plain}).\\footnote{A footnote claim \\cite{scipy}.}\r\n"
    "\r\n"
    "\\input{more}\r\n"
    "\\bibliography{refs}\r\n"
    "\\end{document}"  # no newline at the end
)
MORE = "Included prose cites \\parencite{scipy}.\n"


class FakeVerifier(ReferenceVerifier):
    """Answers from a table, as the catalogues would; records what it was asked."""

    def __init__(self, answers: dict[str, ReferenceStatus]) -> None:
        super().__init__()
        self.answers = answers
        self.asked: list[CitedReference] = []

    def check(self, cited: CitedReference) -> ReferenceCheck:
        self.asked.append(cited)
        status = self.answers.get(cited.key, ReferenceStatus.NOT_VERIFIED)
        return ReferenceCheck(cited.key, cited.ref, status, f"{cited.key} is {status.value}")


@pytest.fixture
def reviewed(tmp_path: Path) -> tuple[Path, ReviewResult, FakeVerifier]:
    (tmp_path / "paper.tex").write_bytes(DRAFT.encode())
    (tmp_path / "more.tex").write_text(MORE, encoding="utf-8")
    (tmp_path / "refs.bib").write_text(BIB, encoding="utf-8")
    source = MemorySource()
    source.add(parse_ref("1907.10121v1"), "SciPy 1.0", SCIPY)
    verifier = FakeVerifier({"scipy": ReferenceStatus.OK, "ghost": ReferenceStatus.NOT_FOUND})
    result = review_latex(
        tmp_path / "paper.tex",
        checker=Checker(source, ScriptedJudge(pick("contradicts", "P002"))),
        verifier=verifier,
    )
    return tmp_path, result, verifier


def test_sentences_citations_and_records(reviewed: tuple[Path, ReviewResult, FakeVerifier]) -> None:
    _, result, _ = reviewed
    claims = [(c.claim.sentence.file, c.claim.sentence.line, c.claim.text) for c in result.claims]
    assert claims == [
        ("paper.tex", 3, "SciPy provides sparse matrices."),
        ("paper.tex", 4, "Virtanen et al. wrote it in Python, as others did."),
        # natbib's commands in use, its author-year \cite prints names, as the library reads it.
        ("paper.tex", 5, "A footnote claim Virtanen et al."),
        ("more.tex", 1, "Included prose cites."),
    ]
    assert [s.text for s in result.uncited] == ["Nothing cited here."]
    second = result.claims[1].records
    assert [(r.citations, r.record.paper_ref, r.record.verdict) for r in second] == [
        (("scipy",), "arXiv:1907.10121", "contradicts"),
        (("ghost",), "arXiv:2403.99999", "not_checked"),
        (("plain",), "local:plain", "not_checked"),
    ]
    # An entry without an identifier is looked up by its key, and the record says so (the
    # command line adds its import-bib advice; the Python API states the fact alone).
    assert "has no arXiv id or DOI" in second[2].record.error  # type: ignore[union-attr]
    data = result.to_dict()
    sentence = data["records"][0]["sentence"]
    assert (sentence["file"], sentence["line"], sentence["column"]) == ("paper.tex", 3, 1)
    assert DRAFT[sentence["start"] : sentence["end"]].startswith("SciPy provides")
    assert DRAFT[sentence["start"] : sentence["end"]].endswith("{scipy}.")


def test_reference_checks_once_per_entry_in_json(
    reviewed: tuple[Path, ReviewResult, FakeVerifier],
) -> None:
    _, result, verifier = reviewed
    assert [c.key for c in verifier.asked] == ["scipy", "ghost", "plain"]
    scipy = verifier.asked[0]
    assert (scipy.title, scipy.authors, scipy.year) == (
        "SciPy 1.0",
        ("Virtanen", "Gommers", "Oliphant"),
        2020,
    )
    data = json.loads(json.dumps(result.to_dict()))
    statuses = {(r["citations"][0], r["referenceStatus"]) for r in data["records"]}
    assert statuses == {("scipy", "ok"), ("ghost", "not_found"), ("plain", "not_verified")}
    assert data["summary"]["referenceStatuses"]["not_found"] == 1
    assert [r["key"] for r in data["references"]] == ["scipy", "ghost", "plain"]


def _strip_annotations(text: str) -> str:
    lines = text.splitlines(keepends=True)
    kept = [
        line
        for line in lines
        if not line.startswith(PREFIX)
        and not line.startswith("\\todo")
        and "claimaudit: loaded for its review notes" not in line
    ]
    return "".join(kept)


def test_annotated_tex_is_byte_for_byte_but_comment_lines(
    reviewed: tuple[Path, ReviewResult, FakeVerifier],
) -> None:
    _, result, _ = reviewed
    files = annotate_latex(result)
    assert list(files) == ["paper.tex", "more.tex"]
    main = files["paper.tex"]
    assert _strip_annotations(main) == DRAFT
    assert _strip_annotations(files["more.tex"]) == MORE
    lines = main.split("\r\n")
    # Each comment follows the line where its sentence ends, one line per paper, CRLF kept.
    after_three = lines[3:4]
    assert after_three[0].startswith(
        f"{PREFIX} scipy (arXiv:1907.10121), read as arXiv:1907.10121v1: contradicts"
    )
    assert "evidence P002" in after_three[0] and "SciPy is written in Python." in after_three[0]
    assert "reference ok" in after_three[0]
    block = lines[6:12]
    assert [line.split(":")[1].strip().split(" ")[0] for line in block[:3]] == [
        "scipy",
        "ghost",
        "plain",
    ]
    assert "reference not_found (ghost is not_found)" in block[1]
    assert "\\todo" not in main and "todonotes" not in main
    assert files["more.tex"].splitlines()[1].startswith(f"{PREFIX} scipy")


def test_todo_notes_are_opt_in_and_load_todonotes(
    reviewed: tuple[Path, ReviewResult, FakeVerifier],
) -> None:
    _, result, _ = reviewed
    main = annotate_latex(result, todo=True)["paper.tex"]
    assert main.count("\\todo{claimaudit: contradicts (arXiv:1907.10121)}%\r\n") == 1
    papers = "arXiv:1907.10121, arXiv:2403.99999, local:plain"
    assert f"\\todo{{claimaudit: contradicts ({papers})}}%" in main
    assert "\\todo[inline]{claimaudit: contradicts (arXiv:1907.10121)}%" in main  # the footnote
    assert main.index("\\usepackage{todonotes}") < main.index("\\begin{document}")
    assert _strip_annotations(main).rstrip("\r\n") == DRAFT


def test_todo_never_clashes_with_a_drafts_own_todo(tmp_path: Path) -> None:
    (tmp_path / "paper.tex").write_text(
        "\\newcommand{\\todo}[1]{#1}\n\\begin{document}\nA claim \\cite{x}.\n\\end{document}\n"
    )
    result = review_latex(
        tmp_path / "paper.tex",
        checker=Checker(MemorySource(), ScriptedJudge(pick("supports", "P001"))),
    )
    main = annotate_latex(result, todo=True)["paper.tex"]
    assert "todonotes" not in main and "\\todo{claimaudit: not checked (@x)}%" not in main
    assert re.search(r"\\todo\{claimaudit: not checked \(x\)\}%", main)


@pytest.mark.parametrize(
    "preamble",
    ["% \\usepackage{todonotes}\n", "\\usepackage{graphicx} % \\usepackage{todonotes}\n"],
)
def test_a_commented_out_todonotes_is_not_loaded(tmp_path: Path, preamble: str) -> None:
    (tmp_path / "paper.tex").write_text(
        f"\\documentclass{{article}}\n{preamble}\\begin{{document}}\n"
        "A claim \\cite{x}.\n\\end{document}\n",
        encoding="utf-8",
    )
    result = review_latex(
        tmp_path / "paper.tex",
        checker=Checker(MemorySource(), ScriptedJudge(pick("supports", "P001"))),
    )
    main = annotate_latex(result, todo=True)["paper.tex"]
    loads = f"\\usepackage{{todonotes}} {PREFIX} loaded for its review notes\n\\begin{{document}}"
    assert loads in main and "\\todo{claimaudit: not checked (x)}%" in main


def test_annotations_never_land_in_a_footnote_or_verbatim_left_open(tmp_path: Path) -> None:
    draft = (
        "\\documentclass{article}\n\\begin{document}\n"
        "Deep networks need no tuning \\citep{lee}.\\footnote{A note\n  over two lines.}\n"
        "SciPy offers sparse matrices \\citep{scipy}. Listing: \\begin{verbatim}\n"
        "import scipy\n\\end{verbatim}\n\\end{document}\n"
    )
    (tmp_path / "paper.tex").write_text(draft, encoding="utf-8")
    result = review_latex(
        tmp_path / "paper.tex",
        checker=Checker(MemorySource(), ScriptedJudge(pick("supports", "P001"))),
    )
    main = annotate_latex(result, todo=True)["paper.tex"]
    assert _strip_annotations(main) == draft
    lines = main.splitlines()
    after_note = lines[lines.index("  over two lines.}") + 1 :]
    assert after_note[0].startswith(f"{PREFIX} lee") and after_note[1].startswith("\\todo{")
    assert after_note[2].startswith("SciPy offers")
    after_listing = lines[lines.index("\\end{verbatim}") + 1 :]
    assert after_listing[0].startswith(f"{PREFIX} scipy") and after_listing[1].startswith("\\todo{")
    assert lines[lines.index("import scipy") - 1].endswith("\\begin{verbatim}")


def test_html_report_of_a_latex_draft(reviewed: tuple[Path, ReviewResult, FakeVerifier]) -> None:
    _, result, _ = reviewed
    page = render_html(result, title="paper.tex")
    assert page.count('class="claim v-') == 4
    assert ">References checked against the catalogues</h2>" in page
    assert 'data-reference-status="not_found"' in page
    assert 'data-reference-status="ok"' in page
    assert '<p class="file">more.tex</p>' in page
    assert "Claim 4, more.tex, line 1" in page
    assert "\\citep" not in page and "Nothing cited here." in page


def test_a_sentence_is_shown_as_judged_without_what_its_citations_left(
    reviewed: tuple[Path, ReviewResult, FakeVerifier],
) -> None:
    # "as others did (see~\citealp{ghost,plain})." read "as others did (see )." in the JSON
    # and the HTML report, though the judge was sent the sentence without it.
    _, result, _ = reviewed
    shown = "Virtanen et al. wrote it in Python, as others did."
    assert [c.claim.sentence.text for c in result.claims] == [c.claim.text for c in result.claims]
    assert {r["sentence"]["text"] for r in result.to_dict()["records"][1:4]} == {shown}
    page = render_html(result, title="paper.tex")
    assert f'data-claim="2">{shown}</span>' in page
    assert "did (" not in page


@pytest.mark.parametrize(
    ("sentence", "claim"),
    [
        ("It is fast (see ).", "It is fast."),
        ("It is fast [].", "It is fast."),
        ("It is fast, see .", "It is fast."),
        ("It is fast (e.g., ).", "It is fast."),
        ("It (really) is fast.", "It (really) is fast."),
        ("It is widely used (ref. ).", "It is widely used."),
        ("Images too , .", "Images too."),
        ("Images too, , and arrays.", "Images too, and arrays."),
        ("Described by Virtanen et al..", "Described by Virtanen et al."),
        ("It waits...", "It waits..."),
    ],
)
def test_claim_text_drops_what_citations_left(sentence: str, claim: str) -> None:
    assert claim_text(sentence) == claim


def test_a_draft_given_as_a_str_path_is_read(tmp_path: Path) -> None:
    (tmp_path / "paper.tex").write_text("\\begin{document}\nA claim \\cite{x}.\n\\end{document}\n")
    result = review_latex(
        str(tmp_path / "paper.tex"),
        checker=Checker(MemorySource(), ScriptedJudge(pick("supports", "P001"))),
    )
    assert [r.record.paper_ref for r in result.records] == ["x"]
