"""Where a Markdown text's definition lists lie: each description's line, its term's line, and
the term as the label that opens the description."""

from __future__ import annotations

from claimaudit.library.markdown.definitions import Definition, definitions


def test_each_description_is_found_with_its_term_and_their_lines() -> None:
    lines = [
        "Some prose first.",
        "",
        "**Branches**",
        "",
        ":   A branch is a parallel universe.",
        "",
        "Build Tools",
        ":   Make reruns what changed.",
        "~   Scripts rerun everything.",
        "",
        "- A list item",
        "",
        "  Nested term?",
        "",
        "  :   Its description.",
    ]
    assert definitions(lines) == [
        Definition(term_line=2, description_line=4, label="Branches:"),
        Definition(term_line=6, description_line=7, label="Build Tools:"),
        Definition(term_line=6, description_line=8, label="Build Tools:"),
        Definition(term_line=12, description_line=14, label="Nested term?"),
    ]


def test_lines_that_are_no_definition_list_give_none() -> None:
    assert definitions(["A paragraph", "of two lines.", "", ": a lone colon line"]) == []
    # A pipe table's last row over ": caption" (Pandoc's table caption) is no term.
    assert definitions(["| a | b |", "|---|---|", "| 1 | 2 |", "", ": The caption."]) == []


def test_a_block_too_long_for_a_definition_list_is_not_parsed() -> None:
    # Hostile input: a run of 4,000 description lines under one term (no blank line, so one
    # block of 24,000 characters) is read as plain lines rather than parsed whole.
    assert definitions(["Term", *[":   x"] * 4000]) == []
    assert len(definitions(["Term", *[":   x"] * 40])) == 40
