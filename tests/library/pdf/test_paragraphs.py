"""Where a PDF's paragraphs break, on lines set as a page would set them."""

from __future__ import annotations

from claimaudit.library.pdf.blocks import build_blocks
from claimaudit.library.pdf.layout import Line
from claimaudit.library.pdf.paragraphs import pitches, split_lines

LEFT, RIGHT, SIZE, PITCH = 72.0, 540.0, 10.0, 12.0


def line(text: str, x0: float, baseline: float, *, full: bool = True) -> Line:
    x1 = RIGHT if full else x0 + 6 * len(text)
    return Line(text, x0, x1, baseline, SIZE, False, False, 1, LEFT, RIGHT, 0)


def texts(lines: list[Line]) -> list[str]:
    return [" ".join(x.text for x in group) for group in split_lines(lines, pitches(lines))]


def test_an_indented_first_line_opens_a_paragraph() -> None:
    lines = [
        line("The first paragraph runs on", LEFT + 18, 100),
        line("and ends here.", LEFT, 112, full=False),
        line("scikit-image opens the next one", LEFT + 18, 124),
        line("and ends too.", LEFT, 136, full=False),
    ]
    assert texts(lines) == [
        "The first paragraph runs on and ends here.",
        "scikit-image opens the next one and ends too.",
    ]


def test_a_paragraph_of_one_line_ends_where_the_next_indented_one_begins() -> None:
    # conv-arithmetic: "Figure 4.6 provides an example ..." alone, then "The constraint ...":
    # both lines indented, and no second line to show where the paragraph's left edge is.
    lines = [
        line("Figure 4.6 provides an example.", LEFT + 15, 100, full=False),
        line("The constraint on the size of the input", LEFT + 15, 112),
        line("can be relaxed.", LEFT, 124, full=False),
        line("It is indeed the case.", LEFT + 15, 136, full=False),
        line("Formally, the relationship applies:", LEFT + 15, 148, full=False),
    ]
    assert texts(lines) == [
        "Figure 4.6 provides an example.",
        "The constraint on the size of the input can be relaxed.",
        "It is indeed the case.",
        "Formally, the relationship applies:",
    ]


def test_a_line_of_code_words_in_a_narrow_column_stays_in_its_sentence() -> None:
    # LibreOffice's two-column good-enough-practices: "use names such as" then, alone on their
    # lines in an 11pt code font, "bird_count_table.csv," and "manuscript.md, or", spaced as
    # the prose is. A code block after a finished sentence, set closer, stays apart.
    def code(text: str, baseline: float) -> Line:
        return Line(text, LEFT, LEFT + 120, baseline, 11.0, False, True, 1, LEFT, RIGHT, 0)

    lines = [
        line("Name all files to reflect their content. For example, use names such as", LEFT, 100),
        code("bird_count_table.csv,", 112),
        code("manuscript.md, or", 124),
        line("not sequential numbers.", LEFT, 136, full=False),
        line("Here is the usage of the script:", LEFT + 18, 148, full=False),
        code("make_images.py -f fuzzing", 159),
        code("-s seed -v -w size", 170),
    ]
    assert texts(lines) == [
        "Name all files to reflect their content. For example, use names such as "
        "bird_count_table.csv, manuscript.md, or not sequential numbers.",
        "Here is the usage of the script:",
        "make_images.py -f fuzzing -s seed -v -w size",
    ]


def test_a_quotations_lines_all_set_in_stay_one_paragraph() -> None:
    # good-enough-practices' quotation: a sentence ends at a line's end, and the lines after
    # keep the quotation's indent.
    lines = [
        line("The goal is to make sure one can. . . reproduce. . .", LEFT + 25, 100, full=False),
        line("computational analyses. The goal of version control", LEFT + 25, 112, full=False),
        line("is to track changes to source code.", LEFT + 25, 124, full=False),
    ]
    assert texts(lines) == [
        "The goal is to make sure one can. . . reproduce. . . computational analyses. The goal "
        "of version control is to track changes to source code."
    ]


def test_a_description_lists_items_hang_under_their_names() -> None:
    hang = LEFT + 70
    lines = [
        line("cluster The cluster subpackage contains", LEFT, 100),
        line("vector quantization and k-means.", hang, 112, full=False),
        line("odr Orthogonal distance regression.", LEFT, 127, full=False),  # one line
        line("sparse This subpackage holds sparse matrices.", LEFT, 142, full=False),
        line("scipy.sparse.linalg provides linear algebra", hang, 154),
        line("routines for sparse matrices.", hang, 166, full=False),
    ]
    assert texts(lines) == [
        "cluster The cluster subpackage contains vector quantization and k-means.",
        "odr Orthogonal distance regression.",
        "sparse This subpackage holds sparse matrices. scipy.sparse.linalg provides linear "
        "algebra routines for sparse matrices.",
    ]


