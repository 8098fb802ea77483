"""The annotated Markdown: the original byte for byte, a marker per cited sentence, footnotes."""

from __future__ import annotations

import html
import re

from markdown_it import MarkdownIt
from mdit_py_plugins.footnote import footnote_plugin

from claimaudit.checker.pipeline import Checker
from claimaudit.identity import parse_ref
from claimaudit.refcheck.models import CitedReference, ReferenceCheck, ReferenceStatus
from claimaudit.refcheck.verify import ReferenceVerifier
from claimaudit.review import review_report
from claimaudit.review.annotate import SEPARATOR, escape, open_fence
from tests.fakes import MemorySource, ScriptedJudge, pick

# Passages with Markdown and Pandoc syntax in them, which must show verbatim in a footnote.
PASSAGES = [
    "Use *sparse* matrices [@doi:10.1/x] for 50% of <b>cases</b> & more_data_here.",
    "A second passage.",
]
REPORT = (
    "# Draft\r\n\r\nSciPy has sparse matrices [@arxiv:1907.10121]. Plain.\r\n\r\n"
    "> Quoted claim\r\n> here [@doi:10.1234/none]."
)


def _result():  # type: ignore[no-untyped-def]
    source = MemorySource()
    source.add(parse_ref("1907.10121"), "SciPy *1.0*", PASSAGES)
    checker = Checker(source, ScriptedJudge(pick("supports", "P001", strength=0.7)))
    return review_report(REPORT, checker=checker)


def test_original_text_is_kept_byte_for_byte() -> None:
    annotated = _result().annotated_markdown
    body, _, notes = annotated.partition("\r\n" + SEPARATOR + "\r\n")
    assert re.sub(r"\[\^claimaudit-\d+\]", "", body).rstrip("\r\n") == REPORT
    assert "[@arxiv:1907.10121].[^claimaudit-1] Plain." in body
    assert body.endswith("here [@doi:10.1234/none].[^claimaudit-2]\r\n")
    assert notes.count("[^claimaudit-") == 2


def test_the_lines_added_end_as_the_drafts_do() -> None:
    # A CRLF draft gets CRLF footnotes (one file, one convention); an LF draft LF ones.
    annotated = _result().annotated_markdown
    assert "\n" not in annotated.replace("\r\n", "")
    assert "\r\n\r\n[^claimaudit-2]: " in annotated and annotated.endswith("\r\n")
    plain = _annotated("Claim [@arxiv:1907.10121].\nNext [@doi:10.1234/none].\n")
    assert "\r" not in plain


def test_footnotes_render_verdict_confidence_and_verbatim_evidence() -> None:
    annotated = _result().annotated_markdown
    md = MarkdownIt("commonmark").use(footnote_plugin)
    tokens = md.parse(annotated)
    text = html.unescape(re.sub(r"<[^>]+>", "", md.render(annotated)))
    assert f"\u201c{PASSAGES[0]}\u201d" in text  # rendered, the quote is the passage exactly
    assert "SciPy *1.0*" in text
    assert "(SciPy *1.0*): supports, confidence 0.60, needs review. Evidence P001: " in text
    assert "doi:10.1234/none: not checked: doi:10.1234/none is not in the library" in text
    # Two footnote definitions, each referenced from its sentence.
    assert sum(t.type == "footnote_open" for t in tokens) == 2


def test_escape_keeps_pandoc_citations_out_of_quotes() -> None:
    assert escape("see [@key] and @other,\nthen *x*") == r"see \[\@key\] and \@other, then \*x\*"


def test_a_report_without_citations_is_returned_unchanged() -> None:
    source = MemorySource()
    checker = Checker(source, ScriptedJudge(pick("supports", None)))
    assert review_report("Just prose.\n", checker=checker).annotated_markdown == "Just prose.\n"


def test_review_notes_reach_the_footnote_the_html_report_and_the_table() -> None:
    from rich.console import Console

    from claimaudit.cli._render import records_table
    from claimaudit.review import render_html

    note = "the claim's year 2005 is not in the evidence (it gives 2017)"
    source = MemorySource()
    source.add(parse_ref("1907.10121"), "SciPy 1.0", PASSAGES)
    checker = Checker(source, ScriptedJudge(pick("supports", "P001", notes=(note,))))
    result = review_report(REPORT, checker=checker)
    record = result.records[0].record
    assert record.needs_review
    assert f"Review: {escape(note)}." in result.annotated_markdown
    assert f"review: {html.escape(note)}" in render_html(result, title="draft.md")
    console = Console(width=200, record=True)
    console.print(records_table([record]))
    assert f"review: {note}" in console.export_text()


class _Catalogue(ReferenceVerifier):
    """SciPy's arXiv id exists; the DOI is not in the catalogue."""

    def check(self, cited: CitedReference) -> ReferenceCheck:
        if str(cited.ref) == "arXiv:1907.10121":
            return ReferenceCheck(cited.key, cited.ref, ReferenceStatus.OK, "fine")
        reason = "Crossref has no work with this DOI"
        return ReferenceCheck(cited.key, cited.ref, ReferenceStatus.NOT_FOUND, reason)


