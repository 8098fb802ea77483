"""A Zotero user's review, end to end: ``library import-bib`` of a Zotero export whose ``file``
fields point at the shared PDFs, then ``review paper.tex --verify-refs --html`` of the example
draft (``examples/latex-draft``) with the embedded judge, against local arXiv and Crossref peers.

The draft cites a non-existent arXiv id (ghost2024) and a DOI whose title, first author and
year are another paper's (mismatch2020): both must be reported as such (arXiv's empty answer
for the id, asked twice, is ``not_found``), and a catalogue that cannot be reached must give
``not_verified``, never ``not_found``.
"""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from claimaudit.cli import _install_commands, app
from claimaudit.library.store import Library
from claimaudit.review.latex.annotate import PREFIX
from tests.conftest import REPO_ROOT
from tests.library.helpers import make_pdf
from tests.refcheck.crossrefserver import CrossrefServer
from tests.sources.arxivserver import ArxivServer

EXAMPLE = REPO_ROOT / "examples" / "latex-draft"
_JABREF_FILE = re.compile(r"file = \{:\.\./\.\./\.\./shared/data/papers-pdf/([^:]+):PDF\}")


def zotero_export(pdfs: Path) -> str:
    """The example's references as Zotero's own BibTeX export writes them: absolute paths in
    ``description:path:MIME type`` file fields."""
    text = (EXAMPLE / "references.bib").read_text(encoding="utf-8")
    return _JABREF_FILE.sub(
        lambda m: f"file = {{Full Text PDF:{pdfs / m.group(1)}:application/pdf}}", text
    )


def _catalogues(arxiv: ArxivServer, crossref: CrossrefServer, folder: Path) -> None:
    arxiv.add(
        "1907.10121",
        "SciPy 1.0: Fundamental Algorithms for Scientific Computing in Python",
        {2: b""},
        authors=("Pauli Virtanen", "Ralf Gommers"),
        published="2019-07-23T18:00:00Z",
    )
    arxiv.add(
        "1407.6245",
        "scikit-image: Image processing in Python",
        {1: b""},
        authors=("Stéfan van der Walt", "Johannes L. Schönberger"),
        published="2014-07-23T18:00:00Z",
    )
    arxiv.add(
        "1603.07285",
        "A guide to convolution arithmetic for deep learning",
        {2: b""},
        authors=("Vincent Dumoulin", "Francesco Visin"),
        published="2016-03-23T18:00:00Z",
    )
    tips = make_pdf(folder / "tips.pdf", text="Deep learning needs careful tuning. " * 12)
    arxiv.add(
        "2105.14372",
        "Ten quick tips for deep learning in biology",
        {1: tips.read_bytes()},
        authors=("Benjamin D. Lee", "Anthony Gitter"),
        published="2021-05-29T18:00:00Z",
    )
    crossref.add(
        "10.1371/journal.pcbi.1005510",
        "Good enough practices in scientific computing",
        ["Wilson", "Bryan"],
        2017,
    )
    crossref.add("10.1038/s41586-020-2649-2", "Array programming with NumPy", ["Harris"], 2020)
    crossref.add(
        "10.1098/rsif.2017.0387",
        "Opportunities and obstacles for deep learning in biology and medicine",
        ["Ching", "Himmelstein"],
        2018,
    )


def _run(*args: str | Path) -> Result:
    return CliRunner().invoke(app, [str(a) for a in args])


