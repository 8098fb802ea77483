"""From report to claims: the text the judge sees and the papers each sentence cites."""

from __future__ import annotations

import pytest

from claimaudit.review.bibliography import parse_bibliography
from claimaudit.review.citations import find_citations
from claimaudit.review.claims import claim_text, extract_claims, read_draft, with_subject


def _clean(sentence: str, numbered: bool = True) -> str:
    return claim_text(sentence, find_citations(sentence, numbered=numbered))


def test_claim_text_drops_citations_and_markdown() -> None:
    assert _clean("**SciPy** provides *sparse* matrices [@arxiv:1907.10121].") == (
        "SciPy provides sparse matrices."
    )
    assert _clean("Models work well (arXiv:1907.10121; doi:10.1234/x) on `data`.[^2]") == (
        "Models work well on data."
    )
    assert _clean(
        "As [Wilson et al.](https://doi.org/10.1371/journal.pcbi.1005510) say, back up."
    ) == ("As Wilson et al. say, back up.")
    assert _clean("Baselines matter [1, 3-5],\nsee <https://arxiv.org/abs/2105.14372>.") == (
        "Baselines matter."
    )
    assert _clean("Keep raw data, see also [@wilson2017].") == "Keep raw data."
    assert _clean("We see this in data [1].") == "We see this in data."


@pytest.mark.parametrize(
    ("sentence", "claim"),
    [
        # QA: read "\u00bbY gilt \u00ab heute.": the citation's gap stayed before the guillemet.
        ("\u00bbY gilt [@arxiv:1907.10121]\u00ab heute.", "\u00bbY gilt\u00ab heute."),
        ("\u00abY holds [@arxiv:1907.10121]\u00bb today.", "\u00abY holds\u00bb today."),
        # French spacing inside guillemets is the author's.
        ("\u00ab Y holds [@arxiv:1907.10121] \u00bb today.", "\u00ab Y holds \u00bb today."),
    ],
)
def test_a_citations_gap_closes_before_a_guillemet_glued_to_it(sentence: str, claim: str) -> None:
    assert _clean(sentence) == claim


@pytest.mark.parametrize(
    ("sentence", "claim"),
    [
        # QA: read "\u00ab\u00a0Y tient \u00a0\u00bb et Z.", two blanks: the citation's blank
        # and the author's no-break space, which squeezing keeps, side by side.
        ("\u00ab\u00a0Y tient [1]\u00a0\u00bb et Z.", "\u00ab\u00a0Y tient\u00a0\u00bb et Z."),
        (
            "\u00ab\u202fY tient\u00a0[1] [2]\u202f\u00bb et Z.",
            "\u00ab\u202fY tient\u202f\u00bb et Z.",
        ),
        (
            "\u00ab\u00a0Y tient\u00a0\u00bb\u00a0[1] et Z.",
            "\u00ab\u00a0Y tient\u00a0\u00bb\u00a0et Z.",
        ),
        ("X holds [1]\u00a0and Z.", "X holds\u00a0and Z."),
        # One blank stays as typed.
        ("X holds\u202f[1]\u202f: Z.", "X holds\u202f: Z."),
        ("\u00ab Y tient [1] \u00bb et Z.", "\u00ab Y tient \u00bb et Z."),
    ],
)
def test_a_removed_citation_between_no_break_spaces_leaves_one_blank(
    sentence: str, claim: str
) -> None:
    assert _clean(sentence) == claim


@pytest.mark.parametrize(
    ("sentence", "claim"),
    [
        # QA: read "X holds\u00a0.": the no-break space binding the citation to its word
        # stayed before the full stop once the citation was gone.
        ("X holds\u00a0[1].", "X holds."),
        ("X holds\u202f[1], and Z.", "X holds, and Z."),
        ("X holds\u00a0[1] [2].", "X holds."),
        # French spacing before the punctuation stays.
        ("X tient\u00a0[1]\u00a0; Z.", "X tient\u00a0; Z."),
    ],
)
def test_a_no_break_space_binding_a_citation_goes_with_it_before_punctuation(
    sentence: str, claim: str
) -> None:
    assert _clean(sentence) == claim


