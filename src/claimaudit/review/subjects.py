"""Who a removed citation was, where it was a clause's subject or an owner: "[1] showed that X"
reads "The authors showed that X", "[1] is a benchmark" "The cited work is a benchmark", "[1]
and [2] are benchmarks" "The cited works are benchmarks", "[1] and [2] is a benchmark" "Each
cited work is a benchmark", "Both [1] and [2] ..." "Both cited works ...", "However, [1]
showed" "However, the authors showed", "As [1] showed, X" "As the authors showed, X", "[1]'s
method" "The cited work's method", "[1] et al. showed" and "[1] and colleagues showed" "The
authors showed", "The work of [1]" "The cited work", "Unlike [3], X" "Unlike the cited work,
X", and "Ref. [1]" is the citation whole.
Rather than a verb with no subject, the sentence reads as a textual citation of a work whose
entry names no author does.
Used by ``leftovers.tidy`` on a sentence whose removed citations are marked (``REMOVED``).
"""

from __future__ import annotations

import re

from claimaudit.review.abroad_verbs import subject_abroad
from claimaudit.review.citation_only import POINTER_VERBS, POINTING
from claimaudit.review.clauses import clause_subjects
from claimaudit.review.stranded import stranded
from claimaudit.review.verbs import (
    HOLE,
    PLURAL_COPULAS,
    PREPOSITIONS,
    REMOVED,
    UNNAMED_AUTHORS,
    VERB_AFTER,
    is_verb,
    singular,
    subject_for,
)

# What a removed citation leaves, and who a subject was, are ``verbs``' to say.
__all__ = ["HOLE", "REMOVED", "UNNAMED_AUTHORS", "VERB_AFTER", "is_verb"]


