"""Cross-references in LaTeX read with the numbers the compiled paper prints."""

from __future__ import annotations

import functools
import re
import unicodedata
from pathlib import Path

import pytest
from benchmarks.pdf_fidelity import PAIRS, Pair

from claimaudit.library.extract import extract
from claimaudit.library.passages import make_passages
from tests.library.helpers import CONV_TEX, GOOD_ENOUGH_TEX, SCIPY_TEX, SKIMAGE_TEX

# A reference as the PDF prints it ("Figure 2.6", "Table 1", "Figure 5(a)").
_REFERENCE = re.compile(
    r"\b(?:Figure|Fig\.?|Table|Section|Relationship|Equation)\s+(?:[A-Z]|\d)[\d.]*[a-z]?"
    r"(?:\([a-z]\))?"
)


@functools.cache
def texts(path: Path) -> tuple[str, ...]:
    return tuple(p.text for p in make_passages(extract(path).blocks))


def plain(text: str) -> str:
    text = unicodedata.normalize("NFKC", text)
    return " ".join(text.translate({0x2019: "'", 0x2018: "'", 0x2212: "-"}).split())


def passages_of(
    tmp_path: Path, body: str, preamble: str = "", cls: str = "article", options: str = ""
) -> list[str]:
    source = tmp_path / "paper.tex"
    given = f"[{options}]" if options else ""
    source.write_text(
        f"\\documentclass{given}{{{cls}}}\n{preamble}\n\\begin{{document}}\n{body}\n\\end{{document}}\n",
        encoding="utf-8",
    )
    return [p.text for p in make_passages(extract(source).blocks)]


@pytest.mark.parametrize(
    ("path", "sentence"),
    [
        (CONV_TEX, "Figure 2.6 shows an example with i = 5, k = 3, s = 2 and p = 1, while Figure"),
        (CONV_TEX, "derived by applying Relationship 5 on an effective input of size"),
        (CONV_TEX, "as many output feature maps as desired (Figure 1.3). The final outputs"),
        (GOOD_ENOUGH_TEX, "for larger-scale development (Section 6)."),
        (SKIMAGE_TEX, "Figure 5(a) shows the Petra dataset"),
        (SCIPY_TEX, "presented in Table 1; it illustrates"),
    ],
)
def test_references_read_with_the_number_the_pdf_prints(path: Path, sentence: str) -> None:
    # They read "(see Figure )", "applying on an effective input", "Table ;" before.
    assert any(sentence in text for text in texts(path))


@pytest.mark.parametrize("pair", PAIRS, ids=lambda p: p.name)
def test_every_numbered_reference_is_the_one_the_pdf_prints(pair: Pair) -> None:
    """Each reference the LaTeX now prints, with the word before it, is in the compiled PDF:
    a count gone wrong would put a number in a quote that the paper does not have."""
    printed = plain(" ".join(texts(pair.pdf)))
    found = 0
    for text in texts(pair.latex):
        text = plain(text)
        for match in _REFERENCE.finditer(text):
            # With a few characters of the sentence on one side (mathematics is typeset
            # differently in the two, so one side may differ).
            before = text[max(0, match.start() - 10) : match.end()]
            after = text[match.start() : match.end() + 10]
            assert before in printed or after in printed, (before, after)
            found += 1
    assert found >= 4


def test_report_classes_number_by_chapter_and_label_what_was_numbered_last(
    tmp_path: Path,
) -> None:
    body = (
        "\\chapter{One}\\section{A}\\label{sec:a}\n"
        "\\begin{figure}\\caption{First.}\\label{fig:a}\\end{figure}\n"
        "\\chapter{Two}\\section*{Unnumbered}\\label{sec:star}\n"
        "\\begin{figure}\\caption{Second.\\label{fig:b}}\\end{figure}\n"
        "\\begin{table}\\caption{T.}\\end{table}\\label{after}\n"
        "See \\ref{sec:a}, \\autoref{fig:a}, \\autoref{fig:b}, \\ref{sec:star} and \\ref{after}.\n"
    )
    got = " ".join(passages_of(tmp_path, body, cls="report"))
    # An unnumbered section's label names the last numbered counter (chapter 2 here); a label
    # after a float's end names what is current outside it.
    assert "See 1.1, Figure 1.1, Figure 2.1, 2 and 2." in got


