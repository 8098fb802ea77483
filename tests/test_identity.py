from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from claimaudit.errors import InvalidReferenceError
from claimaudit.identity import PaperRef, RefKind, arxiv_id_error, parse_ref
from tests.users_mypy import strict_errors


@pytest.mark.parametrize(
    ("text", "work", "version"),
    [
        ("1706.03762", "1706.03762", None),
        ("1706.03762v5", "1706.03762", 5),
        ("arXiv:1706.03762v5", "1706.03762", 5),
        ("ARXIV: 2105.14372", "2105.14372", None),
        ("https://arxiv.org/abs/1706.03762", "1706.03762", None),
        ("https://arxiv.org/pdf/1706.03762v2.pdf", "1706.03762", 2),
        ("https://arxiv.org/pdf/1706.03762v2", "1706.03762", 2),
        ("https://arxiv.org/html/1706.03762v7/", "1706.03762", 7),
        ("http://export.arxiv.org/abs/1907.10121?context=cs", "1907.10121", None),
        ("hep-th/9901001", "hep-th/9901001", None),
        ("hep-th/9901001v2", "hep-th/9901001", 2),
        ("arXiv:math.GT/0309136v1", "math/0309136", 1),
        ("https://arxiv.org/abs/hep-th/9901001v3", "hep-th/9901001", 3),
        ("0704.0001", "0704.0001", None),
        ("1412.6980v9", "1412.6980", 9),
    ],
)
def test_arxiv_forms(text: str, work: str, version: int | None) -> None:
    ref = parse_ref(text)
    assert ref == PaperRef(RefKind.ARXIV, work, version)


@pytest.mark.parametrize(
    ("text", "work"),
    [
        ("10.1000/xyz", "10.1000/xyz"),
        ("doi:10.1371/journal.pcbi.1005510", "10.1371/journal.pcbi.1005510"),
        ("DOI: 10.1371/Journal.PCBI.1005510", "10.1371/journal.pcbi.1005510"),
        # As Springer prints it, and a .bib copied from the PDF gives it ("it holds a space").
        ("DOI 10.1007/s00453-019-00634-0", "10.1007/s00453-019-00634-0"),
        ("https://doi.org/10.1098/rsif.2017.0387", "10.1098/rsif.2017.0387"),
        ("https://dx.doi.org/10.1038/s41592-019-0686-2", "10.1038/s41592-019-0686-2"),
        ("https://doi.org/10.1000/a%2Fb", "10.1000/a/b"),
        # A DOI's URI forms, as OpenURL and RDF metadata (and so some .bib exports) write them.
        ("info:doi/10.1000/N", "10.1000/n"),
        ("urn:doi:10.1000/m", "10.1000/m"),
        ("INFO:DOI/10.1000/x", "10.1000/x"),
    ],
)
def test_doi_forms(text: str, work: str) -> None:
    assert parse_ref(text) == PaperRef(RefKind.DOI, work)


def test_local_ids_keep_prefix() -> None:
    assert parse_ref("scifact:4983") == PaperRef(RefKind.LOCAL, "scifact:4983")
    assert parse_ref("SciFact:4983").work == "scifact:4983"
    assert str(parse_ref("checkcovid:abc-12.x")) == "checkcovid:abc-12.x"


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "1706.0376",
        "1412.69801",
        "1713.01234",
        "170.03762",
        "arXiv:",
        "doi:11.1000/x",
        "10.1000",
        "https://example.org/paper",
        "scifact:",
        ":4983",
        "not a ref",
        "1706.03762v",
        "https://arxiv.org/list/cs.AI",
        # The prefixes of arXiv ids, DOIs and URLs are never a local library's: a malformed
        # one is refused, not looked up as, say, the local id "doi:abc".
        "arxiv:abc",
        "DOI:abc",
        "http:abc",
        "https:abc",
    ],
)
def test_malformed_references_are_rejected(text: str) -> None:
    with pytest.raises(InvalidReferenceError):
        parse_ref(text)