# A removed citation that was the sentence's subject ("[1] showed that ...", "\\cite{a} found
# ..."): the verb after it is lower case. It reads as a textual citation of a work whose
# authors no entry names does, rather than as a sentence without a subject.
# An aside may stand between it and its verb: "[1] (see also [2]) showed X", "[1], among
# others, showed X".
_HOLE_SUBJECT = re.compile(
    rf"\s*{HOLE}\s*(?P<aside>\([^()]{{1,80}}\)\s*|,[^,;:()\[\]{REMOVED}]{{1,40}},\s*)?"
    r"(?=[^\W\d_])"
)
# "Both [1] and [2] are ...", "Both [1, 2] are ...", "Neither [1] nor [2] is ...": the works,
# each of them, are the subject.
# "Either [1] or [2] is wrong": each of them, one at a time.
_BOTH_SUBJECT = re.compile(
    rf"\s*(?:(Both)\s+{HOLE}|(Neither)\s+{REMOVED}\s*nor\s+{REMOVED}"
    rf"|(Either)\s+{REMOVED}\s*or\s+{REMOVED})\s*"
)
# "Only [1] shows X.", "Even [1] and [2] fail.": the works are the subject, the word before
# them says which (was "Only shows X.").
_ONLY_SUBJECT = re.compile(rf"\s*(Only|Even|Just)\s+({HOLE})\s*(?=[^\W\d_])")
# A removed subject inside the sentence: after a short opening phrase and its comma ("However,
# [1] showed", "In 2020, [1] and [2] were proposed"), after "that", "which", "what", "while",
# "whereas", "although", "though", "because", "when", "if", "but" or "as" ("We note that [1]
# is", "As [1] showed, X", "While [1] shows X", "a benchmark which [1] introduced"), or
# opening a clause after ", and", ", but", ";", ":" or a dash ("X holds: [1] showed Y.").
_SUBJECT_INSIDE = re.compile(
    rf"(^[^,;:()\[\]{REMOVED}]{{1,40}}?,\s*"
    r"|\b(?:that|which|what|[Ww]hile|[Ww]hereas|[Aa]lthough|[Tt]hough|[Bb]ecause|[Ww]hen|[Ii]f"
    r"|(?<![Ss]uch )[Aa]s)\s+"
    # "but" opens a clause with no comma too ("X holds [1] but [2] shows Y."), unless it means
    # "except" ("all but [2]").
    r"|(?<!\b[Aa]ll )(?<!\b[Nn]othing )(?<!\b[Aa]nything )\bbut\s+"
    # A dash after a blank, or after a citation a LaTeX draft's reader closed up against it
    # ("X holds \\cite{a} --- \\cite{b} showed Y." is "X holds \ue000\u2014 \ue000showed Y."):
    # unspaced between citations, a dash is a range's (``HOLE``).
    rf"|(?:,\s*(?:and|but)|[;:]|(?:\s|(?<={REMOVED}))(?:-{{1,3}}|[\u2013\u2014]))\s+)"
    rf"({HOLE})\s*"
    r"(?=(?:(?:also|thus|always|sometimes|perhaps|\w+ly) )?([^\W\d_]+)\b)"
)
# The main clause's subject after an opening clause of its own ("While [1] shows X, [2] shows
# Y.", its own subject named already): the comma closing it opens no short phrase.
_SUBJECT_AFTER_OPENING = re.compile(
    r"^(\s*(?:While|Whereas|Although|Though|Because|When|If|As)\s"
    rf"[^,;:()\[\]{REMOVED}]{{1,200}}?,\s*)({HOLE})\s*"
    r"(?=(?:(?:also|thus|always|sometimes|perhaps|\w+ly) )?([^\W\d_]+)\b)"
)
# "Ref. [1]", "Refs. [1, 2]", "Reference [1]": the word is part of the citation it names.
# The abbreviation may touch its mark: a LaTeX draft's reader closes "Ref.~\\cite{a}," up to
# "Ref.\ue000,", the tie going with the citation that printed nothing.
_REFERENCE_WORD = re.compile(rf"\b(?:[Rr]efs?\.\s*|[Rr]eferences?\s+)(?={REMOVED})")
# A removed citation standing for its authors' names, with their fellows: "[1] et al. showed",
# "[1] and colleagues showed" (a name written as a number) name the authors, no others; "[1]
# et al.'s method" is theirs.
_AUTHORS_AND_FELLOWS = re.compile(
    rf"({HOLE})\s*(?:et\.?\s+al\b(?:\.(?=\s*\S))?|and\s+(?:(?:his|her|their)\s+)?"
    r"(?:colleagues|co-?workers|collaborators|co-?authors)\b)(?:(['\u2019])s\b)?",
    re.IGNORECASE,
)
# A removed citation owning what follows: "[1]'s method", "[1] and [2]'s methods".
_POSSESSIVE = re.compile(rf"({HOLE})\s*(['\u2019]s)\b")
# A removed citation after "by", "of" or "from", a verb after it: a subject's part ("Studies by
# [1] show gains", "The work of [1] is seminal"); the word before the preposition is group 1.
# Tried only where a word starts: from each letter of a long word, the word ran to its end.
_OBJECT_IN_SUBJECT = re.compile(
    rf"(?<![^\W\d_])([^\W\d_]+)\s+(by|of|from)\s+({HOLE})\s*"
    r"(?=(?:(?:also|thus|always|sometimes|perhaps|\w+ly) )?([^\W\d_]+)\b)"
)
# "The work of [1]" is the cited work itself: "The work of the cited work is seminal" says it
# twice, "We build on the work of." names nothing. So are a paper, a study and an article of
# it. "In the work of [1]" is a pointer, which goes whole (``leftovers``).
_WORK_OF = re.compile(rf"(?<![Ii]n )\b([Tt]he)\s+(work|paper|study|article)\s+of\s+({HOLE})")
# A removed citation, the object of a preposition in a phrase opening the sentence before its
# comma ("Unlike [3], X is faster", "Compared with [3] and [4], X"): the cited work(s), not
# "Unlike, X is faster". A phrase of nothing but pointer words ("According to [3], X") goes
# whole (``leftovers``).
_OPENING_OBJECT = re.compile(rf"^(\s*[^\W\d_][^,;:()\[\]{REMOVED}]{{0,40}}?)\s*({HOLE})\s*(?=,)")
_WORD = re.compile(r"[^\W\d_]+")
# A removed citation a preposition inside the sentence had for its object ("X is faster than
# [3].", "Results agree with [3] on Y.", "This is based on [1]."): the cited work(s), not
# "faster than.". Not "at" (an address's "available at"), nor a pointer's object, which goes
# whole with it (``leftovers``: "(Table 1 in [1])", ", as described in [1].", "shown by [1]").
_PREPOSITION_OBJECT = re.compile(rf"(?<![^\s,;(\[])([^\W\d_]+)\s*({HOLE})")
_OBJECT_PREPOSITIONS = PREPOSITIONS - {"at"}
# What opens a pointer phrase, which goes whole: "X reduces Y in the work of [1]."
_PHRASE_OPENERS = frozenset({"as", "in", "following", "according", "see", "cf"})
_CLAUSE_START = re.compile(r"[,;(\[][^,;(\[]*$")


