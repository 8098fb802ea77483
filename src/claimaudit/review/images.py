"""Where a Markdown image stands in its paragraph, so the draft reader can read it as one unit.

markdown-it's inline tokens carry no positions, so its image rule is wrapped to record, on each
image token, the span of the whole image (``![alt](src)``, ``![alt][ref]``) and of its alt text
in the inline text. The reader keeps the alt text and drops the syntax around it: a standalone
image's alt text is a caption that may cite, an inline image reads as its words, and neither
splits a sentence at its ``!`` nor leaves ``](fig.png)`` behind.
"""

from __future__ import annotations

from dataclasses import dataclass

from markdown_it import MarkdownIt
from markdown_it.rules_inline import StateInline
from markdown_it.rules_inline import image as image_rule
from markdown_it.token import Token

_SPAN = "claimaudit_image_span"  # the meta key of an image token's (start, alt end, end)


@dataclass(frozen=True)
class ImageSpan:
    """``[start, end)`` of the image in the inline text, and ``[alt_start, alt_end)`` of its
    alt text."""

    start: int
    alt_start: int
    alt_end: int
    end: int


def _spanned_image(state: StateInline, silent: bool) -> bool:
    start = state.pos
    if not image_rule(state, silent):
        return False
    if not silent:
        token = state.tokens[-1]
        token.meta[_SPAN] = ImageSpan(start, start + 2, start + 2 + len(token.content), state.pos)
    return True


def track_image_spans(md: MarkdownIt) -> None:
    """Make ``md``'s image tokens carry their spans (``image_spans``)."""
    md.inline.ruler.at("image", _spanned_image)


def image_spans(children: list[Token]) -> list[ImageSpan]:
    """The spans of the images among an inline's tokens (not those nested in alt text)."""
    return [c.meta[_SPAN] for c in children if c.type == "image" and _SPAN in c.meta]
