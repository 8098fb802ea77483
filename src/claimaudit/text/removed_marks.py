"""Where the readers removed markup that prints nothing (a citation, a note's mark, a tag) they
leave a mark character, so that the blanks around it, and only those, are closed up before
punctuation ("shown [@a] ." reads "shown."): the author's own blanks ("Le résultat : positif",
French spacing) and no-break spaces stay as typed.

Read in one pass: a pattern looking back over blanks for the mark read a long run of blanks
again from each of its characters.
"""

from __future__ import annotations

import re

# The stops, commas and marks of scripts with punctuation of their own, before which a removed
# citation's blanks close up as before Latin's: the ideographic comma and full stop, the
# full-width comma, full stop, colon, semicolon, exclamation and question marks (Chinese,
# Japanese), the Devanagari danda and double danda, the Arabic comma, semicolon and question
# mark, and the Urdu full stop.
OTHER_SCRIPTS_PUNCTUATION = (
    "\u3001\u3002\uff0c\uff0e\uff1a\uff1b\uff01\uff1f\u0964\u0965\u060c\u061b\u061f\u06d4"
)

# Quotes that may close a quotation (a removed citation's blank goes before one no word
# follows): English's, German's closing "\u201c" and "\u2018", and straight ones.
CLOSING_QUOTES = "\u201d\u2019\u201c\u2018'\""
# Guillemets close a quotation too (German "\u00bbY gilt [1]\u00ab heute", French
# "\u00abY [1]\u00bb"), but French sets a blank inside them ("\u00ab Y holds [1] \u00bb"): only
# the blank before a removed citation glued to one is its gap.
GUILLEMETS = "\u00bb\u00ab\u203a\u2039"

# Blanks that are the author's even beside a removed mark: no-break spaces.
NO_BREAK_SPACES = "\u00a0\u2007\u202f"
_BREAKING_BLANKS = "".join(
    chr(i) for i in range(0x3001) if chr(i).isspace() and chr(i) not in NO_BREAK_SPACES
)


def closed_up(
    text: str, mark: str, punctuation: re.Pattern[str], *, one_blank: bool = False
) -> str:
    """``text`` without ``mark``; where a run of marks and blanks is followed by what
    ``punctuation`` matches, without that run's blanks and the breaking blanks before it.
    ``one_blank``: elsewhere, the blanks around such a run that hold a no-break space are that
    one no-break space (``_one_blank``)."""
    runs = re.compile(re.escape(mark) + r"[\s" + re.escape(mark) + r"]*+")
    pieces: list[str] = []
    position = 0
    for run in runs.finditer(text):
        before = text[position : run.start()]
        if punctuation.match(text, run.end()):
            pieces.append(_before_punctuation(before, run.group(), mark, one_blank))
        elif one_blank:
            pieces += _one_blank(before, run.group().replace(mark, ""))
        else:
            pieces += [before, run.group().replace(mark, "")]
        position = run.end()
    pieces.append(text[position:])
    return "".join(pieces)


def _before_punctuation(before: str, run: str, mark: str, one_blank: bool) -> str:
    """``before`` a run of removed marks that punctuation follows, without its breaking blanks.
    ``one_blank``: a no-break space there bound the citation to its word ("X holds\u00a0[1]."
    read "X holds\u00a0.") and goes too, unless one after the marks spaces the punctuation
    as French does ("X tient\u202f[1]\u202f:" keeps one)."""
    kept = before.rstrip(_BREAKING_BLANKS)
    if not one_blank:
        return kept
    words = kept.rstrip()
    spaced = [c for c in run.replace(mark, "") if c in NO_BREAK_SPACES]
    return words + spaced[-1] if spaced else words


def _one_blank(before: str, after: str) -> list[str]:
    """``before`` a removed mark and the blanks ``after`` it, the blanks between them one where
    they hold a no-break space: squeezing keeps no-break spaces, so "\u00ab\u00a0Y tient [@a]
    \u00a0\u00bb" read "Y tient \u00a0\u00bb", two blanks. The last no-break space stays,
    the one that binds what follows ("\u00a0\u00bb")."""
    words = before.rstrip()
    gap = before[len(words) :] + after
    kept = [c for c in gap if c in NO_BREAK_SPACES]
    if len(gap) < 2 or not kept:
        return [before, after]
    return [words, kept[-1]]


_BLANKS = re.compile(r"[^\S" + NO_BREAK_SPACES + r"]+")


def squeezed(text: str) -> str:
    """``text`` with each run of blanks one space, none at its ends; no-break spaces (U+00A0,
    U+2007, U+202F: "travail\\u202f:", "10\\u00a0%") are the author's and kept as typed."""
    return _BLANKS.sub(" ", text).strip(" ")
