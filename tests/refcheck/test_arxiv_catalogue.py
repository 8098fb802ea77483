"""arXiv as a catalogue: what counts as a withdrawal. Real withdrawals say so in the comment
("This paper has been withdrawn by the author(s)", "withdrawn by arXiv administrators",
"Withdrawn: ...") or open the abstract with it; a paper about withdrawal rates or withdrawn
drugs is not withdrawn."""

from __future__ import annotations

import pytest

from claimaudit.identity import PaperRef, parse_ref
from claimaudit.refcheck.arxiv_catalogue import arxiv_record
from claimaudit.sources.arxiv import ArxivClient, ArxivEntry


class _OneEntry:
    """Stands in for ArxivClient: answers every id with one entry."""

    def __init__(self, entry: ArxivEntry) -> None:
        self._entry = entry

    def entry(self, ref: PaperRef) -> ArxivEntry:
        return self._entry


def _withdrawn(comment: str | None, summary: str = "An abstract.") -> str | None:
    ref = parse_ref("arXiv:2001.00001v2")
    found = ArxivEntry(ref, "A title", ("Ann Smith",), comment=comment, summary=summary)
    client: ArxivClient = _OneEntry(found)  # type: ignore[assignment]
    return arxiv_record(client, parse_ref("arXiv:2001.00001")).withdrawn


@pytest.mark.parametrize(
    "comment",
    [
        "This paper has been withdrawn by the author due to an error in equation 3",
        "This paper has been withdrawn by the authors",
        "This paper has been withdrawn by the author(s)",
        "This submission has been withdrawn by arXiv administrators due to inappropriate text",
        "Withdrawn: the main result is wrong",
        "withdrawn due to a crucial error in the proof",
        "v3: withdrawn by the authors",
        "Paper withdrawn",
        "12 pages. This paper has been withdrawn",
    ],
)
def test_withdrawal_comments(comment: str) -> None:
    assert _withdrawn(comment) == f"arXiv withdrawal (arXiv:2001.00001v2: {comment})"


@pytest.mark.parametrize(
    "comment",
    [
        "v2: corrected the withdrawal rate tables",
        "Safe withdrawal rates; 14 pages",
        "Data on withdrawn drugs from the FDA list",
        "Drugs withdrawn by the authorities are listed in Table 2",
        # Another version's, another paper's, or a venue's withdrawal: not this paper's.
        "v3: an earlier version was withdrawn by the authors because of an error in Lemma 2; "
        "this version corrects it",
        "Supersedes arXiv:1901.00001, which has been withdrawn by the author",
        "The paper was withdrawn from NeurIPS 2020 and is now published in JMLR",
        "12 pages; replaces a version withdrawn by the authors",
        None,
    ],
)
def test_comments_that_only_mention_withdrawal(comment: str | None) -> None:
    assert _withdrawn(comment) is None


def test_an_abstract_counts_only_when_it_opens_with_the_notice() -> None:
    notice = "This paper has been withdrawn by the author due to a flaw in Lemma 2."
    assert _withdrawn(None, notice) == f"arXiv withdrawal (arXiv:2001.00001v2: {notice})"
    assert _withdrawn(None, "Withdrawn.") is not None
    assert _withdrawn(None, "Withdrawn drugs are a major source of evidence.") is None
    assert _withdrawn(None, "We study why papers are withdrawn by the authors.") is None


def test_a_collaboration_is_kept_whole_as_an_author() -> None:
    ref = parse_ref("arXiv:1207.7214v2")
    found = ArxivEntry(ref, "Higgs", ("The ATLAS Collaboration", "Georges Aad", "Jr. X Smith Jr."))
    client: ArxivClient = _OneEntry(found)  # type: ignore[assignment]
    record = arxiv_record(client, parse_ref("arXiv:1207.7214"))
    assert record.authors == ("The ATLAS Collaboration", "Aad", "Smith")


def test_a_name_written_family_first_gives_that_family_name() -> None:
    # "Smith, John" gave "John".
    ref = parse_ref("arXiv:1204.5682v1")
    names = ("Smith, John", "Martin Luther King, Jr.", "van der Walt, St\u00e9fan")
    client: ArxivClient = _OneEntry(ArxivEntry(ref, "A title", names))  # type: ignore[assignment]
    record = arxiv_record(client, parse_ref("arXiv:1204.5682"))
    assert record.authors == ("Smith", "King", "van der Walt")


def test_a_date_in_digits_int_cannot_read_gives_no_year() -> None:
    # "²⁰²⁰".isdigit() is true, but int() refuses it: the record had crashed the refcheck.
    ref = parse_ref("arXiv:2001.00001v1")
    raised = "\u00b2\u2070\u00b2\u2070-01-01"
    found = ArxivEntry(ref, "A title", published=raised, updated="2021-02")
    client: ArxivClient = _OneEntry(found)  # type: ignore[assignment]
    assert arxiv_record(client, parse_ref("arXiv:2001.00001")).years == (2021,)
