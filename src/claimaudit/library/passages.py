"""Passages are the paper's paragraphs: one per block, split only between sentences when long.

A paragraph over the size limit is cut at sentence boundaries (Wikimedia's ``sentencex``, which
keeps "e.g.", "et al." and "Fig. 2" inside a sentence); only a single sentence four times
longer than the limit (a run-on list) is cut between words. A text fragment that ends
mid-sentence (the words before a displayed formula) is joined to the paragraph after it, past
the caption of a float set in the middle of the sentence.
Captions, footnotes, tables and list items stay passages of their own, but for an item of a
few words that only names the list nested in it, which reads with that list's first item. Such
a name differs in form from the items around it: a flat list of short items is one passage per
item.
Each passage keeps its block's section, and the pages its own words are on (a PDF's
paragraph says where each page's words begin).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from claimaudit.library.models import TextBlock
from claimaudit.passage import Passage, passage_id
from claimaudit.text.plain import normalise, pack
from claimaudit.text.segmenter import sentence_spans

PageStarts = tuple[tuple[int, int], ...]

TARGET_CHARS = 1200
_LONGEST_SENTENCE = 4
# A list's name: a few plain words ("Keeping Track of Changes"), no address, number or mark.
_LABEL_WORDS = 4
_LABEL_WORD = re.compile(r"[^\W\d_][^\W\d_'\-]*|&")
_SENTENCE_END = re.compile(r"[.!?:;\u2026][\"'\u201d\u2019)\]]*$")


def make_passages(blocks: Iterable[TextBlock], target: int = TARGET_CHARS) -> list[Passage]:
    """Number the paragraphs ``P001``, ``P002``... in document order (see the module doc)."""
    sized: list[TextBlock] = []
    for block in blocks:
        text = normalise(block.text)
        host = len(sized) - 1
        if block.kind == "text":
            # A float set in the middle of a sentence ("A kernel of value [figure] slides
            # across ..."): the sentence carries on past its caption and footnotes.
            while host >= 0 and sized[host].kind in ("caption", "footnote"):
                host -= 1
        # A new paragraph of the source never carries on the one before it (but may carry on
        # a sentence past a float set between, which Markdown sets apart by blank lines).
        fresh = block.new_paragraph and host == len(sized) - 1
        last = sized[host] if host >= 0 and text and not fresh else None
        before = sized[host - 1] if host >= 1 else None
        if (
            last is not None
            and _runs_on(before, last, TextBlock(text, block.section, kind=block.kind))
            and last.section == block.section
            and not _SENTENCE_END.search(last.text)
            and len(last.text) <= target  # not a run-on list (a long author list)
        ):
            # One paragraph, cut again between its sentences as one.
            sized[host : host + 1] = _pieces(_joined(last, block, text), target)
        else:
            sized.extend(_pieces(TextBlock(text, *_rest(block)), target))
    return [
        Passage(passage_id=passage_id(i), text=b.text, section=b.section, pages=b.pages)
        for i, b in enumerate(sized)
    ]


def _runs_on(before: TextBlock | None, last: TextBlock, block: TextBlock) -> bool:
    """Whether ``block`` carries on ``last`` (which ends mid-sentence): text after a text
    fragment, or the first item of a list after an item that only names it ("Software", then
    "Place a brief explanatory comment ..."), as every format prints such a nested list.

    The name is told from an item of a flat list of short items ("Python", "NumPy") by its
    neighbours: the item after it is no such name, nor is the item ``before`` it."""
    if last.kind == block.kind == "text":
        return True
    after_a_short_item = (
        before is not None
        and before.kind == "list"
        and before.section == last.section
        and _names_a_list(before)
    )
    return (
        last.kind == block.kind == "list"
        and _names_a_list(last)
        and not _names_a_list(block)
        and not after_a_short_item
    )


def _names_a_list(item: TextBlock) -> bool:
    words = item.text.split()
    return len(words) <= _LABEL_WORDS and all(_LABEL_WORD.fullmatch(word) for word in words)


def _span(a: tuple[int, int] | None, b: tuple[int, int] | None) -> tuple[int, int] | None:
    if a is None or b is None:
        return a or b
    return (min(a[0], b[0]), max(a[1], b[1]))


def _rest(block: TextBlock) -> tuple[str | None, tuple[int, int] | None, str, PageStarts]:
    return block.section, block.pages, block.kind, block.page_starts


def _joined(last: TextBlock, block: TextBlock, text: str) -> TextBlock:
    """``last`` carried on by ``block`` (whose text, normalised, is ``text``), in one block
    that knows where each page's words begin when both do."""
    starts: PageStarts = ()
    if last.pages and block.pages and _pages_known(last) and _pages_known(block):
        before = len(last.text.split())
        turn = _page_at(last.pages, last.page_starts, before) != block.pages[0]
        starts = (
            *last.page_starts,
            *(((before, block.pages[0]),) if turn else ()),
            *((at + before, page) for at, page in block.page_starts),
        )
    pages = _span(last.pages, block.pages)
    return TextBlock(f"{last.text} {text}", last.section, pages, last.kind, starts)


def _pieces(block: TextBlock, target: int) -> list[TextBlock]:
    """``block`` cut between sentences, each piece with the pages its own words are on."""
    pieces = split_paragraph(block.text, target)
    if len(pieces) < 2 or block.pages is None or not block.page_starts:
        return [TextBlock(piece, *_rest(block)) for piece in pieces]
    out: list[TextBlock] = []
    start = 0
    for piece in pieces:
        end = start + len(piece.split())
        inside = tuple((at - start, page) for at, page in block.page_starts if start < at < end)
        on = [_page_at(block.pages, block.page_starts, start), *(page for _, page in inside)]
        out.append(TextBlock(piece, block.section, (min(on), max(on)), block.kind, inside))
        start = end
    return out


def _pages_known(block: TextBlock) -> bool:
    """Whether the block says which of its pages each word is on (one page, or page starts)."""
    pages = block.pages
    return pages is not None and (pages[0] == pages[1] or bool(block.page_starts))


def _page_at(pages: tuple[int, int], starts: PageStarts, word: int) -> int:
    """The page the ``word``-th word (0 the first) of a block on ``pages`` is on."""
    page = pages[0]
    for at, turn in starts:
        if at <= word:
            page = turn
    return page


def split_paragraph(text: str, target: int) -> list[str]:
    """``text`` whole when it fits, else pieces of whole sentences of at most ``target``
    characters (a longer sentence is a piece of its own)."""
    if not text:
        return []
    if len(text) <= target:
        return [text]
    return pack(_sentences(text, target), target)


def _sentences(text: str, limit: int) -> Iterator[str]:
    for start, end in sentence_spans(text):
        sentence = text[start:end].strip()
        # One sentence is kept whole up to a few times the limit (a list of names); only a
        # longer one is cut between words.
        while len(sentence) > _LONGEST_SENTENCE * limit:
            cut = sentence.rfind(" ", 0, limit)
            cut = cut if cut > limit // 2 else limit
            yield sentence[:cut].strip()
            sentence = sentence[cut:].strip()
        if sentence:
            yield sentence


def one_per_item(texts: Iterable[str], section: str | None = None) -> list[Passage]:
    """One passage per given text, unsized: for corpora whose sentence numbering must hold
    (SciFact evidence indices refer to sentence ``i`` as passage ``P{i+1}``)."""
    return [
        Passage(passage_id=passage_id(i), text=normalise(t), section=section)
        for i, t in enumerate(texts)
    ]
