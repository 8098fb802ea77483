"""PDF papers as researchers have them: the shared pdfLaTeX papers and generated edge cases.

Each defect the issue quoted from the old extraction has a regression test on the real paper.
"""

from __future__ import annotations

import functools
import re
from pathlib import Path

import pytest
from fpdf import FPDF

from claimaudit.errors import InputError
from claimaudit.identity import parse_ref
from claimaudit.library.extract import extract
from claimaudit.library.ingest import add_path
from claimaudit.library.passages import make_passages
from claimaudit.library.store import Library
from claimaudit.passage import Passage
from tests.library.helpers import DATA

PDFS = DATA / "papers-pdf"
GEP = PDFS / "good-enough-practices_wilson2017.pdf"
GEP_TWO_COLUMNS = PDFS / "good-enough-practices_wilson2017.twocolumn.pdf"
SCIPY = PDFS / "scipy-1.0_virtanen2020.pdf"
SKIMAGE = PDFS / "scikit-image_vanderwalt2014.pdf"
CONV = PDFS / "conv-arithmetic_dumoulin2016.pdf"


@functools.cache
def passages(path: Path) -> list[Passage]:
    return make_passages(extract(path).blocks)


def texts(path: Path) -> str:
    return "\n".join(p.text for p in passages(path))


@pytest.mark.parametrize(
    ("path", "title", "first_author"),
    [
        (GEP, "Good Enough Practices in Scientific Computing", "Greg Wilson"),
        (GEP_TWO_COLUMNS, "Good Enough Practices in Scientific Computing", "Greg Wilson"),
        (
            SCIPY,
            "SciPy 1.0\u2014Fundamental Algorithms for Scientific Computing in Python",
            "Pauli Virtanen",
        ),
        (SKIMAGE, "scikit-image: Image processing in Python", "St\u00e9fan van der Walt"),
        (CONV, "A guide to convolution arithmetic for deep learning", "Vincent Dumoulin"),
    ],
)
def test_title_and_authors_come_from_the_paper_not_the_file_name(
    path: Path, title: str, first_author: str
) -> None:
    document = extract(path)
    assert document.title == title
    assert document.authors is not None and document.authors.startswith(first_author)
    assert "University" not in document.authors and "@" not in document.authors
    assert document.source_format == "pdf"


@pytest.mark.parametrize("path", [GEP, GEP_TWO_COLUMNS])
def test_line_numbers_are_not_glued_into_words(path: Path) -> None:
    text = texts(path)
    assert "ready-to-analyze68" not in text and "ready-to-analyze data" in text
    assert "collaborators to understand and contribute to a project." in text
    assert "to a45 project.46" not in text


@pytest.mark.parametrize("path", [GEP, GEP_TWO_COLUMNS, SCIPY, SKIMAGE, CONV])
def test_punctuation_stays_on_its_word_where_a_footnote_mark_was(path: Path) -> None:
    # A raised mark dropped between a word and its comma ("(PyPI)¹,"), or a line number drawn
    # between them in the content stream, left "(PyPI) ," and "individuals ." (pdf/3).
    detached = re.findall(r"[a-z)] [,;](?=\s)|[a-z)] \.(?=\s|$)", texts(path))
    assert detached == []


def test_a_sentence_with_footnote_marks_reads_as_its_latex_source() -> None:
    text = texts(SKIMAGE)
    assert "contributions from more than 100 individuals. The package" in text
    assert "the Python Package Index (PyPI), Continuum Analytics Anaconda, Enthought" in text
    # A mark before a word keeps the word's space: "India, ¹Department", not "India,Department".
    affiliations = texts(SCIPY)
    assert "Bengaluru 560089, India, Department of Physics" in affiliations
    assert not re.search(r"[a-z],[A-Z]", affiliations)


