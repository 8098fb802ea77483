"""Clean passages from every format: each leftover the issue quoted, on the real shared papers."""

from __future__ import annotations

import functools
from pathlib import Path

import pytest

from claimaudit.library.extract import extract
from claimaudit.library.latex.macros import expand_macros
from claimaudit.library.markdown.extract import markdown_blocks
from claimaudit.library.passages import make_passages
from tests.library.helpers import (
    CONV_TEX,
    DEEP_REVIEW,
    DEEP_RULES,
    GOOD_ENOUGH,
    GOOD_ENOUGH_TEX,
    SCIPY_TEX,
    SKIMAGE_TEX,
)
from tests.library.latex.test_refs import passages_of


@functools.cache
def text_of(path: Path) -> str:
    return "\n".join(p.text for p in make_passages(extract(path).blocks))


def test_latex_spacing_commands_leave_no_dimension_behind() -> None:
    text = text_of(SCIPY_TEX)
    assert "0em" not in text
    assert "Additional information is available in the SciPy Tutorial and API Reference." in text


def test_a_papers_own_macros_are_expanded_not_glued() -> None:
    text = text_of(GOOD_ENOUGH_TEX)
    # \practice{1b}{Ensure ...} is defined as "#2 (#1)"; it read "1bEnsure ..." before.
    assert "1bEnsure" not in text
    assert "Ensure that raw data is backed up in more than one location (1b)." in text
    # \withurl{Google Cloud Storage}{https://...} shows only its first argument.
    assert "Storagehttps://" not in text and "https://cloud.google.com" not in text
    assert "Google Cloud Storage or Microsoft Azure" in text


def test_a_forced_line_break_still_separates_words() -> None:
    text = text_of(SCIPY_TEX)
    assert "matrices.scipy.sparse.linalg" not in text
    assert "sparse matrices. scipy.sparse.linalg provides a collection" in text


def test_a_citation_on_a_line_of_its_own_leaves_no_gap_before_the_full_stop() -> None:
    # "challenge\n\\citep{krizhevsky2012imagenet}." read "challenge ." in the passage.
    text = text_of(CONV_TEX)
    assert "ImageNet image classification challenge." in text
    assert "such as Theano, Torch" in text
    for gap in (" .", " ,", " :"):
        assert f"challenge{gap}" not in text and f"Theano{gap}" not in text
    assert "inspiration from many sources, from" in " ".join(text_of(GOOD_ENOUGH_TEX).split())


def test_a_citation_after_a_tie_leaves_no_gap_and_an_ellipsis_keeps_its_space() -> None:
    # "outputs~\\cite{hunt1999}." read "outputs ." (the tie is a no-break space), and
    # "\\{0, 1, 2, ..., 255\\}" read "2,..., 255" when gaps before full stops were closed.
    gep = " ".join(text_of(GOOD_ENOUGH_TEX).split())
    assert "clearly-defined inputs and outputs. Much has been written on this topic, and" in gep
    assert "values in {0, 1, 2, ..., 255}." in text_of(SKIMAGE_TEX)


def test_raised_marks_in_formulas_are_left_out_as_the_pdf_leaves_them() -> None:
    # scipy-1.0's consortium lists affiliations as "$^{81}$Independent Researcher, Berlin".
    text = text_of(SCIPY_TEX)
    assert "^81" not in text and "^32,33" not in text
    assert "Aditya Vijaykumar, Alessandro Pietro Bardelli," in text
    assert "Independent Researcher, Berlin, Germany," in text


@pytest.mark.parametrize("paper", [GOOD_ENOUGH_TEX, GOOD_ENOUGH / "index.md"])
def test_a_lists_name_reads_with_its_first_item_and_nothing_else(paper: Path) -> None:
    passages = [p.text for p in make_passages(extract(paper).blocks)]
    assert "Data Management Save the raw data." in passages
    assert "Ensure that raw data is backed up in more than one location." in passages


def test_a_code_block_is_not_glued_to_the_list_item_after_it() -> None:
    passages = [p.text for p in make_passages(extract(GOOD_ENOUGH / "index.md").blocks)]
    assert any(p.startswith("Decompose programs into functions (2b)") for p in passages)
    assert any(p.startswith("Put compiled programs in the bin directory (4e)") for p in passages)


