"""cleveref's references read as the compiled paper prints them."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.library.latex.test_refs import passages_of

BODY = (
    "\\section{Intro}\\label{sec:a}\n"
    "\\subsection{Setup}\\label{sec:b}\nText.\n"
    "\\begin{equation}x = 1\\label{eq:x}\\end{equation}\n"
    "\\begin{equation}y = 2\\label{eq:y}\\end{equation}\n"
    "\\begin{figure}\\caption{A drawing.}\\label{fig:a}\\end{figure}\n"
    "\\begin{figure}\\caption{Another.}\\label{fig:b}\\end{figure}\n"
)


def _read(tmp_path: Path, sentence: str, preamble: str = "\\usepackage{cleveref}") -> str:
    return " ".join(passages_of(tmp_path, BODY + sentence, preamble))


def test_cref_and_cref_capitalised_print_the_name_and_number(tmp_path: Path) -> None:
    got = _read(
        tmp_path,
        "As \\cref{fig:a} and \\Cref{sec:b} show, \\cref*{eq:x} holds by \\Cref{eq:x,eq:y}.",
    )
    assert "As fig. 1 and Section 1.1 show, eq. (1) holds by Equations (1) and (2)." in got


def test_lists_ranges_and_the_number_or_name_alone(tmp_path: Path) -> None:
    got = _read(
        tmp_path,
        "See \\cref{fig:a,fig:b,sec:a}, \\crefrange{fig:a}{fig:b}, \\labelcref{sec:b} and "
        "\\namecref{fig:a}.",
    )
    assert "See figs. 1 and 2 and section 1, figs. 1 to 2, 1.1 and fig.." in got


def test_names_follow_the_package_options_and_the_paper_s_crefname(tmp_path: Path) -> None:
    preamble = "\\usepackage[capitalise,noabbrev]{cleveref}\n\\crefname{section}{Sec.}{Secs.}\n"
    got = _read(tmp_path, "As \\cref{fig:a} and \\cref{sec:a} show.", preamble)
    assert "As Figure 1 and Sec. 1 show." in got


def test_an_unknown_label_and_a_page_print_nothing_not_the_label(tmp_path: Path) -> None:
    got = _read(tmp_path, "See \\cref{nope} on \\cpageref{fig:a} and \\crefrange{x}{y} here.")
    assert "sec:" not in got and "fig:" not in got
    assert "See on and here." in " ".join(got.split())


def test_three_or_more_in_a_row_read_as_a_range(tmp_path: Path) -> None:
    more = (
        "\\begin{figure}\\caption{Third.}\\label{fig:c}\\end{figure}\n"
        "\\begin{figure}\\caption{Fourth.}\\label{fig:d}\\end{figure}\n"
        "\\begin{figure}\\caption{Fifth.}\\label{fig:e}\\end{figure}\n"
    )
    got = _read(
        tmp_path,
        more + "See \\cref{fig:a,fig:b,fig:c}, \\Cref{fig:c,fig:a,fig:b,fig:e}, "
        "\\cref{fig:a,fig:c} and \\labelcref{fig:b,fig:c,fig:d}.",
    )
    assert "See figs. 1 to 3, Figures 1 to 3 and 5, figs. 1 and 3 and 2 to 4." in got


THEOREMS = (
    "\\usepackage{amsthm,cleveref}\n\\newtheorem{theorem}{Theorem}\n"
    "\\newtheorem{lemma}[theorem]{Lemma}\n\\newtheorem{definition}{Definition}\n"
    "\\newtheorem{thm}{Theorem}\n"
)


def test_a_theorem_like_environment_is_named_by_its_own_name(tmp_path: Path) -> None:
    body = (
        "\\begin{theorem}\\label{thm:a}A.\\end{theorem}\n"
        "\\begin{lemma}\\label{lem:b}B.\\end{lemma}\n"
        "\\begin{definition}\\label{def:c}C.\\end{definition}\n"
        "\\begin{thm}\\label{thm:d}D.\\end{thm}\n"
        "By \\cref{thm:a}, \\cref{lem:b}, \\Cref{def:c}, \\cref{thm:a,lem:b} and \\cref{thm:d}.\n"
    )
    got = " ".join(passages_of(tmp_path, body, THEOREMS))
    # A lemma sharing the theorem counter is still a lemma; ``thm``, declared after cleveref is
    # loaded, is named by its title.
    assert "By theorem 1, lemma 2, Definition 1, theorem 1 and lemma 2 and theorem 1." in got


def test_a_theorem_declared_before_cleveref_has_no_name_of_its_own(tmp_path: Path) -> None:
    preamble = (
        "\\usepackage{amsthm}\n\\newtheorem{hyp}{Hypothesis}\n\\usepackage{cleveref}\n"
        "\\newtheorem{obs}{Observation}\n"
    )
    body = (
        "\\begin{hyp}\\label{h}A.\\end{hyp}\n\\begin{obs}\\label{o}B.\\end{obs}\n"
        "By \\cref{h}, \\cref{o} and \\Cref{o}.\n"
    )
    got = " ".join(passages_of(tmp_path, body, preamble))
    assert "By 1, observation 1 and Observation 1." in got


ALGORITHM = (
    "\\begin{{algorithm}}[t]\\caption{{{0}.}}\\label{{alg:{0}}}\n"
    "\\begin{{algorithmic}}[1]\\State step \\label{{line:{0}}}\\end{{algorithmic}}\n"
    "\\end{{algorithm}}\n"
)


@pytest.mark.parametrize(
    "package", ["\\usepackage{algorithm,algpseudocode}", "\\usepackage[ruled]{algorithm2e}"]
)
def test_algorithms_are_counted_and_named(tmp_path: Path, package: str) -> None:
    body = (
        "\\section{Method}\n"
        + ALGORITHM.format("a")
        + ALGORITHM.format("b")
        + "As \\cref{alg:b} and \\Cref{alg:a,alg:b} show, \\cref{line:a} holds.\n"
    )
    got = " ".join(passages_of(tmp_path, body, package + "\n\\usepackage{cleveref}"))
    # A label on a line names the line, which is not counted: nothing, not the algorithm.
    assert "As algorithm 2 and Algorithms 1 and 2 show, holds." in " ".join(got.split())


def test_algorithms_numbered_by_section_where_the_option_says(tmp_path: Path) -> None:
    body = "\\section{A}\n\\section{B}\n" + ALGORITHM.format("a") + "See \\cref{alg:a}.\n"
    got = " ".join(
        passages_of(tmp_path, body, "\\usepackage[section]{algorithm}\n\\usepackage{cleveref}")
    )
    assert "See algorithm 2.1." in got


def test_a_table_is_named_in_full(tmp_path: Path) -> None:
    # cleveref abbreviates equations and figures only: "table 1", not "tab. 1".
    body = "\\begin{table}\\caption{T.}\\label{tab:a}\\end{table}\n"
    got = _read(tmp_path, body + "See \\cref{tab:a} and \\Cref{tab:a}.")
    assert "See table 1 and Table 1." in got


def test_vref_under_cleveref_reads_as_cref(tmp_path: Path) -> None:
    # QA: cleveref redefines varioref's \vref as \cref (its page aside); it read as \ref.
    got = _read(
        tmp_path,
        "See \\vref{fig:a} and \\Vref{sec:b}.",
        "\\usepackage{varioref}\n\\usepackage{cleveref}",
    )
    assert "See fig. 1 and Section 1.1." in got
    # Without cleveref, varioref's own prints the number alone (the page is not known).
    assert "See 1 and 1.1." in _read(tmp_path, "See \\vref{fig:a} and \\Vref{sec:b}.", "")


def test_nameref_to_a_theorem_prints_its_note(tmp_path: Path) -> None:
    # QA: \nameref to \begin{theorem}[Main] printed nothing; nameref prints the note.
    got = passages_of(
        tmp_path,
        "\\section{Intro}\n\\begin{theorem}[Main]\\label{t:a}X holds.\\end{theorem}\n\n"
        "By the \\nameref{t:a} theorem.",
        "\\usepackage{amsthm,hyperref}\n\\newtheorem{theorem}{Theorem}",
    )
    assert got[-1] == "By the Main theorem."
