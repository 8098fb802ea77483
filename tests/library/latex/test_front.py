"""A paper's front matter: the title block a template prints before the abstract is no passage,
and the authors the source names are stored as the paper's authors."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

import claimaudit.cli
from claimaudit.cli import app
from claimaudit.library.extract import extract
from tests.library.helpers import GOOD_ENOUGH_TEX

# PLOS's template: the title, the authors with affiliation marks, affiliations and addresses
# set by hand in a ``flushleft`` before the abstract.
PLOS = r"""\documentclass[10pt,letterpaper]{article}
\begin{document}
\begin{flushleft}
{\Large
\textbf\newline{Tracking Small Projects}
}
\newline
\\
{Ada~Lovelace}\textsuperscript{1,\ddag *},
{Charles~Babbage}\textsuperscript{2,\ddag}
\\
\textbf{1} Analytical Society / ada@example.org
\\
\textbf{2} University of Cambridge / cb@example.org
\\
\bigskip
{\ddag} These authors contributed equally to this work.
\\
* E-mail: Corresponding ada@example.org

\end{flushleft}

\title{Tracking Small Projects}

\section*{Abstract}

Small projects need version control as much as large ones.

\section*{Introduction}

\begin{center}
A centred sentence of the body stays.
\end{center}

We start here.
\end{document}
"""


def test_plos_title_block_is_no_passage(tmp_path: Path) -> None:
    path = tmp_path / "paper.tex"
    path.write_text(PLOS)
    document = extract(path)
    texts = [block.text for block in document.blocks]
    assert texts[0] == "Small projects need version control as much as large ones."
    assert not any("example.org" in text or "Lovelace" in text for text in texts)
    assert "A centred sentence of the body stays." in texts
    assert document.title == "Tracking Small Projects"


def test_good_enough_latex_starts_with_its_abstract() -> None:
    blocks = extract(GOOD_ENOUGH_TEX).blocks
    assert blocks[0].section == "Abstract"
    assert blocks[0].text.startswith("We present a set of computing tools")
    assert not any("@" in block.text and "Carpentry" in block.text for block in blocks[:5])


def _tex(tmp_path: Path, preamble: str) -> Path:
    path = tmp_path / "paper.tex"
    path.write_text(
        "\\documentclass{article}\n"
        f"{preamble}\n"
        "\\begin{document}\n\\maketitle\n\\section{Intro}\nWe start here.\n\\end{document}\n"
    )
    return path


def test_author_names_are_stored_without_marks_notes_or_addresses(tmp_path: Path) -> None:
    article = _tex(
        tmp_path,
        r"\title{T}\author{Ada Lovelace\thanks{ada@example.org} \\ Analytical Society"
        r" \and Charles~Babbage$^{2}$ \\ Cambridge \\ \texttt{cb@example.org}}",
    )
    assert extract(article).authors == "Ada Lovelace, Charles Babbage"
    authblk = _tex(
        tmp_path,
        r"\usepackage{authblk}\author[1,*]{Ada Lovelace}\affil[1]{Analytical Society}"
        r"\author[$\dagger$]{Charles Babbage\thanks{cb@example.org}}",
    )
    assert extract(authblk).authors == "Ada Lovelace, Charles Babbage"
    assert extract(_tex(tmp_path, r"\title{T}")).authors is None


def test_plos_title_block_names_the_authors(tmp_path: Path) -> None:
    path = tmp_path / "paper.tex"
    path.write_text(PLOS)
    assert extract(path).authors == "Ada Lovelace, Charles Babbage"
    assert extract(GOOD_ENOUGH_TEX).authors == (
        "Greg Wilson, Jennifer Bryan, Karen Cranston, Justin Kitzes, Lex Nederbragt, Tracy K. Teal"
    )


def test_library_show_prints_the_authors_of_a_latex_paper(tmp_path: Path) -> None:
    claimaudit.cli._install_commands()
    path = _tex(tmp_path, r"\title{T}\author{Ada Lovelace \and Charles Babbage}")
    result = CliRunner().invoke(
        app,
        [
            "library",
            "add",
            str(path),
            "--ref",
            "doi:10.1000/front",
            "--library",
            str(tmp_path / "l.db"),
        ],
    )
    assert result.exit_code == 0, result.output
    shown = CliRunner().invoke(
        app, ["library", "show", "doi:10.1000/front", "--library", str(tmp_path / "l.db")]
    )
    assert "authors: Ada Lovelace, Charles Babbage" in shown.output


# elsarticle's front matter: title, authors, address, abstract and keywords in one environment.
ELSARTICLE = r"""\documentclass{elsarticle}
\begin{document}
\begin{frontmatter}
\title{Elsevier Style}
\author[1]{Jane Roe\corref{cor1}}
\ead{jane@example.org}
\cortext[cor1]{Corresponding author.}
\address[1]{Some University}
\begin{abstract}
ELSABSTRACT the abstract inside frontmatter.
\end{abstract}
\begin{keyword}
kw1 \sep kw2
\end{keyword}
\end{frontmatter}
\section{Intro}
INTROTEXT body.
\end{document}
"""


def test_elsarticle_front_matter_gives_title_authors_and_abstract(tmp_path: Path) -> None:
    path = tmp_path / "a.tex"
    path.write_text(ELSARTICLE)
    document = extract(path)
    assert document.title == "Elsevier Style"
    assert document.authors == "Jane Roe"
    # The address, e-mail, author note and keywords are no passage; the abstract is its own.
    assert [(b.section, b.text) for b in document.blocks] == [
        ("Abstract", "ELSABSTRACT the abstract inside frontmatter."),
        ("Intro", "INTROTEXT body."),
    ]


def test_a_title_after_the_first_heading_is_not_the_paper_s(tmp_path: Path) -> None:
    # Environments are opened only before the first heading: a \title in the body's boxes
    # (an example, a quoted template) names no paper.
    path = tmp_path / "paper.tex"
    path.write_text(
        "\\documentclass{article}\n\\begin{document}\n\\section{Intro}\nText.\n"
        "\\begin{quote}\\title{Quoted}\\author{Someone Else}\\end{quote}\n\\end{document}\n"
    )
    document = extract(path)
    assert (document.title, document.authors) == (None, None)
