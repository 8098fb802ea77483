"""Reading order of a page's segments: columns one after the other, whatever lies near the gutter.

The shapes are LibreOffice's two-column page of good-enough-practices: a left column whose
prose ends 286 points from the page's left edge, a right column starting at 308 with a list
indented to 344, footnotes at the foot of the right column (a raised number, then a web address
in a code font), and code lines in the left column ending just past the prose's right edge.
"""

from __future__ import annotations

from pathlib import Path

from fpdf import FPDF

from claimaudit.library.pdf.layout import read_order
from claimaudit.library.pdf.read import PageText, Segment
from tests.library.helpers import PROSE, pdf_passages

PITCH = 14.0


def _segment(text: str, x0: float, x1: float, baseline: float, size: float = 12.0, *,
             mono: bool = False) -> Segment:  # fmt: skip
    font = "DejaVuSansMono" if mono else "DejaVuSerif"
    return Segment(
        text, x0, x1, baseline - 0.75 * size, baseline + 0.25 * size, baseline, size, False, mono,
        font,
    )  # fmt: skip


def _left_column(lines: int, top: float = 83.0) -> list[Segment]:
    return [
        _segment(f"left column line {i} of prose runs on here", 108.1, 284.0, top + i * PITCH)
        for i in range(lines)
    ]


def _right_column(lines: int, top: float = 83.0) -> list[Segment]:
    return [
        _segment(f"right column line {i} of a list item", 344.4, 520.0, top + i * PITCH)
        for i in range(lines)
    ]


def _order(segments: list[Segment]) -> list[str]:
    lines, _ = read_order([PageText(1, 595.3, 841.9, segments)])
    return [line.text for line in lines]


def test_a_footnote_number_under_the_second_column_is_no_caption_across_the_gutter() -> None:
    # The lone "5" sat in the strip between the prose's edges, centred on the page, and was
    # taken for a caption line across both columns: the footnote beside it and the left
    # column's last lines were then read as rows spanning the page.
    segments = [
        *_left_column(50),
        *_right_column(44),
        _segment("https://aws.amazon.com/s3/", 308.4, 488.8, 717.5, 11.0, mono=True),
        _segment("5", 308.4, 312.9, 736.9, 7.0),
        _segment("https://cloud.google.com/storage", 308.4, 520.3, 754.5, 11.0, mono=True),
        _segment("/", 308.4, 315.0, 767.3, 11.0, mono=True),
    ]
    order = _order(segments)
    left = [t for t in order if t.startswith("left")]
    assert order[: len(left)] == left  # the whole left column first, in order
    assert left == [f"left column line {i} of prose runs on here" for i in range(50)]
    assert order.index("right column line 0 of a list item") > order.index(left[-1])
    assert order[len(left) : len(left) + 4] == [
        "https://aws.amazon.com/s3/", "5", "https://cloud.google.com/storage", "/"
    ]  # fmt: skip


def test_code_lines_ending_just_past_the_prose_stay_in_their_column() -> None:
    # Code in a smaller monospaced font ends at 286.8, 0.7 point past the prose's right edge:
    # it crossed the gutter that the prose alone sets, and its rows spanned both columns.
    code = [
        _segment("-n flaws", 108.1, 161.1, 431.5, 11.0, mono=True),
        _segment("= p(success) for", 181.0, 286.8, 431.5, 11.0, mono=True),
        _segment("geometric distribution of #", 108.1, 286.8, 444.3, 11.0, mono=True),
    ]
    segments = [*_left_column(24), *code, *_left_column(20, top=483.0), *_right_column(48)]
    order = _order(segments)
    first_right = order.index("right column line 0 of a list item")
    assert order.index("geometric distribution of #") < first_right
    assert order.index("-n flaws = p(success) for") < first_right


def _page(number: int, *texts: str, top: float = 83.0) -> PageText:
    rows = [_segment(text, 108.1, 480.0, top + i * PITCH) for i, text in enumerate(texts)]
    return PageText(number, 595.3, 841.9, rows)


def _read(pages: list[PageText]) -> list[tuple[int, str]]:
    lines, _ = read_order(pages)
    return [(line.page, line.text) for line in lines]


def test_a_header_over_pages_that_differ_goes_with_the_page_numbers() -> None:
    bodies = ("the methods", "the results", "the discussion")
    pages = [
        _page(n, "Journal of Examples", f"here we describe {body}", f"so ends {body}", f"{n}")
        for n, body in enumerate(bodies, 1)
    ]
    assert _read(pages) == [
        (n, f"{opening} {body}")
        for n, body in enumerate(bodies, 1)
        for opening in ("here we describe", "so ends")
    ]


