"""From a LaTeX draft to its claims: each sentence of its paragraphs (and footnotes) with the
citation commands in it, the papers their keys name, and where each sentence is.

The bibliography is the draft's own: the files ``\\bibliography{...}`` and
``\\addbibresource{...}`` name, looked up in the draft's folder (and no further), and the items
of a ``thebibliography`` environment, each resolved from its text (an arXiv id or DOI in it,
as numbered references are); ``--bib`` adds more. Which citations a sentence is checked
against is ``latex_sentences``' to say.
"""

from __future__ import annotations

import os
from collections.abc import Collection
from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path

from claimaudit.bibfile import UnreadEntry
from claimaudit.errors import BibliographyError
from claimaudit.guards.filenames import shown_name
from claimaudit.library.latex.cite_style import biblatex_useprefix, citation_name_limit
from claimaudit.library.latex.comments import strip_comments
from claimaudit.review.bibliography import Bibliography, Entry, load_bibliography, paper_refs
from claimaudit.review.claims import (
    Claim,
    cited_authors,
    cited_names,
    labelled,
    name_words,
    own_claims,
    targets,
    with_subject,
)
from claimaudit.review.empty_draft import refuse_empty_draft
from claimaudit.review.latex.bare_cite import cite_is_textual, names_known
from claimaudit.review.latex.cites import CITE_FIELDS, CiteKind
from claimaudit.review.latex.draft import CitedFields, LatexDraft, TextualNames
from claimaudit.review.latex.raised import RAISED_SIGNS, numbered_items
from claimaudit.review.latex.ranges import between, said
from claimaudit.review.latex.read import read_latex_draft
from claimaudit.review.latex.sentences import read_sentences
from claimaudit.review.latex.text import LatexBlock
from claimaudit.review.leftovers import REMOVED, UNNAMED_AUTHORS, tidy
from claimaudit.review.none_cited import latex_none_cited
from claimaudit.review.parts import own_texts, read_parts
from claimaudit.review.sentences import Sentence


@dataclass(frozen=True)
class Span:
    """A sentence in a paragraph's text: ``claim`` is its number among the draft's claims."""

    start: int
    end: int
    claim: int | None


@dataclass(frozen=True)
class Paragraph:
    """A paragraph (or footnote) of the draft as the HTML report shows it."""

    block: LatexBlock
    sentences: tuple[Span, ...]


@dataclass(frozen=True)
class LatexClaims:
    draft: LatexDraft
    claims: list[Claim]
    uncited: list[Sentence]
    paragraphs: tuple[Paragraph, ...]
    bibliography: Bibliography
    # What the reader may have lost: a macro it does not know given a key of the bibliography.
    warnings: tuple[str, ...] = ()


def bibliography_files(draft: LatexDraft, *, missing_ok: bool = False) -> list[Path]:
    """The files the draft's ``\\bibliography``/``\\addbibresource`` name, in its folder (a
    symlink there followed); BibliographyError for one named outside the folder, or missing
    (unless ``missing_ok``: another bibliography was given, and such a file is passed over)."""
    found: list[Path] = []
    for name in draft.bibliographies:
        written = name if Path(name).suffix.lower() in (".bib", ".json") else f"{name}.bib"
        # A name reaching out of the folder ("../common/refs", "/etc/x") is not read: with
        # --bib its entries are given instead. A symlink in the folder is the author's own
        # file, followed (a draft sent over HTTP or MCP has no folder: nothing is read).
        named = Path(os.path.normpath(draft.folder / written))
        if not named.is_relative_to(draft.folder):
            if missing_ok:
                continue
            raise BibliographyError(
                f"{shown_name(draft.main)}: bibliography {name!r} is outside the draft's folder, "
                "so it is not read; pass its entries with --bib"
            )
        path = named.resolve()
        if not path.is_file():
            if missing_ok:
                continue
            if path.exists():  # a FIFO or a device: there, but never opened (a FIFO blocks)
                raise BibliographyError(
                    f"{shown_name(draft.main)}: the bibliography {shown_name(written)} it names "
                    "is not a regular file"
                )
            raise BibliographyError(
                f"{shown_name(draft.main)}: the bibliography {shown_name(written)} it names is "
                "not in the draft's folder; pass it with --bib"
            )
        found.append(path)
    return found