def test_targets_one_per_paper_in_order() -> None:
    report = (
        "Claim one [@arxiv:1907.10121; @doi:10.1234/X] cites "
        "https://arxiv.org/abs/1907.10121 again. This cites nothing. "
        "Claim three [@nosuch; @doi:10/short].\n"
    )
    claims, uncited = extract_claims(report)
    assert [s.text for s in uncited] == ["This cites nothing."]
    first, third = claims
    assert [(t.citations, t.paper) for t in first.targets] == [
        (("@arxiv:1907.10121", "https://arxiv.org/abs/1907.10121"), "arXiv:1907.10121"),
        (("@doi:10.1234/X",), "doi:10.1234/x"),
    ]
    assert first.text == "Claim one cites again."
    assert [t.paper for t in third.targets] == [None, None]
    assert [t.name for t in third.targets] == ["@nosuch", "@doi:10/short"]
    assert third.targets[0].error == (
        "citation @nosuch cannot be checked: no bibliography entry for @nosuch"
        " (no bibliography was given)"
    )


def test_a_markdown_link_or_indexing_is_not_a_numbered_citation() -> None:
    report = (
        "Keep raw data, as [the guide][1] explains.\n\n"
        "Tips help [2]. Array x[1] holds the first value.\n\n"
        "[1]: https://example.com/guide\n\n"
        "# References\n\n1. Lee et al. arXiv:2105.14372\n2. Wilson et al. doi:10.1234/x\n"
    )
    claims, uncited = extract_claims(report)
    assert [s.text for s in uncited] == [
        "Keep raw data, as [the guide][1] explains.",
        "Array x[1] holds the first value.",
    ]
    [claim] = claims
    assert [t.paper for t in claim.targets] == ["doi:10.1234/x"]


def test_a_reference_link_reads_as_its_text() -> None:
    report = (
        "Tips help, as [the guide][g] says [1].\n\n[g]: https://x.org\n\n"
        "# References\n\n1. A arXiv:2105.14372\n"
    )
    [claim], _ = extract_claims(report)
    assert claim.text == "Tips help, as the guide says."


def test_numbered_citations_need_a_references_section() -> None:
    body = "Probabilities lie in [0, 1] and models work [1].\n"
    claims, _ = extract_claims(body)
    assert claims == []
    claims, _ = extract_claims(body + "\n# References\n\n1. Lee et al. arXiv:2105.14372\n")
    [claim] = claims
    assert [t.paper for t in claim.targets] == ["arXiv:2105.14372"]


def test_a_bom_is_no_part_of_the_first_claim() -> None:
    report = "\ufeffRaw data is kept [@doi:10.1234/x].\n"
    [claim], _ = extract_claims(report)
    assert claim.text == "Raw data is kept."
    sentence = claim.sentence
    # Offsets still index the file's text, BOM included; the column is the one editors show.
    assert report[sentence.start : sentence.end] == "Raw data is kept [@doi:10.1234/x]."
    assert (sentence.start, sentence.line, sentence.column) == (1, 1, 1)


def test_a_bom_before_a_first_line_heading_keeps_it_a_heading() -> None:
    # With the BOM parsed as text, "# ..." was a paragraph, checked as a claim.
    report = "\ufeff# Baselines [@doi:10.1234/x]\n\nRaw data is kept [@doi:10.1234/x].\n"
    [claim], uncited = extract_claims(report)
    assert claim.text == "Raw data is kept." and uncited == []
    assert report[claim.sentence.start : claim.sentence.end] == "Raw data is kept [@doi:10.1234/x]."


def test_in_text_citations_cite_the_bibliographys_keys_and_read_as_their_authors() -> None:
    bibliography = parse_bibliography(
        "@article{smith2020, author = {Smith, Ann and Lee, Bo}, title = {T}, doi = {10.1234/a}}\n"
        "@article{solo, title = {No authors}, doi = {10.1234/b}}\n"
    )
    report = (
        "@smith2020 [p. 3] found that X holds. -@solo shows Y, as @doi:10.1234/c says.\n\n"
        "Ask @someone or @property, mail a@smith2020.org.\n\n"
        "```python\n@smith2020 found that code is no claim.\n```\n"
    )
    claims, uncited = extract_claims(report, bibliography)
    assert [(c.text, [t.paper for t in c.targets]) for c in claims] == [
        ("Smith and Lee found that X holds.", ["doi:10.1234/a"]),
        # "-@solo" prints no name: the subject it left reads "The cited work", as its verb agrees.
        ("The cited work shows Y, as the cited work says.", ["doi:10.1234/b", "doi:10.1234/c"]),
    ]
    assert [s.text for s in uncited] == ["Ask @someone or @property, mail a@smith2020.org."]