def test_thousands_set_with_a_thin_space_read_as_one_number() -> None:
    # siunitx prints \num{462574} as "462 574" with a thin space; the LaTeX source, the number
    # checks and a reader's search all want the one number, as LaTeX extraction gives it.
    text = texts(SCIPY)
    assert "tests covered approximately 45% of 462574 lines of compiled code" in text
    assert "there were 13096468 downloads" in text
    assert "462 574" not in text
    # Word spaces between numbers stay: a postcode after a house number, a year after a count.
    assert "Feld 205 69120 Heidelberg" in text


@pytest.mark.parametrize("path", [GEP, GEP_TWO_COLUMNS, SCIPY, SKIMAGE, CONV])
def test_running_headers_and_page_numbers_are_gone(path: Path) -> None:
    for passage in passages(path):
        assert "PLOS" not in passage.text.split()
        assert not passage.text.strip().isdigit()


def test_a_figure_legend_is_not_read_into_its_caption() -> None:
    # scipy-1.0's Fig. 3: "Figure 3:" set apart from its text by a wide space was read in a
    # column of its own, and the legend drawn above ("Compiled (covered) ... Python
    # (uncovered)") began the caption's passage instead (pdf/5).
    [caption] = [p.text for p in passages(SCIPY) if "code volume in SciPy over time" in p.text]
    assert caption.startswith("Figure 3: Python (red) and compiled (blue) code volume")
    assert caption.endswith("using a Docker-based approach [131].")
    assert "covered)" not in texts(SCIPY)
    assert "Figure 3:" not in [p.text for p in passages(SCIPY)]


def test_list_items_read_without_their_labels_as_their_latex_source() -> None:
    # "1. Save the raw data (1a)." and "b) Ensure that ..." printed, "Save the raw data (1a)."
    # and "Ensure that ..." in the LaTeX source, whose enumerate prints the labels.
    for path in (GEP, GEP_TWO_COLUMNS):
        texts = [p.text for p in passages(path)]
        assert "Ensure that raw data is backed up in more than one location." in texts
        assert "Data Management Save the raw data." in texts  # the list's name, then its item
        assert any(t.startswith("Save the raw data (1a). Where possible") for t in texts)
    assert "To facilitate education in image processing." in [p.text for p in passages(SKIMAGE)]
    label = re.compile(r"^(?:[\u2022\u25e6\u2013*-]|\(?(?:\d{1,2}|[a-z]|[ivx]{1,4})[.)])\s")
    # A sub-figure's caption keeps its letter, as its LaTeX source prints it (subcaption).
    subcaptions = {"(a) The kernel has to slide", "(b) The kernel has to slide"}
    for path in (GEP, GEP_TWO_COLUMNS, SCIPY, SKIMAGE, CONV):
        found = [p.text for p in passages(path) if label.match(p.text)]
        assert [t for t in found if t[:27] not in subcaptions] == []
    assert len([p for p in passages(CONV) if p.text[:27] in subcaptions]) == 2


def test_a_paragraph_opening_with_a_lowercase_name_after_an_indent_is_its_own() -> None:
    # "scikit-image thus makes ..." is indented after a sentence's end: not a run-on line.
    texts = [p.text for p in passages(SKIMAGE)]
    assert (
        "scikit-image thus makes it possible to perform sophisticated image processing tasks "
        "with only a few function calls."
    ) in texts
    assert any(t.startswith("scikit-image is also applied in a commercial setting") for t in texts)
    assert any(t.startswith("scikit-image complies with the PEP8 coding style") for t in texts)


