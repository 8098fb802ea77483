"""A self-contained HTML report: the document with each cited sentence coloured by its worst
verdict, the evidence expandable under its paragraph, and a summary (a LaTeX draft's document
is drawn by ``claimaudit.review.html.latex``; the shared pieces are ``html_parts``).

One file, no network: inline CSS and JS, images shown as their alt text, and a Content Security
Policy that forbids loading anything. Everything from the report or the records is escaped;
raw HTML in the report is shown as text
(an HTML comment, no part of the draft's text, is not shown).

How sentences are found in the rendered document: the report gets a marker (punctuation
characters around the claim number, so Markdown parses as before) at each claim's start and end;
after parsing, text between markers is wrapped text-node by text-node, so the spans always nest.
The marker characters are two the report cannot produce (neither written nor as an HTML entity);
in the unlikely report that uses every candidate, the page is drawn without in-text highlights
and every panel goes to the "not shown above" section, rather than failing on the user's text.
"""

from __future__ import annotations

import html
import re
import sys
import unicodedata
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from markdown_it import MarkdownIt
from markdown_it.common.utils import escapeHtml
from markdown_it.token import Token
from markdown_it.utils import EnvType, OptionsDict

from claimaudit.errors import UsageError
from claimaudit.review.arguments import check_result
from claimaudit.review.document import BOM, markdown_parser
from claimaudit.review.html.latex import latex_body
from claimaudit.review.html.parts import marker, page, panel, verdict_class
from claimaudit.review.result import ClaimReview, ReviewResult

# Rare punctuation characters for the markers, tried first; then any other non-ASCII
# punctuation or symbol (what markdown-it counts as punctuation, so emphasis parses as before).
_MARKER_PAIRS = (("\u2e3c", "\u2e3d"), ("\u2e3e", "\u2e3f"), ("\u2e41", "\u2e4c"))
_REPLACEMENT = "\ufffd"  # what markdown-it turns NUL and broken entities into


def _image(self: Any, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType) -> str:
    alt = self.renderInlineAsText(tokens[idx].children or [], options, env)
    return f'<span class="image" title="image not embedded">[image: {escapeHtml(alt)}]</span>'


# The draft's blocks that hold its text, each laid out in its own direction (dir="auto"), as an
# editor shows them: an Arabic or Hebrew paragraph reads right to left in the English page.
_OWN_DIRECTION = ("paragraph_open", "heading_open", "list_item_open", "th_open", "td_open")


def _own_direction(
    self: Any, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType
) -> str:
    tokens[idx].attrSet("dir", "auto")
    if tokens[idx].type == "heading_open":
        return _heading(self, tokens, idx, options, env)
    return str(self.renderToken(tokens, idx, options, env))


def _heading(
    self: Any, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType
) -> str:
    # The report's title is the page's h1 and its sections h2: the draft's headings go below.
    token = tokens[idx]
    token.tag = f"h{min(int(token.tag[1:]) + 2, 6)}"
    return str(self.renderToken(tokens, idx, options, env))


def _table_open(
    self: Any, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType
) -> str:
    # A wide table scrolls in a box of its own (reachable by keyboard), never the whole page.
    box = '<div class="table-scroll" role="region" aria-label="Table" tabindex="0">'
    return box + str(self.renderToken(tokens, idx, options, env))


def _table_close(
    self: Any, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType
) -> str:
    return str(self.renderToken(tokens, idx, options, env)) + "</div>\n"


@cache
def _renderer() -> MarkdownIt:
    # The review's own syntax, so the same paragraphs come out; images shown as their alt text.
    md = markdown_parser()
    md.add_render_rule("image", _image)
    for rule in _OWN_DIRECTION:
        md.add_render_rule(rule, _own_direction)
    md.add_render_rule("heading_close", _heading)
    md.add_render_rule("table_open", _table_open)
    md.add_render_rule("table_close", _table_close)
    return md


def _candidates() -> Iterator[str]:
    preferred = [c for pair in _MARKER_PAIRS for c in pair]
    yield from preferred
    for point in range(0xA1, sys.maxunicode + 1):
        char = chr(point)
        if char not in preferred and unicodedata.category(char).startswith(("P", "S")):
            yield char


@dataclass(frozen=True)
class _Markers:
    start: str
    end: str

    @classmethod
    def for_report(cls, report: str) -> _Markers | None:
        """Two marker characters the parsed report cannot hold; None if it could hold them all."""
        # An entity (&#x2e3c;) becomes its character in the parsed text, so it counts as used.
        used = set(report) | set(html.unescape(report)) | {_REPLACEMENT}
        free = (c for c in _candidates() if c not in used)
        first, second = next(free, None), next(free, None)
        if first is None or second is None:
            return None
        return cls(first, second)

    @property
    def pattern(self) -> re.Pattern[str]:
        a, b = re.escape(self.start), re.escape(self.end)
        return re.compile(f"{a}([0-9]+){b}|{b}([0-9]+){a}")


