"""Raw HTML tags in a Markdown paragraph: found, outside code and escapes."""

from __future__ import annotations

from claimaudit.review.html_tags import tag_spans


def _tags(text: str) -> list[str]:
    return [text[start:end] for start, end in tag_spans(text)]


def test_open_and_close_tags_are_found() -> None:
    text = '<div class="note">\nSciPy <em>provides</em> sparse<br/>matrices.\n</div>'
    assert _tags(text) == ['<div class="note">', "<em>", "</em>", "<br/>", "</div>"]


def test_code_escapes_autolinks_and_comparisons_are_no_tags() -> None:
    text = "Use `<em>` or \\<b> here, see <https://x.org>, p < 0.05 and a<-b."
    assert _tags(text) == []
