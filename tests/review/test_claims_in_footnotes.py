"""Citations in a Markdown draft's footnotes: a citation-only note cites for the sentence that
carries its marker, a prose note's sentences are claims of their own, a note-style reference is
no prose."""

from __future__ import annotations

import pytest

from claimaudit.review.bibliography import parse_bibliography
from claimaudit.review.claims import Claim, extract_claims

BIB = parse_bibliography(
    "@article{smith2020, author={Smith, Jane}, eprint={1907.10121}, archivePrefix={arXiv}}\n"
    "@article{a, author={Able, Ann}, doi={10.1234/a}}\n"
    "@article{b, author={Baker, Bo}, doi={10.1234/b}}\n"
)


def _cited(claim: Claim) -> list[str]:
    return [target.name for target in claim.targets]


@pytest.mark.parametrize(
    ("note", "cited"),
    [
        ("[^1]: See [@smith2020].", ["arXiv:1907.10121"]),
        ("[^1]: [@a; @b].", ["doi:10.1234/a", "doi:10.1234/b"]),
        ("[^1]: Cf. @smith2020, p. 4.", ["arXiv:1907.10121"]),
        ("[^1]: See also [@a], [@b].", ["doi:10.1234/a", "doi:10.1234/b"]),
        (
            "[^1]: *E.g.*, [@a, pp. 4--5] and, for a review, [@b, ch. iv].",
            ["doi:10.1234/a", "doi:10.1234/b"],
        ),
        ("[^1]: doi:10.1234/a", ["doi:10.1234/a"]),
        # The cited works' authors, named around the citation, say nothing more.
        (
            "[^1]: Smith (2020), and Able and Baker, [@smith2020; @a; @b].",
            ["arXiv:1907.10121", "doi:10.1234/a", "doi:10.1234/b"],
        ),
        ("[^1]:\n    See [@a].\n\n    See also [@b].", ["doi:10.1234/a", "doi:10.1234/b"]),
    ],
)
def test_a_citation_only_note_cites_for_the_sentence_carrying_its_marker(
    note: str, cited: list[str]
) -> None:
    draft = f"SciPy is widely used in science.[^1] Nothing else is cited.\n\n{note}\n"
    claims, uncited = extract_claims(draft, BIB)
    [claim] = claims
    assert claim.text == "SciPy is widely used in science."
    assert _cited(claim) == cited
    assert (
        draft[claim.sentence.start : claim.sentence.end] == "SciPy is widely used in science.[^1]"
    )
    # The note is no sentence of its own: neither a claim nor an uncited sentence.
    assert [s.text for s in uncited] == ["Nothing else is cited."]


def test_a_pandoc_inline_note_is_read_like_a_footnote() -> None:
    draft = (
        "SciPy is widely used.^[See @smith2020, p. 4.] Models matter.^[Jones showed that "
        "models matter [@a]. Nothing cited here.] Last one.\n"
    )
    claims, uncited = extract_claims(draft, BIB)
    assert [(c.text, _cited(c)) for c in claims] == [
        ("SciPy is widely used.", ["arXiv:1907.10121"]),
        ("Jones showed that models matter.", ["doi:10.1234/a"]),
    ]
    # The inline note is no part of the sentence around it, nor does it split it.
    assert [s.text for s in uncited] == ["Models matter.", "Nothing cited here.", "Last one."]
    inner = claims[1].sentence
    assert draft[inner.start : inner.end] == "Jones showed that models matter [@a]."
    assert claims[0].sentence.text == "SciPy is widely used."


def test_each_marker_of_a_note_gives_its_sentence_the_citations() -> None:
    draft = (
        "SciPy is widely used [@b].[^n]\n\n> A quoted claim.[^n]\n\n- Listed once[^n] and again.\n"
        "\n[^n]: See [@smith2020].\n"
    )
    claims, uncited = extract_claims(draft, BIB)
    assert [(c.text, _cited(c)) for c in claims] == [
        ("SciPy is widely used.", ["doi:10.1234/b", "arXiv:1907.10121"]),
        ("A quoted claim.", ["arXiv:1907.10121"]),
        ("Listed once and again.", ["arXiv:1907.10121"]),
    ]
    assert uncited == []
    # Its own citation stays placed in the sentence; the note's come apart.
    assert [c.label for c in claims[0].citations] == ["@b"]
    assert [c.label for c in claims[0].noted] == ["@smith2020"]


