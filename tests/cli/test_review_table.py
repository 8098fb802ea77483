"""The ``review`` table at a common terminal width (80 columns): a reference and an included
file's location stay whole, and a not_checked record says why."""

from __future__ import annotations

from pathlib import Path

from rich.console import Console

from claimaudit.checker.pipeline import Checker
from claimaudit.cli._render import VERDICT_STYLE
from claimaudit.cli._review_table import reason, review_table
from claimaudit.errors import SourceError
from claimaudit.identity import PaperRef, parse_ref
from claimaudit.review import ReviewResult, review_report
from claimaudit.review.report import review_latex
from claimaudit.sources.library import not_in_library
from claimaudit.sources.protocol import SourcePaper
from tests.cli.tables import boxed_columns
from tests.fakes import MemorySource, ScriptedJudge, pick

LONG_DOI = "doi:10.1371/journal.pcbi.1005510"


def _drawn(result: ReviewResult, width: int = 80) -> str:
    console = Console(width=width, record=True, color_system=None)
    console.print(review_table(result, console.width))
    return console.export_text()


def _checker(source: MemorySource | None = None) -> Checker:
    return Checker(source or MemorySource(), ScriptedJudge(pick("supports", "P001")))


def test_a_long_reference_and_the_reason_it_was_not_checked_show_whole() -> None:
    # The paper is in no library: a not_checked record, whose reason the table gives.
    result = review_report(
        f"Researchers should use version control ({LONG_DOI}).\n", checker=_checker()
    )
    [claim] = result.claims
    [item] = claim.records
    assert item.record.verdict == "not_checked"
    drawn = _drawn(result)
    assert max(len(line) for line in drawn.splitlines()) <= 80
    papers = boxed_columns(drawn)["papers"]
    assert f"{LONG_DOI}:" in papers  # on one line, not folded
    assert any(piece.startswith("\u21b3 ") for piece in papers)  # the reason's own line
    shown = " ".join(" ".join(papers).split())
    assert reason(item.record.error, LONG_DOI) in shown


def test_an_included_files_location_shows_whole(tmp_path: Path) -> None:
    (tmp_path / "sections").mkdir()
    (tmp_path / "sections" / "practices.tex").write_text(
        "Researchers should keep raw data unchanged \\cite{wilson}.\n", encoding="utf-8"
    )
    (tmp_path / "refs.bib").write_text(
        "@article{wilson, title = {Good enough practices}, doi = {10.1371/journal.pcbi.1005510}}\n",
        encoding="utf-8",
    )
    draft = tmp_path / "paper.tex"
    draft.write_text(
        "\\documentclass{article}\n\\begin{document}\nSciPy has sparse matrices "
        "\\cite{arxiv}.\n\\input{sections/practices}\n\\bibliography{refs}\n\\end{document}\n",
        encoding="utf-8",
    )
    (tmp_path / "refs.bib").write_text(
        (tmp_path / "refs.bib").read_text(encoding="utf-8")
        + "@article{arxiv, title = {SciPy}, eprint = {1907.10121}, archivePrefix = {arXiv}}\n",
        encoding="utf-8",
    )
    source = MemorySource()
    source.add(parse_ref("1907.10121"), "SciPy", ["SciPy has sparse matrices."])
    drawn = _drawn(review_latex(draft, checker=_checker(source)))
    lines = drawn.splitlines()
    assert max(len(line) for line in lines) <= 80
    # Neither the file's name nor the reference is cut in the middle.
    assert any("sections/practices.tex" in line for line in lines), drawn
    assert any(f"{LONG_DOI}:" in line for line in lines), drawn


def test_the_reason_is_its_errors_first_clause_without_the_reference() -> None:
    error = f"{LONG_DOI} is not in the local library (lib.sqlite3); add it with `library add`"
    # The reference was the subject: the reason keeps one ("paper"), so it reads as a clause.
    assert reason(error, LONG_DOI) == "paper is not in the local library (lib.sqlite3)"
    assert reason("arXiv:1: no library at lib.sqlite3; add it", "arXiv:1") == (
        "no library at lib.sqlite3"
    )
    # Whole, however long: the table wraps it.
    assert reason("x" * 300, "r") == "x" * 300


class _OtherVersionSource(MemorySource):
    """A library holding another version of every paper asked for, as ``library`` says."""

    def fetch(self, ref: PaperRef, query: str) -> SourcePaper:
        stored = [parse_ref(f"{ref.unversioned}v1"), parse_ref(f"{ref.unversioned}v2")]
        raise SourceError(not_in_library(ref, Path("/home/someone/papers/lib.sqlite3"), stored))


def test_a_long_reason_wraps_in_its_column_and_keeps_its_version_hint() -> None:
    # Cut at 100 characters, the reason lost how to cite the versions the library holds.
    result = review_report(
        "Researchers should use version control (arXiv:1907.10121v3).\n",
        checker=_checker(_OtherVersionSource()),
    )
    [claim] = result.claims
    [item] = claim.records
    error = item.record.error or ""
    assert "cite one of them" in error and len(reason(error, "arXiv:1907.10121v3")) > 100
    drawn = _drawn(result)
    assert max(len(line) for line in drawn.splitlines()) <= 80
    shown = " ".join(" ".join(boxed_columns(drawn)["papers"]).split())
    assert "\u2026" not in shown
    assert (
        "which holds arXiv:1907.10121v1 and arXiv:1907.10121v2: cite one of them, or "
        "arXiv:1907.10121 without a version for the newest one stored"
    ) in shown


def test_each_verdict_has_its_own_terminal_colour() -> None:
    # not addressed and insufficient evidence were both yellow, as the HTML report's amber was.
    assert len(set(VERDICT_STYLE.values())) == len(VERDICT_STYLE) == 5
    assert VERDICT_STYLE["not_addressed"] != VERDICT_STYLE["insufficient_evidence"]
