"""Removed citations between two clauses, the last opening the second as its subject: "X holds
[1], [2] shows Y." and "X holds [1] and [2] shows Y." read "X holds, the cited work shows Y." and
"X holds, and the cited work shows Y.", not "X holds shows Y."; "Prior work [1], [2] shows Y."
keeps them all the subject's markers. Used by ``subjects.name_subjects``.
"""

from __future__ import annotations

import re

from claimaudit.review.verbs import (
    HOLE,
    NO_VERB,
    PREPOSITIONS,
    REMOVED,
    is_verb,
    singular,
    subject_for,
)

_WORD = re.compile(r"[^\W\d_]+")


def clause_subjects(text: str) -> str:
    """``text`` (its removed citations marked) with the last of citations joined between two
    clauses read as the second's subject (``_SPLICED_SUBJECT``, ``_JOINED_SUBJECT``)."""
    text = _KNOWN_SUBJECT.sub(_known_subject, text)
    text = _SPLICED_SUBJECT.sub(_spliced_subject, text)
    return _JOINED_SUBJECT.sub(_joined_subject, text)


# Removed citations joined by a comma (or a blank alone: "X holds [1] [2] shows Y.") after a
# word, a verb after them: "X holds [1], [2] shows Y.", where the first marks the clause before
# and the last opens one of its own, as "X holds [1]; [2] shows Y." does; or "Prior work [1],
# [2] shows Y.", all of them the subject's markers. One group's works ("[1, 2]") are never
# parted. Which is not parsed: the first only where the clause before holds a finite verb of
# the few that are never a noun (``_FINITE``), not in a relative clause ("Methods that are
# fast [1], [2] show Y" lists its markers).
_SPLICED_SUBJECT = re.compile(
    rf"(?<=[^\W_])(\s*{HOLE})(?:\s*,\s*|\s+)({HOLE})\s*"
    r"(?=(?:(?:also|thus|always|sometimes|perhaps|\w+ly) )?([^\W\d_]+)\b)"
)
# Two removed citations joined by "and" or "or" after a word, a verb after them: "X holds [1]
# and [2] shows Y." (or "[1]-[3] and [4]", "[1, 2] and [3]") opens a clause with the last, as
# ", and [2] shows Y." does (``_SPLICED_SUBJECT``'s rule for the clause before); so does a
# verb for several, "X holds [1] and [2] show Y." ("X holds, and the authors show Y."), not "X
# holds show Y.".
_JOINED_SUBJECT = re.compile(
    rf"(?<=[^\W_])(\s*{HOLE})\s+(and|or)\s+({REMOVED})\s*(?!{REMOVED})"
    r"(?=(?:(?:also|thus|always|sometimes|perhaps|\w+ly) )?([^\W\d_]+)\b)"
)
_FINITE = frozenset(
    """
    is are was were has have had does do did can could will would may might must should shall
    holds
    """.split()
)
_RELATIVE = frozenset("that which who whom whose where when whereas while if because so".split())


def _clause_words(before: str) -> list[str] | None:
    """The words of the clause ending ``before`` removed citations, where it is one of its
    own (a finite verb, not first, no relative word before it); else None."""
    clause = re.split(r"[;:()\[\]]", before)[-1]
    words = [word.lower() for word in _WORD.findall(clause)]
    finite = next((i for i, word in enumerate(words) if word in _FINITE), None)
    if finite is None or finite == 0 or _RELATIVE & set(words[:finite]):
        return None
    return words


def _opens_clause(before: str, verb: str) -> bool:
    """Whether the words ``before`` removed citations make a clause of their own
    (``_clause_words``) and ``verb`` after them may be a verb."""
    words = _clause_words(before)
    if words is None:
        return False
    return is_verb(verb) and verb not in _RELATIVE and words[-1] not in PREPOSITIONS | NO_VERB