def test_a_description_lists_items_are_one_passage_each() -> None:
    # SciPy's subpackages: the name, then lines hanging under its text; items set apart.
    texts = [p.text for p in passages(SCIPY)]
    for name in ("cluster", "constants", "io", "odr", "optimize", "sparse", "special", "stats"):
        items = [t for t in texts if t.startswith(f"{name} ")]
        assert len(items) == 1, name
    sparse = next(t for t in texts if t.startswith("sparse This subpackage"))
    assert "scipy.sparse.linalg provides a collection" in sparse
    assert "optimize" not in next(t for t in texts if t.startswith("odr "))
    # "odr", an item of one line, is a list item as the items around it are.
    kinds = {b.text.split()[0]: b.kind for b in extract(SCIPY).blocks if b.text.strip()}
    assert kinds["misc"] == kinds["odr"] == kinds["optimize"] == "list"
    # Good Enough Practices' "What We Left Out": a one-line start, then the hanging text.
    gep = [p.text for p in passages(GEP)]
    branches = next(t for t in gep if t.startswith("Branches A branch is"))
    assert "Developers create branches so that they can make multiple changes" in branches
    reviews = next(t for t in gep if t.startswith("Code Reviews and Pair Programming"))
    assert "One important observation" not in reviews


def test_a_bold_line_ending_in_an_ellipsis_heads_its_box() -> None:
    for path in (GEP, GEP_TWO_COLUMNS):
        workflow = next(p for p in passages(path) if "The workflow you choose" in p.text)
        assert workflow.text.startswith("The workflow you choose")
        assert workflow.section == "The First Rule Is. . ."


def test_captions_are_passages_of_their_own() -> None:
    found = [p for p in passages(GEP) if p.text.startswith("Fig 1.")]
    assert [p.text for p in found] == ["Fig 1. Example of gathering columns to create tidy data."]
    assert found[0].pages is not None and found[0].section == "1 Data Management"


def test_two_columns_are_read_column_by_column() -> None:
    # The paragraph runs from the foot of the left column to the top of the right one.
    text = texts(GEP_TWO_COLUMNS)
    assert (
        "These practices, which encompass data management, programming, collaborating with "
        "colleagues, organizing projects, tracking work, and writing manuscripts, are drawn from "
        "a wide variety of published sources"
    ) in text


def test_each_passage_knows_its_pages_and_section() -> None:
    found = [p for p in passages(SCIPY) if "SciPy is a library of numerical routines" in p.text]
    assert [(p.pages, p.section) for p in found] == [((2, 2), "Introduction")]
    numbered = [p for p in passages(GEP) if p.text.startswith("If you or your group are creating")]
    assert [p.section for p in numbered] == ["2 Software"]
    assert all(p.pages is not None and p.pages[0] <= p.pages[1] for p in passages(GEP))


def test_a_paragraph_split_by_a_page_end_is_one_passage() -> None:
    found = [p for p in passages(GEP) if "collaborators to understand and contribute" in p.text]
    assert len(found) == 1 and found[0].text.startswith("Collaboration:")


def test_hyphenation_at_line_ends_is_undone_but_compounds_keep_their_hyphen() -> None:
    text = texts(CONV)
    assert "spectacular advances in deep learning" in text and "spectac-" not in text
    assert "state-of-the-art" in text
    # The README's rule on both sides: an English word broken at a line end reads whole, a
    # compound of two words that joins into no word keeps its hyphen.
    assert "this chapter will proceed somewhat backwards" in text
    assert "monotone shape-preserving interpolator" in texts(SCIPY)


def test_the_formulas_of_conv_arithmetics_boxes_end_their_sentences() -> None:
    # Displayed formulas were dropped as symbols, leaving "for s = 1 and p = 0," unfinished
    # (pdf/16); the LaTeX reads the same sentence with its formula.
    text = texts(CONV)
    assert "Relationship 1. For any i and k, and for s = 1 and p = 0, o = (i \u2212 k) + 1." in text
    assert "o = i + 2\u230ak/2\u230b \u2212 (k \u2212 1) = i + 2n \u2212 2n = i." in text


def test_a_web_address_and_a_date_broken_at_a_line_end_read_whole() -> None:
    # "https://github.com/scikit-image/" + "scikit-image-demos." read with a space between;
    # a footnote's "Accessed 2014-05-" + "09" lost its "09", taken for a page number (pdf/12).
    skimage = texts(SKIMAGE)
    assert "The full source code is at https://github.com/scikit-image/scikit-image-demos." in (
        skimage
    )
    assert "description3.html, Accessed 2014-05-09" in skimage


