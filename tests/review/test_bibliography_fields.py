"""Which fields of a bibliography entry name its paper: the fields that identify the work
(``doi``, an arXiv ``eprint``, a doi.org or arxiv.org ``url``, CSL-JSON's ``DOI``, ``number``)
before any id its free text mentions (``note``, ``journal``, ``howpublished``); and an entry
naming two works' identifiers is said to."""

from __future__ import annotations

import json

import pytest

from claimaudit.review.bibliography import Entry, parse_bibliography, two_identifiers
from claimaudit.review.citations import find_citations

GEP_DOI = "doi:10.1371/journal.pcbi.1005510"
GEP = "title = {Good enough practices in scientific computing}, author = {Wilson, Greg}"


def _cited(bibtex: str, key: str = "e") -> str:
    """What ``[@key]`` resolves to: its reference, else "error: ..."."""
    resolution = parse_bibliography(bibtex).resolve(find_citations(f"A [@{key}].")[0])
    return str(resolution.ref) if resolution.ref else f"error: {resolution.error}"


@pytest.mark.parametrize(
    "free_text",
    [
        "note = {Builds on the SciPy ecosystem (arXiv:1907.10121)}",
        "journal = {PLoS Comput Biol, see also arXiv:1907.10121}",
        "howpublished = {\\url{https://arxiv.org/abs/1907.10121}}",
        "annote = {arXiv:1907.10121}, abstract = {Compare arXiv:1907.10121.}",
    ],
)
def test_an_id_in_free_text_never_outranks_the_entrys_doi(free_text: str) -> None:
    assert _cited(f"@article{{e, {GEP}, doi = {{10.1371/journal.pcbi.1005510}}, {free_text}}}") == (
        GEP_DOI
    )


@pytest.mark.parametrize(
    ("naming", "expected"),
    [
        ("eprint = {2001.00001}, archivePrefix = {arXiv}", "arXiv:2001.00001"),
        ("arxiv = {2001.00001}", "arXiv:2001.00001"),
        ("url = {https://doi.org/10.1371/journal.pcbi.1005510}", GEP_DOI),
        ("url = {https://arxiv.org/pdf/2001.00001v2}", "arXiv:2001.00001v2"),
    ],
)
def test_every_field_naming_the_work_outranks_a_note(naming: str, expected: str) -> None:
    assert _cited(f"@misc{{e, {naming}, note = {{Extends arXiv:1907.10121}}}}") == expected


@pytest.mark.parametrize(
    "free_text",
    [
        "journal = {arXiv preprint arXiv:1907.10121}",  # Google Scholar's export of a preprint
        "howpublished = {arXiv:1907.10121}",
        "note = {arXiv:1907.10121}",
        "url = {https://example.org/mirror?from=arXiv:1907.10121}",  # another page's address
    ],
)
def test_free_text_names_the_paper_when_no_field_does(free_text: str) -> None:
    assert _cited(f"@misc{{e, title = {{SciPy 1.0}}, {free_text}}}") == "arXiv:1907.10121"


@pytest.mark.parametrize(
    "fields",
    [
        "journal = {CoRR}, volume = {abs/1907.10121}",  # DBLP's BibTeX of an arXiv paper
        "journal = {CoRR}, volume = {abs/1907.10121}, note = {see arXiv:2001.00001}",
        "note = {CoRR abs/1907.10121}",
        "journal = {ArXiv}, volume = {abs/1907.10121}",  # Semantic Scholar's BibTeX
        "journal = {ArXiv abs/1907.10121}",
        "note = {arXiv 1907.10121}",  # no colon
    ],
)
def test_an_arxiv_id_written_as_dblp_writes_it_names_the_paper(fields: str) -> None:
    assert _cited(f"@article{{e, title = {{SciPy 1.0}}, {fields}}}") == "arXiv:1907.10121"


@pytest.mark.parametrize(
    ("fields", "expected"),
    [
        # QA: each resolved to local:e, its paper never looked up.
        ("journal = {arXiv preprint cs/0112017}", "arXiv:cs/0112017"),  # Google Scholar's
        ("journal = {arXiv preprint hep-th/9711200}", "arXiv:hep-th/9711200"),
        # NASA ADS writes the id as the article number.
        ("journal = {arXiv e-prints}, eid = {arXiv:1603.07285}", "arXiv:1603.07285"),
        ("journal = {arXiv e-prints}, pages = {arXiv:1603.07285}", "arXiv:1603.07285"),
        # A page range names no work.
        ("journal = {J}, pages = {1--10}", "local:e"),
    ],
)
def test_an_arxiv_id_as_google_scholar_or_ads_writes_it_names_the_paper(
    fields: str, expected: str
) -> None:
    assert _cited(f"@article{{e, title = {{T}}, {fields}}}") == expected


