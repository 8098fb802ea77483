"""Markdown papers, Manubot style: headings become sections, markup and templating go away.

Dropped: YAML front matter, HTML comments, Jinja2 templating (Manubot's front-matter
templates), ``<script>`` and ``<style>`` elements, fenced and indented code, images (a
figure's caption is kept: ``markdown_figures``), link/reference definition lines and HTML tags.
Kept: the words, with link text in place of links. Citations are markup too: Pandoc and
Manubot keys (``[@doi:10.1/x]``, ``[see @smith2020, p. 3]``, ``@arxiv:1907.10121`` in the text)
and ``<sup>`` marks are dropped, as the LaTeX extraction drops citation commands; so are
pandoc-crossref references (``Figure @fig:overview`` reads "Figure").

Here: the lines read into sections and paragraphs (lists, footnotes, captions, tables, boxes),
the title, and the files (one, or a Manubot manuscript's). What is removed before the lines
are read is ``markdown_clean``'s; a line's markup read as text is ``markdown_inline``'s; the
title block under the title (names, affiliations, addresses) is ``markdown_front``'s; whether a
line is a bold heading (``**Abstract**``) is ``markdown_headings``'s; where a definition list's
terms and descriptions lie is ``markdown_definitions``'s; where a figure lies and its caption,
``markdown_figures``'s; the YAML front matter's title and authors, ``markdown_metadata``'s;
where a footnote goes (after the paragraph citing it), ``markdown_notes``'s.
"""

from __future__ import annotations

import functools
import itertools
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from claimaudit.errors import InputError
from claimaudit.guards.filenames import shown_name
from claimaudit.library.extract_text import SourceHasher, confined, decode_text, read_bytes
from claimaudit.library.markdown.clean import FOOTNOTE_DEF, ITEM, clean
from claimaudit.library.markdown.definitions import DESCRIPTION_MARKER, Definition, definitions
from claimaudit.library.markdown.figures import figures
from claimaudit.library.markdown.front import title_block
from claimaudit.library.markdown.headings import bold_heading, reads_as_heading
from claimaudit.library.markdown.inline import (
    IMAGE,
    after_removed,
    inline_text,
    paragraph_text,
    unescape,
)
from claimaudit.library.markdown.metadata import front_matter, yaml_authors, yaml_title
from claimaudit.library.markdown.notes import (
    FOOTNOTE_REF,
    NOTE_LABEL,
    Entry,
    place_notes,
    take_inline_notes,
)
from claimaudit.library.models import ExtractedDocument, TextBlock
from claimaudit.library.reference_headings import is_references_heading