def test_an_italic_word_after_a_space_is_not_glued_to_it() -> None:
    # scipy-1.0's Table 1 notes: the italic "f" overhangs the space before it, and the words
    # read "Hessianfactorization" (pdf/13).
    assert "Iterative Hessian factorization denotes algorithms" in texts(SCIPY)


def test_footnotes_are_apart_and_the_references_are_left_out() -> None:
    conv = passages(CONV)
    assert any(p.text == "http://ethanschoonover.com/solarized" for p in conv)
    assert "color scheme, whose colors were used for the figures." in texts(CONV)
    assert not any("Le Cun, Y., Bottou" in p.text for p in conv)
    assert not any(p.section == "Bibliography" for p in conv)
    gep = texts(GEP)
    assert "The Pragmatic Programmer. Addison-Wesley" not in gep
    assert "Save the raw data." in gep  # Box 1, printed after the references, is kept


def test_a_line_that_opens_like_a_list_label_mid_sentence_carries_on_its_paragraph() -> None:
    # "... an additional hyperparameter" ends a full line; the next opens "d. Implementations",
    # flush with the paragraph: the sentence goes on, no list item starts.
    found = [p for p in passages(CONV) if "additional hyperparameter" in p.text]
    assert len(found) == 1
    assert "controlled by an additional hyperparameter d. Implementations may vary" in found[0].text
    assert not any(p.text.startswith("d. Implementations") for p in passages(CONV))


def test_tables_of_two_cells_a_row_and_wrapped_grid_cells_are_left_out() -> None:
    text = texts(SCIPY)
    # Table 2: a subpackage and a change a row, both centred; its cells used to run into the
    # paragraph after the table.
    assert "reduce overlap with NumPy equivalent" not in text
    assert "add PROPACK wrappers" not in text
    problem = [p for p in passages(SCIPY) if "A problem faced by many open source" in p.text]
    assert len(problem) == 1 and problem[0].text.startswith("A problem faced by many open source")
    # Table 1: row labels wrapped onto two lines between rows of check marks.
    assert "Iterative Hessian factorization Local convergence" not in text
    assert not any(p.text.startswith("100 101") for p in passages(SCIPY))
    # The caption stays, and the prose on both sides of each table.
    captions = [p.text for p in passages(SCIPY) if p.text.startswith("Table 2:")]
    assert captions == ["Table 2: Summary of SciPy Roadmap items following 1.0 release"]
    assert "to handle NumPy arrays." in text


def test_a_bold_paragraph_cut_by_a_page_end_is_one_passage_not_a_heading() -> None:
    # The consortium's names, in bold, run from page 27 onto page 28.
    names = [p for p in passages(SCIPY) if "Aditya Vijaykumar" in p.text]
    assert len(names) == 1 and names[0].pages == (27, 28)
    assert "Tom Krauss, Utkarsh Upadhyay, Yaroslav O. Halchenko" in names[0].text
    assert names[0].text.endswith("Yoshiki V\u00e1zquez-Baeza")
    assert not any("Upadhyay" in (p.section or "") for p in passages(SCIPY))


def test_tables_of_contents_are_left_out() -> None:
    assert not any(". . . . ." in p.text or p.section == "Contents" for p in passages(CONV))


def test_no_passage_is_empty_or_a_lone_label() -> None:
    for path in (GEP, SCIPY, SKIMAGE, CONV):
        for passage in passages(path):
            # A footnote may be a web address alone; nothing else is a single word.
            assert len(passage.text.split()) >= 2 or passage.text.startswith("http"), passage


