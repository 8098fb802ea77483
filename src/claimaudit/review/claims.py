"""From a report to its claims: cited sentences, the text the judge sees, and the papers cited.

The judge is shown the sentence, not its citation markers: "[@doi:...]", "[3]" and cited
identifiers are removed, and Markdown is reduced to its text ("**strong**" reads "strong", a link
reads as its text, a cross-reference "@fig:one" reads "1" as LaTeX's "\\ref" does; struck text,
"~~old~~", is deleted text, not read). A sentence holding only citations ("See also [@b].") is
no claim: its citations go to the sentence before it in its paragraph (``citation_only``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import partial
from typing import Any

from claimaudit.library.latex.citations import full_names, textual_names
from claimaudit.review.bibliography import (
    Bibliography,
    Entry,
    citation_tags,
    reference_entries,
)
from claimaudit.review.citation_only import Authors, fold, only_citations
from claimaudit.review.citations import Citation, CitationStyle, InTextNames, find_citations
from claimaudit.review.crossrefs import with_placeholders
from claimaudit.review.document import Document, markdown, parse_document
from claimaudit.review.footnotes import blank_markers, drop_markers
from claimaudit.review.leftovers import REMOVED, UNNAMED_AUTHORS, tidy
from claimaudit.review.note_citations import Cite, read_notes
from claimaudit.review.numbered import EmptyGroup, empty_groups
from claimaudit.review.parenthesised import empty_parenthesised
from claimaudit.review.parts import own_texts, read_parts
from claimaudit.review.sentences import Sentence, sentences_with_notes


@dataclass(frozen=True)
class Target:
    """One paper a sentence cites, or one citation that could not be resolved to a paper."""

    citations: tuple[str, ...]  # the citations naming it, as written ("@doi:10.1/x", "[3]")
    paper: str | None  # the reference to check (arXiv id, DOI or prefix:id), when resolved
    error: str | None = None  # why the citation names no paper that can be checked
    entry: Entry | None = None  # the bibliography entry naming it, when one does
    note: str | None = None  # added to the reason when the paper cannot be checked
    # A local ``paper``'s former name, and the other keys that shared it (``local_names``).
    former: str | None = None
    clash: tuple[str, ...] = ()
    # What the sentence says of this paper where it says something else of the others ("See
    # [1] for X and [2] for Y.": ``parts``); None: the claim's text.
    claim: str | None = None

    @property
    def name(self) -> str:
        return self.paper or self.citations[0]


@dataclass(frozen=True)
class Claim:
    sentence: Sentence
    text: str  # what the judge is asked about
    citations: tuple[Citation, ...]  # its own, placed in ``sentence.text``
    targets: tuple[Target, ...]
    # Those given to it, placed in other text: by the citation-only sentences after it in its
    # paragraph or note (``citation_only``), and by its markers' citation-only notes.
    noted: tuple[Citation, ...] = ()
    # A footnote's sentence: where the annotated copy marks it (after the note's first marker
    # in the report), since Pandoc reads no footnote inside a footnote.
    anchor: int | None = None


def claim_text(
    sentence: str,
    citations: list[Citation] | tuple[Citation, ...],
    links: Mapping[str, Any] | None = None,
    names: Collection[str] = (),
) -> str:
    """The sentence without citation markers or Markdown, whitespace normalised; ``links``
    (the draft's link definitions) make "[text][1]" read as its text; ``names`` are the cited
    works' authors' (``name_words``)."""
    return claim_texts(sentence, citations, links, names)[0]


def claim_texts(
    sentence: str,
    citations: list[Citation] | tuple[Citation, ...],
    links: Mapping[str, Any] | None = None,
    names: Collection[str] = (),
) -> tuple[str, dict[str, str]]:
    """``claim_text``, and the claim text of each cited work (by its label) of which the
    sentence says something else than of the others (``parts``)."""
    kept: list[str] = []
    owners: list[tuple[int, int]] = []  # each removed mark's group, in order
    position = 0
    reads = {c.group: c.reads for c in reversed(citations)}  # an in-text citation's names
    # A group that reads nothing leaves a mark per work it cites: "[1, 2] is" names two.
    works = {group: len({c.key for c in citations if c.group == group}) for group in reads}
    sentence = sentence.replace(REMOVED, "\ufffd")
    for start, end in sorted(reads):
        if start >= position:
            # Groups glued together ("[1][2]") are citations written apart, as "[1] [2]" are:
            # a blank between their marks, so one group's works ("[1, 2]") stay one.
            kept.append(sentence[position:start] or (" " if kept else ""))
            # A group that reads nothing leaves its marks: the blanks before it are its own.
            marks = 0 if reads[(start, end)] else max(works[(start, end)], 1)
            kept.append(reads[(start, end)] or REMOVED * marks)
            owners += [(start, end)] * marks
            if sentence.endswith(".]", start, end) and not sentence[end:].strip():
                kept.append(".")  # "X holds [See 1, p. 3.]": the note's stop is the sentence's
            position = end
        else:
            position = max(position, end)
    kept.append(sentence[position:])
    # A cross-reference prints the draft's own number: a placeholder, as for LaTeX's \ref.
    stripped = with_placeholders(drop_markers("".join(kept)))
    # Struck text ("~~size~~", Pandoc's and GFM's strikeout) is deleted text: not what the
    # sentence now says, so not judged.
    parser = markdown().enable("strikethrough")
    tokens = parser.parseInline(stripped, {"references": dict(links or {})})
    words: list[str] = []
    struck = 0
    for token in (tokens[0].children or []) if tokens else []:
        if token.type in ("s_open", "s_close"):
            struck += 1 if token.type == "s_open" else -1
        elif struck:
            continue
        elif token.type in ("text", "code_inline", "image"):
            words.append(token.content)
        elif token.type in ("softbreak", "hardbreak"):
            words.append(" ")
    whole, each = read_parts(
        "".join(words), lambda text: with_subject(tidy(text, marked=True, names=names))
    )
    return whole, labelled(own_texts(owners, each, whole), citations)


def labelled(
    groups: Mapping[tuple[int, int], str], citations: Iterable[Citation]
) -> dict[str, str]:
    """The claim text of each cited work's label whose every citation's group has the same
    one in ``groups``."""
    found: dict[str, set[str | None]] = {}
    for citation in citations:
        found.setdefault(citation.label, set()).add(groups.get(citation.group))
    return {
        label: text
        for label, texts in found.items()
        if len(texts) == 1 and (text := next(iter(texts))) is not None
    }


def own_claims(
    found: Sequence[Target], texts: Mapping[str, str], noted: Iterable[Citation]
) -> tuple[Target, ...]:
    """``found`` each with the claim text ``texts`` gives all its labels; none for a paper
    that citation-only sentences after it cite too (they back the whole sentence)."""
    given = {citation.label for citation in noted}
    claimed: list[Target] = []
    for target in found:
        own = {texts.get(label) for label in target.citations}
        text = next(iter(own)) if len(own) == 1 else None
        if text is not None and not given.intersection(target.citations):
            target = replace(target, claim=text)
        claimed.append(target)
    return tuple(claimed)


def targets(bibliography: Bibliography, citations: Sequence[Citation]) -> tuple[Target, ...]:
    """The papers ``citations`` name, each once, with the labels naming it."""
    grouped: dict[str, tuple[list[str], Target]] = {}
    for citation in citations:
        resolution = bibliography.resolve(citation)
        if resolution.ref is not None:
            key = str(resolution.ref)
            former = None if resolution.former is None else str(resolution.former)
            target = Target(
                (), key, None, resolution.entry, resolution.note, former, resolution.clash
            )
        else:
            key = f"unresolved {citation.label}"
            error = f"citation {citation.label} cannot be checked: {resolution.error}"
            target = Target((), None, error, resolution.entry)
        labels = grouped.setdefault(key, ([], target))[0]
        if citation.label not in labels:
            labels.append(citation.label)
    return tuple(replace(target, citations=tuple(labels)) for labels, target in grouped.values())


# Keys that name their paper themselves count in the text with no bibliography entry.
_SELF_NAMING = frozenset({"doi", "arxiv"})
# What a textual citation of a work whose entry names no author ("author = {others}") prints in
# a claim (``leftovers.UNNAMED_AUTHORS``, "the authors"). natbib prints "(author?)", noise to a
# judge; the key would read as a word of the claim ("solo found that ..."); nothing would leave
# the verb without a subject.


def cited_names(
    entry: Entry, *, full: bool = False, useprefix: bool | None = None, limit: int = 2
) -> str:
    """What a textual citation of ``entry``'s work prints in a draft's sentence: its authors
    as natbib names them ("Smith et al."; ``full``, as ``\\citet*`` does: "Smith, Lee, and
    Kim"), else ``UNNAMED_AUTHORS``; without a name's prefix ("Dijk") where ``useprefix`` is
    False, as biblatex cites by default (``biblatex_useprefix``); biblatex's (``useprefix``
    not None) its ``shortauthor`` where the entry gives one ("WHO"); up to ``limit`` names
    before "et al." (natbib's two, biblatex's ``maxcitenames``: ``citation_name_limit``)."""
    authors = entry.bare_authors or entry.authors if useprefix is False else entry.authors
    authors = entry.short_authors if useprefix is not None and entry.short_authors else authors
    if full:
        return full_names(authors, et_al=entry.et_al) or UNNAMED_AUTHORS
    return textual_names(authors, et_al=entry.et_al, limit=limit) or UNNAMED_AUTHORS


def in_text_names(bibliography: Bibliography) -> InTextNames:
    """Which in-text ``@key`` is a citation, and what it prints: a key of the bibliography
    (its authors, as a textual citation names them) or a ``doi:``/``arxiv:`` key (whose
    authors no entry gives: ``UNNAMED_AUTHORS``); any other ``@word`` is prose (a mention, a
    decorator)."""

    def names(key: str) -> str | None:
        entry = bibliography.entry(key)
        if entry is not None:
            return cited_names(entry)
        prefix, colon, rest = key.partition(":")
        return UNNAMED_AUTHORS if colon and rest and prefix.lower() in _SELF_NAMING else None

    return names


def cited_authors(bibliography: Bibliography, citation: Citation) -> tuple[str, ...]:
    """The family names of the authors of the work ``citation`` names, as its entry gives them
    (``UNNAMED_AUTHORS`` for an entry naming none: what its textual citation prints)."""
    entry = bibliography.resolve(citation).entry
    if entry is None:
        return ()
    return entry.authors or (UNNAMED_AUTHORS,)


_NAME_WORD = re.compile(r"[^\W\d_]+")


def name_words(bibliography: Bibliography, citations: Iterable[Citation]) -> frozenset[str]:
    """The words, lower case, of the family names of the works ``citations`` name, and of what
    a textual citation of an unknown or authorless work prints (``UNNAMED_AUTHORS``): what a
    citation written out by hand, "(Smith and Lee, 2020)", is made of."""
    found = set(_NAME_WORD.findall(UNNAMED_AUTHORS))
    for citation in citations:
        for name in cited_authors(bibliography, citation):
            found.update(_NAME_WORD.findall(name.lower()))
    return frozenset(found)


def with_subject(text: str) -> str:
    """``text`` with a capital where a textual citation of a work naming no author opens it:
    "the authors showed ..." reads "The authors showed ...", and "the cited work is ..." (its
    verb made for one: ``leftovers``) "The cited work is ..." (a name keeps its own case)."""
    if text.startswith((UNNAMED_AUTHORS, "the cited work")):
        return text[:1].upper() + text[1:]
    return text


@dataclass(frozen=True)
class _Read:
    """A sentence as read, before it is a claim or an uncited sentence."""

    sentence: Sentence
    carried: tuple[int, ...]  # the notes whose markers it carries
    citations: list[Citation]  # its own
    passed: tuple[Citation, ...] = ()  # those citation-only sentences after it give it
    anchor: int | None = None  # a footnote's sentence: where its note's first marker ends


def _paragraphs(document: Document, cite: Cite, authors: Authors) -> list[_Read]:
    """The body's sentences, each paragraph's citation-only ones (``citation_only``) folded
    into the sentence before them (the first ones into the paragraph's first other sentence).
    A paragraph of nothing but such sentences has no statement for them to back: they stay
    claims, each a ``not_checked`` record (its claim is empty), so no citation goes unseen."""
    read: list[_Read] = []
    for block in document.prose:
        found = [
            _Read(s, carried, cite(s.text))
            for s, carried in sentences_with_notes(document, [block])
        ]
        folded = fold(
            found,
            lambda r: (
                bool(r.citations)
                and only_citations(blank_markers(r.sentence.text), r.citations, authors)
            ),
        )
        if not folded.kept:
            read += found  # no statement to back: each stays a claim, refused as empty
            continue
        for index, (sentence, after) in enumerate(folded.kept):
            givers = [*folded.leading, *after] if index == 0 else list(after)
            read.append(
                replace(
                    sentence,
                    carried=sentence.carried + tuple(n for g in givers for n in g.carried),
                    passed=tuple(c for g in givers for c in g.citations),
                )
            )
    return read


@dataclass(frozen=True)
class ReadDraft:
    """A Markdown draft's claims and uncited sentences (``extract_claims``), and what was
    written as a citation but cites nothing, said (``warnings``)."""

    claims: list[Claim]
    uncited: list[Sentence]
    warnings: tuple[str, ...] = ()


def extract_claims(
    report: str, bibliography: Bibliography | None = None
) -> tuple[list[Claim], list[Sentence]]:
    """The cited sentences of ``report`` as claims, and the sentences that cite nothing, in
    report order; the sentences of footnotes included, as ``note_citations`` reads them. A
    sentence holding only citations is no claim: they go to the sentence before it."""
    read = read_draft(report, bibliography)
    return read.claims, read.uncited


def _empty_group_warnings(
    found: Sequence[_Read],
    links: Collection[str],
    parenthesised: Callable[[str], list[EmptyGroup]],
) -> tuple[str, ...]:
    """A warning for each numbered citation that cites nothing ("[3-1]", "[0]", "[1-200]", and
    in round brackets, ``parenthesised``, "(3)\u2013(1)"): its sentence is otherwise uncited
    with no word of why."""
    return tuple(
        f"line {item.sentence.line}: {empty.said()}"
        for item in found
        for empty in (
            *empty_groups(item.sentence.text, links=links),
            *parenthesised(item.sentence.text),
        )
    )


def _numbers_written(document: Document, cite: Callable[[str], list[Citation]]) -> bool:
    """Whether the draft's prose writes a numbered citation other than in round brackets."""
    return any(
        citation.style is CitationStyle.NUMBER and block.text[citation.start] != "("
        for block in document.prose
        for citation in cite(block.text)
    )


def read_draft(report: str, bibliography: Bibliography | None = None) -> ReadDraft:
    """``extract_claims``, with the warnings of what it could not read as citations."""
    document = parse_document(report)
    resolver = (bibliography or Bibliography()).with_document(
        reference_entries(document.references), citation_tags(report)
    )
    numbered = document.has_references_section or bool(resolver.numbered)
    listed = frozenset(resolver.numbered)
    cite = partial(
        find_citations,
        numbered=numbered,
        links=document.links,
        in_text=in_text_names(resolver),
        raised=listed,
        parenthesised=listed,
    )
    # A bare "(1)" cites only in a draft that numbers its citations so and no other way
    # (``parenthesised``): in one writing "[1]" or "¹" it is an equation's or an item's.
    bare = bool(listed) and not _numbers_written(document, cite)
    cite = partial(cite, bare=bare)
    authors = partial(cited_authors, resolver)
    notes = read_notes(document, cite, authors)
    found = _paragraphs(document, cite, authors)
    found += [
        _Read(n.sentence, n.carried, list(n.citations), n.passed, document.anchors.get(n.note))
        for n in notes.sentences
    ]
    found.sort(key=lambda item: (item.sentence.start, item.sentence.end))
    claims: list[Claim] = []
    uncited: list[Sentence] = []
    for index, item in enumerate(found):
        sentence = replace(item.sentence, index=index)
        given = (c for note in item.carried for c in notes.citations_for(note))
        noted = [*item.passed, *given]
        if not item.citations and not noted:
            # Footnote markers are no words of it: the draft's ("library[^b].") and those of
            # claimaudit's own notes in an annotated copy, which are never read.
            uncited.append(replace(sentence, text=drop_markers(sentence.text).strip()))
            continue
        text, own = claim_texts(
            sentence.text, item.citations, document.links, name_words(resolver, item.citations)
        )
        claims.append(
            Claim(
                sentence=sentence,
                text=text,
                citations=tuple(item.citations),
                targets=own_claims(targets(resolver, [*item.citations, *noted]), own, noted),
                noted=tuple(noted),
                anchor=item.anchor,
            )
        )
    parenthesised = partial(empty_parenthesised, numbers=listed, bare=bare)
    warnings = _empty_group_warnings(found, document.links, parenthesised) if numbered else ()
    return ReadDraft(claims, uncited, warnings)