@pytest.fixture(scope="module")
def reviewed(
    shared_data: Path, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[dict[str, Any]]:
    _install_commands()
    work = tmp_path_factory.mktemp("zotero")
    draft = work / "draft"
    shutil.copytree(EXAMPLE, draft)
    (draft / "references.bib").write_text(
        zotero_export(shared_data / "papers-pdf"), encoding="utf-8"
    )
    library = work / "library.sqlite3"
    with (
        pytest.MonkeyPatch.context() as patch,
        ArxivServer() as arxiv,
        CrossrefServer() as crossref,
    ):
        patch.setattr("claimaudit.sources.arxiv.MIN_INTERVAL", 0.0)
        patch.setattr("claimaudit.refcheck.crossref.BACKOFF", 0.0)
        patch.setenv("XDG_DATA_HOME", str(work / "data"))
        patch.setenv("CLAIMAUDIT_ARXIV_BASE_URL", arxiv.url)
        patch.setenv("CLAIMAUDIT_CROSSREF_BASE_URL", crossref.url)
        patch.delenv("CLAIMAUDIT_JUDGE", raising=False)
        _catalogues(arxiv, crossref, work)
        imported = _run(
            "library", "import-bib", draft / "references.bib", "--fetch", "--library", library
        )
        outputs = work / "out"
        review = _run(
            "review", draft / "paper.tex", "--verify-refs", "--library", library,
            "--html", outputs / "report.html", "--json", outputs / "records.json",
            "--out", outputs / "annotated" / "paper.tex", "--todo",
            "--fail-on", "bad-reference",
        )  # fmt: skip
        asked = list(crossref.seen)
        # The same references again, with the catalogues unreachable and no kept answers.
        patch.setenv("CLAIMAUDIT_CROSSREF_BASE_URL", "http://127.0.0.1:9")
        patch.setenv("CLAIMAUDIT_ARXIV_BASE_URL", "http://127.0.0.1:9")
        offline = _run(
            "refs", draft / "references.bib", "--json", "--no-cache", "--library", library
        )
        # Answers are kept per catalogue address: the later run asks the same addresses,
        # unreachable once the peers have stopped.
        patch.setenv("CLAIMAUDIT_CROSSREF_BASE_URL", crossref.url)
        patch.setenv("CLAIMAUDIT_ARXIV_BASE_URL", arxiv.url)
        crossref.close()
        arxiv.close()
        cached = _run("refs", draft / "references.bib", "--json", "--library", library)
    yield {
        "work": work,
        "draft": draft,
        "library": library,
        "imported": imported,
        "review": review,
        "outputs": outputs,
        "asked": asked,
        "offline": offline,
        "cached": cached,
    }


def test_import_bib_adds_the_attached_pdfs_and_fetches_arxiv(reviewed: dict[str, Any]) -> None:
    imported = reviewed["imported"]
    assert imported.exit_code == 1, imported.output  # ghost2024 cannot be fetched: a failure
    lines = imported.stdout
    for key, ref in [
        ("virtanen2020", "arXiv:1907.10121"),
        ("vanderwalt2014", "arXiv:1407.6245"),
        ("dumoulin2016", "arXiv:1603.07285"),
        ("wilson2017", "doi:10.1371/journal.pcbi.1005510"),
        ("wilsonPreprint", "local:wilsonPreprint"),
        ("lee2022", "arXiv:2105.14372v1"),
    ]:
        assert re.search(rf"added {key} {re.escape(ref)}: ", lines), key
    assert re.search(r"failed ghost2024 arXiv:2403\.99999: arXiv: arXiv has no paper", lines)
    assert "no file mismatch2020 doi:10.1038/s41586-020-2649-2: no attached file" in lines
    assert (
        "imported references.bib: 6 added, 0 skipped (already there, same text), 1 failed, "
        "2 without a file" in lines
    )
    with Library.open(reviewed["library"]) as library:
        sources = {str(p.ref): p.source_path for p in library.list_papers()}
    assert sources["arXiv:1907.10121"].endswith("papers-pdf/scipy-1.0_virtanen2020.pdf")
    again = _run(
        "library", "import-bib", reviewed["draft"] / "references.bib", "--library",
        reviewed["library"], "--json",
    )  # fmt: skip
    summary = json.loads(again.stdout)
    assert (summary["added"], summary["skipped"], summary["failed"]) == (0, 5, 0)


def _records(reviewed: dict[str, Any]) -> dict[str, Any]:
    return dict(json.loads((reviewed["outputs"] / "records.json").read_text(encoding="utf-8")))


def test_review_records_with_files_lines_and_reference_statuses(reviewed: dict[str, Any]) -> None:
    review = reviewed["review"]
    # --fail-on bad-reference: the draft cites a ghost and a mismatched reference.
    assert review.exit_code == 1, review.output
    data = _records(reviewed)
    by_key = {r["citations"][0]: r for r in data["records"]}
    statuses = {key: r["referenceStatus"] for key, r in by_key.items()}
    assert statuses == {
        "virtanen2020": "ok",
        "vanderwalt2014": "ok",
        "dumoulin2016": "ok",
        "wilson2017": "ok",
        "wilsonPreprint": "not_verified",  # no identifier to look up
        "lee2022": "ok",
        "ghost2024": "not_found",  # arXiv answered empty twice
        "mismatch2020": "metadata_mismatch",
        "ching2018": "ok",
    }
    mismatch = by_key["mismatch2020"]["reference"]
    assert {m["field"] for m in mismatch["mismatches"]} == {"title", "firstAuthor", "year"}
    title = next(m for m in mismatch["mismatches"] if m["field"] == "title")
    assert title == {
        "field": "title",
        "cited": "Deep residual learning for image recognition",
        "catalogue": "Array programming with NumPy",
    }
    assert "arXiv has no paper" in by_key["ghost2024"]["reference"]["reason"]
    assert data["summary"]["referenceStatuses"] == {
        "ok": 6,
        "not_found": 1,
        "metadata_mismatch": 1,
        "withdrawn": 0,
        "not_verified": 1,
    }
    # Every paper with a file (or fetched) was checked; the others are not_checked, not verdicts.
    checked = {k for k, r in by_key.items() if r["verdict"] != "not_checked"}
    assert checked == {
        "virtanen2020",
        "vanderwalt2014",
        "dumoulin2016",
        "wilson2017",
        "wilsonPreprint",
        "lee2022",
    }
    files = {(r["sentence"]["file"], r["sentence"]["line"]) for r in data["records"]}
    assert ("sections/practices.tex", 3) in files and ("paper.tex", 23) in files
    main = (reviewed["draft"] / "paper.tex").read_text(encoding="utf-8")
    for record in data["records"]:
        sentence = record["sentence"]
        if sentence["file"] == "paper.tex":
            written = main[sentence["start"] : sentence["end"]]
            assert main.count("\n", 0, sentence["start"]) + 1 == sentence["line"]
            # Up to the full stop, or the citation command placed after it.
            assert written.endswith((".", "}")) and "\\begin" not in written
    assert "ching2018" in by_key and by_key["ching2018"]["verdict"] == "not_checked"


def test_catalogues_are_asked_politely_and_answers_kept(reviewed: dict[str, Any]) -> None:
    asked = {s.doi for s in reviewed["asked"]}
    assert asked == {
        "10.1371/journal.pcbi.1005510",
        "10.1038/s41586-020-2649-2",
        "10.1098/rsif.2017.0387",
    }
    cached = json.loads(reviewed["cached"].stdout)
    by_key = {r["key"]: r for r in cached["references"]}
    # Answers kept in the library serve a later run, even with the catalogues unreachable.
    assert by_key["ghost2024"]["referenceStatus"] == "not_found"
    assert by_key["ghost2024"]["cached"] is True
    assert by_key["mismatch2020"]["referenceStatus"] == "metadata_mismatch"
    assert by_key["mismatch2020"]["cached"] is True


def test_an_unreachable_catalogue_is_never_not_found(reviewed: dict[str, Any]) -> None:
    offline = reviewed["offline"]
    assert offline.exit_code == 0, offline.output
    data = json.loads(offline.stdout)
    statuses = {r["key"]: r["referenceStatus"] for r in data["references"]}
    assert set(statuses.values()) == {"not_verified"}
    assert data["summary"]["not_found"] == 0
    reasons = {r["key"]: r["reason"] for r in data["references"]}
    assert "could not be asked" in reasons["mismatch2020"]
    assert "could not be asked" in reasons["ghost2024"]


def test_html_report_shows_the_draft_and_reference_statuses(reviewed: dict[str, Any]) -> None:
    page = (reviewed["outputs"] / "report.html").read_text(encoding="utf-8")
    assert page.count('class="claim v-') == 14
    assert '<p class="file">sections/practices.tex</p>' in page
    assert page.count('data-reference-status="not_found"') >= 2  # the record and the list
    assert page.count('data-reference-status="metadata_mismatch"') >= 2  # record and list
    assert 'cited <q dir="auto">Deep residual learning for image recognition</q>' in page
    assert "Array programming with NumPy" in page
    assert '<h3 dir="auto">Convolutions</h3>' in page and "\\citep" not in page


def test_annotated_draft_is_the_draft_plus_comment_lines(reviewed: dict[str, Any]) -> None:
    annotated = reviewed["outputs"] / "annotated"
    for name in ("paper.tex", "sections/practices.tex"):
        original = (reviewed["draft"] / name).read_text(encoding="utf-8")
        written = (annotated / name).read_text(encoding="utf-8")
        kept = [
            line
            for line in written.splitlines(keepends=True)
            if not line.startswith((PREFIX, "\\todo"))
            and "% claimaudit: loaded for its review notes" not in line
        ]
        assert "".join(kept) == original
    main = (annotated / "paper.tex").read_text(encoding="utf-8")
    ghost = next(line for line in main.splitlines() if line.startswith(f"{PREFIX} ghost2024"))
    assert "reference not_found" in ghost
    assert "\\usepackage{todonotes}" in main and "\\todo{claimaudit:" in main


def _small_draft(folder: Path, name: str = "notes.txt") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "refs.bib").write_text("@misc{a, title = {A}, doi = {10.1234/a}}\n", "utf-8")
    (folder / "part.tex").write_text("Included claim \\cite{a}.\n", encoding="utf-8")
    path = folder / name
    path.write_text(
        "\\begin{document}\nA claim \\citep{a}.\n\\input{part}\n\\bibliography{refs}\n"
        "\\end{document}\n",
        encoding="utf-8",
    )
    return path


