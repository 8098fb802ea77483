"""Sentences of a report's prose, with exact positions in the report.

``sentencex`` (Wikimedia's rule-based segmenter, bounded by ``claimaudit.text.segmenter`` so
hostile text costs linear time) finds the boundaries; it keeps "et al.", "e.g."
and "i.e." inside sentences. The footnote markers and ``[@key]`` citation groups right after a
sentence's end are blanked for it, since it reads them as words ("is ok.[^1] [@a] More" stayed
one sentence). Repairs follow, all for how papers are cited:

- marks that close a sentence but start the next piece (``**``, a closing quote, a citation
  placed after the full stop: "works well. [1] Next") are moved back to the sentence they end;
- a piece opening with an enumerator ("1) ...", which sentencex leaves whole) is segmented again;
- a piece is cut after a variable or group's letter ending a sentence ("holds for Y. Cf. ..."),
  which sentencex reads as a name's initial: after a lower-case word (no name particle such
  as "van") and before a word that opens sentences in papers and is no surname ("Cf.",
  "Figure", "Results"), and after a noun that labels things by letters ("vitamin D.", "group
  B.", "groups A and B.") before any capitalised word. "J. Smith", "E. coli", "Fig. S. 3" and
  "p. A." stay whole;
- a piece is joined to the one before when a no-break space parts them (LaTeX's ``~`` and
  ``\\ ``: "Sect.~2"), when that one ends in an abbreviation that precedes a number or name
  ("Fig.", "Eqs.", "Sect.", "Thm.", "approx.", "Refs. [1, 2]"; German, French and Spanish
  ones as "Abb.", "Kap.", "z. B.", "vgl.", "éd.", "pág.", and "S." before a number; "App.",
  "Prop.", "Def." only capitalised and before a label, "App. A"), or in "et al." (citations
  after it allowed) with the piece going on in lower case ("Wilson et al. [3] found ..."), and
  always when the piece opens with a comma or ";", which no sentence does ("In Smith et al.
  [1], X holds."). A piece in lower case after a full stop is otherwise a sentence of its own:
  "scikit-image", "mRNA".
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise

from claimaudit.review.code_spans import code_spans
from claimaudit.review.document import Block, Document
from claimaudit.review.numbered import cited_body
from claimaudit.review.struck import struck_spans, wholly_struck
from claimaudit.text.segmenter import sentence_spans

_RAISED = "[\u00b9\u00b2\u00b3\u2070\u2074-\u2079]+"  # superscript digits
# Closing marks and citation groups that belong to the sentence before them. A group's text
# before its first "@" or digit excludes them: "[^\[\]]*(?:@|\d)[^\[\]]*" split an unclosed
# "[111..." every way (20,000 digits: 1 s). A raised mark after the stop ("matters.¹ Next",
# "matters.^1^") is the sentence's too.
_CARRIED = re.compile(
    r"(?:[*_)\]\"'\u201d\u2019\u00bb`]+|\[\^[^\]\s]+\]|\[[^\[\]@\d]*+[@\d][^\[\]]*+\]"
    rf"|{_RAISED}(?:[\u207b,\u02d2]{_RAISED})*|\^\d[\d,\-\u2013]*\^)+"
)
# A citation group ending a carried run ("[1]", "[@a]"), not a footnote marker or a quote.
_GROUP_ENDING = re.compile(r"\[[^\[\]^@\d]*+[@\d][^\[\]]*+\]$")
# Citation groups ending a piece after its stop ("X holds. [1]", "X holds. [@a] [2]").
_GROUPS_AFTER_STOP = re.compile(
    r"[.!?][*_)\"'\u201d\u2019\u00bb]*\s+(?P<groups>\[[^\[\]^@\d]*+[@\d][^\[\]]*+\]"
    r"(?:\s*\[[^\[\]^@\d]*+[@\d][^\[\]]*+\])*)\s*$"
)
# Footnote markers and bracketed citations of keys ("[@a]", "[see @a, p. 3]", not "[a@b.org]")
# right after a sentence's end (closing marks allowed between): no words to sentencex.
_ENDED_RUN = re.compile(
    r"[.!?][*_)\"'\u201d\u2019\u00bb]*(?P<run>(?:\s*(?:\[\^[^\]\s]+\]"
    r"|\[(?:[^\[\]]*[^\w@.\[\]])?-?@[\w{][^\[\]]*\]))+)"
)
_ENUMERATOR = re.compile(r"\s*\(?[A-Za-z0-9]{1,3}\)\s+")
# Citation groups ending a piece, and the brackets they close: "(e.g. [1])" ends in "e.g.",
# which goes on ("Tools (e.g. [1]) help." is one sentence, not "Tools (e.g. [1])" and "help.").
_TRAILING_GROUPS = re.compile(r"(?<!\s)(?:\s*\[[^\[\]]*\])+[)\]]*\s*$")
_ABBREVIATION = re.compile(
    r"\b(?:figs?|eqs?|eqns?|refs?|secs?|sects?|tabs?|vols?|nos?|chs?|chaps?|thms?|pp?|approx|"
    r"suppl|cf|vs|ca|resp|e\.g|i\.e|viz)\.$",
    re.IGNORECASE,
)
# Abbreviations that are also words ending sentences ("an app.", "by def."): capitalised, and
# before a label ("App. A", "Prop. 3", "Alg. II"), they go on.
_LABELLED_ABBREVIATION = re.compile(r"\b(?:App|Def|Prop|Cor|Lem|Alg)s?\.$")
# German, French, Spanish and Italian abbreviations before a number, name or word going on
# ("Abb. 2", "Kap. 3", "z. B. in", "vgl. Müller", "pág. 4", "p. ex. [1]", "cfr. [1]"), as they
# are written: "S." only before a number, since an English sentence may end in a capital
# letter ("Type S. The ...").
_FOREIGN_ABBREVIATION = re.compile(
    r"(?<![\w.])(?:Abb|Kap|Tab|Nr|Bd|Bde|Hrsg|[Vv]gl|bzw|[zZ]\.\s?B|[uU]\.\s?a|[dD]\.\s?h|"
    r"[Éé]d|[Pp]ág|[Nn]úm|[Cc]f|[Cc]fr|[Pp]\.\s?e[xj]|par\s+ex|ad\s+es|p)\.$"
)
_PAGE_ABBREVIATION = re.compile(r"(?<![\w.])S\.$")
_NUMBER = re.compile(r"\d")
_WORDLIKE = re.compile(r"[^\W_]")
_LABEL = re.compile(r"(?:\d|[A-Z](?![a-z])|[IVX]+\b)")
# A no-break space (LaTeX's "~" or "\ ", a typed U+00A0) after a full stop: the author's
# "no sentence ends here" ("Sect.~2", "et al.\ showed").
_NO_BREAK = "\u00a0"
# Abbreviations that may end a sentence, so they join only a piece going on in lower case.
_ABBREVIATION_BEFORE_LOWER = re.compile(r"\b(?:et al|etc|Inc|Ltd|Jr|Sr)\.$")
# A letter naming a variable or group at a sentence's end ("holds for Y. Cf. @smith2020"):
# sentencex takes "Y." for an initial and cuts only before a common opener ("The", "We"). After
# a lower-case word, and before one of these openers, which sentencex misses and no surname
# is (nor an in-text "@key"), it ends the sentence; before any other capitalised word it may
# be an initial ("thank J. Smith"), so it stays.
_LETTER_END = re.compile(
    r"(?<![\w.@'\u2019-])(?P<word>[a-z]+)\s+[A-Z]\.(?=\s+(?:"
    r"(?:Cf|E\.g|I\.e|Figs?|Refs?)\.|Note(?=\s+that\b|:)|(?:Compare|Notably|Importantly|"
    r"Interestingly|Alternatively|Likewise|Lastly|Overall|Results|Figures?|Tables?|Sections?)\b"
    # Pandoc's in-text citation opening the next sentence ("holds for Y. @smith2020 showed").
    r"|-?@[\w{]))"
)
# A letter labelling a thing that papers name by letters, ending a sentence: "vitamin D.",
# "group B.", "type A.", "groups A and B." (before any capitalised word: "in group B.
# Mortality was low", which sentencex read as an initial and a surname). No surname follows
# such a noun ("thank J. Smith" has none); a person's ("patient", "author") is not one.
_LABELLED_LETTER_END = re.compile(
    r"(?<![\w.@'\u2019-])(?:[Vv]itamin|[Gg]roup|[Ss]ubgroup|[Tt]ype|[Ss]ubtype|[Cc]lass|"
    r"[Pp]hase|[Ss]tage|[Gg]rade|[Aa]rm|[Cc]ohort|[Cc]ondition|[Ss]ite|[Pp]anel|[Tt]able|"
    r"[Ff]igure|[Aa]ppendix|[Ss]ection|[Pp]art|[Cc]ategory|[Ss]cenario|[Cc]ase|[Cc]lade|"
    r"[Ss]train|[Ss]erotype|[Gg]enotype|[Hh]aplogroup|[Hh]epatitis|[Pp]rotein|[Ff]actor|"
    r"[Cc]omplex|[Rr]egion|[Zz]one|[Ww]ave|[Tt]ier|[Ll]evel|[Ee]xperiment|[Oo]ption|[Pp]lan|"
    r"[Ss]eries|[Bb]lock|[Ll]ineage|[Cc]luster|[Dd]omain|[Mm]odel|[Vv]ariant|[Ww]ard)s?"
    # Its letter, or a list of them ("groups A, B and C.").
    r"\s+(?:[A-Z]\s*,\s*)*(?:[A-Z],?\s+(?:and|or|&)\s+)?[A-Z]\.(?=\s+[A-Z])"
)
# A numbered citation closing with a note's stop, "X holds [See 1, p. 3.] Next ...": the stop
# ends the sentence, which sentencex reads on through the bracket.
_NOTE_END = re.compile(r"\[(?P<body>[^\[\]]*[^\W\d_][^\[\]]*\.)\](?=\s+[A-Z])")
# Lower-case first parts of names ("Ludwig van B."): the letter after them is an initial.
_NAME_PARTICLES = frozenset(
    {"al", "bin", "da", "das", "de", "del", "della", "den", "der", "di", "do", "dos", "du"}
    | {"el", "ibn", "la", "le", "st", "te", "ten", "ter", "van", "von", "zu"}
)


@dataclass(frozen=True)
class Sentence:
    """A sentence of the report: ``text`` as it reads in its paragraph (block prefixes such as
    "> " removed, LaTeX as plain text) and ``[start, end)`` its exact place in the report, or
    in ``file`` (a LaTeX draft's file, relative to the draft's folder)."""

    index: int
    start: int
    end: int
    line: int
    column: int
    text: str
    file: str | None = None

    def position(self) -> dict[str, int | str]:
        where: dict[str, int | str] = {} if self.file is None else {"file": self.file}
        return {
            **where,
            "index": self.index,
            "start": self.start,
            "end": self.end,
            "line": self.line,
            "column": self.column,
        }


def _trimmed(text: str, start: int, end: int) -> tuple[int, int]:
    """``[start, end)`` without the blanks around it, nor a Markdown hard line break's
    backslash before it (a sentence after "break.\\" starts on the next line)."""
    while start < end and (
        text[start].isspace()
        or (text[start] == "\\" and text[start + 1 : start + 2] in ("\n", "\r"))
    ):
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    return start, end


def _continues(text: str, previous: tuple[int, int], start: int) -> bool:
    if _NO_BREAK in text[previous[1] : start]:
        return True
    if text[start] in ",;":
        # No sentence opens with a comma: sentencex cut after "et al. [1]" before one ("In
        # Smith et al. [1], X holds." was "In Smith et al. [1]" and ", X holds.").
        return True
    before = _TRAILING_GROUPS.sub("", text[previous[0] : previous[1]])
    if _ABBREVIATION.search(before) or _FOREIGN_ABBREVIATION.search(before):
        return True
    if _PAGE_ABBREVIATION.search(before) and _NUMBER.match(text, start):
        return True
    if _LABELLED_ABBREVIATION.search(before) and _LABEL.match(text, start):
        return True
    return text[start].islower() and bool(_ABBREVIATION_BEFORE_LOWER.search(before))


def _segments(text: str, offset: int = 0) -> list[tuple[int, int]]:
    """sentencex's pieces. sentencex never splits a piece that opens with an enumerator ("1) ",
    "(b) "), so such a piece is segmented again without it and the enumerator rejoins the
    first sentence."""
    found: list[tuple[int, int]] = []
    for start, end in sentence_spans(text):
        enumerator = _ENUMERATOR.match(text, start, end)
        if enumerator:
            inner = _segments(text[enumerator.end() : end], offset + enumerator.end())
            if len(inner) > 1:
                found += [(offset + start, inner[0][1]), *inner[1:]]
                continue
        found.append((offset + start, offset + end))
    return found


def _for_segmenting(text: str) -> tuple[str, list[bool]]:
    """``text`` with the markers and key citations after each sentence end (``_ENDED_RUN``)
    blanked, its length and line breaks kept; and which characters were."""
    hidden = [False] * len(text)
    for match in _ENDED_RUN.finditer(text):
        for position in range(*match.span("run")):
            hidden[position] = not text[position].isspace()
    blanked = "".join(" " if h else c for c, h in zip(text, hidden, strict=True))
    return blanked, hidden


def _snapped(position: int, hidden: list[bool]) -> int:
    """``position``, moved past the blanked span it falls inside, if any."""
    while 0 < position < len(hidden) and hidden[position - 1] and hidden[position]:
        position += 1
    return position


def _at_letter_ends(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """``[start, end)`` cut after each letter that ends a sentence there (``_LETTER_END``), and
    after each numbered citation closing with its note's stop (``_NOTE_END``)."""
    cuts = [
        match.end()
        for match in _LETTER_END.finditer(text, start, end)
        if match.group("word") not in _NAME_PARTICLES
    ]
    cuts += [match.end() for match in _LABELLED_LETTER_END.finditer(text, start, end)]
    cuts += [
        match.end()
        for match in _NOTE_END.finditer(text, start, end)
        if cited_body(match.group("body")) is not None
    ]
    bounds = [start, *sorted(set(cuts)), end]
    return list(pairwise(bounds))


