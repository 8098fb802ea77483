"""The one Markdown syntax the review modules read (CommonMark, tables, YAML front matter,
footnotes, HTML comments), so that they agree on what is a paragraph, and the draft markdown-it
cannot read whole refused before it is read (``check_draft``)."""

from __future__ import annotations

from functools import cache

from markdown_it import MarkdownIt
from markdown_it.token import Token
from mdit_py_plugins.footnote import footnote_plugin
from mdit_py_plugins.front_matter import front_matter_plugin

from claimaudit.errors import DraftError
from claimaudit.review.comments import track_comments
from claimaudit.review.footnotes import track_note_markers
from claimaudit.review.images import track_image_spans
from claimaudit.review.markdown_limits import limit_structure

BOM = "\ufeff"
# markdown-it silently skips the rest of a document once blocks (quotes, lists) nest this
# deep; a draft that reaches it is refused instead. Each list level takes two.
MAX_NESTING = 40


def markdown_parser() -> MarkdownIt:
    """A new parser of the one Markdown syntax the review modules read (CommonMark, tables,
    YAML front matter, footnotes, HTML comments, the nesting limit), so they agree on what is a
    paragraph. Raw HTML other than comments is text (``html`` off: a renderer shows it as text,
    and an HTML block's words stay in paragraphs; the reader drops the tags, ``html_tags``);
    comments are parsed, as ``comment_block``/``comment_inline`` tokens that render as nothing."""
    md = (
        MarkdownIt("commonmark", {"html": False, "maxNesting": MAX_NESTING})
        .enable("table")
        .use(front_matter_plugin)
        .use(footnote_plugin)
    )
    track_note_markers(md)
    track_image_spans(md)
    track_comments(md)
    return md


@cache
def markdown() -> MarkdownIt:
    """The shared parser, for parsing only (a renderer with rules of its own makes its own):
    a draft past ``markdown_limits`` is refused before its inline text is parsed."""
    md = markdown_parser()
    limit_structure(md)
    return md


@cache
def markdown_blocks() -> MarkdownIt:
    """``markdown()`` without its inline phase: the blocks (front matter, fences, nesting) of
    a draft, at a fraction of the cost of a whole parse."""
    md = markdown_parser()
    limit_structure(md)
    return md.disable("inline")


def check_draft(report: str) -> None:
    """DraftError for a draft the parser cannot read whole (``parse_document`` would refuse
    it), found from its blocks alone: nothing is parsed twice in full."""
    refuse_deep(markdown_blocks().parse(report.removeprefix(BOM)))


def refuse_deep(tokens: list[Token]) -> None:
    """DraftError for parsed ``tokens`` nesting as deep as markdown-it reads."""
    deepest = next((t for t in tokens if t.level >= MAX_NESTING - 1), None)
    if deepest is not None:
        line = f" (line {deepest.map[0] + 1})" if deepest.map else ""
        raise DraftError(
            f"the draft nests lists or quotes too deeply{line}: over {MAX_NESTING} block "
            "levels, each list counting two; the parser would skip the rest of it"
        )
