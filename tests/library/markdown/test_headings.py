"""A line of one short bold span is a heading, a question too; a bold lead-in, a bold
statement or two spans are not."""

from __future__ import annotations

import pytest

from claimaudit.library.markdown.headings import bold_heading


@pytest.mark.parametrize(
    ("line", "heading"),
    [
        ("**Abstract**", "Abstract"),
        ("__Author Summary__", "Author Summary"),
        ("***Introduction***", "Introduction"),
        ("**_Methods_**", "Methods"),
        ("_**Results**_", "Results"),
        ("**Box 1: Summary of practices**", "Box 1: Summary of practices"),
        ("**Key findings:**", "Key findings"),
        ("   **The [SciPy](https://scipy.org) stack**  ", "The SciPy stack"),
        # A question titles a section (papers, FAQs); its mark stays in the name.
        ("**Why does this matter?**", "Why does this matter?"),
        ("***Is this enough?***", "Is this enough?"),
        # Title Case reads as a heading at any length; short words may stay lower case.
        ("**Data is Cheap, Time is Expensive**", "Data is Cheap, Time is Expensive"),
        (
            "**Profiling and Performance Tuning with Real Data**",
            "Profiling and Performance Tuning with Real Data",
        ),
        ("**Key finding: caffeine reduced sleep:**", "Key finding: caffeine reduced sleep"),
    ],
)
def test_a_line_of_one_short_bold_span_is_a_heading(line: str, heading: str) -> None:
    assert bold_heading(line) == heading


@pytest.mark.parametrize(
    "line",
    [
        "**Note.** The data were collected in 2019.",  # a lead-in, then prose
        "**Box 1** summarises the practices.",
        "**Always back up your raw data.**",  # a bold sentence
        "**It works!**",
        "**Why?!**",  # an exclamation
        "**Does it?.**",
        "**Why does this matter to every analysis that we run each day?**",  # eleven words
        # A bold statement is a finding, not a heading (QA): a verb's sign, or too long.
        "**Key finding: caffeine reduced sleep in every single participant**",
        "**Evening coffee reduces sleep by 40 minutes**",
        "**Caffeine reduced sleep**",
        # A numbered box whose title states a finding, a number, a longer plain phrase (QA).
        "**Box 2: Caffeine reduced sleep in the trial**",
        "**Box 1: caffeine doubled anxiety in every participant**",
        "**Sleep fell 40%**",
        "**Caffeine cut sleep by half**",
        "**No effect of caffeine on memory**",
        "**Coffee is bad for sleep**",
        "**a** and **b**",  # two spans
        "*Abstract*",  # italic only
        "**One two three four five six seven eight nine ten eleven**",
        "    **Abstract**",  # indented code
        "- **Abstract**",  # a list item
        "**unclosed",
        "** **",
    ],
)
def test_anything_else_is_no_heading(line: str) -> None:
    assert bold_heading(line) is None
