"""A table set between horizontal rules with no vertical ones (booktabs' top, mid and bottom
rules) is left out, its wrapped cells included; prose between such rules stays."""

from __future__ import annotations

from pathlib import Path

from fpdf import FPDF

from claimaudit.library.extract import extract
from claimaudit.library.passages import make_passages

BEFORE = [
    "We trained every model on the same split of the corpus and report the mean of five",
    "runs with different seeds. The baseline uses the published hyperparameters and our",
    "model adds the retrieval step described in the previous section of this paper.",
]
AFTER = [
    "The retrieval step helps most on the long documents, where the baseline loses track",
    "of the entities that the question mentions early in the passage.",
]
# A term and its definition, the definition wrapped onto a second line (a ``p{}`` column).
TERMS = [
    ("Term", "Definition"),
    ("Claim", "A statement that a paper makes about the world,"),
    ("", "which a reader checks against the cited sources."),
    ("Evidence", "A passage of a cited paper that the judge reads"),
    ("", "before it decides whether the claim is supported."),
    ("Verdict", "The relation the judge picks, with its probability."),
]
LEFT, RIGHT = 140.0, 470.0  # the rules' ends (points)
COLUMNS = (146.0, 200.0)  # where each column's cells start


def _page() -> tuple[FPDF, float]:
    """A heading and a paragraph in 10 pt type, as pdfLaTeX sets them; returns the page and
    where the next line goes."""
    pdf = FPDF(unit="pt", format="letter")
    pdf.add_page()
    pdf.set_font("times", style="B", size=14)
    pdf.text(72, 80, "A paper with a table")
    pdf.set_font("times", style="B", size=12)
    pdf.text(72, 110, "1  Results")
    pdf.set_font("times", size=10)
    y = 130.0
    for line in BEFORE:
        pdf.text(72, y, line)
        y += 12
    return pdf, y + 10


def _rule(pdf: FPDF, y: float, thickness: float, stroked: bool) -> None:
    if stroked:
        pdf.set_line_width(thickness)
        pdf.line(LEFT, y, RIGHT, y)
    else:
        pdf.rect(LEFT, y - thickness / 2, RIGHT - LEFT, thickness, style="F")


def _table(pdf: FPDF, y: float, caption: str, stroked: bool = False, heavy: float = 0.8) -> float:
    """``TERMS`` under ``caption`` as booktabs sets them: a top rule ``heavy`` pt thick, the
    header row, a mid rule (0.5 pt), the rows, a bottom rule as thick as the top one; returns
    where the next line goes."""
    pdf.text(200, y, caption)
    y += 10
    _rule(pdf, y, heavy, stroked)
    y += 12
    for number, row in enumerate(TERMS):
        for text, x in zip(row, COLUMNS, strict=True):
            if text:
                pdf.text(x, y, text)
        if number == 0:
            _rule(pdf, y + 4, 0.5, stroked)
            y += 16
        else:
            y += 12
    _rule(pdf, y - 8, heavy, stroked)
    return y + 16


def _texts(pdf: FPDF, y: float, tmp_path: Path) -> list[str]:
    for line in AFTER:
        pdf.text(72, y, line)
        y += 12
    path = tmp_path / "booktabs.pdf"
    pdf.output(str(path))
    return [p.text for p in make_passages(extract(path).blocks)]


def _check_left_out(texts: list[str]) -> None:
    assert texts[0] == " ".join(BEFORE)
    assert texts[-1] == " ".join(AFTER)
    cells = [text for row in TERMS for text in row if text]
    prose = [text for text in texts if not text.startswith("Table ")]  # captions name "Terms"
    assert not [text for text in prose if any(cell in text for cell in cells)]


def test_a_booktabs_table_with_wrapped_cells_is_left_out(tmp_path: Path) -> None:
    # Were the rows read as text: "Claim A statement that a paper makes about the world,
    # which a reader checks against the cited sources." as a passage a judge could quote.
    pdf, y = _page()
    y = _table(pdf, y, "Table 1: Terms used in this paper.")
    texts = _texts(pdf, y, tmp_path)
    _check_left_out(texts)
    assert "Table 1: Terms used in this paper." in texts  # the caption stays, as for any table


