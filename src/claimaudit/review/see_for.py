"""A sentence that is a pointer at removed citations for a topic: "See [1] for X.", "See also [1]
and [2] for X.", "Cf. [1] for X.", "For X, see [1].". Its claim is what it says of the cited
works, that they cover the topic: "The cited work covers X.", "The cited works cover X."
(without the pointer it read "For X.", which says nothing of them). One rule for "see", "see
also", "cf." and "compare", with or without "e.g."; German's, French's and Spanish's ("Siehe [1]
für X.", "Pour X, voir [1].") say it in their language ("Die zitierte Arbeit behandelt X.").
Inside a sentence of the author's own claim, a bracket pointing so ("X holds (see [1] for a
proof).") goes whole, as "X holds; see [1] for a proof." does, and so does one ending it, the
topic first ("X holds; for details, see [1]."). A topic of pointer words alone ("See [1] for
details.") is no claim (``citation_only``) and is left as it is; one citing a work of its own
("For Y [2], see [1].") is what the sentence says of that work: "Y.".
Citations given as examples opening the sentence as its subject ("E.g. [1] shows Y.", "For
example [1] and [2] are benchmarks.") are its subject still, as with the pointer's comma
written: "E.g., the cited work shows Y.", not "E.g. shows Y." (``without_example_pointer``).
Used by ``leftovers.tidy`` on a sentence whose removed citations are marked (``REMOVED``).
"""

from __future__ import annotations

import re

from claimaudit.review.citation_only import POINTING
from claimaudit.review.verbs import HOLE, REMOVED, VERB_AFTER, is_verb

# One blank run, then one after a comma: "\s*,?\s*" would split a long run in every way, and
# "See" before 20,000 blanks took 10 s. A comma after "e.g." takes its blanks before it, so the
# caller's run after the pointer is the only one there.
# German, French and Spanish ones too (``abroad``): "Siehe [1] für X.", "Pour X, voir [1].".
POINTER = (
    r"(?:see(?:\s+also)?|cf\.?|compare|siehe(?:\s+auch)?|vgl\.(?:\s+auch)?|voir(?:\s+aussi)?"
    r"|v[ée]ase(?:\s+tambi[ée]n)?)"
    r"(?:(?<!\s)\s*(?:,\s*)?(?:e\.\s?g\.|for\s+example|for\s+instance|also)(?:\s*,)?)?"
)
# What a topic follows: "for", and German's, French's and Spanish's (not "para 3", a paragraph).
FOR = r"(?:for|für|pour|para(?!\s+\d))"
# "See [1] for X.": the pointer opens the sentence, "for" and its topic after the citations (a
# locator set off by commas is gone already: "See [1], p. 3, for X.").
# A sentence in brackets of its own, "(See [1] for X.)", is read so too, without them.
# A bracket pointing at the works' own references may follow them: "See [1] (and references
# therein) for X." (was "See for X.").
_THEREIN = r"\((?:and\s+)?(?:the\s+)?(?:references?|refs?\.?)\s+(?:cited\s+)?therein\)\s*"
# Another bracket there says where the works hold (group 3): "See [1] (in mice) for X." reads
# "The cited work covers X (in mice).", not "See (in mice) for X.".
_ASIDE = rf"\(([^()\[\]{REMOVED}]{{1,200}})\)\s*"
SEE_THEN_FOR = re.compile(
    rf"^\s*(\(?)\s*{POINTER}\s*({HOLE})\s*(?:{_THEREIN}|{_ASIDE})?(?:,\s*)?{FOR}\s+(?=\S)",
    re.IGNORECASE,
)
# "For X, see [1]." (or "For X see [1]."): the topic first, the pointer and its citations
# ending the sentence.
FOR_THEN_SEE = (
    rf"{FOR}\s+(?=\S)([^,;:()\[\]{REMOVED}]{{1,200}}?)(?<!\s)\s*(?:,\s*)?{POINTER}\s*({HOLE})"
)
# Its works may be paired with the topic's items: "For X and Y, see [1] and [2], respectively."
# reads "The cited works cover X and Y, respectively.", as "See [1] and [2] for X and Y,
# respectively." does (not "For X and Y.").
_FOR_THEN_SEE = re.compile(
    rf"^\s*{FOR_THEN_SEE}"
    r"(?<!\s)(?:\s*(?:(,)\s*)?(respectively))?(?<!\s)\s*(?:([.!?])\s*)?$",
    re.IGNORECASE,
)
# The same with a topic citing a work of its own: "For Y [2], see [1].". A bracket is no part
# of it (the clause's pattern below reads one).
_CITED_TOPIC_THEN_SEE = re.compile(
    rf"^\s*{FOR}\s+(?=\S)([^,;:()\[\]]{{1,200}}?)(?<!\s)\s*(?:,\s*)?{POINTER}\s*({HOLE})"
    r"(?<!\s)\s*(?:([.!?])\s*)?$",
    re.IGNORECASE,
)
# Another work joined to the end of a pointer's topic: "See [1] for X and [2]." points at both
# for X, as "See [1] and [2] for X." does (not "X and."). Tried only where a blank run starts.
_JOINED_LAST = re.compile(rf"(?<!\s)\s+(?:and|or)\s+({HOLE})(?<!\s)\s*(?:([.!?])\s*)?$")
# A topic's words, a bracket of its own among them: "(see [1] for X (in mice))". Each piece
# opens with a bracket or with none, so a topic is read one way only.
# Other works pointed at in it go with it: "(see [1] for A and [2] for B)".
_TOPIC = r"(?:[^()\[\]]|\([^()\[\]]{0,200}\)){1,200}"
# "(see [1] for a proof)" after the author's words: a pointer aside, which goes whole.
_BRACKET = re.compile(
    rf"(?<=\w)\s*\(\s*{POINTER}\s*{HOLE}\s*(?:,\s*)?{FOR}\s{_TOPIC}\)",
    re.IGNORECASE,
)
# "X holds; for details, see [1].": the same pointer ending a sentence of the author's own, as
# its last clause. It goes whole, as "X holds; see [1] for details." does, not leaving "X holds;
# for details.". Tried only where a run of blanks starts, so a long run is read once.
# Its topic may cite works of its own and hold a bracket ("X holds; for Y [2], see [1]." read
# "X holds; for Y."): the clause goes whole, its citations with it, so no topic is reported.
# Each piece opens with a bracket or with none, so a topic is read one way only.
_CLAUSE_TOPIC = r"(?:[^,;:()\[\]]|\([^()\[\]]{0,200}\)){1,200}?"
_LAST_CLAUSE = re.compile(
    r"(?<!\s)\s*(?:[,;:]|\s-{1,3}|[\u2013\u2014])\s*"
    rf"{FOR}\s+(?=\S)({_CLAUSE_TOPIC})(?<!\s)\s*(?:,\s*)?{POINTER}\s*({HOLE})"
    r"(?<!\s)\s*(?:([.!?])\s*)?$",
    re.IGNORECASE,
)
_WORD = re.compile(r"[^\W\d_]+")
_STOPS = frozenset(" \t\n.!?")


