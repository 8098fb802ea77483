"""Reading CSL-JSON and Pandoc's CSL YAML into records: keys as Manubot reads them, family
names, a list cut short, years from ``issued``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from claimaudit.bibfile import csl_read_as_bibtex, parse_bib, read_bib
from claimaudit.errors import BibliographyError


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


def test_a_csl_range_of_years_is_of_its_start_year() -> None:
    # As a .bib ``date = {2019/2020}`` is, as biber reads it: read as no year, a CSL range's
    # year was never compared.
    items = [
        {"id": "a", "issued": {"date-parts": [[2010], [2017]]}},
        {"id": "b", "issued": {"date-parts": [[2017, 3], [2017, 9]]}},
        {"id": "m", "issued": {"date-parts": [[2019, 11], [2020, 2]]}},
        {"id": "s", "issued": {"date-parts": [["2019"], ["2020"]]}},
        {"id": "r", "issued": {"raw": "2019/2020"}},
        {"id": "c", "issued": {"raw": "2010-2017"}},  # no range biblatex or Pandoc reads
        {"id": "u", "issued": {"date-parts": [["spring"], [2020]]}},
    ]
    records = parse_bib(json.dumps(items)).records
    assert [(r.year, r.unread_year) for r in records] == [
        (2010, None),
        (2017, None),
        (2019, None),
        (2019, None),
        (2019, None),
        (None, "2010-2017"),
        (None, "spring/2020"),
    ]
    (pandoc,) = parse_bib("- id: p\n  issued: 2019-11/2020-02\n", kind="csl-yaml").records
    assert (pandoc.year, pandoc.unread_year) == (2019, None)


def test_a_csl_range_open_at_its_start_gives_no_year_and_is_written_as_json_writes_it() -> None:
    # "../2020" was of 2020, its end, where a .bib date "../2020" gives none; a range whose
    # start is null or an object was written "None/2020" and "{'x': 1}/2020", Python's words.
    items = [
        {"id": "j", "issued": {"raw": "../2020"}},
        {"id": "f", "issued": {"date-parts": [[None], [2020]]}},
        {"id": "c", "issued": {"date-parts": [[{"x": 1}], [2020]]}},
        {"id": "u", "issued": {"raw": "05/03/2019"}},  # no range: the year it names
    ]
    records = parse_bib(json.dumps(items)).records
    assert [(r.year, r.unread_year) for r in records] == [
        (None, "../2020"),
        (None, "/2020"),
        (None, "/2020"),
        (2019, None),
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
