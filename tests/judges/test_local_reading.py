"""The verifier reads a formula's scripts as a PDF's text prints them; quotes stay verbatim."""

from __future__ import annotations

import pytest

from claimaudit.judges.local.judge import LocalJudge
from claimaudit.judges.local.reading import as_read, without_script_marks
from claimaudit.judges.protocol import Case
from claimaudit.judges.questions import build_decision
from claimaudit.passage import Passage


@pytest.mark.parametrize(
    ("latex", "pdf"),
    [
        # As the LaTeX readings of conv-arithmetic and scipy-1.0 give them, against their PDFs.
        ("square inputs (i_1 = i_2 = i),", "square inputs (i1 = i2 = i),"),
        ("convolved with kernel w_1,1 and", "convolved with kernel w1,1 and"),
        ("multiplying with C^T and (C^T)^T = C", "multiplying with CT and (CT)T = C"),
        ("bound constraints (i.e. x^l ≤ x ≤ x^u)", "bound constraints (i.e. xl ≤ x ≤ xu)"),
        ("equality constraints (i.e. c_eq(x) = 0)", "equality constraints (i.e. ceq(x) = 0)"),
        ("of the form min_x f(x), where x ∈ R^n", "of the form minx f(x), where x ∈ Rn"),
        ("lu, LDL^⊺, qr", "lu, LDL⊺, qr"),
        ("k_j: kernel size along axis j", "kj: kernel size along axis j"),
        ("the 5^th release and H_2O", "the 5th release and H2O"),
        ("∑_i=1^n x_i", "∑i=1n xi"),
        # Bold symbols, as \mathbf reads: MATHEMATICAL BOLD SMALL W and CAPITAL C.
        ("\U0001d430_1,2 and \U0001d402^T", "\U0001d4301,2 and \U0001d402T"),
    ],
)
def test_script_marks_on_symbols_are_not_read(latex: str, pdf: str) -> None:
    assert without_script_marks(latex) == pdf
    assert without_script_marks(pdf) == pdf


@pytest.mark.parametrize(
    "text",
    [
        "scipy.optimize.differential_evolution and scipy.stats.rv_histogram",  # names
        "Makefile with TEMP_DIR, fig_3_a.png and bird_count_table.csv",
        "a learning rate of 10^-3 and 2^10 samples",  # powers of numbers are numbers
        "_private, __init__ and a _ b",
        "admin_x",  # an underscore inside a name, not an operator's subscript
    ],
)
def test_names_and_powers_of_numbers_are_read_as_written(text: str) -> None:
    assert without_script_marks(text) == text


def test_as_read_drops_citations_and_script_marks_together() -> None:
    assert as_read("the kernel w_i,j [12] of C^T (Hunter, 2007).") == "the kernel wi,j of CT."


def test_one_formula_gives_one_answer_in_either_format() -> None:
    claim = "Square inputs and kernels are assumed throughout the convolution arithmetic guide."
    latex = (
        "The analysis is restricted to square inputs (i_1 = i_2 = i), square kernel size "
        "(k_1 = k_2 = k), same strides along both axes (s_1 = s_2 = s) and same zero padding "
        "along both axes (p_1 = p_2 = p)."
    )
    pdf = without_script_marks(latex)
    judge = LocalJudge()
    answers = []
    for text in (latex, pdf):
        case = Case(claim=claim, paper_title="conv", passages=[Passage("P1", text)])
        answers.append(judge.decide(build_decision(case)).answers)
    assert answers[0]["relation"].probabilities == pytest.approx(
        answers[1]["relation"].probabilities
    )
    # The quote is the stored passage's own text, marks and all.
    assert answers[0]["evidence"].choice == answers[1]["evidence"].choice == "P1"


@pytest.mark.parametrize(
    ("printed", "read"),
    [
        ("Figure 1.2: Computing the output values", "Computing the output values"),
        ("Fig 1. Getting started with scikit-image.", "Getting started with scikit-image."),
        ("Table 2: Summary of SciPy Roadmap items", "Summary of SciPy Roadmap items"),
        ("Figure 2.8a: The same padding", "The same padding"),
        # Sentences that begin with a figure's name keep it.
        ("Figure 4.6 provides an example for i = 5.", "Figure 4.6 provides an example for i = 5."),
        ("Figures 1 and 2 show the same trend.", "Figures 1 and 2 show the same trend."),
        ("As Table 1: lists, ...", "As Table 1: lists, ..."),
    ],
)
def test_caption_labels_are_not_read(printed: str, read: str) -> None:
    assert as_read(printed) == read


def test_a_multiplication_sign_reads_spaced_as_in_the_source() -> None:
    # conv-arithmetic's PDF sets "a 4x4 kernel" where a line is tight; its source "4 \times 4".
    times = "\u00d7"
    printed = f"a 4{times}4 kernel over a 5 {times}5 input"
    assert as_read(printed) == f"a 4 {times} 4 kernel over a 5 {times} 5 input"
    assert as_read(f"a 2 {times} 2 border") == f"a 2 {times} 2 border"