def is_topic(words: str) -> bool:
    """Whether ``words`` name a topic of their own, not pointer words alone ("details")."""
    found = [word.lower() for word in _WORD.findall(words)]
    return bool(found) and not all(word in POINTING for word in found)


def _stops_before(text: str, end: int) -> int:
    """Where the blanks and stops ending ``text[:end]`` start (read back by hand, not by a
    pattern: a pattern tried from each blank of a long run took quadratic time)."""
    while end > 0 and text[end - 1] in _STOPS:
        end -= 1
    return end


def closing(rest: str) -> tuple[str, str] | None:
    """``rest`` of a sentence in brackets of its own ("X (in mice).)") without its closing
    bracket: its words ("X (in mice)") and its stop ("."), None where it ends in no bracket."""
    after = _stops_before(rest, len(rest))
    if rest[after - 1 : after] != ")":
        return None
    before = _stops_before(rest, after - 1)
    stops = [c for c in rest[before:] if c in ".!?"]
    return rest[:before], stops[0] if stops else ""


def _balanced(words: str) -> bool:
    """Whether each bracket in ``words`` closes in them, after it opens: "X (in mice)" is a
    topic, "X) and (Y" is none."""
    depth = 0
    for char in words:
        depth += (char == "(") - (char == ")")
        if depth < 0:
            return False
    return depth == 0


# What the cited work (works) do with a topic, in the language of the word before it: a German
# draft's "Siehe [1] für X." reads "Die zitierte Arbeit behandelt X.", not English around
# German words.
_COVERS = {
    "for": ("The cited work covers", "The cited works cover"),
    "für": ("Die zitierte Arbeit behandelt", "Die zitierten Arbeiten behandeln"),
    "pour": ("L'ouvrage cité porte sur", "Les ouvrages cités portent sur"),
    "para": ("La obra citada trata sobre", "Las obras citadas tratan sobre"),
}
_FOR_WORD = re.compile(FOR, re.IGNORECASE)


