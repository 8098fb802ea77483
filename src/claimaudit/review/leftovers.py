"""What removed citations leave in a claim's text, tidied away, the same for Markdown and LaTeX
drafts: empty brackets with or without a pointer word ("()", "(see )", "(ref. )", "[]"), a
pointer word left before a separator in brackets ("(see, for the mouse data)" reads "(for the
mouse data)"), a separator left before the full stop ("arrays and images [@a], [@b]." read
"images,."), a full stop doubled ("described by @smith2020." reads "Smith et al.."), and the
words joining citations ("[1] and [2]" leaves what "[1]" does). Whitespace is normalised.

A pointer at a removed citation ("(reviewed in )", ", as described in.", "According to, X",
", see .") is read whole and dropped by ``pointers``. A removed citation that was the
sentence's subject ("[1] showed ...") reads "The authors" ("The cited work(s)" before "is",
"are"; "Each cited work" for several before "is").
The author's own "(Table 1)", "(in 2020)" and "(i.e., the mean)" stay; "based on [1]." reads
"based on the cited work." (``subjects``), and "We extend [1] to graphs." "We extend the
cited work to graphs." (``objects``).
"""

from __future__ import annotations

import re
from collections.abc import Collection

from claimaudit.review.abroad import POINTER_ABROAD
from claimaudit.review.as_shown import without_as_shown
from claimaudit.review.conjunctions import without_bare_conjunction
from claimaudit.review.german import named_in_fronted_pointer
from claimaudit.review.objects import compared, verb_objects
from claimaudit.review.orphans import named_orphans
from claimaudit.review.pointers import (
    capitalised,
    without_dangling,
    without_pointer_before_hole,
    without_pointer_brackets,
    without_pointer_head,
    without_pointer_inside,
    without_pointer_tail,
)
from claimaudit.review.subjects import (
    HOLE,
    REMOVED,
    UNNAMED_AUTHORS,
    agreeing,
    name_subjects,
    owners,
    subject_after_aside,
)

# What a removed citation leaves, and who a subject one was, are ``subjects``' to say.
__all__ = ["REMOVED", "UNNAMED_AUTHORS", "tidy"]
from claimaudit.review.see_for import pointed_topics, without_example_pointer
from claimaudit.review.tails import without_locators, without_respectively
from claimaudit.text.removed_marks import (
    CLOSING_QUOTES,
    GUILLEMETS,
    NO_BREAK_SPACES,
    OTHER_SCRIPTS_PUNCTUATION,
    closed_up,
    squeezed,
)

