"""What a paper prints between words: ``\\xspace`` a space before a word (none before
punctuation), ``\\-`` (a place the word may be hyphenated) nothing."""

from __future__ import annotations

from pathlib import Path

from claimaudit.library.extract import extract
from claimaudit.library.passages import make_passages
from tests.articles import write_article


def test_xspace_and_discretionary_hyphens_read_as_printed(tmp_path: Path) -> None:
    path = tmp_path / "paper.tex"
    path.write_text(
        "\\documentclass{article}\n\\newcommand{\\SciPy}{\\textsc{SciPy}\\xspace}\n"
        "\\newcommand{\\eg}{e.g.,\\xspace}\n\\begin{document}\n"
        "The \\SciPy library \\eg for sci\\-en\\-ti\\-fic use. Also \\SciPy. And \\SciPy, too.\n"
        "\\end{document}\n",
        encoding="utf-8",
    )
    assert [b.text for b in extract(path).blocks] == [
        "The SciPy library e.g., for scientific use. Also SciPy. And SciPy, too."
    ]


def _passages(tmp_path: Path, preamble: str, body: str) -> list[str]:
    path = write_article(tmp_path, body, f"{preamble}\n", section="Intro", name="paper.tex")
    return [p.text for p in make_passages(extract(path).blocks)]


def test_a_blank_typed_before_high_punctuation_is_kept(tmp_path: Path) -> None:
    # French typography sets a blank before ":" ";" "!" "?"; typed, a tie or a thin space, it
    # is the author's (the gap a citation leaves is not: "montré \cite{x} :" has one blank).
    body = (
        "Le résultat : 5 ; vrai ! Pourquoi ? Aussi~: x et\\,; y\n: z.\n"
        "Comme montré \\cite{x} : le \\emph{fin} : w."
    )
    assert _passages(tmp_path, "\\usepackage[french]{babel}", body) == [
        "Le résultat : 5 ; vrai ! Pourquoi ? Aussi : x et ; y : z. Comme montré : le fin : w."
    ]


def test_english_punctuation_gains_no_blank_and_citation_gaps_still_close(
    tmp_path: Path,
) -> None:
    body = (
        "The result: 5; true! Why? The format \\cite{x}, and outputs~\\cite{y}. As shown "
        "\\cite{z}: the result; see \\cite{w}; done, on a line\n\\citep{v}: yes (\\cite{u})."
    )
    assert _passages(tmp_path, "", body) == [
        "The result: 5; true! Why? The format, and outputs. As shown: the result; see; "
        "done, on a line: yes."
    ]


def test_spacing_commands_print_a_space_and_negative_ones_nothing(tmp_path: Path) -> None:
    body = (
        "It weighed 5\\thinspace kg, 6\\nobreakspace kg, 7\\space kg, 8\\enspace kg, "
        "9\\quad kg, 10\\hspace{1em}kg and 11\\hspace*{2pt}kg; "
        "T\\hspace{-1pt}eX, 1\\negthinspace 2 and Name\\hfill Date."
    )
    assert _passages(tmp_path, "", body) == [
        "It weighed 5 kg, 6 kg, 7 kg, 8 kg, 9 kg, 10 kg and 11 kg; TeX, 12 and Name Date."
    ]
