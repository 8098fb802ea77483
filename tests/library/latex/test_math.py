"""Formulas in a LaTeX paper read as TeX prints them (and as the paper's PDF reads)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.library.helpers import read_latex


@pytest.mark.parametrize(
    ("written", "printed"),
    [
        # A command ate the space after it: "3 \u00d73", "n \u2208\u2115", "\u230b= n".
        ("a $3 \\times 3$ kernel", "a 3 \u00d7 3 kernel"),
        ("a $3\\times3$ kernel", "a 3 \u00d7 3 kernel"),
        ("where $n \\in \\mathbb{N}$ holds", "where n \u2208 \u2115 holds"),
        ("so $p = \\lfloor k/2 \\rfloor = n$ here", "so p = \u230ak/2\u230b = n here"),
        ("bounds $x^l \\leq x \\leq x^u$ apply", "bounds x^l \u2264 x \u2264 x^u apply"),
        # Typed operators get TeX's spaces too, as the PDF prints them.
        ("size $k-p-1$ here", "size k - p - 1 here"),
        ("then $a=b$ and $x<y$ hold", "then a = b and x < y hold"),
        ("output $o' = i' + (k-1) - 2p$ here", "output o' = i' + (k - 1) - 2p here"),
        # A sign has nothing before it.
        ("values $-1$ and $(-k)$ and $\\pm 1$", "values -1 and (-k) and \u00b11"),
        # Scripts and inline fractions are set small, without operator spaces.
        ("terms $x^{n+1}$ and $x_{i-1}$", "terms x^n+1 and x_i-1"),
        ("a space $\\mathbb{R}^{n\\times m}$ here", "a space \u211d^n\u00d7m here"),
        ("half $\\frac{a+b}{2}$ here", "half (a+b)/2 here"),
        # A fraction on one line: a part of several terms in parentheses.
        (
            "$o = \\left\\lfloor \\frac{i - k}{s} \\right\\rfloor + 1$",
            "o = \u230a(i - k)/s\u230b + 1",
        ),
        ("$\\dfrac{1}{2}$, $\\tfrac{n}{-1}$ and $\\frac{2p}{s}$", "1/2, n/-1 and 2p/s"),
        # Named operators by name, spaced before an operand; modulo as TeX prints it.
        ("$a = (i + 2p - k) \\mod s$ zeros", "a = (i + 2p - k) mod s zeros"),
        ("$a \\bmod b$ and $a \\equiv b \\pmod{n}$.", "a mod b and a \u2261 b (mod n)."),
        ("$\\gcd(a, b) = 1$, $\\det A$ and $O(n \\log n)$", "gcd(a, b) = 1, det A and O(n log n)"),
        ("$\\max_i x_i$ and $\\sin\\theta$", "max_i x_i and sin \u03b8"),
        # Text inside a formula is text: its hyphen is not a minus.
        ("the $\\text{log-likelihood}$ here", "the log-likelihood here"),
        # Outside a formula nothing changes.
        ("the well-known x-y plane, a+b", "the well-known x-y plane, a+b"),
        # A formula that is only a raised mark (an affiliation's, a footnote's) is left out.
        ("Wilson$^{1,2}$ and Smith$^{\\dagger}$ wrote", "Wilson and Smith wrote"),
        ("$^{81}$Independent Researcher, Berlin", "Independent Researcher, Berlin"),
        # A raised circle is a degree; a raised word and a power are not marks.
        ("at 37$^{\\circ}$C for", "at 37\u00b0C for"),
        ("the 4$^{th}$ run", "the 4^th run"),
        ("about $10^{5}$ cells", "about 10^5 cells"),
        # QA: a superscript alone in its formula is an exponent after a number, a unit or a
        # one-letter symbol, as the PDF reads it; it was dropped as a mark ("10 users").
        ("B has 10$^{6}$ users", "B has 10^6 users"),
        ("the fit gave r$^2$ = 0.9", "the fit gave r^2 = 0.9"),
        ("area 5 m$^2$ and 3 cm$^{2}$", "area 5 m^2 and 3 cm^2"),
        ("rates S$^*$ here", "rates S^* here"),
        # ... but still a mark after a year or a word.
        ("in 2019$^{3}$ and Smith$^1$ wrote", "in 2019 and Smith wrote"),
        # \textsuperscript likewise: an exponent (it was glued: "106"), a mark left out, and a
        # raised word as its letters.
        ("C has 10\\textsuperscript{6} users", "C has 10^6 users"),
        ("Wilson\\textsuperscript{1,2} and Lee\\textsuperscript{a}", "Wilson and Lee"),
        ("the 4\\textsuperscript{th} run", "the 4th run"),
    ],
)
def test_a_formula_reads_as_tex_prints_it(tmp_path: Path, written: str, printed: str) -> None:
    assert printed in read_latex(tmp_path, f"We set {written}. Then we go on.", "amssymb")
