"""Line-number gutters are dropped however ``lineno`` counts: every line, every n-th line only,
or by n; a number at the gutter's place that does not count along is text."""

from __future__ import annotations

import random
import re
import textwrap
from pathlib import Path

import pytest
from fpdf import FPDF

from claimaudit.library.extract import extract
from claimaudit.library.passages import make_passages
from claimaudit.library.pdf.line_numbers import drop_line_numbers
from claimaudit.library.pdf.read import PageText, Segment

PROSE = (
    "We present a set of computing tools and techniques that every researcher can and should "
    "consider adopting. These recommendations synthesize inspiration from our own work, from "
    "the experiences of the many people who have taken part in workshops over the past years, "
    "and from a variety of other guides. Our recommendations are aimed specifically at people "
    "who are new to research computing, and at those who teach them. "
)
# Paragraphs whose lines all differ (a line at the top of many pages is a running header).
_WORDS = PROSE.split() * 3
PARAGRAPHS = [" ".join(random.Random(i).sample(_WORDS, len(_WORDS))) for i in range(8)]


def _numbered_pdf(path: Path, *, step: int, every: int, lines_per_page: int = 50) -> Path:
    """``PARAGRAPHS`` with a line-number gutter at the left: the n-th line numbered n times
    ``step``, on every ``every``-th line only."""
    pdf = FPDF()
    pdf.set_auto_page_break(False)
    pdf.add_page()
    pdf.set_font("helvetica", "B", 16)
    pdf.set_xy(20, 20)
    pdf.cell(0, 8, "Practices for Computing")  # the title, not a passage
    number = 0
    y = 34.0
    for paragraph in PARAGRAPHS:
        for line in textwrap.wrap(paragraph, 85):
            if y > 20 + 5 * lines_per_page:
                pdf.add_page()
                y = 20.0
            number += 1
            if number % every == 0:
                pdf.set_font("helvetica", size=7)
                pdf.set_xy(8, y)
                pdf.cell(8, 5, str(number * step))
            pdf.set_font("helvetica", size=10)
            pdf.set_xy(20, y)
            pdf.cell(0, 5, line)
            y += 5
        y += 4
    pdf.output(str(path))
    return path


def _passages(path: Path) -> list[str]:
    return [p.text for p in make_passages(extract(path).blocks)]


@pytest.mark.parametrize(
    ("step", "every", "lines_per_page"),
    [
        (1, 1, 50),  # 1, 2, 3: read clean before too
        # lineno's \modulolinenumbers[5] (5, 10, 15): "from a variety of 5 other guides".
        (1, 5, 50),
        # Every line numbered by fives: each line read as a two-cell table row and dropped,
        # and the PDF refused as holding almost no text.
        (5, 1, 50),
        # Every tenth line on pages of 40: four numbers a page, found across the pages.
        (1, 10, 40),
    ],
)
def test_a_line_number_gutter_is_dropped_however_it_counts(
    tmp_path: Path, step: int, every: int, lines_per_page: int
) -> None:
    path = _numbered_pdf(tmp_path / "numbered.pdf", step=step, every=every,
                         lines_per_page=lines_per_page)  # fmt: skip
    passages = _passages(path)
    assert [p for p in passages if re.search(r"\d", p)] == []
    assert " ".join(passages).split() == " ".join(PARAGRAPHS).split()


def _number(text: str, x0: float, baseline: float) -> Segment:
    return Segment(text, x0, x0 + 3.5 * len(text), baseline - 5, baseline + 2, baseline, 7.0,
                   False, False, "Helvetica")  # fmt: skip


def _prose(baseline: float) -> Segment:
    return Segment("a line of the paper's prose", 60.0, 400.0, baseline - 8, baseline + 3,
                   baseline, 10.0, False, False, "Helvetica")  # fmt: skip


def _page(number: int, segments: list[Segment]) -> PageText:
    return PageText(number, 595.0, 842.0, segments)


def test_a_number_where_another_page_has_its_gutter_is_text_unless_it_counts_along() -> None:
    # QA (scikit-image): a footnote's date "2014-05-09" on page 14 has its "09" where the code
    # listing of page 1 numbers its lines; taken as a line number, it read "2014-05-".
    listing = [_number(str(n), 30.0, 100.0 + 12 * n) for n in range(1, 11)]
    stray = _number("09", 30.0, 700.0)
    pages = [_page(1, [*listing, _prose(90.0)]), _page(2, [_prose(690.0), stray])]
    assert drop_line_numbers(pages) == 10
    assert stray in pages[1].segments
    # Numbers on every tenth line: a last page's one number carries on the count.
    pages = [
        _page(page, [_number(str(n), 30.0, 100.0 + 3 * n) for n in range(start, start + 40, 10)])
        for page, start in ((1, 10), (2, 50))
    ]
    last = _number("90", 30.0, 100.0)
    pages.append(_page(3, [last, _prose(100.0)]))
    assert drop_line_numbers(pages) == 9
    assert [s.text for s in pages[2].segments] == ["a line of the paper's prose"]