def draft_bibliography(
    draft: LatexDraft, extra: Bibliography | None = None, *, files: bool = True
) -> Bibliography:
    """The draft's bibliography files (unless not ``files``) and ``\\bibitem``s, then
    ``extra`` (``--bib``), a later entry winning over an earlier one of the same key (among
    the files, the earlier file's, as BibTeX reads them: ``load_bibliography``)."""
    named = bibliography_files(draft, missing_ok=extra is not None) if files else []
    entries: dict[str, Entry] = {}
    sources: list[str] = []
    unread: tuple[UnreadEntry, ...] = ()
    empty: tuple[str, ...] = ()
    read_as: tuple[str, ...] = ()
    if named:
        # A file with no entries yet leaves its citations unresolved, each said as such.
        loaded = load_bibliography(*named, allow_empty=True)
        entries.update(loaded.entries)
        unread, empty, read_as = loaded.unread, loaded.empty, loaded.read_as
        sources += [Path(f).name for f in named]
    for item in draft.bibitems:
        entries[item.key] = Entry(item.key, paper_refs([("text", item.text)]), text=item.text)
    if draft.bibitems:
        sources.append(f"the thebibliography of {draft.main}")
    if extra is not None:
        entries.update(extra.entries)
        unread += extra.unread
        empty += extra.empty
        read_as += extra.read_as
        sources.append(extra.source or "--bib")
    return Bibliography(
        entries=entries,
        source=", ".join(sources) or None,
        unread=unread,
        empty=empty,
        read_as=read_as,
    )


def claim_text(
    sentence: str, holes: tuple[tuple[int, int], ...] = (), names: Collection[str] = ()
) -> str:
    """The sentence as the judge reads it and the review shows it: what dropped citations left
    behind removed (the reader closed the gaps they left, keeping blanks the author typed:
    French "résultat : 5"); ``holes``, where in it a citation printed nothing, tell a pointer
    whose object it was ("In \\cite{a} the authors ..."), each with the works one command
    cites there; ``names`` are the cited works'
    authors' (``name_words``: "(\\citeauthor{a}, \\citeyear{a})" is a citation mark)."""
    return claim_texts(sentence, holes, names)[0]


def claim_texts(
    sentence: str, holes: tuple[tuple[int, int], ...] = (), names: Collection[str] = ()
) -> tuple[str, dict[int, str]]:
    """``claim_text``, and the claim text of each hole (by its place in ``sentence``) of whose
    works the sentence says something else than of the others (``parts``)."""
    marked = sentence.replace(REMOVED, "\ufffd")  # a draft's own is no mark of ours
    placed: dict[int, list[int]] = {}
    for hole, works in holes:
        placed.setdefault(hole, []).append(works)
    # A command citing n works ("\\cite{a,b}") leaves n marks together, one group; commands
    # the reader closed up ("\\cite{a} \\cite{b}") are apart, as "[1] [2]" are.
    for hole, groups in sorted(placed.items(), reverse=True):
        marked = marked[:hole] + " ".join(REMOVED * works for works in groups) + marked[hole:]
    owners = [hole for hole, groups in sorted(placed.items()) for _ in range(sum(groups))]
    whole, each = read_parts(
        marked, lambda text: with_subject(tidy(text, closed=True, names=names))
    )
    return whole, own_texts(owners, each, whole)


def _field(entry: Entry | None, field: str) -> str:
    """The entry's field as a command printing it does (``\\citetitle``: "title",
    ``\\citeyear``: "year"); "" when the bibliography does not give it."""
    if entry is None:
        return ""
    if field == "year":
        return "" if entry.year is None else str(entry.year)
    return (entry.title or "") if field == "title" else ""


def _raises(draft: LatexDraft) -> bool:
    """Whether the draft may hold a raised citation mark: a numbered list and a superscript."""
    return bool(draft.bibitems) and any(
        sign in t for t in draft.files.values() for sign in RAISED_SIGNS
    )


def _printers(
    resolver: Bibliography, useprefix: bool | None = None, limit: int = 2
) -> tuple[TextualNames, CitedFields]:
    """What a textual citation prints of its keys (the authors' names, a prefix as
    ``useprefix`` says, up to ``limit``: ``cited_names``), and what a command printing a
    field of its works does (``\\citetitle``: the title), by the bibliography."""

    def names(keys: tuple[str, ...], full: bool) -> str:
        # The entry each citation resolves to, a key in another case included (BibTeX's rule):
        # "\\citet{ROE2020}" read "the authors" while it was checked as roe2020's paper.
        works = [resolver.resolved_entry(k) for k in keys]
        # A key the bibliography lacks prints as natbib's "?" would: no name, never the key.
        shown = [
            UNNAMED_AUTHORS
            if w is None
            else cited_names(w, full=full, useprefix=useprefix, limit=limit)
            for w in works
        ]
        return "; ".join(shown)

    def fields(field: str, keys: tuple[str, ...]) -> str:
        """Each work's field ("title"), all known, else nothing."""
        shown = [_field(resolver.resolved_entry(k), field) for k in keys]
        return "; ".join(v for v in shown if v) if all(shown) else ""

    return names, fields


