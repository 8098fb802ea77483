"""Pandoc's inline notes taken out of their paragraph, and notes placed after the paragraph
that cites them."""

from __future__ import annotations

from claimaudit.library.markdown.notes import Entry, place_notes, take_inline_notes
from claimaudit.library.models import TextBlock


def test_an_inline_note_ends_at_its_own_bracket() -> None:
    text, notes = take_inline_notes("A claim^[See [the site](https://x.org) and [@key].] holds.")
    assert list(notes.values()) == ["See [the site](https://x.org) and [@key]."]
    [label] = notes
    assert text == f"A claim[^{label}] holds."


def test_what_only_looks_like_an_inline_note_is_left_as_it_is() -> None:
    for markdown in (
        "Code `x^[1]` and `y^[2]` stays code.",  # in a code span
        "An escaped \\^[not a note] mark.",
        "An unclosed ^[note\n\nends at the paragraph's end].",  # no note crosses a blank line
    ):
        assert take_inline_notes(markdown) == (markdown, {})


def test_a_note_follows_the_first_block_citing_it_in_that_blocks_section() -> None:
    note = TextBlock("The note.", "Appendix", kind="footnote")
    entries = [
        Entry(TextBlock("Cites it.", "Abstract"), cites=("1",)),
        Entry(TextBlock("Cites it again.", "Methods"), cites=("1",)),
        Entry(TextBlock("A reference.", "References"), dropped=True),
        Entry(note, note="1", dropped=True),
    ]
    assert place_notes(entries) == [
        TextBlock("Cites it.", "Abstract"),
        TextBlock("The note.", "Abstract", kind="footnote"),
        TextBlock("Cites it again.", "Methods"),
    ]
