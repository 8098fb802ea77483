"""A LaTeX draft's claim text as written, clean: ``\\xspace`` a space before a word (none before
punctuation), no soft hyphen from ``\\-``, no link target or language name, and no "(see, "
where a citation was."""

from __future__ import annotations

from pathlib import Path

from claimaudit.review.latex.claims import extract_latex_claims
from tests.articles import write_article

_BIB = "@article{a, title={A}}\n"


def test_claim_text_is_as_printed(tmp_path: Path) -> None:
    preamble = (
        "\\usepackage{natbib,xspace,hyperref,babel}\n"
        "\\newcommand{\\eg}{e.g.,\\xspace}\n\\newcommand{\\etal}{et~al.\\@\\xspace}\n"
        "\\newcommand{\\SciPy}{\\textsc{SciPy}\\xspace}\n"
    )
    body = (
        "The \\SciPy library provides routines \\eg for sparse matrices \\citep{sp}.\n"
        "Virtanen \\etal describe \\SciPy, in detail \\citep{sp}.\n"
        "SciPy is used widely (see \\citealp{sp}, for details).\n"
        "SciPy is sci\\-en\\-ti\\-fic software \\citep{sp}.\n"
        "\\hyperlink{t}{Kernels slide over inputs} \\citep{sp}.\n"
        "\\foreignlanguage{english}{Transposed convolutions swap passes} \\citep{sp}."
    )
    found = extract_latex_claims(
        write_article(tmp_path, body, preamble, bib="@article{sp, title={SciPy}}\n")
    )
    assert [c.text for c in found.claims] == [
        "The SciPy library provides routines e.g., for sparse matrices.",
        "Virtanen et al. describe SciPy, in detail.",
        "SciPy is used widely.",
        "SciPy is scientific software.",
        "Kernels slide over inputs.",
        "Transposed convolutions swap passes.",
    ]


def test_a_citation_used_as_a_noun_leaves_no_fragment(tmp_path: Path) -> None:
    # QA: "X reduces Y, as described in." and "(Table 1 in)." were judged and shown.
    body = (
        "X reduces Y, as described in \\cite{a}.\n\n"
        "X reduces Y (Table 1 in \\cite{a}).\n\n"
        "X reduces Y, following \\cite{a} and \\cite{b}."
    )
    bib = "@article{a, title={A}}\n@article{b, title={B}}\n"
    found = extract_latex_claims(write_article(tmp_path, body, bib=bib))
    assert [c.text for c in found.claims] == ["X reduces Y."] * 3
    assert [c.sentence.text for c in found.claims] == ["X reduces Y."] * 3


def test_a_citation_as_the_object_of_an_opening_pointer_leaves_no_fragment(
    tmp_path: Path,
) -> None:
    # QA: "According to, baselines are key." and "In, the authors show ..." were judged.
    (tmp_path / "refs.bib").write_text("@article{a, title={A}}\n", encoding="utf-8")
    path = tmp_path / "main.tex"
    path.write_text(
        "\\documentclass{article}\n\\begin{document}\n"
        "According to \\cite{a}, baselines are key.\n\n"
        "In \\cite{a}, the authors show that padding matters.\n\n"
        "Padding, as shown in \\cite{a}, matters.\n"
        "\\bibliography{refs}\n\\end{document}\n",
        encoding="utf-8",
    )
    assert [c.text for c in extract_latex_claims(path).claims] == [
        "Baselines are key.",
        "The authors show that padding matters.",
        "Padding matters.",
    ]


def test_the_following_before_a_list_keeps_its_words(tmp_path: Path) -> None:
    # QA: "Good practices include the following \cite{a}:" was judged as "... include the".
    (tmp_path / "refs.bib").write_text("@article{a, title={A}}\n", encoding="utf-8")
    path = tmp_path / "main.tex"
    path.write_text(
        "\\documentclass{article}\n\\begin{document}\n"
        "Good practices include the following \\cite{a}:\n"
        "\\begin{itemize}\n\\item back up raw data.\n\\end{itemize}\n"
        "\\bibliography{refs}\n\\end{document}\n",
        encoding="utf-8",
    )
    found = extract_latex_claims(path)
    assert [c.text for c in found.claims] == ["Good practices include the following:"]