def test_a_table_between_stroked_rules_is_left_out(tmp_path: Path) -> None:
    pdf, y = _page()
    y = _table(pdf, y, "Table 1: Terms used in this paper.", stroked=True)
    _check_left_out(_texts(pdf, y, tmp_path))


def test_a_table_between_thick_rules_is_left_out(tmp_path: Path) -> None:
    # PLOS's LaTeX template draws its tables' top and bottom rules 2 pt thick (\thickhline).
    pdf, y = _page()
    y = _table(pdf, y, "Table 1: Terms used in this paper.", heavy=2.0)
    _check_left_out(_texts(pdf, y, tmp_path))


def test_two_tables_of_one_width_leave_the_prose_between_them(tmp_path: Path) -> None:
    # Their six rules have the same ends; the band between the tables holds a paragraph.
    pdf, y = _page()
    y = _table(pdf, y, "Table 1: Terms used in this paper.")
    between = "Both tables list the terms that the rest of the paper uses."
    pdf.text(72, y, between)
    y = _table(pdf, y + 20, "Table 2: The same terms again.")
    texts = _texts(pdf, y, tmp_path)
    _check_left_out(texts)
    assert between in texts


def test_prose_between_three_rules_of_one_width_stays(tmp_path: Path) -> None:
    # An algorithm's frame or a boxed summary: a title between the first two rules, lines of
    # prose between the last two. No row is cut into cells.
    pdf, y = _page()
    _rule(pdf, y, 0.8, False)
    pdf.text(LEFT + 6, y + 12, "Box 1: Summary")
    _rule(pdf, y + 16, 0.5, False)
    boxed = [
        "Each claim is checked against the passages of the papers it cites, and the judge",
        "picks a relation with its probability and the passage that supports it most.",
    ]
    for number, line in enumerate(boxed):
        pdf.text(LEFT + 6, y + 28 + 12 * number, line)
    _rule(pdf, y + 50, 0.8, False)
    texts = _texts(pdf, y + 70, tmp_path)
    assert " ".join(boxed) in texts


def test_a_browser_table_with_top_and_bottom_borders_is_left_out(tmp_path: Path) -> None:
    # As Chromium prints <table> with a top and bottom border and a border under the header
    # row: each border drawn cell by cell, and each row's first cell centred beside its
    # wrapped second cell, so no row below the header has two pieces on one baseline. The
    # header row was read as a heading over the rest of the page.
    pdf, y = _page()
    pdf.text(200, y, "Table 1: Terms used in this paper.")
    y += 10

    def border(at: float) -> None:
        for x0, x1 in ((LEFT, COLUMNS[1] - 6), (COLUMNS[1] - 6, RIGHT)):
            pdf.rect(x0, at, x1 - x0, 0.75, style="F")

    border(y)
    pdf.set_font("times", style="B", size=10)
    pdf.text(COLUMNS[0], y + 12, "Term")
    pdf.text(COLUMNS[1], y + 12, "Definition")
    pdf.set_font("times", size=10)
    border(y + 16)
    y += 28
    for term, first, second in (
        ("Claim", TERMS[1][1], TERMS[2][1]),
        ("Evidence", TERMS[3][1], TERMS[4][1]),
    ):
        pdf.text(COLUMNS[0], y + 6, term)
        pdf.text(COLUMNS[1], y, first)
        pdf.text(COLUMNS[1], y + 12, second)
        y += 26
    border(y - 8)
    texts = _texts(pdf, y + 16, tmp_path)
    assert texts[-1] == " ".join(AFTER)
    assert not [text for text in texts if "Claim" in text or "Definition" in text]