def test_format_option_reads_any_file_as_latex(tmp_path: Path) -> None:
    _install_commands()
    library = tmp_path / "library.sqlite3"
    Library.open(library).close()
    draft = _small_draft(tmp_path / "draft")
    out = tmp_path / "out" / "notes.txt"
    result = _run(
        "review", draft, "--format", "latex", "--library", library, "--json",
        tmp_path / "records.json", "--out", out,
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    records = json.loads((tmp_path / "records.json").read_text(encoding="utf-8"))["records"]
    assert [(r["sentence"]["file"], r["paperRef"]) for r in records] == [
        ("notes.txt", "doi:10.1234/a"),
        ("part.tex", "doi:10.1234/a"),
    ]
    assert (tmp_path / "out" / "part.tex").read_text(encoding="utf-8").count(PREFIX) == 1
    assert "verify-refs" not in json.dumps(records) and "referenceStatus" not in records[0]


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--todo"], "--todo applies to LaTeX drafts only"),
        (["--fail-on", "bad-reference"], "need --verify-refs"),
    ],
)
def test_options_that_cannot_apply_are_refused(
    tmp_path: Path, extra: list[str], message: str
) -> None:
    _install_commands()
    draft = tmp_path / "draft.md"
    draft.write_text("A claim [@doi:10.1234/a].\n", encoding="utf-8")
    result = _run("review", draft, *extra)
    assert result.exit_code == 2 and message in result.stderr