def test_but_see_goes_with_its_citation_and_the_verb_see_stays(tmp_path: Path) -> None:
    (tmp_path / "refs.bib").write_text("@article{a, title={A}}\n", encoding="utf-8")
    path = tmp_path / "main.tex"
    path.write_text(
        "\\documentclass{article}\n\\begin{document}\n"
        "Padding matters~\\cite{a}, but see \\cite{a}.\n\n"
        "Padding matters~\\cite{a}, but cf.~\\cite{a}.\n\n"
        "The effect of padding is easy to see \\cite{a}.\n"
        "\\bibliography{refs}\n\\end{document}\n",
        encoding="utf-8",
    )
    assert [c.text for c in extract_latex_claims(path).claims] == [
        "Padding matters.",
        "Padding matters.",
        "The effect of padding is easy to see.",
    ]


def _claims(tmp_path: Path, preamble: str, body: str) -> list[str]:
    path = write_article(tmp_path, body, f"{preamble}\n", bib=_BIB)
    return [c.text for c in extract_latex_claims(path).claims]


def test_babel_german_shorthands_read_as_they_print(tmp_path: Path) -> None:
    body = 'Gr"o"sere Effekte bei M"adchen, "`so"\' die Stra"se \\cite{a}.'
    for preamble in (
        "\\usepackage[ngerman]{babel}",
        "\\usepackage{polyglossia}\n\\setmainlanguage{german}",
    ):
        assert _claims(tmp_path, preamble, body) == [
            "Größere Effekte bei Mädchen, \u201eso\u201c die Straße."
        ]


def test_quote_marks_stay_as_typed_in_an_english_draft(tmp_path: Path) -> None:
    body = 'The "a" flag, set to "o" here \\cite{a}.'
    assert _claims(tmp_path, "\\usepackage[english]{babel}", body) == [
        'The "a" flag, set to "o" here.'
    ]


def test_babel_quote_macros_print_their_marks(tmp_path: Path) -> None:
    body = "Es waren \\glqq{}2.400\\grqq{} und \\glq a\\grq{}, das \\og caf\\'e \\fg{} \\cite{a}."
    assert _claims(tmp_path, "\\usepackage[ngerman,french]{babel}", body) == [
        "Es waren \u201e2.400\u201c und \u201aa\u2018, das \u00ab café \u00bb."
    ]


def test_a_blank_the_author_typed_before_high_punctuation_is_kept(tmp_path: Path) -> None:
    # A French draft read "Le résultat est net: 5 %": every blank before ":" and ";" was taken
    # for the gap a dropped citation leaves. Those gaps still close, a tie's too.
    body = (
        "Le résultat est net : 5~\\% \\cite{x}.\n\n"
        "C'est vrai~; on le voit \\cite{x}.\n\n"
        "Le gain est net\\,: 5 points \\cite{x}.\n\n"
        "Un texte \\cite{x}.\n\n"
        "Des sorties~\\cite{x}; puis des entrées \\cite{x} : deux."
    )
    found = extract_latex_claims(write_article(tmp_path, body, bib="@article{x, title={X}}\n"))
    assert [c.text for c in found.claims] == [
        "Le résultat est net : 5 %.",
        "C'est vrai ; on le voit.",
        "Le gain est net : 5 points.",
        "Un texte.",
        "Des sorties; puis des entrées : deux.",
    ]
    # The review's copy of the paragraphs (the HTML report) shows them as judged.
    assert [p.block.text for p in found.paragraphs][:2] == [
        "Le résultat est net : 5\u00a0%.",
        "C'est vrai\u00a0; on le voit.",
    ]


def test_a_citations_gap_closes_before_other_scripts_punctuation(tmp_path: Path) -> None:
    """Only Latin punctuation closed the gap a dropped citation left: "情绪 \\cite{a}。" was
    judged and reported as "情绪 。", "होती है \\cite{a}।" as "होती है ।"."""
    body = (
        "咖啡能改善情绪 \\cite{a}。\n\n"
        "चीनी मीठी होती है \\cite{a}।\n\n"
        "هل القهوة تحسن المزاج \\cite{a}؟"
    )
    found = extract_latex_claims(write_article(tmp_path, body, bib=_BIB))
    assert [c.text for c in found.claims] == [
        "咖啡能改善情绪。",
        "चीनी मीठी होती है।",
        "هل القهوة تحسن المزاج؟",
    ]


