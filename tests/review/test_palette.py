"""The verdict colours: five distinct ones, the same in the HTML report and on the web page,
and ``not_checked`` (no verdict) drawn unlike any verdict, in both."""

from __future__ import annotations

import re

import pytest

from claimaudit.review.html.assets import STYLE
from claimaudit.review.palette import PALETTE
from claimaudit.server.routes.web import STATIC

PAGE_CSS = (STATIC / "style.css").read_text(encoding="utf-8")
VERDICTS = list(PALETTE)


def _root_variables(css: str) -> dict[str, str]:
    root = re.search(r":root\s*\{(.*?)\}", css, re.S)
    assert root is not None
    return {m[1]: m[2].strip().lower() for m in re.finditer(r"--([\w-]+):\s*([^;]+);", root[1])}


def _rule(css: str, selector: str) -> str:
    """The declarations of every rule whose selector list names ``selector``, joined."""
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)  # comments, which may sit before a selector
    found = [
        body
        for selectors, body in re.findall(r"([^{}]+)\{([^{}]*)\}", css)
        if selector in [s.strip() for s in selectors.split(",")]
    ]
    assert found, selector
    return " ".join(found)


def _luminance(colour: str) -> float:
    channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    r, g, b = (c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def test_each_verdict_has_its_own_colour_and_tint() -> None:
    assert len({c.strong for c in PALETTE.values()}) == len(PALETTE)
    assert len({c.tint for c in PALETTE.values()}) == len(PALETTE)
    # Badges and markers print white text on the strong colour: WCAG AA (4.5:1) at least.
    for colour in PALETTE.values():
        assert (1.05) / (_luminance(colour.strong) + 0.05) >= 4.5, colour


@pytest.mark.parametrize("css", [STYLE, PAGE_CSS], ids=["report", "page"])
def test_the_report_and_the_page_share_the_palette(css: str) -> None:
    variables = _root_variables(css)
    for colour in PALETTE.values():
        assert variables[colour.name] == colour.strong
        assert variables[f"{colour.name}-tint"] == colour.tint
    # Not checked is no shade of not addressed's grey (the page once drew both slate grey).
    checked, unchecked = PALETTE["not_addressed"], PALETTE["not_checked"]
    assert variables[checked.name] != variables[unchecked.name]


def test_each_report_sentence_takes_its_own_verdicts_colours() -> None:
    # Once not_addressed and insufficient_evidence shared one amber while the legend said grey.
    for verdict, colour in PALETTE.items():
        body = _rule(STYLE, f".v-{verdict.replace('_', '-')}")
        assert f"--v: var(--{colour.name})" in body and f"--t: var(--{colour.name}-tint)" in body
    assert "var(--t)" in _rule(STYLE, ".claim") and "var(--v)" in _rule(STYLE, ".claim")
    assert "var(--v)" in _rule(STYLE, ".badge")


def test_each_page_sentence_marker_and_badge_takes_its_own_verdicts_colour() -> None:
    for verdict, colour in PALETTE.items():
        for element in ("sentence", "claim-marker", "badge"):
            body = _rule(PAGE_CSS, f".{element}.verdict-{verdict}")
            assert f"var(--{colour.name})" in body, (element, verdict)
        if verdict != "not_checked":
            assert f"var(--{colour.name}-tint)" in _rule(PAGE_CSS, f".sentence.verdict-{verdict}")


@pytest.mark.parametrize(
    ("css", "sentence"),
    [(STYLE, ".claim.v-not-checked"), (PAGE_CSS, ".sentence.verdict-not_checked")],
)
def test_a_not_checked_sentence_is_hatched_and_dashed(css: str, sentence: str) -> None:
    body = _rule(css, sentence)
    assert "dashed" in body and "repeating-linear-gradient" in body, body