def test_an_in_text_citation_of_a_list_cut_short_reads_et_al() -> None:
    bibliography = parse_bibliography(
        "@article{scipy, author = {Virtanen, Pauli and others}, title = {T}, doi = {10.1/a}}\n"
    )
    [claim], _ = extract_claims("@scipy found that X holds.\n", bibliography)
    assert claim.text == "Virtanen et al. found that X holds."


def test_an_in_text_citation_of_a_work_naming_no_author_reads_the_authors() -> None:
    # "author = {others}" names nobody: the claim never reads the key, nor loses its subject.
    bibliography = parse_bibliography(
        "@article{solo, author = {others}, title = {Sparse Attention}, doi = {10.1234/a}}\n"
    )
    claims, _ = extract_claims("@solo found that X holds.\n\nY holds. @solo.\n", bibliography)
    assert [(c.text, [t.paper for t in c.targets]) for c in claims] == [
        ("The authors found that X holds.", ["doi:10.1234/a"]),  # a subject, capitalised
        ("Y holds.", ["doi:10.1234/a"]),  # a sentence of only the citation is none
    ]


def test_an_in_text_citation_of_a_csl_json_list_cut_short_reads_et_al() -> None:
    # A CSL-JSON export marks the cut with an "others" name; it is no second author.
    bibliography = parse_bibliography(
        '[{"id": "scipy", "DOI": "10.1/a", "author": [{"family": "Virtanen", "given": "Pauli"}, '
        '{"literal": "others"}]}]'
    )
    [claim], _ = extract_claims("@scipy found that X holds.\n", bibliography)
    assert claim.text == "Virtanen et al. found that X holds."


def test_an_address_with_an_at_sign_is_prose_and_a_link_reads_as_its_text() -> None:
    bibliography = parse_bibliography(
        "@article{Virtanen2020, author={Virtanen, Pauli}, eprint={1907.10121}, "
        "archivePrefix={arXiv}}\n"
    )
    report = (
        "The library provides signal processing, see https://example.org/@Virtanen2020 for "
        "details.\nSciPy has many users [see the docs](https://scipy.org/@Virtanen2020).\n"
        "SciPy is fast [as measured](https://example.org/bench) [@Virtanen2020].\n"
    )
    claims, uncited = extract_claims(report, bibliography)
    assert [s.text for s in uncited] == [
        "The library provides signal processing, see https://example.org/@Virtanen2020 for "
        "details.",
        "SciPy has many users [see the docs](https://scipy.org/@Virtanen2020).",
    ]
    # The judge reads the link's text, never its destination.
    assert [c.text for c in claims] == ["SciPy is fast as measured."]


def test_an_in_text_key_in_braces_cites_like_a_bare_one() -> None:
    # Pandoc's @{key}: a key a bare @key cannot spell (a dot or colon before its end, a DOI).
    bibliography = parse_bibliography(
        "@article{smith.2020:a, author = {Smith, Ann and Lee, Bo}, title = {T}, "
        "doi = {10.1234/a}}\n"
    )
    report = (
        "@{smith.2020:a} [p. 3] found that X holds. -@{smith.2020:a} shows Y.\n\n"
        "As @{doi:10.1000/xyz} says, Z holds.\n\n"
        "Ask @{someone.else} or see `@{smith.2020:a}`, https://x.org/@{smith.2020:a} and "
        "[a page](/@{smith.2020:a}).\n"
    )
    claims, uncited = extract_claims(report, bibliography)
    assert [(c.text, [t.paper for t in c.targets]) for c in claims] == [
        ("Smith and Lee found that X holds.", ["doi:10.1234/a"]),
        ("The cited work shows Y.", ["doi:10.1234/a"]),
        ("As the cited work says, Z holds.", ["doi:10.1000/xyz"]),
    ]
    assert [c.key for c in claims[0].citations] == ["smith.2020:a"]
    assert [c.label for c in claims[2].citations] == ["@doi:10.1000/xyz"]
    assert len(uncited) == 1 and uncited[0].text.startswith("Ask @{someone.else}")


def test_glued_key_groups_each_cite_and_leave_the_claim_text() -> None:
    report = (
        "Python has libraries for sparse matrices and images [@doi:10.1234/a][@doi:10.1234/b].\n\n"
        "Python has libraries for arrays [see @doi:10.1234/a][also @doi:10.1234/b].\n"
    )
    claims, _ = extract_claims(report)
    both = ["doi:10.1234/a", "doi:10.1234/b"]
    assert [(c.text, [t.paper for t in c.targets]) for c in claims] == [
        ("Python has libraries for sparse matrices and images.", both),
        ("Python has libraries for arrays.", both),
    ]


