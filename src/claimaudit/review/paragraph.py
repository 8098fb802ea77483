"""A Markdown paragraph's text, each character traced back to its place in the report
(``Block``): its lines found in the report (``Lines``), less its comments, raw HTML tags,
Pandoc's attributes, an image's syntax and its inline notes, which become paragraphs of their
own (``NoteParts``)."""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass
from typing import Any

from markdown_it.token import Token

from claimaudit.review.comments import COMMENT_INLINE
from claimaudit.review.footnotes import AFTER_WORD, inline_note_tokens, note_markers
from claimaudit.review.html_tags import raised_numbers, tag_spans
from claimaudit.review.images import image_spans
from claimaudit.review.markdown_parser import BOM
from claimaudit.review.pandoc_attributes import attribute_spans, fence_spans, span_brackets

# markdown-it's own line breaks (it normalises these to "\n" before parsing).
_LINE_BREAK = re.compile(r"\r\n?|\n")
# What opens a Pandoc table caption ("Table: ...", "table: ...", ": ..."); Pandoc drops it.
_CAPTION_OPENING = re.compile(r"(?:[Tt]able:|:(?![^\w\s]))[ \t]*")


@dataclass(frozen=True)
class Block:
    """A paragraph: its text and, per character, the offset in the report (plus one end entry)."""

    text: str
    offsets: tuple[int, ...]
    number: int | None = None  # the ordered-list number of a reference entry
    # (index in ``text``, note id) of each footnote marker: where "[^1]" starts, or where an
    # inline note "^[...]" (no part of ``text``) stood.
    notes: tuple[tuple[int, int], ...] = ()
    # (start, end) of each image's alt text in ``text`` (its "![" and "](src)" are not), and
    # where the image ends in the report.
    images: tuple[tuple[int, int, int], ...] = ()

    def span(self, start: int, end: int) -> tuple[int, int]:
        """The report's [start, end) for the block's text[start:end] (end > start); a text
        ending in an image's alt text ends with the image, so no marker goes inside it."""
        last = self.offsets[end - 1] + 1
        for alt_start, alt_end, image_end in self.images:
            if alt_start < end <= alt_end:
                last = max(last, image_end)
        return self.offsets[start], last


class Lines:
    """The report's lines, where each starts, to find a paragraph's lines in."""

    def __init__(self, report: str) -> None:
        # NUL becomes U+FFFD in markdown-it too; one character for one, so offsets hold.
        text = report.replace("\x00", "\ufffd")
        starts = [0]
        self.texts: list[str] = []
        for match in _LINE_BREAK.finditer(text):
            self.texts.append(text[starts[-1] : match.start()])
            starts.append(match.end())
        self.texts.append(text[starts[-1] :])
        self.starts = starts
        # Columns count from after a BOM, as an editor shows the first line.
        self.columns = [1 if text.startswith(BOM) else 0, *starts[1:]]

    def locate(self, line: int, content: str) -> list[int]:
        """Offsets of ``content`` (a paragraph line, prefixes removed) within report line
        ``line``; a line markdown-it rewrote (tabs expanded) maps to its best match."""
        source = self.texts[line] if line < len(self.texts) else ""
        base = self.starts[min(line, len(self.starts) - 1)]
        body = content.lstrip()
        lead = len(content) - len(body)
        column = source.rfind(body) if body else len(source)
        if column < 0:
            column = min(len(source), len(source) - len(source.lstrip()))
            return [base + min(column + i, len(source)) for i in range(len(content))]
        return [base + column] * lead + [base + column + i for i in range(len(body))]


def _comments(children: list[Token]) -> list[tuple[int, int]]:
    """Where the HTML comments of an inline's tokens (a link's text included) lie in its text."""
    return [c.meta["span"] for c in children if c.type == COMMENT_INLINE]


def without_comments(inline: Token) -> str:
    text, position = [], 0
    for start, end in _comments(inline.children or []):
        text.append(inline.content[position:start])
        position = end
    return "".join(text) + inline.content[position:]


class NoteParts:
    """The notes' paragraphs and anchors, gathered as the parse is read."""

    def __init__(self, env: Any, own: frozenset[int]) -> None:
        self.env = env
        self.own = own  # claimaudit's own notes (``own_notes``), never read
        self.blocks: dict[int, list[Block]] = {}
        self.anchors: dict[int, int] = {}

    def add(self, note: int, block: Block) -> None:
        self.blocks.setdefault(note, []).append(block)

    def marker(self, note: int, end: int) -> None:
        self.anchors[note] = min(end, self.anchors.get(note, end))


def inline_offsets(lines: Lines, inline: Token) -> tuple[str, list[int]] | None:
    """A paragraph's inline text, each character with its offset in the report."""
    if inline.map is None or not inline.content.strip():
        return None
    first = inline.map[0]
    text_parts: list[str] = []
    offsets: list[int] = []
    for i, part in enumerate(inline.content.split("\n")):
        located = lines.locate(first + i, part)
        if i:
            # The joining newline sits where the previous line ended.
            text_parts.append("\n")
            offsets.append(offsets[-1] + 1 if offsets else located[0])
        text_parts.append(part)
        offsets.extend(located)
    return "".join(text_parts), offsets  # the inline content itself