def _covers(hole: str, topic: str, pointer: str = "for") -> str:
    """What ``pointer`` (the words pointing at ``hole`` for ``topic``) says of the cited works;
    its language is that of its last "for" ("für", "pour", "para")."""
    found = _FOR_WORD.findall(pointer)
    one, several = _COVERS.get(found[-1].lower() if found else "for", _COVERS["for"])
    return f"{several if hole.count(REMOVED) > 1 else one} {topic}"


# A topic naming a work of a kind ("a review of X", "an overview of Y"): what the works are.
_A_WORK = re.compile(r"an?\s+(?=[^\W\d_])", re.IGNORECASE)


def _cited_topic(topic: str) -> str:
    """A whole-sentence pointer's ``topic`` that cites a work of its own ("See [1] for Y [2]."):
    the topic is what the sentence says of that work, "Y." (its mark kept for ``tidy``), not "For
    Y."; the work pointed at is given no topic of its own to cover. A topic that names a work
    of a kind ("For a review of X [1], see [2].") is what both works are: "The cited work is a
    review of X.", not "A review of X.", which says nothing of either."""
    topic = topic.lstrip()
    if _A_WORK.match(topic):
        return f"The cited work is {topic[:1].lower()}{topic[1:]}"
    return topic[:1].upper() + topic[1:]


def _with_aside(topic: str, aside: str | None) -> str:
    """``topic`` with the bracket after the works pointed at (``aside``, its words) before its
    stop: "X (in mice)."."""
    if not aside or not aside.strip():
        return topic
    end = _stops_before(topic, len(topic))
    return f"{topic[:end]} ({aside.strip()}){topic[end:]}"


def pointed_topics(text: str) -> str:
    """``text`` (its removed citations marked) read as what it says of the cited works where
    it is a pointer at them for a topic ("See \ue000 for X." reads "The cited work covers
    X."), and without a bracket pointing so inside a claim of its own."""
    text = _BRACKET.sub("", text)
    see = SEE_THEN_FOR.match(text)
    if see is not None:
        rest = text[see.end() :]
        if see.group(1):
            closed = closing(rest)
            if closed is None or not _balanced(closed[0]):
                return text  # "(See [1] for X) and Y.": the bracket closes before the end
            rest = closed[0] + closed[1]
        pointer = see.group()
        if REMOVED not in rest and is_topic(rest):
            return _covers(see.group(2), _with_aside(rest, see.group(3)), pointer)
        joined = _JOINED_LAST.search(rest)
        words = rest[: joined.start()] if joined else rest
        if joined and REMOVED not in words and is_topic(words):
            hole = see.group(2) + joined.group(1)
            covered = _covers(hole, _with_aside(words, see.group(3)), pointer)
            return covered + (joined.group(2) or ".")
        if REMOVED in rest and is_topic(rest.replace(REMOVED, " ")):
            return _cited_topic(rest)
        return text
    topic = _FOR_THEN_SEE.match(text)
    if topic is not None and is_topic(topic.group(1)):
        pointer = text[: topic.start(1)]
        paired = f", {topic.group(4)}" if topic.group(4) else ""
        covered = _covers(topic.group(2), topic.group(1), pointer)
        return covered + paired + (topic.group(5) or ".")
    cited = _CITED_TOPIC_THEN_SEE.match(text)
    if cited is not None and is_topic(cited.group(1).replace(REMOVED, " ")):
        return _cited_topic(cited.group(1) + (cited.group(3) or "."))
    last = _LAST_CLAUSE.search(text)
    if last is not None and is_topic(text[: last.start()]):
        return text[: last.start()] + (last.group(3) or "")
    return text


# "E.g. [1] shows Y.": the examples' pointer, no comma after it, before citations that are the
# sentence's subject.
_EXAMPLE_SUBJECT = re.compile(
    rf"^(\s*(?:e\.\s?g\.|for\s+example|for\s+instance))\s*(?=({HOLE}\s*))",
    re.IGNORECASE,
)


def without_example_pointer(text: str) -> str:
    """``text`` with a comma after "E.g." (or "For example") opening it before removed
    citations that a verb follows, as "E.g., [1] shows Y." is written, so that they read as
    the subject of what follows ("E.g., the cited work shows Y.")."""
    example = _EXAMPLE_SUBJECT.match(text)
    if example is None:
        return text
    verb = VERB_AFTER.match(text, example.end(2))
    if verb is None or not is_verb(verb.group(1)):
        return text
    return f"{example.group(1)}, {text[example.end() :]}"
