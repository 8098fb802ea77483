"""Running heads that alternate between odd and even pages, on a paper too short for each to
recur on many pages."""

from __future__ import annotations

from pathlib import Path

from fpdf import FPDF

from claimaudit.library.extract import extract

NAMES = "alpha beta gamma delta epsilon zeta eta theta iota kappa lambda omicron sigma".split()


def _prose(sentences: int, seed: int) -> str:
    return " ".join(
        f"Sentence {NAMES[(seed + i) % len(NAMES)]} {NAMES[(3 * seed + i) % len(NAMES)]} holds "
        "plain words to read as text" + ("." if i % 3 == 2 else ",")
        for i in range(sentences)
    )


def _text(path: Path, pages: int, top: dict[int, str]) -> str:
    """The text of a paper of ``pages`` full pages of 11 pt prose under a title, with ``top``'s
    line (by page number) over a page's text, set as a running head in 9 pt italics (a tab in
    it sets its parts apart)."""
    pdf = FPDF()
    pdf.set_auto_page_break(False)
    for number in range(1, pages + 1):
        pdf.add_page()
        if number in top:
            pdf.set_font("helvetica", style="I", size=9)
            for at, part in enumerate(top[number].split("\t")):  # a tab: set apart
                pdf.text((20 if number % 2 == 0 else 150) + 30 * at, 12, part)
        y = 20.0
        if number == 1:
            pdf.set_font("helvetica", size=18)
            pdf.text(20, 26, "A Paper Title")
            pdf.set_font("helvetica", style="B", size=14)
            pdf.text(20, 40, "1 Introduction")
            y = 46.0
        pdf.set_font("helvetica", size=11)
        pdf.set_xy(20, y)
        pdf.multi_cell(170, 5.5, _prose(80 if number > 1 else 70, number))
    pdf.output(str(path))
    return " ".join(block.text for block in extract(path).blocks)


def test_heads_on_odd_and_even_pages_of_a_short_paper_are_left_out(tmp_path: Path) -> None:
    # A title page with no head, then "Claims in Papers" over the even pages and "Vienna et
    # al." over the odd ones: each printed on one or two pages of three or four, too few to
    # recur, so each was read into the paragraph under it.
    for pages in (3, 4):
        heads = {n: "Claims in Papers" if n % 2 == 0 else "Vienna et al." for n in range(2, 6)}
        text = _text(tmp_path / f"{pages}.pdf", pages, heads)
        assert "Claims in Papers" not in text, pages
        assert "Vienna et al." not in text, pages
        assert "Sentence gamma eta holds" in text
    # A head that opens with its page's number set apart, over the even pages.
    text = _text(tmp_path / "numbered.pdf", 3, {2: "2\tVienna et al.", 3: "Claims in Papers"})
    assert "Vienna et al." not in text and "Claims in Papers" not in text


def test_a_pages_first_line_of_text_apart_from_the_next_is_kept(tmp_path: Path) -> None:
    # A paragraph's last line over a page's top, then a heading, on two pages: in the text's
    # own type, so no running head, though apart from what follows and on one baseline.
    top = {2: "ends the paragraph gamma here.", 3: "ends the paragraph delta here."}
    pdf = FPDF()
    pdf.set_auto_page_break(False)
    for number in range(1, 4):
        pdf.add_page()
        pdf.set_font("helvetica", size=18)
        if number == 1:
            pdf.text(20, 26, "A Paper Title")
        pdf.set_font("helvetica", style="B", size=14)
        pdf.text(20, 40, f"{number} Section {NAMES[number]}")
        pdf.set_font("helvetica", size=11)
        if number in top:
            pdf.text(20, 24, top[number])
        pdf.set_xy(20, 46)
        pdf.multi_cell(170, 5.5, _prose(70, number))
    pdf.output(str(tmp_path / "kept.pdf"))
    text = " ".join(block.text for block in extract(tmp_path / "kept.pdf").blocks)
    assert "ends the paragraph gamma here." in text
    assert "ends the paragraph delta here." in text