def test_latex_list_items_are_passages_even_without_a_full_stop() -> None:
    passages = [p.text for p in make_passages(extract(CONV_TEX).blocks)]
    assert "i_j: input size along axis j," in passages
    assert "k_j: kernel size along axis j," in passages


def test_layout_arguments_and_short_captions_never_reach_a_passage() -> None:
    conv = [p.text for p in make_passages(extract(CONV_TEX).blocks)]
    # \begin{subfigure}[t]{0.48\textwidth}, \resizebox{.98\hsize}{!}{...}, \bibliographystyle
    assert not [t for t in conv if t.startswith(("[t]", ".98")) or "0.48 The" in t]
    assert "natbib" not in conv
    assert any(t.startswith("(a) The kernel has to slide two steps to the right") for t in conv)
    skimage = [p.text for p in make_passages(extract(SKIMAGE_TEX).blocks)]
    # \caption[Getting started figure]{Illustration of ...}: the long text only.
    assert not [t for t in skimage if "Getting started figure" in t]
    assert any(t.startswith("Illustration of several functions available") for t in skimage)


def test_a_web_address_reads_as_written(tmp_path: Path) -> None:
    skimage = [p.text for p in make_passages(extract(SKIMAGE_TEX).blocks)]
    assert "https://groups.google.com/forum/?&fromgroups#!forum/scikit-image" in skimage
    source = tmp_path / "paper.tex"
    source.write_text(
        "\\documentclass{article}\\begin{document}\\section{Code}\n"
        "Our code is at \\url{http://example.org/~me/a_b?x=1&y=2#top}.\n\\end{document}\n",
        encoding="utf-8",
    )
    texts = [p.text for p in make_passages(extract(source).blocks)]
    assert texts == ["Our code is at http://example.org/~me/a_b?x=1&y=2#top."]


def test_an_epigraph_reads_as_its_quote_then_its_author(tmp_path: Path) -> None:
    source = tmp_path / "paper.tex"
    source.write_text(
        "\\documentclass{book}\\begin{document}\n"
        "\\epigraph{All models are wrong, but some are useful.}{George E. P. Box}\n"
        "\\chapter{Introduction}\nText.\n\\end{document}\n",
        encoding="utf-8",
    )
    texts = [p.text for p in make_passages(extract(source).blocks)]
    assert texts[:2] == ["All models are wrong, but some are useful.", "George E. P. Box"]


def test_a_wrapped_epigraph_in_the_real_paper_reads_as_quote_then_author() -> None:
    # conv-arithmetic wraps the epigraph: "\\let\\originalepigraph\\epigraph" and a
    # \\renewcommand calling the copy. pylatexenc did not know the copy, so the quote ran into
    # its author ("...some are useful.George E. P. Box").
    texts = [p.text for p in make_passages(extract(CONV_TEX).blocks)]
    assert texts[:2] == ["All models are wrong, but some are useful.", "George E. P. Box"]


def test_let_copies_read_as_the_builtin_they_copy() -> None:
    source = (
        "\\let\\oldemph\\emph\n\\let\\plain=\\textbf\n"
        "\\renewcommand{\\emph}[1]{\\oldemph{\\textsc{#1}}}\n"
        "A \\emph{word} and \\plain{bold}; \\oldemphasis stays.\n"
    )
    out = expand_macros(source, 10_000)
    assert "\\let" not in out
    assert "A {\\emph{\\textsc{word}}} and \\textbf{bold}; \\oldemphasis stays." in out


def test_a_let_copy_of_the_papers_own_macro_takes_the_definition_where_it_stands() -> None:
    # TeX copies the definition in force where the \\let stands (since latex/46; the copy was
    # left unexpanded before, "\\oldnote{x}" in the text).
    source = "\\newcommand{\\note}[1]{(#1)}\n\\let\\oldnote\\note\n\\oldnote{x} \\note{y}\n"
    out = expand_macros(source, 10_000)
    assert "\\let" not in out
    assert "{(x)} {(y)}" in out


