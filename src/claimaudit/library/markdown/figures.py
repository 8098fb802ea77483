"""A Markdown figure: an image alone on its line (or lines) whose alt text is the figure's
caption, as Pandoc prints it under the figure. The caption is a passage of its own, without
the image's markup: ``![Caffeine reduced sleep.](images/sleep.png){#fig:sleep}``, the same
over several lines, and a reference-style image (``![Caffeine reduced sleep.][fig2]`` with
``[fig2]: images/fig2.png`` elsewhere) all read "Caffeine reduced sleep.".

markdown-it (CommonMark) says whether the lines are one image and what its alt text is, so
brackets inside a caption (``[@doi:...]``) and reference labels are read as Markdown reads
them. An image whose alt text is no caption (empty, one word such as "logo", a file name, a
bare label such as "Figure 1") or that is a README's status badge (shields.io and the like)
is no passage: its lines are left out.
"""

from __future__ import annotations

import re
from collections.abc import Container, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from markdown_it import MarkdownIt
from markdown_it.token import Token

from claimaudit.library.markdown.inline import inline_text

_OPEN = re.compile(r"^ {0,3}!\[")
# Pandoc's attributes after the image ("{#fig:sleep width=50%}"): text to CommonMark, the
# only text allowed after a figure's image on its line.
_ATTRIBUTES = re.compile(r"\{[^{}]*\}")
# A reference definition ("[fig2]: images/fig2.png"), which a reference-style image names.
_DEFINITION = re.compile(r"^ {0,3}\[(?!\^)[^\]]+\]:[ \t]*\S")
# An image's destination with a blank in it, at a line's end (attributes after it aside).
_BLANK_DESTINATION = re.compile(
    r"\]\(([^()<>\s]++(?:[ \t]++[^()<>\s]++)++)[ \t]*+\)(?=\{[^{}\n]*\}[ \t]*$|[ \t]*$)", re.M
)
_HEADING = re.compile(r"^ {0,3}#{1,6}(?:[ \t]|$)")
# A caption runs over a few lines; a longer run (or a run of "![" thousands long) is no
# figure, and is never handed to the parser.
_MAX_LINES = 40
_MAX_CHARS = 5000
# A status badge in a README ("![License: MIT](https://img.shields.io/...)") is no figure:
# a remote image from a badge service, or one whose address names a badge.
_BADGE = re.compile(
    r"^https?://(?:[^/?#]*\.)?(?:shields\.io|badge\.fury\.io|travis-ci\.(?:org|com)|coveralls\.io"
    r"|codecov\.io|ci\.appveyor\.com|circleci\.com|codacy\.com|readthedocs\.org|pepy\.tech"
    r"|anaconda\.org)(?:[/?#]|$)|^https?://[^?#]*(?<![a-z])badges?(?![a-z])",
    re.IGNORECASE,
)
_BARE_LABEL = re.compile(r"^(?:fig(?:ure|\.)?|plate|panel)\s*[A-Z]?\d+[a-z]?\W*$", re.IGNORECASE)


@dataclass(frozen=True)
class Figure:
    """A figure from its first line to line ``end`` (exclusive); ``caption``: its text, or
    ``None`` where its alt text is no caption."""

    end: int
    caption: str | None


@cache
def _parser() -> MarkdownIt:
    return MarkdownIt("commonmark")


def figures(lines: Sequence[str], skip: Container[int] = ()) -> dict[int, Figure]:
    """The figures of a paper's cleaned lines, by their first line; lines in ``skip`` (a
    table's rows) start none. A figure opens a paragraph (a blank line, a heading or another
    figure before it): an image after a line of text is inline in that text."""
    found: dict[int, Figure] = {}
    env: dict[str, Any] | None = None
    end = 0
    for index, line in enumerate(lines):
        if index < end or index in skip or not _OPEN.match(line):
            continue
        previous = lines[index - 1] if index else ""
        if previous.strip() and index != end and not _HEADING.match(previous):
            continue
        if env is None:
            env = _references(lines)
        figure = _figure(lines, index, env)
        if figure is not None:
            found[index] = figure
            end = figure.end
    return found


def _references(lines: Sequence[str]) -> dict[str, Any]:
    """markdown-it's record of the paper's reference definitions, for reference-style
    images."""
    env: dict[str, Any] = {}
    definitions = [line for line in lines if _DEFINITION.match(line)]
    if definitions:
        _parser().parse("\n\n".join(definitions), env)
    return env


def _figure(lines: Sequence[str], start: int, env: dict[str, Any]) -> Figure | None:
    """The figure that opens at line ``start``: an image first in its paragraph, nothing but
    attributes after it on its last line."""
    end, size = start + 1, len(lines[start])
    while end < min(len(lines), start + _MAX_LINES) and lines[end].strip():
        size += len(lines[end]) + 1
        if _HEADING.match(lines[end]) or size > _MAX_CHARS:
            break  # the image ends before a long paragraph's end, or is no caption
        end += 1
    image = _first_image(lines[start:end], env)
    if image is None:
        return None
    # The image's lines: one, and one more for each line break in its alt text or title.
    title = str(image.attrs.get("title") or "")
    image_end = start + 1 + image.content.count("\n") + title.count("\n")
    if image_end > end or _first_image(lines[start:image_end], env, alone=True) is None:
        return None
    badge = _BADGE.match(str(image.attrs.get("src") or ""))
    return Figure(image_end, None if badge else _caption(image.content))


def _first_image(lines: Sequence[str], env: dict[str, Any], *, alone: bool = False) -> Token | None:
    """The image that opens ``lines``; ``alone``: only if nothing but attributes follows it."""
    text = "\n".join(lines)
    if len(text) > _MAX_CHARS:
        return None
    tokens = _tokens(text, env)
    if not (tokens and tokens[0].type == "image"):
        # Pandoc takes what CommonMark does not: a file name with blanks ("my figure.png").
        tokens = _tokens(_BLANK_DESTINATION.sub(r"](<\1>)", text), env)
        if not (tokens and tokens[0].type == "image"):
            return None
    if alone:
        after = tokens[1:]
        trailing = "".join(token.content for token in after).strip()
        markup_after = any(token.type != "text" for token in after)
        if markup_after or (trailing and not _ATTRIBUTES.fullmatch(trailing)):
            return None  # words after the image: an image inline in a line of text
    return tokens[0]


def _tokens(text: str, env: dict[str, Any]) -> list[Token]:
    """``text``'s inline tokens, blanks left out."""
    parsed = _parser().parseInline(text, env)
    return [
        token
        for token in (parsed[0].children or [] if parsed else [])
        if not (token.type == "text" and not token.content.strip())
    ]


def _caption(alt: str) -> str | None:
    caption = inline_text(" ".join(alt.split()))
    words = [word for word in caption.split() if any(c.isalpha() for c in word)]
    # One word ("logo", "sleep.png") or a label alone names the image; it states nothing.
    if len(words) < 2 or _BARE_LABEL.match(caption):
        return None
    return caption
