"""A float's placement and an algorithm's line numbering are settings, not the paper's text."""

from __future__ import annotations

from pathlib import Path

from tests.library.latex.test_refs import passages_of


def test_placements_and_line_numbering_print_nothing(tmp_path: Path) -> None:
    body = (
        "Before the method.\n"
        "\\begin{algorithm}[t]\\caption{Train.}\n"
        "\\begin{algorithmic}[1]\\STATE update the weights\\end{algorithmic}\\end{algorithm}\n"
        "\\begin{algorithm2e}[H]Sort the list.\\end{algorithm2e}\n"
        "\\begin{wraptable}{r}{5cm}Cell.\\end{wraptable}\n"
        "\\begin{listing}[h]Code.\\end{listing}\n"
    )
    got = passages_of(tmp_path, body)
    assert not [text for text in got if "[" in text or "5cm" in text]
    assert "update the weights" in " ".join(got) and "Sort the list." in " ".join(got)
