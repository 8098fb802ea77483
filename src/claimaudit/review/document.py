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

The parser itself, and the refusal of a draft it cannot read whole, are ``markdown_parser``'s;
a paragraph's text and offsets, ``paragraph``'s; both are exported from here as before.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from markdown_it.token import Token

from claimaudit.review.comments import COMMENT_BLOCK
from claimaudit.review.markdown_parser import (
    BOM,
    MAX_NESTING,
    check_draft,
    markdown,
    markdown_blocks,
    markdown_parser,
    refuse_deep,
)
from claimaudit.review.own_notes import is_own_label, is_separator
from claimaudit.review.paragraph import (
    Block,
    Lines,
    NoteParts,
    inline_offsets,
    paragraph_block,
    without_comments,
)

# Each exported as before the parser and a paragraph's text moved to markdown_parser and
# paragraph.
__all__ = [
    "BOM",
    "MAX_NESTING",
    "Block",
    "Document",
    "check_draft",
    "markdown",
    "markdown_blocks",
    "markdown_parser",
    "parse_document",
]

_REFERENCE_HEADINGS = re.compile(
    r"^(references?|bibliography|works cited|literature cited|literature|reference list|"
    r"citations|sources|notes and references)$",
    re.IGNORECASE,
)
_HEADING_ATTRIBUTES = re.compile(r"(?<!\s)\s*\{[^{}]{0,500}\}\s*$")  # Pandoc's "References {#refs}"
_HEADING_NUMBER = re.compile(r"^\s*(?:\d+(?:\.\d+)*\.?|[IVXLC]+\.)\s+")
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
    # numbers hold, and positions are found in ``report`` itself (see ``Lines``), BOM and all.
    tokens = markdown().parse(report.removeprefix(BOM), env)
    refuse_deep(tokens)
    lines = Lines(report)
    prose: list[Block] = []
    references: list[Block] = []
    references_level: int | None = None
    seen_references = False
    note: int | None = None  # the footnote being read
    notes = NoteParts(env, _own_notes(tokens))
    items: list[int | None] = []
    lists: list[int | None] = []  # each open list's last item number (None: a bullet list)
    for index, token in enumerate(tokens):
        if token.type == "heading_open":
            level = int(token.tag[1:])
            title = _heading_title(without_comments(tokens[index + 1]))
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
            located = inline_offsets(lines, token)
            if located is None:
                continue
            number = next((n for n in reversed(items) if n is not None), None)
            in_note = note is not None
            caption = _is_table_caption(tokens, index)
            block = paragraph_block(
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
            located = inline_offsets(lines, token)
            if located is not None:
                paragraph_block(*located, token.children or [], None, notes)
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
