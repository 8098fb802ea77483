"""A self-contained HTML report: the document with each cited sentence coloured by its worst
verdict, the evidence expandable under its paragraph, and a summary.

One file, no network: inline CSS and JS, images shown as their alt text, and a Content Security
Policy that forbids loading anything. Everything from the report or the records is escaped;
raw HTML in the report is shown as text.

How sentences are found in the rendered document: the report gets a marker (punctuation
characters around the claim number, so Markdown parses as before) at each claim's start and end;
after parsing, text between markers is wrapped text-node by text-node, so the spans always nest.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from html import escape
from typing import Any

from markdown_it import MarkdownIt
from markdown_it.common.utils import escapeHtml
from markdown_it.token import Token
from markdown_it.utils import EnvType, OptionsDict

from claimaudit.passage import location
from claimaudit.records import VERDICTS, CheckedRecord, Record
from claimaudit.review.document import markdown_parser
from claimaudit.review.html_assets import SCRIPT, STYLE
from claimaudit.review.result import ClaimReview, ReviewResult

# Rare punctuation characters for the markers: the first pair the report does not use.
_MARKER_PAIRS = (("\u2e3c", "\u2e3d"), ("\u2e3e", "\u2e3f"), ("\u2e41", "\u2e4c"))
_SAFE_URL = re.compile(r"^https?://", re.IGNORECASE)


def _image(self: Any, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType) -> str:
    alt = self.renderInlineAsText(tokens[idx].children or [], options, env)
    return f'<span class="image" title="image not embedded">[image: {escapeHtml(alt)}]</span>'


@cache
def _renderer() -> MarkdownIt:
    # The review's own syntax, so the same paragraphs come out; images shown as their alt text.
    md = markdown_parser()
    md.add_render_rule("image", _image)
    return md


def _v(verdict: str) -> str:
    return "v-" + verdict.replace("_", "-")


# How strongly a verdict is held, by its confidence: the badge is solid, tinted or outlined.
# The web page (server/static/cards.js) draws the same bands.
STRENGTHS = (
    ("strong", 0.7, "solid: confidence 0.70 or more"),
    ("moderate", 0.4, "tinted: 0.40 to 0.70"),
    ("weak", 0.0, "outlined: below 0.40, or no probabilities"),
)
REVIEW_MARK = "\u2691"  # ⚑


def strength(confidence: float | None) -> str:
    if confidence is None:
        return "weak"
    return next(level for level, floor, _ in STRENGTHS if confidence >= floor)


def _badge(verdict: str, confidence: float | None) -> str:
    label = verdict.replace("_", " ")
    if verdict == "not_checked":
        level, how = "none", "an operational failure, not a verdict"
    else:
        level = strength(confidence)
        how = "no probabilities" if confidence is None else f"confidence {confidence:.2f}, {level}"
    return (
        f'<span class="badge {_v(verdict)} s-{level}" data-strength="{level}" '
        f'title="{escape(label)}: {how}">{escape(label)}</span>'
    )


def _review_flag() -> str:
    return f'<span class="flag">{REVIEW_MARK} needs review</span>'


def _claim_confidence(claim: ClaimReview) -> float | None:
    """The least confidence among the records of the sentence's worst verdict (its badge)."""
    values = [
        r.record.confidence if isinstance(r.record, CheckedRecord) else None
        for r in claim.records
        if r.record.verdict == claim.worst
    ]
    return None if None in values else min(v for v in values if v is not None)


@dataclass(frozen=True)
class _Markers:
    start: str
    end: str

    @classmethod
    def for_report(cls, report: str) -> _Markers:
        for first, second in _MARKER_PAIRS:
            if first not in report and second not in report:
                return cls(first, second)
        raise ValueError("the report uses every marker character")

    @property
    def pattern(self) -> re.Pattern[str]:
        a, b = self.start, self.end
        return re.compile(f"{a}(\\d+){b}|{b}(\\d+){a}")


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
        return f'<span class="claim {_v(claim.worst)}{review}" data-claim="{n + 1}">'

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
                    out.append(_html(_marker(n, self.claims[n])))
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


def _marker(n: int, claim: ClaimReview) -> str:
    worst = claim.worst.replace("_", " ")
    if claim.needs_review:
        return (
            f'<a class="claim-marker {_v(claim.worst)} needs-review" href="#claim-{n + 1}" '
            f'data-claim="{n + 1}" title="{escape(worst)}; needs review">{n + 1} '
            f'<span class="review-mark">{REVIEW_MARK}</span></a>'
        )
    return (
        f'<a class="claim-marker {_v(claim.worst)}" href="#claim-{n + 1}" data-claim="{n + 1}" '
        f'title="{escape(worst)}">{n + 1}</a>'
    )