def test_a_reference_is_at_most_500_characters() -> None:
    # README: "A reference is at most 500 characters".
    longest = "scifact:" + "a" * 492
    assert parse_ref(longest).work == longest
    with pytest.raises(InvalidReferenceError) as caught:
        parse_ref(longest + "a")
    assert str(caught.value) == "not a paper reference: 501 characters, over the limit of 500"


@pytest.mark.parametrize(
    ("text", "why"),
    [
        # Per arXiv's scheme YY 99 is 2099 (its own example of the form): not yet issued.
        ("9912.12345", "it would be from December 2099, a month not yet reached"),
        ("arXiv:9901.00001v2", "it would be from January 2099, a month not yet reached"),
        ("0703.1234", "arXiv ids of the form YYMM.NNNN begin in April 2007 (0704)"),
        ("0501.00001", "arXiv ids of the form YYMM.NNNN begin in April 2007 (0704)"),
        ("1412.12345", "arXiv ids of the form YYMM.NNNNN begin in 2015 (1501)"),
        ("1501.1234", "from 2015 (1501) arXiv ids have 5 digits after the dot"),
        ("2300.12345", "its month 00 is not 01-12"),
        ("https://arxiv.org/abs/2313.12345", "its month 13 is not 01-12"),
        ("2301.00000", "arXiv numbers each month's papers from 1"),
    ],
)
def test_ids_arxiv_s_scheme_cannot_issue_are_refused_saying_why(text: str, why: str) -> None:
    with pytest.raises(InvalidReferenceError, match=r"^not a valid arXiv identifier: ") as error:
        parse_ref(text)
    assert why in str(error.value)
    assert "\n" not in str(error.value)


@pytest.mark.parametrize("text", ["0704.0001", "1412.9999", "1501.00001", "2301.12345"])
def test_ids_at_the_edges_of_the_scheme_are_accepted(text: str) -> None:
    assert parse_ref(text) == PaperRef(RefKind.ARXIV, text)


def test_an_id_of_this_month_is_accepted() -> None:
    today = datetime.now(UTC)
    text = f"{today.year % 100:02d}{today.month:02d}.00001"
    assert parse_ref(text).work == text


def test_canonical_strings_round_trip() -> None:
    for text in ["arXiv:1706.03762v5", "arXiv:hep-th/9901001", "doi:10.1000/xyz", "scifact:1"]:
        assert str(parse_ref(text)) == text
        assert parse_ref(str(parse_ref(text))) == parse_ref(text)


def test_urls() -> None:
    assert parse_ref("1706.03762v5").url == "https://arxiv.org/abs/1706.03762v5"
    assert parse_ref("10.1000/xyz").url == "https://doi.org/10.1000/xyz"
    assert parse_ref("scifact:1").url is None


def test_version_rule() -> None:
    stored_v2 = parse_ref("1706.03762v2")
    assert parse_ref("1706.03762").matches(stored_v2)
    assert parse_ref("1706.03762v2").matches(stored_v2)
    assert not parse_ref("1706.03762v3").matches(stored_v2)
    assert not parse_ref("1706.03763").matches(stored_v2)
    # A versioned request cannot be satisfied by an unversioned copy of the work.
    assert not parse_ref("1706.03762v2").matches(parse_ref("1706.03762"))
    assert parse_ref("1706.03762").matches(parse_ref("1706.03762"))
    assert not parse_ref("doi:10.1000/1706.03762").matches(stored_v2)


