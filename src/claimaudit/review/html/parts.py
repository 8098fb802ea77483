"""The pieces of the HTML report that do not depend on the draft's format: verdict badges,
each sentence's marker and evidence panel, the reference checks, the summary, the legend, the
uncited sentences, and the page around them (inline CSS and JS, a Content Security Policy that
forbids loading anything). Everything from the draft or the records is escaped here.
"""

from __future__ import annotations

from html import escape

from claimaudit.accounting import counted, noun_for
from claimaudit.identity import edition_read
from claimaudit.net.weburl import is_web_url
from claimaudit.passage import location
from claimaudit.records import VERDICTS, CheckedRecord
from claimaudit.refcheck.models import STATUS_SEVERITY, ReferenceCheck
from claimaudit.review.html.assets import SCRIPT, STYLE
from claimaudit.review.result import ClaimReview, ReviewedRecord, ReviewResult


def verdict_class(verdict: str) -> str:
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


def badge(verdict: str, confidence: float | None) -> str:
    label = verdict.replace("_", " ")
    if verdict == "not_checked":
        level, how = "none", "an operational failure, not a verdict"
    else:
        level = strength(confidence)
        how = "no probabilities" if confidence is None else f"confidence {confidence:.2f}, {level}"
    return (
        f'<span class="badge {verdict_class(verdict)} s-{level}" data-strength="{level}" '
        f'title="{escape(label)}: {how}">{escape(label)}</span>'
    )


def review_flag() -> str:
    return f'<span class="flag">{REVIEW_MARK} needs review</span>'


def claim_confidence(claim: ClaimReview) -> float | None:
    """The least confidence among the records of the sentence's worst verdict (its badge)."""
    values = [
        r.record.confidence if isinstance(r.record, CheckedRecord) else None
        for r in claim.records
        if r.record.verdict == claim.worst
    ]
    return None if None in values else min(v for v in values if v is not None)


def marker(n: int, claim: ClaimReview) -> str:
    """The sentence's number, linking to its evidence. Its verdict is in words too (hidden on
    screen, shown in print and forced colours), so a screen reader and greyscale paper get it.
    It names the panel it opens (``aria-controls``); the script, which makes it open and close
    the panel, keeps its ``aria-expanded`` (without script it is a plain link)."""
    worst = claim.worst.replace("_", " ")
    said = f"{worst}; needs review" if claim.needs_review else worst
    words = f'<span class="marker-verdict">: {escape(said)}</span>'
    review = " needs-review" if claim.needs_review else ""
    mark = (
        f' <span class="review-mark" aria-hidden="true">{REVIEW_MARK}</span>'
        if claim.needs_review
        else ""
    )
    return (
        f'<a class="claim-marker {verdict_class(claim.worst)}{review}" href="#claim-{n + 1}" '
        f'data-claim="{n + 1}" aria-controls="claim-{n + 1}" title="{escape(said)}">'
        f"{n + 1}{words}{mark}</a>"
    )


def reference_badge(check: ReferenceCheck) -> str:
    """A reference's status: is the cited work real, and described as the catalogue does?"""
    status = check.status.value
    label = status.replace("_", " ")
    return (
        f'<span class="ref-status r-{status.replace("_", "-")}" data-reference-status="{status}" '
        f'title="{escape(check.reason)}">reference {escape(label)}</span>'
    )


def _reference_detail(check: ReferenceCheck | None) -> str:
    if check is None:
        return ""
    mismatches = "".join(
        f'<li>{escape(m.field)}: cited <q dir="auto">{escape(m.cited)}</q>, catalogue '
        f'<q dir="auto">{escape(m.catalogue)}</q></li>'
        for m in check.mismatches
    )
    listed = f'<ul class="mismatches">{mismatches}</ul>' if mismatches else ""
    return (
        f'<p class="reference">{reference_badge(check)} '
        f'<span class="ref-reason">{escape(check.reason)}</span></p>{listed}'
    )


# A paper's text, its title, reference and a claim go in with dir="auto", as on the web page
# (server/static/cards.js): an Arabic or Hebrew passage reads right to left, its full stop at its
# end, and a direction mark inside it stays inside (dir isolates) rather than reorder the text
# after it ("cited as ...").
def record_item(item: ReviewedRecord) -> str:
    record, citations = item.record, item.citations
    verdict = record.verdict
    paper = escape(record.paper_ref or ", ".join(citations))
    url = record.paper_url or ""
    name = (
        f'<a href="{escape(url)}" dir="auto">{paper}</a>'
        if is_web_url(url)
        else f'<span class="paper" dir="auto">{paper}</span>'
    )
    cited = f'<span dir="auto">{escape(", ".join(citations))}</span>'
    confidence = record.confidence if isinstance(record, CheckedRecord) else None
    head = badge(verdict, confidence) + " "
    if not isinstance(record, CheckedRecord):
        # A citation that names no paper ("[7]", no such References entry) is the record's
        # reference already: "[7]", not "[7] cited as [7]".
        named = record.paper_ref or ", ".join(citations)
        said = (
            "" if named == ", ".join(citations) else f' <span class="cited">cited as {cited}</span>'
        )
        return (
            f'<li class="record {verdict_class(verdict)}" data-verdict="{verdict}">{head}{name}'
            f"{said}"
            f'<p class="error">{escape(record.error)}</p>{_reference_detail(item.reference)}</li>'
        )
    review = f" {review_flag()}" if record.needs_review else ""
    shown = "n/a" if record.confidence is None else f"{record.confidence:.2f}"
    body = (
        f'<span class="conf">confidence {shown}</span>{review} {name} '
        f'<cite dir="auto">{escape(record.paper_title)}</cite> '
        f'<span class="cited">cited as {cited}</span>'
    )
    edition = edition_read(record.paper_ref, record.matched_ref)
    if edition is not None:  # an unversioned arXiv id: the version judged
        body += f' <span class="cited">read as {escape(edition)}</span>'
    if record.evidence_passage_id and record.evidence is not None:
        where = location(record.evidence_pages, record.evidence_section)
        section = f' (<span class="where" dir="auto">{escape(where)}</span>)' if where else ""
        quote = (
            f'<blockquote class="evidence-quote"><span class="pid">'
            f"{escape(record.evidence_passage_id)}{section}</span> "
            f'<q class="quote" dir="auto">{escape(record.evidence)}</q></blockquote>'
        )
    else:
        quote = '<p class="no-evidence">No evidence passage was selected.</p>'
    notes = "".join(f'<p class="note">review: {escape(n)}</p>' for n in record.review_notes)
    quote += notes
    reference = _reference_detail(item.reference)
    return (
        f'<li class="record {verdict_class(verdict)}" data-verdict="{verdict}">'
        f"{head}{body}{quote}{reference}</li>"
    )