def test_a_prose_note_has_claims_of_its_own() -> None:
    draft = (
        "Models matter.[^2] Data matter.[^3]\n\n"
        "[^2]: Smith showed that models matter [@smith2020]. See also [@b].\n"
        "    This part cites nothing.\n\n"
        "[^3]: See [@a]. Able measured the data [@b].\n"
    )
    claims, uncited = extract_claims(draft, BIB)
    assert [(c.text, _cited(c), c.sentence.index) for c in claims] == [
        # The first sentence of a note holding only citations gives them to the sentence
        # carrying the note's marker...
        ("Data matter.", ["doi:10.1234/a"], 1),
        # ... a later one to the sentence before it in the note.
        ("Smith showed that models matter.", ["arXiv:1907.10121", "doi:10.1234/b"], 2),
        ("Able measured the data.", ["doi:10.1234/b"], 4),
    ]
    assert [(s.text, s.index) for s in uncited] == [
        ("Models matter.", 0),  # its marker is no word of it
        ("This part cites nothing.", 3),
    ]
    note = claims[1].sentence
    assert (note.line, note.column) == (3, 7)
    assert draft[note.start : note.end] == "Smith showed that models matter [@smith2020]."
    assert claims[1].anchor == draft.index("[^2]") + len("[^2]")


@pytest.mark.parametrize(
    "note",
    [
        "[^3]: Smith J. 2020. Title of the paper. doi:10.1234/a",
        "[^3]: Smith, J., *Title of the paper*, Journal 3:4, https://doi.org/10.1234/a.",
    ],
)
def test_a_note_style_reference_is_no_prose_and_its_identifier_cites(note: str) -> None:
    draft = f"Models matter.[^3]\n\n{note}\n"
    claims, uncited = extract_claims(draft, BIB)
    assert [(c.text, _cited(c)) for c in claims] == [("Models matter.", ["doi:10.1234/a"])]
    assert uncited == []


@pytest.mark.parametrize(
    "note",
    [
        "[^3]: Smith J. 2020. Title of the paper. Journal 3:4.",
        "[^3]: `https://software-carpentry.org/`",
        "[^3]: <https://example.org/page>",
    ],
)
def test_a_reference_without_identifier_or_a_bare_link_cites_nothing(note: str) -> None:
    claims, uncited = extract_claims(f"Models matter.[^3]\n\n{note}\n", BIB)
    assert claims == []
    assert [s.text for s in uncited] == ["Models matter."]  # a marker is no word of it


def test_a_note_citing_nothing_is_uncited_prose() -> None:
    draft = "Future selves.[^3]\n\n[^3]: As the joke goes, they do not answer email.\n"
    claims, uncited = extract_claims(draft, BIB)
    assert claims == []
    assert [s.text for s in uncited] == [
        "Future selves.",
        "As the joke goes, they do not answer email.",
    ]


def test_a_note_no_marker_refers_to_is_not_read() -> None:
    # As in Pandoc, which drops it: the parser never places it.
    claims, uncited = extract_claims("Plain text.\n\n[^9]: Smith showed it [@a].\n", BIB)
    assert claims == []
    assert [s.text for s in uncited] == ["Plain text."]


def test_a_note_marked_in_a_heading_or_a_table_keeps_its_claims() -> None:
    draft = (
        "# Results[^1]\n\n| a^[Able found that data matter [@a].] | b |\n|---|---|\n| c | d |\n\n"
        "Body.\n\n[^1]: Smith showed that models matter [@smith2020].\n"
    )
    claims, _ = extract_claims(draft, BIB)
    assert [(c.text, _cited(c)) for c in claims] == [
        ("Able found that data matter.", ["doi:10.1234/a"]),
        ("Smith showed that models matter.", ["arXiv:1907.10121"]),
    ]
    # Each is marked, in the annotated copy, right after its note's marker.
    assert [draft[: c.anchor][-8:] for c in claims] == ["r [@a].]", "ults[^1]"]