def test_article_theorems_appendix_and_equations(tmp_path: Path) -> None:
    preamble = (
        "\\newtheorem{theorem}{Theorem}[section]\n\\newtheorem{lemma}[theorem]{Lemma}\n"
        "\\providecommand*{\\lemmaautorefname}{Lemma}"
    )
    body = (
        "\\section{Intro}\n\\begin{theorem}\\label{th:a}T.\\end{theorem}\n"
        "\\begin{lemma}\\label{le:b}L.\\end{lemma}\n"
        "\\begin{equation}x = 1\\label{eq:one}\\end{equation}\n"
        "\\appendix\n\\section{Proofs}\\label{app:p}\n"
        "Text cites \\ref{th:a}, \\ref{le:b}, \\eqref{eq:one}, \\autoref{eq:one} and "
        "\\autoref{app:p}.\n"
    )
    got = " ".join(passages_of(tmp_path, body, preamble))
    # A lemma shares the theorem counter; hyperref names it by that counter ("Theorem").
    assert "Text cites 1.1, 1.2, (1), Equation 1 and A." in got


def test_autoref_names_set_with_def(tmp_path: Path) -> None:
    preamble = "\\def\\sectionautorefname{Sec.}\n\\gdef\\figureautorefname{Fig.}"
    body = (
        "\\section{Intro}\\label{sec:a}\n"
        "\\begin{figure}\\caption{A drawing.}\\label{fig:a}\\end{figure}\n"
        "As \\autoref{sec:a} and \\autoref{fig:a} show.\n"
    )
    got = " ".join(passages_of(tmp_path, body, preamble))
    assert "As Sec. 1 and Fig. 1 show." in got


def test_what_the_count_cannot_place_is_left_out_not_guessed(tmp_path: Path) -> None:
    body = (
        "\\section{S}\n"
        "\\begin{figure}\\begin{subfigure}{1in}\\caption{Sub.}\\label{fig:sub}\\end{subfigure}"
        "\\caption{Whole.}\\label{fig:whole}\\end{figure}\n"
        "\\begin{align}a &= b\\label{eq:line}\\end{align}\n"
        "\\begin{equation}c = d\\label{eq:after}\\end{equation}\n"
        "\\setcounter{figure}{4}\n\\begin{figure}\\caption{Later.}\\label{fig:later}\\end{figure}\n"
        "Parts: \\ref{fig:sub}; whole \\ref{fig:whole}; line \\eqref{eq:line}; after "
        "\\ref{eq:after}; later \\ref{fig:later}; missing \\ref{nowhere}.\n"
    )
    got = " ".join(passages_of(tmp_path, body))
    # A counter set to a number given is followed: the figure after it is 5, as printed.
    assert "Parts:; whole 1; line; after; later 5; missing." in got


def test_subcaption_sub_figures_are_lettered_within_their_figure(tmp_path: Path) -> None:
    body = (
        "\\section{S}\n"
        "\\begin{figure}\\begin{subfigure}{1in}\\caption{\\label{fig:left} Left.}\\end{subfigure}"
        "\\begin{subfigure}{1in}\\caption{Right.}\\label{fig:right}\\end{subfigure}"
        "\\caption{Whole.}\\label{fig:whole}\\end{figure}\n"
        "\\begin{figure}\\begin{subfigure}{1in}\\caption{Again.}\\label{fig:again}"
        "\\end{subfigure}\\caption{Next.}\\end{figure}\n"
        "See \\autoref{fig:left}, \\ref{fig:right}, \\ref{fig:whole} and \\ref{fig:again}.\n"
    )
    got = passages_of(tmp_path, body, "\\usepackage{subcaption}")
    # The letters restart in each figure, and a sub-figure's number is its figure's, which
    # the figure's caption, set after the sub-figures, steps (conv-arithmetic's "Figure 2.8a").
    assert "See Figure 1a, 1b, 1 and 2a." in got
    assert [t for t in got if not t.startswith("See")] == [
        "(a) Left.",
        "(b) Right.",
        "Figure 1: Whole.",
        "(a) Again.",
        "Figure 2: Next.",
    ]
    # Another label format is the package's to print: the letters go, the numbers stay.
    got = passages_of(tmp_path, body, "\\usepackage[labelformat=simple]{subcaption}")
    assert "See Figure 1a, 1b, 1 and 2a." in got
    assert "Left." in got and "(a) Left." not in got