def test_the_id_with_its_version_has_one_spelling() -> None:
    assert parse_ref("arXiv:1706.03762v5").versioned_id == "1706.03762v5"
    assert parse_ref("1706.03762").versioned_id == "1706.03762"
    assert parse_ref("hep-th/9901001v2").versioned_id == "hep-th/9901001v2"
    assert parse_ref("doi:10.1000/X").versioned_id == "10.1000/x"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("10.48550/arXiv.1907.10121", "arXiv:1907.10121"),
        ("doi:10.48550/ARXIV.1907.10121", "arXiv:1907.10121"),
        ("https://doi.org/10.48550/arXiv.2105.14372", "arXiv:2105.14372"),
        ("10.48550/arXiv.hep-th/9901001", "arXiv:hep-th/9901001"),
    ],
)
def test_arxiv_s_own_dois_are_the_arxiv_papers(text: str, expected: str) -> None:
    assert str(parse_ref(text)) == expected


def test_a_paper_ref_built_by_hand_is_the_parsed_one() -> None:
    # A plain "arxiv" used to stay a str: equal to the parsed ref, yet written as the bare
    # work, with no URL, and matching nothing (kinds were compared by identity).
    made = PaperRef("arxiv", "1907.10121", 2)
    parsed = parse_ref("1907.10121v2")
    assert made.kind is RefKind.ARXIV
    assert made == parsed and hash(made) == hash(parsed)
    assert str(made) == "arXiv:1907.10121v2"
    assert made.url == "https://arxiv.org/abs/1907.10121v2"
    assert parsed.matches(made) and made.matches(parsed)
    assert str(PaperRef("doi", "10.1000/X")) == "doi:10.1000/x"
    assert PaperRef(RefKind.ARXIV, "math.GT/0309136") == parse_ref("math/0309136")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("isbn", "978-3"), "unknown reference kind 'isbn' (one of arxiv, doi, local)"),
        ((None, "1907.10121"), "unknown reference kind None (one of arxiv, doi, local)"),
        (("arxiv", ""), "a reference's work must be a non-empty string, not ''"),
        (("arxiv", 1907.10121), "a reference's work must be a non-empty string, not 1907.10121"),
        (("doi", "10.1000/x", 2), "a doi reference has no version"),
        (("arxiv", "1907.10121", "2"), "a reference's version must be a whole number, not '2'"),
        (("arxiv", "1907.10121", True), "a reference's version must be a whole number, not True"),
        (("arxiv", "1907.10121", -1), "a reference's version must be a whole number, not -1"),
    ],
)
def test_a_paper_ref_that_names_nothing_is_refused(args: tuple[object, ...], message: str) -> None:
    with pytest.raises(InvalidReferenceError) as caught:
        PaperRef(*args)  # type: ignore[arg-type]
    assert str(caught.value) == message


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ("arxiv", "1907.10121", 0),
            "not a valid arXiv version: v0 (versions run from v1 to v9999)",
        ),
        (
            ("arxiv", "1907.10121", 99999),
            # QA: "(versions run from v1)" alone named no upper bound for v99999.
            "not a valid arXiv version: v99999 (versions run from v1 to v9999)",
        ),
        (("arxiv", "9912.12345"), "not a valid arXiv identifier: '9912.12345'"),
        (("arxiv", "hello world"), "not a paper reference: 'arXiv:hello world'"),
        (
            ("arxiv", "1907.10121v2"),
            "'1907.10121v2' is no arxiv reference: written out, it reads as arXiv:1907.10121v2",
        ),
        (("local", "hello world"), "not a paper reference: 'hello world'"),
        # A local reference never turns into another kind when written and read back.
        (
            ("local", "1907.10121"),
            "'1907.10121' is no local reference: written out, it reads as arXiv:1907.10121",
        ),
        (
            ("local", "doi:10.1000/x"),
            "'doi:10.1000/x' is no local reference: written out, it reads as doi:10.1000/x",
        ),
        (
            ("doi", "10.48550/arXiv.1907.10121"),
            "'10.48550/arXiv.1907.10121' is no doi reference: written out, it reads as arXiv:",
        ),
        (("doi", "not a doi"), "not a paper reference: 'doi:not a doi'"),
    ],
)
def test_a_paper_ref_built_by_hand_keeps_the_rules_of_parse_ref(
    args: tuple[object, ...], message: str
) -> None:
    with pytest.raises(InvalidReferenceError) as caught:
        PaperRef(*args)  # type: ignore[arg-type]
    assert str(caught.value).startswith(message)


