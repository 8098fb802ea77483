"""A Markdown figure's caption is a passage of its own, without the image's markup; an image
whose alt text is no caption is no passage."""

from __future__ import annotations

from claimaudit.library.extract import extract
from claimaudit.library.markdown.extract import markdown_blocks
from claimaudit.library.passages import make_passages
from tests.library.helpers import DEEP_REVIEW, DEEP_RULES

SLEEP = "Caffeine reduced total sleep time by 40 minutes in every participant."


def _blocks(markdown: str) -> list[tuple[str, str]]:
    return [(b.kind, b.text) for b in markdown_blocks(markdown)]


def test_a_one_line_figure_is_a_caption_passage_with_or_without_attributes() -> None:
    markdown = (
        "# Results\n\nCaffeine was given to every participant.\n\n"
        f"![{SLEEP}](images/sleep.png){{#fig:sleep}}\n\n"
        f"![{SLEEP}](images/sleep.png)\n\n"
        "See the figures for details.\n"
    )
    assert _blocks(markdown) == [
        ("text", "Caffeine was given to every participant."),
        ("caption", SLEEP),
        ("caption", SLEEP),
        ("text", "See the figures for details."),
    ]


def test_a_caption_over_two_lines_ends_without_the_file_name_or_attributes() -> None:
    markdown = (
        "![Caffeine reduced total\nsleep time by 40 minutes, multi-line.](images/sleep.png)"
        '{#fig:sleep2 width="50%"}\n\nAfter the figure.\n'
    )
    assert _blocks(markdown) == [
        ("caption", "Caffeine reduced total sleep time by 40 minutes, multi-line."),
        ("text", "After the figure."),
    ]


def test_a_reference_style_image_reads_as_its_caption_without_its_label() -> None:
    markdown = (
        "Intro text.\n\n![Figure 2. Caffeine reduced total sleep time by 40 minutes.][fig2]\n\n"
        "[fig2]: images/fig2.png\n"
    )
    assert _blocks(markdown) == [
        ("text", "Intro text."),
        ("caption", "Figure 2. Caffeine reduced total sleep time by 40 minutes."),
    ]


def test_a_caption_reads_without_its_markup_and_citations() -> None:
    # Brackets inside the alt text ([@doi:...]) and a file name with a blank, as Pandoc takes it.
    markdown = "![Sleep fell *sharply* [@doi:10.1/x] in adults.](my figure.png){#fig:a}\n"
    assert _blocks(markdown) == [("caption", "Sleep fell sharply in adults.")]


def test_an_image_whose_alt_text_is_no_caption_is_no_passage() -> None:
    markdown = (
        "Text before.\n\n![logo](logo.png)\n\n![](y.png)\n\n![sleep.png](sleep.png)\n\n"
        "![Figure 3](z.png){#fig:z}\n\n![Fig. S2.](z.png)\n\nText after.\n"
    )
    assert _blocks(markdown) == [("text", "Text before."), ("text", "Text after.")]


def test_images_on_consecutive_lines_are_figures_and_one_inline_in_text_is_not() -> None:
    markdown = (
        "![First figure](a.png)\n![Second\nfigure](b.png)\n![Inline](c.png) in a sentence.\n\n"
        "Text ![not a figure](d.png)\n![After text](e.png)\n"
    )
    assert _blocks(markdown) == [
        ("caption", "First figure"),
        ("caption", "Second figure"),
        ("text", "in a sentence."),
        ("text", "Text"),
    ]


def test_a_figure_inside_the_references_is_no_passage() -> None:
    markdown = f"Text.\n\n## References\n\n![{SLEEP}](sleep.png)\n"
    assert _blocks(markdown) == [("text", "Text.")]


def test_the_shared_manubot_papers_keep_their_one_line_captions() -> None:
    rules = [(p.section, p.text) for p in make_passages(extract(DEEP_RULES).blocks)]
    assert (
        "Introduction",
        "A summary overview of the 10 tips for using deep learning in biological research.",
    ) in rules
    assert any(t.startswith("A visual example of overfitting and failure to") for _, t in rules)
    review = [p.text for p in make_passages(extract(DEEP_REVIEW).blocks)]
    assert "Deep learning applications, tasks, and models based on NLP perspectives." in review


def test_a_readme_s_status_badges_are_no_passages() -> None:
    # A badge's alt text ("License: MIT") is two words: it was stored as a figure caption, and
    # a linked badge left its empty link "[](https://travis-ci.org/x/y)" as a text passage.
    markdown = (
        "# A tool\n\n"
        "![License: MIT](https://img.shields.io/badge/License-MIT-yellow.svg)\n\n"
        "![Tests passing on CI](https://github.com/x/y/actions/workflows/tests.yml/badge.svg)\n\n"
        "[![Build Status of main](https://travis-ci.org/x/y.svg)](https://travis-ci.org/x/y)\n"
        "[![Coverage](https://codecov.io/gh/x/y/graph/badge.svg)](https://codecov.io/gh/x/y)\n\n"
        f"![{SLEEP}](https://example.org/figures/badger-sleep.png)\n\n"
        "The tool reads papers.\n"
    )
    assert _blocks(markdown) == [("caption", SLEEP), ("text", "The tool reads papers.")]