def test_the_sub_figures_of_the_shared_paper_read_as_its_pdf() -> None:
    conv = texts(CONV_TEX)
    assert any("the initial position of the kernel (Figure 2.8a)." in t for t in conv)
    assert any("the initial position of the kernel (Figure 2.8b)." in t for t in conv)
    assert any(t.startswith("(a) The kernel has to slide two steps to the right") for t in conv)


def test_theorem_heads_print_as_the_pdf_prints_them() -> None:
    # conv-arithmetic's 15 "relationship" boxes: the PDF opens each with "Relationship 11.".
    latex = [t for t in texts(CONV_TEX) if t.startswith("Relationship ")]
    assert len(latex) == 15
    assert "Relationship 11. A convolution described by s = 1, k and p = k - 1 has" in latex[10]
    printed = plain(" ".join(texts(next(p.pdf for p in PAIRS if p.name == "conv-arithmetic"))))
    for text in latex:
        assert text.split(" A ")[0].split(" For ")[0] in printed


def test_theorem_heads_follow_the_package_and_keep_notes(tmp_path: Path) -> None:
    preamble = "\\newtheorem{theorem}{Theorem}\n\\newtheorem{lemma}[theorem]{Lemma}"
    body = (
        "\\begin{theorem}First.\\end{theorem}\n\n"
        "\\begin{lemma}[Young]Second.\\end{lemma}\n\n"
        "\\begin{proof}No head.\\end{proof}\n"
    )
    plain = passages_of(tmp_path, body, preamble)
    assert plain[:2] == ["Theorem 1 First.", "Lemma 2 (Young) Second."]
    ams = passages_of(tmp_path, body, "\\usepackage{amsmath,amsthm}\n" + preamble)
    assert ams[:2] == ["Theorem 1. First.", "Lemma 2 (Young). Second."]
    # A title in markup is not printed as a guess; the body still is.
    marked = passages_of(tmp_path, body, "\\newtheorem{theorem}{\\textsc{Th}eorem}")
    assert marked[0] == "First."


def test_a_sentence_broken_by_a_figure_reads_whole_as_in_the_pdf() -> None:
    sentence = "A kernel (shaded area) of value slides across the input feature map."
    assert any(sentence in t for t in texts(CONV_TEX))
    pdf = next(p.pdf for p in PAIRS if p.name == "conv-arithmetic")
    assert any(plain(sentence) in plain(t) for t in texts(pdf))


def test_a_label_in_an_algorithm_is_the_algorithm_s_not_the_section_s(tmp_path: Path) -> None:
    body = (
        "\\section{Intro}\n\\section{Method}\n\\begin{algorithm}[t]\\caption{Train.}\\label{alg:a}\n"
        "\\begin{algorithmic}[1]\\STATE update\\end{algorithmic}\\end{algorithm}\n"
        "As \\ref{alg:a} shows.\n"
    )
    got = " ".join(passages_of(tmp_path, body, "\\usepackage{algorithm,algorithmic}"))
    assert "As 1 shows." in " ".join(got.split())
    # In a book, whether the package numbers it by chapter is its own: nothing, not a guess.
    got = " ".join(passages_of(tmp_path, body, "\\usepackage{algorithm,algorithmic}", "book"))
    assert "As shows." in " ".join(got.split())