def _two_column_pdf(path: Path, right_first: bool) -> Path:
    """A page of two columns whose content stream draws the right column first when asked:
    reading order must come from the page, not the stream."""
    left = [f"Left column sentence number {i} is here." for i in range(1, 16)]
    right = [f"Right column sentence number {i} is here." for i in range(1, 16)]
    pdf = FPDF(format="letter")
    pdf.add_page()
    pdf.set_font("helvetica", size=10)
    columns = [(105.0, right), (15.0, left)] if right_first else [(15.0, left), (105.0, right)]
    for x, lines in columns:
        for row, line in enumerate(lines):
            pdf.text(x, 30 + row * 5, line)
    pdf.output(str(path))
    return path


def test_columns_are_read_left_then_right_whatever_the_drawing_order(tmp_path: Path) -> None:
    for right_first in (False, True):
        path = _two_column_pdf(tmp_path / f"cols-{right_first}.pdf", right_first)
        text = " ".join(b.text for b in extract(path).blocks)
        assert text.index("Left column sentence number 15") < text.index(
            "Right column sentence number 1 "
        ), text


def _side_by_side_pdf(path: Path) -> Path:
    """One column of prose, then two sub-figure captions side by side under a centred caption
    that runs across the gap between them (as conv-arithmetic's Figure 2.8 is set)."""
    pdf = FPDF(format="letter")
    pdf.add_page()
    pdf.set_font("helvetica", size=10)
    pdf.set_xy(20, 20)
    pdf.multi_cell(175, 5, "The prose of the page runs across its whole width. " * 6)
    panels = {
        25.0: [
            "(a) The left panel shows the input feature",
            "map before any padding is added to its",
            "borders, with the kernel placed at the top",
            "left corner of the input.",
        ],
        112.0: [
            "(b) The right panel shows the input feature",
            "map after one row of zeros is added on",
            "every side, with the kernel placed at the",
            "top left corner of the padding.",
        ],
    }
    pdf.set_font("helvetica", size=9)
    for x, lines in panels.items():
        for row, line in enumerate(lines):
            pdf.text(x, 80 + row * 4.5, line)
    pdf.set_font("helvetica", size=10)
    pdf.set_xy(20, 102)
    pdf.cell(175, 5, "Figure 1: Two panels.", align="C")
    pdf.output(str(path))
    return path


def test_side_by_side_subcaptions_are_read_one_after_the_other(tmp_path: Path) -> None:
    found = [b for b in extract(_side_by_side_pdf(tmp_path / "panels.pdf")).blocks]
    captions = [b.text for b in found if b.kind == "caption"]
    assert captions == [
        "(a) The left panel shows the input feature map before any padding is added to its "
        "borders, with the kernel placed at the top left corner of the input.",
        "(b) The right panel shows the input feature map after one row of zeros is added on "
        "every side, with the kernel placed at the top left corner of the padding.",
        "Figure 1: Two panels.",
    ]
    assert found[0].text.startswith("The prose of the page runs across its whole width.")


def test_a_real_figures_side_by_side_subcaptions_read_as_in_its_latex_source() -> None:
    # conv-arithmetic's Figure 2.8: two sub-captions side by side above a centred caption,
    # which had hidden the gap between them: read line by line across both (pdf/10).
    conv = [p.text for p in passages(CONV)]
    assert (
        "(a) The kernel has to slide two steps to the right to touch the right side of the "
        "input (and equivalently downwards). Adding one to account for the initial kernel "
        "position, the output size is 3 \u00d7 3." in conv
    )
    assert any(t.startswith("(b) The kernel has to slide one step of size two to") for t in conv)
    assert "Figure 2.8: Counting kernel positions." in conv


def test_a_one_page_pdf_of_several_paragraphs_gives_several_passages(tmp_path: Path) -> None:
    pdf = FPDF()
    pdf.add_page()
    pdf.set_font("helvetica", size=11)
    for i in range(4):
        pdf.multi_cell(0, 6, f"Paragraph {i} explains one idea in a few plain sentences. " * 4)
        pdf.ln(8)
    pdf.output(str(tmp_path / "one-page.pdf"))
    found = passages(tmp_path / "one-page.pdf")
    assert [p.text[:11] for p in found] == [f"Paragraph {i}" for i in range(4)]
    assert all(p.pages == (1, 1) for p in found)


