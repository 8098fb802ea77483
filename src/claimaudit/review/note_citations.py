"""What a Markdown draft's footnotes cite, and which of their sentences are claims.

Pandoc users often cite in notes. A note is read in one of these ways:

- **citations only** (``[^1]: See [@smith2020].``, ``^[Cf. @smith2020, p. 4.]``): with its
  citations removed, only punctuation, numbers, pointer words ("see also", "cf.", "p.") and the
  cited works' authors' names ("Smith (2020) [@smith2020]") are left. Its citations go to the
  sentence carrying its marker; it is no sentence of its own.
- **a note-style reference** (``[^3]: Smith J. 2020. Title. doi:10.1/x``): it cites no key or
  number, and holds a DOI or arXiv id or a year. It is no prose (its pieces would be claims
  like "Smith J. 2020."); its DOI or arXiv id, if any, goes to the sentence carrying its marker.
- **no prose**: a note holding only a web address or inline code (``[^4]: `https://x.org/```).
- **prose**: its sentences are read as the body's are (cited ones are claims, others uncited).
  One of them that holds only citations gives them to the sentence before it in the note, or,
  the first, to the sentence carrying the note's marker: it is never a claim of ".".
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from claimaudit.review.citations import Citation, CitationStyle
from claimaudit.review.document import Block, Document
from claimaudit.review.sentences import Sentence, sentences_with_notes

# Words a citation-only note may hold around its citations: pointers ("see also", "cf.",
# "e.g.", "compare"), locators ("p. 4", "ch. 2", "fig. 3"), and the glue between them.
POINTER_WORDS = frozenset(
    """
    see also cf compare e g eg i ie for example instance esp especially and or nor but a an the
    in on of by from to with at as via after following here there therein thereof above below
    further more other others among many e al et seq sqq ff f ibid idem id op cit loc passim
    p pp page pages ch chap chapter chapters sec sect section sections fig figs figure figures
    tab tabl table tables eq eqs equation vol vols no nos n nn note notes para paras l ll line
    lines appendix app suppl supplement supplementary s references reference refs ref review
    reviews reviewed discussion discussed details detail summary summarised summarized original
    source sources quoted cited adapted similarly likewise recent recently earlier work works
    """.split()
)
_WORD = re.compile(r"[^\W\d_]+")
# A web address or inline code is no prose either: a note holding only a link is no sentence.
_ADDRESS_OR_CODE = re.compile(r"`+[^`]*`+|<?\b(?:https?://|www\.)[^\s<>]*>?")
# A lowercase Roman numeral, as front-matter page numbers are written ("p. xiv").
_ROMAN = re.compile(r"(?=[mdclxvi])m{0,4}(?:cm|cd|d?c{0,3})(?:xc|xl|l?x{0,3})(?:ix|iv|v?i{0,3})")
_YEAR = re.compile(r"\b(?:1[5-9]|20)\d\d[a-z]?\b")

Cite = Callable[[str], list[Citation]]
Authors = Callable[[Citation], Iterable[str]]  # the family names of the work a citation names


def only_citations(
    text: str, citations: Sequence[Citation], authors: Authors = lambda _: ()
) -> bool:
    """Whether ``text`` says nothing but its citations: with them (and web addresses and inline
    code) removed, only punctuation, numbers (pages, years), Roman numerals, pointer words
    (``POINTER_WORDS``) and the cited works' ``authors`` are left."""
    names = {w for c in citations for name in authors(c) for w in _WORD.findall(name.lower())}
    kept: list[str] = []
    position = 0
    for start, end in sorted({c.group for c in citations}):
        if start >= position:
            kept.append(text[position:start])
        position = max(position, end)
    kept.append(text[position:])
    words = _WORD.findall(_ADDRESS_OR_CODE.sub(" ", "".join(kept)).lower())
    return all(w in POINTER_WORDS or w in names or _ROMAN.fullmatch(w) for w in words)


@dataclass
class NoteSentence:
    """A sentence of a prose note."""

    sentence: Sentence
    note: int  # the note it is in
    carried: tuple[int, ...]  # the notes whose markers it carries (a note inside a note)
    citations: tuple[Citation, ...]  # its own
    passed: list[Citation] = field(default_factory=list)  # from citation-only ones after it


@dataclass(frozen=True)
class Notes:
    """Per note id, the citations its markers' sentences get; and the prose notes' sentences."""

    given: Mapping[int, tuple[Citation, ...]]
    sentences: tuple[NoteSentence, ...]


def _reads_as_reference(blocks: Sequence[Block], citations: Sequence[Citation]) -> bool:
    if any(c.style is not CitationStyle.IDENTIFIER for c in citations):
        return False
    return bool(citations) or any(_YEAR.search(block.text) for block in blocks)


def read_notes(document: Document, cite: Cite, authors: Authors = lambda _: ()) -> Notes:
    """The draft's notes, read as the module says; ``cite`` finds a sentence's citations,
    ``authors`` names the authors of the work a citation names."""
    given: dict[int, tuple[Citation, ...]] = {}
    prose: list[NoteSentence] = []
    for note, blocks in document.notes.items():
        found = [
            (s, carried, cite(s.text)) for s, carried in sentences_with_notes(document, blocks)
        ]
        every = [c for _, _, citations in found for c in citations]
        if _reads_as_reference(blocks, every):
            given[note] = tuple(every)
            continue
        to_marker: list[Citation] = []
        sentences: list[NoteSentence] = []
        for sentence, carried, citations in found:
            if not carried and only_citations(sentence.text, citations, authors):
                (sentences[-1].passed if sentences else to_marker).extend(citations)
            else:
                sentences.append(NoteSentence(sentence, note, carried, tuple(citations)))
        given[note] = tuple(to_marker)
        prose += sentences
    return Notes(given, tuple(prose))