REFERENCED = (
    "\\section[Intro]{Introduction}\\label{sec:i}\nText.\n"
    "\\begin{figure}\\begin{subfigure}{0.4\\linewidth}\\caption{Left.}\\label{fig:l}"
    "\\end{subfigure}\\caption[Short]{A long caption.}\\label{fig:a}\\end{figure}\n"
)


@pytest.mark.parametrize(
    ("reference", "printed"),
    [
        ("\\ref*{fig:a}", "See 1 here."),
        ("\\autoref*{fig:a}", "See Figure 1 here."),
        ("\\Autoref{sec:i}", "See Section 1 here."),
        ("\\hyperref[sec:i]{Section~\\ref*{sec:i}}", "See Section 1 here."),
        ("\\nameref{sec:i}", "See Intro here."),
        ("\\nameref*{fig:a}", "See Short here."),
        ("\\subref{fig:l}", "See (a) here."),
        ("\\vref{fig:a}", "See 1 here."),
        ("\\pageref{fig:a}", "See here."),
        ("\\pageref*{fig:a}", "See here."),
        ("\\autopageref{fig:a}", "See here."),
        ("\\nameref{nowhere}", "See here."),
    ],
)
def test_hyperref_s_and_others_references_print_no_label(
    tmp_path: Path, reference: str, printed: str
) -> None:
    # Before, a starred reference, a page's, a name's or a sub-figure's printed its label.
    preamble = "\\usepackage{subcaption,varioref,hyperref}"
    got = passages_of(tmp_path, f"{REFERENCED}See {reference} here.", preamble)
    assert printed in got


@pytest.mark.parametrize(
    ("package", "sub"),
    [
        ("subfig", "\\subfloat[Left panel.\\label{fig:l}]{\\includegraphics{x}}"),
        ("subfig", "\\subfloat[Left][Left panel.]{\\includegraphics{x}\\label{fig:l}}"),
        ("subfigure", "\\subfigure[Left panel.]{\\includegraphics{x}\\label{fig:l}}"),
        # One without a caption is not lettered: the one after it is (a).
        (
            "subfig",
            "\\subfloat{\\includegraphics{y}}"
            "\\subfloat[Left panel.\\label{fig:l}]{\\includegraphics{x}}",
        ),
    ],
)
def test_a_sub_figure_command_s_caption_is_a_passage_and_its_label_not_the_section_s(
    tmp_path: Path, package: str, sub: str
) -> None:
    body = (
        f"\\section{{A}}\n\\section{{B}}\n\\begin{{figure}}{sub}\\caption{{Both.}}\\end{{figure}}"
        "\nSee \\ref{fig:l} here."
    )
    got = passages_of(tmp_path, body, f"\\usepackage{{{package},graphicx}}")
    # Before: "[Left panel.]" as text, and the reference printed section B's "2". Loaded
    # without options, subfig and subfigure letter it as they print it; QA: the reference
    # printed nothing, where the PDF reads "1(a)".
    assert got == ["(a) Left panel.", "Figure 1: Both.", "See 1(a) here."]
    got = passages_of(
        tmp_path, body + " \\subref{fig:l}", f"\\usepackage[labelformat=simple]{{{package}}}"
    )
    # With options of their own, the letter is theirs to set: nothing, not a guess.
    assert got == ["Left panel.", "Figure 1: Both.", "See here."]


THEOREMS_BODY = (
    "\\section{A}\n\\section{B}\n\\begin{theorem}\\label{t}X holds.\\end{theorem}\n\n"
    "\\begin{lemma}[Young]\\label{l}Y holds.\\end{lemma}\n\nBy \\ref{t} and \\ref{l}.\n"
)


