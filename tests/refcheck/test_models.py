"""A cited reference built by hand: each field of the wrong type is refused, naming it."""

from __future__ import annotations

import pytest

from claimaudit.errors import UsageError
from claimaudit.identity import parse_ref
from claimaudit.refcheck import CitedReference
from claimaudit.refcheck.models import CatalogueRecord

REF = parse_ref("1907.10121")


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        # One author as a string was compared letter by letter: a mismatch the draft lacks.
        (
            {"authors": "Virtanen"},
            "CitedReference authors must be a tuple of family names, not str",
        ),
        ({"authors": ("Virtanen", 7)}, "CitedReference authors must be strings, not int"),
        ({"year": "2019"}, "CitedReference year must be a whole number or None, not str"),
        ({"year": True}, "CitedReference year must be a whole number or None, not bool"),
        ({"ref": "1907.10121"}, "CitedReference ref must be a PaperRef (parse_ref makes one)"),
        ({"title": 5}, "CitedReference title must be a string or None, not int"),
        ({"text": b"x"}, "CitedReference text must be a string or None, not bytes"),
        ({"unread_year": 2020}, "CitedReference unread_year must be a string or None, not int"),
        ({"key": None}, "CitedReference key must be a string, not NoneType"),
    ],
)
def test_a_field_of_the_wrong_type_is_refused_naming_it(
    fields: dict[str, object], message: str
) -> None:
    given: dict[str, object] = {"key": "scipy", "ref": REF} | fields
    with pytest.raises(UsageError) as caught:
        CitedReference(**given)  # type: ignore[arg-type]
    assert str(caught.value).startswith(message)


def test_authors_given_as_a_list_are_kept_as_a_tuple() -> None:
    cited = CitedReference("scipy", REF, "SciPy 1.0", ["Virtanen", "Gommers"], 2019)  # type: ignore[arg-type]
    assert cited.authors == ("Virtanen", "Gommers")
    assert hash(cited) == hash(
        CitedReference("scipy", REF, "SciPy 1.0", ("Virtanen", "Gommers"), 2019)
    )
    assert CitedReference("bare", None).ref is None


def test_a_kept_record_of_a_doi_holding_a_percent_reads_back_as_that_doi() -> None:
    # Read back, "doi:10.1000/pct%20x" was decoded again into "pct x", no DOI: refs stopped.
    ref = parse_ref("https://doi.org/10.1000/pct%2520x")
    record = CatalogueRecord("crossref", ref, "Percent paper", ("Doe",), (2019,))
    assert CatalogueRecord.from_dict(record.to_dict()) == record


def test_a_record_kept_with_mathml_in_its_title_reads_back_as_its_text() -> None:
    # A Crossref answer kept in the library before formulas were read stayed a title mismatch.
    ref = parse_ref("10.1103/mathml")
    kept = CatalogueRecord("crossref", ref, "", ("Doe",), (2021,)).to_dict()
    kept["title"] = (
        'Search for <mml:math xmlns:mml="http://www.w3.org/1998/Math/MathML"><mml:mi>B</mml:mi>'
        '<mml:annotation encoding="application/x-tex">B</mml:annotation></mml:math> decays'
    )
    assert CatalogueRecord.from_dict(kept).title == "Search for B decays"