def _broken_table(
    pdf: FPDF, y: float, header: tuple[str, str], rows: list[tuple[str, str]]
) -> None:
    """``rows`` under ``header`` as ``longtable`` sets a table's first page: a top rule, the row
    of headers, a rule under it, the rows down to the page's foot and no bottom rule; the first
    column's cells end close to the second's (``\\tabcolsep`` 3 pt), and a page number."""
    pdf.text(200, y, "Table 1: The options.")
    y += 10
    pdf.rect(72, y - 0.4, 468, 0.8, style="F")
    y += 12
    for text, x in zip(header, (78.0, 120.0), strict=True):
        pdf.text(x, y, text)
    pdf.rect(72, y + 4 - 0.25, 468, 0.5, style="F")
    y += 16
    for left, right in rows:
        if y > 710:
            break
        if left:
            pdf.text(78, y, left)
        pdf.text(120, y, right)
        y += 12
    pdf.text(303, 740, "3")


LONG_ROWS = [
    (f"option-{n % 10}" if line == 0 else "", text)
    for n in range(20)
    for line, text in enumerate(
        (
            "The number of passages the search returns for each",
            "claim before the judge reads them, at most fifty.",
        )
    )
]


def test_the_first_page_of_a_table_broken_across_pages_is_left_out(tmp_path: Path) -> None:
    # Only its top rule and the rule under its headers are on the page: no three rules, and
    # cells too close for a gap of a table without rules. It was read as one paragraph, "Option
    # Meaning option-0 The number of passages the search returns for each claim before ...".
    pdf, y = _page()
    _broken_table(pdf, y, ("Option", "Meaning"), LONG_ROWS)
    path = tmp_path / "longtable.pdf"
    pdf.output(str(path))
    texts = [p.text for p in make_passages(extract(path).blocks)]
    assert texts == [" ".join(BEFORE), "Table 1: The options."]


def test_prose_under_two_rules_of_one_width_stays(tmp_path: Path) -> None:
    # A box's title between two rules, its text below running on to the page's foot: no row
    # of cells under the rules, no table.
    pdf, y = _page()
    _rule(pdf, y, 0.8, False)
    pdf.text(LEFT + 6, y + 12, "Box 1: Summary")
    _rule(pdf, y + 16, 0.5, False)
    boxed = [
        "Each claim is checked against the passages of the papers it cites, and the judge",
        "picks a relation with its probability and the passage that supports it most.",
    ] * 20
    for number, line in enumerate(boxed):
        pdf.text(LEFT + 6, y + 28 + 12 * number, line)
    path = tmp_path / "box.pdf"
    pdf.output(str(path))
    texts = [p.text for p in make_passages(extract(path).blocks)]
    assert " ".join(boxed) in " ".join(texts)


def _continued_page(pdf: FPDF, rows: list[tuple[str, str]], last: bool) -> None:
    """A later page of ``_broken_table``'s table, its headers not repeated (``longtable``
    without ``\\endhead``): its rows from the page's top, on the last page a bottom rule and
    the paragraph after it; a page number."""
    pdf.add_page()
    pdf.set_font("times", size=10)
    y = 72.0
    for left, right in rows:
        if y > (200 if last else 710):
            break
        if left:
            pdf.text(78, y, left)
        pdf.text(120, y, right)
        y += 12
    if last:
        pdf.rect(72, y - 8 - 0.4, 468, 0.8, style="F")
        y += 20
        for line in AFTER:
            pdf.text(72, y, line)
            y += 12
    pdf.text(303, 740, str(pdf.page_no()))


def test_the_later_pages_of_a_table_broken_across_pages_are_left_out(tmp_path: Path) -> None:
    # Its headers not repeated, a middle page has no rule at all and the last one only the
    # bottom rule: their rows were read as prose, "option-8 The number of passages ...".
    pdf, y = _page()
    _broken_table(pdf, y, ("Option", "Meaning"), LONG_ROWS)
    _continued_page(pdf, LONG_ROWS, last=False)
    _continued_page(pdf, LONG_ROWS, last=True)
    path = tmp_path / "longtable.pdf"
    pdf.output(str(path))
    texts = [p.text for p in make_passages(extract(path).blocks)]
    assert not [text for text in texts if "option-" in text or "passages the search" in text]
    assert " ".join(AFTER) in " ".join(texts)


