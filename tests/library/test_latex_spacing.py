"""What a paper prints between words: ``\\xspace`` a space before a word (none before
punctuation), ``\\-`` (a place the word may be hyphenated) nothing."""

from __future__ import annotations

from pathlib import Path

from claimaudit.library.extract import extract


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