def test_a_renamed_abstract_heads_its_paragraphs_as_the_pdf_prints_it(tmp_path: Path) -> None:
    # conv-arithmetic renames its abstracts "Acknowledgements", "Feedback", ... The PDF prints
    # those headings; the LaTeX passages had all said "Abstract".
    sections = {p.text[:20]: p.section for p in make_passages(extract(CONV_TEX).blocks)}
    assert sections["The authors of this "] == "Acknowledgements"
    assert sections["Your feedback is wel"] == "Feedback"
    assert sections["The code used to gen"] == "Source code and animations"
    source = tmp_path / "paper.tex"
    source.write_text(
        "\\documentclass{article}\\renewcommand{\\abstractname}{Summary}\n\\begin{document}\n"
        "\\begin{abstract}In short.\\end{abstract}\n"
        "\\renewcommand\\abstractname{Notes}\n\\begin{abstract}Noted.\\end{abstract}\n"
        "\\section{Intro}\nText.\n\\end{document}\n",
        encoding="utf-8",
    )
    got = [(p.text, p.section) for p in make_passages(extract(source).blocks)]
    assert got == [("In short.", "Summary"), ("Noted.", "Notes"), ("Text.", "Intro")]


def test_markdown_footnotes_are_passages_of_their_own() -> None:
    # "[^3]: As the joke goes, ...\n    email…": the first line was dropped and the indented
    # rest read as text, so "email…" and "\"binary\"." were passages.
    texts = [p.text for p in make_passages(extract(GOOD_ENOUGH / "index.md").blocks)]
    assert "As the joke goes, yourself from three months ago doesn't answer email\u2026" in texts
    assert not {"email\u2026", '"binary".', 'email\u2026 "binary".'} & set(texts)


def test_an_ellipsis_ends_a_paragraph_and_may_end_a_box_heading() -> None:
    passages = make_passages(extract(GOOD_ENOUGH_TEX).blocks)
    texts = [p.text for p in passages]
    # Two quoted paragraphs, the first ending "…from the OR…", read as two.
    assert any(t.startswith("\u2026as much as we want to convince ourselves") for t in texts)
    # \noindent \textbf{The First Rule Is{\ldots}} \\ heads its box, as the PDF prints it.
    workflow = next(p for p in passages if p.text.startswith("The workflow you choose"))
    assert workflow.section == "The First Rule Is\u2026"


def test_markdown_figures_formulas_and_definition_lists_read_as_text() -> None:
    review = [p.text for p in make_passages(extract(DEEP_REVIEW).blocks)]
    # A caption over several lines: "![Neural networks ..." to "](images/petting-zoo.svg){...}".
    assert not [t for t in review if "](images/" in t or t.startswith("![")]
    assert any(t.startswith("Neural networks come in many different forms.") for t in review)
    # A citation dropped at a line's end: its comma was left on the next line.
    assert any("approach of Simonyan et al., illustrating" in t for t in review)
    assert all(any(c.isalpha() for c in t) for t in review)  # no ",." left by a template
    rules = " ".join(p.text for p in make_passages(extract(DEEP_RULES).blocks))
    assert "\\text{" not in rules and 'the rule "HasAsthma(x)' in rules
    gep = [p.text for p in make_passages(extract(GOOD_ENOUGH / "index.md").blocks)]
    assert any(t.startswith('Branches: A branch is a "parallel universe"') for t in gep)
    assert not [t for t in gep if "^^" in t or " : " in t]


@pytest.mark.parametrize("paper", [DEEP_REVIEW, DEEP_RULES])
def test_manubot_citation_tags_and_crossrefs_never_reach_a_passage(paper: Path) -> None:
    text = text_of(paper)
    for leftover in ("[@", "@doi:", "@arxiv:", "@fig:", "@tbl:", "<sup>"):
        assert leftover not in text


def test_deep_rules_sentences_read_without_their_citations() -> None:
    text = text_of(DEEP_RULES)
    assert (
        "deep learning has been used to predict protein-drug binding kinetics, to identify the "
        "lab-of-origin of synthetic DNA, and to uncover the facial phenotypes of genetic "
        "disorders."
    ) in text


def test_a_boxs_bold_heading_line_is_its_section_not_its_first_words() -> None:
    # "\\noindent \\textbf{What Not To Do} \\\\ We recommend against ..." read "What Not To Do We
    # recommend against", a negation the paper never wrote; the PDF prints it as a heading.
    passages = make_passages(extract(GOOD_ENOUGH_TEX).blocks)
    [box] = [p for p in passages if "no commercial use" in p.text]
    assert box.text.startswith("We recommend against the")
    assert box.section == "What Not To Do"
    assert not any(p.text.startswith(("What Not To Do", "Tab Completion")) for p in passages)
    # The box's heading ends with the box: the list it sits in goes on under its own section.
    after = next(p for p in passages if p.text.startswith("Make the project citable"))
    assert after.section == "Collaboration"