def test_note_positions_are_exact_with_crlf_tabs_and_a_bom() -> None:
    draft = (
        "\ufeffFirst claim.[^1]\r\nMore^[Inline\r\n  note: Able found Z [@a].] text.\r\n\r\n"
        "- Item\t[^x]\r\n\r\n[^1]: See [@a].\r\n\r\n"
        "[^x]:\tAble found   W\r\n    over lines [@b].\r\n"
    )
    claims, uncited = extract_claims(draft, BIB)
    assert [draft[c.sentence.start : c.sentence.end] for c in claims] == [
        "First claim.[^1]",
        "Inline\r\n  note: Able found Z [@a].",
        "Able found   W\r\n    over lines [@b].",
    ]
    assert [(c.sentence.line, c.sentence.column) for c in claims] == [(1, 1), (2, 7), (9, 7)]
    # An uncited sentence reads without its marker; its place in the draft still holds it.
    assert [s.text for s in uncited] == ["More text.", "Item"]
    assert draft[uncited[1].start : uncited[1].end] == "Item\t[^x]"


@pytest.mark.parametrize(
    "draft",
    [
        "Coffee reduces sleep [@a][^q].\n\n[^q]: See also [@smith2020].\n",
        "Coffee reduces sleep [@a] [^q].\n\n[^q]: See also [@smith2020].\n",
    ],
)
def test_a_marker_right_after_a_citation_keeps_it(draft: str) -> None:
    [claim], uncited = extract_claims(draft, BIB)
    assert claim.text == "Coffee reduces sleep."
    assert [c.label for c in claim.citations] == ["@a"]
    assert _cited(claim) == ["doi:10.1234/a", "arXiv:1907.10121"]
    assert uncited == []


@pytest.mark.parametrize(
    "nested", ["[@smith2020][^a]", "[@smith2020] [^a]", "See [^a] and [@smith2020]."]
)
def test_a_citation_only_note_passes_on_the_notes_it_marks(nested: str) -> None:
    draft = f"Tea is good.[^b] Plain.\n\n[^b]: {nested}\n\n[^a]: See [@a].\n"
    [claim], uncited = extract_claims(draft, BIB)
    # No claim of "" in the note: its citation, and its own note's, go to the marked sentence.
    assert claim.text == "Tea is good."
    assert sorted(_cited(claim)) == ["arXiv:1907.10121", "doi:10.1234/a"]
    assert [s.text for s in uncited] == ["Plain."]


def test_a_marker_then_a_citation_after_a_full_stop_ends_the_sentence() -> None:
    draft = "Coffee is ok.[^q] [@a] More text here.\n\n[^q]: See also [@smith2020].\n"
    [claim], uncited = extract_claims(draft, BIB)
    assert claim.text == "Coffee is ok."
    assert _cited(claim) == ["doi:10.1234/a", "arXiv:1907.10121"]
    assert draft[claim.sentence.start : claim.sentence.end] == "Coffee is ok.[^q] [@a]"
    assert [s.text for s in uncited] == ["More text here."]


@pytest.mark.parametrize(
    ("note", "claim", "cited"),
    [
        (
            "Evening coffee reduces sleep by forty minutes (doi:10.1234/a).",
            "Evening coffee reduces sleep by forty minutes.",
            "doi:10.1234/a",
        ),
        (
            "Deep networks predict protein structures, as shown in "
            "https://arxiv.org/abs/1907.10121.",
            "Deep networks predict protein structures.",
            "arXiv:1907.10121",
        ),
        (
            "In 2020, evening coffee cut sleep by an hour, see https://doi.org/10.1234/a.",
            "In 2020, evening coffee cut sleep by an hour.",
            "doi:10.1234/a",
        ),
    ],
)
def test_a_prose_note_citing_by_identifier_is_judged_as_the_body_would_be(
    note: str, claim: str, cited: str
) -> None:
    draft = f"Sleep matters a lot.[^5]\n\n[^5]: {note}\n"
    claims, uncited = extract_claims(draft, BIB)
    assert [(c.text, _cited(c)) for c in claims] == [(claim, [cited])]
    assert [s.text for s in uncited] == ["Sleep matters a lot."]
    # The same sentence in the body reads the same.
    [body], _ = extract_claims(f"{note}\n", BIB)
    assert (body.text, _cited(body)) == (claim, [cited])
