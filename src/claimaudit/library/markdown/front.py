"""A Markdown paper's title block: the author lines, affiliations, addresses, correspondence
lines and notices between the ``# title`` and the first section or abstract. They are no
passage (names and addresses are no evidence, as in LaTeX and PDF), and the names, where they
read cleanly, are the paper's authors.

Conservative, for a dropped abstract costs more than a kept author line: the block is the run
of paragraphs right after the title that each read as such material; it ends at the first
paragraph that does not (an abstract without a heading, a bold "Abstract", a date, a quoted
paragraph that is more than a notice: ``markdown_notice``). A block needs an author's sign (a
mark, an affiliation, an address): bare names alone may be a subtitle and stay text, and so
does a notice alone. One unmarked Title Case line is no list of names either.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from claimaudit.library.markdown.inline import inline_text, unescape
from claimaudit.library.markdown.notice import is_notice
from claimaudit.library.pdf.front import reads_as_prose

_TITLE = re.compile(r"^#[ \t]+\S")
_LEVEL_ONE_UNDERLINE = re.compile(r"^ {0,3}=+[ \t]*$")
_HEADING = re.compile(r"^ {0,3}#{1,6}[ \t]")
_QUOTED = re.compile(r"^\s*>")
_QUOTE_PREFIX = re.compile(r"^\s*(?:>\s*)+")
# An affiliation or footnote mark on a name: ``<sup>1,2</sup>`` or Pandoc's ``^1^`` in the
# source, or a star, dagger or superscript digit straight after the name once emphasis is read
# (the "**" closing "**Ada Lovelace**" is no mark).
_SUPERSCRIPT = re.compile(r"<sup>[^<]{0,40}</sup>|\^[^\s^]{1,40}\^", re.IGNORECASE)
_MARK_SIGNS = "*\u2020\u2021\u00a7\u00b9\u00b2\u00b3\u2070\u2074-\u2079"
_STAR_MARK = re.compile(rf"(?<=[^\W\d_])[{_MARK_SIGNS},]*[{_MARK_SIGNS}]")
# A mark or number opening an affiliation line: "<sup>1</sup>" or "^2^" in the source; "3)",
# "(4)", "5.", "¹" or "*" once emphasis is read (the "**" opening a bold line is no mark).
_LEADING_SUPERSCRIPT = re.compile(r"^\s*(?:<sup>[^<]{0,40}</sup>|\^[^\s^]{1,40}\^)", re.IGNORECASE)
_LEADING_MARK = re.compile(rf"^\s*(?:\(?\d{{1,2}}[.)]?(?=\s)|[{_MARK_SIGNS}])")
# An address's name is taken from the start of its run (the look-behind), possessively: tried
# from every character of a long word, it read that word to its end each time.
_EMAIL = re.compile(r"(?<![\w.+-])[\w.+-]++@[\w-]+(?:\.[\w-]+)+")
_ORCID = re.compile(r"orcid|\b\d{4}-\d{4}-\d{4}-\d{3}[\dX]\b", re.IGNORECASE)
_INSTITUTION = re.compile(
    r"\b(?:universit\w*|univ\.|institut\w*|department|dept\.|college|school|faculty|"
    r"laborator\w*|centre|center|hospital|foundation|academy|inc\.|ltd\.?|gmbh|corporation)\b",
    re.IGNORECASE,
)
_CORRESPONDENCE = re.compile(
    r"^\W*(?:corresponding authors?|correspondence|contact|e-?mails?)\s*(?:to\b|:)"
    r"|contributed equally|equal contribution",
    re.IGNORECASE,
)
_SEPARATORS = re.compile(r"\s*(?:[,;&]|\band\b)\s*")
# Lower-case words a name holds: family-name particles.
_PARTICLES = frozenset("da de del della der di dos du la le van von ten ter zu".split())
_MAX_LINE = 300  # characters of one affiliation, correspondence or author line
_MAX_NAMES_PARAGRAPH = 10_000  # characters of a paragraph of marked names, markup included
_MAX_NAME_WORDS = 6
# Han, kana and Hangul: two to four characters, or a family and a given name with a space.
_CJK = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af"
_CJK_NAME = re.compile(rf"^(?:[{_CJK}]{{2,4}}|[{_CJK}]{{1,4}} [{_CJK}]{{1,4}})$")


@dataclass(frozen=True)
class TitleBlock:
    """Lines ``start`` to ``end`` (exclusive) of the cleaned lines are the title block;
    ``authors``: the names it gives, where every one reads cleanly."""

    start: int
    end: int
    authors: str | None


_NO_BLOCK = TitleBlock(0, 0, None)
_AUTHOR_SIGNS = frozenset({"marked names", "affiliation", "correspondence"})


def title_block(lines: Sequence[str]) -> TitleBlock:
    """The title block of a paper's cleaned lines (``markdown_clean.clean``), or an empty one
    where the text does not open with a level-1 title."""
    start = _after_title(lines)
    if start is None:
        return _NO_BLOCK
    end = start
    kinds: list[str] = []
    names: list[str] = []
    clean_names = True
    for last, paragraph in _paragraphs(lines, start):
        kind = _kind(paragraph, after_names=any(k.endswith("names") for k in kinds))
        # Unmarked names lead the block; after an affiliation they may be a subtitle.
        if kind is None or (kind == "names" and any(k != "names" for k in kinds)):
            break
        kinds.append(kind)
        if kind in {"names", "marked names"}:
            found = _names(paragraph)
            clean_names = clean_names and found is not None
            names.extend(found or [])
        end = last + 1
    # Bare names alone may be a subtitle ("Data Management, Software Design"), and a notice
    # alone is no title block: the block needs an author's sign (a mark, an affiliation, an
    # address).
    if not _AUTHOR_SIGNS.intersection(kinds):
        return _NO_BLOCK
    authors = ", ".join(dict.fromkeys(names)) if clean_names and names else None
    return TitleBlock(start, end, authors)


def _after_title(lines: Sequence[str]) -> int | None:
    """The index after the title when the first non-blank line is a level-1 heading."""
    first = next((i for i, line in enumerate(lines) if line.strip()), None)
    if first is None:
        return None
    if _TITLE.match(lines[first]):
        return first + 1
    if first + 1 < len(lines) and _LEVEL_ONE_UNDERLINE.match(lines[first + 1]):
        return first + 2
    return None


def _paragraphs(lines: Sequence[str], start: int) -> Iterator[tuple[int, list[str]]]:
    """Each paragraph from ``start``: its last line's index and its lines; a heading ends the
    run."""
    paragraph: list[str] = []
    for index in range(start, len(lines) + 1):
        line = lines[index] if index < len(lines) else ""
        if line.strip() and not _HEADING.match(line):
            paragraph.append(line)
            continue
        if paragraph:
            yield index - 1, paragraph
            paragraph = []
        if line.strip():
            return  # a heading: the first section


def _kind(paragraph: list[str], after_names: bool) -> str | None:
    """What a paragraph of the title block is, or ``None`` for anything else (prose above
    all); ``after_names``: names came before it in the block."""
    raw = " ".join(line.strip() for line in paragraph)
    if all(_QUOTED.match(line) for line in paragraph):
        # Only a notice: a quoted abstract or epigraph is the paper's text.
        quoted = " ".join(_QUOTE_PREFIX.sub("", line) for line in paragraph)
        return "notice" if is_notice(quoted) else None
    text = inline_text(raw)
    if not text or _prose(text):
        return None
    # The markup counts too (marks, tags): the patterns below then never read a long line.
    if len(text) > _MAX_LINE * len(paragraph) or len(raw) > 2 * _MAX_LINE * len(paragraph):
        # Only a list of marked names runs that long (sixty authors on one line).
        long_names = len(raw) <= _MAX_NAMES_PARAGRAPH and _names_kind(raw) == "marked names"
        return "marked names" if long_names else None
    if _CORRESPONDENCE.search(text):
        return "correspondence"
    leading_mark = bool(_LEADING_SUPERSCRIPT.match(raw) or _LEADING_MARK.match(unescape(text)))
    if _EMAIL.search(raw) or _ORCID.search(raw):
        return "affiliation"
    if _INSTITUTION.search(text) and (leading_mark or after_names):
        return "affiliation"
    if leading_mark:
        return None  # a numbered line without an institution or address: a list, kept
    return _names_kind(raw)


def _names_kind(raw: str) -> str | None:
    """What a paragraph of names is: "marked names", "names", or ``None`` for no list of
    names."""
    segments, marked = _segments(raw)
    named = sum(map(_is_name, segments))
    if segments and named == len(segments):
        if marked:
            return "marked names"
        # Unmarked, a list needs two names at least: one Title Case line is a subtitle.
        return "names" if len(segments) >= 2 else None
    if marked and named * 2 >= len(segments):
        return "marked names"  # mostly names, one not read cleanly: no authors then
    return None


def _prose(text: str) -> bool:
    # An address's parts ("University of British Columbia / jenny@...") are no sentence.
    return reads_as_prose(_EMAIL.sub(" ", text))


def _segments(raw: str) -> tuple[list[str], bool]:
    """The parts of a line of names between commas, semicolons and "and", without marks, and
    whether any was marked."""
    # An escaped star ("Alice Smith\\*") is a mark as a plain one is.
    text = unescape(inline_text(_SUPERSCRIPT.sub(" ", raw)))
    unmarked = _STAR_MARK.sub(" ", text)
    marked = unmarked != text or _SUPERSCRIPT.search(raw) is not None
    # Blanks are closed up first: "\s*" before a separator, tried from each blank of a long
    # run, read that run to its end each time (10,000 blanks: 2 s).
    parts = [part.strip(" .") for part in _SEPARATORS.split(" ".join(unmarked.split()))]
    return [part for part in parts if part], marked


def _names(paragraph: list[str]) -> list[str] | None:
    segments, _ = _segments(" ".join(line.strip() for line in paragraph))
    return segments if all(_is_name(segment) for segment in segments) else None


def _is_name(segment: str) -> bool:
    """Whether ``segment`` reads as one name ("Tracy K. Teal", "Stéfan van der Walt",
    "J.-P. Sartre"): two to six capitalised words, initials and particles, at least one a
    capitalised word past an initial), or a Chinese, Japanese or Korean name ("张伟",
    "山田 太郎"), which has no capitals."""
    if _CJK_NAME.match(segment):
        return True
    words = segment.split()
    if not 2 <= len(words) <= _MAX_NAME_WORDS:
        return False
    full = 0
    for word in words:
        if word in _PARTICLES:
            continue
        if not word[0].isupper() or not all(c.isalpha() or c in ".-'\u2019" for c in word):
            return False
        full += len(word.rstrip(".")) > 1 and not word.endswith(".")
    return full >= 1
