"""A draft citing in its footnotes, reviewed whole: every cited work checked, no record for a
note's leftovers, the annotated copy marked where Pandoc reads the marks, the HTML page placing
every claim."""

from __future__ import annotations

import re

from markdown_it import MarkdownIt
from mdit_py_plugins.footnote import footnote_plugin

from claimaudit.checker.pipeline import Checker
from claimaudit.identity import parse_ref
from claimaudit.records import CheckedRecord
from claimaudit.review import render_html, review_report
from claimaudit.review.annotate import SEPARATOR
from claimaudit.review.bibliography import parse_bibliography
from claimaudit.review.result import ReviewResult
from tests.fakes import MemorySource, ScriptedJudge, pick
from tests.review.test_references import Recording

BIB = parse_bibliography(
    "@article{smith2020, author={Smith, Jane}, title={SciPy}, eprint={1907.10121}, "
    "archivePrefix={arXiv}}\n"
    "@article{jones2019, author={Jones, Sam}, title={Models}, eprint={2001.00001}, "
    "archivePrefix={arXiv}}\n"
)

DRAFT = """SciPy is widely used.[^1] It runs fast.^[Cf. @smith2020, p. 4.] Models matter.[^2]

Again, SciPy is widely used.[^1]

[^1]: See [@smith2020].

[^2]: Jones showed that models matter [@jones2019]. See also [@smith2020].
"""


def _review(verifier: Recording | None = None) -> ReviewResult:
    source = MemorySource()
    source.add(parse_ref("1907.10121"), "SciPy", ["SciPy computes things."])
    source.add(parse_ref("2001.00001"), "Models", ["Models matter a lot."])
    checker = Checker(source, ScriptedJudge(pick("supports", "P001", strength=0.9)))
    return review_report(DRAFT, bibliography=BIB, checker=checker, verifier=verifier)


def test_every_note_citation_is_checked_and_no_record_is_not_checked() -> None:
    result = _review()
    # A citation-only note was once a claim of "." with a not_checked record of its own.
    assert all(isinstance(r.record, CheckedRecord) for r in result.records)
    assert [(r.record.claim, r.record.paper_ref) for r in result.records] == [
        ("SciPy is widely used.", "arXiv:1907.10121"),
        ("It runs fast.", "arXiv:1907.10121"),
        ("Again, SciPy is widely used.", "arXiv:1907.10121"),
        ("Jones showed that models matter.", "arXiv:2001.00001"),
        ("Jones showed that models matter.", "arXiv:1907.10121"),
    ]
    assert [s.text for s in result.uncited] == ["Models matter."]
    assert result.summary.not_checked == 0


def test_a_work_cited_only_in_a_note_counts_as_cited() -> None:
    verifier = Recording()
    result = _review(verifier)
    assert sorted(c.key for c in verifier.asked) == ["jones2019", "smith2020"]
    assert result.references is not None and len(result.references) == 2


def test_the_annotated_copy_marks_note_claims_where_pandoc_reads_them() -> None:
    annotated = _review().annotated_markdown
    body, _, notes = annotated.partition(SEPARATOR)
    assert re.sub(r"\[\^claimaudit-\d+\]", "", body).rstrip("\n") == DRAFT.rstrip("\n")
    assert body.startswith(
        "SciPy is widely used.[^1][^claimaudit-1] It runs fast.[^claimaudit-2]"
        "^[Cf. @smith2020, p. 4.] Models matter.[^2][^claimaudit-4]\n"
    )
    assert "Again, SciPy is widely used.[^1][^claimaudit-3]\n" in body
    # The note's own sentence is marked after the note's marker, not inside the note (Pandoc
    # reads no footnote in a footnote), and its footnote says which sentence it is about.
    assert "[^2]: Jones showed that models matter [@jones2019]. See also [@smith2020].\n" in body
    [fourth] = [n for n in notes.split("\n\n") if n.startswith("[^claimaudit-4]:")]
    assert fourth.startswith("[^claimaudit-4]: In the footnote: \u201cJones showed that models")
    env: dict[str, object] = {}
    tokens = MarkdownIt("commonmark").use(footnote_plugin).parse(annotated, env)
    inside, labels = False, []
    for token in tokens:
        inside = token.type == "footnote_open" or (inside and token.type != "footnote_close")
        for child in token.children or []:
            if child.type == "footnote_ref" and "label" in child.meta:
                assert not inside, "a marker inside a footnote"
                labels.append(child.meta["label"])
    assert labels == ["1", "claimaudit-1", "claimaudit-2", "2", "claimaudit-4", "1", "claimaudit-3"]


def test_the_html_page_places_every_claim() -> None:
    page = render_html(_review(), title="draft.md")
    assert 'id="unplaced"' not in page
    assert page.count('<span class="claim v-supports" data-claim="4">Jones showed') == 1
