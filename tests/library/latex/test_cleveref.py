"""cleveref's references read as the compiled paper prints them."""

from __future__ import annotations

from pathlib import Path

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
