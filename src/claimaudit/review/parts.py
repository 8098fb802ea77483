"""A cited sentence that says something different of each of its cited works, read as one claim
per part: "See [1] for X and [2] for Y." (or "For X see [1], and for Y see [2].") says [1]
covers X and [2] covers Y, so [1] is judged on "The cited work covers X." and [2] on "The cited
work covers Y.", not both on a run-together text; "It is not [1] but [2] that shows X." (or
"It is [2], not [1], that shows X.") says [2] shows X ("The cited work shows X.") and [1] does
not ("It is not the cited work that shows X."), so [1] is never judged on "shows X"; "Y was
proposed by [1] and extended by [2]." judges [1] on "Y was proposed by the cited work." and [2]
on "Y was extended by the cited work."; "(See [1] for X) and Y [2]." judges [1] on "The cited
work covers X." and [2] on "Y.".

``parts`` reads a marked sentence (its removed citations ``REMOVED``, as ``leftovers.tidy``
reads it) and gives each part's text, still to be tidied, with the removed marks it speaks of
(counted from the sentence's first mark), or None where the sentence is one claim for all.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Hashable, Sequence
from typing import TypeVar

from claimaudit.review.see_for import FOR, FOR_THEN_SEE, POINTER, SEE_THEN_FOR, closing, is_topic
from claimaudit.review.verbs import HOLE, REMOVED

Owner = TypeVar("Owner", bound=Hashable)
Part = tuple[str, tuple[int, ...]]  # its text to tidy, and the marks (by number) it speaks of

# The next work pointed at for a topic of its own: "..., and [2] for Y", "... and see [2] for
# Y", "...; see [2] for Y". Tried only where a blank run starts (no run is split between two
# blank runs).
# German's, French's and Spanish's too: "Siehe [1] für X und [2] für Y." (``see_for.FOR``).
_AND = r"(?:and|und|et|y)"
_NEXT_POINTED = re.compile(
    rf"(?<!\s)(?:\s*[,;]\s*(?:{_AND}\s+)?|\s+{_AND}\s+)(?:{POINTER}\s+)?"
    rf"({HOLE})\s*(?:,\s*)?({FOR})\s+(?=\S)",
    re.IGNORECASE,
)
_FOR_WORD = re.compile(FOR, re.IGNORECASE)
_TOKEN = re.compile(r"[^\W_]")
# What may end the last topic: blanks and its stop.
_ENDING = frozenset(" \t\n.!?")
# "For X see [1], and for Y see [2].": each topic before the work pointed at for it.
_TOPIC_THEN_POINTED = re.compile(FOR_THEN_SEE, re.IGNORECASE)
# Between two such parts: "[1], and for Y", "[1]; for Y", "[1] and for Y" (a run read from its
# start only).
_BETWEEN_TOPICS = re.compile(r"(?<!\s)(?:\s*[,;]\s*(?:and\s+)?|\s+and\s+)(?=for\s)", re.IGNORECASE)
# "It is not [1] but [2] that shows X.": the claim is [2]'s; of [1] the sentence denies it.
# Blanks around a mark may be closed up (a LaTeX draft's reader closes a citation's gaps).
_NOT_BUT = re.compile(
    rf"^(\s*it\s+(?:is|was)\s+)not\s*({HOLE})(?:\s*,\s*|\s*)but\s*({HOLE})"
    r"(?:\s*,\s*|\s*)(that|who|which)\s+(?=\S)",
    re.IGNORECASE,
)
# "It was [2], not [1], that showed X.": the same, the work it is said of named first.
_BUT_NOT = re.compile(
    rf"^(\s*it\s+(?:is|was)\s+)({HOLE})(?<!\s)(?:\s*,\s*|\s+and\s+)not\s*({HOLE})"
    r"(?<!\s)(?:\s*,\s*|\s*)(that|who|which)\s+(?=\S)",
    re.IGNORECASE,
)

# "Y was proposed by [1] and extended by [2].", "X was shown in [1] but refuted in [2].": each
# work did one of the things said of Y.
_DONE_BY_EACH = re.compile(
    rf"^(\s*[^\W\d_][^,;:()\[\]{REMOVED}]{{0,200}}?\s(?:was|were|is|are|has\s+been|have\s+been))"
    rf"\s+([^\W\d_]+)\s+(by|in)\s*({HOLE})(?:\s*,\s*|\s+)(?:and|but)\s+"
    rf"(?:(?:was|were|is|are|has\s+been|have\s+been)\s+)?([^\W\d_]+)\s+(by|in)\s*({HOLE})"
    r"\s*(?:([.!?])\s*)?$",
    re.IGNORECASE,
)


def _marks(text: str, start: int, end: int) -> tuple[int, ...]:
    """The numbers of the removed marks in ``text[start:end]``, counted from the first."""
    before = text.count(REMOVED, 0, start)
    return tuple(range(before, before + text.count(REMOVED, start, end)))


def _pointed(text: str) -> list[Part] | None:
    """Reads "See [1] for X and [2] for Y." as "See [1] for X." and "See [2] for Y."."""
    see = SEE_THEN_FOR.match(text)
    if see is None:
        return None
    head = text[: see.start(2)]
    stop, tail = len(text), "."
    if see.group(1):
        closed = closing(text[see.end() :])
        if closed is None:
            return None
        stop, tail = see.end() + len(closed[0]), (closed[1] or ".") + ")"
    else:
        while stop > see.end() and text[stop - 1] in _ENDING:
            stop -= 1  # read back by hand: a pattern tried in a long blank run is quadratic
        stop_chars = [c for c in text[stop:] if c in ".!?"]
        tail = stop_chars[0] if stop_chars else "."
    # Each work pointed at: its marks, and where its topic starts and ends.
    # Each work's part keeps its "for" ("für", "pour"): its claim is said in the draft's language.
    pointed = [(see.start(2), see.end(2), see.end(), _FOR_WORD.findall(see.group())[-1])]
    ends: list[int] = []
    for found in _NEXT_POINTED.finditer(text, see.end(), stop):
        ends.append(found.start())
        pointed.append((found.start(1), found.end(1), found.end(), found.group(2)))
    ends.append(stop)
    if len(pointed) < 2:
        return None
    parts: list[Part] = []
    for (start, end, topic, for_word), until in zip(pointed, ends, strict=True):
        words = text[topic:until].strip()
        if not words:
            return None
        # A topic citing works of its own ("..., and [2] for Y [3].") is said of them and of
        # the work pointed at for it, as "See [2] for Y [3]." alone is (``see_for``).
        parts.append(
            (f"{head}{text[start:end]} {for_word} {words}{tail}", _marks(text, start, until))
        )
    return parts


# What joins a pointer in brackets to the sentence's own words after it: "(See [1] for X) and
# Y", "(See [1] for X), Y" (read after the bracket's blanks, which ``str.lstrip`` takes).
_AFTER_BRACKET = re.compile(r"^(?:[,;]\s*)?(?:(?:and|but)\s+)?", re.IGNORECASE)


def _bracket_first(text: str) -> list[Part] | None:
    """Reads "(See [1] for X) and Y [2]." as "See [1] for X." and "Y [2].": the bracket is
    a pointer of its own, the rest the author's claim. A pointer for pointer words alone ("(See
    [1] for details) and Y holds.") backs the rest, as "Y holds (see [1] for details)." does."""
    see = SEE_THEN_FOR.match(text)
    if see is None or not see.group(1):
        return None
    depth = 0
    for close in range(see.end(), len(text)):
        depth += (text[close] == "(") - (text[close] == ")")
        if depth < 0:
            break
    else:
        return None
    topic, after = text[see.end() : close].strip(), text[close + 1 :].lstrip()
    if not topic or not _TOKEN.search(after):
        return None  # "(See [1] for X.)": a sentence in brackets (``see_for``)
    rest = (_capital(_AFTER_BRACKET.sub("", after, count=1)), _marks(text, close + 1, len(text)))
    if REMOVED not in topic and not is_topic(topic):
        return [(rest[0], tuple(range(text.count(REMOVED))))]
    # The bracket's marks come first in the sentence: its parts count them as it does.
    pointer = f"{_capital(text[see.end(1) : see.start(2)].strip())} {see.group(2)} for {topic}."
    if REMOVED not in topic:
        return [(pointer, _marks(text, *see.span(2))), rest]
    pointed = _pointed(pointer)  # "(See [1] for X and [2] for Z) and Y."
    if pointed is None:
        # "(See [1] for X and [2]) and Y.": a topic citing a work of its own is no part to
        # judge alone; the bracket is an aside pointing at them, and backs the rest, as
        # "Y holds (see [1] for X and [2])." does (not "(See for X and) and Y.").
        return [(rest[0], tuple(range(text.count(REMOVED))))]
    return [*pointed, rest]