def test_a_citations_gap_closes_before_a_guillemet_glued_to_it(tmp_path: Path) -> None:
    """QA: "\u00bbY gilt \\cite{a}\u00ab heute" read "\u00bbY gilt \u00ab heute": a guillemet
    did not close the gap; French spacing inside them stays the author's."""
    body = (
        "\u00bbY gilt \\cite{a}\u00ab heute.\n\n"
        "\u00abY holds \\cite{a}\u00bb today.\n\n"
        "\u00ab Y holds \\cite{a} \u00bb today."
    )
    found = extract_latex_claims(write_article(tmp_path, body, bib=_BIB))
    assert [c.text for c in found.claims] == [
        "\u00bbY gilt\u00ab heute.",
        "\u00abY holds\u00bb today.",
        "\u00ab Y holds \u00bb today.",
    ]


def test_an_opening_pointer_without_a_comma_goes_with_its_citation(tmp_path: Path) -> None:
    # QA: "In \cite{a} the authors show X." was judged as "In the authors show X.".
    body = (
        "In \\cite{a} the authors show that padding matters.\n\n"
        "According to~\\citep{a} baselines are key.\n\n"
        "In \\citet{a} the authors show that padding matters.\n\n"
        "In the past \\cite{a} padding mattered."
    )
    assert _claims(tmp_path, "\\usepackage{natbib}", body) == [
        "The authors show that padding matters.",
        "Baselines are key.",
        "In the authors the authors show that padding matters.",
        "In the past padding mattered.",
    ]


def test_an_author_year_mark_written_by_hand_is_a_citation_mark(tmp_path: Path) -> None:
    # QA: "(\citeauthor{a}, \citeyear{a})" was judged as "Padding matters (Smith and Lee)."
    # and "\citeauthor{x} showed" of a work naming no author as "the authors showed".
    bib = (
        "@article{a, author = {Smith, J. and Lee, A.}, title = {A}, doi = {10.1/a}}\n"
        "@article{solo, author = {others}, title = {S}, doi = {10.1/s}}\n"
    )
    body = (
        "Padding matters (\\citeauthor{a}, \\citeyear{a}).\n\n"
        "Padding matters (see \\citeauthor{a} \\citeyear{a}, p.~3).\n\n"
        "\\citeauthor{solo} showed that padding matters.\n\n"
        "\\cite{a} showed that padding matters.\n\n"
        "\\citeauthor{a} showed that padding matters (in the Lee data).\n\n"
        "Padding matters (Table 1) for Smith and Lee \\cite{a}."
    )
    path = write_article(tmp_path, body, bib=bib)
    found = extract_latex_claims(path).claims
    assert [c.text for c in found] == [
        "Padding matters.",
        "Padding matters.",
        "The authors showed that padding matters.",
        "The authors showed that padding matters.",
        "Smith and Lee showed that padding matters (in the Lee data).",
        "Padding matters (Table 1) for Smith and Lee.",
    ]
    assert [[t.citations for t in c.targets] for c in found] == [
        [("a",)],
        [("a",)],
        [("solo",)],
        [("a",)],
        [("a",)],
        [("a",)],
    ]


def test_a_cited_address_after_a_verb_leaves_no_dangling_preposition(tmp_path: Path) -> None:
    # QA: "The method is described at \citeurl{a}." was judged as "... is described at.".
    body = (
        "The method is described at \\citeurl{a}.\n\n"
        "We pad inputs as described at \\citeurl{a}, the method works.\n\n"
        "The method, described at \\citeurl{a}, works well."
    )
    assert _claims(tmp_path, "", body) == [
        "The method is described.",
        "We pad inputs, the method works.",
        "The method works well.",
    ]