def test_a_dblp_arxiv_id_arxiv_never_issued_is_said_to_be_refused() -> None:
    cited = _cited("@article{e, journal = {CoRR}, volume = {abs/9912.12345}}")
    assert cited.startswith("error: bibliography entry 'e': not a valid arXiv identifier")


def test_a_page_address_in_url_does_not_outrank_the_doi() -> None:
    bib = (
        "@misc{e, url = {https://example.org/mirror?from=arXiv:1907.10121}, "
        "doi = {10.1371/journal.pcbi.1005510}}"
    )
    assert _cited(bib) == GEP_DOI


def test_a_refused_arxiv_id_is_not_passed_over_for_one_the_note_mentions() -> None:
    cited = _cited("@misc{e, eprint = {9912.12345}, note = {Extends arXiv:1907.10121}}")
    assert cited.startswith("error: bibliography entry 'e': not a valid arXiv identifier")


def test_csl_json_doi_and_number_outrank_its_note() -> None:
    items = [
        {"id": "gep", "DOI": "10.1371/journal.pcbi.1005510", "note": "cf. arXiv:1907.10121"},
        {"id": "pre", "number": "arXiv:2001.00001", "container-title": "see arXiv:1907.10121"},
        {"id": "gs", "container-title": "arXiv preprint arXiv:1907.10121"},
    ]
    bib = parse_bibliography(json.dumps(items))
    refs = {key: [str(r) for r in entry.refs] for key, entry in bib.entries.items()}
    assert refs == {"gep": [GEP_DOI], "pre": ["arXiv:2001.00001"], "gs": ["arXiv:1907.10121"]}


def _entry(fields: str) -> Entry:
    return parse_bibliography(f"@article{{scipy, {fields}}}").entries["scipy"]


def test_an_arxiv_id_and_a_journal_doi_are_both_named_and_the_arxiv_id_checked() -> None:
    entry = _entry(
        "eprint = {1907.10121}, archivePrefix = {arXiv}, doi = {10.1038/s41592-019-0686-2}"
    )
    assert [str(r) for r in entry.refs] == ["arXiv:1907.10121", "doi:10.1038/s41592-019-0686-2"]
    assert two_identifiers(entry) == (
        "bibliography entry 'scipy' names two identifiers, arXiv:1907.10121 and "
        "doi:10.1038/s41592-019-0686-2; it is checked as arXiv:1907.10121"
    )


@pytest.mark.parametrize(
    "fields",
    [
        "doi = {10.1038/s41592-019-0686-2}",
        "eprint = {1907.10121v2}, doi = {10.48550/arXiv.1907.10121}",  # arXiv's DOI: one work
        "eprint = {1907.10121}, url = {https://arxiv.org/abs/1907.10121v1}",
        # Only the DOI names the work: the note's arXiv id is not a second identifier.
        "doi = {10.1038/s41592-019-0686-2}, note = {Preprint: arXiv:1907.10121}",
        "title = {No identifier at all}",
    ],
)
def test_an_entry_naming_one_work_says_nothing(fields: str) -> None:
    assert two_identifiers(_entry(fields)) is None


@pytest.mark.parametrize(
    "naming",
    [
        r"doi = {10.1000/abc{\_}def}",
        r"doi = {10.1000/abc\_def}",
        r"url = {https://doi.org/10.1000/abc\_def}",
        r"doi = {10.1000/abc{\#}def}",
    ],
)
def test_tex_escapes_in_an_identifier_field_are_the_characters(naming: str) -> None:
    # The backslash was part of the DOI looked up: not_found, kept for 30 days.
    expected = "doi:10.1000/abc#def" if "#" in naming else "doi:10.1000/abc_def"
    assert _cited(f"@misc{{e, {naming}}}") == expected


SICI = "10.1002/(SICI)1097-4636(199706)35:4<413::AID-JBM1>3.0.CO;2-8"


@pytest.mark.parametrize(
    "naming",
    [
        f"doi = {{{SICI}}}",
        f"url = {{https://doi.org/{SICI}}}",
        f"note = {{doi:{SICI}}}",
        f"howpublished = {{\\url{{https://doi.org/{SICI}}}}}",
    ],
)
def test_a_sici_doi_in_any_field_is_the_whole_doi(naming: str) -> None:
    # QA: url and note gave doi:10.1002/(sici)1097-4636(199706)35:4, another work's DOI.
    assert _cited(f"@misc{{e, {naming}}}") == f"doi:{SICI.lower()}"


def test_an_entry_keeps_its_collaboration() -> None:
    bib = parse_bibliography("@article{e, author = {Aad, G. and others}, collaboration = {ATLAS}}")
    entry = bib.entries["e"]
    assert (entry.authors, entry.collaboration) == (("Aad",), "ATLAS")


