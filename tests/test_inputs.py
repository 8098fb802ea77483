"""What a check accepts: claims, topics and paper references, before any paper is read."""

from __future__ import annotations

import pytest

from claimaudit.errors import DuplicatePaperError, InvalidClaimError, InvalidClaimTextError
from claimaudit.inputs import (
    MAX_CLAIM_CHARS,
    MAX_TOPIC_CHARS,
    check_distinct,
    ranking_query,
    ref_key,
    search_query,
    source_query,
    topic_reordered,
    validate_claim,
    validate_papers,
    validate_topic,
)
from claimaudit.library.fts import query_terms


def test_a_claim_is_checked_with_its_whitespace_normalised() -> None:
    assert validate_claim("  SciPy   provides\nsparse matrices. ") == (
        "SciPy provides sparse matrices."
    )


@pytest.mark.parametrize(
    ("claim", "message"),
    [
        ("", "the claim is empty"),
        ("   \n ", "the claim is empty"),
        ("?! ...", "no words to check"),
        ("x" * (MAX_CLAIM_CHARS + 1), "the limit is"),
    ],
)
def test_a_claim_that_cannot_be_checked_is_a_usage_error(claim: str, message: str) -> None:
    with pytest.raises(InvalidClaimError, match=message):
        validate_claim(claim)


def test_a_topic_is_optional_and_bounded() -> None:
    assert validate_topic(None) is None
    assert validate_topic("sparse matrices") == "sparse matrices"
    with pytest.raises(InvalidClaimError, match="topic"):
        validate_topic("t" * (MAX_TOPIC_CHARS + 1))


def test_a_paper_given_twice_in_any_spelling_is_refused() -> None:
    check_distinct(["arXiv:1907.10121", "doi:10.1038/s41592-019-0686-2"])
    assert ref_key(" arXiv:1907.10121 ") == ref_key("arXiv:1907.10121")
    with pytest.raises(InvalidClaimError, match="more than once"):
        check_distinct(["arXiv:1907.10121", " arXiv:1907.10121 "])


@pytest.mark.parametrize(
    "twice",
    [
        ["arXiv:math.GT/0309136", "math/0309136"],
        ["10.1371/journal.pcbi.1005510", "https://doi.org/10.1371/journal.pcbi.1005510/"],
        ["doi:10.1371/journal.pcbi.1005510", "doi:10.1371/journal.pcbi.1005510,"],
    ],
)
def test_two_spellings_of_one_paper_are_one_paper(twice: list[str]) -> None:
    with pytest.raises(InvalidClaimError, match="more than once"):
        check_distinct(twice)


def test_a_paper_given_twice_in_two_spellings_is_refused_naming_both() -> None:
    with pytest.raises(InvalidClaimError) as caught:
        check_distinct(["doi:10.1000/xyz", "arXiv:1907.10121", "https://www.doi.org/10.1000/XYZ"])
    assert str(caught.value) == (
        "paper 'https://www.doi.org/10.1000/XYZ' is given more than once (as 'doi:10.1000/xyz')"
    )
    # The same spelling twice needs no second name.
    with pytest.raises(InvalidClaimError) as caught:
        check_distinct(["local:a", "local:a"])
    assert str(caught.value) == "paper 'local:a' is given more than once"


@pytest.mark.parametrize("limit", [None, 50])
def test_copies_of_one_paper_past_the_limit_are_a_duplicate_with_or_without_a_limit(
    limit: int | None,
) -> None:
    # QA: 51 copies of one paper were DuplicatePaperError from Python (no limit) but "51 papers
    # in one check; the limit is 50" over HTTP and MCP: one order of checks everywhere.
    with pytest.raises(DuplicatePaperError, match=r"^paper 'scifact:1' is given more than once$"):
        validate_papers(["scifact:1"] * 51, limit)


def test_distinct_papers_past_the_limit_are_refused_by_count() -> None:
    distinct = [f"scifact:{n}" for n in range(51)]
    with pytest.raises(InvalidClaimError, match=r"^51 papers in one check; the limit is 50$"):
        validate_papers(distinct, 50)
    # A duplicate only past the first limit + 1 is not looked for: the count is the fault.
    with pytest.raises(InvalidClaimError, match=r"^52 papers in one check; the limit is 50$"):
        validate_papers([*distinct, "scifact:0"], 50)
    validate_papers(distinct[:50], 50)


def test_the_topic_narrows_ranking_and_leads_the_source_search() -> None:
    assert search_query("Claim.", None) == "Claim."
    assert search_query("Claim.", "topic") == "Claim. topic"
    # QA: a cached record showed an earlier run's spacing; the cache key ignores it.
    assert search_query("Claim.", " widget \t  throughput ") == "Claim. widget throughput"
    assert source_query("Claim.", "  focused topic ") == "focused topic"
    assert source_query("Claim.", "   ") == "Claim."