def _struck_end(struck: list[tuple[int, int]], starts: list[int], position: int) -> int | None:
    """Where the ``struck`` span ``position`` is inside of (after its opening) ends; None
    when it is inside none."""
    index = bisect.bisect_right(starts, position) - 1
    inside = index >= 0 and struck[index][0] < position < struck[index][1]
    return struck[index][1] if inside else None


def _opens_next(text: str, carried: re.Match[str], end: int) -> bool:
    """Whether the citation group ``carried`` found after a sentence's stop opens the next
    sentence instead, as its subject: a lower-case word follows it ("X holds. [1] showed Y."
    is two sentences, the second "[1] showed Y.", not "X holds. [1]" and "showed Y.")."""
    rest = text[carried.end() : end].lstrip()
    return bool(_GROUP_ENDING.search(carried.group())) and rest[:1].islower()


def _abbreviated(before: str) -> bool:
    """Whether ``before`` ends in an abbreviation's stop ("[1] vs.", "et al."), no sentence's."""
    return any(
        pattern.search(before)
        for pattern in (_ABBREVIATION, _FOREIGN_ABBREVIATION, _ABBREVIATION_BEFORE_LOWER)
    )


def _subjects_given_back(text: str, pieces: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """``pieces`` with citation groups that the segmenter left after a sentence's stop given to
    the next piece where it goes on in lower case: they are its subject ("X holds. [1]
    showed Y." is cut "X holds. [1]" and "showed Y.")."""
    given = list(pieces)
    for index in range(len(given) - 1):
        (start, end), (after, after_end) = given[index], given[index + 1]
        if not text[after : after + 1].islower():
            continue
        groups = _GROUPS_AFTER_STOP.search(text, start, end)
        if groups is not None and not _abbreviated(text[start : groups.start("groups")].rstrip()):
            given[index] = _trimmed(text, start, groups.start("groups"))
            given[index + 1] = (groups.start("groups"), after_end)
    return given


def split_block(text: str) -> list[tuple[int, int]]:
    """[start, end) of each sentence of a paragraph's text, whitespace trimmed."""
    segmented, hidden = _for_segmenting(text)
    pieces = [
        _trimmed(text, _snapped(cut_start, hidden), _snapped(cut_end, hidden))
        for start, end in _segments(segmented)
        for cut_start, cut_end in _at_letter_ends(segmented, start, end)
    ]
    pieces = _subjects_given_back(text, pieces)
    merged: list[tuple[int, int]] = []
    # A struck span is one deletion: sentences struck together ("~~X holds [1]. Y holds.~~")
    # stay one, whose citations cite nothing (``citations``), not "~~X holds [1]." cited.
    struck = struck_spans(text, code_spans(text)) if "~~" in text else []
    struck_starts = [start for start, _ in struck]
    for start, end in pieces:
        if start >= end:
            continue
        closes = _struck_end(struck, struck_starts, start) if merged else None
        if closes is not None:
            # The struck sentence ends where its span does; what follows is a sentence of its own.
            merged[-1] = (merged[-1][0], min(end, closes))
            start, end = _trimmed(text, closes, end) if end > closes else (end, end)
            if start >= end:
                continue
        if merged:
            carried = _CARRIED.match(text, start, end)
            if (
                carried
                and (carried.end() == end or text[carried.end()].isspace())
                and not _opens_next(text, carried, end)
            ):
                merged[-1] = (merged[-1][0], carried.end())
                start, end = _trimmed(text, carried.end(), end)
                if start >= end:
                    continue
            # A piece of nothing but punctuation is the stop of the one before: sentencex cuts
            # "shown by Smith et al. [1]. The rest ..." after "[1]", leaving "." a sentence.
            # Asked first: ``_continues`` reads the whole sentence before, which grows with
            # each such piece ("!-" repeated: quadratic).
            if not _WORDLIKE.search(text, start, end) or _continues(text, merged[-1], start):
                merged[-1] = (merged[-1][0], end)
                continue
        merged.append((start, end))
    return merged


def split_sentences(document: Document, blocks: Sequence[Block] | None = None) -> list[Sentence]:
    """Every sentence of the document's prose (or of ``blocks``), in report order."""
    blocks = document.prose if blocks is None else blocks
    return [sentence for sentence, _ in sentences_with_notes(document, blocks)]


def sentences_with_notes(
    document: Document, blocks: Sequence[Block]
) -> list[tuple[Sentence, tuple[int, ...]]]:
    """Every sentence of ``blocks``, with the notes whose markers it carries: a marker goes
    with the last sentence that starts at or before it (the first when none does)."""
    found: list[tuple[Sentence, tuple[int, ...]]] = []
    for block in blocks:
        spans = split_block(block.text)
        carried: list[list[int]] = [[] for _ in spans]
        starts = [start for start, _ in spans]
        for position, note in block.notes if spans else ():
            carried[max(bisect.bisect_right(starts, position) - 1, 0)].append(note)
        for (start, end), notes in zip(spans, carried, strict=True):
            text = block.text[start:end]
            # A sentence struck out whole is deleted text: no claim, nor an uncited sentence
            # (one carrying a note's marker stays, so the note's citations are seen).
            if not notes and wholly_struck(text, code_spans(text)):
                continue
            report_start, report_end = block.span(start, end)
            line, column = document.line_column(report_start)
            sentence = Sentence(
                index=len(found),
                start=report_start,
                end=report_end,
                line=line,
                column=column,
                text=text,
            )
            found.append((sentence, tuple(dict.fromkeys(notes))))
    return found
