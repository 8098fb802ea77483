"""From a PDF's lines in reading order to the paper's blocks: paragraphs with their pages and
section, captions and footnotes apart; the title and authors from the first page's type.

Paragraphs come from layout: a new one starts after a wider vertical gap, at an indented
first line, at a list label, or where the type changes. A paragraph broken by a column or page
end, a float or a displayed formula is joined again. Headings are short lines in larger or
bold type, or in italics or centred at the text's size on a line of their own; what follows
a References heading is left out, as are tables of contents, code listings and the stray labels
of drawings.

Here: the steps in order, and what no paragraph's kind decides (tables of contents, a
drawing's labels, the front matter before the first heading, a list item's label). Each
paragraph's kind is ``pdf_kinds``'s; sections and joined paragraphs are ``pdf_continuations``'s.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass

from claimaudit.library.pdf.continuations import join_continuations
from claimaudit.library.pdf.drawn_titles import drop_drawn_titles
from claimaudit.library.pdf.front import clean_authors, reads_as_prose, title_and_authors
from claimaudit.library.pdf.kinds import RawBlock, classify, hang_captions, subcaptions
from claimaudit.library.pdf.layout import Line
from claimaudit.library.pdf.paragraphs import pitches, split_lines
from claimaudit.library.pdf.patterns import BULLETS, CITATION_TAGS, WORD
from claimaudit.library.pdf.words import join_lines, vocabulary

# The label a list item's passage drops, as the LaTeX and Markdown sources never print it: a
# bullet or dash, or an enumerator ("1.", "(a)", "b)", "iv."); "A." may begin a name, so stays.
_ITEM_LABEL = re.compile(
    rf"^(?:[{BULLETS}]\s*|[\u2013\u2014*-]\s+|\(?(?:\d{{1,2}}|[a-z]|[ivx]{{1,4}})[.)]\s+|\(?[A-Z]\)\s+)"
)
_KEYWORDS = re.compile(r"^(?:key\s?words|index terms)\s*[:.\u2014-]", re.IGNORECASE)
_CONTENTS = re.compile(r"^(?:table of contents|contents|list of (?:figures|tables))$", re.I)
_LEADER = re.compile(r"(?:\.\s?){4,}\s*\d+\s*$")
_LEADER_TAIL = 120
# A paragraph before the first heading this long, in sentences, is text, not front matter.
_OPENING_WORDS = 20
# Shorter, it is text when it is whole sentences with no number or address in them (an
# epigraph, "All models are wrong, but some are useful."), which no affiliation, date or
# e-mail line is; and the short line after it, without them either, is its attribution.
# It opens with a letter or a quotation mark: an author note opens with its mark ("‡ These
# authors contributed equally to this work.").
_SENTENCE_WORDS = 6
_SENTENCE_START = re.compile("^(?:[^\\W\\d_]|[\"'\u2018\u201c])")
_SENTENCE_END = re.compile(r"[.!?][\"'\u2019\u201d)]?$")
_NUMBER_OR_ADDRESS = re.compile(r"\d|@|/|\w\.\w{2}")
_ATTRIBUTION_WORDS = 6


@dataclass
class PdfBlock:
    text: str
    kind: str  # "text", "list", "caption", "footnote"
    section: str | None
    first_page: int
    last_page: int
    # (words before it, page) for each page the paragraph goes on to (``TextBlock``'s).
    page_starts: tuple[tuple[int, int], ...] = ()


@dataclass
class PdfLayout:
    blocks: list[PdfBlock]
    title: str | None
    authors: str | None


def build_blocks(lines: list[Line], hyphenated: bool = True) -> PdfLayout:
    """The page lines as paragraphs, captions, lists and footnotes, with the title and the
    authors; ``hyphenated``: whether the typesetter broke words at line ends
    (``pdf_words.breaks_words``)."""
    if not lines:
        return PdfLayout([], None, None)
    body = _body_size(lines)
    pitch = pitches(lines)
    lines = [line for line in _without_contents(lines) if not _is_drawing_label(line, body)]
    title_lines, author_lines = title_and_authors(lines, body)
    # The title's words are the paper's too: "Workflows for ..." over "work-" "flow".
    known = vocabulary(lines)
    taken = {id(line) for line in (*title_lines, *author_lines)}
    lines = [line for line in lines if id(line) not in taken]
    raw = classify([RawBlock(group) for group in split_lines(lines, pitch)], body, pitch)
    raw = hang_captions(drop_drawn_titles(subcaptions(raw)))
    raw = _drop_front_matter(raw)
    blocks = list(_assemble(join_continuations(raw), known, hyphenated))
    title = join_lines(title_lines, known, hyphenated) if title_lines else None
    authors = clean_authors(join_lines(author_lines, known, hyphenated)) if author_lines else None
    return PdfLayout(blocks, title, authors)


def _body_size(lines: list[Line]) -> float:
    weights: Counter[float] = Counter()
    for line in lines:
        weights[round(line.size, 1)] += len(line.text)
    return weights.most_common(1)[0][0]


def _without_contents(lines: list[Line]) -> Iterator[Line]:
    """Lines less tables of contents: a Contents heading and what follows on its page, and
    any line ending in a dot leader and a page number."""
    skip_page: int | None = None
    for line in lines:
        if _CONTENTS.match(line.text.strip()):
            skip_page = line.page
        # A leader ends its line: its tail is enough, and a hostile line stays cheap.
        if line.page == skip_page or _LEADER.search(line.text[-_LEADER_TAIL:]):
            continue
        yield line


def _is_drawing_label(line: Line, body: float) -> bool:
    """Tiny type with no word in it: the numbers and letters of a figure's drawing."""
    return line.size <= 0.7 * body and not WORD.search(line.text)