def test_the_ranker_reads_the_topic_first_so_a_long_claim_cannot_push_it_out() -> None:
    long_claim = " ".join(f"filler{i}" for i in range(70))
    assert ranking_query("Claim.", "topic") == "topic Claim."
    assert ranking_query("Claim.", None) == "Claim."
    assert "checkerboard" in query_terms(ranking_query(long_claim, "checkerboard"))
    assert topic_reordered(long_claim, "checkerboard")
    assert not topic_reordered("A short claim.", "checkerboard")
    assert not topic_reordered(long_claim, None)


@pytest.mark.parametrize(
    ("claim", "message"),
    [
        ("Sparse\x00 matrices save memory.", "U+0000 (a null character) at character 7"),
        ("Sparse matrices \x1b[2J save memory.", "U+001B (a control character) at character 17"),
        ("Sparse matrices save\x7f memory.", "U+007F (a delete character) at character 21"),
        ("Sparse \x9b matrices save memory.", "U+009B (a control character) at character 8"),
        ("Sparse mat\u202erices save memory.", "U+202E (a right-to-left override) at character 11"),
        ("\u202dSparse matrices save memory.", "U+202D (a left-to-right override) at character 1"),
        # Embeddings reorder words too: "\u202bnot raises\u202c" reads "raises not" on screen.
        ("Aspirin \u202araises\u202c fever.", "U+202A (a left-to-right embedding) at character 9"),
        ("Aspirin \u202braises\u202c fever.", "U+202B (a right-to-left embedding) at character 9"),
        ("Aspirin raises\u202c fever.", "U+202C (a pop directional formatting) at character 15"),
    ],
)
def test_a_claim_holding_a_control_or_override_is_refused_naming_it(
    claim: str, message: str
) -> None:
    # A paste from a binary, or text that reads otherwise on screen than to the judge.
    with pytest.raises(InvalidClaimTextError) as refused:
        validate_claim(claim)
    assert str(refused.value) == f"the claim holds {message}"
    with pytest.raises(InvalidClaimTextError) as refused:
        validate_topic(claim)
    assert str(refused.value) == f"the topic holds {message}"


SHALOM = "\u05e9\u05dc\u05d5\u05dd"  # Hebrew, as escapes: ruff takes its letters for Latin ones


def test_tab_and_line_breaks_are_whitespace() -> None:
    claim = "Sparse\tmatrices\r\nsave\x0bmemory\x0c\x85here."
    assert validate_claim(claim) == "Sparse matrices save memory here."
    assert validate_topic(claim) == claim


@pytest.mark.parametrize(
    "claim",
    [
        # Bidi marks and isolates as right-to-left text uses them.
        f"Le mot \u200f{SHALOM}\u200e reste lisible.",
        "Le chiffre \u061c\u0663 est arabe.",
        f"Le nom \u2067{SHALOM}\u2069 est isolé.",
        # Zero-width joiners and non-joiners: Indic scripts and emoji sequences.
        "क्\u200dष and \u200c words 👩\u200d🔬 here.",
    ],
)
def test_bidi_marks_isolates_and_joiners_are_ordinary_text(claim: str) -> None:
    assert validate_claim(claim) == claim
    assert validate_topic(claim) == claim


def test_a_claim_in_decomposed_unicode_is_read_composed() -> None:
    # "naïve" pasted as "i" and a combining diaeresis (NFD) is the same sentence: it must be
    # ranked, judged and cached as the composed one, its look unchanged (no NFKC folding).
    decomposed = "Nai\u0308ve baselines beat 10\u00b2 tuned models."
    assert validate_claim(decomposed) == "Na\u00efve baselines beat 10\u00b2 tuned models."


def test_a_claim_is_read_without_the_invisible_characters_that_join_a_word() -> None:
    # "ma\u00adtrix" pasted from a web page split the word for the rankers, so the sentence got
    # other evidence; a zero-width space parts two words, and stays.
    pasted = "\ufeffSciPy pro\u2060vides sparse ma\u00adtrix data struc\u034ftures. \ufeff"
    assert validate_claim(pasted) == "SciPy provides sparse matrix data structures."
    assert (
        validate_claim("Sparse\u200bmatrices save memory.") == "Sparse\u200bmatrices save memory."
    )


def test_a_claim_far_over_the_limit_is_refused_without_splitting_it_into_words() -> None:
    # QA: a batch line with a 50 MB claim took 530 MB to refuse, split into a list of its
    # five million words to join them again; its spaces are now collapsed in one pass.
    import tracemalloc

    claim = "Baselines " * 500_000  # 5,000,000 characters, one byte each
    tracemalloc.start()
    try:
        with pytest.raises(InvalidClaimError, match="the claim has 4999999 characters"):
            validate_claim(claim)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 3 * len(claim), peak
