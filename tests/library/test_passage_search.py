"""Searching the library's passages: ranking, the user's words never FTS5 syntax, numbers and
forms of text (``claimaudit.library.passage_search``)."""

from __future__ import annotations

import pytest

from claimaudit.errors import PaperNotFoundError
from claimaudit.identity import parse_ref
from claimaudit.library.health import check_health
from claimaudit.library.models import NewPaper
from claimaudit.library.search_words import NoSearchWordsError
from claimaudit.library.store import Library
from claimaudit.passage import Passage
from tests.library.stored_papers import new_paper


def test_search_ranks_and_filters(library: Library) -> None:
    library.add_paper(
        new_paper(
            "doi:10.1234/a", "Sparse matrices in CSR format are fast.", "Unrelated words here."
        )
    )
    library.add_paper(
        new_paper("doi:10.1234/b", "Dense matrices only.", "CSR sparse sparse matrix.")
    )
    hits = library.search("sparse CSR matrices")
    assert {(str(h.ref), h.passage_id) for h in hits[:2]} == {
        ("doi:10.1234/a", "P001"),
        ("doi:10.1234/b", "P002"),
    }
    only_b = library.search("sparse", ref=parse_ref("doi:10.1234/b"))
    assert [(str(h.ref), h.passage_id) for h in only_b] == [("doi:10.1234/b", "P002")]
    assert library.search("sparse", limit=1)[0].score > 0
    with pytest.raises(PaperNotFoundError):
        library.search("sparse", ref=parse_ref("doi:10.1234/zzz"))


def test_a_search_in_a_version_not_stored_names_the_copies_that_are(library: Library) -> None:
    # `library search X --ref 1603.07285v1` said only "is not in the library" with v2 stored,
    # where `library show` of the same reference names the stored copies.
    library.add_paper(new_paper("1706.03762v2", "Sparse words.", digest="h2"))
    with pytest.raises(PaperNotFoundError) as searched:
        library.search("sparse", ref=parse_ref("1706.03762v1"))
    assert str(searched.value) == (
        "arXiv:1706.03762v1 is not in the library, which holds arXiv:1706.03762v2: name that "
        "version, or arXiv:1706.03762 without a version for the newest one stored"
    )


def test_search_page_says_whether_more_passages_match_than_the_limit(library: Library) -> None:
    # Twelve passages hold "sparse": a page of ten is the best ten, and says more match.
    library.add_paper(
        new_paper("doi:10.1234/a", *[f"Sparse solver number {i}." for i in range(12)])
    )
    hits, more = library.search_page("sparse", limit=10)
    assert len(hits) == 10 and more
    assert [h.passage_id for h in hits] == [h.passage_id for h in library.search("sparse")]
    assert library.search_page("sparse", limit=12)[1] is False
    assert len(library.search_page("sparse", limit=12)[0]) == 12
    assert library.search_page("sparse", limit=11) == (library.search("sparse", limit=11), True)
    within = library.search_page("solver", ref=parse_ref("doi:10.1234/a"), limit=5)
    assert len(within[0]) == 5 and within[1]


def test_search_hits_carry_the_pages_of_their_passage(library: Library) -> None:
    passages = [
        Passage("P001", "Sparse matrices on two pages.", "Intro", (3, 4)),
        Passage("P002", "Dense matrices without pages.", "Intro"),
    ]
    library.add_paper(NewPaper(parse_ref("local:p"), "T", passages, "h"))
    assert [h.pages for h in library.search("sparse")] == [(3, 4)]
    assert [h.pages for h in library.search("dense")] == [None]


@pytest.mark.parametrize(
    "query", ['"unbalanced', "NEAR(a b)", "text:sparse", "sparse*", "^sparse", "x AND OR NOT"]
)
def test_user_text_is_never_fts_syntax(library: Library, query: str) -> None:
    library.add_paper(new_paper("doi:10.1234/a", "Sparse text with a near neighbour and not much."))
    library.search(query)  # must not raise


@pytest.mark.parametrize("query", ["", "   ...  ", "*", '"', "-", "()", "a AND OR NOT", "the of"])
def test_a_query_with_no_word_to_search_for_is_refused(library: Library, query: str) -> None:
    library.add_paper(new_paper("doi:10.1234/a", "text the of"))
    with pytest.raises(NoSearchWordsError, match=r"^no word to search for"):
        library.search(query)


def test_a_capitalised_stop_word_after_a_word_is_searched_for(library: Library) -> None:
    library.add_paper(new_paper("doi:10.1234/a", "Vitamin D supplementation in winter."))
    library.add_paper(new_paper("doi:10.1234/b", "Vitamin A supplementation in children."))
    library.add_paper(new_paper("doi:10.1234/c", "Guidelines for a diet.", "WHO guidelines."))
    assert str(library.search("vitamin A supplementation")[0].ref) == "doi:10.1234/b"
    assert library.search("WHO guidelines")[0].text == "WHO guidelines."


def test_passages_holding_the_query_words_together_rank_first(library: Library) -> None:
    library.add_paper(new_paper("doi:10.1234/a", "Matrix inversion with a sparse solver."))
    library.add_paper(
        new_paper(
            "doi:10.1234/b", "We store every operator of the model in one sparse matrix format."
        )
    )
    assert str(library.search("sparse matrix")[0].ref) == "doi:10.1234/b"


def test_a_decimal_number_matches_only_itself(library: Library) -> None:
    library.add_paper(new_paper("doi:10.1234/a", "Dose of 2.5 mg.", "Figure 2 and table 5."))
    assert [h.text for h in library.search("2.5")] == ["Dose of 2.5 mg."]