def test_an_image_is_one_unit_read_as_its_alt_text() -> None:
    # A standalone image's alt text is a caption that may cite; an inline image does not cut
    # its sentence at its "!"; no "[", "](fig1.png)" or "!" is left as a claim or uncited.
    report = (
        "![SciPy provides sparse matrices [@arxiv:1907.10121].](fig1.png)\n\n"
        "SciPy is shown in ![Figure of SciPy](x.png) and provides sparse matrices"
        " [@arxiv:1907.10121].\n\n"
        "![A plot, cited nowhere.][fig]\n\n[fig]: plot.png\n"
    )
    claims, uncited = extract_claims(report)
    assert [(c.text, c.sentence.line, c.sentence.column) for c in claims] == [
        ("SciPy provides sparse matrices.", 1, 3),
        ("SciPy is shown in Figure of SciPy and provides sparse matrices.", 3, 1),
    ]
    assert [s.text for s in uncited] == ["A plot, cited nowhere."]
    # A sentence ending in an alt text ends, in the report, with its image.
    assert report[claims[0].sentence.end - 1 : claims[0].sentence.end + 1] == ")\n"


def test_no_brackets_separators_or_doubled_stops_left_where_citations_were() -> None:
    bibliography = parse_bibliography(
        "@article{v, author = {Virtanen, P. and Gommers, R. and Oliphant, T.},"
        " title = {SciPy}, eprint = {1907.10121}, archivePrefix = {arXiv}}\n"
        "@article{w, author = {van der Walt, S.}, title = {skimage}, doi = {10.7717/peerj.453}}\n"
    )
    report = (
        "SciPy is widely used (ref. [@v]).\n\n"
        "Python has libraries for arrays and images [@v], [@w].\n\n"
        "Sparse matrices were described by @v.\n"
    )
    claims, _ = extract_claims(report, bibliography)
    assert [c.text for c in claims] == [
        "SciPy is widely used.",
        "Python has libraries for arrays and images.",
        "Sparse matrices were described by Virtanen et al.",
    ]


def test_raw_html_tags_are_no_part_of_a_claim_or_an_uncited_sentence() -> None:
    # The words inside an HTML block are the author's; its tags are not.
    report = (
        '<div class="note">\nSciPy provides sparse matrices [@arxiv:1907.10121].\n</div>\n\n'
        "The library provides <em>sparse</em> matrices<br>and more [@arxiv:1907.10121].\n"
    )
    claims, uncited = extract_claims(report)
    assert [(c.text, c.sentence.line, c.sentence.column) for c in claims] == [
        ("SciPy provides sparse matrices.", 2, 1),
        ("The library provides sparse matrices and more.", 5, 1),
    ]
    assert uncited == []


def test_pandoc_and_quarto_markup_is_no_prose() -> None:
    # Attribute blocks and div fences are neither words nor uncited sentences; cross-references
    # are no citations and read "1", as a LaTeX draft's \ref does.
    report = (
        "![SciPy has sparse matrices [@arxiv:1907.10121].](fig.png){#fig:one width=50%}\n\n"
        "As shown in @fig:one and [@tbl:one], SciPy is used [@arxiv:1907.10121].\n\n"
        "Table: SciPy offers sparse matrices [@arxiv:1907.10121]. {#tbl:one}\n\n"
        "::: {#fig-two}\nSciPy handles images [@arxiv:1907.10121].\n:::\n\n"
        "See @eq:one and @sec-intro for details.\n"
    )
    claims, uncited = extract_claims(report)
    assert [c.text for c in claims] == [
        "SciPy has sparse matrices.",
        "As shown in 1 and 1, SciPy is used.",
        "Table: SciPy offers sparse matrices.",
        "SciPy handles images.",
    ]
    assert [[t.paper for t in c.targets] for c in claims] == [["arXiv:1907.10121"]] * 4
    assert [s.text for s in uncited] == ["See @eq:one and @sec-intro for details."]