def subject_after_aside(text: str) -> bool:
    """Whether ``text`` opens with removed citations, a comma-set aside and a verb: "\ue000,
    among others, showed X" has the citation for its subject, no separator to drop."""
    hole = _HOLE_SUBJECT.match(text)
    if hole is None or not (hole.group("aside") or "").startswith(","):
        return False
    verb = VERB_AFTER.match(text, hole.end())
    return verb is not None and is_verb(verb.group(1))


def _verb_after(text: str, at: int) -> bool:
    verb = VERB_AFTER.match(text, at)
    return verb is not None and is_verb(verb.group(1))


def name_subjects(text: str) -> str:
    """``text`` (its removed citations marked) with a subject where removed citations were
    its subject, as the verb reads them (``_subject``): "\ue000 showed that X" reads "The
    authors showed that X", "Both \ue000 and \ue000 are benchmarks" "Both cited works are
    benchmarks"."""
    both = _BOTH_SUBJECT.match(text)
    only = _ONLY_SUBJECT.match(text)
    hole = _HOLE_SUBJECT.match(text)
    verb = VERB_AFTER.match(text, hole.end()) if hole is not None else None
    if both is not None and VERB_AFTER.match(text, both.end()):
        word = both.group(1) or both.group(2) or both.group(3)
        said = "cited works" if word == "Both" else "cited work"
        text = f"{word} {said} {text[both.end() :]}"
    elif only is not None and _verb_after(text, only.end()):
        said = "the cited works" if only.group(2).count(REMOVED) > 1 else "the cited work"
        text = f"{only.group(1)} {said} {text[only.end() :]}"
    elif hole is not None and verb is not None and text[hole.end()].islower():
        aside = hole.group("aside") or ""
        cited = text[: hole.start("aside") if aside else hole.end()]
        subject = subject_for(verb.group(1), cited.count(REMOVED) > 1)
        # After an aside, only a verb makes the citation its subject ("[1], we show" has no
        # second comma; "[1], as shown, the method works" no verb after it).
        if not aside or is_verb(verb.group(1)):
            text = f"{subject}{'' if aside.startswith(',') else ' '}{aside}{text[hole.end() :]}"
    # And a clause's inside it: "[1] is fast, while [2] is slow."; and an object of "by" or
    # "of" inside a subject: "Studies by [1] show gains."
    text = _OPENING_OBJECT.sub(_opening_object, _WORK_OF.sub(_work_of, text))
    text = _SUBJECT_INSIDE.sub(_subject_inside, text)
    text = clause_subjects(_SUBJECT_AFTER_OPENING.sub(_subject_inside, text))
    return _PREPOSITION_OBJECT.sub(_preposition_object, _OBJECT_IN_SUBJECT.sub(_object, text))