def test_thmtools_theorems_are_counted_as_declared(tmp_path: Path) -> None:
    preamble = (
        "\\usepackage{amsthm,thmtools}\n\\declaretheorem[numberwithin=section]{theorem}\n"
        "\\declaretheorem[name={Key Lemma}, sibling=theorem]{lemma}\n"
        "\\declaretheorem[numbered=no]{remark}\n"
    )
    got = passages_of(tmp_path, THEOREMS_BODY, preamble)
    assert got == [
        "Theorem 2.1. X holds.",
        "Key Lemma 2.2 (Young). Y holds.",
        "By 2.1 and 2.2.",
    ]


@pytest.mark.parametrize(
    ("options", "expected"),
    [
        # QA: llncs's own theorems read with no head and references to them printed nothing.
        ("", ["Theorem 1. X holds.", "Lemma 1 (Young). Y holds.", "By 1 and 1."]),
        ("envcountsame", ["Theorem 1. X holds.", "Lemma 2 (Young). Y holds.", "By 1 and 2."]),
        (
            "envcountsect",
            ["Theorem 2.1. X holds.", "Lemma 2.1 (Young). Y holds.", "By 2.1 and 2.1."],
        ),
        # Reset by each section, the section not shown (llncs's \@addtoreset).
        ("envcountreset", ["Theorem 1. X holds.", "Lemma 1 (Young). Y holds.", "By 1 and 1."]),
    ],
)
def test_llncs_s_own_theorems_print_as_its_options_number_them(
    tmp_path: Path, options: str, expected: list[str]
) -> None:
    assert passages_of(tmp_path, THEOREMS_BODY, cls="llncs", options=options) == expected


LLNCS_BODY = (
    "\\section{A}\n\\begin{theorem}X.\\end{theorem}\n\n\\begin{lemma}Y.\\end{lemma}\n\n"
    "\\begin{mydef}\\label{d}Z.\\end{mydef}\n\n\\begin{obs}\\label{o}W.\\end{obs}\n\n"
    "\\begin{fact}\\label{f}V.\\end{fact}\n\n\\begin{intuition}U.\\end{intuition}\n\n"
    "\\section{B}\n\\begin{theorem}\\label{t}T.\\end{theorem}\n\n"
    "\\begin{lemma}\\label{l}S.\\end{lemma}\n\n\\begin{mydef}R.\\end{mydef}\n\n"
    "By \\ref{t}, \\ref{l}, \\ref{d}, \\ref{o} and \\ref{f}."
)
LLNCS_PREAMBLE = (
    "\\spnewtheorem{mydef}{My Definition}{\\bfseries}{\\rmfamily}\n"
    "\\spnewtheorem{obs}[theorem]{Observation}{\\bfseries}{\\itshape}\n"
    "\\spnewtheorem{fact}{Fact}[section]{\\bfseries}{\\rmfamily}\n"
    "\\spnewtheorem*{intuition}{Intuition}{\\itshape}{\\rmfamily}\n"
)


@pytest.mark.parametrize(
    ("options", "expected"),
    [
        # QA: envcountreset left every theorem without its head, and a reference to an
        # \spnewtheorem's environment printed its section's number ("Definition 1" for 2).
        (
            "envcountreset",
            [
                *("Theorem 1. X.", "Lemma 1. Y.", "My Definition 1. Z.", "Observation 2. W."),
                *("Fact 11. V.", "Intuition. U.", "Theorem 1. T.", "Lemma 1. S."),
                *("My Definition 2. R.", "By 1, 1, 1, 2 and 11."),
            ],
        ),
        (
            "envcountsame,envcountreset",
            [
                *("Theorem 1. X.", "Lemma 2. Y.", "My Definition 1. Z.", "Observation 3. W."),
                *("Fact 11. V.", "Intuition. U.", "Theorem 1. T.", "Lemma 2. S."),
                *("My Definition 2. R.", "By 1, 2, 1, 3 and 11."),
            ],
        ),
        (
            "envcountsect",
            [
                *("Theorem 1.1. X.", "Lemma 1.1. Y.", "My Definition 1. Z."),
                *("Observation 1.2. W.", "Fact 1.1. V.", "Intuition. U.", "Theorem 2.1. T."),
                *("Lemma 2.1. S.", "My Definition 2. R.", "By 2.1, 2.1, 1, 1.2 and 1.1."),
            ],
        ),
    ],
)
def test_llncs_spnewtheorem_and_reset_counters_print_as_llncs_numbers_them(
    tmp_path: Path, options: str, expected: list[str]
) -> None:
    # llncs.cls (v2.20): \spnewtheorem's level and number run together ("11") unless
    # envcountsect; envcountreset resets the class's own counters, not the paper's.
    got = passages_of(tmp_path, LLNCS_BODY, LLNCS_PREAMBLE, cls="llncs", options=options)
    assert got == expected