def test_a_citation_used_as_a_noun_leaves_no_fragment_for_the_judge() -> None:
    # QA: "(reviewed in )", ", as described in." and "(see for details)" reached the judge.
    bib = parse_bibliography("@article{a, doi={10.1000/a}}\n@article{b, doi={10.1000/b}}\n")
    report = "\n\n".join(
        [
            "X reduces Y (reviewed in [@a]).",
            "X reduces Y, as described in [@a].",
            "X reduces Y (Table 1 in [@a]).",
            "X reduces Y, following [@a] and [@b].",
            "X reduces Y (see [@a] for details).",
            "X reduces Y in the work of [@a].",
            "SciPy has 600 contributors (Fig. 2 of [@a]).",
            "Tools help, cf. the guide at https://arxiv.org/abs/1603.07285 for details.",
        ]
    )
    claims, _ = extract_claims(report, bib)
    assert [c.text for c in claims] == [
        *["X reduces Y."] * 6,
        "SciPy has 600 contributors.",
        "Tools help.",
    ]


def test_a_bracketed_span_reads_without_its_brackets() -> None:
    # QA: "[X reduces Y in mice." was a claim and "Z is uncited.]" an uncited sentence.
    report = (
        "[X reduces Y in mice [@arxiv:1907.10121]. Z is uncited.]{.banner .lightred}\n\n"
        "[**Note**: W holds for V [@arxiv:1907.10121].]{.smallcaps}\n"
    )
    claims, uncited = extract_claims(report)
    assert [(c.sentence.text, c.text) for c in claims] == [
        ("X reduces Y in mice [@arxiv:1907.10121].", "X reduces Y in mice."),
        ("**Note**: W holds for V [@arxiv:1907.10121].", "Note: W holds for V."),
    ]
    assert [(s.text, s.line, s.column) for s in uncited] == [("Z is uncited.", 1, 43)]
    assert [(c.sentence.line, c.sentence.column) for c in claims] == [(1, 2), (3, 2)]


def test_the_authors_spaces_before_punctuation_stay_in_the_claim() -> None:
    # QA (rev_de.json): "Arbeitsgedächtnis : das" read "Arbeitsgedächtnis: das" for the judge.
    assert _clean("Kaffee verbessert das Arbeitsgedächtnis : das zeigt eine Studie [@fr].") == (
        "Kaffee verbessert das Arbeitsgedächtnis : das zeigt eine Studie."
    )
    # Blanks a removed citation stood between go; the author's no-break spaces stay. The comma
    # between the two citations was theirs: the author's ";" stays, not a ",".
    assert _clean("Le travail\u202f: oui ; non [@a], [@b] ; fin\u00a0!") == (
        "Le travail\u202f: oui ; non; fin\u00a0!"
    )


def test_a_sici_doi_in_a_draft_cites_the_whole_doi_and_leaves_the_claim_text() -> None:
    # QA: the DOI was cut at its "<": doi:10.1002/(sici)1097-4636(199706)35:4 was checked.
    sici = "10.1002/(SICI)1097-4636(199706)35:4<413::AID-JBM1>3.0.CO;2-8"
    report = (
        f"Aspirin reduces stroke risk (doi:{sici}).\n\nBare, it holds {sici}.\n\n"
        f"Linked [here](https://doi.org/{sici}), it holds.\n\n"
        "Unbalanced <https://doi.org/10.1234/0)0> holds.\n"
    )
    claims, _ = extract_claims(report)
    assert [(c.text, [t.paper for t in c.targets]) for c in claims] == [
        ("Aspirin reduces stroke risk.", [f"doi:{sici.lower()}"]),
        ("Bare, it holds.", [f"doi:{sici.lower()}"]),
        ("Linked here, it holds.", [f"doi:{sici.lower()}"]),
        ("Unbalanced holds.", ["doi:10.1234/0)0"]),
    ]


def test_an_ieee_range_cites_each_paper_and_leaves_no_dash() -> None:
    report = (
        "Baselines help [1]\u2013[3].\n\n# References\n\n1. Lee arXiv:2105.14372\n"
        "2. Wilson doi:10.1371/journal.pcbi.1005510\n3. Virtanen arXiv:1907.10121\n"
    )
    [claim], _ = extract_claims(report)
    assert claim.text == "Baselines help."
    assert [t.paper for t in claim.targets] == [
        "arXiv:2105.14372",
        "doi:10.1371/journal.pcbi.1005510",
        "arXiv:1907.10121",
    ]