def _preposition_object(match: re.Match[str]) -> str:
    """The cited work(s) for removed citations a preposition inside the sentence had for its
    object, unless a pointer at them holds it (``_PREPOSITION_OBJECT``)."""
    preposition = match.group(1).lower()
    before = _WORD.findall(match.string.lower(), max(match.start() - 20, 0), match.start())
    # "unlike in [3]", "than in [3]": a comparison with the work, no pointer at it; "such as
    # [1]": works named as examples.
    compared = preposition == "in" and before[-1:] in (["unlike"], ["than"], ["like"])
    named = preposition == "as" and before[-1:] == ["such"]
    # "X holds for [1] but not [2].": the preposition's second object, its word left out.
    named = named or (preposition == "not" and before[-1:] in (["but"], ["and"], ["or"]))
    # "All but [2] show Y.": "but" meaning "except", the work left out of what is said.
    named = named or (preposition == "but" and before[-1:] in _ALL_BUT)
    # "X uses Y, as does [3].": the work is the subject of the verb left out, as it is named.
    named = named or (preposition in _AUXILIARIES and before[-1:] in (["as"], ["so"]))
    if not compared and not named and preposition not in _OBJECT_PREPOSITIONS:
        return match.group()
    if stranded(preposition, before[-1:], match.string, match.end()):
        return match.group()
    if not named and _pointer_holds(match.string, match.end(1)):
        return match.group()
    clause = _CLAUSE_START.search(match.string, 0, match.end(1))
    opening = match.string[clause.start() if clause else 0 : match.end(1)]
    ends = not _WORD.match(match.string[match.end() :].lstrip())
    if ends and _ADVERB_BEFORE.search(" ".join(_WORD.findall(opening.lower()))):
        return match.group()  # "Y holds as we noted before [1].": no work it came before
    return f"{match.group(1)} {_works(match.group(2).count(REMOVED) > 1)}"


# Verbs standing for one left out after "as" or "so": "as does [3]", "so did [3]".
_AUXILIARIES = frozenset("does do did is are was were has have had can could will would".split())
# What "but" means "except" after: "all but [2]", "none but [2]", "everything but [2]".
_ALL_BUT = (["all"], ["none"], ["nothing"], ["anything"], ["everything"], ["any"])


# Words that are pointer words apart but say something together: "in line with [1]" agrees
# with the work, no pointer at its lines ("l. 3", "line 5").
# So is a comparison's "in": "unlike in [3]", "than in [3]".
_IDIOMS = (("in", "line", "with"), ("unlike", "in"), ("than", "in"), ("like", "in"))


def says_something(words: list[str]) -> bool:
    """Whether ``words``, pointer words perhaps, hold an idiom that says something of its own
    ("in line with"): no pointer, dropped with its citation."""
    return any(
        tuple(words[index : index + len(idiom)]) == idiom
        for idiom in _IDIOMS
        for index in range(len(words))
    )


def _pointer_holds(text: str, end: int) -> bool:
    """Whether the words before ``end`` (a preposition's end) in their clause end in a pointer
    at a work: a verb pointing at one before the preposition ("shown by"), or a phrase of
    pointer words opening so ("in the work of", "Table 1 in"), which goes whole
    (``leftovers``)."""
    clause = _CLAUSE_START.search(text, 0, end)
    words = [w.lower() for w in _WORD.findall(text[clause.start() if clause else 0 : end])]
    if says_something(words):
        return False
    if not words or words[-2:][0] in POINTER_VERBS or all(w in POINTING for w in words):
        return True
    opener = max((i for i, w in enumerate(words) if w in _PHRASE_OPENERS), default=None)
    return opener is not None and all(w in POINTING for w in words[opener:])