def test_llncs_s_run_in_headings_and_proofs_print_as_llncs_sets_them(tmp_path: Path) -> None:
    # QA: llncs's \subsubsection (run in, unnumbered) became the section of all that followed,
    # and a theorem's head joined the sentence typed on the line before it.
    body = (
        "\\section{Method}\nWe study graphs.\n\n\\subsubsection{Setting.} Graphs are finite.\n"
        "Below we argue.\n\\begin{theorem}X holds.\\end{theorem}\n"
        "\\begin{proof}Trivial.\\end{proof}\n\n\\begin{claim}Z holds.\\end{claim}\n"
    )
    source = tmp_path / "paper.tex"
    source.write_text(
        f"\\documentclass{{llncs}}\n\\begin{{document}}\n{body}\\end{{document}}\n",
        encoding="utf-8",
    )
    got = [(p.section, p.text) for p in make_passages(extract(source).blocks)]
    assert got == [
        ("Method", "We study graphs."),
        ("Method", "Setting. Graphs are finite. Below we argue."),
        ("Method", "Theorem 1. X holds."),
        ("Method", "Proof. Trivial."),
        ("Method", "Claim. Z holds."),
    ]


@pytest.mark.parametrize(
    ("cls", "heading"),
    [("llncs", "subsubsection"), ("article", "paragraph"), ("article", "subparagraph*")],
)
def test_a_run_in_heading_typed_against_its_text_keeps_a_space(
    tmp_path: Path, cls: str, heading: str
) -> None:
    # QA: "\subsubsection{Setting}Graphs" (llncs) and "\paragraph{Scope}Paths" read
    # "SettingGraphs", "ScopePaths": TeX sets a space after a run-in heading.
    body = f"\\section{{M}}\n\\{heading}{{Setting}}Graphs are finite.\n"
    assert passages_of(tmp_path, body, cls=cls) == ["Setting Graphs are finite."]


def test_a_counter_the_paper_renumbers_prints_as_it_says(tmp_path: Path) -> None:
    body = (
        "\\section{A}\n\\begin{figure}\\caption{Main.}\\label{fig:a}\\end{figure}\n"
        "\\begin{theorem}\\label{t}X holds.\\end{theorem}\n\n"
        "\\section*{Supplement}\n\\setcounter{figure}{0}\n"
        "\\renewcommand{\\thefigure}{S\\arabic{figure}}\n"
        "\\begin{figure}\\caption{Extra.}\\label{fig:s}\\end{figure}\n"
        "See \\ref{fig:a}, \\ref{fig:s} and \\ref{t}; \\ref{tab:a}.\n"
        "\\begin{table}\\caption{T.}\\label{tab:a}\\end{table}\n"
    )
    preamble = (
        "\\newtheorem{theorem}{Theorem}\n\\renewcommand{\\thetheorem}{\\thesection.\\Alph{theorem}}\n"
        "\\renewcommand{\\thetable}{\\ifnum1>0 X\\fi}"
    )
    got = passages_of(tmp_path, body, preamble)
    # Before: "Figure 1: Extra.", "See 1, 1 and 1; 1." A setting not followed prints nothing.
    assert got == [
        "Figure 1: Main.",
        "Theorem 1.A X holds.",
        "Figure S1: Extra.",
        "See 1, S1 and 1.A;.",
        "T.",
    ]