def test_a_command_citing_several_works_as_subject_names_them_all(tmp_path: Path) -> None:
    # QA: "\cite{a,b} is a benchmark." read "The cited work is a benchmark.", one of two.
    body = (
        "\\cite{a,b} is a benchmark.\n\n\\cite{a,b} are benchmarks.\n\n"
        "However, \\citep{a,b} is a benchmark.\n\n\\cite{a} is a benchmark."
    )
    bib = "@article{a, title={A}}\n@article{b, title={B}}\n"
    found = extract_latex_claims(write_article(tmp_path, body, bib=bib))
    assert [c.text for c in found.claims] == [
        "Each cited work is a benchmark.",
        "The cited works are benchmarks.",
        "However, each cited work is a benchmark.",
        "The cited work is a benchmark.",
    ]


def test_a_citation_with_its_authors_fellows_reads_as_the_authors(tmp_path: Path) -> None:
    # QA: "\cite{a} et al. showed X." read "The authors et al. showed X.".
    body = "\\cite{a} et al. showed X.\n\n\\cite{a} and colleagues showed X."
    found = extract_latex_claims(write_article(tmp_path, body, bib=_BIB))
    assert [c.text for c in found.claims] == ["The authors showed X."] * 2


def test_a_citation_a_preposition_opening_the_sentence_had_is_the_cited_work(
    tmp_path: Path,
) -> None:
    # QA: "Unlike \cite{a}, \cite{b} is faster." read "Unlike, is faster.".
    bib = "@article{a, title={A}}\n@article{b, title={B}}\n"
    body = "Unlike \\cite{a}, \\cite{b} is faster."
    found = extract_latex_claims(write_article(tmp_path, body, bib=bib))
    assert [c.text for c in found.claims] == ["Unlike the cited work, the cited work is faster."]


def test_a_citation_a_preposition_had_inside_the_sentence_is_the_cited_work(
    tmp_path: Path,
) -> None:
    # QA: "X is faster than \cite{a}." read "X is faster than.".
    body = "X is faster than \\cite{a}.\n\nIt was shown by \\cite{a}."
    found = extract_latex_claims(write_article(tmp_path, body, bib=_BIB))
    assert [c.text for c in found.claims] == ["X is faster than the cited work.", "It was shown."]


def test_a_separator_a_removed_citation_leaves_at_either_end_goes(tmp_path: Path) -> None:
    # QA: "\cite{a}: X holds." read ": X holds.".
    body = "\\cite{a}: X holds.\n\nX holds: \\cite{a}."
    found = extract_latex_claims(write_article(tmp_path, body, bib=_BIB))
    assert [c.text for c in found.claims] == ["X holds."] * 2


def test_a_cited_work_named_in_a_citations_place_is_a_word_apart(tmp_path: Path) -> None:
    # QA: "X agrees with \cite{a} on Y." read "X agrees with the cited workon Y.".
    body = "X agrees with \\cite{a} on Y.\n\nUnlike \\cite{a} the method is fast.\n"
    found = extract_latex_claims(write_article(tmp_path, body, "", bib=_BIB))
    assert [c.text for c in found.claims] == [
        "X agrees with the cited work on Y.",
        "Unlike the cited work the method is fast.",
    ]


def test_joined_citations_leave_no_joining_word(tmp_path: Path) -> None:
    body = "See \\cite{a} and \\cite{b} for details.\n\nX holds \\cite{a} and \\cite{b}.\n"
    path = write_article(tmp_path, body, "\n", bib=f"{_BIB}@article{{b, title={{B}}}}\n")
    assert [c.text for c in extract_latex_claims(path).claims] == [
        "See for details.",
        "X holds.",
    ]


def test_a_range_between_cite_commands_leaves_no_dash(tmp_path: Path) -> None:
    # QA: "\cite{a}--\cite{c}" prints "[1]\u2013[3]"; the claim judged read "X holds \u2013.".
    bib = "@article{a, title={A}}\n@article{c, title={C}}\n"
    body = "X holds \\cite{a}--\\cite{c}.\n\nY holds~\\cite{a}--\\cite{c} in mice.\n"
    found = extract_latex_claims(write_article(tmp_path, body, "", bib=bib))
    assert [c.text for c in found.claims] == ["X holds.", "Y holds in mice."]
    assert [len(c.targets) for c in found.claims] == [2, 2]


