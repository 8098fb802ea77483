"""The gaps left where the text drops what TeX prints but a passage leaves out (inline code, a
citation's mark): each dropped command prints ``DROPPED``, a private mark, and the blanks beside
it are read as TeX's prose would read them once it is gone.

"We use (\\verb|x| and y)." read "We use ( and y).": the blank typed after the code is kept
only where something is left before it, so no blank follows an opening bracket or quote.
"""

from __future__ import annotations

import re

# Where inline code or a citation mark was dropped: a private-use character, which no paper's
# text holds; ``without_dropped`` removes it before the text leaves the converter.
DROPPED = "\ue005"
# Set after a blank the source types before ":", ";", "!" or "?" (French typography,
# "résultat : 5", "vrai ~!"): the blank is the author's, not the gap a citation printed as
# nothing leaves ("format \\cite{x}, and"), which the reader closes; the mark keeps it from
# that, and goes once it is done.
BLANK_KEPT = "\ue004"
# Dropping ``\cite{...}`` leaves "format , and" behind; close such gaps before punctuation,
# also a tie's ("outputs~\cite{x}." read "outputs ."), and where the citation stood on a line
# of its own ("challenge\n\\citep{x}." reads "challenge\n."). An ellipsis keeps its space
# ("2, ..., 255"), and so does a blank the source types before ":" or ";" (French
# "résultat : 5"): ``BLANK_KEPT`` follows it. An English closing quote is such punctuation too
# ("``Y holds \cite{a}''" read "“Y holds ”"); U+2019 only where no word follows it (an
# apostrophe opens "90s"), and German closing marks not at all (they are English opening ones).
_SPACE_BEFORE_PUNCT = re.compile(
    r"(?<![ \t\xa0])[ \t\xa0]+(?=[,;:)\u201d]|\u2019(?!\w)|\.(?!\.))"
    r"|(?<=\w)[ \t\xa0]*\n[ \t\xa0]*(?=[,.;:)](?!\w))"
)
# Brackets around nothing but a reference that could not be numbered or a citation (dropped):
# "the kernel (\\autoref{fig:sub})." read "the kernel ()."; code such as "load()" has no space.
_EMPTY_BRACKETS = re.compile(r"(?<![ \t])[ \t]+\(\s*\)(?=[\s.,;:]|$)")
# A run of blanks is one blank, as TeX prints it: inline code, a citation or a label dropped
# between two blanks ("We use \\verb|x| and z.") left both ("We use  and z."), or between two
# ties ("X~\\cite{a}~and~\\cite{b} hold" read "X\xa0\xa0and\xa0 hold").
_BLANKS = re.compile(r"[ \t\xa0]{2,}")
# The marks (and the blanks or ties typed after each, and a comma or semicolon that only
# parted a mark from what follows: "(\\cite{a}, see also x)" read "(, see also x)") right after
# an opening bracket or quote. French guillemets are left alone: French types a blank inside
# them (« texte »).
_AFTER_OPENING = re.compile(
    f"(?<=[(\\[\u201c\u2018\u201e\u201a])(?:{DROPPED}[ \\t\\xa0]*+(?:[,;][ \\t\\xa0]*+)?)+"
)


# Brackets or quotes around nothing but dropped commands and the commas or semicolons between
# them ("Values (\\cite{a}, \\cite{b}) stand." read "Values (,) stand.", "We use
# ``\\cite{a}''" read "We use “”"), with the blanks before (tried from a run's first blank
# only: from each blank of a long run, it was quadratic). A pointer word left alone with its
# citation goes too: "Text (see~\\cite{a}) ok." read "Text (see) ok.".
_POINTER = r"(?i:(?:see(?:[ \t\xa0]+also)?|cf\.|e\.g\.|compare)[ \t\xa0,]*+)*+"
_DROPS = f"(?={_POINTER}[\\s,;{DROPPED}]*{DROPPED}){_POINTER}[\\s,;{DROPPED}]*+"
_ONLY_DROPPED = re.compile(
    f"(?<![ \\t\\xa0])[ \\t\\xa0]*+"
    f"(?:\\({_DROPS}\\)|\\[{_DROPS}\\]|\u201c{_DROPS}\u201d|\u2018{_DROPS}\u2019)"
)


def without_dropped(text: str) -> str:
    """``text`` without its ``DROPPED`` marks: without the brackets that held nothing else
    (but commas or semicolons), and without the blanks typed after one that follows an opening
    bracket or quote."""
    if DROPPED not in text:
        return text
    text = _AFTER_OPENING.sub("", _ONLY_DROPPED.sub("", text))
    return text.replace(DROPPED, "")


def dropped(*_: object) -> str:
    """What a dropped command prints (a converter's macro function)."""
    return DROPPED


def closed_gaps(text: str) -> str:
    """A paragraph's text (or a note's) with the gaps its dropped commands left closed."""
    text = _SPACE_BEFORE_PUNCT.sub("", _EMPTY_BRACKETS.sub("", text))
    return _BLANKS.sub(_one_blank, text.replace(BLANK_KEPT, ""))


def _one_blank(match: re.Match[str]) -> str:
    # A run of ties stays a tie ("X~\\cite{a}~and" reads "X\xa0and"); any other run, a space.
    return "\xa0" if match.group().strip("\xa0") == "" else " "