# A heading's closing "#"s and blanks are stripped after the match (``_title``): a lazy title
# before them re-read a long run of blanks from every place in it.
_HEADING = re.compile(r"^(#{1,6})[ \t]+(.*)$")
# A setext heading's underline: the paragraph lines above it are the heading ("Methods" over
# "-------"); a rule after a blank line is a thematic break, not a heading.
_SETEXT = re.compile(r"^ {0,3}(?:=+|-+)[ \t]*$")
_HEADING_ATTRS = re.compile(r"(?<!\s)\s*\{[^{}]{0,500}\}\s*$")
# A box's own heading: a quoted line that is one bold phrase ("> **What Not To Do**") over
# quoted text. Read as text it would open the box's paragraph ("What Not To Do We recommend
# against..."); it is the box's section, and the section before it comes back where the quote
# ends. A quoted bold statement alone is text.
_BOX_HEADING = re.compile(r"^\s*>[\s>]*(\*\*|__)([^*_\n]{1,80})\1\s*$")
_QUOTED = re.compile(r"^\s*>")
# The leading blanks are read once (possessive): a line of blanks is not read again from each.
# So are the blanks after a tag and a table rule's characters, which the closing "\s*" would
# otherwise share with them in every split ("|---" and 20,000 blanks took 8 s).
_DROP_LINE = re.compile(
    r"^\s*+(?:"
    r"!\[[^\]]*\]\([^)]*\)(?:\{[^}]*\})?"  # an image on its own line
    r"|\[(?!\^)[^\]]+\]:\s*\S.*"  # a reference definition: [@tag:x]: url
    r"|(?:<[^>]+>\s*+)+"  # only HTML tags (<div id="refs"></div>)
    r"|(?=[^\n]*---)[\s:|-]++"  # a table rule |---|:--| (found first, then read once)
    r"|\{#[^{}]*\}"  # attributes on a line of their own ({#tbl:glossary})
    r")\s*$"
)
# The line after a bold line is read for a bold heading twice (``_heads_a_paragraph``, then in
# its turn): markdown-it's parse is the dearest step of the line reader.
_bold_heading = functools.lru_cache(maxsize=8)(bold_heading)
# A table's caption in Pandoc ("Table: Glossary.", or ": Glossary." after the table): a caption
# passage, as a PDF prints it apart from the paragraph after it.
_TABLE_CAPTION = re.compile(r"^\s*Table:\s+")
_AFTER_TABLE_CAPTION = re.compile(r"^\s*:\s+")
# A pipe table: its rule ("|---|:--:|", at least one "|"), the header line above the rule, and
# the lines with a "|" below it. Its cells are no prose (the LaTeX and PDF readers leave tables
# out too): the rows are left out and end the paragraphs on either side.
# Its blanks are possessive: around an optional "|" they were tried in every split, cubic in a
# line of blanks with a "|" (5,000 blanks: 1.6 s).
_TABLE_RULE = re.compile(r"^\s*+\|?\s*+:?-+:?\s*+(?:\|\s*+:?-+:?\s*+)*\|?\s*+$")
# A definition list's ":" before a description: the bold line over it is a term, not a heading.
_DEFINITION = re.compile(r"^ {0,3}:\s")
# A quote mark, a list marker, or a definition list's ":" before its description.
_LINE_PREFIX = re.compile(r"^\s*(?:>\s*)*(?:[-*+]\s+|\d+[.)]\s+|:\s+)?")
# A lettered item of a list nested in an item ("1. Data handling" over "    a. Never delete
# ..."), as Pandoc reads it: indented, a lowercase letter with "." or ")" or in brackets. Only
# under a list item, so that a wrapped line opening "e. g." elsewhere stays text.
_LETTER_ITEM = re.compile(r"^(?:[ \t]{2,})(?:[a-z][.)]|\([a-z]\))[ \t]+(?=\S)")
# A figure whose caption runs over several lines: "![Caption ..." opens it and
# "](images/x.svg){#fig:x}" closes it. The caption is a passage; the file name is not text.
_IMAGE_OPEN = re.compile(r"^\s*!\[")
_IMAGE_CLOSE = re.compile(r"^\s*\]\([^()\s]*\)(?:\{[^{}]*\})?\s*$")
# Manubot's template files carry build metadata, not the paper's text.
_TEMPLATE_FILES = ("front-matter", "back-matter")


@dataclass(frozen=True)
class _Tables:
    """Where ``lines`` hold pipe tables: the rows of each table with a body (read as a block of
    their own), its last row, the rule lines, and the rows of header-only tables (left out)."""

    body: frozenset[int]
    last: frozenset[int]
    rules: frozenset[int]
    header_only: frozenset[int]


def _tables(lines: Sequence[str]) -> _Tables:
    body: set[int] = set()
    last: set[int] = set()
    rules: set[int] = set()
    header_only: set[int] = set()
    for index, line in enumerate(lines):
        if index in body or "|" not in line or not _TABLE_RULE.match(line):
            continue
        start = (
            index - 1 if index and "|" in lines[index - 1] and lines[index - 1].strip() else index
        )
        end = index + 1
        while end < len(lines) and "|" in lines[end]:
            end += 1
        rules.add(index)
        rows = set(range(start, end))
        if end == index + 1:
            header_only |= rows  # column names over no row: nothing to read
        else:
            body |= rows
            last.add(end - 1)
    return _Tables(frozenset(body), frozenset(last), frozenset(rules), frozenset(header_only))