def test_a_long_work_refused_for_its_kind_is_named_short_and_so_is_what_it_reads_as() -> None:
    # QA: the work was cut to 60 characters, and then the reference it reads as was printed
    # whole, up to 500 characters, in the same one-line message.
    with pytest.raises(InvalidReferenceError) as caught:
        PaperRef(RefKind.LOCAL, "10.1000/" + "x" * 400)
    assert str(caught.value) == (
        f"'10.1000/{'x' * 48}... is no local reference: written out, it reads as "
        f"doi:10.1000/{'x' * 45}..."
    )


def test_a_stored_reference_is_kept_as_stored_and_so_is_its_unversioned_form() -> None:
    # A paper stored before a rule refused its reference is still read back (and reached).
    stored = PaperRef.as_stored("arxiv", "0703.1234", 2)
    assert (stored.kind, stored.work, stored.version) == (RefKind.ARXIV, "0703.1234", 2)
    assert stored.unversioned == PaperRef.as_stored(RefKind.ARXIV, "0703.1234")
    with pytest.raises(InvalidReferenceError, match="unknown reference kind 'isbn'"):
        PaperRef.as_stored("isbn", "978-3")


@pytest.mark.parametrize(
    ("value", "kind"), [(None, "NoneType"), (5, "int"), (b"1907.10121", "bytes")]
)
def test_parse_ref_refuses_what_is_no_string_in_words(value: object, kind: str) -> None:
    with pytest.raises(InvalidReferenceError) as caught:
        parse_ref(value)  # type: ignore[arg-type]
    assert str(caught.value) == f"a paper reference must be a string, not {kind}"


@pytest.mark.parametrize(
    ("text", "version"),
    [
        ("math.GT/0309136", None),
        ("arXiv:math.GT/0309136v2", 2),
        ("math.gt/0309136", None),
        ("https://arxiv.org/abs/math.GT/0309136v1", 1),
        ("10.48550/arXiv.math.GT/0309136", None),
        ("arXiv:math/0309136v2", 2),
    ],
)
def test_the_subject_class_of_an_old_style_id_is_no_part_of_it(
    text: str, version: int | None
) -> None:
    # arXiv: ``math.CA/0611800v2`` internally, ``arXiv:math/0611800v2`` the external form.
    assert parse_ref(text) == PaperRef(RefKind.ARXIV, "math/0309136", version)
    assert parse_ref("arXiv:math/0309136").matches(parse_ref(text))


@pytest.mark.parametrize(
    "text",
    [
        "https://doi.org/10.1371/journal.pcbi.1005510/",
        "https://doi.org/10.1371/journal.pcbi.1005510?utm_source=x",
        "https://doi.org/10.1371/journal.pcbi.1005510#x",
        "https://doi.org/10.1371/journal.pcbi.1005510/?utm_source=x#top",
        "https://www.doi.org/10.1371/journal.pcbi.1005510",
        # A doi.org address copied without its scheme: it was "not a paper reference".
        "doi.org/10.1371/journal.pcbi.1005510",
        "dx.doi.org/10.1371/journal.pcbi.1005510",
        "www.doi.org/10.1371%2Fjournal.pcbi.1005510",
        "https://doi.org/10.1371%2Fjournal.pcbi.1005510",
        "https://dx.doi.org/10.1371%2fjournal.pcbi.1005510",
        "10.1371%2Fjournal.pcbi.1005510",
        "doi:10.1371/journal.pcbi.1005510,",
        "doi:10.1371/journal.pcbi.1005510;",
        "10.1371/journal.pcbi.1005510).",
        "https://doi.org/10.1371/journal.pcbi.1005510.",
        "doi:10.1371/journal.pcbi.1005510/",
        # A bracket the DOI did not open, a quotation mark or an ellipsis is the sentence's:
        # each made a DOI of its own ("...1005510]"), which no catalogue or library holds.
        "doi:10.1371/journal.pcbi.1005510]",
        "10.1371/journal.pcbi.1005510>",
        "10.1371/journal.pcbi.1005510}",
        '10.1371/journal.pcbi.1005510".',
        "doi:10.1371/journal.pcbi.1005510\u201d",
        "doi:10.1371/journal.pcbi.1005510\u2019.",
        "10.1371/journal.pcbi.1005510'",
        "10.1371/journal.pcbi.1005510\u00bb",
        "doi:10.1371/journal.pcbi.1005510\u2026",
    ],
)
def test_a_doi_has_one_spelling_whatever_url_or_prose_it_came_in(text: str) -> None:
    assert parse_ref(text) == PaperRef(RefKind.DOI, "10.1371/journal.pcbi.1005510")


