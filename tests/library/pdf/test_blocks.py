"""Blocks of a PDF's lines sorted into kinds: footnotes apart from the paragraph they interrupt."""

from __future__ import annotations

from pathlib import Path

from fpdf import FPDF

from tests.library.helpers import pdf_passages, pdf_text, prose_page

BODY = (
    "Version control systems keep every version of a project's files, and branches let a team "
    "work on several changes at once. "
) * 14 + "Developers create branches so that they can make multiple changes to a"
NOTE = "We recommend plain text formats, as the oldest formats last longest."
NEXT_PAGE = (
    "project independently. They are central to the way that experienced developers use "
    "systems like Git, and they add a layer of complexity for newcomers."
)


def test_a_footnote_in_body_type_is_not_read_into_the_paragraph_it_interrupts(
    tmp_path: Path,
) -> None:
    # LibreOffice's PDF of good-enough-practices, with pandoc's default styles: a footnote set
    # in the body's own 12 pt at the foot of the page, opening with its raised number, sat
    # between a paragraph's last words on the page ("changes to a") and its first on the next
    # ("project independently"), and was read into the middle of the sentence.
    pdf = FPDF()
    pdf.add_page()
    pdf.set_font("helvetica", size=12)
    pdf.set_xy(20, 20)
    pdf.multi_cell(170, 6, BODY, align="J")
    pdf.set_font("helvetica", size=7)
    pdf.text(20, 268, "1")
    pdf.set_font("helvetica", size=12)
    pdf.text(22, 270, NOTE)
    pdf.add_page()
    pdf.set_xy(20, 20)
    pdf.multi_cell(170, 6, NEXT_PAGE, align="J")
    passages = pdf_passages(pdf, tmp_path / "note.pdf")
    assert any("multiple changes to a project independently. They are" in p for p in passages)
    assert NOTE in passages


def test_manubot_citation_tags_a_pdf_prints_never_reach_a_passage(tmp_path: Path) -> None:
    # deep-rules built to a PDF without Manubot's citation processor prints its tags as text,
    # which the Markdown reader drops from the same source. A bracketed e-mail address stays.
    pdf = prose_page(11)
    pdf.set_xy(15, 60)
    pdf.multi_cell(
        180,
        6,
        "We wrote it with version control [@url:https://github.com/Benjamin-Lee/deep-rules] "
        "and the Manubot toolset [@doi:10.1371/journal.pcbi.1007128; @tag:manubot]. Write to "
        "the editors [editors@example.org] with comments on dropout [@tag:srivastava-dropout].",
    )
    text = pdf_text(pdf, tmp_path / "tags.pdf")
    assert "We wrote it with version control and the Manubot toolset. Write to" in text
    assert "the editors [editors@example.org] with comments on dropout." in text
    assert "@" not in text.replace("editors@example.org", "")


def _title_page_and_epigraph(tmp_path: Path) -> list[str]:
    """conv-arithmetic's opening pages: a title page (title, authors, affiliation, date), an
    epigraph and its author alone on the next page, then the first heading."""
    pdf = FPDF()
    pdf.add_page()
    pdf.set_font("helvetica", size=17)
    pdf.set_xy(20, 60)
    pdf.cell(170, 8, "A guide to convolution arithmetic", align="C")
    pdf.set_font("helvetica", size=12)
    for y, text in ((80, "Ann Author and Ben Author"), (90, "MILA, University of Nowhere")):
        pdf.set_xy(20, y)
        pdf.cell(170, 6, text, align="C")
    pdf.set_xy(20, 100)
    pdf.cell(170, 6, "December 1, 2026", align="C")
    pdf.add_page()
    pdf.set_font("helvetica", size=9)
    pdf.text(120, 50, "All models are wrong, but some")
    pdf.text(120, 54, "are useful.")
    pdf.text(140, 61, "George E. P. Box")
    pdf.add_page()
    pdf.set_font("helvetica", style="B", size=12)
    pdf.text(20, 30, "Introduction")
    pdf.set_font("helvetica", size=12)
    pdf.set_xy(20, 36)
    pdf.multi_cell(170, 6, NEXT_PAGE)
    return pdf_passages(pdf, tmp_path / "epigraph.pdf")