def test_outputs_never_overwrite_the_drafts_files(tmp_path: Path) -> None:
    _install_commands()
    draft = _small_draft(tmp_path / "draft", "paper.tex")
    over_include = _run("review", draft, "--json", tmp_path / "draft" / "part.tex")
    assert over_include.exit_code == 2
    assert "is the same file as the draft's file" in over_include.stderr
    over_bib = _run("review", draft, "--html", tmp_path / "draft" / "refs.bib")
    assert over_bib.exit_code == 2 and "the same file as the draft's file" in over_bib.stderr
    library = tmp_path / "library.sqlite3"
    Library.open(library).close()
    beside = _run(
        "review", draft, "--library", library, "--out", tmp_path / "draft" / "annotated.tex"
    )
    assert beside.exit_code == 2
    assert "annotated copy of part.tex would overwrite the draft's own file" in beside.stderr
    assert (tmp_path / "draft" / "part.tex").read_text(encoding="utf-8") == (
        "Included claim \\cite{a}.\n"
    )


@pytest.mark.parametrize("option", ["--json", "--html"])
def test_an_output_over_an_annotated_included_file_is_refused(tmp_path: Path, option: str) -> None:
    _install_commands()
    draft = _small_draft(tmp_path / "draft", "paper.tex")
    library = tmp_path / "library.sqlite3"
    Library.open(library).close()
    # An earlier run's annotated copy of the included file, where this run's would go too.
    out = tmp_path / "out"
    out.mkdir()
    earlier = out / "part.tex"
    earlier.write_text("Included claim \\cite{a}.\n% claimaudit: earlier\n", encoding="utf-8")
    result = _run(
        "review", draft, "--library", library, "--out", out / "paper.tex", option, earlier
    )
    assert result.exit_code == 2, result.output
    assert f"{option} {earlier} is the same file as the annotated copy of part.tex" in (
        result.stderr
    )
    # Refused before anything was written.
    assert earlier.read_text(encoding="utf-8").endswith("% claimaudit: earlier\n")
    assert not (out / "paper.tex").exists()