def _record_item(record: Record, citations: Sequence[str]) -> str:
    verdict = record.verdict
    paper = escape(record.paper_ref or ", ".join(citations))
    url = record.paper_url or ""
    name = f'<a href="{escape(url)}">{paper}</a>' if _SAFE_URL.match(url) else paper
    cited = escape(", ".join(citations))
    confidence = record.confidence if isinstance(record, CheckedRecord) else None
    head = _badge(verdict, confidence) + " "
    if not isinstance(record, CheckedRecord):
        return (
            f'<li class="record {_v(verdict)}" data-verdict="{verdict}">{head}{name} '
            f'<span class="cited">cited as {cited}</span>'
            f'<p class="error">{escape(record.error)}</p></li>'
        )
    review = f" {_review_flag()}" if record.needs_review else ""
    shown = "n/a" if record.confidence is None else f"{record.confidence:.2f}"
    body = (
        f'<span class="conf">confidence {shown}</span>{review} {name} '
        f'<cite>{escape(record.paper_title)}</cite> <span class="cited">cited as {cited}</span>'
    )
    if record.evidence_passage_id and record.evidence is not None:
        where = location(record.evidence_pages, record.evidence_section)
        section = f' (<span class="where">{escape(where)}</span>)' if where else ""
        quote = (
            f'<blockquote class="evidence-quote"><span class="pid">'
            f"{escape(record.evidence_passage_id)}{section}</span> "
            f'<q class="quote">{escape(record.evidence)}</q></blockquote>'
        )
    else:
        quote = '<p class="no-evidence">No evidence passage was selected.</p>'
    return f'<li class="record {_v(verdict)}" data-verdict="{verdict}">{head}{body}{quote}</li>'


def panel(n: int, claim: ClaimReview) -> str:
    sentence = claim.claim.sentence
    items = "".join(_record_item(r.record, r.citations) for r in claim.records)
    return (
        f'<details class="evidence {_v(claim.worst)}" id="claim-{n + 1}" data-claim="{n + 1}">'
        f"<summary>{_badge(claim.worst, _claim_confidence(claim))}"
        f"{' ' + _review_flag() if claim.needs_review else ''}"
        f" Claim {n + 1}, line {sentence.line}: {escape(claim.claim.text)}</summary>"
        f'<ul class="records">{items}</ul></details>\n'
    )


def _summary(result: ReviewResult) -> str:
    s = result.summary
    counts = "".join(
        f'<li class="count {_v(v)}" data-verdict="{v}"><span class="n">{s.verdicts[v]}</span> '
        f"{escape(v.replace('_', ' '))}</li>"
        for v in VERDICTS
    )
    extra = (
        ("claims", s.claims, "cited sentences"),
        ("needs-review", s.needs_review, "need review"),
        ("not-checked", s.not_checked, "not checked"),
        ("uncited", s.uncited, "uncited sentences"),
    )
    totals = "".join(
        f'<li class="total" data-count="{key}"><span class="n">{value}</span> {label}</li>'
        for key, value, label in extra
    )
    return (
        '<section id="summary"><h2>Summary</h2>'
        f"<p>{s.records} records for {s.claims} cited sentences (one record per paper).</p>"
        f'<ul class="counts">{counts}</ul><ul class="totals">{totals}</ul>{_legend()}</section>'
    )


def _legend() -> str:
    """What the colours, fills and the review mark mean."""
    verdicts = "".join(
        f"<li>{_badge(v, 1.0 if v != 'not_checked' else None)}</li>" for v in VERDICTS
    )
    fills = "".join(
        f'<li><span class="badge v-supports s-{level}">{level}</span> {meaning}</li>'
        for level, _, meaning in STRENGTHS
    )
    return (
        '<div class="legend" aria-label="Legend">'
        f'<ul><li class="legend-title">Verdicts:</li>{verdicts}</ul>'
        f'<ul><li class="legend-title">Confidence:</li>{fills}</ul>'
        f'<p><span class="review-mark">{REVIEW_MARK}</span> needs review (the sentence is '
        "underlined with dashes): not a confident, evidenced <em>supports</em>. Read the "
        "evidence before citing the paper for the claim.</p></div>"
    )


def _uncited(result: ReviewResult) -> str:
    items = "".join(
        f'<li data-line="{s.line}"><span class="line">line {s.line}</span> {escape(s.text)}</li>'
        for s in result.uncited
    )
    return (
        f'<section id="uncited"><details><summary>Uncited sentences ({len(result.uncited)})'
        f"</summary><ul>{items}</ul></details></section>"
    )


def render_html(result: ReviewResult, *, title: str = "report") -> str:
    claims = result.claims
    md = _renderer()
    env: EnvType = {}
    markers = _Markers.for_report(result.text)
    tokens = md.parse(_marked(result.text, claims, markers), env)
    weaver = _Weaver(claims, markers.pattern)
    body = md.renderer.render(weaver.weave(tokens), md.options, env)
    missing = weaver.missing()
    if missing:
        body += (
            f'<section id="unplaced"><h2>Cited sentences not shown above</h2>{missing}</section>'
        )
    name = escape(title)
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta http-equiv="Content-Security-Policy" content="default-src \'none\'; '
        "style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:\">"
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>claimaudit review: {name}</title><style>{STYLE}</style></head><body>"
        f'<header><h1>claimaudit review: {name}</h1><div class="tools">'
        '<button type="button" id="expand-all">expand all evidence</button> '
        '<button type="button" id="collapse-all">collapse all</button></div></header>'
        f'{_summary(result)}<main id="document">{body}</main>{_uncited(result)}'
        f"<script>{SCRIPT}</script></body></html>\n"
    )