def test_pages_printed_again_keep_every_line() -> None:
    # A form or a one-paragraph note printed twice: each line recurs on every page because
    # the page does, and removing them left nothing (then refused as "a scan").
    lines = ("Registration form", "Name and affiliation", "Bring a laptop with Python")
    long = tuple(f"line {i} of a short note printed twice" for i in range(8))
    for texts in (lines, long):
        pages = [_page(1, *texts), _page(2, *texts)]
        assert _read(pages) == [(n, text) for n in (1, 2) for text in texts]


def test_a_page_whose_every_line_recurs_keeps_them() -> None:
    pages = [
        _page(1, "Summary slide", "first point of the talk"),
        _page(2, "Summary slide", "second point of the talk"),
        _page(3, "Summary slide"),
    ]
    assert _read(pages) == [
        (1, "first point of the talk"), (2, "second point of the talk"), (3, "Summary slide"),
    ]  # fmt: skip


def test_a_recurring_line_in_the_middle_of_a_page_is_no_running_header() -> None:
    # Short pages hold only a few rows, all of them the page's first or last: only those in
    # the band at the page's top or bottom edge may be running lines.
    pages = [
        _page(n, f"the {part} opens here", "See the appendix for details", top=400.0)
        for n, part in enumerate(("methods", "results", "discussion"), 1)
    ]
    assert [text for _, text in _read(pages)].count("See the appendix for details") == 3


def test_two_short_columns_are_read_one_after_the_other() -> None:
    # A paragraph a browser set in two CSS columns, two lines left and three right, the right
    # column starting higher (the paragraph's top margin is in the first column only): with
    # fewer than four lines a side no gutter was found, and the rows were read across both.
    segments = [
        _segment("Results", 33.8, 80.4, 91.5, 15.0),
        _segment("any of the prespecified subgroups. In the treated arm, mortality at",
                 316.0, 578.0, 116.2, 10.0),
        _segment("In the placebo arm, mortality at one year was 12 percent, and the",
                 33.8, 293.0, 126.8, 10.0),
        _segment("one year was 9 percent, and adverse events were rare, mild and",
                 316.0, 568.3, 128.2, 10.0),
        _segment("difference between the arms was not statistically significant in",
                 33.8, 282.8, 138.8, 10.0),
        _segment("resolved without intervention in every case we recorded.",
                 316.0, 542.5, 140.2, 10.0),
    ]  # fmt: skip
    assert _order(segments) == [
        "Results",
        "In the placebo arm, mortality at one year was 12 percent, and the",
        "difference between the arms was not statistically significant in",
        "any of the prespecified subgroups. In the treated arm, mortality at",
        "one year was 9 percent, and adverse events were rare, mild and",
        "resolved without intervention in every case we recorded.",
    ]


def test_a_balanced_last_page_of_two_lines_a_column_is_read_column_by_column() -> None:
    # A browser balances the columns of a paper's last page: two lines each, on one baseline.
    segments = [
        _segment("left column line 0 of prose runs on here", 108.1, 284.0, 83.0),
        _segment("right column line 0 of a list item", 344.4, 520.0, 83.0),
        _segment("left column line 1 of prose runs on here", 108.1, 284.0, 97.0),
        _segment("right column line 1 of a list item", 344.4, 520.0, 97.0),
    ]
    assert _order(segments) == [
        "left column line 0 of prose runs on here",
        "left column line 1 of prose runs on here",
        "right column line 0 of a list item",
        "right column line 1 of a list item",
    ]


def test_short_lines_of_one_column_text_make_no_columns() -> None:
    # What a few lines each side of an empty strip are on a one-column page: authors' names and
    # addresses set side by side under a title, a form's labels and values, and a paragraph's
    # short last lines above and below a line indented far right. Each is read row by row.
    names = [
        _segment("Ann Author", 150.0, 230.0, 200.0),
        _segment("Ben Author", 380.0, 460.0, 200.0),
        _segment("University of Nowhere", 130.0, 250.0, 214.0),
        _segment("Institute of Elsewhere", 360.0, 480.0, 214.0),
    ]
    assert _order(names)[:2] == [
        "Ann Author Ben Author",
        "University of Nowhere Institute of Elsewhere",
    ]
    form = [
        _segment("Dose given to the patient", 72.0, 200.0, 300.0 + 14 * i) for i in range(3)
    ] + [_segment("five milligrams twice daily", 330.0, 520.0, 300.0 + 14 * i) for i in range(3)]
    assert _order(form)[0] == "Dose given to the patient five milligrams twice daily"
    staggered = [
        _segment("the last line of a paragraph ends", 72.0, 250.0, 100.0),
        _segment("here at last.", 72.0, 140.0, 114.0),
        _segment("a line set far to the right and long", 330.0, 530.0, 160.0),
        _segment("and another such line to the right", 330.0, 520.0, 174.0),
        *[_segment("a full line of prose across the whole page " * 2, 72.0, 530.0, 200.0 + 14 * i)
          for i in range(2)],
    ]  # fmt: skip
    assert _order(staggered)[:3] == [
        "the last line of a paragraph ends",
        "here at last.",
        "a line set far to the right and long",
    ]