GOOD_ENOUGH_MD = GOOD_ENOUGH / "index.md"


def test_markdown_converted_from_latex_reads_without_its_markup() -> None:
    # The demo's paper: emphasis over two lines, code spans, citations as links to the
    # bibliography's anchors over two lines, and cross-reference labels all reached passages.
    passages = make_passages(extract(GOOD_ENOUGH_MD).blocks)
    text = "\n".join(p.text for p in passages)
    for leftover in ("***", "`", "[wickham2014", "[fig:tidy]", "[sec:omitted]", "hart2016]"):
        assert leftover not in text
    assert "Ensure that raw data is backed up in more than one location. (1b) If external" in text
    assert "rename variables called name1 and name2 to personal_name and family_name" in text
    assert 'working with so-called "tidy" data. Two key principles are:' in text
    assert "a terabyte hard drive costs about $50 retail" in text and "\\$" not in text


def test_markdown_list_items_are_paragraphs_of_their_own() -> None:
    # Box 1 is an HTML list: its items were one passage of glued sentences.
    passages = make_passages(extract(GOOD_ENOUGH_MD).blocks)
    box = [p.text for p in passages if p.section == "Box 1: Summary of Practices"]
    assert "Ensure that raw data is backed up in more than one location." in box
    assert "Decompose programs into functions." in box
    blocks = markdown_blocks("Intro line.\n- first item\n  continued\n- second item\n1. third\n")
    assert [b.text for b in blocks] == [
        "Intro line.",
        "first item continued",
        "second item",
        "third",
    ]


def test_markdown_references_and_box_headings_are_not_passages() -> None:
    passages = make_passages(extract(GOOD_ENOUGH_MD).blocks)
    assert not any(p.section == "Bibliography" for p in passages)
    assert not any(p.text.startswith("Brown CT") or "[brown2015]" in p.text for p in passages)
    [box] = [p for p in passages if "no commercial use" in p.text]
    assert box.text.startswith("We recommend against the") and box.section == "What Not To Do"
    # The quote ends, and with it the box's heading.
    after = next(p for p in passages if p.text.startswith("Make the project citable"))
    assert after.section == "Collaboration"


def test_list_items_are_paragraphs_without_pylatexenc_bullets() -> None:
    text = text_of(GOOD_ENOUGH_TEX)
    assert "\n* " not in text and not text.startswith("* ")
    assert "\nData Management: saving both raw and intermediate forms" in text


def test_latex_footnotes_are_passages_apart_from_their_sentence() -> None:
    passages = make_passages(extract(CONV_TEX).blocks)
    assert any(
        p.text.endswith(
            "creator of the Solarized color scheme, whose colors were used for the figures."
        )
        for p in passages
    )
    assert "http://ethanschoonover.com/solarized" in [p.text for p in passages]


def test_macro_expansion_is_bounded_and_leaves_odd_uses_alone() -> None:
    source = (
        "\\newcommand{\\pair}[2]{#2 (#1)}\\newcommand\\name{SciPy}"
        "\\newcommand{\\opt}[1][x]{#1}\\newcommand{\\loop}{\\loop}"
        "A \\pair{1a}{Save it}. \\name is \\opt{y}. \\pair x. \\loop\\itemsep0em."
    )
    out = expand_macros(source, 10_000)
    assert "{Save it (1a)}" in out and "{SciPy} is" in out
    # An optional argument not given takes its default; the braced group after it stays.
    assert "{x}{y}" in out and "\\pair x" in out and "\\loop" in out
    assert "0em" not in out
    bomb = "\\newcommand{\\a}{xxxxxxxxxx}" + "\\a" * 1000
    assert len(expand_macros(bomb, 5_000)) <= 5_000 + len(bomb)


def test_the_full_stop_after_a_citation_on_its_own_line_ends_the_sentence() -> None:
    # "... neural fields (DeepCNFs)\n[@doi:...; @doi:...]." lost its full stop with the
    # citation, and the sentence ran on into the next paragraph.
    text = text_of(DEEP_REVIEW / "content")
    assert "deep convolutional neural fields (DeepCNFs)." in text
    assert "(DeepCNFs) Here we focus" not in text