def _title(heading: re.Match[str]) -> str:
    return heading.group(2).rstrip(" \t#")


def markdown_blocks(text: str, section: str | None = None) -> list[TextBlock]:
    entries: list[Entry] = []  # blocks, the notes they cite, each note's blocks by label
    lines: list[str] = []
    cites: list[str] = []  # the notes the block being read cites
    in_references = False
    outside: list[str | None] = []  # the section a box's heading stands in for
    # "list", "footnote", "caption" or "table" from such a block's first line to its end
    kind = "text"
    new_paragraph = False  # whether the block being read opens after a blank line
    after_table = False  # only blank lines since a table's last row
    note: str | None = None  # the label of the footnote last defined
    note_goes_on = False  # no line since it starts at the margin: it may go on, indented

    def flush() -> None:
        nonlocal kind
        if lines:
            text = paragraph_text(lines)
            if text:
                block = TextBlock(text, section, kind=kind, new_paragraph=new_paragraph)
                label = note if kind == "footnote" else None
                entries.append(Entry(block, label, tuple(cites), dropped=in_references))
            lines.clear()
        cites.clear()
        kind = "text"

    cleaned_text, inline_notes = take_inline_notes(clean(text))
    cleaned = cleaned_text.split("\n")
    front = title_block(cleaned)
    cleaned[front.start : front.end] = [""] * (front.end - front.start)  # names, no evidence
    tables = _tables(cleaned)
    listed = [d for d in definitions(cleaned) if _a_term(cleaned[d.term_line], d, tables)]
    terms = {d.term_line for d in listed}
    labels = {d.description_line: d.label for d in listed}
    found_figures = figures(cleaned, skip=tables.body | tables.header_only)
    figure_end = 0  # the line after the figure being read
    for index, raw in enumerate(cleaned):
        if index < figure_end:
            continue  # an image's lines: its caption is read
        if raw[:1].strip():
            note_goes_on = False  # a line at the margin ends a footnote (but for a new one)
        # A table is a block of its own, never glued to the prose around it; its cells stay
        # readable (a glossary defines terms a claim may cite), a header over no row does not.
        if index - 1 in tables.last or (index in tables.body and index - 1 not in tables.body):
            flush()
        if index in tables.header_only:
            flush()
            after_table = True
            continue
        if index in tables.rules:
            continue  # "|---|---|" between the column names and the rows
        if index in tables.last:
            after_table = True
        table_caption = after_table and index not in tables.body and _AFTER_TABLE_CAPTION.match(raw)
        after_table = after_table and (index in tables.body or not raw.strip())
        if outside and raw.strip() and not _QUOTED.match(raw):
            flush()
            section = outside.pop()
        if index in terms:
            flush()  # read into its descriptions ("Branches: A branch is ...")
            continue
        figure = found_figures.get(index)
        if figure is not None:
            flush()
            if figure.caption:
                kind = "caption"
                lines.append(figure.caption)
                flush()
            figure_end = figure.end
            continue
        heading = _HEADING.match(raw)
        setext = lines and kind == "text" and _SETEXT.match(raw)
        if heading or setext:
            title = _title(heading) if heading else unescape(" ".join(lines))
            if setext:
                lines.clear()  # a setext heading's own lines, its title now
            # An ATX heading may follow a paragraph's last line with no blank line between
            # (CommonMark's headings interrupt paragraphs): that paragraph is kept, under the
            # section it was written in, not cleared with a setext heading's lines.
            flush()
            outside.clear()
            section = inline_text(_HEADING_ATTRS.sub("", title)) or section
            in_references = bool(section and is_references_heading(section))
            continue
        # A paragraph of one short bold span ("**Abstract**") over text is a heading too.
        bold = _bold_heading(raw) if not lines and index not in tables.body else None
        if bold and _heads_a_paragraph(cleaned, index):
            flush()
            outside.clear()
            section = bold
            in_references = is_references_heading(section)
            continue
        box = _BOX_HEADING.match(raw)
        box_title = inline_text(box.group(2)) if box else ""
        if box_title and reads_as_heading(box_title) and _opens_box(cleaned, index):
            flush()
            if not outside:
                outside.append(section)
            section = box_title
            continue
        if not raw.strip():
            flush()
            continue
        if _IMAGE_CLOSE.match(raw):
            flush()
            continue
        if index in labels:
            flush()
            kind = "list"  # a definition list's item, as a bulleted one is
            lines.append(labels[index])
            raw = DESCRIPTION_MARKER.sub("", raw, count=1)
        elif _IMAGE_OPEN.match(raw) and not IMAGE.search(raw):
            flush()
            kind = "caption"
            raw = _IMAGE_OPEN.sub("", raw, count=1)
        elif _TABLE_CAPTION.match(raw) or table_caption:
            flush()
            kind = "caption"
            raw = _HEADING_ATTRS.sub("", _TABLE_CAPTION.sub("", raw, count=1))
        elif _LETTER_ITEM.match(raw) and (
            kind == "list" or (not lines and entries and entries[-1].block.kind == "list")
        ):
            flush()
            kind = "list"
            raw = _LETTER_ITEM.sub("", raw, count=1)  # its label, as a numbered item's
        elif ITEM.match(raw):
            flush()
            kind = "list"
        elif FOOTNOTE_DEF.match(raw):
            flush()
            kind = "footnote"
            note = defined.group(1) if (defined := NOTE_LABEL.match(raw)) else None
            note_goes_on = True
            raw = FOOTNOTE_DEF.sub("", raw, count=1)
        elif kind == "footnote" and not raw[:1].isspace():
            flush()  # a footnote's text goes on only on lines indented under it
        elif note_goes_on and not lines and raw.startswith(("    ", "\t")):
            kind = "footnote"  # the footnote's next paragraph, indented under it
        if _DROP_LINE.match(raw):
            continue
        unprefixed = _LINE_PREFIX.sub("", raw, count=1)
        line = inline_text(unprefixed)
        # A citation dropped at a line's start leaves its punctuation to the line before.
        glued = bool(lines) and after_removed(line, unprefixed)
        if any(c.isalnum() for c in line):
            if not lines:
                new_paragraph = index > 0 and not cleaned[index - 1].strip()
            if index in tables.body:
                kind = "table"  # never carries on the text around it, past a caption neither
            _add_line(lines, line, glued)
            cites.extend(FOOTNOTE_REF.findall(raw))
        elif lines and 0 < len(line) <= 3:
            # The full stop after a citation dropped at a line's start ("(DeepCNFs)\n[@doi:...]."
            # ends the sentence); a block of bare commas a removed template left (": , .") is not
            # text.
            _add_line(lines, line, glued)
            cites.extend(FOOTNOTE_REF.findall(raw))
    flush()
    for inline, note_text in inline_notes.items():
        if written := paragraph_text([inline_text(note_text)]):
            # Placed after the paragraph that holds it; left out with it (in the references).
            block = TextBlock(written, section, kind="footnote")
            entries.append(Entry(block, inline, dropped=True))
    return place_notes(entries)


