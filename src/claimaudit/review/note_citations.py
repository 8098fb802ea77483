"""What a Markdown draft's footnotes cite, and which of their sentences are claims.

Pandoc users often cite in notes. A note is read in one of these ways:

- **citations only** (``[^1]: See [@smith2020].``, ``^[Cf. @smith2020, p. 4.]``): with its
  citations removed, only punctuation, numbers, pointer words ("see also", "cf.", "p.") and the
  cited works' authors' names ("Smith (2020) [@smith2020]") are left (``citation_only``, the
  rule the body's sentences are read by too). Its citations go to the sentence carrying its
  marker; it is no sentence of its own.
- **a note-style reference** (``[^3]: Smith J. 2020. Title. doi:10.1/x``): it cites no key or
  number, holds a DOI or arXiv id or a year, and has a bibliography entry's shape
  (``note_reference``; "Evening coffee reduces sleep (doi:10.1/x)." is prose). It is no prose
  (its pieces would be claims like "Smith J. 2020."); its DOI or arXiv id, if any, goes to the
  sentence carrying its marker.
- **no prose**: a note holding only a web address or inline code (``[^4]: `https://x.org/```).
- **prose**: its sentences are read as the body's are (cited ones are claims, others uncited).
  One of them that holds only citations gives them to the sentence before it in the note, or,
  the first, to the sentence carrying the note's marker: it is never a claim of ".". The
  markers it carries (a note inside a note, ``[^b]: [@a][^c]``) go with its citations, so the
  notes they mark cite for that sentence too.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from claimaudit.review.citation_only import Authors, fold, only_citations
from claimaudit.review.citations import Citation, CitationStyle
from claimaudit.review.document import Block, Document
from claimaudit.review.footnotes import blank_markers
from claimaudit.review.note_reference import reads_as_reference
from claimaudit.review.sentences import Sentence, sentences_with_notes

_YEAR = re.compile(r"\b(?:1[5-9]|20)\d\d[a-z]?\b")

Cite = Callable[[str], list[Citation]]


@dataclass
class NoteSentence:
    """A sentence of a prose note."""

    sentence: Sentence
    note: int  # the note it is in
    carried: tuple[int, ...]  # the notes whose markers it carries (a note inside a note)
    citations: tuple[Citation, ...]  # its own
    passed: tuple[Citation, ...] = ()  # from citation-only ones after it


@dataclass(frozen=True)
class Notes:
    """Per note id, the citations its markers' sentences get; and the prose notes' sentences."""

    given: Mapping[int, tuple[Citation, ...]]
    sentences: tuple[NoteSentence, ...]
    # Per note id, the notes marked in its citation-only sentences, whose citations it passes on.
    relayed: Mapping[int, tuple[int, ...]] = field(default_factory=dict)

    def citations_for(self, note: int) -> list[Citation]:
        """What a sentence carrying ``note``'s marker is given: the note's citations and those of
        the notes it relays, each note once (notes may mark each other)."""
        found: list[Citation] = []
        seen: set[int] = set()
        pending = [note]
        while pending:
            current = pending.pop(0)
            if current in seen:
                continue
            seen.add(current)
            found += self.given.get(current, ())
            pending += self.relayed.get(current, ())
        return found


def _reads_as_reference(blocks: Sequence[Block], citations: Sequence[Citation]) -> bool:
    if any(c.style is not CitationStyle.IDENTIFIER for c in citations):
        return False
    text = "\n".join(block.text for block in blocks)
    return (bool(citations) or bool(_YEAR.search(text))) and reads_as_reference(text)


def read_notes(document: Document, cite: Cite, authors: Authors = lambda _: ()) -> Notes:
    """The draft's notes, read as the module says; ``cite`` finds a sentence's citations,
    ``authors`` names the authors of the work a citation names."""
    given: dict[int, tuple[Citation, ...]] = {}
    relayed: dict[int, tuple[int, ...]] = {}
    prose: list[NoteSentence] = []
    for note, blocks in document.notes.items():
        found = [
            (s, carried, cite(s.text)) for s, carried in sentences_with_notes(document, blocks)
        ]
        every = [c for _, _, citations in found for c in citations]
        if _reads_as_reference(blocks, every):
            given[note] = tuple(every)
            continue
        # One citing only (``citation_only``) gives its citations, and the notes it marks, to
        # the sentence before it, or, the first, to the sentence carrying the note's marker.
        folded = fold(found, lambda f: only_citations(blank_markers(f[0].text), f[2], authors))
        to_marker = [c for _, _, citations in folded.leading for c in citations]
        relayed[note] = tuple(n for _, carried, _ in folded.leading for n in carried)
        sentences = [
            NoteSentence(
                sentence,
                note,
                carried + tuple(n for _, passing, _ in after for n in passing),
                tuple(citations),
                tuple(c for _, _, cited in after for c in cited),
            )
            for (sentence, carried, citations), after in folded.kept
        ]
        given[note] = tuple(to_marker)
        prose += sentences
    return Notes(given, tuple(prose), relayed)
