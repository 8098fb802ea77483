"""An empty draft is refused, in the same words on every surface (the command line, the HTTP
API, the MCP tools, Python): reviewed, it gave "0 cited sentences", so a CI gate on an
accidentally emptied or truncated file passed without a word.

Empty is what a reader sees: whitespace, invisible characters (a BOM, U+200B), comments (a
Markdown draft's HTML comments, a LaTeX draft's ``%`` lines), a Markdown draft's YAML front
matter (metadata, not text) and, in LaTeX, a ``document`` environment with nothing in it. A
draft commented out whole is as empty to the gate as one truncated to nothing."""

from __future__ import annotations

import re
import unicodedata

from claimaudit.errors import DraftError
from claimaudit.library.latex.comments import strip_comments

_BEGIN_DOCUMENT = re.compile(r"\\begin\s*\{document\}")
_END_DOCUMENT = re.compile(r"\\end\s*\{document\}")


def refuse_empty_draft(text: str, language: str) -> None:
    """DraftError when ``text`` shows nothing (see the module); ``language`` ("Markdown",
    "LaTeX") names what it should hold and how comments are written in it."""
    shown = _latex_shown(text) if language == "LaTeX" else _markdown_shown(text)
    if not shown:
        raise DraftError(f"the draft is empty: there is no {language} text to review")


def _visible(text: str) -> bool:
    # Stops at the first visible character, so a long draft costs next to nothing. Format
    # characters (Cf: BOM, zero-width space and joiners, bidi controls) print as nothing.
    return any(not c.isspace() and unicodedata.category(c) != "Cf" for c in text)


def _markdown_shown(text: str) -> bool:
    """Whether anything is visible outside the front matter and HTML comments, which end, as
    the draft reader's (``review.comments``), at the first "-->" after "<!--"; one never
    closed is text."""
    text = _without_front_matter(text)
    pos = 0
    while (start := text.find("<!--", pos)) >= 0:
        if _visible(text[pos:start]):
            return True
        end = text.find("-->", start + 2)
        if end < 0:
            return _visible(text[start:])
        pos = end + 3
    return _visible(text[pos:])


def _without_front_matter(text: str) -> str:
    """``text`` after its YAML front matter, found as the draft reader finds it (parsed only
    where the draft opens as front matter does)."""
    body = text.removeprefix("\ufeff")
    if not body.startswith("---"):
        return text
    from claimaudit.review.document import markdown_blocks

    tokens = markdown_blocks().parse(body)
    if not tokens or tokens[0].type != "front_matter" or tokens[0].map is None:
        return text
    return "".join(body.splitlines(keepends=True)[tokens[0].map[1] :])


def _latex_shown(text: str) -> bool:
    """Whether anything is visible once comments are out: in the ``document`` environment
    when there is one (a preamble prints nothing), else anywhere (an included part)."""
    source = strip_comments(text)
    begin = _BEGIN_DOCUMENT.search(source)
    if begin is None:
        return _visible(source)
    end = _END_DOCUMENT.search(source, begin.end())
    return _visible(source[begin.end() : end.start() if end else len(source)])
