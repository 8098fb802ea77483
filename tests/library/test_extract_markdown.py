"""Markdown that is not prose (scripts, style sheets, code, tables) never reaches a passage,
and headings and breaks read as a reader sees them."""

from __future__ import annotations

from claimaudit.library.extract_markdown import markdown_blocks


def _texts(markdown: str) -> list[tuple[str | None, str]]:
    return [(b.section, b.text) for b in markdown_blocks(markdown)]


def test_script_and_style_contents_are_dropped() -> None:
    markdown = (
        "# Results\n\nFirst paragraph.\n"
        '<script type="text/javascript">\nvar secret = "do not store";\n</script>\n'
        "<style>\n.x { color: red; }\n</style>\nNext paragraph here.\n"
    )
    assert _texts(markdown) == [
        ("Results", "First paragraph."),
        ("Results", "Next paragraph here."),
    ]