_POINTER = rf"(?:see also|see|cf\.|compare|e\.g\.|i\.e\.|refs?\.|after|{POINTER_ABROAD})"
# The patterns below that open on blanks try a run of them from its start only, "(?<!\s)": a
# draft's no-break spaces are kept when blanks are squeezed, and 10,000 of them tried from each
# one took 5 s to review.
_EMPTY_GROUP = re.compile(
    r"(?<!\s)\s*[(\[]\s*(?:" + _POINTER + r"\s*)?(?:[,;]\s*)*[)\]]",
    re.IGNORECASE,
)
# "(see \\citealp{a}, for details)" without its citation: "(for details)" ("(i.e., the mean)"
# is the author's own: only the words that point at a work).
_POINTER_THEN_SEPARATOR = re.compile(
    r"([(\[])\s*(?:see also|see|cf\.|compare)\s*[,;]\s*", re.IGNORECASE
)
# A separator opening a bracket: a citation was before it ("([1], in mice)" left "(, in
# mice)"); no author writes one.
_SEPARATOR_AFTER_BRACKET = re.compile(r"([(\[])\s*[,;]\s*")
_SPACE_BEFORE_PUNCTUATION = re.compile(r"\s+([.,;:!?])")
# No one types a blank before "," or "." (a blank before ":", ";", "!" or "?" may be French):
# one there ("see https://example.org/guide , the method", to keep the comma out of the
# address) goes, in a Markdown draft as in a LaTeX one. Not before a stop opening a word
# (".NET", ".5"); nor a no-break space in Markdown, which stays as typed (``tidy``).
_SPACE_BEFORE_LOW = re.compile(r"\s+([.,])(?!\w)")
_BREAKING_SPACE_BEFORE_LOW = re.compile(rf"[^\S{NO_BREAK_SPACES}]+([.,])(?!\w)")
# Latin punctuation and other scripts' (``OTHER_SCRIPTS_PUNCTUATION``): "情绪 [@a]。" left
# "情绪 。" and "होती है [@a]।" left "होती है ।" in the claim judged and reported.
_PUNCTUATION = re.compile(f"[.,;:!?{OTHER_SCRIPTS_PUNCTUATION}]")
# And a closing bracket, which a removed citation's blanks close up before as a LaTeX draft's
# reader does: "Y holds (in mice [@a])." read "Y holds (in mice )." in a Markdown draft.
# A closing quote too ("“Y holds [1]”" read "“Y holds ”"; German's "“"), one that no word
# follows: an opening one ("A ”Y” [1]", Swedish) is followed by its quotation's first word.
_CLOSING = re.compile(
    f"[.,;:!?)\\]{OTHER_SCRIPTS_PUNCTUATION}]|[{CLOSING_QUOTES}](?!\\w)"
    f"|(?<={REMOVED})[{GUILLEMETS}](?!\\w)"
)
_REPEATED_SEPARATOR = re.compile(r"([,;])(?:\s*[,;])+")
# A colon before a stop too ("X holds: [1]." read "X holds:."), or before separators that
# removed citations left ("X holds: [1], [2]." read "X holds:."); one ending a lead-in stays.
# Before a closing bracket, with its blank: "(in mice, [1])" read "(in mice, )".
# Tried only where a run of colons starts: from each colon of a long run, ":*" ran to its end.
_SEPARATOR_BEFORE_END = re.compile(r"(?<!:)(?::*[,;]+(?:\s*(?=[)\]])|(?=[.!?]|$))|:+(?=[.!?]))")
# Removed citations opening the sentence, a separator after them: "[1]: X holds." and "[1, 2],
# X holds." read ": X holds." and ", X holds.".
# Not a list's serial comma: "[1], [2], and [3] show X." is one subject, not "And show X.".
_LEADING_HOLE = re.compile(
    rf"^\s*{HOLE}\s*(?:[,;:]|\s(?:-{{1,3}}|[\u2013\u2014]))\s*"
    rf"(?=\S)(?!(?:and|or|&)\s*{REMOVED})"
)
# "X holds. \cite{a}." and "by Smith et al.." once the citation is gone; an ellipsis stays.
_DOUBLED_STOP = re.compile(r"(?<!\.)([.!?])\.(?!\.)")


# Removed citations joined ("[1] and [2]", "[1], [2]", "[1] or [2]") once subjects and pointers
# have been read: their joining words were the citations' and go with them, not "See and for
# details." or "X holds and.".
_JOINED_HOLE = re.compile(HOLE)

# Removed citations glued to a dash that a word follows ("X holds [1]\u2014unlike Y."): the
# dash was glued to the sentence's word before them, so the blank before them goes too, not
# "X holds \u2014unlike Y."; a spaced dash ("X holds [1] \u2014 unlike Y") keeps its blanks.
# A run of blanks is tried from its start only: tried from each of its blanks, 20,000 of them
# between two words took 5 s.
_BEFORE_GLUED_DASH = re.compile(rf"(?<!\s)\s+({REMOVED}+)(?=(?:-{{2,3}}|[\u2013\u2014])[^\W\d_])")

# A removed citation's mark with a word glued after it (see ``tidy``); one glued before it
# stays so, its blank before punctuation closed ("the following\ue000:").
_MARK_BEFORE_WORD = re.compile(rf"(?<={REMOVED})(?=[^\W_])")


