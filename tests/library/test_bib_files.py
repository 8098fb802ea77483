"""The ``file`` field as Zotero, Better BibTeX, JabRef and Mendeley write it."""

from __future__ import annotations

import unicodedata
from pathlib import Path

import pytest

from claimaudit.library.bib_files import attachments, file_directories


@pytest.fixture
def papers(tmp_path: Path) -> Path:
    folder = tmp_path / "store" / "AB12"
    folder.mkdir(parents=True)
    for name in ("Virtanen - 2020 - SciPy.pdf", "snapshot.html", "notes_v2 & more.pdf"):
        (folder / name).write_bytes(b"%PDF-1.4\n")
    return folder


def _paths(value: str, folders: list[Path]) -> list[Path | None]:
    return [a.path for a in attachments(value, folders)]


def test_zotero_native_export(papers: Path, tmp_path: Path) -> None:
    pdf, html = papers / "Virtanen - 2020 - SciPy.pdf", papers / "snapshot.html"
    value = f"Full Text PDF:{pdf}:application/pdf;Snapshot:{html}:text/html"
    assert _paths(value, [tmp_path]) == [pdf]  # the snapshot is no paper


def test_zotero_windows_path_is_reported_not_guessed(tmp_path: Path) -> None:
    value = r"Full Text PDF:C\:\\Users\\me\\Zotero\\storage\\AB12\\a.pdf:application/pdf"
    [found] = attachments(value, [tmp_path])
    assert found.path is None and found.written == r"C:\Users\me\Zotero\storage\AB12\a.pdf"
    assert found.problem is not None and "Windows path" in found.problem


def test_better_bibtex_bare_paths(papers: Path, tmp_path: Path) -> None:
    pdf, html = papers / "Virtanen - 2020 - SciPy.pdf", papers / "snapshot.html"
    assert _paths(f"{html};{pdf}", [tmp_path]) == [pdf]


def test_jabref_relative_to_the_bib_and_its_file_directory(papers: Path, tmp_path: Path) -> None:
    bib_text = "@Comment{jabref-meta: fileDirectory:store;}\n@article{a, title={x}}"
    folders = file_directories(bib_text, tmp_path)
    assert folders == [tmp_path / "store", tmp_path]
    assert _paths(":AB12/Virtanen - 2020 - SciPy.pdf:PDF", folders) == [
        tmp_path / "store" / "AB12" / "Virtanen - 2020 - SciPy.pdf"
    ]
    assert _paths(":store/AB12/Virtanen - 2020 - SciPy.pdf:PDF", [tmp_path]) == [
        tmp_path / "store" / "AB12" / "Virtanen - 2020 - SciPy.pdf"
    ]


def test_mendeley_drops_the_leading_slash_and_escapes_latex(papers: Path, tmp_path: Path) -> None:
    written = str(papers / "notes_v2 & more.pdf").lstrip("/")
    escaped = written.replace("_", "{\\_}").replace("&", "{\\&}")
    assert _paths(f":{escaped}:pdf", [tmp_path]) == [papers / "notes_v2 & more.pdf"]
    [windows] = attachments(r":C$\backslash$:/Users/me/Mendeley/a.pdf:pdf", [tmp_path])
    assert windows.written == "C:/Users/me/Mendeley/a.pdf" and windows.path is None


@pytest.mark.parametrize(
    ("on_disk", "written"),
    [
        ("M\u00fcller - 2016 - Genomes.pdf", 'M{\\"{u}}ller - 2016 - Genomes.pdf'),
        ("M\u00fcller.pdf", 'M{\\"u}ller.pdf'),
        ("Stra\u00dfe \u00c9mile \u0160koda.pdf", "Stra{\\ss}e {\\'{E}}mile {\\v{S}}koda.pdf"),
        ("Mart\u00ednez \u00d8st a~b.pdf", "Mart{\\'{\\i}}nez {\\O}st a{\\~}b.pdf"),
    ],
)
def test_mendeley_s_accents_in_a_path_are_the_letters_of_its_name(
    tmp_path: Path, on_disk: str, written: str
) -> None:
    # "attached file not found (.../M\\"uller - 2016 - Genomes.pdf: no such file)".
    (tmp_path / on_disk).write_bytes(b"%PDF-1.4\n")
    escaped = str(tmp_path / written).lstrip("/")
    assert _paths(f":{escaped}:pdf", [tmp_path]) == [tmp_path / on_disk]


def test_missing_files_are_kept_with_why(tmp_path: Path) -> None:
    [missing] = attachments(":nowhere/a.pdf:PDF", [tmp_path])
    assert (missing.written, missing.path, missing.problem) == (
        "nowhere/a.pdf",
        None,
        "no such file",
    )
    assert attachments("", [tmp_path]) == []
    assert attachments("Snapshot:/x/page.html:text/html", [tmp_path]) == []


@pytest.mark.parametrize(
    "value",
    [
        "Online:https\\://example.org/paper.pdf:application/pdf",  # Zotero, colon escaped
        "https://example.org/paper.pdf",  # Better BibTeX: a bare link
    ],
)
def test_a_linked_url_is_a_web_address_not_a_missing_file(value: str, tmp_path: Path) -> None:
    [link] = attachments(value, [tmp_path])
    assert (link.written, link.path, link.web) == ("https://example.org/paper.pdf", None, True)
    assert link.problem == "a web address, which import-bib does not download"


@pytest.mark.parametrize(("on_disk", "written"), [("NFD", "NFC"), ("NFC", "NFD")])
def test_a_file_named_in_the_other_unicode_form_is_found(
    tmp_path: Path, on_disk: str, written: str
) -> None:
    # "Müller-café.md: no such file" while ls shows that very name (macOS writes NFD).
    name = "M\u00fcller-caf\u00e9.md"
    (tmp_path / unicodedata.normalize(on_disk, name)).write_text("# Notes\n", encoding="utf-8")
    [found] = attachments(f":{unicodedata.normalize(written, name)}:text/markdown", [tmp_path])
    assert found.path == tmp_path / unicodedata.normalize(on_disk, name)