@pytest.mark.parametrize(
    "naming",
    [
        r"doi = {\url{https://doi.org/10.1000/xyz}}",
        r"doi = {\href{https://doi.org/10.1000/xyz}{10.1000/xyz}}",
        r"doi = {\doi{10.1000/xyz}}",
        r"doi = {{10.1000/xyz}}",
        r"doi = {{\url{10.1000/xyz}}}",
        r"url = {\url{https://doi.org/10.1000/xyz}}",
        r"doi = {\url{https://doi.org/10.1000/x\_yz}}",
        r"doi = {\detokenize{10.1000/x_yz}}",
        r"doi = {\nolinkurl{10.1000/x_yz}}",
        r"doi = {\texttt{10.1000/x\_yz}}",
        r"doi = {\texttt{\url{https://doi.org/10.1000/xyz}}}",
    ],
)
def test_an_identifier_written_as_latex_prints_an_address_is_read(naming: str) -> None:
    # Each was "its doi field '\url{...}' is not a DOI": not checked, as if it gave none.
    expected = "doi:10.1000/x_yz" if "_" in naming else "doi:10.1000/xyz"
    assert _cited(f"@misc{{e, {naming}}}") == expected


@pytest.mark.parametrize(
    "fields",
    [
        "url = {https://arxiv.org/abs/2101.00001v3}, eprint = {2101.00001}",
        "eprint = {2101.00001}, archivePrefix = {arXiv}, url = {https://arxiv.org/pdf/2101.00001v3}",
        "eprint = {2101.00001v3}, url = {https://arxiv.org/abs/2101.00001}",
    ],
)
def test_the_version_one_field_gives_is_the_version_checked(fields: str) -> None:
    # The url's "v3" was lost: the entry was checked as arXiv:2101.00001, any version.
    entry = _entry(fields)
    assert [str(r) for r in entry.refs] == ["arXiv:2101.00001v3"]
    assert two_identifiers(entry) is None


def test_two_versions_of_one_arxiv_id_check_the_eprint_s_and_say_so() -> None:
    # They disagreed without a word; the eprint field, the entry's identifier, wins.
    entry = _entry("url = {https://arxiv.org/abs/2101.00001v3}, eprint = {2101.00001v2}")
    assert str(entry.refs[0]) == "arXiv:2101.00001v2"
    assert two_identifiers(entry) == (
        "bibliography entry 'scipy' names two versions of arXiv:2101.00001, v2 and v3; it is "
        "checked as arXiv:2101.00001v2"
    )


def test_an_entry_is_cited_by_its_ids_as_biblatex_reads_them() -> None:
    # biblatex's ids field names the keys an entry was cited by before it was renamed: each
    # was "no bibliography entry for @old2019".
    bib = (
        "@article{doe2019, title = {T}, doi = {10.1000/ab}, ids = {old2019, Doe:2019}}\n"
        "@article{other, title = {U}, doi = {10.1000/cd}, ids = {doe2019, old2019}}\n"
    )
    assert _cited(bib, "old2019") == "doi:10.1000/ab"
    assert _cited(bib, "Doe:2019") == "doi:10.1000/ab"
    # A key wins over another entry's alias of it; the first entry's alias over a later one's.
    assert _cited(bib, "doe2019") == "doi:10.1000/ab"


@pytest.mark.parametrize("value", ["10.1000/ab;10.1000/cd", "10.1000/ab,10.1000/cd"])
def test_a_doi_field_holding_two_dois_is_no_one_doi_and_the_review_says_why(value: str) -> None:
    # It was checked as one DOI, "10.1000/ab;10.1000/cd", which names no work.
    bib = parse_bibliography(f"@misc{{e, title = {{T}}, doi = {{{value}}}}}\n")
    resolution = bib.resolve(find_citations("A [@e].")[0])
    assert str(resolution.ref) == "local:e"
    # The review said only "has no arXiv id or DOI", as if the entry gave none.
    assert resolution.note == (
        f"bibliography entry 'e' has no arXiv id or DOI (its doi field '{value}' is not a DOI "
        "(it holds 2 DOIs; give the one of this work)), so it is looked up in the library as "
        "local:e"
    )


def test_a_doi_field_written_as_springer_prints_it_is_the_doi() -> None:
    # "its doi field 'DOI 10.1007/...' is not a DOI (it holds a space)".
    assert _cited("@misc{e, doi = {DOI 10.1007/s00453-019-00634-0}}") == (
        "doi:10.1007/s00453-019-00634-0"
    )


def test_a_sici_doi_s_semicolon_is_its_own() -> None:
    sici = "10.1002/(SICI)1097-4571(199806)49:8<693::AID-ASI4>3.0.CO;2-O"
    assert _cited(f"@misc{{e, doi = {{{sici}}}}}") == f"doi:{sici.lower()}"