def _encrypted(path: Path) -> Path:
    pdf = FPDF()
    pdf.set_encryption(owner_password="owner", user_password="secret")
    pdf.add_page()
    pdf.set_font("helvetica", size=12)
    pdf.multi_cell(0, 8, "Confidential results that only a password opens. " * 10)
    pdf.output(str(path))
    return path


def _truncated(path: Path) -> Path:
    data = GEP.read_bytes()
    path.write_bytes(data[: len(data) // 2])
    return path


def _image_only(path: Path) -> Path:
    pdf = FPDF()
    for _ in range(3):
        pdf.add_page()
        pdf.rect(20, 20, 150, 200, style="F")  # a scanned page: marks, no text
    pdf.output(str(path))
    return path


def _almost_empty(path: Path) -> Path:
    pdf = FPDF()
    pdf.set_font("helvetica", size=12)
    for page in range(6):
        pdf.add_page()
        pdf.text(20, 280, f"Scan {page + 1}")  # a stamp on each scanned page
    pdf.output(str(path))
    return path


def _no_pages(path: Path) -> Path:
    # A valid PDF whose page tree is empty (/Count 0), its cross-reference table correct.
    objects = [b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [] /Count 0 >>"]
    data = b"%PDF-1.4\n"
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(data))
        data += b"%d 0 obj\n%s\nendobj\n" % (number, body)
    xref = len(data)
    data += b"xref\n0 3\n0000000000 65535 f \n"
    data += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    data += b"trailer\n<< /Size 3 /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % xref
    path.write_bytes(data)
    return path


def _one_page_of_few_words(path: Path) -> Path:
    pdf = FPDF()
    pdf.set_font("helvetica", size=12)
    pdf.add_page()
    pdf.text(20, 40, "Only four words here")
    pdf.output(str(path))
    return path


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (_encrypted, "the PDF is encrypted (password-protected); decrypt it first"),
        (_no_pages, "bad.pdf: the PDF has no pages"),
        (_one_page_of_few_words, "the PDF holds almost no text (4 words on 1 page);"),
        (_truncated, "truncated (no end-of-file marker)"),
        (_image_only, "no text layer; run OCR first, e.g. ocrmypdf"),
        (_almost_empty, "the PDF holds almost no text ("),
    ],
)
def test_bad_pdfs_get_one_clear_line_and_no_empty_paper(
    tmp_path: Path, make: object, message: str
) -> None:
    path = make(tmp_path / "bad.pdf")  # type: ignore[operator]
    with Library.open(tmp_path / "lib.sqlite3") as library:
        with pytest.raises(InputError) as caught:
            add_path(library, path, ref=parse_ref("doi:10.1000/bad"))
        assert library.list_papers() == []
    assert message in str(caught.value) and "\n" not in str(caught.value)


def test_text_too_thin_for_the_page_count_is_refused_as_such(tmp_path: Path) -> None:
    # Words enough in all (18), but under 10 a page: "almost no text" misstated the reason.
    pdf = FPDF()
    pdf.set_font("helvetica", size=12)
    for sentence in (
        "Sparse matrices save memory in practice.",
        "Dense storage wastes space on zeros.",
        "Compressed rows speed up every product.",
    ):
        pdf.add_page()
        pdf.text(20, 120, sentence)
    path = tmp_path / "thin.pdf"
    pdf.output(str(path))
    with pytest.raises(InputError) as caught:
        extract(path)
    assert str(caught.value) == (
        f"{path}: the PDF holds too little text for its length (18 words on 3 pages, under 10 "
        "a page); if it is a scan, run OCR first, e.g. ocrmypdf"
    )


