"""Reading a bibliography file: its format told by its name, else by its content (and said),
with a user file's care; one clear error for an export that cannot be read."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from claimaudit.bibfile import parse_bib, read_bib, read_bibs
from claimaudit.errors import BibliographyError
from claimaudit.guards.filenames import shown_name
from tests.test_bibcsl import CSL_YAML


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("@article{a, title = {unterminated", "no BibTeX entry could be parsed"),
        ("[1, 2]", "CSL-JSON must be a list of objects"),
        ("[]", "holds no entries"),
        ("{" * 100, "not valid JSON|nested"),
    ],
)
def test_unusable_exports_are_one_error(text: str, message: str) -> None:
    with pytest.raises(BibliographyError, match=message):
        parse_bib(text)


def test_a_file_with_no_readable_entry_is_named_in_the_error(tmp_path: Path) -> None:
    path = tmp_path / "refs.bib"
    path.write_text("@article{a, title = {unterminated", encoding="utf-8")
    with pytest.raises(BibliographyError) as raised:
        read_bib(path)
    assert str(raised.value) == (
        f"bibliography {path}: no BibTeX entry could be parsed "
        "(entry starting on line 1: Unexpectedly reached end of file.)"
    )


@pytest.mark.parametrize(("suffix", "label"), [(".json", "CSL-JSON"), (".yaml", "CSL YAML")])
def test_bibtex_in_a_csl_file_says_it_looks_like_bibtex(
    tmp_path: Path, suffix: str, label: str
) -> None:
    # It was only the parser's "Expecting value: line 1 column 1 (char 0)" or "found
    # character '@' that cannot start any token".
    path = tmp_path / f"refs{suffix}"
    path.write_text("@article{lee, doi = {10.1/x}}\n", encoding="utf-8")
    syntax = label.removeprefix("CSL").strip(" -")
    with pytest.raises(BibliographyError) as refused:
        read_bib(path)
    assert str(refused.value) == (
        f"bibliography {path} was read as {label} and is not valid {syntax}, but it looks "
        "like BibTeX: name it .bib to have it read as BibTeX"
    )
    # Text that is no BibTeX either is refused as before, by the parser's words.
    path.write_text("@ not an entry [\n", encoding="utf-8")
    with pytest.raises(BibliographyError, match=f"is not valid {syntax}: ") as refused:
        read_bib(path)
    assert "BibTeX" not in str(refused.value)


@pytest.mark.parametrize("suffix", [".bib", ".json"])
def test_a_utf16_bibliography_says_so(tmp_path: Path, suffix: str) -> None:
    # "not UTF-8 text (invalid byte at offset 0)", as of any other encoding.
    path = tmp_path / f"refs{suffix}"
    path.write_text("@article{a, title = {A}, doi = {10.1234/a}}\n", encoding="utf-16")
    with pytest.raises(BibliographyError) as refused:
        read_bib(path)
    assert str(refused.value) == (
        f"cannot read bibliography {path}: UTF-16 text, not UTF-8; re-save it as UTF-8"
    )


def test_a_bibliography_with_a_utf8_bom_is_read(tmp_path: Path) -> None:
    path = tmp_path / "refs.bib"
    path.write_bytes("\ufeff@article{a, title = {A}, doi = {10.1234/a}}\n".encode())
    assert [r.key for r in read_bib(path).records] == ["a"]


@pytest.mark.parametrize(
    ("name", "text", "note"),
    [
        ("refs.bib", CSL_YAML, "holds CSL YAML (its name says BibTeX): it was read as CSL YAML"),
        ("refs.txt", CSL_YAML, "holds CSL YAML: it was read as CSL YAML"),
        (
            "refs",
            "- id: virtanen2020\n  DOI: 10.1000/x\n",
            "holds CSL YAML: it was read as CSL YAML",
        ),
        (
            "refs.bib",
            '[{"id": "virtanen2020", "DOI": "10.1000/x"}]',
            "holds CSL-JSON (its name says BibTeX): it was read as CSL-JSON",
        ),
    ],
)
def test_csl_in_a_file_named_otherwise_is_read_as_what_it_is_and_said(
    tmp_path: Path, name: str, text: str, note: str
) -> None:
    # CSL YAML in refs.bib was read as BibTeX: no entries, only a warning, every key unresolved.
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    for allow_empty in (False, True):
        found = read_bib(path, allow_empty=allow_empty)
        assert found.records[0].key == "virtanen2020"
        assert found.note == f"bibliography {path} {note}"


@pytest.mark.parametrize(
    "text",
    ["", "% entries to come\n", "@article{k, title = {A}}\n", "title: not CSL\n", "just words"],
)
def test_a_bib_file_that_is_not_csl_is_read_as_bibtex_with_no_note(
    tmp_path: Path, text: str
) -> None:
    path = tmp_path / "refs.bib"
    path.write_text(text, encoding="utf-8")
    found = read_bib(path, allow_empty=True)
    assert found.note is None
    assert [r.key for r in found.records] == (["k"] if text.startswith("@") else [])


def test_an_empty_csl_json_file_named_otherwise_is_not_said_to_be_read_as_bibtex(
    tmp_path: Path,
) -> None:
    path = tmp_path / "refs.txt"
    path.write_text("[]", encoding="utf-8")
    with pytest.raises(BibliographyError) as raised:
        read_bib(path)
    assert str(raised.value) == f"bibliography {path} holds no entries"


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("a" * 300 + ".bib", r"^cannot read bibliography .*a\.bib: File name too long$"),
        ("x\x00y.bib", r"^a bibliography path holds U\+0000 \(a null character\)$"),
    ],
)
def test_a_path_the_system_refuses_is_a_bibliography_error(
    tmp_path: Path, name: str, message: str
) -> None:
    # It was an OSError (ENAMETOOLONG) or a ValueError (embedded null byte).
    with pytest.raises(BibliographyError, match=message):
        read_bib(tmp_path / name)


# A control character in a file's name: messages dropped it, naming another file.
ODD = "re\x01fs"


def test_a_bibliography_folder_is_named_as_it_is(tmp_path: Path) -> None:
    folder = tmp_path / f"{ODD}.bib"
    folder.mkdir()
    with pytest.raises(BibliographyError) as raised:
        read_bib(folder)
    assert str(raised.value) == (
        f"bibliography {shown_name(folder)} is a folder; give a .bib, .json or .yaml file"
    )


def test_a_fifo_or_a_looping_link_is_said_as_the_commands_say_it(tmp_path: Path) -> None:
    # A FIFO said nothing of what to give; a looping link read "Too many levels of symbolic
    # links" (both reach MCP's bibliographyPath as worded here).
    fifo = tmp_path / "pipe.bib"
    os.mkfifo(fifo)
    with pytest.raises(BibliographyError) as raised:
        read_bib(fifo)
    assert str(raised.value) == (
        f"bibliography {fifo} is not a regular file; give a .bib, .json or .yaml file"
    )
    loop = tmp_path / "loop.bib"
    loop.symlink_to("loop.bib")
    with pytest.raises(BibliographyError) as raised:
        read_bib(loop)
    assert str(raised.value) == (
        f"cannot read bibliography {loop}: its symbolic links go round in a loop"
    )


def test_a_bibliography_without_entries_is_named_as_it_is(tmp_path: Path) -> None:
    path = tmp_path / f"{ODD}.bib"
    path.write_text("% nothing here\n", encoding="utf-8")
    with pytest.raises(BibliographyError) as raised:
        read_bib(path)
    assert str(raised.value) == f"bibliography {shown_name(path)} holds no entries"


def test_a_bibliography_read_as_another_format_is_named_as_it_is(tmp_path: Path) -> None:
    path = tmp_path / f"{ODD}.bib"
    path.write_text('[{"id": "a", "type": "article", "title": "A"}]\n', encoding="utf-8")
    assert read_bib(path).note == (
        f"bibliography {shown_name(path)} holds CSL-JSON (its name says BibTeX): it was read "
        "as CSL-JSON"
    )


@pytest.mark.parametrize("name", ["-", "/dev/stdin"])
def test_standard_input_is_refused_by_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    # "-" read "cannot read bibliography -: No such file or directory".
    monkeypatch.chdir(tmp_path)
    with pytest.raises(BibliographyError) as raised:
        read_bib(Path(name))
    assert str(raised.value) == (
        f"bibliography {name} (standard input) is not read; give a .bib, .json or .yaml file"
    )


def test_text_with_classic_mac_line_ends_is_read_line_by_line() -> None:
    # Given as text (the API, a paper's own .bib), "\r" line ends made one line: a "%" comment
    # between fields blanked the rest of the file, and no entry could be read.
    text = "@article{a,\r  title = {T}, % final\r  author = {Roe, R.}\r}\r@misc{b, title = {B}}\r"
    found = parse_bib(text)
    assert [(r.key, r.authors, r.line) for r in found.records] == [
        ("a", ("Roe",), 1),
        ("b", (), 5),
    ]


def test_text_with_windows_line_ends_and_a_byte_order_mark_is_read_as_a_file_is() -> None:
    text = "\ufeff@misc{a,\r\n  doi = {10.1/x},\r\n  title = {T\r\n U}\r\n}\r\n"
    (record,) = parse_bib(text).records
    assert (record.key, record.fields["title"]) == ("a", "T\n U")
    (item,) = parse_bib('\ufeff[{"id": "x", "title": "T"}]').records
    assert item.key == "x"


def test_a_latin1_bibliography_is_refused_with_its_line_and_what_to_do(tmp_path: Path) -> None:
    # Said only "invalid byte at offset 62": the user was left to count bytes, and not told
    # what to do with an older .bib saved in Latin-1.
    path = tmp_path / "refs.bib"
    path.write_bytes("@article{a,\n  title = {Caf\u00e9},\n  year = 2020}\n".encode("latin-1"))
    with pytest.raises(BibliographyError) as refused:
        read_bib(path)
    assert str(refused.value).endswith(" on line 2; re-save it as UTF-8")


def test_a_crossref_parent_in_another_file_of_the_bibliography_is_inherited(
    tmp_path: Path,
) -> None:
    # BibTeX and biber read \bibliography{papers,crossref} as one: a parent kept in a file of
    # its own gave nothing, warned of as "which no entry has".
    papers, parents = tmp_path / "papers.bib", tmp_path / "crossref.bib"
    papers.write_text(
        "@inproceedings{part, title = {A part}, crossref = {CONF19}, xdata = {shared}}\n"
        "@misc{lost, title = {L}, crossref = {nowhere}}\n",
        encoding="utf-8",
    )
    parents.write_text(
        "@proceedings{conf19, title = {Proc}, year = 2019, editor = {Ed, A.}, doi = {10.1/c}}\n"
        "@xdata{shared, publisher = {P}}\n",
        encoding="utf-8",
    )
    first, second = read_bibs([papers, parents])
    part, _ = first.records
    assert (part.year, part.authors, part.fields["booktitle"], part.fields["publisher"]) == (
        2019,
        ("Ed",),
        "Proc",
        "P",
    )
    assert "doi" not in part.fields  # the volume's own DOI is not the part's
    assert first.warnings == (
        f"{papers} line 2: entry 'lost' has crossref 'nowhere', which no entry has; it is read "
        "without the fields it would inherit",
    )
    assert [r.key for r in second.records] == ["conf19"] and second.warnings == ()
    # Read alone, the file says what it lacks, as before.
    assert len(read_bib(papers).warnings) == 3