@pytest.mark.parametrize("dash", ["--", " -- ", "---"])
def test_an_ieee_range_typed_with_markdown_s_dash_cites_each_paper(dash: str) -> None:
    # QA: "Baselines help [1]--[3]." (Pandoc prints "--" as a dash) cited 1 and 3, not 2.
    report = (
        f"Baselines help [1]{dash}[3].\n\n# References\n\n1. Lee arXiv:2105.14372\n"
        "2. Wilson doi:10.1371/journal.pcbi.1005510\n3. Virtanen arXiv:1907.10121\n"
    )
    [claim], _ = extract_claims(report)
    assert claim.text == "Baselines help."
    assert [t.citations for t in claim.targets] == [("[1]",), ("[2]",), ("[3]",)]


def test_a_chain_of_ieee_ranges_cites_each_paper_once_and_leaves_no_dash() -> None:
    # QA: "X holds [1]-[2]-[3]." read "X holds -.": only the first pair was one range.
    references = "\n\n# References\n\n" + "".join(
        f"{n}. Author {n}. doi:10.1234/r{n}\n" for n in range(1, 5)
    )
    for chain, cited in [
        ("[1]-[2]-[3]", [1, 2, 3]),
        ("[1]\u2013[2]\u2013[3]", [1, 2, 3]),
        ("[1] - [3] - [4]", [1, 2, 3, 4]),
        # QA: a bracket with a locator or several numbers was read alone, "X holds \u2013.".
        ("[1, p. 3]\u2013[2]", [1, 2]),
        ("[see 1]\u2013[3, p. 4]", [1, 2, 3]),
        ("[1, 2]-[4]", [1, 2, 3, 4]),
    ]:
        [claim], _ = extract_claims(f"X holds {chain}." + references)
        assert claim.text == "X holds."
        assert [t.citations for t in claim.targets] == [(f"[{n}]",) for n in cited]


def test_a_range_with_a_located_bracket_written_backwards_cites_nothing_and_is_said() -> None:
    references = "\n\n# References\n\n1. A. doi:10.1234/r1\n2. B. doi:10.1234/r2\n"
    read = read_draft("X holds [2, p. 3]\u2013[1]." + references)
    assert [s.text for s in read.uncited] == ["X holds [2, p. 3]\u2013[1]."]
    assert read.warnings == (
        "line 1: the citation [2, p. 3]\u2013[1] holds a range written backwards (2-1), so it"
        " cites nothing, not even its other numbers (write its lower number first)",
    )
    # An interval stays the author's, and no range's end.
    [claim], _ = extract_claims("Scores in [0, 1]\u2013[2] hold." + references)
    assert [t.citations for t in claim.targets] == [("[2]",)]


def test_a_citation_used_as_the_object_of_an_opening_pointer_leaves_no_fragment() -> None:
    assert _clean("According to [1], baselines are key.") == "Baselines are key."
    assert _clean("In [@a], the authors show that padding matters.") == (
        "The authors show that padding matters."
    )
    assert _clean("Padding, as shown in [1], matters.") == "Padding matters."


def test_an_opening_pointer_without_a_comma_goes_with_its_citation() -> None:
    # QA: "In [@a] the authors show X." was judged as "In the authors show X.".
    assert _clean("In [@a] the authors show that padding matters.") == (
        "The authors show that padding matters."
    )
    assert _clean("According to [1] baselines are key.") == "Baselines are key."
    assert _clean("As shown in [@a; @b] padding matters.") == "Padding matters."
    assert _clean("Following [1] and [2] we pad the inputs.") == "We pad the inputs."
    # The author's words stay: a pointer with an object of its own, a citation-only tail.
    assert _clean("In 2020 [@a] the authors showed it.") == "In 2020 the authors showed it."
    assert _clean("In this work [@a] we pad the inputs.") == "In this work we pad the inputs."
    assert _clean("See [@a] for details.") == "See for details."


def test_a_hand_written_author_year_mark_or_a_citation_as_subject_reads_clean() -> None:
    # QA: "(Smith and Lee [@a])" kept the names, and "[1] showed that X." read "showed that X."
    bibliography = parse_bibliography(
        "@article{a, author = {Smith, J. and Lee, A.}, title = {T}, doi = {10.1/a}}\n"
    )
    report = (
        "Padding matters (Smith and Lee, 2020 [@a]).\n\n"
        "[@a] showed that padding matters.\n\n"
        "[@a]. Padding matters.\n\n"
        "Padding matters in the Lee data [@a].\n"
    )
    claims, _ = extract_claims(report, bibliography)
    assert [c.text for c in claims] == [
        "Padding matters.",
        "The authors showed that padding matters.",
        "Padding matters.",
        "Padding matters in the Lee data.",
    ]