@pytest.mark.parametrize("copies", [2, 3])
def test_a_pdf_whose_pages_are_the_same_is_read_not_refused_as_a_scan(
    tmp_path: Path, copies: int
) -> None:
    # Every line recurs on every page, as a running header does: all were removed and the
    # PDF was refused as "0 words ... a scan".
    note = (
        "Registration form for the workshop on reproducible research. Please bring a laptop "
        "with Python installed and a copy of your data set."
    )
    pdf = FPDF()
    pdf.set_font("helvetica", size=12)
    for _ in range(copies):
        pdf.add_page()
        pdf.multi_cell(0, 8, note)
    pdf.output(str(tmp_path / "form.pdf"))
    text = " ".join(p.text for p in make_passages(extract(tmp_path / "form.pdf").blocks))
    assert text.count("Please bring a laptop with Python installed") == copies


def test_the_same_pdf_added_again_is_unchanged_and_a_new_extractor_reads_it_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from claimaudit.library.extract import EXTRACTOR_VERSIONS

    ref = parse_ref("doi:10.1371/journal.pcbi.1005510")
    with Library.open(tmp_path / "lib.sqlite3") as library:
        first = add_path(library, SKIMAGE, ref=ref)
        assert first.outcome == "added"
        assert add_path(library, SKIMAGE, ref=ref).outcome == "unchanged"
        monkeypatch.setitem(EXTRACTOR_VERSIONS, "pdf", "99")
        again = add_path(library, SKIMAGE, ref=ref)
        assert again.outcome == "replaced"
        paper = library.require_paper(ref)
        assert (paper.source_format, paper.extractor) == ("pdf", "pdf/99")
        assert paper.authors is not None and paper.authors.startswith("St\u00e9fan van der Walt")
        stored = library.passages(ref)
        assert stored[0].pages == (1, 1) and stored[-1].pages is not None


def test_a_page_end_paragraph_does_not_run_into_the_next_pages_description_item() -> None:
    # "What We Left Out" ends at the foot of page 11 of the two-column PDF; page 12 opens with
    # the description item "Branches" (its name in bold, flush left): two passages.
    found = passages(GEP_TWO_COLUMNS)
    left_out = next(p for p in found if p.text.startswith("We have deliberately left"))
    assert left_out.text.endswith("it takes a larger investment before they start to pay off.")
    assert left_out.pages == (11, 11)
    branches = [p for p in found if p.text.startswith("Branches A branch is")]
    assert len(branches) == 1 and branches[0].pages == (12, 12)


def test_a_bold_run_in_name_overleaf_opens_a_paragraph(tmp_path: Path) -> None:
    pdf = FPDF()
    pdf.add_page()
    pdf.set_font("helvetica", size=11)
    for i in range(9):
        pdf.multi_cell(0, 6, f"Paragraph {i} explains one idea in a few plain sentences. " * 4)
        pdf.ln(4)
    pdf.multi_cell(0, 6, "The last paragraph of the page ends its sentence here. " * 3)
    pdf.add_page()
    pdf.multi_cell(
        0,
        6,
        "**Branches** A branch is a parallel universe within a repository. " * 3,
        markdown=True,
    )
    pdf.output(str(tmp_path / "run-in.pdf"))
    found = [p.text for p in passages(tmp_path / "run-in.pdf")]
    assert found[-2].startswith("The last paragraph")
    assert found[-2].endswith("ends its sentence here.")
    assert found[-1].startswith("Branches A branch is")


def test_conv_arithmetics_epigraph_stays_and_an_author_note_does_not() -> None:
    # The epigraph alone on page 2, before the first heading, was dropped with the title page's
    # affiliations; the LaTeX source keeps it as its first two passages. A note that opens with
    # its mark is front matter still, as in the sources of good-enough-practices.
    assert [p.text for p in passages(CONV)[:2]] == [
        "All models are wrong, but some are useful.",
        "George E. P. Box",
    ]
    assert "MILA" not in texts(CONV)
    assert "contributed equally" not in texts(GEP)