def test_a_decimal_number_does_not_match_its_digits_across_other_punctuation(
    library: Library,
) -> None:
    library.add_paper(
        new_paper(
            "doi:10.1234/a",
            "Dose of 2.5 mg.",
            "We set i_2 = 5 here.",
            "See section 1.2.5 and 12.5 and 2.55 below.",
            "Mixed at (2.5), i.e. i_2 = 5.",
        )
    )
    hits = {h.text for h in library.search("2.5")}
    assert hits == {"Dose of 2.5 mg.", "Mixed at (2.5), i.e. i_2 = 5."}
    # A passage found by another word of the query stays, whatever its numbers.
    assert {h.text for h in library.search("2.5 set")} == {*hits, "We set i_2 = 5 here."}


def test_a_query_is_read_in_its_normal_form_and_as_typed(library: Library) -> None:
    library.add_paper(new_paper("doi:10.1234/a", "The ABC123 kit.", "A \ufb01eld trial."))
    # Full-width letters and digits find the plain word; a ligature typed finds itself.
    assert [h.text for h in library.search("\uff21\uff22\uff23\uff11\uff12\uff13")] == [
        "The ABC123 kit."
    ]
    assert [h.text for h in library.search("\ufb01eld")] == ["A \ufb01eld trial."]


def test_stored_text_in_compatibility_forms_is_found_by_the_plain_words_and_shown_as_stored(
    library: Library,
) -> None:
    """The index read the text as stored: "ﬁnding" (a ligature, as PDFs and Markdown hold it)
    was found only by a query typed with the ligature, "Soft" in full-width letters never."""
    ligature = "Our \ufb01nding holds for all inputs."
    wide = "\uff33\uff4f\uff46\uff54 models in \uff12\uff10\uff12\uff14, dose \uff12.\uff15 mg."
    library.add_paper(new_paper("doi:10.1234/a", ligature, wide, "Nothing else here."))
    assert [h.text for h in library.search("finding")] == [ligature]
    assert [h.text for h in library.search("\ufb01nding")] == [ligature]  # typed so, still
    assert [h.text for h in library.search("soft models")] == [wide]
    assert [h.text for h in library.search("2024")] == [wide]
    assert [h.text for h in library.search("2.5")] == [wide]
    # The passages themselves are kept as read: evidence is quoted from them.
    assert [p.text for p in library.passages(parse_ref("doi:10.1234/a"))][:2] == [ligature, wide]
    library.remove(parse_ref("doi:10.1234/a"))
    assert library.search("finding") == []
    assert check_health(library.path).healthy


def test_a_heading_in_compatibility_forms_is_found_by_the_plain_words_and_shown_as_stored(
    library: Library,
) -> None:
    """The index read headings as stored while it read passages NFKC-normalised: a section
    "E\ufb03cient \uff33\uff4f\uff46\uff54" (a ligature, full-width letters) was not found
    by "efficient" nor "soft"."""
    heading = "E\ufb03cient \uff33\uff4f\uff46\uff54 methods"
    passages = [Passage("P001", "We compare two solvers.", heading)]
    library.add_paper(NewPaper(parse_ref("doi:10.1234/a"), "T", passages, "h1"))
    library.add_paper(new_paper("doi:10.1234/b", "Nothing about solvers here."))
    for query in ("efficient", "soft", "E\ufb03cient"):
        hits = library.search(query)
        assert [(str(h.ref), h.section) for h in hits] == [("doi:10.1234/a", heading)], query
    assert library.passages(parse_ref("doi:10.1234/a"))[0].section == heading
    library.remove(parse_ref("doi:10.1234/a"))
    assert library.search("efficient") == []
    assert check_health(library.path).healthy


def test_a_hit_of_an_unversioned_copy_beside_versions_says_it_is_read_exactly(
    library: Library,
) -> None:
    library.add_paper(new_paper("2301.00001v1", "narwhal one", digest="h1"))
    library.add_paper(new_paper("2301.00001v2", "narwhal two", digest="h2"))
    library.add_paper(new_paper("2301.00001", "narwhal copy", digest="h3"))
    hits = {h.text: h for h in library.search("narwhal")}
    assert not hits["narwhal one"].exact and not hits["narwhal two"].exact
    copy = hits["narwhal copy"]
    assert copy.exact and str(copy.ref) == "arXiv:2301.00001"
    # The hit's ref, read exactly, is the copy the passage belongs to; read plainly, v2.
    assert library.require_paper(copy.ref, exact=True).content_hash == "h3"
    assert library.require_paper(copy.ref).ref.version == 2
    assert [p.text for p in library.iter_passages(copy.ref, exact=True)] == ["narwhal copy"]
    within = library.search("narwhal", ref=copy.ref, exact=True)
    assert [h.text for h in within] == ["narwhal copy"]
    with pytest.raises(PaperNotFoundError):
        library.require_paper(parse_ref("2301.00001v3"), exact=True)


@pytest.mark.parametrize(
    ("typed", "expected"),
    [("ασκηση", "local:el"), ("ΑΣΚΗΣΗ", "local:el"), ("ежики", "local:ru"), ("ёжи", "local:ru")],
)
def test_greek_and_russian_search_is_blind_to_tonos_and_yo(
    library: Library, typed: str, expected: str
) -> None:
    """The index keeps the Greek tonos and the Russian ё (it strips Latin accents only):
    "ασκηση" found no "άσκηση", nor "ежики" "ёжики"."""
    library.add_paper(new_paper("local:el", "η άσκηση μείωσε το άγχος.", digest="el"))
    library.add_paper(new_paper("local:ru", "Ёжики и ежи не участвовали.", digest="ru"))
    library.add_paper(new_paper("local:en", "Exercise reduced anxiety.", digest="en"))
    assert [str(h.ref) for h in library.search(typed)] == [expected]