def _marked(report: str, claims: Sequence[ClaimReview], markers: _Markers) -> str:
    a, b = markers.start, markers.end
    cuts = sorted(
        [(c.claim.sentence.start, 1, f"{a}{n}{b}") for n, c in enumerate(claims)]
        + [(c.claim.sentence.end, 0, f"{b}{n}{a}") for n, c in enumerate(claims)]
    )
    pieces, position = [], 0
    for offset, _, mark in cuts:
        pieces.append(report[position:offset] + mark)
        position = offset
    return "".join(pieces) + report[position:]


def _html(content: str) -> Token:
    token = Token("html_inline", "", 0)
    token.content = content
    return token


def _unmark(token: Token, mark: re.Pattern[str]) -> None:
    token.content = mark.sub("", token.content)
    if token.attrs:
        token.attrs = {
            k: mark.sub("", v) if isinstance(v, str) else v for k, v in token.attrs.items()
        }


class _Weaver:
    """Rewrites the token stream: claim text wrapped in spans, panels after their paragraph."""

    def __init__(self, claims: Sequence[ClaimReview], mark: re.Pattern[str]) -> None:
        self.claims = claims
        self.mark = mark
        self.placed: set[int] = set()

    def _open(self, n: int) -> str:
        claim = self.claims[n]
        review = " needs-review" if claim.needs_review else ""
        return f'<span class="claim {verdict_class(claim.worst)}{review}" data-claim="{n + 1}">'

    def _span(self, n: int, text: str) -> Token:
        return _html(f"{self._open(n)}{escapeHtml(text)}</span>")

    def _inline(self, children: list[Token], ended: list[int]) -> list[Token]:
        out: list[Token] = []
        current: int | None = None
        for child in children:
            if child.type != "text":
                _unmark(child, self.mark)
                if current is not None and child.type == "code_inline":
                    out += [_html(self._open(current)), child, _html("</span>")]
                else:
                    out.append(child)
                continue
            position = 0
            for match in self.mark.finditer(child.content):
                out += self._text(child.content[position : match.start()], current)
                position = match.end()
                if match.group(1) is not None:
                    current = int(match.group(1))
                else:
                    n = int(match.group(2))
                    current = None
                    ended.append(n)
                    out.append(_html(marker(n, self.claims[n])))
            out += self._text(child.content[position:], current)
        return out

    def _text(self, text: str, current: int | None) -> list[Token]:
        if not text:
            return []
        if current is None:
            token = Token("text", "", 0)
            token.content = text
            return [token]
        return [self._span(current, text)]

    def weave(self, tokens: list[Token]) -> list[Token]:
        out: list[Token] = []
        ended: list[int] = []
        for token in tokens:
            _unmark(token, self.mark)
            if token.type == "inline" and token.children is not None:
                token.children = self._inline(token.children, ended)
            out.append(token)
            if token.type == "paragraph_close" and ended:
                panels = Token("html_block", "", 0)
                panels.content = "".join(self._panel(n) for n in ended)
                out.append(panels)
                ended = []
        return out

    def _panel(self, n: int) -> str:
        self.placed.add(n)
        return panel(n, self.claims[n])

    def missing(self) -> str:
        return "".join(panel(n, c) for n, c in enumerate(self.claims) if n not in self.placed)


def render_html(result: ReviewResult, *, title: str = "report") -> str:
    """The self-contained HTML report of a reviewed Markdown report or LaTeX draft; UsageError
    for a result or title of the wrong kind."""
    check_result(result, "render_html")
    if not isinstance(title, str):
        raise UsageError(f"title must be a string, not {type(title).__name__}")
    if result.latex is not None:
        return page(result, title, latex_body(result))
    claims = result.claims
    md = _renderer()
    env: EnvType = {}
    markers = _Markers.for_report(result.text)
    if markers is None:
        body = md.render(result.text.removeprefix(BOM), env)  # a BOM is not text to show
        missing = "".join(panel(n, c) for n, c in enumerate(claims))
    else:
        tokens = md.parse(_marked(result.text, claims, markers).removeprefix(BOM), env)
        weaver = _Weaver(claims, markers.pattern)
        body = md.renderer.render(weaver.weave(tokens), md.options, env)
        missing = weaver.missing()
    if missing:
        body += (
            f'<section id="unplaced"><h2>Cited sentences not shown above</h2>{missing}</section>'
        )
    return page(result, title, body)