def test_a_renumbering_in_a_definition_holds_where_it_is_called(tmp_path: Path) -> None:
    preamble = (
        "\\newcommand{\\beginsupplement}{\\setcounter{figure}{0}"
        "\\renewcommand{\\thefigure}{S\\arabic{figure}}}"
    )
    body = (
        "\\begin{figure}\\caption{Main.}\\label{fig:a}\\end{figure}\n\\beginsupplement\n"
        "\\begin{figure}\\caption{Extra.}\\label{fig:s}\\end{figure}\nSee \\ref{fig:a} and "
        "\\ref{fig:s}.\n"
    )
    got = passages_of(tmp_path, body, preamble)
    assert got == ["Figure 1: Main.", "Figure S1: Extra.", "See 1 and S1."]


@pytest.mark.parametrize(
    ("preamble", "cls", "printed"),
    [
        ("\\setcounter{secnumdepth}{0}", "article", "See,, and 1."),
        ("\\setcounter{secnumdepth}{1}", "article", "See 1, 1, 1 and 1."),
        ("", "article", "See 1, 1.1, 1.1.1 and 1."),
        ("", "report", "See 0.1, 0.1.1, 0.1.1 and 0.1."),
    ],
)
def test_headings_below_secnumdepth_are_not_numbered(
    tmp_path: Path, preamble: str, cls: str, printed: str
) -> None:
    # A heading LaTeX does not number steps no counter: a label after it names what was
    # numbered before, as the PDF prints it (a report numbers down to subsections).
    body = (
        "\\section{A}\\label{a}\nText.\n\\subsection{B}\\label{b}\nMore.\n"
        "\\subsubsection{C}\\label{c}\nMost.\n"
        "\\begin{figure}\\caption{F.}\\label{f}\\end{figure}\n"
        "See \\ref{a}, \\ref{b}, \\ref{c} and \\ref{f}.\n"
    )
    assert printed in passages_of(tmp_path, body, preamble, cls)


def test_amsthm_s_unnumbered_theorems_and_proofs_print_their_heads(tmp_path: Path) -> None:
    # QA: ``\newtheorem*{claim}{Claim}`` and amsthm's proof read with no head, where the PDF
    # prints "Claim." and "Proof." (a proof's note in its place: "Proof of Theorem 1.").
    body = (
        "\\section{A}\nWords before.\n\\begin{claim}Z holds.\\end{claim}\n"
        "\\begin{theorem}\\label{t}X holds.\\end{theorem}\n"
        "\\begin{proof}Trivial.\\end{proof}\n"
        "\\begin{proof}[Proof of Theorem~\\ref{t}]Also trivial.\\end{proof}\n"
    )
    preamble = "\\usepackage{amsthm}\n\\newtheorem*{claim}{Claim}\n\\newtheorem{theorem}{Theorem}"
    assert passages_of(tmp_path, body, preamble) == [
        "Words before.",
        "Claim. Z holds.",
        "Theorem 1. X holds.",
        "Proof. Trivial.",
        "Proof of Theorem 1. Also trivial.",
    ]
    # Without amsthm, LaTeX has no proof environment of its own: nothing is made up.
    assert passages_of(tmp_path, "\\begin{proof}Trivial.\\end{proof}") == ["Trivial."]


@pytest.mark.parametrize(
    ("preamble", "expected"),
    [
        ("\\renewcommand{\\proofname}{Sketch}", "Sketch. Trivial."),
        # babel's German names it "Beweis": not known here, so no head rather than "Proof".
        ("\\usepackage[ngerman]{babel}", "Trivial."),
        ("\\usepackage[english]{babel}", "Proof. Trivial."),
    ],
)
def test_a_proof_s_head_is_the_name_the_paper_gives_it(
    tmp_path: Path, preamble: str, expected: str
) -> None:
    got = passages_of(
        tmp_path, "\\begin{proof}Trivial.\\end{proof}", f"\\usepackage{{amsthm}}\n{preamble}"
    )
    assert got == [expected]