def extract_latex_claims(
    path: Path, bibliography: Bibliography | None = None, *, alone: bool = False
) -> LatexClaims:
    """The cited sentences of the LaTeX draft at ``path`` as claims, its uncited sentences
    and its paragraphs; InputError when the draft cannot be read, DraftError when it is empty,
    BibliographyError when a bibliography it names cannot. ``alone``: the draft arrived as one
    text, so neither the files it includes nor the bibliography files it names are read (an
    include is refused)."""
    includes = not alone
    draft = read_latex_draft(path, includes=includes)
    refuse_empty_draft(draft.files[draft.main], "LaTeX")
    resolver = draft_bibliography(draft, bibliography, files=includes)
    # A raised mark cites by the thebibliography's numbers, known once the draft is read.
    numbered = numbered_items(draft.bibitems) if _raises(draft) else {}
    # biblatex cites "Dijk" for "van Dijk" unless its useprefix says otherwise; natbib "van Dijk".
    # As many names as biblatex's maxcitenames allows (three by default), natbib's two.
    source = "\n".join(map(strip_comments, draft.files.values()))
    # biblatex loaded, or set, by a package file beside the draft counts (``mystyle.sty``'s
    # \RequirePackage{biblatex}), as ingestion reads it.
    useprefix = biblatex_useprefix(source, draft.packages)
    names, fields = _printers(resolver, useprefix, citation_name_limit(source, draft.packages))
    # A bare \cite prints names where natbib is in its author-year mode, as in the library.
    bare = any(c.command == "cite" for c in draft.commands) and cite_is_textual(
        draft, source, includes=includes
    )
    named = partial(names_known, resolver) if bare else None
    if (
        bare
        or numbered
        or any(
            c.kind is CiteKind.TEXTUAL or c.command.rstrip("*") in CITE_FIELDS
            for c in draft.commands
        )
    ):
        # Read again, now that the bibliography says whose names a textual citation prints.
        draft = read_latex_draft(
            path, names, includes=includes, fields=fields, numbered=numbered, cite_textual=named
        )
    claims: list[Claim] = []
    uncited: list[Sentence] = []
    paragraphs: list[Paragraph] = []
    placed = read_sentences(draft, partial(cited_authors, resolver))
    for block, sentences in zip(draft.blocks, placed, strict=True):
        spans: list[Span] = []
        for item, given in sentences:
            if given is None:  # its citations went to another sentence: no sentence of its own
                spans.append(Span(*item.bounds, None))
                continue
            # Numbered among the claims and uncited sentences, as a Markdown draft's are; shown
            # as judged, without the "()" or "(see )" a dropped citation leaves in the text.
            text, own = claim_texts(
                item.sentence.text,
                item.holes,
                name_words(resolver, [*item.citations, *(given or ())]),
            )
            sentence = replace(item.sentence, index=len(claims) + len(uncited), text=text)
            if not item.citations and not given:
                uncited.append(sentence)
                spans.append(Span(*item.bounds, None))
            else:
                spans.append(Span(*item.bounds, len(claims)))
                claims.append(
                    Claim(
                        sentence,
                        sentence.text,
                        tuple(item.citations),
                        own_claims(
                            targets(resolver, [*item.citations, *given]),
                            labelled(
                                {
                                    (item.bounds[0] + h, item.bounds[0] + h): t
                                    for h, t in own.items()
                                },
                                item.citations,
                            ),
                            given,
                        ),
                        noted=tuple(given),
                    )
                )
        paragraphs.append(Paragraph(block, tuple(spans)))
    return LatexClaims(
        draft,
        claims,
        uncited,
        tuple(paragraphs),
        resolver,
        (
            *lost_citations(draft, resolver, alone=alone),
            # A key given to a macro the reader does not know is a citation, warned of above.
            *latex_none_cited(
                bool(draft.commands)
                or any(c.argument in resolver.entries for c in draft.unknown_calls),
                resolver,
            ),
        ),
    )


def lost_citations(
    draft: LatexDraft, resolver: Bibliography, *, alone: bool = False
) -> tuple[str, ...]:
    """One warning per macro the reader does not know that is given a key of the draft's
    bibliography: a citation command it wraps, whose citations are not checked. A draft read
    ``alone`` has no files beside it to define the macro in."""
    where = "the draft" if alone else "the draft, its preamble's files or a package file beside it"
    found: dict[str, str] = {}
    for call in draft.unknown_calls:
        if call.macro not in found and call.argument in resolver.entries:
            found[call.macro] = (
                f"{call.file}:{call.line}: \\{call.macro}{{{call.argument}}} names a key of "
                f"the bibliography, but \\{call.macro} is no citation command the reader knows "
                "(nor a macro it expands), so its citations are not checked; "
                f"define it in {where}, or cite with \\cite"
            )
    return (*found.values(), *draft.warnings, *_unknown_ranges(draft))


def _unknown_ranges(draft: LatexDraft) -> list[str]:
    """A warning per range of citation commands whose works between its ends are not known
    (``ranges``: the draft lists its works in no ``thebibliography``)."""
    order = [item.key for item in draft.bibitems]
    return [
        said(command, order)
        for block in draft.blocks
        if len(block.citations) > 1
        for command in between(block.text, block.citations, order)[1]
    ]