def panel(n: int, claim: ClaimReview) -> str:
    sentence = claim.claim.sentence
    items = "".join(record_item(r) for r in claim.records)
    where = f"{escape(sentence.file)}, " if sentence.file else ""
    return (
        f'<details class="evidence {verdict_class(claim.worst)}" id="claim-{n + 1}" '
        f'data-claim="{n + 1}">'
        f"<summary>{badge(claim.worst, claim_confidence(claim))}"
        f"{' ' + review_flag() if claim.needs_review else ''}"
        f" Claim {n + 1}, {where}line {sentence.line}: "
        f'<span class="sentence" dir="auto">{escape(claim.claim.text)}</span></summary>'
        f'<ul class="records">{items}</ul></details>\n'
    )


def summary_section(result: ReviewResult) -> str:
    s = result.summary
    counts = "".join(
        f'<li class="count {verdict_class(v)}" data-verdict="{v}">'
        f'<span class="n">{s.verdicts[v]}</span> {escape(v.replace("_", " "))}</li>'
        for v in VERDICTS
    )
    extra = (
        ("claims", s.claims, noun_for(s.claims, "cited sentence")),
        ("needs-review", s.needs_review, noun_for(s.needs_review, "needs review", "need review")),
        ("not-checked", s.not_checked, "not checked"),
        ("uncited", s.uncited, noun_for(s.uncited, "uncited sentence")),
    )
    totals = "".join(
        f'<li class="total" data-count="{key}"><span class="n">{value}</span> {label}</li>'
        for key, value, label in extra
    )
    return (
        '<section id="summary" aria-labelledby="summary-title"><h2 id="summary-title">Summary</h2>'
        f"<p>{counted(s.records, 'record')} for {counted(s.claims, 'cited sentence')}"
        " (one record per paper).</p>"
        f'<ul class="counts">{counts}</ul><ul class="totals">{totals}</ul>{legend()}</section>'
    )


def legend() -> str:
    """What the colours, fills and the review mark mean."""
    verdicts = "".join(
        f"<li>{badge(v, 1.0 if v != 'not_checked' else None)}</li>" for v in VERDICTS
    )
    fills = "".join(
        f'<li><span class="badge v-supports s-{level}">{level}</span> {meaning}</li>'
        for level, _, meaning in STRENGTHS
    )
    return (
        '<div class="legend" role="group" aria-label="Legend">'
        f'<ul><li class="legend-title">Verdicts:</li>{verdicts}</ul>'
        f'<ul><li class="legend-title">Confidence:</li>{fills}</ul>'
        f'<p><span class="review-mark">{REVIEW_MARK}</span> needs review (the sentence is '
        "underlined with dashes): not a confident, evidenced <em>supports</em>. Read the "
        "evidence before citing the paper for the claim.</p></div>"
    )


def uncited_section(result: ReviewResult) -> str:
    items = "".join(
        f'<li data-line="{s.line}"><span class="line">'
        f"{escape(s.file) + ', ' if s.file else ''}line {s.line}</span> "
        f'<span dir="auto">{escape(s.text)}</span></li>'
        for s in result.uncited
    )
    return (
        '<section id="uncited" aria-label="Uncited sentences">'
        f"<details><summary>Uncited sentences ({len(result.uncited)})"
        f"</summary><ul>{items}</ul></details></section>"
    )


def references_section(result: ReviewResult) -> str:
    """Every cited reference's check (``--verify-refs``), problems first."""
    if result.references is None:
        return ""
    order = {status: n for n, status in enumerate(STATUS_SEVERITY)}
    checks = sorted(result.references, key=lambda c: order[c.status])
    counts = "".join(
        f'<li class="total" data-reference-count="{status}"><span class="n">{n}</span> '
        f"{escape(status.replace('_', ' '))}</li>"
        for status, n in (result.summary.references or {}).items()
    )
    items = "".join(
        f'<li class="reference-check" data-key="{escape(c.key)}">'
        f"<code>{escape(c.key)}</code> "
        f'<span dir="auto">{escape(str(c.ref) if c.ref else "")}</span> '
        f"{_reference_detail(c)}</li>"
        for c in checks
    )
    return (
        '<section id="references" aria-labelledby="references-title">'
        '<h2 id="references-title">References checked against the catalogues</h2>'
        f'<ul class="totals">{counts}</ul><ul class="reference-checks">{items}</ul></section>'
    )


def page(result: ReviewResult, title: str, body: str) -> str:
    """The whole self-contained page around the document's ``body``."""
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
        f'{summary_section(result)}<main id="document">{body}</main>'
        f"{references_section(result)}{uncited_section(result)}"
        f"<script>{SCRIPT}</script></body></html>\n"
    )
