"""A LaTeX paper's own packages (``.sty`` files beside it): their macros and ``\\let`` copies
read as ingestion reads the preamble's own; installed, outside or uploaded ones never."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from claimaudit.errors import InputError
from claimaudit.library.extract import extract
from claimaudit.library.latex.packages import MAX_PACKAGE_DEPTH, printing_macros
from claimaudit.library.passages import make_passages
from tests.articles import write_article

BIB = "@article{yu2015, author = {Yu, Fisher and Koltun, Vladlen}, title = {M}, year = {2015}}\n"


def _paper(folder: Path, body: str, preamble: str = "\\usepackage{natbib,mystyle}") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    return write_article(folder, body, f"{preamble}\n", section="S", bib=BIB, name="paper.tex")


def _text(path: Path, *, includes: bool = True) -> str:
    return " ".join(p.text for p in make_passages(extract(path, includes=includes).blocks))


def test_a_let_copy_in_a_local_package_reads_as_the_citation_it_copies(tmp_path: Path) -> None:
    path = _paper(tmp_path, "Dilation helps \\mycite{yu2015}, as \\yucite{yu2015} show.")
    (tmp_path / "mystyle.sty").write_text(
        "\\NeedsTeXFormat{LaTeX2e}\n\\ProvidesPackage{mystyle}\n"
        "\\let\\mycite\\citep % a short name\n\\global\\let\\yucite=\\citet\n",
        encoding="utf-8",
    )
    assert _text(path) == "Dilation helps, as Yu and Koltun show."


def test_a_wrapper_of_a_copy_named_with_an_at_reads_as_the_citation(tmp_path: Path) -> None:
    path = _paper(tmp_path, "Dilation helps, as \\yucite{yu2015} show.")
    (tmp_path / "mystyle.sty").write_text(
        "\\ProvidesPackage{mystyle}\n\\let\\my@cite\\citet\n"
        "\\newcommand\\yucite[1]{\\my@cite{#1}}\n",
        encoding="utf-8",
    )
    assert _text(path) == "Dilation helps, as Yu and Koltun show."


def test_a_preamble_s_copy_named_with_an_at_between_makeatletter_and_makeatother(
    tmp_path: Path,
) -> None:
    preamble = (
        "\\usepackage{natbib}\n\\makeatletter\n\\let\\my@cite\\citet\n"
        "\\newcommand\\yucite[1]{\\my@cite{#1}}\n\\makeatother"
    )
    path = _paper(tmp_path, "Dilation helps, as \\yucite{yu2015} show.", preamble=preamble)
    assert _text(path) == "Dilation helps, as Yu and Koltun show."


def test_a_local_packages_definitions_are_expanded_and_the_paper_wins(tmp_path: Path) -> None:
    path = _paper(
        tmp_path,
        "Dilation helps \\wcite{yu2015}. \\practice{Keep it} in \\where.",
        "\\usepackage{mystyle}\n\\newcommand{\\where}{the paper}",
    )
    (tmp_path / "mystyle.sty").write_text(
        "\\ProvidesPackage{mystyle}\n\\newcommand\\wcite[1]{\\citep{#1}}\n"
        "\\newcommand{\\practice}[1]{\\textbf{#1}:}\n\\newcommand{\\where}{the package}\n"
        # A package's code (internal @ names) is left alone: \section still heads a section.
        "\\renewcommand\\section{\\@startsection{section}{1}{0pt}{1ex}{1ex}{\\bfseries}}\n",
        encoding="utf-8",
    )
    document = extract(path)
    assert [b.section for b in document.blocks] == ["S"]
    assert _text(path) == "Dilation helps. Keep it: in the paper."


def test_packages_outside_the_folder_or_of_an_upload_are_not_read(tmp_path: Path) -> None:
    (tmp_path / "out.sty").write_text("\\let\\mycite\\citep\n", encoding="utf-8")
    inner = _paper(tmp_path / "paper", "Dilation helps \\mycite{yu2015}.")
    (tmp_path / "paper" / "mystyle.sty").symlink_to(tmp_path / "out.sty")
    assert _text(inner) == "Dilation helps yu2015."
    path = _paper(tmp_path / "upload", "Dilation helps \\mycite{yu2015}.")
    (tmp_path / "upload" / "mystyle.sty").write_text("\\let\\mycite\\citep\n", encoding="utf-8")
    assert _text(path, includes=False) == "Dilation helps yu2015."
    # A package commented out, or loaded after \begin{document}, is not read either.
    path = _paper(tmp_path / "later", "Helps \\mycite{yu2015}.", "% \\usepackage{mystyle}")
    (tmp_path / "later" / "mystyle.sty").write_text("\\let\\mycite\\citep\n", encoding="utf-8")
    assert _text(path) == "Helps yu2015."


def test_a_changed_package_changes_the_papers_hash(tmp_path: Path) -> None:
    path = _paper(tmp_path, "Dilation helps \\mycite{yu2015}.")
    package = tmp_path / "mystyle.sty"
    package.write_text("\\let\\mycite\\citep\n", encoding="utf-8")
    first = extract(path)
    package.write_text("\\let\\mycite\\citet\n", encoding="utf-8")
    second = extract(path)
    assert first.content_hash != second.content_hash
    assert _text(path) == "Dilation helps Yu and Koltun."


def test_natbib_required_by_a_local_package_makes_a_bare_cite_print_names(
    tmp_path: Path,
) -> None:
    path = _paper(tmp_path, "As \\cite{yu2015} shows.", preamble="\\usepackage{mystyle}")
    (tmp_path / "mystyle.sty").write_text(
        "\\ProvidesPackage{mystyle}\n\\RequirePackage{natbib}\n", encoding="utf-8"
    )
    assert _text(path) == "As Yu and Koltun shows."


def test_natbib_required_numeric_by_a_local_package_leaves_a_bare_cite_a_mark(
    tmp_path: Path,
) -> None:
    path = _paper(tmp_path, "As \\cite{yu2015} shows.", preamble="\\usepackage{mystyle}")
    (tmp_path / "mystyle.sty").write_text("\\RequirePackage[numbers]{natbib}\n", encoding="utf-8")
    assert _text(path) == "As shows."


def test_a_package_s_printing_macros_may_call_its_own_but_no_tex_code() -> None:
    bodies = {
        "mycite": "\\my@cite{#1}",  # a copy of \citep, the package's own
        "myref": "see \\my@see{#1}",  # a macro of its own that prints
        "my@see": "\\emph{#1}",
        "my@code": "\\relax #1",
        "mysec": "\\my@code{#1}",  # calls code, through a macro of its own
        "mybox": "\\my@box{#1}",  # a copy of LaTeX's internal: code
        "section": "\\@startsection{section}{1}{0pt}{1ex}{1ex}{\\bfseries}",
    }
    copies = {"my@cite": "citep", "my@box": "@savebox"}
    assert printing_macros(bodies, copies) == {"mycite", "myref", "my@see"}


@pytest.mark.parametrize(
    "a_loads",
    [
        "\\RequirePackage{b}",
        # A cycle: a loads itself and b, b loads a back; each is read once.
        "\\RequirePackage{a}\n\\usepackage[x]{natbib,b}",
    ],
)
def test_a_package_loaded_by_a_local_package_is_read(tmp_path: Path, a_loads: str) -> None:
    path = _paper(tmp_path, "\\bcmd{} and \\bcite{yu2015} said.", preamble="\\usepackage{a}")
    (tmp_path / "a.sty").write_text(f"\\ProvidesPackage{{a}}\n{a_loads}\n", encoding="utf-8")
    (tmp_path / "b.sty").write_text(
        "\\ProvidesPackage{b}\n\\RequirePackage{a}\n\\let\\bcite\\citet\n"
        "\\newcommand\\bcmd{from B}\n",
        encoding="utf-8",
    )
    assert _text(path) == "from B and Yu and Koltun said."
    first = extract(path).content_hash
    (tmp_path / "b.sty").write_text("\\let\\bcite\\citep\n", encoding="utf-8")
    assert extract(path).content_hash != first  # b is part of what the paper's text is read from


def test_packages_load_packages_only_so_deep_and_inside_the_folder(tmp_path: Path) -> None:
    chain = [f"p{letter}" for letter in "abcdefghijklmnop"[: MAX_PACKAGE_DEPTH + 1]]
    for name, loaded in zip(chain, [*chain[1:], ""], strict=True):
        (tmp_path / f"{name}.sty").write_text(
            f"\\RequirePackage{{{loaded}}}\n\\newcommand\\{name}x{{{name}}}\n"
            if loaded
            else f"\\newcommand\\{name}x{{{name}}}\n",
            encoding="utf-8",
        )
    last, deepest = chain[-2], chain[-1]
    body = f"Read \\pax, \\{last}x, not \\{deepest}x."
    assert _text(_paper(tmp_path, body, preamble="\\usepackage{pa}")) == f"Read pa, {last}, not."
    (tmp_path / "out.sty").write_text("\\let\\mycite\\citep\n", encoding="utf-8")
    inner = _paper(tmp_path / "paper", "Dilation helps \\mycite{yu2015}.")
    (tmp_path / "paper" / "mystyle.sty").write_text("\\RequirePackage{b}\n", encoding="utf-8")
    (tmp_path / "paper" / "b.sty").symlink_to(tmp_path / "out.sty")
    assert _text(inner) == "Dilation helps yu2015."


@pytest.mark.parametrize(
    ("preamble", "loader"),
    [
        ("\\usepackage{natbib,mystyle}", None),
        ("\\usepackage{natbib,outer}", "\\RequirePackage{mystyle}\n"),  # loaded by a package
    ],
)
def test_a_package_that_is_no_regular_file_is_said_so(
    tmp_path: Path, preamble: str, loader: str | None
) -> None:
    # Loose end: a FIFO mystyle.sty was passed over as if missing (an installed package); it
    # is never opened (it would block), and refused as such an \input is.
    path = _paper(tmp_path, "Dilated convolutions help \\citet{yu2015}.", preamble)
    if loader is not None:
        (tmp_path / "outer.sty").write_text(loader, encoding="utf-8")
    os.mkfifo(tmp_path / "mystyle.sty")
    with pytest.raises(InputError, match=r"paper\.tex: mystyle\.sty is not a regular file$"):
        extract(path)


def test_a_folder_named_as_a_package_is_still_no_package(tmp_path: Path) -> None:
    # A folder is no file TeX would read: passed over, as a missing package is.
    path = _paper(tmp_path, "Dilated convolutions help \\citet{yu2015}.")
    (tmp_path / "mystyle.sty").mkdir()
    assert "Dilated convolutions help Yu and Koltun." in _text(path)


def test_theorems_a_local_package_declares_are_numbered_and_headed(tmp_path: Path) -> None:
    # QA: a ``\newtheorem`` in mystyle.sty was not seen: the theorem lost its head and a
    # reference to it read as its section's number ("Theorem 1" for Theorem 1.1).
    path = _paper(
        tmp_path,
        "\\begin{thm}\\label{t:a}Every graph is nice.\\end{thm}\n\n"
        "\\begin{lem}\\label{l:b}Some are nicer.\\end{lem}\n\n"
        "By Theorem~\\ref{t:a} and \\cref{l:b} we win.",
        "\\usepackage{cleveref}\n\\usepackage{mystyle}",
    )
    (tmp_path / "mystyle.sty").write_text(
        "\\RequirePackage{amsthm}\n\\newtheorem{thm}{Theorem}[section]\n"
        "\\newtheorem{lem}[thm]{Lemma}\n",
        encoding="utf-8",
    )
    assert _text(path) == (
        "Theorem 1.1. Every graph is nice. Lemma 1.2. Some are nicer. "
        "By Theorem 1.1 and lemma 1.2 we win."
    )


def test_cleveref_and_numberwithin_in_a_local_package_hold_as_in_the_preamble(
    tmp_path: Path,
) -> None:
    # QA: a mystyle.sty that loads cleveref and numbers equations within sections was not
    # seen: \cref printed the number alone and \eqref "(1)" for the PDF's "(1.1)".
    path = _paper(
        tmp_path,
        "\\begin{thm}\\label{t:a}X holds.\\end{thm}\n\n"
        "\\begin{equation}x=1\\label{eq:a}\\end{equation}\n\nBy \\cref{t:a} and \\eqref{eq:a}.",
        "\\usepackage{amsmath}\n\\usepackage{mystyle}",
    )
    (tmp_path / "mystyle.sty").write_text(
        "\\RequirePackage{amsthm}\n\\RequirePackage[capitalise]{cleveref}\n"
        "\\newtheorem{thm}{Theorem}[section]\n\\crefname{thm}{Thm.}{Thms.}\n"
        "\\numberwithin{equation}{section}\n",
        encoding="utf-8",
    )
    assert _text(path).endswith("By Thm. 1.1 and (1.1).")


def test_a_class_beside_the_paper_is_read_as_its_packages_are(tmp_path: Path) -> None:
    # QA: \documentclass{mycls} with mycls.cls beside the paper was not read: its macro
    # printed nothing, its \section wrapper headed nothing and its theorem had no number.
    path = _paper(
        tmp_path,
        "\\mysection{Method}\nOur \\method{} works.\n\n"
        "\\begin{thm}\\label{t:a}Every graph is nice.\\end{thm}\n\nBy Theorem~\\ref{t:a} we win.",
        "",
    )
    path.write_text(path.read_text().replace("{article}", "{mycls}"), encoding="utf-8")
    (tmp_path / "mycls.cls").write_text(
        "\\NeedsTeXFormat{LaTeX2e}\n\\ProvidesClass{mycls}\n\\LoadClass[11pt]{base}\n"
        "\\RequirePackage{amsthm}\n\\newcommand{\\mysection}[1]{\\section{#1}}\n",
        encoding="utf-8",
    )
    # ... and the class it builds on, where it is beside the paper too.
    (tmp_path / "base.cls").write_text(
        "\\LoadClass{article}\n\\newcommand\\method{DeepFoo}\n\\newtheorem{thm}{Theorem}[section]\n",
        encoding="utf-8",
    )
    blocks = extract(path).blocks
    assert _text(path) == (
        "Our DeepFoo works. Theorem 2.1. Every graph is nice. By Theorem 2.1 we win."
    )
    assert blocks[-1].section == "Method"
