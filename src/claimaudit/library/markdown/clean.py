"""A Markdown paper's text less what is never prose, before its lines are read
(``claimaudit.library.markdown.extract``): YAML front matter, HTML comments, Jinja2 templating,
``<script>`` and ``<style>`` elements, fenced and indented code, and citations converted from
LaTeX as links to the bibliography's anchors; displayed mathematics read as text. Each is
removed whole, over many lines, so the line reader never sees half of one."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache

from claimaudit.library.markdown.code import code_lines
from claimaudit.library.markdown.inline import REMOVED
from claimaudit.text.plain import plain_text

FRONT_MATTER = re.compile(r"\A---[ \t]*\n.*?\n(?:---|\.\.\.)[ \t]*(?:\n|\Z)", re.DOTALL)
# Comments and Jinja2 templating: (opening, closing) delimiters of spans that are dropped.
_HTML_COMMENT = (("<!--", "-->"),)
_JINJA = (("{#", "#}"), ("{%", "%}"), ("{{", "}}"))
# A script's code and a style sheet are HTML a page runs, never prose. One that opens a line is
# an HTML block in Markdown, which ends the paragraph; one inside a line is inline HTML, and the
# sentence around it goes on ("results show that <script>...</script> baseline models ...").
_SCRIPTS = (("<script", "</script>"), ("<style", "</style>"))
_FENCES = ("```", "~~~")
# Each list item is a paragraph of its own, as in the LaTeX extraction: a Markdown marker or an
# HTML <li> (a summary box written as an HTML list read as one run of glued items).
ITEM = re.compile(r"^\s*(?:>\s*)*(?:[-*+]\s+|\d+[.)]\s+|<li\b)", re.IGNORECASE)
# A footnote's definition ("[^3]: As the joke goes, ..."), its further lines indented under it:
# a passage of its own, as a PDF prints a footnote apart from its sentence.
FOOTNOTE_DEF = re.compile(r"^\[\^[^\]]+\]:[ \t]*")
# Displayed mathematics ("$$E = mc^2$$", its delimiters also on lines of their own; no blank
# line inside, as in Pandoc) read as inline mathematics is, without its "$$"; as after an inline
# formula's "$", a digit after the closing "$$" makes it dollars ("$$5 and $$10"). The formula
# stops at the first "$" or blank line, so an unclosed "$$" is never read again from each place.
_DISPLAY_MATH = re.compile(r"(?<![\\$])\$\$((?:[^$\n]|\n(?![ \t]*\n))++)\$\$(?![$\d])")
# Citations converted from LaTeX: a bracket of links to the bibliography's anchors, which may
# run over several lines ("[[wickham2014](#wickham2014),\n [hart2016](#hart2016)]"); at most 20
# links a group, so a hostile run of links without its closing bracket fails fast.
_ANCHOR_CITATIONS = re.compile(
    r"(?<![ \t])[ \t]*\[(?:\s*\[[^\[\]\n]+\]\(#[^()\s]+\)\s*,?){1,20}\s*\]"
)
_PUNCTUATION_AFTER = re.compile(r"[,.;:)]")


def _anchor_citation(match: re.Match[str]) -> str:
    """Nothing; ``REMOVED`` before punctuation, so that the line reader drops the blanks the
    citation stood between ("in\n[[a](#a)], you" reads "in, you"), and only those."""
    return REMOVED if _PUNCTUATION_AFTER.match(match.string, match.end()) else ""


# A file's text is cleaned for its title, its authors and its passages: once, not three times.
@lru_cache(maxsize=2)
def clean(text: str) -> str:
    """Strip everything that is not prose, keeping line structure for paragraph breaks."""
    text = FRONT_MATTER.sub("", text)
    text = _without_spans(text, _HTML_COMMENT)
    text = _without_spans(text, _JINJA)
    text = _without_spans(text, _SCRIPTS, _script_gap)
    # CommonMark reads U+0000 as U+FFFD: the character is then free to mark removed markup.
    text = text.replace(REMOVED, "\ufffd")
    text = _ANCHOR_CITATIONS.sub(_anchor_citation, _without_indented_code(_without_fences(text)))
    return _DISPLAY_MATH.sub(_display_math_as_text, text)


def _without_indented_code(text: str) -> str:
    """``text`` less indented code blocks, as CommonMark reads them (``markdown_code``), each
    line left empty, as fenced code is."""
    lines = text.split("\n")
    for index in code_lines(lines, ITEM):
        lines[index] = ""
    return "\n".join(lines)


def _script_gap(text: str, at: int) -> str:
    """What a script or style element at ``at`` leaves: a paragraph break where it opens its
    line (blanks before it only: an HTML block), nothing inside a line (inline HTML)."""
    line_start = text.rfind("\n", 0, at) + 1
    return "\n\n" if not text[line_start:at].strip(" \t") else ""


def _without_spans(
    text: str,
    delimiters: tuple[tuple[str, str], ...],
    replacement: Callable[[str, int], str] | None = None,
) -> str:
    """``text`` with every span from an opening delimiter to the first closing one after it
    removed, or replaced by what ``replacement`` gives for the span's place; an opening
    delimiter never closed is kept. One pass: a pattern such as ``<!--.*?-->`` would rescan to
    the end from every unclosed opening (quadratic on hostile input)."""
    closing = dict(delimiters)
    upcoming = {start: text.find(start) for start in closing}
    kept: list[str] = []
    position = 0
    while True:
        live = [(at, start) for start, at in upcoming.items() if at >= 0]
        if not live:
            break
        at, start = min(live)
        end = text.find(closing[start], at + len(start))
        if end < 0:
            upcoming[start] = -1  # no later opening of this kind can close either
            continue
        kept.append(text[position:at])
        kept.append(replacement(text, at) if replacement else "")
        position = end + len(closing[start])
        for other, found in upcoming.items():
            if 0 <= found < position:
                upcoming[other] = text.find(other, position)
    kept.append(text[position:])
    return "".join(kept)


def _without_fences(text: str) -> str:
    """``text`` less fenced code blocks (from a line starting with ``` or ~~~ to the next line
    that is that fence alone), each left as one empty line; an unclosed fence is kept."""
    lines = text.split("\n")
    kept: list[str] = []
    closed = set(_FENCES)  # fences that still have a closing line ahead, as far as known
    index = 0
    while index < len(lines):
        line = lines[index]
        fence = line[:3]
        if fence in closed:
            end = next(
                (i for i in range(index + 1, len(lines)) if lines[i].rstrip(" \t") == fence),
                None,
            )
            if end is not None:
                kept.append("")
                index = end + 1
                continue
            closed.discard(fence)
        kept.append(line)
        index += 1
    return "\n".join(kept)


def _display_math_as_text(match: re.Match[str]) -> str:
    return f" {plain_text(match.group(1))} "  # words on either side stay apart
