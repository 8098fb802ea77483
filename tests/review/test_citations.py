"""Finding citations of every style, with their spans."""

from __future__ import annotations

import pytest
from markdown_it.common.utils import normalizeReference

from claimaudit.identity import try_parse_ref
from claimaudit.review.citations import CitationStyle, find_citations


def _labels(text: str, numbered: bool = False) -> list[str]:
    return [c.label for c in find_citations(text, numbered=numbered)]


def test_pandoc_and_manubot_keys() -> None:
    text = "Claim [@doi:10.1038/s41592-019-0686-2; @arxiv:1907.10121v2] and [see @smith2020, p. 3]."
    found = find_citations(text)
    assert [(c.style, c.key) for c in found] == [
        (CitationStyle.KEY, "doi:10.1038/s41592-019-0686-2"),
        (CitationStyle.KEY, "arxiv:1907.10121v2"),
        (CitationStyle.KEY, "smith2020"),
    ]
    assert text[found[0].start : found[0].end] == "@doi:10.1038/s41592-019-0686-2"
    assert text[slice(*found[0].group)] == "[@doi:10.1038/s41592-019-0686-2; @arxiv:1907.10121v2]"
    assert found[0].group == found[1].group


def test_keys_with_urls_braces_and_suppressed_authors() -> None:
    text = (
        "A [@url:https://docs.example.org/guide.html#reproducibility] B [-@{https://x.org/a?b=1}]"
        " C [@tag:Yosinski2014]."
    )
    assert _labels(text) == [
        "@url:https://docs.example.org/guide.html#reproducibility",
        "@https://x.org/a?b=1",
        "@tag:Yosinski2014",
    ]


def test_not_citations() -> None:
    # Cross-references, links, e-mail addresses, footnotes and code are not citations.
    text = (
        "See Figure [@fig:overview] and [the docs](https://example.org), write to a@b.org,"
        " note[^1], and run `cite [@key] 10.1/x arXiv:1907.10121`."
    )
    assert find_citations(text) == []


def test_numbered_citations_only_when_asked() -> None:
    text = "Values lie in [0, 1] and models work [1, 3-5] well [2]."
    assert _labels(text) == []
    assert _labels(text, numbered=True) == ["[1]", "[3]", "[4]", "[5]", "[2]"]
    # A range that is clearly not a citation list is ignored.
    assert _labels("See [1-100000].", numbered=True) == []


def test_a_number_of_thousands_of_digits_is_no_citation_not_a_crash() -> None:
    # int() refuses a number past 4300 digits: a traceback out of `review`.
    big = "9" * 5000
    for text in (f"Cited [{big}].", f"Cited [1, {big}].", f"Cited [1-{big}].", f"[{big}-2]."):
        assert _labels(text, numbered=True) == []
    assert _labels("Cited [123456].", numbered=True) == ["[123456]"]


def test_identifiers_urls_and_dois_in_text() -> None:
    text = (
        "SciPy (arXiv:1907.10121) and [Wilson](https://doi.org/10.1371/journal.pcbi.1005510), "
        "see <https://arxiv.org/abs/1603.07285v2>, doi:10.7717/peerj.453, and "
        "10.1016/S0933-3657(96)00367-3. "
        "Not https://github.com/scipy/scipy."
    )
    found = find_citations(text)
    assert [c.label for c in found] == [
        "arXiv:1907.10121",
        "https://doi.org/10.1371/journal.pcbi.1005510",
        "https://arxiv.org/abs/1603.07285v2",
        "doi:10.7717/peerj.453",
        "10.1016/S0933-3657(96)00367-3",
    ]
    assert all(c.style is CitationStyle.IDENTIFIER for c in found)
    autolink = found[2]
    assert text[slice(*autolink.group)] == "<https://arxiv.org/abs/1603.07285v2>"