@pytest.mark.parametrize(
    ("text", "work"),
    [
        ("10.1016/S0140-6736(20)30183-5", "10.1016/s0140-6736(20)30183-5"),
        ("10.1016/S0140-6736(20)30183-5).", "10.1016/s0140-6736(20)30183-5"),
        # A ")" that closes the DOI's own "(" is the DOI's, even at its end.
        ("10.1000/abc(1)", "10.1000/abc(1)"),
        ("10.1000/abc[1]", "10.1000/abc[1]"),
        ("10.1000/abc{1}", "10.1000/abc{1}"),
        # A SICI's own "<...>", with the sentence's ">" after it dropped.
        (
            "10.1002/(SICI)1097-4636(199706)35:4<443::AID-JBM5>3.0.CO;2-F>",
            "10.1002/(sici)1097-4636(199706)35:4<443::aid-jbm5>3.0.co;2-f",
        ),
        ("https://doi.org/10.1016/S0140-6736(20)30183-5", "10.1016/s0140-6736(20)30183-5"),
        # DOI syntax allows ``#`` and ``?``: only a URL's query and fragment are not the DOI's.
        ("10.1000/a#b", "10.1000/a#b"),
        ("https://doi.org/10.1000/a%23b", "10.1000/a#b"),
        # A SICI's "#" check character, ending a doi.org address as Crossref writes it: the
        # DOI's own, not an empty fragment (read so, the DOI was "...;2-").
        (
            "https://doi.org/10.1002/(SICI)1097-0231(19990415)13:7<560::AID-RCM524>3.0.CO;2-#",
            "10.1002/(sici)1097-0231(19990415)13:7<560::aid-rcm524>3.0.co;2-#",
        ),
        (
            "http://dx.doi.org/10.1002/(SICI)1097-0231(19990415)13:7%3C560::AID-RCM524%3E3.0.CO;2-%23",
            "10.1002/(sici)1097-0231(19990415)13:7<560::aid-rcm524>3.0.co;2-#",
        ),
        ("10.1002/(SICI)1097-0231(19990415)13:7<560::AID-RCM524>3.0.CO;2-#", None),
        ("10.1002/(SICI)1097-4636(199706)35:4<443::AID-JBM5>3.0.CO;2-F", None),
    ],
)
def test_what_a_doi_may_hold_is_kept(text: str, work: str | None) -> None:
    expected = text.lower() if work is None else work
    ref = parse_ref(text)
    # Compared as text: a PaperRef built by hand goes through the same trimming as parse_ref.
    assert (ref.kind, ref.work) == (RefKind.DOI, expected)


def test_a_doi_s_address_encodes_what_would_end_it() -> None:
    assert parse_ref("10.1000/a#b").url == "https://doi.org/10.1000/a%23b"
    assert parse_ref("10.1016/S0140-6736(20)30183-5").url == (
        "https://doi.org/10.1016/s0140-6736(20)30183-5"
    )