def test_an_epigraph_before_the_first_heading_stays_with_its_author(tmp_path: Path) -> None:
    # Only a paragraph of 20 words or more was text before the first heading: the epigraph,
    # which the LaTeX source keeps, was dropped with the affiliations.
    passages = _title_page_and_epigraph(tmp_path)
    assert passages[:2] == ["All models are wrong, but some are useful.", "George E. P. Box"]
    # The title page's affiliation and date are still front matter.
    assert not any("Nowhere" in p or "2026" in p for p in passages)


def test_a_footnote_over_a_float_at_the_pages_foot_is_not_read_into_the_paragraph(
    tmp_path: Path,
) -> None:
    # LaTeX sets a page's footnotes above a float placed at its foot: a figure and its caption in
    # body type came below the note, which was then read into the sentence the page breaks.
    pdf = FPDF()
    pdf.add_page()
    pdf.set_font("helvetica", size=12)
    pdf.set_xy(20, 20)
    pdf.multi_cell(170, 6, BODY, align="J")
    pdf.set_font("helvetica", size=9)
    pdf.text(20, 200, NOTE)
    pdf.rect(60, 208, 90, 40)  # the figure
    pdf.set_font("helvetica", size=12)
    caption = "Figure 1: Branches in a repository, as the history shows them."
    pdf.text(20, 256, caption)
    pdf.add_page()
    pdf.set_xy(20, 20)
    pdf.multi_cell(170, 6, NEXT_PAGE, align="J")
    passages = pdf_passages(pdf, tmp_path / "float.pdf")
    assert any("multiple changes to a project independently. They are" in p for p in passages)
    assert NOTE in passages
    assert caption in passages


def test_small_type_over_body_text_above_a_float_is_no_footnote(tmp_path: Path) -> None:
    # Prose in body type between the small type and the float's caption: the small type is the
    # body's, read in its place, as it was before floats were looked for under a note.
    pdf = FPDF()
    pdf.add_page()
    pdf.set_font("helvetica", size=12)
    pdf.set_xy(20, 20)
    pdf.multi_cell(170, 6, BODY, align="J")
    pdf.set_font("helvetica", size=9)
    pdf.text(20, 196, NOTE)
    pdf.set_font("helvetica", size=12)
    after = "The paragraph goes on under it in body type, as a paragraph does in any paper."
    pdf.text(20, 206, after)
    pdf.text(20, 256, "Figure 1: Branches in a repository, as the history shows them.")
    passages = pdf_passages(pdf, tmp_path / "quote.pdf")
    assert any(p.endswith(f"multiple changes to a {NOTE}") for p in passages)
    assert after in passages


def test_a_footnote_under_its_rule_below_text_that_stops_mid_page_stays_a_footnote(
    tmp_path: Path,
) -> None:
    # The page's text stops halfway (a block too tall to break went overleaf), and the note at
    # its foot, set in the body's own type under the short rule over notes, was read as text
    # and run on into the next page's sentence ("last longest. project independently").
    pdf = FPDF()
    pdf.add_page()
    pdf.set_font("helvetica", size=12)
    pdf.set_xy(20, 20)
    pdf.multi_cell(170, 6, BODY[:700] + " changes to a", align="J")
    pdf.line(20, 258, 70, 258)  # the rule over the notes
    pdf.text(20, 264, NOTE)
    pdf.add_page()
    pdf.set_xy(20, 20)
    pdf.multi_cell(170, 6, NEXT_PAGE, align="J")
    passages = pdf_passages(pdf, tmp_path / "rule.pdf")
    assert any("changes to a project independently. They are" in p for p in passages)
    assert NOTE in passages


def test_text_under_a_tables_rules_low_on_a_page_is_no_footnote(tmp_path: Path) -> None:
    # Two rules of one width are a table's, not the rule over notes: the text under them is
    # the paragraph's, read on into the next page.
    pdf = FPDF()
    pdf.add_page()
    pdf.set_font("helvetica", size=12)
    pdf.set_xy(20, 20)
    pdf.multi_cell(170, 6, BODY[:700] + ".", align="J")
    pdf.line(20, 230, 70, 230)
    pdf.line(20, 250, 70, 250)
    pdf.text(20, 264, "The text under the table goes on, as a paragraph does, and the")
    pdf.add_page()
    pdf.set_xy(20, 20)
    pdf.multi_cell(170, 6, NEXT_PAGE, align="J")
    passages = pdf_passages(pdf, tmp_path / "table.pdf")
    joined = "goes on, as a paragraph does, and the project independently."
    assert any(joined in p for p in passages)