def test_footnotes_say_each_reference_check_with_verify_refs() -> None:
    source = MemorySource()
    source.add(parse_ref("1907.10121"), "SciPy", PASSAGES)
    checker = Checker(source, ScriptedJudge(pick("supports", "P001", strength=0.7)))
    result = review_report(REPORT, checker=checker, verifier=_Catalogue())
    annotated = result.annotated_markdown
    md = MarkdownIt("commonmark").use(footnote_plugin)
    text = html.unescape(re.sub(r"<[^>]+>", "", md.render(annotated)))
    assert "(SciPy): supports, confidence 0.60, needs review; reference ok. Evidence P001" in text
    assert (
        "doi:10.1234/none: not checked: doi:10.1234/none is not in the library; "
        "reference not_found (Crossref has no work with this DOI)"
    ) in text
    # Without --verify-refs the footnotes say nothing about references.
    assert "reference" not in _result().annotated_markdown.partition(SEPARATOR)[2]


def _annotated(report: str) -> str:
    source = MemorySource()
    source.add(parse_ref("1907.10121"), "SciPy", PASSAGES)
    checker = Checker(source, ScriptedJudge(pick("supports", "P001")))
    return review_report(report, checker=checker).annotated_markdown


def test_a_bom_is_kept_in_the_annotated_copy_and_left_out_of_the_claim() -> None:
    report = "\ufeffRaw data is kept [@arxiv:1907.10121].\n"
    annotated = _annotated(report)
    assert annotated.startswith("\ufeffRaw data is kept [@arxiv:1907.10121].[^claimaudit-1]\n")
    assert annotated.count("\ufeff") == 1


def test_a_bom_before_a_first_line_heading_is_kept_and_the_heading_is_no_claim() -> None:
    report = "\ufeff# Notes [@arxiv:1907.10121]\n\nRaw data is kept [@arxiv:1907.10121].\n"
    annotated = _annotated(report)
    assert annotated.startswith(
        "\ufeff# Notes [@arxiv:1907.10121]\n\n"
        "Raw data is kept [@arxiv:1907.10121].[^claimaudit-1]\n"
    )
    assert annotated.count("[^claimaudit-") == 2  # one marker, one note


def test_a_code_block_the_draft_leaves_open_is_closed_before_the_notes() -> None:
    draft = "SciPy has sparse matrices [@arxiv:1907.10121].\n\n~~~~python\nimport scipy\n~~~\n"
    annotated = _annotated(draft)
    assert annotated.startswith(draft.replace("].", "].[^claimaudit-1]"))
    md = MarkdownIt("commonmark").use(footnote_plugin)
    tokens = md.parse(annotated)
    # The notes are a footnote again, not code; the draft's code is still code.
    assert sum(t.type == "footnote_open" for t in tokens) == 1
    [code] = [t for t in tokens if t.type == "fence"]
    assert code.content == "import scipy\n~~~\n"
    assert open_fence(annotated) is None


def test_only_an_open_fence_at_the_top_level_is_closed() -> None:
    assert open_fence("a\n\n```\ncode\n```\n") is None
    assert open_fence("a\n\n```\n") == "```"
    assert open_fence("> ```\n> quoted code\n") is None  # the quote's end closes it
    assert open_fence("a\n\n    indented code\n") is None


def test_a_captions_marker_goes_after_its_image_never_inside_the_alt_text() -> None:
    report = "![SciPy has sparse matrices [@arxiv:1907.10121].](fig1.png)\n"
    assert _annotated(report).startswith(
        "![SciPy has sparse matrices [@arxiv:1907.10121].](fig1.png)[^claimaudit-1]\n"
    )


def test_a_captions_marker_goes_after_its_images_attributes() -> None:
    # Pandoc reads "{#fig:one}" as the image's only when nothing stands between them.
    report = "![SciPy has sparse matrices [@arxiv:1907.10121].](fig1.png){#fig:one width=50%}\n"
    assert _annotated(report).startswith(
        "![SciPy has sparse matrices [@arxiv:1907.10121].](fig1.png){#fig:one width=50%}"
        "[^claimaudit-1]\n"
    )


def test_an_unversioned_citation_says_which_version_was_read_in_every_output() -> None:
    # The footnote, the HTML report and the LaTeX note named "arXiv:1907.10121" alone, though
    # v2 was judged (the record's matchedRef): v2's verdict read as the work's.
    from rich.console import Console

    from claimaudit.cli._review_table import review_table
    from claimaudit.review import render_html
    from claimaudit.review.latex.annotate import record_line

    source = MemorySource()
    source.add(parse_ref("1907.10121v2"), "SciPy 1.0", PASSAGES)
    checker = Checker(source, ScriptedJudge(pick("supports", "P001")))
    result = review_report("SciPy has sparse matrices [@arxiv:1907.10121].\n", checker=checker)
    item = result.records[0]
    assert item.record.matched_ref == "arXiv:1907.10121v2"
    assert "arXiv:1907.10121 (SciPy 1.0, read as arXiv:1907.10121v2):" in (
        result.annotated_markdown
    )
    assert '<span class="cited">read as arXiv:1907.10121v2</span>' in render_html(result)
    assert "(arXiv:1907.10121), read as arXiv:1907.10121v2: supports" in record_line(item)
    console = Console(width=200, record=True)
    console.print(review_table(result, 200))
    assert "(read as arXiv:1907.10121v2)" in console.export_text()
    # Cited with its version, nothing more is said.
    versioned = review_report("SciPy is fast [@arxiv:1907.10121v2].\n", checker=checker)
    assert "read as" not in versioned.annotated_markdown
    assert "read as" not in render_html(versioned)
