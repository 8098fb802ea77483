"""A LaTeX draft's sentences, each with the citations it is checked against.

A citation command belongs to the sentence it is written in, or, placed after the full stop
(``works well.\\cite{x} Next``), to the sentence it follows. A sentence holding only citations
(``See also \\cite{b}.``, ``\\citet{b}.``) is no claim: as in Markdown (``citation_only``), its
citations go to the sentence before it in its paragraph (the first ones to the paragraph's
first sentence that says something). A footnote's citation-only sentences at its start (all of
them, for ``\\footnote{See \\cite{a}.}``) go to the sentence carrying its mark, as a Markdown
note's do.
"""

from __future__ import annotations

import bisect
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from claimaudit.review.citation_only import Authors, fold, only_citations
from claimaudit.review.citations import Citation, CitationStyle
from claimaudit.review.latex.cites import CitationCommand, CiteKind
from claimaudit.review.latex.draft import LatexDraft
from claimaudit.review.latex.ranges import between
from claimaudit.review.latex.text import LatexBlock
from claimaudit.review.sentences import Sentence, split_block


@dataclass(frozen=True)
class Read:
    """A sentence of a block: its own citations, its place in the block's text, and the
    footnotes whose marks it carries."""

    sentence: Sentence
    citations: list[Citation]
    bounds: tuple[int, int]
    carried: tuple[int, ...] = ()
    # Where in its text a citation printed nothing, and how many works it cites there: one
    # pair a command, so "\cite{a} \cite{b}" is two citations, as "[1] [2]" is, not one
    # group "\cite{a,b}", though the reader closed the gap between them.
    holes: tuple[tuple[int, int], ...] = ()


# A sentence with the citations given to it (by citation-only sentences after it, and by its
# marks' footnotes), or None: a citation-only one whose citations went to another sentence.
Placed = tuple[Read, list[Citation] | None]


def _citations(
    text: str, commands: list[tuple[int, CitationCommand]], order: Sequence[str]
) -> list[Citation]:
    """The citations of a sentence's ``commands``; a range's ("\\cite{a}--\\cite{c}") with the
    works between its ends that ``order`` (the ``thebibliography``'s keys) lists (``ranges``)."""
    found: list[Citation] = []
    middle = between(text, commands, order)[0] if len(commands) > 1 else {}
    for at, (position, command) in enumerate(commands):
        if not command.is_claim_citation:
            continue
        for key in (*middle.get(at, ()), *command.keys):
            found.append(
                Citation(CitationStyle.KEY, key, key, position, position, (position, position))
            )
    return found


def _works_at(
    commands: Sequence[tuple[int, CitationCommand]], position: int, printing_nothing: int
) -> list[int]:
    r"""How many works each of the ``printing_nothing`` citations at ``position`` cites: each
    command's own where all of them there print nothing ("\cite{a} \cite{b}", which the
    reader closed up), else how many they cite together, each once."""
    there = [command for at, command in commands if at == position]
    if len(there) == printing_nothing > 1:
        return [max(len(set(command.keys)), 1) for command in there]
    return [max(len({key for command in there for key in command.keys}), 1)]


def _owner(spans: list[tuple[int, int]], text: str, position: int, command: CitationCommand) -> int:
    """The sentence a citation belongs to: the last one starting at or before it, so one
    placed after a full stop goes with the sentence it follows ("works.\\footcite{x}").

    Removed, a citation written after a full stop and a space ("history. \\cite{x} Padding
    ...") sits exactly where the next sentence starts. It still belongs to the sentence before
    unless it is that sentence's subject: a textual citation prints its authors there, and a
    sentence going on in lower case ("\\cite{x} showed ...") began with the citation."""
    owner = max((i for i, (start, _) in enumerate(spans) if start <= position), default=0)
    if owner == 0 or spans[owner][0] != position or command.kind is CiteKind.TEXTUAL:
        return owner
    follows = text[position : position + 1]
    if command.kind is CiteKind.FOOTNOTE or not follows.islower():
        return owner - 1
    return owner


def _mark_owner(starts: list[int], position: int) -> int:
    """The sentence a footnote mark belongs to: the last one starting before it (a mark after a
    full stop and a space, where the next one starts, is the sentence's before it)."""
    return max(bisect.bisect_left(starts, position) - 1, 0)


