"""The web page's style sheet read as text: every badge's text and every form field's edge
stand out from their ground by WCAG's ratios (4.5:1 for text, 3:1 for a control's edge)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import claimaudit.server
from tests.contrast import colour, declaration, ratio, variables

CSS = (Path(claimaudit.server.__file__).parent / "static" / "style.css").read_text("utf-8")
NAMES = variables(CSS)
VERDICTS = ("supports", "contradicts", "not_addressed", "insufficient_evidence", "not_checked")
WHITE = colour("#fff", NAMES)


def _value(selector: str, prop: str) -> str:
    value = declaration(CSS, selector, prop)
    assert value is not None, (selector, prop)
    return value


@pytest.mark.parametrize("verdict", VERDICTS)
def test_every_verdict_badge_reads_at_wcag_aa(verdict: str) -> None:
    local = {"v": _value(f".badge.verdict-{verdict}", "--v")}
    strong = colour("var(--v)", NAMES, local)
    pairs = {
        "strong": (colour(_value(".badge", "color"), NAMES, local), strong),
        "moderate": (
            colour(_value(".badge.strength-moderate", "color"), NAMES, local),
            colour(_value(".badge.strength-moderate", "background"), NAMES, local),
        ),
        "weak": (
            colour(_value(".badge.strength-weak", "color"), NAMES, local),
            colour(_value(".badge.strength-weak", "background"), NAMES, local),
        ),
    }
    for level, (text, ground) in pairs.items():
        assert ratio(text, ground) >= 4.5, (verdict, level, round(ratio(text, ground), 2))


def test_the_review_badges_and_mark_read_at_wcag_aa() -> None:
    for selector in (".badge.review", ".badge.ok"):
        text = colour(_value(selector, "color"), NAMES)
        assert ratio(text, colour(_value(selector, "background"), NAMES)) >= 4.5, selector
    assert ratio(colour(_value(".review-mark", "color"), NAMES), WHITE) >= 4.5


def test_form_fields_have_an_edge_of_at_least_3_to_1() -> None:
    for field in ("textarea", "select"):
        edge = re.split(r"\s+", _value(field, "border"))[-1]
        assert ratio(colour(edge, NAMES), WHITE) >= 3, (field, edge)
