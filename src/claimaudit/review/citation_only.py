"""Sentences that say nothing but their citations, and where their citations go.

Writers often cite in a sentence of its own: "X holds for Y [@a]. See also [@b].", "Cf.
@smith2020, p. 4.", "(See \\cite{b}.)". Such a sentence is no claim (its text, less its
citations, would read "." or "See also."): its citations back the sentence before it in its
paragraph (or note), which is judged against them too. One rule decides it for the body of a
Markdown or LaTeX draft and for a Markdown footnote (``note_citations``): with its citations
removed, only punctuation, numbers, pointer words ("see also", "as described at") and the cited
works' authors are left.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from claimaudit.review.abroad import POINTER_WORDS_ABROAD
from claimaudit.review.citations import Citation

# Words a citation-only sentence may hold around its citations: pointers ("see also", "cf.",
# "e.g.", "compare"), locators ("p. 4", "ch. 2", "fig. 3"), and the glue between them; "can be
# found" too, as "Details can be found in [1]." points at the work as "See [1]." does.
POINTER_WORDS = (
    frozenset(
        """
    see also cf compare e g eg i ie for example instance esp especially and or nor but a an the
    in on of by from to with at as via per after following here there therein thereof above below
    further more other others among many e al et seq sqq ff f ibid idem id op cit loc passim
    p pp page pages ch chap chapter chapters sec sect section sections fig figs figure figures
    tab tabl table tables eq eqs equation vol vols no nos n nn note notes para paras l ll line
    lines appendix app suppl supplement supplementary s references reference refs ref review
    reviews reviewed discussion discussed details detail summary summarised summarized original
    source sources quoted cited adapted similarly likewise recent recently earlier work works
    information overview overviews background reading full complete comprehensive thorough
    extensive
    can may be found
    """.split()
    )
    | POINTER_WORDS_ABROAD
)  # "Vgl. auch [2].", "Voir [2].": the same in other languages
# Verbs that introduce a work ("as described in [1]", "as shown at <url>"): a sentence of them
# and its citation points at the work and says nothing of its own ("As described at [1].").
POINTER_VERBS = frozenset(
    """
    described reported shown proposed presented introduced noted suggested demonstrated defined
    outlined studied according
    """.split()
)
POINTING = POINTER_WORDS | POINTER_VERBS
_WORD = re.compile(r"[^\W\d_]+")
# A web address or inline code is no prose either: a note holding only a link is no sentence.
_ADDRESS_OR_CODE = re.compile(r"`+[^`]*`+|<?\b(?:https?://|www\.)[^\s<>]*>?")
# German "z. B." ("e.g."), whose single letters are no pointer words of their own (``abroad``):
# "X gilt [1]. Z. B. [2]." was two claims, the second "Z. B.".
_FOR_EXAMPLE_ABROAD = re.compile(r"\bz\.\s?b\.", re.IGNORECASE)
# A lowercase Roman numeral, as front-matter page numbers are written ("p. xiv").
_ROMAN = re.compile(r"(?=[mdclxvi])m{0,4}(?:cm|cd|d?c{0,3})(?:xc|xl|l?x{0,3})(?:ix|iv|v?i{0,3})")

Authors = Callable[[Citation], Iterable[str]]  # the family names of the work a citation names


def only_citations(
    text: str, citations: Sequence[Citation], authors: Authors = lambda _: ()
) -> bool:
    """Whether ``text`` says nothing but its citations: with them (and web addresses and inline
    code) removed, only punctuation, numbers (pages, years), Roman numerals, pointer words
    and verbs (``POINTING``) and the cited works' ``authors`` are left. (A LaTeX sentence's text has
    its citation commands removed already: their groups are empty.)"""
    names = {w for c in citations for name in authors(c) for w in _WORD.findall(name.lower())}
    kept: list[str] = []
    position = 0
    for start, end in sorted({c.group for c in citations}):
        if start >= position:
            kept.append(text[position:start])
        position = max(position, end)
    kept.append(text[position:])
    prose = _FOR_EXAMPLE_ABROAD.sub(" eg ", _ADDRESS_OR_CODE.sub(" ", "".join(kept)))
    words = _WORD.findall(prose.lower())
    return all(w in POINTING or w in names or _ROMAN.fullmatch(w) for w in words)


# Why such a claim is not judged; README's "the claim has no words to check", as for "See [1].".
NO_CLAIM = (
    "the claim has no words to check "
    '(only pointers at its citations, as "see" or "as described in")'
)


def only_pointers(claim: str) -> bool:
    """Whether a claim's text (its citations removed) is nothing but pointer words and numbers
    ("As described at.", "See for details."): a citation-only sentence alone in its paragraph,
    with no statement to back, which is no claim to judge against the work it points at."""
    words = _WORD.findall(_FOR_EXAMPLE_ABROAD.sub(" eg ", claim).lower())
    return bool(words) and all(w in POINTING or _ROMAN.fullmatch(w) for w in words)


Item = TypeVar("Item")


@dataclass(frozen=True)
class Folded(Generic[Item]):
    """A paragraph's sentences once its citation-only ones are folded into the others."""

    leading: tuple[Item, ...]  # citation-only ones before its first sentence that says something
    kept: tuple[tuple[Item, tuple[Item, ...]], ...]  # each other one, with those right after it


def fold(sentences: Sequence[Item], citation_only: Callable[[Item], bool]) -> Folded[Item]:
    """``sentences`` (one paragraph's, in order) with each ``citation_only`` one given to the
    nearest sentence before it that is not; the caller decides where ``leading`` ones go."""
    leading: list[Item] = []
    kept: list[tuple[Item, list[Item]]] = []
    for sentence in sentences:
        if not citation_only(sentence):
            kept.append((sentence, []))
        else:
            (kept[-1][1] if kept else leading).append(sentence)
    return Folded(tuple(leading), tuple((s, tuple(after)) for s, after in kept))
