"""A Markdown line's markup read as the words it prints: links as their text, images, citation
keys, footnote and cross-reference marks, superscripts and HTML tags gone, code and emphasis
unwrapped, inline mathematics as text, entities and backslash escapes as the characters they
print, Pandoc subscripts as plain letters and hard line breaks as spaces. Apart from
the line reader (``claimaudit.library.markdown.extract``) so that a new piece of markup is
taught here alone."""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Sequence

from claimaudit.library.latex.formula import formula_text
from claimaudit.library.superscripts import raised_text
from claimaudit.text.removed_marks import closed_up, squeezed

# Link text (empty where an image stood: a linked badge) and destinations hold no unmatched
# bracket: a run of "[" or "(" (hostile input) then fails at once instead of scanning to the
# end of the line from every one of them.
IMAGE = re.compile(r"!\[([^\[\]]*)\]\([^()]*\)(?:\{[^{}]*\})?")
_LINK = re.compile(r"\[([^\[\]]*)\]\((?:[^()]|\([^()]*\))*+\)(?:\{[^{}]*\})?")
_FOOTNOTE_REF = re.compile(r"\[\^[^\]]+\]")
# A tag holds no "<": a run of "<a" with no ">" is then read once, not once per "<". Its
# attributes, if any, have an "=" (``<div id="refs">``): "a<b and b>c" is prose, not a tag.
_HTML_TAG = re.compile(r"</?[A-Za-z][A-Za-z0-9:-]*+(?:\s[^<>=]*+=[^<>]*+)?\s*/?>")
# An autolink (``<https://doi.org/...>``) shows its address: the address is the text.
_AUTOLINK = re.compile(r"<((?:https?|ftp)://[^<>\s]++)>", re.IGNORECASE)
# A line break ("a bold team.<br>Second line") separates words, as a line end does.
_LINE_BREAK = re.compile(r"<br\s*/?>", re.IGNORECASE)
# Inline mathematics ("$\text{HasAsthma}(x) \Rightarrow ...$") read as text; a "$" that does
# not open formula markup (a backslash, "^", "_" or a brace inside) is a dollar sign. Bounded
# as Pandoc bounds it: a formula may touch a word ("CH$_4$", "H$_{2}$O"; read as prose, its
# "_" opened emphasis: "CO$2$"), and a closing "$" has no digit after it ("$5 and $10").
_INLINE_MATH = re.compile(r"(?<![\\$])\$(?=\S)([^$\n]{1,300})(?<=\S)\$(?![\d$])")
# Pandoc superscripts ("x^2^", and "Microsoft^^" where a converter lost the mark).
_PANDOC_SUPERSCRIPT = re.compile(r"\^([^\s^]*)\^")
# An HTML superscript ("10<sup>60</sup>", "word<sup>1</sup>").
_SUPERSCRIPT = re.compile(r"<sup>([^<]*)</sup>", re.IGNORECASE)
# Where markup that prints nothing was removed (a citation, a note's mark, a tag): the blanks
# around it before punctuation are the markup's, not the author's.
# ``markdown_clean`` reads U+0000 as U+FFFD (as CommonMark does), leaving it free for this.
REMOVED = "\x00"
# Punctuation a removed mark's blanks close up to (and a line's opening one, see
# ``after_removed``).
# A closing bracket needs no blank after it: "(Figure @fig:a)." read "(Figure )." (a word or
# a bracket after it is something else: "x )a").
_PUNCT_START = re.compile(r"[,.;:](?:\s|$)|\)(?![\w(])")
# Brackets around nothing but removed marks (and the commas or semicolons between them):
# "shown (@doi:10.1/x)." read "shown ().". They go too, the blanks before them with them (tried
# from a run's first blank only, so a long run is read once).
_ONLY_REMOVED = re.compile(
    f"(?<![ \\t])[ \\t]*+(?:\\((?=[\\s,;{REMOVED}]*{REMOVED})[\\s,;{REMOVED}]*+\\)"
    f"|\\[(?=[\\s,;{REMOVED}]*{REMOVED})[\\s,;{REMOVED}]*+\\])"
)
# Removed marks right after an opening bracket or curly quote, and the blanks after them (and
# a comma or semicolon that only parted a mark from what follows): "We use ([@doi:10.1/x] and
# y)." read "We use ( and y).", "([@a]; see also x)" "(; see also x)". (A straight quote may
# be a closing one: 'said "yes"[@a] and' keeps its blank.)
_AFTER_OPENING = re.compile(
    f"(?<=[(\\[\u201c\u2018\u201e\u201a])(?:{REMOVED}[ \\t\\xa0]*+(?:[,;][ \\t\\xa0]*+)?)+"
)
_EMPHASIS = re.compile(r"(\*\*|__)(.+?)\1")
_SINGLE_EMPHASIS = re.compile(
    r"(?<![\w*\\])\*(?=\S)([^*\n]+?)(?<=\S)\*(?![\w*])|(?<![\w\\])_(?=\S)([^_\n]+?)(?<=\S)_(?!\w)"
)
# A bracketed group of Pandoc citation keys, and a prefixed key standing in the text.
_CITATION_GROUP = re.compile(r"(?<!\s)\s*\[[^\[\]]*?-?@[^\[\]\s][^\[\]]*\](?![(:])")
_CITATION_KEY = re.compile(
    r"(?<![\w@.])-?@(?:doi|arxiv|pmid|pmcid|pmc|url|tag|isbn|wikidata|q|fig|tbl|sec|eq|lst):"
    r"[^\s\]),;]*[^\s\]),;.]"
)
# Cross-references a converter left as their labels ("Figure [fig:tidy]", "Section [sec:x]").
_CROSSREF_LABEL = re.compile(r"(?<!\s)\s*\[(?:fig|sec|tbl|tab|eq|lst):[^\[\]\s]+\]")
# Opened only at a run's first backtick (the look-behind), possessively: tried from each
# backtick of a long run, it read the rest of the run each time (40,000 backticks: 22 s). An
# escaped backtick ("\\`") opens none: it prints as a backtick (``_ESCAPE``).
_CODE = re.compile(r"(?<![`\\])`++([^`\n]+?)`+")
# A backslash escape prints the character after it ("\\$50" is "$50").
_ESCAPE = re.compile(r"\\([\\`*_{}\[\]()#+\-.!$|<>~&])")
# An entity CommonMark decodes: named, decimal or hexadecimal, always with its ";" ("R&D" and
# "&copy2020" are text). Not after a backslash ("\\&amp;" prints "&amp;"), nor in code.
_ENTITY = re.compile(r"(?<!\\)&(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});")
# A Pandoc subscript ("x~i~", "H~2~O"): no blank inside, "~~" is a strikeout. Printed as the
# LaTeX reader prints ``\\textsubscript`` (and as "H<sub>2</sub>O" reads): "xi", "H2O". A path
# ("/~user/~x") is no subscript.
_SUBSCRIPT = re.compile(r"(?<![~\\])~([^\s~/]+)~(?!~)")
# A Pandoc strikeout ("~~struck~~", no blank just inside its marks): text the paper takes
# back, left out as the LaTeX reader leaves out ``\\sout``. Its text holds no "~~", so a
# start that is never closed is read only up to the next "~~".
_STRIKEOUT = re.compile(r"~~(?=[^\s~])(?:[^~\n]|~(?!~))*?(?<=[^\s~])~~")
# A backslash at a line's end is a hard line break (an even run is escaped backslashes).
_HARD_BREAK = re.compile(r"(?<!\\)((?:\\\\)*)\\$")


