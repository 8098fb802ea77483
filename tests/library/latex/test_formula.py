"""A formula read as the LaTeX reader prints it, for readers of other formats."""

from __future__ import annotations

import pytest

from claimaudit.library.latex.formula import formula_text


@pytest.mark.parametrize(
    ("formula", "text"),
    [
        ("\\beta = 0.9", "β = 0.9"),
        ("x \\leq \\gamma", "x ≤ \u03b3"),
        ("\\mu \\pm \\sigma", "μ ± \u03c3"),
        ("\\text{HasAsthma}(x) \\Rightarrow \\text{LowerRisk}(x)", "HasAsthma(x) ⇒ LowerRisk(x)"),
    ],
)
def test_a_formula_reads_with_its_operators_spaced(formula: str, text: str) -> None:
    assert formula_text(formula) == text


def test_broken_markup_is_read_not_fatal() -> None:
    # An unclosed group or a stray "}" gives some text, never an exception.
    assert "x" in formula_text("x^{2")
    assert "y" in formula_text("y}")