def _opening_object(match: re.Match[str]) -> str:
    """The cited work(s) for removed citations a preposition opening the sentence had for its
    object ("Unlike the cited work, X ..."); not in a pointer ("According to [3], X")."""
    words = [word.lower() for word in _WORD.findall(match.group(1))]
    if words[-1] not in PREPOSITIONS or all(word in POINTING for word in words):
        return match.group()
    if _ADVERB_BEFORE.search(" ".join(words)):
        return match.group()
    if stranded(words[-1], words[-2:-1], match.string, match.end()):
        return match.group()
    if words[0] not in _PHRASE_OPENINGS and _MORE_AFTER.match(match.string, match.end()):
        # The comma joins citations, no phrase's: "The results of [1], [2] show X." and "X is
        # based on [1], [2]." have them all for the object (``_object``, ``_preposition_object``),
        # not "The results of the cited work, the authors show X." nor "X is based on the
        # cited work."; "Unlike [1], [2] is faster" opens with its preposition.
        return match.group()
    return f"{match.group(1)} {_works(match.group(2).count(REMOVED) > 1)}"


# "As shown before [1-3], Y holds.": "before" is an adverb of the "as" clause's verb ("as we
# noted before"), no preposition with the citations for its object ("As opposed to [1]" has).
_ADVERB_BEFORE = re.compile(r"(?:^| )as(?: [^\W\d_]+){0,3} before$")

# What opens a phrase set off before the sentence's comma: a preposition, or a word that makes
# one ("In contrast to", "Compared with", "Relative to", "Similar to").
_PHRASE_OPENINGS = PREPOSITIONS | frozenset(
    "in at compared relative contrary similar similarly prior due thanks owing apart".split()
)
_MORE_AFTER = re.compile(rf",\s*(?:(?:and|or|&)\s+)?{REMOVED}")


def _work_of(match: re.Match[str]) -> str:
    """The cited work for "The work of [1]" (a study, a paper, an article); of several, as
    ``_object`` reads it ("The work of the cited works": their joint work, perhaps)."""
    if match.group(3).count(REMOVED) > 1:
        return match.group()
    return f"{match.group(1)} cited {match.group(2)}"


def _object(match: re.Match[str]) -> str:
    """A removed citation after "by", "of" or "from" that a verb follows: the authors
    ("Studies by the authors show"), else the works themselves ("A review of the cited work is
    given"); not after a verb pointing at a work ("proposed by [1] works": ``leftovers``)."""
    pointer, verb = match.group(1), match.group(4)
    if not is_verb(verb) or pointer.lower() in POINTER_VERBS:
        return match.group()
    several = match.group(3).count(REMOVED) > 1
    said = UNNAMED_AUTHORS if match.group(2) == "by" else _works(several)
    return f"{match.group(1)} {match.group(2)} {said} "


def _works(several: bool) -> str:
    return "the cited works" if several else "the cited work"


def _owner(match: re.Match[str]) -> str:
    """A removed citation owning what follows ("[1]'s method"), the cited work(s), in lower
    case unless it opens the sentence."""
    owner = (
        "the cited works'"
        if match.group(1).count(REMOVED) > 1
        else f"the cited work{match.group(2)}"
    )
    return (
        owner.capitalize()
        if match.start() == 0 or not match.string[: match.start()].strip()
        else owner
    )


def _subject_inside(match: re.Match[str]) -> str:
    """A removed subject inside the sentence (``_SUBJECT_INSIDE``), as ``_subject`` reads it,
    in lower case ("However, the cited works are ..."); a word no verb is (a list's "and")
    after it keeps the hole as it was."""
    if not is_verb(match.group(3)) or _listed_last(match):
        return match.group()
    verb = match.group(3)
    subject = subject_for(verb, match.group(2).count(REMOVED) > 1)
    return f"{match.group(1)}{subject[:1].lower()}{subject[1:]} "


# Citations listed before ", and" ("\ue000, \ue000, and"), or one a preposition has ("such as
# \ue000, and"): the citation after it is the list's last item, no clause's subject.
_SERIES_BEFORE = re.compile(rf"{REMOVED}[\s,;]*{REMOVED}\s*$")
_OBJECT_BEFORE = re.compile(rf"\b([^\W\d_]+)\s*{REMOVED}\s*$")


