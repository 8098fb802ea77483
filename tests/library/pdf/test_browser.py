"""A page printed to PDF by a web browser (headless Chromium, as "Save as PDF" makes one).

A browser sets its type at 16px scaled to 12 pt, and breaks lines only at spaces and after the
text's own hyphens, never inside a word: both differ from the TeX-made PDFs the other tests read.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from claimaudit.library.extract import extract
from claimaudit.library.passages import make_passages
from tests.browser import launch_chromium

# The second paragraph is set narrow, so that its lines end after "Closely-" and "2016-05-".
PAGE = """<!doctype html><html><head><meta charset="utf-8"><title>A printed page</title>
<style>body{font-family:serif;font-size:12pt;width:30em} .narrow{width:9.5em}</style></head>
<body><h1>A printed page</h1><p>Ann Author and Ben Author</p><h2>Introduction</h2>
<p>This first paragraph is set across the page as a browser sets any paragraph of text. It holds
enough words to read as prose, and it ends here with a full stop.</p>
<p class="narrow">Consistency matters more than hair-splitting over names. Closely-related
variables belong in one list. A file named 2016-05-alaska-b.csv sorts by date.</p>
<p>The project's code goes in the <code>src</code> directory of the project, next to the data,
and compiled programs and external scripts go in the bin directory of the project.</p>
</body></html>"""


def _print(html: str, path: Path) -> Path:
    """``html`` printed to an A4 PDF at ``path`` by headless Chromium."""
    with launch_chromium() as browser:
        page = browser.new_page()
        page.set_content(html)
        page.pdf(path=str(path), format="A4")
        page.close()
    return path


@pytest.fixture(scope="module")
def printed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _print(PAGE, tmp_path_factory.mktemp("browser") / "page.pdf")


def test_paragraphs_of_a_printed_page_are_passages_of_their_own(printed: Path) -> None:
    # Read at 16 "points", the lines seemed closer than one em and the paragraph gaps were
    # missed: the three paragraphs came out as one passage.
    texts = [p.text for p in make_passages(extract(printed).blocks)]
    assert texts[0] == (
        "This first paragraph is set across the page as a browser sets any paragraph of text. It "
        "holds enough words to read as prose, and it ends here with a full stop."
    )
    assert len(texts) == 3
    assert texts[2].startswith("The project's code goes in the src directory")


def test_a_hyphen_at_a_line_end_of_a_printed_page_is_the_texts_own(printed: Path) -> None:
    # TeX's rule ("com-" "puting" is one word) had read "Closelyrelated" and "2016-05- alaska".
    [narrow] = [p.text for p in make_passages(extract(printed).blocks) if "Closely" in p.text]
    assert narrow == (
        "Consistency matters more than hair-splitting over names. Closely-related variables "
        "belong in one list. A file named 2016-05-alaska-b.csv sorts by date."
    )


def test_the_title_comes_from_the_page(printed: Path) -> None:
    assert extract(printed).title == "A printed page"


# A page that opens with a section heading and its paragraphs, as a printed chapter does: no
# title of its own above them, no author line.
CHAPTER = """<!doctype html><html><head><meta charset="utf-8"><title>A chapter</title></head>
<body style="font-family:serif;font-size:12pt;width:30em"><h2>Introduction</h2>
<p>Machine learning is a modern approach to problem-solving and task automation, concerned
with algorithms that recognise patterns in data and use them for prediction.</p>
<p>Deep learning uses artificial neural networks with many layers, and it can now be applied
to massive data sets and in innumerable contexts across biology.</p>
<h2>Methods</h2><p>We collected advice from a community of researchers with varied
backgrounds, and wrote it down as ten tips for those who use deep learning.</p></body></html>"""


def test_a_pages_opening_paragraphs_are_text_not_its_authors(tmp_path: Path) -> None:
    # The heading, the largest type on the page, is taken for the title; the paragraph under
    # it had been taken for the authors, and the next one dropped as front matter.
    path = tmp_path / "chapter.pdf"
    _print(CHAPTER, path)
    document = extract(path)
    texts = [p.text for p in make_passages(document.blocks)]
    assert document.authors is None
    assert texts[0].startswith("Machine learning is a modern approach to problem-solving")
    assert texts[1].startswith("Deep learning uses artificial neural networks")
    assert texts[2].startswith("We collected advice from a community")


def _columns_page() -> str:
    def sentences(side: str, numbers: range) -> str:
        return " ".join(
            f"{side} sentence number {n} is in the {side.lower()} column." for n in numbers
        )

    # A line of code a little wider than its column, set between two paragraphs of the left.
    code = "make_images.py -f 0.1 -n 0.5 -o birds.csv -s 42 -w 480"
    return (
        '<!doctype html><html><head><meta charset="utf-8"><title>Columns</title></head>'
        '<body style="font-family:serif;font-size:10pt;column-count:2;column-gap:2em">'
        f"<h2>Methods</h2><p>{sentences('Left', range(1, 13))}</p><pre>{code}</pre>"
        f"<p>{sentences('Left', range(13, 25))}</p><p>{sentences('Right', range(1, 25))}</p>"
        "</body></html>"
    )


def test_a_line_of_code_overflowing_its_column_does_not_merge_the_columns(
    tmp_path: Path,
) -> None:
    # A browser lets a long line of preformatted text run out of its column into the gap; it
    # had hidden the gutter, and the two columns were read line by line across the page.
    path = tmp_path / "columns.pdf"
    _print(_columns_page(), path)
    text = " ".join(p.text for p in make_passages(extract(path).blocks))
    for n in range(1, 25):
        assert f"Left sentence number {n} is in the left column." in text
        assert f"Right sentence number {n} is in the right column." in text
    assert text.index("Left sentence number 24 ") < text.index("Right sentence number 1 ")


def test_affiliations_before_the_first_heading_are_still_left_out(tmp_path: Path) -> None:
    # Only prose stays there: a list of institutions and addresses is not read as sentences.
    places = " ".join(
        f"{n} Department of Biology, University of Somewhere, Somewhere City, "
        f"Country / author{n}@example.org"
        for n in range(1, 5)
    )
    html = (
        '<!doctype html><html><head><meta charset="utf-8"><title>T</title></head>'
        '<body style="font-family:serif;font-size:12pt;width:30em"><h1>A Paper Title</h1>'
        f"<p>Ann Author, Ben Author, Cy Author</p><p>{places}</p><h2>Introduction</h2>"
        "<p>The introduction says what the paper is about, in sentences of plain prose that "
        "run on for a while, as an introduction does.</p></body></html>"
    )
    path = tmp_path / "front.pdf"
    _print(html, path)
    document = extract(path)
    texts = [p.text for p in make_passages(document.blocks)]
    assert document.authors == "Ann Author, Ben Author, Cy Author"
    assert texts == [
        "The introduction says what the paper is about, in sentences of plain prose that run on "
        "for a while, as an introduction does."
    ]


SHORT_COLUMNS = """<!doctype html><html><head><meta charset="utf-8"><title>Short columns</title>
<style>body{font-family:serif;font-size:10pt} .cols{column-count:2;column-gap:2em}</style>
</head><body><h1>Short columns</h1><h2>Results</h2><div class="cols"><p>In the placebo arm,
mortality at one year was 12 percent, and the difference between the arms was not statistically
significant in any of the prespecified subgroups. In the treated arm, mortality at one year was
9 percent, and adverse events were rare, mild and resolved without intervention in every case
we recorded.</p></div></body></html>"""

SOFT_HYPHENS = """<!doctype html><html><head><meta charset="utf-8"><title>Soft hyphens</title>
<style>body{font-family:serif;font-size:12pt} p{width:7.5em}</style></head><body>
<h1>Soft hyphens</h1><h2>Methods</h2><p>Patients received pharmaco&shy;therapy with
immuno&shy;suppressive agents after random&shy;isation, in well-known doses. The reviewers
found the doses convincing.</p></body></html>"""


def test_a_paragraph_set_in_two_short_columns_reads_column_by_column(tmp_path: Path) -> None:
    # Two or three lines a column: the rows were read across both columns, scrambling quotes.
    [text] = [
        p.text for p in make_passages(extract(_print(SHORT_COLUMNS, tmp_path / "c.pdf")).blocks)
    ]
    assert text == " ".join(SHORT_COLUMNS.split("<p>")[1].split("</p>")[0].split())


def test_a_word_broken_at_a_soft_hyphen_reads_whole(tmp_path: Path) -> None:
    # Chromium prints the hyphen as U+2010: "immuno\u2010 suppressive" hid the word from search.
    [text] = [
        p.text for p in make_passages(extract(_print(SOFT_HYPHENS, tmp_path / "s.pdf")).blocks)
    ]
    assert "immunosuppressive agents" in text
    assert "\u2010" not in text and "well-known" in text


_PROSE = [
    "This first paragraph is set across the page as a browser sets any paragraph of text. It "
    "holds enough words to read as prose, and it ends here with a full stop.",
    "The second paragraph follows the first table and is also prose, long enough to be read "
    "as a paragraph of its own with a full stop at its end.",
    "The third paragraph follows the second table, and it too is plain prose that a judge "
    "may quote as it reads the paper.",
]
# Two tables with <th> headers and no border: the first one's widest cells leave 3 pt to
# their neighbours ("Low dose 46" is one piece), the second one's definitions wrap, each term
# centred beside them on a baseline of its own.
HEADED_TABLES = f"""<!doctype html><html><head><meta charset="utf-8"><title>Tables</title>
<style>body{{font-family:serif;font-size:12pt;width:30em}}</style></head><body>
<h1>Tables</h1><p>Ann Author and Ben Author</p><h2>Results</h2><p>{_PROSE[0]}</p>
<table><tr><th>Group</th><th>Age</th><th>Sex</th><th>Outcome</th></tr>
<tr><td>Placebo</td><td>44</td><td>52% female</td><td>no change</td></tr>
<tr><td>Low dose</td><td>46</td><td>49% female</td><td>mild relief</td></tr>
<tr><td>High dose</td><td>45</td><td>51% female</td><td>relief</td></tr></table>
<p>{_PROSE[1]}</p>
<table><tr><th>Term</th><th>Definition</th></tr>
<tr><td>Claim</td><td>A statement that a paper makes about the world, which a reader checks
against the cited sources.</td></tr>
<tr><td>Evidence</td><td>A passage of a cited paper that the judge reads before it decides
whether the claim is supported.</td></tr></table>
<p>{_PROSE[2]}</p></body></html>"""


def test_a_table_under_a_bold_row_of_headers_without_borders_is_left_out(
    tmp_path: Path,
) -> None:
    # The rows were read as prose ("Placebo 44 52% female no change Low dose 46 ..." opened
    # the next paragraph), and the second table's header row as a section heading, "Term
    # Definition", over its rows and the rest of the page.
    blocks = extract(_print(HEADED_TABLES, tmp_path / "tables.pdf")).blocks
    assert [p.text for p in make_passages(blocks)] == _PROSE
    assert {block.section for block in blocks} == {"Results"}


def test_a_table_whose_cells_are_padded_is_left_out(tmp_path: Path) -> None:
    # Padding sets its rows more than 1.6 em apart: the second table's rows were read as prose,
    # "A statement that a paper makes about the world, which a Claim reader checks ...".
    padded = HEADED_TABLES.replace("width:30em}", "width:30em} td,th{padding:4px}")
    blocks = extract(_print(padded, tmp_path / "padded.pdf")).blocks
    assert [p.text for p in make_passages(blocks)] == _PROSE
