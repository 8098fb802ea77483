"""The report's style sheet and script: badge contrast, print, narrow screens, forced colours."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from claimaudit.checker.pipeline import Checker
from claimaudit.identity import parse_ref
from claimaudit.review import render_html, review_report
from claimaudit.review.html.assets import STYLE
from claimaudit.review.palette import PALETTE
from tests.browser import launch_chromium
from tests.contrast import colour, declaration, ratio, variables
from tests.fakes import MemorySource, ScriptedJudge, pick

WHITE = "#ffffff"
LONG_URL = "https://example.org/" + "a" * 120
DRAFT = f"""# A draft

## Its first part

A claim about sparse matrices, see {LONG_URL} [@arxiv:1907.10121].

| {" | ".join(f"column-{i}-with-a-long-heading" for i in range(8))} |
|{"---|" * 8}
| {" | ".join(f"cell-{i}-holding-long-content" for i in range(8))} |
"""


def _report(tmp_path: Path) -> Path:
    source = MemorySource()
    source.add(parse_ref("1907.10121"), "SciPy", ["SciPy has sparse matrices."])
    checker = Checker(source, ScriptedJudge(pick("contradicts", "P001")))
    report = tmp_path / "report.html"
    report.write_text(render_html(review_report(DRAFT, checker=checker), title="a.md"), "utf-8")
    return report


@pytest.mark.parametrize("verdict", list(PALETTE))
def test_every_badge_reads_at_wcag_aa(verdict: str) -> None:
    names = variables(STYLE)
    local = {"v": f"var(--{PALETTE[verdict].name})"}
    white = colour(WHITE, names)
    strong = colour("var(--v)", names, local)
    pairs = {
        "strong": (white, strong),
        "weak": (strong, white),
        "moderate": (
            colour(declaration(STYLE, ".badge.s-moderate", "color") or "", names, local),
            colour(declaration(STYLE, ".badge.s-moderate", "background") or "", names, local),
        ),
    }
    for level, (text, ground) in pairs.items():
        assert ratio(text, ground) >= 4.5, (verdict, level, ratio(text, ground))


def test_the_review_flag_reads_at_wcag_aa_on_every_ground() -> None:
    names = variables(STYLE)
    review = colour("var(--review)", names)
    for ground in (WHITE, "#fafbfc", *(c.tint for c in PALETTE.values())):
        assert ratio(review, colour(ground, names)) >= 4.5, ground


def test_a_printed_report_shows_every_record_in_colour_and_words(tmp_path: Path) -> None:
    report = _report(tmp_path)
    with launch_chromium() as browser:
        # Without script: a closed panel's records are printed all the same.
        bare = browser.new_page(java_script_enabled=False)
        bare.goto(report.as_uri())
        record = bare.locator("details.evidence li.record").first
        assert not record.is_visible()
        bare.emulate_media(media="print")
        assert record.is_visible()
        bare.close()
        page = browser.new_page()
        page.goto(report.as_uri())
        page.locator("details#claim-1").evaluate("d => { d.open = true; }")
        page.evaluate("window.dispatchEvent(new Event('beforeprint'))")
        assert page.locator("details:not([open])").count() == 0
        page.evaluate("window.dispatchEvent(new Event('afterprint'))")
        # Put back as the reader left them: the panel they opened stays open, the rest close.
        assert page.locator("details[open]").count() == 1
        assert page.locator("details#claim-1[open]").count() == 1
        page.emulate_media(media="print")
        adjust = page.locator(".badge").first.evaluate("e => getComputedStyle(e).printColorAdjust")
        assert adjust == "exact"
        words = page.locator('.claim-marker[data-claim="1"] .marker-verdict')
        assert words.is_visible() and "contradicts" in words.inner_text()
        assert page.locator("#expand-all").is_hidden()


def test_verdicts_differ_in_underline_style_and_markers_name_them(tmp_path: Path) -> None:
    report = _report(tmp_path)
    with launch_chromium() as browser:
        page = browser.new_page()
        page.goto(report.as_uri())
        styles = page.evaluate(
            """vs => vs.map(v => { const s = document.createElement("span");
                s.className = "claim v-" + v; document.body.append(s);
                return getComputedStyle(s).borderBottomStyle; })""",
            [v.replace("_", "-") for v in PALETTE if v != "not_checked"],
        )
        assert len(set(styles)) == len(styles), styles
        marker = page.get_by_role("link", name=re.compile(r"^1\W+contradicts; needs review$"))
        assert marker.count() == 1
        page.emulate_media(forced_colors="active")
        assert page.locator('.claim-marker[data-claim="1"] .marker-verdict').is_visible()


def test_at_320_pixels_nothing_scrolls_sideways_but_a_table(tmp_path: Path) -> None:
    report = _report(tmp_path)
    with launch_chromium() as browser:
        page = browser.new_page(viewport={"width": 320, "height": 700})
        page.goto(report.as_uri())
        page.click("#expand-all")
        width = page.evaluate("[document.documentElement.scrollWidth, innerWidth]")
        assert width[0] <= width[1], width
        box = page.locator(".table-scroll")
        assert box.count() == 1 and box.locator("table").count() == 1
        assert box.evaluate("e => e.scrollWidth > e.clientWidth")


def test_the_draft_headings_sit_below_the_report_headings(tmp_path: Path) -> None:
    html = _report(tmp_path).read_text("utf-8")
    assert '<h3 dir="auto">A draft</h3>' in html and '<h4 dir="auto">Its first part</h4>' in html
    assert html.count("<h1") == 1
    assert '<section id="uncited" aria-label="Uncited sentences">' in html
    assert '<div class="legend" role="group" aria-label="Legend">' in html


def test_a_marker_names_its_panel_and_says_whether_it_is_open(tmp_path: Path) -> None:
    from playwright.sync_api import expect

    report = _report(tmp_path)
    with launch_chromium() as browser:
        page = browser.new_page()
        page.goto(report.as_uri())
        marker = page.locator('.claim-marker[data-claim="1"]')
        panel = page.locator("details#claim-1")
        expect(marker).to_have_attribute("aria-controls", "claim-1")
        expect(marker).to_have_attribute("aria-expanded", "false")
        marker.click()
        expect(panel).to_have_attribute("open", "")
        expect(marker).to_have_attribute("aria-expanded", "true")
        marker.click()
        expect(marker).to_have_attribute("aria-expanded", "false")
        # However the panel opens or closes, the marker follows.
        page.click("#expand-all")
        expect(marker).to_have_attribute("aria-expanded", "true")
        page.locator("details#claim-1 > summary").click()
        expect(marker).to_have_attribute("aria-expanded", "false")
        # Without script the marker is a plain link to the panel: it claims no state.
        bare = browser.new_page(java_script_enabled=False)
        bare.goto(report.as_uri())
        assert bare.locator('.claim-marker[data-claim="1"]').get_attribute("aria-expanded") is None