def test_a_page_of_prose_after_a_table_that_ran_to_the_foot_stays(tmp_path: Path) -> None:
    pdf, y = _page()
    _broken_table(pdf, y, ("Option", "Meaning"), LONG_ROWS)
    pdf.add_page()
    pdf.set_font("times", size=10)
    prose = [*AFTER, *BEFORE] * 4
    for number, line in enumerate(prose):
        pdf.text(72, 72 + 12 * number, line)
    path = tmp_path / "longtable.pdf"
    pdf.output(str(path))
    texts = " ".join(p.text for p in make_passages(extract(path).blocks))
    assert " ".join(prose) in texts


def _footed_page(pdf: FPDF, rows: list[tuple[str, str]], y: float, last: bool) -> None:
    """Rows of a ``longtable`` from ``y`` down, its ``\\endfoot`` rule under the page's last row
    (on the last page its ``\\endlastfoot`` rule, then the paragraph after it); a page number."""
    for left, right in rows:
        if y > (200 if last else 700):
            break
        if left:
            pdf.text(78, y, left)
        pdf.text(120, y, right)
        y += 12
    pdf.rect(72, y - 8 - 0.4, 468, 0.8, style="F")
    if last:
        y += 20
        for line in AFTER:
            pdf.text(72, y, line)
            y += 12
    pdf.text(303, 740, str(pdf.page_no()))


def test_a_table_broken_across_pages_with_a_rule_at_each_pages_foot_is_left_out(
    tmp_path: Path,
) -> None:
    # ``\\endfoot{\\bottomrule}`` draws a rule under the rows of every page: the first page's
    # three rules made a table that ended there, and the later pages' rows, over one rule of
    # the table's width, were read as prose ("option-8 The number of passages ...").
    pdf, y = _page()
    pdf.text(200, y, "Table 1: The options.")
    pdf.rect(72, y + 10 - 0.4, 468, 0.8, style="F")
    for text, x in zip(("Option", "Meaning"), (78.0, 120.0), strict=True):
        pdf.text(x, y + 22, text)
    pdf.rect(72, y + 26 - 0.25, 468, 0.5, style="F")
    _footed_page(pdf, LONG_ROWS, y + 38, last=False)
    for last in (False, True):
        pdf.add_page()
        pdf.set_font("times", size=10)
        _footed_page(pdf, LONG_ROWS, 72.0, last=last)
    path = tmp_path / "longtable.pdf"
    pdf.output(str(path))
    texts = [p.text for p in make_passages(extract(path).blocks)]
    assert not [text for text in texts if "option-" in text or "passages the search" in text]
    assert " ".join(AFTER) in " ".join(texts)


def test_a_page_of_prose_after_a_table_ruled_at_the_foot_stays(tmp_path: Path) -> None:
    # A table that ends with its bottom rule at the page's foot may run on, or may not: a next
    # page that opens with prose is prose.
    pdf, y = _page()
    pdf.rect(72, y + 10 - 0.4, 468, 0.8, style="F")
    for text, x in zip(("Option", "Meaning"), (78.0, 120.0), strict=True):
        pdf.text(x, y + 22, text)
    pdf.rect(72, y + 26 - 0.25, 468, 0.5, style="F")
    _footed_page(pdf, LONG_ROWS, y + 38, last=False)
    pdf.add_page()
    pdf.set_font("times", size=10)
    prose = [*AFTER, *BEFORE] * 4
    for number, line in enumerate(prose):
        pdf.text(72, 72 + 12 * number, line)
    path = tmp_path / "longtable.pdf"
    pdf.output(str(path))
    texts = " ".join(p.text for p in make_passages(extract(path).blocks))
    assert " ".join(prose) in texts
    assert "option-" not in texts
