"""A paper's front matter: the title block a template prints before the abstract is no passage,
and the authors the source names are stored as the paper's authors."""

from __future__ import annotations

from pathlib import Path

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