# Words after joined citations that are no verb of theirs, though lower case: "X holds [1]
# and [2] alike.", "... [2] too.", "... [2] respectively.".
_NO_CLAUSE_VERB = frozenset("too alike both here there again together instead first".split())
# A verb for several needs words after it to be read as one ("[2] show Y"): "alike." is none.
_VERB_THEN_WORDS = re.compile(
    r"(?:(?:also|thus|always|sometimes|perhaps|\w+ly) )?[^\W\d_]+\s+[\w\"'\u201c(]"
)
# A preposition that had the first of joined citations for its object, the second opening a
# clause: "X is used in [1] and [2] shows Y.", "X is faster than [1] and [2] is slow.".
_OBJECT_OF = PREPOSITIONS | {"in", "at"}


def _joined_subject(match: re.Match[str]) -> str:
    """The second of two removed citations joined by "and" before a verb, read as its clause's
    subject (``_JOINED_SUBJECT``): "X holds \ue000, and the cited work shows Y."; before a verb
    for several, "the authors show Y" ("the cited works are"), as for one opening a sentence.
    The first may be a preposition's object in that clause: "X is used in \ue000, and the
    cited work shows Y."."""
    verb = match.group(4)
    before = match.string[: match.start()]
    words = _clause_words(before)
    if words is None or not is_verb(verb) or verb in _RELATIVE | _NO_CLAUSE_VERB:
        return match.group()
    if verb.endswith("ly") or not (
        singular(verb) or _VERB_THEN_WORDS.match(match.string, match.end())
    ):
        return match.group()
    if words[-1] in PREPOSITIONS | NO_VERB and (words[-1] not in _OBJECT_OF or not singular(verb)):
        return match.group()
    subject = subject_for(verb, False)
    return f"{match.group(1)}, {match.group(2)} {subject[:1].lower()}{subject[1:]} "


def _spliced_subject(match: re.Match[str]) -> str:
    """The last removed citations of a comma-joined run read as the subject of the verb after
    them, where the clause before them is one of its own (``_SPLICED_SUBJECT``): "X holds
    \ue000, the cited work shows Y."."""
    verb = match.group(3)
    if not _opens_clause(match.string[: match.start()], verb):
        return match.group()  # "It is known [1], [2] that X holds.": no clause's subject
    subject = subject_for(verb, match.group(2).count(REMOVED) > 1)
    return f"{match.group(1)}, {subject[:1].lower()}{subject[1:]} "


# Removed citations after "It is known" (clear, shown, ...) with no "that", a verb after them:
# "It is known [1] and [2] show Y." says that they show Y, all of them the subject of the
# clause the writer left its "that" out of: "It is known that the authors show Y.", not "It is
# known, and the authors show Y." (one clause's object, another's subject) nor "It is known
# shows Y.".
_KNOWN_SUBJECT = re.compile(
    r"\b([Ii]t\s+(?:is|was|seems|seemed|became|has\s+been)\s+"
    r"(?:(?:now|also|well|widely|generally|commonly)[\s-]+)?"
    r"(?:known|clear|shown|believed|accepted|established|evident|true|likely|argued|reported|"
    r"thought|assumed|obvious|apparent|understood|recogni[sz]ed))"
    rf"\s*({HOLE})\s*"
    r"(?=(?:(?:also|thus|always|sometimes|perhaps|\w+ly) )?([^\W\d_]+)\b)"
)


# Words that open no clause of the citations' own after them: "It is clear [1] since Y".
_NOT_A_CLAUSE_VERB = (
    _RELATIVE
    | _NO_CLAUSE_VERB
    | PREPOSITIONS
    | frozenset("given based although though unless".split())
)


def _known_subject(match: re.Match[str]) -> str:
    """Removed citations read as the subject of a clause after "It is known" whose "that" was
    left out (``_KNOWN_SUBJECT``): "It is known that the authors show Y."."""
    verb = match.group(3)
    if not is_verb(verb) or verb in _NOT_A_CLAUSE_VERB or verb.endswith(("ly", "ing")):
        return match.group()
    if not (singular(verb) or _VERB_THEN_WORDS.match(match.string, match.end())):
        return match.group()
    subject = subject_for(verb, match.group(2).count(REMOVED) > 1)
    return f"{match.group(1)} that {subject[:1].lower()}{subject[1:]} "
