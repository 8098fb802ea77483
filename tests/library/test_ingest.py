"""Adding a paper from disk: a cancelled add stores nothing."""

from __future__ import annotations

import threading
from dataclasses import replace
from pathlib import Path

import pytest

from claimaudit.errors import CancelledWorkError, InputError, InvalidTitleError, RefRequiredError
from claimaudit.identity import parse_ref
from claimaudit.library import ingest
from claimaudit.library.extract import extractor_version
from claimaudit.library.ingest import add_path, infer_ref
from claimaudit.library.models import AddOutcome, ExtractedDocument
from claimaudit.library.store import Library
from tests.library.helpers import make_pdf

REF = parse_ref("local:notes")


@pytest.fixture
def paper(tmp_path: Path) -> Path:
    path = tmp_path / "notes.md"
    path.write_text("# Notes\n\nRandom forests are a strong baseline for tabular data.\n")
    return path


def test_an_add_cancelled_while_the_file_is_read_stores_nothing(
    tmp_path: Path, paper: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The caller goes away while a big file is read: the paper is not stored after all.
    cancel = threading.Event()
    cut = ingest.make_passages

    def cancelled_meanwhile(*args: object, **kwargs: object) -> object:
        cancel.set()
        return cut(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(ingest, "make_passages", cancelled_meanwhile)
    with Library.open(tmp_path / "library.sqlite3") as library:
        with pytest.raises(CancelledWorkError, match="the library is unchanged"):
            add_path(library, paper, ref=REF, cancel=cancel)
        assert library.get_paper(REF) is None and library.list_papers() == []


def test_an_add_not_cancelled_is_stored(tmp_path: Path, paper: Path) -> None:
    with Library.open(tmp_path / "library.sqlite3") as library:
        result = add_path(library, paper, ref=REF, cancel=threading.Event())
        assert result.ref == REF and library.get_paper(REF) is not None


@pytest.mark.parametrize(
    ("heading", "stored"),
    [
        ("\u200b", "notes"),  # a zero-width heading is no title: the file's name is used
        ("\ufeff Sparse\tsolvers \u200b", "Sparse solvers"),
        ("Sparse\n  solvers", "Sparse solvers"),
    ],
)
def test_a_heading_is_tidied_into_a_title(
    library: Library, tmp_path: Path, heading: str, stored: str
) -> None:
    note = tmp_path / "notes.md"
    note.write_text(f'---\ntitle: "{heading}"\n---\n\nSparse solvers save memory.\n', "utf-8")
    assert add_path(library, note, ref=parse_ref("local:n")).title == stored
    assert library.require_paper(parse_ref("local:n")).title == stored


def test_a_heading_over_the_title_limit_is_cut_at_a_word(library: Library, tmp_path: Path) -> None:
    note = tmp_path / "notes.md"
    heading = "word " * 215  # 1,075 characters, as a pasted paragraph under a heading mark
    note.write_text(f"# {heading}\n\nSparse solvers save memory.\n", encoding="utf-8")
    title = add_path(library, note, ref=parse_ref("local:n")).title
    assert len(title) <= ingest.MAX_TITLE_CHARS and title.endswith("word\u2026")


@pytest.mark.parametrize("given", ["   ", "\u200b", "\n\t"])
def test_a_blank_title_given_is_no_title(library: Library, tmp_path: Path, given: str) -> None:
    note = tmp_path / "notes.md"
    note.write_text("# Sparse solvers\n\nThey save memory.\n", encoding="utf-8")
    assert add_path(library, note, ref=parse_ref("local:n"), title=given).title == "Sparse solvers"


def test_a_title_given_is_stored_on_one_line(library: Library, tmp_path: Path) -> None:
    note = tmp_path / "notes.md"
    note.write_text("# Heading\n\nText.\n", encoding="utf-8")
    added = add_path(library, note, ref=parse_ref("local:n"), title=" My\nnotes\t(draft) ")
    assert added.title == "My notes (draft)"


def test_a_paper_read_again_by_a_newer_reader_keeps_the_title_it_was_given(
    library: Library, tmp_path: Path
) -> None:
    # After an upgrade, `library list` says adding the same file again re-reads it; doing so
    # without --title gave it the file's own title, and the one the user gave was lost.
    note = tmp_path / "notes.md"
    note.write_text("# Heading\n\nSparse solvers save memory.\n", encoding="utf-8")
    add_path(library, note, ref=parse_ref("local:n"), title="My notes")
    library.connection.execute("UPDATE papers SET extractor = 'markdown/1'")  # an older reader
    again = add_path(library, note, ref=parse_ref("local:n"))
    assert again.outcome is AddOutcome.REPLACED and again.title == "My notes"
    stored = library.require_paper(parse_ref("local:n"))
    assert stored.title == "My notes" and stored.extractor != "markdown/1"
    # Other content is another text: with --replace, it takes the title the new file gives.
    note.write_text("# Heading\n\nDense solvers use memory.\n", encoding="utf-8")
    other = add_path(library, note, ref=parse_ref("local:n"), replace=True)
    assert other.outcome is AddOutcome.REPLACED and other.title == "Heading"


def test_metadata_naming_two_papers_is_said_to_be_the_metadata(tmp_path: Path) -> None:
    # The file name names nothing: "name and metadata disagree" blamed it all the same.
    pdf = make_pdf(tmp_path / "paper.pdf", subject="arXiv:2101.00005", keywords="10.1234/other.2")
    library = Library.open(tmp_path / "library.sqlite3")
    with library, pytest.raises(RefRequiredError) as raised:
        add_path(library, pdf)
    assert str(raised.value) == (
        f"{pdf}: its metadata names different papers (arXiv:2101.00005, doi:10.1234/other.2)"
    )
    assert raised.value.found == ("arXiv:2101.00005", "doi:10.1234/other.2")


def test_a_file_name_against_its_metadata_names_each(tmp_path: Path) -> None:
    pdf = make_pdf(tmp_path / "1706.03762v5.pdf", subject="arXiv:2105.14372")
    library = Library.open(tmp_path / "library.sqlite3")
    with library, pytest.raises(RefRequiredError) as raised:
        add_path(library, pdf)
    assert str(raised.value) == (
        f"{pdf}: the file name names arXiv:1706.03762v5, its metadata arXiv:2105.14372"
    )


# -- behaviour the third mutation pass found untested ------------------------------------------


def _pdf_add(library: Library, pdf: Path, ref: str) -> tuple[str, ...]:
    return add_path(library, pdf, ref=parse_ref(ref)).warnings


def test_a_file_naming_another_paper_is_stored_as_given_with_a_warning(
    library: Library, tmp_path: Path
) -> None:
    pdf = make_pdf(tmp_path / "paper.pdf", subject="arXiv:1706.03762v3")
    assert _pdf_add(library, pdf, "arXiv:2105.14372") == (
        "paper.pdf names arXiv:1706.03762v3, not arXiv:2105.14372; stored as "
        "arXiv:2105.14372, as given",
    )
    assert library.require_paper(parse_ref("arXiv:2105.14372")) is not None


def test_a_file_name_naming_another_paper_is_said_so(library: Library, tmp_path: Path) -> None:
    # No metadata: the name alone says this is another paper than the one it is stored as.
    pdf = make_pdf(tmp_path / "1706.03762v5.pdf")
    assert _pdf_add(library, pdf, "doi:10.1000/x") == ()
    assert _pdf_add(library, pdf, "arXiv:2105.14372") == (
        "1706.03762v5.pdf names arXiv:1706.03762v5, not arXiv:2105.14372; stored as "
        "arXiv:2105.14372, as given",
    )


def test_a_file_naming_another_version_is_said_so(library: Library, tmp_path: Path) -> None:
    pdf = make_pdf(tmp_path / "paper.pdf", subject="arXiv:1706.03762v3")
    assert _pdf_add(library, pdf, "arXiv:1706.03762v5") == (
        "paper.pdf names version arXiv:1706.03762v3, not arXiv:1706.03762v5; stored as "
        "arXiv:1706.03762v5, as given",
    )


@pytest.mark.parametrize(
    ("name", "subject", "ref"),
    [
        # An unversioned reference names any version: the file's is no conflict.
        ("paper.pdf", "arXiv:1706.03762v3", "arXiv:1706.03762"),
        # A preprint's PDF naming its journal DOI (another kind) is no conflict.
        ("paper.pdf", "doi:10.1000/journal.5", "arXiv:1706.03762v5"),
        ("paper.pdf", "arXiv:1706.03762v3", "doi:10.1000/journal.5"),
        # A file name shaped like a local id names no paper.
        ("notes:v2.pdf", "", "local:notes"),
        ("1706.03762v5.pdf", "arXiv:1706.03762v5", "arXiv:1706.03762v5"),
    ],
)
def test_a_file_naming_the_same_paper_or_another_kind_gives_no_warning(
    library: Library, tmp_path: Path, name: str, subject: str, ref: str
) -> None:
    assert _pdf_add(library, make_pdf(tmp_path / name, subject=subject), ref) == ()


def test_a_file_name_and_metadata_naming_one_other_paper_warn_once(
    library: Library, tmp_path: Path
) -> None:
    pdf = make_pdf(tmp_path / "1706.03762v5.pdf", subject="arXiv:1706.03762v5")
    (warning,) = _pdf_add(library, pdf, "arXiv:2105.14372")
    assert warning.startswith("1706.03762v5.pdf names arXiv:1706.03762v5, not arXiv:2105.14372")


def test_the_reader_s_warnings_come_with_the_identity_warnings(
    library: Library, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pdf = make_pdf(tmp_path / "paper.pdf", subject="arXiv:1706.03762v3")
    read = ingest.extract

    def warned(*args: object, **kwargs: object) -> ExtractedDocument:
        document = read(*args, **kwargs)  # type: ignore[arg-type]
        return replace(document, warnings=("the reader's warning",))

    monkeypatch.setattr(ingest, "extract", warned)
    warnings = _pdf_add(library, pdf, "arXiv:2105.14372")
    assert warnings[0] == "the reader's warning" and len(warnings) == 2


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("1706.03762v5.pdf", "arXiv:1706.03762v5"),
        ("1706.03762v5.PDF", "arXiv:1706.03762v5"),
        ("2105.14372v2.tar.gz", "arXiv:2105.14372v2"),
        ("2105.14372v2.TAR.GZ", "arXiv:2105.14372v2"),
        ("2105.14372v2.ltx", "arXiv:2105.14372v2"),
        ("10.1000_x.md", None),
    ],
)
def test_the_reference_a_file_name_gives(name: str, expected: str | None) -> None:
    document = ExtractedDocument(blocks=[], content_hash="0" * 64, source_bytes=0)
    if expected is None:
        with pytest.raises(RefRequiredError):
            infer_ref(Path(name), document)
    else:
        assert str(infer_ref(Path(name), document)) == expected


def test_a_folder_s_name_gives_its_reference(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A paper's LaTeX source unpacked into a folder named by its arXiv id, added as ".".
    folder = tmp_path / "1907.10121v2"
    folder.mkdir()
    document = ExtractedDocument(blocks=[], content_hash="0" * 64, source_bytes=0)
    assert str(infer_ref(folder, document)) == "arXiv:1907.10121v2"
    monkeypatch.chdir(folder)
    assert str(infer_ref(Path("."), document)) == "arXiv:1907.10121v2"


def test_a_file_named_like_a_local_id_names_no_paper(tmp_path: Path) -> None:
    library = Library.open(tmp_path / "library.sqlite3")
    with library, pytest.raises(RefRequiredError, match="cannot tell which paper"):
        add_path(library, make_pdf(tmp_path / "notes:v2.pdf"))
    pdf = make_pdf(tmp_path / "notes:v3.pdf", subject="arXiv:2101.00005", keywords="10.1234/x.2")
    library = Library.open(tmp_path / "library.sqlite3")
    with library, pytest.raises(RefRequiredError, match="its metadata names different papers"):
        add_path(library, pdf)


def test_a_file_name_and_metadata_naming_two_versions_need_a_reference(tmp_path: Path) -> None:
    pdf = make_pdf(tmp_path / "1706.03762v5.pdf", subject="arXiv:1706.03762v3")
    library = Library.open(tmp_path / "library.sqlite3")
    with library, pytest.raises(RefRequiredError) as raised:
        add_path(library, pdf)
    assert raised.value.found == ("arXiv:1706.03762v3", "arXiv:1706.03762v5")


def test_the_title_limit_is_1000_characters(library: Library, tmp_path: Path) -> None:
    note = tmp_path / "notes.md"
    note.write_text("# Heading\n\nText.\n", encoding="utf-8")
    assert len(add_path(library, note, ref=REF, title="t" * 1000).title) == 1000
    with pytest.raises(InvalidTitleError, match="1,001 characters; the limit is 1,000"):
        add_path(library, note, ref=REF, title="t" * 1001, replace=True)


@pytest.mark.parametrize(
    ("heading", "ending"),
    [("sparse " * 160, " sparse\u2026"), ("x" * 1200, "xx\u2026")],
)
def test_a_long_heading_is_cut_to_the_limit_at_a_word_where_it_has_one(
    library: Library, tmp_path: Path, heading: str, ending: str
) -> None:
    note = tmp_path / "notes.md"
    note.write_text(f"# {heading}\n\nSparse solvers save memory.\n", encoding="utf-8")
    title = add_path(library, note, ref=REF).title
    assert len(title) <= ingest.MAX_TITLE_CHARS and title.endswith(ending)
    if " " not in heading.strip():
        assert len(title) == ingest.MAX_TITLE_CHARS


def test_a_file_name_is_a_title_on_one_line(library: Library, tmp_path: Path) -> None:
    note = tmp_path / " my   notes .txt"
    note.write_text("Random forests are a strong baseline for tabular data.\n", encoding="utf-8")
    assert add_path(library, note, ref=REF).title == "my notes"


def test_what_is_stored_of_where_the_paper_came_from(
    library: Library, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    make_pdf(tmp_path / "paper.pdf")
    doi = parse_ref("doi:10.1371/journal.pcbi.1005510")
    add_path(library, Path("paper.pdf"), ref=doi)
    stored = library.require_paper(doi)
    assert stored.url == "https://doi.org/10.1371/journal.pcbi.1005510"
    assert stored.source_path == str(tmp_path.resolve() / "paper.pdf")  # absolute, not as typed
    add_path(library, Path("paper.pdf"), ref=REF, source_path="upload:paper.pdf")
    assert library.require_paper(REF).source_path == "upload:paper.pdf"


def test_a_source_format_given_is_stored_and_the_reader_s_version_recorded(
    library: Library, tmp_path: Path
) -> None:
    tex = tmp_path / "main.tex"
    tex.write_text(
        "\\documentclass{article}\\begin{document}Sparse matrices save memory.\\end{document}\n"
    )
    add_path(library, tex, ref=REF, source_format="arxiv-latex")
    stored = library.require_paper(REF)
    assert stored.source_format == "arxiv-latex"
    assert stored.extractor == extractor_version("latex")


def test_a_document_pulling_in_another_file_is_refused_when_includes_are_off(
    library: Library, tmp_path: Path
) -> None:
    (tmp_path / "intro.tex").write_text("Sparse matrices save memory.\n")
    tex = tmp_path / "main.tex"
    tex.write_text("\\documentclass{article}\\begin{document}\\input{intro}\\end{document}\n")
    with pytest.raises(InputError):
        add_path(library, tex, ref=REF, includes=False)
    assert library.list_papers() == []
    assert add_path(library, tex, ref=REF).passage_count == 1


def test_a_file_named_by_its_arxiv_id_alone_is_that_paper(library: Library, tmp_path: Path) -> None:
    # As saved by `wget https://arxiv.org/pdf/1706.03762v5`: a PDF whose name has no suffix.
    assert str(add_path(library, make_pdf(tmp_path / "1706.03762v5")).ref) == "arXiv:1706.03762v5"
    text = tmp_path / "2105.14372"
    text.write_text("Random forests are a strong baseline for tabular data.\n", encoding="utf-8")
    added = add_path(library, text)
    assert (str(added.ref), added.title) == ("arXiv:2105.14372", "2105.14372")
