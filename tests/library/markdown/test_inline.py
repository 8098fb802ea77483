"""A Markdown paragraph's inline markup read as text: HTML tags go, prose that only looks like
a tag stays, and an autolink shows its address."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from claimaudit.library.extract import extract
from claimaudit.library.markdown.inline import inline_text, paragraph_text


@pytest.mark.parametrize(
    ("markdown", "text"),
    [
        # QA: "a<b and b>c" is a comparison, not a <b> tag with two bare attributes.
        (
            "Value a<b and b>c holds for all participants.",
            "Value a<b and b>c holds for all participants.",
        ),
        ('Water <em>and</em> <span class="x">ice</span>.', "Water and ice."),
        ('See <div id="refs"></div> below.', "See below."),
        # An autolink's address is its text; it used to be dropped as a tag.
        (
            "It is available at <https://doi.org/10.1098/rsif.2017.0387>.",
            "It is available at https://doi.org/10.1098/rsif.2017.0387.",
        ),
    ],
)
def test_tags_go_and_prose_and_addresses_stay(markdown: str, text: str) -> None:
    assert inline_text(markdown) == text


def test_a_linked_image_leaves_no_empty_link_behind() -> None:
    # The image went first and left "[](https://travis-ci.org/x/y)" as text.
    markdown = "Built [![Build](https://travis-ci.org/x/y.svg)](https://travis-ci.org/x/y) daily."
    assert inline_text(markdown) == "Built daily."


def test_an_escaped_backtick_opens_no_code() -> None:
    # It was paired with the code's backtick: "Type a \ tick, then ls -l` to list."
    markdown = "Type a \\` tick, then `ls -l` to list."
    assert inline_text(markdown) == "Type a \\` tick, then ls -l to list."  # unescaped later


@pytest.mark.parametrize(
    ("markdown", "text"),
    [
        # QA (deep-review 05.treat.md): the exponent was dropped ("an estimated 10 ...").
        (
            "an estimated 10<sup>60</sup> synthesizable organic molecules",
            "an estimated 10^60 synthesizable organic molecules",
        ),
        ("A fit of r<sup>2</sup> = 0.9 over 5 m<sup>2</sup>.", "A fit of r^2 = 0.9 over 5 m^2."),
        # Pandoc's superscript: it was glued ("106").
        ("B has 10^6^ users and r^2^ = 0.9.", "B has 10^6 users and r^2 = 0.9."),
        # A mark after a word, a year or a list is left out; a raised word stays Pandoc's.
        ("A word<sup>1</sup> and Smith^2^ in 2019<sup>3</sup>.", "A word and Smith in 2019."),
        ("The 4^th^ run, notes<sup>1,2</sup>.", "The 4th run, notes."),
    ],
)
def test_an_exponent_is_kept_and_a_mark_left_out(markdown: str, text: str) -> None:
    assert inline_text(markdown) == text


@pytest.mark.parametrize(
    ("markdown", "text"),
    [
        # QA (md/entities.md): stored as typed, "&lt;5 mg &amp; response &gt; 40% in R&amp;D".
        (
            "Dose was &lt;5 mg &amp; response &gt; 40% in R&amp;D, caf&eacute; &#233; &#xE9;.",
            "Dose was <5 mg & response > 40% in R&D, café é é.",
        ),
        # A non-breaking space is the author's, kept as typed ("15\u00a0%", French spacing);
        # an escaped tag stays text, not a tag to drop.
        (
            "Water&nbsp;ice and &lt;b&gt;bold&lt;/b&gt; markup.",
            "Water\u00a0ice and <b>bold</b> markup.",
        ),
        # No ";" is no entity (CommonMark), and code prints as written.
        ("R&D, &copy2020 and `a &amp; b` stay.", "R&D, &copy2020 and a &amp; b stay."),
    ],
)
def test_an_entity_reads_as_the_character_it_names(markdown: str, text: str) -> None:
    assert inline_text(markdown) == text


@pytest.mark.parametrize(
    ("markdown", "text"),
    [
        # QA (md/more.md): "x~i~ subscripts" kept its tildes. LaTeX's \textsubscript{i} reads
        # "xi", and so does "x<sub>i</sub>".
        ("H~2~O and x~i~ subscripts.", "H2O and xi subscripts."),
        ("H<sub>2</sub>O and x<sub>i</sub> subscripts.", "H2O and xi subscripts."),
        # A strikeout (left out, see below), a path and a blank inside are no subscripts; code
        # prints as written.
        ("~~old~~ /home/~a/~x and ~5 mg~ or `a~b~`.", "/home/~a/~x and ~5 mg~ or a~b~."),
    ],
)
def test_a_pandoc_subscript_reads_as_its_letters(markdown: str, text: str) -> None:
    assert inline_text(markdown) == text


def test_a_backslash_ending_a_line_is_a_line_break() -> None:
    # QA (md/more.md): "A line ending with a backslash\ ZETABACKSLASH continues."
    lines = ["A line ending with a backslash\\", "ZETABACKSLASH continues."]
    assert paragraph_text([inline_text(line) for line in lines]) == (
        "A line ending with a backslash ZETABACKSLASH continues."
    )
    # An escaped backslash at the end is a backslash.
    assert paragraph_text([inline_text("A path C:\\\\")]) == "A path C:\\"


def test_the_authors_blanks_before_punctuation_stay_and_a_citations_go() -> None:
    written = "travail\u202f: oui ; non [@a] : fin [^1] ."
    assert inline_text(written) == "travail\u202f: oui ; non: fin."


_FORMULAS = [
    "$\\beta = 0.9$",
    "$x \\leq \\gamma$",
    "$\\lambda \\in \\Lambda$",
    "$\\mu \\pm \\sigma$",
    "$\\text{HasAsthma}(x) \\Rightarrow \\text{LowerRisk}(x)$",
]


def test_inline_math_reads_as_the_latex_reader_prints_it(tmp_path: Path) -> None:
    # QA: "β= 0.9", and "≤" glued to the gamma after it, where the LaTeX copy of the paper
    # stores "β = 0.9": the formula was read as text, where a macro eats the space after it.
    assert inline_text("We set $\\beta = 0.9$ for all runs.") == "We set β = 0.9 for all runs."
    assert inline_text("It holds when $x \\leq \\gamma$.") == "It holds when x ≤ \u03b3."
    body = "\n\n".join(f"Formula {formula} here." for formula in _FORMULAS)
    path = tmp_path / "paper.tex"
    path.write_text(
        f"\\documentclass{{article}}\n\\begin{{document}}\n{body}\n\\end{{document}}\n",
        encoding="utf-8",
    )
    latex = [block.text for block in extract(path).blocks]
    markdown = [inline_text(f"Formula {formula} here.") for formula in _FORMULAS]
    assert markdown == latex


# A symbol with plain scripts, most of a paper's formulas, each read without the parser.
_PLAIN_SCRIPTS = ["$x_i$", "$x_{12}^{2}$", "$W_{ij}$", "$a_b_c$", "$x_{1}2$", "$10^6$", "$H_2O$"]


def test_a_symbol_with_plain_scripts_reads_as_the_latex_reader_prints_it(tmp_path: Path) -> None:
    body = "\n\n".join(f"Formula {formula} here." for formula in _PLAIN_SCRIPTS)
    path = tmp_path / "paper.tex"
    path.write_text(
        f"\\documentclass{{article}}\n\\begin{{document}}\n{body}\n\\end{{document}}\n",
        encoding="utf-8",
    )
    latex = [block.text for block in extract(path).blocks]
    markdown = [inline_text(f"Formula {formula} here.") for formula in _PLAIN_SCRIPTS]
    assert markdown == latex


def test_thousands_of_inline_formulas_read_in_well_under_a_second_each(tmp_path: Path) -> None:
    # QA: each inline formula cost about 0.15 ms of processor time parsing it (20,000: 3 s,
    # many times that in wall time on a busy machine); "$x_i$" and "$W_{ij}$", most of a
    # paper's formulas, now cost a tenth of that.
    sentences = [f"We set $x_{{{i}}}^{{2}}$ and $y_i$ here." for i in range(10_000)]
    path = tmp_path / "paper.md"
    paragraphs = (" ".join(sentences[i : i + 5]) for i in range(0, len(sentences), 5))
    path.write_text("# Formulas\n\n" + "\n\n".join(paragraphs) + "\n", encoding="utf-8")
    start = time.process_time()
    blocks = extract(path).blocks
    assert time.process_time() - start < 1.2
    assert blocks[-1].text.endswith("We set x_9999^2 and y_i here.")


@pytest.mark.parametrize(
    ("markdown", "text"),
    [
        # QA: a formula touching a word was read as prose, and its "_" as emphasis:
        # "CH$_4$ and CO$2$ ... H${2}$O". It reads as the paper's LaTeX source reads.
        ("CH$_4$ and CO$_2$ and H$_{2}$O.", "CH_4 and CO_2 and H_2O."),
        # Dollar amounts stay prose: no closing "$" has a digit after it or a blank before it.
        ("It costs $5 and $10 and a_b_c.", "It costs $5 and $10 and a_b_c."),
        ("Between US$5 and US$10_000 a year.", "Between US$5 and US$10_000 a year."),
    ],
)
def test_inline_maths_touching_a_word_is_maths_and_dollars_stay_prose(
    markdown: str, text: str
) -> None:
    assert paragraph_text([inline_text(markdown)]) == text


@pytest.mark.parametrize(
    "markdown",
    ["Run `echo $A_B/$C` now.", "Run `x=$HOME_DIR/$USER` now.", "Run `a $x_1$ b` now."],
)
def test_dollar_signs_in_inline_code_print_as_written(markdown: str) -> None:
    # QA: a shell variable in code was read as a formula: "echo A_B/C".
    assert paragraph_text([inline_text(markdown)]) == markdown.replace("`", "")


@pytest.mark.parametrize(
    ("markdown", "text"),
    [
        # QA: a reference left out before a bracket and punctuation kept its blank, and brackets
        # around nothing but citations stayed: "(Figure )." and "shown ().".
        ("retrieval (Figure @fig:biotm).", "retrieval (Figure)."),
        ("retrieval (Figure @fig:a), and more", "retrieval (Figure), and more"),
        ("shown (@fig:a).", "shown."),
        ("text (@doi:10.1/x; @pmid:123) ok", "text ok"),
        ("shown [[@doi:10.1/x]] here.", "shown here."),
        # Brackets the author typed stay as typed.
        ("load() and (a ) typed and [ ] x", "load() and (a ) typed and [ ] x"),
    ],
)
def test_brackets_left_empty_by_a_citation_go_and_close_no_gap(markdown: str, text: str) -> None:
    assert paragraph_text([inline_text(markdown)]) == text


@pytest.mark.parametrize(
    ("markdown", "text"),
    [
        # QA: "We use ([@doi:10.1/x] and y)." was read "We use ( and y).": the blank after a
        # citation stayed where only an opening bracket or quote was left before it.
        ("We use ([@doi:10.1/x] and y).", "We use (and y)."),
        ("The \u201c[@doi:10.1/x] is fast\u201d claim.", "The \u201cis fast\u201d claim."),
        ("x ([^1] z) y", "x (z) y"),
        # And the comma or semicolon that parted it from what follows.
        ("([@doi:10.1/a]; see also x) ok", "(see also x) ok"),
        # A straight quote may close a quotation: its blank stays.
        ('he said "yes"[@doi:10.1/a] and', 'he said "yes" and'),
    ],
)
def test_no_blank_follows_an_opening_bracket_or_quote_where_a_citation_went(
    markdown: str, text: str
) -> None:
    assert paragraph_text([inline_text(markdown)]) == text


@pytest.mark.parametrize(
    ("markdown", "text"),
    [
        # QA: "~~struck~~" was stored with its tildes: a Pandoc strikeout is text the paper
        # takes back, left out as the LaTeX reader leaves out \sout.
        ("Text with H~2~O and ~~struck~~ words.", "Text with H2O and words."),
        ("Old ~~claim, really~~.", "Old."),
        # No strikeout: blanks just inside the marks, or in code.
        ("a ~~ b ~~ c", "a ~~ b ~~ c"),
        ("Use `~~a~~` here", "Use ~~a~~ here"),
    ],
)
def test_struck_out_text_is_left_out(markdown: str, text: str) -> None:
    assert paragraph_text([inline_text(markdown)]) == text
