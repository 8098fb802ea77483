"""The annotated LaTeX draft: each file byte for byte, with a ``% claimaudit:`` comment line
after the line where each checked sentence ends (one line per paper it cites), or, where a
brace group or verbatim environment opened after the sentence is still open there, after the
line where it closes (``claimaudit.review.latex.insert``).

A comment line changes nothing TeX prints: the line before keeps its end of line (a space),
and the comment takes its own. With ``todo``, a sentence that needs review also gets a
``\\todo{...}%`` line after its comments (``[inline]`` in a footnote or a box, where a
margin note cannot go), and the main file loads ``todonotes`` before ``\\begin{document}``
unless a file of the draft already loads it or defines ``\\todo`` itself. A draft that is
itself an annotated copy has the lines claimaudit added there replaced (``earlier_notes``).
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Mapping, Sequence

from claimaudit.errors import UsageError
from claimaudit.identity import edition_read
from claimaudit.library.latex.comments import strip_comments
from claimaudit.passage import location
from claimaudit.records import CheckedRecord
from claimaudit.review.arguments import check_result
from claimaudit.review.earlier_notes import latex_spans, rewrite
from claimaudit.review.latex.insert import annotation_offset
from claimaudit.review.result import ClaimReview, ReviewedRecord, ReviewResult

PREFIX = "% claimaudit:"
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")
_SPECIAL = {
    "\\": r"\textbackslash{}",
    "{": r"\{",
    "}": r"\}",
    "$": r"\$",
    "&": r"\&",
    "#": r"\#",
    "^": r"\^{}",
    "_": r"\_",
    "%": r"\%",
    "~": r"\~{}",
}
_TODONOTES = re.compile(
    r"\\usepackage\s{0,40}(?:\[[^\]]{0,500}\])?\s{0,40}\{[^}]{0,500}\btodonotes\b[^}]{0,500}\}"
    r"|\\(?:re)?newcommand\s{0,40}\*?\s{0,40}\{?\\todo\b|\\def\s{0,40}\\todo\b"
)
_BEGIN_DOCUMENT = re.compile(r"^[ \t]*\\begin\s*\{document\}", re.MULTILINE)


def _one_line(text: str) -> str:
    return " ".join(_CONTROL.sub(" ", text).split())


def record_line(item: ReviewedRecord) -> str:
    """What one paper's record says, on one line."""
    record = item.record
    paper = record.paper_ref or ", ".join(item.citations)
    cited = ", ".join(item.citations)
    head = f"{cited} ({paper})" if cited and cited != paper else paper
    reference = "" if item.reference is None else f"; reference {item.reference.status.value}"
    if item.reference is not None and item.reference.status.value != "ok":
        reference += f" ({item.reference.reason})"
    if not isinstance(record, CheckedRecord):
        return _one_line(f"{head}: not checked: {record.error}{reference}")
    confidence = "n/a" if record.confidence is None else f"{record.confidence:.2f}"
    review = ", needs review" if record.needs_review else ""
    verdict = record.verdict.replace("_", " ")
    edition = edition_read(record.paper_ref, record.matched_ref)
    head += f", read as {edition}" if edition else ""
    line = f"{head}: {verdict}, confidence {confidence}{review}{reference}"
    if record.evidence_passage_id is not None and record.evidence is not None:
        where = location(record.evidence_pages, record.evidence_section)
        line += f"; evidence {record.evidence_passage_id}"
        line += f" ({where})" if where else ""
        line += f": \u201c{record.evidence}\u201d"
    line += "".join(f"; review: {note}" for note in record.review_notes)
    return _one_line(line)


def _todo(claim: ClaimReview, inline: bool) -> str:
    worst = claim.worst.replace("_", " ")
    papers = ", ".join(r.record.paper_ref or ", ".join(r.citations) for r in claim.records)
    text = "".join(_SPECIAL.get(c, c) for c in _one_line(f"claimaudit: {worst} ({papers})"))
    return f"\\todo[inline]{{{text}}}" if inline else f"\\todo{{{text}}}"


def _newline(text: str) -> str:
    return "\r\n" if "\r\n" in text else "\n"


def _annotate_file(
    text: str, claims: Sequence[tuple[ClaimReview, bool]], todo: bool, load_todonotes: bool
) -> str:
    newline = _newline(text)
    inserts: list[tuple[int, int, str]] = []  # (offset, order, text)
    for order, (claim, inline) in enumerate(claims):
        sentence = claim.claim.sentence
        end = annotation_offset(text, sentence.start, sentence.end)
        lead = "" if end == 0 or text[end - 1] == "\n" else newline
        comments = "".join(f"{PREFIX} {record_line(r)}{newline}" for r in claim.records)
        if todo and claim.needs_review:
            # On a line of its own, ended by "%": never inside a macro or a comment of the
            # sentence's line, and no space added to the paragraph.
            comments += f"{_todo(claim, inline)}%{newline}"
        inserts.append((end, order, lead + comments))
    if load_todonotes:
        begin = _BEGIN_DOCUMENT.search(text)
        if begin is not None:
            package = f"\\usepackage{{todonotes}} {PREFIX} loaded for its review notes{newline}"
            inserts.append((begin.start(), -2, package))
    ordered = sorted(inserts, key=lambda item: (item[0], item[1]))
    # An annotated copy reviewed again: its earlier lines give way to the new ones.
    return rewrite(text, latex_spans(text), [(offset, insert) for offset, _, insert in ordered])


def annotate_latex(result: ReviewResult, *, todo: bool = False) -> dict[str, str]:
    """The annotated text of a reviewed LaTeX draft's main file and of every file holding a
    checked sentence, by name relative to the draft's folder (the main file first). UsageError
    for anything but the review of a LaTeX draft, or a ``todo`` that is no bool."""
    check_result(result, "annotate_latex")
    if not isinstance(todo, bool):
        # Read for its truth, todo="no" added \todo notes and loaded todonotes: the opposite.
        raise UsageError(f"todo must be True or False, not {type(todo).__name__}")
    if result.latex is None:
        raise UsageError(
            "annotate_latex takes the review of a LaTeX draft (review_latex); the review of a "
            "Markdown report has its annotated text in annotated_markdown"
        )
    draft, claims = result.latex.draft, result.claims
    # A margin note cannot go in a footnote or a box (a minipage, a tcolorbox, a \parbox): an
    # inline one goes there.
    inline = {
        span.claim
        for paragraph in result.latex.paragraphs
        if paragraph.block.kind == "footnote" or paragraph.block.boxed
        for span in paragraph.sentences
        if span.claim is not None
    }
    by_file: Mapping[str, list[tuple[ClaimReview, bool]]] = defaultdict(list)
    for number, claim in enumerate(claims):
        name = claim.claim.sentence.file or draft.main
        by_file[name].append((claim, number in inline))
    main = draft.files[draft.main]
    # A commented-out \usepackage{todonotes} loads nothing: search the text without comments,
    # of every file read (a preamble's \input file may define \todo; defined anywhere, loading
    # todonotes too would be an error).
    # The line loading it that an earlier annotated copy added is left out, so is not counted.
    loaded = any(
        _TODONOTES.search(strip_comments(rewrite(text, latex_spans(text), [])))
        for text in draft.files.values()
    )
    needs_notes = todo and any(c.needs_review for c in claims) and not loaded
    annotated = {draft.main: _annotate_file(main, by_file.get(draft.main, []), todo, needs_notes)}
    for name, found in by_file.items():
        if name != draft.main:
            annotated[name] = _annotate_file(draft.files[name], found, todo, False)
    return annotated
