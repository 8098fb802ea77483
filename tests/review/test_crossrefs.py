"""Cross-references to a draft's own figures and tables: no citations, a "1" to the judge."""

from __future__ import annotations

from claimaudit.review.crossrefs import CROSS_REFERENCE, is_cross_reference, with_placeholders


def test_pandoc_crossref_and_quarto_keys_are_cross_references() -> None:
    for key in ("fig:one", "tbl:one", "eq:one", "sec:intro", "Fig:one", "fig-one", "thm-main"):
        assert is_cross_reference(key), key
    for key in ("smith2020", "figueroa2020", "doi:10.1/x", "vanderwalt:2014", "secord-2020"):
        assert not is_cross_reference(key), key


def test_each_cross_reference_reads_as_the_latex_placeholder() -> None:
    assert CROSS_REFERENCE == "1"
    assert with_placeholders("As shown in @fig:one, SciPy is used.") == (
        "As shown in 1, SciPy is used."
    )
    assert with_placeholders("See [@fig:a; @fig:b] and [-@eq:one], per @Sec:intro.") == (
        "See 1 and 1, per 1."
    )
    assert with_placeholders("Quarto's @tbl-one and @thm-main: y") == "Quarto's 1 and 1: y"


def test_addresses_code_and_citations_keep_their_at_signs() -> None:
    text = "Mail a@fig:x, see `@fig:y`, https://x.org/@fig:z and @smith2020."
    assert with_placeholders(text) == text