def _read(draft: LatexDraft, block: LatexBlock) -> list[Read]:
    """The block's sentences (each numbered in the block: ``latex_claims`` numbers them)."""
    spans = split_block(block.text)
    if not spans:
        return []
    owned: list[list[tuple[int, CitationCommand]]] = [[] for _ in spans]
    for position, command in block.citations:
        owned[_owner(spans, block.text, position, command)].append((position, command))
    carried: list[list[int]] = [[] for _ in spans]
    starts = [start for start, _ in spans]
    for position, note in block.marks:
        carried[_mark_owner(starts, position)].append(note)
    made: list[Read] = []
    order = [item.key for item in draft.bibitems]
    for (start, end), commands, notes in zip(spans, owned, carried, strict=True):
        first = block.offsets[start]
        last = max([block.offsets[end - 1] + 1, *(c.end for _, c in commands)])
        line, column = draft.line_column(block.file, first)
        sentence = Sentence(len(made), first, last, line, column, block.text[start:end], block.file)
        # Its own citations' holes: one placed after the stop before it is that sentence's.
        own = {position for position, _ in commands}
        # The works cited there: "\cite{a,b} is" names two works, as "\cite{a} and
        # \cite{b} is" does.
        placed = Counter(block.holes)
        holes = tuple(
            (h - start, works)
            for h in sorted(placed)
            if h in own and start <= h <= end
            for works in _works_at(commands, h, placed[h])
        )
        cited = _citations(block.text, commands, order)
        made.append(Read(sentence, cited, (start, end), tuple(notes), holes))
    return made


def _folded(
    read: Sequence[Read], authors: Authors, given: Mapping[int, list[Citation]], *, marked: bool
) -> tuple[list[Placed], list[Citation]]:
    """A block's sentences placed, and the citations its mark's sentence gets (``marked``: a
    footnote whose mark was read). A sentence's text has its citation commands removed already
    (a textual one prints its authors, who say nothing more). A paragraph of nothing but
    citation-only sentences has no statement for them to back: they stay claims (each refused
    as empty), so no citation goes unseen."""

    def noted(item: Read) -> list[Citation]:
        return [c for note in item.carried for c in given.get(note, ())]

    def passed(items: Sequence[Read]) -> list[Citation]:
        return [c for item in items for c in (*item.citations, *noted(item))]

    folded = fold(
        read,
        lambda r: bool(r.citations) and only_citations(r.sentence.text, r.citations, authors),
    )
    if not folded.kept and not marked:
        return [(item, noted(item)) for item in read], []
    placed: list[Placed] = [(item, None) for item in folded.leading]
    for index, (item, after) in enumerate(folded.kept):
        givers = list(after) if marked or index else [*folded.leading, *after]
        placed.append((item, [*passed(givers), *noted(item)]))
        placed += [(g, None) for g in after]
    return placed, passed(folded.leading) if marked else []


def read_sentences(draft: LatexDraft, authors: Authors) -> list[list[Placed]]:
    """Each block's sentences (``draft.blocks``' order), placed; ``authors`` names the authors
    of the work a citation names."""
    # A note whose mark stands in a table or heading counts as marked: what it gives goes to
    # no sentence, as that text's citations go to none.
    marked = {note for block in draft.blocks for _, note in block.marks} | {
        block.note for block in draft.blocks if block.aside and block.note is not None
    }
    read = [_read(draft, block) for block in draft.blocks]
    # Only a note's first paragraph starts it: a later one's citation-only sentences are its
    # own paragraph's, as a body paragraph's are.
    starts: dict[int, int] = {}
    for index, block in enumerate(draft.blocks):
        if block.note is not None:
            starts.setdefault(block.note, index)
    opens = [
        block.note in marked and starts[block.note] == i for i, block in enumerate(draft.blocks)
    ]
    # What each footnote gives its mark's sentence. A note inside a note comes before it in the
    # blocks, so what it gives is known when the outer one is read.
    given: dict[int, list[Citation]] = {}
    for block, sentences, first in zip(draft.blocks, read, opens, strict=True):
        if first and block.note is not None:
            given[block.note] = _folded(sentences, authors, given, marked=True)[1]
    return [
        _folded(sentences, authors, given, marked=first)[0]
        for sentences, first in zip(read, opens, strict=True)
    ]
