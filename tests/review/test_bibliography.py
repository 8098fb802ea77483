"""Resolving citations: BibTeX, CSL-JSON, References sections, Manubot tags and self-naming keys."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from claimaudit.bibfile import BibFormat
from claimaudit.errors import BibliographyError
from claimaudit.identity import parse_ref
from claimaudit.review.bibliography import (
    Bibliography,
    citation_tags,
    legacy_local_ref,
    load_bibliography,
    local_ref,
    parse_bibliography,
    reference_entries,
)
from claimaudit.review.citations import find_citations
from claimaudit.review.document import parse_document

BIBTEX = r"""
@article{virtanen2020,
  title = {{SciPy} 1.0: Fundamental Algorithms for Scientific Computing in Python},
  doi = {10.1038/s41592-019-0686-2},
  eprint = {1907.10121}, archivePrefix = {arXiv},
}
@article{wilson2017, title = "Good enough practices", doi = {10.1371/journal.pcbi.1005510}}
@misc{dumoulin, title = {conv}, journal = {arXiv preprint arXiv:1603.07285}}
@misc{skimage, title = {scikit-image}, url = {https://arxiv.org/abs/1407.6245v1}}
@misc{pmcentry, eprint = {PMC123456}, eprinttype = {pubmed}}
@book{nothing, title = {A book without identifiers}}
@article{broken, title = {unterminated
"""


def _resolve(bib: Bibliography, text: str, numbered: bool = False) -> list[str]:
    out = []
    for citation in find_citations(text, numbered=numbered):
        resolution = bib.resolve(citation)
        out.append(str(resolution.ref) if resolution.ref else f"error: {resolution.error}")
    return out


def test_bibtex_keys(tmp_path: Path) -> None:
    path = tmp_path / "refs.bib"
    path.write_text(BIBTEX, encoding="utf-8")
    bib = load_bibliography(path)
    assert bib.entries["virtanen2020"].title == (
        "SciPy 1.0: Fundamental Algorithms for Scientific Computing in Python"
    )
    resolved = _resolve(
        bib, "A [@virtanen2020; @wilson2017; @dumoulin; @skimage; @pmcentry; @nothing; @missing]."
    )
    assert resolved[:4] == [
        "arXiv:1907.10121",  # arXiv preferred over the DOI of the same entry
        "doi:10.1371/journal.pcbi.1005510",
        "arXiv:1603.07285",
        "arXiv:1407.6245v1",
    ]
    # Entries without an identifier are looked up in the library under their citation key,
    # where ``library import-bib`` puts their attached files; the reason goes with them.
    assert resolved[4:6] == ["local:pmcentry", "local:nothing"]
    fallback = bib.resolve(find_citations("A [@nothing].")[0])
    assert fallback.entry is not None and fallback.entry.title == "A book without identifiers"
    assert fallback.note is not None and "no arXiv id or DOI" in fallback.note
    # The fact alone: the command line's advice on the record names `library import-bib`.
    assert fallback.note == (
        "bibliography entry 'nothing' has no arXiv id or DOI, so it is looked up in the library "
        "as local:nothing"
    )
    assert resolved[6] == f"error: no bibliography entry for @missing in {path}"


def test_a_key_matching_two_keys_but_for_case_is_ambiguous_not_the_first() -> None:
    # Two entries whose keys differ only in case: a third spelling was resolved to the first,
    # checking the claim against a paper that may not be the one cited.
    bib = parse_bibliography(
        "@article{smith2020a, title={Ten simple rules for the care and feeding of scientific "
        "data}, doi={10.1371/journal.pcbi.1003542}}\n"
        "@article{Smith2020A, title={Ten simple rules for making research software more "
        "robust}, doi={10.1371/journal.pcbi.1005412}}\n"
        "@article{Lee2022, title={Ten quick tips}, doi={10.1371/journal.pcbi.1009803}}\n"
    )
    assert _resolve(bib, "A [@SMITH2020A; @smith2020a; @Smith2020A; @lee2022].") == [
        "error: @SMITH2020A is ambiguous: the bibliography has 'smith2020a' and 'Smith2020A', "
        "which differ only in case; cite one as written",
        "doi:10.1371/journal.pcbi.1003542",
        "doi:10.1371/journal.pcbi.1005412",
        "doi:10.1371/journal.pcbi.1009803",  # one key in another case is that key
    ]


def test_an_alias_cited_in_another_case_names_its_entry_as_a_key_does() -> None:
    # biblatex's ids = {Smith2020} cited as @smith2020 was "no bibliography entry", though
    # the library's reader of the same paper printed its names (one rule: ``citekeys``).
    bib = parse_bibliography(
        "@article{smith2020rules, ids = {Smith2020}, doi = {10.1371/journal.pcbi.1003542}}\n"
        "@article{Lee2022, ids = {lee2022}, doi = {10.1371/journal.pcbi.1009803}}\n"
        "@article{roe2021, doi = {10.1000/roe}}\n"
        "@article{kim2021, ids = {ROE2021}, doi = {10.1000/kim}}\n"
    )
    assert _resolve(bib, "A [@smith2020; @SMITH2020; @LEE2022; @Roe2021].") == [
        "doi:10.1371/journal.pcbi.1003542",
        "doi:10.1371/journal.pcbi.1003542",
        # An entry's key and its alias alike in case: one entry, so not ambiguous.
        "doi:10.1371/journal.pcbi.1009803",
        # A key and another entry's alias alike in case: either may be meant.
        "error: @Roe2021 is ambiguous: the bibliography has 'roe2021' and 'ROE2021', which "
        "differ only in case; cite one as written",
    ]


def test_a_sici_doi_key_cut_at_its_parenthesis_says_to_cite_it_in_braces() -> None:
    # Pandoc ends a key at "(": the citation named "doi:10.1002/", and was only "not a DOI".
    sici = "doi:10.1002/(SICI)1097-4636(199703)34:3<289::AID-JBM2>3.0.CO;2-A"
    cut, braced = _resolve(Bibliography(), f"A [@{sici}]. B [@{{{sici}}}].")
    assert cut == (
        "error: 'doi:10.1002/' is not an arXiv id or DOI; a DOI holding characters that end "
        "a citation key, such as ( or <, is cited in braces: [@{doi:10.1002/(SICI)...}]"
    )
    assert braced == "doi:10.1002/(sici)1097-4636(199703)34:3<289::aid-jbm2>3.0.co;2-a"


def test_a_key_in_an_entry_that_could_not_be_read_says_so(tmp_path: Path) -> None:
    path = tmp_path / "partial.bib"
    path.write_text(
        "@misc{first, title={One}}\n@misc{broken title = {x}}\n@misc{third, title={Three}}\n",
        encoding="utf-8",
    )
    bib = load_bibliography(path)
    assert [u.key for u in bib.unread] == ["broken"]
    # Kept through the document's own references; the key is matched as keys are, any case.
    bib = bib.with_document({}, {})
    assert _resolve(bib, "A [@Broken; @missing].") == [
        f"error: the bibliography entry for @Broken ({path} line 2) could not be read: "
        "Expected comma after entry key, but found =",
        f"error: no bibliography entry for @missing in {path}",
    ]


def test_entries_carry_authors_and_year_for_reference_checks(tmp_path: Path) -> None:
    bib = parse_bibliography(
        r"""@article{walt, author = {van der Walt, St{\'e}fan and Sch{\"o}nberger, Johannes
        L. and others}, title = {scikit-image}, year = 2014}
        @misc{scipy, author = {{SciPy 1.0 Contributors}}, date = {2020-02-03}}"""
    )
    walt, scipy = bib.entries["walt"], bib.entries["scipy"]
    assert walt.authors[0] == "van der Walt" and len(walt.authors) == 2
    assert (walt.year, scipy.year, scipy.authors) == (2014, 2020, ("SciPy 1.0 Contributors",))
    csl = parse_bibliography(
        json.dumps(
            [
                {
                    "id": "a",
                    "author": [{"family": "Walt", "non-dropping-particle": "van der"}],
                    "issued": {"date-parts": [[2014, 6]]},
                }
            ]
        )
    )
    assert (csl.entries["a"].authors, csl.entries["a"].year) == (("van der Walt",), 2014)


def test_csl_json(tmp_path: Path) -> None:
    items = [
        {"id": "virtanen", "DOI": "10.1038/s41592-019-0686-2", "title": "SciPy 1.0"},
        {"id": "lee", "URL": "https://arxiv.org/abs/2105.14372", "type": "article"},
        {"id": "web", "URL": "https://github.com/manubot/rootstock"},
    ]
    path = tmp_path / "refs.json"
    path.write_text(json.dumps(items), encoding="utf-8")
    bib = load_bibliography(path)
    assert _resolve(bib, "X [@virtanen; @lee; @web].")[:2] == [
        "doi:10.1038/s41592-019-0686-2",
        "arXiv:2105.14372",
    ]
    assert _resolve(bib, "X [@web].") == ["local:web"]  # no identifier: by its key


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{not json", "not valid JSON"),
        ('{"id": "x"}', "must be a list"),
        ("@article{broken, title = {x", "no BibTeX entry could be parsed"),
        ("% only a comment\n", "holds no entries"),
    ],
)
def test_unusable_bibliographies(tmp_path: Path, content: str, message: str) -> None:
    path = tmp_path / ("refs.json" if content.startswith("{") else "refs.bib")
    path.write_text(content, encoding="utf-8")
    with pytest.raises(BibliographyError, match=message):
        load_bibliography(path, allow_empty=False)


@pytest.mark.parametrize("content", ["@article{x, title={a}\n", "% nothing yet\n", ""])
def test_a_file_with_no_usable_entry_is_read_on_as_the_review_command_reads_it(
    tmp_path: Path, content: str
) -> None:
    # As `claimaudit review --bib` and README: the review goes on, each citation saying why.
    # load_bibliography(path) raised BibliographyError, where the command line went on.
    path = tmp_path / "bad.bib"
    path.write_text(content, encoding="utf-8")
    bib = load_bibliography(path)
    assert bib.entries == {}
    [said] = _resolve(bib, "SciPy provides sparse matrices [@x].")
    if content.startswith("@"):
        assert said == (
            f"error: the bibliography entry for @x ({path} line 1) could not be read: "
            "Unexpectedly reached end of file."
        )
        assert bib.empty == ()
    else:
        assert said == f"error: no bibliography entry for @x in {path}"
        assert bib.empty == (str(path),)


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(BibliographyError, match="cannot read"):
        load_bibliography(tmp_path / "absent.bib")


def test_references_section_and_tags() -> None:
    report = """Text [1, 2] and [3] and [4].

[@tag:pneumonia]: doi:10.1016/S0933-3657(96)00367-3
[@tag:web]: https://dl.acm.org/citation.cfm?id=2670313

## References

1. Virtanen P, et al. SciPy 1.0. arXiv:1907.10121 (also https://doi.org/10.1038/s41592-019-0686-2)
2. Wilson G, et al. Good enough practices. <https://doi.org/10.1371/journal.pcbi.1005510>

[3] A book with no identifier.
"""
    document = parse_document(report)
    bib = Bibliography().with_document(
        reference_entries(document.references), citation_tags(report)
    )
    assert _resolve(bib, "Text [1, 2] and [3] and [4].", numbered=True) == [
        "arXiv:1907.10121",
        "doi:10.1371/journal.pcbi.1005510",
        "error: References entry [3] has no arXiv id or DOI to check against",
        "error: no References entry numbered 4",
    ]
    assert _resolve(bib, "[@tag:pneumonia; @tag:web; @tag:none]") == [
        str(parse_ref("doi:10.1016/S0933-3657(96)00367-3")),
        "error: its tag points to https://dl.acm.org/citation.cfm?id=2670313, which is not an"
        " arXiv id or DOI",
        "error: no definition of the citation tag 'none'",
    ]


def test_keys_that_name_their_paper() -> None:
    bib = Bibliography()
    text = (
        "[@doi:10.1371/journal.pcbi.1005510; @arxiv:1907.10121v2; @arXiv:1709.06560;"
        " @url:https://arxiv.org/abs/2105.14372; @https://doi.org/10.7717/peerj.453;"
        " @pmid:25738806; @doi:10/dzwxkd; @url:https://keras.io; @smith2020]"
    )
    assert _resolve(bib, text) == [
        "doi:10.1371/journal.pcbi.1005510",
        "arXiv:1907.10121v2",
        "arXiv:1709.06560",
        "arXiv:2105.14372",
        "doi:10.7717/peerj.453",
        "pmid:25738806",  # a local library reference
        "error: a short DOI, which cannot be resolved offline",
        "error: a web address, not an arXiv id or DOI",
        "error: no bibliography entry for @smith2020 (no bibliography was given)",
    ]


def test_parse_from_text_sniffs_or_takes_the_format() -> None:
    bib = parse_bibliography(BIBTEX)
    assert _resolve(bib, "[@wilson2017]") == ["doi:10.1371/journal.pcbi.1005510"]
    csl = json.dumps([{"id": "k", "DOI": "10.7717/peerj.453"}])
    assert _resolve(parse_bibliography(csl), "[@k]") == ["doi:10.7717/peerj.453"]
    assert _resolve(parse_bibliography(csl, kind="csl-json"), "[@k]") == ["doi:10.7717/peerj.453"]
    # Without a file name, messages name "the bibliography".
    with pytest.raises(BibliographyError, match=r"^the bibliography is not valid JSON"):
        parse_bibliography("[oops", kind="csl-json")
    with pytest.raises(BibliographyError, match=r"^the bibliography holds no entries"):
        parse_bibliography("% nothing\n", kind="bibtex", allow_empty=False)
    assert _resolve(bib, "[@absent]") == [
        "error: no bibliography entry for @absent in the bibliography"
    ]


def test_a_bibliography_given_as_a_str_path_is_read(tmp_path: Path) -> None:
    path = tmp_path / "refs.bib"
    path.write_text(BIBTEX, encoding="utf-8")
    assert load_bibliography(str(path)).entries == load_bibliography(path).entries


def test_a_file_with_no_entries_is_named_or_refused_when_not_allowed(tmp_path: Path) -> None:
    empty, full = tmp_path / "empty.bib", tmp_path / "refs.bib"
    empty.write_text("% entries to come\n", encoding="utf-8")
    full.write_text(BIBTEX, encoding="utf-8")
    with pytest.raises(BibliographyError, match="holds no entries"):
        load_bibliography(full, empty, allow_empty=False)
    bib = load_bibliography(full, empty)
    assert bib.empty == (str(empty),)
    assert _resolve(bib, "[@wilson2017]") == ["doi:10.1371/journal.pcbi.1005510"]
    assert bib.with_document({}, {}).empty == bib.empty


def test_manubot_manual_references_resolve_by_their_standard_citation() -> None:
    bib = parse_bibliography(
        json.dumps(
            [
                {"standard_citation": "doi:10.1371/journal.pcbi.1005510", "title": "Practices"},
                {"standard_citation": "arxiv:1907.10121", "title": "SciPy"},
                {"standard_citation": "url:https://example.org/guide", "title": "A guide"},
            ]
        ),
        source="manual-references.json",
    )
    text = (
        "X [@doi:10.1371/journal.pcbi.1005510; @arxiv:1907.10121; @url:https://example.org/guide]."
    )
    assert _resolve(bib, text) == [
        "doi:10.1371/journal.pcbi.1005510",
        "arXiv:1907.10121",
        # A web page cannot be looked up in a catalogue: by its key in the library, as any
        # entry without an arXiv id or DOI (named apart from keys of the same readable form).
        str(local_ref("url:https://example.org/guide")),
    ]
    resolutions = [bib.resolve(c) for c in find_citations(text)]
    assert [r.entry.title if r.entry else None for r in resolutions] == [
        "Practices",
        "SciPy",
        "A guide",
    ]


def test_an_arxiv_id_arxiv_never_issued_is_refused_saying_why() -> None:
    bib = parse_bibliography(
        "@misc{typo, eprint = {0703.1234}, archivePrefix = {arXiv}}\n"
        "@misc{later, journal = {arXiv preprint arXiv:9912.12345}}\n"
    )
    text = "X [@typo; @later; @arxiv:1412.12345] and arXiv:2313.12345 too."
    assert _resolve(bib, text) == [
        "error: bibliography entry 'typo': not a valid arXiv identifier: '0703.1234': arXiv ids"
        " of the form YYMM.NNNN begin in April 2007 (0704); older ones read like hep-th/0501001",
        "error: bibliography entry 'later': not a valid arXiv identifier: '9912.12345': it would"
        " be from December 2099, a month not yet reached",
        "error: not a valid arXiv identifier: '1412.12345': arXiv ids of the form YYMM.NNNNN"
        " begin in 2015 (1501); before, YYMM.NNNN",
        "error: not a valid arXiv identifier: '2313.12345': its month 13 is not 01-12 (YYMM is"
        " the year and month)",
    ]


def test_a_real_manubot_manual_reference_is_found_by_its_url_key(shared_data: Path) -> None:
    content = shared_data / "papers" / "deep-rules_lee2022" / "content"
    bib = load_bibliography(content / "manual-references.json")
    nvidia = "url:https://docs.nvidia.com/deeplearning/sdk/cudnn-developer-guide/index.html"
    (citation,) = find_citations(f"Set seeds [@{nvidia}#reproducibility].")
    resolution = bib.resolve(citation)
    assert resolution.entry is not None
    assert resolution.entry.title == "Deep Learning SDK Documentation"
    assert resolution.note is not None and "looked up in the library" in resolution.note


def test_a_colon_key_is_a_bibtex_key_not_a_library_reference(tmp_path: Path) -> None:
    """``Virtanen:2020ab`` (JabRef's, Google Scholar's style) names a bibliography entry: an
    unread one says so, a missing one says it is missing; Manubot's ``@pmid:1`` stays local."""
    path = tmp_path / "refs.bib"
    path.write_text(
        "@article{Virtanen:2020ab\n  title = {SciPy},\n}\n@misc{ok, title={One}}\n",
        encoding="utf-8",
    )
    bib = load_bibliography(path).with_document({}, {})
    assert _resolve(bib, "A [@Virtanen:2020ab; @Smith:2019; @pmid:25738806].") == [
        f"error: the bibliography entry for @Virtanen:2020ab ({path} line 1) could not be "
        "read: Expected comma after entry key, but found =",
        f"error: no bibliography entry for @Smith:2019 in {path}",
        "pmid:25738806",
    ]


def test_references_written_one_per_line_are_separate_entries() -> None:
    # One entry per line with no blank line between is one Markdown paragraph: each labelled
    # line is its own entry, and a wrapped line (even one starting "2017.") continues it.
    report = """Text [1] and [2] and [3].

## References

[1] Smith J. Lab handbook. Unpublished manuscript,
2019. No identifier.
[2] Wilson G, et al. Good enough practices. PLoS Comput Biol.
2017. doi:10.1371/journal.pcbi.1005510
[3] Virtanen P, et al. SciPy 1.0. arXiv:1907.10121

4. Dumoulin V. A guide to convolution arithmetic. arXiv:1603.07285
5. van der Walt S, et al. doi:10.7717/peerj.453
"""
    document = parse_document(report)
    entries = reference_entries(document.references)
    assert sorted(entries) == [1, 2, 3, 4, 5]
    assert entries[1].text == (
        "[1] Smith J. Lab handbook. Unpublished manuscript, 2019. No identifier."
    )
    bib = Bibliography().with_document(entries, {})
    assert _resolve(bib, "Text [1] and [2] and [3] and [4] and [5].", numbered=True) == [
        "error: References entry [1] has no arXiv id or DOI to check against",
        "doi:10.1371/journal.pcbi.1005510",
        "arXiv:1907.10121",
        "arXiv:1603.07285",
        "doi:10.7717/peerj.453",
    ]


def test_a_references_label_of_thousands_of_digits_is_no_entry_not_a_crash() -> None:
    # int() refuses a number past 4300 digits: a traceback out of `review`.
    big = "9" * 5000
    for label in (f"[{big}]", f"{big}."):
        report = f"Text [1].\n\n## References\n\n[1] Smith J. A book. 2019.\n{label} Foo.\n"
        entries = reference_entries(parse_document(report).references)
        assert sorted(entries) == [1]
        assert (entries[1].text or "").endswith(f"{label} Foo.")


def test_local_names_are_one_per_key() -> None:
    # Characters a local id cannot hold once all became "-": two keys shared one name, so a
    # citation of one was checked against the other's paper.
    keys = ["Smith:2020", "Smith-2020", "Smith/2020", "Müller2020", "Möller2020", "ü", "ö", "_x"]
    names = [local_ref(k) for k in keys]
    assert None not in names and len(set(names)) == len(keys)
    assert str(local_ref("Smith-2020")) == "local:Smith-2020"  # a key that is a name: itself
    assert str(local_ref("Smith:2020")).startswith("local:Smith-2020-")
    assert str(local_ref("Müller2020")).startswith("local:Muller2020-")
    assert str(local_ref("url:https://example.org/guide")).startswith(
        "local:url-https---example.org-guide-"
    )
    assert legacy_local_ref("Müller2020") == legacy_local_ref("Möller2020")  # why, before


def test_an_entry_names_its_former_local_name_unless_another_key_shared_it() -> None:
    bib = parse_bibliography(
        "@misc{Smith:2020, title = {A}}\n@misc{Smith-2020, title = {B}}\n"
        "@misc{Jones:2021, title = {C}}\n@misc{Jones-2021, doi = {10.1234/j}}\n"
    )
    resolved = {
        c.key: bib.resolve(c)
        for c in find_citations("[@Smith:2020; @Smith-2020; @Jones:2021; @Jones-2021]")
    }
    assert resolved["Smith:2020"].former is None
    assert resolved["Smith:2020"].clash == ("Smith-2020",)
    assert resolved["Smith-2020"].clash == ("Smith:2020",)
    # The DOI entry was never stored under a local name: no clash with it.
    assert str(resolved["Jones:2021"].former) == "local:Jones-2021"
    assert resolved["Jones:2021"].clash == ()


CSL_YAML = "references:\n- id: scipy\n  type: article\n  DOI: 10.48550/arXiv.1907.10121\n"


@pytest.mark.parametrize(
    ("text", "kind", "looks_like"),
    [
        (CSL_YAML, None, "CSL YAML"),
        (f"---\n{CSL_YAML}...\n", "bibtex", "CSL YAML"),
        ("- id: scipy\n  title: SciPy\n", None, "CSL YAML"),
        ('[{"id": "scipy"}]', "bibtex", "CSL-JSON"),
    ],
)
def test_csl_text_read_as_bibtex_is_refused_naming_its_format(
    text: str, kind: BibFormat | None, looks_like: str
) -> None:
    # Read as BibTeX it holds no entry; read on, every key would be unresolved. It was said
    # to hold no entries, not what it is.
    with pytest.raises(BibliographyError) as refused:
        parse_bibliography(text, kind=kind)
    assert str(refused.value) == (
        f"the bibliography was read as BibTeX and holds no entries, but it looks like {looks_like}"
    )
    assert refused.value.looks_like == ("csl-json" if looks_like == "CSL-JSON" else "csl-yaml")
    assert parse_bibliography(text, kind=refused.value.looks_like).entries  # said, it is read


@pytest.mark.parametrize("text", ["", " \n", "% entries to come\n", "@article{x, title={a}\n"])
def test_bibtex_text_with_no_usable_entry_is_read_on(text: str) -> None:
    # As a file given to `claimaudit review`: nothing resolves, and each citation says why.
    bib = parse_bibliography(text)
    assert bib.entries == {}
    [said] = _resolve(bib, "SciPy provides sparse matrices [@x].")
    assert said.startswith(
        "error: the bibliography entry for @x (the bibliography line 1) could not be read"
        if text.startswith("@")
        else "error: no bibliography entry for @x in the bibliography"
    )
    with pytest.raises(BibliographyError, match=r"no BibTeX entry could be parsed|no entries"):
        parse_bibliography(text, allow_empty=False)


def test_a_key_in_two_files_is_the_first_files_and_the_second_is_warned_of(
    tmp_path: Path,
) -> None:
    # QA: \bibliography{a,b} with the key in both checked b's paper, silently; BibTeX and
    # Biber use a's (the first) and warn of the repeat.
    first, second = tmp_path / "a.bib", tmp_path / "b.bib"
    first.write_text("@article{wilson2017, eprint = {1609.00037}}\n", encoding="utf-8")
    second.write_text(
        "@article{other, eprint = {1907.10121}}\n"
        "@article{wilson2017, doi = {10.1371/journal.pbio.1001745}}\n",
        encoding="utf-8",
    )
    bibliography = load_bibliography(first, second)
    assert [str(r) for r in bibliography.entries["wilson2017"].refs] == ["arXiv:1609.00037"]
    assert [str(r) for r in bibliography.entries["other"].refs] == ["arXiv:1907.10121"]
    [unread] = bibliography.unread
    assert unread.message == (
        f"{second} line 2: a second entry with the key 'wilson2017', ignored (the first, in"
        f" {first}, is used)"
    )


def test_a_crossref_parent_gives_its_fields_and_a_missing_one_is_warned_of(
    tmp_path: Path,
) -> None:
    # QA: crossref was not inherited; the paper read without the proceedings' year, and a
    # crossref to no entry passed in silence.
    bib = tmp_path / "refs.bib"
    bib.write_text(
        "@inproceedings{paper, author = {A. Author}, title = {T}, crossref = {conf},\n"
        "  doi = {10.1000/paper}}\n"
        "@inproceedings{orphan, title = {O}, crossref = {gone}, doi = {10.1000/o}}\n"
        "@inproceedings{bare, title = {B}, crossref = {conf}}\n"
        "@proceedings{conf, title = {Proc. Conf}, year = {2019}, doi = {10.1000/volume},\n"
        "  note = {Also as doi:10.1000/volume-again}}\n",
        encoding="utf-8",
    )
    found = load_bibliography(bib)
    assert found.entries["paper"].refs == (parse_ref("doi:10.1000/paper"),)
    # A paper naming no id of its own is not checked as the volume its parent names.
    assert found.entries["bare"].refs == ()
    assert found.warnings() == (
        f"{bib} line 3: entry 'orphan' has crossref 'gone', which no entry has; it is read "
        "without the fields it would inherit",
    )
    assert parse_bibliography(bib.read_text(encoding="utf-8")).warnings() == (
        "the bibliography line 3: entry 'orphan' has crossref 'gone', which no entry has; it "
        "is read without the fields it would inherit",
    )


@pytest.mark.parametrize(
    ("eprint", "ref"),
    [
        ("1706.03762 [cs.CL]", "arXiv:1706.03762"),
        ("1706.03762v5 [cs.CL]", "arXiv:1706.03762v5"),
        ("hep-th/9711200 [hep-th]", "arXiv:hep-th/9711200"),
        ("arXiv:1603.07285 [ stat.ML ]", "arXiv:1603.07285"),
    ],
)
def test_an_eprint_with_its_subject_class_is_that_arxiv_id(eprint: str, ref: str) -> None:
    # "1706.03762 [cs.CL]" was no id: the entry had "no arXiv id or DOI to look up".
    bib = parse_bibliography(f"@misc{{paper, eprint = {{{eprint}}}, archivePrefix = {{arXiv}}}}\n")
    assert [str(r) for r in bib.entries["paper"].refs] == [ref]


@pytest.mark.parametrize(
    "written",
    [
        "url = {https://www.biorxiv.org/content/10.1101/2020.03.22.002386v3}",
        "url = {https://www.biorxiv.org/content/10.1101/2020.03.22.002386v1.full.pdf}",
        "url = {https://www.medrxiv.org/content/10.1101/2020.03.22.002386v2.full}",
        "howpublished = {\\url{https://www.biorxiv.org/content/10.1101/2020.03.22.002386v3}}",
        "note = {bioRxiv 10.1101/2020.03.22.002386v3}",
    ],
)
def test_a_biorxiv_address_names_the_preprint_s_doi_without_its_version(written: str) -> None:
    # "10.1101/2020.03.22.002386v3.full.pdf" was looked up as the DOI, and not found.
    bibliography = parse_bibliography(f"@misc{{p, title = {{A preprint}}, {written}}}\n")
    assert bibliography.entries["p"].refs == (parse_ref("doi:10.1101/2020.03.22.002386"),)


@pytest.mark.parametrize(
    "written",
    [
        "eprint = {10.1101/2020.01.01.123456}, eprinttype = {biorxiv}",
        "eprint = {2020.01.01.123456v2}, eprinttype = {bioRxiv}",
        "eprint = {10.1101/2020.01.01.123456v3}, archivePrefix = {medRxiv}",
        "eprint = {https://www.biorxiv.org/content/10.1101/2020.01.01.123456v1}, "
        "eprinttype = {biorxiv}",
        "eprint = {doi:10.1101/2020.01.01.123456}, eprinttype = {medrxiv}",
    ],
)
def test_a_biorxiv_eprint_names_the_preprint_s_doi(written: str) -> None:
    # QA: an eprint of bioRxiv or medRxiv was read as another archive's, and the entry named
    # no paper ("no arXiv id or DOI to look up").
    bibliography = parse_bibliography(f"@misc{{p, title = {{A preprint}}, {written}}}\n")
    assert bibliography.entries["p"].refs == (parse_ref("doi:10.1101/2020.01.01.123456"),)


def test_another_archive_s_eprint_still_names_no_paper() -> None:
    bibliography = parse_bibliography(
        "@misc{p, title = {T}, eprint = {2020.01.01.123456}, eprinttype = {jstor}}\n"
    )
    assert bibliography.entries["p"].refs == ()


@pytest.mark.parametrize("doi", ["10.1101/gr.123456.111", "10.1101/2020.03.22.002386"])
def test_other_1101_dois_are_read_as_written(doi: str) -> None:
    bibliography = parse_bibliography(f"@article{{p, title = {{T}}, doi = {{{doi}}}}}\n")
    assert bibliography.entries["p"].refs == (parse_ref(f"doi:{doi}"),)


def test_a_crossref_parent_in_another_file_of_the_bibliography_is_inherited(
    tmp_path: Path,
) -> None:
    # \bibliography{papers,crossref}: BibTeX and biber read the files as one.
    papers, parents = tmp_path / "papers.bib", tmp_path / "crossref.bib"
    papers.write_text(
        "@inproceedings{child, title={A Result}, author={Lee, K.}, crossref={conf19}}\n",
        encoding="utf-8",
    )
    parents.write_text(
        "@proceedings{conf19, title={Proceedings of Conf}, year={2019}}\n", encoding="utf-8"
    )
    read = load_bibliography(papers, parents)
    assert read.entries["child"].year == 2019
    assert not any("conf19" in line for line in read.read_as)
    alone = load_bibliography(papers)  # the parent missing: said, nothing inherited
    assert alone.entries["child"].year is None
    assert any("conf19" in line for line in alone.read_as)