def test_a_doi_in_a_publisher_s_address_is_decoded_once_and_bare_text_kept() -> None:
    text = (
        "Shown (https://pubs.example.org/doi/10.1000/a%3Cb%3E) and in 10.1000/c%2520d, "
        "not https://pubs.example.org/doi/10.1000/go%20od."
    )
    found = find_citations(text)
    assert [(c.label, c.key) for c in found] == [
        ("10.1000/a%3Cb%3E", "10.1000/a<b>"),
        ("10.1000/c%2520d", "10.1000/c%2520d"),
    ]
    assert [str(try_parse_ref(c.key)) for c in found] == ["doi:10.1000/a<b>", "doi:10.1000/c%2520d"]


SICI = "10.1002/(SICI)1097-4636(199706)35:4<413::AID-JBM1>3.0.CO;2-8"


@pytest.mark.parametrize(
    ("text", "label"),
    [
        (f"Aspirin works (doi:{SICI}).", f"doi:{SICI}"),
        (f"Aspirin works {SICI}.", SICI),
        (f"Aspirin works, see https://doi.org/{SICI}.", f"https://doi.org/{SICI}"),
        (f"Aspirin works [it](https://doi.org/{SICI}).", f"https://doi.org/{SICI}"),
        ("Shown (https://doi.org/10.1234/0)0) here.", "https://doi.org/10.1234/0)0"),
        # Prose around the DOI is no part of it: closing brackets, punctuation, HTML.
        ("Shown (https://doi.org/10.1234/x), here.", "https://doi.org/10.1234/x"),
        ("Shown doi:10.1234/x<br> here.", "doi:10.1234/x"),
        ("Shown 10.1234/x<b>here</b>.", "10.1234/x"),
        ("Shown <https://doi.org/10.1234/x>.", "https://doi.org/10.1234/x"),
    ],
)
def test_a_doi_with_angle_brackets_or_a_lone_bracket_is_read_whole(text: str, label: str) -> None:
    # QA: a Wiley SICI DOI was cut at its "<", so another DOI was checked.
    [found] = find_citations(text)
    assert found.label == label
    assert try_parse_ref(found.key) == try_parse_ref(label)


def test_a_doi_inside_a_citation_group_is_found_once() -> None:
    assert _labels("Claim [@doi:10.1234/abc] here.") == ["@doi:10.1234/abc"]


def test_a_reference_style_link_is_not_a_numbered_citation() -> None:
    # [text][1] is a link whose label is 1, defined or not; [1] alone is one where the draft
    # defines "[1]: url"; [1][ref] and [1](url) are links too.
    assert _labels("As [the guide][1] explains.", numbered=True) == []
    assert _labels("See [1][], [1][guide] and [1](https://x.org).", numbered=True) == []
    found = find_citations("The guide [1] explains.", numbered=True, links={"1"})
    assert found == []
    # Defined labels are matched as markdown-it matches them (case and blanks aside).
    assert find_citations("A [1, 2] B.", numbered=True, links={"1, 2"}) == []


def test_indexing_is_not_a_numbered_citation() -> None:
    assert _labels("Array x[1] holds a[i][1] and x2[3] and my_list[4].", numbered=True) == []
    # A mark glued to a word is a citation style, not indexing.
    assert _labels("As shown before[5].", numbered=True) == ["[5]"]


def test_numbered_citations_around_links_and_indexing_still_count() -> None:
    text = "Tuning [1]. Tuning [1, 2]. Tuning [1-3]. Tuning.[4] In 2020[5]. Also [6][7]."
    assert _labels(text, numbered=True) == [
        *("[1]", "[1]", "[2]", "[1]", "[2]", "[3]"),
        *("[4]", "[5]", "[6]", "[7]"),
    ]
    # A label the draft defines is a link only where it is written as one.
    assert _labels("Tuning [2] and [the guide][1].", numbered=True) == ["[2]"]


def _known(key: str) -> str | None:
    return {"smith2020": "Smith", "jones": "Jones and Lee"}.get(key)