def _add_line(lines: list[str], line: str, glued: bool) -> None:
    if glued:
        lines[-1] += line
    else:
        lines.append(line)


def _a_term(line: str, definition: Definition, tables: _Tables) -> bool:
    """Whether the line a definition's term is on reads as no other markup: a table's row or
    caption (Pandoc's "Table: ..." over ": ..." is a caption, then a paragraph), a footnote or
    a figure."""
    return not (
        definition.term_line in tables.body
        or definition.term_line in tables.header_only
        or _TABLE_CAPTION.match(line)
        or _AFTER_TABLE_CAPTION.match(line)
        or FOOTNOTE_DEF.match(line)
        or _IMAGE_OPEN.match(line)
        or _DROP_LINE.match(line)
    )


def _heads_a_paragraph(lines: Sequence[str], index: int) -> bool:
    """Whether line ``index`` is a paragraph of its own (a blank line after it) over a
    paragraph of text: not the last line, not over another heading, no definition list's term
    (a description under it). Otherwise its words are text, not a section's name."""
    after = lines[index + 1 : index + 2]
    if not after or after[0].strip():
        return False
    following = next((i for i in range(index + 1, len(lines)) if lines[i].strip()), None)
    if following is None:
        return False
    line = lines[following]
    underline = lines[following + 1] if following + 1 < len(lines) else ""
    return not (
        _DEFINITION.match(line)
        or _HEADING.match(line)
        or _SETEXT.match(underline)
        or _bold_heading(line)
        or _DROP_LINE.match(line)  # a tag, an image or a link definition: no text under it
        or not any(c.isalnum() for c in line)
    )