def test_a_cited_address_after_a_verb_leaves_no_dangling_preposition() -> None:
    # QA: an address cited as a verb's object left its preposition: "We pad inputs as
    # described at, the method works.", "The method, described at, works well.", "... is
    # described at and works well."
    arxiv = "https://arxiv.org/abs/1907.10121"
    assert _clean(f"We pad inputs as described at {arxiv}, the method works.") == (
        "We pad inputs, the method works."
    )
    assert _clean(f"We pad inputs as described at {arxiv} , the method works.") == (
        "We pad inputs, the method works."
    )
    assert _clean(f"The method, described at {arxiv}, works well.") == "The method works well."
    assert _clean(f"The method is described at {arxiv} and works well.") == (
        "The method is described and works well."
    )
    assert _clean(f"The method described at {arxiv} works well.") == (
        "The method described works well."
    )
    assert _clean(f"The method is described at {arxiv}.") == "The method is described."
    assert _clean("It was shown by [1] and [2].") == "It was shown."
    assert _clean("The method, proposed by [1], works.") == "The method works."
    # The author's words stay: a pointer after a comma goes whole, as before; "based on" (its
    # object named), "the following" and an address that is no citation.
    assert _clean(f"X reduces Y, as described in {arxiv}.") == "X reduces Y."
    assert _clean("This is based on [1].") == "This is based on the cited work."
    assert _clean("Good practice includes the following [1]:") == (
        "Good practice includes the following:"
    )
    assert _clean("As described at https://example.org/guide, the method works [1].") == (
        "As described at https://example.org/guide, the method works."
    )


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        # QA: "\citet{a} is fast." (an entry naming no author) read "the cited work is fast."
        ("the cited work is fast.", "The cited work is fast."),
        ("the cited works are fast.", "The cited works are fast."),
        ("the authors show X.", "The authors show X."),
        ("the cited work's code is fast.", "The cited work's code is fast."),
        ("then it holds.", "then it holds."),
    ],
)
def test_a_subject_left_by_a_textual_citation_opens_with_a_capital(text: str, shown: str) -> None:
    assert with_subject(text) == shown


@pytest.mark.parametrize(
    ("sentence", "text"),
    [
        ("[1, 2] is a benchmark.", "Each cited work is a benchmark."),
        ("[1-3] is a benchmark.", "Each cited work is a benchmark."),
        ("However, [1, 2] is a benchmark.", "However, each cited work is a benchmark."),
        ("[1, 2]'s methods are fast.", "The cited works' methods are fast."),
        ("Studies of [1, 2] show gains.", "Studies of the cited works show gains."),
        ("[1, 2] are benchmarks.", "The cited works are benchmarks."),
        ("[1] is a benchmark.", "The cited work is a benchmark."),
        ("[1, 1] is a benchmark.", "The cited work is a benchmark."),
    ],
)
def test_a_group_of_several_works_as_subject_names_them_all(sentence: str, text: str) -> None:
    # QA: "[1, 2] is a benchmark." read "The cited work is a benchmark.", one work of two.
    assert _clean(sentence) == text


@pytest.mark.parametrize(
    ("sentence", "text"),
    [
        ("Padding keeps the ~~old~~ size [1].", "Padding keeps the size."),
        ("Padding keeps the ~~size~~ [1].", "Padding keeps the."),
        ("We ~~reduce~~ **improve** accuracy [1].", "We improve accuracy."),
        # One tilde is Pandoc's subscript, no strikeout: its text stays.
        ("Water is H~2~O [1].", "Water is H~2~O."),
    ],
)
def test_struck_text_is_deleted_text_not_judged(sentence: str, text: str) -> None:
    # QA: "Padding keeps the ~~size~~ [1]." was judged with its "~~size~~" marks and words.
    assert _clean(sentence) == text


def test_a_struck_sentence_cites_nothing() -> None:
    # QA: "~~X holds [1].~~" was judged as "~~X holds." against paper 1, a deleted sentence.
    report = "A holds [1]. ~~B holds [2].~~ C holds [2].\n\n## References\n\n1. arXiv:1907.10121\n"
    report += "2. arXiv:2105.14372\n"
    claims, uncited = extract_claims(report)
    assert [c.text for c in claims] == ["A holds.", "C holds."]
    assert [u.text for u in uncited] == []  # struck out whole: deleted text, no sentence