def test_pandoc_in_text_citations_of_known_keys() -> None:
    text = "@smith2020 found it, as @jones [p. 3] says and -@smith2020 shows; @someone disagrees."
    found = find_citations(text, in_text=_known)
    assert [(c.style, c.label, c.reads) for c in found] == [
        (CitationStyle.KEY, "@smith2020", "Smith"),
        (CitationStyle.KEY, "@jones", "Jones and Lee"),
        (CitationStyle.KEY, "@smith2020", ""),  # -@key: the author's name suppressed
    ]
    assert [text[slice(*c.group)] for c in found] == ["@smith2020", "@jones [p. 3]", "-@smith2020"]


def test_an_at_sign_is_no_in_text_citation_where_pandoc_says_so() -> None:
    text = (
        "Write to smith2020@jones.org or x@smith2020, see `@smith2020` and @fig:smith2020; "
        "[@jones] is bracketed and [a link @smith2020](https://x.org) is a link."
    )
    found = find_citations(text, in_text=lambda key: "")  # every key known
    assert [(c.label, text[slice(*c.group)]) for c in found] == [("@jones", "[@jones]")]
    # Without ``in_text`` (a bibliography's field, say) no in-text key is looked for.
    assert _labels("@smith2020 found it.") == []


def test_an_at_sign_in_an_address_is_no_in_text_citation() -> None:
    text = (
        "See https://example.org/@smith2020 and medium.com/@jones, <https://x.org/@smith2020>, "
        "[the docs](https://scipy.org/@smith2020), [a page](@jones) and "
        '[a titled one](/a "by @smith2020"); but @jones [p. 2] said so after [a link](/x), '
        "as [@smith2020] and [@url:https://arxiv.org/abs/1907.10121] and "
        "https://arxiv.org/abs/1706.03762 cite."
    )
    found = find_citations(text, in_text=lambda key: "")  # every key known
    assert [(c.style, c.label) for c in found] == [
        (CitationStyle.KEY, "@jones"),
        (CitationStyle.KEY, "@smith2020"),
        (CitationStyle.KEY, "@url:https://arxiv.org/abs/1907.10121"),
        (CitationStyle.IDENTIFIER, "https://arxiv.org/abs/1706.03762"),
    ]
    assert text[slice(*found[0].group)] == "@jones [p. 2]"


def test_an_in_text_key_in_braces() -> None:
    known = {"smith.2020:a": "Smith", "doi:10.1000/xyz": ""}
    text = (
        "@{smith.2020:a} [p. 3] found it and -@{smith.2020:a} too; @{doi:10.1000/xyz} says so, "
        "not @{other.key}, `@{smith.2020:a}`, x@{smith.2020:a}, https://x.org/@{smith.2020:a}, "
        '[a link](/@{smith.2020:a} "@{smith.2020:a}") or @{} and @{ smith.2020:a}.'
    )
    found = find_citations(text, in_text=known.get)
    assert [(c.style, c.label, c.key, c.reads) for c in found] == [
        (CitationStyle.KEY, "@smith.2020:a", "smith.2020:a", "Smith"),
        (CitationStyle.KEY, "@smith.2020:a", "smith.2020:a", ""),
        (CitationStyle.KEY, "@doi:10.1000/xyz", "doi:10.1000/xyz", ""),
    ]
    assert [text[slice(*c.group)] for c in found] == [
        "@{smith.2020:a} [p. 3]",
        "-@{smith.2020:a}",
        "@{doi:10.1000/xyz}",
    ]


def test_a_footnote_marker_after_a_citation_is_no_link_label() -> None:
    # "[^q]" is a footnote marker, not the label of a reference link "[text][label]".
    text = "Coffee [@jones2019][^q], tea [1][^r] and cocoa [^s][2] and @smith2020[^t] count."
    found = find_citations(text, numbered=True, in_text=lambda key: "Smith")
    assert [(c.label, text[slice(*c.group)]) for c in found] == [
        ("@jones2019", "[@jones2019]"),
        ("[1]", "[1]"),
        ("[2]", "[2]"),
        ("@smith2020", "@smith2020"),  # the marker is no locator
    ]