def _opens_box(lines: Sequence[str], index: int) -> bool:
    """Whether quoted line ``index`` is a box's title: quoted text, not another title, follows
    it in the same quote ("> **What Not To Do**", ">", "> We recommend ...")."""
    for line in itertools.islice(lines, index + 1, None):
        if not _QUOTED.match(line):
            return False
        if any(c.isalnum() for c in _LINE_PREFIX.sub("", line, count=1)):
            return not _BOX_HEADING.match(line)
    return False


def title_from(text: str) -> str | None:
    """The YAML ``title:`` if there is one, else the first level-1 heading (``#`` or ``===``)."""
    block = front_matter(text)
    if block is not None and (title := yaml_title(block)):
        return title
    previous = ""
    for line in clean(text).split("\n"):
        heading = _HEADING.match(line)
        if heading and len(heading.group(1)) == 1:
            return inline_text(_HEADING_ATTRS.sub("", _title(heading))) or None
        if previous.strip() and line.strip().startswith("=") and _SETEXT.match(line):
            return inline_text(previous) or None
        previous = line
    return None


def extract_markdown(path: Path) -> ExtractedDocument:
    return extract_markdown_files([path], title_source=None, root=path.parent)


def manubot_files(content: Path) -> list[Path]:
    """Manubot's own rule: ``content/[0-9]*.md`` in name order, less its template files."""
    files = sorted(p for p in content.glob("[0-9]*.md") if p.is_file())
    return [p for p in files if not any(t in p.name for t in _TEMPLATE_FILES)]


def extract_manubot(content: Path, *, root: Path | None = None) -> ExtractedDocument:
    """A Manubot manuscript's ``content`` folder; every file read must lie inside ``root``
    (default: ``content``) once symlinks are resolved."""
    files = manubot_files(content)
    if not files:
        raise InputError(
            f"{shown_name(content)}: no numbered Markdown files (Manubot content/NN.name.md)"
        )
    metadata = content / "metadata.yaml"
    confined([*files, metadata] if metadata.is_file() else files, root or content)
    return extract_markdown_files(
        files, title_source=metadata if metadata.is_file() else None, root=content
    )


def extract_markdown_files(
    files: Sequence[Path], *, title_source: Path | None, root: Path
) -> ExtractedDocument:
    hasher = SourceHasher()
    blocks: list[TextBlock] = []
    title: str | None = None
    authors: str | None = None
    single = len(files) == 1
    for path in files:
        data = read_bytes(path)
        hasher.add("" if single else path.relative_to(root).as_posix(), data)
        text = decode_text(path, data)
        title = title or title_from(text)
        block = front_matter(text)
        authors = (
            authors
            or (yaml_authors(block) if block is not None else None)
            or title_block(clean(text).split("\n")).authors
        )
        # A file that starts without a heading continues the previous file's section.
        blocks.extend(markdown_blocks(text, blocks[-1].section if blocks else None))
    if title_source is not None:
        data = read_bytes(title_source)
        hasher.add(title_source.name, data)
        metadata = decode_text(title_source, data)
        title = yaml_title(metadata) or title
        authors = yaml_authors(metadata) or authors
    if not blocks:
        raise InputError(f"{shown_name(files[0])}: no text found in the Markdown")
    return ExtractedDocument(
        blocks,
        hasher.hexdigest(),
        hasher.size,
        title=title,
        authors=authors,
        source_format="markdown",
    )
