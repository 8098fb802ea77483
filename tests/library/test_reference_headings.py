"""A list of works is left out under every usual heading, in Markdown and PDF alike."""

from __future__ import annotations

from pathlib import Path

import pytest

from claimaudit.library.extract import extract
from claimaudit.library.markdown.extract import markdown_blocks
from claimaudit.library.pdf.continuations import join_continuations
from claimaudit.library.pdf.kinds import RawBlock
from claimaudit.library.pdf.layout import Line

HEADINGS = [
    "References",
    "References and Notes",  # Science's
    "Notes and References",
    "Bibliography",
    "Reference List",
    "Literature Cited",
    "Works Cited",
    "7. References",
]


@pytest.mark.parametrize("heading", HEADINGS)
def test_a_markdown_references_section_is_not_read(heading: str) -> None:
    markdown = (
        f"# Results\n\nCaffeine reduced sleep.\n\n## {heading}\n\n"
        "1. Smith J. Caffeine and sleep. Science 2020.\n\n# Appendix\n\nMore text.\n"
    )
    assert [(b.section, b.text) for b in markdown_blocks(markdown)] == [
        ("Results", "Caffeine reduced sleep."),
        ("Appendix", "More text."),
    ]


def test_a_bold_references_heading_in_markdown_is_not_read() -> None:
    markdown = "Text.\n\n**References and Notes**\n\n1. Smith J. Caffeine and sleep. 2020.\n"
    assert [b.text for b in markdown_blocks(markdown)] == ["Text."]


def test_notes_alone_and_a_heading_that_mentions_references_are_read() -> None:
    markdown = (
        "## Notes\n\nThe trial ran in 2020.\n\n"
        "## References to prior work\n\nEarlier trials found the same.\n"
    )
    assert [b.text for b in markdown_blocks(markdown)] == [
        "The trial ran in 2020.",
        "Earlier trials found the same.",
    ]


def _block(text: str, kind: str, baseline: float) -> RawBlock:
    line = Line(text, 72.0, 300.0, baseline, 10.0, kind == "heading", False, 1, 72.0, 540.0, 0)
    return RawBlock([line], kind=kind)


@pytest.mark.parametrize("heading", HEADINGS)
def test_a_pdf_references_section_is_left_out(heading: str) -> None:
    blocks = [
        _block("Results", "heading", 100.0),
        _block("Caffeine reduced sleep.", "text", 120.0),
        _block(heading, "heading", 160.0),
        _block("1. Smith J. Caffeine and sleep. Science 2020.", "text", 180.0),
    ]
    assert [b.lines[0].text for b in join_continuations(blocks)] == ["Caffeine reduced sleep."]


CITING = "Authors should cite the software they use, with its version, so it can be rerun."


def test_prose_under_a_citations_heading_is_read_in_markdown() -> None:
    # "Citations" heads prose in a paper about citing software; it was read as a list of works.
    markdown = (
        f"# Methods\n\nWe ran trials.\n\n## Citations\n\n{CITING}\n\n## Results\n\nIt worked.\n"
    )
    assert [(b.section, b.text) for b in markdown_blocks(markdown)] == [
        ("Methods", "We ran trials."),
        ("Citations", CITING),
        ("Results", "It worked."),
    ]


def test_prose_under_a_citations_heading_is_read_in_latex(tmp_path: Path) -> None:
    path = tmp_path / "paper.tex"
    path.write_text(
        "\\documentclass{article}\n\\begin{document}\n\\section{Methods}\nWe ran trials.\n"
        f"\\section{{Citations}}\n{CITING}\n\\section{{Results}}\nIt worked.\n\\end{{document}}\n",
        encoding="utf-8",
    )
    assert [b.text for b in extract(path).blocks] == ["We ran trials.", CITING, "It worked."]


def test_a_pdf_s_text_after_a_citations_heading_is_read() -> None:
    # A PDF leaves out everything after a references heading, up to the back matter.
    blocks = [
        _block("Methods", "heading", 100.0),
        _block("We ran trials.", "text", 120.0),
        _block("Citations", "heading", 160.0),
        _block(CITING, "text", 180.0),
        _block("Results", "heading", 220.0),
        _block("It worked.", "text", 240.0),
    ]
    texts = [b.lines[0].text for b in join_continuations(blocks)]
    assert texts == ["We ran trials.", CITING, "It worked."]
