"""Removed citations that were a verb's object, or a comparison's terms: "We extend [3] to
graphs." reads "We extend the cited work to graphs.", not "We extend to graphs."; "Comparing
[1] with [2], X holds." "Comparing the cited work with the cited work, X holds.", not "Comparing
with the cited work, X holds."; and "[1] vs. [2] is unclear." "The cited work vs. the cited
work is unclear.", not "The authors vs. is unclear." (each work named where it stood, as an
editor replacing each citation would write it).

Which word is a verb is not parsed: only the common verbs writers give a cited work as object
("extend", "follow", "use", "adopt", "outperform", ...) are read, and only where their form and
the word before them make them a verb ("we use [3]", "to extend [3]", "It outperforms [3]",
"using [3]", "we extended [3]"), so a citation marking what the word before it names stays a
marker: "We use dropout [3] in all layers." has no verb before its citation, "the data used [3]
are public" a participle, "the protocol we follow [3] is" a verb whose object came before (an
auxiliary follows the citation), and "extensive use [3]" a noun.
Used by ``leftovers.tidy``, around ``subjects.name_subjects`` ("vs." before it, so that "[1]
vs." is no subject and its verb), on a sentence whose removed citations are marked.
"""

from __future__ import annotations

import re

from claimaudit.review.subjects import HOLE, REMOVED
from claimaudit.review.verbs import NO_VERB, PREPOSITIONS, is_verb, singular

# Verbs a cited work is often the object of, each with its forms: the base form, "-s", "-ed"
# and "-ing". Not a pointer's ("see", "following [1]", "described in"): those go whole
# (``leftovers``); nor one as often intransitive ("improve": "Accuracy improves [3].").
_STEMS = {
    "extend": "extends extended extending",
    "follow": "follows followed",
    "use": "uses used using",
    "reuse": "reuses reused reusing",
    "adopt": "adopts adopted adopting",
    "adapt": "adapts adapted adapting",
    "apply": "applies applied applying",
    "employ": "employs employed employing",
    "implement": "implements implemented implementing",
    "reproduce": "reproduces reproduced reproducing",
    "replicate": "replicates replicated replicating",
    "generalize": "generalizes generalized generalizing",
    "generalise": "generalises generalised generalising",
    "modify": "modifies modified modifying",
    "revisit": "revisits revisited revisiting",
    "outperform": "outperforms outperformed outperforming",
    "surpass": "surpasses surpassed surpassing",
    "compare": "compares comparing",
    "combine": "combines combined combining",
    "confirm": "confirms confirmed confirming",
    "contradict": "contradicts contradicted contradicting",
    "corroborate": "corroborates corroborated corroborating",
    "refine": "refines refined refining",
}
_BASE = frozenset(_STEMS)
_FORMS = {form: base for base, forms in _STEMS.items() for form in forms.split()}
_PRONOUNS = frozenset("we they i you he she it".split())
# Before a base form, what makes it a verb ("we use", "to use", "can use", "that use", "also
# use"); not a determiner or adjective ("the use", "extensive use").
_BEFORE_BASE = _PRONOUNS | frozenset(
    """
    to can could will would may might must should shall do does did not also then first
    further now here instead and or that which who
    """.split()
)
# Before an "-s" form, anything but what makes it a noun ("as follows [3]:", "other uses").
_NOT_BEFORE_S = frozenset("as the a an its their our his her other many some such these".split())
# After the citation, a verb of its own: the verb before had its object earlier ("the
# protocol we follow [3] is ..."); or "that" opening a clause ("It follows [3] that X.").
_NOT_AFTER = frozenset(
    """
    is are was were be been has have had can could will would may might must should does do
    did that
    """.split()
)
_OBJECT = re.compile(rf"(?<![^\W\d_])([^\W\d_]+)\s*({HOLE})(?=(\s*[^\W\d_]+)?)")
_WORD = re.compile(r"[^\W\d_]+")
# "[1] vs. [2]", "[1] versus X": the works compared, "the cited work vs. the cited work".
_VERSUS = re.compile(
    rf"(?:({HOLE})\s*)?(?<![^\W\d_])(vs\.|versus\b)(?:\s*({HOLE}))?", re.IGNORECASE
)