def _drop_front_matter(blocks: list[RawBlock]) -> list[RawBlock]:
    """Affiliations, addresses and dates before the first heading of the opening pages, and
    keyword lines. A paragraph of prose there is the paper's opening text (an abstract set
    without a heading, or a printed page's first paragraphs under its title) and stays."""
    blocks = [b for b in blocks if not _KEYWORDS.match(b.lines[0].text.strip())]
    for index, block in enumerate(blocks):
        if block.kind == "heading":
            if block.lines[0].page > 3:
                return blocks
            return _opening_text(blocks[:index]) + blocks[index:]
    return blocks


def _opening_text(blocks: list[RawBlock]) -> list[RawBlock]:
    """The blocks before the first heading that are the paper's text: paragraphs of prose,
    and an epigraph with its attribution."""
    kept: list[RawBlock] = []
    quote: RawBlock | None = None  # the block just before, when it is a short sentence kept
    for block in blocks:
        text = " ".join(line.text for line in block.lines).strip()
        words = len(text.split())
        if block.kind != "text":
            quote = None
        elif words >= _OPENING_WORDS:
            if reads_as_prose(text):
                kept.append(block)
            quote = None
        elif _sentences(text, words):
            kept.append(block)
            quote = block
        else:
            if quote is not None and _attribution(text, words, block, quote):
                kept.append(block)
            quote = None
    return kept


def _sentences(text: str, words: int) -> bool:
    return (
        words >= _SENTENCE_WORDS
        and _SENTENCE_START.match(text) is not None
        and _SENTENCE_END.search(text) is not None
        and not _NUMBER_OR_ADDRESS.search(text)
        and reads_as_prose(text)
    )


def _attribution(text: str, words: int, block: RawBlock, quote: RawBlock) -> bool:
    """Whether ``block`` is the name under the short quotation before it, on its page."""
    return (
        words <= _ATTRIBUTION_WORDS
        and block.lines[0].page == quote.lines[-1].page
        and not _NUMBER_OR_ADDRESS.search(text)
    )


def _assemble(blocks: list[RawBlock], vocabulary: set[str], hyphenated: bool) -> Iterator[PdfBlock]:
    for block in blocks:
        lines = [line for part in block.parts for line in part]
        text = _read(lines, block.kind, vocabulary, hyphenated)
        if text:
            # Each page's words come after those of the lines before it, read as the whole is.
            starts = tuple(
                (len(_read(lines[:at], block.kind, vocabulary, hyphenated).split()), lines[at].page)
                for at in range(1, len(lines))
                if lines[at].page != lines[at - 1].page
            )
            yield PdfBlock(
                text,
                block.kind,
                block.section,
                lines[0].page,
                max(line.page for line in lines),
                starts,
            )


def _read(lines: list[Line], kind: str, vocabulary: set[str], hyphenated: bool) -> str:
    text = CITATION_TAGS.sub("", join_lines(lines, vocabulary, hyphenated))
    return _ITEM_LABEL.sub("", text, count=1) if kind == "list" else text
