"""A LaTeX paper's own sectioning commands: ``\\newcommand{\\name}[n]{\\section{#1}...}`` opens a
section as ``\\section`` does, for the argument counts LaTeX takes (one to nine)."""

from __future__ import annotations

from pathlib import Path

import pytest

from claimaudit.library.extract import extract


def _sections(tmp_path: Path, arguments: str) -> list[tuple[str | None, str]]:
    path = tmp_path / "paper.tex"
    path.write_text(
        "\\documentclass{article}\n"
        f"\\newcommand{{\\practice}}[{arguments}]{{\\section{{#1}}}}\n"
        "\\begin{document}\n\\practice{Data Management}\nSave the raw data.\n\\end{document}\n",
        encoding="utf-8",
    )
    return [(b.section, b.text) for b in extract(path).blocks]


def test_a_newcommand_around_section_opens_a_section(tmp_path: Path) -> None:
    assert _sections(tmp_path, "1") == [("Data Management", "Save the raw data.")]


@pytest.mark.parametrize("arguments", ["\u00b2", "\u2460", "9" * 5000])
def test_an_argument_count_int_refuses_is_no_alias_not_a_crash(
    tmp_path: Path, arguments: str
) -> None:
    # str.isdigit is true for "²" and "①", which int() refuses: `library add` ended in a
    # traceback (and past 4300 digits int() refuses any number).
    blocks = _sections(tmp_path, arguments)
    assert blocks and all(section != "Data Management" for section, _ in blocks)
    assert "Save the raw data." in " ".join(text for _, text in blocks)