# Removed citations whose last, one work, is joined by "and" or "or": it may open a clause.
# Searched for, not matched whole: a lazy run before it would backtrack on a long hole.
_SUBJECT_AFTER_AND = re.compile(rf"\s(and|or)\s+{REMOVED}\Z")
# What follows a verb opening a clause: a word, not one that makes it a noun ("[2] results in
# X", "[2] features for X") nor nothing ("[2] results.").
_CLAUSE_GOES_ON = re.compile(r"\s*[^\W\d_]+\s+([\w\"'\u201c(]+)")


def _opens_clause(word: str, text: str, end: int) -> bool:
    """Whether ``word``, after removed citations ending at ``end``, is a verb for one subject
    opening a clause of theirs ("[2] shows Y", "[2] is fast"): words follow it, and the first
    is none that makes ``word`` a noun ("features for X")."""
    if not word or not singular(word) or not is_verb(word):
        return False
    goes_on = _CLAUSE_GOES_ON.match(text, end)
    return goes_on is not None and goes_on.group(1).lower() not in PREPOSITIONS | NO_VERB


def _pronoun_clause(text: str, verb: int) -> bool:
    """Whether the clause the verb at ``verb`` ends holds nothing before it but a pronoun
    ("We use", "In tests, we use"; "we also use"): its subject, so the verb is the clause's."""
    clause = max(text.rfind(c, 0, verb) for c in ",;:([") + 1
    words = [word.lower() for word in _WORD.findall(text, clause, verb)]
    return (
        bool(words)
        and words[0] in _PRONOUNS
        and all(word in _ADVERBS or word.endswith("ly") for word in words[1:])
    )


_ADVERBS = frozenset("also then now first further instead still".split())


def _works(several: bool) -> str:
    return "the cited works" if several else "the cited work"


def _is_verb(word: str, before: str | None) -> bool:
    """Whether ``word`` (lower case) is one of the verbs read, made one by ``before``."""
    if word in _BASE:
        return before is None or before in _BEFORE_BASE or before.endswith("ly")
    if word not in _FORMS:
        return False
    if word.endswith("ing"):
        return before not in _NOT_BEFORE_S
    if word.endswith("ed"):  # a participle unless a subject or "have" is right before it
        return before in _PRONOUNS or before in ("have", "has", "had")
    return before is not None and before not in _NOT_BEFORE_S


def verb_objects(text: str) -> str:
    """``text`` (its removed citations marked) with the cited work(s) where removed citations
    were the object of a verb read (see the module)."""

    def object_(match: re.Match[str]) -> str:
        verb = match.group(1)
        after = (match.group(3) or "").strip().lower()
        words = _WORD.findall(text, max(match.start() - 20, 0), match.start())
        before = words[-1].lower() if words else None
        if not verb.islower() and match.start() > 0:
            return match.group()  # a name ("Use" mid-sentence), no verb
        if not _is_verb(verb.lower(), before):
            return match.group()
        split = _SUBJECT_AFTER_AND.search(match.group(2))
        # "is" after the citations may be the verb of a subject before ("the protocol we
        # follow [3] is ..."), but not where the verb's clause is its pronoun alone: "We use
        # [1] and [2] is fast." is two clauses.
        opens = split is not None and _opens_clause(after, text, match.end())
        if (
            split is not None
            and opens
            and (after not in _NOT_AFTER or _pronoun_clause(text, match.start()))
        ):
            # "We use [1] and [2] shows Y.": the first the object, the last the subject of
            # the clause "and" opens, as "X holds [1] and [2] shows Y." reads (``clauses``).
            works = _works(match.group(2)[: split.start()].count(REMOVED) > 1)
            return f"{verb} {works}, {split.group(1)} the cited work"
        if after in _NOT_AFTER:
            return match.group()
        return f"{verb} {_works(match.group(2).count(REMOVED) > 1)}"

    return _OBJECT.sub(object_, text)


def compared(text: str) -> str:
    """``text`` with the cited work(s) for removed citations on either side of "vs." or
    "versus" (capitalised where they open the sentence)."""

    def term(match: re.Match[str]) -> str:
        first, versus, second = match.groups()
        if first is None and second is None:
            return match.group()
        said = versus
        if first is not None:
            works = _works(first.count(REMOVED) > 1)
            opens = not match.string[: match.start()].strip()
            said = f"{works.capitalize() if opens else works} {said}"
        if second is not None:
            said = f"{said} {_works(second.count(REMOVED) > 1)}"
        return said

    return _VERSUS.sub(term, text)