def _topics_first(text: str) -> list[Part] | None:
    """Reads "For X see [1], and for Y see [2]." as "For X see [1]." and "For Y see [2].": without
    its parts read apart it was "For X see, and for Y see.", which says nothing of either."""
    found = []
    at = len(text) - len(text.lstrip())
    while (part := _TOPIC_THEN_POINTED.match(text, at)) is not None:
        found.append(part)
        between = _BETWEEN_TOPICS.match(text, part.end())
        if between is None:
            break
        at = between.end()
    if len(found) < 2 or any(c not in _ENDING for c in text[found[-1].end() :]):
        return None  # one pointer (``see_for`` reads it), or words after the last
    stops = [c for c in text[found[-1].end() :] if c in ".!?"]
    tail = stops[0] if stops else "."
    return [
        (_capital(part.group(0)) + tail, _marks(text, part.start(2), part.end(2))) for part in found
    ]


def _the_cited(hole: str) -> str:
    return "the cited works" if hole.count(REMOVED) > 1 else "the cited work"


def _not_but(text: str) -> list[Part] | None:
    """ "It is not [1] but [2] that shows X." as "It is not the cited work that shows X." (of
    [1]) and "[2] shows X.": the relative clause is said of [2] alone."""
    found = _NOT_BUT.match(text)
    if found is None:
        return None
    rest = text[found.end() :]
    denied = f"{found.group(1)}not {_the_cited(found.group(2))} {found.group(4)} {rest}"
    return [
        (_capital(denied.strip()), _marks(text, found.start(2), found.end(2))),
        (f"{found.group(3)} {rest}", _marks(text, found.start(3), found.end(3))),
    ]