_ITEMS = "".join(f"\\bibitem{{{k}}} {k.upper()}. doi:10.1000/{k}\n" for k in "abcde")
_THEBIBLIOGRAPHY = f"\\begin{{thebibliography}}{{9}}\n{_ITEMS}\\end{{thebibliography}}\n"


def test_a_range_between_cite_commands_cites_every_work_the_thebibliography_lists_between(
    tmp_path: Path,
) -> None:
    # QA: "\cite{a}--\cite{d}" printing "[1]-[4]" cited a and d alone: b and c went unchecked.
    ranges = "X holds \\cite{a}--\\cite{d}.\n\nY holds \\cite{a,b}--\\cite{e}.\n\n"
    body = ranges + _THEBIBLIOGRAPHY
    found = extract_latex_claims(write_article(tmp_path, body, ""))
    assert [[t.citations for t in c.targets] for c in found.claims] == [
        [("a",), ("b",), ("c",), ("d",)],
        [("a",), ("b",), ("c",), ("d",), ("e",)],
    ]
    assert [c.text for c in found.claims] == ["X holds.", "Y holds."]
    assert found.warnings == ()


def test_a_range_whose_works_between_are_not_known_cites_its_ends_and_says_so(
    tmp_path: Path,
) -> None:
    # A .bib file's works are numbered by the bibliography style, which is not run.
    bib = "".join(f"@article{{{k}, title={{{k}}}}}\n" for k in "abcd")
    path = write_article(tmp_path, "X holds \\cite{a}--\\cite{d}.\n", "", bib=bib)
    found = extract_latex_claims(path)
    assert [t.citations for t in found.claims[0].targets] == [("a",), ("d",)]
    assert len(found.warnings) == 1
    assert found.warnings[0].startswith("main.tex:3: the range of citations ending in \\cite{d}")
    assert "numbered by the bibliography style" in found.warnings[0]
    # Written backwards, the thebibliography's order does not tell which works are meant.
    body = f"X holds \\cite{{d}}--\\cite{{a}}.\n\n{_THEBIBLIOGRAPHY}"
    found = extract_latex_claims(write_article(tmp_path, body, ""))
    assert [t.citations for t in found.claims[0].targets] == [("d",), ("a",)]
    assert "does not list its ends in this order" in found.warnings[0]
    # A spaced dash opens a clause: no range.
    body = f"X holds \\cite{{a}} -- \\cite{{d}} is one.\n\n{_THEBIBLIOGRAPHY}"
    found = extract_latex_claims(write_article(tmp_path, body, ""))
    assert [t.citations for t in found.claims[0].targets] == [("a",), ("d",)]
    assert found.warnings == ()


def test_a_cite_command_opening_a_clause_after_a_dash_reads_as_its_subject(tmp_path: Path) -> None:
    # QA: "X holds \cite{a} --- \cite{b} showed Y." read "X holds \u2014 showed Y." (the reader
    # closes a citation up against the dash), where a Markdown draft's read "X holds \u2014 the
    # authors showed Y.".
    bib = "@article{a, title={A}}\n@article{b, title={B}}\n"
    body = "X holds \\cite{a} --- \\cite{b} showed Y.\n\nZ holds \\cite{a} -- \\cite{b} is one.\n"
    found = extract_latex_claims(write_article(tmp_path, body, "", bib=bib))
    assert [c.text for c in found.claims] == [
        "X holds \u2014 the authors showed Y.",
        "Z holds \u2013 the cited work is one.",
    ]


