"""A citation used as a noun leaves a pointer with a hole in it ("(reviewed in )", "(Table 1 in
)", "(see for details)", ", as described in.", ", following and.", "in the work of."): a
bracket, a clause after a comma, or a phrase ending the sentence that opens with "as", "in",
"following", "according", "per", "see" or "cf." is dropped whole when it holds nothing but pointer
words (``POINTING``: "see", "in", verbs such as "described") and numbers, and has its hole:
a preposition or conjunction with nothing after it, or before another ("at for", "following
and"); such a phrase goes only after words of the sentence's own: a pointer alone ("As
described in [1].") reads as written, "As described in.", as "As described at." does. A
bracket opening with "see", "cf." or "compare" needs no hole ("(see, for details)"), nor does
a clause opening so that holds words of its own (", cf. the guide at for details").
A pointer opening the sentence goes before its citation's comma, or, where the removed
citation's mark shows its object was that citation, with none ("In [@a] the authors ...").
A bracket of nothing but the cited works' authors' names, pointer words and numbers ("(Smith and
Lee, 2020)", as "(\\citeauthor{a}, \\citeyear{a})" reads) is a citation mark, dropped.

Used by ``leftovers.tidy`` on a sentence whose removed citations are marked (``REMOVED``), or
gone where a LaTeX reader closed their gaps.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from functools import partial

from claimaudit.review.abroad import (
    BUT_ABROAD,
    IN_ABROAD,
    JOINING_ABROAD,
    NEEDS_OBJECT_ABROAD,
    OPENS_PHRASE_ABROAD,
    OPENS_POINTER_ABROAD,
    POINTER_ABROAD,
    SEVERAL_WORDS_ABROAD,
    SHOWN_ABROAD,
)
from claimaudit.review.adverbials import adverbial
from claimaudit.review.citation_only import POINTER_VERBS, POINTING
from claimaudit.review.subjects import HOLE, REMOVED, VERB_AFTER, is_verb, says_something

# A pointer opening the sentence's last clause ("It holds, see ."; "X holds \cite{a}, but
# see \cite{b}." leaves its "but" too; after a colon or a dash, "X holds: see [1]."), never a
# verb ending one: "easy to see \cite{a}" keeps its "see". A "cf." may share its stop with the
# sentence ("..., but cf. \cite{b}.").
_DANGLING_POINTER = re.compile(
    r"(?:^|(?<!\s)(?:\s*[,;:]\s*(?:(?:but|and|or)\s+)?|\s+but\s+|\s+(?:-{1,3}|[\u2013\u2014])\s*))"
    # Its examples' pointer may follow it: ", see e.g. [1]." read "X holds, see e.g.". One blank
    # run before a comma and one after it: "\s*,?\s*" split a run of no-break spaces (which
    # squeezing keeps) every way, and 10,000 after ", see" took 7 s to review.
    # Other languages' pointers too (``abroad``): "X gilt, vgl. [1]." read "X gilt, vgl.".
    rf"(?:see also|see|cf\.?|{POINTER_ABROAD})"
    r"(?:\s*(?:,\s*)?(?:e\.\s?g\.?|for example|for instance),?)?\s*[.!?]?$",
    re.IGNORECASE,
)

# What a pointer at a cited work is made of: citation-only sentences' words, and the verbs
# that introduce a work ("as described in").
_VERBS = sorted(POINTER_VERBS - {"according"})
_POINTING = POINTING
# Words that need an object: one with nothing after it (or another of them, or "for") had a
# citation for it.
_NEEDS_OBJECT = (
    frozenset("in of by from at on to with following see cf and or after via per like as".split())
    | NEEDS_OBJECT_ABROAD
    | {"siehe", "vgl", "voir", "véase", "vease"}
)
# What a topic follows, in English and abroad ("see [1] for", "siehe [1] für", "voir [1] pour").
_FOR = frozenset({"for", "für", "pour", "para"})
# "Also" after a pointer is the pointer's: "see also [1] for a proof" had its hole after it.
_ALSO = frozenset({"also", "auch", "aussi", "también", "tambien"})
_OPENS_POINTER = frozenset({"see", "cf", "compare"}) | OPENS_POINTER_ABROAD
# What opens a pointer phrase at the sentence's start ("As described by [1] the method ...").
_POINTER_OPENERS = frozenset({"as", "see", "cf", "according", "following", "in"})
# After one of these, "following" is a noun: "include the following \cite{a}:" keeps it.
_DETERMINERS = frozenset("the a an this these those".split())
_TOKEN = re.compile(r"[^\W_]+")
_BRACKET = re.compile(r"(?<!\s)\s*[(\[]([^()\[\]]{1,300})[)\]]")
_CLAUSE = re.compile(r"(?<!\s)\s*[,;]([^,;()\[\]]{1,300}?)(?=[.!?]?$)")
_PHRASE_CHARS = 80
_UNOPENED = re.compile(r"^[^(\[]*[)\]]")  # a bracket closing that opened before
_PHRASE = re.compile(
    rf"\s+(?=(?:as|in|following|according|per|see|cf\.|{OPENS_PHRASE_ABROAD})\b)", re.IGNORECASE
)
# The same pointer opening the sentence before a comma ("According to \cite{a}, X" and "In
# [3], the authors ..." read "According to, X" and "In, the authors"; before a colon, "See [1]: X"
# reads "See: X"), or set off by commas inside it ("Padding, as shown in [3], matters"). A
# comma or colon right after a preposition is never the author's.
_HEAD = re.compile(r"([^\W\d_][^,;()\[\]]{0,79}?)\s*,\s*(?=\w)")
_HEAD_BEFORE_COLON = re.compile(r"([^\W\d_][^,;:()\[\]]{0,79}?)\s*:\s*(?=\w)")
# The same pointer with no comma after its removed citation ("In [@a] the authors show ...",
# "According to \\cite{a} baselines are key"): only a removed mark tells where its object was,
# so it is read before the marks go (a LaTeX sentence's are set where a citation printed
# nothing). The citations may be several, joined ("Following [1] and [2] we ...": ``HOLE``).
# The joined citations are taken whole (an atomic group): "In [1] and [2], X" is no pointer
# before "and [2], X", which read "And, X was shown.".
_HEAD_BEFORE_HOLE = re.compile(
    rf"\s*([^\W\d_][^,;()\[\]{REMOVED}]{{0,79}}?)\s*(?>{HOLE})\s*(?=[^\W\d_])", re.IGNORECASE
)
_INSIDE = re.compile(
    rf"(?<!\s)\s*,\s*((?:as|following|according|see|cf\.|{OPENS_PHRASE_ABROAD}|"
    + "|".join(_VERBS)
    + r")\b[^,;()\[\]]{0,80}?)\s*,(?=\s*\w)",
    re.IGNORECASE,
)
# A pointer inside the sentence, not set off by a comma, whose object was the removed citation
# after it ("We pad inputs as described at [1], the method ..." read "... as described at, the
# method ..."): only its mark tells where the object was.
# After a separator ("In summary: according to [1], X holds."; ";", a dash) the phrase opens a
# clause, its comma going with it: "In summary: X holds.", not "In summary:, X holds.".
# An "as" that "such" or "just" opens goes with it, and their comma: "We pad, such as in [1]."
# reads "We pad.", not "We pad, such.".
_PHRASE_BEFORE_HOLE = re.compile(
    rf"(?<=[^\s,(\[])(\s*,\s*(?:such|just)\s+|\s+(?:(?:such|just)\s+)?)"
    rf"((?:as|following|according)\b[^,;()\[\]{REMOVED}]{{0,80}}?)\s*{HOLE}"
    r"(\s*,(?=\s*\w))?",
    re.IGNORECASE,
)
_CONJUNCTIONS = frozenset({"and", "but", "or", "while", "whereas", "yet"})
_CLAUSE_SEPARATOR = re.compile(r"(?:[:;]|\s(?:-{1,3}|[\u2013\u2014]))\s*$")
# An "at" whose object was a removed citation, an address ("The code is available at [1]."):
# no cited work is named there (``subjects``), so it goes with it, not "available at.".
_AT_HOLE = re.compile(rf"(?<=[^\W\d_])\s+at\s*{HOLE}", re.IGNORECASE)
# An "in" or "per" whose object was a removed citation ending a clause of the author's, another
# after it: "X is used in [1] but Y fails." and "X is used in [1], and [2] shows Y." read "X is
# used but Y fails." and "X is used, and the cited work shows Y.", as "X is used in [1]." reads
# "X is used." (``without_pointer_tail``), not "X is used in but Y fails.".
# Other languages' "according to" and "in" too (``abroad``): "X gilt gemäß [1] und Y." read "X
# gilt gemäß und Y.", "X tient selon [1], et Y." "X tient selon, et Y.".
_IN_HOLE = re.compile(
    rf"(?<=[^\W\d_])\s+(?:in|per|{'|'.join(sorted(IN_ABROAD))})\s*{HOLE}"
    rf"(?=\s*(?:[,;:]|(?:and|but|or|while|whereas|{JOINING_ABROAD}|{BUT_ABROAD})\s"
    r"|(?:-{2,3}|[\u2013\u2014])))",
    re.IGNORECASE,
)
# Removed citations set off by commas, alone: "Prior work, [1], shows Y." and "Two works, [1]
# and [2], show Y." read "Prior work shows Y." and "Two works show Y.", not "Prior work, shows
# Y." and "Two works, and, show Y." (after an opening adverbial, its comma stays).
_SET_OFF_HOLE = re.compile(rf"(?<=[^\W_])\s*,\s*{HOLE}\s*,(?=\s*[^\W\d_])")
# A removed citation after a list's comma, "and" or "or" right after it: "We compare A, [1]
# and B." reads "We compare A and B.", not "We compare A, and B.": of two items the comma was
# the citation's (of three, "A, B, [1] and C", the list's, and it stays).
_LISTED_HOLE = re.compile(rf"(?<=[^\W_])\s*,\s*({HOLE})(?=\s*(?:and|or)\b)")
_COPULAS = frozenset("is are was were be been being".split())
# What opens a clause a list lies in: a list's items are counted after it (``_earlier_item``).
_CLAUSE_OPENING = re.compile(r"[;:()\[\]]|\s(?:-{1,3}|[\u2013\u2014])\s")
# Removed citations given as examples, set off by a comma, go with their pointer: "Tools, e.g.
# [1], help." and "X holds, e.g. [1]." read "Tools help." and "X holds.", not "Tools, e.g.,
# help." and "X holds, e.g.".
_EXAMPLES_HOLE = re.compile(
    # Tried only where a blank run starts: from each blank of a long run, "\s*," ran to its end.
    r"(?<!\s)\s*,\s*(?:e\.\s?g\.|i\.\s?e\.|for example|for instance),?"
    rf"\s*{HOLE}\s*(?:(,)|(?=[.!?;:)]|$))",
    re.IGNORECASE,
)
# A verb that introduces a work, its preposition's object the removed citation: "The method is
# described at [1]." reads "The method is described." ("based on [1]" is no verb that points
# at a work: ``subjects`` names its object).
_VERB_BEFORE_HOLE = re.compile(
    rf"\b({'|'.join(_VERBS)})\s+(?:at|in|by|on|from|via)\s*{HOLE}", re.IGNORECASE
)


# Pointers of several words, one of them short and English too ("a", "an"): "Conforme a [1], X"
# and "Im Anschluss an [1], X" are read as one word needing its object, as "Según [1], X" is
# (``abroad.SEVERAL_WORDS_ABROAD``), not as "a" left after "conforme".
_SEVERAL_WORDS = re.compile(rf"\b(?:{SEVERAL_WORDS_ABROAD})\b", re.IGNORECASE)


def _words(text: str) -> list[str]:
    return [word.lower() for word in _TOKEN.findall(_SEVERAL_WORDS.sub(" según ", text))]


def _has_hole(words: list[str], before: str | None = None) -> bool:
    """Whether a word needing an object has none: the last, or one before another. One after
    a determiner is a noun ("the following:"); ``before`` is the word before ``words``."""
    if not words:  # ", !": no word, so no hole (and no pair to read)
        return False
    words = [
        word
        for index, word in enumerate(words)
        if not (word in _ALSO and index and words[index - 1] in _OPENS_POINTER)
    ]
    # A participle after one, German's word order, had it too: "wie in [1] gezeigt".
    return any(
        word in _NEEDS_OBJECT
        and previous not in _DETERMINERS
        and (after is None or after in _NEEDS_OBJECT or after in _FOR or after in SHOWN_ABROAD)
        for previous, word, after in zip(
            [before, *words[:-1]], words, [*words[1:], None], strict=True
        )
    )


def _pointing(words: list[str]) -> bool:
    return (
        bool(words)
        and all(w in _POINTING or w.isdigit() for w in words)
        and not says_something(words)
    )


# Words pointing at a cited work's own references: "(and references therein [1])" needs no
# hole, as its "therein" is the cited work (German "(siehe [1] und die dort zitierte Literatur)").
_THEREIN = frozenset({"therein", "dort", "darin"})


def _pointer_bracket(match: re.Match[str], names: Collection[str] = ()) -> str:
    words = _words(match.group(1))
    opens = bool(words) and words[0] in _OPENS_POINTER
    # One opening with a separator had a citation before it: "([1], p. 3)" left "(, p. 3)".
    cited = match.group(1).lstrip()[:1] in (",", ";")
    if _pointing(words) and (opens or cited or _has_hole(words) or not _THEREIN.isdisjoint(words)):
        return ""
    if _names_only(match.group(1), names):
        return ""
    return _without_last_pointer(match)


# A bracket's last clause, after a separator: "(in NLP, see [1])", "(in mice; cf. [1])".
_LAST_CLAUSE = re.compile(r"\s*[,;:]([^,;:]*)$")
_JOINING = frozenset({"and", "but", "or"})


def _without_last_pointer(match: re.Match[str]) -> str:
    """A bracket (``_BRACKET``'s ``match``) without its last clause where that clause is a
    pointer at a removed citation ("(in NLP, see [1])" reads "(in NLP)", "(in NLP, but see
    [1] for details)" "(in NLP)"), as a sentence's last one goes (``without_pointer_tail``)."""
    inside = match.group(1)
    clause = _LAST_CLAUSE.search(inside)
    if clause is None or not _TOKEN.search(inside, 0, clause.start()):
        return match.group()
    words = _words(clause.group(1))
    words = words[1:] if words[:1] and words[0] in _JOINING else words
    opens = bool(words) and words[0] in _OPENS_POINTER
    if not (opens and _pointing(words)):
        return match.group()
    start = match.start(1) - match.start()
    kept = match.group()[: start + clause.start()]
    return kept + match.group()[start + len(inside) :]


def _names_only(group: str, names: Collection[str]) -> bool:
    """Whether a bracket's words are a citation written out, "(\\citeauthor{a},
    \\citeyear{a})" read "(Smith and Lee)": the cited works' authors' ``names`` (one at least
    written with a capital, as a name is: "(in the park)" is no "Park"), pointer words and
    numbers ("(see Smith and Lee 2020, p. 3)")."""
    tokens = _TOKEN.findall(_UNDATED.sub(" ", group))
    named = [t for t in tokens if t.lower() in names]
    return any(t[:1].isupper() for t in named) and all(
        t in named or t.lower() in _POINTING or t.isdigit() or _YEAR.fullmatch(t) for t in tokens
    )


# An author-year citation's year: one with its letter ("Smith et al., 2020a; 2021"), and what
# stands for one ("n.d.", "in press", "forthcoming").
_YEAR = re.compile(r"\d{4}[a-z]")
_UNDATED = re.compile(r"\bn\.\s?d\.|\bin press\b|\bforthcoming\b", re.IGNORECASE)


def without_pointer_tail(text: str) -> str:
    """``text`` without a clause or phrase ending it that points at a removed citation."""
    clause = _CLAUSE.search(text)
    if clause:
        words = _words(clause.group(1))
        opens = bool(words) and words[0] in _OPENS_POINTER
        if (
            _has_hole(words)
            and (opens or _pointing(words))
            and _TOKEN.search(text, 0, clause.start())
            # A pointer alone ("For details, see [1].") reads as written, as "See." does.
            and not _pointing(_words(text[: clause.start()]))
        ):
            return text[: clause.start()] + text[clause.end() :]
    # A pointer is a few words: only the sentence's last ones are read (no quadratic scan).
    for phrase in _PHRASE.finditer(text, max(len(text) - _PHRASE_CHARS, 0)):
        words = _words(text[phrase.end() :])
        if words == ["as"]:
            continue  # "as good as." is no pointer
        preceding = _words(text[max(phrase.start() - 20, 0) : phrase.start()])
        before = preceding[-1] if preceding else None
        if words[:1] == ["see"] and before not in ("and", "but", "or"):
            continue  # "easy to see \cite{a}." ends in a verb; ", see" is the clause's to drop
        if _UNOPENED.search(text, phrase.end()):
            continue  # inside a bracket: "(in NLP, but see)." is no sentence's pointer to cut
        # Only after words of the sentence's own: a pointer alone ("As described in.") stays
        # whole, as "As described at." does, not cut to "As described." (nor "As in." to "As.").
        opening = _words(text[: phrase.start()])
        if _pointing(words) and _has_hole(words, before) and opening and not _pointing(opening):
            end = re.search(r"[.!?]?$", text)
            return text[: phrase.start()] + (end.group() if end else "")
    return text


def _dangling(words: list[str]) -> bool:
    """Whether ``words`` are a pointer with a hole, a preposition's object gone: "and" or
    "or" alone is an author's ("And, as expected, ...")."""
    return _pointing(words) and _has_hole(words) and words not in (["and"], ["or"])


def without_pointer_head(text: str) -> str:
    """``text`` without a pointer at a removed citation opening it or set off by commas in
    it ("According to, X holds." and "See: X holds." read "X holds."; "X, as shown in,
    holds." reads "X holds.")."""

    def inside(match: re.Match[str]) -> str:
        if not _dangling(_words(match.group(1))):
            return match.group()
        # After an opening adverbial its comma stays ("However, X holds."); after a subject
        # none does ("The method works.").
        return "," if adverbial(text[: match.start()]) else ""

    text = _INSIDE.sub(inside, text)
    for opening in (_HEAD, _HEAD_BEFORE_COLON):
        head = opening.match(text)
        if head is not None and _dangling(_words(head.group(1))):
            return capitalised(text[head.end() :])
    return text


def capitalised(rest: str) -> str:
    """``rest`` opening a sentence: the sentence's capital goes to its new first word, unless
    it is written mixed ("pH")."""
    first = rest.split(maxsplit=1)[0] if rest.strip() else ""
    return rest[:1].upper() + rest[1:] if first.islower() else rest


def without_pointer_inside(text: str) -> str:
    """``text`` (its removed citations marked) without a pointer inside it whose object was the
    citation after it: a phrase opening with "as", "following" or "according" ("We pad inputs
    as described at \ue000, the method ...": a comma-set one is ``_INSIDE``'s), and a verb
    pointing at a work, its preposition's ("is described at \ue000." reads "is described.");
    not one that is a clause of pointer words of its own (", as described in \ue000.", ",
    described at \ue000,"), which goes whole later."""

    def phrase(match: re.Match[str]) -> str:
        words = _words(match.group(2))
        before = _words(text[max(match.start() - 20, 0) : match.start()])
        if _pointing(words) and _has_hole(words, before[-1] if before else None):
            if match.group(3) and _CLAUSE_SEPARATOR.search(text, 0, match.start()):
                return ""  # the clause's comma was the pointer's: the separator stays alone
            if match.group(3) and before and before[-1].lower() in _CONJUNCTIONS:
                # "X holds, and according to [2], Y holds." read "X holds, and, Y holds.":
                # the comma set the pointer off after the conjunction, and goes with it.
                return ""
            return REMOVED + (match.group(3) or "")
        return match.group()

    def verb(match: re.Match[str]) -> str:
        clause = max(text.rfind(c, 0, match.start()) for c in ",;([") + 1
        opening = _words(text[clause : match.start()])
        if not opening or _pointing(opening):  # ", described at \ue000," goes whole later
            return match.group()
        return f"{match.group(1)} {REMOVED}"

    def example(match: re.Match[str]) -> str:
        # Set off by commas, both go, unless an opening adverbial's stays ("However, X").
        return "," if match.group(1) and adverbial(text[: match.start()]) else ""

    text = _EXAMPLES_HOLE.sub(example, _PHRASE_BEFORE_HOLE.sub(phrase, text))
    text = _SET_OFF_HOLE.sub(partial(_set_off, text), text)
    text = _LISTED_HOLE.sub(partial(_listed, text), text)

    def at(match: re.Match[str]) -> str:
        # Only in a clause of the author's own words: a pointer ("As described at [1].",
        # ", cf. the guide at [1] for details") is read whole later.
        clause = max(text.rfind(c, 0, match.start()) for c in ",;([") + 1
        opening = _words(text[clause : match.start()])
        if not opening or _pointing(opening) or opening[0] in _OPENS_POINTER:
            return match.group()
        # "SciPy is at \citeurl{a}." says where it is: "SciPy is." would say nothing.
        return match.group() if opening[-1] in _COPULAS else REMOVED

    def within(match: re.Match[str]) -> str:
        # Only in a clause of the author's own words, as for "at": "X holds, as shown in [1],
        # and ..." is a pointer, read whole later.
        clause = max(text.rfind(c, 0, match.start()) for c in ",;([") + 1
        opening = _words(text[clause : match.start()])
        if not opening or _pointing(opening) or opening[0] in _OPENS_POINTER:
            return match.group()
        return REMOVED

    text = _VERB_BEFORE_HOLE.sub(verb, text)
    return _IN_HOLE.sub(within, _AT_HOLE.sub(at, text))


def _set_off(text: str, match: re.Match[str]) -> str:
    """What removed citations set off by commas leave (``_SET_OFF_HOLE``): nothing before a
    lower-case word ("Prior work shows Y."); one comma after an opening adverbial ("However,
    X") or before a list's next item ("A, [1], B and C hold." reads "A, B and C hold.")."""
    follows = _words(text[match.end() : match.end() + 20])[:1]
    if follows in (["and"], ["or"]):
        # Before a list's last item the comma is the list's where an item came before ("A, B,
        # [1], and C" reads "A, B, and C"); of two items, the citation's: "We compare A, [1],
        # and B." reads "We compare A and B.", not "We compare A, and B.".
        return match.group() if _earlier_item(text[: match.start()]) else ""
    keep = adverbial(text[: match.start()]) or not text[match.end() :].lstrip()[:1].islower()
    return "," if keep else ""


def _listed(text: str, match: re.Match[str]) -> str:
    """What a removed citation after a list's comma, "and" after it, leaves (``_LISTED_HOLE``):
    its mark alone where the list has two items ("A, [1] and B" reads "A and B"); the comma
    where an item came before it, or after an opening adverbial ("However, [1] and ...")."""
    before = text[: match.start()]
    if _earlier_item(before) or adverbial(before):
        return match.group()
    return f" {match.group(1)}"


def _earlier_item(before: str) -> bool:
    """Whether the clause ending ``before`` (the words before a citation set off by commas,
    "and" after it) holds a list's earlier item: a comma of its own, not an opening
    adverbial's ("However, A, [1], and B hold." lists two)."""
    clause = _CLAUSE_OPENING.split(before)[-1]
    head, comma, rest = clause.partition(",")
    if comma and not _CLAUSE_OPENING.search(before) and adverbial(head):
        return "," in rest
    return bool(comma)


def without_pointer_before_hole(text: str) -> str:
    """``text`` (its removed citations marked) without a pointer opening it whose object was
    the citation right after it ("In \ue000 the authors show" reads "The authors show"); not
    where what follows says nothing of its own ("See [@a] for details." is no claim)."""
    head = _HEAD_BEFORE_HOLE.match(text)
    if head is None or not _dangling(_words(head.group(1))):
        return text
    verb = VERB_AFTER.match(text, head.end())
    words = _words(head.group(1))
    if verb is not None and verb.group(1).lower() in SHOWN_ABROAD:
        return text  # "Wie in [1] gezeigt, X gilt.": the pointer ends at its participle
    if verb is not None and is_verb(verb.group(1)):
        if words == ["as"]:
            return text  # "As [1] showed, X holds": the citation is the clause's subject
        if words[-1] in ("by", "of", "from") and words[0] not in _POINTER_OPENERS:
            return text  # "The work of [1] is seminal": the citation is a subject's part
    rest = text[head.end() :]
    return text if _pointing(_words(rest)) else capitalised(rest)


def without_dangling(text: str) -> str:
    """``text`` without a pointer word left dangling at its end, its stop kept; a sentence of
    nothing else keeps it ("See." as "As described in." does, not ".")."""
    match = _DANGLING_POINTER.search(text)
    if match is None or not _TOKEN.search(text, 0, match.start()):
        return text
    if _pointing(_words(text[: match.start()])):
        return text  # "For details, see [1]." alone reads as written, as "For details see." does
    return text[: match.start()] + (text[-1] if text[-1] in ".!?" else "")


def without_pointer_brackets(text: str, names: Collection[str] = ()) -> str:
    """``text`` without each bracket that is a pointer at a removed citation ("(reviewed in
    )"), or a citation mark written out (the cited works' authors' ``names``), and without a
    bracket's last clause that is such a pointer ("(in NLP, see )" reads "(in NLP)")."""
    return _BRACKET.sub(partial(_pointer_bracket, names=names), text)
