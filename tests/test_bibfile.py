"""Reading BibTeX and CSL-JSON exports into records: fields kept as written, family names by
BibTeX's name rules, titles and names as text, years from ``year``, ``date`` or ``issued``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from claimaudit.bibfile import csl_read_as_bibtex, parse_bib, read_bib
from claimaudit.errors import BibliographyError
from claimaudit.guards.filenames import shown_name


def test_bibtex_records() -> None:
    records = parse_bib(
        r"""@string{nm = "Nature Methods"}
@article{scipy,
  author = {Virtanen, Pauli and Gommers, Ralf and others},
  title = {{SciPy} 1.0: Algorithms in {P}ython},
  journal = nm, date = {2020-02-03},
  file = {Full Text PDF:/tmp/a.pdf:application/pdf},
}
@book{eds, editor = {Le Cun, Yann}, title = {Sch{\"o}ne {\'E}t{\'e}s}}
"""
    ).records
    scipy, eds = records
    assert (scipy.key, scipy.line, scipy.year) == ("scipy", 2, 2020)
    # "and others" is no author: it marks the list as cut short (BibTeX's "et al.").
    assert (scipy.authors, scipy.et_al) == (("Virtanen", "Gommers"), True)
    assert scipy.title == "SciPy 1.0: Algorithms in Python"
    assert scipy.fields["journal"] == "Nature Methods"
    assert scipy.fields["file"] == "Full Text PDF:/tmp/a.pdf:application/pdf"
    assert (eds.authors, eds.title, eds.year) == (("Le Cun",), "Schöne Étés", None)
    assert not eds.et_al


def test_csl_json_records(tmp_path: Path) -> None:
    path = tmp_path / "refs.json"
    path.write_text(
        json.dumps(
            [
                {
                    "id": "a",
                    "title": "A",
                    "author": [{"literal": "SciPy 1.0 Contributors"}],
                    "issued": {"raw": "2020-02"},
                    "DOI": "10.1/x",
                },
                {"id": 7, "title": "Numbered", "issued": {"date-parts": [["2019"]]}},
                {"title": "no id: skipped"},
            ]
        ),
        encoding="utf-8",
    )
    first, second = read_bib(path).records
    assert (first.authors, first.year, first.fields["doi"]) == (
        ("SciPy 1.0 Contributors",),
        2020,
        "10.1/x",
    )
    assert (second.key, second.year) == ("7", 2019)


@pytest.mark.parametrize(
    "mark",
    [{"literal": "others"}, {"family": "others"}, {"literal": "et al."}, {"family": "Et al"}],
)
def test_a_csl_json_others_or_et_al_name_marks_a_list_cut_short(mark: dict[str, str]) -> None:
    people = [{"family": "Virtanen", "given": "Pauli"}, {"family": "Gommers", "given": "Ralf"}]
    text = json.dumps([{"id": "scipy", "author": [*people, mark]}])
    [record] = parse_bib(text).records
    # As BibTeX's "and others": no author, a mark that the list is cut short.
    assert (record.authors, record.et_al) == (("Virtanen", "Gommers"), True)


def test_a_csl_json_list_without_such_a_mark_is_whole() -> None:
    # A person whose family name is "Others" has a given name: an author, not a mark.
    authors = [{"family": "Virtanen", "given": "Pauli"}, {"family": "Others", "given": "Ann"}]
    [record] = parse_bib(json.dumps([{"id": "a", "author": authors}])).records
    assert (record.authors, record.et_al) == (("Virtanen", "Others"), False)


def test_a_csl_json_person_known_by_one_name_is_an_author() -> None:
    # "Sukarno" (given only) was dropped, so the second author was taken for the first.
    authors = [{"given": "Sukarno"}, {"family": "Hartono", "given": "B."}]
    [record] = parse_bib(json.dumps([{"id": "a", "author": authors}])).records
    assert (record.authors, record.et_al) == (("Sukarno", "Hartono"), False)


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


PARTIAL = "@misc{first, title={One}}\n@misc{broken title = {x}}\n@misc{third, title={Three}}\n"


def test_an_entry_that_cannot_be_parsed_is_reported_not_dropped() -> None:
    found = parse_bib(PARTIAL, source="partial.bib")
    assert [r.key for r in found.records] == ["first", "third"]
    (unread,) = found.unread
    assert (unread.line, unread.key) == (2, "broken")
    assert unread.message == (
        "partial.bib line 2: an entry that could not be read "
        "(Expected comma after entry key, but found =)"
    )


def test_a_duplicate_key_and_a_duplicate_field_are_reported() -> None:
    text = "@misc{a, title={One}}\n@misc{a, title={Two}}\n@misc{b, title={x}, title={y}}\n"
    found = parse_bib(text, source="d.bib")
    assert [r.key for r in found.records] == ["a"]
    second, fields = found.unread
    assert (
        second.message
        == "d.bib line 2: a second entry with the key 'a', ignored (the first is used)"
    )
    assert (fields.line, fields.key) == (3, "b")
    assert "Duplicate field keys on entry: 'title'" in fields.message
    assert "Note" not in fields.message  # bibtexparser's hint about its API is left out


@pytest.mark.parametrize("kind", ["csl-json", "csl-yaml"])
def test_a_second_csl_item_with_a_key_is_reported_and_the_first_used(kind: str) -> None:
    # The last item of a key won, silently: a citation of it was checked on another paper
    # than the first item's, where a second BibTeX entry of a key is ignored and said.
    items = [
        {"id": "a", "title": "First", "DOI": "10.1000/first"},
        {"id": "a", "title": "Second", "DOI": "10.1000/second"},
        {"id": "b", "standard_citation": "a", "DOI": "10.1000/third"},
    ]
    text = (
        json.dumps(items)
        if kind == "csl-json"
        else "\n".join(f"- {json.dumps(item)}" for item in items)
    )
    found = parse_bib(text, kind=kind, source="r")  # type: ignore[arg-type]
    assert [(r.key, r.fields["doi"]) for r in found.records] == [("a", "10.1000/first")]
    assert [u.message for u in found.unread] == [
        "r: item 2, a second item with the key 'a', ignored (the first is used)",
        "r: item 3, a second item with the key 'a', ignored (the first is used)",
    ]


def test_a_csl_json_item_without_an_id_is_reported() -> None:
    found = parse_bib('[{"id": "a"}, {"title": "no id"}]', source="r.json")
    assert [r.key for r in found.records] == ["a"]
    assert [u.message for u in found.unread] == [
        "r.json: item 2 has no id (a string or number) or standard_citation, so it cannot be cited"
    ]


def test_manubot_manual_references_are_keyed_by_their_standard_citation() -> None:
    # Manubot's manual-references.json: the key is "standard_citation", else a note's
    # "standard_id", else "id" (Manubot's own order).
    items = [
        {"standard_citation": "url:https://example.org/guide", "title": "Guide"},
        {"note": "Read in 2020.\nstandard_id: doi:10.1000/xyz", "title": "Noted"},
        {"note": "{:standard_id: arxiv:1907.10121}"},
        {"id": "own", "standard_citation": "doi:10.1000/abc"},
        {"id": "plain"},
    ]
    found = parse_bib(json.dumps(items), source="manual-references.json")
    assert [r.key for r in found.records] == [
        "url:https://example.org/guide",
        "doi:10.1000/xyz",
        "arxiv:1907.10121",
        "doi:10.1000/abc",
        "plain",
    ]
    assert found.unread == ()
    assert found.records[0].title == "Guide"


def test_the_real_manubot_manual_references_are_all_read(shared_data: Path) -> None:
    path = shared_data / "papers" / "deep-rules_lee2022" / "content" / "manual-references.json"
    found = read_bib(path)
    assert found.unread == ()
    assert "url:https://github.com/Benjamin-Lee/deep-rules" in [r.key for r in found.records]
    assert len(found.records) == 4


def test_a_file_with_no_readable_entry_is_named_in_the_error(tmp_path: Path) -> None:
    path = tmp_path / "refs.bib"
    path.write_text("@article{a, title = {unterminated", encoding="utf-8")
    with pytest.raises(BibliographyError) as raised:
        read_bib(path)
    assert str(raised.value) == (
        f"bibliography {path}: no BibTeX entry could be parsed "
        "(entry starting on line 1: Unexpectedly reached end of file.)"
    )


CSL_YAML = """---
references:
- id: virtanen2020
  type: article-journal
  title: 'SciPy 1.0: Fundamental Algorithms'
  author:
  - family: Virtanen
    given: Pauli
  issued: 2020-02-03
  number: 1907.10120
  DOI: 10.1038/s41592-019-0686-2
- id: 2017
  title: Numbered
  issued:
    date-parts:
    - - 2017
...
"""


@pytest.mark.parametrize("suffix", [".yaml", ".yml"])
def test_pandoc_csl_yaml_records(tmp_path: Path, suffix: str) -> None:
    # Pandoc's CSL YAML: CSL-JSON's items under ``references:``, or as a bare list.
    path = tmp_path / f"refs{suffix}"
    path.write_text(CSL_YAML, encoding="utf-8")
    first, second = read_bib(path).records
    assert (first.key, first.authors, first.year) == ("virtanen2020", ("Virtanen",), 2020)
    assert first.title == "SciPy 1.0: Fundamental Algorithms"
    # Every value is its text: an arXiv number is not read as the float 1907.1012.
    assert (first.fields["number"], first.fields["doi"]) == (
        "1907.10120",
        "10.1038/s41592-019-0686-2",
    )
    assert (second.key, second.year) == ("2017", 2017)
    bare = tmp_path / "bare.yaml"
    bare.write_text("- id: virtanen2020\n  DOI: 10.1000/x\n", encoding="utf-8")
    (only,) = read_bib(bare).records
    assert (only.key, only.fields["doi"]) == ("virtanen2020", "10.1000/x")


@pytest.mark.parametrize("closing", ["---\n", "---", "---  \n\n \n", "...\n"])
def test_pandoc_csl_yaml_closed_by_dashes_is_read(tmp_path: Path, closing: str) -> None:
    # Pandoc closes its YAML block with "---" or "...": "---" was refused ("but found
    # another document"), and with no format chosen no entry was read at all.
    text = f"---\nreferences:\n- id: lee\n  DOI: 10.1371/journal.pcbi.1009803\n{closing}"
    path = tmp_path / "refs.yaml"
    path.write_text(text, encoding="utf-8")
    for found in (read_bib(path), parse_bib(text, kind="csl-yaml")):
        assert [(r.key, r.fields["doi"]) for r in found.records] == [
            ("lee", "10.1371/journal.pcbi.1009803")
        ]
    assert csl_read_as_bibtex(text, None) is not None  # auto: told it is CSL YAML


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


def test_a_second_yaml_document_is_refused_whole(tmp_path: Path) -> None:
    text = "---\nreferences:\n- id: lee\n  DOI: 10.1/x\n---\n- id: other\n"
    with pytest.raises(BibliographyError) as refused:
        parse_bib(text, kind="csl-yaml")
    assert str(refused.value) == (
        "the bibliography is not valid YAML: expected a single document in the stream, "
        "but found another document"
    )


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("references: [a", "refs.yaml is not valid YAML: expected ',' or ']'"),
        ("title: A paper\n", "CSL YAML must be a list of items, or hold one under `references:`"),
        ("- just text\n", "CSL YAML must be a list of items"),
        ("references: []\n", "bibliography .*refs.yaml holds no entries"),
        ("", "holds no entries"),
    ],
)
def test_unusable_csl_yaml_is_one_error(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "refs.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(BibliographyError, match=message):
        read_bib(path)


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


@pytest.mark.parametrize("written", ["\u00b2", "\u00b9\u2079\u2079\u2079", "\u2460", "9" * 5000])
def test_a_csl_year_in_digits_int_refuses_is_no_year_not_a_crash(written: str) -> None:
    # str.isdigit is true for superscript and circled digits, which int() refuses: a
    # ValueError out of every bibliography surface (and past 4300 digits, int() refuses any).
    item = {"id": "k", "issued": {"date-parts": [[written]]}}
    (from_json,) = parse_bib(json.dumps([item]), kind="csl-json").records
    (from_yaml,) = parse_bib(
        f"- id: k\n  issued:\n    date-parts: [['{written}']]\n", kind="csl-yaml"
    ).records
    for record in (from_json, from_yaml):
        assert (record.key, record.year) == ("k", None)
        assert record.unread_year == written


def test_a_csl_range_of_years_is_no_one_year() -> None:
    items = [
        {"id": "a", "issued": {"date-parts": [[2010], [2017]]}},
        {"id": "b", "issued": {"date-parts": [[2017, 3], [2017, 9]]}},  # one year still
        {"id": "c", "issued": {"raw": "2010-2017"}},
    ]
    records = parse_bib(json.dumps(items)).records
    assert [(r.year, r.unread_year) for r in records] == [
        (None, "2010/2017"),
        (2017, None),
        (None, "2010-2017"),
    ]


def test_a_csl_year_in_ascii_or_other_decimal_digits_is_read() -> None:
    items = [
        {"id": "a", "issued": {"date-parts": [["2020"]]}},
        {"id": "b", "issued": {"date-parts": [["\u0662\u0660\u0662\u0660"]]}},  # Arabic-Indic
        {"id": "c", "issued": {"date-parts": [[True]], "raw": "2019"}},  # not the year 1
        {"id": "d", "issued": {"literal": "in press"}},
    ]
    records = parse_bib(json.dumps(items)).records
    assert [(r.year, r.unread_year) for r in records] == [
        (2020, None),
        (2020, None),
        (2019, None),
        (None, "in press"),
    ]


@pytest.mark.parametrize(
    ("written", "year", "unread"),
    [
        ("2020a", 2020, None),  # a letter telling two works of one year apart
        ("2020b", 2020, None),
        ("c2020", 2020, None),
        ("2020-03-04", 2020, None),
        ("12020", None, "12020"),  # no year within a longer number
        ("in   press", None, "in press"),
        # A range is no one year: it was read as its first, and compared as that.
        ("2010--2017", None, "2010--2017"),
        ("2017/2018", None, "2017/2018"),
        ("2017--2017", 2017, None),
        ("2010--17", None, "2010--17"),  # its end in two digits
        ("1998\u201399", None, "1998\u201399"),
        ("2020-03", 2020, None),  # a year and its month
    ],
)
def test_a_bibtex_year_with_a_letter_is_read(written: str, year: int | None, unread: str) -> None:
    (record,) = parse_bib(f"@article{{k, title = {{T}}, year = {{{written}}}}}\n").records
    assert (record.year, record.unread_year) == (year, unread)


def test_bibtex_concatenation_and_macros_are_joined_as_bibtex_joins_them() -> None:
    # bibtexparser leaves "a # b" as written: the DOI below was no DOI, the title not its own.
    records = parse_bib(
        r"""@string{ pre = "10.1038" }
@STRING{ NM = {Nature} }
@string{ nmeth = nm # " Methods" }
@article{scipy,
  title = "{SciPy} 1.0: " # {Fundamental Algorithms},
  journal = NMeth # { (online)},
  doi = pre # "/s41592-019-0686-2",
  month = jan # "~15",
  year = 20 # 20,
}
"""
    ).records
    (scipy,) = records
    assert scipy.fields["doi"] == "10.1038/s41592-019-0686-2"
    assert scipy.title == "SciPy 1.0: Fundamental Algorithms"
    assert scipy.fields["journal"] == "Nature Methods (online)"
    assert scipy.fields["month"] == "January~15"
    assert scipy.year == 2020


def test_a_concatenation_naming_an_undefined_macro_is_left_as_written() -> None:
    # BibTeX reads an undefined macro as nothing: the value would change without a word.
    (record,) = parse_bib(
        '@article{k, doi = nowhere # "/x", title = {C\\# # tips}, note = "a # b"}\n'
    ).records
    assert record.fields["doi"] == 'nowhere # "/x"'
    assert record.fields["title"] == "C\\# # tips"
    assert record.fields["note"] == "a # b"


def test_macros_of_macros_doubling_are_not_joined_past_a_bound() -> None:
    # Each @string twice the one before: joined whole, 40 of them were a terabyte.
    strings = ['@string{m0 = "xxxxxxxxxx"}'] + [
        f"@string{{m{i} = m{i - 1} # m{i - 1}}}" for i in range(1, 41)
    ]
    text = "\n".join([*strings, "@misc{k, title = m40, note = m3 # m3}", ""])
    (record,) = parse_bib(text).records
    assert record.fields["title"] == "m40"  # left as written
    assert record.fields["note"] == "x" * 160


# As DBLP exports a conference paper: the paper's entry, then the proceedings it crossrefs.
_CROSSREF_BIB = r"""@inproceedings{DBLP:conf/nips/VaswaniSPUJGKP17,
  author    = {Ashish Vaswani and Noam Shazeer and others},
  title     = {Attention is All you Need},
  pages     = {5998--6008},
  crossref  = {DBLP:conf/nips/2017},
}
@inproceedings{own,
  author    = {Ada Lovelace},
  title     = {Notes},
  booktitle = {Its Own Venue},
  year      = {2016},
  crossref  = {dblp:conf/NIPS/2017},
}
@proceedings{DBLP:conf/nips/2017,
  editor    = {Isabelle Guyon and Ulrike von Luxburg},
  title     = {Advances in Neural Information Processing Systems 30},
  publisher = {Curran Associates},
  year      = {2017},
  doi       = {10.5555/nips2017},
  url       = {https://proceedings.neurips.cc/paper/2017},
}
@inproceedings{orphan,
  author    = {Alan Turing},
  title     = {Computing Machinery},
  crossref  = {nowhere},
}
"""


def test_a_crossref_entry_inherits_the_fields_it_lacks_from_its_parent() -> None:
    # QA: crossref was not read, so a DBLP paper had no year or booktitle (its year check was
    # skipped); BibTeX and biber give it the proceedings' fields.
    found = parse_bib(_CROSSREF_BIB, source="refs.bib")
    paper, own, proceedings, orphan = found.records
    assert paper.year == 2017
    assert paper.fields["booktitle"] == "Advances in Neural Information Processing Systems 30"
    assert paper.fields["publisher"] == "Curran Associates"
    assert paper.fields["editor"] == "Isabelle Guyon and Ulrike von Luxburg"
    # Its own fields win, and what names the volume itself is not the paper's.
    assert paper.title == "Attention is All you Need" and paper.authors == ("Vaswani", "Shazeer")
    assert "doi" not in paper.fields and "url" not in paper.fields
    # The child's own booktitle and year win; the key is found ignoring case, as BibTeX does.
    assert (own.fields["booktitle"], own.year, own.fields["publisher"]) == (
        "Its Own Venue",
        2016,
        "Curran Associates",
    )
    assert proceedings.fields["doi"] == "10.5555/nips2017"
    # A parent no entry has is a warning, the entry read as written.
    assert (orphan.year, orphan.title) == (None, "Computing Machinery")
    assert found.warnings == (
        "refs.bib line 22: entry 'orphan' has crossref 'nowhere', which no entry has; it is "
        "read without the fields it would inherit",
    )


def test_a_crossref_chain_is_followed_and_a_loop_is_a_warning() -> None:
    text = r"""@inbook{chapter, author = {A. Author}, title = {Ch}, crossref = {book}}
@book{book, title = {The Book}, crossref = {series}}
@mvbook{series, publisher = {P}, year = {1999}}
@misc{a, title = {A}, crossref = {b}}
@misc{b, title = {B}, crossref = {a}, year = {2001}}
"""
    found = parse_bib(text)
    chapter, book, _, a, b = found.records
    assert (chapter.year, chapter.fields["publisher"], chapter.fields["booktitle"]) == (
        1999,
        "P",
        "The Book",
    )
    assert book.year == 1999
    assert a.year == 2001 and b.year == 2001  # b's fields reach a; the loop back is said once
    assert len(found.warnings) == 1 and "leads back to itself" in found.warnings[0]


def test_a_missing_crossref_parent_is_warned_of_by_read_bib(tmp_path: Path) -> None:
    path = tmp_path / "refs.bib"
    path.write_text(_CROSSREF_BIB, encoding="utf-8")
    found = read_bib(path)
    assert len(found.records) == 4
    assert found.warnings == (
        f"{path} line 22: entry 'orphan' has crossref 'nowhere', which no entry has; it is "
        "read without the fields it would inherit",
    )


# A control character in a file's name: messages dropped it, naming another file.
ODD = "re\x01fs"


def test_a_bibliography_folder_is_named_as_it_is(tmp_path: Path) -> None:
    folder = tmp_path / f"{ODD}.bib"
    folder.mkdir()
    with pytest.raises(BibliographyError) as raised:
        read_bib(folder)
    assert str(raised.value) == (
        f"bibliography {shown_name(folder)} is a folder; give a .bib or .json file"
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


@pytest.mark.parametrize(
    "authors",
    [
        "Wilson, G., Bryan, J., Cranston, K.",
        "G. Wilson, J. Bryan, K. Cranston",
        "Wilson, Greg, Bryan, Jennifer",
        "Wilson, G., Bryan, J. and Cranston, Karen",  # the first "name" a list
        # One comma, a person written initials first on each side: two people, no "and".
        "G. Wilson, J. Bryan",
        "G Wilson, J Bryan",
        "{\\'E}. Durand, J.-P. Sartre",
        "A. B. Smith, C. de Vries and E. Doe",
        # PubMed's order, family name then initials, on each side of one comma.
        "Wilson G., Bryan J.",
        "Wilson GV, Le Cun Y",
    ],
)
def test_authors_listed_with_commas_are_said_to_be_and_not_compared(authors: str) -> None:
    # Read as one name, its "family name" was compared: "first author differs: cited
    # 'Wilson, G., Bryan, J., Cranston, K.'", of a paper whose first author is Wilson.
    bib = f"@article{{k, title = {{T}},\n author = {{{authors}}}}}\n"
    found = parse_bib(bib, source="refs.bib")
    (record,) = found.records
    assert record.authors == ()
    (warning,) = found.warnings
    assert warning.startswith("refs.bib line 1: entry 'k' separates its authors with commas (")
    assert warning.endswith("BibTeX separates them with 'and', so its authors are not compared")


@pytest.mark.parametrize(
    ("authors", "families"),
    [
        ("Ford, Jr., Henry", ("Ford",)),  # a suffix between its commas
        ("King, Martin Luther, Jr.", ("King",)),  # or after them
        ("Wilson, Greg and Bryan, Jennifer", ("Wilson", "Bryan")),
        ("{Barnes, Noble, and Sons, Inc.} and Doe, J.", ("Barnes, Noble, and Sons, Inc.", "Doe")),
        # One comma: family name, then given names or initials, however they are written.
        ("Wilson, G.", ("Wilson",)),
        ("Wilson, G. Greg", ("Wilson",)),
        ("Smith, J. R. R.", ("Smith",)),
        ("De La Cruz, Maria J.", ("De La Cruz",)),
        ("van der Walt, St{\\'e}fan", ("van der Walt",)),
        ("Escher, M. C. and Penrose, R.", ("Escher", "Penrose")),
        # biblatex's extended name format: every part "key=value".
        (
            "family=Walt, given=Stéfan, prefix=van der, useprefix=true and given=J., family=Doe",
            ("van der Walt", "Doe"),
        ),
        ("family={Le Cun}, given=Yann", ("Le Cun",)),
    ],
)
def test_names_with_their_own_commas_are_no_comma_list(
    authors: str, families: tuple[str, ...]
) -> None:
    found = parse_bib(f"@article{{k, title = {{T}}, author = {{{authors}}}}}\n")
    assert (found.records[0].authors, found.warnings) == (families, ())


@pytest.mark.parametrize(
    "authors", ["G. Wilson; J. Bryan", "Wilson, G.; Bryan, J.", "Wilson G; Bryan J and Doe K"]
)
def test_authors_listed_with_semicolons_are_said_to_be_so_and_not_compared(authors: str) -> None:
    # "G. Wilson; J. Bryan" was one person, family name "Bryan": `refs` compared "Bryan" as
    # the first author, and said the first author differs of a paper by Wilson.
    found = parse_bib(
        f"@article{{k, title = {{T}},\n author = {{{authors}}}}}\n", source="refs.bib"
    )
    assert found.records[0].authors == ()
    (warning,) = found.warnings
    assert warning.startswith(
        f"refs.bib line 1: entry 'k' separates its authors with semicolons ({authors!r}); "
    )


def test_a_braced_semicolon_is_part_of_a_name() -> None:
    found = parse_bib("@article{k, title = {T}, author = {{Smith; Sons} and Doe, J.}}\n")
    assert (found.records[0].authors, found.warnings) == (("Smith; Sons", "Doe"), ())


@pytest.mark.parametrize("name", ["-", "/dev/stdin"])
def test_standard_input_is_refused_by_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    # "-" read "cannot read bibliography -: No such file or directory".
    monkeypatch.chdir(tmp_path)
    with pytest.raises(BibliographyError) as raised:
        read_bib(Path(name))
    assert str(raised.value) == (
        f"bibliography {name} (standard input) is not read; give a .bib or .json file"
    )


@pytest.mark.parametrize(
    ("author", "families"),
    [
        ("Wilson G and Bryan J", ("Wilson", "Bryan")),  # PubMed / Vancouver
        ("Virtanen P and Gommers RJ and Oliphant TE", ("Virtanen", "Gommers", "Oliphant")),
        ("Le Cun Y", ("Le Cun",)),
        ("G. Wilson and J. Bryan", ("Wilson", "Bryan")),  # as before
        ("Wilson, G. and Bryan, J.", ("Wilson", "Bryan")),
        ("Greg Wilson", ("Wilson",)),
        ("G Wilson", ("Wilson",)),  # initials first: the family name is last, as BibTeX reads it
    ],
)
def test_family_names_written_before_initials_are_read_as_family_names(
    author: str, families: tuple[str, ...]
) -> None:
    # "Wilson G" gave the family name "G", so `refs` said "first author differs".
    [record] = parse_bib(f"@article{{a, title={{T}}, author={{{author}}}}}").records
    assert record.authors == families


@pytest.mark.parametrize(
    "authors",
    [
        "Lee, Ann and et al.",
        "Lee, Ann and et al",
        "Lee, Ann and {et al.}",
        "Lee, Ann and others.",
        "Ann Lee et al.",
        "Lee, Ann, et al.",
        "Lee, Ann et al.",
    ],
)
def test_et_al_written_by_hand_cuts_the_list_short(authors: str) -> None:
    # "and et al." read a second author "al.", and "Ann Lee et al." the first author "et al.":
    # a textual citation read "Lee and al.", and `refs` compared "et al." as the first author.
    found = parse_bib(f"@article{{k, title = {{T}}, author = {{{authors}}}}}\n")
    [record] = found.records
    assert (record.authors, record.et_al, found.warnings) == (("Lee",), True, ())


def test_a_name_ending_in_al_is_no_et_al() -> None:
    [record] = parse_bib("@article{k, title = {T}, author = {Al, Omar and Etal, K.}}\n").records
    assert (record.authors, record.et_al) == (("Al", "Etal"), False)


def test_a_value_ending_in_a_double_backslash_ends_there() -> None:
    # "\\" is TeX's line break, no escape of the brace or quote after it: bibtexparser read on
    # past it, so the entry was not read ("could not be read"), nor the next quoted one.
    found = parse_bib(
        '@string{pub = "Pub \\\\"}\n'
        "@article{a, title={A \\\\}, author={Lee, Ann}, year={2020}}\n"
        "@article{b, title={B}, author={Kim, Bo}, year={2021}}\n"
        '@article{c, title = "C \\\\", journal = pub, year = 2022, doi = {10.1/c}}\n'
        "@article{d, title={D \\\\\\{e\\}}, note = {x \\\\ y}}\n"
    )
    assert found.unread == ()
    a, b, c, d = found.records
    assert (a.key, a.fields["title"], a.authors, a.year) == ("a", "A \\\\", ("Lee",), 2020)
    assert (b.key, b.authors) == ("b", ("Kim",))
    assert (c.fields["title"], c.fields["doi"], c.year) == ("C \\\\", "10.1/c", 2022)
    assert c.fields["journal"] == "Pub \\\\"
    assert (d.fields["title"], d.fields["note"]) == ("D \\\\\\{e\\}", "x \\\\ y")


def test_a_comment_line_before_a_field_leaves_its_name_alone() -> None:
    # bibtexparser read "% the final version\n  author" as the field's name: no author.
    found = parse_bib(
        "@article{a, % from the journal\n  title = {T}, % the final version\n"
        "  % checked twice\n  author = {Lee, Ann},\n  year = 2020}\n"
        "@article{b, title = {50% of cases}, author = {Kim, Bo}}\n"
        # A comma or "=" in the comment split the entry: a field "" and one "also\n author".
        '@article{c,\n title = "T", % see url = x, also\n author = {Park, C.}, year = 2022}\n'
    )
    a, b, c = found.records
    assert dict(a.fields) == {"title": "T", "author": "Lee, Ann", "year": "2020"}
    assert (a.authors, a.year) == (("Lee",), 2020)
    assert (b.title, b.authors) == ("50% of cases", ("Kim",))
    assert dict(c.fields) == {"title": "T", "author": "Park, C.", "year": "2022"}
    assert c.line == 7


@pytest.mark.parametrize(
    "authors",
    [
        "Doe, J. and and Roe, R.",
        "Doe, J. AND and Roe, R.",
        "Doe, J. and\n  and Roe, R.",
        "and Doe, J. and Roe, R.",
        "Doe, J. and Roe, R. and",
    ],
)
def test_a_doubled_or_stray_and_is_no_name(authors: str) -> None:
    # A hand-edited field's doubled "and" leaves an empty name, which is dropped; the name
    # after it is read as written ("and Roe" was its family name), and no comma list is said.
    found = parse_bib(f"@article{{k, author = {{{authors}}}, title = {{T}}}}\n")
    (record,) = found.records
    assert record.authors == ("Doe", "Roe")
    assert not found.warnings


XDATA_BIB = r"""@xdata{nature2019, journaltitle = {Nature}, year = {2019}, publisher = {NPG}}
@xdata{team, author = {Lee, A. and Roe, B.}, xdata = {nature2019}}
@article{one, xdata = {team}, title = {One}, doi = {10.1038/one}}
@article{two, xdata = {Nature2019, gone}, author = {Kim, C.}, title = {Two}, year = {2020}}
"""


def test_an_xdata_entry_gives_its_fields_and_is_no_record() -> None:
    # biblatex's xdata was not read: "one" had no authors or year, so its reference check
    # compared nothing, and each @xdata block was a reference of its own, "no arXiv id or DOI".
    found = parse_bib(XDATA_BIB, source="refs.bib")
    one, two = found.records
    assert (one.key, one.authors, one.year, one.fields["journaltitle"]) == (
        "one",
        ("Lee", "Roe"),
        2019,
        "Nature",
    )
    # Its own fields win; a key in another case is found, as BibTeX finds keys.
    assert (two.key, two.authors, two.year, two.fields["publisher"]) == (
        "two",
        ("Kim",),
        2020,
        "NPG",
    )
    assert found.warnings == (
        "refs.bib line 4: entry 'two' has xdata 'gone', which no entry has; it is read without "
        "the fields it would inherit",
    )