def _listed_last(match: re.Match[str]) -> bool:
    """Whether the removed citation after ", and" (``_SUBJECT_INSIDE``'s ``match``) ends a list
    of citations: "Works such as [1], [2], and [3] exist." names all three as such works, not
    "the authors exist"; "X holds [1], and [2] shows Y." opens a clause."""
    if not match.group(1).lstrip().startswith(","):
        return False
    before = match.string[: match.start()]
    preposition = _OBJECT_BEFORE.search(before)
    return bool(_SERIES_BEFORE.search(before)) or (
        preposition is not None and preposition.group(1).lower() in PREPOSITIONS | {"as"}
    )


def owners(text: str) -> str:
    """``text`` with "Ref. [1]" read as its citation, "[1]'s method" as "the cited work's
    method" and "[1] et al." or "[1] and colleagues" as "the authors" (capitalised where it
    opens the sentence)."""
    text = _AUTHORS_AND_FELLOWS.sub(_authors, _REFERENCE_WORD.sub("", text))
    return _POSSESSIVE.sub(_owner, text)


def _authors(match: re.Match[str]) -> str:
    """Removed citations with their authors' fellows ("[1] et al."): the authors, whose
    names the citation stood for."""
    opens = not match.string[: match.start()].strip()
    authors = UNNAMED_AUTHORS.capitalize() if opens else UNNAMED_AUTHORS
    return authors + (match.group(2) or "")  # "[1] et al.'s method": the authors' method


# "the authors" before a verb made for one subject ("[1] is a benchmark", "-@solo shows Y"):
# the work, not its authors, is what the writer made the subject ("work by the authors is"
# excepted). Plural verbs ending in "s" ("focus", "discuss") are not read as singular.
_AUTHORS_BEFORE_VERB = re.compile(
    r"(?<!\bby )\b([Tt])he authors "
    r"(?=(?:(?:also|thus|always|sometimes|perhaps|\w+ly) )?([^\W\d_]+)\b)"
)
# Textual citations of works whose entries name no author, listed: "@a and @b show Y." printed
# "The authors and the authors show Y."; they are the authors, once ("the cited works" before
# "are" or "were", as for removed citations: never "The authors are benchmarks").
_AUTHORS_LISTED = re.compile(
    r"\b([Tt])he authors(?:(?:\s*,\s*(?:(?:and|or|&)\s+)?|\s+(?:and|or|&)\s+)the authors\b)+"
    r"(?=(\s+[^\W\d_]+\b)?)"
)


def _listed(match: re.Match[str]) -> str:
    """The authors, once, for a list of them: the cited works before "are", each of them
    before a verb for one ("@a and @b is a benchmark": "Each cited work is a benchmark")."""
    verb = (match.group(2) or "").strip()
    if verb in PLURAL_COPULAS:
        return f"{match.group(1)}he cited works"
    if singular(verb):
        opens = match.group(1) == "T" or not match.string[: match.start()].strip()
        return "Each cited work" if opens else "each cited work"
    return f"{match.group(1)}he authors"


def agreeing(text: str) -> str:
    """``text`` with "the cited work" for "the authors" that a verb for one subject follows
    (or who a German, French or Spanish verb reads them as: ``abroad_verbs``), and "the
    authors" once for a list of them (``_AUTHORS_LISTED``)."""

    def subject(match: re.Match[str]) -> str:
        # "@a zeigt X." names the work as its German verb reads it: "Die zitierte Arbeit zeigt".
        if abroad := subject_abroad(match.group(2), False):
            opens = match.group(1) == "T" or not match.string[: match.start()].strip()
            return f"{abroad if opens else abroad[:1].lower() + abroad[1:]} "
        one = singular(match.group(2))
        return f"{match.group(1)}he cited work " if one else match.group()

    return _AUTHORS_BEFORE_VERB.sub(subject, _AUTHORS_LISTED.sub(_listed, text))
