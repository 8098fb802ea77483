"""The words a removed citation's neighbours are read by: what a removed citation leaves in a
marked sentence (``REMOVED``, runs of them ``HOLE``), which lower-case word after one may be its
verb, which preposition may have had it for its object, and who the citation was as its verb's
subject ("The authors showed", "The cited work is", "The cited works are"). Shared by
``subjects`` and ``clauses``.
"""

from __future__ import annotations

import re

from claimaudit.review.abroad import JOINING_ABROAD
from claimaudit.review.abroad_verbs import subject_abroad

# What a removed citation leaves in a marked sentence (see ``leftovers.tidy``): a private-use
# character, which no draft's prose holds (one there is read as U+FFFD first).
REMOVED = "\ue000"
# Removed citations next to each other, joined or not ("[1] and [2]", "[1], [2]", "[1]/[2]"), or
# by a range's dash with no blank around it ("[@a]\u2013[@c]", "\\cite{a}--\\cite{c}", printing
# "[1]\u2013[3]"): a spaced one may open a clause ("X holds [1] \u2014 [2] showed Y").
HOLE = (
    f"{REMOVED}(?:(?:[\\s,;/]*(?:(?:and|or|&|{JOINING_ABROAD})(?:\\s+|(?={REMOVED})))?"
    f"|[-\\u2010-\\u2013\\u2212]{{1,2}}){REMOVED})*"
)
UNNAMED_AUTHORS = "the authors"
# Words that take a removed citation for their object ("Unlike [3]", "faster than [3]").
PREPOSITIONS = frozenset(
    """
    unlike like than to with from of by on over beyond besides against versus vs about for
    into upon toward towards since before until despite between among alongside via
    """.split()
)
# Lower-case words after a hole that are no verb: it was an item of a list, or an object; a
# pronoun opens a clause of its own ("In terms of [1] we pad").
NO_VERB = frozenset(
    """
    and or nor but for in on at to of with by as from than the a an which who where
    we i you he she it they this these those our their its
    """.split()
)
# A subject's verb, perhaps after an adverb ("[1] also proposes").
VERB_AFTER = re.compile(r"(?:(?:also|thus|always|sometimes|perhaps|\w+ly) )?([^\W\d_]+)\b")
# Verbs of being, for several: what is said is of the works ("[1] and [2] are benchmarks").
PLURAL_COPULAS = frozenset({"are", "were"})
# Plural verbs ending in "s" ("focus", "discuss") are not read as singular (``singular``).
SINGULAR_VERBS = frozenset({"is", "was", "has", "does"})


def singular(verb: str) -> bool:
    """Whether ``verb`` is made for one subject ("is", "shows"; not "focus", "discuss")."""
    return verb in SINGULAR_VERBS or (
        len(verb) > 3 and verb.endswith("s") and not verb.endswith(("ss", "us"))
    )


def is_verb(word: str) -> bool:
    """Whether ``word``, after a removed citation, may be its verb: lower case, and no word
    that makes the citation a list's item or an object ("and", "for", "in")."""
    return word.islower() and word not in NO_VERB


def subject_for(verb: str, several: bool) -> str:
    """Who removed citations opening a sentence were, as their ``verb`` reads them: the
    authors ("The authors showed"), but the works themselves before "is" or "are" ("The cited
    work is a benchmark", "The cited works are benchmarks": never "The authors are
    benchmarks"), and each of ``several`` before a verb made for one ("[1] and [2] is a
    benchmark" reads "Each cited work is a benchmark", the writer's verb kept); in German,
    French or Spanish before a verb of theirs ("Die zitierte Arbeit zeigt": ``abroad_verbs``)."""
    if abroad := subject_abroad(verb, several):
        return abroad
    if singular(verb):
        return "Each cited work" if several else "The cited work"
    return "The cited works" if verb in PLURAL_COPULAS else UNNAMED_AUTHORS.capitalize()