def test_a_citation_after_an_escaped_backtick_is_found() -> None:
    # The escaped backtick was paired with the code span's, hiding the citation between them.
    assert [c.key for c in find_citations("A literal \\` tick [@smith2020] and `code`.")] == [
        "smith2020"
    ]


def test_key_groups_glued_together_are_each_a_citation() -> None:
    # As in pandoc: "[@a][@b]" is two citations unless the draft defines "[@b]: url".
    text = "Libraries [@virtanen2020][@vanderwalt2014] and [see @a][also @b] exist."
    found = find_citations(text)
    assert [(c.key, text[slice(*c.group)]) for c in found] == [
        ("virtanen2020", "[@virtanen2020]"),
        ("vanderwalt2014", "[@vanderwalt2014]"),
        ("a", "[see @a]"),
        ("b", "[also @b]"),
    ]


def test_a_key_group_that_is_a_links_text_is_no_citation() -> None:
    # The label is defined ("[ref]: url", "[@b]: url"), or the link is inline.
    text = "A [@a][ref], B [@b][] and C [@c](https://example.org) are links; [@d][@e] is not."
    found = find_citations(text, links={normalizeReference("ref"), normalizeReference("@b")})
    assert [c.key for c in found] == ["d", "e"]


def test_an_ieee_range_of_bracketed_numbers_cites_every_number_in_it() -> None:
    # "[1]\u2013[3]" is IEEE's "1 to 3": read as two groups, [2] went unchecked.
    found = find_citations("Tuning helps [1]\u2013[3], [5].", numbered=True)
    assert [c.label for c in found] == ["[1]", "[2]", "[3]", "[5]"]
    assert {c.group for c in found[:3]} == {(13, 20)}
    assert _labels("Tuning [2]-[4] and [ 6 ] - [ 7 ].", numbered=True) == [
        *("[2]", "[3]", "[4]", "[6]", "[7]"),
    ]
    # Not a range: descending numbers (no citation), indexing, or without a References section.
    assert _labels("A [3]\u2013[1].", numbered=True) == []  # backwards: see test_numbered
    assert _labels("Array x[1]-[3].", numbered=True) == ["[3]"]
    assert _labels("Tuning [1]\u2013[3].") == []


def test_numbered_citations_keep_their_written_order_and_any_dash() -> None:
    # QA: sorted as text, "[8-11]" listed [10], [11], [8], [9] and "[2, 12]" [12], [2]; and a
    # range written with Unicode's hyphen or minus sign ("[1\u20103]", Word's) cited nothing.
    assert _labels("Tuning helps [8-11].", numbered=True) == ["[8]", "[9]", "[10]", "[11]"]
    assert _labels("Tuning helps [2, 12].", numbered=True) == ["[2]", "[12]"]
    assert _labels("Tuning helps [3, 1].", numbered=True) == ["[3]", "[1]"]
    assert _labels("Tuning helps [9]\u2013[11].", numbered=True) == ["[9]", "[10]", "[11]"]
    for dash in "\u2010\u2011\u2012\u2212":
        assert _labels(f"Tuning helps [1{dash}3].", numbered=True) == ["[1]", "[2]", "[3]"]
        assert _labels(f"Tuning helps [1]{dash}[3].", numbered=True) == ["[1]", "[2]", "[3]"]