def inline_text(text: str) -> str:
    text = _HARD_BREAK.sub(r"\1", text.rstrip())
    text = IMAGE.sub(REMOVED, text)
    # Not inside code, which prints as written: "`echo $A_B/$C`" is no formula.
    text = _outside_code(text, lambda part: _INLINE_MATH.sub(_math_as_text, part))
    text = _PANDOC_SUPERSCRIPT.sub(lambda m: _superscript(m, kept=True), text)
    text = _CITATION_GROUP.sub(REMOVED, text)
    text = _CITATION_KEY.sub(REMOVED, text)
    text = _LINK.sub(r"\1", text)
    # No marker closes after the last "]": searched there, each "[^" of a long run read the
    # run to its end (quadratic: 40 KB of "[^" took 0.7 s).
    closed = text.rfind("]") + 1
    text = _FOOTNOTE_REF.sub(REMOVED, text[:closed]) + text[closed:]
    text = _CROSSREF_LABEL.sub(REMOVED, text)
    text = _SUPERSCRIPT.sub(lambda m: _superscript(m, kept=False) or REMOVED, text)
    text = _LINE_BREAK.sub(" ", text)
    text = _AUTOLINK.sub(r"\1", text)
    text = _HTML_TAG.sub(REMOVED, text)
    text = _outside_code(text, _printed)
    text = _CODE.sub(r"\1", text)
    text = _emphasis(text)
    # Blanks go before punctuation only where a citation or mark stood ("shown [@a] ."): the
    # author's own ("Le résultat : positif ; ...", French spacing) stay.
    text = _AFTER_OPENING.sub("", _ONLY_REMOVED.sub(REMOVED, text))
    text = closed_up(text, REMOVED, _PUNCT_START)
    return squeezed(text.replace("|", " "))