def test_a_pandoc_table_caption_is_a_passage_of_its_own() -> None:
    # "Table: Glossary.\n{#tbl:glossary}" read "Table: Glossary. {#tbl:glossary} While deep
    # learning shows ..." (the attributes left the caption open, so the next paragraph ran on).
    texts = [p.text for p in make_passages(extract(DEEP_REVIEW / "content").blocks)]
    assert "Glossary." in texts
    assert not any("{#tbl:" in t or t.startswith("Table:") for t in texts)
    assert any(t.startswith("While deep learning shows increased flexibility") for t in texts)


def test_brackets_left_around_nothing_are_dropped(tmp_path: Path) -> None:
    # An unnumbered reference or a citation in brackets left "the kernel ()."; code keeps its
    # call brackets.
    source = tmp_path / "paper.tex"
    source.write_text(
        "\\documentclass{article}\\begin{document}\n"
        "The kernel slides (\\ref{fig:nowhere}). Prior work (\\citep{a}) agrees.\n"
        "Call \\texttt{load()} first.\n\\end{document}\n",
        encoding="utf-8",
    )
    texts = [p.text for p in make_passages(extract(source).blocks)]
    assert texts == ["The kernel slides. Prior work agrees. Call load() first."]


def test_logos_and_a_named_underscore_read_as_printed(tmp_path: Path) -> None:
    # scipy-1.0: "with a dash of \TeX, MATLAB" read "with a dash of, MATLAB", and
    # "differential\textunderscore evolution" read "differentialevolution" (latex/16).
    scipy = " ".join(p.text for p in make_passages(extract(SCIPY_TEX).blocks))
    assert "2% C++, with a dash of TeX, MATLAB, shell script, and Make." in scipy
    assert "The new scipy.optimize.differential_evolution function" in scipy
    body = (
        "Written in \\LaTeX{} and \\LaTeXe, with \\BibTeX{} and \\XeTeX; see a\\textunderscore b."
    )
    [text] = passages_of(tmp_path, "\\section{S}\n" + body)
    assert text == "Written in LaTeX and LaTeX2e, with BibTeX and XeTeX; see a_b."


def test_boxes_and_links_print_their_text_not_their_settings(tmp_path: Path) -> None:
    # "\parbox{3cm}{X}" read "3cmX", "\rotatebox{90}{X}" "90X", "\hyperref[sec:a]{X}" "[sec:a]X".
    body = (
        "\\section{S}\nA \\parbox[t]{3cm}{boxed} word, a \\rotatebox[origin=c]{90}{turned} one, a "
        "\\raisebox{1pt}{raised} one, a \\hyperref[sec:s]{linked} one, "
        "\\textquotedbl{}quoted\\textquotedbl{} and \\enquote{cited} ones, see \\S 3."
    )
    [text] = passages_of(tmp_path, body)
    assert text == (
        'A boxed word, a turned one, a raised one, a linked one, "quoted" and \u201ccited\u201d '
        "ones, see \u00a73."
    )


def test_csquotes_quotes_read_as_printed_outer_and_inner(tmp_path: Path) -> None:
    # \enquote* had printed outer (double) quotes too.
    body = "\\section{S}\nHe said \\enquote{an \\enquote*{inner} approach} and \\enquote*{this}."
    [text] = passages_of(tmp_path, body)
    assert text == "He said \u201can \u2018inner\u2019 approach\u201d and \u2018this\u2019."


def test_ordinals_of_the_nth_package_read_with_their_suffix(tmp_path: Path) -> None:
    # scipy-1.0: "The fields \textit{\nth{1}} and \textit{\nth{2} derivatives}" read "1 and 2".
    scipy = " ".join(p.text for p in make_passages(extract(SCIPY_TEX).blocks))
    assert "The fields 1st and 2nd derivatives indicates whether" in scipy
    [text] = passages_of(
        tmp_path, "\\section{S}\nThe \\nth{3}, \\nth{11}, \\nth{22} and \\nth{104} runs."
    )
    assert text == "The 3rd, 11th, 22nd and 104th runs."
    # Digits that isdigit() admits but int() refuses are kept as written, with no suffix.
    [raised] = passages_of(tmp_path, "\\section{S}\nThe \\nth{\u00b2} run.")
    assert raised == "The \u00b2 run."