def _one_page(tmp_path: Path, name: str, foot: list[tuple[float, float, str]], size: float = 8):
    """A one-page paper of body text with ``foot``'s lines (x, y in mm, text) at its foot."""
    pdf = FPDF()
    pdf.add_page()
    pdf.set_font("helvetica", size=11)
    pdf.set_xy(20, 20)
    pdf.multi_cell(170, 5.5, (PROSE + " ") * 4)
    pdf.set_font("helvetica", size=size)
    for x, y, text in foot:
        pdf.text(x, y, text)
    return pdf_passages(pdf, tmp_path / name)


FOOTER = "Journal of Open Research Software 12(3), 2024"


def test_a_one_page_papers_footer_with_its_page_number_is_no_paragraph(tmp_path: Path) -> None:
    # No second page repeats it, so the footer was read as the paper's last paragraph.
    beside = _one_page(tmp_path, "beside.pdf", [(20, 285, FOOTER), (186, 285, "1")])
    under = _one_page(tmp_path, "under.pdf", [(20, 282, FOOTER), (104, 286, "1")])
    for passages in (beside, under):
        assert passages and not any("Journal" in p for p in passages)
        assert passages[-1].endswith("enough words to read.")


def test_a_note_or_a_line_ending_in_the_pages_number_at_its_foot_is_kept(tmp_path: Path) -> None:
    # A note a footskip above the page number, and text that runs to the foot ending in "1".
    note = "We thank the reviewers for their comments on the first draft of the paper."
    kept = _one_page(tmp_path, "note.pdf", [(20, 274, note), (104, 286, "1")])
    assert note in kept
    line = "The values are listed in Table 1"
    ends = _one_page(tmp_path, "ends.pdf", [(20, 285, line)], size=11)
    assert any(line in p for p in ends)


def test_a_one_page_papers_footer_without_a_page_number_is_no_paragraph(tmp_path: Path) -> None:
    # A conference's name or a copyright line in small type at the foot, with no number to show
    # it is a footer, was read as the paper's last paragraph.
    venue = "Proceedings of the Workshop on Claims, Vienna, 2024"
    rights = "\u00a9 2024 The Authors. Published under a CC BY 4.0 licence."
    for name, foot in (
        ("venue.pdf", [(20, 285, venue)]),
        ("rights.pdf", [(20, 285, rights)]),
        ("both.pdf", [(20, 281, venue), (20, 285, rights)]),
    ):
        passages = _one_page(tmp_path, name, foot)
        assert passages[-1].endswith("enough words to read."), name
        assert not any("2024" in p for p in passages), name


def test_a_one_page_papers_notes_and_text_at_its_foot_are_kept(tmp_path: Path) -> None:
    # A note under the rule drawn over the notes, or opening with its raised mark, and a line in
    # the text's own type or a note set where a text area ends (not in the bottom margin).
    note = "This work was supported by the Claims Foundation under grant 42."
    pdf = FPDF()
    pdf.add_page()
    pdf.set_font("helvetica", size=11)
    pdf.set_xy(20, 20)
    pdf.multi_cell(170, 5.5, (PROSE + " ") * 4)
    pdf.line(20, 279, 70, 279)
    pdf.set_font("helvetica", size=8)
    pdf.text(20, 285, note)
    assert note in pdf_passages(pdf, tmp_path / "ruled.pdf")
    pdf = FPDF()
    pdf.add_page()
    pdf.set_font("helvetica", size=11)
    pdf.set_xy(20, 20)
    pdf.multi_cell(170, 5.5, (PROSE + " ") * 4)
    pdf.set_font("helvetica", size=5)
    pdf.text(20, 283.5, "1")
    pdf.set_font("helvetica", size=8)
    pdf.text(22, 285, note)
    assert note in pdf_passages(pdf, tmp_path / "marked.pdf")
    assert note in _one_page(tmp_path, "high.pdf", [(20, 262, note)])
    line = "The values are listed in the table above."
    assert line in _one_page(tmp_path, "body.pdf", [(20, 285, line)], size=11)[-1]