def test_a_centred_formula_after_a_full_line_is_its_own_block() -> None:
    lines = [
        line("The output size is given by the relation", LEFT, 100),
        Line("o = (i - k) + 1", 270.0, 342.0, 112, SIZE, False, False, 1, LEFT, RIGHT, 0),
        line("where k is the kernel size.", LEFT, 124, full=False),
    ]
    # A full line ending mid-sentence runs on, but not into a displayed formula.
    assert texts(lines)[0] == "The output size is given by the relation"


def _formula(text: str, baseline: float, x0: float = 250.0) -> Line:
    return Line(text, x0, x0 + 6 * len(text), baseline, SIZE, False, False, 1, LEFT, RIGHT, 0)


def _blocks(lines: list[Line]) -> list[str]:
    return [" ".join(b.text.split()) for b in build_blocks(lines).blocks]


PROSE = [
    line("Convolution arithmetic relates the sizes of a layer's input and output.", LEFT, 64),
    line("It holds for every layer, whatever its kernel and its strides may be.", LEFT, 76),
]


def test_a_displayed_formula_a_sentence_runs_into_ends_that_sentence() -> None:
    # conv-arithmetic's boxes: "Relationship 1. For any i and k, and for s = 1 and p = 0,"
    # then, centred, "o = (i - k) + 1." The formula had been dropped as a drawing's marks.
    lines = [
        *PROSE,
        line(
            "Relationship 1. For any i and k, and for s = 1 and p = 0,", LEFT + 18, 100, full=False
        ),
        _formula("o = (i - k) + 1.", 122),
        line(
            "Figure 2.1 provides an example for i = 4, k = 3 and p = 0.", LEFT + 18, 144, full=False
        ),
    ]
    blocks = _blocks(lines)
    assert "Relationship 1. For any i and k, and for s = 1 and p = 0, o = (i - k) + 1." in blocks
    assert "Figure 2.1 provides an example for i = 4, k = 3 and p = 0." in blocks


def test_a_formulas_lines_aligned_at_its_relation_stay_with_it() -> None:
    lines = [
        *PROSE,
        line(
            "Relationship 4. For any i and k, and for p = k - 1 and s = 1,",
            LEFT + 18,
            100,
            full=False,
        ),
        _formula("o = i + 2(k - 1) - (k - 1)", 122, x0=228.0),
        _formula("= i + (k - 1).", 136, x0=236.0),
    ]
    assert (
        "Relationship 4. For any i and k, and for p = k - 1 and s = 1, "
        "o = i + 2(k - 1) - (k - 1) = i + (k - 1)." in _blocks(lines)
    )


def test_a_formula_after_a_finished_sentence_is_still_left_out() -> None:
    # Nothing runs into it: a formula set apart (or a drawing's marks) is not prose to cite.
    lines = [
        *PROSE,
        line("The output size follows from the sizes as follows.", LEFT + 18, 100, full=False),
        _formula("o = (i - k) + 1", 122),
        line(
            "Figure 2.1 provides an example for i = 4, k = 3 and p = 0.", LEFT + 18, 144, full=False
        ),
    ]
    assert not any("o = (i - k)" in block for block in _blocks(lines))


def test_a_description_lists_item_of_one_line_is_an_item_as_its_neighbours() -> None:
    # SciPy's "odr Orthogonal distance regression ...": one line, so nothing hangs under its
    # name, between items whose lines hang; it was a paragraph of text among list items.
    hang = LEFT + 70

    def named(text: str, baseline: float, *, full: bool = True) -> Line:
        item = line(text, LEFT, baseline, full=full)
        item.opens_bold = True
        return item

    lines = [
        *PROSE,
        named("misc A collection of functions that did not fit into the", 100),
        line("other subpackages, kept for a while.", hang, 112, full=False),
        named("odr Orthogonal distance regression, with Python wrappers.", 127, full=False),
        named("optimize This subpackage includes simplex and interior-point", 142),
        line("linear programming solvers and root-finding.", hang, 154, full=False),
    ]
    kinds = {b.text.split()[0]: b.kind for b in build_blocks(lines).blocks}
    assert kinds["misc"] == kinds["odr"] == kinds["optimize"] == "list"


def test_a_one_line_paragraph_opening_in_bold_among_prose_stays_text() -> None:
    # No item hangs on either side of it: not an item.
    lines = [
        *PROSE,
        line("Convolution is linear, and so is its transpose in every case.", LEFT, 100),
    ]
    lines[-1].opens_bold = True
    assert {b.kind for b in build_blocks(lines).blocks} == {"text"}
