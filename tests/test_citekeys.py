"""Which key a citation names: case and Unicode form (``claimaudit.citekeys``)."""

from __future__ import annotations

from claimaudit.citekeys import citable_names, names_alike
from claimaudit.review.bibliography import parse_bibliography
from claimaudit.review.citations import find_citations

COMPOSED = "M\u00fcller2020"  # "ü" as one character (NFC)
DECOMPOSED = "Mu\u0308ller2020"  # "u" and a combining diaeresis (NFD)


def test_a_key_in_either_unicode_form_names_the_entry_as_biber_reads_it() -> None:
    # A .bib written on macOS (or exported) in NFD, cited from a draft typed in NFC, was
    # "no bibliography entry", though biber reads both as one key.
    bib = parse_bibliography(
        f"@article{{{DECOMPOSED}, title = {{T}}, doi = {{10.1000/m}}}}\n"
        "@article{Cafe\u03012021, doi = {10.1000/c}}\n"
    )
    cited = [bib.resolve(c) for c in find_citations(f"A [@{COMPOSED}; @CAF\u00c92021].")]
    assert [str(r.ref) for r in cited] == ["doi:10.1000/m", "doi:10.1000/c"]
    # And the other way round: an NFD citation of an NFC key (or alias).
    named = citable_names([(COMPOSED, ()), ("lee2021", ("Z\u00fcrich21",))])
    assert names_alike(DECOMPOSED, named) == [COMPOSED]
    assert names_alike("zu\u0308rich21", named) == ["Z\u00fcrich21"]
    assert names_alike("Muller2020", named) == []  # an accent dropped is another key