@pytest.mark.parametrize(
    ("written", "cited"),
    [
        ("X holds [1, p. 3].", ["[1]"]),
        ("X holds [1, pp. 3-5].", ["[1]"]),
        ("X holds [1, Table 2].", ["[1]"]),
        ("X holds [1, ch. 4].", ["[1]"]),
        ("X holds [1, \u00a73.2].", ["[1]"]),
        ("X holds [1, p. xiv].", ["[1]"]),
        ("X holds [see 1].", ["[1]"]),
        ("X holds [see 1, 2].", ["[1]", "[2]"]),
        ("X holds [e.g., 1].", ["[1]"]),
        ("X holds [cf. 1, p. 4; 2, Fig. 3b].", ["[1]", "[2]"]),
        # A locator's values are its own: page 5 of work 1, never work 5.
        ("X holds [1, pp. 3, 5].", ["[1]"]),
        ("X holds [see 1][2].", ["[1]", "[2]"]),
        ("X holds [1, Theorem 2].", ["[1]"]),
        ("X holds [1, Eq. (3)].", ["[1]"]),
        ("X holds [see, e.g., 1, 2].", ["[1]", "[2]"]),
        ("X holds [Ref. 1].", ["[1]"]),
        # QA: these cited nothing, their sentence listed as uncited: an "and" before the last
        # number, a locator's abbreviation without its stop, a note's closing stop.
        ("X holds [1, 2, and 3].", ["[1]", "[2]", "[3]"]),
        ("X holds [1 and 2].", ["[1]", "[2]"]),
        ("X holds [1 & 2].", ["[1]", "[2]"]),
        ("X holds [see 1, 2, and 4, p. 3].", ["[1]", "[2]", "[4]"]),
        ("X holds [1, p 3].", ["[1]"]),
        ("X holds [1, pp 3-5; 2, eq 4].", ["[1]", "[2]"]),
        ("X holds [See 1, p. 3.]", ["[1]"]),
        # QA: a supplement's part cited nothing either.
        ("X holds [1, Suppl. Table 2].", ["[1]"]),
        ("X holds [1, Supplementary Fig. 3; 2].", ["[1]", "[2]"]),
        ("X holds [1, Extended Data Fig. 1].", ["[1]"]),
        # QA: an appendix's letter, and German's, French's and Spanish's locators, cited
        # nothing: the sentence was listed as uncited, and [1] never checked.
        ("X holds [1, Appendix B].", ["[1]"]),
        ("X holds [1, App. B.2; 2].", ["[1]", "[2]"]),
        ("X holds [1, S. 4].", ["[1]"]),
        ("X holds [vgl. 1, Kap. 3].", ["[1]"]),
        ("X holds [1, Abb. 2; 2, Abschn. 4].", ["[1]", "[2]"]),
        ("X holds [1, pág. 4].", ["[1]"]),
        ("X holds [1, éq. 3].", ["[1]"]),
    ],
)
def test_numbers_with_a_pointer_or_locator_cite_the_numbers(written: str, cited: list[str]) -> None:
    assert _labels(written, numbered=True) == cited
    found = find_citations(written, numbered=True)
    assert written[: found[0].group[0]].rstrip() == "X holds"


@pytest.mark.parametrize(
    "written",
    [
        "Values lie in [0, 1] here.",
        "Values lie in [see 0, 1] here.",
        "The set [1, n] is finite.",
        "X holds [see1].",
        # A stop closes a note's pointer or locator, never a bare number's bracket.
        "Step [1.] comes first.",
        "Pick [a and b] now.",
        "X holds [1, p3].",
        "The set [1, n, B] is finite.",
    ],
)
def test_an_interval_or_the_author_s_bracket_is_no_located_citation(written: str) -> None:
    assert _labels(written, numbered=True) == []


@pytest.mark.parametrize(
    "written",
    ["X holds [@Mu\u0308ller2020].", "As @Mu\u0308ller2020 shows, X holds.", "X [@Jose\u0300]."],
)
def test_a_key_typed_decomposed_is_read_whole(written: str) -> None:
    # macOS and some editors write "ü" as "u" and a combining diaeresis: the key is the
    # whole name, never cut at the mark ("Mu").
    found = find_citations(written, in_text=lambda key: "")
    assert [c.key for c in found] == [written.split("@")[1].split("]")[0].split(" ")[0]]