def test_an_annotated_copy_over_a_drafts_file_is_refused_before_any_judge_is_built(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _install_commands()
    monkeypatch.delenv("OPENAI_MODEL", raising=False)
    draft = _small_draft(tmp_path / "draft", "paper.tex")
    library = tmp_path / "library.sqlite3"
    Library.open(library).close()
    # A judge that cannot be built: the refusal must come first, before any judging.
    out = tmp_path / "draft" / "annotated.tex"
    result = _run("review", draft, "--library", library, "--judge", "openai", "--out", out)
    assert result.exit_code == 2
    assert "annotated copy of part.tex would overwrite the draft's own file" in result.stderr


def test_an_output_hard_linked_to_an_included_file_is_refused(tmp_path: Path) -> None:
    _install_commands()
    draft = _small_draft(tmp_path / "draft", "paper.tex")
    linked = tmp_path / "part-link.json"
    linked.hardlink_to(tmp_path / "draft" / "part.tex")
    result = _run("review", draft, "--json", linked)
    assert result.exit_code == 2
    assert f"--json {linked} is the same file as the draft's file" in result.stderr
    assert linked.read_text(encoding="utf-8") == "Included claim \\cite{a}.\n"


@pytest.mark.parametrize("option", ["--out", "--json", "--html"])
def test_outputs_never_overwrite_the_bib_file(tmp_path: Path, option: str) -> None:
    _install_commands()
    draft = _small_draft(tmp_path / "draft", "paper.tex")
    given = tmp_path / "ext.bib"
    entry = "@misc{a, title = {A}, doi = {10.1234/a}}\n"
    given.write_text(entry, encoding="utf-8")
    result = _run("review", draft, "--bib", given, option, given)
    assert result.exit_code == 2
    assert f"is the same file as --bib {given}" in result.stderr
    assert given.read_text(encoding="utf-8") == entry


def test_a_draft_whose_bibliography_is_missing_fails_fast(tmp_path: Path) -> None:
    _install_commands()
    draft = _small_draft(tmp_path / "draft", "paper.tex")
    (tmp_path / "draft" / "refs.bib").unlink()
    result = _run("review", draft)
    assert result.exit_code == 2
    assert "refs.bib it names is not in the draft's folder; pass it with --bib" in result.stderr
    given = tmp_path / "other.bib"
    given.write_text("@misc{a, title = {A}, doi = {10.1234/a}}\n", encoding="utf-8")
    library = tmp_path / "library.sqlite3"
    Library.open(library).close()
    with_bib = _run("review", draft, "--bib", given, "--library", library)
    assert with_bib.exit_code == 0, with_bib.output


@pytest.mark.parametrize(
    ("part", "refusal"),
    [
        pytest.param(
            # TeX stops at the file's end; the review read the rest of the file as the note.
            "Included claim \\cite{a}.\\footnote{Open note\n\nLater claim \\cite{a}.\n",
            'error: part.tex: the argument of \\footnote that opens on line 1 with "{Open note '
            'Later claim \\cite{a}." is never closed: a "}" is missing (TeX stops there too); '
            "close it and review the draft again",
            id="argument",
        ),
        pytest.param(
            # TeX stops at it; the review read the rest of the draft into the list and judged it.
            "Included claim \\cite{a}.\n\n\\begin{enumerate}\n\\item Listed claim \\cite{a}.\n",
            'error: part.tex: the environment "enumerate" that opens on line 3 with '
            '"\\begin{enumerate} \\item Listed claim \\ci" is never closed: '
            '"\\end{enumerate}" is missing (TeX stops there too); close it and review the draft '
            "again",
            id="environment",
        ),
    ],
)
def test_a_group_never_closed_is_refused_naming_it_and_its_line(
    tmp_path: Path, part: str, refusal: str
) -> None:
    _install_commands()
    draft = _small_draft(tmp_path / "draft", "paper.tex")
    (tmp_path / "draft" / "part.tex").write_text(part, encoding="utf-8")
    result = _run("review", draft, "--library", tmp_path / "library.sqlite3")
    assert result.exit_code == 2
    assert result.stderr.strip().splitlines() == [refusal]
    assert not (tmp_path / "library.sqlite3").exists()


def test_an_annotated_project_is_written_whole_or_not_at_all(tmp_path: Path) -> None:
    _install_commands()
    draft = _small_draft(tmp_path / "draft", "paper.tex")
    library = tmp_path / "library.sqlite3"
    Library.open(library).close()
    out = tmp_path / "out"
    out.mkdir()
    earlier = "% claimaudit: last week's annotated paper\n"
    (out / "paper.tex").write_text(earlier, encoding="utf-8")
    (out / "part.tex").mkdir()  # the included file's copy cannot be written
    result = _run("review", draft, "--library", library, "--out", out / "paper.tex")
    assert result.exit_code == 2, result.output
    assert result.stderr.strip().splitlines()[-1] == (
        f"error: cannot write {out / 'part.tex'}: Is a directory; none of the 2 files was changed"
    )
    # The main file is not replaced alone, and no temporary is left beside it.
    assert (out / "paper.tex").read_text(encoding="utf-8") == earlier
    assert sorted(p.name for p in out.iterdir()) == ["paper.tex", "part.tex"]
