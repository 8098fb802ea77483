"""The prose of a Markdown report, with every character traced back to its place in the file.

markdown-it (CommonMark, plus tables, YAML front matter and footnotes) finds the paragraphs;
headings, code, HTML, tables, front matter and footnote definitions are not prose. Paragraphs
under a "References" (or "Bibliography", ...) heading are reference entries, not claims.
A paragraph's text is its lines with block prefixes ("> ", list indentation) removed, joined by
newlines; ``Block.offsets`` maps each of its characters to the report, so positions stay exact.
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
# markdown-it silently skips the rest of a document once blocks (quotes, lists) nest this
# deep; a draft that reaches it is refused instead. Each list level takes two.
MAX_NESTING = 40


def markdown_parser() -> MarkdownIt:
    """A new parser of the one Markdown syntax the review modules read (CommonMark, tables,
    YAML front matter, footnotes, the nesting limit), so they agree on what is a paragraph."""
    return (
        MarkdownIt("commonmark", {"html": False, "maxNesting": MAX_NESTING})
        .enable("table")
        .use(front_matter_plugin)
        .use(footnote_plugin)
    )


@cache
def markdown() -> MarkdownIt:
    """The shared parser, for parsing only (a renderer with rules of its own makes its own)."""
    return markdown_parser()


@dataclass(frozen=True)
class Block:
    """A paragraph: its text and, per character, the offset in the report (plus one end entry)."""

    text: str
    offsets: tuple[int, ...]
    number: int | None = None  # the ordered-list number of a reference entry

    def span(self, start: int, end: int) -> tuple[int, int]:
        """The report's [start, end) for the block's text[start:end] (end > start)."""
        return self.offsets[start], self.offsets[end - 1] + 1


@dataclass(frozen=True)
class Document:
    prose: list[Block]
    references: list[Block]
    has_references_section: bool
    line_starts: tuple[int, ...]
    # Link reference definitions ("[1]: https://..."), by markdown-it's normalised label:
    # "[text][1]" and "[1]" are links to them, not numbered citations.
    links: Mapping[str, Any] = field(default_factory=dict)

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


def _paragraph(lines: _Lines, inline: Token, number: int | None) -> Block | None:
    if inline.map is None or not inline.content.strip():
        return None
    first = inline.map[0]
    parts = inline.content.split("\n")
    text_parts: list[str] = []
    offsets: list[int] = []
    for i, part in enumerate(parts):
        located = lines.locate(first + i, part)
        if i:
            # The joining newline sits where the previous line ended.
            text_parts.append("\n")
            offsets.append(offsets[-1] + 1 if offsets else located[0])
        text_parts.append(part)
        offsets.extend(located)
    text = "".join(text_parts)
    if text.startswith(BOM) and offsets and offsets[0] == 0:
        # A UTF-8 BOM read as text is no part of the first sentence; its offset is skipped,
        # so positions (and the annotated copy, which keeps it) stay exact.
        text, offsets = text[1:], offsets[1:]
    if not offsets or not text.strip():
        return None
    offsets.append(offsets[-1] + 1)
    return Block(text, tuple(offsets), number)


def _heading_title(text: str) -> str:
    text = _HEADING_ATTRIBUTES.sub("", text)
    return _HEADING_NUMBER.sub("", text).strip().rstrip(":").strip()


def parse_document(report: str) -> Document:
    env: dict[str, Any] = {}
    tokens = markdown().parse(report, env)
    deepest = next((t for t in tokens if t.level >= MAX_NESTING - 1), None)
    if deepest is not None:
        line = f" (line {deepest.map[0] + 1})" if deepest.map else ""
        raise DraftError(
            f"the draft nests lists or quotes too deeply{line}: over {MAX_NESTING} block "
            "levels, each list counting two; the parser would skip the rest of it"
        )
    lines = _Lines(report)
    prose: list[Block] = []
    references: list[Block] = []
    references_level: int | None = None
    seen_references = False
    footnote_depth = 0
    items: list[int | None] = []
    for index, token in enumerate(tokens):
        if token.type == "heading_open":
            level = int(token.tag[1:])
            title = _heading_title(tokens[index + 1].content)
            if references_level is not None and level <= references_level:
                references_level = None
            if _REFERENCE_HEADINGS.match(title):
                references_level, seen_references = level, True
        elif token.type == "footnote_open":
            footnote_depth += 1
        elif token.type == "footnote_close":
            footnote_depth -= 1
        elif token.type == "list_item_open":
            items.append(int(token.info) if token.info.isdigit() else None)
        elif token.type == "list_item_close":
            items.pop()
        elif token.type == "inline" and index and tokens[index - 1].type == "paragraph_open":
            if footnote_depth:
                continue
            number = next((n for n in reversed(items) if n is not None), None)
            block = _paragraph(lines, token, number)
            if block is None:
                continue
            (references if references_level is not None else prose).append(block)
    links = dict(env.get("references") or {})
    return Document(prose, references, seen_references, tuple(lines.columns), links)