def test_a_caption_or_a_numbered_heading_over_a_pages_text_is_kept(tmp_path: Path) -> None:
    # A table's caption at the top of two pages in smaller type, apart from the table under it,
    # and a section's heading in small capitals (another face, the text's size): no heads.
    for top in (
        {2: "Table 1: Scores on the test split.", 3: "Table 2: Scores on the dev split."},
        {2: "2 Methods and Data", 3: "3 Results of the Study"},
    ):
        text = _text(tmp_path / "kept.pdf", 3, top)
        assert all(line in text for line in top.values()), top


def _two_pages(path: Path, head: str) -> str:
    """The text of a two-page paper, its title and authors over page 1 and ``head`` over page
    2 alone, in 9 pt italics, apart from the text under it."""
    pdf = FPDF()
    pdf.set_auto_page_break(False)
    pdf.add_page()
    pdf.set_font("helvetica", size=18)
    pdf.text(20, 26, "Claims in Papers")
    pdf.set_font("helvetica", size=12)
    pdf.text(20, 34, "Ann Vienna and Bo Lee")
    pdf.set_font("helvetica", size=11)
    pdf.set_xy(20, 42)
    pdf.multi_cell(170, 5.5, _prose(70, 1))
    pdf.add_page()
    pdf.set_font("helvetica", style="I", size=9)
    pdf.text(20, 12, head)
    pdf.set_font("helvetica", size=11)
    pdf.set_xy(20, 20)
    pdf.multi_cell(170, 5.5, _prose(80, 2))
    pdf.output(str(path))
    return " ".join(block.text for block in extract(path).blocks)


def test_a_head_over_the_second_page_alone_that_names_the_paper_is_left_out(
    tmp_path: Path,
) -> None:
    # A two-page paper prints its head once, on page 2: no second page repeats it, and it was
    # read into the paragraph under it. Its words are the title's or the authors'.
    for head in ("Vienna et al.", "Claims in Papers", "Vienna and Lee: Claims in Papers"):
        text = _two_pages(tmp_path / "two.pdf", head)
        assert head not in text, head
        assert "Sentence gamma eta holds" in text
    # A line set so that names nothing over page 1 is the page's text: kept.
    for line in ("Sentence omicron holds words too", "Claims about papers of others"):
        assert line in _two_pages(tmp_path / "kept.pdf", line), line


def test_a_heading_over_page_2_in_the_titles_words_is_kept(tmp_path: Path) -> None:
    # A heading at the top of page 2 in the text's size, in italics, whose words are all the
    # title's ("Claims" under "Claims in Papers") was left out as a head naming the paper;
    # one that repeats the whole title was taken for a line recurring on two pages, and the
    # title page's title went with it.
    for heading in ("Claims", "Claims in Papers"):
        for pages in (2, 3):
            pdf = FPDF()
            pdf.set_auto_page_break(False)
            for number in range(1, pages + 1):
                pdf.add_page()
                y = 20.0
                if number == 1:
                    pdf.set_font("helvetica", size=18)
                    pdf.text(20, 26, "Claims in Papers")
                    pdf.set_font("helvetica", size=12)
                    pdf.text(20, 34, "Ann Vienna and Bo Lee")
                    y = 42.0
                if number == 2:
                    pdf.set_font("helvetica", style="I", size=11)
                    pdf.text(20, 24, heading)
                    y = 30.0
                pdf.set_font("helvetica", size=11)
                pdf.set_xy(20, y)
                pdf.multi_cell(170, 5.5, _prose(70, number))
            pdf.output(str(tmp_path / "heading.pdf"))
            document = extract(tmp_path / "heading.pdf")
            text = " ".join(block.text for block in document.blocks)
            assert f"{heading} Sentence gamma" in text, (heading, pages)
            assert document.title == "Claims in Papers", (heading, pages)
