"""The prose of a Markdown report, with every character traced back to its place in the file.

markdown-it (CommonMark, plus tables, YAML front matter and footnotes) finds the paragraphs;
headings, code, HTML, tables and front matter are not prose. A footnote's paragraphs (a
``[^label]:`` definition's, or a Pandoc inline note's ``^[...]``, which is cut out of the
paragraph holding it) are kept apart, per note, in ``Document.notes``; each prose paragraph
knows where the markers of its notes stand (``Block.notes``). An image reads as its alt text
(``images``): a standalone one's is a caption, whose cited sentences are claims; so is a Pandoc
table caption (a paragraph opening with "Table:" or ":" just before or after a table), read
without that opening. An HTML comment (``<!-- ... -->``), a block of its own or inside a
paragraph, over one line or several, is no part of the text; other raw HTML's tags
(``html_tags``) are not either, but the text between them is (a ``<div class="note">`` wrapping
a cited sentence is the author's prose), and nor are Pandoc's attribute blocks and fenced divs'
fences (``pandoc_attributes``).
Paragraphs under a "References" (or "Bibliography", ...) heading are reference entries, not claims;
so are those after a paragraph that is nothing but such a title (a plain-text draft's
"References" line, "**References**"), up to the next heading.
A paragraph's text is its lines with block prefixes ("> ", list indentation) removed, joined by
newlines; ``Block.offsets`` maps each of its characters to the report, so positions stay exact.
The notes claimaudit added to an annotated copy (``own_notes``) are no notes of the draft: they
are not read, and their markers place nothing.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from markdown_it import MarkdownIt
from markdown_it.token import Token
from mdit_py_plugins.footnote import footnote_plugin
from mdit_py_plugins.front_matter import front_matter_plugin

from claimaudit.errors import DraftError
from claimaudit.review.comments import COMMENT_BLOCK, COMMENT_INLINE, track_comments
from claimaudit.review.footnotes import (
    AFTER_WORD,
    inline_note_tokens,
    note_markers,
    track_note_markers,
)
from claimaudit.review.html_tags import raised_numbers, tag_spans
from claimaudit.review.images import image_spans, track_image_spans
from claimaudit.review.markdown_limits import limit_structure
from claimaudit.review.own_notes import is_own_label, is_separator
from claimaudit.review.pandoc_attributes import attribute_spans, fence_spans, span_brackets

BOM = "\ufeff"
# markdown-it's own line breaks (it normalises these to "\n" before parsing).
_LINE_BREAK = re.compile(r"\r\n?|\n")
_REFERENCE_HEADINGS = re.compile(
    r"^(references?|bibliography|works cited|literature cited|literature|reference list|"
    r"citations|sources|notes and references)$",
    re.IGNORECASE,
)
_HEADING_ATTRIBUTES = re.compile(r"(?<!\s)\s*\{[^{}]{0,500}\}\s*$")  # Pandoc's "References {#refs}"
_HEADING_NUMBER = re.compile(r"^\s*(?:\d+(?:\.\d+)*\.?|[IVXLC]+\.)\s+")
# What opens a Pandoc table caption ("Table: ...", "table: ...", ": ..."); Pandoc drops it.
_CAPTION_OPENING = re.compile(r"(?:[Tt]able:|:(?![^\w\s]))[ \t]*")
# What a paragraph alone says to head a reference list: only a title no prose label shares
# ("Sources" or "Literature" over a table would make the prose after it reference entries).
_REFERENCE_TITLES = re.compile(
    r"^(references?|bibliography|works cited|literature cited|reference list|"
    r"notes and references)$",
    re.IGNORECASE,
)
# The level of a reference list headed by a paragraph ("References" alone on its line): below
# every heading's, so any heading ends the list.
_PARAGRAPH_TITLE = 7
# markdown-it silently skips the rest of a document once blocks (quotes, lists) nest this
# deep; a draft that reaches it is refused instead. Each list level takes two.
MAX_NESTING = 40


def markdown_parser() -> MarkdownIt:
    """A new parser of the one Markdown syntax the review modules read (CommonMark, tables,
    YAML front matter, footnotes, HTML comments, the nesting limit), so they agree on what is a
    paragraph. Raw HTML other than comments is text (``html`` off: a renderer shows it as text,
    and an HTML block's words stay in paragraphs; the reader drops the tags, ``html_tags``);
    comments are parsed, as ``comment_block``/``comment_inline`` tokens that render as nothing."""
    md = (
        MarkdownIt("commonmark", {"html": False, "maxNesting": MAX_NESTING})
        .enable("table")
        .use(front_matter_plugin)
        .use(footnote_plugin)
    )
    track_note_markers(md)
    track_image_spans(md)
    track_comments(md)
    return md


@cache
def markdown() -> MarkdownIt:
    """The shared parser, for parsing only (a renderer with rules of its own makes its own):
    a draft past ``markdown_limits`` is refused before its inline text is parsed."""
    md = markdown_parser()
    limit_structure(md)
    return md


@cache
def markdown_blocks() -> MarkdownIt:
    """``markdown()`` without its inline phase: the blocks (front matter, fences, nesting) of
    a draft, at a fraction of the cost of a whole parse."""
    md = markdown_parser()
    limit_structure(md)
    return md.disable("inline")


def check_draft(report: str) -> None:
    """DraftError for a draft the parser cannot read whole (``parse_document`` would refuse
    it), found from its blocks alone: nothing is parsed twice in full."""
    _refuse_deep(markdown_blocks().parse(report.removeprefix(BOM)))


def _refuse_deep(tokens: list[Token]) -> None:
    deepest = next((t for t in tokens if t.level >= MAX_NESTING - 1), None)
    if deepest is not None:
        line = f" (line {deepest.map[0] + 1})" if deepest.map else ""
        raise DraftError(
            f"the draft nests lists or quotes too deeply{line}: over {MAX_NESTING} block "
            "levels, each list counting two; the parser would skip the rest of it"
        )


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


@dataclass(frozen=True)
class Document:
    prose: list[Block]
    references: list[Block]
    has_references_section: bool
    line_starts: tuple[int, ...]
    # Link reference definitions ("[1]: https://..."), by markdown-it's normalised label:
    # "[text][1]" and "[1]" are links to them, not numbered citations.
    links: Mapping[str, Any] = field(default_factory=dict)
    # Each footnote's paragraphs by note id, and where (in the report) its first marker ends.
    notes: Mapping[int, tuple[Block, ...]] = field(default_factory=dict)
    anchors: Mapping[int, int] = field(default_factory=dict)

    def line_column(self, offset: int) -> tuple[int, int]:
        """1-based line and column of a report offset."""
        line = bisect.bisect_right(self.line_starts, offset) - 1
        return line + 1, offset - self.line_starts[line] + 1


class _Lines:
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


def _without_comments(inline: Token) -> str:
    text, position = [], 0
    for start, end in _comments(inline.children or []):
        text.append(inline.content[position:start])
        position = end
    return "".join(text) + inline.content[position:]


class _NoteParts:
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


def _located(lines: _Lines, inline: Token) -> tuple[str, list[int]] | None:
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


def _block(
    text: str,
    offsets: list[int],
    children: list[Token],
    number: int | None,
    notes: _NoteParts,
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
            inner = _block(
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


def _item_number(written: str, previous: int | None) -> int | None:
    """An ordered list item's number: as written, unless that is no more than the number
    before it (``previous``; 0 before the first), where it is the next one, as the list shows
    it: "1. 1. 1.", Markdown's way of letting the renderer number, reads 1, 2, 3. None for a
    bullet list's item."""
    if previous is None or not written.isdigit():
        return None
    number = int(written)
    return number if number > previous else previous + 1


def _heading_title(text: str) -> str:
    text = _HEADING_ATTRIBUTES.sub("", text)
    return _HEADING_NUMBER.sub("", text).strip().rstrip(":").strip()


def _is_table_caption(tokens: list[Token], index: int) -> bool:
    """Whether the paragraph of inline ``tokens[index]`` stands just before or after a table,
    where Pandoc reads it as the table's caption when it opens with "Table:" or ":"."""
    before = tokens[index - 2] if index >= 2 else None
    after = tokens[index + 2] if index + 2 < len(tokens) else None
    return (before is not None and before.type == "table_close") or (
        after is not None and after.type == "table_open"
    )


def _own_notes(tokens: list[Token]) -> frozenset[int]:
    """The ids of the notes claimaudit added (``own_notes``): labelled as it labels them and
    defined after its separator comment."""
    separator = next(
        (t.map[0] for t in tokens if t.type == COMMENT_BLOCK and t.map and is_separator(t.content)),
        None,
    )
    if separator is None:
        return frozenset()
    own: set[int] = set()
    for index, token in enumerate(tokens):
        if token.type != "footnote_open" or not is_own_label(token.meta.get("label") or ""):
            continue
        first = next((t for t in tokens[index + 1 :] if t.map is not None), None)
        if first is not None and first.map is not None and first.map[0] > separator:
            own.add(int(token.meta["id"]))
    return frozenset(own)


def parse_document(report: str) -> Document:
    env: dict[str, Any] = {}
    # Parsed without a BOM, which would make a first-line heading a paragraph; the tokens' line
    # numbers hold, and positions are found in ``report`` itself (see _Lines), BOM and all.
    tokens = markdown().parse(report.removeprefix(BOM), env)
    _refuse_deep(tokens)
    lines = _Lines(report)
    prose: list[Block] = []
    references: list[Block] = []
    references_level: int | None = None
    seen_references = False
    note: int | None = None  # the footnote being read
    notes = _NoteParts(env, _own_notes(tokens))
    items: list[int | None] = []
    lists: list[int | None] = []  # each open list's last item number (None: a bullet list)
    for index, token in enumerate(tokens):
        if token.type == "heading_open":
            level = int(token.tag[1:])
            title = _heading_title(_without_comments(tokens[index + 1]))
            if references_level is not None and level <= references_level:
                references_level = None
            if _REFERENCE_HEADINGS.match(title):
                references_level, seen_references = level, True
        elif token.type == "footnote_open":
            note = int(token.meta["id"])
        elif token.type == "footnote_close":
            note = None
        elif token.type in ("ordered_list_open", "bullet_list_open"):
            lists.append(0 if token.type == "ordered_list_open" else None)
        elif token.type in ("ordered_list_close", "bullet_list_close"):
            lists.pop()
        elif token.type == "list_item_open":
            number = _item_number(token.info, lists[-1] if lists else None)
            if lists and lists[-1] is not None and number is not None:
                lists[-1] = number
            items.append(number)
        elif token.type == "list_item_close":
            items.pop()
        elif token.type == "inline" and index and tokens[index - 1].type == "paragraph_open":
            # An inline note's paragraph (no place of its own) was read with its marker's.
            located = _located(lines, token)
            if located is None:
                continue
            number = next((n for n in reversed(items) if n is not None), None)
            in_note = note is not None
            caption = _is_table_caption(tokens, index)
            block = _block(
                *located, token.children or [], None if in_note else number, notes, caption
            )
            if block is None:
                continue
            title = _heading_title(block.text.strip("*_ \t"))
            if note is None and not items and _REFERENCE_TITLES.match(title):
                # A plain-text draft's "References" line, or a Markdown one's "**References**"
                # paragraph, heads the reference list as a heading would; the next heading
                # of any level ends it.
                references_level, seen_references = _PARAGRAPH_TITLE, True
                continue
            if note is not None:
                if note not in notes.own:
                    notes.add(note, block)
            else:
                (references if references_level is not None else prose).append(block)
        elif token.type == "inline":
            # A heading or a table cell is no prose, but its markers still place their notes,
            # and an inline note in it is read.
            located = _located(lines, token)
            if located is not None:
                _block(*located, token.children or [], None, notes)
    links = dict(env.get("references") or {})
    return Document(
        prose,
        references,
        seen_references,
        tuple(lines.columns),
        links,
        notes={n: tuple(blocks) for n, blocks in notes.blocks.items()},
        anchors=notes.anchors,
    )