def test_a_citation_opening_the_next_sentence_is_its_subject_not_the_last_ones() -> None:
    # QA: "X holds. [1] showed Y." judged "X holds." against paper 1 and listed "showed Y.".
    report = "X holds. [1] showed Y.\n\n## References\n\n1. arXiv:1907.10121\n"
    claims, uncited = extract_claims(report)
    assert [c.text for c in claims] == ["The authors showed Y."]
    assert [u.text for u in uncited] == ["X holds."]


def test_a_numbered_citation_with_a_locator_or_pointer_cites() -> None:
    report = (
        "X holds [1, p. 3]. Y holds [see 1, 2]. Z holds [e.g., 2]. W holds [1, Table 2; 2].\n\n"
        "## References\n\n1. arXiv:1907.10121\n2. doi:10.1234/x\n"
    )
    claims, uncited = extract_claims(report)
    assert uncited == []
    assert [(c.text, [t.paper for t in c.targets]) for c in claims] == [
        ("X holds.", ["arXiv:1907.10121"]),
        ("Y holds.", ["arXiv:1907.10121", "doi:10.1234/x"]),
        ("Z holds.", ["doi:10.1234/x"]),
        ("W holds.", ["arXiv:1907.10121", "doi:10.1234/x"]),
    ]


@pytest.mark.parametrize(
    ("written", "reads"),
    [
        ("See [1] and [2] for details.", "See for details."),
        ("See [1], [2] for details.", "See for details."),
        ("See [1] or [2].", "See."),
        ("As described in [1] and [2].", "As described in."),
        ("X holds [1] and [2].", "X holds."),
    ],
)
def test_joined_citations_leave_no_joining_word(written: str, reads: str) -> None:
    # As one citation leaves it ("See [1] for details." reads "See for details."), not "See
    # and for details." or "X holds and.".
    report = f"{written}\n\n## References\n\n1. arXiv:1907.10121\n2. doi:10.1234/x\n"
    [claim], _ = extract_claims(report)
    assert claim.text == reads


def test_a_numbered_note_s_stop_ends_its_claim() -> None:
    # QA: "X holds [See 1, p. 3.] Y holds [2]." was one claim, "X holds Y holds.", and a
    # paragraph's last such sentence read "X holds", with no stop.
    references = "\n\n# References\n\n1. A. doi:10.1234/r1\n2. B. doi:10.1234/r2\n"
    claims, _ = extract_claims("X holds [See 1, p. 3.] Y holds [2]." + references)
    assert [(c.text, [t.citations for t in c.targets]) for c in claims] == [
        ("X holds.", [("[1]",)]),
        ("Y holds.", [("[2]",)]),
    ]
    [claim], _ = extract_claims("X holds [see 1, p. 3.]" + references)
    assert claim.text == "X holds."


def test_textual_citations_of_authorless_works_read_as_one_subject() -> None:
    bibliography = parse_bibliography(
        "@article{a, title={A}, doi={10.1234/a}}\n@article{b, title={B}, doi={10.1234/b}}\n"
    )
    claims, _ = extract_claims("@a and @b show gains. @a and @b are benchmarks.\n", bibliography)
    assert [c.text for c in claims] == [
        "The authors show gains.",
        "The cited works are benchmarks.",
    ]


@pytest.mark.parametrize(
    ("sentence", "claim"),
    [
        ("X holds [1][2] shows Y.", "X holds, the cited work shows Y."),
        ("Prior work [1][2] shows Y.", "Prior work shows Y."),
        ("X holds [1, 2] shows Y.", "X holds shows Y."),  # one group: its works stay one
    ],
)
def test_glued_numbered_groups_read_as_citations_written_apart(sentence: str, claim: str) -> None:
    # QA: "X holds [1][2] shows Y." read "X holds shows Y." where "X holds [1] [2] shows Y."
    # reads "X holds, the cited work shows Y.": glued, the groups were read as one.
    report = f"{sentence}\n\n# References\n\n1. A doi:10.1000/a1\n2. B doi:10.1000/b2\n"
    [found], _ = extract_claims(report)
    assert found.text == claim


@pytest.mark.parametrize(
    "sentence",
    [
        # QA: read "X holds (and references therein)." and "X holds (siehe und die dort
        # zitierte Literatur).".
        "X holds (and references therein [1]).",
        "X holds (see [1] and the references therein).",
        "X holds (siehe [1] und die dort zitierte Literatur).",
    ],
)
def test_a_bracket_pointing_at_the_references_therein_goes_with_its_citation(
    sentence: str,
) -> None:
    assert _clean(sentence) == "X holds."