def test_citations_the_reader_closed_up_are_two_as_in_markdown(tmp_path: Path) -> None:
    # QA: "X holds \cite{a} \cite{b} shows Y." read "X holds shows Y.": the reader closed the
    # gap between the commands, so they read as one group "\cite{a,b}", where Markdown's "X
    # holds [1] [2] shows Y." reads "X holds, the cited work shows Y.".
    body = (
        "X holds \\cite{a} \\cite{b} shows Y.\n\n"
        "X holds~\\cite{a}\\cite{b} shows Y.\n\n"
        "\\cite{a} \\cite{b} is a benchmark.\n\n"
        "Prior work \\cite{a} \\cite{b} shows Y.\n\n"
        "X holds \\cite{a,b} shows Y."
    )
    bib = "@article{a, title={A}}\n@article{b, title={B}}\n"
    found = extract_latex_claims(write_article(tmp_path, body, bib=bib))
    assert [c.text for c in found.claims] == [
        "X holds, the cited work shows Y.",
        "X holds, the cited work shows Y.",
        "Each cited work is a benchmark.",
        "Prior work shows Y.",
        "X holds shows Y.",  # one group's works are never parted, as "[1, 2]"'s
    ]


def test_ref_tied_to_its_citation_before_punctuation_is_part_of_it(tmp_path: Path) -> None:
    # QA: "In Ref.~\cite{a}, X was shown." read "In Ref., X was shown." and "X was shown in
    # Ref.~\cite{a}." "X was shown in Ref.": the reader closed "Ref." up to the citation's
    # place, and only a blank between them made "Ref." part of the citation.
    body = (
        "In Ref.~\\cite{a}, X was shown.\n\n"
        "In Refs.~\\cite{a,b}, X was shown.\n\n"
        "X was shown in Ref.~\\cite{a}.\n\n"
        "Unlike Ref.~\\cite{a}, we pad.\n\n"
        "Ref.~\\cite{a} shows X."
    )
    bib = "@article{a, title={A}}\n@article{b, title={B}}\n"
    found = extract_latex_claims(write_article(tmp_path, body, bib=bib))
    assert [c.text for c in found.claims] == [
        "X was shown.",
        "X was shown.",
        "X was shown.",
        "Unlike the cited work, we pad.",
        "The cited work shows X.",
    ]


def test_the_draft_s_macros_in_a_formula_print_as_ingestion_prints_them(
    tmp_path: Path,
) -> None:
    # QA: a formula's own macros printed nothing in a review ("We take the of x over in"),
    # where the paper's reader, which expands them, reads them as it prints them.
    preamble = (
        "\\usepackage{amsmath}\n\\DeclareMathOperator{\\argmax}{arg\\,max}\n"
        "\\newcommand{\\loss}{\\mathcal{L}}\n\\newcommand{\\vect}[1]{\\mathbf{#1}}\n"
    )
    body = "We take the $\\argmax$ of $\\vect{x}$ over $\\loss$ \\cite{a}."
    assert _claims(tmp_path, preamble, body) == ["We take the arg max of \U0001d431 over \u2112."]


def test_a_citations_gap_closes_before_a_closing_quote(tmp_path: Path) -> None:
    # QA: "``Y holds \cite{a}'' is known." was judged as "\u201cY holds \u201d is known.". Swedish
    # quotes open with the closing mark: "Han sa \cite{a} \u201dY\u201d" keeps its blank.
    body = (
        "``Y holds \\cite{a}'' is known.\n\n"
        "Han sa \u201dY g\u00e4ller \\cite{a}\u201d i dag.\n\n"
        "Han sa \\cite{a} \u201dY\u201d i dag."
    )
    assert _claims(tmp_path, "", body) == [
        "\u201cY holds\u201d is known.",
        "Han sa \u201dY g\u00e4ller\u201d i dag.",
        "Han sa \u201dY\u201d i dag.",
    ]


def test_a_single_backtick_quote_reads_as_curly_quotes(tmp_path: Path) -> None:
    # QA: "`Y holds \cite{a}' is known." was judged as "`Y holds' is known.", its backtick
    # kept, where LaTeX prints "\u2018Y holds\u2019", as it prints ``...'' as "\u201c...\u201d".
    body = (
        "`Y holds \\cite{a}' is known.\n\n"
        "``He said `it's done' today'' \\cite{a}.\n\n"
        "The authors' `view' differs \\cite{a}."
    )
    assert _claims(tmp_path, "", body) == [
        "\u2018Y holds\u2019 is known.",
        "\u201cHe said \u2018it's done\u2019 today\u201d.",
        "The authors' \u2018view\u2019 differs.",
    ]