def _squeezed(text: str, marked: bool) -> str:
    if not marked:
        return " ".join(text.split())
    return squeezed(text)


def tidy(
    text: str, *, marked: bool = False, closed: bool = False, names: Collection[str] = ()
) -> str:
    """``text`` (a sentence without its citations) without what they left behind. ``marked``:
    each removed citation left ``REMOVED`` in its place, and only the blanks around one are
    dropped before punctuation; the author's own ("Arbeitsgedächtnis : das", French spacing)
    and no-break spaces stay, but for a blank typed before "," or ".", which goes, as in a
    LaTeX draft. ``closed`` (a LaTeX draft's sentence): the reader closed those gaps already,
    keeping a blank the author typed before ":", ";", "!" or "?", which stays; one before ","
    or "." goes, and ``REMOVED`` marks only where a citation printed nothing.
    Neither, every blank before punctuation goes. ``names``: the words of the cited works'
    authors' family names, lower case (a bracket of nothing else is a citation mark)."""
    if closed:
        # The reader closed a citation's gaps ("agrees with \\cite{a} on Y" is "agrees with
        # \ue000on Y"): a word glued after a mark gets its blank back, so the words put in its
        # place (``subjects``) stand apart, not "with the cited workon Y".
        text = _MARK_BEFORE_WORD.sub(" ", text)
    # "Ref. [1]" is the citation whole; "[1]'s method" the cited work's (``subjects``).
    text = without_locators(owners(text))
    leading = None if subject_after_aside(text) else _LEADING_HOLE.match(text)
    text = capitalised(text[leading.end() :]) if leading else text
    # "See [1] for X." says the cited work covers X, not "For X."; "E.g. [1] shows Y." has
    # the cited work for its subject, not "E.g. shows Y." (``see_for``).
    text = pointed_topics(without_example_pointer(text))
    # "Laut [1] gilt X." keeps its pointer, the work named: "Gilt X." asks (``german``).
    text = named_in_fronted_pointer(text)
    # "Comme [1] l'a montré, X tient." points at the work as "Como [1] mostró," does
    # (``as_shown``).
    text = without_as_shown(text)
    # "Only in [1] is X shown." and "Le modèle de [1] est bon." name the work (``orphans``).
    text = named_orphans(text)
    # "While [1], Y holds." cites [1] for Y: not "While, Y holds." (``conjunctions``).
    text = without_bare_conjunction(text)
    # "[1] vs. [2]" before subjects are named (no "The authors vs."), a verb's object after.
    named = name_subjects(compared(without_pointer_before_hole(text)))
    named = without_respectively(named)
    text = _JOINED_HOLE.sub(REMOVED, without_pointer_inside(verb_objects(named)))
    text = _BEFORE_GLUED_DASH.sub(r"\1", text)
    # Unmarked (a LaTeX sentence), marks are set only where a pointer may need them: the gaps
    # are closed already.
    text = (
        closed_up(text, REMOVED, _CLOSING, one_blank=True) if marked else text.replace(REMOVED, "")
    )
    # Blanks collapsed first: the patterns then never meet a long run of them.
    text = _EMPTY_GROUP.sub("", _squeezed(text, marked))
    text = without_pointer_brackets(text, names)
    text = _SEPARATOR_AFTER_BRACKET.sub(r"\1", _POINTER_THEN_SEPARATOR.sub(r"\1", text))
    text = _squeezed(text, marked)
    if marked:
        text = _BREAKING_SPACE_BEFORE_LOW.sub(r"\1", text)
    else:
        text = (_SPACE_BEFORE_LOW if closed else _SPACE_BEFORE_PUNCTUATION).sub(r"\1", text)
    text = _REPEATED_SEPARATOR.sub(r"\1", text)
    text = _SEPARATOR_BEFORE_END.sub("", text)
    text = _DOUBLED_STOP.sub(r"\1", text)
    return agreeing(without_pointer_head(without_pointer_tail(without_dangling(text.strip()))))