def _without_tags(text: str, hidden: list[bool]) -> str:
    """``text`` with its raw HTML tags (``html_tags``) marked ``hidden``, those in what is
    hidden already aside; a tag between two words ("a<br>b") leaves a space, so they stay
    apart; a superscript of numbers reads as raised digits (``raised_numbers``)."""
    tags = tag_spans(text)
    chars = raised_numbers(text, hidden, tags)
    for start, end in tags:
        if any(hidden[start:end]):
            continue
        hidden[start:end] = [True] * (end - start)
        between_words = start > 0 and end < len(text)
        if between_words and not (text[start - 1].isspace() or text[end].isspace()):
            hidden[start] = False
            chars[start] = " "
    return "".join(chars)


def _hide_blanks_before_cuts(text: str, hidden: list[bool], cuts: list[int]) -> None:
    """Hide the blanks before each inline note cut out of ``text`` (``cuts``: where each
    ended) where a stop, another blank or the end follows what is left: "in depth ^[...]."
    reads "in depth.", not "in depth ."; blanks elsewhere are kept."""
    if not cuts:
        return
    visible = [i for i, h in enumerate(hidden) if not h]
    for end in cuts:
        k = bisect.bisect_left(visible, end)
        after = text[visible[k]] if k < len(visible) else ""
        if after and not after.isspace() and after not in AFTER_WORD:
            continue
        # Blanks hidden already (by a note just before) stop the walk: each is hidden once.
        k -= 1
        while k >= 0 and text[visible[k]].isspace() and not hidden[visible[k]]:
            hidden[visible[k]] = True
            k -= 1


def paragraph_block(
    text: str,
    offsets: list[int],
    children: list[Token],
    number: int | None,
    notes: NoteParts,
    caption: bool = False,
) -> Block | None:
    """The paragraph of ``text`` (an inline's content, ``children`` its tokens) less its
    comments and inline notes, which go to ``notes`` as paragraphs of their own; a table's
    ``caption`` less its opening "Table:"."""
    hidden = [False] * len(text)
    opening = _CAPTION_OPENING.match(text) if caption else None
    if opening is not None:
        hidden[: opening.end()] = [True] * opening.end()
    for start, end in _comments(children):
        # A comment is no part of the text; the characters around it keep their offsets.
        hidden[start:end] = [True] * (end - start)
    # Pandoc's attribute blocks and div fences are syntax, no words (``pandoc_attributes``).
    attributes = dict(attribute_spans(text))
    for start, end in [*attributes.items(), *fence_spans(text)]:
        hidden[start:end] = [True] * (end - start)
    for bracket in span_brackets(text, attributes):
        hidden[bracket] = True
    images = image_spans(children)
    for image in images:
        # An image reads as its alt text: "![" and "](src)" are no words, nor sentence ends.
        hidden[image.start : image.alt_start] = [True] * (image.alt_start - image.start)
        hidden[image.alt_end : image.end] = [True] * (image.end - image.alt_end)
    # An image ends after its attributes ("![a](f.png){#fig:one}"): a marker there keeps them.
    image_ends = [offsets[attributes.get(image.end, image.end) - 1] + 1 for image in images]
    markers: list[tuple[int, int]] = []
    cuts: list[int] = []
    for start, end, note, inline in note_markers(children):
        if note in notes.own:
            continue
        notes.marker(note, offsets[end - 1] + 1)
        markers.append((start, note))
        if inline:
            hidden[start:end] = [True] * (end - start)
            cuts.append(end)
            tokens = inline_note_tokens(notes.env, note)
            inner = paragraph_block(
                text[start + 2 : end - 1], offsets[start + 2 : end - 1], tokens, None, notes
            )
            if inner is not None:
                notes.add(note, inner)
    text = _without_tags(text, hidden)
    _hide_blanks_before_cuts(text, hidden, cuts)
    visible_before = [0]
    for h in hidden:
        visible_before.append(visible_before[-1] + (not h))
    if any(hidden):
        text = "".join(c for c, h in zip(text, hidden, strict=True) if not h)
        offsets = [o for o, h in zip(offsets, hidden, strict=True) if not h]
    skipped = 0
    if text.startswith(BOM) and offsets and offsets[0] == 0:
        # A UTF-8 BOM read as text is no part of the first sentence; its offset is skipped,
        # so positions (and the annotated copy, which keeps it) stay exact.
        text, offsets, skipped = text[1:], offsets[1:], 1
    if not offsets or not text.strip():
        return None
    offsets.append(offsets[-1] + 1)
    placed = tuple((max(visible_before[start] - skipped, 0), note) for start, note in markers)
    alts = tuple(
        (visible_before[i.alt_start] - skipped, visible_before[i.alt_end] - skipped, end)
        for i, end in zip(images, image_ends, strict=True)
    )
    return Block(text, tuple(offsets), number, placed, alts)