def _but_not(text: str) -> list[Part] | None:
    """ "It was [2], not [1], that showed X." as "[2] showed X." and "It was not the cited work
    that showed X." (of [1]), as "It is not [1] but [2] that ..." is read."""
    found = _BUT_NOT.match(text)
    if found is None:
        return None
    rest = text[found.end() :]
    denied = f"{found.group(1)}not {_the_cited(found.group(3))} {found.group(4)} {rest}"
    return [
        (f"{found.group(2)} {rest}", _marks(text, found.start(2), found.end(2))),
        (_capital(denied.strip()), _marks(text, found.start(3), found.end(3))),
    ]


def _done_by_each(text: str) -> list[Part] | None:
    """Reads "Y was proposed by [1] and extended by [2]." as "Y was proposed by the cited
    work." (of [1]) and "Y was extended by the cited work." (of [2]): what each work did. Each
    part names its work, not "Y was proposed." as a pointer's "proposed by [1]" reads alone."""
    found = _DONE_BY_EACH.match(text)
    if found is None:
        return None
    head, stop = found.group(1).strip(), found.group(8) or "."
    return [
        (
            f"{head} {found.group(verb)} {found.group(verb + 1)} "
            f"{_the_cited(found.group(verb + 2))}{stop}",
            _marks(text, found.start(verb + 2), found.end(verb + 2)),
        )
        for verb in (2, 5)
    ]


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def parts(text: str) -> list[Part] | None:
    """``text`` (a marked sentence) as the parts it says of different cited works, each with
    the numbers of its removed marks; None where it says one thing of them all."""
    for reader in (_pointed, _bracket_first, _topics_first, _not_but, _but_not, _done_by_each):
        found = reader(text)
        if found is not None:
            return found
    return None


def read_parts(marked: str, finish: Callable[[str], str]) -> tuple[str, list[str]]:
    """The claim text of ``marked`` (a marked sentence; ``finish`` tidies a text of it), and
    for each of its removed marks, in order, the claim text of the part that speaks of it:
    the whole text where the sentence says one thing of all its works. Split, the whole text is
    its parts' texts one after the other ("The cited work covers X. The cited work covers Y.")."""
    found = parts(marked)
    if found is None:
        whole = finish(marked)
        return whole, [whole] * marked.count(REMOVED)
    texts = [finish(text) for text, _ in found]
    whole = " ".join(texts)
    each = [whole] * marked.count(REMOVED)
    for text, (_, marks) in zip(texts, found, strict=True):
        for mark in marks:
            each[mark] = text
    return whole, each


def own_texts(owners: Sequence[Owner], each: Sequence[str], whole: str) -> dict[Owner, str]:
    """Which cited work (its citation in ``owners``, one per removed mark, in order) has a
    claim text of its own in ``each`` (``read_parts``): one where all its marks are in one part
    that is not the whole text. Nothing where the marks cannot be told apart (a count that
    differs: a citation that printed names, not a mark)."""
    if len(owners) != len(each):
        return {}
    found: dict[Owner, set[str]] = {}
    for owner, text in zip(owners, each, strict=True):
        found.setdefault(owner, set()).add(text)
    return {
        owner: next(iter(texts))
        for owner, texts in found.items()
        if len(texts) == 1 and whole not in texts
    }