@pytest.mark.parametrize(
    "text",
    [
        "10.1000/abc%2520def",
        "doi:10.1000/abc%2520def",
        "https://doi.org/10.1000/abc%252520def",
        "10.1000%2Fabc%252520def",
    ],
)
def test_a_doi_holding_a_percent_escape_is_decoded_once_and_reads_back_the_same(
    text: str,
) -> None:
    # DOIs may hold ``%``: bare text is the DOI as written, an address is decoded once, and
    # what a record or the library writes (``str``, ``url``, the parts) reads back unchanged.
    ref = parse_ref(text)
    assert ref.work == "10.1000/abc%2520def"
    assert ref.url == "https://doi.org/10.1000/abc%252520def"
    assert parse_ref(str(ref)) == ref
    assert parse_ref(ref.url) == ref
    assert PaperRef(RefKind.DOI, ref.work) == ref


def test_a_doi_s_address_is_decoded_once() -> None:
    ref = parse_ref("https://doi.org/10.1000/abc%2520def")
    assert ref.work == "10.1000/abc%20def"
    assert parse_ref(str(ref)) == ref
    assert PaperRef(RefKind.DOI, ref.work) == ref


@pytest.mark.parametrize(
    "text", ["10.1000/a b", "doi:10.1000/a\u00a0b", "https://doi.org/10.1000/a%20b"]
)
def test_a_doi_with_a_space_is_refused(text: str) -> None:
    with pytest.raises(InvalidReferenceError, match=r"^not a DOI: .* holds a space$"):
        parse_ref(text)


@pytest.mark.parametrize(
    "text",
    [
        "10.48550/arXiv.9912.12345",
        "doi:10.48550/arXiv.0703.1234",
        "https://doi.org/10.48550/arXiv.1412.12345",
        "10.48550/arxiv.9999.99999",
        "10.48550/arXiv.not-an-id",
    ],
)
def test_arxiv_s_dois_follow_the_arxiv_id_rule(text: str) -> None:
    with pytest.raises(InvalidReferenceError, match=r"^not a valid arXiv identifier: "):
        parse_ref(text)
    assert arxiv_id_error(text) is not None


@pytest.mark.parametrize(
    "text",
    [
        "\uff11\uff19\uff10\uff17.\uff11\uff10\uff11\uff12\uff11v2",  # fullwidth digits
        "arXiv:\u0661\u0669\u0660\u0667.10121",  # Arabic-Indic digits
        "10.\uff11\uff10\uff10\uff10/abc",
        "\u017fcifact:1",  # long s, which IGNORECASE would take for s
        "scifact:\u212a1",  # Kelvin sign, which IGNORECASE would take for k
    ],
)
def test_lookalike_digits_and_letters_are_refused(text: str) -> None:
    with pytest.raises(InvalidReferenceError, match=r"^not a paper reference: "):
        parse_ref(text)


@pytest.mark.parametrize(
    "text",
    [
        "doi:10.1000/ab\u200bc",
        "doi:10.1000/abc\u202e",
        "\u2066arXiv:1907.10121",
        "scifact:49\ufeff83",
        "https://doi.org/10.1000/ab%E2%80%8Bc",
        "https://doi.org/10.1000/ab%0Ac",
        "10.1000%2Fab%0Ac",
    ],
)
def test_invisible_formatting_characters_are_refused(text: str) -> None:
    with pytest.raises(InvalidReferenceError) as error:
        parse_ref(text)
    assert str(error.value) == (
        "not a paper reference: it holds control characters, invisible formatting characters "
        "or invalid text"
    )


# -- behaviour the third mutation pass found untested ------------------------------------------


def test_an_id_of_next_month_is_not_yet_issued() -> None:
    today = datetime.now(UTC)
    year, month = (today.year + 1, 1) if today.month == 12 else (today.year, today.month + 1)
    with pytest.raises(InvalidReferenceError, match="a month not yet reached"):
        parse_ref(f"{year % 100:02d}{month:02d}.00001")