def _printed(text: str) -> str:
    """Strikeouts left out, subscripts and entities as the characters they print, once tags
    are gone: "&lt;b&gt;" is text, not a tag."""
    text = _SUBSCRIPT.sub(r"\1", _STRIKEOUT.sub(REMOVED, text))
    return _ENTITY.sub(lambda m: html.unescape(m.group(0)), text)


def _outside_code(text: str, change: Callable[[str], str]) -> str:
    """``text`` with ``change`` made to all but its code spans, which print as written."""
    parts: list[str] = []
    position = 0
    for code in _CODE.finditer(text):
        parts.append(change(text[position : code.start()]))
        parts.append(code.group(0))
        position = code.end()
    parts.append(change(text[position:]))
    return "".join(parts)


_BEFORE_CHARS = 200  # past any number, symbol or formula group an exponent is set against


def _superscript(match: re.Match[str], kept: bool) -> str:
    """An exponent as "^6" ("10<sup>6</sup>", "r^2^"), a mark left out ("word<sup>1</sup>");
    a raised word is ``kept`` (Pandoc's "4^th^" reads "4th") or left out (a ``<sup>`` note)."""
    raised = match.group(1)
    # What the superscript is set against is the text just before it: a bounded window, as the
    # whole text before each of a long run of superscripts made reading quadratic.
    before = match.string[max(0, match.start() - _BEFORE_CHARS) : match.start()]
    printed = raised_text(before, raised)
    if printed is None:
        return raised if kept else ""
    return printed


def _math_as_text(match: re.Match[str]) -> str:
    """A formula as the LaTeX reader prints it ("$\\beta = 0.9$" reads "β = 0.9", as the same
    paper's LaTeX source does)."""
    formula = match.group(1)
    return formula_text(formula) if any(c in formula for c in "\\^_{") else match.group(0)


def _emphasis(text: str) -> str:
    text = _EMPHASIS.sub(r"\2", text)
    return _SINGLE_EMPHASIS.sub(lambda m: m.group(1) or m.group(2), text)


def unescape(text: str) -> str:
    """Backslash escapes as the characters they print."""
    return _ESCAPE.sub(r"\1", text)


def paragraph_text(lines: Sequence[str]) -> str:
    """A paragraph's lines (each read by ``inline_text``) as one text."""
    # Emphasis may span lines ("***Ensure that raw data ...\n location. (1b)***").
    return _ESCAPE.sub(r"\1", _emphasis(" ".join(lines)))


def after_removed(line: str, raw: str) -> bool:
    """Whether ``line`` (``raw`` read by ``inline_text``) opens with the punctuation that
    followed a citation or mark dropped at the raw line's start ("[@a]." under "shown"), which
    then joins the line before with no blank; the author's own ": suite" does not."""
    return bool(_PUNCT_START.match(line)) and not _PUNCT_START.match(raw.lstrip())