def test_a_reference_is_read_without_the_spaces_around_it() -> None:
    # Pasted from a document or a spreadsheet cell, with its padding and a final line break.
    assert parse_ref("  1907.10121v2 \n") == PaperRef(RefKind.ARXIV, "1907.10121", 2)
    assert parse_ref("\tdoi:10.1000/XYZ ") == PaperRef(RefKind.DOI, "10.1000/xyz")


def test_an_old_style_id_is_one_paper_whatever_its_case() -> None:
    assert parse_ref("HEP-TH/9901001v2") == PaperRef(RefKind.ARXIV, "hep-th/9901001", 2)
    assert str(parse_ref("arXiv:Math.GT/0309136")) == "arXiv:math/0309136"


@pytest.mark.parametrize(
    "text",
    [
        "hep-th/990100",  # an old-style number is YYMMNNN, seven digits
        "hep-th/99010011",
        "arXiv:hep-th/99010",
        "2105.143721",  # six digits after the dot
        "10.123/abc",  # a DOI's registrant code has at least four digits
        "doi:10.1/abc",
    ],
)
def test_ids_of_the_wrong_length_are_refused(text: str) -> None:
    with pytest.raises(InvalidReferenceError):
        parse_ref(text)


def test_the_highest_version_is_accepted_and_the_next_refused() -> None:
    assert parse_ref("1907.10121v9999").version == 9999
    with pytest.raises(InvalidReferenceError, match=r"^not a valid arXiv version: v10000 "):
        parse_ref("1907.10121v10000")


def test_a_huge_version_is_not_echoed_whole() -> None:
    with pytest.raises(InvalidReferenceError) as caught:
        parse_ref("1907.10121v" + "0" * 400)
    assert len(str(caught.value)) < 100


def test_a_hand_built_reference_of_the_wrong_kind_is_shown_cut_short() -> None:
    with pytest.raises(InvalidReferenceError) as caught:
        PaperRef(RefKind.LOCAL, "10.1000/" + "x" * 400)  # a DOI given as a local id
    assert str(caught.value).startswith("'10.1000/" + "x" * 48 + "... is no local reference")


@pytest.mark.parametrize(
    "text",
    [
        "10.1000/a\x9bb",  # CSI, a C1 control: a terminal escape on its own
        "10.1000/a\x85b",
        "10.1000/a\ud800b",  # a lone surrogate: no text a file or terminal can hold
        "scifact:a\x9b1",
    ],
)
def test_c1_controls_and_lone_surrogates_are_refused_without_echo(text: str) -> None:
    with pytest.raises(InvalidReferenceError) as caught:
        parse_ref(text)
    assert "control characters" in str(caught.value)


def test_a_stored_local_reference_shaped_like_an_arxiv_id_is_another_paper() -> None:
    # Libraries written before the kinds were checked may hold local:"1907.10121".
    stored = PaperRef.as_stored(RefKind.LOCAL, "1907.10121")
    assert not parse_ref("arXiv:1907.10121").matches(stored)
    assert not stored.matches(parse_ref("1907.10121"))


@pytest.mark.parametrize("text", ["scifact:4983", "local:notes", "not a ref", "10.1000/x", ""])
def test_arxiv_id_error_says_nothing_of_what_is_not_shaped_like_an_arxiv_id(text: str) -> None:
    assert arxiv_id_error(text) is None


def test_arxiv_id_error_names_the_problem_of_an_arxiv_id() -> None:
    assert "not 01-12" in (arxiv_id_error(" arXiv:2313.12345 ") or "")
    assert "begin in April 2007" in (arxiv_id_error("10.48550/arXiv.0703.1234") or "")
    assert arxiv_id_error("1907.10121v2") is None


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("hep-th/9913001", "its month 13 is not 01-12"),
        ("arXiv:math.GT/0300001v2", "its month 00 is not 01-12"),
        ("hep-th/9107001", "run from August 1991 (9108) to March 2007 (0703)"),
        ("hep-th/0704001", "run from August 1991 (9108) to March 2007 (0703)"),
        ("https://arxiv.org/abs/cs/2512001", "run from August 1991 (9108) to March 2007 (0703)"),
        ("10.48550/arXiv.hep-th/2101001", "run from August 1991 (9108) to March 2007 (0703)"),
        ("hep-th/9901000", "arXiv numbers each month's papers from 1"),
        # An archive arXiv never had (a typo of one) was taken, and looked up as a paper.
        ("hep-ht/9901001", "arXiv has no archive 'hep-ht'"),
        ("https://arxiv.org/abs/notes/9901001v2", "arXiv has no archive 'notes'"),
        ("10.48550/arXiv.physic/0601001", "arXiv has no archive 'physic'"),
    ],
)
def test_old_style_ids_the_old_scheme_never_issued_are_refused_saying_why(
    text: str, why: str
) -> None:
    with pytest.raises(InvalidReferenceError, match=r"^not a valid arXiv identifier: ") as error:
        parse_ref(text)
    assert why in str(error.value) and "\n" not in str(error.value)
    assert arxiv_id_error(text) == str(error.value)


@pytest.mark.parametrize(
    "text",
    [
        "hep-th/9108001",
        "hep-lat/9912999",
        "math/0703999",
        "solv-int/9901001",  # an archive since merged into nlin
        "cond-mat/0101001",
        "q-bio/0601001",
    ],
)
def test_old_style_ids_at_the_edges_of_the_old_scheme_are_accepted(text: str) -> None:
    assert parse_ref(text) == PaperRef(RefKind.ARXIV, text)


@pytest.mark.parametrize(
    ("text", "start"),
    [
        ("x" * 499, "not a paper reference: 'xxxx"),
        ("https://arxiv.org/abs/" + "z" * 470, "not a paper reference: 'https://arxiv.org/abs/zzz"),
        ("10.1000/" + "a b" * 150, "not a DOI: '10.1000/a ba b"),
        ("doi:10.1000/" + "x" * 480 + " y", "not a DOI: '10.1000/xxx"),
    ],
)
def test_a_refused_long_reference_is_quoted_by_its_start(text: str, start: str) -> None:
    # QA: the one-line error repeated the whole input, up to 500 characters of it.
    with pytest.raises(InvalidReferenceError) as caught:
        parse_ref(text)
    message = str(caught.value)
    assert message.startswith(start)
    assert len(message) < 200, message
    assert "... (" in message and " characters)" in message  # cut, and said to be
    assert caught.value.text in ("", text.strip())  # the advice still reads the whole text


def test_a_short_refused_reference_is_quoted_whole() -> None:
    with pytest.raises(InvalidReferenceError) as caught:
        parse_ref("not a ref")
    assert str(caught.value) == (
        "not a paper reference: 'not a ref' (expected an arXiv id or URL, a DOI, or prefix:id)"
    )


def test_a_paper_ref_built_as_the_readme_builds_it_passes_a_users_mypy(tmp_path: Path) -> None:
    # QA: the README's PaperRef("arxiv", "1907.10121", 2) runs, but a user's mypy --strict
    # refused it ('incompatible type "str"; expected "RefKind"'). Only identity.py is read
    # (its imports skipped), so that this takes seconds.
    script = tmp_path / "user.py"
    script.write_text(
        "from claimaudit.identity import PaperRef, RefKind\n"
        'ref = PaperRef("arxiv", "1907.10121", 2)\n'
        "kind: RefKind = ref.kind\n"
        "wrong = PaperRef(3, 'x')\n"
    )
    identity = Path(__file__).parents[1] / "src" / "claimaudit" / "identity.py"
    errors, out = strict_errors(tmp_path, script, identity)
    # The kind read back is a RefKind; only a kind that is no string is refused.
    assert len(errors) == 1 and "user.py:4:" in errors[0], out
